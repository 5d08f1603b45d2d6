// Where a lab page's first interaction spends its time, in headless Chromium: every phase from
// navigation to the first live recompute (or to a share link's values on screen), as
// performance.now() milliseconds from the navigation's start, median of the loads.
//
//   node bench/page_trace.mjs [--lab ch3-lab2] [--share] [--loads 5]
//
// Phases come from the page's own timeline (the navigation entry, resource timing of page.js and
// its chunks), from the core worker's timeline (its resource timing: the glue and the wasm; its
// time origin converted to the page's) and from an init script that wraps Worker to stamp when
// the page creates the worker, when the core says it is ready, each request's post and answer,
// and when each cell's outputs are replaced. Without --share the init script runs step 1 at
// "ready", as first_load.mjs does; with --share the page opens a share link
// (bench/share_links.mjs) and the last of its cells drawn ends the load.
import { SITE, openBrowser } from "./browser_bench.mjs";
import { shareLink } from "./share_links.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const lab = opt("--lab", "ch3-lab2");
const loads = Number(opt("--loads", 5));
const share = args.includes("--share");

function instrument(share) {
  const t = { posted: [], answered: [], drawn: {} };
  window.__tlabTrace = t;
  try { localStorage.clear(); } catch {}
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...rest) {
      t.workerCreated ??= performance.now();
      super(...rest);
      this.addEventListener("message", (event) => {
        if (event.data?.ready !== undefined) t.ready ??= performance.now();
        else if (event.data?.id !== undefined && !("progress" in event.data)) t.answered.push(performance.now());
      });
    }
    postMessage(message, ...more) {
      if (message?.id !== undefined) t.posted.push(performance.now());
      if (message?.init !== undefined) t.initPosted ??= performance.now();
      return super.postMessage(message, ...more);
    }
  };
  const compileStreaming = WebAssembly.compileStreaming;
  WebAssembly.compileStreaming = (...args) => {
    t.compileStarted = performance.now();
    const compiled = compileStreaming.apply(WebAssembly, args);
    compiled.then(() => { t.compiled = performance.now(); }, () => {});
    return compiled;
  };
  const initial = new Map();
  const observer = new MutationObserver(() => {
    const runAll = document.querySelector('[data-action="run-all"]');
    if (!share && t.clicked === undefined && runAll && !runAll.disabled) {
      t.clicked = performance.now();
      document.querySelector('#step-1 button[data-action="run"]').click();
    }
    for (const section of document.querySelectorAll("section.cell")) {
      const outputs = section.querySelector(".outputs");
      if (!outputs) continue; // not parsed yet
      if (!initial.has(section.id)) initial.set(section.id, outputs);
      else if (outputs !== initial.get(section.id)) t.drawn[section.id] ??= performance.now();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function traceLoad(context, url, { cells }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.addInitScript(instrument, share);
  const workers = [];
  page.on("worker", (w) => workers.push(w));
  try {
    await page.goto(url);
    await page.waitForFunction((n) => Object.keys(window.__tlabTrace.drawn).length >= n, cells, { timeout: 30000 });
    await page.waitForTimeout(200); // the load event and late resource entries
    const pageSide = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const res = performance.getEntriesByType("resource").map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd }));
      return { origin: performance.timeOrigin, nav: { responseEnd: nav.responseEnd, domInteractive: nav.domInteractive,
        dcl: nav.domContentLoadedEventStart, load: nav.loadEventStart }, res, trace: window.__tlabTrace };
    });
    const first = workers[0];
    const workerSide = first ? await first.evaluate(() => ({
      origin: performance.timeOrigin,
      res: performance.getEntriesByType("resource").map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd })),
      marks: performance.getEntriesByType("mark").filter((m) => m.name.startsWith("tlab:")).map((m) => ({ name: m.name, at: m.startTime })),
    })) : null;
    return { pageSide, workerSide };
  } finally {
    await page.close();
  }
}

// One load's phases, in page milliseconds.
function phases({ pageSide, workerSide }) {
  const row = {};
  const base = (name) => name.split("?")[0].split("/").pop();
  const { nav, res, trace } = pageSide;
  row["HTML received"] = nav.responseEnd;
  for (const r of res) {
    const file = base(r.name).replace(/-[A-Z0-9]{8}\.js$/, "-<chunk>.js");
    if (/\.(js|css|wasm)$/.test(file)) {
      row[`${file} requested`] ??= r.start;
      row[`${file} received`] ??= r.end;
    }
  }
  row["DOM interactive"] = nav.domInteractive;
  row["page.js creates the worker"] = trace.workerCreated;
  row.DOMContentLoaded = nav.dcl;
  row["load event"] = nav.load;
  if (workerSide) {
    const shift = workerSide.origin - pageSide.origin;
    row["worker's time origin"] = shift;
    for (const r of workerSide.res) {
      row[`${base(r.name)} requested (worker)`] = r.start + shift;
      row[`${base(r.name)} received (worker)`] = r.end + shift;
    }
    for (const m of workerSide.marks ?? []) row[`worker: ${m.name.slice(5)}`] = m.at + shift;
  }
  row["wasm compiled on the page"] = trace.compiled;
  row["init posted to the worker"] = trace.initPosted;
  row["core ready (message at the page)"] = trace.ready;
  row["first request posted"] = trace.posted[0];
  row["first answer at the page"] = trace.answered[0];
  const drawn = Object.values(trace.drawn);
  row["first cell drawn"] = Math.min(...drawn);
  row["last cell drawn"] = Math.max(...drawn);
  row.requests = trace.posted.length;
  return row;
}

const browser = await openBrowser();
try {
  const url = new URL(browser.siteUrl(`${lab}.html`));
  let cells = 1;
  if (share) {
    const link = shareLink(lab);
    url.hash = link.hash;
    cells = link.cells;
  }
  const rows = [];
  for (let k = 0; k < loads; k++) rows.push(phases(await traceLoad(browser.context, url.href, { cells })));
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const ordered = keys.map((k) => [k, median(rows.map((r) => r[k]))]).sort((a, b) => (a[0] === "requests") - (b[0] === "requests") || a[1] - b[1]);
  console.log(`${lab}${share ? " share link" : ""}, Chromium, ${SITE}: ms from navigation start, median of ${loads} loads`);
  for (const [k, v] of ordered) console.log(`${k.padEnd(44)} ${Number.isFinite(v) ? v.toFixed(1).padStart(7) : "      —"}`);
  console.log("per load:");
  for (const [k] of ordered) console.log(`${k.padEnd(44)} ${rows.map((r) => (Number.isFinite(r[k]) ? r[k].toFixed(0) : "—").padStart(6)).join("")}`);
} finally {
  await browser.close();
}
