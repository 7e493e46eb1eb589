"""The package as a user installs it: pip builds it from src/python with
Debian's setuptools and wheel, offline, into a folder of its own (so that
nothing outside it changes), and an interpreter that imports it from there
solves and grades as the one CMake built does.
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import sudoku

CHECK = """
import sudoku, sys
print(sudoku.__file__)
print(sudoku.version, sudoku.solve(sys.argv[1]), sudoku.grade(sys.argv[1]).er)
"""


def test_pip_installs_it_offline_and_it_answers_as_the_built_one():
    source = Path(os.environ["SUDOKU_SOURCE_DIR"], "src", "python")
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    with tempfile.TemporaryDirectory() as target:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-index",
                        "--no-build-isolation", "--no-deps", "--target", target, str(source)],
                       check=True)
        environment = {**os.environ, "PYTHONPATH": target}
        done = subprocess.run([sys.executable, "-c", CHECK, puzzle], env=environment,
                              capture_output=True, text=True, check=True, cwd=target)
        where, answer = done.stdout.splitlines()
        assert Path(where).is_relative_to(target)
        assert (Path(where).parent / "py.typed").exists()
        assert answer == f"{sudoku.version} {sudoku.solve(puzzle)} {sudoku.grade(puzzle).er}"
