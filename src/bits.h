/*
 * bits.h - counting and finding the bits of a mask, for the library's two
 * solvers.
 */
#ifndef SUDOKU_BITS_H
#define SUDOKU_BITS_H

#include <stdint.h>

/*
 * Without a popcount instruction (x86-64 before -mpopcnt, say) the builtin
 * becomes a library call, slower than adding up the bits in place.
 */
static inline int bit_count(uint32_t mask)
{
#if (defined(__GNUC__) || defined(__clang__)) &&                               \
    (defined(__POPCNT__) || defined(__aarch64__))
    return __builtin_popcount(mask);
#else
    mask -= mask >> 1 & 0x55555555u;
    mask = (mask & 0x33333333u) + (mask >> 2 & 0x33333333u);
    mask = (mask + (mask >> 4)) & 0x0F0F0F0Fu;
    return (int)((mask * 0x01010101u) >> 24);
#endif
}

/* The same for a 64-bit mask. */
static inline int bit_count64(uint64_t mask)
{
#if (defined(__GNUC__) || defined(__clang__)) &&                               \
    (defined(__POPCNT__) || defined(__aarch64__))
    return __builtin_popcountll(mask);
#else
    mask -= mask >> 1 & 0x5555555555555555u;
    mask = (mask & 0x3333333333333333u) + (mask >> 2 & 0x3333333333333333u);
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((mask * 0x0101010101010101u) >> 56);
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
