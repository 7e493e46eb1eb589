/*
 * test_nested_memory.c - the nested forcing chains when memory runs out.
 *
 * The nested chains keep their inner hints, grids and lists on the heap
 * (nested.c). This program is linked with malloc, calloc and realloc
 * wrapped (wrap_alloc.h), so that the Nth allocation can be made to fail:
 * for each N in turn, a search that met a failed allocation must claim no
 * step and say memory ran out, leak nothing, and the first search that met
 * none must find the very step an unhindered search finds. Through the
 * library's entry points, the same failures give SUDOKU_E_MEMORY; and so
 * do those of the generator's shortcut past the grade (closes_below()).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "logic/chains.h"
#include "wrap_alloc.h"


/* The allocation to fail, counted from 0; -1: none. */
static long fail_at = -1;
static long allocations;
static int failed;

int alloc_refused(void)
{
    if (fail_at < 0 || allocations++ != fail_at)
        return 0;
    failed = 1;
    return 1;
}

/* The grid after the first `steps` steps of a puzzle. */
static void grid_after(const char *text, int steps, sudoku_candidates *grid)
{
    sudoku_grid puzzle;
    sudoku_step step;

    assert_int_equal(sudoku_parse(&puzzle, text, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_candidates_init(grid, &puzzle, NULL, NULL), SUDOKU_OK);
    for (int i = 0; i < steps; i++) {
        assert_int_equal(sudoku_next_step(grid, &step), SUDOKU_OK);
        sudoku_apply_step(grid, &step);
    }
}

/*
 * Fails each allocation of a search of `kind` in turn, until a search
 * meets none; returns how many allocations it took.
 */
static long fail_each(const sudoku_candidates *grid, int kind, sudoku_technique technique)
{
    static char want_text[8192], got_text[8192];
    sudoku_step want, got;
    int exhausted = 1;

    fail_at = -1;
    memset(&want, 0, sizeof want);
    assert_true(chains_find(grid, kind, &want, 0, &exhausted, NULL, 1));
    assert_false(exhausted);
    assert_int_equal(want.technique, technique);
    for (fail_at = 0;; fail_at++) {
        int found;

        allocations = 0;
        failed = 0;
        memset(&got, 0, sizeof got);
        exhausted = 0;
        found = chains_find(grid, kind, &got, 0, &exhausted, NULL, 1);
        if (!failed)
            break;
        assert_false(found);
        assert_int_equal(exhausted, CHAINS_OUT_OF_MEMORY);
    }
    fail_at = -1;
    assert_int_equal(got.technique, want.technique);
    assert_int_equal(got.difficulty, want.difficulty);
    assert_memory_equal(got.place, want.place, sizeof got.place);
    assert_memory_equal(got.strike, want.strike, sizeof got.strike);
    sudoku_describe_step(&want, want_text, sizeof want_text);
    sudoku_describe_step(&got, got_text, sizeof got_text);
    assert_string_equal(got_text, want_text);
    return allocations;
}

/*
 * forum-hardest-1106, first puzzle: its second step is a region chain
 * resting on static forcing chains found on its branches' grids.
 */
static void test_nested_static_inside(void **state)
{
    sudoku_candidates grid;

    (void)state;
    grid_after("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
               1, &grid);
    assert_true(fail_each(&grid, CHAINS_NESTED_FC, SUDOKU_NESTED_REGION_FC) > 0);
}

/* The static chains' one allocation, their scratch: magictour's first. */
static void test_static_scratch(void **state)
{
    sudoku_candidates grid;

    (void)state;
    grid_after("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
               0, &grid);
    assert_int_equal(fail_each(&grid, CHAINS_STATIC, SUDOKU_FORCING_X_CHAIN), 1);
}

/*
 * The generator's shortcut, whose static chains take one allocation:
 * without it, it says so; with it, it closes the forty-first of
 * magictour, which SE rates 7.2. And a search for puzzles of 9.0 or more
 * that meets a failed allocation says memory ran out.
 */
static void test_closure_says_memory(void **state)
{
    sudoku_candidates grid;
    sudoku_generated made;

    (void)state;
    grid_after("4.35...2.....16...7............895.....3..8..2...........4...7..9....6...1.......",
               0, &grid);
    fail_at = 0;
    allocations = 0;
    failed = 0;
    assert_int_equal(closes_below(&grid), -1);
    assert_true(failed);
    fail_at = -1;
    assert_int_equal(closes_below(&grid), 1);
    fail_at = 0;
    allocations = 0;
    failed = 0;
    assert_int_equal(sudoku_generate_rated(7, 0, NULL, 90, SUDOKU_RATING_UNBOUNDED, &made, NULL),
                     SUDOKU_E_MEMORY);
    assert_true(failed);
    fail_at = -1;
}

/* A grade loop's callback that wants every step. */
static sudoku_step_answer every_step(const sudoku_candidates *grid, const sudoku_step *step,
                                     const sudoku_rating *rating, void *context)
{
    (void)grid;
    (void)step;
    (void)rating;
    (void)context;
    return SUDOKU_STEPS_MORE;
}

/*
 * The same failures through the library: the next step, the grade loop
 * from the same grid and a whole grade say SUDOKU_E_MEMORY, each time.
 */
static void test_library_says_memory(void **state)
{
    static const char puzzle[] =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    sudoku_candidates grid;
    sudoku_step want, got;
    sudoku_rating rating;
    sudoku_grid givens;
    sudoku_generated made;
    sudoku_status status;
    long rated_failures = 0;

    (void)state;
    grid_after(puzzle, 1, &grid);
    fail_at = -1;
    assert_int_equal(sudoku_next_step(&grid, &want), SUDOKU_OK);
    for (fail_at = 0;; fail_at++) {
        sudoku_candidates from = grid;

        allocations = 0;
        failed = 0;
        status = sudoku_next_step(&grid, &got);
        if (!failed)
            break;
        assert_int_equal(status, SUDOKU_E_MEMORY);
        /* a loop that shows its steps allocates as the next step does */
        allocations = 0;
        assert_int_equal(sudoku_grade_steps(&from, NULL, every_step, NULL, &rating),
                         SUDOKU_E_MEMORY);
        assert_int_equal(rating.steps, 0);
        /* one that only rates them keeps no branches, and allocates less
           in the step, but goes on to the steps after it */
        from = grid;
        allocations = 0;
        failed = 0;
        status = sudoku_grade_steps(&from, NULL, NULL, NULL, &rating);
        assert_int_equal(status, failed ? SUDOKU_E_MEMORY : SUDOKU_OK);
        if (failed) {
            assert_false(rating.complete);
            rated_failures++;
        }
    }
    assert_true(rated_failures > 0);
    assert_int_equal(status, SUDOKU_OK);
    assert_int_equal(got.technique, want.technique);
    assert_memory_equal(got.strike, want.strike, sizeof got.strike);

    assert_int_equal(sudoku_parse(&givens, puzzle, SUDOKU_CELLS, NULL), SUDOKU_OK);
    fail_at = 0;
    allocations = 0;
    assert_int_equal(sudoku_rate(&givens, &rating, NULL), SUDOKU_E_MEMORY);
    /* the search near given puzzles, whose first grade is the start's */
    allocations = 0;
    assert_int_equal(sudoku_generate_near(1, 0, &givens, 1, 0, 90, SUDOKU_RATING_UNBOUNDED,
                                          &made, &rating),
                     SUDOKU_E_MEMORY);
    /* and an easy start, graded with no allocation: the search's own
       table of graded neighbours is the first */
    assert_int_equal(sudoku_parse(&givens, "...2..8....7.5.49..6.9..7......95...7.5......2......6.39....2..876..25....2....4.",
                                  SUDOKU_CELLS, NULL),
                     SUDOKU_OK);
    allocations = 0;
    failed = 0;
    assert_int_equal(sudoku_generate_near(1, 0, &givens, 1, 0, 90, SUDOKU_RATING_UNBOUNDED,
                                          &made, NULL),
                     SUDOKU_E_MEMORY);
    assert_true(failed);
    fail_at = -1;
    assert_string_equal(sudoku_strerror(SUDOKU_E_MEMORY), "memory ran out");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nested_static_inside),
        cmocka_unit_test(test_static_scratch),
        cmocka_unit_test(test_closure_says_memory),
        cmocka_unit_test(test_library_says_memory),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
