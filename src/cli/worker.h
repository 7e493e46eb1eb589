/*
 * worker.h - what a worker does with a batch: read each record's grid,
 * run the command's job on it, and format the record.
 */
#ifndef SUDOKU_WORKER_H
#define SUDOKU_WORKER_H

#include "batch.h"
#include "output.h"

/* A rating bound that is no bound: the range goes up without end. */
#define RATING_UNBOUNDED 1000

/* What generate makes: item k of the run is made from seed and k alone. */
typedef struct generate_job {
    uint64_t seed;
    uint64_t count;           /* how many items */
    int grids;                /* full grids instead of puzzles */
    sudoku_symmetry symmetry;
    int max_clues;            /* 17-81, or 0 for any */
    int rated;                /* a level or a rating range was asked */
    const char *level;        /* the level asked, or NULL */
    int min_rating, max_rating; /* SE's ER in tenths; max may be unbounded */
} generate_job;

/* What to do with each record; read-only while batches are worked. */
typedef struct job_options {
    output_options output; /* the command, the format and what to show */
    unsigned long limit;   /* for solve --count */
    int unique;            /* solve: more than one solution is a failure */
    generate_job generate; /* for generate */
    sudoku_limits limits;  /* grade: --max-rating */
} job_options;

/*
 * A batch_solver: `context` is a const job_options. It fills in every
 * record's outcome, its output record and, for a failure, its message
 * "sudoku: SOURCE:LINE: reason"; it makes every ITEM_GENERATE item, with
 * "sudoku: puzzle K (seed S): reason" for one it could not make. Source
 * errors get no text.
 */
void worker_run_batch(batch *b, void *context);

/* Microseconds from an arbitrary start: monotonic where POSIX has a clock. */
double worker_clock_micros(void);

#endif /* SUDOKU_WORKER_H */
