/*
 * sudoku.h - solve, count and validate 9x9 Sudoku puzzles.
 *
 * The library is reentrant: it keeps no mutable global state, and it never
 * allocates memory. Every structure is a plain struct that the caller owns,
 * so any number of threads may solve at once on their own structs.
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
#include <stdint.h>

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
    X(SUDOKU_E_UNSOLVABLE, "the puzzle has no solution")                       \
    X(SUDOKU_E_OPTION, "a generator option is out of range")                   \
    X(SUDOKU_E_EXHAUSTED, "no puzzle met the requirements within the attempts")

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

/*
 * Random numbers and generation
 * -----------------------------
 * The generator draws from a random number generator of the library's own
 * (xoshiro256**, seeded through splitmix64), whose output depends on the
 * seed alone: the same seed gives the same numbers, grids and puzzles on
 * every platform and compiler, and no decision rests on floating point.
 */

/** The state of a random number generator. Plain data: copy it to fork. */
typedef struct sudoku_random {
    uint64_t state[4];
} sudoku_random;

/**
 * Seeds a generator. Every (seed, stream) pair starts its own sequence, so
 * the k-th item of a run can be made from stream k alone, in any order and
 * on any thread, and always be the same.
 *
 * rng:    receives the state; nothing happens when it is NULL.
 * seed:   any value, 0 included.
 * stream: any value; the generator functions below use their `index`.
 */
void sudoku_random_seed(sudoku_random *rng, uint64_t seed, uint64_t stream);

/**
 * Returns the next 64 random bits and advances the state. rng must not be
 * NULL; it is not checked.
 */
uint64_t sudoku_random_next(sudoku_random *rng);

/**
 * Returns a random integer from 0 to bound - 1, every value equally likely
 * (by rejection, never by a bare modulo). A bound of 0 returns 0 and draws
 * nothing. rng must not be NULL; it is not checked.
 */
uint32_t sudoku_random_below(sudoku_random *rng, uint32_t bound);

/**
 * The symmetries a pattern of givens can have. A symmetry maps each cell
 * (row r, column c, both 0-8) to others; with it, a cell is a given exactly
 * when all its images are.
 */
#define SUDOKU_SYMMETRY_LIST(X)                                                \
    X(SUDOKU_SYMMETRY_NONE, "none")                                            \
    X(SUDOKU_SYMMETRY_ROTATE180, "rotate180")       /* (8-r, 8-c) */           \
    X(SUDOKU_SYMMETRY_ROTATE90, "rotate90")         /* (c, 8-r), all turns */  \
    X(SUDOKU_SYMMETRY_MIRROR, "mirror")             /* (r, 8-c) */             \
    X(SUDOKU_SYMMETRY_FLIP, "flip")                 /* (8-r, c) */             \
    X(SUDOKU_SYMMETRY_DIAGONAL, "diagonal")         /* (c, r) */               \
    X(SUDOKU_SYMMETRY_ANTIDIAGONAL, "antidiagonal") /* (8-c, 8-r) */           \
    X(SUDOKU_SYMMETRY_DIHEDRAL, "dihedral")         /* all eight above */      \
    X(SUDOKU_SYMMETRY_RANDOM, "random")             /* one of the seven */

typedef enum sudoku_symmetry {
#define SUDOKU_ENUM_ITEM(name, word) name,
    SUDOKU_SYMMETRY_LIST(SUDOKU_ENUM_ITEM)
#undef SUDOKU_ENUM_ITEM
    SUDOKU_SYMMETRY_COUNT /**< not a symmetry: the number of them */
} sudoku_symmetry;

/**
 * Returns the symmetry's name, as the list above spells it ("rotate180"),
 * or NULL for a value that is not a symmetry.
 */
const char *sudoku_symmetry_name(sudoku_symmetry symmetry);

/**
 * Looks a symmetry up by its name, exactly as sudoku_symmetry_name() spells
 * it (case matters). Returns SUDOKU_OK and sets *symmetry, or SUDOKU_E_NULL,
 * or SUDOKU_E_OPTION (leaving *symmetry alone) for an unknown name.
 */
sudoku_status sudoku_symmetry_from_name(const char *name,
                                        sudoku_symmetry *symmetry);

/**
 * Makes a random full solution grid: grid `index` of the run `seed`. It
 * depends on seed and index alone.
 *
 * The grids are uniform within each class of equivalent grids (relabelled
 * digits, rows and columns permuted within bands and stacks, bands and
 * stacks permuted, transposed), but the classes are not equally likely:
 * src/generate.c tells how the grids are made.
 *
 * Returns SUDOKU_OK, or SUDOKU_E_NULL when grid is NULL.
 */
sudoku_status sudoku_generate_grid(uint64_t seed, uint64_t index,
                                   sudoku_grid *grid);

/**
 * A caller's test of a generated puzzle, such as a difficulty filter:
 * nonzero accepts it, 0 rejects it and makes the generator try again. It
 * must depend on its arguments alone (and on what `context` holds that it
 * does not change), or the generator's output is no longer fixed by the
 * seed. It may write to context, for instance the grade of the puzzle it
 * accepted, for the caller to read afterwards.
 */
typedef int (*sudoku_accept_fn)(const sudoku_grid *puzzle,
                                const sudoku_grid *solution, void *context);

/** The default of sudoku_generate_options.attempts. */
#define SUDOKU_GENERATE_ATTEMPTS 1000UL

/** What sudoku_generate() is asked for. Zero-initialised, it asks nothing. */
typedef struct sudoku_generate_options {
    sudoku_symmetry symmetry; /**< of the givens; RANDOM draws one per puzzle */
    int max_clues;            /**< at most this many givens, 17-81; 0: any */
    unsigned long attempts;   /**< puzzles to try, at least 1; 0: the default */
    sudoku_accept_fn accept;  /**< may be NULL: every puzzle is accepted */
    void *context;            /**< passed to accept */
} sudoku_generate_options;

/** What sudoku_generate() made, and what it cost. */
typedef struct sudoku_generated {
    sudoku_grid puzzle;       /**< the givens, blanks as 0 */
    sudoku_grid solution;     /**< its one solution */
    int clues;                /**< the number of givens in puzzle */
    sudoku_symmetry symmetry; /**< the symmetry used, never RANDOM */
    unsigned long attempts;   /**< puzzles made, the returned one included */
    unsigned long too_many_clues; /**< attempts that had over max_clues */
    unsigned long rejected;   /**< attempts that accept turned down */
} sudoku_generated;

/**
 * Makes puzzle `index` of the run `seed`: a puzzle with exactly one
 * solution, minimal (no given can be removed, nor with a symmetry any
 * symmetric set of givens, without losing uniqueness), whose givens have
 * the asked symmetry. The result depends on seed, index and the options
 * alone, so puzzles may be made in any order and on any threads.
 *
 * Each attempt carves a new random grid (src/generate.c tells how, and
 * what that means for which puzzles come out). An attempt with more than
 * max_clues givens, or that accept rejects, is followed by another, drawn
 * from the same sequence; after `attempts` of them the generator gives up.
 * Low maxima are hard to reach. With no symmetry, 99% of the puzzles made
 * have 22 to 27 givens (24.4 on average); one in 400 has 21, one in
 * 14,000 has 20, and none of 100,000 had fewer. Symmetries raise the
 * counts: 27.5 on average with a half turn, 35 with all eight.
 *
 * options: may be NULL, which asks for no symmetry and no other condition.
 * out:     receives the puzzle. On SUDOKU_E_EXHAUSTED it holds the attempt
 *          with the fewest givens, with its counters, so a caller can say
 *          how close the generator came.
 *
 * Returns SUDOKU_OK; SUDOKU_E_NULL when out is NULL; SUDOKU_E_OPTION (out
 * untouched) for a symmetry out of range or max_clues outside 0 and 17-81;
 * SUDOKU_E_EXHAUSTED when no attempt met max_clues and accept. It does not
 * check that accept is deterministic.
 */
sudoku_status sudoku_generate(uint64_t seed, uint64_t index,
                              const sudoku_generate_options *options,
                              sudoku_generated *out);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_H */
