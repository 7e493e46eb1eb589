/*
 * test_step_json.c - a step as JSON, through the public API, on steps made
 * by hand: the moves and words of a single, the units, cells and pattern
 * of a fish, a forcing chain with a chain nested in it, a node cut and its
 * line breaks escaped, the candidates, and the snprintf contract: a
 * buffer too small for the object gets a terminated prefix of it, and the
 * length of the whole.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "sudoku.h"

static char json[8192];

/* The step's object, after checking that its length is the one returned. */
static const char *object(const sudoku_step *step, const sudoku_candidates *marks)
{
    const size_t length = sudoku_step_json(step, marks, json, sizeof json);

    assert_true(length < sizeof json);
    assert_int_equal(strlen(json), length);
    assert_int_equal(sudoku_step_json(step, marks, NULL, 0), length);
    return json;
}

/* A full house: 5 in r1c2, the last cell of row 1. */
static void full_house(sudoku_step *step)
{
    memset(step, 0, sizeof *step);
    step->technique = SUDOKU_FULL_HOUSE;
    step->difficulty = 10;
    step->place[1] = 5;
    step->units = 1ul; /* r1 */
}

static const char full_house_json[] =
    "{\"technique\":\"Full House\",\"rating\":1.0,\"placements\":[\"r1c2=5\"],"
    "\"eliminations\":[],\"units\":[\"r1\"],\"text\":\"Full House: r1c2=5 in r1\"}";

static void test_single(void **state)
{
    static sudoku_step step;

    (void)state;
    full_house(&step);
    assert_string_equal(object(&step, NULL), full_house_json);
    assert_int_equal(sudoku_step_json(NULL, NULL, json, sizeof json), 0);
    assert_string_equal(json, "");
}

/*
 * An X-Wing on 5 in rows 1 and 9, columns 1 and 9, with a cell of two
 * digits: the units by name, in order, the cover units, the cells as the
 * step lists them, and the pattern's digits by cell, in the order of the
 * cells on the grid.
 */
static void test_pattern(void **state)
{
    static sudoku_step step;

    (void)state;
    memset(&step, 0, sizeof step);
    step.technique = SUDOKU_X_WING;
    step.difficulty = 32;
    step.strike[40] = 1u << 4;                 /* r5c5<>5 */
    step.units = 1ul << 8 | 1ul;               /* r9, r1 */
    step.cover_units = 1ul << 17 | 1ul << 9;   /* c9, c1 */
    step.digits = 1u << 4;
    step.cell_count = 3;
    step.cells[0] = 80; /* r9c9 */
    step.cells[1] = 0;  /* r1c1 */
    step.cells[2] = 72; /* r9c1 */
    step.pattern[0] = 1u << 4;
    step.pattern[72] = 1u << 4 | 1u << 6 | 1u;
    step.pattern[80] = 1u << 4;
    assert_non_null(strstr(
        object(&step, NULL),
        "\"eliminations\":[\"r5c5<>5\"],\"units\":[\"r1\",\"r9\"],"
        "\"cover_units\":[\"c1\",\"c9\"],\"cells\":[\"r9c9\",\"r1c1\",\"r9c1\"],"
        "\"pattern\":{\"r1c1\":[5],\"r9c1\":[1,5,7],\"r9c9\":[5]},\"text\":\""));
}

/* The candidates of a grid, after the moves, as sudoku_format_marks() has them. */
static void test_candidates(void **state)
{
    static sudoku_step step;
    static sudoku_candidates grid;
    sudoku_grid empty = {{0}};
    char marks[SUDOKU_MARKS + 1];
    char want[sizeof json];

    (void)state;
    full_house(&step);
    assert_int_equal(sudoku_candidates_init(&grid, &empty, NULL, NULL), SUDOKU_OK);
    assert_ptr_equal(sudoku_format_marks(&grid, marks), marks);
    assert_int_equal(strlen(marks), SUDOKU_MARKS);
    assert_memory_equal(marks, "123456789123456789", 18);
    assert_null(sudoku_format_marks(NULL, marks));
    assert_null(sudoku_format_marks(&grid, NULL));
    strcpy(want, full_house_json);
    strcpy(strstr(want, ",\"text\""), ",\"candidates\":\"");
    strcat(want, marks);
    strcat(want, "\",\"text\":\"Full House: r1c2=5 in r1\"}");
    assert_string_equal(object(&step, &grid), want);
}

/* Sets node i of a chain made by hand, on digit 5. */
static void node(sudoku_step *step, int i, int row, int col, int flags, int depth)
{
    step->chain[i].cell = (unsigned char)((row - 1) * 9 + col - 1);
    step->chain[i].digit = 5;
    step->chain[i].flags = (unsigned char)flags;
    step->chain[i].depth = (unsigned char)depth;
    step->chain[i].technique = SUDOKU_FORCING_X_CHAIN;
    if (step->chain_count <= i)
        step->chain_count = i + 1;
}

/*
 * Two branches, the first with a chain of one branch nested in its second
 * node, the second cut short: the nested chain sits in its node's object,
 * the node after the cut is an object that says so, each chain says where
 * its branches start when it has several, and the words' line breaks are
 * JSON's.
 */
static void test_nested_chain(void **state)
{
    static sudoku_step step;
    const char *text;

    (void)state;
    memset(&step, 0, sizeof step);
    step.technique = SUDOKU_NESTED_FC;
    step.difficulty = 96;
    step.strike[20] = 1u << 4; /* r3c3<>5 */
    node(&step, 0, 1, 1, SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_ON, 0);
    node(&step, 1, 1, 2, SUDOKU_CHAIN_RULE, 0);
    node(&step, 2, 3, 3, SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_ON, 1);
    node(&step, 3, 3, 4, 0, 1);
    node(&step, 4, 2, 2, SUDOKU_CHAIN_ON, 0);
    node(&step, 5, 9, 1, SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_ON, 0);
    node(&step, 6, 9, 9, SUDOKU_CHAIN_CUT, 0);
    step.chain_cut = 1;
    text = object(&step, NULL);
    assert_non_null(strstr(
        text,
        "{\"technique\":\"Dynamic Forcing Chains (+ Forcing Chains)\",\"rating\":9.6,"
        "\"placements\":[],\"eliminations\":[\"r3c3<>5\"],"
        "\"chain\":[\"r1c1=5\",{\"node\":\"r1c2<>5\",\"rule\":\"Forcing X-Chain\","
        "\"chain\":[\"r3c3=5\",\"r3c4<>5\"]},\"r2c2=5\",\"r9c1=5\","
        "{\"node\":\"r9c9<>5\",\"cut\":true}],"
        "\"branches\":[0,3],\"chain_cut\":true,\"text\":\""));
    assert_null(strchr(text, '\n'));
    assert_non_null(strstr(text, "\\n  (5)r1c1"));
    assert_int_equal(text[strlen(text) - 1], '}');
}

/*
 * Too little room: the prefix that fits, terminated, and the length of the
 * whole; none at all leaves the buffer alone.
 */
static void test_truncation(void **state)
{
    static sudoku_step step;
    const size_t whole = sizeof full_house_json - 1;
    char small[12];

    (void)state;
    full_house(&step);
    memset(small, 'x', sizeof small);
    assert_int_equal(sudoku_step_json(&step, NULL, small, sizeof small), whole);
    assert_string_equal(small, "{\"technique");
    memset(small, 'x', sizeof small);
    assert_int_equal(sudoku_step_json(&step, NULL, small, 1), whole);
    assert_int_equal(small[0], '\0');
    assert_int_equal(small[1], 'x');
    memset(small, 'x', sizeof small);
    assert_int_equal(sudoku_step_json(&step, NULL, small, 0), whole);
    assert_int_equal(small[0], 'x');
    /* room for all but the NUL */
    assert_int_equal(sudoku_step_json(&step, NULL, json, whole), whole);
    assert_int_equal(strlen(json), whole - 1);
    assert_memory_equal(json, full_house_json, whole - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single),
        cmocka_unit_test(test_pattern),
        cmocka_unit_test(test_candidates),
        cmocka_unit_test(test_nested_chain),
        cmocka_unit_test(test_truncation),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
