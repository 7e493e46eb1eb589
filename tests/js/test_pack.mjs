// test_pack.mjs - the JavaScript package as npm packs it: the tarball
// holds the package's files and nothing else, within 300 KB, installs
// offline into a new project, and is imported there by its name.
//
// usage: node test_pack.mjs PACKAGE_DIR SUDOKU_BIN [NPM]
//
// Without NPM, npm was not found, and the test is skipped (77). npm runs
// with a cache of its own in a temporary folder, and reaches no registry.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

if (process.argv.length !== 4 && process.argv.length !== 5) {
  console.error("usage: node test_pack.mjs PACKAGE_DIR SUDOKU_BIN [NPM]");
  process.exit(2);
}
const [packageDir, sudoku, npm] = process.argv.slice(2);
if (!npm) {
  console.log("npm was not found: the package is not packed (on Debian: apt-get install npm)");
  process.exit(77);
}

const work = mkdtempSync(join(tmpdir(), "sudoku-pack-"));
after(() => rmSync(work, { recursive: true, force: true }));
const env = {
  ...process.env,
  npm_config_cache: join(work, "cache"),
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};

// Runs a program in a folder; it must succeed. Returns its output.
function run(program, args, cwd) {
  const result = spawnSync(program, args, { cwd, env, encoding: "utf8" });
  assert.equal(result.status, 0,
    `${program} ${args.join(" ")}: ${result.error ?? ""}${result.stderr}`);
  return result.stdout;
}

const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
let tarball;

test("packs the package's files alone, within 300 KB", (t) => {
  const [packed] = JSON.parse(run(npm, ["pack", "--json", "--pack-destination", work],
    packageDir));
  tarball = join(work, packed.filename);
  assert.equal(packed.filename, `sudoku-${manifest.version}.tgz`);
  assert.deepEqual(packed.files.map(({ path }) => path).sort(),
    ["LICENSE", "README.md", "package.json", "sudoku.d.ts", "sudoku.mjs", "sudoku.wasm"]);
  assert.ok(packed.size <= 300 * 1024, `the tarball takes ${packed.size} bytes`);
  assert.equal(manifest.dependencies, undefined);
  t.diagnostic(`${packed.filename}: ${packed.size} bytes, ${packed.unpackedSize} unpacked`);
});

test("installs offline and is imported by its name", () => {
  assert.ok(tarball, "nothing was packed");
  const project = join(work, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"),
    JSON.stringify({ name: "uses-sudoku", private: true, type: "module" }));
  run(npm, ["install", "--offline", "--no-audit", "--no-fund", tarball], project);
  const puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  writeFileSync(join(project, "uses.mjs"), `
import { load, SudokuError } from "sudoku";

const sudoku = await load();
let code;
try {
  sudoku.solve("11" + ".".repeat(79));
} catch (error) {
  code = error instanceof SudokuError && error.code;
}
console.log(JSON.stringify({ version: sudoku.version, solution: sudoku.solve("${puzzle}"), code }));
`);
  const got = JSON.parse(run(process.execPath, ["uses.mjs"], project));
  const version = run(sudoku, ["--version"]).trim();
  const solution = run(sudoku, [puzzle]).trim();
  assert.deepEqual(got, {
    version: version.replace("sudoku ", ""), solution, code: "SUDOKU_E_CONFLICT",
  });
  const installed = JSON.parse(readFileSync(
    join(project, "node_modules/sudoku/package.json"), "utf8"));
  assert.equal(installed.version, manifest.version);
  assert.ok(readFileSync(join(project, "node_modules/sudoku", installed.types), "utf8")
    .includes("export function load("));
});
