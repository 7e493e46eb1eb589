/*
 * subsets.c - naked and hidden pairs, triples and quads.
 *
 * A naked set is n cells of a unit whose candidates, together, are n
 * digits: those digits leave the unit's other cells (3.0, 3.6, 5.0 for
 * n = 2, 3, 4). A hidden set is n digits whose places in a unit, together,
 * are n cells: those cells lose their other candidates (3.4, 4.0, 5.4).
 * In both, SE wants every member to have at least two candidates, or two
 * places; and it looks for a hidden set only where the unit has more than
 * 2n open cells, since otherwise the naked set of the other cells is the
 * smaller pattern. The direct hidden pair (2.0) and triple (2.5) are
 * hidden sets whose strikes leave another digit one place in the unit: the
 * step places that single, as SE's does, and strikes nothing.
 *
 * SE's scan order: boxes, columns, rows; within a unit, the sets of cells
 * or digits in the order of their bit masks, smallest first. A member of a
 * set of n has at most n candidates, or places, so only those are
 * combined; the sets left out could not be sets, and those kept come in
 * the same order.
 */
#include "logic.h"

/*
 * A unit seen as nine rows of bits: its cells' candidates for naked sets,
 * its digits' places for hidden ones. A set is `size` rows whose bits
 * together are `size` bits; only rows of 2 to `size` bits can be members.
 */
static void sets_start(subsets *sets, const unsigned short rows[9], int size)
{
    unsigned members = 0;

    for (int i = 0; i < 9; i++) {
        const int n = bit_count9(rows[i]);

        members |= (unsigned)(n >= 2 && n <= size) << i;
    }
    subsets_start(sets, members, size);
}

/* The next set of rows, with their bits together in *cover; 0 when done. */
static unsigned sets_next(subsets *sets, const unsigned short rows[9], unsigned *cover)
{
    unsigned set;

    while ((set = subsets_next(sets)) != 0) {
        *cover = 0;
        for (unsigned rest = set; rest; rest &= rest - 1)
            *cover |= rows[lowest_bit(rest)];
        if (bit_count9(*cover) == sets->size)
            return set;
    }
    return 0;
}

int find_naked_set(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    static const sudoku_technique techniques[] = {
        SUDOKU_NAKED_PAIR, SUDOKU_NAKED_TRIPLE, SUDOKU_NAKED_QUAD};
    static const int difficulties[] = {30, 36, 50};

    for (int u = 0; u < UNITS; u++) {
        const int unit = scan_unit(u);
        unsigned short masks[9];
        unsigned set, digits;
        subsets sets;

        if (open_cells(grid, unit) < 2 * size)
            continue;
        for (int i = 0; i < 9; i++)
            masks[i] = grid->mask[unit_cell(unit, i)];
        sets_start(&sets, masks, size);
        while ((set = sets_next(&sets, masks, &digits)) != 0) {
            unsigned struck = 0;

            step_start(step, techniques[size - 2], difficulties[size - 2]);
            for (int i = 0; i < 9; i++) {
                const int cell = unit_cell(unit, i);

                if (set >> i & 1) {
                    step->pattern[cell] = grid->mask[cell];
                    step_add_cell(step, cell);
                } else {
                    step->strike[cell] = (unsigned short)(grid->mask[cell] & digits);
                    struck |= step->strike[cell];
                }
            }
            if (!struck)
                continue;
            step->units = 1ul << unit;
            step->digits = (unsigned short)digits;
            return 1;
        }
    }
    return 0;
}

/*
 * Fills in the hidden set of `digits` at `places` in a unit: its cells
 * lose their other candidates. Returns whether that strikes anything.
 */
static int hidden_set(const sudoku_candidates *grid, int unit, unsigned digits,
                      unsigned places, sudoku_step *step)
{
    int struck = 0;

    for (int i = 0; i < 9; i++) {
        const int cell = unit_cell(unit, i);

        if (places >> i & 1) {
            step->pattern[cell] = (unsigned short)(grid->mask[cell] & digits);
            step->strike[cell] = (unsigned short)(grid->mask[cell] & ~digits);
            struck |= step->strike[cell] != 0;
            step_add_cell(step, cell);
        }
    }
    step->units = 1ul << unit;
    step->digits = (unsigned short)digits;
    return struck;
}

/*
 * The single that a hidden set at `places` leaves another digit in the
 * unit, as a cell whose digit goes in *digit, or -1.
 */
static int following_single(const sudoku_candidates *grid, int unit,
                            unsigned digits, unsigned places, int *digit)
{
    for (int d = 1; d <= 9; d++) {
        const unsigned where = digit_places(grid, unit, d);

        if (!(digits >> (d - 1) & 1) && bit_count9(where) > 1 &&
            bit_count9(where & ~places) == 1) {
            *digit = d;
            return unit_cell(unit, lowest_bit(where & ~places));
        }
    }
    return -1;
}

/* Fills in a direct hidden set: the single it leaves, and no strike. */
static int direct_step(const sudoku_candidates *grid, int unit, unsigned set,
                       unsigned places, int size, sudoku_step *step)
{
    int digit;
    const int cell = following_single(grid, unit, set, places, &digit);

    if (cell < 0)
        return 0;
    step_start(step, size == 2 ? SUDOKU_DIRECT_HIDDEN_PAIR : SUDOKU_DIRECT_HIDDEN_TRIPLE,
               size == 2 ? 20 : 25);
    hidden_set(grid, unit, set, places, step);
    for (int c = 0; c < SUDOKU_CELLS; c++)
        step->strike[c] = 0; /* SE's direct step only places */
    step->place[cell] = (unsigned char)digit;
    return 1;
}

static int find_hidden(const sudoku_candidates *grid, int size, int direct,
                       sudoku_step *step)
{
    static const sudoku_technique techniques[] = {
        SUDOKU_HIDDEN_PAIR, SUDOKU_HIDDEN_TRIPLE, SUDOKU_HIDDEN_QUAD};
    static const int difficulties[] = {34, 40, 54};

    for (int u = 0; u < UNITS; u++) {
        const int unit = scan_unit(u);
        unsigned set, places;
        subsets sets;

        if (open_cells(grid, unit) <= (direct ? size : 2 * size))
            continue;
        sets_start(&sets, grid->places[unit], size);
        while ((set = sets_next(&sets, grid->places[unit], &places)) != 0) {
            if (direct && direct_step(grid, unit, set, places, size, step))
                return 1;
            if (!direct) {
                step_start(step, techniques[size - 2], difficulties[size - 2]);
                if (hidden_set(grid, unit, set, places, step))
                    return 1;
            }
        }
    }
    return 0;
}

int find_direct_hidden_set(const sudoku_candidates *grid, int size,
                           sudoku_step *step)
{
    return find_hidden(grid, size, 1, step);
}

int find_hidden_set(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    return find_hidden(grid, size, 0, step);
}
