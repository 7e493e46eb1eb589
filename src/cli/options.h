/*
 * options.h - the option engine: a command's options are a table, and
 * argv is read against it.
 *
 * Options and operands come in any order; short options group ("-cu")
 * and take attached values ("-l5"); long ones take "=value" or the next
 * argument, and may be shortened to any prefix that only one of the
 * command's options begins with, as getopt_long() allows; "--" ends the
 * options. An option of another command is refused as not for this one,
 * rather than as unknown.
 */
#ifndef SUDOKU_OPTIONS_H
#define SUDOKU_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum option_kind {
    OPTION_FLAG,    /* sets an int to 1 */
    OPTION_NUMBER,  /* a whole number from min to max, into a uint64_t */
    OPTION_WORD,    /* one of `words`, whose index goes into an int */
    OPTION_CUSTOM,  /* `parse` reads the value */
    OPTION_HELP,    /* print the help, and exit */
    OPTION_VERSION  /* print the version, and exit */
} option_kind;

typedef struct option_spec {
    char short_name;       /* or 0 for a long option alone */
    const char *long_name; /* NULL ends a table */
    const char *help;      /* its text in --help, after the names */
    option_kind kind;
    int shared;    /* it sets the shared_settings, not the command's own */
    size_t offset; /* where in them */
    const char *noun;          /* NUMBER and WORD: what the value is */
    uint64_t min, max;         /* NUMBER: its range */
    const char *note;          /* NUMBER: said after the range when out of it */
    const char *const *words;  /* WORD: the values, NULL-ended */
    /* CUSTOM: reads `value` into `target`; returns 0, or -1 with `why`. */
    int (*parse)(void *target, const char *value, char *why, size_t size);
} option_spec;

/* --color: whether grids are coloured. */
enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

/* What the options that every command shares set. */
typedef struct shared_settings {
    int format;        /* an output_format */
    int color;         /* COLOR_AUTO, COLOR_ALWAYS or COLOR_NEVER */
    int line_buffered; /* read a line at a time, flush each record */
    int stats;         /* -s */
    uint64_t jobs;     /* threads, or 0 when -j was not given */
} shared_settings;

/* The most threads a run may ask for (-j). */
#define JOBS_MAX 64

extern const char *const format_words[], *const format_html_words[],
    *const color_words[];

/* The shared options, for a command's table to list where it wants them. */
#define OPTION_FORMAT_WITH(text, values)                                       \
    {.short_name = 'f', .long_name = "format", .help = text,                   \
     .kind = OPTION_WORD, .shared = 1,                                         \
     .offset = offsetof(shared_settings, format), .noun = "format",            \
     .words = values}
#define OPTION_FORMAT                                                          \
    OPTION_FORMAT_WITH(" FMT  output format: line (the default), grid or json\n", \
                       format_words)
/* -f for a command that also writes HTML. */
#define OPTION_FORMAT_HTML                                                     \
    OPTION_FORMAT_WITH(                                                        \
        " FMT  output format: line (the default), grid, json or html\n",       \
        format_html_words)
#define OPTION_COLOR                                                           \
    {.long_name = "color",                                                     \
     .help = " WHEN  in grid format, colour the givens and the solved\n"       \
             "                    cells apart: auto (the default: when standard output\n" \
             "                    is a terminal and NO_COLOR is not set), always or never\n", \
     .kind = OPTION_WORD, .shared = 1,                                         \
     .offset = offsetof(shared_settings, color), .noun = "color",              \
     .words = color_words}
#define OPTION_LINE_BUFFERED_WITH(text)                                        \
    {.long_name = "line-buffered", .help = text, .kind = OPTION_FLAG,          \
     .shared = 1, .offset = offsetof(shared_settings, line_buffered)}
#define OPTION_LINE_BUFFERED                                                   \
    OPTION_LINE_BUFFERED_WITH(                                                 \
        "\n                    read a line at a time and write each record at once,\n" \
        "                    for a program that writes a puzzle and waits for the\n" \
        "                    answer\n")
#define OPTION_JOBS_WITH(text)                                                 \
    {.short_name = 'j', .long_name = "jobs", .help = text,                     \
     .kind = OPTION_NUMBER, .shared = 1,                                       \
     .offset = offsetof(shared_settings, jobs), .noun = "number of jobs",      \
     .min = 1, .max = JOBS_MAX}
#define OPTION_JOBS                                                            \
    OPTION_JOBS_WITH(                                                          \
        " N      work on N threads, 1 to 64; by default 1 when\n"              \
        "                    standard output is a terminal or every argument is a\n" \
        "                    puzzle, else one per online processor\n")
#define OPTION_STATS                                                           \
    {.short_name = 's', .long_name = "stats",                                  \
     .help = "       add the time (and for solve the guesses, for generate the\n" \
             "                    attempts) to each record, and print a summary on\n" \
             "                    standard error\n",                            \
     .kind = OPTION_FLAG, .shared = 1,                                         \
     .offset = offsetof(shared_settings, stats)}
#define OPTION_HELP_AND_VERSION                                                \
    {.short_name = 'h', .long_name = "help",                                   \
     .help = "        print this help and exit\n", .kind = OPTION_HELP},        \
    {.short_name = 'V', .long_name = "version",                                \
     .help = "     print the version and exit\n", .kind = OPTION_VERSION}
#define OPTION_END {.long_name = NULL}
/* An option of the command's own whose value `parser` reads into `field`
   of its settings, of type `type`. */
#define OPTION_PARSED(name, type, field, parser, text)                         \
    {.long_name = (name), .help = (text), .kind = OPTION_CUSTOM,               \
     .offset = offsetof(type, field), .parse = (parser)}
/* What every command's table ends with, after its own -j. */
#define OPTION_TAIL OPTION_STATS, OPTION_HELP_AND_VERSION, OPTION_END

typedef enum options_result {
    OPTIONS_RUN,     /* go on with the run */
    OPTIONS_HELP,    /* -h was given */
    OPTIONS_VERSION, /* -V was given */
    OPTIONS_ERROR    /* a usage error, worded in `message` */
} options_result;

typedef struct option_parse {
    const option_spec *options;       /* the command's table */
    const option_spec *const *others; /* every command's, NULL-ended */
    const char *command_name;         /* for "option '-x' is not for NAME" */
    void *settings;                   /* the command's own */
    shared_settings *shared;
    const char **operands; /* room for argc of them, in order */
    int operand_count;
    unsigned long long given; /* bit i: options[i] was given */
    char message[512];
} option_parse;

/*
 * Reads argv[first] to argv[argc - 1] against p->options, setting what
 * they say and gathering the operands. Stops at the first usage error, or
 * at -h or -V.
 */
options_result options_parse(option_parse *p, int argc, char **argv, int first);

/* Whether the option of the table `options` named `long_name` was given,
   by the bits of option_parse's `given`. */
int option_given(const option_spec *options, unsigned long long given,
                 const char *long_name);

/* Writes the lines of --help that list a table's options. */
void options_help(FILE *out, const option_spec *options);

/*
 * A rating on SE's scale, "3" or "3.4", in tenths, at the start of text;
 * returns where it ends, or NULL when there is none.
 */
const char *parse_tenths(const char *text, int *tenths);

#endif /* SUDOKU_OPTIONS_H */
