/*
 * named_run.c - see named_run.h.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen(), open_memstream(), mkdtemp() */

#include "named_run.h"

#include "oracle.h"

#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *named_run(const uint8_t *data, size_t size, const char *const *args,
                char path[NAMED_RUN_PATH], size_t *length)
{
    static char folder[] = "/tmp/fuzz_named.XXXXXX";
    static int made;
    const uint8_t *zero = size > 1 ? memchr(data + 1, 0, size - 1) : NULL;
    const size_t name_length = zero ? (size_t)(zero - data - 1) : 0;
    const size_t kept = name_length < 150 ? name_length : 150;
    const uint8_t *text = zero ? zero + 1 : data + (size > 0);
    const size_t text_length = (size_t)(data + size - text);
    char *name = path + sizeof folder, *output = NULL;
    const char *argv[16];
    int argc = 0;
    FILE *f, *in, *out, *err;

    if (text_length > 4096)
        return NULL;
    if (!made && !(made = mkdtemp(folder) != NULL))
        abort();
    snprintf(path, NAMED_RUN_PATH, "%s/", folder);
    for (size_t i = 0; i < kept; i++)
        name[i] = (char)(data[1 + i] == '/' ? '_' : data[1 + i]);
    name[kept] = '\0';
    /* no name, ".", or "..", which name the folder or its parent: a file */
    if (strcmp(name, "") == 0 || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        strcat(name, "f");
    REQUIRE((f = fopen(path, "wb")) != NULL);
    REQUIRE(fwrite(text, 1, text_length, f) == text_length && fclose(f) == 0);
    in = fmemopen(text_length ? (void *)text : (void *)"", text_length ? text_length : 1,
                  "rb");
    out = open_memstream(&output, length);
    err = fopen("/dev/null", "w");
    REQUIRE(in && out && err);
    if (!text_length)
        fgetc(in); /* an empty standard input */
    argv[argc++] = "sudoku";
    while (*args && argc < 13)
        argv[argc++] = *args++;
    argv[argc++] = path;
    argv[argc++] = "-";
    argv[argc] = NULL;
    REQUIRE(sudoku_cli_run(argc, (char **)argv, in, out, err) <= 2);
    fclose(in);
    fclose(out);
    fclose(err);
    remove(path);
    return output;
}

int named_run_clean(const char *name)
{
    for (; *name; name++) {
        if (*name < 0x20 || *name > 0x7E)
            return 0;
    }
    return 1;
}
