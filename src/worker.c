/*
 * worker.c - one record in, one outcome and its text out.
 *
 * A record goes through sudoku_parse() and then sudoku_count(), so the
 * library's word on what a cell is, and its diagnostics, are the only ones.
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _POSIX_C_SOURCE 200809L /* clock_gettime() */
#endif

#include "worker.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

double worker_clock_micros(void)
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
 * Says what the foreign character of `rec` is and where: as the library
 * does, at its cell (rXcY) when the record holds 81 characters, else at
 * its column on its line. A character that is not printable ASCII is
 * shown with its code point, or, when its bytes are not UTF-8, as \xHH.
 */
static void describe_foreign(const record *rec, char *message, size_t size)
{
    const foreign_char *f = &rec->foreign;
    const unsigned char c = f->bytes[0];
    const size_t n = output_utf8_length(f->bytes, f->length);
    char what[32];

    if (c >= 0x20 && c < 0x7F && c != '\'' && c != '\\') {
        snprintf(what, sizeof what, "'%c'", c);
    } else if (n > 0) {
        unsigned long code = c & (0x7F >> n);

        for (size_t i = 1; i < n; i++)
            code = code << 6 | (f->bytes[i] & 0x3F);
        snprintf(what, sizeof what, "'%.*s' (U+%04lX)", (int)n,
                 (const char *)f->bytes, code);
    } else {
        snprintf(what, sizeof what, "'\\x%02X'", c);
    }
    if (rec->kind == RECORD_CELLS && rec->characters == SUDOKU_CELLS)
        snprintf(message, size, "foreign character %s at r%zuc%zu", what,
                 f->cell / 9 + 1, f->cell % 9 + 1);
    else
        snprintf(message, size, "foreign character %s at column %zu", what,
                 f->column);
}

/* Turns the grid of `rec` into `puzzle`. Returns 0, or -1 with r filled in. */
static int read_grid(const record *rec, sudoku_grid *puzzle, result *r,
                     unsigned long *error_line)
{
    sudoku_diagnostic diag;

    if (rec->foreign.column != 0) { /* what is wrong first, then counts */
        describe_foreign(rec, r->message, sizeof r->message);
        *error_line = rec->foreign.line;
        return -1;
    }
    if (rec->kind == RECORD_SHORT_BLOCK) {
        const size_t rows = rec->count / 9;

        snprintf(r->message, sizeof r->message, "grid block ends after %zu row%s",
                 rows, rows == 1 ? "" : "s");
        return -1;
    }
    if (sudoku_parse(puzzle, rec->cell, rec->count, &diag) == SUDOKU_OK)
        return 0;
    sudoku_describe(&diag, r->message, sizeof r->message);
    if (diag.status == SUDOKU_E_CHARACTER)
        *error_line = rec->row_line[diag.cell / 9]; /* the line that holds it */
    return -1;
}

/*
 * Parses and solves one record, filling in the outcome, the message and the
 * solving fields of `r`. Returns the line an error message should name.
 */
static unsigned long judge_record(const solve_options *opt, const record *rec,
                                  result *r)
{
    sudoku_grid puzzle;
    sudoku_stats stats;
    sudoku_status status;
    unsigned long limit = opt->output.count ? opt->limit : 1;
    unsigned long error_line = rec->line;
    double start = 0;

    r->outcome = OUTCOME_INVALID;
    if (read_grid(rec, &puzzle, r, &error_line) != 0)
        return error_line;
    if (opt->unique && limit < 2)
        limit = 2;
    if (opt->output.stats)
        start = worker_clock_micros();
    status = sudoku_count(&puzzle, limit, &r->count, &r->solution, &stats);
    if (opt->output.stats)
        r->micros = worker_clock_micros() - start;
    if (status != SUDOKU_OK) { /* not for a parsed grid, but never drop one */
        snprintf(r->message, sizeof r->message, "%s", sudoku_strerror(status));
        r->count = 0;
        return error_line;
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
    return error_line;
}

/* Solves one record and appends its text. Returns 0, or -1 out of memory. */
static int solve_item(const solve_options *opt, batch_item *it, text_buffer *out,
                      text_buffer *err)
{
    const record *rec = &it->rec;
    unsigned long error_line;
    result r;

    r.source = it->source;
    r.line = rec->line;
    r.cells = rec->cell;
    r.cells_length = rec->count < SUDOKU_CELLS ? rec->count : SUDOKU_CELLS;
    r.count = r.guesses = 0;
    r.micros = 0;
    r.message[0] = '\0';
    error_line = judge_record(opt, rec, &r);
    it->outcome = r.outcome;
    if (output_result(out, &opt->output, &r) != 0)
        return -1;
    if (r.outcome != OUTCOME_SOLVED &&
        output_message(err, it->source, error_line, r.message) != 0)
        return -1;
    return 0;
}

void worker_solve_batch(batch *b, void *context)
{
    const solve_options *opt = context;

    for (size_t i = 0; i < b->count; i++) {
        batch_item *it = &b->item[i];
        const size_t out_length = b->out.length, err_length = b->err.length;

        if (it->kind == ITEM_RECORD &&
            solve_item(opt, it, &b->out, &b->err) != 0) {
            b->out.length = out_length; /* no half-written record */
            b->err.length = err_length;
            b->out_of_memory = 1;
            b->solved = i;
            return;
        }
        it->out_end = b->out.length;
        it->err_end = b->err.length;
    }
    b->solved = b->count;
}
