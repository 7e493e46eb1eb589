/*
 * bench.c - sudoku-bench, the speed of the library on files of puzzles.
 *
 * Each file is loaded into memory whole, and each puzzle is relabelled at
 * random into an equivalent one: the digits permuted, the rows shuffled
 * within their bands and the bands among themselves, the same for columns
 * and stacks, and the grid transposed half the time. Published sets are
 * often ordered or labelled in ways that favour one solver's choices over
 * another's; relabelling takes that luck out of the figures. The seed makes
 * a run repeatable, and each file is relabelled from the seed alone, so a
 * file gets the same puzzles whatever other files are named with it.
 *
 * For every limit, one pass over the set solves each puzzle and checks what
 * came back with a checker of its own, not the library's: the grid is
 * complete, every row, column and box holds 1-9 once, and the givens are
 * kept. That pass also tallies the guesses. Only then are passes timed, and
 * only the sudoku_count() calls are inside the clock; each timed pass must
 * give the tallies of the checked one, or the figures are not trusted.
 *
 * With --canon, sudoku_canon() is timed instead, in the same way: a checked
 * pass first (the transform returned must give the form, and the form must
 * be its own form), then timed passes that must give the same forms. Its
 * rate is in grids a second, whatever the grids hold: a file of full grids
 * (solutions) and a file of puzzles are timed alike, and the row says what
 * share of the file is full.
 *
 * With --relabelled, nothing is timed: the puzzles are printed as they
 * would have been, one line each, so that another solver can be timed on
 * exactly the same ones (tests/bench/side_by_side.sh does so).
 *
 * With --once, the checked pass is the only one. Run under
 * `valgrind --tool=callgrind --toggle-collect=sudoku_count`, it counts the
 * instructions of exactly one solve per puzzle (tests/bench/callgrind.sh).
 */
#include "reader.h"
#include "clock.h"
#include "sudoku.h"

#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { EXIT_CHECK = 1, EXIT_TROUBLE = 2 };

static const char usage_line[] = "Usage: sudoku-bench [OPTIONS] FILE...\n";

static const char help_text[] =
    "Time the sudoku library on files of puzzles, one file at a time.\n"
    "\n"
    "Each FILE is read whole, in the formats that the sudoku command reads;\n"
    "'-' reads standard input. Records that are not valid puzzles are skipped,\n"
    "and their number goes to standard error. Every puzzle is then relabelled\n"
    "at random into an equivalent one: digits permuted, rows shuffled within\n"
    "bands and bands among themselves, columns and stacks likewise, and the\n"
    "grid transposed half the time.\n"
    "\n"
    "For limit 1 (find a solution) and limit 2 (find one and prove it unique),\n"
    "a first pass solves every puzzle and checks each solution without the\n"
    "library's help. Then whole passes over the set are timed until enough\n"
    "time has gone by; only the calls to sudoku_count() are on the clock.\n"
    "\n"
    "Options:\n"
    "  --seconds S     time each limit for at least S seconds (default 1)\n"
    "  --seed N        seed of the relabelling, 0 to 2^64-1 (default 1)\n"
    "  --no-relabel    keep the puzzles as the file gives them\n"
    "  --limit N       only this limit, 1 to 4294967295, instead of 1 and 2\n"
    "  --once          the checking pass only, untimed: under\n"
    "                  valgrind --tool=callgrind --toggle-collect=sudoku_count\n"
    "                  this counts the instructions of one solve per puzzle\n"
    "  --canon         time sudoku_canon() (the canonical form) instead of the\n"
    "                  solver; --limit does not apply\n"
    "  --relabelled    print the puzzles, relabelled as they would be timed,\n"
    "                  one line of 81 characters each, and time nothing\n"
    "  --cpu           time the process's processor time, not the wall's: on a\n"
    "                  shared machine, the neighbours then slow the figures less\n"
    "  --markdown      print the table in Markdown\n"
    "  -h, --help      print this help and exit\n"
    "\n"
    "The table has a row per file and limit: the puzzles, puzzles per second,\n"
    "microseconds per puzzle, the share of puzzles solved without a guess, and\n"
    "the mean guesses per puzzle (sudoku_stats.guesses). With --canon, a row per\n"
    "file: the grids (puzzles, or full grids such as solutions), grids per\n"
    "second, microseconds per grid, the share of full grids, and the share of\n"
    "grids with more than one automorphism.\n"
    "\n"
    "Exit status:\n"
    "  0  every solution was right, and the figures are printed\n"
    "  1  a puzzle had no solution or a wrong one, or a timed pass did not\n"
    "     repeat the checked pass's counts\n"
    "  2  a usage error, or a file that could not be read or held no puzzle\n";

#define MAX_LIMIT 4294967295UL

typedef struct options {
    double seconds;
    uint64_t seed;
    int relabel;
    unsigned long limit; /* 0: limits 1 and 2 */
    int once;
    int canon;
    int relabelled;
    int cpu;
    int markdown;
} options;

/* Seconds from an arbitrary start, by the clock that --cpu chooses. */
static double now(const options *opt)
{
    if (opt->cpu)
        return (double)clock() / CLOCKS_PER_SEC;
    return clock_micros() / 1e6;
}

/* The valid puzzles of one file, in file order. */
typedef struct puzzle_set {
    const char *path;
    sudoku_grid *grid;
    unsigned long *line; /* where each puzzle starts in the file */
    size_t count, capacity;
    unsigned long invalid;       /* records skipped */
    unsigned long first_invalid; /* the line of the first one */
} puzzle_set;

/* What a pass over a set gave; every pass must give the same. */
typedef struct tally {
    unsigned long long solutions, guesses;
    size_t no_guess;
} tally;

static int usage_error(const char *format, const char *detail)
{
    fputs("sudoku-bench: ", stderr);
    fprintf(stderr, format, detail);
    fprintf(stderr, "\n%sTry 'sudoku-bench --help' for more information.\n",
            usage_line);
    return EXIT_TROUBLE;
}

/* SplitMix64: small, fast, and good enough to shuffle nine things. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Fisher-Yates. The modulo's bias, under 2^-60 for n <= 9, is nothing. */
static void shuffle(int *item, int n, uint64_t *state)
{
    for (int i = n - 1; i > 0; i--) {
        const int j = (int)(next_random(state) % (uint64_t)(i + 1));
        const int t = item[i];

        item[i] = item[j];
        item[j] = t;
    }
}

/* Where each of the nine rows (or columns) goes: bands, then rows within. */
static void shuffle_lines(int to[9], uint64_t *state)
{
    int band[3] = {0, 1, 2};

    shuffle(band, 3, state);
    for (int b = 0; b < 3; b++) {
        int within[3] = {0, 1, 2};

        shuffle(within, 3, state);
        for (int i = 0; i < 3; i++)
            to[3 * b + i] = 3 * band[b] + within[i];
    }
}

/*
 * Replaces a puzzle by a random one of its equivalents, through the
 * library's own transform: this one sends row r to row_to[r], column c to
 * column col_to[c], and then transposes half the time.
 */
static void relabel(sudoku_grid *grid, uint64_t *state)
{
    int digit[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}; /* blanks stay blank */
    int row_to[9], col_to[9];
    sudoku_transform t;
    sudoku_status status;

    shuffle(digit + 1, 9, state);
    shuffle_lines(row_to, state);
    shuffle_lines(col_to, state);
    t.transpose = (unsigned char)(next_random(state) >> 63);
    for (int d = 0; d <= 9; d++)
        t.digit[d] = (unsigned char)digit[d];
    for (int k = 0; k < 9; k++) {
        /* The transform names, for each line of the result, where it came from. */
        t.row[t.transpose ? col_to[k] : row_to[k]] = (unsigned char)k;
        t.col[t.transpose ? row_to[k] : col_to[k]] = (unsigned char)k;
    }
    status = sudoku_transform_apply(&t, grid, grid);
    assert(status == SUDOKU_OK);
    (void)status;
}

/*
 * Judges a solution with no help from the library. Returns NULL when it is
 * a complete, valid grid that keeps the puzzle's givens, else what is wrong.
 */
static const char *wrong_solution(const sudoku_grid *puzzle,
                                  const sudoku_grid *solution)
{
    unsigned row[9] = {0}, col[9] = {0}, box[9] = {0};

    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const int v = solution->cell[i];
        const int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;

        if (v < 1 || v > 9)
            return "a cell of the solution is not a digit 1-9";
        if (puzzle->cell[i] != 0 && puzzle->cell[i] != v)
            return "the solution changes a given";
        row[r] |= 1u << v;
        col[c] |= 1u << v;
        box[b] |= 1u << v;
    }
    for (int u = 0; u < 9; u++) {
        if (row[u] != 0x3fe || col[u] != 0x3fe || box[u] != 0x3fe)
            return "a row, column or box of the solution repeats a digit";
    }
    return NULL;
}

static int add_puzzle(puzzle_set *set, const sudoku_grid *grid,
                      unsigned long line)
{
    if (set->count == set->capacity) {
        const size_t capacity = set->capacity ? 2 * set->capacity : 4096;
        sudoku_grid *g = realloc(set->grid, capacity * sizeof *g);
        unsigned long *l = g ? realloc(set->line, capacity * sizeof *l) : NULL;

        if (g)
            set->grid = g;
        if (!l)
            return ENOMEM;
        set->line = l;
        set->capacity = capacity;
    }
    set->grid[set->count] = *grid;
    set->line[set->count++] = line;
    return 0;
}

/* Reads the valid puzzles of a stream. Returns 0 or an errno value. */
static int read_puzzles(puzzle_set *set, FILE *in)
{
    reader *r = malloc(sizeof *r);
    sudoku_record rec;
    int got, error = 0;

    if (!r)
        return ENOMEM;
    reader_init(r, in, 0);
    while (!error && (got = reader_next(r, &rec)) > 0) {
        sudoku_grid grid;

        if (rec.status == SUDOKU_OK &&
            sudoku_parse(&grid, rec.cell, rec.count, NULL) == SUDOKU_OK)
            error = add_puzzle(set, &grid, rec.line);
        else if (set->invalid++ == 0)
            set->first_invalid = rec.line;
    }
    if (!error && got < 0)
        error = r->error;
    free(r);
    return error;
}

/* Loads a file and relabels its puzzles as asked. Returns 0 or EXIT_TROUBLE. */
static int load_set(puzzle_set *set, const options *opt)
{
    const int from_stdin = strcmp(set->path, "-") == 0;
    FILE *in = from_stdin ? stdin : fopen(set->path, "rb");
    int error = in ? read_puzzles(set, in) : errno;
    uint64_t state = opt->seed;

    if (in && !from_stdin)
        fclose(in);
    if (error) {
        fprintf(stderr, "sudoku-bench: %s: %s\n", set->path, strerror(error));
        return EXIT_TROUBLE;
    }
    if (set->invalid == 1)
        fprintf(stderr, "sudoku-bench: %s:%lu: skipped a record that is not a "
                "valid puzzle\n", set->path, set->first_invalid);
    else if (set->invalid > 1)
        fprintf(stderr, "sudoku-bench: %s: skipped %lu records that are not "
                "valid puzzles, the first at line %lu\n", set->path,
                set->invalid, set->first_invalid);
    if (set->count == 0) {
        fprintf(stderr, "sudoku-bench: %s: no puzzles to time\n", set->path);
        return EXIT_TROUBLE;
    }
    for (size_t i = 0; opt->relabel && i < set->count; i++)
        relabel(&set->grid[i], &state);
    return 0;
}

/* Says which puzzle failed, as timed, so that it can be tried alone. */
static int check_failed(const puzzle_set *set, size_t i, unsigned long limit,
                        const char *why)
{
    char text[SUDOKU_CELLS + 1];

    fprintf(stderr, "sudoku-bench: %s:%lu: limit %lu: %s\n  puzzle as solved: %s\n",
            set->path, set->line[i], limit, why,
            sudoku_format(&set->grid[i], text));
    return EXIT_CHECK;
}

/* The untimed pass: solves and checks every puzzle, and tallies the work. */
static int checked_pass(const puzzle_set *set, unsigned long limit, tally *t)
{
    memset(t, 0, sizeof *t);
    for (size_t i = 0; i < set->count; i++) {
        sudoku_grid first;
        sudoku_stats stats;
        unsigned long count;
        const sudoku_status status =
            sudoku_count(&set->grid[i], limit, &count, &first, &stats);
        const char *why = status != SUDOKU_OK ? sudoku_strerror(status)
                          : count == 0        ? "no solution found"
                          : count > limit     ? "more solutions than the limit"
                                              : wrong_solution(&set->grid[i], &first);

        if (why)
            return check_failed(set, i, limit, why);
        t->solutions += count;
        t->guesses += stats.guesses;
        t->no_guess += stats.guesses == 0;
    }
    return 0;
}

/*
 * Times whole passes until `seconds` have gone by, the clock read only
 * between passes. The calls do all that the checked pass's did, solution
 * and statistics included; only the judging is left out.
 */
static int timed_passes(const puzzle_set *set, unsigned long limit,
                        const options *opt, const tally *checked,
                        double *elapsed, unsigned long *passes)
{
    const double start = now(opt);

    *passes = 0;
    do {
        tally t = {0, 0, 0};

        for (size_t i = 0; i < set->count; i++) {
            sudoku_grid first;
            sudoku_stats stats = {0};
            unsigned long count = 0;

            sudoku_count(&set->grid[i], limit, &count, &first, &stats);
            t.solutions += count;
            t.guesses += stats.guesses;
        }
        ++*passes;
        *elapsed = now(opt) - start;
        if (t.solutions != checked->solutions || t.guesses != checked->guesses) {
            fprintf(stderr, "sudoku-bench: %s: limit %lu: timed pass %lu found "
                    "%llu solutions and made %llu guesses, the checked pass "
                    "%llu and %llu\n", set->path, limit, *passes, t.solutions,
                    t.guesses, checked->solutions, checked->guesses);
            return EXIT_CHECK;
        }
    } while (*elapsed < opt->seconds);
    return 0;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash ? slash + 1 : path;
}

static void print_header(const options *opt, int width)
{
    printf("sudoku-bench: libsudoku %s; ", sudoku_version());
    if (opt->relabel)
        printf("puzzles relabelled at random, seed %llu; ",
               (unsigned long long)opt->seed);
    else
        printf("puzzles as given; ");
    if (opt->once)
        printf("one checked pass%s, untimed\n\n", opt->canon ? "" : " per limit");
    else
        printf("%s timed for at least %g s\n\n",
               opt->canon ? "sudoku_canon()" : "each limit", opt->seconds);
    if (opt->canon && opt->markdown)
        printf("| file | grids | grids/s | µs/grid | full | automorphic |\n"
               "|---|--:|--:|--:|--:|--:|\n");
    else if (opt->canon)
        printf("%-*s %8s %11s %10s %7s %11s\n", width, "file", "grids",
               "grids/s", "us/grid", "full", "automorphic");
    else if (opt->markdown)
        printf("| file | limit | puzzles | puzzles/s | µs/puzzle | no guess "
               "| guesses/puzzle |\n|---|--:|--:|--:|--:|--:|--:|\n");
    else
        printf("%-*s %5s %8s %11s %10s %8s %14s\n", width, "file", "limit",
               "puzzles", "puzzles/s", "us/puzzle", "no guess",
               "guesses/puzzle");
}

/* One row of the table; `elapsed` < 0 when nothing was timed. */
static void print_row(const puzzle_set *set, unsigned long limit, const tally *t,
                      double elapsed, unsigned long passes, const options *opt,
                      int width)
{
    const double solved = (double)set->count * (double)passes;
    char rate[32] = "-", micros[32] = "-";

    if (elapsed >= 0) {
        snprintf(rate, sizeof rate, "%.1f", solved / elapsed);
        snprintf(micros, sizeof micros, "%.2f", elapsed * 1e6 / solved);
    }
    if (opt->markdown)
        printf("| %s | %lu | %zu | %s | %s | %.1f%% | %.2f |\n",
               base_name(set->path), limit, set->count, rate, micros,
               100.0 * (double)t->no_guess / (double)set->count,
               (double)t->guesses / (double)set->count);
    else
        printf("%-*s %5lu %8zu %11s %10s %7.1f%% %14.2f\n", width, set->path,
               limit, set->count, rate, micros,
               100.0 * (double)t->no_guess / (double)set->count,
               (double)t->guesses / (double)set->count);
    fflush(stdout);
}

/* What a pass of sudoku_canon() gave; every pass must give the same. */
typedef struct canon_tally {
    unsigned long long automorphisms;
    uint64_t forms; /* a hash of all the forms, in order */
    size_t automorphic;
    size_t full; /* grids with no blank */
} canon_tally;

/* FNV-1a over the cells of a form, carried on from `hash`. */
static uint64_t hash_form(uint64_t hash, const sudoku_grid *form)
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        hash = (hash ^ form->cell[i]) * 0x100000001b3u;
    return hash;
}

/* Why a canonical form cannot be right, or NULL when nothing is seen wrong. */
static const char *wrong_form(const sudoku_grid *puzzle)
{
    sudoku_grid form, mapped, again;
    sudoku_transform to_form;
    unsigned long count, count_again;
    sudoku_status status = sudoku_canon(puzzle, &form, &count, &to_form);

    if (status != SUDOKU_OK)
        return sudoku_strerror(status);
    if (count == 0)
        return "no automorphism, not even the identity";
    if (sudoku_transform_apply(&to_form, puzzle, &mapped) != SUDOKU_OK ||
        memcmp(&mapped, &form, sizeof form) != 0)
        return "the transform returned does not give the form";
    if (sudoku_canon(&form, &again, &count_again, NULL) != SUDOKU_OK ||
        memcmp(&again, &form, sizeof form) != 0 || count_again != count)
        return "the form of the form is another";
    return NULL;
}

/* The untimed pass: checks every form, and tallies them. */
static int checked_canon_pass(const puzzle_set *set, canon_tally *t)
{
    memset(t, 0, sizeof *t);
    for (size_t i = 0; i < set->count; i++) {
        const char *why = wrong_form(&set->grid[i]);
        sudoku_grid form;
        unsigned long count = 0;
        char text[SUDOKU_CELLS + 1];

        if (why) {
            fprintf(stderr, "sudoku-bench: %s:%lu: canon: %s\n  puzzle as given "
                    "to it: %s\n", set->path, set->line[i], why,
                    sudoku_format(&set->grid[i], text));
            return EXIT_CHECK;
        }
        sudoku_canon(&set->grid[i], &form, &count, NULL);
        t->automorphisms += count;
        t->automorphic += count > 1;
        t->full += memchr(set->grid[i].cell, 0, SUDOKU_CELLS) == NULL;
        t->forms = hash_form(t->forms, &form);
    }
    return 0;
}

/* Times whole passes of sudoku_canon(), as timed_passes() does the solver. */
static int timed_canon_passes(const puzzle_set *set, const options *opt,
                              const canon_tally *checked, double *elapsed,
                              unsigned long *passes)
{
    const double start = now(opt);

    *passes = 0;
    do {
        canon_tally t = {0, 0, 0, 0};

        for (size_t i = 0; i < set->count; i++) {
            sudoku_grid form;
            unsigned long count = 0;

            sudoku_canon(&set->grid[i], &form, &count, NULL);
            t.automorphisms += count;
            t.forms = hash_form(t.forms, &form);
        }
        ++*passes;
        *elapsed = now(opt) - start;
        if (t.automorphisms != checked->automorphisms || t.forms != checked->forms) {
            fprintf(stderr, "sudoku-bench: %s: canon: timed pass %lu gave other "
                    "forms than the checked pass\n", set->path, *passes);
            return EXIT_CHECK;
        }
    } while (*elapsed < opt->seconds);
    return 0;
}

/* Checks and times sudoku_canon() on one loaded file, and prints its row. */
static int bench_canon(const puzzle_set *set, const options *opt, int width)
{
    canon_tally checked;
    double elapsed = -1;
    unsigned long passes = 1;
    char rate[32] = "-", micros[32] = "-";
    int status = checked_canon_pass(set, &checked);

    if (status == 0 && !opt->once)
        status = timed_canon_passes(set, opt, &checked, &elapsed, &passes);
    if (status != 0)
        return status;
    if (elapsed >= 0) {
        const double done = (double)set->count * (double)passes;

        snprintf(rate, sizeof rate, "%.1f", done / elapsed);
        snprintf(micros, sizeof micros, "%.2f", elapsed * 1e6 / done);
    }
    if (opt->markdown)
        printf("| %s | %zu | %s | %s | %.1f%% | %.2f%% |\n", base_name(set->path),
               set->count, rate, micros,
               100.0 * (double)checked.full / (double)set->count,
               100.0 * (double)checked.automorphic / (double)set->count);
    else
        printf("%-*s %8zu %11s %10s %6.1f%% %10.2f%%\n", width, set->path,
               set->count, rate, micros,
               100.0 * (double)checked.full / (double)set->count,
               100.0 * (double)checked.automorphic / (double)set->count);
    fflush(stdout);
    return 0;
}

/* Loads, checks and times one file. Returns 0 or the exit status. */
static int bench_file(const char *path, const options *opt, int width)
{
    puzzle_set set = {.path = path};
    const unsigned long first = opt->limit ? opt->limit : 1;
    const unsigned long last = opt->limit ? opt->limit : 2;
    int status = load_set(&set, opt);

    if (status == 0 && opt->relabelled) {
        for (size_t i = 0; i < set.count; i++) {
            char text[SUDOKU_CELLS + 1];

            puts(sudoku_format(&set.grid[i], text));
        }
        free(set.grid);
        free(set.line);
        return ferror(stdout) ? EXIT_TROUBLE : 0;
    }
    if (status == 0 && opt->canon) {
        status = bench_canon(&set, opt, width);
        free(set.grid);
        free(set.line);
        return status;
    }
    for (unsigned long limit = first; status == 0 && limit <= last; limit++) {
        tally checked;
        double elapsed = -1;
        unsigned long passes = 1;

        status = checked_pass(&set, limit, &checked);
        if (status == 0 && !opt->once)
            status = timed_passes(&set, limit, opt, &checked, &elapsed, &passes);
        if (status == 0)
            print_row(&set, limit, &checked, elapsed, passes, opt, width);
    }
    free(set.grid);
    free(set.line);
    return status;
}

/* A whole number up to `max`, digits only; returns 0 when it is not one. */
static int parse_number(const char *text, unsigned long long max,
                        unsigned long long *value)
{
    char *end;

    if (*text < '0' || *text > '9')
        return 0; /* strtoull would take a sign or white space */
    errno = 0;
    *value = strtoull(text, &end, 10);
    return *end == '\0' && errno != ERANGE && *value <= max;
}

/* Applies one option. Returns -1 to go on, or the status to exit with. */
static int apply_option(options *opt, const char *name, const char *value)
{
    unsigned long long n;
    char *end;

    if (strcmp(name, "seconds") == 0) {
        assert(value); /* parse_options() gives one to every such option */
        errno = 0;
        opt->seconds = strtod(value, &end);
        if (end == value || *end != '\0' || errno == ERANGE ||
            !(opt->seconds > 0 && opt->seconds <= 86400))
            return usage_error("invalid time '%s': use seconds, more than 0 "
                               "and at most 86400", value);
    } else if (strcmp(name, "seed") == 0) {
        assert(value);
        if (!parse_number(value, UINT64_MAX, &n))
            return usage_error("invalid seed '%s': use 0 to 18446744073709551615",
                               value);
        opt->seed = n;
    } else if (strcmp(name, "limit") == 0) {
        assert(value);
        if (!parse_number(value, MAX_LIMIT, &n) || n == 0)
            return usage_error("invalid limit '%s': use 1 to 4294967295", value);
        opt->limit = (unsigned long)n;
    } else if (strcmp(name, "no-relabel") == 0) {
        opt->relabel = 0;
    } else if (strcmp(name, "once") == 0) {
        opt->once = 1;
    } else if (strcmp(name, "canon") == 0) {
        opt->canon = 1;
    } else if (strcmp(name, "relabelled") == 0) {
        opt->relabelled = 1;
    } else if (strcmp(name, "cpu") == 0) {
        opt->cpu = 1;
    } else if (strcmp(name, "markdown") == 0) {
        opt->markdown = 1;
    } else if (strcmp(name, "help") == 0) {
        printf("%s%s", usage_line, help_text);
        return 0;
    }
    return -1;
}

/* Whether a long option takes a value; -1 when there is no such option. */
static int takes_value(const char *name, size_t length)
{
    static const struct {
        const char *name;
        int takes_value;
    } specs[] = {
        {"seconds", 1}, {"seed", 1},     {"limit", 1}, {"no-relabel", 0},
        {"once", 0},    {"markdown", 0}, {"help", 0},       {"canon", 0},
        {"cpu", 0},     {"relabelled", 0},
    };

    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        if (strlen(specs[i].name) == length &&
            strncmp(specs[i].name, name, length) == 0)
            return specs[i].takes_value;
    }
    return -1;
}

/*
 * Reads "--name", "--name VALUE" and "--name=VALUE" options, and moves the
 * file names to the front of argv. Returns -1 to go on, or the status to
 * exit with (after --help or a mistake).
 */
static int parse_options(int argc, char **argv, options *opt, int *files)
{
    int only_files = 0;

    *files = 0;
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i], *value;
        int wants_value, status;

        if (only_files || arg[0] != '-' || arg[1] == '\0') {
            argv[(*files)++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_files = 1;
            continue;
        }
        if (strcmp(arg, "-h") == 0)
            arg = "--help";
        value = strchr(arg, '=');
        wants_value = arg[1] != '-' ? -1
                      : takes_value(arg + 2, value ? (size_t)(value - arg - 2)
                                                   : strlen(arg + 2));
        if (wants_value < 0)
            return usage_error("unrecognized option '%s'", arg);
        if (!wants_value && value)
            return usage_error("option '%s' takes no argument", arg);
        if (wants_value && !value && i + 1 >= argc)
            return usage_error("option '%s' requires an argument", arg);
        if (value)
            *value++ = '\0'; /* the name ends where the value starts */
        else if (wants_value)
            value = argv[++i];
        status = apply_option(opt, arg + 2, value);
        if (status >= 0)
            return status;
    }
    return -1;
}

int main(int argc, char **argv)
{
    options opt = {.seconds = 1, .seed = 1, .relabel = 1};
    int files, width = 4, status = parse_options(argc, argv, &opt, &files);

    if (status >= 0)
        return status;
    status = 0;
    if (files == 0)
        return usage_error("%s", "no puzzle file given");
    for (int i = 0; i < files; i++) {
        const int w = (int)strlen(argv[i]);

        width = w > width ? w : width;
    }
    if (!opt.relabelled)
        print_header(&opt, width);
    for (int i = 0; i < files && status == 0; i++)
        status = bench_file(argv[i], &opt, width);
    return status;
}
