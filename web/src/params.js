// Param values as the learner edits them: every number is kept as text, so "2.0" stays a float
// for NumPy (JSON.stringify(2.0) would send 2, an int). Pure functions, used by the page and tests.

const FULL_WIDTH = /[\uFF10-\uFF19\uFF0E\uFF0D\uFF0B]/g;
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const INTEGER = /^-?(0|[1-9]\d*)$/;

/**
 * Reads a param's value out of the literal the code shows.
 * @example parseLiteral("matrix", "np.array([[1, 2],\n              [3, 4]])") // [["1","2"],["3","4"]]
 * @example parseLiteral("vector", "np.array([2.0, 1.0, 0.1])")             // ["2.0","1.0","0.1"]
 * @example parseLiteral("int_list", "[4, 16, 64]")                          // ["4","16","64"]
 * @example parseLiteral("integer", "42")                                    // "42"
 */
export function parseLiteral(kind, text) {
  if (kind === "integer") return text.trim();
  const inner = text.replace(/^np\.array\(/, "").replace(/\)$/, "");
  const rows = [];
  const rowRe = /\[([^[\]]*)\]/g;
  let m;
  while ((m = rowRe.exec(inner)) !== null) rows.push(m[1].split(",").map((s) => s.trim()).filter((s) => s !== ""));
  return kind === "matrix" ? rows : rows[0] || [];
}

/**
 * Turns what a learner typed into a JSON number, accepting a few friendly spellings: full-width
 * digits from an IME ("１２" → "12"), a leading "+", "1." and ".5", the minus sign "−".
 * @example normalizeNumber("１.５")                 // {ok: true, text: "1.5"}
 * @example normalizeNumber("2.5", {integer: true})   // {ok: false, reason: "integer"}
 * @example normalizeNumber("abc")                   // {ok: false, reason: "number"}
 */
export function normalizeNumber(raw, { integer = false } = {}) {
  let t = String(raw)
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u2212/g, "-")
    .trim();
  if (t.startsWith("+")) t = t.slice(1);
  t = t.replace(/^(-?)\./, "$10.").replace(/\.$/, ".0").replace(/\.([eE])/, ".0$1");
  if (t === "") return { ok: false, reason: "empty" };
  if (integer) return INTEGER.test(t) ? { ok: true, text: t } : { ok: false, reason: "integer" };
  if (!JSON_NUMBER.test(t)) return { ok: false, reason: "number" };
  if (!Number.isFinite(Number(t))) return { ok: false, reason: "range" };
  return { ok: true, text: t };
}

/**
 * Checks one param value (as text) against its spec from the core's listing; returns the JSON
 * text to send, or the first problem with the path of the field that caused it.
 * @example checkParam({name: "d_k_values", kind: "int_list", min: 1, max: 4096, min_len: 1, max_len: 8}, ["4", "0"])
 *   // {ok: false, field: "params.d_k_values[1]", reason: "range", limits: {min: 1, max: 4096}}
 */
export function checkParam(spec, value) {
  const field = `params.${spec.name}`;
  const one = (text, path) => {
    const n = normalizeNumber(text, { integer: spec.kind === "integer" || spec.kind === "int_list" });
    if (!n.ok) return { ok: false, field: path, reason: n.reason };
    const x = Number(n.text);
    if (x < spec.min || x > spec.max) return { ok: false, field: path, reason: "range", limits: { min: spec.min, max: spec.max } };
    return { ok: true, text: n.text };
  };
  const list = (items, path) => {
    if (items.length < spec.min_len || items.length > spec.max_len) {
      return { ok: false, field: path, reason: "length", limits: { min: spec.min_len, max: spec.max_len } };
    }
    const out = [];
    for (let k = 0; k < items.length; k++) {
      const r = one(items[k], `${path}[${k}]`);
      if (!r.ok) return r;
      out.push(r.text);
    }
    return { ok: true, text: `[${out.join(", ")}]` };
  };
  if (spec.kind === "integer") return one(value, field);
  if (spec.kind === "int_list" || spec.kind === "vector") return list(value, field);
  const rows = list(value.map(() => "0"), field);
  if (!rows.ok) return rows;
  const out = [];
  for (let r = 0; r < value.length; r++) {
    if (value[r].length !== value[0].length) return { ok: false, field: `${field}[${r}]`, reason: "ragged" };
    const row = list(value[r], `${field}[${r}]`);
    if (!row.ok) return row;
    out.push(row.text);
  }
  return { ok: true, text: `[${out.join(", ")}]` };
}

/**
 * The request text for one step, numbers exactly as typed.
 * @example requestText("ch1-lab2", 3, {z: "[2.0, 1.0, 0.1]"})
 *   // '{"lab": "ch1-lab2", "step": 3, "params": {"z": [2.0, 1.0, 0.1]}}'
 */
export function requestText(lab, step, paramTexts) {
  const entries = Object.entries(paramTexts).map(([name, text]) => `${JSON.stringify(name)}: ${text}`);
  return `{"lab": ${JSON.stringify(lab)}, "step": ${step}, "params": {${entries.join(", ")}}}`;
}
