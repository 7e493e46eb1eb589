/*
 * fixpoint.c - what SE's dynamic forcing chains (+) and nested forcing
 * chains add to a run once its plain implications are spent.
 *
 * A dynamic run (chains.c) strikes each off node from its own copy of the
 * candidates. When neither queue holds a node, the grid the run has made
 * may hold a pattern that the start grid did not: a pointing, a pair, an
 * X-Wing. SE's (+) chains look for those at that moment, its fixpoint,
 * with a short list of rules, in this order:
 *
 *   1. pointing and claiming;   2. hidden pairs;   3. naked pairs;
 *   4. X-Wings;
 *   5. (nested, 9.5 and 10.0) static forcing chains and cycles;
 *   6. (10.0) static cell and region forcing chains;
 *   or 5'. (10.5) dynamic forcing chains of a lower level.
 *
 * Each rule is run over the whole grid of the run and gives its hints in
 * the order of SE's own finder. A hint counts only if it rests on the run:
 * if some candidate it needs gone (its rule parents) was struck by the
 * run. The other hints were there before the run, and are not part of
 * it. Only the first rule with a hint that counts is used: every such
 * hint's strikes become off nodes of the run, whose parents are the rule
 * parents, and the run goes on. When no rule has one, the run is over.
 *
 * SE keeps a hint's strikes in a hash map of cells, and they join the run
 * in the map's order; since that order decides which later node is found
 * first, and from which parents, it is kept here too (map_order).
 *
 * The rules read the candidates of the run's grid, but count open cells
 * and placed digits on the real grid, as SE's rules do: a cell that the
 * run has made true is not placed, it only has one candidate left.
 */
#include "chains.h"

#include <string.h>

/*
 * What the run has struck, by unit and digit (places) and by cell: a hint
 * rests on the run only where its rule parents lie among these, so the
 * rules look only where some are.
 */
typedef struct struck {
    unsigned short places[UNITS][9];
    unsigned short cell[SUDOKU_CELLS];
    unsigned short digits[UNITS]; /* the digits with struck places */
    uint32_t units[9];            /* by digit, the units with struck places */
} struck;

static void struck_find(const run *r, struck *k)
{
    for (int u = 0; u < UNITS; u++) { /* loops the compiler makes wide */
        for (int d = 0; d < 9; d++)
            k->places[u][d] = (unsigned short)(r->start->places[u][d] & ~r->now.places[u][d]);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++)
        k->cell[c] = (unsigned short)(r->start->mask[c] & ~r->now.mask[c]);
    /* a unit's digits with struck places are those struck from its cells */
    memset(k->units, 0, sizeof k->units);
    for (int u = 0; u < UNITS; u++) {
        unsigned digits = 0;

        for (int j = 0; j < 9; j++)
            digits |= k->cell[unit_cell(u, j)];
        k->digits[u] = (unsigned short)digits;
        for (; digits; digits &= digits - 1)
            k->units[lowest_bit(digits)] |= (uint32_t)1 << u;
    }
}

/* A hint of a rule: what it strikes, and the records it rests on. */
typedef struct rule_hint {
    int cells;
    unsigned char cell[SUDOKU_CELLS];   /* in the finder's order */
    unsigned short digits[SUDOKU_CELLS]; /* struck from cell[i] */
    int parents;
    unsigned short parent[2 * 729];
    /* Over a pass: how many hints counted, and the nodes they added. */
    int kept, added;
} rule_hint;

/*
 * The cells of a hint in the order a Java HashMap of SE's cells gives
 * them: by cell number modulo the table's size (16, doubled each time it
 * gets more than three quarters full), in the order they went in within a
 * bucket.
 */
static void map_order(const unsigned char *cells, int n, unsigned char *out)
{
    int size = 16, k = 0;

    while (n > size / 4 * 3)
        size *= 2;
    for (int bucket = 0; bucket < size && k < n; bucket++) {
        for (int i = 0; i < n; i++) {
            if ((cells[i] & (size - 1)) == bucket)
                out[k++] = cells[i];
        }
    }
}

static void hint_start(rule_hint *h)
{
    h->cells = 0;
    h->parents = 0;
}

static void hint_strike(rule_hint *h, int cell, unsigned digits)
{
    if (!digits)
        return;
    h->cell[h->cells] = (unsigned char)cell;
    h->digits[h->cells++] = (unsigned short)digits;
}

/* A struck candidate the hint needs gone: the run's record of its off node. */
static void hint_parent(rule_hint *h, const run *r, int cell, int digit)
{
    const int rec = r->slot[make_node(cell, digit, 0)];

    if (rec >= 0)
        h->parent[h->parents++] = (unsigned short)rec;
}

/*
 * Adds what a hint strikes to the run, if the hint rests on it, and counts
 * it in h->kept. Returns 0, or -1 when the run is full.
 */
static int take_hint(run *r, rule_hint *h, int inner, int technique)
{
    unsigned char order[SUDOKU_CELLS];
    int first;

    if (h->parents == 0 || h->cells == 0)
        return 0;
    first = run_put_parents(r, h->parent, h->parents);
    if (first < 0)
        return -1;
    map_order(h->cell, h->cells, order);
    for (int i = 0; i < h->cells; i++) {
        unsigned digits = 0;

        for (int j = 0; j < h->cells; j++)
            digits |= h->cell[j] == order[i] ? h->digits[j] : 0u;
        for (; digits; digits &= digits - 1) {
            const int got = run_add_rule_node(r, make_node(order[i], lowest_bit(digits) + 1, 0),
                                              first, h->parents, inner, technique);

            if (got < 0)
                return -1;
            h->added += got;
        }
    }
    h->kept++;
    return 0;
}

/* The unit of type `base` (0 rows, 9 columns, 18 boxes) that holds a cell. */
static int unit_of(int base, int cell)
{
    return base == 0 ? row_of(cell) : base == 9 ? column_of(cell) : box_of(cell);
}

/*
 * Pointing and claiming (SE's Locking): a digit whose places in a first
 * unit all lie in a second leaves the rest of the second. SE's passes:
 * box then column, box then row, column then box, row then box; within
 * one, by digit, then by first unit. It rests on the run where the run
 * struck the digit from the first unit outside the second.
 */
static int locking(run *r, const struck *k, rule_hint *h)
{
    static const int passes[4][2] = {{18, 9}, {18, 0}, {9, 18}, {0, 18}};
    const view *v = &r->now;

    for (int p = 0; p < 4; p++) {
        for (int d = 1; d <= 9; d++) {
            /* only the first units where the run struck the digit */
            for (uint32_t us = k->units[d - 1] >> passes[p][0] & 0x1FF; us; us &= us - 1) {
                const int u1 = passes[p][0] + lowest_bit(us);
                const unsigned places = v->places[u1][d - 1];
                unsigned inside = 0;
                int u2;

                if (bit_count9(places) < 2)
                    continue;
                /* the first place's third of the unit (its row or column
                   of three, in a box) */
                inside = p == 0 ? 0x49u << lowest_bit(places) % 3
                                : 7u << lowest_bit(places) / 3 * 3;
                if ((places & ~inside) || !(k->places[u1][d - 1] & ~inside))
                    continue;
                u2 = unit_of(passes[p][1], unit_cell(u1, lowest_bit(places)));
                hint_start(h);
                for (int j = 0; j < 9; j++) {
                    const int c = unit_cell(u2, j);

                    if (unit_of(passes[p][0], c) != u1 && (v->mask[c] & digit_bit(d)))
                        hint_strike(h, c, digit_bit(d));
                }
                if (h->cells == 0)
                    continue;
                for (int j = 0; j < 9; j++) {
                    if (!(inside >> j & 1) && (k->places[u1][d - 1] >> j & 1))
                        hint_parent(h, r, unit_cell(u1, j), d);
                }
                if (take_hint(r, h, -1, p < 2 ? SUDOKU_POINTING : SUDOKU_CLAIMING) < 0)
                    return -1;
            }
        }
    }
    return 0;
}

/*
 * The pairs of rows with the same two bits, each as its lower row and its
 * higher, in order of the higher then the lower: in a unit's places by
 * digit, its hidden pairs of digits; in its candidates by cell, its naked
 * pairs of cells. Returns how many.
 */
static int twin_rows(const unsigned short rows[9], unsigned char twins[36][2])
{
    unsigned two = 0;
    int n = 0;

    for (int j = 0; j < 9; j++)
        two |= (unsigned)(bit_count9(rows[j]) == 2) << j;
    for (unsigned his = two; his; his &= his - 1) {
        const int hi = lowest_bit(his);

        for (unsigned los = two & ((1u << hi) - 1); los; los &= los - 1) {
            const int lo = lowest_bit(los);

            if (rows[lo] == rows[hi]) {
                twins[n][0] = (unsigned char)lo;
                twins[n++][1] = (unsigned char)hi;
            }
        }
    }
    return n;
}

/* Whether some of the rows `wanted` has two bits: a twin to look for. */
static int some_two(const unsigned short rows[9], unsigned wanted)
{
    for (; wanted; wanted &= wanted - 1) {
        if (bit_count9(rows[lowest_bit(wanted)]) == 2)
            return 1;
    }
    return 0;
}

/*
 * Hidden pairs: two digits whose places in a unit are the same two cells,
 * each with two places at least, leave those cells no other digit. SE
 * looks in the boxes, the columns, then the rows, with more than four open
 * cells (on the real grid), at the pairs of digits in the order of their
 * masks. It rests on the run where the run struck either digit from the
 * unit's other cells.
 */
static int hidden_pairs(run *r, const chain_mode *m, const struck *k, rule_hint *h)
{
    const view *v = &r->now, *s = r->start;

    for (int i = 0; i < UNITS; i++) {
        const int u = scan_unit(i);
        unsigned char twins[36][2];
        int n;

        /* a pair rests on the run only if it has a digit struck there */
        if (m->nest->open[u] <= 4 || !some_two(v->places[u], k->digits[u]))
            continue;
        n = twin_rows(v->places[u], twins);
        for (int t = 0; t < n; t++) {
            const int lo = twins[t][0], hi = twins[t][1];
            const unsigned a = v->places[u][lo], pair = 1u << lo | 1u << hi;

            if (!((k->places[u][lo] | k->places[u][hi]) & ~a))
                continue;
            hint_start(h);
            for (unsigned p = a; p; p &= p - 1) {
                const int c = unit_cell(u, lowest_bit(p));

                hint_strike(h, c, v->mask[c] & ~pair);
            }
            if (h->cells == 0)
                continue;
            for (int j = 0; j < 9; j++) {
                const int c = unit_cell(u, j);

                if (a >> j & 1)
                    continue;
                if (s->mask[c] & 1u << lo)
                    hint_parent(h, r, c, lo + 1);
                if (s->mask[c] & 1u << hi)
                    hint_parent(h, r, c, hi + 1);
            }
            if (take_hint(r, h, -1, SUDOKU_HIDDEN_PAIR) < 0)
                return -1;
        }
    }
    return 0;
}

/*
 * Naked pairs: two cells of a unit with the same two candidates, and no
 * other, take them from the unit's other cells. SE looks in the boxes,
 * the columns, then the rows, with four open cells or more, at the pairs
 * of cells in order. It rests on the run where the run struck any other
 * candidate of the two cells.
 */
static int naked_pairs(run *r, const chain_mode *m, const struck *k, rule_hint *h)
{
    const view *v = &r->now, *s = r->start;

    for (int i = 0; i < UNITS; i++) {
        const int u = scan_unit(i);
        unsigned short masks[9];
        unsigned char twins[36][2];
        int n;

        if (m->nest->open[u] < 4 || !k->digits[u]) /* no cell there lost a candidate */
            continue;
        for (int j = 0; j < 9; j++)
            masks[j] = v->mask[unit_cell(u, j)];
        n = twin_rows(masks, twins);
        for (int t = 0; t < n; t++) {
            const int lo = twins[t][0], hi = twins[t][1];
            const int c1 = unit_cell(u, lo), c2 = unit_cell(u, hi);
            const unsigned pair = masks[hi];

            if (!(k->cell[c1] | k->cell[c2]))
                continue;
            hint_start(h);
            for (int j = 0; j < 9; j++) {
                const int c = unit_cell(u, j);

                if (j != lo && j != hi)
                    hint_strike(h, c, v->mask[c] & pair);
            }
            if (h->cells == 0)
                continue;
            for (unsigned gone = s->mask[c1] & ~pair; gone; gone &= gone - 1)
                hint_parent(h, r, c1, lowest_bit(gone) + 1);
            for (unsigned gone = s->mask[c2] & ~pair; gone; gone &= gone - 1)
                hint_parent(h, r, c2, lowest_bit(gone) + 1);
            if (take_hint(r, h, -1, SUDOKU_NAKED_PAIR) < 0)
                return -1;
        }
    }
    return 0;
}

/*
 * X-Wings: a digit with two places in each of two base lines, in the same
 * two cover lines, leaves the rest of the cover lines. SE takes columns as
 * the base, then rows; the pairs of base lines in order, then the digits,
 * each placed five times or fewer. It rests on the run where the run
 * struck the digit from the base lines outside the cover lines.
 */
static int x_wings(run *r, const chain_mode *m, const struck *k, rule_hint *h)
{
    const view *v = &r->now;

    for (int pass = 0; pass < 2; pass++) {
        const int base = pass ? 0 : 9, cover = pass ? 9 : 0;
        int found[9 * 36], count = 0;

        /* the wings there are, as (pair of base lines, digit), in SE's
           order: the pairs of lines, then the digits */
        for (int d = 0; d < 9; d++) {
            unsigned short lines[9]; /* the digit's places in each base line */
            const unsigned struck_lines = k->units[d] >> base & 0x1ff;
            unsigned char twins[36][2];
            int n;

            if (m->nest->placed[d] + 4 > 9 || !struck_lines)
                continue; /* too often placed, or struck from no base line */
            for (int b = 0; b < 9; b++)
                lines[b] = v->places[base + b][d];
            if (!some_two(lines, struck_lines))
                continue; /* no wing could rest on the run */
            n = twin_rows(lines, twins);
            for (int t = 0; t < n; t++) {
                const int lo = twins[t][0], hi = twins[t][1];

                if ((k->places[base + lo][d] | k->places[base + hi][d]) & ~lines[lo])
                    found[count++] = (hi * (hi - 1) / 2 + lo) * 16 + d;
            }
        }
        for (int i = 1; i < count; i++) { /* few: insertion sort */
            const int x = found[i];
            int j = i;

            for (; j > 0 && found[j - 1] > x; j--)
                found[j] = found[j - 1];
            found[j] = x;
        }
        for (int i = 0; i < count; i++) {
            const int d = found[i] % 16 + 1, pair = found[i] / 16;
            int hi = 1, lo;
            unsigned a, bases;

            while ((hi + 1) * hi / 2 <= pair)
                hi++;
            lo = pair - hi * (hi - 1) / 2;
            a = v->places[base + lo][d - 1];
            bases = 1u << lo | 1u << hi;
            hint_start(h);
            for (unsigned lines = a; lines; lines &= lines - 1) {
                const int u = cover + lowest_bit(lines);

                for (unsigned p = v->places[u][d - 1] & ~bases; p; p &= p - 1)
                    hint_strike(h, unit_cell(u, lowest_bit(p)), digit_bit(d));
            }
            if (h->cells == 0)
                continue;
            for (int t = 0; t < 2; t++) {
                const int u = base + (t ? hi : lo);

                for (int j = 0; j < 9; j++) {
                    if (!(a >> j & 1) && (k->places[u][d - 1] >> j & 1))
                        hint_parent(h, r, unit_cell(u, j), d);
                }
            }
            if (take_hint(r, h, -1, SUDOKU_X_WING) < 0)
                return -1;
        }
    }
    return 0;
}

/*
 * A nested chain's rule parents (SE's collectRuleParents): for each of its
 * supports in order, what the run struck from the cell, or the digit's
 * places in the unit, each candidate once.
 */
static void inner_parents(rule_hint *h, const run *r, const nest *n, const inner_hint *x)
{
    node_set seen;

    memset(&seen, 0, sizeof seen);
    for (int i = 0; i < x->supports; i++) {
        const unsigned item = n->support[x->support_at + i];

        if (item & SUPPORT_CELL) {
            const int c = (int)(item & 0x7F);

            for (unsigned gone = r->start->mask[c] & ~r->now.mask[c]; gone; gone &= gone - 1) {
                const int node = make_node(c, lowest_bit(gone) + 1, 0);

                if (!nodes_has(&seen, node)) {
                    nodes_put(&seen, node);
                    hint_parent(h, r, c, lowest_bit(gone) + 1);
                }
            }
        } else {
            const int u = (int)item / 9, d = (int)item % 9 + 1;

            for (unsigned gone = r->start->places[u][d - 1] & ~r->now.places[u][d - 1];
                 gone; gone &= gone - 1) {
                const int c = unit_cell(u, lowest_bit(gone)), node = make_node(c, d, 0);

                if (!nodes_has(&seen, node)) {
                    nodes_put(&seen, node);
                    hint_parent(h, r, c, d);
                }
            }
        }
    }
}

/*
 * A chain producer nested in the run: every hint of its list (nested.c)
 * that rests on the run, in the list's order.
 */
static int nested_rule(run *r, const chain_mode *m, rule_hint *h, int kind)
{
    nest *n = m->nest;
    int first;
    const int count = nest_list(n, kind, &r->now, &first);

    if (count < 0)
        return -1;
    for (int i = 0; i < count; i++) {
        const inner_hint *x = nest_hint(n, first + i);

        hint_start(h);
        for (int j = 0; j < x->strikes; j++)
            hint_strike(h, n->strike[x->strike_at + j].cell, n->strike[x->strike_at + j].digits);
        inner_parents(h, r, n, x);
        if (take_hint(r, h, first + i, x->technique) < 0)
            return -1;
    }
    return 0;
}

int run_fixpoint(run *r, const chain_mode *m)
{
    rule_hint h;
    struck k;
    int status;

    h.kept = h.added = 0;
    struck_find(r, &k);
    status = locking(r, &k, &h);
    if (status == 0 && h.kept == 0)
        status = hidden_pairs(r, m, &k, &h);
    if (status == 0 && h.kept == 0)
        status = naked_pairs(r, m, &k, &h);
    if (status == 0 && h.kept == 0)
        status = x_wings(r, m, &k, &h);
    if (status == 0 && h.kept == 0 && (m->level == 2 || m->level == 3))
        status = nested_rule(r, m, &h, INNER_STATIC);
    if (status == 0 && h.kept == 0 && m->level == 3)
        status = nested_rule(r, m, &h, INNER_MULTIPLE);
    if (status == 0 && h.kept == 0 && m->level == 4)
        status = nested_rule(r, m, &h, INNER_DYNAMIC + m->inner);
    return status < 0 ? -1 : h.added;
}
