/*
 * singles.c - hidden and naked singles.
 *
 * A hidden single is a digit with one place left in a unit; SE looks in
 * the boxes first (1.2), then the rows and the columns (1.5). A naked
 * single is a cell with one candidate left (2.3), found in row-major order.
 */
#include "logic.h"

/* The units in the order SE scans them for hidden singles. */
static int scan_unit(int i)
{
    return i < 9 ? 18 + i : i - 9; /* boxes, then rows, then columns */
}

int find_hidden_single(const sudoku_candidates *grid, int size,
                       sudoku_step *step)
{
    (void)size;
    for (int i = 0; i < UNITS; i++) {
        const int unit = scan_unit(i);

        for (int digit = 1; digit <= 9; digit++) {
            const unsigned places = digit_places(grid, unit, digit);
            int cell;

            if (bit_count(places) != 1)
                continue;
            cell = unit_cell(unit, lowest_bit(places));
            step_start(step, SUDOKU_HIDDEN_SINGLE, unit >= 18 ? 12 : 15);
            step->place[cell] = (unsigned char)digit;
            step->pattern[cell] = (unsigned short)(1u << (digit - 1));
            step->units = 1ul << unit;
            step->digits = (unsigned short)(1u << (digit - 1));
            step_add_cell(step, cell);
            return 1;
        }
    }
    return 0;
}

int find_naked_single(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    (void)size;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        const unsigned mask = grid->mask[cell];

        if (!grid->value[cell] && bit_count(mask) == 1) {
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
