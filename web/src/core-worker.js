// core-worker.js — runs the WebAssembly core off the page's main thread (a module worker).
//
// The client's first message says how the core comes up:
//   in:  {init: {module, url}}  a WebAssembly.Module of tlab-core.wasm, compiled by the page while
//                               this worker was starting (core-start.js), instantiated here; or
//   in:  {init: {url}}          none: the glue (./tlab-core.mjs, bundled in by the build) fetches
//                               and compiles tlab-core.wasm itself, from `url` (the served page's
//                               worker is a Blob), else from next to this script
// then it answers each request in arrival order (requests that arrive before the core is up wait):
//
//   in:  {id: 7, request: '{"lab": "ch1-lab2", "step": 1}'}   (JSON text, or a plain object)
//   out: {id: 7, response: {ok: true, lab: "ch1-lab2", step: 1, source: "...", outputs: [...]}}
//   out: {id: 7, error: "the core could not start: ..."}      (the core itself is unusable)
//
// and announces its state once, before any answer: {ready: true} or {ready: false, error}.
// A request that runs longer than PROGRESS_MS also sends, every PROGRESS_MS while it runs,
//   out: {id: 7, progress: {done: 0.42, label: "d_k = 256 (3/5)"}}
// (the core's own report: see Module.onProgress in wasm/tlab_wasm.cpp).
// An invalid request is not an error here: the core answers it with {ok: false, error: {...}}
// inside `response`. `error` means the core cannot answer at all (it failed to load or
// instantiate, or a call trapped and left the module unusable); every later request then gets
// the same error, and the client (core-client.js) replaces the worker.
// Only core-client.js talks to this file.

const PROGRESS_MS = 100;

// V8 first runs new wasm code in a baseline tier and optimizes the functions that turn out hot in
// the background; a function runs its optimized code from its next call on, so a fresh worker's
// first runs take up to 3x longer, and a function that runs once per request (printing a table,
// listing the variables) needs many requests before it is optimized. After the first request that
// takes over WARM_MS, the worker replays it while idle, each replay a task of its own,
// WARM_GAP_MS after the last (time for the background compiles in between):
// - whole, WARM_REPLAYS times, when it took at most WARM_WHOLE_MS (a textbook cell: ~10 ms warm,
//   ~30-80 ms cold), so that the code of every line warms up; a request arriving meanwhile waits
//   for the one replay in progress at most;
// - else in WARM_SLICES slices, if the core can stop it (it reported progress: a sweep): the core
//   stops each replay at its first progress report after WARM_SLICE_MS (the sweep reports after
//   each block of at most 2^18 values, ~3 ms warm, and after q where it keeps q whole, at most
//   2^20 values), and a slice that still ran over WARM_CALL_MS ends the warm-up.
// (A stopped run costs no more than its work so far: 0-3 ms in Chromium, Firefox and WebKit,
// measured.)
const WARM_MS = 5;
const WARM_WHOLE_MS = 100;
const WARM_REPLAYS = 16;
const WARM_SLICE_MS = 1;
const WARM_SLICES = 12;
const WARM_GAP_MS = 10;
const WARM_CALL_MS = 5;
let warmedUp = false;

// Where the worker's start-up spends its time, as performance marks (bench/page_trace.mjs reads
// them): this script running, the page's init message, the glue imported, the module instantiated.
const mark = (name) => { try { performance.mark(`tlab:${name}`); } catch {} };
mark('worker-script');

let init;
const core = new Promise((resolve) => { init = resolve; }).then(startCore);

// The request being computed, for the progress reports the core makes during the call: its id
// (undefined for a warm-up slice), when it last posted one, whether the core reported at all, and
// for a warm-up slice when the core should stop.
const current = { id: undefined, lastPost: 0, reported: false, stopAt: Infinity };

async function startCore({ module: compiled, url } = {}) {
  try {
    const { default: createTlabCore } = await import('./tlab-core.mjs');
    mark('glue');
    // A fresh options object per factory call: the glue keeps and fills the one it is given.
    const options = () => (url ? { locateFile: () => url } : {});
    // Should the page's module not instantiate here, the glue's own way is still there.
    const module = (compiled && await instantiate(createTlabCore, compiled, options()).catch(() => null))
      || await createTlabCore(options());
    module.onProgress = reportProgress;
    mark('instantiated');
    self.postMessage({ ready: true });
    return { module, error: null };
  } catch (e) {
    const error = `the core could not start: ${describe(e)}`;
    self.postMessage({ ready: false, error });
    return { module: null, error };
  }
}

// The glue's factory on an already compiled module instead of fetching the wasm. Rejects if that
// fails (the glue itself would wait forever for an instance handed to it this way).
function instantiate(createTlabCore, compiled, options) {
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  const created = createTlabCore({
    ...options,
    instantiateWasm(imports, receiveInstance) {
      WebAssembly.instantiate(compiled, imports).then((instance) => receiveInstance(instance), fail);
      return {}; // the exports arrive through receiveInstance
    },
  });
  return Promise.race([created, failed]);
}

function describe(e) {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

// Called by the core between blocks of work (many times a second): posts at most one report
// every PROGRESS_MS, and never for a request that finishes within PROGRESS_MS.
function reportProgress(text) {
  const now = performance.now();
  current.reported = true;
  if (now >= current.stopAt) return false;
  if (current.id !== undefined && now - current.lastPost >= PROGRESS_MS) {
    current.lastPost = now;
    self.postMessage({ id: current.id, progress: JSON.parse(text) });
  }
  return true; // stopping a request is done by terminating this worker
}

// One call across the boundary: the request's UTF-8 bytes in, the response's out, both freed.
// Nothing keeps a view of the wasm heap between calls: memory growth replaces the buffer, and
// the runtime helpers (stringToUTF8, UTF8ToString) read the module's current HEAPU8 each time.
function callCore(module, text) {
  const size = module.lengthBytesUTF8(text) + 1;
  const input = module._malloc(size);
  if (!input) throw new Error('out of wasm memory for the request text');
  let output = 0;
  try {
    module.stringToUTF8(text, input, size);
    output = module._tlab_request(input);
    if (!output) throw new Error('out of wasm memory for the response');
    return module.UTF8ToString(output);
  } finally {
    module._free(input);
    if (output) module._tlab_free(output);
  }
}

// The answer to one message; never throws, so every request gets exactly one answer.
function answer(state, id, request) {
  if (state.error) return { id, error: state.error };
  let text;
  try {
    text = typeof request === 'string' ? request : JSON.stringify(request);
  } catch {
    text = undefined;
  }
  let output;
  try {
    const started = performance.now();
    Object.assign(current, { id, lastPost: started, reported: false, stopAt: Infinity });
    // Not JSON-serializable (undefined, a BigInt, a cycle): the core answers "not valid JSON".
    output = callCore(state.module, text ?? '');
    const took = performance.now() - started;
    if (!warmedUp && took > WARM_MS && (took <= WARM_WHOLE_MS || current.reported)) warmUp(state, text, took);
  } catch (e) {
    // A trap (abort, unreachable, out of bounds) leaves the module in an unknown state.
    state.module = null;
    state.error = `the core stopped: ${describe(e)}`;
    return { id, error: state.error };
  }
  try {
    return { id, response: JSON.parse(output) };
  } catch (e) {
    return { id, error: `the core answered invalid JSON: ${describe(e)}` };
  }
}

function warmUp(state, text, took) {
  warmedUp = true;
  const whole = took <= WARM_WHOLE_MS;
  let left = whole ? WARM_REPLAYS : WARM_SLICES;
  const replay = () => {
    if (left-- <= 0 || !state.module) return;
    const started = performance.now();
    // A whole replay is stopped too should it run far longer than the request did.
    Object.assign(current, { id: undefined, reported: false, stopAt: started + (whole ? 2 * WARM_WHOLE_MS : WARM_SLICE_MS) });
    try {
      callCore(state.module, text); // a stopped slice answers "the run was cancelled": dropped
    } catch {
      return; // the next real request meets the same trouble and reports it
    } finally {
      current.stopAt = Infinity;
    }
    if (performance.now() - started <= (whole ? WARM_WHOLE_MS : WARM_CALL_MS)) setTimeout(replay, WARM_GAP_MS);
  };
  setTimeout(replay, WARM_GAP_MS);
}

self.addEventListener('message', async (event) => {
  const { id, request, init: how } = event.data ?? {};
  if (how !== undefined) {
    mark('init');
    init(how ?? {});
    return;
  }
  // Awaiting an already settled promise still resumes in arrival order: answers keep the
  // requests' order, and requests sent before instantiation finished wait for it.
  self.postMessage(answer(await core, id, request));
});
