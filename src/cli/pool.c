/*
 * pool.c - the pool of worker threads, with C11 <threads.h>.
 *
 * The batches in flight form a ring of `capacity` slots, indexed by three
 * counters that only grow:
 *
 *     first <= next_work <= end,   end - first <= capacity
 *
 *   [first, next_work)  taken by a worker, solved or not (`done` says)
 *   [next_work, end)    submitted, waiting for a worker
 *   [end, first + capacity)  free for the reader: empty slots, apart from
 *                       the batch the reader is filling, at `end`
 *
 * The other batches wait on a stack of spares, the one collected last on
 * top. Its arrays have grown to what the records lately needed, so a run
 * of quick records keeps reusing the few batches it fills, and the spares
 * below stay small. Every batch is allocated up front; memory grows with
 * the threads, never with the input.
 *
 * The reader and the writer are the same thread, the caller's, so only
 * `next_work`, `end`, `done`, the timing and the flags need the lock. A
 * batch is only ever touched by one thread at a time: the caller until it
 * is submitted, then one worker until `done`, then the caller again.
 *
 * Without <threads.h> (__STDC_NO_THREADS__) every batch is solved by the
 * caller as it is submitted, and the output is the same.
 */
#include "pool.h"
#include "clock.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef __STDC_NO_THREADS__
#include <threads.h>
#endif

/*
 * How long a batch should take to solve, in microseconds: long enough
 * that handing it over (a lock, a signal, a wake-up: microseconds) costs
 * little beside it, short enough that a record waits for its batch no
 * longer than a person notices.
 */
#define BATCH_MICROS 1000.0

/* How long pool_next_done() waits at a time, in nanoseconds. */
#define WAIT_NANOS 20000000L

struct pool {
    batch_solver *solve;
    void *context;
    int threads;  /* workers wanted */
    int started;  /* workers running */
    int stopping; /* skip batches not yet started */
    int quit;     /* workers exit once the queue is empty */
    double item_micros; /* what an item took to solve, lately; 0: unknown */
    size_t capacity, first, next_work, end;
    size_t items, most_items; /* room for records in flight, and its bound */
    batch **slot;  /* the ring */
    batch **spare; /* the stack of the others */
    size_t spares;
#ifndef __STDC_NO_THREADS__
    mtx_t lock;
    cnd_t work_ready; /* a batch was submitted, or quit was set */
    cnd_t batch_done; /* a worker finished a batch */
    thrd_t *worker;
#endif
};

/*
 * Sixteen batches a worker, and two for the reader to fill while they
 * work. A slow record goes in a batch of its own, so while one worker is
 * slow on the oldest batch, the others run ahead on the many after it.
 * The records in flight are bounded apart, as when one full batch a
 * worker and two were: a run of quick records fills only a few batches.
 */
static size_t capacity_for(int threads)
{
    return 16 * (size_t)threads + 2;
}

static batch *new_batch(void)
{
    batch *b = calloc(1, sizeof *b);

    if (!b)
        return NULL;
    if (!(b->item = calloc(1, sizeof(batch_item)))) {
        free(b);
        return NULL;
    }
    b->room = 1;
    return b;
}

static void free_batch(batch *b)
{
    if (b) {
        text_free(&b->out);
        text_free(&b->err);
        text_free(&b->kept);
        free(b->item);
        free(b);
    }
}

/* Solves a batch, unless it is to be skipped, and times it. */
static double solve_now(pool *p, batch *b, int skip)
{
    const double start = clock_micros();

    if (!skip)
        p->solve(b, p->context);
    return skip || b->count == 0 ? 0 : (clock_micros() - start) / (double)b->count;
}

/*
 * Takes the time an item of a finished batch took: the estimate follows
 * the latest batches, so that a run whose records grow harder is soon
 * handed out more finely.
 */
static void learn(pool *p, double micros)
{
    if (micros > 0)
        p->item_micros = p->item_micros > 0 ? (p->item_micros + micros) / 2 : micros;
}

#ifndef __STDC_NO_THREADS__
static int work(void *arg)
{
    pool *p = arg;

    mtx_lock(&p->lock);
    for (;;) {
        batch *b;
        int skip;
        double micros;

        while (p->next_work == p->end && !p->quit)
            cnd_wait(&p->work_ready, &p->lock);
        if (p->next_work == p->end)
            break;
        b = p->slot[p->next_work++ % p->capacity];
        skip = p->stopping;
        mtx_unlock(&p->lock);
        micros = solve_now(p, b, skip);
        mtx_lock(&p->lock);
        learn(p, micros);
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
    p->threads = 0; /* the caller solves each batch, and never tries again */
    return 0;
}
#else
static int start_workers(pool *p)
{
    p->threads = 0;
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
    p->most_items = ((size_t)p->threads + 2) * BATCH_RECORDS;
    p->slot = calloc(p->capacity, sizeof(batch *));
    p->spare = calloc(p->capacity, sizeof(batch *));
    if (!p->slot || !p->spare) {
        pool_destroy(p);
        return NULL;
    }
    for (; p->spares < p->capacity; p->spares++) {
        if (!(p->spare[p->spares] = new_batch())) {
            pool_destroy(p);
            return NULL;
        }
    }
    return p;
}

/* How many items a batch should hold, from what they took lately. */
static size_t batch_size(pool *p)
{
    double micros;

#ifndef __STDC_NO_THREADS__
    if (p->started) {
        mtx_lock(&p->lock);
        micros = p->item_micros;
        mtx_unlock(&p->lock);
    } else
#endif
    {
        micros = p->item_micros;
    }
    if (micros <= 0)
        return 1; /* nothing is known yet: the first records go one by one */
    if (micros * BATCH_RECORDS <= BATCH_MICROS)
        return BATCH_RECORDS;
    return micros >= BATCH_MICROS ? 1 : (size_t)(BATCH_MICROS / micros);
}

/*
 * Makes room in a batch for `size` items, as far as memory allows. Returns
 * how many it can hold: at least one, which it always has. (GCC 12's
 * analyzer loses the array once it is stored in a batch reached through
 * the ring, and here and in the caller calls it a leak; pool_destroy()
 * frees it.)
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wanalyzer-malloc-leak"
#endif
static size_t make_room(batch *b, size_t size)
{
    if (b->room < size) { /* the batch is empty: nothing to carry over */
        batch_item *bigger = malloc(size * sizeof *bigger);

        if (bigger) {
            free(b->item);
            b->item = bigger;
            b->room = size;
        }
    }
    return size < b->room ? size : b->room;
}

batch *pool_free_batch(pool *p)
{
    const size_t size = batch_size(p);
    batch *b;

    if (p->end - p->first == p->capacity ||
        (p->first != p->end && p->items + size > p->most_items))
        return NULL;
    b = p->slot[p->end % p->capacity];
    if (!b) /* the ring is not full, so a spare is left */
        b = p->slot[p->end % p->capacity] = p->spare[--p->spares];
    b->count = b->solved = 0;
    b->size = make_room(b, size);
    b->out_of_memory = b->done = 0;
    text_truncate(&b->out, 0);
    text_truncate(&b->err, 0);
    text_truncate(&b->kept, 0);
    p->items += b->size;
    return b;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

void pool_submit(pool *p, batch *b)
{
    if (!p->started && p->threads > 0)
        start_workers(p);
    if (!p->started) {
        learn(p, solve_now(p, b, p->stopping));
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

int pool_busy(const pool *p)
{
    return p->first != p->end;
}

#ifndef __STDC_NO_THREADS__
/*
 * Waits, a short while at most, for a worker to finish batch b; without a
 * clock to time the while, until it is done.
 */
static void wait_a_while(pool *p, const batch *b)
{
    struct timespec until;

    if (timespec_get(&until, TIME_UTC) != TIME_UTC) {
        while (!b->done)
            cnd_wait(&p->batch_done, &p->lock);
        return;
    }
    until.tv_nsec += WAIT_NANOS;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    while (!b->done && cnd_timedwait(&p->batch_done, &p->lock, &until) == thrd_success)
        ; /* another batch was done, not this one */
}
#endif

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
        if (!b->done && wait)
            wait_a_while(p, b);
        done = b->done;
        mtx_unlock(&p->lock);
    }
#else
    (void)wait; /* the caller solved every batch as it was submitted */
#endif
    if (!done)
        return NULL;
    p->slot[p->first++ % p->capacity] = NULL;
    p->spare[p->spares++] = b; /* not reused before pool_free_batch() */
    p->items -= b->size;
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
    for (size_t i = 0; p->slot && i < p->capacity; i++)
        free_batch(p->slot[i]);
    while (p->spares > 0)
        free_batch(p->spare[--p->spares]);
    free(p->slot);
    free(p->spare);
    free(p);
}
