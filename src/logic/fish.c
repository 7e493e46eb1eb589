/*
 * fish.c - X-wing, swordfish and jellyfish.
 *
 * When a digit's places in n lines (the base) all lie in n crossing lines
 * (the cover), the digit fills the n crossings, so it leaves the rest of
 * the cover lines: an X-wing (3.2), swordfish (3.8) or jellyfish (5.2) for
 * n = 2, 3, 4. As SE does, each base line needs two places or more, and a
 * digit placed more than 9 - 2n times is not looked at.
 *
 * SE's scan order: columns as the base, then rows; within each, the sets
 * of base lines in the order of their bit masks, then digits 1-9.
 */
#include "logic.h"

/*
 * The cover of a fish on the base lines `set` (bit i: line first + i), as
 * a mask of crossing lines, or 0 when they do not make one. Each base line
 * has 2 to `size` places for the digit: the caller picks them so.
 */
static unsigned fish_cover(const sudoku_candidates *grid, int first,
                           unsigned set, int size, int digit)
{
    unsigned cover = 0;

    for (unsigned left = set; left; left &= left - 1)
        cover |= digit_places(grid, first + lowest_bit(left), digit);
    return bit_count9(cover) == size ? cover : 0;
}

/* Fills in the fish; returns whether it strikes anything. */
static int fish_step(const sudoku_candidates *grid, int base_first,
                     unsigned base, int cover_first, unsigned cover,
                     int digit, sudoku_step *step)
{
    const unsigned short bit = (unsigned short)(1u << (digit - 1));
    int struck = 0;

    step->digits = bit;
    for (int j = 0; j < 9; j++) {
        if (!(cover >> j & 1))
            continue;
        step->cover_units |= 1ul << (cover_first + j);
        for (int i = 0; i < 9; i++) {
            const int cell = unit_cell(cover_first + j, i);

            if (!(grid->mask[cell] & bit))
                continue;
            if (base >> i & 1) {
                step->pattern[cell] = bit;
            } else {
                step->strike[cell] = bit;
                struck = 1;
            }
        }
    }
    for (int i = 0; i < 9; i++) {
        if (base >> i & 1)
            step->units |= 1ul << (base_first + i);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (step->pattern[c])
            step_add_cell(step, c);
    }
    return struck;
}

int find_fish(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    static const sudoku_technique techniques[] = {
        SUDOKU_X_WING, SUDOKU_SWORDFISH, SUDOKU_JELLYFISH};
    static const int difficulties[] = {32, 38, 52};
    int placed[10] = {0}; /* how many times each digit is placed; [0]: open cells */

    for (int c = 0; c < SUDOKU_CELLS; c++)
        placed[grid->value[c]]++;
    for (int pass = 0; pass < 2; pass++) {
        const int base_first = pass == 0 ? 9 : 0, cover_first = pass == 0 ? 0 : 9;
        /* by base line, the digits (bit d-1) it has 2 to `size` places of,
           among those placed few enough times; the lines that have any */
        unsigned digits_of[9] = {0}, any = 0, set;
        subsets sets;

        for (int digit = 1; digit <= 9; digit++) {
            if (placed[digit] + 2 * size > 9)
                continue;
            for (int i = 0; i < 9; i++) {
                const int n = bit_count9(digit_places(grid, base_first + i, digit));

                if (n >= 2 && n <= size)
                    digits_of[i] |= 1u << (digit - 1);
            }
        }
        for (int i = 0; i < 9; i++)
            any |= (unsigned)(digits_of[i] != 0) << i;
        subsets_start(&sets, any, size);
        while ((set = subsets_next(&sets)) != 0) {
            unsigned digits = ALL_DIGITS; /* those every line of the set has */

            for (unsigned left = set; left; left &= left - 1)
                digits &= digits_of[lowest_bit(left)];
            for (; digits; digits &= digits - 1) {
                const int digit = lowest_bit(digits) + 1;
                const unsigned cover = fish_cover(grid, base_first, set, size, digit);

                if (!cover)
                    continue;
                step_start(step, techniques[size - 2], difficulties[size - 2]);
                if (fish_step(grid, base_first, set, cover_first, cover, digit, step))
                    return 1;
            }
        }
    }
    return 0;
}
