// The learner's values outside the page: kept per lab in localStorage, and carried by a share
// link's fragment, `#s=` + base64url of the compact JSON of the param texts, e.g.
//   {"compare_seed":"123","d_k_values":["4","16"]}  ->  #s=eyJjb21wYXJlX3NlZWQiOiIxMjMiLC...
// share.js writes the links (it loads on the first click on "share"); this reads them.
// Whatever comes back (from a link, storage or a host page) is checked against the lab's param
// specs with checkParam before use and is only ever used as values, never as HTML.
import { fromBase64Url, inflateRaw } from "./packing.js";
import { checkParam } from "./params.js";

export const MAX_STATE_CHARS = 8192;
const MAX_TEXT = 40;

/** The values in an `#s=` text, or null when it is not a valid state for these specs. */
export function decodeState(text, specs) {
  if (typeof text !== "string" || text.length > MAX_STATE_CHARS || !/^[\w-]*$/.test(text)) return null;
  try {
    const bytes = Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    return checkValues(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)), specs);
  } catch {
    return null;
  }
}

const isText = (x) => typeof x === "string" && x.length <= MAX_TEXT;
const isList = (x, item) => Array.isArray(x) && x.length <= 64 && x.every(item);
const SHAPES = {
  integer: isText,
  boolean: (x) => x === "True" || x === "False",
  vector: (x) => isList(x, isText),
  int_list: (x) => isList(x, isText),
  matrix: (x) => isList(x, (row) => isList(row, isText)),
};

/**
 * A fresh copy of `values` if every entry names a param of the lab and passes checkParam; else null.
 * @example checkValues({n_keys: "8"}, specs)        // {n_keys: "8"}
 * @example checkValues({n_keys: "<img src=x>"}, specs) // null
 */
export function checkValues(values, specs) {
  if (!values || typeof values !== "object" || Array.isArray(values)) return null;
  const out = {};
  for (const [name, value] of Object.entries(values)) {
    const spec = Object.hasOwn(specs, name) ? specs[name] : null;
    if (!spec || !SHAPES[spec.kind]?.(value) || !checkParam(spec, value).ok) return null;
    out[name] = structuredClone(value);
  }
  return out;
}

const key = (lab) => `transformer-lab:${lab}`;

/** What storage holds for the lab: values, null when it holds something invalid, undefined when nothing. */
export function loadValues(storage, lab, specs) {
  let text;
  try {
    text = storage.getItem(key(lab));
  } catch {
    return undefined;
  }
  if (text == null) return undefined;
  if (text.length > MAX_STATE_CHARS) return null;
  try {
    return checkValues(JSON.parse(text), specs);
  } catch {
    return null;
  }
}

/** The values that differ from the textbook ones: changedValues({n: "3", m: "1"}, {n: "3", m: "2"}) // {m: "1"} */
export function changedValues(values, textbook) {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(textbook[name])));
}

/** Keeps the values that differ from the textbook ones; removes the entry when none do. */
export function saveValues(storage, lab, values, textbook) {
  const changed = changedValues(values, textbook);
  try {
    if (Object.keys(changed).length) storage.setItem(key(lab), JSON.stringify(changed));
    else storage.removeItem(key(lab));
  } catch {
    // Storage full or disabled: the page still works, it just will not remember.
  }
}

// The learner's own code, kept per lab beside the values: {"2": "code of step 2", ...}, only the
// steps they edited. Each is at most MAX_CODE_CHARS; what storage holds otherwise is dropped.
export const MAX_CODE_CHARS = 65536;
export const codeKey = (lab) => `transformer-lab:${lab}:code`;

/** The edited code storage holds for the lab's `steps` (numbers): {step: text}, {} when none or invalid. */
export function loadCode(storage, lab, steps) {
  let text;
  try {
    text = storage?.getItem(codeKey(lab));
  } catch {
    return {};
  }
  if (text == null || text.length > MAX_CODE_CHARS * steps.length + 64) return {};
  try {
    return checkCode(JSON.parse(text), steps) || {};
  } catch {
    return {};
  }
}

/**
 * A fresh copy of `code` if it maps steps of the lab (numbers in `steps`, written as JSON keys) to
 * texts of at most MAX_CODE_CHARS; else null.
 * @example checkCode({"2": "print(1)"}, [1, 2, 3])  // {"2": "print(1)"}
 * @example checkCode({"02": "print(1)"}, [1, 2, 3]) // null
 */
export function checkCode(code, steps) {
  if (!code || typeof code !== "object" || Array.isArray(code)) return null;
  const out = {};
  for (const [step, text] of Object.entries(code)) {
    if (!steps.includes(Number(step)) || String(Number(step)) !== step) return null;
    if (typeof text !== "string" || text.length > MAX_CODE_CHARS) return null;
    out[step] = text;
  }
  return out;
}

// A share link carries the edited code as `#c=` + base64url of the deflate-raw compressed JSON
// ({"2": "code of step 2"}): a few lines of changes cost a few hundred characters. A link longer
// than MAX_LINK_CODE_CHARS (share.js's LINK_CODE_CHARS) is not made (the page offers the notebook instead); what a link holds
// is inflated only up to MAX_LINK_CODE_BYTES, then checked like stored code.
export const MAX_LINK_CODE_CHARS = 8192;
export const MAX_LINK_CODE_BYTES = 65536;

/** The code in a `#c=` text for the lab's `steps`, or null when it is not valid (never throws). */
export async function decodeCode(text, steps) {
  if (typeof text !== "string" || text.length > MAX_LINK_CODE_CHARS || !/^[\w-]*$/.test(text)) return null;
  try {
    // Inflated piece by piece: a small link that would inflate to megabytes stops at the limit.
    const bytes = await inflateRaw(fromBase64Url(text), MAX_LINK_CODE_BYTES);
    if (bytes === null) return null;
    return checkCode(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)), steps);
  } catch {
    return null;
  }
}

// The code a share link's code replaced, kept aside until the learner takes it back.
const asideKey = (lab) => `transformer-lab:${lab}:code-before-link`;

/** Keeps `code` aside ({step: text}). */
export function putCodeAside(storage, lab, code) {
  try {
    storage?.setItem(asideKey(lab), JSON.stringify(code));
  } catch {
    // Storage full or disabled: the page still works, it just will not remember.
  }
}

/** The code kept aside for the lab's `steps`, removed from storage; null when none or invalid. */
export function takeCodeAside(storage, lab, steps) {
  try {
    const kept = checkCode(JSON.parse(storage?.getItem(asideKey(lab))), steps);
    storage.removeItem(asideKey(lab));
    return kept;
  } catch {
    return null;
  }
}

/** Keeps the edited code ({step: text}); removes the entry when no step is edited. */
export function saveCode(storage, lab, code) {
  try {
    if (Object.keys(code).length) storage?.setItem(codeKey(lab), JSON.stringify(code));
    else storage?.removeItem(codeKey(lab));
  } catch {
    // Storage full or disabled: the page still works, it just will not remember.
  }
}

// Which cells' variables panels the learner left open, per lab: [2, 3].
const panelsKey = (lab) => `transformer-lab:${lab}:variables-open`;

/** The steps (among `steps`) whose variables panel storage says is open; [] when none or invalid. */
export function loadOpenPanels(storage, lab, steps) {
  try {
    const kept = JSON.parse(storage?.getItem(panelsKey(lab)) ?? "[]");
    return Array.isArray(kept) ? steps.filter((s) => kept.includes(s)) : [];
  } catch {
    return [];
  }
}

export function saveOpenPanels(storage, lab, steps) {
  try {
    if (steps.length) storage?.setItem(panelsKey(lab), JSON.stringify(steps));
    else storage?.removeItem(panelsKey(lab));
  } catch {
    // Storage full or disabled: the panels just start closed.
  }
}
