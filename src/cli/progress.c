/*
 * progress.c - the progress line of a long batch.
 *
 * The line is drawn with a carriage return and "erase to the end of the
 * line" (ANSI EL, ESC [ K), so each redraw overwrites the last, and the
 * same two erase it for good. It waits a second before the first draw, so
 * that a short run never flashes one, and redraws at most four times a
 * second, so that a fast batch does not spend its time on the terminal.
 * The time left assumes that the rest of the input goes as fast, byte for
 * byte, as what was read so far.
 */
#include "progress.h"
#include "clock.h"

#define FIRST_DRAW 1e6 /* microseconds */
#define REDRAW 250e3

void progress_start(progress *p, FILE *err, int enabled, double total)
{
    p->err = err;
    p->enabled = enabled;
    p->shown = 0;
    p->start = enabled ? clock_micros() : 0;
    p->next = p->start + FIRST_DRAW;
    p->total = total;
}

/* Seconds as "M:SS", or "H:MM:SS" from an hour on. */
static void format_duration(char *text, size_t size, double seconds)
{
    const unsigned long s = seconds > 0 ? (unsigned long)(seconds + 0.5) : 0;

    if (s >= 3600)
        snprintf(text, size, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(text, size, "%lu:%02lu", s / 60, s % 60);
}

void progress_update(progress *p, unsigned long done, double bytes)
{
    double now, elapsed;
    char line[128], left[32] = "";

    if (!p->enabled || (now = clock_micros()) < p->next)
        return;
    p->next = now + REDRAW;
    elapsed = (now - p->start) / 1e6;
    if (p->total > 0 && bytes > 0 && bytes <= p->total)
        format_duration(left, sizeof left, elapsed * (p->total - bytes) / bytes);
    /* one write, so that the terminal never shows half a line (standard
       error is unbuffered) */
    snprintf(line, sizeof line, "\rsudoku: %lu puzzle%s, %.0f/s%s%s%s\033[K", done,
             done == 1 ? "" : "s", elapsed > 0 ? (double)done / elapsed : 0,
             *left ? ", " : "", left, *left ? " left" : "");
    fputs(line, p->err);
    fflush(p->err);
    p->shown = 1;
}

void progress_clear(progress *p)
{
    if (!p->shown)
        return;
    fputs("\r\033[K", p->err);
    fflush(p->err);
    p->shown = 0;
}
