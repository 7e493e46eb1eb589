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
        [OUTCOME_NOT_FOUND] = "not-found",
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

static char *put_u64(char *p, uint64_t v)
{
    char digits[24];
    size_t n = 0;

    do {
        digits[sizeof digits - ++n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return put(p, digits + sizeof digits - n, n);
}

static char *put_ulong(char *p, unsigned long v)
{
    return put_u64(p, v);
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

/*
 * Colours for grid format (--color): ANSI SGR sequences, givens bold blue,
 * the cells the solve filled green, each digit wrapped on its own so that
 * the rules and spaces keep the terminal's colours.
 */
#define SGR_GIVEN "\033[1;34m"
#define SGR_SOLVED "\033[32m"
#define SGR_RESET "\033[0m"
/* What colour adds to a grid at most: both sequences around every cell. */
#define COLOR_BOUND (SUDOKU_CELLS * (sizeof SGR_GIVEN + sizeof SGR_RESET))

/*
 * The 81 cells of a grid as a 9x9 grid with box rules, '.' for a blank.
 * With `color`, a digit is coloured as a given where `givens` has one,
 * else as solved.
 */
static char *put_grid(char *p, const sudoku_grid *grid, const sudoku_grid *givens,
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

/* The puzzle of a record that was read, as a grid. */
static void puzzle_grid(const result *r, sudoku_grid *g)
{
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const char ch = (char)(r->cells_length == SUDOKU_CELLS ? r->cells[i] : '.');

        g->cell[i] = (unsigned char)(ch >= '1' && ch <= '9' ? ch - '0' : 0);
    }
}

static char *write_grid(char *p, const output_options *opt, const result *r)
{
    if (r->outcome == OUTCOME_SOLVED) {
        sudoku_grid puzzle;

        puzzle_grid(r, &puzzle);
        p = put_grid(p, &r->solution, &puzzle, opt->color);
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

/* The keys every JSON record starts with: source, line and puzzle. */
static char *put_json_head(char *p, const result *r)
{
    p = put_string(p, "{\"source\":");
    p = put_json_string(p, r->source, strlen(r->source));
    p = put_string(p, ",\"line\":");
    p = put_ulong(p, r->line);
    p = put_string(p, ",\"puzzle\":");
    return put_json_string(p, r->cells, r->cells_length);
}

/* The record's status and, for a failure, its error. */
static char *put_json_status(char *p, const result *r)
{
    p = put_string(p, ",\"status\":\"");
    p = put_string(p, outcome_name(r->outcome));
    *p++ = '"';
    if (r->outcome != OUTCOME_SOLVED) {
        p = put_string(p, ",\"error\":");
        p = put_json_string(p, r->message, strlen(r->message));
    }
    return p;
}

static char *write_json(char *p, const output_options *opt, const result *r)
{
    p = put_json_head(p, r);
    p = put_json_status(p, r);
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

/* A difficulty in tenths as SE writes it, "3.4"; above the top, ">6.2". */
static char *put_difficulty(char *p, int tenths, int bound)
{
    if (bound)
        *p++ = '>';
    p = put_ulong(p, (unsigned long)tenths / 10);
    *p++ = '.';
    *p++ = (char)('0' + tenths % 10);
    return p;
}

/* "3.4/1.2/1.2 medium", or with bounds ">6.2/1.2/1.2 expert". */
static char *put_rating(char *p, const sudoku_rating *rating)
{
    const int open = !rating->complete;

    p = put_difficulty(p, rating->er, open);
    *p++ = '/';
    p = put_difficulty(p, rating->ep, open && !rating->placed);
    *p++ = '/';
    p = put_difficulty(p, rating->ed, open && rating->steps == 0);
    *p++ = ' ';
    return put_string(p, sudoku_level(rating));
}

static char *put_rating_json(char *p, const sudoku_rating *rating, int steps)
{
    p = put_string(p, ",\"er\":");
    p = put_difficulty(p, rating->er, 0);
    p = put_string(p, ",\"ep\":");
    p = put_difficulty(p, rating->ep, 0);
    p = put_string(p, ",\"ed\":");
    p = put_difficulty(p, rating->ed, 0);
    p = put_string(p, ",\"level\":\"");
    p = put_string(p, sudoku_level(rating));
    p = put_string(p, "\",\"hardest\":\"");
    p = put_string(p, sudoku_technique_name(rating->hardest));
    *p++ = '"';
    if (steps) {
        p = put_string(p, ",\"steps\":");
        p = put_ulong(p, rating->steps);
    }
    p = put_string(p, ",\"complete\":");
    return put_string(p, rating->complete ? "true" : "false");
}

/* The longest candidate grid either drawing makes, and a margin. */
#define CANDIDATES_BOUND 2048

/*
 * The candidates as a 9x9 grid of strings, each column as wide as its
 * widest cell, with rules between boxes; a placed cell shows its digit.
 */
static char *put_candidates_line(char *p, const sudoku_candidates *grid)
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
        if (row == 3 || row == 6) {
            for (int col = 0; col < 9; col++) {
                p = put(p, "------------", (size_t)width[col] + 1 + (col % 3 == 2 && col < 8));
                if (col == 2 || col == 5)
                    *p++ = '+';
            }
            p[-1] = '\n';
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

/*
 * The candidates as a 9x9 grid of 3x3 blocks: in each cell, digit d at
 * row (d-1)/3 and column (d-1)%3 of its block, or '.' when struck; a
 * placed cell shows its digit alone, in the middle.
 */
static char *put_candidates_grid(char *p, const sudoku_candidates *grid)
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

static char *put_candidates(char *p, const output_options *opt,
                            const sudoku_candidates *grid)
{
    return opt->format == FORMAT_GRID ? put_candidates_grid(p, grid)
                                      : put_candidates_line(p, grid);
}

int output_begin(text_buffer *out, const output_options *opt, const result *r)
{
    char *p;

    if (opt->command != COMMAND_EXPLAIN)
        return 0;
    if (!(p = reserve(out, RECORD_BOUND + 6 * strlen(r->source) + 6 * r->cells_length +
                           COLOR_BOUND)))
        return -1;
    if (opt->format == FORMAT_JSON) {
        p = put_json_head(p, r);
        p = put_string(p, ",\"status\":\"solved\",\"steps\":[");
    } else if (opt->format == FORMAT_GRID && r->cells_length == SUDOKU_CELLS) {
        sudoku_grid g;

        puzzle_grid(r, &g);
        p = put_grid(p, &g, &g, opt->color);
        *p++ = '\n';
    } else {
        p = put(p, r->cells, r->cells_length);
        *p++ = '\n';
    }
    commit(out, p);
    return 0;
}

/* Each placement or strike of a step, as a JSON array of strings. */
static char *put_moves_json(char *p, const sudoku_step *step, int places)
{
    const char *comma = "";

    *p++ = '[';
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 1; d <= 9; d++) {
            const int hit = places ? step->place[c] == d : step->strike[c] >> (d - 1) & 1;

            if (!hit)
                continue;
            p = put_string(p, comma);
            *p++ = '"';
            *p++ = 'r';
            *p++ = (char)('1' + c / 9);
            *p++ = 'c';
            *p++ = (char)('1' + c % 9);
            p = put_string(p, places ? "=" : "<>");
            *p++ = (char)('0' + d);
            *p++ = '"';
            comma = ",";
        }
    }
    *p++ = ']';
    return p;
}

/*
 * Escapes the line breaks among n bytes of a step's words at p, in place,
 * as JSON's \n (a forcing chain's branches go on lines of their own; the
 * words hold no other character JSON escapes). Returns their new end.
 */
static char *escape_lines(char *p, size_t n)
{
    size_t breaks = 0;
    char *from = p + n, *to, *end;

    for (size_t i = 0; i < n; i++)
        breaks += p[i] == '\n';
    end = to = from + breaks;
    while (to > from) { /* the bytes before the first break stay */
        const char c = *--from;

        *--to = (char)(c == '\n' ? 'n' : c);
        if (c == '\n')
            *--to = '\\';
    }
    return end;
}

/*
 * A chain's nodes in order, as "r1c2=5" (true) or "r1c2<>5" (false), and,
 * for a forcing chain of several branches, where each branch starts.
 */
static char *put_chain_json(char *p, const sudoku_step *step)
{
    int branches = 0;

    p = put_string(p, ",\"chain\":[");
    for (int i = 0; i < step->chain_count; i++) {
        const sudoku_chain_node *node = &step->chain[i];

        branches += (node->flags & SUDOKU_CHAIN_BRANCH) != 0;
        p = put_string(p, i ? ",\"r" : "\"r");
        *p++ = (char)('1' + node->cell / 9);
        *p++ = 'c';
        *p++ = (char)('1' + node->cell % 9);
        p = put_string(p, node->flags & SUDOKU_CHAIN_ON ? "=" : "<>");
        *p++ = (char)('0' + node->digit);
        *p++ = '"';
    }
    *p++ = ']';
    if (branches > 1) {
        const char *comma = "";

        p = put_string(p, ",\"branches\":[");
        for (int i = 0; i < step->chain_count; i++) {
            if (!(step->chain[i].flags & SUDOKU_CHAIN_BRANCH))
                continue;
            p = put_string(p, comma);
            p = put_ulong(p, (unsigned long)i);
            comma = ",";
        }
        *p++ = ']';
    }
    if (step->chain_cut)
        p = put_string(p, ",\"chain_cut\":true");
    return p;
}

int output_step(text_buffer *out, const output_options *opt,
                const sudoku_candidates *grid, const sudoku_step *step,
                unsigned long index)
{
    const size_t words = sudoku_describe_step(step, NULL, 0);
    /* a chain node takes at most 10 bytes, and 4 more where a branch starts */
    char *p = reserve(out, 3 * words + CANDIDATES_BOUND + 14 * SUDOKU_STEP_CHAIN + 256);

    if (!p)
        return -1;
    if (opt->format == FORMAT_JSON) {
        if (index > 0)
            *p++ = ',';
        p = put_string(p, "{\"technique\":\"");
        p = put_string(p, sudoku_technique_name(step->technique));
        p = put_string(p, "\",\"rating\":");
        p = put_difficulty(p, step->difficulty, 0);
        p = put_string(p, ",\"placements\":");
        p = put_moves_json(p, step, 1);
        p = put_string(p, ",\"eliminations\":");
        p = put_moves_json(p, step, 0);
        if (step->chain_count > 0)
            p = put_chain_json(p, step);
        p = put_string(p, ",\"text\":\"");
        p = escape_lines(p, sudoku_describe_step(step, p, words + 1));
        p = put_string(p, "\"}");
    } else {
        if (opt->candidates)
            p = put_candidates(p, opt, grid);
        p += sudoku_describe_step(step, p, words + 1);
        *p++ = '\n';
    }
    commit(out, p);
    return 0;
}

/* The end of an explanation: what was left, the solution and the grade. */
static char *write_explained(char *p, const output_options *opt, const result *r,
                             const sudoku_candidates *left)
{
    const int finished = !opt->hint;

    if (opt->format == FORMAT_JSON) {
        p = put_string(p, "],\"solution\":\"");
        p = put_solution(p, &r->solution);
        *p++ = '"';
        if (finished)
            p = put_rating_json(p, &r->rating, 0);
        if (finished && !r->rating.complete) {
            p = put_string(p, ",\"candidates\":\"");
            for (int c = 0; c < SUDOKU_CELLS; c++) {
                for (int d = 1; d <= 9; d++) {
                    const int has = left->value[c] ? left->value[c] == d
                                                   : left->mask[c] >> (d - 1) & 1;

                    *p++ = (char)(has ? '0' + d : '.');
                }
            }
            *p++ = '"';
        }
        if (opt->stats) {
            p = put_string(p, ",\"time_us\":");
            p = put_micros(p, r->micros);
        }
        return put(p, "}\n", 2);
    }
    if (finished && !r->rating.complete) {
        p = put_string(p, "No technique applies; the candidates left:\n");
        p = put_candidates(p, opt, left);
        p = put_string(p, "The rest comes from the search:\n");
    }
    if (finished && opt->format == FORMAT_GRID) {
        sudoku_grid puzzle;

        puzzle_grid(r, &puzzle);
        p = put_grid(p, &r->solution, &puzzle, opt->color);
    } else if (finished) {
        p = put(put_solution(p, &r->solution), "\n", 1);
    }
    if (finished) {
        p = put_string(p, "Rating: ");
        p = put_rating(p, &r->rating);
        *p++ = '\n';
    }
    if (opt->stats) {
        p = put_string(p, "time: ");
        p = put_micros(p, r->micros);
        p = put_string(p, " us\n");
    }
    *p++ = '\n';
    return p;
}

/* A canonical form, or the word of a failure. */
static char *write_canon(char *p, const output_options *opt, const result *r)
{
    const int ok = r->outcome == OUTCOME_SOLVED;

    if (opt->format == FORMAT_JSON) {
        p = put_json_head(p, r);
        p = put_json_status(p, r);
        if (ok) {
            p = put_string(p, ",\"canonical\":\"");
            p += strlen(sudoku_format(&r->solution, p));
            p = put_string(p, "\",\"automorphisms\":");
            p = put_ulong(p, r->automorphisms);
        }
        if (opt->stats && ok) {
            p = put_string(p, ",\"time_us\":");
            p = put_micros(p, r->micros);
        }
        return put(p, "}\n", 2);
    }
    if (!ok)
        p = put_string(p, outcome_name(r->outcome));
    else if (opt->format == FORMAT_GRID)
        p = put_grid(p, &r->solution, &r->solution, 0) - 1;
    else
        p += strlen(sudoku_format(&r->solution, p));
    if (opt->stats && ok) {
        *p++ = ' ';
        p = put_micros(p, r->micros);
    }
    *p++ = '\n';
    if (opt->format == FORMAT_GRID)
        *p++ = '\n';
    return p;
}

/* A grade: the rating, or the word of a failure. */
static char *write_grade(char *p, const output_options *opt, const result *r)
{
    if (opt->format == FORMAT_JSON) {
        p = put_json_head(p, r);
        p = put_json_status(p, r);
        if (r->outcome == OUTCOME_SOLVED)
            p = put_rating_json(p, &r->rating, 1);
        if (opt->stats && r->outcome != OUTCOME_INVALID) {
            p = put_string(p, ",\"time_us\":");
            p = put_micros(p, r->micros);
        }
        return put(p, "}\n", 2);
    }
    if (r->outcome == OUTCOME_SOLVED)
        p = put_rating(p, &r->rating);
    else
        p = put_string(p, outcome_name(r->outcome));
    if (opt->stats && r->outcome != OUTCOME_INVALID) {
        *p++ = ' ';
        p = put_micros(p, r->micros);
    }
    *p++ = '\n';
    if (opt->format == FORMAT_GRID)
        *p++ = '\n';
    return p;
}

int output_result(text_buffer *out, const output_options *opt, const result *r,
                  const sudoku_candidates *left)
{
    const size_t bound = RECORD_BOUND + 6 * strlen(r->source) +
                         6 * r->cells_length + CANDIDATES_BOUND + COLOR_BOUND;
    char *p = reserve(out, bound);

    if (!p)
        return -1;
    if (opt->command == COMMAND_GRADE) {
        p = write_grade(p, opt, r);
    } else if (opt->command == COMMAND_CANON) {
        p = write_canon(p, opt, r);
    } else if (opt->command == COMMAND_EXPLAIN && r->outcome == OUTCOME_SOLVED) {
        p = write_explained(p, opt, r, left);
    } else if (opt->command == COMMAND_EXPLAIN) { /* a failure */
        if (opt->format == FORMAT_JSON) {
            p = write_grade(p, opt, r);
        } else {
            p = put_string(p, outcome_name(r->outcome));
            p = put(p, "\n\n", 2);
        }
    } else {
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
    }
    commit(out, p);
    return 0;
}

/*
 * generate: a puzzle (blanks as '.') or a full grid, or the word of a
 * failure; with -s, the attempts and the time.
 */
static char *write_made_text(char *p, const output_options *opt, const made *m)
{
    const sudoku_generated *g = &m->generated;
    const sudoku_grid *grid = m->grid ? &g->solution : &g->puzzle;
    const int ok = m->outcome == OUTCOME_SOLVED;
    const int lines = opt->format == FORMAT_GRID;

    if (!ok)
        p = put_string(p, outcome_name(m->outcome));
    else if (lines)
        p = put_grid(p, grid, grid, 0) - 1;
    else
        p += strlen(sudoku_format(grid, p));
    if (opt->stats && lines) {
        p = put_string(p, m->grid ? "\ntime: " : "\nattempts: ");
        if (!m->grid) {
            p = put_ulong(p, g->attempts);
            p = put_string(p, ", time: ");
        }
        p = put_micros(p, m->micros);
        p = put_string(p, " us");
    } else if (opt->stats) {
        if (!m->grid) {
            *p++ = ' ';
            p = put_ulong(p, g->attempts);
        }
        *p++ = ' ';
        p = put_micros(p, m->micros);
    }
    *p++ = '\n';
    if (lines)
        *p++ = '\n';
    return p;
}

static char *write_made_json(char *p, const output_options *opt, const made *m)
{
    const sudoku_generated *g = &m->generated;
    char text[SUDOKU_CELLS + 1];

    p = put_string(p, "{\"seed\":");
    p = put_u64(p, m->seed);
    p = put_string(p, ",\"index\":");
    p = put_u64(p, m->index);
    if (m->outcome != OUTCOME_SOLVED) {
        p = put_string(p, ",\"status\":\"");
        p = put_string(p, outcome_name(m->outcome));
        p = put_string(p, "\",\"error\":");
        p = put_json_string(p, m->message, strlen(m->message));
        p = put_string(p, ",\"attempts\":");
        p = put_ulong(p, g->attempts);
    } else if (m->grid) {
        p = put_string(p, ",\"status\":\"made\",\"grid\":\"");
        p = put_solution(p, &g->solution);
        *p++ = '"';
    } else {
        p = put_string(p, ",\"status\":\"made\",\"puzzle\":\"");
        p = put_string(p, sudoku_format(&g->puzzle, text));
        p = put_string(p, "\",\"solution\":\"");
        p = put_solution(p, &g->solution);
        p = put_string(p, "\",\"givens\":");
        p = put_ulong(p, (unsigned long)g->clues);
        p = put_string(p, ",\"symmetry\":\"");
        p = put_string(p, sudoku_symmetry_name(g->symmetry));
        p = put_string(p, "\",\"attempts\":");
        p = put_ulong(p, g->attempts);
        if (m->rating)
            p = put_rating_json(p, m->rating, 0);
    }
    if (opt->stats) {
        p = put_string(p, ",\"time_us\":");
        p = put_micros(p, m->micros);
    }
    return put(p, "}\n", 2);
}

int output_made(text_buffer *out, const output_options *opt, const made *m)
{
    char *p = reserve(out, RECORD_BOUND + 6 * sizeof m->message);

    if (!p)
        return -1;
    if (opt->format == FORMAT_JSON)
        p = write_made_json(p, opt, m);
    else
        p = write_made_text(p, opt, m);
    commit(out, p);
    return 0;
}

int output_made_message(text_buffer *err, const made *m)
{
    char *p = reserve(err, sizeof m->message + 128);

    if (!p)
        return -1;
    p = put_string(p, "sudoku: puzzle ");
    p = put_u64(p, m->index);
    p = put_string(p, " (seed ");
    p = put_u64(p, m->seed);
    p = put_string(p, "): ");
    p = put_string(p, m->message);
    *p++ = '\n';
    commit(err, p);
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
