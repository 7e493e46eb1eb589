/*
 * step_json.c - a step as a JSON object: the one `sudoku explain -f json`
 * writes for each step, and the JavaScript package gives.
 *
 *     {"technique":"Naked Pair","rating":3.0,"placements":[],
 *      "eliminations":["r4c2<>2","r4c9<>2","r4c9<>7"],"units":["r4"],
 *      "cells":["r4c1","r4c5"],"pattern":{"r4c1":[2,7],"r4c5":[2,7]},
 *      "text":"Naked Pair: 2,7 in r4c1,r4c5 => r4c2<>2, r4c9<>2, r4c9<>7"}
 *
 * Its pattern follows the moves, as the step holds it and as
 * `explain -f html` draws it: the base units ("units", shaded blue), the
 * cover units ("cover_units", shaded yellow, for fish and intersections),
 * the cells in the order the words name them ("cells"), and the
 * candidates of the pattern by cell ("pattern"); each is left out when
 * the step has none. Every cell of "cells" and "pattern" is framed.
 *
 * A chain follows, read by the library's chain walk, as the words and the
 * drawing read it: the nodes of each chain in order, a node that a rule
 * struck, or that nodes were left out before (its link drawn dotted), as
 * an object that says so, with the chain nested in it, if any, inside it.
 *
 *     "chain":["r1c2=5",{"node":"r3c2<>4","rule":"Forcing X-Chain",
 *              "chain":["r3c2<>4","r3c7=4"]},{"node":"r3c7<>5","cut":true}],
 *     "branches":[0,2],"chain_cut":true
 *
 * Every string the object holds comes from the library: cells, units,
 * digits and technique names, none with a character JSON escapes, and the
 * words, whose only such character is the line break between a forcing
 * chain's branches, written as \n as they are made.
 */
#include "logic.h"
#include "step_text.h"

/* "r1c2=5", placed or true (`on`), or "r1c2<>5", struck or false. */
static void add_candidate(step_text *t, int cell, int digit, int on)
{
    step_text_add(t, "\"");
    step_text_add_cell(t, cell);
    step_text_add(t, "%s%d\"", on ? "=" : "<>", digit);
}

/* The placements (`places`) or the strikes of a step, as an array. */
static void add_moves(step_text *t, const sudoku_step *step, int places)
{
    const char *comma = "";

    step_text_add(t, "[");
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const unsigned digits = !places            ? step->strike[c]
                                : step->place[c] ? 1u << (step->place[c] - 1)
                                                 : 0;

        for (int d = 1; d <= 9; d++) {
            if (digits >> (d - 1) & 1) {
                step_text_add(t, "%s", comma);
                add_candidate(t, c, d, places);
                comma = ",";
            }
        }
    }
    step_text_add(t, "]");
}

/* "units" or "cover_units", a set of units by name, ["r4","b5"], if any. */
static void add_units(step_text *t, const char *name, unsigned long units)
{
    if (!units)
        return;
    step_text_add(t, ",\"%s\":[", name);
    step_text_add_units(t, units, "\"");
    step_text_add(t, "]");
}

/* "cells", the pattern's cells in the step's order, if any. */
static void add_cells(step_text *t, const sudoku_step *step)
{
    if (step->cell_count <= 0)
        return;
    step_text_add(t, ",\"cells\":[");
    step_text_add_cells(t, step, "\"");
    step_text_add(t, "]");
}

/* "pattern", the pattern's digits by cell, {"r4c1":[2,7]}, if any. */
static void add_pattern(step_text *t, const sudoku_step *step)
{
    int cells = 0;

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (!step->pattern[c])
            continue;
        step_text_add(t, cells++ ? ",\"" : ",\"pattern\":{\"");
        step_text_add_cell(t, c);
        step_text_add(t, "\":[");
        step_text_add_digits(t, step->pattern[c]);
        step_text_add(t, "]");
    }
    if (cells)
        step_text_add(t, "}");
}

/* Where each branch of the chain just left starts, when it has several. */
static void add_branches(step_text *t, const sudoku_chain_walk *walk)
{
    if (walk->branches < 2)
        return;
    step_text_add(t, ",\"branches\":[");
    for (int i = 0; i < walk->branches; i++)
        step_text_add(t, "%s%u", i ? "," : "", (unsigned)walk->starts[i]);
    step_text_add(t, "]");
}

/*
 * "chain" and "branches", the nested chains inside the objects of the
 * nodes they belong to: a node's object stays open until its chain is
 * left.
 */
static void add_chain(step_text *t, const sudoku_step *step)
{
    sudoku_chain_walk walk;
    sudoku_chain_event event;

    sudoku_chain_walk_start(&walk, step);
    while ((event = sudoku_chain_walk_next(&walk)) != SUDOKU_CHAIN_DONE) {
        const sudoku_chain_node *node = walk.node;

        if (event == SUDOKU_CHAIN_ENTER) {
            step_text_add(t, ",\"chain\":[");
        } else if (event == SUDOKU_CHAIN_LEAVE) {
            step_text_add(t, "]");
            add_branches(t, &walk);
            if (walk.depth)
                step_text_add(t, "}"); /* the node it is nested in */
        } else {
            const int rule = node->flags & SUDOKU_CHAIN_RULE;
            const int object = rule || walk.cut || walk.nested;

            step_text_add(t, "%s%s", walk.position ? "," : "", object ? "{\"node\":" : "");
            add_candidate(t, node->cell, node->digit, node->flags & SUDOKU_CHAIN_ON);
            if (rule)
                step_text_add(t, ",\"rule\":\"%s\"",
                              sudoku_technique_name((sudoku_technique)node->technique));
            if (walk.cut)
                step_text_add(t, ",\"cut\":true");
            if (object && !walk.nested)
                step_text_add(t, "}");
        }
    }
}

size_t sudoku_step_json(const sudoku_step *step, const sudoku_candidates *marks,
                        char *buf, size_t size)
{
    step_text t = {buf, buf ? size : 0, 0, "\\n"};

    if (buf && size > 0)
        buf[0] = '\0';
    if (!step)
        return 0;
    step_text_add(&t, "{\"technique\":\"%s\",\"rating\":%d.%d,\"placements\":",
                  sudoku_technique_name(step->technique), step->difficulty / 10,
                  step->difficulty % 10);
    add_moves(&t, step, 1);
    step_text_add(&t, ",\"eliminations\":");
    add_moves(&t, step, 0);
    add_units(&t, "units", step->units);
    add_units(&t, "cover_units", step->cover_units);
    add_cells(&t, step);
    add_pattern(&t, step);
    if (step->chain_count > 0) {
        add_chain(&t, step);
        if (step->chain_cut)
            step_text_add(&t, ",\"chain_cut\":true");
    }
    if (marks) {
        char text[SUDOKU_MARKS + 1];

        step_text_add(&t, ",\"candidates\":\"%s\"", sudoku_format_marks(marks, text));
    }
    step_text_add(&t, ",\"text\":\"");
    step_text_words(&t, step);
    step_text_add(&t, "\"}");
    return t.length;
}
