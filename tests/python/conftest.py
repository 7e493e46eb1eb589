"""What the tests of the Python package compare it with: the command's JSON
records, and the lines of the project's files of puzzles.

ctest gives them in the environment: SUDOKU, the command; SUDOKU_SOURCE_DIR,
the source folder; and PYTHONPATH, where the package was built.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def native():
    """The command as a function of its arguments and standard input, which
    gives its JSON records; it must exit with `status`."""
    command = os.environ["SUDOKU"]

    def run(args, input="", status=0):
        done = subprocess.run([command, *args, "-f", "json"], input=input,
                              capture_output=True, text=True)
        assert done.returncode == status, f"sudoku {' '.join(args)}: {done.stderr}"
        return [json.loads(line) for line in done.stdout.splitlines()]
    return run


@pytest.fixture(scope="session")
def lines():
    """The first lines of a file of puzzles/ that are neither empty nor a
    comment, each as its fields (a puzzle first, then what follows it, such
    as SE's rating)."""
    folder = Path(os.environ["SUDOKU_SOURCE_DIR"], "puzzles")

    def read(file, count=None):
        fields = [line.split() for line in (folder / file).read_text().splitlines()
                  if line.strip() and not line.startswith("#")]
        return fields[:count]
    return read
