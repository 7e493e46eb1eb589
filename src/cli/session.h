/*
 * session.h - one run of a command, from its operands to its exit status.
 */
#ifndef SUDOKU_SESSION_H
#define SUDOKU_SESSION_H

#include "command.h"
#include "operand.h"
#include "pool.h"
#include "progress.h"
#include "reader.h"
#include "spool.h"
#include "worker.h"

#include <stdio.h>

/* The state of one run: where things go, and what has happened so far. */
typedef struct session {
    const command *command;
    shared_settings shared;
    work work;     /* what the workers get */
    FILE *in, *out, *err;
    reader *reader;
    pool *pool;
    int jobs;       /* the pool's threads */
    batch *filling; /* the batch being read into, not yet submitted */
    int more_operands; /* operands follow the one being read */
    unsigned long items, done; /* records written, and those that succeeded */
    progress progress;  /* the line on a terminal's standard error */
    double bytes_done;  /* bytes of the streams read to their end */
    int unflushed;      /* records were written to `out` since its last flush */
    int hinted;         /* the hint for a terminal's input is out */
    spool kept;         /* what the records keep for the end of the output */
    uint64_t kept_records; /* how many kept anything */
    int status;  /* the exit status so far */
    int stopped; /* the output failed, or memory ran out: stop reading */
} session;

/*
 * Flushes `out`; a failure stops the run and sets the status (a closed
 * pipe quietly, anything else with a message).
 */
void session_flush(session *ctx);

/* Whether a stream is a terminal. */
int stream_is_terminal(FILE *f);

/* Says "sudoku: memory ran out" on err; returns the exit status for it. */
int report_no_memory(FILE *err);

/*
 * The threads to run without -j: one for a person at a terminal, who reads
 * a record at a time anyway, for --line-buffered, which answers a record
 * at a time, and for puzzles given as arguments, which are few; else one
 * for each processor.
 */
int session_default_jobs(const session *ctx, const char *const *operands,
                         int count);

/*
 * Runs the command on the records of every operand (standard input when
 * there are none), or on its items: ctx->reader and ctx->pool are ready,
 * and the records go out in input order. ctx->status is the exit status.
 */
void session_run(session *ctx, const char *const *operands, int count);

#endif /* SUDOKU_SESSION_H */
