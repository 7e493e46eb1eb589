/*
 * cli.c - the `sudoku` command: options, inputs, and the exit status.
 *
 * Data flows one record at a time: the reader yields records from each
 * input, the library parses and solves them, and output.c writes one record
 * for each, failures included, in input order.
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _POSIX_C_SOURCE 200809L /* fileno() and isatty() */
#endif

#include "cli.h"
#include "output.h"
#include "reader.h"
#include "sudoku.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(_POSIX_C_SOURCE)
#include <unistd.h>
#endif

#define DEFAULT_LIMIT 1000UL
#define MAX_LIMIT 4294967295UL

enum { EXIT_FAILED = 1, EXIT_TROUBLE = 2 };

typedef struct options {
    output_options output;
    unsigned long limit;
    int unique;
} options;

/* The state of one run: where things go, and what has happened so far. */
typedef struct run {
    options opt;
    FILE *out, *err;
    unsigned long puzzles, solved;
    int status; /* the exit status so far */
} run;

static const char usage_line[] =
    "Usage: sudoku [OPTIONS] [PUZZLE | FILE | -]...\n";

static const char help_text[] =
    "Solve Sudoku puzzles given as arguments, in files or on standard input.\n"
    "\n"
    "An argument of exactly 81 cell characters is a puzzle; any other argument\n"
    "is a file to read, and '-' or no argument at all reads standard input.\n"
    "Cells are the digits 1-9 for givens and '.', '0', '_' or '*' for blanks.\n"
    "Input holds one puzzle per line of 81 cells, or per block of 9 lines of 9\n"
    "cells. Spaces, tabs and the characters '|', '+' and '-' are separators,\n"
    "and are ignored; empty lines and lines that start with '#' are skipped.\n"
    "\n"
    "Options:\n"
    "  -f, --format FMT  output format: line (the default), grid or json\n"
    "  -c, --count       count the solutions of each puzzle, up to the limit\n"
    "  -l, --limit N     with --count, stop at N solutions: 1 to 4294967295,\n"
    "                    1000 by default; a count equal to N means N or more\n"
    "  -u, --unique      a puzzle with more than one solution is a failure;\n"
    "                    it raises the limit to 2 if it is lower\n"
    "  -s, --stats       add guesses and solve time to each record, and print a\n"
    "                    summary on standard error\n"
    "  -h, --help        print this help and exit\n"
    "  -V, --version     print the version and exit\n"
    "\n"
    "Every puzzle read gives one record, in input order, failures included:\n"
    "  line  the 81-digit solution, or the word unsolvable or not-unique;\n"
    "        then the count (with -c), then the guesses and the microseconds\n"
    "        (with -s), separated by spaces; or the word invalid alone\n"
    "  grid  the solution as a 9x9 grid, or the word; then 'solutions: N' and\n"
    "        'guesses: N, time: T us' lines as asked; then an empty line\n"
    "  json  one JSON object per line, with the keys source, line, puzzle,\n"
    "        status, error, solution, count, guesses and time_us\n"
    "Why a puzzle failed goes to standard error as 'sudoku: FILE:LINE: reason'.\n"
    "\n"
    "Exit status:\n"
    "  0  every puzzle was solved (and unique, with -u)\n"
    "  1  some puzzle was invalid, unsolvable, or not unique with -u\n"
    "  2  a usage error, or a file that could not be read or written\n";

static int usage_error(FILE *err, const char *format, const char *detail)
{
    fputs("sudoku: ", err);
    fprintf(err, format, detail);
    fprintf(err, "\n%sTry 'sudoku --help' for more information.\n", usage_line);
    return EXIT_TROUBLE;
}

/* A whole number from 1 to MAX_LIMIT, digits only; 0 when it is not one. */
static unsigned long parse_limit(const char *text)
{
    unsigned long value;
    char *end;

    if (*text < '0' || *text > '9')
        return 0; /* strtoul would take a sign or white space */
    errno = 0;
    value = strtoul(text, &end, 10);
    if (*end != '\0' || errno == ERANGE || value > MAX_LIMIT)
        return 0;
    return value;
}

/* Applies one option. Returns -1 to go on, or the status to exit with. */
static int apply_option(options *opt, char name, const char *value, FILE *out,
                        FILE *err)
{
    assert(value || (name != 'f' && name != 'l')); /* option_specs says so */
    switch (name) {
    case 'f':
        if (strcmp(value, "line") == 0)
            opt->output.format = FORMAT_LINE;
        else if (strcmp(value, "grid") == 0)
            opt->output.format = FORMAT_GRID;
        else if (strcmp(value, "json") == 0)
            opt->output.format = FORMAT_JSON;
        else
            return usage_error(err, "unknown format '%s': use line, grid or json",
                               value);
        break;
    case 'c':
        opt->output.count = 1;
        break;
    case 'l':
        opt->limit = parse_limit(value);
        if (opt->limit == 0)
            return usage_error(err, "invalid limit '%s': use 1 to 4294967295",
                               value);
        break;
    case 'u':
        opt->unique = 1;
        break;
    case 's':
        opt->output.stats = 1;
        break;
    case 'h':
        fprintf(out, "%s%s", usage_line, help_text);
        return 0;
    case 'V':
        fprintf(out, "sudoku %s\n", sudoku_version());
        return 0;
    }
    return -1;
}

typedef struct option_spec {
    char name;
    const char *long_name;
    int takes_value;
} option_spec;

static const option_spec option_specs[] = {
    {'f', "format", 1}, {'c', "count", 0}, {'l', "limit", 1}, {'u', "unique", 0},
    {'s', "stats", 0},  {'h', "help", 0},  {'V', "version", 0},
};

static const option_spec *find_short(char name)
{
    for (size_t i = 0; i < sizeof option_specs / sizeof *option_specs; i++) {
        if (option_specs[i].name == name)
            return &option_specs[i];
    }
    return NULL;
}

static const option_spec *find_long(const char *name, size_t length)
{
    for (size_t i = 0; i < sizeof option_specs / sizeof *option_specs; i++) {
        const char *long_name = option_specs[i].long_name;

        if (strlen(long_name) == length && strncmp(long_name, name, length) == 0)
            return &option_specs[i];
    }
    return NULL;
}

/* Parses "--name" or "--name=value"; *i moves past a separate value. */
static int parse_long(options *opt, int argc, char **argv, int *i, FILE *out,
                      FILE *err)
{
    const char *name = argv[*i] + 2;
    const char *equals = strchr(name, '=');
    const size_t length = equals ? (size_t)(equals - name) : strlen(name);
    const option_spec *spec = find_long(name, length);
    const char *value = equals ? equals + 1 : NULL;

    if (!spec)
        return usage_error(err, "unrecognized option '%s'", argv[*i]);
    if (spec->takes_value && !value) {
        if (*i + 1 >= argc)
            return usage_error(err, "option '%s' requires an argument", argv[*i]);
        value = argv[++*i];
    } else if (!spec->takes_value && value) {
        return usage_error(err, "option '%s' takes no argument", argv[*i]);
    }
    return apply_option(opt, spec->name, value, out, err);
}

/* Parses a group of short options such as "-cu" or "-l5". */
static int parse_short(options *opt, int argc, char **argv, int *i, FILE *out,
                       FILE *err)
{
    for (const char *p = argv[*i] + 1; *p; p++) {
        const option_spec *spec = find_short(*p);
        const char letter[2] = {*p, '\0'};
        const char *value = NULL;
        int status;

        if (!spec)
            return usage_error(err, "invalid option -- '%s'", letter);
        if (spec->takes_value) {
            if (p[1] != '\0')
                value = p + 1;
            else if (*i + 1 < argc)
                value = argv[++*i];
            else
                return usage_error(err, "option requires an argument -- '%s'",
                                   letter);
        }
        status = apply_option(opt, spec->name, value, out, err);
        if (status >= 0 || value)
            return status;
    }
    return -1;
}

/*
 * Reads the options and gathers the operands into `operands`. Returns -1 to
 * go on, or the status to exit with (after --help, --version or a mistake).
 */
static int parse_options(int argc, char **argv, options *opt, char **operands,
                         int *operand_count, FILE *out, FILE *err)
{
    int only_operands = 0;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        int status = -1;

        if (only_operands || arg[0] != '-' || arg[1] == '\0')
            operands[(*operand_count)++] = argv[i];
        else if (strcmp(arg, "--") == 0)
            only_operands = 1;
        else if (arg[1] == '-')
            status = parse_long(opt, argc, argv, &i, out, err);
        else
            status = parse_short(opt, argc, argv, &i, out, err);
        if (status >= 0)
            return status;
    }
    return -1;
}

/* A clock for intervals: monotonic where POSIX has one. */
static double now_micros(void)
{
    struct timespec ts;

#if defined(_POSIX_C_SOURCE) && defined(CLOCK_MONOTONIC)
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0;
#else
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
#endif
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/*
 * Parses and solves one record, filling in the outcome, the message and the
 * solving fields of `r`. Returns the line an error message should name.
 */
static unsigned long judge_record(const options *opt, const record *rec,
                                  result *r)
{
    sudoku_grid puzzle;
    sudoku_diagnostic diag;
    sudoku_stats stats;
    sudoku_status status;
    unsigned long limit = opt->output.count ? opt->limit : 1;
    double start;

    r->outcome = OUTCOME_INVALID;
    if (rec->kind == RECORD_SHORT_BLOCK) {
        const size_t rows = rec->count / 9;

        snprintf(r->message, sizeof r->message, "grid block ends after %zu row%s",
                 rows, rows == 1 ? "" : "s");
        return rec->line;
    }
    if (sudoku_parse(&puzzle, rec->cell, rec->count, &diag) != SUDOKU_OK) {
        sudoku_describe(&diag, r->message, sizeof r->message);
        if (diag.status == SUDOKU_E_CHARACTER)
            return rec->row_line[diag.cell / 9]; /* the line that holds it */
        return rec->line;
    }

    if (opt->unique && limit < 2)
        limit = 2;
    start = now_micros();
    status = sudoku_count(&puzzle, limit, &r->count, &r->solution, &stats);
    r->micros = now_micros() - start;
    if (status != SUDOKU_OK) {
        /* unreachable while sudoku_parse checks all that sudoku_count does */
        snprintf(r->message, sizeof r->message, "%s", sudoku_strerror(status));
        return rec->line;
    }
    r->guesses = stats.guesses;
    if (r->count == 0) {
        r->outcome = OUTCOME_UNSOLVABLE;
        strcpy(r->message, "no solution");
    } else if (opt->unique && r->count > 1) {
        r->outcome = OUTCOME_NOT_UNIQUE;
        strcpy(r->message, "more than one solution");
    } else {
        r->outcome = OUTCOME_SOLVED;
    }
    return rec->line;
}

/* Solves one record read from `source`, and reports it. */
static void solve_record(run *ctx, const char *source, const record *rec)
{
    result r;
    unsigned long error_line;

    memset(&r, 0, sizeof r);
    r.source = source;
    r.line = rec->line;
    r.cells = rec->cell;
    r.cells_length = rec->count < SUDOKU_CELLS ? rec->count : SUDOKU_CELLS;
    error_line = judge_record(&ctx->opt, rec, &r);

    ctx->puzzles++;
    if (r.outcome == OUTCOME_SOLVED) {
        ctx->solved++;
    } else {
        fprintf(ctx->err, "sudoku: %s:%lu: %s\n", source, error_line, r.message);
        if (ctx->status < EXIT_FAILED)
            ctx->status = EXIT_FAILED;
    }
    output_result(ctx->out, &ctx->opt.output, &r);
}

static int is_interactive(FILE *f)
{
#if defined(_POSIX_C_SOURCE)
    return isatty(fileno(f));
#else
    (void)f;
    return 0;
#endif
}

/* Solves every record of a stream. Returns 0, or errno if reading failed. */
static int solve_stream(run *ctx, const char *source, FILE *in)
{
    reader *r = malloc(sizeof *r);
    const int interactive = is_interactive(in);
    record rec;
    int got, error;

    if (!r)
        return ENOMEM;
    reader_init(r, in, interactive);
    while ((got = reader_next(r, &rec)) > 0) {
        solve_record(ctx, source, &rec);
        if (interactive)
            fflush(ctx->out);
    }
    error = got < 0 ? r->error : 0;
    free(r);
    return error;
}

static void solve_file(run *ctx, const char *path)
{
    FILE *f = fopen(path, "rb");
    int error = f ? solve_stream(ctx, path, f) : errno;

    if (f)
        fclose(f);
    if (error) {
        fprintf(ctx->err, "sudoku: %s: %s\n", path, strerror(error));
        ctx->status = EXIT_TROUBLE;
    }
}

/* An operand of exactly 81 cell characters is a puzzle, not a file name. */
static int is_puzzle(const char *arg)
{
    sudoku_grid grid;

    return strlen(arg) == SUDOKU_CELLS &&
           sudoku_parse(&grid, arg, SUDOKU_CELLS, NULL) != SUDOKU_E_CHARACTER;
}

static void solve_operand(run *ctx, FILE *in, const char *arg, int index)
{
    if (strcmp(arg, "-") == 0) {
        const int error = solve_stream(ctx, "<stdin>", in);

        if (error) {
            fprintf(ctx->err, "sudoku: <stdin>: %s\n", strerror(error));
            ctx->status = EXIT_TROUBLE;
        }
    } else if (is_puzzle(arg)) {
        char source[32];
        record rec;

        snprintf(source, sizeof source, "<arg %d>", index);
        record_from_text(&rec, arg, SUDOKU_CELLS, 1);
        solve_record(ctx, source, &rec);
    } else {
        solve_file(ctx, arg);
    }
}

static void print_summary(const run *ctx, double micros)
{
    const double rate = micros > 0 ? (double)ctx->puzzles * 1e6 / micros : 0;

    fprintf(ctx->err, "sudoku: %lu puzzles, %lu solved, %lu failed, %.1f puzzles/s\n",
            ctx->puzzles, ctx->solved, ctx->puzzles - ctx->solved, rate);
}

int sudoku_cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err)
{
    run ctx = {.opt = {.output = {.format = FORMAT_LINE}, .limit = DEFAULT_LIMIT},
               .out = out,
               .err = err};
    char **operands = malloc((size_t)(argc > 0 ? argc : 1) * sizeof *operands);
    int operand_count = 0, status;
    double start = now_micros();

    if (!operands) {
        fprintf(err, "sudoku: %s\n", strerror(ENOMEM));
        return EXIT_TROUBLE;
    }
    status = parse_options(argc, argv, &ctx.opt, operands, &operand_count, out, err);
    if (status < 0) {
        if (operand_count == 0)
            solve_operand(&ctx, in, "-", 0);
        for (int i = 0; i < operand_count; i++)
            solve_operand(&ctx, in, operands[i], i + 1);
        if (ctx.opt.output.stats)
            print_summary(&ctx, now_micros() - start);
        status = ctx.status;
    }
    free(operands);
    if (fflush(out) != 0 || ferror(out)) {
        fprintf(err, "sudoku: write error: %s\n", strerror(errno));
        status = EXIT_TROUBLE;
    }
    return status;
}
