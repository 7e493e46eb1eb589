/*
 * canon.c - the canonical (minlex) form of a puzzle.
 *
 * Of the 3,359,232 position transformations (transpose or not, then order
 * the bands, the rows in each band, the stacks and the columns in each
 * stack), we want the one that writes the puzzle with the smallest pattern
 * of givens, read row by row, and among those the smallest string once the
 * digits are renamed in order of first appearance. Trying them all would
 * take a second per puzzle. Instead the search builds the result a row at
 * a time, and only ever follows the arrangements that tie for the smallest
 * pattern so far.
 *
 * Rows are chosen one by one: the first from any of the 18 lines (the 9
 * rows of the grid as given, or of its transpose), the next two from the
 * same band, then a row of another band, and so on. Columns are never
 * chosen: they are left as free as the rows placed so far allow. Each
 * column carries a key, its givens in the rows placed so far with row 0 in
 * the top bit. Within a stack the columns go in order of their keys, since
 * a blank sorts before a given; columns with equal keys can still go either
 * way. Each stack carries a key too, the triplets it has shown row by row,
 * and the stacks go in order of theirs. So placing a row costs a few
 * sorts of three, and tells at once the smallest pattern that row can have
 * under every column order still open:
 *
 *     column keys after rows 0-2     a stack's triplets row by row
 *     (row 0 in the top bit)         and its key (triplet 0 on top)
 *       c0 000   c1 001   c2 011       000 001 011  ->  000 001 011 ...
 *
 * The search is depth first. At each depth it places every open row, keeps
 * those that give the smallest pattern for that depth, and compares that
 * pattern with the best found so far: larger ends the branch; smaller
 * becomes the new best, and forgets all that was found below it. With the
 * nine rows placed, the column orders that the keys leave open (usually
 * one) are tried in turn, and the digits compared with the best form, each
 * renamed as it first appears, leaving at the first larger one.
 *
 * Blank lines would multiply the work for nothing: two empty rows of a band
 * can swap without changing the result, and so can two empty bands, or
 * columns and stacks likewise. The search takes such lines in one order
 * only (the lowest first). So what it finds, counting each arrangement that
 * gives the form, is the number of automorphisms, counted as the header
 * says: arrangements that move every given to the same cell count once.
 * One case is left, a transposition that moves no given (possible only when
 * each given is alone in its row and its column); it pairs every
 * arrangement with one more, and the count is halved.
 *
 * A full grid has a pattern that leaves every row and column order open,
 * so it takes all the arrangements (milliseconds); puzzles leave few.
 */
#include "bits.h"
#include "sudoku.h"

#include <stdint.h>
#include <string.h>

/* Larger than any 9-bit row pattern: a depth not reached yet. */
#define UNREACHED 0x200u

/* The grid one way up: as given, or transposed. */
typedef struct view {
    unsigned char cell[9][9];
    unsigned bits[9]; /* bit c: the row has a given in column c */
    unsigned empty;   /* bit r: row r has no given */
} view;

/* How the columns may still be ordered: see the essay. */
typedef struct columns {
    uint32_t key[9];       /* per column of the view */
    uint32_t stack_key[3]; /* per stack of the view */
} columns;

typedef struct search {
    view view[2];
    unsigned best[9];           /* the smallest pattern so far, row by row */
    unsigned char form[81];     /* its digits, once have_form */
    int have_form;
    unsigned long found;        /* arrangements that give form */
    sudoku_transform transform; /* one of them */
    int way;                    /* the path being tried: the view, */
    unsigned char row[9];       /* the rows placed so far, */
    unsigned used;              /* and the same as bits */
} search;

static const unsigned char orders[6][3] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0},
};

static void fill_views(search *s, const sudoku_grid *puzzle)
{
    memset(s->view, 0, sizeof s->view);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            const unsigned char d = puzzle->cell[r * 9 + c];

            s->view[0].cell[r][c] = s->view[1].cell[c][r] = d;
            s->view[0].bits[r] |= (d != 0) << c;
            s->view[1].bits[c] |= (d != 0) << r;
        }
    }
    for (int w = 0; w < 2; w++) {
        for (int r = 0; r < 9; r++)
            s->view[w].empty |= (s->view[w].bits[r] == 0) << r;
    }
}

/* Sorts three keys, without a branch to mispredict. */
static void sort3(uint32_t key[3])
{
    const uint32_t low = key[0] < key[1] ? key[0] : key[1];
    const uint32_t high = key[0] < key[1] ? key[1] : key[0];
    const uint32_t least = low < key[2] ? low : key[2];
    const uint32_t most = high < key[2] ? key[2] : high;

    key[1] = key[0] ^ key[1] ^ key[2] ^ least ^ most;
    key[0] = least;
    key[2] = most;
}

/*
 * Places a row whose givens are `bits` at row i of the result: updates the
 * keys, and returns the smallest pattern the row can take (column 0 of the
 * result in bit 8). Row i is the lowest bit of every key so far, so the
 * keys in order show the row's bits in order.
 */
static unsigned place_row(columns *c, unsigned bits, int i)
{
    const int shift = 8 - i;
    uint32_t stack[3];

    for (int s = 0; s < 3; s++) {
        uint32_t key[3];

        for (int q = 0; q < 3; q++) {
            c->key[3 * s + q] |= (bits >> (3 * s + q) & 1u) << shift;
            key[q] = c->key[3 * s + q];
        }
        sort3(key);
        c->stack_key[s] |= ((key[0] >> shift & 1u) << 2 |
                            (key[1] >> shift & 1u) << 1 |
                            (key[2] >> shift & 1u)) << 3 * shift;
        stack[s] = c->stack_key[s];
    }
    sort3(stack);
    return (stack[0] >> 3 * shift & 7u) << 6 | (stack[1] >> 3 * shift & 7u) << 3 |
           (stack[2] >> 3 * shift & 7u);
}

/*
 * The rows of the view that may go to row i of the result, as bits: the
 * band's rows left, or at the top of a band, the rows of the bands left.
 * Of the empty ones, only the lowest of each band, and of the empty bands,
 * only the lowest: the others would give the same.
 */
static unsigned open_rows(const search *s, int i)
{
    const unsigned empty = s->view[s->way].empty;
    unsigned open = ~s->used & 0x1ffu;
    int empty_band_seen = 0;

    if (i % 3 != 0)
        open &= 7u << (s->row[i - i % 3] / 3 * 3);
    for (int b = 0; b < 3; b++) {
        const unsigned band = 7u << 3 * b;
        const unsigned blank = open & empty & band;

        if (blank == band && empty_band_seen++)
            open &= ~band;
        else if (blank)
            open &= ~(blank & (blank - 1)); /* keep the lowest */
    }
    return open;
}

/* Records a new smallest pattern at row i: all below it is unknown again. */
static void new_best_row(search *s, int i, unsigned pattern)
{
    s->best[i] = pattern;
    for (int k = i + 1; k < 9; k++)
        s->best[k] = UNREACHED;
    s->have_form = 0;
    s->found = 0;
}

static void arrange_columns(search *s, const columns *c);

/* Tries every open row at row i of the result, and goes deeper. */
static void place_rows(search *s, const columns *c, int i)
{
    columns next[9];
    unsigned pattern[9], least = UNREACHED;
    unsigned char row[9];
    int n = 0;

    if (i == 9) {
        arrange_columns(s, c);
        return;
    }
    for (unsigned open = open_rows(s, i); open; open &= open - 1) {
        const int r = lowest_bit(open);

        next[n] = *c;
        pattern[n] = place_row(&next[n], s->view[s->way].bits[r], i);
        least = pattern[n] < least ? pattern[n] : least;
        row[n++] = (unsigned char)r;
    }
    if (least > s->best[i])
        return;
    if (least < s->best[i])
        new_best_row(s, i, least);
    for (int k = 0; k < n; k++) {
        if (pattern[k] != least)
            continue;
        s->row[i] = row[k];
        s->used |= 1u << row[k];
        place_rows(s, &next[k], i + 1);
        s->used &= ~(1u << row[k]);
    }
}

/*
 * The orders of three lines (columns, or stacks) that their keys allow:
 * keys ascending, and lines with equal keys either way, unless the keys are
 * 0 (empty lines), which go lowest first. Returns how many, up to 6.
 */
static int line_orders(const uint32_t key[3], unsigned char out[6][3])
{
    int n = 0;

    for (int k = 0; k < 6; k++) {
        const unsigned char *o = orders[k];
        int ok = 1;

        for (int q = 0; q < 2 && ok; q++) {
            const uint32_t a = key[o[q]], b = key[o[q + 1]];

            ok = a < b || (a == b && (a != 0 || o[q] < o[q + 1]));
        }
        if (ok)
            memcpy(out[n++], o, 3);
    }
    return n;
}

/* Makes the transform of the current path, with columns col. */
static void record(search *s, const unsigned char col[9],
                   const unsigned char label[10], unsigned char next)
{
    sudoku_transform *t = &s->transform;

    t->transpose = (unsigned char)s->way;
    memcpy(t->row, s->row, 9);
    memcpy(t->col, col, 9);
    memcpy(t->digit, label, 10);
    for (int d = 1; d <= 9; d++) {
        if (t->digit[d] == 0)
            t->digit[d] = next++; /* a digit the puzzle lacks */
    }
}

/*
 * Reads the digits of the current path with columns col, naming each as it
 * first appears, and compares them with the best form: larger leaves at
 * once, smaller becomes the best form, equal is one more arrangement.
 */
static void compare_form(search *s, const unsigned char col[9])
{
    const view *v = &s->view[s->way];
    unsigned char label[10] = {0}, next = 1;
    int smaller = !s->have_form;

    if (smaller)
        memset(s->form, 0, sizeof s->form);
    for (int i = 0; i < 9; i++) {
        const unsigned char *line = v->cell[s->row[i]];

        for (int j = 0; j < 9; j++) {
            const unsigned char d = line[col[j]];
            unsigned char *best = &s->form[i * 9 + j];

            if (d == 0)
                continue;
            if (label[d] == 0)
                label[d] = next++;
            if (!smaller && label[d] != *best) {
                if (label[d] > *best)
                    return;
                smaller = 1;
            }
            if (smaller)
                *best = label[d]; /* the cells before were equal */
        }
    }
    if (smaller) {
        s->have_form = 1;
        s->found = 0;
        record(s, col, label, next);
    }
    s->found++;
}

/* With the rows all placed, tries every column order the keys leave open. */
static void arrange_columns(search *s, const columns *c)
{
    unsigned char stacks[6][3], cols[3][6][3], col[9] = {0};
    int n_cols[3];
    const int n_stacks = line_orders(c->stack_key, stacks);

    for (int t = 0; t < 3; t++) {
        const uint32_t key[3] = {c->key[3 * t], c->key[3 * t + 1],
                                 c->key[3 * t + 2]};

        n_cols[t] = line_orders(key, cols[t]);
    }
    for (int k = 0; k < n_stacks; k++) {
        const int a = stacks[k][0], b = stacks[k][1], z = stacks[k][2];

        for (int x = 0; x < n_cols[a]; x++) {
            for (int y = 0; y < n_cols[b]; y++) {
                for (int w = 0; w < n_cols[z]; w++) {
                    for (int q = 0; q < 3; q++) {
                        col[q] = (unsigned char)(3 * a + cols[a][x][q]);
                        col[3 + q] = (unsigned char)(3 * b + cols[b][y][q]);
                        col[6 + q] = (unsigned char)(3 * z + cols[z][w][q]);
                    }
                    compare_form(s, col);
                }
            }
        }
    }
}

/*
 * Whether a transposition (with rows and columns reordered) leaves every
 * given where it is. It must send row r to column c for each given (r, c),
 * so each given must be alone in its row and column, and two givens must
 * share a band exactly when they share a stack.
 */
static int transposition_fixes_givens(const search *s)
{
    int row[9], col[9], n = 0;

    for (int r = 0; r < 9; r++) {
        const unsigned bits = s->view[0].bits[r];

        if (bits == 0)
            continue;
        if (bits & (bits - 1))
            return 0;
        col[n] = lowest_bit(bits);
        if (s->view[1].bits[col[n]] != 1u << r)
            return 0;
        row[n++] = r;
    }
    for (int a = 0; a < n; a++) {
        for (int b = 0; b < a; b++) {
            if ((row[a] / 3 == row[b] / 3) != (col[a] / 3 == col[b] / 3))
                return 0;
        }
    }
    return 1;
}

sudoku_status sudoku_canon(const sudoku_grid *puzzle, sudoku_grid *canonical,
                           unsigned long *automorphisms,
                           sudoku_transform *to_canonical)
{
    const columns start = {{0}, {0}};
    search s;
    sudoku_status status;

    if (!puzzle || !canonical)
        return SUDOKU_E_NULL;
    status = sudoku_check(puzzle, NULL);
    if (status != SUDOKU_OK)
        return status;
    fill_views(&s, puzzle);
    new_best_row(&s, 0, UNREACHED);
    s.used = 0;
    for (s.way = 0; s.way < 2; s.way++)
        place_rows(&s, &start, 0);
    if (automorphisms)
        *automorphisms = s.found >> transposition_fixes_givens(&s);
    if (to_canonical)
        *to_canonical = s.transform;
    memcpy(canonical->cell, s.form, SUDOKU_CELLS);
    return SUDOKU_OK;
}
