/*
 * test_input.c - what the command reads: puzzles as arguments, files, standard input, grid blocks, rows as operands, and every kind of bad input.
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
#include <stdlib.h>
#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "harness.h"
#include "reader.h"
#include "stream.h"

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
    sudoku_record rec;
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
/*
 * Runs the command on a puzzle and a file it may not read: the puzzle is
 * solved, the file named with the reason, and the status is 2. Returns
 * whether all of that held, for a child process to report.
 */
static int unreadable_file_told(const char *path)
{
    char expected[9000];
    cli_result res;
    int ok;

    run(&res, "", path, wiki, NULL);
    snprintf(expected, sizeof expected, "%s\n", wiki_solution);
    ok = strcmp(res.out, expected) == 0 && res.status == 2;
    snprintf(expected, sizeof expected, "sudoku: %s: %s\n", path, strerror(EACCES));
    ok = ok && strcmp(res.err, expected) == 0;
    free_result(&res);
    return ok;
}

static void test_unreadable_file(void **state)
{
    char path[4200];
    int status = -1;
    pid_t child;

    (void)state;
    make_file(path, sizeof path, "unreadable.txt", wiki);
    assert_int_equal(chmod(path, 0), 0);
    if (geteuid() != 0) {
        assert_true(unreadable_file_told(path));
        remove(path);
        return;
    }
    /* root reads a file whatever its mode: the run goes to a child that
       gives up root for nobody's ids */
    child = fork();
    assert_true(child >= 0);
    if (child == 0)
        _exit(setgid(65534) == 0 && setuid(65534) == 0 && unreadable_file_told(path)
                  ? 0 : 1);
    assert_int_equal(waitpid(child, &status, 0), child);
    remove(path);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
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

/* QQWing's CSV: a "Puzzle," header, then each puzzle and a comma, or more fields. */
static void test_qqwing_csv(void **state)
{
    char input[1024], expected[512];
    cli_result res;

    (void)state;
    snprintf(input, sizeof input, "Puzzle,\n%s,\n", norvig);
    run(&res, input, NULL);
    snprintf(expected, sizeof expected, "%s\n", norvig_solution);
    expect_clean_success(&res, expected);
    free_result(&res);

    snprintf(input, sizeof input, "Puzzle,Solution,\n%s,%s,\n%s,%s,\n", norvig,
             norvig_solution, wiki, wiki_solution);
    run(&res, input, NULL);
    snprintf(expected, sizeof expected, "%s\n%s\n", norvig_solution, wiki_solution);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* a row with a field too few cells is a broken line, as before */
    snprintf(input, sizeof input, "Puzzle,\n%.80s,\n", norvig);
    run(&res, input, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <stdin>:2: foreign character ',' at r9c9\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
}

/* A grid of nine lines, with an empty line between its bands. */
static void test_empty_line_between_bands(void **state)
{
    char input[256], expected[256];
    size_t n = 0;
    cli_result res;

    (void)state;
    for (int row = 0; row < 9; row++)
        n += (size_t)snprintf(input + n, sizeof input - n, "%s%.9s\n",
                              row == 3 || row == 6 ? "\n" : "", norvig + row * 9);
    run(&res, input, NULL);
    snprintf(expected, sizeof expected, "%s\n", norvig_solution);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* an empty line after the first band but not the second breaks the block */
    n = 0;
    for (int row = 0; row < 9; row++)
        n += (size_t)snprintf(input + n, sizeof input - n, "%s%.9s\n",
                              row == 3 ? "\n" : "", norvig + row * 9);
    run(&res, input, NULL);
    assert_string_equal(res.out, "invalid\ninvalid\n");
    assert_string_equal(res.err,
                        "sudoku: <stdin>:1: grid block ends after 6 rows\n"
                        "sudoku: <stdin>:8: grid block ends after 3 rows\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
}

/* A puzzle followed by notes on its line: the notes are its annotation. */
static void test_notes_after_a_puzzle(void **state)
{
    char input[1024], expected[2048];
    cli_result res;

    (void)state;
    snprintf(input, sizeof input, "%s 7.1/1.2/1.2\n%s   # easy \n%s\tnorvig 1\n",
             norvig, norvig, norvig);
    run(&res, input, NULL);
    snprintf(expected, sizeof expected, "%s\n%s\n%s\n", norvig_solution,
             norvig_solution, norvig_solution);
    expect_clean_success(&res, expected);
    free_result(&res);

    run(&res, input, "canon", "-f", "json", NULL);
    assert_string_equal(res.err, "");
    assert_non_null(strstr(res.out, ",\"note\":\"7.1/1.2/1.2\","));
    assert_non_null(strstr(res.out, ",\"note\":\"# easy\","));
    assert_non_null(strstr(res.out, ",\"note\":\"norvig 1\","));
    free_result(&res);

    /* a broken line stays broken, with its reason */
    snprintf(input, sizeof input, "%.80s 7.1/1.2/1.2\n%sx 7.1\n", norvig, norvig);
    run(&res, input, NULL);
    assert_string_equal(res.out, "invalid\ninvalid\n");
    assert_string_equal(res.err,
                        "sudoku: <stdin>:1: foreign character '/' at column 85\n"
                        "sudoku: <stdin>:2: foreign character 'x' at column 82\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
}

/*
 * Grids as other programs draw them: HoDoKu's frame (".---.", ":---+",
 * "'---'"), Sudoku Explainer's ("*-----------*") and Unicode's box
 * drawing. A frame's lines, and the walls of a row, its boxes' cells
 * apart by a space or not.
 */
typedef struct frame {
    const char *top, *band, *bottom, *wall;
    int spaced;
} frame;

static const frame hodoku_frame = {".-------.-------.-------.\n", ":-------+-------+-------:\n",
                                   "'-------'-------'-------'\n", "|", 1};
static const frame explainer_frame = {"*-----------*\n", "|---+---+---|\n",
                                      "*-----------*\n", "|", 0};
static const frame box_frame = {"┌───┬───┬───┐\n", "├───┼───┼───┤\n", "└───┴───┴───┘\n",
                                "│", 0};

/* Draws puzzle p in frame f. */
static void draw(char *out, size_t size, const char *p, const frame *f)
{
    size_t n = (size_t)snprintf(out, size, "%s", f->top);

    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6)
            n += (size_t)snprintf(out + n, size - n, "%s", f->band);
        for (int b = 0; b < 3; b++) {
            const char *c = p + r * 9 + b * 3;

            if (f->spaced)
                n += (size_t)snprintf(out + n, size - n, "%s %c %c %c ", f->wall, c[0], c[1], c[2]);
            else
                n += (size_t)snprintf(out + n, size - n, "%s%.3s", f->wall, c);
        }
        n += (size_t)snprintf(out + n, size - n, "%s\n", f->wall);
    }
    snprintf(out + n, size - n, "%s", f->bottom);
}

/* `text` in UTF-16, little-endian with a byte-order mark or big-endian without. */
static size_t utf16(char *out, const char *text, int big)
{
    size_t n = 0;

    if (!big) {
        out[n++] = '\xFF';
        out[n++] = '\xFE';
    }
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        out[n++] = (char)(big ? 0 : *p);
        out[n++] = (char)(big ? *p : 0);
    }
    return n;
}

/*
 * Each input form reads as the plain puzzle does, for every command that
 * reads puzzles, also a line at a time (--line-buffered) and after a UTF-8
 * byte-order mark; and JSON keeps the notes of a line for every command.
 * The forms: QQWing's CSV, a block with empty lines between its bands, a
 * note after a space and after a semicolon, the grids HoDoKu, Sudoku
 * Explainer and box drawing draw, and UTF-16 both ways round, one with a
 * byte-order mark and a comment line ending in CRLF.
 */
static void test_input_forms_read_as_plain(void **state)
{
    static const char *const commands[][3] = {
        {"solve", NULL}, {"grade", NULL}, {"explain", "--hint"}, {"canon", NULL},
    };
    enum { FORMS = 9, FORM_SIZE = 1024 };
    char plain[128], commented[160], form[FORMS][FORM_SIZE];
    size_t length[FORMS], n = 0;

    (void)state;
    snprintf(plain, sizeof plain, "%s\n", norvig);
    snprintf(form[0], FORM_SIZE, "Puzzle,\n%s,\n", norvig);
    for (int row = 0; row < 9; row++)
        n += (size_t)snprintf(form[1] + n, FORM_SIZE - n, "%s%.9s\n",
                              row == 3 || row == 6 ? "\n" : "", norvig + row * 9);
    snprintf(form[2], FORM_SIZE, "%s 7.1/1.2/1.2\n", norvig);
    snprintf(form[3], FORM_SIZE, "%s;a name, with a comma\n", norvig);
    draw(form[4], FORM_SIZE, norvig, &hodoku_frame);
    draw(form[5], FORM_SIZE, norvig, &explainer_frame);
    draw(form[6], FORM_SIZE, norvig, &box_frame);
    for (int f = 0; f < 7; f++)
        length[f] = strlen(form[f]);
    snprintf(commented, sizeof commented, "# a comment\r\n%s", plain);
    length[7] = utf16(form[7], commented, 0);
    length[8] = utf16(form[8], plain, 1);
    for (size_t c = 0; c < sizeof commands / sizeof *commands; c++) {
        const char *args[4] = {commands[c][0], commands[c][1], NULL, NULL};
        const char *buffered[4] = {commands[c][0], "--line-buffered", commands[c][1], NULL};
        cli_result want, got;

        run_with(&want, plain, strlen(plain), NULL, args);
        assert_int_equal(want.status, 0);
        for (int f = 0; f < FORMS; f++) {
            char marked[3 + FORM_SIZE];

            run_with(&got, form[f], length[f], NULL, args);
            expect_same_run(&want, &got);
            free_result(&got);
            run_with(&got, form[f], length[f], NULL, buffered);
            expect_same_run(&want, &got);
            free_result(&got);
            marked[0] = '\xEF'; /* a UTF-8 byte-order mark */
            marked[1] = '\xBB';
            marked[2] = '\xBF';
            memcpy(marked + 3, form[f], length[f]);
            run_with(&got, marked, 3 + length[f], NULL, args);
            expect_same_run(&want, &got);
            free_result(&got);
        }
        free_result(&want);
        /* the notes are kept in JSON */
        for (int f = 2; f <= 3; f++) {
            const char *json[5] = {commands[c][0], "-f", "json", commands[c][1], NULL};
            const char *note = f == 2 ? ",\"note\":\"7.1/1.2/1.2\","
                                      : ",\"note\":\"a name, with a comma\",";

            run_with(&got, form[f], length[f], NULL, json);
            assert_int_equal(got.status, 0);
            if (!strstr(got.out, note))
                fail_msg("%s -f json loses the note: %s", commands[c][0], got.out);
            free_result(&got);
        }
    }
}

/*
 * HoDoKu's pencil marks, in its frame, read by explain and grade as the
 * same marks on one line of 729 characters: every candidate in the empty
 * cells of `norvig`.
 */
static void test_hodoku_pencil_marks(void **state)
{
    static const char rule[] = "-------------------------------";
    char framed[4096], line[9 * 81 + 2];
    size_t n = 0;
    cli_result want, got;

    (void)state;
    for (int c = 0; c < 81; c++) {
        for (int d = 1; d <= 9; d++)
            line[c * 9 + d - 1] = (char)(norvig[c] == '.' || norvig[c] == '0' + d ? '0' + d : '.');
    }
    memcpy(line + 729, "\n", 2);
    n += (size_t)snprintf(framed + n, sizeof framed - n, ".%s.%s.%s.\n", rule, rule, rule);
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6)
            n += (size_t)snprintf(framed + n, sizeof framed - n, ":%s+%s+%s:\n", rule, rule, rule);
        for (int c = 0; c < 9; c++) {
            const char cell = norvig[r * 9 + c];

            n += (size_t)snprintf(framed + n, sizeof framed - n, "%s%-9s ",
                                  c % 3 == 0 ? "| " : "", cell == '.' ? "123456789" : (char[]){cell, 0});
        }
        n += (size_t)snprintf(framed + n, sizeof framed - n, "|\n");
    }
    snprintf(framed + n, sizeof framed - n, "'%s'%s'%s'\n", rule, rule, rule);
    for (int grading = 0; grading < 2; grading++) {
        const char *args[3] = {grading ? "grade" : "explain", grading ? NULL : "--hint", NULL};

        run_with(&want, line, strlen(line), NULL, args);
        assert_int_equal(want.status, 0);
        run_with(&got, framed, strlen(framed), NULL, args);
        expect_same_run(&want, &got);
        free_result(&got);
        free_result(&want);
    }
}

/* A drawn grid that is wrong stays invalid, and says why. */
static void test_broken_drawn_grids(void **state)
{
    char hodoku[1024], boxes[1024], row[128];
    cli_result res;

    (void)state;
    draw(hodoku, sizeof hodoku, norvig, &hodoku_frame);
    strstr(hodoku, "| 4 . . |")[4] = 'x'; /* "| 4 x . |" */
    run(&res, hodoku, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <stdin>:2: foreign character 'x' at r1c2\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    draw(boxes, sizeof boxes, norvig, &box_frame);
    snprintf(row, sizeof row, "│%.3s│%.3s│%.3s│\n", norvig + 36, norvig + 39, norvig + 42);
    memmove(strstr(boxes, row), strstr(boxes, row) + strlen(row),
            strlen(strstr(boxes, row) + strlen(row)) + 1); /* row 5 dropped */
    run(&res, boxes, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <stdin>:2: grid block ends after 8 rows\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    /* a name after a puzzle of 80 cells does not hide the count */
    snprintf(row, sizeof row, "%.80s;name\n", norvig);
    run(&res, row, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err, "sudoku: <stdin>:1: foreign character ';' at column 81\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
}

/*
 * A line too long to name a file is read as a puzzle, and gets a record;
 * the messages say what the right lengths are.
 */
static void test_wrong_lengths_are_named(void **state)
{
    char marks[9 * 81 + 2];
    cli_result res;

    (void)state;
    memset(marks, '1', sizeof marks);
    marks[730] = '\0';
    run(&res, "", "explain", marks, NULL);
    assert_string_equal(res.out, "invalid\n\n");
    assert_string_equal(res.err,
                        "sudoku: <arg 1>:1: 730 cells, expected 81, or 729 for pencil marks\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    marks[728] = '\0';
    run(&res, "", "grade", marks, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err,
                        "sudoku: <arg 1>:1: 728 cells, expected 81, or 729 for pencil marks\n");
    free_result(&res);

    marks[728] = '1';
    marks[729] = '\0';
    run(&res, "", "canon", marks, NULL);
    assert_string_equal(res.out, "invalid\n");
    assert_string_equal(res.err,
                        "sudoku: <arg 1>:1: 729 cells, expected 81: a line of pencil "
                        "marks is for explain and grade\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_puzzle_argument),
        cmocka_unit_test(test_stdin),
        cmocka_unit_test(test_file_operand),
        cmocka_unit_test(test_operands_keep_input_order),
        cmocka_unit_test(test_grid_block_input),
        cmocka_unit_test(test_bad_input_classes),
        cmocka_unit_test(test_foreign_character_in_block_names_its_line),
        cmocka_unit_test(test_foreign_character_comes_first),
        cmocka_unit_test(test_byte_order_mark),
        cmocka_unit_test(test_empty_input),
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
        cmocka_unit_test(test_qqwing_csv),
        cmocka_unit_test(test_empty_line_between_bands),
        cmocka_unit_test(test_notes_after_a_puzzle),
        cmocka_unit_test(test_input_forms_read_as_plain),
        cmocka_unit_test(test_hodoku_pencil_marks),
        cmocka_unit_test(test_broken_drawn_grids),
        cmocka_unit_test(test_wrong_lengths_are_named),
        cmocka_unit_test(test_huge_line),
        cmocka_unit_test(test_binary_data),
        cmocka_unit_test(test_empty_file),
        cmocka_unit_test(test_unopenable_path),
#if defined(__unix__) || defined(__APPLE__)
        cmocka_unit_test(test_unreadable_file),
#endif
    };

    harness_init(argc, argv);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
