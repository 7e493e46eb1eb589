/*
 * html.c - HTML pages and the SVG drawings of grids.
 *
 * A drawing's units are CSS pixels on screen: a cell is 36 wide, a
 * candidate's square 12, digit d at column (d-1)%3 and row (d-1)/3 of its
 * cell, as on paper. Squares, shading and rules are drawn with crisp
 * edges, so that their colours are exact in a screenshot, which the
 * browser test reads; the digits lie over them. Coordinates are written in
 * whole numbers, or in tenths for a chain's curves, without printf, whose
 * decimal point follows the locale.
 */
#include "html.h"

#include <string.h>

#define CELL 36
#define SLOT 12
#define SIDE (9 * CELL)

/* The colours a forcing chain's branches take in turn. */
#define BRANCH_COLOURS 6

void text_add_html_text(text_buffer *t, const char *s, size_t length)
{
    const unsigned char *b = (const unsigned char *)s;
    size_t plain = 0; /* where the bytes that pass as they are start */

    for (size_t i = 0; i < length; i++) {
        const unsigned char c = b[i];
        const char *with = c == '&'    ? "&amp;"
                           : c == '<'  ? "&lt;"
                           : c == '>'  ? "&gt;"
                           : c == '"'  ? "&quot;"
                           : c == '\'' ? "&#39;"
                                       : NULL;
        size_t n = 1;

        if (!with) {
            unsigned long code;

            if (c == '\t' || c == '\n' || (c >= 0x20 && c < 0x7F))
                continue;
            n = c >= 0x80 ? sudoku_utf8_length(b + i, length - i) : 0;
            code = n ? c & (0x7Fu >> n) : 0;
            for (size_t k = 1; k < n; k++)
                code = code << 6 | (b[i + k] & 0x3F);
            /* C1 controls and noncharacters are errors in an HTML page */
            if (n > 0 && code >= 0xA0 && !(code >= 0xFDD0 && code <= 0xFDEF) &&
                (code & 0xFFFE) != 0xFFFE) {
                i += n - 1;
                continue;
            }
            with = "\xEF\xBF\xBD"; /* U+FFFD */
        }
        text_add(t, s + plain, i - plain);
        text_add_string(t, with);
        if (n > 1)
            i += n - 1;
        plain = i + 1;
    }
    text_add(t, s + plain, length - plain);
}

/* A number in tenths, "12.5" or "-3", as SVG reads it. */
static void add_tenths(text_buffer *t, long v)
{
    if (v < 0) {
        text_add_char(t, '-');
        v = -v;
    }
    text_add_u64(t, (uint64_t)(v / 10));
    if (v % 10) {
        text_add_char(t, '.');
        text_add_char(t, (char)('0' + v % 10));
    }
}

static void add_int(text_buffer *t, int v)
{
    add_tenths(t, 10L * v);
}

/*
 * The style of every page. Screen and print share it; a sheet adds its own
 * (sheet_style). The colours of squares, shading and rules are the ones
 * the browser test looks for: keep tests/cli/test_html_browser.sh in step.
 */
static const char page_style[] =
    "body{font:15px/1.45 sans-serif;color:#222;background:#fff;margin:1.5em}\n"
    "h1{font-size:1.3em;margin:0 0 .5em}\n"
    "h2{font-size:1.1em;margin:0 0 .4em;overflow-wrap:anywhere}\n"
    "section{border-top:2px solid #bbb;padding-top:.8em;margin-top:1.2em}\n"
    "figure{display:flex;flex-wrap:wrap;gap:.5em 1.2em;align-items:flex-start;"
    "margin:.8em 0;break-inside:avoid}\n"
    "figcaption{flex:1 1 20em;min-width:0}\n"
    "pre{font:13px/1.5 monospace;white-space:pre-wrap;overflow-wrap:anywhere;margin:0}\n"
    ".note{font-style:italic;overflow-wrap:anywhere}\n"
    ".fail{color:#c92a2a;font-weight:bold}\n"
    ".legend{font-size:13px;padding-left:1.2em}\n"
    "ol{list-style:none;padding:0;counter-reset:step}\n"
    "ol>li{counter-increment:step}\n"
    "ol>li figcaption::before{content:\"Step \" counter(step);display:block;"
    "font-weight:bold;font-size:13px}\n"
    ".legend i{display:inline-block;width:.9em;height:.9em;vertical-align:-.1em;"
    "border:1px solid #888}\n"
    "svg.g{flex:none}\n"
    ".g text{font-family:sans-serif;text-anchor:middle;dominant-baseline:central}\n"
    ".g .k{font-size:10px;fill:#444}\n"
    ".g .o{font-size:24px;font-weight:bold;fill:#111}\n"
    ".g .v{font-size:24px;fill:#1864ab}\n"
    ".g .n{font-size:10px;fill:#888}\n"
    ".g rect,.g .t,.g .T{shape-rendering:crispEdges}\n"
    ".t{fill:none;stroke:#aaa;stroke-width:1}\n"
    ".T{fill:none;stroke:#222;stroke-width:3}\n"
    ".b{fill:#d0e3fa}\n"
    ".c{fill:#fbe3a0}\n"
    ".p{fill:none;stroke:#4c6ef5;stroke-width:2}\n"
    ".ks{fill:#f08080}\n"
    ".kl{fill:#70c070}\n"
    ".kp{fill:#a5c8ff}\n"
    ".L{fill:none;stroke-width:1.6}\n"
    ".w{stroke-dasharray:4 3}\n"
    ".x{stroke-dasharray:1 3}\n"
    ".N{fill:none;stroke-width:1.4}\n"
    ".q0{stroke:#1971c2;color:#1971c2}.L.q0{marker-end:url(#m0)}\n"
    ".q1{stroke:#e8590c;color:#e8590c}.L.q1{marker-end:url(#m1)}\n"
    ".q2{stroke:#2f9e44;color:#2f9e44}.L.q2{marker-end:url(#m2)}\n"
    ".q3{stroke:#ae3ec9;color:#ae3ec9}.L.q3{marker-end:url(#m3)}\n"
    ".q4{stroke:#0c8599;color:#0c8599}.L.q4{marker-end:url(#m4)}\n"
    ".q5{stroke:#c2255c;color:#c2255c}.L.q5{marker-end:url(#m5)}\n"
    "@media print{body{margin:0}}\n";

/*
 * A sheet: puzzles two to a row and three rows to a page, answers five to
 * a row and five rows to a page, in sizes that fit both A4 and Letter
 * within the margins (a page 255 mm high at most), so that no grid is
 * split across two pages.
 */
static const char sheet_style[] =
    "@page{margin:12mm}\n"
    "h1{font-size:12pt;height:8mm;margin:0}\n"
    "h2{font-size:12pt;height:8mm;margin:0}\n"
    ".sheet{break-after:page}\n"
    ".sheet,.answers{orphans:1;widows:1}\n"
    ".sheet figure,.answers figure{display:inline-block;vertical-align:top;"
    "margin:0;break-inside:avoid;overflow:hidden}\n"
    ".sheet figure{width:88mm;height:80mm}\n"
    ".sheet svg{width:72mm;height:72mm}\n"
    ".answers figure{width:36mm;height:48mm}\n"
    ".answers svg{width:34mm;height:34mm}\n"
    ".sheet figcaption,.answers figcaption{font-size:7.5pt;color:#555;"
    "overflow-wrap:anywhere;max-height:2.4em;overflow:hidden}\n"
    ".sheet .o{font-size:22px}\n"
    ".answers .o,.answers .v{font-size:20px}\n"
    ".sheet .fail{font-size:10pt;margin:2mm 0}\n";

/* The arrowheads of chain links, one per branch colour. */
static const char markers[] =
    "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">"
    "<defs>"
    "<marker id=\"m0\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
    "markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#1971c2\"/></marker>"
    "<marker id=\"m1\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
    "markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#e8590c\"/></marker>"
    "<marker id=\"m2\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
    "markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#2f9e44\"/></marker>"
    "<marker id=\"m3\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
    "markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#ae3ec9\"/></marker>"
    "<marker id=\"m4\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
    "markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#0c8599\"/></marker>"
    "<marker id=\"m5\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
    "markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#c2255c\"/></marker>"
    "</defs></svg>\n";

void text_add_html_head(text_buffer *t, const char *title, int sheet)
{
    text_add_string(t, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                       "<meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, "
                       "initial-scale=1\">\n<title>");
    text_add_html_text(t, title, strlen(title));
    text_add_string(t, "</title>\n<style>\n");
    text_add(t, page_style, sizeof page_style - 1);
    if (sheet)
        text_add(t, sheet_style, sizeof sheet_style - 1);
    text_add_string(t, "</style>\n</head>\n<body>\n");
    if (!sheet)
        text_add(t, markers, sizeof markers - 1);
    text_add_string(t, "<h1>");
    text_add_html_text(t, title, strlen(title));
    text_add_string(t, "</h1>\n");
}

void text_add_html_tail(text_buffer *t)
{
    text_add_string(t, "</body>\n</html>\n");
}

void text_add_html_legend(text_buffer *t)
{
    text_add_string(
        t, "<ul class=\"legend\">"
           "<li><i style=\"background:#f08080\"></i> a candidate the step strikes; "
           "<i style=\"background:#70c070\"></i> a digit it places</li>"
           "<li><i style=\"background:#a5c8ff\"></i> the candidates of its pattern, "
           "in the cells framed in blue; "
           "<i style=\"background:#d0e3fa\"></i> its base units, "
           "<i style=\"background:#fbe3a0\"></i> its cover units</li>"
           "<li>a chain: a solid arrow is a strong link (if the first is false, "
           "the next is true), a dashed one a weak link (if the first is true, the "
           "next is false); each branch of a forcing chain has its colour, as its "
           "line of text</li>"
           "<li>givens in black, digits found in blue</li></ul>\n");
}

void text_add_html_where(text_buffer *t, const record_ref *r)
{
    text_add_html_text(t, r->source, strlen(r->source));
    text_add_string(t, ", line ");
    text_add_u64(t, r->line);
}

void text_add_html_record_name(text_buffer *t, const record_ref *r)
{
    text_add_string(t, "<h2>");
    text_add_html_where(t, r);
    text_add_string(t, "</h2>\n");
    if (r->note_length > 0) {
        text_add_string(t, "<p class=\"note\">");
        text_add_html_text(t, r->note, r->note_length);
        text_add_string(t, "</p>\n");
    }
}

/* <svg ...><title>ALT</title>, with room for labels in HTML_GRID_FULL. */
static void open_svg(text_buffer *t, const char *kind, int labels, const char *alt,
                     size_t length)
{
    text_add_string(t, "<svg class=\"g ");
    text_add_string(t, kind);
    text_add_string(t, labels ? "\" viewBox=\"-20 -16 346 342\" width=\"346\" "
                                "height=\"342\""
                              : "\" viewBox=\"-2 -2 328 328\"");
    text_add_string(t, " role=\"img\"><title>");
    text_add_html_text(t, alt, length);
    text_add_string(t, "</title>");
}

/* The rules between cells and boxes, the frame, and with `labels` the rows'
   and columns' numbers. */
static void add_rules(text_buffer *t, int labels)
{
    text_add_string(t, "<path class=\"t\" d=\"");
    for (int i = 1; i < 9; i++) {
        if (i % 3 == 0)
            continue;
        text_add_string(t, "M");
        add_int(t, i * CELL);
        text_add_string(t, " 0V324M0 ");
        add_int(t, i * CELL);
        text_add_string(t, "H324");
    }
    text_add_string(t, "\"/><path class=\"T\" d=\"M108 0V324M216 0V324M0 108H324"
                       "M0 216H324M0 0H324V324H0z\"/>");
    if (!labels)
        return;
    text_add_string(t, "<text class=\"n\" x=\"");
    for (int i = 0; i < 9; i++) {
        add_int(t, i * CELL + CELL / 2);
        text_add_char(t, i < 8 ? ' ' : '"');
    }
    text_add_string(t, " y=\"-8\">123456789</text><text class=\"n\" x=\"-10 -10 -10 "
                       "-10 -10 -10 -10 -10 -10\" y=\"");
    for (int i = 0; i < 9; i++) {
        add_int(t, i * CELL + CELL / 2);
        text_add_char(t, i < 8 ? ' ' : '"');
    }
    text_add_string(t, ">123456789</text>");
}

/* <rect class="CLASS" x y width height/> */
static void add_rect(text_buffer *t, const char *cls, int x, int y, int w, int h)
{
    text_add_string(t, "<rect class=\"");
    text_add_string(t, cls);
    text_add_string(t, "\" x=\"");
    add_int(t, x);
    text_add_string(t, "\" y=\"");
    add_int(t, y);
    text_add_string(t, "\" width=\"");
    add_int(t, w);
    text_add_string(t, "\" height=\"");
    add_int(t, h);
    text_add_string(t, "\"/>");
}

/* A digit filling its cell: a given (class o) or found (v). */
static void add_value(text_buffer *t, int cell, int digit, int given)
{
    text_add_string(t, given ? "<text class=\"o\" x=\"" : "<text class=\"v\" x=\"");
    add_int(t, cell % 9 * CELL + CELL / 2);
    text_add_string(t, "\" y=\"");
    add_int(t, cell / 9 * CELL + CELL / 2);
    text_add_string(t, "\">");
    text_add_char(t, (char)('0' + digit));
    text_add_string(t, "</text>");
}

void text_add_html_grid(text_buffer *t, const sudoku_grid *grid,
                        const sudoku_grid *givens, html_grid_kind kind, const char *alt)
{
    static const char *const kinds[] = {"full", "sheet", "answer"};

    open_svg(t, kinds[kind], kind == HTML_GRID_FULL, alt, strlen(alt));
    add_rules(t, kind == HTML_GRID_FULL);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (grid->cell[c])
            add_value(t, c, grid->cell[c], givens->cell[c] == grid->cell[c]);
    }
    text_add_string(t, "</svg>");
}

/* The shading of a set of units (rows 0-8, columns 9-17, boxes 18-26). */
static void add_units(text_buffer *t, const char *cls, unsigned long units)
{
    for (int u = 0; u < 27; u++) {
        const int i = u % 9;

        if (!(units >> u & 1))
            continue;
        if (u < 9)
            add_rect(t, cls, 0, i * CELL, SIDE, CELL);
        else if (u < 18)
            add_rect(t, cls, i * CELL, 0, CELL, SIDE);
        else
            add_rect(t, cls, i % 3 * 3 * CELL, i / 3 * 3 * CELL, 3 * CELL, 3 * CELL);
    }
}

/* Where candidate d of cell c is centred, in tenths. */
static long slot_x(int c, int d)
{
    return 10L * (c % 9 * CELL + (d - 1) % 3 * SLOT + SLOT / 2);
}

static long slot_y(int c, int d)
{
    return 10L * (c / 9 * CELL + (d - 1) / 3 * SLOT + SLOT / 2);
}

/* The pattern's cells framed, and the squares behind its candidates. */
static void add_step_marks(text_buffer *t, const sudoku_candidates *grid,
                           const sudoku_step *step)
{
    unsigned char framed[SUDOKU_CELLS] = {0};

    for (int i = 0; i < step->cell_count; i++)
        framed[step->cells[i]] = 1;
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (framed[c] || step->pattern[c])
            add_rect(t, "p", c % 9 * CELL + 2, c / 9 * CELL + 2, CELL - 4, CELL - 4);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 1; d <= 9 && !grid->value[c]; d++) {
            const unsigned bit = 1u << (d - 1);
            const char *cls = step->strike[c] & bit ? "ks"
                              : step->place[c] == d ? "kl"
                              : step->pattern[c] & bit ? "kp" : NULL;

            if (cls && grid->mask[c] & bit)
                add_rect(t, cls, c % 9 * CELL + (d - 1) % 3 * SLOT + 1,
                         c / 9 * CELL + (d - 1) / 3 * SLOT + 1, SLOT - 2, SLOT - 2);
        }
    }
}

/* A whole square root, for the length of a link. */
static long root(long v)
{
    long r = 0;

    while ((r + 1) * (r + 1) <= v)
        r++;
    return r;
}

/*
 * A link from one candidate to another, curved so that links along one
 * row do not hide each other, towards the middle of the grid so that none
 * leaves it, and ending short of the candidate's centre, where its
 * arrowhead points. `style` is s (strong), w (weak) or x (cut).
 */
static void add_link(text_buffer *t, const sudoku_chain_node *from,
                     const sudoku_chain_node *to, const char *style, int branch)
{
    const long ax = slot_x(from->cell, from->digit), ay = slot_y(from->cell, from->digit);
    const long bx = slot_x(to->cell, to->digit), by = slot_y(to->cell, to->digit);
    const long mx = (ax + bx) / 2, my = (ay + by) / 2, half = 10L * SIDE / 2;
    /* of the two sides, the one whose bend goes nearer the middle */
    const int toward = (-(by - ay)) * (half - mx) + (bx - ax) * (half - my) >= 0;
    const long cx = mx + (toward ? -(by - ay) : by - ay) / 5;
    const long cy = my + (toward ? bx - ax : ax - bx) / 5;
    const long length = root((bx - cx) * (bx - cx) + (by - cy) * (by - cy));
    const long back = length > 0 ? 55 : 0; /* 5.5 units */

    text_add_string(t, "<path class=\"L ");
    text_add_string(t, style);
    text_add_string(t, " q");
    text_add_char(t, (char)('0' + branch % BRANCH_COLOURS));
    text_add_string(t, "\" d=\"M");
    add_tenths(t, ax);
    text_add_char(t, ' ');
    add_tenths(t, ay);
    text_add_char(t, 'Q');
    add_tenths(t, cx);
    text_add_char(t, ' ');
    add_tenths(t, cy);
    text_add_char(t, ' ');
    add_tenths(t, length > 0 ? bx - (bx - cx) * back / length : bx);
    text_add_char(t, ' ');
    add_tenths(t, length > 0 ? by - (by - cy) * back / length : by);
    text_add_string(t, "\"/>");
}

/*
 * A chain: each link from a node to the next within its branch, strong
 * into a node the chain makes true and weak into one it makes false, and a
 * ring round every node, each in its branch's colour; a nested chain's
 * links are drawn as the outer chain's are. Where nodes were left out
 * (SUDOKU_CHAIN_CUT), the link is dotted, where the words say "...".
 */
static void add_chain(text_buffer *t, const sudoku_step *step)
{
    sudoku_chain_walk walk;
    sudoku_chain_event event;

    sudoku_chain_walk_start(&walk, step);
    while ((event = sudoku_chain_walk_next(&walk)) != SUDOKU_CHAIN_DONE) {
        if (event == SUDOKU_CHAIN_NODE && walk.from)
            add_link(t, walk.from, walk.node,
                     walk.cut ? "x" : walk.node->flags & SUDOKU_CHAIN_ON ? "s" : "w",
                     walk.branch);
    }
    sudoku_chain_walk_start(&walk, step);
    while ((event = sudoku_chain_walk_next(&walk)) != SUDOKU_CHAIN_DONE) {
        if (event != SUDOKU_CHAIN_NODE)
            continue;
        text_add_string(t, "<circle class=\"N q");
        text_add_char(t, (char)('0' + walk.branch % BRANCH_COLOURS));
        text_add_string(t, "\" cx=\"");
        add_tenths(t, slot_x(walk.node->cell, walk.node->digit));
        text_add_string(t, "\" cy=\"");
        add_tenths(t, slot_y(walk.node->cell, walk.node->digit));
        text_add_string(t, "\" r=\"6.5\"/>");
    }
}

/* The x (or y) of each candidate of a mask in a cell, a space between. */
static void add_slots(text_buffer *t, int c, unsigned mask, long (*slot)(int c, int d))
{
    const char *space = "";

    for (int d = 1; d <= 9; d++) {
        if (mask >> (d - 1) & 1) {
            text_add_string(t, space);
            add_tenths(t, slot(c, d));
            space = " ";
        }
    }
}

/* An open cell's candidates: one <text>, each digit placed by the lists. */
static void add_cell_candidates(text_buffer *t, int c, unsigned mask)
{
    text_add_string(t, "<text class=\"k\" x=\"");
    add_slots(t, c, mask, slot_x);
    text_add_string(t, "\" y=\"");
    add_slots(t, c, mask, slot_y);
    text_add_string(t, "\">");
    for (int d = 1; d <= 9; d++) {
        if (mask >> (d - 1) & 1)
            text_add_char(t, (char)('0' + d));
    }
    text_add_string(t, "</text>");
}

void text_add_html_candidates(text_buffer *t, const sudoku_candidates *grid,
                              const sudoku_grid *givens, const sudoku_step *step,
                              const char *alt, size_t length)
{
    open_svg(t, step ? "step" : "marks", 1, alt, length);
    if (step) {
        add_units(t, "b", step->units);
        add_units(t, "c", step->cover_units);
        add_step_marks(t, grid, step);
    }
    add_rules(t, 1);
    if (step && step->chain_count > 0)
        add_chain(t, step);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (grid->value[c])
            add_value(t, c, grid->value[c], givens->cell[c] == grid->value[c]);
        else
            add_cell_candidates(t, c, grid->mask[c]);
    }
    text_add_string(t, "</svg>");
}

void text_add_html_step_words(text_buffer *t, const char *words, size_t length)
{
    const char *end = words + length, *line = words;
    int branch = 0;

    text_add_string(t, "<pre>");
    while (line < end) {
        const char *stop = memchr(line, '\n', (size_t)(end - line));
        const size_t n = stop ? (size_t)(stop - line) : (size_t)(end - line);

        if (line == words) {
            text_add_html_text(t, line, n);
        } else {
            text_add_string(t, "\n<span class=\"q");
            text_add_char(t, (char)('0' + branch++ % BRANCH_COLOURS));
            text_add_string(t, "\">");
            text_add_html_text(t, line, n);
            text_add_string(t, "</span>");
        }
        line += n + 1;
    }
    text_add_string(t, "</pre>");
}

void text_add_html_sheet_start(text_buffer *t)
{
    text_add_html_head(t, "Sudoku puzzles", 1);
    text_add_string(t, "<div class=\"sheet\">\n");
}

void text_add_html_sheet_end(text_buffer *t, int last, unsigned long long answers)
{
    if (!last) {
        text_add_string(t, answers ? "</div>\n<div class=\"answers\">\n<h2>Answers</h2>\n"
                                    : "</div>\n");
        return;
    }
    if (answers)
        text_add_string(t, "</div>\n");
    text_add_html_tail(t);
}

void text_add_html_figure(text_buffer *t, const sudoku_grid *grid,
                          const sudoku_grid *givens, html_grid_kind kind)
{
    char alt[8 + SUDOKU_CELLS + 1];

    strcpy(alt, kind == HTML_GRID_ANSWER ? "Answer: " : "Puzzle: ");
    sudoku_format(grid, alt + 8);
    text_add_string(t, "<figure>");
    text_add_html_grid(t, grid, givens, kind, alt);
    text_add_string(t, "<figcaption>");
}

void text_add_html_puzzle_figure(text_buffer *t, const sudoku_grid *puzzle,
                                 const char *failure, size_t length)
{
    if (puzzle) {
        text_add_html_figure(t, puzzle, puzzle, HTML_GRID_SHEET);
        return;
    }
    text_add_string(t, "<figure><p class=\"fail\">");
    text_add_html_text(t, failure, length);
    text_add_string(t, "</p><figcaption>");
}

void text_add_html_figure_end(text_buffer *t)
{
    text_add_string(t, "</figcaption></figure>\n");
}

void text_add_html_rating(text_buffer *t, const sudoku_rating *rating)
{
    char text[RATING_TEXT_BOUND];
    const size_t length = (size_t)(put_rating(text, rating) - text);

    text_add_html_text(t, text, length);
}
