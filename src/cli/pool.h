/*
 * pool.h - records in batches, solved by worker threads and handed back
 * in input order.
 *
 * One thread, the caller's, reads records into batches and writes the
 * finished batches out; the workers only solve and format. A fixed number
 * of batches is in flight at once, so memory stays bounded however long
 * the input is:
 *
 *     reader ---> [batch][batch][batch][batch] ---> writer
 *                  solved by any free worker,
 *                  collected strictly in order
 *
 * A batch holds as many records as take about a millisecond to solve,
 * judged from the batches solved so far: a hundred quick puzzles share
 * one, so handing them over costs little, while slow ones go one by one,
 * so that every worker has some and each record is written as soon as it
 * and those before it are done. Memory is bounded twice: by the batches in
 * flight, and by the records in them, which are as many as the batches of
 * a run of quick records hold.
 */
#ifndef SUDOKU_POOL_H
#define SUDOKU_POOL_H

#include "command.h"
#include "reader.h"
#include "text.h"

/* The most records a batch holds. */
#define BATCH_RECORDS 128

typedef enum item_kind {
    ITEM_RECORD,       /* a record to solve */
    ITEM_SOURCE_ERROR, /* an input that could not be opened or read */
    ITEM_MAKE          /* an item to make: number `index` of the run */
} item_kind;

typedef struct batch_item {
    item_kind kind;
    const char *source; /* the input's name; it outlives the batch */
    int error;          /* ITEM_SOURCE_ERROR: the errno value */
    uint64_t index;     /* ITEM_MAKE: which item of the run */
    outcome outcome;    /* ITEM_RECORD, once solved */
    size_t out_end;     /* where the item's text ends in the batch's `out` */
    size_t err_end;     /* ... and in its `err` */
    size_t kept_end;    /* ... and in its `kept` */
    double input_end;   /* bytes of the input streams up to its end */
    sudoku_record rec;         /* ITEM_RECORD: what was read */
} batch_item;

typedef struct batch {
    size_t count;     /* items filled in by the reader */
    size_t size;      /* how many the pool would have it hold */
    size_t solved;    /* items the solver got through: count, unless it failed */
    int out_of_memory; /* the solver stopped at `solved` for want of memory */
    int done;         /* the pool's: set once the solver has finished */
    text_buffer out;  /* the records' output, one after another */
    text_buffer err;  /* their messages for standard error */
    text_buffer kept; /* what they keep for the end of the output */
    size_t room;      /* items allocated, `size` at least */
    int threads;      /* the threads one item may use (explain and grade) */
    batch_item *item;
} batch;

/*
 * Solves and formats every item of a batch, setting `solved`, and each
 * record's `outcome`, `out_end` and `err_end`. It runs on any thread, so
 * it may only read `context`.
 */
typedef void batch_solver(batch *b, void *context);

typedef struct pool pool;

/*
 * Makes a pool that solves batches with `solve` on `threads` worker
 * threads (at least 1), which start at the first pool_submit(). Even one
 * worker has a thread of its own, so that the caller stays free to write
 * what is done and to heed a signal while a slow record is solved; where
 * no thread can start, the caller solves each batch as it submits it.
 * Returns NULL when memory runs out.
 */
pool *pool_create(int threads, batch_solver *solve, void *context);

/*
 * An empty batch to fill with up to `size` items, or NULL when every batch
 * is in flight: collect the oldest with pool_next_done() first.
 */
batch *pool_free_batch(pool *p);

/* Hands the batch from pool_free_batch() over to be solved. */
void pool_submit(pool *p, batch *b);

/* Whether any batch is in flight: submitted and not collected. */
int pool_busy(const pool *p);

/*
 * The oldest batch in flight once it is solved, or NULL. With `wait` zero
 * it does not block; otherwise it waits for the batch a short while (a
 * fiftieth of a second at most), so that a caller can heed a signal, or
 * flush what it wrote, between waits: NULL after a wait means that the
 * batch took the whole while. The batch stays valid until the next call of
 * pool_free_batch().
 */
batch *pool_next_done(pool *p, int wait);

/* Batches not yet started are handed back unsolved (`solved` is 0). */
void pool_stop(pool *p);

/* Waits for the workers to finish and frees everything. */
void pool_destroy(pool *p);

#endif /* SUDOKU_POOL_H */
