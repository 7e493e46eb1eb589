/*
 * test_grade.c - the grader against Sudoku Explainer's own ratings, and
 * every step it takes against the solution.
 *
 * ../shared/ratings holds SE's ratings of 1,600 puzzles, made by SE
 * itself, not by this project. For the puzzles SE rates 6.2 or less (the
 * top of our ladder), ER, EP and ED must all be equal on at least 99% of
 * them, and no puzzle SE rates above 6.2 may get a complete rating. The
 * test prints the agreement, and the puzzles that differ.
 *
 * Soundness: on every puzzle, no step strikes the solution's digit from a
 * cell or places another digit, and the steps end at the solution or
 * where the techniques run out.
 *
 * With SUDOKU_QUICK set (as CI does for its slower builds), only the first
 * SUDOKU_QUICK_LINES lines of each file are taken, 2000 by default.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

#ifndef SUDOKU_SOURCE_DIR
#error "SUDOKU_SOURCE_DIR must name the source tree, as a string"
#endif

#define RATINGS SUDOKU_SOURCE_DIR "/../shared/ratings/"

static const char *const rating_files[] = {
    "qqwing-1000.txt", "17-clue-500.txt", "magictour-100.txt"};

typedef struct tally {
    int within, equal, above, rated_within;
} tally;

/* Replays the steps of a puzzle against its solution. */
static void check_steps(const sudoku_grid *puzzle, const char *where)
{
    sudoku_grid solution;
    sudoku_candidates grid;
    sudoku_step step;
    unsigned long count;

    assert_int_equal(sudoku_count(puzzle, 2, &count, &solution, NULL), SUDOKU_OK);
    assert_int_equal(count, 1);
    assert_int_equal(sudoku_candidates_init(&grid, puzzle, NULL, NULL), SUDOKU_OK);
    while (sudoku_next_step(&grid, &step) == SUDOKU_OK) {
        for (int c = 0; c < SUDOKU_CELLS; c++) {
            const unsigned truth = 1u << (solution.cell[c] - 1);

            if ((step.strike[c] & truth) ||
                (step.place[c] && step.place[c] != solution.cell[c])) {
                char text[512];

                sudoku_describe_step(&step, text, sizeof text);
                fail_msg("%s: a wrong step: %s", where, text);
            }
        }
        sudoku_apply_step(&grid, &step);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (grid.value[c])
            assert_int_equal(grid.value[c], solution.cell[c]);
        else
            assert_true(grid.mask[c] & 1u << (solution.cell[c] - 1));
    }
}

static int tenths(double x)
{
    return (int)(x * 10 + 0.5);
}

static void rate_line(const char *line, const char *where, tally *t)
{
    sudoku_grid puzzle;
    sudoku_rating r;
    double er, ep, ed;

    assert_int_equal(sudoku_parse(&puzzle, line, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sscanf(line + SUDOKU_CELLS, " %lf/%lf/%lf", &er, &ep, &ed), 3);
    assert_int_equal(sudoku_rate(&puzzle, &r, NULL), SUDOKU_OK);
    check_steps(&puzzle, where);
    if (tenths(er) > SUDOKU_TOP_DIFFICULTY) {
        t->above++;
        if (r.complete) {
            t->rated_within++;
            printf("  %s: SE %.1f, ours %d.%d complete\n", where, er, r.er / 10,
                   r.er % 10);
        }
        return;
    }
    t->within++;
    if (r.complete && r.er == tenths(er) && r.ep == tenths(ep) && r.ed == tenths(ed))
        t->equal++;
    else
        printf("  %s: SE %.1f/%.1f/%.1f, ours %s%d.%d/%d.%d/%d.%d (%s)\n", where, er,
               ep, ed, r.complete ? "" : ">", r.er / 10, r.er % 10, r.ep / 10,
               r.ep % 10, r.ed / 10, r.ed % 10, sudoku_technique_name(r.hardest));
}

/* How many lines of each file to read: all, unless SUDOKU_QUICK is set. */
static unsigned long lines_to_read(void)
{
    const char *lines = getenv("SUDOKU_QUICK_LINES");

    if (!getenv("SUDOKU_QUICK"))
        return (unsigned long)-1;
    return lines ? strtoul(lines, NULL, 10) : 2000;
}

static void test_agreement_with_se(void **state)
{
    const unsigned long most = lines_to_read();
    tally all = {0};
    int files = 0;

    (void)state;
    for (size_t i = 0; i < sizeof rating_files / sizeof *rating_files; i++) {
        char path[512], line[256], where[96];
        unsigned long number = 0;
        tally t = {0};
        FILE *f;

        snprintf(path, sizeof path, "%s%s", RATINGS, rating_files[i]);
        if (!(f = fopen(path, "r")))
            continue;
        files++;
        while (number < most && fgets(line, sizeof line, f)) {
            number++;
            if (line[0] == '#' || strlen(line) < SUDOKU_CELLS)
                continue;
            snprintf(where, sizeof where, "%s:%lu", rating_files[i], number);
            rate_line(line, where, &t);
        }
        fclose(f);
        printf("%s: ER/EP/ED equal to SE's on %d of %d puzzles rated 6.2 or less "
               "(%.1f%%); %d of %d rated above 6.2 stay above\n",
               rating_files[i], t.equal, t.within,
               t.within ? 100.0 * t.equal / t.within : 100.0,
               t.above - t.rated_within, t.above);
        all.within += t.within;
        all.equal += t.equal;
        all.rated_within += t.rated_within;
    }
    if (files == 0)
        skip(); /* ../shared is not there */
    assert_true(all.equal * 100 >= all.within * 99);
    assert_int_equal(all.rated_within, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agreement_with_se),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
