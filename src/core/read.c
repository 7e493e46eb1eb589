/*
 * read.c - lines and blocks of puzzle text, read in constant memory.
 *
 * A UTF-8 byte-order mark at the very start of a text is skipped, as
 * Windows editors write one (the command skips it at the start of a
 * stream too, where it also reads UTF-16 as the same text in UTF-8).
 * Every line is reduced to its cells: the characters left once white
 * space (space, tab, CR, wherever they are) and the separators '|', '+',
 * '-' and Unicode's box-drawing characters (U+2500 to U+257F) are
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
 * where it is, so that a caller can name it before anything else.
 *
 * A reader takes its lines from a line source: the text it was given, or
 * the caller's (the command reads a stream into a buffer, and gives each
 * line as it finds it, in pieces when it straddles the buffer's end).
 * Whatever its source, a line is scanned as it comes, piece by piece, and
 * only what telling a record from the rest needs is kept of it.
 *
 * Speed matters here, since a fast solver spends only a few microseconds on
 * a puzzle: memchr() finds the end of each line, and a table tells cells
 * from the rest, so a line costs little more than a pass over its bytes.
 */
#include "sudoku.h"

#include <stdio.h>
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

/* The line source of a text: its next line, up to '\n' or its end. */
static int next_text_line(void *source, sudoku_line *line)
{
    sudoku_reader *r = source;
    const char *newline;
    size_t length;

    if (r->text_left == 0)
        return 0;
    newline = memchr(r->text, '\n', r->text_left);
    length = newline ? (size_t)(newline - r->text) : r->text_left;
    sudoku_line_scan(line, r->text, length);
    length += newline != NULL;
    r->text += length;
    r->text_left -= length;
    return 1;
}

void sudoku_reader_init(sudoku_reader *r, sudoku_line_source *next_line, void *source)
{
    memset(r, 0, offsetof(sudoku_reader, line));
    r->next_line = next_line;
    r->source = source;
}

void sudoku_reader_init_text(sudoku_reader *r, const char *text, size_t length)
{
    sudoku_reader_init(r, next_text_line, r);
    if (length >= sizeof bom && memcmp(text, bom, sizeof bom) == 0) {
        text += sizeof bom;
        length -= sizeof bom;
    }
    r->text = text;
    r->text_left = length;
}

static void start_line(sudoku_line *l)
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
static void note_foreign(sudoku_line *l, unsigned char c, size_t column)
{
    l->foreign.column = column;
    l->foreign.cell = l->cells;
    l->foreign.bytes[0] = c;
    l->foreign.length = 1;
    l->collecting = c >= 0xC2 && c <= 0xF4; /* it may lead a UTF-8 sequence */
}

/* Keeps c as part of the foreign character while it can be. */
static void collect_foreign(sudoku_line *l, unsigned char c)
{
    if ((c & 0xC0) != 0x80 || l->foreign.length == sizeof l->foreign.bytes) {
        l->collecting = 0;
        return;
    }
    l->foreign.bytes[l->foreign.length++] = c;
}

/* Keeps the bytes [p, end) of a note, as many as there is room for. */
static void keep_note(sudoku_line *l, const unsigned char *p, const unsigned char *end)
{
    size_t n = (size_t)(end - p);

    if (n > SUDOKU_NOTE_MAX - l->note_length)
        n = SUDOKU_NOTE_MAX - l->note_length;
    memcpy(l->note + l->note_length, p, n);
    l->note_length += n;
}

/* Adds a cell to the line's runs of candidates. */
static void take_candidate(sudoku_line *l, unsigned char c)
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
 * Adds `length` bytes to the line in `l`. A line may come in several
 * pieces when it straddles the end of the buffer.
 */
void sudoku_line_scan(sudoku_line *l, const char *bytes, size_t length)
{
    const unsigned char *p = (const unsigned char *)bytes, *end = p + length;
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
            (l->cells == SUDOKU_CELLS || l->cells == SUDOKU_MARKS)) {
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
        if (l->cells < SUDOKU_MARKS)
            l->cell[l->cells] = (char)c;
        l->cells++;
    }
    if (end != piece_end)
        l->collecting = l->in_token = 0; /* white space came between */
    l->seen += (size_t)(piece_end - start);
}

/*
 * Gives a finished record its status: its foreign character first, since
 * it is what is wrong before anything else. Returns 1, for a record given.
 */
static int finish(sudoku_record *rec, sudoku_status status)
{
    rec->status = rec->foreign.column != 0 ? SUDOKU_E_CHARACTER : status;
    return 1;
}

static int short_block(sudoku_record *rec)
{
    return finish(rec, SUDOKU_E_SHORT_BLOCK);
}

/* The characters of a line: its cells, a UTF-8 sequence counted once. */
static size_t characters(const sudoku_line *l)
{
    return l->cells - l->continuations;
}

/* Makes the foreign character of `l`, if any, the record's, unless it has one. */
static void take_foreign(sudoku_record *rec, const sudoku_line *l, size_t first_cell)
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
static int has_note(const sudoku_line *l)
{
    const size_t n = characters(l);

    return l->cut && (l->foreign.column != 0 ||
                      (n != SUDOKU_CELLS && n != SUDOKU_MARKS));
}

/* The note, without the white space and the commas around it. */
static void take_note(sudoku_record *rec, const sudoku_line *l)
{
    const char *p = l->note, *end = l->note + l->note_length;

    while (p < end && (byte_kind[(unsigned char)*p] == WHITE || *p == ',' || *p == ';'))
        p++;
    while (end > p && (byte_kind[(unsigned char)end[-1]] == WHITE || end[-1] == ','))
        end--;
    rec->note_length = (size_t)(end - p);
    memcpy(rec->note, p, rec->note_length);
}

static void one_line_record(sudoku_record *rec, const sudoku_line *l)
{
    const int noted = has_note(l);

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
           rec->count < SUDOKU_MARKS ? rec->count : SUDOKU_MARKS);
    for (int i = 0; i < 9; i++)
        rec->row_line[i] = l->number;
    finish(rec, SUDOKU_OK);
}

size_t sudoku_record_from_line(sudoku_record *rec, const char *text, size_t length,
                               unsigned long line)
{
    sudoku_line l;

    start_line(&l);
    sudoku_line_scan(&l, text, length);
    l.number = line;
    if (l.comment) {
        l.cells = l.continuations = 0;
        l.foreign.column = 0;
    }
    one_line_record(rec, &l);
    return l.cells;
}

/* Whether a line is a row of candidates: nine runs of distinct digits. */
static int candidate_row(const sudoku_line *l)
{
    return l->tokens == 9 && l->candidates && l->foreign.column == 0;
}

/*
 * Makes the block a grid of candidates, from its first rows (read as
 * cells) on: each must be a given. Returns 0 when one is not.
 */
static int start_marks(sudoku_reader *r, const sudoku_record *rec, int rows)
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
static int take_row(sudoku_reader *r, sudoku_record *rec, const sudoku_line *l, int row)
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
static void write_marks(const sudoku_reader *r, sudoku_record *rec)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 0; d < 9; d++)
            rec->cell[c * 9 + d] = (char)(r->marks[c] >> d & 1 ? '1' + d : '.');
    }
    rec->count = rec->characters = SUDOKU_MARKS;
}

/*
 * Whether an empty line after `rows` rows of a block falls between its
 * bands: after the third row, or after the sixth when there was one after
 * the third, so that a block is spaced all through or not at all.
 */
static int band_break(sudoku_reader *r, int rows)
{
    if ((rows == 3 && r->spaced == 0) || (rows == 6 && r->spaced == 1)) {
        r->spaced++;
        return 1;
    }
    return 0;
}

/*
 * Reads the next line into `l`. Returns 1, 0 at the end of the input, or
 * -1 when the source failed.
 */
static int read_line(sudoku_reader *r, sudoku_line *l)
{
    int got;

    start_line(l);
    got = r->next_line(r->source, l);
    if (got > 0)
        l->number = ++r->lines;
    return got;
}

int sudoku_reader_next(sudoku_reader *r, sudoku_record *rec)
{
    sudoku_line *l = &r->line;
    int rows = 0, got;

    rec->foreign.column = 0;
    rec->note_length = 0;
    for (;;) {
        if (!r->pending && (got = read_line(r, l)) <= 0)
            return got < 0 ? -1 : rows ? short_block(rec) : 0;
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
                return finish(rec, SUDOKU_OK);
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

sudoku_status sudoku_read_puzzle(sudoku_record *rec, const char *text, size_t length)
{
    sudoku_reader r;
    sudoku_record second;

    if (!rec || (!text && length > 0))
        return SUDOKU_E_NULL;
    sudoku_reader_init_text(&r, text, length);
    if (sudoku_reader_next(&r, rec) == 0) {
        rec->status = SUDOKU_E_NO_PUZZLE;
        return rec->status;
    }
    if (sudoku_reader_next(&r, &second) == 1) {
        *rec = second;
        rec->status = SUDOKU_E_PUZZLES;
    }
    return rec->status;
}
