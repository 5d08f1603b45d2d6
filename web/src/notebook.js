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
 * Run top to bottom, the notebook prints exactly the stored outputs (web/test/notebook.test.mjs
 * executes it with Jupyter): the lab's setup (the responses' `prelude`, e.g. the `import numpy as
 * np` an earlier lab ran) is the first code cell, then each step's code, as the core runs them: a
 * step reads what the steps above it made (ch3-lab2 step 3 draws step 2's softmaxes).
 *
 * Outputs are what Jupyter itself records for that code: stdout as `stream`; a table the code
 * printed (`print(df)`) as the stdout text it is; an exception as `error` (ename, evalue and the
 * core's short traceback); a chart as `display_data` with the `text/plain` repr of the figure
 * (there is no image: the page draws charts from data, not from matplotlib's PNG).
 *
 * @param {object} options
 * @param {string} options.lab the lab id, e.g. "ch3-lab2"
 * @param {object} options.content the lab's content (labs/<lab>/content.json, in both languages or
 *   already localized): title, intro, steps
 * @param {Object<string|number, object>} options.responses step number → the core's response
 *   (what labrun prints for the step's request; `ok: true`)
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
    const text = [`## ${step.title}`, step.lead].filter(Boolean).join("\n\n");
    cells.push(markdownCell(`step-${step.step}-text`, text));
    cells.push(codeCell(`step-${step.step}`, trimBlankLines(response.source), ++count, notebookOutputs(response.outputs || [])));
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
 * their `text/plain`, and consecutive stdout text is one stream (as Jupyter joins it).
 *
 *   notebookOutputs([{output_type: "display_data", data: {"text/plain": "   a\n0  1", ...},
 *                     metadata: {"transformer-lab": {printed: true}}},
 *                    {output_type: "stream", name: "stdout", text: "done\n"}])
 *   // → [{output_type: "stream", name: "stdout", text: "   a\n0  1\ndone\n"}]
 */
export function notebookOutputs(outputs) {
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
        result.push({ output_type: "display_data", data: kept, metadata: {} });
      }
    }
  }
  return result;
}

function trimBlankLines(text) {
  return text.replace(/^(?:[ \t]*\n)+/, "").replace(/\s+$/, "");
}

function markdownCell(id, source) {
  return { cell_type: "markdown", id, metadata: {}, source };
}

function codeCell(id, source, executionCount, outputs) {
  return { cell_type: "code", id, execution_count: executionCount, metadata: {}, source, outputs };
}
