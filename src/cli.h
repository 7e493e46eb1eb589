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
    /*
     * The output was closed early, as when a pipe's reader quits: what a
     * shell reports for a process ended by SIGPIPE (128 + 13), so that the
     * status is the same whether SIGPIPE ends the process or is ignored
     * and the write fails with EPIPE.
     */
    SUDOKU_CLI_EXIT_PIPE = 141
};

/*
 * Runs the command: argv holds the arguments as main() gets them, `in` is
 * what "-" and no operand read, and results and messages go to `out` and
 * `err`. Returns the exit status: 0, 1, 2 or SUDOKU_CLI_EXIT_PIPE, as
 * `sudoku --help` describes. It never touches signals.
 */
int sudoku_cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err);

#endif /* SUDOKU_CLI_H */
