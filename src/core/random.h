/*
 * random.h - what the library's own code draws with, beside the public
 * generator of sudoku.h.
 */
#ifndef SUDOKU_RANDOM_H
#define SUDOKU_RANDOM_H

#include "sudoku.h"

/* Fisher-Yates: every order of the n items equally likely. */
void random_shuffle(sudoku_random *rng, unsigned char *item, int n);

#endif /* SUDOKU_RANDOM_H */
