// page_speed.mjs - how soon the page to play on is ready, and how long a
// hint takes on it, in headless Chromium driven by chromedriver.
//
// usage: node page_speed.mjs PAGE PUZZLES LOADS HINTS [CHROMIUM CHROMEDRIVER]
//
//   node tests/bench/page_speed.mjs build/web/sudoku.html \
//     puzzles/ratings/qqwing-1000.txt 10 20 /usr/bin/chromium /usr/bin/chromedriver
//
// Without CHROMIUM and CHROMEDRIVER it is skipped (77), as under ctest
// when they are not installed.
//
// Ready: the page opened from file://, then reloaded LOADS times; each
// time, the moment its script marks "sudoku-ready" (the module compiled,
// the first puzzle drawn, the keys and buttons live), counted from the
// start of the navigation. Hint: the first HINTS puzzles of PUZZLES (one
// a line, its first 81 characters) typed into the page, then
// Hint clicked: the page's own measure "sudoku-hint", from the click's
// handler to the hint drawn. It prints the median and the worst of each
// beside the targets (300 ms and 50 ms), and passes or fails on nothing
// but errors: ctest runs it small, to see that it works.
import { readFileSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { Browser } from "../web/webdriver.mjs";

if (process.argv.length !== 6 && process.argv.length !== 8) {
  console.error("usage: node page_speed.mjs PAGE PUZZLES LOADS HINTS [CHROMIUM CHROMEDRIVER]");
  process.exit(2);
}
const [page, puzzlesFile, loads, hints, chromium, chromedriver] = process.argv.slice(2);
if (!chromium || !chromedriver) {
  console.log("chromium or chromedriver is not installed (apt-get install chromium chromium-driver): skipped");
  process.exit(77);
}

const puzzles = readFileSync(puzzlesFile, "utf8").split("\n")
  .filter((line) => /^[1-9.0]{81}/.test(line)).map((line) => line.slice(0, 81)).slice(0, +hints);

/** "median 12.3 ms, worst 15.0 ms of 10" */
function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return `median ${median.toFixed(1)} ms, worst ${sorted.at(-1).toFixed(1)} ms of ${sorted.length}`;
}

const browser = await Browser.start(chromedriver, chromium);
try {
  const url = pathToFileURL(page).href;
  const ready = async () => browser.until(
    async () => (await browser.attribute("html", "data-ready")) === "true", "the page");

  const readyTime = () => browser.evaluate(
    "return performance.getEntriesByName('sudoku-ready')[0].startTime");
  await browser.open(url);
  await ready();
  const first = await readyTime();
  const readyTimes = [];
  for (let i = 0; i < +loads; i++) {
    await browser.reload();
    await ready();
    readyTimes.push(await readyTime());
  }

  const hintTimes = [];
  for (const puzzle of puzzles) {
    await browser.clear("#puzzle-text");
    await browser.type("#puzzle-text", puzzle);
    await browser.click("#enter button");
    await browser.click("#hint");
    hintTimes.push(await browser.evaluate(
      "return performance.getEntriesByName('sudoku-hint').at(-1).duration"));
  }

  console.log(`page: ${page}, ${(statSync(page).size / 1024).toFixed(1)} KiB`);
  console.log(`ready after the first load: ${first.toFixed(1)} ms (target: 300 ms)`);
  console.log(`ready after a reload: ${summary(readyTimes)} (target: 300 ms)`);
  console.log(`hint, ${puzzlesFile.split("/").pop()}: ${summary(hintTimes)} (target: 50 ms)`);
} finally {
  await browser.quit();
}
