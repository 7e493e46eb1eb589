// draw.js - a step drawn as `sudoku explain -f html` draws it, in SVG
// markup, from the fields of its JSON object (sudoku_step_json()), which
// are the library's facts that src/cli/html.c draws: its base and cover
// units shaded, its cells framed, the candidates it strikes, places and
// rests on in their squares, and its chain's links (dotted where nodes
// were left out) and nodes in the colours of their branches. The page
// inlines it before page.js, in one module; the style of the classes is in
// page.css, as src/cli/html.c has it.
//
// The units are CSS pixels of a grid 324 wide: a cell is 36, a candidate's
// square 12, digit d at column (d-1)%3 and row (d-1)/3 of its cell.

const CELL = 36;
const SLOT = 12;
const SIDE = 9 * CELL;
const BRANCH_COLOURS = 6;

/** "r4c7" as a cell, 0 to 80. */
const cellOf = (row, column) => (row - 1) * 9 + (column - 1);

/** A cell's name, "r4c7". */
const cellName = (cell) => `r${Math.floor(cell / 9) + 1}c${cell % 9 + 1}`;

/** A unit's words: rows are 0-8, columns 9-17, boxes 18-26. */
const unitName = (unit) => `${["row", "column", "box"][Math.floor(unit / 9)]} ${unit % 9 + 1}`;

/** The cells of a unit. */
function unitCells(unit) {
  const i = unit % 9;
  return Array.from({ length: 9 }, (_, k) => {
    if (unit < 9) return i * 9 + k;
    if (unit < 18) return k * 9 + i;
    return (Math.floor(i / 3) * 3 + Math.floor(k / 3)) * 9 + (i % 3) * 3 + (k % 3);
  });
}

/** The row, column and box of a cell, as units. */
const unitsOf = (cell) => [Math.floor(cell / 9), 9 + cell % 9,
  18 + Math.floor(cell / 27) * 3 + Math.floor(cell % 9 / 3)];

/** Whether 729 characters of pencil marks hold a digit in a cell. */
const hasMark = (marks, cell, digit) => marks[cell * 9 + digit - 1] === String(digit);

/** The digits of a 9-bit mask. */
const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << (d - 1)));

/** A cell by its name, "r4c7", as 0 to 80. */
const cellNamed = (name) => cellOf(+name[1], +name[3]);

/** A unit by its name, "r4", "c7" or "b5", as 0 to 26. */
const unitNamed = (name) => "rcb".indexOf(name[0]) * 9 + (+name[1] - 1);

/** A candidate, "r6c2=4" or "r1c6<>2", as { cell, digit, on }. */
function candidateOf(text) {
  const [, row, column, sign, digit] = text.match(/^r(\d)c(\d)(=|<>)(\d)$/);
  return { cell: cellOf(+row, +column), digit: +digit, on: sign === "=" };
}

/**
 * All that a step draws, from its JSON object: its base and cover units;
 * its cells, in order, and the cells it frames (those and the pattern's);
 * the candidates of its pattern, its placements and its eliminations; and
 * the links and nodes of its chain.
 */
function stepFigure(step) {
  const cells = (step.cells ?? []).map(cellNamed);
  const pattern = Object.entries(step.pattern ?? {}).flatMap(([name, digits]) =>
    digits.map((digit) => ({ cell: cellNamed(name), digit })));
  return {
    units: (step.units ?? []).map(unitNamed),
    cover: (step.cover_units ?? []).map(unitNamed),
    cells,
    framed: [...new Set([...cells, ...pattern.map(({ cell }) => cell)])],
    pattern,
    placed: step.placements.map(candidateOf),
    struck: step.eliminations.map(candidateOf),
    ...chainOf(step),
  };
}

/**
 * A chain's links and nodes, nested chains included: each link from a
 * node to the next within its branch, strong (s) into a node the chain
 * makes true, weak (w) into one it makes false, and dotted (x) into one
 * before which nodes were left out; each branch, nested ones too, takes
 * the next colour.
 */
function chainOf(step) {
  const links = [];
  const nodes = [];
  let branch = -1;
  const walk = (chain, starts = [0]) => {
    let from = null;
    let colour = 0;
    chain.forEach((item, i) => {
      const node = candidateOf(typeof item === "string" ? item : item.node);
      if (starts.includes(i)) {
        branch++;
        colour = branch % BRANCH_COLOURS;
        from = null;
      }
      const style = item.cut ? "x" : node.on ? "s" : "w";
      if (from) links.push({ from, to: node, style, colour });
      nodes.push({ ...node, colour });
      from = node;
      if (item.chain) walk(item.chain, item.branches);
    });
  };
  if (step.chain) walk(step.chain, step.branches);
  return { links, nodes };
}

// The markup of each layer.

const rect = (cls, x, y, w, h) =>
  `<rect class="${cls}" x="${x}" y="${y}" width="${w}" height="${h}"/>`;

/** The shading of units, class b (base units) or c (cover units). */
function unitsMarkup(units, cls = "b") {
  return units.map((unit) => {
    const i = unit % 9;
    if (unit < 9) return rect(cls, 0, i * CELL, SIDE, CELL);
    if (unit < 18) return rect(cls, i * CELL, 0, CELL, SIDE);
    return rect(cls, (i % 3) * 3 * CELL, Math.floor(i / 3) * 3 * CELL, 3 * CELL, 3 * CELL);
  }).join("");
}

/** Frames round cells. */
const framesMarkup = (cells) =>
  cells.map((c) => rect("p", (c % 9) * CELL + 2, Math.floor(c / 9) * CELL + 2, CELL - 4, CELL - 4))
    .join("");

const slotX = (cell, digit) => (cell % 9) * CELL + ((digit - 1) % 3) * SLOT + SLOT / 2;
const slotY = (cell, digit) => Math.floor(cell / 9) * CELL + Math.floor((digit - 1) / 3) * SLOT + SLOT / 2;

/**
 * The squares behind the step's candidates that are in `marks` (a
 * function of cell and digit), one a candidate: struck (ks), else placed
 * (kl), else of the pattern (kp).
 */
function squaresMarkup(figure, marks) {
  const classes = new Map();
  const key = ({ cell, digit }) => cell * 9 + digit - 1;
  for (const [cls, candidates] of [["kp", figure.pattern], ["kl", figure.placed], ["ks", figure.struck]]) {
    for (const candidate of candidates) classes.set(key(candidate), cls);
  }
  return [...classes].sort(([a], [b]) => a - b).map(([at, cls]) => {
    const cell = Math.floor(at / 9), digit = at % 9 + 1;
    return marks(cell, digit) ? rect(cls, (cell % 9) * CELL + ((digit - 1) % 3) * SLOT + 1,
      Math.floor(cell / 9) * CELL + Math.floor((digit - 1) / 3) * SLOT + 1, SLOT - 2, SLOT - 2) : "";
  }).join("");
}

/** What lies under a step's digits: its units, frames and squares. */
const underMarkup = (figure, marks) => unitsMarkup(figure.units) + unitsMarkup(figure.cover, "c")
  + framesMarkup(figure.framed) + squaresMarkup(figure, marks);

/** The rules between cells and boxes, and the frame. */
function rulesMarkup() {
  let thin = "";
  for (let i = 1; i < 9; i++) {
    if (i % 3) thin += `M${i * CELL} 0V${SIDE}M0 ${i * CELL}H${SIDE}`;
  }
  return `<path class="t" d="${thin}"/><path class="T" d="M108 0V324M216 0V324M0 108H324M0 216H324M0 0H324V324H0z"/>`;
}

/**
 * A link, curved towards the middle of the grid so that links along one
 * row do not hide each other, and ending short of the candidate, where its
 * arrowhead points.
 */
function linkMarkup({ from, to, style, colour }) {
  const ax = slotX(from.cell, from.digit), ay = slotY(from.cell, from.digit);
  const bx = slotX(to.cell, to.digit), by = slotY(to.cell, to.digit);
  const mx = (ax + bx) / 2, my = (ay + by) / 2, half = SIDE / 2;
  const toward = -(by - ay) * (half - mx) + (bx - ax) * (half - my) >= 0;
  const cx = mx + (toward ? ay - by : by - ay) / 5;
  const cy = my + (toward ? bx - ax : ax - bx) / 5;
  const length = Math.hypot(bx - cx, by - cy);
  const back = length > 0 ? 5.5 / length : 0;
  const ex = bx - (bx - cx) * back, ey = by - (by - cy) * back;
  const n = (v) => Math.round(v * 10) / 10;
  return `<path class="L ${style} q${colour}" d="M${n(ax)} ${n(ay)}Q${n(cx)} ${n(cy)} ${n(ex)} ${n(ey)}"/>`;
}

/** The chain: its links, then a ring round each node. */
function chainMarkup(figure) {
  return figure.links.map(linkMarkup).join("") + figure.nodes.map(({ cell, digit, colour }) =>
    `<circle class="N q${colour}" cx="${slotX(cell, digit)}" cy="${slotY(cell, digit)}" r="6.5"/>`).join("");
}

/** The arrowheads of links, one per colour, once in the page. */
function markersMarkup() {
  const colours = ["#1971c2", "#e8590c", "#2f9e44", "#ae3ec9", "#0c8599", "#c2255c"];
  return `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>${
    colours.map((fill, i) => `<marker id="m${i}" viewBox="0 0 10 10" refX="9" refY="5" `
      + `markerWidth="5" markerHeight="5" orient="auto"><path d="M0 0L10 5L0 10z" fill="${fill}"/></marker>`)
      .join("")}</defs></svg>`;
}

/**
 * A whole grid with a step drawn on it, for the explanation: `values` the
 * digits placed (81, 0 for open), `givens` the puzzle's, and `marks` the
 * candidates, as 729 characters.
 */
function stepSvg(step, values, givens, marks, title) {
  const figure = stepFigure(step);
  const has = (cell, digit) => !values[cell] && hasMark(marks, cell, digit);
  let text = "";
  for (let cell = 0; cell < 81; cell++) {
    const x = (cell % 9) * CELL + CELL / 2, y = Math.floor(cell / 9) * CELL + CELL / 2;
    if (values[cell]) {
      const cls = givens[cell] === String(values[cell]) ? "o" : "v";
      text += `<text class="${cls}" x="${x}" y="${y}">${values[cell]}</text>`;
      continue;
    }
    for (let digit = 1; digit <= 9; digit++) {
      if (has(cell, digit)) text += `<text class="k" x="${slotX(cell, digit)}" y="${slotY(cell, digit)}">${digit}</text>`;
    }
  }
  return `<svg class="g step" viewBox="-2 -2 328 328" role="img"><title>${escapeHtml(title)}</title>${
    underMarkup(figure, has)}${rulesMarkup()}${chainMarkup(figure)}${text}</svg>`;
}

/** A step's words, each line of a branch in its colour. */
function wordsMarkup(text) {
  const [first, ...branches] = text.split("\n");
  return `<pre>${escapeHtml(first)}${branches.map((line, i) =>
    `\n<span class="q${i % BRANCH_COLOURS}">${escapeHtml(line)}</span>`).join("")}</pre>`;
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
