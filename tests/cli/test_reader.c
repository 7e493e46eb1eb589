/*
 * test_reader.c - the record reader: lines, blocks, what is skipped, what
 * is kept, and the line numbers, against the Input section of the plan.
 *
 * Every input is written to a tmpfile() and read back, the way the command
 * reads a file. Most inputs are read twice, non-interactively and
 * interactively, and must give the same records both ways.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "stream.h"

/* The Wikipedia example puzzle, as one line of 81 cells. */
static const char wiki[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/* norvig-top95.txt line 1. */
static const char norvig[] =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/* `wiki` as a block with every kind of separator and rule lines between. */
static const char wiki_block[] =
    "+-------+-------+-------+\n"      /* 1: a border before the first row */
    "| 5 3 . | . 7 . | . . . |\n"      /* 2 */
    "6\t.\t.\t|1 9 5|\t. . .\n"        /* 3: tabs */
    ". 9 8 + . . . + . 6 .\n"          /* 4: '+' between boxes */
    "------+-------+------\n"          /* 5 */
    "8..-.6.-..3\n"                    /* 6: '-' between boxes, no spaces */
    "4 . . | 8 . 3 | . . 1   \t\n"     /* 7: trailing white space */
    "7 . . | . 2 . | . . 6\n"          /* 8 */
    "------+-------+------\n"          /* 9 */
    ". 6 . | . . . | 2 8 .\n"          /* 10 */
    ". . . | 4 1 9 | . . 5\n"          /* 11 */
    ". . . | . 8 . | . 7 9\n"          /* 12 */
    "+-------+-------+-------+\n";     /* 13: a border after the last row */

static const unsigned long wiki_block_rows[9] = {2, 3, 4, 6, 7, 8, 10, 11, 12};

static FILE *stream_of_string(const char *text)
{
    return stream_of(text, strlen(text));
}

/* The reader is large (its buffer), so tests keep it on the heap. */
static reader *new_reader(FILE *in, int interactive)
{
    reader *r = malloc(sizeof *r);

    assert_non_null(r);
    reader_init(r, in, interactive);
    return r;
}

/* Reads the next record, which must exist. */
static void expect_record(reader *r, sudoku_record *rec)
{
    memset(rec, 0x5A, sizeof *rec); /* nothing may be left over from before */
    assert_int_equal(reader_next(r, rec), 1);
}

static void expect_end(reader *r)
{
    sudoku_record rec;

    assert_int_equal(reader_next(r, &rec), 0);
    assert_int_equal(reader_next(r, &rec), 0); /* and it stays ended */
    assert_int_equal(r->error, 0);
}

/* A one-line puzzle record: its line, its 81 cells, every row on that line. */
static void expect_line_puzzle(reader *r, unsigned long line, const char *cells)
{
    sudoku_record rec;

    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_int_equal(rec.line, line);
    assert_int_equal(rec.count, SUDOKU_CELLS);
    assert_memory_equal(rec.cell, cells, SUDOKU_CELLS);
    for (int i = 0; i < 9; i++)
        assert_int_equal(rec.row_line[i], line);
}

static void expect_short_block(reader *r, unsigned long first_line, int rows,
                               const char *cells)
{
    sudoku_record rec;

    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_E_SHORT_BLOCK);
    assert_int_equal(rec.line, first_line);
    assert_int_equal(rec.row_line[0], first_line);
    assert_int_equal(rec.count, (size_t)rows * 9);
    assert_memory_equal(rec.cell, cells, (size_t)rows * 9);
}

/* One block row of `wiki`, 0-8, written plainly with a newline. */
static void wiki_row(int row, char out[19])
{
    for (int i = 0; i < 9; i++) {
        out[i * 2] = wiki[row * 9 + i];
        out[i * 2 + 1] = i == 8 ? '\n' : ' ';
    }
    out[18] = '\0';
}

/* The first `rows` rows of `wiki` as block lines. */
static void wiki_rows(int rows, char *out)
{
    out[0] = '\0';
    for (int row = 0; row < rows; row++) {
        char line[19];

        wiki_row(row, line);
        strcat(out, line);
    }
}

static void test_one_line_puzzles(void **state)
{
    char text[200];
    FILE *in;
    reader *r;

    (void)state;
    snprintf(text, sizeof text, "%s\n%s\n", wiki, norvig);
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_line_puzzle(r, 1, wiki);
    expect_line_puzzle(r, 2, norvig);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_blank_lines_and_comments_skipped(void **state)
{
    char text[400];
    FILE *in;
    reader *r;

    (void)state;
    snprintf(text, sizeof text,
             "\n"                     /* 1 */
             "# a comment\n"          /* 2 */
             "   # indented\n"        /* 3 */
             "\t#tabbed 1 2 3 4 5\n"  /* 4 */
             " \t \n"                 /* 5: white space only */
             "%s\n"                   /* 6 */
             "\n\n"                   /* 7, 8 */
             "#%s\n"                  /* 9: a commented-out puzzle */
             "%s\n"                   /* 10 */
             "# the end\n",           /* 11 */
             wiki, norvig, norvig);
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_line_puzzle(r, 6, wiki);
    expect_line_puzzle(r, 10, norvig);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_crlf_line_endings(void **state)
{
    char text[400];
    FILE *in;
    reader *r;

    (void)state;
    snprintf(text, sizeof text, "# crlf\r\n\r\n%s\r\n%s \t\r\n", wiki, norvig);
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_line_puzzle(r, 3, wiki);
    expect_line_puzzle(r, 4, norvig);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_final_line_without_newline(void **state)
{
    char text[400];
    FILE *in;
    reader *r;

    (void)state;
    snprintf(text, sizeof text, "%s\n\n%s", wiki, norvig);
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_line_puzzle(r, 1, wiki);
    expect_line_puzzle(r, 3, norvig);
    expect_end(r);
    free(r);
    fclose(in);

    /* a CRLF-less final line that ends in white space, too */
    snprintf(text, sizeof text, "%s\r", wiki);
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_line_puzzle(r, 1, wiki);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_block_with_separators(void **state)
{
    char text[1000];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    snprintf(text, sizeof text, "%s%s\n", wiki_block, norvig);
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_int_equal(rec.line, 2); /* the first row's line, not the border's */
    assert_int_equal(rec.count, SUDOKU_CELLS);
    assert_memory_equal(rec.cell, wiki, SUDOKU_CELLS);
    for (int i = 0; i < 9; i++)
        assert_int_equal(rec.row_line[i], wiki_block_rows[i]);
    /* the border after the block is skipped, and counted */
    expect_line_puzzle(r, 14, norvig);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_two_blocks_in_a_row(void **state)
{
    char text[1000];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    wiki_rows(9, text);
    wiki_rows(9, text + strlen(text));
    in = stream_of_string(text);
    r = new_reader(in, 0);
    for (unsigned long first = 1; first <= 10; first += 9) {
        expect_record(r, &rec);
        assert_int_equal(rec.status, SUDOKU_OK);
        assert_int_equal(rec.line, first);
        assert_memory_equal(rec.cell, wiki, SUDOKU_CELLS);
        assert_int_equal(rec.row_line[8], first + 8);
    }
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_block_cut_by_blank_line(void **state)
{
    char text[1000];
    FILE *in;
    reader *r;

    (void)state;
    wiki_rows(4, text);                                      /* 1-4 */
    snprintf(text + strlen(text), 200, "  \n%s\n", norvig); /* 5, 6 */
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_short_block(r, 1, 4, wiki);
    expect_line_puzzle(r, 6, norvig);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_block_cut_by_comment(void **state)
{
    char text[1000];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    strcpy(text, "\n");                                   /* 1 */
    wiki_rows(3, text + strlen(text));                    /* 2-4 */
    strcat(text, "   # the rest is missing\n");           /* 5 */
    wiki_rows(9, text + strlen(text));                    /* 6-14 */
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_short_block(r, 2, 3, wiki);
    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_int_equal(rec.line, 6);
    assert_int_equal(rec.row_line[2], 8);
    assert_memory_equal(rec.cell, wiki, SUDOKU_CELLS);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_block_cut_by_one_line_puzzle(void **state)
{
    char text[1000];
    FILE *in;
    reader *r;

    (void)state;
    wiki_rows(2, text);                                  /* 1, 2 */
    snprintf(text + strlen(text), 200, "%s\n", norvig); /* 3 */
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_short_block(r, 1, 2, wiki);
    expect_line_puzzle(r, 3, norvig); /* nothing lost */
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_block_cut_by_bad_line(void **state)
{
    char text[1000];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    wiki_rows(8, text);                                     /* 1-8 */
    strcat(text, "1 2 3 4 5 6 7 8\n");                      /* 9: 8 cells */
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_short_block(r, 1, 8, wiki);
    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_int_equal(rec.line, 9);
    assert_int_equal(rec.count, 8);
    assert_memory_equal(rec.cell, "12345678", 8);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_block_cut_by_end_of_input(void **state)
{
    char text[1000];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    strcpy(text, "# five rows\n");                       /* 1 */
    wiki_rows(5, text + strlen(text));                   /* 2-6 */
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_E_SHORT_BLOCK);
    assert_int_equal(rec.count, (size_t)5 * 9);
    assert_int_equal(rec.line, 2);
    for (int i = 0; i < 5; i++)
        assert_int_equal(rec.row_line[i], 2 + i);
    assert_int_equal(rec.count, 45);
    assert_memory_equal(rec.cell, wiki, 45);
    expect_end(r);
    free(r);
    fclose(in);

    /* the same, with no newline after the last row */
    wiki_rows(5, text);
    text[strlen(text) - 1] = '\0';
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_short_block(r, 1, 5, wiki);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_wrong_cell_counts(void **state)
{
    char text[400];
    char cells82[83];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    memcpy(cells82, wiki, 81);
    cells82[81] = '7';
    cells82[82] = '\0';
    snprintf(text, sizeof text, "%.80s\n%s\n%s\n", wiki, cells82, norvig);
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_int_equal(rec.line, 1);
    assert_int_equal(rec.count, 80);
    assert_memory_equal(rec.cell, wiki, 80);
    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_int_equal(rec.line, 2);
    assert_int_equal(rec.count, 82);
    assert_memory_equal(rec.cell, wiki, 81); /* the first 81 are kept */
    expect_line_puzzle(r, 3, norvig);
    expect_end(r);
    free(r);
    fclose(in);
}

/* 10,000,000 cells on one line, many times the reader's buffer. */
#define HUGE_LINE 10000000UL

static char *huge_line(void)
{
    char *text = malloc(HUGE_LINE);

    assert_non_null(text);
    for (size_t i = 0; i < HUGE_LINE; i++)
        text[i] = (char)('1' + i % 9);
    text[0] = '.';
    return text;
}

static void test_huge_line_without_newline(void **state)
{
    char *text = huge_line();
    FILE *in = stream_of(text, HUGE_LINE);
    reader *r;
    sudoku_record rec;

    (void)state;
    /* constant memory: the reader and a record have fixed, small sizes */
    assert_true(sizeof(reader) <= READER_BUFFER + SUDOKU_MARKS + 1024);
    assert_true(sizeof(sudoku_record) <= SUDOKU_MARKS + SUDOKU_NOTE_MAX + 256);
    for (int interactive = 0; interactive <= 1; interactive++) {
        rewind(in);
        r = new_reader(in, interactive);
        expect_record(r, &rec);
        assert_int_equal(rec.status, SUDOKU_OK);
        assert_int_equal(rec.line, 1);
        assert_int_equal(rec.count, HUGE_LINE);
        assert_memory_equal(rec.cell, text, SUDOKU_CELLS);
        expect_end(r);
        free(r);
    }
    fclose(in);
    free(text);
}

static void test_huge_line_then_more(void **state)
{
    char *text = huge_line();
    FILE *in = tmpfile();
    reader *r;
    sudoku_record rec;

    (void)state;
    assert_non_null(in);
    assert_int_equal(fwrite(text, 1, HUGE_LINE, in), HUGE_LINE);
    fprintf(in, "\n%s\n", wiki);
    rewind(in);
    r = new_reader(in, 0);
    expect_record(r, &rec);
    assert_int_equal(rec.count, HUGE_LINE);
    assert_int_equal(rec.line, 1);
    expect_line_puzzle(r, 2, wiki);
    expect_end(r);
    free(r);
    fclose(in);
    free(text);
}

/*
 * Lines that straddle the end of the reader's buffer, at every offset
 * around it: an 81-cell line split anywhere, and a CRLF split between its
 * CR and its LF, give the same records as lines that fit.
 */
static void test_lines_across_the_buffer_end(void **state)
{
    const size_t line = SUDOKU_CELLS + 2; /* cells, CR, LF */
    char *text = malloc(READER_BUFFER + 4 * line);

    (void)state;
    assert_non_null(text);
    for (size_t shift = 0; shift < line; shift++) {
        size_t length = 0, lines = 0;
        FILE *in;
        reader *r;

        /* a comment of `shift` bytes moves every line along by one byte */
        memset(text, '#', shift);
        if (shift > 0)
            text[shift - 1] = '\n';
        length = shift;
        while (length < READER_BUFFER + 2 * line) {
            memcpy(text + length, wiki, sizeof wiki); /* NUL, then CR */
            text[length + SUDOKU_CELLS] = '\r';
            text[length + SUDOKU_CELLS + 1] = '\n';
            length += line;
            lines++;
        }
        in = stream_of(text, length);
        r = new_reader(in, 0);
        for (size_t i = 0; i < lines; i++)
            expect_line_puzzle(r, i + 1 + (shift > 0), wiki);
        expect_end(r);
        free(r);
        fclose(in);
    }
    free(text);
}

static void test_record_from_line(void **state)
{
    sudoku_record rec;

    (void)state;
    assert_int_equal(sudoku_record_from_line(&rec, wiki, SUDOKU_CELLS, 1), SUDOKU_CELLS);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_int_equal(rec.line, 1);
    assert_memory_equal(rec.cell, wiki, SUDOKU_CELLS);

    /* white space and separators go, as on any line */
    {
        static const char row[] = "| 1 2 3 | 4 5 6 |\t7 8 9-\r";

        assert_int_equal(sudoku_record_from_line(&rec, row, strlen(row), 4), 9);
    }
    assert_memory_equal(rec.cell, "123456789", 9);
    assert_int_equal(rec.line, 4);
    assert_int_equal(rec.row_line[8], 4);

    /* the count is of every cell on the line, whether 81 or not */
    assert_int_equal(sudoku_record_from_line(&rec, "1234567890", 10, 1), 10);
    assert_int_equal(sudoku_record_from_line(&rec, "  # 123", 7, 1), 0);
    assert_int_equal(sudoku_record_from_line(&rec, "", 0, 1), 0);
}

/* A BOM at the start of a stream or a text is skipped, read either way. */
static void test_byte_order_mark_skipped(void **state)
{
    char text[300];

    (void)state;
    snprintf(text, sizeof text, "\xEF\xBB\xBF# a comment\n%s\n\xEF\xBB\xBF\n", wiki);
    for (int interactive = 0; interactive < 2; interactive++) {
        FILE *in = stream_of_string(text);
        reader *r = new_reader(in, interactive);
        sudoku_record rec;

        expect_line_puzzle(r, 2, wiki);
        /* only the first is skipped: the one on line 3 is a foreign character */
        expect_record(r, &rec);
        assert_int_equal(rec.line, 3);
        assert_int_equal(rec.foreign.column, 1);
        assert_int_equal(rec.foreign.length, 3);
        assert_memory_equal(rec.foreign.bytes, "\xEF\xBB\xBF", 3);
        assert_int_equal(rec.count, 3);
        assert_int_equal(rec.characters, 1);
        expect_end(r);
        free(r);
        fclose(in);
    }
    {
        reader *r = new_reader(NULL, 0);

        reader_init_text(r, "\xEF\xBB\xBF", 3); /* nothing but a BOM */
        expect_end(r);
        reader_init_text(r, text, strlen(text));
        expect_line_puzzle(r, 2, wiki);
        free(r);
    }
}

/* The first foreign character of a record: its line, column, cell and bytes. */
static void test_foreign_character_noted(void **state)
{
    char text[400];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    snprintf(text, sizeof text,
             "%s\n"               /* 1: none */
             " 12 x\xC3\xA9y\n"     /* 2: 'x' at column 5, cell 2 */
             "123456789\n"        /* 3-4: a block cut short ... */
             "1\xC3\xA9 3456789\n", /* ... its row 2 holds 'é', 9 characters */
             wiki);
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_record(r, &rec);
    assert_int_equal(rec.foreign.column, 0);
    expect_record(r, &rec);
    assert_int_equal(rec.line, 2);
    assert_int_equal(rec.count, 6);
    assert_int_equal(rec.characters, 5);
    assert_int_equal(rec.foreign.line, 2);
    assert_int_equal(rec.foreign.column, 5);
    assert_int_equal(rec.foreign.cell, 2);
    assert_int_equal(rec.foreign.length, 1);
    assert_int_equal(rec.foreign.bytes[0], 'x');
    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_E_CHARACTER);
    assert_int_equal(rec.line, 3);
    assert_int_equal(rec.foreign.line, 4);
    assert_int_equal(rec.foreign.column, 2);
    assert_int_equal(rec.foreign.cell, 10);
    assert_int_equal(rec.foreign.length, 2);
    assert_memory_equal(rec.foreign.bytes, "\xC3\xA9", 2);
    expect_end(r);
    free(r);
    fclose(in);
}

static void test_nul_and_high_bytes_are_cells(void **state)
{
    char line[83];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    memcpy(line, wiki, 81);
    line[4] = '\0';           /* r1c5 */
    line[16] = (char)0xFF;    /* r2c8 */
    line[40] = (char)0xC3;    /* r5c5: half of a UTF-8 sequence */
    line[80] = (char)0x80;
    line[81] = '\n';
    in = stream_of(line, 82);
    r = new_reader(in, 0);
    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_E_CHARACTER); /* the NUL, first */
    assert_int_equal(rec.foreign.cell, 4);
    assert_int_equal(rec.count, SUDOKU_CELLS);
    assert_memory_equal(rec.cell, line, SUDOKU_CELLS);
    expect_end(r);
    free(r);
    fclose(in);
}

/*
 * A grid drawn with box drawing, whose first character (3 bytes of UTF-8)
 * starts a few bytes before the end of the reader's buffer: a character
 * cut in two by a read is held back until the rest is read, so every
 * shift reads the same puzzle.
 */
static void test_box_drawing_across_buffer_ends(void **state)
{
    const size_t grid_size = 11 * 40;
    char *text = malloc(READER_BUFFER + grid_size);

    (void)state;
    assert_non_null(text);
    for (size_t shift = 0; shift <= 4; shift++) {
        size_t n = READER_BUFFER - shift - 1;
        FILE *in;
        reader *r;
        sudoku_record rec;

        memset(text, 'x', n);
        text[0] = '#'; /* a comment line that ends just before the grid */
        text[n++] = '\n';
        for (int row = 0; row < 9; row++) {
            if (row == 3 || row == 6)
                n += (size_t)sprintf(text + n, "├───┼───┼───┤\n");
            n += (size_t)sprintf(text + n, "│%.3s│%.3s│%.3s│\n", norvig + row * 9,
                                 norvig + row * 9 + 3, norvig + row * 9 + 6);
        }
        in = stream_of(text, n);
        r = new_reader(in, 0);
        expect_record(r, &rec);
        assert_int_equal(rec.status, SUDOKU_OK);
        assert_int_equal(rec.count, SUDOKU_CELLS);
        assert_int_equal(rec.foreign.column, 0);
        assert_memory_equal(rec.cell, norvig, SUDOKU_CELLS);
        expect_end(r);
        free(r);
        fclose(in);
    }
    free(text);
}

static void test_empty_stream(void **state)
{
    FILE *in = stream_of("", 0);
    reader *r = new_reader(in, 0);

    (void)state;
    expect_end(r);
    assert_int_equal(r->records.lines, 0);
    free(r);
    fclose(in);
}

static void test_only_skipped_lines(void **state)
{
    static const char *const inputs[] = {
        "# just a comment\n",
        "# one\n   # two\n#three",
        "\n\n \r\n\t\n",
        "------+-------+------\n| | |\n+-+-+\n",
    };

    (void)state;
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
        FILE *in = stream_of_string(inputs[i]);
        reader *r = new_reader(in, 0);

        expect_end(r);
        free(r);
        fclose(in);
    }
}

static void test_line_numbers_across_skipped_lines(void **state)
{
    char text[2000];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    snprintf(text, sizeof text,
             "# 1\n\n\n# 4\n"            /* 1-4 */
             "%s\n"                      /* 5 */
             "------\n"                  /* 6: a lone rule */
             "\r\n"                      /* 7 */
             "%s"                        /* 8-20: the block, rows from 9 */
             "\n\n"                      /* 21, 22 */
             "%s\n",                     /* 23 */
             norvig, wiki_block, norvig);
    in = stream_of_string(text);
    r = new_reader(in, 0);
    expect_line_puzzle(r, 5, norvig);
    expect_record(r, &rec);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_int_equal(rec.line, 9);
    for (int i = 0; i < 9; i++)
        assert_int_equal(rec.row_line[i], wiki_block_rows[i] + 7);
    expect_line_puzzle(r, 23, norvig);
    expect_end(r);
    assert_int_equal(r->records.lines, 23);
    free(r);
    fclose(in);
}

static void test_read_error(void **state)
{
    /* On POSIX systems a directory opens but cannot be read. */
    FILE *in = fopen(".", "rb");
    reader *r;
    sudoku_record rec;

    (void)state;
    if (!in)
        skip();
    r = new_reader(in, 0);
    assert_int_equal(reader_next(r, &rec), -1);
    assert_int_not_equal(r->error, 0);
    free(r);
    fclose(in);
}

/* Every record of `text`, as the reader gives them in the chosen mode. */
static int read_all(const char *text, size_t length, int interactive,
                    sudoku_record *recs, int max)
{
    FILE *in = stream_of(text, length);
    reader *r = new_reader(in, interactive);
    int n = 0, got;

    for (;;) {
        assert_true(n < max);
        memset(&recs[n], 0, sizeof recs[n]);
        got = reader_next(r, &recs[n]);
        if (got != 1)
            break;
        n++;
    }
    assert_int_equal(got, 0);
    free(r);
    fclose(in);
    return n;
}

static void assert_same_record(const sudoku_record *a, const sudoku_record *b)
{
    const int rows = a->status == SUDOKU_E_SHORT_BLOCK ? (int)(a->count / 9) : 9;

    assert_int_equal(a->status, b->status);
    assert_int_equal(a->line, b->line);
    assert_int_equal(a->count, b->count);
    for (int i = 0; i < rows; i++)
        assert_int_equal(a->row_line[i], b->row_line[i]);
    assert_memory_equal(a->cell, b->cell,
                        a->count < SUDOKU_CELLS ? a->count : SUDOKU_CELLS);
}

static void append(char *buf, size_t *length, const char *bytes, size_t n)
{
    memcpy(buf + *length, bytes, n);
    *length += n;
}

static void append_string(char *buf, size_t *length, const char *text)
{
    append(buf, length, text, strlen(text));
}

static void test_interactive_gives_same_records(void **state)
{
    char text[4000];
    char rows[200];
    char odd[82];
    sudoku_record plain[16], interactive[16];
    size_t length = 0;
    int n;

    (void)state;
    wiki_rows(4, rows);
    memcpy(odd, wiki, 81);
    odd[4] = '\0';
    odd[16] = (char)0xFF;
    odd[81] = '\n';
    append_string(text, &length, "# mixed\r\n");        /* 1 */
    append_string(text, &length, wiki);                  /* 2 */
    append_string(text, &length, "\n\n");                /* 3 */
    append_string(text, &length, wiki_block);            /* 4-16 */
    append_string(text, &length, norvig);                /* 17 */
    append_string(text, &length, "\r\n");
    append(text, &length, wiki, 80);                     /* 18 */
    append_string(text, &length, "\n");
    append_string(text, &length, wiki);                  /* 19 */
    append_string(text, &length, "7\n");
    append(text, &length, odd, sizeof odd);              /* 20 */
    append_string(text, &length, rows);                  /* 21-24 */
    append_string(text, &length, "   # c\n");            /* 25 */
    append_string(text, &length, rows);                  /* 26-29 */
    append_string(text, &length, norvig);                /* 30 */
    append_string(text, &length, "\n");
    append_string(text, &length, rows);                  /* 31-34 */

    n = read_all(text, length, 0, plain, 16);
    assert_int_equal(n, 10);
    assert_int_equal(read_all(text, length, 1, interactive, 16), n);
    for (int i = 0; i < n; i++)
        assert_same_record(&plain[i], &interactive[i]);
    /* spot checks, so that two equally wrong modes cannot pass */
    assert_int_equal(plain[0].line, 2);
    assert_int_equal(plain[1].line, 5);
    assert_int_equal(plain[1].row_line[8], 15);
    assert_int_equal(plain[2].line, 17);
    assert_int_equal(plain[3].count, 80);
    assert_int_equal(plain[4].count, 82);
    assert_int_equal(plain[5].line, 20);
    assert_memory_equal(plain[5].cell, odd, SUDOKU_CELLS);
    assert_int_equal(plain[6].status, SUDOKU_E_SHORT_BLOCK);
    assert_int_equal(plain[6].line, 21);
    assert_int_equal(plain[6].count, (size_t)4 * 9);
    assert_int_equal(plain[7].status, SUDOKU_E_SHORT_BLOCK);
    assert_int_equal(plain[7].line, 26);
    assert_int_equal(plain[8].line, 30);
    assert_memory_equal(plain[8].cell, norvig, SUDOKU_CELLS);
    assert_int_equal(plain[9].status, SUDOKU_E_SHORT_BLOCK);
    assert_int_equal(plain[9].line, 31);
    assert_int_equal(plain[9].row_line[3], 34);
}

static void test_interactive_reads_one_line_at_a_time(void **state)
{
    char text[400];
    FILE *in;
    reader *r;
    sudoku_record rec;

    (void)state;
    snprintf(text, sizeof text, "%s\n%s\n", wiki, norvig);
    in = stream_of_string(text);
    r = new_reader(in, 1);
    expect_record(r, &rec);
    assert_int_equal(rec.line, 1);
    /* nothing past the first line was taken from the stream */
    assert_int_equal(ftell(in), 82);
    expect_line_puzzle(r, 2, norvig);
    assert_int_equal(ftell(in), 164);
    expect_end(r);
    free(r);
    fclose(in);
}

/*
 * After each record, the reader tells whether another record is left,
 * without reading on: from a file and from a text in memory, and with a
 * line read ahead (the one that cut a block short).
 */
static void test_drained_once_nothing_follows(void **state)
{
    char four_rows[4 * 18 + 1];
    char text[400];
    static const struct {
        const char *after; /* what follows a first record of `wiki` */
        int records;       /* the records in all */
    } inputs[] = {
        {"", 1}, {"\n", 1}, {"\n\n \t\r\n", 1}, {"\n# a comment\n------\n", 1},
        {"\n4.....8.5", 2}, {"\n%s\n", 2}, {"\n\xEF\xBB\xBF\n", 2},
    };

    (void)state;
    wiki_rows(4, four_rows);
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
        const int alone = inputs[i].records == 1;

        snprintf(text, sizeof text, "%s", wiki);
        snprintf(text + strlen(text), sizeof text - strlen(text), inputs[i].after, norvig);
        for (int from_file = 0; from_file <= 1; from_file++) {
            FILE *in = from_file ? stream_of_string(text) : NULL;
            reader *r = new_reader(in, 0);
            sudoku_record rec;

            if (!in)
                reader_init_text(r, text, strlen(text));
            expect_record(r, &rec);
            assert_int_equal(reader_drained(r), alone);
            for (int k = 1; k < inputs[i].records; k++)
                expect_record(r, &rec);
            expect_end(r);
            assert_true(reader_drained(r));
            free(r);
            if (in)
                fclose(in);
        }
    }
    /* a short block ends at the line that starts the next record */
    snprintf(text, sizeof text, "%s%s\n", four_rows, wiki);
    for (int from_file = 0; from_file <= 1; from_file++) {
        FILE *in = from_file ? stream_of_string(text) : NULL;
        reader *r = new_reader(in, 0);

        if (!in)
            reader_init_text(r, text, strlen(text));
        expect_short_block(r, 1, 4, wiki);
        assert_false(reader_drained(r));
        expect_line_puzzle(r, 5, wiki);
        assert_true(reader_drained(r));
        free(r);
        if (in)
            fclose(in);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_line_puzzles),
        cmocka_unit_test(test_byte_order_mark_skipped),
        cmocka_unit_test(test_foreign_character_noted),
        cmocka_unit_test(test_blank_lines_and_comments_skipped),
        cmocka_unit_test(test_crlf_line_endings),
        cmocka_unit_test(test_final_line_without_newline),
        cmocka_unit_test(test_block_with_separators),
        cmocka_unit_test(test_two_blocks_in_a_row),
        cmocka_unit_test(test_block_cut_by_blank_line),
        cmocka_unit_test(test_block_cut_by_comment),
        cmocka_unit_test(test_block_cut_by_one_line_puzzle),
        cmocka_unit_test(test_block_cut_by_bad_line),
        cmocka_unit_test(test_block_cut_by_end_of_input),
        cmocka_unit_test(test_wrong_cell_counts),
        cmocka_unit_test(test_huge_line_without_newline),
        cmocka_unit_test(test_huge_line_then_more),
        cmocka_unit_test(test_lines_across_the_buffer_end),
        cmocka_unit_test(test_record_from_line),
        cmocka_unit_test(test_nul_and_high_bytes_are_cells),
        cmocka_unit_test(test_empty_stream),
        cmocka_unit_test(test_only_skipped_lines),
        cmocka_unit_test(test_line_numbers_across_skipped_lines),
        cmocka_unit_test(test_read_error),
        cmocka_unit_test(test_box_drawing_across_buffer_ends),
        cmocka_unit_test(test_interactive_gives_same_records),
        cmocka_unit_test(test_interactive_reads_one_line_at_a_time),
        cmocka_unit_test(test_drained_once_nothing_follows),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
