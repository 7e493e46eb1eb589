/*
 * session.c - one run of a command: its inputs, its outputs and its exit
 * status.
 *
 * Data flows in batches (pool.h): this thread reads records from each
 * input into a batch, or numbers the items of a command that makes them,
 * and hands the batch to the pool; the workers hand each record to the
 * command (worker.c), and this thread again writes the finished batches,
 * in input order, to `out` and `err`. So output stays in input order
 * whatever the number of threads, and only this thread ever touches the
 * streams.
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _POSIX_C_SOURCE 200809L /* fileno(), isatty() and sysconf() */
#endif

#include "session.h"
#include "cli.h"
#include "operand.h"
#include "signals.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(_POSIX_C_SOURCE)
#include <sys/stat.h>
#include <unistd.h>
#endif

int stream_is_terminal(FILE *f)
{
#if defined(_POSIX_C_SOURCE)
    return isatty(fileno(f));
#else
    (void)f;
    return 0;
#endif
}

int report_no_memory(FILE *err)
{
    fprintf(err, "sudoku: %s\n", sudoku_strerror(SUDOKU_E_MEMORY));
    return SUDOKU_CLI_EXIT_MEMORY;
}

static void raise_status(session *ctx, int status)
{
    if (ctx->status < status)
        ctx->status = status;
}

/* Reads and writes no more; the workers skip the batches not yet begun. */
static void stop(session *ctx)
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
static void output_failed(session *ctx, int error)
{
    stop(ctx);
#ifdef EPIPE
    if (error == EPIPE) {
        ctx->status = SUDOKU_CLI_EXIT_PIPE;
        return;
    }
#endif
    progress_clear(&ctx->progress);
    fprintf(ctx->err, "sudoku: write error: %s\n", strerror(error ? error : EIO));
    raise_status(ctx, SUDOKU_CLI_EXIT_TROUBLE);
}

/*
 * Writes bytes [from, to) of `t` to `out`, and stops the run on a failure.
 * Offsets rather than pointers, since an empty buffer has no bytes at all.
 */
static void write_out(session *ctx, const text_buffer *t, size_t from, size_t to)
{
    if (ctx->stopped || to == from)
        return;
    errno = 0;
    if (fwrite(t->data + from, 1, to - from, ctx->out) != to - from ||
        ferror(ctx->out))
        output_failed(ctx, errno);
    ctx->unflushed = 1;
}

void session_flush(session *ctx)
{
    if (ctx->stopped)
        return;
    if (!ferror(ctx->out))
        errno = 0; /* else it holds why text written straight to it failed */
    if (fflush(ctx->out) != 0 || ferror(ctx->out))
        output_failed(ctx, errno);
    ctx->unflushed = 0;
}

/*
 * The oldest batch in flight once it is done, waiting a short while for
 * it; NULL when it took the whole while. Records written before such a
 * wait are flushed, so that a pipe's reader gets each record soon after it
 * is done, not when the output's buffer fills, which with slow records can
 * take minutes; quick records never wait that long, and are written a
 * buffer at a time.
 */
static batch *wait_for_batch(session *ctx)
{
    batch *b = pool_next_done(ctx->pool, 1);

    if (!b && ctx->unflushed)
        session_flush(ctx);
    return b;
}

/* Memory ran out, or some other want of a resource: say so, and stop. */
static void give_up(session *ctx, int error)
{
    progress_clear(&ctx->progress);
    if (error == ENOMEM) {
        raise_status(ctx, report_no_memory(ctx->err));
    } else {
        fprintf(ctx->err, "sudoku: %s\n", strerror(error));
        raise_status(ctx, SUDOKU_CLI_EXIT_TROUBLE);
    }
    stop(ctx);
}

/* Keeps text for the end of the output, in order. */
static void keep(session *ctx, const char *data, size_t n)
{
    if (!ctx->stopped && n > 0 && spool_add(&ctx->kept, data, n) != 0)
        give_up(ctx, errno ? errno : EIO);
}

/*
 * Writes a finished batch and takes its counts. A failed record's message
 * goes out just before the record itself, so that on a terminal each
 * message stands next to its record.
 */
static void write_batch(session *ctx, const batch *b)
{
    size_t out_done = 0, err_done = 0, item_start = 0, kept_start = 0;

    for (size_t i = 0; i < b->solved && !ctx->stopped; i++) {
        const batch_item *it = &b->item[i];

        if (it->kind == ITEM_SOURCE_ERROR || it->outcome != OUTCOME_SOLVED) {
            write_out(ctx, &b->out, out_done, item_start);
            out_done = item_start;
            progress_clear(&ctx->progress); /* a message follows */
        }
        if (it->kind == ITEM_SOURCE_ERROR) {
            fprintf(ctx->err, "sudoku: %s: %s\n", it->source, strerror(it->error));
            raise_status(ctx, SUDOKU_CLI_EXIT_TROUBLE);
        } else {
            ctx->items++;
            if (it->outcome == OUTCOME_SOLVED) {
                ctx->done++;
            } else {
                if (it->err_end > err_done) /* a message, as for every failure */
                    fwrite(b->err.data + err_done, 1, it->err_end - err_done,
                           ctx->err);
                err_done = it->err_end;
                raise_status(ctx, SUDOKU_CLI_EXIT_FAILED);
            }
        }
        item_start = it->out_end;
        if (it->kind != ITEM_SOURCE_ERROR && it->kept_end > kept_start) {
            ctx->kept_records++;
            kept_start = it->kept_end;
        }
    }
    write_out(ctx, &b->out, out_done, item_start);
    keep(ctx, b->kept.data, kept_start);
    if (b->out_of_memory && !ctx->stopped)
        give_up(ctx, ENOMEM);
    if (ctx->shared.line_buffered)
        session_flush(ctx); /* each record as soon as it is there */
    if (!ctx->stopped && b->solved > 0)
        progress_update(&ctx->progress, ctx->items, b->item[b->solved - 1].input_end);
}

/*
 * After SIGINT or SIGTERM: write every record that is done, in order,
 * flush, and end the process by the signal, as it would have ended without
 * a handler. So what went to `out` is whole records, none that was done is
 * lost, and the records still being solved, which may take seconds more,
 * are dropped. Returns whether the run has stopped for another reason.
 */
static int check_signal(session *ctx)
{
    batch *b;

    if (signal_stop && !ctx->stopped) {
        pool_stop(ctx->pool);
        while ((b = pool_next_done(ctx->pool, 0)) != NULL && !ctx->stopped)
            write_batch(ctx, b);
        session_flush(ctx);
        progress_clear(&ctx->progress);
        fflush(ctx->err);
        signal_end(signal_stop);
    }
    return ctx->stopped;
}

/*
 * Writes the finished batches, in order; with `wait`, all in flight,
 * heeding a signal between waits.
 */
static void write_finished(session *ctx, int wait)
{
    while (pool_busy(ctx->pool)) {
        batch *b = wait ? wait_for_batch(ctx) : pool_next_done(ctx->pool, 0);

        if (b && !ctx->stopped)
            write_batch(ctx, b);
        else if (!b && (!wait || check_signal(ctx)))
            return;
    }
}

/* What comes after a batch as it is submitted. */
typedef enum following {
    FOLLOWED, /* another item */
    READING,  /* what the reader has left, and the operands after it */
    ALONE     /* nothing before its records are written: the input is
                 done, or it is answered before more is read */
} following;

/* Whether nothing comes after the batch being filled. */
static int nothing_follows(const session *ctx, following next)
{
    if (next == READING)
        return !ctx->more_operands && reader_drained(ctx->reader);
    return next == ALONE;
}

/* Hands the batch being filled to the pool, if it holds anything. */
static void submit_filling(session *ctx, following next)
{
    if (ctx->filling && ctx->filling->count > 0) {
        /* a record alone in the pool, with none known to follow, has every
           worker's thread for itself: a file of one hard puzzle, or one
           asked at a time */
        const int alone = ctx->filling->count == 1 && !pool_busy(ctx->pool) &&
                          nothing_follows(ctx, next);

        ctx->filling->threads = alone ? ctx->jobs : 1;
        pool_submit(ctx->pool, ctx->filling);
        ctx->filling = NULL;
    }
}

/*
 * Room for one more item in the batch being filled, or NULL once the run
 * has stopped. The caller fills it in and counts it, unless, READING,
 * the reader finds no record for it. When every batch is in flight, this
 * writes the oldest one first, so memory stays bounded.
 */
static batch_item *next_item(session *ctx, following next)
{
    if (check_signal(ctx))
        return NULL;
    if (ctx->filling && ctx->filling->count == ctx->filling->size) {
        submit_filling(ctx, next);
        write_finished(ctx, 0);
    }
    while (!ctx->filling && !check_signal(ctx)) {
        batch *b;

        if ((ctx->filling = pool_free_batch(ctx->pool)) == NULL &&
            (b = wait_for_batch(ctx)) != NULL)
            write_batch(ctx, b); /* every batch is in flight: the oldest first */
    }
    if (ctx->stopped)
        return NULL;
    return &ctx->filling->item[ctx->filling->count];
}

static void add_source_error(session *ctx, const char *source, int error)
{
    batch_item *it = next_item(ctx, FOLLOWED);

    if (it) {
        it->kind = ITEM_SOURCE_ERROR;
        it->source = source;
        it->error = error;
        it->input_end = ctx->bytes_done;
        ctx->filling->count++;
    }
}

/*
 * Reads every record that the reader, just started, gives into batches.
 * With `one_at_a_time` (a terminal, or --line-buffered), each record is
 * answered, and flushed, before the next line is read, so that whoever
 * writes a puzzle and waits for its answer gets it.
 */
static void feed_records(session *ctx, const char *source, int one_at_a_time)
{
    batch_item *it;
    int got = 0;

    if (one_at_a_time) { /* everything before is out, before the wait */
        submit_filling(ctx, ALONE);
        write_finished(ctx, 1);
        session_flush(ctx);
    }
    while ((it = next_item(ctx, READING)) != NULL) {
        signal_idle(one_at_a_time && !ctx->stopped);
        got = reader_next(ctx->reader, &it->rec);
        signal_idle(0);
        if (got <= 0)
            break;
        it->kind = ITEM_RECORD;
        it->source = source;
        it->input_end = ctx->bytes_done + reader_stream_offset(ctx->reader);
        ctx->filling->count++;
        if (one_at_a_time) {
            submit_filling(ctx, ALONE);
            write_finished(ctx, 1);
            session_flush(ctx);
        }
    }
    if (got < 0)
        add_source_error(ctx, source, ctx->reader->error);
    else
        check_signal(ctx); /* the reader may have stopped for one */
}

/*
 * Reads every record of a stream into batches. A person typing at a
 * terminal gets a hint on how to, when standard error is a terminal too,
 * and no progress line, which would stand in the way of the typing.
 */
static void feed_stream(session *ctx, const char *source, FILE *in)
{
    const int interactive = stream_is_terminal(in);
    const int one_at_a_time = ctx->shared.line_buffered || interactive;

    if (interactive) {
        progress_clear(&ctx->progress);
        ctx->progress.enabled = 0;
    }
    if (interactive && !ctx->hinted && stream_is_terminal(ctx->err)) {
        fputs("sudoku: type or paste puzzles, 81 cells a line ('.' for a blank); "
              "Ctrl-D ends\n", ctx->err);
        ctx->hinted = 1;
    }
    reader_init(ctx->reader, in, one_at_a_time);
    ctx->reader->stop = &signal_stop;
    feed_records(ctx, source, one_at_a_time);
    ctx->bytes_done += ctx->reader->bytes;
}

/*
 * Reads the text of an operand as the text of a file: a newline in it
 * ends a row or a line, so a grid pasted as one argument is one puzzle.
 */
static void feed_text(session *ctx, const char *source, const char *text)
{
    reader_init_text(ctx->reader, text, strlen(text));
    feed_records(ctx, source, ctx->shared.line_buffered);
}

/* Reads `rows` operands as the rows of one grid, "<args N-M>". */
static void feed_rows(session *ctx, operand *ops, int rows, int index)
{
    char *text = operand_join_rows(ops, rows);

    if (!text) {
        give_up(ctx, ENOMEM);
        return;
    }
    snprintf(ops[0].name, sizeof ops[0].name, "<args %d-%d>", index,
             index + rows - 1);
    feed_text(ctx, ops[0].name, text);
    free(text);
}

/*
 * Reads the operand ops[0], `index` from 1, and the ones after it that go
 * with it (there are `left` in all). Returns how many it read.
 */
static int feed_operand(session *ctx, operand *ops, int left, int index)
{
    operand *op = &ops[0];
    FILE *f;
    int error, rows;

    snprintf(op->name, sizeof op->name, "<arg %d>", index);
    ctx->more_operands = left > 1;
    if (strcmp(op->arg, "-") == 0) {
        feed_stream(ctx, "<stdin>", ctx->in);
        return 1;
    }
    if (operand_is_puzzle(op->arg)) {
        feed_text(ctx, op->name, op->arg);
        return 1;
    }
    f = fopen(op->arg, "rb");
    error = errno;
    if (f) {
        feed_stream(ctx, op->arg, f);
        fclose(f);
        return 1;
    }
    /*
     * A puzzle spaced out or boxed, or a line of pencil marks, is longer
     * than a file name may be: a name too long to be a file's is read as a
     * puzzle, so that it gets a record, and one saying what is wrong.
     */
    if (error == ENAMETOOLONG ||
        (error == ENOENT && operand_looks_like_puzzle(ctx->reader, op->arg))) {
        feed_text(ctx, op->name, op->arg);
        return 1;
    }
    if (error == ENOENT && (rows = operand_row_run(ops, left)) > 0) {
        ctx->more_operands = left > rows;
        feed_rows(ctx, ops, rows, index);
        return rows;
    }
    add_source_error(ctx, op->arg, error);
    return 1;
}

static int online_processors(void)
{
#if defined(_POSIX_C_SOURCE) && defined(_SC_NPROCESSORS_ONLN)
    const long n = sysconf(_SC_NPROCESSORS_ONLN);

    if (n > JOBS_MAX)
        return JOBS_MAX;
    if (n > 1)
        return (int)n;
#endif
    return 1;
}

int session_default_jobs(const session *ctx, const char *const *operands, int count)
{
    int all_puzzles = count > 0;

    for (int i = 0; i < count && all_puzzles; i++)
        all_puzzles = operand_is_puzzle(operands[i]);
    if (all_puzzles || ctx->shared.line_buffered || stream_is_terminal(ctx->out))
        return 1;
    return online_processors();
}

/* Writes what a command's hook appended, or gives up when memory ran out. */
static void write_hook_text(session *ctx, int status, text_buffer *t)
{
    if (status != 0)
        give_up(ctx, ENOMEM);
    else
        write_out(ctx, t, 0, t->length);
    text_free(t);
}

/* What the command's output opens with, if it is a document. */
static void write_begin(session *ctx)
{
    const document *d = ctx->command->document;
    text_buffer t = {0};

    if (!ctx->stopped && d)
        write_hook_text(ctx, d->begin(&ctx->work.job, &t), &t);
}

/* What its document's `end` appends at `part`. */
static void write_end_part(session *ctx, end_part part)
{
    const document *d = ctx->command->document;
    text_buffer t = {0};

    if (!ctx->stopped && d)
        write_hook_text(ctx, d->end(&ctx->work.job, part, ctx->kept_records, &t), &t);
}

static int write_kept_piece(void *context, const char *data, size_t n)
{
    session *ctx = context;
    const text_buffer piece = {.data = (char *)data, .length = n, .size = n};

    write_out(ctx, &piece, 0, n);
    return ctx->stopped;
}

/*
 * The end of a command's output: what `end` writes after the last record,
 * the text the records kept, and the last of `end`. Nothing once the run
 * has stopped, for a signal or a failure.
 */
static void write_end(session *ctx)
{
    write_end_part(ctx, END_RECORDS);
    if (!ctx->stopped && spool_each(&ctx->kept, write_kept_piece, ctx) < 0)
        give_up(ctx, errno ? errno : EIO);
    spool_free(&ctx->kept);
    write_end_part(ctx, END_OUTPUT);
}

/* Items 0 to count - 1 of a command that makes them, in batches like records. */
static void feed_items(session *ctx, uint64_t count)
{
    batch_item *it;

    for (uint64_t k = 0; k < count && (it = next_item(ctx, FOLLOWED)) != NULL; k++) {
        it->kind = ITEM_MAKE;
        it->source = "";
        it->index = k;
        it->input_end = 0; /* no input */
        ctx->filling->count++;
    }
}

/*
 * The bytes that the operands' streams hold in all, for the progress line
 * to tell the time left; 0 when one of them is not a regular file (a pipe
 * has no size), or when that cannot be known.
 */
static double input_size(const session *ctx, const operand *operands, int count)
{
    double total = 0;

#if defined(_POSIX_C_SOURCE)
    for (int i = 0; i < count; i++) {
        struct stat st;
        const int standard_input = strcmp(operands[i].arg, "-") == 0;

        if (operand_is_puzzle(operands[i].arg))
            continue;
        if ((standard_input ? fstat(fileno(ctx->in), &st) : stat(operands[i].arg, &st)) != 0)
            continue; /* a missing file, or a puzzle: nothing to read */
        if (!S_ISREG(st.st_mode))
            return 0;
        total += (double)st.st_size;
    }
#else
    (void)ctx;
    (void)operands;
    (void)count;
#endif
    return total;
}

/*
 * Works on every operand, or standard input when there is none; for a
 * command that makes items, on its items instead. A batch shows its
 * progress on standard error when that is a terminal and standard output
 * is not, where the records themselves would show it; never with
 * --line-buffered, whose co-process's terminal belongs to the program that
 * drives it.
 */
void session_run(session *ctx, const char *const *args, int count)
{
    const command *cmd = ctx->command;
    static const char *const standard_input[] = {"-"}; /* no operand */
    operand *operands = calloc(count > 0 ? (size_t)count : 1, sizeof *operands);
    const int show_progress = stream_is_terminal(ctx->err) &&
                              !stream_is_terminal(ctx->out) &&
                              !ctx->shared.line_buffered;

    if (!operands) {
        raise_status(ctx, report_no_memory(ctx->err));
        return;
    }
    if (count == 0) {
        args = standard_input;
        count = 1;
    }
    for (int i = 0; i < count; i++)
        operands[i].arg = args[i];
    progress_start(&ctx->progress, ctx->err, show_progress,
                   show_progress ? input_size(ctx, operands, count) : 0);
    write_begin(ctx);
    if (cmd->make)
        feed_items(ctx, cmd->items(ctx->work.job.settings));
    else
        for (int i = 0; i < count && !ctx->stopped;)
            i += feed_operand(ctx, &operands[i], count - i, i + 1);
    if (!ctx->stopped)
        submit_filling(ctx, ALONE);
    write_finished(ctx, 1);
    write_end(ctx);
    session_flush(ctx);
    progress_clear(&ctx->progress);
    free(operands);
}
