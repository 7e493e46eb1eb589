/*
 * test_canon.c - sudoku_canon() and sudoku_transform_apply().
 *
 * The forms are checked against puzzles/canon/minlex-320.txt and against
 * the forms of full grids and nearly full puzzles kept below, all computed
 * by an independent program (dobrichev's patminlex), and against what must
 * hold whatever the method: equivalent puzzles share one form, the form is
 * its own form, and the transform returned turns the puzzle into it.
 * test_canon_oracle.c tries every transformation instead.
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

#ifndef SUDOKU_SOURCE_DIR
#error "SUDOKU_SOURCE_DIR must name the source tree, as a string"
#endif

#define REFERENCE_PATH SUDOKU_SOURCE_DIR "/puzzles/canon/minlex-320.txt"
#define EXAMPLES_PATH SUDOKU_SOURCE_DIR "/puzzles/examples.txt"

/* qqwing-10k.txt line 1, and its solution. */
static const char qqwing_1[] =
    "...2..8....7.5.49..6.9..7......95...7.5......2......6.39....2..876..25....2....4.";
static const char solved_grid[] =
    "953274816127856493468913752681495327735621984249387165394568271876142539512739648";
/* minlex-320.txt: a puzzle that a stack rotation maps onto itself (6 ways). */
static const char automorphic[] =
    ".76............9.19.25..46..64......1.98..74.......1.22.13..67.......2.9.47......";

static void grid_from_text(sudoku_grid *grid, const char *text)
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        grid->cell[i] = (unsigned char)(text[i] >= '1' && text[i] <= '9' ? text[i] - '0' : 0);
}

/* SplitMix64, as the benchmark uses. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void shuffle(unsigned char *item, int n, uint64_t *state)
{
    for (int i = n - 1; i > 0; i--) {
        const int j = (int)(next_random(state) % (uint64_t)(i + 1));
        const unsigned char t = item[i];

        item[i] = item[j];
        item[j] = t;
    }
}

/* Bands in a random order, and the rows of each likewise. */
static void random_lines(unsigned char line[9], uint64_t *state)
{
    unsigned char band[3] = {0, 1, 2};

    shuffle(band, 3, state);
    for (int b = 0; b < 3; b++) {
        unsigned char within[3] = {0, 1, 2};

        shuffle(within, 3, state);
        for (int i = 0; i < 3; i++)
            line[3 * b + i] = (unsigned char)(3 * band[b] + within[i]);
    }
}

static void random_transform(sudoku_transform *t, uint64_t *state)
{
    for (int d = 0; d <= 9; d++)
        t->digit[d] = (unsigned char)d;
    shuffle(t->digit + 1, 9, state);
    random_lines(t->row, state);
    random_lines(t->col, state);
    t->transpose = (unsigned char)(next_random(state) >> 63);
}

static void canon_of(const sudoku_grid *g, sudoku_grid *form, unsigned long *count)
{
    sudoku_transform t;
    sudoku_grid mapped;

    assert_int_equal(sudoku_canon(g, form, count, &t), SUDOKU_OK);
    assert_int_equal(sudoku_transform_apply(&t, g, &mapped), SUDOKU_OK);
    assert_memory_equal(&mapped, form, sizeof mapped);
    assert_true(*count >= 1);
}

/*
 * The properties of one puzzle: its form is its own, and `rounds` random
 * equivalents of it have the same form and count.
 */
static void check_invariance(const sudoku_grid *g, int rounds, uint64_t *state)
{
    sudoku_grid form, again, other, other_form;
    unsigned long count, count_again, other_count;

    canon_of(g, &form, &count);
    canon_of(&form, &again, &count_again);
    assert_memory_equal(&form, &again, sizeof form);
    assert_int_equal(count, count_again);
    for (int k = 0; k < rounds; k++) {
        sudoku_transform t;

        random_transform(&t, state);
        assert_int_equal(sudoku_transform_apply(&t, g, &other), SUDOKU_OK);
        canon_of(&other, &other_form, &other_count);
        assert_memory_equal(&form, &other_form, sizeof form);
        assert_int_equal(count, other_count);
    }
}

/* Every line of the reference: form, automorphisms and the transform. */
static void test_reference(void **state)
{
    FILE *f = fopen(REFERENCE_PATH, "r");
    char line[512];
    int lines = 0;

    (void)state;
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        char puzzle[100], want[100], got[SUDOKU_CELLS + 1];
        unsigned long want_count, count;
        sudoku_grid g, form;

        if (line[0] == '#' || line[0] == '\n')
            continue;
        assert_int_equal(sscanf(line, "%99s %99s %lu", puzzle, want, &want_count), 3);
        assert_int_equal(sudoku_parse(&g, puzzle, strlen(puzzle), NULL), SUDOKU_OK);
        canon_of(&g, &form, &count);
        sudoku_format(&form, got);
        if (strcmp(got, want) != 0 || count != want_count)
            fail_msg("%s\n got  %s %lu\n want %s %lu", puzzle, got, count,
                     want, want_count);
        lines++;
    }
    fclose(f);
    assert_int_equal(lines, 320);
}

/* The example puzzles, moved about at random. */
static void test_examples_invariant(void **state)
{
    FILE *f = fopen(EXAMPLES_PATH, "r");
    char line[512];
    uint64_t seed = 11;
    int puzzles = 0;

    (void)state;
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        sudoku_grid g;

        if (line[0] == '#' || strlen(line) < SUDOKU_CELLS)
            continue;
        assert_int_equal(sudoku_parse(&g, line, SUDOKU_CELLS, NULL), SUDOKU_OK);
        check_invariance(&g, 40, &seed);
        puzzles++;
    }
    fclose(f);
    assert_true(puzzles >= 10);
}

static void test_automorphic(void **state)
{
    sudoku_grid g, form;
    unsigned long count;
    uint64_t seed = 5;

    (void)state;
    grid_from_text(&g, automorphic);
    canon_of(&g, &form, &count);
    assert_int_equal(count, 6);
    check_invariance(&g, 40, &seed);
}

/* No givens: every arrangement gives the same, so one automorphism. */
static void test_empty_grid(void **state)
{
    sudoku_grid g, form;
    unsigned long count;
    uint64_t seed = 3;

    (void)state;
    memset(&g, 0, sizeof g);
    canon_of(&g, &form, &count);
    assert_memory_equal(&form, &g, sizeof g);
    assert_int_equal(count, 1);
    check_invariance(&g, 3, &seed);
}

/* A few givens; test_canon_oracle.c checks the same grids by brute force. */
static void test_few_givens(void **state)
{
    static const struct {
        const char *puzzle, *form;
        unsigned long count;
    } cases[] = {
        {"....5............................................................................",
         "................................................................................1", 1},
        /* 1 and 2 can swap places, with their names */
        {"1...........................................2....................................",
         ".....................................................1.......................2...", 2},
        {"1.......................................................................2.......3",
         ".....................................................1.......................2..3", 2},
        {"12.......3........................................................................",
         ".......................................................................1.......23", 2},
    };
    uint64_t seed = 7;

    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sudoku_grid g, form, want;
        unsigned long count;

        grid_from_text(&g, cases[k].puzzle);
        grid_from_text(&want, cases[k].form);
        canon_of(&g, &form, &count);
        assert_memory_equal(&form, &want, sizeof want);
        assert_int_equal(count, cases[k].count);
        check_invariance(&g, 10, &seed);
    }
}

/*
 * Full grids and nearly full puzzles, with their forms and automorphisms as
 * dobrichev's sudoku-minlexing-tool (patminlex) gives them: a grid of each
 * kind of row 1 that a form can start with, grids and puzzles that map onto
 * themselves, and puzzles with one to six blanks.
 */
static const struct {
    const char *puzzle, *form;
    unsigned long count;
} grids[] = {
    {"627491358439785621185623947291867435856349172374512869748956213562138794913274586",
     "123456789456789123798231645245378916367912458819645237571864392682193574934527861", 1},
    {"953168742862734951417952836746893125281645397395271468138529674574386219629417583",
     "123456789456789132789213654217834965395671428648925371574392816862147593931568247", 1},
    {"598612743473895612216734598784529361931468257625173984159247836367981425842356179",
     "123456789456789231789132546238965417571824693964371852315647928692518374847293165", 1},
    {"957681243283794651416523987549378126721469835368215479692837514834156792175942368",
     "123456789457189236698327145261745893584913627739268451345672918872591364916834572", 1},
    {"946871523537926481182543697875192346419635872263784159328419765694357218751268934",
     "123456789457189263689723154295318647376945812814267935531692478762834591948571326", 1},
    {"782561943645389712193724568921648375536972481478153296369217854857436129214895637",
     "123456789457189326689732541236945178874613295915827463342598617568271934791364852", 1},
    {"358612947476589312921734685542193876693827451187456239719248563264375198835961724",
     "123456789457189623689273154274865391531924867968317542395748216716592438842631975", 1},
    {"964821537873569412125734896791482365532697184486153729618275943259348671347916258",
     "123456789457189632869372145278513496514697328936824517385261974691748253742935861", 1},
    {"462173895873459621195862734534798162716234589289516347658921473321647958947385216",
     "123456789457289163896731524241568397639174852785923416312645978578392641964817235", 3},
    {"439782516678154329512936748195673482724598163863241975381465297257819634946327851",
     "123456789457289631869713245236594817578162394914378526345927168691835472782641953", 12},
    {"816275394935486127742319586623847951458192673197563842371954268584621739269738415",
     "123456789457189236689732415298341567345867921716925348561294873872513694934678152", 2},
    {"241698735538247196769153428697531842824769351315482679486975213153824967972316584",
     "123456789456789123789123456231564897568397241974812635317245968645978312892631574", 6},
    {"473891562189265437526734198795682341268143759314957286647519823951328674832476915",
     "123456789456789123789123456214368597368597214597214368635871942871942635942635871", 9},
    {"417239568865471932239856174526187493781943256943625817398564721654712389172398645",
     "123456789456789123798132465234567891567891234981324657372615948615948372849273516", 18},
    {"957834612483612795261579483794183526318265947526947831642791358835426179179358264",
     "123456789456789231789123645238514976514697823697238514362845197845971362971362458", 18},
    {"142956378538714296679382145823145967714269583965873421451697832296538714387421659",
     "123456789457189236869372415236745891514968372798231654372514968645897123981623547", 18},
    {"123456789456789123789123456234567891567891234891234567345678912678912345912345678",
     "123456789456789123789123456234567891567891234891234567345678912678912345912345678", 54},
    {"123456789456789123789123456231564897564897231897231564312645978645978312978312645",
     "123456789456789123789123456231564897564897231897231564312645978645978312978312645", 648},
    {"97562341862.815793831497256543978621287164539169532874496751382712386945358249167",
     ".12345678346798152578216439197583246283461597465927813659874321731652984824139765", 1},
    {"8593761243468.1597712945368594738612628514739173692485981453276265187943437269851",
     ".12345678367189452854627193136952847428763519795814326281596734579438261643271985", 2},
    {"5.42138678327461951765983427416392589538.4671628157934269471583485362719317985426",
     ".12345678367918245485267139694.23781278491356531786924153674892726859413849132567", 2},
    {"296358174183476925745219683627895341819634752534721896471962538.6854.21.352187469",
     ".12.34.56357628194964715823185392647276481539439567281591273468628149375743856912", 3},
    {"83927645112485.36776543192869372518451298473648761.59297156824334619287525.34761.",
     ".12.34567358267491764159823493586.12275413689681792345527641.38136978254849325176", 2},
    {".23456789456789123789123456231564897564897231897231564312645978645978312978312645",
     ".12345678345678912678912345129453786453786129786129453291534867534867291867291534", 8},
    {".234567894567891237891234562.1564897564897231897231564312645978645978312978312645",
     ".12345678345.67129867912453129453786453678291678129534291534867534786912786291345", 4},
    {"9618342758.75624.9524917638.1.3285477486.512325374198648517.392196283754372459861",
     "..1234567365.7824142751638963.827.951984536725721694387536.1924246795813819342756", 1},
    {"6284..5737942358611357684922531..6879768231458415763293196827544823579165679..238",
     "..1234567235687914674159328..8746235356821479742395186..9563742423978651567412893", 6},
};

/* Each of them, and equivalents of it moved about at random. */
static void test_grids(void **state)
{
    uint64_t seed = 13;

    (void)state;
    for (size_t k = 0; k < sizeof grids / sizeof grids[0]; k++) {
        sudoku_grid g, form;
        unsigned long count;
        char got[SUDOKU_CELLS + 1];

        assert_int_equal(sudoku_parse(&g, grids[k].puzzle, SUDOKU_CELLS, NULL),
                         SUDOKU_OK);
        canon_of(&g, &form, &count);
        sudoku_format(&form, got);
        if (strcmp(got, grids[k].form) != 0 || count != grids[k].count)
            fail_msg("%s\n got  %s %lu\n want %s %lu", grids[k].puzzle, got,
                     count, grids[k].form, grids[k].count);
        check_invariance(&g, 20, &seed);
    }
}

/* A full grid: its first rows read 1-9 and then 4-9, 1-3. */
static void test_full_grid(void **state)
{
    sudoku_grid g, form;
    unsigned long count;
    char text[SUDOKU_CELLS + 1];
    uint64_t seed = 9;

    (void)state;
    grid_from_text(&g, solved_grid);
    canon_of(&g, &form, &count);
    sudoku_format(&form, text);
    assert_memory_equal(text, "123456789456789", 15);
    check_invariance(&g, 2, &seed);
}

static void test_invalid_grids(void **state)
{
    sudoku_grid g, form;
    sudoku_transform t;
    unsigned long count;

    (void)state;
    grid_from_text(&g, qqwing_1);
    assert_int_equal(sudoku_canon(NULL, &form, &count, &t), SUDOKU_E_NULL);
    assert_int_equal(sudoku_canon(&g, NULL, &count, &t), SUDOKU_E_NULL);
    assert_int_equal(sudoku_canon(&g, &form, NULL, NULL), SUDOKU_OK);
    g.cell[0] = 10;
    assert_int_equal(sudoku_canon(&g, &form, &count, &t), SUDOKU_E_VALUE);
    g.cell[0] = 2; /* r1c4 holds 2 too */
    assert_int_equal(sudoku_canon(&g, &form, &count, &t), SUDOKU_E_CONFLICT);
}

/* The form may be written over the puzzle. */
static void test_in_place(void **state)
{
    sudoku_grid g, form;
    unsigned long count;

    (void)state;
    grid_from_text(&g, qqwing_1);
    assert_int_equal(sudoku_canon(&g, &form, &count, NULL), SUDOKU_OK);
    assert_int_equal(sudoku_canon(&g, &g, &count, NULL), SUDOKU_OK);
    assert_memory_equal(&g, &form, sizeof g);
}

static void identity(sudoku_transform *t)
{
    for (int i = 0; i < 9; i++)
        t->row[i] = t->col[i] = (unsigned char)i;
    for (int d = 0; d <= 9; d++)
        t->digit[d] = (unsigned char)d;
    t->transpose = 0;
}

static void test_transform_apply(void **state)
{
    sudoku_grid g, out;
    sudoku_transform t;

    (void)state;
    grid_from_text(&g, qqwing_1);
    identity(&t);
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_OK);
    assert_memory_equal(&g, &out, sizeof g);
    t.transpose = 1;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_OK);
    assert_int_equal(out.cell[1 * 9 + 0], g.cell[0 * 9 + 1]);
    assert_int_equal(out.cell[3 * 9 + 0], 2); /* r1c4 */
    assert_int_equal(sudoku_transform_apply(&t, &out, &out), SUDOKU_OK);
    assert_memory_equal(&g, &out, sizeof g); /* in place, and back */

    identity(&t);
    t.row[0] = 1, t.row[1] = 0; /* rows of a band may swap */
    t.digit[1] = 2, t.digit[2] = 1;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_OK);
    assert_int_equal(out.cell[3], g.cell[9 + 3]);
    assert_int_equal(out.cell[9 + 3], 1); /* r1c4 held 2 */
}

static void test_transform_refused(void **state)
{
    sudoku_grid g, out;
    sudoku_transform t;

    (void)state;
    grid_from_text(&g, qqwing_1);
    identity(&t);
    assert_int_equal(sudoku_transform_apply(NULL, &g, &out), SUDOKU_E_NULL);
    assert_int_equal(sudoku_transform_apply(&t, NULL, &out), SUDOKU_E_NULL);
    assert_int_equal(sudoku_transform_apply(&t, &g, NULL), SUDOKU_E_NULL);
    t.row[2] = 3, t.row[3] = 2; /* a row leaves its band */
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.col[8] = 7; /* a column twice */
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.col[0] = 9;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.transpose = 2;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.digit[0] = 1, t.digit[1] = 0; /* a blank would become a digit */
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    t.digit[9] = 1; /* 1 twice */
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_TRANSFORM);
    identity(&t);
    g.cell[80] = 10;
    assert_int_equal(sudoku_transform_apply(&t, &g, &out), SUDOKU_E_VALUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference),
        cmocka_unit_test(test_examples_invariant),
        cmocka_unit_test(test_automorphic),
        cmocka_unit_test(test_empty_grid),
        cmocka_unit_test(test_few_givens),
        cmocka_unit_test(test_full_grid),
        cmocka_unit_test(test_grids),
        cmocka_unit_test(test_invalid_grids),
        cmocka_unit_test(test_in_place),
        cmocka_unit_test(test_transform_apply),
        cmocka_unit_test(test_transform_refused),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
