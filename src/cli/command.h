/*
 * command.h - what a command of `sudoku` is, for the driver that runs it.
 *
 * Every command runs on the same pipe. The driver reads the options with
 * the command's own table, then either reads records from the operands
 * (`run` is called on each) or makes items 0 to N-1 (`make` is called on
 * each); a pool of workers calls these, and the driver writes the records
 * they format, strictly in input order:
 *
 *     args / files / stdin  --reader-->  records  --pool-->  command->run
 *     or items 0 .. N-1                            --pool-->  command->make
 *        --> the record's text, in the chosen format --> the writer
 *
 * How to add a command:
 *
 *   1. Write src/cli/commands/NAME.c. It defines `const command
 *      command_NAME`: its name (COMMAND_NAMED), its options (a table of
 *      option_spec, the shared ones by the OPTION_* macros of options.h),
 *      its settings and their defaults, and `run` (or `make`), which does
 *      the work on one record and writes its output record in each format
 *      with the pieces of text.h.
 *   2. Write its help, src/cli/commands/NAME.txt (see `help` below).
 *   3. Declare both below, and add a row to the table in driver.c.
 *   4. Add them to src/cli/CMakeLists.txt, and the command to the
 *      completions in src/dist/completions/, the man page, the README and
 *      src/cli/README.md.
 *
 * Nothing outside the command's own file and the table knows the command.
 */
#ifndef SUDOKU_COMMAND_H
#define SUDOKU_COMMAND_H

#include "options.h"
#include "reader.h"
#include "text.h"
#include "sudoku.h"

#include <stdint.h>
#include <stdio.h>

/* What became of one record or item; the writer keeps the counts. */
typedef enum outcome {
    OUTCOME_SOLVED,
    OUTCOME_INVALID,
    OUTCOME_UNSOLVABLE,
    OUTCOME_NOT_UNIQUE,
    OUTCOME_NOT_FOUND /* no item met the conditions */
} outcome;

/* The word that names an outcome in every format: "solved", "invalid", ... */
const char *outcome_name(outcome o);

/*
 * A count of solutions judged: solved, unsolvable (none), or, when
 * `unique`, not unique (several); a failure's reason goes to `message`.
 */
outcome judge_count(unsigned long count, int unique, char *message, size_t size);

/* FORMAT_HTML is for the commands whose table lists OPTION_FORMAT_HTML. */
typedef enum output_format {
    FORMAT_LINE,
    FORMAT_GRID,
    FORMAT_JSON,
    FORMAT_HTML
} output_format;

/* What every record of a run is worked with; read-only while it runs. */
typedef struct job {
    output_format format;
    int stats;            /* -s: times (and counts) in each record */
    int color;            /* grid format: givens and found cells apart */
    const void *settings; /* the command's own, as its options left them */
} job;

/*
 * A record, read as a puzzle: its grid, or why it is not one. The text is
 * kept as read, so that a record can show the puzzle it answers.
 */
typedef struct puzzle_input {
    /* the record: its cells at most 81, or 729 for pencil marks */
    record_ref ref;
    int valid;              /* the cells make a grid (and marks) */
    sudoku_grid puzzle;
    const unsigned short *marks; /* a line of pencil marks, or NULL */
    double start;           /* with -s, when the work on it began */
    int threads;            /* the threads its work may use, 1 at least */
    /* Why the record failed, for standard error: the command fills it in
       for a failure of its own, and may point error_line elsewhere. */
    unsigned long error_line;
    char message[96];
    /* Where the record keeps text for the end of the output (see `end`). */
    text_buffer *kept;
} puzzle_input;

/* What the -s summary counts. */
typedef struct tally {
    unsigned long items, done; /* records written, and those that succeeded */
    double micros;             /* since the run started */
} tally;

/*
 * Writes "sudoku: N NOUNs, N DONE, N failed, R NOUNs/s", without an end of
 * line, for a command's summary to go on from.
 */
void summary_write(FILE *err, const char *noun, const char *done, const tally *t);

/* Where a document's `end` is called: see there. */
typedef enum end_part { END_RECORDS, END_OUTPUT } end_part;

/*
 * The frame of a format whose output is one document rather than a
 * stream of records (an HTML page): what the output opens and closes
 * with. The session calls `begin` before the first record, even when
 * none follows, and `end` twice: with END_RECORDS after the last record,
 * and with END_OUTPUT after the text the records kept for the end (a
 * sheet's answers), which it writes in between, in input order; `kept` is
 * how many records kept any. Memory holds the kept text up to
 * SPOOL_MEMORY bytes, a temporary file the rest. Both run on the writer's
 * thread and append to `out`, nothing for a format that needs nothing.
 * They return 0, or -1 when memory ran out.
 */
typedef struct document {
    int (*begin)(const job *j, text_buffer *out);
    int (*end)(const job *j, end_part part, uint64_t kept, text_buffer *out);
} document;

typedef struct command {
    const char *name;
    /*
     * Its help: the text of src/cli/commands/NAME.txt, which the build
     * makes a string. Each section opens with a line that starts with
     * '@' and its name: brief (its line in the list of commands) and
     * usage (what follows "sudoku NAME" on the usage line) hold the rest
     * of that line; about (what it does, atop its help), records (what
     * each of its records holds, in each format), failures (where a
     * failure is told; if there is none, the words that fit a command
     * reading puzzles) and exit (its exit statuses 0, 1 and 2; the rest
     * are every command's) hold the lines after it, up to the next
     * section. help_section() reads them.
     */
    const char *help;
    const option_spec *options; /* its options, in the order --help lists */
    /* Records may also be lines of 729 pencil marks. */
    int reads_marks;

    /* Its own settings: their size, and their defaults (COMMAND_SETTINGS). */
    size_t settings_size;
    void (*defaults)(void *settings);
    /* Optional: frees what its options allocated, once the run is over or
       a usage error ended it. */
    void (*release)(void *settings);
    /*
     * Once the options are read: what they say together, and anything the
     * run needs before it starts. `given` tells which of `options` were
     * given (bit i for options[i]). Returns 0 to go on, or -1 after a usage
     * error, which it words in `why` (`size` bytes).
     */
    int (*prepare)(void *settings, unsigned long long given, int operand_count,
                   const char *const *operands, char *why, size_t size);

    /*
     * A command that reads records: works on one, appends its output
     * record to `out`, and sets *result to what became of it; for a
     * failure it fills in in->message. Returns 0, or -1 when memory ran
     * out.
     */
    int (*run)(const job *j, puzzle_input *in, text_buffer *out, outcome *result);

    /*
     * A command that makes items instead: how many, and item `index`: its
     * output record appended to `out`, what became of it in *result and,
     * for a failure, its message appended to `err`; what it keeps for the
     * end of the output goes to `kept`, as in->kept for `run`. Returns 0,
     * or -1 when memory ran out.
     */
    uint64_t (*items)(const void *settings);
    int (*make)(const job *j, uint64_t index, text_buffer *out, text_buffer *err,
                text_buffer *kept, outcome *result);

    /* Optional: the frame of its HTML, when that is one document. */
    const document *document;

    /*
     * The line -s ends the run with, on standard error; NULL for the one
     * that counts puzzles solved (summary_write()).
     */
    void (*summary)(const void *settings, FILE *err, const tally *t);
} command;

/* The command NAME, whose help is src/cli/commands/NAME.txt. */
#define COMMAND_NAMED(id) .name = #id, .help = help_##id

/* A command's settings of type `type`, which `init` (or NULL: all zero) sets
   to their defaults. */
#define COMMAND_SETTINGS(type, init)                                           \
    .settings_size = sizeof(type), .defaults = (init)

/* A section of a help text: where it starts, and its length without its
   last end of line; NULL and 0 when the help has no such section. */
typedef struct help_text {
    const char *text;
    int length;
} help_text;

help_text help_section(const command *c, const char *section);

/* The frame of a sheet of puzzles to print (html.h), the answers after
   them. */
extern const document puzzle_sheet;

/* The commands, in src/cli/commands/, and their help. */
extern const command command_solve, command_explain, command_grade,
    command_canon, command_generate;
extern const char help_solve[], help_explain[], help_grade[], help_canon[],
    help_generate[];

#endif /* SUDOKU_COMMAND_H */
