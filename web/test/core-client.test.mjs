// The core client's bookkeeping (ids, one request per key in flight, supersede, worker failure and
// restart), with a fake worker standing in for core-worker.js. Run: node --test web/test
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreWorkerError, SupersededError, createCoreClient } from '../src/core-client.js';

// Speaks core-worker.js's protocol; the test decides when and what it answers.
class FakeWorker extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.posted = [];
    this.terminated = false;
  }
  postMessage(message) {
    assert.equal(this.terminated, false, 'posted to a terminated worker');
    this.posted.push(message);
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
  const [ma, mb] = workers[0].posted;
  assert.equal(ma.request, '{"lab":"ch1-lab2","step":1}', 'objects travel as JSON text');
  assert.equal(mb.request, '{"lab": "ch3-lab2", "step": 2}', 'JSON text travels as it is');
  assert.notEqual(ma.id, mb.id);
  workers[0].answer(mb);
  workers[0].answer(ma);
  assert.deepEqual(await a, { ok: true, echo: { lab: 'ch1-lab2', step: 1 } });
  assert.deepEqual(await b, { ok: true, echo: { lab: 'ch3-lab2', step: 2 } });
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
  const w = workers[0];
  const a = client.run({ n: 'a' }, { key: 'cell-a' });
  const b = client.run({ n: 'b' }, { key: 'cell-b' });
  const c1 = client.run({ n: 'c1' });
  const c2 = client.run({ n: 'c2' });
  assert.equal(w.posted.length, 4);
  for (const m of [...w.posted].reverse()) w.answer(m);
  assert.deepEqual((await Promise.all([a, b, c1, c2])).map((r) => r.echo.n), ['a', 'b', 'c1', 'c2']);
});

test('a dead worker rejects every pending run; the next run starts a new worker', async () => {
  const { client, workers } = setup();
  const w = workers[0];
  w.ready();
  await client.ready;
  const inFlight = outcome(client.run({ n: 1 }, { key: 'k' }));
  const waiting = outcome(client.run({ n: 2 }, { key: 'k' })); // supersedes the first
  const other = outcome(client.run({ n: 3 }));
  w.crash('RuntimeError: memory access out of bounds');
  await settle();

  assert.equal(inFlight.error.name, 'SupersededError');
  for (const r of [waiting, other]) {
    assert.equal(r.state, 'rejected');
    assert.ok(r.error instanceof CoreWorkerError);
    assert.equal(r.error.name, 'CoreWorkerError');
    assert.match(r.error.message, /the core worker failed: RuntimeError: memory access out of bounds/);
  }
  assert.equal(w.terminated, true);

  // A late message from the dead worker changes nothing.
  w.answer(w.posted[0]);

  const again = client.run({ n: 4 }, { key: 'k' });
  assert.equal(workers.length, 2);
  const w2 = workers[1];
  assert.equal(w2.posted.length, 1, 'the key is free in the new worker');
  w2.ready();
  w2.answer(w2.posted[0]);
  assert.deepEqual(await again, { ok: true, echo: { n: 4 } });
  await client.ready;
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
  for (const r of [a, b]) {
    assert.equal(r.error.name, 'CoreWorkerError');
    assert.equal(r.error.message, 'the core stopped: RuntimeError: unreachable');
  }
  assert.equal(workers[0].terminated, true);
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
