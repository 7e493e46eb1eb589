/*
 * test_exclusion.c - aligned pair and triplet exclusion, on candidate grids
 * met on the way through real puzzles, where Sudoku Explainer takes (or
 * does not take) the step. Each grid is its placed digits plus, row by
 * row, the candidates of the open cells ("-" for a placed cell).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "logic/logic.h"

typedef struct state {
    const char *placed;
    const char *rows[9];
} state;

/* Reached from ..859...33....7...2.14..7.9.5.2....7...7.8..44...358.......9......3..9.1....1..4. */
static const state row_pair = {
    "7485961233951274..26148375985.241..7.2.7685.44..9358.2..4..92...823.49.1....12.4.",
    {"- - - - - - - - -", "- - - - - - - 68 68", "- - - - - - - - -",
     "- - 369 - - - 36 369 -", "19 - 39 - - - - 139 -",
     "- 17 67 - - - - 16 -", "156 13 - 68 57 - - 3678 568",
     "56 - - - 57 - - 67 -", "569 37 79 68 - - 36 - 568"}};

/* Reached from ...7.39...9.4.......7.6...85.13............3..89..1.76.....7.....8...15..5.9.4... */
static const state two_struck = {
    "8..7.39...9.4.8.....7569..85.1376......895.31389241576...157.....863215.15.984.2.",
    {"- 1246 2456 - 12 - - 146 25", "26 - 35 - 12 - 37 16 357",
     "24 1234 - - - - 23 14 -", "- 24 - - - - 248 89 249",
     "2467 2467 246 - - - 24 - -", "- - - - - - - - -",
     "2469 2346 2346 - - - 3468 89 349", "479 47 - - - - - - 49",
     "- - 36 - - - 367 - 37"}};

/* Reached from 87.9...6......52........9........6.44.6..2....58.......97.54.....42.87.92.16.7.5. */
static const state apart = {
    "87294..6......52....5.2.9...2.5..6.44.6..2.9..584....2397154826564238719281697453",
    {"- - - - - 13 135 - 15", "169 134 39 378 1678 - - 3478 178",
     "16 134 - 378 - 136 - 3478 178", "179 - 39 - 178 139 - 378 -",
     "- 13 - 378 178 - 135 - 1578", "179 - - - 167 1369 13 37 -",
     "- - - - - - - - -", "- - - - - - - - -", "- - - - - - - - -"}};

/* Reached from ....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..
   (Sudoku Explainer's own path: its chains find nothing here) */
static const state row_triplet = {
    "...723.41.7..16....1.5.....2.7..1.8....3..7..4.9....1...56..1.38.3195.......3.5.8",
    {"569 5689 68 - - - 69 - -", "39 - 24 489 - - 89 235 25",
     "369 - 24 - 48 489 2689 2367 267", "- 356 - 49 56 - 346 - 4569",
     "156 568 168 - 456 249 - 256 4569", "- 356 - 28 567 278 236 - 256",
     "79 249 - - 478 2478 - 29 -", "- 26 - - - - 246 267 2467",
     "1679 2469 16 24 - 47 - 69 -"}};

/* Reached from ..1.....7...89..........6..26..3.......5...749...........1.4.5.83.............2..
   (Sudoku Explainer's own path) */
static const state third_above = {
    "..1.....7...89..........6..26..3.......5..9749.....3.....1.4.5383.............2..",
    {"3456 24589 - 236 2456 2356 458 23489 -",
     "34567 2457 23567 - - 123567 145 1234 125",
     "3457 245789 2389 237 12457 12357 - 123489 12589",
     "- - 47 479 - 79 158 18 158", "13 18 38 - 26 26 - - -",
     "- 457 457 47 18 18 - 26 26", "67 279 269 - 2678 - 78 - -",
     "- - 246 2679 2567 25679 147 1469 169",
     "14567 1457 4567 3679 678 36789 - 4689 689"}};

/* Reached from ..59.....27............67.8....7...1..6...9..9..1...5...2.....35..3..68..38...1..
   by Sudoku Explainer with its chains switched off, as our ladder has none */
static const state triplet_apart = {
    "..59.7...27............67.8....79..1..6...9..9..1...5...2.....35..3..68..38...12.",
    {"68 68 - - 134 - 234 134 24", "- - 1349 48 1348 1348 345 13469 569",
     "134 149 1349 25 25 - - 1349 -", "348 2458 34 24568 - - 2348 346 -",
     "13478 12458 - 2458 23458 23458 - 347 24",
     "- 248 347 - 23468 2348 2348 - 67",
     "167 169 - 5678 15689 158 45 479 -", "- 149 1479 - 1249 124 - - 79",
     "467 - - 4567 4569 45 - - 59"}};

/* Reached from 7...8......3...2.6.1............6.8.1.4.......5..134.7.....25.1...8.5..3.2.....7.
   where Sudoku Explainer's next step is a Nishio forcing chain: neither
   its cycles and forcing chains nor aligned triplet exclusion apply */
static const state before_nishio = {
    "7...8......3..72.6.1....7.8.....618.1.4..8....5..134.7.....25.1..18.5.23.2....87.",
    {"- 469 2569 236 - 149 39 13459 459", "489 489 - 1459 459 - - 149 -",
     "24569 - 2569 236 236 49 - 3459 -", "239 379 279 24579 2459 - - - 259",
     "- 679 - 2579 2579 - 369 3569 259", "2689 - 2689 29 - - - 69 -",
     "34689 346789 6789 34679 34679 - - 469 -",
     "469 4679 - - 4679 - 69 - -", "34569 - 569 13469 3469 149 - - 49"}};

static unsigned short digits_of(const char *text, size_t n)
{
    unsigned short mask = 0;

    for (size_t i = 0; i < n; i++) {
        if (text[i] >= '1' && text[i] <= '9')
            mask = (unsigned short)(mask | 1u << (text[i] - '1'));
    }
    return mask;
}

static void load(const state *s, sudoku_candidates *grid)
{
    sudoku_grid puzzle;
    unsigned short marks[SUDOKU_CELLS];

    assert_int_equal(sudoku_parse(&puzzle, s->placed, 81, NULL), SUDOKU_OK);
    for (int r = 0; r < 9; r++) {
        const char *p = s->rows[r];

        for (int c = 0; c < 9; c++) {
            const size_t n = strcspn(p, " ");
            const int cell = r * 9 + c;

            marks[cell] = *p == '-' ? digits_of(&s->placed[cell], 1)
                                    : digits_of(p, n);
            p += n + (p[n] == ' ');
        }
    }
    assert_int_equal(sudoku_candidates_init(grid, &puzzle, marks, NULL),
                     SUDOKU_OK);
}

static int cell_of(int row, int column) { return (row - 1) * 9 + column - 1; }

static void assert_only_strikes(const sudoku_step *step, const int *cells,
                                const unsigned short *digits, int n)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        unsigned short want = 0;

        for (int i = 0; i < n; i++)
            want = cells[i] == c ? digits[i] : want;
        assert_int_equal(step->strike[c], want);
        assert_int_equal(step->place[c], 0);
    }
}

/* r7c8 3678, r7c9 568: 6 in r7c9 leaves r7c8 3, 6 or 7, 8, which would
   empty r9c7 (36), clash in the row, empty r8c8 (67) or r7c4 (68). */
static void test_pair_in_a_row(void **unused)
{
    sudoku_candidates grid;
    sudoku_step step;
    const int cells[] = {cell_of(7, 9)};
    const unsigned short digits[] = {1u << 5};

    (void)unused;
    load(&row_pair, &grid);
    assert_int_equal(sudoku_next_step(&grid, &step), SUDOKU_OK);
    assert_int_equal(step.technique, SUDOKU_ALIGNED_PAIR_EXCLUSION);
    assert_int_equal(step.difficulty, 62);
    assert_true(step.cell_count >= 2);
    assert_int_equal(step.cells[0], cell_of(7, 8));
    assert_int_equal(step.cells[1], cell_of(7, 9));
    assert_only_strikes(&step, cells, digits, 1);
    assert_string_equal(sudoku_technique_name(step.technique),
                        "Aligned Pair Exclusion");
}

/* r1c2 1246 and r1c3 2456 both lose 2, as Sudoku Explainer finds. */
static void test_both_cells_struck(void **unused)
{
    sudoku_candidates grid;
    sudoku_step step;
    const int cells[] = {cell_of(1, 2), cell_of(1, 3)};
    const unsigned short digits[] = {1u << 1, 1u << 1};

    (void)unused;
    load(&two_struck, &grid);
    assert_int_equal(sudoku_next_step(&grid, &step), SUDOKU_OK);
    assert_int_equal(step.technique, SUDOKU_ALIGNED_PAIR_EXCLUSION);
    assert_int_equal(step.difficulty, 62);
    assert_int_equal(step.cells[0], cell_of(1, 2));
    assert_int_equal(step.cells[1], cell_of(1, 3));
    assert_only_strikes(&step, cells, digits, 2);
}

/* The base cells need not see each other: r4c8 378 and r6c1 179 share
   the excluders r4c3 (39), r6c7 (13) and r6c8 (37); 3 leaves r4c8. */
static void test_cells_apart(void **unused)
{
    sudoku_candidates grid;
    sudoku_step step;
    const int cells[] = {cell_of(4, 8)};
    const unsigned short digits[] = {1u << 2};

    (void)unused;
    load(&apart, &grid);
    assert_int_equal(sudoku_next_step(&grid, &step), SUDOKU_OK);
    assert_int_equal(step.technique, SUDOKU_ALIGNED_PAIR_EXCLUSION);
    assert_int_equal(step.cells[0], cell_of(4, 8));
    assert_int_equal(step.cells[1], cell_of(6, 1));
    assert_only_strikes(&step, cells, digits, 1);
}

/* Once 6 has left r7c9, the pairs still have their excluders but strike
   nothing more: Sudoku Explainer needs a chain, and so does the ladder. */
static void test_nothing_left_to_strike(void **unused)
{
    sudoku_candidates grid;
    sudoku_step step;

    (void)unused;
    load(&row_pair, &grid);
    assert_int_equal(sudoku_next_step(&grid, &step), SUDOKU_OK);
    sudoku_apply_step(&grid, &step);
    assert_int_equal(grid.mask[cell_of(7, 9)], (1u << 4) | (1u << 7));
    assert_int_equal(sudoku_next_step(&grid, &step), SUDOKU_OK);
    assert_true(step.technique >= SUDOKU_X_CYCLE);
}

/* Asserts the step is an aligned triplet on cells[0..2], in that order. */
static void assert_triplet(const sudoku_step *step, const int *cells)
{
    assert_int_equal(step->technique, SUDOKU_ALIGNED_TRIPLET_EXCLUSION);
    assert_int_equal(step->difficulty, 75);
    assert_true(step->cell_count >= 3);
    for (int i = 0; i < 3; i++)
        assert_int_equal(step->cells[i], cells[i]);
}

/* r9c1 1679, r9c2 2469, r9c3 16: with 9 in r9c2, r9c1 and r9c3 take 1
   and 6, which empties r9c8 (69), or r9c1 takes 7, which empties r7c1
   (79). */
static void test_triplet_in_a_row(void **unused)
{
    sudoku_candidates grid;
    sudoku_step step;
    const int base[] = {cell_of(9, 1), cell_of(9, 2), cell_of(9, 3)};
    const int cells[] = {cell_of(9, 2)};
    const unsigned short digits[] = {1u << 8};

    (void)unused;
    load(&row_triplet, &grid);
    assert_int_equal(sudoku_next_step(&grid, &step), SUDOKU_OK);
    assert_triplet(&step, base);
    assert_only_strikes(&step, cells, digits, 1);
    assert_string_equal(sudoku_technique_name(step.technique),
                        "Aligned Triplet Exclusion");
}

/* The pair r7c3, r9c3 comes first, and its third cell r8c3 after it: the
   third cells are the first cell's excluders, not the cells further on.
   7 leaves r9c3. */
static void test_third_cell_between(void **unused)
{
    sudoku_candidates grid;
    sudoku_step step;
    const int base[] = {cell_of(7, 3), cell_of(9, 3), cell_of(8, 3)};
    const int cells[] = {cell_of(9, 3)};
    const unsigned short digits[] = {1u << 6};

    (void)unused;
    load(&third_above, &grid);
    assert_int_equal(sudoku_next_step(&grid, &step), SUDOKU_OK);
    assert_triplet(&step, base);
    assert_only_strikes(&step, cells, digits, 1);
}

/* r4c1 348 and r4c3 34 share row 4; r6c9 67 sees neither, but the three
   share the excluders r4c8 (346), r6c2 (248) and r6c3 (347). With 3 or 4
   in r4c1, r4c3 takes the other, and r6c9's 6 empties r4c8, its 7 r6c3:
   r4c1 loses both. */
static void test_triplet_apart(void **unused)
{
    sudoku_candidates grid;
    sudoku_step step;
    const int base[] = {cell_of(4, 1), cell_of(6, 9), cell_of(4, 3)};
    const int cells[] = {cell_of(4, 1)};
    const unsigned short digits[] = {(1u << 2) | (1u << 3)};

    (void)unused;
    load(&triplet_apart, &grid); /* from SE's path without its chains */
    assert_int_equal(find_aligned_exclusion(&grid, 3, &step), 1);
    assert_triplet(&step, base);
    assert_only_strikes(&step, cells, digits, 1);
}

/* Triplets with common excluders abound here, but none strikes a thing. */
static void test_no_triplet(void **unused)
{
    sudoku_candidates grid;
    sudoku_step step;

    (void)unused;
    load(&before_nishio, &grid);
    assert_int_equal(find_aligned_exclusion(&grid, 3, &step), 0);
}

/*
 * Sudoku Explainer rates this 6.6/1.2/1.2: a cycle comes before any
 * triplet, which would otherwise finish the puzzle at 7.5.
 */
static void test_cycles_come_first(void **unused)
{
    static const char puzzle_text[] =
        "3......5.1.2...........6....534.7.6..8..1.5...1.68.7..8..1...3...4...67......32..";
    sudoku_grid puzzle;
    sudoku_rating rated;

    (void)unused;
    assert_int_equal(sudoku_parse(&puzzle, puzzle_text, 81, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_rate(&puzzle, &rated, NULL), SUDOKU_OK);
    assert_int_equal(rated.complete, 1);
    assert_int_equal(rated.er, 66);
    assert_int_equal(rated.ep, 12);
    assert_int_equal(rated.ed, 12);
    assert_int_not_equal(rated.hardest, SUDOKU_ALIGNED_TRIPLET_EXCLUSION);
}

/* row_pair with r7c1 (156) down to 1, not yet placed. */
static const state row_pair_single = {
    "7485961233951274..26148375985.241..7.2.7685.44..9358.2..4..92...823.49.1....12.4.",
    {"- - - - - - - - -", "- - - - - - - 68 68", "- - - - - - - - -",
     "- - 369 - - - 36 369 -", "19 - 39 - - - - 139 -",
     "- 17 67 - - - - 16 -", "1 13 - 68 57 - - 3678 568",
     "56 - - - 57 - - 67 -", "569 37 79 68 - - 36 - 568"}};

/* An open cell left with one candidate is a single, not an excluder, and
   a cell that sees one is no base cell (SE's rule): with r7c1 down to 1,
   neither r7c8 nor r7c9 is a base, and the pair that struck 6 from r7c9
   is gone. */
static void test_single_is_no_excluder(void **unused)
{
    sudoku_candidates grid;
    sudoku_step step;

    (void)unused;
    load(&row_pair, &grid);
    assert_int_equal(find_aligned_exclusion(&grid, 2, &step), 1);
    assert_int_equal(step.cells[1], cell_of(7, 9));
    load(&row_pair_single, &grid);
    assert_int_equal(find_aligned_exclusion(&grid, 2, &step), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pair_in_a_row),
        cmocka_unit_test(test_both_cells_struck),
        cmocka_unit_test(test_cells_apart),
        cmocka_unit_test(test_nothing_left_to_strike),
        cmocka_unit_test(test_single_is_no_excluder),
        cmocka_unit_test(test_triplet_in_a_row),
        cmocka_unit_test(test_third_cell_between),
        cmocka_unit_test(test_triplet_apart),
        cmocka_unit_test(test_no_triplet),
        cmocka_unit_test(test_cycles_come_first),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
