/*
 * oracle.c - the rules of Sudoku, written plainly for the fuzz harnesses.
 */
#include "oracle.h"

#include <stdio.h>
#include <string.h>

void oracle_report(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: property failed: %s\n", file, line, what);
}

int oracle_same_unit(int a, int b)
{
    return a / 9 == b / 9 || a % 9 == b % 9 ||
           (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

int oracle_first_problem(const sudoku_grid *grid)
{
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const unsigned v = grid->cell[i];

        if (v > 9)
            return i;
        for (int j = 0; v != 0 && j < i; j++) {
            if (grid->cell[j] == v && oracle_same_unit(i, j))
                return i;
        }
    }
    return -1;
}

int oracle_solves(const sudoku_grid *puzzle, const sudoku_grid *solution)
{
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const unsigned v = solution->cell[i];

        if (v < 1 || v > 9)
            return 0;
        if (puzzle->cell[i] != 0 && puzzle->cell[i] != v)
            return 0;
    }
    /* 81 digits 1-9 with no repeat in any unit fill every unit exactly. */
    return oracle_first_problem(solution) < 0;
}

int oracle_blanks(const sudoku_grid *grid)
{
    int n = 0;

    for (int i = 0; i < SUDOKU_CELLS; i++)
        n += grid->cell[i] == 0;
    return n;
}

/* Whether digit v may go in cell i of g, judged by every other cell. */
static int fits(const sudoku_grid *g, int i, unsigned v)
{
    for (int j = 0; j < SUDOKU_CELLS; j++) {
        if (j != i && g->cell[j] == v && oracle_same_unit(i, j))
            return 0;
    }
    return 1;
}

static unsigned long count_from(sudoku_grid *g, int i, unsigned long limit)
{
    unsigned long found = 0;

    while (i < SUDOKU_CELLS && g->cell[i] != 0)
        i++;
    if (i == SUDOKU_CELLS)
        return 1;
    for (unsigned v = 1; v <= 9 && found < limit; v++) {
        if (fits(g, i, v)) {
            g->cell[i] = (unsigned char)v;
            found += count_from(g, i + 1, limit - found);
        }
    }
    g->cell[i] = 0;
    return found;
}

unsigned long oracle_count(const sudoku_grid *grid, unsigned long limit)
{
    sudoku_grid g = *grid;

    return count_from(&g, 0, limit);
}

sudoku_grid oracle_grid_of(const uint8_t *data, size_t size)
{
    sudoku_grid g;

    memset(&g, 0, sizeof g);
    for (size_t i = 0; i < size && i < SUDOKU_CELLS; i++) {
        const uint8_t b = data[i];

        if (b >= '1' && b <= '9')
            g.cell[i] = (unsigned char)(b - '0');
        else if (b >= 0xF0)
            g.cell[i] = b;
    }
    return g;
}

size_t oracle_utf8_length(const unsigned char *s, size_t left)
{
    static const struct {
        unsigned char lead_low, lead_high, next_low, next_high;
        size_t length;
    } forms[] = {
        {0x00, 0x7F, 0, 0, 1},       {0xC2, 0xDF, 0x80, 0xBF, 2},
        {0xE0, 0xE0, 0xA0, 0xBF, 3}, {0xE1, 0xEC, 0x80, 0xBF, 3},
        {0xED, 0xED, 0x80, 0x9F, 3}, {0xEE, 0xEF, 0x80, 0xBF, 3},
        {0xF0, 0xF0, 0x90, 0xBF, 4}, {0xF1, 0xF3, 0x80, 0xBF, 4},
        {0xF4, 0xF4, 0x80, 0x8F, 4},
    };

    for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
        const size_t n = forms[f].length;

        if (s[0] < forms[f].lead_low || s[0] > forms[f].lead_high)
            continue;
        if (n > left)
            return 0;
        if (n > 1 && (s[1] < forms[f].next_low || s[1] > forms[f].next_high))
            return 0;
        for (size_t i = 2; i < n; i++) {
            if (s[i] < 0x80 || s[i] > 0xBF)
                return 0;
        }
        return n;
    }
    return 0;
}
