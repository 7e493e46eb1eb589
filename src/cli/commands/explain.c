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

/* -j: a puzzle alone in the run has every thread */
#define OPTION_JOBS_GRADING                                                    \
    OPTION_JOBS_WITH(                                                          \
        " N      work on N threads, 1 to 64; by default 1 when\n"              \
        "                    standard output is a terminal or every argument is a\n" \
        "                    puzzle, else one per online processor; the only\n"   \
        "                    puzzle of a run, or one read at a time (as with\n"   \
        "                    --line-buffered), uses all N\n")

static const option_spec explain_options[] = {
    OPTION_FORMAT_HTML,
    {.long_name = "hint", .help = "        give only the first step\n",
     .kind = OPTION_FLAG, .offset = offsetof(explain_settings, hint)},
    {.long_name = "candidates",
     .help = "  show the candidates before each step\n",
     .kind = OPTION_FLAG, .offset = offsetof(explain_settings, candidates)},
    OPTION_COLOR,
    OPTION_LINE_BUFFERED,
    OPTION_JOBS_GRADING,
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
    OPTION_JOBS_GRADING,
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
static void add_html_puzzle(text_buffer *out, const puzzle_input *in,
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
    text_add_string(out, "<section>\n");
    text_add_html_record_name(out, &in->ref);
    text_add_string(out, "<figure>");
    if (in->marks)
        text_add_html_candidates(out, grid, &in->puzzle, NULL, alt, strlen(alt));
    else
        text_add_html_grid(out, &in->puzzle, &in->puzzle, HTML_GRID_FULL, alt);
    text_add_string(out, "<figcaption><pre>");
    text_add_html_text(out, line, strlen(line));
    text_add_string(out, "</pre></figcaption></figure>\n<ol>\n");
}

/*
 * The start of an explanation: the puzzle, as read or as a grid; pencil
 * marks (`grid` holds them) drawn as a grid of candidates.
 */
static void write_begin(text_buffer *out, const job *j, const puzzle_input *in,
                        const sudoku_candidates *grid)
{
    if (j->format == FORMAT_HTML) {
        add_html_puzzle(out, in, grid);
    } else if (j->format == FORMAT_JSON) {
        text_add_json_head(out, &in->ref);
        text_add_string(out, ",\"status\":\"solved\",\"steps\":[");
    } else if (j->format == FORMAT_GRID && in->marks) {
        text_add_candidates_grid(out, grid);
        text_add_char(out, '\n');
    } else if (j->format == FORMAT_GRID) {
        sudoku_grid g;

        cells_grid(in->ref.cells, in->ref.cells_length, &g);
        text_add_grid(out, &g, &g, j->color);
        text_add_char(out, '\n');
    } else {
        text_add(out, in->ref.cells, in->ref.cells_length);
        text_add_char(out, '\n');
    }
}

/*
 * Appends the words of a step, as sudoku_describe_step() gives them, and
 * returns how many bytes they take.
 */
static size_t add_words(text_buffer *out, const sudoku_step *step)
{
    const size_t words = sudoku_describe_step(step, NULL, 0);
    char *p = text_reserve(out, words + 1); /* and the NUL it ends them with */

    if (!p)
        return 0;
    sudoku_describe_step(step, p, words + 1);
    text_commit(out, p + words);
    return words;
}

/*
 * HTML: a step drawn on the candidates it was found on, its words beside
 * the drawing and in its text alternative.
 */
static int write_step_html(text_buffer *out, const sudoku_candidates *grid,
                           const sudoku_grid *givens, const sudoku_step *step)
{
    text_buffer words = {0};
    const size_t length = add_words(&words, step);
    const int status = text_status(&words);

    if (status == 0) {
        text_add_string(out, "<li><figure>");
        text_add_html_candidates(out, grid, givens, step, words.data, length);
        text_add_string(out, "<figcaption>");
        text_add_html_step_words(out, words.data, length);
        text_add_string(out, "</figcaption></figure></li>\n");
    }
    text_free(&words);
    return status != 0 ? -1 : text_status(out);
}

/*
 * A step as its JSON object (sudoku_step_json()), with the candidates of
 * `marks` when not NULL.
 */
static void add_step_json(text_buffer *out, const sudoku_step *step,
                          const sudoku_candidates *marks)
{
    const size_t length = sudoku_step_json(step, marks, NULL, 0);
    char *p = text_reserve(out, length + 1); /* and the NUL it ends it with */

    if (p) {
        sudoku_step_json(step, marks, p, length + 1);
        text_commit(out, p + length);
    }
}

/* One step of an explanation, the `index`-th from 0, taken on `grid`. */
static int write_step(text_buffer *out, const job *j, const sudoku_candidates *grid,
                      const sudoku_step *step, const explained *e)
{
    const explain_settings *s = j->settings;
    const unsigned long index = e->rating.steps;

    if (j->format == FORMAT_HTML)
        return write_step_html(out, grid, e->givens, step);
    if (j->format == FORMAT_JSON) {
        if (index > 0)
            text_add_char(out, ',');
        add_step_json(out, step, s->candidates ? grid : NULL);
    } else {
        if (s->candidates && j->format == FORMAT_GRID)
            text_add_candidates_grid(out, grid);
        else if (s->candidates)
            text_add_candidates_line(out, grid);
        add_words(out, step);
        text_add_char(out, '\n');
    }
    return text_status(out);
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
 * Takes the steps from a candidate grid to the end on `threads` threads,
 * writing each one when `explaining`. Returns 0, or -1 when memory ran out.
 */
static int take_steps(const job *j, int explaining, int threads,
                      sudoku_candidates *grid, explained *e, text_buffer *out)
{
    const explain_settings *s = j->settings;
    sudoku_limits limits = s->limits;
    writing w = {j, out, e, 0};
    sudoku_status status;

    limits.threads = threads;
    status = sudoku_grade_steps(grid, &limits, explaining ? write_each : NULL, &w,
                                &e->rating);

    return status == SUDOKU_E_MEMORY || w.failed ? -1 : 0;
}

/* A grade: the rating, or the word of a failure. */
static void write_grade(text_buffer *out, const job *j, const puzzle_input *in,
                        outcome o, const explained *e)
{
    if (j->format == FORMAT_JSON) {
        text_add_json_head(out, &in->ref);
        text_add_json_status(out, outcome_name(o), o == OUTCOME_SOLVED ? NULL : in->message);
        if (o == OUTCOME_SOLVED)
            text_add_rating_json(out, &e->rating, "step_count");
        if (j->stats && o != OUTCOME_INVALID)
            text_add_json_micros(out, e->micros);
        text_add_string(out, "}\n");
        return;
    }
    if (o == OUTCOME_SOLVED)
        text_add_rating(out, &e->rating);
    else
        text_add_string(out, outcome_name(o));
    if (j->stats && o != OUTCOME_INVALID) {
        text_add_char(out, ' ');
        text_add_micros(out, e->micros);
    }
    text_add_char(out, '\n');
    if (j->format == FORMAT_GRID)
        text_add_char(out, '\n');
}

/*
 * HTML: the end of an explanation, as the text format's: what was left,
 * the solution drawn, givens and found digits in their colours, and the
 * grade.
 */
static void add_html_explained(text_buffer *out, const job *j, const explained *e)
{
    const int finished = !((const explain_settings *)j->settings)->hint;

    text_add_string(out, "</ol>\n");
    if (e->rating.steps == 0 && e->rating.complete)
        text_add_string(out, "<p>The grid is full: no step is left.</p>\n");
    if ((finished || e->rating.steps == 0) && !e->rating.complete) {
        static const char left[] = "No technique applies; the candidates left:";

        text_add_string(out, "<figure>");
        text_add_html_candidates(out, &e->left, e->givens, NULL, left, sizeof left - 1);
        text_add_string(out, "<figcaption><pre>" /* the words are plain ASCII */);
        text_add(out, left, sizeof left - 1);
        text_add_string(out, finished ? "\nThe rest comes from the search.</pre>"
                                      : "</pre>");
        text_add_string(out, "</figcaption></figure>\n");
    }
    if (finished) {
        static const char label[] = "The solution, rated ";
        char alt[sizeof label + RATING_TEXT_BOUND];

        memcpy(alt, label, sizeof label - 1);
        *put_rating(alt + sizeof label - 1, &e->rating) = '\0';
        text_add_string(out, "<figure>");
        text_add_html_grid(out, &e->solution, e->givens, HTML_GRID_FULL, alt);
        text_add_string(out, "<figcaption><pre>");
        text_add_digits(out, &e->solution);
        text_add_string(out, "\nRating: ");
        text_add_html_rating(out, &e->rating);
        text_add_string(out, "</pre></figcaption></figure>\n");
    }
    if (j->stats) {
        text_add_string(out, "<p>time: ");
        text_add_micros(out, e->micros);
        text_add_string(out, " us</p>\n");
    }
    text_add_string(out, "</section>\n");
}

/* HTML: a record that failed, with why and the cells as read. */
static void add_html_failure(text_buffer *out, const puzzle_input *in, outcome o)
{
    text_add_string(out, "<section>\n");
    text_add_html_record_name(out, &in->ref);
    text_add_string(out, "<p class=\"fail\">");
    text_add_string(out, outcome_name(o));
    text_add_string(out, ": ");
    text_add_html_text(out, in->message, strlen(in->message));
    text_add_string(out, "</p>\n<pre>");
    text_add_html_text(out, in->ref.cells, in->ref.cells_length);
    text_add_string(out, "</pre>\n</section>\n");
}

/* The end of an explanation: what was left, the solution and the grade. */
static void write_explained(text_buffer *out, const job *j, const puzzle_input *in,
                            const explained *e)
{
    const explain_settings *s = j->settings;
    const int finished = !s->hint;

    if (j->format == FORMAT_HTML) {
        add_html_explained(out, j, e);
        return;
    }
    if (j->format == FORMAT_JSON) {
        text_add_string(out, "],\"solution\":\"");
        text_add_digits(out, &e->solution);
        text_add_char(out, '"');
        text_add_rating_json(out, &e->rating, NULL);
        if (finished && !e->rating.complete) {
            text_add_string(out, ",\"candidates\":\"");
            text_add_marks(out, &e->left);
            text_add_char(out, '"');
        }
        if (j->stats)
            text_add_json_micros(out, e->micros);
        text_add_string(out, "}\n");
        return;
    }
    if (e->rating.steps == 0 && e->rating.complete)
        text_add_string(out, "The grid is full: no step is left.\n");
    if ((finished || e->rating.steps == 0) && !e->rating.complete) {
        text_add_string(out, "No technique applies; the candidates left:\n");
        if (j->format == FORMAT_GRID)
            text_add_candidates_grid(out, &e->left);
        else
            text_add_candidates_line(out, &e->left);
    }
    if (finished && !e->rating.complete)
        text_add_string(out, "The rest comes from the search:\n");
    if (finished && j->format == FORMAT_GRID) {
        sudoku_grid puzzle;

        cells_grid(in->ref.cells, in->ref.cells_length, &puzzle);
        text_add_grid(out, &e->solution, &puzzle, j->color);
    } else if (finished) {
        text_add_digits(out, &e->solution);
        text_add_char(out, '\n');
    }
    if (finished) {
        text_add_string(out, "Rating: ");
        text_add_rating(out, &e->rating);
        text_add_char(out, '\n');
    }
    if (j->stats) {
        text_add_string(out, "time: ");
        text_add_micros(out, e->micros);
        text_add_string(out, " us\n");
    }
    text_add_char(out, '\n');
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

    if (in->valid && (o = start_grid(in, &e.left, &e.solution)) == OUTCOME_SOLVED) {
        if (explaining)
            write_begin(out, j, in, &e.left);
        if (text_status(out) != 0 || take_steps(j, explaining, in->threads, &e.left, &e, out) != 0)
            return -1;
    }
    if (j->stats)
        e.micros = clock_micros() - in->start;
    if (explaining && o == OUTCOME_SOLVED) {
        write_explained(out, j, in, &e);
    } else if (j->format == FORMAT_HTML) {
        add_html_failure(out, in, o);
    } else if (!explaining || j->format == FORMAT_JSON) {
        write_grade(out, j, in, o, &e);
    } else {
        text_add_string(out, outcome_name(o));
        text_add_string(out, "\n\n");
    }
    *result = o;
    return text_status(out);
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
    if (j->format == FORMAT_HTML) {
        text_add_html_head(out, "sudoku explain", 0);
        text_add_html_legend(out);
    }
    return text_status(out);
}

static int end_explain(const job *j, end_part part, uint64_t kept, text_buffer *out)
{
    (void)kept; /* explain keeps nothing for the end */
    if (j->format == FORMAT_HTML && part == END_OUTPUT)
        text_add_html_tail(out);
    return text_status(out);
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
