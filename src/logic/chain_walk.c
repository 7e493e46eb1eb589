/*
 * chain_walk.c - the one reading of a step's chain that its words, its
 * JSON and its drawing follow.
 *
 * A step keeps its chain as a tree written in order (see
 * sudoku_chain_node): nodes of depth d + 1 belong to the node of depth d
 * before them. The walk keeps one record per chain open, from the step's
 * own to the one whose nodes it is reading, and turns the flat nodes into
 * events: a chain entered, a node with its place and its link, a chain
 * left with where its branches start.
 */
#include "logic.h"

#include <string.h>

void sudoku_chain_walk_start(sudoku_chain_walk *walk, const sudoku_step *step)
{
    memset(walk, 0, sizeof *walk);
    walk->state.step = step;
    walk->state.open = -1;
    walk->state.branches = -1;
    walk->state.last = -1;
}

/* How many nodes of the step the walk reads: never past its room. */
static int node_count(const sudoku_step *step)
{
    if (!step || step->chain_count < 0)
        return 0;
    return step->chain_count < SUDOKU_STEP_CHAIN ? step->chain_count : SUDOKU_STEP_CHAIN;
}

/* The depth the walk reads a node at: at most one past the node before. */
static int depth_at(const sudoku_chain_walk *walk, int at)
{
    const int depth = walk->state.step->chain[at].depth;
    const int before = at > 0 ? walk->state.read_depth : -1;

    return depth <= before + 1 ? depth : before + 1;
}

/* A chain's starts are kept after those of the chains it lies in, which
   take no more while it is open. */
static sudoku_chain_event enter(sudoku_chain_walk *walk)
{
    const int open = ++walk->state.open;
    const int before = open > 0 ? walk->state.chain[open - 1].first_start +
                                      walk->state.chain[open - 1].branches
                                : 0;

    walk->state.chain[open].first_start = (short)before;
    walk->state.chain[open].position = 0;
    walk->state.chain[open].branches = 0;
    walk->depth = open;
    return SUDOKU_CHAIN_ENTER;
}

static sudoku_chain_event leave(sudoku_chain_walk *walk)
{
    const int open = walk->state.open--;

    walk->depth = open;
    walk->branches = walk->state.chain[open].branches;
    walk->starts = &walk->state.starts[walk->state.chain[open].first_start];
    return SUDOKU_CHAIN_LEAVE;
}

static sudoku_chain_event visit(sudoku_chain_walk *walk, int count)
{
    const sudoku_step *step = walk->state.step;
    const int at = walk->state.at++;
    const sudoku_chain_node *node = &step->chain[at];
    const int open = walk->state.open;
    struct sudoku_chain_open *c = &walk->state.chain[open];
    const int starts = node->flags & SUDOKU_CHAIN_BRANCH || c->position == 0;

    if (starts) {
        walk->state.starts[c->first_start + c->branches++] = (unsigned short)c->position;
        c->branch = (short)++walk->state.branches;
    }
    walk->depth = open;
    walk->node = node;
    walk->from = starts ? NULL : &step->chain[c->last];
    walk->position = c->position++;
    walk->branch = c->branch;
    walk->resumes = !starts && walk->state.last != c->last;
    walk->nested = at + 1 < count && step->chain[at + 1].depth > open;
    walk->cut = !starts && node->flags & SUDOKU_CHAIN_CUT;
    c->last = (short)at;
    walk->state.last = at;
    walk->state.read_depth = open;
    return SUDOKU_CHAIN_NODE;
}

sudoku_chain_event sudoku_chain_walk_next(sudoku_chain_walk *walk)
{
    const int count = node_count(walk->state.step);

    if (walk->state.at < count) {
        const int depth = depth_at(walk, walk->state.at);

        if (depth > walk->state.open)
            return enter(walk);
        if (depth < walk->state.open)
            return leave(walk);
        return visit(walk, count);
    }
    return walk->state.open >= 0 ? leave(walk) : SUDOKU_CHAIN_DONE;
}
