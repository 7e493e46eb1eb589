/*
 * operand.c - what an operand of the command is (operand.h).
 */
#include "operand.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most operands read as the rows of one grid. */
#define ROW_OPERANDS 9

int operand_is_puzzle(const char *arg)
{
    sudoku_grid grid;

    return strlen(arg) == SUDOKU_CELLS &&
           sudoku_parse(&grid, arg, SUDOKU_CELLS, NULL) != SUDOKU_E_CHARACTER;
}

static int is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/*
 * Whether an operand has the marks of a file name, which no puzzle has: a
 * '/', or an extension (a final '.' and 1 to 10 letters and digits, the
 * first a letter, as in ".txt" or ".sdk").
 */
static int has_file_marks(const char *arg)
{
    const char *dot = strrchr(arg, '.');
    size_t length = 0;

    if (strchr(arg, '/'))
        return 1;
    if (!dot || !is_letter(dot[1]))
        return 0;
    for (const char *p = dot + 1; *p; p++, length++) {
        if (!is_letter(*p) && !(*p >= '0' && *p <= '9'))
            return 0;
    }
    return length <= 10;
}

/*
 * A file name rarely holds 17 digits (the fewest givens a proper puzzle
 * has), and a mistyped puzzle is better told what is wrong with its cells
 * than that there is no such file.
 */
int operand_looks_like_puzzle(reader *r, const char *arg)
{
    sudoku_record rec;
    size_t cells = 0, digits = 0;

    if (has_file_marks(arg))
        return 0;
    reader_init_text(r, arg, strlen(arg));
    while (reader_next(r, &rec) > 0) {
        cells += rec.characters;
        for (size_t i = 0; i < rec.count && i < SUDOKU_CELLS; i++)
            digits += rec.cell[i] >= '1' && rec.cell[i] <= '9';
    }
    if (cells == SUDOKU_MARKS)
        return 1;
    return cells >= SUDOKU_CELLS - 9 && cells <= SUDOKU_CELLS + 9 && digits >= 17;
}

/*
 * Whether an operand reads as a row of a grid typed without quotes: one
 * line with no mark of a file name, of 8 to 10 characters that are not
 * separators, at most 2 of them foreign. Returns its number of characters,
 * or 0.
 */
static size_t row_characters(const char *arg)
{
    sudoku_record rec;
    size_t foreign = 0;

    if (strchr(arg, '\n') || has_file_marks(arg) || strcmp(arg, "-") == 0)
        return 0;
    sudoku_record_from_line(&rec, arg, strlen(arg), 1);
    if (rec.characters < 8 || rec.characters > 10)
        return 0;
    for (size_t i = 0; i < rec.count && i < SUDOKU_CELLS; i++) {
        const char c = rec.cell[i];

        foreign += !((c >= '0' && c <= '9') || c == '.' || c == '_' || c == '*');
    }
    return foreign <= 2 ? rec.characters : 0;
}

static int names_no_file(const char *arg)
{
    FILE *f = fopen(arg, "rb");

    if (f) {
        fclose(f);
        return 0;
    }
    return errno == ENOENT;
}

int operand_row_run(const operand *ops, int left)
{
    int rows = 0;

    while (rows < left && rows < ROW_OPERANDS && row_characters(ops[rows].arg) &&
           (rows == 0 || names_no_file(ops[rows].arg)))
        rows++;
    return rows >= 2 ? rows : 0;
}

char *operand_join_rows(const operand *ops, int rows)
{
    size_t length = 0;
    char separator = '\n';
    char *text;

    for (int i = 0; i < rows; i++) {
        length += strlen(ops[i].arg) + 1;
        if (row_characters(ops[i].arg) != 9)
            separator = ' ';
    }
    text = length ? malloc(length) : NULL; /* rows is 2 or more */
    if (!text)
        return NULL;
    length = 0;
    for (int i = 0; i < rows; i++) {
        const size_t n = strlen(ops[i].arg);

        memcpy(text + length, ops[i].arg, n);
        length += n;
        text[length++] = (char)(i + 1 < rows ? separator : '\0');
    }
    return text;
}
