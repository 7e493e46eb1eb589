/*
 * test_parse.c - sudoku_parse, sudoku_check, sudoku_format, sudoku_describe,
 * sudoku_strerror and sudoku_version against the contract in sudoku.h.
 *
 * Cells are named as the messages name them: r1c1 is index 0, r2c8 is
 * index 16, rRcC is index (R - 1) * 9 + C - 1.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "sudoku.h"

/* norvig-top95.txt line 1: 17 givens, no conflict. */
static const char valid_puzzle[] =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

static int cell_index(int row, int col)
{
    return (row - 1) * 9 + col - 1;
}

/* An 81-character puzzle of blanks with the given (row, col, digit) triples. */
static void make_text(char text[SUDOKU_CELLS + 1], const int *givens, size_t n)
{
    memset(text, '.', SUDOKU_CELLS);
    text[SUDOKU_CELLS] = '\0';
    for (size_t i = 0; i < n; i++) {
        const int *g = &givens[3 * i];
        text[cell_index(g[0], g[1])] = (char)('0' + g[2]);
    }
}

static void test_parse_digits_and_blanks(void **state)
{
    (void)state;
    sudoku_grid grid;
    sudoku_diagnostic diag;

    diag.status = SUDOKU_E_CONFLICT; /* must be reset on success */
    assert_int_equal(sudoku_parse(&grid, valid_puzzle, SUDOKU_CELLS, &diag),
                     SUDOKU_OK);
    assert_int_equal(diag.status, SUDOKU_OK);
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        int want = valid_puzzle[i] == '.' ? 0 : valid_puzzle[i] - '0';
        assert_int_equal(grid.cell[i], want);
    }

    /* Every documented blank, mixed in one puzzle, and every digit once. */
    static const char mixed[] =
        "123456789"
        "._*0._*0."
        "_*0._*0._"
        "*0._*0._*"
        "0._*0._*0"
        "._*0._*0."
        "_*0._*0._"
        "*0._*0._*"
        "0._*0._*0";
    assert_int_equal(sudoku_parse(&grid, mixed, SUDOKU_CELLS, &diag), SUDOKU_OK);
    for (int i = 0; i < 9; i++)
        assert_int_equal(grid.cell[i], i + 1);
    for (int i = 9; i < SUDOKU_CELLS; i++)
        assert_int_equal(grid.cell[i], 0);

    /* A blank grid of each kind, and diag may be NULL. */
    static const char blanks[] = "._*0";
    for (size_t b = 0; b < 4; b++) {
        char text[SUDOKU_CELLS];
        memset(text, blanks[b], sizeof text);
        memset(&grid, 0xAA, sizeof grid);
        assert_int_equal(sudoku_parse(&grid, text, sizeof text, NULL), SUDOKU_OK);
        for (int i = 0; i < SUDOKU_CELLS; i++)
            assert_int_equal(grid.cell[i], 0);
    }
}

static void test_parse_reads_exactly_length(void **state)
{
    (void)state;
    sudoku_grid grid;

    /* Not NUL-terminated: exactly 81 bytes (ASan sees any read past them). */
    char exact[SUDOKU_CELLS];
    memcpy(exact, valid_puzzle, sizeof exact);
    assert_int_equal(sudoku_parse(&grid, exact, sizeof exact, NULL), SUDOKU_OK);
    assert_int_equal(grid.cell[0], 4);

    /* Whatever follows the first `length` bytes is not looked at. */
    char longer[SUDOKU_CELLS + 4];
    snprintf(longer, sizeof longer, "%sx5\n", valid_puzzle);
    assert_int_equal(sudoku_parse(&grid, longer, SUDOKU_CELLS, NULL), SUDOKU_OK);
}

static void test_parse_length(void **state)
{
    (void)state;
    sudoku_grid grid;
    sudoku_diagnostic diag;
    char text[200];
    memset(text, '.', sizeof text);

    memset(&diag, 0, sizeof diag);
    assert_int_equal(sudoku_parse(&grid, text, 80, &diag), SUDOKU_E_TOO_FEW);
    assert_int_equal(diag.status, SUDOKU_E_TOO_FEW);
    assert_int_equal(diag.cells, 80);

    memset(&diag, 0, sizeof diag);
    assert_int_equal(sudoku_parse(&grid, text, 82, &diag), SUDOKU_E_TOO_MANY);
    assert_int_equal(diag.status, SUDOKU_E_TOO_MANY);
    assert_int_equal(diag.cells, 82);

    assert_int_equal(sudoku_parse(&grid, text, 0, &diag), SUDOKU_E_TOO_FEW);
    assert_int_equal(diag.cells, 0);
    assert_int_equal(sudoku_parse(&grid, text, sizeof text, &diag),
                     SUDOKU_E_TOO_MANY);
    assert_int_equal(diag.cells, sizeof text);

    /* diag may be NULL on failure too. */
    assert_int_equal(sudoku_parse(&grid, text, 80, NULL), SUDOKU_E_TOO_FEW);
    assert_int_equal(sudoku_parse(&grid, text, 82, NULL), SUDOKU_E_TOO_MANY);

    /* Length errors come before characters. */
    text[3] = 'x';
    assert_int_equal(sudoku_parse(&grid, text, 80, &diag), SUDOKU_E_TOO_FEW);
    assert_int_equal(diag.cells, 80);
}

/* Parses `text` with one foreign byte at `index`, expects E_CHARACTER there. */
static void expect_foreign(int index, unsigned char byte)
{
    char text[SUDOKU_CELLS];
    sudoku_grid grid;
    sudoku_diagnostic diag;

    memcpy(text, valid_puzzle, sizeof text);
    text[index] = (char)byte;
    memset(&diag, 0, sizeof diag);
    assert_int_equal(sudoku_parse(&grid, text, SUDOKU_CELLS, &diag),
                     SUDOKU_E_CHARACTER);
    assert_int_equal(diag.status, SUDOKU_E_CHARACTER);
    assert_int_equal(diag.cell, index);
    assert_int_equal(diag.value, byte);
    assert_int_equal(sudoku_parse(&grid, text, SUDOKU_CELLS, NULL),
                     SUDOKU_E_CHARACTER);
}

static void test_parse_foreign_character(void **state)
{
    (void)state;
    expect_foreign(cell_index(2, 8), 'x');
    expect_foreign(cell_index(1, 5), '\0'); /* a NUL within the length */
    expect_foreign(0, 0xFF);                /* a byte above 127 */
    expect_foreign(cell_index(9, 9), 0x80);
    expect_foreign(cell_index(5, 5), ' ');
    expect_foreign(cell_index(3, 1), '\t');
    expect_foreign(cell_index(4, 4), '\n');
    expect_foreign(cell_index(7, 2), '-');
    expect_foreign(cell_index(6, 6), '|');
    expect_foreign(cell_index(8, 3), 'a');
    expect_foreign(cell_index(2, 2), ':');  /* the byte after '9' */
    expect_foreign(cell_index(2, 3), '/');  /* the byte before '0' */

    /* The first foreign character is the one reported. */
    char text[SUDOKU_CELLS];
    sudoku_grid grid;
    sudoku_diagnostic diag;
    memcpy(text, valid_puzzle, sizeof text);
    text[20] = 'b';
    text[10] = 'a';
    text[70] = 'c';
    assert_int_equal(sudoku_parse(&grid, text, SUDOKU_CELLS, &diag),
                     SUDOKU_E_CHARACTER);
    assert_int_equal(diag.cell, 10);
    assert_int_equal(diag.value, 'a');

    /* Characters come before conflicts: a 5 twice in row 1, then an 'x'. */
    memset(text, '.', sizeof text);
    text[0] = '5';
    text[1] = '5';
    text[80] = 'x';
    assert_int_equal(sudoku_parse(&grid, text, SUDOKU_CELLS, &diag),
                     SUDOKU_E_CHARACTER);
    assert_int_equal(diag.cell, 80);
}

/* Every byte value, at cells across the grid: only 1-9 and . 0 _ * are cells. */
static void test_parse_every_byte(void **state)
{
    (void)state;
    for (int b = 0; b < 256; b++) {
        char text[SUDOKU_CELLS];
        sudoku_grid grid;
        sudoku_diagnostic diag;
        const int is_digit = b >= '1' && b <= '9';
        const int is_blank = b == '.' || b == '0' || b == '_' || b == '*';

        memset(text, '.', sizeof text);
        text[b % SUDOKU_CELLS] = (char)b;
        if (is_digit || is_blank) {
            assert_int_equal(sudoku_parse(&grid, text, SUDOKU_CELLS, &diag),
                             SUDOKU_OK);
            assert_int_equal(grid.cell[b % SUDOKU_CELLS], is_digit ? b - '0' : 0);
        } else {
            assert_int_equal(sudoku_parse(&grid, text, SUDOKU_CELLS, &diag),
                             SUDOKU_E_CHARACTER);
            assert_int_equal(diag.cell, b % SUDOKU_CELLS);
            assert_int_equal(diag.value, b);
        }
    }
}

/* Parses a puzzle with the givens; expects one conflict, later and earlier. */
static void expect_conflict(const int *givens, size_t n, int later, int earlier,
                            int digit)
{
    char text[SUDOKU_CELLS + 1];
    sudoku_grid grid;
    sudoku_diagnostic diag;

    make_text(text, givens, n);
    memset(&diag, 0, sizeof diag);
    assert_int_equal(sudoku_parse(&grid, text, SUDOKU_CELLS, &diag),
                     SUDOKU_E_CONFLICT);
    assert_int_equal(diag.status, SUDOKU_E_CONFLICT);
    assert_int_equal(diag.cell, later);
    assert_int_equal(diag.other, earlier);
    assert_int_equal(diag.value, digit);
    assert_int_equal(sudoku_parse(&grid, text, SUDOKU_CELLS, NULL),
                     SUDOKU_E_CONFLICT);
}

static void test_parse_conflicts(void **state)
{
    (void)state;
    /* Row: r1c3 and r1c7 both 5, with other givens around them. */
    static const int row[] = {1, 3, 5, 1, 7, 5, 1, 1, 1, 2, 3, 2, 9, 9, 9};
    expect_conflict(row, 5, cell_index(1, 7), cell_index(1, 3), 5);

    /* Column: r2c4 and r8c4 both 9. */
    static const int col[] = {8, 4, 9, 2, 4, 9, 5, 5, 1};
    expect_conflict(col, 3, cell_index(8, 4), cell_index(2, 4), 9);

    /* Box: r4c9 and r6c7 both 1: the earlier in row-major order has the
     * larger column, so cell and other cannot come from column order. */
    static const int box[] = {6, 7, 1, 4, 9, 1};
    expect_conflict(box, 2, cell_index(6, 7), cell_index(4, 9), 1);

    /* Box: r1c3 and r2c1 both 7 (neither row nor column). */
    static const int box1[] = {2, 1, 7, 1, 3, 7};
    expect_conflict(box1, 2, cell_index(2, 1), cell_index(1, 3), 7);

    /* The last cell against the first of its box. */
    static const int box9[] = {9, 9, 4, 7, 7, 4};
    expect_conflict(box9, 2, cell_index(9, 9), cell_index(7, 7), 4);
}

static void test_parse_null(void **state)
{
    (void)state;
    sudoku_grid grid;
    sudoku_diagnostic diag;

    assert_int_equal(sudoku_parse(NULL, valid_puzzle, SUDOKU_CELLS, NULL),
                     SUDOKU_E_NULL);
    assert_int_equal(sudoku_parse(&grid, NULL, SUDOKU_CELLS, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_parse(&grid, NULL, 0, NULL), SUDOKU_E_NULL);
    assert_int_equal(sudoku_parse(NULL, NULL, SUDOKU_CELLS, NULL), SUDOKU_E_NULL);

    diag.status = SUDOKU_OK;
    assert_int_equal(sudoku_parse(NULL, valid_puzzle, SUDOKU_CELLS, &diag),
                     SUDOKU_E_NULL);
    assert_int_equal(diag.status, SUDOKU_E_NULL);
    diag.status = SUDOKU_OK;
    assert_int_equal(sudoku_parse(&grid, NULL, SUDOKU_CELLS, &diag), SUDOKU_E_NULL);
    assert_int_equal(diag.status, SUDOKU_E_NULL);

    assert_int_equal(sudoku_check(NULL, NULL), SUDOKU_E_NULL);
    diag.status = SUDOKU_OK;
    assert_int_equal(sudoku_check(NULL, &diag), SUDOKU_E_NULL);
    assert_int_equal(diag.status, SUDOKU_E_NULL);
}

static void test_check(void **state)
{
    (void)state;
    sudoku_grid grid;
    sudoku_diagnostic diag;

    /* A blank grid and a full valid grid (qqwing-10k.txt line 1, solved). */
    memset(&grid, 0, sizeof grid);
    diag.status = SUDOKU_E_VALUE;
    assert_int_equal(sudoku_check(&grid, &diag), SUDOKU_OK);
    assert_int_equal(diag.status, SUDOKU_OK);
    static const char solved[] =
        "953274816127856493468913752681495327735621984249387165394568271876142539512739648";
    for (int i = 0; i < SUDOKU_CELLS; i++)
        grid.cell[i] = (unsigned char)(solved[i] - '0');
    assert_int_equal(sudoku_check(&grid, NULL), SUDOKU_OK);

    /* A value of 10 in a cell of an otherwise valid grid. */
    grid.cell[cell_index(3, 4)] = 10;
    memset(&diag, 0, sizeof diag);
    assert_int_equal(sudoku_check(&grid, &diag), SUDOKU_E_VALUE);
    assert_int_equal(diag.status, SUDOKU_E_VALUE);
    assert_int_equal(diag.cell, cell_index(3, 4));
    assert_int_equal(diag.value, 10);
    assert_int_equal(sudoku_check(&grid, NULL), SUDOKU_E_VALUE);

    /* 255 in the last cell of a blank grid. */
    memset(&grid, 0, sizeof grid);
    grid.cell[80] = 255;
    assert_int_equal(sudoku_check(&grid, &diag), SUDOKU_E_VALUE);
    assert_int_equal(diag.cell, 80);
    assert_int_equal(diag.value, 255);

    /* A conflict in a hand-built grid: r5c2 and r5c8 both 3. */
    memset(&grid, 0, sizeof grid);
    grid.cell[cell_index(5, 2)] = 3;
    grid.cell[cell_index(5, 8)] = 3;
    memset(&diag, 0, sizeof diag);
    assert_int_equal(sudoku_check(&grid, &diag), SUDOKU_E_CONFLICT);
    assert_int_equal(diag.cell, cell_index(5, 8));
    assert_int_equal(diag.other, cell_index(5, 2));
    assert_int_equal(diag.value, 3);

    /* A swapped pair in a solved grid makes conflicts. */
    for (int i = 0; i < SUDOKU_CELLS; i++)
        grid.cell[i] = (unsigned char)(solved[i] - '0');
    grid.cell[0] = 5; /* r1c1 9 -> 5: row 1 has 5 at r1c2 */
    assert_int_equal(sudoku_check(&grid, &diag), SUDOKU_E_CONFLICT);
    assert_int_equal(diag.value, 5);
}

/* The header's own list: sudoku_strerror must return these words. */
static const struct {
    sudoku_status status;
    const char *message;
} status_messages[] = {
#define SUDOKU_TEST_ITEM(name, message) {name, message},
    SUDOKU_STATUS_LIST(SUDOKU_TEST_ITEM)
#undef SUDOKU_TEST_ITEM
};

static void test_strerror(void **state)
{
    (void)state;
    size_t n = sizeof status_messages / sizeof status_messages[0];
    assert_int_equal(n, SUDOKU_STATUS_COUNT);
    assert_int_equal(SUDOKU_OK, 0);

    for (size_t i = 0; i < n; i++) {
        const char *text = sudoku_strerror(status_messages[i].status);
        assert_non_null(text);
        assert_string_equal(text, status_messages[i].message);
        assert_true(strlen(text) > 0);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(text, sudoku_strerror(status_messages[j].status));
    }

    const sudoku_status odd[] = {SUDOKU_STATUS_COUNT, (sudoku_status)(SUDOKU_STATUS_COUNT + 1),
                                 (sudoku_status)-1, (sudoku_status)1000000};
    for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        const char *text = sudoku_strerror(odd[k]);
        assert_non_null(text);
        assert_string_equal(text, "unknown status");
        for (size_t i = 0; i < n; i++)
            assert_string_not_equal(text, status_messages[i].message);
    }
}

/* Parses text (81 bytes) and describes the failure into buf. */
static size_t describe_parse(const char *text, size_t length, char *buf, size_t size)
{
    sudoku_grid grid;
    sudoku_diagnostic diag;
    assert_int_not_equal(sudoku_parse(&grid, text, length, &diag), SUDOKU_OK);
    return sudoku_describe(&diag, buf, size);
}

/* Describes the parse of an empty grid with `byte` at `cell` into buf. */
static void describe_foreign(int cell, char byte, char *buf, size_t size)
{
    char text[SUDOKU_CELLS];

    memset(text, '.', sizeof text);
    text[cell] = byte;
    describe_parse(text, SUDOKU_CELLS, buf, size);
}

static void test_describe(void **state)
{
    (void)state;
    char text[SUDOKU_CELLS + 2];
    char buf[128];
    size_t n;

    static const int conflict[] = {1, 3, 5, 1, 7, 5};
    make_text(text, conflict, 2);
    n = describe_parse(text, SUDOKU_CELLS, buf, sizeof buf);
    assert_string_equal(buf, "r1c3 and r1c7 both hold 5");
    assert_int_equal(n, strlen("r1c3 and r1c7 both hold 5"));

    static const int box[] = {2, 1, 7, 1, 3, 7};
    make_text(text, box, 2);
    describe_parse(text, SUDOKU_CELLS, buf, sizeof buf);
    assert_string_equal(buf, "r1c3 and r2c1 both hold 7");

    memset(text, '.', sizeof text);
    n = describe_parse(text, 80, buf, sizeof buf);
    assert_string_equal(buf, "80 cells, expected 81");
    assert_int_equal(n, strlen(buf));
    describe_parse(text, 82, buf, sizeof buf);
    assert_string_equal(buf, "82 cells, expected 81");
    describe_parse(text, 0, buf, sizeof buf);
    assert_string_equal(buf, "0 cells, expected 81");
    describe_parse(text, 1, buf, sizeof buf); /* one cell, no plural */
    assert_string_equal(buf, "1 cell, expected 81");

    describe_foreign(cell_index(2, 8), 'x', buf, sizeof buf);
    assert_string_equal(buf, "foreign character 'x' at r2c8");

    memset(text, '.', sizeof text);
    text[cell_index(1, 5)] = '\0';
    n = describe_parse(text, SUDOKU_CELLS, buf, sizeof buf);
    assert_string_equal(buf, "foreign character '\\x00' at r1c5");
    assert_int_equal(n, strlen("foreign character '\\x00' at r1c5"));

    /* Printable ASCII is quoted as itself, space included. */
    describe_foreign(cell_index(9, 9), ' ', buf, sizeof buf);
    assert_string_equal(buf, "foreign character ' ' at r9c9");

    /* Bytes that are not printable ASCII are \xHH (either case of hex). */
    describe_foreign(cell_index(4, 6), (char)0xFF, buf, sizeof buf);
    assert_true(strcmp(buf, "foreign character '\\xff' at r4c6") == 0 ||
                strcmp(buf, "foreign character '\\xFF' at r4c6") == 0);
    describe_foreign(cell_index(1, 1), '\t', buf, sizeof buf);
    assert_string_equal(buf, "foreign character '\\x09' at r1c1");
    describe_foreign(cell_index(1, 2), 0x7F, buf, sizeof buf);
    assert_true(strcmp(buf, "foreign character '\\x7f' at r1c2") == 0 ||
                strcmp(buf, "foreign character '\\x7F' at r1c2") == 0);

    /* A quote or a backslash between quotes would misread: \xHH too. */
    describe_foreign(cell_index(6, 3), '\'', buf, sizeof buf);
    assert_string_equal(buf, "foreign character '\\x27' at r6c3");
    describe_foreign(cell_index(7, 4), '\\', buf, sizeof buf);
    assert_true(strcmp(buf, "foreign character '\\x5c' at r7c4") == 0 ||
                strcmp(buf, "foreign character '\\x5C' at r7c4") == 0);
}

/* A value outside 0-9 comes from sudoku_check() on a caller's grid. */
static void test_describe_value(void **state)
{
    (void)state;
    sudoku_grid grid;
    sudoku_diagnostic diag;
    char buf[128];

    memset(&grid, 0, sizeof grid);
    grid.cell[cell_index(3, 4)] = 10;
    assert_int_equal(sudoku_check(&grid, &diag), SUDOKU_E_VALUE);
    assert_int_equal(sudoku_describe(&diag, buf, sizeof buf),
                     strlen("r3c4 holds 10, outside 0-9"));
    assert_string_equal(buf, "r3c4 holds 10, outside 0-9");

    grid.cell[cell_index(3, 4)] = 0;
    grid.cell[cell_index(9, 9)] = 255;
    assert_int_equal(sudoku_check(&grid, &diag), SUDOKU_E_VALUE);
    sudoku_describe(&diag, buf, sizeof buf);
    assert_string_equal(buf, "r9c9 holds 255, outside 0-9");
}

/*
 * A status with no details to give, and a NULL diagnostic, are described
 * by sudoku_strerror()'s message.
 */
static void test_describe_without_details(void **state)
{
    (void)state;
    const sudoku_status plain[] = {SUDOKU_OK, SUDOKU_E_NULL, SUDOKU_E_LIMIT,
                                   SUDOKU_E_UNSOLVABLE, SUDOKU_STATUS_COUNT,
                                   (sudoku_status)-1};
    sudoku_diagnostic diag;
    char buf[128];

    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        const char *want = sudoku_strerror(plain[i]);

        memset(&diag, 0, sizeof diag);
        diag.status = plain[i];
        memset(buf, '#', sizeof buf);
        assert_int_equal(sudoku_describe(&diag, buf, sizeof buf), strlen(want));
        assert_string_equal(buf, want);
    }

    memset(buf, '#', sizeof buf);
    assert_int_equal(sudoku_describe(NULL, buf, sizeof buf),
                     strlen(sudoku_strerror(SUDOKU_E_NULL)));
    assert_string_equal(buf, sudoku_strerror(SUDOKU_E_NULL));
}

static void test_describe_truncation(void **state)
{
    (void)state;
    const char *full = "r1c3 and r1c7 both hold 5";
    size_t len = strlen(full);
    sudoku_diagnostic diag;
    char buf[64];

    memset(&diag, 0, sizeof diag);
    diag.status = SUDOKU_E_CONFLICT;
    diag.cell = cell_index(1, 7);
    diag.other = cell_index(1, 3);
    diag.value = 5;

    /* Room for 4 characters and the NUL; the bytes after are untouched. */
    memset(buf, '#', sizeof buf);
    assert_int_equal(sudoku_describe(&diag, buf, 5), len);
    assert_string_equal(buf, "r1c3");
    assert_int_equal(buf[5], '#');

    /* size 1: only the NUL. */
    memset(buf, '#', sizeof buf);
    assert_int_equal(sudoku_describe(&diag, buf, 1), len);
    assert_int_equal(buf[0], '\0');
    assert_int_equal(buf[1], '#');

    /* size 0: nothing written, the length still returned, as snprintf. */
    memset(buf, '#', sizeof buf);
    assert_int_equal(sudoku_describe(&diag, buf, 0), len);
    assert_int_equal(buf[0], '#');
    assert_int_equal(sudoku_describe(&diag, NULL, 0), len);
    assert_int_equal(sudoku_describe(&diag, NULL, sizeof buf), len);

    /* Exactly enough room, and one short of it. */
    memset(buf, '#', sizeof buf);
    assert_int_equal(sudoku_describe(&diag, buf, len + 1), len);
    assert_string_equal(buf, full);
    memset(buf, '#', sizeof buf);
    assert_int_equal(sudoku_describe(&diag, buf, len), len);
    assert_int_equal(strlen(buf), len - 1);
    assert_memory_equal(buf, full, len - 1);

    /* A foreign NUL: the message holds a backslash, not a NUL. */
    memset(&diag, 0, sizeof diag);
    diag.status = SUDOKU_E_CHARACTER;
    diag.cell = cell_index(1, 5);
    diag.value = 0;
    memset(buf, '#', sizeof buf);
    size_t need = strlen("foreign character '\\x00' at r1c5");
    assert_int_equal(sudoku_describe(&diag, buf, 24), need);
    assert_string_equal(buf, "foreign character '\\x00");
}

static void test_format(void **state)
{
    (void)state;
    sudoku_grid grid;
    char out[SUDOKU_CELLS + 1];

    /* Blanks come back as '.', whatever they were written as. */
    char text[SUDOKU_CELLS + 1];
    memcpy(text, valid_puzzle, sizeof text);
    for (int i = 0, k = 0; i < SUDOKU_CELLS; i++)
        if (text[i] == '.')
            text[i] = "._*0"[k++ % 4];
    assert_int_equal(sudoku_parse(&grid, text, SUDOKU_CELLS, NULL), SUDOKU_OK);
    memset(out, '#', sizeof out);
    assert_ptr_equal(sudoku_format(&grid, out), out);
    assert_int_equal(out[SUDOKU_CELLS], '\0');
    assert_string_equal(out, valid_puzzle);

    /* And the formatted text parses to the same grid. */
    sudoku_grid again;
    assert_int_equal(sudoku_parse(&again, out, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_memory_equal(&again, &grid, sizeof grid);

    /* A full grid, and values outside 0-9 written as '?'. */
    static const char solved[] =
        "953274816127856493468913752681495327735621984249387165394568271876142539512739648";
    assert_int_equal(sudoku_parse(&grid, solved, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_string_equal(sudoku_format(&grid, out), solved);
    grid.cell[0] = 10;
    grid.cell[40] = 0;
    grid.cell[80] = 255;
    sudoku_format(&grid, out);
    assert_int_equal(out[0], '?');
    assert_int_equal(out[40], '.');
    assert_int_equal(out[80], '?');
    assert_int_equal(out[81], '\0');
    assert_memory_equal(out + 1, solved + 1, 39);

    /* NULL pointers: NULL back, and nothing written. */
    memset(out, '#', sizeof out);
    assert_null(sudoku_format(NULL, out));
    assert_int_equal(out[0], '#');
    assert_null(sudoku_format(&grid, NULL));
}

static void test_version(void **state)
{
    (void)state;
    const char *v = sudoku_version();
    assert_non_null(v);

    /* MAJOR.MINOR.PATCH: three runs of digits, two dots, nothing else. */
    const char *p = v;
    for (int part = 0; part < 3; part++) {
        assert_true(isdigit((unsigned char)*p));
        while (isdigit((unsigned char)*p))
            p++;
        if (part < 2) {
            assert_int_equal(*p, '.');
            p++;
        }
    }
    assert_int_equal(*p, '\0');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_digits_and_blanks),
        cmocka_unit_test(test_parse_reads_exactly_length),
        cmocka_unit_test(test_parse_length),
        cmocka_unit_test(test_parse_foreign_character),
        cmocka_unit_test(test_parse_every_byte),
        cmocka_unit_test(test_parse_conflicts),
        cmocka_unit_test(test_parse_null),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_strerror),
        cmocka_unit_test(test_describe),
        cmocka_unit_test(test_describe_value),
        cmocka_unit_test(test_describe_without_details),
        cmocka_unit_test(test_describe_truncation),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
