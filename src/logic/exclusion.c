/*
 * exclusion.c - aligned exclusion: aligned pair exclusion (6.2) and aligned
 * triplet exclusion (7.5), on one candidate search.
 *
 * Take a few open cells, the base cells, and every way of giving each of
 * them one of its candidates. A combination is impossible when two base
 * cells that see each other get the same digit, or when it takes every
 * candidate of a cell that sees all the base cells (an excluder: that cell
 * would be left empty). A candidate of a base cell that no possible
 * combination uses can go.
 *
 * What SE asks, for degree n (2 for pairs, 3 for triplets):
 * - a base cell has two candidates or more, no peer with a single
 *   candidate, and at least one peer with 2 to n candidates: its excluders;
 * - base cells are listed in row-major order and paired in SE's order:
 *   (0,1), (0,2), (1,2), (0,3), (1,3), (2,3), ... by index in that list;
 *   the cells need not see each other;
 * - for triplets, each pair takes a third cell from the base cells that
 *   are excluders of the pair's first cell, in row-major order, then from
 *   those that are excluders of its second cell only; so the three cells
 *   need not see each other either, and the same three may come up again,
 *   in another order;
 * - the base cells are tried only if they have two common excluders or
 *   more;
 * - the first base cells that strike something make the step.
 */
#include "logic.h"

#include <stdint.h>

/* The open cells that may serve as base cells, with their excluders. */
typedef struct bases {
    int count;
    unsigned char cell[SUDOKU_CELLS];
    cell_set excluders[SUDOKU_CELLS];
    cell_set all;                    /* the base cells, as a set */
    signed char index[SUDOKU_CELLS]; /* a cell's place in `cell`, or -1 */
} bases;

enum { MAX_DEGREE = 3 };

/* What a combination search needs and finds, for k base cells. */
typedef struct search {
    int k;
    unsigned mask[MAX_DEGREE];        /* each base cell's candidates */
    unsigned sees_before[MAX_DEGREE]; /* bit j: base cell j sees cell i */
    unsigned chosen[MAX_DEGREE];      /* the digit (a bit) chosen for each */
    int locks;                        /* how many excluders may lock */
    unsigned lock[20];                /* their candidates (peers: 20) */
    unsigned allowed[MAX_DEGREE];     /* digits some combination allows */
    int full;                         /* 1 once every candidate is allowed */
} search;

/* Lists the base cells for degree n, in row-major order. */
static void collect_bases(const sudoku_candidates *grid, int degree,
                          bases *out)
{
    cell_set single = {{0, 0, 0}}, small = {{0, 0, 0}};

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const int n = bit_count9(grid->mask[c]);

        if (n == 1)
            set_add(&single, c);
        else if (n >= 2 && n <= degree)
            set_add(&small, c);
    }
    out->count = 0;
    out->all = (cell_set){{0, 0, 0}};
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const cell_set peers = cell_peers(c);
        const cell_set excluders = set_and(peers, small);

        out->index[c] = -1;
        if (bit_count9(grid->mask[c]) < 2 ||
            !set_empty(set_and(peers, single)) || set_empty(excluders))
            continue;
        set_add(&out->all, c);
        out->index[c] = (signed char)out->count;
        out->cell[out->count] = (unsigned char)c;
        out->excluders[out->count++] = excluders;
    }
}

/*
 * The digits the last base cell may take once the others have theirs
 * (`digits` is their union): none that a base cell it sees took, none that
 * completes an excluder's candidates, and none at all if the others
 * already cover an excluder's.
 */
static unsigned last_digits(const search *s, unsigned digits)
{
    const int last = s->k - 1;
    unsigned may = s->mask[last];

    for (int j = 0; j < last; j++) {
        if (s->sees_before[last] >> j & 1u)
            may &= ~s->chosen[j];
    }
    for (int i = 0; i < s->locks && may; i++) {
        const unsigned rest = s->lock[i] & ~digits;

        if (rest == 0)
            return 0;
        if ((rest & (rest - 1)) == 0)
            may &= ~rest;
    }
    return may;
}

/*
 * Takes the combinations where the base cells before the last have the
 * digits chosen (`digits` is their union), and the last any it may.
 */
static inline void combine_last(search *s, unsigned digits)
{
    const int last = s->k - 1;
    const unsigned may = last_digits(s, digits);
    int full = 1;

    if (!may)
        return;
    for (int j = 0; j < last; j++) {
        s->allowed[j] |= s->chosen[j];
        full = full && s->allowed[j] == s->mask[j];
    }
    s->allowed[last] |= may;
    s->full = full && s->allowed[last] == s->mask[last];
}

/*
 * Tries every digit for the base cells but the last (the first, and for a
 * triplet the second), until every candidate is known to be allowed.
 */
static void combine(search *s)
{
    for (unsigned first = s->mask[0]; first && !s->full; first &= first - 1) {
        s->chosen[0] = first & -first;
        for (unsigned second = s->k == 3 ? s->mask[1] : 0; second && !s->full;
             second &= second - 1) {
            s->chosen[1] = second & -second;
            if (!((s->sees_before[1] & 1u) && s->chosen[1] == s->chosen[0]))
                combine_last(s, s->chosen[0] | s->chosen[1]);
        }
        if (s->k == 2)
            combine_last(s, s->chosen[0]);
    }
}

/* The common excluders whose candidates all lie among the base cells'. */
static void collect_locks(const sudoku_candidates *grid, cell_set common,
                          unsigned digits, search *s, cell_set *used)
{
    s->locks = 0;
    *used = (cell_set){{0, 0, 0}};
    for (int b = 0; b < 3; b++) {
        for (uint32_t left = common.band[b]; left; left &= left - 1) {
            const int c = b * 27 + lowest_bit(left);

            if ((grid->mask[c] & ~digits) == 0) {
                s->lock[s->locks++] = grid->mask[c];
                set_add(used, c);
            }
        }
    }
}

/*
 * Fills in the step: the strikes, the k base cells, the excluders that
 * bite.
 */
static void exclusion_step(const sudoku_candidates *grid, const int *cells, int k,
                           const search *s, cell_set used, sudoku_step *step)
{
    unsigned struck = 0;

    if (k == 2)
        step_start(step, SUDOKU_ALIGNED_PAIR_EXCLUSION, 62);
    else
        step_start(step, SUDOKU_ALIGNED_TRIPLET_EXCLUSION, 75);
    for (int i = 0; i < k; i++) {
        step->strike[cells[i]] = (unsigned short)(s->mask[i] & ~s->allowed[i]);
        step->pattern[cells[i]] = (unsigned short)s->mask[i];
        step->digits |= (unsigned short)s->mask[i];
        struck |= s->mask[i] & ~s->allowed[i];
        step_add_cell(step, cells[i]);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (set_has(used, c) && (grid->mask[c] & struck) != 0) {
            step->pattern[c] = grid->mask[c];
            step_add_cell(step, c);
        }
    }
}

/*
 * Whether the k base cells, with their common excluders, strike some
 * candidate; if so, fills in the step.
 */
static int try_cells(const sudoku_candidates *grid, const int *cells, int k,
                     cell_set common, sudoku_step *step)
{
    search s = {.k = k};
    unsigned digits = 0;
    cell_set used;

    for (int i = 0; i < k; i++) {
        s.mask[i] = grid->mask[cells[i]];
        digits |= s.mask[i];
        for (int j = 0; j < i; j++)
            s.sees_before[i] |= (unsigned)sees(cells[i], cells[j]) << j;
    }
    collect_locks(grid, common, digits, &s, &used);
    /* Without an excluder, only clashes rule combinations out; they leave
       every digit a way when there are two cells, or when none sees
       another. */
    if (s.locks == 0 &&
        (k == 2 || (s.sees_before[1] | s.sees_before[2]) == 0))
        return 0;
    combine(&s);
    if (s.full)
        return 0;
    exclusion_step(grid, cells, k, &s, used, step);
    return 1;
}

/* Whether base cell t comes up as a third for the pair of a and c. */
static int third_of(const bases *b, int a, int c, int t)
{
    const int cell = b->cell[t];

    return set_has(b->excluders[a], cell) || set_has(b->excluders[c], cell);
}

/*
 * Whether the three base cells i < j and x came up before, as a pair
 * listed earlier with the other one as its third. The answer does not
 * hang on their order, so they need not be tried again.
 */
static int tried_before(const bases *b, int i, int j, int x)
{
    if (x > j)
        return 0; /* (i, j) is the first of their pairs */
    if (x > i)
        return third_of(b, i, x, j);
    return third_of(b, x, i, j) || third_of(b, x, j, i);
}

/* The third cells of a pair, in SE's order, each tried with the pair. */
static int try_thirds(const sudoku_candidates *grid, const bases *b, int i,
                      int j, cell_set common, sudoku_step *step)
{
    cell_set thirds[2];
    int cells[3] = {b->cell[i], b->cell[j], 0};

    thirds[0] = set_and(b->excluders[i], b->all);
    thirds[1] = set_and(set_minus(b->excluders[j], b->excluders[i]), b->all);
    set_remove(&thirds[0], cells[1]);
    set_remove(&thirds[1], cells[0]);
    for (int t = 0; t < 2; t++) {
        for (int c; (c = set_pop(&thirds[t])) >= 0;) {
            const cell_set all =
                set_and(common, b->excluders[b->index[c]]);

            cells[2] = c;
            if (set_several(all) && !tried_before(b, i, j, b->index[c]) &&
                try_cells(grid, cells, 3, all, step))
                return 1;
        }
    }
    return 0;
}

int find_aligned_exclusion(const sudoku_candidates *grid, int size,
                           sudoku_step *step)
{
    bases b;

    collect_bases(grid, size, &b);
    for (int j = 1; j < b.count; j++) {
        for (int i = 0; i < j; i++) {
            const cell_set common = set_and(b.excluders[i], b.excluders[j]);
            const int pair[2] = {b.cell[i], b.cell[j]};

            /* a triplet's common excluders are among its pair's */
            if (!set_several(common))
                continue;
            if (size == 2 ? try_cells(grid, pair, 2, common, step)
                          : try_thirds(grid, &b, i, j, common, step))
                return 1;
        }
    }
    return 0;
}
