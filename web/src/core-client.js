// core-client.js — the page's only way to reach the C++ core: it runs in core-worker.js (a module
// worker) and answers one JSON request with one JSON response, as labrun does.

/**
 * The error a run's promise rejects with when a newer run for the same key replaced it. Its
 * answer is dropped, so the page never draws a cell from an outdated request.
 *
 *   try { draw(await core.run(request, { key: cellId })); }
 *   catch (e) { if (e.name !== 'SupersededError') throw e; }
 */
export class SupersededError extends Error {
  constructor(key) {
    super(`a newer request for ${JSON.stringify(key)} replaced this one`);
    this.name = 'SupersededError';
    this.key = key;
  }
}

/**
 * The error a run's promise rejects with when the core cannot answer: the worker failed to
 * load, the wasm failed to instantiate, a call trapped, the worker died, or the client was
 * terminated. The next `run` starts a fresh worker (except after `terminate()`).
 */
export class CoreWorkerError extends Error {
  constructor(message) {
    super(message);
    this.name = 'CoreWorkerError';
  }
}

/**
 * The error a run's promise rejects with after `cancel(key)` stopped it. The page keeps the
 * cell's previous output.
 */
export class CancelledError extends Error {
  constructor(key) {
    super(`the run for ${JSON.stringify(key)} was cancelled`);
    this.name = 'CancelledError';
    this.key = key;
  }
}

/** At most this many workers run the core at once (each holds its own wasm instance). */
export const MAX_WORKERS = 2;

/**
 * Starts the core in a worker and returns the handle the page uses to run requests.
 *
 * `run(request, {key, onProgress})` sends a request (an object, or JSON text) and resolves with
 * the core's response object, exactly what `labrun` prints for it:
 *
 *   const core = createCoreClient();
 *   await core.run({ lab: 'ch1-lab2', step: 2, params: { v: [4, 5] } }, { key: 'cell-2' });
 *   // → {ok: true, lab: "ch1-lab2", step: 2,
 *   //    params: {A: [[1, 2, 3], [4, 5, 6]], B: [[1, 0], [0, 1], [1, 1]], u: [1, 2, 3], v: [4, 5],
 *   //             z: [2.0, 1.0, 0.1]},
 *   //    prelude: "import numpy as np\n", source: "# 길이가 같은 두 벡터\nu = ...",
 *   //    literals: [{param: "u", start: 18, end: 37}, {param: "v", start: 42, end: 58}],
 *   //    outputs: [{output_type: "error", ename: "ValueError",
 *   //               evalue: "shapes (3,) and (2,) not aligned: 3 (dim 0) != 2 (dim 0)",
 *   //               traceback: ["Cell line 6: print(\"u · v =\", np.dot(u, v), ...)",
 *   //                           "ValueError: shapes (3,) and (2,) not aligned: ..."]}],
 *   //    visuals: []}
 *   await core.run({ lab: 'ch9' });
 *   // → {ok: false, error: {field: "lab", message: "unknown lab \"ch9\" (labs: ch1-lab2, ch3-lab2)",
 *   //                       message_ko: "없는 실습 \"ch9\" (실습: ch1-lab2, ch3-lab2)"}}
 *
 * An invalid request resolves too (`ok: false`): the promise rejects only when no answer can
 * come — with a `SupersededError`, a `CancelledError` or a `CoreWorkerError` — or, with a
 * `TypeError`, when the request cannot be written as JSON at all (a BigInt, a cycle).
 *
 * Long runs (the ch3 sweep at large sizes) call `onProgress` about ten times a second with the
 * core's report, {done: 0..1 or -1, label: "d_k = 256 (3/5)" or ""}; quick runs never do.
 *
 * Per key (a cell id): at most one request is in a worker at a time, and the newest run wins.
 * A run for a key whose earlier run has not resolved yet rejects that earlier promise at once
 * with a `SupersededError`; the newer request waits until the worker is done with the one in
 * flight (whose answer is then dropped), so a learner typing fast queues at most one request per
 * cell — unless the one in flight is long (it has reported progress): then its worker is
 * stopped and the newer request starts at once. Runs without a key are never superseded.
 *
 * Workers: up to MAX_WORKERS, the second started only when the first is busy. A request goes to
 * a worker that is not busy with a long run, so quick cells keep answering while a long sweep
 * runs; requests already queued behind a run that turns out long move to another worker.
 *
 * `cancel(key)` stops the key's run (its worker is stopped; the requests that worker held for
 * other keys are sent again elsewhere) and rejects it with a `CancelledError`; it returns
 * whether there was anything to cancel.
 *
 * When a worker dies (a crash, a trap, a failed load): the request it was computing rejects with
 * a `CoreWorkerError`, and the requests queued behind it are sent to a new worker. A worker that
 * never came up fails every request it held. `ready` resolves (to undefined) once the first
 * worker has instantiated the core, and rejects with a `CoreWorkerError` if it cannot.
 * `terminate()` stops every worker for good: pending runs and later runs reject with a
 * `CoreWorkerError`.
 *
 * @param {object} [options]
 * @param {string|URL} [options.workerUrl] core-worker.js (default: next to this file)
 * @param {(url: string|URL) => Worker} [options.createWorker] makes a worker (tests pass a fake)
 * @param {Promise<WebAssembly.Module>} [options.wasm] the core's wasm, compiled by the page: handed
 *   to every worker, which then only instantiates it (its compile overlaps the first worker's
 *   start, and a second worker needs no fetch or compile of its own). Without it, or should it
 *   fail, each worker fetches and compiles tlab-core.wasm itself.
 * @param {string} [options.wasmUrl] where a worker fetches tlab-core.wasm from, when it must (a
 *   worker made from a Blob has no URL of its own to find it by); default: next to its script
 * @returns {{run: (request: object|string,
 *                  options?: {key?: string|number, onProgress?: (progress: object) => void}) => Promise<object>,
 *            cancel: (key: string|number) => boolean,
 *            readonly ready: Promise<void>, terminate: () => void}}
 */
export function createCoreClient({
  workerUrl = new URL('./core-worker.js', import.meta.url),
  createWorker = (url) => new Worker(url, { type: 'module', name: 'tlab-core' }),
  wasm,
  wasmUrl,
} = {}) {
  const where = wasmUrl === undefined ? {} : { url: String(wasmUrl) };
  const compiled = wasm === undefined ? null : Promise.resolve(wasm).catch(() => undefined);
  let nextId = 1;
  let workers = []; // live workers: {worker, ready, readySettled, resolveReady, rejectReady, queue}
  let first = null; // the worker whose start `ready` reports
  let terminated = false;
  let lastFailure = '';
  const inFlight = new Map(); // id → run, posted to a live worker and not answered yet
  const byKey = new Map(); // key → {sent: run | null, waiting: run | null}

  // A new worker, or null when one cannot even be created (lastFailure says why).
  function start() {
    const state = { worker: null, readySettled: false, queue: [] };
    state.ready = new Promise((resolve, reject) => {
      state.resolveReady = resolve;
      state.rejectReady = reject;
    });
    state.ready.catch(() => {}); // a failed start is reported through the runs too
    if (!first || !workers.includes(first)) first = state;
    try {
      state.worker = createWorker(workerUrl);
    } catch (e) {
      lastFailure = `the core worker could not be created: ${e?.message ?? e}`;
      settleReady(state, false, lastFailure);
      return null;
    }
    workers.push(state);
    // The worker's first message tells it how to bring the core up (see core-worker.js); requests
    // posted before this one wait in the worker until the core is up.
    if (!compiled) state.worker.postMessage({ init: where });
    else compiled.then((module) => { if (workers.includes(state)) state.worker.postMessage({ init: { module, ...where } }); });
    state.worker.addEventListener('message', (event) => onMessage(state, event.data));
    state.worker.addEventListener('error', (event) =>
      fail(state, `the core worker failed: ${event.message || 'it could not load, or it crashed'}`));
    state.worker.addEventListener('messageerror', () =>
      fail(state, 'the core worker sent a message that could not be read'));
    return state;
  }

  function onMessage(state, data) {
    if (!workers.includes(state) || data == null) return;
    if (data.id === undefined) {
      if (data.ready === true) settleReady(state, true);
      else if (data.ready === false) fail(state, data.error);
      return;
    }
    if ('error' in data) {
      fail(state, data.error);
      return;
    }
    const run = inFlight.get(data.id);
    if (!run || run.state !== state) return; // a request that moved to another worker
    if ('progress' in data) {
      if (!run.long) becameLong(run);
      if (!run.done) run.onProgress?.(data.progress);
      return;
    }
    inFlight.delete(data.id);
    state.queue.splice(state.queue.indexOf(run), 1);
    settleReady(state, true);
    if (!run.done) {
      run.done = true;
      run.resolve(data.response);
    }
    release(run);
  }

  function settleReady(state, ok, message) {
    if (state.readySettled) return;
    state.readySettled = true;
    if (ok) state.resolveReady();
    else state.rejectReady(new CoreWorkerError(message));
  }

  // The run reported progress: it will keep its worker busy for a while, so the requests queued
  // behind it go to another worker (this one still computes them later; those answers are dropped).
  function becameLong(run) {
    run.long = true;
    const behind = run.state.queue.slice(run.state.queue.indexOf(run) + 1);
    run.state.queue.length = run.state.queue.indexOf(run) + 1;
    for (const other of behind) resend(other);
  }

  // Stops a worker and takes its requests back, without failing any of them.
  function stop(state) {
    workers = workers.filter((w) => w !== state);
    state.worker?.terminate();
    const runs = state.queue;
    state.queue = [];
    for (const run of runs) inFlight.delete(run.id);
    return runs;
  }

  // Stops the worker computing `run` (whose answer is no longer wanted); the other requests it
  // held go elsewhere.
  function stopWorkerOf(run) {
    if (!workers.includes(run.state)) return;
    for (const other of stop(run.state)) if (other !== run) resend(other);
  }

  // A request taken back from a worker: sent again, or, if its promise is already settled (a
  // superseded run), its key's waiting request goes instead.
  function resend(run) {
    inFlight.delete(run.id);
    if (run.done) release(run);
    else send(run);
  }

  // The worker is unusable: drop it. If it never came up, every request it held fails; otherwise
  // only the one it was computing fails and the rest go to another worker.
  function fail(state, message) {
    if (!workers.includes(state)) return;
    const text = message || 'the core worker stopped';
    lastFailure = text;
    const cameUp = state.readySettled;
    settleReady(state, false, text);
    const runs = stop(state);
    const failed = cameUp ? runs.slice(0, 1) : runs;
    for (const run of failed) {
      rejectRun(run, new CoreWorkerError(text));
      release(run);
    }
    for (const run of runs.slice(failed.length)) resend(run);
  }

  function rejectRun(run, error) {
    if (run.done) return;
    run.done = true;
    run.reject(error);
  }

  // The run left its worker (answered, failed or dropped): its key may send the next request.
  function release(run) {
    if (run.key === undefined) return;
    const slot = byKey.get(run.key);
    if (!slot || slot.sent !== run) return;
    slot.sent = null;
    if (slot.waiting) {
      const next = slot.waiting;
      slot.waiting = null;
      send(next);
    } else {
      byKey.delete(run.key);
    }
  }

  // The worker for a new request: one with nothing to do; else a new one, if there is room;
  // else the least busy one that is not computing a long run.
  function pick() {
    const free = workers.filter((w) => !w.queue.some((run) => run.long));
    const idle = free.find((w) => w.queue.length === 0);
    if (idle) return idle;
    if (workers.length < MAX_WORKERS) {
      const fresh = start();
      if (fresh) return fresh;
    }
    const pool = free.length ? free : workers;
    return pool.reduce((a, b) => (b.queue.length < a.queue.length ? b : a), pool[0] ?? null);
  }

  function send(run) {
    const state = pick();
    if (!state) {
      // No worker could be created: there is nothing to wait for.
      rejectRun(run, new CoreWorkerError(lastFailure));
      if (run.key !== undefined && byKey.get(run.key)?.sent === run) byKey.delete(run.key);
      return;
    }
    run.id = nextId++;
    run.state = state;
    run.long = false;
    inFlight.set(run.id, run);
    state.queue.push(run);
    if (run.key !== undefined) byKey.get(run.key).sent = run;
    state.worker.postMessage({ id: run.id, request: run.text });
  }

  function run(request, { key, onProgress } = {}) {
    return new Promise((resolve, reject) => {
      if (terminated) {
        reject(new CoreWorkerError('the core client was terminated'));
        return;
      }
      let text;
      try {
        text = typeof request === 'string' ? request : JSON.stringify(request);
      } catch (e) {
        reject(new TypeError(`the request is not JSON-serializable: ${e.message}`));
        return;
      }
      if (text === undefined) {
        reject(new TypeError('the request is not JSON-serializable'));
        return;
      }
      const entry = { id: 0, key, text, resolve, reject, onProgress, done: false, long: false, state: null };
      if (key === undefined) {
        send(entry);
        return;
      }
      let slot = byKey.get(key);
      if (!slot) byKey.set(key, (slot = { sent: null, waiting: null }));
      if (slot.waiting) rejectRun(slot.waiting, new SupersededError(key));
      slot.waiting = null;
      const old = slot.sent;
      if (old) rejectRun(old, new SupersededError(key)); // its answer will be dropped
      if (old && old.long) {
        // Waiting for a long run to finish would keep the learner waiting: stop it instead.
        slot.sent = null;
        stopWorkerOf(old);
      }
      if (slot.sent) slot.waiting = entry;
      else send(entry);
    });
  }

  function cancel(key) {
    const slot = byKey.get(key);
    if (!slot) return false;
    byKey.delete(key);
    if (slot.waiting) rejectRun(slot.waiting, new CancelledError(key));
    const sent = slot.sent;
    if (sent) {
      rejectRun(sent, new CancelledError(key));
      stopWorkerOf(sent);
    }
    return true;
  }

  function terminate() {
    if (terminated) return;
    terminated = true;
    const message = 'the core client was terminated';
    const runs = [];
    for (const state of [...workers]) {
      settleReady(state, false, message);
      runs.push(...stop(state));
    }
    for (const slot of byKey.values()) if (slot.waiting) runs.push(slot.waiting);
    byKey.clear();
    for (const run of runs) rejectRun(run, new CoreWorkerError(message));
  }

  start(); // compile and instantiate now, so the first run does not wait for it

  return {
    run,
    cancel,
    get ready() {
      if (terminated) return Promise.reject(new CoreWorkerError('the core client was terminated'));
      if (first && workers.includes(first)) return first.ready;
      const state = start();
      return state ? state.ready : Promise.reject(new CoreWorkerError(lastFailure));
    },
    terminate,
  };
}
