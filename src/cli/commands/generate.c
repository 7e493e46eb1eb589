/*
 * generate.c - `sudoku generate`: puzzles (or full grids) made from a seed.
 *
 * It reads no input: the driver hands its workers the numbers 0 to N-1,
 * and item K is made with sudoku_generate(seed, K, ...), so the output
 * depends on the seed and the options alone, whatever thread makes which
 * item. With a level or a rating, the library grades each attempt, and
 * searches near the hardest for the hardest ratings
 * (sudoku_generate_rated()), or, with --from, near the puzzles of a file
 * (sudoku_generate_near()).
 */
#include "command.h"
#include "clock.h"
#include "html.h"
#include "signals.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A range of ER, from --level or --rating. */
typedef struct rating_range {
    int rated;         /* a level or a rating range was asked */
    const char *level; /* the level asked, or NULL */
    int min, max;      /* ER in tenths; max may be SUDOKU_RATING_UNBOUNDED */
} rating_range;

/* The puzzles of --from, to search near. */
typedef struct start_list {
    sudoku_grid *puzzle;
    size_t count;
} start_list;

typedef struct generate_settings {
    uint64_t count, seed;
    int grids; /* full grids instead of puzzles */
    sudoku_symmetry symmetry;
    uint64_t max_clues; /* 17-81, or 0 for any */
    rating_range range;
    start_list from;
} generate_settings;

/* "3.9 to 6.2", "3.4" or "7.6 or more", for a message. */
static void describe_range(int lo, int hi, const char *to, const char *up,
                           char *text, size_t size)
{
    if (hi == SUDOKU_RATING_UNBOUNDED)
        snprintf(text, size, "%d.%d%s", lo / 10, lo % 10, up);
    else if (lo == hi)
        snprintf(text, size, "%d.%d", lo / 10, lo % 10);
    else
        snprintf(text, size, "%d.%d%s%d.%d", lo / 10, lo % 10, to, hi / 10, hi % 10);
}

static int parse_symmetry(void *target, const char *value, char *why, size_t size)
{
    size_t n;

    if (sudoku_symmetry_from_name(value, target) == SUDOKU_OK)
        return 0;
    n = (size_t)snprintf(why, size, "unknown symmetry '%s': use", value);
    for (int i = 0; i < SUDOKU_SYMMETRY_COUNT && n < size; i++)
        n += (size_t)snprintf(why + n, size - n, "%s%s",
                              i == 0 ? " " : i + 1 == SUDOKU_SYMMETRY_COUNT ? " or " : ", ",
                              sudoku_symmetry_name((sudoku_symmetry)i));
    return -1;
}

static int parse_level(void *target, const char *value, char *why, size_t size)
{
    rating_range *range = target;
    size_t count, n;
    const sudoku_level_range *levels = sudoku_levels(&count);

    for (size_t i = 0; i < count; i++) {
        const sudoku_level_range *l = &levels[i];

        if (strcmp(value, l->name) != 0)
            continue;
        *range = (rating_range){1, l->name, l->min, l->max};
        return 0;
    }
    n = (size_t)snprintf(why, size, "unknown level '%s': use", value);
    for (size_t i = 0; i < count && n < size; i++)
        n += (size_t)snprintf(why + n, size - n, "%s%s",
                              i == 0 ? " " : i + 1 == count ? " or " : ", ",
                              levels[i].name);
    return -1;
}

/* --rating MIN-MAX, MIN- for MIN and up, or a single rating R for R-R. */
static int parse_rating(void *target, const char *value, char *why, size_t size)
{
    rating_range *range = target;
    const char *p = parse_tenths(value, &range->min);

    range->max = range->min;
    if (p && p[0] == '-' && p[1] == '\0') {
        range->max = SUDOKU_RATING_UNBOUNDED;
        p++;
    } else if (p && *p == '-') {
        p = parse_tenths(p + 1, &range->max);
    }
    if (!p || *p != '\0')
        snprintf(why, size,
                 "invalid rating '%s': use MIN-MAX on the scale of grade, such "
                 "as 2.5-4.0 or 9.0-%s",
                 value, p && *p >= '0' && *p <= '9' ? ", with one decimal at most" : "");
    else if (range->min > range->max)
        snprintf(why, size, "invalid rating '%s': the minimum is above the maximum",
                 value);
    else if (range->max < SUDOKU_GENERATED_LEAST_RATING)
        snprintf(why, size,
                 "invalid rating '%s': no puzzle made is rated below %d.%d",
                 value, SUDOKU_GENERATED_LEAST_RATING / 10, SUDOKU_GENERATED_LEAST_RATING % 10);
    else if (range->min >= SUDOKU_BEYOND_DIFFICULTY)
        snprintf(why, size,
                 "invalid rating '%s': every puzzle is rated below %d.%d",
                 value, SUDOKU_BEYOND_DIFFICULTY / 10, SUDOKU_BEYOND_DIFFICULTY % 10);
    else {
        range->rated = 1;
        range->level = NULL;
        return 0;
    }
    return -1;
}

/*
 * The puzzle of a record of --from's file into *p, or a message in `why`:
 * each must be a puzzle (not pencil marks) with exactly one solution.
 */
static int start_puzzle(const sudoku_record *rec, sudoku_grid *p, char *why, size_t size)
{
    sudoku_status status = rec->status;
    unsigned long solutions = 0;

    if (status == SUDOKU_OK && rec->count == SUDOKU_MARKS) {
        snprintf(why, size, "pencil marks, where a puzzle is wanted");
        return -1;
    }
    if (status == SUDOKU_OK)
        status = sudoku_parse(p, rec->cell, rec->count, NULL);
    if (status == SUDOKU_OK)
        status = sudoku_count(p, 2, &solutions, NULL, NULL);
    if (status == SUDOKU_OK && solutions != 1)
        status = solutions == 0 ? SUDOKU_E_UNSOLVABLE : SUDOKU_E_NOT_UNIQUE;
    if (status != SUDOKU_OK) {
        snprintf(why, size, "%s", sudoku_strerror(status));
        return -1;
    }
    return 0;
}

/* --from FILE: every puzzle of FILE, read as the command reads its input. */
static int parse_from(void *target, const char *value, char *why, size_t size)
{
    start_list *list = target;
    FILE *f = fopen(value, "rb");
    reader *r = malloc(sizeof *r);
    size_t room = 0;
    sudoku_record rec;
    char reason[160];
    int got = -1;

    list->count = 0;
    if (!f || !r) {
        snprintf(why, size, "--from %s: %s", value, f ? sudoku_strerror(SUDOKU_E_MEMORY)
                                                      : strerror(errno));
        goto done;
    }
    reader_init(r, f, 0);
    r->stop = &signal_stop; /* a file that never ends, such as /dev/zero */
    while ((got = reader_next(r, &rec)) > 0) {
        if (list->count == room) {
            sudoku_grid *more = realloc(list->puzzle, (room = room ? 2 * room : 64) *
                                                          sizeof *more);

            if (!more) {
                snprintf(why, size, "--from %s: %s", value, sudoku_strerror(SUDOKU_E_MEMORY));
                got = -1;
                break;
            }
            list->puzzle = more;
        }
        if (start_puzzle(&rec, &list->puzzle[list->count], reason, sizeof reason) < 0) {
            snprintf(why, size, "--from %s: line %lu: %s", value, rec.line, reason);
            got = -1;
            break;
        }
        list->count++;
    }
    if (signal_stop) /* nothing was made: end as the signal would have */
        signal_end(signal_stop);
    if (got == 0 && list->count == 0) {
        snprintf(why, size, "--from %s: no puzzle in it", value);
        got = -1;
    } else if (got < 0 && r->error) {
        snprintf(why, size, "--from %s: %s", value, strerror(r->error));
    }
done:
    free(r);
    if (f)
        fclose(f);
    return got < 0 ? -1 : 0;
}

static const option_spec options[] = {
    OPTION_FORMAT_HTML,
    {.short_name = 'n', .long_name = "count",
     .help = " N     make N puzzles, 1 (the default) to 2^64-1\n",
     .kind = OPTION_NUMBER, .offset = offsetof(generate_settings, count),
     .noun = "count", .min = 1, .max = UINT64_MAX},
    {.long_name = "seed",
     .help = " S      the run's seed, 0 to 18446744073709551615;\n"
             "                    by default one drawn from the system\n",
     .kind = OPTION_NUMBER, .offset = offsetof(generate_settings, seed),
     .noun = "seed", .min = 0, .max = UINT64_MAX},
    OPTION_PARSED(
        "symmetry", generate_settings, symmetry, parse_symmetry,
        " SYM\n"
        "                    the givens' symmetry: none (the default), rotate180,\n"
        "                    rotate90, mirror, flip, diagonal, antidiagonal,\n"
        "                    dihedral (all eight), or random (one of the seven)\n"),
    OPTION_PARSED(
        "level", generate_settings, range, parse_level,
        " L     only puzzles of that level, as grade gives it: easy,\n"
        "                    medium, hard, expert or extreme\n"),
    OPTION_PARSED(
        "rating", generate_settings, range, parse_rating,
        " MIN-MAX\n"
        "                    only puzzles whose ER, as grade gives it, is from MIN\n"
        "                    to MAX, such as 2.5-4.0, or MIN and up, such as 9.0-\n"),
    OPTION_PARSED(
        "from", generate_settings, from, parse_from,
        " FILE  with --level or --rating: search near the puzzles of FILE\n"
        "                    (each with one solution), as the makers of the\n"
        "                    hardest puzzles do, each item near one drawn at random;\n"
        "                    the puzzles made keep no symmetry\n"),
    {.long_name = "clues",
     .help = " MAX   only puzzles with at most MAX givens, 17 to 81; below\n"
             "                    22 or so, most runs fail (the record says so)\n",
     .kind = OPTION_NUMBER, .offset = offsetof(generate_settings, max_clues),
     .noun = "number of givens", .min = 17, .max = SUDOKU_CELLS,
     .note = " (no puzzle with fewer than 17 has one solution)"},
    {.long_name = "grids",
     .help = "       make full solution grids instead of puzzles\n",
     .kind = OPTION_FLAG, .offset = offsetof(generate_settings, grids)},
    OPTION_LINE_BUFFERED_WITH(
        "\n                    write each record as soon as it is made, for a\n"
        "                    program that reads them as they come\n"),
    OPTION_JOBS_WITH(
        " N      work on N threads, 1 to 64; by default 1 when\n"
        "                    standard output is a terminal, else one per online\n"
        "                    processor; the output is the same either way\n"),
    OPTION_TAIL,
};

static void defaults(void *settings)
{
    generate_settings *s = settings;

    s->count = 1;
}

static void release(void *settings)
{
    free(((generate_settings *)settings)->from.puzzle);
}

/*
 * A seed when none was given: 8 bytes of /dev/urandom where there is one,
 * else the time, the processor clock and an address (which address-space
 * randomization varies) mixed by the library's generator. It keeps to 53
 * bits, so that any JSON reader, even one that turns numbers into doubles,
 * gives it back exact.
 */
static uint64_t draw_seed(void)
{
    unsigned char bytes[8];
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    sudoku_random rng;

    if (f && fread(bytes, 1, sizeof bytes, f) == sizeof bytes) {
        for (size_t i = 0; i < sizeof bytes; i++)
            seed = seed << 8 | bytes[i];
    } else {
        seed = (uint64_t)time(NULL) ^ (uint64_t)clock() << 32 ^
               (uint64_t)(uintptr_t)&rng;
    }
    if (f)
        fclose(f);
    sudoku_random_seed(&rng, seed, 0);
    return sudoku_random_next(&rng) >> 11;
}

/*
 * What the options say together: no operands, a level or a rating but not
 * both, and nothing about puzzles with --grids. Then the seed, when none
 * was given.
 */
static int prepare(void *settings, unsigned long long given, int operand_count,
                   const char *const *operands, char *why, size_t size)
{
    static const char *const puzzle_only[] = {"symmetry", "level", "rating", "clues", "from"};
    generate_settings *s = settings;

    if (operand_count > 0) {
        snprintf(why, size, "generate reads no puzzles or files: '%s'", operands[0]);
        return -1;
    }
    if (option_given(options, given, "level") && option_given(options, given, "rating")) {
        snprintf(why, size, "--level and --rating do not go together: use one");
        return -1;
    }
    for (size_t i = 0; i < sizeof puzzle_only / sizeof *puzzle_only; i++) {
        if (s->grids && option_given(options, given, puzzle_only[i])) {
            snprintf(why, size, "--%s is for puzzles, not for --grids", puzzle_only[i]);
            return -1;
        }
    }
    if (option_given(options, given, "from") && !s->range.rated) {
        snprintf(why, size, "--from needs --level or --rating: what to search for");
        return -1;
    }
    if (option_given(options, given, "from") && option_given(options, given, "symmetry") &&
        s->symmetry != SUDOKU_SYMMETRY_NONE) {
        snprintf(why, size, "--from makes puzzles with no symmetry: --symmetry %s cannot be kept",
                 sudoku_symmetry_name(s->symmetry));
        return -1;
    }
    if (!option_given(options, given, "seed"))
        s->seed = draw_seed();
    return 0;
}

/* Why no puzzle met the conditions. */
static void describe_not_found(const generate_settings *s, const sudoku_generated *g,
                               char *message, size_t size)
{
    char range[32], clues[32] = "", rated[80] = "";
    const unsigned long few_enough = g->attempts - g->too_many_clues;

    describe_range(s->range.min, s->range.max, " to ", " or more", range, sizeof range);
    if (s->max_clues)
        snprintf(clues, sizeof clues, " with at most %d givens", (int)s->max_clues);
    if (s->range.level)
        snprintf(rated, sizeof rated, " of level %s (ER %s)", s->range.level, range);
    else if (s->range.rated)
        snprintf(rated, sizeof rated, " rated %s", range);
    if (s->range.rated && s->max_clues && few_enough > 0)
        snprintf(message, size,
                 "no puzzle%s%s in %lu attempts (%lu had few enough givens, "
                 "none the rating)",
                 clues, rated, g->attempts, few_enough);
    else if (s->max_clues)
        snprintf(message, size, "no puzzle%s%s in %lu attempts (fewest: %d)",
                 clues, rated, g->attempts, g->clues);
    else
        snprintf(message, size, "no puzzle%s in %lu attempts", rated, g->attempts);
}

/* What became of one item. */
typedef struct made {
    outcome outcome; /* OUTCOME_SOLVED when made, else NOT_FOUND */
    uint64_t index;
    sudoku_generated generated;   /* the puzzle, its solution, its counts */
    const sudoku_rating *rating;  /* the grade, when one was asked; or NULL */
    double micros;
    char message[216];            /* why it could not be made: at most 215 bytes */
} made;

/*
 * A puzzle (blanks as '.') or a full grid, or the word of a failure; with
 * -s, the attempts and the time.
 */
static void write_made_text(text_buffer *out, const job *j, const made *m)
{
    const generate_settings *s = j->settings;
    const sudoku_generated *g = &m->generated;
    const sudoku_grid *grid = s->grids ? &g->solution : &g->puzzle;
    const int lines = j->format == FORMAT_GRID;

    if (m->outcome != OUTCOME_SOLVED) {
        text_add_string(out, outcome_name(m->outcome));
    } else if (lines) {
        text_add_grid(out, grid, grid, 0);
        text_drop(out, 1); /* its last line break, which the figures follow */
    } else {
        text_add_cells(out, grid);
    }
    if (j->stats && lines && s->grids) {
        text_add_string(out, "\ntime: ");
        text_add_micros(out, m->micros);
        text_add_string(out, " us");
    } else if (j->stats && lines) {
        text_add_figures(out, "\nattempts: ", g->attempts, ", time: ", m->micros);
    } else if (j->stats) {
        if (!s->grids) {
            text_add_char(out, ' ');
            text_add_u64(out, g->attempts);
        }
        text_add_char(out, ' ');
        text_add_micros(out, m->micros);
    }
    text_add_string(out, lines ? "\n\n" : "\n");
}

static void write_made_json(text_buffer *out, const job *j, const made *m)
{
    const generate_settings *s = j->settings;
    const sudoku_generated *g = &m->generated;

    text_add_string(out, "{\"seed\":");
    text_add_u64(out, s->seed);
    text_add_json_count(out, "index", m->index);
    if (m->outcome != OUTCOME_SOLVED) {
        text_add_json_status(out, outcome_name(m->outcome), m->message);
        text_add_json_count(out, "attempts", g->attempts);
    } else if (s->grids) {
        text_add_string(out, ",\"status\":\"made\",\"grid\":\"");
        text_add_digits(out, &g->solution);
        text_add_char(out, '"');
    } else {
        text_add_string(out, ",\"status\":\"made\",\"puzzle\":\"");
        text_add_cells(out, &g->puzzle);
        text_add_string(out, "\",\"solution\":\"");
        text_add_digits(out, &g->solution);
        text_add_string(out, "\",\"givens\":");
        text_add_u64(out, (unsigned long)g->clues);
        text_add_string(out, ",\"symmetry\":\"");
        text_add_string(out, sudoku_symmetry_name(g->symmetry));
        text_add_string(out, "\",\"attempts\":");
        text_add_u64(out, g->attempts);
        if (m->rating)
            text_add_rating_json(out, m->rating, NULL);
    }
    if (j->stats)
        text_add_json_micros(out, m->micros);
    text_add_string(out, "}\n");
}

/*
 * HTML: the puzzle on the sheet, its number (from 1, as a reader counts:
 * the index plus one), the seed and its grade in small print under it, and
 * its answer, under the same number, kept for the end of the page.
 */
static void write_made_html(const job *j, const made *m, text_buffer *out,
                            text_buffer *kept)
{
    const generate_settings *s = j->settings;
    const sudoku_generated *g = &m->generated;
    const sudoku_grid *grid = s->grids ? &g->solution : &g->puzzle;
    const char *word = outcome_name(m->outcome);

    text_add_html_puzzle_figure(out, m->outcome == OUTCOME_SOLVED ? grid : NULL, word,
                                strlen(word));
    text_add_string(out, s->grids ? "grid " : "puzzle ");
    text_add_u64(out, m->index + 1);
    text_add_string(out, ", seed ");
    text_add_u64(out, s->seed);
    if (m->rating) {
        text_add_string(out, ", ");
        text_add_html_rating(out, m->rating);
    }
    if (m->outcome != OUTCOME_SOLVED) {
        text_add_string(out, ": ");
        text_add_html_text(out, m->message, strlen(m->message));
    }
    if (j->stats)
        text_add_figures(out, ", attempts ", g->attempts, ", ", m->micros);
    text_add_html_figure_end(out);
    if (m->outcome != OUTCOME_SOLVED || s->grids)
        return;
    text_add_html_figure(kept, &g->solution, &g->puzzle, HTML_GRID_ANSWER);
    text_add_string(kept, "puzzle ");
    text_add_u64(kept, m->index + 1);
    text_add_html_figure_end(kept);
}

/* "sudoku: puzzle K (seed S): MESSAGE\n", why an item could not be made. */
static void write_made_message(text_buffer *err, const generate_settings *s,
                               const made *m)
{
    text_add_string(err, "sudoku: puzzle ");
    text_add_u64(err, m->index);
    text_add_string(err, " (seed ");
    text_add_u64(err, s->seed);
    text_add_string(err, "): ");
    text_add_string(err, m->message);
    text_add_char(err, '\n');
}

static int make(const job *j, uint64_t index, text_buffer *out, text_buffer *err,
                text_buffer *kept, outcome *result)
{
    const generate_settings *s = j->settings;
    /* the record gives the grade */
    const int graded = j->format == FORMAT_JSON || j->format == FORMAT_HTML;
    const sudoku_generate_options how = {.symmetry = s->symmetry,
                                         .max_clues = (int)s->max_clues};
    made m = {.outcome = OUTCOME_SOLVED, .index = index};
    const double start = j->stats ? clock_micros() : 0;
    sudoku_status status;
    sudoku_rating rating;

    if (s->grids) {
        sudoku_generate_grid(s->seed, index, &m.generated.solution);
        m.generated.attempts = 1;
    } else {
        if (s->from.count)
            status = sudoku_generate_near(s->seed, index, s->from.puzzle, s->from.count,
                                          (int)s->max_clues, s->range.min, s->range.max,
                                          &m.generated, graded ? &rating : NULL);
        else if (s->range.rated)
            status = sudoku_generate_rated(s->seed, index, &how, s->range.min, s->range.max,
                                           &m.generated, graded ? &rating : NULL);
        else
            status = sudoku_generate(s->seed, index, &how, &m.generated);
        if (status == SUDOKU_E_MEMORY)
            return -1;
        if (status == SUDOKU_E_EXHAUSTED) {
            m.outcome = OUTCOME_NOT_FOUND;
            describe_not_found(s, &m.generated, m.message, sizeof m.message);
        } else if (status != SUDOKU_OK) { /* the options were checked */
            m.outcome = OUTCOME_NOT_FOUND;
            snprintf(m.message, sizeof m.message, "%s", sudoku_strerror(status));
        } else if (s->range.rated && graded) {
            m.rating = &rating;
        }
    }
    if (j->stats)
        m.micros = clock_micros() - start;
    /* a sheet gives every puzzle's grade, asked for or not */
    if (j->format == FORMAT_HTML && !s->grids && m.outcome == OUTCOME_SOLVED &&
        !m.rating && sudoku_rate(&m.generated.puzzle, &rating, NULL) == SUDOKU_OK)
        m.rating = &rating;
    if (j->format == FORMAT_HTML)
        write_made_html(j, &m, out, kept);
    else if (j->format == FORMAT_JSON)
        write_made_json(out, j, &m);
    else
        write_made_text(out, j, &m);
    if (m.outcome != OUTCOME_SOLVED)
        write_made_message(err, s, &m);
    *result = m.outcome;
    return text_status(out) != 0 || text_status(err) != 0 || text_status(kept) != 0 ? -1 : 0;
}

static uint64_t items(const void *settings)
{
    return ((const generate_settings *)settings)->count;
}

static void summary(const void *settings, FILE *err, const tally *t)
{
    const generate_settings *s = settings;

    summary_write(err, s->grids ? "grid" : "puzzle", "made", t);
    fprintf(err, ", seed %llu", (unsigned long long)s->seed);
}

const command command_generate = {
    COMMAND_NAMED(generate),
    .options = options,
    COMMAND_SETTINGS(generate_settings, defaults),
    .release = release,
    .prepare = prepare,
    .items = items,
    .make = make,
    .document = &puzzle_sheet,
    .summary = summary,
};
