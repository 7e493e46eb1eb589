/*
 * worker.h - what a worker does with a batch: read each record's grid,
 * run the command's job on it, and format the record.
 */
#ifndef SUDOKU_WORKER_H
#define SUDOKU_WORKER_H

#include "batch.h"
#include "output.h"

/* What to do with each record; read-only while batches are worked. */
typedef struct job_options {
    output_options output; /* the command, the format and what to show */
    unsigned long limit;   /* for solve --count */
    int unique;            /* solve: more than one solution is a failure */
    sudoku_limits limits;  /* grade: --max-rating */
} job_options;

/*
 * A batch_solver: `context` is a const job_options. It fills in every
 * record's outcome, its output record and, for a failure, its message
 * "sudoku: SOURCE:LINE: reason". Items that are not records get no text.
 */
void worker_run_batch(batch *b, void *context);

/* Microseconds from an arbitrary start: monotonic where POSIX has a clock. */
double worker_clock_micros(void);

#endif /* SUDOKU_WORKER_H */
