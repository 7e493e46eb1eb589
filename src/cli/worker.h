/*
 * worker.h - what a worker does with a batch: each record read as a
 * puzzle and handed to the command, or each item made by it.
 */
#ifndef SUDOKU_WORKER_H
#define SUDOKU_WORKER_H

#include "command.h"
#include "pool.h"

/* What the workers of a run share; read-only while batches are worked. */
typedef struct work {
    const command *command;
    job job;
} work;

/*
 * A batch_solver: `context` is a const work. It fills in every item's
 * outcome and its output record, and for a failure its message on
 * standard error: "sudoku: SOURCE:LINE: reason" for a record, the
 * command's own for an item it makes. Source errors get no text.
 */
void worker_run_batch(batch *b, void *context);

#endif /* SUDOKU_WORKER_H */
