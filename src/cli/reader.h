/*
 * reader.h - turns a byte stream into puzzle records.
 *
 * The library's reader (sudoku.h) tells records from the rest; this one
 * gives it the lines of a stream: it refills a buffer, reads UTF-16 as
 * UTF-8, reads a terminal a line at a time, and stops when told to.
 */
#ifndef SUDOKU_READER_H
#define SUDOKU_READER_H

#include "sudoku.h"

#include <signal.h>
#include <stdio.h>

/* How many bytes the reader asks of its stream at once. */
#define READER_BUFFER 65536

typedef struct reader {
    sudoku_reader records; /* what makes records of the lines */
    FILE *in;        /* the stream, or NULL when reading text */
    /*
     * When set, and nonzero, the stream is read no further: a line without
     * end, as /dev/zero gives, would otherwise keep the reader for ever.
     */
    const volatile sig_atomic_t *stop;
    int interactive; /* read a line at a time, so answers are not held back */
    int started;     /* the first bytes were read, and a BOM skipped */
    int end;         /* the stream has no more bytes */
    int error;       /* errno of a failed read, 0 if none */
    double bytes;    /* bytes taken from the stream so far */
    enum { UTF8, UTF16_LITTLE, UTF16_BIG } utf16; /* the stream's encoding */
    long unit_ahead; /* a UTF-16 code unit read but not yet taken, or -1 */
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
 * must stay in place until the last record is read: sudoku_reader_init_text().
 */
void reader_init_text(reader *r, const char *text, size_t length);

/*
 * Reads the next record. Returns 1 when it filled in `rec`, 0 at the end of
 * the input (or, reading a stream, once *r->stop is set), and -1 when the
 * stream failed (r->error then holds errno).
 */
int reader_next(reader *r, sudoku_record *rec);

/*
 * Whether the input is known, without waiting for it, to hold no record
 * after those given: a file read to its end, or a text, with nothing left
 * but blank lines, comments and rules. A stream that may yet give more is
 * not drained.
 */
int reader_drained(const reader *r);

/*
 * The bytes of the stream taken into records so far (0 when reading text):
 * how far the records given reach into a file, for a progress line.
 */
double reader_stream_offset(const reader *r);

#endif /* SUDOKU_READER_H */
