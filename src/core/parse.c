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
