// Param text handling and the summary's output picks, under node.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { checkParam, normalizeNumber, parseLiteral, requestText } from "../src/params.js";
import { pickOutput } from "../src/summary.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));

test("literals read back as text, floats keeping their point", () => {
  assert.deepEqual(parseLiteral("matrix", "np.array([[1, 2, 3],\n              [4, 5, 6]])"), [["1", "2", "3"], ["4", "5", "6"]]);
  assert.deepEqual(parseLiteral("vector", "np.array([2.0, 1.0, 0.1])"), ["2.0", "1.0", "0.1"]);
  assert.deepEqual(parseLiteral("int_list", "[4, 16, 64, 256]"), ["4", "16", "64", "256"]);
  assert.equal(parseLiteral("integer", "42"), "42");
});

test("friendly spellings are accepted, others rejected with a reason", () => {
  assert.deepEqual(normalizeNumber("１２"), { ok: true, text: "12" });
  assert.deepEqual(normalizeNumber(" +3 "), { ok: true, text: "3" });
  assert.deepEqual(normalizeNumber("−.5"), { ok: true, text: "-0.5" });
  assert.deepEqual(normalizeNumber("2."), { ok: true, text: "2.0" });
  assert.deepEqual(normalizeNumber("1e400"), { ok: false, reason: "range" });
  assert.deepEqual(normalizeNumber("abc"), { ok: false, reason: "number" });
  assert.deepEqual(normalizeNumber("2.5", { integer: true }), { ok: false, reason: "integer" });
  assert.deepEqual(normalizeNumber(""), { ok: false, reason: "empty" });
});

test("checkParam names the field, as the core does", () => {
  const A = { name: "A", kind: "matrix", min: -1e15, max: 1e15, min_len: 1, max_len: 8 };
  assert.deepEqual(checkParam(A, [["1", "2.0"], ["3", "4"]]), { ok: true, text: "[[1, 2.0], [3, 4]]" });
  assert.equal(checkParam(A, [["1", "2"], ["3"]]).field, "params.A[1]");
  assert.equal(checkParam(A, [["1", "x"]]).field, "params.A[0][1]");
  const dks = { name: "d_k_values", kind: "int_list", min: 1, max: 4096, min_len: 1, max_len: 8 };
  assert.deepEqual(checkParam(dks, ["4", "0"]), { ok: false, field: "params.d_k_values[1]", reason: "range", limits: { min: 1, max: 4096 } });
});

test("requests keep numbers exactly as typed", () => {
  assert.equal(requestText("ch1-lab2", 3, { z: "[2.0, 1.0, 0.1]" }),
    '{"lab": "ch1-lab2", "step": 3, "params": {"z": [2.0, 1.0, 0.1]}}');
});

test("summary picks quote the step's values, never its printed text", () => {
  const sweep = fixture("ch3-lab2-step1.json");
  assert.equal(pickOutput({ values: ["spread", "spread_scaled"], format: "{0} → 나눈 뒤 {1}" }, sweep),
    "2.07, 4.06, 7.86, 15.90 → 나눈 뒤 1.04, 1.02, 0.98, 0.99");
  assert.equal(pickOutput({ columns: ["점수 표준편차"] }, sweep), "", "a printed column is no longer a source");
  const softmax = fixture("ch1-lab2-step3.json");
  assert.equal(pickOutput({ values: ["p", "sum"], format: "{0}, 합 {1}" }, softmax),
    "[0.66 0.24 0.1 ], 합 1.0");
});

test("a boolean param is Python's True or False in the code, JSON's in the request", () => {
  const spec = { name: "causal", kind: "boolean" };
  assert.equal(parseLiteral("boolean", "True"), "True");
  assert.deepEqual(checkParam(spec, "False"), { ok: true, text: "false" });
  assert.deepEqual(checkParam(spec, "true"), { ok: false, field: "params.causal", reason: "boolean" });
  assert.equal(requestText("ch3-lab3", 2, { causal: "true" }), '{"lab": "ch3-lab3", "step": 2, "params": {"causal": true}}');
});

test("a request carries the learner's code of the steps they edited", () => {
  const code = { 2: 'print("a\nb")' };
  const text = requestText("ch1-lab2", 3, { z: "[1]" }, code);
  assert.equal(text, `{"lab": "ch1-lab2", "step": 3, "params": {"z": [1]}, "code": ${JSON.stringify(code)}}`);
  assert.deepEqual(JSON.parse(text).code, { 2: 'print("a\nb")' });
  assert.equal(requestText("ch1-lab2", 3, {}, {}), '{"lab": "ch1-lab2", "step": 3, "params": {}}');
  assert.deepEqual(JSON.parse(requestText("x", 1, {}, { 1: "</script>\u2028" })).code, { 1: "</script>\u2028" });
});

test("a request may carry the lab's document instead of its id", () => {
  const document = { id: "tiny", steps: [{ step: 1, code: "x = 2.0\n" }] };
  assert.equal(requestText(document, 1, { x: "3.0" }),
    '{"lab": {"id":"tiny","steps":[{"step":1,"code":"x = 2.0\\n"}]}, "step": 1, "params": {"x": 3.0}}');
});

test("summary values come from the step's \"values\" visual: expressions of the lab over its variables", () => {
  const step2 = { ok: true, outputs: [], visuals: [{ kind: "values", first_row: "[1. 0. 0.]" }] };
  assert.equal(pickOutput({ values: ["first_row"], format: "첫 행 {0}" }, step2), "첫 행 [1. 0. 0.]");
  assert.equal(pickOutput({ values: ["missing"] }, step2), "");
});
