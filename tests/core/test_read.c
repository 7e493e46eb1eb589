/*
 * test_read.c - reading puzzle text: sudoku_read_puzzle() on every form a
 * reader takes and every way it refuses one, sudoku_reader over a text and
 * over a line source, sudoku_record_from_line(), and the words of
 * sudoku_describe_record(). The command's reader, over streams, has its
 * own tests (tests/cli/test_reader.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sudoku.h"

/* The Wikipedia example puzzle, as one line of 81 cells. */
static const char wiki[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/* `wiki` as nine rows. */
static const char wiki_rows[] =
    "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
    "7...2...6\n.6....28.\n...419..5\n....8..79\n";

/* A record is large: the tests share one. */
static sudoku_record rec;

/* Reads `text` as one puzzle, which must be `wiki`, first seen on `line`. */
static void expect_wiki(const char *text, unsigned long line)
{
    memset(&rec, 0x5A, sizeof rec); /* nothing may be left over from before */
    assert_int_equal(sudoku_read_puzzle(&rec, text, strlen(text)), SUDOKU_OK);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_int_equal(rec.line, line);
    assert_int_equal(rec.count, SUDOKU_CELLS);
    assert_int_equal(rec.characters, SUDOKU_CELLS);
    assert_int_equal(rec.foreign.column, 0);
    assert_memory_equal(rec.cell, wiki, SUDOKU_CELLS);
}

/* Reads `text` as one puzzle, which must fail with `status` and `message`. */
static void expect_refused(const char *text, sudoku_status status, const char *message)
{
    char words[128];

    assert_int_equal(sudoku_read_puzzle(&rec, text, strlen(text)), status);
    assert_int_equal(rec.status, status);
    sudoku_describe_record(&rec, words, sizeof words);
    assert_string_equal(words, message);
    assert_int_equal(sudoku_describe_record(&rec, NULL, 0), strlen(message));
}

static void test_one_line(void **state)
{
    char text[128];

    (void)state;
    expect_wiki(wiki, 1);
    assert_int_equal(rec.note_length, 0);
    for (int i = 0; i < 9; i++)
        assert_int_equal(rec.row_line[i], 1);
    snprintf(text, sizeof text, "\r\n  # a comment\n\n%s\r\n\n", wiki);
    expect_wiki(text, 4);
    snprintf(text, sizeof text, "\xEF\xBB\xBF%s", wiki); /* a BOM, skipped */
    expect_wiki(text, 1);
    snprintf(text, sizeof text, "%.40s | - + %s", wiki, wiki + 40); /* separators */
    expect_wiki(text, 1);
}

/* A note after a line of cells, as each tool writes one. */
static void test_notes(void **state)
{
    static const struct {
        const char *after, *note;
    } cases[] = {
        {" # easy", "# easy"},
        {";wiki", "wiki"},
        {"\t7.1/1.2/1.2\r", "7.1/1.2/1.2"},
        {",,Easy,", "Easy"}, /* QQWing's CSV: the commas around it go */
    };
    char text[256];

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(text, sizeof text, "%s%s\n", wiki, cases[i].after);
        expect_wiki(text, 1);
        assert_int_equal(rec.note_length, strlen(cases[i].note));
        assert_memory_equal(rec.note, cases[i].note, rec.note_length);
    }
    /* QQWing's header line is skipped */
    snprintf(text, sizeof text, "Puzzle,Solution,Difficulty\n%s,,Easy\n", wiki);
    expect_wiki(text, 2);
    /* a note is kept up to SUDOKU_NOTE_MAX bytes */
    {
        char line[SUDOKU_CELLS + 2 + 2 * SUDOKU_NOTE_MAX];

        memcpy(line, wiki, SUDOKU_CELLS);
        line[SUDOKU_CELLS] = ' ';
        memset(line + SUDOKU_CELLS + 1, 'n', 2 * SUDOKU_NOTE_MAX);
        line[sizeof line - 1] = '\0';
        expect_wiki(line, 1);
        assert_int_equal(rec.note_length, SUDOKU_NOTE_MAX - 1);
    }
}

static void test_blocks(void **state)
{
    static const char spaced[] =
        "53..7....\n6..195...\n.98....6.\n\n8...6...3\n4..8.3..1\n7...2...6\n"
        "\n.6....28.\n...419..5\n....8..79\n";
    static const char hodoku[] =
        ".-------.-------.-------.\n"
        "| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"
        ":-------+-------+-------:\n"
        "| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n"
        ":-------+-------+-------:\n"
        "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n"
        "'-------'-------'-------'\n";
    static const char explainer[] =
        "*-----------*\n|53.|.7.|...|\n|6..|195|...|\n|.98|...|.6.|\n|---+---+---|\n"
        "|8..|.6.|..3|\n|4..|8.3|..1|\n|7..|.2.|..6|\n|---+---+---|\n"
        "|.6.|...|28.|\n|...|419|..5|\n|...|.8.|.79|\n*-----------*\n";
    static const char boxes[] =
        "\xE2\x94\x8C\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x90\n"
        "\xE2\x94\x82" "53.\xE2\x94\x82.7.\xE2\x94\x82...\xE2\x94\x82\n"
        "6..\xE2\x94\x82" "195\xE2\x94\x82...\n.98|...|.6.\n"
        "\xE2\x94\x9C\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xA4\n"
        "8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
        "\xE2\x94\x94\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x98\n";

    (void)state;
    expect_wiki(wiki_rows, 1);
    for (int i = 0; i < 9; i++)
        assert_int_equal(rec.row_line[i], i + 1);
    expect_wiki(spaced, 1);
    assert_int_equal(rec.row_line[3], 5);
    assert_int_equal(rec.row_line[8], 11);
    expect_wiki(hodoku, 2);
    assert_int_equal(rec.row_line[8], 12);
    expect_wiki(explainer, 2);
    expect_wiki(boxes, 2);
    assert_int_equal(rec.row_line[3], 6);
}

/* Nine rows of runs of candidates: a grid of pencil marks, 729 characters. */
static void test_candidates(void **state)
{
    char text[1024], marks[SUDOKU_MARKS];
    size_t n = 0;

    (void)state;
    for (int row = 0; row < 9; row++) {
        for (int column = 0; column < 9; column++) {
            const char c = wiki[row * 9 + column];

            n += (size_t)snprintf(text + n, sizeof text - n, "%s%s",
                                  c == '.' ? "1235" : (char[]){c, '\0'},
                                  column == 8 ? "\n" : column % 3 == 2 ? " | " : " ");
        }
    }
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        for (int d = 0; d < 9; d++) {
            const int given = wiki[i] != '.';

            marks[i * 9 + d] =
                (char)((given ? wiki[i] == '1' + d : d < 3 || d == 4) ? '1' + d : '.');
        }
    }
    assert_int_equal(sudoku_read_puzzle(&rec, text, n), SUDOKU_OK);
    assert_int_equal(rec.count, SUDOKU_MARKS);
    assert_int_equal(rec.characters, SUDOKU_MARKS);
    assert_memory_equal(rec.cell, marks, SUDOKU_MARKS);
    /* and on one line, as it is */
    assert_int_equal(sudoku_read_puzzle(&rec, marks, SUDOKU_MARKS), SUDOKU_OK);
    assert_int_equal(rec.count, SUDOKU_MARKS);
    /* a row of cells among rows of candidates ends the block */
    {
        char mixed[1024];
        const char *second = strchr(text, '\n') + 1;

        snprintf(mixed, sizeof mixed, "%.*s6..195...\n%s", (int)(second - text), text,
                 strchr(second, '\n') + 1);
        assert_int_equal(sudoku_read_puzzle(&rec, mixed, strlen(mixed)), SUDOKU_E_PUZZLES);
    }
}

static void test_refused(void **state)
{
    char text[256];

    (void)state;
    expect_refused("", SUDOKU_E_NO_PUZZLE, "the text holds no puzzle");
    expect_refused("# nothing\n\n+---+---+\n", SUDOKU_E_NO_PUZZLE,
                   "the text holds no puzzle");
    snprintf(text, sizeof text, "# two\n%s\n\n%s", wiki, wiki);
    expect_refused(text, SUDOKU_E_PUZZLES, "a second puzzle starts on line 4");
    assert_int_equal(rec.line, 4); /* the record is the second */
    expect_refused("53..7....\n6..195...\n.98....6.\n8...6...3\n", SUDOKU_E_SHORT_BLOCK,
                   "grid block ends after 4 rows");
    expect_refused("53..7....\n", SUDOKU_E_SHORT_BLOCK, "grid block ends after 1 row");
    /* a foreign character: at its cell in a line of 81, else at its column */
    snprintf(text, sizeof text, "%.4sx%s", wiki, wiki + 5);
    expect_refused(text, SUDOKU_E_CHARACTER, "foreign character 'x' at r1c5");
    snprintf(text, sizeof text, "%.4s\xC3\xA9%s", wiki, wiki + 5);
    expect_refused(text, SUDOKU_E_CHARACTER, "foreign character '\xC3\xA9' (U+00E9) at r1c5");
    assert_int_equal(rec.count, SUDOKU_CELLS + 1);
    assert_int_equal(rec.characters, SUDOKU_CELLS);
    snprintf(text, sizeof text, "%.4s\xE2\x98\x83%s", wiki, wiki + 5);
    expect_refused(text, SUDOKU_E_CHARACTER,
                   "foreign character '\xE2\x98\x83' (U+2603) at r1c5");
    snprintf(text, sizeof text, "%.4s\xF0\x9F\x98\x80%s", wiki, wiki + 5);
    expect_refused(text, SUDOKU_E_CHARACTER,
                   "foreign character '\xF0\x9F\x98\x80' (U+1F600) at r1c5");
    snprintf(text, sizeof text, "%.4s\xFF%s", wiki, wiki + 5);
    expect_refused(text, SUDOKU_E_CHARACTER, "foreign character '\\xFF' at r1c5");
    expect_refused("12 x\n", SUDOKU_E_CHARACTER, "foreign character 'x' at column 4");
    expect_refused("53..7....\n6..1\x01" "5...\n", SUDOKU_E_CHARACTER,
                   "foreign character '\\x01' at column 5");
    assert_int_equal(rec.foreign.line, 2);
    assert_int_equal(rec.foreign.cell, 13);
    /* the foreign character first, though the block is short too */
    expect_refused("53..7...'\n", SUDOKU_E_CHARACTER, "foreign character '\\x27' at column 9");
    /* the cells are read though, for a caller that wants them */
    snprintf(text, sizeof text, "%.80s # one short", wiki);
    expect_refused(text, SUDOKU_E_CHARACTER, "foreign character '#' at column 82");
    assert_int_equal(sudoku_read_puzzle(NULL, wiki, SUDOKU_CELLS), SUDOKU_E_NULL);
    assert_int_equal(sudoku_read_puzzle(&rec, NULL, 1), SUDOKU_E_NULL);
    assert_int_equal(sudoku_read_puzzle(&rec, NULL, 0), SUDOKU_E_NO_PUZZLE);
}

static void test_describe_record(void **state)
{
    char small[8];

    (void)state;
    assert_int_equal(sudoku_describe_record(NULL, small, sizeof small),
                     strlen(sudoku_strerror(SUDOKU_E_NULL)));
    assert_string_equal(small, "a requi");
    rec.status = SUDOKU_OK;
    assert_int_equal(sudoku_describe_record(&rec, NULL, 99), strlen("success"));
    rec.status = SUDOKU_E_SHORT_BLOCK;
    rec.count = 27;
    assert_int_equal(sudoku_describe_record(&rec, small, sizeof small),
                     strlen("grid block ends after 3 rows"));
    assert_string_equal(small, "grid bl");
}

/* A line source that gives the lines of a list, each in pieces of 2 bytes. */
typedef struct lines {
    const char *const *line;
    int next, count, fail_at;
} lines;

static int next_of(void *source, sudoku_line *line)
{
    lines *l = source;
    const char *text;

    if (l->next == l->fail_at)
        return -1;
    if (l->next == l->count)
        return 0;
    for (text = l->line[l->next++]; *text; text += text[1] ? 2 : 1)
        sudoku_line_scan(line, text, text[1] ? 2 : 1);
    return 1;
}

static void test_reader_over_a_source(void **state)
{
    static const char *const text[] = {
        "53..7....", "6..195...", ".98....6.", "", "8...6...3", "4..8.3..1", "7...2...6",
        "", ".6....28.", "...419..5", "....8..79", "1 2 3", "123456789"};
    lines source = {text, 0, 13, -1};
    sudoku_reader reader;

    (void)state;
    sudoku_reader_init(&reader, next_of, &source);
    assert_int_equal(sudoku_reader_next(&reader, &rec), 1);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_memory_equal(rec.cell, wiki, SUDOKU_CELLS);
    assert_int_equal(rec.row_line[8], 11);
    assert_int_equal(sudoku_reader_next(&reader, &rec), 1);
    assert_int_equal(rec.count, 3); /* a line of the wrong length is a record */
    assert_int_equal(rec.line, 12);
    assert_int_equal(sudoku_reader_next(&reader, &rec), 1);
    assert_int_equal(rec.status, SUDOKU_E_SHORT_BLOCK); /* at the end */
    assert_int_equal(sudoku_reader_next(&reader, &rec), 0);
    assert_int_equal(sudoku_reader_next(&reader, &rec), 0);

    /* a source that fails */
    source.next = 0;
    source.fail_at = 2;
    sudoku_reader_init(&reader, next_of, &source);
    assert_int_equal(sudoku_reader_next(&reader, &rec), -1);
}

static void test_record_from_line(void **state)
{
    (void)state;
    assert_int_equal(sudoku_record_from_line(&rec, "| 1 2 3 | 4 5 6 |\t7 8 9-\r", 25, 4), 9);
    assert_int_equal(rec.status, SUDOKU_OK);
    assert_memory_equal(rec.cell, "123456789", 9);
    assert_int_equal(rec.line, 4);
    assert_int_equal(sudoku_record_from_line(&rec, "  # 123", 7, 1), 0);
    assert_int_equal(rec.count, 0);
    assert_int_equal(sudoku_record_from_line(&rec, "12x", 3, 2), 3);
    assert_int_equal(rec.status, SUDOKU_E_CHARACTER);
}

static void test_utf8_length(void **state)
{
    static const struct {
        const char *bytes;
        size_t length;
    } cases[] = {
        {"\xC3\xA9", 2},         {"\xE2\x98\x83", 3}, {"\xF0\x9F\x98\x80", 4},
        {"\xC1\xBF", 0},         /* overlong */
        {"\xE0\x80\x80", 0},     /* overlong */
        {"\xED\xA0\x80", 0},     /* a surrogate */
        {"\xF4\x90\x80\x80", 0}, /* past U+10FFFF */
        {"\xE2\x98", 0},         /* cut short */
        {"\xE2\x98x", 0},        {"a", 0}, {"\x80", 0},
    };

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *b = cases[i].bytes;

        assert_int_equal(sudoku_utf8_length((const unsigned char *)b, strlen(b)),
                         cases[i].length);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_line),
        cmocka_unit_test(test_notes),
        cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_candidates),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_describe_record),
        cmocka_unit_test(test_reader_over_a_source),
        cmocka_unit_test(test_record_from_line),
        cmocka_unit_test(test_utf8_length),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
