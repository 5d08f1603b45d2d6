// The pictures the page draws, one module per kind, listed here (as Observable Plot lists its
// marks). A mark says which outputs it draws (`accepts`) and draws one as a <figure class="chart">
// (`render`, laid out for `opts.width`); outputs.js asks the marks in order, and an output no mark
// takes shows its text/plain. A step's own pictures (the core's `visuals`) are marks by kind name.
//   bar      chart.js    one Axes of grouped bars (the core's chart JSON)
//   heatmap  heatmap.js  imshow with its colorbar
//   figure   figure.js   any other figure of lines, bars and texts (loaded when one first shows)
//   stages      stages.js   a step's "stages" visual (softmax's z → e^z → p)
//   table_bars  chart.js    a step's "table_bars" visual (grouped bars from a DataFrame's columns)
import { renderBarChart, renderTableBars } from "./chart.js";
import { isHeatmap, renderHeatmap } from "./heatmap.js";
import { renderStages } from "./stages.js";

const CHART = "application/vnd.transformer-lab.chart+json";
const FIGURE = "application/vnd.transformer-lab.figure+json";

// figure.js is the learner's code's business (the labs' own figures are bars and heatmaps): it
// loads when a figure first needs it. Until then the figure shows its text/plain, replaced once
// the module is here; `loadMarks()` loads it ahead (the build does, so its pages are drawn whole).
let figureModule = null;
let figureLoading = null;
const loadFigure = () => (figureLoading ??= import("./figure.js").then((module) => { figureModule = module; }));

function renderFigureOrLater(out, opts, plain) {
  const figure = out.data[FIGURE];
  if (figureModule) return figureModule.isFigure(out) ? figureModule.renderFigure(figure, opts) : plain();
  const placeholder = plain();
  loadFigure().then(() => {
    if (figureModule.isFigure(out) && placeholder.parentNode) placeholder.replaceWith(figureModule.renderFigure(figure, opts));
  }, () => {}); // (no module, no picture: the text stays)
  return placeholder;
}

/** The marks for outputs, first match first. `render(out, opts, plain)`: `plain()` is the text/plain fallback. */
export const OUTPUT_MARKS = [
  { kind: "bar", accepts: (out) => Boolean(out.data?.[CHART]), render: (out, opts) => renderBarChart(out.data[CHART], opts) },
  { kind: "heatmap", accepts: isHeatmap, render: (out, opts) => renderHeatmap(out.data[FIGURE], opts) },
  { kind: "figure", accepts: (out) => Boolean(out.data?.[FIGURE]), render: renderFigureOrLater },
];

// A "table_bars" visual: `table` is a DataFrame as the core gives it ({columns, index, rows,
// text}), `x`, `bars` and `reference` name its columns, `ylabel` is a {ko, en} text.
const isTable = (t) => Array.isArray(t?.columns) && Array.isArray(t?.rows) && t.rows.every(Array.isArray);

function renderTableBarsVisual(visual, opts) {
  const { table } = visual;
  if (!isTable(table) || typeof visual.x !== "string" || !Array.isArray(visual.bars)) return null;
  const ylabel = visual.ylabel?.[opts.lang ?? "ko"];
  const spec = { x: visual.x, bars: visual.bars.filter((b) => typeof b === "string"), ...(typeof visual.reference === "string" && { reference: visual.reference }), ...(typeof ylabel === "string" && { ylabel }) };
  const { text, ...data } = table;
  return renderTableBars(data, spec, { ...opts, text: typeof text === "string" ? text : undefined });
}

/** The marks for a step's visuals, by the visual's kind; a mark gives null for data it cannot draw. */
export const STEP_MARKS = {
  stages: (visual, opts) => renderStages(visual, opts),
  table_bars: renderTableBarsVisual,
};

/** The mark that draws an output, or undefined. */
export const markFor = (out) => OUTPUT_MARKS.find((mark) => mark.accepts(out));

/** Loads every mark now (a page built ahead of time is drawn with all of them). */
export const loadMarks = () => loadFigure();

/** Whether every mark is loaded (until then a figure is drawn as its text, or not drawn again). */
export const marksLoaded = () => figureModule !== null;
