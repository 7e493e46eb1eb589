/*
 * bits.h - counting and finding the bits of a mask, for the library's two
 * solvers.
 */
#ifndef SUDOKU_BITS_H
#define SUDOKU_BITS_H

#include <assert.h>
#include <stdint.h>

/*
 * Without a popcount instruction (x86-64 before -mpopcnt, say) the builtin
 * becomes a library call, slower than adding up the bits in place; each
 * counter below does that where BITS_POPCOUNT is not defined.
 */
#if (defined(__GNUC__) || defined(__clang__)) &&                               \
    (defined(__POPCNT__) || defined(__aarch64__))
#define BITS_POPCOUNT 1
#endif

static inline int bit_count(uint32_t mask)
{
#ifdef BITS_POPCOUNT
    return __builtin_popcount(mask);
#else
    mask -= mask >> 1 & 0x55555555u;
    mask = (mask & 0x33333333u) + (mask >> 2 & 0x33333333u);
    mask = (mask + (mask >> 4)) & 0x0F0F0F0Fu;
    return (int)((mask * 0x01010101u) >> 24);
#endif
}

/*
 * The same for a mask of nine bits or fewer: a cell's candidates, or a
 * digit's places in a unit. Without the instruction a table of the 512
 * such masks is quicker than the sum, and the logic counts them often.
 */
#define BITS2(n) (n), (n) + 1, (n) + 1, (n) + 2
#define BITS4(n) BITS2(n), BITS2((n) + 1), BITS2((n) + 1), BITS2((n) + 2)
#define BITS6(n) BITS4(n), BITS4((n) + 1), BITS4((n) + 1), BITS4((n) + 2)
#define BITS8(n) BITS6(n), BITS6((n) + 1), BITS6((n) + 1), BITS6((n) + 2)

static inline int bit_count9(unsigned mask)
{
#ifdef BITS_POPCOUNT
    return __builtin_popcount(mask);
#else
    static const unsigned char counts[512] = {BITS8(0), BITS8(1)};

    assert(mask < 512);
    return counts[mask];
#endif
}

#undef BITS2
#undef BITS4
#undef BITS6
#undef BITS8

/*
 * The bits set in three masks together. Without a popcount instruction the
 * three share one sum: after the first two steps each group of four bits
 * holds at most 4, so the three add up without carrying out of the group,
 * and the byte sums, at most 24, add up to at most 192.
 */
static inline int bit_count3(uint64_t a, uint64_t b, uint64_t c)
{
#ifdef BITS_POPCOUNT
    return __builtin_popcountll(a) + __builtin_popcountll(b) +
           __builtin_popcountll(c);
#else
    uint64_t sum;

    a -= a >> 1 & 0x5555555555555555u;
    b -= b >> 1 & 0x5555555555555555u;
    c -= c >> 1 & 0x5555555555555555u;
    sum = (a & 0x3333333333333333u) + (a >> 2 & 0x3333333333333333u) +
          (b & 0x3333333333333333u) + (b >> 2 & 0x3333333333333333u) +
          (c & 0x3333333333333333u) + (c >> 2 & 0x3333333333333333u);
    sum = (sum & 0x0F0F0F0F0F0F0F0Fu) + (sum >> 4 & 0x0F0F0F0F0F0F0F0Fu);
    return (int)((sum * 0x0101010101010101u) >> 56);
#endif
}

/* The index of the lowest set bit of a nonzero mask. */
static inline int lowest_bit64(uint64_t mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(mask);
#else
    int n = 0;

    for (; !(mask & 1); mask >>= 1)
        n++;
    return n;
#endif
}

static inline int lowest_bit(uint32_t mask)
{
    return lowest_bit64(mask);
}

#endif /* SUDOKU_BITS_H */
