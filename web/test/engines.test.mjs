// The lessons in each engine learners use: Chromium, Firefox ESR and WebKitGTK (Safari's engine),
// through one driver layer (engines.mjs), against build/web served with the page's CSP and the
// offline file opened from disk. Every expected output comes from the native core
// (build/native/labrun), and no page may note an uncaught error, an unhandled rejection, a
// console.error, a CSP violation or a dialog (collector.js).
//   node --test web/test/engines.test.mjs       (after ./lab build; ./lab test runs it)
//   TLAB_ENGINES=firefox,webkit node --test web/test/engines.test.mjs      (some engines only)
// What needs an ability only Chromium's driver has (IME composition, request interception,
// downloads, init scripts) stays in the Chromium tests (browser-support.mjs).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { strFromU8, unzipSync } from "fflate";

import { ROOT, SITE, labrun } from "./browser-support.mjs";
import { enginesToTest, launch, serveSite, withCollector, withPage } from "./engines.mjs";
import { encodeCode } from "../src/share.js";

const SHOTS = join(ROOT, "build/web-test/engines");
const OFFLINE = process.env.TLAB_OFFLINE_HTML || join(ROOT, "build/web/transformer-lab.html");
// The one-lab offline file (build-single.mjs --lab) as a SCORM package carries it.
const ONE_LAB_PACKAGE = join(ROOT, "build/scorm/ch3-lab2-scorm12.zip");
const TABLE = "application/vnd.transformer-lab.table+json";
const CHART = "application/vnd.transformer-lab.chart+json";
const FIGURE = "application/vnd.transformer-lab.figure+json";
const BIG = 1000000; // n_pairs at its limit: tens of seconds in wasm, so the run is surely still going

const LABS = labrun({ list: true }).labs;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** What a cell must show for the native core's answer to {lab, step, params} (and the learner's `code`). */
function expected(lab, step, params = {}, code = undefined) {
  const outputs = labrun({ lab, step, params, ...(code ? { code } : {}) }).outputs;
  return {
    streams: outputs.filter((o) => o.output_type === "stream").map((o) => o.text),
    errors: outputs.filter((o) => o.output_type === "error").map((o) => `${o.ename}: ${o.evalue}`),
    tables: outputs.filter((o) => o.data?.[TABLE]).map((o) => o.data["text/plain"]),
    // bar charts' values, then a heatmap's squares, row by row (both are rect[data-value] on the page)
    bars: [
      ...outputs.filter((o) => o.data?.[CHART]).flatMap((o) => o.data[CHART].series.flatMap((s) => s.values.map(String))),
      ...outputs.filter((o) => !o.data?.[CHART] && o.data?.[FIGURE]?.axes?.[0]?.images?.length)
        .flatMap((o) => o.data[FIGURE].axes[0].images[0].data.flat().map(String)),
    ],
  };
}

// Runs in the page: what step `step` shows, in the same shape as expected().
function shown(step) {
  const cell = document.querySelector(`main #step-${step}`);
  const box = cell?.querySelector(".outputs");
  if (!box) return null;
  const texts = (selector) => [...box.querySelectorAll(selector)].map((n) => n.textContent);
  return {
    running: cell.classList.contains("is-running"),
    fresh: !box.tlabOld,
    outputs: {
      streams: texts(".out-stream"),
      errors: texts(".out-error").map((text) => text.split("\n")[0]),
      tables: texts("pre.out-table-text"),
      bars: [...box.querySelectorAll("rect[data-value]")].map((r) => r.dataset.value),
    },
  };
}

/**
 * Waits (up to `timeout` ms; no error when it runs out) until step `step` has no run in flight and
 * shows `want` (with `fresh`, in outputs rendered after markOld()); returns what it shows then, for
 * the test to compare.
 */
async function outputsOf(target, step, want, { fresh = false, timeout = 30000 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const now = await target.evaluate(shown, step);
    if (now && !now.running && (now.fresh || !fresh) && isDeepStrictEqual(now.outputs, want)) return now.outputs;
    if (Date.now() > end) return now && (now.fresh || !fresh) ? now.outputs : "only the outputs from before";
    await sleep(100);
  }
}

async function expectOutputs(target, step, want, message, options) {
  assert.deepEqual(await outputsOf(target, step, want, options), want, message);
}

// Marks each step's outputs as there before: the page replaces the box when a run's answer lands.
const markOld = (target) => target.evaluate(() => { for (const box of document.querySelectorAll("main .outputs")) box.tlabOld = true; });

/** Waits until the page's core is up (its Run all button is enabled). */
const ready = (target) => target.waitForFunction(() => {
  const button = document.querySelector('main [data-action="run-all"]');
  return button !== null && !button.disabled;
}, null, { what: "the core to be ready (Run all enabled)" });

/**
 * Waits until every chart shown is drawn for the width of its box: until then the build's layout
 * for a phone, scaled to the box, stands in, and the page lays the charts out again one cell per
 * frame (chart-fit.js), which changes their heights.
 */
const chartsLaidOut = (target) => target.waitForFunction(() => [...document.querySelectorAll(".chart-picture")]
  .filter((p) => p.getClientRects().length)
  .every((p) => Math.abs(p.getBoundingClientRect().width - Number(p.dataset.width)) < 1), null, { what: "the charts laid out for their boxes" });

/** Which of a lab's parts (head, flow, summary, steps 1-3) a frame shows: [true, false, ...]. */
const partsShown = (frame) => frame.evaluate(() => [".lab-head", "#flow", "#summary", "#step-1", "#step-2", "#step-3"]
  .map((s) => getComputedStyle(document.querySelector(s)).display !== "none"));

/**
 * Waits until the iframe `selector` of `host` is as tall as its document's content (from a page on
 * disk the frame's document is another origin's: its height is asked of the frame itself).
 */
async function fitsContent(host, selector, { timeout = 10000 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const outer = await host.evaluate((s) => document.querySelector(s).getBoundingClientRect().height, selector);
    const inner = await host.frame(selector).evaluate(() => document.body.getBoundingClientRect().height);
    if (Math.abs(outer - inner) <= 1) return outer;
    if (Date.now() > end) assert.fail(`${selector} is ${outer} px tall, its content ${inner} px`);
    await sleep(100);
  }
}

const openEditor = (target, step, param) => target.click(`#step-${step} .lit[data-param="${param}"]`);

// Runs in the page: the text of step `step`'s code editor (CodeMirror's lines, in its shadow root).
function editorCode(step) {
  const root = document.querySelector(`#step-${step} .code-editor`)?.shadowRoot;
  const lines = root ? [...root.querySelectorAll(".cm-content .cm-line")] : null;
  return lines && lines.map((line) => line.textContent).join("\n");
}

/** Opens step `step`'s code editor and puts the focus in it. */
async function editCode(target, step) {
  await target.click(`#step-${step} [data-action="edit-code"]`);
  await focusCode(target, step);
}

/** Waits for step `step`'s code editor and puts the focus in it. */
async function focusCode(target, step) {
  await target.waitForFunction((s) => document.querySelector(`#step-${s} .code-editor`)?.shadowRoot?.querySelector(".cm-content"), step,
    { what: `step ${step}'s code editor` });
  await target.evaluate((s) => document.querySelector(`#step-${s} .code-editor`).shadowRoot.querySelector(".cm-content").focus(), step);
}

/** The clipboard is the browser's: the page's share button hands the link to this stand-in (window.tlabCopied). */
const stubClipboard = (target) => target.evaluate(() => {
  Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text) => { window.tlabCopied = text; } } });
});

/** Opens a list's editor and sets its values: adds or removes fields with the editor's buttons, then types each. */
async function editList(target, step, param, items) {
  await openEditor(target, step, param);
  const slot = `#step-${step} .editor-slot`;
  for (;;) {
    const n = await target.evaluate((s) => document.querySelectorAll(`${s} input`).length, slot);
    if (n === items.length) break;
    await target.click(`${slot} button`, { text: n < items.length ? "추가" : "삭제" });
    await target.waitForFunction(([s, k]) => document.querySelectorAll(`${s} input`).length !== k, [slot, n]);
  }
  for (let k = 0; k < items.length; k++) await target.fill(`${slot} input`, items[k], { nth: k });
}

async function setField(target, step, param, value) {
  await openEditor(target, step, param);
  await target.fill(`#step-${step} .editor-slot input`, value);
}

assert.ok(existsSync(join(SITE, "ch1-lab2.html")), `${SITE} is missing: run ./lab build first`);
mkdirSync(SHOTS, { recursive: true });

for (const engine of enginesToTest()) {
  describe(`in ${engine}`, () => {
    let browser;
    let site;
    before(async () => {
      site = await serveSite();
      browser = await launch(engine);
    });
    after(async () => {
      await browser?.close();
      await site?.close();
    });
    const page = (fn, options = {}) => () => withPage(browser, options, fn);

    test("the collector sees an uncaught error, a rejection, console.error, a CSP violation and a dialog", async () => {
      const p = await browser.newPage();
      try {
        await p.goto(`${site.base}index.html`);
        await p.evaluate((elsewhere) => {
          setTimeout(() => { throw new Error("thrown on purpose"); });
          Promise.reject(new Error("rejected on purpose"));
          console.error("logged on purpose");
          const image = document.createElement("img"); // another origin: the CSP blocks it before any request
          image.src = elsewhere;
          document.body.append(image);
          setTimeout(() => alert("alert on purpose"));
        }, "http://127.0.0.1:9/blocked-on-purpose.png");
        await p.waitForFunction(() => window.tlabProblems.length >= 5, null, { timeout: 10000, what: "five notes" }).catch(() => {});
        const notes = (await p.problems()).join("\n");
        for (const expected of [/pageerror: .*thrown on purpose/, /unhandled rejection: Error: rejected on purpose/,
          /console\.error: logged on purpose/, /CSP violation: img-src.* http:\/\/127\.0\.0\.1:9\/blocked-on-purpose\.png/,
          /dialog \(alert\): alert on purpose/]) assert.match(notes, expected);
      } finally {
        await p.close();
      }
    });

    // Every lab in labs/, a new one included with no change here.
    for (const { id: lab, steps } of LABS) {
      const numbers = steps.map((s) => s.step);
      test(`${lab}: every step shows labrun's textbook outputs, pre-rendered and computed`, page(async (p) => {
        await p.goto(`${site.base}${lab}.html`);
        for (const step of numbers) await expectOutputs(p, step, expected(lab, step), `step ${step}, pre-rendered`);
        await ready(p);
        await markOld(p);
        await p.click('[data-action="run-all"]');
        for (const step of numbers) await expectOutputs(p, step, expected(lab, step), `step ${step}, computed`, { fresh: true });
        await p.screenshot(join(SHOTS, `${engine}-${lab}.png`));
      }));
    }

    test("a runaway recursion is answered, as labrun answers it or refused, never a trap", page(async (p) => {
      // The worker's stack differs per engine (Chromium's is the smallest): where it runs short
      // before Python's 1000 calls the kernel refuses the run (UnsupportedInLab); where it does
      // not, the RecursionError must be labrun's, traceback and all. Then the core still answers.
      await p.goto(`${site.base}ch1-lab2.html`);
      await ready(p);
      const cells = ["def f(n):\n    return f(n + 1)\nf(0)", "def f(n):\n    try:\n        return f(n + 1)\n    finally:\n        pass\nf(0)"];
      for (const cell of cells) {
        const request = { cells: [cell] };
        const got = await p.evaluate(async (req) => {
          const { startCore } = await import(new URL("assets/core-start.js", document.baseURI).href);
          return startCore().run(req);
        }, request);
        const want = labrun(request);
        assert.equal(got.ok, true, `${engine}: ${cell}: ${JSON.stringify(got).slice(0, 300)}`);
        if (got.status === "unsupported") {
          assert.match(got.outputs.at(-1).evalue, /recursion deeper than this engine's stack allows/);
        } else {
          assert.deepEqual(got.outputs, want.outputs, `${engine}: ${cell}`);
        }
      }
      await markOld(p);
      await p.click('[data-action="run-all"]');
      await expectOutputs(p, 1, expected("ch1-lab2", 1), "after the recursions", { fresh: true });
    }));

    test("ch1-lab2: an edit in each step shows labrun's outputs", page(async (p) => {
      await p.goto(`${site.base}ch1-lab2.html`);
      await ready(p);
      // Step 1: B loses a row, so A @ B no longer conforms: labrun's ValueError.
      await openEditor(p, 1, "B");
      await p.click("#step-1 .editor-slot button", { text: "행 삭제" });
      await expectOutputs(p, 1, expected("ch1-lab2", 1, { B: [[1, 0], [0, 1]] }), "step 1");
      // Step 2: v one entry short.
      await editList(p, 2, "v", ["4", "5"]);
      await expectOutputs(p, 2, expected("ch1-lab2", 2, { v: [4, 5] }), "step 2");
      // Step 3: z grows to four scores, floats and a negative one among them.
      await editList(p, 3, "z", ["1.5", "-2", "0.25", "3"]);
      await expectOutputs(p, 3, expected("ch1-lab2", 3, { z: [1.5, -2.0, 0.25, 3.0] }), "step 3");
      // The summary quotes the values the lab computes from step 3's variables (lab.json), now;
      // step 2's row quotes its error.
      const values = labrun({ lab: "ch1-lab2", step: 3, params: { z: [1.5, -2.0, 0.25, 3.0] } }).visuals.find((v) => v.kind === "values");
      await p.waitForFunction((want) => document.querySelectorAll("#summary .summary-output")[2]?.textContent === want,
        `${values.p}, 합 ${values.sum}`, { what: "the summary's softmax row" });
      assert.notEqual(values.p, "[0.66 0.24 0.1 ]", "a value other than the textbook's");
      assert.match(await p.evaluate(() => document.querySelectorAll("#summary .summary-output")[1].textContent), /^ValueError: shapes \(3,\) and \(2,\)/);
    }));

    test("code edits: a cell runs the typed code as labrun does, the cells after it read it, a reload keeps it", page(async (p) => {
      await p.goto(`${site.base}ch3-lab2.html`);
      await ready(p);
      await editCode(p, 2);
      const textbook = labrun({ lab: "ch3-lab2", step: 2 }).source;
      assert.equal(await p.evaluate(editorCode, 2), textbook, "the editor starts from the cell's code");
      await p.press("Control+End"); // to the last line, which is empty
      await p.type("before = softmax(s * 2)");
      await p.press("Enter");
      await p.type("print(before.round(2))");
      await p.press("Shift+Enter");
      const code = { 2: `${textbook}before = softmax(s * 2)\nprint(before.round(2))` };
      assert.equal(await p.evaluate(editorCode, 2), code[2], "the typed lines are in the editor");
      await expectOutputs(p, 2, expected("ch3-lab2", 2, {}, code), "step 2 runs the typed code");
      // Step 3 draws step 2's `before`: it follows the new one.
      await expectOutputs(p, 3, expected("ch3-lab2", 3, {}, code), "step 3 reads what the typed code made");
      assert.notDeepEqual(expected("ch3-lab2", 3, {}, code), expected("ch3-lab2", 3), "the edit changes step 3's bars");
      // The browser keeps the code: after a reload the cell shows and runs it.
      await p.goto(`${site.base}ch3-lab2.html`);
      await p.waitForFunction((step) => document.querySelector(`#step-${step} .code-editor`)?.shadowRoot?.querySelector(".cm-content"), 2,
        { what: "step 2's code editor after the reload" });
      assert.equal(await p.evaluate(editorCode, 2), code[2]);
      await expectOutputs(p, 2, expected("ch3-lab2", 2, {}, code), "step 2 after the reload");
      await expectOutputs(p, 3, expected("ch3-lab2", 3, {}, code), "step 3 after the reload");
      // A SyntaxError: Python's message, its line marked in the editor and its column underlined.
      await focusCode(p, 2);
      await p.press("Control+End");
      await p.press("Enter");
      await p.type("print((1)");
      await p.press("Shift+Enter");
      const broken = { 2: `${code[2]}\nprint((1)` };
      assert.equal(await p.evaluate(editorCode, 2), broken[2]);
      await expectOutputs(p, 2, expected("ch3-lab2", 2, {}, broken), "step 2's SyntaxError, as labrun gives it");
      const lines = code[2].split("\n").length + 1;
      await p.waitForFunction((want) => {
        const root = document.querySelector("#step-2 .code-editor").shadowRoot;
        const marked = [...root.querySelectorAll(".cm-line")].findIndex((l) => l.classList.contains("cm-error-line")) + 1;
        return marked === want && root.querySelector(".cm-error-at") !== null;
      }, lines, { what: `line ${lines} marked, its column underlined` });
      // The textbook code comes back, with its editable values.
      await p.click('#step-2 [data-action="reset-code"]');
      await expectOutputs(p, 2, expected("ch3-lab2", 2), "step 2's textbook code again");
      await expectOutputs(p, 3, expected("ch3-lab2", 3), "step 3 with the textbook step 2");
      assert.equal(await p.evaluate(() => document.querySelectorAll("#step-2 .code-box .lit").length > 0), true, "the literals are editable again");
      assert.equal(await p.evaluate(() => localStorage.getItem("transformer-lab:ch3-lab2:code")), null);
    }));

    test("typing runs the code as it parses; half-typed code keeps the last output until a second of idle", page(async (p) => {
      await p.goto(`${site.base}ch1-lab2.html`);
      await ready(p);
      await editCode(p, 2);
      const textbook = labrun({ lab: "ch1-lab2", step: 2 }).source;
      // every SyntaxError the cell shows from here on is counted
      await p.evaluate(() => {
        window.tlabSyntax = 0;
        new MutationObserver(() => {
          if ([...document.querySelectorAll("#step-2 .out-error")].some((n) => n.textContent.includes("SyntaxError"))) window.tlabSyntax += 1;
        }).observe(document.querySelector("#step-2"), { subtree: true, childList: true });
      });
      await p.press("Control+End");
      await p.type("print(u @ (v * 2))");
      const code = { 2: `${textbook}print(u @ (v * 2))` };
      await expectOutputs(p, 2, expected("ch1-lab2", 2, {}, code), "the typed line's output, without Run");
      assert.equal(await p.evaluate(() => window.tlabSyntax), 0, "no SyntaxError shown while the line was typed");
      // a line that does not parse: its SyntaxError comes by itself once typing stops, its column underlined
      await p.press("Enter");
      await p.type("print((u)");
      const broken = { 2: `${code[2]}\nprint((u)` };
      await expectOutputs(p, 2, expected("ch1-lab2", 2, {}, broken), "the SyntaxError after a pause, without Run");
      await p.waitForFunction(() => document.querySelector("#step-2 .code-editor").shadowRoot.querySelector(".cm-error-at"),
        null, { what: "the SyntaxError's column underlined" });
    }));

    test("chips in edited code: a value's editor writes the literal into the code, which runs as labrun runs it", page(async (p) => {
      await p.goto(`${site.base}ch3-lab2.html`);
      await ready(p);
      await editCode(p, 2);
      const chip = (param) => `document.querySelector("#step-2 .code-editor").shadowRoot.querySelector('.cm-chip[data-param="${param}"]')`;
      await p.waitForFunction(`${chip("compare_seed")} !== null`, null, { what: "compare_seed's chip in the code editor" });
      // a line typed first: the chip stays with its literal, and runs bring it back for the new code
      await p.press("Control+End");
      await p.type("print(s.shape)");
      const textbook = labrun({ lab: "ch3-lab2", step: 2 }).source;
      const typed = `${textbook}print(s.shape)`;
      await expectOutputs(p, 2, expected("ch3-lab2", 2, {}, { 2: typed }), "the typed line ran");
      // a finger's target: taps anywhere in 24 × 24 px around the chip's centre reach it (WCAG 2.5.8)
      const reach = await p.evaluate(`(() => {
        const c = ${chip("compare_seed")};
        const r = c.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        return [[-11.5, -11.5], [11.5, -11.5], [-11.5, 11.5], [11.5, 11.5], [0, 0]]
          .map(([dx, dy]) => c.getRootNode().elementFromPoint(x + dx, y + dy) === c);
      })()`);
      assert.deepEqual(reach, [true, true, true, true, true], "the chip's corners of 24 px");
      await p.evaluate(`${chip("compare_seed")}.click()`);
      await p.fill("#step-2 .editor-slot input", "123");
      const code = { 2: typed.replace("np.random.seed(7)", "np.random.seed(123)") };
      assert.notEqual(code[2], typed);
      await p.waitForFunction((want) => {
        const lines = document.querySelector("#step-2 .code-editor").shadowRoot.querySelectorAll(".cm-content .cm-line");
        return [...lines].map((l) => l.textContent).join("\n") === want;
      }, code[2], { what: "the seed written into the code" });
      await expectOutputs(p, 2, expected("ch3-lab2", 2, {}, code), "the cell runs the code with the new seed");
      await expectOutputs(p, 3, expected("ch3-lab2", 3, {}, code), "and step 3 follows it");
      // a value out of the param's limits is refused at its field; the code keeps the last good one
      await p.fill("#step-2 .editor-slot input", "-5");
      await p.waitForFunction(() => document.querySelector("#step-2 .editor-slot .field-error")?.textContent, null, { what: "the field's message" });
      assert.equal(await p.evaluate(editorCode, 2), code[2]);
    }));

    test("a learner's own plot: lines drawn from the core's figure, as labrun computes it", page(async (p) => {
      const source = labrun({ lab: "ch1-lab2", step: 3 }).source;
      const code = { 3: `${source}import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.plot(z, p, "o--", label="p")\nax.legend()\nplt.show()\n` };
      const outputs = labrun({ lab: "ch1-lab2", step: 3, code }).outputs;
      const figure = outputs.find((o) => o.data?.[FIGURE])?.data[FIGURE];
      assert.equal(figure?.axes?.[0]?.lines?.length, 1, "labrun draws one line");
      const [axes] = figure.axes;
      // (from another page: the link's code is applied as the page starts)
      await p.goto(`${site.base}index.html`);
      await p.goto(`${site.base}ch1-lab2.html#c=${await encodeCode(code)}`);
      await ready(p);
      await expectOutputs(p, 3, expected("ch1-lab2", 3, {}, code), "the cell prints what labrun prints");
      await p.waitForFunction(() => document.querySelector("#step-3 .outputs figure.chart-figure svg .series"), null, { what: "the learner's plot" });
      const shown = await p.evaluate(() => {
        const svg = document.querySelector("#step-3 .outputs figure.chart-figure svg");
        const texts = (selector) => [...svg.querySelectorAll(selector)].map((n) => n.textContent);
        return {
          markers: svg.querySelectorAll(".series .markers > *").length,
          dashed: svg.querySelector(".series path.line")?.getAttribute("stroke-dasharray") !== null,
          xticks: texts(".tick-x"), yticks: texts(".tick-y"), legend: texts(".legend-item text"),
        };
      });
      assert.equal(shown.markers, axes.lines[0].x.length, "a marker per point");
      assert.ok(shown.dashed, "the line is dashed, as 'o--' asks");
      assert.deepEqual(shown.legend, axes.legend);
      // the ticks matplotlib would draw (every label, or every k-th on a narrow box)
      for (const [mine, want] of [[shown.xticks, axes.xticklabels], [shown.yticks, axes.yticklabels]]) {
        assert.ok(mine.length > 0 && mine.every((label) => want.includes(label)), `${mine} among ${want}`);
      }
    }));

    test("variables: a panel shows labrun's, the whole repr on demand, a clicked name, and stays open", page(async (p) => {
      await p.goto(`${site.base}ch3-lab2.html`);
      await ready(p);
      const rowsOf = (step) => {
        const dts = [...document.querySelectorAll(`#step-${step} .var-list > dt`)];
        // (an object's address, as in <function softmax at 0x…>, is the process's own)
        const repr = (dd) => dd.querySelector(".var-repr")?.textContent.replace(/ at 0x[0-9a-f]+/g, " at 0x…") ?? null;
        return dts.length > 0 && dts.map((dt) => ({ name: dt.dataset.name, repr: repr(dt.nextElementSibling) }));
      };
      const want = (step) => labrun({ lab: "ch3-lab2", step }).variables
        .map((v) => ({ name: v.name, repr: v.repr?.replace(/ at 0x[0-9a-f]+/g, " at 0x…") ?? null }));
      await p.click("#step-1 details.variables > summary");
      assert.deepEqual(await p.waitForFunction(rowsOf, 1, { what: "step 1's variables" }), want(1));
      // s holds 1000 floats: its repr is cut, and "show all" brings the whole one (labrun's, which
      // tests/differential/check_inspect.py compares with Python's)
      const whole = labrun({ lab: "ch3-lab2", step: 1, inspect: "s" }).inspected.repr;
      assert.ok(whole.length > 1000);
      await p.click('#step-1 dt[data-name="s"] + dd button.var-more');
      await p.waitForFunction((text) => document.querySelector('#step-1 dt[data-name="s"] + dd .var-repr')?.textContent === text,
        whole, { what: "s's whole repr" });
      // a name clicked in step 2's code opens that cell's panel at the name
      await p.click("#step-2 .code-box pre.code .tok-fn", { text: "softmax" });
      assert.deepEqual(await p.waitForFunction(rowsOf, 2, { what: "step 2's variables" }), want(2));
      await p.waitForFunction(() => document.querySelector("#step-2 .var-list > dt.is-picked")?.dataset.name === "softmax",
        null, { what: "softmax picked" });
      // the open panels stay open, and fill again, after a reload
      await p.goto(`${site.base}ch3-lab2.html`);
      assert.deepEqual(await p.waitForFunction(rowsOf, 2, { what: "step 2's variables after the reload" }), want(2));
      assert.deepEqual(await p.waitForFunction(rowsOf, 1, { what: "step 1's variables after the reload" }), want(1));
      assert.equal(await p.evaluate(() => document.querySelector("#step-3 details.variables").open), false);
      // a step that raises lists what it left (labrun's, which the differential tests compare with
      // Python's namespace after the error), and says so
      await p.goto(`${site.base}ch1-lab2.html`);
      await ready(p);
      await editList(p, 2, "v", ["4", "5"]);
      await expectOutputs(p, 2, expected("ch1-lab2", 2, { v: [4, 5] }), "ch1-lab2 step 2, v = [4, 5]");
      await p.click("#step-2 details.variables > summary");
      const left = labrun({ lab: "ch1-lab2", step: 2, params: { v: [4, 5] } }).variables.map((v) => ({ name: v.name, repr: v.repr }));
      assert.deepEqual(left.map((v) => v.name), ["u", "v"]);
      assert.deepEqual(await p.waitForFunction(rowsOf, 2, { what: "the variables ch1-lab2's step 2 left" }), left);
      assert.match(await p.text("#step-2 .var-body > .var-note"), /오류/);
    }));

    test("ch3-lab2: an edit in each step shows labrun's outputs (step 3 follows step 2's seed)", page(async (p) => {
      await p.goto(`${site.base}ch3-lab2.html`);
      await ready(p);
      await editList(p, 1, "d_k_values", ["2", "32", "512"]);
      await expectOutputs(p, 1, expected("ch3-lab2", 1, { d_k_values: [2, 32, 512] }), "step 1");
      assert.match(await p.text("#flow .flow-badge"), /3/, "the flow diagram's loop shows three passes");
      await setField(p, 2, "compare_seed", "123");
      await expectOutputs(p, 2, expected("ch3-lab2", 2, { compare_seed: 123 }), "step 2");
      await expectOutputs(p, 3, expected("ch3-lab2", 3, { compare_seed: 123 }), "step 3");
    }));

    test("ch3-lab3: the causal mask off, then seven words: cells and the heatmap show labrun's", page(async (p) => {
      await p.goto(`${site.base}ch3-lab3.html`);
      await ready(p);
      await expectOutputs(p, 3, expected("ch3-lab3", 3), "textbook: the masked weights");
      await openEditor(p, 2, "causal");
      await p.click("#step-2 .editor-slot input[type=checkbox]");
      await expectOutputs(p, 2, expected("ch3-lab3", 2, { causal: false }), "step 2 without the mask");
      await expectOutputs(p, 3, expected("ch3-lab3", 3, { causal: false }), "step 3 draws step 2's weights");
      await setField(p, 1, "seq_len", "7");
      await expectOutputs(p, 3, expected("ch3-lab3", 3, { causal: false, seq_len: 7 }), "seven words, no mask");
    }));

    test("a bad value is answered at its field; the text and the last good output stay", page(async (p) => {
      await p.goto(`${site.base}ch3-lab2.html`);
      await ready(p);
      const textbook = expected("ch3-lab2", 2);
      await expectOutputs(p, 2, textbook, "textbook first");
      await setField(p, 2, "n_keys", "61");
      await p.waitForFunction(() => document.querySelector('#step-2 .editor-slot input[aria-invalid="true"]'), null, { what: "the field marked invalid" });
      assert.match(await p.text("#step-2 .field-error"), /1 이상 60 이하/);
      await sleep(400); // longer than the page's debounce: a run would have started
      await expectOutputs(p, 2, textbook, "the last good output", { timeout: 0 });
      assert.equal(await p.evaluate(() => document.querySelector("#step-2 .outputs").classList.contains("is-stale")), true, "marked stale");
      assert.equal(await p.evaluate(() => document.querySelector("#step-2 .editor-slot input").value), "61", "the learner’s text is kept");
    }));

    test("a share link holds every param, and opened cold in a fresh profile shows their outputs", async () => {
      let link;
      await withPage(browser, {}, async (p) => {
        await p.goto(`${site.base}ch3-lab2.html`);
        await ready(p);
        await stubClipboard(p);
        await setField(p, 2, "compare_seed", "321");
        await p.press("Escape");
        await openEditor(p, 1, "d_k_values");
        await p.fill("#step-1 .editor-slot input", "2");
        await p.waitForFunction(() => !document.querySelector("main .is-running"), null, { what: "the runs to end" });
        await p.click('[data-action="share"]');
        await p.waitForFunction(() => document.querySelector('[data-action="share"]').textContent === "복사됨 ✓", null, { what: "the share button to confirm" });
        assert.equal(await p.text(".lab-status"), "이 값들을 담은 링크를 복사했습니다.");
        link = await p.evaluate(() => window.tlabCopied);
      });
      assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/ch3-lab2\.html#s=[\w-]+$/);
      await withPage(browser, {}, async (p) => {
        await p.goto(link);
        const params = { compare_seed: 321, d_k_values: [2, 16, 64, 256] };
        for (const step of [1, 2, 3]) await expectOutputs(p, step, expected("ch3-lab2", step, params), `step ${step}`);
        assert.equal(await p.text(".lab-notice"), "링크에 담긴 값으로 시작합니다.");
        assert.equal(await p.evaluate(() => location.hash), "", "the link's state moves to storage, so a reload keeps later edits");
      });
    });

    test("a share link carries edited code: it opens cold with that code's outputs, and hands back the code it replaced", async () => {
      const textbook = labrun({ lab: "ch3-lab2", step: 2 }).source;
      const code = { 2: `${textbook}print("링크", s.shape)` };
      let link;
      await withPage(browser, {}, async (p) => {
        await p.goto(`${site.base}ch3-lab2.html`);
        await ready(p);
        await stubClipboard(p);
        await setField(p, 1, "n_pairs", "300");
        await p.press("Escape");
        await editCode(p, 2);
        await p.press("Control+End");
        await p.type('print("링크", s.shape)');
        await p.press("Shift+Enter");
        assert.equal(await p.evaluate(editorCode, 2), code[2]);
        await expectOutputs(p, 2, expected("ch3-lab2", 2, { n_pairs: 300 }, code), "step 2 runs the typed code");
        // (steps 1 and 3 too: a later answer of theirs would speak over the link's in the status line)
        await expectOutputs(p, 1, expected("ch3-lab2", 1, { n_pairs: 300 }, code), "step 1 with 300 pairs");
        await expectOutputs(p, 3, expected("ch3-lab2", 3, { n_pairs: 300 }, code), "step 3 after the typed code");
        await p.click('[data-action="share"]');
        await p.waitForFunction(() => window.tlabCopied, null, { what: "the link handed to the clipboard" });
        assert.equal(await p.text(".lab-status"), "고친 코드와 값을 담은 링크를 복사했습니다.");
        link = await p.evaluate(() => window.tlabCopied);
      });
      assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/ch3-lab2\.html#s=[\w-]+&c=[\w-]+$/);
      await withPage(browser, {}, async (p) => {
        // A learner with code of their own in step 3 opens the link: the link's code wins...
        // (from another page: a link that differs only in its fragment would not load the page again)
        await p.goto(`${site.base}index.html`);
        await p.evaluate(() => localStorage.setItem("transformer-lab:ch3-lab2:code", JSON.stringify({ 3: "print('mine')\n" })));
        await p.goto(link);
        await p.waitForFunction(() => document.querySelector("#step-2 .code-editor")?.shadowRoot?.querySelector(".cm-content"), null,
          { what: "step 2's code editor, opened by the link" });
        assert.equal(await p.evaluate(editorCode, 2), code[2], "the link's code, character for character");
        for (const step of [1, 2, 3]) {
          await expectOutputs(p, step, expected("ch3-lab2", step, { n_pairs: 300 }, code), `step ${step} from the link`);
        }
        assert.match(await p.text(".lab-notice"), /^링크에 담긴 코드와 값으로 시작합니다\./);
        assert.equal(await p.evaluate(() => location.hash), "", "the link's state moves to storage");
        assert.equal(await p.evaluate(() => document.querySelector("#step-3 .code-editor")), null, "step 3 as the link has it");
        // ...and the notice hands back what it replaced.
        await p.click(".lab-notice .notice-action");
        await p.waitForFunction(() => document.querySelector("#step-3 .code-editor")?.shadowRoot?.querySelector(".cm-content"), null,
          { what: "step 3's own code back" });
        const mine = { 3: "print('mine')\n" };
        assert.equal(await p.evaluate(editorCode, 3), mine[3]);
        await expectOutputs(p, 3, expected("ch3-lab2", 3, { n_pairs: 300 }, mine), "step 3 runs its own code again");
        await expectOutputs(p, 2, expected("ch3-lab2", 2, { n_pairs: 300 }), "step 2 back to the textbook code");
        assert.equal(await p.evaluate(() => localStorage.getItem("transformer-lab:ch3-lab2:code")), JSON.stringify({ 3: "print('mine')\n" }));
      });
    });

    test("a million-pair sweep: progress with d_k and time left, other cells answer meanwhile, Cancel keeps the last output", page(async (p) => {
      await p.goto(`${site.base}ch3-lab2.html`);
      await ready(p);
      const textbook = expected("ch3-lab2", 1);
      await expectOutputs(p, 1, textbook, "textbook first");
      // The main thread keeps running while the core works: the longest gap between 10 ms timer
      // ticks must stay far from a freeze (on a loaded machine the OS alone can delay a tick by
      // 100 ms or more; the input-latency figure itself is the bench's).
      await p.evaluate(() => {
        window.tlabLag = { max: 0, stop: false };
        let last = performance.now();
        const tick = () => {
          const now = performance.now();
          window.tlabLag.max = Math.max(window.tlabLag.max, now - last - 10);
          last = now;
          if (!window.tlabLag.stop) setTimeout(tick, 10);
        };
        setTimeout(tick, 10);
      });

      await setField(p, 1, "n_pairs", String(BIG));
      const text = await p.waitForFunction(() => {
        const t = document.querySelector("#step-1 .progress-text")?.textContent ?? "";
        return /%.*남음/.test(t) && t;
      }, null, { what: "a progress text with the time left" });
      assert.match(text, /^d_k = (4|16|64|256) \([1-4]\/4\) · \d+% · 약 (\d+분 )?\d+초 남음$/, text);
      const done = await p.evaluate(() => document.querySelector("#step-1 .cell-progress progress").value);
      assert.ok(done > 0 && done < 1, `progress ${done}`);
      assert.equal(await p.text("#step-1 .cell-progress button"), "취소");
      // The viewport around the bar (an element taller than the viewport comes out cut in WebKit).
      await p.evaluate(() => document.querySelector("#step-1 .cell-progress").scrollIntoView({ block: "center" }));
      await p.screenshot(join(SHOTS, `${engine}-ch3-lab2-progress.png`));

      // Another cell recomputes while the sweep runs (a second worker takes it).
      await setField(p, 2, "compare_seed", "123");
      await expectOutputs(p, 2, expected("ch3-lab2", 2, { compare_seed: 123 }), "step 2 during the sweep");
      const still = await p.evaluate(() => document.querySelector("#step-1 .cell-progress progress")?.value ?? null);
      assert.ok(still !== null, "the sweep is still running");
      assert.ok(still >= done, "progress only moves forward");
      const lag = await p.evaluate(() => { window.tlabLag.stop = true; return window.tlabLag.max; });
      assert.ok(lag < 2000, `the page froze for ${lag.toFixed(1)} ms during the run`);

      await p.click("#step-1 .cell-progress button[data-action=cancel]");
      await p.waitForFunction(() => !document.querySelector("#step-1 .cell-progress"), null, { timeout: 5000, what: "the progress bar to go" });
      const after = await p.evaluate(() => ({
        running: document.getElementById("step-1").classList.contains("is-running"),
        status: document.querySelector("#step-1 .cell-status").textContent,
        stale: document.querySelector("#step-1 .outputs").classList.contains("is-stale"),
        field: document.querySelector("#step-1 .editor-slot input").value,
      }));
      assert.deepEqual(after, { running: false, status: after.status, stale: true, field: String(BIG) }, "stale, the learner's edit kept in its field");
      assert.match(after.status, /실행을 취소했습니다/);
      await expectOutputs(p, 1, textbook, "the previous output stays", { timeout: 0 });

      // Everything still works: a smaller sweep recomputes, exactly.
      await p.fill("#step-1 .editor-slot input", "700");
      await expectOutputs(p, 1, expected("ch3-lab2", 1, { n_pairs: 700 }), "n_pairs 700");
      assert.equal(await p.evaluate(() => document.querySelector("#step-1 .outputs").classList.contains("is-stale")), false);
    }));

    test("the embed example: the frame follows the lab's height; set-params from the named parent only", page(async (p) => {
      const lab = p.frame("iframe.lab-frame");
      await p.goto(`${site.base}embed-example.html`);
      await p.waitForFunction(() => document.getElementById("last-message").textContent.includes("resize"), null, { what: "a resize message" });
      await ready(lab);
      await chartsLaidOut(lab); // before the first height is taken: laying them out changes it
      assert.deepEqual(await lab.evaluate(() => [".site-nav", ".site-foot"].map((s) => getComputedStyle(document.querySelector(s)).display)),
        ["none", "none"], "no site chrome in the frame");
      // The frame's height is its content's (plus its 1 px borders).
      const fits = () => p.waitForFunction(() => {
        const frame = document.querySelector("iframe.lab-frame");
        const body = frame.contentDocument.body.getBoundingClientRect().height;
        return Math.abs(frame.getBoundingClientRect().height - 2 - body) <= 1 && frame.clientHeight;
      }, null, { timeout: 10000, what: "the frame to fit its content" });
      const start = await fits();

      // An edit that adds output (an error) makes the frame taller; closing the editor, shorter.
      await openEditor(lab, 1, "B");
      await lab.click("#step-1 .editor-slot button", { text: "행 삭제" });
      await expectOutputs(lab, 1, expected("ch1-lab2", 1, { B: [[1, 0], [0, 1]] }), "step 1 in the frame");
      const grown = await fits();
      assert.ok(grown > start, `the frame grew (${start} → ${grown})`);
      assert.match(await p.text("#last-message"), /transformer-lab:(resize|state)/);
      await lab.click("#step-1 .editor-slot button", { text: "닫기" });
      await p.waitForFunction((g) => document.querySelector("iframe.lab-frame").clientHeight < g, grown, { timeout: 10000, what: "the frame to shrink" });
      await fits();

      // The host page (named in ?parent=) may set params; they are checked like a share link.
      await p.click("#set-params");
      await expectOutputs(lab, 2, expected("ch1-lab2", 2, { v: [4, 5] }), "step 2 after set-params");
      await fits();

      // Without ?parent= the lab accepts nothing from its host.
      await p.evaluate(() => { document.querySelector("iframe.lab-frame").src = "ch1-lab2.html?embed=1"; });
      await p.waitForFunction(() => {
        const doc = document.querySelector("iframe.lab-frame").contentDocument;
        return doc && !doc.location.href.includes("parent=") && doc.querySelector('[data-action="run-all"]:not(:disabled)');
      }, null, { what: "the frame's new document, without ?parent=" });
      const u = await lab.text('#step-2 .lit[data-param="u"]');
      await p.evaluate(() => document.querySelector("iframe.lab-frame").contentWindow
        .postMessage({ type: "transformer-lab:set-params", params: { u: ["9", "9", "9"] } }, "*"));
      await sleep(800);
      assert.equal(await lab.text('#step-2 .lit[data-param="u"]'), u, "the message changed nothing");
    }));

    test("exercises: the core's checks, hints, feedback, the record kept; progress to the named parent only", page(async (p) => {
      const lab = p.frame("iframe.lab-frame");
      await p.goto(`${site.base}embed-example.html`);
      await p.evaluate(() => {
        window.tlabProgress = [];
        addEventListener("message", (e) => { if (e.data?.type === "transformer-lab:progress") window.tlabProgress.push({ origin: e.origin, ...e.data }); });
      });
      await ready(lab);
      await lab.waitForFunction(() => !document.querySelector('#ex-perpendicular [data-ex="hint"]').disabled, null, { what: "the exercises' buttons" });
      assert.equal(await lab.text("#exercises .ex-count"), "0/4 완료");
      // a hint at a time
      await lab.click('#ex-perpendicular [data-ex="hint"]');
      assert.deepEqual(await lab.evaluate(() => [...document.querySelectorAll("#ex-perpendicular .ex-hints li")].map((li) => !li.hidden)), [true, false, false]);
      // solved by editing v: done, said, counted, and told to the host page
      await editList(lab, 2, "v", ["2", "-1", "0"]);
      await lab.waitForFunction(() => document.querySelector("#ex-perpendicular .ex-badge").dataset.status === "done", null, { what: "perpendicular done" });
      assert.equal(await lab.text("#exercises .ex-count"), "1/4 완료");
      assert.match(await lab.text(".lab-status"), /연습 통과: u 와 직각인 v 찾기/);
      await p.waitForFunction(() => window.tlabProgress.some((m) => m.status === "done"), null, { what: "the progress message" });
      const told = await p.evaluate(() => window.tlabProgress.find((m) => m.status === "done"));
      const attempts = Number((await lab.text("#ex-perpendicular .ex-attempts")).match(/확인 (\d+)번/)[1]);
      assert.deepEqual(told, { origin: new URL(site.base).origin, type: "transformer-lab:progress", lab: "ch1-lab2", exercise: "perpendicular",
        status: "done", attempts, solution: false, done: 1, total: 4 });
      // a state that fails: the content's feedback with the check's value, as labrun computes it
      const [result] = labrun({ lab: "ch1-lab2", step: 3, params: { z: [1, 2] } }).exercises;
      assert.equal(result.feedback, "too_even");
      await editList(lab, 3, "z", ["1", "2"]);
      await lab.waitForFunction((top) => document.querySelector("#ex-confident .ex-feedback")?.textContent.includes(top), result.values.top,
        { what: `the feedback with ${result.values.top}` });
      assert.equal(await lab.evaluate(() => document.querySelector("#ex-confident .ex-badge").dataset.status), "not-yet");
      // the record is kept: a new page of the lab reads it back
      await p.evaluate(() => { document.querySelector("iframe.lab-frame").src = "ch1-lab2.html?embed=1"; });
      await p.waitForFunction(() => {
        const doc = document.querySelector("iframe.lab-frame").contentDocument;
        return doc && !doc.location.href.includes("parent=") && doc.querySelector('[data-action="run-all"]:not(:disabled)');
      }, null, { what: "the frame's new document, without ?parent=" });
      assert.equal(await lab.text("#exercises .ex-count"), "1/4 완료");
      assert.equal(await lab.evaluate(() => document.querySelector("#ex-perpendicular .ex-badge").dataset.status), "done");
      // without ?parent= a pass is kept but told to no page
      const before = await p.evaluate(() => window.tlabProgress.length);
      await editList(lab, 3, "z", ["10", "0"]);
      await lab.waitForFunction(() => document.querySelector("#ex-confident .ex-badge").dataset.status === "done", null, { what: "confident done" });
      await sleep(500);
      assert.equal(await p.evaluate(() => window.tlabProgress.length), before, "no progress message without ?parent=");
    }));

    test("exercises: a number and a choice checked by the core; the solution on demand", page(async (p) => {
      await p.goto(`${site.base}ch3-lab2.en.html`);
      await ready(p);
      await p.waitForFunction(() => !document.querySelector('#ex-sharp-d-k [data-ex="check"]').disabled, null, { what: "the exercises' buttons" });
      const { exercises } = JSON.parse(await p.evaluate(() => document.getElementById("lab-data").textContent));
      const { answer } = exercises.find((e) => e.id === "sharp-d-k").solution;
      const wrong = labrun({ lab: "ch3-lab2", step: 2, answers: { "sharp-d-k": "16" } }).exercises.find((e) => e.id === "sharp-d-k");
      assert.equal(wrong.status, "fail");
      await p.fill("#ex-sharp-d-k input", "16");
      await p.click('#ex-sharp-d-k [data-ex="check"]');
      await p.waitForFunction(() => !document.querySelector("#ex-sharp-d-k .ex-feedback").hidden, null, { what: "the feedback on 16" });
      const feedback = await p.text("#ex-sharp-d-k .ex-feedback");
      for (const value of Object.values(wrong.values || {})) assert.ok(feedback.includes(value), `"${feedback}" says ${value}`);
      await p.fill("#ex-sharp-d-k input", answer);
      await p.click('#ex-sharp-d-k [data-ex="check"]');
      await p.waitForFunction(() => document.querySelector("#ex-sharp-d-k .ex-badge").dataset.status === "done", null, { what: "sharp-d-k done" });
      assert.equal(await p.text("#ex-sharp-d-k .ex-attempts"), "2 checked");
      // a choice: the solution shown, recorded, and applied
      await p.click('#ex-flatter-bars [data-ex="solution"]');
      assert.equal(await p.evaluate(() => document.querySelector("#ex-flatter-bars .ex-solution").hidden), false);
      await p.click('#ex-flatter-bars [data-ex="apply"]');
      await p.waitForFunction(() => document.querySelector("#ex-flatter-bars .ex-badge").dataset.status === "done", null, { what: "flatter-bars done" });
      assert.equal(await p.text("#ex-flatter-bars .ex-attempts"), "1 checked · solution seen");
      assert.equal(await p.text("#exercises .ex-count"), "2/4 done");
    }));

    test("one cell in the textbook: frames of a step each, sized to it, share the learner's values", page(async (p) => {
      await p.goto(`${site.base}embed-cells-example.html`);
      const two = p.frame('iframe[title$="step 2"]');
      const three = p.frame('iframe[title$="step 3"]');
      await ready(two);
      await ready(three);
      // each frame shows its step's cell alone (and the lab's status line); the others run unseen
      assert.deepEqual(await partsShown(two), [false, false, false, false, true, false]);
      assert.deepEqual(await partsShown(three), [false, false, false, false, false, true]);
      // sized to that cell: the frame's height is its content's, far less than the whole lab's
      await p.waitForFunction(() => {
        const frame = document.querySelector('iframe[title$="step 2"]');
        const body = frame.contentDocument.body.getBoundingClientRect().height;
        return Math.abs(frame.getBoundingClientRect().height - 2 - body) <= 1;
      }, null, { timeout: 10000, what: "step 2's frame to fit its cell" });
      const heights = await p.evaluate(() => {
        const frame = document.querySelector('iframe[title$="step 2"]');
        return [frame.clientHeight, frame.contentDocument.querySelector("#step-2").getBoundingClientRect().height];
      });
      assert.ok(heights[0] < heights[1] + 200, `the frame (${heights[0]} px) holds little more than its cell (${heights[1]} px)`);
      // a value changed in step 2's frame: step 3's frame follows, as labrun computes it
      await setField(two, 2, "compare_seed", "123");
      await expectOutputs(two, 2, expected("ch3-lab2", 2, { compare_seed: 123 }), "step 2 in its own frame");
      await expectOutputs(three, 3, expected("ch3-lab2", 3, { compare_seed: 123 }), "step 3's frame follows step 2's");
      // the step's exercise in its frame: its feedback grows the frame, and a pass goes to the host
      // page (named in ?parent= by its script), and shows in step 3's frame (same storage)
      await p.evaluate(() => {
        window.tlabProgress = [];
        addEventListener("message", (e) => { if (e.data?.type === "transformer-lab:progress") window.tlabProgress.push(e.data); });
      });
      const before = await p.evaluate(() => document.querySelector('iframe[title$="step 2"]').clientHeight);
      await two.fill("#ex-sharp-d-k input", "4");
      await two.click('#ex-sharp-d-k [data-ex="check"]');
      // (the feedback itself: a slow run's "running" line also grows the frame, and a second
      // Check before the first one's answer would replace that attempt)
      await two.waitForFunction(() => { const line = document.querySelector("#ex-sharp-d-k .ex-feedback"); return !line.hidden && !line.classList.contains("is-pass"); },
        null, { timeout: 10000, what: "the feedback on 4 in step 2's frame" });
      await p.waitForFunction((h) => document.querySelector('iframe[title$="step 2"]').clientHeight > h, before,
        { timeout: 10000, what: "step 2's frame to grow with the feedback" });
      const { exercises } = JSON.parse(await two.evaluate(() => document.getElementById("lab-data").textContent));
      await two.fill("#ex-sharp-d-k input", exercises.find((e) => e.id === "sharp-d-k").solution.answer);
      await two.click('#ex-sharp-d-k [data-ex="check"]');
      await p.waitForFunction(() => window.tlabProgress.some((m) => m.exercise === "sharp-d-k" && m.status === "done"), null,
        { what: "the progress message from step 2's frame" });
      assert.deepEqual(await p.evaluate(() => window.tlabProgress.find((m) => m.status === "done")),
        { type: "transformer-lab:progress", lab: "ch3-lab2", exercise: "sharp-d-k", status: "done", attempts: 2, solution: false, done: 1, total: 4 });
      await three.waitForFunction(() => document.querySelector("#ex-sharp-d-k .ex-badge").dataset.status === "done", null,
        { what: "the record in step 3's frame" });
      // a cell= that names no step: the whole lab, and a notice that says why
      await p.evaluate(() => { document.querySelector('iframe[title$="step 3"]').src = "ch3-lab2.html?embed=1&cell=9"; });
      await p.waitForFunction(() => document.querySelector('iframe[title$="step 3"]').contentDocument?.querySelector(".lab-notice:not([hidden])")
        ?.textContent.includes("cell="), null, { what: "the notice about cell=9" });
      assert.deepEqual(await partsShown(three), [true, true, true, true, true, true]);
    }));

    describe("the offline file from file://", () => {
      let copies;
      before(() => { copies = withCollector([OFFLINE, OFFLINE.replace(/\.html$/, ".en.html")]); });
      after(() => copies?.close());

      test("the index leads to each lab; an edit in each computes labrun's outputs; views keep their edits", page(async (p) => {
        const [korean] = copies.urls;
        await p.goto(korean);
        assert.equal(await p.evaluate(() => document.querySelector("main").className), "index");
        // every lab of labs/, in the listing's order
        assert.deepEqual(await p.evaluate(() => [...document.querySelectorAll("main .lab-card a")].map((a) => a.getAttribute("href"))),
          LABS.map(({ id }) => `#${id}`));

        await p.click('main .lab-card a[href="#ch1-lab2"]');
        await ready(p);
        assert.equal(await p.evaluate(() => document.querySelector('.site-nav a[aria-current="page"]').dataset.view), "ch1-lab2");
        for (const step of [1, 2, 3]) await expectOutputs(p, step, expected("ch1-lab2", step), `ch1-lab2 step ${step}`);
        await editList(p, 2, "v", ["4", "5"]);
        const error = expected("ch1-lab2", 2, { v: [4, 5] });
        await expectOutputs(p, 2, error, "ch1-lab2 step 2, v = [4, 5]");

        await p.click('.site-nav a[data-view="ch3-lab2"]');
        await ready(p);
        assert.equal(await p.evaluate(() => document.querySelectorAll("main").length), 1, "one view in the document at a time");
        await setField(p, 2, "compare_seed", "123");
        await expectOutputs(p, 2, expected("ch3-lab2", 2, { compare_seed: 123 }), "ch3-lab2 step 2");
        await expectOutputs(p, 3, expected("ch3-lab2", 3, { compare_seed: 123 }), "ch3-lab2 step 3");

        // Back to ch1-lab2: its edit is still there, and ids stay unique.
        await p.evaluate(() => history.back());
        await p.waitForFunction(() => document.querySelector('.site-nav a[aria-current="page"]')?.dataset.view === "ch1-lab2"
          && document.querySelector("main #step-2"), null, { what: "ch1-lab2's view again" });
        await expectOutputs(p, 2, error, "ch1-lab2 step 2 kept its edit", { timeout: 0 });
        assert.equal(await p.evaluate(() => { const ids = [...document.querySelectorAll("[id]")].map((n) => n.id); return new Set(ids).size === ids.length; }), true,
          "element ids stay unique");
      }));

      test("a fragment opens a lab at a step; the skip link stays in the view", page(async (p) => {
        await p.goto(`${copies.urls[0]}#ch3-lab2/step-2`);
        await ready(p);
        assert.equal(await p.evaluate(() => document.querySelector("main").className), "lab");
        assert.match(await p.evaluate(() => document.title), /√d_k/);
        await p.evaluate(() => document.querySelector("a.skip").focus());
        await p.press("Enter"); // #main: a place inside the view, not another view
        await p.waitForFunction(() => location.hash === "#main", null, { what: "#main" });
        assert.equal(await p.evaluate(() => document.querySelector("main #step-2") !== null), true);
      }));

      test("one cell in a textbook page on disk: that step alone, sized to it, values shared, set-params and progress from ?parent=file://", page(async (p) => {
        // A textbook's page opened from disk, beside the course's file and a one-lab file: steps 2
        // and 3 of the course file (step 2's names its parent), and step 3 of the one-lab file.
        copies.add("ch3-lab2.html", strFromU8(unzipSync(readFileSync(ONE_LAB_PACKAGE))["index.html"]));
        const host = copies.add("textbook.html", `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A textbook on disk</title>
<style>body { margin: 0 .5rem } iframe { display: block; width: 100%; height: 150px; border: 0 }</style>
<script>
  // As a textbook's script: each frame as tall as its lab says; every message noted.
  window.tlabMessages = [];
  addEventListener("message", (event) => {
    const frame = [...document.querySelectorAll("iframe")].find((f) => f.contentWindow === event.source);
    if (!frame || typeof event.data?.type !== "string") return;
    window.tlabMessages.push({ frame: frame.id, origin: event.origin, ...event.data });
    if (event.data.type === "transformer-lab:resize") frame.style.height = event.data.height + "px";
  });
</script></head>
<body><h1>√d_k</h1>
<iframe id="two" title="ch3-lab2, step 2" src="transformer-lab.html?embed=1&amp;cell=2&amp;parent=file://#ch3-lab2"></iframe>
<p>Step 3 follows step 2.</p>
<iframe id="three" title="ch3-lab2, step 3" src="transformer-lab.html?embed=1&amp;cell=3#ch3-lab2"></iframe>
<iframe id="own" title="ch3-lab2, step 3 (its own file)" src="ch3-lab2.html?embed=1&amp;cell=3"></iframe>
</body></html>
`);
        await p.goto(host);
        const frames = { two: p.frame("#two"), three: p.frame("#three"), own: p.frame("#own") };
        for (const frame of Object.values(frames)) await ready(frame);
        // each frame shows its step's cell alone; the others run unseen
        assert.deepEqual(await partsShown(frames.two), [false, false, false, false, true, false]);
        assert.deepEqual(await partsShown(frames.three), [false, false, false, false, false, true]);
        assert.deepEqual(await partsShown(frames.own), [false, false, false, false, false, true]);
        // (Chromium gives a frame of another origin out of view no animation frame, so its charts
        // wait; WebKitWebDriver's clicks miss an element in such a frame)
        const inView = async (id, selector = null) => {
          const y = selector ? await frames[id].evaluate((s) => document.querySelector(s).getBoundingClientRect().top, selector) : 0;
          await p.evaluate(([frame, at]) => scrollBy(0, document.getElementById(frame).getBoundingClientRect().top + at - 100), [id, y]);
        };
        // each frame as tall as its content, which is little more than its cell
        for (const [id, frame] of Object.entries(frames)) {
          await inView(id);
          await chartsLaidOut(frame);
          const height = await fitsContent(p, `#${id}`);
          const cell = await frame.evaluate(() => document.querySelector(".is-embedded-cell").getBoundingClientRect().height);
          assert.ok(height < cell + 200, `#${id} (${height} px) holds little more than its cell (${cell} px)`);
          await p.screenshot(join(SHOTS, `${engine}-offline-cell-${id}.png`));
        }

        // a value changed in step 2's frame: the step 3 frames follow, of this file and of the other
        const seed = (value) => ({ compare_seed: value });
        assert.notDeepEqual(expected("ch3-lab2", 3, seed(123)), expected("ch3-lab2", 3), "the seed changes step 3's bars");
        await inView("two");
        await setField(frames.two, 2, "compare_seed", "123");
        await expectOutputs(frames.two, 2, expected("ch3-lab2", 2, seed(123)), "step 2 in its frame");
        await expectOutputs(frames.three, 3, expected("ch3-lab2", 3, seed(123)), "step 3's frame of the same file follows");
        await expectOutputs(frames.own, 3, expected("ch3-lab2", 3, seed(123)), "step 3's frame of the one-lab file follows");

        // set-params: only the frame whose ?parent= names the page on disk takes it
        const setParams = (id, params) => p.evaluate(([frame, values]) => document.getElementById(frame).contentWindow
          .postMessage({ type: "transformer-lab:set-params", params: values }, "*"), [id, params]);
        await setParams("three", seed("9"));
        await setParams("own", seed("9"));
        await sleep(800);
        for (const frame of Object.values(frames)) {
          assert.equal(await frame.text('#step-2 .lit[data-param="compare_seed"]'), "123", "a frame that names no parent takes nothing");
        }
        await setParams("two", seed("5"));
        await expectOutputs(frames.two, 2, expected("ch3-lab2", 2, seed(5)), "step 2 after set-params");
        await expectOutputs(frames.three, 3, expected("ch3-lab2", 3, seed(5)), "step 3 after set-params");
        await expectOutputs(frames.own, 3, expected("ch3-lab2", 3, seed(5)), "the one-lab file's step 3 after set-params");

        // progress: step 2's exercise passed goes to the page on disk; the frames that name no
        // parent tell it nothing (step 3's solution seen) but show the record
        const { exercises } = JSON.parse(await frames.two.evaluate(() => document.getElementById("lab-data").textContent));
        await inView("two", "#ex-sharp-d-k");
        await frames.two.fill("#ex-sharp-d-k input", exercises.find((e) => e.id === "sharp-d-k").solution.answer);
        await frames.two.click('#ex-sharp-d-k [data-ex="check"]');
        await p.waitForFunction(() => window.tlabMessages.some((m) => m.type === "transformer-lab:progress"), null, { what: "the progress message" });
        for (const frame of [frames.three, frames.own]) {
          await frame.waitForFunction(() => document.querySelector("#ex-sharp-d-k .ex-badge").dataset.status === "done", null,
            { what: "step 2's exercise done in a step 3 frame" });
        }
        await inView("three", "#ex-flatter-bars");
        await frames.three.click('#ex-flatter-bars [data-ex="solution"]');
        await frames.two.waitForFunction(() => document.querySelector("#ex-flatter-bars .ex-attempts").textContent.includes("풀이를 봄"), null,
          { what: "step 3's solution seen, in step 2's frame" });
        await sleep(500);
        const attempts = Number((await frames.two.text("#ex-sharp-d-k .ex-attempts")).match(/확인 (\d+)번/)[1]);
        const messages = await p.evaluate(() => window.tlabMessages);
        assert.deepEqual(messages.filter((m) => m.type === "transformer-lab:progress"), [{ frame: "two", origin: "null",
          type: "transformer-lab:progress", lab: "ch3-lab2", exercise: "sharp-d-k", status: "done", attempts, solution: false, done: 1, total: 4 }]);
        // ready and resize from each frame; the learner's code in the state only to the named parent
        for (const id of Object.keys(frames)) {
          assert.ok(messages.some((m) => m.frame === id && m.type === "transformer-lab:ready" && m.lab === "ch3-lab2"), `#${id}: ready`);
          assert.ok(messages.some((m) => m.frame === id && m.type === "transformer-lab:resize"), `#${id}: resize`);
          const states = messages.filter((m) => m.frame === id && m.type === "transformer-lab:state");
          assert.ok(states.length > 0 && states.every((m) => m.params.compare_seed && ("code" in m) === (id === "two")), `#${id}: state ${JSON.stringify(states[0])}`);
        }
        for (const [id, frame] of Object.entries(frames)) assert.deepEqual(await frame.evaluate(() => window.tlabProblems), [], `#${id}'s problems`);
      }, { width: 480, height: 900 })); // a phone's width, as near as MiniBrowser goes

      test("the English file: English text, a working edit, and the switch back to the same lab", page(async (p) => {
        await p.goto(`${copies.urls[1]}#ch1-lab2`);
        await ready(p);
        assert.equal(await p.evaluate(() => document.documentElement.lang), "en");
        assert.match(await p.text('main [data-action="run-all"]'), /Run all/);
        assert.match(await p.evaluate(() => document.querySelector(".site-nav a.lang-switch").getAttribute("href")), /(^|\/)transformer-lab\.html#ch1-lab2$/);
        await openEditor(p, 3, "z");
        await p.fill("#step-3 .editor-slot input", "5");
        await expectOutputs(p, 3, expected("ch1-lab2", 3, { z: [5, 1.0, 0.1] }), "step 3, z[0] = 5");
      }));
    });
  });
}
