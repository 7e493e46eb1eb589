/*
 * clock.c - the time, for -s and the progress line.
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _POSIX_C_SOURCE 200809L /* clock_gettime() */
#endif

#include "clock.h"

#include <time.h>

double clock_micros(void)
{
    struct timespec ts;

#if defined(_POSIX_C_SOURCE) && defined(CLOCK_MONOTONIC)
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0;
#else
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
#endif
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}
