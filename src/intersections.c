/*
 * intersections.c - pointing and claiming, plain and direct.
 *
 * When a digit's places in one unit all lie where it crosses a second
 * unit (a box and a line), the digit goes in that crossing, so it leaves
 * the rest of the second unit. From a box onto a line that is pointing
 * (2.6); from a line onto a box, claiming (2.8).
 *
 * SE also looks for a direct version, easier because its outcome is at
 * once a single (1.7 pointing, 1.9 claiming): the strikes leave the digit
 * one place in a third unit, of the first unit's kind, that crosses the
 * second unit. That step places the single and strikes nothing: what the
 * intersection strikes is left to be found again if needed, as SE does.
 *
 * SE's scan order, which decides which step comes first: box onto column,
 * box onto row, column onto box, row onto box; within each, digits 1-9,
 * then the first unit, then the second.
 */
#include "logic.h"

enum { ROWS = 0, COLUMNS = 9, BOXES = 18 };

static int in_unit(int cell, int unit)
{
    return row_of(cell) == unit || column_of(cell) == unit || box_of(cell) == unit;
}

/* The cells of `unit` at the places `places` (bit i: its i-th cell). */
static unsigned short cells_outside(int unit, unsigned places, int other)
{
    unsigned short outside = 0;

    for (int i = 0; i < 9; i++) {
        if ((places >> i & 1) && !in_unit(unit_cell(unit, i), other))
            outside |= (unsigned short)(1u << i);
    }
    return outside;
}

/*
 * Whether units a and b share a cell: a row and a column always do, a line
 * and a box when the line runs through the box, two units of a kind only
 * when they are one. Worked out rather than looked for cell by cell, as
 * the scans ask it for every pair of units at every step.
 */
static int crosses(int a, int b)
{
    const int low = a < b ? a : b, high = a < b ? b : a;

    if (low / 9 == high / 9)
        return low == high;
    if (high < BOXES)
        return 1;
    /* a line and a box: the box's band for a row, its stack for a column */
    return low % 9 / 3 == (low < COLUMNS ? high % 9 / 3 : high % 9 % 3);
}

/* Fills in the pattern of the digit locked into unit `base` on `cover`. */
static void lock_pattern(const sudoku_candidates *grid, int base, int cover,
                         int digit, sudoku_step *step)
{
    const unsigned short bit = (unsigned short)(1u << (digit - 1));

    step->units = 1ul << base;
    step->cover_units = 1ul << cover;
    step->digits = bit;
    for (int i = 0; i < 9; i++) {
        const int cell = unit_cell(base, i);

        if (grid->mask[cell] & bit) {
            step->pattern[cell] = bit;
            step_add_cell(step, cell);
        }
    }
}

/*
 * The single that locking `digit` onto `cover` leaves in another unit of
 * base's kind, as a cell, or -1.
 */
static int following_single(const sudoku_candidates *grid, int base, int cover,
                            int digit)
{
    const int first = base < 9 ? ROWS : base < 18 ? COLUMNS : BOXES;

    for (int u = first; u < first + 9; u++) {
        unsigned places, outside;

        if (u == base || !crosses(u, cover))
            continue;
        places = digit_places(grid, u, digit);
        outside = cells_outside(u, places, cover);
        if (bit_count(places) > 1 && bit_count(outside) == 1)
            return unit_cell(u, lowest_bit(outside));
    }
    return -1;
}

static int find_locking(const sudoku_candidates *grid, int direct,
                        sudoku_step *step)
{
    static const int kinds[4][2] = {
        {BOXES, COLUMNS}, {BOXES, ROWS}, {COLUMNS, BOXES}, {ROWS, BOXES}};

    for (int k = 0; k < 4; k++) {
        for (int digit = 1; digit <= 9; digit++) {
            for (int base = kinds[k][0]; base < kinds[k][0] + 9; base++) {
                const unsigned places = digit_places(grid, base, digit);

                if (bit_count(places) < 2)
                    continue;
                for (int cover = kinds[k][1]; cover < kinds[k][1] + 9; cover++) {
                    if (!crosses(base, cover) || cells_outside(base, places, cover))
                        continue;
                    if (direct) {
                        const int cell = following_single(grid, base, cover, digit);

                        if (cell < 0)
                            continue;
                        step_start(step, base >= BOXES ? SUDOKU_DIRECT_POINTING
                                                       : SUDOKU_DIRECT_CLAIMING,
                                   base >= BOXES ? 17 : 19);
                        step->place[cell] = (unsigned char)digit;
                    } else {
                        const unsigned rest =
                            cells_outside(cover, digit_places(grid, cover, digit), base);

                        if (!rest)
                            continue;
                        step_start(step, base >= BOXES ? SUDOKU_POINTING : SUDOKU_CLAIMING,
                                   base >= BOXES ? 26 : 28);
                        for (int i = 0; i < 9; i++) {
                            if (rest >> i & 1)
                                step->strike[unit_cell(cover, i)] =
                                    (unsigned short)(1u << (digit - 1));
                        }
                    }
                    lock_pattern(grid, base, cover, digit, step);
                    return 1;
                }
            }
        }
    }
    return 0;
}

int find_direct_intersection(const sudoku_candidates *grid, int size,
                             sudoku_step *step)
{
    (void)size;
    return find_locking(grid, 1, step);
}

int find_intersection(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    (void)size;
    return find_locking(grid, 0, step);
}
