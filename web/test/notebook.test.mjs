// The notebook export (web/src/notebook.js): its shape, and — with real Jupyter — that running
// it top to bottom prints exactly the outputs it stores, at textbook and at edited values and
// with the learner's own code (a cell the core did not run stores none, and is checked so). The
// responses come from the native core (build/native/labrun, or the one TLAB_LABRUN names, relative
// to the repository's root).
//   node --test web/test/notebook.test.mjs      (after ./lab build; needs jupyter-nbconvert,
//                                                python3-ipykernel, python3-nbformat: ./lab test
//                                                installs them)
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { localize } from "../src/i18n.js";
import { buildNotebook, notebookOutputs } from "../src/notebook.js";
import { readLabFiles } from "../tools/lab-content.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const LABRUN = resolve(ROOT, process.env.TLAB_LABRUN || "build/native/labrun");
const PYTHON = "/usr/bin/python3"; // Debian's, with numpy, pandas, matplotlib and Jupyter

const labrun = (request) => JSON.parse(execFileSync(LABRUN, { input: JSON.stringify(request), encoding: "utf8" }));
// The prose as the build reads it: content.json with lab.json's titles (through the listing).
const listing = labrun({ list: true }).labs;
const raw = (lab) => readLabFiles(join(ROOT, "labs"), listing.find((l) => l.id === lab)).content;
// The Korean text, as the notebook's cells show it by default.
const content = (lab) => localize(raw(lab), "ko");

// Every step's response for one set of lab-wide params and the learner's code by step (as the
// page sends them).
function responsesFor(lab, params = {}, code = {}) {
  const responses = {};
  for (const step of content(lab).steps) responses[step.step] = labrun({ lab, step: step.step, params, code });
  return responses;
}
// A step's own code, as the learner finds it in the editor before changing it.
const textbook = (lab, step) => labrun({ lab, step }).source;
// Statuses of the core's that leave a cell without outputs of its own (web/src/notebook.js).
const NOT_RUN = new Set(["unsupported", "not-run"]);

const CASES = [
  { name: "ch1-lab2 textbook", lab: "ch1-lab2", params: {} },
  // A no longer fits B (an uncaught ValueError in step 1), v too short (step 2 raises), float z.
  { name: "ch1-lab2 edited", lab: "ch1-lab2", params: { A: [[1, 2], [3, 4]], v: [4, 5], z: [1.5, -2, 3, 0.25] } },
  // Scores that make NumPy warn on stderr: np.exp overflows (800) and np.round's multiply does (706).
  { name: "ch1-lab2 overflow warnings", lab: "ch1-lab2", params: { z: [800.0, 706.0, 1.0] } },
  { name: "ch3-lab2 textbook", lab: "ch3-lab2", params: {} },
  { name: "ch3-lab2 edited", lab: "ch3-lab2",
    params: { sweep_seed: 1, d_k_values: [2, 8, 1000], n_pairs: 500, compare_seed: 3, compare_d_k: 16, n_keys: 5 } },
  { name: "ch3-lab3 textbook", lab: "ch3-lab3", params: {} },
  // No mask, seven words: the heatmap's figure and the printed weights change with them.
  { name: "ch3-lab3 edited", lab: "ch3-lab3", params: { seed: 11, seq_len: 7, d_k: 8, causal: false } },
  // The learner's code (docs/api.md, "Edited cells of a lab"); `statuses` is what the case is
  // meant to give, step by step, as labrun answers it.
  // Step 2 with two lines more, ending without a newline: step 3 draws the `before` they make.
  { name: "ch3-lab2 edited code", lab: "ch3-lab2", params: {},
    code: { 2: `${textbook("ch3-lab2", 2)}before = softmax(s * 2)\nprint(before.round(2))` },
    statuses: ["ok", "ok", "ok"] },
  // Step 2 raises before it makes `before`; step 3, which draws it, is not run.
  { name: "ch3-lab2 edited code raises", lab: "ch3-lab2", params: {},
    code: { 2: textbook("ch3-lab2", 2).replace("s = keys @ q", "s = keys @ keys") },
    statuses: ["ok", "error", "not-run"] },
  // Step 1 raises; step 2 prints a line, then uses a set (outside the kernel's subset); step 3
  // needs neither and ends in a value (an execute_result) and blank lines.
  { name: "ch1-lab2 edited code", lab: "ch1-lab2", params: {},
    code: {
      1: "A = np.array([[1, 2, 3], [4, 5, 6]])\nprint(A @ A)\n",
      2: 'words = ["q", "k", "q"]\nprint(len(words))\nprint(len(set(words)))\n',
      3: `${textbook("ch1-lab2", 3)}p.round(3)\n\n\n`,
    },
    statuses: ["error", "unsupported", "ok"] },
  // A syntax error at the end of the input, whose line counts the blank lines after the code;
  // step 3 reads `np`, which the broken cell might have bound, so it is not run.
  { name: "ch1-lab2 syntax error", lab: "ch1-lab2", params: {},
    code: { 2: 'u = np.array([1, 2, 3])\nprint("u =", u\n\n\n' },
    statuses: ["ok", "error", "not-run"] },
];

const joined = (text) => (Array.isArray(text) ? text.join("") : text);

// A warning's file: Jupyter's /tmp/ipykernel_<pid>/<hash>.py, or the core's placeholder for it.
const CELL_PATH = /^\/tmp\/ipykernel_[^/\n]+\/[^/\n]+\.py:(?=\d+: )/gm;
// matplotlib's warning that the default font lacks a Hangul glyph (and the code line under it):
// it comes from this machine's fonts, not from the lesson's numbers, and the core leaves it out.
const GLYPH_WARNING = /^\S.*: UserWarning: Glyph \d+ .* missing from current font\.\n( {2}.*\n)?/gm;
const stderrText = (text) => joined(text).replace(GLYPH_WARNING, "").replace(CELL_PATH, "<cell>:");
// A syntax error's value names the cell's file: the core's <cell N>, Jupyter's <hash>.py.
const SYNTAX_FILE = /\((?:<cell \d+>|\d+\.py), (line \d+)\)$/;

// What the comparison looks at, in order: stdout and stderr (consecutive writes joined, as Jupyter
// may split or merge them differently; stderr with the cell's file name normalized and without
// matplotlib's glyph warnings), errors by name and value (Jupyter's traceback is its own; a syntax
// error's file name normalized), and the text/plain of anything displayed.
function comparable(outputs) {
  const result = [];
  for (const o of outputs) {
    if (o.output_type === "stream") {
      const name = o.name === "stderr" ? "stderr" : "stdout";
      const text = name === "stderr" ? stderrText(o.text) : joined(o.text);
      if (text === "") continue;
      const last = result[result.length - 1];
      if (last?.[name] !== undefined) last[name] += text;
      else result.push({ [name]: text });
    } else if (o.output_type === "error") {
      result.push({ ename: o.ename, evalue: o.evalue.replace(SYNTAX_FILE, "(<cell>, $1)") });
    } else {
      result.push({ [o.output_type === "execute_result" ? "result" : "display"]: joined(o.data["text/plain"]) });
    }
  }
  return result;
}

describe("buildNotebook", () => {
  const ch1 = buildNotebook({ lab: "ch1-lab2", content: content("ch1-lab2"), responses: responsesFor("ch1-lab2") });
  const ch3Responses = responsesFor("ch3-lab2");
  const ch3 = buildNotebook({ lab: "ch3-lab2", content: content("ch3-lab2"), responses: ch3Responses });
  // the learner's code: an error, code outside the subset, a value (CASES)
  const editedCode = CASES.find((c) => c.name === "ch1-lab2 edited code").code;
  const editedResponses = responsesFor("ch1-lab2", {}, editedCode);
  const edited = buildNotebook({ lab: "ch1-lab2", content: content("ch1-lab2"), responses: editedResponses });

  test("is nbformat 4.5 with unique cell ids and a python3 kernel", () => {
    for (const nb of [ch1, ch3, edited]) {
      assert.equal(nb.nbformat, 4);
      assert.equal(nb.nbformat_minor, 5);
      assert.equal(nb.metadata.kernelspec.name, "python3");
      const ids = nb.cells.map((c) => c.id);
      assert.equal(new Set(ids).size, ids.length);
      for (const id of ids) assert.match(id, /^[a-zA-Z0-9-_]{1,64}$/);
      assert.deepEqual(JSON.parse(JSON.stringify(nb)), nb);
    }
  });

  test("passes nbformat's own validator", () => {
    const dir = mkdtempSync(join(tmpdir(), "tlab-nb-"));
    try {
      const file = join(dir, "nb.ipynb");
      for (const nb of [ch1, ch3, edited]) {
        writeFileSync(file, JSON.stringify(nb));
        execFileSync(PYTHON, ["-c", "import nbformat, sys; nbformat.validate(nbformat.read(sys.argv[1], as_version=4))", file]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("starts with the title, then the lab's setup as a code cell of its own, if it has one", () => {
    const c = content("ch3-lab2");
    assert.equal(ch3.cells[0].cell_type, "markdown");
    assert.ok(ch3.cells[0].source.startsWith(`# ${c.title}\n\n`));
    assert.deepEqual(ch1.cells[1], { cell_type: "code", id: "setup", execution_count: 1, metadata: {},
      source: "import numpy as np", outputs: [] });
    // ch3-lab2 has no setup: its step 1 imports what it uses.
    assert.equal(ch3.cells[1].id, "step-1-text");
    assert.ok(ch3.cells.find((x) => x.id === "step-1").source.startsWith("import numpy as np\nimport pandas as pd\n"));
  });

  test("each step: its title and lead, then its code with the step's outputs", () => {
    const c = content("ch1-lab2");
    const responses = responsesFor("ch1-lab2");
    for (const step of c.steps) {
      const text = ch1.cells.find((cell) => cell.id === `step-${step.step}-text`);
      assert.equal(text.source, `## ${step.title}\n\n${step.lead}`);
      const code = ch1.cells.find((cell) => cell.id === `step-${step.step}`);
      assert.equal(code.source, responses[step.step].source.trimEnd());
      assert.deepEqual(code.outputs, responses[step.step].outputs);
    }
  });

  test("a step's cell is its code alone: the cells above made what it reads (ch3-lab2 step 3)", () => {
    assert.equal(ch3.cells.find((c) => c.id === "step-3").source, ch3Responses[3].source.trimEnd());
    assert.equal(ch3.cells.filter((c) => c.source.includes("def softmax(x):")).length, 1);
  });

  test("a printed table becomes stdout text; a chart keeps only its text/plain", () => {
    const step2 = ch3.cells.find((c) => c.id === "step-2").outputs;
    const table = ch3Responses[2].outputs[0].data["text/plain"];
    assert.deepEqual(step2, [{ output_type: "stream", name: "stdout", text: `${table}\n${ch3Responses[2].outputs[1].text}` }]);
    assert.deepEqual(ch3.cells.find((c) => c.id === "step-3").outputs,
      [{ output_type: "display_data", data: { "text/plain": "<Figure size 700x320 with 1 Axes>" }, metadata: {} }]);
    assert.deepEqual(notebookOutputs([{ output_type: "stream", name: "stdout", text: "a\n" }, { output_type: "stream", name: "stdout", text: "b\n" }]),
      [{ output_type: "stream", name: "stdout", text: "a\nb\n" }]);
  });

  test("English text from the content's en, Korean where a translation is missing", () => {
    const c = raw("ch1-lab2");
    const partly = structuredClone(c);
    partly.title = { ko: c.title.ko, en: "Lab 2 — matmul" };
    partly.steps[1].lead = { ko: c.steps[1].lead.ko };
    const nb = buildNotebook({ lab: "ch1-lab2", content: partly, responses: responsesFor("ch1-lab2"), lang: "en" });
    assert.ok(nb.cells[0].source.startsWith("# Lab 2 — matmul\n\n"));
    assert.equal(nb.cells.find((x) => x.id === "step-1-text").source, `## ${c.steps[0].title.en}\n\n${c.steps[0].lead.en}`);
    assert.equal(nb.cells.find((x) => x.id === "step-2-text").source, `## ${c.steps[1].title.en}\n\n${c.steps[1].lead.ko}`);
  });

  test("an edited step: the learner's code and the core's outputs; a step not run stores none", () => {
    const [code, responses] = [editedCode, editedResponses];
    const cell = (id) => edited.cells.find((c) => c.id === id);
    // step 1 raised: its error, and a tag that lets Jupyter's "Run All" go on past it
    assert.equal(cell("step-1").source, code[1].trimEnd());
    assert.deepEqual(cell("step-1").outputs, responses[1].outputs.map(({ ename, evalue, traceback }) => ({ output_type: "error", ename, evalue, traceback })));
    assert.deepEqual(cell("step-1").metadata, { tags: ["raises-exception"] });
    assert.equal(cell("step-1").execution_count, 2);
    // step 2 is outside the subset: the line it printed and the kernel's error are not Jupyter's
    assert.equal(responses[2].status, "unsupported");
    assert.deepEqual(cell("step-2"), { cell_type: "code", id: "step-2", execution_count: null,
      metadata: { "transformer-lab": { status: "unsupported" } }, source: code[2].trimEnd(), outputs: [] });
    const step2 = content("ch1-lab2").steps[1];
    assert.ok(cell("step-2-text").source.startsWith(`## ${step2.title}\n\n${step2.lead}\n\n> `));
    // step 3 is counted on from step 1, and its last line's value is its execute_result
    assert.equal(cell("step-3").source, code[3].trimEnd());
    assert.equal(cell("step-3").execution_count, 3);
    const value = responses[3].outputs.at(-1);
    assert.equal(value.output_type, "execute_result");
    assert.deepEqual(cell("step-3").outputs.at(-1), { output_type: "execute_result", data: value.data, metadata: {}, execution_count: 3 });

    // A syntax error's code keeps its blank lines (the error's line counts them); the step after it
    // that the core did not run says so in English too.
    const broken = CASES.find((c) => c.name === "ch1-lab2 syntax error").code;
    const en = buildNotebook({ lab: "ch1-lab2", content: raw("ch1-lab2"), responses: responsesFor("ch1-lab2", {}, broken), lang: "en" });
    assert.equal(en.cells.find((c) => c.id === "step-2").source, broken[2]);
    assert.deepEqual(en.cells.find((c) => c.id === "step-3").metadata, { "transformer-lab": { status: "not-run" } });
    assert.match(en.cells.find((c) => c.id === "step-3-text").source, /\n\n> .*Jupyter/);
  });

  test("refuses a step without a successful response", () => {
    const responses = responsesFor("ch1-lab2");
    delete responses[2];
    assert.throws(() => buildNotebook({ lab: "ch1-lab2", content: content("ch1-lab2"), responses }), /step 2/);
  });
});

describe("the notebook run by Jupyter prints what it stores", () => {
  const dir = mkdtempSync(join(tmpdir(), "tlab-jupyter-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  // The kernels start in parallel: each run is mostly Jupyter's start-up. Over TCP two kernels
  // starting at once can pick the same free port (jupyter_client frees the ports it tried before
  // the kernel binds them: "ZMQError: Address already in use", seen once in CI), so each talks to
  // its kernel over Unix sockets in a folder of its own (ipc://kernel-ipc-N, relative to it).
  const runs = CASES.map((c, k) => {
    const responses = responsesFor(c.lab, c.params, c.code);
    const nb = buildNotebook({ lab: c.lab, content: content(c.lab), responses });
    const own = join(dir, String(k));
    mkdirSync(own);
    const input = join(own, `in-${k}.ipynb`);
    writeFileSync(input, JSON.stringify(nb, null, 1));
    const raises = nb.cells.some((cell) => cell.outputs?.some((o) => o.output_type === "error"));
    // A cell the core did not run may raise in Jupyter; a stored error is tagged raises-exception,
    // which lets the run go on past it (as "Run All" does): without cells of the first kind, a
    // cell that raises untagged fails the run.
    const notRun = nb.cells.some((cell) => cell.cell_type === "code" && cell.execution_count === null);
    const args = ["-m", "nbconvert", "--to", "notebook", "--execute", "--ExecutePreprocessor.kernel_name=python3",
      "--KernelManager.transport=ipc", "--ExecutePreprocessor.timeout=120", ...(notRun ? ["--allow-errors"] : []),
      "--output", `out-${k}.ipynb`, input];
    const done = promisify(execFile)(PYTHON, args, {
      cwd: own,
      env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: "1", MPLBACKEND: "module://matplotlib_inline.backend_inline" },
    }).then(() => JSON.parse(readFileSync(join(own, `out-${k}.ipynb`), "utf8")));
    done.catch(() => {}); // reported by its test
    return { ...c, responses, nb, raises, done };
  });

  for (const run of runs) {
    test(run.name, { timeout: 180000 }, async () => {
      const executed = await run.done;
      const code = (nb) => nb.cells.filter((c) => c.cell_type === "code");
      const steps = Object.keys(run.responses);
      if (run.statuses) assert.deepEqual(steps.map((step) => run.responses[step].status), run.statuses);
      // A step the core did not run stores no outputs (and no count), and only such a step.
      for (const step of steps) {
        const stored = run.nb.cells.find((c) => c.id === `step-${step}`);
        const notRun = NOT_RUN.has(run.responses[step].status);
        assert.equal(stored.execution_count === null, notRun, `step ${step}`);
        if (notRun) assert.deepEqual(stored.outputs, [], `step ${step}`);
      }
      assert.deepEqual(code(executed).map((c) => c.id), code(run.nb).map((c) => c.id));
      for (const [k, cell] of code(executed).entries()) {
        const stored = code(run.nb)[k];
        // (nothing stored, nothing to compare: what Jupyter prints there is the learner's to see)
        if (stored.execution_count === null && stored.outputs.length === 0) continue;
        assert.deepEqual(comparable(cell.outputs), comparable(stored.outputs), `cell ${cell.id}`);
      }
      if (run.name === "ch1-lab2 edited") assert.ok(run.raises); // the lesson's own errors, matched above
      if (run.name === "ch1-lab2 overflow warnings") {
        // NumPy's two warnings, after the printed lines, as Jupyter recorded them.
        const step3 = comparable(code(executed).find((c) => c.id === "step-3").outputs);
        assert.deepEqual(step3.map((o) => Object.keys(o)[0]), ["stdout", "stderr"]);
        assert.match(step3[1].stderr, /^<cell>:10: RuntimeWarning: overflow encountered in exp\n {2}print\("e\^z/);
        assert.match(step3[1].stderr, /fromnumeric\.py:57: RuntimeWarning: overflow encountered in multiply\n {2}return bound/);
      }
    });
  }
});
