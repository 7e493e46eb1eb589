"""The package as a user installs it, as the README says: pip, in a virtual
environment that sees Debian's setuptools and wheel, builds it from
src/python offline (nothing outside the environment changes), and the
environment's interpreter imports it from there and solves and grades as
the module CMake built does.
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
    with tempfile.TemporaryDirectory() as folder:
        env = Path(folder, "env")
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(env)],
                       check=True)
        # setuptools builds where the sources are unless told otherwise: its
        # build folder and egg-info go to the scratch folder, and the source
        # tree is left as it was
        extra = Path(folder, "setup.cfg")
        extra.write_text(f"[build]\nbuild_base = {folder}/build\n"
                         f"[egg_info]\negg_base = {folder}\n")
        before = sorted(source.iterdir())
        # what is checked is the install, not the compiler's optimiser:
        # -O0, after Python's own flags, builds the module in half the time
        subprocess.run([env / "bin" / "pip", "install", "--quiet", "--no-index",
                        "--no-build-isolation", "--no-deps", str(source)], check=True,
                       env={**os.environ, "DIST_EXTRA_CONFIG": str(extra), "CFLAGS": "-O0"})
        assert sorted(source.iterdir()) == before
        environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        done = subprocess.run([env / "bin" / "python", "-c", CHECK, puzzle], env=environment,
                              capture_output=True, text=True, check=True, cwd=folder)
        where, answer = done.stdout.splitlines()
        assert Path(where).is_relative_to(env)
        assert (Path(where).parent / "py.typed").exists()
        assert answer == f"{sudoku.version} {sudoku.solve(puzzle)} {sudoku.grade(puzzle).er}"
