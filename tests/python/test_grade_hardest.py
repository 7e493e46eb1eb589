"""The package's grade of the forum's hardest puzzles,
puzzles/ratings/forum-hardest-se.txt: a share of them, each the command's
record of it, tests/logic/forum-hardest-records.jsonl (which
logic/test_grade holds the library to), with the same ER/EP/ED as Sudoku
Explainer's own rating in the file.

Share K of N (SUDOKU_SHARE, "1/2" say) is every Nth puzzle from the Kth: a
puzzle takes up to seconds, and ctest runs the shares side by side.
"""

import json
import os
from dataclasses import asdict
from pathlib import Path

import sudoku


def test_grades_a_share_of_the_hardest_as_the_command_and_se(lines):
    k, n = map(int, os.environ.get("SUDOKU_SHARE", "1/1").split("/"))
    path = Path(os.environ["SUDOKU_SOURCE_DIR"], "tests/logic/forum-hardest-records.jsonl")
    records = [json.loads(line) for line in path.read_text().splitlines()]
    rated = lines("ratings/forum-hardest-se.txt")
    assert len(records) == len(rated)
    mine = list(zip(rated, records))[k - 1::n]
    assert len(mine) >= 88 // n
    grades = sudoku.batch(sudoku.grade, (puzzle for (puzzle, *_), _ in mine), threads=1)
    for ((puzzle, se, *_), record), grade in zip(mine, grades, strict=True):
        assert record["puzzle"] == puzzle
        expected = {key: value for key, value in record.items()
                    if key not in ("source", "line", "puzzle", "status")}
        got = {key: value for key, value in asdict(grade).items() if value is not None}
        assert got == expected, puzzle
        assert f"{grade.er:.1f}/{grade.ep:.1f}/{grade.ed:.1f}" == se, puzzle
