/*
 * wrap_alloc.h - malloc, calloc and realloc, wrapped (-Wl,--wrap) for the
 * tests that fail chosen allocations (WRAP_ALLOC in tests/CMakeLists.txt).
 *
 * Each allocation first asks the test's alloc_refused(), which says
 * whether this one is to fail; the others go to the C library.
 */
#ifndef SUDOKU_WRAP_ALLOC_H
#define SUDOKU_WRAP_ALLOC_H

/* Defined by the test: nonzero makes the allocation asked for fail. */
int alloc_refused(void);

#endif /* SUDOKU_WRAP_ALLOC_H */
