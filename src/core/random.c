/*
 * random.c - the library's own random numbers: xoshiro256**, seeded by
 * splitmix64.
 *
 * The generator must give the same numbers everywhere, so it uses 64-bit
 * unsigned arithmetic alone, whose wrap-around C defines, and never rand()
 * or floating point. xoshiro256** is small (32 bytes of state), fast, and
 * passes the usual statistical batteries; its weak spots are in the low
 * bits of other variants, not of this one.
 *
 * Its state must not be all zero, and nearby seeds must not give nearby
 * states. splitmix64 solves both: it hashes a counter with a bijective
 * mixer, so four successive outputs are four different words (at most one
 * of them zero) that share no visible pattern with the seed. The stream
 * number is hashed first and folded into the starting counter, so
 * (seed, stream) pairs start far apart in splitmix64's sequence.
 */
#include "random.h"
#include "sudoku.h"

enum { STATE_WORDS = 4 };

#define GOLDEN_GAMMA 0x9E3779B97F4A7C15u

/* splitmix64's finaliser: a bijection of 64-bit words that mixes well. */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint64_t rotate_left(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void sudoku_random_seed(sudoku_random *rng, uint64_t seed, uint64_t stream)
{
    uint64_t counter = seed ^ mix64(stream + GOLDEN_GAMMA);

    if (!rng)
        return;
    for (int i = 0; i < STATE_WORDS; i++) {
        counter += GOLDEN_GAMMA;
        rng->state[i] = mix64(counter);
    }
}

uint64_t sudoku_random_next(sudoku_random *rng)
{
    uint64_t *s = rng->state;
    const uint64_t result = rotate_left(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;

    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotate_left(s[3], 45);
    return result;
}

/*
 * Multiply a 32-bit draw by the bound and keep the high half: each value
 * below bound then receives floor(2^32 / bound) or one more of the 2^32
 * draws. The draws whose low half falls below 2^32 mod bound are the
 * surplus, and are drawn again, so every value gets exactly as many. The
 * division is needed only when the low half is small, which is rare.
 */
uint32_t sudoku_random_below(sudoku_random *rng, uint32_t bound)
{
    uint64_t product;

    if (bound == 0)
        return 0;
    product = (sudoku_random_next(rng) >> 32) * bound;
    if ((uint32_t)product < bound) {
        const uint32_t surplus = (uint32_t)-bound % bound; /* 2^32 mod bound */

        while ((uint32_t)product < surplus)
            product = (sudoku_random_next(rng) >> 32) * bound;
    }
    return (uint32_t)(product >> 32);
}

void random_shuffle(sudoku_random *rng, unsigned char *item, int n)
{
    for (int i = n - 1; i > 0; i--) {
        const int j = (int)sudoku_random_below(rng, (uint32_t)i + 1);
        const unsigned char t = item[i];

        item[i] = item[j];
        item[j] = t;
    }
}
