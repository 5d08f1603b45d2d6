// The SCORM packages (web/tools/build-scorm.mjs) in an LMS, end to end in each engine: a harness
// page (fixtures/scorm/harness.js) exposes scorm-again's run-time as the LMS's API, unzips a
// built package, reads its imsmanifest.xml and frames its launch page; the learner solves
// exercises; the LMS's record (status, score, suspend_data, exit, session time) is checked; a new
// session starts from what the first one left (entry "resume"), with this browser's storage
// emptied, so that the edits can only come back from suspend_data; a hostile suspend_data is
// refused. The packages are served from a server of their own, as an LMS serves content (the
// site's server sends the site's CSP, under which the offline file's inline scripts do not run).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import { ROOT } from "./browser-support.mjs";
import { enginesToTest, launch } from "./engines.mjs";

const PACKAGES = join(ROOT, "build/scorm");
const MODULES = join(ROOT, "web/node_modules");
const FIXTURES = join(ROOT, "web/test/fixtures/scorm");
const FILES = {
  "/harness.html": join(FIXTURES, "harness.html"),
  "/harness.js": join(FIXTURES, "harness.js"),
  "/fflate.js": join(MODULES, "fflate/umd/index.js"),
  "/scorm12.js": join(MODULES, "scorm-again/dist/scorm12.min.js"),
  "/scorm2004.js": join(MODULES, "scorm-again/dist/scorm2004.min.js"),
};

function serveHarness() {
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const file = FILES[path] ?? (/^\/packages\/[\w.-]+\.zip$/.test(path) ? join(PACKAGES, path.slice("/packages/".length)) : null);
    if (!file || !existsSync(file)) return res.writeHead(404).end();
    const type = path.endsWith(".html") ? "text/html; charset=utf-8" : path.endsWith(".js") ? "text/javascript" : "application/zip";
    res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" }).end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done({ base: `http://127.0.0.1:${server.address().port}/`, server })));
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const ready = (target) => target.waitForFunction(() => {
  const button = document.querySelector('main [data-action="run-all"]');
  return button !== null && !button.disabled && !document.querySelector('main [data-ex="solution"]')?.disabled;
}, null, { timeout: 60000, what: "the lab in the LMS to be ready" });
const lms = (p) => p.evaluate(() => window.harness.state());
/** Waits until the LMS's record satisfies `test` (a function of {cmi, initialized, terminated}, run in the harness). */
const lmsUntil = (p, test, what) => p.waitForFunction(`(() => { const s = window.harness.state(); return (${test})(s) && s; })()`, null, { timeout: 20000, what });

assert.ok(existsSync(join(PACKAGES, "ch1-lab2-scorm12.zip")), `${PACKAGES} is missing: run ./lab build first`);

for (const engine of enginesToTest()) {
  describe(`SCORM packages in ${engine}`, () => {
    let browser;
    let harness;
    before(async () => {
      harness = await serveHarness();
      browser = await launch(engine);
    });
    after(async () => {
      await browser?.close();
      await new Promise((done) => harness?.server.close(done));
    });

    test("SCORM 1.2 (ch1-lab2, Korean): status and score as exercises are done; the edits come back next time", async () => {
      const p = await browser.newPage({ width: 1100, height: 900 });
      try {
        await p.goto(`${harness.base}harness.html`);
        const launched = await p.evaluate((url) => window.harness.launch(url), "/packages/ch1-lab2-scorm12.zip");
        assert.deepEqual(launched, { version: "1.2", schemaversion: "1.2", href: "index.html", files: ["imsmanifest.xml", "index.html"] });
        const sco = p.frame("#sco");
        await ready(sco);
        let state = await lmsUntil(p, (s) => s.cmi.core.lesson_status === "incomplete", "lesson_status incomplete");
        assert.equal(state.cmi.core.score.raw, "0");
        // solve one exercise with its solution (v = [2, -1, 0]) and write a reflection
        await sco.click('#ex-perpendicular [data-ex="solution"]');
        await sco.click('#ex-perpendicular [data-ex="apply"]');
        await sco.waitForFunction(() => document.querySelector("#ex-perpendicular .ex-badge").dataset.status === "done", null, { what: "perpendicular done" });
        await sco.fill("#ex-shift-scores textarea", "최댓값을 빼도 비율은 그대로다");
        state = await lmsUntil(p, (s) => s.cmi.core.score.raw === "50", "score 50 (2 of 4)");
        assert.equal(state.cmi.core.lesson_status, "incomplete");
        assert.match(state.cmi.suspend_data, /^[01][\w-]+$/);
        // the learner leaves: suspended, with the session's time
        await p.evaluate(() => window.harness.leave());
        state = await lmsUntil(p, (s) => s.terminated, "LMSFinish");
        assert.equal(state.cmi.core.exit, "suspend");
        assert.match(state.cmi.core.session_time, /^\d{2,4}:\d\d:\d\d(\.\d+)?$/);
        // next session, with this browser's storage empty: everything from suspend_data
        await p.evaluate(() => localStorage.clear());
        await p.evaluate(([url, cmi]) => window.harness.launch(url, cmi), ["/packages/ch1-lab2-scorm12.zip",
          { suspend_data: state.cmi.suspend_data, core: { entry: "resume", lesson_status: "incomplete" } }]);
        await ready(sco);
        await sco.waitForFunction(() => document.querySelector("#exercises .ex-count").textContent === "2/4 완료", null, { what: "2/4 done again" });
        await sco.waitForFunction(() => document.querySelector('#step-2 .lit[data-param="v"]').textContent === "np.array([2, -1, 0])", null,
          { what: "v = [2, -1, 0] in step 2's code" });
        assert.equal(await sco.evaluate(() => document.querySelector("#ex-shift-scores textarea").value), "최댓값을 빼도 비율은 그대로다");
        assert.equal(await sco.text(".lab-notice"), "지난번에 하던 곳에서 이어 갑니다.");
        await lmsUntil(p, (s) => s.cmi.core.score.raw === "50", "score 50 again");
        // a hostile suspend_data: refused with a notice; the lab starts at the textbook, whatever this browser kept
        await p.evaluate(() => window.harness.leave());
        await lmsUntil(p, (s) => s.terminated, "LMSFinish");
        const hostile = `0${Buffer.from(JSON.stringify({ values: { v: ["<img src=x onerror=alert(1)>"] } })).toString("base64url")}`;
        await p.evaluate(([url, cmi]) => window.harness.launch(url, cmi), ["/packages/ch1-lab2-scorm12.zip", { suspend_data: hostile, core: { entry: "resume" } }]);
        await ready(sco);
        await sco.waitForFunction(() => document.querySelector(".lab-notice:not([hidden])")?.textContent.includes("올바르지 않아"), null, { what: "the notice" });
        await sco.waitForFunction(() => document.querySelector("#exercises .ex-count").textContent === "0/4 완료", null, { what: "0/4" });
        await sco.waitForFunction(() => document.querySelector('#step-2 .lit[data-param="v"]').textContent === "np.array([4, 5, 6])", null,
          { what: "the textbook v in step 2's code" });
        assert.equal(await sco.evaluate(() => document.querySelector("img[src=x]")), null);
      } finally {
        await p.close();
      }
    });

    test("SCORM 2004 (ch3-lab2, English): completion, success and a scaled score; edited code comes back", async () => {
      const p = await browser.newPage({ width: 1100, height: 900 });
      try {
        await p.goto(`${harness.base}harness.html`);
        const launched = await p.evaluate((url) => window.harness.launch(url), "/packages/ch3-lab2.en-scorm2004.zip");
        assert.equal(launched.version, "2004");
        assert.equal(launched.schemaversion, "2004 4th Edition");
        const sco = p.frame("#sco");
        await ready(sco);
        let state = await lmsUntil(p, (s) => s.cmi.completion_status === "incomplete", "completion incomplete");
        assert.equal(state.cmi.success_status, "unknown");
        // the solution of "divide by d_k" is code: applied, run, checked
        await sco.click('#ex-divide-by-d-k [data-ex="solution"]');
        await sco.click('#ex-divide-by-d-k [data-ex="apply"]');
        await sco.waitForFunction(() => document.querySelector("#ex-divide-by-d-k .ex-badge").dataset.status === "done", null, { timeout: 60000, what: "divide-by-d-k done" });
        state = await lmsUntil(p, (s) => s.cmi.score.scaled === "0.25", "score.scaled 0.25");
        assert.equal(state.cmi.progress_measure, "0.25");
        assert.equal(state.cmi.completion_status, "incomplete");
        const code = await sco.evaluate(() => JSON.parse(localStorage.getItem("transformer-lab:ch3-lab2:code"))["1"]);
        await p.evaluate(() => window.harness.leave());
        state = await lmsUntil(p, (s) => s.terminated, "Terminate");
        assert.equal(state.cmi.exit, "suspend");
        assert.match(state.cmi.session_time, /^PT/);
        await p.evaluate(() => localStorage.clear());
        await p.evaluate(([url, cmi]) => window.harness.launch(url, cmi), ["/packages/ch3-lab2.en-scorm2004.zip",
          { suspend_data: state.cmi.suspend_data, entry: "resume" }]);
        await ready(sco);
        await sco.waitForFunction(() => document.querySelector("#ex-divide-by-d-k .ex-badge")?.dataset.status === "done", null, { what: "done again" });
        await sco.waitForFunction((want) => JSON.parse(localStorage.getItem("transformer-lab:ch3-lab2:code") || "{}")["1"] === want, code,
          { timeout: 30000, what: "step 1's edited code back" });
        await sco.waitForFunction(() => document.querySelector("#step-1 .code-editor"), null, { what: "step 1 in its editor, with the code" });
        await sleep(200);
      } finally {
        await p.close();
      }
    });
  });
}
