// Param values as the learner edits them: every number is kept as text, so "2.0" stays a float
// for NumPy (JSON.stringify(2.0) would send 2, an int). Pure functions, used by the page and tests.

const FULL_WIDTH = /[\uFF10-\uFF19\uFF0E\uFF0D\uFF0B]/g;
// Between the numbers of one field: commas (ASCII or full-width), spaces, tabs.
const SEPARATOR = /\s*[,\uFF0C]\s*|\s+/;
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const INTEGER = /^-?(0|[1-9]\d*)$/;

/**
 * Reads a param's value out of the literal the code shows.
 * @example parseLiteral("matrix", "np.array([[1, 2],\n              [3, 4]])") // [["1","2"],["3","4"]]
 * @example parseLiteral("vector", "np.array([2.0, 1.0, 0.1])")             // ["2.0","1.0","0.1"]
 * @example parseLiteral("int_list", "[4, 16, 64]")                          // ["4","16","64"]
 * @example parseLiteral("integer", "42")                                    // "42"
 * @example parseLiteral("boolean", "True")                                  // "True"
 */
export function parseLiteral(kind, text) {
  if (kind === "integer" || kind === "boolean") return text.trim();
  const inner = text.replace(/^np\.array\(/, "").replace(/\)$/, "");
  const rows = [];
  const rowRe = /\[([^[\]]*)\]/g;
  let m;
  while ((m = rowRe.exec(inner)) !== null) rows.push(m[1].split(",").map((s) => s.trim()).filter((s) => s !== ""));
  return kind === "matrix" ? rows : rows[0] || [];
}

/**
 * The numbers in one field's text. A field may hold several, as a pasted spreadsheet row or Python
 * list brings them: separated by commas or white space, inside one pair of brackets, with a
 * trailing comma ignored. Always at least one part ("" for a blank field).
 * @example splitNumbers("1, 2,")       // ["1", "2"]
 * @example splitNumbers("[4\t16 64]")  // ["4", "16", "64"]
 * @example splitNumbers(" ")           // [""]
 */
export function splitNumbers(raw) {
  const t = String(raw).trim().replace(/^\[(.*)\]$/s, "$1").trim().replace(/[,\uFF0C]$/, "").trim();
  return t === "" ? [""] : t.split(SEPARATOR);
}

/**
 * Turns what a learner typed into a JSON number, accepting a few friendly spellings: full-width
 * digits from an IME ("１２" → "12"), a leading "+", "1." and ".5", the minus sign "−"; where a
 * whole number is wanted, one written as a float ("8.0", "1e3").
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
  t = t.replace(/^(-?)\.(?=\d)/, "$10.").replace(/(\d)\.$/, "$1.0").replace(/(\d)\.([eE])/, "$1.0$2");
  if (t === "") return { ok: false, reason: "empty" };
  const number = JSON_NUMBER.test(t);
  if (number && !Number.isFinite(Number(t))) return { ok: false, reason: "range" };
  // A whole number written as a float ("8.0", "1e3") is that integer, as the core takes it.
  if (integer && !INTEGER.test(t)) return number && Number.isInteger(Number(t)) ? { ok: true, text: Number(t).toFixed(0) } : { ok: false, reason: "integer" };
  return number ? { ok: true, text: t } : { ok: false, reason: "number" };
}

/**
 * Checks one param value (as the editor's field texts) against its spec from the core's listing;
 * returns the JSON text to send, or the first problem with the path of the field that caused it.
 * A field of a list or matrix row may hold several numbers (see splitNumbers); limits on lengths
 * count the numbers, and a problem names the field the number was typed in.
 * @example checkParam({name: "d_k_values", kind: "int_list", min: 1, max: 4096, min_len: 1, max_len: 8}, ["4", "0"])
 *   // {ok: false, field: "params.d_k_values[1]", reason: "range", limits: {min: 1, max: 4096}}
 * @example checkParam({name: "z", kind: "vector", min: -1e15, max: 1e15, min_len: 1, max_len: 64}, ["1, 2,", "３"])
 *   // {ok: true, text: "[1, 2, 3]"}
 */
/** Whether a param holds whole numbers (a seed, a size, the list of d_k) rather than any number. */
export function wantsIntegers(spec) {
  return spec.kind === "integer" || spec.kind === "int_list";
}

export function checkParam(spec, value) {
  const field = `params.${spec.name}`;
  const integer = wantsIntegers(spec);
  const limits = { min: spec.min, max: spec.max };
  const one = (text, path) => {
    const n = normalizeNumber(text, { integer });
    if (!n.ok) return { ok: false, field: path, reason: n.reason, ...(n.reason === "range" && { limits }) };
    const x = Number(n.text);
    if (x < spec.min || x > spec.max) return { ok: false, field: path, reason: "range", limits };
    return { ok: true, text: n.text };
  };
  // Field texts -> [{part, path}]: the numbers they hold, each with the path of its field.
  const numbers = (texts, path) => texts.flatMap((text, k) => splitNumbers(text).map((part) => ({ part, path: `${path}[${k}]` })));
  const list = (items, path) => {
    if (items.length < spec.min_len || items.length > spec.max_len) {
      return { ok: false, field: path, reason: "length", limits: { min: spec.min_len, max: spec.max_len } };
    }
    const out = [];
    for (const { part, path: at } of items) {
      const r = one(part, at);
      if (!r.ok) return r;
      out.push(r.text);
    }
    return { ok: true, text: `[${out.join(", ")}]` };
  };
  // Python's spelling, as the code shows it; JSON's goes to the core.
  if (spec.kind === "boolean") return value === "True" || value === "False" ? { ok: true, text: value === "True" ? "true" : "false" } : { ok: false, field, reason: "boolean" };
  // One number per integer field: "1,000" or "8," is refused rather than guessed at.
  if (spec.kind === "integer") return /[\s,\uFF0C]/.test(String(value).trim()) ? { ok: false, field, reason: "one" } : one(value, field);
  if (spec.kind === "int_list" || spec.kind === "vector") return list(numbers(value, field), field);
  const shape = list(value.map(() => ({ part: "0" })), field);
  if (!shape.ok) return shape;
  const rows = value.map((row, r) => numbers(row, `${field}[${r}]`));
  const out = [];
  for (let r = 0; r < rows.length; r++) {
    if (rows[r].length !== rows[0].length) return { ok: false, field: `${field}[${r}]`, reason: "ragged" };
    const row = list(rows[r], `${field}[${r}]`);
    if (!row.ok) return row;
    out.push(row.text);
  }
  return { ok: true, text: `[${out.join(", ")}]` };
}

// The lab's document as JSON text, written once per document: the same bytes in every request
// (the core reads a document it has just read no further: api.cpp).
const documentTexts = new WeakMap();
const documentText = (lab) => {
  if (typeof lab !== "object" || lab === null) return JSON.stringify(lab);
  if (!documentTexts.has(lab)) documentTexts.set(lab, JSON.stringify(lab));
  return documentTexts.get(lab);
};

/**
 * The request text for one step, numbers exactly as typed. `lab` is the lab's document (what the
 * page sends: the wasm core has no lab folders) or, for the native core, its id.
 * `code` holds the learner's code of the steps they edited, by step: those steps run it instead of
 * their own (docs/api.md, "Edited cells of a lab"); `inspect` names a variable whose whole repr
 * the answer carries (the variables panel's "show all"); `answers` the learner's answers to the
 * lab's number and choice exercises ({"sharp-d-k": "64"}).
 * @example requestText("ch1-lab2", 3, {z: "[2.0, 1.0, 0.1]"})
 *   // '{"lab": "ch1-lab2", "step": 3, "params": {"z": [2.0, 1.0, 0.1]}}'
 * @example requestText("ch1-lab2", 3, {}, {2: "print(1)"})
 *   // '{"lab": "ch1-lab2", "step": 3, "params": {}, "code": {"2":"print(1)"}}'
 */
export function requestText(lab, step, paramTexts, code = {}, inspect = null, answers = {}) {
  const entries = Object.entries(paramTexts).map(([name, text]) => `${JSON.stringify(name)}: ${text}`);
  const edited = Object.keys(code).length ? `, "code": ${JSON.stringify(code)}` : "";
  const asked = inspect ? `, "inspect": ${JSON.stringify(inspect)}` : "";
  const answered = Object.keys(answers).length ? `, "answers": ${JSON.stringify(answers)}` : "";
  return `{"lab": ${documentText(lab)}, "step": ${step}, "params": {${entries.join(", ")}}${edited}${asked}${answered}}`;
}
