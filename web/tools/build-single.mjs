// Builds build/web/transformer-lab.html: the whole course in one file that works opened straight
// from disk (file://), with no network and nothing next to it — the index and every lab, with
// their CSS, scripts and the wasm core inside.
//
//   node web/tools/build-single.mjs [--site build/web] [--glue build/wasm/single/tlab-core-single.js]
//                                   [--out build/web/transformer-lab.html] [--lang en]
//                                   [--lab ch1-lab2]
//
// --lab makes a file of that lab alone, opening on it, in the one language: a SCORM package's
// (web/tools/build-scorm.mjs marks it for its LMS).
//
// Run after web/tools/build.mjs: it reuses that build's pre-rendered pages (build/web/*.html) and
// CSS. Under file:// browsers block module scripts, import() and workers loaded by URL, so:
//   - the page's code is one classic script (web/src/single-boot.js bundled as an IIFE), inline;
//   - the core runs in a worker made from a Blob: the single-file wasm glue (tlab_wasm_single in
//     wasm/CMakeLists.txt, the wasm as base64 inside) + web/src/core-worker.js bundled as an IIFE,
//     stored in the page as a JSON string;
//   - each lab's pre-rendered <main> and its data sit in a <template>; the boot script shows one
//     view at a time (#ch1-lab2, #ch3-lab2, or the index).
// The inline scripts and styles make it incompatible with the served site's CSP: it is a file to
// download and open, not a page to serve.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { parseHTML } from "linkedom";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = resolve(WEB, "..");

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? resolve(process.argv[at + 1]) : resolve(ROOT, fallback);
}
// One file per language: transformer-lab.html (Korean, from the site's *.html pages) and, with
// --lang en, transformer-lab.en.html (from the *.en.html pages). Each links to the other.
const lang = process.argv.includes("--lang") ? process.argv[process.argv.indexOf("--lang") + 1] : "ko";
const SUFFIX = { ko: "", en: ".en" };
if (!(lang in SUFFIX)) {
  console.error(`build-single: --lang must be ko or en, not ${lang}`);
  process.exit(1);
}
const suffix = SUFFIX[lang];
const otherFile = `transformer-lab${SUFFIX[lang === "en" ? "ko" : "en"]}.html`;
const site = option("--site", "build/web");
const gluePath = option("--glue", "build/wasm/single/tlab-core-single.js");
const out = option("--out", `build/web/transformer-lab${suffix}.html`);
const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null);
const onlyLab = arg("--lab");

const TARGET = ["chrome100", "firefox100", "safari15"];

function fail(message) {
  console.error(`build-single: ${message}`);
  process.exit(1);
}
for (const path of [join(site, `index${suffix}.html`), join(site, "assets/style.css"), gluePath]) {
  if (!existsSync(path)) fail(`${path} is missing (run web/tools/build.mjs and the wasm build first)`);
}

// Text that goes inside a <script> or <style> element must not end it early.
function assertInlineSafe(text, what, tag) {
  if (new RegExp(`</${tag}`, "i").test(text) || (tag === "script" && /<!--/.test(text))) {
    fail(`${what} contains "</${tag}" or "<!--" and cannot be inlined`);
  }
  return text;
}

async function bundle(entry, plugins = []) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "iife",
    minify: true,
    target: TARGET,
    plugins,
    // The bundled modules default their worker URL to import.meta.url, which a classic script
    // lacks; the offline page always passes its own, so those defaults never run.
    logOverride: { "empty-import-meta": "silent" },
    logLevel: "warning",
  });
  return result.outputFiles[0].text;
}

// The worker: the classic glue defines `var createTlabCore`; core-worker.js's
// `import('./tlab-core.mjs')` becomes that factory. Both inside one function scope, so the
// worker's global scope gets nothing but its message listener.
const glueModule = {
  name: "single-file-glue",
  setup(build) {
    build.onResolve({ filter: /^\.\/tlab-core\.mjs$/ }, () => ({ path: "tlab-core", namespace: "glue" }));
    build.onLoad({ filter: /.*/, namespace: "glue" }, () => ({ contents: "export default createTlabCore;", loader: "js" }));
  },
};
const glue = readFileSync(gluePath, "utf8");
if (!glue.includes("data:application/octet-stream;base64,")) fail(`${gluePath} is not a SINGLE_FILE build`);
const workerSource = `(function () {\n${glue}\n${await bundle(join(WEB, "src/core-worker.js"), [glueModule])}\n})();\n`;

const pageScript = assertInlineSafe(await bundle(join(WEB, "src/single-boot.js")), "the page script", "script");
const css = assertInlineSafe(readFileSync(join(site, "assets/style.css"), "utf8"), "style.css", "style");
const favicon = `data:image/svg+xml;base64,${readFileSync(join(WEB, "favicon.svg")).toString("base64")}`;

// The index page is the frame: its head, skip link, nav and footer.
const { document } = parseHTML(readFileSync(join(site, `index${suffix}.html`), "utf8"));
const PAGE = /^([\w-]+?)(\.en)?\.html(?:\?[^#]*)?(#.*)?$/; // name, language, fragment
const labIds = [...document.querySelectorAll("main a[href]")]
  .map((a) => PAGE.exec(a.getAttribute("href"))?.[1])
  .filter((id) => id && id !== "index" && existsSync(join(site, `${id}${suffix}.html`)))
  .filter((id) => onlyLab === null || id === onlyLab);
if (labIds.length === 0) fail(onlyLab === null ? "the index links no lab pages" : `no lab ${onlyLab} in ${site}`);

// Links between the site's pages become views of this file; links to anything else that would
// need a file next to this one (other languages, assets) are dropped.
function relink(root) {
  for (const a of root.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href");
    const page = PAGE.exec(href);
    if (href.startsWith("#") || /^[a-z]+:/i.test(href)) continue;
    const known = page && (page[1] === "index" || labIds.includes(page[1]));
    if (!known) {
      a.remove();
      continue;
    }
    const view = page[1] === "index" ? "#index" : `#${page[1]}${page[3] ? `/${page[3].slice(1)}` : ""}`;
    // The other language's page is a view of the other file, which sits next to this one (a
    // one-lab file has no other file next to it).
    if ((page[2] || "") !== suffix && onlyLab !== null) a.remove();
    else a.setAttribute("href", (page[2] || "") === suffix ? view : `${otherFile}${view}`);
  }
  for (const node of root.querySelectorAll("[src], link[href]")) {
    if (node.tagName === "SCRIPT" || node.tagName === "LINK") node.remove();
    else if (!/^data:/.test(node.getAttribute("src"))) fail(`${node.outerHTML.slice(0, 80)} would need a file next to the page`);
  }
}

const head = document.head;
for (const node of head.querySelectorAll("link, script")) node.remove();
const icon = document.createElement("link");
icon.rel = "icon";
icon.type = "image/svg+xml";
icon.href = favicon;
const style = document.createElement("style");
// The site's CSS, plus the one rule this file adds: which view the nav shows as current.
style.textContent = `${css}\n.site-nav a[aria-current="page"]{text-decoration:underline;text-underline-offset:.25em}\n`;
head.append(icon, style);
relink(document.body);

// The nav gets one link per lab, next to the brand (which leads back to the index).
const nav = document.querySelector(".site-nav");
const brand = nav?.querySelector(".brand");
let after = brand;
for (const id of labIds) {
  const { document: labDoc } = parseHTML(readFileSync(join(site, `${id}${suffix}.html`), "utf8"));
  const main = labDoc.querySelector("main");
  const data = labDoc.getElementById("lab-data");
  if (!main || !data) fail(`${id}${suffix}.html has no <main> or no #lab-data`);
  relink(main);
  main.append(data); // the lab's data travels with its view (page.js reads #lab-data)
  // The lab pages' "skip to content" link serves every view here (each view's <main> is #main).
  const skip = labDoc.querySelector("a.skip");
  if (skip && !document.querySelector("a.skip")) document.body.prepend(skip);

  const template = document.createElement("template");
  template.dataset.lab = id;
  template.dataset.title = labDoc.title;
  template.innerHTML = main.outerHTML;
  document.body.append(template);

  if (nav) {
    const link = document.createElement("a");
    link.href = `#${id}`;
    link.dataset.view = id;
    const m = /^ch(\d+)-lab(\d+)$/.exec(id);
    link.textContent = !m ? id : lang === "en" ? `Ch. ${m[1]} · Lab ${m[2]}` : `${m[1]}장 · 실습 ${m[2]}`;
    link.title = JSON.parse(data.textContent).content.title;
    if (after) after.after(link);
    else nav.append(link);
    after = link;
  }
}
if (brand) brand.dataset.view = "index";

if (onlyLab !== null) document.body.dataset.startView = onlyLab;

const source = document.createElement("script");
source.type = "application/json";
source.id = "tlab-core-worker-source";
source.textContent = JSON.stringify(workerSource).replace(/</g, "\\u003c");
const script = document.createElement("script");
script.textContent = pageScript;
document.body.append(source, script);

const html = `<!doctype html>\n${document.documentElement.outerHTML}\n`;
writeFileSync(out, html);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`offline page ${out}: ${kb(Buffer.byteLength(html))} raw, ${kb(gzipSync(html, { level: 9 }).length)} gzip ` +
  `(${labIds.length} labs; the wasm inside as base64)`);
