/*
 * spool.c - text kept for the end of the output, in memory and then in a
 * temporary file.
 */
#include "spool.h"

#include <errno.h>

/* Moves what memory holds into a new temporary file, if one can be made. */
static void spill(spool *s)
{
    FILE *f = tmpfile();

    if (!f)
        return; /* memory goes on holding it all */
    if (s->memory.length > 0 &&
        fwrite(s->memory.data, 1, s->memory.length, f) != s->memory.length) {
        fclose(f);
        return;
    }
    s->file = f;
    text_free(&s->memory);
}

int spool_add(spool *s, const char *data, size_t n)
{
    if (n == 0)
        return 0;
    if (!s->file && s->memory.length + n > SPOOL_MEMORY)
        spill(s);
    if (s->file) {
        errno = 0;
        if (fwrite(data, 1, n, s->file) != n) {
            if (errno == 0)
                errno = EIO;
            return -1;
        }
        return 0;
    }
    text_add(&s->memory, data, n);
    if (text_status(&s->memory) != 0) {
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

int spool_each(spool *s, int (*write)(void *context, const char *data, size_t n),
               void *context)
{
    char piece[65536];
    size_t n;
    int status;

    if (!s->file)
        return s->memory.length > 0 ? write(context, s->memory.data, s->memory.length)
                                    : 0;
    errno = 0;
    if (fflush(s->file) != 0 || fseek(s->file, 0, SEEK_SET) != 0)
        return -1;
    while ((n = fread(piece, 1, sizeof piece, s->file)) > 0) {
        if ((status = write(context, piece, n)) != 0)
            return status;
    }
    if (ferror(s->file)) {
        if (errno == 0)
            errno = EIO;
        return -1;
    }
    return 0;
}

void spool_free(spool *s)
{
    text_free(&s->memory);
    if (s->file)
        fclose(s->file);
    s->file = NULL;
}
