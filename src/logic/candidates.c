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
 * Each cell's row, column and box, and where the cell stands in each (its
 * index among the unit's cells), worked out by the compiler.
 */
static const struct cell_units {
    unsigned char unit[3], index[3];
} cell_units[SUDOKU_CELLS] = {
#define CELL_UNITS(r, c)                                                       \
    {{(r), 9 + (c), 18 + (r) / 3 * 3 + (c) / 3}, {(c), (r), (r) % 3 * 3 + (c) % 3}}
#define ROW_UNITS(r)                                                           \
    CELL_UNITS(r, 0), CELL_UNITS(r, 1), CELL_UNITS(r, 2), CELL_UNITS(r, 3),    \
        CELL_UNITS(r, 4), CELL_UNITS(r, 5), CELL_UNITS(r, 6), CELL_UNITS(r, 7), \
        CELL_UNITS(r, 8)
    ROW_UNITS(0), ROW_UNITS(1), ROW_UNITS(2), ROW_UNITS(3), ROW_UNITS(4),
    ROW_UNITS(5), ROW_UNITS(6), ROW_UNITS(7), ROW_UNITS(8),
#undef ROW_UNITS
#undef CELL_UNITS
};

/* Strikes the candidates `digits` from a cell, in both views. */
static void strike(sudoku_candidates *grid, int cell, unsigned digits)
{
    const struct cell_units *at = &cell_units[cell];

    digits &= grid->mask[cell];
    grid->mask[cell] &= (unsigned short)~digits;
    for (; digits; digits &= digits - 1) {
        const int d = lowest_bit(digits);

        for (int u = 0; u < 3; u++)
            grid->places[at->unit[u]][d] &= (unsigned short)~(1u << at->index[u]);
    }
}

/* Places digit d in a cell and strikes it from the cell's peers. */
static void place(sudoku_candidates *grid, int cell, int digit)
{
    strike(grid, cell, ALL_DIGITS);
    grid->value[cell] = (unsigned char)digit;
    for (int u = 0; u < 3; u++) {
        const int unit = cell_units[cell].unit[u];

        /* only the places the digit still has in the unit */
        for (unsigned left = grid->places[unit][digit - 1]; left; left &= left - 1)
            strike(grid, unit_cell(unit, lowest_bit(left)), 1u << (digit - 1));
    }
}

int fill_singles(sudoku_candidates *grid)
{
    int placed = 0, progress = 1;

    while (progress) {
        progress = 0;
        for (int c = 0; c < SUDOKU_CELLS; c++) {
            if (!grid->value[c] && bit_count9(grid->mask[c]) == 1) {
                place(grid, c, lowest_bit(grid->mask[c]) + 1);
                placed++;
                progress = 1;
            }
        }
        for (int u = 0; u < UNITS; u++) {
            for (int d = 0; d < 9; d++) {
                const unsigned where = grid->places[u][d];

                if (where && !(where & (where - 1))) {
                    place(grid, unit_cell(u, lowest_bit(where)), d + 1);
                    placed++;
                    progress = 1;
                }
            }
        }
    }
    return placed;
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

char *sudoku_format_marks(const sudoku_candidates *grid, char *text)
{
    if (!grid || !text)
        return NULL;
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 1; d <= 9; d++) {
            const int has = grid->value[c] ? grid->value[c] == d
                                           : grid->mask[c] >> (d - 1) & 1;

            text[9 * c + d - 1] = (char)(has ? '0' + d : '.');
        }
    }
    text[SUDOKU_MARKS] = '\0';
    return text;
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
