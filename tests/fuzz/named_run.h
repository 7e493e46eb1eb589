/*
 * named_run.h - the command run on a file of a hostile name and on
 * standard input, as fuzz_html and fuzz_json lay out their inputs.
 */
#ifndef SUDOKU_FUZZ_NAMED_RUN_H
#define SUDOKU_FUZZ_NAMED_RUN_H

#include <stddef.h>
#include <stdint.h>

/* The room named_run() needs for a file's path. */
#define NAMED_RUN_PATH 192

/*
 * Runs `sudoku ARGS... FILE -`, ARGS NULL-terminated. The input's first
 * byte has chosen ARGS; the bytes after it, up to the first NUL, are the
 * file's name ('/' becomes '_', at most 150 bytes, and a name of '', '.'
 * or '..' gets an 'f' after it, as no name does), written into `path`
 * with its folder; the bytes after that NUL are the file's text, which
 * standard input also reads. Standard error is thrown away.
 *
 * Returns what the command wrote (free() it) and its length in *length;
 * NULL, having run nothing, when the text is over 4096 bytes (explain may
 * take long on a large input; not what is tested).
 */
char *named_run(const uint8_t *data, size_t size, const char *const *args,
                char path[NAMED_RUN_PATH], size_t *length);

/* Whether the name is printable ASCII, which comes back as it is. */
int named_run_clean(const char *name);

#endif /* SUDOKU_FUZZ_NAMED_RUN_H */
