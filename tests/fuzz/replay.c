/*
 * replay.c - a main() for the fuzz harnesses when libFuzzer is not there.
 *
 * Runs every file named on the command line, and every file in every
 * directory named there, through LLVMFuzzerTestOneInput() once. Built this
 * way with any compiler, each harness turns its committed corpus into a
 * regression test; a property that fails aborts, as under libFuzzer.
 */
#define _POSIX_C_SOURCE 200809L /* opendir() and stat() */

#include "oracle.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Runs one file. Returns 0, or -1 after saying why it could not be read. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data = NULL, *bigger;
    size_t size = 0, room = 0, got;
    int failed = 0;

    if (!f) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    do {
        if (size == room) {
            bigger = realloc(data, room + 4096);
            if (!bigger) {
                failed = 1;
                break;
            }
            data = bigger;
            room += 4096;
        }
        got = fread(data + size, 1, room - size, f);
        size += got;
    } while (got > 0);
    failed |= ferror(f);
    fclose(f);
    /* Shrunk to the exact size, so a sanitizer sees a read past the input. */
    if (!failed && (bigger = realloc(data, size ? size : 1)) != NULL) {
        data = bigger;
        LLVMFuzzerTestOneInput(data, size);
    } else {
        fprintf(stderr, "replay: %s: cannot read it whole\n", path);
        failed = 1;
    }
    free(data);
    return failed ? -1 : 0;
}

/* Runs every regular file of a directory; adds them to *count. */
static int replay_directory(const char *path, unsigned long *count)
{
    DIR *dir = opendir(path);
    struct dirent *entry;
    int status = 0;

    if (!dir) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    while ((entry = readdir(dir)) != NULL) {
        const size_t length = strlen(path) + strlen(entry->d_name) + 2;
        char *file = malloc(length);
        struct stat st;

        if (!file) {
            status = -1;
            break;
        }
        snprintf(file, length, "%s/%s", path, entry->d_name);
        if (stat(file, &st) == 0 && S_ISREG(st.st_mode)) {
            if (replay_file(file) == 0)
                ++*count;
            else
                status = -1;
        }
        free(file);
    }
    closedir(dir);
    return status;
}

int main(int argc, char **argv)
{
    unsigned long count = 0;
    int status = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE_OR_DIRECTORY...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        struct stat st;

        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            status |= replay_directory(argv[i], &count);
        } else if (replay_file(argv[i]) == 0) {
            count++;
        } else {
            status = -1;
        }
    }
    printf("replayed %lu inputs\n", count);
    /* An empty corpus would pass without testing anything. */
    return status != 0 || count == 0 ? 1 : 0;
}
