/*
 * fuzz_canon.c - any grid into sudoku_canon() and sudoku_transform_apply().
 *
 * The input is read as by fuzz_solve.c: byte i (0-80) is cell i, a digit
 * '1'-'9' for a given, a byte of 0xF0 or more for that value itself
 * (outside 0-9, which the library must refuse), anything else for a blank.
 * The bytes after the 81st, if any, choose an equivalent of the puzzle.
 *
 * An invalid grid must be refused with sudoku_check()'s status. Then each
 * offending cell is blanked, and for the valid grid that is left:
 *   - the transform returned turns the puzzle into its form;
 *   - the form is its own form, with the same automorphisms;
 *   - an equivalent of the puzzle has the same form and automorphisms;
 *   - the form is no larger than the puzzle itself, its digits renamed in
 *     order of first appearance (pattern of givens first, then digits);
 *   - the puzzle is not modified.
 */
#include "oracle.h"

#include <string.h>

/* Takes the next byte of the input, or 0 when there is none left. */
static unsigned take(const uint8_t **data, size_t *size)
{
    if (*size == 0)
        return 0;
    --*size;
    return *(*data)++;
}

/* Swaps item[i] with a later one (or itself), as the input says. */
static void pick(unsigned char *item, int i, int n, const uint8_t **data,
                 size_t *size)
{
    const int j = i + (int)(take(data, size) % (unsigned)(n - i));
    const unsigned char t = item[i];

    item[i] = item[j];
    item[j] = t;
}

static void lines_of(unsigned char line[9], const uint8_t **data, size_t *size)
{
    unsigned char band[3] = {0, 1, 2};

    for (int b = 0; b < 2; b++)
        pick(band, b, 3, data, size);
    for (int b = 0; b < 3; b++) {
        unsigned char within[3] = {0, 1, 2};

        for (int i = 0; i < 2; i++)
            pick(within, i, 3, data, size);
        for (int i = 0; i < 3; i++)
            line[3 * b + i] = (unsigned char)(3 * band[b] + within[i]);
    }
}

/* A transform chosen by the bytes of the input after the grid. */
static sudoku_transform transform_of(const uint8_t *data, size_t size)
{
    sudoku_transform t;

    for (int d = 0; d <= 9; d++)
        t.digit[d] = (unsigned char)d;
    for (int d = 1; d < 9; d++)
        pick(t.digit, d, 10, &data, &size);
    lines_of(t.row, &data, &size);
    lines_of(t.col, &data, &size);
    t.transpose = (unsigned char)(take(&data, &size) & 1);
    return t;
}

/* The grid with its digits renamed in order of first appearance. */
static sudoku_grid renamed(const sudoku_grid *g)
{
    unsigned char label[10] = {0}, next = 1;
    sudoku_grid r;

    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const unsigned char d = g->cell[i];

        if (d && !label[d])
            label[d] = next++;
        r.cell[i] = label[d];
    }
    return r;
}

/* Compares two grids by their patterns of givens, then by their cells. */
static int compare(const sudoku_grid *a, const sudoku_grid *b)
{
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        if ((a->cell[i] != 0) != (b->cell[i] != 0))
            return a->cell[i] != 0 ? 1 : -1;
    }
    return memcmp(a->cell, b->cell, SUDOKU_CELLS);
}

static void check_valid(const sudoku_grid *g, const sudoku_transform *t)
{
    const sudoku_grid copy = *g;
    sudoku_grid form, mapped, again, other, other_form;
    sudoku_transform to_form;
    unsigned long count = 0, count_again = 0, other_count = 0;

    REQUIRE(sudoku_canon(g, &form, &count, &to_form) == SUDOKU_OK);
    REQUIRE(memcmp(g, &copy, sizeof copy) == 0);
    REQUIRE(count >= 1);
    REQUIRE(sudoku_transform_apply(&to_form, g, &mapped) == SUDOKU_OK);
    REQUIRE(memcmp(&mapped, &form, sizeof form) == 0);
    REQUIRE(sudoku_canon(&form, &again, &count_again, NULL) == SUDOKU_OK);
    REQUIRE(memcmp(&again, &form, sizeof form) == 0);
    REQUIRE(count_again == count);
    mapped = renamed(g);
    REQUIRE(compare(&form, &mapped) <= 0);
    REQUIRE(sudoku_transform_apply(t, g, &other) == SUDOKU_OK);
    REQUIRE(sudoku_canon(&other, &other_form, &other_count, NULL) == SUDOKU_OK);
    REQUIRE(memcmp(&other_form, &form, sizeof form) == 0);
    REQUIRE(other_count == count);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid g = oracle_grid_of(data, size);
    const sudoku_transform t =
        size > SUDOKU_CELLS ? transform_of(data + SUDOKU_CELLS, size - SUDOKU_CELLS)
                            : transform_of(data, 0);
    int problem = oracle_first_problem(&g);

    if (problem >= 0) {
        sudoku_grid form;
        unsigned long count;

        REQUIRE(sudoku_canon(&g, &form, &count, NULL) == sudoku_check(&g, NULL));
        while ((problem = oracle_first_problem(&g)) >= 0)
            g.cell[problem] = 0;
    }
    check_valid(&g, &t);
    return 0;
}
