/*
 * options.c - the command's options, --help and --version.
 *
 * The parsing is done here rather than with getopt(), which standard C
 * lacks: options and operands may come in any order, short options group
 * and take attached values, long ones take "=value" or the next argument,
 * and "--" ends the options.
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

static const char usage_line[] =
    "Usage: sudoku [OPTIONS] [PUZZLE | FILE | -]...\n";

static const char help_text[] =
    "Solve Sudoku puzzles given as arguments, in files or on standard input.\n"
    "\n"
    "An argument of exactly 81 cell characters is a puzzle; any other argument\n"
    "is a file to read, and '-' or no argument at all reads standard input.\n"
    "An argument that names no file but reads as a puzzle line, with 72 to 90\n"
    "cells of which at least 17 are digits, is taken for a puzzle, and its\n"
    "mistakes are reported as for any puzzle.\n"
    "Cells are the digits 1-9 for givens and '.', '0', '_' or '*' for blanks.\n"
    "Input holds one puzzle per line of 81 cells, or per block of 9 lines of 9\n"
    "cells. Spaces, tabs and the characters '|', '+' and '-' are separators,\n"
    "and are ignored; empty lines and lines that start with '#' are skipped.\n"
    "\n"
    "Options:\n"
    "  -f, --format FMT  output format: line (the default), grid or json\n"
    "  -c, --count       count the solutions of each puzzle, up to the limit\n"
    "  -l, --limit N     with --count, stop at N solutions: 1 to 4294967295,\n"
    "                    1000 by default; a count equal to N means N or more\n"
    "  -u, --unique      a puzzle with more than one solution is a failure;\n"
    "                    it raises the limit to 2 if it is lower\n"
    "  -j, --jobs N      solve on N threads, 1 to 64; by default 1 when\n"
    "                    standard output is a terminal or every argument is a\n"
    "                    puzzle, else one per online processor\n"
    "  -s, --stats       add guesses and solve time to each record, and print a\n"
    "                    summary on standard error\n"
    "  -h, --help        print this help and exit\n"
    "  -V, --version     print the version and exit\n"
    "\n"
    "Every puzzle read gives one record, in input order, failures included,\n"
    "whatever the number of threads:\n"
    "  line  the 81-digit solution, or the word unsolvable or not-unique;\n"
    "        then the count (with -c), then the guesses and the microseconds\n"
    "        (with -s), separated by spaces; or the word invalid alone\n"
    "  grid  the solution as a 9x9 grid, or the word; then 'solutions: N' and\n"
    "        'guesses: N, time: T us' lines as asked; then an empty line\n"
    "  json  one JSON object per line, with the keys source, line, puzzle,\n"
    "        status, error, solution, count, guesses and time_us\n"
    "Why a puzzle failed goes to standard error as 'sudoku: FILE:LINE: reason'.\n"
    "\n"
    "Exit status:\n"
    "  0    every puzzle was solved (and unique, with -u)\n"
    "  1    some puzzle was invalid, unsolvable, or not unique with -u\n"
    "  2    a usage error, or a file that could not be read or written\n"
    "  141  the output was closed early (as in 'sudoku FILE | head -1'):\n"
    "       sudoku stopped at once, without a message\n";

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static int usage_error(FILE *err, const char *format, ...)
{
    va_list args;

    fputs("sudoku: ", err);
    va_start(args, format);
    vfprintf(err, format, args);
    va_end(args);
    fprintf(err, "\n%sTry 'sudoku --help' for more information.\n", usage_line);
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
    output_options *output = &opt->solve.output;

    switch (name) {
    case 'f':
        if (strcmp(value, "line") == 0)
            output->format = FORMAT_LINE;
        else if (strcmp(value, "grid") == 0)
            output->format = FORMAT_GRID;
        else if (strcmp(value, "json") == 0)
            output->format = FORMAT_JSON;
        else
            return usage_error(err, "unknown format '%s': use line, grid or json",
                               value);
        break;
    case 'l':
        opt->solve.limit = parse_count(value, MAX_LIMIT);
        if (opt->solve.limit == 0)
            return usage_error(err, "invalid limit '%s': use 1 to %lu", value,
                               MAX_LIMIT);
        break;
    case 'j':
        opt->jobs = (int)parse_count(value, POOL_MAX_THREADS);
        if (opt->jobs == 0)
            return usage_error(err, "invalid number of jobs '%s': use 1 to %d",
                               value, POOL_MAX_THREADS);
        break;
    }
    return -1;
}

/* Applies a flag. Returns -1 to go on, or the status to exit with. */
static int apply_flag(options *opt, char name, FILE *out)
{
    output_options *output = &opt->solve.output;

    switch (name) {
    case 'c':
        output->count = 1;
        break;
    case 'u':
        opt->solve.unique = 1;
        break;
    case 's':
        output->stats = 1;
        break;
    case 'h':
        fprintf(out, "%s%s", usage_line, help_text);
        return 0;
    case 'V':
        fprintf(out, "sudoku %s\n", sudoku_version());
        return 0;
    }
    return -1;
}

typedef struct option_spec {
    char name;
    int takes_value;
    const char *long_name;
} option_spec;

static const option_spec option_specs[] = {
    {'f', 1, "format"}, {'c', 0, "count"}, {'l', 1, "limit"},
    {'u', 0, "unique"}, {'j', 1, "jobs"},  {'s', 0, "stats"},
    {'h', 0, "help"},   {'V', 0, "version"},
};

static const option_spec *find_short(char name)
{
    for (size_t i = 0; i < sizeof option_specs / sizeof *option_specs; i++) {
        if (option_specs[i].name == name)
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

/* Parses "--name" or "--name=value"; *i moves past a separate value. */
static int parse_long(options *opt, int argc, char **argv, int *i, FILE *out,
                      FILE *err)
{
    const char *name = argv[*i] + 2;
    const char *equals = strchr(name, '=');
    const size_t length = equals ? (size_t)(equals - name) : strlen(name);
    const option_spec *spec = find_long(name, length);
    const char *value = equals ? equals + 1 : NULL;

    if (!spec)
        return usage_error(err, "unrecognized option '%s'", argv[*i]);
    if (!spec->takes_value) {
        if (value)
            return usage_error(err, "option '%s' takes no argument", argv[*i]);
        return apply_flag(opt, spec->name, out);
    }
    if (!value) {
        if (*i + 1 >= argc)
            return usage_error(err, "option '%s' requires an argument", argv[*i]);
        value = argv[++*i];
    }
    return apply_value(opt, spec->name, value, err);
}

/* Parses a group of short options such as "-cu" or "-l5". */
static int parse_short(options *opt, int argc, char **argv, int *i, FILE *out,
                       FILE *err)
{
    for (const char *p = argv[*i] + 1; *p; p++) {
        const option_spec *spec = find_short(*p);
        const char letter[2] = {*p, '\0'};
        int status;

        if (!spec)
            return usage_error(err, "invalid option -- '%s'", letter);
        if (spec->takes_value) {
            /* the value is the rest of the group, or the next argument */
            if (p[1] != '\0')
                return apply_value(opt, spec->name, p + 1, err);
            if (*i + 1 < argc)
                return apply_value(opt, spec->name, argv[++*i], err);
            return usage_error(err, "option requires an argument -- '%s'", letter);
        }
        status = apply_flag(opt, spec->name, out);
        if (status >= 0)
            return status;
    }
    return -1;
}

int options_parse(int argc, char **argv, options *opt, const char **operands,
                  int *operand_count, FILE *out, FILE *err)
{
    int only_operands = 0;

    *opt = (options){.solve = {.output = {.format = FORMAT_LINE},
                               .limit = DEFAULT_LIMIT}};

    for (int i = 1; i < argc; i++) {
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
