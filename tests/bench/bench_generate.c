/*
 * bench_generate.c - sudoku-bench-generate, the speed of the generator.
 *
 * It times sudoku_generate_grid() and sudoku_generate() for each symmetry,
 * item after item of one run (seed, index 0, 1, 2, ...), on one thread, and
 * prints how many it made a second and their mean number of givens. Then
 * it times puzzles of each level that the grader can check, made as
 * `sudoku generate --level` makes them: an accept function grades each
 * attempt and turns down those of another level. Only the library calls
 * are on the clock, which is the process's processor time (clock()), not
 * the wall's, so that other programs sharing the core slow the figures
 * less; they still share its caches. Run it on one core, e.g.
 * `taskset -c 1 sudoku-bench-generate`.
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
} options;

static const char usage_text[] =
    "Usage: sudoku-bench-generate [--seconds S] [--seed N]\n"
    "\n"
    "Times the generator for at least S seconds (default 1) per row: full\n"
    "grids, minimal puzzles for each symmetry, then puzzles of each level\n"
    "that the grader can check (no symmetry).\n";

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
        } else {
            return usage_error("unknown option", name);
        }
    }
    return -1;
}

/*
 * The range of a level, as `sudoku generate --level` takes it when the
 * record gives no rating: the step loop stops once the grade is known to
 * pass its top, or, for a level without one, to reach its bottom.
 */
static int accept_level(const sudoku_grid *puzzle, const sudoku_grid *solution,
                        void *context)
{
    const sudoku_level_range *l = context;
    const sudoku_limits limits = {
        .max_difficulty = l->max == SUDOKU_RATING_UNBOUNDED ? l->min - 1 : l->max};
    sudoku_candidates grid;
    sudoku_rating rating;
    sudoku_step step;

    (void)solution;
    sudoku_candidates_init(&grid, puzzle, NULL, NULL);
    sudoku_rating_start(&rating);
    while (sudoku_next_step_limited(&grid, &limits, &rating, &step) == SUDOKU_OK) {
        sudoku_rating_add(&rating, &step);
        if (rating.er > l->max)
            return 0;
        if (l->max == SUDOKU_RATING_UNBOUNDED && rating.er >= l->min)
            return 1;
        sudoku_apply_step(&grid, &step);
        if (sudoku_rating_settle(&rating, &grid, &step))
            break;
    }
    sudoku_rating_finish(&rating, &grid);
    if (!rating.complete) /* past the limit or the ladder: in a level without top */
        return l->max == SUDOKU_RATING_UNBOUNDED;
    return rating.er >= l->min;
}

/*
 * Makes items of one kind, BATCH at a time, until `seconds` have gone by
 * on the clock; symmetry < 0 means full grids. Returns the items made,
 * and their time and givens through the pointers.
 */
static unsigned long time_kind(const options *opt, int symmetry,
                               const sudoku_level_range *level, double *micros,
                               double *clues)
{
    const sudoku_generate_options g = {
        .symmetry = symmetry < 0 ? SUDOKU_SYMMETRY_NONE : (sudoku_symmetry)symmetry,
        .accept = level ? accept_level : NULL,
        .context = (void *)level};
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
    size_t level_count;
    const sudoku_level_range *levels = sudoku_levels(&level_count);

    if (status >= 0)
        return status;
    printf("seed %llu, one thread, at least %g s of processor time a row\n\n",
           (unsigned long long)opt.seed, opt.seconds);
    printf("%-14s %10s %12s %10s %8s\n", "kind", "made", "per second", "us each",
           "givens");
    for (int s = -1; s < SUDOKU_SYMMETRY_COUNT; s++) {
        double micros, clues;
        const unsigned long made = time_kind(&opt, s, NULL, &micros, &clues);

        printf("%-14s %10lu %12.0f %10.2f %8.2f\n",
               s < 0 ? "grids" : sudoku_symmetry_name((sudoku_symmetry)s), made,
               (double)made / micros * 1e6, micros / (double)made, clues);
        fflush(stdout);
    }
    for (size_t i = 0; i < level_count; i++) {
        const sudoku_level_range *l = &levels[i];
        double micros, clues;
        unsigned long made;
        char name[32];

        made = time_kind(&opt, SUDOKU_SYMMETRY_NONE, l, &micros, &clues);
        snprintf(name, sizeof name, "level %s", l->name);
        printf("%-14s %10lu %12.0f %10.2f %8.2f\n", name, made,
               (double)made / micros * 1e6, micros / (double)made, clues);
        fflush(stdout);
    }
    return 0;
}
