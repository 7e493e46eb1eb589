/*
 * split.c - one search of the multiple family on several threads.
 *
 * A forcing chain search for a step tries the chains from each cell in
 * turn and keeps the best conclusion, the first found among equals. What
 * one cell's chains conclude does not depend on another cell's: the best
 * so far only lets the search pass over what could not beat it, and the
 * memo of runs and the nested chains' lists only save work. So threads can
 * share out the cells, each thread with a search and a nest of its own,
 * and the best of their bests, equals settled by the cell that gave them,
 * is the step one thread finds taking the cells in order.
 *
 * Each thread starts on a block of cells in a row, whose region chains
 * read the runs of their rows' other cells, and once its block is done
 * takes cells from the end of the biggest block left. The threads share
 * the memo of runs, and with it the records of the runs each made: a
 * thread walks a run another made from its records, and the nested chains
 * they rest on from the other's nest, whose ids name it (nest_hint). The
 * nested lists themselves each thread makes for itself, so that two
 * threads do a little more work than one.
 */
#include "chains.h"

#include <stdlib.h>

#ifdef SUDOKU_THREADS
#include <threads.h>
#endif

/* The cells not yet taken: thread t's block is cells [next[t], end[t]). */
typedef struct cells {
#ifdef SUDOKU_THREADS
    mtx_t lock;
#endif
    int threads;
    int next[CHAINS_THREADS], end[CHAINS_THREADS];
} cells;

/* A thread's share: the grid, its own search and nest, and the cells. */
typedef struct part {
    const sudoku_candidates *grid;
    chain_mode mode;
    chain_search *s;
    nest *nest;   /* for the nested chains (mode.level > 0) */
    cells *cells; /* the cells left */
    int t;        /* the thread's number, and its block's */
} part;

/* The next cell of thread t's block, or the last of the biggest block
 * left; SUDOKU_CELLS when none is left. */
static int take_cell(cells *c, int t)
{
    int biggest = t, cell = SUDOKU_CELLS;

#ifdef SUDOKU_THREADS
    mtx_lock(&c->lock);
#endif
    if (c->next[t] < c->end[t]) {
        cell = c->next[t]++;
    } else {
        for (int i = 0; i < c->threads; i++)
            if (c->end[i] - c->next[i] > c->end[biggest] - c->next[biggest])
                biggest = i;
        if (c->next[biggest] < c->end[biggest])
            cell = --c->end[biggest];
    }
#ifdef SUDOKU_THREADS
    mtx_unlock(&c->lock);
#endif
    return cell;
}

/* Searches the cells no other thread has taken, until none is left. */
static void part_run(part *p)
{
    chain_search *s = p->s;
    int c;

    chains_multiple_start(&p->mode, s);
    if (p->mode.level > 0) {
        p->nest->work = &s->work;
        p->nest->limit = s->limit;
        p->mode.nest = p->nest;
    }
    while ((c = take_cell(p->cells, p->t)) < SUDOKU_CELLS &&
           chains_multiple_cell(p->grid, &p->mode, s, c))
        ;
    if (p->mode.level > 0 && p->nest->failed) /* a list cut short: nothing is sure */
        s->exhausted = p->nest->out_of_memory ? CHAINS_OUT_OF_MEMORY : CHAINS_OUT_OF_WORK;
}

#ifdef SUDOKU_THREADS
static int part_thread(void *arg)
{
    part_run(arg);
    return 0;
}

/* Starts part t on a thread of its own, with helpers[t - 1] for its
 * search; 0 when no thread can be had. */
static int start_part(part *parts, chain_search *helpers, thrd_t *thread, int t)
{
    const part *first = &parts[0];
    part *p = &parts[t];

    *p = *first;
    p->t = t;
    p->nest = first->nest ? first->nest + t : NULL;
    p->s = &helpers[t - 1];
    chains_search_start(p->s, first->grid, first->s->limit);
    p->s->memo = first->s->memo; /* a run one thread made serves all */
    return thrd_create(&thread[t], part_thread, p) == thrd_success;
}

/*
 * Runs parts[0] on this thread and the others each on one of its own,
 * then takes their bests into the first's search. A thread that cannot be
 * had leaves its block to the others.
 */
static void run_threads(part *parts, int threads)
{
    chain_search *helpers = malloc((size_t)(threads - 1) * sizeof *helpers);
    thrd_t thread[CHAINS_THREADS];
    int started = 1;

    while (helpers && started < threads && start_part(parts, helpers, thread, started))
        started++;
    part_run(&parts[0]);
    for (int i = 1; i < started; i++) {
        thrd_join(thread[i], NULL);
        chains_multiple_merge(parts[0].s, parts[i].s);
    }
    /* each thread's runs are kept till all are done: another may walk them */
    for (int i = 0; i < started; i++)
        chains_multiple_end(parts[i].s);
    free(helpers);
}
#endif

void chains_multiple_split(const sudoku_candidates *g, const chain_mode *m,
                           chain_search *s, nest *nests, int threads)
{
    const int wanted = threads < CHAINS_THREADS ? threads : CHAINS_THREADS;
    cells c = {.threads = 1}; /* one, unless the cells can be shared under a lock */
    part parts[CHAINS_THREADS];

    chains_memo_clear(s->memo);
    parts[0] = (part){g, *m, s, nests, &c, 0};
#ifdef SUDOKU_THREADS
    if (wanted > 1 && mtx_init(&c.lock, mtx_plain) == thrd_success)
        c.threads = wanted;
#else
    (void)wanted;
#endif
    for (int t = 0; t < c.threads; t++) {
        c.next[t] = SUDOKU_CELLS * t / c.threads;
        c.end[t] = SUDOKU_CELLS * (t + 1) / c.threads;
        if (nests) { /* a hint's id names its thread's nest */
            nests[t].family = nests;
            nests[t].self = t;
        }
    }
#ifdef SUDOKU_THREADS
    if (c.threads > 1) {
        run_threads(parts, c.threads);
        mtx_destroy(&c.lock);
        return;
    }
#endif
    part_run(&parts[0]);
    chains_multiple_end(s);
}
