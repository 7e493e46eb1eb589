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
 */
#include "logic.h"

#include <string.h>

static const struct rung {
    finder *find;
    int size;
} ladder[] = {
    {find_hidden_single, 0},
    {find_direct_intersection, 0},
    {find_direct_hidden_set, 2},
    {find_naked_single, 0},
    {find_direct_hidden_set, 3},
    {find_intersection, 0},
    {find_naked_set, 2},
    {find_fish, 2},
    {find_hidden_set, 2},
    {find_naked_set, 3},
    {find_fish, 3},
    {find_hidden_set, 3},
    {find_xy_wing, 0},
    {find_xyz_wing, 0},
    {find_unique_loop, 0},
    {find_naked_set, 4},
    {find_fish, 4},
    {find_hidden_set, 4},
    {find_bug, 0},
    {find_aligned_pair_exclusion, 0},
    /* SE's first chaining producer (cycles and forcing chains, 6.5 to 7.5)
       comes here, before aligned triplet exclusion; without it, the steps
       from here on are sound but not SE's path (see sudoku_rating_add). */
    {find_aligned_triplet_exclusion, 0},
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
    if (!grid || !step)
        return SUDOKU_E_NULL;
    for (size_t i = 0; i < sizeof ladder / sizeof *ladder; i++) {
        if (ladder[i].find(grid, ladder[i].size, step))
            return SUDOKU_OK;
    }
    return SUDOKU_E_NO_STEP;
}

void sudoku_rating_start(sudoku_rating *rating)
{
    memset(rating, 0, sizeof *rating);
    rating->hardest = SUDOKU_HIDDEN_SINGLE;
}

void sudoku_rating_add(sudoku_rating *rating, const sudoku_step *step)
{
    int places = 0;

    /*
     * Above the top, SE would try its chains first: from the first step
     * there on, the path may not be SE's, and the rating stops. ER records
     * that step until sudoku_rating_finish() makes the rating a bound.
     */
    if (rating->er > SUDOKU_TOP_DIFFICULTY)
        return;
    if (step->difficulty > SUDOKU_TOP_DIFFICULTY) {
        rating->er = step->difficulty;
        return;
    }

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
    rating->complete = rating->er <= SUDOKU_TOP_DIFFICULTY;
    for (int c = 0; c < SUDOKU_CELLS && rating->complete; c++)
        rating->complete = grid->value[c] != 0;
    if (rating->complete)
        return;
    /* What the techniques did not reach, or reached only past the top, is
       harder than the top. */
    rating->er = SUDOKU_TOP_DIFFICULTY;
    if (!rating->placed)
        rating->ep = SUDOKU_TOP_DIFFICULTY;
    if (rating->steps == 0)
        rating->ed = SUDOKU_TOP_DIFFICULTY;
}

sudoku_status sudoku_rate(const sudoku_grid *puzzle, sudoku_rating *rating,
                          sudoku_grid *solution)
{
    sudoku_candidates grid;
    sudoku_step step;
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
    sudoku_rating_start(rating);
    while (sudoku_next_step(&grid, &step) == SUDOKU_OK) {
        sudoku_rating_add(rating, &step);
        sudoku_apply_step(&grid, &step);
    }
    sudoku_rating_finish(rating, &grid);
    return SUDOKU_OK;
}

const char *sudoku_level(const sudoku_rating *rating)
{
    if (!rating)
        return "unknown";
    if (!rating->complete || rating->er > 62)
        return rating->complete && rating->er > 75 ? "extreme" : "expert";
    if (rating->er > 38)
        return "hard";
    if (rating->er > 23)
        return "medium";
    return "easy";
}
