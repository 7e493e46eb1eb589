/*
 * test_grade.c - the grader against Sudoku Explainer's own ratings, and
 * every step it takes against the solution.
 *
 * puzzles/ratings holds SE's ratings of 1,600 everyday and hard puzzles,
 * made by SE itself, not by this project. For every puzzle, the test
 * compares ER, EP and ED with SE's, and prints per file how many are
 * equal and how many within 0.1, and the puzzles that differ, with both
 * ratings. All three must be equal on every puzzle.
 *
 * puzzles/ratings/forum-hardest-se.txt holds SE's ratings of puzzles from
 * the forum's lists of the hardest (its header tells how they were made),
 * which need SE's (+) and nested forcing chains. There every puzzle must be
 * rated to a number (the techniques finish it), ER within 0.1 of SE's, and
 * all three equal on at least 95% of the puzzles; the test lists every
 * puzzle that differs.
 *
 * Soundness: on every puzzle, no step strikes the solution's digit from a
 * cell or places another digit, and the steps end at the solution or
 * where the techniques run out. Rated one by one, those steps give
 * sudoku_rate()'s grade, which takes the last singles at once, its count
 * of steps included.
 *
 * With SUDOKU_QUICK set (as CI does for its slower builds), only the first
 * SUDOKU_QUICK_LINES lines of each file are taken, 2000 by default (of the
 * hardest puzzles, the first ten or so), and only the soundness of the
 * steps and the rule for the hardest puzzles are asserted; the shares of
 * the whole files are printed all the same.
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
#define HARDEST SUDOKU_SOURCE_DIR "/puzzles/ratings/forum-hardest-se.txt"

static const char *const rating_files[] = {
    "qqwing-1000.txt", "17-clue-500.txt", "magictour-100.txt"};

typedef struct tally {
    int puzzles, equal[3], near[3]; /* ER, EP, ED: equal, within 0.1 */
    int all_equal;                  /* all three equal */
    int incomplete;                 /* not rated to a number */
} tally;

/*
 * Replays the steps of a puzzle against its solution, one by one, and
 * rates them so: the grade `rated` (sudoku_rate()'s, which takes the last
 * singles at once) must be the same, its count of steps included.
 */
static void check_steps(const sudoku_grid *puzzle, const sudoku_rating *rated,
                        const char *where)
{
    sudoku_grid solution;
    sudoku_candidates grid;
    sudoku_rating r;
    sudoku_step step;
    unsigned long count;

    assert_int_equal(sudoku_count(puzzle, 2, &count, &solution, NULL), SUDOKU_OK);
    assert_int_equal(count, 1);
    assert_int_equal(sudoku_candidates_init(&grid, puzzle, NULL, NULL), SUDOKU_OK);
    sudoku_rating_start(&r);
    while (sudoku_next_step(&grid, &step) == SUDOKU_OK) {
        sudoku_rating_add(&r, &step);
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
    sudoku_rating_finish(&r, &grid);
    if (r.er != rated->er || r.ep != rated->ep || r.ed != rated->ed ||
        r.hardest != rated->hardest || r.steps != rated->steps ||
        r.complete != rated->complete || r.placed != rated->placed)
        fail_msg("%s: step by step %d/%d/%d in %lu steps, sudoku_rate %d/%d/%d in %lu",
                 where, r.er, r.ep, r.ed, r.steps, rated->er, rated->ep, rated->ed,
                 rated->steps);
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
    check_steps(&puzzle, &r, where);
    se[0] = tenths(er), se[1] = tenths(ep), se[2] = tenths(ed);
    ours[0] = r.er, ours[1] = r.ep, ours[2] = r.ed;
    t->puzzles++;
    t->incomplete += !r.complete;
    /* an incomplete rating is a bound: exact only where a step set it */
    known[0] = r.complete, known[1] = r.complete || r.placed, known[2] = r.steps > 0;
    for (int i = 0; i < 3; i++) {
        const int gap = ours[i] - se[i];

        t->equal[i] += gap == 0 && known[i];
        t->near[i] += gap >= -1 && gap <= 1 && known[i];
        same &= gap == 0 && known[i];
    }
    t->all_equal += same;
    if (!same)
        printf("  %s: SE %.1f/%.1f/%.1f, ours %s%d.%d/%d.%d/%d.%d (%s)\n", where, er,
               ep, ed, r.complete ? "" : ">", r.er / 10, r.er % 10, r.ep / 10,
               r.ep % 10, r.ed / 10, r.ed % 10, sudoku_technique_name(r.hardest));
    fflush(stdout);
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
    printf(" all three equal on %d (%.1f%%); not rated to a number: %d\n",
           t->all_equal, 100.0 * t->all_equal / t->puzzles, t->incomplete);
}

static void tally_add(tally *all, const tally *t)
{
    all->puzzles += t->puzzles;
    for (int k = 0; k < 3; k++) {
        all->equal[k] += t->equal[k];
        all->near[k] += t->near[k];
    }
    all->all_equal += t->all_equal;
    all->incomplete += t->incomplete;
}

/*
 * Rates the lines of a file, up to `most`, into t; a line is a puzzle,
 * then SE's ER/EP/ED. Returns 1 if lines were left unread, -1 if there
 * is no such file.
 */
static int rate_file(const char *path, const char *name, unsigned long most, tally *t)
{
    char line[256], where[128];
    unsigned long number = 0;
    int cut;
    FILE *f = fopen(path, "r");

    if (!f)
        return -1;
    while (number < most && fgets(line, sizeof line, f)) {
        number++;
        if (line[0] == '#' || strlen(line) < SUDOKU_CELLS)
            continue;
        snprintf(where, sizeof where, "%s:%lu", name, number);
        rate_line(line, where, t);
    }
    cut = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    print_tally(name, t);
    return cut;
}

static void test_agreement_with_se(void **state)
{
    const unsigned long most = lines_to_read();
    tally all = {0};
    int files = 0, cut = 0;

    (void)state;
    for (size_t i = 0; i < sizeof rating_files / sizeof *rating_files; i++) {
        char path[512];
        tally t = {0};
        int left;

        snprintf(path, sizeof path, "%s%s", RATINGS, rating_files[i]);
        left = rate_file(path, rating_files[i], most, &t);
        if (left < 0)
            continue;
        files++;
        cut |= left;
        tally_add(&all, &t);
    }
    assert_int_equal(files, sizeof rating_files / sizeof *rating_files);
    print_tally("all", &all);
    /* the rule is over whole files: a subset says less */
    for (int k = 0; k < 3 && !cut; k++)
        assert_int_equal(all.equal[k], all.puzzles);
}

/* The hardest puzzles, which need SE's (+) and nested forcing chains. */
static void test_hardest_agree_with_se(void **state)
{
    const unsigned long most = lines_to_read();
    tally t = {0};

    (void)state;
    /*
     * quick: the header's 20 lines and a puzzle for each 200 lines asked
     * of the other files (ten by default, one under valgrind), as these
     * take up to seconds each
     */
    assert_true(rate_file(HARDEST, "forum-hardest-se.txt",
                          most == (unsigned long)-1 ? most : 20 + most / 200, &t) >= 0);
    assert_true(t.puzzles > 0);
    assert_int_equal(t.incomplete, 0);
    assert_int_equal(t.near[0], t.puzzles);
    assert_true(t.all_equal * 100 >= t.puzzles * 95);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agreement_with_se),
        cmocka_unit_test(test_hardest_agree_with_se),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
