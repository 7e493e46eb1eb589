/*
 * reader.c - lines and blocks of puzzle text, read in constant memory.
 *
 * A UTF-8 byte-order mark at the very start of the input is skipped, as
 * Windows editors write one; a stream in UTF-16 (with its byte-order mark,
 * or an ASCII first character whose other byte is 0) is read as the same
 * text in UTF-8. Every line is reduced to its cells: the characters left
 * once white space (space, tab, CR, wherever they are) and the separators
 * '|', '+', '-' and Unicode's box-drawing characters (U+2500 to U+257F) are
 * dropped. Then, counting a UTF-8 sequence as one character:
 *
 *   - an empty line, or one whose first visible character is '#', is
 *     skipped; it also ends a block in progress;
 *   - a rule is skipped: a line of separators only, such as
 *     "------+-------+------", or a frame, a line of nothing but the
 *     characters frames are drawn with (- = + | . : ' * and box drawing)
 *     with at least three lines among them ('-', '=' or box drawing), as
 *     HoDoKu (".---.", ":---+---:", "'---'") and Sudoku Explainer
 *     ("*-----------*") draw them;
 *   - a line of exactly 9 cells is a row of a block, and 9 rows make a
 *     puzzle;
 *   - any other line is a one-line puzzle, right or wrong in length;
 *   - an empty line between the bands of a block (after its third and its
 *     sixth row) does not end it;
 *   - a one-line puzzle may be followed by a note: where a line that is no
 *     record as a whole (its cells are not 81 or 729, or one is foreign)
 *     has exactly 81 (or 729) clean cells and then white space, a comma or
 *     a semicolon, the record ends there, and the rest of the line is its
 *     note, as in "PUZZLE 7.1/1.2/1.2", "PUZZLE # easy", "PUZZLE;name" or
 *     QQWing's CSV "PUZZLE,";
 *     a line that starts "Puzzle," is the header of that CSV, and skipped;
 *   - nine rows of nine runs of digits, apart by white space or '|', as in
 *     the candidates `explain --candidates` draws, are a grid of pencil
 *     marks (a run of one digit is a given): the record is their 729
 *     characters.
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

/* The bytes a frame is drawn with, besides box drawing: 1, or 2 for a line. */
static const unsigned char frame_byte[256] = {
    ['-'] = 2, ['='] = 2, ['+'] = 1, ['|'] = 1, ['.'] = 1, [':'] = 1,
    ['\''] = 1, ['*'] = 1};

/* The fewest lines ('-', '=', box drawing) that make a frame of a line. */
#define FRAME_LINES 3

/*
 * Whether the bytes at p (before end) are a box-drawing character,
 * U+2500 to U+257F: E2 94 80 to E2 95 BF in UTF-8.
 */
static int box_drawing(const unsigned char *p, const unsigned char *end)
{
    return end - p >= 3 && p[0] == 0xE2 && (p[1] == 0x94 || p[1] == 0x95) &&
           (p[2] & 0xC0) == 0x80;
}

static const char bom[3] = {'\xEF', '\xBB', '\xBF'};

void reader_init(reader *r, FILE *in, int interactive)
{
    memset(r, 0, offsetof(reader, buffer));
    r->in = in;
    r->interactive = interactive;
    r->unit_ahead = -1;
}

void reader_init_text(reader *r, const char *text, size_t length)
{
    memset(r, 0, offsetof(reader, buffer));
    r->text = text;
    r->text_left = length;
}

/* Takes up to `room` bytes of the text into `to`. */
static size_t take_text(reader *r, char *to, size_t room)
{
    const size_t n = r->text_left < room ? r->text_left : room;

    if (n > 0)
        memcpy(to, r->text, n);
    r->text += n;
    r->text_left -= n;
    return n;
}

/* Writes the character u as UTF-8 at `to`; returns its length. */
static size_t put_utf8(char *to, unsigned long u)
{
    if (u < 0x80) {
        to[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        to[0] = (char)(0xC0 | u >> 6);
        to[1] = (char)(0x80 | (u & 0x3F));
        return 2;
    }
    if (u < 0x10000) {
        to[0] = (char)(0xE0 | u >> 12);
        to[1] = (char)(0x80 | (u >> 6 & 0x3F));
        to[2] = (char)(0x80 | (u & 0x3F));
        return 3;
    }
    to[0] = (char)(0xF0 | u >> 18);
    to[1] = (char)(0x80 | (u >> 12 & 0x3F));
    to[2] = (char)(0x80 | (u >> 6 & 0x3F));
    to[3] = (char)(0x80 | (u & 0x3F));
    return 4;
}

/*
 * The next UTF-16 code unit of the stream, or -1 at its end; a last byte
 * without its pair is U+FFFD, a character that is not UTF-16.
 */
static long next_unit(reader *r)
{
    const long ahead = r->unit_ahead;
    int a, b;

    if (ahead >= 0) {
        r->unit_ahead = -1;
        return ahead;
    }
    if ((a = getc(r->in)) == EOF)
        return -1;
    if ((b = getc(r->in)) == EOF) {
        r->bytes += 1;
        return 0xFFFD;
    }
    r->bytes += 2;
    return r->utf16 == UTF16_BIG ? (long)a << 8 | b : (long)b << 8 | a;
}

/*
 * Reads UTF-16 from the stream into `to` as UTF-8, at most `room` bytes,
 * and reading a line at a time. A lone surrogate is U+FFFD.
 */
static size_t take_utf16(reader *r, char *to, size_t room)
{
    size_t out = 0;
    long u;

    while (out + 4 <= room && (u = next_unit(r)) >= 0) {
        if (u >= 0xD800 && u < 0xDC00) { /* a high surrogate: its pair follows */
            const long low = next_unit(r);

            if (low >= 0xDC00 && low < 0xE000) {
                u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
            } else {
                r->unit_ahead = low;
                u = 0xFFFD;
            }
        } else if (u >= 0xDC00 && u < 0xE000) {
            u = 0xFFFD;
        }
        out += put_utf8(to + out, (unsigned long)u);
        if (u == '\n')
            break;
    }
    return out;
}

/*
 * Whether a stream starts in UTF-16, from its first two bytes, after a
 * UTF-8 byte-order mark if there is one (which goes then): a byte-order
 * mark of UTF-16, which goes too, or an ASCII character and a 0. Any other
 * start is put back where the buffer's text begins, to be read as UTF-8.
 * Returns the bytes put back.
 */
static size_t detect_utf16(reader *r)
{
    unsigned char first[2 + sizeof bom];
    size_t n = fread(first, 1, 2, r->in), skip = 0;
    const unsigned char *p;

    if (n == 2 && memcmp(first, bom, 2) == 0) {
        n += fread(first + 2, 1, sizeof bom, r->in);
        skip = n >= sizeof bom && first[2] == (unsigned char)bom[2] ? sizeof bom : 0;
    }
    p = first + skip;
    if (n - skip == 2 && ((p[0] == 0xFF && p[1] == 0xFE) || (p[0] == 0xFE && p[1] == 0xFF))) {
        r->utf16 = p[0] == 0xFE ? UTF16_BIG : UTF16_LITTLE;
    } else if (n - skip == 2 && (p[0] == 0) != (p[1] == 0) && (p[0] | p[1]) < 0x80) {
        r->utf16 = p[0] == 0 ? UTF16_BIG : UTF16_LITTLE;
        r->unit_ahead = p[0] | p[1];
    } else {
        memcpy(r->buffer + r->len, first, n);
        return n;
    }
    r->bytes += (double)n;
    return 0;
}

/* Reads up to `room` bytes into `to`, and no further than a newline. */
static size_t take_line(reader *r, char *to, size_t room)
{
    size_t n = 0;
    int c;

    while (n < room && (c = getc(r->in)) != EOF) {
        to[n++] = (char)c;
        if (c == '\n')
            break;
    }
    return n;
}

/*
 * Fills the buffer after the bytes [pos, len), which move to its start.
 * Returns 0, with no bytes added, at the end of the stream, on an error, or
 * when the reader is told to stop.
 */
static int refill(reader *r)
{
    const size_t kept = r->len - r->pos;
    char *const to = r->buffer + kept;
    size_t n = 0, room = READER_BUFFER - kept;

    if (r->stop && *r->stop)
        r->end = 1;
    if (r->end)
        return 0;
    memmove(r->buffer, r->buffer + r->pos, kept);
    r->pos = 0;
    r->len = kept;
    errno = 0; /* so a failure that does not set it is not taken for another */
    if (!r->in) {
        n = take_text(r, to, room);
    } else {
        if (!r->started)
            n = detect_utf16(r); /* the bytes it put back, if not UTF-16 */
        if (r->utf16) {
            n = take_utf16(r, to, room); /* counts the bytes it reads */
        } else {
            if (!r->interactive)
                n += fread(to + n, 1, room - n, r->in);
            else if (n == 0 || to[n - 1] != '\n') /* whole lines, one at a time */
                n += take_line(r, to + n, room - n);
            r->bytes += (double)n;
        }
    }
    r->len += n;
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

/*
 * How many bytes at the end of [p, p + n) begin a UTF-8 character that
 * does not end there, 0 to 3: held back until the rest is read, so that a
 * character is never scanned in two pieces.
 */
static size_t unfinished_character(const unsigned char *p, size_t n)
{
    for (size_t back = 1; back <= 3 && back <= n; back++) {
        const unsigned char c = p[n - back];

        if ((c & 0xC0) != 0x80) { /* the last lead byte, or ASCII */
            const size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;

            return length > back ? back : 0;
        }
    }
    return 0;
}

static void start_line(line_summary *l)
{
    l->framing = 1;
    l->rules = 0;
    l->cut = l->note_length = 0;
    l->tokens = l->in_token = 0;
    l->candidates = 1;
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

/* Keeps the bytes [p, end) of a note, as many as there is room for. */
static void keep_note(line_summary *l, const unsigned char *p, const unsigned char *end)
{
    size_t n = (size_t)(end - p);

    if (n > RECORD_NOTE_MAX - l->note_length)
        n = RECORD_NOTE_MAX - l->note_length;
    memcpy(l->note + l->note_length, p, n);
    l->note_length += n;
}

/* Adds a cell to the line's runs of candidates. */
static void take_candidate(line_summary *l, unsigned char c)
{
    if (!l->in_token) {
        l->in_token = 1;
        if (l->tokens++ < 9)
            l->token_mask[l->tokens - 1] = 0;
    }
    if (c < '1' || c > '9' || l->tokens > 9 ||
        (l->token_mask[l->tokens - 1] >> (c - '1') & 1)) {
        l->candidates = 0;
        return;
    }
    l->token_mask[l->tokens - 1] |= (unsigned short)(1u << (c - '1'));
}

/* Whether a line that starts at p (before end) is the header of QQWing's CSV. */
static int csv_header(const unsigned char *p, const unsigned char *end)
{
    static const char header[] = "Puzzle,";

    return (size_t)(end - p) >= sizeof header - 1 &&
           memcmp(p, header, sizeof header - 1) == 0;
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
    if (l->cut)
        keep_note(l, p, end);
    if (l->empty) {
        while (p < end && byte_kind[*p] == WHITE)
            p++;
        if (p < end) {
            l->empty = 0;
            if (*p == '#' || csv_header(p, end)) {
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
        const unsigned char c = *p;
        unsigned char kind = byte_kind[c];

        if (!l->cut && (kind == WHITE || c == ',' || c == ';') && l->foreign.column == 0 &&
            (l->cells == SUDOKU_CELLS || l->cells == RECORD_MAX_CELLS)) {
            l->cut = l->cells; /* a note may start here */
            keep_note(l, p, piece_end);
        }
        if (l->collecting)
            collect_foreign(l, c);
        if (kind == FOREIGN && box_drawing(p, end)) {
            p += 2;
            kind = SEPARATOR;
            l->rules += l->rules < FRAME_LINES; /* counted as far as it matters */
        } else if (kind != WHITE) {
            l->framing &= frame_byte[c] != 0;
            l->rules += l->rules < FRAME_LINES && frame_byte[c] == 2;
        }
        if (kind == WHITE || kind == SEPARATOR) {
            l->in_token = 0;
            continue;
        }
        take_candidate(l, c);
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
        l->collecting = l->in_token = 0; /* white space came between */
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
        size_t held;

        got_bytes = 1;
        if (newline) {
            scan(l, p, newline);
            r->pos += (size_t)(newline - p) + 1;
            l->number = ++r->lines;
            return 1;
        }
        held = unfinished_character(p, left);
        scan(l, p, p + left - held);
        r->pos = r->len - held;
        if (held > 0 && !refill(r)) { /* the stream ends inside the character */
            const unsigned char *kept = (const unsigned char *)r->buffer;

            scan(l, kept + r->pos, kept + r->len); /* moved or not, [pos, len) */
            r->pos = r->len;
        }
    }
    if (!got_bytes || r->error || (r->stop && *r->stop))
        return 0; /* a line cut short by a read error or a stop is not a record */
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

/*
 * Whether the line ends its record where a note may begin: when it is no
 * record as a whole, and its cells up to there are.
 */
static int has_note(const line_summary *l)
{
    const size_t n = characters(l);

    return l->cut && (l->foreign.column != 0 ||
                      (n != SUDOKU_CELLS && n != RECORD_MAX_CELLS));
}

/* The note, without the white space and the commas around it. */
static void take_note(record *rec, const line_summary *l)
{
    const char *p = l->note, *end = l->note + l->note_length;

    while (p < end && (byte_kind[(unsigned char)*p] == WHITE || *p == ',' || *p == ';'))
        p++;
    while (end > p && (byte_kind[(unsigned char)end[-1]] == WHITE || end[-1] == ','))
        end--;
    rec->note_length = (size_t)(end - p);
    memcpy(rec->note, p, rec->note_length);
}

static void one_line_record(record *rec, const line_summary *l)
{
    const int noted = has_note(l);

    rec->kind = RECORD_CELLS;
    rec->line = l->number;
    rec->count = noted ? l->cut : l->cells;
    rec->characters = noted ? l->cut : characters(l);
    rec->foreign.column = 0;
    rec->note_length = 0;
    if (noted)
        take_note(rec, l);
    else
        take_foreign(rec, l, 0);
    memcpy(rec->cell, l->cell,
           rec->count < RECORD_MAX_CELLS ? rec->count : RECORD_MAX_CELLS);
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

/* Whether a line is a row of candidates: nine runs of distinct digits. */
static int candidate_row(const line_summary *l)
{
    return l->tokens == 9 && l->candidates && l->foreign.column == 0;
}

/*
 * Makes the block a grid of candidates, from its first rows (read as
 * cells) on: each must be a given. Returns 0 when one is not.
 */
static int start_marks(reader *r, const record *rec, int rows)
{
    for (int i = 0; i < rows * 9; i++) {
        const char c = rec->cell[i];

        if (c < '1' || c > '9')
            return 0;
        r->marks[i] = (unsigned short)(1u << (c - '1'));
    }
    r->marked = 1;
    return 1;
}

/*
 * Adds the line as the row `row` of a block: its cells, or in a grid of
 * candidates, its runs of digits. Returns 0 when it is no such row: a row
 * of cells among rows of candidates.
 */
static int take_row(reader *r, record *rec, const line_summary *l, int row)
{
    if (characters(l) != 9 && !r->marked && !start_marks(r, rec, row))
        return 0;
    rec->row_line[row] = l->number;
    if (r->marked) {
        if (!candidate_row(l))
            return 0;
        memcpy(r->marks + row * 9, l->token_mask, sizeof l->token_mask);
        return 1;
    }
    memcpy(rec->cell + (size_t)row * 9, l->cell, 9);
    take_foreign(rec, l, (size_t)row * 9);
    rec->count += 9;
    rec->characters += 9;
    return 1;
}

/* The candidates of a block as its record: 729 characters of marks. */
static void write_marks(const reader *r, record *rec)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 0; d < 9; d++)
            rec->cell[c * 9 + d] = (char)(r->marks[c] >> d & 1 ? '1' + d : '.');
    }
    rec->count = rec->characters = RECORD_MAX_CELLS;
}

/*
 * Whether an empty line after `rows` rows of a block falls between its
 * bands: after the third row, or after the sixth when there was one after
 * the third, so that a block is spaced all through or not at all.
 */
static int band_break(reader *r, int rows)
{
    if ((rows == 3 && r->spaced == 0) || (rows == 6 && r->spaced == 1)) {
        r->spaced++;
        return 1;
    }
    return 0;
}

double reader_stream_offset(const reader *r)
{
    return r->in ? r->bytes - (double)(r->len - r->pos) : 0;
}

int reader_next(reader *r, record *rec)
{
    line_summary *l = &r->next;
    int rows = 0;

    rec->foreign.column = 0;
    rec->note_length = 0;
    for (;;) {
        if (!r->pending && !read_line(r, l)) {
            if (r->error)
                return -1;
            return rows ? short_block(rec) : 0;
        }
        r->pending = 0;
        if (l->empty && !l->comment && band_break(r, rows))
            continue;
        if (l->empty || l->comment) {
            if (rows)
                return short_block(rec);
            continue;
        }
        if (l->cells == 0 || (l->framing && l->rules >= FRAME_LINES))
            continue; /* a rule, or a frame's line */
        if (characters(l) == 9 || candidate_row(l)) {
            if (rows == 0) {
                rec->line = l->number;
                rec->count = rec->characters = 0;
                r->spaced = r->marked = 0;
            }
            if ((rows == 6 && r->spaced == 1) || /* the second band break is missing */
                !take_row(r, rec, l, rows)) {
                r->pending = 1;
                return short_block(rec);
            }
            if (++rows == 9) {
                if (r->marked)
                    write_marks(r, rec);
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
