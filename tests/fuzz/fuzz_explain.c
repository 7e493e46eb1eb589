/*
 * fuzz_explain.c - any puzzle, with or without pencil marks, through the
 * human-style solver: every step must be sound.
 *
 * The input is puzzle text, so seeds can be written by hand: byte 0 says
 * whether pencil marks follow ('m') or not; bytes 1-81 are the cells, a
 * digit '1'-'9' for a given and anything else for a blank (a given that
 * breaks a rule is blanked). With marks, bytes 82-243 give each cell two
 * bytes whose low 9 bits strike candidates; the solution's digit is always
 * kept, so the marks are those of a player who made no mistake.
 *
 * A puzzle without exactly one solution must be refused by sudoku_rate()
 * with the right status. Otherwise, stepping from the candidate grid:
 *   - every step places or strikes something, at a difficulty on the
 *     ladder, and its words fit the buffer sudoku_describe_step() sizes;
 *   - no step strikes the solution's digit from a cell, strikes a
 *     candidate that is not there, or places anything but the solution's
 *     digit in an open cell;
 *   - the steps end at the solution, or at a grid that still holds it;
 *   - a grade that takes the last singles at once (sudoku_rating_settle())
 *     is the grade of every step taken, its count of steps included, and
 *     so, without marks, is sudoku_rate()'s.
 */
#include "oracle.h"

#include <string.h>

/* More steps than any grid can take: each one strikes or places. */
#define MOST_STEPS (9 * SUDOKU_CELLS)

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
static void marks_of(const uint8_t *data, size_t size,
                     const sudoku_grid *solution, unsigned short *marks)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const size_t at = 1 + SUDOKU_CELLS + 2 * (size_t)c;
        unsigned struck = 0;

        if (at + 1 < size)
            struck = (unsigned)(data[at] | data[at + 1] << 8) & 0x1FF;
        marks[c] = (unsigned short)((0x1FF & ~struck) | 1u << (solution->cell[c] - 1));
    }
}

/* Checks one step against the grid it was found on and the solution. */
static void check_step(const sudoku_candidates *grid, const sudoku_step *step,
                       const sudoku_grid *solution)
{
    char text[16384];
    const size_t length = sudoku_describe_step(step, NULL, 0);
    int changes = 0;

    REQUIRE(step->difficulty >= 10 && step->difficulty < 200); /* SE's scale */
    REQUIRE(length > 0 && length < sizeof text);
    REQUIRE(sudoku_describe_step(step, text, sizeof text) == length);
    REQUIRE(strlen(text) == length);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const unsigned truth = 1u << (solution->cell[c] - 1);

        REQUIRE(!(step->strike[c] & truth));
        REQUIRE(!(step->strike[c] & ~grid->mask[c]));
        if (step->place[c]) {
            REQUIRE(grid->value[c] == 0);
            REQUIRE(step->place[c] == solution->cell[c]);
        }
        changes |= step->strike[c] || step->place[c];
    }
    REQUIRE(changes);
}

/*
 * Takes every step, and rates them into *r; leaves the grid where they end.
 */
static void take_steps(sudoku_candidates *grid, const sudoku_grid *solution,
                       sudoku_rating *r)
{
    sudoku_step step;

    sudoku_rating_start(r);
    while (sudoku_next_step(grid, &step) == SUDOKU_OK) {
        REQUIRE(r->steps < MOST_STEPS);
        check_step(grid, &step, solution);
        sudoku_rating_add(r, &step);
        sudoku_apply_step(grid, &step);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (grid->value[c])
            REQUIRE(grid->value[c] == solution->cell[c]);
        else
            REQUIRE(grid->mask[c] & 1u << (solution->cell[c] - 1));
    }
    sudoku_rating_finish(r, grid);
}

/* The grade of a grid as `sudoku grade` takes it: the last singles at once. */
static void settled_grade(sudoku_candidates grid, sudoku_rating *r)
{
    sudoku_step step;

    sudoku_rating_start(r);
    while (sudoku_next_step(&grid, &step) == SUDOKU_OK) {
        sudoku_rating_add(r, &step);
        sudoku_apply_step(&grid, &step);
        if (sudoku_rating_settle(r, &grid, &step))
            break;
    }
    sudoku_rating_finish(r, &grid);
}

/* Whether two grades are the same, their counts of steps included. */
static int same_grade(const sudoku_rating *a, const sudoku_rating *b)
{
    return a->er == b->er && a->ep == b->ep && a->ed == b->ed &&
           a->hardest == b->hardest && a->steps == b->steps &&
           a->complete == b->complete && a->placed == b->placed;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const int with_marks = size > 0 && data[0] == 'm';
    const sudoku_grid puzzle = valid_grid_of(data, size);
    sudoku_grid solution;
    sudoku_candidates grid;
    sudoku_rating rating, stepped, settled;
    unsigned short marks[SUDOKU_CELLS];
    unsigned long count;

    REQUIRE(sudoku_count(&puzzle, 2, &count, &solution, NULL) == SUDOKU_OK);
    if (count != 1) {
        REQUIRE(sudoku_rate(&puzzle, &rating, NULL) ==
                (count ? SUDOKU_E_NOT_UNIQUE : SUDOKU_E_UNSOLVABLE));
        return 0;
    }
    if (with_marks)
        marks_of(data, size, &solution, marks);
    REQUIRE(sudoku_candidates_init(&grid, &puzzle, with_marks ? marks : NULL,
                                   NULL) == SUDOKU_OK);
    if (with_marks) {
        sudoku_grid again;

        REQUIRE(sudoku_candidates_count(&grid, 2, &count, &again) == SUDOKU_OK);
        REQUIRE(count == 1 && memcmp(&again, &solution, sizeof again) == 0);
    }
    settled_grade(grid, &settled);
    take_steps(&grid, &solution, &stepped);
    REQUIRE(same_grade(&settled, &stepped));
    if (!with_marks) {
        REQUIRE(sudoku_rate(&puzzle, &rating, NULL) == SUDOKU_OK);
        REQUIRE(same_grade(&rating, &stepped));
        REQUIRE(rating.er >= rating.ep && rating.ep >= rating.ed);
    }
    return 0;
}
