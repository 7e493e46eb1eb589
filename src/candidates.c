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

unsigned digit_places(const sudoku_candidates *grid, int unit, int digit)
{
    const unsigned bit = 1u << (digit - 1);
    unsigned places = 0;

    for (int i = 0; i < 9; i++) {
        if (grid->mask[unit_cell(unit, i)] & bit)
            places |= 1u << i;
    }
    return places;
}

int open_cells(const sudoku_candidates *grid, int unit)
{
    int n = 0;

    for (int i = 0; i < 9; i++)
        n += grid->value[unit_cell(unit, i)] == 0;
    return n;
}

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
    int struck = 0;

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        int all = (grid->mask[c] & bit) != 0;

        for (int i = 0; i < n && all; i++)
            all = sees(c, cells[i]);
        if (all) {
            step->strike[c] |= bit;
            struck++;
        }
    }
    return struck;
}

int step_changes(const sudoku_step *step)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (step->place[c] || step->strike[c])
            return 1;
    }
    return 0;
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

/* Places digit d in a cell and strikes it from the cell's peers. */
static void place(sudoku_candidates *grid, int cell, int digit)
{
    const int units[3] = {row_of(cell), column_of(cell), box_of(cell)};
    const unsigned short keep = (unsigned short)~(1u << (digit - 1));

    grid->value[cell] = (unsigned char)digit;
    grid->mask[cell] = 0;
    for (int u = 0; u < 3; u++) {
        for (int i = 0; i < 9; i++)
            grid->mask[unit_cell(units[u], i)] &= keep;
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
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const int digit = puzzle->cell[c];

        if (marks && digit && !(marks[c] & 1u << (digit - 1)))
            return fail(diag, SUDOKU_E_STRUCK, c, (unsigned char)digit);
        grid->value[c] = 0;
        grid->mask[c] = (unsigned short)(marks ? marks[c] & ALL_DIGITS : ALL_DIGITS);
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

            if (ch == '1' + j)
                mask |= 1u << j;
            else if (ch != '.' && ch != '0')
                return fail(diag, SUDOKU_E_CHARACTER, c, (unsigned char)ch);
        }
        if (!mask)
            return fail(diag, SUDOKU_E_NO_CANDIDATE, c, 0);
        marks[c] = (unsigned short)mask;
        puzzle->cell[c] =
            (unsigned char)(bit_count(mask) == 1 ? lowest_bit(mask) + 1 : 0);
    }
    return sudoku_check(puzzle, diag);
}

void sudoku_apply_step(sudoku_candidates *grid, const sudoku_step *step)
{
    for (int c = 0; c < SUDOKU_CELLS; c++)
        grid->mask[c] &= (unsigned short)~step->strike[c];
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
            if (bit_count(grid->mask[c]) == 1) {
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
        const int n = grid->value[c] ? 10 : bit_count(grid->mask[c]);

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
        top->mask[cell] &= (unsigned short)~(1u << (digit - 1));
        place(&stack[++depth], cell, digit);
    }
    return SUDOKU_OK;
}
