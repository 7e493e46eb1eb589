/*
 * reader.c - lines and blocks of puzzle text, read in constant memory.
 *
 * Every line is reduced to its cells: the characters left once white space
 * (space, tab, CR) and the separators '|', '+' and '-' are dropped. Then:
 *
 *   - an empty line, or one whose first visible character is '#', is
 *     skipped; it also ends a block in progress;
 *   - a line of separators only (a rule such as "------+-------+------")
 *     is skipped;
 *   - a line of exactly 9 cells is a row of a block, and 9 rows make a
 *     puzzle;
 *   - any other line is a one-line puzzle, right or wrong in length.
 *
 * The reader does not judge the cells themselves: sudoku_parse() does.
 */
#include "reader.h"

#include <errno.h>
#include <string.h>

void reader_init(reader *r, FILE *in, int interactive)
{
    memset(r, 0, offsetof(reader, buffer));
    r->in = in;
    r->interactive = interactive;
}

/* Fills the buffer. Returns 0 at the end of the stream or on an error. */
static int refill(reader *r)
{
    size_t n = 0;

    if (r->end)
        return 0;
    if (r->interactive) {
        int c;

        while (n < READER_BUFFER && (c = getc(r->in)) != EOF) {
            r->buffer[n++] = (char)c;
            if (c == '\n')
                break;
        }
    } else {
        n = fread(r->buffer, 1, READER_BUFFER, r->in);
    }
    r->pos = 0;
    r->len = n;
    if (n == 0) {
        r->end = 1;
        if (ferror(r->in))
            r->error = errno ? errno : EIO;
    }
    return n > 0;
}

static int is_white(unsigned char c) { return c == ' ' || c == '\t' || c == '\r'; }

static int is_separator(unsigned char c) { return c == '|' || c == '+' || c == '-'; }

/* Reads one line into `l`. Returns 0 when the stream has no more bytes. */
static int read_line(reader *r, line_summary *l)
{
    int got_bytes = 0;

    l->cells = 0;
    l->empty = 1;
    l->comment = 0;
    while (r->pos < r->len || refill(r)) {
        got_bytes = 1;
        while (r->pos < r->len) {
            const unsigned char c = (unsigned char)r->buffer[r->pos++];

            if (c == '\n')
                goto done;
            if (is_white(c))
                continue;
            if (l->empty) {
                l->empty = 0;
                l->comment = c == '#';
            }
            if (l->comment || is_separator(c))
                continue;
            if (l->cells < SUDOKU_CELLS)
                l->cell[l->cells] = (char)c;
            l->cells++;
        }
    }
    if (!got_bytes || r->error)
        return 0; /* a line cut short by a read error is not a record */
done:
    l->number = ++r->lines;
    return 1;
}

static int short_block(record *rec)
{
    rec->kind = RECORD_SHORT_BLOCK;
    return 1;
}

void record_from_line(record *rec, const char *cells, size_t count,
                      unsigned long line)
{
    rec->kind = RECORD_CELLS;
    rec->line = line;
    rec->count = count;
    memcpy(rec->cell, cells, count < SUDOKU_CELLS ? count : SUDOKU_CELLS);
    for (int i = 0; i < 9; i++)
        rec->row_line[i] = line;
}

int reader_next(reader *r, record *rec)
{
    line_summary *l = &r->next;
    int rows = 0;

    for (;;) {
        if (!r->pending && !read_line(r, l)) {
            if (r->error)
                return -1;
            return rows ? short_block(rec) : 0;
        }
        r->pending = 0;
        if (l->empty || l->comment) {
            if (rows)
                return short_block(rec);
            continue;
        }
        if (l->cells == 0)
            continue; /* a rule between rows */
        if (l->cells == 9) {
            if (rows == 0) {
                rec->line = l->number;
                rec->count = 0;
            }
            memcpy(rec->cell + rows * 9, l->cell, 9);
            rec->row_line[rows] = l->number;
            rec->count += 9;
            if (++rows == 9) {
                rec->kind = RECORD_CELLS;
                return 1;
            }
            continue;
        }
        if (rows) {
            r->pending = 1; /* this line starts the next record */
            return short_block(rec);
        }
        record_from_line(rec, l->cell, l->cells, l->number);
        return 1;
    }
}
