/*
 * driver.c - the `sudoku` command: the table of commands, their help, and
 * a run set up from the arguments.
 *
 * The driver finds the command in the table, reads its options with the
 * option engine, and hands the run to a session (session.c), which feeds
 * the command's records or items through the pool to the writer. It never
 * asks which command it runs: what a command is and does is all in its
 * entry (command.h).
 */
#include "cli.h"
#include "clock.h"
#include "session.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The commands; the first is the default, as in `sudoku PUZZLE`. */
static const command *const commands[] = {
    &command_solve, &command_explain, &command_grade, &command_canon,
    &command_generate,
};

/* An array of pointers, counted by a pointer's size. */
enum { COMMAND_COUNT = sizeof commands / sizeof *commands }; /* NOLINT(bugprone-sizeof-expression) */

static const char input_text[] =
    "An argument of exactly 81 cell characters is a puzzle; any other argument\n"
    "is a file to read, and '-' or no argument at all reads standard input.\n"
    "An argument that names no file but reads as a puzzle line, with 72 to 90\n"
    "cells of which at least 17 are digits, is taken for a puzzle, and its\n"
    "mistakes are reported as for any puzzle.\n"
    "Cells are the digits 1-9 for givens and '.', '0', '_' or '*' for blanks.\n"
    "Input holds one puzzle per line of 81 cells, or per block of 9 lines of 9\n"
    "cells. Spaces, tabs, the characters '|', '+' and '-' and box drawing are\n"
    "separators, and are ignored; so are the lines of a frame, as HoDoKu\n"
    "('.---.', ':---+---:', \"'---'\") and Sudoku Explainer ('*-----*') draw\n"
    "them; empty lines and lines that start with '#' are skipped. A space, tab,\n"
    "comma or ';' after a line of 81 cells starts its note (JSON's \"note\"),\n"
    "as in 'PUZZLE 7.1/1.2/1.2', 'PUZZLE;name' and QQWing's CSV. UTF-8, with or\n"
    "without a byte-order mark, and UTF-16 are read.\n";

static const char marks_text[] =
    "explain and grade also read a line of 729 pencil marks: for each cell,\n"
    "nine characters, the digit d in place d when it is a candidate and '.' or\n"
    "'0' when it is not; a cell with one candidate is a given. They read the\n"
    "same marks as nine rows of nine runs of digits, one run a cell, as\n"
    "'explain --candidates' draws them and HoDoKu prints them, frame and all.\n";

static const char failure_text[] =
    "Why a puzzle failed goes to standard error as 'sudoku: FILE:LINE: reason'.\n";

/* The exit statuses every command shares, after its own. */
static const char exit_text[] =
    "  141  the output was closed early (as in 'sudoku FILE | head -1'):\n"
    "       sudoku stopped at once, without a message\n"
    "  130  interrupted (SIGINT), 143 terminated (SIGTERM): every record\n"
    "       finished before is written, whole\n";

static const command *find_command(const char *name)
{
    for (int i = 0; i < COMMAND_COUNT; i++) {
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    }
    return NULL;
}

/*
 * The help of command c; `general`, of the program as a whole, with the
 * list of commands (c is then the default one).
 */
static void print_help(FILE *out, const command *c, int general)
{
    static const char any_command[] = "[COMMAND] ";
    help_text usage = help_section(c, "usage");
    const help_text about = help_section(c, "about"), records = help_section(c, "records"),
                    failures = help_section(c, "failures"), exits = help_section(c, "exit");
    const size_t n = sizeof any_command - 1;

    if (!general && (size_t)usage.length > n && strncmp(usage.text, any_command, n) == 0) {
        fprintf(out, "Usage: sudoku %s ", c->name); /* this command, not any */
        usage.text += n;
        usage.length -= (int)n;
    } else {
        fputs("Usage: sudoku ", out);
    }
    fprintf(out, "%.*s\n%.*s\n", usage.length, usage.text, about.length, about.text);
    if (general) {
        fputs("\nCommands:\n", out);
        for (int i = 0; i < COMMAND_COUNT; i++) {
            const help_text brief = help_section(commands[i], "brief");

            fprintf(out, "  %-9s %.*s\n", commands[i]->name, brief.length, brief.text);
        }
        fputs("  help      print the help of a command: sudoku help COMMAND\n", out);
    }
    if (!c->make)
        fprintf(out, "\n%s", input_text);
    if (c->reads_marks)
        fputs(marks_text, out);
    fputs("\nOptions:\n", out);
    options_help(out, c->options);
    fprintf(out, "\n%.*s\n\n", records.length, records.text);
    if (failures.text)
        fprintf(out, "%.*s\n", failures.length, failures.text);
    else
        fputs(failure_text, out);
    fprintf(out, "\nExit status:\n%.*s\n%s", exits.length, exits.text, exit_text);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static int usage_error(FILE *err, const command *c, const char *format, ...)
{
    help_text usage;
    va_list args;

    fputs("sudoku: ", err);
    va_start(args, format);
    vfprintf(err, format, args);
    va_end(args);
    usage = help_section(c, "usage");
    fprintf(err, "\nUsage: sudoku %.*s\n", usage.length, usage.text);
    if (c == commands[0])
        fputs("Try 'sudoku --help' for more information.\n", err);
    else
        fprintf(err, "Try 'sudoku help %s' for more information.\n", c->name);
    return SUDOKU_CLI_EXIT_TROUBLE;
}

/* `sudoku help [COMMAND]`: the help of a command, or of them all. */
static int help_command(int argc, char **argv, FILE *out, FILE *err)
{
    const command *c = commands[0];

    if (argc > 3)
        return usage_error(err, c, "help takes one command at most");
    if (argc == 3 && !(c = find_command(argv[2])))
        return usage_error(err, commands[0], "unknown command '%s'", argv[2]);
    print_help(out, c, argc == 2);
    return 0;
}

/*
 * The command that `sudoku --help NAME` asks about: the first argument
 * that names one, or NULL.
 */
static const command *named_command(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const command *c = find_command(argv[i]);

        if (c)
            return c;
    }
    return NULL;
}

/*
 * Whether grids get colour: as --color says, and by default only on a
 * terminal, unless NO_COLOR is set to anything but "" or TERM is "dumb".
 * Line and JSON format never have colour.
 */
static int use_color(const session *s)
{
    const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");

    if (s->shared.format != FORMAT_GRID || s->shared.color == COLOR_NEVER)
        return 0;
    if (s->shared.color == COLOR_ALWAYS)
        return 1;
    if ((no_color && *no_color) || (term && strcmp(term, "dumb") == 0))
        return 0;
    return stream_is_terminal(s->out);
}

/*
 * Reads the command's options into `settings` and s->shared, and the
 * operands into `operands`. Returns -1 to go on, or the status to exit
 * with after --help, --version or a usage error.
 */
static int read_options(session *s, void *settings, int argc, char **argv,
                        int first, const char **operands, int *operand_count)
{
    const command *c = s->command, *named;
    const option_spec *tables[COMMAND_COUNT + 1] = {NULL};
    option_parse p = {.options = c->options, .others = tables,
                      .command_name = c->name, .settings = settings,
                      .shared = &s->shared, .operands = operands};

    for (int i = 0; i < COMMAND_COUNT; i++)
        tables[i] = commands[i]->options;
    switch (options_parse(&p, argc, argv, first)) {
    case OPTIONS_HELP:
        errno = 0; /* session_flush() reports why a write of it failed */
        named = first == 1 ? named_command(argc, argv) : c;
        print_help(s->out, named ? named : commands[0], !named); /* none: the general help */
        return 0;
    case OPTIONS_VERSION:
        fprintf(s->out, "sudoku %s\n", sudoku_version());
        return 0;
    case OPTIONS_ERROR:
        return usage_error(s->err, c, "%s", p.message);
    case OPTIONS_RUN:
        break;
    }
    *operand_count = p.operand_count;
    if (c->prepare && c->prepare(settings, p.given, p.operand_count, operands,
                                 p.message, sizeof p.message) != 0)
        return usage_error(s->err, c, "%s", p.message);
    return -1;
}

/* Runs the command on its operands, with -s's summary at the end. */
static void run_command(session *s, const char **operands, int count)
{
    const double start = clock_micros();
    const int jobs = s->shared.jobs ? (int)s->shared.jobs
                                    : session_default_jobs(s, operands, count);

    s->work.job.format = (output_format)s->shared.format;
    s->work.job.stats = s->shared.stats;
    s->work.job.color = use_color(s);
    s->reader = malloc(sizeof *s->reader);
    s->jobs = jobs;
    s->pool = pool_create(jobs, worker_run_batch, &s->work);
    if (s->reader && s->pool) {
        session_run(s, operands, count);
        if (s->shared.stats && !s->stopped) {
            const tally t = {s->items, s->done, clock_micros() - start};

            if (s->command->summary)
                s->command->summary(s->work.job.settings, s->err, &t);
            else
                summary_write(s->err, "puzzle", "solved", &t);
            fputc('\n', s->err);
        }
    } else {
        s->status = report_no_memory(s->err);
    }
    pool_destroy(s->pool);
    free(s->reader);
}

int sudoku_cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err)
{
    session s = {.in = in, .out = out, .err = err, .command = commands[0]};
    const command *named;
    const char **operands;
    void *settings;
    int operand_count = 0, first = 1, status;

    if (argc > 1 && strcmp(argv[1], "help") == 0) {
        errno = 0; /* session_flush() reports why a write of it failed */
        s.status = help_command(argc, argv, out, err);
        session_flush(&s);
        return s.status;
    }
    if (argc > 1 && (named = find_command(argv[1])) != NULL) {
        s.command = named;
        first = 2;
    }
    operands = calloc(argc > 0 ? (size_t)argc : 1, sizeof *operands);
    /* room for a command without settings of its own, too */
    settings = calloc(1, s.command->settings_size + 1);
    if (!operands || !settings) {
        free(operands);
        free(settings);
        return report_no_memory(err);
    }
    if (s.command->defaults)
        s.command->defaults(settings);
    s.work.command = s.command;
    s.work.job.settings = settings;
    status = read_options(&s, settings, argc, argv, first, operands, &operand_count);
    if (status < 0) {
        run_command(&s, operands, operand_count);
        status = s.status;
    } else { /* after --help, --version or a usage error */
        s.status = status;
        session_flush(&s);
        status = s.status;
    }
    free(operands);
    if (s.command->release)
        s.command->release(settings);
    free(settings);
    return status;
}
