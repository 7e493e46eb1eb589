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

/* The value of a cell character: 1-9, 0 for a blank, -1 for anything else. */
static int cell_value(unsigned char c)
{
    if (c >= '1' && c <= '9')
        return c - '0';
    if (c == '.' || c == '0' || c == '_' || c == '*')
        return 0;
    return -1;
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
        const unsigned char c = (unsigned char)text[i];
        const int v = cell_value(c);

        if (v < 0)
            return fail(diag, SUDOKU_E_CHARACTER, i, -1, c);
        grid->cell[i] = (unsigned char)v;
    }
    return sudoku_check(grid, diag);
}

sudoku_status sudoku_check(const sudoku_grid *grid, sudoku_diagnostic *diag)
{
    /* seen[unit][digit]: 1 + the cell that holds the digit in the unit */
    unsigned char seen[UNITS][10] = {{0}};

    if (diag)
        diag->status = SUDOKU_OK;
    if (!grid)
        return fail(diag, SUDOKU_E_NULL, -1, -1, 0);
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const int v = grid->cell[i];
        const int units[3] = {row_of(i), column_of(i), box_of(i)};

        if (v > 9)
            return fail(diag, SUDOKU_E_VALUE, i, -1, (unsigned char)v);
        if (v == 0)
            continue;
        for (int u = 0; u < 3; u++) {
            if (seen[units[u]][v])
                return fail(diag, SUDOKU_E_CONFLICT, i,
                            seen[units[u]][v] - 1, (unsigned char)v);
            seen[units[u]][v] = (unsigned char)(i + 1);
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
            n = snprintf(buf, size, "%zu cells, expected %d", diag->cells,
                         SUDOKU_CELLS);
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
        default:
            n = snprintf(buf, size, "%s", sudoku_strerror(diag->status));
            break;
        }
    }
    return n < 0 ? 0 : (size_t)n;
}
