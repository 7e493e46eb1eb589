/*
 * fuzz_generate.c - `sudoku generate` with any options, seeds and counts.
 *
 * The input's bytes choose a run: the seed (eight bytes), how many items
 * (1 to 3, or 1 with a level or a rating), the symmetry, at most so many
 * givens (or any number), a level or a range of ratings the grader can
 * tell apart quickly (or none), puzzles or full grids, and the format.
 * The command runs it twice, on one thread and on two, and must write the
 * same bytes. Properties, checked in line format with the library and the
 * oracle:
 *   - one record per item, in order, and the exit status says whether
 *     every item was made (0) or some could not be (1, with "not-found");
 *   - a full grid is a valid one; a puzzle has exactly one solution, is
 *     minimal (no given, nor any set of givens its symmetry maps onto each
 *     other, can go without letting in a second solution), has the
 *     symmetry asked, at most the givens asked, and the level or the
 *     rating asked, as the grader gives it;
 *   - a failure says why on standard error, naming the item and the seed.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream() */

#include "oracle.h"

#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the run asked for. */
typedef struct run_options {
    char seed[24], count[4], clues[4], symmetry[16], range[32];
    int grids, json, level; /* level: an index of `levels`, or -1 */
    int min, max;           /* the ER range asked, in tenths, or 0 */
} run_options;

/*
 * Levels and ratings the grader can tell apart quickly: the runs must stay
 * short, and the hard levels take many attempts.
 */
static const char *const levels[] = {"easy", "medium", "hard"};
static const char *const symmetries[] = {
    "none", "rotate180", "rotate90", "mirror", "flip",
    "diagonal", "antidiagonal", "dihedral"};

/* What the output of one run is, with its streams' bytes. */
typedef struct output {
    int status;
    char *out, *err;
    size_t out_size, err_size;
} output;

static void run_command(const run_options *o, int jobs, output *result)
{
    char *argv[24];
    char jobs_text[4];
    int argc = 0;
    FILE *in = fopen("/dev/null", "rb");
    FILE *out = open_memstream(&result->out, &result->out_size);
    FILE *err = open_memstream(&result->err, &result->err_size);

    REQUIRE(in && out && err);
    snprintf(jobs_text, sizeof jobs_text, "%d", jobs);
    argv[argc++] = "sudoku";
    argv[argc++] = "generate";
    argv[argc++] = "--seed";
    argv[argc++] = (char *)o->seed;
    argv[argc++] = "-n";
    argv[argc++] = (char *)o->count;
    argv[argc++] = "-j";
    argv[argc++] = jobs_text;
    if (o->grids) {
        argv[argc++] = "--grids";
    } else {
        argv[argc++] = "--symmetry";
        argv[argc++] = (char *)o->symmetry;
        if (o->clues[0]) {
            argv[argc++] = "--clues";
            argv[argc++] = (char *)o->clues;
        }
        if (o->level >= 0) {
            argv[argc++] = "--level";
            argv[argc++] = (char *)levels[o->level];
        } else if (o->range[0]) {
            argv[argc++] = "--rating";
            argv[argc++] = (char *)o->range;
        }
    }
    if (o->json) {
        argv[argc++] = "-f";
        argv[argc++] = "json";
    }
    argv[argc] = NULL;
    result->status = sudoku_cli_run(argc, argv, in, out, err);
    fclose(in);
    fclose(out);
    fclose(err);
}

/* Reads the run's options from the input's bytes. */
static void read_options(const uint8_t *data, size_t size, run_options *o)
{
    uint8_t b[12] = {0};
    unsigned long long seed = 0;

    memcpy(b, data, size < sizeof b ? size : sizeof b);
    for (int i = 0; i < 8; i++)
        seed = seed << 8 | b[i];
    snprintf(o->seed, sizeof o->seed, "%llu", seed);
    o->grids = b[8] >> 2 & 1;
    o->json = b[8] >> 3 & 1;
    snprintf(o->symmetry, sizeof o->symmetry, "%s",
             symmetries[b[9] % (sizeof symmetries / sizeof *symmetries)]);
    o->clues[0] = '\0';
    if (b[10] >= 128) /* few givens take long: 24 at the fewest */
        snprintf(o->clues, sizeof o->clues, "%d", 24 + b[10] % 58);
    o->level = -1;
    o->range[0] = '\0';
    o->min = o->max = 0;
    if (b[11] % 4 == 1) {
        o->level = b[11] / 4 % 3;
    } else if (b[11] % 4 == 2) { /* a range from 1.2 up to 4.5 */
        o->min = 12 + b[11] / 4 % 24;
        o->max = o->min + b[11] / 16 % 10;
        snprintf(o->range, sizeof o->range, "%d.%d-%d.%d", o->min / 10,
                 o->min % 10, o->max / 10, o->max % 10);
    }
    /*
     * An item that a level or a rating does not fit takes a thousand
     * graded attempts: one such item a run, so that it stays short.
     */
    snprintf(o->count, sizeof o->count, "%d",
             !o->grids && (o->level >= 0 || o->range[0]) ? 1 : 1 + b[8] % 3);
}

/* The cells of orbit of cell c under the symmetry: their count, in cells[]. */
static int orbit(const char *symmetry, int c, int *cells)
{
    const int r = c / 9, k = c % 9;
    int images[8][2] = {{r, k}}, n = 1, out = 0;

    if (strcmp(symmetry, "rotate180") == 0 || strcmp(symmetry, "rotate90") == 0 ||
        strcmp(symmetry, "dihedral") == 0)
        images[n][0] = 8 - r, images[n++][1] = 8 - k;
    if (strcmp(symmetry, "rotate90") == 0 || strcmp(symmetry, "dihedral") == 0) {
        images[n][0] = k, images[n++][1] = 8 - r;
        images[n][0] = 8 - k, images[n++][1] = r;
    }
    if (strcmp(symmetry, "mirror") == 0 || strcmp(symmetry, "dihedral") == 0)
        images[n][0] = r, images[n++][1] = 8 - k;
    if (strcmp(symmetry, "flip") == 0 || strcmp(symmetry, "dihedral") == 0)
        images[n][0] = 8 - r, images[n++][1] = k;
    if (strcmp(symmetry, "diagonal") == 0 || strcmp(symmetry, "dihedral") == 0)
        images[n][0] = k, images[n++][1] = r;
    if (strcmp(symmetry, "antidiagonal") == 0 || strcmp(symmetry, "dihedral") == 0)
        images[n][0] = 8 - k, images[n++][1] = 8 - r;
    for (int i = 0; i < n; i++) {
        const int cell = images[i][0] * 9 + images[i][1];
        int seen = 0;

        for (int j = 0; j < out; j++)
            seen |= cells[j] == cell;
        if (!seen)
            cells[out++] = cell;
    }
    return out;
}

/* A made puzzle: unique, minimal, symmetric, few enough givens, rated. */
static void check_puzzle(const run_options *o, const sudoku_grid *puzzle)
{
    unsigned long count;
    int givens = 0;
    sudoku_rating rating;

    REQUIRE(sudoku_count(puzzle, 2, &count, NULL, NULL) == SUDOKU_OK && count == 1);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        int cells[8], n = orbit(o->symmetry, c, cells);
        sudoku_grid fewer = *puzzle;

        givens += puzzle->cell[c] != 0;
        for (int i = 0; i < n; i++) /* the symmetry holds */
            REQUIRE((puzzle->cell[cells[i]] != 0) == (puzzle->cell[c] != 0));
        if (!puzzle->cell[c])
            continue;
        for (int i = 0; i < n; i++)
            fewer.cell[cells[i]] = 0;
        REQUIRE(sudoku_count(&fewer, 2, &count, NULL, NULL) == SUDOKU_OK && count == 2);
    }
    if (o->clues[0])
        REQUIRE(givens <= atoi(o->clues));
    if (o->level < 0 && !o->range[0])
        return;
    REQUIRE(sudoku_rate(puzzle, &rating, NULL) == SUDOKU_OK && rating.complete);
    if (o->level >= 0)
        REQUIRE(strcmp(sudoku_level(&rating), levels[o->level]) == 0);
    else
        REQUIRE(rating.er >= o->min && rating.er <= o->max);
}

/* Checks the line format's records: one an item, made or not-found. */
static void check_lines(const run_options *o, const output *r)
{
    const char *p = r->out, *end = r->out + r->out_size;
    int items = 0, failures = 0;

    while (p < end) {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        sudoku_grid g;

        REQUIRE(newline != NULL);
        if (newline - p == 9 && memcmp(p, "not-found", 9) == 0) {
            failures++;
        } else {
            REQUIRE(newline - p == SUDOKU_CELLS &&
                    sudoku_parse(&g, p, SUDOKU_CELLS, NULL) == SUDOKU_OK);
            if (o->grids)
                REQUIRE(oracle_blanks(&g) == 0 && oracle_first_problem(&g) < 0);
            else
                check_puzzle(o, &g);
        }
        items++;
        p = newline + 1;
    }
    REQUIRE(items == atoi(o->count));
    REQUIRE(r->status == (failures ? 1 : 0));
    REQUIRE((failures > 0) == (r->err_size > 0));
    if (failures)
        REQUIRE(strstr(r->err, "sudoku: puzzle ") != NULL &&
                strstr(r->err, o->seed) != NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    run_options o;
    output one = {0}, two = {0};

    read_options(data, size, &o);
    run_command(&o, 1, &one);
    run_command(&o, 2, &two);
    REQUIRE(one.status == two.status && one.out_size == two.out_size &&
            memcmp(one.out, two.out, one.out_size) == 0);
    if (!o.json) {
        check_lines(&o, &one);
    } else { /* a JSON object a line, as many as items */
        size_t lines = 0;

        for (size_t i = 0; i < one.out_size; i++)
            lines += one.out[i] == '\n';
        REQUIRE(lines == (size_t)atoi(o.count) && one.out[0] == '{');
    }
    free(one.out);
    free(one.err);
    free(two.out);
    free(two.err);
    return 0;
}
