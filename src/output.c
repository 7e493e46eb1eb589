/*
 * output.c - the line, grid and JSON Lines formats.
 *
 * Every format writes exactly one record per puzzle, failures included, so
 * output lines up with input. A failure never looks like a solution: in
 * line format it is a word, never 81 digits.
 *
 * A record is written into a text_buffer with a cursor, after reserving
 * room for the longest record it could be, so that the hot path neither
 * checks bounds byte by byte nor calls printf for each cell.
 */
#include "output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The longest record, apart from the escaped source name: JSON, with every
 * byte of the puzzle and the message escaped as \uXXXX.
 */
#define RECORD_BOUND (1024 + 6 * SUDOKU_CELLS + 6 * sizeof ((result *)0)->message)

void text_free(text_buffer *t)
{
    free(t->data);
    t->data = NULL;
    t->length = t->size = 0;
}

/* Makes room for n more bytes. Returns the cursor, or NULL. */
static char *reserve(text_buffer *t, size_t n)
{
    if (t->size - t->length < n) {
        size_t size = t->size ? t->size : 4096;
        char *data;

        while (size - t->length < n) {
            if (size > (size_t)-1 / 2)
                return NULL;
            size *= 2;
        }
        data = realloc(t->data, size);
        if (!data)
            return NULL;
        t->data = data;
        t->size = size;
    }
    return t->data + t->length;
}

/* Ends an append that started at reserve(). */
static void commit(text_buffer *t, const char *cursor)
{
    t->length = (size_t)(cursor - t->data);
}

const char *outcome_name(outcome o)
{
    static const char *const names[] = {
        [OUTCOME_SOLVED] = "solved",
        [OUTCOME_INVALID] = "invalid",
        [OUTCOME_UNSOLVABLE] = "unsolvable",
        [OUTCOME_NOT_UNIQUE] = "not-unique",
    };

    return names[o];
}

static char *put(char *p, const char *s, size_t n)
{
    memcpy(p, s, n);
    return p + n;
}

static char *put_string(char *p, const char *s)
{
    return put(p, s, strlen(s));
}

static char *put_ulong(char *p, unsigned long v)
{
    char digits[24];
    size_t n = 0;

    do {
        digits[sizeof digits - ++n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return put(p, digits + sizeof digits - n, n);
}

/* Microseconds with one decimal, as "%.1f" writes them. */
static char *put_micros(char *p, double micros)
{
    char text[48];
    const int n = snprintf(text, sizeof text, "%.1f", micros);

    return put(p, text, n > 0 && (size_t)n < sizeof text ? (size_t)n : 0);
}

/* The 81 digits of a solution; the solver only gives values 1-9. */
static char *put_solution(char *p, const sudoku_grid *grid)
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        p[i] = (char)('0' + grid->cell[i]);
    return p + SUDOKU_CELLS;
}

static char *write_line(char *p, const output_options *opt, const result *r)
{
    if (r->outcome == OUTCOME_SOLVED)
        p = put_solution(p, &r->solution);
    else
        p = put_string(p, outcome_name(r->outcome));
    if (r->outcome != OUTCOME_INVALID) {
        if (opt->count) {
            *p++ = ' ';
            p = put_ulong(p, r->count);
        }
        if (opt->stats) {
            *p++ = ' ';
            p = put_ulong(p, r->guesses);
            *p++ = ' ';
            p = put_micros(p, r->micros);
        }
    }
    *p++ = '\n';
    return p;
}

static char *write_grid(char *p, const output_options *opt, const result *r)
{
    if (r->outcome == OUTCOME_SOLVED) {
        for (int row = 0; row < 9; row++) {
            const unsigned char *cell = r->solution.cell + (size_t)row * 9;

            if (row == 3 || row == 6)
                p = put_string(p, "------+-------+------\n");
            for (int col = 0; col < 9; col++) {
                *p++ = (char)('0' + cell[col]);
                if (col == 2 || col == 5)
                    p = put(p, " | ", 3);
                else
                    *p++ = col == 8 ? '\n' : ' ';
            }
        }
    } else {
        p = put_string(p, outcome_name(r->outcome));
        *p++ = '\n';
    }
    if (r->outcome != OUTCOME_INVALID) {
        if (opt->count) {
            p = put_string(p, "solutions: ");
            p = put_ulong(p, r->count);
            *p++ = '\n';
        }
        if (opt->stats) {
            p = put_string(p, "guesses: ");
            p = put_ulong(p, r->guesses);
            p = put_string(p, ", time: ");
            p = put_micros(p, r->micros);
            p = put_string(p, " us\n");
        }
    }
    *p++ = '\n';
    return p;
}

/*
 * The length of the well-formed UTF-8 sequence at s (at most `left` bytes
 * long) that encodes a character from U+0080 up, or 0 if there is none.
 */
size_t output_utf8_length(const unsigned char *s, size_t left)
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
 * Writes bytes as a JSON string, at most 6 bytes out for each byte in.
 * Well-formed UTF-8 passes through; a byte that is not part of it becomes
 * U+FFFD, since JSON text must be UTF-8.
 */
static char *put_json_string(char *p, const char *s, size_t length)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *b = (const unsigned char *)s;

    *p++ = '"';
    for (size_t i = 0; i < length; i++) {
        const unsigned char c = b[i];
        size_t n;

        if (c == '"' || c == '\\') {
            *p++ = '\\';
            *p++ = (char)c;
        } else if (c < 0x20 || c == 0x7F) {
            p = put(p, "\\u00", 4);
            *p++ = hex[c >> 4];
            *p++ = hex[c & 15];
        } else if (c < 0x80) {
            *p++ = (char)c;
        } else if ((n = output_utf8_length(b + i, length - i)) > 0) {
            p = put(p, s + i, n);
            i += n - 1;
        } else {
            p = put(p, "\\ufffd", 6);
        }
    }
    *p++ = '"';
    return p;
}

static char *write_json(char *p, const output_options *opt, const result *r)
{
    p = put_string(p, "{\"source\":");
    p = put_json_string(p, r->source, strlen(r->source));
    p = put_string(p, ",\"line\":");
    p = put_ulong(p, r->line);
    p = put_string(p, ",\"puzzle\":");
    p = put_json_string(p, r->cells, r->cells_length);
    p = put_string(p, ",\"status\":\"");
    p = put_string(p, outcome_name(r->outcome));
    *p++ = '"';
    if (r->outcome != OUTCOME_SOLVED) {
        p = put_string(p, ",\"error\":");
        p = put_json_string(p, r->message, strlen(r->message));
    }
    if (r->count > 0) {
        p = put_string(p, ",\"solution\":\"");
        p = put_solution(p, &r->solution);
        *p++ = '"';
    }
    if (r->outcome != OUTCOME_INVALID) {
        if (opt->count) {
            p = put_string(p, ",\"count\":");
            p = put_ulong(p, r->count);
        }
        p = put_string(p, ",\"guesses\":");
        p = put_ulong(p, r->guesses);
        if (opt->stats) {
            p = put_string(p, ",\"time_us\":");
            p = put_micros(p, r->micros);
        }
    }
    return put(p, "}\n", 2);
}

int output_result(text_buffer *out, const output_options *opt, const result *r)
{
    const size_t bound = opt->format == FORMAT_JSON
                             ? RECORD_BOUND + 6 * strlen(r->source)
                             : RECORD_BOUND;
    char *p = reserve(out, bound);

    if (!p)
        return -1;
    switch (opt->format) {
    case FORMAT_LINE:
        p = write_line(p, opt, r);
        break;
    case FORMAT_GRID:
        p = write_grid(p, opt, r);
        break;
    case FORMAT_JSON:
        p = write_json(p, opt, r);
        break;
    }
    commit(out, p);
    return 0;
}

int output_message(text_buffer *err, const char *source, unsigned long line,
                   const char *message)
{
    const size_t source_length = strlen(source), message_length = strlen(message);
    char *p = reserve(err, source_length + message_length + 64);

    if (!p)
        return -1;
    p = put(p, "sudoku: ", 8);
    p = put(p, source, source_length);
    *p++ = ':';
    p = put_ulong(p, line);
    p = put(p, ": ", 2);
    p = put(p, message, message_length);
    *p++ = '\n';
    commit(err, p);
    return 0;
}
