"""Solve, count, grade, explain, generate and canonicalise Sudoku puzzles.

The package is the C library libsudoku, the engine of the command
``sudoku``, as an extension module: each call gives what the command gives
(``sudoku -f json``), at the library's speed, and lets other threads run
while the library works.

A puzzle is a ``str`` in any form the command reads: a line of 81 cells
(digits, and ``.``, ``0``, ``_`` or ``*`` for blanks), with or without a
note after it; nine rows; a framed grid as HoDoKu or Sudoku Explainer draw
it; and for ``explain`` and ``hint``, 729 characters of pencil marks, on a
line or drawn as nine rows of candidates. It must hold one puzzle.

>>> import sudoku
>>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> sudoku.solve(puzzle)
'417369825632158947958724316825437169791586432346912758289643571573291684164875293'
>>> sudoku.grade(puzzle).er
2.6
>>> sudoku.solve("11" + "." * 79)
Traceback (most recent call last):
    ...
sudoku.Error: r1c1 and r1c2 both hold 1

What the library refuses is a ``sudoku.Error``, a ``ValueError`` with the
library's words, which say where; ``code`` names the status of sudoku.h.
An argument of the wrong type is a ``TypeError``.
"""

from __future__ import annotations

import json
import math
import os
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Optional, Sequence, Union

from . import _sudoku

__all__ = [
    "Error", "Grade", "Step", "ChainNode", "Explanation", "Generated",
    "version", "levels", "symmetries",
    "read", "solve", "count", "grade", "canon", "explain", "hint", "generate",
    "batch",
]

Error = _sudoku.Error

#: The library's version, such as ``"1.0.0"``.
version: str = _sudoku.version
#: The levels of ``generate`` and ``Grade.level``, easiest first.
levels: tuple[str, ...] = tuple(name for name, _, _ in _sudoku.levels)
#: The symmetries of ``generate``'s givens.
symmetries: tuple[str, ...] = _sudoku.symmetries


def _fail(code: str, message: str) -> Error:
    """An Error of the package's own checks, with the status it stands for."""
    error = Error(message)
    error.code = code
    error.index = None
    return error


@dataclass(frozen=True)
class Grade:
    """A grade on Sudoku Explainer's scale, as ``sudoku grade -f json`` gives it.

    When a limit stopped the steps, ``complete`` is False, ``er`` a bound the
    puzzle passes, ``level`` the least it can be with a ``+`` (None when
    that is the easiest), and ``stopped`` says which limit:
    ``"max-rating"``, ``"budget"`` or ``"techniques"``.
    """

    er: float
    ep: float
    ed: float
    level: Optional[str]
    hardest: Optional[str]  #: the technique of the step that set ER, or None
    complete: bool
    stopped: Optional[str]
    step_count: int

    @classmethod
    def _of(cls, rating: tuple) -> Grade:
        er, ep, ed, *rest = rating
        return cls(er / 10, ep / 10, ed / 10, *rest)


@dataclass(frozen=True)
class ChainNode:
    """A node of a step's chain: ``"r1c2=5"`` (true) or ``"r1c2<>5"`` (false).

    ``rule`` names the deduction that strikes it, and ``chain`` is a chain
    nested in it, with ``branches`` where each of its branches starts;
    ``cut`` says that nodes were left out before it (its link is drawn
    dotted).
    """

    node: str
    rule: Optional[str] = None
    chain: tuple[ChainNode, ...] = ()
    branches: tuple[int, ...] = ()
    cut: bool = False

    @classmethod
    def _of(cls, item: Union[str, dict]) -> ChainNode:
        if isinstance(item, str):
            return cls(item)
        return cls(item["node"], item.get("rule"),
                   tuple(map(cls._of, item.get("chain", ()))),
                   tuple(item.get("branches", ())), item.get("cut", False))


@dataclass(frozen=True)
class Step:
    """A step of ``explain`` and ``hint``: what ``sudoku explain -f json`` writes.

    ``placements`` are digits placed, such as ``"r6c2=4"``; ``eliminations``
    candidates struck, such as ``"r1c6<>2"``; its pattern, as ``explain -f
    html`` draws it: ``units`` and ``cover_units`` by name (``"r4"``,
    ``"c6"``, ``"b5"``), ``cells`` in the order the words name them, and
    ``pattern`` the pattern's digits by cell, as pairs (``(("r4c1", (2,
    7)), ...)``, which ``dict()`` makes a mapping);
    ``chain`` the nodes of a chain in order, ``branches`` where each branch
    starts when there are several, and ``chain_cut`` whether nodes were
    left out; ``candidates`` the pencil marks it was found on, when asked
    for.
    """

    technique: str
    rating: float
    placements: tuple[str, ...]
    eliminations: tuple[str, ...]
    text: str
    units: tuple[str, ...] = ()
    cover_units: tuple[str, ...] = ()
    cells: tuple[str, ...] = ()
    pattern: tuple[tuple[str, tuple[int, ...]], ...] = ()
    chain: tuple[ChainNode, ...] = ()
    branches: tuple[int, ...] = ()
    chain_cut: bool = False
    candidates: Optional[str] = None

    @classmethod
    def _of(cls, text: str) -> Step:
        step = json.loads(text)
        return cls(step["technique"], step["rating"], tuple(step["placements"]),
                   tuple(step["eliminations"]), step["text"],
                   tuple(step.get("units", ())), tuple(step.get("cover_units", ())),
                   tuple(step.get("cells", ())),
                   tuple((cell, tuple(digits)) for cell, digits in step.get("pattern", {}).items()),
                   tuple(map(ChainNode._of, step.get("chain", ()))),
                   tuple(step.get("branches", ())), step.get("chain_cut", False),
                   step.get("candidates"))


@dataclass(frozen=True)
class Explanation:
    """``explain``'s answer: the steps, the solution and the grade they make.

    ``candidates`` are the pencil marks the steps left when the techniques
    ran out, else None.
    """

    steps: tuple[Step, ...]
    solution: str
    grade: Grade
    candidates: Optional[str]


@dataclass(frozen=True)
class Generated:
    """``generate``'s puzzle, as ``sudoku generate -f json`` gives it.

    ``grade`` is its grade when a level or a rating was asked for, else None.
    """

    puzzle: str
    solution: str
    givens: int
    symmetry: str
    attempts: int
    grade: Optional[Grade]


# The checks of arguments, before the library sees them.

def _check_puzzle(puzzle: object) -> str:
    if not isinstance(puzzle, str):
        raise TypeError(f"the puzzle must be a str, not {type(puzzle).__name__}")
    return puzzle


def _integer(value: object, name: str, least: int, most: int, code: str) -> int:
    """An int (not a bool) from least to most."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not least <= value <= most:
        raise _fail(code, f"{name} must be from {least} to {most}: {value}")
    return value


def _tenths(value: object, name: str) -> int:
    """A rating such as 7.5, with one decimal at most, in tenths."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    tenths = round(value * 10) if math.isfinite(value) else None
    if tenths is None or abs(tenths - value * 10) > 1e-6:
        raise _fail("SUDOKU_E_OPTION",
                    f"{name} must be a rating with one decimal at most: {value}")
    return tenths


def _word(value: object, name: str, words: tuple[str, ...]) -> int:
    """One of the words the library lists (levels, symmetries), as its index."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    if value not in words:
        raise _fail("SUDOKU_E_OPTION", f"unknown {name} {value!r}: use {', '.join(words)}")
    return words.index(value)


def _limit(limit: object) -> int:
    return _integer(limit, "the limit", 1, _sudoku.LIMIT_MAX, "SUDOKU_E_LIMIT")


def _most(max_rating: object) -> int:
    """grade's max_rating in tenths, or 0 for no limit."""
    if max_rating is None:
        return 0
    most = _tenths(max_rating, "max_rating")
    if not 1 <= most <= _sudoku.BEYOND_DIFFICULTY:
        raise _fail("SUDOKU_E_OPTION", f"max_rating must be from 0.1 to "
                    f"{_sudoku.BEYOND_DIFFICULTY / 10}: {max_rating}")
    return most


def _rating_range(level: object, rating: object) -> tuple[int, int]:
    """generate's range of ER in tenths, as the command takes --level and
    --rating; (-1, -1) when neither is given."""
    if level is not None and rating is not None:
        raise TypeError("level and rating do not go together: use one")
    if level is not None:
        _, least, most = _sudoku.levels[_word(level, "level", levels)]
        return least, most
    if rating is None:
        return -1, -1
    if not isinstance(rating, tuple) or len(rating) != 2:
        raise TypeError("rating must be a tuple (least, most), such as (2.5, 4.0) "
                        "or (9.0, math.inf)")
    least = _tenths(rating[0], "the least rating")
    unbounded = rating[1] == math.inf
    most = _sudoku.RATING_UNBOUNDED if unbounded else _tenths(rating[1], "the most rating")
    if least < 0 or (not unbounded and most >= _sudoku.RATING_UNBOUNDED) or least > most:
        raise _fail("SUDOKU_E_OPTION", f"rating {rating}: use 0 <= least <= most < "
                    f"{_sudoku.RATING_UNBOUNDED // 10}, or most math.inf")
    if most < _sudoku.LEAST_RATING:
        raise _fail("SUDOKU_E_OPTION", f"rating {rating}: no puzzle made is rated "
                    f"below {_sudoku.LEAST_RATING / 10}")
    if least >= _sudoku.BEYOND_DIFFICULTY:
        raise _fail("SUDOKU_E_OPTION", f"rating {rating}: every puzzle is rated "
                    f"below {_sudoku.BEYOND_DIFFICULTY / 10}")
    return least, most


# The calls.

def read(text: str) -> str:
    """The cells of the one puzzle ``text`` holds, in any form the command
    reads: 81 characters, or 729 of pencil marks, as the text gives them.
    It judges their count, not what they say.

    >>> read('''
    ... +-------+-------+-------+
    ... | 4 . . | . . . | 8 . 5 |
    ... | . 3 . | . . . | . . . |
    ... | . . . | 7 . . | . . . |
    ... +-------+-------+-------+
    ... | . 2 . | . . . | . 6 . |
    ... | . . . | . 8 . | 4 . . |
    ... | . . . | . 1 . | . . . |
    ... +-------+-------+-------+
    ... | . . . | 6 . 3 | . 7 . |
    ... | 5 . . | 2 . . | . . . |
    ... | 1 . 4 | . . . | . . . |
    ... +-------+-------+-------+
    ... ''')
    '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
    """
    return _sudoku.read(_check_puzzle(text))


def solve(puzzle: str) -> str:
    """A solution of the puzzle, as 81 digits; it need not be the only one.

    >>> solve("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    '483921657967345821251876493548132976729564138136798245372689514814253769695417382'
    >>> solve("12345678.........9" + "." * 63)
    Traceback (most recent call last):
        ...
    sudoku.Error: the puzzle has no solution
    """
    return _sudoku.one(_sudoku.SOLVE, _check_puzzle(puzzle), 1, 0)


def count(puzzle: str, limit: int = 1000) -> int:
    """The number of solutions, counted up to ``limit``; 2 or more means
    the puzzle is no proper one.

    >>> count("." * 81, limit=5)
    5
    """
    return _sudoku.one(_sudoku.COUNT, _check_puzzle(puzzle), _limit(limit), 0)


def grade(puzzle: str, *, max_rating: Optional[float] = None) -> Grade:
    """The puzzle's grade on Sudoku Explainer's scale (ER/EP/ED); it must
    have exactly one solution. With ``max_rating``, the grade stops once
    ER is known to pass it.

    >>> grade("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    Grade(er=2.6, ep=1.2, ed=1.2, level='medium', hardest='Pointing', complete=True, stopped=None, step_count=69)
    >>> grade("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ...       max_rating=2.0).level
    'medium+'
    """
    return Grade._of(_sudoku.one(_sudoku.GRADE, _check_puzzle(puzzle), 1,
                                 _most(max_rating)))


def canon(puzzle: str) -> str:
    """The canonical (minlex) form of the puzzle: the same for every puzzle
    equivalent to it.

    >>> canon("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    '........1.....2....34....5.......56......7.3.2...18......6.......54.....8.......7'
    """
    return _sudoku.one(_sudoku.CANON, _check_puzzle(puzzle), 1, 0)


def _with_candidates(candidates: object) -> bool:
    if not isinstance(candidates, bool):
        raise TypeError(f"candidates must be a bool, not {type(candidates).__name__}")
    return candidates


def explain(puzzle: str, *, candidates: bool = False) -> Explanation:
    """The steps from a puzzle, or 729 pencil marks, with one solution to the
    end, as a person would take them, and the grade they make; with
    ``candidates``, each step carries the pencil marks it was found on.

    >>> steps = explain("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").steps
    >>> steps[3].text
    'Pointing: 2 in b5 => r1c6<>2, r2c6<>2, r3c6<>2'
    >>> steps[3].eliminations
    ('r1c6<>2', 'r2c6<>2', 'r3c6<>2')
    """
    steps, solution, rating, marks = _sudoku.explain(_check_puzzle(puzzle),
                                                     _with_candidates(candidates))
    return Explanation(tuple(map(Step._of, steps)), solution, Grade._of(rating), marks)


def hint(puzzle: str, *, candidates: bool = False) -> Optional[Step]:
    """The first step from a puzzle, or 729 pencil marks, or None when no
    technique applies.

    >>> hint("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").text
    'Hidden Single: r6c2=4 in b4'
    """
    step = _sudoku.hint(_check_puzzle(puzzle), _with_candidates(candidates))
    return None if step is None else Step._of(step)


def generate(seed: int, index: int = 0, *, level: Optional[str] = None,
             rating: Optional[tuple[float, float]] = None, symmetry: str = "none",
             max_givens: Optional[int] = None,
             near: Optional[Sequence[str]] = None) -> Generated:
    """Puzzle ``index`` of the run ``seed``, minimal and with one solution:
    the same for the same arguments, as ``sudoku generate`` makes it. A
    ``level`` (one of ``levels``) or a ``rating`` range such as
    ``(2.5, 4.0)`` or ``(9.0, math.inf)`` asks for puzzles of that grade;
    ``symmetry`` is one of ``symmetries``; ``max_givens`` from 17 to 81.
    With a level or a rating, ``near`` (puzzles, each with one solution)
    searches near them, as ``sudoku generate --from FILE`` searches near
    FILE's: the puzzle keeps no symmetry and is none of them in any form.

    >>> generate(5).puzzle
    '..9..47...3....6.946.5..3.2.85....3.....8..2..4.3.2.7.9...5.1.....2.......4......'
    >>> generate(5, level="hard").grade.hardest
    'XY-Wing'
    """
    top = 2 ** 64 - 1
    seed = _integer(seed, "the seed", 0, top, "SUDOKU_E_OPTION")
    index = _integer(index, "the index", 0, top, "SUDOKU_E_OPTION")
    shape = _word(symmetry, "symmetry", symmetries)
    givens = 0 if max_givens is None else _integer(max_givens, "max_givens", 17, 81,
                                                   "SUDOKU_E_OPTION")
    least, most = _rating_range(level, rating)
    if near is not None:
        if isinstance(near, str):
            raise TypeError("near must be a sequence of puzzles, not one str")
        if least < 0:
            raise TypeError("near needs a level or a rating: what to search for")
        if symmetry != "none":
            raise TypeError(f"near makes puzzles with no symmetry: {symmetry} cannot be kept")
    *made, graded = _sudoku.generate(seed, index, shape, givens, least, most, near)
    return Generated(*made, None if graded is None else Grade._of(graded))


# Batches: the jobs the library does on many puzzles, each with how many
# puzzles a thread takes at once (few enough that the threads share the
# work evenly, many enough that the GIL is rarely passed); how many such
# parts a thread may have under way, since the answers go out in order
# and a slow puzzle must not leave the other threads idle behind it
# (grades take from a millisecond to seconds); and what makes an answer of
# the module's, if it is not one already.
_JOBS = {
    solve: (_sudoku.SOLVE, 512, 2, None),
    count: (_sudoku.COUNT, 64, 2, None),
    grade: (_sudoku.GRADE, 1, 16, Grade._of),
    canon: (_sudoku.CANON, 64, 2, None),
}


def _chunks(puzzles: Iterable[str], size: int) -> Iterator[tuple[list, Optional[Exception]]]:
    """The puzzles in lists of ``size``, each with None; the last with what
    stopped the iterable early, if anything did: what it raised, or a
    TypeError for an item that is no str."""
    chunk: list = []
    failure = None
    try:
        for index, puzzle in enumerate(puzzles):
            if not isinstance(puzzle, str):
                failure = TypeError(f"puzzle {index} must be a str, "
                                    f"not {type(puzzle).__name__}")
                break
            chunk.append(puzzle)
            if len(chunk) == size:
                yield chunk, None
                chunk = []
    except Exception as error:  # the iterable's own, raised again in its place
        failure = error
    if chunk or failure:
        yield chunk, failure


def batch(function: Callable, puzzles: Iterable[str], *, threads: Optional[int] = None,
          errors: str = "raise", **options) -> Iterator:
    """``function`` (``solve``, ``count``, ``grade`` or ``canon``) on each
    puzzle of an iterable (a list, a file, a generator), on ``threads``
    threads (every core by default), with its answers in the puzzles'
    order. However many come, it holds no more than 2 × threads + 1 parts
    of the input at once, of 512 puzzles to solve and 64 to count or
    canonicalise, or 16 × threads + 1 puzzles to grade.
    ``options`` are the function's own, such as ``limit`` for ``count``.

    A puzzle the library refuses raises its Error, whose ``index`` is the
    puzzle's place, from 0; with ``errors="return"`` the Error is the
    answer in its place instead. An item that is no str raises TypeError,
    and what the iterable raises is raised again, each after the answers
    before it.

    >>> list(batch(count, ["." * 81, "1" * 81], limit=3, errors="return"))
    [3, Error('r1c1 and r1c2 both hold 1')]
    """
    if function not in _JOBS:
        raise TypeError("batch's function must be sudoku.solve, count, grade or canon")
    kind, size, ahead, answer = _JOBS[function]
    limit = _limit(options.pop("limit", 1000)) if function is count else 1
    most = _most(options.pop("max_rating", None)) if function is grade else 0
    if options:
        raise TypeError(f"{function.__name__} has no option {next(iter(options))!r}")
    if threads is None:
        threads = os.cpu_count() or 1
    threads = _integer(threads, "threads", 1, 1024, "SUDOKU_E_OPTION")
    raising = _word(errors, "errors", ("return", "raise")) == 1
    return _answers(_chunks(iter(puzzles), size), threads, ahead * threads, raising,
                    lambda chunk, start: _sudoku.run(kind, chunk, start, limit, most), answer)


def _answers(chunks, threads: int, most: int, raising: bool, run, answer) -> Iterator:
    """The answers of the chunks, in order: each chunk is run on a thread of
    a pool, with at most ``most`` + 1 chunks under way."""
    pending: deque = deque()
    start = 0
    failure = None

    def ready():
        for item in pending.popleft().result():
            if isinstance(item, Error):
                if raising:
                    raise item
                yield item
            else:
                yield item if answer is None else answer(item)

    with ThreadPoolExecutor(threads) as pool:
        for chunk, failure in chunks:
            pending.append(pool.submit(run, chunk, start))
            start += len(chunk)
            while len(pending) > most:
                yield from ready()
        while pending:
            yield from ready()
    if failure is not None:
        raise failure
