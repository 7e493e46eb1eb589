/*
 * text.h - output records written into memory, and the pieces every
 * command draws them with: numbers, grids, candidates, JSON strings and
 * ratings.
 *
 * Workers format their records into a text_buffer, so that the writer
 * only copies bytes to the stream. A record is written through a cursor:
 * text_reserve() makes room for the longest the record could be, the put_*
 * pieces advance the cursor without checking bounds byte by byte, and
 * text_commit() ends the record where the cursor stopped.
 */
#ifndef SUDOKU_TEXT_H
#define SUDOKU_TEXT_H

#include "sudoku.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* What a JSON record says of the input record it answers. */
typedef struct record_ref {
    const char *source; /* file name, "<stdin>" or "<arg N>" */
    unsigned long line; /* where the record starts */
    const char *cells;  /* its cells as read */
    size_t cells_length;
    const char *note;   /* the note after it on its line */
    size_t note_length; /* 0: none */
} record_ref;

/*
 * Bytes that grow as they are appended to, and are kept for reuse: after
 * the first few records, appending allocates nothing.
 */
typedef struct text_buffer {
    char *data;
    size_t length;
    size_t size; /* the room; once memory ran out, no more than `length` */
    int failed;  /* memory ran out: every append does nothing */
} text_buffer;

/* Frees the bytes and empties the buffer. */
void text_free(text_buffer *t);

/* Cuts the buffer back to `length` bytes, and forgets that memory ran out. */
void text_truncate(text_buffer *t, size_t length);

/* 0, or -1 when memory ran out since the buffer was last cut back. */
static inline int text_status(const text_buffer *t)
{
    return t->failed ? -1 : 0;
}

/* Grows the room to n more bytes at least. Returns the end, or NULL. */
char *text_grow(text_buffer *t, size_t n);

/*
 * Room for n more bytes, for a piece of known length that a cursor fills:
 * returns the end of the bytes, or NULL when memory ran out.
 */
static inline char *text_reserve(text_buffer *t, size_t n)
{
    return t->data && t->size - t->length >= n ? t->data + t->length : text_grow(t, n);
}

/* Ends a piece that started at text_reserve(), where the cursor stopped. */
static inline void text_commit(text_buffer *t, const char *cursor)
{
    t->length = (size_t)(cursor - t->data);
}

static inline void text_add(text_buffer *t, const char *s, size_t n)
{
    char *p = text_reserve(t, n);

    if (p) {
        memcpy(p, s, n);
        t->length += n;
    }
}

static inline void text_add_string(text_buffer *t, const char *s)
{
    text_add(t, s, strlen(s));
}

static inline void text_add_char(text_buffer *t, char c)
{
    text_add(t, &c, 1);
}

/* A number in decimal. */
void text_add_u64(text_buffer *t, uint64_t v);

static inline char *put(char *p, const char *s, size_t n)
{
    memcpy(p, s, n);
    return p + n;
}

static inline char *put_string(char *p, const char *s)
{
    return put(p, s, strlen(s));
}

static inline char *put_u64(char *p, uint64_t v)
{
    char digits[24];
    size_t n = 0;

    do {
        digits[sizeof digits - ++n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return put(p, digits + sizeof digits - n, n);
}

/* The 81 digits of a full grid; the solver only gives values 1-9. */
static inline char *put_digits(char *p, const sudoku_grid *grid)
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        p[i] = (char)('0' + grid->cell[i]);
    return p + SUDOKU_CELLS;
}

/*
 * The decimals a measured figure is written with: one below 100, where a
 * tenth still says something, and none from 100 on.
 */
int figure_decimals(double figure);

/* Microseconds, with figure_decimals() decimals, as "%.*f" writes them. */
char *put_micros(char *p, double micros);

/*
 * The figures -s adds, in words: `before`, a count, `between`, then the
 * microseconds and " us", as in "guesses: 3, time: 41.5 us".
 */
char *put_figures(char *p, const char *before, uint64_t count, const char *between,
                  double micros);

/*
 * What colour adds to a grid at most: an ANSI sequence before and after
 * every cell.
 */
#define COLOR_BOUND (SUDOKU_CELLS * 16)

/*
 * The 81 cells of a grid as a 9x9 grid with box rules, '.' for a blank.
 * With `color`, a digit is coloured as a given where `givens` has one,
 * else as found.
 */
char *put_grid(char *p, const sudoku_grid *grid, const sudoku_grid *givens,
               int color);

/* Reads the cells of a record as a grid: a digit is a given; anything
 * else, or a record that is not 81 cells, is a blank. */
void cells_grid(const char *cells, size_t length, sudoku_grid *grid);

/*
 * The length of the well-formed UTF-8 sequence at s (at most `left` bytes
 * long, left > 0) that encodes a character from U+0080 up, or 0 if there
 * is none.
 */
size_t utf8_length(const unsigned char *s, size_t left);

/*
 * Bytes as a JSON string, at most 6 bytes out for each byte in (and 2 for
 * the quotes). Well-formed UTF-8 passes through; a byte that is not part
 * of it becomes U+FFFD, since JSON text must be UTF-8.
 */
char *put_json_string(char *p, const char *s, size_t length);

/*
 * The keys a JSON record about an input record starts with: source, line,
 * puzzle (the cells as read) and note, when there is one. Room: 64 bytes
 * and 6 for each byte of the source, the cells and the note.
 */
char *put_json_head(char *p, const record_ref *r);

/* ,"KEY":N: a JSON member that counts; KEY needs no escape. */
char *put_json_count(char *p, const char *key, uint64_t n);

/* ,"time_us":T: the microseconds that -s adds to a JSON record. */
char *put_json_micros(char *p, double micros);

/*
 * ,"status":"WORD" and, when `error` is not NULL, ,"error":"...". Room: 64
 * bytes and 6 for each byte of the error.
 */
char *put_json_status(char *p, const char *word, const char *error);

/* A difficulty in tenths as SE writes it, "3.4"; with `bound`, ">6.2". */
char *put_difficulty(char *p, int tenths, int bound);

/* "3.4/1.2/1.2 medium", or with bounds ">6.2/1.2/1.2 expert". */
char *put_rating(char *p, const sudoku_rating *rating);

/*
 * The keys er, ep, ed, level, hardest, the count of steps under the key
 * `steps` (when not NULL) and complete of a JSON record.
 */
char *put_rating_json(char *p, const sudoku_rating *rating, const char *steps);

/* The most either drawing of the candidates takes. */
#define CANDIDATES_BOUND 2048

/*
 * The candidates as a 9x9 grid of strings, each column as wide as its
 * widest cell, with rules between boxes; a placed cell shows its digit.
 */
char *put_candidates_line(char *p, const sudoku_candidates *grid);

/*
 * The candidates as a 9x9 grid of 3x3 blocks: in each cell, digit d at
 * row (d-1)/3 and column (d-1)%3 of its block, or '.' when struck; a
 * placed cell shows its digit alone, in the middle.
 */
char *put_candidates_grid(char *p, const sudoku_candidates *grid);

/* The 729 characters of pencil marks: digit d in place d, else '.'. */
char *put_marks(char *p, const sudoku_candidates *grid);

/*
 * Appends "sudoku: SOURCE:LINE: MESSAGE\n", the report of a failed record
 * on standard error. Returns 0, or -1 when memory ran out.
 */
int text_message(text_buffer *err, const char *source, unsigned long line,
                 const char *message);

#endif /* SUDOKU_TEXT_H */
