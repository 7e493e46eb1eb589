/*
 * options.h - the command's options.
 */
#ifndef SUDOKU_OPTIONS_H
#define SUDOKU_OPTIONS_H

#include "worker.h"

#include <stdio.h>

/* --color: whether grids are coloured. */
typedef enum color_mode { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } color_mode;

typedef struct options {
    job_options job;
    int jobs;            /* 1 to POOL_MAX_THREADS, or 0 when -j was not given */
    color_mode color;    /* COLOR_AUTO: the run decides, from `out` */
    int line_buffered;   /* read a line at a time, flush each record */
    int seed_given;      /* generate: --seed was given; else the caller draws one */
    unsigned given;      /* generate: which of its options were given (options.c) */
} options;

/*
 * Reads argv into `opt`, defaults first, and gathers the operands, in
 * order, into `operands` (room for argc of them). Returns -1 to go on, or
 * the status to exit with: 0 after --help or --version (written to `out`),
 * SUDOKU_CLI_EXIT_TROUBLE after a usage error (reported on `err`).
 */
int options_parse(int argc, char **argv, options *opt, const char **operands,
                  int *operand_count, FILE *out, FILE *err);

#endif /* SUDOKU_OPTIONS_H */
