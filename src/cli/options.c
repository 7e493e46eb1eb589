/*
 * options.c - the commands, their options, --help and --version.
 *
 * A command is an entry of `commands`: its name and the words of its help.
 * An option is an entry of `option_specs`, with the commands that take it
 * and the line --help gives it, so the help lists exactly what each
 * command accepts.
 *
 * The parsing is done here rather than with getopt(), which standard C
 * lacks: options and operands may come in any order, short options group
 * and take attached values, long ones take "=value" or the next argument,
 * and "--" ends the options. The command, if any, comes first.
 */
#include "options.h"
#include "cli.h"
#include "batch.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_LIMIT 1000UL
#define MAX_LIMIT 4294967295UL

typedef struct command_spec {
    const char *name;
    const char *summary; /* a line of the list of commands */
    const char *about;   /* what the command does, atop its help */
    const char *output;  /* what its records hold */
} command_spec;

static const command_spec commands[] = {
    [COMMAND_SOLVE] = {
        "solve", "solve each puzzle (the default command)",
        "Solve Sudoku puzzles given as arguments, in files or on standard input.\n",
        "Every puzzle read gives one record, in input order, failures included,\n"
        "whatever the number of threads:\n"
        "  line  the 81-digit solution, or the word unsolvable or not-unique;\n"
        "        then the count (with -c), then the guesses and the microseconds\n"
        "        (with -s), separated by spaces; or the word invalid alone\n"
        "  grid  the solution as a 9x9 grid, or the word; then 'solutions: N' and\n"
        "        'guesses: N, time: T us' lines as asked; then an empty line\n"
        "  json  one JSON object per line, with the keys source, line, puzzle,\n"
        "        status, error, solution, count, guesses and time_us\n"},
    [COMMAND_EXPLAIN] = {
        "explain", "solve each puzzle step by step, as a person would",
        "Solve each puzzle the way a person would, always taking the easiest step,\n"
        "and say how: each step names its technique, what it places and what it\n"
        "strikes, as in 'Naked Pair: 2,7 in r4c1,r4c5 => r4c2<>2, r4c9<>7'. The\n"
        "techniques and their difficulties are Sudoku Explainer's, from hidden\n"
        "singles (1.2) to dynamic forcing chains (8.5 and up); chains are\n"
        "written in Eureka notation, a branch per line. When they run out, the\n"
        "record says so, shows the candidates left, and gives the rest of the\n"
        "solution from the search. A puzzle must have exactly one solution.\n",
        "Every puzzle read gives one record, in input order, failures included:\n"
        "  line  the puzzle, one line per step, the solution, the rating (as\n"
        "        grade gives it), then an empty line; a failure is the word\n"
        "        invalid, unsolvable or not-unique, then an empty line\n"
        "  grid  the same with the puzzle, the candidates and the solution drawn\n"
        "        as 9x9 grids\n"
        "  json  one JSON object per line: source, line, puzzle, status, error,\n"
        "        steps (each with technique, rating, placements, eliminations\n"
        "        and text), solution, er, ep, ed, level, hardest, complete and,\n"
        "        when the techniques ran out, candidates (729 characters)\n"},
    [COMMAND_GRADE] = {
        "grade", "rate each puzzle's difficulty on Sudoku Explainer's scale",
        "Rate each puzzle as Sudoku Explainer does: ER is the hardest step of the\n"
        "solve, EP the hardest up to the first placed digit, ED the first step.\n"
        "Levels, by ER: easy up to 2.3, medium up to 3.8, hard up to 6.2, expert\n"
        "up to 7.5, extreme above. The techniques go up to dynamic forcing\n"
        "chains: a puzzle they cannot finish is rated '>9.0' (or more, after a\n"
        "harder step), level extreme. A puzzle must have exactly one solution.\n",
        "Every puzzle read gives one record, in input order, failures included:\n"
        "  line  ER/EP/ED and the level, such as '3.4/1.2/1.2 medium', then the\n"
        "        microseconds (with -s); or the word invalid, unsolvable or\n"
        "        not-unique\n"
        "  grid  the same, then an empty line\n"
        "  json  one JSON object per line: source, line, puzzle, status, error,\n"
        "        er, ep, ed, level, hardest, steps (a count), complete (false\n"
        "        when the techniques ran out) and time_us\n"},
    [COMMAND_CANON] = {
        "canon", "give each puzzle's canonical (minlex) form, to find duplicates",
        "Give the canonical form of each grid: of all the equivalent grids (rows\n"
        "within a band, bands, columns within a stack and stacks reordered, the\n"
        "grid transposed, digits renamed), the one with the smallest pattern of\n"
        "givens, read row by row with blanks first, then the smallest digits.\n"
        "Equivalent puzzles have the same form, so duplicates show up with\n"
        "'sudoku canon FILE | sort | uniq -d'. Any valid grid has a form, with\n"
        "one solution or not, from 0 to 81 givens.\n",
        "Every grid read gives one record, in input order, failures included:\n"
        "  line  the canonical form, 81 characters with '.' for a blank, then\n"
        "        the microseconds (with -s); or the word invalid\n"
        "  grid  the form as a 9x9 grid, then an empty line\n"
        "  json  one JSON object per line: source, line, puzzle, status, error,\n"
        "        canonical, automorphisms (how many equivalences map the grid\n"
        "        onto itself: 1 for most) and time_us\n"},
    [COMMAND_GENERATE] = {
        "generate", "make puzzles: random, minimal, symmetric, of a chosen level",
        "Make puzzles with exactly one solution, each minimal (no given, nor with a\n"
        "symmetry any symmetric set of givens, can go without losing that), carved\n"
        "out of random full grids. The same seed and options make the same output,\n"
        "byte for byte, whatever the number of threads: puzzle K comes from the\n"
        "seed and K alone. Without --seed, a seed is drawn from the system and\n"
        "shown in JSON and by --stats, so that any output can be made again.\n"
        "Removing givens in a random order does not pick among minimal puzzles\n"
        "uniformly; see the man page.\n",
        "Every item made gives one record, in order, failures included:\n"
        "  line  the puzzle, 81 characters with '.' for a blank (with --grids, the\n"
        "        81 digits of a grid); then the attempts it took and the\n"
        "        microseconds (with -s); or the word not-found, when no attempt\n"
        "        met --clues and the level or rating\n"
        "  grid  the same as a 9x9 grid, then an empty line\n"
        "  json  one JSON object per line: seed, index (from 0), status (made or\n"
        "        not-found), error, puzzle, solution, givens, symmetry, attempts,\n"
        "        with --level or --rating er, ep, ed, level, hardest and complete,\n"
        "        and time_us (with -s); with --grids, grid for the puzzle's keys\n"},
};

enum { COMMAND_COUNT = sizeof commands / sizeof *commands };

#define EVERY_COMMAND ((1u << COMMAND_COUNT) - 1)
#define ONLY(c) (1u << (c))

typedef struct option_spec {
    char name;              /* the short option, or an unprintable key */
    int takes_value;
    const char *long_name;
    unsigned commands;      /* the commands that take it */
    const char *help;       /* its lines in --help, after the names */
} option_spec;

enum { /* long options alone */
    OPTION_HINT = 1,
    OPTION_CANDIDATES,
    OPTION_COLOR,
    OPTION_LINE_BUFFERED,
    OPTION_SEED,
    OPTION_SYMMETRY,
    OPTION_LEVEL,
    OPTION_RATING,
    OPTION_CLUES,
    OPTION_GRIDS,
    OPTION_MAX_RATING
};

static const option_spec option_specs[] = {
    {'f', 1, "format", EVERY_COMMAND,
     " FMT  output format: line (the default), grid or json\n"},
    {'c', 0, "count", ONLY(COMMAND_SOLVE),
     "       count the solutions of each puzzle, up to the limit\n"},
    {'l', 1, "limit", ONLY(COMMAND_SOLVE),
     " N     with --count, stop at N solutions: 1 to 4294967295,\n"
     "                    1000 by default; a count equal to N means N or more\n"},
    {'u', 0, "unique", ONLY(COMMAND_SOLVE),
     "      a puzzle with more than one solution is a failure;\n"
     "                    it raises the limit to 2 if it is lower\n"},
    {OPTION_HINT, 0, "hint", ONLY(COMMAND_EXPLAIN),
     "        give only the first step\n"},
    {OPTION_CANDIDATES, 0, "candidates", ONLY(COMMAND_EXPLAIN),
     "  show the candidates before each step\n"},
    {'n', 1, "count", ONLY(COMMAND_GENERATE),
     " N     make N puzzles, 1 (the default) to 2^64-1\n"},
    {OPTION_SEED, 1, "seed", ONLY(COMMAND_GENERATE),
     " S      the run's seed, 0 to 18446744073709551615;\n"
     "                    by default one drawn from the system\n"},
    {OPTION_SYMMETRY, 1, "symmetry", ONLY(COMMAND_GENERATE),
     " SYM\n"
     "                    the givens' symmetry: none (the default), rotate180,\n"
     "                    rotate90, mirror, flip, diagonal, antidiagonal,\n"
     "                    dihedral (all eight), or random (one of the seven)\n"},
    {OPTION_LEVEL, 1, "level", ONLY(COMMAND_GENERATE),
     " L     only puzzles of that level, as grade gives it: easy,\n"
     "                    medium, hard, expert or extreme\n"},
    {OPTION_RATING, 1, "rating", ONLY(COMMAND_GENERATE),
     " MIN-MAX\n"
     "                    only puzzles whose ER, as grade gives it, is from MIN\n"
     "                    to MAX, such as 2.5-4.0; at most 9.0, where the\n"
     "                    grader's techniques stop\n"},
    {OPTION_CLUES, 1, "clues", ONLY(COMMAND_GENERATE),
     " MAX   only puzzles with at most MAX givens, 17 to 81; below\n"
     "                    22 or so, most runs fail (the record says so)\n"},
    {OPTION_GRIDS, 0, "grids", ONLY(COMMAND_GENERATE),
     "       make full solution grids instead of puzzles\n"},
    {OPTION_COLOR, 1, "color", ONLY(COMMAND_SOLVE) | ONLY(COMMAND_EXPLAIN),
     " WHEN  in grid format, colour the givens and the solved\n"
     "                    cells apart: auto (the default: when standard output\n"
     "                    is a terminal and NO_COLOR is not set), always or never\n"},
    {OPTION_LINE_BUFFERED, 0, "line-buffered", EVERY_COMMAND,
     "\n                    read a line at a time and write each record at once,\n"
     "                    for a program that writes a puzzle and waits for the\n"
     "                    answer\n"},
    {OPTION_MAX_RATING, 1, "max-rating", ONLY(COMMAND_GRADE),
     " X\n"
     "                    stop once ER is known to pass X (such as 7.5), and\n"
     "                    give it as '>X'\n"},
    {'j', 1, "jobs", EVERY_COMMAND,
     " N      work on N threads, 1 to 64; by default 1 when\n"
     "                    standard output is a terminal or every argument is a\n"
     "                    puzzle, else one per online processor\n"},
    {'s', 0, "stats", EVERY_COMMAND,
     "       add the time (and for solve the guesses, for generate the\n"
     "                    attempts) to each record, and print a summary on\n"
     "                    standard error\n"},
    {'h', 0, "help", EVERY_COMMAND, "        print this help and exit\n"},
    {'V', 0, "version", EVERY_COMMAND, "     print the version and exit\n"},
};

static const char input_text[] =
    "An argument of exactly 81 cell characters is a puzzle; any other argument\n"
    "is a file to read, and '-' or no argument at all reads standard input.\n"
    "An argument that names no file but reads as a puzzle line, with 72 to 90\n"
    "cells of which at least 17 are digits, is taken for a puzzle, and its\n"
    "mistakes are reported as for any puzzle.\n"
    "Cells are the digits 1-9 for givens and '.', '0', '_' or '*' for blanks.\n"
    "Input holds one puzzle per line of 81 cells, or per block of 9 lines of 9\n"
    "cells. Spaces, tabs and the characters '|', '+' and '-' are separators,\n"
    "and are ignored; empty lines and lines that start with '#' are skipped.\n";

static const char marks_text[] =
    "explain and grade also read a line of 729 pencil marks: for each cell,\n"
    "nine characters, the digit d in place d when it is a candidate and '.' or\n"
    "'0' when it is not; a cell with one candidate is a given.\n";

static const char failure_text[] =
    "Why a puzzle failed goes to standard error as 'sudoku: FILE:LINE: reason'.\n";

static const char generate_failure_text[] =
    "Why an item could not be made goes to standard error as\n"
    "'sudoku: puzzle K (seed S): reason'.\n";

static const char exit_text[] =
    "\n"
    "Exit status:\n"
    "  0    every puzzle was solved (and unique, with -u)\n"
    "  1    some puzzle was invalid, unsolvable, or not unique where that\n"
    "       matters (solve -u, explain, grade), or could not be made (generate)\n"
    "  2    a usage error, or a file that could not be read or written\n"
    "  141  the output was closed early (as in 'sudoku FILE | head -1'):\n"
    "       sudoku stopped at once, without a message\n"
    "  130  interrupted (SIGINT), 143 terminated (SIGTERM): the records\n"
    "       written so far are whole\n";

static void print_usage_line(FILE *f, command c)
{
    if (c == COMMAND_SOLVE)
        fputs("Usage: sudoku [COMMAND] [OPTIONS] [PUZZLE | FILE | -]...\n", f);
    else if (c == COMMAND_GENERATE)
        fputs("Usage: sudoku generate [OPTIONS]\n", f);
    else
        fprintf(f, "Usage: sudoku %s [OPTIONS] [PUZZLE | FILE | -]...\n",
                commands[c].name);
}

static void print_help(FILE *out, command c)
{
    print_usage_line(out, c);
    fputs(commands[c].about, out);
    if (c == COMMAND_SOLVE) {
        fputs("\nCommands:\n", out);
        for (int i = 0; i < COMMAND_COUNT; i++)
            fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
        fputs("  help      print the help of a command: sudoku help COMMAND\n", out);
    }
    if (c != COMMAND_GENERATE)
        fprintf(out, "\n%s", input_text);
    if (c != COMMAND_SOLVE && c != COMMAND_GENERATE)
        fputs(marks_text, out);
    fputs("\nOptions:\n", out);
    for (size_t i = 0; i < sizeof option_specs / sizeof *option_specs; i++) {
        const option_spec *spec = &option_specs[i];

        if (!(spec->commands & ONLY(c)))
            continue;
        if (spec->name > ' ')
            fprintf(out, "  -%c, --%s%s", spec->name, spec->long_name, spec->help);
        else
            fprintf(out, "      --%s%s", spec->long_name, spec->help);
    }
    fprintf(out, "\n%s\n%s%s", commands[c].output,
            c == COMMAND_GENERATE ? generate_failure_text : failure_text,
            exit_text);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static int usage_error(FILE *err, command c, const char *format, ...)
{
    va_list args;

    fputs("sudoku: ", err);
    va_start(args, format);
    vfprintf(err, format, args);
    va_end(args);
    fputc('\n', err);
    print_usage_line(err, c);
    if (c == COMMAND_SOLVE)
        fputs("Try 'sudoku --help' for more information.\n", err);
    else
        fprintf(err, "Try 'sudoku help %s' for more information.\n",
                commands[c].name);
    return SUDOKU_CLI_EXIT_TROUBLE;
}

/*
 * The levels, as sudoku_level() names them, and their ranges of ER in
 * tenths; test_cli.c checks that the puzzles made for each are so named.
 */
static const struct level_range {
    const char *name;
    int min, max;
} levels[] = {
    {"easy", 10, 23},
    {"medium", 24, 38},
    {"hard", 39, 62},
    {"expert", 63, 75},
    {"extreme", 76, RATING_UNBOUNDED},
};

/*
 * Whether the grader can tell a puzzle in the range from one outside it:
 * it rates exactly up to SUDOKU_TOP_DIFFICULTY, and beyond only knows that
 * a puzzle is harder.
 */
static int range_checkable(int min, int max)
{
    return max <= SUDOKU_TOP_DIFFICULTY ||
           (max == RATING_UNBOUNDED && min <= SUDOKU_TOP_DIFFICULTY + 1);
}

/* A whole number from 0 to max, digits only. Returns 1, or 0 if not one. */
static int parse_u64(const char *text, uint64_t max, uint64_t *value)
{
    unsigned long long v;
    char *end;

    if (*text < '0' || *text > '9')
        return 0; /* strtoull would take a sign or white space */
    errno = 0;
    v = strtoull(text, &end, 10);
    if (*end != '\0' || errno == ERANGE || v > max)
        return 0;
    *value = (uint64_t)v;
    return 1;
}

/*
 * A rating on SE's scale, "3" or "3.4", in tenths, at the start of text;
 * returns where it ends, or NULL when there is none.
 */
static const char *parse_tenths(const char *text, int *tenths)
{
    int whole = 0, digits = 0;

    for (; *text >= '0' && *text <= '9' && digits < 3; text++, digits++)
        whole = whole * 10 + (*text - '0');
    if (digits == 0 || digits > 2)
        return NULL;
    *tenths = whole * 10;
    if (*text == '.') {
        if (text[1] < '0' || text[1] > '9')
            return NULL;
        *tenths += text[1] - '0';
        text += 2;
    }
    return text;
}

/* --rating MIN-MAX, or a single rating R for R-R. */
static int apply_rating(generate_job *job, const char *value, FILE *err)
{
    const char *p = parse_tenths(value, &job->min_rating);
    const int top = SUDOKU_TOP_DIFFICULTY;

    job->max_rating = job->min_rating;
    if (p && *p == '-')
        p = parse_tenths(p + 1, &job->max_rating);
    if (!p || *p != '\0')
        return usage_error(err, COMMAND_GENERATE,
                           "invalid rating '%s': use MIN-MAX on the scale of "
                           "grade, such as 2.5-4.0",
                           value);
    if (job->min_rating > job->max_rating)
        return usage_error(err, COMMAND_GENERATE,
                           "invalid rating '%s': the minimum is above the maximum",
                           value);
    if (!range_checkable(job->min_rating, job->max_rating))
        return usage_error(err, COMMAND_GENERATE,
                           "invalid rating '%s': ratings above %d.%d cannot be "
                           "checked yet",
                           value, top / 10, top % 10);
    job->rated = 1;
    job->level = NULL;
    return -1;
}

static int apply_level(generate_job *job, const char *value, FILE *err)
{
    const int top = SUDOKU_TOP_DIFFICULTY;

    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        const struct level_range *l = &levels[i];
        char range[32];

        if (strcmp(value, l->name) != 0)
            continue;
        if (l->max == RATING_UNBOUNDED)
            snprintf(range, sizeof range, "%d.%d and up", l->min / 10, l->min % 10);
        else
            snprintf(range, sizeof range, "%d.%d to %d.%d", l->min / 10,
                     l->min % 10, l->max / 10, l->max % 10);
        if (!range_checkable(l->min, l->max))
            return usage_error(err, COMMAND_GENERATE,
                               "level '%s' (ER %s) cannot be asked for: ratings "
                               "above %d.%d cannot be checked yet",
                               value, range, top / 10, top % 10);
        job->rated = 1;
        job->level = l->name;
        job->min_rating = l->min;
        job->max_rating = l->max;
        return -1;
    }
    return usage_error(err, COMMAND_GENERATE,
                       "unknown level '%s': use easy, medium, hard, expert or "
                       "extreme",
                       value);
}

/* The values of generate's options. Returns -1 to go on, or the status. */
static int apply_generate_value(options *opt, char name, const char *value,
                                FILE *err)
{
    generate_job *job = &opt->job.generate;
    uint64_t n;

    if (name < ' ') /* the keys of long options alone */
        opt->given |= 1u << name;
    switch (name) {
    case 'n':
        if (!parse_u64(value, UINT64_MAX, &n) || n == 0)
            return usage_error(err, COMMAND_GENERATE,
                               "invalid count '%s': use 1 to %llu", value,
                               (unsigned long long)UINT64_MAX);
        job->count = n;
        break;
    case OPTION_SEED:
        if (!parse_u64(value, UINT64_MAX, &job->seed))
            return usage_error(err, COMMAND_GENERATE,
                               "invalid seed '%s': use 0 to %llu", value,
                               (unsigned long long)UINT64_MAX);
        opt->seed_given = 1;
        break;
    case OPTION_SYMMETRY:
        if (sudoku_symmetry_from_name(value, &job->symmetry) != SUDOKU_OK)
            return usage_error(err, COMMAND_GENERATE,
                               "unknown symmetry '%s': use none, rotate180, "
                               "rotate90, mirror, flip, diagonal, antidiagonal, "
                               "dihedral or random",
                               value);
        break;
    case OPTION_LEVEL:
        return apply_level(job, value, err);
    case OPTION_RATING:
        return apply_rating(job, value, err);
    case OPTION_CLUES:
        if (!parse_u64(value, SUDOKU_CELLS, &n) || n < 17)
            return usage_error(err, COMMAND_GENERATE,
                               "invalid number of givens '%s': use 17 to 81 "
                               "(no puzzle with fewer than 17 has one solution)",
                               value);
        job->max_clues = (int)n;
        break;
    }
    return -1;
}

/*
 * What generate's options say together, once all are read: no operands,
 * a level or a rating but not both, and nothing about puzzles with
 * --grids.
 */
static int check_generate(const options *opt, const char **operands,
                          int operand_count, FILE *err)
{
    static const struct {
        char key;
        const char *name;
    } puzzle_only[] = {{OPTION_SYMMETRY, "--symmetry"}, {OPTION_LEVEL, "--level"},
                       {OPTION_RATING, "--rating"},     {OPTION_CLUES, "--clues"}};

    if (operand_count > 0)
        return usage_error(err, COMMAND_GENERATE,
                           "generate reads no puzzles or files: '%s'", operands[0]);
    if ((opt->given & 1u << OPTION_LEVEL) && (opt->given & 1u << OPTION_RATING))
        return usage_error(err, COMMAND_GENERATE,
                           "--level and --rating do not go together: use one");
    for (size_t i = 0; i < sizeof puzzle_only / sizeof *puzzle_only; i++) {
        if (opt->job.generate.grids && (opt->given & 1u << puzzle_only[i].key))
            return usage_error(err, COMMAND_GENERATE,
                               "%s is for puzzles, not for --grids",
                               puzzle_only[i].name);
    }
    return -1;
}

/* A whole number from 1 to max, digits only; 0 when it is not one. */
static unsigned long parse_count(const char *text, unsigned long max)
{
    unsigned long value;
    char *end;

    if (*text < '0' || *text > '9')
        return 0; /* strtoul would take a sign or white space */
    errno = 0;
    value = strtoul(text, &end, 10);
    if (*end != '\0' || errno == ERANGE || value > max)
        return 0;
    return value;
}

/* "7.5" in tenths (75), from 0.1 to 20.0; 0 if it is not such a number. */
static int parse_rating(const char *text)
{
    int tenths;
    const char *end = parse_tenths(text, &tenths);

    return end && *end == '\0' && tenths > 0 && tenths <= 200 ? tenths : 0;
}

/*
 * Applies an option that takes a value; the callers only call it with one.
 * Returns -1 to go on, or the status to exit with.
 */
static int apply_value(options *opt, char name, const char *value, FILE *err)
{
    output_options *output = &opt->job.output;
    const command c = output->command;

    if (c == COMMAND_GENERATE && name != 'f' && name != 'j')
        return apply_generate_value(opt, name, value, err);
    switch (name) {
    case 'f':
        if (strcmp(value, "line") == 0)
            output->format = FORMAT_LINE;
        else if (strcmp(value, "grid") == 0)
            output->format = FORMAT_GRID;
        else if (strcmp(value, "json") == 0)
            output->format = FORMAT_JSON;
        else
            return usage_error(err, c, "unknown format '%s': use line, grid or json",
                               value);
        break;
    case 'l':
        opt->job.limit = parse_count(value, MAX_LIMIT);
        if (opt->job.limit == 0)
            return usage_error(err, c, "invalid limit '%s': use 1 to %lu", value,
                               MAX_LIMIT);
        break;
    case OPTION_COLOR:
        if (strcmp(value, "auto") == 0)
            opt->color = COLOR_AUTO;
        else if (strcmp(value, "always") == 0)
            opt->color = COLOR_ALWAYS;
        else if (strcmp(value, "never") == 0)
            opt->color = COLOR_NEVER;
        else
            return usage_error(err, c, "unknown color '%s': use auto, always or never",
                               value);
        break;
    case OPTION_MAX_RATING:
        opt->job.limits.max_difficulty = parse_rating(value);
        if (opt->job.limits.max_difficulty <= 0)
            return usage_error(err, c, "invalid rating '%s': use 0.1 to 20.0", value);
        break;
    case 'j':
        opt->jobs = (int)parse_count(value, POOL_MAX_THREADS);
        if (opt->jobs == 0)
            return usage_error(err, c, "invalid number of jobs '%s': use 1 to %d",
                               value, POOL_MAX_THREADS);
        break;
    }
    return -1;
}

/* Applies a flag. Returns -1 to go on, or the status to exit with. */
static int apply_flag(options *opt, char name, FILE *out)
{
    output_options *output = &opt->job.output;

    switch (name) {
    case 'c':
        output->count = 1;
        break;
    case 'u':
        opt->job.unique = 1;
        break;
    case 's':
        output->stats = 1;
        break;
    case OPTION_HINT:
        output->hint = 1;
        break;
    case OPTION_CANDIDATES:
        output->candidates = 1;
        break;
    case OPTION_LINE_BUFFERED:
        opt->line_buffered = 1;
        break;
    case OPTION_GRIDS:
        opt->job.generate.grids = 1;
        break;
    case 'h':
        print_help(out, output->command);
        return 0;
    case 'V':
        fprintf(out, "sudoku %s\n", sudoku_version());
        return 0;
    }
    return -1;
}

static const option_spec *find_short(char name)
{
    for (size_t i = 0; i < sizeof option_specs / sizeof *option_specs; i++) {
        if (option_specs[i].name == name && name > ' ')
            return &option_specs[i];
    }
    return NULL;
}

/*
 * The options whose long name begins with name[0, length) and that the
 * commands in `among` take: the one whose name is exactly that, if any,
 * else every one that begins so, in table order, into found[]. Returns how
 * many it found.
 */
static size_t match_long(const char *name, size_t length, unsigned among,
                         const option_spec **found)
{
    size_t n = 0;

    for (size_t i = 0; i < sizeof option_specs / sizeof *option_specs; i++) {
        const option_spec *spec = &option_specs[i];

        if (!(spec->commands & among) || length == 0 ||
            strncmp(spec->long_name, name, length) != 0)
            continue;
        if (spec->long_name[length] == '\0') {
            found[0] = spec;
            return 1;
        }
        found[n++] = spec;
    }
    return n;
}

/*
 * The option "--name" (length bytes, before any '=') means: its whole long
 * name, or any prefix that only one of the command's options begins with,
 * as getopt_long() allows. Only the command's own options count, so that
 * an option of another command never makes a prefix ambiguous. Returns
 * NULL after reporting a prefix that begins several (*status is then set),
 * or when none matches; an option of another command is returned for
 * check_command() to refuse.
 */
static const option_spec *find_long(const options *opt, const char *name,
                                    size_t length, int *status, FILE *err)
{
    enum { SPECS = sizeof option_specs / sizeof *option_specs };
    const command c = opt->job.output.command;
    const option_spec *found[SPECS];
    size_t n = match_long(name, length, ONLY(c), found);
    char list[SPECS * 24] = "";

    if (n == 0)
        n = match_long(name, length, EVERY_COMMAND, found);
    if (n == 1)
        return found[0];
    if (n == 0 || !(found[0]->commands & ONLY(c)))
        return NULL; /* none, or only other commands' options: unknown */
    for (size_t i = 0; i < n; i++) {
        strcat(list, " '--");
        strcat(list, found[i]->long_name);
        strcat(list, "'");
    }
    *status = usage_error(err, c, "option '--%.*s' is ambiguous; possibilities:%s",
                          (int)length, name, list);
    return NULL;
}

/* Refuses an option that the command does not take. */
static int check_command(const options *opt, const option_spec *spec,
                         const char *as_given, FILE *err)
{
    const command c = opt->job.output.command;

    if (spec->commands & ONLY(c))
        return -1;
    return usage_error(err, c, "option '%s' is not for %s", as_given,
                       commands[c].name);
}

/* Parses "--name" or "--name=value"; *i moves past a separate value. */
static int parse_long(options *opt, int argc, char **argv, int *i, FILE *out,
                      FILE *err)
{
    const command c = opt->job.output.command;
    const char *name = argv[*i] + 2;
    const char *equals = strchr(name, '=');
    const size_t length = equals ? (size_t)(equals - name) : strlen(name);
    const char *value = equals ? equals + 1 : NULL;
    int status = -1;
    const option_spec *spec = find_long(opt, name, length, &status, err);

    if (status >= 0)
        return status;
    if (!spec)
        return usage_error(err, c, "unrecognized option '%s'", argv[*i]);
    if ((status = check_command(opt, spec, argv[*i], err)) >= 0)
        return status;
    if (!spec->takes_value) {
        if (value)
            return usage_error(err, c, "option '%s' takes no argument", argv[*i]);
        return apply_flag(opt, spec->name, out);
    }
    if (!value) {
        if (*i + 1 >= argc)
            return usage_error(err, c, "option '%s' requires an argument", argv[*i]);
        value = argv[++*i];
    }
    return apply_value(opt, spec->name, value, err);
}

/* Parses a group of short options such as "-cu" or "-l5". */
static int parse_short(options *opt, int argc, char **argv, int *i, FILE *out,
                       FILE *err)
{
    const command c = opt->job.output.command;

    for (const char *p = argv[*i] + 1; *p; p++) {
        const option_spec *spec = find_short(*p);
        const char letter[3] = {'-', *p, '\0'};
        int status;

        if (!spec)
            return usage_error(err, c, "invalid option -- '%s'", letter + 1);
        if ((status = check_command(opt, spec, letter, err)) >= 0)
            return status;
        if (spec->takes_value) {
            /* the value is the rest of the group, or the next argument */
            if (p[1] != '\0')
                return apply_value(opt, spec->name, p + 1, err);
            if (*i + 1 < argc)
                return apply_value(opt, spec->name, argv[++*i], err);
            return usage_error(err, c, "option requires an argument -- '%s'",
                               letter + 1);
        }
        status = apply_flag(opt, spec->name, out);
        if (status >= 0)
            return status;
    }
    return -1;
}

static int find_command(const char *name)
{
    for (int i = 0; i < COMMAND_COUNT; i++) {
        if (strcmp(commands[i].name, name) == 0)
            return i;
    }
    return -1;
}

/* `sudoku help [COMMAND]`: the help of a command, or of them all. */
static int help_command(int argc, char **argv, FILE *out, FILE *err)
{
    int c = COMMAND_SOLVE;

    if (argc > 3)
        return usage_error(err, COMMAND_SOLVE, "help takes one command at most");
    if (argc == 3 && (c = find_command(argv[2])) < 0)
        return usage_error(err, COMMAND_SOLVE, "unknown command '%s'", argv[2]);
    print_help(out, (command)c);
    return 0;
}

int options_parse(int argc, char **argv, options *opt, const char **operands,
                  int *operand_count, FILE *out, FILE *err)
{
    int only_operands = 0, first = 1;

    *opt = (options){.job = {.output = {.format = FORMAT_LINE},
                             .limit = DEFAULT_LIMIT,
                             .generate = {.count = 1}}};
    if (argc > 1 && strcmp(argv[1], "help") == 0)
        return help_command(argc, argv, out, err);
    if (argc > 1 && find_command(argv[1]) >= 0) {
        opt->job.output.command = (command)find_command(argv[1]);
        first = 2;
    }
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        int status = -1;

        if (only_operands || arg[0] != '-' || arg[1] == '\0')
            operands[(*operand_count)++] = argv[i];
        else if (strcmp(arg, "--") == 0)
            only_operands = 1;
        else if (arg[1] == '-')
            status = parse_long(opt, argc, argv, &i, out, err);
        else
            status = parse_short(opt, argc, argv, &i, out, err);
        if (status >= 0)
            return status;
    }
    if (opt->job.output.command == COMMAND_GENERATE)
        return check_generate(opt, operands, *operand_count, err);
    return -1;
}
