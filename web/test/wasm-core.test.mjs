// The built WebAssembly core answers exactly what the native labrun prints, byte for byte, and
// core-worker.js + core-client.js reach it. Run after both builds:
//   cmake --preset wasm && cmake --build --preset wasm     (build/wasm/web/tlab-core.{mjs,wasm})
//   cmake --preset native && cmake --build --preset native (build/native/labrun)
//   node --test web/test
// Loads the page's own ES6 glue (ENVIRONMENT=web,worker), not a node build of it: handed the
// .wasm bytes as `wasmBinary`, the glue never fetches, and nothing else in it needs a browser.
// Skips only when the wasm build output is missing; a missing labrun fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';

import { createCoreClient } from '../src/core-client.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const webBuild = join(repo, 'build/wasm/web');
const gluePath = join(webBuild, 'tlab-core.mjs');
const wasmPath = join(webBuild, 'tlab-core.wasm');
const labrunPath = join(repo, 'build/native/labrun');
const missing = [gluePath, wasmPath].filter((p) => !existsSync(p));
const skip = missing.length > 0 &&
  `no wasm build (${missing.join(', ')} missing): run cmake --preset wasm && cmake --build --preset wasm`;

// The wasm core knows no lab by name: the page sends each lab's document (labrun --list has them),
// written here in place of the id; labrun answers with no lab folders either (TLAB_LABS is an
// empty directory), so that both list no labs and word an unknown lab's error alike.
const NO_LABS = mkdtempSync(join(tmpdir(), 'tlab-no-labs-'));
const documents = existsSync(labrunPath)
  ? Object.fromEntries(JSON.parse(spawnSync(labrunPath, ['--list']).stdout).labs.map((lab) => [lab.id, lab.document]))
  : {};
const withDocuments = (text) => text.replace(/"lab": "(ch\d-lab\d)"/g, (whole, id) =>
  (documents[id] ? `"lab": ${JSON.stringify(documents[id])}` : whole));

const REQUESTS = [
  '{"lab": "ch1-lab2", "step": 1}',
  '{"lab": "ch1-lab2", "step": 2, "params": {"v": [4, 5]}}',
  '{"lab": "ch1-lab2", "step": 3, "params": {"z": [710, -3.5, 1e-300]}}',
  '{"lab": "ch3-lab2", "step": 1, "params": {"d_k_values": [4, 16], "n_pairs": 100}}',
  '{"lab": "ch3-lab2", "step": 2}',
  '{"lab": "ch3-lab2", "step": 3, "params": {"compare_seed": 4294967295, "n_keys": 60}}',
  // One normal here goes through a log() whose last bit differs between glibc (NumPy's) and
  // Emscripten's musl unless the core computes log itself.
  '{"lab": "ch3-lab2", "step": 3, "params": {"compare_seed": 102, "n_keys": 60}}',
  '{"list": true}',
  '{"lab": "ch3-lab2", "step": 1, "params": {"n_pairs": 0}}', // invalid: out of range
  '{"lab": "ch1-lab2", "step": 1, "params": {"A": [[1, 2], [3]]}}', // invalid: ragged
  '{"lab": "ch9"}', // invalid: unknown lab
  '{"lab": "ch1-lab2", "step": ', // invalid: not JSON
  '',
].map(withDocuments);

// An object's default repr holds its address (<function f at 0x55e8e36834b0>), which differs
// between two runs of labrun as it does between two Python processes, and between native and
// wasm: answers are compared with it written as "0x?", as tests/differential/run_python_diff.py
// compares with Python. Only the " at 0x..." of such a repr is rewritten, so a printed hex()
// value still has to match.
const ADDRESS = / at 0x[0-9a-f]+/g;
const withoutAddresses = (bytes) => Buffer.from(bytes.toString('utf8').replace(ADDRESS, ' at 0x?'), 'utf8');
const parsedWithoutAddresses = (value) => JSON.parse(JSON.stringify(value).replace(ADDRESS, ' at 0x?'));

function labrun(request) {
  const r = spawnSync(labrunPath, [], { input: request, maxBuffer: 1 << 26, env: { ...process.env, TLAB_LABS: NO_LABS } });
  assert.equal(r.error, undefined, `cannot run ${labrunPath} (build it: cmake --preset native && ` +
    `cmake --build --preset native): ${r.error}`);
  return withoutAddresses(r.stdout); // the response and a newline
}

async function loadCore() {
  const { default: createTlabCore } = await import(pathToFileURL(gluePath).href);
  return createTlabCore({ wasmBinary: readFileSync(wasmPath) });
}

// The same four steps core-worker.js takes, returning the response's UTF-8 bytes.
function callCore(core, text) {
  const size = core.lengthBytesUTF8(text) + 1;
  const input = core._malloc(size);
  core.stringToUTF8(text, input, size);
  const output = core._tlab_request(input);
  core._free(input);
  assert.notEqual(output, 0);
  const response = core.UTF8ToString(output);
  core._tlab_free(output);
  return withoutAddresses(Buffer.from(response, 'utf8'));
}

test('the wasm core answers what labrun prints, byte for byte', { skip }, async () => {
  const core = await loadCore();
  for (const request of REQUESTS) {
    const want = labrun(request);
    const got = Buffer.concat([callCore(core, request), Buffer.from('\n')]);
    assert.ok(got.equals(want), `request ${JSON.stringify(request)}\nwasm:    ${got}\nlabrun:  ${want}`);
  }
});

test('answers stay exact after the wasm memory grows', { skip }, async () => {
  const core = await loadCore();
  const before = core.HEAPU8.buffer.byteLength;
  // A 12 MB request (an unknown lab's long name, echoed twice in the error) grows memory past
  // its 16 MB start, replacing the heap's buffer; the calls after it must still read and write
  // the right bytes.
  const huge = `{"lab": "${'가'.repeat(4_000_000)}x"}`;
  const hugeAnswer = Buffer.concat([callCore(core, huge), Buffer.from('\n')]);
  assert.ok(core.HEAPU8.buffer.byteLength > before, 'memory grew');
  assert.ok(hugeAnswer.equals(labrun(huge)), 'the huge request');
  for (const request of REQUESTS.slice(0, 4)) {
    const got = Buffer.concat([callCore(core, request), Buffer.from('\n')]);
    assert.ok(got.equals(labrun(request)), `after growth: ${request}`);
  }
});

// NumPy's message for an array it cannot allocate, from Debian's NumPy (the oracle).
function numpyMemoryError(shape, dtype) {
  const r = spawnSync('/usr/bin/python3', ['-c', 'import sys, numpy as np\n' +
    'print(np.core._exceptions._ArrayMemoryError(tuple(map(int, sys.argv[2:])), np.dtype(sys.argv[1])))',
    dtype, ...shape.map(String)], { encoding: 'utf8' });
  assert.equal(r.status, 0, `/usr/bin/python3 with NumPy (python3-numpy): ${r.stderr}`);
  return r.stdout.trimEnd();
}

test('at the memory cap a request gets an error value, and the module keeps working', { skip }, async () => {
  const core = await loadCore();
  // Take every block the allocator will give, up to the module's MAXIMUM_MEMORY (256 MB), then
  // hand back 256 KB: room for a request and an answer, not for a sweep's arrays.
  const blocks = [];
  for (let size = 16 << 20; size >= 64; ) {
    const p = core._malloc(size);
    if (p) blocks.push([p, size]);
    else size >>= 1;
  }
  assert.ok(core.HEAPU8.buffer.byteLength >= 255 * (1 << 20), `memory grew to the cap (${core.HEAPU8.buffer.byteLength} bytes)`);
  const room = blocks.findIndex(([, size]) => size === 256 << 10);
  core._free(blocks.splice(room, 1)[0][0]);
  // A sweep of 100000 pairs needs 6 MB for q: the core answers instead of aborting. The lab's
  // code runs in the kernel, so the failed allocation is NumPy's MemoryError in the cell's
  // outputs, as Python shows it when memory runs out, and the response is ok.
  const text = withDocuments('{"lab": "ch3-lab2", "step": 1, "params": {"n_pairs": 100000, "d_k_values": [8]}}');
  const size = core.lengthBytesUTF8(text) + 1;
  const input = core._malloc(size);
  assert.notEqual(input, 0);
  core.stringToUTF8(text, input, size);
  const output = core._tlab_request(input);
  assert.notEqual(output, 0);
  const response = JSON.parse(core.UTF8ToString(output));
  assert.equal(response.ok, true);
  assert.equal(response.status, 'error');
  const error = response.outputs.at(-1);
  assert.equal(error.output_type, 'error');
  assert.equal(error.ename, 'MemoryError');
  assert.equal(error.evalue, numpyMemoryError([100000, 8], 'float64'));
  core._tlab_free(output);
  core._free(input);
  for (const [p] of blocks) core._free(p);
  // Memory back: the same module answers exactly again.
  for (const request of REQUESTS.slice(0, 4)) {
    const got = Buffer.concat([callCore(core, request), Buffer.from('\n')]);
    assert.ok(got.equals(labrun(request)), `after running out of memory: ${request}`);
  }
});

test('a long step reports progress through Module.onProgress, and false stops it', { skip }, async () => {
  const core = await loadCore();
  const reports = [];
  core.onProgress = (json) => { reports.push(JSON.parse(json)); return true; };
  const text = withDocuments('{"lab": "ch3-lab2", "step": 1, "params": {"n_pairs": 3000, "d_k_values": [700]}}');
  const got = Buffer.concat([callCore(core, text), Buffer.from('\n')]);
  assert.ok(got.equals(labrun(text)), 'the same answer with progress on');
  // The loop's one pass, then the lazily drawn q and k streamed into the row sums block by block.
  const lastInLoop = reports.findLastIndex((r) => r.label !== '');
  const inLoop = reports.slice(0, lastInLoop + 1);
  assert.ok(inLoop.length >= 2, `${inLoop.length} reports in the loop`);
  assert.ok(inLoop.every((r) => r.label === 'd_k = 700 (1/1)'), 'every report up to the loop\'s end names it');
  assert.ok(inLoop.at(-1).done > 0.9 && inLoop.at(-1).done <= 1, `done ${inLoop.at(-1).done}`);
  // After the loop, the response's variable list streams q and k once more for their reprs
  // (their last rows are the end of the random stream): no loop says how far that is, so the
  // reports say they cannot tell (done -1, as for a while loop).
  for (const r of reports.slice(lastInLoop + 1)) assert.deepEqual(r, { done: -1, label: '' });
  core.onProgress = () => false;
  const stopped = JSON.parse(callCore(core, text).toString());
  assert.equal(stopped.ok, false);
  assert.equal(stopped.error.message, 'the run was cancelled');
});

// Runaway recursion, straight and through nested blocks (each Python level nests more C++
// calls, which in wasm take the JS engine's stack).
const RECURSIONS = [
  'def f(n):\n    return f(n + 1)\nf(0)',
  'def f(n):\n    try:\n        return f(n + 1)\n    finally:\n        pass\nf(0)',
  'def f(n):\n    while True:\n        if n >= 0:\n            if n >= 0:\n                return f(n + 1)\nf(0)',
  'class A:\n    def __repr__(self):\n        return repr(self)\nrepr(A())',
].map((cell) => JSON.stringify({ cells: [cell] }));

// Answers `requests` from a fresh module in a node worker thread whose stack is `stackSizeMb`
// (a browser's worker has less stack than node's main thread): each answer's JSON, or the
// message of what the call threw.
function answersInWorker(requests, stackSizeMb) {
  const source = `
    import { parentPort, workerData } from 'node:worker_threads';
    import { readFileSync } from 'node:fs';
    const { default: createTlabCore } = await import(workerData.glue);
    const wasmBinary = readFileSync(workerData.wasm);
    const answers = [];
    for (const text of workerData.requests) {
      const core = await createTlabCore({ wasmBinary });
      const size = core.lengthBytesUTF8(text) + 1;
      const input = core._malloc(size);
      core.stringToUTF8(text, input, size);
      try {
        answers.push({ response: core.UTF8ToString(core._tlab_request(input)) });
      } catch (e) {
        answers.push({ thrown: String(e) });
      }
    }
    parentPort.postMessage(answers);`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), {
      workerData: { glue: pathToFileURL(gluePath).href, wasm: wasmPath, requests },
      resourceLimits: { stackSizeMb },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

test('a runaway recursion is an answer in the wasm core, not a trap', { skip }, async () => {
  // Node's main thread has stack enough for the recursion limit on the straight path: the
  // answer is labrun's, byte for byte.
  const core = await loadCore();
  const straight = Buffer.concat([callCore(core, RECURSIONS[0]), Buffer.from('\n')]);
  assert.ok(straight.equals(labrun(RECURSIONS[0])), `wasm:   ${straight}\nlabrun: ${labrun(RECURSIONS[0])}`);
  // So has a worker thread's default 4 MB, for every recursion here.
  const roomy = await answersInWorker(RECURSIONS, 4);
  RECURSIONS.forEach((request, i) => {
    assert.equal(roomy[i].thrown, undefined, `4 MB stack, ${request}: the call threw`);
    assert.ok(withoutAddresses(Buffer.from(`${roomy[i].response}\n`)).equals(labrun(request)), `4 MB stack, ${request}`);
  });
  // With less stack (0.5 MB: less than a Chromium worker's), the stack runs short before the
  // limit: the run is refused (a RecursionError there would end at another depth than CPython's),
  // as an answer, not a trap.
  for (const stackSizeMb of [0.5]) {
    const answers = await answersInWorker(RECURSIONS, stackSizeMb);
    RECURSIONS.forEach((request, i) => {
      assert.equal(answers[i].thrown, undefined, `${stackSizeMb} MB stack, ${request}: the call threw`);
      const got = JSON.parse(answers[i].response);
      assert.equal(got.status, 'unsupported', `${stackSizeMb} MB stack, ${request}`);
      assert.equal(got.outputs.at(-1).ename, 'UnsupportedInLab', request);
      assert.match(got.outputs.at(-1).evalue, /recursion deeper than this engine's stack allows/, request);
    });
  }
});

test('the glue has no eval or new Function (a strict CSP allows it)', { skip }, () => {
  const glue = readFileSync(gluePath, 'utf8');
  assert.doesNotMatch(glue, /\beval\s*\(|\bFunction\s*\(/);
});

// core-worker.js with the real glue and wasm, in a node worker thread dressed as a browser module
// worker (self, postMessage, addEventListener, importScripts, fetch of the .wasm next to it), all
// three files copied into one folder as they are served; core-client.js drives it.
function nodeWorkerFactory(dir) {
  const bootstrap = join(dir, 'bootstrap.mjs');
  writeFileSync(bootstrap, `
    import { parentPort } from 'node:worker_threads';
    import { readFile } from 'node:fs/promises';
    globalThis.self = globalThis;
    self.location = { href: new URL('./core-worker.js', import.meta.url).href };
    self.importScripts = () => { throw new TypeError('module worker'); };
    self.postMessage = (data) => parentPort.postMessage(data);
    self.addEventListener = (type, listener) => {
      if (type === 'message') parentPort.on('message', (data) => listener({ data }));
    };
    self.fetch = async (url) => new Response(await readFile(new URL(url)),
                                             { headers: { 'content-type': 'application/wasm' } });
    await import('./core-worker.js');
  `);
  return () => {
    const thread = new Worker(bootstrap);
    const target = new EventTarget();
    thread.on('message', (data) => target.dispatchEvent(Object.assign(new Event('message'), { data })));
    thread.on('error', (e) => target.dispatchEvent(Object.assign(new Event('error'), { message: String(e) })));
    return Object.assign(target, {
      postMessage: (m) => thread.postMessage(m),
      terminate: () => thread.terminate(),
    });
  };
}

// A directory laid out as the served page's worker sees it: core-worker.js next to the glue and,
// with `wasm`, the module (removed after the test).
function workerDir(t, { wasm = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tlab-worker-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(fileURLToPath(new URL('../src/core-worker.js', import.meta.url)), join(dir, 'core-worker.js'));
  copyFileSync(gluePath, join(dir, 'tlab-core.mjs'));
  if (wasm) copyFileSync(wasmPath, join(dir, 'tlab-core.wasm'));
  return dir;
}

test('core-worker.js and core-client.js reach the wasm core', { skip }, async (t) => {
  const dir = workerDir(t);

  const client = createCoreClient({ createWorker: nodeWorkerFactory(dir) });
  t.after(() => client.terminate());
  await client.ready;
  const request = { lab: documents['ch3-lab2'], step: 1, params: { d_k_values: [4, 16], n_pairs: 100 } };
  assert.deepEqual(parsedWithoutAddresses(await client.run(request, { key: 'cell' })),
                   JSON.parse(labrun(JSON.stringify(request))));
  assert.deepEqual(parsedWithoutAddresses(await client.run('{"lab": "ch9"}')), JSON.parse(labrun('{"lab": "ch9"}')));
  // Two quick edits of one cell: the first is superseded, the second answered.
  const first = client.run({ lab: documents['ch1-lab2'], step: 1 }, { key: 'cell' });
  const second = client.run({ lab: documents['ch1-lab2'], step: 2 }, { key: 'cell' });
  await assert.rejects(first, { name: 'SupersededError' });
  assert.equal((await second).step, 2);
});

// The worker replays its first slow request while idle: whole when it is short (the textbook
// sweep, 1000 pairs), else in slices the core stops (30000 pairs: well over WARM_WHOLE_MS). Requests
// in the middle of a warm-up must be answered in full, neither stopped with a slice nor changed
// by a replay.
for (const pairs of [1000, 30000]) {
  test(`core-worker.js answers requests in full while it warms up between them (${pairs} pairs)`, { skip }, async (t) => {
    const dir = workerDir(t);

    const client = createCoreClient({ createWorker: nodeWorkerFactory(dir) });
    t.after(() => client.terminate());
    await client.ready;
    const sweep = (seed) => ({ lab: documents['ch3-lab2'], step: 1, params: { sweep_seed: seed, d_k_values: [4, 16, 64, 256], n_pairs: pairs } });
    assert.deepEqual(parsedWithoutAddresses(await client.run(sweep(42))), JSON.parse(labrun(JSON.stringify(sweep(42)))));
    for (let k = 0; k < 6; k++) {
      await new Promise((done) => setTimeout(done, 7 * k));
      assert.deepEqual(parsedWithoutAddresses(await client.run(sweep(k))), JSON.parse(labrun(JSON.stringify(sweep(k)))), `request ${k}`);
    }
  });
}

test('core-worker.js instantiates the module the page compiled, without fetching the wasm', { skip }, async (t) => {
  const dir = workerDir(t, { wasm: false }); // no tlab-core.wasm: a fetch would fail

  const client = createCoreClient({ createWorker: nodeWorkerFactory(dir), wasm: WebAssembly.compile(readFileSync(wasmPath)) });
  t.after(() => client.terminate());
  await client.ready;
  const request = { lab: documents['ch1-lab2'], step: 2, params: { v: [4, 5] } };
  assert.deepEqual(parsedWithoutAddresses(await client.run(request)), JSON.parse(labrun(JSON.stringify(request))));
});

test('core-worker.js fetches the wasm from the URL the client gives it', { skip }, async (t) => {
  const dir = workerDir(t, { wasm: false }); // not next to it: where a Blob worker stands
  mkdirSync(join(dir, 'elsewhere'));
  copyFileSync(wasmPath, join(dir, 'elsewhere/core.wasm'));

  const client = createCoreClient({ createWorker: nodeWorkerFactory(dir), wasmUrl: pathToFileURL(join(dir, 'elsewhere/core.wasm')) });
  t.after(() => client.terminate());
  const request = { lab: documents['ch3-lab2'], step: 2, params: { n_keys: 5 } };
  assert.deepEqual(parsedWithoutAddresses(await client.run(request)), JSON.parse(labrun(JSON.stringify(request))));
});

test('core-worker.js answers every request with an error when the wasm is missing', { skip }, async (t) => {
  const dir = workerDir(t, { wasm: false }); // no tlab-core.wasm

  const client = createCoreClient({ createWorker: nodeWorkerFactory(dir) });
  t.after(() => client.terminate());
  await assert.rejects(client.run({ lab: documents['ch1-lab2'], step: 1 }),
                       { name: 'CoreWorkerError', message: /^the core could not start: / });
});
