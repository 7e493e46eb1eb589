/*
 * test_rated.c - puzzles of a chosen rating, made through the library
 * alone (this program links libsudoku and nothing of the command's).
 *
 * Seed 4 is the first whose carving finds nothing rated 9.0 or more, so
 * its puzzle comes from the neighbourhood search. It must be rated so by
 * sudoku_rate(), have one solution, be minimal, and be the very puzzle that
 * `sudoku generate --seed 4 --rating 9.0-` prints.
 */
#define _POSIX_C_SOURCE 200809L /* popen */

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sudoku.h"

/* The built command, from the first argument. */
static const char *command_path;

static int unique(const sudoku_grid *puzzle)
{
    unsigned long count;

    return sudoku_count(puzzle, 2, &count, NULL, NULL) == SUDOKU_OK && count == 1;
}

/* The "puzzle" of the command's JSON record, into text (82 bytes). */
static void command_puzzle(const char *options, char *text)
{
    char command[512], record[2048];
    const char *at;
    FILE *f;

    snprintf(command, sizeof command, "'%s' generate -j1 -f json %s", command_path,
             options);
    f = popen(command, "r");
    assert_non_null(f);
    assert_non_null(fgets(record, sizeof record, f));
    assert_int_equal(pclose(f), 0);
    at = strstr(record, "\"puzzle\":\"");
    assert_non_null(at);
    memcpy(text, at + 10, SUDOKU_CELLS);
    text[SUDOKU_CELLS] = '\0';
}

static void test_hard_puzzle_from_a_seed(void **state)
{
    sudoku_generated made;
    sudoku_rating rating, again;
    char text[SUDOKU_CELLS + 1], expected[SUDOKU_CELLS + 1];

    (void)state;
    assert_int_equal(sudoku_generate_rated(4, 0, NULL, 90, SUDOKU_RATING_UNBOUNDED,
                                           &made, &rating),
                     SUDOKU_OK);
    assert_true(made.attempts > SUDOKU_GENERATE_ATTEMPTS); /* the search's */
    assert_true(rating.complete);
    assert_true(rating.er >= 90);
    assert_int_equal(sudoku_rate(&made.puzzle, &again, NULL), SUDOKU_OK);
    assert_int_equal(again.er, rating.er);
    assert_int_equal(again.ep, rating.ep);
    assert_int_equal(again.ed, rating.ed);
    assert_true(unique(&made.puzzle));
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        sudoku_grid less = made.puzzle;

        if (!less.cell[cell])
            continue;
        less.cell[cell] = 0;
        assert_false(unique(&less)); /* minimal: every given is needed */
    }
    command_puzzle("--seed 4 --rating 9.0-", expected);
    assert_string_equal(sudoku_format(&made.puzzle, text), expected);
}

/* The grade cut short where it can be gives the same puzzles as whole. */
static void test_same_puzzle_with_or_without_the_grade(void **state)
{
    const sudoku_generate_options how = {.symmetry = SUDOKU_SYMMETRY_ROTATE180};

    (void)state;
    for (uint64_t index = 0; index < 4; index++) {
        sudoku_generated cut, whole;
        sudoku_rating rating;

        assert_int_equal(sudoku_generate_rated(11, index, &how, 30, SUDOKU_RATING_UNBOUNDED,
                                               &cut, NULL),
                         SUDOKU_OK);
        assert_int_equal(sudoku_generate_rated(11, index, &how, 30, SUDOKU_RATING_UNBOUNDED,
                                               &whole, &rating),
                         SUDOKU_OK);
        assert_memory_equal(&cut.puzzle, &whole.puzzle, sizeof cut.puzzle);
        assert_int_equal(cut.symmetry, SUDOKU_SYMMETRY_ROTATE180);
        assert_true(rating.complete && rating.er >= 30);
    }
}

static int accept_any(const sudoku_grid *puzzle, const sudoku_grid *solution,
                      void *context)
{
    (void)puzzle;
    (void)solution;
    (void)context;
    return 1;
}

static void test_options_refused(void **state)
{
    const sudoku_generate_options with_accept = {.accept = accept_any};
    const sudoku_generate_options few_clues = {.max_clues = 16};
    sudoku_generated made;
    sudoku_rating rating;

    (void)state;
    assert_int_equal(sudoku_generate_rated(1, 0, NULL, 30, 40, NULL, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_grade_steps(NULL, NULL, NULL, NULL, &rating), SUDOKU_E_NULL);
    assert_int_equal(sudoku_generate_rated(1, 0, NULL, 40, 30, &made, NULL),
                     SUDOKU_E_OPTION);
    assert_int_equal(sudoku_generate_rated(1, 0, &with_accept, 30, 40, &made, NULL),
                     SUDOKU_E_OPTION);
    assert_int_equal(sudoku_generate_rated(1, 0, &few_clues, 30, 40, &made, NULL),
                     SUDOKU_E_OPTION);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hard_puzzle_from_a_seed),
        cmocka_unit_test(test_same_puzzle_with_or_without_the_grade),
        cmocka_unit_test(test_options_refused),
    };

    if (argc != 2) {
        fprintf(stderr, "usage: %s SUDOKU_COMMAND\n", argv[0]);
        return 2;
    }
    command_path = argv[1];
    return cmocka_run_group_tests(tests, NULL, NULL);
}
