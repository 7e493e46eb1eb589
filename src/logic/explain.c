/*
 * explain.c - the ladder of techniques, the next step, and the rating.
 *
 * Sudoku Explainer (SE) solves as a person would: it tries its techniques
 * in a fixed order, roughly easiest first, takes the first step that any
 * of them finds, applies it, and starts again from the bottom. The rating
 * follows the path: ER is the hardest step taken, EP the hardest up to the
 * first step that places a digit, ED the first step's. The ladder below is
 * SE's order. Where a family spans several difficulties, SE's own order
 * within it holds: the unique loops' finder returns the easiest of their
 * steps, the BUG's the first it finds.
 *
 * The ladder ends with SE's chains above 9.0, each tried only when all
 * below found nothing: the dynamic forcing chains (+), then the nested
 * ones with static chains inside (9.5), static multiple chains (10.0), and
 * dynamic chains of level 0 to 3 (10.5 each; SE 1.2.1's level 5, 11.0, is
 * gone from SukakuExplainer, which made the reference ratings). Past them
 * is SE's 20.0, "beyond solver", which no puzzle with one solution is known
 * to reach. The rungs from 9.0 up share the lists their nested chains make
 * of a grid (chains.h, nest), and a grade's steps keep them from one step
 * to the next until a digit is placed.
 */
#include "chains.h"

#include <string.h>

/*
 * A rung: its finder, the finder's size, and for the chains (which take a
 * budget) the least difficulty a step of theirs can have, in tenths.
 */
static const struct rung {
    finder *find;
    int size;
    int floor; /* 0 for the rungs below the chains */
} ladder[] = {
    {find_hidden_single, 0, 0},
    {find_direct_intersection, 0, 0},
    {find_direct_hidden_set, 2, 0},
    {find_naked_single, 0, 0},
    {find_direct_hidden_set, 3, 0},
    {find_intersection, 0, 0},
    {find_naked_set, 2, 0},
    {find_fish, 2, 0},
    {find_hidden_set, 2, 0},
    {find_naked_set, 3, 0},
    {find_fish, 3, 0},
    {find_hidden_set, 3, 0},
    {find_xy_wing, 0, 0},
    {find_xyz_wing, 0, 0},
    {find_unique_loop, 0, 0},
    {find_naked_set, 4, 0},
    {find_fish, 4, 0},
    {find_hidden_set, 4, 0},
    {find_bug, 0, 0},
    {find_aligned_exclusion, 2, 0},
    {NULL, CHAINS_STATIC, 65},
    {find_aligned_exclusion, 3, 0},
    {NULL, CHAINS_NISHIO, 75},
    {NULL, CHAINS_MULTIPLE, 80},
    {NULL, CHAINS_DYNAMIC, 85},
    {NULL, CHAINS_PLUS, 90},
    {NULL, CHAINS_NESTED_FC, 95},
    {NULL, CHAINS_NESTED_MFC, 100},
    {NULL, CHAINS_NESTED_DFC, 105},
    {NULL, CHAINS_NESTED_DFC_PLUS, 105},
    {NULL, CHAINS_NESTED_DFC_FC, 105},
    {NULL, CHAINS_NESTED_DFC_MFC, 105},
};

static const char *const technique_names[] = {
#define SUDOKU_NAME_ITEM(name, text) text,
    SUDOKU_TECHNIQUE_LIST(SUDOKU_NAME_ITEM)
#undef SUDOKU_NAME_ITEM
};

const char *sudoku_technique_name(sudoku_technique technique)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUE_COUNT)
        return "unknown technique";
    return technique_names[technique];
}

sudoku_status sudoku_next_step(const sudoku_candidates *grid, sudoku_step *step)
{
    return sudoku_next_step_limited(grid, NULL, NULL, step);
}

/* Whether every cell holds its digit. */
static int solved(const sudoku_candidates *grid)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (!grid->value[c])
            return 0;
    }
    return 1;
}

/*
 * A grade known to pass max: ER says max, as a bound, and it names no
 * hardest technique, which is past the bound and not known. ER is at least
 * `least`: the rating of the step that passed it, which then counts no
 * more among the steps (the grade's steps are those within the bound, the
 * same whether a step passed it or the techniques left start above it),
 * or the floor of the techniques left when none below it applied.
 */
static sudoku_status exceed(sudoku_rating *rating, int max, int least)
{
    rating->exceeded = 1;
    rating->least = least;
    if (rating->er > max)
        rating->steps--;
    rating->hardest = SUDOKU_TECHNIQUE_COUNT;
    rating->er = max;
    return SUDOKU_E_NO_STEP;
}

/* Whether a rung is one of the chains above 9.0, which share a nest. */
static int nests(const struct rung *r)
{
    return !r->find && r->floor >= 90;
}

/*
 * sudoku_next_step_limited(); `drawn` says whether the step will be shown,
 * or only rated: then the chains nested in its chain are left out of it,
 * and the nested lists keep none of theirs. `lists`: the nests of the
 * chains above 9.0, one a thread, which nest_step() readies for the step
 * and which keep what they hold for the next (lists_end() frees it).
 */
static sudoku_status next_step(const sudoku_candidates *grid, const sudoku_limits *limits,
                               sudoku_rating *rating, sudoku_step *step, int drawn,
                               nest *lists)
{
    const int max = limits && rating ? limits->max_difficulty : 0;
    const unsigned long budget = limits ? limits->node_budget : 0;
    const int threads = !limits || limits->threads < 1 ? 1
                        : limits->threads > CHAINS_THREADS ? CHAINS_THREADS
                                                           : limits->threads;
    sudoku_status status = SUDOKU_E_NO_STEP;
    int started = 0;

    if (!grid || !step)
        return SUDOKU_E_NULL;
    if (max > 0 && rating->er > max)
        return exceed(rating, max, rating->er);
    if (solved(grid))
        return SUDOKU_E_NO_STEP; /* nothing is left, harder or not */
    for (size_t i = 0; i < sizeof ladder / sizeof *ladder; i++) {
        const struct rung *r = &ladder[i];
        int exhausted = 0;

        if (max > 0 && r->floor > max) {
            status = exceed(rating, max, r->floor); /* what is left is harder */
            break;
        }
        if (nests(r) && !started) {
            /* the nested chains' lists of one grid serve every rung above */
            for (int t = 0; t < threads; t++)
                nest_step(&lists[t], grid, drawn);
            started = 1;
        }
        if (r->find ? r->find(grid, r->size, step)
                    : chains_find(grid, r->size, step, budget, &exhausted,
                                  nests(r) ? lists : NULL, threads)) {
            status = SUDOKU_OK;
            break;
        }
        if (exhausted == CHAINS_OUT_OF_MEMORY) {
            status = SUDOKU_E_MEMORY;
            break;
        }
        if (exhausted) {
            if (rating) {
                rating->exhausted = 1;
                if (rating->er < r->floor)
                    rating->er = r->floor;
                rating->least = rating->er;
            }
            break;
        }
    }
    return status;
}

/* Frees what the nests of next_step() hold. */
static void lists_end(nest *lists)
{
    for (int t = 0; t < CHAINS_THREADS; t++)
        nest_end(&lists[t]);
}

/* Whether a rung is one of SE's direct techniques: a pattern that leaves
 * a single, whose own rung finds the pattern too. */
static int direct(const struct rung *r)
{
    return r->find == find_direct_intersection || r->find == find_direct_hidden_set;
}

/*
 * Whether the closure tries a rung only when the others find nothing: the
 * aligned exclusions and Nishio cost the most for what they find that the
 * chains around them do not.
 */
static int last_resort(const struct rung *r)
{
    return r->find == find_aligned_exclusion || (!r->find && r->size == CHAINS_NISHIO);
}

/* Whether a rung's steps hold only if the puzzle has one solution. */
static int uniqueness(const struct rung *r)
{
    return r->find == find_unique_loop || r->find == find_bug;
}

/* Every naked and hidden single of a grid at once, as `step`; whether any. */
static int all_singles(const sudoku_candidates *grid, sudoku_step *step)
{
    int any = 0;

    memset(step, 0, sizeof *step);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (!grid->value[c] && bit_count9(grid->mask[c]) == 1) {
            step->place[c] = (unsigned char)(lowest_bit(grid->mask[c]) + 1);
            any = 1;
        }
    }
    for (int u = 0; u < UNITS; u++) {
        for (int d = 0; d < 9; d++) {
            const unsigned p = grid->places[u][d];
            const int c = p && !(p & (p - 1)) ? unit_cell(u, lowest_bit(p)) : -1;

            if (c >= 0 && !grid->value[c]) {
                step->place[c] = (unsigned char)(d + 1);
                any = 1;
            }
        }
    }
    return any;
}

/*
 * A step of a rung that closes_below() takes, or 0; -1 when memory ran
 * out. The static chains give all their strikes at once.
 */
static int closure_step(const sudoku_candidates *grid, const struct rung *r,
                        sudoku_step *step)
{
    if (r->find)
        return r->find(grid, r->size, step);
    if (r->size == CHAINS_STATIC)
        return chains_static_strikes(grid, step);
    if (r->size == CHAINS_MULTIPLE) /* what may rate too much proves nothing */
        return chains_cell_forcing(grid, step) && step->difficulty < CLOSURE_LEAST;
    /* Nishio takes no memory; a search that filled its room takes no step */
    return chains_find(grid, r->size, step, 0, NULL, NULL, 1);
}

/*
 * Below the multiple chains, every technique but the two that rest on
 * the puzzle's having one solution is monotone: where it finds a step, a
 * grid with more of the false candidates struck has the same step, or a
 * shorter one, or a single (where the step's pattern lost a candidate),
 * unless what the step strikes is gone. So if the steps of monotone
 * techniques, taken in any order, solve the puzzle, then on every grid of
 * SE's path one of them applies, and SE takes that step, or one as easy,
 * or one from a rung before it. Every rung below the multiple chains
 * rates 8.7 at most whatever the grid: the static chains' length bonus is
 * at most 1.7 (1,458 nodes), and Nishio's 1.1 (a run within one digit
 * holds 82 nodes at most, its contradiction's two chains 164).
 *
 * Of the multiple chains, the closure takes the cell forcing chains rated
 * below 8.8 (their length bonus has no such bound), which are monotone
 * too. SE looks for them from a cell of three candidates or more. Where
 * the cell keeps three, each of its runs reaches the conclusion as soon
 * or sooner (a static run goes breadth first, and its links only grow as
 * candidates go), or meets a contradiction, a static forcing chain
 * against its candidate. Where the cell keeps two, a and b, a's chain
 * turned round and b's make a static forcing chain: against the
 * candidate the step strikes, or, where it places x, against each other
 * candidate of x's cell. So the closure proves that the puzzle rates 8.7
 * or less.
 *
 * The region forcing chains are left out, for SE's search of them is not
 * monotone: it looks for a region's chains from the cell of its first
 * place, and only when that cell holds three candidates or more, so a
 * struck candidate can hide them. On a grid of fuzz_chains' corpus
 * (847ffb2e...), a region chain of 9 in c9 from r5c9 (4, 5, 9) solves it
 * with the closure's other steps; SE's path strikes the 4 of r5c9 by a
 * unique rectangle first, never sees that chain, and needs dynamic
 * chains.
 */
int closes_below(const sudoku_candidates *puzzle)
{
    sudoku_candidates grid = *puzzle;
    sudoku_step step;

    while (!solved(&grid)) {
        int found = all_singles(&grid, &step);

        /* the singles, then the rungs in order, then the last resorts */
        for (int late = 0; late <= 1 && !found; late++) {
            for (size_t i = 0; i < sizeof ladder / sizeof *ladder && !found; i++) {
                const struct rung *r = &ladder[i];

                if (r->floor > 80)
                    break; /* the dynamic chains and above */
                if (!uniqueness(r) && !direct(r) && last_resort(r) == late)
                    found = closure_step(&grid, r, &step);
            }
        }
        if (found <= 0)
            return found;
        sudoku_apply_step(&grid, &step);
    }
    return 1;
}

sudoku_status sudoku_next_step_limited(const sudoku_candidates *grid,
                                       const sudoku_limits *limits,
                                       sudoku_rating *rating, sudoku_step *step)
{
    nest lists[CHAINS_THREADS];
    sudoku_status status;

    memset(lists, 0, sizeof lists);
    status = next_step(grid, limits, rating, step, 1, lists);
    lists_end(lists);
    return status;
}

void sudoku_rating_start(sudoku_rating *rating)
{
    memset(rating, 0, sizeof *rating);
    rating->hardest = SUDOKU_TECHNIQUE_COUNT; /* none yet */
}

void sudoku_rating_add(sudoku_rating *rating, const sudoku_step *step)
{
    int places = 0;

    for (int c = 0; c < SUDOKU_CELLS && !places; c++)
        places = step->place[c] != 0;
    if (rating->steps++ == 0)
        rating->ed = step->difficulty;
    if (step->difficulty > rating->er) {
        rating->er = step->difficulty;
        rating->hardest = step->technique;
    }
    if (!rating->placed && places) {
        rating->ep = rating->er;
        rating->placed = 1;
    }
}

void sudoku_rating_finish(sudoku_rating *rating, const sudoku_candidates *grid)
{
    rating->complete = !rating->exceeded && !rating->exhausted && solved(grid);
    if (rating->complete)
        return;
    if (rating->exceeded || rating->exhausted) {
        /*
         * A bound: what is not known yet is at least the bound, and so is
         * what a step past it set (ER was cut to the bound, EP and ED are
         * cut too, so that ER >= EP >= ED still holds).
         */
        rating->ep_bound = !rating->placed || rating->ep > rating->er;
        rating->ed_bound = rating->steps == 0 || rating->ed > rating->er;
        if (rating->ep_bound)
            rating->ep = rating->er;
        if (rating->ed_bound)
            rating->ed = rating->er;
        return;
    }
    /* Beyond every technique: SE's "beyond solver", 20.0. */
    rating->er = SUDOKU_BEYOND_DIFFICULTY;
    rating->hardest = SUDOKU_TECHNIQUE_COUNT;
    rating->ep_bound = !rating->placed;
    rating->ed_bound = rating->steps == 0;
    if (rating->ep_bound)
        rating->ep = SUDOKU_BEYOND_DIFFICULTY;
    if (rating->ed_bound)
        rating->ed = SUDOKU_BEYOND_DIFFICULTY;
}

/*
 * The most a step of the rungs up to the naked single is rated: a grid that
 * singles finish takes its steps from them (a hidden or naked single is
 * always there to be found), and each places one digit.
 */
enum { SINGLES_TOP = 23 };

int sudoku_rating_settle(sudoku_rating *rating, sudoku_candidates *grid,
                         const sudoku_step *step)
{
    sudoku_candidates filled;
    int placed;

    if (!rating || !grid || !step || step->difficulty <= SINGLES_TOP ||
        rating->er < SINGLES_TOP || rating->exceeded || rating->exhausted)
        return 0;
    filled = *grid;
    placed = fill_singles(&filled);
    if (!solved(&filled))
        return 0;
    *grid = filled;
    rating->steps += (unsigned long)placed;
    if (placed > 0 && !rating->placed) {
        rating->placed = 1;
        rating->ep = rating->er;
    }
    return 1;
}

sudoku_status sudoku_rate(const sudoku_grid *puzzle, sudoku_rating *rating,
                          sudoku_grid *solution)
{
    return sudoku_rate_limited(puzzle, NULL, rating, solution);
}

sudoku_status sudoku_grade_steps(sudoku_candidates *grid, const sudoku_limits *limits,
                                 sudoku_step_fn on_step, void *context,
                                 sudoku_rating *rating)
{
    const int max = limits ? limits->max_difficulty : 0;
    sudoku_step_answer answer = on_step ? SUDOKU_STEPS_MORE : SUDOKU_STEPS_RATING;
    sudoku_step step;
    sudoku_status status;
    nest lists[CHAINS_THREADS]; /* kept from step to step */

    if (!grid || !rating)
        return SUDOKU_E_NULL;
    memset(lists, 0, sizeof lists);
    sudoku_rating_start(rating);
    while ((status = next_step(grid, limits, rating, &step, answer == SUDOKU_STEPS_MORE,
                               lists)) == SUDOKU_OK) {
        if (answer == SUDOKU_STEPS_MORE)
            answer = on_step(grid, &step, rating, context);
        sudoku_rating_add(rating, &step);
        sudoku_apply_step(grid, &step);
        if (answer == SUDOKU_STEPS_LAST) {
            status = SUDOKU_E_STOPPED;
            break;
        }
        /* a step past the bound is left for the next call to say so */
        if (answer == SUDOKU_STEPS_RATING && !(max > 0 && rating->er > max) &&
            sudoku_rating_settle(rating, grid, &step))
            break; /* singles alone are left, and the grade is known */
    }
    lists_end(lists);
    if (status == SUDOKU_E_MEMORY || status == SUDOKU_E_STOPPED)
        return status;
    sudoku_rating_finish(rating, grid);
    return SUDOKU_OK;
}

sudoku_status sudoku_rate_limited(const sudoku_grid *puzzle,
                                  const sudoku_limits *limits,
                                  sudoku_rating *rating, sudoku_grid *solution)
{
    sudoku_candidates grid;
    unsigned long count;
    sudoku_status status;

    if (!puzzle || !rating)
        return SUDOKU_E_NULL;
    status = sudoku_count(puzzle, 2, &count, solution, NULL);
    if (status != SUDOKU_OK)
        return status;
    if (count != 1)
        return count == 0 ? SUDOKU_E_UNSOLVABLE : SUDOKU_E_NOT_UNIQUE;
    sudoku_candidates_init(&grid, puzzle, NULL, NULL);
    return sudoku_grade_steps(&grid, limits, NULL, NULL, rating);
}

static const sudoku_level_range levels[] = {
    {"easy", 10, 23},
    {"medium", 24, 38},
    {"hard", 39, 62},
    {"expert", 63, 75},
    {"extreme", 76, SUDOKU_RATING_UNBOUNDED},
};

const sudoku_level_range *sudoku_levels(size_t *count)
{
    *count = sizeof levels / sizeof *levels;
    return levels;
}

const char *sudoku_level(const sudoku_rating *rating)
{
    const size_t last = sizeof levels / sizeof *levels - 1;
    size_t i = 0;
    int er;

    if (!rating)
        return "unknown";
    if (!rating->complete && !rating->exceeded && !rating->exhausted)
        return levels[last].name; /* beyond the ladder */
    er = rating->complete ? rating->er : rating->least; /* a bound passed */
    while (i < last && er > levels[i].max)
        i++;
    return levels[i].name;
}
