// The lesson page itself in headless Chromium: edit→output latency and input delay during a sweep, on
// the built site (build/web, or TLAB_SITE) served with the page's CSP (web/tools/serve.mjs).
// Every time is performance.now() inside the page (milliseconds from the navigation's start),
// so the driver's own round trips never count.
//
//   (The first load itself, in three engines: first_load.mjs. Here each page starts the same way:
//   at "ready" the init script clicks step 1's run button and the work below waits for its answer.)
//   editCell:  the learner edits a literal of the textbook-size ch3-lab2 step 1 (the sweep:
//              1000 pairs, d_k 4, 16, 64, 256): its editor is opened by clicking the literal, then
//              the field's value changes and an `input` event fires (editors.js turns it into the
//              page's onChange). From that event to the DOM update of the cell's outputs
//              (a MutationObserver sees the outputs element replaced). Split: edit → request
//              posted to the worker (the page's scheduling: a debounce shows here), the worker
//              round trip, and response → DOM. The core's own time for the same request is timed
//              apart, in a worker of its own with a warmed-up module (coreMs).
//
// run.mjs calls these through openBrowser() (browser_bench.mjs), which owns the browser.

// Installed before any page script runs: stamps "ready" and the first recompute, and records
// when each request is posted to the core worker and when its answer comes back.
function instrument() {
  const bench = { marks: {}, sent: new Map(), trips: [] };
  window.__tlabBench = bench;
  try { localStorage.clear(); } catch {} // textbook values, not a previous load's edits
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const id = event.data?.id;
        if (id !== undefined && bench.sent.has(id) && !("progress" in event.data)) {
          const posted = bench.sent.get(id);
          bench.trips.push({ id, posted, answered: performance.now() });
          bench.sent.delete(id);
        }
      });
    }
    postMessage(message, ...rest) {
      if (message && message.id !== undefined) {
        bench.sent.set(message.id, performance.now());
        bench.lastRequest = message.request;
      }
      return super.postMessage(message, ...rest);
    }
  };
  let before = null;
  const observer = new MutationObserver(() => {
    const runAll = document.querySelector('[data-action="run-all"]');
    if (bench.marks.ready === undefined && runAll && !runAll.disabled) {
      bench.marks.ready = performance.now();
      before = document.querySelector("#step-1 .outputs");
      document.querySelector('#step-1 button[data-action="run"]').click();
    }
    if (before && document.querySelector("#step-1 .outputs") !== before) {
      bench.marks.recomputed = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
}

async function freshPage(context) {
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => { if (msg.type() === "error") problems.push(`console: ${msg.text()}`); });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.addInitScript(instrument);
  return { page, problems };
}

/**
 * `edits` edits of ch3-lab2 step 1's seed literal (42 → 43 → 42 …) on the page at `url`, one at a
 * time: [{edit_to_dom_ms, edit_to_post_ms, worker_ms, answer_to_dom_ms}], plus coreMs (the core's
 * own time for the same request, `coreRuns` timed calls after a warm-up, through the wasm glue at
 * `glueUrl`: the page's worker carries its own copy inside) and any page problems.
 */
export async function editCell(context, url, { edits = 5, coreRuns = 5, glueUrl } = {}) {
  const { page, problems } = await freshPage(context);
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__tlabBench.marks.recomputed !== undefined, null, { timeout: 30000 });
    const result = await page.evaluate(async ([edits, coreRuns, glueUrl]) => {
      const bench = window.__tlabBench;
      const cell = document.getElementById("step-1");
      const pause = (ms) => new Promise((done) => setTimeout(done, ms));
      const idle = async () => {
        while (cell.classList.contains("is-running") || bench.sent.size) await pause(5);
      };
      // Warm the worker's module the way a learner's first edits do (V8 tiers wasm up per function
      // on later calls), without timing: three runs of the textbook request.
      for (let k = 0; k < 3; k++) {
        cell.querySelector('button[data-action="run"]').click();
        await pause(20);
        await idle();
      }
      cell.querySelector('.lit[data-param="sweep_seed"]').click();
      let input = null; // the first editor of a page loads its module first
      for (let k = 0; k < 500 && !(input = cell.querySelector(".editor-slot input")); k++) await pause(10);
      const original = input.value;
      const rows = [];
      for (let k = 0; k < edits; k++) {
        await idle();
        await pause(50);
        const before = cell.querySelector(".outputs");
        const tripsBefore = bench.trips.length;
        const updated = new Promise((done) => {
          const observer = new MutationObserver(() => {
            if (cell.querySelector(".outputs") !== before) {
              observer.disconnect();
              done(performance.now());
            }
          });
          observer.observe(cell, { subtree: true, childList: true });
        });
        input.value = k % 2 === 0 ? String(Number(original) + 1) : original;
        const edited = performance.now();
        input.dispatchEvent(new Event("input", { bubbles: true }));
        const dom = await updated;
        const trip = bench.trips.slice(tripsBefore).at(-1);
        rows.push({
          edit_to_dom_ms: dom - edited,
          edit_to_post_ms: trip ? trip.posted - edited : null,
          worker_ms: trip ? trip.answered - trip.posted : null,
          answer_to_dom_ms: trip ? dom - trip.answered : null,
        });
      }
      // The core alone on the same request, once warm, in a worker of its own as the page's core
      // runs (on the page's main thread this figure varied by up to 2x from run to run).
      const text = bench.lastRequest;
      const source = `
        const { default: create } = await import(${JSON.stringify(glueUrl)});
        const core = await create();
        const call = (text) => {
          const size = core.lengthBytesUTF8(text) + 1;
          const at = core._malloc(size);
          core.stringToUTF8(text, at, size);
          const t0 = performance.now();
          const out = core._tlab_request(at);
          const ms = performance.now() - t0;
          core._tlab_free(out);
          core._free(at);
          return ms;
        };
        self.onmessage = async ({ data: { text, runs } }) => {
          // A fresh module: V8 needs many calls to have optimized all of the hot functions (with
          // 3, this figure came out up to 50% high; with 8, still up to 40%).
          for (let k = 0; k < 20; k++) {
            call(text);
            await new Promise((done) => setTimeout(done, 30));
          }
          self.postMessage(Array.from({ length: runs }, () => call(text)));
        };
        self.postMessage("ready");`;
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      const worker = new Worker(url, { type: "module" });
      const coreMs = await new Promise((done, fail) => {
        worker.onerror = (e) => fail(new Error(`core-alone worker: ${e.message}`));
        worker.onmessage = ({ data }) => {
          if (data === "ready") worker.postMessage({ text, runs: coreRuns });
          else done(data);
        };
      });
      worker.terminate();
      URL.revokeObjectURL(url);
      return { rows, coreMs, request: text };
    }, [edits, coreRuns, glueUrl]);
    return { ...result, problems };
  } finally {
    await page.close();
  }
}

/**
 * Input delay while a long sweep runs: ch3-lab2 step 1 is set to a million pairs (tens of
 * seconds of core work in its worker); once its progress bar shows, the driver clicks a literal
 * of step 2 `clicks` times (real mouse events through the browser). Each click's delay is the
 * time from the event's creation (event.timeStamp) to its handler running on the page's main
 * thread. Also: the longest main-thread task seen meanwhile (Long Tasks API, tasks over 50 ms).
 * The sweep is cancelled at the end. -> {delays_ms: [...], longest_task_ms, problems}
 */
export async function inputDuringSweep(context, url, { clicks = 10 } = {}) {
  const { page, problems } = await freshPage(context);
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__tlabBench.marks.recomputed !== undefined, null, { timeout: 30000 });
    await page.click('#step-1 .lit[data-param="n_pairs"]');
    await page.fill("#step-1 .editor-slot input", "1000000");
    await page.waitForSelector("#step-1 .cell-progress", { timeout: 20000 });
    await page.evaluate(() => {
      const probe = { delays: [], tasks: [] };
      window.__tlabInput = probe;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) probe.tasks.push(entry.duration);
      }).observe({ type: "longtask" });
      document.addEventListener("click", (event) => probe.delays.push(performance.now() - event.timeStamp), true);
    });
    for (let k = 0; k < clicks; k++) {
      await page.click('#step-2 .lit[data-param="n_keys"]');
      await page.waitForTimeout(100);
    }
    const probe = await page.evaluate(() => window.__tlabInput);
    const stillRunning = Boolean(await page.$("#step-1 .cell-progress"));
    if (!stillRunning) problems.push("the sweep ended before the clicks did: the delays were not measured during a run");
    await page.click("#step-1 .cell-progress button[data-action=cancel]").catch(() => {});
    return { delays_ms: probe.delays, longest_task_ms: Math.max(0, ...probe.tasks), problems };
  } finally {
    await page.close();
  }
}

/**
 * Code editing on ch1-lab2 step 3 (softmax of three scores: a textbook-size cell), `loads` fresh
 * pages (HTTP cache off: the editor's chunk is fetched on the first click, as on a first visit):
 *   editor_ready_ms: from the click on the cell's "edit code" (the click event's time stamp) to
 *     its CodeMirror editor in the DOM; editor_ready_hover_ms: the same when the pointer rested
 *     on the button for HOVER_MS before the click (the page starts loading the editor then);
 *   keystroke_ms: a digit typed into `print(7)` at the code's end (each keystroke makes code that
 *     parses, which the page runs at once), from the keydown event's time stamp to the DOM update
 *     of the cell's outputs; `keys` keystrokes per page, each once the one before has landed.
 *     Split as editCell's: keystroke → request posted, worker round trip, answer → DOM.
 * -> {editor_ready_ms: [...], keystroke_ms: [...], to_post_ms, worker_ms, answer_to_dom_ms, problems}
 */
const HOVER_MS = 150;

export async function typeCode(context, url, { loads = 5, keys = "1234" } = {}) {
  const out = { editor_ready_ms: [], editor_ready_hover_ms: [], keystroke_ms: [], to_post_ms: [], worker_ms: [], answer_to_dom_ms: [], problems: [] };
  for (let load = 0; load < loads; load++) {
    const { page, problems } = await freshPage(context);
    try {
      await page.goto(url);
      await page.waitForFunction(() => window.__tlabBench.marks.recomputed !== undefined, null, { timeout: 30000 });
      await page.evaluate(() => {
        const bench = window.__tlabBench;
        const cell = document.getElementById("step-3");
        document.addEventListener("click", (event) => {
          if (event.target.closest?.('[data-action="edit-code"]')) bench.editClickAt = event.timeStamp;
        }, true);
        document.addEventListener("keydown", (event) => { bench.keyAt = event.timeStamp; }, true);
        const observer = new MutationObserver(() => {
          if (cell.querySelector(".code-editor")?.shadowRoot?.querySelector(".cm-content")) {
            observer.disconnect();
            bench.editorAt = performance.now();
          }
        });
        observer.observe(cell, { subtree: true, childList: true });
      });
      // (odd loads: the pointer rests on the button for HOVER_MS first, as a mouse does; even
      // loads: no lead, as a keyboard's Enter or a quick tap)
      if (load % 2 === 1) {
        await page.hover('#step-3 [data-action="edit-code"]');
        await page.waitForTimeout(HOVER_MS);
      }
      await page.click('#step-3 [data-action="edit-code"]');
      await page.waitForFunction(() => window.__tlabBench.editorAt !== undefined, null, { timeout: 30000 });
      (load % 2 === 1 ? out.editor_ready_hover_ms : out.editor_ready_ms)
        .push(await page.evaluate(() => window.__tlabBench.editorAt - window.__tlabBench.editClickAt));
      // (the editor has the focus: the code ends with an empty line)
      const settled = () => page.waitForFunction(() => {
        const bench = window.__tlabBench;
        return !document.getElementById("step-3").classList.contains("is-running") && bench.sent.size === 0;
      }, null, { timeout: 30000 });
      await page.keyboard.press("Control+End");
      await page.keyboard.type("print(7)");
      await page.keyboard.press("ArrowLeft");
      await settled();
      await page.waitForTimeout(100);
      for (const key of keys) {
        await page.evaluate(() => {
          const bench = window.__tlabBench;
          const cell = document.getElementById("step-3");
          const before = cell.querySelector(".outputs");
          bench.landed = undefined;
          bench.tripsBefore = bench.trips.length;
          const observer = new MutationObserver(() => {
            if (cell.querySelector(".outputs") !== before) {
              observer.disconnect();
              bench.landed = performance.now();
            }
          });
          observer.observe(cell, { subtree: true, childList: true });
        });
        await page.keyboard.press(key);
        await page.waitForFunction(() => window.__tlabBench.landed !== undefined, null, { timeout: 30000 });
        const row = await page.evaluate(() => {
          const bench = window.__tlabBench;
          const trip = bench.trips.slice(bench.tripsBefore).at(-1);
          return { all: bench.landed - bench.keyAt, post: trip?.posted - bench.keyAt,
            worker: trip?.answered - trip?.posted, dom: bench.landed - trip?.answered };
        });
        out.keystroke_ms.push(row.all);
        out.to_post_ms.push(row.post);
        out.worker_ms.push(row.worker);
        out.answer_to_dom_ms.push(row.dom);
        await settled();
        await page.waitForTimeout(50);
      }
      const shown = await page.evaluate(() => document.querySelector("#step-3 .outputs").textContent);
      if (!shown.includes(`7${keys}`)) out.problems.push(`ch1-lab2 step 3 does not show the typed number 7${keys}`);
      out.problems.push(...problems);
    } finally {
      await page.close();
    }
  }
  return out;
}
