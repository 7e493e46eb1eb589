/*
 * fuzz_cli.c - any byte stream through the `sudoku` command's input loop.
 *
 * The first byte chooses the options (one of `option_sets`), and its bit
 * 0x40 puts a UTF-8 byte-order mark before the rest, which is standard
 * input. The stream, without that BOM, is also read here, record by record,
 * with the reader alone, and each record judged with the library: invalid
 * (a short block, a foreign character, or what sudoku_parse() refuses),
 * unsolvable, not unique (with -u) or solved. Properties:
 *   - a BOM at the start changes nothing: it is no record and shifts no
 *     line number;
 *   - each record read gives exactly one output record, in input order:
 *     the k-th output record names the k-th record's outcome, and its
 *     solution, if any, solves that record's puzzle; so a failure can
 *     neither drop a record nor add one, and nothing shifts after it;
 *   - each failure gives one "sudoku: <stdin>:LINE: ..." line on standard
 *     error, and nothing else goes there (but the summary, with -s);
 *   - JSON output is valid UTF-8 with no raw control characters, one object
 *     a line, and names the record's first line;
 *   - the exit status is 0 when every record was solved, 1 otherwise;
 *   - the reader, read to its end, is drained, and once it says it is
 *     drained it gives no more records.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen() and open_memstream() */

#include "oracle.h"

#include "cli.h"
#include "command.h"
#include "reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The options, and what they mean for the records. */
typedef struct option_set {
    output_format format;
    int count, unique, stats;
    unsigned long limit; /* what the command counts to: 1 without -c or -u */
    int argc;
    const char *argv[8];
} option_set;

/* Small limits: a nearly empty puzzle must not cost a thousand solutions. */
static const option_set option_sets[] = {
    {FORMAT_LINE, 0, 0, 0, 1, 1, {"sudoku"}},
    {FORMAT_LINE, 1, 0, 0, 3, 4, {"sudoku", "-c", "-l", "3"}},
    {FORMAT_LINE, 0, 1, 0, 2, 3, {"sudoku", "-u", "--line-buffered"}},
    {FORMAT_LINE, 1, 0, 1, 2, 4, {"sudoku", "-s", "-cl2", "-"}},
    {FORMAT_JSON, 0, 0, 0, 1, 3, {"sudoku", "-f", "json"}},
    {FORMAT_JSON, 1, 1, 0, 2, 6, {"sudoku", "--format=json", "-c", "-u", "--limit", "1"}},
    {FORMAT_GRID, 0, 0, 0, 1, 4, {"sudoku", "--form", "grid", "--color=auto"}},
    {FORMAT_GRID, 1, 1, 0, 4, 5, {"sudoku", "-fgrid", "-cu", "-l", "4"}},
};

/* What the k-th output record must say. */
typedef struct expectation {
    outcome outcome;
    unsigned long line;
    sudoku_grid puzzle;
} expectation;

static outcome judge(const option_set *set, const sudoku_record *rec, sudoku_grid *puzzle)
{
    unsigned long count;

    if (rec->status != SUDOKU_OK ||
        sudoku_parse(puzzle, rec->cell, rec->count, NULL) != SUDOKU_OK)
        return OUTCOME_INVALID;
    REQUIRE(sudoku_count(puzzle, set->limit, &count, NULL, NULL) == SUDOKU_OK);
    if (count == 0)
        return OUTCOME_UNSOLVABLE;
    return set->unique && count > 1 ? OUTCOME_NOT_UNIQUE : OUTCOME_SOLVED;
}

/* Reads the input with the reader alone. Returns the number of records. */
static size_t expect(const option_set *set, char *input, size_t size,
                     expectation *want)
{
    FILE *in = fmemopen(input, size, "rb");
    reader *r = malloc(sizeof *r);
    sudoku_record rec;
    size_t n = 0;
    int got;

    REQUIRE(in && r);
    reader_init(r, in, 0);
    while ((got = reader_next(r, &rec)) > 0) {
        const int drained = reader_drained(r);

        want[n].line = rec.line;
        want[n].outcome = judge(set, &rec, &want[n].puzzle);
        n++;
        /* a reader that saw only white space ahead gives no more records */
        if (drained) {
            REQUIRE(reader_next(r, &rec) == 0);
            got = 0;
            break;
        }
    }
    REQUIRE(got == 0);
    REQUIRE(reader_drained(r));
    free(r);
    fclose(in);
    return n;
}

/* The next line of text[*pos, end), without its '\n', which must be there. */
static char *next_line(char *text, size_t end, size_t *pos, size_t *length)
{
    char *line = text + *pos;
    char *newline = memchr(line, '\n', end - *pos);

    REQUIRE(newline != NULL);
    *length = (size_t)(newline - line);
    *newline = '\0';
    *pos += *length + 1;
    return line;
}

/* Reads 81 digits, skipping what `skip` holds; returns the text past them. */
static const char *read_solution(const char *text, const char *skip,
                                 sudoku_grid *g)
{
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        text += strspn(text, skip);
        REQUIRE(*text >= '1' && *text <= '9');
        g->cell[i] = (unsigned char)(*text++ - '0');
    }
    return text;
}

static void check_solution(const expectation *want, const sudoku_grid *solution)
{
    REQUIRE(want->outcome == OUTCOME_SOLVED || want->outcome == OUTCOME_NOT_UNIQUE);
    REQUIRE(oracle_solves(&want->puzzle, solution));
}

/* Line format: the solution or the outcome's word, then the numbers asked. */
static void check_line_record(const option_set *set, const expectation *want,
                              const char *line)
{
    const char *rest = line;
    sudoku_grid solution;
    int fields = 1;

    if (want->outcome == OUTCOME_SOLVED) {
        rest = read_solution(line, "", &solution);
        check_solution(want, &solution);
    } else {
        const char *word = outcome_name(want->outcome);

        REQUIRE(strncmp(line, word, strlen(word)) == 0);
        rest = line + strlen(word);
    }
    for (; *rest; rest++)
        fields += *rest == ' ';
    if (want->outcome != OUTCOME_INVALID)
        REQUIRE(fields == 1 + set->count + 2 * set->stats);
    else
        REQUIRE(fields == 1);
}

/* JSON Lines: one object a line, in UTF-8, naming the record's line. */
static void check_json_record(const expectation *want, const char *line,
                              size_t length)
{
    const unsigned char *p = (const unsigned char *)line;
    char head[64], status[64];
    const char *solution_key = strstr(line, ",\"solution\":\"");

    for (size_t i = 0, n; i < length; i += n) {
        REQUIRE(p[i] >= 0x20 && p[i] != 0x7F);
        n = oracle_utf8_length(p + i, length - i);
        REQUIRE(n > 0);
    }
    snprintf(head, sizeof head, "{\"source\":\"<stdin>\",\"line\":%lu,", want->line);
    REQUIRE(strncmp(line, head, strlen(head)) == 0);
    snprintf(status, sizeof status, ",\"status\":\"%s\"", outcome_name(want->outcome));
    REQUIRE(strstr(line, status) != NULL);
    REQUIRE(line[length - 1] == '}');
    if (solution_key) {
        sudoku_grid solution;

        REQUIRE(*read_solution(solution_key + 13, "", &solution) == '"');
        check_solution(want, &solution);
    } else {
        REQUIRE(want->outcome != OUTCOME_SOLVED &&
                want->outcome != OUTCOME_NOT_UNIQUE);
    }
}

/* Grid format: 11 lines of solution, or the word; then details; then "". */
static void check_grid_record(const expectation *want, char *out, size_t end,
                              size_t *pos)
{
    size_t length;
    char *line = next_line(out, end, pos, &length);

    if (want->outcome == OUTCOME_SOLVED) {
        sudoku_grid solution;
        char rows[11 * 24] = "";

        for (int i = 0; i < 11; i++) {
            REQUIRE(length < 24);
            strcat(rows, line);
            if (i < 10)
                line = next_line(out, end, pos, &length);
        }
        REQUIRE(*read_solution(rows, " |-+", &solution) == '\0');
        check_solution(want, &solution);
    } else {
        REQUIRE(strcmp(line, outcome_name(want->outcome)) == 0);
    }
    while (length > 0) /* the details asked for, up to the empty line */
        next_line(out, end, pos, &length);
}

static void check_output(const option_set *set, const expectation *want,
                         size_t records, char *out, size_t size)
{
    size_t pos = 0;

    for (size_t k = 0; k < records; k++) {
        size_t length;

        if (set->format == FORMAT_GRID) {
            check_grid_record(&want[k], out, size, &pos);
            continue;
        }
        char *line = next_line(out, size, &pos, &length);

        REQUIRE(strlen(line) == length);
        if (set->format == FORMAT_LINE)
            check_line_record(set, &want[k], line);
        else
            check_json_record(&want[k], line, length);
    }
    REQUIRE(pos == size); /* nothing after the last record */
}

/* One "sudoku: <stdin>:LINE: ..." line per failure, and the summary. */
static void check_errors(const option_set *set, size_t failures,
                         const char *err, size_t size)
{
    static const char prefix[] = "sudoku: <stdin>:";
    size_t lines = 0;

    REQUIRE(strlen(err) == size);
    for (const char *p = err; *p; lines++) {
        const char *newline = strchr(p, '\n');

        REQUIRE(newline != NULL);
        if (lines < failures)
            REQUIRE(strncmp(p, prefix, sizeof prefix - 1) == 0);
        p = newline + 1;
    }
    REQUIRE(lines == failures + (size_t)set->stats);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char bom[] = "\xEF\xBB\xBF";
    const option_set *set;
    char *input, *out = NULL, *err = NULL;
    size_t input_size, out_size = 0, err_size = 0, records, failures = 0;
    size_t skip = 0; /* bytes of BOM before the input, for the command only */
    expectation *want;
    FILE *in, *out_stream, *err_stream;
    int status;

    if (size == 0)
        return 0;
    set = &option_sets[data[0] % (sizeof option_sets / sizeof *option_sets)];
    input_size = size - 1;
    input = malloc(input_size + 4);
    want = malloc((input_size + 1) * sizeof *want); /* a record takes a byte */
    REQUIRE(input && want);
    /* a second BOM would be a foreign character: only one, at the start */
    if ((data[0] & 0x40) &&
        (input_size < 3 || memcmp(data + 1, bom, 3) != 0)) {
        memcpy(input, bom, 3);
        skip = 3;
    }
    memcpy(input + skip, data + 1, input_size);
    records = expect(set, input + skip, input_size, want);

    in = fmemopen(input, input_size + skip, "rb");
    out_stream = open_memstream(&out, &out_size);
    err_stream = open_memstream(&err, &err_size);
    REQUIRE(in && out_stream && err_stream);
    status = sudoku_cli_run(set->argc, (char **)set->argv, in, out_stream, err_stream);
    fclose(in);
    fclose(out_stream);
    fclose(err_stream);

    for (size_t k = 0; k < records; k++)
        failures += want[k].outcome != OUTCOME_SOLVED;
    REQUIRE(status == (failures > 0 ? 1 : 0));
    check_output(set, want, records, out, out_size);
    check_errors(set, failures, err, err_size);
    free(out);
    free(err);
    free(want);
    free(input);
    return 0;
}
