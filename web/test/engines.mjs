// One way to drive the three engines learners use, so that a browser test is written once and
// runs in each: Chromium (Debian's, through playwright-core), Firefox ESR (Debian's, through
// WebDriver BiDi with puppeteer-core) and WebKitGTK (Debian's MiniBrowser, through WebKitWebDriver
// and selenium-webdriver, on an Xvfb display of its own). Nothing is downloaded by a driver.
//
//   const browser = await launch("firefox");
//   const page = await browser.newPage({ width: 1100, height: 900 });   // a fresh profile each time
//   await page.goto(`${site.base}ch1-lab2.html`);
//   await page.click('#step-2 .lit[data-param="v"]');
//   await page.fill("#step-2 .editor-slot input", "4, 5");
//   await page.waitForFunction((s) => document.querySelector(s) !== null, "#step-2 .out-error");
//   assert.deepEqual(await page.problems(), []);   // what collector.js noted in the page
//   await page.close(); await browser.close();
//
// What the engines let a driver see differs: WebKitWebDriver shows no console, MiniBrowser's
// window is at least 447 px wide, and only Chromium can simulate IME composition. So what a page
// does wrong is noted inside the page by collector.js (serveSite() serves it first in every HTML
// page; withCollector() inlines it into a copy of a file:// page), and tests that need a
// Chromium-only ability stay on playwright-core (browser-support.mjs).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { PNG } from "pngjs";
import puppeteer from "puppeteer-core";
import webdriver from "selenium-webdriver";

import { serve } from "../tools/serve.mjs";
import { CHROMIUM, FLAGS, SITE } from "./browser-support.mjs";

export const ENGINES = ["chromium", "firefox", "webkit"];
export const ENGINE_NAMES = { chromium: "Chromium", firefox: "Firefox ESR", webkit: "WebKitGTK" };

const COLLECTOR = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "collector.js"), "utf8");
const COLLECTOR_PATH = "/tlab-test-collector.js";
const PROBLEMS_KEY = "tlab-test-problems"; // collector.js keeps its notes there
const FIREFOX = process.env.TLAB_FIREFOX || "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = process.env.TLAB_WEBKIT_DRIVER || "/usr/bin/WebKitWebDriver";
const XVFB = "/usr/bin/Xvfb";
const MINIBROWSER_MIN_WIDTH = 447;
/** The narrowest viewport each engine's driver can give a page (MiniBrowser's window stops at 447 px). */
export const MIN_VIEWPORT_WIDTH = { chromium: 0, firefox: 0, webkit: MINIBROWSER_MIN_WIDTH };

/**
 * The engines to run: all three, or those named in TLAB_ENGINES ("firefox,webkit") for a quicker
 * local run. An unknown name is an error, not a skip.
 */
export function enginesToTest(names = process.env.TLAB_ENGINES) {
  if (!names) return ENGINES;
  const list = names.split(",").map((n) => n.trim()).filter(Boolean);
  for (const name of list) if (!ENGINES.includes(name)) throw new Error(`TLAB_ENGINES: unknown engine "${name}" (known: ${ENGINES.join(", ")})`);
  return list;
}

/**
 * Serves the site (build/web or TLAB_SITE) with the page's CSP: {base, close()}. `headScripts`
 * ([{path, source}]) go first in every HTML page (by default collector.js; the bench's probe
 * instead); `files` ([{path, source}]) are served beside the site (a harness page);
 * `cache: "no-store"` makes every load a first visit, in every engine.
 */
export async function serveSite({ root = SITE, headScripts = [{ path: COLLECTOR_PATH, source: COLLECTOR }], files = [], cache } = {}) {
  const { server, url } = await serve({ root, port: 0, headScripts, files, cache });
  return { base: url, close: () => new Promise((done) => server.close(done)) };
}

/**
 * Copies `files` (pages meant to be opened from disk, kept side by side) into a temporary directory
 * with collector.js inlined first in each <head>: {urls: [file:// URL per file], add(name, html),
 * close()}. add() writes one more page there (a host page framing the copies), collector and all,
 * and gives its file:// URL.
 */
export function withCollector(files) {
  const dir = mkdtempSync(join(tmpdir(), "tlab-offline-"));
  const add = (name, html) => {
    const copy = join(dir, basename(name));
    // The replacement is a function: the collector's text is not a replacement pattern.
    writeFileSync(copy, html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<script>${COLLECTOR}</script>`));
    return pathToFileURL(copy).href;
  };
  const urls = files.map((file) => add(basename(file), readFileSync(file, "utf8")));
  const close = () => rmSync(dir, { recursive: true, force: true });
  // Also at exit: node's test runner skips a suite's after() when a name pattern filtered out its tests.
  process.once("exit", close);
  return { urls, add, close };
}

// Processes started here that must not outlive the test run, even when it fails or is interrupted.
const children = new Set();
const killChildren = () => {
  for (const child of children) try { process.kill(-child.pid, "SIGKILL"); } catch { /* already gone */ }
};
let guarded = false;
function guardChildren() {
  if (guarded) return;
  guarded = true;
  process.on("exit", killChildren);
  // A listener replaces node's own exit on these signals: exit as it would have.
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]]) {
    process.once(signal, () => { killChildren(); process.exit(code); });
  }
}

/** Starts `command` in a process group of its own (so its children stop with it). */
function start(command, args, { env = process.env, fds = 0 } = {}) {
  guardChildren();
  const child = spawn(command, args, { env, detached: true, stdio: ["ignore", "ignore", "pipe", ...Array(fds).fill("pipe")] });
  children.add(child);
  let stderr = "";
  child.stderr.on("data", (d) => { stderr = (stderr + d).slice(-4000); });
  child.exited = new Promise((done) => child.once("exit", (code, signal) => { children.delete(child); done(code ?? signal); }));
  child.output = () => stderr;
  return child;
}

/** Stops a process group started by start(): TERM, then KILL if it is still there after 3 s. */
async function stop(child) {
  if (!children.has(child)) return;
  try { process.kill(-child.pid, "SIGTERM"); } catch { /* already gone */ }
  const late = setTimeout(() => { try { process.kill(-child.pid, "SIGKILL"); } catch { /* gone */ } }, 3000);
  await child.exited;
  clearTimeout(late);
}

const freePort = () => new Promise((done, fail) => {
  const probe = createServer().once("error", fail).listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function missing(what, path, pkg) {
  return new Error(`${what} is not installed (${path} is missing): \`./lab test\` installs it (apt-get install ${pkg})`);
}

/** Where Debian's libwebkit2gtk-4.1-0 put MiniBrowser on this machine's architecture. */
function miniBrowser() {
  if (process.env.TLAB_MINIBROWSER) return process.env.TLAB_MINIBROWSER;
  for (const dir of readdirSync("/usr/lib")) {
    const path = join("/usr/lib", dir, "webkit2gtk-4.1/MiniBrowser");
    if (existsSync(path)) return path;
  }
  return "/usr/lib/<arch>/webkit2gtk-4.1/MiniBrowser";
}

// "Control+z" -> {modifiers: ["Control"], key: "z"}
const chord = (keys) => {
  const parts = keys.split("+");
  return { modifiers: parts.slice(0, -1), key: parts.at(-1) };
};

/**
 * What a test does with a document (the page's, or a frame's inside it). `ops` is the engine's:
 * evaluate(path, expression), click(path, expression giving the element), keys(text), insert(text),
 * press(chord), where path lists the iframe selectors from the top document down. Expressions are
 * strings, so that every driver runs the same code: a function's source applied to its argument
 * as JSON (drivers run them as the browser's own scripts, which the page's CSP does not govern).
 */
class Target {
  constructor(ops, path = []) {
    this.ops = ops;
    this.path = path;
  }

  /**
   * Runs `fn(arg)` in the document; resolves to its result, which must be plain data (an element
   * comes back differently from each driver). `fn` must not close over anything.
   */
  evaluate(fn, arg) {
    return this.ops.evaluate(this.path, call(fn, arg));
  }

  /**
   * Polls `fn(arg)` every 50 ms until it returns a truthy value, which it resolves to; throws after
   * `timeout` ms, naming `what` (or the function). Errors while the document changes count as "not yet".
   */
  async waitForFunction(fn, arg, { timeout = 20000, what = fn.toString().slice(0, 160) } = {}) {
    const end = Date.now() + timeout;
    let last;
    // An element found counts as true, whatever the driver would make of it (nodeType, not
    // instanceof Node: an element of a frame's document is another realm's Node).
    const check = `((value) => (typeof value?.nodeType === "number" ? true : value ?? null))(${call(fn, arg)})`;
    for (;;) {
      try {
        last = await this.ops.evaluate(this.path, check);
        if (last) return last;
      } catch (error) {
        last = error;
      }
      if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
      await sleep(50);
    }
  }

  /** Clicks (a real pointer click, through the engine) the `nth` element matching `selector` whose text contains `text`. */
  async click(selector, { text = "", nth = 0, timeout = 20000 } = {}) {
    const spec = { selector, text, nth };
    const what = `${selector}${text ? ` with "${text}"` : ""}`;
    await this.waitForFunction(findElement, { ...spec, exists: true }, { timeout, what });
    // A driver aims at where the element was when it looked; if the layout moves in between (an
    // answer landing on a loaded machine), the click lands elsewhere. Where it landed is noted in
    // the page: a miss is clicked again once, and said on stderr; a second miss fails the test.
    for (let attempt = 1; ; attempt++) {
      await this.evaluate(watchClick, spec);
      await this.ops.click(this.path, call(findElement, spec));
      // null: the click navigated away (or reached no element), so there is nothing to check.
      const landed = await this.evaluate(() => window.tlabClickLanded ?? null).catch(() => null);
      if (landed === null || landed === "on target") return;
      if (attempt === 2) throw new Error(`a click on ${what} landed on ${landed}, twice`);
      process.stderr.write(`engines.mjs: a click on ${what} landed on ${landed}; clicking again\n`);
    }
  }

  /**
   * Replaces the text of a field in one edit, as a paste does: clicks it, selects all it holds and
   * inserts `value` (one `input` event, as Playwright's fill() makes). For key-by-key input, type().
   */
  async fill(selector, value, { nth = 0 } = {}) {
    await this.click(selector, { nth });
    const ok = await this.evaluate(({ selector: s, nth: n, text }) => {
      const field = document.querySelectorAll(s)[n];
      field.focus();
      field.select();
      return text === "" ? document.execCommand("delete") : document.execCommand("insertText", false, text);
    }, { selector, nth, text: String(value) });
    if (!ok) throw new Error(`could not edit the text of ${selector} (${nth})`);
  }

  /** Types `text` key by key into whatever has the focus. */
  type(text) {
    return this.ops.keys(text);
  }

  /** Presses a key or a chord: "Enter", "Escape", "Tab", "Shift+Enter", "Control+z". */
  press(keys) {
    return this.ops.press(chord(keys));
  }

  /** textContent of the first element matching `selector` (null when there is none). */
  text(selector) {
    return this.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
  }

  /** The document inside the iframe matching `selector`, looked up anew at each call. */
  frame(selector) {
    return new Target(this.ops, [...this.path, selector]);
  }
}

// Runs in the page: notes where the next click lands, relative to the element it is meant for.
function watchClick({ selector, text, nth }) {
  const target = [...document.querySelectorAll(selector)].filter((n) => !text || n.textContent.includes(text))[nth];
  if (window.tlabClickWatch) document.removeEventListener("click", window.tlabClickWatch, true);
  window.tlabClickLanded = null;
  window.tlabClickWatch = (event) => {
    document.removeEventListener("click", window.tlabClickWatch, true);
    window.tlabClickWatch = null;
    const hit = event.target;
    window.tlabClickLanded = target.contains(hit) ? "on target"
      : `<${hit.localName}${hit.id ? `#${hit.id}` : ""} class="${hit.className?.baseVal ?? hit.className ?? ""}">`;
  };
  document.addEventListener("click", window.tlabClickWatch, true);
}

// fn's source applied to arg: the expression every driver evaluates. A string is an expression
// already ("window.tlabBench.ready").
const call = (fn, arg) => (typeof fn === "string" ? `(${fn})` : `(${fn})(${JSON.stringify(arg ?? null)})`);

// Runs in the page: the element a click or a fill is about (with `exists`, whether it is there:
// an element itself cannot be sent back through every driver).
function findElement({ selector, text, nth, exists = false }) {
  const found = [...document.querySelectorAll(selector)].filter((n) => !text || n.textContent.includes(text))[nth] ?? null;
  return exists ? found !== null : found;
}

/** A page in a fresh profile of its own. */
class Page extends Target {
  constructor(engine, ops, { version, goto, url, viewport, screenshot, screenshots = null, close, driverProblems }) {
    super(ops);
    this.engine = engine;
    /** The browser's version, as its driver tells it ("156.0.8078.114", "153.8.0esr", "2.50.6"). */
    this.version = version;
    Object.assign(this, { gotoImpl: goto, urlImpl: url, viewportImpl: viewport, screenshotImpl: screenshot, screenshotsImpl: screenshots, closeImpl: close, driverProblems });
  }

  /** Navigates and waits for the load event. */
  goto(url) {
    return this.gotoImpl(url);
  }

  url() {
    return this.urlImpl();
  }

  /** Resizes the viewport (in WebKit, not below MiniBrowser's 447 px). */
  setViewport({ width, height }) {
    return this.viewportImpl(width, height);
  }

  /**
   * A PNG of the viewport; with `fullPage`, of the whole document; with `clip` ({x, y, width,
   * height} in document px), of that part of it; or of the element matching `selector`.
   * WebKitWebDriver takes the viewport only (an element's part outside it comes out black).
   */
  screenshot(path, { selector = null, fullPage = false, clip = null } = {}) {
    return this.screenshotImpl(path, { selector, fullPage, clip });
  }

  /**
   * Several PNGs of the document as it is now: `shots` is [{path, fullPage | clip | selector}],
   * each as in screenshot(). In WebKit one photograph of the grown window is cut into all of them
   * (each screenshot alone costs two window resizes and a whole-page PNG there).
   */
  async screenshots(shots) {
    if (this.screenshotsImpl) return this.screenshotsImpl(shots);
    for (const { path, ...options } of shots) await this.screenshot(path, options);
  }

  /**
   * What went wrong in the page so far: collector.js's notes (from every document of this tab's
   * origin, frames included) and whatever the driver itself saw (console errors and uncaught errors
   * in Chromium and Firefox; WebKitWebDriver shows none).
   */
  async problems() {
    const notes = await this.evaluate((key) => {
      if (!Array.isArray(window.tlabProblems)) return ["collector.js is not in this page"];
      try {
        return JSON.parse(sessionStorage.getItem(key)) ?? window.tlabProblems;
      } catch {
        return window.tlabProblems;
      }
    }, PROBLEMS_KEY);
    return [...notes, ...this.driverProblems];
  }

  close() {
    return this.closeImpl();
  }
}

/**
 * Starts an engine: resolves to {engine, newPage({width, height}), close()}. An engine that is not
 * installed is an error that says which package brings it, never a skip.
 */
export async function launch(engine) {
  if (engine === "chromium") return launchChromium();
  if (engine === "firefox") return launchFirefox();
  if (engine === "webkit") return launchWebKit();
  throw new Error(`unknown engine "${engine}"`);
}

// Chromium: playwright-core, each page in a context of its own.
async function launchChromium() {
  if (!existsSync(CHROMIUM)) throw missing("Chromium", CHROMIUM, "chromium");
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  return {
    engine: "chromium",
    async newPage({ width = 1100, height = 900, httpCache = true } = {}) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      if (!httpCache) await (await context.newCDPSession(page)).send("Network.setCacheDisabled", { cacheDisabled: true });
      const driverProblems = watchDriver(page);
      const frameOf = async (path) => {
        let frame = page.mainFrame();
        for (const selector of path) frame = await (await frame.waitForSelector(selector)).contentFrame();
        return frame;
      };
      const ops = {
        evaluate: async (path, expression) => (await frameOf(path)).evaluate(expression),
        click: async (path, expression) => {
          const handle = await (await frameOf(path)).evaluateHandle(expression);
          await handle.asElement().click();
          await handle.dispose();
        },
        keys: (text) => page.keyboard.type(text),
        press: ({ modifiers, key }) => page.keyboard.press([...modifiers, key].join("+")),
      };
      return new Page("chromium", ops, {
        version: browser.version(),
        goto: (url) => page.goto(url),
        url: () => page.url(),
        viewport: (w, h) => page.setViewportSize({ width: w, height: h }),
        screenshot: (path, options) => screenshot(page, path, options, { clipNeedsFullPage: true }),
        close: () => context.close(),
        driverProblems,
      });
    },
    close: () => browser.close(),
  };
}

// Screenshots through playwright-core or puppeteer-core. Both take a clip in document px, but
// playwright-core only along with fullPage, which puppeteer-core refuses beside a clip.
async function screenshot(page, path, { selector, fullPage, clip }, { clipNeedsFullPage }) {
  if (selector) return (await page.$(selector)).screenshot({ path });
  if (clip) return page.screenshot({ path, clip, ...(clipNeedsFullPage ? { fullPage: true } : {}) });
  return page.screenshot({ path, fullPage });
}

// Console errors and uncaught errors as the driver reports them (Chromium, Firefox).
function watchDriver(page) {
  const seen = [];
  page.on("console", (message) => { if (message.type() === "error") seen.push(`console (driver): ${message.text()}`); });
  page.on("pageerror", (error) => seen.push(`pageerror (driver): ${error.message}`));
  return seen;
}

// Firefox ESR: stock Firefox speaks WebDriver BiDi, which puppeteer-core drives; a browser context per page.
async function launchFirefox() {
  if (!existsSync(FIREFOX)) throw missing("Firefox ESR", FIREFOX, "firefox-esr");
  const browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true, protocol: "webDriverBiDi" });
  const version = await browser.version();
  return {
    engine: "firefox",
    async newPage({ width = 1100, height = 900, httpCache = true } = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      if (!httpCache) await page.setCacheEnabled(false);
      const driverProblems = watchDriver(page);
      const frameOf = async (path) => {
        let frame = page.mainFrame();
        for (const selector of path) frame = await (await frame.waitForSelector(selector)).contentFrame();
        return frame;
      };
      const ops = {
        evaluate: async (path, expression) => (await frameOf(path)).evaluate(expression),
        click: async (path, expression) => {
          const handle = await (await frameOf(path)).evaluateHandle(expression);
          await handle.click();
          await handle.dispose();
        },
        keys: (text) => page.keyboard.type(text),
        press: async ({ modifiers, key }) => {
          for (const m of modifiers) await page.keyboard.down(m);
          await page.keyboard.press(key);
          for (const m of [...modifiers].reverse()) await page.keyboard.up(m);
        },
      };
      return new Page("firefox", ops, {
        version,
        goto: (url) => page.goto(url),
        url: () => page.url(),
        viewport: (w, h) => page.setViewport({ width: w, height: h }),
        screenshot: (path, options) => screenshot(page, path, options, { clipNeedsFullPage: false }),
        close: () => context.close(),
        driverProblems,
      });
    },
    close: () => browser.close(),
  };
}

const SELENIUM_KEYS = {
  Enter: "ENTER", Escape: "ESCAPE", Tab: "TAB", Backspace: "BACK_SPACE", Shift: "SHIFT", Control: "CONTROL", Alt: "ALT", Meta: "META",
  Space: "SPACE", Home: "HOME", End: "END", ArrowUp: "ARROW_UP", ArrowDown: "ARROW_DOWN", ArrowLeft: "ARROW_LEFT", ArrowRight: "ARROW_RIGHT",
};
const seleniumKey = (name) => (SELENIUM_KEYS[name] ? webdriver.Key[SELENIUM_KEYS[name]] : name);

// WebKitGTK: an Xvfb display for the browser's windows, and per page a WebKitWebDriver that starts
// a MiniBrowser of its own (a fresh, ephemeral profile; one session per driver).
async function launchWebKit() {
  const browserPath = miniBrowser();
  if (!existsSync(WEBKIT_DRIVER)) throw missing("WebKitWebDriver", WEBKIT_DRIVER, "webkit2gtk-driver");
  if (!existsSync(browserPath)) throw missing("MiniBrowser", browserPath, "webkit2gtk-driver");
  if (!existsSync(XVFB)) throw missing("Xvfb", XVFB, "xvfb");
  // -displayfd: Xvfb picks a free display itself and tells its number, so parallel runs never collide.
  const xvfb = start(XVFB, ["-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"], { fds: 1 });
  const display = await new Promise((done, fail) => {
    let text = "";
    xvfb.stdio[3].on("data", (d) => { text += d; if (text.includes("\n")) done(`:${text.trim()}`); });
    xvfb.exited.then((code) => fail(new Error(`Xvfb stopped (${code}): ${xvfb.output()}`)));
  });
  const pages = new Set();

  async function newPage({ width = 1100, height = 900 } = {}) {
    if (width < MINIBROWSER_MIN_WIDTH) throw new Error(`MiniBrowser's window is at least ${MINIBROWSER_MIN_WIDTH} px wide: put a narrower page in an iframe of a harness page`);
    const port = await freePort();
    const server = start(WEBKIT_DRIVER, [`--port=${port}`, "--host=127.0.0.1"], { env: { ...process.env, DISPLAY: display } });
    let driver;
    try {
      for (let waited = 0; ; waited += 50) {
        if (!children.has(server)) throw new Error(`WebKitWebDriver stopped: ${server.output()}`);
        if (await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false)) break;
        if (waited > 20000) throw new Error(`WebKitWebDriver did not answer on port ${port}: ${server.output()}`);
        await sleep(50);
      }
      driver = await new webdriver.Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": { binary: browserPath, args: ["--automation"] },
      }).build();
      await setViewport(driver, width, height);
    } catch (error) {
      await driver?.quit().catch(() => {});
      await stop(server);
      throw error;
    }

    // WebDriver classic has one current frame per session: commands run one at a time, each from the top.
    let queue = Promise.resolve();
    const serial = (op) => {
      const run = queue.then(op);
      queue = run.catch(() => {});
      return run;
    };
    const inFrames = async (path, op) => {
      for (const selector of path) await driver.switchTo().frame(await driver.findElement(webdriver.By.css(selector)));
      try {
        return await op();
      } finally {
        if (path.length) await driver.switchTo().defaultContent();
      }
    };
    const ops = {
      evaluate: (path, expression) => serial(() => inFrames(path, () => driver.executeScript(`return ${expression};`))),
      click: (path, expression) => serial(() => inFrames(path, async () => (await driver.executeScript(`return ${expression};`)).click())),
      keys: (text) => serial(() => driver.actions().sendKeys(text).perform()),
      press: ({ modifiers, key }) => serial(async () => {
        let actions = driver.actions();
        for (const m of modifiers) actions = actions.keyDown(seleniumKey(m));
        actions = actions.sendKeys(seleniumKey(key));
        for (const m of [...modifiers].reverse()) actions = actions.keyUp(seleniumKey(m));
        await actions.perform();
      }),
    };
    const page = new Page("webkit", ops, {
      version: (await driver.getCapabilities()).get("browserVersion") ?? "",
      goto: (url) => serial(() => driver.get(url)),
      url: () => serial(() => driver.getCurrentUrl()),
      viewport: (w, h) => {
        if (w < MINIBROWSER_MIN_WIDTH) throw new Error(`MiniBrowser's window is at least ${MINIBROWSER_MIN_WIDTH} px wide`);
        return serial(() => setViewport(driver, w, h));
      },
      screenshot: (path, options) => serial(() => webKitScreenshots(driver, [{ path, ...options }])),
      screenshots: (shots) => serial(() => webKitScreenshots(driver, shots)),
      close: async () => {
        pages.delete(page);
        await serial(() => driver.quit()).catch(() => {});
        await stop(server);
      },
      driverProblems: [],
    });
    pages.add(page);
    return page;
  }

  return {
    engine: "webkit",
    newPage,
    async close() {
      for (const page of [...pages]) await page.close();
      await stop(xvfb);
    },
  };
}

// The window's rect includes MiniBrowser's toolbar: sized so that the viewport is width × height.
async function setViewport(driver, width, height) {
  const window = driver.manage().window();
  let rect = { width, height };
  for (let attempt = 1; ; attempt++) {
    await window.setRect(rect);
    const [innerWidth, innerHeight] = await viewportOnceResized(driver, rect);
    if (innerWidth === width && innerHeight === height) return;
    if (attempt === 4) throw new Error(`MiniBrowser's viewport stays ${innerWidth}×${innerHeight}, not ${width}×${height}`);
    rect = { width: rect.width + width - innerWidth, height: rect.height + height - innerHeight };
  }
}

// The page learns of a new window size a while after setRect() returns, the viewport last (a
// 768-px viewport read after a resize to 1280 made the window 1792 wide). The toolbar takes
// height, no width: the resize has reached the page once it sees the window's size, its viewport
// is as wide as the window and its height holds from one read to the next.
async function viewportOnceResized(driver, rect, { timeout = 5000, every = 50 } = {}) {
  const end = Date.now() + timeout;
  let last = null;
  for (;;) {
    const [outerWidth, outerHeight, innerWidth, innerHeight] = await driver.executeScript("return [outerWidth, outerHeight, innerWidth, innerHeight]");
    const seen = outerWidth === rect.width && outerHeight === rect.height && innerWidth === rect.width;
    if ((seen && innerHeight === last) || Date.now() > end) return [innerWidth, innerHeight];
    last = seen ? innerHeight : null;
    await sleep(every);
  }
}

// WebKitWebDriver photographs the viewport only, and its element screenshots come out black for
// these pages. So the window grows to hold the whole document (X lets a window outgrow its
// screen), the viewport is photographed once, cut to each part asked for, and the window goes
// back. A shot without fullPage, clip or selector (alone) is the viewport as it is.
async function webKitScreenshots(driver, shots) {
  if (shots.length === 1 && !shots[0].selector && !shots[0].fullPage && !shots[0].clip) {
    writeFileSync(shots[0].path, Buffer.from(await driver.takeScreenshot(), "base64"));
    return;
  }
  const [width, height, docWidth, docHeight, x, y] = await driver.executeScript(
    "const d = document.documentElement; return [innerWidth, innerHeight, d.scrollWidth, d.scrollHeight, scrollX, scrollY]");
  await setViewport(driver, Math.max(width, docWidth), Math.max(height, docHeight));
  try {
    await driver.executeScript("scrollTo(0, 0)");
    // The window's last 38 px (the toolbar's height, added by setViewport's second step) are
    // black in a screenshot taken before the next frame is painted.
    await driver.executeAsyncScript("const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done()))");
    const shot = PNG.sync.read(Buffer.from(await driver.takeScreenshot(), "base64"));
    for (const { path, selector, fullPage, clip } of shots) {
      if (!selector && !fullPage && !clip) throw new Error(`screenshots(): ${path} needs fullPage, clip or selector`);
      const part = selector
        ? await driver.executeScript((s) => {
          const r = document.querySelector(s).getBoundingClientRect();
          return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
        }, selector)
        : clip ?? { x: 0, y: 0, width: docWidth, height: docHeight };
      const left = Math.max(0, Math.round(part.x));
      const top = Math.max(0, Math.round(part.y));
      const cut = new PNG({ width: Math.min(shot.width - left, Math.round(part.width)), height: Math.min(shot.height - top, Math.round(part.height)) });
      PNG.bitblt(shot, cut, left, top, cut.width, cut.height, 0, 0);
      writeFileSync(path, PNG.sync.write(cut));
    }
  } finally {
    await setViewport(driver, width, height);
    await driver.executeScript(`scrollTo(${x}, ${y})`);
  }
}

/**
 * Opens a page, runs `fn(page)`, then checks that the page noted no problem; closes the page even
 * when `fn` throws.
 */
export async function withPage(browser, options, fn) {
  const page = await browser.newPage(options);
  try {
    await fn(page);
    const problems = await page.problems();
    if (problems.length) throw new Error(`the page in ${browser.engine} noted problems:\n  ${problems.join("\n  ")}`);
  } finally {
    await page.close();
  }
}
