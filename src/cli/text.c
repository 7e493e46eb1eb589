/*
 * text.c - the pieces output records are drawn with.
 */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void text_free(text_buffer *t)
{
    free(t->data);
    t->data = NULL;
    t->length = t->size = 0;
}

void text_truncate(text_buffer *t, size_t length)
{
    t->length = length;
    t->failed = 0;
}

char *text_grow(text_buffer *t, size_t n)
{
    size_t size = t->size ? t->size : 4096;
    char *data;

    if (t->failed)
        return NULL;
    while (size - t->length < n) {
        if (size > (size_t)-1 / 2)
            break;
        size *= 2;
    }
    data = size - t->length >= n ? realloc(t->data, size) : NULL;
    if (!data) { /* no room left, so that every append comes here, and stops */
        t->failed = 1;
        t->size = t->length;
        return NULL;
    }
    t->data = data;
    t->size = size;
    return t->data + t->length;
}

void text_add_u64(text_buffer *t, uint64_t v)
{
    char digits[20]; /* UINT64_MAX has 20 */
    size_t n = 0;

    do {
        digits[sizeof digits - ++n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    text_add(t, digits + sizeof digits - n, n);
}

int figure_decimals(double figure)
{
    return figure < 100 ? 1 : 0;
}

char *put_micros(char *p, double micros)
{
    char text[48];
    const int n = snprintf(text, sizeof text, "%.*f", figure_decimals(micros), micros);

    return put(p, text, n > 0 && (size_t)n < sizeof text ? (size_t)n : 0);
}

char *put_figures(char *p, const char *before, uint64_t count, const char *between,
                  double micros)
{
    p = put_string(p, before);
    p = put_u64(p, count);
    p = put_string(p, between);
    p = put_micros(p, micros);
    return put_string(p, " us");
}

/*
 * Colours for grid format (--color): ANSI SGR sequences, givens bold blue,
 * the cells the solve filled green, each digit wrapped on its own so that
 * the rules and spaces keep the terminal's colours.
 */
#define SGR_GIVEN "\033[1;34m"
#define SGR_SOLVED "\033[32m"
#define SGR_RESET "\033[0m"

char *put_grid(char *p, const sudoku_grid *grid, const sudoku_grid *givens,
               int color)
{
    for (int row = 0; row < 9; row++) {
        const unsigned char *cell = grid->cell + (size_t)row * 9;

        if (row == 3 || row == 6)
            p = put_string(p, "------+-------+------\n");
        for (int col = 0; col < 9; col++) {
            if (color && cell[col]) {
                p = put_string(p, givens->cell[row * 9 + col] ? SGR_GIVEN : SGR_SOLVED);
                *p++ = (char)('0' + cell[col]);
                p = put_string(p, SGR_RESET);
            } else {
                *p++ = (char)(cell[col] ? '0' + cell[col] : '.');
            }
            if (col == 2 || col == 5)
                p = put(p, " | ", 3);
            else
                *p++ = col == 8 ? '\n' : ' ';
        }
    }
    return p;
}

void cells_grid(const char *cells, size_t length, sudoku_grid *grid)
{
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const int ch = length == SUDOKU_CELLS ? cells[i] : '.';

        grid->cell[i] = (unsigned char)(ch >= '1' && ch <= '9' ? ch - '0' : 0);
    }
}

size_t utf8_length(const unsigned char *s, size_t left)
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

char *put_json_string(char *p, const char *s, size_t length)
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
        } else if ((n = utf8_length(b + i, length - i)) > 0) {
            p = put(p, s + i, n);
            i += n - 1;
        } else {
            p = put(p, "\\ufffd", 6);
        }
    }
    *p++ = '"';
    return p;
}

char *put_json_head(char *p, const record_ref *r)
{
    p = put_string(p, "{\"source\":");
    p = put_json_string(p, r->source, strlen(r->source));
    p = put_json_count(p, "line", r->line);
    p = put_string(p, ",\"puzzle\":");
    p = put_json_string(p, r->cells, r->cells_length);
    if (r->note_length > 0) {
        p = put_string(p, ",\"note\":");
        p = put_json_string(p, r->note, r->note_length);
    }
    return p;
}

char *put_json_count(char *p, const char *key, uint64_t n)
{
    p = put_string(p, ",\"");
    p = put_string(p, key);
    p = put_string(p, "\":");
    return put_u64(p, n);
}

char *put_json_micros(char *p, double micros)
{
    p = put_string(p, ",\"time_us\":");
    return put_micros(p, micros);
}

char *put_json_status(char *p, const char *word, const char *error)
{
    p = put_string(p, ",\"status\":\"");
    p = put_string(p, word);
    *p++ = '"';
    if (error) {
        p = put_string(p, ",\"error\":");
        p = put_json_string(p, error, strlen(error));
    }
    return p;
}

char *put_difficulty(char *p, int tenths, int bound)
{
    if (bound)
        *p++ = '>';
    p = put_u64(p, (unsigned)tenths / 10);
    *p++ = '.';
    *p++ = (char)('0' + tenths % 10);
    return p;
}

/*
 * The level, in quotes for JSON. A bound's is the least the grade can be,
 * with a '+' ("hard+" is hard or harder); when that is the easiest level
 * it says nothing, and the level is none: '-', or null.
 */
static char *put_level(char *p, const sudoku_rating *rating, int json)
{
    const int bound = rating->exceeded || rating->exhausted;
    const char *word = sudoku_level(rating);
    size_t count;

    if (bound && strcmp(word, sudoku_levels(&count)[0].name) == 0)
        return put_string(p, json ? "null" : "-");
    if (json)
        *p++ = '"';
    p = put_string(p, word);
    p = put_string(p, bound ? "+" : "");
    if (json)
        *p++ = '"';
    return p;
}

char *put_rating(char *p, const sudoku_rating *rating)
{
    const int open = !rating->complete;

    p = put_difficulty(p, rating->er, open);
    *p++ = '/';
    p = put_difficulty(p, rating->ep, open && rating->ep_bound);
    *p++ = '/';
    p = put_difficulty(p, rating->ed, open && rating->ed_bound);
    *p++ = ' ';
    return put_level(p, rating, 0);
}

char *put_rating_json(char *p, const sudoku_rating *rating, const char *steps)
{
    p = put_string(p, ",\"er\":");
    p = put_difficulty(p, rating->er, 0);
    p = put_string(p, ",\"ep\":");
    p = put_difficulty(p, rating->ep, 0);
    p = put_string(p, ",\"ed\":");
    p = put_difficulty(p, rating->ed, 0);
    p = put_string(p, ",\"level\":");
    p = put_level(p, rating, 1);
    p = put_string(p, ",\"hardest\":");
    if (rating->hardest == SUDOKU_TECHNIQUE_COUNT) {
        p = put_string(p, "null");
    } else {
        *p++ = '"';
        p = put_string(p, sudoku_technique_name(rating->hardest));
        *p++ = '"';
    }
    if (steps) {
        p = put_string(p, ",\"");
        p = put_string(p, steps);
        p = put_string(p, "\":");
        p = put_u64(p, rating->steps);
    }
    p = put_string(p, ",\"complete\":");
    if (rating->complete)
        return put_string(p, "true");
    /* why not: a bound asked for, the chains' budget, or the techniques */
    p = put_string(p, "false,\"stopped\":\"");
    p = put_string(p, rating->exceeded    ? "max-rating"
                      : rating->exhausted ? "budget"
                                          : "techniques");
    *p++ = '"';
    return p;
}

char *put_candidates_line(char *p, const sudoku_candidates *grid)
{
    int width[9] = {0};

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        int n = grid->value[c] != 0;

        for (int d = 0; d < 9; d++)
            n += grid->mask[c] >> d & 1;

        if (n > width[c % 9])
            width[c % 9] = n;
    }
    for (int row = 0; row < 9; row++) {
        if (row == 3 || row == 6) { /* a rule, its '+' under each '|' */
            for (int col = 0; col < 9; col++) {
                p = put(p, "---------", (size_t)width[col]);
                p = col == 8 ? put(p, "\n", 1) : col % 3 == 2 ? put(p, "-+-", 3) : put(p, "-", 1);
            }
        }
        for (int col = 0; col < 9; col++) {
            const int c = row * 9 + col;
            int n = 0;

            if (grid->value[c]) {
                p[n++] = (char)('0' + grid->value[c]);
            } else {
                for (int d = 1; d <= 9; d++) {
                    if (grid->mask[c] >> (d - 1) & 1)
                        p[n++] = (char)('0' + d);
                }
            }
            while (n < width[col])
                p[n++] = ' ';
            p += n;
            p = col == 8 ? put(p, "\n", 1) : col % 3 == 2 ? put(p, " | ", 3) : put(p, " ", 1);
        }
    }
    return p;
}

char *put_candidates_grid(char *p, const sudoku_candidates *grid)
{
    for (int row = 0; row < 9; row++) {
        if (row > 0)
            p = put_string(p, row % 3 ? "            |             |\n"
                                      : "------------+-------------+------------\n");
        for (int line = 0; line < 3; line++) {
            for (int col = 0; col < 9; col++) {
                const int c = row * 9 + col;

                for (int k = 0; k < 3; k++) {
                    const int d = line * 3 + k + 1;

                    if (grid->value[c])
                        *p++ = (char)(line == 1 && k == 1 ? '0' + grid->value[c] : ' ');
                    else
                        *p++ = (char)(grid->mask[c] >> (d - 1) & 1 ? '0' + d : '.');
                }
                p = col == 8 ? put(p, "\n", 1) : col % 3 == 2 ? put(p, " | ", 3) : put(p, " ", 1);
            }
        }
    }
    return p;
}

char *put_marks(char *p, const sudoku_candidates *grid)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 1; d <= 9; d++) {
            const int has = grid->value[c] ? grid->value[c] == d
                                           : grid->mask[c] >> (d - 1) & 1;

            *p++ = (char)(has ? '0' + d : '.');
        }
    }
    return p;
}

int text_message(text_buffer *err, const char *source, unsigned long line,
                 const char *message)
{
    text_add_string(err, "sudoku: ");
    text_add_string(err, source);
    text_add_char(err, ':');
    text_add_u64(err, line);
    text_add_string(err, ": ");
    text_add_string(err, message);
    text_add_char(err, '\n');
    return text_status(err);
}
