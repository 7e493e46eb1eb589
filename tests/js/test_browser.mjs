// test_browser.mjs - the JavaScript package in headless Chromium: a page
// served over HTTP imports sudoku.mjs, which fetches sudoku.wasm from
// beside it; its solution, grades, canonical form, generated puzzle and
// error equal the command's, and after a trap the page goes on with a
// new instance, made synchronously on the page's main thread. The page
// sends what it found back to the server, which the test waits for: a
// dump of the DOM could come before the module is compiled.
//
// usage: node test_browser.mjs PACKAGE_DIR SUDOKU_BIN [CHROMIUM]
//
// Without CHROMIUM the test is skipped (77); CI and the README's test
// command install it. The server listens on 127.0.0.1 alone, and the
// browser reaches nothing else.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

if (process.argv.length !== 4 && process.argv.length !== 5) {
  console.error("usage: node test_browser.mjs PACKAGE_DIR SUDOKU_BIN [CHROMIUM]");
  process.exit(2);
}
const [packageDir, sudoku, chromium] = process.argv.slice(2);
if (!chromium) {
  console.log("chromium is not installed (apt-get install chromium): skipped");
  process.exit(77);
}

const puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
const conflict = "11" + ".".repeat(79);

// The page: the package's calls, their results written into the body as
// JSON. A spy, as in test_package.mjs, makes one sudoku_solve trap, by a
// solution written past the module's memory, and counts the instances.
const page = `<!doctype html>
<meta charset="utf-8">
<title>sudoku.mjs</title>
<script type="module">
import { load, SudokuError } from "./sudoku.mjs";

const out = {};
try {
  let trapNext = false;
  out.instances = 0;
  const instantiate = WebAssembly.instantiate;
  const Instance = WebAssembly.Instance;
  const watch = (instance) => {
    out.instances++;
    const solve = instance.exports.sudoku_solve;
    const exports = { ...instance.exports, sudoku_solve: (grid, solution, stats) => {
      if (trapNext) [trapNext, solution] = [false, 0x7ffffff0];
      return solve(grid, solution, stats);
    } };
    return { exports };
  };
  WebAssembly.instantiate = async (module, imports) => watch(await instantiate(module, imports));
  WebAssembly.Instance = function (module, imports) { return watch(new Instance(module, imports)); };

  const sudoku = await load();
  out.version = sudoku.version;
  out.solution = sudoku.solve(${JSON.stringify(puzzle)});
  out.grade = sudoku.grade(${JSON.stringify(puzzle)});
  out.bound = sudoku.grade(${JSON.stringify(hard)}, { maxRating: 7.5 });
  out.canon = sudoku.canon(${JSON.stringify(puzzle)});
  out.made = sudoku.generate({ seed: 2024, index: 3, level: "hard", symmetry: "rotate180" });
  try {
    sudoku.solve(${JSON.stringify(conflict)});
  } catch (error) {
    out.error = { sudoku: error instanceof SudokuError, code: error.code, message: error.message };
  }
  trapNext = true;
  try {
    sudoku.solve(${JSON.stringify(puzzle)});
  } catch (error) {
    out.trap = { sudoku: error instanceof SudokuError, cause: String(error.cause) };
  }
  out.after = sudoku.solve(${JSON.stringify(puzzle)});
} catch (error) {
  out.failure = String(error);
}
await fetch("result", { method: "POST", body: JSON.stringify(out) });
</script>
`;

// Serves the page and the package's files, each with its type, and takes
// the page's results.
const types = { ".mjs": "text/javascript", ".wasm": "application/wasm" };
let reported;
const report = new Promise((resolve) => { reported = resolve; });
const server = createServer((request, response) => {
  const name = new URL(request.url, "http://localhost").pathname.slice(1);
  if (name === "result" && request.method === "POST") {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => { body += chunk; });
    request.on("end", () => {
      response.end();
      reported(body);
    });
    return;
  }
  if (name === "page.html") {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(page);
    return;
  }
  const type = types[name.slice(name.lastIndexOf("."))];
  if (!type || name.includes("/")) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, { "content-type": type });
  response.end(readFileSync(join(packageDir, name)));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
after(() => server.close());

// The command's JSON records; the last one.
function native(args) {
  const run = spawnSync(sudoku, [...args, "-f", "json"], { encoding: "utf8" });
  assert.equal(run.status, args.includes(conflict) ? 1 : 0, run.stderr);
  return JSON.parse(run.stdout.trim().split("\n").pop());
}

// A record's fields but those that name its input, and its status.
const result = ({ source, line, puzzle: _, status, ...rest }) => rest;

test("runs in headless Chromium as the command does", async () => {
  const profile = mkdtempSync(join(tmpdir(), "sudoku-browser-"));
  after(() => rmSync(profile, { recursive: true, force: true }));
  // The browser runs until the page has reported, or fails to.
  const browser = spawn(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", `--user-data-dir=${profile}`,
    `http://127.0.0.1:${server.address().port}/page.html`], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  browser.stderr.setEncoding("utf8").on("data", (chunk) => { stderr += chunk; });
  const exited = new Promise((resolve) => browser.on("close", resolve));
  let timer;
  const text = await Promise.race([
    report,
    exited.then((code) => { throw new Error(`chromium exited (${code}) first:\n${stderr}`); }),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no report in 120 s:\n${stderr}`)), 120_000);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    browser.kill();
  });
  await exited;
  const out = JSON.parse(text);
  assert.equal(out.failure, undefined);

  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  const { seed, index, status, ...made } = native(["generate", "--seed", "2024", "-n", "4",
    "--level", "hard", "--symmetry", "rotate180"]);
  assert.deepEqual(out, {
    instances: 2,
    version,
    solution: native([puzzle]).solution,
    grade: result(native(["grade", puzzle])),
    bound: result(native(["grade", "--max-rating", "7.5", hard])),
    canon: native(["canon", puzzle]).canonical,
    made,
    error: { sudoku: true, code: "SUDOKU_E_CONFLICT", message: native([conflict]).error },
    trap: { sudoku: false, cause: "RuntimeError: memory access out of bounds" },
    after: native([puzzle]).solution,
  });
});
