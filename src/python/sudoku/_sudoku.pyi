# The types of the extension module sudoku._sudoku (src/python/_sudoku.c),
# which the package sudoku wraps; its functions take arguments the package
# has checked.

from typing import Optional, Sequence, Union

class Error(ValueError):
    code: str
    index: Optional[int]

version: str
levels: tuple[tuple[str, int, int], ...]
symmetries: tuple[str, ...]
statuses: tuple[str, ...]
LIMIT_MAX: int
SOLVE: int
COUNT: int
GRADE: int
CANON: int
BEYOND_DIFFICULTY: int
RATING_UNBOUNDED: int
LEAST_RATING: int

# (er, ep, ed in tenths, level, hardest, complete, stopped, steps)
Rating = tuple[int, int, int, Optional[str], Optional[str], bool, Optional[str], int]
Answer = Union[str, int, Rating]

def run(kind: int, puzzles: list[str], start: int, limit: int, most: int) -> list[Union[Answer, Error]]: ...
def one(kind: int, puzzle: str, limit: int, most: int) -> Answer: ...
def read(text: str) -> str: ...
def explain(text: str, candidates: bool) -> tuple[list[str], str, Rating, Optional[str]]: ...
def hint(text: str, candidates: bool) -> Optional[str]: ...
def generate(seed: int, index: int, symmetry: int, max_givens: int, least: int,
             most: int, near: Optional[Sequence[str]] = ...
             ) -> tuple[str, str, int, str, int, Optional[Rating]]: ...
