/*
 * reader.h - turns a byte stream into puzzle records.
 *
 * A record is a one-line puzzle or a block of nine rows. The reader keeps
 * only the first RECORD_MAX_CELLS cells of a record and counts the rest, so it runs in
 * constant memory whatever the input holds.
 */
#ifndef SUDOKU_READER_H
#define SUDOKU_READER_H

#include "sudoku.h"

#include <signal.h>
#include <stdio.h>

/* How many bytes the reader asks of its stream at once. */
#define READER_BUFFER 65536

/*
 * The most cells a record keeps: enough for a line of pencil marks, nine
 * characters for each cell.
 */
#define RECORD_MAX_CELLS (9 * SUDOKU_CELLS)

typedef enum record_kind {
    RECORD_CELLS,      /* cells to parse: 81 of them, or a count that is wrong */
    RECORD_SHORT_BLOCK /* a block of rows that ended before its ninth row */
} record_kind;

/*
 * The first character of a record that is neither a cell character nor a
 * separator, with where it is. Its bytes are kept as far as they can be
 * the start of one UTF-8 character: the byte, and up to three bytes
 * 0x80-0xBF after it; whether they are well-formed is the caller's to see.
 */
typedef struct foreign_char {
    size_t column;  /* its place on its line, from 1; 0: there is none */
    unsigned long line;
    size_t cell;    /* its place among the record's cells, from 0 */
    size_t length;  /* bytes kept */
    unsigned char bytes[4];
} foreign_char;

/* The most bytes of a record's note that are kept. */
#define RECORD_NOTE_MAX 240

typedef struct record {
    record_kind kind;
    unsigned long line;        /* the record's first line, from 1 */
    unsigned long row_line[9]; /* the line each row of cells came from */
    size_t count;              /* cells read; only the first RECORD_MAX_CELLS are kept */
    size_t characters;         /* the same, a UTF-8 sequence counted once */
    foreign_char foreign;      /* the first foreign character, if any */
    size_t note_length;        /* the note after a one-line puzzle, or 0 */
    char note[RECORD_NOTE_MAX];
    char cell[RECORD_MAX_CELLS];
} record;

/* A line, reduced to what classifying it needs. */
typedef struct line_summary {
    unsigned long number;
    size_t cells;   /* bytes that are not white space or separators */
    size_t continuations; /* of them, bytes 0x80-0xBF: not characters */
    size_t seen;    /* bytes of the line scanned so far */
    int empty;      /* nothing but white space */
    int comment;    /* the first character that is not white space is '#' */
    int collecting; /* the bytes that follow belong to `foreign` */
    foreign_char foreign;
    size_t cut;     /* cells before a note may begin, or 0 */
    size_t note_length; /* bytes of the line from the cut on, kept */
    char note[RECORD_NOTE_MAX];
    /* The line as a row of candidates: runs of digits apart, one a cell. */
    int framing;    /* every byte so far but white space may draw a frame */
    int rules;      /* of them, lines ('-', '=', box drawing), counted to 3 */
    int tokens;     /* runs of cells, between white space and separators */
    int in_token;   /* the last byte scanned was in one */
    int candidates; /* every run so far is of distinct digits 1-9 */
    unsigned short token_mask[9]; /* the digits of the first nine runs */
    char cell[RECORD_MAX_CELLS];
} line_summary;

typedef struct reader {
    FILE *in;        /* the stream, or NULL when reading `text` */
    /*
     * When set, and nonzero, the stream is read no further: a line without
     * end, as /dev/zero gives, would otherwise keep the reader for ever.
     */
    const volatile sig_atomic_t *stop;
    const char *text;
    size_t text_left;
    int interactive; /* read a line at a time, so answers are not held back */
    int started;     /* the first bytes were read, and a BOM skipped */
    int end;         /* the stream has no more bytes */
    int error;       /* errno of a failed read, 0 if none */
    unsigned long lines;
    double bytes;    /* bytes taken from the stream or the text so far */
    enum { UTF8, UTF16_LITTLE, UTF16_BIG } utf16; /* the stream's encoding */
    long unit_ahead; /* a UTF-16 code unit read but not yet taken, or -1 */
    int pending;     /* `next` holds a line read but not yet used */
    int spaced;      /* the block being read has an empty line between bands */
    int marked;      /* ... and its rows are candidates, as in marks[] */
    unsigned short marks[SUDOKU_CELLS];
    line_summary next;
    size_t pos, len;
    char buffer[READER_BUFFER];
} reader;

/*
 * Starts reading `in`. With `interactive` set, the reader never asks the
 * stream for more than one line at a time. A UTF-8 byte-order mark at the
 * start of the stream is skipped.
 */
void reader_init(reader *r, FILE *in, int interactive);

/*
 * Starts reading `length` bytes of `text` as if they were a stream, which
 * must stay in place until the last record is read. A BOM is skipped too.
 */
void reader_init_text(reader *r, const char *text, size_t length);

/*
 * Reads the next record. Returns 1 when it filled in `rec`, 0 at the end of
 * the input (or once *r->stop is set), and -1 when the stream failed
 * (r->error then holds errno).
 */
int reader_next(reader *r, record *rec);

/*
 * The bytes of the stream taken into records so far (0 when reading text):
 * how far the records given reach into a file, for a progress line.
 */
double reader_stream_offset(const reader *r);

/*
 * Reads `text` (length bytes, NULs included) as one line of input, and
 * makes `rec` the one-line record it gives, at line number `line`: white
 * space and separators are dropped, and a line that starts with '#' holds
 * no cells. Returns the number of cells, of which at most RECORD_MAX_CELLS are
 * kept.
 */
size_t record_from_text(record *rec, const char *text, size_t length,
                        unsigned long line);

#endif /* SUDOKU_READER_H */
