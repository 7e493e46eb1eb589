/*
 * reader.c - lines and blocks of puzzle text, read in constant memory.
 *
 * A UTF-8 byte-order mark at the very start of the input is skipped, as
 * Windows editors write one. Every line is reduced to its cells: the
 * characters left once white space (space, tab, CR, wherever they are) and
 * the separators '|', '+' and '-' are dropped. Then, counting a UTF-8
 * sequence as one character:
 *
 *   - an empty line, or one whose first visible character is '#', is
 *     skipped; it also ends a block in progress;
 *   - a line of separators only (a rule such as "------+-------+------")
 *     is skipped;
 *   - a line of exactly 9 cells is a row of a block, and 9 rows make a
 *     puzzle;
 *   - any other line is a one-line puzzle, right or wrong in length.
 *
 * The reader does not judge the cells themselves, sudoku_parse() does; it
 * only notes the first character of each record that is neither a cell
 * character (1-9, '.', '0', '_', '*') nor white space nor a separator, and
 * where it is, so that the command can name it before anything else.
 *
 * Speed matters here, since a fast solver spends only a few microseconds on
 * a puzzle: memchr() finds the end of each line within the buffer, and a
 * table tells cells from the rest, so a line costs little more than a
 * pass over its bytes.
 */
#include "reader.h"

#include <errno.h>
#include <string.h>

/* What a byte is to a line: foreign unless the lists say otherwise. */
enum { FOREIGN = 0, CELL = 1, WHITE = 2, SEPARATOR = 3 };

#define CELL_BYTES(X)                                                          \
    X('1', CELL) X('2', CELL) X('3', CELL) X('4', CELL) X('5', CELL)           \
    X('6', CELL) X('7', CELL) X('8', CELL) X('9', CELL)                        \
    X('.', CELL) X('0', CELL) X('_', CELL) X('*', CELL)
#define LAYOUT_BYTES(X)                                                        \
    X('\t', WHITE) X('\r', WHITE) X(' ', WHITE)                                 \
    X('|', SEPARATOR) X('+', SEPARATOR) X('-', SEPARATOR)

#define KIND_ENTRY(byte, kind) [(byte)] = (kind),
static const unsigned char byte_kind[256] = {
    CELL_BYTES(KIND_ENTRY) LAYOUT_BYTES(KIND_ENTRY)};
#undef KIND_ENTRY

static const char bom[3] = {'\xEF', '\xBB', '\xBF'};

void reader_init(reader *r, FILE *in, int interactive)
{
    memset(r, 0, offsetof(reader, buffer));
    r->in = in;
    r->interactive = interactive;
}

void reader_init_text(reader *r, const char *text, size_t length)
{
    memset(r, 0, offsetof(reader, buffer));
    r->text = text;
    r->text_left = length;
}

/* Takes up to READER_BUFFER bytes of the text. */
static size_t take_text(reader *r)
{
    const size_t n = r->text_left < READER_BUFFER ? r->text_left : READER_BUFFER;

    if (n > 0)
        memcpy(r->buffer, r->text, n);
    r->text += n;
    r->text_left -= n;
    return n;
}

/* Fills the buffer. Returns 0 at the end of the stream or on an error. */
static int refill(reader *r)
{
    size_t n = 0;

    if (r->end)
        return 0;
    errno = 0; /* so a failure that does not set it is not taken for another */
    if (!r->in) {
        n = take_text(r);
    } else if (r->interactive) {
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
    r->bytes += (double)n;
    if (n == 0) {
        r->end = 1;
        if (r->in && ferror(r->in))
            r->error = errno ? errno : EIO;
    }
    /*
     * The first read holds the whole BOM, if there is one: fread() fills
     * the buffer, and a line read alone holds it unless the line is shorter.
     */
    if (!r->started && n > 0) {
        r->started = 1;
        if (n >= sizeof bom && memcmp(r->buffer, bom, sizeof bom) == 0)
            r->pos = sizeof bom;
    }
    return n > 0;
}

static void start_line(line_summary *l)
{
    l->cells = 0;
    l->continuations = 0;
    l->seen = 0;
    l->empty = 1;
    l->comment = 0;
    l->collecting = 0;
    l->foreign.column = 0;
}

/*
 * Whether all 81 bytes at p are cell characters. The same test as
 * byte_kind's, from the same list, written without branches so that
 * compilers vectorize it.
 */
static int all_cells(const unsigned char *p)
{
    unsigned char other = 0;

    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const unsigned char c = p[i];
        unsigned char cell = 0;
#define MARK_CELL(byte, kind) cell |= (unsigned char)-(c == (byte));
        CELL_BYTES(MARK_CELL)
#undef MARK_CELL
        other |= (unsigned char)~cell;
    }
    return !other;
}

/* Notes the foreign byte c, the first of its line, at column `column`. */
static void note_foreign(line_summary *l, unsigned char c, size_t column)
{
    l->foreign.column = column;
    l->foreign.cell = l->cells;
    l->foreign.bytes[0] = c;
    l->foreign.length = 1;
    l->collecting = c >= 0xC2 && c <= 0xF4; /* it may lead a UTF-8 sequence */
}

/* Keeps c as part of the foreign character while it can be. */
static void collect_foreign(line_summary *l, unsigned char c)
{
    if ((c & 0xC0) != 0x80 || l->foreign.length == sizeof l->foreign.bytes) {
        l->collecting = 0;
        return;
    }
    l->foreign.bytes[l->foreign.length++] = c;
}

/*
 * Adds the bytes [p, end) to the line in `l`. A line may come in several
 * pieces when it straddles the end of the buffer.
 */
static void scan(line_summary *l, const unsigned char *p, const unsigned char *end)
{
    const unsigned char *const start = p, *const piece_end = end;

    if (l->comment)
        return;
    if (l->empty) {
        while (p < end && byte_kind[*p] == WHITE)
            p++;
        if (p < end) {
            l->empty = 0;
            if (*p == '#') {
                l->comment = 1;
                return;
            }
        }
    }
    while (end > p && byte_kind[end[-1]] == WHITE)
        end--; /* trailing white space and the CR of a CRLF */
    if (l->cells == 0 && end - p == SUDOKU_CELLS && all_cells(p)) {
        memcpy(l->cell, p, SUDOKU_CELLS); /* the common case: 81 cells */
        l->cells = SUDOKU_CELLS;
        p = end;
    }
    for (; p < end; p++) {
        const unsigned char c = *p, kind = byte_kind[c];

        if (l->collecting)
            collect_foreign(l, c);
        if (kind == WHITE || kind == SEPARATOR)
            continue;
        if (kind == FOREIGN) {
            if (l->foreign.column == 0)
                note_foreign(l, c, l->seen + (size_t)(p - start) + 1);
            l->continuations += (c & 0xC0) == 0x80;
        }
        if (l->cells < RECORD_MAX_CELLS)
            l->cell[l->cells] = (char)c;
        l->cells++;
    }
    if (end != piece_end)
        l->collecting = 0; /* white space came between */
    l->seen += (size_t)(piece_end - start);
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

/* The characters of a line: its cells, a UTF-8 sequence counted once. */
static size_t characters(const line_summary *l)
{
    return l->cells - l->continuations;
}

/* Makes the foreign character of `l`, if any, the record's, unless it has one. */
static void take_foreign(record *rec, const line_summary *l, size_t first_cell)
{
    if (l->foreign.column == 0 || rec->foreign.column != 0)
        return;
    rec->foreign = l->foreign;
    rec->foreign.line = l->number;
    rec->foreign.cell += first_cell;
}

static void one_line_record(record *rec, const line_summary *l)
{
    rec->kind = RECORD_CELLS;
    rec->line = l->number;
    rec->count = l->cells;
    rec->characters = characters(l);
    rec->foreign.column = 0;
    take_foreign(rec, l, 0);
    memcpy(rec->cell, l->cell,
           l->cells < RECORD_MAX_CELLS ? l->cells : RECORD_MAX_CELLS);
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
    if (l.comment) {
        l.cells = l.continuations = 0;
        l.foreign.column = 0;
    }
    one_line_record(rec, &l);
    return l.cells;
}

int reader_next(reader *r, record *rec)
{
    line_summary *l = &r->next;
    int rows = 0;

    rec->foreign.column = 0;
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
        if (characters(l) == 9) {
            if (rows == 0) {
                rec->line = l->number;
                rec->count = rec->characters = 0;
            }
            memcpy(rec->cell + (size_t)rows * 9, l->cell, 9);
            rec->row_line[rows] = l->number;
            take_foreign(rec, l, (size_t)rows * 9);
            rec->count += 9;
            rec->characters += 9;
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
