// page.js - the page to play on: the grid, the player's digits and pencil
// marks, undo and redo, hints in three stages, check, solve, and the long
// work (grade, explain, generate) in a worker that can be cancelled. The
// page holds the package's module and sudoku.wasm inline, so it opens from
// file:// with no network; draw.js, inlined before this file, draws steps.
//
// A game is the puzzle's givens, the player's digits and pencil marks (a
// 9-bit mask a cell); it is kept in localStorage after each change, and
// the puzzle in the URL's hash, so that a reload finds the game and a link
// opens the puzzle.

const STORE = "sudoku-game";

/** The first puzzle of a first visit, as Generate makes it: seed 7, level easy. */
const FIRST = { puzzle: "....3.8..1..2...3.8.5...9..41.......5.63.17.8.......43..9...3.6.6...7..2..4.2....",
  seed: 7, level: "easy" };
/** The symmetry of the puzzles Generate makes. */
const SYMMETRY = "rotate180";

const $ = (id) => document.getElementById(id);

// The library, compiled from the bytes in the page, on this thread for the
// quick calls (solve, hint, count) and in a worker for the long ones.
// The module is imported and sudoku.wasm compiled at once.
const wasm = bytesOf($("sudoku-wasm").textContent.trim());
const [{ load }, module] = await Promise.all([
  import(blobUrl($("sudoku-mjs").textContent)), WebAssembly.compile(wasm)]);
const sudoku = await load({ module });

/** The bytes of base64 text. */
function bytesOf(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function blobUrl(text) {
  return URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
}

// The game.

let game; // { givens, values, marks, seed, level }, from restore() on
let solution = null; // the givens' solution, once asked for
let undone = []; // the states before each change, last first
let redone = [];
let selected = 40;
let pencil = false;
let wrong = new Set(); // the cells that check found wrong
let hint = null; // { step, stage, marks, figure } while a hint is shown

const given = (cell) => game.givens[cell] >= "1" && game.givens[cell] <= "9";
const digitAt = (cell) => (given(cell) ? +game.givens[cell] : game.values[cell]);

/** The cells in a cell's row, column and box, but itself. */
const peers = Array.from({ length: 81 }, (_, cell) =>
  [...new Set(unitsOf(cell).flatMap(unitCells))].filter((other) => other !== cell));

/** A change of the player's digits or marks: undoable, saved, drawn. */
function change(work) {
  undone.unshift({ values: [...game.values], marks: [...game.marks] });
  redone = [];
  work();
  changed();
}

function changed() {
  wrong.clear();
  hint = null;
  save();
  render();
}

/** Undoes the last change (from undone to redone), or redoes it (the other way). */
function undo(from, to) {
  const state = from.shift();
  if (!state) return;
  to.unshift({ values: game.values, marks: game.marks });
  Object.assign(game, state);
  changed();
}

/** Puts a digit in the selected cell, or with `asMark` toggles its mark. */
function enter(digit, asMark) {
  const cell = selected;
  if (given(cell)) return;
  if (asMark || pencil) {
    if (game.values[cell]) return;
    change(() => { game.marks[cell] ^= 1 << (digit - 1); });
  } else if (game.values[cell] !== digit) {
    change(() => { game.values[cell] = digit; });
  }
}

function togglePencil() {
  pencil = !pencil;
  render();
}

function erase() {
  const cell = selected;
  if (given(cell) || (!game.values[cell] && !game.marks[cell])) return;
  change(() => {
    if (game.values[cell]) game.values[cell] = 0;
    else game.marks[cell] = 0;
  });
}

/** The cells whose digit a peer holds too. */
function conflicts() {
  const found = new Set();
  for (let cell = 0; cell < 81; cell++) {
    const digit = digitAt(cell);
    if (digit && peers[cell].some((other) => digitAt(other) === digit)) found.add(cell);
  }
  return found;
}

// Starting a game.

function start(givens, { marks = null, seed = null, level = null } = {}) {
  game = { givens, values: Array(81).fill(0), marks: Array(81).fill(0), seed, level };
  if (marks) {
    for (let cell = 0; cell < 81; cell++) {
      if (!given(cell)) game.marks[cell] = maskOf(marks, cell);
    }
  }
  solution = null;
  undone = [];
  redone = [];
  $("explanation").replaceChildren();
  changed();
}

/** The mask of a cell's pencil marks, of 729 characters. */
function maskOf(marks, cell) {
  let mask = 0;
  for (let digit = 1; digit <= 9; digit++) if (hasMark(marks, cell, digit)) mask |= 1 << (digit - 1);
  return mask;
}

/**
 * Starts the game of a pasted puzzle, with one solution: in any form the
 * command reads (the package's read()), 81 cells or 729 pencil marks.
 */
function play(text) {
  const form = sudoku.read(text);
  if (form.length === 81) {
    const found = sudoku.count(form, 2);
    if (found !== 1) throw new Error(found ? "the puzzle has more than one solution" : "the puzzle has no solution");
    start(form.replace(/[^1-9]/g, "."));
    return;
  }
  sudoku.hint(form); // throws unless the marks have one solution
  const givens = Array.from({ length: 81 }, (_, cell) => {
    const mask = maskOf(form, cell);
    return mask && !(mask & (mask - 1)) ? String(Math.log2(mask) + 1) : ".";
  }).join("");
  start(givens, { marks: form });
}

// Saving, and finding the game again.

function save() {
  localStorage.setItem(STORE, JSON.stringify(game));
  history.replaceState(null, "", `#${game.givens}`);
}

function restore() {
  const hash = decodeURIComponent(location.hash.slice(1));
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORE));
  } catch {
    // a game saved by something else: start afresh
  }
  if (saved?.givens?.length === 81 && (!hash || hash === saved.givens)) {
    game = saved;
    changed();
  } else if (hash) {
    try {
      play(hash);
    } catch (error) {
      start(FIRST.puzzle, FIRST);
      say(`The link's puzzle cannot be played: ${error.message}`, true);
    }
  } else {
    start(FIRST.puzzle, FIRST);
  }
}

// Drawing.

const grid = $("grid");
const cells = [];
for (let row = 0; row < 9; row++) {
  const line = document.createElement("div");
  line.setAttribute("role", "row");
  line.setAttribute("aria-rowindex", row + 1);
  for (let column = 0; column < 9; column++) {
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.setAttribute("role", "gridcell");
    cell.setAttribute("aria-colindex", column + 1);
    cell.dataset.cell = row * 9 + column;
    line.append(cell);
    cells.push(cell);
  }
  grid.append(line);
}
document.body.insertAdjacentHTML("afterbegin", markersMarkup());
$("over").innerHTML = rulesMarkup();

function render() {
  const bad = conflicts();
  const marks = hint?.stage === 3 ? hint.marks : null;
  const chosen = digitAt(selected);
  cells.forEach((element, cell) => {
    const digit = digitAt(cell);
    const mask = digit ? 0 : game.marks[cell] || (marks ? maskOf(marks, cell) : 0);
    element.className = "cell";
    element.classList.toggle("given", given(cell));
    element.classList.toggle("selected", cell === selected);
    element.classList.toggle("peer", peers[selected].includes(cell));
    element.classList.toggle("same", Boolean(chosen) && digit === chosen && cell !== selected);
    element.classList.toggle("conflict", bad.has(cell));
    element.classList.toggle("wrong", wrong.has(cell));
    element.tabIndex = cell === selected ? 0 : -1;
    element.setAttribute("aria-selected", cell === selected);
    element.setAttribute("aria-label", cellLabel(cell, digit, mask, bad.has(cell)));
    if (digit) {
      element.textContent = digit;
    } else if (mask) {
      const box = document.createElement("span");
      box.className = game.marks[cell] ? "marks" : "marks auto";
      box.setAttribute("aria-hidden", "true");
      for (let d = 1; d <= 9; d++) {
        const place = document.createElement("span");
        place.textContent = mask & (1 << (d - 1)) ? d : "";
        box.append(place);
      }
      element.replaceChildren(box);
    } else {
      element.textContent = "";
    }
  });
  $("pencil").setAttribute("aria-pressed", pencil);
  $("undo").disabled = !undone.length;
  $("redo").disabled = !redone.length;
  drawHint();
  const about = game.seed !== null
    ? `Generated: seed ${game.seed}, level ${game.level}, symmetry ${SYMMETRY} (Generate with this seed and level makes it again).`
    : "";
  $("about").textContent = `${about} Puzzle ${game.givens}`;
}

/** "row 3, column 5, 7, given" */
function cellLabel(cell, digit, mask, conflict) {
  const where = `row ${Math.floor(cell / 9) + 1}, column ${cell % 9 + 1}`;
  if (digit) {
    return `${where}, ${digit}${given(cell) ? ", given" : ""}${conflict ? ", conflict" : ""}${wrong.has(cell) ? ", wrong" : ""}`;
  }
  const noted = digitsOf(mask);
  return `${where}, empty${noted.length ? `, pencil marks ${noted.join(" ")}` : ""}`;
}

function say(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

// Hints: first the technique and where to look, then the cells, then the
// whole step.

/**
 * What a hint starts from: the puzzle with the player's digits, or, when
 * the player has pencil marks, the 729 marks of the grid, a cell without
 * marks taking every digit its peers leave.
 */
function hintInput() {
  const digits = Array.from({ length: 81 }, (_, cell) => digitAt(cell));
  if (!game.marks.some(Boolean)) return digits.map((d) => d || ".").join("");
  return digits.map((digit, cell) => {
    let mask = digit ? 1 << (digit - 1) : game.marks[cell];
    if (!mask) {
      mask = 511;
      for (const other of peers[cell]) if (digits[other]) mask &= ~(1 << (digits[other] - 1));
    }
    return Array.from({ length: 9 }, (_, i) => ((mask >> i) & 1 ? i + 1 : ".")).join("");
  }).join("");
}

function askHint() {
  if (hint) {
    hint.stage = Math.min(hint.stage + 1, 3);
    render();
    return;
  }
  const begun = performance.now();
  let step;
  try {
    step = sudoku.hint(hintInput(), { candidates: true });
  } catch (error) {
    const why = error.code === "SUDOKU_E_CONFLICT" ? `two digits clash: ${error.message}`
      : error.code === "SUDOKU_E_UNSOLVABLE" ? "the grid as it stands has no solution: a digit or a pencil mark is wrong (Check finds wrong digits)"
        : error.message;
    say(`No hint: ${why}.`, true);
    return;
  }
  if (!step) {
    say("No hint: the grid is full.");
    return;
  }
  hint = { step, stage: 1, marks: step.candidates, figure: stepFigure(step) };
  render();
  performance.measure("sudoku-hint", { start: begun }); // for tests/bench/page_speed.mjs
}

/** Where a step looks: its units, or the boxes of its cells. */
function lookAt(figure) {
  if (figure.units.length) return figure.units;
  const cellsOf = figure.framed.length ? figure.framed
    : [...figure.placed, ...figure.struck, ...figure.nodes].map(({ cell }) => cell);
  return [...new Set(cellsOf.map((cell) => unitsOf(cell)[2]))];
}

function drawHint() {
  const panel = $("hint-text");
  if (!hint) {
    $("under").innerHTML = "";
    $("over").innerHTML = rulesMarkup();
    panel.replaceChildren();
    return;
  }
  const { step, stage, figure } = hint;
  const where = lookAt(figure);
  const framed = figure.framed.length ? figure.framed
    : [...new Set([...figure.placed, ...figure.struck].map(({ cell }) => cell))];
  let under = unitsMarkup(where);
  let over = rulesMarkup();
  let words = `<p><b>${escapeHtml(step.technique)}</b> (${step.rating.toFixed(1)}): look at ${where.map(unitName).join(", ")}.</p>`;
  if (stage >= 2) {
    under += framesMarkup(framed);
    words += `<p>The cells: ${framed.map(cellName).join(", ")}.</p>`;
  }
  if (stage === 3) {
    const marks = (cell, digit) => !digitAt(cell) && hasMark(hint.marks, cell, digit);
    under = underMarkup(figure, marks);
    over += chainMarkup(figure);
    words += wordsMarkup(step.text);
  } else {
    words += "<p>Hint again for more.</p>";
  }
  $("under").innerHTML = under;
  $("over").innerHTML = over;
  panel.innerHTML = words;
}

// Check and solve.

function solutionOf() {
  solution ??= sudoku.solve(game.givens);
  return solution;
}

function check() {
  const answer = solutionOf();
  let open = 0;
  wrong = new Set();
  for (let cell = 0; cell < 81; cell++) {
    if (!game.values[cell]) open += given(cell) ? 0 : 1;
    else if (game.values[cell] !== +answer[cell]) wrong.add(cell);
  }
  render();
  if (wrong.size) say(`${wrong.size} of your digits ${wrong.size === 1 ? "is" : "are"} wrong: struck through.`, true);
  else if (open) say(`All your digits are right; ${open} cells to go.`);
  else say("Solved: every digit is right.");
}

function solve() {
  const answer = solutionOf();
  change(() => {
    game.values = game.values.map((_, cell) => (given(cell) ? 0 : +answer[cell]));
    game.marks = Array(81).fill(0);
  });
  say("Solved.");
}

// The worker and its calls.

let worker = null;
const waiting = new Map(); // id: { resolve, reject }
let calls = 0;

/*
 * The worker runs the package's module and worker.js as one module from a
 * data: URL, and compiles sudoku.wasm from the bytes it is sent. From a
 * page opened from file://, Chromium starts no worker from a Blob URL, and
 * a compiled module cannot be posted into the opaque origin of a data: URL.
 */
function startWorker() {
  const source = `${$("sudoku-mjs").textContent}\n${$("worker-js").textContent}`;
  worker = new Worker(`data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`,
    { type: "module" });
  worker.postMessage({ bytes: wasm });
  worker.onmessage = ({ data }) => {
    const { resolve, reject } = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error) reject(Object.assign(new Error(data.error.message), { code: data.error.code }));
    else resolve(data.result);
  };
}

/** Runs a function of the package in the worker, with Cancel shown. */
async function inWorker(what, name, ...args) {
  if (!worker) startWorker();
  const id = ++calls;
  say(`${what}…`);
  $("cancel").hidden = false;
  try {
    return await new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, name, args });
    });
  } finally {
    if (!waiting.size) $("cancel").hidden = true;
  }
}

function cancel() {
  worker?.terminate();
  worker = null;
  for (const { reject } of waiting.values()) reject(Object.assign(new Error("cancelled"), { code: "cancelled" }));
  waiting.clear();
  $("cancel").hidden = true;
}

/** A long call's failure, unless it was cancelled. */
function failed(error) {
  say(error.code === "cancelled" ? "Cancelled." : error.message, error.code !== "cancelled");
}

const ratingWords = (r) => `ER ${r.er.toFixed(1)}, EP ${r.ep.toFixed(1)}, ED ${r.ed.toFixed(1)}, level ${r.level ?? "easy"}`;

async function grade() {
  try {
    const rating = await inWorker("Grading", "grade", game.givens);
    say(`Rated ${ratingWords(rating)}; hardest step: ${rating.hardest ?? "none"}.`);
  } catch (error) {
    failed(error);
  }
}

async function explain() {
  const givens = game.givens;
  let result;
  try {
    result = await inWorker("Explaining", "explain", givens, { candidates: true });
  } catch (error) {
    failed(error);
    return;
  }
  say(`Explained in ${result.steps.length} steps: ${ratingWords(result)}.`);
  const values = Array.from(givens, (c) => (c >= "1" && c <= "9" ? +c : 0));
  const items = result.steps.map((step) => {
    const item = `<li>${stepSvg(step, values, givens, step.candidates, step.text.split("\n")[0])}<div>${
      wordsMarkup(step.text)}<p>Rating ${step.rating.toFixed(1)}</p></div></li>`;
    for (const { cell, digit } of step.placements.map(candidateOf)) values[cell] = digit;
    return item;
  });
  $("explanation").innerHTML = `<h2>Explanation</h2><p>${ratingWords(result)}; hardest step: ${
    escapeHtml(result.hardest ?? "none")}; ${result.steps.length} steps.</p><ol>${items.join("")}</ol>`;
}

async function generate(level, seedText) {
  const seed = seedText.trim() ? Number(seedText) : Math.floor(Math.random() * 2 ** 32);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    say("The seed is a whole number, 0 or more.", true);
    return;
  }
  try {
    const made = await inWorker(`Making a puzzle, level ${level}, seed ${seed}`, "generate",
      { seed, level, symmetry: SYMMETRY });
    start(made.puzzle, { seed, level });
    say(`A new ${level} puzzle: seed ${seed}, ${ratingWords(made)}.`);
  } catch (error) {
    failed(error);
  }
}

// Input: keys on the grid, clicks and taps on cells and buttons.

function select(cell) {
  selected = cell;
  render();
  cells[cell].focus();
}

const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };

grid.addEventListener("keydown", (event) => {
  const digit = /^(Digit|Numpad)([1-9])$/.exec(event.code)?.[2];
  const key = event.key;
  const control = event.ctrlKey || event.metaKey;
  if (moves[key]) {
    const row = Math.floor(selected / 9), column = selected % 9;
    const step = moves[key];
    select(Math.abs(step) === 9 ? ((row + step / 9 + 9) % 9) * 9 + column : row * 9 + (column + step + 9) % 9);
  } else if (digit && !control) {
    enter(+digit, event.shiftKey);
  } else if (key === "Backspace" || key === "Delete" || key === "0") {
    erase();
  } else if (!control && (key === "p" || key === "P")) {
    togglePencil();
  } else if (!control && (key === "h" || key === "H")) {
    askHint();
  } else {
    return;
  }
  event.preventDefault();
});

document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.target.closest("input, textarea")) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) undo(undone, redone);
  else if (key === "y" || (key === "z" && event.shiftKey)) undo(redone, undone);
  else return;
  event.preventDefault();
});

grid.addEventListener("click", (event) => {
  const cell = event.target.closest(".cell");
  if (cell) select(+cell.dataset.cell);
});

$("pad").addEventListener("click", (event) => {
  const digit = event.target.dataset?.digit;
  if (digit) enter(+digit, event.shiftKey);
});

const buttons = {
  erase,
  pencil: togglePencil,
  undo: () => undo(undone, redone),
  redo: () => undo(redone, undone),
  hint: askHint,
  check,
  solve,
  grade,
  explain,
  cancel,
};
for (const [id, work] of Object.entries(buttons)) $(id).addEventListener("click", work);

$("enter").addEventListener("submit", (event) => {
  event.preventDefault();
  try {
    play($("puzzle-text").value);
    $("puzzle-text").value = "";
    say("A new puzzle: good luck.");
  } catch (error) {
    say(`That puzzle cannot be played: ${error.message}.`, true);
  }
});

$("generate").addEventListener("submit", (event) => {
  event.preventDefault();
  generate($("level").value, $("seed").value);
});

restore();
performance.mark("sudoku-ready");
document.documentElement.dataset.ready = "true";
