/*
 * test_pool.c - the pool of workers: every batch solved once, in order.
 */
#include "pool.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <threads.h>
#include <time.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

enum { BATCHES = 40 };

/* How many times each batch, by its tag, has been solved. */
typedef struct solve_counts {
    atomic_int solved[BATCHES];
} solve_counts;

/* A solver that only counts: the tag travels in the first item's line. */
static void count_solve(batch *b, void *context)
{
    solve_counts *t = context;

    atomic_fetch_add(&t->solved[b->item[0].rec.line], 1);
    b->solved = b->count;
}

/*
 * Collects the oldest batch, which must carry the next tag. A wait lasts a
 * short while at most, so it is asked again until the batch is done, as
 * the session does.
 */
static void collect(pool *p, size_t *next_tag)
{
    batch *b;

    while (!(b = pool_next_done(p, 1)))
        continue;
    assert_int_equal(b->item[0].rec.line, *next_tag);
    assert_int_equal(b->solved, b->count);
    ++*next_tag;
}

/*
 * Submits a batch of `records` tagged `tag`, collecting the oldest (which
 * must carry *next_tag) while none is free: pool_free_batch() takes its
 * room for the batch it hands out, so it is asked once per batch.
 */
static void submit(pool *p, size_t tag, size_t records, size_t *next_tag)
{
    batch *b;

    while (!(b = pool_free_batch(p)))
        collect(p, next_tag);
    b->count = records;
    b->item[0].rec.line = tag;
    pool_submit(p, b);
}

/*
 * Batches of one record, as with puzzles typed at a terminal, then full
 * ones: each must be solved exactly once and come back in order.
 */
static void test_short_then_full_batches(void **state)
{
    static solve_counts t;
    size_t next_tag = 0, tag = 0;
    pool *p = pool_create(2, count_solve, &t);

    (void)state;
    assert_non_null(p);
    for (; tag < 5; tag++) {
        submit(p, tag, 1, &next_tag);
        collect(p, &next_tag);
    }
    for (; tag < BATCHES; tag++)
        submit(p, tag, BATCH_RECORDS, &next_tag);
    while (next_tag < BATCHES)
        collect(p, &next_tag);
    assert_null(pool_next_done(p, 1));
    pool_destroy(p);
    for (int i = 0; i < BATCHES; i++)
        assert_int_equal(atomic_load(&t.solved[i]), 1);
}

/* After pool_stop(), batches not yet started come back unsolved. */
static void test_stop_hands_batches_back(void **state)
{
    static solve_counts t;
    size_t next_tag = 0;
    pool *p = pool_create(1, count_solve, &t);
    batch *b;

    (void)state;
    assert_non_null(p);
    submit(p, 0, BATCH_RECORDS, &next_tag);
    collect(p, &next_tag);
    pool_stop(p);
    submit(p, 1, BATCH_RECORDS, &next_tag);
    b = pool_next_done(p, 1);
    assert_non_null(b);
    assert_int_equal(b->solved, 0);
    pool_destroy(p);
    assert_int_equal(atomic_load(&t.solved[1]), 0);
}

/* Which threads solved batches, for a solver that takes its time. */
typedef struct workers_seen {
    mtx_t lock;
    thrd_t seen[8];
    int count;
} workers_seen;

/* A slow solver: 20 ms an item, noting the thread that solves. */
static void slow_solve(batch *b, void *context)
{
    workers_seen *w = context;
    const struct timespec nap = {0, 20000000L};
    int known = 0;

    for (size_t i = 0; i < b->count; i++)
        thrd_sleep(&nap, NULL);
    mtx_lock(&w->lock);
    for (int i = 0; i < w->count; i++)
        known |= thrd_equal(w->seen[i], thrd_current());
    if (!known && w->count < 8)
        w->seen[w->count++] = thrd_current();
    mtx_unlock(&w->lock);
    b->solved = b->count;
}

static void quick_solve(batch *b, void *context)
{
    (void)context;
    b->solved = b->count;
}

/*
 * Slow records go one to a batch, so that a handful of them is spread
 * over every worker; quick ones fill their batches.
 */
static void test_batches_sized_by_time(void **state)
{
    static workers_seen w;
    static solve_counts t;
    pool *p = pool_create(2, slow_solve, &w);
    batch *b;

    (void)state;
    assert_int_equal(mtx_init(&w.lock, mtx_plain), thrd_success);
    assert_non_null(p);
    for (int i = 0; i < 4; i++) {
        b = pool_free_batch(p);
        assert_non_null(b);
        assert_int_equal(b->size, 1);
        b->count = 1;
        pool_submit(p, b);
    }
    while (pool_busy(p))
        pool_next_done(p, 1);
    assert_int_equal(w.count, 2);
    pool_destroy(p);
    mtx_destroy(&w.lock);

    p = pool_create(2, quick_solve, &t);
    assert_non_null(p);
    b = pool_free_batch(p);
    b->count = 1;
    pool_submit(p, b);
    while (pool_busy(p))
        pool_next_done(p, 1);
    /* more than one to a batch: all of them natively, fewer under valgrind */
    assert_true(pool_free_batch(p)->size > 1);
    pool_destroy(p);
}

/*
 * A solver that holds the batch tagged 0 back until 30 of the others are
 * solved (2 ms each, so that they go one to a batch), or 5 s have passed.
 */
typedef struct held_back {
    mtx_t lock;
    cnd_t solved_one;
    int solved; /* batches after the first, solved */
    int ahead;  /* of them, solved before the first was */
} held_back;

static void hold_first(batch *b, void *context)
{
    held_back *h = context;
    const struct timespec nap = {0, 2000000L};
    struct timespec until;

    if (b->item[0].rec.line != 0) {
        thrd_sleep(&nap, NULL);
        mtx_lock(&h->lock);
        h->solved++;
        cnd_signal(&h->solved_one);
    } else {
        assert_int_equal(timespec_get(&until, TIME_UTC), TIME_UTC);
        until.tv_sec += 5;
        mtx_lock(&h->lock);
        while (h->solved < 30 &&
               cnd_timedwait(&h->solved_one, &h->lock, &until) == thrd_success)
            continue;
        h->ahead = h->solved;
    }
    mtx_unlock(&h->lock);
    b->solved = b->count;
}

/*
 * While one worker is slow on the oldest batch, the other runs ahead on
 * many batches after it, not only on the few that two a worker allow.
 */
static void test_workers_run_ahead_of_a_slow_batch(void **state)
{
    static held_back h;
    size_t next_tag = 0;
    pool *p;

    (void)state;
    assert_int_equal(mtx_init(&h.lock, mtx_plain), thrd_success);
    assert_int_equal(cnd_init(&h.solved_one), thrd_success);
    p = pool_create(2, hold_first, &h);
    assert_non_null(p);
    for (size_t tag = 0; tag < BATCHES; tag++)
        submit(p, tag, 1, &next_tag);
    while (next_tag < BATCHES)
        collect(p, &next_tag);
    pool_destroy(p);
    cnd_destroy(&h.solved_one);
    mtx_destroy(&h.lock);
    assert_true(h.ahead >= 30);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_then_full_batches),
        cmocka_unit_test(test_stop_hands_batches_back),
        cmocka_unit_test(test_batches_sized_by_time),
        cmocka_unit_test(test_workers_run_ahead_of_a_slow_batch),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
