#!/usr/bin/env python3
"""Checks the command's answers without any of its code.

usage: verify_solutions.py PUZZLES ANSWERS [ANSWERS...]

PUZZLES holds a puzzle a line (the first 81 characters; 1-9 are givens,
anything else a blank), and lines that are empty or start with '#', which
are skipped. ANSWERS holds a line for each puzzle, in the same order; its
answer is the first 81 digits in a row on it. Each answer must fill every
cell, keep every given, and hold each digit once in every row, column and
box. Prints the first few failures and 'N passed, N failed'; exits 1 if any
failed, 2 if a file cannot be read.

With several ANSWERS files (a command's solutions and its counts, say),
each is checked in turn and its lines start with its name; an answer that
an earlier file gave for the same puzzle, and that passed, is not checked
again.
"""
import re
import sys
from operator import itemgetter

GRID = re.compile(r"[1-9]{81}")
# a puzzle's bytes to 0xff where it has a given, 0 where it has a blank
GIVENS = bytes(255 if chr(i) in "123456789" else 0 for i in range(256))


def units():
    rows = [range(r * 9, r * 9 + 9) for r in range(9)]
    cols = [range(c, 81, 9) for c in range(9)]
    boxes = [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)]
             for b in range(9)]
    # each unit's nine characters of a grid, at once
    return [itemgetter(*u) for u in rows + cols + boxes]


def changes_a_given(puzzle, grid):
    """Whether grid differs from puzzle at one of its givens: the bytes that
    differ, as one number, kept only where the puzzle has a given."""
    given = puzzle.encode("ascii", "replace").ljust(81, b".")[:81]
    differ = int.from_bytes(given, "big") ^ int.from_bytes(grid.encode(), "big")
    return differ & int.from_bytes(given.translate(GIVENS), "big") != 0


def check(puzzles, path, passed_before, label):
    """Checks the answers in path; adds those that pass to passed_before, a
    set of (line, answer). Returns the count that failed, or None if the
    file cannot be read."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            answers = [line.rstrip("\n") for line in f]
    except OSError as e:
        print(f"verify_solutions.py: {e}", file=sys.stderr)
        return None
    all_units = units()
    passed = failed = 0
    for i, puzzle in enumerate(puzzles):
        answer = answers[i] if i < len(answers) else ""
        found = GRID.search(answer)
        why = None
        if not found:
            why = "no 81 digits"
        elif (i, found.group(0)) not in passed_before:
            grid = found.group(0)
            if changes_a_given(puzzle, grid):
                why = "a given is changed"
            elif any(len(set(unit(grid))) != 9 for unit in all_units):
                why = "a row, column or box repeats a digit"
            else:
                passed_before.add((i, grid))
        if why:
            failed += 1
            if failed <= 5:
                print(f"{label}puzzle {i + 1}: {why}: {answer[:100]}")
        else:
            passed += 1
    if len(answers) != len(puzzles):
        failed += 1
        print(f"{label}{len(answers)} answers for {len(puzzles)} puzzles")
    print(f"{label}{passed} passed, {failed} failed")
    return failed


def main(puzzles_path, answers_paths):
    try:
        with open(puzzles_path, encoding="utf-8", errors="replace") as f:
            puzzles = [line.strip()[:81] for line in f
                       if line.strip() and not line.lstrip().startswith("#")]
    except OSError as e:
        print(f"verify_solutions.py: {e}", file=sys.stderr)
        return 2
    passed_before = set()
    any_failed = False
    for path in answers_paths:
        failed = check(puzzles, path, passed_before,
                       f"{path}: " if len(answers_paths) > 1 else "")
        if failed is None:
            return 2
        any_failed = any_failed or failed > 0
    return 1 if any_failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
