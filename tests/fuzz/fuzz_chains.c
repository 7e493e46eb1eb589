/*
 * fuzz_chains.c - SE's chains above 9.0, the (+) and nested forcing
 * chains, straight on any puzzle or pencil-mark grid, within a budget.
 *
 * The ladder reaches these chains only on the hardest grids, so this
 * harness calls them directly (chains_find(), inside the library), on
 * whatever grid the input makes. The input is puzzle text, like
 * fuzz_explain's: byte 0 chooses, in bits 0-2, the technique (0 for the
 * (+) chains, 1-6 for the nested ones, 7 taken as 6), in bit 3 whether
 * pencil marks follow, and in bits 4-7 how many steps of the ladder below
 * 9.0 to take first; bytes 1-81 are the cells (a digit for a given, a
 * given that breaks a rule blanked); with marks, bytes 82-243 give each
 * cell two bytes whose low 9 bits strike candidates, the solution's digit
 * always kept.
 *
 * A grid without exactly one solution is left alone. Otherwise every
 * search is held to a budget of chain nodes, nested ones included, which
 * bounds the time an input takes, and:
 *   - a step found strikes or places something, only candidates the grid
 *     has and never the solution's digit, places only the solution's digit,
 *     and is rated from the technique's base up to below 20.0;
 *   - its nodes nest well (a node one deeper follows a node that a rule
 *     struck, or one of its own depth, and opens with a branch), and its
 *     words fit the length sudoku_describe_step() gives;
 *   - the same search with the nested lists a lower technique left on the
 *     grid (as the ladder shares them) finds the same step;
 *   - on the grid the step leaves, the search with the lists that this
 *     one made (as a grade keeps them from step to step) finds the step
 *     that fresh lists give, where no static chain is there (or the
 *     ladder would stop below);
 *   - the static forcing chains found all at once, as the generator's
 *     shortcut takes them (chains_static_strikes()), strike only
 *     candidates the grid has, and never the solution's digit;
 *   - a grid that the shortcut proves rates below 8.8 (closes_below())
 *     grades below it, where the grade ends within the budget.
 */
#include "oracle.h"

#include "logic/chains.h"

#include <stdlib.h>
#include <string.h>

enum { BUDGET = 30000, STEPS_BELOW = 15 };

static const int kinds[8] = {
    CHAINS_PLUS,           CHAINS_NESTED_FC,     CHAINS_NESTED_MFC,
    CHAINS_NESTED_DFC,     CHAINS_NESTED_DFC_PLUS, CHAINS_NESTED_DFC_FC,
    CHAINS_NESTED_DFC_MFC, CHAINS_NESTED_DFC_MFC,
};

/* The grid of bytes 1-81, with every cell that breaks a rule blanked. */
static sudoku_grid valid_grid_of(const uint8_t *data, size_t size)
{
    sudoku_grid g = oracle_grid_of(data + (size > 0), size - (size > 0));
    int problem;

    while ((problem = oracle_first_problem(&g)) >= 0)
        g.cell[problem] = 0;
    return g;
}

/* The marks of the input, each keeping the solution's digit. */
static void marks_of(const uint8_t *data, size_t size, const sudoku_grid *solution,
                     unsigned short *marks)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const size_t at = 1 + SUDOKU_CELLS + 2 * (size_t)c;
        unsigned struck = 0;

        if (at + 1 < size)
            struck = (unsigned)(data[at] | data[at + 1] << 8) & 0x1FF;
        marks[c] = (unsigned short)((0x1FF & ~struck) | 1u << (solution->cell[c] - 1));
    }
}

/* The nodes of a step nest as sudoku.h says. */
static void check_nesting(const sudoku_step *step)
{
    REQUIRE(step->chain_count >= 0 && step->chain_count <= SUDOKU_STEP_CHAIN);
    for (int i = 0; i < step->chain_count; i++) {
        const sudoku_chain_node *n = &step->chain[i];

        REQUIRE(n->cell < SUDOKU_CELLS && n->digit >= 1 && n->digit <= 9);
        REQUIRE(!(n->flags & ~(SUDOKU_CHAIN_ON | SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_RULE |
                               SUDOKU_CHAIN_CUT)));
        REQUIRE(!(n->flags & SUDOKU_CHAIN_CUT) || step->chain_cut);
        REQUIRE(!(n->flags & SUDOKU_CHAIN_RULE) || n->technique < SUDOKU_TECHNIQUE_COUNT);
        if (i == 0) {
            REQUIRE(n->depth == 0);
            continue;
        }
        REQUIRE(n->depth <= step->chain[i - 1].depth + 1);
        if (n->depth == step->chain[i - 1].depth + 1) {
            REQUIRE(step->chain[i - 1].flags & SUDOKU_CHAIN_RULE);
            REQUIRE(n->flags & SUDOKU_CHAIN_BRANCH);
        }
    }
}

static void check_step(const sudoku_candidates *grid, const sudoku_step *step,
                       const sudoku_grid *solution, int kind)
{
    static char text[65536];
    const size_t length = sudoku_describe_step(step, NULL, 0);
    int changes = 0;

    REQUIRE(step->difficulty >= (int)(chains_mode(kind)->base * 10 + 0.5));
    REQUIRE(step->difficulty < SUDOKU_BEYOND_DIFFICULTY);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        REQUIRE(!(step->strike[c] & 1u << (solution->cell[c] - 1)));
        REQUIRE(!(step->strike[c] & ~grid->mask[c]));
        if (step->place[c]) {
            REQUIRE(grid->value[c] == 0);
            REQUIRE(step->place[c] == solution->cell[c]);
        }
        changes |= step->strike[c] || step->place[c];
    }
    REQUIRE(changes);
    check_nesting(step);
    REQUIRE(length > 0 && length < sizeof text);
    REQUIRE(sudoku_describe_step(step, text, sizeof text) == length);
    REQUIRE(strlen(text) == length);
}

/* Whether two steps conclude alike, by the same chain. */
static int same_step(const sudoku_step *a, const sudoku_step *b)
{
    return a->technique == b->technique && a->difficulty == b->difficulty &&
           memcmp(a->place, b->place, sizeof a->place) == 0 &&
           memcmp(a->strike, b->strike, sizeof a->strike) == 0 &&
           a->chain_count == b->chain_count &&
           memcmp(a->chain, b->chain, (size_t)a->chain_count * sizeof *a->chain) == 0;
}

/* The search again, on nested lists that the technique below left. */
static void check_shared(const sudoku_candidates *grid, int kind, int found,
                         const sudoku_step *step)
{
    sudoku_step lower, again;
    int exhausted = 0, got;
    nest shared;

    if (kind == CHAINS_PLUS)
        return;
    nest_start(&shared, grid, 1);
    chains_find(grid, kind - 1, &lower, BUDGET, &exhausted, &shared, 1);
    if (!exhausted) {
        got = chains_find(grid, kind, &again, BUDGET, &exhausted, &shared, 1);
        if (!exhausted) {
            REQUIRE(got == found);
            REQUIRE(!found || same_step(&again, step));
        }
    }
    nest_end(&shared);
}

/*
 * The next search, on the grid that the step leaves, with the lists this
 * one made, kept by nest_step() as a grade keeps them, against fresh
 * lists.
 */
static void check_kept(const sudoku_candidates *grid, int kind, const sudoku_step *step)
{
    sudoku_candidates next = *grid;
    sudoku_step first, again, fresh;
    int exhausted = 0, want, got;
    nest kept;

    if (kind == CHAINS_PLUS)
        return; /* it makes no lists */
    sudoku_apply_step(&next, step);
    if (chains_find(&next, CHAINS_STATIC, &again, 0, &exhausted, NULL, 1))
        return;
    want = chains_find(&next, kind, &fresh, BUDGET, &exhausted, NULL, 1);
    if (exhausted)
        return;
    nest_start(&kept, grid, 1);
    chains_find(grid, kind, &first, BUDGET, &exhausted, &kept, 1);
    if (!exhausted) {
        nest_step(&kept, &next, 1);
        got = chains_find(&next, kind, &again, BUDGET, &exhausted, &kept, 1);
        if (!exhausted) {
            REQUIRE(got == want);
            REQUIRE(!got || same_step(&again, &fresh));
        }
    }
    nest_end(&kept);
}

/*
 * The search on two threads, the cells shared (each thread held to the
 * budget): where it ran out of none, the step one thread found.
 */
static void check_split(const sudoku_candidates *grid, int kind, int found,
                        const sudoku_step *step)
{
    chain_search *s = malloc(sizeof *s);
    nest nests[2];

    REQUIRE(s != NULL);
    chains_search_start(s, grid, BUDGET);
    nest_start(&nests[0], grid, 1);
    nest_start(&nests[1], grid, 1);
    chains_multiple_split(grid, chains_mode(kind), s, nests, 2);
    if (!s->exhausted) {
        REQUIRE(s->found == found);
        REQUIRE(!found || same_step(&s->step, step));
    }
    nest_end(&nests[0]);
    nest_end(&nests[1]);
    free(s);
}

/* The generator's shortcut: a grid it closes takes no step rated 8.8 or
 * more, up to where the budget stops the grade. */
static void check_closure(const sudoku_candidates *grid)
{
    const sudoku_limits limits = {.max_difficulty = CLOSURE_LEAST - 1, .node_budget = BUDGET};
    const int closed = closes_below(grid);
    sudoku_candidates rest = *grid;
    sudoku_rating rating;

    REQUIRE(closed >= 0);
    if (closed == 0)
        return;
    sudoku_rating_start(&rating);
    REQUIRE(sudoku_grade_steps(&rest, &limits, NULL, NULL, &rating) == SUDOKU_OK);
    REQUIRE(rating.exhausted || !rating.exceeded);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const int head = size > 0 ? data[0] : 0, kind = kinds[head & 7];
    const int with_marks = head & 8, steps = head >> 4;
    const sudoku_grid puzzle = valid_grid_of(data, size);
    const sudoku_limits below = {.max_difficulty = 89, .node_budget = BUDGET};
    sudoku_grid solution;
    sudoku_candidates grid;
    sudoku_rating rating;
    sudoku_step step;
    unsigned short marks[SUDOKU_CELLS];
    unsigned long count;
    int exhausted = 0, found;

    REQUIRE(sudoku_count(&puzzle, 2, &count, &solution, NULL) == SUDOKU_OK);
    if (count != 1)
        return 0;
    if (with_marks)
        marks_of(data, size, &solution, marks);
    REQUIRE(sudoku_candidates_init(&grid, &puzzle, with_marks ? marks : NULL, NULL) ==
            SUDOKU_OK);
    sudoku_rating_start(&rating);
    for (int i = 0; i < steps && i < STEPS_BELOW; i++) {
        if (sudoku_next_step_limited(&grid, &below, &rating, &step) != SUDOKU_OK)
            break;
        sudoku_rating_add(&rating, &step);
        sudoku_apply_step(&grid, &step);
    }
    REQUIRE(chains_static_strikes(&grid, &step) >= 0);
    for (int c = 0; c < SUDOKU_CELLS; c++)
        REQUIRE(!(step.strike[c] & (~grid.mask[c] | 1u << (solution.cell[c] - 1))));
    check_closure(&grid);
    found = chains_find(&grid, kind, &step, BUDGET, &exhausted, NULL, 1);
    REQUIRE(!(found && exhausted));
    if (exhausted)
        return 0;
    if (found)
        check_step(&grid, &step, &solution, kind);
    check_shared(&grid, kind, found, &step);
    if (found)
        check_kept(&grid, kind, &step);
    check_split(&grid, kind, found, &step);
    return 0;
}
