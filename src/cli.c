/*
 * cli.c - the `sudoku` command: inputs, outputs and the exit status.
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
#include "options.h"
#include "reader.h"
#include "sudoku.h"
#include "worker.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#if defined(_POSIX_C_SOURCE)
#include <unistd.h>
#endif

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
    int stopped; /* the output failed, or memory ran out: stop reading */
} run;

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

/* Reads and writes no more; the workers skip the batches not yet begun. */
static void stop(run *ctx)
{
    ctx->stopped = 1;
    if (ctx->pool)
        pool_stop(ctx->pool);
}

/*
 * The output cannot take more. A closed pipe means that nobody reads on,
 * as in `sudoku FILE | head -1` when SIGPIPE is ignored: that is no error
 * to report, only a reason to stop. Anything else is reported once.
 */
static void output_failed(run *ctx, int error)
{
    stop(ctx);
#ifdef EPIPE
    if (error == EPIPE) {
        ctx->status = SUDOKU_CLI_EXIT_PIPE;
        return;
    }
#endif
    fprintf(ctx->err, "sudoku: write error: %s\n", strerror(error ? error : EIO));
    raise_status(ctx, SUDOKU_CLI_EXIT_TROUBLE);
}

/*
 * Writes bytes [from, to) of `t` to `out`, and stops the run on a failure.
 * Offsets rather than pointers, since an empty buffer has no bytes at all.
 */
static void write_out(run *ctx, const text_buffer *t, size_t from, size_t to)
{
    if (ctx->stopped || to == from)
        return;
    errno = 0;
    if (fwrite(t->data + from, 1, to - from, ctx->out) != to - from ||
        ferror(ctx->out))
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
            write_out(ctx, &b->out, out_done, item_start);
            out_done = item_start;
        }
        if (it->kind == ITEM_SOURCE_ERROR) {
            fprintf(ctx->err, "sudoku: %s: %s\n", it->source, strerror(it->error));
            raise_status(ctx, SUDOKU_CLI_EXIT_TROUBLE);
        } else {
            ctx->puzzles++;
            if (it->outcome == OUTCOME_SOLVED) {
                ctx->solved++;
            } else {
                if (it->err_end > err_done) /* a message, as for every failure */
                    fwrite(b->err.data + err_done, 1, it->err_end - err_done,
                           ctx->err);
                err_done = it->err_end;
                raise_status(ctx, SUDOKU_CLI_EXIT_FAILED);
            }
        }
        item_start = it->out_end;
    }
    write_out(ctx, &b->out, out_done, item_start);
    if (b->out_of_memory && !ctx->stopped) {
        fprintf(ctx->err, "sudoku: %s\n", strerror(ENOMEM));
        raise_status(ctx, SUDOKU_CLI_EXIT_TROUBLE);
        stop(ctx);
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
    snprintf(op->name, sizeof op->name, "<arg %d>", index);
    if (strcmp(op->arg, "-") == 0) {
        feed_stream(ctx, "<stdin>", ctx->in);
        return;
    }
    if (!is_puzzle(op->arg)) {
        FILE *f = fopen(op->arg, "rb");
        const int error = errno;

        if (f) {
            feed_stream(ctx, op->arg, f);
            fclose(f);
            return;
        }
        if (error != ENOENT || !looks_like_puzzle(op->arg)) {
            add_source_error(ctx, op->arg, error);
            return;
        }
    }
    feed_puzzle(ctx, op);
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

    fprintf(ctx->err, "sudoku: %lu puzzle%s, %lu solved, %lu failed, %.1f puzzles/s\n",
            ctx->puzzles, ctx->puzzles == 1 ? "" : "s", ctx->solved,
            ctx->puzzles - ctx->solved, rate);
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
    run ctx = {.in = in, .out = out, .err = err};
    const size_t most = (size_t)(argc > 0 ? argc : 1);
    const char **args = calloc(most, sizeof *args);
    operand *operands = calloc(most, sizeof *operands);
    int operand_count = 0, status;
    const double start = worker_clock_micros();

    if (!args || !operands) {
        fprintf(err, "sudoku: %s\n", strerror(ENOMEM));
        free(args);
        free(operands);
        return SUDOKU_CLI_EXIT_TROUBLE;
    }
    status = options_parse(argc, argv, &ctx.opt, args, &operand_count, out, err);
    for (int i = 0; i < operand_count; i++)
        operands[i].arg = args[i];
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
            raise_status(&ctx, SUDOKU_CLI_EXIT_TROUBLE);
        }
        pool_destroy(ctx.pool);
        free(ctx.reader);
        status = ctx.status;
    } else {
        ctx.status = status; /* after --help, --version or a usage error */
        flush_out(&ctx);
        status = ctx.status;
    }
    free(args);
    free(operands);
    return status;
}
