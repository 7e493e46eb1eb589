/*
 * harness.h - what the tests of the command share: sudoku_cli_run() driven
 * with its streams in memory, the puzzles they use, and checks of what a
 * run left behind.
 *
 * Standard input, output and error are tmpfile() streams; after a run they
 * are read back whole and compared with the exact text expected. Input files
 * are written next to the test executable (found through argv[0]), named
 * after it, and removed afterwards, so a test never writes into the source
 * tree and test programs running side by side never share a file.
 */
#ifndef SUDOKU_TEST_HARNESS_H
#define SUDOKU_TEST_HARNESS_H

#include <stddef.h>
#include <stdio.h>

/* Puzzles, and their solutions, that the tests share (harness.c says what
   each is). */
extern const char wiki[];
extern const char wiki_solution[];
extern const char norvig[];
extern const char norvig_solution[];
extern const char qqwing[];
extern const char qqwing_solution[];
extern const char serg[];
extern const char unsolvable[];
extern const char conflict[];
extern const char usage_tail[];
extern const char wiki_grid[];


/* The directory of the test executable, with its final '/', or "". */
extern char work_dir[4096];

/* What a run left behind. */
typedef struct cli_result {
    int status;
    char *out, *err;
    size_t out_length, err_length;
} cli_result;

/* Finds where files go and what they are named, from argv[0]. */
void harness_init(int argc, char **argv);

void free_result(cli_result *res);

/* The whole of a stream, NUL-terminated (it may hold NULs of its own). */
char *slurp(FILE *f, size_t *length);

/*
 * Runs the command on the stream `in`, which it leaves open, with the
 * arguments in `args`, NULL-terminated, after "sudoku". `out` may be
 * given, else a tmpfile() is used and read back.
 */
void run_on(cli_result *res, FILE *in, FILE *out, const char *const *args);

/* The same with `input` (length bytes) on standard input. */
void run_with(cli_result *res, const char *input, size_t length,
                     FILE *out, const char *const *args);

/* run(&res, "stdin text", "arg", ..., NULL) */
void run(cli_result *res, const char *input, ...);

/* The same, with input that may hold NUL bytes. */
void run_bytes(cli_result *res, const char *input, size_t length, ...);

/* A file next to the test executable; returns its path in `path`. */
void make_file(char *path, size_t size, const char *name,
                      const char *text);

void expect_clean_success(const cli_result *res, const char *out);

/* Two runs that wrote the same bytes and ended the same way. */
void expect_same_run(const cli_result *a, const cli_result *b);

/* Whether `solution` is a full, valid grid that keeps the givens of `puzzle`. */
int solves(const char *puzzle, const char *solution);

/* "T" of a stats column: digits, '.', one digit, then `end`. */
const char *expect_micros(const char *text, const char *end);

/* A usage error: nothing on out, this message and the usage on err, 2. */
void expect_usage_error(const cli_result *res, const char *message);

/* The count in "SOLUTION N\n", after checking the solution. */
unsigned long counted(const cli_result *res, const char *puzzle);

#endif /* SUDOKU_TEST_HARNESS_H */
