/*
 * singles.c - full houses, hidden singles and naked singles.
 *
 * A hidden single is a digit with one place left in a unit: 1.2 in a box,
 * 1.5 in a row or a column. SE takes first the units with one open cell
 * left, the full houses (1.0), then the others; each time the boxes, then
 * the columns, then the rows. A naked single is a cell with one candidate
 * left (2.3), found in row-major order.
 */
#include "logic.h"

/* Fills in the single of `digit` at `places` (one bit) in a unit. */
static void single_step(int unit, int digit, unsigned places, int full,
                        sudoku_step *step)
{
    const int cell = unit_cell(unit, lowest_bit(places));

    if (full)
        step_start(step, SUDOKU_FULL_HOUSE, 10);
    else
        step_start(step, SUDOKU_HIDDEN_SINGLE, unit >= 18 ? 12 : 15);
    step->place[cell] = (unsigned char)digit;
    step->pattern[cell] = (unsigned short)(1u << (digit - 1));
    step->units = 1ul << unit;
    step->digits = (unsigned short)(1u << (digit - 1));
    step_add_cell(step, cell);
}

int find_hidden_single(const sudoku_candidates *grid, int size,
                       sudoku_step *step)
{
    int open[UNITS];

    (void)size;
    for (int i = 0; i < UNITS; i++)
        open[i] = open_cells(grid, scan_unit(i));
    for (int full = 1; full >= 0; full--) {
        for (int i = 0; i < UNITS; i++) {
            const int unit = scan_unit(i);

            if ((open[i] == 1) != full)
                continue;
            for (int digit = 1; digit <= 9; digit++) {
                const unsigned places = digit_places(grid, unit, digit);

                if (places && !(places & (places - 1))) { /* one place */
                    single_step(unit, digit, places, full, step);
                    return 1;
                }
            }
        }
    }
    return 0;
}

int find_naked_single(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    (void)size;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        const unsigned mask = grid->mask[cell];

        if (!grid->value[cell] && bit_count9(mask) == 1) {
            step_start(step, SUDOKU_NAKED_SINGLE, 23);
            step->place[cell] = (unsigned char)(lowest_bit(mask) + 1);
            step->pattern[cell] = (unsigned short)mask;
            step->digits = (unsigned short)mask;
            step_add_cell(step, cell);
            return 1;
        }
    }
    return 0;
}
