/*
 * bench_grade.c - sudoku-bench-grade, the speed of grading.
 *
 * For each file it grades every puzzle once with sudoku_rate(), which
 * checks uniqueness and takes every step, and prints the mean and the
 * worst time per puzzle, with the puzzle that took longest. Only the
 * library call is on the clock, which is the processor time of the
 * calling thread where POSIX has one (the machines are shared, and wall
 * time there says more about the neighbours than about the grader), and
 * else the process's. Run it on one core: `taskset -c 1 sudoku-bench-grade
 * FILE...`. With `--max-rating X`, each grade stops once ER is known to
 * pass X, as `sudoku grade --max-rating X` does. A puzzle that cannot be
 * graded (unsolvable, not unique, invalid) is reported and makes the exit
 * status 1.
 */
#include "cpu_clock.h"

#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tally {
    unsigned long puzzles, complete, failed;
    double total, worst;
    char worst_puzzle[SUDOKU_CELLS + 1];
} tally;

/* Grades one line, if it holds a puzzle, into the tally. */
static void grade_line(const char *name, unsigned long number, const char *line,
                       const sudoku_limits *limits, tally *t)
{
    sudoku_grid puzzle;
    sudoku_rating rating;
    sudoku_status status;
    double start, took;

    if (line[0] == '#' || strlen(line) < SUDOKU_CELLS)
        return;
    if (sudoku_parse(&puzzle, line, SUDOKU_CELLS, NULL) != SUDOKU_OK) {
        fprintf(stderr, "sudoku-bench-grade: %s:%lu: not a puzzle\n", name, number);
        t->failed++;
        return;
    }
    start = cpu_seconds();
    status = sudoku_rate_limited(&puzzle, limits, &rating, NULL);
    took = cpu_seconds() - start;
    if (status != SUDOKU_OK) {
        fprintf(stderr, "sudoku-bench-grade: %s:%lu: %s\n", name, number,
                sudoku_strerror(status));
        t->failed++;
        return;
    }
    t->puzzles++;
    t->complete += (unsigned long)rating.complete;
    t->total += took;
    if (took > t->worst) {
        t->worst = took;
        memcpy(t->worst_puzzle, line, SUDOKU_CELLS);
        t->worst_puzzle[SUDOKU_CELLS] = '\0';
    }
}

/* "7.5" in tenths, or 0 when it is not a rating from 0.1 to 20.0. */
static int parse_tenths(const char *text)
{
    char *end;
    const double x = strtod(text, &end);

    return *end || !(x >= 0.1 && x <= 20.0) ? 0 : (int)(x * 10 + 0.5);
}

int main(int argc, char **argv)
{
    sudoku_limits limits = {0};
    int status = 0, first = 1;

    if (argc > 2 && strcmp(argv[1], "--max-rating") == 0) {
        limits.max_difficulty = parse_tenths(argv[2]);
        first = 3;
    }
    if (argc <= first || strcmp(argv[1], "--help") == 0 ||
        (first == 3 && limits.max_difficulty == 0)) {
        fputs("Usage: sudoku-bench-grade [--max-rating X] FILE...\n"
              "Grades every puzzle of each file (one per line, '#' comments) and\n"
              "prints the mean and worst processor time per puzzle; with\n"
              "--max-rating, each grade stops once ER is known to pass X.\n",
              argc > 1 && strcmp(argv[1], "--help") == 0 ? stdout : stderr);
        return argc > 1 && strcmp(argv[1], "--help") == 0 ? 0 : 2;
    }
    printf("%-28s %8s %9s %10s %10s  %s\n", "file", "puzzles", "complete",
           "mean ms", "worst ms", "slowest puzzle");
    for (int i = first; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        const char *base = strrchr(argv[i], '/');
        char line[1024];
        unsigned long number = 0;
        tally t = {0};

        if (!f) {
            perror(argv[i]);
            status = 1;
            continue;
        }
        while (fgets(line, sizeof line, f))
            grade_line(argv[i], ++number, line, &limits, &t);
        fclose(f);
        if (t.failed)
            status = 1;
        printf("%-28s %8lu %8.1f%% %10.3f %10.3f  %s\n", base ? base + 1 : argv[i],
               t.puzzles, t.puzzles ? 100.0 * (double)t.complete / (double)t.puzzles : 0,
               t.puzzles ? 1e3 * t.total / (double)t.puzzles : 0, 1e3 * t.worst,
               t.worst_puzzle);
    }
    return status;
}
