"""The Python package against the command: solutions, counts, grades (and
SE's own ratings), explanations and hints, generated puzzles and canonical
forms, each as `sudoku ... -f json` gives it; the forms of text it reads,
the errors in the library's words, batches, and the docstrings' examples.
"""

import doctest
import itertools
import math
import os
import tempfile
import threading
from dataclasses import asdict
from pathlib import Path

import pytest

import sudoku

SETS = ["17-clue", "forum-hardest-1106", "forum-hardest-1905-11plus", "magictour-top1465",
        "norvig-hardest11", "norvig-top95", "qqwing-10k", "serg-benchmark"]
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def fields(record, names=("source", "line", "puzzle", "status", "note")):
    """A record of the command without the fields that name its input."""
    return {k: v for k, v in record.items() if k not in names}


def grade_json(grade):
    """A Grade as the command's JSON gives it."""
    record = asdict(grade)
    if record["stopped"] is None:
        del record["stopped"]
    return record


def node_json(node):
    if node.rule is None and not node.chain and not node.cut:
        return node.node
    record = {"node": node.node}
    if node.rule is not None:
        record["rule"] = node.rule
    if node.cut:
        record["cut"] = True
    if node.chain:
        record["chain"] = [node_json(inner) for inner in node.chain]
    if node.branches:
        record["branches"] = list(node.branches)
    return record


def step_json(step):
    """A Step as the command's JSON gives it, field for field."""
    record = {"technique": step.technique, "rating": step.rating,
              "placements": list(step.placements), "eliminations": list(step.eliminations)}
    for name in ("units", "cover_units", "cells"):
        if getattr(step, name):
            record[name] = list(getattr(step, name))
    if step.pattern:
        record["pattern"] = {cell: list(digits) for cell, digits in step.pattern}
    if step.chain:
        record["chain"] = [node_json(node) for node in step.chain]
    if step.branches:
        record["branches"] = list(step.branches)
    if step.chain_cut:
        record["chain_cut"] = True
    if step.candidates is not None:
        record["candidates"] = step.candidates
    record["text"] = step.text
    return record


def explanation_json(explanation):
    record = {"steps": [step_json(step) for step in explanation.steps],
              "solution": explanation.solution, **grade_json(explanation.grade)}
    del record["step_count"]
    if explanation.candidates is not None:
        record["candidates"] = explanation.candidates
    return record


def test_solves_and_counts_2000_of_each_set_as_the_command(native, lines):
    for name in SETS:
        puzzles = [puzzle for puzzle, *_ in lines(f"sets/{name}.txt", 2000)]
        text = "\n".join(puzzles) + "\n"
        solved, counted = native(["-"], text), native(["-c", "-l", "2", "-"], text)
        assert [sudoku.solve(p) for p in puzzles] == [r["solution"] for r in solved], name
        assert [sudoku.count(p, 2) for p in puzzles] == [r["count"] for r in counted], name
        assert list(sudoku.batch(sudoku.solve, puzzles, threads=2)) == \
            [r["solution"] for r in solved], name


def test_grades_1600_puzzles_as_the_command_and_se(native, lines):
    for name in ["qqwing-1000", "17-clue-500", "magictour-100"]:
        rated = lines(f"ratings/{name}.txt")
        assert len(rated) >= 100
        expected = native(["grade", "-"], "\n".join(puzzle for puzzle, _ in rated) + "\n")
        grades = sudoku.batch(sudoku.grade, (puzzle for puzzle, _ in rated), threads=2)
        for (puzzle, se), record, grade in zip(rated, expected, grades, strict=True):
            assert grade_json(grade) == fields(record), puzzle
            assert f"{grade.er:.1f}/{grade.ep:.1f}/{grade.ed:.1f}" == se, puzzle
            assert grade.complete


def test_grades_within_a_max_rating_as_the_command(native, lines):
    puzzles = [p for p, _ in lines("ratings/qqwing-1000.txt", 60)] + \
        [p for p, *_ in lines("ratings/forum-hardest-se.txt", 2)]
    seen = set()
    for most in ["1.2", "2.0", "4.5", "7.5"]:
        expected = native(["grade", "--max-rating", most, "-"], "\n".join(puzzles) + "\n")
        for puzzle, record in zip(puzzles, expected, strict=True):
            grade = sudoku.grade(puzzle, max_rating=float(most))
            assert grade_json(grade) == fields(record), (most, puzzle)
            seen.add("complete" if grade.complete else f"level {grade.level is None}")
    assert seen == {"complete", "level True", "level False"}


def test_explains_100_puzzles_as_the_command(native, lines):
    kinds = set()

    def note(nodes):
        for node in nodes:
            if node.chain:
                kinds.add("nested")
            note(node.chain)
    runs = [([p for p, _ in lines("ratings/qqwing-1000.txt", 70)] +
             [p for p, _ in lines("ratings/magictour-100.txt", 30)], False),
            ([lines("ratings/forum-hardest-se.txt", 1)[0][0]], True)]
    for puzzles, candidates in runs:
        expected = native(["explain", *(["--candidates"] if candidates else []), "-"],
                          "\n".join(puzzles) + "\n")
        for puzzle, record in zip(puzzles, expected, strict=True):
            got = sudoku.explain(puzzle, candidates=candidates)
            assert explanation_json(got) == fields(record), puzzle
            for step in got.steps:
                if step.chain:
                    kinds.add("branches" if step.branches else "chain")
                note(step.chain)
    assert kinds == {"branches", "chain", "nested"}


def test_hints_from_puzzles_and_pencil_marks_as_the_command(native, lines):
    puzzles = [p for p, _ in lines("ratings/qqwing-1000.txt", 10)]
    hints = native(["explain", "--hint", "--candidates", "-"], "\n".join(puzzles) + "\n")
    marks = []
    for puzzle, record in zip(puzzles, hints, strict=True):
        assert step_json(sudoku.hint(puzzle, candidates=True)) == record["steps"][0]
        steps = sudoku.explain(puzzle, candidates=True).steps
        marks.append(steps[len(steps) // 2].candidates)
    expected = native(["explain", "--hint", "-"], "\n".join(marks) + "\n")
    for text, record in zip(marks, expected, strict=True):
        assert len(text) == 729 and sudoku.read(text) == text
        assert step_json(sudoku.hint(text)) == record["steps"][0]
    assert sudoku.hint(sudoku.solve(puzzles[0])) is None


GENERATE = [
    ({"seed": 5}, ["--seed", "5"], 3),
    ({"seed": 2024, "symmetry": "rotate180"}, ["--seed", "2024", "--symmetry", "rotate180"], 2),
    ({"seed": 3, "symmetry": "random", "max_givens": 30},
     ["--seed", "3", "--symmetry", "random", "--clues", "30"], 2),
    ({"seed": 7, "level": "hard"}, ["--seed", "7", "--level", "hard"], 2),
    ({"seed": 11, "rating": (3.0, 4.0)}, ["--seed", "11", "--rating", "3.0-4.0"], 2),
    ({"seed": 12, "rating": (5.6, math.inf), "symmetry": "mirror"},
     ["--seed", "12", "--rating", "5.6-", "--symmetry", "mirror"], 1),
    ({"seed": 2 ** 64 - 1}, ["--seed", "18446744073709551615"], 2),
]


@pytest.mark.parametrize("options,args,count", GENERATE)
def test_generates_the_command_s_puzzles(native, options, args, count):
    expected = native(["generate", *args, "-n", str(count)])
    for index, record in enumerate(expected):
        made = sudoku.generate(index=index, **options)
        got = {k: v for k, v in asdict(made).items() if k != "grade"}
        if made.grade is not None:
            got.update(grade_json(made.grade))
            del got["step_count"]
        assert got == fields(record, ("seed", "index", "status")), (options, index)


def test_generates_near_given_puzzles_as_the_command_does(native, lines):
    near = [puzzle for puzzle, *_ in lines("ratings/magictour-100.txt")]
    path = os.path.join(os.environ["SUDOKU_SOURCE_DIR"], "puzzles", "ratings",
                        "magictour-100.txt")
    expected = native(["generate", "--seed", "5", "--rating", "8.0-8.5", "--from", path,
                       "-n", "3"])
    for index, record in enumerate(expected):
        made = sudoku.generate(5, index, rating=(8.0, 8.5), near=near)
        got = {k: v for k, v in asdict(made).items() if k != "grade"}
        got.update(grade_json(made.grade))
        del got["step_count"]
        assert got == fields(record, ("seed", "index", "status")), index
    with pytest.raises(TypeError):
        sudoku.generate(5, near=near)
    with pytest.raises(TypeError):
        sudoku.generate(5, level="extreme", symmetry="mirror", near=near)
    with pytest.raises(TypeError):
        sudoku.generate(5, level="extreme", near=near[0])
    with pytest.raises(TypeError):
        sudoku.generate(5, level="extreme", near=[near[0], 7])
    with pytest.raises(ValueError):
        sudoku.generate(5, level="extreme", near=[])
    with pytest.raises(sudoku.Error) as failure:
        sudoku.generate(5, level="extreme", near=[near[0], "." * 78 + "123"])
    assert failure.value.code == "SUDOKU_E_NOT_UNIQUE"


def test_gives_the_command_s_canonical_forms(native, lines):
    rows = lines("canon/minlex-320.txt")
    puzzles = [puzzle for puzzle, *_ in rows]
    expected = native(["canon", "-"], "\n".join(puzzles) + "\n")
    assert [sudoku.canon(p) for p in puzzles] == [r["canonical"] for r in expected]
    assert [canonical for _, canonical, _ in rows] == [r["canonical"] for r in expected]
    assert list(sudoku.batch(sudoku.canon, puzzles)) == [r["canonical"] for r in expected]


def framed(rules, left, bar, right):
    rows = [WIKI[i:i + 9] for i in range(0, 81, 9)]
    drawn = [f"{left}{f' {bar} '.join(' '.join(row[b:b + 3]) for b in (0, 3, 6))}{right}"
             for row in rows]
    return "\n".join(f"{rules[band]}\n" + "\n".join(drawn[band * 3:band * 3 + 3])
                     for band in range(3)) + f"\n{rules[3]}\n"


FORMS = {
    "a line": WIKI + "\n",
    "a line and a note": WIKI + " # easy\n",
    "QQWing's CSV": f"Puzzle,Solution,Difficulty\n{WIKI},,Easy\n",
    "nine lines after a BOM and a comment, with CRLF":
        "\ufeff# wiki\r\n" + "\r\n".join(WIKI[i:i + 9] for i in range(0, 81, 9)) + "\r\n",
    "HoDoKu's frame": framed([".-------.-------.-------.", ":-------+-------+-------:",
                              ":-------+-------+-------:", "'-------'-------'-------'"],
                             "| ", "|", " |"),
    "box drawing": framed(["┌───────┬───────┬───────┐", "├───────┼───────┼───────┤",
                           "├───────┼───────┼───────┤", "└───────┴───────┴───────┘"],
                          "│ ", "│", " │"),
}


@pytest.mark.parametrize("form", FORMS)
def test_reads_every_form_the_command_reads(native, form):
    text = FORMS[form]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as file:
        file.write(text)
        file.flush()
        [solved] = native([file.name])
        assert sudoku.read(text) == solved["puzzle"] == WIKI
        assert sudoku.solve(text) == solved["solution"]
        assert grade_json(sudoku.grade(text)) == fields(native(["grade", file.name])[0])
        assert sudoku.canon(text) == native(["canon", file.name])[0]["canonical"]


BAD = {
    "1" * 80: "SUDOKU_E_TOO_FEW",
    "." * 82: "SUDOKU_E_TOO_MANY",
    "x" + "." * 80: "SUDOKU_E_CHARACTER",
    "." * 40 + "\0" + "." * 40: "SUDOKU_E_CHARACTER",
    "11" + "." * 79: "SUDOKU_E_CONFLICT",
    WIKI[:4] + "é" + WIKI[5:]: "SUDOKU_E_CHARACTER",
    "\n".join(WIKI[i:i + 9] for i in range(0, 36, 9)) + "\n": "SUDOKU_E_SHORT_BLOCK",
}


def test_refuses_what_the_command_refuses_in_its_words(native):
    expected = native(["-"], "\n".join(BAD) + "\n", 1)
    for (text, code), record in zip(BAD.items(), expected, strict=True):
        for call in (sudoku.solve, sudoku.count, sudoku.grade, sudoku.canon, sudoku.explain,
                     sudoku.hint):
            with pytest.raises(sudoku.Error) as error:
                call(text)
            assert (error.value.code, str(error.value)) == (code, record["error"]), call
    with pytest.raises(sudoku.Error, match="^a second puzzle starts on line 3$"):
        sudoku.solve(f"{WIKI}\n\n{WIKI}\n")
    with pytest.raises(sudoku.Error, match="^the text holds no puzzle$"):
        sudoku.read("# nothing\n")
    with pytest.raises(sudoku.Error, match="^the puzzle has more than one solution$"):
        sudoku.hint("123456789" * 81)


def test_batches_keep_order_and_place_errors():
    puzzles = [WIKI, "11" + "." * 79, "." * 81]
    assert list(sudoku.batch(sudoku.count, puzzles, limit=2, errors="return"))[0::2] == [1, 2]
    answers = sudoku.batch(sudoku.count, iter(puzzles), threads=1, limit=2)
    assert next(answers) == 1
    with pytest.raises(sudoku.Error) as error:
        next(answers)
    assert (error.value.index, error.value.code) == (1, "SUDOKU_E_CONFLICT")

    def failing():
        yield WIKI
        raise OSError("the disk is gone")
    answers = sudoku.batch(sudoku.solve, failing())
    assert next(answers) == sudoku.solve(WIKI)
    with pytest.raises(OSError, match="the disk is gone"):
        next(answers)
    with pytest.raises(TypeError, match="puzzle 1 must be a str, not bytes"):
        list(sudoku.batch(sudoku.solve, [WIKI, WIKI.encode()]))


def test_batches_read_no_further_ahead_than_their_parts():
    drawn = 0

    def endless():
        nonlocal drawn
        while True:
            drawn += 1
            yield WIKI
    answers = sudoku.batch(sudoku.solve, endless(), threads=2)
    assert set(itertools.islice(answers, 5000)) == {sudoku.solve(WIKI)}
    answers.close()
    # 5,000 answers, and at most 2 x 2 + 1 parts of 512 beyond them
    assert drawn <= 5000 + 5 * 512


def test_lets_other_threads_run_while_the_library_works(lines):
    hardest = lines("ratings/forum-hardest-se.txt", 1)[0][0]
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)
    ticker = threading.Thread(target=tick)
    ticker.start()
    sudoku.grade(hardest)
    done.set()
    ticker.join()
    assert len(ticks) > 10


def test_the_docstrings_examples_run():
    failed, attempted = doctest.testmod(sudoku)
    assert attempted >= 15 and failed == 0


def test_ships_its_types():
    folder = Path(sudoku.__file__).parent
    assert (folder / "py.typed").exists() and (folder / "_sudoku.pyi").exists()
