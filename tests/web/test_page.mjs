// test_page.mjs - the page to play on (src/web/), played in headless
// Chromium through chromedriver, with clicks, key presses and pastes: a
// puzzle pasted as a framed grid, a wrong digit and its conflict, pencil
// marks, a hint in its three stages, the hinted digit placed and undone,
// the explanation, solve and check, hints from pasted pencil marks drawn as
// `sudoku explain -f html` draws them (a Pointing with its cover unit, a
// forcing chain in three colours), a puzzle rated 11.8 explained in the
// worker while the grid still answers, then cancelled, an expert puzzle
// generated as the command makes it, and the game found again after a
// reload. A screenshot is read at the cells
// of a given and of a digit found, for their two colours, and at a struck
// candidate of the explanation.
//
// usage: node test_page.mjs PAGE SUDOKU_BIN [CHROMIUM CHROMEDRIVER]
//
// Without CHROMIUM or CHROMEDRIVER the test is skipped (77); CI and the
// README's test command install them. The page is opened from file://.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { Browser, KEY } from "./webdriver.mjs";

if (process.argv.length !== 4 && process.argv.length !== 6) {
  console.error("usage: node test_page.mjs PAGE SUDOKU_BIN [CHROMIUM CHROMEDRIVER]");
  process.exit(2);
}
const [page, sudoku, chromium, chromedriver] = process.argv.slice(2);
if (!chromium || !chromedriver) {
  console.log("chromium or chromedriver is not installed (apt-get install chromium chromium-driver): skipped");
  process.exit(77);
}

const puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/** The puzzle as a framed grid of nine rows, as people paste it. */
function framed(cells) {
  const rows = cells.match(/.{9}/g).map((row) => row.match(/.../g).join(" | ").split("").join(" "));
  const rule = "------+-------+------";
  return [...rows.slice(0, 3), rule, ...rows.slice(3, 6), rule, ...rows.slice(6)].join("\n");
}

/** A puzzle of forum-hardest-1106 rated 11.8, seconds to explain. */
const hardest = "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4";

const cell = (index) => `[data-cell="${index}"]`;

/** The pixels of a PNG (8-bit RGB or RGBA, not interlaced), as Chromium writes them. */
function decodePng(png) {
  const width = png.readUInt32BE(16), height = png.readUInt32BE(20);
  const channels = { 2: 3, 6: 4 }[png[25]];
  assert.ok(png[24] === 8 && channels && png[28] === 0, "an 8-bit RGB(A) PNG");
  const chunks = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString("latin1", at + 4, at + 8) === "IDAT") chunks.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a
        : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter];
      pixels[y * stride + x] = (value + predicted) & 255;
    }
  }
  return { width, height, at: (x, y) => [...pixels.subarray((y * width + x) * channels, (y * width + x) * channels + 3)] };
}

/** How many pixels of a box are within 8 of a colour, "#rrggbb". */
function countColour(image, [x0, y0, x1, y1], colour) {
  const want = colour.match(/\w\w/g).map((h) => parseInt(h, 16));
  let count = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (image.at(x, y).every((v, i) => Math.abs(v - want[i]) <= 8)) count++;
    }
  }
  return count;
}

/**
 * What a step's drawing shades, frames, squares and links, from SVG
 * markup: the rects of a step's classes as "CLASS X Y WIDTH HEIGHT",
 * sorted; the links' classes, each with the numbers of its path; and the
 * rings, sorted.
 */
function shapes(markup) {
  const elements = (tag) => [...markup.matchAll(new RegExp(`<${tag}\\s([^>]*)>`, "g"))]
    .map(([, attributes]) => Object.fromEntries([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)]
      .map(([, name, value]) => [name, value])));
  const rects = elements("rect").filter((a) => ["b", "c", "p", "ks", "kl", "kp"].includes(a.class))
    .map((a) => [a.class, +a.x, +a.y, +a.width, +a.height].join(" ")).sort();
  const links = elements("path").filter((a) => a.class.startsWith("L "))
    .map((a) => ({ class: a.class, d: a.d.match(/-?[\d.]+/g).map(Number) }));
  const rings = elements("circle").map((a) => [a.class, +a.cx, +a.cy].join(" ")).sort();
  return { rects, links, rings };
}

/**
 * The drawing of a hint on the page against the command's of the same
 * step: the same shading, frames, squares and rings, and the same links
 * in the same order, their curves within half a unit (the command draws
 * in whole tenths).
 */
function assertSameDrawing(page, command, what) {
  assert.deepEqual(page.rects, command.rects, `${what}: shading, frames and squares`);
  assert.deepEqual(page.rings, command.rings, `${what}: the chain's nodes`);
  assert.deepEqual(page.links.map((l) => l.class), command.links.map((l) => l.class), `${what}: the links`);
  page.links.forEach((link, i) => link.d.forEach((v, k) =>
    assert.ok(Math.abs(v - command.links[i].d[k]) <= 0.5, `${what}: link ${i}, ${link.d} against ${command.links[i].d}`)));
}

/** The command's JSON record of a run. */
function native(...args) {
  const run = spawnSync(sudoku, [...args, "-f", "json"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

test("the page is one file of at most 400 KB", () => {
  assert.ok(statSync(page).size <= 400 * 1024, `the page takes ${statSync(page).size} bytes`);
});

test("the page is played with clicks and keys", async () => {
  const browser = await Browser.start(chromedriver, chromium, { singleProcess: true });
  after(() => browser.quit());
  const ready = () => browser.until(async () => (await browser.attribute("html", "data-ready")) === "true", "the page");
  const label = (index) => browser.attribute(cell(index), "aria-label");
  const status = () => browser.text("#status");

  await browser.open(pathToFileURL(page).href);
  await ready();

  // A puzzle pasted as a framed grid.
  await browser.paste("#puzzle-text", framed(puzzle));
  await browser.click("#enter button");
  assert.equal(await label(0), "row 1, column 1, 4, given");
  assert.equal(await browser.attribute("#grid", "role"), "grid");

  // A wrong digit: a 4 beside the given 4, reached by the arrow key, then
  // erased; a pencil mark by Shift+digit, and by the pencil mode.
  await browser.click(cell(0));
  await browser.keys(KEY.right);
  await browser.keys("4");
  assert.equal(await label(1), "row 1, column 2, 4, conflict");
  assert.match(await browser.attribute(cell(0), "class"), /\bconflict\b/);
  await browser.keys(KEY.backspace);
  assert.equal(await label(1), "row 1, column 2, empty");
  await browser.keys("2", KEY.shift);
  await browser.keys("p3p");
  assert.equal(await label(1), "row 1, column 2, empty, pencil marks 2 3");
  await browser.keys(KEY.backspace);
  assert.equal(await label(1), "row 1, column 2, empty");

  // A hint, in three stages: the technique and where, the cells, the step.
  await browser.click("#hint");
  assert.match(await browser.text("#hint-text"), /Hidden Single \(1\.2\): look at box 4\./);
  assert.ok(await browser.find("#under rect.b"), "box 4 shaded");
  await browser.click("#hint");
  assert.match(await browser.text("#hint-text"), /The cells: r6c2\./);
  assert.ok(await browser.find("#under rect.p"), "r6c2 framed");
  await browser.click("#hint");
  assert.match(await browser.text("#hint-text"), /Hidden Single: r6c2=4 in b4/);
  assert.ok(await browser.find("#under rect.kl"), "the placed digit's square");

  // The hinted digit placed, undone with Ctrl+Z, and done again with Ctrl+Y.
  await browser.click(cell(46));
  await browser.keys("4");
  assert.equal(await label(46), "row 6, column 2, 4");
  assert.equal(await browser.text("#hint-text"), "");
  await browser.keys("z", KEY.control);
  assert.equal(await label(46), "row 6, column 2, empty");
  await browser.keys("y", KEY.control);
  assert.equal(await label(46), "row 6, column 2, 4");

  // The two colours: a given (r1c1) in near black, a digit found (r6c2) in blue.
  const board = decodePng(await browser.screenshot("#board"));
  const side = board.width / 9;
  const box = (index) => [Math.round((index % 9) * side) + 4, Math.round(Math.floor(index / 9) * side) + 4,
    Math.round((index % 9 + 1) * side) - 4, Math.round((Math.floor(index / 9) + 1) * side) - 4];
  assert.ok(countColour(board, box(0), "#111111") > 20, "the given in #111");
  assert.equal(countColour(board, box(0), "#1864ab"), 0);
  assert.ok(countColour(board, box(46), "#1864ab") > 20, "the digit found in #1864ab");
  assert.equal(countColour(board, box(46), "#111111"), 0);

  // The explanation, its fourth step striking 2 from r1c6, r2c6 and r3c6.
  await browser.click("#explain");
  await browser.until(async () => (await status()).startsWith("Explained in 69 steps"), "the explanation");
  assert.match(await status(), /ER 2\.6, EP 1\.2, ED 1\.2, level medium/);
  const fourth = "#explanation li:nth-child(4)";
  assert.equal(await browser.text(`${fourth} pre`), "Pointing: 2 in b5 => r1c6<>2, r2c6<>2, r3c6<>2");
  // The drawing is 328 pixels wide for a viewBox 328 wide from -2: the
  // square of candidate 2 of r1c6 spans 195 to 205 across, 3 to 13 down.
  const step = decodePng(await browser.screenshot(`${fourth} svg`));
  assert.ok(countColour(step, [195, 3, 205, 13], "#f08080") > 30, "2 struck from r1c6");

  // Solve, and check.
  await browser.click("#solve");
  assert.equal(await label(1), "row 1, column 2, 1");
  await browser.click("#check");
  assert.equal(await status(), "Solved: every digit is right.");

  // Hints from pasted pencil marks, drawn as `explain --hint -f html`
  // draws the same step: a Pointing, whose cover unit is shaded yellow,
  // and a Region Forcing Chains, its unit shaded and its three branches
  // linked in three colours; the dotted links are as many as the step's
  // nodes marked cut (none: no puzzle of the rating sets has a chain cut).
  const forcing = ".9.46....37.........4...7.....3..2.881..2.39...7.....694.278.1..2.1..........9...";
  for (const [given, at, technique] of [[puzzle, 3, "Pointing"], [forcing, 18, "Region Forcing Chains"]]) {
    const marks = native("explain", "--candidates", given).steps[at].candidates;
    const step = native("explain", "--hint", marks).steps[0];
    assert.equal(step.technique, technique);
    await browser.paste("#puzzle-text", marks);
    await browser.click("#enter button");
    for (let stage = 0; stage < 3; stage++) await browser.click("#hint");
    assert.equal((await browser.text("#hint-text pre")).split("\n")[0], step.text.split("\n")[0]);
    const drawn = shapes(await browser.evaluate(
      'return document.getElementById("under").innerHTML + document.getElementById("over").innerHTML'));
    const html = spawnSync(sudoku, ["explain", "--hint", "-f", "html", marks], { encoding: "utf8" }).stdout;
    assertSameDrawing(drawn, shapes(html.match(/<svg class="g step"[\s\S]*?<\/svg>/)[0]), technique);
    const cuts = JSON.stringify(step).split('"cut":true').length - 1;
    assert.equal(drawn.links.filter((l) => l.class.startsWith("L x ")).length, cuts);
    if (technique === "Pointing") assert.ok(drawn.rects.includes("c 180 0 36 324"), "column 6 shaded yellow");
    else assert.equal(new Set(drawn.links.map((l) => l.class.split(" ")[2])).size, 3, "three colours");
  }

  // A puzzle rated 11.8 explained in the worker: the grid still answers,
  // and Cancel stops the work.
  await browser.paste("#puzzle-text", hardest);
  await browser.click("#enter button");
  await browser.click("#explain");
  assert.equal(await status(), "Explaining…");
  await browser.click(cell(0));
  await browser.keys("1");
  assert.match(await label(0), /^row 1, column 1, 1\b/);
  await browser.click("#cancel");
  assert.equal(await status(), "Cancelled.");
  assert.equal(await browser.attribute("#cancel", "hidden"), "true");

  // An expert puzzle of a chosen seed, as the command makes it.
  await browser.click("#level");
  await browser.click("#level option:nth-child(4)");
  await browser.click("#seed");
  await browser.type("#seed", "2024");
  await browser.click("#generate button");
  await browser.until(async () => (await status()).startsWith("A new expert puzzle: seed 2024"), "the puzzle", 30_000);
  const made = native("generate", "--seed", "2024", "--level", "expert", "--symmetry", "rotate180");
  assert.match(await browser.text("#about"), new RegExp(`seed 2024, level expert.*${made.puzzle.replaceAll(".", "\\.")}`));

  // A digit in its first open cell, kept over a reload.
  const open = made.puzzle.indexOf(".");
  await browser.click(cell(open));
  await browser.keys("5");
  await browser.reload();
  await ready();
  assert.match(await label(open), /, 5$/);
  assert.match(await browser.text("#about"), /seed 2024, level expert/);
});
