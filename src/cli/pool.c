/*
 * pool.c - the pool of worker threads, with C11 <threads.h>.
 *
 * The batches form a ring of `capacity` slots, indexed by three counters
 * that only grow:
 *
 *     first <= next_work <= end,   end - first <= capacity
 *
 *   [first, next_work)  taken by a worker, solved or not (`done` says)
 *   [next_work, end)    submitted, waiting for a worker
 *   [end, first + capacity)  free for the reader
 *
 * Every slot is allocated up front; memory grows with the threads, never
 * with the input.
 *
 * The reader and the writer are the same thread, the caller's, so only
 * `next_work`, `end`, `done` and the flags need the lock. A batch is only
 * ever touched by one thread at a time: the caller until it is submitted,
 * then one worker until `done`, then the caller again.
 *
 * Without <threads.h> (__STDC_NO_THREADS__) every batch is solved by the
 * caller as it is submitted, and the output is the same.
 */
#include "pool.h"

#include <stdlib.h>
#include <string.h>

#ifndef __STDC_NO_THREADS__
#include <threads.h>
#endif

struct pool {
    batch_solver *solve;
    void *context;
    int threads;  /* workers wanted */
    int started;  /* workers running: 0 until the first full batch */
    int stopping; /* skip batches not yet started */
    int quit;     /* workers exit once the queue is empty */
    size_t capacity, first, next_work, end;
    batch **slot;
#ifndef __STDC_NO_THREADS__
    mtx_t lock;
    cnd_t work_ready; /* a batch was submitted, or quit was set */
    cnd_t batch_done; /* a worker finished a batch */
    thrd_t *worker;
#endif
};

/*
 * One batch a worker, and two for the reader to fill while they work:
 * while one worker is slow on the oldest batch, the others can still run
 * ahead. Two batches a worker measured no faster on two processors, and
 * took twice the memory.
 */
static size_t capacity_for(int threads)
{
    return threads > 1 ? (size_t)threads + 2 : 1;
}

static void solve_now(pool *p, batch *b, int skip)
{
    if (!skip)
        p->solve(b, p->context);
}

#ifndef __STDC_NO_THREADS__
static int work(void *arg)
{
    pool *p = arg;

    mtx_lock(&p->lock);
    for (;;) {
        batch *b;
        int skip;

        while (p->next_work == p->end && !p->quit)
            cnd_wait(&p->work_ready, &p->lock);
        if (p->next_work == p->end)
            break;
        b = p->slot[p->next_work++ % p->capacity];
        skip = p->stopping;
        mtx_unlock(&p->lock);
        solve_now(p, b, skip);
        mtx_lock(&p->lock);
        b->done = 1;
        cnd_signal(&p->batch_done);
    }
    mtx_unlock(&p->lock);
    return 0;
}

/* Starts the workers. Returns how many started; 0 means none. */
static int start_workers(pool *p)
{
    p->worker = malloc((size_t)p->threads * sizeof *p->worker);
    if (!p->worker)
        goto no_memory;
    if (mtx_init(&p->lock, mtx_plain) != thrd_success)
        goto no_lock;
    if (cnd_init(&p->work_ready) != thrd_success)
        goto no_work_ready;
    if (cnd_init(&p->batch_done) != thrd_success)
        goto no_batch_done;
    while (p->started < p->threads &&
           thrd_create(&p->worker[p->started], work, p) == thrd_success)
        p->started++;
    if (p->started > 0)
        return p->started; /* fewer than asked still work */
    cnd_destroy(&p->batch_done);
no_batch_done:
    cnd_destroy(&p->work_ready);
no_work_ready:
    mtx_destroy(&p->lock);
no_lock:
    free(p->worker);
    p->worker = NULL;
no_memory:
    p->threads = 1; /* and never try again */
    return 0;
}
#else
static int start_workers(pool *p)
{
    p->threads = 1;
    return 0;
}
#endif

pool *pool_create(int threads, batch_solver *solve, void *context)
{
    pool *p = calloc(1, sizeof *p);

    if (!p)
        return NULL;
    p->solve = solve;
    p->context = context;
    p->threads = threads < 1 ? 1 : threads;
    p->capacity = capacity_for(p->threads);
    p->slot = calloc(p->capacity, sizeof(batch *));
    for (size_t i = 0; p->slot && i < p->capacity; i++) {
        p->slot[i] = calloc(1, sizeof *p->slot[i]);
        if (!p->slot[i]) {
            pool_destroy(p);
            return NULL;
        }
    }
    if (!p->slot) {
        free(p);
        return NULL;
    }
    return p;
}

batch *pool_free_batch(pool *p)
{
    batch *b;

    if (p->end - p->first == p->capacity)
        return NULL;
    b = p->slot[p->end % p->capacity];
    b->count = b->solved = 0;
    b->out_of_memory = b->done = 0;
    b->out.length = b->err.length = 0;
    return b;
}

void pool_submit(pool *p, batch *b)
{
    if (!p->started && p->threads > 1 && b->count == BATCH_RECORDS)
        start_workers(p);
    if (!p->started) {
        solve_now(p, b, p->stopping);
        b->done = 1;
        p->next_work = ++p->end; /* the caller took it, not a worker */
        return;
    }
#ifndef __STDC_NO_THREADS__
    mtx_lock(&p->lock);
    p->end++;
    cnd_signal(&p->work_ready);
    mtx_unlock(&p->lock);
#endif
}

batch *pool_next_done(pool *p, int wait)
{
    batch *b;
    int done = 0;

    if (p->first == p->end)
        return NULL;
    b = p->slot[p->first % p->capacity];
    if (!p->started) {
        done = b->done; /* solved by the caller itself */
    }
#ifndef __STDC_NO_THREADS__
    else {
        mtx_lock(&p->lock);
        while (!b->done && wait)
            cnd_wait(&p->batch_done, &p->lock);
        done = b->done;
        mtx_unlock(&p->lock);
    }
#else
    (void)wait; /* the caller solved every batch as it was submitted */
#endif
    if (!done)
        return NULL;
    p->first++;
    return b;
}

void pool_stop(pool *p)
{
#ifndef __STDC_NO_THREADS__
    if (p->started) {
        mtx_lock(&p->lock);
        p->stopping = 1;
        mtx_unlock(&p->lock);
        return;
    }
#endif
    p->stopping = 1;
}

void pool_destroy(pool *p)
{
    if (!p)
        return;
#ifndef __STDC_NO_THREADS__
    if (p->started) {
        mtx_lock(&p->lock);
        p->quit = 1;
        cnd_broadcast(&p->work_ready);
        mtx_unlock(&p->lock);
        for (int i = 0; i < p->started; i++)
            thrd_join(p->worker[i], NULL);
        cnd_destroy(&p->batch_done);
        cnd_destroy(&p->work_ready);
        mtx_destroy(&p->lock);
        free(p->worker);
    }
#endif
    for (size_t i = 0; p->slot && i < p->capacity; i++) {
        if (p->slot[i]) {
            text_free(&p->slot[i]->out);
            text_free(&p->slot[i]->err);
            free(p->slot[i]);
        }
    }
    free(p->slot);
    free(p);
}
