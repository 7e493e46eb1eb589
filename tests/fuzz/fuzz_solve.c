/*
 * fuzz_solve.c - any grid into sudoku_check(), sudoku_solve() and
 * sudoku_count().
 *
 * The input is puzzle text, so seeds can be read and written by hand:
 * byte i (0-80) is cell i, a digit '1'-'9' for a given, a byte of 0xF0 or
 * more for that value itself (outside 0-9, which the library must refuse),
 * anything else for a blank; missing bytes are blanks. Byte 81, if there,
 * chooses a third limit for counting, from 3 to 66.
 *
 * An invalid grid must be refused by every call with the same status. Then
 * each offending cell is blanked, and the valid grid that is left must obey:
 *   - counts are exact up to the limit: with N solutions, a limit of L
 *     counts min(N, L), so the counts at 1, 2 and L agree with each other;
 *   - counting with a limit of 2 agrees with solving: 0 means
 *     SUDOKU_E_UNSOLVABLE, 1 or more means SUDOKU_OK;
 *   - every solution returned is complete and valid and keeps the givens;
 *   - more than one solution cannot be found without a guess;
 *   - the puzzle is not modified;
 *   - with few blanks, the count matches plain backtracking (oracle.c).
 */
#include "oracle.h"

#include <string.h>

/* Grids with at most this many blanks are also counted by the oracle. */
#define ORACLE_BLANKS 16

/* Every call refuses an invalid grid, with the same status. */
static void check_refused(const sudoku_grid *g, int problem)
{
    const sudoku_status want =
        g->cell[problem] > 9 ? SUDOKU_E_VALUE : SUDOKU_E_CONFLICT;
    sudoku_diagnostic diag;
    sudoku_grid solution;
    unsigned long count = 99;

    REQUIRE(sudoku_check(g, &diag) == want);
    REQUIRE(diag.status == want);
    REQUIRE(diag.cell == problem);
    REQUIRE(diag.value == g->cell[problem]);
    if (want == SUDOKU_E_CONFLICT) {
        REQUIRE(diag.other >= 0 && diag.other < problem);
        REQUIRE(g->cell[diag.other] == g->cell[problem]);
        REQUIRE(oracle_same_unit(diag.other, problem));
    }
    REQUIRE(sudoku_solve(g, &solution, NULL) == want);
    REQUIRE(sudoku_count(g, 2, &count, &solution, NULL) == want);
    REQUIRE(count == 0);
}

/* Blanks each cell that is out of range or repeats an earlier given. */
static void repair(sudoku_grid *g)
{
    int problem;

    while ((problem = oracle_first_problem(g)) >= 0)
        g->cell[problem] = 0;
}

static unsigned long min_ul(unsigned long a, unsigned long b)
{
    return a < b ? a : b;
}

/* Counts with `limit`; returns the count after checking what comes back. */
static unsigned long counted(const sudoku_grid *g, unsigned long limit)
{
    const sudoku_grid copy = *g;
    sudoku_grid first;
    sudoku_stats stats;
    unsigned long count = 12345;

    REQUIRE(sudoku_count(g, limit, &count, &first, &stats) == SUDOKU_OK);
    REQUIRE(count <= limit);
    if (count > 0)
        REQUIRE(oracle_solves(g, &first));
    if (count > 1)
        REQUIRE(stats.guesses > 0);
    REQUIRE(memcmp(g, &copy, sizeof copy) == 0);
    return count;
}

static void check_valid(const sudoku_grid *g, unsigned long limit)
{
    const sudoku_grid copy = *g;
    sudoku_grid solution;
    const unsigned long one = counted(g, 1);
    const unsigned long two = counted(g, 2);
    const unsigned long many = counted(g, limit);
    const sudoku_status solved = sudoku_solve(g, &solution, NULL);

    REQUIRE(sudoku_check(g, NULL) == SUDOKU_OK);
    REQUIRE(one == min_ul(many, 1));
    REQUIRE(two == min_ul(many, 2));
    if (two == 0) {
        REQUIRE(solved == SUDOKU_E_UNSOLVABLE);
    } else {
        REQUIRE(solved == SUDOKU_OK);
        REQUIRE(oracle_solves(g, &solution));
    }
    REQUIRE(memcmp(g, &copy, sizeof copy) == 0);
    if (oracle_blanks(g) <= ORACLE_BLANKS)
        REQUIRE(oracle_count(g, limit) == many);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid g = oracle_grid_of(data, size);
    const unsigned long limit = 3 + (size > SUDOKU_CELLS ? data[SUDOKU_CELLS] % 64 : 0);
    const int problem = oracle_first_problem(&g);

    if (problem >= 0) {
        check_refused(&g, problem);
        repair(&g);
    }
    check_valid(&g, limit);
    return 0;
}
