/*
 * test_threads.c - one grade on several threads (sudoku_limits.threads)
 * takes the steps that one thread takes, byte for byte.
 *
 * The forcing chains' search for a step shares out its cells among the
 * threads, and each takes cells out of order once its own block is done;
 * the step must still be the first of the best in the cells' order, where
 * many steps tie on rating and length. Each puzzle is graded on 1, 2 and
 * 7 threads, every step written as JSON by sudoku_step_json(), and the
 * texts and the rating compared. The puzzles are four of the forum's
 * hardest (puzzles/ratings/forum-hardest-se.txt, lines 1, 5, 36 and 75 of
 * its puzzles), whose grades take dynamic (+) and nested forcing chains
 * and stay under a tenth of a second each; the first took a tied region
 * chain from a later cell before the order among equals held the cell.
 * With SUDOKU_QUICK set (as CI does for its slower builds, valgrind's
 * among them, which runs threads one at a time), the first alone.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

static const char *const puzzles[] = {
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
    "98.7.....6...5.9....5....7.4...8..3...86..5.......2..4.3.....1...98..7.......1..2",
    ".....1.....7.2.....9.6.8..5..1..7....6.9....42.9.........8...59.8....4....6.3...8",
};

/* Every step's JSON, one after another, and the rating they add up to. */
typedef struct grade_text {
    char *text;
    size_t length, room;
    sudoku_rating rating;
} grade_text;

static sudoku_step_answer keep_step(const sudoku_candidates *grid, const sudoku_step *step,
                                    const sudoku_rating *rating, void *context)
{
    grade_text *g = context;
    const size_t need = sudoku_step_json(step, NULL, NULL, 0);

    (void)grid;
    (void)rating;
    if (g->length + need + 1 > g->room) {
        g->room = 2 * (g->length + need + 1);
        g->text = realloc(g->text, g->room);
        assert_non_null(g->text);
    }
    g->length += sudoku_step_json(step, NULL, g->text + g->length, need + 1);
    return SUDOKU_STEPS_MORE;
}

static void grade_on(const char *text, int threads, grade_text *g)
{
    const sudoku_limits limits = {.threads = threads};
    sudoku_grid puzzle;
    sudoku_candidates grid;

    memset(g, 0, sizeof *g);
    assert_int_equal(sudoku_parse(&puzzle, text, strlen(text), NULL), SUDOKU_OK);
    assert_int_equal(sudoku_candidates_init(&grid, &puzzle, NULL, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_grade_steps(&grid, &limits, keep_step, g, &g->rating),
                     SUDOKU_OK);
    assert_true(g->rating.complete);
}

static void test_the_steps_of_one_thread(void **state)
{
    static const int counts[] = {2, 7};
    const size_t taken = getenv("SUDOKU_QUICK") ? 1 : sizeof puzzles / sizeof *puzzles;

    (void)state;
    for (size_t p = 0; p < taken; p++) {
        grade_text one;

        grade_on(puzzles[p], 1, &one);
        assert_true(one.rating.er >= 90); /* the forcing chains (+) or harder */
        for (size_t k = 0; k < sizeof counts / sizeof *counts; k++) {
            grade_text many;

            grade_on(puzzles[p], counts[k], &many);
            assert_int_equal(many.length, one.length);
            assert_memory_equal(many.text, one.text, one.length);
            assert_memory_equal(&many.rating, &one.rating, sizeof one.rating);
            free(many.text);
        }
        free(one.text);
    }
}

/*
 * More threads than the library keeps, or than cells, are as many as it
 * keeps: each has a block of a cell or two. The puzzle (magictour-100's,
 * 8.3) takes static cell and region forcing chains, a few searches.
 */
static void test_too_many_threads(void **state)
{
    static const char multiple[] =
        "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........";
    grade_text one, many;

    (void)state;
    grade_on(multiple, 1, &one);
    grade_on(multiple, SUDOKU_THREADS_MAX + 1000, &many);
    assert_int_equal(many.length, one.length);
    assert_memory_equal(many.text, one.text, one.length);
    free(one.text);
    free(many.text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_steps_of_one_thread),
        cmocka_unit_test(test_too_many_threads),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
