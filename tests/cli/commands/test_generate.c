/*
 * test_generate.c - generate: pinned seeds, threads, levels and ratings,
 * puzzles near those of a file, and its usage errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../harness.h"
#include "sudoku.h"

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
        {{"--rating", "0-1.1"}, "invalid rating '0-1.1': no puzzle made is rated below 1.2"},
        {{"--rating", "3.45"},
         "invalid rating '3.45': use MIN-MAX on the scale of grade, such as 2.5-4.0 "
         "or 9.0-, with one decimal at most"},
        {{"--rating", "9.0--"},
         "invalid rating '9.0--': use MIN-MAX on the scale of grade, such as 2.5-4.0 "
         "or 9.0-"},
        {{"--rating", "20.0-"}, "invalid rating '20.0-': every puzzle is rated below 20.0"},
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
        {{"--from", "/nonexistent/starts.txt", "--rating", "9.0-"},
         "--from /nonexistent/starts.txt: No such file or directory"},
        {{"--grids", "--from", "/dev/null"}, "--from /dev/null: no puzzle in it"},
        {{wiki}, "generate reads no puzzles or files: '53..7....6..195....98....6.8...6"
                 "...34..8.3..17...2...6.6....28....419..5....8..79'"},
        {{"-", "-n", "2"}, "generate reads no puzzles or files: '-'"},
        {{"-c"}, "option '-c' is not for generate"},
        {{"--unique"}, "option '--unique' is not for generate"},
    };

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
    /*
     * The whole scale can be asked for: a range open at the top, and the
     * levels above 9.0 that the grader once could not check. (A seed that
     * makes its first puzzle at 1.2 or more, which every puzzle is.)
     */
    {
        cli_result res;

        run(&res, "", "generate", "--seed", "5", "--rating", "1.2-", "-f", "json", NULL);
        assert_int_equal(res.status, 0);
        assert_non_null(strstr(res.out, "\"status\":\"made\""));
        free_result(&res);
    }
}

/* generate's help lists its options, and the open range of --rating. */
static void test_generate_help(void **state)
{
    static const char *const mentions[] = {
        "Usage: sudoku generate [OPTIONS]\n", "-n, --count N", "--seed S",
        "--symmetry SYM", "--level L", "--rating MIN-MAX", "--clues MAX",
        "--grids", "-j, --jobs", "-s, --stats", "not-found", "minimal",
    };
    cli_result res, other;

    (void)state;
    run(&res, "", "generate", "--help", NULL);
    assert_int_equal(res.status, 0);
    for (size_t i = 0; i < sizeof mentions / sizeof *mentions; i++) {
        if (!strstr(res.out, mentions[i]))
            fail_msg("generate --help does not mention \"%s\"", mentions[i]);
    }
    assert_non_null(strstr(res.out, "or MIN and up, such as 9.0-"));
    assert_null(strstr(res.out, "-c, --count")); /* solve's */
    /* generate's own words: it reads no puzzles, and makes its records */
    assert_null(strstr(res.out, "every argument is a"));
    assert_null(strstr(res.out, "waits for the"));
    assert_null(strstr(res.out, "-u)"));
    assert_non_null(strstr(res.out, "write each record as soon as it is made"));
    assert_non_null(strstr(res.out, "  1    some item could not be made"));
    run(&other, "", "help", "generate", NULL);
    assert_string_equal(other.out, res.out);
    free_result(&other);
    run(&other, "", "--help", NULL);
    assert_non_null(strstr(other.out, "\n  generate  "));
    assert_null(strstr(other.out, "--seed"));
    free_result(&other);
    free_result(&res);
}

/*
 * --from FILE: the same puzzles on any number of threads, each in range;
 * a file that holds no puzzle, or one that is not a puzzle with one
 * solution, refused by name and line; and the options it cannot go with.
 */
static void test_generate_from(void **state)
{
    static const char starts[] =
        "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........\n"
        "6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..\n";
    static const struct {
        const char *name, *text, *message;
    } refused[] = {
        {"from-empty.txt", "# nothing\n", "no puzzle in it"},
        {"from-conflict.txt",
         "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........\n"
         "88...............................................................................\n",
         "line 2: two givens in one row, column or box are equal"},
        {"from-open.txt",
         "1234.............................................................................\n",
         "line 1: the puzzle has more than one solution"},
        {"from-short.txt", "123456789\n", "line 1: a block of rows ends before its ninth row"},
    };
    char path[1024], message[1200], expected[2000];
    cli_result one, two;

    (void)state;
    make_file(path, sizeof path, "from-starts.txt", starts);
    run(&one, "", "generate", "--seed", "5", "--rating", "7.5-8.5", "--from", path, "-n", "4",
        "-j1", "-f", "json", NULL);
    run(&two, "", "generate", "--seed", "5", "--rating", "7.5-8.5", "--from", path, "-n", "4",
        "-j2", "-f", "json", NULL);
    expect_same_run(&one, &two);
    assert_int_equal(one.status, 0);
    for (const char *at = one.out; (at = strstr(at, "\"er\":")) != NULL; at++) {
        const double er = strtod(at + 5, NULL);

        assert_true(er >= 7.5 && er <= 8.5);
    }
    assert_non_null(strstr(one.out, "\"symmetry\":\"none\""));
    free_result(&one);
    free_result(&two);
    for (size_t i = 0; i < sizeof refused / sizeof *refused + 2; i++) {
        if (i < sizeof refused / sizeof *refused) {
            make_file(path, sizeof path, refused[i].name, refused[i].text);
            run(&one, "", "generate", "--rating", "9.0-", "--from", path, NULL);
            snprintf(message, sizeof message, "--from %s: %s", path, refused[i].message);
        } else if (i == sizeof refused / sizeof *refused) {
            make_file(path, sizeof path, "from-starts.txt", starts);
            run(&one, "", "generate", "--from", path, NULL);
            snprintf(message, sizeof message,
                     "--from needs --level or --rating: what to search for");
        } else {
            run(&one, "", "generate", "--from", path, "--level", "extreme", "--symmetry",
                "mirror", NULL);
            snprintf(message, sizeof message,
                     "--from makes puzzles with no symmetry: --symmetry mirror cannot be kept");
        }
        snprintf(expected, sizeof expected,
                 "sudoku: %s\nUsage: sudoku generate [OPTIONS]\n"
                 "Try 'sudoku help generate' for more information.\n",
                 message);
        assert_string_equal(one.out, "");
        assert_string_equal(one.err, expected);
        assert_int_equal(one.status, 2);
        free_result(&one);
    }
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generate_pinned),
        cmocka_unit_test(test_generate_jobs_give_the_same_output),
        cmocka_unit_test(test_generate_grades),
        cmocka_unit_test(test_generate_out_of_reach),
        cmocka_unit_test(test_generate_drawn_seed),
        cmocka_unit_test(test_generate_usage_errors),
        cmocka_unit_test(test_generate_from),
        cmocka_unit_test(test_generate_help),
    };

    harness_init(argc, argv);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
