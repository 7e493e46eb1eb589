/*
 * worker.h - what a worker does with a batch: parse, solve or count, and
 * format every record.
 */
#ifndef SUDOKU_WORKER_H
#define SUDOKU_WORKER_H

#include "batch.h"
#include "output.h"

/* What to do with each record; read-only while batches are solved. */
typedef struct solve_options {
    output_options output;
    unsigned long limit; /* for --count */
    int unique;          /* more than one solution is a failure */
} solve_options;

/*
 * A batch_solver: `context` is a const solve_options. It fills in every
 * record's outcome, its output record and, for a failure, its message
 * "sudoku: SOURCE:LINE: reason". Items that are not records get no text.
 */
void worker_solve_batch(batch *b, void *context);

/* Microseconds from an arbitrary start: monotonic where POSIX has a clock. */
double worker_clock_micros(void);

#endif /* SUDOKU_WORKER_H */
