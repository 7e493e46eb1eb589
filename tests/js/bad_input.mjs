// bad_input.mjs - the JavaScript package under a stream of bad arguments:
// every exported function, called at random with wrong types, wrong
// lengths, empty and huge strings, pencil marks with no candidate left,
// seeds, indexes, levels, ratings and limits out of range, and now and
// then a good call. Each call must answer or throw a clear error: the
// library's SudokuError (with its code and words), or the package's
// TypeError or RangeError. A trap, any other exception, or an empty
// message fails. Every 500 calls a known puzzle must still solve right,
// and once the warm-up is over the module's memory must not grow.
//
// usage: node bad_input.mjs PACKAGE_DIR SECONDS [SEED]
//
// Prints the calls made, how each kind of error counted, the answers, and
// the module's memory and node's resident size at the warm-up's end and at
// the end. ctest runs it for a few seconds; tests/bench/README.md gives a
// long run's figures.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

if (process.argv.length < 4 || process.argv.length > 5) {
  console.error("usage: node bad_input.mjs PACKAGE_DIR SECONDS [SEED]");
  process.exit(2);
}
const [packageDir, secondsText, seedText = "1"] = process.argv.slice(2);
const seconds = Number(secondsText);
if (!(seconds > 0)) {
  console.error(`bad_input.mjs: SECONDS must be a positive number: ${secondsText}`);
  process.exit(2);
}
const { load, SudokuError } = await import(pathToFileURL(join(packageDir, "sudoku.mjs")).href);
const lib = await load();

// A small generator of its own (xorshift32), so that a seed repeats a run.
let state = (Number(seedText) >>> 0) || 1;
function random() {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state / 2 ** 32;
}
const below = (n) => Math.floor(random() * n);
const pick = (list) => list[below(list.length)];

const known = {
  puzzle: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
  solution: "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
};

// Characters a puzzle may hold, and some it may not: a line break, a NUL,
// a lone surrogate, letters of other scripts.
const characters = [..."123456789", ".", "0", "_", "*", " ", "|", "-", "+", "\n", "\t",
  "\0", "a", "Z", "#", "é", "数", "\u{1F600}", "\uD800", "\uFFFD"];

function text(length) {
  let s = "";
  for (let i = 0; i < length; i++) s += pick(characters);
  return s;
}

// 729 pencil marks: nine characters a cell, each its digit or '.', some
// cells with no candidate left.
function marks() {
  let s = "";
  for (let cell = 0; cell < 81; cell++) {
    const empty = random() < 0.05;
    for (let d = 1; d <= 9; d++) s += !empty && random() < 0.5 ? String(d) : ".";
  }
  return s;
}

// A puzzle with a few cells changed: often a conflict, sometimes several
// solutions, sometimes still good.
function spoiled() {
  const cells = [...known.puzzle];
  for (let n = below(4); n >= 0; n--) cells[below(81)] = pick([..."123456789."]);
  return cells.join("");
}

const huge = "1".repeat(1 << 20);
const strings = [
  () => "",
  () => text(below(100)),
  () => text(81),
  () => text(80 + below(3)),
  () => marks(),
  () => marks().slice(0, 728),
  () => spoiled(),
  () => known.puzzle,
  () => huge,
  () => huge + text(below(10)),
];
const notStrings = [undefined, null, 0, -1, NaN, Infinity, 2 ** 64, 10n, -1n, true,
  {}, [], [known.puzzle], () => known.puzzle, Symbol("puzzle"), new String(known.puzzle)];
const numbers = [undefined, null, 0, -1, 1, 2, 0.5, -0.1, 1e9, 2 ** 31, 2 ** 53, 2 ** 64,
  NaN, Infinity, -Infinity, 7n, -7n, 2n ** 64n, 2n ** 64n - 1n, "5", true, {}, []];
const ratings = [0, 0.1, 1.2, 2.55, 4.0, 9.0, 11.9, 12, 20, 20.1, -1, NaN, Infinity, "3", null];
const words = ["easy", "medium", "hard", "expert", "extreme", "none", "rotate180",
  "mirror", "random", "", "EASY", "impossible", "\0", 3, null];

const anyPuzzle = () => (random() < 0.8 ? pick(strings)() : pick(notStrings));

// An options object: sometimes not an object, sometimes with a name no
// function knows, usually a few of the names `names` with values of any
// kind.
function options(names, values) {
  if (random() < 0.1) return pick(notStrings);
  const o = {};
  if (random() < 0.1) o[pick(["Seed", "max_rating", "levels", ""])] = 1;
  for (const name of names) {
    if (random() < 0.6) o[name] = values[name]();
  }
  return o;
}

const generateValues = {
  seed: () => pick(numbers),
  index: () => pick(numbers),
  symmetry: () => pick(words),
  level: () => pick(words),
  rating: () => (random() < 0.3 ? pick(notStrings) : [pick(ratings), pick(ratings)]),
  maxGivens: () => pick(numbers),
};

const markValues = { candidates: () => pick([true, false, 1, "yes", null]) };

const calls = {
  read: () => lib.read(anyPuzzle()),
  solve: () => lib.solve(anyPuzzle()),
  count: () => lib.count(anyPuzzle(), pick(numbers)),
  grade: () => lib.grade(anyPuzzle(), options(["maxRating"], { maxRating: () => pick(ratings) })),
  canon: () => lib.canon(anyPuzzle()),
  generate: () => lib.generate(options(Object.keys(generateValues), generateValues)),
  explain: () => lib.explain(anyPuzzle(), options(["candidates"], markValues)),
  hint: () => lib.hint(anyPuzzle(), options(["candidates"], markValues)),
};
const names = Object.keys(calls);

const figures = { calls: 0, answers: 0, errors: new Map() };
function note(kind) {
  figures.errors.set(kind, (figures.errors.get(kind) ?? 0) + 1);
}

function fail(what) {
  console.error(`FAIL after ${figures.calls} calls: ${what}`);
  process.exit(1);
}

function once() {
  const name = pick(names);
  figures.calls++;
  try {
    calls[name]();
    figures.answers++;
  } catch (error) {
    if (!(error instanceof Error) || !error.message) fail(`${name} threw ${String(error)}`);
    if (error instanceof SudokuError) note(`SudokuError ${error.code}`);
    else if (error instanceof TypeError || error instanceof RangeError) note(error.name);
    else fail(`${name}: ${error.stack}${error.cause ? `\ncause: ${error.cause}` : ""}`);
  }
  if (figures.calls % 500 === 0 && lib.solve(known.puzzle) !== known.solution)
    fail("the known puzzle no longer solves right");
}

const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
function memory() {
  return { module: lib.memory.buffer.byteLength, rss: process.memoryUsage().rss };
}

// The warm-up: a tenth of the time and 1,000 calls at least (a machine
// that other work shares may give a tenth of five seconds to 72 calls),
// and every function called with a huge string first, so that the
// module's memory has grown to what the largest argument needs.
const start = Date.now();
for (const name of ["read", "solve", "count", "grade", "canon"]) {
  try {
    lib[name](huge);
  } catch (error) {
    if (!(error instanceof SudokuError)) fail(`${name} of a huge string: ${error}`);
  }
}
while (Date.now() - start < seconds * 100 || figures.calls < 1000) once();
const warm = memory();
const warmCalls = figures.calls;
while (Date.now() - start < seconds * 1000) once();
const end = memory();

const took = (Date.now() - start) / 1000;
console.log(`${figures.calls} calls in ${took.toFixed(1)} s (seed ${seedText}): ` +
  `${figures.answers} answers, ${figures.calls - figures.answers} errors`);
for (const [kind, n] of [...figures.errors].sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(n).padStart(9)}  ${kind}`);
console.log(`module memory: ${mib(warm.module)} MiB after the warm-up (${warmCalls} calls), ` +
  `${mib(end.module)} MiB at the end; node's resident size ${mib(warm.rss)} and ` +
  `${mib(end.rss)} MiB`);
if (end.module !== warm.module) fail("the module's memory grew after the warm-up");
console.log("all passed");
