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

static void write_line(text_buffer *out, const job *j, const solve_settings *s,
                       outcome o, const solved *r)
{
    if (o == OUTCOME_SOLVED)
        text_add_digits(out, &r->solution);
    else
        text_add_string(out, outcome_name(o));
    if (o != OUTCOME_INVALID) {
        if (s->count) {
            text_add_char(out, ' ');
            text_add_u64(out, r->count);
        }
        if (j->stats) {
            text_add_char(out, ' ');
            text_add_u64(out, r->guesses);
            text_add_char(out, ' ');
            text_add_micros(out, r->micros);
        }
    }
    text_add_char(out, '\n');
}

static void write_grid(text_buffer *out, const job *j, const solve_settings *s,
                       const puzzle_input *in, outcome o, const solved *r)
{
    if (o == OUTCOME_SOLVED) {
        sudoku_grid puzzle;

        cells_grid(in->ref.cells, in->ref.cells_length, &puzzle);
        text_add_grid(out, &r->solution, &puzzle, j->color);
    } else {
        text_add_string(out, outcome_name(o));
        text_add_char(out, '\n');
    }
    if (o != OUTCOME_INVALID) {
        if (s->count) {
            text_add_string(out, "solutions: ");
            text_add_u64(out, r->count);
            text_add_char(out, '\n');
        }
        if (j->stats) {
            text_add_figures(out, "guesses: ", r->guesses, ", time: ", r->micros);
            text_add_char(out, '\n');
        }
    }
    text_add_char(out, '\n');
}

static void write_json(text_buffer *out, const job *j, const solve_settings *s,
                       const puzzle_input *in, outcome o, const solved *r)
{
    text_add_json_head(out, &in->ref);
    text_add_json_status(out, outcome_name(o), o == OUTCOME_SOLVED ? NULL : in->message);
    if (r->count > 0) {
        text_add_string(out, ",\"solution\":\"");
        text_add_digits(out, &r->solution);
        text_add_char(out, '"');
    }
    if (o != OUTCOME_INVALID) {
        if (s->count)
            text_add_json_count(out, "count", r->count);
        text_add_json_count(out, "guesses", r->guesses);
        if (j->stats)
            text_add_json_micros(out, r->micros);
    }
    text_add_string(out, "}\n");
}

/*
 * HTML: the puzzle on a sheet, or the word of a failure and why; where it
 * came from, in small print under it.
 */
static void write_html(text_buffer *out, const job *j, const solve_settings *s,
                       const puzzle_input *in, outcome o, const solved *r)
{
    text_add_html_puzzle_figure(out, in->valid ? &in->puzzle : NULL, in->ref.cells,
                                in->ref.cells_length);
    text_add_html_where(out, &in->ref);
    if (o != OUTCOME_SOLVED) {
        text_add_string(out, ": ");
        text_add_string(out, outcome_name(o));
        text_add_string(out, ", ");
        text_add_html_text(out, in->message, strlen(in->message));
    }
    if (o != OUTCOME_INVALID && s->count) {
        text_add_string(out, ", solutions: ");
        text_add_u64(out, r->count);
    }
    if (o != OUTCOME_INVALID && j->stats)
        text_add_figures(out, ", guesses: ", r->guesses, ", ", r->micros);
    text_add_html_figure_end(out);
}

/* HTML: the answer, kept for the end of the sheet. */
static void keep_html_answer(puzzle_input *in, outcome o, const solved *r)
{
    if (o != OUTCOME_SOLVED)
        return;
    text_add_html_figure(in->kept, &r->solution, &in->puzzle, HTML_GRID_ANSWER);
    text_add_html_where(in->kept, &in->ref);
    text_add_html_figure_end(in->kept);
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
    const outcome o = in->valid ? count(s, in, &r) : OUTCOME_INVALID;

    if (j->stats)
        r.micros = clock_micros() - in->start;
    switch (j->format) {
    case FORMAT_LINE:
        write_line(out, j, s, o, &r);
        break;
    case FORMAT_GRID:
        write_grid(out, j, s, in, o, &r);
        break;
    case FORMAT_JSON:
        write_json(out, j, s, in, o, &r);
        break;
    case FORMAT_HTML:
        write_html(out, j, s, in, o, &r);
        keep_html_answer(in, o, &r);
        break;
    }
    *result = o;
    return text_status(out) != 0 || text_status(in->kept) != 0 ? -1 : 0;
}

const command command_solve = {
    COMMAND_NAMED(solve),
    .options = options,
    COMMAND_SETTINGS(solve_settings, defaults),
    .run = run,
    .document = &puzzle_sheet,
};
