/*
 * signals.h - SIGINT and SIGTERM during a run: what the handler shares
 * with it.
 *
 * The handler (sudoku_cli_signal(), declared in cli.h) only notes the
 * signal, except while the run waits for a line typed at a terminal with
 * every answer written, when ending at once loses nothing. The run looks
 * at the note between batches and ends by the signal after writing what
 * is done (session.c).
 */
#ifndef SUDOKU_SIGNALS_H
#define SUDOKU_SIGNALS_H

#include <signal.h>

/* The signal that asked for a stop, or 0; the reader watches it too. */
extern volatile sig_atomic_t signal_stop;

/* Whether a signal may end the process at once: the run waits for typed
   input, with nothing held back. */
void signal_idle(int idle);

/* Ends the process by `signo`, as it would have ended with no handler. */
void signal_end(int signo);

#endif /* SUDOKU_SIGNALS_H */
