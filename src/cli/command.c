/*
 * command.c - what the commands share beyond the text pieces: the words
 * of outcomes, the judgement of a count, and the -s summary.
 */
#include "command.h"

#include <stdio.h>

const char *outcome_name(outcome o)
{
    static const char *const names[] = {
        [OUTCOME_SOLVED] = "solved",
        [OUTCOME_INVALID] = "invalid",
        [OUTCOME_UNSOLVABLE] = "unsolvable",
        [OUTCOME_NOT_UNIQUE] = "not-unique",
        [OUTCOME_NOT_FOUND] = "not-found",
    };

    return names[o];
}

outcome judge_count(unsigned long count, int unique, char *message, size_t size)
{
    if (count == 0) {
        snprintf(message, size, "no solution");
        return OUTCOME_UNSOLVABLE;
    }
    if (unique && count > 1) {
        snprintf(message, size, "more than one solution");
        return OUTCOME_NOT_UNIQUE;
    }
    return OUTCOME_SOLVED;
}

void summary_write(FILE *err, const char *noun, const char *done, const tally *t)
{
    const double rate = t->micros > 0 ? (double)t->items * 1e6 / t->micros : 0;

    fprintf(err, "sudoku: %lu %s%s, %lu %s, %lu failed, %.1f %ss/s", t->items,
            noun, t->items == 1 ? "" : "s", t->done, done, t->items - t->done,
            rate, noun);
}
