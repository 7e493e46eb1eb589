"""python_speed.py - the Python package beside the command, in one run.

usage: python3 tests/bench/python_speed.py [-r ROUNDS] [-j THREADS] SUDOKU PACKAGE_DIR

PACKAGE_DIR is where the package is (build/python after CMake's build).
Prints three figures, each the median of ROUNDS (default 5) rounds that
take turns, which stands up to a machine whose load comes and goes:

  batch    solving 100,000 puzzles of puzzles/sets/17-clue.txt (the file
           twice over, and its start) read from a file by
           sudoku.batch(sudoku.solve, file, threads=THREADS), beside
           `sudoku -j THREADS FILE`; the ratio asked is 1.3 or less
  one      a single sudoku.solve() call, and the library's own time a
           puzzle, taken as that of a batch's parts on one thread, whose
           work beside the library is a few string copies: the difference
           is the call's overhead, in microseconds of CPU time, on 20,000
           puzzles, the least of the rounds
  threads  sudoku.batch(sudoku.grade, ...) of the 100 puzzles of
           puzzles/ratings/magictour-100.txt on two threads beside one;
           the speedup asked is 1.8 or more, on two cores nothing else uses;
           the command's own, `grade -j1` beside `-j2`, is printed beside
           it, to show what the machine gave

Every answer is checked against the command's; the exit status is 1 when
one differs.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PUZZLES = Path(__file__).resolve().parent.parent.parent / "puzzles"


def median_of(rounds, *works, clock=time.perf_counter, summary=statistics.median):
    """Each work's median time over rounds that run them in turn, and its
    answer of the last round: wall time, or another clock's; or another
    summary of the times than their median."""
    times = [[] for _ in works]
    answers = [None] * len(works)
    for _ in range(rounds):
        for i, work in enumerate(works):
            start = clock()
            answers[i] = work()
            times[i].append(clock() - start)
    return [summary(t) for t in times], answers


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-r", "--rounds", type=int, default=5)
    parser.add_argument("-j", "--threads", type=int, default=os.cpu_count())
    parser.add_argument("sudoku")
    parser.add_argument("package")
    args = parser.parse_args()
    sys.path.insert(0, args.package)
    import sudoku

    lines = [line for line in (PUZZLES / "sets/17-clue.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    lines = (lines * (100_000 // len(lines) + 1))[:100_000]
    failed = False
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as file:
        file.write("\n".join(lines) + "\n")
        file.flush()

        def command():
            return subprocess.run([args.sudoku, "-j", str(args.threads), file.name],
                                  capture_output=True, text=True, check=True).stdout.split()

        def package():
            with open(file.name) as puzzles:
                return list(sudoku.batch(sudoku.solve, puzzles, threads=args.threads))
        (native, python), (expected, got) = median_of(args.rounds, command, package)
        failed |= expected != got
        print(f"batch    100,000 of 17-clue, {args.threads} threads: command {native:.3f} s, "
              f"package {python:.3f} s, ratio {python / native:.2f}")

    puzzles = lines[:20_000]
    run = sudoku._sudoku.run

    def library():
        return [answer for start in range(0, len(puzzles), 512)
                for answer in run(sudoku._sudoku.SOLVE, puzzles[start:start + 512], start, 1, 0)]

    def single():
        return [sudoku.solve(puzzle) for puzzle in puzzles]
    # On one thread, the process's CPU time is the work's, whatever else
    # runs; the least of the rounds is the one least disturbed.
    (own, each), (batched, singly) = median_of(args.rounds, library, single,
                                               clock=time.process_time, summary=min)
    failed |= batched != singly or batched != expected[:len(puzzles)]
    own, each = own / len(puzzles) * 1e6, each / len(puzzles) * 1e6
    print(f"one      sudoku.solve() {each:.2f} us a call, the library {own:.2f} us a puzzle: "
          f"overhead {each - own:.2f} us")

    rated = [line.split()[0] for line in (PUZZLES / "ratings/magictour-100.txt").read_text()
             .splitlines() if line and not line.startswith("#")]

    def grades(threads):
        return lambda: list(sudoku.batch(sudoku.grade, rated, threads=threads))

    def command_grades(threads):
        return lambda: subprocess.run([args.sudoku, "grade", "-j", str(threads), "-"],
                                      input="\n".join(rated), capture_output=True, text=True,
                                      check=True)
    (one, two, native_one, native_two), (alone, paired, _, _) = median_of(
        args.rounds, grades(1), grades(2), command_grades(1), command_grades(2))
    failed |= alone != paired
    print(f"threads  grade of magictour-100: 1 thread {one:.3f} s, 2 threads {two:.3f} s, "
          f"speedup {one / two:.2f} (the command's, -j1 and -j2: {native_one / native_two:.2f})")
    if failed:
        print("FAIL: the answers differ", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
