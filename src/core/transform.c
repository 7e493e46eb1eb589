/*
 * transform.c - the transformations that turn a grid into an equivalent one.
 *
 * Written once here, and shared: the canonical form reports the transform
 * it found, and the benchmark relabels its puzzles with random ones.
 */
#include "sudoku.h"

/*
 * Whether line[] maps bands to bands (or stacks to stacks) as a whole: each
 * block of three takes its lines from one block, and together they use every
 * line once.
 */
static int keeps_blocks(const unsigned char line[9])
{
    unsigned used = 0;

    for (int i = 0; i < 9; i++) {
        if (line[i] > 8 || line[i] / 3 != line[i - i % 3] / 3)
            return 0;
        used |= 1u << line[i];
    }
    return used == 0x1ff;
}

/* Whether digit[] keeps blanks blank and permutes 1-9. */
static int permutes_digits(const unsigned char digit[10])
{
    unsigned used = 0;

    for (int d = 1; d <= 9; d++) {
        if (digit[d] < 1 || digit[d] > 9)
            return 0;
        used |= 1u << digit[d];
    }
    return digit[0] == 0 && used == 0x3fe;
}

sudoku_status sudoku_transform_apply(const sudoku_transform *transform,
                                     const sudoku_grid *in, sudoku_grid *out)
{
    const sudoku_transform *t = transform;
    sudoku_grid from;

    if (!t || !in || !out)
        return SUDOKU_E_NULL;
    if (!keeps_blocks(t->row) || !keeps_blocks(t->col) || t->transpose > 1 ||
        !permutes_digits(t->digit))
        return SUDOKU_E_TRANSFORM;
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        if (in->cell[i] > 9)
            return SUDOKU_E_VALUE;
    }
    from = *in; /* in and out may be one grid */
    for (int i = 0; i < 9; i++) {
        for (int j = 0; j < 9; j++) {
            const int source = t->transpose ? t->col[j] * 9 + t->row[i]
                                            : t->row[i] * 9 + t->col[j];

            out->cell[i * 9 + j] = t->digit[from.cell[source]];
        }
    }
    return SUDOKU_OK;
}
