/*
 * signals.c - SIGINT and SIGTERM during a run (signals.h). The two flags
 * are the only state a handler may touch.
 */
#include "signals.h"
#include "cli.h"

volatile sig_atomic_t signal_stop;
static volatile sig_atomic_t idle_now;

void signal_idle(int idle)
{
    idle_now = idle;
}

void signal_end(int signo)
{
    signal(signo, SIG_DFL);
    raise(signo);
}

void sudoku_cli_signal(int signo)
{
    if (idle_now)
        signal_end(signo);
    else if (!signal_stop)
        signal_stop = signo;
}
