/*
 * test_explain.c - explain and grade: steps, ratings, bounds and pencil marks.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../harness.h"
#include "cli.h"

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
        "\"hardest\":\"Pointing\",\"step_count\":69,\"complete\":true}\n");
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
            "Hidden Single: r6c2=4 in b4\n"
            "Hidden Single: r8c3=3 in b7\n"
            "Hidden Single: r8c6=1 in b8\n"
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
        "\"placements\":[\"r6c2=4\"],\"eliminations\":[],\"units\":[\"b4\"],\"cells\":[\"r6c2\"],"
        "\"pattern\":{\"r6c2\":[4]},\"text\":\"Hidden Single: r6c2=4 in b4\"}],"
        "\"solution\":\"417369825632158947958724316825437169791586432346912758289643571573291684164875293\","
        "\"er\":2.6,\"ep\":1.2,\"ed\":1.2,\"level\":\"medium\",\"hardest\":\"Pointing\",\"complete\":true}\n");
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
    /* qqwing-1000.txt line 59, rated 6.5 */
    static const char cycle[] =
        "..8.3......5....246.....1........3122.........6.8...5.42.16...3.5...2....37..5.6.";
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
        "\"text\":\"Cell Forcing Chains: 1,5,6 in r3c1 => r1c3<>5\\n  (1)r3c1-(1)r1c1=(5)r1c1-(5)r1c3\\n"
        "  (5)r3c1-(5)r1c3\\n  (6)r3c1-(6)r3c2=(6)r4c2-(5)r4c2=(5)r5c3-(5)r1c3\"}"));
    /* one record, one line */
    assert_ptr_equal(strchr(res.out, '\n'), res.out + strlen(res.out) - 1);
    free_result(&res);

    /* a cycle's chain starts where its words do, and closes there */
    run(&res, "", "explain", "-f", "json", cycle, NULL);
    assert_int_equal(res.status, 0);
    assert_non_null(strstr(res.out,
        "{\"technique\":\"X-Cycle\",\"rating\":6.5,\"placements\":[],"
        "\"eliminations\":[\"r5c8<>7\"],\"chain\":[\"r1c1=7\",\"r3c2<>7\",\"r3c6=7\","
        "\"r7c6<>7\",\"r7c8=7\",\"r1c8<>7\",\"r1c1=7\"],"
        "\"text\":\"X-Cycle: 7 r1c1-r3c2=r3c6-r7c6=r7c8-r1c8=r1c1 => r5c8<>7\"}"));
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

    /*
     * In JSON a node struck by a rule names it, and a rule that is a chain
     * holds that chain under the node; the branches count the outer
     * chain's nodes alone.
     */
    run(&res, "", "explain", "-f", "json", hard, NULL);
    assert_int_equal(res.status, 0);
    assert_non_null(strstr(res.out,
        "{\"technique\":\"Dynamic Region Forcing Chains (+ Forcing Chains)\",\"rating\":10.3,"
        "\"placements\":[],\"eliminations\":[\"r6c5<>4\"],\"units\":[\"r6\"],"
        "\"chain\":[\"r6c1=3\",\"r5c2<>3\",\"r7c2=3\",\"r7c4<>3\","
        "{\"node\":\"r8c5<>8\",\"rule\":\"Hidden Pair\"},"
        "{\"node\":\"r5c4<>8\",\"rule\":\"Forcing X-Chain\",\"chain\":[\"r5c4=8\",\"r6c5<>8\","
        "\"r6c7=8\",\"r8c7<>8\",\"r8c4=8\",\"r5c4<>8\"]},"
        "\"r6c5=8\",\"r6c5<>4\",\"r6c5=3\",\"r6c5<>4\",\"r6c7=3\",\"r6c5<>3\","
        "{\"node\":\"r3c4<>3\",\"rule\":\"Pointing\"},\"r3c6=3\",\"r3c6<>8\","
        "{\"node\":\"r5c4<>8\",\"rule\":\"Forcing X-Chain\",\"chain\":[\"r5c4=8\",\"r6c5<>8\","
        "\"r6c1=8\",\"r3c1<>8\",\"r3c4=8\",\"r5c4<>8\"]},"
        "\"r6c5=8\",\"r6c5<>4\"],\"branches\":[0,8,10],"));
    free_result(&res);
}

/* --max-rating stops once ER is known to pass it, and says so with '>'. */
static void test_grade_max_rating(void **state)
{
    /* forum-hardest-1905-11plus.txt line 8161, graded 11.0/11.0/9.4 */
    static const char first_step_94[] =
        "98.76.5..7...4.6...3...2...8..4...65..7...8......8..4.5...7.4....19.............9";
    /* magictour-top1465.txt line 1, rated 9.0/1.2/1.2 by Sudoku Explainer */
    static const char hard[] =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    /*
     * A bound is a bound: the level is the least it can be (that of the
     * step past the bound: Pointing, 2.6, past 2.0), with a '+' ("medium+"),
     * or none ('-', null) when that is easy, which says nothing; a
     * bounded grade names no hardest technique, and counts only the
     * steps within the bound, whether a step passed it or the techniques
     * left start above it; a step past it cuts EP and ED to the bound too,
     * so that ER >= EP >= ED; JSON says where it stopped.
     */
    static const struct {
        const char *bound, *out;
    } bounded[] = {
        {"0.1", ">0.1/>0.1/>0.1 -\n"},
        {"2.0", ">2.0/1.2/1.2 medium+\n"},
        {"2.3", ">2.3/1.2/1.2 medium+\n"},
        {"5.0", ">5.0/1.2/1.2 expert+\n"},
    };
    char expected[1000];
    cli_result res;

    (void)state;
    run(&res, "", "grade", "--max-rating", "7.5", hard, NULL);
    assert_string_equal(res.out, ">7.5/1.2/1.2 extreme+\n");
    free_result(&res);
    run(&res, "", "grade", "--max-rating=9.0", hard, NULL);
    assert_string_equal(res.out, "9.0/1.2/1.2 extreme\n");
    free_result(&res);
    run(&res, "", "grade", "--max-rating", "7.x", hard, NULL);
    assert_int_equal(res.status, SUDOKU_CLI_EXIT_TROUBLE);
    free_result(&res);
    for (size_t i = 0; i < sizeof bounded / sizeof *bounded; i++) {
        run(&res, "", "grade", "--max-rating", bounded[i].bound, hard, NULL);
        expect_clean_success(&res, bounded[i].out);
        free_result(&res);
    }
    run(&res, "", "grade", "-f", "json", "--max-rating", "2.0", hard, NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"er\":2.0,\"ep\":1.2,\"ed\":1.2,\"level\":\"medium+\",\"hardest\":null,"
             "\"step_count\":3,\"complete\":false,\"stopped\":\"max-rating\"}\n",
             hard);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, "", "grade", "-f", "json", "--max-rating", "0.1", hard, NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"er\":0.1,\"ep\":0.1,\"ed\":0.1,\"level\":null,\"hardest\":null,"
             "\"step_count\":0,\"complete\":false,\"stopped\":\"max-rating\"}\n",
             hard);
    expect_clean_success(&res, expected);
    free_result(&res);
    /*
     * Two grades that read the same, >7.5/1.2/1.2, say the same in JSON:
     * one took a step past the bound after its 1.2, the other found only
     * techniques above it left (puzzles/examples.txt, lines 18 and 22).
     */
    {
        static const char *const past_bound[] = {
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"};

        for (size_t i = 0; i < 2; i++) {
            run(&res, "", "grade", "-f", "json", "--max-rating", "7.5", past_bound[i], NULL);
            snprintf(expected, sizeof expected,
                     "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
                     "\"er\":7.5,\"ep\":1.2,\"ed\":1.2,\"level\":\"extreme+\",\"hardest\":null,"
                     "\"step_count\":1,\"complete\":false,\"stopped\":\"max-rating\"}\n",
                     past_bound[i]);
            expect_clean_success(&res, expected);
            free_result(&res);
        }
    }
    /* an unfinished grade whose first step passes the bound: EP >= ED */
    run(&res, "", "grade", first_step_94, NULL);
    expect_clean_success(&res, "11.0/11.0/9.4 extreme\n");
    free_result(&res);
    run(&res, "", "grade", "--max-rating", "9.0", first_step_94, NULL);
    expect_clean_success(&res, ">9.0/>9.0/>9.0 extreme+\n");
    free_result(&res);
    run(&res, "", "grade", "--max-rating", "9.5", first_step_94, NULL);
    expect_clean_success(&res, ">9.5/>9.5/9.4 extreme+\n");
    free_result(&res);
    /* a puzzle below the limit gets its whole rating, solved to the end */
    run(&res, "", "grade", "--max-rating", "7.5", norvig, NULL);
    assert_string_equal(res.out, "2.6/1.2/1.2 medium\n");
    free_result(&res);
}

/* A grade of no step, as of a full grid, names no hardest technique. */
static void test_grade_no_step(void **state)
{
    static const char full[] =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    cli_result res;

    (void)state;
    run(&res, "", "grade", "-f", "json", full, NULL);
    assert_int_equal(res.status, 0);
    assert_non_null(strstr(res.out, "\"er\":0.0,\"ep\":0.0,\"ed\":0.0,\"level\":\"easy\","
                                    "\"hardest\":null,\"step_count\":0,\"complete\":true}"));
    free_result(&res);
}

/*
 * Explain of a full grid, in both formats, names no hardest technique; a
 * grade whose bound is below the first step takes none and names none,
 * and its level is that of the techniques left (static chains, 6.5 up).
 */
static void test_explain_no_step(void **state)
{
    static const char full[] =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /* forum-hardest-1905-11plus.txt line 1: the old build took no step */
    static const char none[] =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    char expected[1000];
    cli_result res;

    (void)state;
    run(&res, "", "explain", full, NULL);
    snprintf(expected, sizeof expected,
             "%s\nThe grid is full: no step is left.\n%s\nRating: 0.0/0.0/0.0 easy\n\n",
             full, full);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, "", "explain", "-f", "json", full, NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"steps\":[],\"solution\":\"%s\",\"er\":0.0,\"ep\":0.0,\"ed\":0.0,"
             "\"level\":\"easy\",\"hardest\":null,\"complete\":true}\n",
             full, full);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, "", "grade", "-f", "json", "--max-rating", "5.0", none, NULL);
    snprintf(expected, sizeof expected,
             "{\"source\":\"<arg 1>\",\"line\":1,\"puzzle\":\"%s\",\"status\":\"solved\","
             "\"er\":5.0,\"ep\":5.0,\"ed\":5.0,\"level\":\"expert+\",\"hardest\":null,"
             "\"step_count\":0,\"complete\":false,\"stopped\":\"max-rating\"}\n",
             none);
    expect_clean_success(&res, expected);
    free_result(&res);
    /* --hint on it gives a step, not the puzzle alone */
    run(&res, "", "explain", "--hint", none, NULL);
    assert_int_equal(res.status, 0);
    assert_string_equal(res.err, "");
    snprintf(expected, sizeof expected,
             "%s\nDynamic Forcing Chains (+ Multiple Forcing Chains): r1c3<>2\n", none);
    assert_memory_equal(res.out, expected, strlen(expected));
    free_result(&res);
}

/* magictour-top1465.txt line 1, rated 9.0/1.2/1.2 by Sudoku Explainer */
static const char magictour_1[] =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/* A region forcing chain names the digit and the region it starts from. */
static void test_region_chain_words(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "explain", magictour_1, NULL);
    assert_int_equal(res.status, 0);
    assert_non_null(strstr(res.out,
        "\nRegion Forcing Chains: 9 in c4 => r1c6<>9\n"
        "  (9)r1c4-(9)r1c6\n"
        "  (9)r3c4-(9)r1c6\n"
        "  (9)r5c4-(4)r5c4=(4)r5c6-(4)r2c6=(4)r2c9-(9)r2c9=(9)r1c9-(9)r1c6\n"));
    free_result(&res);
}

/*
 * The words of a step, as a player reads them: the aligned cells apart
 * from those that exclude their combinations, a placement with no word on
 * the candidates its cell loses, and one notation for units.
 */
static void test_step_words(void **state)
{
    static const struct {
        const char *puzzle, *line;
    } cases[] = {
        /* magictour-100.txt and qqwing-1000.txt, rated 8.3 and 7.2 by SE */
        {"....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..",
         "\nAligned Triplet Exclusion: r9c1,r9c2,r9c3 (excluders r7c1,r7c2,r9c8) => r9c2<>9\n"},
        {"..859...33....7...2.14..7.9.5.2....7...7.8..44...358.......9......3..9.1....1..4.",
         "\nAligned Pair Exclusion: r7c8,r7c9 (excluders r7c4,r8c8,r9c7) => r7c9<>6\n"},
        /* qqwing-10k.txt: a BUG type 4 names each cell's BUG digit, the
           digit locked in both and the unit they share; a unique rectangle of type 3 sets the cells of
           its subset apart from the corners, with their candidates */
        {"..782.1..2...91..5...5....4....5.6.1.9.68.2..4......9..4.......8..2..4..7.5..8...",
         "\nBUG Type 4: r3c2=8 or r8c2=1, 3 locked in c2 => r3c2<>1, r8c2<>6\n"},
        {".8..9.......6....44....137.7..328.1......9..3.......6....9.....63....7...1...6.48",
         "\nUnique Rectangle Type 3: 1,6 in r7c7,r7c9,r1c9,r1c7 with r1c8(2,5) in b3"
         " => r2c7<>2, r2c8<>2, r3c9<>5\n"},
        /* magictour-100.txt, rated 7.2 by SE: a placement, no strikes with it */
        {"4.35...2.....16...7............895.....3..8..2...........4...7..9....6...1.......",
         "\nForcing Chain: (1)r4c4=(7)r4c4-(7)r2c4=(7)r1c6-(7)r1c7=(1)r1c7-(1)r7c7=(1)r7c6"
         "-(1)r8c4=(1)r4c4 => r4c4=1\n"},
    };

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cli_result res;

        run(&res, "", "explain", cases[i].puzzle, NULL);
        assert_int_equal(res.status, 0);
        if (!strstr(res.out, cases[i].line))
            fail_msg("explain %s lacks %s", cases[i].puzzle, cases[i].line);
        assert_null(strstr(res.out, "(box ")); /* units as r1, c1 and b1 */
        assert_non_null(strstr(res.out, " in b"));
        free_result(&res);
    }
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
    assert_string_equal(res.err, "sudoku: <stdin>:1: 729 cells, expected 81: a line of pencil marks is for explain and grade\n");
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

/* The candidate grid of a record, as --candidates draws it in line format. */
static char *candidates_of(const char *puzzle)
{
    cli_result res;
    char *grid, *start, *end;

    run(&res, "", "explain", "--hint", "--candidates", puzzle, NULL);
    start = strchr(res.out, '\n') + 1; /* after the puzzle */
    end = strstr(start, "Hidden Single");
    assert_non_null(end);
    grid = malloc((size_t)(end - start) + 1);
    assert_non_null(grid);
    memcpy(grid, start, (size_t)(end - start));
    grid[end - start] = '\0';
    free_result(&res);
    return grid;
}

/* The whole compact candidate grid, as --candidates draws it. */
static void test_candidate_grid_exact(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "explain", "--hint", "--candidates", norvig, NULL);
    expect_clean_success(&res,
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
        "4     1679   12679   | 139   2369   1269    | 8     1239  5     \n"
        "26789 3      1256789 | 14589 24569  1245689 | 12679 1249  124679\n"
        "2689  15689  125689  | 7     234569 1245689 | 12369 12349 123469\n"
        "---------------------+----------------------+-------------------\n"
        "3789  2      135789  | 3459  34579  4579    | 13579 6     13789 \n"
        "3679  15679  135679  | 359   8      25679   | 4     12359 12379 \n"
        "36789 456789 356789  | 3459  1      245679  | 23579 23589 23789 \n"
        "---------------------+----------------------+-------------------\n"
        "289   89     289     | 6     459    3       | 1259  7     12489 \n"
        "5     6789   36789   | 2     479    14789   | 1369  13489 134689\n"
        "1     6789   4       | 589   579    5789    | 23569 23589 23689 \n"
        "Hidden Single: r6c2=4 in b4\n"
        "\n");
    free_result(&res);
}

/* The compact candidate grid: each '+' of a rule stands under a '|'. */
static void test_candidate_grid_rules_line_up(void **state)
{
    char *grid = candidates_of(norvig);
    const char *row = grid, *rule = strchr(grid, '-');
    const char *bar = strchr(row, '|'), *plus = strchr(rule, '+');

    (void)state;
    assert_int_equal(bar - row, plus - rule);
    bar = strchr(bar + 1, '|');
    plus = strchr(plus + 1, '+');
    assert_int_equal(bar - row, plus - rule);
    free(grid);
}

/* The candidate grid explain draws is read back as pencil marks. */
static void test_candidate_grid_read_back(void **state)
{
    char *grid = candidates_of(norvig);
    cli_result res, plain;

    (void)state;
    run(&res, grid, "grade", NULL);
    run(&plain, "", "grade", norvig, NULL);
    expect_clean_success(&res, plain.out);
    free_result(&res);
    free_result(&plain);
    run(&res, grid, "explain", "--hint", NULL);
    assert_string_equal(res.err, "");
    assert_non_null(strstr(res.out, "\nHidden Single: r6c2=4 in b4\n"));
    free_result(&res);
    free(grid);
}

/* --hint says when there is no step to give, as explain does. */
static void test_hint_without_a_step(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "explain", "--hint", norvig_solution, NULL);
    assert_string_equal(res.out, "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"
                                 "The grid is full: no step is left.\n\n");
    assert_string_equal(res.err, "");
    assert_int_equal(res.status, 0);
    free_result(&res);
}

/* Pencil marks in grid format are drawn, not echoed. */
static void test_marks_drawn_in_grid_format(void **state)
{
    char marks[9 * 81 + 1];
    cli_result res;

    (void)state;
    for (int c = 0; c < 81; c++) {
        for (int d = 0; d < 9; d++)
            marks[9 * c + d] = (char)(norvig[c] == '.' || norvig[c] == '1' + d ? '1' + d : '.');
    }
    marks[9 * 81] = '\0';
    run(&res, "", "explain", "--hint", "-f", "grid", marks, NULL);
    assert_string_equal(res.err, "");
    /* r1c1 holds its given 4 in the middle; r1c2's candidates are 1, 6, 7, 9 */
    assert_memory_equal(res.out, "    1.. 12. | 1.3 .23 12. |     123    \n"
                                 " 4  ..6 ..6 | ... ..6 ..6 |  8  ...  5 \n"
                                 "    7.9 7.9 | ..9 ..9 ..9 |     ..9    \n",
                        3 * 39);
    free_result(&res);
}

/* explain -f json: the candidates before each step with --candidates, and
   the rating with --hint too. */
static void test_explain_json_keys(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "explain", "--candidates", "-f", "json", norvig, NULL);
    assert_non_null(strstr(res.out, "\"pattern\":{\"r6c2\":[4]},\"candidates\":\"...4....."));
    free_result(&res);
    run(&res, "", "explain", "--hint", "-f", "json", norvig, NULL);
    assert_non_null(strstr(res.out, "\"er\":2.6,\"ep\":1.2,\"ed\":1.2,\"level\":\"medium\""));
    free_result(&res);
}

/* A digit in the wrong place of a cell's marks is named as such. */
static void test_marks_out_of_place(void **state)
{
    char marks[9 * 81 + 1];
    cli_result res;

    (void)state;
    memset(marks, '.', sizeof marks - 1);
    marks[9 * 81] = '\0';
    for (int c = 0; c < 81; c++)
        marks[9 * c + c % 9] = (char)('1' + c % 9);
    marks[1] = '3';
    run(&res, "", "explain", marks, NULL);
    assert_string_equal(res.out, "invalid\n\n");
    assert_string_equal(res.err, "sudoku: <arg 1>:1: r1c1's marks hold 3 in place 2: "
                                 "digit d goes in place d of the cell's nine\n");
    assert_int_equal(res.status, 1);
    free_result(&res);
}

/* grade's help says what a bound gives, and that it makes complete false. */
static void test_grade_help_says_complete_false(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "grade", "--help", NULL);
    assert_int_equal(res.status, 0);
    assert_non_null(strstr(res.out, "give it as '>X' and the level as 'LEVEL+', the\n"));
    assert_non_null(strstr(res.out, "complete (false when --max-rating\n"
                                    "        stopped the grade, which stopped then says)"));
    free_result(&res);
}

/* --max-rating takes one decimal, and says so. */
static void test_max_rating_decimals(void **state)
{
    cli_result res;

    (void)state;
    run(&res, "", "grade", "--max-rating", "7.55", norvig, NULL);
    assert_string_equal(res.out, "");
    assert_string_equal(res.err, "sudoku: invalid rating '7.55': use 0.1 to 20.0, with one "
                                 "decimal at most\n"
                                 "Usage: sudoku grade [OPTIONS] [PUZZLE | FILE | -]...\n"
                                 "Try 'sudoku help grade' for more information.\n");
    assert_int_equal(res.status, 2);
    free_result(&res);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grade),
        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_explain_json_chains),
        cmocka_unit_test(test_explain_runs_out),
        cmocka_unit_test(test_grade_max_rating),
        cmocka_unit_test(test_grade_no_step),
        cmocka_unit_test(test_explain_no_step),
        cmocka_unit_test(test_region_chain_words),
        cmocka_unit_test(test_step_words),
        cmocka_unit_test(test_pencil_marks),
        cmocka_unit_test(test_commands_refuse_alike),
        cmocka_unit_test(test_candidate_grid_rules_line_up),
        cmocka_unit_test(test_candidate_grid_exact),
        cmocka_unit_test(test_candidate_grid_read_back),
        cmocka_unit_test(test_hint_without_a_step),
        cmocka_unit_test(test_marks_drawn_in_grid_format),
        cmocka_unit_test(test_explain_json_keys),
        cmocka_unit_test(test_marks_out_of_place),
        cmocka_unit_test(test_grade_help_says_complete_false),
        cmocka_unit_test(test_max_rating_decimals),
    };

    harness_init(argc, argv);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
