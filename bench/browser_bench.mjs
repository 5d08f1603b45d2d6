// The wasm core in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core as the
// Chromium tests drive it: web/test/browser-support.mjs): the repository is served with the
// page's CSP (web/tools/serve.mjs) and a
// blank page there imports build/wasm/bench/tlab-bench.mjs — the benchmark cases over the same
// tlab_core, built like the page module. Each run instantiates a fresh module, so the wasm memory
// size after the run (memory only grows) is the run's peak. The same browser also loads the
// built lesson pages (build/web) for page_bench.mjs.
//
// Other build directories (inside the repository): TLAB_BUILD_WASM=build/my-wasm (its
// bench/tlab-bench.mjs), TLAB_SITE=build/my-web.
//
//   node bench/browser_bench.mjs '{"case": "randn", "n": 1000000}' [RUNS]
//   -> one JSON line per run: {"case": "randn", "normals": ..., "seconds": ..., "peak_wasm_bytes": ...}
//
// run.mjs uses openBrowser() / runCase() directly, keeping one browser for all cases.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { startBrowser } from "../web/test/browser-support.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD = join(ROOT, "build");
export const WASM_BUILD = resolve(ROOT, process.env.TLAB_BUILD_WASM || "build/wasm");
export const SITE = resolve(ROOT, process.env.TLAB_SITE || "build/web");
// A path inside the repository as a URL path under the server's root.
const under = (url, path) => {
  const rel = relative(ROOT, path);
  if (rel.startsWith("..")) throw new Error(`${path} is outside ${ROOT}: the bench serves only the repository`);
  return new URL(rel.split("\\").join("/"), url).href;
};

/**
 * Starts the server and the browser; resolves to {runCase(caseObject) -> result, context,
 * siteUrl(file) -> URL of a built page, close()}.
 */
export async function openBrowser() {
  mkdirSync(join(BUILD, "bench"), { recursive: true });
  writeFileSync(join(BUILD, "bench/blank.html"), "<!doctype html><meta charset=utf-8><title>bench</title>\n");
  const { base: url, context, close } = await startBrowser({ root: ROOT });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(err.message));
  await page.goto(under(url, join(BUILD, "bench/blank.html")));
  const moduleUrl = under(url, join(WASM_BUILD, "bench/tlab-bench.mjs"));
  return {
    context,
    siteUrl: (file) => under(url, join(SITE, file)),
    // The page module's glue as the wasm build made it (tlab-core.wasm next to it).
    glueUrl: under(url, join(WASM_BUILD, "web/tlab-core.mjs")),
    async runCase(c) {
      const out = await page.evaluate(async ([caseJson, src]) => {
        const { default: create } = await import(src);
        const m = await create();
        const call = (text) => {
          const size = m.lengthBytesUTF8(text) + 1;
          const input = m._malloc(size);
          m.stringToUTF8(text, input, size);
          const t0 = performance.now();
          const output = m._tlab_bench(input);
          const wall = (performance.now() - t0) / 1000;
          const result = m.UTF8ToString(output);
          m._tlab_bench_free(output);
          m._free(input);
          return [result, wall];
        };
        // V8 runs new wasm code in its baseline tier and swaps in optimized code per function
        // once it is hot, at the next call (no on-stack replacement): a learner's page, which
        // keeps its module, runs optimized code after the first requests. Warm up the same way
        // (small sizes, well inside the initial 16 MB, so the peak stays the timed run's).
        for (let k = 0; k < 3; k++) {
          call('{"case": "sweep", "n_pairs": 300, "d_k_values": [3, 64, 1024]}');
          call('{"case": "randn", "n": 100001}');
          await new Promise((done) => setTimeout(done, 50));  // background tier-up compiles
        }
        const [text, wall] = call(caseJson);
        return { ...JSON.parse(text), wall_seconds: wall, peak_wasm_bytes: m.HEAPU8.buffer.byteLength };
      }, [JSON.stringify(c), moduleUrl]);
      if (problems.length) out.error = problems.join("; ");
      return out;
    },
    close,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const c = JSON.parse(process.argv[2] || '{"case": "randn", "n": 1000000}');
  const runs = Number(process.argv[3] || 1);
  const browser = await openBrowser();
  try {
    for (let k = 0; k < runs; k++) console.log(JSON.stringify(await browser.runCase(c)));
  } finally {
    await browser.close();
  }
}
