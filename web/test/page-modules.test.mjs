// The page's modules one by one, in node: the lab's state and undo (lab-state.js) and the runs
// (runs.js) with a stand-in core and view, so that their rules are pinned apart from a browser.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseHTML } from "linkedom";

import { errorAt, parses } from "../src/cell-update.js";
import { pythonLiteral } from "../src/editing.js";
import { followOtherFrames, parents, tellOtherFrames } from "../src/embed.js";
import { createLabState } from "../src/lab-state.js";
import { QUICK_MS, createRuns } from "../src/runs.js";
import { memoryStorage } from "./memory-storage.mjs";

// A two-step lab: step 1 binds z (a vector), step 2 binds n and needs step 1.
const SOURCE1 = "z = np.array([2.0, 1.0])\nprint(z)\n";
const SOURCE2 = "n = 3\nprint(z * n)\n";
const LAB = {
  id: "test-lab",
  document: { setup: "import numpy as np\n" },
  params: [
    { name: "z", kind: "vector", label: "z", min: -10, max: 10, min_len: 1, max_len: 4, steps: [1] },
    { name: "n", kind: "integer", label: "n", min: 0, max: 9, steps: [2] },
  ],
  steps: [{ step: 1, needs: [] }, { step: 2, needs: [1] }],
};
const RESPONSES = {
  1: { ok: true, step: 1, source: SOURCE1, literals: [{ param: "z", start: 4, end: 24 }], outputs: [] },
  2: { ok: true, step: 2, source: SOURCE2, literals: [{ param: "n", start: 4, end: 5 }], outputs: [] },
};

const newState = (extra = {}) => createLabState({ lab: LAB, responses: RESPONSES, storage: memoryStorage(), steps: [1, 2], ...extra });

describe("lab state and undo", () => {
  test("the textbook values come from the literals in the textbook code", () => {
    const state = newState();
    assert.deepEqual(state.textbook, { z: ["2.0", "1.0"], n: "3" });
    assert.deepEqual(state.values, state.textbook);
    assert.equal(state.text("z"), "[2.0, 1.0]"); // "2.0" stays a float
  });

  test("a value not valid is sent as its last valid one, and is not kept", () => {
    const storage = memoryStorage();
    let told = 0;
    const state = newState({ storage, onChange: () => { told += 1; } });
    state.values.n = "5";
    state.keep(["n"]);
    state.values.n = "x";
    state.keep(["n"]);
    assert.equal(state.problem("n").reason !== undefined, true);
    assert.equal(state.text("n"), "5");
    assert.equal(state.good.n, "5");
    assert.equal(told, 2);
    assert.match([...storage.items.values()].join(), /"n":"5"/);
  });

  test("edits of one param moments apart undo together; others one by one", () => {
    let clock = 0;
    const state = newState({ now: () => clock });
    const edit = (name, value) => { state.remember([name]); state.values[name] = value; state.keep([name]); };
    edit("n", "4");
    clock += 500;
    edit("n", "5"); // merged with the edit before
    clock += 5000;
    edit("z", ["1"]);
    assert.deepEqual(state.undo(), { z: ["2.0", "1.0"] });
    assert.deepEqual(state.undo(), { n: "3" });
    assert.equal(state.canUndo(), false);
    assert.equal(state.undo(), null);
  });

  test("the history keeps the last 100 edits", () => {
    let clock = 0;
    const state = newState({ now: () => (clock += 10000) });
    for (let i = 0; i < 150; i++) state.remember(["n"]);
    let count = 0;
    while (state.undo()) count += 1;
    assert.equal(count, 100);
  });

  test("a link's code replaces the edited code, which is kept aside and comes back once", () => {
    const state = newState();
    state.setCode(2, "print('mine')\n");
    assert.equal(state.takeLinkCode({ 1: "print('theirs')\n" }), true);
    assert.deepEqual({ ...state.code }, { 1: "print('theirs')\n" });
    assert.deepEqual(state.takeCodeAside(), { 2: "print('mine')\n" });
    assert.equal(state.takeCodeAside(), null);
    // the same code again is no replacement
    assert.equal(state.takeLinkCode({ 1: "print('theirs')\n" }), false);
    state.setCode(1, null);
    assert.deepEqual({ ...state.code }, {});
  });
});

describe("errors in the code", () => {
  const error = (extra) => ({ outputs: [{ output_type: "error", ...extra }] });
  test("a SyntaxError's line and column; a runtime error's line in this cell", () => {
    assert.deepEqual(errorAt(error({ ename: "SyntaxError", line: 2, offset: 7 }), 3), { line: 2, column: 7 });
    const tb = ['Traceback (most recent call last):', '  File "<cell 3>", line 4, in <module>', '  File "<cell 2>", line 1, in f', "ValueError: x"];
    assert.deepEqual(errorAt(error({ ename: "ValueError", traceback: tb }), 3), { line: 4 });
    assert.deepEqual(errorAt(error({ ename: "ValueError", traceback: tb }), 2), { line: 1 });
    assert.equal(errorAt(error({ ename: "ValueError", traceback: tb }), 5), null);
    assert.equal(errorAt({ outputs: [{ output_type: "stream", text: "ok" }] }, 1), null);
    assert.equal(parses(error({ ename: "IndentationError" })), false);
    assert.equal(parses(error({ ename: "NameError" })), true);
  });

  test("a value written into code keeps the code's spelling", () => {
    assert.equal(pythonLiteral({ kind: "vector" }, "[1.0, 2]", "np.array([3, 4])"), "np.array([1.0, 2])");
    assert.equal(pythonLiteral({ kind: "int_list" }, "[4, 16]", "[1]"), "[4, 16]");
    assert.equal(pythonLiteral({ kind: "boolean" }, "false", "True"), "False");
  });
});

// A stand-in core: each run() gives a deferred answer the test settles.
function fakeClient() {
  const calls = [];
  return {
    calls,
    cancelled: [],
    run(text) {
      let settle;
      const answer = new Promise((resolve, reject) => { settle = { resolve, reject }; });
      calls.push({ text, request: JSON.parse(text), ...settle });
      return answer;
    },
    cancel(key) { this.cancelled.push(key); },
  };
}

function fakePage({ lastMs = 0 } = {}) {
  const { document } = parseHTML("<main></main>");
  const cells = new Map();
  for (const step of [1, 2]) {
    const section = document.createElement("section");
    document.querySelector("main").append(section);
    cells.set(step, {
      step, section, params: step === 1 ? ["z"] : ["n"], inputs: step === 1 ? ["z"] : ["z", "n"],
      timer: 0, lastMs, runs: 0, typedAt: 0, editor: null, codeEditor: null,
    });
  }
  const log = [];
  const view = new Proxy({}, { get: (_, name) => (...args) => { log.push([name, args[0]?.step ?? args[0], ...args.slice(1)]); return false; } });
  const page = {
    lab: LAB, lang: "en", cells, state: newState(), client: fakeClient(), view, labels: { z: "z", n: "n" },
    announce: (text) => log.push(["announce", text]),
  };
  page.runs = createRuns(page);
  return { page, log, client: page.client, cells };
}

const answer = (step, outputs = []) => ({ ok: true, step, source: "", outputs, literals: [] });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("runs", () => {
  test("a run sends the values and code of now; its answer lands", async () => {
    const { page, log, client, cells } = fakePage();
    page.state.values.n = "7";
    page.state.setCode(1, "z = np.array([5.0])\n");
    page.runs.run(cells.get(2));
    assert.equal(client.calls.length, 1);
    const { request } = client.calls[0];
    assert.equal(request.step, 2);
    assert.equal(request.params.n, 7);
    assert.equal(request.code["1"], "z = np.array([5.0])\n");
    client.calls[0].resolve(answer(2));
    await tick();
    assert.deepEqual(log.filter(([name]) => name === "show").map(([, step]) => step), [2]);
    assert.ok(log.some(([name, text]) => name === "announce" && /2/.test(text)));
  });

  test("only a cell's latest run lands", async () => {
    const { page, log, client, cells } = fakePage();
    page.runs.run(cells.get(1));
    page.runs.run(cells.get(1));
    client.calls[1].resolve(answer(1, [{ output_type: "stream", name: "stdout", text: "new\n" }]));
    client.calls[0].resolve(answer(1, [{ output_type: "stream", name: "stdout", text: "old\n" }]));
    await tick();
    const shown = log.filter(([name]) => name === "show");
    assert.equal(shown.length, 1);
  });

  test("a value not valid stales its own cell and sends nothing; a later cell runs with the last valid one", () => {
    const { page, log, client, cells } = fakePage();
    page.state.values.z = ["99"]; // above max 10
    page.runs.run(cells.get(1));
    assert.equal(client.calls.length, 0);
    assert.ok(log.some(([name, step, message]) => name === "setStale" && step === 1 && /z/.test(message)));
    page.runs.run(cells.get(2));
    assert.match(client.calls[0].text, /"z":\s*\[2\.0, 1\.0\]/); // the floats as typed
  });

  test("an edit runs quick cells now and slow cells after a pause", async () => {
    const { page, client, cells } = fakePage();
    cells.get(2).lastMs = QUICK_MS * 10;
    page.runs.schedule(["z"]);
    assert.deepEqual(client.calls.map((c) => c.request.step), [1]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(client.calls.map((c) => c.request.step), [1, 2]);
  });

  test("typed code that does not parse keeps the outputs until the learner stops typing", async () => {
    const { page, log, client, cells } = fakePage();
    const cell = cells.get(1);
    page.runs.setCode(cell, "z = (\n", 700);
    assert.equal(client.calls.length, 1); // quick cell: runs at the keystroke
    client.calls[0].resolve(answer(1, [{ output_type: "error", ename: "SyntaxError", line: 1, offset: 5 }]));
    await tick();
    assert.equal(log.filter(([name]) => name === "show").length, 0);
    assert.ok(log.some(([name, step]) => name === "markCode" && step === 1));
    assert.ok(log.some(([name, step]) => name === "setStale" && step === 1));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.equal(log.filter(([name]) => name === "show").length, 1);
  });

  test("the cells that read a cell's code: those that need it and those with code of their own", () => {
    const { page, cells } = fakePage();
    assert.deepEqual(page.runs.codeReaders(cells.get(1)).map((c) => c.step), [1, 2]);
    assert.deepEqual(page.runs.codeReaders(cells.get(2)).map((c) => c.step), [2]);
  });
});

describe("frames of one lab", () => {
  test("another frame's values and code, kept in storage, come into this one", () => {
    const storage = memoryStorage();
    const state = newState({ storage });
    const window = new EventTarget();
    const cells = new Map([[1, { step: 1 }], [2, { step: 2 }]]);
    const calls = [];
    const page = {
      window, storage, lab: LAB, state, cells,
      setValues: (next) => calls.push(["setValues", next]),
      editing: { putCode: (cell, text) => calls.push(["putCode", cell.step, text]), resetCode: (cell) => calls.push(["resetCode", cell.step]) },
    };
    followOtherFrames(page);
    const told = (key) => window.dispatchEvent(Object.assign(new Event("storage"), { storageArea: storage, key }));
    // another frame keeps n = 5 and step 2's code; this one has neither
    storage.setItem("transformer-lab:test-lab", JSON.stringify({ n: "5" }));
    storage.setItem("transformer-lab:test-lab:code", JSON.stringify({ 2: "print(n)\n" }));
    told("transformer-lab:test-lab");
    assert.deepEqual(calls, [["setValues", { n: "5" }], ["putCode", 2, "print(n)\n"]]);
    // another lab's storage, or another storage, is none of this frame's business
    calls.length = 0;
    told("transformer-lab:other-lab");
    window.dispatchEvent(Object.assign(new Event("storage"), { storageArea: memoryStorage(), key: "transformer-lab:test-lab" }));
    assert.deepEqual(calls, []);
    // (as the page would have applied them)
    state.code[2] = "print(n)\n";
    state.good.n = "5";
    // code storage that is not valid code changes nothing here
    storage.setItem("transformer-lab:test-lab:code", "{not json");
    told("transformer-lab:test-lab:code");
    assert.deepEqual(calls, []);
    // the other frame went back to the textbook's code: so does this one
    storage.removeItem("transformer-lab:test-lab:code");
    told("transformer-lab:test-lab:code");
    assert.deepEqual(calls, [["resetCode", 2]]);
  });

  test("from disk, the frames of one page tell each other of a change kept, and only they are heard", () => {
    const frame = (parent, protocol = "file:") => Object.assign(new EventTarget(), { parent, location: { protocol }, sent: [],
      postMessage(data, target) { this.sent.push([data, target]); } });
    const host = frame(null);
    host.parent = host;
    const [mine, other] = [frame(host), frame(host)];
    host.frames = [mine, other];
    let reread = 0;
    const told = tellOtherFrames(mine, "test-lab", () => { reread += 1; });
    told();
    assert.deepEqual(other.sent, [[{ type: "transformer-lab:stored", lab: "test-lab" }, "*"]]);
    assert.deepEqual(mine.sent, [], "not to itself");
    const hear = (source, data) => mine.dispatchEvent(Object.assign(new Event("message"), { source, data }));
    hear(other, { type: "transformer-lab:stored", lab: "test-lab" });
    assert.equal(reread, 1, "a frame of the same page");
    hear(other, { type: "transformer-lab:stored", lab: "other-lab" });
    hear(host, { type: "transformer-lab:stored", lab: "test-lab" });
    hear(frame(frame(null)), { type: "transformer-lab:stored", lab: "test-lab" });
    assert.equal(reread, 1, "another lab's, the host's and another page's frame's: not heard");
    // a served frame has storage events: it tells nothing
    const served = frame(host, "https:");
    tellOtherFrames(served, "test-lab", () => {})();
    assert.equal(other.sent.length, 1);
  });
});

describe("the parent named in ?parent=", () => {
  test("bare http(s) origins; a page on disk only for a lab on disk", () => {
    assert.deepEqual(parents("https://a.example/,http://b.example:8080,https://a.example/page,javascript:x", false),
      ["https://a.example", "http://b.example:8080"]);
    assert.deepEqual(parents(null, false), []);
    assert.deepEqual(parents("file://", false), [], "a served lab names no page on disk");
    assert.deepEqual(parents("null", false), []);
    assert.deepEqual(parents("file://", true), ["file://"]);
    assert.deepEqual(parents("null", true), ["file://"], "Firefox's location.origin on disk");
    assert.deepEqual(parents("file:///home/x.html", true), [], "an origin, not a file");
  });
});
