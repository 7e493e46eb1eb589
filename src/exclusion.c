/*
 * exclusion.c - aligned exclusion: aligned pair exclusion (6.2), and the
 * groundwork that aligned triplet exclusion (7.5) will share.
 *
 * Take a few open cells, the base cells, and every way of giving each of
 * them one of its candidates. A combination is impossible when two base
 * cells that see each other get the same digit, or when it takes every
 * candidate of a cell that sees all the base cells (an excluder: that cell
 * would be left empty). A candidate of a base cell that no possible
 * combination uses can go.
 *
 * What SE asks, for degree n (2 for pairs):
 * - a base cell has two candidates or more, no peer with a single
 *   candidate, and at least one peer with 2 to n candidates: its excluders;
 * - base cells are listed in row-major order and paired in SE's order:
 *   (0,1), (0,2), (1,2), (0,3), (1,3), (2,3), ... by index in that list;
 *   the cells need not see each other;
 * - a pair is tried only if it has two common excluders or more;
 * - the first pair that strikes something is the step.
 */
#include "logic.h"

#include <stdint.h>

/* A set of cells: three bands of 27 cells (rows 0-2, 3-5, 6-8). */
typedef struct cell_set {
    uint32_t band[3];
} cell_set;

/* The open cells that may serve as base cells, with their excluders. */
typedef struct bases {
    int count;
    unsigned char cell[SUDOKU_CELLS];
    cell_set excluders[SUDOKU_CELLS];
} bases;

enum { MAX_DEGREE = 4 };

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

static cell_set set_and(cell_set a, cell_set b)
{
    for (int i = 0; i < 3; i++)
        a.band[i] &= b.band[i];
    return a;
}

static int set_empty(cell_set s)
{
    return (s.band[0] | s.band[1] | s.band[2]) == 0;
}

/* Whether a set holds two cells or more, without counting them all. */
static int set_several(cell_set s)
{
    int bands = 0;

    for (int i = 0; i < 3; i++) {
        if (s.band[i] & (s.band[i] - 1))
            return 1;
        bands += s.band[i] != 0;
    }
    return bands >= 2;
}

static int set_has(cell_set s, int cell)
{
    return (s.band[cell / 27] >> cell % 27 & 1u) != 0;
}

static void set_add(cell_set *s, int cell)
{
    s->band[cell / 27] |= 1u << cell % 27;
}

/* The 20 peers of a cell. */
static cell_set peers_of(int cell)
{
    const int row = cell / 9, column = cell % 9;
    const uint32_t box = 7u << column / 3 * 3;
    cell_set s;

    for (int i = 0; i < 3; i++)
        s.band[i] = (1u | 1u << 9 | 1u << 18) << column;
    s.band[row / 3] |= 0x1FFu << row % 3 * 9 | box | box << 9 | box << 18;
    s.band[row / 3] &= ~(1u << cell % 27);
    return s;
}

/* Lists the base cells for degree n, in row-major order. */
static void collect_bases(const sudoku_candidates *grid, int degree,
                          bases *out)
{
    cell_set single = {{0, 0, 0}}, small = {{0, 0, 0}};

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const int n = bit_count(grid->mask[c]);

        if (n == 1)
            set_add(&single, c);
        else if (n >= 2 && n <= degree)
            set_add(&small, c);
    }
    out->count = 0;
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const cell_set peers = peers_of(c);
        const cell_set excluders = set_and(peers, small);

        if (bit_count(grid->mask[c]) < 2 ||
            !set_empty(set_and(peers, single)) || set_empty(excluders))
            continue;
        out->cell[out->count] = (unsigned char)c;
        out->excluders[out->count++] = excluders;
    }
}

/* Whether the digits chosen (their union) empty some excluder. */
static int locked(const search *s, unsigned digits)
{
    for (int i = 0; i < s->locks; i++) {
        if ((s->lock[i] & ~digits) == 0)
            return 1;
    }
    return 0;
}

/* Tries every digit for base cell i on, given the union of those before. */
static void combine(search *s, int i, unsigned digits)
{
    if (i == s->k) {
        int full = 1;

        if (locked(s, digits))
            return;
        for (int j = 0; j < s->k; j++) {
            s->allowed[j] |= s->chosen[j];
            full = full && s->allowed[j] == s->mask[j];
        }
        s->full = full;
        return;
    }
    for (unsigned left = s->mask[i]; left && !s->full; left &= left - 1) {
        const unsigned bit = left & -left;
        int clash = 0;

        for (int j = 0; j < i && !clash; j++)
            clash = (s->sees_before[i] >> j & 1u) && s->chosen[j] == bit;
        if (clash)
            continue;
        s->chosen[i] = bit;
        combine(s, i + 1, digits | bit);
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

/* Fills in the step: the strikes, the base cells, the excluders that bite. */
static void exclusion_step(const sudoku_candidates *grid, const int *cells,
                           const search *s, cell_set used, sudoku_step *step)
{
    unsigned struck = 0;

    step_start(step, SUDOKU_ALIGNED_PAIR_EXCLUSION, 62);
    for (int i = 0; i < s->k; i++) {
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
    /* two cells need an excluder: a clash alone leaves each digit a way */
    if (s.locks == 0 && k == 2)
        return 0;
    combine(&s, 0, 0);
    if (s.full)
        return 0;
    exclusion_step(grid, cells, &s, used, step);
    return 1;
}

int find_aligned_pair_exclusion(const sudoku_candidates *grid, int size,
                                sudoku_step *step)
{
    bases b;

    (void)size;
    collect_bases(grid, 2, &b);
    for (int j = 1; j < b.count; j++) {
        for (int i = 0; i < j; i++) {
            const cell_set common = set_and(b.excluders[i], b.excluders[j]);
            const int cells[2] = {b.cell[i], b.cell[j]};

            if (set_several(common) && try_cells(grid, cells, 2, common, step))
                return 1;
        }
    }
    return 0;
}
