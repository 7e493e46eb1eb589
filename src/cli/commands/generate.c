/*
 * generate.c - `sudoku generate`: puzzles (or full grids) made from a seed.
 *
 * It reads no input: the driver hands its workers the numbers 0 to N-1,
 * and item K is made with sudoku_generate(seed, K, ...), so the output
 * depends on the seed and the options alone, whatever thread makes which
 * item. With a level or a rating, each attempt is graded through the
 * generator's accept hook.
 */
#include "command.h"
#include "clock.h"
#include "html.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* A range of ER, from --level or --rating. */
typedef struct rating_range {
    int rated;         /* a level or a rating range was asked */
    const char *level; /* the level asked, or NULL */
    int min, max;      /* ER in tenths; max may be SUDOKU_RATING_UNBOUNDED */
} rating_range;

typedef struct generate_settings {
    uint64_t count, seed;
    int grids; /* full grids instead of puzzles */
    sudoku_symmetry symmetry;
    uint64_t max_clues; /* 17-81, or 0 for any */
    rating_range range;
} generate_settings;

/*
 * The least ER of the puzzles generate makes: a hidden single in a box.
 * Full houses alone (1.0) finish none of them; of 20,000 made with seed
 * 99, 312 were rated 1.2 and none less.
 */
#define LOWEST_RATING 12

/* The options that later checks ask about, by their place in the table. */
enum { OPT_SEED = 2, OPT_SYMMETRY, OPT_LEVEL, OPT_RATING, OPT_CLUES };

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
    else if (range->max < LOWEST_RATING)
        snprintf(why, size,
                 "invalid rating '%s': no puzzle made is rated below %d.%d",
                 value, LOWEST_RATING / 10, LOWEST_RATING % 10);
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

static const option_spec options[] = {
    OPTION_FORMAT_HTML,
    {.short_name = 'n', .long_name = "count",
     .help = " N     make N puzzles, 1 (the default) to 2^64-1\n",
     .kind = OPTION_NUMBER, .offset = offsetof(generate_settings, count),
     .noun = "count", .min = 1, .max = UINT64_MAX},
    [OPT_SEED] = {.long_name = "seed",
     .help = " S      the run's seed, 0 to 18446744073709551615;\n"
             "                    by default one drawn from the system\n",
     .kind = OPTION_NUMBER, .offset = offsetof(generate_settings, seed),
     .noun = "seed", .min = 0, .max = UINT64_MAX},
    [OPT_SYMMETRY] = OPTION_PARSED(
        "symmetry", generate_settings, symmetry, parse_symmetry,
        " SYM\n"
        "                    the givens' symmetry: none (the default), rotate180,\n"
        "                    rotate90, mirror, flip, diagonal, antidiagonal,\n"
        "                    dihedral (all eight), or random (one of the seven)\n"),
    [OPT_LEVEL] = OPTION_PARSED(
        "level", generate_settings, range, parse_level,
        " L     only puzzles of that level, as grade gives it: easy,\n"
        "                    medium, hard, expert or extreme\n"),
    [OPT_RATING] = OPTION_PARSED(
        "rating", generate_settings, range, parse_rating,
        " MIN-MAX\n"
        "                    only puzzles whose ER, as grade gives it, is from MIN\n"
        "                    to MAX, such as 2.5-4.0, or MIN and up, such as 9.0-\n"),
    [OPT_CLUES] = {.long_name = "clues",
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
    static const struct {
        int option;
        const char *name;
    } puzzle_only[] = {{OPT_SYMMETRY, "--symmetry"}, {OPT_LEVEL, "--level"},
                       {OPT_RATING, "--rating"},     {OPT_CLUES, "--clues"}};
    generate_settings *s = settings;

    if (operand_count > 0) {
        snprintf(why, size, "generate reads no puzzles or files: '%s'", operands[0]);
        return -1;
    }
    if ((given >> OPT_LEVEL & 1) && (given >> OPT_RATING & 1)) {
        snprintf(why, size, "--level and --rating do not go together: use one");
        return -1;
    }
    for (size_t i = 0; i < sizeof puzzle_only / sizeof *puzzle_only; i++) {
        if (s->grids && (given >> puzzle_only[i].option & 1)) {
            snprintf(why, size, "%s is for puzzles, not for --grids",
                     puzzle_only[i].name);
            return -1;
        }
    }
    if (!(given >> OPT_SEED & 1))
        s->seed = draw_seed();
    return 0;
}

/* What the accept hook needs: the range, and the grade it took. */
typedef struct grading {
    int min, max;         /* ER in tenths; max may be SUDOKU_RATING_UNBOUNDED */
    int whole;            /* the record gives the grade: grade to the end */
    sudoku_rating rating; /* the grade of the last puzzle looked at */
    /* the hardest puzzle looked at that was rated below the range, if any
       (best_er > 0), where the neighbourhood search starts */
    sudoku_grid best;
    int best_er;
} grading;

/*
 * Grades a generated puzzle as `sudoku grade` does, but stops as soon as
 * the grade is known to pass the top of the range, which is where most
 * rejected puzzles leave, or, when the range has no top and the record does
 * not give the grade, as soon as it is known to reach the range: a step
 * rated that much, or only techniques rated more left to try (the limit,
 * one tenth below the range). And without sudoku_rate()'s count, as the
 * generator has already proved the solution unique. Accepts a complete
 * grade within the range, or an incomplete one (stopped by that limit, or
 * harder than the ladder's top) when the range has no top: the options
 * allow no other range whose top the ladder cannot see.
 */
static int accept_rating(const sudoku_grid *puzzle, const sudoku_grid *solution,
                         void *context)
{
    grading *g = context;
    const int open = g->max == SUDOKU_RATING_UNBOUNDED;
    const sudoku_limits limits = {
        .max_difficulty = !open ? g->max : g->whole ? 0 : g->min - 1};
    sudoku_candidates grid;

    (void)solution;
    if (sudoku_candidates_init(&grid, puzzle, NULL, NULL) != SUDOKU_OK ||
        sudoku_grade_steps(&grid, &limits, NULL, NULL, &g->rating) != SUDOKU_OK)
        return 0;
    if (!g->rating.complete)
        return open;
    if (g->rating.er < g->min && g->rating.er > g->best_er) {
        g->best = *puzzle;
        g->best_er = g->rating.er;
    }
    return g->rating.er >= g->min;
}

/*
 * The neighbourhood search. Random minimal puzzles are seldom hard: of
 * 2,000, two were rated 9.0 or more, and none 9.5 in 3,000 attempts. The
 * makers of hard puzzles search near hard ones instead, and so does a
 * rated run whose carving found nothing in range: from the hardest puzzle
 * the carving made, it takes a neighbour ({-n+m}): one or two givens
 * removed, then one or two of the solution's added, and more while the
 * puzzle has another solution, each where that other solution differs;
 * it makes the neighbour minimal by removing every given it can do
 * without (in a random order), and grades it. A neighbour in range is the
 * item, and one at least as hard as the current puzzle becomes the
 * current one. The draws come from
 * the item's own stream, so the item stays a function of seed and index.
 * Puzzles found so are close kin of the carved ones they start from, and
 * the walk favours whatever structure made those hard: a run of many
 * hard puzzles is not a sample of hard puzzles, as carving is of easy ones.
 */
#define CLIMB_STEPS 2000
/*
 * The least rating of a range the search is for: the extreme level's. A
 * narrow range of easier ratings that the carving missed stays not-found,
 * as a search near its hardest miss would cost seconds and find little.
 */
static int climb_least(void)
{
    size_t count;
    const sudoku_level_range *levels = sudoku_levels(&count);

    return levels[count - 1].min;
}

static int unique(const sudoku_grid *g)
{
    unsigned long count;

    return sudoku_count(g, 2, &count, NULL, NULL) == SUDOKU_OK && count == 1;
}

/*
 * A minimal neighbour of `from`, whose solution is `solution`, with at most
 * max_clues givens (0: any) into *to, or 0 when the draw gave none. The
 * givens added are the solution's, so that the neighbour has a solution.
 */
static int neighbour(sudoku_random *rng, const sudoku_grid *from,
                     const sudoku_grid *solution, sudoku_grid *to, int max_clues)
{
    const int removed = 1 + (int)sudoku_random_below(rng, 2);
    const int added = 1 + (int)sudoku_random_below(rng, 2); /* at least */
    unsigned char order[SUDOKU_CELLS];
    int givens = 0, chosen;

    *to = *from;
    for (int i = 0; i < removed; i++) {
        int k = 0, cell;

        for (cell = 0; cell < SUDOKU_CELLS; cell++)
            if (to->cell[cell])
                order[k++] = (unsigned char)cell;
        to->cell[order[sudoku_random_below(rng, (uint32_t)k)]] = 0;
    }
    /* `added` givens, and more while another solution is left */
    for (int i = 0;; i++) {
        sudoku_grid other;
        unsigned long count;
        int k = 0;

        if (sudoku_count(to, 2, &count, &other, NULL) != SUDOKU_OK)
            return 0;
        if (i >= added && count == 1)
            break;
        /* a cell where another solution differs, so that the given rules
           that one out; or, with none left, any open cell */
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (!to->cell[cell] && (count == 1 || other.cell[cell] != solution->cell[cell]))
                order[k++] = (unsigned char)cell;
        if (k == 0)
            return 0;
        chosen = order[sudoku_random_below(rng, (uint32_t)k)];
        to->cell[chosen] = solution->cell[chosen];
    }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (to->cell[cell])
            order[givens++] = (unsigned char)cell;
    for (int i = givens - 1; i > 0; i--) { /* a random order to remove them in */
        const int j = (int)sudoku_random_below(rng, (uint32_t)i + 1);
        const unsigned char t = order[i];

        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0, tried = givens; i < tried; i++) {
        const unsigned char digit = to->cell[order[i]];

        to->cell[order[i]] = 0;
        if (unique(to))
            givens--; /* the given was not needed */
        else
            to->cell[order[i]] = digit;
    }
    return max_clues == 0 || givens <= max_clues;
}

/*
 * Searches the neighbourhood of the hardest puzzle the carving made, for
 * item `index`. Returns 1 with the puzzle in *out, or 0.
 */
static int climb(const generate_settings *s, uint64_t index, grading *g,
                 sudoku_generated *out)
{
    sudoku_grid current = g->best, next, solution;
    int current_er = g->best_er;
    sudoku_random rng;

    /* a stream apart from the carving's, which uses the seed as it is */
    sudoku_random_seed(&rng, ~s->seed, index);
    sudoku_solve(&current, &solution, NULL);
    for (int step = 0; step < CLIMB_STEPS; step++) {
        if (!neighbour(&rng, &current, &solution, &next, (int)s->max_clues))
            continue;
        out->attempts++;
        if (accept_rating(&next, NULL, g)) {
            out->puzzle = next;
            out->solution = solution;
            out->clues = 0;
            for (int cell = 0; cell < SUDOKU_CELLS; cell++)
                out->clues += next.cell[cell] != 0;
            return 1;
        }
        if (g->rating.complete && g->rating.er >= current_er) {
            current = next;
            current_er = g->rating.er;
        }
    }
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
    char message[160];            /* why it could not be made */
} made;

/*
 * A puzzle (blanks as '.') or a full grid, or the word of a failure; with
 * -s, the attempts and the time.
 */
static char *write_made_text(char *p, const job *j, const made *m)
{
    const generate_settings *s = j->settings;
    const sudoku_generated *g = &m->generated;
    const sudoku_grid *grid = s->grids ? &g->solution : &g->puzzle;
    const int lines = j->format == FORMAT_GRID;

    if (m->outcome != OUTCOME_SOLVED)
        p = put_string(p, outcome_name(m->outcome));
    else if (lines)
        p = put_grid(p, grid, grid, 0) - 1;
    else
        p += strlen(sudoku_format(grid, p));
    if (j->stats && lines && s->grids) {
        p = put_string(p, "\ntime: ");
        p = put_micros(p, m->micros);
        p = put_string(p, " us");
    } else if (j->stats && lines) {
        p = put_figures(p, "\nattempts: ", g->attempts, ", time: ", m->micros);
    } else if (j->stats) {
        if (!s->grids) {
            *p++ = ' ';
            p = put_u64(p, g->attempts);
        }
        *p++ = ' ';
        p = put_micros(p, m->micros);
    }
    *p++ = '\n';
    if (lines)
        *p++ = '\n';
    return p;
}

static char *write_made_json(char *p, const job *j, const made *m)
{
    const generate_settings *s = j->settings;
    const sudoku_generated *g = &m->generated;
    char text[SUDOKU_CELLS + 1];

    p = put_string(p, "{\"seed\":");
    p = put_u64(p, s->seed);
    p = put_json_count(p, "index", m->index);
    if (m->outcome != OUTCOME_SOLVED) {
        p = put_string(p, ",\"status\":\"");
        p = put_string(p, outcome_name(m->outcome));
        p = put_string(p, "\",\"error\":");
        p = put_json_string(p, m->message, strlen(m->message));
        p = put_json_count(p, "attempts", g->attempts);
    } else if (s->grids) {
        p = put_string(p, ",\"status\":\"made\",\"grid\":\"");
        p = put_digits(p, &g->solution);
        *p++ = '"';
    } else {
        p = put_string(p, ",\"status\":\"made\",\"puzzle\":\"");
        p = put_string(p, sudoku_format(&g->puzzle, text));
        p = put_string(p, "\",\"solution\":\"");
        p = put_digits(p, &g->solution);
        p = put_string(p, "\",\"givens\":");
        p = put_u64(p, (unsigned long)g->clues);
        p = put_string(p, ",\"symmetry\":\"");
        p = put_string(p, sudoku_symmetry_name(g->symmetry));
        p = put_string(p, "\",\"attempts\":");
        p = put_u64(p, g->attempts);
        if (m->rating)
            p = put_rating_json(p, m->rating, NULL);
    }
    if (j->stats)
        p = put_json_micros(p, m->micros);
    return put(p, "}\n", 2);
}

/*
 * HTML: the puzzle on the sheet, its number (from 1, as a reader counts:
 * the index plus one), the seed and its grade in small print under it, and
 * its answer, under the same number, kept for the end of the page.
 */
static int write_made_html(const job *j, const made *m, text_buffer *out,
                           text_buffer *kept)
{
    const generate_settings *s = j->settings;
    const sudoku_generated *g = &m->generated;
    const sudoku_grid *grid = s->grids ? &g->solution : &g->puzzle;
    const char *word = outcome_name(m->outcome);
    char *p = text_reserve(out, HTML_DRAWING_BOUND + HTML_TEXT_BOUND * sizeof m->message + 256);

    if (!p)
        return -1;
    p = put_html_puzzle_figure(p, m->outcome == OUTCOME_SOLVED ? grid : NULL, word,
                               strlen(word));
    p = put_string(p, s->grids ? "grid " : "puzzle ");
    p = put_u64(p, m->index + 1);
    p = put_string(p, ", seed ");
    p = put_u64(p, s->seed);
    if (m->rating) {
        p = put_string(p, ", ");
        p = put_html_rating(p, m->rating);
    }
    if (m->outcome != OUTCOME_SOLVED) {
        p = put_string(p, ": ");
        p = put_html_text(p, m->message, strlen(m->message));
    }
    if (j->stats)
        p = put_figures(p, ", attempts ", g->attempts, ", ", m->micros);
    text_commit(out, put_html_figure_end(p));
    if (m->outcome != OUTCOME_SOLVED || s->grids)
        return 0;
    if (!(p = text_reserve(kept, HTML_DRAWING_BOUND + 64)))
        return -1;
    p = put_html_figure(p, &g->solution, &g->puzzle, HTML_GRID_ANSWER);
    p = put_string(p, "puzzle ");
    p = put_u64(p, m->index + 1);
    text_commit(kept, put_html_figure_end(p));
    return 0;
}

/* "sudoku: puzzle K (seed S): MESSAGE\n", why an item could not be made. */
static int write_made_message(text_buffer *err, const generate_settings *s,
                              const made *m)
{
    char *p = text_reserve(err, sizeof m->message + 128);

    if (!p)
        return -1;
    p = put_string(p, "sudoku: puzzle ");
    p = put_u64(p, m->index);
    p = put_string(p, " (seed ");
    p = put_u64(p, s->seed);
    p = put_string(p, "): ");
    p = put_string(p, m->message);
    *p++ = '\n';
    text_commit(err, p);
    return 0;
}

static int make(const job *j, uint64_t index, text_buffer *out, text_buffer *err,
                text_buffer *kept, outcome *result)
{
    const generate_settings *s = j->settings;
    grading grade = {.min = s->range.min, .max = s->range.max,
                     .whole = j->format == FORMAT_JSON || j->format == FORMAT_HTML};
    const sudoku_generate_options how = {
        .symmetry = s->symmetry,
        .max_clues = (int)s->max_clues,
        .accept = s->range.rated ? accept_rating : NULL,
        .context = &grade};
    made m = {.outcome = OUTCOME_SOLVED, .index = index};
    const double start = j->stats ? clock_micros() : 0;
    sudoku_status status;
    sudoku_rating rating;
    char *p;

    if (s->grids) {
        sudoku_generate_grid(s->seed, index, &m.generated.solution);
        m.generated.attempts = 1;
    } else {
        status = sudoku_generate(s->seed, index, &how, &m.generated);
        /* the neighbourhood search, for hard ratings; it keeps no symmetry */
        if (status == SUDOKU_E_EXHAUSTED && s->range.rated && s->range.min >= climb_least() &&
            s->symmetry == SUDOKU_SYMMETRY_NONE && grade.best_er > 0 &&
            climb(s, index, &grade, &m.generated))
            status = SUDOKU_OK;
        if (status == SUDOKU_E_EXHAUSTED) {
            m.outcome = OUTCOME_NOT_FOUND;
            describe_not_found(s, &m.generated, m.message, sizeof m.message);
        } else if (status != SUDOKU_OK) { /* the options were checked */
            m.outcome = OUTCOME_NOT_FOUND;
            snprintf(m.message, sizeof m.message, "%s", sudoku_strerror(status));
        } else if (s->range.rated && grade.whole) {
            m.rating = &grade.rating; /* the accepted puzzle was the last graded */
        }
    }
    if (j->stats)
        m.micros = clock_micros() - start;
    /* a sheet gives every puzzle's grade, asked for or not */
    if (j->format == FORMAT_HTML && !s->grids && m.outcome == OUTCOME_SOLVED &&
        !m.rating && sudoku_rate(&m.generated.puzzle, &rating, NULL) == SUDOKU_OK)
        m.rating = &rating;
    if (j->format == FORMAT_HTML) {
        if (write_made_html(j, &m, out, kept) != 0)
            return -1;
    } else if (!(p = text_reserve(out, 1024 + 6 * sizeof m.message))) {
        return -1;
    } else {
        text_commit(out, j->format == FORMAT_JSON ? write_made_json(p, j, &m)
                                                  : write_made_text(p, j, &m));
    }
    *result = m.outcome;
    if (m.outcome != OUTCOME_SOLVED && write_made_message(err, s, &m) != 0)
        return -1;
    return 0;
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
    .prepare = prepare,
    .items = items,
    .make = make,
    .document = &puzzle_sheet,
    .summary = summary,
};
