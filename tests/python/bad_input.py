"""The Python package under a stream of bad arguments: every function,
called at random with wrong types, wrong lengths, bytes, None, empty and
huge strings, lone surrogates, pencil marks with no candidate left, seeds,
indexes, levels, ratings, limits and thread counts out of range, batches
over iterables that raise midway or hold no str, and now and then a good
call. Each call must answer or raise a sudoku.Error (with a status's name
and words) or a TypeError; the iterable's own exception must come out as
it went in. Anything else, or an empty message, fails; a crash would end
the process. Every 500 calls a known puzzle must still solve right, and
once the warm-up is over the resident memory must not grow.

usage: python3 bad_input.py SECONDS [SEED]

Prints the calls made, the count of each kind of answer and error, and the
resident size at the warm-up's end and at the end. ctest runs it for a few
seconds; tests/bench/README.md gives a long run's figures. The resident size
after the warm-up, the first quarter of the run and 1,000 calls at least,
must not grow by 4 MiB.
"""

import math
import random
import resource
import sys
import time
from collections import Counter

import sudoku

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
# Characters a puzzle may hold, and some it may not: a line break, a NUL, a
# lone surrogate, letters of other scripts.
CHARACTERS = list("123456789.0_* |-+\n\t\0aZ#") + ["é", "数", "\U0001F600", "\ud800", "\ufffd"]


class Broken(Exception):
    """What a generator of puzzles raises midway."""


def resident_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def bad_input(rng, marks):
    """A value for a puzzle: mostly wrong, now and then right."""
    cell = rng.randrange(81) * 9
    return rng.choice([
        lambda: "".join(rng.choice(CHARACTERS)
                        for _ in range(rng.choice([0, 1, 80, 81, 82, 729, 3000]))),
        lambda: PUZZLE[:rng.randrange(81)],
        lambda: PUZZLE * rng.choice([2, 9, 10_000]),
        lambda: "x" * rng.choice([1, 100_000, 2_000_000]),
        lambda: rng.choice([PUZZLE.encode(), None, 81, 8.1, ["1"] * 81, {"puzzle": PUZZLE},
                            object()]),
        lambda: marks[:cell] + "." * 9 + marks[cell + 9:],
        lambda: "123456789" * 81,
        lambda: "\ud800" + PUZZLE[1:],
        lambda: rng.choice([PUZZLE, marks]),
    ])()


def bad_numbers(rng):
    return [-1, 0, 1, 2 ** 64, 2 ** 64 - 1, 2 ** 200, -2 ** 70, 1.5, math.nan, math.inf,
            None, "1", b"1", True, rng.randrange(-5, 100)]


def call_at_random(rng, marks):
    """One call of a function of the package with arguments at random."""
    puzzle = bad_input(rng, marks)
    number = rng.choice(bad_numbers(rng))
    word = rng.choice(["easy", "hard", "extreme", "none", "mirror", "random", "", "Hard",
                       None, 3, "x" * 1000])
    choice = rng.randrange(12)
    if choice == 0:
        return sudoku.solve(puzzle)
    if choice == 1:
        return sudoku.count(puzzle, number)
    if choice == 2:
        return sudoku.grade(puzzle, max_rating=rng.choice([None, 0, 0.05, 1.2, 20.1, number]))
    if choice == 3:
        return sudoku.canon(puzzle)
    if choice == 4:
        return sudoku.read(puzzle)
    if choice == 5:
        return sudoku.explain(puzzle, candidates=rng.choice([True, False, number]))
    if choice == 6:
        return sudoku.hint(puzzle, candidates=rng.choice([True, False, number]))
    if choice == 7:
        return sudoku.generate(number, rng.choice([0, number]), symmetry=rng.choice(["none", word]))
    if choice == 8:
        return sudoku.generate(rng.randrange(50), level=word)
    if choice == 9:
        rating = rng.choice([(2.0, 4.0), (number, 5.0), (1.0, number), (5.0, 1.0), [1, 2],
                             (1.0,), number, (0.0, 1.1), (20.0, math.inf)])
        return sudoku.generate(rng.randrange(50), rating=rating,
                               max_givens=rng.choice([None, 16, 82, 25, number]))
    return batch_at_random(rng, puzzle, number, choice == 10)


def batch_at_random(rng, puzzle, number, broken):
    """A batch over an iterable of puzzles that may raise midway."""
    function = rng.choice([sudoku.solve, sudoku.count, sudoku.grade, sudoku.canon, sudoku.hint,
                           None])
    items = [rng.choice([PUZZLE, puzzle]) for _ in range(rng.randrange(1, 40))]

    def puzzles():
        for index, item in enumerate(items):
            if broken and index == len(items) // 2:
                raise Broken("the puzzles ran out")
            yield item
    options = rng.choice([{}, {"limit": number}, {"max_rating": number}, {"level": "x"}])
    try:
        return list(sudoku.batch(function, puzzles(), threads=rng.choice([None, 1, 2, number]),
                                 errors=rng.choice(["raise", "return", number]), **options))
    except Broken:
        return "broken"


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: python3 bad_input.py SECONDS [SEED]")
    seconds, seed = float(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) == 3 else 1
    rng = random.Random(seed)
    marks = sudoku.hint(PUZZLE, candidates=True).candidates
    kinds = Counter()
    start = time.monotonic()
    warm = None
    calls = 0
    while time.monotonic() - start < seconds:
        try:
            answer = call_at_random(rng, marks)
            kinds["broken iterable" if answer == "broken" else "answer"] += 1
        except sudoku.Error as error:
            assert str(error) and error.code in sudoku._sudoku.statuses, repr(error)
            kinds[error.code] += 1
        except TypeError as error:
            assert str(error), repr(error)
            kinds["TypeError"] += 1
        calls += 1
        if calls % 500 == 0:
            assert sudoku.solve(PUZZLE) == SOLUTION
        # The warm-up: the first quarter of the run, and 1,000 calls at least,
        # by which the allocator has met strings of every size asked for, and
        # the nested chains' lists of the grades (a tenth was too short once
        # a grade kept less of them: glibc's heap grew by 2 to 4 MiB after it,
        # to the same size as a 20 s run's, and no further).
        if warm is None and calls >= 1000 and time.monotonic() - start > seconds / 4:
            warm = resident_kib()
    end = resident_kib()
    warm = warm or end
    print(f"{calls} calls in {seconds:g} s, seed {seed}")
    for kind, count in kinds.most_common():
        print(f"  {count:8}  {kind}")
    print(f"resident: {warm} KiB after the warm-up, {end} KiB at the end")
    # A leak of a few bytes a call would show: allow what the allocator's
    # arenas may hold on to.
    assert end - warm < 4096, f"memory grew by {end - warm} KiB"


if __name__ == "__main__":
    main()
