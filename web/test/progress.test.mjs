// Long runs in Chromium: a worker that dies takes only its own cell's run with it (the test
// wraps the page's Worker constructor before the page runs, with an init script, which
// WebKitWebDriver does not offer). Progress and Cancel on a long sweep are tested in every engine
// by engines.test.mjs. Expectations come from the native core (build/native/labrun).
//   node --test web/test/progress.test.mjs      (after ./lab build; ./lab test runs it)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { labrun, ready, startBrowser, streams, waitForStreams, watch } from "./browser-support.mjs";

let browser;
before(async () => { browser = await startBrowser(); });
after(async () => { await browser?.close(); });

const BIG = 1000000; // n_pairs at its limit: tens of seconds in wasm, so the run is surely still going

// A page whose Worker constructor records each worker and the requests posted to it, so a test
// can find the worker computing a given cell.
async function openLab(file, problems) {
  const page = watch(await browser.context.newPage(), browser.base, problems);
  await page.addInitScript(() => {
    try { localStorage.clear(); } catch {}
    const Native = window.Worker;
    window.tlabWorkers = [];
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        const record = { worker: this, requests: [] };
        window.tlabWorkers.push(record);
        const post = this.postMessage.bind(this);
        this.postMessage = (message, ...rest) => {
          record.requests.push(message?.request);
          return post(message, ...rest);
        };
      }
    };
  });
  await page.goto(`${browser.base}${file}`);
  await ready(page);
  return page;
}

async function setInt(page, step, param, value) {
  await page.click(`#step-${step} .lit[data-param="${param}"]`);
  await page.fill(`#step-${step} .editor-slot input`, String(value));
}

const tableText = (page) => page.$eval("#step-1 pre.out-table-text", (n) => n.textContent);

async function waitForTable(page, want) {
  await page.waitForFunction((w) => document.querySelector("#step-1 pre.out-table-text")?.textContent === w
    && !document.getElementById("step-1").classList.contains("is-running"), want, { timeout: 30000 }).catch(() => {});
  assert.equal(await tableText(page), want);
}

async function expectStreams(page, step, want) {
  assert.deepEqual(await waitForStreams(page, step, want, { timeout: 30000 }), want);
}

const table = (params) => labrun({ lab: "ch3-lab2", step: 1, params }).outputs[0].data["text/plain"];

test("a worker that dies mid-run: its cell shows the error, the other cells and a re-run work (English page)", async () => {
  const problems = [];
  const page = await openLab("ch3-lab2.en.html", problems);
  await setInt(page, 1, "n_pairs", BIG);
  await page.waitForSelector("#step-1 .cell-progress", { timeout: 10000 });
  assert.match(await page.$eval("#step-1 .progress-text", (n) => n.textContent), /^d_k = \d+ \(\d\/4\) · \d+% · /);
  assert.equal(await page.$eval("#step-1 .cell-progress button", (b) => b.textContent), "Cancel");

  // Kill the worker computing the sweep: it stops at once, and the page gets the error event a
  // crashed worker raises.
  const killed = await page.evaluate((n) => {
    const record = window.tlabWorkers.find((r) => r.requests.at(-1)?.includes(`"n_pairs": ${n}`));
    if (!record) return false;
    record.worker.terminate();
    record.worker.dispatchEvent(new ErrorEvent("error", { message: "killed by the test" }));
    return true;
  }, BIG);
  assert.ok(killed, "found the worker computing the sweep");

  await page.waitForSelector("#step-1 .cell-progress", { state: "detached", timeout: 5000 });
  assert.match(await page.$eval("#step-1 .cell-status", (n) => n.textContent),
    /compute engine stopped while computing this cell.*killed by the test/);
  assert.equal(await page.$eval("#step-1 .outputs", (n) => n.classList.contains("is-stale")), true);

  // The other cells keep working, and so does the one that failed.
  await setInt(page, 2, "compare_seed", 9);
  await expectStreams(page, 2, streams(labrun({ lab: "ch3-lab2", step: 2, params: { compare_seed: 9 } })));
  await setInt(page, 1, "n_pairs", 900);
  await waitForTable(page, table({ n_pairs: 900 }));
  assert.equal(await page.$eval("#step-1 .cell-status", (n) => n.textContent), "");
  assert.deepEqual(problems, []);
  await page.close();
});
