// test_package.mjs - the JavaScript package of the build, js/, against the
// native command: solutions, counts, grades, explanations and hints (from
// puzzles and from pencil marks), generated puzzles and canonical forms
// compare equal to the command's JSON; every form of puzzle text the
// command reads, read alike, and each refused alike; every error, with
// the library's words; arguments checked before the module sees them; no
// memory kept after a call, whatever it threw; a trap, after which a new
// instance works; and the examples of the package's README.
//
// usage: node test_package.mjs PACKAGE_DIR SUDOKU_BIN SOURCE_DIR
//
// A spy stands between the package and WebAssembly: it hands the package
// each instance with its exports wrapped, to count their calls (every
// malloc must have its free), and can make a call trap.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { commandAt, linesIn, result } from "./command.mjs";

if (process.argv.length !== 5) {
  console.error("usage: node test_package.mjs PACKAGE_DIR SUDOKU_BIN SOURCE_DIR");
  process.exit(2);
}
const [packageDir, sudoku, sourceDir] = process.argv.slice(2);
const header = readFileSync(join(sourceDir, "include/sudoku.h"), "utf8");

// The spy. Each instance the package starts, by WebAssembly.instantiate()
// or, after a trap, by new WebAssembly.Instance(), is kept with the count
// of calls of each export; the WASI imports note any call.
const spy = { instances: [], wasiCalls: [], trapNext: false };
const realInstantiate = WebAssembly.instantiate;
const RealInstance = WebAssembly.Instance;

function watchImports(imports) {
  const wasi = {};
  for (const [name, stub] of Object.entries(imports.wasi_snapshot_preview1)) {
    wasi[name] = (...args) => {
      spy.wasiCalls.push(name);
      return stub(...args);
    };
  }
  return { ...imports, wasi_snapshot_preview1: wasi };
}

// With trapNext, the next sudoku_solve writes its solution far past the
// module's memory: a real trap, which leaves the instance's stack pointer
// where the call took it.
function watch(instance) {
  const watched = { calls: new Map(), exports: {} };
  for (const [name, value] of Object.entries(instance.exports)) {
    watched.exports[name] = typeof value !== "function" ? value : (...args) => {
      watched.calls.set(name, (watched.calls.get(name) ?? 0) + 1);
      if (name === "sudoku_solve" && spy.trapNext) {
        spy.trapNext = false;
        args[1] = 0x7ffffff0;
      }
      return value(...args);
    };
  }
  Object.freeze(watched.exports);
  spy.instances.push(watched);
  return watched;
}

WebAssembly.instantiate = async (module, imports) => {
  assert.ok(module instanceof WebAssembly.Module, "load() instantiates a compiled module");
  return watch(await realInstantiate(module, watchImports(imports)));
};
WebAssembly.Instance = function Instance(module, imports) {
  return watch(new RealInstance(module, watchImports(imports)));
};

const moduleUrl = pathToFileURL(join(packageDir, "sudoku.mjs")).href;
const { load, SudokuError } = await import(moduleUrl);
const lib = await load();

const current = () => spy.instances[spy.instances.length - 1];
const calls = (name) => current().calls.get(name) ?? 0;
const allCalls = () => spy.instances.reduce(
  (sum, { calls: counts }) => sum + [...counts.values()].reduce((a, b) => a + b, 0), 0);

// Every block the package took from malloc is freed.
function assertBalanced() {
  assert.equal(calls("free"), calls("malloc"), "a block from malloc was not freed");
}

const native = commandAt(sudoku);
const lines = linesIn(sourceDir);
// The first puzzles of a file of puzzles/.
const puzzles = (file, count) => lines(file, count).map(([puzzle]) => puzzle);

// The same of a generated puzzle's record.
function made(record) {
  const { seed, index, status, ...rest } = record;
  return rest;
}

// The statuses of sudoku.h, in the order of the enum, with their messages.
const messages = Object.fromEntries([...header
  .split("#define SUDOKU_STATUS_LIST")[1]
  .split("typedef")[0]
  .matchAll(/X\((SUDOKU_\w+), "([^"]*)"\)/g)]
  .map(([, name, message]) => [name, message]));

// Runs `body`, which must throw a SudokuError of the code, with the message.
function assertFails(body, code, message) {
  assert.throws(body, (error) => {
    assert.ok(error instanceof SudokuError, `not a SudokuError: ${error}`);
    assert.ok(error instanceof Error);
    assert.equal(error.name, "SudokuError");
    assert.equal(error.code, code);
    assert.equal(error.message, message);
    return true;
  });
}

test("has its files, the project's version and the library's", () => {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  const version = spawnSync(sudoku, ["--version"], { encoding: "utf8" }).stdout;
  assert.equal(`sudoku ${manifest.version}\n`, version);
  assert.equal(lib.version, manifest.version);
  assert.equal(manifest.type, "module");
  for (const file of [...manifest.files, "README.md", "LICENSE"]) {
    assert.ok(existsSync(join(packageDir, file)), `${file} is missing`);
  }
  assert.deepEqual(Object.keys(lib).sort(),
    ["canon", "count", "explain", "generate", "grade", "hint", "memory", "read", "solve",
      "version"]);
  assert.ok(lib.memory.buffer instanceof ArrayBuffer);
});

test("solves and counts the first 2,000 puzzles of each set as the command does", () => {
  const sets = readdirSync(join(sourceDir, "puzzles/sets")).filter((f) => f.endsWith(".txt"));
  assert.ok(sets.length >= 5, `only ${sets.length} sets`);
  let checked = 0;
  for (const file of sets) {
    const set = puzzles(`sets/${file}`, 2000);
    const input = set.join("\n") + "\n";
    const solved = native(["-"], input);
    const counted = native(["-c", "-l", "2", "-"], input);
    set.forEach((puzzle, i) => {
      assert.equal(solved[i].status, "solved", `${file}: ${puzzle}`);
      assert.equal(lib.solve(puzzle), solved[i].solution, `${file}: ${puzzle}`);
      assert.equal(lib.count(puzzle, 2), counted[i].count, `${file}: ${puzzle}`);
    });
    checked += set.length;
  }
  assert.ok(checked > 9000, `only ${checked} puzzles`);
  assertBalanced();
});

// A full grid with a rectangle of cells blank, in two rows of a band and
// two columns of different stacks, whose digits are a, b over b, a.
function twoSolutions(grid) {
  for (let r1 = 0; r1 < 9; r1++) {
    for (let r2 = r1 + 1; r2 < 9 && Math.floor(r2 / 3) === Math.floor(r1 / 3); r2++) {
      for (let c1 = 0; c1 < 9; c1++) {
        for (let c2 = 3 * Math.floor(c1 / 3) + 3; c2 < 9; c2++) {
          const at = (r, c) => grid[r * 9 + c];
          if (at(r1, c1) === at(r2, c2) && at(r1, c2) === at(r2, c1)) {
            const cells = [...grid];
            for (const [r, c] of [[r1, c1], [r1, c2], [r2, c1], [r2, c2]]) cells[r * 9 + c] = ".";
            return cells.join("");
          }
        }
      }
    }
  }
  throw new Error(`no rectangle in ${grid}`);
}

test("counts as the command does, up to the limit", () => {
  const few = "..............................................................................123";
  for (const limit of [1, 2, 3, 1000]) {
    assert.equal(lib.count(few, limit), native(["-c", "-l", `${limit}`, few])[0].count);
  }
  assert.equal(lib.count(".".repeat(81), 7), 7);
  // a grid with the four cells of a rectangle blank, whose two digits
  // may swap: two solutions, whatever the limit
  const rectangle = twoSolutions(native([few])[0].solution);
  assert.equal(lib.count(rectangle, 2 ** 32 - 1), 2);
  assert.equal(native(["-c", "-l", "4294967295", rectangle])[0].count, 2);
  assert.equal(lib.count("12345678.........9" + ".".repeat(63), 2), 0);
  assertBalanced();
});

for (const file of ["qqwing-1000", "17-clue-500", "magictour-100"]) {
  test(`grades ${file} as the command does`, () => {
    const set = puzzles(`ratings/${file}.txt`);
    const expected = native(["grade", "-"], set.join("\n") + "\n");
    assert.ok(set.length >= 100);
    set.forEach((puzzle, i) => {
      assert.deepEqual(lib.grade(puzzle), result(expected[i]), `${file}: ${puzzle}`);
    });
    assertBalanced();
  });
}

// (grade_hardest.mjs grades the hardest, in shares that run side by side.)

// An explanation's fields but those that name its input, and its status.
function explanation(record) {
  const { source, line, puzzle, status, ...rest } = record;
  return rest;
}

// The steps of 100 puzzles, chains among them, and of two of the hardest,
// whose chains hold chains nested in them, with the candidates of each
// step: the same objects as the command's, field for field.
test("explains as the command does, step by step, nested chains included", () => {
  const kinds = new Set();
  const note = (nodes) => {
    for (const node of nodes ?? []) {
      if (typeof node === "object" && node.chain) kinds.add("nested");
      if (typeof node === "object") note(node.chain);
    }
  };
  const runs = [
    { set: puzzles("ratings/qqwing-1000.txt", 100), args: [] },
    { set: puzzles("ratings/forum-hardest-se.txt", 3).filter((_, i) => i !== 1),
      args: ["--candidates"] },
  ];
  for (const { set, args } of runs) {
    const expected = native(["explain", ...args, "-"], set.join("\n") + "\n");
    set.forEach((puzzle, i) => {
      const got = lib.explain(puzzle, { candidates: args.length > 0 });
      assert.deepEqual(got, explanation(expected[i]), puzzle);
      for (const step of got.steps) {
        if (step.chain) kinds.add(step.branches ? "branches" : "chain");
        if (step.text.includes("\n")) kinds.add("lines");
        note(step.chain);
      }
    });
  }
  assert.deepEqual([...kinds].sort(), ["branches", "chain", "lines", "nested"]);
  assertBalanced();
});

// A hint from a puzzle, and from the pencil marks of a game under way: the
// candidates some step of its explanation was found on.
test("gives the command's hint from a puzzle and from pencil marks", () => {
  const set = puzzles("ratings/qqwing-1000.txt", 20);
  const hints = native(["explain", "--hint", "--candidates", "-"], set.join("\n") + "\n");
  const marks = [];
  set.forEach((puzzle, i) => {
    const hint = lib.hint(puzzle, { candidates: true });
    assert.deepEqual(hint, hints[i].steps[0], puzzle);
    const { candidates, ...step } = hint;
    assert.deepEqual(lib.hint(puzzle), step);
    const { steps } = lib.explain(puzzle, { candidates: true });
    marks.push(steps[Math.floor(steps.length / 2)].candidates);
  });
  const expected = native(["explain", "--hint", "-"], marks.join("\n") + "\n");
  const explained = native(["explain", "-"], marks.slice(0, 5).join("\n") + "\n");
  marks.forEach((text, i) => {
    assert.equal(text.length, 729);
    assert.deepEqual(lib.hint(text), expected[i].steps[0], text);
    if (i < 5) assert.deepEqual(lib.explain(text), explanation(explained[i]), text);
  });
  // a full grid has no step left
  const solution = native([set[0]])[0].solution;
  assert.equal(lib.hint(solution), null);
  assert.deepEqual(lib.explain(solution).steps, []);
  assertBalanced();
});

// Pencil marks the library refuses, each with the command's words.
test("refuses pencil marks as the command does", () => {
  const puzzle = puzzles("ratings/qqwing-1000.txt", 1)[0];
  const marks = lib.hint(puzzle, { candidates: true }).candidates;
  const open = marks.search(/\.\d/) + 1; // an open cell's candidate
  const cell = Math.floor(open / 9) * 9;
  const cases = [
    { text: marks.slice(0, open) + "5" + marks.slice(open + 1), code: "SUDOKU_E_MARK_PLACE" },
    { text: marks.slice(0, cell) + ".".repeat(9) + marks.slice(cell + 9),
      code: "SUDOKU_E_NO_CANDIDATE" },
  ];
  const expected = native(["explain", "-"], cases.map(({ text }) => text).join("\n") + "\n", 1);
  cases.forEach(({ text, code }, i) => {
    assert.equal(expected[i].status, "invalid");
    assertFails(() => lib.explain(text), code, expected[i].error);
    assertFails(() => lib.hint(text), code, expected[i].error);
  });
  // all candidates everywhere: many solutions
  assertFails(() => lib.hint("123456789".repeat(81)), "SUDOKU_E_NOT_UNIQUE",
    messages.SUDOKU_E_NOT_UNIQUE);
  assertBalanced();
});

// Bounds: ER passed, and a level that is the least the grade can be, or
// none when that is the easiest.
test("grades within a maximum rating as the command does", () => {
  const set = [...puzzles("ratings/qqwing-1000.txt", 150),
    ...puzzles("ratings/forum-hardest-se.txt", 4)];
  const input = set.join("\n") + "\n";
  const seen = new Set();
  for (const most of ["1.2", "2.0", "4.5", "7.5"]) {
    const expected = native(["grade", "--max-rating", most, "-"], input);
    set.forEach((puzzle, i) => {
      const grade = lib.grade(puzzle, { maxRating: Number(most) });
      assert.deepEqual(grade, result(expected[i]), `--max-rating ${most}: ${puzzle}`);
      seen.add(grade.complete ? "complete" : `level ${grade.level === null ? "null" : "bound"}`);
    });
  }
  assert.deepEqual([...seen].sort(), ["complete", "level bound", "level null"]);
  assertBalanced();
});

// generate({...}) against `sudoku generate --seed S -n N` with the same
// options, item by item.
const runs = [
  { options: { seed: 5 }, args: ["--seed", "5"], count: 4 },
  { options: { seed: 2024, symmetry: "rotate180" },
    args: ["--seed", "2024", "--symmetry", "rotate180"], count: 3 },
  { options: { seed: 3, symmetry: "random", maxGivens: 30 },
    args: ["--seed", "3", "--symmetry", "random", "--clues", "30"], count: 3 },
  { options: { seed: 4, maxGivens: 22 }, args: ["--seed", "4", "--clues", "22"], count: 3 },
  { options: { seed: 7, level: "hard" }, args: ["--seed", "7", "--level", "hard"], count: 3 },
  { options: { seed: 8, level: "extreme" }, args: ["--seed", "8", "--level", "extreme"], count: 1 },
  { options: { seed: 11, rating: [3.0, 4.0] }, args: ["--seed", "11", "--rating", "3.0-4.0"], count: 3 },
  { options: { seed: 12, rating: [5.6, Infinity], symmetry: "mirror" },
    args: ["--seed", "12", "--rating", "5.6-", "--symmetry", "mirror"], count: 2 },
  { options: { seed: 2n ** 64n - 1n }, args: ["--seed", "18446744073709551615"], count: 2 },
];

// generate({from}) against `sudoku generate --from FILE`, the same puzzles
// read from FILE (with their ratings after them); and what it refuses.
test("generates near given puzzles as the command does", () => {
  const file = join(sourceDir, "puzzles/ratings/magictour-100.txt");
  const from = puzzles("ratings/magictour-100.txt");
  const expected = native(["generate", "--seed", "5", "--rating", "8.0-8.5", "--from", file,
    "-n", "3"]);
  for (let index = 0; index < 3; index++) {
    assert.deepEqual(lib.generate({ seed: 5, index, rating: [8.0, 8.5], from }),
      made(expected[index]), `generate --from, item ${index}`);
  }
  assert.throws(() => lib.generate({ seed: 5, from }), TypeError);
  assert.throws(() => lib.generate({ seed: 5, level: "extreme", from: [] }), TypeError);
  assert.throws(() => lib.generate({ seed: 5, level: "extreme", from: [from[0], 7] }),
    TypeError);
  assert.throws(() => lib.generate({ seed: 5, level: "extreme", symmetry: "mirror", from }),
    TypeError);
  assertFails(() => lib.generate({ seed: 5, level: "extreme", from: [from[0], notUnique] }),
    "SUDOKU_E_NOT_UNIQUE", messages.SUDOKU_E_NOT_UNIQUE);
  assertBalanced();
});

test("generates the command's puzzles for the same seed and options", () => {
  for (const { options, args, count } of runs) {
    const expected = native(["generate", ...args, "-n", `${count}`]);
    for (let index = 0; index < count; index++) {
      assert.deepEqual(lib.generate({ ...options, index }), made(expected[index]),
        `generate ${args.join(" ")}, item ${index}`);
    }
    // a number index and a BigInt one are the same item
    assert.deepEqual(lib.generate({ ...options, index: BigInt(count - 1) }),
      made(expected[count - 1]));
  }
  assertBalanced();
});

test("gives the canonical forms of the command", () => {
  const folder = join(sourceDir, "puzzles/canon");
  const files = existsSync(folder) ? readdirSync(folder).map((f) => `canon/${f}`) : [];
  const set = files.length ? files.flatMap((file) => puzzles(file))
    : puzzles("sets/17-clue.txt", 200);
  assert.ok(set.length >= 200, `only ${set.length} puzzles`);
  const expected = native(["canon", "-"], set.join("\n") + "\n");
  set.forEach((puzzle, i) => {
    assert.equal(lib.canon(puzzle), expected[i].canonical, puzzle);
  });
  assertBalanced();
});

// The forms of puzzle text the command reads, each of one puzzle.
const wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const rows = wiki.match(/.{9}/g);
// A row as "5 3 . | . 7 . | . . .", its boxes apart by `bar`.
const drawn = (row, bar) => row.match(/.{3}/g).map((box) => [...box].join(" ")).join(` ${bar} `);
// Nine rows in bands, each row between `left` and `right`, each band
// after a rule and the last before one.
const framed = (rules, left, bar, right) => [0, 3, 6].map((band, i) =>
  [rules[i], ...rows.slice(band, band + 3).map((row) => `${left}${drawn(row, bar)}${right}`)]
    .join("\n")).join("\n") + `\n${rules[3]}\n`;
const forms = {
  "a line": `${wiki}\n`,
  "a line and its note after '#'": `${wiki} # easy\n`,
  "a line and its name after ';'": `${wiki};wiki\n`,
  "QQWing's CSV, with its header": `Puzzle,Solution,Difficulty\n${wiki},,Easy\n`,
  "nine lines": `${rows.join("\n")}\n`,
  "nine lines after a BOM and a comment, with CRLF": `\uFEFF# wiki\r\n${rows.join("\r\n")}\r\n`,
  "nine lines, bands apart by empty lines": `${rows.slice(0, 3).join("\n")}\n\n${
    rows.slice(3, 6).join("\n")}\n\n${rows.slice(6).join("\n")}\n`,
  "a grid with rules": framed(["", "------+-------+------", "------+-------+------", ""],
    "", "|", "").replace(/^\n/, ""),
  "HoDoKu's frame": framed([".-------.-------.-------.", ":-------+-------+-------:",
    ":-------+-------+-------:", "'-------'-------'-------'"], "| ", "|", " |"),
  "Sudoku Explainer's frame": framed(["*-----------*", "|---+---+---|", "|---+---+---|",
    "*-----------*"], "|", "|", "|").replaceAll(" ", ""),
  "box drawing": framed(["┌───────┬───────┬───────┐", "├───────┼───────┼───────┤",
    "├───────┼───────┼───────┤", "└───────┴───────┴───────┘"], "│ ", "│", " │"),
};

// Writes `text` to a file of its own, runs `body` with its name, and
// removes it.
function withFile(text, body) {
  const folder = mkdtempSync(join(tmpdir(), "sudoku-form-"));
  try {
    const file = join(folder, "puzzle.txt");
    writeFileSync(file, text);
    return body(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// A record's answer alone: without its input, status and note.
function answer(record) {
  const { note, ...rest } = explanation(record);
  return rest;
}

test("reads every form of puzzle text the command reads, and answers as it does", () => {
  for (const [form, text] of Object.entries(forms)) {
    withFile(text, (file) => {
      const solved = native([file]);
      assert.equal(solved.length, 1, `${form}: the command reads one puzzle`);
      assert.equal(solved[0].puzzle, wiki, form);
      assert.equal(lib.read(text), solved[0].puzzle, form);
      assert.equal(lib.solve(text), solved[0].solution, form);
      assert.equal(lib.count(text, 2), native(["-c", "-l", "2", file])[0].count, form);
      assert.deepEqual(lib.grade(text), answer(native(["grade", file])[0]), form);
      assert.equal(lib.canon(text), native(["canon", file])[0].canonical, form);
      assert.deepEqual(lib.explain(text), answer(native(["explain", file])[0]), form);
      assert.deepEqual(lib.hint(text, { candidates: true }),
        native(["explain", "--hint", "--candidates", file])[0].steps[0], form);
    });
  }
  assertBalanced();
});

test("reads pencil marks drawn as the command draws them, as the command does", () => {
  // `explain --hint --candidates` draws the candidates between the puzzle
  // and the step: a grid of nine rows of runs of digits, with rules.
  const puzzle = puzzles("ratings/qqwing-1000.txt", 1)[0];
  const [, ...lines] = spawnSync(sudoku, ["explain", "--hint", "--candidates", puzzle],
    { encoding: "utf8" }).stdout.split("\n");
  const drawing = `${lines.slice(0, 11).join("\n")}\n`;
  assert.match(drawing, /^\S+ +\S+ +\S+ +\| /);
  withFile(drawing, (file) => {
    const record = native(["explain", file])[0];
    assert.equal(record.puzzle.length, 729);
    assert.equal(lib.read(drawing), record.puzzle);
    assert.equal(record.puzzle, lib.hint(puzzle, { candidates: true }).candidates);
    assert.deepEqual(lib.explain(drawing), answer(record));
    assert.deepEqual(lib.hint(drawing), native(["explain", "--hint", file])[0].steps[0]);
    // a grid of pencil marks is no puzzle to solve
    assertFails(() => lib.solve(drawing), "SUDOKU_E_TOO_MANY", "729 cells, expected 81");
  });
  assertBalanced();
});

// Text that holds no puzzle the reader takes, each with the command's words.
const badForms = [
  { text: `${rows.slice(0, 4).join("\n")}\n`, code: "SUDOKU_E_SHORT_BLOCK" },
  { text: `${forms["HoDoKu's frame"].split("\n").slice(0, 8).join("\n")}\n`,
    code: "SUDOKU_E_SHORT_BLOCK" },
  { text: forms["HoDoKu's frame"].replace("| . . . |\n", "| . x . |\n"),
    code: "SUDOKU_E_CHARACTER" },
  { text: forms["a grid with rules"].replace(/^4/m, "é"), code: "SUDOKU_E_CHARACTER" },
  { text: `${wiki.slice(0, 4)}é${wiki.slice(5)}\n`, code: "SUDOKU_E_CHARACTER" },
  { text: `${wiki.slice(0, 40)}\u2603${wiki.slice(41)} # a snowman\n`,
    code: "SUDOKU_E_CHARACTER" },
  { text: `${rows.join("\n").replace("...", ".\t\u00a0.")}\n`, code: "SUDOKU_E_CHARACTER" },
  // a note follows 81 cells, or else it is cells too
  { text: `${wiki.slice(0, 80)} # one short\n`, code: "SUDOKU_E_CHARACTER" },
];

test("refuses text the reader refuses, in the command's words", () => {
  badForms.forEach(({ text, code }) => {
    withFile(text, (file) => {
      const [expected, ...more] = native([file], "", 1);
      assert.equal(more.length, 0, text);
      assert.equal(expected.status, "invalid");
      for (const work of [lib.read, lib.solve, lib.count, lib.grade, lib.canon, lib.explain,
        lib.hint]) {
        assertFails(() => work(text), code, expected.error);
      }
    });
  });
  assertBalanced();
});

test("takes one puzzle: none, or more than one, is an error", () => {
  const two = `# two\n${wiki}\n\n${rows.join("\n")}\n`;
  withFile(two, (file) => assert.equal(native([file]).length, 2));
  const none = "# a comment, and nothing else\n\n+-------+\n";
  withFile(none, (file) => assert.equal(spawnSync(sudoku, [file], { encoding: "utf8" }).stdout, ""));
  for (const work of [lib.read, lib.solve, lib.count, lib.grade, lib.canon, lib.explain,
    lib.hint]) {
    assertFails(() => work(two), "SUDOKU_E_PUZZLES", "a second puzzle starts on line 4");
    assertFails(() => work(none), "SUDOKU_E_NO_PUZZLE", messages.SUDOKU_E_NO_PUZZLE);
    assertFails(() => work(""), "SUDOKU_E_NO_PUZZLE", messages.SUDOKU_E_NO_PUZZLE);
  }
  assertBalanced();
});

// Each way a call fails, and in each function that reads a puzzle.
const bad = [
  { puzzle: "1".repeat(80), code: "SUDOKU_E_TOO_FEW" },
  { puzzle: ".".repeat(82), code: "SUDOKU_E_TOO_MANY" },
  { puzzle: "x" + ".".repeat(80), code: "SUDOKU_E_CHARACTER" },
  { puzzle: ".".repeat(40) + "\0" + ".".repeat(40), code: "SUDOKU_E_CHARACTER" },
  { puzzle: "11" + ".".repeat(79), code: "SUDOKU_E_CONFLICT" },
  { puzzle: ".".repeat(80) + "5" + "5", code: "SUDOKU_E_TOO_MANY" },
];
const unsolvable = "12345678.........9" + ".".repeat(63);
const notUnique = ".".repeat(78) + "123";
const exhausted = { seed: 1, maxGivens: 17 };

test("refuses a puzzle it cannot read with the library's words, as the command does", () => {
  const expected = native(["-"], bad.map(({ puzzle }) => puzzle).join("\n") + "\n", 1);
  bad.forEach(({ puzzle, code }, i) => {
    assert.equal(expected[i].status, "invalid");
    const message = expected[i].error;
    for (const work of [lib.solve, lib.count, lib.grade, lib.canon, lib.explain, lib.hint]) {
      assertFails(() => work(puzzle), code, message);
    }
  });
  assertBalanced();
});

test("fails with the library's statuses and words", () => {
  assertFails(() => lib.solve(unsolvable), "SUDOKU_E_UNSOLVABLE", messages.SUDOKU_E_UNSOLVABLE);
  assertFails(() => lib.grade(unsolvable), "SUDOKU_E_UNSOLVABLE", messages.SUDOKU_E_UNSOLVABLE);
  assertFails(() => lib.grade(notUnique), "SUDOKU_E_NOT_UNIQUE", messages.SUDOKU_E_NOT_UNIQUE);
  assertFails(() => lib.explain(unsolvable), "SUDOKU_E_UNSOLVABLE", messages.SUDOKU_E_UNSOLVABLE);
  assertFails(() => lib.hint(notUnique), "SUDOKU_E_NOT_UNIQUE", messages.SUDOKU_E_NOT_UNIQUE);
  assertFails(() => lib.generate(exhausted), "SUDOKU_E_EXHAUSTED", messages.SUDOKU_E_EXHAUSTED);
  // the command fails there too
  assert.equal(native(["generate", "--seed", "1", "--clues", "17"], "", 1)[0].status,
    "not-found");
  assertBalanced();
});

test("refuses arguments of the wrong type or range before calling the module", () => {
  const puzzle = puzzles("sets/17-clue.txt", 1)[0];
  const before = allCalls();
  const cases = [
    [TypeError, () => lib.solve(5)],
    [TypeError, () => lib.solve(null)],
    [TypeError, () => lib.solve()],
    [TypeError, () => lib.canon(["1"])],
    [TypeError, () => lib.count(puzzle, "2")],
    [TypeError, () => lib.count(puzzle, 1.5)],
    [TypeError, () => lib.count(puzzle, 2n)],
    [RangeError, () => lib.count(puzzle, 0)],
    [RangeError, () => lib.count(puzzle, 2 ** 32)],
    [TypeError, () => lib.grade(puzzle, null)],
    [TypeError, () => lib.explain(81)],
    [TypeError, () => lib.explain(puzzle, { candidates: 1 })],
    [TypeError, () => lib.hint(puzzle, { steps: 1 })],
    [TypeError, () => lib.hint([puzzle])],
    [TypeError, () => lib.grade(puzzle, { max: 7.5 })],
    [TypeError, () => lib.grade(puzzle, { maxRating: "7.5" })],
    [RangeError, () => lib.grade(puzzle, { maxRating: 0 })],
    [RangeError, () => lib.grade(puzzle, { maxRating: 20.1 })],
    [RangeError, () => lib.grade(puzzle, { maxRating: 7.55 })],
    [RangeError, () => lib.grade(puzzle, { maxRating: NaN })],
    [TypeError, () => lib.generate()],
    [TypeError, () => lib.generate({})],
    [TypeError, () => lib.generate({ seed: "1" })],
    [TypeError, () => lib.generate({ seed: 1.5 })],
    [RangeError, () => lib.generate({ seed: -1 })],
    [RangeError, () => lib.generate({ seed: 2 ** 60 })],
    [RangeError, () => lib.generate({ seed: 2n ** 64n })],
    [RangeError, () => lib.generate({ seed: 1, index: -1n })],
    [TypeError, () => lib.generate({ seed: 1, givens: 20 })],
    [RangeError, () => lib.generate({ seed: 1, maxGivens: 16 })],
    [RangeError, () => lib.generate({ seed: 1, maxGivens: 82 })],
    [TypeError, () => lib.generate({ seed: 1, maxGivens: 20.5 })],
    [RangeError, () => lib.generate({ seed: 1, symmetry: "spiral" })],
    [TypeError, () => lib.generate({ seed: 1, symmetry: 1 })],
    [RangeError, () => lib.generate({ seed: 1, level: "impossible" })],
    [TypeError, () => lib.generate({ seed: 1, level: "hard", rating: [1.0, 2.0] })],
    [TypeError, () => lib.generate({ seed: 1, rating: 3.0 })],
    [TypeError, () => lib.generate({ seed: 1, rating: [3.0] })],
    [RangeError, () => lib.generate({ seed: 1, rating: [5.0, 4.0] })],
    [RangeError, () => lib.generate({ seed: 1, rating: [0.5, 1.1] })],
    [RangeError, () => lib.generate({ seed: 1, rating: [20.0, Infinity] })],
    [RangeError, () => lib.generate({ seed: 1, rating: [3.05, 4.0] })],
  ];
  for (const [kind, body] of cases) {
    assert.throws(body, kind, body.toString());
  }
  assert.equal(allCalls(), before, "an argument's check called the module");
});

test("load() refuses an unknown option, and a module that is not one", async () => {
  await assert.rejects(load({ wasm: "sudoku.wasm" }), TypeError);
  await assert.rejects(load({ module: new Uint8Array([0, 97, 115, 109]) }),
    WebAssembly.CompileError);
});

// On a library of its own, whose heap has not yet grown for the nested
// chains, so that a block kept would soon grow its memory.
let fresh;

test("keeps no memory after 1000 failing calls, and still answers right", async () => {
  fresh = await load();
  const puzzle = puzzles("sets/17-clue.txt", 1)[0];
  const solution = native([puzzle])[0].solution;
  const failures = [
    ...bad.flatMap(({ puzzle: text }) => [fresh.solve, fresh.count, fresh.grade, fresh.canon]
      .map((work) => () => work(text))),
    () => fresh.solve(unsolvable),
    () => fresh.grade(unsolvable),
    () => fresh.grade(notUnique),
    () => fresh.explain(notUnique),
    () => fresh.hint("5".repeat(729)),
  ];
  const fail = (i) => assert.throws(failures[i % failures.length], SudokuError);
  failures.forEach((_, i) => fail(i));
  const memory = fresh.memory;
  const bytes = memory.buffer.byteLength;
  const mallocs = calls("malloc");
  for (let i = 0; i < 1000; i++) fail(i);
  assert.ok(calls("malloc") >= mallocs + 2000, "the failures took no blocks");
  assertBalanced();
  assert.equal(fresh.memory, memory, "the instance changed");
  assert.equal(memory.buffer.byteLength, bytes, "the module's memory grew");
  assert.equal(fresh.solve(puzzle), solution);
  assertFails(() => fresh.generate(exhausted), "SUDOKU_E_EXHAUSTED", messages.SUDOKU_E_EXHAUSTED);
  assert.equal(memory.buffer.byteLength, bytes, "the module's memory grew");
});

test("after a trap, throws an Error and goes on with a new instance", () => {
  const puzzle = puzzles("sets/17-clue.txt", 1)[0];
  const solution = native([puzzle])[0].solution;
  const trapped = current();
  const memory = fresh.memory;
  const frees = trapped.calls.get("free");
  spy.trapNext = true;
  assert.throws(() => fresh.solve(puzzle), (error) => {
    assert.ok(!(error instanceof SudokuError), "a trap is not the library's refusal");
    assert.ok(error instanceof Error);
    assert.ok(error.cause instanceof WebAssembly.RuntimeError, `cause: ${error.cause}`);
    assert.match(error.message, /out of bounds/);
    return true;
  });
  assert.equal(fresh.solve(puzzle), solution);
  assert.notEqual(current(), trapped, "no new instance");
  assert.equal(trapped.calls.get("free"), frees, "the trapped instance was called again");
  assert.notEqual(fresh.memory, memory);
  assert.deepEqual(fresh.grade(puzzle), result(native(["grade", puzzle])[0]));
  assertBalanced();
});

// The README's examples, run against the build's package as one module:
// each line `EXPRESSION; // → VALUE` must give VALUE, and every such line
// must run.
test("the README's examples give what they say", async () => {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map(([, code]) => code);
  assert.ok(blocks.length >= 5, `only ${blocks.length} examples`);
  let arrows = 0;
  const program = blocks.join("\n")
    .replaceAll('from "sudoku"', `from ${JSON.stringify(moduleUrl)}`)
    .replace(/^(\s*)(.+);\s*\/\/ → (.+)$/gm, (_, indent, expression, value) => {
      arrows++;
      return `${indent}globalThis.check(${expression}, ${value}, ${JSON.stringify(expression)});`;
    });
  let checked = 0;
  globalThis.check = (got, want, what) => {
    assert.deepEqual(got, want, what);
    checked++;
  };
  const folder = mkdtempSync(join(tmpdir(), "sudoku-readme-"));
  try {
    const file = join(folder, "examples.mjs");
    writeFileSync(file, program);
    await import(pathToFileURL(file).href);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  assert.ok(arrows >= 10, `only ${arrows} results shown`);
  assert.equal(checked, arrows, "some examples did not run");
});

test("called no WASI function", () => {
  assert.deepEqual(spy.wasiCalls, []);
});
