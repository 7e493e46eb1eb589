/*
 * uniqueness.c - unique rectangles and loops, and the bivalue universal
 * grave (BUG). Both rest on the puzzle having one solution: a pattern
 * that would allow two must be broken.
 *
 * Unique loops. A loop is a closed path of cells that all hold the pair
 * v1,v2, each unit it meets holding exactly two of its cells, one at an
 * even and one at an odd place along it (a rectangle is the loop of 4).
 * If only v1,v2 were left there, the two could be swapped; so:
 *   type 1: one cell has more digits: it loses v1 and v2;
 *   type 2: the cells with more digits hold one same extra digit: one of
 *           them is it, so it leaves every cell that sees them all;
 *   type 3: two cells with more digits share a unit: their extra digits
 *           act as one cell, which makes a naked set with other cells of
 *           the unit (the set's digits leave the rest of the unit), or
 *           v1,v2 with other digits make a hidden set at one of the two
 *           and other cells (those other cells keep only the set's digits);
 *   type 4: two cells with more digits share a unit where v1 has no other
 *           place: one of them is v1, so both lose v2 (or the same with
 *           v1 and v2 swapped).
 * SE's difficulty: 4.5 for a rectangle, 4.6 for a loop of 6, 4.7 for 8,
 * 5.0 for 10 or more; type 3 adds 0.1 per naked digit beyond the first,
 * or 0.1 per hidden cell beyond the first outside the loop. SE gathers
 * every hint and takes the easiest (ties: the lower type, then the first
 * found), so the finder does too.
 *
 * The BUG. When every open cell but a few has two candidates and every
 * digit two places in each unit, the extra candidates of the few (the BUG
 * cells and values) must hold one true digit, or the grid would have two
 * solutions:
 *   type 1 (5.6): one BUG cell: it keeps only its BUG value;
 *   type 2 (5.7): one BUG value: it leaves every cell that sees all the
 *                 BUG cells;
 *   type 3 (5.7 + 0.1 per naked digit beyond the first): the BUG values
 *                 act as one cell, which makes a naked set with other
 *                 cells of a unit the BUG cells share (its digits leave
 *                 the rest of the unit);
 *   type 4 (5.7): two BUG cells in a unit share one other digit, which
 *                 is locked in them there (it has two places in the unit
 *                 without the BUG values): one of them is its BUG value
 *                 and the other that digit, so each keeps only those two.
 * Here SE takes the first hint its scan yields, not the easiest.
 *
 * Scan orders follow SE's: boxes, rows, then columns for each cell's
 * units; cells and digits upwards; sets in the order of their bit masks.
 */
#include "logic.h"

#include <stdint.h>
#include <string.h>

/* A cell's unit of SE's region type t: 0 its box, 1 its row, 2 its column. */
static int unit_of_type(int cell, int type)
{
    return type == 0 ? box_of(cell) : type == 1 ? row_of(cell) : column_of(cell);
}

/* Where a cell stands in one of its units (0-8). */
static int index_in_unit(int cell, int unit)
{
    if (unit < 9)
        return cell % 9;
    if (unit < 18)
        return cell / 9;
    return cell / 9 % 3 * 3 + cell % 3;
}

static unsigned long units_bits(int cell)
{
    return 1ul << row_of(cell) | 1ul << column_of(cell) | 1ul << box_of(cell);
}

/* Strikes digit bits `digits` from every cell of `victims` that holds them. */
static int strike_in(const sudoku_candidates *grid, const cell_set *victims,
                     unsigned digits, sudoku_step *step)
{
    int struck = 0;

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (set_has(*victims, c) && (grid->mask[c] & digits)) {
            step->strike[c] |= (unsigned short)(grid->mask[c] & digits);
            struck = 1;
        }
    }
    return struck;
}

/*
 * Strikes `digits` from the cells of a unit but the n cells `set` of a
 * naked set: a naked set's digits leave only the rest of its unit, as SE
 * has it for the classic grid. Returns whether anything was struck.
 */
static int strike_rest_of_unit(const sudoku_candidates *grid, int unit,
                               const int *set, int n, unsigned digits,
                               sudoku_step *step)
{
    int struck = 0;

    for (int i = 0; i < 9; i++) {
        const int cell = unit_cell(unit, i);
        int member = 0;

        for (int k = 0; k < n; k++)
            member |= set[k] == cell;
        if (!member && (grid->mask[cell] & digits)) {
            step->strike[cell] |= (unsigned short)(grid->mask[cell] & digits);
            struck = 1;
        }
    }
    return struck;
}

/* ---- unique rectangles and loops ---- */

struct loops {
    const sudoku_candidates *grid;
    sudoku_step *best;  /* the easiest hint so far */
    double best_difficulty;
    int best_type;      /* 0 until a hint is found */
    sudoku_step trial;  /* the hint being built */
    unsigned pair;      /* v1 and v2 */
    unsigned short able[UNITS]; /* where a loop of the pair could go */
    int start;          /* the loop's first cell */
    int length;
    int cell[SUDOKU_CELLS];
    unsigned char in_loop[SUDOKU_CELLS];
    unsigned long seen[2]; /* the units met at even and odd places */
};

static int loop_able(const struct loops *s, int cell)
{
    return s->able[row_of(cell)] >> index_in_unit(cell, row_of(cell)) & 1;
}

/*
 * Finds the cells that could lie on a loop of the pair, as their places in
 * each unit. A loop enters each of its cells through one unit and leaves
 * it through another, so a cell on it holds the pair, and so does some
 * other cell in two of its units at least, each of them such a cell too.
 * Cells that fail this are taken away until none does; the walk then goes
 * only where it could close.
 */
static void loop_cells(struct loops *s)
{
    const int v1 = lowest_bit(s->pair), v2 = lowest_bit(s->pair & (s->pair - 1));
    int changed = 1;

    for (int u = 0; u < UNITS; u++)
        s->able[u] = s->grid->places[u][v1] & s->grid->places[u][v2];
    while (changed) {
        changed = 0;
        for (int row = 0; row < 9; row++) {
            for (unsigned p = s->able[row]; p; p &= p - 1) {
                const int c = unit_cell(row, lowest_bit(p));
                int ways = 0;

                for (int type = 0; type < 3; type++) {
                    const unsigned places = s->able[unit_of_type(c, type)];

                    ways += (places & (places - 1)) != 0; /* two or more */
                }
                if (ways >= 2)
                    continue;
                for (int type = 0; type < 3; type++) {
                    const int unit = unit_of_type(c, type);

                    s->able[unit] &= (unsigned short)~(1u << index_in_unit(c, unit));
                }
                changed = 1;
            }
        }
    }
}

/* SE's difficulty of a loop's types 1, 2 and 4, as SE computes it. */
static double loop_difficulty(int length)
{
    double d = 4.5;

    if (length >= 10)
        d += 0.3;
    if (length >= 8)
        d += 0.2;
    else if (length >= 6)
        d += 0.1;
    return d;
}

/* Whether a hint of this difficulty and type would beat the best. */
static int beats(const struct loops *s, double difficulty, int type)
{
    if (!s->best_type)
        return 1;
    return difficulty < s->best_difficulty ||
           (difficulty == s->best_difficulty && type < s->best_type);
}

/* Whether nothing can beat the best any more: a rectangle of type 1. */
static int settled(const struct loops *s)
{
    return s->best_type == 1 && s->best_difficulty == 4.5;
}

/* Starts the trial hint: the loop's cells, its pair, and the grade. */
static void trial_start(struct loops *s, double difficulty, int type)
{
    const sudoku_technique first = s->length == 4 ? SUDOKU_UNIQUE_RECTANGLE_1
                                                  : SUDOKU_UNIQUE_LOOP_1;

    step_start(&s->trial, (sudoku_technique)(first + type - 1),
               (int)(difficulty * 10 + 0.5));
    for (int i = 0; i < s->length; i++) {
        s->trial.pattern[s->cell[i]] = (unsigned short)s->pair;
        step_add_cell(&s->trial, s->cell[i]);
    }
    s->trial.digits = (unsigned short)s->pair;
}

/* Takes the trial hint as the best, if it strikes anything. */
static void trial_offer(struct loops *s, int struck, double difficulty, int type)
{
    if (!struck)
        return;
    *s->best = s->trial;
    s->best_difficulty = difficulty;
    s->best_type = type;
}

static void loop_type1(struct loops *s, int rescue)
{
    const double d = loop_difficulty(s->length);

    if (!beats(s, d, 1))
        return;
    trial_start(s, d, 1);
    s->trial.strike[rescue] = (unsigned short)s->pair;
    trial_offer(s, 1, d, 1);
}

static void loop_type2(struct loops *s, const int *extra, int n)
{
    const double d = loop_difficulty(s->length);
    const unsigned digit = s->grid->mask[extra[0]] & ~s->pair;
    const unsigned bit = digit & -digit;
    cell_set victims = cell_peers(extra[0]);

    if (!beats(s, d, 2))
        return;
    for (int i = 1; i < n; i++) {
        const cell_set p = cell_peers(extra[i]);

        victims = set_and(victims, p);
    }
    for (int i = 0; i < n; i++)
        set_remove(&victims, extra[i]);
    trial_start(s, d, 2);
    trial_offer(s, strike_in(s->grid, &victims, bit, &s->trial), d, 2);
}

/*
 * Type 3, naked: the cells at `set` (bits 0-8 of the unit) with c1, whose
 * candidates count as the extra digits of c1 and c2, hold `degree` digits.
 */
static void loop_naked(struct loops *s, int unit, unsigned set, int c1, int c2,
                       unsigned extra, int degree)
{
    const sudoku_candidates *grid = s->grid;
    const double d = loop_difficulty(s->length) + (degree - 1) * 0.1;
    unsigned naked = extra & grid->mask[c1] & grid->mask[c2], all = extra;
    int holders[9] = {c1, c2}, n = 2;

    for (int i = 0; i < 9; i++) {
        const int cell = unit_cell(unit, i);

        if (!(set >> i & 1) || cell == c1)
            continue;
        if (bit_count9(grid->mask[cell]) <= 1)
            return;
        naked |= grid->mask[cell];
        all |= grid->mask[cell];
        holders[n++] = cell;
    }
    if (bit_count9(naked) != degree || bit_count9(all) != degree || !beats(s, d, 3))
        return;
    trial_start(s, d, 3);
    for (int i = 2; i < n; i++) {
        s->trial.pattern[holders[i]] = grid->mask[holders[i]];
        step_add_cell(&s->trial, holders[i]);
    }
    s->trial.units = 1ul << unit;
    trial_offer(s, strike_rest_of_unit(grid, unit, holders, n, all, &s->trial),
                d, 3);
}

/*
 * Type 3, hidden: `digits` (v1, v2 and others) have, leaving c2 aside,
 * `degree` places in the unit; the places other than c1 and c2 keep only
 * those digits.
 */
static void loop_hidden(struct loops *s, int unit, unsigned digits, int i1,
                        int i2, int degree)
{
    unsigned places = 0;
    int struck = 0;
    double d;

    for (unsigned left = digits; left; left &= left - 1) {
        const unsigned at = digit_places(s->grid, unit, lowest_bit(left) + 1) &
                            ~(1u << i2);

        if (!at)
            return;
        places |= at;
    }
    if (bit_count9(places) != degree)
        return;
    places &= ~(1u << i1 | 1u << i2);
    d = loop_difficulty(s->length) + (bit_count9(places) - 1) * 0.1;
    if (!beats(s, d, 3))
        return;
    trial_start(s, d, 3);
    for (int i = 0; i < 9; i++) {
        const int cell = unit_cell(unit, i);

        if (places >> i & 1) {
            s->trial.strike[cell] = (unsigned short)(s->grid->mask[cell] & ~digits);
            struck |= s->trial.strike[cell] != 0;
            step_add_cell(&s->trial, cell);
        }
    }
    s->trial.units = 1ul << unit;
    trial_offer(s, struck, d, 3);
}

/* Type 3 in one unit of c1 and c2, with sets of `degree`. */
static void loop_type3_unit(struct loops *s, int unit, int c1, int c2,
                            unsigned extra, int degree)
{
    const int empty = open_cells(s->grid, unit);
    const int i1 = index_in_unit(c1, unit), i2 = index_in_unit(c2, unit);
    const unsigned rest = ALL_DIGITS & ~s->pair & ~extra;
    const int others = bit_count9(rest);

    if (degree * 2 <= empty && degree >= bit_count9(extra)) {
        /* c1 and other cells, not c2, whose candidates could join extra's
           in a set of `degree` */
        unsigned members = 0, set;
        subsets sets;

        for (int i = 0; i < 9; i++) {
            const unsigned mask = s->grid->mask[unit_cell(unit, i)];

            if (i != i1 && i != i2 && bit_count9(mask) >= 2 &&
                bit_count9(mask | extra) <= degree)
                members |= 1u << i;
        }
        subsets_start(&sets, members, degree - 1);
        while ((set = subsets_next(&sets)) != 0)
            loop_naked(s, unit, set | 1u << i1, c1, c2, extra, degree);
    }
    if (degree * 2 >= empty || degree - 2 > others || others == 0)
        return;
    for (unsigned pick = (1u << (degree - 2)) - 1; pick < 1u << others;
         pick = pick ? next_combination(pick) : 1u << others) {
        unsigned digits = s->pair;
        int k = 0;

        for (unsigned left = rest; left; left &= left - 1, k++) {
            if (pick >> k & 1)
                digits |= left & -left;
        }
        loop_hidden(s, unit, digits, i1, i2, degree);
    }
}

static void loop_type3(struct loops *s, int c1, int c2)
{
    const unsigned extra = (s->grid->mask[c1] | s->grid->mask[c2]) & ~s->pair;

    for (int degree = 2; degree <= 7; degree++) {
        for (int type = 0; type < 3; type++) {
            const int unit = unit_of_type(c1, type);

            if (unit == unit_of_type(c2, type))
                loop_type3_unit(s, unit, c1, c2, extra, degree);
        }
    }
}

static void loop_type4(struct loops *s, int c1, int c2)
{
    const double d = loop_difficulty(s->length);
    const unsigned v1 = s->pair & -s->pair, v2 = s->pair & ~v1;
    int unit1 = -1, unit2 = -1; /* the last units where v1, v2 are locked */

    for (int type = 0; type < 3; type++) {
        const int unit = unit_of_type(c1, type);
        unsigned held = 0;

        if (unit != unit_of_type(c2, type))
            continue;
        for (int i = 0; i < 9; i++) {
            const int cell = unit_cell(unit, i);

            if (cell != c1 && cell != c2)
                held |= s->grid->mask[cell];
        }
        if (!(held & v1))
            unit1 = unit;
        if (!(held & v2))
            unit2 = unit;
    }
    if ((unit1 < 0 && unit2 < 0) || !beats(s, d, 4))
        return;
    trial_start(s, d, 4);
    s->trial.strike[c1] = s->trial.strike[c2] =
        (unsigned short)(unit1 >= 0 ? v2 : v1);
    s->trial.units = 1ul << (unit1 >= 0 ? unit1 : unit2);
    trial_offer(s, 1, d, 4);
}

/* Examines a closed loop of s->length cells, as SE does. */
static void loop_examine(struct loops *s)
{
    int extra[SUDOKU_CELLS], n = 0;

    if (s->seen[0] != s->seen[1] ||
        (s->best_type && loop_difficulty(s->length) > s->best_difficulty))
        return;
    for (int i = 0; i < s->length; i++) {
        if (bit_count9(s->grid->mask[s->cell[i]]) > 2)
            extra[n++] = s->cell[i];
    }
    if (n == 1) {
        loop_type1(s, extra[0]);
    } else if (n > 2) {
        loop_type2(s, extra, n);
    } else if (n == 2) {
        const unsigned more =
            (s->grid->mask[extra[0]] | s->grid->mask[extra[1]]) & ~s->pair;

        if (bit_count9(more) == 1)
            loop_type2(s, extra, n);
        else
            loop_type3(s, extra[0], extra[1]);
        loop_type4(s, extra[0], extra[1]);
    }
}

/*
 * Appends a cell to the path, unless a unit would then hold two of its
 * cells at places of the same parity: no loop through it would be valid.
 */
static int loop_push(struct loops *s, int cell)
{
    const int parity = s->length & 1;
    const unsigned long units = units_bits(cell);

    if (s->seen[parity] & units)
        return 0;
    s->seen[parity] |= units;
    s->in_loop[cell] = 1;
    s->cell[s->length++] = cell;
    return 1;
}

static void loop_pop(struct loops *s)
{
    const int cell = s->cell[--s->length];

    s->seen[s->length & 1] &= ~units_bits(cell);
    s->in_loop[cell] = 0;
}

/*
 * Walks on from the path's last cell, reached through a unit of region
 * type `last`, to every cell of its other units that holds the pair; at
 * most `allowed` cells with more digits, unless they all add the same one.
 * A bivalue cell below the start is skipped: its loops came up before.
 */
static void loop_walk(struct loops *s, int allowed, unsigned extra, int last)
{
    const int cell = s->cell[s->length - 1];

    for (int type = 0; type < 3; type++) {
        const int unit = unit_of_type(cell, type);

        if (type == last)
            continue;
        for (unsigned p = s->able[unit]; p && !settled(s); p &= p - 1) {
            const int next = unit_cell(unit, lowest_bit(p));
            const unsigned mask = s->grid->mask[next];
            const int count = bit_count9(mask);
            const unsigned more = extra | (mask & ~s->pair);

            if (next == s->start && s->length >= 4) {
                loop_examine(s);
                continue;
            }
            if (s->in_loop[next] || (count == 2 && next < s->start))
                continue;
            if (count > 2 && bit_count9(more) != 1 && allowed <= 0)
                continue;
            if (loop_push(s, next)) {
                loop_walk(s, allowed - (count > 2), more, type);
                loop_pop(s);
            }
        }
    }
}

int find_unique_loop(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    struct loops s = {0};

    (void)size;
    s.grid = grid;
    s.best = step;
    for (int c = 0; c < SUDOKU_CELLS && !settled(&s); c++) {
        if (bit_count9(grid->mask[c]) != 2)
            continue;
        if (grid->mask[c] != s.pair) {
            s.pair = grid->mask[c];
            loop_cells(&s);
        }
        if (!loop_able(&s, c))
            continue;
        s.start = c;
        loop_push(&s, c);
        loop_walk(&s, 2, 0, -1);
        loop_pop(&s);
    }
    return s.best_type != 0;
}

/* ---- the bivalue universal grave ---- */

struct bug {
    const sudoku_candidates *grid;
    int count;
    int cell[SUDOKU_CELLS];             /* the BUG cells, in SE's order */
    unsigned short value[SUDOKU_CELLS]; /* each cell's BUG values */
    unsigned all;                       /* the BUG values */
    int has_common;
    cell_set common; /* the cells that see every BUG cell, but those */
    unsigned short rest[SUDOKU_CELLS];  /* the candidates but the BUG values */
};

/*
 * Counts a BUG value at a cell (into `all` too, unless told not to).
 * Returns 0 when the BUG cells hold two values and no cell sees them all:
 * SE then gives up.
 */
static int bug_add(struct bug *b, int cell, unsigned bit, int counted)
{
    const cell_set p = cell_peers(cell);
    int known = 0;

    for (int i = 0; i < b->count; i++)
        known |= b->cell[i] == cell;
    if (!known)
        b->cell[b->count++] = cell;
    b->value[cell] |= (unsigned short)bit;
    if (counted)
        b->all |= bit;
    b->rest[cell] &= (unsigned short)~bit;
    if (b->has_common)
        b->common = set_and(b->common, p);
    else
        b->common = p;
    b->has_common = 1;
    for (int i = 0; i < b->count; i++)
        set_remove(&b->common, b->cell[i]);
    return !(b->count > 1 && bit_count9(b->all) > 1 && set_empty(b->common));
}

/* Whether, the BUG values struck, every cell and unit is bivalue. */
static int bug_rest_bivalue(const struct bug *b)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (!b->grid->value[c] && bit_count9(b->rest[c]) != 2)
            return 0;
    }
    for (int unit = 0; unit < UNITS; unit++) {
        unsigned once = 0, twice = 0, more = 0;

        for (int i = 0; i < 9; i++) {
            const unsigned m = b->rest[unit_cell(unit, i)];

            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        if (more || (once & ~twice))
            return 0;
    }
    return 1;
}

/*
 * Where a digit has neither 0 nor 2 places in a unit: the cells there
 * with 3 or more candidates. Returns how many; *first gets the first.
 */
static int bug_cells_at(const sudoku_candidates *grid, int unit, unsigned places,
                        cell_set *cells, int *first)
{
    int n = 0;

    for (int i = 0; i < 9; i++) {
        const int cell = unit_cell(unit, i);

        if ((places >> i & 1) && bit_count9(grid->mask[cell]) >= 3) {
            if (!n++)
                *first = cell;
            set_add(cells, cell);
        }
    }
    return n;
}

/*
 * Finds the BUG cells and values: in each unit where a digit has neither
 * 0 nor 2 places, the one place with 3 or more candidates (none: no BUG;
 * two or more: some other unit tells). When one digit alone breaks the
 * pattern, every cell that such a unit names counts. Returns 0 when there
 * is no BUG.
 */
static int bug_scan(struct bug *b)
{
    cell_set named = {{0, 0, 0}};
    unsigned only = 0;
    int single_digit = 1;

    for (int u = 0; u < UNITS; u++) {
        const int unit = u < 9 ? 18 + u : u - 9; /* boxes, rows, columns */

        for (int d = 1; d <= 9; d++) {
            const unsigned places = digit_places(b->grid, unit, d);
            const unsigned bit = 1u << (d - 1);
            cell_set here = {{0, 0, 0}};
            int first = 0, n;

            if (bit_count9(places) == 0 || bit_count9(places) == 2)
                continue;
            n = bug_cells_at(b->grid, unit, places, &here, &first);
            if (!only)
                only = bit;
            single_digit &= only == bit;
            if (single_digit) {
                named = set_or(named, here);
            }
            if (n == 0 || (n == 1 && !bug_add(b, first, bit, 1)))
                return 0;
        }
    }
    for (int c = 0; c < SUDOKU_CELLS && only && single_digit; c++) {
        int known = 0;

        for (int i = 0; i < b->count; i++)
            known |= b->cell[i] == c;
        if (set_has(named, c) && !known)
            bug_add(b, c, only, 0); /* b->all holds `only` at most: cannot fail */
    }
    return bug_rest_bivalue(b);
}

static void bug_start(const struct bug *b, sudoku_step *step,
                      sudoku_technique technique, int difficulty)
{
    step_start(step, technique, difficulty);
    for (int i = 0; i < b->count; i++) {
        step->pattern[b->cell[i]] = b->value[b->cell[i]];
        step_add_cell(step, b->cell[i]);
    }
    step->digits = (unsigned short)b->all;
}

static int bug_type1(const struct bug *b, sudoku_step *step)
{
    const int cell = b->cell[0];

    bug_start(b, step, SUDOKU_BUG_1, 56);
    step->strike[cell] = (unsigned short)(b->grid->mask[cell] & ~b->all);
    return step->strike[cell] != 0;
}

static int bug_type2(const struct bug *b, sudoku_step *step)
{
    bug_start(b, step, SUDOKU_BUG_2, 57);
    return strike_in(b->grid, &b->common, b->all, step);
}

/* The unit of region type t that all the BUG cells share, or -1. */
static int bug_shared_unit(const struct bug *b, int type)
{
    const int unit = unit_of_type(b->cell[0], type);

    for (int i = 1; i < b->count; i++) {
        if (unit_of_type(b->cell[i], type) != unit)
            return -1;
    }
    return unit;
}

static int bug_type4(const struct bug *b, sudoku_step *step)
{
    const int c1 = b->cell[0], c2 = b->cell[1];
    const unsigned shared = b->grid->mask[c1] & b->grid->mask[c2] & ~b->all;

    if (bit_count9(shared) != 1)
        return 0;
    for (int type = 0; type < 3; type++) {
        const int unit = bug_shared_unit(b, type);

        if (unit < 0)
            continue;
        bug_start(b, step, SUDOKU_BUG_4, 57);
        /* the pattern: each cell's BUG value and the digit locked in them */
        step->pattern[c1] |= (unsigned short)shared;
        step->pattern[c2] |= (unsigned short)shared;
        step->digits = (unsigned short)shared;
        step->strike[c1] =
            (unsigned short)(b->grid->mask[c1] & ~b->value[c1] & ~shared);
        step->strike[c2] =
            (unsigned short)(b->grid->mask[c2] & ~b->value[c2] & ~shared);
        step->units = 1ul << unit;
        return 1;
    }
    return 0;
}

/*
 * Type 3 in a unit the BUG cells share: degree - 1 of the cells `pool`
 * (n of them) whose candidates, with the BUG values as one more cell,
 * are `degree` digits.
 */
static int bug_naked(const struct bug *b, const int *pool, int n, int degree,
                     int unit, sudoku_step *step)
{
    for (unsigned set = (1u << (degree - 1)) - 1; set < 1u << n;
         set = next_combination(set)) {
        int holders[SUDOKU_CELLS] = {0}, k = 0, members = bit_count9(b->all) > 1;
        unsigned digits = 0;

        for (int i = 0; i < n; i++) {
            if (set >> i & 1) {
                holders[k++] = pool[i];
                digits |= b->grid->mask[pool[i]];
                members &= bit_count9(b->grid->mask[pool[i]]) > 1;
            }
        }
        if (bit_count9(digits) != degree || !members ||
            bit_count9(digits | b->all) != degree)
            continue;
        for (int i = 0; i < b->count; i++)
            holders[k++] = b->cell[i];
        bug_start(b, step, SUDOKU_BUG_3,
                  (int)((5.7 + (degree - 1) * 0.1) * 10 + 0.5));
        for (int i = 0; i < degree - 1; i++) {
            step->pattern[holders[i]] = b->grid->mask[holders[i]];
            step_add_cell(step, holders[i]);
        }
        step->units = 1ul << unit;
        if (strike_rest_of_unit(b->grid, unit, holders, k, digits, step))
            return 1;
    }
    return 0;
}

static int bug_type3(const struct bug *b, sudoku_step *step)
{
    for (int degree = 2; degree <= 6; degree++) {
        for (int type = 0; type < 3; type++) {
            const int unit = bug_shared_unit(b, type);
            int pool[9], n = 0;

            for (int i = 0; i < 9 && unit >= 0; i++) {
                if (set_has(b->common, unit_cell(unit, i)))
                    pool[n++] = unit_cell(unit, i);
            }
            if (n >= degree && bug_naked(b, pool, n, degree, unit, step))
                return 1;
        }
    }
    return 0;
}

int find_bug(const sudoku_candidates *grid, int size, sudoku_step *step)
{
    struct bug b = {0};

    (void)size;
    b.grid = grid;
    for (int c = 0; c < SUDOKU_CELLS; c++)
        b.rest[c] = grid->mask[c];
    if (!bug_scan(&b) || b.count == 0)
        return 0;
    if (b.count == 1)
        return bug_type1(&b, step);
    if (bit_count9(b.all) == 1)
        return (!set_empty(b.common) && bug_type2(&b, step)) ||
               (b.count == 2 && bug_type4(&b, step));
    if (set_empty(b.common))
        return 0;
    return (b.count == 2 && bug_type4(&b, step)) || bug_type3(&b, step);
}
