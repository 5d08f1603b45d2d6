// What a cell shows as the page lives: its status line (stale, running, outside the subset), a long
// run's progress, an answer's outputs and pictures, the marks on its literals and in its edited
// code; and the flow diagram and summary that follow the answers. cell-view.js draws the cell at
// build time; this changes it in place.
import { PRERENDER_WIDTHS } from "./chart.js";
import { renderCode } from "./code-view.js";
import { renderProgress, updateProgress } from "./cell-view.js";
import { updateFlow } from "./flow.js";
import { t, tb } from "./i18n.js";
import { loopPasses } from "./page-view.js";
import { printedText, renderOutputs, renderVisuals } from "./outputs.js";
import { updateSummary } from "./summary.js";

// Python's errors for code that does not parse; they carry the line and column.
export const SYNTAX_ERRORS = ["SyntaxError", "IndentationError", "TabError"];

/** Whether the code of a response parsed (its outputs hold no SyntaxError and the like). */
export const parses = (response) =>
  !(response.outputs || []).some((o) => o.output_type === "error" && SYNTAX_ERRORS.includes(o.ename));

/**
 * Where a response's error is in a cell's code: a SyntaxError's line and column, or the line of
 * the last traceback frame in cell number `number` ("<cell N>": N counts the lab's setup as a cell).
 * @example errorAt({outputs: [{output_type: "error", ename: "ValueError", traceback:
 *   ['File "<cell 2>", line 3, in <module>', "ValueError: …"]}]}, 2) // {line: 3}
 */
export function errorAt(response, number) {
  const error = (response.outputs || []).find((o) => o.output_type === "error");
  if (!error) return null;
  if (SYNTAX_ERRORS.includes(error.ename)) return { line: error.line, column: error.offset };
  if (Number.isInteger(error.line) && error.ename === "UnsupportedInLab") return { line: error.line };
  let line = null;
  for (const frame of (error.traceback || []).join("\n").matchAll(/File "<cell (\d+)>", line (\d+)/g)) {
    if (Number(frame[1]) === number) line = Number(frame[2]);
  }
  return line === null ? null : { line };
}

/**
 * The view of the page's cells. `page` holds {document, lang, lab, content, responses, state,
 * labels, chartBoxes, panels()}; a cell is {step, section, content, editor, codeEditor, ...}.
 */
export function createCellView(page) {
  const { document, lang, lab, responses, labels } = page;
  const statusOf = (cell) => cell.section.querySelector(".cell-status");

  const view = {
    /** Marks the cell's outputs as those of other values or code (`message` says why), or not (""). */
    setStale(cell, message) {
      const line = statusOf(cell);
      line.textContent = message || "";
      line.classList.toggle("is-stale", Boolean(message));
      cell.section.querySelector(".outputs")?.classList.toggle("is-stale", Boolean(message));
    },

    /** Literals whose value is not valid, and the one whose editor is open. */
    markLiterals(cell) {
      for (const span of cell.section.querySelectorAll(".lit")) {
        const name = span.dataset.param;
        span.classList.toggle("is-invalid", page.state.problem(name) !== null);
        span.classList.toggle("is-open", cell.editor?.name === name);
      }
    },

    /** The cell runs: a quick run is drawn once it lands; only one still going after `busyMs` says so. */
    startRun(cell, busyMs) {
      cell.section.classList.add("is-running");
      clearTimeout(cell.busyTimer);
      cell.busyTimer = setTimeout(() => {
        cell.section.classList.add("is-busy");
        statusOf(cell).textContent = t(lang, "running");
        view.showFlow(cell.step);
      }, busyMs);
    },
    endRun(cell) {
      clearTimeout(cell.busyTimer);
      cell.section.classList.remove("is-running", "is-busy");
      cell.section.querySelector(".cell-progress")?.remove();
    },
    /** A long run's progress bar with its Cancel button, under the cell's status line. */
    showProgress(cell, progress, elapsedMs) {
      const box = cell.section.querySelector(".cell-progress");
      if (box) updateProgress(box, progress, { lang, elapsedMs });
      else statusOf(cell).after(renderProgress(progress, { document, lang, elapsedMs }));
    },
    running: (cell) => Boolean(cell.section.querySelector(".cell-progress")),

    /** Code beyond the Python the page runs: say so plainly, and offer the notebook, where Jupyter runs it. */
    offerNotebook(cell) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "notice-action";
      button.dataset.action = "notebook";
      button.textContent = tb(lang, "notebook");
      statusOf(cell).replaceChildren(`${t(lang, "outsideSubset")} `, button);
    },

    /** The read-only code of a response, with its literals as buttons. */
    codeOf: (response) => renderCode(response.source, response.literals || [], { document, labels, editLabel: t(lang, "edit") }),

    /**
     * An answer in the cell: its code's literals, outputs, pictures; then the summary and flow.
     * `quiet`: no flash on the outputs that changed (the learner is typing: it would flash at every key).
     */
    show(cell, response, { quiet = false } = {}) {
      const before = printedText(responses[cell.step]?.outputs || []);
      responses[cell.step] = response;
      // (an edited cell's code is the editor's: the learner's text, not the core's echo of it)
      const box = cell.section.querySelector(".code-box > pre.code:last-child");
      if (box && !cell.codeEditor) {
        const focused = box.contains(document.activeElement) ? document.activeElement.dataset.param : null;
        box.replaceWith(view.codeOf(response));
        if (focused) cell.section.querySelector(`.code-box .lit[data-param="${focused}"]`)?.focus();
      }
      view.markCode(cell, response);
      // charts for their box's width as last measured (before the first measure, the build's
      // layout, measured in the next frame)
      const measured = page.chartBoxes.width(cell.section);
      const chartWidth = measured ?? PRERENDER_WIDTHS;
      const outputs = renderOutputs(response.outputs, { document, lang, chartWidth });
      if (!quiet && printedText(response.outputs) !== before) for (const node of outputs.children) node.classList.add("is-changed");
      cell.section.querySelector(".outputs").replaceWith(outputs);
      // (visuals equal to those shown, at the same width, stay: a data table the learner opened
      // stays open while they type)
      const visualsKey = JSON.stringify([response.visuals || [], chartWidth]);
      if (visualsKey !== cell.visualsKey) {
        cell.section.querySelector(".visuals").replaceWith(renderVisuals(response, cell.content, { document, lang, chartWidth }));
        cell.visualsKey = visualsKey;
      }
      if (measured === undefined) page.chartBoxes.check(cell.section);
      view.markLiterals(cell);
      const summary = document.getElementById("summary");
      if (summary) updateSummary(summary, page.content.summary, responses);
      view.showFlow(cell.step);
      page.panels()?.then((p) => p.show(cell), () => {});
    },

    /**
     * An answer's marks in the cell's code editor, unless the learner has typed on since it ran:
     * where its error is, and its params' literals as chips (`chips`: code that does not parse has
     * none, and the chips of before stay while the learner types on).
     */
    markCode(cell, response, { chips = true } = {}) {
      if (!cell.codeEditor || response.source !== cell.codeEditor.code()) return;
      cell.codeEditor.mark(errorAt(response, cell.step + (lab.document.setup ? 1 : 0)),
        chips ? response.literals || [] : undefined, (param) => `${labels[param]} ${t(lang, "edit")}`);
    },

    showFlow(activeStep) {
      const flow = document.querySelector("#flow .flow-view");
      if (!flow) return;
      const loops = [...flow.querySelectorAll(".flow-node[data-loop]")]
        .map((g) => ({ id: g.dataset.node, step: Number(g.dataset.step), loop: g.dataset.loop }));
      updateFlow(flow, { document, lang, activeStep, loopPasses: loopPasses(loops, responses) });
    },

    /** The flow diagram is drawn from the textbook code: say so while any cell runs the learner's. */
    showCodeNote() {
      const caption = document.querySelector("#flow figcaption");
      if (!caption) return;
      const steps = Object.keys(page.state.code).sort((a, b) => a - b);
      let note = caption.querySelector(".flow-note");
      if (!steps.length) return note?.remove();
      if (!note) {
        note = document.createElement("span");
        note.className = "flow-note";
        caption.append(note);
      }
      const text = ` ${t(lang, "flowTextbook", { steps: steps.join(", ") })}`;
      if (note.textContent !== text) note.textContent = text; // (unchanged at most keystrokes: no relayout)
    },
  };
  return view;
}
