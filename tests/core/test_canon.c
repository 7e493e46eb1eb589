/*
 * test_canon.c - sudoku_canon() and sudoku_transform_apply().
 *
 * The forms are checked against puzzles/canon/minlex-320.txt, computed by
 * an independent program (dobrichev's patminlex), and against what must hold whatever the method: equivalent puzzles share
 * one form, the form is its own form, and the transform returned turns the
 * puzzle into it. test_canon_oracle.c tries every transformation instead.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

#ifndef SUDOKU_SOURCE_DIR
#error "SUDOKU_SOURCE_DIR must name the source tree, as a string"
#endif

#define REFERENCE_PATH SUDOKU_SOURCE_DIR "/puzzles/canon/minlex-320.txt"
#define EXAMPLES_PATH SUDOKU_SOURCE_DIR "/puzzles/examples.txt"

/* qqwing-10k.txt line 1, and its solution. */
static const char qqwing_1[] =
    "...2..8....7.5.49..6.9..7......95...7.5......2......6.39....2..876..25....2....4.";
static const char solved_grid[] =
    "953274816127856493468913752681495327735621984249387165394568271876142539512739648";
/* minlex-320.txt: a puzzle that a stack rotation maps onto itself (6 ways). */
static const char automorphic[] =
    ".76............9.19.25..46..64......1.98..74.......1.22.13..67.......2.9.47......";

static void grid_from_text(sudoku_grid *grid, const char *text)
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        grid->cell[i] = (unsigned char)(text[i] >= '1' && text[i] <= '9' ? text[i] - '0' : 0);
}

/* SplitMix64, as the benchmark uses. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void shuffle(unsigned char *item, int n, uint64_t *state)
{
    for (int i = n - 1; i > 0; i--) {
        const int j = (int)(next_random(state) % (uint64_t)(i + 1));
        const unsigned char t = item[i];

        item[i] = item[j];
        item[j] = t;
    }
}

/* Bands in a random order, and the rows of each likewise. */
static void random_lines(unsigned char line[9], uint64_t *state)
{
    unsigned char band[3] = {0, 1, 2};

    shuffle(band, 3, state);
    for (int b = 0; b < 3; b++) {
        unsigned char within[3] = {0, 1, 2};

        shuffle(within, 3, state);
        for (int i = 0; i < 3; i++)
            line[3 * b + i] = (unsigned char)(3 * band[b] + within[i]);
    }
}

static void random_transform(sudoku_transform *t, uint64_t *state)
{
    for (int d = 0; d <= 9; d++)
        t->digit[d] = (unsigned char)d;
    shuffle(t->digit + 1, 9, state);
    random_lines(t->row, state);
    random_lines(t->col, state);
    t->transpose = (unsigned char)(next_random(state) >> 63);
}

static void canon_of(const sudoku_grid *g, sudoku_grid *form, unsigned long *count)
{
    sudoku_transform t;
    sudoku_grid mapped;

    assert_int_equal(sudoku_canon(g, form, count, &t), SUDOKU_OK);
    assert_int_equal(sudoku_transform_apply(&t, g, &mapped), SUDOKU_OK);
    assert_memory_equal(&mapped, form, sizeof mapped);
    assert_true(*count >= 1);
}

/*
 * The properties of one puzzle: its form is its own, and `rounds` random
 * equivalents of it have the same form and count.
 */
static void check_invariance(const sudoku_grid *g, int rounds, uint64_t *state)
{
    sudoku_grid form, again, other, other_form;
    unsigned long count, count_again, other_count;

    canon_of(g, &form, &count);
    canon_of(&form, &again, &count_again);
    assert_memory_equal(&form, &again, sizeof form);
    assert_int_equal(count, count_again);
    for (int k = 0; k < rounds; k++) {
        sudoku_transform t;

        random_transform(&t, state);
        assert_int_equal(sudoku_transform_apply(&t, g, &other), SUDOKU_OK);
        canon_of(&other, &other_form, &other_count);
        assert_memory_equal(&form, &other_form, sizeof form);
        assert_int_equal(count, other_count);
    }
}

/* Every line of the reference: form, automorphisms and the transform. */
static void test_reference(void **state)
{
    FILE *f = fopen(REFERENCE_PATH, "r");
    char line[512];
    int lines = 0;

    (void)state;
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        char puzzle[100], want[100], got[SUDOKU_CELLS + 1];
        unsigned long want_count, count;
        sudoku_grid g, form;

        if (line[0] == '#' || line[0] == '\n')
            continue;
        assert_int_equal(sscanf(line, "%99s %99s %lu", puzzle, want, &want_count), 3);
        assert_int_equal(sudoku_parse(&g, puzzle, strlen(puzzle), NULL), SUDOKU_OK);
        canon_of(&g, &form, &count);
        sudoku_format(&form, got);
        if (strcmp(got, want) != 0 || count != want_count)
            fail_msg("%s\n got  %s %lu\n want %s %lu", puzzle, got, count,
                     want, want_count);
        lines++;
    }
    fclose(f);
    assert_int_equal(lines, 320);
}

/* The example puzzles, moved about at random. */
static void test_examples_invariant(void **state)
{
    FILE *f = fopen(EXAMPLES_PATH, "r");
    char line[512];
    uint64_t seed = 11;
    int puzzles = 0;

    (void)state;
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        sudoku_grid g;

        if (line[0] == '#' || strlen(line) < SUDOKU_CELLS)
            continue;
        assert_int_equal(sudoku_parse(&g, line, SUDOKU_CELLS, NULL), SUDOKU_OK);
        check_invariance(&g, 40, &seed);
        puzzles++;
    }
    fclose(f);
    assert_true(puzzles >= 10);
}

static void test_automorphic(void **state)
{
    sudoku_grid g, form;
    unsigned long count;
    uint64_t seed = 5;

    (void)state;
    grid_from_text(&g, automorphic);
    canon_of(&g, &form, &count);
    assert_int_equal(count, 6);
    check_invariance(&g, 40, &seed);
}

/* No givens: every arrangement gives the same, so one automorphism. */
static void test_empty_grid(void **state)
{
    sudoku_grid g, form;
    unsigned long count;
    uint64_t seed = 3;

    (void)state;
    memset(&g, 0, sizeof g);
    canon_of(&g, &form, &count);
    assert_memory_equal(&form, &g, sizeof g);
    assert_int_equal(count, 1);
    check_invariance(&g, 3, &seed);
}

/* A few givens; test_canon_oracle.c checks the same grids by brute force. */
static void test_few_givens(void **state)
{
    static const struct {
        const char *puzzle, *form;
        unsigned long count;
    } cases[] = {
        {"....5............................................................................",
         "................................................................................1", 1},
        /* 1 and 2 can swap places, with their names */
        {"1...........................................2....................................",
         ".....................................................1.......................2...", 2},
        {"1.......................................................................2.......3",
         ".....................................................1.......................2..3", 2},
        {"12.......3........................................................................",
         ".......................................................................1.......23", 2},
    };
    uint64_t seed = 7;

    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sudoku_grid g, form, want;
        unsigned long count;

        grid_from_text(&g, cases[k].puzzle);
        grid_from_text(&want, cases[k].form);
        canon_of(&g, &form, &count);
        assert_memory_equal(&form, &want, sizeof want);
        assert_int_equal(count, cases[k].count);
        check_invariance(&g, 10, &seed);
    }
}

/* A full grid: its first rows read 1-9 and then 4-9, 1-3. */
static void test_full_grid(void **state)
{
    sudoku_grid g, form;
    unsigned long count;
    char text[SUDOKU_CELLS + 1];
    uint64_t seed = 9;

    (void)state;
    grid_from_text(&g, solved_grid);
    canon_of(&g, &form, &count);
    sudoku_format(&form, text);
    assert_memory_equal(text, "123456789456789", 15);
    check_invariance(&g, 2, &seed);
}

static void test_invalid_grids(void **state)
{
    sudoku_grid g, form;
    sudoku_transform t;
    unsigned long count;

    (void)state;
    grid_from_text(&g, qqwing_1);
    assert_int_equal(sudoku_canon(NULL, &form, &count, &t), SUDOKU_E_NULL);
    assert_int_equal(sudoku_canon(&g, NULL, &count, &t), SUDOKU_E_NULL);
    assert_int_equal(sudoku_canon(&g, &form, NULL, NULL), SUDOKU_OK);
    g.cell[0] = 10;
    assert_int_equal(sudoku_canon(&g, &form, &count, &t), SUDOKU_E_VALUE);
    g.cell[0] = 2; /* r1c4 holds 2 too */
    assert_int_equal(sudoku_canon(&g, &form, &count, &t), SUDOKU_E_CONFLICT);
}

/* The form may be written over the puzzle. */
static void test_in_place(void **state)
{
    sudoku_grid g, form;
    unsigned long count;

    (void)state;
    grid_from_text(&g, qqwing_1);
    assert_int_equal(sudoku_canon(&g, &form, &count, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_canon(&g, &g, &count, NULL), SUDOKU_OK);
    assert_memory_equal(&g, &form, sizeof g);
}

static void identity(sudoku_transform *t)
{
    for (int i = 0; i < 9; i++)
        t->row[i] = t->col[i] = (unsigned char)i;
    for (int d = 0; d <= 9; d++)
        t->digit[d] = (unsigned char)d;
    t->transpose = 0;
}

static void test_transform_apply(void **state)
{
    sudoku_grid g, out;
    sudoku_transform t;

    (void)state;
    grid_from_text(&g, qqwing_1);
    identity(&t);
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_OK);
    assert_memory_equal(&g, &out, sizeof g);
    t.transpose = 1;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_OK);
    assert_int_equal(out.cell[1 * 9 + 0], g.cell[0 * 9 + 1]);
    assert_int_equal(out.cell[3 * 9 + 0], 2); /* r1c4 */
    assert_int_equal(sudoku_transform_apply(&t, &out, &out), SUDOKU_OK);
    assert_memory_equal(&g, &out, sizeof g); /* in place, and back */

    identity(&t);
    t.row[0] = 1, t.row[1] = 0; /* rows of a band may swap */
    t.digit[1] = 2, t.digit[2] = 1;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_OK);
    assert_int_equal(out.cell[3], g.cell[9 + 3]);
    assert_int_equal(out.cell[9 + 3], 1); /* r1c4 held 2 */
}

static void test_transform_refused(void **state)
{
    sudoku_grid g, out;
    sudoku_transform t;

    (void)state;
    grid_from_text(&g, qqwing_1);
    identity(&t);
    assert_int_equal(sudoku_transform_apply(NULL, &g, &out), SUDOKU_E_NULL);
    assert_int_equal(sudoku_transform_apply(&t, NULL, &out), SUDOKU_E_NULL);
    assert_int_equal(sudoku_transform_apply(&t, &g, NULL), SUDOKU_E_NULL);
    t.row[2] = 3, t.row[3] = 2; /* a row leaves its band */
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.col[8] = 7; /* a column twice */
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.col[0] = 9;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.transpose = 2;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.digit[0] = 1, t.digit[1] = 0; /* a blank would become a digit */
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.digit[9] = 1; /* 1 twice */
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    g.cell[80] = 10;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_VALUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference),
        cmocka_unit_test(test_examples_invariant),
        cmocka_unit_test(test_automorphic),
        cmocka_unit_test(test_empty_grid),
        cmocka_unit_test(test_few_givens),
        cmocka_unit_test(test_full_grid),
        cmocka_unit_test(test_invalid_grids),
        cmocka_unit_test(test_in_place),
        cmocka_unit_test(test_transform_apply),
        cmocka_unit_test(test_transform_refused),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
