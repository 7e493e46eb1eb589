/*
 * solver.c - the candidate grid, its propagation, and the search.
 *
 * Representation
 * --------------
 * Each cell holds a 16-bit mask. Bits 0-8 are the digits 1-9 that the cell
 * may still take; bit 9 says the cell is placed, which means its one digit
 * has been cleared from every peer (the other cells of its row, column and
 * box):
 *
 *     bit   15 .. 10   9        8   7   6   5   4   3   2   1   0
 *           unused     PLACED   9   8   7   6   5   4   3   2   1
 *
 * A cell with one candidate that is not yet placed waits in a queue.
 *
 * Propagation
 * -----------
 * Two rules run until neither changes anything:
 *
 *   - naked single: a cell with one candidate takes it, and the digit is
 *     cleared from its peers; a peer left with one candidate joins the queue.
 *   - hidden single: a digit with only one possible cell in a unit goes
 *     there.
 *
 * A cell left with no candidate, or a digit left with no cell in some unit,
 * is a contradiction: the grid has no solution on this path.
 *
 * Search
 * ------
 * When propagation stalls, the search branches on an open cell with the
 * fewest candidates and assumes its lowest digit d. Before assuming, it saves
 * the whole board with d struck from that cell. On a contradiction, or after
 * a solution when counting, it pops the last saved board and propagates the
 * strike. So the branch is binary: "d here", then "anything but d here".
 *
 * The stack holds whole boards, not undo records: a board is under 170
 * bytes, and copying it is cheaper than tracking every elimination. Each
 * saved board has more placed cells than the one below it (the board above
 * was saved after one more assumption and its propagation), so the stack
 * never holds more than 81 boards, and it lives in a fixed array on the C
 * stack. There is no recursion and no allocation.
 */
#include "sudoku.h"
#include "units.h"

#include <stdint.h>
#include <string.h>

enum {
    ALL_DIGITS = 0x1FF,
    PLACED = 0x200
};

typedef struct board {
    uint16_t cell[SUDOKU_CELLS];
    int open; /* cells not yet placed */
} board;

/* Cells waiting to be placed, each enqueued once when it became single. */
typedef struct queue {
    unsigned char cell[SUDOKU_CELLS];
    int head, tail;
} queue;

/* The cells of each unit, numbered as in units.h. */
static const unsigned char unit_cells[UNITS][9] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8},           {9, 10, 11, 12, 13, 14, 15, 16, 17},
    {18, 19, 20, 21, 22, 23, 24, 25, 26},  {27, 28, 29, 30, 31, 32, 33, 34, 35},
    {36, 37, 38, 39, 40, 41, 42, 43, 44},  {45, 46, 47, 48, 49, 50, 51, 52, 53},
    {54, 55, 56, 57, 58, 59, 60, 61, 62},  {63, 64, 65, 66, 67, 68, 69, 70, 71},
    {72, 73, 74, 75, 76, 77, 78, 79, 80},  {0, 9, 18, 27, 36, 45, 54, 63, 72},
    {1, 10, 19, 28, 37, 46, 55, 64, 73},   {2, 11, 20, 29, 38, 47, 56, 65, 74},
    {3, 12, 21, 30, 39, 48, 57, 66, 75},   {4, 13, 22, 31, 40, 49, 58, 67, 76},
    {5, 14, 23, 32, 41, 50, 59, 68, 77},   {6, 15, 24, 33, 42, 51, 60, 69, 78},
    {7, 16, 25, 34, 43, 52, 61, 70, 79},   {8, 17, 26, 35, 44, 53, 62, 71, 80},
    {0, 1, 2, 9, 10, 11, 18, 19, 20},      {3, 4, 5, 12, 13, 14, 21, 22, 23},
    {6, 7, 8, 15, 16, 17, 24, 25, 26},     {27, 28, 29, 36, 37, 38, 45, 46, 47},
    {30, 31, 32, 39, 40, 41, 48, 49, 50},  {33, 34, 35, 42, 43, 44, 51, 52, 53},
    {54, 55, 56, 63, 64, 65, 72, 73, 74},  {57, 58, 59, 66, 67, 68, 75, 76, 77},
    {60, 61, 62, 69, 70, 71, 78, 79, 80},
};

static int bit_count(unsigned mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcount(mask);
#else
    int n = 0;
    for (; mask; mask &= mask - 1)
        n++;
    return n;
#endif
}

/* The digit 1-9 of the lowest set bit of a nonzero mask. */
static int lowest_digit(unsigned mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(mask) + 1;
#else
    int d = 1;
    for (; !(mask & 1); mask >>= 1)
        d++;
    return d;
#endif
}

static int is_single(unsigned mask) { return (mask & (mask - 1)) == 0; }

/*
 * Places the single candidate of `cell` and clears it from the peers.
 * Returns 0 on a contradiction: a peer left with no candidate.
 */
static int place(board *b, queue *q, int cell)
{
    const int units[3] = {row_of(cell), column_of(cell), box_of(cell)};
    const uint16_t digit = b->cell[cell];

    b->cell[cell] = (uint16_t)(digit | PLACED);
    b->open--;
    for (int u = 0; u < 3; u++) {
        for (int i = 0; i < 9; i++) {
            const int peer = unit_cells[units[u]][i];
            uint16_t m = b->cell[peer];

            if (peer == cell || !(m & digit))
                continue;
            m = (uint16_t)(m & ~digit);
            if (m == 0)
                return 0;
            b->cell[peer] = m;
            if (is_single(m))
                q->cell[q->tail++] = (unsigned char)peer;
        }
    }
    return 1;
}

/*
 * Looks for hidden singles in one unit and moves each into the queue. A
 * digit with no cell at all, or two hidden digits that need the same cell,
 * is a contradiction: returns 0.
 */
static int find_hidden_singles(board *b, queue *q, int unit)
{
    const unsigned char *cells = unit_cells[unit];
    unsigned once = 0, twice = 0, placed = 0, hidden;

    for (int i = 0; i < 9; i++) {
        const unsigned m = b->cell[cells[i]];

        if (m & PLACED) {
            placed |= m & ALL_DIGITS;
        } else {
            twice |= once & m;
            once |= m;
        }
    }
    if ((once | placed) != ALL_DIGITS)
        return 0;
    hidden = once & ~twice & ~placed;
    for (; hidden; hidden &= hidden - 1) {
        const unsigned digit = hidden & -hidden;
        int i = 0;

        while (i < 9 && !(b->cell[cells[i]] & digit))
            i++;
        if (i == 9)
            return 0; /* an earlier hidden single took the only cell */
        if (b->cell[cells[i]] != digit) {
            b->cell[cells[i]] = (uint16_t)digit;
            q->cell[q->tail++] = cells[i];
        }
    }
    return 1;
}

/*
 * Applies naked and hidden singles until nothing changes. The queue holds
 * the single cells not yet placed. Returns 0 on a contradiction.
 */
static int propagate(board *b, queue *q)
{
    for (;;) {
        while (q->head < q->tail) {
            if (!place(b, q, q->cell[q->head++]))
                return 0;
        }
        if (b->open == 0)
            return 1;
        for (int u = 0; u < UNITS; u++) {
            if (!find_hidden_singles(b, q, u))
                return 0;
        }
        if (q->head == q->tail)
            return 1;
    }
}

/* Propagates a board in which only `cell` may have become single. */
static int propagate_from(board *b, int cell)
{
    queue q = {{0}, 0, 0};

    if (is_single(b->cell[cell]))
        q.cell[q.tail++] = (unsigned char)cell;
    return propagate(b, &q);
}

/* An open cell with the fewest candidates; the board must have one. */
static int choose_cell(const board *b)
{
    int best = -1, best_count = 10;

    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const unsigned m = b->cell[i];

        if (m & PLACED)
            continue;
        const int n = bit_count(m);
        if (n < best_count) {
            best = i;
            best_count = n;
            if (n == 2)
                break;
        }
    }
    return best;
}

static int board_from_puzzle(board *b, const sudoku_grid *puzzle)
{
    queue q = {{0}, 0, 0};

    b->open = SUDOKU_CELLS;
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const int v = puzzle->cell[i];

        b->cell[i] = v ? (uint16_t)(1u << (v - 1)) : ALL_DIGITS;
        if (v)
            q.cell[q.tail++] = (unsigned char)i;
    }
    return propagate(b, &q);
}

static void write_solution(const board *b, sudoku_grid *out)
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        out->cell[i] = (unsigned char)lowest_digit(b->cell[i] & ALL_DIGITS);
}

/* A saved board and the cell whose assumed digit was struck from it. */
typedef struct frame {
    board saved;
    int cell;
} frame;

sudoku_status sudoku_count(const sudoku_grid *puzzle, unsigned long limit,
                           unsigned long *count, sudoku_grid *first,
                           sudoku_stats *stats)
{
    frame stack[SUDOKU_CELLS];
    int depth = 0;
    unsigned long found = 0, guesses = 0;
    board b;
    int alive;
    sudoku_status status;

    if (count)
        *count = 0;
    if (!puzzle || !count)
        return SUDOKU_E_NULL;
    if (limit == 0)
        return SUDOKU_E_LIMIT;
    status = sudoku_check(puzzle, NULL);
    if (status != SUDOKU_OK)
        return status;

    alive = board_from_puzzle(&b, puzzle);
    for (;;) {
        if (alive && b.open > 0) {
            const int cell = choose_cell(&b);
            const uint16_t digit = (uint16_t)(b.cell[cell] & -b.cell[cell]);

            stack[depth].saved = b;
            stack[depth].saved.cell[cell] = (uint16_t)(b.cell[cell] & ~digit);
            stack[depth].cell = cell;
            depth++;
            guesses++;
            b.cell[cell] = digit;
            alive = propagate_from(&b, cell);
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
        depth--;
        b = stack[depth].saved;
        alive = propagate_from(&b, stack[depth].cell);
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
