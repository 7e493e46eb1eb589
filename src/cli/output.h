/*
 * output.h - one output record for each puzzle record, in three formats,
 * written into memory so that threads can format their own records and the
 * writer only has to copy bytes to the stream.
 */
#ifndef SUDOKU_OUTPUT_H
#define SUDOKU_OUTPUT_H

#include "sudoku.h"

#include <stddef.h>

typedef enum outcome {
    OUTCOME_SOLVED,
    OUTCOME_INVALID,
    OUTCOME_UNSOLVABLE,
    OUTCOME_NOT_UNIQUE,
    OUTCOME_NOT_FOUND /* generate: no attempt met the conditions */
} outcome;

typedef enum output_format { FORMAT_LINE, FORMAT_GRID, FORMAT_JSON } output_format;

/* The command's job for each record. */
typedef enum command {
    COMMAND_SOLVE,
    COMMAND_EXPLAIN,
    COMMAND_GRADE,
    COMMAND_CANON,
    COMMAND_GENERATE
} command;

typedef struct output_options {
    command command;
    output_format format;
    int count;      /* solve: show the number of solutions */
    int stats;      /* show guesses (solve) and time */
    int hint;       /* explain: only the first step */
    int candidates; /* explain: the candidate grid before each step */
    int color;      /* grid format: givens and solved cells in colour */
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
    sudoku_rating rating;  /* grade and explain */
    unsigned long automorphisms; /* canon; the form is in `solution` */
    char message[96];      /* why the puzzle failed */
} result;

/* What became of one item of generate. */
typedef struct made {
    outcome outcome;            /* OUTCOME_SOLVED when made, else NOT_FOUND */
    uint64_t seed, index;
    int grid;                   /* a full grid: only `generated.solution` */
    sudoku_generated generated; /* the puzzle, its solution, its counts */
    const sudoku_rating *rating; /* the grade, when one was asked; or NULL */
    double micros;
    char message[160];          /* why it could not be made */
} made;

/*
 * Bytes that grow as they are appended to, and are kept for reuse: after
 * the first few records, appending allocates nothing.
 */
typedef struct text_buffer {
    char *data;
    size_t length, size;
} text_buffer;

/* Frees the bytes and empties the buffer. */
void text_free(text_buffer *t);

/* The word that names an outcome in every format: "solved", "invalid", ... */
const char *outcome_name(outcome o);

/*
 * Appends the record for `r` in the chosen format. For explain and grade,
 * `left` is the candidate grid where the steps stopped. Returns 0, or -1
 * when memory ran out (the buffer may then hold part of the record: the
 * caller cuts it back).
 */
int output_result(text_buffer *out, const output_options *opt, const result *r,
                  const sudoku_candidates *left);

/*
 * Appends the record of an item of generate in the chosen format. Returns
 * 0, or -1 when memory ran out.
 */
int output_made(text_buffer *out, const output_options *opt, const made *m);

/*
 * Appends the start of an explanation (the puzzle), before its steps; for
 * grade, nothing. Returns 0, or -1 when memory ran out.
 */
int output_begin(text_buffer *out, const output_options *opt, const result *r);

/*
 * Appends one step of an explanation, the `index`-th from 0, taken on
 * `grid`. Returns 0, or -1 when memory ran out.
 */
int output_step(text_buffer *out, const output_options *opt,
                const sudoku_candidates *grid, const sudoku_step *step,
                unsigned long index);

/*
 * The length of the well-formed UTF-8 sequence at s (at most `left` bytes
 * long, left > 0) that encodes a character from U+0080 up, or 0 if there
 * is none.
 */
size_t output_utf8_length(const unsigned char *s, size_t left);

/*
 * Appends "sudoku: SOURCE:LINE: MESSAGE\n", the report of a failed record
 * on standard error. Returns 0, or -1 when memory ran out.
 */
int output_message(text_buffer *err, const char *source, unsigned long line,
                   const char *message);

/*
 * Appends "sudoku: puzzle K (seed S): MESSAGE\n", the report of an item of
 * generate that could not be made. Returns 0, or -1 when memory ran out.
 */
int output_made_message(text_buffer *err, const made *m);

#endif /* SUDOKU_OUTPUT_H */
