"""The package's grade of the forum's hardest puzzles,
puzzles/ratings/forum-hardest-se.txt: a share of them, each with the same
ER/EP/ED as Sudoku Explainer's own rating in the file.

Share K of N (SUDOKU_SHARE, "1/2" say) is every Nth puzzle from the Kth: a
puzzle takes up to seconds, and ctest runs the shares side by side.
"""

import os

import sudoku


def test_grades_a_share_of_the_hardest_as_se(lines):
    k, n = map(int, os.environ.get("SUDOKU_SHARE", "1/1").split("/"))
    rated = lines("ratings/forum-hardest-se.txt")[k - 1::n]
    assert len(rated) >= 88 // n
    grades = sudoku.batch(sudoku.grade, (puzzle for puzzle, *_ in rated), threads=1)
    for (puzzle, se, *_), grade in zip(rated, grades, strict=True):
        assert f"{grade.er:.1f}/{grade.ep:.1f}/{grade.ed:.1f}" == se, puzzle
        assert grade.complete, puzzle
