/*
 * output.h - one output record for each puzzle record, in three formats.
 */
#ifndef SUDOKU_OUTPUT_H
#define SUDOKU_OUTPUT_H

#include "sudoku.h"

#include <stdio.h>

typedef enum outcome {
    OUTCOME_SOLVED,
    OUTCOME_INVALID,
    OUTCOME_UNSOLVABLE,
    OUTCOME_NOT_UNIQUE
} outcome;

typedef enum output_format { FORMAT_LINE, FORMAT_GRID, FORMAT_JSON } output_format;

typedef struct output_options {
    output_format format;
    int count; /* show the number of solutions */
    int stats; /* show guesses and time */
} output_options;

/* What became of one puzzle record. */
typedef struct result {
    outcome outcome;
    const char *source;    /* file name, "<stdin>" or "<arg N>" */
    unsigned long line;    /* where the record starts */
    const char *cells;     /* the cells as read ... */
    size_t cells_length;   /* ... at most 81 of them */
    sudoku_grid solution;  /* the first solution, when count > 0 */
    unsigned long count;   /* solutions found, up to the limit */
    unsigned long guesses;
    double micros;         /* time in the library */
    char message[96];      /* why the puzzle failed */
} result;

/* The word that names an outcome in every format: "solved", "invalid", ... */
const char *outcome_name(outcome o);

/* Writes the record for `r` to `out` in the chosen format. */
void output_result(FILE *out, const output_options *opt, const result *r);

#endif /* SUDOKU_OUTPUT_H */
