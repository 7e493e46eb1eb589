/*
 * test_driver.c - what every command shares: usage errors, option prefixes and groups, help and version, threads, progress, and output that fails.
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _XOPEN_SOURCE 700 /* pipe(), fdopen(), setenv() and posix_openpt() */
#endif

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

#include "harness.h"
#include "cli.h"
#include "clock.h"
#include "command.h"
#include "sudoku.h"
#include "stream.h"

static void test_usage_errors(void **state)
{
    static const struct {
        const char *args[4];
        const char *message;
    } cases[] = {
        {{"--bogus"}, "unrecognized option '--bogus'"},
        {{"-z"}, "invalid option -- 'z'"},
        {{"-cz"}, "invalid option -- 'z'"},
        {{"-l"}, "option requires an argument -- 'l'"},
        {{"--limit"}, "option '--limit' requires an argument"},
        {{"-f"}, "option requires an argument -- 'f'"},
        {{"--format"}, "option '--format' requires an argument"},
        {{"--limit", "0"}, "invalid limit '0': use 1 to 4294967295"},
        {{"--limit", "-1"}, "invalid limit '-1': use 1 to 4294967295"},
        {{"--limit", "99999999999999999999"},
         "invalid limit '99999999999999999999': use 1 to 4294967295"},
        {{"--limit", "4294967296"}, "invalid limit '4294967296': use 1 to 4294967295"},
        {{"-l", "5x"}, "invalid limit '5x': use 1 to 4294967295"},
        {{"-l", " 5"}, "invalid limit ' 5': use 1 to 4294967295"},
        {{"--limit="}, "invalid limit '': use 1 to 4294967295"},
        {{"--format", "xml"}, "unknown format 'xml': use line, grid, json or html"},
        {{"-fJSON"}, "unknown format 'JSON': use line, grid, json or html"},
        {{"--count=1"}, "option '--count=1' takes no argument"},
        {{"-j", "0"}, "invalid number of jobs '0': use 1 to 64"},
        {{"--jobs", "-1"}, "invalid number of jobs '-1': use 1 to 64"},
        {{"--jobs=65"}, "invalid number of jobs '65': use 1 to 64"},
        {{"-j", "99999999999999999999"},
         "invalid number of jobs '99999999999999999999': use 1 to 64"},
        {{"-jfour"}, "invalid number of jobs 'four': use 1 to 64"},
        {{"-j", "2.5"}, "invalid number of jobs '2.5': use 1 to 64"},
        {{"--jobs="}, "invalid number of jobs '': use 1 to 64"},
        {{"-j"}, "option requires an argument -- 'j'"},
    };

    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *args[8];
        int n = 0;
        cli_result res;

        /* a puzzle first: nothing is solved when the options are wrong */
        args[n++] = wiki;
        for (int j = 0; j < 4 && cases[i].args[j]; j++)
            args[n++] = cases[i].args[j];
        args[n] = NULL;
        run_with(&res, "", 0, NULL, args);
        expect_usage_error(&res, cases[i].message);
        free_result(&res);
    }
}

/* A long option may be cut to any prefix that only it begins with. */
static void test_long_option_prefixes(void **state)
{
    static const char explain_tail[] =
        "Usage: sudoku explain [OPTIONS] [PUZZLE | FILE | -]...\n"
        "Try 'sudoku help explain' for more information.\n";
    static const char grade_tail[] =
        "Usage: sudoku grade [OPTIONS] [PUZZLE | FILE | -]...\n"
        "Try 'sudoku help grade' for more information.\n";
    cli_result res;
    char expected[2000];

    (void)state;
    snprintf(expected, sizeof expected, "%s 1\n", wiki_solution);
    run(&res, "", "--cou", "--uni", "--lim=5", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, "", "--form", "grid", "--jo=1", wiki, NULL);
    snprintf(expected, sizeof expected, "%s\n", wiki_grid);
    expect_clean_success(&res, expected);
    free_result(&res);

    /* only the command's own options count: --hint is explain's alone */
    run(&res, "", "explain", "--h", wiki, NULL);
    assert_string_equal(res.out, "");
    snprintf(expected, sizeof expected,
             "sudoku: option '--h' is ambiguous; possibilities: '--hint' '--help'\n%s",
             explain_tail);
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);
    run(&res, "", "grade", "--h", wiki, NULL);
    assert_int_equal(res.status, 0);
    assert_memory_equal(res.out, "Usage: sudoku grade ", 20);
    free_result(&res);
    /* another command's option, even cut short, is refused as such */
    run(&res, "", "grade", "--hin", wiki, NULL);
    assert_string_equal(res.out, "");
    snprintf(expected, sizeof expected, "sudoku: option '--hin' is not for grade\n%s",
             grade_tail);
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);

    run(&res, "", "--=x", wiki, NULL);
    expect_usage_error(&res, "unrecognized option '--=x'");
    free_result(&res);
    run(&res, "", "--formats=json", wiki, NULL);
    expect_usage_error(&res, "unrecognized option '--formats=json'");
    free_result(&res);
    run(&res, "", "--st=1", wiki, NULL);
    expect_usage_error(&res, "option '--st=1' takes no argument");
    free_result(&res);
}

static void test_help(void **state)
{
    static const char *const mentions[] = {
        "-f, --format",  "-c, --count", "-l, --limit", "-u, --unique",
        "-s, --stats",   "-h, --help",  "-V, --version", "line", "grid", "json",
        "-j, --jobs",    "\n  0  ",     "\n  1  ",     "\n  2  ",       "\n  141  ",
        "      --color WHEN  ", "      --line-buffered\n", "auto", "always", "never",
    };
    cli_result res, short_res;

    (void)state;
    run(&res, "", "--help", wiki, NULL);
    assert_int_equal(res.status, 0);
    assert_string_equal(res.err, "");
    assert_memory_equal(res.out,
                        "Usage: sudoku [COMMAND] [OPTIONS] [PUZZLE | FILE | -]...\n", 57);
    for (size_t i = 0; i < sizeof mentions / sizeof *mentions; i++) {
        if (!strstr(res.out, mentions[i]))
            fail_msg("--help does not mention \"%s\"", mentions[i]);
    }
    assert_null(strstr(res.out, wiki_solution)); /* nothing solved */
    run(&short_res, "", "-h", NULL);
    assert_string_equal(short_res.out, res.out);
    assert_int_equal(short_res.status, 0);
    free_result(&short_res);
    free_result(&res);

    /* `sudoku --help COMMAND` is that command's help, as `sudoku help COMMAND` */
    run(&res, "", "--help", "explain", NULL);
    run(&short_res, "", "help", "explain", NULL);
    assert_string_equal(res.out, short_res.out);
    assert_memory_equal(res.out, "Usage: sudoku explain ", 22);
    free_result(&short_res);
    free_result(&res);
}

/*
 * Every command's help, made from its text file: every section in its
 * place, no section marker left in the text, and no line wider than a
 * terminal of 80 columns.
 */
static void test_help_of_each_command(void **state)
{
    static const char *const names[] = {"solve", "explain", "grade", "canon", "generate"};
    static const char *const in_order[] = {"Usage: sudoku ", "\nOptions:\n",
                                           "\n\nExit status:\n  0    ", "\n  1    ",
                                           "\n  2    ", "\n  141  "};

    (void)state;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        cli_result res;
        const char *out, *at;

        run(&res, "", "help", names[i], NULL);
        assert_int_equal(res.status, 0);
        out = res.out ? res.out : "";
        at = out;
        for (size_t k = 0; at && k < sizeof in_order / sizeof *in_order; k++) {
            at = strstr(at, in_order[k]);
            if (!at)
                fail_msg("sudoku help %s: \"%s\" missing or out of order", names[i],
                         in_order[k]);
        }
        for (const char *line = out; *line;) {
            const char *end = strchr(line, '\n');
            const size_t width = end ? (size_t)(end - line) : strlen(line);

            if (*line == '@' || width > 79)
                fail_msg("sudoku help %s: line \"%.*s\"", names[i], (int)width, line);
            line += width + (end != NULL);
        }
        /* a command's own help, solve's too, names it and lists no others */
        {
            char usage[64];

            snprintf(usage, sizeof usage, "Usage: sudoku %s [OPTIONS]", names[i]);
            assert_memory_equal(out, usage, strlen(usage));
            assert_null(strstr(out, "\nCommands:\n"));
        }
        free_result(&res);
    }
    /* the general help's list of commands gives each its line */
    for (int asked = 0; asked < 2; asked++) {
        cli_result res;

        if (asked)
            run(&res, "", "--help", NULL);
        else
            run(&res, "", "help", NULL);
        assert_int_equal(res.status, 0);
        assert_non_null(strstr(res.out, "Usage: sudoku [COMMAND] [OPTIONS] "));
        for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
            char entry[32];
            const char *at;

            snprintf(entry, sizeof entry, "\n  %-9s ", names[k]);
            at = strstr(res.out, entry);
            assert_true(at && at[strlen(entry)] >= 'a' && at[strlen(entry)] <= 'z');
        }
        free_result(&res);
    }
}

/* Each help text has the sections the driver prints, and no other. */
static void test_help_sections(void **state)
{
    static const command *const commands[] = {&command_solve, &command_explain,
                                              &command_grade,  &command_canon,
                                              &command_generate, NULL};
    /* those every help needs, then the optional one */
    static const char *const sections[] = {"brief", "usage",   "about",
                                           "records", "exit", "failures"};

    (void)state;
    for (const command *const *each = commands; *each; each++) {
        const command *c = *each;

        for (size_t k = 0; k < 5; k++) {
            const help_text h = help_section(c, sections[k]);

            if (!h.text || h.length == 0 || h.text[h.length] != '\n')
                fail_msg("help of %s: no section %s", c->name, sections[k]);
        }
        /* every line that opens a section opens a known one */
        for (const char *p = c->help; p; p = strstr(p, "\n@"), p = p ? p + 1 : NULL) {
            const size_t n = strcspn(p + 1, " \n");
            int known = 0;

            for (size_t k = 0; k < sizeof sections / sizeof *sections; k++)
                known |= strlen(sections[k]) == n && strncmp(p + 1, sections[k], n) == 0;
            if (!known)
                fail_msg("help of %s: unknown section @%.*s", c->name, (int)n, p + 1);
        }
    }
    assert_non_null(help_section(&command_generate, "failures").text);
    assert_null(help_section(&command_solve, "failures").text);
    assert_null(help_section(&command_solve, "exi").text);
}

static void test_version(void **state)
{
    cli_result res;
    char expected[200];
    unsigned major, minor, patch;
    int used = 0;

    (void)state;
    snprintf(expected, sizeof expected, "sudoku %s\n", sudoku_version());
    run(&res, "", "--version", NULL);
    assert_string_equal(res.out, expected);
    assert_string_equal(res.err, "");
    assert_int_equal(res.status, 0);
    assert_int_equal(sscanf(res.out, "sudoku %u.%u.%u\n%n", &major, &minor, &patch, &used), 3);
    assert_int_equal(used, (int)res.out_length);
    free_result(&res);
    run(&res, "", "-V", NULL);
    assert_string_equal(res.out, expected);
    assert_int_equal(res.status, 0);
    free_result(&res);
}

static void test_double_dash_ends_options(void **state)
{
    cli_result res;
    char input[200], expected[2000];

    (void)state;
    /* "-x" after "--" is a file name, not an unknown option */
    run(&res, "", "--", "-x", NULL);
    assert_string_equal(res.out, "");
    snprintf(expected, sizeof expected, "sudoku: -x: %s\n", strerror(ENOENT));
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);

    snprintf(input, sizeof input, "%s\n", wiki);
    snprintf(expected, sizeof expected, "%s 1\n", wiki_solution);
    run(&res, input, "-c", "--", "-", NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
}

static void test_grouped_and_attached_values(void **state)
{
    cli_result res;
    char expected[2000];

    (void)state;
    run(&res, "", "-cu", serg, NULL);
    assert_string_equal(res.out, "not-unique 872\n");
    assert_int_equal(res.status, 1);
    free_result(&res);

    run(&res, "", "-c", "-l5", serg, NULL);
    assert_int_equal(counted(&res, serg), 5);
    free_result(&res);
    run(&res, "", "-cl5", serg, NULL);
    assert_int_equal(counted(&res, serg), 5);
    free_result(&res);
    run(&res, "", "--count", "--limit=5", serg, NULL);
    assert_int_equal(counted(&res, serg), 5);
    free_result(&res);
    /* options may follow the operands */
    run(&res, "", serg, "-l", "7", "-c", NULL);
    assert_int_equal(counted(&res, serg), 7);
    free_result(&res);

    snprintf(expected, sizeof expected, "%s\n", wiki_grid);
    run(&res, "", "-fgrid", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
    run(&res, "", "-uf", "grid", wiki, NULL);
    expect_clean_success(&res, expected);
    free_result(&res);
}

static void test_write_error_read_only_stream(void **state)
{
    const char *args[] = {wiki, NULL};
    char path[4200];
    cli_result res;
    FILE *out;

    (void)state;
    make_file(path, sizeof path, "read_only.txt", "");
    out = fopen(path, "r");
    assert_non_null(out);
    run_with(&res, "", 0, out, args);
    fclose(out);
    remove(path);
    assert_non_null(strstr(res.err, "sudoku: write error"));
    assert_int_equal(res.status, 2);
    free_result(&res);
}

static void test_write_error_device_full(void **state)
{
    const char *args[] = {wiki, norvig, NULL};
    char expected[2000];
    cli_result res;
    FILE *out = fopen("/dev/full", "w");

    (void)state;
    if (!out)
        skip();
    run_with(&res, "", 0, out, args);
    snprintf(expected, sizeof expected, "sudoku: write error: %s\n", strerror(ENOSPC));
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);

    /* --help and `help`, too, fail when their text cannot be written */
    clearerr(out);
    run_with(&res, "", 0, out, (const char *const[]){"--help", NULL});
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);
    clearerr(out);
    run_with(&res, "", 0, out, (const char *const[]){"help", "solve", NULL});
    fclose(out);
    assert_string_equal(res.err, expected);
    assert_int_equal(res.status, 2);
    free_result(&res);
}

/* `count` copies of "PUZZLE\n", for inputs longer than the buffers. */
static char *repeated(const char *puzzle, size_t count, size_t *length)
{
    const size_t line = strlen(puzzle) + 1;
    char *text = malloc(count * line + 1);

    assert_non_null(text);
    for (size_t i = 0; i < count; i++) {
        memcpy(text + i * line, puzzle, line - 1);
        text[i * line + line - 1] = '\n';
    }
    *length = count * line;
    return text;
}

/*
 * A long input with every kind of record, good and bad, so that batches
 * of solved and failed records fill the pool's ring several times over.
 */
static char *mixed_input(size_t *length)
{
    static const char *const kinds[] = {
        "%s\n",                 /* wiki: solved */
        "# a comment\n%s\n",    /* norvig: solved, after a comment */
        "%.80s\n",              /* too short */
        "%s\n",                 /* unsolvable */
        "%s\n",                 /* conflict */
        "%.16sx%s\n",           /* a foreign character */
        "%s\n",                 /* serg: many solutions */
        "1 2 3 4 5 6 7 8 9\n\n", /* a block cut short */
    };
    const size_t records = 3000;
    char *text = malloc(records * 120);
    size_t n = 0;

    assert_non_null(text);
    for (size_t i = 0; i < records; i++) {
        const size_t kind = (i * 7 + i / 13) % (sizeof kinds / sizeof *kinds);
        const char *puzzle = kind == 0 ? wiki
                             : kind == 1 ? norvig
                             : kind == 2 ? qqwing
                             : kind == 3 ? unsolvable
                             : kind == 4 ? conflict
                             : kind == 5 ? wiki
                                         : serg;

        n += (size_t)snprintf(text + n, 120, kinds[kind], puzzle, wiki + 17);
    }
    *length = n;
    return text;
}

/*
 * A batch that runs for more than a second, the time the progress line
 * waits, writes no progress to a standard error that is no terminal: a
 * batch is timed on the progress line's clock, and the next made as long
 * as takes a second and a half at that pace (twice as long at least),
 * until one runs that long.
 */
static void test_no_progress_off_terminal(void **state)
{
    static const char hard[] =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    size_t count = 2000;

    (void)state;
    for (int round = 0; round < 8; round++) {
        char *input = malloc(count * (SUDOKU_CELLS + 1) + 1);
        const char *const args[] = {"-j1", "-", NULL};
        cli_result res;
        double start, seconds;
        size_t paced;

        assert_non_null(input);
        for (size_t i = 0; i < count; i++) {
            /* with its NUL, for clang-tidy's string checks; then a newline */
            memcpy(input + i * (SUDOKU_CELLS + 1), hard, SUDOKU_CELLS + 1);
            input[i * (SUDOKU_CELLS + 1) + SUDOKU_CELLS] = '\n';
        }
        start = clock_micros();
        run_with(&res, input, count * (SUDOKU_CELLS + 1), NULL, args);
        seconds = (clock_micros() - start) / 1e6;
        assert_int_equal(res.status, 0);
        assert_int_equal(res.out_length, count * (SUDOKU_CELLS + 1));
        assert_string_equal(res.err, "");
        free_result(&res);
        free(input);
        if (seconds >= 1.2)
            return;
        paced = seconds > 0.01 ? (size_t)((double)count * 1.5 / seconds) : 0;
        count = paced > 2 * count ? paced : 2 * count;
    }
    fail_msg("no batch ran long enough to have shown progress");
}

/* Every number of threads gives the same bytes, in input order. */
static void test_jobs_give_the_same_output(void **state)
{
    static const char *const formats[] = {"line", "grid", "json"};
    char path[4200], missing[4200];
    size_t length;
    char *input = mixed_input(&length);

    (void)state;
    make_file(path, sizeof path, "jobs.txt", input);
    snprintf(missing, sizeof missing, "%stest_cli_no_such_jobs.txt", work_dir);
    remove(missing);
    for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
        cli_result one;
        const char *args[] = {"-c",    "-l",    "3",     "-f", formats[f], "-j",
                              "1",     path,    missing, wiki, "-",        path,
                              NULL};

        run_with(&one, input, length, NULL, args);
        assert_int_equal(one.status, 2); /* the missing file */
        assert_non_null(strstr(one.err, ": no solution\n"));
        for (const char *const *jobs = (const char *const[]){"2", "3", "8", NULL};
             *jobs; jobs++) {
            cli_result many;

            args[6] = *jobs;
            run_with(&many, input, length, NULL, args);
            expect_same_run(&one, &many);
            free_result(&many);
        }
        free_result(&one);
    }
    remove(path);
    free(input);
}

/*
 * A puzzle alone in a run is explained and graded on every thread, with
 * the bytes of one thread: as an argument, on standard input, and each of
 * a co-process's puzzles (--line-buffered). The puzzle, one of the forum's
 * hardest (10.1), takes dynamic (+) forcing chains.
 */
static void test_a_puzzle_alone_on_every_thread(void **state)
{
    static const char hard[] =
        ".....1.....7.2.....9.6.8..5..1..7....6.9....42.9.........8...59.8....4....6.3...8";
    static const char two[] =
        ".....1.....7.2.....9.6.8..5..1..7....6.9....42.9.........8...59.8....4....6.3...8\n"
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    const char *const runs[][6] = {
        {"explain", "-f", "json", "-j", "1", hard},
        {"grade", "-j", "1", "-", NULL},
        {"grade", "--line-buffered", "-j", "1", "-", NULL},
    };

    (void)state;
    for (size_t r = 0; r < sizeof runs / sizeof *runs; r++) {
        const char *args[7] = {NULL};
        const char *input = r == 0 ? "" : r == 1 ? hard : two;
        size_t jobs = 0;
        cli_result one;

        for (size_t i = 0; i < 6 && runs[r][i]; i++) {
            args[i] = runs[r][i];
            if (strcmp(args[i], "1") == 0)
                jobs = i;
        }
        run_with(&one, input, strlen(input), NULL, args);
        assert_int_equal(one.status, 0);
        for (const char *const *n = (const char *const[]){"2", "5", NULL}; *n; n++) {
            cli_result many;

            args[jobs] = *n;
            run_with(&many, input, strlen(input), NULL, args);
            expect_same_run(&one, &many);
            free_result(&many);
        }
        free_result(&one);
    }
}

/* The --stats summary counts the same whatever the number of threads. */
static void test_jobs_give_the_same_summary(void **state)
{
    size_t length;
    char *input = mixed_input(&length);
    char first[200] = "";

    (void)state;
    for (const char *const *jobs = (const char *const[]){"1", "2", "5", NULL};
         *jobs; jobs++) {
        const char *args[] = {"-s", "-j", *jobs, NULL};
        const char *summary;
        cli_result res;

        run_with(&res, input, length, NULL, args);
        summary = strstr(res.err, "sudoku: 3000 puzzles, ");
        assert_non_null(summary);
        *strstr(summary, " failed, ") = '\0';
        if (first[0] == '\0')
            snprintf(first, sizeof first, "%s", summary);
        assert_string_equal(summary, first);
        free_result(&res);
    }
    free(input);
}

/* A big input on standard input, for the tests that stop early. */
static FILE *big_input(long *length)
{
    size_t n;
    char *text = repeated(wiki, 20000, &n);
    FILE *in = stream_of(text, n);

    free(text);
    *length = (long)n;
    return in;
}

static void test_write_error_stops_early(void **state)
{
    const char *args[] = {NULL};
    char expected[200];
    cli_result res;
    long length;
    FILE *in, *out = fopen("/dev/full", "w");

    (void)state;
    if (!out)
        skip();
    in = big_input(&length);
    run_on(&res, in, out, args);
    /* reading stopped soon after the first failed write */
    assert_true(ftell(in) < length / 4);
    fclose(in);
    fclose(out);
    snprintf(expected, sizeof expected, "sudoku: write error: %s\n", strerror(ENOSPC));
    assert_string_equal(res.err, expected); /* once */
    assert_int_equal(res.status, 2);
    free_result(&res);
}

#if defined(__unix__) || defined(__APPLE__)
/*
 * A pipe whose reader has gone, with SIGPIPE ignored as some parents
 * leave it: the writes fail with EPIPE, and the command stops quietly.
 */
static void test_closed_pipe_stops_quietly(void **state)
{
    const char *args[] = {NULL};
    void (*previous)(int) = signal(SIGPIPE, SIG_IGN);
    int ends[2];
    cli_result res;
    long length;
    FILE *in, *out;

    (void)state;
    assert_int_equal(pipe(ends), 0);
    close(ends[0]);
    out = fdopen(ends[1], "w");
    assert_non_null(out);
    in = big_input(&length);
    run_on(&res, in, out, args);
    assert_true(ftell(in) < length / 4);
    fclose(in);
    fclose(out);
    signal(SIGPIPE, previous);
    assert_string_equal(res.err, "");
    assert_int_equal(res.status, SUDOKU_CLI_EXIT_PIPE);
    free_result(&res);
}
#endif

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_long_option_prefixes),
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_help_of_each_command),
        cmocka_unit_test(test_help_sections),
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_double_dash_ends_options),
        cmocka_unit_test(test_grouped_and_attached_values),
        cmocka_unit_test(test_write_error_read_only_stream),
        cmocka_unit_test(test_write_error_device_full),
        cmocka_unit_test(test_jobs_give_the_same_output),
        cmocka_unit_test(test_a_puzzle_alone_on_every_thread),
        cmocka_unit_test(test_no_progress_off_terminal),
        cmocka_unit_test(test_jobs_give_the_same_summary),
        cmocka_unit_test(test_write_error_stops_early),
#if defined(__unix__) || defined(__APPLE__)
        cmocka_unit_test(test_closed_pipe_stops_quietly),
#endif
    };

    harness_init(argc, argv);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
