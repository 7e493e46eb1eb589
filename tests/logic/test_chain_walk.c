/*
 * test_chain_walk.c - the walk of a step's chain, through the public API,
 * on chains made by hand: a lone branch, forcing chains with chains
 * nested in them, nodes left out, and chains that break sudoku.h's rules.
 *
 * A walk is checked as a trace of its events: "0(" enters a chain of
 * depth 0 and ")[0,3]" leaves it, where its branches start; a node is its
 * branch's number, then "|" where it starts a branch or the cell its link
 * comes from and ">", then its cell, with "^" before it when its branch
 * goes on after a nested chain, "..." when nodes were left out before it,
 * and "*" after it when a nested chain follows.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sudoku.h"

static char trace_text[8192];

static void cell_name(char *out, size_t size, const sudoku_chain_node *node)
{
    snprintf(out, size, "r%dc%d", node->cell / 9 + 1, node->cell % 9 + 1);
}

/* The walk of a step, as a trace. */
static const char *trace(const sudoku_step *step)
{
    sudoku_chain_walk walk;
    sudoku_chain_event event;
    size_t n = 0;

    trace_text[0] = '\0';
    sudoku_chain_walk_start(&walk, step);
    while ((event = sudoku_chain_walk_next(&walk)) != SUDOKU_CHAIN_DONE) {
        char *out = trace_text + n;
        const size_t room = sizeof trace_text - n;

        assert_true(room > 64);
        if (event == SUDOKU_CHAIN_ENTER) {
            n += (size_t)snprintf(out, room, "%d(", walk.depth);
        } else if (event == SUDOKU_CHAIN_LEAVE) {
            n += (size_t)snprintf(out, room, ")[");
            for (int i = 0; i < walk.branches; i++)
                n += (size_t)snprintf(trace_text + n, sizeof trace_text - n, "%s%d",
                                      i ? "," : "", walk.starts[i]);
            n += (size_t)snprintf(trace_text + n, sizeof trace_text - n, "]");
        } else {
            char from[8] = "|", cell[8];

            assert_int_equal(event, SUDOKU_CHAIN_NODE);
            if (walk.from) {
                cell_name(from, sizeof from, walk.from);
                strcat(from, ">");
            }
            cell_name(cell, sizeof cell, walk.node);
            n += (size_t)snprintf(out, room, " %d%s%s%s%s%s ", walk.branch, from,
                                  walk.resumes ? "^" : "", walk.cut ? "..." : "", cell,
                                  walk.nested ? "*" : "");
        }
    }
    /* the walk stays over */
    assert_int_equal(sudoku_chain_walk_next(&walk), SUDOKU_CHAIN_DONE);
    return trace_text;
}

/* Sets node i of a chain made by hand. */
static void node(sudoku_step *step, int i, int row, int col, int flags, int depth)
{
    step->chain[i].cell = (unsigned char)((row - 1) * 9 + col - 1);
    step->chain[i].digit = 5;
    step->chain[i].flags = (unsigned char)flags;
    step->chain[i].depth = (unsigned char)depth;
    if (step->chain_count <= i)
        step->chain_count = i + 1;
}

static void test_no_chain(void **state)
{
    static sudoku_step step;

    (void)state;
    assert_string_equal(trace(NULL), "");
    memset(&step, 0, sizeof step);
    assert_string_equal(trace(&step), "");
    step.chain_count = -3;
    assert_string_equal(trace(&step), "");
}

/* One branch, the links from each node to the next. */
static void test_one_branch(void **state)
{
    static sudoku_step step;

    (void)state;
    memset(&step, 0, sizeof step);
    node(&step, 0, 1, 1, SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_ON, 0);
    node(&step, 1, 1, 2, 0, 0);
    node(&step, 2, 2, 2, SUDOKU_CHAIN_ON, 0);
    assert_string_equal(trace(&step), "0( 0|r1c1  0r1c1>r1c2  0r1c2>r2c2 )[0]");
}

/*
 * Two branches; the first holds a chain of two branches nested in its
 * second node, after which it goes on; the second is cut short. Each
 * branch has its number, nested ones included, and the outer branch keeps
 * its own after the nested chain.
 */
static void test_nested(void **state)
{
    static sudoku_step step;

    (void)state;
    memset(&step, 0, sizeof step);
    node(&step, 0, 1, 1, SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_ON, 0);
    node(&step, 1, 1, 2, SUDOKU_CHAIN_RULE, 0);
    node(&step, 2, 3, 3, SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_ON, 1);
    node(&step, 3, 3, 4, 0, 1);
    node(&step, 4, 4, 4, SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_ON, 1);
    node(&step, 5, 4, 5, 0, 1);
    node(&step, 6, 2, 2, SUDOKU_CHAIN_ON, 0);
    node(&step, 7, 2, 3, 0, 0);
    node(&step, 8, 9, 1, SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_ON, 0);
    node(&step, 9, 9, 2, 0, 0);
    node(&step, 10, 9, 9, SUDOKU_CHAIN_CUT, 0);
    step.chain_cut = 1;
    assert_string_equal(trace(&step), "0( 0|r1c1  0r1c1>r1c2* "
                                      "1( 1|r3c3  1r3c3>r3c4  2|r4c4  2r4c4>r4c5 )[0,2]"
                                      " 0r1c2>^r2c2  0r2c2>r2c3 "
                                      " 3|r9c1  3r9c1>r9c2  3r9c2>...r9c9 )[0,4]");
}

/*
 * Chains that break sudoku.h's rules are still read one way, each nested
 * chain in a node before it: a first node deeper than 0 as 0, a node more
 * than one deeper than the one before as one deeper, a branch's start
 * marked cut as uncut, a first node of a chain not marked as a branch's
 * start as one, and no more nodes than a step holds.
 */
static void test_broken_rules(void **state)
{
    static sudoku_step step;
    const char *text;
    int nodes = 0;

    (void)state;
    memset(&step, 0, sizeof step);
    node(&step, 0, 1, 1, SUDOKU_CHAIN_CUT, 3);
    node(&step, 1, 1, 2, 0, 0);
    node(&step, 2, 1, 3, 0, 7);
    node(&step, 3, 1, 4, SUDOKU_CHAIN_BRANCH, 9);
    assert_string_equal(trace(&step), "0( 0|r1c1  0r1c1>r1c2* "
                                      "1( 1|r1c3* 2( 2|r1c4 )[0])[0])[0]");

    memset(&step, 0, sizeof step);
    step.chain_count = 1000;
    text = trace(&step);
    for (const char *p = text; (p = strstr(p, "r1c1 ")) != NULL; p++)
        nodes++;
    assert_int_equal(nodes, SUDOKU_STEP_CHAIN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_chain),
        cmocka_unit_test(test_one_branch),
        cmocka_unit_test(test_nested),
        cmocka_unit_test(test_broken_rules),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
