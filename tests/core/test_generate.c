/*
 * test_generate.c - the random numbers, random grids and generated puzzles.
 *
 * Every puzzle made here is judged by checks written here: the grid
 * checker, the symmetry maps and the minimality test below do not use the
 * generator's code. Uniqueness is counted with sudoku_count(), whose own
 * tests pin it against counts made elsewhere; tests/sets/test_generated.sh also
 * has an outside verifier look at the solutions.
 *
 * Some outputs are pinned: they were computed once by this library and
 * written down, so any change to the random sequence, the grid search, the
 * layout shuffle or the carving shows up here. Such a change breaks the
 * promise that a seed makes the same puzzles in every version, so it is
 * one to make on purpose, and to say so.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sudoku.h"

/* Puzzles per symmetry in the broad tests: a second or so in all. */
enum { SEEDS_PER_SYMMETRY = 300, GRID_SEEDS = 5000 };

static void format_grid(const sudoku_grid *grid, char *text)
{
    assert_non_null(sudoku_format(grid, text));
}

/* True when every row, column and box of g holds 1-9 once. */
static int valid_grid(const sudoku_grid *g)
{
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;

        for (int k = 0; k < 9; k++) {
            row |= 1u << g->cell[u * 9 + k];
            col |= 1u << g->cell[k * 9 + u];
            box |= 1u << g->cell[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
        }
        if (row != 0x3FE || col != 0x3FE || box != 0x3FE)
            return 0;
    }
    return 1;
}

/*
 * The maps each symmetry promises, written out as in the header's list:
 * maps[s][m] sends (r, c) to (a r-or-c-expression) by the codes below.
 */
enum { ID, ROT90, ROT180, ROT270, MIR, FLP, DIA, ANTI, NO_MAP };

static int mapped(int m, int r, int c)
{
    switch (m) {
    case ROT90: return c * 9 + (8 - r);
    case ROT180: return (8 - r) * 9 + (8 - c);
    case ROT270: return (8 - c) * 9 + r;
    case MIR: return r * 9 + (8 - c);
    case FLP: return (8 - r) * 9 + c;
    case DIA: return c * 9 + r;
    case ANTI: return (8 - c) * 9 + (8 - r);
    default: return r * 9 + c;
    }
}

static const int maps[][8] = {
    [SUDOKU_SYMMETRY_NONE] = {NO_MAP},
    [SUDOKU_SYMMETRY_ROTATE180] = {ROT180, NO_MAP},
    [SUDOKU_SYMMETRY_ROTATE90] = {ROT90, ROT180, ROT270, NO_MAP},
    [SUDOKU_SYMMETRY_MIRROR] = {MIR, NO_MAP},
    [SUDOKU_SYMMETRY_FLIP] = {FLP, NO_MAP},
    [SUDOKU_SYMMETRY_DIAGONAL] = {DIA, NO_MAP},
    [SUDOKU_SYMMETRY_ANTIDIAGONAL] = {ANTI, NO_MAP},
    [SUDOKU_SYMMETRY_DIHEDRAL] = {ROT90, ROT180, ROT270, MIR, FLP, DIA, ANTI, NO_MAP},
};

/* True when the givens of p form a pattern that symmetry s keeps. */
static int has_symmetry(const sudoku_grid *p, sudoku_symmetry s)
{
    for (int i = 0; i < 81; i++) {
        for (int k = 0; maps[s][k] != NO_MAP; k++) {
            if (!p->cell[i] != !p->cell[mapped(maps[s][k], i / 9, i % 9)])
                return 0;
        }
    }
    return 1;
}

/*
 * True when removing any given, together with its images under s, leaves
 * more than one solution.
 */
static int minimal(const sudoku_grid *p, sudoku_symmetry s)
{
    for (int i = 0; i < 81; i++) {
        sudoku_grid q = *p;
        unsigned long count = 0;

        if (!p->cell[i])
            continue;
        q.cell[i] = 0;
        for (int k = 0; maps[s][k] != NO_MAP; k++)
            q.cell[mapped(maps[s][k], i / 9, i % 9)] = 0;
        assert_int_equal(sudoku_count(&q, 2, &count, NULL, NULL), SUDOKU_OK);
        if (count != 2)
            return 0;
    }
    return 1;
}

static int givens(const sudoku_grid *p)
{
    int n = 0;

    for (int i = 0; i < 81; i++)
        n += p->cell[i] != 0;
    return n;
}

/* Field by field: a struct's padding bytes are anyone's. */
static void assert_same(const sudoku_generated *a, const sudoku_generated *b)
{
    assert_memory_equal(&a->puzzle, &b->puzzle, sizeof a->puzzle);
    assert_memory_equal(&a->solution, &b->solution, sizeof a->solution);
    assert_int_equal(a->clues, b->clues);
    assert_int_equal(a->symmetry, b->symmetry);
    assert_int_equal(a->attempts, b->attempts);
    assert_int_equal(a->too_many_clues, b->too_many_clues);
    assert_int_equal(a->rejected, b->rejected);
}

/* Everything the header promises of one generated puzzle. */
static void check_puzzle(const sudoku_generated *g, sudoku_symmetry asked,
                         uint64_t seed, uint64_t index)
{
    sudoku_grid solution;
    unsigned long count = 0;

    if (asked != SUDOKU_SYMMETRY_RANDOM)
        assert_int_equal(g->symmetry, asked);
    assert_true(g->symmetry != SUDOKU_SYMMETRY_RANDOM);
    assert_int_equal(g->clues, givens(&g->puzzle));
    assert_true(valid_grid(&g->solution));
    for (int i = 0; i < 81; i++)
        assert_true(g->puzzle.cell[i] == 0 || g->puzzle.cell[i] == g->solution.cell[i]);
    assert_int_equal(sudoku_count(&g->puzzle, 2, &count, &solution, NULL), SUDOKU_OK);
    if (count != 1)
        fail_msg("seed %llu index %llu: %lu solutions",
                 (unsigned long long)seed, (unsigned long long)index, count);
    assert_memory_equal(&solution, &g->solution, sizeof solution);
    if (!has_symmetry(&g->puzzle, g->symmetry))
        fail_msg("seed %llu index %llu: not %s", (unsigned long long)seed,
                 (unsigned long long)index, sudoku_symmetry_name(g->symmetry));
    if (!minimal(&g->puzzle, g->symmetry))
        fail_msg("seed %llu index %llu: not minimal", (unsigned long long)seed,
                 (unsigned long long)index);
}

static void test_random_is_pinned(void **state)
{
    /* The first draws of two sequences, computed once. */
    static const uint64_t first[2][3] = {
        {0xfb5405f7bd79c540u, 0x780c98e26cea5883u, 0x2a146e0980febc66u},
        {0x5f147c977b052899u, 0x3beb7d2db94e1f5du, 0x2263ee6c6d422ac7u},
    };
    sudoku_random rng;

    (void)state;
    sudoku_random_seed(&rng, 0, 0);
    for (int i = 0; i < 3; i++)
        assert_true(sudoku_random_next(&rng) == first[0][i]);
    sudoku_random_seed(&rng, 1, 2);
    for (int i = 0; i < 3; i++)
        assert_true(sudoku_random_next(&rng) == first[1][i]);
    sudoku_random_seed(NULL, 1, 2); /* does nothing, and does not crash */
}

/* Neighbouring seeds and streams start unrelated sequences. */
static void test_random_streams_differ(void **state)
{
    uint64_t seen[64];
    int n = 0;

    (void)state;
    for (uint64_t seed = 0; seed < 8; seed++) {
        for (uint64_t stream = 0; stream < 8; stream++) {
            sudoku_random rng;

            sudoku_random_seed(&rng, seed, stream);
            seen[n] = sudoku_random_next(&rng);
            for (int j = 0; j < n; j++)
                assert_true(seen[j] != seen[n]);
            n++;
        }
    }
}

/*
 * Bounded draws stay in range and come out evenly. The sequence is fixed,
 * so the tolerance cannot fail by chance on one run and pass on another.
 */
static void test_random_below(void **state)
{
    static const uint32_t bounds[] = {1, 2, 3, 6, 7, 9, 10, 81};
    sudoku_random rng;

    (void)state;
    sudoku_random_seed(&rng, 42, 0);
    assert_int_equal(sudoku_random_below(&rng, 0), 0);
    for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
        unsigned long hits[81] = {0};
        const unsigned long per_value = 2000;

        for (unsigned long i = 0; i < per_value * bounds[b]; i++) {
            const uint32_t v = sudoku_random_below(&rng, bounds[b]);

            assert_true(v < bounds[b]);
            hits[v]++;
        }
        for (uint32_t v = 0; v < bounds[b]; v++)
            assert_in_range(hits[v], per_value * 9 / 10, per_value * 11 / 10);
    }
    /* A bound of 2^32 - 1 leaves only one draw in 2^32 to reject. */
    for (int i = 0; i < 1000; i++)
        assert_true(sudoku_random_below(&rng, 0xFFFFFFFFu) < 0xFFFFFFFFu);
    /* A bound just over 2^31 rejects nearly half the draws, and still comes
       out even between its halves. */
    {
        const uint32_t bound = 0x80000001u;
        unsigned long low = 0;

        for (int i = 0; i < 4000; i++) {
            const uint32_t v = sudoku_random_below(&rng, bound);

            assert_true(v < bound);
            low += v < bound / 2;
        }
        assert_in_range(low, 1800, 2200);
    }
}

static void test_symmetry_names(void **state)
{
    sudoku_symmetry s = SUDOKU_SYMMETRY_NONE;

    (void)state;
    for (int i = 0; i < SUDOKU_SYMMETRY_COUNT; i++) {
        const char *name = sudoku_symmetry_name((sudoku_symmetry)i);

        assert_non_null(name);
        assert_int_equal(sudoku_symmetry_from_name(name, &s), SUDOKU_OK);
        assert_int_equal(s, i);
    }
    assert_string_equal(sudoku_symmetry_name(SUDOKU_SYMMETRY_ROTATE180), "rotate180");
    assert_null(sudoku_symmetry_name(SUDOKU_SYMMETRY_COUNT));
    assert_null(sudoku_symmetry_name((sudoku_symmetry)-1));
    s = SUDOKU_SYMMETRY_FLIP;
    assert_int_equal(sudoku_symmetry_from_name("Mirror", &s), SUDOKU_E_OPTION);
    assert_int_equal(sudoku_symmetry_from_name("", &s), SUDOKU_E_OPTION);
    assert_int_equal(s, SUDOKU_SYMMETRY_FLIP);
    assert_int_equal(sudoku_symmetry_from_name(NULL, &s), SUDOKU_E_NULL);
    assert_int_equal(sudoku_symmetry_from_name("none", NULL), SUDOKU_E_NULL);
}

static void test_grids_are_valid(void **state)
{
    sudoku_grid a, b;
    int differ = 0;

    (void)state;
    for (uint64_t k = 0; k < GRID_SEEDS; k++) {
        assert_int_equal(sudoku_generate_grid(7, k, &a), SUDOKU_OK);
        if (!valid_grid(&a))
            fail_msg("grid 7/%llu is not valid", (unsigned long long)k);
        assert_int_equal(sudoku_generate_grid(7, k, &b), SUDOKU_OK);
        assert_memory_equal(&a, &b, sizeof a);
        assert_int_equal(sudoku_generate_grid(k, 7, &b), SUDOKU_OK);
        differ += memcmp(&a, &b, sizeof a) != 0;
    }
    assert_true(differ >= GRID_SEEDS - 1); /* (7, 7) is the same pair */
    assert_int_equal(sudoku_generate_grid(1, 1, NULL), SUDOKU_E_NULL);
}

static void test_grids_are_pinned(void **state)
{
    static const struct {
        uint64_t seed, index;
        const char *grid;
    } pins[] = {
        {0u, 0u, "583124967492876315671593824735241689928765431164389572819437256347652198256918743"},
        {1u, 0u, "918576324524398167763124895237941658859763241641852973485619732192437586376285419"},
        {1u, 1u, "714926385235871649869435712521697438397248561486153927148569273653782194972314856"},
        {UINT64_MAX, 123456789u, "958724631372861549164539287721946358645378192839152764583417926297685413416293875"},
    };
    sudoku_grid g;
    char text[82];

    (void)state;
    for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++) {
        assert_int_equal(sudoku_generate_grid(pins[i].seed, pins[i].index, &g), SUDOKU_OK);
        format_grid(&g, text);
        assert_string_equal(text, pins[i].grid);
    }
}

/* Thousands of puzzles, every symmetry: each is all it should be. */
static void test_every_symmetry(void **state)
{
    (void)state;
    for (int s = 0; s < SUDOKU_SYMMETRY_COUNT; s++) {
        const sudoku_generate_options opt = {.symmetry = (sudoku_symmetry)s};
        int used[SUDOKU_SYMMETRY_COUNT] = {0};

        for (uint64_t k = 0; k < SEEDS_PER_SYMMETRY; k++) {
            sudoku_generated g;

            assert_int_equal(sudoku_generate(2024, k, &opt, &g), SUDOKU_OK);
            assert_int_equal(g.attempts, 1);
            check_puzzle(&g, (sudoku_symmetry)s, 2024, k);
            used[g.symmetry]++;
        }
        if (s == SUDOKU_SYMMETRY_RANDOM) {
            assert_int_equal(used[SUDOKU_SYMMETRY_NONE], 0);
            for (int u = 1; u < SUDOKU_SYMMETRY_RANDOM; u++)
                assert_true(used[u] > 0);
        }
    }
}

static void test_no_options_means_none(void **state)
{
    const sudoku_generate_options zero = {0};
    sudoku_generated a, b;

    (void)state;
    assert_int_equal(sudoku_generate(5, 6, NULL, &a), SUDOKU_OK);
    assert_int_equal(sudoku_generate(5, 6, &zero, &b), SUDOKU_OK);
    assert_same(&a, &b);
    assert_int_equal(a.symmetry, SUDOKU_SYMMETRY_NONE);
    check_puzzle(&a, SUDOKU_SYMMETRY_NONE, 5, 6);
}

static void test_puzzles_are_pinned(void **state)
{
    static const struct {
        uint64_t seed, index;
        sudoku_symmetry symmetry;
        const char *puzzle;
    } pins[] = {
        {0u, 0u, SUDOKU_SYMMETRY_NONE,
         "583..4.6.4......15.7........3.....8.9.8..543......9....19...25....6.....25...8..."},
        {1u, 0u, SUDOKU_SYMMETRY_NONE,
         ".....63.45....8....6.124...2.7...6..8......4....8..9......1.7...9..3.5.6...2....9"},
        {1u, 1u, SUDOKU_SYMMETRY_NONE,
         "7.49...8.23...1........57.....6..43...7.....14..1...........2...53.8..94...3....."},
        {2024u, 7u, SUDOKU_SYMMETRY_ROTATE180,
         ".27...5..3.58.7...4..6......7.28531...........59713.2......4..2...5.67.3..2...45."},
        {2024u, 7u, SUDOKU_SYMMETRY_ROTATE90,
         "..7.41.6.3....7.....165.9.767....3..2.3...8.5..9....245.6.741.....5....3.9.13.4.."},
        {42u, 3u, SUDOKU_SYMMETRY_MIRROR,
         "1...9...86.58.49.3............2.6.......3....8.1...6.5..39.58..74.....19....7...."},
        {42u, 3u, SUDOKU_SYMMETRY_FLIP,
         "..2.97..8....1.9..4..5...7.3....67.1..7......8....96.52..9...4.....8.5....8.71..2"},
        {42u, 3u, SUDOKU_SYMMETRY_DIAGONAL,
         "....97.5......49.....5..1....425....5..1...9482........13.....77...8........7.3.2"},
        {42u, 3u, SUDOKU_SYMMETRY_ANTIDIAGONAL,
         "1.2.97...6...1.9...8..2..7.39...6..1......2948..7.....2.......7.4...25....84.1.62"},
        {7u, 0u, SUDOKU_SYMMETRY_DIHEDRAL,
         "..2...8.....2.5...8.54.69.1.137.826...........785.214.2.98.43.6...9.7.....4...5.."},
        {UINT64_MAX, 5u, SUDOKU_SYMMETRY_RANDOM,
         "..4...5..81.....32.2..1..4..9.1.7.5.1.......4.5.9.3.8.2...5...6..96.12......7...."},
    };
    char text[82];

    (void)state;
    for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++) {
        const sudoku_generate_options opt = {.symmetry = pins[i].symmetry};
        sudoku_generated g;

        assert_int_equal(sudoku_generate(pins[i].seed, pins[i].index, &opt, &g), SUDOKU_OK);
        format_grid(&g.puzzle, text);
        assert_string_equal(text, pins[i].puzzle);
    }
}

/* Puzzle k depends on the seed and k alone, not on what came before. */
static void test_order_does_not_matter(void **state)
{
    const sudoku_generate_options opt = {.symmetry = SUDOKU_SYMMETRY_RANDOM,
                                         .max_clues = 32};
    sudoku_generated forward[20], g;

    (void)state;
    for (int k = 0; k < 20; k++)
        assert_int_equal(sudoku_generate(99, (uint64_t)k, &opt, &forward[k]), SUDOKU_OK);
    for (int k = 19; k >= 0; k--) {
        assert_int_equal(sudoku_generate(99, (uint64_t)k, &opt, &g), SUDOKU_OK);
        assert_same(&g, &forward[k]);
    }
}

static void test_max_clues(void **state)
{
    (void)state;
    for (int max = 21; max <= 30; max++) {
        const sudoku_generate_options opt = {.max_clues = max, .attempts = 10000};

        for (uint64_t k = 0; k < 20; k++) {
            sudoku_generated g;

            assert_int_equal(sudoku_generate(3, k, &opt, &g), SUDOKU_OK);
            assert_true(g.clues <= max);
            assert_int_equal(g.too_many_clues, g.attempts - 1);
            assert_int_equal(g.rejected, 0);
            check_puzzle(&g, SUDOKU_SYMMETRY_NONE, 3, k);
        }
    }
}

/* Out of reach: the status says so, and out holds the closest attempt. */
static void test_max_clues_out_of_reach(void **state)
{
    const sudoku_generate_options opt = {.symmetry = SUDOKU_SYMMETRY_DIHEDRAL,
                                         .max_clues = 17,
                                         .attempts = 50};
    sudoku_generated g;

    (void)state;
    assert_int_equal(sudoku_generate(1, 0, &opt, &g), SUDOKU_E_EXHAUSTED);
    assert_int_equal(g.attempts, 50);
    assert_int_equal(g.too_many_clues, 50);
    assert_int_equal(g.rejected, 0);
    assert_true(g.clues > 17);
    check_puzzle(&g, SUDOKU_SYMMETRY_DIHEDRAL, 1, 0);
    /* No attempt of the fifty had fewer givens than the one kept. */
    for (unsigned long attempts = 1; attempts < 50; attempts++) {
        const sudoku_generate_options fewer = {.symmetry = SUDOKU_SYMMETRY_DIHEDRAL,
                                               .max_clues = 17,
                                               .attempts = attempts};
        sudoku_generated h;

        assert_int_equal(sudoku_generate(1, 0, &fewer, &h), SUDOKU_E_EXHAUSTED);
        assert_true(h.clues >= g.clues);
    }
}

/* An accept function that takes every puzzle with an even first given. */
static int even_first_given(const sudoku_grid *puzzle, const sudoku_grid *solution,
                            void *context)
{
    int *calls = context;
    int i = 0;

    (void)solution;
    (*calls)++;
    while (!puzzle->cell[i])
        i++;
    return puzzle->cell[i] % 2 == 0;
}

static int reject_all(const sudoku_grid *puzzle, const sudoku_grid *solution,
                      void *context)
{
    (void)puzzle;
    (void)solution;
    (void)context;
    return 0;
}

/* Stops the generator at its third attempt. */
static int stop_third(const sudoku_grid *puzzle, const sudoku_grid *solution,
                      void *context)
{
    int *calls = context;

    (void)puzzle;
    (void)solution;
    return ++*calls == 3 ? -1 : 0;
}

static void test_accept(void **state)
{
    int calls = 0;
    const sudoku_generate_options opt = {.accept = even_first_given,
                                         .context = &calls,
                                         .max_clues = 25};
    const sudoku_generate_options none = {.accept = reject_all, .attempts = 7};
    const sudoku_generate_options stopping = {.accept = stop_third, .context = &calls};
    sudoku_generated g, h;

    (void)state;
    for (uint64_t k = 0; k < 50; k++) {
        calls = 0;
        assert_int_equal(sudoku_generate(11, k, &opt, &g), SUDOKU_OK);
        assert_int_equal(calls, g.rejected + 1); /* asked only within max_clues */
        assert_int_equal(g.attempts, g.rejected + g.too_many_clues + 1);
        assert_true(g.clues <= 25);
        calls = 0;
        assert_int_equal(sudoku_generate(11, k, &opt, &h), SUDOKU_OK);
        assert_same(&g, &h);
        check_puzzle(&g, SUDOKU_SYMMETRY_NONE, 11, k);
    }
    assert_int_equal(sudoku_generate(11, 0, &none, &g), SUDOKU_E_EXHAUSTED);
    assert_int_equal(g.attempts, 7);
    assert_int_equal(g.rejected, 7);
    calls = 0;
    assert_int_equal(sudoku_generate(11, 0, &stopping, &g), SUDOKU_E_STOPPED);
    assert_int_equal(calls, 3);
}

static void test_bad_options(void **state)
{
    static const sudoku_generate_options bad[] = {
        {.max_clues = 16},
        {.max_clues = 82},
        {.max_clues = -1},
        {.symmetry = SUDOKU_SYMMETRY_COUNT},
        {.symmetry = (sudoku_symmetry)-1},
    };
    sudoku_generated g, untouched;

    (void)state;
    memset(&g, 0xA5, sizeof g);
    untouched = g;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(sudoku_generate(1, 1, &bad[i], &g), SUDOKU_E_OPTION);
        assert_memory_equal(&g, &untouched, sizeof g);
    }
    assert_int_equal(sudoku_generate(1, 1, NULL, NULL), SUDOKU_E_NULL);
    assert_string_equal(sudoku_strerror(SUDOKU_E_EXHAUSTED),
                        "no puzzle met the requirements within the attempts");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_is_pinned),
        cmocka_unit_test(test_random_streams_differ),
        cmocka_unit_test(test_random_below),
        cmocka_unit_test(test_symmetry_names),
        cmocka_unit_test(test_grids_are_valid),
        cmocka_unit_test(test_grids_are_pinned),
        cmocka_unit_test(test_every_symmetry),
        cmocka_unit_test(test_no_options_means_none),
        cmocka_unit_test(test_puzzles_are_pinned),
        cmocka_unit_test(test_order_does_not_matter),
        cmocka_unit_test(test_max_clues),
        cmocka_unit_test(test_max_clues_out_of_reach),
        cmocka_unit_test(test_accept),
        cmocka_unit_test(test_bad_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
