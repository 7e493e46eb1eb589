/*
 * command.c - what the commands share beyond the text pieces: the words
 * of outcomes, the judgement of a count, the -s summary, and the frame of
 * a sheet of puzzles.
 */
#include "command.h"
#include "html.h"

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

int sheet_begin(const job *j, text_buffer *out)
{
    char *p;

    if (j->format != FORMAT_HTML)
        return 0;
    if (!(p = text_reserve(out, HTML_HEAD_BOUND)))
        return -1;
    text_commit(out, put_html_sheet_start(p));
    return 0;
}

int sheet_end(const job *j, end_part part, uint64_t kept, text_buffer *out)
{
    char *p;

    if (j->format != FORMAT_HTML)
        return 0;
    if (!(p = text_reserve(out, 128)))
        return -1;
    text_commit(out, put_html_sheet_end(p, part == END_OUTPUT, kept));
    return 0;
}
