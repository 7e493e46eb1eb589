/*
 * explain_check.c - sudoku-explain-check: the step loop of `explain` on
 * whole files of hard puzzles, every step checked against the solution.
 *
 * For each puzzle (the first 81 characters of a line; '#' lines are
 * skipped) it finds the solution with sudoku_count(), then takes steps
 * with sudoku_next_step() and sudoku_apply_step() until none is left, as
 * `sudoku explain` does, and checks each one: a step must place or strike
 * something, strike no candidate the grid lacks and never the solution's
 * digit, and place only the solution's digit in an open cell. It prints,
 * per file, how many puzzles the techniques finished, the steps taken,
 * the hardest step, and the mean and worst processor time, and names every
 * puzzle left unfinished and every wrong step. The exit status is 1 if a
 * step was wrong or a puzzle was left unfinished, 2 on a usage error.
 *
 * `--first N` takes only the first N puzzles of each file, which is how
 * ctest runs it on a sample; in full it is a job of hours for the forum's
 * hardest lists (see tests/CMakeLists.txt). Run it on one core:
 * `taskset -c 1 sudoku-explain-check FILE...`. `--unfinished-ok` lets
 * puzzles stay unfinished, and only wrong steps fail: the tests build it
 * a second time on a library with little room for its chains, whose
 * searches then fill it and find less.
 */
#include "../bench/cpu_clock.h"

#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tally {
    unsigned long puzzles, finished, steps, wrong, refused;
    int hardest;
    double total, worst;
    char worst_puzzle[SUDOKU_CELLS + 1];
} tally;

/* Whether a step is sound on this grid, given the solution. */
static int sound(const sudoku_candidates *grid, const sudoku_step *step,
                 const sudoku_grid *solution)
{
    int changes = 0;

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const unsigned truth = 1u << (solution->cell[c] - 1);

        if ((step->strike[c] & truth) || (step->strike[c] & ~grid->mask[c]))
            return 0;
        if (step->place[c] && (grid->value[c] || step->place[c] != solution->cell[c]))
            return 0;
        changes |= step->strike[c] || step->place[c];
    }
    return changes;
}

/* Steps through one puzzle; returns 1 if the techniques finished it. */
static int walk(const sudoku_grid *puzzle, const sudoku_grid *solution,
                const char *where, tally *t)
{
    sudoku_candidates grid;
    sudoku_step step;
    int left = 0;

    sudoku_candidates_init(&grid, puzzle, NULL, NULL);
    while (sudoku_next_step(&grid, &step) == SUDOKU_OK) {
        t->steps++;
        if (step.difficulty > t->hardest)
            t->hardest = step.difficulty;
        if (!sound(&grid, &step, solution)) {
            char text[4096];

            sudoku_describe_step(&step, text, sizeof text);
            printf("  %s: a wrong step: %s\n", where, text);
            t->wrong++;
            return 0;
        }
        sudoku_apply_step(&grid, &step);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++)
        left += grid.value[c] == 0;
    if (left)
        printf("  %s: not finished, %d cells open\n", where, left);
    return left == 0;
}

static void check_line(const char *name, unsigned long number, const char *line,
                       tally *t)
{
    sudoku_grid puzzle, solution;
    unsigned long count = 0;
    char where[512];
    double start, took;

    if (line[0] == '#' || strlen(line) < SUDOKU_CELLS)
        return;
    snprintf(where, sizeof where, "%s:%lu", name, number);
    if (sudoku_parse(&puzzle, line, SUDOKU_CELLS, NULL) != SUDOKU_OK ||
        sudoku_count(&puzzle, 2, &count, &solution, NULL) != SUDOKU_OK || count != 1) {
        printf("  %s: not a puzzle with one solution\n", where);
        t->refused++;
        return;
    }
    t->puzzles++;
    start = cpu_seconds();
    t->finished += (unsigned long)walk(&puzzle, &solution, where, t);
    took = cpu_seconds() - start;
    t->total += took;
    if (took > t->worst) {
        t->worst = took;
        memcpy(t->worst_puzzle, line, SUDOKU_CELLS);
        t->worst_puzzle[SUDOKU_CELLS] = '\0';
    }
    fflush(stdout);
}

static int usage(FILE *to, int status)
{
    fputs("Usage: sudoku-explain-check [--first N] [--unfinished-ok] FILE...\n"
          "Takes every step of every puzzle (the first 81 characters of a line)\n"
          "as `sudoku explain` does, checks each against the solution, and prints\n"
          "per file how many the techniques finished and the time they took.\n"
          "With --unfinished-ok, a puzzle left unfinished fails nothing, as when\n"
          "the library is built with little room for its chains.\n",
          to);
    return status;
}

int main(int argc, char **argv)
{
    unsigned long first = (unsigned long)-1;
    int status = 0, arg = 1, unfinished_ok = 0;

    if (argc > 1 && strcmp(argv[1], "--help") == 0)
        return usage(stdout, 0);
    for (; arg < argc && strncmp(argv[arg], "--", 2) == 0; arg++) {
        char *end;

        if (strcmp(argv[arg], "--unfinished-ok") == 0) {
            unfinished_ok = 1;
        } else if (strcmp(argv[arg], "--first") == 0 && arg + 1 < argc) {
            first = strtoul(argv[++arg], &end, 10);
            if (*end || !*argv[arg])
                return usage(stderr, 2);
        } else {
            return usage(stderr, 2);
        }
    }
    if (arg >= argc)
        return usage(stderr, 2);
    for (; arg < argc; arg++) {
        FILE *f = fopen(argv[arg], "r");
        char line[1024];
        unsigned long number = 0;
        tally t = {0};

        if (!f) {
            perror(argv[arg]);
            status = 1;
            continue;
        }
        while (t.puzzles + t.refused < first && fgets(line, sizeof line, f))
            check_line(argv[arg], ++number, line, &t);
        fclose(f);
        printf("%s: %lu puzzles, %lu finished by the techniques, %lu steps, "
               "%lu wrong; hardest step %d.%d; mean %.3f s, worst %.3f s (%s)\n",
               argv[arg], t.puzzles, t.finished, t.steps, t.wrong, t.hardest / 10,
               t.hardest % 10, t.puzzles ? t.total / (double)t.puzzles : 0.0, t.worst,
               t.worst_puzzle);
        if (t.wrong || t.refused || (t.finished < t.puzzles && !unfinished_ok))
            status = 1;
    }
    return status;
}
