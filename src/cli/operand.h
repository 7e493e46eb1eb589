/*
 * operand.h - what an operand of the command is: a puzzle, a file, or one
 * of the rows of a grid typed without quotes.
 *
 * An operand of exactly 81 cell characters is a puzzle. Any other is a
 * file to read; one that names no file is still read as a puzzle when it
 * looks like one (so that its mistakes are told, not "no such file"), and
 * 2 to 9 such operands in a row that each look like a row of 9 cells are
 * one grid.
 */
#ifndef SUDOKU_OPERAND_H
#define SUDOKU_OPERAND_H

#include "reader.h"

/* An operand, and the name its records go by. */
typedef struct operand {
    const char *arg;
    char name[32]; /* "<arg N>" for a puzzle, "<args N-M>" for rows */
} operand;

/* Whether an operand is exactly 81 cell characters: a puzzle. */
int operand_is_puzzle(const char *arg);

/*
 * Whether an operand that names no file was meant as a puzzle, as `r`
 * (whose state it replaces) reads it: 72 to 90 cells, 17 digits or more,
 * or a line of 729 pencil marks, and no mark of a file name.
 */
int operand_looks_like_puzzle(reader *r, const char *arg);

/*
 * How many operands, from the first (which names no file), are the rows
 * of one grid: 2 to 9 that each read as a row and name no file, or 0.
 */
int operand_row_run(const operand *ops, int left);

/*
 * The text of `rows` operands as one grid: a row a line when each has 9
 * characters, so that a message names the row at fault; else one line, so
 * that they still make one record. The caller frees it; NULL when memory
 * ran out.
 */
char *operand_join_rows(const operand *ops, int rows);

#endif /* SUDOKU_OPERAND_H */
