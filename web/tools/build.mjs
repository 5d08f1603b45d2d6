// Builds the static site into build/web: one page per lab with every cell's textbook outputs
// already in the HTML (computed by the native core, build/native/labrun), so the page is
// complete before any script runs; the wasm core then makes it live.
//
//   node web/tools/build.mjs [--labrun build/native/labrun] [--wasm build/wasm/web] [--out build/web]
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { parseHTML } from "linkedom";

import { localize } from "../src/i18n.js";
import { loadMarks } from "../src/marks.js";
import { LabFileError } from "./lab-check.mjs";
import { readLabFiles } from "./lab-content.mjs";
import { EDITOR_BUDGET_BYTES, LANG_SUFFIXES as LANGS, PAGE_BUDGET_BYTES, editorWeight, pageWeights } from "./page-weight.mjs";
import { renderChrome, renderIndexMain, renderLabMain } from "../src/page-view.js";
import { exerciseData, labExercises } from "../src/exercise-view.js";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = resolve(WEB, "..");
// Each lab's folder: its code, lab.json, content.json (prose) and flow.json; labrun reads the same
// folder (TLAB_LABS, as for labrun, points both elsewhere).
const LABS = process.env.TLAB_LABS ? resolve(process.env.TLAB_LABS) : join(ROOT, "labs");

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? resolve(process.argv[at + 1]) : resolve(ROOT, fallback);
}
const labrun = option("--labrun", "build/native/labrun");
const wasmDir = option("--wasm", "build/wasm/web");
const out = option("--out", "build/web");

function core(request) {
  return JSON.parse(execFileSync(labrun, { input: JSON.stringify(request), encoding: "utf8" }));
}

// A JSON data block that can never close its <script> early.
function dataBlock(document, id, value) {
  const script = document.createElement("script");
  script.type = "application/json";
  script.id = id;
  script.textContent = JSON.stringify(value).replace(/</g, "\\u003c");
  return script;
}

// Each page is built twice: Korean (name.html) and English (name.en.html), each linking the other.
const otherName = (name, lang) => `${name}${LANGS[lang === "en" ? "ko" : "en"]}.html`;

function page(template, title, main, extra = [], chrome = { lang: "ko", otherHref: "index.en.html" }, { lab = false } = {}) {
  const { document } = parseHTML(readFileSync(join(WEB, template), "utf8"));
  document.title = title;
  pageScripts(document, { lab });
  renderChrome(document, chrome);
  document.querySelector("main").replaceWith(main(document));
  for (const node of extra) document.body.append(node(document));
  return `<!doctype html>\n${document.documentElement.outerHTML}\n`;
}

const ASSETS = join(out, "assets");
rmSync(out, { recursive: true, force: true });
mkdirSync(ASSETS, { recursive: true });

const listing = core({ list: true }).labs;
// A lab's prose or flow that does not match docs/lab-format.md stops the build, naming the field
// (lab.json was checked by the core when it listed the lab).
const labs = listing.map((lab) => {
  const responses = {};
  for (const step of lab.steps) responses[step.step] = core({ lab: lab.id, step: step.step });
  try {
    return { lab, responses, ...readLabFiles(LABS, lab) };
  } catch (error) {
    if (!(error instanceof LabFileError)) throw error;
    console.error(`build: ${error.message}`);
    process.exit(1);
  }
});

// The page's scripts, in <head> so that their fetches start with the HTML's first bytes: page.js
// (a lab's life, and on every page the ?lang= switch; a module, so it runs once the HTML is parsed)
// with a preload hint for each chunk it imports (else each is fetched only once page.js has
// arrived), and on a lab page first of all core-start.js, async: it starts the core worker as soon
// as it arrives, so the worker and the wasm load while the rest does.
let pageChunks = []; // set by the bundling below, before any page is written
function pageScripts(document, { lab }) {
  const element = (tag, attributes) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    return node;
  };
  const nodes = [];
  if (lab) nodes.push(element("script", { type: "module", async: "", src: "assets/core-start.js" }));
  nodes.push(element("script", { type: "module", src: "assets/page.js" }));
  for (const chunk of pageChunks) nodes.push(element("link", { rel: "modulepreload", href: `assets/${chunk}` }));
  const anchor = document.head.querySelector('link[rel="stylesheet"]');
  for (const node of nodes) document.head.insertBefore(node, anchor);
}

// What page.js reads of the listing and of the textbook responses (the code, the literals' places,
// the outputs and pictures, `ok` for the summary and the notebook, `prelude` for the notebook and
// "copy code", `params` for the loop count), in the page's language only: the response's echo of
// its lab and step and the other language's titles and labels are left out.
// The document goes to the core with each request (the wasm core has no lab folders): its
// exercises' checks run there. Their comments stay in labs/<id>/checks.py (0.5 to 0.7 KB of a
// page, gzip): a check's error shows only its last traceback line, never its source.
function pageLab(lab, lang) {
  const { title, steps, document: { checks, ...document }, ...rest } = lab;
  return {
    ...rest,
    document: checks === undefined ? document : { ...document, checks: withoutCommentLines(checks) },
    steps: steps.map(({ title: _, ...step }) => step),
    params: lab.params.map((param) => ({ ...param, label: localize(param.label, lang) })),
  };
}
// Python source without its comment lines (a text with triple quotes is left whole: a line of one
// of its strings may start with "#").
function withoutCommentLines(source) {
  if (/"""|'''/.test(source)) return source;
  return source.split("\n").filter((line) => !/^\s*#/.test(line)).join("\n");
}

// Of the lesson text, what page.js and the notebook export use: the title, chapter and intro (the
// notebook's first cell), the steps (titles, leads, captions) and the summary rows' output specs
// (the summary's other text is in the HTML and never changes); not the flow caption or the notes,
// nor the exercises (their words are in the HTML; the script's share is "exercises", exerciseData).
function pageContent(content) {
  const { explanations, flow_caption, summary, exercises, ...rest } = content;
  return summary ? { ...rest, summary: { rows: summary.rows.map(({ output }) => ({ output })) } } : rest;
}
function pageResponses(responses) {
  const trimmed = {};
  // (not yet shown: the variables, and the run's status and edited flag, which the page's own
  // runs give it; 2.3 KB of ch3-lab2's page, gzip)
  for (const [step, { lab, step: _, visuals, variables, status, edited, exercises, ...rest }] of Object.entries(responses)) {
    trimmed[step] = visuals && visuals.length ? { ...rest, visuals } : rest;
  }
  return trimmed;
}

// The small ES modules of web/src, bundled and minified: core-start.js (the core client, started
// early), page.js (the rest of the page) and core-worker.js. The worker carries the wasm glue
// inside, and core-start.js carries the worker's source, from which it starts the worker as a
// Blob: every fetch in that chain (core-start.js, then the worker script, then the glue, then the
// wasm) was one more round trip before the core was up. What the page imports on demand (the
// notebook builder, on "download notebook"; the value editors, on the first click on a value)
// goes to its own chunk, loaded only when used.
const TARGET = ["chrome100", "firefox100", "safari15"];
const bundle = (entryPoints, more = {}) => build({
  entryPoints,
  outdir: ASSETS,
  bundle: true,
  format: "esm",
  minify: true,
  target: TARGET,
  logLevel: "warning",
  ...more,
});
const gluePath = join(wasmDir, "tlab-core.mjs");
const wasmPath = join(wasmDir, "tlab-core.wasm");
for (const file of [gluePath, wasmPath]) {
  if (!existsSync(file)) console.warn(`build: ${file} is missing; the page will stay at textbook values`);
}
// The worker's `import('./tlab-core.mjs')` is the wasm build's glue, bundled in. Minifying it renames
// only its locals (~3.9 -> ~3.0 KB gzip): the wasm's import keys and the Module["..."] members are
// strings and properties, untouched.
const glue = {
  name: "tlab-core-glue",
  setup(build) {
    build.onResolve({ filter: /^\.\/tlab-core\.mjs$/ }, () => (existsSync(gluePath) ? { path: gluePath } : { external: true }));
  },
};
const worker = await bundle({ "core-worker": join(WEB, "src/core-worker.js") }, { plugins: [glue], write: false });
await bundle({ style: join(WEB, "style.css") });
await bundle({ "core-start": join(WEB, "src/core-start.js") }, {
  define: { TLAB_CORE_WORKER_SOURCE: JSON.stringify(worker.outputFiles[0].text) },
});
const hasNotebook = existsSync(join(WEB, "src/notebook.js"));
const pageBuild = await bundle({ page: join(WEB, "src/page.js") }, {
  splitting: true,
  chunkNames: "[name]-[hash]",
  metafile: true,
  // The same module instance as the page's own <script> of it: the client it started is the one used.
  external: ["./core-start.js", ...(hasNotebook ? [] : ["./notebook.js"])],
});
if (!hasNotebook) console.warn("build: web/src/notebook.js is missing; the notebook button will fail");
pageChunks = Object.entries(pageBuild.metafile.outputs)
  .find(([file]) => file.endsWith("/page.js"))[1].imports
  .filter((i) => i.kind === "import-statement" && !i.external)
  .map((i) => basename(i.path));
copyFileSync(join(WEB, "favicon.svg"), join(ASSETS, "favicon.svg"));
if (existsSync(wasmPath)) copyFileSync(wasmPath, join(ASSETS, "tlab-core.wasm"));

// (every picture module ready: a lab's figures are drawn into its page)
await loadMarks();
for (const data of labs) {
  for (const [lang, suffix] of Object.entries(LANGS)) {
    const content = localize(data.content, lang);
    const view = { ...data, content };
    const html = page("lab.html", `${content.title} · Transformer Lab`, (document) => renderLabMain(view, { document, lang }), [
      // What the script needs and the HTML does not already say: params, textbook responses, content.
      (document) => dataBlock(document, "lab-data", {
        lab: pageLab(data.lab, lang), responses: pageResponses(data.responses), content: pageContent(content),
        exercises: exerciseData(labExercises(data.lab.document.exercises, content.exercises)),
      }),
    ], { lang, otherHref: otherName(data.lab.id, lang) }, { lab: true });
    writeFileSync(join(out, `${data.lab.id}${suffix}.html`), html);
  }
}
for (const [lang, suffix] of Object.entries(LANGS)) {
  const localized = labs.map((data) => ({ ...data, content: localize(data.content, lang) }));
  writeFileSync(join(out, `index${suffix}.html`), page("index.html", "Transformer Lab",
    (document) => renderIndexMain(localized, { document, lang }), [], { lang, otherHref: otherName("index", lang) }));
}
// An example host page that embeds a lab in an iframe (its script is a file: the CSP allows no inline script).
copyFileSync(join(WEB, "embed-example.html"), join(out, "embed-example.html"));
copyFileSync(join(WEB, "embed-cells-example.html"), join(out, "embed-cells-example.html"));
copyFileSync(join(WEB, "src/embed-host-example.js"), join(ASSETS, "embed-host-example.js"));

// Page weight: everything one lab page loads, gzip-compressed (web/tools/page-weight.mjs).
for (const { lab, bytes } of pageWeights(out, labs.map((data) => data.lab.id))) {
  console.log(`page weight ${lab}: ${(bytes / 1024).toFixed(1)} KB gzip (HTML + JS + CSS + wasm; budget ${PAGE_BUDGET_BYTES / 1024} KB)`);
  if (bytes > PAGE_BUDGET_BYTES) {
    console.error(`build: ${lab} is over the ${PAGE_BUDGET_BYTES / 1024} KB budget`);
    process.exitCode = 1;
  }
}
const editorBytes = editorWeight(out);
console.log(`code editor (loaded on the first "edit code"): ${(editorBytes / 1024).toFixed(1)} KB gzip (budget ${EDITOR_BUDGET_BYTES / 1024} KB)`);
if (editorBytes > EDITOR_BUDGET_BYTES) {
  console.error(`build: the code editor is over its ${EDITOR_BUDGET_BYTES / 1024} KB budget`);
  process.exitCode = 1;
}
console.log(`built ${labs.length} labs into ${out}`);
