/*
 * sudoku.h - solve, count and validate 9x9 Sudoku puzzles.
 *
 * The library is reentrant: it keeps no mutable global state, and it never
 * allocates memory. Every structure is a plain struct that the caller owns,
 * so any number of threads may solve at once on their own structs.
 *
 * Beside solving, it finds a puzzle's canonical form, which is the same for
 * every puzzle equivalent to it (see sudoku_canon()).
 *
 * A typical caller parses text into a grid, then solves or counts it:
 *
 *     sudoku_grid puzzle, solution;
 *     sudoku_diagnostic diag;
 *     char text[SUDOKU_CELLS + 1];
 *
 *     if (sudoku_parse(&puzzle, line, 81, &diag) != SUDOKU_OK) {
 *         sudoku_describe(&diag, message, sizeof message);
 *         ...
 *     }
 *     if (sudoku_solve(&puzzle, &solution, NULL) == SUDOKU_OK)
 *         puts(sudoku_format(&solution, text));
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The number of cells in a grid. */
#define SUDOKU_CELLS 81

/**
 * Every status the library returns, with its message. The list is the one
 * source of both the enum and sudoku_strerror(), so they cannot drift apart.
 */
#define SUDOKU_STATUS_LIST(X)                                                  \
    X(SUDOKU_OK, "success")                                                    \
    X(SUDOKU_E_NULL, "a required pointer argument is NULL")                    \
    X(SUDOKU_E_TOO_FEW, "too few cells: a puzzle has 81")                      \
    X(SUDOKU_E_TOO_MANY, "too many cells: a puzzle has 81")                    \
    X(SUDOKU_E_CHARACTER, "a cell is neither a digit 1-9 nor a blank")         \
    X(SUDOKU_E_VALUE, "a cell value is outside 0-9")                           \
    X(SUDOKU_E_CONFLICT, "two givens in one row, column or box are equal")     \
    X(SUDOKU_E_LIMIT, "the solution limit must be at least 1")                 \
    X(SUDOKU_E_UNSOLVABLE, "the puzzle has no solution")                      \
    X(SUDOKU_E_TRANSFORM, "the transform does not keep the rules of the grid")

/** The result of a library call. SUDOKU_OK is 0; every error is positive. */
typedef enum sudoku_status {
#define SUDOKU_ENUM_ITEM(name, message) name,
    SUDOKU_STATUS_LIST(SUDOKU_ENUM_ITEM)
#undef SUDOKU_ENUM_ITEM
    SUDOKU_STATUS_COUNT /**< not a status: the number of statuses */
} sudoku_status;

/**
 * A puzzle or a solution: the 81 cells in row-major order (r1c1, r1c2, ...,
 * r9c9). A cell holds 0 for a blank or a digit 1-9.
 */
typedef struct sudoku_grid {
    unsigned char cell[SUDOKU_CELLS];
} sudoku_grid;

/**
 * Where validation failed, filled in by sudoku_parse() and sudoku_check().
 * Only the fields that belong to the status are meaningful.
 */
typedef struct sudoku_diagnostic {
    sudoku_status status;
    size_t cells;        /**< E_TOO_FEW, E_TOO_MANY: how many cells there were */
    int cell;            /**< E_CHARACTER, E_VALUE, E_CONFLICT: index 0-80 */
    int other;           /**< E_CONFLICT: the earlier cell with the same digit */
    unsigned char value; /**< E_CHARACTER: the byte; E_VALUE, E_CONFLICT: the value */
} sudoku_diagnostic;

/** Counters of the work a search did. */
typedef struct sudoku_stats {
    /**
     * Branches: how many times the search assumed a digit in a cell because
     * propagation could go no further. 0 means the puzzle fell to singles.
     */
    unsigned long guesses;
} sudoku_stats;

/**
 * Returns the library's version as "MAJOR.MINOR.PATCH". Never NULL.
 */
const char *sudoku_version(void);

/**
 * Returns a static, human-readable message for a status. Never NULL: a value
 * that is not a status gets "unknown status".
 */
const char *sudoku_strerror(sudoku_status status);

/**
 * Parses a puzzle of exactly 81 characters, one per cell in row-major order.
 * The digits 1-9 are givens; '.', '0', '_' and '*' are blanks. Nothing else
 * is accepted, not even white space: the caller strips any layout first.
 * Parsing also runs sudoku_check(), so a parsed grid is ready to solve.
 *
 * grid:   receives the cells; left unspecified on failure.
 * text:   the characters; it need not be NUL-terminated, and a NUL within the
 *         first `length` bytes is a foreign character.
 * length: the number of characters in text.
 * diag:   may be NULL; otherwise filled in on failure (and its status set to
 *         SUDOKU_OK on success).
 *
 * Returns SUDOKU_OK, SUDOKU_E_NULL (grid or text NULL), SUDOKU_E_TOO_FEW,
 * SUDOKU_E_TOO_MANY, SUDOKU_E_CHARACTER (the first one) or SUDOKU_E_CONFLICT.
 * Length errors are reported before characters, characters before conflicts.
 */
sudoku_status sudoku_parse(sudoku_grid *grid, const char *text, size_t length,
                           sudoku_diagnostic *diag);

/**
 * Checks a grid built by the caller: every cell within 0-9 and no digit twice
 * in a row, column or box. It does not check that a solution exists.
 *
 * diag: may be NULL; otherwise filled in as for sudoku_parse(). For a
 *       conflict, `cell` is the later cell in row-major order and `other`
 *       the earlier.
 *
 * Returns SUDOKU_OK, SUDOKU_E_NULL, SUDOKU_E_VALUE or SUDOKU_E_CONFLICT.
 */
sudoku_status sudoku_check(const sudoku_grid *grid, sudoku_diagnostic *diag);

/**
 * Counts the solutions of a puzzle, stopping as soon as `limit` are found.
 * A limit of 1 finds a solution; a limit of 2 tells whether it is unique.
 * The puzzle is checked first, as by sudoku_check().
 *
 * puzzle: the grid to solve; it is not modified.
 * limit:  the most solutions to look for, at least 1.
 * count:  receives the number found, from 0 to limit. On an error it is 0.
 * first:  may be NULL; otherwise receives the first solution found, and is
 *         left unspecified when there is none.
 * stats:  may be NULL; otherwise receives the search's counters.
 *
 * Returns SUDOKU_OK (whatever the count, 0 included), SUDOKU_E_NULL (puzzle
 * or count NULL), SUDOKU_E_LIMIT, SUDOKU_E_VALUE or SUDOKU_E_CONFLICT.
 * The time it takes grows with the limit; on a nearly empty grid every
 * solution is found quickly, so the limit is what bounds the work.
 */
sudoku_status sudoku_count(const sudoku_grid *puzzle, unsigned long limit,
                           unsigned long *count, sudoku_grid *first,
                           sudoku_stats *stats);

/**
 * Solves a puzzle: sudoku_count() with a limit of 1.
 *
 * solution: receives the solution; left unspecified when there is none.
 * stats:    may be NULL.
 *
 * Returns SUDOKU_OK, SUDOKU_E_UNSOLVABLE, SUDOKU_E_NULL (puzzle or solution
 * NULL), SUDOKU_E_VALUE or SUDOKU_E_CONFLICT. Solving does not check that the
 * solution is unique: use sudoku_count() with a limit of 2 for that.
 */
sudoku_status sudoku_solve(const sudoku_grid *puzzle, sudoku_grid *solution,
                           sudoku_stats *stats);

/**
 * Writes a grid as 81 characters, digits for filled cells and '.' for
 * blanks, followed by a NUL. Cell values outside 0-9 are written as '?'; the
 * function does not otherwise check the grid.
 *
 * text: room for SUDOKU_CELLS + 1 characters.
 *
 * Returns text, or NULL (writing nothing) when grid or text is NULL.
 */
char *sudoku_format(const sudoku_grid *grid, char *text);

/**
 * Writes a one-line, human-readable account of a validation failure into
 * buf, such as "r1c3 and r1c7 both hold 5" or "80 cells, expected 81",
 * truncated to fit and always NUL-terminated when size > 0. A foreign
 * character is shown quoted, as in 'x', when it is printable ASCII other
 * than a quote or a backslash, and as '\xHH' otherwise.
 *
 * diag: may be NULL, which is described as SUDOKU_E_NULL. A status that has
 *       no details (SUDOKU_OK, SUDOKU_E_LIMIT, ...) gets sudoku_strerror()'s
 *       message.
 * buf:  may be NULL, and then nothing is written, whatever size says.
 *
 * Returns the length the whole message needs, as snprintf() does.
 */
size_t sudoku_describe(const sudoku_diagnostic *diag, char *buf, size_t size);

/**
 * One of the transformations that turn a grid into an equivalent one: the
 * grid transposed or not, then its rows and columns reordered, then its
 * digits renamed. Cell (i, j) of the result, rows and columns counted from
 * 0, is
 *
 *     digit[ transpose ? in[col[j]][row[i]] : in[row[i]][col[j]] ]
 *
 * So row[i] names the row (of the grid as transposed, if it is) that becomes
 * row i. To keep the rules, row[] must move whole bands and keep each band's
 * rows together: rows 3b, 3b+1 and 3b+2 of the result all come from one band,
 * and each band is used once. col[] does the same for stacks. digit[0] is 0,
 * so blanks stay blank, and digit[1..9] is a permutation of 1-9.
 */
typedef struct sudoku_transform {
    unsigned char row[9];
    unsigned char col[9];
    unsigned char transpose; /**< 0 or 1 */
    unsigned char digit[10];
} sudoku_transform;

/**
 * Applies a transform to a grid: out receives the equivalent grid that the
 * transform gives (see sudoku_transform). in and out may be the same grid.
 * It checks that the transform keeps the rules and that every cell of in is
 * within 0-9, but not that in is a valid puzzle: a grid with a conflict gives
 * one with the same conflict moved.
 *
 * Returns SUDOKU_OK, SUDOKU_E_NULL (an argument NULL), SUDOKU_E_TRANSFORM
 * (not a permutation of the kind sudoku_transform describes) or
 * SUDOKU_E_VALUE; out is left unspecified on failure.
 */
sudoku_status sudoku_transform_apply(const sudoku_transform *transform,
                                     const sudoku_grid *in, sudoku_grid *out);

/**
 * Finds the canonical form of a puzzle, its minlex form: equivalent puzzles,
 * and only they, have the same one. Two puzzles are equivalent when a
 * transposition, a reordering of the bands, of the rows within each band,
 * of the stacks and of the columns within each stack (3,359,232 position
 * transformations in all), and a renaming of the digits turn one into the
 * other. Of all the puzzles equivalent to this one, the form is the one
 * whose pattern of givens, read row by row as 81 bits (a blank as 0), is
 * smallest, and of those, the one whose 81 cells, read as a string with a
 * blank as 0, are smallest. Its digits are therefore numbered in the order
 * in which they first appear. (The pattern comes first: of two arrangements
 * whose patterns first differ at some cell, the one with the blank there
 * wins, even where the other's digits would read smaller before it. This is
 * the form that patminlex, the usual tool, computes.)
 *
 * Any valid grid has a form: from no givens to a full grid, with one
 * solution, many or none. Puzzles take microseconds; a full grid, whose
 * pattern leaves every arrangement to be tried, takes milliseconds.
 *
 * puzzle:        the grid; checked first, as by sudoku_check().
 * canonical:     receives the canonical form; unspecified on failure. It
 *                may be the same grid as puzzle.
 * automorphisms: may be NULL; otherwise receives the puzzle's number of
 *                automorphisms: in how many different ways the equivalences
 *                map the puzzle onto itself, counting two as one when they
 *                move every given to the same cell (so the blanks of an empty
 *                row may be moved freely). 1 for most puzzles, and for the
 *                empty grid.
 * to_canonical:  may be NULL; otherwise receives a transform that turns the
 *                puzzle into its canonical form. Its digit map sends the
 *                digits the puzzle lacks to the labels left over, in order.
 *
 * Returns SUDOKU_OK, SUDOKU_E_NULL (puzzle or canonical NULL), SUDOKU_E_VALUE
 * or SUDOKU_E_CONFLICT. It does not solve the puzzle.
 */
sudoku_status sudoku_canon(const sudoku_grid *puzzle, sudoku_grid *canonical,
                           unsigned long *automorphisms,
                           sudoku_transform *to_canonical);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_H */
