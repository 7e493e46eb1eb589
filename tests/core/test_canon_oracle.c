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
 * nothing is shared with the library. Each result is compared with the best
 * as it is written out, and left at the first cell that is larger (its
 * pattern first, then its digits), which makes a grid take a fraction of a
 * second instead of a second.
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

/* Where cell i of the result comes from, under a transformation. */
static int source(int transpose, const unsigned char row[9],
                  const unsigned char col[9], int i)
{
    return transpose ? col[i % 9] * 9 + row[i / 9] : row[i / 9] * 9 + col[i % 9];
}

/*
 * Compares what a transformation makes of g with the best so far, and keeps
 * or counts it: the pattern of givens first, then the digits, each renamed
 * as it first appears.
 */
static void consider(best *b, const sudoku_grid *g, int transpose,
                     const unsigned char row[9], const unsigned char col[9])
{
    unsigned char pattern[81], digits[81], label[10] = {0}, next = 1;
    int cmp = b->have ? 0 : -1;

    for (int i = 0; i < 81; i++) {
        pattern[i] = g->cell[source(transpose, row, col, i)] != 0;
        if (cmp == 0 && pattern[i] != b->pattern[i])
            cmp = pattern[i] < b->pattern[i] ? -1 : 1;
        if (cmp > 0)
            return;
    }
    for (int i = 0; i < 81; i++) {
        const unsigned char d = g->cell[source(transpose, row, col, i)];

        if (d && !label[d])
            label[d] = next++;
        digits[i] = label[d];
        if (cmp == 0 && digits[i] != b->digits[i])
            cmp = digits[i] < b->digits[i] ? -1 : 1;
        if (cmp > 0)
            return;
    }
    if (cmp < 0) {
        memcpy(b->pattern, pattern, 81);
        memcpy(b->digits, digits, 81);
        b->count = 0;
        b->have = 1;
    }
    b->count++;
}

/* Whether a transformation leaves every given of g where it is. */
static int fixes_givens(const sudoku_grid *g, int transpose,
                        const unsigned char row[9], const unsigned char col[9])
{
    for (int i = 0; i < 81; i++) {
        if (g->cell[i] && source(transpose, row, col, i) != i)
            return 0;
    }
    return 1;
}

/* Tries every transformation of g. */
static void try_all(const sudoku_grid *g, best *b)
{
    unsigned char row[9], col[9];

    memset(b, 0, sizeof *b);
    for (int t = 0; t < 2; t++) {
        for (int r = 0; r < 1296; r++) {
            lines_of(r, row);
            for (int c = 0; c < 1296; c++) {
                lines_of(c, col);
                consider(b, g, t, row, col);
                b->fixing += fixes_givens(g, t, row, col);
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

/*
 * Full grids, whose pattern leaves every arrangement open: their rows 1
 * start 456789 (then 123, 132 or 231) or 457, and some map onto themselves.
 */
static void test_full_grids(void **state)
{
    (void)state;
    check("953274816127856493468913752681495327735621984249387165394568271876142539512739648");
    /* rows 1 of the form 456789231 and 457189236 */
    check("598612743473895612216734598784529361931468257625173984159247836367981425842356179");
    check("957681243283794651416523987549378126721469835368215479692837514834156792175942368");
    /* 2, 12 and 18 automorphisms, and the most there are, 648 */
    check("816275394935486127742319586623847951458192673197563842371954268584621739269738415");
    check("439782516678154329512936748195673482724598163863241975381465297257819634946327851");
    check("417239568865471932239856174526187493781943256943625817398564721654712389172398645");
    check("123456789456789123789123456231564897564897231897231564312645978645978312978312645");
}

/* Puzzles with a few blanks, or full rows after blank ones. */
static void test_nearly_full(void **state)
{
    (void)state;
    check("97562341862.815793831497256543978621287164539169532874496751382712386945358249167");
    check("5.42138678327461951765983427416392589538.4671628157934269471583485362719317985426");
    /* 3, 6 and 2 automorphisms */
    check("296358174183476925745219683627895341819634752534721896471962538.6854.21.352187469");
    check("6284..5737942358611357684922531..6879768231458415763293196827544823579165679..238");
    check(".23456789456789123789123456231564897564897231897231564312645978645978312978312.45");
    /* four full rows */
    check("..89...31.....1.5.173524689497213568512678394...4.92..385792146.61...9...2..368..");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_few_givens),
        cmocka_unit_test(test_puzzles),
        cmocka_unit_test(test_full_grids),
        cmocka_unit_test(test_nearly_full),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
