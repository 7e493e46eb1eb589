/*
 * test_canon.c - canon: canonical forms and automorphisms.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "../harness.h"
#include "sudoku.h"

/* canon: the minlex form, the same for an equivalent puzzle. */
static void test_canon(void **state)
{
    /* norvig with its digits renamed (d -> 10 - d) and transposed */
    char other[SUDOKU_CELLS + 1];
    cli_result res, again;

    (void)state;
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            const char ch = norvig[c * 9 + r];

            other[r * 9 + c] = (char)(ch == '.' ? '.' : '0' + 10 - (ch - '0'));
        }
    }
    other[SUDOKU_CELLS] = '\0';
    run(&res, "", "canon", norvig, NULL);
    run(&again, "", "canon", other, NULL);
    assert_int_equal(res.status, 0);
    assert_int_equal(strlen(res.out), SUDOKU_CELLS + 1);
    assert_string_equal(res.out, again.out);
    assert_memory_equal(res.out, "........", 8); /* blanks first */
    free_result(&again);
    free_result(&res);
    /* a valid grid with no solution has a form, but is not "solved" */
    run(&res, "", "canon", "-f", "json", "-s", unsolvable, NULL);
    assert_non_null(strstr(res.out, "\"status\":\"canonical\",\"canonical\":"));
    assert_non_null(strstr(res.err, "sudoku: 1 grid, 1 canonical, 0 failed, "));
    assert_int_equal(res.status, 0);
    free_result(&res);
    run(&res, "", "canon", "--help", NULL);
    assert_null(strstr(res.out, "-u)"));
    assert_non_null(strstr(res.out, "  1    some record was invalid\n"));
    free_result(&res);
    run(&res, "", "canon", "-f", "json", "11...............................................................................", NULL);
    assert_non_null(strstr(res.out, "\"status\":\"invalid\",\"error\":\"r1c1 and r1c2 both hold 1\""));
    assert_int_equal(res.status, 1);
    free_result(&res);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canon),
    };

    harness_init(argc, argv);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
