/*
 * cli.h - the `sudoku` command as a function, so tests can drive it.
 */
#ifndef SUDOKU_CLI_H
#define SUDOKU_CLI_H

#include <stdio.h>

/*
 * The status when the output was closed early, as when a pipe's reader
 * quits: what a shell reports for a process ended by SIGPIPE (128 + 13),
 * so that the status is the same whether SIGPIPE ends the process or is
 * ignored and the write fails with EPIPE.
 */
#define SUDOKU_CLI_EXIT_PIPE 141

/*
 * Runs the command: argv holds the arguments as main() gets them, `in` is
 * what "-" and no operand read, and results and messages go to `out` and
 * `err`. Returns the exit status: 0, 1, 2 or SUDOKU_CLI_EXIT_PIPE, as
 * `sudoku --help` describes. It never touches signals.
 */
int sudoku_cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err);

#endif /* SUDOKU_CLI_H */
