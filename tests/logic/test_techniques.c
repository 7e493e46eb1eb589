/*
 * test_techniques.c - each technique of the human-style solver on a grid
 * drawn for it, with the exact placements and strikes that the pattern
 * implies, and on a grid where it must find nothing.
 *
 * A grid is written as the cells that differ from an empty grid with
 * every candidate: "r4c1=27" gives r4c1 the candidates 2 and 7, "r1c1:5"
 * places a 5, "r1c1-5" strikes 5, and "r2-3c1-3-3" strikes 3 from rows
 * 2-3, columns 1-3.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logic/logic.h"

/* Cells from rows r0-r1, columns c0-c1 (1-9, inclusive). */
typedef struct area {
    int r0, r1, c0, c1;
} area;

/*
 * Reads "N" or "N-M" at *p into lo and hi. A '-' that does not start a
 * range ("r1c1-5": strike 5) is left for the caller.
 */
static void read_range(const char **p, int *lo, int *hi)
{
    const char *q;

    *lo = *hi = (int)strtol(*p, (char **)p, 10);
    if (**p == '-') {
        q = *p + 1;
        while (*q >= '0' && *q <= '9')
            q++;
        if (q > *p + 1 && (*q == ':' || *q == '=' || *q == '-' || *q == 'c'))
            *hi = (int)strtol(*p + 1, (char **)p, 10);
    }
}

/* A grid with every candidate everywhere, then `changes` applied. */
static void draw(sudoku_candidates *g, const char *changes)
{
    sudoku_grid puzzle = {{0}};
    unsigned short marks[SUDOKU_CELLS];
    const char *p = changes;

    for (int c = 0; c < SUDOKU_CELLS; c++)
        marks[c] = ALL_DIGITS;
    for (;;) {
        area a;
        char op;

        while (*p == ' ')
            p++;
        if (!*p)
            break;
        assert_int_equal(*p++, 'r');
        read_range(&p, &a.r0, &a.r1);
        assert_int_equal(*p++, 'c');
        read_range(&p, &a.c0, &a.c1);
        op = *p++;
        for (int r = a.r0; r <= a.r1; r++) {
            for (int c = a.c0; c <= a.c1; c++) {
                const int cell = (r - 1) * 9 + c - 1;

                if (op == ':') {
                    puzzle.cell[cell] = (unsigned char)(*p - '0');
                } else if (op == '=') {
                    marks[cell] = 0;
                    for (const char *d = p; *d >= '1' && *d <= '9'; d++)
                        marks[cell] |= (unsigned short)(1u << (*d - '1'));
                } else { /* '-': strike the digits */
                    for (const char *d = p; *d >= '1' && *d <= '9'; d++)
                        marks[cell] &= (unsigned short)~(1u << (*d - '1'));
                }
            }
        }
        while (*p >= '1' && *p <= '9')
            p++;
    }
    assert_int_equal(sudoku_candidates_init(g, &puzzle, marks, NULL), SUDOKU_OK);
}

/* The words of a step, which name all it places and strikes. */
static void expect_step(const sudoku_step *step, sudoku_technique technique,
                        int difficulty, const char *words)
{
    char text[1024];

    sudoku_describe_step(step, text, sizeof text);
    assert_string_equal(text, words);
    assert_int_equal(step->technique, technique);
    assert_int_equal(step->difficulty, difficulty);
}

static void expect_found(finder *find, int size, const char *changes,
                         sudoku_technique technique, int difficulty,
                         const char *words)
{
    sudoku_candidates g;
    sudoku_step step;

    draw(&g, changes);
    assert_int_equal(find(&g, size, &step), 1);
    expect_step(&step, technique, difficulty, words);
}

static void expect_none(finder *find, int size, const char *changes)
{
    sudoku_candidates g;
    sudoku_step step;

    draw(&g, changes);
    assert_int_equal(find(&g, size, &step), 0);
}

static void test_full_house(void **state)
{
    (void)state;
    expect_found(find_hidden_single, 0,
                 "r1c1:1 r1c2:2 r1c3:3 r1c4:4 r1c5:5 r1c6:6 r1c7:7 r1c8:8",
                 SUDOKU_FULL_HOUSE, 10, "Full House: r1c9=9 in r1");
    /* two cells left in the row, each of which may hold 8 or 9 */
    expect_none(find_hidden_single, 0,
                "r1c1:1 r1c2:2 r1c3:3 r1c4:4 r1c5:5 r1c6:6 r1c7:7");
}

static void test_hidden_single(void **state)
{
    (void)state;
    expect_found(find_hidden_single, 0, "r1-3c1-3-5 r2c2=1235", SUDOKU_HIDDEN_SINGLE,
                 12, "Hidden Single: r2c2=5 in b1");
    /* in a row, when no box or column has one */
    expect_found(find_hidden_single, 0, "r1c1-4-5 r1c6-9-5", SUDOKU_HIDDEN_SINGLE,
                 15, "Hidden Single: r1c5=5 in r1");
    expect_none(find_hidden_single, 0, "r1c1-4-5 r4c4=12");
}

static void test_naked_single(void **state)
{
    (void)state;
    expect_found(find_naked_single, 0, "r5c5=4", SUDOKU_NAKED_SINGLE, 23,
                 "Naked Single: r5c5=4");
    expect_none(find_naked_single, 0, "r5c5=47");
}

static void test_pointing(void **state)
{
    (void)state;
    expect_found(find_intersection, 0, "r2-3c1-3-3", SUDOKU_POINTING, 26,
                 "Pointing: 3 in b1 => r1c4<>3, r1c5<>3, r1c6<>3, r1c7<>3, "
                 "r1c8<>3, r1c9<>3");
    /* locked, but nothing to strike */
    expect_none(find_intersection, 0, "r2-3c1-3-3 r1c4-9-3 r2-3c4-9-3");
}

static void test_claiming(void **state)
{
    (void)state;
    expect_found(find_intersection, 0, "r5c1-3-8 r5c7-9-8", SUDOKU_CLAIMING, 28,
                 "Claiming: 8 in r5 => r4c4<>8, r4c5<>8, r4c6<>8, r6c4<>8, "
                 "r6c5<>8, r6c6<>8");
    /* claimed, but the rest of the box holds no 8 */
    expect_none(find_intersection, 0, "r5c1-3-8 r5c7-9-8 r4c4-6-8 r6c4-6-8");
}

static void test_direct_intersections(void **state)
{
    (void)state;
    /* locking 3 into r1 of box 1 leaves box 2 one place for it */
    expect_found(find_direct_intersection, 0, "r2-3c1-3-3 r2c4-5-3 r3c4-6-3",
                 SUDOKU_DIRECT_POINTING, 17, "Direct Pointing: 3 in b1 => r2c6=3");
    /* locking 8 into b5 from r5 leaves r4 one place for it */
    expect_found(find_direct_intersection, 0, "r6c2:8 r5c7-9-8 r4c5-8-8",
                 SUDOKU_DIRECT_CLAIMING, 19, "Direct Claiming: 8 in r5 => r4c9=8");
    /* the plain pointing alone is not direct */
    expect_none(find_direct_intersection, 0, "r2-3c1-3-3");
}

static void test_naked_sets(void **state)
{
    (void)state;
    expect_found(find_naked_set, 2, "r4c1=27 r4c5=27", SUDOKU_NAKED_PAIR, 30,
                 "Naked Pair: 2,7 in r4c1,r4c5 => r4c2<>2, r4c2<>7, r4c3<>2, "
                 "r4c3<>7, r4c4<>2, r4c4<>7, r4c6<>2, r4c6<>7, r4c7<>2, r4c7<>7, "
                 "r4c8<>2, r4c8<>7, r4c9<>2, r4c9<>7");
    expect_found(find_naked_set, 3, "r7c2=14 r7c5=49 r7c8=19 r7c1-1-149",
                 SUDOKU_NAKED_TRIPLE, 36,
                 "Naked Triple: 1,4,9 in r7c2,r7c5,r7c8 => r7c3<>1, r7c3<>4, "
                 "r7c3<>9, r7c4<>1, r7c4<>4, r7c4<>9, r7c6<>1, r7c6<>4, r7c6<>9, "
                 "r7c7<>1, r7c7<>4, r7c7<>9, r7c9<>1, r7c9<>4, r7c9<>9");
    expect_found(find_naked_set, 4, "r9c1=12 r9c2=23 r9c3=34 r9c4=14",
                 SUDOKU_NAKED_QUAD, 50,
                 "Naked Quad: 1,2,3,4 in r9c1,r9c2,r9c3,r9c4 => r9c5<>1, "
                 "r9c5<>2, r9c5<>3, r9c5<>4, r9c6<>1, r9c6<>2, r9c6<>3, r9c6<>4, "
                 "r9c7<>1, r9c7<>2, r9c7<>3, r9c7<>4, r9c8<>1, r9c8<>2, r9c8<>3, "
                 "r9c8<>4, r9c9<>1, r9c9<>2, r9c9<>3, r9c9<>4");
    /* a pair whose digits are gone from the rest of the row */
    expect_none(find_naked_set, 2, "r4c1=27 r4c5=27 r4c2-4-27 r4c6-9-27");
}

static void test_hidden_sets(void **state)
{
    (void)state;
    expect_found(find_hidden_set, 2, "r1c3-68 r3-6c3-68 r8-9c3-68",
                 SUDOKU_HIDDEN_PAIR, 34,
                 "Hidden Pair: 6,8 in r2c3,r7c3 => r2c3<>1, r2c3<>2, r2c3<>3, "
                 "r2c3<>4, r2c3<>5, r2c3<>7, r2c3<>9, r7c3<>1, r7c3<>2, r7c3<>3, "
                 "r7c3<>4, r7c3<>5, r7c3<>7, r7c3<>9");
    expect_found(find_hidden_set, 3, "r8c2-3-259 r8c5-6-259 r8c8-9-259 r8c1-5 "
                 "r8c4-9 r8c7-2", SUDOKU_HIDDEN_TRIPLE, 40,
                 "Hidden Triple: 2,5,9 in r8c1,r8c4,r8c7 => r8c1<>1, r8c1<>3, "
                 "r8c1<>4, r8c1<>6, r8c1<>7, r8c1<>8, r8c4<>1, r8c4<>3, r8c4<>4, "
                 "r8c4<>6, r8c4<>7, r8c4<>8, r8c7<>1, r8c7<>3, r8c7<>4, r8c7<>6, "
                 "r8c7<>7, r8c7<>8");
    expect_found(find_hidden_set, 4, "r6c5-9-1234", SUDOKU_HIDDEN_QUAD, 54,
                 "Hidden Quad: 1,2,3,4 in r6c1,r6c2,r6c3,r6c4 => "
                 "r6c1<>5, r6c1<>6, r6c1<>7, r6c1<>8, r6c1<>9, r6c2<>5, r6c2<>6, "
                 "r6c2<>7, r6c2<>8, r6c2<>9, r6c3<>5, r6c3<>6, r6c3<>7, r6c3<>8, "
                 "r6c3<>9, r6c4<>5, r6c4<>6, r6c4<>7, r6c4<>8, r6c4<>9");
    /* the pair's cells hold nothing else */
    expect_none(find_hidden_set, 2, "r1c3-68 r3-6c3-68 r8-9c3-68 r2c3=68 r7c3=68");
}

static void test_direct_hidden_sets(void **state)
{
    (void)state;
    /* the pair takes 1 from r2c3, which leaves 1 one place in column 3 */
    expect_found(find_direct_hidden_set, 2,
                 "r1c3-168 r3-4c3-168 r5c3-68 r6c3-168 r8-9c3-168 r7c3-1",
                 SUDOKU_DIRECT_HIDDEN_PAIR, 20,
                 "Direct Hidden Pair: 6,8 in r2c3,r7c3 => r5c3=1");
    expect_found(find_direct_hidden_set, 3,
                 "r8c2-3-2359 r8c5-6-2359 r8c8-2359 r8c9-259 r8c1-5 r8c4-9 r8c7-2",
                 SUDOKU_DIRECT_HIDDEN_TRIPLE, 25,
                 "Direct Hidden Triple: 2,5,9 in r8c1,r8c4,r8c7 => r8c9=3");
    expect_none(find_direct_hidden_set, 2, "r1c3-68 r3-6c3-68 r8-9c3-68");
}

static void test_fish(void **state)
{
    (void)state;
    expect_found(find_fish, 2, "r1-2c2-4 r4-6c2-4 r8-9c2-4 r1-2c6-4 r4-6c6-4 "
                 "r8-9c6-4", SUDOKU_X_WING, 32,
                 "X-Wing: 4 in c2,c6 on r3,r7 => r3c1<>4, r3c3<>4, r3c4<>4, "
                 "r3c5<>4, r3c7<>4, r3c8<>4, r3c9<>4, r7c1<>4, r7c3<>4, r7c4<>4, "
                 "r7c5<>4, r7c7<>4, r7c8<>4, r7c9<>4");
    expect_found(find_fish, 3, "r1c2-4-7 r1c6-8-7 r5c2-4-7 r5c6-8-7 r9c2-4-7 "
                 "r9c6-8-7 r1c9-7 r5c5-7 r9c1-7", SUDOKU_SWORDFISH, 38,
                 "Swordfish: 7 in r1,r5,r9 on c1,c5,c9 => r2c1<>7, r2c5<>7, "
                 "r2c9<>7, r3c1<>7, r3c5<>7, r3c9<>7, r4c1<>7, r4c5<>7, r4c9<>7, "
                 "r6c1<>7, r6c5<>7, r6c9<>7, r7c1<>7, r7c5<>7, r7c9<>7, r8c1<>7, "
                 "r8c5<>7, r8c9<>7");
    expect_found(find_fish, 4, "r1c5-9-6 r3c5-9-6 r5c5-9-6 r7c5-9-6",
                 SUDOKU_JELLYFISH, 52,
                 "Jellyfish: 6 in r1,r3,r5,r7 on c1,c2,c3,c4 => r2c1<>6, r2c2<>6, "
                 "r2c3<>6, r2c4<>6, r4c1<>6, r4c2<>6, r4c3<>6, r4c4<>6, r6c1<>6, "
                 "r6c2<>6, r6c3<>6, r6c4<>6, r8c1<>6, r8c2<>6, r8c3<>6, r8c4<>6, "
                 "r9c1<>6, r9c2<>6, r9c3<>6, r9c4<>6");
    /* an X-wing with nothing left to strike */
    expect_none(find_fish, 2, "r1-2c1-9-4 r4-6c1-9-4 r8-9c1-9-4 r3c3-5-4 "
                 "r3c7-9-4 r3c1-4 r7c1-4 r7c3-5-4 r7c7-9-4");
}

static void test_wings(void **state)
{
    (void)state;
    expect_found(find_xy_wing, 0, "r1c1=12 r1c5=13 r5c1=23", SUDOKU_XY_WING, 42,
                 "XY-Wing: 1,2,3 in r1c1,r1c5,r5c1 => r5c5<>3");
    expect_none(find_xy_wing, 0, "r1c1=12 r1c5=13 r5c1=23 r5c5-3");
    expect_found(find_xyz_wing, 0, "r1c1=123 r1c5=13 r2c2=23", SUDOKU_XYZ_WING, 44,
                 "XYZ-Wing: 1,2,3 in r1c1,r1c5,r2c2 => r1c2<>3, r1c3<>3");
    expect_none(find_xyz_wing, 0, "r1c1=123 r1c5=13 r2c2=23 r1c2-3-3");
}

/* Pencil marks that cannot be right are refused, with the reason. */
static void test_marks_refused(void **state)
{
    char text[9 * SUDOKU_CELLS], why[96];
    sudoku_grid puzzle = {{0}};
    unsigned short marks[SUDOKU_CELLS];
    sudoku_candidates g;
    sudoku_diagnostic diag;

    (void)state;
    memset(text, '.', sizeof text);
    assert_int_equal(sudoku_parse_marks(&puzzle, marks, text, 700, &diag),
                     SUDOKU_E_TOO_FEW);
    sudoku_describe(&diag, why, sizeof why);
    assert_string_equal(why, "700 cells, expected 729");
    assert_int_equal(sudoku_parse_marks(&puzzle, marks, text, sizeof text, &diag),
                     SUDOKU_E_NO_CANDIDATE);
    sudoku_describe(&diag, why, sizeof why);
    assert_string_equal(why, "r1c1 has no candidate left");
    for (int c = 0; c < SUDOKU_CELLS; c++)
        marks[c] = ALL_DIGITS;
    puzzle.cell[10] = 5;
    marks[10] = 0x0F; /* 1-4: the given 5 is struck */
    assert_int_equal(sudoku_candidates_init(&g, &puzzle, marks, &diag), SUDOKU_E_STRUCK);
    sudoku_describe(&diag, why, sizeof why);
    assert_string_equal(why, "r2c2's given 5 is struck from its candidates");
}

/*
 * The edges of the public calls: NULL arguments, a zero limit, a stray byte
 * in the marks, a cell left with no candidate, a technique out of range, and
 * a grade whose steps stop short of the solution.
 */
static void test_api_edges(void **state)
{
    /* magictour-top1465.txt line 1, as in test_chains_and_limits */
    static const char hard[] =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    char text[9 * SUDOKU_CELLS], why[96];
    sudoku_grid puzzle = {{0}}, bad = {{0}};
    unsigned short marks[SUDOKU_CELLS];
    sudoku_candidates g;
    sudoku_diagnostic diag;
    sudoku_rating r;
    sudoku_step step;
    unsigned long count = 7;

    (void)state;
    assert_int_equal(sudoku_candidates_init(NULL, &puzzle, NULL, &diag), SUDOKU_E_NULL);
    assert_int_equal(diag.status, SUDOKU_E_NULL);
    assert_int_equal(sudoku_candidates_init(&g, NULL, NULL, NULL), SUDOKU_E_NULL);
    bad.cell[0] = bad.cell[1] = 4;
    assert_int_equal(sudoku_candidates_init(&g, &bad, NULL, &diag), SUDOKU_E_CONFLICT);
    assert_int_equal(diag.cell, 1);

    /* r1c1 may hold only a 1, which the given 1 in r1c2 strikes */
    for (int c = 0; c < SUDOKU_CELLS; c++)
        marks[c] = ALL_DIGITS;
    marks[0] = 1u;
    puzzle.cell[1] = 1;
    assert_int_equal(sudoku_candidates_init(&g, &puzzle, marks, &diag),
                     SUDOKU_E_NO_CANDIDATE);
    sudoku_describe(&diag, why, sizeof why);
    assert_string_equal(why, "r1c1 has no candidate left");

    memset(text, '.', sizeof text);
    assert_int_equal(sudoku_parse_marks(NULL, marks, text, sizeof text, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_parse_marks(&puzzle, NULL, text, sizeof text, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_parse_marks(&puzzle, marks, NULL, sizeof text, NULL), SUDOKU_E_NULL);
    text[2] = 'x'; /* r1c1's third place, before any cell is found empty */
    assert_int_equal(sudoku_parse_marks(&puzzle, marks, text, sizeof text, &diag),
                     SUDOKU_E_CHARACTER);
    assert_int_equal(diag.cell, 0);
    assert_int_equal(diag.value, 'x');

    memset(&puzzle, 0, sizeof puzzle);
    assert_int_equal(sudoku_candidates_init(&g, &puzzle, NULL, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_candidates_count(NULL, 1, &count, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_candidates_count(&g, 1, NULL, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_candidates_count(&g, 0, &count, NULL), SUDOKU_E_LIMIT);
    assert_int_equal(count, 0);

    assert_int_equal(sudoku_next_step(NULL, &step), SUDOKU_E_NULL);
    assert_int_equal(sudoku_next_step(&g, NULL), SUDOKU_E_NULL);
    assert_string_equal(sudoku_technique_name(SUDOKU_TECHNIQUE_COUNT), "unknown technique");
    assert_string_equal(sudoku_technique_name((sudoku_technique)-1), "unknown technique");
    assert_int_equal(sudoku_describe_step(NULL, why, sizeof why), 0);
    assert_string_equal(why, "");

    assert_int_equal(sudoku_rate(NULL, &r, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_rate(&puzzle, NULL, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_rate(&bad, &r, NULL), SUDOKU_E_CONFLICT);
    assert_string_equal(sudoku_level(NULL), "unknown");

    /* One step taken, then the grade closed on the unsolved grid: beyond
       every technique, and EP, ED bounds as no step placed a digit. */
    assert_int_equal(sudoku_parse(&puzzle, hard, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_candidates_init(&g, &puzzle, NULL, NULL), SUDOKU_OK);
    sudoku_rating_start(&r);
    assert_int_equal(sudoku_next_step(&g, &step), SUDOKU_OK);
    sudoku_rating_add(&r, &step);
    sudoku_apply_step(&g, &step);
    sudoku_rating_finish(&r, &g);
    assert_false(r.complete);
    assert_int_equal(r.er, SUDOKU_BEYOND_DIFFICULTY);
    assert_int_equal(r.hardest, SUDOKU_TECHNIQUE_COUNT);
    assert_int_equal(r.steps, 1);
    assert_int_equal(r.ep_bound, !r.placed);
    assert_false(r.ed_bound);
    assert_string_equal(sudoku_level(&r), "extreme");
    /* none taken at all: ED is a bound too */
    assert_int_equal(sudoku_candidates_init(&g, &puzzle, NULL, NULL), SUDOKU_OK);
    sudoku_rating_start(&r);
    sudoku_rating_finish(&r, &g);
    assert_int_equal(r.er, SUDOKU_BEYOND_DIFFICULTY);
    assert_true(r.ep_bound);
    assert_true(r.ed_bound);
    assert_int_equal(r.ep, SUDOKU_BEYOND_DIFFICULTY);
    assert_int_equal(r.ed, SUDOKU_BEYOND_DIFFICULTY);
}

/*
 * sudoku_rating_settle(): where it ends a grade, where it must not, and the
 * count of the steps it takes at once.
 */
static void test_rating_settle(void **state)
{
    /* qqwing-1000.txt line 7, SE's 1.5/1.2/1.2: singles from the start */
    static const char easy[] =
        "...2..8....7.5.49..6.9..7......95...7.5......2......6.39....2..876..25....2....4.";
    /* magictour-top1465.txt line 1, whose singles stop at once */
    static const char hard[] =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    sudoku_grid puzzle;
    sudoku_candidates g, before;
    sudoku_rating r;
    sudoku_step step = {.difficulty = 30};
    int open = 0;

    (void)state;
    assert_int_equal(sudoku_parse(&puzzle, easy, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_candidates_init(&g, &puzzle, NULL, NULL), SUDOKU_OK);
    for (int c = 0; c < SUDOKU_CELLS; c++)
        open += !puzzle.cell[c];
    before = g;
    sudoku_rating_start(&r);
    assert_false(sudoku_rating_settle(NULL, &g, &step));
    assert_false(sudoku_rating_settle(&r, NULL, &step));
    assert_false(sudoku_rating_settle(&r, &g, NULL));
    /* ER below a naked single's 2.3: a single left could still raise it */
    r.er = 22;
    assert_false(sudoku_rating_settle(&r, &g, &step));
    /* a step of singles or less goes before more singles, not after a
       harder one */
    r.er = 30;
    step.difficulty = 23;
    assert_false(sudoku_rating_settle(&r, &g, &step));
    step.difficulty = 30;
    r.exceeded = 1;
    assert_false(sudoku_rating_settle(&r, &g, &step));
    r.exceeded = 0;
    r.exhausted = 1;
    assert_false(sudoku_rating_settle(&r, &g, &step));
    r.exhausted = 0;
    assert_memory_equal(&g, &before, sizeof g);
    assert_int_equal(r.steps, 0);

    /* as if one step rated 3.0 had been taken that placed nothing: the
       singles place every open cell, the first of them sets EP */
    r.steps = 1;
    r.ed = 30;
    assert_true(sudoku_rating_settle(&r, &g, &step));
    assert_int_equal(r.steps, 1 + (unsigned long)open);
    assert_true(r.placed);
    assert_int_equal(r.ep, 30);
    sudoku_rating_finish(&r, &g);
    assert_true(r.complete);
    assert_int_equal(r.er, 30);
    /* a settled grid is solved: another call places nothing, and holds */
    assert_true(sudoku_rating_settle(&r, &g, &step));
    assert_int_equal(r.steps, 1 + (unsigned long)open);

    /* where singles stop short, nothing changes */
    assert_int_equal(sudoku_parse(&puzzle, hard, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_candidates_init(&g, &puzzle, NULL, NULL), SUDOKU_OK);
    before = g;
    sudoku_rating_start(&r);
    r.er = r.ep = 30;
    r.placed = 1;
    assert_false(sudoku_rating_settle(&r, &g, &step));
    assert_memory_equal(&g, &before, sizeof g);
    assert_int_equal(r.steps, 0);
}

/* The chains, worded in Eureka notation, and the limits of a grade. */
static void test_chains_and_limits(void **state)
{
    /* magictour-top1465.txt line 1, rated 9.0/1.2/1.2 by Sudoku Explainer */
    static const char hard[] =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    sudoku_grid puzzle;
    sudoku_rating r;
    sudoku_limits limits = {0};

    (void)state;
    assert_int_equal(sudoku_parse(&puzzle, hard, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_rate_limited(&puzzle, &limits, &r, NULL), SUDOKU_OK);
    assert_true(r.complete);
    assert_int_equal(r.er, 90);
    limits.max_difficulty = 75;
    assert_int_equal(sudoku_rate_limited(&puzzle, &limits, &r, NULL), SUDOKU_OK);
    assert_false(r.complete);
    assert_true(r.exceeded);
    assert_int_equal(r.er, 75);
    assert_string_equal(sudoku_level(&r), "extreme");
    limits.max_difficulty = 0;
    limits.node_budget = 100;
    assert_int_equal(sudoku_rate_limited(&puzzle, &limits, &r, NULL), SUDOKU_OK);
    assert_false(r.complete);
    assert_true(r.exhausted);
    assert_true(r.er >= 75 && r.er <= 90);
}

/*
 * A cycle is written closed, in the order of its nodes, from the start
 * round to the start again: qqwing-1000.txt line 59, whose X-Cycle
 * Sudoku Explainer rates 6.5.
 */
static void test_cycle_text(void **state)
{
    sudoku_step step;
    char text[256];
    /* r1c1, r3c2, r3c6, r7c6, r7c8, r1c8, r1c1 */
    static const unsigned char cells[] = {0, 19, 23, 59, 61, 7, 0};

    (void)state;
    memset(&step, 0, sizeof step);
    step.technique = SUDOKU_X_CYCLE;
    step.strike[43] = 1u << 6; /* r5c8<>7 */
    for (int i = 0; i < 7; i++) {
        step.chain[i].cell = cells[i];
        step.chain[i].digit = 7;
        step.chain[i].flags = (unsigned char)((i % 2 ? 0 : SUDOKU_CHAIN_ON) |
                                              (i ? 0 : SUDOKU_CHAIN_BRANCH));
    }
    step.chain_count = 7;
    sudoku_describe_step(&step, text, sizeof text);
    assert_string_equal(text, "X-Cycle: 7 r1c1-r3c2=r3c6-r7c6=r7c8-r1c8=r1c1 => r5c8<>7");
}

/* Sets node i of a hand-made chain. */
static void chain_node(sudoku_step *step, int i, int cell, int digit, int on, int branch,
                       int depth)
{
    step->chain[i].cell = (unsigned char)cell;
    step->chain[i].digit = (unsigned char)digit;
    step->chain[i].flags = (unsigned char)((on ? SUDOKU_CHAIN_ON : 0) |
                                           (branch ? SUDOKU_CHAIN_BRANCH : 0));
    step->chain[i].depth = (unsigned char)depth;
    if (step->chain_count <= i)
        step->chain_count = i + 1;
}

/*
 * The words of forcing chains made by hand: a chain cut short, the
 * starts of branches named by the unit they share (or by none when they
 * share two), and a lone branch with a chain nested in it.
 */
static void test_chain_text(void **state)
{
    sudoku_step step;
    char text[512];

    (void)state;
    /* one branch, cut: the dots stand for the nodes left out */
    memset(&step, 0, sizeof step);
    step.technique = SUDOKU_FORCING_CHAIN;
    step.strike[2] = 1u << 4; /* r1c3<>5 */
    chain_node(&step, 0, 0, 5, 1, 1, 0);  /* r1c1=5 */
    chain_node(&step, 1, 9, 5, 0, 0, 0);  /* r2c1<>5 */
    chain_node(&step, 2, 10, 5, 1, 0, 0); /* r2c2=5 */
    chain_node(&step, 3, 2, 5, 0, 0, 0);  /* r1c3<>5 */
    step.chain[3].flags |= SUDOKU_CHAIN_CUT;
    step.chain_cut = 1;
    sudoku_describe_step(&step, text, sizeof text);
    assert_string_equal(text, "Forcing Chain: 5 r1c1-r2c1=r2c2...-r1c3 => r1c3<>5");

    /* two branches on 5 in c1, no unit given: they share c1 alone */
    memset(&step, 0, sizeof step);
    step.technique = SUDOKU_REGION_FORCING_CHAINS;
    step.strike[40] = 1u << 6; /* r5c5<>7 */
    chain_node(&step, 0, 0, 5, 1, 1, 0);   /* r1c1=5 */
    chain_node(&step, 1, 4, 7, 0, 0, 0);   /* r1c5<>7 ... */
    chain_node(&step, 2, 40, 7, 0, 0, 0);
    chain_node(&step, 3, 36, 5, 1, 1, 0);  /* r5c1=5 */
    chain_node(&step, 4, 38, 7, 0, 0, 0);
    chain_node(&step, 5, 40, 7, 0, 0, 0);
    sudoku_describe_step(&step, text, sizeof text);
    assert_string_equal(text, "Region Forcing Chains: 5 in c1 => r5c5<>7\n"
                              "  (5)r1c1-(7)r1c5-(7)r5c5\n"
                              "  (5)r5c1-(7)r5c3-(7)r5c5");
    /* the same, cut at the end of the last branch */
    step.chain[5].flags |= SUDOKU_CHAIN_CUT;
    step.chain_cut = 1;
    sudoku_describe_step(&step, text, sizeof text);
    assert_string_equal(text, "Region Forcing Chains: 5 in c1 => r5c5<>7\n"
                              "  (5)r1c1-(7)r1c5-(7)r5c5\n"
                              "  (5)r5c1-(7)r5c3...-(7)r5c5");
    /* left out elsewhere (a branch with no room): no branch shown is cut */
    step.chain[5].flags &= (unsigned char)~SUDOKU_CHAIN_CUT;
    sudoku_describe_step(&step, text, sizeof text);
    assert_string_equal(text, "Region Forcing Chains: 5 in c1 => r5c5<>7\n"
                              "  (5)r1c1-(7)r1c5-(7)r5c5\n"
                              "  (5)r5c1-(7)r5c3-(7)r5c5");

    /* two branches on 5 in r1c1 and r1c2: row 1 and box 1 both hold them */
    step.chain_cut = 0;
    chain_node(&step, 3, 1, 5, 1, 1, 0); /* r1c2=5 */
    sudoku_describe_step(&step, text, sizeof text);
    assert_string_equal(text, "Region Forcing Chains: r5c5<>7\n"
                              "  (5)r1c1-(7)r1c5-(7)r5c5\n"
                              "  (5)r1c2-(7)r5c3-(7)r5c5");

    /* one branch, with a chain nested in it */
    memset(&step, 0, sizeof step);
    step.technique = SUDOKU_NESTED_FORCING_CHAINS;
    step.strike[40] = 1u << 6; /* r5c5<>7 */
    chain_node(&step, 0, 0, 5, 1, 1, 0);   /* r1c1=5 */
    chain_node(&step, 1, 4, 7, 0, 0, 0);   /* r1c5<>7 */
    chain_node(&step, 2, 4, 3, 1, 1, 1);   /* inside: r1c5=3 */
    chain_node(&step, 3, 40, 3, 0, 0, 1);  /* r5c5<>3 */
    chain_node(&step, 4, 40, 7, 0, 0, 0);  /* r5c5<>7 */
    sudoku_describe_step(&step, text, sizeof text);
    assert_string_equal(text, "Nested Forcing Chains: r5c5<>7\n"
                              "  (5)r1c1-(7)r1c5\n"
                              "      (3)r1c5-(3)r5c5\n"
                              "    -(7)r5c5");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_house),
        cmocka_unit_test(test_hidden_single),
        cmocka_unit_test(test_naked_single),
        cmocka_unit_test(test_pointing),
        cmocka_unit_test(test_claiming),
        cmocka_unit_test(test_direct_intersections),
        cmocka_unit_test(test_naked_sets),
        cmocka_unit_test(test_hidden_sets),
        cmocka_unit_test(test_direct_hidden_sets),
        cmocka_unit_test(test_fish),
        cmocka_unit_test(test_wings),
        cmocka_unit_test(test_marks_refused),
        cmocka_unit_test(test_api_edges),
        cmocka_unit_test(test_rating_settle),
        cmocka_unit_test(test_chains_and_limits),
        cmocka_unit_test(test_cycle_text),
        cmocka_unit_test(test_chain_text),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
