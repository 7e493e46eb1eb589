/*
 * output.c - the line, grid and JSON Lines formats.
 *
 * Every format writes exactly one record per puzzle, failures included, so
 * output lines up with input. A failure never looks like a solution: in
 * line format it is a word, never 81 digits.
 */
#include "output.h"

#include <string.h>

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

static void write_line(FILE *out, const output_options *opt, const result *r)
{
    char text[SUDOKU_CELLS + 1];

    if (r->outcome == OUTCOME_SOLVED)
        fputs(sudoku_format(&r->solution, text), out);
    else
        fputs(outcome_name(r->outcome), out);
    if (r->outcome != OUTCOME_INVALID) {
        if (opt->count)
            fprintf(out, " %lu", r->count);
        if (opt->stats)
            fprintf(out, " %lu %.1f", r->guesses, r->micros);
    }
    putc('\n', out);
}

static void write_grid(FILE *out, const output_options *opt, const result *r)
{
    if (r->outcome == OUTCOME_SOLVED) {
        for (int row = 0; row < 9; row++) {
            const unsigned char *cell = r->solution.cell + row * 9;

            if (row == 3 || row == 6)
                fputs("------+-------+------\n", out);
            fprintf(out, "%d %d %d | %d %d %d | %d %d %d\n", cell[0], cell[1],
                    cell[2], cell[3], cell[4], cell[5], cell[6], cell[7],
                    cell[8]);
        }
    } else {
        fprintf(out, "%s\n", outcome_name(r->outcome));
    }
    if (r->outcome != OUTCOME_INVALID) {
        if (opt->count)
            fprintf(out, "solutions: %lu\n", r->count);
        if (opt->stats)
            fprintf(out, "guesses: %lu, time: %.1f us\n", r->guesses, r->micros);
    }
    putc('\n', out);
}

/*
 * The length of the well-formed UTF-8 sequence at s (at most `left` bytes
 * long) that encodes a character from U+0080 up, or 0 if there is none.
 */
static size_t utf8_length(const unsigned char *s, size_t left)
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
 * Writes bytes as a JSON string. Well-formed UTF-8 passes through; a byte
 * that is not part of it becomes U+FFFD, since JSON text must be UTF-8.
 */
static void write_json_string(FILE *out, const char *s, size_t length)
{
    const unsigned char *p = (const unsigned char *)s;

    putc('"', out);
    for (size_t i = 0; i < length; i++) {
        const unsigned char c = p[i];
        size_t n;

        if (c == '"' || c == '\\') {
            fprintf(out, "\\%c", c);
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(out, "\\u%04x", c);
        } else if (c < 0x80) {
            putc(c, out);
        } else if ((n = utf8_length(p + i, length - i)) > 0) {
            fwrite(p + i, 1, n, out);
            i += n - 1;
        } else {
            fputs("\\ufffd", out);
        }
    }
    putc('"', out);
}

static void write_json(FILE *out, const output_options *opt, const result *r)
{
    char text[SUDOKU_CELLS + 1];

    fputs("{\"source\":", out);
    write_json_string(out, r->source, strlen(r->source));
    fprintf(out, ",\"line\":%lu,\"puzzle\":", r->line);
    write_json_string(out, r->cells, r->cells_length);
    fprintf(out, ",\"status\":\"%s\"", outcome_name(r->outcome));
    if (r->outcome != OUTCOME_SOLVED) {
        fputs(",\"error\":", out);
        write_json_string(out, r->message, strlen(r->message));
    }
    if (r->count > 0)
        fprintf(out, ",\"solution\":\"%s\"", sudoku_format(&r->solution, text));
    if (r->outcome != OUTCOME_INVALID) {
        if (opt->count)
            fprintf(out, ",\"count\":%lu", r->count);
        fprintf(out, ",\"guesses\":%lu", r->guesses);
        if (opt->stats)
            fprintf(out, ",\"time_us\":%.1f", r->micros);
    }
    fputs("}\n", out);
}

void output_result(FILE *out, const output_options *opt, const result *r)
{
    switch (opt->format) {
    case FORMAT_LINE:
        write_line(out, opt, r);
        break;
    case FORMAT_GRID:
        write_grid(out, opt, r);
        break;
    case FORMAT_JSON:
        write_json(out, opt, r);
        break;
    }
}
