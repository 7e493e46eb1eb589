"""Builds the extension module sudoku._sudoku from the library's own C
sources, src/core and src/logic, where they are: nothing is copied here.

The version is the project's, read from project(VERSION) in the top
CMakeLists.txt, which the library's sudoku_version.h also gives; that header
is made in the build folder, as CMake makes it.
"""

import re
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
TOP = HERE.parent.parent
# setuptools takes sources relative to this folder.
LIBRARY = [Path("..", layer, source.name).as_posix()
           for layer in ("core", "logic")
           for source in sorted((HERE.parent / layer).glob("*.c"))]
VERSION = re.search(r"project\(sudoku VERSION ([0-9.]+)",
                    (TOP / "CMakeLists.txt").read_text()).group(1)


class BuildWithVersion(build_ext):
    """build_ext, with sudoku_version.h written first where it looks.

    It compiles every source each time: setuptools would skip an object
    newer than its source, though a header it includes has changed since.
    """

    def finalize_options(self):
        super().finalize_options()
        self.force = True

    def build_extension(self, ext):
        folder = Path(self.build_temp, "version")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "sudoku_version.h").write_text(
            f'#define SUDOKU_VERSION_STRING "{VERSION}"\n')
        ext.include_dirs.append(str(folder))
        super().build_extension(ext)


setup(
    version=VERSION,
    ext_modules=[Extension(
        "sudoku._sudoku",
        sources=["_sudoku.c", *LIBRARY],
        include_dirs=[str(TOP / "include"), str(HERE.parent)],
        # C11 as the library is built, and only PyInit__sudoku exported.
        extra_compile_args=["-std=c11", "-fvisibility=hidden"],
    )],
    cmdclass={"build_ext": BuildWithVersion},
)
