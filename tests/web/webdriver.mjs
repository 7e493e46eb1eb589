// webdriver.mjs - a small WebDriver client for the page's test and its
// benchmark: it starts chromedriver, which starts headless Chromium, and
// speaks the W3C protocol to it over HTTP (node's fetch), so that clicks and
// key presses are the browser's own input events.
//
//   const browser = await Browser.start(chromedriver, chromium);
//   await browser.open("file:///.../sudoku.html");
//   await browser.click("#hint");
//   await browser.keys("4");
//   await browser.quit();
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

/** The WebDriver codes of the keys the tests press. */
export const KEY = { shift: "\uE008", control: "\uE009", backspace: "\uE003", right: "\uE014" };

export class Browser {
  /**
   * Starts chromedriver on a free port, and a session of chromium in it;
   * with `singleProcess`, the browser's parts in one process (a test's
   * page needs no isolation, and the browser starts on half the processor
   * time), else as a user's browser runs them.
   */
  static async start(chromedriver, chromium, { width = 1000, height = 1300, singleProcess = false } = {}) {
    const driver = spawn(chromedriver, ["--port=0"], { stdio: ["ignore", "pipe", "inherit"] });
    const port = await new Promise((resolve, reject) => {
      let said = "";
      driver.stdout.on("data", (chunk) => {
        said += chunk;
        const found = said.match(/started successfully on port (\d+)/);
        if (found) resolve(+found[1]);
      });
      driver.on("exit", (code) => reject(new Error(`chromedriver ended (${code}): ${said}`)));
    });
    const profile = mkdtempSync(join(tmpdir(), "sudoku-page-"));
    const browser = new Browser(driver, `http://127.0.0.1:${port}`, profile);
    try {
      const { sessionId } = await browser.send("POST", "/session", {
        capabilities: { alwaysMatch: { "goog:chromeOptions": {
          binary: chromium,
          args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--hide-scrollbars", "--force-device-scale-factor=1",
            `--window-size=${width},${height}`, `--user-data-dir=${profile}`,
            ...(singleProcess ? ["--single-process"] : [])],
        } } },
      });
      browser.session = `/session/${sessionId}`;
    } catch (error) {
      await browser.quit();
      throw error;
    }
    return browser;
  }

  constructor(driver, url, profile) {
    this.driver = driver;
    this.url = url;
    this.profile = profile;
    this.session = null;
  }

  /** One command of the protocol: its value, or an Error with its message. */
  async send(method, path, body) {
    const response = await fetch(this.url + path, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${value.error}: ${value.message}`);
    return value;
  }

  command(method, path, body) {
    return this.send(method, this.session + path, body);
  }

  async open(url) {
    await this.command("POST", "/url", { url });
  }

  async reload() {
    await this.command("POST", "/refresh", {});
  }

  /** The element a CSS selector finds first, by its id in the protocol. */
  async find(selector) {
    const found = await this.command("POST", "/element", { using: "css selector", value: selector });
    return found[ELEMENT];
  }

  async click(selector) {
    await this.command("POST", `/element/${await this.find(selector)}/click`, {});
  }

  /** Empties a text field. */
  async clear(selector) {
    await this.command("POST", `/element/${await this.find(selector)}/clear`, {});
  }

  /** Types text into an element, as keys pressed one by one. */
  async type(selector, text) {
    await this.command("POST", `/element/${await this.find(selector)}/value`, { text });
  }

  /**
   * Pastes text into an element: clicked for the focus, then the text
   * inserted at once by the browser's input pipeline (DevTools'
   * Input.insertText), as a paste from the clipboard comes.
   */
  async paste(selector, text) {
    await this.click(selector);
    await this.command("POST", "/goog/cdp/execute", { cmd: "Input.insertText", params: { text } });
  }

  /** Presses keys on what has the focus; `modifier` held down round them. */
  async keys(text, modifier = null) {
    const actions = [];
    if (modifier) actions.push({ type: "keyDown", value: modifier });
    for (const key of text) actions.push({ type: "keyDown", value: key }, { type: "keyUp", value: key });
    if (modifier) actions.push({ type: "keyUp", value: modifier });
    await this.command("POST", "/actions", { actions: [{ type: "key", id: "keyboard", actions }] });
    await this.command("DELETE", "/actions");
  }

  async text(selector) {
    return this.command("GET", `/element/${await this.find(selector)}/text`);
  }

  async attribute(selector, name) {
    return this.command("GET", `/element/${await this.find(selector)}/attribute/${name}`);
  }

  /** What a function of the page returns; for reading figures, never input. */
  async evaluate(script, ...args) {
    return this.command("POST", "/execute/sync", { script, args });
  }

  /** The PNG of the window, or of an element, as bytes. */
  async screenshot(selector = null) {
    const path = selector ? `/element/${await this.find(selector)}/screenshot` : "/screenshot";
    return Buffer.from(await this.command("GET", path), "base64");
  }

  /** Waits until `check` returns something true, and returns it. */
  async until(check, what, timeout = 20_000) {
    const end = Date.now() + timeout;
    for (;;) {
      let value;
      try {
        value = await check();
      } catch {
        value = null; // not there yet
      }
      if (value) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async quit() {
    if (this.session) await this.command("DELETE", "").catch(() => {});
    this.driver.kill();
    rmSync(this.profile, { recursive: true, force: true });
  }
}
