/*
 * html.h - the pieces HTML output is drawn with: one page, self-contained
 * (no script, nothing fetched: the style is in the page, the drawings are
 * inline SVG), and grids drawn as SVG.
 *
 * Like text.h's, each piece appends to a text_buffer, which grows as it
 * goes. Every text that came from input (a file name, a note, the cells as
 * read, a message quoting them) goes through text_add_html_text(), so that
 * no input can open a tag, an entity or an attribute.
 *
 * A drawing of a grid is an <svg role="img"> whose <title> is its text
 * alternative. Its 81 cells are the <text> elements of classes o (a
 * given), v (a digit found) and k (an open cell's candidates, one
 * character each, placed by lists of x and y); the page's tests count
 * them. A step is drawn on the candidates it was found on: its base units
 * shaded (class b), its cover units (c), its cells framed (p), its
 * candidates marked (kp), the candidates it strikes (ks) and the digits it
 * places (kl) on squares of their own colours, and a chain's links as
 * arrows, solid for a strong link and dashed for a weak one, each branch
 * of a forcing chain in its own colour (q0 to q5).
 */
#ifndef SUDOKU_HTML_H
#define SUDOKU_HTML_H

#include "text.h"

#include <stddef.h>

/*
 * Bytes as HTML text, fit for an element's content or a quoted attribute:
 * & < > " ' as references; well-formed UTF-8 passes through, but a byte
 * that is not part of it, a control character other than a tab or a line
 * break, and a noncharacter become U+FFFD.
 */
void text_add_html_text(text_buffer *t, const char *s, size_t length);

/*
 * The start of a page: the doctype, the head with its style, the body's
 * start with the arrowheads the chains use, and the title as a heading.
 * With `sheet`, the style for printing puzzles several to a page.
 */
void text_add_html_head(text_buffer *t, const char *title, int sheet);

/* The end of a page. */
void text_add_html_tail(text_buffer *t);

/* What the colours of a drawn step mean, as a list. */
void text_add_html_legend(text_buffer *t);

/* "SOURCE, line N": where a record came from. */
void text_add_html_where(text_buffer *t, const record_ref *r);

/* "<h2>SOURCE, line N</h2>" and the note, if any. */
void text_add_html_record_name(text_buffer *t, const record_ref *r);

/* How a grid of digits is drawn. */
typedef enum html_grid_kind {
    HTML_GRID_FULL,   /* explain's puzzle and solution, with row and column labels */
    HTML_GRID_SHEET,  /* a puzzle on a sheet, to be solved on paper */
    HTML_GRID_ANSWER  /* a sheet's answer, small */
} html_grid_kind;

/*
 * A grid of digits (blanks left empty): a digit `givens` also holds is
 * drawn as a given, the others as found. `alt` (NUL-terminated) is its
 * text alternative.
 */
void text_add_html_grid(text_buffer *t, const sudoku_grid *grid,
                        const sudoku_grid *givens, html_grid_kind kind, const char *alt);

/*
 * The candidates of a grid, with a step drawn on them when `step` is not
 * NULL; placed cells show their digits, as givens where `givens` holds
 * them. `alt` (length bytes) is the text alternative.
 */
void text_add_html_candidates(text_buffer *t, const sudoku_candidates *grid,
                              const sudoku_grid *givens, const sudoku_step *step,
                              const char *alt, size_t length);

/*
 * A sheet of puzzles, as solve and generate print them: a page of puzzles
 * (text_add_html_sheet_start()), each a figure
 * whose caption is the small print under it, then the answers, from
 * the text the records kept, from a page of their own.
 */
void text_add_html_sheet_start(text_buffer *t);

/*
 * Where the end hook of a sheet's command is called: at END_RECORDS, the
 * puzzles end and, when some records kept answers (`answers`), the answers
 * start; at END_OUTPUT, the page ends.
 */
void text_add_html_sheet_end(text_buffer *t, int last, unsigned long long answers);

/*
 * A figure of a sheet: "<figure>", the grid as kind draws it (its text
 * alternative "Puzzle: " or "Answer: " and its 81 cells) and the start of
 * its caption, which the caller writes and closes with
 * text_add_html_figure_end().
 */
void text_add_html_figure(text_buffer *t, const sudoku_grid *grid,
                          const sudoku_grid *givens, html_grid_kind kind);

/*
 * A puzzle's figure on a sheet, as text_add_html_figure() draws it; or,
 * with no puzzle, the words of a failure where it would stand (`length`
 * bytes).
 */
void text_add_html_puzzle_figure(text_buffer *t, const sudoku_grid *puzzle,
                                 const char *failure, size_t length);

/* "</figcaption></figure>" and a line break. */
void text_add_html_figure_end(text_buffer *t);

/* A rating as text_add_rating() writes it, its '>' escaped. */
void text_add_html_rating(text_buffer *t, const sudoku_rating *rating);

/*
 * A step's words as the text format writes them, in a <pre>, each branch
 * of a forcing chain on its line in the colour of its drawing.
 */
void text_add_html_step_words(text_buffer *t, const char *words, size_t length);

#endif /* SUDOKU_HTML_H */
