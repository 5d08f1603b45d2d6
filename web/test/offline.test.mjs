// The offline pages (build/web/transformer-lab.html and its English twin .en.html) opened from disk in Chromium: no request
// leaves the file (only file:, data: and blob: URLs), the core runs in a Blob worker, and an edit
// in each lab shows exactly what the native core (build/native/labrun) answers.
//   node --test web/test/offline.test.mjs      (after ./lab build; ./lab test runs it)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

import { CHROMIUM, FLAGS, LABRUN, ROOT, labrun, shownStreams, streams, waitForStreams } from "./browser-support.mjs";

const GLUE = join(ROOT, "build/wasm/single/tlab-core-single.js");
const FILE = process.env.TLAB_OFFLINE_HTML || join(ROOT, "build/web/transformer-lab.html");

let context;
let profile;
const problems = []; // console errors, page errors, requests that are not file:, data: or blob:
const requests = [];
const workers = [];

async function newPage() {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1100, height: 900 });
  page.on("console", (msg) => { if (msg.type() === "error") problems.push(`console: ${msg.text()}`); });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("worker", (worker) => {
    workers.push(worker.url());
    worker.on("console", (msg) => { if (msg.type() === "error") problems.push(`worker console: ${msg.text()}`); });
  });
  return page;
}

// Every request of the context, from pages and workers alike.
function watchRequests() {
  context.on("request", (req) => {
    requests.push(req.url());
    if (!["file:", "data:", "blob:"].includes(new URL(req.url()).protocol)) problems.push(`network: ${req.url()}`);
  });
}

async function waitReady(page) {
  await page.waitForFunction(() => {
    const b = document.querySelector('main [data-action="run-all"]');
    return b && !b.disabled;
  }, null, { timeout: 20000 });
}


before(async () => {
  assert.ok(existsSync(FILE), "build/web/transformer-lab.html is missing: run ./lab build first");
  profile = mkdtempSync(join(tmpdir(), "tlab-chromium-"));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
  watchRequests();
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

// The worker's core: the single-file glue, run here as the Blob worker runs it (a classic script).
test("the single-file core instantiates from its inline bytes, never fetch()es, and answers as labrun", async () => {
  const fetch = globalThis.fetch;
  let fetched = 0;
  globalThis.fetch = (...args) => { fetched++; return fetch(...args); };
  try {
    const createTlabCore = new Function(`${readFileSync(GLUE, "utf8")}\nreturn createTlabCore;`)();
    const core = await createTlabCore();
    for (const request of [{ lab: "ch1-lab2", step: 2, params: { v: [4, 5] } }, { lab: "ch3-lab2", step: 3, params: { compare_d_k: 16 } }, { lab: "ch9" }]) {
      const text = JSON.stringify(request);
      const size = core.lengthBytesUTF8(text) + 1;
      const input = core._malloc(size);
      core.stringToUTF8(text, input, size);
      const output = core._tlab_request(input);
      const answer = core.UTF8ToString(output);
      core._free(input);
      core._tlab_free(output);
      let expected;
      try {
        expected = execFileSync(LABRUN, { input: text, encoding: "utf8" });
      } catch (e) {
        expected = e.stdout; // exit status 2: an invalid request, answered all the same
      }
      assert.equal(answer, expected.replace(/\n$/, ""));
    }
  } finally {
    globalThis.fetch = fetch;
  }
  assert.equal(fetched, 0, "the data: URI is decoded, not fetched");
});

describe("the offline page from file://", () => {
  const url = pathToFileURL(FILE).href;

  test("the index links both labs; each lab computes in a Blob worker and matches labrun", async () => {
    const page = await newPage();
    await page.goto(url);
    assert.equal(await page.$eval("main", (m) => m.className), "index");
    const cards = await page.$$eval("main .lab-card a", (as) => as.map((a) => a.getAttribute("href")));
    assert.deepEqual(cards, ["#ch1-lab2", "#ch3-lab2"]);

    // ch1-lab2, from the index card: textbook outputs, then v too short → labrun's ValueError.
    await page.click('main .lab-card a[href="#ch1-lab2"]');
    await waitReady(page);
    assert.equal(await page.$eval('.site-nav a[aria-current="page"]', (a) => a.dataset.view), "ch1-lab2");
    for (const step of [1, 2, 3]) assert.deepEqual(await shownStreams(page, step), streams(labrun({ lab: "ch1-lab2", step })));
    await page.click('#step-2 .lit[data-param="v"]');
    await page.locator("#step-2 .editor-slot button", { hasText: /삭제/ }).first().click();
    const want2 = labrun({ lab: "ch1-lab2", step: 2, params: { v: [4, 5] } });
    const error = want2.outputs.find((o) => o.output_type === "error");
    await page.waitForFunction((w) => document.querySelector("#step-2 .out-error")?.textContent.includes(w), error.evalue, { timeout: 20000 });
    assert.equal(await page.$eval("#step-2 .out-error", (n) => n.textContent.split("\n")[0]), `${error.ename}: ${error.evalue}`);
    assert.deepEqual(await shownStreams(page, 2), streams(want2));

    // ch3-lab2, from the nav: a new seed → labrun's table and bars.
    await page.click('.site-nav a[data-view="ch3-lab2"]');
    await waitReady(page);
    assert.equal(await page.$$eval("main", (ms) => ms.length), 1, "one view in the document at a time");
    await page.click('#step-2 .lit[data-param="compare_seed"]');
    await page.fill("#step-2 .editor-slot input", "123");
    const want = labrun({ lab: "ch3-lab2", step: 2, params: { compare_seed: 123 } });
    assert.deepEqual(await waitForStreams(page, 2, streams(want)), streams(want));
    const table = want.outputs[0].data["text/plain"];
    await page.waitForFunction((w) => document.querySelector("#step-2 pre.out-table-text")?.textContent === w, table, { timeout: 20000 }).catch(() => {});
    assert.equal(await page.$eval("#step-2 pre.out-table-text", (n) => n.textContent), table, "the printed table, exactly");
    const chart = labrun({ lab: "ch3-lab2", step: 3, params: { compare_seed: 123 } }).outputs[0].data["application/vnd.transformer-lab.chart+json"];
    const bars = chart.series.flatMap((s) => s.values.map(String));
    await page.waitForFunction((w) => JSON.stringify([...document.querySelectorAll("#step-3 .outputs rect[data-value]")]
      .map((r) => r.dataset.value)) === JSON.stringify(w), bars, { timeout: 20000 }).catch(() => {});
    assert.deepEqual(await page.$$eval("#step-3 .outputs rect[data-value]", (rs) => rs.map((r) => r.dataset.value)), bars);

    // The notebook download (notebook.js, bundled into the page script) holds the edited outputs.
    if (await page.$('main [data-action="notebook"]')) {
      const [download] = await Promise.all([page.waitForEvent("download"), page.click('main [data-action="notebook"]')]);
      const notebook = JSON.parse(readFileSync(await download.path(), "utf8"));
      const cell = notebook.cells.find((c) => c.id === "step-2");
      assert.ok(cell.source.includes("np.random.seed(123)"));
      assert.deepEqual(cell.outputs, [{ output_type: "stream", name: "stdout", text: `${table}\n${streams(want).join("")}` }]);
    }

    // Back to ch1-lab2: its edit is still there, and its cells still run.
    await page.goBack();
    await page.waitForFunction(() => document.querySelector("main")?.querySelector('[data-step="2"]'));
    assert.equal(await page.$eval('.site-nav a[aria-current="page"]', (a) => a.dataset.view), "ch1-lab2");
    assert.equal(await page.$eval("#step-2 .out-error", (n) => n.textContent.split("\n")[0]), `${error.ename}: ${error.evalue}`);
    const ids = await page.$$eval("[id]", (ns) => ns.map((n) => n.id));
    assert.equal(new Set(ids).size, ids.length, "element ids stay unique");
    await page.close();

    assert.ok(workers.length >= 2, "one worker per lab");
    for (const w of workers) assert.match(w, /^blob:/);
  });

  test("a fragment opens a lab directly", async () => {
    const page = await newPage();
    await page.goto(`${url}#ch3-lab2/step-2`);
    await waitReady(page);
    assert.equal(await page.$eval("main", (m) => m.className), "lab");
    assert.ok(await page.$("#step-2"));
    assert.match(await page.title(), /√d_k/);
    await page.focus("a.skip");
    await page.keyboard.press("Enter"); // #main: a place inside the view, not another view
    await page.waitForFunction(() => location.hash === "#main");
    assert.ok(await page.$("main #step-2"));
    await page.close();
  });

  test("the English file: English text, a working edit, and the switch back to the same lab", async () => {
    const english = pathToFileURL(FILE.replace(/\.html$/, ".en.html")).href;
    const page = await newPage();
    await page.goto(`${english}#ch1-lab2`);
    await waitReady(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
    assert.match(await page.$eval('main [data-action="run-all"]', (b) => b.textContent), /Run all/);
    assert.match(await page.$eval(".site-nav a.lang-switch", (a) => a.getAttribute("href")), /(^|\/)transformer-lab\.html#ch1-lab2$/);
    await page.click('#step-3 .lit[data-param="z"]');
    await page.locator("#step-3 .editor-slot input").first().fill("5");
    const want = labrun({ lab: "ch1-lab2", step: 3, params: { z: [5, 1.0, 0.1] } });
    assert.deepEqual(await waitForStreams(page, 3, streams(want)), streams(want));
    await page.close();
  });

  test("nothing but the file itself, data: and blob: URLs was requested; no console errors", () => {
    assert.deepEqual(problems, []);
    const files = new Set([url, pathToFileURL(FILE.replace(/\.html$/, ".en.html")).href]);
    assert.deepEqual(requests.filter((r) => r.startsWith("file:")).map((r) => r.split("#")[0]).filter((r) => !files.has(r)), []);
  });
});
