/*
 * logic.h - what the techniques of the human-style solver share: the
 * geometry of units, bit helpers, and the shape of a technique.
 *
 * Every technique is a finder: given a candidate grid, it looks for the
 * first instance of its pattern in a fixed scan order and, if there is
 * one that changes the grid, fills in a step and returns 1; otherwise it
 * returns 0. Finders never change the grid. explain.c holds the ladder
 * that tries them, easiest first.
 */
#ifndef SUDOKU_LOGIC_H
#define SUDOKU_LOGIC_H

#include "core/bits.h"
#include "sudoku.h"
#include "core/units.h"

#include <assert.h>
#include <stdint.h>

enum { ALL_DIGITS = 0x1FF };

/* A finder; `size` is the technique's parameter (a set's size, say). */
typedef int finder(const sudoku_candidates *grid, int size, sudoku_step *step);

/* The cells of each unit, left to right and top to bottom. */
extern const unsigned char unit_cells[UNITS][9];

/* The i-th cell (0-8) of a unit. */
static inline int unit_cell(int unit, int i)
{
    return unit_cells[unit][i];
}

/* A set of cells: three bands of 27 (rows 0-2, 3-5, 6-8); cell c is bit
 * c % 27 of band c / 27. */
typedef struct cell_set {
    uint32_t band[3];
} cell_set;

static inline cell_set set_or(cell_set a, cell_set b)
{
    for (int i = 0; i < 3; i++)
        a.band[i] |= b.band[i];
    return a;
}

static inline cell_set set_and(cell_set a, cell_set b)
{
    for (int i = 0; i < 3; i++)
        a.band[i] &= b.band[i];
    return a;
}

/* The cells of a that are not in b. */
static inline cell_set set_minus(cell_set a, cell_set b)
{
    for (int i = 0; i < 3; i++)
        a.band[i] &= ~b.band[i];
    return a;
}

static inline int set_empty(cell_set s)
{
    return (s.band[0] | s.band[1] | s.band[2]) == 0;
}

/* Whether a set holds two cells or more, without counting them all. */
static inline int set_several(cell_set s)
{
    int bands = 0;

    for (int i = 0; i < 3; i++) {
        if (s.band[i] & (s.band[i] - 1))
            return 1;
        bands += s.band[i] != 0;
    }
    return bands >= 2;
}

static inline int set_has(cell_set s, int cell)
{
    return (s.band[cell / 27] >> cell % 27 & 1u) != 0;
}

static inline void set_add(cell_set *s, int cell)
{
    s->band[cell / 27] |= 1u << cell % 27;
}

static inline void set_remove(cell_set *s, int cell)
{
    s->band[cell / 27] &= ~(1u << cell % 27);
}

/* Takes the first cell of a set, in row-major order; -1 if it is empty. */
static inline int set_pop(cell_set *s)
{
    for (int b = 0; b < 3; b++) {
        if (s->band[b]) {
            const int c = b * 27 + lowest_bit(s->band[b]);

            s->band[b] &= s->band[b] - 1;
            return c;
        }
    }
    return -1;
}

/* The 20 peers of a cell: its column crosses every band, its row and box
 * lie in its own. */
static inline cell_set cell_peers(int cell)
{
    const uint32_t column = 0x40201u << cell % 9; /* rows 0, 1 and 2 */
    cell_set s = {{column, column, column}};

    s.band[cell / 27] |= 0x1FFu << cell % 27 / 9 * 9 | 0x1C0E07u << cell % 9 / 3 * 3;
    s.band[cell / 27] &= ~(1u << cell % 27);
    return s;
}

/* Whether two distinct cells share a unit. */
static inline int sees(int a, int b)
{
    return a != b && (row_of(a) == row_of(b) || column_of(a) == column_of(b) ||
                      box_of(a) == box_of(b));
}

/*
 * The next larger mask with as many bits set (Gosper's rule): from
 * (1 << k) - 1 on, it visits every set of k out of n in the order SE does.
 */
static inline unsigned next_combination(unsigned x)
{
    const unsigned smallest = x & -x, ripple = x + smallest;

    assert(smallest != 0); /* a set of none has no next */
    return ripple | (((x ^ ripple) >> 2) / smallest);
}

/*
 * The sets of `size` out of the members of a 9-bit mask, in the order SE
 * visits them: Gosper's rule over the members' ranks keeps the order of
 * the masks, so skipping the non-members changes nothing but the cost.
 */
typedef struct subsets {
    int member[9];
    int count, size;
    unsigned rank; /* the set, as a mask over the members' ranks */
} subsets;

static inline void subsets_start(subsets *s, unsigned members, int size)
{
    s->count = 0;
    for (; members; members &= members - 1)
        s->member[s->count++] = lowest_bit(members);
    s->size = size;
    s->rank = (1u << size) - 1;
}

/* The next set, as a 9-bit mask, or 0 when there is none. */
static inline unsigned subsets_next(subsets *s)
{
    unsigned set = 0;

    if (s->size > s->count || s->rank >= 1u << s->count)
        return 0;
    for (unsigned r = s->rank; r; r &= r - 1)
        set |= 1u << s->member[lowest_bit(r)];
    s->rank = next_combination(s->rank);
    return set;
}

/*
 * The i-th unit (0-26) in the order SE scans units for singles and sets:
 * the boxes, then the columns, then the rows.
 */
static inline int scan_unit(int i)
{
    return i < 9 ? 18 + i : i < 18 ? i : i - 18;
}

/* The number of open cells in a unit. */
static inline int open_cells(const sudoku_candidates *grid, int unit)
{
    int n = 0;

    for (int i = 0; i < 9; i++)
        n += grid->value[unit_cells[unit][i]] == 0;
    return n;
}

/* Where digit d (1-9) may go in a unit: bit i for the unit's i-th cell. */
static inline unsigned digit_places(const sudoku_candidates *grid, int unit,
                                    int digit)
{
    return grid->places[unit][digit - 1];
}

/* Whether a unit already holds digit d as a placed value. */
int unit_has_value(const sudoku_candidates *grid, int unit, int digit);

/*
 * Places naked and hidden singles, each also struck from the cell's peers,
 * until none is left; returns how many it placed. The grid may be left
 * unsolved, or, from a grid with no solution, broken.
 */
int fill_singles(sudoku_candidates *grid);

/* Empties a step and names its technique and difficulty. */
void step_start(sudoku_step *step, sudoku_technique technique, int difficulty);

/* Appends a cell to the step's pattern cells, if there is room. */
void step_add_cell(sudoku_step *step, int cell);

/*
 * Strikes digit d from every open cell that sees all of `cells` (n of
 * them) and is not one of them. Returns how many candidates it struck.
 */
int strike_seen_by_all(const sudoku_candidates *grid, const int *cells, int n,
                       int digit, sudoku_step *step);

/* The techniques, by family; each file's comment says what SE asks. */
finder find_hidden_single, find_naked_single;
finder find_direct_intersection, find_intersection;
finder find_direct_hidden_set, find_naked_set, find_hidden_set;
finder find_fish, find_xy_wing, find_xyz_wing;
finder find_unique_loop, find_bug;
finder find_aligned_exclusion; /* size 2 for pairs, 3 for triplets */

/* The rating, in tenths, that closes_below() proves a puzzle below. */
enum { CLOSURE_LEAST = 88 };

/*
 * Whether the puzzle is known to rate below CLOSURE_LEAST without SE's
 * path: whether the techniques below the multiple chains, bar the two
 * that rest on one solution, with the cell forcing chains rated below it,
 * solve it with their steps taken in any order (the static chains' all at
 * once). 1 when they do; 0 when they stop short, whatever its rating; -1
 * when memory ran out.
 */
int closes_below(const sudoku_candidates *puzzle);

#endif /* SUDOKU_LOGIC_H */
