/*
 * solve.c - `sudoku solve`, the default command: each puzzle's solution,
 * or its number of solutions.
 */
#include "command.h"
#include "clock.h"
#include "html.h"

#include <stdio.h>
#include <string.h>

typedef struct solve_settings {
    int count;      /* -c: show the number of solutions */
    int unique;     /* -u: more than one solution is a failure */
    uint64_t limit; /* -l: the most solutions counted */
} solve_settings;

#define DEFAULT_LIMIT 1000
#define MAX_LIMIT 4294967295u

static const option_spec options[] = {
    OPTION_FORMAT_HTML,
    {.short_name = 'c', .long_name = "count",
     .help = "       count the solutions of each puzzle, up to the limit\n",
     .kind = OPTION_FLAG, .offset = offsetof(solve_settings, count)},
    {.short_name = 'l', .long_name = "limit",
     .help = " N     with --count, stop at N solutions: 1 to 4294967295,\n"
             "                    1000 by default; a count equal to N means N or more\n",
     .kind = OPTION_NUMBER, .offset = offsetof(solve_settings, limit),
     .noun = "limit", .min = 1, .max = MAX_LIMIT},
    {.short_name = 'u', .long_name = "unique",
     .help = "      a puzzle with more than one solution is a failure;\n"
             "                    it raises the limit to 2 if it is lower\n",
     .kind = OPTION_FLAG, .offset = offsetof(solve_settings, unique)},
    OPTION_COLOR,
    OPTION_LINE_BUFFERED,
    OPTION_JOBS,
    OPTION_TAIL,
};

static void defaults(void *settings)
{
    solve_settings *s = settings;

    s->limit = DEFAULT_LIMIT;
}

/* What the search found. */
typedef struct solved {
    unsigned long count; /* solutions, up to the limit */
    unsigned long guesses;
    double micros;
    sudoku_grid solution; /* the first, when count > 0 */
} solved;

static char *write_line(char *p, const job *j, const solve_settings *s,
                        outcome o, const solved *r)
{
    if (o == OUTCOME_SOLVED)
        p = put_digits(p, &r->solution);
    else
        p = put_string(p, outcome_name(o));
    if (o != OUTCOME_INVALID) {
        if (s->count) {
            *p++ = ' ';
            p = put_u64(p, r->count);
        }
        if (j->stats) {
            *p++ = ' ';
            p = put_u64(p, r->guesses);
            *p++ = ' ';
            p = put_micros(p, r->micros);
        }
    }
    *p++ = '\n';
    return p;
}

static char *write_grid(char *p, const job *j, const solve_settings *s,
                        const puzzle_input *in, outcome o, const solved *r)
{
    if (o == OUTCOME_SOLVED) {
        sudoku_grid puzzle;

        cells_grid(in->ref.cells, in->ref.cells_length, &puzzle);
        p = put_grid(p, &r->solution, &puzzle, j->color);
    } else {
        p = put_string(p, outcome_name(o));
        *p++ = '\n';
    }
    if (o != OUTCOME_INVALID) {
        if (s->count) {
            p = put_string(p, "solutions: ");
            p = put_u64(p, r->count);
            *p++ = '\n';
        }
        if (j->stats) {
            p = put_figures(p, "guesses: ", r->guesses, ", time: ", r->micros);
            *p++ = '\n';
        }
    }
    *p++ = '\n';
    return p;
}

static char *write_json(char *p, const job *j, const solve_settings *s,
                        const puzzle_input *in, outcome o, const solved *r)
{
    p = put_json_head(p, &in->ref);
    p = put_json_status(p, outcome_name(o), o == OUTCOME_SOLVED ? NULL : in->message);
    if (r->count > 0) {
        p = put_string(p, ",\"solution\":\"");
        p = put_digits(p, &r->solution);
        *p++ = '"';
    }
    if (o != OUTCOME_INVALID) {
        if (s->count)
            p = put_json_count(p, "count", r->count);
        p = put_json_count(p, "guesses", r->guesses);
        if (j->stats)
            p = put_json_micros(p, r->micros);
    }
    return put(p, "}\n", 2);
}

/*
 * HTML: the puzzle on a sheet, or the word of a failure and why; where it
 * came from, in small print under it.
 */
static char *put_html_record(char *p, const job *j, const solve_settings *s,
                             const puzzle_input *in, outcome o, const solved *r)
{
    p = put_html_puzzle_figure(p, in->valid ? &in->puzzle : NULL, in->ref.cells,
                               in->ref.cells_length);
    p = put_html_where(p, &in->ref);
    if (o != OUTCOME_SOLVED) {
        p = put_string(p, ": ");
        p = put_string(p, outcome_name(o));
        p = put_string(p, ", ");
        p = put_html_text(p, in->message, strlen(in->message));
    }
    if (o != OUTCOME_INVALID && s->count) {
        p = put_string(p, ", solutions: ");
        p = put_u64(p, r->count);
    }
    if (o != OUTCOME_INVALID && j->stats)
        p = put_figures(p, ", guesses: ", r->guesses, ", ", r->micros);
    return put_html_figure_end(p);
}

/* HTML: the answer, kept for the end of the sheet. */
static int keep_html_answer(puzzle_input *in, outcome o, const solved *r)
{
    char *p;

    if (o != OUTCOME_SOLVED)
        return 0;
    if (!(p = text_reserve(in->kept, HTML_DRAWING_BOUND +
                                         HTML_TEXT_BOUND * strlen(in->ref.source) + 64)))
        return -1;
    p = put_html_figure(p, &r->solution, &in->puzzle, HTML_GRID_ANSWER);
    text_commit(in->kept, put_html_figure_end(put_html_where(p, &in->ref)));
    return 0;
}

/* Counts the solutions, and judges them: solved, unsolvable or not unique. */
static outcome count(const solve_settings *s, puzzle_input *in, solved *r)
{
    sudoku_stats stats;
    unsigned long limit = s->count ? (unsigned long)s->limit : 1;
    sudoku_status status;

    if (s->unique && limit < 2)
        limit = 2;
    status = sudoku_count(&in->puzzle, limit, &r->count, &r->solution, &stats);
    if (status != SUDOKU_OK) { /* not for a parsed grid, but never drop one */
        snprintf(in->message, sizeof in->message, "%s", sudoku_strerror(status));
        r->count = 0;
        return OUTCOME_INVALID;
    }
    r->guesses = stats.guesses;
    return judge_count(r->count, s->unique, in->message, sizeof in->message);
}

static int run(const job *j, puzzle_input *in, text_buffer *out, outcome *result)
{
    const solve_settings *s = j->settings;
    solved r = {0};
    /* JSON with every byte of the puzzle and the message escaped */
    const size_t input = strlen(in->ref.source) + in->ref.note_length +
                         in->ref.cells_length + sizeof in->message;
    char *p = text_reserve(out, j->format == FORMAT_HTML
                                    ? HTML_DRAWING_BOUND + HTML_TEXT_BOUND * input
                                    : 1024 + 6 * input + COLOR_BOUND);
    outcome o = in->valid ? count(s, in, &r) : OUTCOME_INVALID;

    if (!p)
        return -1;
    if (j->stats)
        r.micros = clock_micros() - in->start;
    switch (j->format) {
    case FORMAT_LINE:
        p = write_line(p, j, s, o, &r);
        break;
    case FORMAT_GRID:
        p = write_grid(p, j, s, in, o, &r);
        break;
    case FORMAT_JSON:
        p = write_json(p, j, s, in, o, &r);
        break;
    case FORMAT_HTML:
        p = put_html_record(p, j, s, in, o, &r);
        if (keep_html_answer(in, o, &r) != 0)
            return -1;
        break;
    }
    text_commit(out, p);
    *result = o;
    return 0;
}

const command command_solve = {
    COMMAND_NAMED(solve),
    .options = options,
    COMMAND_SETTINGS(solve_settings, defaults),
    .run = run,
    .document = &puzzle_sheet,
};
