/*
 * test_solve.c - the default command, solve: its three formats, counts, -u, -s and colour.
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _XOPEN_SOURCE 700 /* pipe(), fdopen(), setenv() and posix_openpt() */
#endif

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>
#endif

#include "../harness.h"
#include "sudoku.h"

/* Checks the constants above with an independent validity check. */
static void test_known_solutions_are_solutions(void **state)
{
    (void)state;
    assert_int_equal(strlen(unsolvable), SUDOKU_CELLS);
    assert_int_equal(strlen(conflict), SUDOKU_CELLS);
    assert_true(solves(wiki, wiki_solution));
    assert_true(solves(norvig, norvig_solution));
    assert_true(solves(qqwing, qqwing_solution));
    assert_false(solves(wiki, norvig_solution));
}

static void test_line_format(void **state)
{
    cli_result res;
    char expected[2000];
    const char *p;

    (void)state;
    snprintf(expected, sizeof expected, "%s 1\nunsolvable 0\ninvalid\n", wiki_solution);
    run(&res, "", "-c", wiki, unsolvable, conflict, NULL);
    assert_string_equal(res.out, expected);
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* --stats: guesses, then microseconds with one decimal */
    run(&res, "", "--stats", wiki, NULL);
    assert_memory_equal(res.out, wiki_solution, SUDOKU_CELLS);
    assert_memory_equal(res.out + SUDOKU_CELLS, " 0 ", 3);
    p = expect_micros(res.out + SUDOKU_CELLS + 3, "\n");
    assert_int_equal(*p, '\0');
    free_result(&res);

    run(&res, "", "-c", "-s", wiki, unsolvable, NULL);
    assert_memory_equal(res.out, wiki_solution, SUDOKU_CELLS);
    assert_memory_equal(res.out + SUDOKU_CELLS, " 1 0 ", 5);
    p = expect_micros(res.out + SUDOKU_CELLS + 5, "\n");
    assert_memory_equal(p, "unsolvable 0 0 ", 15);
    p = expect_micros(p + 15, "\n");
    assert_int_equal(*p, '\0');
    free_result(&res);
}

static void test_grid_format(void **state)
{
    cli_result res;
    char expected[2000];
    const char *p;

    (void)state;
    snprintf(expected, sizeof expected, "%s\ninvalid\n\nunsolvable\n\n", wiki_grid);
    run(&res, "", "--format", "grid", wiki, conflict, unsolvable, NULL);
    assert_string_equal(res.out, expected);
    assert_int_equal(res.status, 1);
    free_result(&res);

    snprintf(expected, sizeof expected, "%ssolutions: 1\n\nunsolvable\nsolutions: 0\n\n",
             wiki_grid);
    run(&res, "", "-f", "grid", "-c", wiki, unsolvable, NULL);
    assert_string_equal(res.out, expected);
    free_result(&res);

    run(&res, "", "--format=grid", "--count", "--stats", wiki, NULL);
    snprintf(expected, sizeof expected, "%ssolutions: 1\nguesses: 0, time: ", wiki_grid);
    assert_memory_equal(res.out, expected, strlen(expected));
    p = expect_micros(res.out + strlen(expected), " us\n\n");
    assert_int_equal(*p, '\0');
    free_result(&res);
}

static void test_json_format(void **state)
{
    cli_result res;
    char expected[2000], input[400];
    const char *p;

    (void)state;
    run(&res, "", "-f", "json", wiki, unsolvable, conflict, NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"solution\":\"%s\",\"guesses\":0}\n"
             "{\"source\":\"<arg 2>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"unsolvable\","
             "\"error\":\"no solution\",\"guesses\":0}\n"
             "{\"source\":\"<arg 3>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"invalid\","
             "\"error\":\"r1c1 and r1c3 both hold 1\"}\n",
             wiki, wiki_solution, unsolvable, conflict);
    assert_string_equal(res.out, expected);
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* -c adds "count" after "solution"; -u gives "not-unique" with a solution */
    run(&res, "", "-f", "json", "-c", wiki, unsolvable, NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"solution\":\"%s\",\"count\":1,\"guesses\":0}\n"
             "{\"source\":\"<arg 2>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"unsolvable\","
             "\"error\":\"no solution\",\"count\":0,\"guesses\":0}\n",
             wiki, wiki_solution, unsolvable);
    assert_string_equal(res.out, expected);
    free_result(&res);

    run(&res, "", "-f", "json", "-u", serg, NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"not-unique\","
             "\"error\":\"more than one solution\",\"solution\":\"",
             serg);
    assert_memory_equal(res.out, expected, strlen(expected));
    p = res.out + strlen(expected);
    assert_true(solves(serg, p));
    assert_memory_equal(p + SUDOKU_CELLS, "\",\"guesses\":", 12);
    free_result(&res);

    /* -s adds "time_us" last */
    run(&res, "", "-f", "json", "-s", "-c", wiki, NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"solution\":\"%s\",\"count\":1,\"guesses\":0,\"time_us\":",
             wiki, wiki_solution);
    assert_memory_equal(res.out, expected, strlen(expected));
    p = expect_micros(res.out + strlen(expected), "}\n");
    assert_int_equal(*p, '\0');
    free_result(&res);

    /* the raw cells of an invalid record, escaped: at most 81 of them */
    snprintf(input, sizeof input, "%s99\n\"\\%.79s\n\n1 2 3|4 5 6|7 8 9\n", wiki, wiki);
    run(&res, input, "--format", "json", NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<stdin>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"invalid\","
             "\"error\":\"83 cells, expected 81\"}\n"
             "{\"source\":\"<stdin>\",\"line\":2,\"puzzle\":\"\\\"\\\\%.79s\",\"status\":"
             "\"invalid\",\"error\":\"foreign character '\\\"' at r1c1\"}\n"
             "{\"source\":\"<stdin>\",\"line\":4,\"puzzle\":\"123456789\",\"status\":"
             "\"invalid\",\"error\":\"grid block ends after 1 row\"}\n",
             wiki, wiki);
    assert_string_equal(res.out, expected);
    free_result(&res);

    /* control bytes as \u escapes, NUL included; a byte that is not UTF-8 as U+FFFD */
    memcpy(input, wiki, SUDOKU_CELLS);
    input[4] = '\0';
    input[5] = (char)0xFF;
    input[6] = 0x7F;
    input[7] = '\t'; /* a separator: not a cell */
    input[SUDOKU_CELLS] = '\n';
    run_bytes(&res, input, SUDOKU_CELLS + 1, "-f", "json", NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<stdin>\",\"line\":1,\"puzzle\":\"%.4s\\u0000\\ufffd\\u007f%s\","
             "\"status\":\"invalid\",\"error\":\"foreign character '\\\\x00' at column 5\"}\n",
             wiki, wiki + 8); /* 80 cells, but what is wrong comes first */
    assert_string_equal(res.out, expected);
    free_result(&res);
    input[7] = '.';
    run_bytes(&res, input, SUDOKU_CELLS + 1, "-f", "json", NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<stdin>\",\"line\":1,\"puzzle\":\"%.4s\\u0000\\ufffd\\u007f%s\","
             "\"status\":\"invalid\",\"error\":\"foreign character '\\\\x00' at r1c5\"}\n",
             wiki, wiki + 7);
    assert_string_equal(res.out, expected);
    free_result(&res);
}

static void test_json_names_the_file(void **state)
{
    cli_result res;
    char path[4200], text[200], expected[6000];

    (void)state;
    snprintf(text, sizeof text, "\n%s\n", wiki);
    make_file(path, sizeof path, "json-\xC3\xBC.txt", text); /* UTF-8 passes through */
    run(&res, "", "-f", "json", path, NULL);
    remove(path);
    snprintf(expected, sizeof expected,
             "{\"source\":\"%s\",\"line\":2,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"solution\":\"%s\",\"guesses\":0}\n",
             path, wiki, wiki_solution);
    assert_string_equal(res.out, expected);
    free_result(&res);
}

static void test_count(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "--count", serg, NULL); /* the default limit is 1000 */
    assert_int_equal(counted(&res, serg), 872);
    free_result(&res);
    run(&res, "", "-c", "-l", "5", serg, NULL);
    assert_int_equal(counted(&res, serg), 5);
    free_result(&res);
    run(&res, "", "-c", "-l", "1000", serg, NULL);
    assert_int_equal(counted(&res, serg), 872);
    free_result(&res);
    run(&res, "", "-c", "-l", "872", serg, NULL);
    assert_int_equal(counted(&res, serg), 872);
    free_result(&res);
    run(&res, "", "-c", "-l", "871", serg, NULL);
    assert_int_equal(counted(&res, serg), 871);
    free_result(&res);
    run(&res, "", "-c", "--limit", "4294967295", wiki, NULL);
    assert_int_equal(counted(&res, wiki), 1);
    free_result(&res);
    /* without -c, a puzzle with many solutions is solved: one of them */
    run(&res, "", serg, NULL);
    assert_int_equal(res.status, 0);
    assert_int_equal(res.out_length, SUDOKU_CELLS + 1);
    assert_true(solves(serg, res.out));
    free_result(&res);
}

static void test_unique(void **state)
{
    cli_result res;
    char expected[2000];

    (void)state;
    run(&res, "", "--unique", serg, NULL);
    assert_string_equal(res.out, "not-unique\n");
    assert_string_equal(res.err, "sudoku: <arg 1>:1: more than one solution\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    run(&res, "", "-u", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* with -c the count goes up to the limit, not just to 2 */
    run(&res, "", "-u", "-c", serg, wiki, NULL);
    snprintf(expected, sizeof expected, "not-unique 872\n%s 1\n", wiki_solution);
    assert_string_equal(res.out, expected);
    assert_int_equal(res.status, 1);
    free_result(&res);
}

/*
 * -s: a time of 100 microseconds or more is a whole number, a shorter one
 * keeps a tenth; the rate of the summary too. A grade of the forum's
 * hardest takes far more than 100 us.
 */
static void test_stats_whole_from_100(void **state)
{
    static const char hardest[] =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    const char *time_at;
    double micros;
    cli_result res;

    (void)state;
    run(&res, "", "grade", "-s", hardest, NULL);
    assert_int_equal(res.status, 0);
    time_at = strrchr(res.out, ' ');
    assert_non_null(time_at);
    micros = strtod(time_at + 1, NULL);
    assert_true(micros >= 100);
    assert_null(strchr(time_at, '.'));
    expect_micros(time_at + 1, "\n");
    /* the summary: 1 puzzle in more than 100 us is less than 100 a second */
    assert_non_null(strstr(res.err, "sudoku: 1 puzzle, 1 solved, 0 failed, "));
    expect_micros(strstr(res.err, "failed, ") + 8, " puzzles/s\n");
    free_result(&res);
}

static void test_stats_summary(void **state)
{
    cli_result res;
    char input[300];
    unsigned long puzzles, solved, failed;
    double rate;
    int used = 0;
    const char *summary;
    const char *messages = "sudoku: <arg 1>:1: no solution\n"
                           "sudoku: <stdin>:3: 80 cells, expected 81\n";

    (void)state;
    snprintf(input, sizeof input, "%s\n%s\n%.80s\n", wiki, norvig, wiki);
    run(&res, input, "-s", unsolvable, "-", NULL);
    assert_int_equal(res.status, 1);
    /* the messages, then the summary, last */
    summary = strstr(res.err, "sudoku: 4 puzzles");
    assert_non_null(summary);
    assert_int_equal(summary - res.err, strlen(messages));
    assert_memory_equal(res.err, messages, strlen(messages));
    assert_int_equal(sscanf(summary, "sudoku: %lu puzzles, %lu solved, %lu failed, %lf puzzles/s\n%n",
                            &puzzles, &solved, &failed, &rate, &used),
                     4);
    assert_int_equal(puzzles, 4);
    assert_int_equal(solved, 2);
    assert_int_equal(failed, 2);
    assert_true(rate > 1.0); /* 4 puzzles take well under 4 seconds */
    assert_int_equal(used, (int)strlen(summary));
    expect_micros(strstr(summary, "failed, ") + 8, " puzzles/s\n");
    free_result(&res);

    /* one puzzle, one cell: the counts agree with their nouns */
    run(&res, "7\n", "-s", NULL);
    assert_string_equal(res.out, "invalid\n");
    summary = strstr(res.err, "sudoku: 1 puzzle, 0 solved, 1 failed, ");
    assert_non_null(summary);
    messages = "sudoku: <stdin>:1: 1 cell, expected 81\n";
    assert_int_equal(summary - res.err, strlen(messages));
    assert_memory_equal(res.err, messages, strlen(messages));
    free_result(&res);
    run(&res, "", "-s", wiki, NULL);
    assert_non_null(strstr(res.err, "sudoku: 1 puzzle, 1 solved, 0 failed, "));
    free_result(&res);

    /* no summary without --stats */
    run(&res, input, NULL);
    assert_null(strstr(res.err, "puzzles/s"));
    free_result(&res);
}

/* With -u, the limit is at least 2, whatever -l says. */
static void test_unique_raises_the_limit(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "-u", "-c", "-l", "1", serg, NULL);
    assert_string_equal(res.out, "not-unique 2\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
}

/*
 * `plain`, a grid drawn from `puzzle`, with each digit coloured as --color
 * colours it: bold blue where the puzzle has a given, else green.
 */
static void color_grid(char *colored, size_t size, const char *plain,
                       const char *puzzle)
{
    size_t n = 0, cell = 0;

    for (const char *p = plain; *p; p++) {
        if (*p >= '1' && *p <= '9') {
            const int given = puzzle[cell++] != '.';

            n += (size_t)snprintf(colored + n, size - n, "%s%c\033[0m",
                                  given ? "\033[1;34m" : "\033[32m", *p);
        } else {
            if (*p == '.')
                cell++;
            n += (size_t)snprintf(colored + n, size - n, "%c", *p);
        }
        assert_true(n < size);
    }
}

static void test_color(void **state)
{
    cli_result res;
    char colored[4000], expected[4100];
    const char *const saved = getenv("NO_COLOR");

    (void)state;
    color_grid(colored, sizeof colored, wiki_grid, wiki);
    snprintf(expected, sizeof expected, "%s\nunsolvable\n\n", colored);
    run(&res, "", "-f", "grid", "--color=always", wiki, unsolvable, NULL);
    assert_string_equal(res.out, expected);
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* never, auto on a file, and line and JSON formats: no colour */
    snprintf(expected, sizeof expected, "%s\n", wiki_grid);
    run(&res, "", "-f", "grid", "--color", "never", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, "", "-f", "grid", "--color=auto", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    run(&res, "", "--color=always", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, "", "--color=always", "-f", "json", wiki, NULL);
    assert_null(strchr(res.out, '\033'));
    assert_int_equal(res.status, 0);
    free_result(&res);

    /* NO_COLOR turns auto off, never an explicit always */
    assert_int_equal(setenv("NO_COLOR", "1", 1), 0);
    snprintf(expected, sizeof expected, "%s\n", colored);
    run(&res, "", "-f", "grid", "--color=always", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
    if (saved)
        setenv("NO_COLOR", saved, 1);
    else
        unsetenv("NO_COLOR");

    /* explain: the puzzle all givens, the solution in two colours */
    color_grid(colored, sizeof colored, wiki_grid, wiki);
    run(&res, "", "explain", "-f", "grid", "--color=always", wiki, NULL);
    assert_int_equal(res.status, 0);
    assert_memory_equal(res.out, "\033[1;34m5\033[0m \033[1;34m3\033[0m . | . \033[1;34m7", 39);
    assert_non_null(strstr(res.out, colored));
    free_result(&res);

    run(&res, "", "--color=blue", wiki, NULL);
    expect_usage_error(&res, "unknown color 'blue': use auto, always or never");
    free_result(&res);
    run(&res, "", "grade", "--color=always", wiki, NULL);
    assert_string_equal(res.err, "sudoku: option '--color=always' is not for grade\n"
                                 "Usage: sudoku grade [OPTIONS] [PUZZLE | FILE | -]...\n"
                                 "Try 'sudoku help grade' for more information.\n");
    assert_int_equal(res.status, 2);
    free_result(&res);
    /* --c is now --count or --color, --co too */
    run(&res, "", "--co", wiki, NULL);
    expect_usage_error(&res, "option '--co' is ambiguous; possibilities: '--count' '--color'");
    free_result(&res);
}

#if defined(__unix__) || defined(__APPLE__)
/*
 * Runs the command with standard output on a pseudo-terminal, as a person
 * at a terminal sees it; returns what the terminal got, NUL-terminated.
 */
static char *run_on_terminal(cli_result *res, const char *const *args)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY), slave;
    struct termios mode;
    FILE *out;
    char *seen = calloc(1, 65536);
    size_t n = 0;
    ssize_t got;

    assert_non_null(seen);
    assert_true(master >= 0);
    assert_int_equal(grantpt(master), 0);
    assert_int_equal(unlockpt(master), 0);
    slave = open(ptsname(master), O_RDWR | O_NOCTTY);
    assert_true(slave >= 0);
    assert_int_equal(tcgetattr(slave, &mode), 0);
    mode.c_oflag &= ~(tcflag_t)OPOST; /* no "\r\n" for "\n" */
    assert_int_equal(tcsetattr(slave, TCSANOW, &mode), 0);
    out = fdopen(slave, "w");
    assert_non_null(out);
    run_on(res, stdin, out, args);
    fclose(out);
    while (n < 65535 && (got = read(master, seen + n, 65535 - n)) > 0)
        n += (size_t)got; /* the end: EIO once the slave side is closed */
    close(master);
    return seen;
}

/* --color=auto colours on a terminal, unless NO_COLOR or TERM=dumb. */
static void test_color_on_terminal(void **state)
{
    const char *const args[] = {"-f", "grid", wiki, NULL};
    const char *const never[] = {"-f", "grid", "--color=never", wiki, NULL};
    const char *const saved = getenv("NO_COLOR");
    const char *const saved_term = getenv("TERM");
    cli_result res;
    char colored[4100], plain[4000];
    char *seen;

    (void)state;
    color_grid(colored, 4000, wiki_grid, wiki);
    snprintf(plain, sizeof plain, "%s\n", wiki_grid);
    strcat(colored, "\n");
    unsetenv("NO_COLOR");
    setenv("TERM", "xterm", 1);
    seen = run_on_terminal(&res, args);
    assert_string_equal(seen, colored);
    assert_int_equal(res.status, 0);
    free(seen);
    free_result(&res);
    seen = run_on_terminal(&res, never);
    assert_string_equal(seen, plain);
    free(seen);
    free_result(&res);
    setenv("NO_COLOR", "", 1); /* empty: as if unset */
    seen = run_on_terminal(&res, args);
    assert_string_equal(seen, colored);
    free(seen);
    free_result(&res);
    setenv("NO_COLOR", "1", 1);
    seen = run_on_terminal(&res, args);
    assert_string_equal(seen, plain);
    free(seen);
    free_result(&res);
    unsetenv("NO_COLOR");
    setenv("TERM", "dumb", 1);
    seen = run_on_terminal(&res, args);
    assert_string_equal(seen, plain);
    free(seen);
    free_result(&res);
    if (saved)
        setenv("NO_COLOR", saved, 1);
    if (saved_term)
        setenv("TERM", saved_term, 1);
    else
        unsetenv("TERM");
}
#endif

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_solutions_are_solutions),
        cmocka_unit_test(test_line_format),
        cmocka_unit_test(test_grid_format),
        cmocka_unit_test(test_json_format),
        cmocka_unit_test(test_color),
#if defined(__unix__) || defined(__APPLE__)
        cmocka_unit_test(test_color_on_terminal),
#endif
        cmocka_unit_test(test_json_names_the_file),
        cmocka_unit_test(test_count),
        cmocka_unit_test(test_unique),
        cmocka_unit_test(test_stats_summary),
        cmocka_unit_test(test_stats_whole_from_100),
        cmocka_unit_test(test_unique_raises_the_limit),
    };

    harness_init(argc, argv);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
