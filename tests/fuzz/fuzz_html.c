/*
 * fuzz_html.c - hostile file names, notes and records through the HTML
 * pages of explain and solve: the page must stay well formed.
 *
 * Byte 0 chooses the command and its options (one of `runs`). The bytes
 * after it, up to the first NUL, are a file name ('/' becomes '_', and
 * a name of '.' or '..' gets an 'f' after it, as no name does); the
 * bytes after that NUL are the file's text, which standard input also
 * reads. The command reads the file, then standard input, and writes a
 * page, which is checked here by a reader of HTML of its own, strict where
 * browsers forgive:
 *   - the page starts with the doctype and ends with </html>;
 *   - it is UTF-8, with no control character but a tab or a line break;
 *   - every element is one the writer uses, and is closed in order (meta
 *     has no end; the drawings' shapes close themselves with "/>"), and
 *     every element left open is closed at the end;
 *   - an attribute is name="value", and neither text nor a value holds a
 *     '<' or a '>' (but the style's), or an '&' that starts no reference
 *     of the five the writer uses;
 *   - each record gives one section of explain's page, whose heading, its
 *     references read back, names the file (when its name is clean UTF-8)
 *     or standard input.
 */
#include "named_run.h"
#include "oracle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The options, after "sudoku"; NAME and "-" follow. Each run names its
 * threads, which would otherwise be one per processor: a run must not
 * depend on the machine, and threads that run instrumented code at once
 * share the fuzzer's tables and each run several times slower.
 */
static const struct {
    int explain;
    const char *args[7];
} runs[] = {
    {1, {"explain", "-f", "html", "-j1", NULL}},
    {1, {"explain", "--hint", "-fhtml", "-j2", NULL}},
    {0, {"solve", "--format=html", "-c", "-l", "3", "-j1", NULL}},
    {0, {"solve", "-f", "html", "-s", "-u", "-j1", NULL}},
};

static const char *const elements[] = {
    "html", "head", "meta", "title", "style", "body", "h1", "h2", "section",
    "figure", "figcaption", "pre", "p", "span", "ol", "ul", "li", "i", "div",
    "svg", "defs", "marker", "path", "rect", "text", "circle", NULL};

/* The references the writer uses, and the bytes they stand for. */
static const char *const references[][2] = {
    {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}};

/* The length of the reference at p, or 0. */
static size_t reference(const char *p, const char *end)
{
    for (size_t i = 0; i < sizeof references / sizeof *references; i++) {
        const size_t n = strlen(references[i][0]);

        if ((size_t)(end - p) >= n && memcmp(p, references[i][0], n) == 0)
            return n;
    }
    return 0;
}

/* Text or an attribute's value up to `stop`: references whole, no < or >. */
static const char *text_until(const char *p, const char *end, char stop)
{
    size_t n;

    while (p < end && *p != stop) {
        REQUIRE(*p != '>' && (*p != '<' || stop == '<'));
        if (*p == '&') {
            REQUIRE((n = reference(p, end)) > 0);
            p += n;
        } else {
            p++;
        }
    }
    return p;
}

static int known(const char *name, size_t n)
{
    for (int i = 0; elements[i]; i++) {
        if (strlen(elements[i]) == n && memcmp(elements[i], name, n) == 0)
            return 1;
    }
    return 0;
}

/* A tag at p (after its '<'); pushes or pops `stack`. Returns past its '>'. */
static const char *tag(const char *p, const char *end, const char **stack,
                       size_t *depth, int *in_style)
{
    const int closing = *p == '/';
    const char *name = p += closing;
    size_t n;

    while (p < end && ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')))
        p++;
    n = (size_t)(p - name);
    REQUIRE(n > 0 && known(name, n));
    if (closing) {
        REQUIRE(p < end && *p == '>' && *depth > 0);
        REQUIRE(strlen(stack[*depth - 1]) == n && memcmp(stack[*depth - 1], name, n) == 0);
        --*depth;
        return p + 1;
    }
    while (p < end && *p == ' ') { /* name="value" */
        p++;
        while (p < end && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                           *p == '-'))
            p++;
        REQUIRE(p + 1 < end && p[0] == '=' && p[1] == '"');
        p = text_until(p + 2, end, '"');
        REQUIRE(p < end);
        p++;
    }
    if (p < end && *p == '/') { /* a shape of a drawing */
        REQUIRE(*depth > 0 && p + 1 < end && p[1] == '>');
        return p + 2;
    }
    REQUIRE(p < end && *p == '>');
    if (!(n == 4 && memcmp(name, "meta", 4) == 0)) {
        REQUIRE(*depth < 64);
        for (int i = 0; elements[i]; i++) {
            if (strlen(elements[i]) == n && memcmp(elements[i], name, n) == 0)
                stack[(*depth)++] = elements[i];
        }
    }
    *in_style = n == 5 && memcmp(name, "style", 5) == 0;
    return p + 1;
}

/* Well-formed UTF-8 with no control character but a tab or a line break. */
static void check_bytes(const char *page, size_t length)
{
    const unsigned char *b = (const unsigned char *)page;

    for (size_t i = 0; i < length;) {
        size_t n = 1;

        if (b[i] >= 0x80)
            REQUIRE((n = oracle_utf8_length(b + i, length - i)) > 0);
        else
            REQUIRE(b[i] == '\n' || b[i] == '\t' || (b[i] >= 0x20 && b[i] != 0x7F));
        i += n;
    }
}

static void check_page(const char *page, size_t length)
{
    static const char doctype[] = "<!DOCTYPE html>\n", last[] = "</html>\n";
    const char *p = page + sizeof doctype - 1, *end = page + length;
    const char *stack[64];
    size_t depth = 0;
    int in_style = 0;

    check_bytes(page, length);
    REQUIRE(length > sizeof doctype && memcmp(page, doctype, sizeof doctype - 1) == 0);
    REQUIRE(memcmp(end - (sizeof last - 1), last, sizeof last - 1) == 0);
    while (p < end) {
        if (in_style) { /* the style is the writer's own, up to its end */
            const char *close = strstr(p, "</style>");

            REQUIRE(close != NULL);
            p = close;
            in_style = 0;
        }
        if (*p == '<')
            p = tag(p + 1, end, stack, &depth, &in_style);
        else
            p = text_until(p, end, '<');
    }
    REQUIRE(depth == 0);
}

/*
 * The text of each <h2>, references read back, must be where it came from:
 * the source is what comes before the heading's last ", line " (a file's
 * name may hold those words too).
 */
static void check_headings(const char *page, const char *name, int clean)
{
    for (const char *p = page; (p = strstr(p, "<h2>")) != NULL;) {
        const char *close = strstr(p, "</h2>"), *line = NULL;
        char text[2048];
        size_t n = 0;

        REQUIRE(close != NULL);
        for (const char *q = p; (q = strstr(q, ", line ")) != NULL && q < close; q++)
            line = q;
        REQUIRE(line != NULL);
        for (p += 4; p < line && n + 1 < sizeof text; n++) {
            size_t i = 0;

            while (i < 5 && strncmp(p, references[i][0], strlen(references[i][0])) != 0)
                i++;
            if (i < 5)
                text[n] = references[i][1][0];
            else
                text[n] = *p;
            p += i < 5 ? strlen(references[i][0]) : 1;
        }
        text[n] = '\0';
        REQUIRE(strcmp(text, "<stdin>") == 0 || !clean || strcmp(text, name) == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const size_t choice = size > 0 ? data[0] % (sizeof runs / sizeof *runs) : 0;
    char path[NAMED_RUN_PATH];
    size_t length = 0;
    char *page = named_run(data, size, runs[choice].args, path, &length);

    if (!page)
        return 0;
    check_page(page, length);
    if (runs[choice].explain)
        check_headings(page, path, named_run_clean(path));
    free(page);
    return 0;
}
