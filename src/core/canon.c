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
 * Once the rows left are all full, the pattern has nothing more to say:
 * they read full in any order. A full grid is there from the start, and a
 * puzzle with a few blanks soon after, and trying every arrangement left
 * open would take milliseconds. So from there the search reads the digits
 * instead, a cell at a time in the order of the form, each compared with
 * the best form as it is read (larger ends the path, smaller makes it the
 * best), and it places the columns as the digits call for them rather than
 * trying their orders. Row 0's givens are labelled in the order of their
 * slots, whatever columns fill them. A later digit that row 0 holds takes
 * its label from the slot of the column where row 0 holds it; when that
 * column has no slot yet, it gets the first one the pattern allows it, as
 * any other would make the cell being read larger. (A digit that row 0
 * lacks is labelled as it first appears, after all of row 0's.) Only a
 * cell whose own slot has no column yet makes the search branch, over the
 * columns that may fill it, and it goes on with those that read smallest.
 * Once every column is placed, each row reads one way, and the rows are
 * chosen as patterns are: every open row read, the smallest kept.
 *
 * A full grid does not even branch: which pairs of rows can start its form,
 * and with which column orders, follows from where the digits of one row
 * sit in the stacks of the other (see read_grid()). So a grid, like a
 * puzzle, takes microseconds.
 */
#include "bits.h"
#include "sudoku.h"

#include <assert.h>
#include <stdint.h>
#include <string.h>

/* Larger than any 9-bit row pattern: a depth not reached yet. */
#define UNREACHED 0x200u

/* A row with no blank. */
#define FULL_ROW 0x1ffu

/* The grid one way up: as given, or transposed. */
typedef struct view {
    unsigned char cell[9][9];
    unsigned bits[9]; /* bit c: the row has a given in column c */
    unsigned empty;   /* bit r: row r has no given */
    unsigned full;    /* bit r: row r has no blank */
} view;

/* How the columns may still be ordered: see the essay. */
typedef struct columns {
    uint32_t key[9];       /* per column of the view */
    uint32_t stack_key[3]; /* per stack of the view */
} columns;

typedef struct search {
    view view[2];
    unsigned best[9];           /* the smallest pattern so far, row by row */
    unsigned char form[81];     /* its digits, */
    int known;                  /* up to this cell (0 or 81 between paths) */
    unsigned long found;        /* arrangements that give form */
    sudoku_transform transform; /* one of them */
    int way;                    /* the path being tried: the view, */
    unsigned char row[9];       /* the rows placed so far, */
    unsigned used;              /* and the same as bits */
    /* Once the rows left are all full (see read_full_rows()): */
    int start;                  /* the rows before it are placed already */
    unsigned char where0[10];   /* the column of each digit in row 0, or NONE */
    unsigned char rank0[9];     /* the label of row 0's digit at each slot */
    unsigned char first_new;    /* the label of the first digit row 0 lacks */
    unsigned char lo[9], hi[9]; /* the places in its stack a column may take */
    unsigned char stack_lo[3], stack_hi[3]; /* the same for stacks */
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
        for (int r = 0; r < 9; r++) {
            s->view[w].empty |= (s->view[w].bits[r] == 0) << r;
            s->view[w].full |= (s->view[w].bits[r] == FULL_ROW) << r;
        }
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
    s->known = 0;
    s->found = 0;
}

static void arrange_columns(search *s, const columns *c);
static void read_full_rows(search *s, const columns *c, int i);

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
    if ((s->used | s->view[s->way].full) == 0x1ffu) { /* see the essay */
        read_full_rows(s, c, i);
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
    int smaller = s->known < SUDOKU_CELLS;

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
        s->known = SUDOKU_CELLS;
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
 * The digits, once the rows left are all full: see the essay. A slot is a
 * place in the result's columns (0-8), a group one of its three stacks.
 */
typedef struct placing {
    unsigned char col_at[9];   /* the column of the view at each slot, or NONE */
    unsigned char slot_of[9];  /* the slot of each column, or NONE */
    unsigned char stack_at[3]; /* the stack at each group, or NONE */
    unsigned char group_of[3]; /* the group of each stack, or NONE */
    unsigned char label[10];   /* the label of each digit, once known */
    unsigned char fresh;       /* how many digits that row 0 lacks were seen */
    unsigned char placed;      /* how many slots have a column */
} placing;

/* No column, slot, stack or group. */
#define NONE 0xffu

/* Larger than any label. */
#define UNSEEN 10u

static void clear_placing(placing *p)
{
    memset(p, 0, sizeof *p);
    memset(p->col_at, NONE, sizeof p->col_at);
    memset(p->slot_of, NONE, sizeof p->slot_of);
    memset(p->stack_at, NONE, sizeof p->stack_at);
    memset(p->group_of, NONE, sizeof p->group_of);
}

static void put(placing *p, int x, int slot)
{
    p->col_at[slot] = (unsigned char)x;
    p->slot_of[x] = (unsigned char)slot;
    p->stack_at[slot / 3] = (unsigned char)(x / 3);
    p->group_of[x / 3] = (unsigned char)(slot / 3);
    p->placed++;
}

/*
 * Puts column y at the first slot that it may take, which gives its digit
 * in row 0 the smallest label that it can have: any other slot would give
 * a larger one, at the cell being read, so no other is worth a branch.
 * Each stack, and each column in it, has a range of places that it shares
 * with those the pattern cannot tell from it; one of them is free.
 */
static void put_first(const search *s, placing *p, int y)
{
    unsigned g = p->group_of[y / 3], q = s->lo[y];

    if (g == NONE) {
        for (g = s->stack_lo[y / 3]; p->stack_at[g] != NONE; g++)
            continue;
    }
    while (p->col_at[3 * g + q] != NONE)
        q++;
    put(p, y, (int)(3 * g + q));
}

/* The label of the digit in column x of row r (of the view), a given. */
static unsigned label_of(const search *s, placing *p, int r, int x)
{
    const unsigned char d = s->view[s->way].cell[r][x];
    const unsigned y = s->where0[d];

    if (p->label[d] != 0)
        return p->label[d]; /* a label, once given, stays */
    if (y == NONE) {
        p->label[d] = (unsigned char)(s->first_new + p->fresh++);
        return p->label[d];
    }
    if (p->slot_of[y] == NONE)
        put_first(s, p, (int)y);
    p->label[d] = s->rank0[p->slot_of[y]];
    return p->label[d];
}

/*
 * Compares the label at cell k with the best form: returns 0 when it is
 * larger, which ends the path; a smaller one makes the path the best.
 */
static int against_best(search *s, int k, unsigned v)
{
    if (k < s->known) {
        if (v > s->form[k])
            return 0;
        if (v == s->form[k])
            return 1;
        s->found = 0; /* the arrangements counted give a larger form */
    }
    s->form[k] = (unsigned char)v;
    s->known = k + 1;
    return 1;
}

static void read_row(search *s, placing p, int i, int j);
static void choose_row(search *s, const placing *p, int i);

/* A path has read all 81 cells, and gives the best form. */
static void digits_found(search *s, const placing *p)
{
    unsigned char label[10] = {0};

    if (s->found++ != 0)
        return;
    for (int d = 1; d <= 9; d++) {
        const unsigned y = s->where0[d];

        label[d] = y != NONE ? s->rank0[p->slot_of[y]] : p->label[d];
    }
    record(s, p->col_at, label, (unsigned char)(s->first_new + p->fresh));
}

/* Row 0 of the result is row r of the view: where its digits are. */
static void set_row0(search *s, int r)
{
    const unsigned char *line = s->view[s->way].cell[r];
    unsigned char next = 1;

    memset(s->where0, NONE, sizeof s->where0);
    for (int j = 0; j < 9; j++) {
        const unsigned given = s->best[0] >> (8 - j) & 1u;

        s->rank0[j] = (unsigned char)(given ? next++ : 0);
        if (line[j])
            s->where0[line[j]] = (unsigned char)j;
    }
    s->first_new = next;
}

/*
 * With every column placed, each row has one reading: reads all the open
 * rows at row i, and goes on with those that read smallest, as
 * place_rows() does with patterns.
 */
static void choose_placed_row(search *s, const placing *p, int i)
{
    placing next[9];
    unsigned char row[9];
    uint64_t least = UINT64_MAX;
    int n = 0, first = 0; /* rows first to n - 1 read `least`, the smallest yet */

    if (s->known >= 9 * i + 9) {
        least = 0; /* a row must read no more than the best form's */
        for (int j = 0; j < 9; j++)
            least = least << 4 | s->form[9 * i + j];
    }
    for (unsigned open = open_rows(s, i); open; open &= open - 1) {
        const int r = lowest_bit(open);
        uint64_t k = 0;
        int j;

        next[n] = *p;
        for (j = 0; j < 9; j++) {
            const unsigned char d = s->view[s->way].cell[r][p->col_at[j]];
            const unsigned known = next[n].label[d];

            k = k << 4 | (known ? known : label_of(s, &next[n], r, p->col_at[j]));
            if (k > least >> 4 * (8 - j))
                break; /* larger already */
        }
        if (j < 9)
            continue;
        if (k < least)
            first = n; /* the rows kept before read larger */
        least = k;
        row[n++] = (unsigned char)r;
    }
    if (n == 0)
        return; /* every open row reads larger than the best form's */
    /*
     * The best form is known to the end of a row here (s->known is 0 or 81
     * between paths, and this path has read rows 0 to i - 1 whole), so
     * either all of row i is known or none of it: the rows kept read no
     * more than it, and only where they read less is there anything new.
     */
    for (int j = 0; j < 9; j++) {
        const int kept = against_best(s, 9 * i + j, (unsigned)(least >> 4 * (8 - j) & 15u));

        assert(kept);
        (void)kept;
    }
    for (int k = first; k < n; k++) {
        s->row[i] = row[k];
        s->used |= 1u << row[k];
        choose_row(s, &next[k], i + 1);
        s->used &= ~(1u << row[k]);
    }
}

/* Chooses row i of the result, when the pattern has left it open. */
static void choose_row(search *s, const placing *p, int i)
{
    if (i == 9) {
        digits_found(s, p);
        return;
    }
    if (i < s->start) {
        read_row(s, *p, i, 0);
        return;
    }
    if (p->placed == 9) {
        choose_placed_row(s, p, i);
        return;
    }
    for (unsigned open = open_rows(s, i); open; open &= open - 1) {
        const int r = lowest_bit(open);

        s->row[i] = (unsigned char)r;
        s->used |= 1u << r;
        read_row(s, *p, i, 0);
        s->used &= ~(1u << r);
    }
}

/*
 * Slot j has no column yet, and row i a given there: tries each column that
 * may take it, and goes on with those that give the smallest label.
 */
static void branch_slot(search *s, const placing *p, int i, int j)
{
    placing next[9];
    unsigned label[9], least = UNSEEN;
    const int g = j / 3, q = j % 3;
    int n = 0;

    for (int t = 0; t < 3; t++) {
        if (p->stack_at[g] != NONE ? p->stack_at[g] != t
                                   : p->group_of[t] != NONE || g < s->stack_lo[t] ||
                                         g > s->stack_hi[t])
            continue;
        for (int x = 3 * t; x < 3 * t + 3; x++) {
            if (p->slot_of[x] != NONE || q < s->lo[x] || q > s->hi[x])
                continue;
            next[n] = *p;
            put(&next[n], x, j);
            label[n] = label_of(s, &next[n], s->row[i], x);
            least = label[n] < least ? label[n] : least;
            n++;
        }
    }
    if (!against_best(s, 9 * i + j, least))
        return;
    for (int k = 0; k < n; k++) {
        if (label[k] == least)
            read_row(s, next[k], i, j + 1);
    }
}

/* Reads row i of the result from cell j on, and goes on to the next row. */
static void read_row(search *s, placing p, int i, int j)
{
    const unsigned pattern = s->best[i];

    for (; j < 9; j++) {
        unsigned v = 0;

        if (i == 0)
            v = s->rank0[j];
        else if (!(pattern >> (8 - j) & 1u))
            v = 0;
        else if (p.col_at[j] == NONE) {
            branch_slot(s, &p, i, j);
            return;
        } else
            v = label_of(s, &p, s->row[i], p.col_at[j]);
        if (!against_best(s, 9 * i + j, v))
            return;
    }
    choose_row(s, &p, i + 1);
}

/*
 * A full grid's first rows. Row 0 reads 1-9 whatever the order of the
 * columns, and where row 1's digits sit in row 0 says how small row 1 can
 * read. Let map send each column to the column of row 0 that holds row 1's
 * digit there; it sends no column into its own stack. Either each stack
 * goes whole into one other (a "pure" pair of rows), or each sends two
 * columns to one stack and one to the other, the twos going round the
 * three stacks one way (A to B, B to C, C to A) and the ones the other.
 *
 * A pure pair, with stacks A, B, C in that order and each column of B
 * under the digit of the column of A above it, and C's likewise, reads
 * 456 789 and then three labels of 1-3 that depend only on the cycles of
 * map three times over, from A's columns to A's: 123 when it fixes them
 * all, 132 when it swaps two (the fixed column goes first), 231 when it
 * turns them round. Any other column order reads more, and so does a mixed
 * pair, 457 at best: its row 1 must start with the two columns of A that
 * go to B, then the one that goes to C, each column of B or C under the
 * digit of the column of A above it. B's third column is the one left, and
 * the order of C's other two is forced by the smallest labels the next
 * cells can have, so a mixed pair has six column orders worth reading: a
 * choice of A, and of which of its two columns comes first.
 *
 * So of the 36 pairs of rows (two ways up, nine rows 0, two rows 1 in
 * their band), only the pure ones of the best kind, or when there are
 * none, the mixed ones, can start the form, and each comes with at most 18
 * column orders, all placed: no search is needed for row 1. Row 2, the
 * band's last, then reads one way for each; only the orders whose rows 1
 * and 2 read smallest are kept, and the search goes on from those.
 */
typedef struct grid_top {
    unsigned char way, row0, row1, row2;
    unsigned char map[9];  /* row 1's column -> row 0's, same digit */
    unsigned char map2[9]; /* the same for row 2 */
} grid_top;

/* The column orders that can start the form, and what their rows read. */
typedef struct grid_starts {
    uint64_t row1, row2; /* nine labels of four bits each */
    int n;
    unsigned char top[648];    /* which pair: 36 pairs, 18 orders each */
    unsigned char col[648][9]; /* the column of the view at each slot */
} grid_starts;

/* The columns of row 0 that hold the digits of row r, column by column. */
static void map_row(const view *v, int r0, int r, unsigned char map[9])
{
    unsigned char at[10];

    for (int x = 0; x < 9; x++)
        at[v->cell[r0][x]] = (unsigned char)x;
    for (int x = 0; x < 9; x++)
        map[x] = at[v->cell[r][x]];
}

/* Fills top->map, and returns 0-2 for a pure pair (123, 132, 231), else 3. */
static int pair_kind(const search *s, grid_top *top)
{
    const unsigned char *map = top->map;
    int fixed = 0;

    map_row(&s->view[top->way], top->row0, top->row1, top->map);
    for (int t = 0; t < 9; t += 3) {
        if (map[t] / 3 != map[t + 1] / 3 || map[t] / 3 != map[t + 2] / 3)
            return 3;
    }
    for (int x = 0; x < 3; x++)
        fixed += map[map[map[x]]] == x;
    return fixed == 3 ? 0 : fixed == 1 ? 1 : 2;
}

/*
 * Offers a column order of pair k whose row 1 reads row1: it is kept if
 * rows 1 and 2 read no more than the orders kept so far, which it drops
 * if it reads less.
 */
static void offer(grid_starts *g, const grid_top *top, int k,
                  const unsigned char col[9], uint64_t row1)
{
    unsigned char slot[9];
    uint64_t row2 = 0;

    if (row1 > g->row1)
        return;
    if (row1 < g->row1) {
        g->row1 = row1;
        g->row2 = UINT64_MAX;
        g->n = 0;
    }
    for (int j = 0; j < 9; j++)
        slot[col[j]] = (unsigned char)j;
    for (int j = 0; j < 9; j++) {
        row2 = row2 << 4 | (unsigned)(slot[top[k].map2[col[j]]] + 1);
        if (row2 > g->row2 >> 4 * (8 - j))
            return;
    }
    if (row2 < g->row2) {
        g->row2 = row2;
        g->n = 0;
    }
    g->top[g->n] = (unsigned char)k;
    memcpy(g->col[g->n++], col, 9);
}

/* Offers the column orders of pure pair k that give its best row 1. */
static void offer_pure(grid_starts *g, const grid_top *top, int k, int kind)
{
    /* for each kind, where the column that map^3 sends c[q] to must be */
    static const unsigned char back[3][3] = {{0, 1, 2}, {0, 2, 1}, {1, 2, 0}};
    static const uint64_t row1[3] = {0x456789123, 0x456789132, 0x456789231};
    const unsigned char *map = top[k].map;

    for (int a = 0; a < 3; a++) {
        for (int o = 0; o < 6; o++) {
            unsigned char col[9];
            int ok = 1;

            for (int q = 0; q < 3; q++)
                col[q] = (unsigned char)(3 * a + orders[o][q]);
            for (int q = 0; q < 3 && ok; q++)
                ok = map[map[map[col[q]]]] == col[back[kind][q]];
            if (!ok)
                continue;
            for (int q = 0; q < 3; q++) {
                col[3 + q] = map[col[q]];
                col[6 + q] = map[col[3 + q]];
            }
            offer(g, top, k, col, row1[kind]);
        }
    }
}

/*
 * The columns of a mixed pair, slot by slot, with stack a first and of its
 * two columns that go to one stack, the first or the second first (swap);
 * returns row 1 as nine labels of four bits, or UINT64_MAX as soon as it
 * reads more than `least`.
 */
static uint64_t mixed_columns(const unsigned char map[9], int a, int swap,
                              uint64_t least, unsigned char col[9])
{
    const int x = 3 * a, odd = map[x] / 3 == map[x + 1] / 3   ? x + 2
                             : map[x] / 3 == map[x + 2] / 3 ? x + 1
                                                            : x;
    const int one = odd == x ? x + 1 : x, two = odd == x + 2 ? x + 1 : x + 2;
    const int b = map[one] / 3, c = map[odd] / 3;
    unsigned char slot[9];
    uint64_t key = 0x457; /* row 1 starts so, whatever the choices */
    int next = 7;

    col[0] = (unsigned char)(swap ? two : one);
    col[1] = (unsigned char)(swap ? one : two);
    col[2] = (unsigned char)odd;
    col[3] = map[col[0]];
    col[4] = map[col[1]];
    col[5] = (unsigned char)(3 * b + 3 - col[3] % 3 - col[4] % 3); /* B's last */
    col[6] = map[odd];
    memset(slot + 3 * c, 0xff, 3);
    for (int j = 0; j < 7; j++)
        slot[col[j]] = (unsigned char)j;
    for (int j = 3; j < 9; j++) {
        const int y = map[col[j]];

        if (slot[y] == 0xff) { /* a column of C, at its first slot left */
            slot[y] = (unsigned char)next;
            col[next++] = (unsigned char)y;
        }
        key = key << 4 | (unsigned)(slot[y] + 1);
        if (key > least >> 4 * (8 - j))
            return UINT64_MAX;
    }
    return key;
}

/* Rows 0-2 of the result are the pair's and its band's last: reads on. */
static void read_start(search *s, const grid_top *top, const unsigned char col[9])
{
    placing p;

    clear_placing(&p);
    for (int j = 0; j < 9; j++)
        put(&p, col[j], j);
    s->way = top->way;
    s->row[0] = top->row0;
    s->row[1] = top->row1;
    s->row[2] = top->row2;
    s->used = 1u << top->row0 | 1u << top->row1 | 1u << top->row2;
    s->start = 3; /* rows 0-2 are chosen: read them as they are */
    set_row0(s, top->row0);
    read_row(s, p, 0, 0);
    s->used = 0;
}

/* Finds the form of a full grid from the pairs of rows that can start it. */
static void read_grid(search *s)
{
    grid_top top[36];
    grid_starts g;
    int kind[36] = {0}, n = 0, least = 3;

    for (int w = 0; w < 2; w++) {
        for (int r0 = 0; r0 < 9; r0++) {
            for (int r1 = r0 / 3 * 3; r1 < r0 / 3 * 3 + 3; r1++) {
                if (r1 == r0)
                    continue;
                top[n].way = (unsigned char)w;
                top[n].row0 = (unsigned char)r0;
                top[n].row1 = (unsigned char)r1;
                top[n].row2 = (unsigned char)(r0 / 3 * 9 + 3 - r0 - r1);
                kind[n] = pair_kind(s, &top[n]);
                least = kind[n] < least ? kind[n] : least;
                n++;
            }
        }
    }
    g.row1 = g.row2 = UINT64_MAX;
    g.n = 0;
    for (int k = 0; k < n; k++) {
        if (kind[k] != least)
            continue;
        map_row(&s->view[top[k].way], top[k].row0, top[k].row2, top[k].map2);
        if (least < 3) {
            offer_pure(&g, top, k, least);
            continue;
        }
        for (int o = 0; o < 6; o++) {
            unsigned char col[9];
            const uint64_t row1 = mixed_columns(top[k].map, o / 2, o % 2, g.row1, col);

            if (row1 != UINT64_MAX)
                offer(&g, top, k, col, row1);
        }
    }
    for (int k = 0; k < g.n; k++)
        read_start(s, &top[g.top[k]], g.col[k]);
}

/* Where each column (and stack) may go, as far as the pattern says. */
static void set_ranges(search *s, const columns *c)
{
    for (int x = 0; x < 9; x++) {
        int below = 0, same = 0;

        for (int y = x / 3 * 3; y < x / 3 * 3 + 3; y++) {
            below += c->key[y] < c->key[x];
            same += c->key[y] == c->key[x];
        }
        s->lo[x] = (unsigned char)below;
        s->hi[x] = (unsigned char)(below + same - 1);
    }
    for (int t = 0; t < 3; t++) {
        int below = 0, same = 0;

        for (int u = 0; u < 3; u++) {
            below += c->stack_key[u] < c->stack_key[t];
            same += c->stack_key[u] == c->stack_key[t];
        }
        s->stack_lo[t] = (unsigned char)below;
        s->stack_hi[t] = (unsigned char)(below + same - 1);
    }
}

/*
 * Rows 0 to i-1 are placed, and the rows left are all full: the pattern
 * from row i on is full whatever comes, so only the digits are left to
 * compare. (A full grid, with i = 0, goes to read_grid() instead.)
 */
static void read_full_rows(search *s, const columns *c, int i)
{
    placing p;

    /*
     * Any other path that got here with the same pattern placed the same
     * blanks, so the rows it has left are full too: only the first sets
     * the pattern from row i on.
     */
    if (s->best[i] > FULL_ROW) {
        new_best_row(s, i, FULL_ROW);
        for (int k = i + 1; k < 9; k++)
            s->best[k] = FULL_ROW;
    }
    assert(i > 0);
    clear_placing(&p);
    s->start = i;
    set_ranges(s, c);
    set_row0(s, s->row[0]);
    choose_row(s, &p, 0);
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
    if (s.view[0].full == 0x1ffu) {
        for (int i = 0; i < 9; i++)
            s.best[i] = FULL_ROW;
        read_grid(&s);
    } else {
        for (s.way = 0; s.way < 2; s.way++)
            place_rows(&s, &start, 0);
    }
    if (automorphisms)
        *automorphisms = s.found >> transposition_fixes_givens(&s);
    if (to_canonical)
        *to_canonical = s.transform;
    memcpy(canonical->cell, s.form, SUDOKU_CELLS);
    return SUDOKU_OK;
}
