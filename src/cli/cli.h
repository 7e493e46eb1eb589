/*
 * cli.h - the `sudoku` command as a function, so tests can drive it.
 */
#ifndef SUDOKU_CLI_H
#define SUDOKU_CLI_H

#include <stdio.h>

/* The exit statuses besides 0, as `sudoku --help` lists them. */
enum {
    SUDOKU_CLI_EXIT_FAILED = 1,  /* a puzzle was invalid or not solved */
    SUDOKU_CLI_EXIT_TROUBLE = 2, /* usage, an input unread, output unwritten */
    SUDOKU_CLI_EXIT_MEMORY = 3,  /* memory ran out */
    /*
     * The output was closed early, as when a pipe's reader quits: what a
     * shell reports for a process ended by SIGPIPE (128 + 13), so that the
     * status is the same whether SIGPIPE ends the process or is ignored
     * and the write fails with EPIPE.
     */
    SUDOKU_CLI_EXIT_PIPE = 141,
    /*
     * Ended by a signal (see sudoku_cli_signal()): a shell reports 128 +
     * the signal's number, 130 for SIGINT and 143 for SIGTERM.
     */
    SUDOKU_CLI_EXIT_SIGNAL = 128
};

/*
 * Runs the command: argv holds the arguments as main() gets them, `in` is
 * what "-" and no operand read, and results and messages go to `out` and
 * `err`. Returns the exit status: 0, 1, 2, 3 or SUDOKU_CLI_EXIT_PIPE, as
 * `sudoku --help` describes. It never installs a signal handler itself.
 */
int sudoku_cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err);

/*
 * A signal handler for SIGINT and SIGTERM, for main() to install; it is
 * async-signal-safe. While the command waits for a line typed at a
 * terminal, with every answer written, it ends the process at once by the
 * signal. Otherwise the run, within a fiftieth of a second, writes the whole
 * records that are done, in order, flushes, and then ends the process by
 * the first signal, dropping the records still being solved: output is
 * never cut inside a record, and a second signal, as `timeout` sends, loses
 * nothing.
 */
void sudoku_cli_signal(int signo);

#endif /* SUDOKU_CLI_H */
