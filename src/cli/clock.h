/*
 * clock.h - the time, for -s and the progress line.
 */
#ifndef SUDOKU_CLOCK_H
#define SUDOKU_CLOCK_H

/* Microseconds from an arbitrary start: monotonic where POSIX has a clock. */
double clock_micros(void);

#endif /* SUDOKU_CLOCK_H */
