/*
 * text.h - output records written into memory, and the pieces every
 * command draws them with: numbers, grids, candidates, JSON strings and
 * ratings.
 *
 * Workers format their records into a text_buffer, so that the writer
 * only copies bytes to the stream. A record is appended piece by piece,
 * text_add() and the text_add_* pieces, and the buffer grows as it goes,
 * as git's strbuf does: nothing is sized beforehand. Memory that runs out
 * is remembered (the append does nothing, and so do the ones after it),
 * and the writer of a record asks text_status() once, at its end.
 *
 * A piece whose length is known before it is written (the 81 digits, a
 * grid, the candidates, a step's words once measured) takes room for it
 * at once with text_reserve(), is filled through a cursor, and ends with
 * text_commit(). Such a room is a named bound or a measured length, never
 * a sum of the record's parts.
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

/* Takes back the last n bytes appended, unless memory ran out. */
static inline void text_drop(text_buffer *t, size_t n)
{
    if (!t->failed)
        t->length -= n;
}

/* A number in decimal. */
void text_add_u64(text_buffer *t, uint64_t v);

/* The 81 digits of a full grid; the solver only gives values 1-9. */
void text_add_digits(text_buffer *t, const sudoku_grid *grid);

/* The 81 cells as sudoku_format() writes them, '.' for a blank. */
void text_add_cells(text_buffer *t, const sudoku_grid *grid);

/* Microseconds, with figure_decimals() decimals, as "%.*f" writes them. */
void text_add_micros(text_buffer *t, double micros);

/*
 * The figures -s adds, in words: `before`, a count, `between`, then the
 * microseconds and " us", as in "guesses: 3, time: 41.5 us".
 */
void text_add_figures(text_buffer *t, const char *before, uint64_t count,
                      const char *between, double micros);

/*
 * The 81 cells of a grid as a 9x9 grid with box rules, '.' for a blank.
 * With `color`, a digit is coloured as a given where `givens` has one,
 * else as found.
 */
void text_add_grid(text_buffer *t, const sudoku_grid *grid, const sudoku_grid *givens,
                   int color);

/*
 * Bytes as a JSON string. Well-formed UTF-8 passes through; a byte that is
 * not part of it becomes U+FFFD, since JSON text must be UTF-8.
 */
void text_add_json_string(text_buffer *t, const char *s, size_t length);

/*
 * The keys a JSON record about an input record starts with: source, line,
 * puzzle (the cells as read) and note, when there is one.
 */
void text_add_json_head(text_buffer *t, const record_ref *r);

/* ,"KEY":N: a JSON member that counts; KEY needs no escape. */
void text_add_json_count(text_buffer *t, const char *key, uint64_t n);

/* ,"time_us":T: the microseconds that -s adds to a JSON record. */
void text_add_json_micros(text_buffer *t, double micros);

/* ,"status":"WORD" and, when `error` is not NULL, ,"error":"...". */
void text_add_json_status(text_buffer *t, const char *word, const char *error);

/* A difficulty in tenths as SE writes it, "3.4"; with `bound`, ">6.2". */
void text_add_difficulty(text_buffer *t, int tenths, int bound);

/* The most a difficulty takes: '>', an unsigned int's 10 digits, '.' and a tenth. */
#define DIFFICULTY_TEXT_BOUND 13

/*
 * The most a rating takes: three difficulties, two '/', a space and the
 * longest level of sudoku_levels(), "extreme", with its '+'.
 */
#define RATING_TEXT_BOUND (3 * DIFFICULTY_TEXT_BOUND + 3 + 8)

/* "3.4/1.2/1.2 medium", or with bounds ">6.2/1.2/1.2 expert". */
void text_add_rating(text_buffer *t, const sudoku_rating *rating);

/* The same at a cursor, for a text of its own: RATING_TEXT_BOUND at most. */
char *put_rating(char *p, const sudoku_rating *rating);

/*
 * The keys er, ep, ed, level, hardest, the count of steps under the key
 * `steps` (when not NULL) and complete of a JSON record.
 */
void text_add_rating_json(text_buffer *t, const sudoku_rating *rating, const char *steps);

/*
 * The candidates as a 9x9 grid of strings, each column as wide as its
 * widest cell, with rules between boxes; a placed cell shows its digit.
 */
void text_add_candidates_line(text_buffer *t, const sudoku_candidates *grid);

/*
 * The candidates as a 9x9 grid of 3x3 blocks: in each cell, digit d at
 * row (d-1)/3 and column (d-1)%3 of its block, or '.' when struck; a
 * placed cell shows its digit alone, in the middle.
 */
void text_add_candidates_grid(text_buffer *t, const sudoku_candidates *grid);

/* The 729 characters of pencil marks: digit d in place d, else '.'. */
void text_add_marks(text_buffer *t, const sudoku_candidates *grid);

/*
 * The decimals a measured figure is written with: one below 100, where a
 * tenth still says something, and none from 100 on.
 */
int figure_decimals(double figure);

/* Reads the cells of a record as a grid: a digit is a given; anything
 * else, or a record that is not 81 cells, is a blank. */
void cells_grid(const char *cells, size_t length, sudoku_grid *grid);

/*
 * Appends "sudoku: SOURCE:LINE: MESSAGE\n", the report of a failed record
 * on standard error. Returns 0, or -1 when memory ran out.
 */
int text_message(text_buffer *err, const char *source, unsigned long line,
                 const char *message);

#endif /* SUDOKU_TEXT_H */
