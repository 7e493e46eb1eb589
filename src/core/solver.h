/*
 * solver.h - what the generator asks of the search beyond sudoku.h.
 */
#ifndef SUDOKU_SOLVER_H
#define SUDOKU_SOLVER_H

#include "sudoku.h"

/*
 * Whether `puzzle`, of which `solution` is a solution, has another that
 * differs from it in one of the n `cells`, when the puzzle with those
 * cells given has `solution` alone: that is, whether it has more than one
 * solution. For one cell or two, each cell in turn is searched for a
 * solution with another digit there and the solution's digits in the
 * cells before it; such a search usually fails at once, where
 * sudoku_count() with a limit of 2 finds `solution` again first. For
 * more cells, whose searches add up to more than a count, it counts,
 * unless `other` is wanted: then, and with any n, the other solution
 * found is written to *other.
 */
int solver_differs(const sudoku_grid *puzzle, const sudoku_grid *solution,
                   const unsigned char *cells, int n, sudoku_grid *other);

#endif /* SUDOKU_SOLVER_H */
