// test_module.mjs - the library as a WebAssembly module, sudoku.wasm,
// called through the C API of sudoku.h, against the native command: its
// exports, solutions, grades, a bad puzzle and the module after it.
//
// usage: node test_module.mjs SUDOKU_WASM SUDOKU_BIN SOURCE_DIR
//
// node's own test runner (node:test) runs the tests, on node 18 or later,
// with nothing to install. The C structs are written into the module's
// memory by hand, at the offsets that sudoku.h gives them on wasm32, where
// a pointer, a size_t and an unsigned long take 4 bytes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

if (process.argv.length !== 5) {
  console.error("usage: node test_module.mjs SUDOKU_WASM SUDOKU_BIN SOURCE_DIR");
  process.exit(2);
}
const [modulePath, sudoku, sourceDir] = process.argv.slice(2);
const header = readFileSync(join(sourceDir, "include/sudoku.h"), "utf8");

// The module imports what wasi-libc's stdio refers to, though the library
// never prints: snprintf brings the FILE machinery with it. Each stub notes
// its call and answers ENOSYS, as a host without files would, and the last
// test checks that nothing called them.
const ENOSYS = 52;
const wasiCalls = [];
const stub = (name) => () => {
  wasiCalls.push(name);
  return ENOSYS;
};
const wasi = {};
for (const name of ["fd_close", "fd_seek", "fd_write"]) {
  wasi[name] = stub(name);
}

const bytes = readFileSync(modulePath);
const { module, instance } = await WebAssembly.instantiate(bytes, {
  wasi_snapshot_preview1: wasi,
});
const lib = instance.exports;
lib._initialize();

// A view of the module's memory, made anew for each use: memory that grows
// (malloc, the nested chains) detaches the views made before.
const memory = () => new Uint8Array(lib.memory.buffer);
const int32 = (pointer) => new DataView(lib.memory.buffer).getInt32(pointer, true);
const byte = (pointer) => memory()[pointer];

// Runs body with blocks of the given sizes from the module's malloc, and
// frees them after, whatever happens.
function withBlocks(sizes, body) {
  const blocks = sizes.map((size) => {
    const pointer = lib.malloc(size);
    assert.notEqual(pointer, 0, `malloc(${size}) failed`);
    return pointer;
  });
  try {
    return body(...blocks);
  } finally {
    blocks.forEach((pointer) => lib.free(pointer));
  }
}

function readString(pointer) {
  const view = memory();
  const end = view.indexOf(0, pointer);
  return new TextDecoder().decode(view.subarray(pointer, end));
}

// The sizes and offsets on wasm32 of the structs of sudoku.h that the
// tests use.
const GRID = 81;             // sudoku_grid: unsigned char cell[81]
const TEXT = GRID + 1;       // sudoku_format()'s text, with its NUL
const DIAGNOSTIC = 20;       // sudoku_diagnostic: status, cells, cell,
const DIAGNOSTIC_CELL = 8;   //   other, value
const DIAGNOSTIC_OTHER = 12;
const DIAGNOSTIC_VALUE = 16;
const RATING = 52;           // sudoku_rating: er, ep, ed, hardest, steps,
const RATING_COMPLETE = 20;  //   complete, ..., least

// sudoku_parse() of text into the grid at the pointer; returns the status,
// and the diagnostic's fields where they say something.
function parse(text, grid, diagnostic) {
  return withBlocks([text.length], (chars) => {
    memory().set(new TextEncoder().encode(text), chars);
    return lib.sudoku_parse(grid, chars, text.length, diagnostic);
  });
}

// The solution of a puzzle, as sudoku_format() writes it, or the status.
function solve(puzzle) {
  return withBlocks([GRID, GRID, TEXT], (grid, solution, text) => {
    const status = parse(puzzle, grid, 0);
    if (status !== 0) return { status };
    const solved = lib.sudoku_solve(grid, solution, 0);
    if (solved !== 0) return { status: solved };
    assert.equal(lib.sudoku_format(solution, text), text);
    return { status: 0, solution: readString(text) };
  });
}

// sudoku_rate() of a puzzle: ER, EP and ED in tenths, and whether the
// steps solved it.
function rate(puzzle) {
  return withBlocks([GRID, RATING], (grid, rating) => {
    assert.equal(parse(puzzle, grid, 0), 0);
    assert.equal(lib.sudoku_rate(grid, rating, 0), 0);
    return {
      er: int32(rating),
      ep: int32(rating + 4),
      ed: int32(rating + 8),
      complete: int32(rating + RATING_COMPLETE),
    };
  });
}

// The native command: its output, which must come with exit status 0
// unless another is given.
function native(args, input = "", status = 0) {
  const run = spawnSync(sudoku, args, { input, encoding: "utf8" });
  assert.equal(run.status, status, `sudoku ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
}

// The first puzzles of a file of puzzles/, the first field of each line
// that is not a comment.
function puzzles(file, count) {
  return readFileSync(join(sourceDir, "puzzles", file), "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .slice(0, count)
    .map((line) => line.split(" ")[0]);
}

// The statuses of sudoku.h, in the order of the enum, with their messages.
const statuses = [...header
  .split("#define SUDOKU_STATUS_LIST")[1]
  .split("typedef")[0]
  .matchAll(/X\((SUDOKU_\w+), "([^"]*)"\)/g)]
  .map(([, name, message]) => ({ name, message }));

test("exports every function of sudoku.h, and malloc and free", () => {
  const exported = new Set(WebAssembly.Module.exports(module)
    .filter(({ kind }) => kind === "function")
    .map(({ name }) => name));
  const api = [...header.matchAll(/^SUDOKU_API\b[^(]*?\b(sudoku_\w+)\s*\(/gm)]
    .map(([, name]) => name);
  assert.ok(api.length >= 30, `only ${api.length} functions found in sudoku.h`);
  for (const name of [...api, "malloc", "free", "_initialize"]) {
    assert.ok(exported.has(name), `${name} is not exported`);
  }
  assert.deepEqual(WebAssembly.Module.imports(module)
    .map(({ module: from, name }) => `${from}.${name}`).sort(),
    Object.keys(wasi).map((name) => `wasi_snapshot_preview1.${name}`).sort());
});

test("is stripped; its size", (t) => {
  assert.deepEqual(WebAssembly.Module.customSections(module, "name"), []);
  t.diagnostic(`sudoku.wasm: ${bytes.length} bytes, ` +
    `${gzipSync(bytes, { level: 9 }).length} gzipped`);
});

test("has the command's version", () => {
  assert.equal(`sudoku ${readString(lib.sudoku_version())}\n`,
    native(["--version"]));
});

test("words every status as sudoku.h does", () => {
  assert.ok(statuses.length > 10, "no status list found in sudoku.h");
  statuses.forEach(({ message }, status) => {
    assert.equal(readString(lib.sudoku_strerror(status)), message);
  });
});

test("solves a puzzle as the command does", () => {
  const puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  assert.equal(solve(puzzle).solution + "\n", native([puzzle]));
});

test("solves the first 200 puzzles of 17-clue as the command does", () => {
  const set = puzzles("sets/17-clue.txt", 200);
  assert.equal(set.length, 200);
  const expected = native(["-"], set.join("\n") + "\n").split("\n");
  set.forEach((puzzle, i) => {
    assert.equal(solve(puzzle).solution, expected[i], `puzzle ${i + 1}: ${puzzle}`);
  });
});

// Nested forcing chains, whose searches take the module's stack far past
// wasm-ld's default of 64 KiB.
test("rates three of the hardest puzzles as the command does", () => {
  const set = puzzles("ratings/forum-hardest-se.txt", 3);
  const expected = native(["grade", "-f", "json", "-"], set.join("\n") + "\n")
    .trim().split("\n").map((line) => JSON.parse(line));
  set.forEach((puzzle, i) => {
    const tenths = (figure) => Math.round(figure * 10);
    const { er, ep, ed, complete } = expected[i];
    assert.deepEqual(rate(puzzle), {
      er: tenths(er), ep: tenths(ep), ed: tenths(ed), complete: complete ? 1 : 0,
    }, `puzzle ${i + 1}: ${puzzle}`);
  });
});

test("refuses a bad puzzle with the library's status, then goes on", () => {
  const puzzle = "11" + ".".repeat(79);
  const conflict = statuses.findIndex(({ name }) => name === "SUDOKU_E_CONFLICT");
  withBlocks([GRID, DIAGNOSTIC, 80], (grid, diagnostic, text) => {
    assert.equal(parse(puzzle, grid, diagnostic), conflict);
    assert.equal(int32(diagnostic), conflict);
    assert.equal(int32(diagnostic + DIAGNOSTIC_CELL), 1);
    assert.equal(int32(diagnostic + DIAGNOSTIC_OTHER), 0);
    assert.equal(byte(diagnostic + DIAGNOSTIC_VALUE), 1);
    assert.equal(readString(lib.sudoku_strerror(conflict)),
      statuses[conflict].message);
    const length = lib.sudoku_describe(diagnostic, text, 80);
    const record = JSON.parse(native(["-f", "json", puzzle], "", 1));
    assert.equal(readString(text), record.error);
    assert.equal(length, record.error.length);
  });
  assert.deepEqual(solve(puzzle), { status: conflict });
  const unsolvable = statuses.findIndex(({ name }) => name === "SUDOKU_E_UNSOLVABLE");
  assert.deepEqual(solve("12345678.........9" + ".".repeat(63)), { status: unsolvable });
  const next = puzzles("sets/17-clue.txt", 1)[0];
  assert.equal(solve(next).solution + "\n", native([next]));
});

test("called no WASI function", () => {
  assert.deepEqual(wasiCalls, []);
});
