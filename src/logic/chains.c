/*
 * chains.c - chains of implications: cycles, forcing chains, Nishio,
 * multiple and dynamic forcing chains, as Sudoku Explainer (SE) grades
 * them.
 *
 * The model
 * ---------
 * A node is a candidate (digit d in cell c) taken as true ("on") or as
 * false ("off"). A node implies others by the simplest rules there are:
 *
 * - on implies off: when d is in c, no other digit is in c (a cell link,
 *   skipped where only one digit is followed), and d is in no other cell of
 *   c's box, row or column (unit links);
 * - off implies on: when d is not in c and c had only two candidates, the
 *   other one is in c; when d is not in c and a unit of c had d in just one
 *   other cell, d is there.
 *
 * An on node and an off node alternate along a chain: "on implies off" is
 * a weak link, "off implies on" a strong one. Every implied node remembers
 * the node that implied it, its parent, so each node ends a chain back to
 * the assumption that started the search.
 *
 * Static chains take the candidates as they are. A dynamic chain also
 * strikes each off node from a copy of the grid as it goes, so later links
 * see the grid the chain has made: a cell left with two candidates, or a
 * unit left with one other place, gives a strong link that the start grid
 * did not have. Such a node has several parents: the node that implied it
 * and the earlier off nodes that emptied its cell or unit.
 *
 * The searches
 * ------------
 * From each candidate, taken on (and off), the implications spread
 * breadth-first, each node once. What ends a search:
 *
 * - a cycle: from an on node, a chain that comes back to it, with links of
 *   one digit (X-Cycle), of bivalue cells (Y-Cycle), or both (XY-Cycle).
 *   Either way round the loop is true, so a candidate that sees an on node
 *   of one way and of the other cannot be true (6.5 or 7.0);
 * - a forcing chain: an assumption that implies its own opposite, which is
 *   then the truth (6.6 for one digit, 7.0 with cell links);
 * - a contradiction (Nishio, dynamic): an assumption that implies some
 *   node both on and off is false (7.5 for Nishio, which follows one digit
 *   and strikes as it goes; 8.5 dynamic);
 * - a double forcing chain (dynamic): a node that both the assumption and
 *   its opposite imply holds;
 * - cell and region forcing chains: a node implied by every candidate of
 *   a cell, or by every place of a digit in a unit, holds (8.0 static,
 *   8.5 dynamic).
 *
 * A chain's rating is its base plus a tenth for each step of length past
 * 4, 6, 8, 12, 16, 24, 32, ... where the length is the number of distinct
 * nodes the conclusion rests on (for a forcing chain with several branches,
 * the sum over the branches), less two. Of all the conclusions a technique
 * finds, the step is the one with the lowest rating, then the fewest
 * nodes, then by kind (double forcing, cycles and chains of one digit,
 * cell links, cell, region, contradiction), then the first found, in the
 * order SE scans: the cells in order, their digits in order.
 *
 * Each search keeps its nodes in fixed arrays: a node is found once, and a
 * record holds it with its parents. The scratch is on the stack, some
 * hundreds of kilobytes for the dynamic searches; the static searches'
 * reach (below), as large, is on the heap for the length of the step.
 *
 * The cost
 * --------
 * A step runs thousands of searches over one grid, so where the grid
 * stays as it is (cycles, forcing chains, cell and region forcing chains)
 * each node's children are found once, in SE's order, the cell links
 * first: a search with or without cell or unit links takes a slice of
 * them. A dynamic run works them out as it goes, from its own copy of
 * the candidates. A cell's three units and its places in them come from
 * a table the compiler works out; a cycle's strikes come from what its
 * nodes see, as cell sets by digit and band, rather than from a scan of
 * the grid.
 *
 * A cycle comes back to its source by a strong link, so a search starts
 * only from a candidate with one, and leaves out the off nodes without
 * one, which lead nowhere. Each record of a cycle search marks the nodes
 * on its path in one word (a bit for each candidate, by number modulo
 * 64), so that most nodes are known not to be on the path without
 * walking it.
 *
 * The static searches of each kind run only where they can find
 * something: from the components of the links between hubs (reach_build),
 * a cycle can come back only to a hub of a component with several, and a
 * forcing chain only from a node that a hub it sees leads back to. Most
 * candidates of a grid have neither, and their searches found nothing at
 * full cost: grading the 1,000 puzzles of `generate -n 1000 --seed 5`
 * takes 16% fewer instructions (2,515 million against 3,010), the first
 * 100 of magictour 7% fewer (4,110 against 4,403).
 *
 * A forcing chain search first measures its shortest chain from both ends
 * at once, half as deep (forcing_length), and runs in full, to find the
 * chain SE finds, only where that length could beat the best. The chains
 * of one digit are measured before the static searches, and the best of
 * them bounds them from the start (forcing_bound). A kind of chain whose
 * base rating alone cannot beat the bound is not looked for at all. The
 * static searches once went in passes under rising bounds (6.95, 7.35,
 * then none), each pass skipping the searches an earlier one had run in
 * full; with forcing_bound's bound, one pass with no other takes 1.4 to
 * 3.2% fewer instructions: grading 30 of magictour 1,686 million against
 * 1,647, 300 of qqwing 577 against 559, six of the forum's hardest 3,556
 * against 3,504, and `generate --level extreme -n 15` 831 against 809.
 *
 * Within one search of the multiple family the run from an on node is
 * always the same, yet SE's order asks for it once for the candidate's own
 * chains and once more for each unit where it is not its digit's first
 * place. A memo keeps each on run's nodes (and whether it ended at a
 * contradiction; Nishio, which reads no nodes, keeps only that), so each
 * is made once; the full run, with its parents, is made again only where
 * a conclusion is found or two sets of nodes meet, to measure the lengths,
 * and only while the lengths measured so far (with two nodes for each run
 * still to measure) could beat the best. A static run wanted for its
 * nodes alone is swept without records (chains_run_nodes). A nested list
 * of static cell and region forcing chains, which wants nearly every
 * candidate's run, finds them all at once (closures_build): past an off
 * node a static run goes on only by a strong link, so a run is the union
 * of what the runs of the hubs it reaches hold, found once for each
 * component of the hubs; only a run that holds a node and its opposite,
 * and so stops at a contradiction, is swept in order. On a nested +MFC
 * puzzle of the forum's hardest the three take the grade from 4,811
 * million instructions to 3,445.
 */
#include "chains.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#ifdef SUDOKU_THREADS
#include <threads.h>
#endif

/*
 * The static searches are inlined, by force, into each kind of chain
 * (static_kind), whose cell and unit links are then constants where the
 * searches read them: `generate --level extreme` runs 2.8% fewer
 * instructions than with one loop over the kinds. gcc 12 would not inline
 * the cycle search on its own, as the complete lists of nested chains
 * call it too. An unoptimised build (Debug, coverage) keeps one copy of
 * each, whose branches are the source's, where copies that never fold
 * their constants would each count a branch of their own.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define SEARCH_INLINE inline __attribute__((always_inline))
#else
#define SEARCH_INLINE inline
#endif

/* ------------------------------------------------------------------ */
/* The rules                                                           */
/* ------------------------------------------------------------------ */

/* An implied node, and where its hidden parents lie: CELL_RULE, or the unit. */
typedef struct child {
    int node;
    int rule;
} child;


static void unit_triple(int cell, int units[3])
{
    units[0] = box_of(cell); /* SE's order: box, row, column */
    units[1] = row_of(cell);
    units[2] = column_of(cell);
}

void view_init(view *v, const sudoku_candidates *g)
{
    memcpy(v->mask, g->mask, sizeof v->mask);
    memset(v->places, 0, sizeof v->places);
    for (int u = 0; u < UNITS; u++) {
        for (int i = 0; i < 9; i++) {
            for (unsigned m = g->mask[unit_cell(u, i)]; m; m &= m - 1)
                v->places[u][lowest_bit(m)] |= (unsigned short)(1u << i);
        }
    }
}

/*
 * A cell's units in SE's order (box, row, column), its place in each, and
 * the places in each that its on nodes' links pass over: itself in the
 * box, and the box's three in the row and the column, which come after it.
 */
typedef struct where {
    unsigned char unit[3], pos[3];
    unsigned short skip[3];
} where;

/* Every cell's, worked out by the compiler. */
#define WHERE(c)                                                               \
    {{18 + (c) / 27 * 3 + (c) % 9 / 3, (c) / 9, 9 + (c) % 9},                  \
     {(c) / 9 % 3 * 3 + (c) % 3, (c) % 9, (c) / 9},                           \
     {1u << ((c) / 9 % 3 * 3 + (c) % 3), 7u << ((c) % 9 / 3 * 3),               \
      7u << ((c) / 9 / 3 * 3)}}
#define WHERE_ROW(r)                                                           \
    WHERE(9 * (r)), WHERE(9 * (r) + 1), WHERE(9 * (r) + 2), WHERE(9 * (r) + 3), \
        WHERE(9 * (r) + 4), WHERE(9 * (r) + 5), WHERE(9 * (r) + 6),             \
        WHERE(9 * (r) + 7), WHERE(9 * (r) + 8)

static const where wheres[SUDOKU_CELLS] = {
    WHERE_ROW(0), WHERE_ROW(1), WHERE_ROW(2), WHERE_ROW(3), WHERE_ROW(4),
    WHERE_ROW(5), WHERE_ROW(6), WHERE_ROW(7), WHERE_ROW(8),
};

static inline const where *where_is(int cell)
{
    return &wheres[cell];
}

/*
 * Finds the links of every candidate's two nodes, once for a search, in
 * SE's order: an on node's other candidates of its cell, then the other
 * places of its digit in its box, row and column (a cell met twice in the
 * box only); an off node's other candidate of a cell left with two, then
 * the other place in each unit left with two.
 */
void links_build(links *restrict l, const view *restrict v)
{
    int used = 0;

    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        const unsigned mask = v->mask[cell];
        const where w = *where_is(cell);

        for (int digit = 1; digit <= 9; digit++) {
            const int off = make_node(cell, digit, 0), on = off + 1;
            const unsigned bit = digit_bit(digit), others = mask & ~bit;
            unsigned places[3];

            l->first[off] = (unsigned short)used;
            if (!(mask & bit)) {
                l->units[off] = l->first[on] = l->units[on] = (unsigned short)used;
                continue;
            }
            for (int k = 0; k < 3; k++)
                places[k] = v->places[w.unit[k]][digit - 1];
            /* off: the cell's other candidate, then the units' other place */
            if (others && !(others & (others - 1)))
                l->to[used++] = (unsigned short)make_node(cell, lowest_bit(others) + 1, 1);
            l->units[off] = (unsigned short)used;
            for (int k = 0; k < 3; k++) {
                const unsigned p = places[k] & ~(1u << w.pos[k]);

                if (p && !(p & (p - 1)))
                    l->to[used++] = (unsigned short)make_node(unit_cell(w.unit[k], lowest_bit(p)),
                                                              digit, 1);
            }
            /* on: the cell's other candidates, then the units' other places */
            l->first[on] = (unsigned short)used;
            for (unsigned rest = others; rest; rest &= rest - 1)
                l->to[used++] = (unsigned short)make_node(cell, lowest_bit(rest) + 1, 0);
            l->units[on] = (unsigned short)used;
            for (int k = 0; k < 3; k++) {
                for (unsigned p = places[k] & ~w.skip[k]; p; p &= p - 1)
                    l->to[used++] = (unsigned short)make_node(unit_cell(w.unit[k], lowest_bit(p)),
                                                              digit, 0);
            }
        }
    }
    l->first[NODE_COUNT] = (unsigned short)used;
}

/* Whether a node has children, with or without the cell links: one
 * comparison, where links_of()'s slice and count in forcing_length's
 * branchless loop cost 5% more instructions on `generate --level extreme`. */
static inline int links_any(const links *l, int n, int cell_links)
{
    return l->first[n + 1] > (cell_links ? l->first[n] : l->units[n]);
}

/* A node's children, with or without the cell links and the unit links. */
static inline const unsigned short *links_of(const links *l, int n, int cell_links,
                                             int unit_links, int *count)
{
    const int lo = cell_links ? l->first[n] : l->units[n];
    const int hi = unit_links ? l->first[n + 1] : l->units[n];

    *count = hi - lo;
    return &l->to[lo];
}

/* A tenth for each step of length past 4, 6, 8, 12, 16, 24, ... (SE's sum
 * of doubles, so that ties and roundings come out as SE's do). */
double length_bonus(int complexity)
{
    double added = 0.0;
    int ceiling = 4, odd = 0;

    while (complexity - 2 > ceiling) {
        added += 0.1;
        ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
        odd = !odd;
    }
    return added;
}

static int tenths(double difficulty)
{
    return (int)((difficulty + 0.05) * 10);
}

/* ------------------------------------------------------------------ */
/* The best step so far                                                */
/* ------------------------------------------------------------------ */

/*
 * Whether a conclusion comes before the best in SE's order: easier, then
 * shorter, then of a kind found first, then from an earlier cell (cells
 * taken out of order, by threads that share a search, keep SE's order).
 */
static int comes_first(const chain_search *s, double difficulty, int complexity,
                       int key, int cell)
{
    if (!s->found)
        return 1;
    if (difficulty != s->difficulty)
        return difficulty < s->difficulty;
    if (complexity != s->complexity)
        return complexity < s->complexity;
    if (key != s->key)
        return key < s->key;
    return cell < s->best_cell;
}

/* Whether a conclusion from the cell searched now beats the best. */
static int beats(const chain_search *s, double difficulty, int complexity,
                 int key)
{
    return comes_first(s, difficulty, complexity, key, s->cell);
}

/* Whether a conclusion of this base, at least this long, could beat the best. */
static int could_beat(const chain_search *s, double base, int complexity, int key)
{
    return beats(s, base + length_bonus(complexity), complexity, key);
}

/*
 * Takes a conclusion as the best so far if it beats it and changes the
 * grid: target off strikes it, target on places it. Returns 1 if taken;
 * the caller then adds the branches.
 */
static int claim(chain_search *s, const sudoku_candidates *g, double difficulty,
                 int complexity, int key, sudoku_technique technique,
                 int target)
{
    const int cell = node_cell(target), digit = node_digit(target);
    sudoku_step *step = &s->step;

    if (!beats(s, difficulty, complexity, key))
        return 0;
    if (node_on(target) && !(g->mask[cell] & ~digit_bit(digit)))
        return 0;
    s->found = 1;
    s->bound = 0;
    s->difficulty = difficulty;
    s->complexity = complexity;
    s->key = key;
    s->best_cell = s->cell;
    step_start(step, technique, tenths(difficulty));
    step->digits = (unsigned short)digit_bit(digit);
    if (node_on(target)) {
        step->strike[cell] = (unsigned short)(g->mask[cell] & ~digit_bit(digit));
        step->place[cell] = (unsigned char)digit;
    } else {
        step->strike[cell] = (unsigned short)digit_bit(digit);
    }
    return 1;
}

void step_add_branch(sudoku_step *step, const unsigned short *leaf_first, int n)
{
    const int room = SUDOKU_STEP_CHAIN - step->chain_count;
    int keep = n;

    if (room < 2) {
        step->chain_cut = 1;
        return;
    }
    if (n > room) {
        keep = room;
        step->chain_cut = 1;
    }
    for (int i = 0; i < keep; i++) {
        /* the last kept node is the branch's end, when it is cut short */
        const int from = i == keep - 1 ? 0 : n - 1 - i;
        const int node = leaf_first[from];
        sudoku_chain_node *out = &step->chain[step->chain_count++];

        out->cell = (unsigned char)node_cell(node);
        out->digit = (unsigned char)node_digit(node);
        out->flags = (unsigned char)((node_on(node) ? SUDOKU_CHAIN_ON : 0) |
                                     (i == 0 ? SUDOKU_CHAIN_BRANCH : 0) |
                                     (keep < n && i == keep - 1 ? SUDOKU_CHAIN_CUT : 0));
    }
}

/* ------------------------------------------------------------------ */
/* Static cycles and forcing chains: one parent per node               */
/* ------------------------------------------------------------------ */

/* A node's bit in the marks of the paths through it: its candidate's number,
 * modulo 64. */
static inline uint64_t path_mark(int n)
{
    return (uint64_t)1 << (n / 2 % 64);
}

static void trail_start(trail *t, int source)
{
    t->count = 0;
    t->on_head = t->on_tail = t->off_head = t->off_tail = 0;
    memset(&t->seen, 0, sizeof t->seen);
    nodes_put(&t->seen, source);
    t->node[0] = (unsigned short)source;
    t->parent[0] = -1;
    t->path_mark[0] = path_mark(source);
    t->count = 1;
    if (node_on(source))
        t->on_queue[t->on_tail++] = 0;
    else
        t->off_queue[t->off_tail++] = 0;
}

/* Adds a record, queued or not; -1 when the trail is full. */
static int trail_add(trail *t, int node, int parent, int queued)
{
    const int r = t->count;

    if (r >= TRAIL_CAP)
        return -1;
    t->node[r] = (unsigned short)node;
    t->parent[r] = (short)parent;
    t->path_mark[r] = t->path_mark[parent] | path_mark(node);
    t->count++;
    if (queued && node_on(node))
        t->on_queue[t->on_tail++] = (unsigned short)r;
    else if (queued)
        t->off_queue[t->off_tail++] = (unsigned short)r;
    return r;
}

/* Whether node n is an ancestor of record r (r itself not counted). */
static int trail_has_ancestor(const trail *t, int r, int n)
{
    if (!(t->path_mark[r] & path_mark(n)))
        return 0;
    for (r = t->parent[r]; r >= 0; r = t->parent[r]) {
        if (t->node[r] == n)
            return 1;
    }
    return 0;
}

/* The nodes from record r up to the assumption, leaf first. */
static int trail_path(const trail *t, int r, unsigned short *out)
{
    int n = 0;

    for (; r >= 0 && n < TRAIL_CAP; r = t->parent[r])
        out[n++] = t->node[r];
    return n;
}

/* Strikes what a cycle rules out: what sees an on node either way round. */
static int cycle_strikes(const view *v, const unsigned short *path, int n,
                         unsigned short *strike)
{
    /* by digit, the cells that see an on node, or an off node, of it */
    cell_set forth[9] = {{{0}}}, back[9] = {{{0}}}, in_chain = {{0}};
    unsigned digits = 0;
    int any = 0;

    for (int i = 0; i < n - 1; i++) {
        const int digit = node_digit(path[i]), cell = node_cell(path[i]);
        cell_set *side = node_on(path[i]) ? &forth[digit - 1] : &back[digit - 1];
        const cell_set sight = cell_peers(cell);

        in_chain.band[cell / 27] |= (uint32_t)1 << cell % 27;
        digits |= digit_bit(digit);
        for (int b = 0; b < 3; b++)
            side->band[b] |= sight.band[b];
    }
    for (unsigned d = digits; d; d &= d - 1) {
        const int i = lowest_bit(d);
        uint32_t holds[3] = {0};

        for (int row = 0; row < 9; row++)
            holds[row / 3] |= (uint32_t)v->places[row][i] << row % 3 * 9;
        for (int b = 0; b < 3; b++)
            any |= (forth[i].band[b] &= back[i].band[b] & holds[b] & ~in_chain.band[b]) != 0;
    }
    if (!any)
        return 0;
    memset(strike, 0, SUDOKU_CELLS * sizeof *strike);
    for (unsigned d = digits; d; d &= d - 1) {
        const int i = lowest_bit(d);

        for (int b = 0; b < 3; b++) {
            for (uint32_t left = forth[i].band[b]; left; left &= left - 1)
                strike[b * 27 + lowest_bit(left)] |= (unsigned short)(1u << i);
        }
    }
    return 1;
}

static void offer_cycle(chain_search *s, int r, int y, int x)
{
    unsigned short strike[SUDOKU_CELLS];
    const int n = trail_path(&s->trail, r, s->path), complexity = n - 1;

    if (s->sink) {
        sink_trail(s, s->path, n, 1, y, x);
        return;
    }
    const double difficulty = (y && x ? 7.0 : 6.5) + length_bonus(complexity);
    const int key = y && x ? KEY_XY : y ? KEY_Y : KEY_X;

    if (!beats(s, difficulty, complexity, key))
        return;
    if (!cycle_strikes(&s->grid, s->path, n, strike))
        return;
    s->found = 1;
    s->bound = 0;
    s->difficulty = difficulty;
    s->complexity = complexity;
    s->key = key;
    step_start(&s->step, y && x ? SUDOKU_XY_CYCLE : y ? SUDOKU_Y_CYCLE : SUDOKU_X_CYCLE,
               tenths(difficulty));
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        s->step.strike[c] = strike[c];
        s->step.digits |= strike[c];
    }
    step_add_branch(&s->step, s->path, n);
}

/* Whether off node n closes a cycle: whether its opposite is one of `back`,
 * the on nodes that strong links lead to from the source's off node. */
static inline int closes(const unsigned short *back, int count, int n)
{
    for (int i = 0; i < count; i++) {
        if (back[i] == (n ^ 1))
            return 1;
    }
    return 0;
}

/* Whether hub n is in component home. */
static inline int at_home(const reach *q, int n, int home)
{
    assert(q->number[n] >= 0); /* a strong link ends at a hub */
    return q->comp[q->number[n]] == home;
}

/* Whether a strong link of an off node's, `to`, leads into component home. */
static inline int leads_home(const reach *q, const unsigned short *to, int count, int home)
{
    for (int i = 0; i < count; i++) {
        if (at_home(q, to[i], home))
            return 1;
    }
    return 0;
}

/*
 * SE's cycle search from an on node: breadth-first, a layer of on nodes
 * then a layer of off nodes; on nodes are found once, off nodes once per
 * path (but never twice on one path). Every way back to the start after
 * four links or more is a cycle. In the last layers, past which no cycle
 * could beat the best, only the off nodes that close one are followed.
 *
 * It keeps to the source's component of q, the reach of the kind: every
 * on node of a cycle through the source is a hub of it (reach_cycle), so
 * an on node outside it, and an off node whose strong links all leave it,
 * are not followed. Nothing they lead to comes back, so the cycles found,
 * and their order, are the same (and the trail, holding fewer records,
 * fills later).
 */
static SEARCH_INLINE void search_cycles(chain_search *s, int source, int y, int x,
                                        const reach *q)
{
    trail *t = &s->trail;
    const int home = q->comp[q->number[source]];
    const double base = y && x ? 7.0 : 6.5;
    const int key = y && x ? KEY_XY : y ? KEY_Y : KEY_X;
    int length = 0, strong;
    /* A cycle comes back by a strong link, from an off node to the source;
       the same link leads from the source's off node to that one's on. */
    const unsigned short *back = links_of(&s->links, source ^ 1, y, x, &strong);

    if (!strong)
        return;
    trail_start(t, source);
    while (t->on_head < t->on_tail || t->off_head < t->off_tail) {
        const int last = !could_beat(s, base, length + 4, key);

        if (!could_beat(s, base, length + 2, key))
            return; /* what is left would be longer than the best */
        length++;
        while (t->on_head < t->on_tail) {
            const int r = t->on_queue[t->on_head++];
            int k;
            const unsigned short *kids = links_of(&s->links, t->node[r], y, 1, &k);

            for (int i = 0; i < k; i++) {
                int onward;
                /* an off node with no strong link leads nowhere, not even
                   back to the source */
                const unsigned short *to = links_of(&s->links, kids[i], y, x, &onward);

                if (onward && (!last || closes(back, strong, kids[i])) &&
                    leads_home(q, to, onward, home) &&
                    !trail_has_ancestor(t, r, kids[i]))
                    trail_add(t, kids[i], r, 1);
            }
        }
        length++;
        while (t->off_head < t->off_tail) {
            const int r = t->off_queue[t->off_head++];
            int k;
            const unsigned short *kids = links_of(&s->links, t->node[r], y, x, &k);

            for (int i = 0; i < k; i++) {
                const int n = kids[i];

                if (length >= 4 && n == source) {
                    const int c = trail_add(t, n, r, 0);

                    if (c >= 0)
                        offer_cycle(s, c, y, x);
                }
                if (!last && !nodes_has(&t->seen, n)) {
                    nodes_put(&t->seen, n);
                    if (at_home(q, n, home))
                        trail_add(t, n, r, 1);
                }
            }
        }
    }
}

static void offer_forcing(chain_search *s, const sudoku_candidates *g, int r,
                          int y)
{
    const int n = trail_path(&s->trail, r, s->path);
    const double difficulty = (y ? 7.0 : 6.6) + length_bonus(n);

    if (s->sink) {
        sink_trail(s, s->path, n, 0, y, 1);
        return;
    }
    if (claim(s, g, difficulty, n, y ? KEY_XY : KEY_X,
              y ? SUDOKU_FORCING_CHAIN : SUDOKU_FORCING_X_CHAIN, s->path[0]))
        step_add_branch(&s->step, s->path, n);
}

/*
 * Spreads the implications of a node, each found once, until its opposite
 * turns up. No layer needs a bound: forcing() runs the search only where
 * the shortest chain, measured first, could beat the best, and that is the
 * chain it finds; chains_static_all() takes every chain.
 */
static void search_forcing(chain_search *s, const sudoku_candidates *g,
                           int source, int y)
{
    trail *t = &s->trail;
    const int target = source ^ 1;
    int found = -1;

    trail_start(t, source);
    while (found < 0 && (t->on_head < t->on_tail || t->off_head < t->off_tail)) {
        for (int phase = 1; phase >= 0 && found < 0; phase--) {
            while (phase ? t->on_head < t->on_tail : t->off_head < t->off_tail) {
                const int r = phase ? t->on_queue[t->on_head++]
                                    : t->off_queue[t->off_head++];
                int k;
                const unsigned short *kids = links_of(&s->links, t->node[r], y, 1, &k);

                for (int i = 0; i < k; i++) {
                    const int n = kids[i];

                    if (n == target && found < 0)
                        found = trail_add(t, n, r, 0);
                    if (!nodes_has(&t->seen, n)) {
                        nodes_put(&t->seen, n);
                        trail_add(t, n, r, 1);
                    }
                }
            }
        }
    }
    if (found >= 0)
        offer_forcing(s, g, found, y);
}

/*
 * The length (in links) of the shortest forcing chain from a node to its
 * opposite, found from both ends with one search. A link n -> m of the
 * grid goes with its contrapositive, m^1 -> n^1, so a node m at distance i
 * from the source whose opposite is at distance j closes a chain of i + j
 * links (the source to m, then the way to m^1 read backwards and negated);
 * and a chain of L links has such a node halfway. So the shortest chain
 * is known once the layers reach half its length: a breadth-first search
 * half as deep as the chain itself. Returns the length, FORCING_NONE when
 * no chain exists, or FORCING_LONG when none could be short enough to beat
 * the best (of base `base`).
 */
enum { FORCING_NONE = -1, FORCING_LONG = -2 };

static SEARCH_INLINE int forcing_length(chain_search *s, int source, int y, double base)
{
    unsigned short *queue = s->trail.on_queue;
    uint32_t *reached = s->reached;
    const uint32_t epoch = s->epoch;
    const int key = y ? KEY_XY : KEY_X;
    int head = 0, tail = 0, best = 1 << 30, h = 0, length = FORCING_NONE;

    reached[source] = epoch;
    queue[tail++] = (unsigned short)source;
    for (; head < tail; h++) {
        /* every node within h links is known: so is every chain of up to
           2h links */
        if (best <= 2 * h)
            break;
        if (!could_beat(s, base, 2 * h + 2, key)) {
            length = FORCING_LONG; /* one of 2h + 1 links, or more, cannot */
            break;
        }
        for (const int end = tail; head < end; head++) {
            int k;
            const unsigned short *kids = links_of(&s->links, queue[head], y, 1, &k);

            /* without branches, which a node found or not would mispredict */
            for (int i = 0; i < k; i++) {
                const int n = kids[i];
                const uint32_t was = reached[n];
                const int fresh = was < epoch;
                /* the opposite's distance, or more than any if it was not
                   reached: earlier searches left smaller marks */
                const uint32_t back = reached[n ^ 1] - epoch;
                const int meets = fresh & (back < (uint32_t)(best - h - 1));

                reached[n] = fresh ? epoch + (uint32_t)h + 1 : was;
                queue[tail] = (unsigned short)n;
                tail += fresh & links_any(&s->links, n, y); /* not a dead end */
                best = meets ? h + 1 + (int)back : best;
            }
        }
    }
    s->epoch = epoch + (uint32_t)h + 2; /* past every distance of this search */
    return length == FORCING_LONG || best == 1 << 30 ? length : best;
}

/* Tarjan's pop: the hubs from v up on the stack make a component. */
static void reach_pop(reach *q, int v, int *top, int *comps, int *members)
{
    const int c = (*comps)++;
    int w;

    q->comp_first[c] = (short)*members;
    do {
        w = q->stack[--*top];
        q->comp[w] = (short)c;
        q->member[(*members)++] = (unsigned short)w;
    } while (w != v);
    q->comp_first[c + 1] = (short)*members;
    q->cyclic[c] = *members - q->comp_first[c] > 1;
}

/* Tarjan's search from one hub, without recursion. */
static void reach_visit(reach *q, int root, int *counter, int *top, int *comps,
                        int *members)
{
    int depth = 0;

    q->order[root] = q->low[root] = (short)(*counter)++;
    q->stack[(*top)++] = (unsigned short)root;
    q->path[depth++] = (unsigned short)root;
    q->next[root] = q->first[root];
    while (depth > 0) {
        const int v = q->path[depth - 1];

        if (q->next[v] < q->first[v + 1]) {
            const int w = q->to[q->next[v]++];

            if (q->order[w] < 0) {
                q->order[w] = q->low[w] = (short)(*counter)++;
                q->stack[(*top)++] = (unsigned short)w;
                q->path[depth++] = (unsigned short)w;
                q->next[w] = q->first[w];
            } else if (q->comp[w] < 0 && q->order[w] < q->low[v]) {
                q->low[v] = q->order[w]; /* still on the stack */
            }
            continue;
        }
        depth--;
        if (depth > 0 && q->low[v] < q->low[q->path[depth - 1]])
            q->low[q->path[depth - 1]] = q->low[v];
        if (q->low[v] == q->order[v])
            reach_pop(q, v, top, comps, members);
    }
}

/* The components of the links between the hubs, by Tarjan's search, each
 * one after those its links lead to; how many. */
static int reach_components(reach *q)
{
    int counter = 0, top = 0, comps = 0, members = 0;

    for (int h = 0; h < q->hubs; h++) {
        q->order[h] = -1;
        q->comp[h] = -1;
        q->stamp[h] = -1;
    }
    for (int h = 0; h < q->hubs; h++) {
        if (q->order[h] < 0)
            reach_visit(q, h, &counter, &top, &comps, &members);
    }
    return comps;
}

/* The hubs and the links between them, for chains of one kind (cell links
 * with y, unit strong links with x). */
static void reach_hubs(reach *q, const links *l, const view *v, int y, int x)
{
    int used = 0;

    q->hubs = 0;
    memset(q->number, -1, sizeof q->number);
    memset(q->strong, 0, sizeof q->strong);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        for (unsigned m = v->mask[cell]; m; m &= m - 1) {
            const int n = make_node(cell, lowest_bit(m) + 1, 0);
            int k;
            const unsigned short *to;

            if (l->first[n + 1] == l->first[n])
                continue; /* none that the off node leads to */
            to = links_of(l, n, y, x, &k);
            q->strong[n] = k > 0;
            for (int i = 0; i < k; i++) {
                if (q->number[to[i]] < 0) {
                    q->hub[q->hubs] = (unsigned short)to[i];
                    q->number[to[i]] = (short)q->hubs++;
                }
            }
        }
    }
    for (int h = 0; h < q->hubs; h++) {
        int k;
        const unsigned short *weak = links_of(l, q->hub[h], y, 1, &k);

        q->first[h] = used;
        for (int i = 0; i < k; i++) {
            int j;
            const unsigned short *strong;

            if (!q->strong[weak[i]])
                continue;
            strong = links_of(l, weak[i], y, x, &j);
            for (int e = 0; e < j; e++)
                q->to[used++] = (unsigned short)q->number[strong[e]];
        }
    }
    q->first[q->hubs] = used;
}

/*
 * By candidate, the hubs its on node sees: a hub's weak links lead to the
 * off nodes of those it sees, and seeing goes both ways.
 */
static void reach_seen(reach *q, const links *l, int y)
{
    int used = 0;

    memset(q->seen_head, -1, sizeof q->seen_head);
    for (int h = q->hubs - 1; h >= 0; h--) { /* each list in hub order */
        int k;
        const unsigned short *weak = links_of(l, q->hub[h], y, 1, &k);

        for (int i = 0; i < k && used < LINK_CAP; i++) {
            q->seen[used] = (unsigned short)h;
            q->seen_next[used] = q->seen_head[weak[i] >> 1];
            q->seen_head[weak[i] >> 1] = (short)used++;
        }
    }
}

/*
 * Whether a chain through hub n may rest on a candidate struck from
 * `since` (a run's start, or an earlier grid) to v. A nested chain counts
 * only where it does (fixpoint.c): where the cell or the unit that makes
 * one of its strong links lost a candidate, and every strong link ends at
 * a hub in the cell, or in a unit, that made it. So a hub none of whose
 * cell's candidates, and none of whose digit's places in its units, were
 * struck lets no chain rest on anything through it.
 */
static int hub_fresh(const view *since, const view *v, int n)
{
    const int cell = node_cell(n), d = node_digit(n) - 1;
    const where *w = where_is(cell);
    unsigned struck = since->mask[cell] & ~v->mask[cell];

    for (int k = 0; k < 3; k++)
        struck |= since->places[w->unit[k]][d] & ~v->places[w->unit[k]][d];
    return struck != 0;
}

/* Takes node n into a closure, and queues it, unless it is there. */
static inline void closure_take(node_set *closure, unsigned short *queue, int *tail, int n)
{
    if (!nodes_has(closure, n)) {
        nodes_put(closure, n);
        queue[(*tail)++] = (unsigned short)n;
    }
}

/* The strong links of a grid: by candidate, the on nodes that its off
 * node implies, where its cell or a unit of its digit is left with two. */
typedef struct strong_links {
    unsigned char count[SUDOKU_CELLS * 9];
    unsigned short to[SUDOKU_CELLS * 9][4];
} strong_links;

static void strong_link(strong_links *s, int from, int to)
{
    s->to[from >> 1][s->count[from >> 1]++] = (unsigned short)to;
}

static void strong_links_find(const view *v, strong_links *s)
{
    memset(s->count, 0, sizeof s->count);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const unsigned m = v->mask[c];

        if (bit_count9(m) == 2) {
            const int a = make_node(c, lowest_bit(m) + 1, 1),
                      b = make_node(c, lowest_bit(m & (m - 1)) + 1, 1);

            strong_link(s, a, b);
            strong_link(s, b, a);
        }
    }
    for (int u = 0; u < UNITS; u++) {
        for (int d = 0; d < 9; d++) {
            const unsigned p = v->places[u][d];

            if (bit_count9(p) == 2) {
                const int a = make_node(unit_cell(u, lowest_bit(p)), d + 1, 1),
                          b = make_node(unit_cell(u, lowest_bit(p & (p - 1))), d + 1, 1);

                strong_link(s, a, b);
                strong_link(s, b, a);
            }
        }
    }
}

/* Node n and every node that it implies on v by static links: an on
 * node's weak links, read off the grid, and an off node's strong ones. */
static void static_closure(const view *v, const strong_links *s, int n, node_set *closure)
{
    unsigned short queue[NODE_COUNT];
    int head = 0, tail = 0;

    memset(closure, 0, sizeof *closure);
    closure_take(closure, queue, &tail, n);
    while (head < tail) {
        const int m = queue[head++], cell = node_cell(m), d = node_digit(m);
        const where *w = where_is(cell);

        if (!node_on(m)) {
            for (int i = 0; i < s->count[m >> 1]; i++)
                closure_take(closure, queue, &tail, s->to[m >> 1][i]);
            continue;
        }
        /* the cell's other candidates, the digit's other places */
        for (unsigned rest = v->mask[cell] & ~digit_bit(d); rest; rest &= rest - 1)
            closure_take(closure, queue, &tail, make_node(cell, lowest_bit(rest) + 1, 0));
        for (int k = 0; k < 3; k++) {
            for (unsigned p = v->places[w->unit[k]][d - 1] & ~(1u << w->pos[k]); p; p &= p - 1)
                closure_take(closure, queue, &tail,
                             make_node(unit_cell(w->unit[k], lowest_bit(p)), d, 0));
        }
    }
}

/*
 * The closures of one fresh_links_meet(), each found once: most of the
 * on nodes it starts from end two links or more (a cell's and a unit's).
 */
enum { CLOSURES_KEPT = 64 };

typedef struct closures {
    const view *grid;
    strong_links strong; /* the grid's */
    short slot[SUDOKU_CELLS * 9]; /* an on node's candidate -> its closure, or -1 */
    int count;
    node_set set[CLOSURES_KEPT];
} closures;

/* On node n's closure: kept, or found into spare once all are taken. */
static const node_set *closure_kept(closures *c, int n, node_set *spare)
{
    short *slot = &c->slot[n >> 1];
    node_set *set = spare;

    if (*slot >= 0)
        return &c->set[*slot];
    if (c->count < CLOSURES_KEPT) {
        *slot = (short)c->count;
        set = &c->set[c->count++];
    }
    static_closure(c->grid, &c->strong, n, set);
    return set;
}

/* Whether the closures of the on nodes a and b meet. */
static int closures_meet(closures *c, int a, int b)
{
    node_set spare_a, spare_b;

    return nodes_meet(closure_kept(c, a, &spare_a), closure_kept(c, b, &spare_b));
}

/*
 * Whether v may have a static chain (a forcing chain or a cycle), where
 * `since`, with more candidates, has none: it is the grid of a step that
 * came to the nested chains, or of an earlier one (nest_list()).
 *
 * A chain of v whose strong links are all links of `since` is a chain of
 * `since` too: v's weak links are all links of `since`, and what the
 * chain strikes or places is there as well. So every chain of v goes
 * through a strong link {a, b} that `since` lacks, of a cell or of a unit
 * that the strikes left with two. A forcing chain from s goes s => ... =>
 * -a => b => ... => -s; read from a backwards, each link turned into its
 * contrapositive (a link of the same kind), a => ... => -s: so -s is in
 * the closures of both a and b. A cycle through the link strikes only
 * candidates from which such a forcing chain goes around it. Where the
 * closures of the two ends of no such link meet, v has no static chain.
 */
static int fresh_links_meet(const view *since, const view *v)
{
    closures kept;

    kept.grid = v;
    strong_links_find(v, &kept.strong);
    memset(kept.slot, -1, sizeof kept.slot);
    kept.count = 0;
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const unsigned m = v->mask[c];

        if (bit_count9(m) == 2 && m != since->mask[c] &&
            closures_meet(&kept, make_node(c, lowest_bit(m) + 1, 1),
                          make_node(c, lowest_bit(m & (m - 1)) + 1, 1)))
            return 1;
    }
    for (int u = 0; u < UNITS; u++) {
        for (int d = 0; d < 9; d++) {
            const unsigned p = v->places[u][d];

            if (bit_count9(p) == 2 && p != since->places[u][d] &&
                closures_meet(&kept, make_node(unit_cell(u, lowest_bit(p)), d + 1, 1),
                              make_node(unit_cell(u, lowest_bit(p & (p - 1))), d + 1, 1)))
                return 1;
        }
    }
    return 0;
}

/*
 * Which components hold, and which reach, a hub through which a chain
 * may rest on a candidate struck since `since` (all of them when NULL).
 */
static void reach_fresh(reach *q, const view *v, const view *since, int comps)
{
    uint64_t fresh[(NODE_COUNT + 63) / 64] = {0};

    for (int c = 0; c < comps; c++)
        q->holds_fresh[c] = !since;
    for (int h = 0; h < q->hubs; h++) {
        if (since && hub_fresh(since, v, q->hub[h])) {
            fresh[h / 64] |= (uint64_t)1 << h % 64;
            q->holds_fresh[q->comp[h]] = 1;
        }
    }
    for (int c = 0; c < comps; c++) {
        uint64_t any = !since;

        for (int w = 0; w < q->words; w++)
            any |= q->bits[c * q->words + w] & fresh[w];
        q->reaches_fresh[c] = any != 0;
    }
}

/*
 * Which hubs each hub leads to: Tarjan's algorithm gives the components
 * so that every component a link leads to comes first, so each one's
 * reach is its own hubs and the reach of those it links to, each taken
 * once. With `since`, which may lead to a chain that rests on what was
 * struck since.
 */
static void reach_build(reach *q, const links *l, const view *v, const view *since, int y,
                        int x)
{
    int comps;

    reach_hubs(q, l, v, y, x);
    q->words = (q->hubs + 63) / 64;
    q->bits = q->bit_store;
    comps = reach_components(q);
    reach_seen(q, l, y);
    for (int c = 0; c < comps; c++) {
        uint64_t *bits = &q->bits[c * q->words];

        memset(bits, 0, (size_t)q->words * sizeof *bits);
        for (int i = q->comp_first[c]; i < q->comp_first[c + 1]; i++) {
            const int h = q->member[i];

            bits[h / 64] |= (uint64_t)1 << h % 64;
            for (int e = q->first[h]; e < q->first[h + 1]; e++) {
                const int to = q->comp[q->to[e]];

                if (to == c || q->stamp[to] == c)
                    continue;
                q->stamp[to] = c;
                for (int w = 0; w < q->words; w++)
                    bits[w] |= q->bits[to * q->words + w];
            }
        }
    }
    reach_fresh(q, v, since, comps);
}

/*
 * The nodes of every static run with cell and unit links on a grid, at
 * once. Past an off node a run goes on only by a strong link, to a hub,
 * so a run from hub h holds h, the off nodes its weak links reach, and
 * what the runs of the hubs those lead to hold (reach_hubs): by
 * component, each one's own nodes and those of the components it links
 * to, which Tarjan's order gives first.
 */
void closures_build(reach *q, const links *l, const view *v, node_set *sets)
{
    int comps;

    reach_hubs(q, l, v, 1, 1);
    comps = reach_components(q);
    for (int c = 0; c < comps; c++) {
        node_set *set = &sets[c];

        memset(set, 0, sizeof *set);
        for (int i = q->comp_first[c]; i < q->comp_first[c + 1]; i++) {
            const int h = q->member[i];
            int k;
            const unsigned short *weak = links_of(l, q->hub[h], 1, 1, &k);

            nodes_put(set, q->hub[h]);
            for (int e = 0; e < k; e++)
                nodes_put(set, weak[e]);
            for (int e = q->first[h]; e < q->first[h + 1]; e++) {
                const int to = q->comp[q->to[e]];

                if (to == c || q->stamp[to] == c)
                    continue;
                q->stamp[to] = c;
                for (int w = 0; w < SET_WORDS; w++)
                    set->word[w] |= sets[to].word[w];
            }
        }
    }
}

int closure_of(const reach *q, const links *l, const node_set *sets, int on, node_set *out)
{
    int k, taken = 0;
    const unsigned short *weak = links_of(l, on, 1, 1, &k);
    short took[4 * 28]; /* the components taken: an on node has 28 weak
                           links at most, an off node 4 strong ones */
    uint64_t absurd = 0;

    memset(out, 0, sizeof *out);
    nodes_put(out, on);
    for (int i = 0; i < k; i++) {
        int j;
        const unsigned short *strong = links_of(l, weak[i], 1, 1, &j);

        nodes_put(out, weak[i]);
        for (int e = 0; e < j; e++) {
            const int c = q->comp[q->number[strong[e]]];
            int again = 0;

            for (int t = 0; t < taken && !again; t++)
                again = took[t] == c;
            if (again)
                continue;
            took[taken++] = (short)c;
            for (int w = 0; w < SET_WORDS; w++)
                out->word[w] |= sets[c].word[w];
        }
    }
    /* a node and its opposite, n ^ 1, are neighbouring bits of a word */
    for (int w = 0; w < SET_WORDS; w++)
        absurd |= out->word[w] & out->word[w] >> 1 & 0x5555555555555555u;
    return absurd != 0;
}

/* Whether component c reaches hub h. */
static int reach_in(const reach *q, int c, int h)
{
    return (q->bits[c * q->words + h / 64] >> h % 64 & 1) != 0;
}

/*
 * Whether on node n leads to its opposite. Its weak links lead to the off
 * nodes of what it sees, and an off node with a strong link is a hub's (a
 * strong link one way is one the other way), so only the hubs it sees go
 * on: from a hub m's off node, by its strong links, to what those reach.
 * The chain comes back to n's opposite by a weak link from a hub that n
 * sees. So n leads to its opposite if a hub it sees reaches, that way,
 * one it sees; and to a chain that may rest on what was struck if that
 * way also reaches a fresh hub (reach_fresh).
 */
static int reach_on(const reach *q, const links *l, int n, int y, int x)
{
    const int head = q->seen_head[n >> 1];

    for (int i = head; i >= 0; i = q->seen_next[i]) {
        int k;
        const unsigned short *strong = links_of(l, q->hub[q->seen[i]] ^ 1, y, x, &k);

        for (int e = 0; e < k; e++) {
            const int c = q->comp[q->number[strong[e]]];

            if (!q->reaches_fresh[c])
                continue; /* a chain that way rests on nothing struck */
            for (int j = head; j >= 0; j = q->seen_next[j]) {
                if (reach_in(q, c, q->seen[j]))
                    return 1;
            }
        }
    }
    return 0;
}

/* Whether off node n leads to its opposite, by its strong links. */
static int reach_off(const reach *q, const links *l, int n, int y, int x)
{
    const int h = q->number[n ^ 1];
    int k;
    const unsigned short *to;

    if (!q->strong[n] || h < 0)
        return 0;
    to = links_of(l, n, y, x, &k);
    for (int i = 0; i < k; i++) {
        const int c = q->comp[q->number[to[i]]];

        if (q->reaches_fresh[c] && reach_in(q, c, h))
            return 1;
    }
    return 0;
}

/* Whether node n, on or off, leads to its opposite. */
static int reach_back(const reach *q, const links *l, int n, int y, int x)
{
    return node_on(n) ? reach_on(q, l, n, y, x) : reach_off(q, l, n, y, x);
}

/*
 * Whether a cycle can come back to on node n: it comes back by a strong
 * link, so n is a hub, and SE's cycles have four links at least, so they
 * pass through another hub: n's component holds several. (Every hub leads
 * back to itself in two links, by the link it came by, which SE does not
 * count.) Every on node of a cycle is a hub of that component, and each of
 * its links, both ways round, is a strong link to one of them: a cycle
 * rests on what was struck only through a component that holds a fresh hub
 * (reach_fresh).
 */
static int reach_cycle(const reach *q, int n)
{
    const int h = q->number[n];

    return h >= 0 && q->cyclic[q->comp[h]] && q->holds_fresh[q->comp[h]];
}

/*
 * SE's forcing chain search from a node, run only where the shortest
 * chain (of one digit: measured by forcing_bound) could beat the best:
 * then it finds that chain as SE does.
 */
static SEARCH_INLINE void forcing(chain_search *s, const sudoku_candidates *g, int source,
                                  int y)
{
    const double base = y ? 7.0 : 6.6;
    const int length = y ? forcing_length(s, source, y, base) : s->forcing[source];

    if (length >= 0 && could_beat(s, base, length + 1, y ? KEY_XY : KEY_X))
        search_forcing(s, g, source, y);
}

/*
 * Measures the forcing chains of one digit first (forcing_length; they are
 * cheap to measure), from the nodes that q, the reach of chains of one
 * digit, says lead back, and bounds the search by the best of them: that
 * chain is a conclusion the search will find, so whatever cannot beat it
 * cannot be the step, and the cycles need not look so far. The bound lets
 * the chain itself through (one node more), and anything of its rating and
 * length found before it.
 */
static void forcing_bound(chain_search *s, const sudoku_candidates *g, const reach *q)
{
    double best = 0;
    int length = 0, any = 0;

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (g->value[c] || bit_count9(g->mask[c]) < 2)
            continue;
        for (unsigned m = g->mask[c]; m; m &= m - 1) {
            const int on = make_node(c, lowest_bit(m) + 1, 1);

            for (int n = on; n >= on - 1; n--) {
                const int target = n ^ 1;
                const int l = reach_back(q, &s->links, n, 0, 1)
                                  ? forcing_length(s, n, 0, 6.6)
                                  : FORCING_NONE;
                double d;

                s->forcing[n] = (short)l;
                if (l < 0 || (node_on(target) &&
                              !(g->mask[node_cell(target)] & ~digit_bit(node_digit(target)))))
                    continue; /* none, or one that changes nothing */
                d = 6.6 + length_bonus(l + 1);
                if (!any || d < best || (d == best && l + 1 < length)) {
                    any = 1;
                    best = d;
                    length = l + 1;
                }
            }
        }
    }
    if (any) {
        s->found = 1;
        s->bound = 1;
        s->difficulty = best;
        s->complexity = length + 1;
        s->key = 1 << 30;
    }
}

/* The kinds of static chain, in SE's order: {y, x}, cell links and unit links. */
static const int kinds[3][2] = {{0, 1}, {1, 0}, {1, 1}};

/*
 * The candidates of cell c that the static searches of a kind start from:
 * those of an open cell with two or more, and of a bivalue cell alone
 * without unit links (x = 0).
 */
static unsigned sources(const sudoku_candidates *g, int c, int x)
{
    const int size = bit_count9(g->mask[c]);

    return g->value[c] || size < 2 || (!x && size > 2) ? 0 : g->mask[c];
}

/*
 * The searches of one kind, in SE's order: by cell and digit, the cycles
 * from each candidate, then the forcing chains from it on and off; only
 * those that can find something (s->reach, built for the kind). With
 * `all`, every chain each finds; else a forcing chain search runs only
 * where it could beat the best (forcing()).
 */
static SEARCH_INLINE void kind_searches(const sudoku_candidates *g, chain_search *s, int y,
                                        int x, int all)
{
    const reach *q = s->reach;

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (unsigned m = sources(g, c, x); m; m &= m - 1) {
            const int on = make_node(c, lowest_bit(m) + 1, 1);

            if (reach_cycle(q, on))
                search_cycles(s, on, y, x, q);
            if (x && reach_on(q, &s->links, on, y, x))
                (all ? search_forcing : forcing)(s, g, on, y);
            if (x && reach_off(q, &s->links, on ^ 1, y, x))
                (all ? search_forcing : forcing)(s, g, on ^ 1, y);
        }
    }
}

/*
 * SE's search of one kind of chain, each conclusion kept if it beats the
 * best so far, and each search cut short where it can no longer; the
 * kind's reach built unless `built` says it is.
 */
static SEARCH_INLINE void static_kind(const sudoku_candidates *g, chain_search *s,
                                      int y, int x, int built)
{
    if (!could_beat(s, y && x ? 7.0 : 6.5, 0, 0))
        return; /* none of this kind is easy enough, not even short */
    if (!built)
        reach_build(s->reach, &s->links, &s->grid, NULL, y, x);
    if (s->reach->hubs > 0) /* else no strong link: no chain at all */
        kind_searches(g, s, y, x, 0);
}

/* SE's search, kind by kind, each written out so that its links are constants. */
int chains_static(const sudoku_candidates *g, chain_search *s)
{
    s->found = 0;
    s->bound = 0;
    memset(s->reached, 0, sizeof s->reached);
    s->epoch = 1;
    /* the first kind's reach serves the chains of one digit measured first */
    reach_build(s->reach, &s->links, &s->grid, NULL, kinds[0][0], kinds[0][1]);
    forcing_bound(s, g, s->reach);
    static_kind(g, s, kinds[0][0], kinds[0][1], 1);
    static_kind(g, s, kinds[1][0], kinds[1][1], 0);
    static_kind(g, s, kinds[2][0], kinds[2][1], 0);
    if (s->found && !s->bound)
        return 1;
    s->found = 0;
    return 0;
}

/*
 * Every static cycle and forcing chain, for a complete list, in SE's
 * order: by kind, cell, digit; from each candidate the cycles, then the
 * forcing chains from it on and off. Only the searches that can find
 * something are run (reach_build): of the forcing chain searches, nearly
 * all would find nothing, and cost the most.
 */
void chains_static_all(const sudoku_candidates *g, chain_search *s)
{
    reach *q = s->reach;

    s->found = 0;
    s->bound = 0;
    if (s->since && !fresh_links_meet(s->since, &s->grid))
        return; /* no chain at all */
    links_build(&s->links, &s->grid);
    for (int k = 0; k < 3; k++) {
        reach_build(q, &s->links, &s->grid, s->since, kinds[k][0], kinds[k][1]);
        if (q->hubs > 0) /* else no strong link: no chain at all */
            kind_searches(g, s, kinds[k][0], kinds[k][1], 1);
    }
}

/* ------------------------------------------------------------------ */
/* Runs: every node an assumption implies, with all its parents        */
/* ------------------------------------------------------------------ */

static int run_record(run *r, int node)
{
    const int rec = r->count;

    /* run_take() records a node once; run_add_rule_node() checks */
    assert(rec < RUN_RECORDS);
    if (r->used >= RUN_POOL) {
        r->full = 1;
        return -1;
    }
    r->node[rec] = (unsigned short)node;
    r->first[rec] = (unsigned short)r->used;
    r->parents[rec] = 0;
    if (r->detail) {
        r->cause[rec] = NO_RULE;
        r->inner[rec] = -1;
    }
    r->count++;
    return rec;
}

static void run_parent(run *r, int rec, int parent)
{
    if (parent < 0)
        return;
    if (r->used >= RUN_POOL) {
        r->full = 1;
        return;
    }
    r->pool[r->used++] = (unsigned short)parent;
    r->parents[rec]++;
}

/* The earlier off nodes that emptied the cell or the unit of a new on node. */
static void run_hidden_parents(run *r, int rec, const child *k)
{
    const int digit = node_digit(k->node);

    if (k->rule == CELL_RULE) {
        const int cell = node_cell(k->node);

        for (unsigned gone = r->start->mask[cell] & ~r->now.mask[cell]; gone; gone &= gone - 1)
            run_parent(r, rec, r->slot[make_node(cell, lowest_bit(gone) + 1, 0)]);
        return;
    }
    for (unsigned gone = r->start->places[k->rule][digit - 1] &
                         ~r->now.places[k->rule][digit - 1];
         gone; gone &= gone - 1)
        run_parent(r, rec, r->slot[make_node(unit_cell(k->rule, lowest_bit(gone)), digit, 0)]);
}

/* A queued record: its number, and its node above, read with it. */
static inline uint32_t queued(int rec, int node)
{
    return (uint32_t)rec | (uint32_t)node << 16;
}

/* Records a node unless the run has it; at its opposite, a contradiction. */
static inline int run_take(run *r, const child *k, int parent)
{
    const int n = k->node;
    /* the node and its opposite, which the run holds (r->has, which
       slot mirrors): bit 0 the off node, bit 1 the on */
    const unsigned held = (unsigned)(r->has.word[n >> 6] >> (n & 62)) & 3;
    int rec;

    if (held >> (n & 1) & 1)
        return 0;
    rec = run_record(r, n);
    if (rec < 0)
        return 1;
    run_parent(r, rec, parent);
    if (node_on(n) && k->rule != NO_RULE) {
        if (r->detail)
            r->cause[rec] = (int8_t)k->rule;
        if (r->dynamic)
            run_hidden_parents(r, rec, k);
    }
    if (held) { /* its opposite */
        r->bad_on = node_on(n) ? rec : r->slot[n ^ 1];
        r->bad_off = node_on(n) ? r->slot[n ^ 1] : rec;
        return 1;
    }
    r->slot[n] = (short)rec;
    nodes_put(&r->has, n);
    if (node_on(n))
        r->on_queue[r->on_tail++] = queued(rec, n);
    else
        r->off_queue[r->off_tail++] = queued(rec, n);
    return 0;
}

/*
 * The children of a run's on node in SE's order (links_build's), each
 * taken as it is found (taking one changes no candidate).
 */
static int run_expand_on(run *r, const chain_mode *m, int rec, int n)
{
    const int cell = node_cell(n), digit = node_digit(n);
    const where *w = where_is(cell);
    child c = {0, 0};

    if (m->cell_links) {
        for (unsigned rest = r->now.mask[cell] & ~digit_bit(digit); rest; rest &= rest - 1) {
            c.node = make_node(cell, lowest_bit(rest) + 1, 0);
            if (run_take(r, &c, rec))
                return 1;
        }
    }
    for (int k = 0; k < 3; k++) {
        for (unsigned p = r->now.places[w->unit[k]][digit - 1] & ~w->skip[k]; p; p &= p - 1) {
            c.node = make_node(unit_cell(w->unit[k], lowest_bit(p)), digit, 0);
            if (run_take(r, &c, rec))
                return 1;
        }
    }
    return 0;
}

/* The same for an off node; then, in a dynamic run, the node strikes its
 * candidate. */
static int run_expand_off(run *r, const chain_mode *m, int rec, int n)
{
    const int cell = node_cell(n), digit = node_digit(n);
    const unsigned bit = digit_bit(digit), others = r->now.mask[cell] & ~bit;
    const where *w = where_is(cell);
    unsigned left[3];

    assert(r->now.mask[cell] & bit); /* struck only here, and once */
    if (m->cell_links && others && !(others & (others - 1))) {
        const child c = {make_node(cell, lowest_bit(others) + 1, 1), CELL_RULE};

        if (run_take(r, &c, rec))
            return 1;
    }
    for (int k = 0; k < 3; k++) {
        const unsigned p = r->now.places[w->unit[k]][digit - 1] & ~(1u << w->pos[k]);

        left[k] = p;
        if (p && !(p & (p - 1))) {
            const child c = {make_node(unit_cell(w->unit[k], lowest_bit(p)), digit, 1),
                             w->unit[k]};

            if (run_take(r, &c, rec))
                return 1;
        }
    }
    if (m->dynamic) {
        r->now.mask[cell] &= (unsigned short)~bit;
        for (int k = 0; k < 3; k++)
            r->now.places[w->unit[k]][digit - 1] = (unsigned short)left[k];
    }
    return 0;
}

/*
 * Why a node implies the next along a link: the cell, or the first unit of
 * SE's order (box, row, column) that the two share. A static run does not
 * record it (it finds no hidden parents by it); the rule parents of a
 * nested chain read it from the node's one parent.
 */
int link_cause(int from, int to)
{
    const int a = node_cell(from), b = node_cell(to);

    if (a == b)
        return CELL_RULE;
    if (box_of(a) == box_of(b))
        return box_of(a);
    return row_of(a) == row_of(b) ? row_of(a) : column_of(a);
}

static int run_expand(run *r, const chain_mode *m, int rec, int n)
{
    int k;

    if (m->links) { /* a static run: the links found once */
        const unsigned short *to = links_of(m->links, n, m->cell_links, 1, &k);

        for (int i = 0; i < k; i++) {
            const child c = {to[i], NO_RULE}; /* its cause: link_cause() */

            if (run_take(r, &c, rec))
                return 1;
        }
        return 0;
    }
    return node_on(n) ? run_expand_on(r, m, rec, n) : run_expand_off(r, m, rec, n);
}

void chains_run_init(run *r)
{
    memset(r->slot, -1, sizeof r->slot);
    memset(&r->has, 0, sizeof r->has);
    r->count = 0;
}

/*
 * Spreads an assumption: one on node at a time while there are some, else
 * one off node. Returns 1 at a contradiction (bad_on and bad_off are then
 * the two records) or when the run is full, else 0. The run's own records
 * are all that its last use left in slot; a static run leaves the grid be.
 */
int chains_run(run *r, const view *g, const chain_mode *m, int start)
{
    const child k = {start, NO_RULE};

    for (int rec = 0; rec < r->count; rec++)
        r->slot[r->node[rec]] = -1;
    memset(&r->has, 0, sizeof r->has);
    /* a static run strikes nothing, and reads its links, not the grid */
    r->start = g;
    r->dynamic = !m->links;
    /* what the chains above 9.0 read of a record: its cause, its nested
       chain */
    r->detail = m->nest != NULL;
    if (r->dynamic)
        r->now = *g;
    r->count = r->used = r->full = r->rules = 0;
    r->on_head = r->on_tail = r->off_head = r->off_tail = 0;
    r->bad_on = r->bad_off = -1;
    run_take(r, &k, -1);
    for (;;) {
        uint32_t q;

        if (r->on_head < r->on_tail) {
            q = r->on_queue[r->on_head++];
        } else if (r->off_head < r->off_tail) {
            q = r->off_queue[r->off_head++];
        } else {
            /* SE's (+) and nested chains: what the rules find at the
               fixpoint goes on, until they find nothing */
            const int added = m->level > 0 ? run_fixpoint(r, m) : 0;

            if (added < 0) { /* out of room, memory or work: no sure run */
                r->full = 1;
                return 1;
            }
            if (added == 0)
                return 0;
            continue;
        }
        if (m->work)
            (*m->work)++;
        if (run_expand(r, m, (int)(q & 0xFFFF), (int)(q >> 16)))
            return 1;
    }
}

/*
 * What a saved run starts with; then its records' nodes, firsts and
 * parents, their causes where the run keeps them (detail: a byte each,
 * two to a word), its pool, and where a fixpoint's rule struck some
 * (rules), each record's nested chain (two words) and rule.
 */
enum {
    SAVED_COUNT, SAVED_USED, SAVED_BAD_ON, SAVED_BAD_OFF, SAVED_WORK, SAVED_FLAGS,
    SAVED_HEAD
};
enum { SAVED_DETAIL = 1, SAVED_RULES = 2 };

int run_saved_room(const run *r)
{
    return SAVED_HEAD + 7 * r->count + r->used; /* with rule nodes, the most */
}

int run_save(const run *r, unsigned short *out)
{
    const int count = r->count, rules = r->rules;
    unsigned short *at = out + SAVED_HEAD;

    assert(r->dynamic && !r->full);
    out[SAVED_COUNT] = (unsigned short)count;
    out[SAVED_USED] = (unsigned short)r->used;
    out[SAVED_BAD_ON] = (unsigned short)(r->bad_on + 1);
    out[SAVED_BAD_OFF] = (unsigned short)(r->bad_off + 1);
    out[SAVED_WORK] = (unsigned short)(r->on_head + r->off_head); /* nodes expanded */
    out[SAVED_FLAGS] = (unsigned short)((r->detail ? SAVED_DETAIL : 0) | (rules ? SAVED_RULES : 0));
    memcpy(at, r->node, (size_t)count * sizeof *at);
    memcpy(at + count, r->first, (size_t)count * sizeof *at);
    memcpy(at + 2 * count, r->parents, (size_t)count * sizeof *at);
    at += 3 * count;
    if (r->detail) {
        memcpy(at, r->cause, (size_t)count);
        at += (count + 1) / 2;
    }
    memcpy(at, r->pool, (size_t)r->used * sizeof *at);
    at += r->used;
    for (int rec = 0; rules && rec < count; rec++) {
        *at++ = (unsigned short)((unsigned)r->inner[rec] & 0xFFFF);
        *at++ = (unsigned short)((unsigned)r->inner[rec] >> 16);
        *at++ = r->rule[rec];
    }
    return (int)(at - out);
}

int run_saved_work(const unsigned short *in)
{
    return in[SAVED_WORK];
}

void run_restore(run *r, const view *g, const unsigned short *in)
{
    const int count = in[SAVED_COUNT], used = in[SAVED_USED];
    const int rules = in[SAVED_FLAGS] & SAVED_RULES;
    const unsigned short *at = in + SAVED_HEAD;
    /* a run that met a contradiction keeps its last record out of slot */
    const int held = in[SAVED_BAD_ON] ? count - 1 : count;

    for (int rec = 0; rec < r->count; rec++) {
        r->slot[r->node[rec]] = -1;
        r->has.word[r->node[rec] >> 6] = 0;
    }
    r->start = g;
    r->dynamic = 1;
    r->detail = in[SAVED_FLAGS] & SAVED_DETAIL;
    r->rules = rules != 0;
    r->count = count;
    r->used = used;
    r->full = 0;
    r->bad_on = in[SAVED_BAD_ON] - 1;
    r->bad_off = in[SAVED_BAD_OFF] - 1;
    r->on_head = r->on_tail = r->off_head = r->off_tail = 0;
    memcpy(r->node, at, (size_t)count * sizeof *at);
    memcpy(r->first, at + count, (size_t)count * sizeof *at);
    memcpy(r->parents, at + 2 * count, (size_t)count * sizeof *at);
    at += 3 * count;
    if (r->detail) {
        memcpy(r->cause, at, (size_t)count);
        at += (count + 1) / 2;
        if (!rules)
            memset(r->inner, -1, (size_t)count * sizeof *r->inner);
    }
    memcpy(r->pool, at, (size_t)used * sizeof *at);
    at += used;
    for (int rec = 0; rules && rec < count; rec++, at += 3) {
        r->inner[rec] = (int)((unsigned)at[0] | (unsigned)at[1] << 16);
        r->rule[rec] = (unsigned char)at[2];
    }
    for (int rec = 0; rec < held; rec++) {
        r->slot[r->node[rec]] = (short)rec;
        nodes_put(&r->has, r->node[rec]);
    }
}

/* Whether two records' nested chains are the same: by id, or by what
 * identifies a chain when two threads' nests each filed it. */
static int same_inner(const nest *n, int a, int b)
{
    return a == b || (a >= 0 && b >= 0 && nest_hint(n, a)->identity == nest_hint(n, b)->identity);
}

int runs_alike(const run *a, const run *b, const nest *n)
{
    const size_t count = (size_t)a->count;
    int alike = a->count == b->count && a->used == b->used && a->bad_on == b->bad_on &&
                a->bad_off == b->bad_off && a->detail == b->detail &&
                memcmp(a->node, b->node, count * sizeof *a->node) == 0 &&
                memcmp(a->first, b->first, count * sizeof *a->first) == 0 &&
                memcmp(a->parents, b->parents, count * sizeof *a->parents) == 0 &&
                memcmp(a->pool, b->pool, (size_t)a->used * sizeof *a->pool) == 0 &&
                memcmp(&a->has, &b->has, sizeof a->has) == 0;

    for (size_t rec = 0; alike && rec < count; rec++)
        alike = a->slot[a->node[rec]] == b->slot[b->node[rec]] &&
                (!a->detail ||
                 (a->cause[rec] == b->cause[rec] && same_inner(n, a->inner[rec], b->inner[rec]) &&
                  (a->cause[rec] != RULE_NODE || a->rule[rec] == b->rule[rec])));
    return alike;
}

struct store_block {
    store_block *next;
    int used, room;
    unsigned short word[];
};

enum { STORE_BLOCK = 1 << 15 };

const unsigned short *store_keep(run_store *st, const run *r)
{
    const int size = run_saved_room(r);
    store_block *b = st->at ? st->at : st->first;
    unsigned short *out;

    while (b && b->room - b->used < size) /* rewound blocks come after */
        b = b->next;
    if (!b) {
        const int room = size > STORE_BLOCK ? size : STORE_BLOCK;
        store_block **end = &st->first;

        b = malloc(sizeof *b + (size_t)room * sizeof *b->word);
        if (!b)
            return NULL;
        b->next = NULL;
        b->used = 0;
        b->room = room;
        while (*end)
            end = &(*end)->next;
        *end = b;
    }
    st->at = b;
    out = &b->word[b->used];
    b->used += run_save(r, out);
    return out;
}

void store_rewind(run_store *st)
{
    for (store_block *b = st->first; b; b = b->next)
        b->used = 0;
    st->at = NULL;
}

void store_free(run_store *st)
{
    while (st->first) {
        store_block *next = st->first->next;

        free(st->first);
        st->first = next;
    }
    st->at = NULL;
}

/* A static run's queues and nodes, without its records. */
typedef struct sweep {
    node_set *has;
    int on_head, on_tail, off_head, off_tail;
    unsigned short on_queue[NODE_COUNT], off_queue[NODE_COUNT];
} sweep;

/* run_take() without a record: 1 at a contradiction. */
static inline int sweep_take(sweep *w, int n)
{
    if (nodes_has(w->has, n))
        return 0;
    if (nodes_has(w->has, n ^ 1))
        return 1;
    nodes_put(w->has, n);
    if (node_on(n))
        w->on_queue[w->on_tail++] = (unsigned short)n;
    else
        w->off_queue[w->off_tail++] = (unsigned short)n;
    return 0;
}

int chains_run_nodes(const chain_mode *m, int start, node_set *has)
{
    sweep w;
    int absurd;

    assert(m->links && m->level == 0);
    memset(has, 0, sizeof *has);
    w.has = has;
    w.on_head = w.on_tail = w.off_head = w.off_tail = 0;
    absurd = sweep_take(&w, start);
    while (!absurd) {
        int n, k;
        const unsigned short *to;

        if (w.on_head < w.on_tail)
            n = w.on_queue[w.on_head++];
        else if (w.off_head < w.off_tail)
            n = w.off_queue[w.off_head++];
        else
            break;
        if (m->work)
            (*m->work)++;
        to = links_of(m->links, n, m->cell_links, 1, &k);
        for (int i = 0; i < k && !absurd; i++)
            absurd = sweep_take(&w, to[i]);
    }
    return absurd;
}

int run_put_parents(run *r, const unsigned short *records, int n)
{
    const int first = r->used;

    if (r->used + n > RUN_POOL) {
        r->full = 1;
        return -1;
    }
    memcpy(&r->pool[first], records, (size_t)n * sizeof *records);
    r->used += n;
    return first;
}

int run_add_rule_node(run *r, int node, int first, int n, int inner, int technique)
{
    int rec;

    if (r->slot[node] >= 0)
        return 0;
    if (r->count >= RUN_RECORDS) {
        r->full = 1;
        return -1;
    }
    rec = run_record(r, node);
    if (rec < 0)
        return -1;
    r->first[rec] = (unsigned short)first;
    r->parents[rec] = (unsigned short)n;
    r->cause[rec] = RULE_NODE;
    r->rules = 1;
    r->inner[rec] = inner;
    r->rule[rec] = (unsigned char)technique;
    r->slot[node] = (short)rec;
    nodes_put(&r->has, node);
    r->off_queue[r->off_tail++] = queued(rec, node);
    return 1;
}

/*
 * How many distinct nodes record rec rests on, itself included; with
 * `inner`, the nested chains among them go in that sum.
 */
static int run_ancestors(const run *r, int rec, inner_sum *inner, const nest *n)
{
    node_set seen;
    unsigned short stack[RUN_RECORDS];
    int top = 0, count = 1;

    memset(&seen, 0, sizeof seen);
    nodes_put(&seen, r->node[rec]);
    stack[top++] = (unsigned short)rec;
    while (top > 0) {
        const int x = stack[--top];

        if (inner && r->inner[x] >= 0)
            inner_sum_add(inner, n, r->inner[x]);
        for (int i = 0; i < r->parents[x]; i++) {
            const int p = r->pool[r->first[x] + i];

            if (!nodes_has(&seen, r->node[p])) {
                nodes_put(&seen, r->node[p]);
                count++;
                stack[top++] = (unsigned short)p;
            }
        }
    }
    return count;
}

/* The nodes of a run (those it holds, not a contradiction's last one). */
void run_nodes(const run *r, node_set *out)
{
    *out = r->has;
}

void step_add_node(sudoku_step *step, int node, int flags, int depth, int technique)
{
    sudoku_chain_node *out;

    if (step->chain_count >= SUDOKU_STEP_CHAIN) {
        step->chain_cut = 1;
        return;
    }
    out = &step->chain[step->chain_count++];
    out->cell = (unsigned char)node_cell(node);
    out->digit = (unsigned char)node_digit(node);
    out->flags = (unsigned char)(flags | (node_on(node) ? SUDOKU_CHAIN_ON : 0));
    out->depth = (unsigned char)depth;
    out->technique = (unsigned char)(flags & SUDOKU_CHAIN_RULE ? technique : 0);
}

/* How many nodes an inner hint takes in a step, its own inner ones too. */
static int inner_size(const nest *n, int id, int depth)
{
    const int words = nest_hint(n, id)->words;
    const chain_word *w = nest_words(n, id);
    int size = words;

    /* once past a step's room, the size no longer matters */
    for (int i = 0; i < words && depth < 8 && size <= SUDOKU_STEP_CHAIN; i++) {
        if (w[i].inner >= 0)
            size += inner_size(n, w[i].inner, depth + 1);
    }
    return size;
}

/*
 * Appends a chain nested in the step's, one deeper, after the node that
 * rests on it, and the chains nested in it in turn, if it fits with room
 * to spare for the rest of the step's own chain; else the step says that
 * it was cut.
 */
static void step_inner(sudoku_step *step, const nest *n, int id, int depth)
{
    const int words = nest_hint(n, id)->words;
    const chain_word *w = nest_words(n, id);

    if (depth > 8 || inner_size(n, id, depth) > SUDOKU_STEP_CHAIN - step->chain_count - 48) {
        step->chain_cut = 1;
        return;
    }
    for (int i = 0; i < words; i++) {
        step_add_node(step, w[i].node, w[i].flags, depth, w[i].technique);
        if (w[i].inner >= 0)
            step_inner(step, n, w[i].inner, depth + 1);
    }
}

/*
 * Adds the branch from a run's assumption to record rec, by first parents;
 * where a rule of the fixpoint struck a node, its technique, and a chain
 * it came from after it.
 */
static void run_branch(sudoku_step *step, const run *r, int rec, unsigned short *path,
                       const nest *n)
{
    int count = 0;

    while (rec >= 0 && count < RUN_RECORDS) {
        path[count++] = (unsigned short)rec;
        rec = r->parents[rec] ? r->pool[r->first[rec]] : -1;
    }
    if (!r->detail) { /* no rule: the nodes alone, cut as step_add_branch() cuts */
        for (int i = 0; i < count; i++)
            path[i] = r->node[path[i]];
        step_add_branch(step, path, count);
        return;
    }
    for (int i = count - 1; i >= 0; i--) {
        const int x = path[i], rule = r->cause[x] == RULE_NODE;

        step_add_node(step, r->node[x],
                      (rule ? SUDOKU_CHAIN_RULE : 0) | (i == count - 1 ? SUDOKU_CHAIN_BRANCH : 0),
                      0, rule ? r->rule[x] : 0);
        if (rule && r->inner[x] >= 0 && n)
            step_inner(step, n, r->inner[x], 1);
    }
}

/* ------------------------------------------------------------------ */
/* Nishio, multiple and dynamic forcing chains                         */
/* ------------------------------------------------------------------ */

/*
 * The nodes of a set, in a run's order, on nodes first if `on`; `rec`
 * names the loop's variable, so it cannot be parenthesised.
 */
/* NOLINTBEGIN(bugprone-macro-parentheses) */
#define FOR_RUN_TARGETS(r, set, on, rec)                                       \
    for (int rec = 0; rec < (r)->count; rec++)                                 \
        if ((r)->slot[(r)->node[rec]] == rec &&                                \
            node_on((r)->node[rec]) == (on) && nodes_has((set), (r)->node[rec]))
/* NOLINTEND(bugprone-macro-parentheses) */

/* A conclusion resting on two chains: a contradiction, or a double chain. */
static void offer_pair(chain_search *s, const sudoku_candidates *g,
                       const chain_mode *m, const run *ra, int a, const run *rb,
                       int b, int key, int target)
{
    inner_sum inner, *nested;
    int complexity;
    double difficulty;

    inner_sum_clear(&inner);
    nested = m->level >= 2 ? &inner : NULL;
    complexity = run_ancestors(ra, a, nested, m->nest);
    complexity += run_ancestors(rb, b, nested, m->nest);
    complexity += inner.sum;
    difficulty = m->base + length_bonus(complexity);
    if (!claim(s, g, difficulty, complexity, key, m->binary, target))
        return;
    run_branch(&s->step, ra, a, s->path, m->nest);
    run_branch(&s->step, rb, b, s->path, m->nest);
}

/*
 * A run of the search: 1 at a contradiction. A run left full (its parents
 * out of room, or a nested list out of work) is not sure, and neither is
 * the search then: it says exhausted, and takes no step.
 */
static int search_run(chain_search *s, run *r, const chain_mode *m, int start)
{
    const int absurd = chains_run(r, &s->grid, m, start);

    if (r->full)
        s->exhausted = CHAINS_OUT_OF_WORK;
    return absurd && !r->full;
}

#ifdef SUDOKU_THREADS
static int memo_get(on_memo *memo, int cand)
{
    return atomic_load_explicit(&memo->state[cand], memory_order_acquire);
}

static void memo_set(on_memo *memo, int cand, int state)
{
    atomic_store_explicit(&memo->state[cand], (unsigned char)state, memory_order_release);
}

/* Takes a candidate's run to make: 0 when another thread took it first. */
static int memo_take(on_memo *memo, int cand)
{
    unsigned char none = 0;

    return atomic_compare_exchange_strong(&memo->state[cand], &none, MEMO_BUSY);
}

/* Its state, once the thread that makes its run has a moment to. */
static int memo_wait(on_memo *memo, int cand)
{
    thrd_yield();
    return memo_get(memo, cand);
}
#else
static int memo_get(on_memo *memo, int cand) { return memo->state[cand]; }
static void memo_set(on_memo *memo, int cand, int state) { memo->state[cand] = (unsigned char)state; }
static int memo_take(on_memo *memo, int cand) { return memo->state[cand] == 0; }
static int memo_wait(on_memo *memo, int cand) { return memo_get(memo, cand); }
#endif

void chains_memo_clear(on_memo *memo)
{
    for (int cand = 0; cand < SUDOKU_CELLS * 9; cand++) {
        memo_set(memo, cand, 0);
        memo->saved[cand] = NULL;
    }
}

/* Keeps the records of an on run the search made, for the memo; with no
 * memory for them, the search says so, as for any other want of it. */
static void store_run(chain_search *s, const run *r, int cand)
{
    if (r->full || s->exhausted)
        return;
    s->memo->saved[cand] = store_keep(&s->store, r);
    if (!s->memo->saved[cand])
        s->exhausted = CHAINS_OUT_OF_MEMORY;
}

/*
 * The memo of on runs: within one search the grid stays as it is, so the
 * run from an on node is the same each time. A candidate's run is wanted
 * once for its own chains and again for every unit where it is not its
 * digit's first place (region forcing chains); only its nodes, and whether
 * it ended at a contradiction, are kept. The full run, with its parents, is
 * wanted again where a conclusion walks it: restored from the records the
 * search kept of the dynamic runs it made (store_run), else made again.
 * Where threads share the memo, a run one of them is making is waited
 * for, not made twice.
 */
static int memo_known(chain_search *s, const chain_mode *m, int start, run *o)
{
    const int cand = start >> 1;
    on_memo *memo = s->memo;
    int state = memo_get(memo, cand);

    if (state == 0 && memo_take(memo, cand)) {
        int absurd;

        if (m->links) { /* a static run: its nodes alone */
            absurd = chains_run_nodes(m, start, &memo->nodes[cand]);
        } else {
            absurd = search_run(s, o, m, start);
            if (m->multiple || m->doubles) /* Nishio wants no nodes */
                run_nodes(o, &memo->nodes[cand]);
            if (o == &s->runs[0])
                s->loaded = start;
            store_run(s, o, cand);
        }
        state = absurd ? MEMO_ABSURD : MEMO_CLEAN;
        memo_set(memo, cand, state);
    }
    while (state == 0 || state == MEMO_BUSY)
        state = memo_wait(memo, cand);
    return state;
}

/* Runs an on node of the memo into r again, for a walk: from the records
 * its maker kept, this search or another thread's, else run. */
static void run_again(chain_search *s, const chain_mode *m, run *r, int start)
{
    const unsigned short *saved = s->memo->saved[start >> 1];

    if (!saved) {
        search_run(s, r, m, start);
        return;
    }
    run_restore(r, &s->grid, saved);
    /* what the run made again counts: its own nodes, as the lists its
       fixpoints ask for are kept */
    s->work += (unsigned long)run_saved_work(saved);
#ifndef NDEBUG
    {
        chain_mode uncounted = *m;

        uncounted.work = NULL;
        chains_run(s->check, &s->grid, &uncounted, start);
        /* full: a list cut short */
        assert(s->check->full || runs_alike(s->check, r, m->nest));
    }
#endif
}

/* Runs an on node into runs[0], unless it holds that run already. */
static run *load(chain_search *s, const chain_mode *m, int start)
{
    run *a = &s->runs[0];

    if (s->loaded != start) {
        run_again(s, m, a, start);
        s->loaded = start;
    }
    return a;
}

/* Contradictions and double forcing chains from a candidate and its opposite. */
static void binary_chains(chain_search *s, const sudoku_candidates *g,
                          const chain_mode *m, int cell, int digit)
{
    run *b = &s->runs[1];
    const int on = make_node(cell, digit, 1), off = on ^ 1;
    node_set both;

    if (memo_known(s, m, on, &s->runs[0]) == MEMO_ABSURD && m->contradiction) {
        run *a = load(s, m, on);

        /* run again, it may have been cut short of its contradiction by
           the budget of nodes */
        if (a->bad_on >= 0 && a->bad_off >= 0)
            offer_pair(s, g, m, a, a->bad_on, a, a->bad_off, KEY_ABSURD, off);
    }
    if (!m->contradiction && !m->doubles)
        return; /* the opposite's run would serve nothing */
    if (search_run(s, b, m, off) && m->contradiction)
        offer_pair(s, g, m, b, b->bad_on, b, b->bad_off, KEY_ABSURD, on);
    if (!m->doubles || bit_count9(g->mask[cell]) < 3)
        return;
    both = s->memo->nodes[on >> 1];
    {
        node_set theirs;

        run_nodes(b, &theirs);
        if (!nodes_and(&both, &theirs))
            return;
    }
    {
        /* a node rests on two nodes of a's run at least: itself and the
           assumption; a's run is made again only if that could beat */
        int least = 1 << 30;

        for (int w = 0; w < SET_WORDS; w++) {
            for (uint64_t bits = both.word[w]; bits; bits &= bits - 1) {
                const int n = w * 64 + lowest_bit64(bits);
                const int len = run_ancestors(b, b->slot[n], NULL, NULL);

                least = len < least ? len : least;
            }
        }
        if (!could_beat(s, m->base, least + 2, KEY_DOUBLE))
            return;
    }
    {
        const run *a = load(s, m, on);

        for (int on_pass = 1; on_pass >= 0; on_pass--) {
            FOR_RUN_TARGETS(a, &both, on_pass, rec)
                offer_pair(s, g, m, a, rec, b, b->slot[a->node[rec]], KEY_DOUBLE,
                           a->node[rec]);
        }
    }
}

/*
 * Adds the lengths of the nodes of `common` in run r to the sums; from
 * the nested chains up, the chains each rests on go in its list too.
 */
static void add_lengths(const chain_mode *m, int *sum, const node_set *common,
                        const run *r)
{
    inner_sum inner;

    for (int w = 0; w < SET_WORDS; w++) {
        for (uint64_t bits = common->word[w]; bits; bits &= bits - 1) {
            const int n = w * 64 + lowest_bit64(bits);

            if (r->slot[n] < 0)
                continue; /* a run cut short (the search says exhausted) */
            if (m->level < 2) {
                sum[n] += run_ancestors(r, r->slot[n], NULL, NULL);
                continue;
            }
            inner_sum_clear(&inner);
            sum[n] += run_ancestors(r, r->slot[n], &inner, m->nest);
            nest_lists_add(m->nest, n, &inner);
        }
    }
}

/*
 * Whether a cell or region forcing chain on a node of `common` could beat
 * the best, with `left` runs still to add to the sums: each adds two nodes
 * at least (the node and the run's assumption).
 */
static int sums_could_beat(const chain_search *s, const chain_mode *m,
                           const int *sum, const node_set *common, int left,
                           int key)
{
    int least = 1 << 30;

    for (int w = 0; w < SET_WORDS; w++) {
        for (uint64_t bits = common->word[w]; bits; bits &= bits - 1) {
            const int n = w * 64 + lowest_bit64(bits);

            least = sum[n] < least ? sum[n] : least;
        }
    }
    return could_beat(s, m->base, least + 2 * left, key);
}

/* Zeroes the sums of the nodes of `common`, and their lists of chains. */
static void clear_sums(const chain_mode *m, int *sum, const node_set *common)
{
    for (int w = 0; w < SET_WORDS; w++) {
        for (uint64_t bits = common->word[w]; bits; bits &= bits - 1)
            sum[w * 64 + lowest_bit64(bits)] = 0;
    }
    if (m->level >= 2)
        nest_lists_clear(m->nest, common);
}

/* Adds the branches of a cell or region forcing chain to the step. */
static void multiple_branches(chain_search *s, const chain_mode *m,
                              const int *starts, int n, int target)
{
    run *o = &s->runs[2];

    for (int i = 0; i < n; i++) {
        search_run(s, o, m, starts[i]);
        if (o->slot[target] >= 0)
            run_branch(&s->step, o, o->slot[target], s->path, m->nest);
    }
}

/*
 * Offers every node of `common`, in run a's order, on nodes first; the
 * step of a region chain names its unit (`unit`, else -1).
 */
static void offer_common(chain_search *s, const sudoku_candidates *g,
                         const chain_mode *m, const run *a, const node_set *common,
                         int key, int unit, const int *starts, int n)
{
    const sudoku_technique technique = key == KEY_CELL ? m->cell : m->region;
    const int *sum = key == KEY_CELL ? s->cell_sum : s->sum;

    for (int on_pass = 1; on_pass >= 0; on_pass--) {
        FOR_RUN_TARGETS(a, common, on_pass, rec) {
            const int target = a->node[rec];
            int complexity = sum[target];
            double difficulty;

            /* each nested chain counted once, where it could matter */
            if (m->level >= 2 && could_beat(s, m->base, complexity, key))
                complexity += nest_lists_sum(m->nest, target);
            difficulty = m->base + length_bonus(complexity);
            if (claim(s, g, difficulty, complexity, key, technique, target)) {
                s->step.units = unit >= 0 ? 1UL << unit : 0;
                multiple_branches(s, m, starts, n, target);
            }
        }
    }
}

/*
 * Region forcing chains on the units where the cell is digit's first place:
 * the nodes common to the runs of the digit's places there, from the memo;
 * only where some are left are the runs made again for their lengths.
 */
static void region_chains(chain_search *s, const sudoku_candidates *g,
                          const chain_mode *m, int cell, int digit)
{
    run *o = &s->runs[2];
    int units[3];

    unit_triple(cell, units);
    for (int k = 0; k < 3; k++) {
        const unsigned places = digit_places(g, units[k], digit);
        int starts[9], n = 0, alive = 1;
        node_set common;
        const run *a;

        if (bit_count9(places) < 2 || unit_cell(units[k], lowest_bit(places)) != cell)
            continue;
        common = s->memo->nodes[make_node(cell, digit, 1) >> 1];
        for (unsigned rest = places; rest && alive; rest &= rest - 1) {
            const int x = unit_cell(units[k], lowest_bit(rest));

            starts[n++] = make_node(x, digit, 1);
            if (x == cell)
                continue;
            memo_known(s, m, starts[n - 1], o);
            alive = nodes_and(&common, &s->memo->nodes[starts[n - 1] >> 1]);
        }
        if (!alive)
            continue;
        clear_sums(m, s->sum, &common);
        a = load(s, m, make_node(cell, digit, 1));
        add_lengths(m, s->sum, &common, a);
        for (int i = 0, left = n - 1; i < n && alive; i++) {
            if (starts[i] == make_node(cell, digit, 1))
                continue;
            alive = sums_could_beat(s, m, s->sum, &common, left--, KEY_REGION);
            if (alive) {
                run_again(s, m, o, starts[i]);
                add_lengths(m, s->sum, &common, o);
            }
        }
        if (alive)
            offer_common(s, g, m, a, &common, KEY_REGION, units[k], starts, n);
    }
}

/* All the chains from one cell, in SE's order. */
static void cell_chains(chain_search *s, const sudoku_candidates *g,
                        const chain_mode *m, int cell)
{
    node_set common;
    int starts[9], n = 0, alive = m->multiple;
    const run *a;

    for (unsigned rest = g->mask[cell]; rest; rest &= rest - 1) {
        const int digit = lowest_bit(rest) + 1;

        binary_chains(s, g, m, cell, digit);
        if (m->regions)
            region_chains(s, g, m, cell, digit);
        starts[n++] = make_node(cell, digit, 1);
        if (n == 1 && alive)
            common = s->memo->nodes[starts[0] >> 1];
        else if (alive)
            alive = nodes_and(&common, &s->memo->nodes[starts[n - 1] >> 1]);
    }
    if (!alive || n == 0)
        return;
    /* the runs again, for their lengths; the first digit's last, for its
       order */
    clear_sums(m, s->cell_sum, &common);
    for (int i = n - 1; i >= 0; i--) {
        if (!sums_could_beat(s, m, s->cell_sum, &common, i + 1, KEY_CELL))
            return;
        add_lengths(m, s->cell_sum, &common, load(s, m, starts[i]));
    }
    a = &s->runs[0];
    offer_common(s, g, m, a, &common, KEY_CELL, -1, starts, n);
}

void chains_multiple_start(chain_mode *m, chain_search *s)
{
    m->work = &s->work;
    if (!m->dynamic) {
        links_build(&s->links, &s->grid);
        m->links = &s->links;
    }
    s->found = 0;
    s->loaded = -1;
    for (int i = 0; i < 3; i++)
        chains_run_init(&s->runs[i]);
    s->store = (run_store){NULL, NULL};
    s->check = NULL;
#ifndef NDEBUG
    s->check = malloc(sizeof *s->check);
    if (s->check)
        chains_run_init(s->check);
    else
        s->exhausted = CHAINS_OUT_OF_MEMORY;
#endif
}

void chains_multiple_end(chain_search *s)
{
    store_free(&s->store);
    free(s->check);
    s->check = NULL;
}

int chains_multiple_cell(const sudoku_candidates *g, const chain_mode *m,
                         chain_search *s, int c)
{
    const int size = bit_count9(g->mask[c]);

    if (g->value[c] || size < 2 || (size == 2 && !m->dynamic))
        return 1;
    if (s->limit && s->work > s->limit)
        s->exhausted = CHAINS_OUT_OF_WORK;
    if (s->exhausted)
        return 0;
    s->cell = c;
    cell_chains(s, g, m, c);
    return 1;
}

void chains_multiple_merge(chain_search *s, const chain_search *part)
{
    if (part->exhausted > s->exhausted)
        s->exhausted = part->exhausted;
    if (!part->found ||
        !comes_first(s, part->difficulty, part->complexity, part->key, part->best_cell))
        return;
    s->found = 1;
    s->difficulty = part->difficulty;
    s->complexity = part->complexity;
    s->key = part->key;
    s->best_cell = part->best_cell;
    s->step = part->step;
}

/*
 * The techniques of the multiple family, as chain_mode holds them: the
 * three of one family, on a candidate's two values, a cell's or a
 * region's, are SUDOKU_<family>_<kind>, _CELL_<kind> and _REGION_<kind>.
 */
#define DYNAMIC_MODE(lvl, in, rating, family, kind)                            \
    {.cell_links = 1, .dynamic = 1, .contradiction = 1, .doubles = 1,          \
     .multiple = 1, .regions = 1, .level = (lvl), .inner = (in),               \
     .base = (rating),                                                         \
     .binary = SUDOKU_##family##_##kind,                                       \
     .cell = SUDOKU_##family##_CELL_##kind,                                    \
     .region = SUDOKU_##family##_REGION_##kind}

static const chain_mode modes[CHAINS_KINDS] = {
    [CHAINS_NISHIO] = {.dynamic = 1, .contradiction = 1, .base = 7.5,
                       .binary = SUDOKU_NISHIO_FORCING_CHAIN,
                       .cell = SUDOKU_NISHIO_FORCING_CHAIN,
                       .region = SUDOKU_NISHIO_FORCING_CHAIN},
    [CHAINS_MULTIPLE] = {.cell_links = 1, .multiple = 1, .regions = 1, .base = 8.0,
                         .binary = SUDOKU_CELL_FORCING_CHAINS,
                         .cell = SUDOKU_CELL_FORCING_CHAINS,
                         .region = SUDOKU_REGION_FORCING_CHAINS},
    [CHAINS_DYNAMIC] = DYNAMIC_MODE(0, 0, 8.5, DYNAMIC, FORCING_CHAINS),
    [CHAINS_PLUS] = DYNAMIC_MODE(1, 0, 9.0, DYNAMIC, FORCING_CHAINS_PLUS),
    [CHAINS_NESTED_FC] = DYNAMIC_MODE(2, 0, 9.5, NESTED, FC),
    [CHAINS_NESTED_MFC] = DYNAMIC_MODE(3, 0, 10.0, NESTED, MFC),
    [CHAINS_NESTED_DFC] = DYNAMIC_MODE(4, 0, 10.5, NESTED, DFC),
    [CHAINS_NESTED_DFC_PLUS] = DYNAMIC_MODE(4, 1, 10.5, NESTED, DFC_PLUS),
    [CHAINS_NESTED_DFC_FC] = DYNAMIC_MODE(4, 2, 10.5, NESTED, DFC_FC),
    [CHAINS_NESTED_DFC_MFC] = DYNAMIC_MODE(4, 3, 10.5, NESTED, DFC_MFC),
};

const chain_mode *chains_mode(int kind)
{
    return &modes[kind];
}

void chains_search_start(chain_search *s, const sudoku_candidates *grid,
                         unsigned long limit)
{
    view_init(&s->grid, grid);
    s->found = 0;
    s->bound = 0;
    s->cell = s->best_cell = -1;
    s->work = 0;
    s->limit = limit;
    s->exhausted = 0;
    s->sink = NULL;
    s->reach = NULL;
    s->since = NULL;
    s->memo = &s->own_memo;
}

int chains_static_strikes(const sudoku_candidates *grid, sudoku_step *step)
{
    struct {
        view v;
        links l;
        reach q;
    } *s = malloc(sizeof *s);
    int any = 0;

    if (!s)
        return -1;
    view_init(&s->v, grid);
    links_build(&s->l, &s->v);
    reach_build(&s->q, &s->l, &s->v, NULL, 1, 1);
    memset(step, 0, sizeof *step);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (unsigned m = s->v.mask[c]; m; m &= m - 1) {
            const int d = lowest_bit(m);

            if (reach_on(&s->q, &s->l, make_node(c, d + 1, 1), 1, 1)) {
                step->strike[c] |= (unsigned short)(1u << d);
                any = 1;
            }
        }
    }
    free(s);
    return any;
}

int chains_find(const sudoku_candidates *grid, int kind, sudoku_step *step,
                unsigned long limit, int *exhausted, nest *nests, int threads)
{
    chain_search s;
    nest own;

    chains_search_start(&s, grid, limit);
    if (kind == CHAINS_STATIC) {
        s.reach = malloc(sizeof *s.reach);
        if (!s.reach) {
            s.exhausted = CHAINS_OUT_OF_MEMORY;
        } else {
            links_build(&s.links, &s.grid);
            chains_static(grid, &s);
            free(s.reach);
        }
    } else {
        if (modes[kind].level > 0 && !nests) {
            nest_start(&own, grid, 1);
            nests = &own;
            threads = 1;
        }
        chains_multiple_split(grid, &modes[kind], &s, nests, limit ? 1 : threads);
        if (nests == &own)
            nest_end(&own);
    }
    if (s.exhausted)
        s.found = 0; /* the best so far need not be SE's */
    if (exhausted)
        *exhausted = s.exhausted;
    if (s.found)
        *step = s.step;
    return s.found;
}

int chains_cell_forcing(const sudoku_candidates *grid, sudoku_step *step)
{
    chain_search s;
    chain_mode m = modes[CHAINS_MULTIPLE];

    m.regions = 0;
    chains_search_start(&s, grid, 0);
    chains_multiple_split(grid, &m, &s, NULL, 1);
    if (s.found)
        *step = s.step;
    return s.found;
}
