// The core client's bookkeeping (ids, one request per key in flight, supersede, two workers,
// progress, cancel, worker failure and restart), with a fake worker standing in for
// core-worker.js. Run: node --test web/test
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CancelledError, CoreWorkerError, MAX_WORKERS, SupersededError, createCoreClient } from '../src/core-client.js';

// Speaks core-worker.js's protocol; the test decides when and what it answers. `posted` holds the
// requests; `inits` the {init} messages that tell the worker how to bring the core up.
class FakeWorker extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.posted = [];
    this.inits = [];
    this.terminated = false;
  }
  postMessage(message) {
    assert.equal(this.terminated, false, 'posted to a terminated worker');
    if (message.init !== undefined) {
      assert.equal(this.posted.length + this.inits.length, 0, 'init is the first message of a worker or none');
      this.inits.push(message.init);
    } else {
      this.posted.push(message);
    }
  }
  terminate() {
    this.terminated = true;
  }
  emit(data) {
    this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
  ready() {
    this.emit({ ready: true });
  }
  // Answers a posted message the way the core would: echoes the parsed request back.
  answer(message, extra = {}) {
    this.emit({ id: message.id, response: { ok: true, echo: JSON.parse(message.request), ...extra } });
  }
  progress(message, progress) {
    this.emit({ id: message.id, progress });
  }
  crash(message) {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }
}

function setup() {
  const workers = [];
  const client = createCoreClient({
    workerUrl: 'core-worker.js',
    createWorker: (url) => {
      const w = new FakeWorker(url);
      workers.push(w);
      return w;
    },
  });
  return { client, workers };
}

// Lets pending promise callbacks run.
const settle = () => new Promise((resolve) => setImmediate(resolve));

// Records how a promise ends without letting a rejection go unhandled.
function outcome(promise) {
  const result = { state: 'pending' };
  promise.then(
    (value) => Object.assign(result, { state: 'resolved', value }),
    (error) => Object.assign(result, { state: 'rejected', error }),
  );
  return result;
}

test('starts one worker at once and answers each request by its id', async () => {
  const { client, workers } = setup();
  assert.equal(workers.length, 1);
  assert.equal(workers[0].url, 'core-worker.js');
  workers[0].ready();
  await client.ready;

  const a = client.run({ lab: 'ch1-lab2', step: 1 });
  const b = client.run('{"lab": "ch3-lab2", "step": 2}');
  // The first worker is busy with a: b goes to a second one.
  assert.equal(workers.length, 2);
  const [ma] = workers[0].posted;
  const [mb] = workers[1].posted;
  assert.equal(ma.request, '{"lab":"ch1-lab2","step":1}', 'objects travel as JSON text');
  assert.equal(mb.request, '{"lab": "ch3-lab2", "step": 2}', 'JSON text travels as it is');
  assert.notEqual(ma.id, mb.id);
  workers[1].answer(mb);
  workers[0].answer(ma);
  assert.deepEqual(await a, { ok: true, echo: { lab: 'ch1-lab2', step: 1 } });
  assert.deepEqual(await b, { ok: true, echo: { lab: 'ch3-lab2', step: 2 } });
});

test('each worker is told to load the wasm itself when the page compiled none', () => {
  const { client, workers } = setup();
  client.run({ n: 1 }, { key: 'a' });
  client.run({ n: 2 }, { key: 'b' }); // the first worker is busy: a second one starts
  assert.equal(workers.length, 2);
  for (const w of workers) assert.deepEqual(w.inits, [{}]);
});

test('the page\'s compiled wasm goes to every worker, after requests if it comes late', async () => {
  const module = { compiled: 'tlab-core.wasm' }; // stands in for a WebAssembly.Module
  let resolve;
  const workers = [];
  const client = createCoreClient({
    workerUrl: 'core-worker.js',
    wasm: new Promise((r) => { resolve = r; }),
    createWorker: (url) => {
      const w = new FakeWorker(url);
      // Here a request may come first (the worker holds it until the core is up).
      w.postMessage = (message) => (message.init !== undefined ? w.inits : w.posted).push(message.init ?? message);
      workers.push(w);
      return w;
    },
  });
  const a = client.run({ n: 1 }, { key: 'a' });
  assert.equal(workers[0].posted.length, 1, 'the request does not wait for the compile');
  assert.deepEqual(workers[0].inits, []);
  resolve(module);
  await settle();
  assert.equal(workers[0].inits[0].module, module);
  client.run({ n: 2 }, { key: 'b' });
  await settle();
  assert.equal(workers[1].inits[0].module, module, 'a second worker gets the same module');
  workers[0].ready();
  workers[0].answer(workers[0].posted[0]);
  assert.deepEqual(await a, { ok: true, echo: { n: 1 } });
});

test('the wasm\'s URL, when given, goes to every worker with its init', async () => {
  const workers = [];
  const make = (url) => {
    const w = new FakeWorker(url);
    workers.push(w);
    return w;
  };
  createCoreClient({ createWorker: make, wasmUrl: 'http://127.0.0.1:8000/assets/tlab-core.wasm' });
  createCoreClient({ createWorker: make, wasmUrl: 'http://127.0.0.1:8000/assets/tlab-core.wasm', wasm: Promise.resolve('m') });
  await settle();
  assert.deepEqual(workers[0].inits, [{ url: 'http://127.0.0.1:8000/assets/tlab-core.wasm' }]);
  assert.deepEqual(workers[1].inits, [{ module: 'm', url: 'http://127.0.0.1:8000/assets/tlab-core.wasm' }]);
});

test('a page compile that failed leaves the wasm to the worker', async () => {
  const workers = [];
  createCoreClient({
    wasm: Promise.reject(new TypeError('the wasm could not be fetched')),
    createWorker: (url) => {
      const w = new FakeWorker(url);
      workers.push(w);
      return w;
    },
  });
  await settle();
  assert.deepEqual(workers[0].inits, [{ module: undefined }]);
});

test('an invalid request is an answer, not a rejection', async () => {
  const { client, workers } = setup();
  const p = client.run({ lab: 'ch9' });
  const error = { field: 'lab', message: 'unknown lab "ch9"', message_ko: '...' };
  workers[0].emit({ id: workers[0].posted[0].id, response: { ok: false, error } });
  assert.deepEqual(await p, { ok: false, error });
});

test('a newer run for the same key supersedes the older one; one request per key in flight', async () => {
  const { client, workers } = setup();
  const w = workers[0];
  w.ready();
  const first = outcome(client.run({ n: 1 }, { key: 'cell-1' }));
  const second = outcome(client.run({ n: 2 }, { key: 'cell-1' }));
  const third = outcome(client.run({ n: 3 }, { key: 'cell-1' }));
  await settle();

  // The first was already in the worker: it is superseded at once, and only it was sent.
  assert.equal(w.posted.length, 1);
  for (const r of [first, second]) {
    assert.equal(r.state, 'rejected');
    assert.ok(r.error instanceof SupersededError);
    assert.equal(r.error.name, 'SupersededError');
    assert.equal(r.error.key, 'cell-1');
  }
  assert.equal(third.state, 'pending');

  // The worker finishes the first: its answer is dropped and the newest goes out.
  w.answer(w.posted[0]);
  await settle();
  assert.equal(w.posted.length, 2, 'the second was never sent');
  assert.equal(JSON.parse(w.posted[1].request).n, 3);
  w.answer(w.posted[1]);
  await settle();
  assert.deepEqual(third, { state: 'resolved', value: { ok: true, echo: { n: 3 } } });

  // The key is free again: the next run goes out at once.
  const fourth = client.run({ n: 4 }, { key: 'cell-1' });
  assert.equal(w.posted.length, 3);
  w.answer(w.posted[2]);
  assert.deepEqual(await fourth, { ok: true, echo: { n: 4 } });
});

test('different keys, and runs without a key, do not wait for each other', async () => {
  const { client, workers } = setup();
  const a = client.run({ n: 'a' }, { key: 'cell-a' });
  const b = client.run({ n: 'b' }, { key: 'cell-b' });
  const c1 = client.run({ n: 'c1' });
  const c2 = client.run({ n: 'c2' });
  assert.equal(workers.length, MAX_WORKERS);
  assert.equal(MAX_WORKERS, 2);
  // Spread over the two workers, the least busy first.
  assert.deepEqual(workers.map((w) => w.posted.map((m) => JSON.parse(m.request).n)), [['a', 'c1'], ['b', 'c2']]);
  for (const w of workers) for (const m of [...w.posted].reverse()) w.answer(m);
  assert.deepEqual((await Promise.all([a, b, c1, c2])).map((r) => r.echo.n), ['a', 'b', 'c1', 'c2']);
});

test('a dead worker fails the run it was computing; the runs queued behind it go to a new worker', async () => {
  const { client, workers } = setup();
  const w = workers[0];
  w.ready();
  await client.ready;
  const computing = outcome(client.run({ n: 1 }, { key: 'a' }));
  const other = outcome(client.run({ n: 2 }, { key: 'b' })); // second worker
  const queued = outcome(client.run({ n: 3 }, { key: 'c' })); // behind n: 1
  assert.deepEqual(w.posted.map((m) => JSON.parse(m.request).n), [1, 3]);
  w.crash('RuntimeError: memory access out of bounds');
  await settle();

  assert.equal(computing.state, 'rejected');
  assert.ok(computing.error instanceof CoreWorkerError);
  assert.equal(computing.error.name, 'CoreWorkerError');
  assert.match(computing.error.message, /the core worker failed: RuntimeError: memory access out of bounds/);
  assert.equal(w.terminated, true);
  assert.equal(queued.state, 'pending');
  assert.equal(other.state, 'pending');

  // n: 3 went to a new worker (the second is busy with n: 2, and there is room for one more).
  const [, w2, w3] = workers;
  assert.deepEqual(w2.posted.map((m) => JSON.parse(m.request).n), [2]);
  assert.deepEqual(w3.posted.map((m) => JSON.parse(m.request).n), [3]);
  // A late message from the dead worker changes nothing.
  w.answer(w.posted[1]);
  await settle();
  assert.equal(queued.state, 'pending');
  w2.answer(w2.posted[0]);
  w3.answer(w3.posted[0]);
  await settle();
  assert.deepEqual(other.value, { ok: true, echo: { n: 2 } });
  assert.deepEqual(queued.value, { ok: true, echo: { n: 3 } });

  // The key of the failed run is free again; an idle live worker takes it.
  const again = client.run({ n: 4 }, { key: 'a' });
  assert.equal(workers.length, 3);
  assert.equal(w2.posted.length, 2);
  w2.answer(w2.posted[1]);
  assert.deepEqual(await again, { ok: true, echo: { n: 4 } });
});

test('a core that cannot start rejects ready and the runs with its message', async () => {
  const { client, workers } = setup();
  const early = outcome(client.run({ n: 1 }));
  const ready = outcome(client.ready);
  workers[0].emit({ ready: false, error: 'the core could not start: CompileError: bad magic' });
  await settle();
  for (const r of [early, ready]) {
    assert.equal(r.state, 'rejected');
    assert.equal(r.error.name, 'CoreWorkerError');
    assert.equal(r.error.message, 'the core could not start: CompileError: bad magic');
  }
  assert.equal(workers[0].terminated, true);

  // The worker answers requests it already had with {id, error}: those are dropped too.
  workers[0].emit({ id: workers[0].posted[0].id, error: 'the core could not start: ...' });

  const retry = client.run({ n: 2 });
  assert.equal(workers.length, 2);
  workers[1].ready();
  workers[1].answer(workers[1].posted[0]);
  assert.deepEqual(await retry, { ok: true, echo: { n: 2 } });
});

test('an {id, error} answer (a trapped core) fails the worker like a crash', async () => {
  const { client, workers } = setup();
  workers[0].ready();
  const a = outcome(client.run({ n: 1 }, { key: 'x' }));
  const b = outcome(client.run({ n: 2 }, { key: 'y' }));
  workers[0].emit({ id: workers[0].posted[0].id, error: 'the core stopped: RuntimeError: unreachable' });
  await settle();
  assert.equal(a.error.name, 'CoreWorkerError');
  assert.equal(a.error.message, 'the core stopped: RuntimeError: unreachable');
  assert.equal(workers[0].terminated, true);
  assert.equal(b.state, 'pending', 'the other worker is unaffected');
  workers[1].answer(workers[1].posted[0]);
  await settle();
  assert.deepEqual(b.value, { ok: true, echo: { n: 2 } });
});

test('a worker that cannot even be created rejects the run, and the next run tries again', async () => {
  let attempts = 0;
  const workers = [];
  const client = createCoreClient({
    createWorker: (url) => {
      attempts += 1;
      if (attempts <= 3) throw new Error('Worker is not defined');
      const w = new FakeWorker(url);
      workers.push(w);
      return w;
    },
  });
  // Attempts: the start at creation, the start `ready` asks for, the first run's start.
  await assert.rejects(client.ready, { name: 'CoreWorkerError', message: /could not be created: Worker is not defined/ });
  await assert.rejects(client.run({ n: 1 }, { key: 'k' }), { name: 'CoreWorkerError' });
  const ok = client.run({ n: 2 }, { key: 'k' });
  assert.equal(workers.length, 1);
  assert.ok(String(workers[0].url).endsWith('/src/core-worker.js'), 'the default worker URL sits next to the client');
  workers[0].answer(workers[0].posted[0]);
  assert.deepEqual(await ok, { ok: true, echo: { n: 2 } });
});

test('terminate() stops the worker and refuses later runs', async () => {
  const { client, workers } = setup();
  const pending = outcome(client.run({ n: 1 }, { key: 'k' }));
  client.terminate();
  await settle();
  assert.equal(workers[0].terminated, true);
  assert.equal(pending.error.name, 'CoreWorkerError');
  assert.match(pending.error.message, /terminated/);
  await assert.rejects(client.run({ n: 2 }), { name: 'CoreWorkerError', message: /terminated/ });
  await assert.rejects(client.ready, { name: 'CoreWorkerError' });
  assert.equal(workers.length, 1, 'no new worker after terminate');
});

test('a request JSON cannot hold rejects with a TypeError and reaches no worker', async () => {
  const { client, workers } = setup();
  await assert.rejects(client.run({ n: 1n }), TypeError);
  await assert.rejects(client.run(undefined), TypeError);
  assert.equal(workers[0].posted.length, 0);
});

test('a long run reports progress; requests queued behind it move to the other worker', async () => {
  const { client, workers } = setup();
  const reports = [];
  const long = outcome(client.run({ n: 'sweep' }, { key: 'sweep', onProgress: (p) => reports.push(p) }));
  const quick1 = outcome(client.run({ n: 'q1' }, { key: 'q1' })); // second worker
  const quick2 = outcome(client.run({ n: 'q2' }, { key: 'q2' })); // behind the sweep (a tie)
  const [w1, w2] = workers;
  assert.deepEqual(w1.posted.map((m) => JSON.parse(m.request).n), ['sweep', 'q2']);
  w1.progress(w1.posted[0], { done: 0.1, label: 'd_k = 4 (1/4)' });
  await settle();
  assert.deepEqual(reports, [{ done: 0.1, label: 'd_k = 4 (1/4)' }]);
  assert.deepEqual(w2.posted.map((m) => JSON.parse(m.request).n), ['q1', 'q2'], 'q2 moved');
  // New requests avoid the worker with the long run.
  const quick3 = outcome(client.run({ n: 'q3' }, { key: 'q3' }));
  assert.equal(w1.posted.length, 2);
  assert.equal(JSON.parse(w2.posted[2].request).n, 'q3');
  for (const m of w2.posted) w2.answer(m);
  w1.answer(w1.posted[1]); // the moved copy's late answer is dropped
  w1.progress(w1.posted[0], { done: 0.5, label: 'd_k = 16 (2/4)' });
  w1.answer(w1.posted[0]);
  await settle();
  assert.deepEqual([quick1, quick2, quick3].map((r) => r.value.echo.n), ['q1', 'q2', 'q3']);
  assert.equal(reports.length, 2);
  assert.deepEqual(long.value, { ok: true, echo: { n: 'sweep' } });
});

test('cancel stops the key\'s worker, rejects its run, and resends what else that worker held', async () => {
  const { client, workers } = setup();
  const sweep = outcome(client.run({ n: 'sweep' }, { key: 'sweep' }));
  const busy = outcome(client.run({ n: 'b' }, { key: 'b' })); // second worker
  const behind = outcome(client.run({ n: 'c' }, { key: 'c' })); // behind the sweep
  const [w1, w2] = workers;
  assert.equal(client.cancel('sweep'), true);
  await settle();
  assert.equal(sweep.state, 'rejected');
  assert.ok(sweep.error instanceof CancelledError);
  assert.equal(sweep.error.name, 'CancelledError');
  assert.equal(w1.terminated, true);
  assert.equal(w2.terminated, false);
  assert.equal(behind.state, 'pending');
  // c went to a fresh worker (w2 is busy and there is room for one more).
  assert.equal(workers.length, 3);
  assert.equal(JSON.parse(workers[2].posted[0].request).n, 'c');
  workers[2].answer(workers[2].posted[0]);
  w2.answer(w2.posted[0]);
  await settle();
  assert.equal(behind.value.echo.n, 'c');
  assert.equal(busy.value.echo.n, 'b');
  assert.equal(client.cancel('sweep'), false, 'nothing left to cancel');
  assert.equal(client.cancel('nobody'), false);
  // The key works again.
  const again = client.run({ n: 'sweep2' }, { key: 'sweep' });
  const target = workers.find((w) => !w.terminated && w.posted.some((m) => JSON.parse(m.request).n === 'sweep2'));
  target.answer(target.posted.at(-1));
  assert.equal((await again).echo.n, 'sweep2');
});

test('a newer run for a key whose run is long stops that run instead of waiting for it', async () => {
  const { client, workers } = setup();
  const old = outcome(client.run({ n: 1 }, { key: 'sweep' }));
  const w1 = workers[0];
  w1.progress(w1.posted[0], { done: 0.01 });
  await settle();
  const fresh = outcome(client.run({ n: 2 }, { key: 'sweep' }));
  await settle();
  assert.equal(old.error.name, 'SupersededError');
  assert.equal(w1.terminated, true);
  const w2 = workers[1];
  assert.equal(JSON.parse(w2.posted[0].request).n, 2);
  w2.answer(w2.posted[0]);
  await settle();
  assert.equal(fresh.value.echo.n, 2);
});

test('cancelling a run that waits behind its superseded predecessor rejects both', async () => {
  const { client, workers } = setup();
  const first = outcome(client.run({ n: 1 }, { key: 'k' }));
  const second = outcome(client.run({ n: 2 }, { key: 'k' }));
  assert.equal(client.cancel('k'), true);
  await settle();
  assert.equal(first.error.name, 'SupersededError');
  assert.equal(second.error.name, 'CancelledError');
  assert.equal(workers[0].terminated, true);
  assert.equal(workers[0].posted.length, 1, 'the waiting run was never sent');
});
