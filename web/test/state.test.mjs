// state.js and share.js: share-link encoding (share.js) and the checks on state read back from a
// link or from storage (state.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { deflateRawSync } from "node:zlib";

import {
  MAX_CODE_CHARS, MAX_LINK_CODE_BYTES, MAX_LINK_CODE_CHARS, MAX_STATE_CHARS, checkCode, checkValues, decodeCode, decodeState,
  loadCode, loadValues, saveCode, saveValues,
} from "../src/state.js";
import { LINK_CODE_CHARS, encodeCode, encodeState } from "../src/share.js";

test("a link is made no longer than the page reads", () => {
  assert.equal(LINK_CODE_CHARS, MAX_LINK_CODE_CHARS);
});

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

describe("the learner's code in a share link (#c=)", () => {
  const steps = [1, 2, 3];
  // deflate-raw as another implementation writes it (zlib), so the page reads any deflater's output
  const zlibLink = (text) => deflateRawSync(Buffer.from(text)).toString("base64url");

  test("round-trips any text exactly: Hangul, tabs, blank lines, no final newline", async () => {
    const code = { 1: "# 주석\nx = '안녕'\n\n\tprint(x)", 3: "print(1)\r\n\n\n" };
    const link = await encodeCode(code);
    assert.match(link, /^[\w-]+$/);
    assert.deepEqual(await decodeCode(link, steps), code);
    assert.deepEqual(await decodeCode(zlibLink(JSON.stringify(code)), steps), code);
    // a step's code as long as storage allows still fits a link when it is code-like
    const long = { 2: "import numpy as np\n" + "print(np.arange(10).sum())\n".repeat(2000) };
    assert.ok(JSON.stringify(long).length > 50000);
    const packed = await encodeCode(long);
    assert.ok(packed.length < MAX_LINK_CODE_CHARS, `${packed.length} characters`);
    assert.deepEqual(await decodeCode(packed, steps), long);
  });

  test("a link that inflates past the limit is refused while inflating", async () => {
    const bomb = zlibLink(JSON.stringify({ 1: "x".repeat(MAX_LINK_CODE_BYTES) }));
    assert.ok(bomb.length < 300, "a tiny link");
    assert.equal(await decodeCode(bomb, steps), null);
    // far past it: a link just under the length limit that inflates to 4 MB stops at the limit
    const huge = deflateRawSync(Buffer.alloc(4 << 20)).toString("base64url");
    assert.ok(huge.length < MAX_LINK_CODE_CHARS, `${huge.length}`);
    assert.equal(await decodeCode(huge, steps), null);
  });

  test("rejects hostile, malformed and oversized links", async () => {
    const bad = [
      "", "%%%", "not base64!", "AAAA", "q1Yy", "x".repeat(MAX_LINK_CODE_CHARS + 1), null, 42,
      zlibLink('{"4": "print(1)"}'), zlibLink('{"02": "x"}'), zlibLink('{"1": 5}'), zlibLink('["print(1)"]'),
      zlibLink("null"), zlibLink('{"1": "a", "2": {"toString": "x"}}'), zlibLink('{"__proto__": "x"}'),
      deflateRawSync(Buffer.from([0x7b, 0x22, 0x31, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])).toString("base64url"), // not UTF-8
    ];
    for (const text of bad) assert.equal(await decodeCode(text, steps), null, String(text).slice(0, 40));
  });

  test("checkCode copies steps of the lab and nothing else", () => {
    assert.deepEqual(checkCode({ 2: "x" }, steps), { 2: "x" });
    assert.equal(checkCode({ 2: "x".repeat(MAX_CODE_CHARS + 1) }, steps), null);
    assert.equal(checkCode({ "2.0": "x" }, steps), null);
    assert.equal(checkCode("x", steps), null);
  });
});
