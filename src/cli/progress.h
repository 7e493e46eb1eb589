/*
 * progress.h - a line on standard error, redrawn in place, that says how a
 * long batch is getting on: puzzles done, the rate, and the time left when
 * the size of the input is known.
 */
#ifndef SUDOKU_PROGRESS_H
#define SUDOKU_PROGRESS_H

#include <stdio.h>

typedef struct progress {
    FILE *err;
    int enabled;      /* err is a terminal that nothing else writes to */
    int shown;        /* the line is on the screen */
    double start;     /* when the batch started, in microseconds */
    double next;      /* the earliest time of the next redraw */
    double total;     /* bytes of input in all, or 0 when unknown */
} progress;

/*
 * Starts the clock. Nothing is ever drawn unless `enabled`; `total` is the
 * size of the input in bytes, or 0 when it is not known.
 */
void progress_start(progress *p, FILE *err, int enabled, double total);

/*
 * Redraws the line, if the batch has run for a second and the last redraw
 * is a quarter of a second old: `done` puzzles written, `bytes` of input
 * read.
 */
void progress_update(progress *p, unsigned long done, double bytes);

/* Erases the line, if it is shown, before anything else goes to `err`. */
void progress_clear(progress *p);

#endif /* SUDOKU_PROGRESS_H */
