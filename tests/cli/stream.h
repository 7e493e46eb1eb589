/*
 * stream.h - input streams for the tests that drive the reader and the
 * command. Include it after <cmocka.h>.
 */
#ifndef SUDOKU_TEST_STREAM_H
#define SUDOKU_TEST_STREAM_H

#include <stdio.h>

/*
 * A temporary stream holding exactly `length` bytes (NULs included),
 * positioned at the start. tmpfile() rather than fmemopen(), which is not
 * standard C.
 */
static FILE *stream_of(const char *bytes, size_t length)
{
    FILE *f = tmpfile();

    assert_non_null(f);
    if (length > 0)
        assert_int_equal(fwrite(bytes, 1, length, f), length);
    rewind(f);
    return f;
}

#endif /* SUDOKU_TEST_STREAM_H */
