/*
 * bench_generate.c - sudoku-bench-generate, the speed of the generator.
 *
 * It times sudoku_generate_grid() and sudoku_generate() for each symmetry,
 * item after item of one run (seed, index 0, 1, 2, ...), on one thread, and
 * prints how many it made a second and their mean number of givens. Only
 * the library calls are on the clock, which is the process's processor
 * time (clock()), not the wall's, so that other programs sharing the core
 * slow the figures less; they still share its caches. Run it on one core,
 * e.g. `taskset -c 1 sudoku-bench-generate`.
 *
 * With --dump N it times nothing and writes N puzzles instead, each as a
 * line "PUZZLE SOLUTION", for tests/generated_sets.sh to check from the
 * outside.
 */
#include "sudoku.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { EXIT_USAGE = 2, BATCH = 64 };

typedef struct options {
    double seconds;
    uint64_t seed;
    unsigned long dump; /* 0: time instead */
    sudoku_symmetry symmetry;
    int max_clues;
} options;

static const char usage_text[] =
    "Usage: sudoku-bench-generate [--seconds S] [--seed N]\n"
    "       sudoku-bench-generate --dump N [--seed N] [--symmetry NAME] [--clues MAX]\n"
    "\n"
    "Times the generator for at least S seconds (default 1) per row: full\n"
    "grids, then minimal puzzles for each symmetry. With --dump, writes N\n"
    "puzzles of the run SEED (default 1), one 'PUZZLE SOLUTION' line each.\n";

static int usage_error(const char *what, const char *value)
{
    fprintf(stderr, "sudoku-bench-generate: %s '%s'\n%s", what, value, usage_text);
    return EXIT_USAGE;
}

/* A whole number up to max, digits only. */
static int parse_number(const char *text, unsigned long long max,
                        unsigned long long *value)
{
    char *end;

    if (*text < '0' || *text > '9')
        return 0;
    errno = 0;
    *value = strtoull(text, &end, 10);
    return *end == '\0' && errno != ERANGE && *value <= max;
}

/* Returns -1 to go on, or the status to exit with. */
static int parse_options(int argc, char **argv, options *opt)
{
    for (int i = 1; i < argc; i++) {
        const char *name = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned long long n;
        char *end;

        if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (!value)
            return usage_error("unknown option or missing value", name);
        i++;
        if (strcmp(name, "--seconds") == 0) {
            opt->seconds = strtod(value, &end);
            if (*end || !(opt->seconds > 0 && opt->seconds <= 86400))
                return usage_error("invalid time", value);
        } else if (strcmp(name, "--seed") == 0) {
            if (!parse_number(value, UINT64_MAX, &n))
                return usage_error("invalid seed", value);
            opt->seed = n;
        } else if (strcmp(name, "--dump") == 0) {
            if (!parse_number(value, 100000000, &n) || n == 0)
                return usage_error("invalid count", value);
            opt->dump = (unsigned long)n;
        } else if (strcmp(name, "--clues") == 0) {
            if (!parse_number(value, 81, &n) || n < 17)
                return usage_error("invalid number of clues", value);
            opt->max_clues = (int)n;
        } else if (strcmp(name, "--symmetry") == 0) {
            if (sudoku_symmetry_from_name(value, &opt->symmetry) != SUDOKU_OK)
                return usage_error("unknown symmetry", value);
        } else {
            return usage_error("unknown option", name);
        }
    }
    return -1;
}

static int dump(const options *opt)
{
    const sudoku_generate_options g = {.symmetry = opt->symmetry,
                                       .max_clues = opt->max_clues};

    for (unsigned long k = 0; k < opt->dump; k++) {
        sudoku_generated out;
        char puzzle[SUDOKU_CELLS + 1], solution[SUDOKU_CELLS + 1];
        const sudoku_status status = sudoku_generate(opt->seed, k, &g, &out);

        if (status != SUDOKU_OK) {
            fprintf(stderr, "sudoku-bench-generate: puzzle %lu: %s\n", k,
                    sudoku_strerror(status));
            return 1;
        }
        printf("%s %s\n", sudoku_format(&out.puzzle, puzzle),
               sudoku_format(&out.solution, solution));
    }
    return fflush(stdout) == 0 ? 0 : 1;
}

/*
 * Makes items of one kind, BATCH at a time, until `seconds` have gone by
 * on the clock; symmetry < 0 means full grids. Returns the items made,
 * and their time and givens through the pointers.
 */
static unsigned long time_kind(const options *opt, int symmetry,
                               double *micros, double *clues)
{
    const sudoku_generate_options g = {.symmetry = (sudoku_symmetry)symmetry};
    unsigned long made = 0;
    double total = 0;

    *micros = 0;
    do {
        const clock_t start = clock();

        for (int i = 0; i < BATCH; i++, made++) {
            sudoku_generated out;
            sudoku_grid grid;

            if (symmetry < 0) {
                sudoku_generate_grid(opt->seed, made, &grid);
            } else {
                sudoku_generate(opt->seed, made, &g, &out);
                total += out.clues;
            }
        }
        *micros += (double)(clock() - start) * 1e6 / CLOCKS_PER_SEC;
    } while (*micros < opt->seconds * 1e6);
    *clues = symmetry < 0 ? 81 : total / (double)made;
    return made;
}

int main(int argc, char **argv)
{
    options opt = {.seconds = 1, .seed = 1};
    const int status = parse_options(argc, argv, &opt);

    if (status >= 0)
        return status;
    if (opt.dump)
        return dump(&opt);
    printf("seed %llu, one thread, at least %g s of processor time a row\n\n",
           (unsigned long long)opt.seed, opt.seconds);
    printf("%-14s %10s %12s %10s %8s\n", "kind", "made", "per second", "us each",
           "givens");
    for (int s = -1; s < SUDOKU_SYMMETRY_COUNT; s++) {
        double micros, clues;
        const unsigned long made = time_kind(&opt, s, &micros, &clues);

        printf("%-14s %10lu %12.0f %10.2f %8.2f\n",
               s < 0 ? "grids" : sudoku_symmetry_name((sudoku_symmetry)s), made,
               (double)made / micros * 1e6, micros / (double)made, clues);
        fflush(stdout);
    }
    return 0;
}
