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
    t->failed = 0;
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
    while (size - t->length < n && size <= (size_t)-1 / 2)
        size *= 2;
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

static char *put(char *p, const char *s, size_t n)
{
    memcpy(p, s, n);
    return p + n;
}

static char *put_string(char *p, const char *s)
{
    return put(p, s, strlen(s));
}

/* At most 20 digits, those of UINT64_MAX. */
static char *put_u64(char *p, uint64_t v)
{
    char digits[20];
    size_t n = 0;

    do {
        digits[sizeof digits - ++n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return put(p, digits + sizeof digits - n, n);
}

void text_add_u64(text_buffer *t, uint64_t v)
{
    char digits[20];

    text_add(t, digits, (size_t)(put_u64(digits, v) - digits));
}

void text_add_digits(text_buffer *t, const sudoku_grid *grid)
{
    char *p = text_reserve(t, SUDOKU_CELLS);

    if (!p)
        return;
    for (int i = 0; i < SUDOKU_CELLS; i++)
        p[i] = (char)('0' + grid->cell[i]);
    text_commit(t, p + SUDOKU_CELLS);
}

void text_add_cells(text_buffer *t, const sudoku_grid *grid)
{
    char *p = text_reserve(t, SUDOKU_CELLS + 1); /* and sudoku_format()'s NUL */

    if (p)
        text_commit(t, p + strlen(sudoku_format(grid, p)));
}

int figure_decimals(double figure)
{
    return figure < 100 ? 1 : 0;
}

void text_add_micros(text_buffer *t, double micros)
{
    char text[48];
    const int n = snprintf(text, sizeof text, "%.*f", figure_decimals(micros), micros);

    text_add(t, text, n > 0 && (size_t)n < sizeof text ? (size_t)n : 0);
}

void text_add_figures(text_buffer *t, const char *before, uint64_t count,
                      const char *between, double micros)
{
    text_add_string(t, before);
    text_add_u64(t, count);
    text_add_string(t, between);
    text_add_micros(t, micros);
    text_add_string(t, " us");
}

/*
 * Colours for grid format (--color): ANSI SGR sequences, givens bold blue,
 * the cells the solve filled green, each digit wrapped on its own so that
 * the rules and spaces keep the terminal's colours.
 */
#define SGR_GIVEN "\033[1;34m"
#define SGR_SOLVED "\033[32m"
#define SGR_RESET "\033[0m"

/*
 * The most a grid takes: 11 lines of 22 bytes (9 rows and 2 rules), and
 * with colour, the longest sequence and the reset round each of 81 digits.
 */
#define GRID_TEXT_BOUND (11 * 22 + SUDOKU_CELLS * (sizeof SGR_GIVEN + sizeof SGR_RESET - 2))

void text_add_grid(text_buffer *t, const sudoku_grid *grid, const sudoku_grid *givens,
                   int color)
{
    char *p = text_reserve(t, GRID_TEXT_BOUND);

    if (!p)
        return;
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
    text_commit(t, p);
}

void cells_grid(const char *cells, size_t length, sudoku_grid *grid)
{
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const int ch = length == SUDOKU_CELLS ? cells[i] : '.';

        grid->cell[i] = (unsigned char)(ch >= '1' && ch <= '9' ? ch - '0' : 0);
    }
}

void text_add_json_string(text_buffer *t, const char *s, size_t length)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *b = (const unsigned char *)s;
    size_t plain = 0; /* where the bytes that pass as they are start */

    text_add_char(t, '"');
    for (size_t i = 0; i < length; i++) {
        const unsigned char c = b[i];
        size_t n;

        if (c >= 0x80 && (n = sudoku_utf8_length(b + i, length - i)) > 0) {
            i += n - 1;
            continue;
        }
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\')
            continue;
        text_add(t, s + plain, i - plain);
        plain = i + 1;
        if (c == '"' || c == '\\') {
            text_add_char(t, '\\');
            text_add_char(t, (char)c);
        } else if (c >= 0x80) {
            text_add_string(t, "\\ufffd");
        } else {
            const char code[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};

            text_add(t, code, sizeof code);
        }
    }
    text_add(t, s + plain, length - plain);
    text_add_char(t, '"');
}

void text_add_json_head(text_buffer *t, const record_ref *r)
{
    text_add_string(t, "{\"source\":");
    text_add_json_string(t, r->source, strlen(r->source));
    text_add_json_count(t, "line", r->line);
    text_add_string(t, ",\"puzzle\":");
    text_add_json_string(t, r->cells, r->cells_length);
    if (r->note_length > 0) {
        text_add_string(t, ",\"note\":");
        text_add_json_string(t, r->note, r->note_length);
    }
}

void text_add_json_count(text_buffer *t, const char *key, uint64_t n)
{
    text_add_string(t, ",\"");
    text_add_string(t, key);
    text_add_string(t, "\":");
    text_add_u64(t, n);
}

void text_add_json_micros(text_buffer *t, double micros)
{
    text_add_string(t, ",\"time_us\":");
    text_add_micros(t, micros);
}

void text_add_json_status(text_buffer *t, const char *word, const char *error)
{
    text_add_string(t, ",\"status\":\"");
    text_add_string(t, word);
    text_add_char(t, '"');
    if (error) {
        text_add_string(t, ",\"error\":");
        text_add_json_string(t, error, strlen(error));
    }
}

/* At most DIFFICULTY_TEXT_BOUND bytes. */
static char *put_difficulty(char *p, int tenths, int bound)
{
    if (bound)
        *p++ = '>';
    p = put_u64(p, (unsigned)tenths / 10);
    *p++ = '.';
    *p++ = (char)('0' + tenths % 10);
    return p;
}

void text_add_difficulty(text_buffer *t, int tenths, int bound)
{
    char text[DIFFICULTY_TEXT_BOUND];

    text_add(t, text, (size_t)(put_difficulty(text, tenths, bound) - text));
}

/*
 * The level. A bound's is the least the grade can be, with a '+' ("hard+"
 * is hard or harder); when that is the easiest level it says nothing, and
 * the level is none: NULL.
 */
static const char *level(const sudoku_rating *rating, int *plus)
{
    const char *word = sudoku_level(rating);
    size_t count;

    *plus = rating->exceeded || rating->exhausted;
    return *plus && strcmp(word, sudoku_levels(&count)[0].name) == 0 ? NULL : word;
}

char *put_rating(char *p, const sudoku_rating *rating)
{
    const int open = !rating->complete;
    int plus;
    const char *word = level(rating, &plus);

    p = put_difficulty(p, rating->er, open);
    *p++ = '/';
    p = put_difficulty(p, rating->ep, open && rating->ep_bound);
    *p++ = '/';
    p = put_difficulty(p, rating->ed, open && rating->ed_bound);
    *p++ = ' ';
    if (!word)
        return put(p, "-", 1);
    p = put_string(p, word);
    return put_string(p, plus ? "+" : "");
}

void text_add_rating(text_buffer *t, const sudoku_rating *rating)
{
    char text[RATING_TEXT_BOUND];

    text_add(t, text, (size_t)(put_rating(text, rating) - text));
}

void text_add_rating_json(text_buffer *t, const sudoku_rating *rating, const char *steps)
{
    int plus;
    const char *word = level(rating, &plus);

    text_add_string(t, ",\"er\":");
    text_add_difficulty(t, rating->er, 0);
    text_add_string(t, ",\"ep\":");
    text_add_difficulty(t, rating->ep, 0);
    text_add_string(t, ",\"ed\":");
    text_add_difficulty(t, rating->ed, 0);
    text_add_string(t, ",\"level\":");
    if (word) {
        text_add_char(t, '"');
        text_add_string(t, word);
        text_add_string(t, plus ? "+\"" : "\"");
    } else {
        text_add_string(t, "null");
    }
    text_add_string(t, ",\"hardest\":");
    if (rating->hardest == SUDOKU_TECHNIQUE_COUNT) {
        text_add_string(t, "null");
    } else {
        text_add_char(t, '"');
        text_add_string(t, sudoku_technique_name(rating->hardest));
        text_add_char(t, '"');
    }
    if (steps)
        text_add_json_count(t, steps, rating->steps);
    text_add_string(t, ",\"complete\":");
    if (rating->complete) {
        text_add_string(t, "true");
        return;
    }
    /* why not: a bound asked for, the chains' budget, or the techniques */
    text_add_string(t, "false,\"stopped\":\"");
    text_add_string(t, rating->exceeded    ? "max-rating"
                       : rating->exhausted ? "budget"
                                           : "techniques");
    text_add_char(t, '"');
}

/*
 * The most either drawing of the candidates takes: the grid drawing's 27
 * lines and 8 rules of 40 bytes at most (the line drawing's 11 lines take
 * at most 94: 81 digits or dashes and 13 bytes between them).
 */
#define CANDIDATES_BOUND (35 * 40)

void text_add_candidates_line(text_buffer *t, const sudoku_candidates *grid)
{
    int width[9] = {0};
    char *p = text_reserve(t, CANDIDATES_BOUND);

    if (!p)
        return;
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
    text_commit(t, p);
}

void text_add_candidates_grid(text_buffer *t, const sudoku_candidates *grid)
{
    char *p = text_reserve(t, CANDIDATES_BOUND);

    if (!p)
        return;
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
    text_commit(t, p);
}

void text_add_marks(text_buffer *t, const sudoku_candidates *grid)
{
    char *p = text_reserve(t, SUDOKU_MARKS + 1); /* and sudoku_format_marks()'s NUL */

    if (p && sudoku_format_marks(grid, p))
        text_commit(t, p + SUDOKU_MARKS);
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
