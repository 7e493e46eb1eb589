/*
 * generate.c - random full grids, and minimal puzzles carved from them.
 *
 * Grids
 * -----
 * A grid is filled cell by cell in row order by a depth-first search with
 * an explicit stack: each cell takes a digit drawn at random from those its
 * row, column and box still allow, and a cell with none left sends the
 * search back to the previous cell, which draws again from what it has not
 * tried. The first complete grid wins. In row order that costs about 130
 * placements a grid on average, and under a thousand at worst in a run
 * of 200,000; filling box by box needs 2.5 times as many, and the three
 * diagonal boxes first 90 times as many.
 *
 * That search does not make every grid equally likely: a grid is likelier
 * when the draws that lead to it had fewer digits to choose from, and when
 * fewer dead ends lie before it. But it treats the nine digits alike, and
 * the grid is then shuffled by a random transformation that keeps it valid:
 * rows permuted within their bands, bands among themselves, columns and
 * stacks likewise, and a transposition half the time. So all the grids of
 * one class of equivalent grids (relabelled, permuted, transposed) are
 * equally likely; what stays uneven is how likely each class is, and that
 * unevenness is not measured.
 *
 * Puzzles
 * -------
 * A symmetry splits the 81 cells into orbits, the sets of cells it maps
 * onto one another: 81 orbits of one cell with no symmetry, 41 with a
 * half turn, 21 with quarter turns, 15 with all eight. A puzzle starts as
 * the full grid, and the orbits are visited once each in a random order:
 * an orbit's givens are removed, and put back if the puzzle no longer has
 * exactly one solution.
 *
 * One pass is enough for a minimal puzzle. An orbit put back was needed by
 * a puzzle that held every given of the final one and more; removing the
 * orbit from fewer givens can only let in more solutions, so it is needed
 * still. Uniqueness is often settled without the search: when every
 * removed cell is still forced by the givens left, as a naked single or a
 * hidden single in its row, column or box, the solutions cannot have
 * changed. And a removal that leaves blank the four corners of a deadly
 * rectangle (see find_rectangles()) fails without the search. Only when
 * neither settles it does the search look. The puzzle had one solution
 * before the removal, so another one now must differ from it in a cell
 * just removed: for an orbit of one or two cells, solver_differs() looks
 * for a solution with another digit there, which usually fails at once,
 * where sudoku_count() with a limit of 2 would find the known solution
 * again before it could fail. That takes 17% fewer instructions with no
 * symmetry (`generate -n 300`, 121 million against 146) and 3% with a
 * half turn; for larger orbits it counts. With no symmetry, about 41 of
 * the 57 removals that stand are settled without the search, and about 7
 * of the 24 that fail; the search still runs about 33 times a puzzle,
 * and that is most of the generator's time.
 *
 * What that means for the distribution: every minimal puzzle (with the
 * symmetry) that the grid holds can come out, because an order that
 * visits all its blanks first leads to it. But it comes out as often as
 * the orders that lead to it are many, which is not the same for all, so
 * minimal puzzles are not sampled uniformly, and nor are their numbers of
 * givens or their difficulty.
 *
 * A caller's conditions (at most so many givens, an accept function such
 * as a difficulty filter) are met by trying again with the next grid of
 * the same random sequence, up to a bound. The sequence is seeded by the
 * run's seed and the puzzle's index alone, so puzzle k is the same however
 * many threads make the run and in whatever order.
 */
#include "sudoku.h"
#include "bits.h"
#include "random.h"
#include "solver.h"
#include "units.h"

#include <string.h>

enum {
    SIDE = 9,
    ALL_DIGITS = 0x1FF, /* bit d-1 for digit d */
    GROUP_SIZE = 8,     /* the symmetries of the square */
    MIN_CLUES = 17      /* no puzzle with fewer has one solution */
};

static const char *const symmetry_names[] = {
#define SUDOKU_NAME_ITEM(name, word) word,
    SUDOKU_SYMMETRY_LIST(SUDOKU_NAME_ITEM)
#undef SUDOKU_NAME_ITEM
};

/*
 * The digits (bit d-1 for d) that each of the 27 units holds, kept as
 * digits come and go: the digits a cell sees are those of its three units.
 */
static unsigned seen_from(const unsigned *unit, int cell)
{
    return unit[row_of(cell)] | unit[column_of(cell)] | unit[box_of(cell)];
}

static void hold(unsigned *unit, int cell, unsigned bit)
{
    unit[row_of(cell)] |= bit;
    unit[column_of(cell)] |= bit;
    unit[box_of(cell)] |= bit;
}

static void release(unsigned *unit, int cell, unsigned bit)
{
    unit[row_of(cell)] &= ~bit;
    unit[column_of(cell)] &= ~bit;
    unit[box_of(cell)] &= ~bit;
}

/* One digit of `mask` (not empty), each equally likely, as an index 0-8. */
static int draw_digit(sudoku_random *rng, unsigned mask)
{
    uint32_t k = sudoku_random_below(rng, (uint32_t)bit_count9(mask));
    int d = 0;

    for (; k; k--)
        mask &= mask - 1;
    while (!(mask >> d & 1))
        d++;
    return d;
}

/*
 * The search described at the top. untried[i] holds the digits cell i may
 * still take; the cells before i hold their digits in grid.
 */
static void fill_grid(sudoku_random *rng, sudoku_grid *grid)
{
    unsigned unit[UNITS] = {0};
    unsigned untried[SUDOKU_CELLS];
    int i = 0, d;

    untried[0] = ALL_DIGITS;
    while (i < SUDOKU_CELLS) {
        if (!untried[i]) {
            /* Never: an empty grid has a fill for any first digit, so the
               search never comes back past cell 0 (hence no test can). */
            if (i-- == 0)
                return; /* GCOVR_EXCL_LINE */
            release(unit, i, 1u << (grid->cell[i] - 1));
            continue;
        }
        d = draw_digit(rng, untried[i]);
        untried[i] &= ~(1u << d);
        grid->cell[i] = (unsigned char)(d + 1);
        hold(unit, i, 1u << d);
        if (++i < SUDOKU_CELLS)
            untried[i] = ALL_DIGITS & ~seen_from(unit, i);
    }
}

/*
 * A random order of the nine rows (or columns) that keeps bands together:
 * line[i] is the line that goes to place i.
 */
static void draw_lines(sudoku_random *rng, unsigned char *line)
{
    unsigned char band[3] = {0, 1, 2};

    random_shuffle(rng, band, 3);
    for (int b = 0; b < 3; b++) {
        unsigned char within[3] = {0, 1, 2};

        random_shuffle(rng, within, 3);
        for (int i = 0; i < 3; i++)
            line[b * 3 + i] = (unsigned char)(band[b] * 3 + within[i]);
    }
}

/* Moves the grid's cells by a random transformation that keeps it valid. */
static void shuffle_layout(sudoku_random *rng, sudoku_grid *grid)
{
    const sudoku_grid from = *grid;
    unsigned char row[SIDE], col[SIDE];
    int transpose;

    draw_lines(rng, row);
    draw_lines(rng, col);
    transpose = (int)(sudoku_random_next(rng) >> 63);
    for (int r = 0; r < SIDE; r++) {
        for (int c = 0; c < SIDE; c++) {
            const int to = transpose ? c * SIDE + r : r * SIDE + c;

            grid->cell[to] = from.cell[row[r] * SIDE + col[c]];
        }
    }
}

static void random_grid(sudoku_random *rng, sudoku_grid *grid)
{
    fill_grid(rng, grid);
    shuffle_layout(rng, grid);
}

const char *sudoku_symmetry_name(sudoku_symmetry symmetry)
{
    if ((unsigned)symmetry >= SUDOKU_SYMMETRY_COUNT)
        return NULL;
    return symmetry_names[symmetry];
}

sudoku_status sudoku_symmetry_from_name(const char *name,
                                        sudoku_symmetry *symmetry)
{
    if (!name || !symmetry)
        return SUDOKU_E_NULL;
    for (int s = 0; s < SUDOKU_SYMMETRY_COUNT; s++) {
        if (strcmp(name, symmetry_names[s]) == 0) {
            *symmetry = (sudoku_symmetry)s;
            return SUDOKU_OK;
        }
    }
    return SUDOKU_E_OPTION;
}

sudoku_status sudoku_generate_grid(uint64_t seed, uint64_t index,
                                   sudoku_grid *grid)
{
    sudoku_random rng;

    if (!grid)
        return SUDOKU_E_NULL;
    sudoku_random_seed(&rng, seed, index);
    random_grid(&rng, grid);
    return SUDOKU_OK;
}

/*
 * The eight symmetries of the square, as maps of (row, column): which of
 * them each sudoku_symmetry holds, as a bit set over this list.
 */
enum { IDENTITY, TURN90, TURN180, TURN270, MIRROR, FLIP, DIAGONAL, ANTIDIAGONAL };

static const unsigned char symmetry_maps[] = {
    [SUDOKU_SYMMETRY_NONE] = 1u << IDENTITY,
    [SUDOKU_SYMMETRY_ROTATE180] = 1u << IDENTITY | 1u << TURN180,
    [SUDOKU_SYMMETRY_ROTATE90] =
        1u << IDENTITY | 1u << TURN90 | 1u << TURN180 | 1u << TURN270,
    [SUDOKU_SYMMETRY_MIRROR] = 1u << IDENTITY | 1u << MIRROR,
    [SUDOKU_SYMMETRY_FLIP] = 1u << IDENTITY | 1u << FLIP,
    [SUDOKU_SYMMETRY_DIAGONAL] = 1u << IDENTITY | 1u << DIAGONAL,
    [SUDOKU_SYMMETRY_ANTIDIAGONAL] = 1u << IDENTITY | 1u << ANTIDIAGONAL,
    [SUDOKU_SYMMETRY_DIHEDRAL] = 0xFF,
};

/* Where map m sends cell (r, c). */
static int image(int m, int r, int c)
{
    const int r2 = SIDE - 1 - r, c2 = SIDE - 1 - c;

    switch (m) {
    case TURN90: return c * SIDE + r2;
    case TURN180: return r2 * SIDE + c2;
    case TURN270: return c2 * SIDE + r;
    case MIRROR: return r * SIDE + c2;
    case FLIP: return r2 * SIDE + c;
    case DIAGONAL: return c * SIDE + r;
    case ANTIDIAGONAL: return c2 * SIDE + r2;
    default: return r * SIDE + c;
    }
}

/* The cells of a symmetry's orbits: orbit k is cell[start[k]..start[k+1]). */
typedef struct orbits {
    int count;
    unsigned char start[SUDOKU_CELLS + 1];
    unsigned char cell[SUDOKU_CELLS];
} orbits;

static void find_orbits(sudoku_symmetry symmetry, orbits *o)
{
    unsigned char taken[SUDOKU_CELLS] = {0};
    int n = 0;

    o->count = 0;
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        if (taken[i])
            continue;
        o->start[o->count++] = (unsigned char)n;
        for (int m = 0; m < GROUP_SIZE; m++) {
            const int j = image(m, i / SIDE, i % SIDE);

            if (symmetry_maps[symmetry] >> m & 1 && !taken[j]) {
                taken[j] = 1;
                o->cell[n++] = (unsigned char)j;
            }
        }
    }
    o->start[o->count] = (unsigned char)n;
}

/*
 * A puzzle being carved out of its solution, with the digits given in
 * each row, column and box, kept up to date as givens come and go.
 */
/*
 * Room for every deadly rectangle a grid could hold: 9 pairs of rows in a band
 * times 27 pairs of columns from different stacks, and as many the other
 * way round.
 */
enum { MAX_RECTANGLES = 2 * 9 * 27 };

typedef struct carving {
    sudoku_grid puzzle;
    sudoku_grid solution;
    unsigned unit[UNITS]; /* the givens' digits in each unit */
    int rectangles;
    unsigned char rectangle[MAX_RECTANGLES][4]; /* their corner cells */
} carving;

/*
 * Finds the solution's deadly rectangles: the corners of two rows and two
 * columns, lying in exactly two boxes, that hold a b / b a. Swapping a and
 * b there gives another valid grid, so a puzzle that leaves all four
 * corners blank has two solutions at least. This settles about a quarter
 * of the removals that fail, without the search.
 */
static void find_rectangles(carving *w)
{
    const unsigned char *s = w->solution.cell;

    w->rectangles = 0;
    for (int r1 = 0; r1 < SIDE; r1++) {
        for (int r2 = r1 + 1; r2 < SIDE; r2++) {
            for (int c1 = 0; c1 < SIDE; c1++) {
                for (int c2 = c1 + 1; c2 < SIDE; c2++) {
                    unsigned char *corner = w->rectangle[w->rectangles];

                    if ((r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) ||
                        s[r1 * SIDE + c1] != s[r2 * SIDE + c2] ||
                        s[r1 * SIDE + c2] != s[r2 * SIDE + c1])
                        continue;
                    corner[0] = (unsigned char)(r1 * SIDE + c1);
                    corner[1] = (unsigned char)(r1 * SIDE + c2);
                    corner[2] = (unsigned char)(r2 * SIDE + c1);
                    corner[3] = (unsigned char)(r2 * SIDE + c2);
                    w->rectangles++;
                }
            }
        }
    }
}

/* Whether the puzzle leaves the four corners of some rectangle blank. */
static int rectangle_left_blank(const carving *w)
{
    for (int k = 0; k < w->rectangles; k++) {
        const unsigned char *corner = w->rectangle[k];

        if (!(w->puzzle.cell[corner[0]] | w->puzzle.cell[corner[1]] |
              w->puzzle.cell[corner[2]] | w->puzzle.cell[corner[3]]))
            return 1;
    }
    return 0;
}

/* Adds (on = 1) or removes the solution's digit at cell i as a given. */
static void set_given(carving *w, int i, int on)
{
    const int d = w->solution.cell[i];

    w->puzzle.cell[i] = (unsigned char)(on ? d : 0);
    if (on)
        hold(w->unit, i, 1u << (d - 1));
    else
        release(w->unit, i, 1u << (d - 1));
}

/* Whether blank (row, col) sees `bit` among the givens of its units. */
static int sees(const carving *w, int row, int col, unsigned bit)
{
    return ((w->unit[row] | w->unit[9 + col] | w->unit[box_at(row, col)]) & bit) != 0;
}

/*
 * Whether the givens force the solution's digit into blank cell i: it is
 * the only digit left there (a naked single), or the only place left for
 * it in the cell's row, column or box (a hidden single).
 */
static int forced(const carving *w, int i)
{
    const int r = i / SIDE, c = i % SIDE, d = w->solution.cell[i];
    const unsigned bit = 1u << (d - 1);
    int in_row = 1, in_col = 1, in_box = 1;

    if ((seen_from(w->unit, i) | bit) == ALL_DIGITS)
        return 1;
    for (int k = 0; k < SIDE; k++) {
        const int br = r / 3 * 3 + k / 3, bc = c / 3 * 3 + k % 3;

        if (k != c && !w->puzzle.cell[r * SIDE + k] && !sees(w, r, k, bit))
            in_row = 0;
        if (k != r && !w->puzzle.cell[k * SIDE + c] && !sees(w, k, c, bit))
            in_col = 0;
        if ((br != r || bc != c) && !w->puzzle.cell[br * SIDE + bc] &&
            !sees(w, br, bc, bit))
            in_box = 0;
    }
    return in_row || in_col || in_box;
}

/*
 * Removes orbit k's givens if the puzzle keeps exactly one solution;
 * returns whether it did.
 */
static int try_removing(carving *w, const orbits *o, int k)
{
    const unsigned char *cells = &o->cell[o->start[k]];
    const int n = o->start[k + 1] - o->start[k];
    int all_forced = 1;

    for (int j = 0; j < n; j++)
        set_given(w, cells[j], 0);
    for (int j = 0; j < n && all_forced; j++)
        all_forced = forced(w, cells[j]);
    if (all_forced)
        return 1;
    if (!rectangle_left_blank(w) && !solver_differs(&w->puzzle, &w->solution, cells, n, NULL))
        return 1;
    for (int j = 0; j < n; j++)
        set_given(w, cells[j], 1);
    return 0;
}

/*
 * Carves a minimal puzzle out of a new random grid, as the essay at the
 * top tells; returns its number of givens.
 */
static int carve(sudoku_random *rng, const orbits *o, carving *w)
{
    unsigned char order[SUDOKU_CELLS];
    int clues = SUDOKU_CELLS;

    random_grid(rng, &w->solution);
    find_rectangles(w);
    memset(w->unit, 0, sizeof w->unit);
    for (int i = 0; i < SUDOKU_CELLS; i++)
        set_given(w, i, 1);
    for (int k = 0; k < o->count; k++)
        order[k] = (unsigned char)k;
    random_shuffle(rng, order, o->count);
    for (int k = 0; k < o->count; k++) {
        if (try_removing(w, o, order[k]))
            clues -= o->start[order[k] + 1] - o->start[order[k]];
    }
    return clues;
}

static void keep_attempt(sudoku_generated *out, const carving *w, int clues)
{
    out->puzzle = w->puzzle;
    out->solution = w->solution;
    out->clues = clues;
}

sudoku_status sudoku_generate(uint64_t seed, uint64_t index,
                              const sudoku_generate_options *options,
                              sudoku_generated *out)
{
    static const sudoku_generate_options no_options = {0};
    const sudoku_generate_options *opt = options ? options : &no_options;
    const unsigned long attempts =
        opt->attempts ? opt->attempts : SUDOKU_GENERATE_ATTEMPTS;
    sudoku_random rng;
    orbits o;
    carving w;

    if (!out)
        return SUDOKU_E_NULL;
    if ((unsigned)opt->symmetry >= SUDOKU_SYMMETRY_COUNT ||
        (opt->max_clues != 0 &&
         (opt->max_clues < MIN_CLUES || opt->max_clues > SUDOKU_CELLS)))
        return SUDOKU_E_OPTION;
    sudoku_random_seed(&rng, seed, index);
    out->symmetry = opt->symmetry;
    if (out->symmetry == SUDOKU_SYMMETRY_RANDOM)
        out->symmetry = (sudoku_symmetry)(1 + sudoku_random_below(&rng, 7));
    find_orbits(out->symmetry, &o);
    out->too_many_clues = out->rejected = 0;
    for (out->attempts = 1;; out->attempts++) {
        const int clues = carve(&rng, &o, &w);
        const int fewer = out->attempts == 1 || clues < out->clues;
        int verdict;

        if (opt->max_clues && clues > opt->max_clues) {
            out->too_many_clues++;
        } else if (opt->accept &&
                   (verdict = opt->accept(&w.puzzle, &w.solution, opt->context)) <= 0) {
            if (verdict < 0)
                return SUDOKU_E_STOPPED;
            out->rejected++;
        } else {
            keep_attempt(out, &w, clues);
            return SUDOKU_OK;
        }
        if (fewer)
            keep_attempt(out, &w, clues);
        if (out->attempts == attempts)
            return SUDOKU_E_EXHAUSTED;
    }
}
