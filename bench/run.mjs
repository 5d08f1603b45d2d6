// ./lab bench — NumPy (Debian's /usr/bin/python3) vs the native core vs the wasm core in headless
// Chromium, on the same work, in one go. Prints one table and writes build/bench/results.json.
//
//   node bench/run.mjs            the full benchmark (several minutes: the 1e6 x 1024 sweep is
//                                 2e9 normals per run, ours only: NumPy would need 16 GB)
//   node bench/run.mjs --smoke    tiny sizes, one run each, a few seconds (./lab test runs it so
//                                 the bench never rots)
//   --runs N (default 5)  --big-runs N (default 3)
//   TLAB_BUILD_NATIVE=build/x, TLAB_BUILD_WASM=build/y, TLAB_SITE=build/z: other build directories
//   (default build/native, build/wasm, build/web)
//
// Each figure is the median of the runs with the min–max range, as ns per normal drawn (every
// case is dominated by drawing normals: the sweep draws 2·N·Σd_k). "× NumPy" is NumPy's median
// time over ours (higher is faster). Memory: peak RSS of the process (NumPy, native; one process
// per run) and the wasm memory size after the run (wasm; memory only grows, fresh module per run).
// Every run's output is also checked: the printed sweep table must be exactly NumPy's (or, for
// the case NumPy cannot hold, the same from native and wasm), randn's sum and first value too;
// a mismatch fails the run (exit 1).
//
// Then the kernel on each lab cell at textbook values ("cells"): parse alone, and parse + run
// after the cells before it are cached (what an edit of that cell costs), native and wasm,
// against Python compiling and running the same cell after the same earlier cells.
//
// Then the lesson page itself (milliseconds, median (min–max) of the runs): a learner's first
// interaction with each lab page in Chromium, Firefox ESR and WebKitGTK (first_load.mjs:
// navigation → core ready, → first live recompute, → a share link's values on screen), the
// edit→output latency of ch3-lab2's textbook sweep cell with its phases and the click delay
// during a long sweep in Chromium (page_bench.mjs), and each lab page's weight (gzip of
// everything it loads, web/tools/page-weight.mjs).
import { execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { SITE, openBrowser } from "./browser_bench.mjs";
import { editCell, inputDuringSweep, typeCode } from "./page_bench.mjs";
import { firstLoad, firstLoadTable } from "./first_load.mjs";
import { PAGE_BUDGET_BYTES, pageWeights } from "../web/tools/page-weight.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const NATIVE = join(resolve(ROOT, process.env.TLAB_BUILD_NATIVE || "build/native"), "bench/tlab_bench");
const LABRUN = join(resolve(ROOT, process.env.TLAB_BUILD_NATIVE || "build/native"), "labrun");
const PYTHON = process.env.TLAB_PYTHON || "/usr/bin/python3";
const OUT = join(ROOT, "build/bench/results.json");

const args = process.argv.slice(2);
const smoke = args.includes("--smoke");
const opt = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const runs = smoke ? 1 : opt("--runs", 5);
const bigRuns = smoke ? 1 : opt("--big-runs", 3);
const pageLoads = smoke ? 1 : runs;
// 21 edits at the default 5 runs: the median of the edit → output times is the noisiest figure here.
const edits = smoke ? 2 : 4 * runs + 1;
const PAGE_LABS = ["ch1-lab2", "ch3-lab2"];
const EDIT_TARGET_MS = 16;
const INPUT_TARGET_MS = 100;
const KEYSTROKE_TARGET_MS = 16; // typed code → its output, a textbook-size cell (issue: code editing)
const EDITOR_TARGET_MS = 100; // the first "edit code" click → the editor in the page

const SWEEP_DKS = [4, 16, 64, 256, 1024];
const CASES = smoke
  ? [
    { name: "randn(1e5)", spec: { case: "randn", n: 100000 }, numpy: true, runs },
    { name: "textbook sweep", spec: { case: "sweep", n_pairs: 1000, d_k_values: [4, 16, 64, 256] }, numpy: true, runs },
    { name: "sweep N=200", spec: { case: "sweep", n_pairs: 200, d_k_values: SWEEP_DKS }, numpy: true, runs },
    { name: "streamed 200x8192", spec: { case: "sweep", n_pairs: 200, d_k_values: [8192] }, numpy: false, runs },
  ]
  : [
    { name: "randn(1e7)", spec: { case: "randn", n: 10000000 }, numpy: true, runs },
    { name: "textbook sweep", spec: { case: "sweep", n_pairs: 1000, d_k_values: [4, 16, 64, 256] }, numpy: true, runs },
    { name: "sweep N=20000", spec: { case: "sweep", n_pairs: 20000, d_k_values: SWEEP_DKS }, numpy: true, runs },
    { name: "streamed 1e6x1024", spec: { case: "sweep", n_pairs: 1000000, d_k_values: [1024] }, numpy: false, runs: bigRuns },
  ];

const runJson = (cmd, argv) => JSON.parse(execFileSync(cmd, argv, { encoding: "utf8", maxBuffer: 1 << 24 }));
const numpy = (spec) => runJson(PYTHON, [join(ROOT, "bench/numpy_bench.py"), JSON.stringify(spec)]);
const native = (spec) => runJson(NATIVE, [JSON.stringify(spec)]);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function summarize(results) {
  const secs = results.map((r) => r.seconds);
  const normals = results[0].normals;
  const ns = (t) => (t / normals) * 1e9;
  const peak = Math.max(...results.map((r) => r.peak_rss_bytes ?? r.peak_wasm_bytes));
  return { normals, seconds: secs, median_s: median(secs), ns_median: ns(median(secs)), ns_min: ns(Math.min(...secs)),
    ns_max: ns(Math.max(...secs)), peak_bytes: peak };
}

const stats = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs), raw: xs });
const spread = (rows, keys) => Object.fromEntries(keys.map((k) => [k, stats(rows.map((r) => r[k]))]));

const failures = [];
const pageReport = { site: SITE, first_load: null, edit: null, weight: pageWeights(SITE, PAGE_LABS) };
function check(caseName, impl, got, want) {
  for (const key of ["table", "checksum", "first", "error"]) {
    if (got[key] !== want[key]) failures.push(`${caseName}: ${impl} ${key} differs: ${JSON.stringify(got[key])} vs ${JSON.stringify(want[key])}`);
  }
}

// The labs' documents, which every case gets, as the page sends its lab's (the wasm core has no lab
// folders to read).
const labs = runJson(LABRUN, ["--list"]).labs.map((lab) => lab.document);
const machine = { nproc: cpus().length, cpu: cpus()[0]?.model, loadavg_before: loadavg(), node: process.version, date: new Date().toISOString() };
const browser = await openBrowser();
const report = [];
let kernelReport = [];
try {
  for (const c of CASES) {
    const raw = { numpy: [], native: [], wasm: [] };
    for (let k = 0; k < c.runs; k++) {  // interleaved, so load on the machine hits all three alike
      if (c.numpy) raw.numpy.push(numpy(c.spec));
      raw.native.push(native({ ...c.spec, labs }));
      raw.wasm.push(await browser.runCase({ ...c.spec, labs }));
    }
    const reference = c.numpy ? raw.numpy[0] : raw.native[0];
    for (const impl of ["numpy", "native", "wasm"]) for (const r of raw[impl]) check(c.name, impl, r, reference);
    const row = { case: c.name, spec: c.spec, runs: c.runs };
    for (const impl of ["numpy", "native", "wasm"]) if (raw[impl].length) row[impl] = { ...summarize(raw[impl]), raw: raw[impl].map(({ table, ...rest }) => rest) };
    report.push(row);
    process.stderr.write(`  ${c.name}: done\n`);
  }
  {
    const rounds = smoke ? 3 : 4 * runs + 1;
    const nat = native({ case: "cells", rounds, labs });
    const was = await browser.runCase({ case: "cells", rounds, labs });
    const py = numpy({ case: "cells", rounds, cells: nat.cells });
    if (was.error) failures.push(`cells: wasm: ${was.error}`);
    kernelReport = nat.cells.map((c, k) => {
      if (c.status !== "ok") failures.push(`cells: ${c.lab} step ${c.step}: native status ${c.status}`);
      if (was.cells?.[k]?.status !== c.status) failures.push(`cells: ${c.lab} step ${c.step}: wasm status ${was.cells?.[k]?.status}`);
      const ms = (xs) => stats((xs ?? [NaN]).map((x) => x * 1000));
      return { lab: c.lab, step: c.step, rounds,
        python: { parse_ms: ms(py.cells[k].parse_s), run_ms: ms(py.cells[k].run_s) },
        native: { parse_ms: ms(c.parse_s), run_ms: ms(c.run_s) },
        wasm: { parse_ms: ms(was.cells?.[k]?.parse_s), run_ms: ms(was.cells?.[k]?.run_s) } };
    });
    process.stderr.write("  lab cells: done\n");
  }
  const edit = await editCell(browser.context, browser.siteUrl("ch3-lab2.html"), { edits, coreRuns: smoke ? 2 : 2 * runs + 1, glueUrl: browser.glueUrl });
  for (const p of edit.problems) failures.push(`ch3-lab2 edit: ${p}`);
  pageReport.edit = {
    lab: "ch3-lab2", step: 1, request: JSON.parse(edit.request), edits,
    ...spread(edit.rows, ["edit_to_dom_ms", "edit_to_post_ms", "worker_ms", "answer_to_dom_ms"]),
    core_ms: stats(edit.coreMs),
  };
  pageReport.edit.debounce_in_path = pageReport.edit.edit_to_post_ms.median >= 100;
  process.stderr.write("  page edits: done\n");
  const input = await inputDuringSweep(browser.context, browser.siteUrl("ch3-lab2.html"), { clicks: smoke ? 3 : 10 });
  for (const p of input.problems) failures.push(`ch3-lab2 input during a sweep: ${p}`);
  pageReport.input_during_sweep = { clicks: input.delays_ms.length, delay_ms: stats(input.delays_ms), longest_task_ms: input.longest_task_ms };
  process.stderr.write("  input during a sweep: done\n");
  const typed = await typeCode(browser.context, browser.siteUrl("ch1-lab2.html"), { loads: smoke ? 1 : runs, keys: smoke ? "12" : "1234" });
  for (const p of typed.problems) failures.push(`ch1-lab2 code typing: ${p}`);
  const keys = ["keystroke_ms", "to_post_ms", "worker_ms", "answer_to_dom_ms"];
  pageReport.code = spread(typed.keystroke_ms.map((_, k) => Object.fromEntries(keys.map((key) => [key, typed[key][k]]))), keys);
  pageReport.code.editor_ready_ms = stats(typed.editor_ready_ms);
  if (typed.editor_ready_hover_ms.length) pageReport.code.editor_ready_hover_ms = stats(typed.editor_ready_hover_ms);
  process.stderr.write("  code typing: done\n");
} finally {
  await browser.close();
}
// Each engine in turn, after the Chromium work above: one browser at a time on the machine.
const first = await firstLoad({ site: SITE, labs: PAGE_LABS, loads: pageLoads, log: (line) => process.stderr.write(`${line}\n`) });
pageReport.first_load = first.rows;
failures.push(...first.problems.map((p) => `first load: ${p}`));
machine.loadavg_after = loadavg();

const fmtNs = (s) => `${s.ns_median.toFixed(1)} (${s.ns_min.toFixed(1)}–${s.ns_max.toFixed(1)})`;
const fmtMB = (b) => `${(b / 2 ** 20).toFixed(0)} MB`;
const lines = [];
lines.push(`Transformer Lab bench${smoke ? " (smoke)" : ""}: ns per normal, median (min–max) of the runs; × = NumPy time / ours; peak memory`);
lines.push(`machine: ${machine.nproc} cores, ${machine.cpu}; load ${machine.loadavg_before.map((x) => x.toFixed(2)).join(" ")} -> ${machine.loadavg_after.map((x) => x.toFixed(2)).join(" ")}`);
const head = ["case", "normals", "runs", "NumPy ns", "NumPy mem", "native ns", "×", "native mem", "wasm ns", "×", "wasm mem", "wasm/native"];
const rows = report.map((r) => {
  const ratio = (s) => (r.numpy ? `${(r.numpy.median_s / s.median_s).toFixed(2)}` : "—");
  return [r.case, r.native.normals.toExponential(2), String(r.runs),
    r.numpy ? fmtNs(r.numpy) : "—", r.numpy ? fmtMB(r.numpy.peak_bytes) : "—",
    fmtNs(r.native), ratio(r.native), fmtMB(r.native.peak_bytes),
    fmtNs(r.wasm), ratio(r.wasm), fmtMB(r.wasm.peak_bytes),
    (r.wasm.median_s / r.native.median_s).toFixed(2)];
});
// Rows of cells as aligned text lines: the first column left-aligned, the others right-aligned.
const aligned = (table) => {
  const widths = table[0].map((_, k) => Math.max(...table.map((r) => r[k].length)));
  return table.map((cells) => cells.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join("  "));
};
lines.push(...aligned([head, ...rows]));

const fmtMs = (s) => `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;
const fmtMs3 = (s) => s.median.toFixed(2);  // (the wasm clock, performance.now(), ticks in 0.1 ms)
lines.push("");
lines.push(`The kernel on each lab cell at textbook values: ms, median of ${kernelReport[0]?.rounds ?? 0} rounds (wasm: a 0.1 ms clock); parse alone, and parse + run from the cached earlier cells (an edit of that cell); × = Python time / ours (target: an edit ≤ ${EDIT_TARGET_MS} ms)`);
lines.push(...aligned([["cell", "Python compile", "Python compile+exec", "native parse", "native parse+run", "×", "wasm parse", "wasm parse+run", "×"],
  ...kernelReport.map((r) => [`${r.lab} step ${r.step}`, fmtMs3(r.python.parse_ms), fmtMs3(r.python.run_ms),
    fmtMs3(r.native.parse_ms), fmtMs3(r.native.run_ms), (r.python.run_ms.median / r.native.run_ms.median).toFixed(2),
    fmtMs3(r.wasm.parse_ms), fmtMs3(r.wasm.run_ms), (r.python.run_ms.median / r.wasm.run_ms.median).toFixed(2)])]));
const e = pageReport.edit;
lines.push("");
lines.push(`The page (${relative(ROOT, SITE)} served with its CSP, HTTP cache off: every load a first visit): ms from the navigation's start, median (min–max)`);
const pageRows = [["figure", "runs", "ms"], ...firstLoadTable(pageReport.first_load)];
pageRows.push(["(below: Chromium)", "", ""]);
pageRows.push([`ch3-lab2 step 1 edit → output (target ≤ ${EDIT_TARGET_MS} ms)`, String(e.edits), fmtMs(e.edit_to_dom_ms)]);
pageRows.push([`  edit → request posted${e.debounce_in_path ? " (the page's debounce)" : ""}`, String(e.edits), fmtMs(e.edit_to_post_ms)]);
pageRows.push(["  worker round trip", String(e.edits), fmtMs(e.worker_ms)]);
pageRows.push(["  answer → DOM", String(e.edits), fmtMs(e.answer_to_dom_ms)]);
pageRows.push(["  the core alone on that request (warm)", String(e.core_ms.raw.length), fmtMs(e.core_ms)]);
const inp = pageReport.input_during_sweep;
pageRows.push([`click delay during a 1e6-pair sweep (target < ${INPUT_TARGET_MS} ms)`, String(inp.clicks), fmtMs(inp.delay_ms)]);
pageRows.push(["  longest main-thread task meanwhile", "", inp.longest_task_ms.toFixed(1)]);
const c = pageReport.code;
pageRows.push([`ch1-lab2 step 3 code: keystroke → output (target ≤ ${KEYSTROKE_TARGET_MS} ms)`, String(c.keystroke_ms.raw.length), fmtMs(c.keystroke_ms)]);
pageRows.push(["  keystroke → request posted", String(c.to_post_ms.raw.length), fmtMs(c.to_post_ms)]);
pageRows.push(["  worker round trip", String(c.worker_ms.raw.length), fmtMs(c.worker_ms)]);
pageRows.push(["  answer → DOM", String(c.answer_to_dom_ms.raw.length), fmtMs(c.answer_to_dom_ms)]);
pageRows.push([`code editor ready after the first click (target ≤ ${EDITOR_TARGET_MS} ms)`, String(c.editor_ready_ms.raw.length), fmtMs(c.editor_ready_ms)]);
if (c.editor_ready_hover_ms) pageRows.push(["  the pointer on the button 150 ms before", String(c.editor_ready_hover_ms.raw.length), fmtMs(c.editor_ready_hover_ms)]);
lines.push(...aligned(pageRows));
lines.push(`page weight, gzip of HTML + JS + CSS + wasm + glue (budget ${PAGE_BUDGET_BYTES / 1024} KB): ${pageReport.weight.map((w) => `${w.lab} ${(w.bytes / 1024).toFixed(1)} KB`).join(", ")}`);
console.log(lines.join("\n"));

mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify({ smoke, machine, cases: report, kernel: kernelReport, page: pageReport, failures }, null, 2) + "\n");
console.log(`results: ${OUT}`);
if (failures.length) {
  console.error(`bench: ${failures.length} output mismatches:\n  ${failures.slice(0, 8).join("\n  ")}`);
  process.exit(1);
}
