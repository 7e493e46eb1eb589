/*
 * rated.c - puzzles of a chosen rating: generated puzzles graded as they
 * come, and, for the hardest ratings, a search near the hardest of them.
 *
 * The generator (core/generate.c) carves random minimal puzzles; each is
 * graded through its accept hook, which stops as soon as the grade is
 * known to leave the range or, for a range with no top, to reach it.
 * Random minimal puzzles are seldom hard: of 2,000, two were rated 9.0 or
 * more, and none 9.5 in 400,000. The makers of hard puzzles search near
 * hard ones instead, and so does this, when the carving found nothing in
 * range. It keeps a pool of the hardest puzzles met, at first the hardest
 * the carving made; at each step it draws one of the pool and takes a
 * neighbour ({-n+m}): one or two givens removed, then one or two of the
 * solution's added, and more while the puzzle has another solution, each
 * where that other solution differs; it makes the neighbour minimal by
 * removing every given it can do without (in a random order), and grades
 * it. A neighbour in range is the puzzle, and one at least as hard as the
 * easiest of the pool joins it, in place of that one once the pool is
 * full. The draws come from the item's own stream, so the puzzle stays a
 * function of seed and index. Puzzles found so are close kin of the
 * carved ones they start from, and the walk favours whatever structure
 * made those hard: a run of many hard puzzles is not a sample of hard
 * puzzles, as carving is of easy ones.
 *
 * For ranges from CLOSURE_LEAST (8.8) up, the carving grades only the
 * puzzles that closes_below() cannot prove to rate below it. It proves so
 * of 99 in 100, at a fraction of a grade's cost: it finds the static
 * forcing chains all at once, where SE's path climbs to them again at
 * every step. The search starts from the hardest reject. That is one
 * graded, unless every graded reject rates below 8.8; the proof says only
 * that the others rate 8.7 at most, so the carvings are then made again
 * and all graded. The search, once it stands on a puzzle rated 8.8 or
 * more, passes over the neighbours proved below 8.8 in the same way: it
 * could walk to none of them, and none is in range.
 *
 * sudoku_generate_near() starts the same search from a puzzle of the
 * caller's, drawn by the item's stream: the makers' way, from puzzles
 * already hard. It gives back none of the caller's puzzles, in any form.
 */
#include "logic.h"
#include "core/random.h"
#include "core/solver.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Neighbours tried before the search gives up: near a carving, and near a
 * caller's puzzle. A search near a carving stalls on a plateau, as few
 * neighbours of a puzzle rated 9.2 to 9.4 rate as much and fewer more, and
 * the puzzles of 9.5 and up that it finds come after 5,000 to 29,000
 * neighbours. A caller's puzzles are as often easy as hard, and an item
 * whose start is far below the range does better to give up early: the
 * next item draws another (tests/bench/README.md, hard puzzles from
 * generate, has the figures). The pool holds the most puzzles a search
 * walks from.
 */
#define CLIMB_STEPS 30000
#define NEAR_STEPS 2000
enum { POOL_ROOM = 16 };

/*
 * The neighbours a search has graded, by puzzle. A walk that stands on a
 * puzzle as hard as any near it draws the same few neighbours again and
 * again, and those are the costly ones, hard enough to be graded in full:
 * on one walk of 5,000 neighbours, 574 had been met before and took most
 * of the time. A neighbour met again is not graded again; it gives the
 * walk what it gave the first time (none met again is in range, or the
 * search would have stopped there). Open addressing, with room for twice
 * the neighbours a search tries.
 */
enum { GRADED_SLOTS = 65536 };
_Static_assert(GRADED_SLOTS >= 2 * CLIMB_STEPS, "the table of graded neighbours is too small");

typedef struct graded {
    sudoku_grid puzzle;
    unsigned char used, complete; /* complete: the grade reached its end */
    short er;
} graded;

static graded *graded_slot(graded *table, const sudoku_grid *p)
{
    uint64_t h = 0xCBF29CE484222325ull;

    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        h = (h ^ p->cell[cell]) * 0x100000001B3ull;
    for (size_t i = (size_t)(h & (GRADED_SLOTS - 1));; i = (i + 1) & (GRADED_SLOTS - 1)) {
        if (!table[i].used || memcmp(table[i].puzzle.cell, p->cell, sizeof p->cell) == 0)
            return &table[i];
    }
}

/* What the accept hook needs: the range, and the grade it took. */
typedef struct grading {
    int min, max;         /* ER in tenths; max may be SUDOKU_RATING_UNBOUNDED */
    int whole;            /* the caller wants the grade: grade to the end */
    sudoku_rating rating; /* the grade of the last puzzle looked at */
    sudoku_status status; /* SUDOKU_E_MEMORY once a grade ran out of it */
    /* pass over, ungraded, a puzzle known to rate below CLOSURE_LEAST by
       closes_below(), leaving `rating` cleared: for the carving, whose
       rejects need no rating, and for the neighbourhood search, once a
       neighbour must rate that much to be walked to */
    int quick;
    /* the hardest puzzle graded that was rated below the range, if any
       (best_er > 0), where the neighbourhood search starts */
    sudoku_grid best;
    int best_er;
} grading;

/*
 * Grades a generated puzzle as sudoku_rate() does, within a limit: the top
 * of the range, where most rejected puzzles leave, or, when the range has
 * no top and the grade is not wanted whole, one tenth below the range, so
 * that the grade stops once it is known to reach the range. And without
 * sudoku_rate()'s count, as the generator has already proved the solution
 * unique. Accepts a complete grade within the range, or an incomplete one
 * (stopped by that limit, or harder than the ladder's top) when the range
 * has no top. A grade that runs out of memory stops the generator.
 */
static int accept_rating(const sudoku_grid *puzzle, const sudoku_grid *solution,
                         void *context)
{
    grading *g = context;
    const int open = g->max == SUDOKU_RATING_UNBOUNDED;
    const sudoku_limits limits = {
        .max_difficulty = !open ? g->max : g->whole ? 0 : g->min - 1};
    sudoku_candidates grid;

    (void)solution;
    sudoku_candidates_init(&grid, puzzle, NULL, NULL); /* a generated puzzle is valid */
    if (g->quick) {
        const int below = closes_below(&grid);

        if (below < 0) {
            g->status = SUDOKU_E_MEMORY;
            return -1;
        }
        if (below) {
            memset(&g->rating, 0, sizeof g->rating); /* not complete: not read */
            return 0;
        }
    }
    g->status = sudoku_grade_steps(&grid, &limits, NULL, NULL, &g->rating);
    if (g->status == SUDOKU_OK && g->rating.complete && g->rating.er < g->min &&
        g->rating.er > g->best_er) {
        g->best = *puzzle;
        g->best_er = g->rating.er;
    }
    /* a grade out of memory stops the generator */
    return g->status != SUDOKU_OK ? -1 : g->rating.complete ? g->rating.er >= g->min : open;
}

/*
 * The least rating of a range the neighbourhood search is for: the extreme
 * level's. A narrow range of easier ratings that the carving missed stays
 * not found, as a search near its hardest miss would cost seconds and find
 * little.
 */
static int climb_least(void)
{
    size_t count;
    const sudoku_level_range *levels = sudoku_levels(&count);

    return levels[count - 1].min;
}

/*
 * A minimal neighbour of `from`, whose solution is `solution`, with at most
 * max_clues givens (0: any) into *to, or 0 when the draw gave none. The
 * givens added are the solution's, so that the neighbour has a solution;
 * any other it has differs from `solution` in a given removed, as `from`
 * has no other.
 */
static int neighbour(sudoku_random *rng, const sudoku_grid *from,
                     const sudoku_grid *solution, sudoku_grid *to, int max_clues)
{
    const int removed = 1 + (int)sudoku_random_below(rng, 2);
    const int added = 1 + (int)sudoku_random_below(rng, 2); /* at least */
    unsigned char order[SUDOKU_CELLS], gone[2];
    int givens = 0;

    *to = *from;
    for (int i = 0; i < removed; i++) {
        int k = 0;

        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (to->cell[cell])
                order[k++] = (unsigned char)cell;
        gone[i] = order[sudoku_random_below(rng, (uint32_t)k)];
        to->cell[gone[i]] = 0;
    }
    /* `added` givens, and more while another solution is left */
    for (int i = 0;; i++) {
        sudoku_grid other;
        const int more = solver_differs(to, solution, gone, removed, &other);
        int k = 0, chosen;

        if (i >= added && !more)
            break;
        /* a cell where the other solution differs, so that the given rules
           that one out; or, with none left, any open cell: a draw from a
           full grid (a caller's start) may find none */
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (!to->cell[cell] && (!more || other.cell[cell] != solution->cell[cell]))
                order[k++] = (unsigned char)cell;
        if (k == 0)
            return 0;
        chosen = order[sudoku_random_below(rng, (uint32_t)k)];
        to->cell[chosen] = solution->cell[chosen];
    }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (to->cell[cell])
            order[givens++] = (unsigned char)cell;
    random_shuffle(rng, order, givens); /* a random order to remove them in */
    for (int i = 0, tried = givens; i < tried; i++) {
        to->cell[order[i]] = 0;
        if (!solver_differs(to, solution, &order[i], 1, NULL))
            givens--; /* the given was not needed */
        else
            to->cell[order[i]] = solution->cell[order[i]];
    }
    return max_clues == 0 || givens <= max_clues;
}

/* Whether `p` is one of the `count` puzzles of `list`, as it stands. */
static int listed(const sudoku_grid *p, const sudoku_grid *list, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (memcmp(p->cell, list[i].cell, sizeof p->cell) == 0)
            return 1;
    return 0;
}

/* Whether `p` is one of them relabelled, turned or mirrored: its
 * canonical form is one of theirs. */
static int listed_as_form(const sudoku_grid *p, const sudoku_grid *list, size_t count)
{
    sudoku_grid form, theirs;

    if (count == 0 || sudoku_canon(p, &form, NULL, NULL) != SUDOKU_OK)
        return 0;
    for (size_t i = 0; i < count; i++)
        if (sudoku_canon(&list[i], &theirs, NULL, NULL) == SUDOKU_OK &&
            memcmp(form.cell, theirs.cell, sizeof form.cell) == 0)
            return 1;
    return 0;
}

/* A puzzle the search stands on: its one solution, and its ER. */
typedef struct walker {
    sudoku_grid puzzle, solution;
    int er;
    int since; /* the step it came in at */
} walker;

/* The weakest of the pool: the easiest, and of those, the longest in. */
static int weakest(const walker *pool, int size)
{
    int low = 0;

    for (int i = 1; i < size; i++)
        if (pool[i].er < pool[low].er ||
            (pool[i].er == pool[low].er && pool[i].since < pool[low].since))
            low = i;
    return low;
}

/* Whether `p` is one of the pool. */
static int pooled(const walker *pool, int size, const sudoku_grid *p)
{
    for (int i = 0; i < size; i++)
        if (memcmp(pool[i].puzzle.cell, p->cell, sizeof p->cell) == 0)
            return 1;
    return 0;
}

/*
 * Searches the neighbourhood of `start`, drawing from *rng; a neighbour
 * that is one of the `count` puzzles `known` is passed over, and one in
 * range that is one of them in another form is walked to but not taken.
 * Returns SUDOKU_OK with the puzzle in *out, SUDOKU_E_EXHAUSTED, or
 * SUDOKU_E_MEMORY.
 */
static sudoku_status climb(sudoku_random *rng, const walker *start, int steps,
                           const sudoku_grid *known, size_t count, int max_clues, grading *g,
                           sudoku_generated *out)
{
    graded *seen = calloc(GRADED_SLOTS, sizeof *seen);
    walker pool[POOL_ROOM];
    sudoku_grid next;
    int size = 1, from = 0, verdict = 0;

    if (!seen)
        return SUDOKU_E_MEMORY;
    pool[0] = *start;
    for (int step = 0; step < steps && verdict == 0; step++) {
        const int low = weakest(pool, size);
        graded *slot;

        from = (int)sudoku_random_below(rng, (uint32_t)size);
        if (!neighbour(rng, &pool[from].puzzle, &pool[from].solution, &next, max_clues) ||
            listed(&next, known, count))
            continue;
        out->attempts++;
        slot = graded_slot(seen, &next);
        if (!slot->used) {
            /* a neighbour that matters rates as much as the weakest of
               the pool, which only grows: one passed over as below 8.8
               would be passed over again */
            g->quick = pool[low].er >= CLOSURE_LEAST;
            verdict = accept_rating(&next, NULL, g);
            if (verdict > 0 && listed_as_form(&next, known, count))
                verdict = 0; /* not a new puzzle */
            *slot = (graded){next, 1, (unsigned char)g->rating.complete, (short)g->rating.er};
        }
        if (verdict == 0 && slot->complete && slot->er >= pool[low].er &&
            !pooled(pool, size, &next))
            pool[size < POOL_ROOM ? size++ : low] =
                (walker){next, pool[from].solution, slot->er, step + 1};
    }
    free(seen);
    if (verdict > 0) {
        out->puzzle = next;
        out->solution = pool[from].solution;
        out->clues = 0;
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            out->clues += next.cell[cell] != 0;
    }
    return verdict > 0 ? SUDOKU_OK : verdict < 0 ? g->status : SUDOKU_E_EXHAUSTED;
}

/* The stream of item `index`'s neighbourhood search, apart from the
 * carving's, which uses the seed as it is. */
static void climb_seed(sudoku_random *rng, uint64_t seed, uint64_t index)
{
    sudoku_random_seed(rng, ~seed, index);
}

sudoku_status sudoku_generate_rated(uint64_t seed, uint64_t index,
                                    const sudoku_generate_options *options,
                                    int min_rating, int max_rating,
                                    sudoku_generated *out, sudoku_rating *rating)
{
    grading g = {.min = min_rating, .max = max_rating, .whole = rating != NULL};
    sudoku_generate_options how = {0};
    sudoku_status status;
    int searched;

    if (!out)
        return SUDOKU_E_NULL;
    if (options)
        how = *options;
    if (how.accept || min_rating < 0 || min_rating > max_rating)
        return SUDOKU_E_OPTION;
    how.accept = accept_rating;
    how.context = &g;
    /* the neighbourhood search, for hard ratings; it keeps no symmetry */
    searched = min_rating >= climb_least() && how.symmetry == SUDOKU_SYMMETRY_NONE;
    g.quick = min_rating >= CLOSURE_LEAST;
    status = sudoku_generate(seed, index, &how, out);
    /* the search starts from the first of the hardest puzzles carved: if
       it may be one passed over, they are carved again and all graded */
    if (status == SUDOKU_E_EXHAUSTED && searched && g.quick && g.best_er < CLOSURE_LEAST) {
        g.quick = 0;
        g.best_er = 0;
        status = sudoku_generate(seed, index, &how, out);
    }
    if (status == SUDOKU_E_EXHAUSTED && searched && g.best_er > 0) {
        walker start = {.puzzle = g.best, .er = g.best_er};
        sudoku_random rng;

        climb_seed(&rng, seed, index);
        sudoku_solve(&g.best, &start.solution, NULL);
        status = climb(&rng, &start, CLIMB_STEPS, NULL, 0, how.max_clues, &g, out);
    }
    if (status == SUDOKU_OK && rating)
        *rating = g.rating; /* the accepted puzzle was the last graded */
    return status == SUDOKU_E_STOPPED ? g.status : status; /* memory ran out */
}

sudoku_status sudoku_generate_near(uint64_t seed, uint64_t index, const sudoku_grid *from,
                                   size_t count, int max_clues, int min_rating,
                                   int max_rating, sudoku_generated *out,
                                   sudoku_rating *rating)
{
    grading g = {.min = min_rating, .max = max_rating, .whole = rating != NULL};
    walker start = {0};
    sudoku_random rng;
    unsigned long solutions;
    sudoku_status status;
    int verdict;

    if (!out || !from)
        return SUDOKU_E_NULL;
    if (count == 0 || count > UINT32_MAX || (max_clues != 0 && max_clues < 17) ||
        max_clues > SUDOKU_CELLS || min_rating < 0 || min_rating > max_rating)
        return SUDOKU_E_OPTION;
    climb_seed(&rng, seed, index);
    start.puzzle = from[sudoku_random_below(&rng, (uint32_t)count)];
    status = sudoku_count(&start.puzzle, 2, &solutions, &start.solution, NULL);
    if (status != SUDOKU_OK)
        return status;
    if (solutions != 1)
        return solutions == 0 ? SUDOKU_E_UNSOLVABLE : SUDOKU_E_NOT_UNIQUE;
    memset(out, 0, sizeof *out);
    out->puzzle = start.puzzle;
    out->solution = start.solution;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        out->clues += start.puzzle.cell[cell] != 0;
    /* the start's grade: what a neighbour must reach to be walked to, the
       range's floor where the start is in range or above it */
    verdict = accept_rating(&start.puzzle, NULL, &g);
    if (verdict < 0)
        return g.status;
    start.er = g.rating.complete && g.rating.er < g.min ? g.rating.er : g.min;
    status = climb(&rng, &start, NEAR_STEPS, from, count, max_clues, &g, out);
    if (status == SUDOKU_OK && rating)
        *rating = g.rating;
    return status;
}
