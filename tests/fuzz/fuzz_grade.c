/*
 * fuzz_grade.c - `sudoku grade --max-rating X` on any input.
 *
 * Byte 0 chooses the bound X, from 0.1 to 12.0 in tenths; the rest is
 * the input the command reads on standard input, lines of puzzles, pencil
 * marks, notes or anything else. The command runs it twice, bounded and
 * unbounded, and the properties are:
 *   - one record per input line that holds a record (the same count with
 *     and without the bound), each "ER/EP/ED LEVEL" or a failure word;
 *   - ER >= EP >= ED, the marked values ('>') never above the bound, and a
 *     grade marked as a bound ('>' on ER, a '+' after a level from the
 *     bound's to the whole grade's, or '-' for none, only when X is below
 *     the easiest level's top) exactly when the unbounded grade of the
 *     same puzzle passes X;
 *   - a grade within the bound is the unbounded grade, byte for byte.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream() */

#include "oracle.h"

#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most input a run reads: a few records, whatever their kind. */
#define MOST_INPUT 2048

typedef struct output {
    int status;
    char *out;
    size_t out_size;
} output;

static void run_grade(const uint8_t *input, size_t size, const char *bound,
                      output *result)
{
    char *argv[8];
    char *err_text = NULL;
    size_t err_size = 0;
    int argc = 0;
    /* fmemopen() wants at least a byte: no input reads the null device */
    FILE *in = size ? fmemopen((void *)input, size, "rb") : fopen("/dev/null", "rb");
    FILE *out = open_memstream(&result->out, &result->out_size);
    FILE *err = open_memstream(&err_text, &err_size);

    REQUIRE(in && out && err);
    argv[argc++] = "sudoku";
    argv[argc++] = "grade";
    argv[argc++] = "-j1";
    if (bound) {
        argv[argc++] = "--max-rating";
        argv[argc++] = (char *)bound;
    }
    argv[argc] = NULL;
    result->status = sudoku_cli_run(argc, argv, in, out, err);
    fclose(in);
    fclose(out);
    fclose(err);
    free(err_text);
}

/* "9.4" or ">9.4" at *p, in tenths; sets *bound when marked. */
static int read_rating(const char **p, int *bound)
{
    int whole = 0, digits = 0;

    *bound = **p == '>';
    *p += *bound;
    for (; **p >= '0' && **p <= '9'; (*p)++, digits++)
        whole = whole * 10 + (**p - '0');
    REQUIRE(digits >= 1 && digits <= 2 && **p == '.');
    (*p)++;
    REQUIRE(**p >= '0' && **p <= '9');
    return whole * 10 + (*(*p)++ - '0');
}

/* The place among the levels of the one a rating in tenths is in. */
static size_t level_index_of(int tenths)
{
    size_t count, i = 0;
    const sudoku_level_range *levels = sudoku_levels(&count);

    while (i + 1 < count && tenths > levels[i].max)
        i++;
    return i;
}

/* The place among the levels of the one named by the n bytes at word. */
static size_t level_index(const char *word, size_t n)
{
    size_t count;
    const sudoku_level_range *levels = sudoku_levels(&count);

    for (size_t i = 0; i < count; i++) {
        if (strlen(levels[i].name) == n && memcmp(levels[i].name, word, n) == 0)
            return i;
    }
    REQUIRE(0); /* no such level */
    return count;
}

/* Splits text into its lines, in place; returns how many. */
static size_t split_lines(char *text, char **lines, size_t most)
{
    size_t n = 0;

    for (char *p = text; *p && n < most;) {
        char *end = strchr(p, '\n');

        REQUIRE(end); /* every record ends its line */
        *end = '\0';
        lines[n++] = p;
        p = end + 1;
    }
    return n;
}

/* Checks a bounded record against the unbounded one. */
static void check_record(const char *bounded, const char *whole, int x)
{
    const char *p = bounded, *q = whole;
    int er, ep, ed, er_open, ep_open, ed_open, truth, open;
    size_t level, count;

    if (bounded[0] != '>' && (bounded[0] < '0' || bounded[0] > '9')) {
        REQUIRE(strcmp(bounded, whole) == 0); /* the same failure word */
        return;
    }
    er = read_rating(&p, &er_open);
    REQUIRE(*p++ == '/');
    ep = read_rating(&p, &ep_open);
    REQUIRE(*p++ == '/');
    ed = read_rating(&p, &ed_open);
    REQUIRE(*p++ == ' ');
    level = strlen(p);
    REQUIRE(level > 0);
    REQUIRE(er >= ep && ep >= ed);
    truth = read_rating(&q, &open);
    REQUIRE(!open); /* no puzzle with one solution is beyond the ladder */
    if (truth > x) {
        REQUIRE(er_open && er == x);
        /*
         * the least level it can be, no easier than the bound's and no
         * harder than the whole grade's, or none when that is the easiest
         */
        if (strcmp(p, "-") == 0) {
            REQUIRE(x < sudoku_levels(&count)[0].max);
        } else {
            REQUIRE(p[level - 1] == '+');
            REQUIRE(level_index(p, level - 1) >= level_index_of(x + 1));
            REQUIRE(level_index(p, level - 1) <= level_index_of(truth));
        }
        REQUIRE(!ep_open || ep == x);
        REQUIRE(!ed_open || ed == x);
    } else {
        REQUIRE(strcmp(bounded, whole) == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const int x = size ? 1 + data[0] % 120 : 75;
    const uint8_t *input = size ? data + 1 : data;
    const size_t length = size ? size - 1 : 0;
    char bound[8];
    output bounded = {0}, whole = {0};
    char *bounded_lines[64], *whole_lines[64];
    size_t n;

    if (length > MOST_INPUT)
        return 0;
    snprintf(bound, sizeof bound, "%d.%d", x / 10, x % 10);
    run_grade(input, length, bound, &bounded);
    run_grade(input, length, NULL, &whole);
    REQUIRE(bounded.status == whole.status);
    n = split_lines(bounded.out, bounded_lines, 64);
    REQUIRE(n == split_lines(whole.out, whole_lines, 64));
    for (size_t i = 0; i < n; i++)
        check_record(bounded_lines[i], whole_lines[i], x);
    free(bounded.out);
    free(whole.out);
    return 0;
}
