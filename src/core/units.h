/*
 * units.h - how the library numbers the 27 units of the grid.
 *
 * Units 0-8 are the rows, 9-17 the columns and 18-26 the boxes, each run
 * left to right and top to bottom. Cells are 0-80 in row-major order.
 */
#ifndef SUDOKU_UNITS_H
#define SUDOKU_UNITS_H

enum { UNITS = 27 };

static inline int row_of(int cell) { return cell / 9; }
static inline int column_of(int cell) { return 9 + cell % 9; }
static inline int box_at(int row, int col) { return 18 + row / 3 * 3 + col / 3; }
static inline int box_of(int cell) { return box_at(cell / 9, cell % 9); }

#endif /* SUDOKU_UNITS_H */
