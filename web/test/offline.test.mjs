// The offline pages (build/web/transformer-lab.html and its English twin .en.html): the single-file
// core under node, and from disk in Chromium, what only playwright-core sees: no request leaves
// the file (only file:, data: and blob: URLs), the core runs in Blob workers, and the notebook
// download holds an edit's outputs as the native core (build/native/labrun) answers them. The
// pages' behaviour from file:// in every engine is engines.test.mjs's.
//   node --test web/test/offline.test.mjs      (after ./lab build; ./lab test runs it)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

import { CHROMIUM, FLAGS, LABRUN, ROOT, labrun, streams, waitForStreams } from "./browser-support.mjs";

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
    // The page sends each lab's document (the wasm has no lab folders); labrun gets the same
    // requests with no lab folders of its own, so that an unknown lab's error reads alike.
    const documents = Object.fromEntries(labrun({ list: true }).labs.map((lab) => [lab.id, lab.document]));
    const noLabs = mkdtempSync(join(tmpdir(), "tlab-no-labs-"));
    for (const request of [{ lab: documents["ch1-lab2"], step: 2, params: { v: [4, 5] } },
      { lab: documents["ch3-lab2"], step: 3, params: { compare_d_k: 16 } }, { lab: "ch9" }]) {
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
        expected = execFileSync(LABRUN, { input: text, encoding: "utf8", env: { ...process.env, TLAB_LABS: noLabs } });
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

describe("the offline page from file:// in Chromium", () => {
  const url = pathToFileURL(FILE).href;

  // The pages' behaviour from file:// (the index, each lab's edits, the views, the English file) is
  // tested in every engine by engines.test.mjs; this is what needs playwright-core: every request
  // and worker the page makes, and the notebook download.
  test("a lab's edit reaches the notebook download; the workers are Blob workers; nothing else is requested", async () => {
    const page = await newPage();
    await page.goto(`${url}#ch1-lab2`);
    await waitReady(page);
    await page.click('.site-nav a[data-view="ch3-lab2"]');
    await waitReady(page);
    await page.click('#step-2 .lit[data-param="compare_seed"]');
    await page.fill("#step-2 .editor-slot input", "123");
    const want = labrun({ lab: "ch3-lab2", step: 2, params: { compare_seed: 123 } });
    assert.deepEqual(await waitForStreams(page, 2, streams(want)), streams(want));
    const table = want.outputs[0].data["text/plain"];
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('main [data-action="notebook"]')]);
    const notebook = JSON.parse(readFileSync(await download.path(), "utf8"));
    const cell = notebook.cells.find((c) => c.id === "step-2");
    assert.ok(cell.source.includes("np.random.seed(123)"));
    assert.deepEqual(cell.outputs, [{ output_type: "stream", name: "stdout", text: `${table}\n${streams(want).join("")}` }]);
    await page.close();

    assert.ok(workers.length >= 2, "one worker per lab");
    for (const w of workers) assert.match(w, /^blob:/);
    assert.deepEqual(problems, []);
    assert.deepEqual(requests.filter((r) => r.startsWith("file:")).map((r) => r.split("#")[0]).filter((r) => r !== url), []);
  });
});
