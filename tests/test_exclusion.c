/*
 * test_exclusion.c - aligned pair exclusion, on candidate grids met on the
 * way through real puzzles, where Sudoku Explainer takes (or does not take)
 * the step. Each grid is its placed digits plus, row by row, the
 * candidates of the open cells ("-" for a placed cell).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "sudoku.h"

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

static unsigned short digits_of(const char *text, size_t n)
{
    unsigned short mask = 0;

    for (size_t i = 0; i < n; i++)
        mask = (unsigned short)(mask | 1u << (text[i] - '1'));
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pair_in_a_row),
        cmocka_unit_test(test_both_cells_struck),
        cmocka_unit_test(test_cells_apart),
        cmocka_unit_test(test_nothing_left_to_strike),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
