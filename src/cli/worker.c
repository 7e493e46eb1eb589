/*
 * worker.c - one record in, one outcome and its text out.
 *
 * A record goes through sudoku_parse() and then sudoku_count(), so the
 * library's word on what a cell is, and its diagnostics, are the only ones.
 * For generate, an item is an index instead of a record: the worker makes
 * that item of the run with sudoku_generate(), so the output depends on
 * the seed and the options alone, whatever thread makes which item.
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

/*
 * Turns the cells of `rec` into a grid, and for explain and grade a line
 * of pencil marks into a grid and its marks (*has_marks is then set).
 * Returns 0, or -1 with r filled in.
 */
static int read_grid(const job_options *opt, const record *rec,
                     sudoku_grid *puzzle, unsigned short *marks, int *has_marks,
                     result *r, unsigned long *error_line)
{
    sudoku_diagnostic diag;
    sudoku_status status;

    *has_marks = (opt->output.command == COMMAND_EXPLAIN ||
                  opt->output.command == COMMAND_GRADE) &&
                 rec->count == RECORD_MAX_CELLS;
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
    if (*has_marks)
        status = sudoku_parse_marks(puzzle, marks, rec->cell, rec->count, &diag);
    else
        status = sudoku_parse(puzzle, rec->cell, rec->count, &diag);
    if (status == SUDOKU_OK)
        return 0;
    sudoku_describe(&diag, r->message, sizeof r->message);
    if (diag.status == SUDOKU_E_CHARACTER && !*has_marks)
        *error_line = rec->row_line[diag.cell / 9]; /* the line that holds it */
    return -1;
}

/* Fills in the outcome of a count: solved, unsolvable or not unique. */
static void judge_count(result *r, int unique)
{
    if (r->count == 0) {
        r->outcome = OUTCOME_UNSOLVABLE;
        strcpy(r->message, "no solution");
    } else if (unique && r->count > 1) {
        r->outcome = OUTCOME_NOT_UNIQUE;
        strcpy(r->message, "more than one solution");
    } else {
        r->outcome = OUTCOME_SOLVED;
    }
}

/* Solves the puzzle of a record, as `solve` does. */
static void solve_grid(const job_options *opt, const sudoku_grid *puzzle,
                       result *r)
{
    sudoku_stats stats;
    unsigned long limit = opt->output.count ? opt->limit : 1;
    sudoku_status status;

    if (opt->unique && limit < 2)
        limit = 2;
    status = sudoku_count(puzzle, limit, &r->count, &r->solution, &stats);
    if (status != SUDOKU_OK) { /* not for a parsed grid, but never drop one */
        snprintf(r->message, sizeof r->message, "%s", sudoku_strerror(status));
        r->count = 0;
        return;
    }
    r->guesses = stats.guesses;
    judge_count(r, opt->unique);
}

/*
 * Builds the candidate grid of a record for explain and grade, and checks
 * that it has exactly one solution. A puzzle is judged as solve judges
 * it; pencil marks may also leave a cell bare, which makes them invalid.
 * Returns 0, or -1 with r filled in.
 */
static int start_grid(const sudoku_grid *puzzle, const unsigned short *marks,
                      sudoku_candidates *grid, result *r)
{
    sudoku_diagnostic diag;

    if (!marks) {
        sudoku_count(puzzle, 2, &r->count, &r->solution, NULL);
        judge_count(r, 1);
        if (r->outcome != OUTCOME_SOLVED)
            return -1;
    }
    if (sudoku_candidates_init(grid, puzzle, marks, &diag) != SUDOKU_OK) {
        r->outcome = OUTCOME_INVALID;
        sudoku_describe(&diag, r->message, sizeof r->message);
        return -1;
    }
    if (marks) {
        sudoku_candidates_count(grid, 2, &r->count, &r->solution);
        judge_count(r, 1);
    }
    return r->outcome == OUTCOME_SOLVED ? 0 : -1;
}

/*
 * Explains or grades a candidate grid, appending each step to `out` when
 * explaining. Returns 0, or -1 when memory ran out.
 */
static int take_steps(const job_options *opt, sudoku_candidates *grid,
                      result *r, text_buffer *out)
{
    const int explain = opt->output.command == COMMAND_EXPLAIN;
    sudoku_step step;

    sudoku_rating_start(&r->rating);
    while (sudoku_next_step_limited(grid, &opt->limits, &r->rating, &step) ==
           SUDOKU_OK) {
        if (explain && output_step(out, &opt->output, grid, &step,
                                   r->rating.steps) != 0)
            return -1;
        sudoku_rating_add(&r->rating, &step);
        sudoku_apply_step(grid, &step);
        if (opt->output.hint)
            return 0;
    }
    sudoku_rating_finish(&r->rating, grid);
    return 0;
}

/* Runs the command on one record and appends its text. Returns 0, or -1. */
static int run_item(const job_options *opt, batch_item *it, text_buffer *out,
                    text_buffer *err)
{
    const record *rec = &it->rec;
    unsigned long error_line = rec->line;
    sudoku_grid puzzle;
    sudoku_candidates grid;
    unsigned short marks[SUDOKU_CELLS];
    int has_marks;
    /* explain and grade read pencil marks too; the others, puzzles */
    const size_t most = opt->output.command == COMMAND_EXPLAIN ||
                                opt->output.command == COMMAND_GRADE
                            ? RECORD_MAX_CELLS
                            : SUDOKU_CELLS;
    result r = {.outcome = OUTCOME_INVALID, .source = it->source, .line = rec->line,
                .cells = rec->cell,
                .cells_length = rec->count < most ? rec->count : most};
    const double start = opt->output.stats ? worker_clock_micros() : 0;

    if (read_grid(opt, rec, &puzzle, marks, &has_marks, &r, &error_line) == 0) {
        switch (opt->output.command) {
        case COMMAND_SOLVE:
            solve_grid(opt, &puzzle, &r);
            break;
        case COMMAND_CANON: /* any valid grid has a form */
            sudoku_canon(&puzzle, &r.solution, &r.automorphisms, NULL);
            r.outcome = OUTCOME_SOLVED;
            break;
        default: /* explain and grade; generate makes no records to read */
            if (start_grid(&puzzle, has_marks ? marks : NULL, &grid, &r) == 0 &&
                (output_begin(out, &opt->output, &r) != 0 ||
                 take_steps(opt, &grid, &r, out) != 0))
                return -1;
            break;
        }
    }
    if (opt->output.stats)
        r.micros = worker_clock_micros() - start;
    it->outcome = r.outcome;
    if (output_result(out, &opt->output, &r, &grid) != 0)
        return -1;
    if (r.outcome != OUTCOME_SOLVED &&
        output_message(err, it->source, error_line, r.message) != 0)
        return -1;
    return 0;
}

/* What the accept hook of generate needs: the range, and the grade it took. */
typedef struct grading {
    int min, max;          /* ER in tenths; max may be RATING_UNBOUNDED */
    sudoku_rating rating;  /* the grade of the last puzzle looked at */
} grading;

/*
 * Grades a generated puzzle as `sudoku grade` does, but stops as soon as a
 * step passes the top of the range, which is where most rejected puzzles
 * leave; and without sudoku_rate()'s count, as the generator has already
 * proved the solution unique. Accepts a complete grade within the range,
 * or an incomplete one (harder than the ladder's top) when the range has
 * no top: options.c allows no other range whose top the ladder cannot see.
 */
static int accept_rating(const sudoku_grid *puzzle, const sudoku_grid *solution,
                         void *context)
{
    grading *g = context;
    sudoku_candidates grid;
    sudoku_step step;

    (void)solution;
    if (sudoku_candidates_init(&grid, puzzle, NULL, NULL) != SUDOKU_OK)
        return 0;
    sudoku_rating_start(&g->rating);
    while (sudoku_next_step(&grid, &step) == SUDOKU_OK) {
        sudoku_rating_add(&g->rating, &step);
        if (g->rating.er > g->max)
            return 0;
        sudoku_apply_step(&grid, &step);
    }
    sudoku_rating_finish(&g->rating, &grid);
    if (!g->rating.complete)
        return g->max == RATING_UNBOUNDED;
    return g->rating.er >= g->min;
}

/* "3.9 to 6.2", "3.4" or "7.6 or more", for a message. */
static void describe_range(const generate_job *job, char *text, size_t size)
{
    const int lo = job->min_rating, hi = job->max_rating;

    if (hi == RATING_UNBOUNDED)
        snprintf(text, size, "%d.%d or more", lo / 10, lo % 10);
    else if (lo == hi)
        snprintf(text, size, "%d.%d", lo / 10, lo % 10);
    else
        snprintf(text, size, "%d.%d to %d.%d", lo / 10, lo % 10, hi / 10, hi % 10);
}

/* Why generate found no puzzle that met its conditions. */
static void describe_not_found(const generate_job *job, const sudoku_generated *g,
                               char *message, size_t size)
{
    char range[32], clues[32] = "", rated[80] = "";
    const unsigned long few_enough = g->attempts - g->too_many_clues;

    describe_range(job, range, sizeof range);
    if (job->max_clues)
        snprintf(clues, sizeof clues, " with at most %d givens", job->max_clues);
    if (job->level)
        snprintf(rated, sizeof rated, " of level %s (ER %s)", job->level, range);
    else if (job->rated)
        snprintf(rated, sizeof rated, " rated %s", range);
    if (job->rated && job->max_clues && few_enough > 0)
        snprintf(message, size,
                 "no puzzle%s%s in %lu attempts (%lu had few enough givens, "
                 "none the rating)",
                 clues, rated, g->attempts, few_enough);
    else if (job->max_clues)
        snprintf(message, size, "no puzzle%s%s in %lu attempts (fewest: %d)",
                 clues, rated, g->attempts, g->clues);
    else
        snprintf(message, size, "no puzzle%s in %lu attempts", rated, g->attempts);
}

/* Makes item `it->index` of the run and appends its text. Returns 0, or -1. */
static int make_item(const job_options *opt, batch_item *it, text_buffer *out,
                     text_buffer *err)
{
    const generate_job *job = &opt->generate;
    grading grade = {.min = job->min_rating, .max = job->max_rating};
    const sudoku_generate_options options = {
        .symmetry = job->symmetry,
        .max_clues = job->max_clues,
        .accept = job->rated ? accept_rating : NULL,
        .context = &grade};
    made m = {.outcome = OUTCOME_SOLVED, .seed = job->seed, .index = it->index,
              .grid = job->grids};
    const double start = opt->output.stats ? worker_clock_micros() : 0;
    sudoku_status status;

    if (job->grids) {
        sudoku_generate_grid(job->seed, it->index, &m.generated.solution);
        m.generated.attempts = 1;
    } else if ((status = sudoku_generate(job->seed, it->index, &options,
                                         &m.generated)) == SUDOKU_E_EXHAUSTED) {
        m.outcome = OUTCOME_NOT_FOUND;
        describe_not_found(job, &m.generated, m.message, sizeof m.message);
    } else if (status != SUDOKU_OK) { /* options.c checked the options */
        m.outcome = OUTCOME_NOT_FOUND;
        snprintf(m.message, sizeof m.message, "%s", sudoku_strerror(status));
    } else if (job->rated) {
        m.rating = &grade.rating; /* the accepted puzzle was the last graded */
    }
    if (opt->output.stats)
        m.micros = worker_clock_micros() - start;
    it->outcome = m.outcome;
    if (output_made(out, &opt->output, &m) != 0)
        return -1;
    if (m.outcome != OUTCOME_SOLVED && output_made_message(err, &m) != 0)
        return -1;
    return 0;
}

void worker_run_batch(batch *b, void *context)
{
    const job_options *opt = context;

    for (size_t i = 0; i < b->count; i++) {
        batch_item *it = &b->item[i];
        const size_t out_length = b->out.length, err_length = b->err.length;

        if ((it->kind == ITEM_RECORD && run_item(opt, it, &b->out, &b->err) != 0) ||
            (it->kind == ITEM_GENERATE &&
             make_item(opt, it, &b->out, &b->err) != 0)) {
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
