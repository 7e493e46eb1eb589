/*
 * sudoku.h - solve, count and validate 9x9 Sudoku puzzles.
 *
 * The library is reentrant: it keeps no mutable global state, and every
 * structure is a plain struct that the caller owns, so any number of
 * threads may solve at once on their own structs.
 *
 * Memory: solving, counting, parsing, formatting, canonical forms and
 * generating without a grade never allocate. The steps of the chains (6.5
 * and up) keep their larger scratch, and the nested forcing chains (9.5 and
 * up) their lists, on the heap for the length of one step, and free them
 * before it returns: sudoku_next_step(), sudoku_next_step_limited(),
 * sudoku_grade_steps(), sudoku_rate(), sudoku_rate_limited(),
 * sudoku_generate_rated() and sudoku_generate_near() may allocate, and
 * return SUDOKU_E_MEMORY when an allocation fails. Nothing else does.
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
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Marks what the library exports. It is built with every other name
 * hidden, so that a shared libsudoku offers this header's functions and
 * nothing of its insides.
 */
#if defined(__GNUC__) || defined(__clang__)
#define SUDOKU_API __attribute__((visibility("default")))
#else
#define SUDOKU_API
#endif

/** The number of cells in a grid. */
#define SUDOKU_CELLS 81

/** The number of characters in a grid of pencil marks: nine per cell. */
#define SUDOKU_MARKS (9 * SUDOKU_CELLS)

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
    X(SUDOKU_E_UNSOLVABLE, "the puzzle has no solution")                    \
    X(SUDOKU_E_NOT_UNIQUE, "the puzzle has more than one solution")         \
    X(SUDOKU_E_NO_CANDIDATE, "an open cell has no candidate left")          \
    X(SUDOKU_E_STRUCK, "a given's digit is struck from its candidates")     \
    X(SUDOKU_E_NO_STEP, "no technique applies")                             \
    X(SUDOKU_E_TRANSFORM, "the transform does not keep the rules of the grid") \
    X(SUDOKU_E_OPTION, "a generator option is out of range")                   \
    X(SUDOKU_E_EXHAUSTED, "no puzzle met the requirements within the attempts") \
    X(SUDOKU_E_MARK_PLACE, "a digit of pencil marks stands out of its place") \
    X(SUDOKU_E_MEMORY, "memory ran out")                                       \
    X(SUDOKU_E_STOPPED, "the caller's callback stopped the work")              \
    X(SUDOKU_E_SHORT_BLOCK, "a block of rows ends before its ninth row")       \
    X(SUDOKU_E_NO_PUZZLE, "the text holds no puzzle")                          \
    X(SUDOKU_E_PUZZLES, "the text holds more than one puzzle")

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
    int cell;            /**< E_CHARACTER, E_VALUE, E_CONFLICT, E_NO_CANDIDATE,
                              E_STRUCK, E_MARK_PLACE: index 0-80 */
    int other;           /**< E_CONFLICT: the earlier cell with the same digit;
                              E_TOO_FEW, E_TOO_MANY from sudoku_parse_marks():
                              729, the cells expected; E_MARK_PLACE: the place
                              0-8 the digit stands in */
    unsigned char value; /**< E_CHARACTER: the byte; E_VALUE, E_CONFLICT,
                              E_MARK_PLACE: the value */
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
SUDOKU_API const char *sudoku_version(void);

/**
 * Returns a static, human-readable message for a status. Never NULL: a value
 * that is not a status gets "unknown status".
 */
SUDOKU_API const char *sudoku_strerror(sudoku_status status);

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
SUDOKU_API sudoku_status sudoku_parse(sudoku_grid *grid, const char *text, size_t length,
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
SUDOKU_API sudoku_status sudoku_check(const sudoku_grid *grid, sudoku_diagnostic *diag);

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
SUDOKU_API sudoku_status sudoku_count(const sudoku_grid *puzzle, unsigned long limit,
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
SUDOKU_API sudoku_status sudoku_solve(const sudoku_grid *puzzle, sudoku_grid *solution,
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
SUDOKU_API char *sudoku_format(const sudoku_grid *grid, char *text);

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
SUDOKU_API size_t sudoku_describe(const sudoku_diagnostic *diag, char *buf, size_t size);

/*
 * Reading puzzle text
 * -------------------
 * sudoku_parse() takes the 81 cells alone; a reader takes text as people
 * and programs write it, and yields its puzzles one record at a time:
 *
 *   - a line of 81 cells, or of 729 for pencil marks (see
 *     sudoku_parse_marks());
 *   - a block of nine rows of nine cells, with frames and rules as HoDoKu
 *     and Sudoku Explainer draw them ("+-------+", ".---.", "*-----*", or
 *     Unicode's box drawing), and an empty line between bands or none;
 *   - nine rows of nine runs of digits, the candidates as
 *     `sudoku explain --candidates` draws them: 729 characters of pencil
 *     marks (a run of one digit is a given);
 *   - a line of cells followed by a note: "PUZZLE # easy", "PUZZLE;name",
 *     "PUZZLE 7.1/1.2/1.2", or QQWing's CSV, whose header line is skipped.
 *
 * White space (space, tab, CR) and the separators '|', '+', '-' and box
 * drawing (U+2500 to U+257F) are dropped wherever they are, a UTF-8
 * byte-order mark at the start is skipped, and an empty line or one that
 * starts with '#' holds no puzzle. The reader does not judge the cells,
 * sudoku_parse() does; it notes where the first character that is no cell
 * of a record stands, and counts a UTF-8 character once.
 *
 *     sudoku_reader reader;
 *     sudoku_record record;
 *
 *     sudoku_reader_init_text(&reader, text, length);
 *     while (sudoku_reader_next(&reader, &record) == 1) {
 *         if (record.status != SUDOKU_OK) {
 *             sudoku_describe_record(&record, message, sizeof message);
 *             ...
 *         }
 *         sudoku_parse(&puzzle, record.cell, record.count, &diag) ...
 *     }
 *
 * A reader keeps no more than one line's worth of cells, so it reads any
 * amount of text in constant memory; it never allocates.
 */

/** The most bytes of a record's note that are kept. */
#define SUDOKU_NOTE_MAX 240

/**
 * The first character of a record that is neither a cell character (1-9,
 * '.', '0', '_', '*') nor white space nor a separator, and where it is.
 * Its bytes are kept as far as they can be the start of one UTF-8
 * character: the byte, and up to three bytes 0x80-0xBF after it.
 */
typedef struct sudoku_foreign {
    unsigned long line;  /**< its line, from 1 */
    size_t column;       /**< its byte on its line, from 1; 0: there is none */
    size_t cell;         /**< its place among the record's cells, from 0 */
    size_t length;       /**< bytes kept */
    unsigned char bytes[4];
} sudoku_foreign;

/** A puzzle as the reader found it: its cells, and where they came from. */
typedef struct sudoku_record {
    /**
     * SUDOKU_OK: the cells are for sudoku_parse() (or sudoku_parse_marks()
     * when there are 729), which judges them and their count;
     * SUDOKU_E_CHARACTER: `foreign` is a character that is no cell;
     * SUDOKU_E_SHORT_BLOCK: a block of rows ended before its ninth row,
     * after count / 9 of them.
     */
    sudoku_status status;
    unsigned long line;        /**< the record's first line, from 1 */
    unsigned long row_line[9]; /**< the line of each row of cells */
    size_t count;              /**< cells read; the first SUDOKU_MARKS are kept */
    size_t characters;         /**< the same, a UTF-8 character counted once */
    sudoku_foreign foreign;    /**< the first foreign character, if any */
    size_t note_length;        /**< the note after a line of cells, or 0 */
    char note[SUDOKU_NOTE_MAX];
    char cell[SUDOKU_MARKS];
} sudoku_record;

/**
 * One line of input, reduced to what telling a record from the rest needs.
 * A line source fills it in with sudoku_line_scan(); the fields are the
 * reader's own.
 */
typedef struct sudoku_line {
    unsigned long number;
    size_t cells;         /* bytes that are not white space or separators */
    size_t continuations; /* of them, bytes 0x80-0xBF: not characters */
    size_t seen;          /* bytes of the line scanned so far */
    int empty;            /* nothing but white space */
    int comment;          /* the first visible character is '#', or CSV's header */
    int collecting;       /* the bytes that follow belong to `foreign` */
    sudoku_foreign foreign;
    size_t cut;           /* cells before a note may begin, or 0 */
    size_t note_length;   /* bytes of the line from the cut on, kept */
    char note[SUDOKU_NOTE_MAX];
    /* The line as a row of candidates: runs of digits apart, one a cell. */
    int framing;          /* every byte so far but white space may draw a frame */
    int rules;            /* of them, lines ('-', '=', box drawing), counted to 3 */
    int tokens;           /* runs of cells, between white space and separators */
    int in_token;         /* the last byte scanned was in one */
    int candidates;       /* every run so far is of distinct digits 1-9 */
    unsigned short token_mask[9]; /* the digits of the first nine runs */
    char cell[SUDOKU_MARKS];
} sudoku_line;

/**
 * Where a reader gets its lines from, when it reads a stream rather than
 * text in memory: fills in `line`, which the reader has made empty, by
 * giving sudoku_line_scan() the bytes of the next line (without its '\n'),
 * in as many pieces as it likes, none of them ending inside a UTF-8
 * character unless the line does. Returns 1 when it gave a line, 0 at the
 * end of the input, or -1 when the input failed.
 */
typedef int sudoku_line_source(void *source, sudoku_line *line);

/** Reads records from text in memory or from a line source. */
typedef struct sudoku_reader {
    sudoku_line_source *next_line; /* these fields are the reader's own */
    void *source;
    const char *text;
    size_t text_left;
    unsigned long lines;
    int pending; /* `line` holds a line read but not yet used */
    int spaced;  /* the block being read has an empty line between bands */
    int marked;  /* ... and its rows are candidates, as in marks[] */
    unsigned short marks[SUDOKU_CELLS];
    sudoku_line line;
} sudoku_reader;

/**
 * Starts reading `length` bytes of `text`, which must stay in place until
 * the last record is read. A UTF-8 byte-order mark at its start is
 * skipped; a NUL is a foreign character like any other byte.
 */
SUDOKU_API void sudoku_reader_init_text(sudoku_reader *reader, const char *text,
                                        size_t length);

/**
 * Starts reading the lines that `next_line` gives, called with `source`.
 */
SUDOKU_API void sudoku_reader_init(sudoku_reader *reader, sudoku_line_source *next_line,
                                   void *source);

/**
 * Adds `length` bytes of a line to it: the whole line, or its next piece.
 * For a line source.
 */
SUDOKU_API void sudoku_line_scan(sudoku_line *line, const char *bytes, size_t length);

/**
 * Reads the next record into `record`. Returns 1 when it filled it in, 0
 * at the end of the input, and -1 when the line source failed.
 */
SUDOKU_API int sudoku_reader_next(sudoku_reader *reader, sudoku_record *record);

/**
 * Makes `record` the one-line record of `length` bytes of `text`, as
 * though they were a line of input numbered `line`, whatever their number
 * of cells: white space and separators are dropped, a note is cut off,
 * and a line that starts with '#' holds no cells.
 *
 * Returns the number of cells the line holds, of which at most
 * SUDOKU_MARKS are kept.
 */
SUDOKU_API size_t sudoku_record_from_line(sudoku_record *record, const char *text,
                                          size_t length, unsigned long line);

/**
 * Reads `length` bytes of `text` as one puzzle in any of the forms a
 * reader takes: a line of cells (with or without its note), a block of
 * rows, a framed grid or a grid of candidates. Comments and empty lines
 * around it are skipped.
 *
 * record: receives the puzzle's record, ready for sudoku_parse() (or
 *         sudoku_parse_marks() when its count is SUDOKU_MARKS).
 *
 * Returns SUDOKU_OK; SUDOKU_E_NULL (record NULL, or text NULL with a
 * length); SUDOKU_E_NO_PUZZLE when the text holds no record;
 * SUDOKU_E_PUZZLES when it holds more than one, and `record` is then the
 * second; or the record's own status, SUDOKU_E_CHARACTER or
 * SUDOKU_E_SHORT_BLOCK. sudoku_describe_record() says where.
 */
SUDOKU_API sudoku_status sudoku_read_puzzle(sudoku_record *record, const char *text,
                                            size_t length);

/**
 * Writes a one-line account of what is wrong with a record into buf, by
 * its status, as sudoku_describe() does for a diagnostic: "foreign
 * character 'x' at r1c5" (at its cell when the record is 81 characters
 * long, else "at column 12" of its line, a UTF-8 character shown with its
 * code point, as in 'é' (U+00E9)), "grid block ends after 3 rows", or "a
 * second puzzle starts on line 10" (SUDOKU_E_PUZZLES). Any other status
 * gets sudoku_strerror()'s message; a NULL record is described as
 * SUDOKU_E_NULL. buf may be NULL, and then nothing is written.
 *
 * Returns the length the whole message needs, as snprintf() does.
 */
SUDOKU_API size_t sudoku_describe_record(const sudoku_record *record, char *buf,
                                         size_t size);

/**
 * The length of the well-formed UTF-8 sequence at s, at most `left` bytes
 * long (left > 0), that encodes a character from U+0080 up, or 0 if there
 * is none: no overlong form, no surrogate, nothing past U+10FFFF.
 */
SUDOKU_API size_t sudoku_utf8_length(const unsigned char *s, size_t left);

/*
 * Explaining and grading
 * ----------------------
 * A second solver works as a person does: on a grid of candidates, it
 * finds the easiest deduction available (a step), applies it, and goes on.
 * Its techniques and their difficulties are those of Sudoku Explainer 1.2.1
 * (SE), the usual yardstick of puzzle difficulty, as the batch rater of
 * SukakuExplainer (serate) gives them with SE's classic set: all of them,
 * from the singles to the dynamic forcing chains (+) (9.0) and the nested
 * forcing chains (9.5, 10.0 and 10.5, each with more for length); a grade
 * is SE's three figures, ER/EP/ED.
 *
 *     sudoku_candidates grid;
 *     sudoku_step step;
 *     sudoku_rating rating;
 *
 *     sudoku_candidates_init(&grid, &puzzle, NULL, NULL);
 *     sudoku_rating_start(&rating);
 *     while (sudoku_next_step(&grid, &step) == SUDOKU_OK) {
 *         sudoku_describe_step(&step, text, sizeof text);
 *         sudoku_rating_add(&rating, &step);
 *         sudoku_apply_step(&grid, &step);
 *     }
 *     sudoku_rating_finish(&rating, &grid);
 *
 * sudoku_rate() does all that, and checks first that the solution is unique.
 */

/**
 * A grid of candidates. A placed cell holds its digit and no candidates;
 * an open cell holds 0 and its candidates, bit d-1 for digit d. `places`
 * holds the same candidates by unit: places[u][d-1] has bit i set when
 * digit d may go in the i-th cell of unit u (units as for sudoku_step).
 * Build the grid with sudoku_candidates_init() and change it with
 * sudoku_apply_step(), which keep the two views in step.
 */
typedef struct sudoku_candidates {
    unsigned char value[SUDOKU_CELLS];
    unsigned short mask[SUDOKU_CELLS];
    unsigned short places[27][9];
} sudoku_candidates;

/**
 * The techniques, easiest first, each with the name that explanations use.
 * The enum values and the names are stable: new techniques go at the end.
 */
#define SUDOKU_TECHNIQUE_LIST(X)                                               \
    X(SUDOKU_FULL_HOUSE, "Full House")                                         \
    X(SUDOKU_HIDDEN_SINGLE, "Hidden Single")                                   \
    X(SUDOKU_DIRECT_POINTING, "Direct Pointing")                               \
    X(SUDOKU_DIRECT_CLAIMING, "Direct Claiming")                               \
    X(SUDOKU_DIRECT_HIDDEN_PAIR, "Direct Hidden Pair")                         \
    X(SUDOKU_NAKED_SINGLE, "Naked Single")                                     \
    X(SUDOKU_DIRECT_HIDDEN_TRIPLE, "Direct Hidden Triple")                     \
    X(SUDOKU_POINTING, "Pointing")                                             \
    X(SUDOKU_CLAIMING, "Claiming")                                             \
    X(SUDOKU_NAKED_PAIR, "Naked Pair")                                         \
    X(SUDOKU_X_WING, "X-Wing")                                                 \
    X(SUDOKU_HIDDEN_PAIR, "Hidden Pair")                                       \
    X(SUDOKU_NAKED_TRIPLE, "Naked Triple")                                     \
    X(SUDOKU_SWORDFISH, "Swordfish")                                           \
    X(SUDOKU_HIDDEN_TRIPLE, "Hidden Triple")                                   \
    X(SUDOKU_XY_WING, "XY-Wing")                                               \
    X(SUDOKU_XYZ_WING, "XYZ-Wing")                                             \
    X(SUDOKU_UNIQUE_RECTANGLE_1, "Unique Rectangle Type 1")                    \
    X(SUDOKU_UNIQUE_RECTANGLE_2, "Unique Rectangle Type 2")                    \
    X(SUDOKU_UNIQUE_RECTANGLE_3, "Unique Rectangle Type 3")                    \
    X(SUDOKU_UNIQUE_RECTANGLE_4, "Unique Rectangle Type 4")                    \
    X(SUDOKU_UNIQUE_LOOP_1, "Unique Loop Type 1")                              \
    X(SUDOKU_UNIQUE_LOOP_2, "Unique Loop Type 2")                              \
    X(SUDOKU_UNIQUE_LOOP_3, "Unique Loop Type 3")                              \
    X(SUDOKU_UNIQUE_LOOP_4, "Unique Loop Type 4")                              \
    X(SUDOKU_NAKED_QUAD, "Naked Quad")                                         \
    X(SUDOKU_JELLYFISH, "Jellyfish")                                           \
    X(SUDOKU_HIDDEN_QUAD, "Hidden Quad")                                       \
    X(SUDOKU_BUG_1, "BUG Type 1")                                              \
    X(SUDOKU_BUG_2, "BUG Type 2")                                              \
    X(SUDOKU_BUG_3, "BUG Type 3")                                              \
    X(SUDOKU_BUG_4, "BUG Type 4")                                              \
    X(SUDOKU_ALIGNED_PAIR_EXCLUSION, "Aligned Pair Exclusion")                 \
    X(SUDOKU_X_CYCLE, "X-Cycle")                                               \
    X(SUDOKU_Y_CYCLE, "Y-Cycle")                                               \
    X(SUDOKU_XY_CYCLE, "XY-Cycle")                                             \
    X(SUDOKU_FORCING_X_CHAIN, "Forcing X-Chain")                               \
    X(SUDOKU_FORCING_CHAIN, "Forcing Chain")                                   \
    X(SUDOKU_NISHIO_FORCING_CHAIN, "Nishio Forcing Chain")                     \
    X(SUDOKU_CELL_FORCING_CHAINS, "Cell Forcing Chains")                       \
    X(SUDOKU_REGION_FORCING_CHAINS, "Region Forcing Chains")                   \
    X(SUDOKU_DYNAMIC_FORCING_CHAINS, "Dynamic Forcing Chains")                 \
    X(SUDOKU_DYNAMIC_CELL_FORCING_CHAINS, "Dynamic Cell Forcing Chains")       \
    X(SUDOKU_DYNAMIC_REGION_FORCING_CHAINS, "Dynamic Region Forcing Chains")   \
    X(SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS, "Dynamic Forcing Chains (+)")        \
    X(SUDOKU_NESTED_FORCING_CHAINS, "Nested Forcing Chains")                   \
    X(SUDOKU_ALIGNED_TRIPLET_EXCLUSION, "Aligned Triplet Exclusion")            \
    X(SUDOKU_DYNAMIC_CELL_FORCING_CHAINS_PLUS,                                 \
      "Dynamic Cell Forcing Chains (+)")                                       \
    X(SUDOKU_DYNAMIC_REGION_FORCING_CHAINS_PLUS,                               \
      "Dynamic Region Forcing Chains (+)")                                     \
    X(SUDOKU_NESTED_FC, "Dynamic Forcing Chains (+ Forcing Chains)")           \
    X(SUDOKU_NESTED_CELL_FC, "Dynamic Cell Forcing Chains (+ Forcing Chains)") \
    X(SUDOKU_NESTED_REGION_FC,                                                 \
      "Dynamic Region Forcing Chains (+ Forcing Chains)")                      \
    X(SUDOKU_NESTED_MFC, "Dynamic Forcing Chains (+ Multiple Forcing Chains)") \
    X(SUDOKU_NESTED_CELL_MFC,                                                  \
      "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)")               \
    X(SUDOKU_NESTED_REGION_MFC,                                                \
      "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)")             \
    X(SUDOKU_NESTED_DFC, "Dynamic Forcing Chains (+ Dynamic Forcing Chains)")  \
    X(SUDOKU_NESTED_CELL_DFC,                                                  \
      "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)")                \
    X(SUDOKU_NESTED_REGION_DFC,                                                \
      "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)")              \
    X(SUDOKU_NESTED_DFC_PLUS,                                                  \
      "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+))")                 \
    X(SUDOKU_NESTED_CELL_DFC_PLUS,                                             \
      "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+))")            \
    X(SUDOKU_NESTED_REGION_DFC_PLUS,                                           \
      "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+))")          \
    X(SUDOKU_NESTED_DFC_FC,                                                    \
      "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))")  \
    X(SUDOKU_NESTED_CELL_DFC_FC,                                               \
      "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))") \
    X(SUDOKU_NESTED_REGION_DFC_FC,                                             \
      "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))") \
    X(SUDOKU_NESTED_DFC_MFC,                                                   \
      "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Multiple Forcing Chains))") \
    X(SUDOKU_NESTED_CELL_DFC_MFC,                                              \
      "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Multiple Forcing Chains))") \
    X(SUDOKU_NESTED_REGION_DFC_MFC,                                            \
      "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Multiple Forcing Chains))")

typedef enum sudoku_technique {
#define SUDOKU_ENUM_ITEM(name, text) name,
    SUDOKU_TECHNIQUE_LIST(SUDOKU_ENUM_ITEM)
#undef SUDOKU_ENUM_ITEM
    SUDOKU_TECHNIQUE_COUNT /**< not a technique: the number of them */
} sudoku_technique;

/** The most cells a step lists in `cells`. */
#define SUDOKU_STEP_CELLS 32

/** The most nodes a step lists in `chain`, inner chains included. */
#define SUDOKU_STEP_CHAIN 256

/** sudoku_chain_node.flags: the candidate is true (else false). */
#define SUDOKU_CHAIN_ON 1
/** sudoku_chain_node.flags: the node starts a branch of a forcing chain. */
#define SUDOKU_CHAIN_BRANCH 2
/**
 * sudoku_chain_node.flags: the node is false by a deduction that the chain
 * has made possible (SE's (+) and nested forcing chains): `technique`
 * names it, and when it is a chain, that inner chain follows the node.
 */
#define SUDOKU_CHAIN_RULE 4
/**
 * sudoku_chain_node.flags: nodes of the branch were left out just before
 * this one, its end, to fit the branch in the step's room (see chain_cut).
 */
#define SUDOKU_CHAIN_CUT 8

/**
 * A node of a chain: a candidate (digit `digit` in cell `cell`) that the
 * chain takes as true or as false.
 *
 * Nested chains: a node with SUDOKU_CHAIN_RULE follows from a deduction
 * that needs some candidates gone which the chain itself struck: a
 * pointing, a pair, an X-Wing, or a whole chain on the grid the chain has
 * made. When that deduction is a chain, its nodes come right after the
 * node, one `depth` deeper, each of its branches starting with
 * SUDOKU_CHAIN_BRANCH; after them the outer chain goes on at its own
 * depth. Nodes of depth d + 1 thus belong to the nearest node of depth d
 * before them, as a tree written in order, and may hold chains of their
 * own in turn.
 */
typedef struct sudoku_chain_node {
    unsigned char cell;
    unsigned char digit;
    unsigned char flags;     /**< SUDOKU_CHAIN_ON, _BRANCH, _RULE, _CUT */
    unsigned char depth;     /**< 0 for the step's own chain, 1 for a chain
                                  nested in it, and so on */
    unsigned char technique; /**< with SUDOKU_CHAIN_RULE: the deduction that
                                  strikes the node (a sudoku_technique) */
} sudoku_chain_node;

/**
 * One deduction: what it places and strikes, and the pattern it rests on,
 * as data for a caller to draw or word (see sudoku_describe_step()).
 * Units are numbered 0-8 for rows, 9-17 for columns and 18-26 for boxes;
 * a set of units is a bit mask over those numbers. A set of digits has bit
 * d-1 for digit d.
 */
typedef struct sudoku_step {
    sudoku_technique technique;
    int difficulty;                       /**< SE's scale, in tenths: 23 is 2.3 */
    unsigned char place[SUDOKU_CELLS];    /**< the digit placed in a cell, or 0 */
    unsigned short strike[SUDOKU_CELLS];  /**< the candidates struck from a cell */
    unsigned short pattern[SUDOKU_CELLS]; /**< the candidates of the pattern */
    unsigned long units;       /**< the units the pattern lies in (base units) */
    unsigned long cover_units; /**< for fish and intersections: the units struck */
    unsigned short digits;     /**< the digits of the pattern */
    int cell_count;            /**< how many cells `cells` lists */
    unsigned char cells[SUDOKU_STEP_CELLS]; /**< the pattern's cells, in order */
    /**
     * For chains: the nodes, each branch from its assumption to its end.
     * A cycle is one branch that ends where it starts; a forcing chain has
     * one branch per assumption. Each link goes from a node to the next
     * (the first parent, where a dynamic chain needs several); a branch too
     * long for the room left is cut short (its end has SUDOKU_CHAIN_CUT),
     * and chain_cut is 1 whenever nodes were left out. The
     * chains nested in a (+) or nested forcing chain come after the nodes
     * that rest on them (see sudoku_chain_node).
     */
    int chain_count;
    int chain_cut;
    sudoku_chain_node chain[SUDOKU_STEP_CHAIN];
} sudoku_step;

/**
 * The grade of a puzzle, as SE gives it, in tenths of its scale: ER is the
 * hardest step of the whole solve, EP the hardest up to the first
 * placement, ED the hardest up to the first elimination.
 */
typedef struct sudoku_rating {
    int er, ep, ed;
    /** the technique of the step that set ER, or SUDOKU_TECHNIQUE_COUNT when
        none did: no step was taken, or the grade passed a limit (exceeded),
        and its hardest technique, past the limit, is not known */
    sudoku_technique hardest;
    unsigned long steps;      /**< steps counted; when exceeded, those within
                                   the limit, without the step that passed it */
    int complete;             /**< 1 if the steps solved the grid; 0 if a
                                   limit stopped them, and ER is then only a
                                   bound: the puzzle is harder; 0 too if the
                                   techniques ran out, which no puzzle with
                                   one solution is known to do (ER is then
                                   SUDOKU_BEYOND_DIFFICULTY) */
    int placed;               /**< 1 once some step placed a digit */
    int struck;               /**< 1 once some step struck a candidate */
    int exceeded;  /**< 1 if the grade stopped because ER passed the limits'
                        max_difficulty (see sudoku_limits): complete is 0, and
                        ER is a bound that the puzzle passes (EP and ED too,
                        where ep_bound and ed_bound say so) */
    int exhausted; /**< 1 if a chain search ran out of the limits'
                        node_budget: complete is 0, ER a lower bound */
    int ep_bound;  /**< 1 if EP too is only a bound the puzzle passes (set
                        by sudoku_rating_finish() when complete is 0) */
    int ed_bound;  /**< the same for ED */
    int least;     /**< with exceeded or exhausted: the least ER can be, in
                        tenths (the rating of the step that passed the bound,
                        or the floor of the techniques left), from which
                        sudoku_level() takes the level */
} sudoku_rating;

/**
 * Limits on a grade. Zero-initialised, there are none.
 */
typedef struct sudoku_limits {
    /**
     * In tenths: stop as soon as the grade is known to pass this, because a
     * step rated more was taken, or because only techniques rated more are
     * left; the rating then says exceeded and gives this as ER. 0: no limit.
     */
    int max_difficulty;
    /**
     * The most chain nodes one chain technique may follow in one search for
     * a step, those of the chains nested in it included (the nested chains
     * of the hardest puzzles follow hundreds of millions); past it the grade
     * stops and says exhausted. 0: no limit.
     */
    unsigned long node_budget;
    /**
     * The most threads one search for a step may use, up to
     * SUDOKU_THREADS_MAX: the forcing chains (7.5 and up) then share their
     * cells among them. The steps and the rating are the same whatever the
     * number; only the time changes. 0 or 1: the caller's thread alone, as
     * with a node_budget (which counts one thread's nodes) or a library
     * built without threads.
     */
    int threads;
} sudoku_limits;

/** The most threads sudoku_limits may give one grade. */
#define SUDOKU_THREADS_MAX 64

/**
 * Beyond the ladder, in tenths: SE's 20.0, its rating of a puzzle that none
 * of its techniques can finish ("beyond solver"). The ladder now holds all
 * of SE's techniques, nested forcing chains included, and no puzzle with
 * one solution is known to need more; a grid that did would be rated this
 * (see sudoku_rating_finish()). Every step is rated less.
 */
#define SUDOKU_BEYOND_DIFFICULTY 200

/** Returns the name of a technique, such as "Naked Pair". Never NULL. */
SUDOKU_API const char *sudoku_technique_name(sudoku_technique technique);

/**
 * Builds the candidate grid of a puzzle: every digit that no given in the
 * cell's row, column or box holds. With `marks`, the candidates a player
 * has left: marks[i] holds cell i's candidates (bit d-1 for digit d); an
 * open cell keeps those of its marks that the givens allow, and a given's
 * marks must hold its digit.
 *
 * puzzle: checked as by sudoku_check().
 * marks:  81 masks, or NULL for all the candidates.
 * diag:   may be NULL; otherwise filled in on failure, with `cell` (and, for
 *         SUDOKU_E_STRUCK, `value`) naming what failed.
 *
 * Returns SUDOKU_OK, SUDOKU_E_NULL, SUDOKU_E_VALUE, SUDOKU_E_CONFLICT,
 * SUDOKU_E_STRUCK (a given's digit is missing from its marks) or
 * SUDOKU_E_NO_CANDIDATE (an open cell is left without a candidate). It does
 * not check that a solution exists.
 */
SUDOKU_API sudoku_status sudoku_candidates_init(sudoku_candidates *grid,
                                     const sudoku_grid *puzzle,
                                     const unsigned short *marks,
                                     sudoku_diagnostic *diag);

/**
 * Parses a grid of pencil marks: 729 characters, nine per cell in
 * row-major order, where character j of a cell is the digit j+1 if that
 * digit is a candidate and '.' or '0' if it is not. A cell left with one
 * candidate counts as a given.
 *
 * puzzle: receives the givens.
 * marks:  receives 81 masks, ready for sudoku_candidates_init().
 *
 * Returns SUDOKU_OK, SUDOKU_E_NULL, SUDOKU_E_TOO_FEW or SUDOKU_E_TOO_MANY
 * (diag->cells says how many there were), SUDOKU_E_CHARACTER (diag->cell
 * is the cell, diag->value the byte), SUDOKU_E_MARK_PLACE (a digit out of
 * its place: diag->value is the digit, diag->other the place 0-8 it stands
 * in), SUDOKU_E_NO_CANDIDATE or SUDOKU_E_CONFLICT (two givens alike in a
 * unit).
 */
SUDOKU_API sudoku_status sudoku_parse_marks(sudoku_grid *puzzle, unsigned short *marks,
                                 const char *text, size_t length,
                                 sudoku_diagnostic *diag);

/**
 * Writes a candidate grid as pencil marks, the form sudoku_parse_marks()
 * reads: for each cell, nine characters, the digit j+1 at place j when it
 * is a candidate and '.' when not (a placed cell has its digit alone),
 * followed by a NUL. It does not check the grid.
 *
 * text: room for SUDOKU_MARKS + 1 characters.
 *
 * Returns text, or NULL (writing nothing) when grid or text is NULL.
 */
SUDOKU_API char *sudoku_format_marks(const sudoku_candidates *grid, char *text);

/**
 * Counts the solutions of a candidate grid, up to `limit`: the fills of its
 * open cells, each from its candidates, that break no rule. It is the
 * plain search of a candidate grid, far slower than sudoku_count(), and
 * meant for grids of pencil marks.
 *
 * first: may be NULL; otherwise receives the first solution found.
 *
 * Returns SUDOKU_OK (whatever the count), SUDOKU_E_NULL or SUDOKU_E_LIMIT.
 */
SUDOKU_API sudoku_status sudoku_candidates_count(const sudoku_candidates *grid,
                                      unsigned long limit, unsigned long *count,
                                      sudoku_grid *first);

/**
 * Finds the easiest step available, the way SE chooses it: the techniques
 * are tried from the easiest up, and the first step found is taken. The
 * uniqueness techniques assume that the grid has exactly one solution.
 *
 * Returns SUDOKU_OK with `step` filled in, SUDOKU_E_NO_STEP when no
 * technique applies (the grid is solved, or beyond the techniques),
 * SUDOKU_E_MEMORY when the chains found no memory for their scratch,
 * or SUDOKU_E_NULL.
 */
SUDOKU_API sudoku_status sudoku_next_step(const sudoku_candidates *grid, sudoku_step *step);

/**
 * sudoku_next_step() within limits (NULL: none). When a limit stops it, it
 * returns SUDOKU_E_NO_STEP and sets `exceeded` or `exhausted` in rating,
 * which is the rating so far (sudoku_rating_add() of the steps before):
 * max_difficulty is checked against its ER. rating may be NULL when
 * limits has no max_difficulty.
 */
SUDOKU_API sudoku_status sudoku_next_step_limited(const sudoku_candidates *grid,
                                       const sudoku_limits *limits,
                                       sudoku_rating *rating, sudoku_step *step);

/**
 * Applies a step: places its digits, each also struck from the cell's
 * peers, and strikes its candidates. It does not check the step.
 */
SUDOKU_API void sudoku_apply_step(sudoku_candidates *grid, const sudoku_step *step);

/** Starts a rating: no steps yet. */
SUDOKU_API void sudoku_rating_start(sudoku_rating *rating);

/** Counts a step, before it is applied, into a rating. */
SUDOKU_API void sudoku_rating_add(sudoku_rating *rating, const sudoku_step *step);

/**
 * Takes the steps left at once where they can no longer change the grade:
 * after `step`, just counted and applied, when ER is 2.3 or more and naked
 * and hidden singles alone finish the grid. Every step left would then
 * place one digit by a single, or by a direct technique rated 2.3 at most,
 * so it fills the grid, counts those steps and returns 1; the rating is
 * what the steps one by one would have made it. Otherwise it changes
 * nothing and returns 0. It looks only after a step rated more than 2.3,
 * the kind a puzzle's last singles follow, as a look costs about what a
 * step of singles does; a grade loop that calls it after each step skips
 * those singles, most of the steps of a puzzle's end.
 */
SUDOKU_API int sudoku_rating_settle(sudoku_rating *rating, sudoku_candidates *grid,
                                    const sudoku_step *step);

/**
 * Ends a rating once no step is left: complete if `grid` is solved and no
 * limit stopped the steps. If the techniques ran out on an unsolved grid,
 * ER is SUDOKU_BEYOND_DIFFICULTY, as SE has it, and so are EP and ED where
 * no step set them.
 */
SUDOKU_API void sudoku_rating_finish(sudoku_rating *rating, const sudoku_candidates *grid);

/**
 * What a step callback of sudoku_grade_steps() answers: whether the caller
 * wants the steps that follow, or only the rating they add up to, or no
 * more steps at all.
 */
typedef enum sudoku_step_answer {
    SUDOKU_STEPS_MORE,   /**< call again for the next step */
    SUDOKU_STEPS_RATING, /**< no more calls: only the rating is wanted, and
                              the last singles may be taken at once */
    SUDOKU_STEPS_LAST    /**< take this step, then stop, with the rating
                              unfinished (a hint) */
} sudoku_step_answer;

/**
 * Told each step a grade takes, before it is counted and applied: `grid`
 * is the grid the step was found on and `rating` the rating of the steps
 * before it (rating->steps of them).
 */
typedef sudoku_step_answer (*sudoku_step_fn)(const sudoku_candidates *grid,
                                             const sudoku_step *step,
                                             const sudoku_rating *rating,
                                             void *context);

/**
 * The grade loop: from `grid` on, takes the easiest step until none is
 * left or a limit stops the steps, counting each into `rating`, which it
 * starts, and finishing it at the end (sudoku_rating_finish()). A step
 * rated more than the limits' max_difficulty ends the grade at once, as
 * exceeded. Once the caller wants no more steps (no callback, or one that
 * answered SUDOKU_STEPS_RATING), the last singles are taken at once
 * (sudoku_rating_settle()), which gives the same rating; and the steps,
 * which nobody reads, are found without the chains nested in their chains,
 * which takes less memory and time.
 *
 * grid:    the candidates to start from, left where the steps stopped.
 * limits:  may be NULL: none.
 * on_step: may be NULL; else told every step until it answers otherwise
 *          than SUDOKU_STEPS_MORE.
 *
 * Returns SUDOKU_OK with the rating finished; SUDOKU_E_STOPPED when the
 * callback answered SUDOKU_STEPS_LAST (the rating then holds the steps up
 * to that one, unfinished); SUDOKU_E_MEMORY when the chains ran out
 * of memory (the rating holds the steps before, unfinished); SUDOKU_E_NULL.
 * It does not check that the grid has one solution.
 */
SUDOKU_API sudoku_status sudoku_grade_steps(sudoku_candidates *grid,
                                            const sudoku_limits *limits,
                                            sudoku_step_fn on_step, void *context,
                                            sudoku_rating *rating);

/**
 * Grades a puzzle: checks that it has exactly one solution, then takes the
 * easiest step until none is left (sudoku_grade_steps()).
 *
 * solution: may be NULL; otherwise receives the solution.
 *
 * Returns SUDOKU_OK, SUDOKU_E_NULL, SUDOKU_E_VALUE, SUDOKU_E_CONFLICT,
 * SUDOKU_E_UNSOLVABLE, SUDOKU_E_NOT_UNIQUE or SUDOKU_E_MEMORY.
 */
SUDOKU_API sudoku_status sudoku_rate(const sudoku_grid *puzzle, sudoku_rating *rating,
                          sudoku_grid *solution);

/**
 * sudoku_rate() within limits (NULL: none); see sudoku_limits.
 */
SUDOKU_API sudoku_status sudoku_rate_limited(const sudoku_grid *puzzle,
                                  const sudoku_limits *limits,
                                  sudoku_rating *rating, sudoku_grid *solution);

/** A level of difficulty: its name, and the ERs it takes, in tenths. */
typedef struct sudoku_level_range {
    const char *name;
    int min, max; /* the hardest level has no top: SUDOKU_RATING_UNBOUNDED */
} sudoku_level_range;

/** The top of a range of ratings that has none. */
#define SUDOKU_RATING_UNBOUNDED 1000

/**
 * The levels, easiest first, as sudoku_level() divides the ratings among
 * them: "easy" up to 2.3, "medium" up to 3.8, "hard" up to 6.2, "expert"
 * up to 7.5 and "extreme" above. Sets *count to how many there are.
 */
SUDOKU_API const sudoku_level_range *sudoku_levels(size_t *count);

/**
 * The level of a rating, by ER (see sudoku_levels()); a rating the
 * techniques could not finish is "extreme", and one stopped by a limit
 * gets the least level it can have, that of its `least`. Never NULL.
 */
SUDOKU_API const char *sudoku_level(const sudoku_rating *rating);

/**
 * Words a step in the notation players know, such as
 * "Naked Pair: 2,7 in r4c1,r4c5 => r4c2<>2, r4c9<>2, r4c9<>7", into buf,
 * truncated to fit and NUL-terminated when size > 0.
 *
 * Returns the length the whole text needs, as snprintf() does.
 */
SUDOKU_API size_t sudoku_describe_step(const sudoku_step *step, char *buf, size_t size);

/**
 * Writes a step as the JSON object that `sudoku explain -f json` gives for
 * each step, on one line, into buf, truncated to fit and NUL-terminated
 * when size > 0 (a truncated object is not valid JSON). Its members, in
 * this order:
 *
 *     "technique"     its name, as sudoku_technique_name() gives it
 *     "rating"        its difficulty, as a number with one decimal: 2.3
 *     "placements"    the digits it places, as strings: ["r1c2=5"]
 *     "eliminations"  the candidates it strikes: ["r4c2<>2","r4c9<>7"]
 *     "units"         with base units only (`units`): their names, rows
 *                     r1-r9, columns c1-c9 and boxes b1-b9: ["r4","b5"]
 *     "cover_units"   with cover units only (`cover_units`): ["c3","c7"]
 *     "cells"         with cells only: `cells`, in order: ["r4c1","r4c5"]
 *     "pattern"       with a pattern only: the digits of `pattern` by
 *                     cell: {"r4c1":[2,7],"r4c5":[2,7]}
 *     "chain"         with a chain only: its nodes in order, "r1c2=5" for
 *                     a true one and "r1c2<>5" for a false one; a node
 *                     that a rule struck (SUDOKU_CHAIN_RULE), that nodes
 *                     were left out before (the walk's `cut`), or that a
 *                     chain nested in it follows, is an object instead:
 *                     {"node":"r1c2<>5","rule":"Naked Pair"},
 *                     {"node":"r9c9<>5","cut":true}, the nested chain as
 *                     its own "chain" (and "branches")
 *     "branches"      with a chain of several branches only: the
 *                     positions in "chain" where each starts
 *     "chain_cut"     true, only when nodes were left out (chain_cut)
 *     "candidates"    with marks only: the grid's candidates, as
 *                     sudoku_format_marks() writes them
 *     "text"          the words of sudoku_describe_step(), each line break
 *                     written as \n
 *
 * The units, cells, pattern and cut nodes are what `sudoku explain -f
 * html` draws: base units shaded blue, cover units yellow, the cells of
 * "cells" and "pattern" framed, the pattern's candidates shaded, and the
 * link into a cut node dotted.
 *
 * marks: may be NULL; else the grid the step was found on.
 *
 * Returns the length the whole object needs, as snprintf() does; 0 (and
 * an empty buf) for a NULL step. It never allocates.
 */
SUDOKU_API size_t sudoku_step_json(const sudoku_step *step, const sudoku_candidates *marks,
                                   char *buf, size_t size);

/**
 * What a walk of a step's chain meets next (see sudoku_chain_walk_next()).
 */
typedef enum sudoku_chain_event {
    SUDOKU_CHAIN_DONE,  /**< the walk is over */
    SUDOKU_CHAIN_ENTER, /**< a chain begins: the step's own, or one nested in
                             the node met last */
    SUDOKU_CHAIN_NODE,  /**< a node of the chain begun last and not ended */
    SUDOKU_CHAIN_LEAVE  /**< that chain ends */
} sudoku_chain_event;

/**
 * A walk through a step's chain and the chains nested in it, in the order
 * the nodes are written, for a writer that words, draws or encodes the
 * chain: it tells where each chain begins and ends, where each branch
 * starts, which link leads into a node, and where nodes were left out, so
 * that every writer reads the chain the same way. A node deeper than one
 * past the node before it is read as one past it.
 *
 *     sudoku_chain_walk walk;
 *     sudoku_chain_event event;
 *
 *     sudoku_chain_walk_start(&walk, &step);
 *     while ((event = sudoku_chain_walk_next(&walk)) != SUDOKU_CHAIN_DONE)
 *         if (event == SUDOKU_CHAIN_NODE && walk.from)
 *             draw_link(walk.from, walk.node);
 *
 * The fields before `state` describe the event just returned.
 */
typedef struct sudoku_chain_walk {
    int depth; /**< the chain's depth: 0 for the step's own */
    /* SUDOKU_CHAIN_NODE */
    const sudoku_chain_node *node;
    const sudoku_chain_node *from; /**< the node before it on its branch, from
                                        which a link leads into it; NULL
                                        where a branch starts */
    int position;  /**< its place in its chain, from 0 */
    int branch;    /**< its branch, counted from 0 over the whole step, in
                        the order branches start, nested ones included */
    int resumes;   /**< 1 if its branch goes on after a nested chain */
    int nested;    /**< 1 if a chain nested in it follows */
    int cut;       /**< 1 if nodes of its branch were left out before it */
    /* SUDOKU_CHAIN_LEAVE */
    int branches;                /**< how many branches the chain had */
    const unsigned short *starts; /**< their first nodes' positions */
    /** the walk's own; not for callers */
    struct {
        const sudoku_step *step;
        int at, open, branches, last, read_depth;
        unsigned short starts[SUDOKU_STEP_CHAIN];
        struct sudoku_chain_open { /* a chain begun and not ended */
            short first_start; /* where its starts are kept in `starts` */
            short position, branches, branch, last;
        } chain[SUDOKU_STEP_CHAIN];
    } state;
} sudoku_chain_walk;

/** Starts a walk of the step's chain; a NULL step has none. */
SUDOKU_API void sudoku_chain_walk_start(sudoku_chain_walk *walk, const sudoku_step *step);

/**
 * The walk's next event, its details in *walk: SUDOKU_CHAIN_ENTER, then
 * the chain's nodes, each chain nested in a node entered after it and left
 * before the next, then SUDOKU_CHAIN_LEAVE; SUDOKU_CHAIN_DONE at the end
 * (at once for a step with no chain).
 */
SUDOKU_API sudoku_chain_event sudoku_chain_walk_next(sudoku_chain_walk *walk);

/*
 * Equivalent puzzles and the canonical form
 * -----------------------------------------
 */

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
SUDOKU_API sudoku_status sudoku_transform_apply(const sudoku_transform *transform,
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
SUDOKU_API sudoku_status sudoku_canon(const sudoku_grid *puzzle, sudoku_grid *canonical,
                           unsigned long *automorphisms,
                           sudoku_transform *to_canonical);

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
SUDOKU_API void sudoku_random_seed(sudoku_random *rng, uint64_t seed, uint64_t stream);

/**
 * Returns the next 64 random bits and advances the state. rng must not be
 * NULL; it is not checked.
 */
SUDOKU_API uint64_t sudoku_random_next(sudoku_random *rng);

/**
 * Returns a random integer from 0 to bound - 1, every value equally likely
 * (by rejection, never by a bare modulo). A bound of 0 returns 0 and draws
 * nothing. rng must not be NULL; it is not checked.
 */
SUDOKU_API uint32_t sudoku_random_below(sudoku_random *rng, uint32_t bound);

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
SUDOKU_API const char *sudoku_symmetry_name(sudoku_symmetry symmetry);

/**
 * Looks a symmetry up by its name, exactly as sudoku_symmetry_name() spells
 * it (case matters). Returns SUDOKU_OK and sets *symmetry, or SUDOKU_E_NULL,
 * or SUDOKU_E_OPTION (leaving *symmetry alone) for an unknown name.
 */
SUDOKU_API sudoku_status sudoku_symmetry_from_name(const char *name,
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
SUDOKU_API sudoku_status sudoku_generate_grid(uint64_t seed, uint64_t index,
                                   sudoku_grid *grid);

/**
 * A caller's test of a generated puzzle, such as a difficulty filter: a
 * positive value accepts it, 0 rejects it and makes the generator try
 * again, and a negative value stops the generator (SUDOKU_E_STOPPED). It
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
 * SUDOKU_E_EXHAUSTED when no attempt met max_clues and accept;
 * SUDOKU_E_STOPPED when accept stopped it. It does not check that accept is
 * deterministic.
 */
SUDOKU_API sudoku_status sudoku_generate(uint64_t seed, uint64_t index,
                              const sudoku_generate_options *options,
                              sudoku_generated *out);

/**
 * The least ER, in tenths, of the puzzles sudoku_generate() makes: a hidden
 * single in a box (1.2). Full houses alone (1.0) finish none of them; of
 * 20,000 made with seed 99, 312 were rated 1.2 and none less. A rating
 * range below it holds no puzzle.
 */
#define SUDOKU_GENERATED_LEAST_RATING 12

/**
 * Makes puzzle `index` of the run `seed` whose ER, as sudoku_rate() gives
 * it, is from min_rating to max_rating (in tenths, as 90 for 9.0; max may
 * be SUDOKU_RATING_UNBOUNDED, for min_rating and up): the puzzle that
 * `sudoku generate --seed SEED --rating MIN-MAX` gives as item `index`
 * (counted from 0), and for a level, with its range from sudoku_levels().
 *
 * Each puzzle sudoku_generate() carves is graded, and stops being graded
 * once the grade leaves the range (or, for a range with no top and rating
 * NULL, once it reaches it). When no carved puzzle is in range after the
 * attempts, min_rating is the extreme level's or more and there is no
 * symmetry, it searches near the hardest puzzle carved below the range,
 * walking from a pool of the hardest it meets (src/logic/rated.c tells
 * how), up to 30,000 neighbours; a puzzle found so is minimal and has one
 * solution, but keeps no symmetry. Puzzles rated 9.0 or more take about a
 * second each; 9.5 or more, minutes, and most searches for them end with
 * none.
 *
 * options: as for sudoku_generate(), and may be NULL; its accept must be
 *          NULL (the grade is the test).
 * out:     as for sudoku_generate(); attempts counts the neighbours tried.
 * rating:  may be NULL; else receives the puzzle's whole grade, which then
 *          runs to the end for every puzzle accepted.
 *
 * Returns SUDOKU_OK; SUDOKU_E_NULL when out is NULL; SUDOKU_E_OPTION for
 * the options sudoku_generate() refuses, an accept function, or an empty
 * range;
 * SUDOKU_E_EXHAUSTED when nothing in range was found; SUDOKU_E_MEMORY when
 * a grade ran out of memory. It allocates as sudoku_grade_steps() does.
 */
SUDOKU_API sudoku_status sudoku_generate_rated(uint64_t seed, uint64_t index,
                                               const sudoku_generate_options *options,
                                               int min_rating, int max_rating,
                                               sudoku_generated *out,
                                               sudoku_rating *rating);

/**
 * Makes puzzle `index` of the run `seed` near one of the `count` puzzles
 * `from`, with ER from min_rating to max_rating (as for
 * sudoku_generate_rated()): the puzzle that `sudoku generate --seed SEED
 * --rating MIN-MAX --from FILE` gives as item `index`, FILE holding `from`
 * in order. The makers of the hardest puzzles search so, from puzzles
 * already hard.
 *
 * The item's own stream draws one of `from`, which is graded, then searches
 * its neighbourhood as sudoku_generate_rated() searches near its hardest
 * carved puzzle (src/logic/rated.c tells how), up to 2,000 neighbours,
 * passing over any neighbour that is one of `from`, and taking none that
 * is one of them in another form (the same sudoku_canon() form). A puzzle
 * found is minimal, has one solution, and keeps no symmetry. The draw does
 * not depend on the other puzzles' ratings, so a list of easy puzzles
 * gives few hard ones: each item is as likely to start from any of them.
 * Items are drawn apart, so two of them may find the same puzzle.
 *
 * from:      the puzzles to start from; each one drawn must have exactly
 *            one solution, and need not be minimal.
 * max_clues: at most this many givens, 17-81; 0: any.
 * out:       as for sudoku_generate_rated(), with symmetry NONE; attempts
 *            counts the neighbours graded. On SUDOKU_E_EXHAUSTED it holds
 *            the puzzle drawn.
 * rating:    as for sudoku_generate_rated().
 *
 * Returns SUDOKU_OK; SUDOKU_E_NULL when out or from is NULL; SUDOKU_E_OPTION
 * for a count of 0 or over 2^32 - 1, max_clues outside 0 and 17-81, or an
 * empty range; sudoku_count()'s errors, SUDOKU_E_UNSOLVABLE or
 * SUDOKU_E_NOT_UNIQUE for the puzzle drawn; SUDOKU_E_EXHAUSTED when nothing
 * in range was found; SUDOKU_E_MEMORY when a grade ran out of memory. It
 * allocates as sudoku_grade_steps() does.
 */
SUDOKU_API sudoku_status sudoku_generate_near(uint64_t seed, uint64_t index,
                                              const sudoku_grid *from, size_t count,
                                              int max_clues, int min_rating,
                                              int max_rating, sudoku_generated *out,
                                              sudoku_rating *rating);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_H */
