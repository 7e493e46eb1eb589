/*
 * test_cli.c - the `sudoku` command through sudoku_cli_run(): options,
 * operands, the three output formats, the messages on standard error and
 * the exit status, against the plan's description of the command.
 *
 * Standard input, output and error are tmpfile() streams; after a run they
 * are read back whole and compared with the exact text expected. Input files
 * are written next to the test executable (found through argv[0]) and
 * removed afterwards, so a test never writes into the source tree.
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _XOPEN_SOURCE 700 /* pipe(), fdopen(), setenv() and posix_openpt() */
#endif

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#endif

#include "cli.h"
#include "reader.h"
#include "stream.h"
#include "sudoku.h"

/* The Wikipedia example puzzle: singles solve it, so it takes no guesses. */
static const char wiki[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char wiki_solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/* norvig-top95.txt line 1. */
static const char norvig[] =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
static const char norvig_solution[] =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/* qqwing-10k.txt line 82 (puzzles/examples.txt). */
static const char qqwing[] =
    "..37....8.1....67.....6..2374.89..6..6......9.31..4...4.....9...2..4..8.......71.";
static const char qqwing_solution[] =
    "653712498219438675874569123742895361568371249931624857486157932127943586395286714";

/* serg-benchmark.txt line 3: exactly 872 solutions. */
static const char serg[] =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/*
 * No direct conflict, yet no solution: row 1 holds 1-8, so r1c9 must be 9,
 * but r2c9 already holds 9 in the same column (and box).
 */
static const char unsolvable[] =
    "12345678.........9...............................................................";

/* Two 1s in row 1: r1c1 and r1c3. */
static const char conflict[] =
    "1.1..............................................................................";

static const char usage_tail[] =
    "Usage: sudoku [COMMAND] [OPTIONS] [PUZZLE | FILE | -]...\n"
    "Try 'sudoku --help' for more information.\n";

/* The directory of the test executable, with its final '/', or "". */
static char work_dir[4096];

/* What a run left behind. */
typedef struct cli_result {
    int status;
    char *out, *err;
    size_t out_length, err_length;
} cli_result;

static void free_result(cli_result *res)
{
    free(res->out);
    free(res->err);
    memset(res, 0, sizeof *res);
}

/* The whole of a stream, NUL-terminated (it may hold NULs of its own). */
static char *slurp(FILE *f, size_t *length)
{
    size_t size = 4096, n = 0, got;
    char *text = malloc(size);

    assert_non_null(text);
    rewind(f);
    while ((got = fread(text + n, 1, size - n - 1, f)) > 0) {
        n += got;
        if (size - n - 1 == 0) {
            char *bigger = realloc(text, size * 2);

            assert_non_null(bigger);
            text = bigger;
            size *= 2;
        }
    }
    text[n] = '\0';
    *length = n;
    return text;
}

/*
 * Runs the command with `input` (length bytes) on standard input and the
 * arguments in `args`, NULL-terminated, after "sudoku". `out` may be given,
 * else a tmpfile() is used and read back.
 */
/*
 * Runs the command on the stream `in`, which it leaves open, with the
 * arguments in `args`, NULL-terminated, after "sudoku". `out` may be
 * given, else a tmpfile() is used and read back.
 */
static void run_on(cli_result *res, FILE *in, FILE *out, const char *const *args)
{
    char *argv[64];
    int argc = 0;
    FILE *own_out = out ? NULL : tmpfile();
    FILE *err = tmpfile();

    assert_non_null(err);
    argv[argc++] = "sudoku";
    for (; *args; args++) {
        const size_t size = strlen(*args) + 1;

        assert_true(argc < 63);
        argv[argc] = malloc(size);
        assert_non_null(argv[argc]);
        memcpy(argv[argc++], *args, size);
    }
    argv[argc] = NULL;

    if (!out) {
        assert_non_null(own_out);
        out = own_out;
    }
    res->status = sudoku_cli_run(argc, argv, in, out, err);
    if (own_out) {
        res->out = slurp(own_out, &res->out_length);
        fclose(own_out);
    } else {
        res->out = NULL;
        res->out_length = 0;
    }
    res->err = slurp(err, &res->err_length);
    fclose(err);
    for (int i = 1; i < argc; i++)
        free(argv[i]);
}

/* The same with `input` (length bytes) on standard input. */
static void run_with(cli_result *res, const char *input, size_t length,
                     FILE *out, const char *const *args)
{
    FILE *in = stream_of(input, length);

    run_on(res, in, out, args);
    fclose(in);
}

/* run(&res, "stdin text", "arg", ..., NULL) */
static void run(cli_result *res, const char *input, ...)
{
    const char *args[64];
    int n = 0;
    va_list ap;

    va_start(ap, input);
    while ((args[n] = va_arg(ap, const char *)) != NULL) {
        n++;
        assert_true(n < 63);
    }
    va_end(ap);
    run_with(res, input, strlen(input), NULL, args);
}

/* The same, with input that may hold NUL bytes. */
static void run_bytes(cli_result *res, const char *input, size_t length, ...)
{
    const char *args[64];
    int n = 0;
    va_list ap;

    va_start(ap, length);
    while ((args[n] = va_arg(ap, const char *)) != NULL) {
        n++;
        assert_true(n < 63);
    }
    va_end(ap);
    run_with(res, input, length, NULL, args);
}

/* A file next to the test executable; returns its path in `path`. */
static void make_file(char *path, size_t size, const char *name,
                      const char *text)
{
    FILE *f;

    snprintf(path, size, "%stest_cli_%s", work_dir, name);
    f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

static void expect_clean_success(const cli_result *res, const char *out)
{
    assert_string_equal(res->err, "");
    assert_string_equal(res->out, out);
    assert_int_equal(res->status, 0);
}

/* Two runs that wrote the same bytes and ended the same way. */
static void expect_same_run(const cli_result *a, const cli_result *b)
{
    assert_int_equal(a->status, b->status);
    assert_int_equal(a->out_length, b->out_length);
    assert_memory_equal(a->out, b->out, a->out_length);
    assert_string_equal(a->err, b->err);
}

/* Whether `solution` is a full, valid grid that keeps the givens of `puzzle`. */
static int solves(const char *puzzle, const char *solution)
{
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        const int row = i / 9, col = i % 9;

        if (solution[i] < '1' || solution[i] > '9')
            return 0;
        if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != solution[i])
            return 0;
        for (int j = 0; j < i; j++) {
            const int same_row = j / 9 == row, same_col = j % 9 == col;
            const int same_box = j / 27 == i / 27 && j % 9 / 3 == col / 3;

            if ((same_row || same_col || same_box) && solution[j] == solution[i])
                return 0;
        }
    }
    return 1;
}

/* "T" of a stats column: digits, '.', one digit, then `end`. */
static const char *expect_micros(const char *text, const char *end)
{
    const char *p = text;

    assert_true(*p >= '0' && *p <= '9');
    while (*p >= '0' && *p <= '9')
        p++;
    assert_int_equal(*p, '.');
    p++;
    assert_true(*p >= '0' && *p <= '9');
    p++;
    assert_memory_equal(p, end, strlen(end));
    return p + strlen(end);
}

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

static void test_puzzle_argument(void **state)
{
    cli_result res;
    char expected[2000];

    (void)state;
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    run(&res, "", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* the other blank characters: '0', '_' and '*' */
    {
        char puzzle[SUDOKU_CELLS + 1];

        memcpy(puzzle, wiki, sizeof puzzle);
        puzzle[2] = '0';
        puzzle[3] = '_';
        puzzle[5] = '*';
        run(&res, "", puzzle, NULL);
        expect_clean_success(&res, expected);
        free_result(&res);
    }
}

static void test_stdin(void **state)
{
    cli_result res;
    char input[200], expected[2000];

    (void)state;
    snprintf(input, sizeof input, "%s\n%s\n", wiki, norvig);
    snprintf(expected, sizeof expected, "%s\n%s\n", wiki_solution, norvig_solution);
    run(&res, input, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, input, "-", NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
}

static void test_file_operand(void **state)
{
    cli_result res;
    char path[4200], text[300], expected[2000];

    (void)state;
    snprintf(text, sizeof text, "# two puzzles\n%s\n\n%s\n", norvig, wiki);
    make_file(path, sizeof path, "file.txt", text);
    snprintf(expected, sizeof expected, "%s\n%s\n", norvig_solution, wiki_solution);
    run(&res, "not read", path, NULL);
    remove(path);
    expect_clean_success(&res, expected);
    free_result(&res);
}

static void test_operands_keep_input_order(void **state)
{
    cli_result res;
    char path[4200], file_text[300], input[300], expected[2000], err[6000];

    (void)state;
    snprintf(file_text, sizeof file_text, "%s\n%.80s\n", norvig, wiki);
    make_file(path, sizeof path, "order.txt", file_text);
    snprintf(input, sizeof input, "%s\n", wiki);
    run(&res, input, qqwing, path, "-", unsolvable, "-", norvig, NULL);
    remove(path);
    snprintf(expected, sizeof expected, "%s\n%s\ninvalid\n%s\nunsolvable\n%s\n",
             qqwing_solution, norvig_solution, wiki_solution, norvig_solution);
    assert_string_equal(res.out, expected);
    /* <arg N> counts operands; the file names its own lines */
    snprintf(err, sizeof err,
             "sudoku: %s:2: 80 cells, expected 81\n"
             "sudoku: <arg 4>:1: no solution\n",
             path);
    assert_string_equal(res.err, err);
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* options between operands are not counted as operands */
    run(&res, "", "-c", wiki, "-l", "5", conflict, NULL);
    assert_string_equal(res.err, "sudoku: <arg 2>:1: r1c1 and r1c3 both hold 1\n");
    free_result(&res);
}

static const char wiki_block[] =
    "# the Wikipedia example as a grid\n"
    "+-------+-------+-------+\n"
    "| 5 3 . | . 7 . | . . . |\n"
    "| 6 . . | 1 9 5 | . . . |\n"
    "| . 9 8 | . . . | . 6 . |\n"
    "+-------+-------+-------+\n"
    "| 8 . . | . 6 . | . . 3 |\n"
    "| 4 . . | 8 . 3 | . . 1 |\n"
    "| 7 . . | . 2 . | . . 6 |\n"
    "+-------+-------+-------+\n"
    "| . 6 . | . . . | 2 8 . |\n"
    "| . . . | 4 1 9 | . . 5 |\n"
    "| . . . | . 8 . | . 7 9 |\n"
    "+-------+-------+-------+\n";

static void test_grid_block_input(void **state)
{
    cli_result res;
    char input[1000], expected[2000];

    (void)state;
    snprintf(input, sizeof input, "%s\n%s\n53..7....\t6..195...\n", wiki_block, norvig);
    run(&res, input, "-f", "json", NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<stdin>\",\"line\":3,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"solution\":\"%s\",\"guesses\":0}\n"
             "{\"source\":\"<stdin>\",\"line\":16,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"solution\":\"%s\",\"guesses\":",
             wiki, wiki_solution, norvig, norvig_solution);
    assert_memory_equal(res.out, expected, strlen(expected));
    /* line 17 holds 18 cells: a one-line puzzle, too short */
    assert_string_equal(res.err, "sudoku: <stdin>:17: 18 cells, expected 81\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
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

static const char wiki_grid[] =
    "5 3 4 | 6 7 8 | 9 1 2\n"
    "6 7 2 | 1 9 5 | 3 4 8\n"
    "1 9 8 | 3 4 2 | 5 6 7\n"
    "------+-------+------\n"
    "8 5 9 | 7 6 1 | 4 2 3\n"
    "4 2 6 | 8 5 3 | 7 9 1\n"
    "7 1 3 | 9 2 4 | 8 5 6\n"
    "------+-------+------\n"
    "9 6 1 | 5 3 7 | 2 8 4\n"
    "2 8 7 | 4 1 9 | 6 3 5\n"
    "3 4 5 | 2 8 6 | 1 7 9\n";

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

/* The count in "SOLUTION N\n", after checking the solution. */
static unsigned long counted(const cli_result *res, const char *puzzle)
{
    char *end;
    unsigned long n;

    assert_int_equal(res->status, 0);
    assert_string_equal(res->err, "");
    assert_true(res->out_length > SUDOKU_CELLS + 2);
    assert_true(solves(puzzle, res->out));
    assert_int_equal(res->out[SUDOKU_CELLS], ' ');
    n = strtoul(res->out + SUDOKU_CELLS + 1, &end, 10);
    assert_string_equal(end, "\n");
    return n;
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

static void test_bad_input_classes(void **state)
{
    static const char *const lines[] = {
        "%.80s\n",                                   /* 1 */
        "%s7\n",                                     /* 2 */
        "%.16sx%s\n",                                /* 3: r2c8 */
        "%.4s@%s\n",                                 /* 4: NUL, see below */
        "%.4s@%s\n",                                 /* 5: 0xFF */
        "%.4s@%s\n",                                 /* 6: 0xC3, bad UTF-8 */
    };
    char input[2000], expected[2000], line[200];
    size_t length = 0;
    cli_result res;

    (void)state;
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        int n;

        if (i == 2)
            n = snprintf(line, sizeof line, lines[i], wiki, wiki + 17);
        else if (i >= 3)
            n = snprintf(line, sizeof line, lines[i], wiki, wiki + 5);
        else
            n = snprintf(line, sizeof line, lines[i], wiki);
        if (i == 3)
            line[4] = '\0';
        else if (i == 4)
            line[4] = (char)0xFF;
        else if (i == 5)
            line[4] = (char)0xC3;
        memcpy(input + length, line, (size_t)n);
        length += (size_t)n;
    }
    length += (size_t)snprintf(input + length, sizeof input - length,
                               "%s\n"        /* 7: conflict */
                               "%s\n"        /* 8: unsolvable */
                               "%s\r\n"      /* 9: CRLF solves */
                               "1 2 3 4 5 6 7 8 9\n" /* 10-13: 4 rows */
                               "4 5 6 7 8 9 1 2 3\n"
                               "7 8 9 1 2 3 4 5 6\n"
                               "2 3 4 5 6 7 8 9 1\n"
                               "\n"          /* 14 */
                               "%s",         /* 15: no final newline */
                               conflict, unsolvable, norvig, wiki);
    run_bytes(&res, input, length, NULL);
    snprintf(expected, sizeof expected,
             "invalid\ninvalid\ninvalid\ninvalid\ninvalid\ninvalid\ninvalid\n"
             "unsolvable\n%s\ninvalid\n%s\n",
             norvig_solution, wiki_solution);
    assert_string_equal(res.out, expected);
    assert_string_equal(res.err,
                        "sudoku: <stdin>:1: 80 cells, expected 81\n"
                        "sudoku: <stdin>:2: 82 cells, expected 81\n"
                        "sudoku: <stdin>:3: foreign character 'x' at r2c8\n"
                        "sudoku: <stdin>:4: foreign character '\\x00' at r1c5\n"
                        "sudoku: <stdin>:5: foreign character '\\xFF' at r1c5\n"
                        "sudoku: <stdin>:6: foreign character '\\xC3' at r1c5\n"
                        "sudoku: <stdin>:7: r1c1 and r1c3 both hold 1\n"
                        "sudoku: <stdin>:8: no solution\n"
                        "sudoku: <stdin>:10: grid block ends after 4 rows\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
}

static void test_foreign_character_in_block_names_its_line(void **state)
{
    char input[1000];
    char *x;
    cli_result res;

    (void)state;
    snprintf(input, sizeof input, "%s", wiki_block);
    /* row 2 of the block is line 4 of the input: r2c8 becomes 'x' */
    x = strstr(input, "| 6 . . | 1 9 5 | . . . |");
    assert_non_null(x);
    x[20] = 'x';
    run(&res, input, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <stdin>:4: foreign character 'x' at r2c8\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* the record itself still starts at the block's first row, line 3 */
    run(&res, input, "-f", "json", NULL);
    assert_non_null(strstr(res.out, "{\"source\":\"<stdin>\",\"line\":3,"));
    assert_string_equal(res.err, "sudoku: <stdin>:4: foreign character 'x' at r2c8\n");
    free_result(&res);
}

/*
 * A character that is neither a cell nor a separator is the reason given,
 * before any count: at its cell in a record of 81 characters, else at its
 * column. A UTF-8 character is shown whole, with its code point.
 */
static void test_foreign_character_comes_first(void **state)
{
    char input[2000], expected[2000];
    cli_result res;

    (void)state;
    snprintf(input, sizeof input,
             "hello world\n"             /* 1 */
             "12345678x\n"               /* 2: 9 cells, a row alone */
             "%.16s\xC3\xA9%s\n"         /* 3: 81 characters, 82 bytes */
             "%.9s\n%.2s\xC3\xA9%.6s\n"   /* 4-12: a block, 'é' at r2c3 */
             "%.9s\n%.9s\n%.9s\n%.9s\n%.9s\n%.9s\n%.9s\n"
             "5 3 x | 6\t\n"             /* 13: 4 cells, 'x' at column 5 */
             "%s\n",                     /* 14: still in step */
             wiki, wiki + 17, wiki, wiki + 9, wiki + 12, wiki + 18, wiki + 27,
             wiki + 36, wiki + 45, wiki + 54, wiki + 63, wiki + 72, wiki);
    run(&res, input, NULL);
    snprintf(expected, sizeof expected, "invalid\ninvalid\ninvalid\ninvalid\ninvalid\n%s\n",
             wiki_solution);
    assert_string_equal(res.out, expected);
    assert_string_equal(res.err,
                        "sudoku: <stdin>:1: foreign character 'h' at column 1\n"
                        "sudoku: <stdin>:2: foreign character 'x' at column 9\n"
                        "sudoku: <stdin>:3: foreign character '\xC3\xA9' (U+00E9) at r2c8\n"
                        "sudoku: <stdin>:5: foreign character '\xC3\xA9' (U+00E9) at r2c3\n"
                        "sudoku: <stdin>:13: foreign character 'x' at column 5\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* bytes that are not UTF-8, and quotes, as \xHH; a 4-byte character */
    run(&res, "1\xE9\n2'\n\xF0\x9F\x98\x80\n", NULL);
    assert_string_equal(res.out, "invalid\ninvalid\ninvalid\n");
    assert_string_equal(res.err,
                        "sudoku: <stdin>:1: foreign character '\\xE9' at column 2\n"
                        "sudoku: <stdin>:2: foreign character '\\x27' at column 2\n"
                        "sudoku: <stdin>:3: foreign character '\xF0\x9F\x98\x80' (U+1F600) at column 1\n");
    free_result(&res);
}

/* A UTF-8 byte-order mark starts no record and shifts none. */
static void test_byte_order_mark(void **state)
{
    char input[400], path[4200], expected[2000];
    cli_result res;

    (void)state;
    snprintf(input, sizeof input, "\xEF\xBB\xBF%s\r\n%s\r\n", wiki, norvig);
    snprintf(expected, sizeof expected, "%s\n%s\n", wiki_solution, norvig_solution);
    run(&res, input, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* before a comment, in a file: the comment is still one */
    snprintf(input, sizeof input, "\xEF\xBB\xBF# two puzzles\n%s\n%s\n", wiki, norvig);
    make_file(path, sizeof path, "bom.txt", input);
    run(&res, "", path, "-f", "json", NULL);
    remove(path);
    assert_non_null(strstr(res.out, "{\"source\":"));
    assert_non_null(strstr(res.out, "\"line\":2,"));
    assert_non_null(strstr(res.out, "\"line\":3,"));
    assert_int_equal(res.status, 0);
    free_result(&res);

    /* only at the start: later, it is a foreign character (82 of them) */
    snprintf(input, sizeof input, "%s\n\xEF\xBB\xBF%s\n", wiki, norvig);
    run(&res, input, NULL);
    snprintf(expected, sizeof expected, "%s\ninvalid\n", wiki_solution);
    assert_string_equal(res.out, expected);
    assert_string_equal(res.err, "sudoku: <stdin>:2: foreign character "
                                 "'\xEF\xBB\xBF' (U+FEFF) at column 1\n");
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

static void test_empty_input(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", NULL);
    expect_clean_success(&res, "");
    free_result(&res);
    run(&res, "# nothing\n\n   \n", "-", "-f", "json", NULL);
    expect_clean_success(&res, "");
    free_result(&res);
}

/* A usage error: nothing on out, this message and the usage on err, 2. */
static void expect_usage_error(const cli_result *res, const char *message)
{
    char expected[2000];

    snprintf(expected, sizeof expected, "sudoku: %s\n%s", message, usage_tail);
    assert_string_equal(res->out, "");
    assert_string_equal(res->err, expected);
    assert_int_equal(res->status, 2);
}

static void test_usage_errors(void **state)
{
    static const struct {
        const char *args[4];
        const char *message;
    } cases[] = {
        {{"--bogus"}, "unrecognized option '--bogus'"},
        {{"-z"}, "invalid option -- 'z'"},
        {{"-cz"}, "invalid option -- 'z'"},
        {{"-l"}, "option requires an argument -- 'l'"},
        {{"--limit"}, "option '--limit' requires an argument"},
        {{"-f"}, "option requires an argument -- 'f'"},
        {{"--format"}, "option '--format' requires an argument"},
        {{"--limit", "0"}, "invalid limit '0': use 1 to 4294967295"},
        {{"--limit", "-1"}, "invalid limit '-1': use 1 to 4294967295"},
        {{"--limit", "99999999999999999999"},
         "invalid limit '99999999999999999999': use 1 to 4294967295"},
        {{"--limit", "4294967296"}, "invalid limit '4294967296': use 1 to 4294967295"},
        {{"-l", "5x"}, "invalid limit '5x': use 1 to 4294967295"},
        {{"-l", " 5"}, "invalid limit ' 5': use 1 to 4294967295"},
        {{"--limit="}, "invalid limit '': use 1 to 4294967295"},
        {{"--format", "xml"}, "unknown format 'xml': use line, grid or json"},
        {{"-fJSON"}, "unknown format 'JSON': use line, grid or json"},
        {{"--count=1"}, "option '--count=1' takes no argument"},
        {{"-j", "0"}, "invalid number of jobs '0': use 1 to 64"},
        {{"--jobs", "-1"}, "invalid number of jobs '-1': use 1 to 64"},
        {{"--jobs=65"}, "invalid number of jobs '65': use 1 to 64"},
        {{"-j", "99999999999999999999"},
         "invalid number of jobs '99999999999999999999': use 1 to 64"},
        {{"-jfour"}, "invalid number of jobs 'four': use 1 to 64"},
        {{"-j", "2.5"}, "invalid number of jobs '2.5': use 1 to 64"},
        {{"--jobs="}, "invalid number of jobs '': use 1 to 64"},
        {{"-j"}, "option requires an argument -- 'j'"},
    };

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *args[8];
        int n = 0;
        cli_result res;

        /* a puzzle first: nothing is solved when the options are wrong */
        args[n++] = wiki;
        for (int j = 0; j < 4 && cases[i].args[j]; j++)
            args[n++] = cases[i].args[j];
        args[n] = NULL;
        run_with(&res, "", 0, NULL, args);
        expect_usage_error(&res, cases[i].message);
        free_result(&res);
    }
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

/* A long option may be cut to any prefix that only it begins with. */
static void test_long_option_prefixes(void **state)
{
    static const char explain_tail[] =
        "Usage: sudoku explain [OPTIONS] [PUZZLE | FILE | -]...\n"
        "Try 'sudoku help explain' for more information.\n";
    static const char grade_tail[] =
        "Usage: sudoku grade [OPTIONS] [PUZZLE | FILE | -]...\n"
        "Try 'sudoku help grade' for more information.\n";
    cli_result res;
    char expected[2000];

    (void)state;
    snprintf(expected, sizeof expected, "%s 1\n", wiki_solution);
    run(&res, "", "--cou", "--uni", "--lim=5", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, "", "--form", "grid", "--jo=1", wiki, NULL);
    snprintf(expected, sizeof expected, "%s\n", wiki_grid);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* only the command's own options count: --hint is explain's alone */
    run(&res, "", "explain", "--h", wiki, NULL);
    assert_string_equal(res.out, "");
    snprintf(expected, sizeof expected,
             "sudoku: option '--h' is ambiguous; possibilities: '--hint' '--help'\n%s",
             explain_tail);
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);
    run(&res, "", "grade", "--h", wiki, NULL);
    assert_int_equal(res.status, 0);
    assert_memory_equal(res.out, "Usage: sudoku grade ", 20);
    free_result(&res);
    /* another command's option, even cut short, is refused as such */
    run(&res, "", "grade", "--hin", wiki, NULL);
    assert_string_equal(res.out, "");
    snprintf(expected, sizeof expected, "sudoku: option '--hin' is not for grade\n%s",
             grade_tail);
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);

    run(&res, "", "--=x", wiki, NULL);
    expect_usage_error(&res, "unrecognized option '--=x'");
    free_result(&res);
    run(&res, "", "--formats=json", wiki, NULL);
    expect_usage_error(&res, "unrecognized option '--formats=json'");
    free_result(&res);
    run(&res, "", "--st=1", wiki, NULL);
    expect_usage_error(&res, "option '--st=1' takes no argument");
    free_result(&res);
}

static void test_missing_file(void **state)
{
    cli_result res;
    char path[4200], expected[9000];

    (void)state;
    snprintf(path, sizeof path, "%stest_cli_no_such_file.txt", work_dir);
    remove(path);
    run(&res, "", path, wiki, NULL);
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    assert_string_equal(res.out, expected); /* the batch went on */
    snprintf(expected, sizeof expected, "sudoku: %s: %s\n", path, strerror(ENOENT));
    assert_string_equal(res.err, expected);
    assert_string_equal(strerror(ENOENT), "No such file or directory");
    assert_int_equal(res.status, 2);
    free_result(&res);

    /* 2 wins over 1, whichever comes first */
    run(&res, "", unsolvable, path, NULL);
    assert_int_equal(res.status, 2);
    free_result(&res);
    run(&res, "", path, unsolvable, NULL);
    assert_string_equal(res.out, "unsolvable\n");
    assert_int_equal(res.status, 2);
    free_result(&res);
}

/*
 * An operand that is not 81 cell characters names a file. When there is no
 * such file and it reads as a puzzle line, 72 to 90 cells with 17 digits
 * at least, it is a mistyped puzzle: its cells are what is wrong with it.
 */
static void test_operand_that_names_no_file(void **state)
{
    char longer[SUDOKU_CELLS + 2], shorter[SUDOKU_CELLS], foreign[SUDOKU_CELLS + 1];
    char spaced[200], expected[2000];
    cli_result res;

    (void)state;
    snprintf(longer, sizeof longer, "%s7", wiki);
    snprintf(shorter, sizeof shorter, "%.80s", wiki);
    snprintf(foreign, sizeof foreign, "%.16sx%s", wiki, wiki + 17);
    run(&res, "", longer, shorter, foreign, NULL);
    assert_string_equal(res.out, "invalid\ninvalid\ninvalid\n");
    assert_string_equal(res.err, "sudoku: <arg 1>:1: 82 cells, expected 81\n"
                                 "sudoku: <arg 2>:1: 80 cells, expected 81\n"
                                 "sudoku: <arg 3>:1: foreign character 'x' at r2c8\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* rows apart, as people paste them: white space and rules go */
    snprintf(spaced, sizeof spaced, "%.27s | %.27s\t%.9s ------ %.18s", wiki,
             wiki + 27, wiki + 54, wiki + 63);
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    run(&res, "", spaced, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
}

/*
 * A puzzle spaced out or boxed, past 255 bytes, or pasted with its
 * newlines, is a puzzle, not a file name; a newline in it ends a row.
 */
static void test_long_and_multiline_operands(void **state)
{
    char boxed[1000], pasted[200], expected[2000];
    const char *rows = strchr(wiki_block, '\n') + 1; /* past the comment */
    cli_result res;
    size_t n = 0;

    (void)state;
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    run(&res, "", rows, NULL); /* the boxed grid, newlines and all */
    assert_true(strlen(rows) > 255);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* the same on one line, rules and all */
    for (const char *p = rows; *p; p++)
        boxed[n++] = (char)(*p == '\n' ? ' ' : *p);
    boxed[n] = '\0';
    run(&res, "", boxed, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* as `sudoku "$(cat grid.txt)"` gives it: rows, no final newline */
    n = 0;
    for (int row = 0; row < 9; row++)
        n += (size_t)snprintf(pasted + n, sizeof pasted - n, "%s%.9s",
                              row ? "\n" : "", wiki + row * 9);
    run(&res, "", pasted, "-f", "json", NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"solution\":\"%s\",\"guesses\":0}\n",
             wiki, wiki_solution);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* a mistake in it is named at its line within the operand */
    pasted[10 + 7] = 'x';
    run(&res, "", pasted, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <arg 1>:2: foreign character 'x' at r2c8\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* and a BOM before it is skipped, as in a file */
    snprintf(pasted, sizeof pasted, "\xEF\xBB\xBF%s", wiki);
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    run(&res, "", pasted, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
}

/*
 * A name with a '/' or an extension is a file, however many cell
 * characters it holds: a missing one is reported as missing.
 */
static void test_missing_file_with_many_cells(void **state)
{
    static const char *const names[] = {
        "backup_2023_11_23_0000_1111_2222_3333_4444_5555_6666_7777_8888_9999_level_7_of_9.txt",
        "old/53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7.sdk",
    };
    char expected[1000];
    cli_result res;

    (void)state;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        run(&res, "", names[i], NULL);
        assert_string_equal(res.out, "");
        snprintf(expected, sizeof expected, "sudoku: %s: %s\n", names[i], strerror(ENOENT));
        assert_string_equal(res.err, expected);
        assert_int_equal(res.status, 2);
        free_result(&res);
    }
}

/* Nine rows typed without quotes are one puzzle, "<args N-M>". */
static void test_rows_as_operands(void **state)
{
    char row[18][12], expected[2000];
    cli_result res;

    (void)state;
    for (int i = 0; i < 9; i++) {
        snprintf(row[i], sizeof row[i], "%.9s", wiki + i * 9);
        snprintf(row[9 + i], sizeof row[i], "%.9s", norvig + i * 9);
    }
    run(&res, "", qqwing, row[0], row[1], row[2], row[3], row[4], row[5], row[6],
        row[7], row[8], row[9], row[10], row[11], row[12], row[13], row[14],
        row[15], row[16], row[17], wiki, NULL);
    snprintf(expected, sizeof expected, "%s\n%s\n%s\n%s\n", qqwing_solution,
             wiki_solution, norvig_solution, wiki_solution);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* a row with a mistake: one record, named by its row */
    row[1][7] = 'x';
    run(&res, "", "-f", "json", row[0], row[1], row[2], row[3], row[4], row[5],
        row[6], row[7], row[8], wiki, NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<args 1-9>\",\"line\":1,\"puzzle\":\"%.16sx%s\",\"status\":"
             "\"invalid\",\"error\":\"foreign character 'x' at r2c8\"}\n"
             "{\"source\":\"<arg 10>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"solution\":\"%s\",\"guesses\":0}\n",
             wiki, wiki + 17, wiki, wiki_solution);
    assert_string_equal(res.out, expected);
    assert_string_equal(res.err, "sudoku: <args 1-9>:2: foreign character 'x' at r2c8\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* a row one cell short, or a row missing: still one record */
    row[1][7] = wiki[16];
    row[4][8] = '\0';
    run(&res, "", row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7],
        row[8], NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <args 1-9>:1: 80 cells, expected 81\n");
    free_result(&res);
    run(&res, "", row[0], row[1], row[2], row[3], row[5], row[6], row[7], row[8],
        NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <args 1-8>:1: grid block ends after 8 rows\n");
    free_result(&res);
}

/* What does not read as a puzzle stays a file that cannot be opened. */
static void test_operand_that_is_no_puzzle(void **state)
{
    char xs[SUDOKU_CELLS + 1], digits[100], expected[1000];
    const char *names[] = {xs, digits, "puzzles-2024-hard.txt", ""};
    cli_result res;

    (void)state;
    memset(xs, 'x', SUDOKU_CELLS); /* 81 cells, no digit */
    xs[SUDOKU_CELLS] = '\0';
    memset(digits, '1', 91); /* 91 cells */
    digits[91] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        run(&res, "", names[i], NULL);
        assert_string_equal(res.out, "");
        snprintf(expected, sizeof expected, "sudoku: %s: %s\n", names[i], strerror(ENOENT));
        assert_string_equal(res.err, expected);
        assert_int_equal(res.status, 2);
        free_result(&res);
    }
}

#if defined(__unix__) || defined(__APPLE__)
/* A file that exists is read, however much its name looks like a puzzle. */
static void test_existing_file_wins(void **state)
{
    char cwd[4096], name[SUDOKU_CELLS + 1], text[200], expected[200];
    cli_result res;
    FILE *f;

    (void)state;
    assert_non_null(getcwd(cwd, sizeof cwd));
    if (work_dir[0] != '\0')
        assert_int_equal(chdir(work_dir), 0);
    snprintf(name, sizeof name, "%.80s", norvig); /* a puzzle one cell short */
    f = fopen(name, "w");
    assert_non_null(f);
    snprintf(text, sizeof text, "%s\n", wiki);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
    run(&res, "", name, NULL);
    remove(name);
    assert_int_equal(chdir(cwd), 0);
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    expect_clean_success(&res, expected);
    free_result(&res);
}
#endif

/* 10 MiB of cells on one line: one record, however long. */
#define HUGE_LINE (10UL << 20)

static void test_huge_line(void **state)
{
    char *input = malloc(HUGE_LINE + 100);
    char expected[200];
    cli_result res;

    (void)state;
    assert_non_null(input);
    for (size_t i = 0; i < HUGE_LINE; i++)
        input[i] = (char)('1' + i % 9);
    /* alone, with no newline */
    run_bytes(&res, input, HUGE_LINE, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <stdin>:1: 10485760 cells, expected 81\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* then a puzzle, which keeps its place */
    snprintf(input + HUGE_LINE, 100, "\n%s\n", wiki);
    run_bytes(&res, input, strlen(input), NULL);
    snprintf(expected, sizeof expected, "invalid\n%s\n", wiki_solution);
    assert_string_equal(res.out, expected);
    assert_string_equal(res.err, "sudoku: <stdin>:1: 10485760 cells, expected 81\n");
    free_result(&res);
    free(input);
}

/* Records in `bytes`, as the reader finds them. */
static size_t count_records(const char *bytes, size_t length)
{
    FILE *in = stream_of(bytes, length);
    reader *r = malloc(sizeof *r);
    record rec;
    size_t n = 0;

    assert_non_null(r);
    reader_init(r, in, 0);
    while (reader_next(r, &rec) > 0)
        n++;
    free(r);
    fclose(in);
    return n;
}

/*
 * Binary data, every byte value, NULs and newlines among them: one output
 * record and one message for each record read, with the messages' line
 * numbers going up, and the same bytes out for any number of threads.
 */
static void test_binary_data(void **state)
{
    const size_t length = 1 << 18;
    char *input = malloc(length);
    unsigned long seed = 12345;
    unsigned long last_line = 0;
    size_t records, lines = 0;
    cli_result one, two;
    const char *p;

    (void)state;
    assert_non_null(input);
    for (size_t i = 0; i < length; i++) {
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        input[i] = (char)(seed >> 56);
    }
    records = count_records(input, length);
    assert_true(records > 100);

    run_bytes(&one, input, length, "-j", "1", NULL);
    run_bytes(&two, input, length, "-j", "2", NULL);
    expect_same_run(&one, &two);
    assert_int_equal(one.status, 1);
    for (p = one.out; *p; p += strlen("invalid\n")) {
        assert_memory_equal(p, "invalid\n", strlen("invalid\n"));
        lines++;
    }
    assert_int_equal(lines, records);
    lines = 0;
    for (p = one.err; *p; p = strchr(p, '\n') + 1) {
        unsigned long line;
        char *end;

        assert_memory_equal(p, "sudoku: <stdin>:", 16);
        line = strtoul(p + 16, &end, 10);
        assert_int_equal(*end, ':');
        assert_true(line > last_line);
        last_line = line;
        lines++;
    }
    assert_int_equal(lines, records);
    free_result(&one);
    free_result(&two);
    free(input);
}

static void test_empty_file(void **state)
{
    char path[4200];
    cli_result res;

    (void)state;
    make_file(path, sizeof path, "empty.txt", "");
    run(&res, "", path, path, NULL);
    remove(path);
    expect_clean_success(&res, "");
    free_result(&res);
}

static void test_unopenable_path(void **state)
{
    char file[4200], path[4300], expected[9000];
    cli_result res;

    (void)state;
    /* a path through a regular file, as if it were a directory */
    make_file(file, sizeof file, "not_a_dir.txt", "");
    snprintf(path, sizeof path, "%s/puzzles.txt", file);
    run(&res, "", path, wiki, NULL);
    remove(file);
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    assert_string_equal(res.out, expected);
    snprintf(expected, sizeof expected, "sudoku: %s: %s\n", path, strerror(ENOTDIR));
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);
}

#if defined(__unix__) || defined(__APPLE__)
static void test_unreadable_file(void **state)
{
    char path[4200], expected[9000];
    cli_result res;

    (void)state;
    if (geteuid() == 0)
        skip(); /* root reads a file whatever its mode */
    make_file(path, sizeof path, "unreadable.txt", wiki);
    assert_int_equal(chmod(path, 0), 0);
    run(&res, "", path, wiki, NULL);
    remove(path);
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    assert_string_equal(res.out, expected);
    snprintf(expected, sizeof expected, "sudoku: %s: %s\n", path, strerror(EACCES));
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);
}
#endif

static void test_directory_operand(void **state)
{
    cli_result res;
    char dir[4200], expected[9000];

    (void)state;
    snprintf(dir, sizeof dir, "%s.", work_dir);
    run(&res, "", dir, wiki, NULL);
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    assert_string_equal(res.out, expected);
    snprintf(expected, sizeof expected, "sudoku: %s: ", dir);
    assert_memory_equal(res.err, expected, strlen(expected));
    assert_non_null(strchr(res.err + strlen(expected), '\n'));
    assert_int_equal(res.status, 2);
    free_result(&res);
}

/* grade: SE's ER/EP/ED and the level; the failures in the usual words. */
static void test_grade(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "grade", norvig, wiki, NULL);
    assert_string_equal(res.out, "2.6/1.2/1.2 medium\n1.2/1.2/1.2 easy\n");
    assert_string_equal(res.err, "");
    assert_int_equal(res.status, 0);
    free_result(&res);

    run(&res, ".................................................................................\n",
        "grade", "-f", "json", unsolvable, "-", NULL);
    assert_string_equal(res.out,
        "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"12345678.........9...............................................................\","
        "\"status\":\"unsolvable\",\"error\":\"no solution\"}\n"
        "{\"source\":\"<stdin>\",\"line\":1,\"puzzle\":\"................................................................................."
        "\",\"status\":\"not-unique\",\"error\":\"more than one solution\"}\n");
    assert_string_equal(res.err, "sudoku: <arg 1>:1: no solution\n"
                                 "sudoku: <stdin>:1: more than one solution\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    run(&res, "", "grade", "-f", "json", norvig, NULL);
    assert_string_equal(res.out,
        "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\","
        "\"status\":\"solved\",\"er\":2.6,\"ep\":1.2,\"ed\":1.2,\"level\":\"medium\","
        "\"hardest\":\"Pointing\",\"steps\":69,\"complete\":true}\n");
    free_result(&res);
}

/* explain: the puzzle, a line per step, the solution and the rating. */
static void test_explain(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "explain", norvig, NULL);
    assert_int_equal(res.status, 0);
    {
        static const char start[] =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
            "Hidden Single: r6c2=4 (box 4)\n"
            "Hidden Single: r8c3=3 (box 7)\n"
            "Hidden Single: r8c6=1 (box 8)\n"
            "Pointing: 2 in b5 => r1c6<>2, r2c6<>2, r3c6<>2\n";

        assert_memory_equal(res.out, start, strlen(start));
    }
    assert_non_null(strstr(res.out, "\nDirect Hidden Pair: 2,6 in r5c6,r6c6 => r4c6=7\n"));
    assert_non_null(strstr(res.out, "\n417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"
                                    "Rating: 2.6/1.2/1.2 medium\n\n"));
    free_result(&res);

    run(&res, "", "explain", "--hint", "-f", "json", norvig, NULL);
    assert_string_equal(res.out,
        "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\","
        "\"status\":\"solved\",\"steps\":[{\"technique\":\"Hidden Single\",\"rating\":1.2,"
        "\"placements\":[\"r6c2=4\"],\"eliminations\":[],\"text\":\"Hidden Single: r6c2=4 (box 4)\"}],"
        "\"solution\":\"417369825632158947958724316825437169791586432346912758289643571573291684164875293\"}\n");
    free_result(&res);
}

/* explain -f json: a chain step carries its nodes, and its branches. */
static void test_explain_json_chains(void **state)
{
    /* qqwing-1000.txt, rated 6.6 and 8.3 by Sudoku Explainer */
    static const char forcing[] =
        "974.1.....2.736.....5...........1..6..64.593..5.3..7......2.....92...1.7163......";
    static const char cell[] =
        ".9.46....37.........4...7.....3..2.881..2.39...7.....694.278.1..2.1..........9...";
    cli_result res;

    (void)state;
    run(&res, "", "explain", "-f", "json", forcing, NULL);
    assert_int_equal(res.status, 0);
    assert_non_null(strstr(res.out,
        "{\"technique\":\"Forcing X-Chain\",\"rating\":6.6,\"placements\":[],"
        "\"eliminations\":[\"r4c8<>8\"],"
        "\"chain\":[\"r4c8=8\",\"r5c9<>8\",\"r5c5=8\",\"r8c5<>8\",\"r8c8=8\",\"r4c8<>8\"],"
        "\"text\":\"Forcing X-Chain: 8 r4c8-r5c9=r5c5-r8c5=r8c8-r4c8 => r4c8<>8\"}"));
    assert_null(strstr(res.out, "\"technique\":\"Hidden Single\",\"rating\":1.2,"
                                "\"placements\":[\"r3c1=6\"],\"eliminations\":[],\"chain\""));
    free_result(&res);

    /* the branches start at 0, 4 and 6; the text breaks its lines as \n */
    run(&res, "", "explain", "-f", "json", cell, NULL);
    assert_int_equal(res.status, 0);
    assert_non_null(strstr(res.out,
        "{\"technique\":\"Cell Forcing Chains\",\"rating\":8.3,\"placements\":[],"
        "\"eliminations\":[\"r1c3<>5\"],"
        "\"chain\":[\"r3c1=1\",\"r1c1<>1\",\"r1c1=5\",\"r1c3<>5\",\"r3c1=5\",\"r1c3<>5\","
        "\"r3c1=6\",\"r3c2<>6\",\"r4c2=6\",\"r4c2<>5\",\"r5c3=5\",\"r1c3<>5\"],"
        "\"branches\":[0,4,6],"
        "\"text\":\"Cell Forcing Chains: r1c3<>5\\n  (1)r3c1-(1)r1c1=(5)r1c1-(5)r1c3\\n"
        "  (5)r3c1-(5)r1c3\\n  (6)r3c1-(6)r3c2=(6)r4c2-(5)r4c2=(5)r5c3-(5)r1c3\"}"));
    /* one record, one line */
    assert_ptr_equal(strchr(res.out, '\n'), res.out + strlen(res.out) - 1);
    free_result(&res);
}

/*
 * A puzzle that needs SE's nested forcing chains: the techniques finish it
 * now, so its explanation ends with the rating, not with the candidates
 * left and the search (which only a puzzle beyond SE's ladder would need).
 */
static void test_explain_runs_out(void **state)
{
    /* forum-hardest-1106.txt, rated 10.3/1.2/1.2 by Sudoku Explainer */
    static const char hard[] =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    cli_result res;

    (void)state;
    run(&res, "", "grade", hard, NULL);
    assert_string_equal(res.out, "10.3/1.2/1.2 extreme\n");
    free_result(&res);
    run(&res, "", "explain", hard, NULL);
    assert_int_equal(res.status, 0);
    assert_null(strstr(res.out, "No technique applies; the candidates left:\n"));
    assert_non_null(strstr(res.out, "Rating: 10.3/1.2/1.2 extreme\n\n"));
    free_result(&res);
}

/* --max-rating stops once ER is known to pass it, and says so with '>'. */
static void test_grade_max_rating(void **state)
{
    /* magictour-top1465.txt line 1, rated 9.0/1.2/1.2 by Sudoku Explainer */
    static const char hard[] =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    cli_result res;

    (void)state;
    run(&res, "", "grade", "--max-rating", "7.5", hard, NULL);
    assert_string_equal(res.out, ">7.5/1.2/1.2 extreme\n");
    free_result(&res);
    run(&res, "", "grade", "--max-rating=9.0", hard, NULL);
    assert_string_equal(res.out, "9.0/1.2/1.2 extreme\n");
    free_result(&res);
    run(&res, "", "grade", "--max-rating", "7.x", hard, NULL);
    assert_int_equal(res.status, SUDOKU_CLI_EXIT_TROUBLE);
    free_result(&res);
    /* a puzzle below the limit gets its whole rating, solved to the end */
    run(&res, "", "grade", "--max-rating", "7.5", norvig, NULL);
    assert_string_equal(res.out, "2.6/1.2/1.2 medium\n");
    free_result(&res);
}

/* Pencil marks: 729 characters; bad ones are invalid with the reason. */
static void test_pencil_marks(void **state)
{
    char marks[9 * 81 + 2];
    cli_result res;

    (void)state;
    for (int c = 0; c < 81; c++) {
        for (int d = 1; d <= 9; d++)
            marks[9 * c + d - 1] =
                (char)(norvig[c] == '.' || norvig[c] == '0' + d ? '0' + d : '.');
    }
    marks[9 * 81] = '\n';
    marks[9 * 81 + 1] = '\0';
    run(&res, marks, "grade", NULL);
    assert_string_equal(res.out, "2.6/1.2/1.2 medium\n");
    free_result(&res);

    memset(marks + 9, '.', 9); /* r1c2 loses every candidate */
    run(&res, marks, "grade", NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <stdin>:1: r1c2 has no candidate left\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* solve reads puzzles only */
    run(&res, marks, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <stdin>:1: 729 cells, expected 81\n");
    free_result(&res);
}

/* The commands refuse what solve refuses, in the same words. */
static void test_commands_refuse_alike(void **state)
{
    static const char bad[] = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\n";
    cli_result solve, other;

    (void)state;
    run(&solve, bad, NULL);
    for (int i = 0; i < 2; i++) {
        run(&other, bad, i ? "explain" : "grade", NULL);
        assert_string_equal(other.err, solve.err);
        assert_int_equal(other.status, 1);
        free_result(&other);
    }
    free_result(&solve);
    run(&other, "", "grade", "--count", NULL);
    assert_int_equal(other.status, 2);
    assert_string_equal(other.err, "sudoku: option '--count' is not for grade\n"
                                   "Usage: sudoku grade [OPTIONS] [PUZZLE | FILE | -]...\n"
                                   "Try 'sudoku help grade' for more information.\n");
    free_result(&other);
    run(&other, "", "help", "explain", NULL);
    assert_int_equal(other.status, 0);
    assert_non_null(strstr(other.out, "Usage: sudoku explain [OPTIONS]"));
    assert_non_null(strstr(other.out, "--hint"));
    free_result(&other);
}

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
    run(&res, "", "canon", "-f", "json", "11...............................................................................", NULL);
    assert_non_null(strstr(res.out, "\"status\":\"invalid\",\"error\":\"r1c1 and r1c2 both hold 1\""));
    assert_int_equal(res.status, 1);
    free_result(&res);
}

static void test_help(void **state)
{
    static const char *const mentions[] = {
        "-f, --format",  "-c, --count", "-l, --limit", "-u, --unique",
        "-s, --stats",   "-h, --help",  "-V, --version", "line", "grid", "json",
        "-j, --jobs",    "\n  0  ",     "\n  1  ",     "\n  2  ",       "\n  141  ",
        "      --color WHEN  ", "      --line-buffered\n", "auto", "always", "never",
    };
    cli_result res, short_res;

    (void)state;
    run(&res, "", "--help", wiki, NULL);
    assert_int_equal(res.status, 0);
    assert_string_equal(res.err, "");
    assert_memory_equal(res.out,
                        "Usage: sudoku [COMMAND] [OPTIONS] [PUZZLE | FILE | -]...\n", 57);
    for (size_t i = 0; i < sizeof mentions / sizeof *mentions; i++) {
        if (!strstr(res.out, mentions[i]))
            fail_msg("--help does not mention \"%s\"", mentions[i]);
    }
    assert_null(strstr(res.out, wiki_solution)); /* nothing solved */
    run(&short_res, "", "-h", NULL);
    assert_string_equal(short_res.out, res.out);
    assert_int_equal(short_res.status, 0);
    free_result(&short_res);
    free_result(&res);
}

static void test_version(void **state)
{
    cli_result res;
    char expected[200];
    unsigned major, minor, patch;
    int used = 0;

    (void)state;
    snprintf(expected, sizeof expected, "sudoku %s\n", sudoku_version());
    run(&res, "", "--version", NULL);
    assert_string_equal(res.out, expected);
    assert_string_equal(res.err, "");
    assert_int_equal(res.status, 0);
    assert_int_equal(sscanf(res.out, "sudoku %u.%u.%u\n%n", &major, &minor, &patch, &used), 3);
    assert_int_equal(used, (int)res.out_length);
    free_result(&res);
    run(&res, "", "-V", NULL);
    assert_string_equal(res.out, expected);
    assert_int_equal(res.status, 0);
    free_result(&res);
}

static void test_double_dash_ends_options(void **state)
{
    cli_result res;
    char input[200], expected[2000];

    (void)state;
    /* "-x" after "--" is a file name, not an unknown option */
    run(&res, "", "--", "-x", NULL);
    assert_string_equal(res.out, "");
    snprintf(expected, sizeof expected, "sudoku: -x: %s\n", strerror(ENOENT));
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);

    snprintf(input, sizeof input, "%s\n", wiki);
    snprintf(expected, sizeof expected, "%s 1\n", wiki_solution);
    run(&res, input, "-c", "--", "-", NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
}

static void test_grouped_and_attached_values(void **state)
{
    cli_result res;
    char expected[2000];

    (void)state;
    run(&res, "", "-cu", serg, NULL);
    assert_string_equal(res.out, "not-unique 872\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    run(&res, "", "-c", "-l5", serg, NULL);
    assert_int_equal(counted(&res, serg), 5);
    free_result(&res);
    run(&res, "", "-cl5", serg, NULL);
    assert_int_equal(counted(&res, serg), 5);
    free_result(&res);
    run(&res, "", "--count", "--limit=5", serg, NULL);
    assert_int_equal(counted(&res, serg), 5);
    free_result(&res);
    /* options may follow the operands */
    run(&res, "", serg, "-l", "7", "-c", NULL);
    assert_int_equal(counted(&res, serg), 7);
    free_result(&res);

    snprintf(expected, sizeof expected, "%s\n", wiki_grid);
    run(&res, "", "-fgrid", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, "", "-uf", "grid", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
}

static void test_write_error_read_only_stream(void **state)
{
    const char *args[] = {wiki, NULL};
    char path[4200];
    cli_result res;
    FILE *out;

    (void)state;
    make_file(path, sizeof path, "read_only.txt", "");
    out = fopen(path, "r");
    assert_non_null(out);
    run_with(&res, "", 0, out, args);
    fclose(out);
    remove(path);
    assert_non_null(strstr(res.err, "sudoku: write error"));
    assert_int_equal(res.status, 2);
    free_result(&res);
}

static void test_write_error_device_full(void **state)
{
    const char *args[] = {wiki, norvig, NULL};
    char expected[2000];
    cli_result res;
    FILE *out = fopen("/dev/full", "w");

    (void)state;
    if (!out)
        skip();
    run_with(&res, "", 0, out, args);
    snprintf(expected, sizeof expected, "sudoku: write error: %s\n", strerror(ENOSPC));
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);

    /* --help, too, fails when its text cannot be written */
    clearerr(out);
    run_with(&res, "", 0, out, (const char *const[]){"--help", NULL});
    fclose(out);
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);
}

/* `count` copies of "PUZZLE\n", for inputs longer than the buffers. */
static char *repeated(const char *puzzle, size_t count, size_t *length)
{
    const size_t line = strlen(puzzle) + 1;
    char *text = malloc(count * line + 1);

    assert_non_null(text);
    for (size_t i = 0; i < count; i++) {
        memcpy(text + i * line, puzzle, line - 1);
        text[i * line + line - 1] = '\n';
    }
    *length = count * line;
    return text;
}

/*
 * A long input with every kind of record, good and bad, so that batches
 * of solved and failed records fill the pool's ring several times over.
 */
static char *mixed_input(size_t *length)
{
    static const char *const kinds[] = {
        "%s\n",                 /* wiki: solved */
        "# a comment\n%s\n",    /* norvig: solved, after a comment */
        "%.80s\n",              /* too short */
        "%s\n",                 /* unsolvable */
        "%s\n",                 /* conflict */
        "%.16sx%s\n",           /* a foreign character */
        "%s\n",                 /* serg: many solutions */
        "1 2 3 4 5 6 7 8 9\n\n", /* a block cut short */
    };
    const size_t records = 3000;
    char *text = malloc(records * 120);
    size_t n = 0;

    assert_non_null(text);
    for (size_t i = 0; i < records; i++) {
        const size_t kind = (i * 7 + i / 13) % (sizeof kinds / sizeof *kinds);
        const char *puzzle = kind == 0 ? wiki
                             : kind == 1 ? norvig
                             : kind == 2 ? qqwing
                             : kind == 3 ? unsolvable
                             : kind == 4 ? conflict
                             : kind == 5 ? wiki
                                         : serg;

        n += (size_t)snprintf(text + n, 120, kinds[kind], puzzle, wiki + 17);
    }
    *length = n;
    return text;
}

/* Every number of threads gives the same bytes, in input order. */
/*
 * A batch that runs for more than a second, the time the progress line
 * waits, writes no progress to a standard error that is no terminal: the
 * batch doubles until it takes that long.
 */
static void test_no_progress_off_terminal(void **state)
{
    static const char hard[] =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    size_t count = 2000;

    (void)state;
    for (int round = 0; round < 8; round++, count *= 2) {
        char *input = malloc(count * (SUDOKU_CELLS + 1) + 1);
        const char *const args[] = {"-j1", "-", NULL};
        cli_result res;
        time_t start;
        double seconds;

        assert_non_null(input);
        for (size_t i = 0; i < count; i++) {
            /* with its NUL, for clang-tidy's string checks; then a newline */
            memcpy(input + i * (SUDOKU_CELLS + 1), hard, SUDOKU_CELLS + 1);
            input[i * (SUDOKU_CELLS + 1) + SUDOKU_CELLS] = '\n';
        }
        start = time(NULL);
        run_with(&res, input, count * (SUDOKU_CELLS + 1), NULL, args);
        seconds = difftime(time(NULL), start);
        assert_int_equal(res.status, 0);
        assert_int_equal(res.out_length, count * (SUDOKU_CELLS + 1));
        assert_string_equal(res.err, "");
        free_result(&res);
        free(input);
        if (seconds >= 2)
            return;
    }
    fail_msg("no batch ran long enough to have shown progress");
}

static void test_jobs_give_the_same_output(void **state)
{
    static const char *const formats[] = {"line", "grid", "json"};
    char path[4200], missing[4200];
    size_t length;
    char *input = mixed_input(&length);

    (void)state;
    make_file(path, sizeof path, "jobs.txt", input);
    snprintf(missing, sizeof missing, "%stest_cli_no_such_jobs.txt", work_dir);
    remove(missing);
    for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
        cli_result one;
        const char *args[] = {"-c",    "-l",    "3",     "-f", formats[f], "-j",
                              "1",     path,    missing, wiki, "-",        path,
                              NULL};

        run_with(&one, input, length, NULL, args);
        assert_int_equal(one.status, 2); /* the missing file */
        assert_non_null(strstr(one.err, ": no solution\n"));
        for (const char *const *jobs = (const char *const[]){"2", "3", "8", NULL};
             *jobs; jobs++) {
            cli_result many;

            args[6] = *jobs;
            run_with(&many, input, length, NULL, args);
            expect_same_run(&one, &many);
            free_result(&many);
        }
        free_result(&one);
    }
    remove(path);
    free(input);
}

/* The --stats summary counts the same whatever the number of threads. */
static void test_jobs_give_the_same_summary(void **state)
{
    size_t length;
    char *input = mixed_input(&length);
    char first[200] = "";

    (void)state;
    for (const char *const *jobs = (const char *const[]){"1", "2", "5", NULL};
         *jobs; jobs++) {
        const char *args[] = {"-s", "-j", *jobs, NULL};
        const char *summary;
        cli_result res;

        run_with(&res, input, length, NULL, args);
        summary = strstr(res.err, "sudoku: 3000 puzzles, ");
        assert_non_null(summary);
        *strstr(summary, " failed, ") = '\0';
        if (first[0] == '\0')
            snprintf(first, sizeof first, "%s", summary);
        assert_string_equal(summary, first);
        free_result(&res);
    }
    free(input);
}

/* A big input on standard input, for the tests that stop early. */
static FILE *big_input(long *length)
{
    size_t n;
    char *text = repeated(wiki, 20000, &n);
    FILE *in = stream_of(text, n);

    free(text);
    *length = (long)n;
    return in;
}

static void test_write_error_stops_early(void **state)
{
    const char *args[] = {NULL};
    char expected[200];
    cli_result res;
    long length;
    FILE *in, *out = fopen("/dev/full", "w");

    (void)state;
    if (!out)
        skip();
    in = big_input(&length);
    run_on(&res, in, out, args);
    /* reading stopped soon after the first failed write */
    assert_true(ftell(in) < length / 4);
    fclose(in);
    fclose(out);
    snprintf(expected, sizeof expected, "sudoku: write error: %s\n", strerror(ENOSPC));
    assert_string_equal(res.err, expected); /* once */
    assert_int_equal(res.status, 2);
    free_result(&res);
}

#if defined(__unix__) || defined(__APPLE__)
/*
 * A pipe whose reader has gone, with SIGPIPE ignored as some parents
 * leave it: the writes fail with EPIPE, and the command stops quietly.
 */
static void test_closed_pipe_stops_quietly(void **state)
{
    const char *args[] = {NULL};
    void (*previous)(int) = signal(SIGPIPE, SIG_IGN);
    int ends[2];
    cli_result res;
    long length;
    FILE *in, *out;

    (void)state;
    assert_int_equal(pipe(ends), 0);
    close(ends[0]);
    out = fdopen(ends[1], "w");
    assert_non_null(out);
    in = big_input(&length);
    run_on(&res, in, out, args);
    assert_true(ftell(in) < length / 4);
    fclose(in);
    fclose(out);
    signal(SIGPIPE, previous);
    assert_string_equal(res.err, "");
    assert_int_equal(res.status, SUDOKU_CLI_EXIT_PIPE);
    free_result(&res);
}
#endif

/*
 * generate: the output of a few seeds, written down once; a change to
 * the generator that changes them breaks the promise that a seed makes the
 * same puzzles, so it is one to make on purpose.
 */
static void test_generate_pinned(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "generate", "--seed", "2024", "-n", "3", NULL);
    expect_clean_success(
        &res,
        "...1..7.4..7..3.1....8.95........6......35.8.45..6.....6.....72...9.....29.3...4.\n"
        ".........7....1.9....382.....16.......6..81.3.4...3..2.7..2..5..5.4..3...6....42.\n"
        "..9.....27......5.....6.7...467...3...........8...362....4...1..54..2.96.3.18....\n");
    free_result(&res);
    run(&res, "", "generate", "--seed", "2024", "--symmetry", "rotate180", "-f",
        "json", NULL);
    expect_clean_success(
        &res,
        "{\"seed\":2024,\"index\":0,\"status\":\"made\",\"puzzle\":"
        "\"...1...6..2...38....1...5.378.4.....9...3...7.....8.913.8...9....49...5..9...7...\","
        "\"solution\":"
        "\"839152764527643819641879523782491635916235487453768291368514972174926358295387146\","
        "\"givens\":25,\"symmetry\":\"rotate180\",\"attempts\":1}\n");
    free_result(&res);
    run(&res, "", "generate", "--seed=18446744073709551615", "--level", "medium",
        "-fjson", NULL);
    expect_clean_success(
        &res,
        "{\"seed\":18446744073709551615,\"index\":0,\"status\":\"made\",\"puzzle\":"
        "\"..6..7.4.7.51.......9.3..1......58...6.24..39.3......4..3.......7..29...291.8....\","
        "\"solution\":"
        "\"316857942725194368489632715942365871167248539538971624853416297674529183291783456\","
        "\"givens\":26,\"symmetry\":\"none\",\"attempts\":7,\"er\":2.6,\"ep\":1.2,"
        "\"ed\":1.2,\"level\":\"medium\",\"hardest\":\"Pointing\",\"complete\":true}\n");
    free_result(&res);
    run(&res, "", "generate", "--seed", "0", "--grids", NULL);
    expect_clean_success(
        &res, "583124967492876315671593824735241689928765431164389572819437256347652198256918743\n");
    free_result(&res);
}

/* generate: puzzle k comes from the seed and k alone, whatever -j says. */
static void test_generate_jobs_give_the_same_output(void **state)
{
    static const char *const formats[] = {"line", "json"};

    (void)state;
    for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
        cli_result one, two;

        run(&one, "", "generate", "--seed", "77", "-n", "300", "--symmetry",
            "random", "-f", formats[f], "-j", "1", NULL);
        run(&two, "", "generate", "--seed", "77", "-n", "300", "--symmetry",
            "random", "-f", formats[f], "-j", "2", NULL);
        assert_int_equal(one.status, 0);
        expect_same_run(&one, &two);
        free_result(&two);
        /* and a run's first items are those of a longer run */
        run(&two, "", "generate", "--seed", "77", "-n", "5", "--symmetry",
            "random", "-f", formats[f], NULL);
        assert_true(two.out_length < one.out_length);
        assert_memory_equal(two.out, one.out, two.out_length);
        free_result(&two);
        free_result(&one);
    }
}

/* The value of "key":"..." or "key":N in a JSON line, copied into value. */
static int json_value(const char *line, const char *key, char *value, size_t size)
{
    char pattern[64];
    const char *p;
    size_t n = 0;

    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    if (!(p = strstr(line, pattern)))
        return 0;
    p += strlen(pattern);
    if (*p == '"')
        p++;
    while (p[n] && p[n] != '"' && p[n] != ',' && p[n] != '}' && n + 1 < size)
        n++;
    memcpy(value, p, n);
    value[n] = '\0';
    return 1;
}

/* ER as grade writes it, "3.4", in tenths. */
static int tenths_of(const char *text)
{
    int whole, tenth;

    assert_int_equal(sscanf(text, "%d.%d", &whole, &tenth), 2);
    return whole * 10 + tenth;
}

/*
 * generate --level and --rating: every puzzle made says it has the grade
 * asked, and `grade` agrees; --clues holds too.
 */
static void test_generate_grades(void **state)
{
    static const struct {
        const char *option, *value, *level;
        int min, max;
    } cases[] = {
        {"--level", "easy", "easy", 10, 23},
        {"--level", "medium", "medium", 24, 38},
        {"--level", "hard", "hard", 39, 62},
        {"--rating", "3.0-4.5", NULL, 30, 45},
        {"--rating", "2.6", NULL, 26, 26},
    };

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char puzzles[12 * (SUDOKU_CELLS + 1) + 1] = "";
        cli_result res, graded;
        const char *line, *grade_line;
        int made = 0;

        run(&res, "", "generate", "--seed", "31", "-n", "12", "--symmetry",
            "random", "--clues", "30", cases[i].option, cases[i].value, "-f",
            "json", NULL);
        assert_int_equal(res.status, 0);
        for (line = res.out; *line; line = strchr(line, '\n') + 1, made++) {
            char value[SUDOKU_CELLS + 1];

            assert_true(json_value(line, "puzzle", value, sizeof value));
            strcat(puzzles, value);
            strcat(puzzles, "\n");
            assert_true(json_value(line, "givens", value, sizeof value));
            assert_true(atoi(value) >= 17 && atoi(value) <= 30);
            assert_true(json_value(line, "er", value, sizeof value));
            assert_in_range(tenths_of(value), cases[i].min, cases[i].max);
            assert_true(json_value(line, "level", value, sizeof value));
            if (cases[i].level)
                assert_string_equal(value, cases[i].level);
        }
        assert_int_equal(made, 12);
        run(&graded, puzzles, "grade", NULL);
        assert_int_equal(graded.status, 0);
        for (grade_line = graded.out; *grade_line;
             grade_line = strchr(grade_line, '\n') + 1) {
            const char *space = strchr(grade_line, ' ');

            assert_in_range(tenths_of(grade_line), cases[i].min, cases[i].max);
            if (cases[i].level)
                assert_memory_equal(space + 1, cases[i].level,
                                    strlen(cases[i].level));
        }
        free_result(&graded);
        free_result(&res);
    }
}

/* generate: a maximum of givens out of reach is a failure record, told why. */
static void test_generate_out_of_reach(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "generate", "--seed", "3", "--clues", "18", NULL);
    assert_string_equal(res.out, "not-found\n");
    assert_string_equal(res.err, "sudoku: puzzle 0 (seed 3): no puzzle with at "
                                 "most 18 givens in 1000 attempts (fewest: 21)\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
    run(&res, "", "generate", "--seed", "3", "--clues", "18", "-f", "json", NULL);
    assert_string_equal(res.out,
                        "{\"seed\":3,\"index\":0,\"status\":\"not-found\",\"error\":"
                        "\"no puzzle with at most 18 givens in 1000 attempts "
                        "(fewest: 21)\",\"attempts\":1000}\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
}

/* generate: the seed drawn without --seed is shown, and makes the same again. */
static void test_generate_drawn_seed(void **state)
{
    cli_result res, again;
    char seed[32], expected[200];
    const char *summary;

    (void)state;
    run(&res, "", "generate", "-n", "2", "-s", NULL);
    assert_int_equal(res.status, 0);
    summary = strstr(res.err, ", seed ");
    assert_non_null(summary);
    assert_int_equal(sscanf(summary, ", seed %31[0-9]", seed), 1);
    assert_memory_equal(res.err, "sudoku: 2 puzzles, 2 made, 0 failed, ", 37);
    run(&again, "", "generate", "-n", "2", "--seed", seed, NULL);
    assert_int_equal(again.status, 0);
    /* the records of -s are the puzzle, the attempts and the time */
    for (const char *p = res.out, *q = again.out; *q; p = strchr(p, '\n') + 1,
                    q = strchr(q, '\n') + 1) {
        assert_memory_equal(p, q, SUDOKU_CELLS);
        assert_int_equal(p[SUDOKU_CELLS], ' ');
    }
    free_result(&again);
    free_result(&res);
    run(&res, "", "generate", "-f", "json", NULL);
    snprintf(expected, sizeof expected, "{\"seed\":");
    assert_memory_equal(res.out, expected, strlen(expected));
    free_result(&res);
}

static void test_generate_usage_errors(void **state)
{
    static const struct {
        const char *args[4];
        const char *message;
    } cases[] = {
        {{"-n", "-1"}, "invalid count '-1': use 1 to 18446744073709551615"},
        {{"-n", "0"}, "invalid count '0': use 1 to 18446744073709551615"},
        {{"--count=x"}, "invalid count 'x': use 1 to 18446744073709551615"},
        {{"--seed", "18446744073709551616"},
         "invalid seed '18446744073709551616': use 0 to 18446744073709551615"},
        {{"--symmetry", "foo"},
         "unknown symmetry 'foo': use none, rotate180, rotate90, mirror, flip, "
         "diagonal, antidiagonal, dihedral or random"},
        {{"--level", "tough"},
         "unknown level 'tough': use easy, medium, hard, expert or extreme"},
        {{"--rating", "9-3"}, "invalid rating '9-3': the minimum is above the maximum"},
        {{"--rating", "3.45"},
         "invalid rating '3.45': use MIN-MAX on the scale of grade, such as 2.5-4.0"},
        {{"--clues", "10"},
         "invalid number of givens '10': use 17 to 81 (no puzzle with fewer than 17 "
         "has one solution)"},
        {{"--clues", "82"},
         "invalid number of givens '82': use 17 to 81 (no puzzle with fewer than 17 "
         "has one solution)"},
        {{"--level", "hard", "--grids"}, "--level is for puzzles, not for --grids"},
        {{"--grids", "--symmetry", "none"}, "--symmetry is for puzzles, not for --grids"},
        {{"--level", "easy", "--rating", "1-2"},
         "--level and --rating do not go together: use one"},
        {{wiki}, "generate reads no puzzles or files: '53..7....6..195....98....6.8...6"
                 "...34..8.3..17...2...6.6....28....419..5....8..79'"},
        {{"-", "-n", "2"}, "generate reads no puzzles or files: '-'"},
        {{"-c"}, "option '-c' is not for generate"},
        {{"--unique"}, "option '--unique' is not for generate"},
    };
    char top[16], message[200], above[32];

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *args[8] = {"generate"};
        int n = 1;
        cli_result res;
        char expected[2000];

        for (int j = 0; j < 4 && cases[i].args[j]; j++)
            args[n++] = cases[i].args[j];
        args[n] = NULL;
        run_with(&res, "", 0, NULL, args);
        snprintf(expected, sizeof expected,
                 "sudoku: %s\nUsage: sudoku generate [OPTIONS]\n"
                 "Try 'sudoku help generate' for more information.\n",
                 cases[i].message);
        assert_string_equal(res.out, "");
        assert_string_equal(res.err, expected);
        assert_int_equal(res.status, 2);
        free_result(&res);
    }
    /* what the grader cannot check is refused, naming its top */
    snprintf(top, sizeof top, "%d.%d", SUDOKU_TOP_DIFFICULTY / 10,
             SUDOKU_TOP_DIFFICULTY % 10);
    snprintf(message, sizeof message, "ratings above %s cannot be checked yet", top);
    snprintf(above, sizeof above, "--rating=%d.%d", (SUDOKU_TOP_DIFFICULTY + 1) / 10,
             (SUDOKU_TOP_DIFFICULTY + 1) % 10);
    for (const char *const *asked = (const char *const[]){"--rating=1.0-20", above, NULL};
         *asked; asked++) {
        cli_result res;

        run(&res, "", "generate", *asked, NULL);
        assert_int_equal(res.status, 2);
        assert_string_equal(res.out, "");
        assert_non_null(strstr(res.err, message));
        free_result(&res);
    }
    if (SUDOKU_TOP_DIFFICULTY < 75) { /* expert goes to 7.5 */
        cli_result res;

        run(&res, "", "generate", "--level", "expert", NULL);
        assert_int_equal(res.status, 2);
        assert_non_null(strstr(res.err, message));
        free_result(&res);
    }
}

/* generate's help lists its options, and the grader's top as their limit. */
static void test_generate_help(void **state)
{
    static const char *const mentions[] = {
        "Usage: sudoku generate [OPTIONS]\n", "-n, --count N", "--seed S",
        "--symmetry SYM", "--level L", "--rating MIN-MAX", "--clues MAX",
        "--grids", "-j, --jobs", "-s, --stats", "not-found", "minimal",
    };
    cli_result res, other;
    char top[32];

    (void)state;
    run(&res, "", "generate", "--help", NULL);
    assert_int_equal(res.status, 0);
    for (size_t i = 0; i < sizeof mentions / sizeof *mentions; i++) {
        if (!strstr(res.out, mentions[i]))
            fail_msg("generate --help does not mention \"%s\"", mentions[i]);
    }
    snprintf(top, sizeof top, "at most %d.%d", SUDOKU_TOP_DIFFICULTY / 10,
             SUDOKU_TOP_DIFFICULTY % 10);
    assert_non_null(strstr(res.out, top));
    assert_null(strstr(res.out, "-c, --count")); /* solve's */
    run(&other, "", "help", "generate", NULL);
    assert_string_equal(other.out, res.out);
    free_result(&other);
    run(&other, "", "--help", NULL);
    assert_non_null(strstr(other.out, "\n  generate  "));
    assert_null(strstr(other.out, "--seed"));
    free_result(&other);
    free_result(&res);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_solutions_are_solutions),
        cmocka_unit_test(test_puzzle_argument),
        cmocka_unit_test(test_stdin),
        cmocka_unit_test(test_file_operand),
        cmocka_unit_test(test_operands_keep_input_order),
        cmocka_unit_test(test_grid_block_input),
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
        cmocka_unit_test(test_bad_input_classes),
        cmocka_unit_test(test_foreign_character_in_block_names_its_line),
        cmocka_unit_test(test_foreign_character_comes_first),
        cmocka_unit_test(test_byte_order_mark),
        cmocka_unit_test(test_unique_raises_the_limit),
        cmocka_unit_test(test_empty_input),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_long_option_prefixes),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_operand_that_names_no_file),
        cmocka_unit_test(test_operand_that_is_no_puzzle),
        cmocka_unit_test(test_long_and_multiline_operands),
        cmocka_unit_test(test_missing_file_with_many_cells),
        cmocka_unit_test(test_rows_as_operands),
#if defined(__unix__) || defined(__APPLE__)
        cmocka_unit_test(test_existing_file_wins),
#endif
        cmocka_unit_test(test_directory_operand),
        cmocka_unit_test(test_huge_line),
        cmocka_unit_test(test_binary_data),
        cmocka_unit_test(test_empty_file),
        cmocka_unit_test(test_unopenable_path),
#if defined(__unix__) || defined(__APPLE__)
        cmocka_unit_test(test_unreadable_file),
#endif
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_grade),
        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_explain_json_chains),
        cmocka_unit_test(test_explain_runs_out),
        cmocka_unit_test(test_grade_max_rating),
        cmocka_unit_test(test_pencil_marks),
        cmocka_unit_test(test_commands_refuse_alike),
        cmocka_unit_test(test_canon),
        cmocka_unit_test(test_generate_pinned),
        cmocka_unit_test(test_generate_jobs_give_the_same_output),
        cmocka_unit_test(test_generate_grades),
        cmocka_unit_test(test_generate_out_of_reach),
        cmocka_unit_test(test_generate_drawn_seed),
        cmocka_unit_test(test_generate_usage_errors),
        cmocka_unit_test(test_generate_help),
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_double_dash_ends_options),
        cmocka_unit_test(test_grouped_and_attached_values),
        cmocka_unit_test(test_write_error_read_only_stream),
        cmocka_unit_test(test_write_error_device_full),
        cmocka_unit_test(test_jobs_give_the_same_output),
        cmocka_unit_test(test_no_progress_off_terminal),
        cmocka_unit_test(test_jobs_give_the_same_summary),
        cmocka_unit_test(test_write_error_stops_early),
#if defined(__unix__) || defined(__APPLE__)
        cmocka_unit_test(test_closed_pipe_stops_quietly),
#endif
    };
    const char *slash = argc > 0 ? strrchr(argv[0], '/') : NULL;

    /* Files go next to this executable, in the build tree. */
    if (slash && (size_t)(slash - argv[0]) + 2 <= sizeof work_dir)
        memcpy(work_dir, argv[0], (size_t)(slash - argv[0]) + 1);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
