// The three engines the bench loads the lesson pages in, behind one small interface (bench only;
// ../shared/TOOLCHAIN.md has the recipes):
//   chromium  Debian's Chromium, headless, through playwright-core (CDP; HTTP cache turned off)
//   firefox   Debian's Firefox ESR, headless, through puppeteer-core over WebDriver BiDi (cache off)
//   webkit    WebKitGTK's MiniBrowser through WebKitWebDriver + selenium-webdriver, under xvfb-run
//             (its driver cannot turn the HTTP cache off: bench/page_server.mjs sends no-store)
//
//   const engine = await openEngine("firefox");
//   const tab = await engine.open("http://127.0.0.1:8123/ch3-lab2.html");  // a fresh tab
//   await tab.value("document.title");  // → "…" (any expression with a JSON-able value)
//   await tab.close(); await engine.close();
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ENGINES = ["chromium", "firefox", "webkit"];
export const ENGINE_NAMES = { chromium: "Chromium", firefox: "Firefox ESR", webkit: "WebKitGTK" };

const CHROMIUM = process.env.TLAB_CHROMIUM || "/usr/bin/chromium";
const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const FIREFOX = process.env.TLAB_FIREFOX || "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = process.env.TLAB_WEBKIT_DRIVER || "/usr/bin/WebKitWebDriver";
const MINIBROWSER = process.env.TLAB_MINIBROWSER || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

const freePort = () => new Promise((done, fail) => {
  const probe = createServer();
  probe.once("error", fail);
  probe.listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});

async function openChromium() {
  const { chromium } = await import("../web/node_modules/playwright-core/index.mjs");
  const profile = mkdtempSync(join(tmpdir(), "tlab-bench-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  return {
    version: context.browser()?.version() ?? "",
    async open(url) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await page.goto(url, { waitUntil: "commit" });
      return { value: (expression) => page.evaluate(expression), close: () => page.close() };
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function openFirefox() {
  const { default: puppeteer } = await import("../web/node_modules/puppeteer-core/lib/puppeteer/puppeteer-core.js");
  const browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true, protocol: "webDriverBiDi" });
  return {
    version: await browser.version(),
    async open(url) {
      const page = await browser.newPage();
      await page.setCacheEnabled(false);
      await page.goto(url, { waitUntil: "load" });
      return { value: (expression) => page.evaluate(expression), close: () => page.close() };
    },
    close: () => browser.close(),
  };
}

async function openWebKit() {
  const { Builder } = await import("../web/node_modules/selenium-webdriver/index.js");
  const port = await freePort();
  // Its own process group, so that xvfb-run, Xvfb, the driver and MiniBrowser stop together.
  const server = spawn("xvfb-run", ["-a", WEBKIT_DRIVER, `--port=${port}`], { detached: true, stdio: "ignore" });
  const stop = () => { try { process.kill(-server.pid, "SIGTERM"); } catch { /* already gone */ } };
  // Also when the bench dies before close(): an Xvfb and a MiniBrowser would outlive it.
  process.once("exit", stop);
  let driver;
  try {
    for (let k = 0; ; k++) {
      try {
        driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
        }).build();
        break;
      } catch (e) {
        if (k >= 50) throw e;
        await new Promise((done) => setTimeout(done, 200)); // the driver is still starting
      }
    }
  } catch (e) {
    stop();
    throw e;
  }
  const caps = await driver.getCapabilities();
  return {
    version: caps.get("browserVersion") ?? "",
    async open(url) {
      await driver.get("about:blank"); // the previous page (and its workers) goes first
      await driver.get(url);
      return { value: (expression) => driver.executeScript(`return (${expression});`), close: async () => {} };
    },
    async close() {
      try { await driver.quit(); } finally { stop(); }
    },
  };
}

/** Starts an engine by name (one of ENGINES). */
export function openEngine(name) {
  const open = { chromium: openChromium, firefox: openFirefox, webkit: openWebKit }[name];
  if (!open) throw new Error(`unknown engine ${name} (engines: ${ENGINES.join(", ")})`);
  return open();
}

/** Polls `expression` in the tab every 20 ms until it is truthy; resolves to its value. */
export async function waitFor(tab, expression, { timeoutMs = 30000 } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await tab.value(expression);
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
