/*
 * step_text.h - text written with snprintf's contract, truncated to fit
 * but fully counted, as a step's words (step_text.c) and its JSON
 * (step_json.c) are.
 */
#ifndef SUDOKU_STEP_TEXT_H
#define SUDOKU_STEP_TEXT_H

#include "sudoku.h"

#include <stddef.h>

typedef struct step_text {
    char *buf;              /* may be NULL, to count only */
    size_t size, length;    /* the room in buf; what the whole text takes */
    const char *line_break; /* written between the lines of a forcing
                               chain's branches: "\n", or JSON's "\\n" */
} step_text;

/* Appends printf-formatted text, counting what does not fit. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void step_text_add(step_text *t, const char *format, ...);

/* Appends a cell's name, "r4c1". */
void step_text_add_cell(step_text *t, int cell);

/* Appends the names of a set of units (as for sudoku_step), "r4,b5", each
   between two `quote`s. */
void step_text_add_units(step_text *t, unsigned long units, const char *quote);

/* Appends the names of the step's `cells`, "r4c1,r4c5", each between two
   `quote`s. */
void step_text_add_cells(step_text *t, const sudoku_step *step, const char *quote);

/* Appends the digits of a set, bit d-1 for digit d, as "2,7". */
void step_text_add_digits(step_text *t, unsigned digits);

/* Appends a step's words, as sudoku_describe_step() gives them. */
void step_text_words(step_text *t, const sudoku_step *step);

#endif /* SUDOKU_STEP_TEXT_H */
