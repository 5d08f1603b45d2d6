// core-worker.js — runs the WebAssembly core off the page's main thread (a module worker).
//
// It imports ./tlab-core.mjs (the Emscripten ES6 glue; tlab-core.wasm sits next to it) once,
// then answers each message in arrival order:
//
//   in:  {id: 7, request: '{"lab": "ch1-lab2", "step": 1}'}   (JSON text, or a plain object)
//   out: {id: 7, response: {ok: true, lab: "ch1-lab2", step: 1, source: "...", outputs: [...]}}
//   out: {id: 7, error: "the core could not start: ..."}      (the core itself is unusable)
//
// and announces its state once, before any answer: {ready: true} or {ready: false, error}.
// A request that runs longer than PROGRESS_MS also sends, every PROGRESS_MS while it runs,
//   out: {id: 7, progress: {done: 0.42, loop: {name: "d_k", value: "256", index: 3, count: 5}}}
// (the core's own report: see Module.onProgress in wasm/tlab_wasm.cpp).
// An invalid request is not an error here: the core answers it with {ok: false, error: {...}}
// inside `response`. `error` means the core cannot answer at all (it failed to load or
// instantiate, or a call trapped and left the module unusable); every later request then gets
// the same error, and the client (core-client.js) replaces the worker.
// Only core-client.js talks to this file.

const PROGRESS_MS = 100;

// V8 first runs new wasm code in a baseline tier and optimizes the functions that turn out hot in
// the background: a fresh worker's first runs of a sweep take up to 3x longer. After the first
// request that takes over WARM_MS, the worker replays it WARM_REPLAYS times while idle (each replay
// its own task, its answer dropped; a request arriving meanwhile waits for one replay at most), so
// the optimized code is there by the learner's next edit.
const WARM_MS = 5;
const WARM_REPLAYS = 6;
let warmedUp = false;

const core = startCore();

// The request being computed, for the progress reports the core makes during the call.
const current = { id: undefined, lastPost: 0 };

async function startCore() {
  try {
    const { default: createTlabCore } = await import('./tlab-core.mjs');
    const module = await createTlabCore();
    module.onProgress = reportProgress;
    self.postMessage({ ready: true });
    return { module, error: null };
  } catch (e) {
    const error = `the core could not start: ${describe(e)}`;
    self.postMessage({ ready: false, error });
    return { module: null, error };
  }
}

function describe(e) {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

// Called by the core between blocks of work (many times a second): posts at most one report
// every PROGRESS_MS, and never for a request that finishes within PROGRESS_MS.
function reportProgress(text) {
  const now = performance.now();
  if (current.id !== undefined && now - current.lastPost >= PROGRESS_MS) {
    current.lastPost = now;
    self.postMessage({ id: current.id, progress: JSON.parse(text) });
  }
  return true; // stopping is done by terminating this worker
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
    current.id = id;
    current.lastPost = performance.now();
    // Not JSON-serializable (undefined, a BigInt, a cycle): the core answers "not valid JSON".
    output = callCore(state.module, text ?? '');
    if (!warmedUp && performance.now() - current.lastPost > WARM_MS) warmUp(state, text);
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

function warmUp(state, text) {
  warmedUp = true;
  let left = WARM_REPLAYS;
  const replay = () => {
    if (left-- <= 0 || !state.module) return;
    current.id = undefined; // no progress reports for a replay
    try {
      callCore(state.module, text);
    } catch {
      return; // the next real request meets the same trouble and reports it
    }
    setTimeout(replay, 0);
  };
  setTimeout(replay, 0);
}

self.addEventListener('message', async (event) => {
  const { id, request } = event.data ?? {};
  // Awaiting an already settled promise still resumes in arrival order: answers keep the
  // requests' order, and requests sent before instantiation finished wait for it.
  self.postMessage(answer(await core, id, request));
});
