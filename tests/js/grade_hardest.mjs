// grade_hardest.mjs - the package's grade of the forum's hardest puzzles,
// puzzles/ratings/forum-hardest-se.txt, a share of them: the same record as
// the command's JSON, and the same ER/EP/ED as Sudoku Explainer's own
// ratings in the file. They need SE's nested forcing chains, whose
// searches take the module's stack far past wasm-ld's default of 64 KiB.
//
// usage: node grade_hardest.mjs PACKAGE_DIR SOURCE_DIR K/N
//
// The command's records are tests/logic/forum-hardest-records.jsonl, which
// logic/test_grade holds the library's grades to: a puzzle takes up to
// seconds, and is graded once here, by the package. Share K of N is every
// Nth puzzle from the Kth; ctest runs the shares side by side.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { linesIn, result } from "./command.mjs";

const share = process.argv[4]?.match(/^([1-9][0-9]*)\/([1-9][0-9]*)$/);
if (process.argv.length !== 5 || !share || Number(share[1]) > Number(share[2])) {
  console.error("usage: node grade_hardest.mjs PACKAGE_DIR SOURCE_DIR K/N");
  process.exit(2);
}
const [packageDir, sourceDir] = process.argv.slice(2);
const [k, n] = [Number(share[1]), Number(share[2])];
const { load } = await import(pathToFileURL(join(packageDir, "sudoku.mjs")).href);
const lib = await load();

test(`grades share ${k} of ${n} of the hardest as the command and SE do`, () => {
  const records = readFileSync(join(sourceDir, "tests/logic/forum-hardest-records.jsonl"), "utf8")
    .trim().split("\n").map((line) => JSON.parse(line));
  const lines = linesIn(sourceDir)("ratings/forum-hardest-se.txt");
  assert.equal(records.length, lines.length);
  const mine = lines.map((fields, i) => [...fields.slice(0, 2), records[i]])
    .filter((_, i) => i % n === k - 1);
  assert.ok(mine.length >= 20);
  mine.forEach(([puzzle, se, record]) => {
    assert.equal(record.puzzle, puzzle);
    const grade = lib.grade(puzzle);
    assert.deepEqual(grade, result(record), puzzle);
    assert.equal([grade.er, grade.ep, grade.ed].map((x) => x.toFixed(1)).join("/"), se,
      `${puzzle}: SE rates it ${se}`);
  });
});
