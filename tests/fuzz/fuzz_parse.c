/*
 * fuzz_parse.c - any bytes into sudoku_parse(), then sudoku_describe() and
 * sudoku_format(); and into sudoku_read_puzzle() and sudoku_describe_record().
 *
 * Properties:
 *   - the status is the one the header promises for these bytes, judged
 *     here without the library: a length error before a foreign character,
 *     a foreign character before a conflict, and the first of each;
 *   - the diagnostic points at that length, byte or pair of cells;
 *   - the message is printable ASCII whatever the bytes were, and a
 *     truncated message is a NUL-terminated prefix of the whole;
 *   - a parsed grid holds the given digits, and sudoku_format() writes it
 *     back as text that parses to the same grid;
 *   - the text read as one puzzle gives a status the header lists, the
 *     record a reader gives first, and a message that fits as promised;
 *     81 cell characters alone are read as they are.
 */
#include "oracle.h"

#include <string.h>

/* The value of a cell character, or -1 for a foreign one. */
static int cell_value(uint8_t c)
{
    if (c >= '1' && c <= '9')
        return c - '0';
    return c == '.' || c == '0' || c == '_' || c == '*' ? 0 : -1;
}

/* The status the header promises for `size` bytes of `data`. */
static sudoku_status expected_status(const uint8_t *data, size_t size,
                                     sudoku_grid *grid, int *cell)
{
    *cell = -1;
    if (size != SUDOKU_CELLS)
        return size < SUDOKU_CELLS ? SUDOKU_E_TOO_FEW : SUDOKU_E_TOO_MANY;
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const int v = cell_value(data[i]);

        if (v < 0) {
            *cell = i;
            return SUDOKU_E_CHARACTER;
        }
        grid->cell[i] = (unsigned char)v;
    }
    *cell = oracle_first_problem(grid);
    return *cell < 0 ? SUDOKU_OK : SUDOKU_E_CONFLICT;
}

static void check_diagnostic(const sudoku_diagnostic *diag, sudoku_status status,
                             const uint8_t *data, size_t size,
                             const sudoku_grid *grid, int cell)
{
    REQUIRE(diag->status == status);
    switch (status) {
    case SUDOKU_E_TOO_FEW:
    case SUDOKU_E_TOO_MANY:
        REQUIRE(diag->cells == size);
        break;
    case SUDOKU_E_CHARACTER:
        REQUIRE(diag->cell == cell);
        REQUIRE(diag->value == data[cell]);
        break;
    case SUDOKU_E_CONFLICT:
        REQUIRE(diag->cell == cell);
        REQUIRE(diag->other >= 0 && diag->other < cell);
        REQUIRE(oracle_same_unit(diag->cell, diag->other));
        REQUIRE(diag->value == grid->cell[cell]);
        REQUIRE(grid->cell[diag->other] == grid->cell[cell]);
        break;
    default:
        break;
    }
}

/* The message, whole and cut to a size taken from the input. */
static void check_message(const sudoku_diagnostic *diag, size_t small)
{
    char whole[256], cut[256];
    const size_t length = sudoku_describe(diag, whole, sizeof whole);

    REQUIRE(length > 0 && length < sizeof whole);
    REQUIRE(strlen(whole) == length);
    for (size_t i = 0; i < length; i++)
        REQUIRE(whole[i] >= 0x20 && whole[i] < 0x7F);

    small %= length + 2; /* sometimes room for all of it */
    memset(cut, 'X', sizeof cut);
    REQUIRE(sudoku_describe(diag, cut, small) == length);
    if (small > 0) {
        const size_t kept = small - 1 < length ? small - 1 : length;

        REQUIRE(memcmp(cut, whole, kept) == 0);
        REQUIRE(cut[kept] == '\0');
    }
    REQUIRE(cut[small] == 'X'); /* nothing written past the size given */
    REQUIRE(sudoku_describe(diag, NULL, 0) == length);
}

static void check_round_trip(const sudoku_grid *grid, const sudoku_grid *expected,
                             const uint8_t *data)
{
    char text[SUDOKU_CELLS + 1];
    sudoku_grid again;

    REQUIRE(memcmp(grid, expected, sizeof *grid) == 0);
    REQUIRE(sudoku_check(grid, NULL) == SUDOKU_OK);
    REQUIRE(sudoku_format(grid, text) == text);
    REQUIRE(text[SUDOKU_CELLS] == '\0');
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const int v = cell_value(data[i]);

        REQUIRE(text[i] == (v == 0 ? '.' : '0' + v));
    }
    REQUIRE(sudoku_parse(&again, text, SUDOKU_CELLS, NULL) == SUDOKU_OK);
    REQUIRE(memcmp(&again, grid, sizeof again) == 0);
}

/* The bytes read as one puzzle, and as a reader reads them. */
static void check_read(const uint8_t *data, size_t size, sudoku_status parsed)
{
    static sudoku_record rec, first; /* large: kept off the stack */
    sudoku_reader reader;
    char whole[256], cut[256];
    const sudoku_status status = sudoku_read_puzzle(&rec, (const char *)data, size);
    size_t length, small;

    REQUIRE(status == rec.status);
    REQUIRE(status == SUDOKU_OK || status == SUDOKU_E_CHARACTER ||
            status == SUDOKU_E_SHORT_BLOCK || status == SUDOKU_E_NO_PUZZLE ||
            status == SUDOKU_E_PUZZLES);
    sudoku_reader_init_text(&reader, (const char *)data, size);
    REQUIRE(sudoku_reader_next(&reader, &first) == (status != SUDOKU_E_NO_PUZZLE));
    if (status != SUDOKU_E_NO_PUZZLE && status != SUDOKU_E_PUZZLES) {
        REQUIRE(first.status == status && first.line == rec.line);
        REQUIRE(first.count == rec.count && first.characters == rec.characters);
    }
    if (parsed == SUDOKU_OK || parsed == SUDOKU_E_CONFLICT) { /* 81 cells alone */
        REQUIRE(status == SUDOKU_OK && rec.count == SUDOKU_CELLS);
        REQUIRE(memcmp(rec.cell, data, SUDOKU_CELLS) == 0);
    }
    length = sudoku_describe_record(&rec, whole, sizeof whole);
    REQUIRE(length > 0 && length < sizeof whole && strlen(whole) == length);
    small = (size > 0 ? data[0] : 0) % (length + 2);
    memset(cut, 'X', sizeof cut);
    REQUIRE(sudoku_describe_record(&rec, cut, small) == length);
    if (small > 0) {
        const size_t kept = small - 1 < length ? small - 1 : length;

        REQUIRE(memcmp(cut, whole, kept) == 0 && cut[kept] == '\0');
    }
    REQUIRE(cut[small] == 'X');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid grid, expected;
    sudoku_diagnostic diag;
    int cell;
    const sudoku_status want = expected_status(data, size, &expected, &cell);
    const sudoku_status got = sudoku_parse(&grid, (const char *)data, size, &diag);

    REQUIRE(got == want);
    REQUIRE(sudoku_parse(&grid, (const char *)data, size, NULL) == want);
    check_diagnostic(&diag, want, data, size, &expected, cell);
    REQUIRE(strcmp(sudoku_strerror(got), "unknown status") != 0);
    if (got == SUDOKU_OK)
        check_round_trip(&grid, &expected, data);
    else
        check_message(&diag, size > 0 ? data[size - 1] : 0);
    check_read(data, size, got);
    return 0;
}
