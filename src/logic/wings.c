/*
 * wings.c - XY-wing and XYZ-wing.
 *
 * An XY-wing is a pivot cell with candidates xy that sees two pincers, xz
 * and yz: whichever digit the pivot takes, one pincer is z, so z leaves
 * every cell that sees both pincers (4.2). In an XYZ-wing the pivot holds
 * xyz, so z may be the pivot's too: it leaves the cells that see all
 * three (4.4).
 *
 * SE's scan order: pivots in row-major order, then the first pincer and
 * the second among the pivot's peers.
 */
#include "logic.h"

#include <stdint.h>

/* The pivot's peers, in increasing order: its units' cells, as a set. */
static int peers_of(int cell, int *peer)
{
    const int units[3] = {row_of(cell), column_of(cell), box_of(cell)};
    uint64_t set[2] = {0, 0};
    int n = 0;

    for (int u = 0; u < 3; u++) {
        for (int i = 0; i < 9; i++) {
            const int c = unit_cell(units[u], i);

            set[c >> 6] |= (uint64_t)1 << (c & 63);
        }
    }
    set[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
    for (int w = 0; w < 2; w++) {
        for (uint64_t left = set[w]; left; left &= left - 1)
            peer[n++] = w * 64 + lowest_bit64(left);
    }
    return n;
}

/* Whether pivot, xz and yz make a wing, XY or XYZ. */
static int is_wing(unsigned pivot, unsigned xz, unsigned yz, int xyz)
{
    if (bit_count9(pivot) != (xyz ? 3 : 2) || bit_count9(xz) != 2 ||
        bit_count9(yz) != 2 || bit_count9(pivot | xz | yz) != 3)
        return 0;
    return bit_count9(pivot & xz & yz) == (xyz ? 1 : 0);
}

static int wing_step(const sudoku_candidates *grid, const int *cells, int xyz,
                     sudoku_step *step)
{
    const unsigned z = grid->mask[cells[1]] & grid->mask[cells[2]];
    const int digit = lowest_bit(z) + 1;

    step_start(step, xyz ? SUDOKU_XYZ_WING : SUDOKU_XY_WING, xyz ? 44 : 42);
    for (int i = 0; i < 3; i++) {
        step->pattern[cells[i]] = grid->mask[cells[i]];
        step_add_cell(step, cells[i]);
    }
    step->digits = (unsigned short)(grid->mask[cells[0]] | z);
    /* the pincers, and with XYZ the pivot, must see the victims */
    return strike_seen_by_all(grid, xyz ? cells : cells + 1, xyz ? 3 : 2,
                              digit, step) > 0;
}

static int find_wing(const sudoku_candidates *grid, int xyz, sudoku_step *step)
{
    int peer[20];

    for (int pivot = 0; pivot < SUDOKU_CELLS; pivot++) {
        const unsigned mask = grid->mask[pivot];
        int pincer[20], n = 0;

        if (bit_count9(mask) != (xyz ? 3 : 2))
            continue;
        /* both pincers hold two digits, all but one of them the pivot's */
        peers_of(pivot, peer);
        for (int i = 0; i < 20; i++) {
            const unsigned xz = grid->mask[peer[i]];

            if (bit_count9(xz) == 2 && bit_count9(mask & ~xz) == 1)
                pincer[n++] = peer[i];
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                const int cells[3] = {pivot, pincer[i], pincer[j]};

                if (is_wing(mask, grid->mask[pincer[i]], grid->mask[pincer[j]], xyz) &&
                    wing_step(grid, cells, xyz, step))
                    return 1;
            }
        }
    }
    return 0;
}

int find_xy_wing(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    (void)size;
    return find_wing(grid, 0, step);
}

int find_xyz_wing(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    (void)size;
    return find_wing(grid, 1, step);
}
