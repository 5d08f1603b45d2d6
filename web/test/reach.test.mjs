// Real-browser tests for reach: the English pages, kept state and hostile shared state, undo,
// copy code, the notebook download, and an accessibility audit (axe-core). Like
// browser.test.mjs: Debian's Chromium via playwright-core against build/web served with the CSP.
// A share link opened cold and the embed example's messages are tested in every engine by
// engines.test.mjs.
//   node --test web/test/reach.test.mjs      (after ./lab build)
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";

import { serve } from "../tools/serve.mjs";
import { CHROMIUM, FLAGS, HANGUL, ROOT, SITE, labrun, ready, streams, waitForStreams } from "./browser-support.mjs";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const b64url = (value) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

let server;
let base;
let browser;
let profile;
let context;
const problems = []; // console errors, page errors, CSP violations, off-origin requests, dialogs

function watch(page) {
  page.on("console", (msg) => { if (msg.type() === "error") problems.push(`console: ${msg.text()}`); });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("dialog", (dialog) => { problems.push(`dialog: ${dialog.message()}`); dialog.dismiss(); });
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== new URL(base).origin) problems.push(`off-origin: ${req.url()}`);
  });
  return page;
}

async function setUp(ctx) {
  await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(base).origin });
  await ctx.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return ctx;
}

async function newPage(ctx = context) {
  const page = watch(await ctx.newPage());
  await page.setViewportSize({ width: 1100, height: 900 });
  return page;
}

async function openLab(page, path) {
  await page.goto(`${base}${path}`);
  await ready(page);
}


async function setSeed(page, value) {
  await page.click('#step-2 .lit[data-param="compare_seed"]');
  await page.fill("#step-2 .editor-slot input", value);
}

before(async () => {
  assert.ok(existsSync(join(SITE, "ch1-lab2.en.html")), "build/web is missing: run ./lab build first");
  ({ server, url: base } = await serve({ root: SITE, port: 0 }));
  profile = mkdtempSync(join(tmpdir(), "tlab-chromium-"));
  context = await setUp(await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS }));
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
});

after(async () => {
  await context?.close();
  await browser?.close();
  server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe("reach: languages, embedding, state, sharing, accessibility", () => {
  test("?lang=en opens the English page: UI and lesson text in English, code output unchanged", async () => {
    const page = await newPage();
    await page.goto(`${base}ch3-lab2.html?lang=en#step-2`);
    await page.waitForURL(/ch3-lab2\.en\.html\?lang=en#step-2$/);
    await ready(page);
    assert.equal(await page.getAttribute("html", "lang"), "en");
    assert.equal(await page.textContent("h1"), "Lab 2 — What dividing by √d_k changes");
    const words = await page.$$eval(
      ".skip, .site-nav, .lab-head, #flow figcaption, .lab-tools button, .lab-status, .cell-head, .lead, #summary h2, #summary p, #summary thead, #summary tbody th, #summary td:not(.summary-output), #explanations, .site-foot, .chart-data summary",
      (nodes) => nodes.map((n) => n.textContent));
    for (const text of words) assert.doesNotMatch(text.replace("한국어", ""), HANGUL, text);
    assert.doesNotMatch(await page.getAttribute("#flow svg", "aria-label"), HANGUL);
    // The code and what it prints are the same in both languages.
    assert.deepEqual(await waitForStreams(page, 2, streams(labrun({ lab: "ch3-lab2", step: 2 }))), streams(labrun({ lab: "ch3-lab2", step: 2 })));
    // The switch leads to the same page in Korean, with the rest of the URL.
    assert.equal(await page.getAttribute(".lang-switch", "href"), `${base}ch3-lab2.html#step-2`);
    // Messages from the page (validation) are English too.
    await page.click('#step-2 .lit[data-param="n_keys"]');
    await page.fill("#step-2 .editor-slot input", "61");
    await page.waitForSelector('#step-2 .editor-slot input[aria-invalid="true"]');
    assert.equal(await page.textContent("#step-2 .field-error"), "Must be between 1 and 60.");
    await page.click(".lang-switch");
    await page.waitForURL(/ch3-lab2\.html#step-2$/);
    assert.equal(await page.getAttribute("html", "lang"), "ko");
    await page.goto(`${base}ch1-lab2.en.html?lang=ko`);
    await page.waitForURL(/ch1-lab2\.html\?lang=ko$/);
    await page.goto(`${base}index.html?lang=en`);
    await page.waitForURL(/index\.en\.html\?lang=en$/);
    assert.match(await page.getAttribute(".lab-card a", "href"), /\.en\.html$/);
    await page.close();
  });

  test("#step-2 scrolls to that cell and focuses it", async () => {
    const page = await newPage();
    await openLab(page, "ch1-lab2.html#step-3");
    assert.equal(await page.evaluate(() => document.activeElement.id), "step-3");
    assert.ok(await page.evaluate(() => document.getElementById("step-3").getBoundingClientRect().top < innerHeight));
    await page.close();
  });

  test("reload keeps edits; per-cell and per-lab reset clear them", async () => {
    const page = await newPage();
    await openLab(page, "ch3-lab2.html");
    await page.evaluate(() => localStorage.clear());
    await setSeed(page, "123");
    const want = streams(labrun({ lab: "ch3-lab2", step: 2, params: { compare_seed: 123 } }));
    assert.deepEqual(await waitForStreams(page, 2, want), want);
    await page.reload();
    await ready(page);
    assert.deepEqual(await waitForStreams(page, 2, want), want, "restored after reload");
    assert.equal(await page.textContent('#step-2 .lit[data-param="compare_seed"]'), "123");
    assert.match(await page.textContent(".lab-notice"), /저장해 둔 값/);

    await page.click('#step-2 [data-action="reset"]');
    const textbook = streams(labrun({ lab: "ch3-lab2", step: 2 }));
    assert.deepEqual(await waitForStreams(page, 2, textbook), textbook);
    assert.equal(await page.evaluate(() => localStorage.getItem("transformer-lab:ch3-lab2")), null);

    await setSeed(page, "5");
    await page.waitForFunction(() => localStorage.getItem("transformer-lab:ch3-lab2")?.includes('"5"'));
    await page.click('[data-action="reset-all"]');
    await page.waitForFunction(() => localStorage.getItem("transformer-lab:ch3-lab2") === null);
    await page.reload();
    await ready(page);
    assert.equal(await page.textContent('#step-2 .lit[data-param="compare_seed"]'), "7");
    await page.close();
  });

  test("undo: the button and Ctrl+Z outside text fields", async () => {
    const page = await newPage();
    await openLab(page, "ch3-lab2.html");
    await page.evaluate(() => localStorage.clear());
    assert.equal(await page.isDisabled('[data-action="undo"]'), true);
    await setSeed(page, "123");
    await page.waitForTimeout(1700); // a separate edit, not merged with the one before
    await page.fill("#step-2 .editor-slot input", "99");
    const want99 = streams(labrun({ lab: "ch3-lab2", step: 2, params: { compare_seed: 99 } }));
    assert.deepEqual(await waitForStreams(page, 2, want99), want99);
    // Ctrl+Z inside the field is the field's own undo, not the page's.
    await page.keyboard.press("Escape");
    await page.locator("h1").click();
    await page.keyboard.press("Control+z");
    const want123 = streams(labrun({ lab: "ch3-lab2", step: 2, params: { compare_seed: 123 } }));
    assert.deepEqual(await waitForStreams(page, 2, want123), want123);
    await page.click('[data-action="undo"]');
    const textbook = streams(labrun({ lab: "ch3-lab2", step: 2 }));
    assert.deepEqual(await waitForStreams(page, 2, textbook), textbook);
    assert.equal(await page.isDisabled('[data-action="undo"]'), true);
    assert.equal(await page.evaluate(() => localStorage.getItem("transformer-lab:ch3-lab2")), null);
    await page.close();
  });

  test("hostile or malformed state in the link or in storage is refused, visibly, and never runs", async () => {
    const fresh = await setUp(await browser.newContext());
    const page = await newPage(fresh);
    const textbook = streams(labrun({ lab: "ch3-lab2", step: 2 }));
    const bad = [
      b64url({ n_keys: "<img src=x onerror=window.__pwned=1>" }),
      b64url({ compare_seed: "<script>window.__pwned=1</script>" }),
      b64url({ n_keys: 5 }),
      b64url({ d_k_values: "4" }),
      b64url({ d_k_values: [["4"]] }),
      b64url({ n_keys: "9".repeat(5000) }),
      b64url({ nope: "1" }),
      b64url('{"__proto__": {"polluted": "1"}}'),
      b64url(["1"]),
      b64url("null"),
      b64url("{not json"),
      "A".repeat(100000),
      "%3Cimg%20src%3Dx%3E",
    ];
    for (const state of bad) {
      await page.goto("about:blank");
      await openLab(page, `ch3-lab2.html#s=${state}`);
      assert.equal(await page.isVisible(".lab-notice"), true, state.slice(0, 40));
      assert.match(await page.textContent(".lab-notice"), /교과서 값으로 시작/);
      assert.deepEqual(await waitForStreams(page, 2, textbook), textbook);
      assert.equal(await page.evaluate(() => window.__pwned ?? ({}).polluted ?? null), null);
      assert.equal(await page.$$eval("img, script:not([src]):not([type])", (n) => n.length), 0);
      assert.equal(await page.evaluate(() => localStorage.getItem("transformer-lab:ch3-lab2")), null);
    }
    // Storage that was tampered with: refused and removed.
    await page.evaluate(() => localStorage.setItem("transformer-lab:ch3-lab2", '{"n_keys": "<img src=x onerror=window.__pwned=1>"}'));
    await page.reload();
    await ready(page);
    assert.equal(await page.isVisible(".lab-notice"), true);
    assert.equal(await page.evaluate(() => localStorage.getItem("transformer-lab:ch3-lab2")), null);
    assert.equal(await page.evaluate(() => window.__pwned ?? null), null);
    await fresh.close();
  });

  test("copy code puts runnable Python (prelude + source) on the clipboard, with a confirmation", async () => {
    const page = await newPage();
    await openLab(page, "ch3-lab2.html");
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await ready(page);
    await page.click('#step-3 [data-action="copy"]');
    const want = labrun({ lab: "ch3-lab2", step: 3 });
    // (the copy is done once the button says so: share.js is fetched on first use)
    await page.waitForFunction(() => document.querySelector('#step-3 [data-action="copy"]').textContent === "복사됨 ✓");
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), want.prelude + want.source);
    assert.equal(await page.textContent(".lab-status"), "코드를 복사했습니다.");
    await page.close();
  });

  test("a re-run is announced in the live region", async () => {
    const page = await newPage();
    await openLab(page, "ch1-lab2.en.html");
    assert.equal(await page.getAttribute(".lab-status", "aria-live"), "polite");
    await page.click('#step-2 [data-action="run"]');
    await page.waitForFunction(() => document.querySelector(".lab-status").textContent === "Step 2 recomputed", null, { timeout: 20000 });
    await page.close();
  });

  test("keyboard: literals are reached with Tab, opened with Enter, closed with Escape; focus is visible", async () => {
    const page = await newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openLab(page, "ch1-lab2.html");
    let onLiteral = false;
    for (let k = 0; k < 80 && !onLiteral; k++) {
      await page.keyboard.press("Tab");
      onLiteral = await page.evaluate(() => document.activeElement.classList.contains("lit"));
    }
    assert.ok(onLiteral, "a literal is in the tab order");
    assert.equal(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle), "solid");
    const param = await page.evaluate(() => document.activeElement.dataset.param);
    await page.keyboard.press("Enter");
    // The first editor of a page loads its module first: focus moves once it is open.
    await page.waitForFunction(() => document.activeElement.localName === "input", null, { timeout: 5000 }).catch(() => {});
    assert.equal(await page.evaluate(() => document.activeElement.localName), "input");
    await page.keyboard.type("9");
    await page.keyboard.press("Escape");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.param), param);
    // Reduced motion: a changed output is not flashed (the flash is its ::after overlay).
    await page.waitForSelector(".outputs .is-changed", { timeout: 20000 });
    assert.equal(await page.$eval(".outputs .is-changed", (n) => getComputedStyle(n, "::after").animationName), "none");
    await page.close();
  });

  test("download notebook saves <lab>.ipynb from a blob URL", { skip: !existsSync(join(ROOT, "web/src/notebook.js")) && "web/src/notebook.js is not there yet" }, async () => {
    const page = await newPage();
    await openLab(page, "ch1-lab2.html");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-action="notebook"]')]);
    assert.equal(download.suggestedFilename(), "ch1-lab2.ipynb");
    assert.equal(await download.failure(), null);
    const notebook = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert.equal(notebook.nbformat, 4);
    await page.close();
  });

  // every lab (as the listing gives them) in both languages, the index and the embed examples
  const labPages = labrun({ list: true }).labs.flatMap(({ id }) => [`${id}.html`, `${id}.en.html`]);
  for (const path of [...labPages, "index.html", "index.en.html", "embed-example.html", "embed-cells-example.html"]) {
    test(`axe-core: no serious or critical violations on ${path}`, async () => {
      const page = await newPage();
      await page.goto(`${base}${path}`);
      if (labPages.includes(path)) {
        await ready(page);
        await page.click('#step-1 .lit'); // with an editor open, too
        // and a code editor (CodeMirror, in its shadow root) and a variables panel, filled
        await page.click('#step-2 [data-action="edit-code"]');
        await page.waitForSelector("#step-2 .code-editor .cm-content");
        // (open: the panel may be open already, as an earlier page of this browser left it)
        if (!(await page.$eval("#step-1 details.variables", (d) => d.open))) await page.click("#step-1 details.variables > summary");
        await page.waitForSelector("#step-1 .var-list");
      }
      // Through CDP, not a <script>: the page's CSP stays as it is, and reports nothing.
      await page.evaluate(AXE);
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, { resultTypes: ["violations"] });
        return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
          .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
      });
      assert.deepEqual(violations, []);
      await page.close();
    });
  }

  test("no console errors, CSP violations, dialogs or off-origin requests", () => {
    assert.deepEqual(problems, []);
  });
});
