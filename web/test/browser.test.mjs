// Real-browser tests in Chromium alone (playwright-core turning JavaScript off; a 320 px viewport,
// narrower than MiniBrowser's window can be), against build/web (or TLAB_SITE) served with the
// page's CSP; the lessons themselves (textbook outputs, edits, a bad value) are tested in every
// engine by engines.test.mjs. Every expectation
// comes from the native core (build/native/labrun).
//   node --test web/test/browser.test.mjs      (after ./lab build; ./lab test runs it)
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";

import { serve } from "../tools/serve.mjs";
import { CHROMIUM, FLAGS, ROOT, SITE, labrun, streams } from "./browser-support.mjs";

const SHOTS = join(ROOT, "build/web-test");

let server;
let base;
let context;
let profile;
const problems = []; // console errors, page errors, CSP violations, off-origin requests

async function newPage({ width = 1100, height = 900 } = {}) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  page.on("console", (msg) => { if (msg.type() === "error") problems.push(`console: ${msg.text()}`); });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== new URL(base).origin) problems.push(`off-origin: ${req.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
    try { localStorage.clear(); } catch {} // every test starts from the textbook values (the page keeps edits per lab)
  });
  return page;
}

before(async () => {
  assert.ok(existsSync(join(SITE, "ch1-lab2.html")), "build/web is missing: run ./lab build first");
  ({ server, url: base } = await serve({ root: SITE, port: 0 }));
  profile = mkdtempSync(join(tmpdir(), "tlab-chromium-"));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await context?.close();
  server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe("lesson pages in Chromium", () => {
  test("pre-rendered outputs are there with JavaScript disabled", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    for (const id of ["ch1-lab2", "ch3-lab2"]) {
      await page.goto(`${base}${id}.html`);
      for (const step of [1, 2, 3]) {
        const want = streams(labrun({ lab: id, step }));
        const got = await page.$$eval(`#step-${step} .outputs .out-stream`, (nodes) => nodes.map((n) => n.textContent));
        assert.deepEqual(got, want, `${id} step ${step} without JavaScript`);
      }
    }
    await browser.close();
  });

  test("at 320 px wide nothing overflows the page", async () => {
    const page = await newPage({ width: 320, height: 700 });
    for (const id of ["index", "ch1-lab2", "ch3-lab2"]) {
      await page.goto(`${base}${id}.html`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 320, `${id} is ${width}px wide at a 320px viewport`);
      if (id !== "index") await page.screenshot({ path: join(SHOTS, `${id}-320.png`), fullPage: true });
    }
    await page.close();
  });

  test("no console errors, CSP violations or off-origin requests", () => {
    assert.deepEqual(problems, []);
  });
});
