/*
 * test_solver.c - sudoku_count and sudoku_solve against puzzles whose
 * solution counts were established without this library (puzzles/table.txt
 * says how), plus the contract's edge cases.
 *
 * Solutions are judged by valid_solution() below, written here on purpose:
 * the library must not be its own judge.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

#ifndef SUDOKU_SOURCE_DIR
#error "SUDOKU_SOURCE_DIR must name the source tree, as a string"
#endif

#define TABLE_PATH SUDOKU_SOURCE_DIR "/puzzles/table.txt"
#define MAX_ENTRIES 256

typedef struct entry {
    char where[48];                    /* "table.txt:LINE", or a name */
    char puzzle[SUDOKU_CELLS + 1];
    unsigned long count;
    char solution[SUDOKU_CELLS + 1];   /* empty unless count is 1 */
} entry;

typedef struct table {
    entry entries[MAX_ENTRIES];
    size_t n;
} table;

/* qqwing-10k.txt line 82: naked singles alone solve it (checked outside). */
static const char naked_singles_puzzle[] =
    "..37....8.1....67.....6..2374.89..6..6......9.31..4...4.....9...2..4..8.......71.";
/* qqwing-10k.txt line 1: naked and hidden singles solve it, naked alone do not. */
static const char hidden_singles_puzzle[] =
    "...2..8....7.5.49..6.9..7......95...7.5......2......6.39....2..876..25....2....4.";
/* The solution of qqwing-10k.txt line 1. */
static const char solved_grid[] =
    "953274816127856493468913752681495327735621984249387165394568271876142539512739648";
/* serg-benchmark.txt line 3: 872 solutions. */
static const char serg_872[] =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

static void grid_from_text(sudoku_grid *grid, const char *text)
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        grid->cell[i] = (unsigned char)(text[i] >= '1' && text[i] <= '9' ? text[i] - '0' : 0);
}

/*
 * True when s is a complete grid, every row, column and box holds 1-9 once,
 * and every given of p is kept.
 */
static int valid_solution(const sudoku_grid *p, const sudoku_grid *s)
{
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        if (s->cell[i] < 1 || s->cell[i] > 9)
            return 0;
        if (p->cell[i] != 0 && p->cell[i] != s->cell[i])
            return 0;
    }
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            row |= 1u << s->cell[u * 9 + k];
            col |= 1u << s->cell[k * 9 + u];
            box |= 1u << s->cell[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
        }
        if (row != 0x3FE || col != 0x3FE || box != 0x3FE)
            return 0;
    }
    return 1;
}

static int is_puzzle_text(const char *s, size_t n)
{
    if (n != SUDOKU_CELLS)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] != '.' && (s[i] < '1' || s[i] > '9'))
            return 0;
    return 1;
}

/* Fills e from one `puzzle:count:solution` line; returns 0 if malformed. */
static int parse_entry(entry *e, const char *line)
{
    const char *c1 = strchr(line, ':');
    const char *c2 = c1 != NULL ? strchr(c1 + 1, ':') : NULL;
    char *end = NULL;

    if (c2 == NULL || !is_puzzle_text(line, (size_t)(c1 - line)))
        return 0;
    memcpy(e->puzzle, line, SUDOKU_CELLS);
    e->puzzle[SUDOKU_CELLS] = '\0';
    e->count = strtoul(c1 + 1, &end, 10);
    if (end != c2 || end == c1 + 1 || c1[1] == '-')
        return 0;
    size_t length = strlen(c2 + 1);
    if (e->count == 1 ? !is_puzzle_text(c2 + 1, length) : length != 0)
        return 0;
    memcpy(e->solution, c2 + 1, length + 1);
    return 1;
}

/* Reads table.txt; a malformed line fails every test that uses it. */
static int table_setup(void **state)
{
    table *t = calloc(1, sizeof *t);
    FILE *f = fopen(TABLE_PATH, "r");
    char line[512];
    int number = 0, ok = t != NULL && f != NULL;

    if (!ok)
        print_error("cannot open %s\n", TABLE_PATH);
    while (ok && fgets(line, sizeof line, f) != NULL) {
        number++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        if (t->n == MAX_ENTRIES || !parse_entry(&t->entries[t->n], line)) {
            print_error("%s:%d: malformed line\n", TABLE_PATH, number);
            ok = 0;
            break;
        }
        snprintf(t->entries[t->n].where, sizeof t->entries[t->n].where,
                 "table.txt:%d", number);
        t->n++;
    }
    if (f != NULL)
        fclose(f);
    if (!ok) {
        free(t);
        return -1;
    }
    *state = t;
    return 0;
}

static int table_teardown(void **state)
{
    free(*state);
    return 0;
}

/* The table must hold all three kinds, or the tests prove little. */
static void test_table_has_every_kind(void **state)
{
    const table *t = *state;
    size_t none = 0, one = 0, many = 0;
    for (size_t i = 0; i < t->n; i++) {
        unsigned long c = t->entries[i].count;
        none += c == 0;
        one += c == 1;
        many += c > 1;
    }
    assert_true(none >= 3);
    assert_true(one >= 10);
    assert_true(many >= 3);
}

static unsigned long min_ul(unsigned long a, unsigned long b)
{
    return a < b ? a : b;
}

/* One table entry; returns the number of failed checks (printed). */
static int check_entry(const entry *e)
{
    sudoku_grid puzzle, copy, first, expected;
    sudoku_stats stats;
    unsigned long count;
    int failed = 0;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond)) {                                                         \
            print_error("%s: ", e->where);                                     \
            print_error(__VA_ARGS__);                                          \
            print_error("\n");                                                 \
            failed++;                                                          \
        }                                                                      \
    } while (0)

    CHECK(sudoku_parse(&puzzle, e->puzzle, SUDOKU_CELLS, NULL) == SUDOKU_OK,
          "does not parse");
    if (failed)
        return failed;
    copy = puzzle;
    grid_from_text(&expected, e->solution);

    /* A limit above the count finds exactly the count. */
    sudoku_status st = sudoku_count(&puzzle, e->count + 1, &count, &first, &stats);
    CHECK(st == SUDOKU_OK, "count: status %d", (int)st);
    CHECK(count == e->count, "count with limit %lu: %lu, expected %lu",
          e->count + 1, count, e->count);
    if (e->count >= 1)
        CHECK(valid_solution(&puzzle, &first), "first solution is not valid");
    if (e->count == 1)
        CHECK(memcmp(&first, &expected, sizeof first) == 0,
              "solution differs from the table's");
    /* More than one solution cannot fall to propagation alone. */
    if (e->count > 1)
        CHECK(stats.guesses > 0, "%lu solutions with 0 guesses", e->count);
    CHECK(memcmp(&puzzle, &copy, sizeof puzzle) == 0, "puzzle modified");

    /* A much larger limit changes nothing. */
    st = sudoku_count(&puzzle, e->count + 1000, &count, NULL, NULL);
    CHECK(st == SUDOKU_OK && count == e->count, "count with limit %lu: %lu",
          e->count + 1000, count);

    /* Limits 2 and 1 stop early. */
    static const unsigned long limits[] = {2, 1};
    for (size_t k = 0; k < 2; k++) {
        unsigned long limit = limits[k];
        count = 12345;
        st = sudoku_count(&puzzle, limit, &count, &first, &stats);
        CHECK(st == SUDOKU_OK, "limit %lu: status %d", limit, (int)st);
        CHECK(count == min_ul(e->count, limit), "limit %lu: count %lu, expected %lu",
              limit, count, min_ul(e->count, limit));
        if (e->count >= 1)
            CHECK(valid_solution(&puzzle, &first), "limit %lu: invalid solution", limit);
        if (e->count == 1)
            CHECK(memcmp(&first, &expected, sizeof first) == 0,
                  "limit %lu: solution differs from the table's", limit);
        if (e->count > 1)
            CHECK(stats.guesses > 0, "limit %lu: 0 guesses", limit);
    }

    /* sudoku_solve is count with limit 1. */
    st = sudoku_solve(&puzzle, &first, NULL);
    if (e->count == 0) {
        CHECK(st == SUDOKU_E_UNSOLVABLE, "solve: status %d, expected E_UNSOLVABLE",
              (int)st);
    } else {
        CHECK(st == SUDOKU_OK, "solve: status %d", (int)st);
        CHECK(valid_solution(&puzzle, &first), "solve: invalid solution");
        if (e->count == 1)
            CHECK(memcmp(&first, &expected, sizeof first) == 0,
                  "solve: solution differs from the table's");
    }
    CHECK(memcmp(&puzzle, &copy, sizeof puzzle) == 0, "puzzle modified by solve");
#undef CHECK
    return failed;
}

static void test_table(void **state)
{
    const table *t = *state;
    int failed = 0;
    for (size_t i = 0; i < t->n; i++)
        failed += check_entry(&t->entries[i]);
    if (failed)
        fail_msg("%d checks failed over %zu table entries", failed, t->n);
}

/* Runs every table entry twice, interleaved: the results must not differ. */
static void test_no_hidden_state(void **state)
{
    const table *t = *state;
    static sudoku_grid first_a[MAX_ENTRIES], first_b[MAX_ENTRIES];
    static unsigned long count_a[MAX_ENTRIES], count_b[MAX_ENTRIES];
    static unsigned long guesses_a[MAX_ENTRIES], guesses_b[MAX_ENTRIES];

    for (int pass = 0; pass < 2; pass++) {
        for (size_t k = 0; k < t->n; k++) {
            /* The second pass goes backwards, so each call follows another. */
            size_t i = pass == 0 ? k : t->n - 1 - k;
            sudoku_grid puzzle;
            sudoku_stats stats;
            sudoku_grid *first = pass == 0 ? &first_a[i] : &first_b[i];
            memset(first, 0, sizeof *first);
            assert_int_equal(sudoku_parse(&puzzle, t->entries[i].puzzle, SUDOKU_CELLS,
                                          NULL), SUDOKU_OK);
            assert_int_equal(sudoku_count(&puzzle, 2, pass == 0 ? &count_a[i] : &count_b[i],
                                          first, &stats), SUDOKU_OK);
            (pass == 0 ? guesses_a : guesses_b)[i] = stats.guesses;
        }
    }
    for (size_t i = 0; i < t->n; i++) {
        assert_int_equal(count_a[i], count_b[i]);
        assert_int_equal(guesses_a[i], guesses_b[i]);
        if (count_a[i] > 0)
            assert_memory_equal(&first_a[i], &first_b[i], sizeof first_a[i]);
    }
}

static void test_empty_grid(void **state)
{
    (void)state;
    sudoku_grid empty, first;
    sudoku_stats stats;
    unsigned long count = 0;
    memset(&empty, 0, sizeof empty);

    assert_int_equal(sudoku_count(&empty, 1000, &count, &first, &stats), SUDOKU_OK);
    assert_int_equal(count, 1000);
    assert_true(valid_solution(&empty, &first));
    assert_true(stats.guesses > 0);

    assert_int_equal(sudoku_count(&empty, 1, &count, &first, NULL), SUDOKU_OK);
    assert_int_equal(count, 1);
    assert_true(valid_solution(&empty, &first));

    /* The limit bounds the work, so a large one is still quick. */
    assert_int_equal(sudoku_count(&empty, 100000, &count, NULL, NULL), SUDOKU_OK);
    assert_int_equal(count, 100000);

    assert_int_equal(sudoku_solve(&empty, &first, NULL), SUDOKU_OK);
    assert_true(valid_solution(&empty, &first));
    sudoku_grid zero;
    memset(&zero, 0, sizeof zero);
    assert_memory_equal(&empty, &zero, sizeof zero);
}

/*
 * Nearly empty grids with a known, astronomical number of solutions: the
 * limit must stop the count, exactly at the limit, whatever it is. A fixed
 * first row leaves 6,670,903,752,021,072,936,960 / 9! = 18,383,222,420,692,992
 * completions (Felgenhauer and Jarvis's count of all grids, divided by the
 * relabellings of the digits), and so does a fixed first box; one given
 * leaves a ninth of all grids.
 */
static void test_nearly_empty_grids(void **state)
{
    (void)state;
    static const unsigned long limits[] = {1000, 100000};
    sudoku_grid grids[3], first;
    sudoku_stats stats;
    unsigned long count;

    memset(grids, 0, sizeof grids);
    for (int k = 0; k < 9; k++) {
        grids[0].cell[k] = (unsigned char)(k + 1);                 /* row 1 */
        grids[1].cell[k / 3 * 9 + k % 3] = (unsigned char)(k + 1); /* box 1 */
    }
    grids[2].cell[40] = 5; /* r5c5 */
    for (size_t g = 0; g < 3; g++) {
        const sudoku_grid copy = grids[g];

        for (size_t k = 0; k < 2; k++) {
            count = 0;
            assert_int_equal(sudoku_count(&grids[g], limits[k], &count, &first,
                                          &stats), SUDOKU_OK);
            assert_int_equal(count, limits[k]);
            assert_true(valid_solution(&grids[g], &first));
            assert_true(stats.guesses > 0);
            assert_memory_equal(&grids[g], &copy, sizeof copy);
        }
    }
}

/*
 * The puzzles published as the hardest known, which no propagation of
 * singles solves: each must come out with its one solution. Their solutions
 * and uniqueness were checked with qqwing 1.3.4. (The public sets' hardest
 * lists, and the puzzle built against a cell-by-cell brute force, are in
 * table.txt.)
 */
static void test_hardest_known(void **state)
{
    (void)state;
    static const char *const known[][3] = {
        /* Arto Inkala, 2012: published as "the world's hardest Sudoku". */
        {"Inkala 2012",
         "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
         "812753649943682175675491283154237896369845721287169534521974368438526917796318452"},
        /* "Easter Monster" (2007): forum-hardest-1106.txt line 92. */
        {"Easter Monster",
         "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
         "174385962293467158586192734451923876928674315367851249719548623635219487842736591"},
        /* "Golden Nugget" (2007): forum-hardest-1106.txt line 59. */
        {"Golden Nugget",
         ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
         "751846239892371465643259871238197546974562318165438927319684752527913684486725193"},
    };
    int failed = 0;

    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        entry e = {.count = 1};

        snprintf(e.where, sizeof e.where, "%s", known[i][0]);
        memcpy(e.puzzle, known[i][1], SUDOKU_CELLS + 1);
        memcpy(e.solution, known[i][2], SUDOKU_CELLS + 1);
        failed += check_entry(&e);
    }
    if (failed)
        fail_msg("%d checks failed", failed);
}

/*
 * Two puzzles from Peter Norvig's essay on solving every Sudoku, where a
 * search like this library's (fewest candidates first, digits upwards)
 * took longest: "hard1" took it 188 s, and the impossible one 1439 s.
 *
 * hard1 is not a proper puzzle: as the essay notes, swapping the 1s and 7s
 * of any solution gives another, so the test can prove it has at least two
 * solutions on its own.
 */
static void test_norvig_slowest(void **state)
{
    (void)state;
    static const char hard1[] =
        ".....6....59.....82....8....45........3........6..3.54...325..6..................";
    /* 17 givens and no solution (qqwing 1.3.4 agrees). */
    static const char impossible[] =
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
    sudoku_grid puzzle, first, swapped;
    unsigned long count;

    grid_from_text(&puzzle, hard1);
    assert_int_equal(sudoku_solve(&puzzle, &first, NULL), SUDOKU_OK);
    assert_true(valid_solution(&puzzle, &first));
    swapped = first;
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        if (first.cell[i] == 1 || first.cell[i] == 7)
            swapped.cell[i] = (unsigned char)(8 - first.cell[i]);
    }
    assert_true(valid_solution(&puzzle, &swapped));
    assert_memory_not_equal(&first, &swapped, sizeof first);
    assert_int_equal(sudoku_count(&puzzle, 2, &count, &first, NULL), SUDOKU_OK);
    assert_int_equal(count, 2);
    assert_true(valid_solution(&puzzle, &first));

    /* Exhausting the search is the only way to a count of 0. */
    grid_from_text(&puzzle, impossible);
    count = 77;
    assert_int_equal(sudoku_count(&puzzle, 100000, &count, NULL, NULL), SUDOKU_OK);
    assert_int_equal(count, 0);
}

/*
 * Grids that once sent the search wandering for millions of guesses: the
 * fuzzer's (givens in the top six rows only) and Norvig's two. The work is
 * bounded: each ends in well under a thousand guesses, whatever the limit,
 * with the right count (the first three have many solutions).
 */
static void test_wandering_searches_are_cut_short(void **state)
{
    static const struct {
        const char *text;
        unsigned long count; /* at limit 2 */
    } grids[] = {
        {"..8.5..3..........6............3.487.........487....1.53......................"
         "...", 2},
        {"..8.5..3..........6............3.487.........487....1.532....................."
         "...", 2},
        {"8....5.3....1.....6............3.487.........487....1.532....................."
         "...", 2},
        {".....6....59.....82....8....45........3........6..3.54...325..6..............."
         "...", 2},
        {".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4......"
         "...", 0},
    };

    (void)state;
    for (size_t i = 0; i < sizeof grids / sizeof *grids; i++) {
        sudoku_grid puzzle, first;
        sudoku_stats stats;
        unsigned long count;

        grid_from_text(&puzzle, grids[i].text);
        for (unsigned long limit = 1; limit <= 2; limit++) {
            assert_int_equal(sudoku_count(&puzzle, limit, &count, &first, &stats),
                             SUDOKU_OK);
            assert_int_equal(count, grids[i].count < limit ? grids[i].count : limit);
            if (count > 0)
                assert_true(valid_solution(&puzzle, &first));
            assert_true(stats.guesses < 1000);
        }
    }
}

/*
 * A grid with n cells of a solved grid blanked has exactly one solution, and
 * naked singles alone fill it when each blanked cell is the only blank of its
 * row: so the count is exact for any limit.
 */
static void test_solved_grid(void **state)
{
    (void)state;
    sudoku_grid full, puzzle, first;
    sudoku_stats stats;
    unsigned long count;
    grid_from_text(&full, solved_grid);

    /* All 81 given: the grid is its own one solution, no search. */
    stats.guesses = 99;
    assert_int_equal(sudoku_count(&full, 10, &count, &first, &stats), SUDOKU_OK);
    assert_int_equal(count, 1);
    assert_memory_equal(&first, &full, sizeof full);
    assert_int_equal(stats.guesses, 0);

    /* One blank per row, each in a different column. */
    puzzle = full;
    for (int r = 0; r < 9; r++)
        puzzle.cell[r * 9 + (r * 4) % 9] = 0;
    stats.guesses = 99;
    assert_int_equal(sudoku_count(&puzzle, 5, &count, &first, &stats), SUDOKU_OK);
    assert_int_equal(count, 1);
    assert_memory_equal(&first, &full, sizeof full);
    assert_int_equal(stats.guesses, 0);
}

static void test_guesses(void **state)
{
    (void)state;
    sudoku_grid puzzle, first;
    sudoku_stats stats;
    unsigned long count;

    /* Naked singles suffice (checked with an independent solver). */
    grid_from_text(&puzzle, naked_singles_puzzle);
    stats.guesses = 99;
    assert_int_equal(sudoku_count(&puzzle, 2, &count, &first, &stats), SUDOKU_OK);
    assert_int_equal(count, 1);
    assert_true(valid_solution(&puzzle, &first));
    assert_int_equal(stats.guesses, 0);
    stats.guesses = 99;
    assert_int_equal(sudoku_solve(&puzzle, &first, &stats), SUDOKU_OK);
    assert_int_equal(stats.guesses, 0);

    /* Naked and hidden singles suffice. */
    grid_from_text(&puzzle, hidden_singles_puzzle);
    stats.guesses = 99;
    assert_int_equal(sudoku_count(&puzzle, 2, &count, &first, &stats), SUDOKU_OK);
    assert_int_equal(count, 1);
    assert_true(valid_solution(&puzzle, &first));
    assert_int_equal(stats.guesses, 0);

    /* 872 solutions: any sound propagation leaves choices, so it guesses. */
    grid_from_text(&puzzle, serg_872);
    assert_int_equal(sudoku_solve(&puzzle, &first, &stats), SUDOKU_OK);
    assert_true(valid_solution(&puzzle, &first));
    assert_true(stats.guesses > 0);
    stats.guesses = 0;
    assert_int_equal(sudoku_count(&puzzle, 1000, &count, NULL, &stats), SUDOKU_OK);
    assert_int_equal(count, 872);
    assert_true(stats.guesses > 0);
}

static void test_limit_zero(void **state)
{
    (void)state;
    sudoku_grid puzzle, first;
    sudoku_stats stats;
    unsigned long count = 77;
    grid_from_text(&puzzle, naked_singles_puzzle);
    assert_int_equal(sudoku_count(&puzzle, 0, &count, &first, &stats), SUDOKU_E_LIMIT);
    assert_int_equal(count, 0);
    count = 77;
    assert_int_equal(sudoku_count(&puzzle, 0, &count, NULL, NULL), SUDOKU_E_LIMIT);
    assert_int_equal(count, 0);
}

static void test_largest_limit(void **state)
{
    (void)state;
    sudoku_grid puzzle, first;
    unsigned long count = 0;

    /* No overflow at the top of the range: the count is still exact. */
    grid_from_text(&puzzle, naked_singles_puzzle);
    assert_int_equal(sudoku_count(&puzzle, ULONG_MAX, &count, &first, NULL), SUDOKU_OK);
    assert_int_equal(count, 1);
    assert_true(valid_solution(&puzzle, &first));
    grid_from_text(&puzzle, serg_872);
    assert_int_equal(sudoku_count(&puzzle, ULONG_MAX, &count, NULL, NULL), SUDOKU_OK);
    assert_int_equal(count, 872);
    assert_int_equal(sudoku_count(&puzzle, 4294967295UL, &count, NULL, NULL), SUDOKU_OK);
    assert_int_equal(count, 872);
}

static void test_null(void **state)
{
    (void)state;
    sudoku_grid puzzle, solution;
    unsigned long count = 77;
    grid_from_text(&puzzle, naked_singles_puzzle);

    assert_int_equal(sudoku_count(NULL, 1, &count, &solution, NULL), SUDOKU_E_NULL);
    assert_int_equal(count, 0);
    assert_int_equal(sudoku_count(&puzzle, 1, NULL, &solution, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_count(NULL, 1, NULL, NULL, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_solve(NULL, &solution, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_solve(&puzzle, NULL, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_solve(NULL, NULL, NULL), SUDOKU_E_NULL);

    /* first and stats may be NULL. */
    count = 77;
    assert_int_equal(sudoku_count(&puzzle, 5, &count, NULL, NULL), SUDOKU_OK);
    assert_int_equal(count, 1);
}

static void test_invalid_grids(void **state)
{
    (void)state;
    sudoku_grid puzzle, solution;
    sudoku_stats stats;
    unsigned long count;

    /* r1c3 and r1c7 both 5: a conflict, not a count of 0. */
    memset(&puzzle, 0, sizeof puzzle);
    puzzle.cell[2] = 5;
    puzzle.cell[6] = 5;
    count = 77;
    assert_int_equal(sudoku_count(&puzzle, 10, &count, &solution, &stats),
                     SUDOKU_E_CONFLICT);
    assert_int_equal(count, 0);
    assert_int_equal(sudoku_solve(&puzzle, &solution, NULL), SUDOKU_E_CONFLICT);

    /* A conflict in a box: r1c1 and r3c3 both 9, in an otherwise blank grid. */
    memset(&puzzle, 0, sizeof puzzle);
    puzzle.cell[0] = 9;
    puzzle.cell[20] = 9;
    count = 77;
    assert_int_equal(sudoku_count(&puzzle, 10, &count, NULL, NULL), SUDOKU_E_CONFLICT);
    assert_int_equal(count, 0);

    /* A value of 10; and of 255 in a solved grid's last cell. */
    memset(&puzzle, 0, sizeof puzzle);
    puzzle.cell[40] = 10;
    count = 77;
    assert_int_equal(sudoku_count(&puzzle, 10, &count, &solution, &stats),
                     SUDOKU_E_VALUE);
    assert_int_equal(count, 0);
    assert_int_equal(sudoku_solve(&puzzle, &solution, &stats), SUDOKU_E_VALUE);
    grid_from_text(&puzzle, solved_grid);
    puzzle.cell[80] = 255;
    count = 77;
    assert_int_equal(sudoku_count(&puzzle, 1, &count, NULL, NULL), SUDOKU_E_VALUE);
    assert_int_equal(count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_table_has_every_kind, table_setup,
                                        table_teardown),
        cmocka_unit_test_setup_teardown(test_table, table_setup, table_teardown),
        cmocka_unit_test_setup_teardown(test_no_hidden_state, table_setup,
                                        table_teardown),
        cmocka_unit_test(test_empty_grid),
        cmocka_unit_test(test_nearly_empty_grids),
        cmocka_unit_test(test_hardest_known),
        cmocka_unit_test(test_norvig_slowest),
        cmocka_unit_test(test_wandering_searches_are_cut_short),
        cmocka_unit_test(test_solved_grid),
        cmocka_unit_test(test_guesses),
        cmocka_unit_test(test_limit_zero),
        cmocka_unit_test(test_largest_limit),
        cmocka_unit_test(test_null),
        cmocka_unit_test(test_invalid_grids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
