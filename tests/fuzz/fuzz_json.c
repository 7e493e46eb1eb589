/*
 * fuzz_json.c - hostile file names, notes and records through the records
 * of explain, grade and solve, in JSON and in words: JSON must stay well
 * formed, and no record may outgrow the memory it was written into.
 *
 * The input is laid out as fuzz_html's: byte 0 chooses the command and its
 * options (one of `runs`); the bytes after it, up to the first NUL, are a
 * file name ('/' becomes '_', and a name of '.' or '..' gets an 'f' after
 * it); the bytes after that NUL are the file's text, which standard input
 * also reads. The command reads the file, then standard input. Its JSON is
 * checked here by a reader of its own, strict where others forgive:
 *   - each line is one JSON value, an object, as RFC 8259 writes it: no
 *     raw control character in a string, an escape of the nine it allows,
 *     a number with no leading zero, nothing after the value;
 *   - the output is well-formed UTF-8;
 *   - each record's "source" names the file (when its name is printable
 *     ASCII, which comes back unchanged) or standard input.
 * The runs in words are checked by the sanitizers alone: a step's words, a
 * long chain and a long note must fit the room they were given.
 */
#include "named_run.h"
#include "oracle.h"

#include <stdlib.h>
#include <string.h>

/*
 * The options, after "sudoku"; NAME and "-" follow. Each run names its
 * threads (see fuzz_html.c).
 */
static const struct {
    int json;
    const char *args[7];
} runs[] = {
    {1, {"explain", "-f", "json", "-j1", NULL}},
    {1, {"explain", "--hint", "--candidates", "-fjson", "-j2", NULL}},
    {1, {"grade", "-f", "json", "-s", "-j1", NULL}},
    {1, {"solve", "--format=json", "-c", "-u", "-s", "-j1", NULL}},
    {0, {"explain", "--candidates", "-j1", NULL}},
    {0, {"explain", "-f", "grid", "--candidates", "-j2", NULL}},
    {0, {"grade", "--max-rating", "7.5", "-j1", NULL}},
};

static const char *value(const char *p, const char *end, int depth);

static const char *space(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

static int hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* A string from its opening quote; returns past its closing one. */
static const char *string(const char *p, const char *end)
{
    REQUIRE(p < end && *p == '"');
    for (p++; p < end && *p != '"'; p++) {
        REQUIRE((unsigned char)*p >= 0x20);
        if (*p != '\\')
            continue;
        REQUIRE(++p < end);
        if (*p == 'u') {
            REQUIRE(end - p > 4 && hex(p[1]) && hex(p[2]) && hex(p[3]) && hex(p[4]));
            p += 4;
        } else {
            REQUIRE(strchr("\"\\/bfnrt", *p) != NULL);
        }
    }
    REQUIRE(p < end);
    return p + 1;
}

static const char *digits(const char *p, const char *end)
{
    REQUIRE(p < end && *p >= '0' && *p <= '9');
    while (p < end && *p >= '0' && *p <= '9')
        p++;
    return p;
}

static const char *number(const char *p, const char *end)
{
    if (*p == '-')
        p++;
    REQUIRE(p < end);
    if (*p == '0')
        p++;
    else
        p = digits(p, end);
    if (p < end && *p == '.')
        p = digits(p + 1, end);
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            p++;
        p = digits(p, end);
    }
    return p;
}

/* The members of an object, or the items of an array, from its opening. */
static const char *members(const char *p, const char *end, int depth, char close)
{
    p = space(p + 1, end);
    if (p < end && *p == close)
        return p + 1;
    for (;;) {
        if (close == '}') {
            p = space(string(p, end), end);
            REQUIRE(p < end && *p == ':');
            p++;
        }
        p = space(value(p, end, depth + 1), end);
        REQUIRE(p < end && (*p == ',' || *p == close));
        if (*p++ == close)
            return p;
        p = space(p, end);
    }
}

static const char *value(const char *p, const char *end, int depth)
{
    static const char *const words[] = {"true", "false", "null"};

    REQUIRE(depth < 64);
    p = space(p, end);
    REQUIRE(p < end);
    if (*p == '{' || *p == '[')
        return members(p, end, depth, *p == '{' ? '}' : ']');
    if (*p == '"')
        return string(p, end);
    if (*p == '-' || (*p >= '0' && *p <= '9'))
        return number(p, end);
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        const size_t n = strlen(words[i]);

        if ((size_t)(end - p) >= n && memcmp(p, words[i], n) == 0)
            return p + n;
    }
    REQUIRE(0);
    return end;
}

/* "source" first, naming the file as it was given, or standard input. */
static void check_source(const char *line, const char *end, const char *name)
{
    static const char key[] = "{\"source\":\"";
    const char *p = line + sizeof key - 1;
    char source[512];
    size_t n = 0;

    REQUIRE((size_t)(end - line) > sizeof key && memcmp(line, key, sizeof key - 1) == 0);
    for (; p < end && *p != '"' && n + 1 < sizeof source; p++) {
        if (*p == '\\' && p + 1 < end)
            p++;
        source[n++] = *p;
    }
    source[n] = '\0';
    REQUIRE(strcmp(source, "<stdin>") == 0 || strcmp(source, name) == 0);
}

static void check_json(const char *out, size_t length, const char *name)
{
    const char *end = out + length;

    for (const char *line = out; line < end;) {
        const char *stop = memchr(line, '\n', (size_t)(end - line));

        REQUIRE(stop != NULL); /* every line ends */
        REQUIRE(*line == '{');
        REQUIRE(space(value(line, stop, 0), stop) == stop);
        if (named_run_clean(name))
            check_source(line, stop, name);
        line = stop + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const size_t choice = size > 0 ? data[0] % (sizeof runs / sizeof *runs) : 0;
    char path[NAMED_RUN_PATH];
    size_t length = 0;
    char *output = named_run(data, size, runs[choice].args, path, &length);

    if (!output)
        return 0;
    if (runs[choice].json) {
        for (size_t i = 0, n; i < length; i += n)
            REQUIRE((n = oracle_utf8_length((const unsigned char *)output + i,
                                            length - i)) > 0);
        check_json(output, length, path);
    }
    free(output);
    return 0;
}
