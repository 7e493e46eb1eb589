/*
 * nested.c - chains inside chains: every hint that SE's nested forcing
 * chains ask of a lower producer at a run's fixpoint.
 *
 * At a fixpoint where pointing, pairs and X-Wings have nothing that rests
 * on the run (fixpoint.c), SE's nested chains run a whole chain producer
 * over the run's grid: the static cycles and forcing chains (9.5, +FC),
 * then the static cell and region forcing chains (10.0, +MFC); or, at
 * 10.5, the dynamic forcing chains of a lower level (+DFC), which have
 * fixpoints of their own. Unlike a step, which takes the producer's best
 * hint, a fixpoint takes them all: every hint, sorted as SE sorts them
 * (rating, then length, then kind, then the order found), each set of
 * eliminations once (the first, before any is turned down), and of those
 * every hint that rests on the run. So a nested producer here makes its
 * complete list, and nothing may bound its searches.
 *
 * The three chain files call each other, and must: the recursion is the
 * technique's own. A run (chains.c) reaches a fixpoint (fixpoint.c),
 * which asks here for the hints of a whole producer on the run's grid;
 * that producer is the chain engine again (chains.c), one level down,
 * whose dynamic runs reach fixpoints of their own, down to the level of
 * the technique. The fixpoint's rules add their strikes to the run through
 * the run's own calls (run_put_parents(), run_add_rule_node()). Splitting
 * the files another way would only move the circle: each level needs the
 * engine, and the engine needs the level below.
 *
 * A hint of a list keeps what the outer run needs of it:
 *
 * - what it strikes, cells in the order SE lists them (the fixpoint puts
 *   them in its hash map's order);
 * - its supports: where its rule parents lie. SE walks each chain of the
 *   hint back from its end, breadth first, and for every on node takes
 *   what the run struck from the node's cell (a cell link) or from the
 *   digit's places in its unit (a unit link); the assumption of a cell or
 *   region chain counts as a link of its cell or unit. Which candidates
 *   those are depends on the outer run, so the hint keeps the cells and
 *   units, in order, and the fixpoint reads the candidates;
 * - its length (SE's complexity): the distinct nodes of each chain, and
 *   the lengths of the chains nested in it, each distinct one once;
 * - its identity: SE counts an inner chain once per outer hint however
 *   many of its nodes the outer hint uses, where "the same chain" means
 *   the same ends and the same nodes in the same breadth-first order.
 *   A 64-bit hash of those stands for them.
 *
 * A list depends on the run's grid alone (and on the real grid's open
 * cells and placed digits, the same from step to step until a digit is
 * placed), so the lists are kept by grid: runs that reach the same grid,
 * as the runs of a candidate and of its opposite often do, share it, and
 * so do the runs of later steps that reach a grid an earlier step's runs
 * reached, until a digit is placed (nest_step). The hints, their strikes
 * and supports and the lists live on the heap as long as the nest keeps
 * them; a nested producer's scratch (its runs, some hundreds of kilobytes
 * a level) too, one for each level of nesting.
 *
 * Within a list, each candidate's on run is made once (the memo keeps its
 * nodes), but a hint walks its runs' records, and the runs it walks are
 * the long ones: on the slowest puzzle of the hardest lists, making again
 * the runs of one hint in seven took a quarter of the nodes the lists'
 * runs expanded. So a dynamic run also keeps its records in the level's
 * scratch, a few hundred bytes, and a walk restores them instead
 * (run_again()).
 *
 * The lists of plain dynamic chains come one after another on grids that
 * differ in a few places, and a run that reads none of them is the same
 * on the next grid: the memo keeps it for the next list (carry_memo()),
 * and so does a memo of the off runs. On that puzzle, one on run in five
 * is kept so.
 *
 * Most hints of a list strike what a shorter one before them strikes, and
 * are dropped when the list is filed: on that puzzle, nine in ten. A hint
 * is at least as long as the nodes along its chains' first parents
 * (chain_floor()), so one that this floor already puts behind a hint with
 * the same strikes is not walked at all (outdone()): half the list's
 * hints on that puzzle.
 */
#include "chains.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct nest_entry {
    uint64_t hash;
    int kind, grid, first, count; /* grid < 0: a free slot */
};

/*
 * A nested producer's runs: 0-8 the on runs of a cell's candidates, 9 the
 * opposite of one, 10-18 the runs of a digit's other places in a unit, 19
 * a run made only for its nodes.
 */
enum { OFF_RUN = 9, UNIT_RUNS = 10, MEMO_RUN = 19, DEPTH_RUNS = 20 };

/* What the memo knows of a candidate's on run. */
enum { KNOWN_NOT, KNOWN_CLEAN, KNOWN_ABSURD };

/* The most nodes kept of a hint's branches, for the step that shows it. */
enum { WORDS_CAP = 2048 };

/* The parts of a hint as its chains are walked. */
typedef struct tally {
    int count;              /* distinct nodes, summed over its chains */
    uint64_t identity;
    inner_sum inner;        /* the chains nested in it */
    uint32_t seen[11];      /* the supports met: 243 units and digits, 81 cells */
    int supports;
    unsigned short support[324];
} tally;

typedef struct hint_sink {
    nest *nest;
    nest_depth *depth;
} hint_sink;

struct nest_depth {
    chain_search search; /* the static producer's scratch */
    reach reach;
    sudoku_candidates grid;
    view view;
    run runs[DEPTH_RUNS];
    node_set nodes[DEPTH_RUNS];
    /* each candidate's on run, once known in this list: its nodes, and the
       work it took */
    unsigned char known[SUDOKU_CELLS * 9];
    node_set memo[SUDOKU_CELLS * 9];
    unsigned long memo_work[SUDOKU_CELLS * 9];
    /* the runs kept from the list before (carry_memo) whose work this list
       has yet to count; that list's grid, where its runs may be kept */
    unsigned char carried[SUDOKU_CELLS * 9];
    view before;
    int carry;
    /* the same of each candidate's off run, which a list makes once, for
       its cell: kept only for the lists after */
    unsigned char off_known[SUDOKU_CELLS * 9];
    node_set off_memo[SUDOKU_CELLS * 9];
    unsigned long off_work[SUDOKU_CELLS * 9];
    /* a dynamic run's records too, where store kept them (or NULL),
       restored for a walk instead of made again */
    const unsigned short *saved[SUDOKU_CELLS * 9];
    run_store store;
    /* by what they strike (strikes_node()), the fewest nodes of the hints
       of the list so far */
    int shortest[NODE_COUNT];
    /* a static producer's runs, all at once: by component of reach's hubs
       (closures_build) */
    node_set sets[SUDOKU_CELLS * 9];
    inner_hint *raw; /* the producer's hints as found */
    int raw_count, raw_room;
    int *order; /* file_list's scratch: raw sorted, and the strikes met */
    int order_room;
    tally tally;
    hint_sink sink;
    unsigned short queue[RUN_RECORDS];
    chain_word words[WORDS_CAP]; /* the branches of the hint being made */
    int word_count;
    int word_room; /* WORDS_CAP, or 0 when no step will show them */
};

/* ------------------------------------------------------------------ */
/* Storage                                                             */
/* ------------------------------------------------------------------ */

/*
 * Whether an allocation gave memory: when it did not, the lists are cut
 * short, and the search says memory ran out rather than work.
 */
static int allocated(nest *n, const void *p)
{
    if (!p)
        n->failed = n->out_of_memory = 1;
    return p != NULL;
}

/* Makes room for `need` items of `size` bytes; 0 when memory runs out. */
static int grow(nest *n, void **items, int *room, int need, size_t size)
{
    int r = *room ? *room : 256;
    void *more;

    if (need <= *room)
        return 1;
    while (r < need)
        r *= 2;
    more = realloc(*items, (size_t)r * size);
    if (!allocated(n, more))
        return 0;
    *items = more;
    *room = r;
    return 1;
}

#define GROW(n, items, room, need)                                             \
    grow((n), (void **)&(items), &(room), (need), sizeof *(items))

/*
 * GCC 12's analyzer loses an array that grow() reallocates through a
 * void **, and calls it a leak wherever GROW() is used; nest_end() frees
 * every one of them.
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wanalyzer-malloc-leak"
#endif

void nest_start(nest *n, const sudoku_candidates *g, int drawn)
{
    memset(n, 0, sizeof *n);
    n->drawn = drawn;
    view_init(&n->start, g);
    for (int u = 0; u < UNITS; u++)
        n->open[u] = (unsigned char)open_cells(g, u);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        n->value[c] = g->value[c];
        if (g->value[c])
            n->placed[g->value[c] - 1]++;
    }
}

/*
 * The most the lists of a nest may hold for the next step to keep them:
 * a grade of the slowest puzzle of the hardest lists holds about 60 MB by
 * its last nested step, an explanation, whose hints keep their branches,
 * five times as much.
 */
#define KEPT_BYTES ((size_t)64 << 20)

enum { HINT_BLOCK = 1 << HINT_BLOCK_BITS, WORD_BLOCK = 1 << WORD_BLOCK_BITS };

/* What the lists of a nest hold. */
static size_t nest_bytes(const nest *n)
{
    const size_t hint_blocks = (size_t)(n->hints + HINT_BLOCK - 1) / HINT_BLOCK;
    const size_t word_blocks = (size_t)(n->word_count + WORD_BLOCK - 1) / WORD_BLOCK;

    return hint_blocks * HINT_BLOCK * sizeof(inner_hint) +
           word_blocks * WORD_BLOCK * sizeof(chain_word) +
           (size_t)n->strike_room * sizeof *n->strike +
           (size_t)n->support_room * sizeof *n->support +
           (size_t)n->table_size * sizeof *n->table + (size_t)n->grid_room * sizeof *n->grids +
           (size_t)n->inner_room * sizeof *n->inner_link;
}

void nest_step(nest *n, const sudoku_candidates *g, int drawn)
{
    if (n->table_size && !n->failed && n->drawn == drawn && nest_bytes(n) <= KEPT_BYTES &&
        memcmp(n->value, g->value, sizeof n->value) == 0)
        return;
    nest_end(n);
    nest_start(n, g, drawn);
}

void nest_end(nest *n)
{
    for (int b = 0; n->hint_block && b < HINT_BLOCKS && n->hint_block[b]; b++)
        free(n->hint_block[b]);
    for (int b = 0; n->word_block && b < WORD_BLOCKS && n->word_block[b]; b++)
        free(n->word_block[b]);
    free(n->hint_block);
    free(n->word_block);
    free(n->strike);
    free(n->support);
    free(n->table);
    free(n->grids);
    free(n->inner_head);
    free(n->inner_link);
    for (int i = 0; i < NEST_DEPTHS; i++) {
        if (n->depth[i]) {
            free(n->depth[i]->raw);
            free(n->depth[i]->order);
            store_free(&n->depth[i]->store);
        }
        free(n->depth[i]);
    }
    memset(n, 0, sizeof *n);
}

/* The nest of the family that filed a hint. */
static const nest *hint_owner(const nest *n, int id)
{
    return n->family ? &n->family[id >> HINT_ID_BITS] : n;
}

const inner_hint *nest_hint(const nest *n, int id)
{
    const int i = id & ((1 << HINT_ID_BITS) - 1);

    return (const inner_hint *)hint_owner(n, id)->hint_block[i >> HINT_BLOCK_BITS] +
           (i & (HINT_BLOCK - 1));
}

const chain_word *nest_words(const nest *n, int id)
{
    const nest *owner = hint_owner(n, id);
    const inner_hint *h = nest_hint(n, id);

    if (!h->words) /* its block may never have been made */
        return NULL;
    return (const chain_word *)owner->word_block[h->word_at >> WORD_BLOCK_BITS] +
           (h->word_at & (WORD_BLOCK - 1));
}

void inner_sum_clear(inner_sum *s)
{
    s->count = s->sum = 0;
    s->held = 0;
}

void inner_sum_add(inner_sum *s, const nest *n, int id)
{
    const inner_hint *h = nest_hint(n, id);
    const uint64_t bit = (uint64_t)1 << (h->identity >> 58);

    if (s->held & bit) {
        for (int i = 0; i < s->count; i++) {
            if (s->identity[i] == h->identity)
                return;
        }
    }
    if (s->count < (int)(sizeof s->id / sizeof *s->id)) {
        s->id[s->count] = id;
        s->identity[s->count++] = h->identity;
        s->held |= bit;
    }
    s->sum += h->complexity;
}

int nest_lists_clear(nest *n, const node_set *nodes)
{
    if (!n->inner_head) {
        n->inner_head = malloc(NODE_COUNT * sizeof *n->inner_head);
        if (!allocated(n, n->inner_head))
            return 0;
    }
    for (int w = 0; w < SET_WORDS; w++) {
        for (uint64_t bits = nodes->word[w]; bits; bits &= bits - 1)
            n->inner_head[w * 64 + lowest_bit64(bits)] = -1;
    }
    n->inner_used = 0; /* the lists of other nodes are not read again */
    return 1;
}

int nest_lists_add(nest *n, int node, const inner_sum *s)
{
    /* no heads: nest_lists_clear() found no memory for them, and the
       search will say so */
    if (!n->inner_head || !GROW(n, n->inner_link, n->inner_room, n->inner_used + 2 * s->count))
        return 0;
    for (int i = 0; i < s->count; i++) {
        n->inner_link[n->inner_used] = s->id[i];
        n->inner_link[n->inner_used + 1] = n->inner_head[node];
        n->inner_head[node] = n->inner_used;
        n->inner_used += 2;
    }
    return 1;
}

int nest_lists_sum(const nest *n, int node)
{
    inner_sum s;

    inner_sum_clear(&s);
    for (int at = n->inner_head ? n->inner_head[node] : -1; at >= 0; at = n->inner_link[at + 1])
        inner_sum_add(&s, n, n->inner_link[at]);
    return s.sum;
}

/* ------------------------------------------------------------------ */
/* A hint's parts                                                      */
/* ------------------------------------------------------------------ */

static uint64_t mix(uint64_t h, unsigned x)
{
    h = (h ^ x) * 0x9E3779B97F4A7C15ull;
    return h ^ h >> 29;
}

static void tally_start(tally *t)
{
    t->count = 0;
    t->identity = 0x51AB1E5ull;
    inner_sum_clear(&t->inner);
    memset(t->seen, 0, sizeof t->seen);
    t->supports = 0;
}

/* A chain of the hint starts: its end node. */
static void tally_target(tally *t, int node)
{
    t->identity = mix(t->identity, 0x10000u + (unsigned)node);
}

static void tally_support(tally *t, unsigned item)
{
    const unsigned k = item & SUPPORT_CELL ? 243 + (item & 0x7F) : item;

    if (t->seen[k / 32] >> k % 32 & 1)
        return;
    t->seen[k / 32] |= 1u << k % 32;
    t->support[t->supports++] = (unsigned short)item;
}

/* The support of an on node implied through a cell (CELL_RULE) or a unit. */
static unsigned cause_support(int cause, int node)
{
    return cause == CELL_RULE ? SUPPORT_CELL | (unsigned)node_cell(node)
                              : (unsigned)(cause * 9 + node_digit(node) - 1);
}

/*
 * Walks a chain of a run back from record rec, breadth first, as SE's
 * ChainingHint does: the distinct nodes, their order, the supports of its
 * on nodes (the assumption's is `assumption`, or none when negative) and
 * the chains nested in it.
 */
static void tally_run(tally *t, const nest *n, const run *r, int rec, int assumption,
                      unsigned short *queue)
{
    node_set seen;
    int head = 0, tail = 0;

    memset(&seen, 0, sizeof seen);
    tally_target(t, r->node[rec]);
    nodes_put(&seen, r->node[rec]);
    queue[tail++] = (unsigned short)rec;
    while (head < tail) {
        const int x = queue[head++], node = r->node[x];

        t->count++;
        t->identity = mix(t->identity, (unsigned)node);
        if (node_on(node)) {
            int cause = r->cause[x];

            if (!r->dynamic && r->parents[x]) /* a static link's */
                cause = link_cause(r->node[r->pool[r->first[x]]], node);
            if (cause >= 0 || cause == CELL_RULE)
                tally_support(t, cause_support(cause, node));
            else if (r->parents[x] == 0 && assumption >= 0)
                tally_support(t, (unsigned)assumption);
        }
        if (r->inner[x] >= 0)
            inner_sum_add(&t->inner, n, r->inner[x]);
        for (int i = 0; i < r->parents[x]; i++) {
            const int p = r->pool[r->first[x] + i];

            if (!nodes_has(&seen, r->node[p])) {
                nodes_put(&seen, r->node[p]);
                queue[tail++] = (unsigned short)p;
            }
        }
    }
}

/* What a hint strikes, hashed in cell order, for SE's dedupe by strikes:
 * its cells are distinct, so each goes in once, with its digits. */
static uint64_t strikes_key(const unsigned char *cells, const unsigned short *digits, int n)
{
    unsigned item[SUDOKU_CELLS]; /* cell << 9 | digits, in cell order */
    uint64_t h = 0x5EED;

    assert(n <= SUDOKU_CELLS);
    for (int i = 0; i < n; i++) {
        item[i] = (unsigned)cells[i] << 9 | digits[i];
        for (int j = i; j > 0 && item[j - 1] > item[j]; j--) {
            const unsigned x = item[j];

            item[j] = item[j - 1];
            item[j - 1] = x;
        }
    }
    for (int i = 0; i < n; i++)
        h = mix(h, item[i]);
    return h;
}

/*
 * Makes block b of a table of `blocks` (and the table, the first time),
 * of `size` bytes; 0 when memory runs out, or the table's blocks.
 */
static int block_made(nest *n, void ***table, int blocks, int b, size_t size)
{
    if (!*table)
        *table = calloc((size_t)blocks, sizeof **table);
    if (*table && b < blocks && !(*table)[b])
        (*table)[b] = malloc(size);
    return allocated(n, *table && b < blocks ? (*table)[b] : NULL);
}

/* Makes room for a hint's `count` words in one block, the next if the
 * last has too few left; 0 when memory runs out. */
static int word_room(nest *n, int count)
{
    const int left = WORD_BLOCK - (n->word_count & (WORD_BLOCK - 1));

    if (count == 0)
        return 1;
    if (left < count)
        n->word_count += left;
    return block_made(n, &n->word_block, WORD_BLOCKS, n->word_count >> WORD_BLOCK_BITS,
                      WORD_BLOCK * sizeof(chain_word));
}

/*
 * Keeps a hint the producer found: its tally, its base rating and kind,
 * and what it strikes. `complexity` overrides the tally's count when not
 * negative (a cycle counts one of its two chains). Each caller strikes
 * something (cell_count > 0), which is SE's isWorth(), from distinct cells.
 */
static void push_hint(nest *n, nest_depth *d, const tally *t, int complexity,
                      double base, int key, int technique, const unsigned char *cells,
                      const unsigned short *digits, int cell_count)
{
    inner_hint *h;

    if (!GROW(n, d->raw, d->raw_room, d->raw_count + 1) ||
        !GROW(n, n->strike, n->strike_room, n->strike_count + cell_count) ||
        !GROW(n, n->support, n->support_room, n->support_count + t->supports) ||
        !word_room(n, d->word_count))
        return;
    h = &d->raw[d->raw_count++];
    h->identity = t->identity;
    h->complexity = (complexity >= 0 ? complexity : t->count) + t->inner.sum;
    h->difficulty = base + length_bonus(h->complexity);
    h->key = key;
    h->technique = technique;
    h->order = d->raw_count;
    h->strike_at = n->strike_count;
    h->strikes = cell_count;
    for (int i = 0; i < cell_count; i++)
        n->strike[n->strike_count++] = (strike_item){digits[i], cells[i]};
    h->strikes_key = strikes_key(cells, digits, cell_count);
    h->support_at = n->support_count;
    h->supports = t->supports;
    if (t->supports)
        memcpy(&n->support[n->support_count], t->support,
               (size_t)t->supports * sizeof *t->support);
    n->support_count += t->supports;
    h->word_at = n->word_count;
    h->words = d->word_count;
    if (d->word_count)
        memcpy((chain_word *)n->word_block[n->word_count >> WORD_BLOCK_BITS] +
                   (n->word_count & (WORD_BLOCK - 1)),
               d->words, (size_t)d->word_count * sizeof *d->words);
    n->word_count += d->word_count;
}

/* A branch of the hint being made, from a path given leaf first. */
static void words_path(nest_depth *d, const unsigned short *leaf_first, int count)
{
    for (int i = count - 1; i >= 0 && d->word_count < d->word_room; i--)
        d->words[d->word_count++] =
            (chain_word){leaf_first[i], (unsigned char)(i == count - 1 ? SUDOKU_CHAIN_BRANCH : 0),
                         0, -1};
}

/* A branch of the hint being made: from a run's assumption to record rec,
 * by first parents, with what the fixpoints' rules struck. */
static void words_run(nest_depth *d, const run *r, int rec)
{
    int count = 0;

    if (d->word_count >= d->word_room)
        return;
    for (; rec >= 0 && count < RUN_RECORDS; rec = r->parents[rec] ? r->pool[r->first[rec]] : -1)
        d->queue[count++] = (unsigned short)rec;
    while (count-- > 0 && d->word_count < d->word_room) {
        const int x = d->queue[count];
        chain_word *w = &d->words[d->word_count++];

        w->node = r->node[x];
        w->flags = 0;
        w->technique = 0;
        w->inner = -1;
        if (r->detail && r->cause[x] == RULE_NODE) {
            w->flags |= SUDOKU_CHAIN_RULE;
            w->technique = r->rule[x];
            w->inner = r->inner[x];
        }
    }
}

/* Marks where a branch of the hint being made starts. */
static void words_branch(nest_depth *d, int at)
{
    if (at < d->word_count)
        d->words[at].flags |= SUDOKU_CHAIN_BRANCH;
}

/* What a chain concluding on `target` strikes: the candidate, or the rest of
 * its cell. Returns the number of cells (0 or 1). */
static int target_strikes(const view *v, int target, unsigned char *cell,
                          unsigned short *digits)
{
    const int c = node_cell(target);
    const unsigned bit = digit_bit(node_digit(target));

    *cell = (unsigned char)c;
    *digits = (unsigned short)(node_on(target) ? v->mask[c] & ~bit : bit);
    return *digits != 0;
}

/* ------------------------------------------------------------------ */
/* Static cycles and forcing chains (+FC)                              */
/* ------------------------------------------------------------------ */

/*
 * What a cycle strikes, cells in SE's order: walking the cycle back from
 * its end, the cells that see a node of it, in cell order, with the
 * node's digit, first those that see an on node; of them, those that see
 * an off node of the same digit too. path[n - 1] is the start, path[0]
 * the start again.
 */
static int cycle_strikes_in_order(const view *v, const unsigned short *path, int n,
                                  unsigned char *cells, unsigned short *digits)
{
    unsigned short forth[2 * SUDOKU_CELLS] = {0}, back[SUDOKU_CELLS] = {0};
    unsigned short by_cell[SUDOKU_CELLS] = {0};
    cell_set chain = {{0}};
    int count = 0, k = 0;

    for (int i = 0; i + 1 < n; i++)
        set_add(&chain, node_cell(path[i]));
    for (int i = 0; i + 1 < n; i++) {
        const int digit = node_digit(path[i]);
        cell_set sight = set_minus(cell_peers(node_cell(path[i])), chain);

        for (int q; (q = set_pop(&sight)) >= 0;) {
            if (!(v->mask[q] & digit_bit(digit)))
                continue;
            if (!node_on(path[i]))
                back[q] |= (unsigned short)digit_bit(digit);
            else if (!(by_cell[q] & digit_bit(digit)) && count < 2 * SUDOKU_CELLS) {
                by_cell[q] |= (unsigned short)digit_bit(digit);
                forth[count++] = (unsigned short)(q * 16 + digit);
            }
        }
    }
    memset(by_cell, 0, sizeof by_cell);
    for (int i = 0; i < count; i++) {
        const int q = forth[i] / 16, digit = forth[i] % 16;

        if (!(back[q] & digit_bit(digit)))
            continue;
        if (!by_cell[q])
            cells[k++] = (unsigned char)q;
        by_cell[q] |= (unsigned short)digit_bit(digit);
    }
    for (int i = 0; i < k; i++)
        digits[i] = by_cell[cells[i]];
    return k;
}

/*
 * A cycle's two chains: from its end back round to the start, and the
 * same nodes reversed (SE's getReversedCycle), where each off node turns
 * on and keeps the link that made it, whose cell or unit it then reads.
 */
static void tally_cycle(tally *t, const unsigned short *path, int n)
{
    tally_target(t, path[0]);
    for (int i = 0; i + 1 < n; i++) {
        t->identity = mix(t->identity, path[i]);
        if (node_on(path[i]))
            tally_support(t, cause_support(link_cause(path[i + 1], path[i]), path[i]));
    }
    tally_target(t, path[n - 1] ^ 1);
    for (int i = n - 1; i >= 1; i--) {
        t->identity = mix(t->identity, path[i] ^ 1U);
        if (i < n - 1 && !node_on(path[i]))
            tally_support(t, cause_support(link_cause(path[i + 1], path[i]), path[i]));
    }
}

void sink_trail(chain_search *s, const unsigned short *path, int n, int cycle,
                int y, int x)
{
    nest *ne = s->sink->nest;
    nest_depth *d = s->sink->depth;
    tally *t = &d->tally;
    unsigned char cells[SUDOKU_CELLS];
    unsigned short digits[SUDOKU_CELLS];
    int k, strikes;

    tally_start(t);
    d->word_count = 0;
    if (cycle) {
        k = cycle_strikes_in_order(&s->grid, path, n, cells, digits);
        if (k == 0)
            return;
        tally_cycle(t, path, n);
        words_path(d, path, n);
        push_hint(ne, d, t, n - 1, y && x ? 7.0 : 6.5, y && x ? KEY_XY : y ? KEY_Y : KEY_X,
                  y && x ? SUDOKU_XY_CYCLE : y ? SUDOKU_Y_CYCLE : SUDOKU_X_CYCLE, cells,
                  digits, k);
        return;
    }
    /* a forcing chain starts from a cell with two candidates or more, so
       its end strikes something, whether it places a digit or strikes it */
    strikes = target_strikes(&s->grid, path[0], cells, digits);
    assert(strikes);
    (void)strikes;
    tally_target(t, path[0]);
    for (int i = 0; i < n; i++) {
        t->identity = mix(t->identity, path[i]);
        if (node_on(path[i]) && i + 1 < n)
            tally_support(t, cause_support(link_cause(path[i + 1], path[i]), path[i]));
    }
    words_path(d, path, n);
    push_hint(ne, d, t, n, y ? 7.0 : 6.6, y ? KEY_XY : KEY_X,
              y ? SUDOKU_FORCING_CHAIN : SUDOKU_FORCING_X_CHAIN, cells, digits, 1);
}

/* ------------------------------------------------------------------ */
/* Cell, region and dynamic forcing chains (+MFC, +DFC)                */
/* ------------------------------------------------------------------ */

/*
 * One node for each set of strikes of a chain on `target`: the target,
 * unless it is on in a cell of two, where it strikes what the other
 * candidate's off node does.
 */
static int strikes_node(const view *v, int target)
{
    const int c = node_cell(target);
    const unsigned others = v->mask[c] & ~digit_bit(node_digit(target));

    if (node_on(target) && bit_count9(v->mask[c]) == 2)
        return make_node(c, lowest_bit(others) + 1, 0);
    return target;
}

/* The fewest nodes a chain of a run from record rec counts: those along
 * its first parents, which tally_run() walks among the rest. */
static int chain_floor(const run *r, int rec)
{
    int count = 1;

    for (; r->parents[rec]; count++)
        rec = r->pool[r->first[rec]];
    return count;
}

/* The fewest nodes of the list's hints so far that strike what a chain on
 * `target` strikes. */
static int *shortest_of(nest_depth *d, int target)
{
    return &d->shortest[strikes_node(&d->view, target)];
}

/*
 * Whether a hint of at least `least` nodes would come after one the list
 * holds that strikes the same, the shortest such, and so be dropped
 * (file_list() keeps the first of each set of strikes): its rating is no
 * less, and its length more. The producer's hints all have the same base
 * rating.
 */
static int outdone(const int *shortest, int least)
{
    return least > *shortest;
}

/* Notes the length of the hint just pushed, for outdone(). */
static void note_length(int *shortest, const tally *t)
{
    const int length = t->count + t->inner.sum;

    if (length < *shortest)
        *shortest = length;
}

/* A binary hint: a contradiction, or a double chain, on two runs. */
static void push_pair(nest *n, nest_depth *d, const chain_mode *m, const run *ra,
                      int a, const run *rb, int b, int key, int target)
{
    unsigned char cell;
    unsigned short digits;
    int *shortest;

    if (!target_strikes(&d->view, target, &cell, &digits))
        return;
    shortest = shortest_of(d, target);
    if (outdone(shortest, chain_floor(ra, a) + chain_floor(rb, b)))
        return;
    tally_start(&d->tally);
    tally_run(&d->tally, n, ra, a, -1, d->queue);
    tally_run(&d->tally, n, rb, b, -1, d->queue);
    d->word_count = 0;
    words_run(d, ra, a);
    words_branch(d, 0);
    {
        const int second = d->word_count;

        words_run(d, rb, b);
        words_branch(d, second);
    }
    push_hint(n, d, &d->tally, -1, m->base, key, m->binary, &cell, &digits, 1);
    note_length(shortest, &d->tally);
}

/*
 * The hints on the nodes common to some runs (a cell's candidates, or a
 * digit's places in a unit), in the first run's order, on nodes first:
 * each walked in every run, in order.
 */
static void push_common(nest *n, nest_depth *d, const chain_mode *m, run *const *runs,
                        int count, const node_set *common, int key, unsigned assumption)
{
    const run *a;

    assert(count > 0);
    a = runs[0];
    for (int on = 1; on >= 0; on--) {
        for (int rec = 0; rec < a->count; rec++) {
            const int node = a->node[rec];
            unsigned char cell;
            unsigned short digits;
            int least = 0, *shortest;

            if (a->slot[node] != rec || node_on(node) != on || !nodes_has(common, node) ||
                !target_strikes(&d->view, node, &cell, &digits))
                continue;
            for (int i = 0; i < count; i++)
                least += chain_floor(runs[i], runs[i]->slot[node]);
            shortest = shortest_of(d, node);
            if (outdone(shortest, least))
                continue;
            tally_start(&d->tally);
            d->word_count = 0;
            for (int i = 0; i < count; i++) {
                const int at = d->word_count;

                tally_run(&d->tally, n, runs[i], runs[i]->slot[node], (int)assumption, d->queue);
                words_run(d, runs[i], runs[i]->slot[node]);
                words_branch(d, at);
            }
            push_hint(n, d, &d->tally, -1, m->base, key,
                      (int)(key == KEY_CELL ? m->cell : m->region), &cell, &digits, 1);
            note_length(shortest, &d->tally);
        }
    }
}

/* Whether the nested producers have run out of work or memory. */
static int out_of_work(nest *n)
{
    if (n->limit && *n->work > n->limit)
        n->failed = 1;
    return n->failed;
}

/* Runs a node into a run; 1 at a contradiction. */
static int run_into(nest *n, nest_depth *d, const chain_mode *m, run *r, int start)
{
    const int absurd = chains_run(r, &d->view, m, start);

    if (r->full)
        n->failed = 1;
    return absurd && !r->full;
}

#ifndef NDEBUG
/* Checks a run kept from the list before against the run made here. */
static void check_kept(nest_depth *d, const chain_mode *m, int start, int known,
                       const node_set *nodes)
{
    run *x = &d->runs[MEMO_RUN];
    chain_mode uncounted = *m;
    int absurd;

    uncounted.work = NULL;
    absurd = chains_run(x, &d->view, &uncounted, start);
    assert(x->full || ((absurd ? KNOWN_ABSURD : KNOWN_CLEAN) == known &&
                       memcmp(&x->has, nodes, sizeof x->has) == 0));
}
#endif

/*
 * Keeps in the memo the runs of the list before that are the same on this
 * list's grid. A plain dynamic run (no fixpoint) reads the grid only
 * where it expands a node: the node's cell, and its digit's places in the
 * node's units. So a run holds a node whose expansion reads what changed
 * from that grid to this one, or it reads none of it and is made the same
 * here. Its records are not kept (the store is rewound for each list); a
 * walk makes it again. The same for the memo of off runs.
 */
static void carry_memo(nest_depth *d, const chain_mode *m)
{
    node_set touched = {{0}}; /* the nodes whose expansion reads a change */

    (void)m; /* read by the check of what is kept */

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (d->before.mask[c] == d->view.mask[c])
            continue;
        for (int n = make_node(c, 1, 0); n <= make_node(c, 9, 1); n++)
            nodes_put(&touched, n);
    }
    for (int u = 0; u < UNITS; u++) {
        for (int digit = 1; digit <= 9; digit++) {
            if (d->before.places[u][digit - 1] == d->view.places[u][digit - 1])
                continue;
            for (int i = 0; i < 9; i++) {
                const int n = make_node(unit_cell(u, i), digit, 0);

                nodes_put(&touched, n);
                nodes_put(&touched, n + 1);
            }
        }
    }
    for (int cand = 0; cand < SUDOKU_CELLS * 9; cand++) {
        if (d->off_known[cand] && nodes_meet(&d->off_memo[cand], &touched))
            d->off_known[cand] = KNOWN_NOT;
#ifndef NDEBUG
        if (d->off_known[cand])
            check_kept(d, m, cand * 2, d->off_known[cand], &d->off_memo[cand]);
#endif
        d->carried[cand] = 0;
        if (!d->known[cand])
            continue;
        if (nodes_meet(&d->memo[cand], &touched)) {
            d->known[cand] = KNOWN_NOT;
            continue;
        }
        d->carried[cand] = 1;
        d->saved[cand] = NULL;
#ifndef NDEBUG
        check_kept(d, m, cand * 2 + 1, d->known[cand], &d->memo[cand]);
#endif
    }
}

/* Counts the work of a run kept from the list before, once in this list,
 * where making it would have counted it. */
static void count_carried(nest_depth *d, const chain_mode *m, int cand)
{
    if (!d->carried[cand])
        return;
    d->carried[cand] = 0;
    if (m->work)
        *m->work += d->memo_work[cand];
}

/* Runs a candidate's on node into r, and keeps the run's nodes, work and
 * records in the memo; 1 at a contradiction. */
static int run_memo(nest *n, nest_depth *d, const chain_mode *m, run *r, int on)
{
    const int cand = on >> 1;
    const unsigned long before = m->work ? *m->work : 0;
    const int absurd = run_into(n, d, m, r, on);

    run_nodes(r, &d->memo[cand]);
    d->memo_work[cand] = m->work ? *m->work - before : 0;
    d->known[cand] = absurd ? KNOWN_ABSURD : KNOWN_CLEAN;
    d->saved[cand] = NULL;
    if (!n->failed) {
        d->saved[cand] = store_keep(&d->store, r);
        allocated(n, d->saved[cand]);
    }
    return absurd;
}

/*
 * Makes the on run of a candidate the memo holds into r again, to be
 * walked: from its records where they are stored, else run; the work
 * counted only if `counted`.
 */
static void run_again(nest *n, nest_depth *d, const chain_mode *m, run *r, int on, int counted)
{
    const int cand = on >> 1;
    chain_mode uncounted = *m;

    uncounted.work = NULL;
    if (!d->saved[cand]) {
        run_into(n, d, counted ? m : &uncounted, r, on);
        return;
    }
    run_restore(r, &d->view, d->saved[cand]);
    if (counted && m->work) /* its own nodes: the lists it asks for are kept */
        *m->work += (unsigned long)run_saved_work(d->saved[cand]);
#ifndef NDEBUG
    { /* what the run made again would be */
        run *x = &d->runs[MEMO_RUN];

        run_into(n, d, &uncounted, x, on);
        assert(x->full || runs_alike(x, r, n)); /* full: a list cut short */
    }
#endif
}

/* The nodes of a candidate's on run, made once for the list; a static
 * run's from the runs found at once (closures_build), without records. */
static const node_set *memo_nodes(nest *n, nest_depth *d, const chain_mode *m, int on)
{
    const int cand = on >> 1;

    count_carried(d, m, cand);

    if (!d->known[cand] && m->links) {
        const unsigned long before = m->work ? *m->work : 0;
        /* the run's nodes at once, or, where it stops at a contradiction,
           what it holds then */
        int absurd = closure_of(&d->reach, m->links, d->sets, on, &d->memo[cand]);

        if (absurd)
            absurd = chains_run_nodes(m, on, &d->memo[cand]);
        else if (m->work) /* a node expanded for each it holds */
            *m->work += (unsigned long)nodes_count(&d->memo[cand]);
#ifndef NDEBUG
        if (!absurd) { /* the nodes that the run in order finds */
            chain_mode uncounted = *m;
            node_set swept;
            int again;

            uncounted.work = NULL;
            again = chains_run_nodes(&uncounted, on, &swept);
            assert(!again && memcmp(&swept, &d->memo[cand], sizeof swept) == 0);
        }
#endif
        d->memo_work[cand] = m->work ? *m->work - before : 0;
        d->known[cand] = absurd ? KNOWN_ABSURD : KNOWN_CLEAN;
        d->saved[cand] = NULL;
    } else if (!d->known[cand]) {
        run_memo(n, d, m, &d->runs[MEMO_RUN], on);
    }
    return &d->memo[cand];
}

/*
 * The run of the cell's i-th candidate (on node `on`), to be walked: made
 * again if only the memo holds it (bit i of *made clear). Its work was
 * counted where it was first made.
 */
static run *cell_run(nest *n, nest_depth *d, const chain_mode *m, unsigned *made, int i,
                     int on)
{
    if (!(*made & 1u << i)) {
        run_again(n, d, m, &d->runs[i], on, 0);
        *made |= 1u << i;
    }
    return &d->runs[i];
}

/*
 * A candidate's off run, for its cell's double chains and contradictions:
 * its nodes into d->nodes[OFF_RUN], from the memo where the lists before
 * made it (carry_memo()), else run into runs[OFF_RUN] and kept there.
 * Returns whether runs[OFF_RUN] holds it; 1 in *absurd at a
 * contradiction.
 */
static int opposite(nest *n, nest_depth *d, const chain_mode *m, int off, int *absurd)
{
    const int cand = off >> 1;
    unsigned long before;

    if (d->off_known[cand]) {
        *absurd = d->off_known[cand] == KNOWN_ABSURD;
        d->nodes[OFF_RUN] = d->off_memo[cand];
        if (m->work) /* counted as if made here */
            *m->work += d->off_work[cand];
        return 0;
    }
    before = m->work ? *m->work : 0;
    *absurd = run_into(n, d, m, &d->runs[OFF_RUN], off);
    run_nodes(&d->runs[OFF_RUN], &d->nodes[OFF_RUN]);
    d->off_memo[cand] = d->nodes[OFF_RUN];
    d->off_work[cand] = m->work ? *m->work - before : 0;
    d->off_known[cand] = *absurd ? KNOWN_ABSURD : KNOWN_CLEAN;
    return 1;
}

/* runs[OFF_RUN], to be walked: the off run made again, uncounted, unless
 * it holds it (*held). */
static run *opposite_run(nest *n, nest_depth *d, const chain_mode *m, int *held, int off)
{
    if (!*held) {
        chain_mode uncounted = *m;

        uncounted.work = NULL;
        run_into(n, d, &uncounted, &d->runs[OFF_RUN], off);
        *held = 1;
    }
    return &d->runs[OFF_RUN];
}

/*
 * Region chains on the units where the cell is the digit's first place:
 * the nodes common to the runs of the digit's places there, from the
 * memo; the runs are made again, to be walked, only where some are left.
 */
static void collect_regions(nest *n, nest_depth *d, const chain_mode *m, int cell,
                            int digit, int own, unsigned *made)
{
    const int units[3] = {box_of(cell), row_of(cell), column_of(cell)};

    for (int k = 0; k < 3 && !n->failed; k++) {
        const unsigned places = d->view.places[units[k]][digit - 1];
        run *runs[9];
        node_set common;
        int count = 0, alive = 1;

        if (bit_count9(places) < 2 || unit_cell(units[k], lowest_bit(places)) != cell)
            continue;
        common = d->nodes[own];
        for (unsigned p = places & (places - 1); p && alive; p &= p - 1) {
            const int other = make_node(unit_cell(units[k], lowest_bit(p)), digit, 1);

            alive = nodes_and(&common, memo_nodes(n, d, m, other));
        }
        if (!alive || n->failed)
            continue;
        for (unsigned p = places; p; p &= p - 1) {
            const int x = unit_cell(units[k], lowest_bit(p));

            if (x == cell) {
                runs[count++] = cell_run(n, d, m, made, own, make_node(cell, digit, 1));
                continue;
            }
            runs[count] = &d->runs[UNIT_RUNS + count];
            run_again(n, d, m, runs[count++], make_node(x, digit, 1), 1);
        }
        if (!n->failed)
            push_common(n, d, m, runs, count, &common, KEY_REGION,
                        (unsigned)(units[k] * 9 + digit - 1));
    }
}

/* The double chains of a cell's candidate, on run a, and its opposite, on
 * run b: every node both imply, on nodes first, in a's order. */
static void push_doubles(nest *n, nest_depth *d, const chain_mode *m, const run *a,
                         const run *b)
{
    for (int pass = 1; pass >= 0; pass--) {
        for (int rec = 0; rec < a->count; rec++) {
            const int node = a->node[rec];

            if (a->slot[node] == rec && node_on(node) == pass &&
                nodes_has(&d->nodes[OFF_RUN], node))
                push_pair(n, d, m, a, rec, b, b->slot[node], KEY_DOUBLE, node);
        }
    }
}

/* Everything from one cell, in SE's order (Chaining's
 * getMultipleChainsHintListForCell). A run that the memo already holds
 * is made again only if it is to be walked: most of a cell's candidates
 * were run for the regions of the cells before it, and a run is walked
 * only for a hint it takes part in. */
static void collect_cell(nest *n, nest_depth *d, const chain_mode *m, int cell)
{
    const unsigned mask = d->view.mask[cell];
    run *runs[9];
    node_set common = {{0}}; /* the nodes common to the runs so far */
    int count = 0;
    unsigned made = 0; /* the runs[] that hold their run, not only the memo */

    for (unsigned rest = mask; rest && !n->failed; rest &= rest - 1) {
        const int digit = lowest_bit(rest) + 1, on = make_node(cell, digit, 1);
        int absurd;

        runs[count] = &d->runs[count];
        if (d->known[on >> 1]) {
            absurd = d->known[on >> 1] == KNOWN_ABSURD;
            /* counted as if made again (for a run kept from the list
               before, as if made here) */
            d->carried[on >> 1] = 0;
            if (m->work)
                *m->work += d->memo_work[on >> 1];
        } else if (m->links) { /* a static run, made again if walked */
            memo_nodes(n, d, m, on);
            absurd = d->known[on >> 1] == KNOWN_ABSURD;
        } else {
            absurd = run_memo(n, d, m, runs[count], on);
            made |= 1u << count;
        }
        if (absurd && m->contradiction) {
            const run *a = cell_run(n, d, m, &made, count, on);

            push_pair(n, d, m, a, a->bad_on, a, a->bad_off, KEY_ABSURD, on ^ 1);
        }
        d->nodes[count] = d->memo[on >> 1];
        if (m->dynamic) { /* a static producer reads nothing of the opposite */
            const int doubles = m->doubles && bit_count9(mask) >= 3;
            int held = opposite(n, d, m, on ^ 1, &absurd);

            if (absurd && m->contradiction) {
                const run *b = opposite_run(n, d, m, &held, on ^ 1);

                push_pair(n, d, m, b, b->bad_on, b, b->bad_off, KEY_ABSURD, on);
            }
            if (doubles && nodes_meet(&d->nodes[OFF_RUN], &d->nodes[count]))
                push_doubles(n, d, m, cell_run(n, d, m, &made, count, on),
                             opposite_run(n, d, m, &held, on ^ 1));
        }
        if (m->regions)
            collect_regions(n, d, m, cell, digit, count, &made);
        if (count == 0)
            common = d->nodes[0];
        else
            nodes_and(&common, &d->nodes[count]);
        count++;
    }
    if (m->multiple && !n->failed && nodes_any(&common)) {
        int i = 0;

        for (unsigned rest = mask; rest; rest &= rest - 1)
            cell_run(n, d, m, &made, i++, make_node(cell, lowest_bit(rest) + 1, 1));
        push_common(n, d, m, runs, count, &common, KEY_CELL, SUPPORT_CELL | (unsigned)cell);
    }
}

/* The list of a producer of cell and region chains; `carry`: its runs are
 * plain dynamic runs, which the next such list may keep. */
static void collect_multiple(nest *n, nest_depth *d, const chain_mode *m, int carry)
{
    if (carry && d->carry) {
        carry_memo(d, m);
    } else {
        memset(d->known, 0, sizeof d->known);
        memset(d->carried, 0, sizeof d->carried);
        memset(d->off_known, 0, sizeof d->off_known);
    }
    memset(d->shortest, 0x7F, sizeof d->shortest); /* more than any length */
    store_rewind(&d->store);
    for (int c = 0; c < SUDOKU_CELLS && !out_of_work(n); c++) {
        const int size = bit_count9(d->view.mask[c]);

        if (d->grid.value[c] || size < 2 || (size == 2 && !m->dynamic))
            continue;
        collect_cell(n, d, m, c);
    }
    d->carry = carry && !n->failed;
    d->before = d->view;
}

/* ------------------------------------------------------------------ */
/* The lists, by grid                                                  */
/* ------------------------------------------------------------------ */

/* SE's sort of a producer's hints: rating, length, kind, then as found. */
static inline int hint_before(const inner_hint *a, const inner_hint *b)
{
    if (a->difficulty != b->difficulty)
        return a->difficulty < b->difficulty;
    if (a->complexity != b->complexity)
        return a->complexity < b->complexity;
    if (a->key != b->key)
        return a->key < b->key;
    return a->order < b->order;
}

/*
 * The indices of d->raw in SE's order, by merges of sorted runs, each
 * twice as long as the last, from a into b and back; `order` breaks every
 * tie. Returns whichever of the two holds them at the end.
 */
static int *sort_hints(const inner_hint *raw, int count, int *a, int *b)
{
    for (int i = 0; i < count; i++)
        a[i] = i;
    for (int width = 1; width < count; width *= 2) {
        int *swap;

        for (int lo = 0; lo < count; lo += 2 * width) {
            const int mid = lo + width < count ? lo + width : count;
            const int hi = lo + 2 * width < count ? lo + 2 * width : count;
            int i = lo, j = mid, k = lo;

            while (i < mid && j < hi)
                b[k++] = hint_before(&raw[a[j]], &raw[a[i]]) ? a[j++] : a[i++];
            while (i < mid)
                b[k++] = a[i++];
            while (j < hi)
                b[k++] = a[j++];
        }
        swap = a;
        a = b;
        b = swap;
    }
    return a;
}

static uint64_t grid_hash(int kind, const view *v)
{
    uint64_t h = mix(0x9E11, (unsigned)kind);

    for (int c = 0; c < SUDOKU_CELLS; c++)
        h = mix(h, v->mask[c]);
    return h;
}

/* The slot of a list in the table: its own, or the free one it goes in. */
static nest_entry *table_slot(nest *n, uint64_t hash, int kind, const view *v)
{
    for (int i = (int)(hash & (uint64_t)(n->table_size - 1));; i = (i + 1) & (n->table_size - 1)) {
        nest_entry *e = &n->table[i];

        if (e->grid < 0)
            return e;
        if (e->hash == hash && e->kind == kind &&
            memcmp(&n->grids[e->grid * SUDOKU_CELLS], v->mask, sizeof v->mask) == 0)
            return e;
    }
}

/* Doubles the table when it is half full (or makes its first). */
static int table_grow(nest *n)
{
    nest_entry *old = n->table;
    const int old_size = n->table_size, size = old_size ? 2 * old_size : 1024;

    if (2 * (n->entries + 1) <= old_size)
        return 1;
    n->table = calloc((size_t)size, sizeof *n->table);
    if (!allocated(n, n->table)) {
        n->table = old;
        return 0;
    }
    n->table_size = size;
    for (int i = 0; i < size; i++)
        n->table[i].grid = -1;
    for (int i = 0; i < old_size; i++) {
        if (old[i].grid >= 0) {
            nest_entry *e = &n->table[old[i].hash & (uint64_t)(size - 1)];

            while (e->grid >= 0)
                e = e == &n->table[size - 1] ? n->table : e + 1;
            *e = old[i];
        }
    }
    free(old);
    return 1;
}

/* Sorts a producer's hints, keeps the first of each set of strikes, and
 * files the list under its grid. */
static int file_list(nest *n, nest_depth *d, int kind, const view *v, uint64_t hash)
{
    nest_entry *e;
    const int first = n->hints, count = d->raw_count;
    int size = 4, *sorted, *met; /* met: open addressing, by strikes_key */

    while (size < 2 * count)
        size *= 2;
    if (!GROW(n, d->order, d->order_room, 2 * count + size))
        return -1;
    sorted = sort_hints(d->raw, count, d->order, d->order + count);
    met = d->order + 2 * count;
    memset(met, -1, (size_t)size * sizeof *met);
    for (int i = 0; i < count; i++) {
        const inner_hint *h = &d->raw[sorted[i]];
        int at = (int)(h->strikes_key & (uint64_t)(size - 1));

        while (met[at] >= 0 && d->raw[met[at]].strikes_key != h->strikes_key)
            at = (at + 1) & (size - 1);
        if (met[at] >= 0)
            continue; /* the strikes of a hint before it */
        if (!block_made(n, &n->hint_block, HINT_BLOCKS, n->hints >> HINT_BLOCK_BITS,
                        HINT_BLOCK * sizeof(inner_hint)))
            return -1;
        met[at] = sorted[i];
        ((inner_hint *)n->hint_block[n->hints >> HINT_BLOCK_BITS])[n->hints & (HINT_BLOCK - 1)] = *h;
        n->hints++;
    }
    if (!table_grow(n) || !GROW(n, n->grids, n->grid_room, (n->grid_count + 1) * SUDOKU_CELLS))
        return -1;
    e = table_slot(n, hash, kind, v);
    e->hash = hash;
    e->kind = kind;
    e->grid = n->grid_count;
    memcpy(&n->grids[n->grid_count++ * SUDOKU_CELLS], v->mask, sizeof v->mask);
    e->first = first;
    e->count = n->hints - first;
    n->entries++;
    return e->count;
}

/* The scratch of the next level down, made once a step; its runs are
 * readied once, as each clears what it last held when it is used. */
static nest_depth *depth_scratch(nest *n)
{
    nest_depth **d = &n->depth[n->depths];

    if (!*d) {
        *d = malloc(sizeof **d);
        if (!allocated(n, *d))
            return NULL;
        (*d)->raw = NULL;
        (*d)->raw_count = (*d)->raw_room = 0;
        (*d)->order = NULL;
        (*d)->order_room = 0;
        (*d)->store = (run_store){NULL, NULL};
        (*d)->carry = 0;
        for (int r = 0; r < DEPTH_RUNS; r++)
            chains_run_init(&(*d)->runs[r]);
    }
    return *d;
}

int nest_list(nest *n, int kind, const view *v, int *first)
{
    const uint64_t hash = grid_hash(kind, v);
    nest_depth *d;
    int count;

    if (n->failed)
        return -1;
    if (n->table_size) {
        const nest_entry *e = table_slot(n, hash, kind, v);

        if (e->grid >= 0) {
            *first = n->self << HINT_ID_BITS | e->first;
            return e->count;
        }
    }
    if (n->depths >= NEST_DEPTHS || !(d = depth_scratch(n))) {
        n->failed = 1;
        return -1;
    }
    n->depths++;
    d->raw_count = 0;
    d->word_room = n->drawn ? WORDS_CAP : 0;
    d->view = *v;
    memcpy(d->grid.value, n->value, sizeof d->grid.value);
    memcpy(d->grid.mask, v->mask, sizeof v->mask);
    memcpy(d->grid.places, v->places, sizeof v->places);
    d->sink.nest = n;
    d->sink.depth = d;
    if (kind == INNER_STATIC) {
        d->search.grid = *v;
        d->search.sink = &d->sink;
        d->search.reach = &d->reach;
        /* a hint counts only where it rests on what the run struck
           (fixpoint.c), and every run starts from the step's grid or
           from one that its runs made, with fewer candidates. A kept
           nest's start is an earlier step's grid, with more: a chain it
           lets through that rests on nothing struck since this step's
           grid would be a static chain of that grid, and the step has
           none, or it would not have come to the nested chains */
        d->search.since = &n->start;
        chains_static_all(&d->grid, &d->search);
    } else {
        chain_mode m = *chains_mode(kind == INNER_MULTIPLE ? CHAINS_MULTIPLE
                                                           : CHAINS_DYNAMIC + kind - INNER_DYNAMIC);

        m.work = n->limit ? n->work : NULL; /* the work counts only against a limit */
        m.nest = n;
        if (!m.dynamic) { /* static runs read links, found once */
            links_build(&d->search.links, v);
            m.links = &d->search.links;
            closures_build(&d->reach, m.links, v, d->sets);
        }
        collect_multiple(n, d, &m, kind == INNER_DYNAMIC);
    }
    n->depths--;
    count = n->failed ? -1 : file_list(n, d, kind, v, hash);
    if (count < 0) {
        n->failed = 1;
        return -1;
    }
    *first = n->self << HINT_ID_BITS | (n->hints - count);
    return count;
}
