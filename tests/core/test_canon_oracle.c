/*
 * test_canon_oracle.c - sudoku_canon() against the definition itself.
 *
 * For a handful of grids, every one of the 3,359,232 position
 * transformations is tried, each with the digits renamed in order of first
 * appearance, and the smallest result kept: the pattern of givens compared
 * first, then the digits. The automorphisms are counted from the definition
 * too: the transformations that give the form, divided by those that leave
 * every given where it is (two transformations move the givens alike
 * exactly when they differ by one of those). Nothing here is clever, and
 * nothing is shared with the library; a grid takes about a second.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sudoku.h"

static const unsigned char orders[6][3] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0},
};

/* The k-th (0-1295) way to order nine lines in bands of three. */
static void lines_of(int k, unsigned char line[9])
{
    const unsigned char *band = orders[k % 6];

    k /= 6;
    for (int b = 0; b < 3; b++, k /= 6) {
        for (int i = 0; i < 3; i++)
            line[3 * b + i] = (unsigned char)(3 * band[b] + orders[k % 6][i]);
    }
}

typedef struct best {
    unsigned char pattern[81], digits[81];
    unsigned long count, fixing;
    int have;
} best;

/* Compares a result with the best so far, and keeps or counts it. */
static void consider(best *b, const unsigned char cell[81])
{
    unsigned char pattern[81], digits[81], label[10] = {0}, next = 1;
    int cmp;

    for (int i = 0; i < 81; i++) {
        pattern[i] = cell[i] != 0;
        if (cell[i] && !label[cell[i]])
            label[cell[i]] = next++;
        digits[i] = label[cell[i]];
    }
    cmp = !b->have ? -1 : memcmp(pattern, b->pattern, 81);
    if (cmp == 0)
        cmp = memcmp(digits, b->digits, 81);
    if (cmp < 0) {
        memcpy(b->pattern, pattern, 81);
        memcpy(b->digits, digits, 81);
        b->count = 0;
        b->have = 1;
    }
    b->count += cmp <= 0;
}

/* Tries every transformation of g. */
static void try_all(const sudoku_grid *g, best *b)
{
    unsigned char row[9], col[9], cell[81];

    memset(b, 0, sizeof *b);
    for (int t = 0; t < 2; t++) {
        for (int r = 0; r < 1296; r++) {
            lines_of(r, row);
            for (int c = 0; c < 1296; c++) {
                int fixes = 1;

                lines_of(c, col);
                for (int i = 0; i < 9; i++) {
                    for (int j = 0; j < 9; j++) {
                        const int from = t ? col[j] * 9 + row[i] : row[i] * 9 + col[j];

                        cell[i * 9 + j] = g->cell[from];
                        if (g->cell[from] && from != i * 9 + j)
                            fixes = 0;
                    }
                }
                consider(b, cell);
                b->fixing += fixes;
            }
        }
    }
}

static void check(const char *text)
{
    sudoku_grid g, form;
    unsigned long count;
    best b;

    for (int i = 0; i < SUDOKU_CELLS; i++)
        g.cell[i] = (unsigned char)(text[i] >= '1' && text[i] <= '9' ? text[i] - '0' : 0);
    try_all(&g, &b);
    assert_int_equal(sudoku_canon(&g, &form, &count, NULL), SUDOKU_OK);
    assert_memory_equal(form.cell, b.digits, 81);
    assert_true(b.fixing >= 1 && b.count % b.fixing == 0);
    assert_int_equal(count, b.count / b.fixing);
}

static void test_few_givens(void **state)
{
    (void)state;
    check("....5............................................................................");
    check("1...........................................2....................................");
    check("1.......................................................................2.......3");
    check("12.......3........................................................................");
}

static void test_puzzles(void **state)
{
    (void)state;
    /* 17-clue.txt line 5 */
    check(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...");
    /* minlex-320.txt: maps onto itself in 6 ways */
    check(".76............9.19.25..46..64......1.98..74.......1.22.13..67.......2.9.47......");
}

static void test_full_grid(void **state)
{
    (void)state;
    check("953274816127856493468913752681495327735621984249387165394568271876142539512739648");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_few_givens),
        cmocka_unit_test(test_puzzles),
        cmocka_unit_test(test_full_grid),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
