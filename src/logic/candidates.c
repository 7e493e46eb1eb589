/*
 * candidates.c - the candidate grid of the human-style solver: building it
 * from a puzzle or from pencil marks, applying steps, and a plain search
 * that counts its solutions.
 *
 * The grid is the one of the articles the project grew from: a 9-bit mask
 * of candidates per cell, bit d-1 for digit d, and the placed digits. It
 * is slower to search than the band bitboards of solver.c, but each
 * technique reads it the way a person reads pencil marks.
 */
#include "logic.h"

#include <string.h>

const unsigned char unit_cells[UNITS][9] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8},
    {9, 10, 11, 12, 13, 14, 15, 16, 17},
    {18, 19, 20, 21, 22, 23, 24, 25, 26},
    {27, 28, 29, 30, 31, 32, 33, 34, 35},
    {36, 37, 38, 39, 40, 41, 42, 43, 44},
    {45, 46, 47, 48, 49, 50, 51, 52, 53},
    {54, 55, 56, 57, 58, 59, 60, 61, 62},
    {63, 64, 65, 66, 67, 68, 69, 70, 71},
    {72, 73, 74, 75, 76, 77, 78, 79, 80},
    {0, 9, 18, 27, 36, 45, 54, 63, 72},
    {1, 10, 19, 28, 37, 46, 55, 64, 73},
    {2, 11, 20, 29, 38, 47, 56, 65, 74},
    {3, 12, 21, 30, 39, 48, 57, 66, 75},
    {4, 13, 22, 31, 40, 49, 58, 67, 76},
    {5, 14, 23, 32, 41, 50, 59, 68, 77},
    {6, 15, 24, 33, 42, 51, 60, 69, 78},
    {7, 16, 25, 34, 43, 52, 61, 70, 79},
    {8, 17, 26, 35, 44, 53, 62, 71, 80},
    {0, 1, 2, 9, 10, 11, 18, 19, 20},
    {3, 4, 5, 12, 13, 14, 21, 22, 23},
    {6, 7, 8, 15, 16, 17, 24, 25, 26},
    {27, 28, 29, 36, 37, 38, 45, 46, 47},
    {30, 31, 32, 39, 40, 41, 48, 49, 50},
    {33, 34, 35, 42, 43, 44, 51, 52, 53},
    {54, 55, 56, 63, 64, 65, 72, 73, 74},
    {57, 58, 59, 66, 67, 68, 75, 76, 77},
    {60, 61, 62, 69, 70, 71, 78, 79, 80},
};

int unit_has_value(const sudoku_candidates *grid, int unit, int digit)
{
    for (int i = 0; i < 9; i++) {
        if (grid->value[unit_cell(unit, i)] == digit)
            return 1;
    }
    return 0;
}

void step_start(sudoku_step *step, sudoku_technique technique, int difficulty)
{
    memset(step, 0, sizeof *step);
    step->technique = technique;
    step->difficulty = difficulty;
}

void step_add_cell(sudoku_step *step, int cell)
{
    if (step->cell_count < SUDOKU_STEP_CELLS)
        step->cells[step->cell_count++] = (unsigned char)cell;
}

int strike_seen_by_all(const sudoku_candidates *grid, const int *cells, int n,
                       int digit, sudoku_step *step)
{
    const unsigned short bit = (unsigned short)(1u << (digit - 1));
    const int first = cells[0];
    const int units[3] = {row_of(first), column_of(first), box_of(first)};
    uint64_t near[2] = {0, 0}; /* the cells holding digit that see the first */
    int struck = 0;

    for (int u = 0; u < 3; u++) {
        for (unsigned p = grid->places[units[u]][digit - 1]; p; p &= p - 1) {
            const int c = unit_cell(units[u], lowest_bit(p));

            near[c >> 6] |= (uint64_t)1 << (c & 63);
        }
    }
    near[first >> 6] &= ~((uint64_t)1 << (first & 63));
    for (int w = 0; w < 2; w++) {
        for (uint64_t left = near[w]; left; left &= left - 1) {
            const int c = w * 64 + lowest_bit64(left);
            int all = 1;

            for (int i = 1; i < n && all; i++)
                all = sees(c, cells[i]);
            if (all) {
                step->strike[c] |= bit;
                struck++;
            }
        }
    }
    return struck;
}

static sudoku_status fail(sudoku_diagnostic *diag, sudoku_status status,
                          int cell, unsigned char value)
{
    if (diag) {
        diag->status = status;
        diag->cell = cell;
        diag->value = value;
    }
    return status;
}

/*
 * The row, column and box of each cell, and where the cell stands in each
 * (its index among the unit's cells).
 */
static const unsigned char cell_units[SUDOKU_CELLS][3] = {
    {0, 9, 18},
    {0, 10, 18},
    {0, 11, 18},
    {0, 12, 19},
    {0, 13, 19},
    {0, 14, 19},
    {0, 15, 20},
    {0, 16, 20},
    {0, 17, 20},
    {1, 9, 18},
    {1, 10, 18},
    {1, 11, 18},
    {1, 12, 19},
    {1, 13, 19},
    {1, 14, 19},
    {1, 15, 20},
    {1, 16, 20},
    {1, 17, 20},
    {2, 9, 18},
    {2, 10, 18},
    {2, 11, 18},
    {2, 12, 19},
    {2, 13, 19},
    {2, 14, 19},
    {2, 15, 20},
    {2, 16, 20},
    {2, 17, 20},
    {3, 9, 21},
    {3, 10, 21},
    {3, 11, 21},
    {3, 12, 22},
    {3, 13, 22},
    {3, 14, 22},
    {3, 15, 23},
    {3, 16, 23},
    {3, 17, 23},
    {4, 9, 21},
    {4, 10, 21},
    {4, 11, 21},
    {4, 12, 22},
    {4, 13, 22},
    {4, 14, 22},
    {4, 15, 23},
    {4, 16, 23},
    {4, 17, 23},
    {5, 9, 21},
    {5, 10, 21},
    {5, 11, 21},
    {5, 12, 22},
    {5, 13, 22},
    {5, 14, 22},
    {5, 15, 23},
    {5, 16, 23},
    {5, 17, 23},
    {6, 9, 24},
    {6, 10, 24},
    {6, 11, 24},
    {6, 12, 25},
    {6, 13, 25},
    {6, 14, 25},
    {6, 15, 26},
    {6, 16, 26},
    {6, 17, 26},
    {7, 9, 24},
    {7, 10, 24},
    {7, 11, 24},
    {7, 12, 25},
    {7, 13, 25},
    {7, 14, 25},
    {7, 15, 26},
    {7, 16, 26},
    {7, 17, 26},
    {8, 9, 24},
    {8, 10, 24},
    {8, 11, 24},
    {8, 12, 25},
    {8, 13, 25},
    {8, 14, 25},
    {8, 15, 26},
    {8, 16, 26},
    {8, 17, 26}
};
static const unsigned char cell_index[SUDOKU_CELLS][3] = {
    {0, 0, 0},
    {1, 0, 1},
    {2, 0, 2},
    {3, 0, 0},
    {4, 0, 1},
    {5, 0, 2},
    {6, 0, 0},
    {7, 0, 1},
    {8, 0, 2},
    {0, 1, 3},
    {1, 1, 4},
    {2, 1, 5},
    {3, 1, 3},
    {4, 1, 4},
    {5, 1, 5},
    {6, 1, 3},
    {7, 1, 4},
    {8, 1, 5},
    {0, 2, 6},
    {1, 2, 7},
    {2, 2, 8},
    {3, 2, 6},
    {4, 2, 7},
    {5, 2, 8},
    {6, 2, 6},
    {7, 2, 7},
    {8, 2, 8},
    {0, 3, 0},
    {1, 3, 1},
    {2, 3, 2},
    {3, 3, 0},
    {4, 3, 1},
    {5, 3, 2},
    {6, 3, 0},
    {7, 3, 1},
    {8, 3, 2},
    {0, 4, 3},
    {1, 4, 4},
    {2, 4, 5},
    {3, 4, 3},
    {4, 4, 4},
    {5, 4, 5},
    {6, 4, 3},
    {7, 4, 4},
    {8, 4, 5},
    {0, 5, 6},
    {1, 5, 7},
    {2, 5, 8},
    {3, 5, 6},
    {4, 5, 7},
    {5, 5, 8},
    {6, 5, 6},
    {7, 5, 7},
    {8, 5, 8},
    {0, 6, 0},
    {1, 6, 1},
    {2, 6, 2},
    {3, 6, 0},
    {4, 6, 1},
    {5, 6, 2},
    {6, 6, 0},
    {7, 6, 1},
    {8, 6, 2},
    {0, 7, 3},
    {1, 7, 4},
    {2, 7, 5},
    {3, 7, 3},
    {4, 7, 4},
    {5, 7, 5},
    {6, 7, 3},
    {7, 7, 4},
    {8, 7, 5},
    {0, 8, 6},
    {1, 8, 7},
    {2, 8, 8},
    {3, 8, 6},
    {4, 8, 7},
    {5, 8, 8},
    {6, 8, 6},
    {7, 8, 7},
    {8, 8, 8}
};

/* Strikes the candidates `digits` from a cell, in both views. */
static void strike(sudoku_candidates *grid, int cell, unsigned digits)
{
    digits &= grid->mask[cell];
    grid->mask[cell] &= (unsigned short)~digits;
    for (; digits; digits &= digits - 1) {
        const int d = lowest_bit(digits);

        for (int u = 0; u < 3; u++)
            grid->places[cell_units[cell][u]][d] &=
                (unsigned short)~(1u << cell_index[cell][u]);
    }
}

/* Places digit d in a cell and strikes it from the cell's peers. */
static void place(sudoku_candidates *grid, int cell, int digit)
{
    strike(grid, cell, ALL_DIGITS);
    grid->value[cell] = (unsigned char)digit;
    for (int u = 0; u < 3; u++) {
        const int unit = cell_units[cell][u];

        /* only the places the digit still has in the unit */
        for (unsigned left = grid->places[unit][digit - 1]; left; left &= left - 1)
            strike(grid, unit_cell(unit, lowest_bit(left)), 1u << (digit - 1));
    }
}

sudoku_status sudoku_candidates_init(sudoku_candidates *grid,
                                     const sudoku_grid *puzzle,
                                     const unsigned short *marks,
                                     sudoku_diagnostic *diag)
{
    sudoku_status status;

    if (!grid || !puzzle)
        return fail(diag, SUDOKU_E_NULL, 0, 0);
    status = sudoku_check(puzzle, diag);
    if (status != SUDOKU_OK)
        return status;
    memset(grid, 0, sizeof *grid); /* padding too: grids compare by memcmp */
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const int digit = puzzle->cell[c];

        if (marks && digit && !(marks[c] & 1u << (digit - 1)))
            return fail(diag, SUDOKU_E_STRUCK, c, (unsigned char)digit);
        grid->mask[c] = (unsigned short)(marks ? marks[c] & ALL_DIGITS : ALL_DIGITS);
    }
    for (int u = 0; u < UNITS; u++) {
        for (int d = 0; d < 9; d++) {
            for (int i = 0; i < 9; i++) {
                if (grid->mask[unit_cell(u, i)] >> d & 1)
                    grid->places[u][d] |= (unsigned short)(1u << i);
            }
        }
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (puzzle->cell[c])
            place(grid, c, puzzle->cell[c]);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (!grid->value[c] && !grid->mask[c])
            return fail(diag, SUDOKU_E_NO_CANDIDATE, c, 0);
    }
    if (diag)
        diag->status = SUDOKU_OK;
    return SUDOKU_OK;
}

sudoku_status sudoku_parse_marks(sudoku_grid *puzzle, unsigned short *marks,
                                 const char *text, size_t length,
                                 sudoku_diagnostic *diag)
{
    const size_t want = 9 * SUDOKU_CELLS;

    if (!puzzle || !marks || !text)
        return fail(diag, SUDOKU_E_NULL, 0, 0);
    if (length != want) {
        if (diag) {
            diag->cells = length;
            diag->other = (int)want; /* so the message says what was expected */
        }
        return fail(diag, length < want ? SUDOKU_E_TOO_FEW : SUDOKU_E_TOO_MANY,
                    0, 0);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        unsigned mask = 0;

        for (int j = 0; j < 9; j++) {
            const char ch = text[9 * c + j];

            if (ch == '1' + j) {
                mask |= 1u << j;
            } else if (ch >= '1' && ch <= '9') {
                if (diag)
                    diag->other = j; /* where it stands; it belongs at ch */
                return fail(diag, SUDOKU_E_MARK_PLACE, c, (unsigned char)(ch - '0'));
            } else if (ch != '.' && ch != '0') {
                return fail(diag, SUDOKU_E_CHARACTER, c, (unsigned char)ch);
            }
        }
        if (!mask)
            return fail(diag, SUDOKU_E_NO_CANDIDATE, c, 0);
        marks[c] = (unsigned short)mask;
        puzzle->cell[c] =
            (unsigned char)(bit_count9(mask) == 1 ? lowest_bit(mask) + 1 : 0);
    }
    return sudoku_check(puzzle, diag);
}

void sudoku_apply_step(sudoku_candidates *grid, const sudoku_step *step)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (step->strike[c])
            strike(grid, c, step->strike[c]);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (step->place[c])
            place(grid, c, step->place[c]);
    }
}

/*
 * Places every naked single until none is left. Returns 0 when the grid
 * is dead: an open cell without a candidate, or a digit with nowhere to
 * go in some unit.
 */
static int propagate(sudoku_candidates *grid)
{
    int changed = 1;

    while (changed) {
        changed = 0;
        for (int c = 0; c < SUDOKU_CELLS; c++) {
            if (grid->value[c])
                continue;
            if (!grid->mask[c])
                return 0;
            if (bit_count9(grid->mask[c]) == 1) {
                place(grid, c, lowest_bit(grid->mask[c]) + 1);
                changed = 1;
            }
        }
    }
    for (int u = 0; u < UNITS; u++) {
        for (int d = 1; d <= 9; d++) {
            if (!digit_places(grid, u, d) && !unit_has_value(grid, u, d))
                return 0;
        }
    }
    return 1;
}

/*
 * The open cell with the fewest candidates, or -1 when none is open. A
 * placed digit never breaks a rule here: place() strikes it from the
 * peers, so a peer can only take it if it was already their only one,
 * and propagate() then finds a cell with no candidate.
 */
static int fewest_candidates(const sudoku_candidates *grid)
{
    int best = -1, best_count = 10;

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const int n = grid->value[c] ? 10 : bit_count9(grid->mask[c]);

        if (n < best_count) {
            best = c;
            best_count = n;
        }
    }
    return best;
}

sudoku_status sudoku_candidates_count(const sudoku_candidates *grid,
                                      unsigned long limit, unsigned long *count,
                                      sudoku_grid *first)
{
    /* Each saved grid has one more placed cell than the one below it. */
    sudoku_candidates stack[SUDOKU_CELLS + 1];
    int depth = 0;

    if (!grid || !count)
        return SUDOKU_E_NULL;
    *count = 0;
    if (limit == 0)
        return SUDOKU_E_LIMIT;
    stack[0] = *grid;
    while (depth >= 0) {
        sudoku_candidates *top = &stack[depth];
        int cell, digit;

        if (!propagate(top)) {
            depth--;
            continue;
        }
        cell = fewest_candidates(top);
        if (cell < 0) {
            if (++*count == 1 && first)
                memcpy(first->cell, top->value, SUDOKU_CELLS);
            if (*count == limit)
                break;
            depth--;
            continue;
        }
        /* try the lowest digit above; below, the same grid without it */
        digit = lowest_bit(top->mask[cell]) + 1;
        stack[depth + 1] = *top;
        strike(top, cell, 1u << (digit - 1));
        place(&stack[++depth], cell, digit);
    }
    return SUDOKU_OK;
}
