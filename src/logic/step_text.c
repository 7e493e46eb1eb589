/*
 * step_text.c - a step in words, in the notation players know from
 * HoDoKu: cells as r4c1, units as r4, c1 and b1 (boxes left to right,
 * then down), "r1c2=1" for a placement and "r4c2<>2" for a strike.
 *
 *     Hidden Single: r1c2=1 in b1
 *     Pointing: 5 in b2 => r1c7<>5, r1c8<>5
 *     Naked Pair: 2,7 in r4c1,r4c5 => r4c2<>2, r4c9<>2, r4c9<>7
 *     X-Wing: 5 in c3,c7 on r1,r5 => r2c3<>5
 *
 * Chains use the alternating-inference (Eureka) notation: "=" before a
 * node that the chain makes true, "-" before one it makes false, and a
 * digit in brackets before each cell unless the whole chain is on one
 * digit. A cycle is written closed, from its start round to the start
 * again:
 *
 *     X-Cycle: 7 r1c1-r3c2=r3c6-r7c6=r7c8-r1c8=r1c1 => r5c8<>7
 *
 * A forcing chain with one branch reads from its assumption to its end;
 * with several, each branch goes on its own line, under the outcome and
 * what the branches start from (the candidates of a cell, or the places
 * of a digit in a unit):
 *
 *     Region Forcing Chains: 9 in c4 => r1c6<>9
 *       (9)r1c4-(9)r1c6
 *       ...
 *
 * A
 * node that a deduction the chain made possible strikes is followed by that
 * deduction's name in brackets; when the deduction is a chain itself (a
 * nested forcing chain), its branches follow on lines further in, and the
 * outer branch goes on, on a line of its own:
 *
 *     Dynamic Forcing Chains (+ Forcing Chains): r8c9<>7
 *       (7)r8c9-(7)r8c2=(7)r9c1-(3)r9c1[Forcing X-Chain]
 *           (3)r9c1-(3)r2c1=(3)r2c8-(3)r9c8=(3)r9c1...
 *         =(5)r9c1-...
 */
#include "logic.h"
#include "step_text.h"

#include <stdarg.h>
#include <stdio.h>

void step_text_add(step_text *t, const char *format, ...)
{
    const size_t used = t->length < t->size ? t->length : t->size;
    char *const at = t->buf ? t->buf + used : NULL;
    va_list args;
    int n;

    va_start(args, format);
    n = vsnprintf(at, at ? t->size - used : 0, format, args);
    va_end(args);
    if (n > 0)
        t->length += (size_t)n;
}

static void add_unit(step_text *t, int unit)
{
    step_text_add(t, "%c%d", unit < 9 ? 'r' : unit < 18 ? 'c' : 'b', unit % 9 + 1);
}

void step_text_add_units(step_text *t, unsigned long units, const char *quote)
{
    const char *comma = "";

    for (int u = 0; u < UNITS; u++) {
        if (units >> u & 1) {
            step_text_add(t, "%s%s", comma, quote);
            add_unit(t, u);
            step_text_add(t, "%s", quote);
            comma = ",";
        }
    }
}

void step_text_add_digits(step_text *t, unsigned digits)
{
    const char *comma = "";

    for (int d = 1; d <= 9; d++) {
        if (digits >> (d - 1) & 1) {
            step_text_add(t, "%s%d", comma, d);
            comma = ",";
        }
    }
}

void step_text_add_cell(step_text *t, int cell)
{
    step_text_add(t, "r%dc%d", cell / 9 + 1, cell % 9 + 1);
}

void step_text_add_cells(step_text *t, const sudoku_step *step, const char *quote)
{
    for (int i = 0; i < step->cell_count; i++) {
        step_text_add(t, "%s%s", i ? "," : "", quote);
        step_text_add_cell(t, step->cells[i]);
        step_text_add(t, "%s", quote);
    }
}

/*
 * "r4c2<>2, r4c9<>2, r1c2=1": the strikes, then the placements. A cell
 * that gets its digit needs no word on the candidates it loses.
 */
static void add_outcome(step_text *t, const sudoku_step *step)
{
    const char *comma = "";

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 1; d <= 9 && !step->place[c]; d++) {
            if (step->strike[c] >> (d - 1) & 1) {
                step_text_add(t, "%s", comma);
                step_text_add_cell(t, c);
                step_text_add(t, "<>%d", d);
                comma = ", ";
            }
        }
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (step->place[c]) {
            step_text_add(t, "%s", comma);
            step_text_add_cell(t, c);
            step_text_add(t, "=%d", step->place[c]);
            comma = ", ";
        }
    }
}

/* What the words of a chain are chosen by, read in one walk. */
typedef struct chain_shape {
    int branches; /* the branches of the step's own chain */
    int nested;   /* 1 if a chain is nested in it */
    int digit;    /* the one digit its nodes all hold, or 0 (a nested chain's never) */
    /* where its branches start: their digits, rows, columns and boxes, as
       bits, how many cells in turn, and the last */
    unsigned digits, rows, cols, boxes;
    int cells, cell;
} chain_shape;

static chain_shape chain_shape_of(const sudoku_step *step)
{
    chain_shape shape = {0, 0, 0, 0, 0, 0, 0, 0, -1};
    sudoku_chain_walk walk;
    sudoku_chain_event event;
    int digit = -1;

    sudoku_chain_walk_start(&walk, step);
    while ((event = sudoku_chain_walk_next(&walk)) != SUDOKU_CHAIN_DONE) {
        const sudoku_chain_node *node = walk.node;

        shape.nested |= event == SUDOKU_CHAIN_ENTER && walk.depth > 0;
        if (event == SUDOKU_CHAIN_LEAVE && walk.depth == 0)
            shape.branches = walk.branches;
        if (event != SUDOKU_CHAIN_NODE)
            continue;
        digit = digit < 0 || digit == node->digit ? node->digit : 0;
        if (walk.depth || walk.from || node->digit < 1 || node->digit > 9 ||
            node->cell >= SUDOKU_CELLS) /* a start, and a candidate */
            continue;
        shape.digits |= 1u << (node->digit - 1);
        shape.rows |= 1u << (node->cell / 9);
        shape.cols |= 1u << (node->cell % 9);
        shape.boxes |= 1u << (node->cell / 27 * 3 + node->cell % 9 / 3);
        shape.cells += node->cell != shape.cell;
        shape.cell = node->cell;
    }
    shape.digit = digit > 0 && !shape.nested ? digit : 0;
    return shape;
}

/*
 * A node as the walk meets it: "..." where nodes were left out before it,
 * its link ("=" into a true node, "-" into a false one) unless it starts
 * its branch, its digit in brackets unless the chain is on one `digit`,
 * its cell, and the rule that struck it.
 */
static void add_node(step_text *t, const sudoku_chain_walk *walk, int digit)
{
    const sudoku_chain_node *node = walk->node;

    if (walk->cut)
        step_text_add(t, "...");
    if (walk->from)
        step_text_add(t, "%s", node->flags & SUDOKU_CHAIN_ON ? "=" : "-");
    if (!digit)
        step_text_add(t, "(%d)", node->digit);
    step_text_add_cell(t, node->cell);
    if (node->flags & SUDOKU_CHAIN_RULE)
        step_text_add(t, "[%s]",
                      sudoku_technique_name((sudoku_technique)node->technique));
}

/* A chain of one branch, or a cycle (written as it is, closed), on one
   line; `digit`, when not 0, is said once before it. */
static void add_chain_line(step_text *t, const sudoku_step *step, int digit)
{
    sudoku_chain_walk walk;
    sudoku_chain_event event;

    if (digit)
        step_text_add(t, "%d ", digit);
    sudoku_chain_walk_start(&walk, step);
    while ((event = sudoku_chain_walk_next(&walk)) != SUDOKU_CHAIN_DONE)
        if (event == SUDOKU_CHAIN_NODE)
            add_node(t, &walk, digit);
}

static void add_indent(step_text *t, int spaces)
{
    step_text_add(t, "%s%*s", t->line_break, spaces, "");
}

/*
 * The branches of a chain each on a line of its own, those of a nested
 * chain further in, after the node it struck; a branch that goes on after
 * a nested chain goes on on a line of its own.
 */
static void add_chain_lines(step_text *t, const sudoku_step *step)
{
    sudoku_chain_walk walk;
    sudoku_chain_event event;

    sudoku_chain_walk_start(&walk, step);
    while ((event = sudoku_chain_walk_next(&walk)) != SUDOKU_CHAIN_DONE) {
        const int indent = 2 + 4 * walk.depth;

        if (event != SUDOKU_CHAIN_NODE)
            continue;
        if (!walk.from)
            add_indent(t, indent);
        else if (walk.resumes)
            add_indent(t, indent + 2); /* the branch goes on, after a nested chain */
        add_node(t, &walk, 0);
    }
}

/*
 * What the branches of a forcing chain start from, before the outcome:
 * "1,2,5 in r7c5" when they start in one cell, "9 in c4" when they start
 * on one digit in one unit: the step's unit, or else the one unit the
 * starts share (when they share two, as a row's places in one box may,
 * the words cannot tell which, and name none).
 */
static void add_branch_starts(step_text *t, const sudoku_step *step,
                              const chain_shape *shape)
{
    const unsigned digits = shape->digits, rows = shape->rows, cols = shape->cols,
                   boxes = shape->boxes;
    const int cells = shape->cells, cell = shape->cell;

    if (shape->branches < 2)
        return;
    if (cells == 1 && digits & (digits - 1)) {
        step_text_add_digits(t, digits);
        step_text_add(t, " in ");
        step_text_add_cell(t, cell);
    } else if (!(digits & (digits - 1)) && cells > 1) {
        const int in_box = !(boxes & (boxes - 1)), in_row = !(rows & (rows - 1)),
                  in_col = !(cols & (cols - 1));
        int unit;

        if (step->units && !(step->units & (step->units - 1)))
            unit = lowest_bit((unsigned)(step->units & 0x7FFFFFF));
        else if (in_box + in_row + in_col != 1)
            return;
        else
            unit = in_box ? 18 + lowest_bit(boxes)
                 : in_row ? lowest_bit(rows)
                          : 9 + lowest_bit(cols);
        step_text_add_digits(t, digits);
        step_text_add(t, " in ");
        add_unit(t, unit);
    } else {
        return;
    }
    step_text_add(t, " => ");
}

/* " in b3": the step's unit, when it names one. */
static void add_step_unit(step_text *t, const sudoku_step *step)
{
    if (step->units && !(step->units & (step->units - 1))) {
        step_text_add(t, " in ");
        add_unit(t, lowest_bit((unsigned)step->units));
    }
}

/*
 * "1,6 in r7c7,r7c9,r1c9,r1c7 with r1c8(2,5) in b3": a loop's digits and
 * cells (those whose pattern is its pair), then the cells of the set it
 * makes with its extra digits, each with its own candidates, in their unit.
 */
static void add_loop_set(step_text *t, const sudoku_step *step)
{
    const char *with = " with ";

    step_text_add_digits(t, step->digits);
    step_text_add(t, " in ");
    for (int i = 0, first = 1; i < step->cell_count; i++) {
        if (step->pattern[step->cells[i]] != step->digits)
            continue;
        step_text_add(t, "%s", first ? "" : ",");
        step_text_add_cell(t, step->cells[i]);
        first = 0;
    }
    for (int i = 0; i < step->cell_count; i++) {
        const unsigned own = step->pattern[step->cells[i]];

        if (own == step->digits)
            continue;
        step_text_add(t, "%s", with);
        step_text_add_cell(t, step->cells[i]);
        if (own) {
            step_text_add(t, "(");
            step_text_add_digits(t, own);
            step_text_add(t, ")");
        }
        with = ",";
    }
    add_step_unit(t, step);
}

/*
 * "r3c2=8 or r8c2=1, 3 locked in c2": one of the BUG's cells holds its
 * BUG digit, and the digit locked in both (the step's digit) the other,
 * in the unit they share.
 */
static void add_bug_cells(step_text *t, const sudoku_step *step)
{
    for (int i = 0; i < step->cell_count; i++) {
        const int cell = step->cells[i];

        step_text_add(t, "%s", i ? " or " : "");
        step_text_add_cell(t, cell);
        step_text_add(t, "=%d", lowest_bit(step->pattern[cell] & ~step->digits) + 1);
    }
    step_text_add(t, ", %d locked", lowest_bit(step->digits) + 1);
    add_step_unit(t, step);
}

/* "r7c8,r7c9 (excluders r7c4,r8c8)": the aligned cells, then those that
   rule out their combinations. */
static void add_exclusion(step_text *t, const sudoku_step *step, int aligned)
{
    for (int i = 0; i < step->cell_count; i++) {
        step_text_add(t, "%s", i == 0 ? "" : i == aligned ? " (excluders " : ",");
        step_text_add_cell(t, step->cells[i]);
    }
    if (step->cell_count > aligned)
        step_text_add(t, ")");
}

static void add_chains(step_text *t, const sudoku_step *step)
{
    const chain_shape shape = chain_shape_of(step);

    if (shape.branches <= 1 && !shape.nested) {
        add_chain_line(t, step, shape.digit);
        step_text_add(t, " => ");
        add_outcome(t, step);
        return;
    }
    add_branch_starts(t, step, &shape);
    add_outcome(t, step);
    add_chain_lines(t, step);
}

void step_text_words(step_text *t, const sudoku_step *step)
{
    step_text_add(t, "%s: ", sudoku_technique_name(step->technique));
    switch (step->technique) {
    case SUDOKU_FULL_HOUSE:
    case SUDOKU_HIDDEN_SINGLE: {
        const int unit = lowest_bit((unsigned)step->units);

        add_outcome(t, step);
        step_text_add(t, " in ");
        add_unit(t, unit);
        return;
    }
    case SUDOKU_NAKED_SINGLE:
        add_outcome(t, step);
        return;
    case SUDOKU_X_CYCLE:
    case SUDOKU_Y_CYCLE:
    case SUDOKU_XY_CYCLE:
        add_chain_line(t, step, chain_shape_of(step).digit);
        break;
    case SUDOKU_FORCING_X_CHAIN:
    case SUDOKU_FORCING_CHAIN:
    case SUDOKU_NISHIO_FORCING_CHAIN:
    case SUDOKU_CELL_FORCING_CHAINS:
    case SUDOKU_REGION_FORCING_CHAINS:
    case SUDOKU_DYNAMIC_FORCING_CHAINS:
    case SUDOKU_DYNAMIC_CELL_FORCING_CHAINS:
    case SUDOKU_DYNAMIC_REGION_FORCING_CHAINS:
    case SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS:
    case SUDOKU_NESTED_FORCING_CHAINS:
        add_chains(t, step);
        return;
    case SUDOKU_ALIGNED_PAIR_EXCLUSION:
        add_exclusion(t, step, 2);
        break;
    case SUDOKU_UNIQUE_RECTANGLE_3:
    case SUDOKU_UNIQUE_LOOP_3:
        add_loop_set(t, step);
        break;
    case SUDOKU_BUG_4:
        add_bug_cells(t, step);
        break;
    case SUDOKU_ALIGNED_TRIPLET_EXCLUSION:
        add_exclusion(t, step, 3);
        break;
    case SUDOKU_DIRECT_POINTING:
    case SUDOKU_DIRECT_CLAIMING:
    case SUDOKU_POINTING:
    case SUDOKU_CLAIMING:
    case SUDOKU_X_WING:
    case SUDOKU_SWORDFISH:
    case SUDOKU_JELLYFISH: /* a fish names its cover lines too */
        step_text_add_digits(t, step->digits);
        step_text_add(t, " in ");
        step_text_add_units(t, step->units, "");
        if (step->technique == SUDOKU_X_WING || step->technique == SUDOKU_SWORDFISH ||
            step->technique == SUDOKU_JELLYFISH) {
            step_text_add(t, " on ");
            step_text_add_units(t, step->cover_units, "");
        }
        break;
    default:
        if (step->technique > SUDOKU_ALIGNED_TRIPLET_EXCLUSION) {
            add_chains(t, step); /* the (+) and nested forcing chains */
            return;
        }
        if (step->digits) {
            step_text_add_digits(t, step->digits);
            step_text_add(t, " in ");
        }
        step_text_add_cells(t, step, "");
        break;
    }
    step_text_add(t, " => ");
    add_outcome(t, step);
}

size_t sudoku_describe_step(const sudoku_step *step, char *buf, size_t size)
{
    step_text t = {buf, buf ? size : 0, 0, "\n"};

    if (buf && size > 0)
        buf[0] = '\0';
    if (step)
        step_text_words(&t, step);
    return t.length;
}
