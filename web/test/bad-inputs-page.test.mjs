// The bad-input catalogue (tests/bad_inputs.json) typed into the page, in Korean and in English.
// Every entry a learner could type into a cell's fields is typed into that field's editor; the page
// must answer at the field, in the page's language, keep the text as typed, keep the cell's last
// good output marked stale, leave every other cell alone, and recompute once the value is fixed.
// The catalogue's must-pass entries typed the same way give labrun's output. What the fields
// accept leniently (docs/page.md, "What the fields accept") gives the same output as the plain spelling.
//   node --test web/test/bad-inputs-page.test.mjs      (after ./lab build; TLAB_SITE=<dir> for another build)
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import { HANGUL, ROOT, SITE, labrun, ready, startBrowser, streams, watch } from "./browser-support.mjs";

const CATALOGUE = JSON.parse(readFileSync(join(ROOT, "tests/bad_inputs.json"), "utf8"));
const LANGS = ["ko", "en"];

// ---- The catalogue as requests: the same expansion as tests/bad_inputs_cli.py --------------------

function requestText(entry) {
  if ("request_base64" in entry) return null; // raw bytes (invalid UTF-8, NUL, BOMs): the API's alone
  if (!("request_text" in entry)) return JSON.stringify(entry.request);
  let text = entry.request_text;
  (entry.repeat || []).forEach((r, k) => { text = text.replaceAll(`<<R${k}>>`, r.text.repeat(r.count)); });
  return text;
}

/** Every catalogue request: {name, text (null for raw bytes), bad}. */
export function catalogueCases(listing) {
  const out = CATALOGUE.entries.map((e) => ({ name: e.name, text: requestText(e), bad: true }));
  for (const lab of listing) {
    for (const p of lab.params) {
      for (const t of CATALOGUE.per_param) {
        if (!t.kinds.includes(p.kind)) continue;
        const tooMany = (p.max_len ?? 0) + 1;
        const value = t.value_text
          .replaceAll("{above}", (p.max + 1).toFixed(0))
          .replaceAll("{below}", (p.min - 1).toFixed(0))
          .replaceAll("{too_many}", Array(tooMany).fill("1").join(", "))
          .replaceAll("{too_many_rows}", Array(tooMany).fill("[1]").join(", "));
        out.push({
          name: `${lab.id} ${p.name}: ${t.name}`,
          text: `{"lab": "${lab.id}", "step": ${p.steps[0]}, "params": {"${p.name}": ${value}}}`,
          bad: true,
        });
      }
    }
  }
  return out.concat(CATALOGUE.ok.map((e) => ({ name: e.name, text: requestText(e), bad: false })));
}

// JSON read so that every number or bare word (NaN, inf, 1e400, 0x1, 01...) stays its text:
// {raw: "1e400"}. Strings, true/false/null and objects keep their JSON kind; a duplicate key or any
// syntax error throws.
function readRequest(text) {
  let at = 0;
  const fail = () => { throw new Error(`syntax at ${at}`); };
  const space = () => { while (/\s/.test(text[at] ?? "")) at++; };
  const value = (depth) => {
    if (depth > 16) fail();
    space();
    const c = text[at];
    if (c === "{") {
      at++;
      const object = new Map();
      space();
      if (text[at] === "}") { at++; return object; }
      for (;;) {
        space();
        const key = value(depth + 1);
        if (typeof key?.string !== "string" || object.has(key.string)) fail();
        space();
        if (text[at++] !== ":") fail();
        object.set(key.string, value(depth + 1));
        space();
        if (text[at] === "}") { at++; return object; }
        if (text[at++] !== ",") fail();
      }
    }
    if (c === "[") {
      at++;
      const array = [];
      space();
      if (text[at] === "]") { at++; return array; }
      for (;;) {
        array.push(value(depth + 1));
        space();
        if (text[at] === "]") { at++; return array; }
        if (text[at++] !== ",") fail();
      }
    }
    if (c === '"') {
      const m = /^"(?:[^"\\\u0000-\u001f]|\\.)*"/.exec(text.slice(at, at + 200000));
      if (!m) fail();
      at += m[0].length;
      return { string: JSON.parse(m[0]) };
    }
    const m = /^[\w.+-]+/.exec(text.slice(at, at + 400000));
    if (!m) fail();
    at += m[0].length;
    return ["true", "false", "null"].includes(m[0]) ? { literal: m[0] } : { raw: m[0] };
  };
  const result = value(0);
  space();
  if (at !== text.length) fail();
  return result;
}

const isRaw = (x) => typeof x?.raw === "string";
const SHAPES = {
  integer: (x) => isRaw(x),
  vector: (x) => Array.isArray(x) && x.every(isRaw),
  int_list: (x) => Array.isArray(x) && x.every(isRaw),
  matrix: (x, spec) => Array.isArray(x) && x.length <= spec.max_len && x.every((row) => Array.isArray(row) && row.every(isRaw)),
  boolean: () => false, // a checkbox makes True or False only: every bad boolean is the API's alone
};

/**
 * The rule that splits the catalogue: an entry goes to the page when it is a well-formed request
 * for a lab's step whose params are all that lab's and each has the shape its editor holds (a
 * number field, a row of fields, a grid of at most max_len rows; a checkbox, which cannot hold a
 * bad value), every value being a number or
 * a bare word a learner could type. Anything else (raw bytes, JSON syntax, wrong JSON types,
 * unknown labs, steps or params, more rows than the grid can have) only the API can receive.
 * @returns {lab, step, params: {name: tokens}} or null
 */
export function pageCase(text, listing) {
  if (text === null) return null;
  let request;
  try {
    request = readRequest(text);
  } catch {
    return null;
  }
  if (!(request instanceof Map) || [...request.keys()].some((k) => !["lab", "step", "params"].includes(k))) return null;
  const lab = listing.find((l) => l.id === request.get("lab")?.string);
  const step = request.get("step")?.raw;
  const params = request.get("params");
  if (!lab || !/^[1-3]$/.test(step ?? "") || !(params instanceof Map) || params.size === 0) return null;
  const out = {};
  for (const [name, value] of params) {
    const spec = lab.params.find((p) => p.name === name);
    if (!spec || !SHAPES[spec.kind](value, spec)) return null;
    const raw = (x) => x.raw;
    out[name] = spec.kind === "integer" ? value.raw : spec.kind === "matrix" ? value.map((row) => row.map(raw)) : value.map(raw);
  }
  return { lab: lab.id, step: Number(step), params: out };
}

/**
 * The texts typed into the editor's fields for a value: one number a field; what does not fit
 * (past max_len fields, longer rows than the shortest) goes into the last field, comma-separated,
 * as a learner pasting it would; an empty list or row is a blank field.
 * @example fieldTexts({kind: "vector", max_len: 2}, ["1", "2", "3"]) // ["1", "2, 3"]
 */
export function fieldTexts(spec, tokens) {
  if (spec.kind === "integer") return tokens;
  const fit = (items, n) => (items.length === 0 ? Array(n).fill("") : [...items.slice(0, n - 1), items.slice(n - 1).join(", ")]);
  if (spec.kind !== "matrix") return fit(tokens, Math.min(Math.max(tokens.length, 1), spec.max_len));
  if (tokens.length === 0) return [[""]];
  const width = Math.min(Math.max(Math.min(...tokens.map((row) => row.length)), 1), spec.max_len);
  return tokens.map((row) => fit(row, width));
}

// ---- In the page --------------------------------------------------------------------------------

/**
 * Runs a batch of cases inside the page, one after the other, and returns what each left on it.
 * A case: {type: [{step, name, kind, texts}], fix: [...same, the textbook values], steps}.
 * Typing: click the param's literal, give its editor as many fields as `texts` has (its buttons),
 * put each text in its field with an input event (as typing or pasting does), then Shift+Enter.
 * Fixing: type the textbook values, run the `steps` cells and wait for their new outputs.
 */
async function runInPage(batch) {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const cellStates = () => [...document.querySelectorAll("section.cell")].map((cell) => {
    const outputs = cell.querySelector(".outputs");
    const copy = outputs.cloneNode(true);
    copy.classList.remove("is-stale");
    for (const node of copy.querySelectorAll(".is-changed")) node.classList.remove("is-changed");
    const status = cell.querySelector(".cell-status");
    return { step: Number(cell.dataset.step), html: copy.outerHTML, stale: outputs.classList.contains("is-stale"),
      status: status.textContent, statusStale: status.classList.contains("is-stale"),
      streams: [...outputs.querySelectorAll(".out-stream")].map((n) => n.textContent) };
  });
  const editorState = (step) => {
    const slot = document.querySelector(`#step-${step} .editor-slot`);
    const error = slot.querySelector(".field-error");
    const boxes = [...slot.querySelectorAll("input")];
    return {
      values: boxes.map((b) => b.value),
      fields: boxes.map((b) => b.dataset.field),
      invalid: boxes.filter((b) => b.getAttribute("aria-invalid") === "true").map((b) => b.dataset.field),
      message: error && !error.hidden ? error.textContent : "",
    };
  };
  const type = async ({ step, name, kind, texts }) => {
    const cell = document.getElementById(`step-${step}`);
    cell.querySelector(`.lit[data-param="${name}"]`).click();
    const slot = cell.querySelector(".editor-slot");
    // The first editor of a page loads its module first.
    for (let k = 0; k < 500 && !slot.querySelector("input"); k++) await sleep(10);
    const buttons = () => [...slot.querySelectorAll(".editor-actions button")];
    const inputs = () => [...slot.querySelectorAll("input")];
    const resize = (count, want, grow, shrink) => {
      for (let k = 0; k < 200 && count() !== want; k++) {
        const b = buttons()[count() < want ? grow : shrink];
        if (b.disabled) break;
        b.click();
      }
    };
    if (kind === "matrix") {
      resize(() => slot.querySelectorAll("tr").length, texts.length, 0, 1);
      resize(() => slot.querySelector("tr").querySelectorAll("input").length, texts[0].length, 2, 3);
    } else if (kind !== "integer") {
      resize(() => inputs().length, texts.length, 0, 1);
    }
    const flat = kind === "integer" ? [texts] : texts.flat();
    const boxes = inputs();
    if (boxes.length !== flat.length) return `the editor holds ${boxes.length} fields, not ${flat.length}`;
    boxes.forEach((box, k) => {
      box.focus();
      box.value = flat[k];
      box.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
    });
    return null;
  };
  const runNow = () => document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", shiftKey: true, bubbles: true }));
  const rerun = async (steps) => {
    const cells = steps.map((s) => document.getElementById(`step-${s}`));
    for (const cell of cells) {
      cell.querySelector(".outputs").dataset.old = "1";
      cell.querySelector('[data-action="run"]').click();
    }
    const done = () => cells.every((c) => !c.classList.contains("is-running") && !c.querySelector(".outputs").dataset.old);
    for (let k = 0; k < 800 && !done(); k++) await sleep(10);
    return done();
  };

  const results = [];
  let before = cellStates();
  for (const job of batch) {
    const r = { before };
    for (const t of job.type) r.error ??= await type(t);
    const last = job.type.at(-1);
    if (job.ok) {
      r.recomputed = await rerun(job.steps);
    } else {
      runNow();
    }
    r.editor = editorState(last.step);
    r.after = cellStates();
    for (const t of job.fix) await type(t);
    r.fixed = await rerun(job.steps);
    r.fixedEditor = editorState(last.step);
    before = r.fixedStates = cellStates();
    results.push(r);
  }
  return results;
}

// ---- The tests ----------------------------------------------------------------------------------

let browser;
let listing;
let cases;
const problems = [];

async function openLab(path) {
  const page = watch(await browser.context.newPage(), browser.base, problems);
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(`${browser.base}${path}`);
  // Every test starts from the textbook values (the page keeps edits per lab).
  if (await page.evaluate(() => { const kept = localStorage.length > 0; localStorage.clear(); return kept; })) await page.reload();
  await ready(page);
  return page;
}

before(async () => {
  assert.ok(existsSync(join(SITE, "ch1-lab2.en.html")), `${SITE} is missing: run ./lab build first`);
  listing = labrun({ list: true }).labs;
  cases = catalogueCases(listing).map((c) => ({ ...c, page: pageCase(c.text, listing) }));
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
});

describe("the bad-input catalogue in the page", () => {
  test("the rule that leaves entries to the API: raw bytes, JSON syntax and types, unknown names", () => {
    const byName = Object.fromEntries(cases.map((c) => [c.name, c.page]));
    for (const name of ["invalid UTF-8 byte in a string", "truncated inside params", "unknown lab", "ch1-lab2: step 0",
      "unknown param", "string number in a matrix", "trailing comma in a vector", "ch3-lab2 n_keys: string",
      "ch1-lab2 A: three levels deep", "ch1-lab2 A: too many rows", "duplicate param key"]) {
      assert.equal(byName[name], null, name);
    }
    for (const name of ["lowercase nan", "1e309 in a vector", "ragged matrix, third row shorter", "seed 2^64",
      "very long number literal", "vector of 100000 values", "ch3-lab2 n_keys: NaN", "ch1-lab2 A: empty matrix",
      "ch1-lab2 u: too many values", "ch3-lab2 d_k_values: fraction", "1x1 matrices", "tiny values 5e-324"]) {
      assert.ok(byName[name], name);
    }
    assert.deepEqual(fieldTexts({ kind: "vector", max_len: 2 }, ["1", "2", "3"]), ["1", "2, 3"]);
    assert.deepEqual(fieldTexts({ kind: "matrix", max_len: 8 }, [["1", "2"], ["3"]]), [["1, 2"], ["3"]]);
    assert.deepEqual(fieldTexts({ kind: "matrix", max_len: 8 }, [["1"], []]), [["1"], [""]]);
    const typed = cases.filter((c) => c.page);
    const bad = typed.filter((c) => c.bad).length;
    console.log(`# catalogue: ${cases.length} requests; typed into the page: ${bad} bad (in each language) + ${typed.length - bad} must-pass; API only: ${cases.length - typed.length}`);
  });

  // The textbook values as the learner sees them in the code ("2.0" stays "2.0").
  const textbookOf = async (page, specs) => {
    const data = await page.evaluate(() => JSON.parse(document.getElementById("lab-data").textContent));
    const out = {};
    for (const r of Object.values(data.responses)) {
      for (const lit of r.literals || []) {
        const text = r.source.slice(lit.start, lit.end);
        const spec = specs[lit.param];
        out[lit.param] ??= spec.kind === "integer" ? text.trim()
          : spec.kind === "matrix" ? text.match(/\[[^[\]]*\]/g).map((row) => row.match(/-?\d[\d.]*(?:e[-+]?\d+)?/g))
            : text.match(/-?\d[\d.]*(?:e[-+]?\d+)?/g);
      }
    }
    return out;
  };
  const jobFor = (c, specs, textbook) => {
    const names = Object.keys(c.page.params);
    const at = (name, texts) => ({ step: specs[name].steps[0], name, kind: specs[name].kind, texts });
    return {
      ok: !c.bad,
      type: names.map((n) => at(n, fieldTexts(specs[n], c.page.params[n]))),
      fix: names.map((n) => at(n, textbook[n])),
      steps: [...new Set(names.flatMap((n) => specs[n].steps))].sort(),
    };
  };

  // The four pages run side by side: most of a case is waiting for the page.
  describe("each lab in each language", { concurrency: true }, () => {
    for (const lab of ["ch1-lab2", "ch3-lab2"]) {
      for (const lang of LANGS) {
        test(`${lab} (${lang}): every typeable bad entry is answered at its field, nothing else moves, a fix recomputes`, async () => {
          const page = await openLab(`${lab}${lang === "en" ? ".en" : ""}.html`);
          const specs = Object.fromEntries(listing.find((l) => l.id === lab).params.map((p) => [p.name, p]));
          const textbook = await textbookOf(page, specs);
          const mine = cases.filter((x) => x.bad && x.page?.lab === lab);
          const jobs = mine.map((c) => jobFor(c, specs, textbook));
          const results = await page.evaluate(runInPage, jobs);
          const failures = [];
          mine.forEach((c, k) => {
            const job = jobs[k];
            const r = results[k];
            const fail = (what) => failures.push(`${c.name}: ${what}`);
            if (r.error) return fail(r.error);
            const last = job.type.at(-1);
            const flat = last.kind === "integer" ? [last.texts] : last.texts.flat();
            if (JSON.stringify(r.editor.values) !== JSON.stringify(flat)) fail("the fields do not keep what was typed");
            const message = r.editor.message;
            if (!message) fail("no message at the field");
            else if (lang === "ko" && (!HANGUL.test(message) || /[A-Za-z]{3,}/.test(message))) fail(`message not in Korean: ${message}`);
            else if (lang === "en" && HANGUL.test(message)) fail(`message not in English: ${message}`);
            if (/\s{2}|\s[.,]|\{\w+\}/.test(message)) fail(`a value is missing from the message: ${message}`);
            const param = `params.${last.name}`;
            if (!r.editor.invalid.length || r.editor.invalid.some((f) => f !== param && !f.startsWith(`${param}[`))) fail(`fields marked invalid: ${r.editor.invalid}`);
            const expected = CATALOGUE.entries.find((e) => e.name === c.name)?.field;
            if (expected && r.editor.fields.includes(expected) && !r.editor.invalid.includes(expected)) fail(`${expected} is not marked invalid`);
            const home = r.after.find((s) => s.step === last.step);
            if (!home.stale || !home.statusStale || !home.status) fail("the cell's outputs are not marked stale");
            else if (lang === "ko" && !HANGUL.test(home.status)) fail(`status not in Korean: ${home.status}`);
            for (const s of r.after) {
              const was = r.before.find((b) => b.step === s.step);
              if (s.html !== was.html) fail(`step ${s.step}'s outputs changed`);
              if (!job.steps.includes(s.step) && s.stale) fail(`step ${s.step} is marked stale`);
            }
            if (!r.fixed) fail("no recompute after the fix");
            for (const s of r.fixedStates) {
              if (s.stale || s.statusStale) fail(`step ${s.step} still stale after the fix`);
              if (JSON.stringify(s.streams) !== JSON.stringify(r.before.find((b) => b.step === s.step).streams)) fail(`step ${s.step} differs after the fix`);
            }
            if (r.fixedEditor.message || r.fixedEditor.invalid.length) fail("the message stays after the fix");
          });
          assert.ok(mine.length > 10, `${mine.length} entries`);
          assert.deepEqual(failures, []);
          await page.close();
        });
      }
    }
  });

  test("must-pass entries typed into the page give labrun's output", async () => {
    const failures = [];
    for (const lab of ["ch1-lab2", "ch3-lab2"]) {
      const page = await openLab(`${lab}.html`);
      const specs = Object.fromEntries(listing.find((l) => l.id === lab).params.map((p) => [p.name, p]));
      const textbook = await textbookOf(page, specs);
      const mine = cases.filter((x) => !x.bad && x.page?.lab === lab);
      const results = await page.evaluate(runInPage, mine.map((c) => jobFor(c, specs, textbook)));
      mine.forEach((c, k) => {
        const want = streams(labrun(c.text));
        const got = results[k].after.find((s) => s.step === c.page.step).streams;
        if (!results[k].recomputed || JSON.stringify(got) !== JSON.stringify(want)) {
          failures.push(`${c.name}: ${JSON.stringify(got).slice(0, 200)} != ${JSON.stringify(want).slice(0, 200)}`);
        }
      });
      await page.close();
    }
    assert.deepEqual(failures, []);
  });

  // What the fields accept leniently (docs/page.md, "What the fields accept"), typed with real key and
  // clipboard events: the same output as the plain spelling, and on commit (Enter) the fields show it.
  const LENIENT = [
    { lab: "ch1-lab2", step: 3, name: "z", typed: ["２.５, −1, .5,"], plain: ["2.5", "-1", "0.5"] },
    { lab: "ch1-lab2", step: 2, name: "u", typed: ["7\t8\t9"], plain: ["7", "8", "9"] },
    { lab: "ch1-lab2", step: 2, name: "v", typed: ["[4 5 -6]"], plain: ["4", "5", "-6"] },
    { lab: "ch1-lab2", step: 1, name: "A", typed: [["1 2 0"], ["4，5，6"]], plain: [["1", "2", "0"], ["4", "5", "6"]] },
    { lab: "ch3-lab2", step: 2, name: "compare_seed", typed: "１２３", plain: "123" },
    { lab: "ch3-lab2", step: 2, name: "n_keys", typed: "+5", plain: "5" },
    { lab: "ch3-lab2", step: 2, name: "compare_d_k", typed: "16.0", plain: "16" },
    { lab: "ch3-lab2", step: 1, name: "d_k_values", typed: ["8, 32 128"], plain: ["8", "32", "128"] },
    { lab: "ch3-lab2", step: 1, name: "n_pairs", typed: "5e2", plain: "500" },
  ];

  async function typeReally(page, { step, name, texts }) {
    await page.click(`#step-${step} .lit[data-param="${name}"]`);
    const slot = page.locator(`#step-${step} .editor-slot`);
    const actions = slot.locator(".editor-actions button");
    const count = (selector) => slot.locator(selector).count();
    const resize = async (selector, want, grow, shrink) => {
      for (let n = await count(selector); n !== want; n = await count(selector)) await actions.nth(n < want ? grow : shrink).click();
    };
    if (Array.isArray(texts) && Array.isArray(texts[0])) {
      await resize("tr", texts.length, 0, 1);
      await resize("tr:first-child input", texts[0].length, 2, 3);
    } else if (Array.isArray(texts)) {
      await resize("input", texts.length, 0, 1);
    }
    const flat = Array.isArray(texts) ? texts.flat() : [texts];
    for (let k = 0; k < flat.length; k++) await slot.locator("input").nth(k).fill(flat[k]);
  }

  // Runs the cell now and returns its outputs' HTML once they are new.
  async function outputsAfterRun(page, step) {
    await page.$eval(`#step-${step} .outputs`, (n) => { n.dataset.old = "1"; });
    await page.click(`#step-${step} [data-action="run"]`);
    await page.waitForFunction((s) => {
      const cell = document.getElementById(`step-${s}`);
      return !cell.classList.contains("is-running") && !cell.querySelector(".outputs").dataset.old;
    }, step, { timeout: 20000 });
    return page.$eval(`#step-${step} .outputs`, (n) => {
      const copy = n.cloneNode(true);
      for (const x of copy.querySelectorAll(".is-changed")) x.classList.remove("is-changed");
      return copy.outerHTML;
    });
  }

  // (The outputs do not depend on the language: one lab in each is enough.)
  for (const [lab, lang] of [["ch1-lab2", "ko"], ["ch3-lab2", "en"]]) {
    test(`lenient spellings in ${lab} (${lang}) compute what the plain spelling does; Enter rewrites them plainly`, async () => {
      const failures = [];
      {
        const page = await openLab(`${lab}${lang === "en" ? ".en" : ""}.html`);
        for (const c of LENIENT.filter((x) => x.lab === lab)) {
          await typeReally(page, { step: c.step, name: c.name, texts: c.typed });
          const lenient = await outputsAfterRun(page, c.step);
          const slot = `#step-${c.step} .editor-slot`;
          if (await page.isVisible(`${slot} .field-error`)) failures.push(`${c.name} ${JSON.stringify(c.typed)}: refused`);
          await page.locator(`${slot} input`).last().press("Enter");
          const shown = await page.$$eval(`${slot} input`, (xs) => xs.map((x) => x.value));
          if (JSON.stringify(shown) !== JSON.stringify([c.plain].flat(2))) failures.push(`${c.name}: after Enter the fields show ${JSON.stringify(shown)}`);
          await page.click(`#step-${c.step} [data-action="reset"]`);
          await typeReally(page, { step: c.step, name: c.name, texts: c.plain });
          const plain = await outputsAfterRun(page, c.step);
          if (lenient !== plain) failures.push(`${c.name} ${JSON.stringify(c.typed)}: the output differs from ${JSON.stringify(c.plain)}'s`);
          if (c.step !== 1) {
            const params = { [c.name]: JSON.parse(JSON.stringify(c.plain).replace(/"/g, "")) };
            const want = streams(labrun({ lab, step: c.step, params }));
            const got = await page.$$eval(`#step-${c.step} .outputs .out-stream`, (ns) => ns.map((n) => n.textContent));
            if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${c.name}: not labrun's output`);
          }
          await page.click(`#step-${c.step} [data-action="reset"]`);
        }
        await page.close();
      }
      assert.deepEqual(failures, []);
    });
  }

  test("pasting a spreadsheet column into a list and a block into a grid", async () => {
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(browser.base).origin });
    const page = await openLab("ch1-lab2.html");
    const paste = async (selector, text) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await page.locator(selector).first().click();
      await page.keyboard.press("Control+a");
      await page.keyboard.press("Control+v");
    };
    await page.click('#step-3 .lit[data-param="z"]');
    await page.locator("#step-3 .editor-slot .editor-actions button").nth(1).click();
    await page.locator("#step-3 .editor-slot .editor-actions button").nth(1).click();
    await paste("#step-3 .editor-slot input", "1.5\n-2\n0.25\n");
    await page.waitForFunction(() => document.querySelectorAll("#step-3 .editor-slot input").length === 3);
    assert.deepEqual(await page.$$eval("#step-3 .editor-slot input", (xs) => xs.map((x) => x.value)), ["1.5", "-2", "0.25"]);
    await outputsAfterRun(page, 3);
    const want3 = streams(labrun({ lab: "ch1-lab2", step: 3, params: { z: [1.5, -2, 0.25] } }));
    assert.deepEqual(await page.$$eval("#step-3 .outputs .out-stream", (ns) => ns.map((n) => n.textContent)), want3);

    await page.click('#step-1 .lit[data-param="A"]');
    await paste("#step-1 .editor-slot input", "1\t2\n3\t4\n5\t6\n");
    await page.waitForFunction(() => document.querySelectorAll("#step-1 .editor-slot tr").length === 3);
    const grid = await page.$$eval("#step-1 .editor-slot tr", (rows) => rows.map((r) => [...r.querySelectorAll("input")].map((x) => x.value)));
    assert.deepEqual(grid, [["1", "2", "3"], ["3", "4", "6"], ["5", "6", "0"]]);
    await outputsAfterRun(page, 1);
    const want1 = labrun({ lab: "ch1-lab2", step: 1, params: { A: [[1, 2, 3], [3, 4, 6], [5, 6, 0]] } });
    assert.deepEqual(await page.$$eval("#step-1 .outputs .out-stream", (ns) => ns.map((n) => n.textContent)), streams(want1));
    await page.close();
  });

  test("the page keeps a lenient value in its plain spelling: a long pasted row survives a reload", async () => {
    const page = await openLab("ch1-lab2.html");
    const row = Array.from({ length: 20 }, (_, k) => `${k - 9}.5`);
    await page.click('#step-3 .lit[data-param="z"]');
    await page.locator("#step-3 .editor-slot input").first().fill(row.join(",\t")); // 20 values in one field, > 40 characters
    await page.waitForFunction(() => localStorage.getItem("transformer-lab:ch1-lab2")?.includes("10.5"), null, { timeout: 20000 });
    assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem("transformer-lab:ch1-lab2"))).z, [...row, "1.0", "0.1"]);
    await page.reload();
    await ready(page);
    assert.match(await page.textContent(".lab-notice"), /저장해 둔 값/);
    const want = streams(labrun({ lab: "ch1-lab2", step: 3, params: { z: [...row.map(Number), 1.0, 0.1] } }));
    await page.waitForFunction((w) => JSON.stringify([...document.querySelectorAll("#step-3 .outputs .out-stream")].map((n) => n.textContent)) === JSON.stringify(w), want, { timeout: 20000 });
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  // A run still in flight when the learner makes the value bad must not clear the stale mark when
  // it lands (page.js: only a cell's latest run() owns it).
  test("a run in flight when the value turns bad leaves the cell marked stale", async () => {
    const page = await openLab("ch3-lab2.html");
    await page.click('#step-1 .lit[data-param="n_pairs"]');
    const field = page.locator("#step-1 .editor-slot input");
    await field.fill("20000");
    await field.press("Shift+Enter");
    await page.waitForSelector("#step-1.is-running");
    await field.fill("20000x");
    await field.press("Shift+Enter");
    await page.waitForFunction(() => !document.querySelector("#step-1.is-running"), null, { timeout: 30000 });
    const state = await page.$eval("#step-1", (cell) => ({
      stale: cell.querySelector(".outputs").classList.contains("is-stale"),
      status: cell.querySelector(".cell-status").textContent,
    }));
    await page.click('#step-1 [data-action="reset"]');
    await page.waitForFunction(() => !document.querySelector("#step-1.is-running, #step-1 .outputs.is-stale"), null, { timeout: 30000 });
    await page.close();
    assert.equal(state.stale, true, `outputs not stale; status: ${state.status}`);
  });

  test("no console errors, CSP violations, dialogs or off-origin requests", () => {
    assert.deepEqual(problems, []);
  });
});
