/*
 * reader.c - the lines of a stream, for the library's reader.
 *
 * The library (src/core/read.c) tells records from the rest, line by line;
 * this file gives it the lines of a stream. A UTF-8 byte-order mark at the
 * very start of the stream is skipped, as Windows editors write one; a
 * stream in UTF-16 (with its byte-order mark, or an ASCII first character
 * whose other byte is 0) is read as the same text in UTF-8.
 *
 * Speed matters here, since a fast solver spends only a few microseconds on
 * a puzzle: the stream is read into a large buffer, memchr() finds the end
 * of each line within it, and a line is given to the library where it
 * lies, in two pieces when it straddles the buffer's end.
 */
#include "reader.h"

#include <errno.h>
#include <string.h>

static const char bom[3] = {'\xEF', '\xBB', '\xBF'};

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
    r->len += n;
    if (n == 0) {
        r->end = 1;
        if (ferror(r->in))
            r->error = errno ? errno : EIO;
    } else if (feof(r->in) && !ferror(r->in) && r->unit_ahead < 0) {
        r->end = 1; /* known now, so that reader_drained() can tell */
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
/*
 * The library's line source: gives it the next line of the stream, in
 * pieces. Returns 1, 0 when the stream has no more bytes, or -1 when it
 * failed.
 */
static int read_line(void *source, sudoku_line *l)
{
    reader *r = source;
    int got_bytes = 0;

    while (r->pos < r->len || refill(r)) {
        const unsigned char *p = (const unsigned char *)r->buffer + r->pos;
        const size_t left = r->len - r->pos;
        const unsigned char *newline = memchr(p, '\n', left);
        size_t held;

        got_bytes = 1;
        if (newline) {
            sudoku_line_scan(l, (const char *)p, (size_t)(newline - p));
            r->pos += (size_t)(newline - p) + 1;
            return 1;
        }
        held = unfinished_character(p, left);
        sudoku_line_scan(l, (const char *)p, left - held);
        r->pos = r->len - held;
        if (held > 0 && !refill(r)) { /* the stream ends inside the character */
            /* moved or not, the character is [pos, len) */
            sudoku_line_scan(l, r->buffer + r->pos, r->len - r->pos);
            r->pos = r->len;
        }
    }
    if (r->error)
        return -1; /* a line cut short by a read error is not a record */
    if (!got_bytes || (r->stop && *r->stop))
        return 0; /* nor one cut short by a stop */
    return 1;
}

/* Whether the bytes [p, p + n), whole lines, hold no record. */
static int no_record(const char *p, size_t n)
{
    sudoku_reader rest;
    sudoku_record rec;

    if (n >= sizeof bom && memcmp(p, bom, sizeof bom) == 0)
        return 0; /* a record, which the text reader would skip as a BOM */
    sudoku_reader_init_text(&rest, p, n);
    return sudoku_reader_next(&rest, &rec) == 0;
}

int reader_drained(const reader *r)
{
    /* the library's own fields: a line read ahead, and the text not read */
    if (r->records.pending)
        return 0;
    if (!r->in)
        return no_record(r->records.text, r->records.text_left);
    return r->end && no_record(r->buffer + r->pos, r->len - r->pos);
}

void reader_init(reader *r, FILE *in, int interactive)
{
    memset(r, 0, offsetof(reader, buffer));
    sudoku_reader_init(&r->records, read_line, r);
    r->in = in;
    r->interactive = interactive;
    r->unit_ahead = -1;
}

void reader_init_text(reader *r, const char *text, size_t length)
{
    memset(r, 0, offsetof(reader, buffer));
    sudoku_reader_init_text(&r->records, text, length);
}
double reader_stream_offset(const reader *r)
{
    return r->in ? r->bytes - (double)(r->len - r->pos) : 0;
}

int reader_next(reader *r, sudoku_record *rec)
{
    return sudoku_reader_next(&r->records, rec);
}
