/*
 * test_html.c - HTML output: one page a run, whatever the records and the
 * threads; a sheet's answers after its puzzles, in order, also when they
 * pass what memory keeps; input escaped; the commands without it refuse it;
 * a step's drawing and its JSON agree on a chain cut short, which no
 * puzzle of the rating sets has, on a step made by hand.
 *
 * What the pages look like, and that they are well formed, is checked by
 * tests/cli/test_html_pages.py (Python's HTML parser) and in a browser by
 * tests/cli/test_html_browser.sh.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "html.h"

/* How often `needle` occurs in `text`. */
static size_t occurrences(const char *text, const char *needle)
{
    size_t n = 0;

    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* A page: the doctype first, the end last, each once. */
static void expect_one_page(const cli_result *res)
{
    static const char end[] = "</body>\n</html>\n";

    assert_memory_equal(res->out, "<!DOCTYPE html>\n", 16);
    assert_true(res->out_length >= sizeof end);
    assert_string_equal(res->out + res->out_length - (sizeof end - 1), end);
    assert_int_equal(occurrences(res->out, "<!DOCTYPE"), 1);
    assert_int_equal(occurrences(res->out, "</html>"), 1);
}

/* explain: a section per record, failures too, on one page. */
static void test_explain_page(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "explain", "-f", "html", norvig, unsolvable, wiki, NULL);
    expect_one_page(&res);
    assert_int_equal(occurrences(res.out, "<section>"), 3);
    assert_int_equal(occurrences(res.out, "</section>"), 3);
    assert_non_null(strstr(res.out, "<h2>&lt;arg 2&gt;, line 1</h2>\n"
                                    "<p class=\"fail\">unsolvable: no solution</p>"));
    assert_non_null(strstr(res.out, "Rating: 2.6/1.2/1.2 medium</pre>"));
    assert_non_null(strstr(res.out, "<title>Hidden Single: r6c2=4 in b4</title>"));
    assert_string_equal(res.err, "sudoku: <arg 2>:1: no solution\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* no record at all: the page still opens and closes */
    run(&res, "", "explain", "-f", "html", NULL);
    expect_one_page(&res);
    assert_null(strstr(res.out, "<section>"));
    assert_int_equal(res.status, 0);
    free_result(&res);

    run(&res, "", "explain", "--hint", "-f", "html", norvig, NULL);
    assert_int_equal(occurrences(res.out, "<svg class=\"g step\""), 1);
    assert_null(strstr(res.out, "Rating:"));
    free_result(&res);
}

/* Many records on two threads give the bytes one thread gives. */
static void test_threads_same_page(void **state)
{
    char path[4096], *text = malloc(60 * 83 + 1);
    cli_result one, two;

    (void)state;
    assert_non_null(text);
    text[0] = '\0';
    for (int i = 0; i < 60; i++) {
        strcat(text, i % 3 ? norvig : qqwing);
        strcat(text, "\n");
    }
    make_file(path, sizeof path, "many.txt", text);
    run(&one, "", "explain", "-f", "html", "-j1", path, NULL);
    run(&two, "", "explain", "-f", "html", "-j2", path, NULL);
    expect_one_page(&one);
    assert_int_equal(occurrences(one.out, "<section>"), 60);
    expect_same_run(&one, &two);
    free_result(&one);
    free_result(&two);
    run(&one, "", "solve", "-f", "html", "-j1", path, NULL);
    run(&two, "", "solve", "-f", "html", "-j2", path, NULL);
    expect_same_run(&one, &two);
    assert_int_equal(occurrences(one.out, "<svg class=\"g answer\""), 60);
    free_result(&one);
    free_result(&two);
    remove(path);
    free(text);
}

/*
 * A sheet: the puzzles, then the answers in the same order; 400 of them
 * (3.6 KB each) pass the megabyte memory keeps, and the rest come back
 * from the temporary file, in order.
 */
static void test_sheet_answers_in_order(void **state)
{
    cli_result res;
    const char *answers, *p;
    char caption[64];

    (void)state;
    run(&res, "", "generate", "--seed", "5", "-n", "400", "-f", "html", "-j2", NULL);
    expect_one_page(&res);
    assert_int_equal(res.status, 0);
    answers = strstr(res.out, "<div class=\"answers\">\n<h2>Answers</h2>\n");
    assert_non_null(answers);
    assert_true(strlen(answers) > 1024 * 1024);
    assert_int_equal(occurrences(res.out, "<svg class=\"g sheet\""), 400);
    assert_int_equal(occurrences(answers, "<svg class=\"g answer\""), 400);
    p = answers;
    for (int k = 0; k < 400; k++) {
        snprintf(caption, sizeof caption, "<figcaption>puzzle %d</figcaption>", k + 1);
        p = strstr(p, caption);
        assert_non_null(p);
    }
    snprintf(caption, sizeof caption, "<figcaption>puzzle 1, seed 5, ");
    assert_true(strstr(res.out, caption) < answers);
    free_result(&res);

    /* no answers, no heading for them */
    run(&res, "", "solve", "-f", "html", unsolvable, NULL);
    expect_one_page(&res);
    assert_null(strstr(res.out, "Answers"));
    assert_int_equal(res.status, 1);
    free_result(&res);
}

/* grade and canon have no HTML. */
/*
 * A hint page from pencil marks: under the drawing and in its title, the
 * givens' 81 cells and the words "with pencil marks", not the 729
 * characters of the marks, which the drawing shows.
 */
static void test_pencil_marks_page_names_givens(void **state)
{
    char marks[9 * 81 + 2], caption[200];
    cli_result res;

    (void)state;
    for (int c = 0; c < 81; c++) {
        for (int d = 1; d <= 9; d++)
            marks[c * 9 + d - 1] =
                (char)(norvig[c] == '.' || norvig[c] == '0' + d ? '0' + d : '.');
    }
    marks[729] = '\0';
    run(&res, "", "explain", "--hint", "-f", "html", marks, NULL);
    assert_int_equal(res.status, 0);
    expect_one_page(&res);
    snprintf(caption, sizeof caption, "<figcaption><pre>%s, with pencil marks</pre>", norvig);
    assert_non_null(strstr(res.out, caption));
    snprintf(caption, sizeof caption, "<title>The puzzle: %s, with pencil marks</title>", norvig);
    assert_non_null(strstr(res.out, caption));
    assert_null(strstr(res.out, marks));
    free_result(&res);
}

static void test_html_only_where_drawn(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "grade", "-f", "html", norvig, NULL);
    assert_string_equal(res.out, "");
    assert_non_null(strstr(res.err, "sudoku: unknown format 'html': use line, grid or json\n"
                                    "Usage: sudoku grade "));
    assert_int_equal(res.status, 2);
    free_result(&res);
    run(&res, "", "canon", "--format=html", norvig, NULL);
    assert_non_null(strstr(res.err, "sudoku: unknown format 'html': use line, grid or json\n"
                                    "Usage: sudoku canon "));
    assert_int_equal(res.status, 2);
    free_result(&res);
}

/*
 * A chain of one branch on 5, r1c1 true, r1c2 false, then nodes left out
 * before r9c2, true: the drawing's link into r9c2 is dotted, the others
 * are not, and the JSON marks r9c2 cut, the one node it marks.
 */
static void test_cut_chain(void **state)
{
    static const struct { int cell, flags; } nodes[] = {
        {0, SUDOKU_CHAIN_BRANCH | SUDOKU_CHAIN_ON},
        {1, 0},
        {73, SUDOKU_CHAIN_ON | SUDOKU_CHAIN_CUT},
    };
    static sudoku_step step;
    static sudoku_candidates grid;
    const sudoku_grid empty = {{0}};
    text_buffer page = {0};
    char json[1024];

    (void)state;
    assert_int_equal(sudoku_candidates_init(&grid, &empty, NULL, NULL), SUDOKU_OK);
    step.technique = SUDOKU_FORCING_X_CHAIN;
    step.strike[2] = 1u << 4;
    for (int i = 0; i < 3; i++) {
        step.chain[i].cell = (unsigned char)nodes[i].cell;
        step.chain[i].digit = 5;
        step.chain[i].flags = (unsigned char)nodes[i].flags;
    }
    step.chain_count = 3;
    step.chain_cut = 1;
    text_add_html_candidates(&page, &grid, &empty, &step, "cut", 3);
    text_add_char(&page, '\0');
    assert_int_equal(text_status(&page), 0);
    assert_int_equal(occurrences(page.data, "<path class=\"L "), 2);
    assert_non_null(strstr(page.data, "<path class=\"L w q0\" d=\"M18 18Q"));
    assert_int_equal(occurrences(page.data, "<path class=\"L x q0\" d=\"M54 18Q"), 1);
    text_free(&page);
    assert_true(sudoku_step_json(&step, NULL, json, sizeof json) < sizeof json);
    assert_non_null(strstr(json, "\"chain\":[\"r1c1=5\",\"r1c2<>5\","
                                 "{\"node\":\"r9c2=5\",\"cut\":true}],\"chain_cut\":true,"));
    assert_int_equal(occurrences(json, "\"cut\""), 1);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_explain_page),
        cmocka_unit_test(test_threads_same_page),
        cmocka_unit_test(test_sheet_answers_in_order),
        cmocka_unit_test(test_html_only_where_drawn),
        cmocka_unit_test(test_pencil_marks_page_names_givens),
        cmocka_unit_test(test_cut_chain),
    };

    harness_init(argc, argv);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
