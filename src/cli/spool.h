/*
 * spool.h - text kept for the end of the output: a sheet's answers, which
 * go after every puzzle, whose records are written as they come.
 *
 * The writer appends each record's kept text, in input order, and copies
 * it all out at the end. Memory holds the first SPOOL_MEMORY bytes; past
 * them everything goes to a temporary file (tmpfile()), so that a run of a
 * million puzzles keeps its answers on disk, not in memory. Where no
 * temporary file can be made, memory holds it all.
 */
#ifndef SUDOKU_SPOOL_H
#define SUDOKU_SPOOL_H

#include "text.h"

#include <stdio.h>

/* The most bytes kept in memory before a temporary file takes over. */
#define SPOOL_MEMORY (1024 * 1024)

typedef struct spool {
    text_buffer memory;
    FILE *file; /* once the memory is full, or NULL */
} spool;

/* Appends n bytes. Returns 0, or -1 with errno set when they are lost. */
int spool_add(spool *s, const char *data, size_t n);

/*
 * Hands everything kept, in order, to `write` in pieces, and stops at the
 * first piece it refuses (returning non-zero). Returns 0, -1 with errno
 * set when the temporary file could not be read, or what `write` returned.
 */
int spool_each(spool *s, int (*write)(void *context, const char *data, size_t n),
               void *context);

/* Frees the memory and closes (so removes) the temporary file. */
void spool_free(spool *s);

#endif /* SUDOKU_SPOOL_H */
