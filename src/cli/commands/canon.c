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
static char *write_canon(char *p, const job *j, const puzzle_input *in, outcome o,
                         const sudoku_grid *form, unsigned long automorphisms,
                         double micros)
{
    const int ok = o == OUTCOME_SOLVED;

    if (j->format == FORMAT_JSON) {
        p = put_json_head(p, &in->ref);
        /* a grid has a form whether it has one solution, several or none */
        p = put_json_status(p, ok ? "canonical" : outcome_name(o),
                            ok ? NULL : in->message);
        if (ok) {
            p = put_string(p, ",\"canonical\":\"");
            p += strlen(sudoku_format(form, p));
            p = put_string(p, "\",\"automorphisms\":");
            p = put_u64(p, automorphisms);
        }
        if (j->stats && ok)
            p = put_json_micros(p, micros);
        return put(p, "}\n", 2);
    }
    if (!ok)
        p = put_string(p, outcome_name(o));
    else if (j->format == FORMAT_GRID)
        p = put_grid(p, form, form, 0) - 1;
    else
        p += strlen(sudoku_format(form, p));
    if (j->stats && ok) {
        *p++ = ' ';
        p = put_micros(p, micros);
    }
    *p++ = '\n';
    if (j->format == FORMAT_GRID)
        *p++ = '\n';
    return p;
}

static int run(const job *j, puzzle_input *in, text_buffer *out, outcome *result)
{
    sudoku_grid form;
    unsigned long automorphisms = 0;
    double micros = 0;
    const outcome o = in->valid ? OUTCOME_SOLVED : OUTCOME_INVALID;
    char *p = text_reserve(out, 1024 + 6 * strlen(in->ref.source) + 6 * in->ref.note_length +
                                    6 * in->ref.cells_length + 6 * sizeof in->message);

    if (!p)
        return -1;
    if (in->valid) /* any valid grid has a form */
        sudoku_canon(&in->puzzle, &form, &automorphisms, NULL);
    if (j->stats)
        micros = clock_micros() - in->start;
    text_commit(out, write_canon(p, j, in, o, &form, automorphisms, micros));
    *result = o;
    return 0;
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
