/*
 * step_text.c - a step in words, in the notation players know from
 * HoDoKu: cells as r4c1, units as r4, c1 and b1 (boxes left to right,
 * then down), "r1c2=1" for a placement and "r4c2<>2" for a strike.
 *
 *     Hidden Single: r1c2=1 (box 1)
 *     Pointing: 5 in b2 => r1c7<>5, r1c8<>5
 *     Naked Pair: 2,7 in r4c1,r4c5 => r4c2<>2, r4c9<>2, r4c9<>7
 *     X-Wing: 5 in c3,c7 on r1,r5 => r2c3<>5
 */
#include "logic.h"

#include <stdarg.h>
#include <stdio.h>

/* Text written with snprintf's contract: truncated, but fully counted. */
typedef struct text {
    char *buf;
    size_t size, length;
} text;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void add(text *t, const char *format, ...)
{
    const size_t used = t->length < t->size ? t->length : t->size;
    va_list args;
    int n;

    va_start(args, format);
    n = vsnprintf(t->buf ? t->buf + used : NULL, t->buf ? t->size - used : 0,
                  format, args);
    va_end(args);
    if (n > 0)
        t->length += (size_t)n;
}

static void add_unit(text *t, int unit)
{
    add(t, "%c%d", unit < 9 ? 'r' : unit < 18 ? 'c' : 'b', unit % 9 + 1);
}

static void add_units(text *t, unsigned long units)
{
    const char *comma = "";

    for (int u = 0; u < UNITS; u++) {
        if (units >> u & 1) {
            add(t, "%s", comma);
            add_unit(t, u);
            comma = ",";
        }
    }
}

static void add_digits(text *t, unsigned digits)
{
    const char *comma = "";

    for (int d = 1; d <= 9; d++) {
        if (digits >> (d - 1) & 1) {
            add(t, "%s%d", comma, d);
            comma = ",";
        }
    }
}

static void add_cell(text *t, int cell)
{
    add(t, "r%dc%d", cell / 9 + 1, cell % 9 + 1);
}

static void add_cells(text *t, const sudoku_step *step)
{
    for (int i = 0; i < step->cell_count; i++) {
        add(t, "%s", i ? "," : "");
        add_cell(t, step->cells[i]);
    }
}

/* "r4c2<>2, r4c9<>2, r1c2=1": the strikes, then the placements. */
static void add_outcome(text *t, const sudoku_step *step)
{
    const char *comma = "";

    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 1; d <= 9; d++) {
            if (step->strike[c] >> (d - 1) & 1) {
                add(t, "%s", comma);
                add_cell(t, c);
                add(t, "<>%d", d);
                comma = ", ";
            }
        }
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (step->place[c]) {
            add(t, "%s", comma);
            add_cell(t, c);
            add(t, "=%d", step->place[c]);
            comma = ", ";
        }
    }
}

static const char *unit_word(int unit)
{
    return unit < 9 ? "row" : unit < 18 ? "column" : "box";
}

size_t sudoku_describe_step(const sudoku_step *step, char *buf, size_t size)
{
    text t = {buf, buf ? size : 0, 0};

    if (buf && size > 0)
        buf[0] = '\0';
    if (!step)
        return 0;
    add(&t, "%s: ", sudoku_technique_name(step->technique));
    switch (step->technique) {
    case SUDOKU_FULL_HOUSE:
    case SUDOKU_HIDDEN_SINGLE: {
        const int unit = lowest_bit((unsigned)step->units);

        add_outcome(&t, step);
        add(&t, " (%s %d)", unit_word(unit), unit % 9 + 1);
        return t.length;
    }
    case SUDOKU_NAKED_SINGLE:
        add_outcome(&t, step);
        return t.length;
    case SUDOKU_DIRECT_POINTING:
    case SUDOKU_DIRECT_CLAIMING:
    case SUDOKU_POINTING:
    case SUDOKU_CLAIMING:
        add_digits(&t, step->digits);
        add(&t, " in ");
        add_units(&t, step->units);
        break;
    case SUDOKU_X_WING:
    case SUDOKU_SWORDFISH:
    case SUDOKU_JELLYFISH:
        add_digits(&t, step->digits);
        add(&t, " in ");
        add_units(&t, step->units);
        add(&t, " on ");
        add_units(&t, step->cover_units);
        break;
    default:
        if (step->digits) {
            add_digits(&t, step->digits);
            add(&t, " in ");
        }
        add_cells(&t, step);
        break;
    }
    add(&t, " => ");
    add_outcome(&t, step);
    return t.length;
}
