// wasm_speed.mjs - the library compiled to WebAssembly beside the native
// library, in one run: the solver on relabelled copies of 17-clue and
// forum-hardest-1106 at limits 1 and 2, and grading magictour-100.
//
// usage: node wasm_speed.mjs PACKAGE_DIR BENCH_DIR SOURCE_DIR [SECONDS]
//
// PACKAGE_DIR holds sudoku.mjs and sudoku.wasm (build/js), BENCH_DIR the
// native benchmarks sudoku-bench and sudoku-bench-grade (build/tests).
// Every figure is processor time, so that a neighbour on the machine slows
// it less; each solver figure is timed for at least SECONDS (default 2).
//
// The solver is timed twice in WebAssembly: sudoku_count() called on grids
// already in the module's memory, as sudoku-bench times the native one,
// and the package's count(), which also writes the puzzle's text into the
// module, parses it and frees what it took. Grading is timed through the
// package's grade() alone: a puzzle takes milliseconds, against which the
// call's own cost is nothing. Targets (printed, never enforced here): the
// solver within 1.5 times the native time, grading within 2 times.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

if (process.argv.length < 5 || process.argv.length > 6) {
  console.error("usage: node wasm_speed.mjs PACKAGE_DIR BENCH_DIR SOURCE_DIR [SECONDS]");
  process.exit(2);
}
const [packageDir, benchDir, sourceDir] = process.argv.slice(2, 5);
const seconds = Number(process.argv[5] ?? 2);
if (!(seconds > 0)) {
  console.error(`wasm_speed.mjs: SECONDS must be a number above 0, not ${process.argv[5]}`);
  process.exit(2);
}

const GRID = 81;
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const puzzlesOf = (text) =>
  text.split("\n").filter((line) => line && !line.startsWith("#")).map((line) => line.split(/\s/)[0]);

// The module itself, its imports answered as by a host without files (the
// library never calls them), for sudoku_count() on grids in its memory.
const bytes = readFileSync(join(packageDir, "sudoku.wasm"));
const module = await WebAssembly.compile(bytes);
const imports = {};
for (const { module: from, name } of WebAssembly.Module.imports(module)) {
  (imports[from] ??= {})[name] = () => 52; // ENOSYS
}
const lib = (await WebAssembly.instantiate(module, imports)).exports;
lib._initialize();

const { load } = await import(pathToFileURL(join(packageDir, "sudoku.mjs")).href);
const sudoku = await load();

// timed(pass): runs pass() once untimed (the engine compiles the hot code
// in the background at first), then again and again until `seconds` of
// processor time have gone by; the time of one pass.
function timed(pass) {
  pass();
  const start = cpuSeconds();
  let passes = 0;
  do {
    pass();
    passes++;
  } while (cpuSeconds() - start < seconds);
  return (cpuSeconds() - start) / passes;
}

// The module's solver on grids parsed into its memory once.
function moduleSolver(puzzles, limit) {
  const encoder = new TextEncoder();
  const grids = lib.malloc(puzzles.length * GRID);
  const text = lib.malloc(GRID);
  const found = lib.malloc(4);
  const first = lib.malloc(GRID);
  const stats = lib.malloc(8);
  try {
    puzzles.forEach((puzzle, i) => {
      new Uint8Array(lib.memory.buffer).set(encoder.encode(puzzle), text);
      if (lib.sudoku_parse(grids + i * GRID, text, GRID, 0) !== 0) {
        throw new Error(`sudoku.wasm: not a puzzle: ${puzzle}`);
      }
    });
    return timed(() => {
      for (let i = 0; i < puzzles.length; i++) {
        lib.sudoku_count(grids + i * GRID, limit, found, first, stats);
      }
    });
  } finally {
    [grids, text, found, first, stats].forEach((pointer) => lib.free(pointer));
  }
}

// sudoku-bench's microseconds a puzzle at each limit, from its table.
function nativeSolver(file) {
  const out = execFileSync(join(benchDir, "sudoku-bench"),
    ["--no-relabel", "--cpu", "--seconds", String(seconds), file], { encoding: "utf8" });
  const perPuzzle = {};
  for (const line of out.split("\n")) {
    const fields = line.trim().split(/\s+/);
    if (fields[0] === file) perPuzzle[fields[1]] = Number(fields[4]);
  }
  if (!perPuzzle[1] || !perPuzzle[2]) throw new Error(`sudoku-bench printed no figures:\n${out}`);
  return perPuzzle;
}

const rows = [];
const row = (what, native, wasm, target) =>
  rows.push({ what, native, wasm, ratio: wasm / native, target });

for (const set of ["17-clue", "forum-hardest-1106"]) {
  const original = join(sourceDir, "puzzles", "sets", `${set}.txt`);
  // The puzzles as sudoku-bench relabels them (seed 1), given to both.
  const relabelled = execFileSync(join(benchDir, "sudoku-bench"),
    ["--relabelled", "--seed", "1", original], { encoding: "utf8", maxBuffer: 1 << 28 });
  const file = join(process.env.TMPDIR ?? "/tmp", `wasm_speed-${process.pid}-${set}.txt`);
  writeFileSync(file, relabelled);
  try {
    const puzzles = puzzlesOf(relabelled);
    const native = nativeSolver(file);
    for (const limit of [1, 2]) {
      const us = (s) => (s / puzzles.length) * 1e6;
      row(`${set}, limit ${limit}: sudoku_count()`, native[limit],
        us(moduleSolver(puzzles, limit)), 1.5);
      row(`${set}, limit ${limit}: count()`, native[limit],
        us(timed(() => puzzles.forEach((puzzle) => sudoku.count(puzzle, limit)))), null);
    }
  } finally {
    rmSync(file, { force: true });
  }
}

// Grading: sudoku-bench-grade's mean processor time a puzzle, in ms.
const ratings = join(sourceDir, "puzzles", "ratings", "magictour-100.txt");
const graded = execFileSync(join(benchDir, "sudoku-bench-grade"), [ratings], { encoding: "utf8" });
const nativeGrade = Number(graded.split("\n").find((line) => line.startsWith("magictour-100.txt"))
  ?.trim().split(/\s+/)[3]);
if (!(nativeGrade > 0)) throw new Error(`sudoku-bench-grade printed no figure:\n${graded}`);
const toGrade = puzzlesOf(readFileSync(ratings, "utf8"));
const start = cpuSeconds();
toGrade.forEach((puzzle) => sudoku.grade(puzzle));
row("magictour-100: grade (ms a puzzle)", nativeGrade,
  ((cpuSeconds() - start) / toGrade.length) * 1e3, 2);

console.log(`sudoku.wasm beside the native library, node ${process.version}, ` +
  `processor time; microseconds a puzzle unless marked\n`);
console.log("| what | native | WebAssembly | WebAssembly / native | target |");
console.log("|---|--:|--:|--:|---|");
for (const { what, native, wasm, ratio, target } of rows) {
  const verdict = target === null ? "" : `${ratio <= target ? "within" : "beyond"} ${target}x`;
  console.log(`| ${what} | ${native.toFixed(2)} | ${wasm.toFixed(2)} | ${ratio.toFixed(2)} | ${verdict} |`);
}
