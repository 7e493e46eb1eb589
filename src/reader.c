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
 *
 * Speed matters here, since a fast solver spends only a few microseconds on
 * a puzzle: memchr() finds the end of each line within the buffer, and a
 * table tells cells from the rest, so a line costs little more than a
 * pass over its bytes.
 */
#include "reader.h"

#include <errno.h>
#include <string.h>

/* What a byte is to a line: a cell unless the list says otherwise. */
enum { CELL = 0, WHITE = 1, SEPARATOR = 2 };

#define LAYOUT_BYTES(X)                                                        \
    X('\t', WHITE) X('\r', WHITE) X(' ', WHITE)                                 \
    X('|', SEPARATOR) X('+', SEPARATOR) X('-', SEPARATOR)

#define KIND_ENTRY(byte, kind) [(byte)] = (kind),
static const unsigned char byte_kind[256] = {LAYOUT_BYTES(KIND_ENTRY)};
#undef KIND_ENTRY

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
    errno = 0; /* so a failure that does not set it is not taken for another */
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

static void start_line(line_summary *l)
{
    l->cells = 0;
    l->empty = 1;
    l->comment = 0;
}

/*
 * Whether all 81 bytes at p are cells. The same test as byte_kind's, from
 * the same list, written without branches so that compilers vectorize it.
 */
static int all_cells(const unsigned char *p)
{
    unsigned char other = 0;

    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const unsigned char c = p[i];
#define MARK_LAYOUT(byte, kind) other |= (unsigned char)-(c == (byte));
        LAYOUT_BYTES(MARK_LAYOUT)
#undef MARK_LAYOUT
    }
    return !other;
}

/*
 * Adds the bytes [p, end) to the line in `l`. A line may come in several
 * pieces when it straddles the end of the buffer.
 */
static void scan(line_summary *l, const unsigned char *p, const unsigned char *end)
{
    if (l->comment)
        return;
    if (l->empty) {
        while (p < end && byte_kind[*p] == WHITE)
            p++;
        if (p == end)
            return;
        l->empty = 0;
        if (*p == '#') {
            l->comment = 1;
            return;
        }
    }
    while (end > p && byte_kind[end[-1]] == WHITE)
        end--; /* trailing white space and the CR of a CRLF */
    if (l->cells == 0 && end - p == SUDOKU_CELLS && all_cells(p)) {
        memcpy(l->cell, p, SUDOKU_CELLS); /* the common case: 81 cells */
        l->cells = SUDOKU_CELLS;
        return;
    }
    for (; p < end; p++) {
        if (byte_kind[*p] != CELL)
            continue;
        if (l->cells < RECORD_MAX_CELLS)
            l->cell[l->cells] = (char)*p;
        l->cells++;
    }
}

/* Reads one line into `l`. Returns 0 when the stream has no more bytes. */
static int read_line(reader *r, line_summary *l)
{
    int got_bytes = 0;

    start_line(l);
    while (r->pos < r->len || refill(r)) {
        const unsigned char *p = (const unsigned char *)r->buffer + r->pos;
        const size_t left = r->len - r->pos;
        const unsigned char *newline = memchr(p, '\n', left);

        got_bytes = 1;
        if (newline) {
            scan(l, p, newline);
            r->pos += (size_t)(newline - p) + 1;
            l->number = ++r->lines;
            return 1;
        }
        scan(l, p, p + left);
        r->pos = r->len;
    }
    if (!got_bytes || r->error)
        return 0; /* a line cut short by a read error is not a record */
    l->number = ++r->lines;
    return 1;
}

static int short_block(record *rec)
{
    rec->kind = RECORD_SHORT_BLOCK;
    return 1;
}

static void one_line_record(record *rec, const line_summary *l)
{
    rec->kind = RECORD_CELLS;
    rec->line = l->number;
    rec->count = l->cells;
    memcpy(rec->cell, l->cell, l->cells < RECORD_MAX_CELLS ? l->cells : RECORD_MAX_CELLS);
    for (int i = 0; i < 9; i++)
        rec->row_line[i] = l->number;
}

size_t record_from_text(record *rec, const char *text, size_t length,
                        unsigned long line)
{
    line_summary l;

    start_line(&l);
    scan(&l, (const unsigned char *)text, (const unsigned char *)text + length);
    l.number = line;
    if (l.comment)
        l.cells = 0;
    one_line_record(rec, &l);
    return l.cells;
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
            memcpy(rec->cell + (size_t)rows * 9, l->cell, 9);
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
        one_line_record(rec, l);
        return 1;
    }
}
