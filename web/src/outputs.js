// A cell's Jupyter outputs as DOM: stream text verbatim, errors like Jupyter's, tables, and the
// pictures of the marks (marks.js).
import { STEP_MARKS, markFor } from "./marks.js";
import { renderTableOutput } from "./table.js";

const TABLE = "application/vnd.transformer-lab.table+json";

/**
 * @param outputs nbformat v4 outputs from the core, e.g.
 *   [{output_type: "stream", name: "stdout", text: "u · v = 32 …\n"}]
 * @param opts `chartWidth`: the width of the charts' box in CSS px, or {name: width} for several
 *   pre-rendered layouts (see PRERENDER_WIDTHS in chart.js)
 * @returns a <div class="outputs"> whose stream blocks hold exactly the text given (never reformatted)
 */
export function renderOutputs(outputs, { document, lang = "ko", chartWidth }) {
  const box = document.createElement("div");
  box.className = "outputs";
  for (const out of outputs) box.append(renderOutput(out, { document, lang, width: chartWidth }));
  return box;
}

// Printed text keeps its lines unwrapped, so a wide output scrolls sideways in its own box: the
// box takes focus (tabindex 0) so that keyboard users can scroll it too.
function renderOutput(out, opts) {
  const node = renderOne(out, opts);
  if (node.localName === "pre") node.tabIndex = 0;
  return node;
}

function renderOne(out, opts) {
  const { document } = opts;
  if (out.output_type === "stream") {
    // stdout or stderr (Python's warnings, e.g. NumPy's "RuntimeWarning: overflow encountered in
    // exp"): the class names the stream, and the page's CSS sets stderr apart as Jupyter does.
    const pre = document.createElement("pre");
    pre.className = `out out-stream out-${out.name}`;
    pre.textContent = out.text;
    return pre;
  }
  if (out.output_type === "error") {
    const pre = document.createElement("pre");
    pre.className = "out out-error";
    const name = document.createElement("span");
    name.className = "ename";
    name.textContent = out.ename;
    pre.append(name, document.createTextNode(`: ${out.evalue}`));
    if (out.traceback && out.traceback.length > 1) {
      const where = document.createElement("span");
      where.className = "traceback";
      where.textContent = `\n${out.traceback.slice(0, -1).join("\n")}`;
      pre.append(where);
    }
    return pre;
  }
  const data = out.data || {};
  if (data[TABLE]) return renderTableOutput(out, opts);
  const plain = () => {
    const pre = document.createElement("pre");
    pre.className = "out out-plain";
    pre.textContent = data["text/plain"] || "";
    return pre;
  };
  const mark = markFor(out);
  return mark ? mark.render(out, opts, plain) : plain();
}

/**
 * Pictures the page adds beside the outputs: the core's `visuals`, each drawn by its kind's mark
 * (STEP_MARKS), under the step's `visual_caption`.
 * @param opts `chartWidth` as for renderOutputs
 */
export function renderVisuals(response, stepContent, { document, lang = "ko", chartWidth }) {
  const box = document.createElement("div");
  box.className = "visuals";
  const opts = { document, lang, caption: stepContent.visual_caption, width: chartWidth };
  for (const visual of response.visuals || []) {
    const figure = Object.hasOwn(STEP_MARKS, visual.kind) && STEP_MARKS[visual.kind](visual, opts);
    if (figure) box.append(figure);
  }
  return box;
}

/**
 * Lays the charts a cell shows out again for a box `width` CSS px wide: each figure keeps its
 * caption and its data table (open or not) and gets the picture drawn anew. `response` and
 * `stepContent` are what the cell's outputs and visuals were rendered from.
 * @returns {boolean} false when the cell's figures are not those of the response (nothing changed)
 * @example relayoutCharts(section, response, stepContent, {document, width: 288}) // true
 */
export function relayoutCharts(section, response, stepContent, { document, lang = "ko", width }) {
  const opts = { document, lang, chartWidth: width };
  const charts = (box) => [...box.children].filter((n) => n.localName === "figure" && n.classList.contains("chart"));
  const drawn = (response.outputs || []).filter((o) => o.data && !o.data[TABLE] && markFor(o)); // the pictures alone
  const fresh = [renderOutputs(drawn, opts), renderVisuals(response, stepContent, opts)].flatMap(charts);
  const shown = [section.querySelector(".outputs"), section.querySelector(".visuals")].filter(Boolean).flatMap(charts);
  if (shown.length !== fresh.length) return false;
  shown.forEach((figure, i) => {
    const [first, ...rest] = figure.querySelectorAll(".chart-picture");
    first.replaceWith(...fresh[i].querySelectorAll(".chart-picture"));
    for (const old of rest) old.remove();
  });
  return true;
}

/** What the cell printed to stdout: its stdout stream text plus the tables its code printed. */
export function printedText(outputs) {
  let text = "";
  for (const out of outputs) {
    if (out.output_type === "stream") text += out.name === "stderr" ? "" : out.text;
    else if (out.output_type === "display_data" && out.metadata?.["transformer-lab"]?.printed) {
      text += `${out.data["text/plain"]}\n`;
    }
  }
  return text;
}
