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

char *put_html_text(char *p, const char *s, size_t length)
{
    const unsigned char *b = (const unsigned char *)s;

    for (size_t i = 0; i < length; i++) {
        const unsigned char c = b[i];
        size_t n;
        unsigned long code;

        switch (c) {
        case '&': p = put(p, "&amp;", 5); continue;
        case '<': p = put(p, "&lt;", 4); continue;
        case '>': p = put(p, "&gt;", 4); continue;
        case '"': p = put(p, "&quot;", 6); continue;
        case '\'': p = put(p, "&#39;", 5); continue;
        default: break;
        }
        if (c == '\t' || c == '\n' || (c >= 0x20 && c < 0x7F)) {
            *p++ = (char)c;
            continue;
        }
        n = c >= 0x80 ? utf8_length(b + i, length - i) : 0;
        code = n ? c & (0x7Fu >> n) : 0;
        for (size_t k = 1; k < n; k++)
            code = code << 6 | (b[i + k] & 0x3F);
        /* C1 controls and noncharacters are errors in an HTML page */
        if (n == 0 || code < 0xA0 || (code >= 0xFDD0 && code <= 0xFDEF) ||
            (code & 0xFFFE) == 0xFFFE) {
            p = put(p, "\xEF\xBF\xBD", 3); /* U+FFFD */
            if (n > 1)
                i += n - 1;
            continue;
        }
        p = put(p, s + i, n);
        i += n - 1;
    }
    return p;
}

/* A number in tenths, "12.5" or "-3", as SVG reads it. */
static char *put_tenths(char *p, long v)
{
    if (v < 0) {
        *p++ = '-';
        v = -v;
    }
    p = put_u64(p, (uint64_t)(v / 10));
    if (v % 10) {
        *p++ = '.';
        *p++ = (char)('0' + v % 10);
    }
    return p;
}

static char *put_int(char *p, int v)
{
    return put_tenths(p, 10L * v);
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

char *put_html_head(char *p, const char *title, int sheet)
{
    p = put_string(p, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                      "<meta charset=\"utf-8\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, "
                      "initial-scale=1\">\n<title>");
    p = put_html_text(p, title, strlen(title));
    p = put_string(p, "</title>\n<style>\n");
    p = put(p, page_style, sizeof page_style - 1);
    if (sheet)
        p = put(p, sheet_style, sizeof sheet_style - 1);
    p = put_string(p, "</style>\n</head>\n<body>\n");
    if (!sheet)
        p = put(p, markers, sizeof markers - 1);
    p = put_string(p, "<h1>");
    p = put_html_text(p, title, strlen(title));
    return put_string(p, "</h1>\n");
}

char *put_html_tail(char *p)
{
    return put_string(p, "</body>\n</html>\n");
}

char *put_html_legend(char *p)
{
    return put_string(
        p, "<ul class=\"legend\">"
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

char *put_html_where(char *p, const record_ref *r)
{
    p = put_html_text(p, r->source, strlen(r->source));
    p = put_string(p, ", line ");
    return put_u64(p, r->line);
}

char *put_html_record_name(char *p, const record_ref *r)
{
    p = put_string(p, "<h2>");
    p = put_html_where(p, r);
    p = put_string(p, "</h2>\n");
    if (r->note_length > 0) {
        p = put_string(p, "<p class=\"note\">");
        p = put_html_text(p, r->note, r->note_length);
        p = put_string(p, "</p>\n");
    }
    return p;
}

/* <svg ...><title>ALT</title>, with room for labels in HTML_GRID_FULL. */
static char *open_svg(char *p, const char *kind, int labels, const char *alt,
                      size_t length)
{
    p = put_string(p, "<svg class=\"g ");
    p = put_string(p, kind);
    p = put_string(p, labels ? "\" viewBox=\"-20 -16 346 342\" width=\"346\" "
                               "height=\"342\""
                             : "\" viewBox=\"-2 -2 328 328\"");
    p = put_string(p, " role=\"img\"><title>");
    p = put_html_text(p, alt, length);
    return put_string(p, "</title>");
}

/* The rules between cells and boxes, the frame, and with `labels` the rows'
   and columns' numbers. */
static char *put_rules(char *p, int labels)
{
    p = put_string(p, "<path class=\"t\" d=\"");
    for (int i = 1; i < 9; i++) {
        if (i % 3 == 0)
            continue;
        p = put_string(p, "M");
        p = put_int(p, i * CELL);
        p = put_string(p, " 0V324M0 ");
        p = put_int(p, i * CELL);
        p = put_string(p, "H324");
    }
    p = put_string(p, "\"/><path class=\"T\" d=\"M108 0V324M216 0V324M0 108H324"
                      "M0 216H324M0 0H324V324H0z\"/>");
    if (!labels)
        return p;
    p = put_string(p, "<text class=\"n\" x=\"");
    for (int i = 0; i < 9; i++) {
        p = put_int(p, i * CELL + CELL / 2);
        *p++ = i < 8 ? ' ' : '"';
    }
    p = put_string(p, " y=\"-8\">123456789</text><text class=\"n\" x=\"-10 -10 -10 "
                      "-10 -10 -10 -10 -10 -10\" y=\"");
    for (int i = 0; i < 9; i++) {
        p = put_int(p, i * CELL + CELL / 2);
        *p++ = i < 8 ? ' ' : '"';
    }
    return put_string(p, ">123456789</text>");
}

/* <rect class="CLASS" x y width height/> */
static char *put_rect(char *p, const char *cls, int x, int y, int w, int h)
{
    p = put_string(p, "<rect class=\"");
    p = put_string(p, cls);
    p = put_string(p, "\" x=\"");
    p = put_int(p, x);
    p = put_string(p, "\" y=\"");
    p = put_int(p, y);
    p = put_string(p, "\" width=\"");
    p = put_int(p, w);
    p = put_string(p, "\" height=\"");
    p = put_int(p, h);
    return put_string(p, "\"/>");
}

/* A digit filling its cell: a given (class o) or found (v). */
static char *put_value(char *p, int cell, int digit, int given)
{
    p = put_string(p, given ? "<text class=\"o\" x=\"" : "<text class=\"v\" x=\"");
    p = put_int(p, cell % 9 * CELL + CELL / 2);
    p = put_string(p, "\" y=\"");
    p = put_int(p, cell / 9 * CELL + CELL / 2);
    p = put_string(p, "\">");
    *p++ = (char)('0' + digit);
    return put_string(p, "</text>");
}

char *put_html_grid(char *p, const sudoku_grid *grid, const sudoku_grid *givens,
                    html_grid_kind kind, const char *alt)
{
    static const char *const kinds[] = {"full", "sheet", "answer"};

    p = open_svg(p, kinds[kind], kind == HTML_GRID_FULL, alt, strlen(alt));
    p = put_rules(p, kind == HTML_GRID_FULL);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (grid->cell[c])
            p = put_value(p, c, grid->cell[c], givens->cell[c] == grid->cell[c]);
    }
    return put_string(p, "</svg>");
}

/* The shading of a set of units (rows 0-8, columns 9-17, boxes 18-26). */
static char *put_units(char *p, const char *cls, unsigned long units)
{
    for (int u = 0; u < 27; u++) {
        const int i = u % 9;

        if (!(units >> u & 1))
            continue;
        if (u < 9)
            p = put_rect(p, cls, 0, i * CELL, SIDE, CELL);
        else if (u < 18)
            p = put_rect(p, cls, i * CELL, 0, CELL, SIDE);
        else
            p = put_rect(p, cls, i % 3 * 3 * CELL, i / 3 * 3 * CELL, 3 * CELL, 3 * CELL);
    }
    return p;
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
static char *put_step_marks(char *p, const sudoku_candidates *grid,
                            const sudoku_step *step)
{
    unsigned char framed[SUDOKU_CELLS] = {0};

    for (int i = 0; i < step->cell_count; i++)
        framed[step->cells[i]] = 1;
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (framed[c] || step->pattern[c])
            p = put_rect(p, "p", c % 9 * CELL + 2, c / 9 * CELL + 2, CELL - 4, CELL - 4);
    }
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        for (int d = 1; d <= 9 && !grid->value[c]; d++) {
            const unsigned bit = 1u << (d - 1);
            const char *cls = step->strike[c] & bit ? "ks"
                              : step->place[c] == d ? "kl"
                              : step->pattern[c] & bit ? "kp" : NULL;

            if (cls && grid->mask[c] & bit)
                p = put_rect(p, cls, c % 9 * CELL + (d - 1) % 3 * SLOT + 1,
                             c / 9 * CELL + (d - 1) / 3 * SLOT + 1, SLOT - 2, SLOT - 2);
        }
    }
    return p;
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
static char *put_link(char *p, const sudoku_chain_node *from,
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

    p = put_string(p, "<path class=\"L ");
    p = put_string(p, style);
    p = put_string(p, " q");
    *p++ = (char)('0' + branch % BRANCH_COLOURS);
    p = put_string(p, "\" d=\"M");
    p = put_tenths(p, ax);
    *p++ = ' ';
    p = put_tenths(p, ay);
    *p++ = 'Q';
    p = put_tenths(p, cx);
    *p++ = ' ';
    p = put_tenths(p, cy);
    *p++ = ' ';
    p = put_tenths(p, length > 0 ? bx - (bx - cx) * back / length : bx);
    *p++ = ' ';
    p = put_tenths(p, length > 0 ? by - (by - cy) * back / length : by);
    return put_string(p, "\"/>");
}

/*
 * A chain: each link from a node to the next within its branch, strong
 * into a node the chain makes true and weak into one it makes false, and a
 * ring round every node. A branch cut short (chain_cut) has its last link
 * dotted, where the words say "...".
 */
static char *put_chain(char *p, const sudoku_step *step)
{
    int branch = -1, start = 0;

    for (int i = 0; i < step->chain_count; i++) {
        const sudoku_chain_node *node = &step->chain[i];
        int end = i + 1;

        if (i == 0 || node->flags & SUDOKU_CHAIN_BRANCH) {
            branch++;
            start = i;
            continue;
        }
        while (end < step->chain_count && !(step->chain[end].flags & SUDOKU_CHAIN_BRANCH))
            end++;
        p = put_link(p, node - 1, node,
                     step->chain_cut && i == end - 1 && i > start + 1 ? "x"
                     : node->flags & SUDOKU_CHAIN_ON ? "s" : "w",
                     branch);
    }
    branch = -1;
    for (int i = 0; i < step->chain_count; i++) {
        const sudoku_chain_node *node = &step->chain[i];

        if (i == 0 || node->flags & SUDOKU_CHAIN_BRANCH)
            branch++;
        p = put_string(p, "<circle class=\"N q");
        *p++ = (char)('0' + branch % BRANCH_COLOURS);
        p = put_string(p, "\" cx=\"");
        p = put_tenths(p, slot_x(node->cell, node->digit));
        p = put_string(p, "\" cy=\"");
        p = put_tenths(p, slot_y(node->cell, node->digit));
        p = put_string(p, "\" r=\"6.5\"/>");
    }
    return p;
}

/* The x (or y) of each candidate of a mask in a cell, a space between. */
static char *put_slots(char *p, int c, unsigned mask, long (*slot)(int c, int d))
{
    const char *space = "";

    for (int d = 1; d <= 9; d++) {
        if (mask >> (d - 1) & 1) {
            p = put_string(p, space);
            p = put_tenths(p, slot(c, d));
            space = " ";
        }
    }
    return p;
}

/* An open cell's candidates: one <text>, each digit placed by the lists. */
static char *put_cell_candidates(char *p, int c, unsigned mask)
{
    p = put_string(p, "<text class=\"k\" x=\"");
    p = put_slots(p, c, mask, slot_x);
    p = put_string(p, "\" y=\"");
    p = put_slots(p, c, mask, slot_y);
    p = put_string(p, "\">");
    for (int d = 1; d <= 9; d++) {
        if (mask >> (d - 1) & 1)
            *p++ = (char)('0' + d);
    }
    return put_string(p, "</text>");
}

char *put_html_candidates(char *p, const sudoku_candidates *grid,
                          const sudoku_grid *givens, const sudoku_step *step,
                          const char *alt, size_t length)
{
    p = open_svg(p, step ? "step" : "marks", 1, alt, length);
    if (step) {
        p = put_units(p, "b", step->units);
        p = put_units(p, "c", step->cover_units);
        p = put_step_marks(p, grid, step);
    }
    p = put_rules(p, 1);
    if (step && step->chain_count > 0)
        p = put_chain(p, step);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (grid->value[c])
            p = put_value(p, c, grid->value[c], givens->cell[c] == grid->value[c]);
        else
            p = put_cell_candidates(p, c, grid->mask[c]);
    }
    return put_string(p, "</svg>");
}

char *put_html_step_words(char *p, const char *words, size_t length)
{
    const char *end = words + length, *line = words;
    int branch = 0;

    p = put_string(p, "<pre>");
    while (line < end) {
        const char *stop = memchr(line, '\n', (size_t)(end - line));
        const size_t n = stop ? (size_t)(stop - line) : (size_t)(end - line);

        if (line == words) {
            p = put_html_text(p, line, n);
        } else {
            p = put_string(p, "\n<span class=\"q");
            *p++ = (char)('0' + branch++ % BRANCH_COLOURS);
            p = put_string(p, "\">");
            p = put_html_text(p, line, n);
            p = put_string(p, "</span>");
        }
        line += n + 1;
    }
    return put_string(p, "</pre>");
}

char *put_html_sheet_start(char *p)
{
    p = put_html_head(p, "Sudoku puzzles", 1);
    return put_string(p, "<div class=\"sheet\">\n");
}

char *put_html_sheet_end(char *p, int last, unsigned long long answers)
{
    if (!last)
        return put_string(p, answers ? "</div>\n<div class=\"answers\">\n<h2>Answers</h2>\n"
                                     : "</div>\n");
    if (answers)
        p = put_string(p, "</div>\n");
    return put_html_tail(p);
}

char *put_html_figure(char *p, const sudoku_grid *grid, const sudoku_grid *givens,
                      html_grid_kind kind)
{
    char alt[16 + SUDOKU_CELLS + 1];

    sudoku_format(grid, put_string(alt, kind == HTML_GRID_ANSWER ? "Answer: " : "Puzzle: "));
    p = put_string(p, "<figure>");
    p = put_html_grid(p, grid, givens, kind, alt);
    return put_string(p, "<figcaption>");
}

char *put_html_puzzle_figure(char *p, const sudoku_grid *puzzle, const char *failure,
                             size_t length)
{
    if (puzzle)
        return put_html_figure(p, puzzle, puzzle, HTML_GRID_SHEET);
    p = put_string(p, "<figure><p class=\"fail\">");
    p = put_html_text(p, failure, length);
    return put_string(p, "</p><figcaption>");
}

char *put_html_figure_end(char *p)
{
    return put_string(p, "</figcaption></figure>\n");
}

char *put_html_rating(char *p, const sudoku_rating *rating)
{
    char text[64];
    const size_t n = (size_t)(put_rating(text, rating) - text);

    return put_html_text(p, text, n);
}
