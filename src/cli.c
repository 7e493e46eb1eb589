/*
 * cli.c - the `sudoku` command: options, inputs, and the exit status.
 *
 * Data flows in batches (batch.h): this thread reads records from each
 * input into a batch and hands it to the pool, the workers parse, solve
 * and format its records (worker.c), and this thread again writes the
 * finished batches, in input order, to `out` and `err`. So output stays in
 * input order whatever the number of threads, and only this thread ever
 * touches the streams.
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _POSIX_C_SOURCE 200809L /* fileno(), isatty() and sysconf() */
#endif

#include "cli.h"
#include "batch.h"
#include "reader.h"
#include "sudoku.h"
#include "worker.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#if defined(_POSIX_C_SOURCE)
#include <unistd.h>
#endif

#define DEFAULT_LIMIT 1000UL
#define MAX_LIMIT 4294967295UL

enum { EXIT_FAILED = 1, EXIT_TROUBLE = 2 };

typedef struct options {
    solve_options solve;
    int jobs; /* 0 until -j gives it */
} options;

/* An operand, and the name its records go by. */
typedef struct operand {
    const char *arg;
    char name[32]; /* "<arg N>" for a puzzle */
} operand;

/* The state of one run: where things go, and what has happened so far. */
typedef struct run {
    options opt;
    FILE *in, *out, *err;
    reader *reader;
    pool *pool;
    batch *filling; /* the batch being read into, not yet submitted */
    unsigned long puzzles, solved;
    int status;  /* the exit status so far */
    int stopped; /* the output failed: read and write no more */
} run;

static const char usage_line[] =
    "Usage: sudoku [OPTIONS] [PUZZLE | FILE | -]...\n";

static const char help_text[] =
    "Solve Sudoku puzzles given as arguments, in files or on standard input.\n"
    "\n"
    "An argument of exactly 81 cell characters is a puzzle; any other argument\n"
    "is a file to read, and '-' or no argument at all reads standard input.\n"
    "An argument that names no file but reads as a puzzle line, with 72 to 90\n"
    "cells of which at least 17 are digits, is taken for a puzzle, and its\n"
    "mistakes are reported as for any puzzle.\n"
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
    "  -j, --jobs N      solve on N threads, 1 to 256; by default 1 when\n"
    "                    standard output is a terminal or every argument is a\n"
    "                    puzzle, else one per online processor\n"
    "  -s, --stats       add guesses and solve time to each record, and print a\n"
    "                    summary on standard error\n"
    "  -h, --help        print this help and exit\n"
    "  -V, --version     print the version and exit\n"
    "\n"
    "Every puzzle read gives one record, in input order, failures included,\n"
    "whatever the number of threads:\n"
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
    "  0    every puzzle was solved (and unique, with -u)\n"
    "  1    some puzzle was invalid, unsolvable, or not unique with -u\n"
    "  2    a usage error, or a file that could not be read or written\n"
    "  141  the output was closed early (as in 'sudoku FILE | head -1'):\n"
    "       sudoku stopped at once, without a message\n";

static int usage_error(FILE *err, const char *format, const char *detail)
{
    fputs("sudoku: ", err);
    fprintf(err, format, detail);
    fprintf(err, "\n%sTry 'sudoku --help' for more information.\n", usage_line);
    return EXIT_TROUBLE;
}

/* A whole number from 1 to max, digits only; 0 when it is not one. */
static unsigned long parse_count(const char *text, unsigned long max)
{
    unsigned long value;
    char *end;

    if (*text < '0' || *text > '9')
        return 0; /* strtoul would take a sign or white space */
    errno = 0;
    value = strtoul(text, &end, 10);
    if (*end != '\0' || errno == ERANGE || value > max)
        return 0;
    return value;
}

/* Applies one option. Returns -1 to go on, or the status to exit with. */
static int apply_option(options *opt, char name, const char *value, FILE *out,
                        FILE *err)
{
    output_options *output = &opt->solve.output;

    assert(value || (name != 'f' && name != 'l' && name != 'j'));
    switch (name) {
    case 'f':
        if (strcmp(value, "line") == 0)
            output->format = FORMAT_LINE;
        else if (strcmp(value, "grid") == 0)
            output->format = FORMAT_GRID;
        else if (strcmp(value, "json") == 0)
            output->format = FORMAT_JSON;
        else
            return usage_error(err, "unknown format '%s': use line, grid or json",
                               value);
        break;
    case 'c':
        output->count = 1;
        break;
    case 'l':
        opt->solve.limit = parse_count(value, MAX_LIMIT);
        if (opt->solve.limit == 0)
            return usage_error(err, "invalid limit '%s': use 1 to 4294967295",
                               value);
        break;
    case 'u':
        opt->solve.unique = 1;
        break;
    case 'j':
        opt->jobs = (int)parse_count(value, POOL_MAX_THREADS);
        if (opt->jobs == 0)
            return usage_error(err, "invalid number of jobs '%s': use 1 to 256",
                               value);
        break;
    case 's':
        output->stats = 1;
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
    {'f', "format", 1}, {'c', "count", 0}, {'l', "limit", 1},
    {'u', "unique", 0}, {'j', "jobs", 1},  {'s', "stats", 0},
    {'h', "help", 0},   {'V', "version", 0},
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
static int parse_options(int argc, char **argv, options *opt, operand *operands,
                         int *operand_count, FILE *out, FILE *err)
{
    int only_operands = 0;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        int status = -1;

        if (only_operands || arg[0] != '-' || arg[1] == '\0')
            operands[(*operand_count)++].arg = argv[i];
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

static int is_interactive(FILE *f)
{
#if defined(_POSIX_C_SOURCE)
    return isatty(fileno(f));
#else
    (void)f;
    return 0;
#endif
}

static void raise_status(run *ctx, int status)
{
    if (ctx->status < status)
        ctx->status = status;
}

/*
 * The output cannot take more. A closed pipe means that nobody reads on,
 * as in `sudoku FILE | head -1` when SIGPIPE is ignored: that is no error
 * to report, only a reason to stop. Anything else is reported once.
 */
static void output_failed(run *ctx, int error)
{
    ctx->stopped = 1;
    if (ctx->pool)
        pool_stop(ctx->pool);
#ifdef EPIPE
    if (error == EPIPE) {
        ctx->status = SUDOKU_CLI_EXIT_PIPE;
        return;
    }
#endif
    fprintf(ctx->err, "sudoku: write error: %s\n", strerror(error ? error : EIO));
    raise_status(ctx, EXIT_TROUBLE);
}

/* Writes to `out`, and stops the run on a failure. */
static void write_out(run *ctx, const char *bytes, size_t n)
{
    if (ctx->stopped || n == 0)
        return;
    errno = 0;
    if (fwrite(bytes, 1, n, ctx->out) != n || ferror(ctx->out))
        output_failed(ctx, errno);
}

static void flush_out(run *ctx)
{
    if (ctx->stopped)
        return;
    errno = 0;
    if (fflush(ctx->out) != 0 || ferror(ctx->out))
        output_failed(ctx, errno);
}

/*
 * Writes a finished batch and takes its counts. A failed record's message
 * goes out just before the record itself, so that on a terminal each
 * message stands next to its record.
 */
static void write_batch(run *ctx, const batch *b)
{
    size_t out_done = 0, err_done = 0, item_start = 0;

    for (size_t i = 0; i < b->solved && !ctx->stopped; i++) {
        const batch_item *it = &b->item[i];

        if (it->kind == ITEM_SOURCE_ERROR || it->outcome != OUTCOME_SOLVED) {
            write_out(ctx, b->out.data + out_done, item_start - out_done);
            out_done = item_start;
        }
        if (it->kind == ITEM_SOURCE_ERROR) {
            fprintf(ctx->err, "sudoku: %s: %s\n", it->source, strerror(it->error));
            raise_status(ctx, EXIT_TROUBLE);
        } else {
            ctx->puzzles++;
            if (it->outcome == OUTCOME_SOLVED) {
                ctx->solved++;
            } else {
                fwrite(b->err.data + err_done, 1, it->err_end - err_done, ctx->err);
                err_done = it->err_end;
                raise_status(ctx, EXIT_FAILED);
            }
        }
        item_start = it->out_end;
    }
    write_out(ctx, b->out.data + out_done, item_start - out_done);
    if (b->out_of_memory && !ctx->stopped) {
        fprintf(ctx->err, "sudoku: %s\n", strerror(ENOMEM));
        raise_status(ctx, EXIT_TROUBLE);
        ctx->stopped = 1;
        pool_stop(ctx->pool);
    }
}

/* Writes the finished batches, in order; with `wait`, all in flight. */
static void write_finished(run *ctx, int wait)
{
    batch *b;

    while ((b = pool_next_done(ctx->pool, wait)) != NULL) {
        if (!ctx->stopped)
            write_batch(ctx, b);
    }
}

/* Hands the batch being filled to the pool, if it holds anything. */
static void submit_filling(run *ctx)
{
    if (ctx->filling && ctx->filling->count > 0) {
        pool_submit(ctx->pool, ctx->filling);
        ctx->filling = NULL;
    }
}

/*
 * Room for one more item in the batch being filled, or NULL once the run
 * has stopped. The caller fills it in and counts it. When every batch is
 * in flight, this writes the oldest one first, so memory stays bounded.
 */
static batch_item *next_item(run *ctx)
{
    if (ctx->filling && ctx->filling->count == BATCH_RECORDS) {
        submit_filling(ctx);
        write_finished(ctx, 0);
    }
    while (!ctx->filling && !ctx->stopped) {
        ctx->filling = pool_free_batch(ctx->pool);
        if (!ctx->filling)
            write_batch(ctx, pool_next_done(ctx->pool, 1));
    }
    if (ctx->stopped)
        return NULL;
    return &ctx->filling->item[ctx->filling->count];
}

static void add_source_error(run *ctx, const char *source, int error)
{
    batch_item *it = next_item(ctx);

    if (it) {
        it->kind = ITEM_SOURCE_ERROR;
        it->source = source;
        it->error = error;
        ctx->filling->count++;
    }
}

/* Reads every record of a stream into batches. */
static void feed_stream(run *ctx, const char *source, FILE *in)
{
    const int interactive = is_interactive(in);
    batch_item *it;
    int got = 0;

    reader_init(ctx->reader, in, interactive);
    while ((it = next_item(ctx)) != NULL) {
        got = reader_next(ctx->reader, &it->rec);
        if (got <= 0)
            break;
        it->kind = ITEM_RECORD;
        it->source = source;
        ctx->filling->count++;
        if (interactive) {
            /* someone is typing: answer before reading the next line */
            submit_filling(ctx);
            write_finished(ctx, 1);
            flush_out(ctx);
        }
    }
    if (got < 0)
        add_source_error(ctx, source, ctx->reader->error);
}

static void feed_puzzle(run *ctx, const operand *op)
{
    batch_item *it = next_item(ctx);

    if (it) {
        record_from_text(&it->rec, op->arg, strlen(op->arg), 1);
        it->kind = ITEM_RECORD;
        it->source = op->name;
        ctx->filling->count++;
    }
}

/* An operand of exactly 81 cell characters is a puzzle, not a file name. */
static int is_puzzle(const char *arg)
{
    sudoku_grid grid;

    return strlen(arg) == SUDOKU_CELLS &&
           sudoku_parse(&grid, arg, SUDOKU_CELLS, NULL) != SUDOKU_E_CHARACTER;
}

/*
 * Whether an operand that names no file was meant as a puzzle: read as a
 * line, it holds 72 to 90 cells, and at least 17 of them (the fewest givens
 * a proper puzzle has) are digits. A file name rarely holds 17 digits, and
 * a mistyped puzzle is better told what is wrong with its cells than that
 * there is no such file.
 */
static int looks_like_puzzle(const char *arg)
{
    record rec;
    const size_t cells = record_from_text(&rec, arg, strlen(arg), 1);
    int digits = 0;

    if (cells < SUDOKU_CELLS - 9 || cells > SUDOKU_CELLS + 9)
        return 0;
    for (size_t i = 0; i < cells && i < SUDOKU_CELLS; i++)
        digits += rec.cell[i] >= '1' && rec.cell[i] <= '9';
    return digits >= 17;
}

static void feed_operand(run *ctx, operand *op, int index)
{
    FILE *f;

    snprintf(op->name, sizeof op->name, "<arg %d>", index);
    if (strcmp(op->arg, "-") == 0) {
        feed_stream(ctx, "<stdin>", ctx->in);
    } else if (is_puzzle(op->arg)) {
        feed_puzzle(ctx, op);
    } else if ((f = fopen(op->arg, "rb")) != NULL) {
        feed_stream(ctx, op->arg, f);
        fclose(f);
    } else if (errno == ENOENT && looks_like_puzzle(op->arg)) {
        feed_puzzle(ctx, op);
    } else {
        add_source_error(ctx, op->arg, errno);
    }
}

static int online_processors(void)
{
#if defined(_POSIX_C_SOURCE) && defined(_SC_NPROCESSORS_ONLN)
    const long n = sysconf(_SC_NPROCESSORS_ONLN);

    if (n > POOL_MAX_THREADS)
        return POOL_MAX_THREADS;
    if (n > 1)
        return (int)n;
#endif
    return 1;
}

/*
 * Without -j: one thread for a person at a terminal, who reads a record at
 * a time anyway, and for puzzles given as arguments, which are few; else
 * one for each processor.
 */
static int default_jobs(const run *ctx, const operand *operands, int count)
{
    int all_puzzles = count > 0;

    for (int i = 0; i < count && all_puzzles; i++)
        all_puzzles = is_puzzle(operands[i].arg);
    if (all_puzzles || is_interactive(ctx->out))
        return 1;
    return online_processors();
}

static void print_summary(const run *ctx, double micros)
{
    const double rate = micros > 0 ? (double)ctx->puzzles * 1e6 / micros : 0;

    fprintf(ctx->err, "sudoku: %lu puzzles, %lu solved, %lu failed, %.1f puzzles/s\n",
            ctx->puzzles, ctx->solved, ctx->puzzles - ctx->solved, rate);
}

/* Solves every operand, or standard input when there is none. */
static void solve_all(run *ctx, operand *operands, int count)
{
    operand standard_input = {.arg = "-"};

    if (count == 0) {
        operands = &standard_input;
        count = 1;
    }
    for (int i = 0; i < count && !ctx->stopped; i++)
        feed_operand(ctx, &operands[i], i + 1);
    if (!ctx->stopped)
        submit_filling(ctx);
    write_finished(ctx, 1);
    flush_out(ctx);
}

int sudoku_cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err)
{
    run ctx = {.opt = {.solve = {.output = {.format = FORMAT_LINE},
                                 .limit = DEFAULT_LIMIT}},
               .in = in,
               .out = out,
               .err = err};
    operand *operands = calloc((size_t)(argc > 0 ? argc : 1), sizeof *operands);
    int operand_count = 0, status;
    const double start = worker_clock_micros();

    if (!operands) {
        fprintf(err, "sudoku: %s\n", strerror(ENOMEM));
        return EXIT_TROUBLE;
    }
    status = parse_options(argc, argv, &ctx.opt, operands, &operand_count, out, err);
    if (status < 0) {
        const int jobs = ctx.opt.jobs ? ctx.opt.jobs
                                      : default_jobs(&ctx, operands, operand_count);

        ctx.reader = malloc(sizeof *ctx.reader);
        ctx.pool = pool_create(jobs, worker_solve_batch, &ctx.opt.solve);
        if (ctx.reader && ctx.pool) {
            solve_all(&ctx, operands, operand_count);
            if (ctx.opt.solve.output.stats && !ctx.stopped)
                print_summary(&ctx, worker_clock_micros() - start);
        } else {
            fprintf(err, "sudoku: %s\n", strerror(ENOMEM));
            raise_status(&ctx, EXIT_TROUBLE);
        }
        pool_destroy(ctx.pool);
        free(ctx.reader);
        status = ctx.status;
    } else {
        ctx.status = status; /* after --help, --version or a usage error */
        flush_out(&ctx);
        status = ctx.status;
    }
    free(operands);
    return status;
}
