/*
 * main.c - the `sudoku` command: signals, then sudoku_cli_run().
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _POSIX_C_SOURCE 200809L /* sigaction() */
#endif

#include "cli.h"

#include <signal.h>
#include <stdio.h>

/*
 * On SIGINT or SIGTERM the command writes the records it has whole, and
 * ends by the signal (see sudoku_cli_signal()). The handler stays in
 * place, so a second signal, as `timeout` sends to the process and then to
 * its group, never cuts the writing short. A signal ignored at the start,
 * as `nohup` leaves it, stays ignored.
 */
static void catch_stop_signals(void)
{
#if defined(_POSIX_C_SOURCE)
    static const int signals[] = {SIGINT, SIGTERM};
    struct sigaction action = {0}, old;

    action.sa_handler = sudoku_cli_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < sizeof signals / sizeof *signals; i++) {
        if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(signals[i], &action, NULL);
    }
#endif
}

int main(int argc, char **argv)
{
    catch_stop_signals();
    return sudoku_cli_run(argc, argv, stdin, stdout, stderr);
}
