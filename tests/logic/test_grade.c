/*
 * test_grade.c - the grader against Sudoku Explainer's own ratings, and
 * every step it takes against the solution.
 *
 * puzzles/ratings holds SE's ratings of 1,600 puzzles, made by SE
 * itself, not by this project. For every puzzle, the test compares ER, EP
 * and ED with SE's, and prints per file how many are equal and how many
 * within 0.1, and the puzzles that differ, with both ratings. Over all the
 * files, each figure must be equal on at least 98% of the puzzles and
 * within 0.1 on at least 99.5%; on the puzzles SE rates 6.2 or less, all
 * three must be equal on at least 99%.
 *
 * Soundness: on every puzzle, no step strikes the solution's digit from a
 * cell or places another digit, and the steps end at the solution or
 * where the techniques run out.
 *
 * With SUDOKU_QUICK set (as CI does for its slower builds), only the first
 * SUDOKU_QUICK_LINES lines of each file are taken, 2000 by default, and
 * only the rule for the puzzles up to 6.2 and the soundness of the steps
 * are asserted; the shares of the whole files are printed all the same.
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

#define RATINGS SUDOKU_SOURCE_DIR "/puzzles/ratings/"

static const char *const rating_files[] = {
    "qqwing-1000.txt", "17-clue-500.txt", "magictour-100.txt"};

typedef struct tally {
    int puzzles, equal[3], near[3]; /* ER, EP, ED: equal, within 0.1 */
    int easy, easy_equal;           /* SE 6.2 or less: all three equal */
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
    int se[3], ours[3], known[3], same = 1;

    assert_int_equal(sudoku_parse(&puzzle, line, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sscanf(line + SUDOKU_CELLS, " %lf/%lf/%lf", &er, &ep, &ed), 3);
    assert_int_equal(sudoku_rate(&puzzle, &r, NULL), SUDOKU_OK);
    check_steps(&puzzle, where);
    se[0] = tenths(er), se[1] = tenths(ep), se[2] = tenths(ed);
    ours[0] = r.er, ours[1] = r.ep, ours[2] = r.ed;
    t->puzzles++;
    /* an incomplete rating is a bound: exact only where a step set it */
    known[0] = r.complete, known[1] = r.complete || r.placed, known[2] = r.steps > 0;
    for (int i = 0; i < 3; i++) {
        const int gap = ours[i] - se[i];

        t->equal[i] += gap == 0 && known[i];
        t->near[i] += gap >= -1 && gap <= 1 && known[i];
        same &= gap == 0 && known[i];
    }
    if (se[0] <= 62) {
        t->easy++;
        t->easy_equal += same;
    }
    if (!same)
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

static void print_tally(const char *name, const tally *t)
{
    static const char *const figures[3] = {"ER", "EP", "ED"};

    printf("%s: %d puzzles;", name, t->puzzles);
    for (int i = 0; i < 3; i++)
        printf(" %s equal %d (%.1f%%), within 0.1 %d (%.1f%%);", figures[i],
               t->equal[i], 100.0 * t->equal[i] / t->puzzles, t->near[i],
               100.0 * t->near[i] / t->puzzles);
    printf(" rated 6.2 or less by SE: all equal on %d of %d\n", t->easy_equal,
           t->easy);
}

static void test_agreement_with_se(void **state)
{
    const unsigned long most = lines_to_read();
    tally all = {0};
    int files = 0, cut = 0;

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
        cut |= fgets(line, sizeof line, f) != NULL; /* lines left unread */
        fclose(f);
        print_tally(rating_files[i], &t);
        all.puzzles += t.puzzles;
        for (int k = 0; k < 3; k++) {
            all.equal[k] += t.equal[k];
            all.near[k] += t.near[k];
        }
        all.easy += t.easy;
        all.easy_equal += t.easy_equal;
    }
    assert_int_equal(files, sizeof rating_files / sizeof *rating_files);
    print_tally("all", &all);
    /* the targets are over whole files: a subset's share says less */
    for (int k = 0; k < 3 && !cut; k++) {
        assert_true(all.equal[k] * 100 >= all.puzzles * 98);
        assert_true(all.near[k] * 1000 >= all.puzzles * 995);
    }
    assert_true(all.easy_equal * 100 >= all.easy * 99);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agreement_with_se),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
