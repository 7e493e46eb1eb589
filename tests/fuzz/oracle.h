/*
 * oracle.h - what the fuzz harnesses judge the library by.
 *
 * The rules of the game are written here again, on purpose, in the plainest
 * way that works: the library must not be its own judge. Nothing here is
 * fast, and nothing here needs to be.
 */
#ifndef SUDOKU_FUZZ_ORACLE_H
#define SUDOKU_FUZZ_ORACLE_H

#include "sudoku.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* The entry point libFuzzer calls, and that replay.c calls without it. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Stops the run with a message when a property fails. abort() is what
 * libFuzzer and the sanitizers report as a crash, with the input saved.
 */
#define REQUIRE(cond)                                                          \
    do {                                                                       \
        if (!(cond)) {                                                         \
            oracle_report(__FILE__, __LINE__, #cond);                          \
            abort();                                                           \
        }                                                                      \
    } while (0)

/* Says on stderr which property failed, and where. */
void oracle_report(const char *file, int line, const char *what);

/* Whether cells a and b (0-80) share a row, a column or a box. */
int oracle_same_unit(int a, int b);

/*
 * The first cell, in row-major order, that makes the grid invalid: a value
 * above 9, or a digit that an earlier cell of one of its units holds.
 * Returns -1 when the grid is valid.
 */
int oracle_first_problem(const sudoku_grid *grid);

/*
 * True when `solution` is complete, every row, column and box holds each
 * digit once, and every given of `puzzle` is kept.
 */
int oracle_solves(const sudoku_grid *puzzle, const sudoku_grid *solution);

/*
 * The grid that input bytes spell, as the harnesses read them: byte i
 * (0-80) is cell i, a digit '1'-'9' for a given, a byte of 0xF0 or more
 * for that value itself (outside 0-9), anything else a blank; missing
 * bytes are blanks.
 */
sudoku_grid oracle_grid_of(const uint8_t *data, size_t size);

/* The number of blank cells. */
int oracle_blanks(const sudoku_grid *grid);

/*
 * Counts the solutions of a valid grid by plain backtracking, cells in
 * row-major order and digits upwards, stopping at `limit`. Only for grids
 * with few blanks: it knows no propagation at all.
 */
unsigned long oracle_count(const sudoku_grid *grid, unsigned long limit);

/* The length of the well-formed UTF-8 character at s (left > 0), or 0. */
size_t oracle_utf8_length(const unsigned char *s, size_t left);

#endif /* SUDOKU_FUZZ_ORACLE_H */
