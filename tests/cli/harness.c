/*
 * harness.c - what the tests of the command share (harness.h).
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
#include "stream.h"

/* The Wikipedia example puzzle: singles solve it, so it takes no guesses. */
const char wiki[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const char wiki_solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/* norvig-top95.txt line 1. */
const char norvig[] =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

const char norvig_solution[] =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/* qqwing-10k.txt line 82 (puzzles/examples.txt). */
const char qqwing[] =
    "..37....8.1....67.....6..2374.89..6..6......9.31..4...4.....9...2..4..8.......71.";

const char qqwing_solution[] =
    "653712498219438675874569123742895361568371249931624857486157932127943586395286714";

/* serg-benchmark.txt line 3: exactly 872 solutions. */
const char serg[] =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/*
 * No direct conflict, yet no solution: row 1 holds 1-8, so r1c9 must be 9,
 * but r2c9 already holds 9 in the same column (and box).
 */
const char unsolvable[] =
    "12345678.........9...............................................................";

/* Two 1s in row 1: r1c1 and r1c3. */
const char conflict[] =
    "1.1..............................................................................";

const char usage_tail[] =
    "Usage: sudoku [COMMAND] [OPTIONS] [PUZZLE | FILE | -]...\n"
    "Try 'sudoku --help' for more information.\n";

/* The directory of the test executable, with its final '/', or "". */
char work_dir[4096];

/* The name of the test program, which its files are named after. */
static char program[64] = "cli";

void free_result(cli_result *res)
{
    free(res->out);
    free(res->err);
    memset(res, 0, sizeof *res);
}

/* The whole of a stream, NUL-terminated (it may hold NULs of its own). */
char *slurp(FILE *f, size_t *length)
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
 * Runs the command on the stream `in`, which it leaves open, with the
 * arguments in `args`, NULL-terminated, after "sudoku". `out` may be
 * given, else a tmpfile() is used and read back.
 */
void run_on(cli_result *res, FILE *in, FILE *out, const char *const *args)
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
void run_with(cli_result *res, const char *input, size_t length,
                     FILE *out, const char *const *args)
{
    FILE *in = stream_of(input, length);

    run_on(res, in, out, args);
    fclose(in);
}

/* run(&res, "stdin text", "arg", ..., NULL) */
void run(cli_result *res, const char *input, ...)
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
void run_bytes(cli_result *res, const char *input, size_t length, ...)
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
void make_file(char *path, size_t size, const char *name,
                      const char *text)
{
    FILE *f;

    snprintf(path, size, "%s%s_%s", work_dir, program, name);
    f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

void expect_clean_success(const cli_result *res, const char *out)
{
    assert_string_equal(res->err, "");
    assert_string_equal(res->out, out);
    assert_int_equal(res->status, 0);
}

/* Two runs that wrote the same bytes and ended the same way. */
void expect_same_run(const cli_result *a, const cli_result *b)
{
    assert_int_equal(a->status, b->status);
    assert_int_equal(a->out_length, b->out_length);
    assert_memory_equal(a->out, b->out, a->out_length);
    assert_string_equal(a->err, b->err);
}

/* Whether `solution` is a full, valid grid that keeps the givens of `puzzle`. */
int solves(const char *puzzle, const char *solution)
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

/*
 * "T" of a stats column, then `end`: below 100, digits, '.' and one digit;
 * from 100 on, a whole number, without a fraction.
 */
const char *expect_micros(const char *text, const char *end)
{
    const char *p = text;
    unsigned long whole = 0;

    assert_true(*p >= '0' && *p <= '9');
    while (*p >= '0' && *p <= '9')
        whole = whole * 10 + (unsigned long)(*p++ - '0');
    if (whole < 100) {
        assert_int_equal(*p, '.');
        p++;
        assert_true(*p >= '0' && *p <= '9');
        p++;
    }
    assert_memory_equal(p, end, strlen(end));
    return p + strlen(end);
}

/* A usage error: nothing on out, this message and the usage on err, 2. */
void expect_usage_error(const cli_result *res, const char *message)
{
    char expected[2000];

    snprintf(expected, sizeof expected, "sudoku: %s\n%s", message, usage_tail);
    assert_string_equal(res->out, "");
    assert_string_equal(res->err, expected);
    assert_int_equal(res->status, 2);
}

const char wiki_grid[] =
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

/* The count in "SOLUTION N\n", after checking the solution. */
unsigned long counted(const cli_result *res, const char *puzzle)
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

void harness_init(int argc, char **argv)
{
    const char *slash = argc > 0 ? strrchr(argv[0], '/') : NULL;
    const char *name = slash ? slash + 1 : argc > 0 ? argv[0] : "cli";

    /* Files go next to this executable, in the build tree. */
    if (slash && (size_t)(slash - argv[0]) + 2 <= sizeof work_dir)
        memcpy(work_dir, argv[0], (size_t)(slash - argv[0]) + 1);
    snprintf(program, sizeof program, "%s", name);
}
