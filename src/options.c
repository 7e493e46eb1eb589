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
        "singles (1.2) to aligned pair exclusion (6.2), then aligned triplet\n"
        "exclusion (7.5). When they run out, the record says so, shows the\n"
        "candidates left, and gives the rest of the solution from the search.\n"
        "A puzzle must have exactly one solution.\n",
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
        "up to 7.5, extreme above. The ratings go up to 6.2: a puzzle that the\n"
        "techniques cannot finish, or finish only with aligned triplet exclusion\n"
        "(Sudoku Explainer tries chains before it, which they lack), is rated\n"
        "'>6.2', level expert (or harder). A puzzle must have exactly one\n"
        "solution.\n",
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

enum { OPTION_HINT = 1, OPTION_CANDIDATES }; /* long options alone */

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
     "            give only the first step\n"},
    {OPTION_CANDIDATES, 0, "candidates", ONLY(COMMAND_EXPLAIN),
     "      show the candidates before each step\n"},
    {'j', 1, "jobs", EVERY_COMMAND,
     " N      work on N threads, 1 to 64; by default 1 when\n"
     "                    standard output is a terminal or every argument is a\n"
     "                    puzzle, else one per online processor\n"},
    {'s', 0, "stats", EVERY_COMMAND,
     "       add the time (and for solve the guesses) to each record,\n"
     "                    and print a summary on standard error\n"},
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

static const char exit_text[] =
    "Why a puzzle failed goes to standard error as 'sudoku: FILE:LINE: reason'.\n"
    "\n"
    "Exit status:\n"
    "  0    every puzzle was solved (and unique, with -u)\n"
    "  1    some puzzle was invalid, unsolvable, or not unique where that\n"
    "       matters (solve -u, explain, grade)\n"
    "  2    a usage error, or a file that could not be read or written\n"
    "  141  the output was closed early (as in 'sudoku FILE | head -1'):\n"
    "       sudoku stopped at once, without a message\n"
    "  130  interrupted (SIGINT), 143 terminated (SIGTERM): the records\n"
    "       written so far are whole\n";

static void print_usage_line(FILE *f, command c)
{
    if (c == COMMAND_SOLVE)
        fputs("Usage: sudoku [COMMAND] [OPTIONS] [PUZZLE | FILE | -]...\n", f);
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
    fprintf(out, "\n%s", input_text);
    if (c != COMMAND_SOLVE)
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
    fprintf(out, "\n%s\n%s", commands[c].output, exit_text);
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

/*
 * Applies an option that takes a value; the callers only call it with one.
 * Returns -1 to go on, or the status to exit with.
 */
static int apply_value(options *opt, char name, const char *value, FILE *err)
{
    output_options *output = &opt->job.output;
    const command c = output->command;

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

static const option_spec *find_long(const char *name, size_t length)
{
    for (size_t i = 0; i < sizeof option_specs / sizeof *option_specs; i++) {
        const char *long_name = option_specs[i].long_name;

        if (strlen(long_name) == length && strncmp(long_name, name, length) == 0)
            return &option_specs[i];
    }
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
    const option_spec *spec = find_long(name, length);
    const char *value = equals ? equals + 1 : NULL;
    int status;

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
                             .limit = DEFAULT_LIMIT}};
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
    return -1;
}
