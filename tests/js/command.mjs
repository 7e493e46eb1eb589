// command.mjs - what the tests of the JavaScript package compare it with:
// the native command's JSON records, and the lines of the project's files
// of puzzles.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// The command SUDOKU as a function of its arguments and standard input,
// which gives its JSON records; it must exit with `status`.
export function commandAt(sudoku) {
  return (args, input = "", status = 0) => {
    const run = spawnSync(sudoku, [...args, "-f", "json"],
      { input, encoding: "utf8", maxBuffer: 1 << 26 });
    assert.equal(run.status, status, `sudoku ${args.join(" ")}: ${run.stderr}`);
    return run.stdout.trim().split("\n").map((line) => JSON.parse(line));
  };
}

// The first lines of a file of SOURCE_DIR/puzzles/ that are neither empty
// nor a comment, each as its fields (a puzzle first, then what follows it,
// such as SE's rating), as a function of the file and how many.
export function linesIn(sourceDir) {
  return (file, count = Infinity) => readFileSync(join(sourceDir, "puzzles", file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .slice(0, count)
    .map((line) => line.split(/[ \t]+/));
}

// A record's fields but those that name its input, and its status.
export function result(record) {
  const { source, line, puzzle, status, ...rest } = record;
  return rest;
}
