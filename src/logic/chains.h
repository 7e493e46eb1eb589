/*
 * chains.h - the implication engine behind the chain techniques, and its
 * scratch: fixed-size structures that the finders keep on the stack.
 * chains.c tells the model.
 */
#ifndef SUDOKU_CHAINS_H
#define SUDOKU_CHAINS_H

#include "logic.h"

#include <stdint.h>

#ifdef SUDOKU_THREADS
#include <stdatomic.h>
#endif

/*
 * The room of a static search and of a run's parents. A static search
 * that fills it goes no further; a run that fills it is no sure run, and
 * claims nothing. The tests build the library once more with little room,
 * so that searches fill it (bench/sudoku-explain-check:small-room, in
 * tests/CMakeLists.txt).
 */
#ifndef SUDOKU_TRAIL_CAP
#define SUDOKU_TRAIL_CAP 8000
#endif
#ifndef SUDOKU_RUN_POOL
#define SUDOKU_RUN_POOL 32000
#endif

enum {
    TRAIL_CAP = SUDOKU_TRAIL_CAP,    /* records of a static search */
    RUN_RECORDS = 2 * 729 + 2,       /* every node once, and one more */
    RUN_POOL = SUDOKU_RUN_POOL,      /* parents of a run's records */
};

enum { NODE_COUNT = 2 * 729, SET_WORDS = (NODE_COUNT + 63) / 64 };

enum { LINK_CAP = 729 * 32 }; /* an on node has at most 28 links, an off 4 */

/* Links between hubs (reach): a hub's 28 weak links at most, each to an
 * off node with 4 strong links at most. */
enum { HUB_LINK_CAP = 729 * 28 * 4 };

/* A set of nodes, by number. */
typedef struct node_set {
    uint64_t word[SET_WORDS];
} node_set;

/* Node n: digit d of cell c, on or off; its opposite is n ^ 1. */
static inline int make_node(int cell, int digit, int on)
{
    return (cell * 9 + digit - 1) * 2 + on;
}

/* unsigned: a node is never negative, and the divisions are the cheaper */
static inline int node_cell(int n) { return (int)((unsigned)n / 18); }
/* n / 18 as node_cell() has it, for the two to share the division */
static inline int node_digit(int n) { return (int)((unsigned)n / 2 - (unsigned)n / 18 * 9 + 1); }
static inline int node_on(int n) { return n & 1; }
static inline unsigned digit_bit(int digit) { return 1u << (digit - 1); }

static inline void nodes_put(node_set *s, int n)
{
    s->word[n >> 6] |= (uint64_t)1 << (n & 63);
}

static inline int nodes_has(const node_set *s, int n)
{
    return (int)(s->word[n >> 6] >> (n & 63) & 1);
}

static inline int nodes_any(const node_set *s)
{
    uint64_t any = 0;

    for (int w = 0; w < SET_WORDS; w++)
        any |= s->word[w];
    return any != 0;
}

/* Whether some node is in both sets. */
static inline int nodes_meet(const node_set *s, const node_set *t)
{
    uint64_t any = 0;

    for (int w = 0; w < SET_WORDS; w++)
        any |= s->word[w] & t->word[w];
    return any != 0;
}

/* How many nodes a set holds. */
static inline int nodes_count(const node_set *s)
{
    int count = 0, w = 0;

    for (; w + 3 <= SET_WORDS; w += 3)
        count += bit_count3(s->word[w], s->word[w + 1], s->word[w + 2]);
    for (; w < SET_WORDS; w++)
        count += bit_count3(s->word[w], 0, 0);
    return count;
}

/* Keeps in s the nodes also in t; whether any are left. */
static inline int nodes_and(node_set *s, const node_set *t)
{
    uint64_t any = 0;

    for (int w = 0; w < SET_WORDS; w++)
        any |= s->word[w] &= t->word[w];
    return any != 0;
}

/* The candidates, with each digit's places in each unit (bit i for the
 * unit's i-th cell). */
typedef struct view {
    unsigned short mask[SUDOKU_CELLS];
    unsigned short places[UNITS][9];
} view;

/*
 * The links of a fixed grid, each node's children in SE's order, found
 * once: node n's are to[first[n]] up to to[first[n + 1]], those inside
 * the cell first, then from to[units[n]] on those along its units.
 */
typedef struct links {
    unsigned short first[NODE_COUNT + 1];
    unsigned short units[NODE_COUNT];
    unsigned short to[LINK_CAP];
} links;

/* SE's order among conclusions of equal rating and length. */
enum {
    KEY_DOUBLE = 1,
    KEY_X,
    KEY_Y,
    KEY_XY,
    KEY_CELL,
    KEY_REGION,
    KEY_ABSURD
};

/* A static search: each node with one parent. */
typedef struct trail {
    int count;
    int on_head, on_tail, off_head, off_tail;
    node_set seen;
    unsigned short node[TRAIL_CAP];
    short parent[TRAIL_CAP];
    /* the marks of the nodes on the path to each record, so that most
       nodes are known at once not to be on it */
    uint64_t path_mark[TRAIL_CAP];
    unsigned short on_queue[TRAIL_CAP], off_queue[TRAIL_CAP];
} trail;

/*
 * What chains can exist on a grid's links of one kind, for a complete
 * list (chains.c, reach_build). A chain goes on past an off node only by
 * a strong link, so what an on node leads to is a matter of the on nodes
 * that strong links lead to (the hubs): hub a leads to hub b when a weak
 * link from a reaches an off node with a strong link to b. The hubs, those
 * links between them, their strongly connected components and the hubs
 * each component reaches (as bits by the hubs' numbers) tell whether a
 * node's opposite, or the node itself, can follow from it.
 */
typedef struct reach {
    int hubs, words;                /* the hubs, and words a set of them takes */
    short number[NODE_COUNT];       /* on node -> its number as a hub, or -1 */
    unsigned short hub[NODE_COUNT]; /* number -> the on node */
    unsigned char strong[NODE_COUNT]; /* off node -> 1 if a strong link leaves it */
    int first[NODE_COUNT + 1];      /* a hub's links to hubs, in to[] */
    unsigned short to[HUB_LINK_CAP];
    /* by candidate, the hubs its on node sees (that a weak link joins to
       it), as lists: seen_head[c], then on by seen_next */
    short seen_head[SUDOKU_CELLS * 9];
    unsigned short seen[LINK_CAP];
    short seen_next[LINK_CAP];
    short comp[NODE_COUNT];         /* number -> its component */
    unsigned char cyclic[NODE_COUNT]; /* component -> a hub in it leads back */
    /* component -> it holds, or reaches, a hub that may rest on what the
       run struck (reach_build) */
    unsigned char holds_fresh[NODE_COUNT], reaches_fresh[NODE_COUNT];
    uint64_t *bits;                 /* component -> the hubs it reaches */
    uint64_t bit_store[NODE_COUNT * 12];
    /* Tarjan's scratch, by number */
    short order[NODE_COUNT], low[NODE_COUNT], comp_first[NODE_COUNT + 1];
    unsigned short stack[NODE_COUNT], path[NODE_COUNT], member[NODE_COUNT];
    int next[NODE_COUNT], stamp[NODE_COUNT];
} reach;

/* What a technique of the multiple family follows and concludes. */
typedef struct chain_mode {
    int cell_links;     /* links inside a cell (not for Nishio) */
    int dynamic;        /* off nodes strike their candidate as the run goes */
    int contradiction;  /* an assumption that leads to a contradiction */
    int doubles;        /* a node both a candidate and its opposite imply */
    int multiple;       /* cell forcing chains */
    int regions;        /* and region forcing chains, with multiple */
    int level;          /* 0; 1 for (+); 2-4 nested (fixpoint.c) */
    int inner;          /* level 4: the level of the dynamic chains inside */
    double base;        /* the rating before length */
    sudoku_technique binary, cell, region;
    unsigned long *work; /* counts the nodes expanded, when not NULL */
    const struct links *links; /* a static search's links, or NULL */
    struct nest *nest;  /* level > 0: what the fixpoints read and keep */
} chain_mode;

/* Where an implied node comes from: for an on node, the cell (CELL_RULE)
 * or the unit (0-26) left with it alone; RULE_NODE for an off node that a
 * rule found at a fixpoint; NO_RULE for the rest. */
enum { CELL_RULE = -1, NO_RULE = -2, RULE_NODE = -3 };

/* A run: every node an assumption implies, each with all its parents. */
typedef struct run {
    const view *start;                  /* the candidates at the start */
    view now;                           /* and as the run has left them */
    int dynamic;                        /* 0: a static run, which reads links */
    int detail;                         /* 1: cause and inner are kept */
    int rules;                          /* 1: a fixpoint's rule added a node */
    short slot[2 * 729];                 /* node -> record, or -1 */
    node_set has;                        /* the nodes with a record in slot */
    int count, used, full;
    int on_head, on_tail, off_head, off_tail;
    int bad_on, bad_off;                 /* a contradiction's records */
    unsigned short node[RUN_RECORDS];
    unsigned short first[RUN_RECORDS];   /* where its parents start in pool */
    unsigned short parents[RUN_RECORDS]; /* how many */
    int8_t cause[RUN_RECORDS];           /* CELL_RULE, a unit, RULE_NODE, NO_RULE */
    int inner[RUN_RECORDS];              /* a RULE_NODE's nested chain, or -1 */
    unsigned char rule[RUN_RECORDS];     /* a RULE_NODE's technique */
    unsigned short pool[RUN_POOL];
    uint32_t on_queue[RUN_RECORDS], off_queue[RUN_RECORDS]; /* queued() */
} run;

/*
 * A hint of a producer nested in a run (nested.c), as the outer chain
 * sees it: what it strikes, where its rule parents are to be looked for
 * (its supports), and what it adds to the length of a chain that uses it.
 */
typedef struct inner_hint {
    uint64_t identity;   /* SE's FullChain equality: its targets and their
                            ancestries, hashed */
    uint64_t strikes_key; /* what it strikes, hashed, for SE's dedupe */
    double difficulty;
    int complexity, key, order;
    int strike_at, strikes;   /* in nest.strike, as SE lists them */
    int support_at, supports; /* in nest.support */
    int word_at, words;       /* in nest.word: its branches, for the step */
    int technique;
} inner_hint;

/* A node of an inner hint's branches, as the step shows it. */
typedef struct chain_word {
    unsigned short node;
    unsigned char flags;     /* SUDOKU_CHAIN_BRANCH, SUDOKU_CHAIN_RULE */
    unsigned char technique; /* with SUDOKU_CHAIN_RULE */
    int inner;               /* a rule node's nested chain, or -1 */
} chain_word;

/* A cell, and the digits a hint strikes from it. */
typedef struct strike_item {
    unsigned short digits;
    unsigned char cell;
} strike_item;

/* A support: the cell's struck candidates (SUPPORT_CELL | cell), or the
 * struck places of digit d in unit u (u * 9 + d - 1). */
enum { SUPPORT_CELL = 0x8000 };

/* The producers a fixpoint may ask for every hint: static chains (+FC),
 * static multiple chains (+MFC), dynamic chains of level 0 to 3 (+DFC). */
enum { INNER_STATIC, INNER_MULTIPLE, INNER_DYNAMIC, INNER_KINDS = INNER_DYNAMIC + 4 };

typedef struct nest_entry nest_entry;
typedef struct nest_depth nest_depth;

enum { NEST_DEPTHS = 4 };

/*
 * A hint's id: its nest's place among the threads' (nest.self) above
 * HINT_ID_BITS, its index in that nest below. The hints are kept in
 * blocks of 2^HINT_BLOCK_BITS, their branches in blocks of
 * 2^WORD_BLOCK_BITS words, a hint's all in one block.
 */
enum {
    HINT_ID_BITS = 24,
    HINT_BLOCK_BITS = 12,
    HINT_BLOCKS = 1 << (HINT_ID_BITS - HINT_BLOCK_BITS),
    WORD_BLOCK_BITS = 16,
    WORD_BLOCKS = 1 << 12
};

/*
 * What the runs above 9.0 read of the step's grid (the rules at their
 * fixpoints count its open cells and placed digits, as SE's rules count
 * them on the real grid, not the run's), and, for the nested chains, the
 * hints of the inner producers, their lists by grid, and their scratch,
 * all on the heap. A grid's lists are the same at every step until a
 * digit is placed, so the steps of a grade share a nest till then
 * (nest_step); nest_end frees what it holds.
 */
typedef struct nest {
    view start;                /* the grid of the first step it served */
    unsigned char open[UNITS]; /* open cells by unit */
    unsigned char placed[9];   /* placed cells by digit */
    unsigned char value[SUDOKU_CELLS];
    /* the threads' nests of a split search, and which this is (else NULL
       and 0): a hint's id names its nest (nest_hint) */
    struct nest *family;
    int self;
    /* the hints (inner_hint) and their branches (chain_word), in blocks
       that never move: a thread may walk a run that another made, and
       read the hints it rests on while that thread files more. Each
       table of blocks is made with its first block. */
    void **hint_block; /* HINT_BLOCKS */
    int hints;
    void **word_block; /* WORD_BLOCKS */
    int word_count;
    strike_item *strike;
    int strike_count, strike_room;
    unsigned short *support;
    int support_count, support_room;
    nest_entry *table; /* lists of hints by producer and grid */
    int entries, table_size;
    unsigned short *grids; /* the grids of the lists, 81 masks each */
    int grid_count, grid_room;
    int *inner_head;      /* by node: the nested chains its branches rest on */
    int *inner_link;      /* (chain, next) pairs of those lists */
    int inner_used, inner_room;
    nest_depth *depth[NEST_DEPTHS];
    int depths;           /* how deep the producers are nested now */
    unsigned long *work;  /* nodes expanded, nested producers included */
    unsigned long limit;  /* and the most allowed (0: no limit, and the
                             nested producers do not count) */
    int drawn;            /* 1: hints keep their branches, for the step */
    int failed;           /* out of memory or work: lists are cut short */
    int out_of_memory;    /* and that for want of memory */
} nest;

/* What the inner chains an outer hint rests on add to its length: SE
 * counts each distinct one once. */
typedef struct inner_sum {
    int count, sum;
    /* bit identity >> 58 of each identity held: most that are new are
       known new without a look through them */
    uint64_t held;
    int id[256];
    uint64_t identity[256]; /* of each id's hint */
} inner_sum;

/*
 * Saved runs (run_save), in blocks that never move, so that a walk may
 * restore a run from where it was kept while more are kept, by its own
 * thread or, in a split search, by another. A store of zeros is empty.
 */
typedef struct store_block store_block;
typedef struct run_store {
    store_block *first; /* the blocks, in order */
    store_block *at;    /* the block being filled, or NULL before the first */
} run_store;

/*
 * Each candidate's on run, once known in a search (chains.c, memo_known):
 * its nodes, and MEMO_CLEAN or MEMO_ABSURD (0: not run yet; MEMO_BUSY: a
 * thread is running it); and, for a dynamic run, where its maker kept its
 * records (NULL: nowhere), for a walk to restore. The threads of a split
 * search share one.
 */
#ifdef SUDOKU_THREADS
typedef atomic_uchar memo_state;
#else
typedef unsigned char memo_state;
#endif

typedef struct on_memo {
    memo_state state[SUDOKU_CELLS * 9];
    node_set nodes[SUDOKU_CELLS * 9];
    const unsigned short *saved[SUDOKU_CELLS * 9];
} on_memo;

enum { MEMO_CLEAN = 1, MEMO_ABSURD = 2, MEMO_BUSY = 3 };

/* The scratch of a chain finder, and the best conclusion so far. */
typedef struct chain_search {
    int found;
    int bound; /* 1 while the best is only a bound, not a conclusion */
    double difficulty;
    int complexity, key;
    sudoku_step step;
    /* the multiple family: the cell whose chains are searched, and the one
       whose chains gave the best (SE's order among equals is the cells') */
    int cell, best_cell;
    view grid;                 /* the grid searched */
    links links;               /* and its links, for the static searches */
    unsigned long work, limit; /* nodes expanded; stop past limit (0: none) */
    int exhausted;             /* 1 when it stopped at the limit */
    trail trail;
    unsigned short path[RUN_RECORDS > TRAIL_CAP ? RUN_RECORDS : TRAIL_CAP];
    run runs[3];
    int sum[NODE_COUNT];      /* region forcing chains: lengths per node */
    int cell_sum[NODE_COUNT]; /* cell forcing chains: the same */
    int loaded;               /* the on node whose run runs[0] holds, or -1 */
    run_store store; /* the dynamic on runs it made for the memo */
    run *check; /* debug builds: the run made again, to check a restored one */
    /* forcing_length's distances: node n is reached[n] - epoch links from
       the source when reached[n] >= epoch, which each search raises past
       its own */
    uint32_t reached[NODE_COUNT];
    uint32_t epoch;
    short forcing[NODE_COUNT];            /* the X forcing chain lengths */
    /* the memo of on runs: own_memo, or the one the search's threads
       share */
    on_memo *memo;
    on_memo own_memo;
    /* not NULL: every conclusion goes there rather than the best kept
       (a nested producer's complete list, nested.c) */
    struct hint_sink *sink;
    /* the static searches' scratch that tells which of them can find
       something */
    reach *reach;
    /* with a sink, the grid of the run's step, when only the chains that
       may rest on what the run struck since are wanted; else NULL */
    const view *since;
} chain_search;

/* The chain techniques, in SE's order (aligned triplet exclusion, 7.5,
 * comes between the first two): then the dynamic chains (+), the nested
 * ones with static chains (+FC), with static multiple chains (+MFC), and
 * with dynamic chains at levels 0 to 3 inside (+DFC...). */
enum {
    CHAINS_STATIC,
    CHAINS_NISHIO,
    CHAINS_MULTIPLE,
    CHAINS_DYNAMIC,
    CHAINS_PLUS,
    CHAINS_NESTED_FC,
    CHAINS_NESTED_MFC,
    CHAINS_NESTED_DFC,
    CHAINS_NESTED_DFC_PLUS,
    CHAINS_NESTED_DFC_FC,
    CHAINS_NESTED_DFC_MFC,
    CHAINS_KINDS
};

/* The most threads that one search shares: as many as sudoku_limits
 * allows, or one where the library has no threads. */
#ifdef SUDOKU_THREADS
enum { CHAINS_THREADS = SUDOKU_THREADS_MAX };
#else
enum { CHAINS_THREADS = 1 };
#endif

/* Why a chain search stopped short, as chains_find() tells it. */
enum { CHAINS_OUT_OF_WORK = 1, CHAINS_OUT_OF_MEMORY = 2 };

/*
 * The finder, with a budget: stops once `limit` nodes (0: no limit) have
 * been expanded, or when memory for its scratch (the static chains' reach,
 * the nested chains' lists) runs out, and sets *exhausted (if not NULL) to
 * CHAINS_OUT_OF_WORK or CHAINS_OUT_OF_MEMORY if it did, else to 0; it then
 * takes no step. The chains above 9.0 keep their nested lists in `nests`
 * when it is not NULL (nest_start on the same grid), so that the next
 * technique tried on the grid finds them there; else in a nest of their
 * own. The multiple family (CHAINS_NISHIO on) shares its cells among
 * `threads` threads (where the library has threads, and without a limit,
 * which counts one thread's work), nests[i] being thread i's; the step is
 * the one a thread finds.
 */
int chains_find(const sudoku_candidates *grid, int kind, sudoku_step *step,
                unsigned long limit, int *exhausted, nest *nests, int threads);

/* Readies s to search `grid`, with chains_find()'s limit. */
void chains_search_start(chain_search *s, const sudoku_candidates *grid,
                         unsigned long limit);

/* X-, Y- and XY-cycles and forcing chains: SE's first chain producer;
 * s->reach is its scratch. */
int chains_static(const sudoku_candidates *grid, chain_search *s);

/*
 * Nishio (level -1), multiple (0, static) or dynamic forcing chains: the
 * search readied for mode (*mode takes its work counter and links), its
 * memo cleared, then the chains from each cell, in SE's order; a cell's
 * says 0 once the search is exhausted, when what it found is not sure.
 */
void chains_memo_clear(on_memo *memo);
void chains_multiple_start(chain_mode *mode, chain_search *s);
int chains_multiple_cell(const sudoku_candidates *grid, const chain_mode *mode,
                         chain_search *s, int cell);
/* Frees what the search keeps of its runs. */
void chains_multiple_end(chain_search *s);

/*
 * Takes the best of `part`, a search of other cells of the same grid, into
 * s where it comes first in SE's order. An exhausted part exhausts s.
 */
void chains_multiple_merge(chain_search *s, const chain_search *part);

/*
 * The multiple family's search on `threads` threads (at least 1), the
 * cells handed out one at a time; s is the first thread's, and ends with
 * the best that one thread, taking the cells in order, finds.
 */
void chains_multiple_split(const sudoku_candidates *grid, const chain_mode *mode,
                           chain_search *s, nest *nests, int threads);

/* The chain_mode of a kind of the multiple family (CHAINS_NISHIO on). */
const chain_mode *chains_mode(int kind);

/* Every static cycle and forcing chain, each into s->sink; with s->since,
 * at least every one that rests on a candidate struck since. */
void chains_static_all(const sudoku_candidates *grid, chain_search *s);

/*
 * What the static forcing chains of a grid strike, all at once, as the
 * strikes of `step` (its other fields say nothing): every candidate whose
 * on node leads to its opposite by cell and unit links. Returns whether it
 * strikes anything, or -1 when memory for the scratch runs out.
 */
int chains_static_strikes(const sudoku_candidates *grid, sudoku_step *step);

/* SE's best cell forcing chain of a grid (its static multiple chains,
 * without the regions'), as chains_find() gives it; whether any. */
int chains_cell_forcing(const sudoku_candidates *grid, sudoku_step *step);

/* The links of every candidate of a grid, for static runs and searches. */
void links_build(links *restrict l, const view *restrict v);

/* The candidates of a grid as the chains read them. */
void view_init(view *v, const sudoku_candidates *g);

/* What a chain's length adds to its rating, as SE works it out. */
double length_bonus(int complexity);

/* Why one node implies the next along a link: CELL_RULE, or the first
 * unit the two cells share, in SE's order (box, row, column). */
int link_cause(int from, int to);

/* The nodes a run holds. */
void run_nodes(const run *r, node_set *out);

/*
 * Appends a branch to a step's chain, given leaf first (as parents are
 * walked). A branch longer than the room left keeps its start and as many
 * nodes after it as fit, the last of them its end, marked
 * SUDOKU_CHAIN_CUT; with room for less than two nodes, none. Either way
 * the step's chain_cut is set.
 */
void step_add_branch(sudoku_step *step, const unsigned short *leaf_first, int n);

/* Appends a node with its flags, its depth of nesting and, if a rule
 * struck it, the rule's technique; past the room, sets chain_cut instead. */
void step_add_node(sudoku_step *step, int node, int flags, int depth, int technique);

/* A static cycle or forcing chain found for a sink, its path leaf first
 * (nested.c). */
void sink_trail(chain_search *s, const unsigned short *path, int n, int cycle,
                int y, int x);

/* Readies a run for chains_run, once. */
void chains_run_init(run *r);

/*
 * A dynamic run kept in a buffer, records and all: run_save() writes at
 * most run_saved_room() words and says how many, and run_restore() makes
 * them into a run again, as chains_run() on the same grid would leave it
 * for a walk (not its queues nor its grid now); run_saved_work() the
 * nodes it expanded. A record's nested chain is a hint of the nest the
 * run was made with, or of another of its family, which its id names.
 */
int run_saved_room(const run *r);
int run_save(const run *r, unsigned short *out);
int run_saved_work(const unsigned short *in);
void run_restore(run *r, const view *grid, const unsigned short *in);
/* Whether two runs hold the same records, as a walk reads them; their
 * nested chains, hints of n's family, the same chains. */
int runs_alike(const run *a, const run *b, const nest *n);

/*
 * A run_store: store_keep() saves a run and says where, or NULL when
 * memory runs out; store_rewind() empties the store for reuse, and
 * store_free() frees it.
 */
const unsigned short *store_keep(run_store *st, const run *r);
void store_rewind(run_store *st);
void store_free(run_store *st);

/* Spreads an assumption; 1 at a contradiction or when the run is full. */
int chains_run(run *r, const view *grid, const chain_mode *mode, int start);

/*
 * The nodes of a static run (mode->links), as chains_run() leaves them in
 * its `has`, with the same work counted; faster, for no record of a parent
 * is kept (nor can the room for them run out). Returns 1 at a
 * contradiction, else 0.
 */
int chains_run_nodes(const chain_mode *mode, int start, node_set *has);

/*
 * The nodes of every static run with cell and unit links on a grid and its
 * links, in q and sets (by component of q's hubs, room for one a
 * candidate) (closures_build). Then a run's from on node `on`, as
 * chains_run_nodes() would give them if it found no contradiction; whether
 * they hold one (closure_of).
 */
void closures_build(reach *q, const links *l, const view *v, node_set *sets);
int closure_of(const reach *q, const links *l, const node_set *sets, int on, node_set *out);

/*
 * Puts a rule's parents (records) in a run's pool, for the off nodes it
 * implies to share; returns where they start, or -1 when the pool is full.
 */
int run_put_parents(run *r, const unsigned short *records, int n);

/*
 * Adds an off node that a rule implies at a fixpoint, with the parents at
 * pool[first], n of them, unless the run has it already. SE checks no
 * contradiction here. Returns 1 if added, 0 if not, -1 when the run is full.
 */
int run_add_rule_node(run *r, int node, int first, int n, int inner, int technique);

/*
 * Readies a nest for a step's grid. `drawn`: whether the step will be
 * shown, whose nested chains then keep their branches (chain_word) for it;
 * a grade reads only ratings, and the hints then keep none.
 */
void nest_start(nest *n, const sudoku_candidates *grid, int drawn);

/*
 * Readies a nest for the next step of a grade: keeps the lists it holds
 * when the step's grid has the same digits placed as the grid they were
 * made for, the step is drawn alike and they are not too big to keep;
 * else frees them and starts afresh. A nest of zeros starts.
 */
void nest_step(nest *n, const sudoku_candidates *grid, int drawn);

/* Frees what a nest holds. */
void nest_end(nest *n);

/*
 * Every hint of an inner producer on a run's grid, in SE's order, each
 * elimination set once (nested.c); cached by grid. Sets *first to the id
 * of the first, the others' following it; returns how many, or -1
 * (n->failed).
 */
int nest_list(nest *n, int kind, const view *grid, int *first);

/* The hint of an id, from whichever of the family's nests filed it; and
 * the first word of its branches. */
const inner_hint *nest_hint(const nest *n, int id);
const chain_word *nest_words(const nest *n, int id);

/* Empties a sum. */
void inner_sum_clear(inner_sum *s);
/* Adds an inner hint to a sum, unless an equal chain is in it already. */
void inner_sum_add(inner_sum *s, const nest *n, int id);

/*
 * The lists of the nested chains that the branches of a cell or region
 * forcing chain rest on, by the node it concludes on: nest_lists_clear()
 * empties those of some nodes, nest_lists_add() adds to one, and
 * nest_lists_sum() counts each distinct chain of one once. Returns 0
 * (n->failed) when memory runs out.
 */
int nest_lists_clear(nest *n, const node_set *nodes);
int nest_lists_add(nest *n, int node, const inner_sum *s);
int nest_lists_sum(const nest *n, int node);

/*
 * At a run's fixpoint, the rules of SE's (+) and nested chains
 * (fixpoint.c): the off nodes of the first rule that has hints resting on
 * the run. Returns how many it added (0: the run is over), or -1 when the
 * run is full.
 */
int run_fixpoint(run *r, const chain_mode *mode);

#endif /* SUDOKU_CHAINS_H */
