/*
 * canon.c - `sudoku canon`: each grid's canonical (minlex) form, the same
 * for every grid equivalent to it.
 */
#include "command.h"
#include "clock.h"

#include <string.h>

static const option_spec options[] = {
    OPTION_FORMAT,
    OPTION_LINE_BUFFERED,
    OPTION_JOBS,
    OPTION_TAIL,
};

/* A canonical form, or the word of a failure. */
static void write_canon(text_buffer *out, const job *j, const puzzle_input *in,
                        outcome o, const sudoku_grid *form,
                        unsigned long automorphisms, double micros)
{
    const int ok = o == OUTCOME_SOLVED;

    if (j->format == FORMAT_JSON) {
        text_add_json_head(out, &in->ref);
        /* a grid has a form whether it has one solution, several or none */
        text_add_json_status(out, ok ? "canonical" : outcome_name(o),
                             ok ? NULL : in->message);
        if (ok) {
            text_add_string(out, ",\"canonical\":\"");
            text_add_cells(out, form);
            text_add_string(out, "\",\"automorphisms\":");
            text_add_u64(out, automorphisms);
        }
        if (j->stats && ok)
            text_add_json_micros(out, micros);
        text_add_string(out, "}\n");
        return;
    }
    if (!ok) {
        text_add_string(out, outcome_name(o));
    } else if (j->format == FORMAT_GRID) {
        text_add_grid(out, form, form, 0);
        text_drop(out, 1); /* its last line break: the figure goes on that line */
    } else {
        text_add_cells(out, form);
    }
    if (j->stats && ok) {
        text_add_char(out, ' ');
        text_add_micros(out, micros);
    }
    text_add_string(out, j->format == FORMAT_GRID ? "\n\n" : "\n");
}

static int run(const job *j, puzzle_input *in, text_buffer *out, outcome *result)
{
    sudoku_grid form;
    unsigned long automorphisms = 0;
    double micros = 0;
    const outcome o = in->valid ? OUTCOME_SOLVED : OUTCOME_INVALID;

    if (in->valid) /* any valid grid has a form */
        sudoku_canon(&in->puzzle, &form, &automorphisms, NULL);
    if (j->stats)
        micros = clock_micros() - in->start;
    write_canon(out, j, in, o, &form, automorphisms, micros);
    *result = o;
    return text_status(out);
}

static void summary(const void *settings, FILE *err, const tally *t)
{
    (void)settings;
    summary_write(err, "grid", "canonical", t);
}

const command command_canon = {
    COMMAND_NAMED(canon),
    .options = options,
    .run = run,
    .summary = summary,
};
