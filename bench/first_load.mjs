// A learner's first interaction with a lab page, in each engine (through the tests' driver layer,
// web/test/engines.mjs): every load is a first visit (a fresh profile, the HTTP cache off where the
// driver can, and the test server sending no-store for WebKit, whose driver cannot), and every time
// is performance.now() in the page, ms from the navigation's start (bench/page_probe.js, which the
// server puts first in every page, stamps them):
//
//   first live recompute  the page opened plainly; at "ready" (the run buttons come on) the probe
//                         clicks step 1's run button; done when step 1's outputs are replaced
//   share link shown      the page opened with a share link (bench/share_links.mjs: every param,
//                         textbook sizes, other values); done when every cell shows the link's
//                         values, which are then checked against labrun's outputs
//   core alone            a page with nothing but the lab's data and the core (core-start.js, its
//                         worker and wasm), which asks for step 1 at the textbook values as soon as
//                         the core is up: what the core costs before any page work, the floor
//                         under the two figures above; done at the answer
//
//   node bench/first_load.mjs [--engines chromium,firefox,webkit] [--loads 5] [--labs ch1-lab2,ch3-lab2]
//
// run.mjs calls firstLoad() for its three-engine table.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { ENGINES, ENGINE_NAMES, launch, serveSite } from "../web/test/engines.mjs";
import { shareLink } from "./share_links.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LABRUN = join(resolve(ROOT, process.env.TLAB_BUILD_NATIVE || "build/native"), "labrun");
export const LABS = ["ch1-lab2", "ch3-lab2"];
export const RECOMPUTE_TARGET_MS = 150; // Chromium
export const SHARE_TARGET_MS = 300; // every engine
const PROBE = { path: "/__bench__/page_probe.js", source: readFileSync(join(ROOT, "bench/page_probe.js"), "utf8") };

// "core alone": a page beside the lab's (so that assets/ resolves as there) holding the lab's data
// and the core, which runs step 1 once the core is up (the probe stamps the answer).
const floorPath = (lab) => `/__core_alone_${lab}.html`;
function floorPage(site, lab) {
  const html = readFileSync(join(site, `${lab}.html`), "utf8");
  const data = html.match(/<script id="lab-data" type="application\/json">[\s\S]*?<\/script>/)[0];
  return {
    path: floorPath(lab),
    source: `<!doctype html><html><head><meta charset="utf-8"><title>core alone</title>
<script src="assets/core-start.js" type="module"></script>${data}
<script src="/__bench__/core_alone.js" type="module"></script></head><body></body></html>`,
  };
}
const FLOOR_SCRIPT = {
  path: "/__bench__/core_alone.js",
  source: `import { startCore } from "/assets/core-start.js";
const { lab } = JSON.parse(document.getElementById("lab-data").textContent);
startCore().run(JSON.stringify({ lab: lab.document, step: 1, params: {} })).then(() => {
  window.__tlabBench.drawn["step-1"] = performance.now();
});
`,
};

// Runs in the page: what each cell shows as text, in the order shown: stream texts and tables'
// printed text (charts aside).
const shownTexts = () => Object.fromEntries([...document.querySelectorAll("section.cell")].map((cell) => [cell.id,
  [...cell.querySelectorAll(".outputs > pre, .outputs pre.out-table-text")].map((n) => n.textContent)]));

function expectedTexts(lab, values) {
  const labrun = (request) => JSON.parse(execFileSync(LABRUN, { input: request, encoding: "utf8" }));
  const out = {};
  // The request text as the page writes it: numbers as typed, so "2.0" stays a float.
  const json = (v) => (Array.isArray(v) ? `[${v.map(json).join(",")}]` : v);
  const paramsText = `{${Object.entries(values).map(([k, v]) => `${JSON.stringify(k)}:${json(v)}`).join(",")}}`;
  for (const step of [1, 2, 3]) {
    const response = labrun(`{"lab":${JSON.stringify(lab)},"step":${step},"params":${paramsText}}`);
    out[`step-${step}`] = response.outputs
      .filter((o) => o.output_type === "stream" || o.data?.["application/vnd.transformer-lab.table+json"] || (o.data?.["text/plain"] && !o.data?.["application/vnd.transformer-lab.chart+json"]))
      .map((o) => (o.output_type === "stream" ? o.text : o.data["text/plain"]));
  }
  return out;
}

// One first visit, in a page of its own (a fresh profile).
async function oneLoad(browser, url, { cells, expected }) {
  const page = await browser.newPage({ httpCache: false });
  try {
    await page.goto(url);
    await page.waitForFunction((n) => window.__tlabBench && Object.keys(window.__tlabBench.drawn).length >= n, cells,
      { timeout: 30000, what: `${cells} cells drawn` });
    const marks = await page.evaluate(() => window.__tlabBench);
    const problems = [...marks.problems];
    if (expected) {
      const shown = await page.evaluate(shownTexts);
      for (const [cell, texts] of Object.entries(expected)) {
        if (JSON.stringify(shown[cell]) !== JSON.stringify(texts)) problems.push(`${cell} does not show the link's values`);
      }
    }
    return { marks, problems, version: page.version };
  } finally {
    await page.close();
  }
}

/**
 * `loads` first visits of each lab in each engine, plain and with a share link:
 * [{engine, version, lab, ready_ms: [...], recompute_ms: [...], share_ready_ms: [...], share_ms: [...]}]
 * and the problems seen (page errors, CSP violations, a link's values not shown).
 */
export async function firstLoad({ site, engines = ENGINES, labs = LABS, loads = 5, log = () => {} } = {}) {
  const server = await serveSite({ root: site, headScripts: [PROBE], cache: "no-store",
    files: [FLOOR_SCRIPT, ...labs.map((lab) => floorPage(site, lab))] });
  const rows = [];
  const problems = [];
  const links = Object.fromEntries(labs.map((lab) => {
    const link = shareLink(lab);
    return [lab, { ...link, expected: expectedTexts(lab, link.values) }];
  }));
  try {
    for (const name of engines) {
      const browser = await launch(name);
      try {
        for (const lab of labs) {
          const row = { engine: name, version: "", lab, ready_ms: [], recompute_ms: [], share_ready_ms: [], share_ms: [], alone_ms: [] };
          // Plain and share-link loads interleaved, so the machine's load hits both alike.
          for (let k = 0; k < loads; k++) {
            const plain = await oneLoad(browser, `${server.base}${lab}.html?probe=run`, { cells: 1 });
            row.version = plain.version;
            row.ready_ms.push(plain.marks.ready);
            row.recompute_ms.push(plain.marks.drawn["step-1"]);
            const link = links[lab];
            const shared = await oneLoad(browser, `${server.base}${lab}.html${link.hash}`, link);
            row.share_ready_ms.push(shared.marks.ready);
            row.share_ms.push(Math.max(...Object.values(shared.marks.drawn)));
            const alone = await oneLoad(browser, `${server.base}${floorPath(lab).slice(1)}`, { cells: 1 });
            row.alone_ms.push(alone.marks.drawn["step-1"]);
            for (const p of [...plain.problems, ...shared.problems, ...alone.problems]) problems.push(`${name} ${lab}: ${p}`);
          }
          rows.push(row);
          log(`  first load, ${name} ${lab}: done`);
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
  }
  return { rows, problems };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (xs) => `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;

/** The table's rows: [figure, runs, ms] per engine and lab. */
export function firstLoadTable(rows) {
  const table = [];
  for (const r of rows) {
    const who = `${ENGINE_NAMES[r.engine]} ${r.lab}`;
    const target = r.engine === "chromium" ? ` (target ≤ ${RECOMPUTE_TARGET_MS} ms)` : "";
    table.push([`${who}: navigation → core ready`, String(r.ready_ms.length), fmt(r.ready_ms)]);
    table.push([`${who}: navigation → first live recompute${target}`, String(r.recompute_ms.length), fmt(r.recompute_ms)]);
    table.push([`${who}: navigation → share link's values shown (target ≤ ${SHARE_TARGET_MS} ms)`, String(r.share_ms.length), fmt(r.share_ms)]);
    if (r.alone_ms?.length) table.push([`${who}: the core alone: navigation → step 1's answer`, String(r.alone_ms.length), fmt(r.alone_ms)]);
  }
  return table;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const site = resolve(ROOT, process.env.TLAB_SITE || "build/web");
  const { rows, problems } = await firstLoad({
    site,
    engines: opt("--engines", ENGINES.join(",")).split(","),
    labs: opt("--labs", LABS.join(",")).split(","),
    loads: Number(opt("--loads", 5)),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const table = [["figure", "runs", "ms"], ...firstLoadTable(rows)];
  const widths = table[0].map((_, k) => Math.max(...table.map((r) => r[k].length)));
  for (const cells of table) console.log(cells.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join("  "));
  for (const r of rows) console.log(`${r.engine} ${r.version}`);
  if (problems.length) {
    console.error(`problems:\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  }
}
