/*
 * test_memory.c - the command when memory runs out in the nested chains.
 *
 * Linked with malloc, calloc and realloc wrapped (wrap_alloc.h), and with
 * nest_step() and nest_end(), which ready the nested chains' lists for a
 * step of a grade and close them at its end, wrapped too: the wrapper
 * fails the Nth allocation made from the first step that readies them to
 * the next, for each N in turn, until a run meets none. Every run that
 * met one must end with status 3 and "sudoku: memory ran out" (as --help,
 * the README and the man page say), and the first that met none must give
 * the whole explanation or grade.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "cli.h"
#include "sudoku.h"
#include "wrap_alloc.h"

/* The nested chains' lists of a grade (src/logic/chains.h), which this
   test only passes on. */
typedef struct nest nest;

void __real_nest_step(nest *n, const sudoku_candidates *g, int drawn);
void __real_nest_end(nest *n);
void __wrap_nest_step(nest *n, const sudoku_candidates *g, int drawn);
void __wrap_nest_end(nest *n);

/*
 * The grades are a worker thread's: what its allocations are counted by
 * is that thread's own, and the main thread's allocations count for
 * nothing.
 */
static _Thread_local int in_nest; /* while a grade's lists are open */
static _Thread_local int nests;   /* steps that readied them */
static long fail_at = -1;         /* the allocation to fail in the first */
static long allocations;
static int failed;

int alloc_refused(void)
{
    if (!in_nest || nests != 1 || fail_at < 0 || allocations++ != fail_at)
        return 0;
    failed = 1;
    return 1;
}

void __wrap_nest_step(nest *n, const sudoku_candidates *g, int drawn)
{
    in_nest = 1;
    nests++;
    __real_nest_step(n, g, drawn);
}

void __wrap_nest_end(nest *n)
{
    in_nest = 0;
    __real_nest_end(n);
}

/* forum-hardest-1106, first puzzle: its second step is a nested chain. */
static const char hardest[] =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/*
 * Runs the command with `args` once for each allocation made in its first
 * step with nested lists, failed; returns how many there were.
 */
static long fail_each(const char *const *args)
{
    cli_result res, whole;

    fail_at = -1;
    run_with(&whole, "", 0, NULL, args);
    assert_int_equal(whole.status, 0);
    for (fail_at = 0;; fail_at++) {
        allocations = 0;
        failed = 0;
        run_with(&res, "", 0, NULL, args);
        if (!failed)
            break;
        assert_int_equal(res.status, SUDOKU_CLI_EXIT_MEMORY);
        assert_string_equal(res.err, "sudoku: memory ran out\n");
        free_result(&res);
    }
    fail_at = -1;
    expect_same_run(&res, &whole);
    free_result(&res);
    free_result(&whole);
    return allocations;
}

static void test_explain(void **state)
{
    const char *const args[] = {"explain", "-j1", "-f", "json", hardest, NULL};

    (void)state;
    assert_true(fail_each(args) > 0);
}

static void test_grade(void **state)
{
    const char *const args[] = {"grade", "-j1", hardest, NULL};

    (void)state;
    assert_true(fail_each(args) > 0);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_grade),
    };

    harness_init(argc, argv);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
