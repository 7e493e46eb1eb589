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
 * open[k] holds the cells of band k not yet solved. The whole board is 228
 * bytes, so the search saves it by plain copy.
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
 * hidden single in the row).
 *
 * Solving a cell clears every other digit from it and its digit from the
 * cell's column in the other bands. seen[k][d] keeps each word as it was
 * last reduced, so a pass over the 27 words reduces just the ones that
 * changed, and passes repeat until none did. When the passes stall, two
 * cheaper checks follow, the second only if the first solved nothing:
 *
 *   - The nine words of each band are added up bitwise. That finds cells
 *     with no candidate (a dead board), cells with one (naked singles,
 *     solved at once) and cells with two (where the search will branch).
 *   - The same permutation rule runs down each stack, with bands in place
 *     of rows and columns in place of boxes. It covers hidden singles in
 *     columns, locked candidates between columns and boxes, and empty
 *     columns.
 *
 * Either one sends the changed words back to the passes. A search that has
 * made THOROUGH_AFTER guesses adds a third check, triads (reduce_triads()),
 * which costs more than it saves on ordinary puzzles but cuts short the
 * few that the cheaper rules leave to wander.
 *
 * Search
 * ------
 * When propagation stalls, the search branches on a cell with two
 * candidates (see choose_cell() for which), or failing that on an open
 * cell with the fewest candidates. It assumes the cell's lowest digit d,
 * but first saves the board with d struck from that cell. On a dead board,
 * or after a solution when counting, it pops the last saved board and
 * propagates the strike. So the branch is binary: "d here", then
 * "anything but d here".
 *
 * Each saved board has more solved cells than the one below it, because
 * the board above it was saved after one more assumption. So the stack
 * never holds more than 81 boards, and it lives in a fixed array on the C
 * stack. There is no recursion and no allocation.
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
 *     pass that finds nothing: 4% more.
 *   - Passes band by band rather than digit by digit: 2% more.
 *   - Leaving hidden singles in rows to a sweep when the passes stall,
 *     which made reduce() cheaper: 2.5 times as many instructions, as
 *     each cell solved late holds back everything that follows from it.
 *   - Building the first board word by word from the givens rather than
 *     placing them one at a time: 1% fewer on serg, 1% more on 17-clue.
 *   - Filling triads on every stall rather than after THOROUGH_AFTER
 *     guesses: 6-25% fewer guesses, but 37% more instructions on
 *     forum-hardest-1905 and 74% more on serg. Switched on late, it costs
 *     2% there and still ends the searches that wander: a grid the fuzzer
 *     found took 2.9 million guesses without it, Norvig's impossible
 *     puzzle 850 thousand, and each now takes under 550.
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
 */
#include "sudoku.h"
#include "bits.h"

#include <stdint.h>
#include <string.h>

enum {
    /*
     * After this many guesses in one call, propagation also fills triads:
     * dearer, but it cuts short the searches that the cheaper rules leave
     * to wander (see reduce_triads()).
     */
    THOROUGH_AFTER = 512,
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

/* Solves cell `pos` of band k with digit d, clearing it from every peer. */
static void place(board *b, int d, int k, int pos)
{
    b->cand[k][d] &= ~band_peers[pos];
    solve_cells(b, d, k, 1u << pos);
}

/*
 * The cells of `cells` that are alone in their row of the band; every row
 * must hold at least one. Subtracting 1 from each row clears its lowest
 * cell without a borrow between rows, so a row alone is left empty.
 */
static uint32_t lone_in_row(uint32_t cells)
{
    const uint32_t rest = cells & (cells - 0x40201u);
    uint32_t lone = 0;

    for (int r = 0; r < 3; r++) {
        const uint32_t row = (uint32_t)ROW_BITS << (9 * r);

        lone |= rest & row ? 0 : row;
    }
    return cells & lone;
}

/* The segments of a band word, as a 3x3 matrix: bit 3r+j is row r, box j. */
static uint32_t segments_of(uint32_t cells)
{
    return row_boxes[cells & ROW_BITS] | row_boxes[cells >> 9 & ROW_BITS] << 3 |
           row_boxes[cells >> 18] << 6;
}

/*
 * Reduces cand[k][d] to the segments that a permutation can use, then
 * solves the open cells that are alone in their row. Returns 0 on a dead
 * board.
 */
static inline int reduce(board *b, int d, int k)
{
    uint32_t cells = b->cand[k][d], solved;

    cells &= keep[segments_of(cells)];
    if (cells == 0)
        return 0;
    b->cand[k][d] = b->seen[k][d] = cells;
    solved = lone_in_row(cells) & b->open[k];
    if (solved)
        solve_cells(b, d, k, solved);
    return 1;
}

/* The cells of each band with two candidates, found while propagating. */
typedef struct pairs {
    uint32_t cells[BANDS];
} pairs;

/*
 * Adds up each band's nine words: solves every naked single and records the
 * cells with two candidates. Returns -1 on a dead board, else the number of
 * cells solved.
 */
static int solve_naked_singles(board *b, pairs *p)
{
    int solved = 0;

    for (int k = 0; k < BANDS; k++) {
        uint32_t one = 0, two = 0, three = 0, singles;

        for (int d = 0; d < DIGITS; d++) {
            const uint32_t c = b->cand[k][d];

            three |= two & c;
            two |= one & c;
            one |= c;
        }
        if (b->open[k] & ~one)
            return -1;
        p->cells[k] = b->open[k] & two & ~three;
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
static int reduce_stacks(board *b)
{
    uint32_t cleared = 0;

    /* One branch-free loop over the digits, which compilers vectorise. */
    for (int d = 0; d < DIGITS; d++) {
        const uint32_t c0 = columns_of(b->cand[0][d]);
        const uint32_t c1 = columns_of(b->cand[1][d]);
        const uint32_t c2 = columns_of(b->cand[2][d]);
        const uint32_t gone0 = matched(c0, c1, c2) ^ c0;
        const uint32_t gone1 = matched(c1, c2, c0) ^ c1;
        const uint32_t gone2 = matched(c2, c0, c1) ^ c2;

        b->cand[0][d] &= ~(gone0 | gone0 << 9 | gone0 << 18);
        b->cand[1][d] &= ~(gone1 | gone1 << 9 | gone1 << 18);
        b->cand[2][d] &= ~(gone2 | gone2 << 9 | gone2 << 18);
        cleared |= gone0 | gone1 | gone2;
    }
    return cleared != 0;
}

/* The bits of a 9-bit word that are alone in their group of three. */
static uint32_t alone_in_group(uint32_t x)
{
    return x & ~(rotate_up(x) | rotate_down(x));
}

/* Triad t of a band along the rows: row t / 3 inside box t % 3. */
static uint32_t row_triad(int t) { return 7u << (t / 3 * 9 + t % 3 * 3); }

/* Triad t of a band down the columns: column t in the three rows. */
static uint32_t column_triad(int t) { return 0x40201u << t; }

/*
 * Fills the triads of one band (nine of them, three cells each, given by
 * `shape`). locked[d] holds the triads that digit d is locked into. Each
 * locked digit needs a cell of its own, so four in one triad kill the
 * board, and three fill it: no other digit may stay in its cells (a hidden
 * triple). `open` holds the triads with a cell still open. Returns -1 on a
 * dead board, else 1 if it cleared any cell and 0 if not.
 */
static int fill_triads(uint32_t *cand, const uint32_t *locked, uint32_t open,
                       uint32_t (*shape)(int))
{
    uint32_t one = 0, two = 0, three = 0, four = 0;
    int cleared = 0;

    for (int d = 0; d < DIGITS; d++) {
        four |= three & locked[d];
        three |= two & locked[d];
        two |= one & locked[d];
        one |= locked[d];
    }
    if (four)
        return -1;
    for (three &= open; three; three &= three - 1) {
        const int t = lowest_bit(three);
        const uint32_t cells = shape(t);

        for (int d = 0; d < DIGITS; d++) {
            if (!(locked[d] >> t & 1) && (cand[d] & cells)) {
                cand[d] &= ~cells;
                cleared = 1;
            }
        }
    }
    return cleared;
}

/*
 * Triads: a digit whose cells in a box all lie in one row, or all in one
 * column, is locked into those three cells of the box. For columns this
 * reads straight off the words. For rows, reduce() has left each word a
 * union of permutations, in which a digit's only box in a row is also the
 * box's only row for it, so a row of the band with one box locks it.
 * Returns -1 on a dead board, else 1 if it cleared any cell and 0 if not.
 */
static int reduce_triads(board *b)
{
    int cleared = 0;

    for (int k = 0; k < BANDS; k++) {
        uint32_t rows[DIGITS], columns[DIGITS];
        int found;

        for (int d = 0; d < DIGITS; d++) {
            rows[d] = alone_in_group(segments_of(b->cand[k][d]));
            columns[d] = alone_in_group(columns_of(b->cand[k][d]));
        }
        found = fill_triads(b->cand[k], rows, segments_of(b->open[k]),
                            row_triad);
        if (found < 0)
            return -1;
        cleared |= found;
        found = fill_triads(b->cand[k], columns, columns_of(b->open[k]),
                            column_triad);
        if (found < 0)
            return -1;
        cleared |= found;
    }
    return cleared;
}

/*
 * Propagates until nothing changes. Returns 0 on a dead board; otherwise
 * p holds the cells with two candidates.
 */
static int propagate(board *b, pairs *p, int thorough)
{
    for (;;) {
        int changed = 1, solved;

        while (changed) {
            changed = 0;
#define REDUCE_IF_CHANGED(d, k)                                                \
    if (b->cand[k][d] != b->seen[k][d]) {                                      \
        if (!reduce(b, d, k))                                                  \
            return 0;                                                          \
        changed = 1;                                                           \
    }
#define REDUCE_DIGIT(d)                                                        \
    REDUCE_IF_CHANGED(d, 0) REDUCE_IF_CHANGED(d, 1) REDUCE_IF_CHANGED(d, 2)
            REDUCE_DIGIT(0) REDUCE_DIGIT(1) REDUCE_DIGIT(2)
            REDUCE_DIGIT(3) REDUCE_DIGIT(4) REDUCE_DIGIT(5)
            REDUCE_DIGIT(6) REDUCE_DIGIT(7) REDUCE_DIGIT(8)
#undef REDUCE_DIGIT
#undef REDUCE_IF_CHANGED
        }
        solved = solve_naked_singles(b, p);
        if (solved == 0)
            solved = reduce_stacks(b);
        if (solved == 0 && thorough)
            solved = reduce_triads(b);
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
static int choose_cell(const board *b, const pairs *p)
{
    int band = -1, most = 0, fewest = 10;
    uint32_t pick = 0;

    for (int k = 0; k < BANDS; k++) {
        if (p->cells[k] && bit_count(b->open[k]) > most) {
            band = k;
            most = bit_count(b->open[k]);
        }
    }
    if (band < 0)
        return fewest_candidates(b);
    for (int r = 0; r < 3; r++) {
        const uint32_t row = (uint32_t)ROW_BITS << (9 * r);

        if ((p->cells[band] & row) && bit_count(b->open[band] & row) < fewest) {
            pick = p->cells[band] & row;
            fewest = bit_count(b->open[band] & row);
        }
    }
    return band * BAND_CELLS + lowest_bit(pick);
}

/*
 * Sets up the board with the puzzle's givens, checking them on the way as
 * sudoku_check() does, and with the same result: a given already struck
 * from its cell was struck by an earlier given of the same digit in a unit.
 */
static sudoku_status board_from_puzzle(board *b, const sudoku_grid *puzzle)
{
    for (int k = 0; k < BANDS; k++) {
        for (int d = 0; d < DIGITS; d++) {
            b->cand[k][d] = BAND_BITS;
            b->seen[k][d] = ~0u; /* no word is this, so all are reduced */
        }
        b->open[k] = BAND_BITS;
    }
    for (int k = 0; k < BANDS; k++) {
        const unsigned char *cell = &puzzle->cell[k * BAND_CELLS];

        for (int pos = 0; pos < BAND_CELLS; pos++) {
            const int v = cell[pos];

            if (v == 0)
                continue;
            if (v > DIGITS)
                return SUDOKU_E_VALUE;
            if (!(b->cand[k][v - 1] >> pos & 1))
                return SUDOKU_E_CONFLICT;
            place(b, v - 1, k, pos);
        }
    }
    return SUDOKU_OK;
}

static void write_solution(const board *b, sudoku_grid *out)
{
    for (int d = 0; d < DIGITS; d++) {
        for (int k = 0; k < BANDS; k++) {
            for (uint32_t c = b->cand[k][d]; c; c &= c - 1)
                out->cell[k * BAND_CELLS + lowest_bit(c)] = (unsigned char)(d + 1);
        }
    }
}

sudoku_status sudoku_count(const sudoku_grid *puzzle, unsigned long limit,
                           unsigned long *count, sudoku_grid *first,
                           sudoku_stats *stats)
{
    board stack[SUDOKU_CELLS];
    int depth = 0;
    unsigned long found = 0, guesses = 0;
    board b;
    pairs p;
    int alive;
    sudoku_status status;

    if (count)
        *count = 0;
    if (!puzzle || !count)
        return SUDOKU_E_NULL;
    if (limit == 0)
        return SUDOKU_E_LIMIT;
    status = board_from_puzzle(&b, puzzle);
    if (status != SUDOKU_OK)
        return status;

    alive = propagate(&b, &p, guesses >= THOROUGH_AFTER);
    for (;;) {
        if (alive && !is_solved(&b)) {
            const int cell = choose_cell(&b, &p);
            const int k = cell / BAND_CELLS, pos = cell % BAND_CELLS;
            int d = 0;

            while (!(b.cand[k][d] >> pos & 1))
                d++;
            stack[depth] = b;
            stack[depth].cand[k][d] &= ~(1u << pos);
            depth++;
            guesses++;
            place(&b, d, k, pos);
            alive = propagate(&b, &p, guesses >= THOROUGH_AFTER);
            continue;
        }
        if (alive) {
            if (found == 0 && first)
                write_solution(&b, first);
            if (++found == limit)
                break;
        }
        if (depth == 0)
            break;
        b = stack[--depth];
        alive = propagate(&b, &p, guesses >= THOROUGH_AFTER);
    }

    *count = found;
    if (stats)
        stats->guesses = guesses;
    return SUDOKU_OK;
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
