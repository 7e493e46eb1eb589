/*
 * cpu_clock.h - the processor time of the calling thread, for the test
 * programs that time the library: the machines are shared, and wall time
 * there says more about the neighbours than about the code.
 *
 * Include it first: it asks for POSIX's clock_gettime().
 */
#ifndef SUDOKU_CPU_CLOCK_H
#define SUDOKU_CPU_CLOCK_H

#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _POSIX_C_SOURCE 200809L /* clock_gettime() */
#endif

#include <time.h>

/* Processor seconds of this thread, or of the process. */
static inline double cpu_seconds(void)
{
#if defined(_POSIX_C_SOURCE) && defined(CLOCK_THREAD_CPUTIME_ID)
    struct timespec ts;

    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
#endif
    return (double)clock() / CLOCKS_PER_SEC;
}

#endif /* SUDOKU_CPU_CLOCK_H */
