// grade_hardest.mjs - the package's grade of the forum's hardest puzzles,
// puzzles/ratings/forum-hardest-se.txt, a share of them: the same record as
// the command's JSON, and the same ER/EP/ED as Sudoku Explainer's own
// ratings in the file. They need SE's nested forcing chains, whose
// searches take the module's stack far past wasm-ld's default of 64 KiB.
//
// usage: node grade_hardest.mjs PACKAGE_DIR SUDOKU_BIN SOURCE_DIR K/N
//
// Share K of N is every Nth puzzle from the Kth: a puzzle takes up to
// seconds, and ctest runs the shares side by side, the command on one
// thread in each.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { commandAt, linesIn, result } from "./command.mjs";

const share = process.argv[5]?.match(/^([1-9][0-9]*)\/([1-9][0-9]*)$/);
if (process.argv.length !== 6 || !share || Number(share[1]) > Number(share[2])) {
  console.error("usage: node grade_hardest.mjs PACKAGE_DIR SUDOKU_BIN SOURCE_DIR K/N");
  process.exit(2);
}
const [packageDir, sudoku, sourceDir] = process.argv.slice(2);
const [k, n] = [Number(share[1]), Number(share[2])];
const { load } = await import(pathToFileURL(join(packageDir, "sudoku.mjs")).href);
const lib = await load();

test(`grades share ${k} of ${n} of the hardest as the command and SE do`, () => {
  const lines = linesIn(sourceDir)("ratings/forum-hardest-se.txt")
    .filter((_, i) => i % n === k - 1);
  assert.ok(lines.length >= 20);
  const expected = commandAt(sudoku)(["grade", "-j1", "-"],
    lines.map(([puzzle]) => puzzle).join("\n") + "\n");
  lines.forEach(([puzzle, se], i) => {
    const grade = lib.grade(puzzle);
    assert.deepEqual(grade, result(expected[i]), puzzle);
    assert.equal([grade.er, grade.ep, grade.ed].map((x) => x.toFixed(1)).join("/"), se,
      `${puzzle}: SE rates it ${se}`);
  });
});
