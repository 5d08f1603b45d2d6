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
 * Starts the core in a worker and returns the handle the page uses to run requests.
 *
 * `run(request, {key})` sends a request (an object, or JSON text) and resolves with the core's
 * response object, exactly what `labrun` prints for it:
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
 * come — with a `SupersededError` or a `CoreWorkerError` — or, with a `TypeError`, when the
 * request cannot be written as JSON at all (a BigInt, a cycle).
 *
 * Per key (a cell id): at most one request is in the worker at a time, and the newest run wins.
 * A run for a key whose earlier run has not resolved yet rejects that earlier promise at once
 * with a `SupersededError`; the newer request waits until the worker is done with the one in
 * flight (whose answer is then dropped), so a learner typing fast queues at most one request per
 * cell. Runs without a key are sent immediately and never superseded.
 *
 * `ready` resolves (to undefined) once the current worker has instantiated the core, and rejects
 * with a `CoreWorkerError` if it cannot. `terminate()` stops the worker for good: pending runs
 * and later runs reject with a `CoreWorkerError`.
 *
 * @param {object} [options]
 * @param {string|URL} [options.workerUrl] core-worker.js (default: next to this file)
 * @param {(url: string|URL) => Worker} [options.createWorker] makes the worker (tests pass a fake)
 * @returns {{run: (request: object|string, options?: {key?: string|number}) => Promise<object>,
 *            readonly ready: Promise<void>, terminate: () => void}}
 */
export function createCoreClient({
  workerUrl = new URL('./core-worker.js', import.meta.url),
  createWorker = (url) => new Worker(url, { type: 'module', name: 'tlab-core' }),
} = {}) {
  let nextId = 1;
  let current = null; // {worker, ready, readySettled, resolveReady, rejectReady}
  let terminated = false;
  let lastFailure = '';
  const inFlight = new Map(); // id → run, sent to the current worker
  const byKey = new Map(); // key → {sent: run | null, waiting: run | null}

  function start() {
    const state = { worker: null, readySettled: false };
    state.ready = new Promise((resolve, reject) => {
      state.resolveReady = resolve;
      state.rejectReady = reject;
    });
    state.ready.catch(() => {}); // a failed start is reported through the runs too
    current = state;
    try {
      state.worker = createWorker(workerUrl);
    } catch (e) {
      fail(state, `the core worker could not be created: ${e?.message ?? e}`);
      return state;
    }
    state.worker.addEventListener('message', (event) => onMessage(state, event.data));
    state.worker.addEventListener('error', (event) =>
      fail(state, `the core worker failed: ${event.message || 'it could not load, or it crashed'}`));
    state.worker.addEventListener('messageerror', () =>
      fail(state, 'the core worker sent a message that could not be read'));
    return state;
  }

  function onMessage(state, data) {
    if (state !== current || data == null) return;
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
    if (!run) return;
    inFlight.delete(data.id);
    settleReady(state, true);
    if (!run.done) {
      run.done = true;
      run.resolve(data.response);
    }
    if (run.key !== undefined) {
      const slot = byKey.get(run.key);
      slot.sent = null;
      if (slot.waiting) {
        const next = slot.waiting;
        slot.waiting = null;
        send(next);
      } else {
        byKey.delete(run.key);
      }
    }
  }

  function settleReady(state, ok, message) {
    if (state.readySettled) return;
    state.readySettled = true;
    if (ok) state.resolveReady();
    else state.rejectReady(new CoreWorkerError(message));
  }

  // The worker is unusable: drop it, and fail every run it holds or that waits for it. The next
  // run starts a new one.
  function fail(state, message) {
    if (state !== current) return;
    current = null;
    const text = message || 'the core worker stopped';
    lastFailure = text;
    settleReady(state, false, text);
    state.worker?.terminate();
    const runs = [...inFlight.values()];
    for (const slot of byKey.values()) if (slot.waiting) runs.push(slot.waiting);
    inFlight.clear();
    byKey.clear();
    for (const run of runs) rejectRun(run, new CoreWorkerError(text));
  }

  function rejectRun(run, error) {
    if (run.done) return;
    run.done = true;
    run.reject(error);
  }

  function send(run) {
    if (!current) start();
    if (!current) {
      // createWorker threw: there is no worker to wait for.
      if (run.key !== undefined) byKey.delete(run.key);
      rejectRun(run, new CoreWorkerError(lastFailure));
      return;
    }
    run.id = nextId++;
    inFlight.set(run.id, run);
    if (run.key !== undefined) byKey.get(run.key).sent = run;
    current.worker.postMessage({ id: run.id, request: run.text });
  }

  function run(request, { key } = {}) {
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
      const entry = { id: 0, key, text, resolve, reject, done: false };
      if (key === undefined) {
        send(entry);
        return;
      }
      let slot = byKey.get(key);
      if (!slot) byKey.set(key, (slot = { sent: null, waiting: null }));
      if (slot.waiting) rejectRun(slot.waiting, new SupersededError(key));
      if (slot.sent) {
        rejectRun(slot.sent, new SupersededError(key)); // its answer will be dropped
        slot.waiting = entry;
      } else {
        send(entry);
      }
    });
  }

  function terminate() {
    if (terminated) return;
    if (current) fail(current, 'the core client was terminated');
    terminated = true;
  }

  start(); // compile and instantiate now, so the first run does not wait for it

  return {
    run,
    get ready() {
      if (terminated) return Promise.reject(new CoreWorkerError('the core client was terminated'));
      return (current ?? start()).ready;
    },
    terminate,
  };
}
