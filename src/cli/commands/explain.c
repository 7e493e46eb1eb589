/*
 * explain.c - `sudoku explain` and `sudoku grade`: a puzzle solved the
 * way a person would, step by step, and its rating on Sudoku Explainer's
 * scale. Both walk the same steps (the library's ladder); explain writes
 * each one, grade only the rating they add up to.
 */
#include "command.h"
#include "clock.h"
#include "html.h"

#include <stdio.h>
#include <string.h>

typedef struct explain_settings {
    int hint;              /* explain --hint: the first step only */
    int candidates;        /* explain --candidates: the grid before each step */
    sudoku_limits limits;  /* grade --max-rating */
} explain_settings;

/* "7.5" in tenths (75), from 0.1 to 20.0, for --max-rating. */
static int parse_max_rating(void *target, const char *value, char *why,
                            size_t size)
{
    int tenths;
    const char *end = parse_tenths(value, &tenths);

    if (!end || *end != '\0' || tenths <= 0 || tenths > 200) {
        snprintf(why, size, "invalid rating '%s': use 0.1 to 20.0%s", value,
                 end && *end >= '0' && *end <= '9' ? ", with one decimal at most"
                                                   : "");
        return -1;
    }
    ((sudoku_limits *)target)->max_difficulty = tenths;
    return 0;
}

static const option_spec explain_options[] = {
    OPTION_FORMAT_HTML,
    {.long_name = "hint", .help = "        give only the first step\n",
     .kind = OPTION_FLAG, .offset = offsetof(explain_settings, hint)},
    {.long_name = "candidates",
     .help = "  show the candidates before each step\n",
     .kind = OPTION_FLAG, .offset = offsetof(explain_settings, candidates)},
    OPTION_COLOR,
    OPTION_LINE_BUFFERED,
    OPTION_JOBS,
    OPTION_TAIL,
};

static const option_spec grade_options[] = {
    OPTION_FORMAT,
    OPTION_LINE_BUFFERED,
    OPTION_PARSED(
        "max-rating", explain_settings, limits, parse_max_rating,
        " X\n"
        "                    stop once ER is known to pass X (such as 7.5), and\n"
        "                    give it as '>X' and the level as 'LEVEL+', the\n"
        "                    least it can be (that of the step past X), or\n"
        "                    '-' when that is easy\n"),
    OPTION_JOBS,
    OPTION_TAIL,
};

/* What the steps came to. */
typedef struct explained {
    const sudoku_grid *givens; /* the puzzle's */
    sudoku_grid solution;
    sudoku_rating rating;
    sudoku_candidates left; /* the candidates where the steps stopped */
    double micros;
} explained;

/* The longest record, apart from the source name, the cells and the steps. */
#define RECORD_BOUND (1024 + 6 * 96 + COLOR_BOUND + CANDIDATES_BOUND)

/* Room for the start or the end of a record: two drawings in HTML. */
static size_t record_room(const job *j, const puzzle_input *in)
{
    const size_t input = strlen(in->ref.source) + in->ref.note_length + in->ref.cells_length;

    if (j->format == FORMAT_HTML)
        return RECORD_BOUND + 2 * HTML_DRAWING_BOUND + 2 * HTML_TEXT_BOUND * (input + 96);
    return RECORD_BOUND + 6 * input;
}

/*
 * Builds the candidate grid of a record and checks that it has exactly
 * one solution. A puzzle is judged as solve judges it; pencil marks may
 * also leave a cell bare, which makes them invalid.
 */
static outcome start_grid(puzzle_input *in, sudoku_candidates *grid,
                          sudoku_grid *solution)
{
    sudoku_diagnostic diag;
    unsigned long count;

    if (!in->marks) {
        sudoku_count(&in->puzzle, 2, &count, solution, NULL);
        if (count != 1)
            return judge_count(count, 1, in->message, sizeof in->message);
    }
    if (sudoku_candidates_init(grid, &in->puzzle, in->marks, &diag) != SUDOKU_OK) {
        sudoku_describe(&diag, in->message, sizeof in->message);
        return OUTCOME_INVALID;
    }
    if (in->marks) {
        sudoku_candidates_count(grid, 2, &count, solution);
        return judge_count(count, 1, in->message, sizeof in->message);
    }
    return OUTCOME_SOLVED;
}

/*
 * HTML: a record's section opens with its name and the puzzle drawn, as a
 * grid of candidates for pencil marks, with its line below: the cells as
 * read, or for pencil marks, whose 729 characters the drawing shows, the
 * givens' 81; the steps follow as a list.
 */
static char *put_html_puzzle(char *p, const puzzle_input *in,
                             const sudoku_candidates *grid)
{
    static const char label[] = "The puzzle: ", marked[] = ", with pencil marks";
    char alt[sizeof label + SUDOKU_CELLS + sizeof marked];
    char *const line = alt + sizeof label - 1;

    memcpy(alt, label, sizeof label - 1);
    if (in->marks) {
        sudoku_format(&in->puzzle, line);
        memcpy(line + SUDOKU_CELLS, marked, sizeof marked);
    } else { /* a puzzle that parsed: its 81 cells */
        const size_t n = in->ref.cells_length < SUDOKU_CELLS ? in->ref.cells_length
                                                             : SUDOKU_CELLS;

        memcpy(line, in->ref.cells, n);
        line[n] = '\0';
    }
    p = put_string(p, "<section>\n");
    p = put_html_record_name(p, &in->ref);
    p = put_string(p, "<figure>");
    if (in->marks)
        p = put_html_candidates(p, grid, &in->puzzle, NULL, alt, strlen(alt));
    else
        p = put_html_grid(p, &in->puzzle, &in->puzzle, HTML_GRID_FULL, alt);
    p = put_string(p, "<figcaption><pre>");
    p = put_html_text(p, line, strlen(line));
    return put_string(p, "</pre></figcaption></figure>\n<ol>\n");
}

/*
 * The start of an explanation: the puzzle, as read or as a grid; pencil
 * marks (`grid` holds them) drawn as a grid of candidates.
 */
static int write_begin(text_buffer *out, const job *j, const puzzle_input *in,
                       const sudoku_candidates *grid)
{
    char *p = text_reserve(out, record_room(j, in));

    if (!p)
        return -1;
    if (j->format == FORMAT_HTML) {
        p = put_html_puzzle(p, in, grid);
    } else if (j->format == FORMAT_JSON) {
        p = put_json_head(p, &in->ref);
        p = put_string(p, ",\"status\":\"solved\",\"steps\":[");
    } else if (j->format == FORMAT_GRID && in->marks) {
        p = put_candidates_grid(p, grid);
        *p++ = '\n';
    } else if (j->format == FORMAT_GRID) {
        sudoku_grid g;

        cells_grid(in->ref.cells, in->ref.cells_length, &g);
        p = put_grid(p, &g, &g, j->color);
        *p++ = '\n';
    } else {
        p = put(p, in->ref.cells, in->ref.cells_length);
        *p++ = '\n';
    }
    text_commit(out, p);
    return 0;
}

/*
 * HTML: a step drawn on the candidates it was found on, its words beside
 * the drawing and in its text alternative.
 */
static int write_step_html(text_buffer *out, const sudoku_candidates *grid,
                           const sudoku_grid *givens, const sudoku_step *step)
{
    const size_t words = sudoku_describe_step(step, NULL, 0);
    /* the words go past the most the drawing and the caption can take */
    const size_t text_at = HTML_DRAWING_BOUND + (HTML_TEXT_BOUND + 14) * words + 256;
    char *p = text_reserve(out, text_at + words + 1), *text;

    if (!p)
        return -1;
    text = p + text_at;
    sudoku_describe_step(step, text, words + 1);
    p = put_string(p, "<li><figure>");
    p = put_html_candidates(p, grid, givens, step, text, words);
    p = put_string(p, "<figcaption>");
    p = put_html_step_words(p, text, words);
    text_commit(out, put_string(p, "</figcaption></figure></li>\n"));
    return 0;
}

/* Each placement or strike of a step, as a JSON array of strings. */
static char *put_moves_json(char *p, const sudoku_step *step, int places)
{
    const char *comma = "";

    *p++ = '[';
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 1; d <= 9; d++) {
            const int hit = places ? step->place[c] == d : step->strike[c] >> (d - 1) & 1;

            if (!hit)
                continue;
            p = put_string(p, comma);
            *p++ = '"';
            *p++ = 'r';
            *p++ = (char)('1' + c / 9);
            *p++ = 'c';
            *p++ = (char)('1' + c % 9);
            p = put_string(p, places ? "=" : "<>");
            *p++ = (char)('0' + d);
            *p++ = '"';
            comma = ",";
        }
    }
    *p++ = ']';
    return p;
}

/*
 * Escapes the line breaks among n bytes of a step's words at p, in place,
 * as JSON's \n (a forcing chain's branches go on lines of their own; the
 * words hold no other character JSON escapes). Returns their new end.
 */
static char *escape_lines(char *p, size_t n)
{
    size_t breaks = 0;
    char *from = p + n, *to, *end;

    for (size_t i = 0; i < n; i++)
        breaks += p[i] == '\n';
    end = to = from + breaks;
    while (to > from) { /* the bytes before the first break stay */
        const char c = *--from;

        *--to = (char)(c == '\n' ? 'n' : c);
        if (c == '\n')
            *--to = '\\';
    }
    return end;
}

/*
 * The chain of nodes[*at] on, at `depth`, as JSON: its nodes in order, as
 * "r1c2=5" (true) or "r1c2<>5" (false), then, for a forcing chain of
 * several branches, where each branch starts. A node that a deduction
 * struck (SUDOKU_CHAIN_RULE) is an object instead, naming the rule, and
 * when that rule is a chain, holding it in turn as "chain" (and
 * "branches"). Leaves *at past the chain.
 */
static char *put_chain_level(char *p, const sudoku_step *step, int *at, int depth)
{
    unsigned short starts[SUDOKU_STEP_CHAIN];
    int nodes = 0, branches = 0;

    p = put_string(p, "\"chain\":[");
    while (*at < step->chain_count && step->chain[*at].depth == depth) {
        const sudoku_chain_node *node = &step->chain[(*at)++];
        const int rule = node->flags & SUDOKU_CHAIN_RULE;

        if (node->flags & SUDOKU_CHAIN_BRANCH)
            starts[branches++] = (unsigned short)nodes;
        p = put_string(p, nodes++ ? "," : "");
        p = put_string(p, rule ? "{\"node\":\"r" : "\"r");
        *p++ = (char)('1' + node->cell / 9);
        *p++ = 'c';
        *p++ = (char)('1' + node->cell % 9);
        p = put_string(p, node->flags & SUDOKU_CHAIN_ON ? "=" : "<>");
        *p++ = (char)('0' + node->digit);
        *p++ = '"';
        if (!rule)
            continue;
        p = put_string(p, ",\"rule\":\"");
        p = put_string(p, sudoku_technique_name((sudoku_technique)node->technique));
        *p++ = '"';
        if (*at < step->chain_count && step->chain[*at].depth > depth) {
            *p++ = ',';
            p = put_chain_level(p, step, at, depth + 1);
        }
        *p++ = '}';
    }
    *p++ = ']';
    if (branches > 1) {
        p = put_string(p, ",\"branches\":[");
        for (int i = 0; i < branches; i++) {
            p = put_string(p, i ? "," : "");
            p = put_u64(p, starts[i]);
        }
        *p++ = ']';
    }
    return p;
}

/* The bytes put_chain_level() may take for the whole of a step's chain. */
static size_t chain_json_bound(const sudoku_step *step)
{
    /* a node: at most 10 bytes, and 4 more where a branch starts */
    size_t bytes = 16 + 14 * (size_t)step->chain_count;

    for (int i = 0; i < step->chain_count; i++)
        if (step->chain[i].flags & SUDOKU_CHAIN_RULE) /* {"node": ... } */
            bytes += 48 + strlen(sudoku_technique_name(
                              (sudoku_technique)step->chain[i].technique));
    return bytes;
}

/* One step of an explanation, the `index`-th from 0, taken on `grid`. */
static int write_step(text_buffer *out, const job *j, const sudoku_candidates *grid,
                      const sudoku_step *step, const explained *e)
{
    const explain_settings *s = j->settings;
    const unsigned long index = e->rating.steps;
    const size_t words = sudoku_describe_step(step, NULL, 0);
    char *p;

    if (j->format == FORMAT_HTML)
        return write_step_html(out, grid, e->givens, step);
    if (!(p = text_reserve(out, 3 * words + CANDIDATES_BOUND + chain_json_bound(step) + 256)))
        return -1;
    if (j->format == FORMAT_JSON) {
        if (index > 0)
            *p++ = ',';
        p = put_string(p, "{\"technique\":\"");
        p = put_string(p, sudoku_technique_name(step->technique));
        p = put_string(p, "\",\"rating\":");
        p = put_difficulty(p, step->difficulty, 0);
        p = put_string(p, ",\"placements\":");
        p = put_moves_json(p, step, 1);
        p = put_string(p, ",\"eliminations\":");
        p = put_moves_json(p, step, 0);
        if (step->chain_count > 0) {
            int at = 0;

            *p++ = ',';
            p = put_chain_level(p, step, &at, 0);
            if (step->chain_cut)
                p = put_string(p, ",\"chain_cut\":true");
        }
        if (s->candidates) {
            p = put_string(p, ",\"candidates\":\"");
            p = put_marks(p, grid);
            *p++ = '"';
        }
        p = put_string(p, ",\"text\":\"");
        p = escape_lines(p, sudoku_describe_step(step, p, words + 1));
        p = put_string(p, "\"}");
    } else {
        if (s->candidates)
            p = j->format == FORMAT_GRID ? put_candidates_grid(p, grid)
                                         : put_candidates_line(p, grid);
        p += sudoku_describe_step(step, p, words + 1);
        *p++ = '\n';
    }
    text_commit(out, p);
    return 0;
}

/* What the grade loop's callback writes with, and how that went. */
typedef struct writing {
    const job *j;
    text_buffer *out;
    explained *e;
    int failed; /* memory ran out */
} writing;

/*
 * Writes each step; with --hint, only the first, after which JSON still
 * wants the rating (the text formats give none then, and take no more).
 */
static sudoku_step_answer write_each(const sudoku_candidates *grid,
                                     const sudoku_step *step,
                                     const sudoku_rating *rating, void *context)
{
    writing *w = context;
    const explain_settings *s = w->j->settings;

    (void)rating; /* e->rating, which write_step() reads */
    if (write_step(w->out, w->j, grid, step, w->e) != 0) {
        w->failed = 1;
        return SUDOKU_STEPS_LAST;
    }
    if (!s->hint)
        return SUDOKU_STEPS_MORE;
    return w->j->format == FORMAT_JSON ? SUDOKU_STEPS_RATING : SUDOKU_STEPS_LAST;
}

/*
 * Takes the steps from a candidate grid to the end, writing each one when
 * `explaining`. Returns 0, or -1 when memory ran out.
 */
static int take_steps(const job *j, int explaining, sudoku_candidates *grid,
                      explained *e, text_buffer *out)
{
    const explain_settings *s = j->settings;
    writing w = {j, out, e, 0};
    const sudoku_status status = sudoku_grade_steps(
        grid, &s->limits, explaining ? write_each : NULL, &w, &e->rating);

    return status == SUDOKU_E_MEMORY || w.failed ? -1 : 0;
}

/* A grade: the rating, or the word of a failure. */
static char *write_grade(char *p, const job *j, const puzzle_input *in, outcome o,
                         const explained *e)
{
    if (j->format == FORMAT_JSON) {
        p = put_json_head(p, &in->ref);
        p = put_json_status(p, outcome_name(o), o == OUTCOME_SOLVED ? NULL : in->message);
        if (o == OUTCOME_SOLVED)
            p = put_rating_json(p, &e->rating, "step_count");
        if (j->stats && o != OUTCOME_INVALID)
            p = put_json_micros(p, e->micros);
        return put(p, "}\n", 2);
    }
    if (o == OUTCOME_SOLVED)
        p = put_rating(p, &e->rating);
    else
        p = put_string(p, outcome_name(o));
    if (j->stats && o != OUTCOME_INVALID) {
        *p++ = ' ';
        p = put_micros(p, e->micros);
    }
    *p++ = '\n';
    if (j->format == FORMAT_GRID)
        *p++ = '\n';
    return p;
}

/*
 * HTML: the end of an explanation, as the text format's: what was left,
 * the solution drawn, givens and found digits in their colours, and the
 * grade.
 */
static char *put_html_explained(char *p, const job *j, const explained *e)
{
    const int finished = !((const explain_settings *)j->settings)->hint;
    char alt[128];

    p = put_string(p, "</ol>\n");
    if (e->rating.steps == 0 && e->rating.complete)
        p = put_string(p, "<p>The grid is full: no step is left.</p>\n");
    if ((finished || e->rating.steps == 0) && !e->rating.complete) {
        static const char left[] = "No technique applies; the candidates left:";

        p = put_string(p, "<figure>");
        p = put_html_candidates(p, &e->left, e->givens, NULL, left, sizeof left - 1);
        p = put_string(p, "<figcaption><pre>" /* the words are plain ASCII */);
        p = put(p, left, sizeof left - 1);
        p = put_string(p, finished ? "\nThe rest comes from the search.</pre>"
                                   : "</pre>");
        p = put_string(p, "</figcaption></figure>\n");
    }
    if (finished) {
        char *q = put_string(alt, "The solution, rated ");

        *put_rating(q, &e->rating) = '\0';
        p = put_string(p, "<figure>");
        p = put_html_grid(p, &e->solution, e->givens, HTML_GRID_FULL, alt);
        p = put_string(p, "<figcaption><pre>");
        p = put_digits(p, &e->solution);
        p = put_string(p, "\nRating: ");
        p = put_html_rating(p, &e->rating);
        p = put_string(p, "</pre></figcaption></figure>\n");
    }
    if (j->stats) {
        p = put_string(p, "<p>time: ");
        p = put_micros(p, e->micros);
        p = put_string(p, " us</p>\n");
    }
    return put_string(p, "</section>\n");
}

/* HTML: a record that failed, with why and the cells as read. */
static char *put_html_failure(char *p, const puzzle_input *in, outcome o)
{
    p = put_string(p, "<section>\n");
    p = put_html_record_name(p, &in->ref);
    p = put_string(p, "<p class=\"fail\">");
    p = put_string(p, outcome_name(o));
    p = put_string(p, ": ");
    p = put_html_text(p, in->message, strlen(in->message));
    p = put_string(p, "</p>\n<pre>");
    p = put_html_text(p, in->ref.cells, in->ref.cells_length);
    return put_string(p, "</pre>\n</section>\n");
}

/* The end of an explanation: what was left, the solution and the grade. */
static char *write_explained(char *p, const job *j, const puzzle_input *in,
                             const explained *e)
{
    const explain_settings *s = j->settings;
    const int finished = !s->hint;

    if (j->format == FORMAT_HTML)
        return put_html_explained(p, j, e);
    if (j->format == FORMAT_JSON) {
        p = put_string(p, "],\"solution\":\"");
        p = put_digits(p, &e->solution);
        *p++ = '"';
        p = put_rating_json(p, &e->rating, NULL);
        if (finished && !e->rating.complete) {
            p = put_string(p, ",\"candidates\":\"");
            p = put_marks(p, &e->left);
            *p++ = '"';
        }
        if (j->stats)
            p = put_json_micros(p, e->micros);
        return put(p, "}\n", 2);
    }
    if (e->rating.steps == 0 && e->rating.complete)
        p = put_string(p, "The grid is full: no step is left.\n");
    if ((finished || e->rating.steps == 0) && !e->rating.complete) {
        p = put_string(p, "No technique applies; the candidates left:\n");
        p = j->format == FORMAT_GRID ? put_candidates_grid(p, &e->left)
                                     : put_candidates_line(p, &e->left);
    }
    if (finished && !e->rating.complete)
        p = put_string(p, "The rest comes from the search:\n");
    if (finished && j->format == FORMAT_GRID) {
        sudoku_grid puzzle;

        cells_grid(in->ref.cells, in->ref.cells_length, &puzzle);
        p = put_grid(p, &e->solution, &puzzle, j->color);
    } else if (finished) {
        p = put(put_digits(p, &e->solution), "\n", 1);
    }
    if (finished) {
        p = put_string(p, "Rating: ");
        p = put_rating(p, &e->rating);
        *p++ = '\n';
    }
    if (j->stats) {
        p = put_string(p, "time: ");
        p = put_micros(p, e->micros);
        p = put_string(p, " us\n");
    }
    *p++ = '\n';
    return p;
}

/*
 * Works on one record for explain (`explaining`) or grade: the steps,
 * written as they are taken when explaining, then the record's end.
 */
static int work_on(const job *j, int explaining, puzzle_input *in,
                   text_buffer *out, outcome *result)
{
    explained e = {.givens = &in->puzzle};
    outcome o = OUTCOME_INVALID;
    char *p;

    if (in->valid && (o = start_grid(in, &e.left, &e.solution)) == OUTCOME_SOLVED &&
        ((explaining && write_begin(out, j, in, &e.left) != 0) ||
         take_steps(j, explaining, &e.left, &e, out) != 0))
        return -1;
    if (j->stats)
        e.micros = clock_micros() - in->start;
    if (!(p = text_reserve(out, record_room(j, in))))
        return -1;
    if (explaining && o == OUTCOME_SOLVED)
        p = write_explained(p, j, in, &e);
    else if (j->format == FORMAT_HTML)
        p = put_html_failure(p, in, o);
    else if (!explaining || j->format == FORMAT_JSON)
        p = write_grade(p, j, in, o, &e);
    else
        p = put(put_string(p, outcome_name(o)), "\n\n", 2);
    text_commit(out, p);
    *result = o;
    return 0;
}

static int run_explain(const job *j, puzzle_input *in, text_buffer *out,
                       outcome *result)
{
    return work_on(j, 1, in, out, result);
}

static int run_grade(const job *j, puzzle_input *in, text_buffer *out,
                     outcome *result)
{
    return work_on(j, 0, in, out, result);
}

/* HTML: explain's records are sections of one page, which opens with the
   meaning of the drawings' colours. */
static int begin_explain(const job *j, text_buffer *out)
{
    char *p;

    if (j->format != FORMAT_HTML)
        return 0;
    if (!(p = text_reserve(out, HTML_HEAD_BOUND + 1024)))
        return -1;
    p = put_html_head(p, "sudoku explain", 0);
    text_commit(out, put_html_legend(p));
    return 0;
}

static int end_explain(const job *j, end_part part, uint64_t kept, text_buffer *out)
{
    char *p;

    (void)kept; /* explain keeps nothing for the end */
    if (j->format != FORMAT_HTML || part != END_OUTPUT)
        return 0;
    if (!(p = text_reserve(out, 64)))
        return -1;
    text_commit(out, put_html_tail(p));
    return 0;
}

static const document explanation = {begin_explain, end_explain};

/* What explain and grade share: they read pencil marks too, and one kind
   of settings. */
#define EXPLAINING .reads_marks = 1, COMMAND_SETTINGS(explain_settings, NULL)

const command command_explain = {
    COMMAND_NAMED(explain),
    .options = explain_options,
    EXPLAINING,
    .run = run_explain,
    .document = &explanation,
};

const command command_grade = {
    COMMAND_NAMED(grade),
    .options = grade_options,
    EXPLAINING,
    .run = run_grade,
};
