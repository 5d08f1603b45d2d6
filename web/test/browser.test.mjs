// Real-browser tests: Debian's Chromium driven by playwright-core, against build/web (or TLAB_SITE)
// served with the page's CSP. Every expectation comes from the native core (build/native/labrun).
//   node --test web/test/browser.test.mjs      (after ./lab build; ./lab test runs it)
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";

import { serve } from "../tools/serve.mjs";
import { CHROMIUM, FLAGS, ROOT, SITE, labrun, shownStreams, streams, waitForStreams } from "./browser-support.mjs";

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

async function openLab(page, id) {
  await page.goto(`${base}${id}.html`);
  await page.waitForFunction(() => !document.querySelector('[data-action="run-all"]').disabled, null, { timeout: 20000 });
}

// Waits until the cell has finished its current run and shows outputs for the given request.
async function cellStreams(page, step) {
  await page.waitForFunction((s) => {
    const cell = document.getElementById(`step-${s}`);
    return !cell.classList.contains("is-running");
  }, step);
  return shownStreams(page, step);
}

async function editList(page, step, param, items) {
  await page.click(`#step-${step} .lit[data-param="${param}"]`);
  const slot = `#step-${step} .editor-slot`;
  for (;;) {
    const n = await page.$$eval(`${slot} input`, (xs) => xs.length);
    if (n === items.length) break;
    const label = n < items.length ? /추가/ : /삭제/;
    await page.locator(`${slot} button`, { hasText: label }).first().click();
  }
  const inputs = page.locator(`${slot} input`);
  for (let k = 0; k < items.length; k++) await inputs.nth(k).fill(String(items[k]));
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
  for (const id of ["ch1-lab2", "ch3-lab2"]) {
    test(`${id}: every cell at textbook values shows labrun's stream text, before and after the wasm runs`, async () => {
      const page = await newPage();
      await openLab(page, id);
      for (const step of [1, 2, 3]) {
        const want = streams(labrun({ lab: id, step }));
        assert.deepEqual(await cellStreams(page, step), want, `${id} step ${step}, pre-rendered`);
      }
      await page.click('[data-action="run-all"]');
      for (const step of [1, 2, 3]) {
        const want = streams(labrun({ lab: id, step }));
        assert.deepEqual(await waitForStreams(page, step, want), want, `${id} step ${step}, computed by wasm`);
      }
      await page.screenshot({ path: join(SHOTS, `${id}.png`), fullPage: true });
      await page.close();
    });
  }

  test("ch3-lab2: editing the d_k list, a seed, and the chart's values match labrun", async () => {
    const page = await newPage();
    await openLab(page, "ch3-lab2");
    // The pre-rendered table's raw-text toggle works before any run.
    await page.click("#step-1 .raw-toggle");
    assert.equal(await page.$eval("#step-1 pre.out-table-text", (n) => n.hidden), false);
    await editList(page, 1, "d_k_values", [2, 32, 512]);
    const want1 = labrun({ lab: "ch3-lab2", step: 1, params: { d_k_values: [2, 32, 512] } }).outputs[0].data["text/plain"];
    await page.waitForFunction((w) => document.querySelector("#step-1 pre.out-table-text")?.textContent === w, want1, { timeout: 20000 }).catch(() => {});
    assert.equal(await page.$eval("#step-1 pre.out-table-text", (n) => n.textContent), want1, "the printed table, exactly");
    assert.match(await page.$eval("#flow .flow-badge", (n) => n.textContent), /3/, "the loop shows three passes");

    await page.click('#step-2 .lit[data-param="compare_seed"]');
    await page.fill("#step-2 .editor-slot input", "123");
    const want2 = labrun({ lab: "ch3-lab2", step: 2, params: { compare_seed: 123 } });
    assert.deepEqual(await waitForStreams(page, 2, streams(want2)), streams(want2));

    const want3 = labrun({ lab: "ch3-lab2", step: 3, params: { compare_seed: 123 } });
    const chart = want3.outputs[0].data["application/vnd.transformer-lab.chart+json"];
    const expected = chart.series.flatMap((s) => s.values.map(String));
    await page.waitForFunction((w) => {
      const got = [...document.querySelectorAll("#step-3 .outputs rect[data-value]")].map((r) => r.dataset.value);
      return JSON.stringify(got) === JSON.stringify(w);
    }, expected, { timeout: 20000 }).catch(() => {});
    const bars = await page.$$eval("#step-3 .outputs rect[data-value]", (rs) => rs.map((r) => r.dataset.value));
    assert.deepEqual(bars, expected, "bar heights are the chart JSON's values");
    await page.close();
  });

  test("ch1-lab2: a non-conformable matrix and a vector edit show labrun's outputs", async () => {
    const page = await newPage();
    await openLab(page, "ch1-lab2");
    await page.click('#step-1 .lit[data-param="B"]');
    await page.locator("#step-1 .editor-slot button", { hasText: "행 삭제" }).click();
    const want1 = labrun({ lab: "ch1-lab2", step: 1, params: { B: [[1, 0], [0, 1]] } });
    const error = want1.outputs.find((o) => o.output_type === "error");
    await page.waitForFunction((w) => document.querySelector("#step-1 .out-error")?.textContent.includes(w), error.evalue, { timeout: 20000 });
    assert.equal(await page.$eval("#step-1 .out-error", (n) => n.textContent.split("\n")[0]), `${error.ename}: ${error.evalue}`);

    await editList(page, 3, "z", ["1.5", "-2", "0.25", "3"]);
    const want3 = labrun({ lab: "ch1-lab2", step: 3, params: { z: [1.5, -2.0, 0.25, 3.0] } });
    assert.deepEqual(await waitForStreams(page, 3, streams(want3)), streams(want3));

    await editList(page, 2, "v", ["4", "5"]);
    const want2 = labrun({ lab: "ch1-lab2", step: 2, params: { v: [4, 5] } });
    const err2 = want2.outputs.find((o) => o.output_type === "error");
    await page.waitForFunction((w) => document.querySelector("#step-2 .out-error")?.textContent.includes(w), err2.evalue, { timeout: 20000 });
    await page.close();
  });

  test("a bad value is reported at its field and the last good output stays", async () => {
    const page = await newPage();
    await openLab(page, "ch3-lab2");
    const before = await cellStreams(page, 2);
    await page.click('#step-2 .lit[data-param="n_keys"]');
    await page.fill("#step-2 .editor-slot input", "61");
    await page.waitForSelector('#step-2 .editor-slot input[aria-invalid="true"]');
    assert.match(await page.$eval("#step-2 .field-error", (n) => n.textContent), /1 이상 60 이하/);
    await page.waitForTimeout(400);
    assert.deepEqual(await cellStreams(page, 2), before);
    assert.equal(await page.$eval("#step-2 .editor-slot input", (n) => n.value), "61", "the learner's text is kept");
    await page.close();
  });

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
