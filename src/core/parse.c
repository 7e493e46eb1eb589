/*
 * parse.c - text in and out of grids, validation, and messages.
 */
#include "sudoku.h"
#include "sudoku_version.h"
#include "units.h"

#include <stdio.h>

static const char *const status_messages[] = {
#define SUDOKU_MESSAGE_ITEM(name, message) message,
    SUDOKU_STATUS_LIST(SUDOKU_MESSAGE_ITEM)
#undef SUDOKU_MESSAGE_ITEM
};

const char *sudoku_version(void) { return SUDOKU_VERSION_STRING; }

const char *sudoku_strerror(sudoku_status status)
{
    if ((unsigned)status >= SUDOKU_STATUS_COUNT)
        return "unknown status";
    return status_messages[status];
}

enum { FOREIGN = 0x80 }; /* marks a cell character that is not one */

/*
 * The value of a cell character: 1-9, 0 for a blank ('.', '0', '_' or
 * '*'), or FOREIGN. It has no branch and no table, so the loop over a line
 * vectorises: each test yields all ones or all zeros, as vector compares do.
 */
static unsigned char cell_value(unsigned char c)
{
    const unsigned char value = (unsigned char)(c - '0');
    const unsigned char digit = (unsigned char)-(value <= 9); /* '0' too */
    const unsigned char blank =
        (unsigned char)(-(c == '.') | -(c == '_') | -(c == '*'));

    return (unsigned char)((value & digit) | (FOREIGN & ~(digit | blank)));
}

static sudoku_status fail(sudoku_diagnostic *diag, sudoku_status status,
                          int cell, int other, unsigned char value)
{
    if (diag) {
        diag->status = status;
        diag->cell = cell;
        diag->other = other;
        diag->value = value;
    }
    return status;
}

sudoku_status sudoku_parse(sudoku_grid *grid, const char *text, size_t length,
                           sudoku_diagnostic *diag)
{
    unsigned char foreign = 0;

    if (diag) {
        diag->status = SUDOKU_OK;
        diag->cells = length;
    }
    if (!grid || !text)
        return fail(diag, SUDOKU_E_NULL, -1, -1, 0);
    if (length != SUDOKU_CELLS) {
        return fail(diag, length < SUDOKU_CELLS ? SUDOKU_E_TOO_FEW
                                                : SUDOKU_E_TOO_MANY,
                    -1, -1, 0);
    }
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const unsigned char v = cell_value((unsigned char)text[i]);

        grid->cell[i] = v;
        foreign |= v;
    }
    if (foreign & FOREIGN) {
        int i = 0;

        while (!(grid->cell[i] & FOREIGN))
            i++;
        return fail(diag, SUDOKU_E_CHARACTER, i, -1, (unsigned char)text[i]);
    }
    return sudoku_check(grid, diag);
}

/* The row (kind 0), column (1) or box (2) of a cell, numbered as in units.h. */
static int unit_of(int cell, int kind)
{
    return kind == 0 ? row_of(cell) : kind == 1 ? column_of(cell) : box_of(cell);
}

/*
 * The earlier cell that holds `value` in a unit of `cell`, looking in the
 * row, then the column, then the box. The caller knows that one exists.
 */
static int earlier_peer(const sudoku_grid *grid, int cell, int value)
{
    int kind = 0, i = 0;

    while (grid->cell[i] != value || unit_of(i, kind) != unit_of(cell, kind)) {
        if (++i == cell) {
            i = 0;
            kind++;
        }
    }
    return i;
}

sudoku_status sudoku_check(const sudoku_grid *grid, sudoku_diagnostic *diag)
{
    /* bit v of rows[r], columns[c], boxes[b]: the unit already holds v */
    unsigned rows[9] = {0}, columns[9] = {0}, boxes[9] = {0};

    if (diag)
        diag->status = SUDOKU_OK;
    if (!grid)
        return fail(diag, SUDOKU_E_NULL, -1, -1, 0);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            const int i = 9 * r + c, v = grid->cell[i], b = r / 3 * 3 + c / 3;
            unsigned bit;

            if (v > 9)
                return fail(diag, SUDOKU_E_VALUE, i, -1, (unsigned char)v);
            if (v == 0)
                continue;
            bit = 1u << v;
            if ((rows[r] | columns[c] | boxes[b]) & bit)
                return fail(diag, SUDOKU_E_CONFLICT, i,
                            earlier_peer(grid, i, v), (unsigned char)v);
            rows[r] |= bit;
            columns[c] |= bit;
            boxes[b] |= bit;
        }
    }
    return SUDOKU_OK;
}

char *sudoku_format(const sudoku_grid *grid, char *text)
{
    static const char symbols[] = ".123456789?"; /* '?': outside 0-9 */

    if (!grid || !text)
        return NULL;
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const unsigned v = grid->cell[i];

        text[i] = symbols[v <= 9 ? v : 10];
    }
    text[SUDOKU_CELLS] = '\0';
    return text;
}

/* Printable ASCII that needs no escape inside single quotes. */
static int is_plain(unsigned char c)
{
    return c >= 0x20 && c < 0x7F && c != '\'' && c != '\\';
}

size_t sudoku_describe(const sudoku_diagnostic *diag, char *buf, size_t size)
{
    int n;

    if (!buf)
        size = 0; /* snprintf() takes a NULL buffer only with size 0 */
    if (!diag) {
        n = snprintf(buf, size, "%s", sudoku_strerror(SUDOKU_E_NULL));
    } else {
        const int cell = diag->cell, other = diag->other;

        switch (diag->status) {
        case SUDOKU_E_TOO_FEW:
        case SUDOKU_E_TOO_MANY:
            n = snprintf(buf, size, "%zu cell%s, expected %d", diag->cells,
                         diag->cells == 1 ? "" : "s",
                         other == 9 * SUDOKU_CELLS ? other : SUDOKU_CELLS);
            break;
        case SUDOKU_E_CHARACTER:
            n = snprintf(buf, size,
                         is_plain(diag->value)
                             ? "foreign character '%c' at r%dc%d"
                             : "foreign character '\\x%02X' at r%dc%d",
                         diag->value, cell / 9 + 1, cell % 9 + 1);
            break;
        case SUDOKU_E_VALUE:
            n = snprintf(buf, size, "r%dc%d holds %d, outside 0-9",
                         cell / 9 + 1, cell % 9 + 1, diag->value);
            break;
        case SUDOKU_E_CONFLICT:
            n = snprintf(buf, size, "r%dc%d and r%dc%d both hold %d",
                         other / 9 + 1, other % 9 + 1, cell / 9 + 1,
                         cell % 9 + 1, diag->value);
            break;
        case SUDOKU_E_NO_CANDIDATE:
            n = snprintf(buf, size, "r%dc%d has no candidate left", cell / 9 + 1,
                         cell % 9 + 1);
            break;
        case SUDOKU_E_MARK_PLACE:
            n = snprintf(buf, size,
                         "r%dc%d's marks hold %d in place %d: digit d goes in "
                         "place d of the cell's nine",
                         cell / 9 + 1, cell % 9 + 1, diag->value, other + 1);
            break;
        case SUDOKU_E_STRUCK:
            n = snprintf(buf, size, "r%dc%d's given %d is struck from its candidates",
                         cell / 9 + 1, cell % 9 + 1, diag->value);
            break;
        default:
            n = snprintf(buf, size, "%s", sudoku_strerror(diag->status));
            break;
        }
    }
    return n < 0 ? 0 : (size_t)n;
}

size_t sudoku_utf8_length(const unsigned char *s, size_t left)
{
    size_t n;
    unsigned char low = 0x80, high = 0xBF; /* the range of the second byte */

    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        n = 2;
    } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
        n = 3;
        if (s[0] == 0xE0)
            low = 0xA0; /* no overlong forms */
        else if (s[0] == 0xED)
            high = 0x9F; /* no surrogates */
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        n = 4;
        if (s[0] == 0xF0)
            low = 0x90;
        else if (s[0] == 0xF4)
            high = 0x8F; /* nothing above U+10FFFF */
    } else {
        return 0;
    }
    if (n > left || s[1] < low || s[1] > high)
        return 0;
    for (size_t i = 2; i < n; i++) {
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    }
    return n;
}

/*
 * Writes a foreign character as a message shows it: quoted when it is
 * printable ASCII, with its code point when it is a UTF-8 character, and
 * as \xHH when its bytes are not UTF-8.
 */
static void name_foreign(const sudoku_foreign *f, char *what, size_t size)
{
    const unsigned char c = f->bytes[0];
    const size_t n = sudoku_utf8_length(f->bytes, f->length);

    if (is_plain(c)) {
        snprintf(what, size, "'%c'", c);
    } else if (n > 0) {
        unsigned long code = c & (0x7F >> n);

        for (size_t i = 1; i < n; i++)
            code = code << 6 | (f->bytes[i] & 0x3F);
        snprintf(what, size, "'%.*s' (U+%04lX)", (int)n, (const char *)f->bytes, code);
    } else {
        snprintf(what, size, "'\\x%02X'", c);
    }
}

size_t sudoku_describe_record(const sudoku_record *record, char *buf, size_t size)
{
    char what[32];
    int n;

    if (!buf)
        size = 0;
    if (!record)
        return sudoku_describe(NULL, buf, size);
    switch (record->status) {
    case SUDOKU_E_CHARACTER:
        name_foreign(&record->foreign, what, sizeof what);
        /* at its cell in a line of 81, as sudoku_describe() says it */
        if (record->characters == SUDOKU_CELLS)
            n = snprintf(buf, size, "foreign character %s at r%zuc%zu", what,
                         record->foreign.cell / 9 + 1, record->foreign.cell % 9 + 1);
        else
            n = snprintf(buf, size, "foreign character %s at column %zu", what,
                         record->foreign.column);
        break;
    case SUDOKU_E_SHORT_BLOCK:
        n = snprintf(buf, size, "grid block ends after %zu row%s", record->count / 9,
                     record->count / 9 == 1 ? "" : "s");
        break;
    case SUDOKU_E_PUZZLES:
        n = snprintf(buf, size, "a second puzzle starts on line %lu", record->line);
        break;
    default:
        n = snprintf(buf, size, "%s", sudoku_strerror(record->status));
        break;
    }
    return n < 0 ? 0 : (size_t)n;
}
