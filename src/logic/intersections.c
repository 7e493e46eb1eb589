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

/*
 * The cells of `unit` that lie in `other`, a box and a line one way or
 * the other, as a mask over unit's cells; 0 when they do not cross.
 */
static unsigned crossing(int unit, int other)
{
    const int box = (unit >= BOXES ? unit : other) - BOXES;

    if (unit >= BOXES) { /* the box's cells on a row, or on a column */
        if (other < COLUMNS)
            return other / 3 == box / 3 ? 0x7u << 3 * (other % 3) : 0;
        return (other - COLUMNS) / 3 == box % 3 ? 0x49u << (other - COLUMNS) % 3 : 0;
    }
    if (unit < COLUMNS) /* a row's cells in a box */
        return unit / 3 == box / 3 ? 0x7u << 3 * (box % 3) : 0;
    return (unit - COLUMNS) / 3 == box % 3 ? 0x7u << 3 * (box / 3) : 0;
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
    const int first = base < COLUMNS ? ROWS : base < BOXES ? COLUMNS : BOXES;

    for (int u = first; u < first + 9; u++) {
        const unsigned inside = crossing(u, cover);
        const unsigned places = digit_places(grid, u, digit);

        if (u == base || !inside)
            continue;
        if (bit_count9(places) > 1 && bit_count9(places & ~inside) == 1)
            return unit_cell(u, lowest_bit(places & ~inside));
    }
    return -1;
}

/*
 * The unit of the kind that starts at `kind` (ROWS, COLUMNS or BOXES) into
 * which base's `places` (two or more) are all locked, or -1. Two places
 * already pin the crossing unit down: the one through the lowest place.
 */
static int locked_into(int base, unsigned places, int kind)
{
    const int low = lowest_bit(places);
    /* the places that lie with the lowest in its crossing: of a box, on its
       row or column; of a line, in its box */
    const unsigned crossed = base >= BOXES && kind == COLUMNS ? 0x49u << low % 3
                                                               : 0x7u << low / 3 * 3;

    if (places & ~crossed)
        return -1;
    if (base >= BOXES) { /* place i of a box is at row i / 3, column i % 3 */
        const int box = base - BOXES;

        return kind == ROWS ? box / 3 * 3 + low / 3 : COLUMNS + box % 3 * 3 + low % 3;
    }
    if (base >= COLUMNS)
        return BOXES + low / 3 * 3 + (base - COLUMNS) / 3;
    return BOXES + base / 3 * 3 + low / 3;
}

/*
 * Fills in the locking of `digit` from base onto cover, plain or direct.
 * Returns whether it finds a step: a strike, or for direct a single.
 */
static int lock_step(const sudoku_candidates *grid, int base, int cover,
                     int digit, int direct, sudoku_step *step)
{
    const int pointing = base >= BOXES;
    const unsigned rest = digit_places(grid, cover, digit) & ~crossing(cover, base);

    if (!rest)
        return 0; /* nothing to strike, and so no single either */
    if (direct) {
        const int cell = following_single(grid, base, cover, digit);

        if (cell < 0)
            return 0;
        step_start(step, pointing ? SUDOKU_DIRECT_POINTING : SUDOKU_DIRECT_CLAIMING,
                   pointing ? 17 : 19);
        step->place[cell] = (unsigned char)digit;
    } else {
        step_start(step, pointing ? SUDOKU_POINTING : SUDOKU_CLAIMING,
                   pointing ? 26 : 28);
        for (int i = 0; i < 9; i++) {
            if (rest >> i & 1)
                step->strike[unit_cell(cover, i)] = (unsigned short)(1u << (digit - 1));
        }
    }
    lock_pattern(grid, base, cover, digit, step);
    return 1;
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
                int cover;

                if (!(places & (places - 1)))
                    continue; /* none, or a single */
                cover = locked_into(base, places, kinds[k][1]);
                if (cover >= 0 && lock_step(grid, base, cover, digit, direct, step))
                    return 1;
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
