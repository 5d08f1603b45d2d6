// core-start.js — brings the core up before the rest of the page's script has even loaded.
//
// A lab page loads this first, as a small module of its own (`<script type="module" async>` in
// its <head>): it runs as soon as it arrives, so the core worker starts and the wasm is fetched
// and compiled in parallel with page.js and its chunks instead of after them (measured: the
// worker used to start only after the page's load event). page.js imports this same module (the
// same URL, so the same instance) and takes the client from startCore(); requests it sends before
// the core is up wait in the worker.
import { createCoreClient } from "./core-client.js";

// page.js makes its other clients (the offline page's) with this one's code, not a second copy.
export { createCoreClient };

// The served site's build (web/tools/build.mjs) defines TLAB_CORE_WORKER_SOURCE as the worker's
// bundled source, glue included, and the worker starts from a Blob of it: no fetch of its own
// before it can take the wasm (the CSP has worker-src blob:). Unbundled (tests), it is not
// defined and the worker is core-worker.js next to core-client.js.
const workerSource = typeof TLAB_CORE_WORKER_SOURCE === "string" ? TLAB_CORE_WORKER_SOURCE : null;

let client = null;

/**
 * The page's core client: started by the first call, the same one afterwards.
 *   startCore().run({lab: "ch1-lab2", step: 1}) // → Promise of the core's response
 */
export function startCore() {
  if (!client) {
    const wasmUrl = new URL("./tlab-core.wasm", import.meta.url).href;
    const workerUrl = workerSource ? URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" })) : undefined;
    client = createCoreClient({ workerUrl, wasm: compileCore(wasmUrl), wasmUrl });
  }
  return client;
}

// The page fetches and compiles the wasm while the worker starts (a worker cannot begin its own
// fetch before its thread is up and its script has arrived), then hands the module to it.
// Streaming: compiled as the bytes arrive (the server sends application/wasm). undefined where
// the browser cannot: the worker then does it all itself.
function compileCore(url) {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.compileStreaming !== "function") return undefined;
  return WebAssembly.compileStreaming(fetch(url, { credentials: "same-origin" }));
}

// Only where the page loads this file as its own script: bundled into the offline page (which
// starts its workers from a Blob) or imported by page.js, it starts nothing by itself.
if (typeof document !== "undefined" && document.querySelector('script[src$="core-start.js"]')) startCore();
