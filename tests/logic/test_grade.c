/*
 * test_grade.c - the grader against Sudoku Explainer's own ratings, and
 * every step it takes against the solution.
 *
 * usage: test_grade [--hardest] [--share K/N] [--records RECORDS] FILE
 *
 * FILE holds SE's ratings, made by SE itself, not by this project: a line
 * is a puzzle, then SE's ER/EP/ED. For every puzzle, the test compares ER,
 * EP and ED with SE's, and prints how many are equal and how many within
 * 0.1, and the puzzles that differ, with both ratings.
 *
 * The everyday files of puzzles/ratings (qqwing-1000, 17-clue-500,
 * magictour-100): all three must be equal on every puzzle.
 *
 * --hardest, for forum-hardest-se.txt: puzzles from the forum's lists of
 * the hardest (its header tells how they were made), which need SE's (+)
 * and nested forcing chains. Every puzzle must be rated to a number (the
 * techniques finish it), ER within 0.1 of SE's, and all three equal on at
 * least 95% of the puzzles; the test lists every puzzle that differs.
 *
 * --records RECORDS: the command's JSON records of FILE's puzzles, one a
 * line in the same order (`sudoku grade -f json`, the puzzles alone on its
 * input). Each grade must be its record's: ER, EP, ED, level, hardest
 * technique, count of steps and whether complete. The packages for other
 * languages compare their grades with the same records, and so with the
 * command, without grading each puzzle a second time.
 *
 * --share K/N takes only the Kth puzzle of every N, so that several
 * processes share a file; the rule then holds for each share, which is
 * at least as strict as for the whole file.
 *
 * The generator's shortcut (closes_below(), which passes over a puzzle
 * known to rate below 8.8 without grading it) against SE's ratings too:
 * a puzzle it closes, SE rates 8.7 or less; and it closes some of every
 * everyday file.
 *
 * Soundness: every puzzle is graded by sudoku_grade_steps() with a
 * callback told each step: no step strikes the solution's digit from a
 * cell or places another digit, and the steps end at the solution or
 * where the techniques run out. On the everyday files, the grade of those
 * steps is sudoku_rate()'s, which takes the last singles at once, its
 * count of steps included; the hardest, which take up to seconds each,
 * are graded once, step by step, and that grade is compared with SE's.
 *
 * With SUDOKU_QUICK set (as CI does for its slower builds), only the first
 * SUDOKU_QUICK_LINES puzzles of a file are read, 2000 by default, and of
 * the hardest one for each 200 of those (ten by default, one under
 * valgrind) but at least one a share; only the soundness of the steps and
 * the rule for the hardest puzzles are then asserted, and the figures of
 * what was read printed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "logic/logic.h"

typedef struct tally {
    int puzzles, equal[3], near[3]; /* ER, EP, ED: equal, within 0.1 */
    int all_equal;                  /* all three equal */
    int incomplete;                 /* not rated to a number */
    int closed;                     /* closes_below() proved below 8.8 */
} tally;

/* What the step callback checks each step against. */
typedef struct truth {
    sudoku_grid solution;
    const char *where;
} truth;

/* A step may strike no digit of the solution, nor place another. */
static sudoku_step_answer check_step(const sudoku_candidates *grid,
                                     const sudoku_step *step,
                                     const sudoku_rating *rating, void *context)
{
    const truth *t = context;

    (void)grid, (void)rating;
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        const unsigned digit = 1u << (t->solution.cell[c] - 1);

        if ((step->strike[c] & digit) ||
            (step->place[c] && step->place[c] != t->solution.cell[c])) {
            char text[512];

            sudoku_describe_step(step, text, sizeof text);
            fail_msg("%s: a wrong step: %s", t->where, text);
        }
    }
    return SUDOKU_STEPS_MORE;
}

/*
 * Grades a puzzle step by step into *r, checking every step against the
 * solution, and where the steps end: at the solution, or on candidates
 * that still hold it.
 */
static void rate_steps(const sudoku_grid *puzzle, sudoku_rating *r, const char *where)
{
    truth t = {.where = where};
    sudoku_candidates grid;
    unsigned long count;

    assert_int_equal(sudoku_count(puzzle, 2, &count, &t.solution, NULL), SUDOKU_OK);
    assert_int_equal(count, 1);
    assert_int_equal(sudoku_candidates_init(&grid, puzzle, NULL, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_grade_steps(&grid, NULL, check_step, &t, r), SUDOKU_OK);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (grid.value[c])
            assert_int_equal(grid.value[c], t.solution.cell[c]);
        else
            assert_true(grid.mask[c] & 1u << (t.solution.cell[c] - 1));
    }
}

/* The grade step by step, r, must be sudoku_rate()'s. */
static void assert_rate_agrees(const sudoku_grid *puzzle, const sudoku_rating *r,
                               const char *where)
{
    sudoku_rating rated;

    assert_int_equal(sudoku_rate(puzzle, &rated, NULL), SUDOKU_OK);
    if (r->er != rated.er || r->ep != rated.ep || r->ed != rated.ed ||
        r->hardest != rated.hardest || r->steps != rated.steps ||
        r->complete != rated.complete || r->placed != rated.placed)
        fail_msg("%s: step by step %d/%d/%d in %lu steps, sudoku_rate %d/%d/%d in %lu",
                 where, r->er, r->ep, r->ed, r->steps, rated.er, rated.ep, rated.ed,
                 rated.steps);
}

static int tenths(double x)
{
    return (int)(x * 10 + 0.5);
}

/* What follows "key": in a JSON record, or "" if the key is not there. */
static const char *field(const char *record, const char *key)
{
    char quoted[32];
    const char *at;

    snprintf(quoted, sizeof quoted, "\"%s\":", key);
    at = strstr(record, quoted);
    return at ? at + strlen(quoted) : "";
}

/* Whether a JSON record holds "key":"text". */
static int field_is(const char *record, const char *key, const char *text)
{
    const char *at = field(record, key);
    const size_t n = strlen(text);

    return at[0] == '"' && strncmp(at + 1, text, n) == 0 && at[n + 1] == '"';
}

/* The grade r of puzzle `line` must be the command's record of it. */
static void assert_record_agrees(const char *line, const sudoku_rating *r,
                                 const char *record, const char *where)
{
    char puzzle[SUDOKU_CELLS + 1];

    memcpy(puzzle, line, SUDOKU_CELLS);
    puzzle[SUDOKU_CELLS] = '\0';
    if (!field_is(record, "puzzle", puzzle))
        fail_msg("%s: the record is of another puzzle: %s", where, record);
    if (tenths(strtod(field(record, "er"), NULL)) != r->er ||
        tenths(strtod(field(record, "ep"), NULL)) != r->ep ||
        tenths(strtod(field(record, "ed"), NULL)) != r->ed ||
        !field_is(record, "level", sudoku_level(r)) ||
        !field_is(record, "hardest", sudoku_technique_name(r->hardest)) ||
        strtoul(field(record, "step_count"), NULL, 10) != r->steps ||
        strncmp(field(record, "complete"), r->complete ? "true" : "false",
                r->complete ? 4 : 5) != 0)
        fail_msg("%s: graded %d/%d/%d, %s, %lu steps%s; the record says %s", where,
                 r->er, r->ep, r->ed, sudoku_technique_name(r->hardest), r->steps,
                 r->complete ? "" : ", not complete", record);
}

static void rate_line(const char *line, const char *record, const char *where, int hardest,
                      tally *t)
{
    sudoku_grid puzzle;
    sudoku_candidates grid;
    sudoku_rating r;
    double er, ep, ed;
    int se[3], ours[3], known[3], same = 1;

    assert_int_equal(sudoku_parse(&puzzle, line, SUDOKU_CELLS, NULL), SUDOKU_OK);
    assert_int_equal(sscanf(line + SUDOKU_CELLS, " %lf/%lf/%lf", &er, &ep, &ed), 3);
    rate_steps(&puzzle, &r, where);
    assert_int_equal(sudoku_candidates_init(&grid, &puzzle, NULL, NULL), SUDOKU_OK);
    if (closes_below(&grid) == 1) {
        if (tenths(er) >= CLOSURE_LEAST)
            fail_msg("%s: closed below 8.8, yet SE rates it %.1f", where, er);
        t->closed++;
    }
    if (!hardest)
        assert_rate_agrees(&puzzle, &r, where);
    if (record)
        assert_record_agrees(line, &r, record, where);
    se[0] = tenths(er), se[1] = tenths(ep), se[2] = tenths(ed);
    ours[0] = r.er, ours[1] = r.ep, ours[2] = r.ed;
    t->puzzles++;
    t->incomplete += !r.complete;
    /* an incomplete rating is a bound: exact only where a step set it */
    known[0] = r.complete, known[1] = r.complete || r.placed, known[2] = r.steps > 0;
    for (int i = 0; i < 3; i++) {
        const int gap = ours[i] - se[i];

        t->equal[i] += gap == 0 && known[i];
        t->near[i] += gap >= -1 && gap <= 1 && known[i];
        same &= gap == 0 && known[i];
    }
    t->all_equal += same;
    if (!same)
        printf("  %s: SE %.1f/%.1f/%.1f, ours %s%d.%d/%d.%d/%d.%d (%s)\n", where, er,
               ep, ed, r.complete ? "" : ">", r.er / 10, r.er % 10, r.ep / 10,
               r.ep % 10, r.ed / 10, r.ed % 10, sudoku_technique_name(r.hardest));
    fflush(stdout);
}

/* What one run rates: a file, by which rule, which share of its puzzles. */
typedef struct job {
    const char *path;
    const char *records;     /* the command's records of its puzzles, or NULL */
    int hardest;             /* the rule for the hardest puzzles */
    unsigned long share, of; /* the share-th puzzle of every `of`, from 1 */
} job;

static void print_tally(const char *name, const tally *t)
{
    static const char *const figures[3] = {"ER", "EP", "ED"};

    printf("%s: %d puzzles;", name, t->puzzles);
    for (int i = 0; i < 3; i++)
        printf(" %s equal %d (%.1f%%), within 0.1 %d (%.1f%%);", figures[i],
               t->equal[i], 100.0 * t->equal[i] / t->puzzles, t->near[i],
               100.0 * t->near[i] / t->puzzles);
    printf(" all three equal on %d (%.1f%%); not rated to a number: %d;"
           " closed below 8.8: %d\n",
           t->all_equal, 100.0 * t->all_equal / t->puzzles, t->incomplete, t->closed);
}

/*
 * How many puzzles of its file a job looks at, its share's and others':
 * all, unless SUDOKU_QUICK is set.
 */
static unsigned long puzzles_to_read(const job *j)
{
    const char *lines = getenv("SUDOKU_QUICK_LINES");
    unsigned long most;

    if (!getenv("SUDOKU_QUICK"))
        return (unsigned long)-1;
    most = lines ? strtoul(lines, NULL, 10) : 2000;
    if (!j->hardest)
        return most;
    /* these take up to seconds each; still, at least one a share */
    most /= 200;
    return most > j->of ? most : j->of;
}

/*
 * Rates the puzzles of a job's share among the first `most` of its file
 * into t. Returns 1 if the file has puzzles past those.
 */
static int rate_share(const job *j, unsigned long most, tally *t)
{
    const char *name = strrchr(j->path, '/') ? strrchr(j->path, '/') + 1 : j->path;
    char line[256], record[1024], where[128];
    unsigned long number = 0, seen = 0;
    int cut = 0;
    FILE *f = fopen(j->path, "r"), *records = NULL;

    if (!f) {
        fail_msg("%s: cannot open it", j->path);
        return 0;
    }
    if (j->records && !(records = fopen(j->records, "r"))) {
        fclose(f);
        fail_msg("%s: cannot open it", j->records);
        return 0;
    }
    while (fgets(line, sizeof line, f)) {
        number++;
        if (line[0] == '#' || strlen(line) < SUDOKU_CELLS)
            continue;
        if (seen == most) {
            cut = 1;
            break;
        }
        if (records && !fgets(record, sizeof record, records))
            fail_msg("%s: no record for the puzzle of line %lu", j->records, number);
        if (seen++ % j->of != j->share - 1)
            continue;
        snprintf(where, sizeof where, "%s:%lu", name, number);
        rate_line(line, records ? record : NULL, where, j->hardest, t);
    }
    fclose(f);
    if (records)
        fclose(records);
    if (j->of > 1)
        printf("share %lu/%lu of ", j->share, j->of);
    print_tally(name, t);
    return cut;
}

/* An everyday file: all three figures equal on every puzzle. */
static void test_every_puzzle_agrees_with_se(void **state)
{
    const job *j = *state;
    tally t = {0};
    const int cut = rate_share(j, puzzles_to_read(j), &t);

    assert_true(t.puzzles > 0);
    assert_true(t.closed > 0);
    /* the rule is over whole files: a subset says less */
    for (int k = 0; k < 3 && !cut; k++)
        assert_int_equal(t.equal[k], t.puzzles);
}

/* The hardest puzzles, which need SE's (+) and nested forcing chains. */
static void test_hardest_agree_with_se(void **state)
{
    const job *j = *state;
    tally t = {0};

    rate_share(j, puzzles_to_read(j), &t);
    assert_true(t.puzzles > 0);
    assert_int_equal(t.incomplete, 0);
    assert_int_equal(t.near[0], t.puzzles);
    assert_true(t.all_equal * 100 >= t.puzzles * 95);
}

/* Reads "K/N", 1 <= K <= N, into j. */
static int read_share(const char *text, job *j)
{
    char *end;

    j->share = strtoul(text, &end, 10);
    if (*end != '/')
        return 0;
    j->of = strtoul(end + 1, &end, 10);
    return *end == '\0' && j->share >= 1 && j->share <= j->of;
}

int main(int argc, char **argv)
{
    job j = {NULL, NULL, 0, 1, 1};
    int i = 1;

    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--hardest") == 0)
            j.hardest = 1;
        else if (strcmp(argv[i], "--records") == 0 && i + 1 < argc)
            j.records = argv[++i];
        else if (strcmp(argv[i], "--share") != 0 || i + 1 == argc ||
                 !read_share(argv[++i], &j))
            break;
    }
    if (i != argc - 1) {
        fprintf(stderr, "usage: %s [--hardest] [--share K/N] [--records RECORDS] FILE\n",
                argv[0]);
        return 2;
    }
    j.path = argv[i];

    const struct CMUnitTest every[] = {
        cmocka_unit_test_prestate(test_every_puzzle_agrees_with_se, &j),
    };
    const struct CMUnitTest hardest[] = {
        cmocka_unit_test_prestate(test_hardest_agree_with_se, &j),
    };

    return j.hardest ? cmocka_run_group_tests(hardest, NULL, NULL)
                     : cmocka_run_group_tests(every, NULL, NULL);
}
