/*
 * test_chains.c - the chains above 9.0: SE's dynamic forcing chains (+) and
 * its nested forcing chains, on puzzles whose steps SE itself has rated,
 * and the shape of a nested step as data and as words; and which of the
 * static multiple chains the generator's shortcut may take.
 *
 * The ratings come from SE (serate, the classic technique set), as the
 * notes on its chaining and puzzles/ratings/forum-hardest-se.txt give
 * them: each puzzle needs the level it is here for.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logic/chains.h"

/*
 * The bests of threads that shared a search's cells (split.c), merged: a
 * part that ran out exhausts the whole, and of two equal conclusions the
 * earlier cell's is kept, whichever thread found it first.
 */
static void test_merge_of_parts(void **state)
{
    chain_search *s = calloc(2, sizeof *s), *part = s + 1;

    (void)state;
    assert_non_null(s);
    s->found = part->found = 1;
    s->difficulty = part->difficulty = 9.2;
    s->complexity = part->complexity = 30;
    s->key = part->key = KEY_REGION;
    s->best_cell = 40;
    part->best_cell = 12;
    part->step.technique = SUDOKU_DYNAMIC_REGION_FORCING_CHAINS_PLUS;
    chains_multiple_merge(s, part);
    assert_int_equal(s->best_cell, 12); /* the earlier cell */
    assert_int_equal(s->step.technique, SUDOKU_DYNAMIC_REGION_FORCING_CHAINS_PLUS);
    part->best_cell = 50;
    part->step.technique = SUDOKU_DYNAMIC_CELL_FORCING_CHAINS_PLUS;
    chains_multiple_merge(s, part);
    assert_int_equal(s->best_cell, 12); /* a later cell's equal is not */
    part->complexity = 29;
    chains_multiple_merge(s, part);
    assert_int_equal(s->best_cell, 50); /* a shorter chain is, anywhere */
    assert_int_equal(s->exhausted, 0);
    part->found = 0;
    part->exhausted = CHAINS_OUT_OF_MEMORY;
    chains_multiple_merge(s, part);
    assert_int_equal(s->exhausted, CHAINS_OUT_OF_MEMORY);
    free(s);
}

/* SE's length increment: a tenth past 4, 6, 8, 12, 16, 24, ... nodes
 * beyond two, by complexity (the table in the notes on SE's chaining). */
static void test_length_increment(void **state)
{
    static const struct {
        int complexity, tenths;
    } table[] = {
        {2, 0},     {6, 0},     {7, 1},     {8, 1},     {9, 2},     {10, 2},
        {11, 3},    {14, 3},    {15, 4},    {18, 4},    {19, 5},    {26, 5},
        {27, 6},    {34, 6},    {35, 7},    {50, 7},    {51, 8},    {66, 8},
        {67, 9},    {98, 9},    {99, 10},   {130, 10},  {131, 11},  {194, 11},
        {195, 12},  {258, 12},  {259, 13},  {386, 13},  {387, 14},  {514, 14},
        {515, 15},  {770, 15},  {771, 16},  {1026, 16}, {1027, 17}, {1538, 17},
        {1539, 18}, {2050, 18}, {2051, 19}, {3074, 19},
    };

    (void)state;
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        const double bonus = length_bonus(table[i].complexity);

        if ((int)((bonus + 0.05) * 10) != table[i].tenths)
            fail_msg("complexity %d: +%.2f, not +0.%d", table[i].complexity, bonus,
                     table[i].tenths);
    }
}

typedef struct walk {
    sudoku_rating rating;
    int seen[SUDOKU_TECHNIQUE_COUNT]; /* steps taken of each technique */
    sudoku_step first_of[SUDOKU_TECHNIQUE_COUNT];
} walk;

/* Takes every step of a puzzle, as `sudoku explain` does. */
static void walk_puzzle(const char *text, walk *w)
{
    sudoku_grid puzzle;
    sudoku_candidates grid;
    sudoku_step step;

    memset(w, 0, sizeof *w);
    assert_int_equal(sudoku_parse(&puzzle, text, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_candidates_init(&grid, &puzzle, NULL, NULL), SUDOKU_OK);
    sudoku_rating_start(&w->rating);
    while (sudoku_next_step(&grid, &step) == SUDOKU_OK) {
        if (w->seen[step.technique]++ == 0)
            w->first_of[step.technique] = step;
        sudoku_rating_add(&w->rating, &step);
        sudoku_apply_step(&grid, &step);
    }
    sudoku_rating_finish(&w->rating, &grid);
    assert_true(w->rating.complete);
}

static void assert_rating(const walk *w, int er, int ep, int ed)
{
    assert_int_equal(w->rating.er, er);
    assert_int_equal(w->rating.ep, ep);
    assert_int_equal(w->rating.ed, ed);
}

/* The first node of a chain that a rule of the given technique struck. */
static const sudoku_chain_node *rule_node(const sudoku_step *step, int technique)
{
    for (int i = 0; i < step->chain_count; i++) {
        const sudoku_chain_node *n = &step->chain[i];

        if ((n->flags & SUDOKU_CHAIN_RULE) && n->technique == technique)
            return n;
    }
    return NULL;
}

/*
 * magictour-100 line 8 (SE 9.5/1.2/1.2): SE's step 28 is a region chain (+),
 * 9.3, resting on a hidden pair that the chain makes, r5c6,r6c6 {2,6}: it
 * strikes 7 from r5c6 (notes, section 7).
 */
static void test_plus_rests_on_a_hidden_pair(void **state)
{
    walk w;
    const sudoku_step *step = &w.first_of[SUDOKU_DYNAMIC_REGION_FORCING_CHAINS_PLUS];
    const sudoku_chain_node *pair;

    (void)state;
    walk_puzzle("7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
                &w);
    assert_rating(&w, 95, 12, 12);
    assert_int_equal(w.seen[SUDOKU_DYNAMIC_REGION_FORCING_CHAINS_PLUS], 1);
    assert_int_equal(step->difficulty, 93);
    assert_int_equal(step->strike[4 * 9 + 5], 1u << 6); /* r5c6<>7 */
    pair = rule_node(step, SUDOKU_HIDDEN_PAIR);
    assert_non_null(pair);
    assert_int_equal(pair->cell, 4 * 9 + 5);
    assert_int_equal(pair->digit, 7);
    assert_false(pair->flags & SUDOKU_CHAIN_ON);
    for (int i = 0; i < step->chain_count; i++)
        assert_int_equal(step->chain[i].depth, 0); /* a pair is no chain */
}

/* magictour-100 line 83 (SE 9.8/1.2/1.2): its ER comes from a (+) step. */
static void test_plus_sets_the_rating(void **state)
{
    walk w;

    (void)state;
    walk_puzzle("7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
                &w);
    assert_rating(&w, 98, 12, 12);
    assert_int_equal(w.rating.hardest, SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS);
}

/*
 * Every inner node follows, one deeper, a node that a rule struck or a
 * node of its own chain, and its chain opens with a branch.
 */
static void assert_well_nested(const sudoku_step *step)
{
    for (int i = 1; i < step->chain_count; i++) {
        const sudoku_chain_node *n = &step->chain[i], *before = &step->chain[i - 1];

        assert_true(n->depth <= before->depth + 1);
        if (n->depth == before->depth + 1) {
            assert_true(before->flags & SUDOKU_CHAIN_RULE);
            assert_true(n->flags & SUDOKU_CHAIN_BRANCH);
        }
    }
}

/*
 * forum-hardest-1106, first puzzle (SE 10.3/1.2/1.2): its second step is a
 * region chain that rests on static forcing chains found on the grids its
 * branches make (notes, section 4.4); the step holds each inner chain after
 * the node it strikes, and words it under that node, further in.
 */
static void test_nested_step_as_data_and_words(void **state)
{
    walk w;
    const sudoku_step *step = &w.first_of[SUDOKU_NESTED_REGION_FC];
    const sudoku_chain_node *inner;
    char text[8192];
    int deeper = 0;

    (void)state;
    walk_puzzle("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
                &w);
    assert_rating(&w, 103, 12, 12);
    assert_int_equal(step->difficulty, 103);
    assert_well_nested(step);
    inner = rule_node(step, SUDOKU_FORCING_X_CHAIN);
    assert_non_null(inner);
    assert_int_equal(inner->depth, 0);
    assert_int_equal(inner[1].depth, 1); /* its chain follows it */
    for (int i = 0; i < step->chain_count; i++)
        deeper += step->chain[i].depth > 0;
    assert_true(deeper >= 4);
    assert_false(step->chain_cut);
    sudoku_describe_step(step, text, sizeof text);
    assert_non_null(strstr(text, "Dynamic Region Forcing Chains (+ Forcing Chains): 3 in r6 => r6c5<>4\n"));
    assert_non_null(strstr(text, "[Forcing X-Chain]\n      (8)r5c4-"));
    assert_non_null(strstr(text, "[Hidden Pair]"));
}

/* norvig-hardest11 puzzles 2 and 6: SE 10.6 and 10.5, nested chains with
 * static forcing chains inside (notes, section 7). */
static void test_norvig_hardest(void **state)
{
    walk w;

    (void)state;
    walk_puzzle("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
                &w);
    assert_rating(&w, 106, 12, 12);
    assert_true(w.seen[SUDOKU_NESTED_FC] > 0);
    walk_puzzle("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
                &w);
    assert_rating(&w, 105, 12, 12);
}

/* Whether the generator's shortcut (closes_below()) closes a puzzle. */
static int closes(const sudoku_grid *puzzle)
{
    sudoku_candidates grid;

    assert_int_equal(sudoku_candidates_init(&grid, puzzle, NULL, NULL), SUDOKU_OK);
    return closes_below(&grid);
}

/*
 * The shortcut takes a cell forcing chain rated below 8.8: qqwing-1000
 * line 29 (SE 8.5) closes only with one. It takes no region forcing chain:
 * with them it would close magictour-top1465 line 573, which grades 8.8.
 */
static void test_closure_takes_cell_chains_alone(void **state)
{
    static const char cell_text[] =
        ".9.46....37.........4...7.....3..2.881..2.39...7.....694.278.1..2.1..........9...";
    static const char region_text[] =
        "57..8.4.........3...32..1.5...4.8........5...2.7.....19.1.....4.8.7.9.....2....6.";
    sudoku_grid cell, region;
    sudoku_rating rating;

    (void)state;
    assert_int_equal(sudoku_parse(&cell, cell_text, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_parse(&region, region_text, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(closes(&cell), 1);
    assert_int_equal(closes(&region), 0);
    assert_int_equal(sudoku_rate(&region, &rating, NULL), SUDOKU_OK);
    assert_int_equal(rating.er, 88);
}

/*
 * forum-hardest-1905-11plus, first puzzle (SE 11.1/11.1/11.1): its first
 * step already needs static multiple chains nested in the dynamic ones.
 */
static void test_multiple_chains_nested(void **state)
{
    walk w;

    (void)state;
    walk_puzzle("98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
                &w);
    assert_rating(&w, 111, 111, 111);
    assert_true(w.seen[SUDOKU_NESTED_MFC] + w.seen[SUDOKU_NESTED_CELL_MFC] +
                    w.seen[SUDOKU_NESTED_REGION_MFC] > 0);
}

/*
 * forum-hardest-1106 line 13 (SE 11.8/11.8/11.5, in forum-hardest-se.txt):
 * steps of SE's level 4, dynamic chains nested in dynamic chains; the
 * steps must be sound and nested well, and rated 10.5 or more.
 */
static void test_dynamic_chains_nested(void **state)
{
    static const char puzzle[] =
        "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4";
    sudoku_grid given, solution;
    sudoku_candidates grid;
    sudoku_step step;
    unsigned long count;
    int nested = 0;

    (void)state;
    assert_int_equal(sudoku_parse(&given, puzzle, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_count(&given, 2, &count, &solution, NULL), SUDOKU_OK);
    sudoku_candidates_init(&grid, &given, NULL, NULL);
    while (sudoku_next_step(&grid, &step) == SUDOKU_OK) {
        if (step.technique == SUDOKU_NESTED_DFC || step.technique == SUDOKU_NESTED_CELL_DFC ||
            step.technique == SUDOKU_NESTED_REGION_DFC) {
            nested++;
            assert_true(step.difficulty >= 105);
            assert_well_nested(&step);
        }
        for (int c = 0; c < SUDOKU_CELLS; c++) {
            assert_false(step.strike[c] & 1u << (solution.cell[c] - 1));
            assert_true(!step.place[c] || step.place[c] == solution.cell[c]);
        }
        sudoku_apply_step(&grid, &step);
    }
    assert_true(nested > 0);
    for (int c = 0; c < SUDOKU_CELLS; c++)
        assert_int_equal(grid.value[c], solution.cell[c]);
}

/*
 * A run's pool of parents and its records are fixed in size: what does
 * not fit is refused, and the run says it is full, which makes the chains
 * claim no step (a full run is no sure run).
 */
static void test_run_full(void **state)
{
    static run r;
    const unsigned short parents[2] = {0, 1};
    const int a = make_node(0, 5, 0), b = make_node(1, 5, 0);

    (void)state;
    chains_run_init(&r);
    r.used = r.full = r.off_tail = 0;
    r.detail = 1;
    assert_int_equal(run_put_parents(&r, parents, 2), 0);
    assert_int_equal(r.used, 2);
    assert_int_equal(run_add_rule_node(&r, a, 0, 2, -1, SUDOKU_POINTING), 1);
    assert_int_equal(run_add_rule_node(&r, a, 0, 2, -1, SUDOKU_POINTING), 0);
    assert_int_equal(r.count, 1);
    assert_int_equal(r.parents[0], 2);
    assert_false(r.full);

    r.used = RUN_POOL - 1;
    assert_int_equal(run_put_parents(&r, parents, 2), -1);
    assert_true(r.full);
    assert_int_equal(r.used, RUN_POOL - 1);

    r.full = 0;
    r.used = RUN_POOL;
    assert_int_equal(run_add_rule_node(&r, b, 0, 2, -1, SUDOKU_POINTING), -1);
    assert_true(r.full);
    assert_int_equal(r.count, 1);
    assert_int_equal(r.slot[b], -1);
}

/*
 * A step's chain holds SUDOKU_STEP_CHAIN nodes. A branch longer than the
 * room left keeps its start, the nodes after it that fit but one, and its
 * end; with room for one node, it adds none; a node past the room is left
 * out. Each time the step says that its chain was cut.
 */
static void test_step_chain_cut(void **state)
{
    static sudoku_step step;
    unsigned short leaf_first[10];
    const int at = SUDOKU_STEP_CHAIN - 4;

    (void)state;
    for (int i = 0; i < 10; i++)
        leaf_first[i] = (unsigned short)make_node(i, i % 9 + 1, i % 2);
    memset(&step, 0, sizeof step);
    step.chain_count = at;
    step_add_branch(&step, leaf_first, 10);
    assert_int_equal(step.chain_count, SUDOKU_STEP_CHAIN);
    assert_true(step.chain_cut);
    assert_int_equal(step.chain[at].cell, 9); /* the start, leaf_first[9] */
    assert_true(step.chain[at].flags & SUDOKU_CHAIN_BRANCH);
    assert_true(step.chain[at].flags & SUDOKU_CHAIN_ON);
    assert_int_equal(step.chain[at + 1].cell, 8);
    assert_int_equal(step.chain[at + 2].cell, 7);
    assert_int_equal(step.chain[at + 3].cell, 0); /* the end */
    assert_false(step.chain[at + 3].flags & SUDOKU_CHAIN_ON);
    for (int i = 0; i < 4; i++) /* nodes were left out before the end alone */
        assert_int_equal(!!(step.chain[at + i].flags & SUDOKU_CHAIN_CUT), i == 3);

    step.chain_cut = 0;
    step.chain_count = SUDOKU_STEP_CHAIN - 1;
    step_add_branch(&step, leaf_first, 2);
    assert_int_equal(step.chain_count, SUDOKU_STEP_CHAIN - 1);
    assert_true(step.chain_cut);

    step.chain_cut = 0;
    step_add_node(&step, leaf_first[3], SUDOKU_CHAIN_RULE, 1, SUDOKU_HIDDEN_PAIR);
    assert_int_equal(step.chain_count, SUDOKU_STEP_CHAIN);
    assert_false(step.chain_cut);
    assert_int_equal(step.chain[SUDOKU_STEP_CHAIN - 1].technique, SUDOKU_HIDDEN_PAIR);
    assert_int_equal(step.chain[SUDOKU_STEP_CHAIN - 1].depth, 1);
    step_add_node(&step, leaf_first[4], 0, 1, 0);
    assert_int_equal(step.chain_count, SUDOKU_STEP_CHAIN);
    assert_true(step.chain_cut);
}

/*
 * The fixpoint's rules on a run whose pool or records are full: each rule
 * whose hint rests on the run gives up with -1, and so does the fixpoint.
 * The grids are made for one rule each: every candidate everywhere, then
 * what the run struck, so that the rules before it find nothing that
 * rests on the run.
 */
static view fix_start;
static run fix_run;
static nest fix_nest;

/* The run's view with `digits` struck from `cell`, each strike a record
   of the run, so that a hint may rest on it. */
static void fix_strike(int cell, unsigned digits)
{
    for (unsigned d = digits & fix_run.now.mask[cell]; d; d &= d - 1) {
        const int digit = lowest_bit(d), node = make_node(cell, digit + 1, 0);

        fix_run.now.mask[cell] &= (unsigned short)~(1u << digit);
        fix_run.slot[node] = 0;
    }
}

/* Starts a run on the full grid, and readies the nest of a (+) chain. */
static void fix_begin(void)
{
    for (int c = 0; c < SUDOKU_CELLS; c++)
        fix_start.mask[c] = ALL_DIGITS;
    for (int u = 0; u < UNITS; u++) {
        for (int d = 0; d < 9; d++)
            fix_start.places[u][d] = ALL_DIGITS;
        fix_nest.open[u] = 9;
    }
    memset(fix_nest.placed, 0, sizeof fix_nest.placed);
    chains_run_init(&fix_run);
    fix_run.start = &fix_start;
    fix_run.now = fix_start;
    fix_run.dynamic = 1;
    fix_run.detail = 1;
    fix_run.used = fix_run.full = 0;
}

/* Works out the run's places from its masks, and runs the fixpoint. */
static int fix_end(int used, int count)
{
    const chain_mode m = {.dynamic = 1, .level = 1, .nest = &fix_nest};

    for (int u = 0; u < UNITS; u++) {
        for (int d = 0; d < 9; d++) {
            fix_run.now.places[u][d] = 0;
            for (int i = 0; i < 9; i++)
                fix_run.now.places[u][d] |=
                    (unsigned short)((fix_run.now.mask[unit_cell(u, i)] >> d & 1) << i);
        }
    }
    fix_run.used = used;
    fix_run.count = count;
    return run_fixpoint(&fix_run, &m);
}

static void test_fixpoint_full_run(void **state)
{
    (void)state;
    /* pointing: 1 in box 1 only in its top row, still in the rest of row 1 */
    fix_begin();
    for (int c = 9; c < 27; c++)
        if (c % 9 < 3)
            fix_strike(c, 1);
    assert_int_equal(fix_end(RUN_POOL, 0), -1);
    fix_begin();
    for (int c = 9; c < 27; c++)
        if (c % 9 < 3)
            fix_strike(c, 1);
    assert_int_equal(fix_end(0, RUN_RECORDS), -1); /* room for parents only */
    fix_begin();
    for (int c = 9; c < 27; c++)
        if (c % 9 < 3)
            fix_strike(c, 1);
    assert_true(fix_end(0, 0) > 0); /* with room, its strikes join the run */

    /* a hidden pair: 1 and 2 only in r1c1 and r1c5 */
    fix_begin();
    for (int c = 0; c < 9; c++)
        if (c != 0 && c != 4)
            fix_strike(c, 3);
    assert_int_equal(fix_end(RUN_POOL, 0), -1);

    /* a naked pair: r1c1 and r1c5 hold only 1 and 2 */
    fix_begin();
    fix_strike(0, ALL_DIGITS & ~3u);
    fix_strike(4, ALL_DIGITS & ~3u);
    assert_int_equal(fix_end(RUN_POOL, 0), -1);

    /* an X-Wing: 1 only in columns 1 and 5 of rows 1 and 5 */
    fix_begin();
    for (int c = 0; c < 9; c++) {
        if (c != 0 && c != 4) {
            fix_strike(c, 1);
            fix_strike(36 + c, 1);
        }
    }
    assert_int_equal(fix_end(RUN_POOL, 0), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_merge_of_parts),
        cmocka_unit_test(test_length_increment),
        cmocka_unit_test(test_run_full),
        cmocka_unit_test(test_fixpoint_full_run),
        cmocka_unit_test(test_step_chain_cut),
        cmocka_unit_test(test_plus_rests_on_a_hidden_pair),
        cmocka_unit_test(test_plus_sets_the_rating),
        cmocka_unit_test(test_nested_step_as_data_and_words),
        cmocka_unit_test(test_norvig_hardest),
        cmocka_unit_test(test_closure_takes_cell_chains_alone),
        cmocka_unit_test(test_multiple_chains_nested),
        cmocka_unit_test(test_dynamic_chains_nested),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
