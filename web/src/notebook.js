// notebook.js — a lab as a Jupyter notebook (nbformat 4.5): the learner takes the code, with the
// values they chose, and the very outputs the page showed, to run it in real Python. Pure data
// in, plain JSON-serialisable data out: no DOM, runs in node and in the page.

import { localize } from "./i18n.js";

/**
 * Builds the notebook of one lab from its content and the core's responses.
 *
 *   buildNotebook({ lab: "ch1-lab2", content, responses: { 1: r1, 2: r2, 3: r3 } })
 *   // → {nbformat: 4, nbformat_minor: 5, metadata: {kernelspec: {name: "python3", ...}, ...},
 *   //    cells: [
 *   //      {cell_type: "markdown", id: "title", source: "# 실습 2 — 행렬곱, 내적, Softmax\n\n...", ...},
 *   //      {cell_type: "code", id: "setup", source: "import numpy as np", outputs: [], ...},
 *   //      {cell_type: "markdown", id: "step-1-text", source: "## 1단계 · 행렬곱과 shape 규칙\n\n...", ...},
 *   //      {cell_type: "code", id: "step-1", execution_count: 2,
 *   //       source: "# 곱할 두 행렬: ...\nA = np.array([[1, 2, 3],\n ...",
 *   //       outputs: [{output_type: "stream", name: "stdout", text: "A @ B =\n [[ 4  5]\n ..."}]},
 *   //      ...]}
 *
 * Run top to bottom, the notebook prints exactly the stored outputs, in every cell that stores
 * them (web/test/notebook.test.mjs executes it with Jupyter): the lab's setup (the responses'
 * `prelude`, e.g. the `import numpy as np` an earlier lab ran) is the first code cell, then each
 * step's code, as the core runs them: a step reads what the steps above it made (ch3-lab2 step 3
 * draws step 2's softmaxes).
 *
 * Outputs are what Jupyter itself records for that code: stdout as `stream`; a table the code
 * printed (`print(df)`) as the stdout text it is; the value of the cell's last line as
 * `execute_result`; an exception as `error` (ename, evalue and the core's short traceback, the
 * cell's file named `<cell N>` where Jupyter names its own); a chart as `display_data` with the
 * `text/plain` repr of the figure (there is no image: the page draws charts from data, not from
 * matplotlib's PNG).
 *
 * Each step's cell is the code that ran, the response's `source` (the learner's own, in a step
 * they edited), and what it stores follows the response's `status`:
 * - "ok": the outputs;
 * - "error" (the cell raised, or is a syntax error): the outputs, ending in the error, and the tag
 *   `raises-exception`, so that Jupyter's "Run All" goes on to the cells below it;
 * - "unsupported" (code outside the kernel's subset) and "not-run" (a cell it depends on raised or
 *   was unsupported): the core has no true outputs for it, and what Jupyter prints there is not
 *   known, so the cell stores none, has `execution_count` null and `metadata["transformer-lab"]
 *   .status`, and the step's text says to run it in Jupyter to see its output.
 * Any response with `ok: true` makes a cell; a missing or failed one (`ok: false`, which the page
 * never keeps: it goes on showing the last successful one) throws a TypeError.
 *
 * @param {object} options
 * @param {string} options.lab the lab id, e.g. "ch3-lab2"
 * @param {object} options.content the lab's content (labs/<lab>/content.json, in both languages or
 *   already localized): title, intro, steps
 * @param {Object<string|number, object>} options.responses step number → the core's response
 *   (what labrun prints for the step's request, with the learner's `code` if any; `ok: true`)
 * @param {string} [options.lang="ko"] the language of the text cells; text missing in that
 *   language falls back to the Korean original
 * @returns {object} an nbformat v4 notebook, ready for JSON.stringify
 */
export function buildNotebook({ lab, content: given, responses, lang = "ko" }) {
  const content = localize(given, lang);
  const steps = content.steps.map((step) => {
    const response = responses[step.step];
    if (!response || response.ok !== true) {
      throw new TypeError(`buildNotebook: ${lab} step ${step.step} has no successful response`);
    }
    return { step, response };
  });

  const cells = [];
  const intro = content.intro;
  cells.push(markdownCell("title", [
    `# ${content.title}`,
    ...(content.chapter ? [`*${content.chapter}*`] : []),
    ...(Array.isArray(intro) ? intro : intro ? [intro] : []),
  ].join("\n\n")));

  let count = 0;
  const setup = trimBlankLines(steps.find(({ response }) => response.prelude)?.response.prelude || "");
  if (setup) cells.push(codeCell("setup", setup, ++count, []));
  for (const { step, response } of steps) {
    const id = `step-${step.step}`;
    const outputs = response.outputs || [];
    const notRun = notRunStatus(response);
    const note = notRun && localize(NO_OUTPUTS_NOTE[notRun], lang);
    cells.push(markdownCell(`${id}-text`, [`## ${step.title}`, step.lead, note].filter(Boolean).join("\n\n")));
    // A syntax error at the end of the input names the last line: blank lines after the code count.
    const source = outputs.some((o) => SYNTAX_ERRORS.has(o.ename)) ? response.source : trimBlankLines(response.source);
    if (notRun) {
      cells.push(codeCell(id, source, null, [], { "transformer-lab": { status: notRun } }));
      continue;
    }
    const cell = codeCell(id, source, ++count, notebookOutputs(outputs, count));
    if (cell.outputs.some((o) => o.output_type === "error")) cell.metadata.tags = ["raises-exception"];
    cells.push(cell);
  }

  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: "python3", display_name: "Python 3", language: "python" },
      language_info: { name: "python" },
      "transformer-lab": { lab, lang },
    },
    cells,
  };
}

/**
 * The core's outputs as Jupyter records them: printed tables become stdout text, charts keep
 * their `text/plain`, consecutive stdout text is one stream (as Jupyter joins it), and the value
 * of the cell's last line is its `execute_result`, numbered as the cell.
 *
 *   notebookOutputs([{output_type: "display_data", data: {"text/plain": "   a\n0  1", ...},
 *                     metadata: {"transformer-lab": {printed: true}}},
 *                    {output_type: "stream", name: "stdout", text: "done\n"}])
 *   // → [{output_type: "stream", name: "stdout", text: "   a\n0  1\ndone\n"}]
 *
 * @param {object[]} outputs the outputs of a core response
 * @param {number|null} [executionCount=null] the cell's execution count, for its execute_result
 * @returns {object[]} nbformat v4 outputs
 */
export function notebookOutputs(outputs, executionCount = null) {
  const result = [];
  const write = (name, text) => {
    const last = result[result.length - 1];
    if (last && last.output_type === "stream" && last.name === name) last.text += text;
    else result.push({ output_type: "stream", name, text });
  };
  for (const output of outputs) {
    if (output.output_type === "stream") {
      write(output.name || "stdout", output.text);
    } else if (output.output_type === "error") {
      result.push({ output_type: "error", ename: output.ename, evalue: output.evalue, traceback: [...(output.traceback || [])] });
    } else if (output.output_type === "display_data" || output.output_type === "execute_result") {
      const data = output.data || {};
      if (output.metadata?.["transformer-lab"]?.printed) {
        write("stdout", `${data["text/plain"]}\n`);
      } else {
        // A chart (or a table shown without print): Jupyter would keep the repr next to its own
        // rendering; our mime types mean nothing to it.
        const kept = Object.fromEntries(Object.entries(data).filter(([mime]) => !mime.startsWith("application/vnd.transformer-lab.")));
        result.push(output.output_type === "execute_result"
          ? { output_type: "execute_result", data: kept, metadata: {}, execution_count: executionCount }
          : { output_type: "display_data", data: kept, metadata: {} });
      }
    }
  }
  return result;
}

// "unsupported" or "not-run" when the core did not run the step through, else null. Such a response
// has no outputs Jupyter would print: at most the prints made before the unsupported line and the
// kernel's own UnsupportedInLab error. (the page's prebuilt textbook responses carry no status)
function notRunStatus(response) {
  if (response.status === "unsupported" || response.status === "not-run") return response.status;
  return (response.outputs || []).some((o) => o.ename === "UnsupportedInLab") ? "unsupported" : null;
}

const SYNTAX_ERRORS = new Set(["SyntaxError", "IndentationError", "TabError"]);

// The step text's last paragraph for a cell stored without outputs, by the response's status.
const NO_OUTPUTS_NOTE = {
  unsupported: {
    ko: "> 이 셀의 코드에는 실습 커널이 실행할 수 없는 부분이 있어, 페이지에서 실행되지 않았습니다. 그래서 저장된 출력이 없습니다. 출력은 여기 Jupyter 에서 실행해 확인하세요.",
    en: "> The lab kernel could not run this cell's code (it goes beyond the lab's subset of Python), so the page did not run it and no output is stored. Run it here in Jupyter to see its output.",
  },
  "not-run": {
    ko: "> 이 셀이 쓰는 값을 만드는 위쪽 셀이 오류를 내거나 실행되지 않아, 페이지에서 이 셀을 실행하지 않았습니다. 그래서 저장된 출력이 없습니다. 출력은 여기 Jupyter 에서 실행해 확인하세요.",
    en: "> A cell above that this one depends on raised an error or did not run, so the page did not run this cell and no output is stored. Run it here in Jupyter to see its output.",
  },
};

function trimBlankLines(text) {
  return text.replace(/^(?:[ \t]*\n)+/, "").replace(/\s+$/, "");
}

function markdownCell(id, source) {
  return { cell_type: "markdown", id, metadata: {}, source };
}

function codeCell(id, source, executionCount, outputs, metadata = {}) {
  return { cell_type: "code", id, execution_count: executionCount, metadata, source, outputs };
}
