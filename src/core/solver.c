/*
 * solver.c - the candidate grid, its propagation, and the search.
 *
 * Representation
 * --------------
 * The grid is three bands of three rows. For each band k and digit d, one
 * 27-bit word cand[k][d] holds the cells of the band where d+1 may still go:
 *
 *     bit   26 ..... 18   17 ...... 9   8 ....... 0
 *           third row     second row    first row      (column 0 at bit 0)
 *
 * A cell's own candidates are spread over the nine words of its band, and
 * open[k] holds the cells of band k not yet solved. seg[k][d] holds the
 * segments of cand[k][d] (see below) as last reduced. The whole board is
 * 284 bytes, so the search saves it by plain copy.
 *
 * Propagation
 * -----------
 * Within one band a digit fills exactly one cell of each row and of each
 * box. Reduce a band's word to a 3x3 matrix of segments (the three cells of
 * one row inside one box) that still hold the digit: the digit's placement
 * is one of the six permutation matrices that fit inside it. A segment that
 * no fitting permutation uses is cleared, and if none fits the board is
 * dead. One table lookup does all this; it covers hidden singles in boxes,
 * locked candidates between rows and boxes, and empty rows and boxes. A row
 * of the band then left with one cell for the digit solves that cell (a
 * hidden single in the row). A box of the band left with the digit in one
 * column clears that column from the digit's words in the other bands
 * (locked candidates from box to column; the alone[] table of the triads
 * finds such boxes). Done in every reduce() rather than left to the stack
 * rule below, it takes 17-clue from 10,779 instructions a puzzle to 9,959,
 * magictour from 50,581 to 48,668 and forum-hardest-1905 from 296,730 to
 * 290,710, for 0.8% more on serg (18,435 against 18,297).
 *
 * Solving a cell clears every other digit from it and its digit from the
 * cell's column in the other bands (a cell that reduce() solves is alone
 * in its box, so its column is clear already). reduce() clears the cells it
 * solves from the band's other words without first asking whether there
 * are any: that test waited on the whole reduction and guessed wrong about
 * a third of the time (callgrind's model), and each wrong guess cost more
 * than the nine stores it saved. Without it, 7% more instructions
 * (17-clue 9,959 a puzzle against 10,700, forum-hardest-1905 290,710
 * against 299,153) take 10-20% less time: 17-clue 0.82 and 0.78 of the
 * time at limits 1 and 2, qqwing 0.85 and 0.87, forum-hardest-1905 0.90
 * and 0.89, magictour 0.88 and 0.93 (default build; native alike).
 *
 * seen[k][d] keeps each word as it was last reduced, so a pass over the 27
 * words reduces just the ones that changed, and passes repeat until none
 * did. When the passes stall, up to three checks follow, each only if the
 * ones before it changed nothing:
 *
 *   - The nine words of each band are added up bitwise. That finds cells
 *     with no candidate (a dead board) and cells with one (naked singles,
 *     solved at once).
 *   - The same permutation rule runs down each stack, with bands in place
 *     of rows and columns in place of boxes. It covers hidden singles in
 *     columns, locked candidates between columns and boxes, and empty
 *     columns. It leaves each digit's 3x3 matrix of each stack behind, for
 *     the search. Compilers vectorise its loop over the digits, clang only
 *     when told to (see reduce_stacks()): 18,363 instructions a puzzle on
 *     serg with gcc, 21,440 with clang, against 18,755 and 24,737 before
 *     (gcc had checked at run time whether the board and the matrices
 *     overlapped).
 *   - While TRIADS_OPEN cells or more are open, hidden triples in triads
 *     (reduce_triads()): a triad is a segment, or the three cells of a
 *     column inside a box. A digit is locked into a triad when that is its
 *     only one in its row, or in its box down the columns; three digits
 *     locked into one triad fill it. The row triads come straight from
 *     seg[][], the locks from one table lookup per word, and only the bands
 *     changed since the last look, with TRIADS_BAND_OPEN cells or more
 *     open, are looked at. On fuller boards and bands the rule seldom finds
 *     what the others miss and costs more than it saves.
 *
 * Any of them sends the changed words back to the passes.
 *
 * Search
 * ------
 * When propagation stalls, the search looks for the band or stack whose
 * digits have the fewest cells left between them in their 3x3 matrices
 * (seg[][] for a band, the stack matrices for a stack, each a union of
 * permutations), leaving out those already settled, and in it a digit with
 * exactly two permutations. Cells are counted four digits to a popcount
 * (or, without a popcount instruction, all nine in one sum, which takes
 * the portable build from 21,744 instructions a puzzle on serg to 20,941;
 * see bit_count3()), and they choose better than the permutations themselves did, which took a
 * table lookup per digit: 65.5 guesses a puzzle on the first 1000 of
 * forum-hardest-1905 against 68.4, and 6% fewer instructions. It assumes
 * the first permutation (cand[k][d] keeps the cells of its segments, or for
 * a stack, each band keeps one column of the stack), but first saves the
 * board with the second assumed instead. So the branch is binary and
 * settles the digit in that band or stack either way. Only if that band has
 * no such digit (about one branch in 17 on forum-hardest-1905) does it
 * branch on a cell with two candidates (see choose_cell()), or failing that
 * on an open cell with the fewest: its lowest digit d, then "anything but d
 * here". On a dead board, or after a solution when counting, it pops the
 * last saved board and propagates it.
 *
 * Count, for a board, its open cells plus the digits not yet settled in
 * each band and each stack: at most 81 + 54. A board that needs a branch
 * has some left, and each assumption, on either side, takes away at least
 * one (a cell, or a digit's two permutations down to one), so each saved
 * board has less than the one below it. The stack never holds more than
 * 135 boards, and it lives in a fixed array on the C stack, with the board
 * being worked on on top, so that popping a board copies nothing (serg
 * 18,297 instructions a puzzle against 18,363). There is no recursion and
 * no allocation.
 *
 * In and out
 * ----------
 * On puzzles that need few guesses, such as serg's (7 a puzzle, 20,000
 * instructions), what is done once a call counts. The solution is written
 * out eight cells at a time: each band's words fold into four bit planes
 * of the digits, and a multiplication spreads eight bits of a plane to
 * eight bytes. Cell by cell it took 840 instructions a puzzle, 4% of serg.
 * The first board is built a word at a time, from what the givens of each
 * digit see, gathered in one sweep of the cells (see board_from_puzzle()):
 * 18,931 instructions a puzzle on serg against 19,305 when each given was
 * placed in turn, 11,120 against 11,616 on 17-clue. The sweep visits only
 * the filled cells, found eight bytes at a time (see filled_cells()),
 * which takes 18,931 down to 18,755 on serg and 11,120 to 10,880 on
 * 17-clue, and spares a branch on each cell that no processor can guess.
 *
 * What did not pay
 * ----------------
 * Measured as instructions per puzzle with callgrind, at limit 2, on the
 * first 1000 of forum-hardest-1905 and 10000 of 17-clue, and magictour:
 *
 *   - A bitmask of dirty words, set when a cell is solved and walked bit by
 *     bit, in place of the passes over seen[]: 3-6% more, whether words
 *     were marked exactly or band by band, in memory or in a register.
 *   - A memcmp() of cand against seen before each pass, to skip the last
 *     pass that finds nothing: 4% more. Another pass only when a cell was
 *     solved in this one (a word reduced without solving changes no
 *     other): 3% more on forum-hardest-1106 and serg, 4% on 17-clue, for
 *     the value each reduce() must now return.
 *   - Passes band by band rather than digit by digit: 2% more.
 *   - A pass that compares the words of two digits of a band at once, as
 *     one 64-bit word: 3.5% fewer instructions, but 5-10% more time with
 *     gcc and 1-3% with clang, on forum-hardest-1106, magictour and serg.
 *     Such a load most likely waits on two words that reduce() has just
 *     stored one at a time, which a processor cannot forward to it.
 *   - The stack rule two digits at a time, in the halves of 64-bit words,
 *     rather than in a loop that compilers vectorise: 22,842 instructions a
 *     puzzle on serg with gcc against 18,755, 24,634 with clang against
 *     24,737 (before clang vectorised it).
 *   - A mask of the words that changed, found by comparing cand[][] with
 *     seen[][] four or eight at a time (SSE2, AVX2) and walked bit by bit,
 *     in place of the passes' 27 tests: 20,014 instructions a puzzle on
 *     serg against 18,931 (gcc, AVX2), 20,262 with SSE2. The walk costs
 *     more than the tests it saves.
 *   - After a pass that reduced some word, a test of all 27 words against
 *     seen[][] at once, eight bytes at a time, to skip the pass that would
 *     find nothing: 1% fewer instructions with gcc (18,234 a puzzle on
 *     serg against 18,363) and 8% fewer with clang (19,629 against
 *     21,429), but no faster (2.50 us a puzzle against 2.47 native, 2.70
 *     against 2.70 portable): the wide loads wait on the words the pass
 *     has just stored, as in the pass over two words at once above.
 *   - Clearing solved cells from the words of a band two at a time, as
 *     the naked singles add them up: no fewer instructions (18,915 a
 *     puzzle on serg against 18,802).
 *   - Leaving hidden singles in rows to a sweep when the passes stall,
 *     which made reduce() cheaper: 2.5 times as many instructions, as
 *     each cell solved late holds back everything that follows from it.
 *   - Building the first board word by word from the givens, with each
 *     word's rows, boxes and clashes worked out from its segments: 4%
 *     more on serg (20,193 against 19,305). Gathering what each given sees
 *     as the cells are swept (see In and out) did better.
 *   - Before the search branched on band and stack permutations, filling
 *     triads on every stall rather than after 512 guesses: 6-25% fewer
 *     guesses, but 37% more instructions on forum-hardest-1905 and 74%
 *     more on serg.
 *   - Triads on every stall with the present search (TRIADS_OPEN 0): 366k
 *     instructions a puzzle on forum-hardest-1905 against 354k, 27.5k
 *     against 23.6k on serg, for 1.6% fewer guesses. A band threshold
 *     alone, in place of the board's: at 14 open cells 4% more guesses on
 *     forum-hardest-1905 and 2% more instructions, at 16 11% and 5%. With
 *     both, a band threshold of 14 rather than 10: 5% more guesses for 1%
 *     fewer instructions on serg.
 *   - Triads down to 40 open cells instead of 45, since the passes
 *     compare words in pairs and the branch counts cells: 5% fewer
 *     guesses, but 5% more instructions on serg (20,208 against 19,233)
 *     and 2% more on forum-hardest-1106 and -1905. Down to 47 or 50 only:
 *     2-3% fewer on serg, but 1-2% more on forum-hardest-1106 and 4-13%
 *     more guesses.
 *   - Triads only once the search has met a dead board in the call, which
 *     the puzzles of serg, with their many solutions, seldom do: 2% fewer
 *     instructions on serg, but 1% more on forum-hardest-1106 and -1905
 *     and on 17-clue.
 *   - No triads before the first guess: 5% more instructions on 17-clue
 *     (12,970 against 12,350) and 3% more on serg at limit 1.
 *   - Naked triples in triads as well (a triad where only three digits
 *     may go holds all three, so they leave the rest of its row and box):
 *     1% fewer guesses for a second set of counters on every word.
 *   - Switching both triads and the permutation branch on only after a
 *     few guesses in a call, as triads once were: after 2, 434k
 *     instructions on forum-hardest-1905 against 380k. The first guesses
 *     are the ones that most need choosing well.
 *   - Running the stack rule before naked singles instead of after: 10%
 *     more. A table lookup per stack in place of the rotations in
 *     matched(): 7% more.
 *   - Branching on the first two-candidate cell in grid order: 15% more
 *     guesses on the hard sets than the band with the most open cells.
 *     The band with the fewest open cells: 30% more guesses. Within the
 *     band, the row with the most open cells instead of the fewest, or the
 *     row with the fewest in the whole grid: 23% more; the box with the
 *     fewest: 40% more. Branching on a digit with two places in a row
 *     instead of a cell with two digits: 40% more on forum-hardest-1905.
 *   - For the permutation branch: bands alone, without stacks, 23% more
 *     guesses (82.7 against 67.3 a puzzle on forum-hardest-1905); the band
 *     or stack with the fewest open cells instead of the fewest
 *     permutations, 40% more; the most open cells, twice as many. Cells
 *     instead of permutations while the board has more than 50 open
 *     cells: 41% more; or whenever the chosen band has more than 22
 *     permutations, or fewer than 18: from 4% to 50% more.
 *   - When the band or stack with the fewest cells has no digit with two
 *     permutations, the next one that has, rather than a cell: 2% more
 *     instructions on forum-hardest-1106 and -1905. Within the band, the
 *     digit whose two permutations share a segment, or the one whose
 *     two do not, rather than the first: 1-2% more.
 *   - Keeping each word's count of permutations in the top bits of
 *     seg[][], so that the branch added them up without a table: 1% more
 *     instructions on the hard sets, as every other reader of seg[][] must
 *     mask them off. Counting cells by popcount (see Search) did better.
 *   - Working out segments afresh from the words in the triads and the
 *     branch choice, with the locks found by rotating bits, rather than
 *     keeping seg[][] in the board and looking the locks up: 14% more
 *     instructions on forum-hardest-1905 (452k against 398k).
 */

/*
 * gcc, tuned for a recent processor (as -march=native is on this project's
 * test machine, an AMD Zen), keeps the words of a band in registers across
 * a pass and packs those that a solve clears into vectors one word at a
 * time before storing them: 18% more instructions on 17-clue and 7-15%
 * more time than with its generic tuning. Without that packing (the
 * superword-level vectoriser) its native build is as fast as the generic
 * one or faster; the generic build does not pack them anyway. Before the
 * headers, so that their inline functions get the same options and may
 * still be inlined.
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif

#include "sudoku.h"
#include "bits.h"
#include "solver.h"

#include <stdint.h>
#include <string.h>

/*
 * Where bytes are known to go low first, the grid is read and written eight
 * cells at a time. SUDOKU_PLAIN_C (a CMake option) takes the cell-by-cell
 * path everywhere, so that it can be tested; both give the same results.
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ &&      \
    !defined(SUDOKU_PLAIN_C)
#define SUDOKU_LITTLE_ENDIAN 1
#endif

enum {
    /*
     * Triads are looked for only while this many cells are open: on fuller
     * boards they seldom find anything the cheaper rules miss.
     */
    TRIADS_OPEN = 45,
    /* ... and, within that, only in bands with this many cells open. */
    TRIADS_BAND_OPEN = 10,
    BANDS = 3,
    DIGITS = 9,
    BAND_CELLS = 27,
    ROW_BITS = 0x1FF,
    BAND_BITS = 0x7FFFFFF
};

typedef struct board {
    uint32_t cand[BANDS][DIGITS]; /* cand[k][d]: where digit d may go in band k */
    uint32_t seen[BANDS][DIGITS]; /* each cand word as it was last reduced */
    uint32_t open[BANDS];         /* the cells not yet solved */
    uint16_t seg[BANDS][DIGITS];  /* the segments of seen[k][d] (see reduce()) */
} board;

/*
 * The tables below are built by the preprocessor, so they are constant data
 * with nothing to initialise at run time. TABLE512(F) lists F(0)..F(511).
 */
#define TABLE4(F, n) F(n), F((n) + 1), F((n) + 2), F((n) + 3)
#define TABLE16(F, n)                                                          \
    TABLE4(F, n), TABLE4(F, (n) + 4), TABLE4(F, (n) + 8), TABLE4(F, (n) + 12)
#define TABLE64(F, n)                                                          \
    TABLE16(F, n), TABLE16(F, (n) + 16), TABLE16(F, (n) + 32),                 \
        TABLE16(F, (n) + 48)
#define TABLE256(F, n)                                                         \
    TABLE64(F, n), TABLE64(F, (n) + 64), TABLE64(F, (n) + 128),                \
        TABLE64(F, (n) + 192)
#define TABLE512(F) TABLE256(F, 0), TABLE256(F, 256)

/*
 * row_boxes[r]: for the nine cells r of one row, bit k says whether any of
 * them lies in the row's k-th box.
 */
#define ROW_BOXES(r)                                                           \
    (((r)&0007 ? 1u : 0u) | ((r)&0070 ? 2u : 0u) | ((r)&0700 ? 4u : 0u))
static const uint8_t row_boxes[512] = {TABLE512(ROW_BOXES)};

/*
 * The segments of a band form a 3x3 matrix: bit 3r+k is row r inside box k.
 * SEGMENT_CELLS(s) widens such a matrix to the 27 cells it covers.
 */
#define SEGMENT(s, r, k) (((s) >> (3 * (r) + (k)) & 1u) * (7u << (9 * (r) + 3 * (k))))
#define SEGMENT_ROW(s, r) (SEGMENT(s, r, 0) | SEGMENT(s, r, 1) | SEGMENT(s, r, 2))
#define SEGMENT_CELLS(s) (SEGMENT_ROW(s, 0) | SEGMENT_ROW(s, 1) | SEGMENT_ROW(s, 2))

/* The six ways to give each row of a band a different box, as matrices. */
#define FITS(s, p) (((s) & (p)) == (p) ? SEGMENT_CELLS(p) : 0u)
#define PERMUTATIONS(s)                                                        \
    (FITS(s, 0x111) | FITS(s, 0x0A1) | FITS(s, 0x10A) | FITS(s, 0x062) |       \
     FITS(s, 0x08C) | FITS(s, 0x054))

/*
 * keep[s]: the cells of the segments in s that some permutation inside s
 * uses; 0 when no permutation fits.
 */
static const uint32_t keep[512] = {TABLE512(PERMUTATIONS)};

/* kept[s]: the segments of keep[s]. */
#define FITS_SEGMENTS(s, p) (((s) & (p)) == (p) ? (p) : 0u)
#define PERMUTATION_SEGMENTS(s)                                                \
    (FITS_SEGMENTS(s, 0x111) | FITS_SEGMENTS(s, 0x0A1) |                       \
     FITS_SEGMENTS(s, 0x10A) | FITS_SEGMENTS(s, 0x062) |                       \
     FITS_SEGMENTS(s, 0x08C) | FITS_SEGMENTS(s, 0x054))
static const uint16_t kept[512] = {TABLE512(PERMUTATION_SEGMENTS)};

/* alone[x]: the bits of x alone in their group of three (bits 0-2, 3-5, 6-8). */
#define GROUP_ALONE(x, g)                                                      \
    (((x) >> (3 * (g)) & 7) == 1 || ((x) >> (3 * (g)) & 7) == 2 ||            \
             ((x) >> (3 * (g)) & 7) == 4                                       \
         ? (x) & (7u << (3 * (g)))                                             \
         : 0u)
#define ALONE(x) (GROUP_ALONE(x, 0) | GROUP_ALONE(x, 1) | GROUP_ALONE(x, 2))
static const uint16_t alone[512] = {TABLE512(ALONE)};

/* single[r]: the nine cells r of a row if just one is set, else 0. */
#define SINGLE(r) ((r) != 0 && ((r) & ((r)-1)) == 0 ? (r) : 0)
static const uint16_t single[512] = {TABLE512(SINGLE)};

/* fits[s]: the number of permutations inside s, 0 to 6. */
#define FIT(s, p) (((s) & (p)) == (p) ? 1u : 0u)
#define FIT_COUNT(s)                                                           \
    (FIT(s, 0x111) + FIT(s, 0x0A1) + FIT(s, 0x10A) + FIT(s, 0x062) +          \
     FIT(s, 0x08C) + FIT(s, 0x054))
static const uint8_t fits[512] = {TABLE512(FIT_COUNT)};

/* The six permutations as matrices, in the order the search tries them. */
static const uint16_t permutation[6] = {0x111, 0x0A1, 0x10A, 0x062, 0x08C, 0x054};

/* The cells of each permutation's segments in a band. */
static const uint32_t permutation_cells[6] = {
    SEGMENT_CELLS(0x111), SEGMENT_CELLS(0x0A1), SEGMENT_CELLS(0x10A),
    SEGMENT_CELLS(0x062), SEGMENT_CELLS(0x08C), SEGMENT_CELLS(0x054)};

/*
 * first_two[s]: the first permutation inside s in bits 0-3 and the second
 * in bits 4-7, as indices into permutation[]; meaningful when s has two.
 */
#define FITS_UP_TO1(s) FIT(s, 0x111)
#define FITS_UP_TO2(s) (FITS_UP_TO1(s) + FIT(s, 0x0A1))
#define FITS_UP_TO3(s) (FITS_UP_TO2(s) + FIT(s, 0x10A))
#define FITS_UP_TO4(s) (FITS_UP_TO3(s) + FIT(s, 0x062))
#define FITS_UP_TO5(s) (FITS_UP_TO4(s) + FIT(s, 0x08C))
#define NTH_FIT(s, n)                                                          \
    (FITS_UP_TO1(s) == (n)   ? 0u                                              \
     : FITS_UP_TO2(s) == (n) ? 1u                                              \
     : FITS_UP_TO3(s) == (n) ? 2u                                              \
     : FITS_UP_TO4(s) == (n) ? 3u                                              \
     : FITS_UP_TO5(s) == (n) ? 4u                                              \
                             : 5u)
#define FIRST_TWO(s) (NTH_FIT(s, 1) | NTH_FIT(s, 2) << 4)
static const uint8_t first_two[512] = {TABLE512(FIRST_TWO)};

/* The other cells of the row and the box of `pos`, within its band. */
#define BAND_PEERS(pos)                                                        \
    (((uint32_t)ROW_BITS << (pos) / 9 * 9 | 0x1C0E07u << (pos) % 9 / 3 * 3) &   \
     ~(1u << (pos)))
#define TABLE27(F)                                                             \
    TABLE16(F, 0), TABLE4(F, 16), TABLE4(F, 20), F(24), F(25), F(26)

static const uint32_t band_peers[BAND_CELLS] = {TABLE27(BAND_PEERS)};

/* Folds the three rows of a band word onto its nine columns. */
static uint32_t columns_of(uint32_t cells)
{
    return (cells | cells >> 9 | cells >> 18) & ROW_BITS;
}

/*
 * Solves the cells `solved` of band k with digit d, which must already be
 * the only cells of their rows and boxes in cand[k][d]: clears every other
 * digit from them and d from their columns in the other bands.
 */
static inline void solve_cells(board *b, int d, int k, uint32_t solved)
{
    const uint32_t columns = columns_of(solved) * 0x40201u;
    const uint32_t own = b->cand[k][d];

    for (int e = 0; e < DIGITS; e++)
        b->cand[k][e] &= ~solved;
    for (int other = 0; other < BANDS; other++)
        b->cand[other][d] &= ~columns;
    b->cand[k][d] = own;
    b->open[k] &= ~solved;
}

/*
 * The same, for cells whose columns reduce() has already cleared from the
 * other bands: each is the only cell of its box.
 */
static inline void solve_in_band(board *b, int d, int k, uint32_t solved)
{
    const uint32_t own = b->cand[k][d];

    for (int e = 0; e < DIGITS; e++)
        b->cand[k][e] &= ~solved;
    b->cand[k][d] = own;
    b->open[k] &= ~solved;
}

/* Solves cell `pos` of band k with digit d, clearing it from every peer. */
static void place(board *b, int d, int k, int pos)
{
    b->cand[k][d] &= ~band_peers[pos];
    solve_cells(b, d, k, 1u << pos);
}

/*
 * The cells of `cells` that are alone in their row of the band, a row at a
 * time by table: fewer instructions than clearing each row's lowest cell
 * and testing what is left.
 */
static uint32_t lone_in_row(uint32_t cells)
{
    return single[cells & ROW_BITS] |
           (uint32_t)single[cells >> 9 & ROW_BITS] << 9 |
           (uint32_t)single[cells >> 18] << 18;
}

/* The segments of a band word, as a 3x3 matrix: bit 3r+j is row r, box j. */
static uint32_t segments_of(uint32_t cells)
{
    return row_boxes[cells & ROW_BITS] | row_boxes[cells >> 9 & ROW_BITS] << 3 |
           row_boxes[cells >> 18] << 6;
}

/*
 * reduce() runs inside each of the 27 tests of a pass. clang 14 calls it
 * there rather than inlining it unless told to, which takes 7-10% more
 * time on forum-hardest-1106, magictour and serg; gcc 12 inlines it by
 * itself, and when told to, inlines less of the rest (10% more
 * instructions).
 */
#ifdef __clang__
#define PASS_INLINE inline __attribute__((always_inline))
#else
#define PASS_INLINE inline
#endif

/*
 * Reduces cand[k][d] to the segments that a permutation can use, then
 * solves the open cells that are alone in their row. Returns 0 on a dead
 * board.
 */
static PASS_INLINE int reduce(board *b, int d, int k)
{
    uint32_t cells = b->cand[k][d], solved, pointed;
    const uint32_t segments = segments_of(cells);

    cells &= keep[segments];
    if (cells == 0)
        return 0;
    b->cand[k][d] = b->seen[k][d] = cells;
    b->seg[k][d] = kept[segments];
    pointed = (uint32_t)alone[columns_of(cells)] * 0x40201u;
    b->cand[(k + 1) % BANDS][d] &= ~pointed;
    b->cand[(k + 2) % BANDS][d] &= ~pointed;
    solved = lone_in_row(cells) & b->open[k];
    solve_in_band(b, d, k, solved); /* no test: see the essay */
    return 1;
}

/*
 * The columns of each digit as reduce_stacks() last found them: in stack s,
 * bit 3k+i of stack[s][d] says whether digit d may go in column 3s+i of band
 * k. When propagate() returns a live board, they are the board's.
 */
typedef struct stacks {
    uint16_t stack[BANDS][DIGITS];
} stacks;

/* Two neighbouring words as one, to work on both in one go. */
static uint64_t two_words(const uint32_t *w)
{
    uint64_t both;

    memcpy(&both, w, sizeof both);
    return both;
}

/*
 * Adds up each band's nine words and solves every naked single. Returns -1
 * on a dead board, else the number of cells solved.
 */
static int solve_naked_singles(board *b)
{
    int solved = 0;

    for (int k = 0; k < BANDS; k++) {
        uint64_t ones = 0, twos = 0; /* two digits at a time, side by side */
        uint32_t one, two, singles;

        for (int d = 0; d + 1 < DIGITS; d += 2) {
            const uint64_t c = two_words(&b->cand[k][d]);

            twos |= ones & c;
            ones |= c;
        }
        one = (uint32_t)ones | (uint32_t)(ones >> 32);
        two = (uint32_t)twos | (uint32_t)(twos >> 32) |
              ((uint32_t)ones & (uint32_t)(ones >> 32));
        two |= one & b->cand[k][DIGITS - 1];
        one |= b->cand[k][DIGITS - 1];
        if (b->open[k] & ~one)
            return -1;
        for (singles = b->open[k] & ~two; singles; singles &= singles - 1) {
            const int pos = lowest_bit(singles);
            int d = 0;

            while (d < DIGITS && !(b->cand[k][d] >> pos & 1))
                d++;
            if (d == DIGITS)
                return -1; /* an earlier single in this pass took it */
            place(b, d, k, pos);
            solved++;
        }
    }
    return solved;
}

/*
 * Turns each group of three bits in a 9-bit word one place: rotate_up moves
 * bit c of a group to bit c+1, rotate_down to bit c-1 (both modulo 3).
 */
static uint32_t rotate_up(uint32_t x) { return (x << 1 & 0x1B6) | (x >> 2 & 0x049); }
static uint32_t rotate_down(uint32_t x) { return (x << 2 & 0x124) | (x >> 1 & 0x0DB); }

/*
 * The cells of `mine` that a permutation can use, given the other two rows
 * of a 3x3 matrix, for three matrices side by side (one per group of three
 * bits): a cell is usable when the two rows below can take the other two
 * columns between them.
 */
static uint32_t matched(uint32_t mine, uint32_t next, uint32_t last)
{
    return mine & ((rotate_down(next) & rotate_up(last)) |
                   (rotate_up(next) & rotate_down(last)));
}

/*
 * Applies the rule of the bands down the stacks: in the three boxes of a
 * stack a digit takes each column once and each box once, so the columns
 * where it may go, band by band, must hold a permutation. Returns 1 if it
 * cleared any cell and 0 if not; a stack left with no permutation leaves an
 * empty box, which reduce() finds.
 */
static int reduce_stacks(board *restrict b, stacks *restrict p)
{
    uint32_t cleared = 0;

    /*
     * One branch-free loop over the digits, which compilers vectorise. gcc
     * does so by itself. clang's cost model says it would not pay, which
     * costs 13% more instructions on serg, and even when told to, clang
     * does so only if the loop reads a copy of the words: it cannot see
     * that each round writes only what it has read.
     */
#ifdef __clang__
    uint32_t cand[BANDS][DIGITS];

    memcpy(cand, b->cand, sizeof cand);
#pragma clang loop vectorize(enable)
#else
    uint32_t(*const cand)[DIGITS] = b->cand;
#endif
    for (int d = 0; d < DIGITS; d++) {
        const uint32_t c0 = columns_of(cand[0][d]);
        const uint32_t c1 = columns_of(cand[1][d]);
        const uint32_t c2 = columns_of(cand[2][d]);
        const uint32_t gone0 = matched(c0, c1, c2) ^ c0;
        const uint32_t gone1 = matched(c1, c2, c0) ^ c1;
        const uint32_t gone2 = matched(c2, c0, c1) ^ c2;

        p->stack[0][d] = (uint16_t)((c0 & 7) | (c1 & 7) << 3 | (c2 & 7) << 6);
        p->stack[1][d] = (uint16_t)((c0 >> 3 & 7) | (c1 & 070) | (c2 << 3 & 0700));
        p->stack[2][d] = (uint16_t)((c0 >> 6 & 7) | (c1 >> 3 & 070) | (c2 & 0700));
        b->cand[0][d] = cand[0][d] & ~(gone0 | gone0 << 9 | gone0 << 18);
        b->cand[1][d] = cand[1][d] & ~(gone1 | gone1 << 9 | gone1 << 18);
        b->cand[2][d] = cand[2][d] & ~(gone2 | gone2 << 9 | gone2 << 18);
        cleared |= gone0 | gone1 | gone2;
    }
    return cleared != 0;
}

/*
 * The cells of triad t of a band: 0-8 along a row, 16-24 down a column
 * (t / 3 % 3 is t / 3 for the rows; the % keeps the shift in range).
 */
static uint32_t triad_cells(int t)
{
    if (t >= 16)
        return 0x40201u << (t - 16);
    return 7u << (t / 3 % 3 * 9 + t % 3 * 3);
}

/*
 * Triads. A triad is the three cells of a row inside a box, or of a column
 * inside a box. A digit is locked into one when it is the digit's only
 * triad in its row, or in its box down the columns. (For rows, reduce()
 * has left each word a union of permutations, in which a digit's only box
 * in a row is also the box's only row for it.) Each locked digit needs a
 * cell of its own, so four locked into one triad kill the board, and three
 * fill it: no other digit may stay in its cells (a hidden triple).
 *
 * For each band, t holds a digit's triads (rows in bits 0-8 as
 * segments_of() numbers them, columns in bits 16-24) and l those it is
 * locked into. Returns -1 on a dead board, else 1 if it cleared any cell
 * and 0 if not.
 */
static int reduce_triads(board *b, unsigned bands)
{
    int cleared = 0;

    for (int k = 0; k < BANDS; k++) {
        uint32_t lock[DIGITS];
        uint32_t one = 0, two = 0, three = 0, four = 0, loose = 0, fill;

        if (!(bands >> k & 1))
            continue;
        if (bit_count(b->open[k]) < TRIADS_BAND_OPEN)
            continue;
        for (int d = 0; d < DIGITS; d++) {
            const uint32_t c = columns_of(b->cand[k][d]);
            const uint32_t t = b->seg[k][d] | c << 16;
            const uint32_t l = alone[b->seg[k][d]] | (uint32_t)alone[c] << 16;

            lock[d] = l;
            loose |= t & ~l;
            four |= three & l;
            three |= two & l;
            two |= one & l;
            one |= l;
        }
        if (four)
            return -1;
        /* Triads filled by three locked digits, with some other digit in. */
        fill = three & loose;
        for (; fill; fill &= fill - 1) {
            const int t = lowest_bit(fill);
            const uint32_t cells = triad_cells(t);

            for (int d = 0; d < DIGITS; d++) {
                if (!(lock[d] >> t & 1))
                    b->cand[k][d] &= ~cells;
            }
            cleared = 1;
        }
    }
    return cleared;
}

/*
 * Propagates until nothing changes. Returns 0 on a dead board; otherwise
 * p holds the board's stack matrices (see reduce_stacks()).
 */
static int propagate(board *b, stacks *p)
{
    unsigned dirty = 7; /* the bands changed since reduce_triads() */

    for (;;) {
        int changed = 1, solved;

        while (changed) {
            changed = 0;
#define REDUCE_IF_CHANGED(d, k)                                                \
    if (b->cand[k][d] != b->seen[k][d]) {                                      \
        if (!reduce(b, d, k))                                                  \
            return 0;                                                          \
        changed = 1;                                                           \
        dirty |= 1u << (k);                                                    \
    }
#define REDUCE_DIGIT(d)                                                        \
    REDUCE_IF_CHANGED(d, 0) REDUCE_IF_CHANGED(d, 1) REDUCE_IF_CHANGED(d, 2)
            REDUCE_DIGIT(0) REDUCE_DIGIT(1) REDUCE_DIGIT(2)
            REDUCE_DIGIT(3) REDUCE_DIGIT(4) REDUCE_DIGIT(5)
            REDUCE_DIGIT(6) REDUCE_DIGIT(7) REDUCE_DIGIT(8)
#undef REDUCE_DIGIT
#undef REDUCE_IF_CHANGED
        }
        if ((b->open[0] | b->open[1] | b->open[2]) == 0)
            return 1;
        solved = solve_naked_singles(b);
        if (solved == 0)
            solved = reduce_stacks(b, p);
        if (solved == 0 &&
            bit_count3(b->open[0], b->open[1], b->open[2]) >= TRIADS_OPEN) {
            solved = reduce_triads(b, dirty);
            dirty = 0;
        }
        if (solved <= 0)
            return solved == 0;
    }
}

static int is_solved(const board *b)
{
    return (b->open[0] | b->open[1] | b->open[2]) == 0;
}

/* An open cell with the fewest candidates, as band * 27 + position. */
static int fewest_candidates(const board *b)
{
    int best = -1, best_count = DIGITS + 1;

    for (int k = 0; k < BANDS; k++) {
        for (uint32_t open = b->open[k]; open; open &= open - 1) {
            const int pos = lowest_bit(open);
            uint32_t digits = 0;

            for (int d = 0; d < DIGITS; d++)
                digits |= (b->cand[k][d] >> pos & 1) << d;
            const int count = bit_count(digits);

            if (count < best_count) {
                best = k * BAND_CELLS + pos;
                best_count = count;
            }
        }
    }
    return best;
}

/*
 * The cell to branch on, as band * 27 + position. It is a cell with two
 * candidates if there is one: from the band with the most open cells, and
 * within it from the row with the fewest. A guess there settles the most
 * cells (the band's words carry it furthest), and the search needs fewer
 * guesses than with a cell taken in grid order.
 */
static int choose_cell(const board *b)
{
    int band = -1, most = 0, fewest = 10;
    uint32_t pick = 0, pairs[BANDS];

    for (int k = 0; k < BANDS; k++) {
        uint32_t one = 0, two = 0, three = 0;

        for (int d = 0; d < DIGITS; d++) {
            three |= two & b->cand[k][d];
            two |= one & b->cand[k][d];
            one |= b->cand[k][d];
        }
        pairs[k] = b->open[k] & two & ~three;
    }
    for (int k = 0; k < BANDS; k++) {
        if (pairs[k] && bit_count(b->open[k]) > most) {
            band = k;
            most = bit_count(b->open[k]);
        }
    }
    if (band < 0)
        return fewest_candidates(b);
    for (int r = 0; r < 3; r++) {
        const uint32_t row = (uint32_t)ROW_BITS << (9 * r);

        if ((pairs[band] & row) && bit_count(b->open[band] & row) < fewest) {
            pick = pairs[band] & row;
            fewest = bit_count(b->open[band] & row);
        }
    }
    return band * BAND_CELLS + lowest_bit(pick);
}

/*
 * A branch on where one digit goes in a band or a stack: the search first
 * keeps cand[k][digit] & take[k] for each band k, and saves the board with
 * cand[k][digit] & alt[k] for later.
 */
typedef struct branch {
    int digit;
    uint32_t take[BANDS], alt[BANDS];
} branch;

/*
 * The cells left in the 3x3 matrices of the nine digits of a band or a
 * stack, four matrices to a 64-bit word. Each digit keeps at least the
 * three of one permutation, so 27 means every digit is settled.
 */
static int matrix_cells(const uint16_t matrix[DIGITS])
{
    uint64_t first, second;

    memcpy(&first, &matrix[0], sizeof first);
    memcpy(&second, &matrix[4], sizeof second);
    return bit_count3(first, second, matrix[8]);
}

/*
 * Finds the band or stack with the fewest cells left in its digits'
 * matrices, and in it a digit with two ways; returns 0 if there is no such
 * digit there (or every band is settled).
 */
static int choose_branch(const board *b, const stacks *p, branch *out)
{
    int best_total = 9 * DIGITS + 1, total[2 * BANDS];
    int best = 0; /* when every band is settled, band 0 has no digit with two
                     ways, and the search goes by cells instead */

    for (int k = 0; k < BANDS; k++) {
        total[k] = matrix_cells(b->seg[k]);
        total[BANDS + k] = matrix_cells(p->stack[k]);
    }
    for (int i = 0; i < 2 * BANDS; i++) {
        if (total[i] > 3 * DIGITS && total[i] < best_total) {
            best_total = total[i];
            best = i;
        }
    }
    for (int d = 0; d < DIGITS; d++) {
        const uint32_t m =
            best < BANDS ? b->seg[best][d] : p->stack[best - BANDS][d];
        int first, second;

        if (fits[m] != 2)
            continue;
        first = first_two[m] & 15;
        second = first_two[m] >> 4;
        out->digit = d;
        for (int k = 0; k < BANDS; k++) {
            if (best < BANDS) {
                out->take[k] = k == best ? permutation_cells[first] : BAND_BITS;
                out->alt[k] = k == best ? permutation_cells[second] : BAND_BITS;
            } else {
                const int st = best - BANDS;
                const uint32_t stack = 0x1C0E07u << 3 * st;
                const int c1 = lowest_bit(permutation[first] >> 3 * k & 7);
                const int c2 = lowest_bit(permutation[second] >> 3 * k & 7);

                out->take[k] = ~stack | 0x40201u << (3 * st + c1);
                out->alt[k] = ~stack | 0x40201u << (3 * st + c2);
            }
        }
        return 1;
    }
    return 0;
}

/* The cells of the column of `pos` in a band, `pos` among them. */
#define BAND_COLUMN(pos) (0x40201u << (pos) % 9)
static const uint32_t band_column[BAND_CELLS] = {TABLE27(BAND_COLUMN)};

#ifdef SUDOKU_LITTLE_ENDIAN
/* The top bits of the eight bytes of x, byte i's as bit i. */
static uint32_t top_bits(uint64_t x)
{
    return (uint32_t)((x & 0x8080808080808080u) * 0x0002040810204081u >> 56);
}
#endif

/*
 * The cells of a band of the grid that hold a value, as a band word, or
 * ~0 if one holds more than 9. Little-endian machines look at eight cells
 * at a time, in runs at 0, 8, 16 and 19 (the last two overlap, so that no
 * run reads past the band). A byte is filled when its low seven bits plus
 * 0x7F, or the byte itself, reach the top bit; it is over 9 when the byte
 * plus 0x76 does. That sum may carry into the next byte, but only from a
 * byte over 9.
 */
static uint32_t filled_cells(const unsigned char *cell)
{
    uint32_t filled = 0;
#ifdef SUDOKU_LITTLE_ENDIAN
    static const int start[4] = {0, 8, 16, 19};
    uint64_t over = 0;

    for (int i = 0; i < 4; i++) {
        uint64_t run;

        memcpy(&run, cell + start[i], sizeof run);
        filled |= top_bits(((run & 0x7F7F7F7F7F7F7F7Fu) + 0x7F7F7F7F7F7F7F7Fu) | run)
                  << start[i];
        over |= (run + 0x7676767676767676u) | run;
    }
    if (over & 0x8080808080808080u)
        return ~0u;
#else
    for (int pos = 0; pos < BAND_CELLS; pos++) {
        if (cell[pos] > DIGITS)
            return ~0u;
        filled |= (uint32_t)(cell[pos] != 0) << pos;
    }
#endif
    return filled;
}

/*
 * Sets up the board with the puzzle's givens. Rather than solve them one at
 * a time, with a pass over the band's nine words for each, it gathers for
 * each digit the cells of its givens, the rows and boxes they see in each
 * band and the columns they see, then builds each word once. Returns what
 * sudoku_check() would: it is asked whenever a value is out of range or a
 * given sits where an earlier given of its digit sees it, so that its
 * answer, which names the first offending cell, stands.
 */
static sudoku_status board_from_puzzle(board *b, const sudoku_grid *puzzle)
{
    /*
     * By value, 1-9, the columns of its givens so far. A band's words are
     * built as soon as it is swept, from its own givens' rows and boxes,
     * and lose the columns of all the givens at the end: only open cells
     * lose them, so the givens themselves stay. Band by band, the arrays
     * are small enough that gcc clears them with a few moves, where the
     * three bands' at once took two rep stos, slow to start.
     */
    uint32_t columns[DIGITS + 1] = {0}, clash = 0;

    for (int k = 0; k < BANDS; k++) {
        const unsigned char *cell = &puzzle->cell[k * BAND_CELLS];
        const uint32_t filled = filled_cells(cell);
        /* by value: its givens in this band, their rows and boxes */
        uint32_t mine[DIGITS + 1] = {0}, struck[DIGITS + 1] = {0};

        if (filled == ~0u)
            return sudoku_check(puzzle, NULL);
        for (uint32_t f = filled; f; f &= f - 1) {
            const int pos = lowest_bit(f);
            const unsigned v = cell[pos];
            const uint32_t bit = 1u << pos;

            clash |= (struck[v] | columns[v]) & bit;
            mine[v] |= bit;
            struck[v] |= band_peers[pos];
            columns[v] |= band_column[pos];
        }
        b->open[k] = filled ^ BAND_BITS;
        for (int d = 0; d < DIGITS; d++)
            b->cand[k][d] = (b->open[k] & ~struck[d + 1]) | mine[d + 1];
    }
    if (clash)
        return sudoku_check(puzzle, NULL);
    for (int k = 0; k < BANDS; k++) {
        for (int d = 0; d < DIGITS; d++) {
            b->cand[k][d] &= ~(columns[d + 1] & b->open[k]);
            b->seen[k][d] = ~0u; /* no word is this, so all are reduced */
            b->seg[k][d] = 0;
        }
    }
    return SUDOKU_OK;
}

#ifdef SUDOKU_LITTLE_ENDIAN
/*
 * The low eight bits of x, one to a byte: bit i of x becomes the low bit of
 * byte i. Each byte of the product holds a copy of x masked to its own bit,
 * and adding 0x7F carries that bit, whichever it is, into the byte's top.
 */
static uint64_t bits_to_bytes(uint32_t x)
{
    const uint64_t spread =
        (uint64_t)(x & 0xFF) * 0x0101010101010101u & 0x8040201008040201u;

    return (spread + 0x7F7F7F7F7F7F7F7Fu) >> 7 & 0x0101010101010101u;
}

/*
 * Writes a solved board eight cells at a time. Each band's digits are
 * folded into four bit planes (plane j holds the cells whose digit has bit j
 * set), and each plane spreads eight cells to eight bytes. A band's 27 cells
 * go in four runs of eight, at 0, 8, 16 and 19; the last two overlap, so
 * that no run crosses into the next band or past the grid.
 */
static void write_solution(const board *b, sudoku_grid *out)
{
    static const int start[4] = {0, 8, 16, 19};

    for (int k = 0; k < BANDS; k++) {
        const uint32_t *c = b->cand[k]; /* c[d] holds digit d + 1 */
        const uint32_t plane[4] = {c[0] | c[2] | c[4] | c[6] | c[8],
                                   c[1] | c[2] | c[5] | c[6],
                                   c[3] | c[4] | c[5] | c[6], c[7] | c[8]};

        for (int i = 0; i < 4; i++) {
            const int s = start[i];
            const uint64_t run = bits_to_bytes(plane[0] >> s) |
                                 bits_to_bytes(plane[1] >> s) << 1 |
                                 bits_to_bytes(plane[2] >> s) << 2 |
                                 bits_to_bytes(plane[3] >> s) << 3;

            memcpy(&out->cell[k * BAND_CELLS + s], &run, sizeof run);
        }
    }
}
#else
/* Without a known byte order, cell by cell, digit by digit. */
static void write_solution(const board *b, sudoku_grid *out)
{
    for (int d = 0; d < DIGITS; d++) {
        for (int k = 0; k < BANDS; k++) {
            for (uint32_t c = b->cand[k][d]; c; c &= c - 1)
                out->cell[k * BAND_CELLS + lowest_bit(c)] = (unsigned char)(d + 1);
        }
    }
}
#endif

/*
 * Copies a board that propagate() has left alive, on which seen[][] is
 * cand[][]. gcc copies a whole board, more than 256 bytes, with rep movs,
 * which takes longer to start than these four copies take with moves.
 */
static void copy_board(board *restrict to, const board *restrict from)
{
    memcpy(to->cand, from->cand, sizeof to->cand);
    memcpy(to->seen, from->cand, sizeof to->seen);
    memcpy(to->open, from->open, sizeof to->open);
    memcpy(to->seg, from->seg, sizeof to->seg);
}

/*
 * The search from the board at the bottom of `stack`, a fresh one (its
 * seen[][] all ~0u, as board_from_puzzle() leaves it): counts solutions up
 * to `limit`, writes the first to `first` (unless NULL), and adds its
 * guesses to *guesses.
 */
static unsigned long search(board *stack, unsigned long limit, sudoku_grid *first,
                            unsigned long *guesses)
{
    board *b = stack;
    unsigned long found = 0;
    stacks p;
    int alive = propagate(b, &p);

    for (;;) {
        if (alive && !is_solved(b)) {
            branch br;

            copy_board(&b[1], &b[0]);
            ++*guesses;
            if (choose_branch(b, &p, &br)) {
                for (int k = 0; k < BANDS; k++) {
                    b[0].cand[k][br.digit] &= br.alt[k];
                    b[1].cand[k][br.digit] &= br.take[k];
                }
                b++;
                alive = propagate(b, &p);
                continue;
            }
            const int cell = choose_cell(b);
            const int k = cell / BAND_CELLS, pos = cell % BAND_CELLS;
            int d = 0;

            while (!(b->cand[k][d] >> pos & 1))
                d++;
            b[0].cand[k][d] &= ~(1u << pos);
            b++;
            place(b, d, k, pos);
            alive = propagate(b, &p);
            continue;
        }
        if (alive) {
            if (found == 0 && first)
                write_solution(b, first);
            if (++found == limit)
                break;
        }
        if (b == stack)
            break;
        b--;
        alive = propagate(b, &p);
    }
    return found;
}

/*
 * The saved boards (see the essay), and above them the board worked on: a
 * branch copies it up a place and leaves the other way below, so going
 * back to a saved board copies nothing.
 */
typedef board board_stack[SUDOKU_CELLS + 2 * BANDS * DIGITS + 1];

sudoku_status sudoku_count(const sudoku_grid *puzzle, unsigned long limit,
                           unsigned long *count, sudoku_grid *first,
                           sudoku_stats *stats)
{
    board_stack stack;
    unsigned long guesses = 0;
    sudoku_status status;

    if (count)
        *count = 0;
    if (!puzzle || !count)
        return SUDOKU_E_NULL;
    if (limit == 0)
        return SUDOKU_E_LIMIT;
    status = board_from_puzzle(stack, puzzle);
    if (status != SUDOKU_OK)
        return status;
    *count = search(stack, limit, first, &guesses);
    if (stats)
        stats->guesses = guesses;
    return SUDOKU_OK;
}

int solver_differs(const sudoku_grid *puzzle, const sudoku_grid *solution,
                   const unsigned char *cells, int n, sudoku_grid *other)
{
    board_stack stack;
    sudoku_grid fixed = *puzzle;
    unsigned long guesses = 0;

    /* No board below can fail to build: the solution fills them all. */
    if (n > 2 && !other) { /* the searches, one a cell, add up to more than a count */
        (void)board_from_puzzle(stack, puzzle);
        return search(stack, 2, NULL, &guesses) > 1;
    }
    for (int i = 0; i < n; i++) {
        const int cell = cells[i], d = solution->cell[cell] - 1;

        (void)board_from_puzzle(stack, &fixed);
        stack[0].cand[cell / BAND_CELLS][d] &= ~(1u << cell % BAND_CELLS);
        if (search(stack, 1, other, &guesses) > 0)
            return 1;
        fixed.cell[cell] = solution->cell[cell];
    }
    return 0;
}

sudoku_status sudoku_solve(const sudoku_grid *puzzle, sudoku_grid *solution,
                           sudoku_stats *stats)
{
    unsigned long count;
    sudoku_status status;

    if (!solution)
        return SUDOKU_E_NULL;
    status = sudoku_count(puzzle, 1, &count, solution, stats);
    if (status == SUDOKU_OK && count == 0)
        status = SUDOKU_E_UNSOLVABLE;
    return status;
}
