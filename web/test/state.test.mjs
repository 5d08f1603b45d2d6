// state.js: share-link encoding and the checks on state read back from a link or from storage.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { MAX_CODE_CHARS, MAX_STATE_CHARS, checkValues, decodeState, encodeState, loadCode, loadValues, saveCode, saveValues } from "../src/state.js";

const SPECS = {
  A: { name: "A", kind: "matrix", min: -1e15, max: 1e15, min_len: 1, max_len: 8 },
  z: { name: "z", kind: "vector", min: -1e15, max: 1e15, min_len: 1, max_len: 64 },
  d_k_values: { name: "d_k_values", kind: "int_list", min: 1, max: 4096, min_len: 1, max_len: 8 },
  n_keys: { name: "n_keys", kind: "integer", min: 1, max: 60 },
  causal: { name: "causal", kind: "boolean" },
};
const b64 = (text) => Buffer.from(text).toString("base64url");

function memoryStorage(entries = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k), map };
}

describe("share links", () => {
  test("round-trip keeps every value exactly as typed, including 2.0 and Hangul-free base64url", () => {
    const values = { A: [["1", "2.0"], ["-3", "4e-2"]], z: ["2.0", "1.0", "0.1"], d_k_values: ["4", "16"], n_keys: "8" };
    const text = encodeState(values);
    assert.match(text, /^[\w-]+$/);
    assert.deepEqual(decodeState(text, SPECS), values);
  });

  test("rejects hostile, malformed and oversized state", () => {
    const bad = [
      b64(JSON.stringify({ n_keys: "<img src=x onerror=alert(1)>" })),
      b64(JSON.stringify({ n_keys: 8 })), // a number, not the text of one
      b64(JSON.stringify({ n_keys: "61" })), // out of range
      b64(JSON.stringify({ d_k_values: "4" })),
      b64(JSON.stringify({ A: [["1", "2"], ["3"]] })), // ragged
      b64(JSON.stringify({ A: ["1"] })),
      b64(JSON.stringify({ z: Array(65).fill("1") })),
      b64(JSON.stringify({ n_keys: "1".repeat(41) })),
      b64(JSON.stringify({ unknown: "1" })),
      b64('{"__proto__": {"n_keys": "8"}}'),
      b64(JSON.stringify({ toString: "1" })),
      b64("[]"),
      b64("null"),
      b64("{"),
      b64("\xff\xfe"),
      "not base64!",
      "A".repeat(MAX_STATE_CHARS + 1),
      42,
    ];
    for (const text of bad) assert.equal(decodeState(text, SPECS), null, String(text).slice(0, 60));
    assert.equal(({}).n_keys, undefined, "no prototype pollution");
  });

  test("a boolean is kept as Python writes it, True or False, and nothing else", () => {
    assert.deepEqual(checkValues({ causal: "False" }, SPECS), { causal: "False" });
    assert.equal(checkValues({ causal: false }, SPECS), null);
    assert.equal(checkValues({ causal: "false" }, SPECS), null);
  });

  test("checkValues copies, so later edits of the input do not leak in", () => {
    const input = { z: ["1", "2"] };
    const out = checkValues(input, SPECS);
    input.z[0] = "9";
    assert.deepEqual(out, { z: ["1", "2"] });
  });
});

describe("storage", () => {
  test("keeps only the values that differ from the textbook, and removes the entry when none do", () => {
    const storage = memoryStorage();
    const textbook = { n_keys: "8", z: ["1", "2"] };
    saveValues(storage, "lab", { n_keys: "9", z: ["1", "2"] }, textbook);
    assert.equal(storage.getItem("transformer-lab:lab"), '{"n_keys":"9"}');
    assert.deepEqual(loadValues(storage, "lab", SPECS), { n_keys: "9" });
    saveValues(storage, "lab", textbook, textbook);
    assert.equal(storage.getItem("transformer-lab:lab"), null);
    assert.equal(loadValues(storage, "lab", SPECS), undefined);
  });

  test("invalid stored state reads as null; broken storage as nothing", () => {
    assert.equal(loadValues(memoryStorage({ "transformer-lab:lab": "{oops" }), "lab", SPECS), null);
    assert.equal(loadValues(memoryStorage({ "transformer-lab:lab": '{"n_keys":"<b>"}' }), "lab", SPECS), null);
    const throwing = { getItem() { throw new Error("SecurityError"); }, setItem() { throw new Error("quota"); }, removeItem() {} };
    assert.equal(loadValues(throwing, "lab", SPECS), undefined);
    assert.doesNotThrow(() => saveValues(throwing, "lab", { n_keys: "9" }, { n_keys: "8" }));
  });
});

describe("the learner's code in storage", () => {
  test("is kept by step and comes back; no edited step removes the entry", () => {
    const storage = memoryStorage();
    saveCode(storage, "lab", { 2: "print(1)\n" });
    assert.equal(storage.getItem("transformer-lab:lab:code"), '{"2":"print(1)\\n"}');
    assert.deepEqual(loadCode(storage, "lab", [1, 2, 3]), { 2: "print(1)\n" });
    saveCode(storage, "lab", {});
    assert.equal(storage.getItem("transformer-lab:lab:code"), null);
    assert.deepEqual(loadCode(storage, "lab", [1, 2, 3]), {});
  });

  test("anything else in storage is dropped whole, never half used", () => {
    const steps = [1, 2, 3];
    for (const text of ['{"4": "print(1)"}', '{"02": "x"}', '{"1": 5}', '["print(1)"]', "{", '"x"', "null",
      JSON.stringify({ 1: "x".repeat(MAX_CODE_CHARS + 1) }), '{"1": "ok", "9": "not a step"}']) {
      assert.deepEqual(loadCode(memoryStorage({ "transformer-lab:lab:code": text }), "lab", steps), {}, text.slice(0, 40));
    }
    assert.deepEqual(loadCode(null, "lab", steps), {});
    const throwing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("full"); }, removeItem() {} };
    assert.deepEqual(loadCode(throwing, "lab", steps), {});
    saveCode(throwing, "lab", { 1: "x" }); // a full storage: the page goes on
  });
});
