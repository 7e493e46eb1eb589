/*
 * options.c - the option engine.
 *
 * The parsing is done here rather than with getopt(), which standard C
 * lacks. A command's table says everything about its options: their
 * names, their help, what kind of value each takes and where it goes, so
 * that reading them, refusing a bad value and listing them in --help all
 * follow from the one table.
 */
#include "options.h"

#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *const format_words[] = {"line", "grid", "json", NULL};
/* in the order of output_format, as format_words */
const char *const format_html_words[] = {"line", "grid", "json", "html", NULL};
const char *const color_words[] = {"auto", "always", "never", NULL};

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static options_result refuse(option_parse *p, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vsnprintf(p->message, sizeof p->message, format, args);
    va_end(args);
    return OPTIONS_ERROR;
}

/* A whole number from 0 to max, digits only. Returns 1, or 0 if not one. */
static int parse_u64(const char *text, uint64_t max, uint64_t *value)
{
    unsigned long long v;
    char *end;

    if (*text < '0' || *text > '9')
        return 0; /* strtoull would take a sign or white space */
    errno = 0;
    v = strtoull(text, &end, 10);
    if (*end != '\0' || errno == ERANGE || v > max)
        return 0;
    *value = (uint64_t)v;
    return 1;
}

const char *parse_tenths(const char *text, int *tenths)
{
    int whole = 0, digits = 0;

    for (; *text >= '0' && *text <= '9' && digits < 3; text++, digits++)
        whole = whole * 10 + (*text - '0');
    if (digits == 0 || digits > 2)
        return NULL;
    *tenths = whole * 10;
    if (*text == '.') {
        if (text[1] < '0' || text[1] > '9')
            return NULL;
        *tenths += text[1] - '0';
        text += 2;
    }
    return text;
}

/* "a, b or c": the words of a table, for a message. */
static void list_words(const char *const *words, char *text, size_t size)
{
    size_t n = 0, length = 0;

    while (words[n])
        n++;
    text[0] = '\0';
    for (size_t i = 0; i < n && length < size; i++)
        length += (size_t)snprintf(text + length, size - length, "%s%s",
                                   i == 0 ? "" : i + 1 == n ? " or " : ", ",
                                   words[i]);
}

/* Stores an int where an option's table says, whatever its alignment. */
static void set_int(char *target, int value)
{
    memcpy(target, &value, sizeof value);
}

/* Sets the value of an option that takes one. */
static options_result apply_value(option_parse *p, const option_spec *spec,
                                  const char *value)
{
    char *target = (char *)(spec->shared ? (void *)p->shared : p->settings) +
                   spec->offset;
    char words[256], why[sizeof p->message];
    uint64_t n;

    switch (spec->kind) {
    case OPTION_NUMBER:
        if (!parse_u64(value, spec->max, &n) || n < spec->min)
            return refuse(p, "invalid %s '%s': use %llu to %llu%s", spec->noun,
                          value, (unsigned long long)spec->min,
                          (unsigned long long)spec->max,
                          spec->note ? spec->note : "");
        memcpy(target, &n, sizeof n);
        return OPTIONS_RUN;
    case OPTION_WORD:
        for (int i = 0; spec->words[i]; i++) {
            if (strcmp(value, spec->words[i]) == 0) {
                set_int(target, i);
                return OPTIONS_RUN;
            }
        }
        list_words(spec->words, words, sizeof words);
        return refuse(p, "unknown %s '%s': use %s", spec->noun, value, words);
    default: /* OPTION_CUSTOM: the other kinds take no value */
        if (spec->parse(target, value, why, sizeof why) != 0)
            return refuse(p, "%s", why);
        return OPTIONS_RUN;
    }
}

/* Sets a flag, or asks for the help or the version. */
static options_result apply_flag(option_parse *p, const option_spec *spec)
{
    if (spec->kind == OPTION_HELP)
        return OPTIONS_HELP;
    if (spec->kind == OPTION_VERSION)
        return OPTIONS_VERSION;
    set_int((char *)(spec->shared ? (void *)p->shared : p->settings) + spec->offset, 1);
    return OPTIONS_RUN;
}

static int takes_value(const option_spec *spec)
{
    return spec->kind == OPTION_NUMBER || spec->kind == OPTION_WORD ||
           spec->kind == OPTION_CUSTOM;
}

/*
 * Whether an option is an entry of the command's own table; if so, marks
 * it as given.
 */
static int take_own(option_parse *p, const option_spec *spec)
{
    for (size_t i = 0; p->options[i].long_name; i++) {
        if (&p->options[i] == spec) {
            if (i < 64)
                p->given |= 1ull << i;
            return 1;
        }
    }
    return 0;
}

/*
 * The options of `table` whose long name begins with name[0, length),
 * added to found[] (n of them so far) unless one of the same name is
 * there; an exact match alone, if there is one. Returns the new count.
 */
static size_t match_long(const option_spec *table, const char *name, size_t length,
                         const option_spec **found, size_t n)
{
    for (; table->long_name; table++) {
        size_t i;

        if (length == 0 || strncmp(table->long_name, name, length) != 0)
            continue;
        if (table->long_name[length] == '\0') {
            found[0] = table;
            return 1;
        }
        for (i = 0; i < n && strcmp(found[i]->long_name, table->long_name) != 0;)
            i++;
        if (i == n && n < 64)
            found[n++] = table;
    }
    return n;
}

/*
 * The option "--name" (length bytes, before any '=') means: its whole long
 * name, or any prefix that only one of the command's options begins with.
 * Only the command's own options count, so that an option of another
 * command never makes a prefix ambiguous; failing those, an option of
 * another command is found, for the caller to refuse by name. NULL when
 * none matches, or after a prefix that begins several (p->message is then
 * set).
 */
static const option_spec *find_long(option_parse *p, const char *name, size_t length)
{
    const option_spec *found[64];
    size_t n = match_long(p->options, name, length, found, 0);

    if (n > 1) {
        size_t used = (size_t)snprintf(p->message, sizeof p->message,
                                       "option '--%.*s' is ambiguous; possibilities:",
                                       (int)length, name);

        for (size_t i = 0; i < n && used < sizeof p->message; i++)
            used += (size_t)snprintf(p->message + used, sizeof p->message - used,
                                     " '--%s'", found[i]->long_name);
        return NULL;
    }
    if (n == 1)
        return found[0];
    for (const option_spec *const *t = p->others; *t; t++) {
        for (const option_spec *spec = *t; spec->long_name; spec++) {
            if (strlen(spec->long_name) == length &&
                strncmp(spec->long_name, name, length) == 0)
                return spec;
        }
    }
    for (const option_spec *const *t = p->others; *t; t++)
        n = match_long(*t, name, length, found, n);
    return n == 1 ? found[0] : NULL;
}

static const option_spec *find_short(const option_spec *table, char name)
{
    for (; table->long_name; table++) {
        if (table->short_name == name && name != 0)
            return table;
    }
    return NULL;
}

/* Takes an option of the command's own, and refuses one of another's. */
static options_result check_own(option_parse *p, const option_spec *spec,
                                const char *as_given)
{
    if (take_own(p, spec))
        return OPTIONS_RUN;
    return refuse(p, "option '%s' is not for %s", as_given, p->command_name);
}

/* Parses "--name" or "--name=value"; *i moves past a separate value. */
static options_result parse_long(option_parse *p, int argc, char **argv, int *i)
{
    const char *name = argv[*i] + 2;
    const char *equals = strchr(name, '=');
    const size_t length = equals ? (size_t)(equals - name) : strlen(name);
    const char *value = equals ? equals + 1 : NULL;
    const option_spec *spec;
    options_result r;

    p->message[0] = '\0';
    spec = find_long(p, name, length);
    if (!spec)
        return p->message[0] ? OPTIONS_ERROR
                             : refuse(p, "unrecognized option '%s'", argv[*i]);
    if ((r = check_own(p, spec, argv[*i])) != OPTIONS_RUN)
        return r;
    if (!takes_value(spec)) {
        if (value)
            return refuse(p, "option '%s' takes no argument", argv[*i]);
        return apply_flag(p, spec);
    }
    if (!value) {
        if (*i + 1 >= argc)
            return refuse(p, "option '%s' requires an argument", argv[*i]);
        value = argv[++*i];
    }
    return apply_value(p, spec, value);
}

/* Parses a group of short options such as "-cu" or "-l5". */
static options_result parse_short(option_parse *p, int argc, char **argv, int *i)
{
    for (const char *c = argv[*i] + 1; *c; c++) {
        const option_spec *spec = find_short(p->options, *c);
        const char letter[3] = {'-', *c, '\0'};
        options_result r;

        for (const option_spec *const *t = p->others; !spec && *t; t++)
            spec = find_short(*t, *c);
        if (!spec)
            return refuse(p, "invalid option -- '%s'", letter + 1);
        if ((r = check_own(p, spec, letter)) != OPTIONS_RUN)
            return r;
        if (takes_value(spec)) {
            /* the value is the rest of the group, or the next argument */
            if (c[1] != '\0')
                return apply_value(p, spec, c + 1);
            if (*i + 1 < argc)
                return apply_value(p, spec, argv[++*i]);
            return refuse(p, "option requires an argument -- '%s'", letter + 1);
        }
        if ((r = apply_flag(p, spec)) != OPTIONS_RUN)
            return r;
    }
    return OPTIONS_RUN;
}

options_result options_parse(option_parse *p, int argc, char **argv, int first)
{
    int only_operands = 0;

    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        options_result r = OPTIONS_RUN;

        if (only_operands || arg[0] != '-' || arg[1] == '\0')
            p->operands[p->operand_count++] = argv[i];
        else if (strcmp(arg, "--") == 0)
            only_operands = 1;
        else if (arg[1] == '-')
            r = parse_long(p, argc, argv, &i);
        else
            r = parse_short(p, argc, argv, &i);
        if (r != OPTIONS_RUN)
            return r;
    }
    return OPTIONS_RUN;
}

void options_help(FILE *out, const option_spec *options)
{
    for (const option_spec *spec = options; spec->long_name; spec++) {
        if (spec->short_name)
            fprintf(out, "  -%c, --%s%s", spec->short_name, spec->long_name,
                    spec->help);
        else
            fprintf(out, "      --%s%s", spec->long_name, spec->help);
    }
}

int option_given(const option_spec *options, unsigned long long given,
                 const char *long_name)
{
    for (int i = 0; options[i].long_name; i++) {
        if (strcmp(options[i].long_name, long_name) == 0)
            return (int)(given >> i & 1);
    }
    assert(!"no option of that name in the table");
    return 0;
}
