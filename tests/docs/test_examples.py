#!/usr/bin/env python3
"""test_examples.py - runs every example of the README, the pages beside
the code, and the man page.

Usage: test_examples.py SUDOKU LIBRARY SOURCE_DIR [CC [CFLAGS]]

SUDOKU is the built command, LIBRARY the built library (libsudoku.a or .so),
SOURCE_DIR the project, CC and CFLAGS the compiler and flags the library
was built with (cc and none by default). The examples run in a scratch folder where
`./build/sudoku` and `sudoku` are the built command, `puzzles/` is the
project's, and `puzzles.txt` and `puzzle.txt` hold puzzles, as the examples
assume.

PAGES lists the pages, and the part of each that holds the examples.

- A `$ COMMAND` line, in a page's `sh` block or a man page example, runs
  COMMAND with bash; the lines under it, up to the next `$` line, are its
  output, exactly (a line `...` stands for any lines). With none under it,
  it must succeed.
- Every other line of a page's `sh` block is a command that must succeed,
  but for the few that cannot run here, each listed in SKIPPED with why,
  and the measurements of the pages in MEASURES.
- A command that several pages show runs once (a line of a block, without
  its comment); each page's expected output is compared with what it
  printed.
- The C program (a `c` block with a `main`) is compiled against the
  library and must print its puzzle's solution; one page at least must
  hold it.

Prints one line per example and exits 1 if any failed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The pages whose examples run: the path from the source folder, and the
# headings that open and close the part of it that holds them (None for
# the page's start or end).
PAGES = (
    ("README.md", None, None),
    ("src/cli/README.md", None, None),
    ("src/README.md", None, None),
    ("tests/README.md", None, None),
    ("tests/bench/README.md", None, None),
)
# Pages whose other lines are measurements: they take minutes or hours on
# an idle machine, or need other solvers, so they are listed, not run.
MEASURES = {
    "tests/bench/README.md": "a measurement, taken by hand",
}
# Lines that cannot run in a test, and why.
SKIPPED = {
    "cmake": "builds or installs the project (CI does that itself)",
    "apt-get": "installs packages (CI does that itself)",
    "ctest": "runs the tests, this one among them",
    "-S host1,host2": "needs other machines (tests/cli/test_parallel.sh runs "
                      "the recipe on this one)",
}
# Placeholders in the examples, and what stands in for them.
PLACEHOLDERS = {
    "PUZZLE_OR_MARKS": "4.....8.5.3..........7......2.....6.....8.4......1......."
                       "6.3.7.5..2.....1.4......",
}
# The solution of the README's puzzle, which its C program prints.
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
# The tools some examples use besides sudoku.
TOOLS = ("qqwing", "jq", "chromium")


def readme_blocks(text):
    """A page's fenced blocks: (language, [lines]). A block indented
    under a list item loses its fence's indent."""
    blocks, language, lines, indent = [], None, None, ""
    for line in text.split("\n"):
        if line.lstrip(" ").startswith("```"):
            if lines is None:
                indent = line[:len(line) - len(line.lstrip(" "))]
                language, lines = line.strip()[3:].strip(), []
            else:
                blocks.append((language, lines))
                lines = None
        elif lines is not None:
            lines.append(line[len(indent):] if line.startswith(indent) else line)
    return blocks


def man_examples(text):
    """The man page's example lines: those of its EXAMPLES section's .nf
    blocks, unescaped."""
    section = text.split(".SH EXAMPLES", 1)[1].split("\n.SH ", 1)[0]
    lines, inside = [], False
    for line in section.split("\n"):
        if line == ".nf":
            inside = True
        elif line == ".fi":
            inside = False
            lines.append(None)  # the end of a block
        elif inside:
            lines.append(line.replace("\\-", "-").replace("\\e", "\\"))
    return lines


def prompted(lines):
    """(command, expected lines) for each `$ ` line; None ends a block."""
    examples, current = [], None
    for line in lines:
        if line is None or line.startswith("$ "):
            if current:
                examples.append(current)
            current = (line[2:], []) if line else None
        elif current:
            current[1].append(line)
    if current:
        examples.append(current)
    return examples


def matches(expected, got):
    """Whether the output lines match, `...` standing for any lines."""
    pattern = "".join(".*" if line == "..." else re.escape(line + "\n")
                      for line in expected)
    return re.fullmatch(pattern, got, re.S) is not None


def run(command, where):
    for word, stand_in in PLACEHOLDERS.items():
        command = command.replace(word, stand_in)
    return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=where,
                          capture_output=True, text=True, timeout=600)


def main():
    sudoku, library, source = sys.argv[1:4]
    source = os.path.abspath(source)
    cc = sys.argv[4] if len(sys.argv) > 4 else "cc"
    cflags = sys.argv[5].split() if len(sys.argv) > 5 else []
    where = tempfile.mkdtemp()
    failed = 0
    try:
        os.makedirs(os.path.join(where, "build"))
        os.makedirs(os.path.join(where, "bin"))
        for link in ("build/sudoku", "bin/sudoku"):
            os.symlink(os.path.abspath(sudoku), os.path.join(where, link))
        os.symlink(os.path.join(source, "puzzles"), os.path.join(where, "puzzles"))
        examples = os.path.join(source, "puzzles", "examples.txt")
        with open(examples) as f:
            puzzles = [l for l in f.read().split("\n") if l and not l.startswith("#")]
        with open(os.path.join(where, "puzzles.txt"), "w") as f:
            f.write("\n".join(p for p in puzzles if len(p) == 81) + "\n")
        with open(os.path.join(where, "puzzle.txt"), "w") as f:
            f.write(PLACEHOLDERS["PUZZLE_OR_MARKS"] + "\n")
        os.environ["PATH"] = os.path.join(where, "bin") + os.pathsep + os.environ["PATH"]

        runs = {}

        def check(name, command, expected):
            nonlocal failed
            missing = [t for t in TOOLS if re.search(r"\b%s\b" % t, command)
                       and not shutil.which(t)]
            if missing:
                print("FAIL %s: %s needs %s, which is not installed"
                      % (name, command, ", ".join(missing)))
                failed = 1
                return
            # A command that several pages show runs once, in the one folder.
            if command not in runs:
                runs[command] = run(command, where)
            done = runs[command]
            ok = done.returncode == 0 and (not expected or matches(expected, done.stdout))
            print("%s %s: %s" % ("ok  " if ok else "FAIL", name, command))
            if not ok:
                print("  status %d\n  got:\n%s  want:\n%s  stderr:\n%s"
                      % (done.returncode, done.stdout, "".join(l + "\n" for l in expected),
                         done.stderr))
                failed = 1

        if os.geteuid() == 0 and shutil.which("chromium"):
            # Chromium refuses to run as root without --no-sandbox
            wrapper = os.path.join(where, "bin", "chromium")
            with open(wrapper, "w") as f:
                f.write('#!/bin/sh\nexec %s --no-sandbox "$@"\n' % shutil.which("chromium"))
            os.chmod(wrapper, 0o755)
        programs = 0
        for page, first, last in PAGES:
            with open(os.path.join(source, page)) as f:
                text = f.read()
            start = text.index("\n" + first) if first else 0
            end = text.index("\n" + last) if last else len(text)
            for language, lines in readme_blocks(text[start:end]):
                if language == "c" and any(l.startswith("int main") for l in lines):
                    programs += 1
                    program = os.path.join(where, "example.c")
                    with open(program, "w") as f:
                        f.write("\n".join(lines) + "\n")
                    rpath = ["-Wl,-rpath," + os.path.dirname(os.path.abspath(library))]
                    built = subprocess.run(
                        [cc] + cflags + ["-std=c11", "-I", os.path.join(source, "include"),
                                         program, library, "-lpthread", "-o",
                                         os.path.join(where, "example")] + rpath,
                        capture_output=True, text=True)
                    check("%s's C program" % page, "./example" if built.returncode == 0
                          else "false", [SOLUTION])
                    if built.returncode:
                        print(built.stderr)
                    continue
                if language != "sh":
                    continue
                if any(l.startswith("$ ") for l in lines):
                    for command, expected in prompted(lines):
                        check(page, command, expected)
                    continue
                if page in MEASURES:
                    print("skip %s: %s ... (%s)" % (page, lines[0], MEASURES[page]))
                    continue
                for line in lines:
                    command = line.strip()
                    if not command or command.startswith("#"):
                        continue
                    code = re.sub(r"\s+#.*$", "", command)  # without its comment
                    why = next((w for k, w in SKIPPED.items() if k in code), None)
                    if why:
                        print("skip %s: %s (%s)" % (page, command, why))
                        continue
                    if command.startswith("coproc"):
                        command = "\n".join(lines)  # the block is one script
                        check(page, command, [])
                        break
                    # (without its comment, it runs once where another page
                    # shows it without one, or with another)
                    check(page, code, [])
        if not programs:
            print("FAIL: no page holds the C program")
            failed = 1
        with open(os.path.join(source, "src", "dist", "sudoku.1.in")) as f:
            for command, expected in prompted(man_examples(f.read())):
                check("man page", command, expected)
    finally:
        shutil.rmtree(where)
    return failed


if __name__ == "__main__":
    sys.exit(main())
