/*
 * cli.h - the `sudoku` command as a function, so tests can drive it.
 */
#ifndef SUDOKU_CLI_H
#define SUDOKU_CLI_H

#include <stdio.h>

/*
 * Runs the command: argv holds the arguments as main() gets them, `in` is
 * what "-" and no operand read, and results and messages go to `out` and
 * `err`. Returns the exit status: 0, 1 or 2, as `sudoku --help` describes.
 */
int sudoku_cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err);

#endif /* SUDOKU_CLI_H */
