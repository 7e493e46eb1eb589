/*
 * command.c - what the commands share beyond the text pieces: the words
 * of outcomes, the judgement of a count, the -s summary, the frame of a
 * sheet of puzzles, and the sections of their help.
 */
#include "command.h"
#include "html.h"

#include <stdio.h>
#include <string.h>

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

    fprintf(err, "sudoku: %lu %s%s, %lu %s, %lu failed, %.*f %ss/s", t->items,
            noun, t->items == 1 ? "" : "s", t->done, done, t->items - t->done,
            figure_decimals(rate), rate, noun);
}

static int sheet_begin(const job *j, text_buffer *out)
{
    if (j->format == FORMAT_HTML)
        text_add_html_sheet_start(out);
    return text_status(out);
}

static int sheet_end(const job *j, end_part part, uint64_t kept, text_buffer *out)
{
    if (j->format == FORMAT_HTML)
        text_add_html_sheet_end(out, part == END_OUTPUT, kept);
    return text_status(out);
}

const document puzzle_sheet = {sheet_begin, sheet_end};

/* Where the section after the one at `at` opens: its '@', or NULL. */
static const char *next_section(const char *at)
{
    const char *next = strstr(at, "\n@");

    return next ? next + 1 : NULL;
}

help_text help_section(const command *c, const char *section)
{
    const size_t n = strlen(section);
    help_text h = {NULL, 0};
    const char *at = c->help, *end;

    while (at && !(strncmp(at + 1, section, n) == 0 && (at[n + 1] == ' ' || at[n + 1] == '\n')))
        at = next_section(at);
    if (!at)
        return h;
    /* from after the name and its space or end of line to the next section,
       or the end of the text, without the end of line before it */
    h.text = at + n + 2;
    end = next_section(at);
    end = end ? end - 1 : h.text + strlen(h.text) - 1;
    h.length = end > h.text ? (int)(end - h.text) : 0;
    return h;
}
