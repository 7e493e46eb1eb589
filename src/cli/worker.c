/*
 * worker.c - one record in, one outcome and its text out.
 *
 * A record goes through sudoku_parse() (or sudoku_parse_marks()) before
 * the command sees it, so the library's word on what a cell is, and its
 * diagnostics, are the only ones, and every command refuses bad input in
 * the same words.
 */
#include "worker.h"
#include "clock.h"

#include <stdio.h>

/*
 * Reads the cells of `rec` as a grid, and where the command takes them, a
 * line of pencil marks as a grid and its marks (into `marks`). Sets
 * in->valid, or the message and the line to blame.
 */
static void read_puzzle(const sudoku_record *rec, int reads_marks, unsigned short *marks,
                        puzzle_input *in)
{
    sudoku_diagnostic diag;
    sudoku_status status;
    const int has_marks = reads_marks && rec->count == SUDOKU_MARKS;

    in->valid = 0;
    if (rec->status != SUDOKU_OK) { /* what is wrong first, then counts */
        sudoku_describe_record(rec, in->message, sizeof in->message);
        if (rec->status == SUDOKU_E_CHARACTER)
            in->error_line = rec->foreign.line;
        return;
    }
    if (has_marks)
        status = sudoku_parse_marks(&in->puzzle, marks, rec->cell, rec->count, &diag);
    else
        status = sudoku_parse(&in->puzzle, rec->cell, rec->count, &diag);
    if (status == SUDOKU_OK) {
        in->valid = 1;
        in->marks = has_marks ? marks : NULL;
        return;
    }
    if ((status == SUDOKU_E_TOO_FEW || status == SUDOKU_E_TOO_MANY) && reads_marks)
        snprintf(in->message, sizeof in->message,
                 "%zu cell%s, expected 81, or 729 for pencil marks", diag.cells,
                 diag.cells == 1 ? "" : "s");
    else if (status == SUDOKU_E_TOO_MANY && rec->count == SUDOKU_MARKS)
        snprintf(in->message, sizeof in->message,
                 "729 cells, expected 81: a line of pencil marks is for explain "
                 "and grade");
    else
        sudoku_describe(&diag, in->message, sizeof in->message);
    if (diag.status == SUDOKU_E_CHARACTER && !has_marks)
        in->error_line = rec->row_line[diag.cell / 9]; /* the line that holds it */
}

/* Runs the command on one record. Returns 0, or -1 when memory ran out. */
static int run_record(const work *w, batch_item *it, int threads, text_buffer *out,
                      text_buffer *err, text_buffer *kept)
{
    const sudoku_record *rec = &it->rec;
    unsigned short marks[SUDOKU_CELLS];
    /* a command that reads pencil marks echoes them whole */
    const size_t most = w->command->reads_marks ? SUDOKU_MARKS : SUDOKU_CELLS;
    puzzle_input in = {.ref = {.source = it->source, .line = rec->line,
                               .cells = rec->cell,
                               .cells_length = rec->count < most ? rec->count : most,
                               .note = rec->note, .note_length = rec->note_length},
                       .error_line = rec->line, .threads = threads, .kept = kept};

    in.start = w->job.stats ? clock_micros() : 0;
    read_puzzle(rec, w->command->reads_marks, marks, &in);
    if (w->command->run(&w->job, &in, out, &it->outcome) != 0)
        return -1;
    if (it->outcome != OUTCOME_SOLVED &&
        text_message(err, it->source, in.error_line, in.message) != 0)
        return -1;
    return 0;
}

void worker_run_batch(batch *b, void *context)
{
    const work *w = context;

    for (size_t i = 0; i < b->count; i++) {
        batch_item *it = &b->item[i];
        const size_t out_length = b->out.length, err_length = b->err.length,
                     kept_length = b->kept.length;

        if ((it->kind == ITEM_RECORD &&
             run_record(w, it, b->threads, &b->out, &b->err, &b->kept) != 0) ||
            (it->kind == ITEM_MAKE &&
             w->command->make(&w->job, it->index, &b->out, &b->err, &b->kept,
                              &it->outcome) != 0)) {
            text_truncate(&b->out, out_length); /* no half-written record */
            text_truncate(&b->err, err_length);
            text_truncate(&b->kept, kept_length);
            b->out_of_memory = 1;
            b->solved = i;
            return;
        }
        it->out_end = b->out.length;
        it->err_end = b->err.length;
        it->kept_end = b->kept.length;
    }
    b->solved = b->count;
}
