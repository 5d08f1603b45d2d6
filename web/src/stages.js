// A lab's "stages" visual: one vector through the stages of a computation, each drawn as a panel
// of bars with its values written on them, arrows between — softmax's z → e^z → p in ch1-lab2:
//   lab.json: {"kind": "stages", "stages": "[z, np.exp(z), p]", "names": "['z', 'e^z', 'p']"}
// The core sends the stages as lists of numbers, a value that is not finite as "inf", "-inf" or
// "nan" (docs/lab-format.md); an overflow to inf is a dashed bar cut off at the top.
import { AXIS, DEFAULT_WIDTH, INK, MIN_TEXT, MUTED, bar, chartFigure, labelMode, labelStride, pictureBox, pictures, valueLabel } from "./chart.js";
import { htmlEl, px, shortNumber, svgEl, svgRoot, textWidth, tint } from "./svg.js";

const WORDS = { ko: { sum: "합" }, en: { sum: "sum" } };
const COLORS = ["#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51", "#8ab17d"];

// The panels sit in a row when each gets at least ROW_PANEL px, else in a column; between them,
// arrows ARROW px wide with GAP px on each side (the page's CSS uses the same figures).
const ROW_PANEL = 176;
const ARROW = 24;
const GAP = 6;

// A value as the core sends it, as a number: "inf" → Infinity, "-inf" → -Infinity, "nan" → NaN.
function number(v) {
  if (typeof v === "number") return v;
  return v === "inf" ? Infinity : v === "-inf" ? -Infinity : NaN;
}

// A value as NumPy writes one that is not finite, else at most about 6 characters: 3 significant
// digits, then 2, then e-notation.
function compact(v) {
  if (Number.isNaN(v)) return "nan";
  if (!Number.isFinite(v)) return v > 0 ? "inf" : "-inf";
  let text = String(Number(v.toPrecision(3)));
  if (text.length > 6) text = String(Number(v.toPrecision(2)));
  if (text.length > 6) text = v.toExponential(1).replace("e+", "e");
  return text;
}

const sum = (values) => compact(values.reduce((a, b) => a + b, 0));
const listed = (values) => values.slice(0, 8).map((v) => (Number.isFinite(v) ? shortNumber(v) : compact(v))).join(", ") + (values.length > 8 ? ", …" : "");

// One stage's panel, `W` CSS px wide: bars with their values written on them (across, turned
// upright where they would not fit across at 11 px, or left to the data table).
function panel(document, { index, name, values, lang, width: W, height: H }) {
  const n = values.length;
  const color = COLORS[index % COLORS.length];
  const box = htmlEl(document, "div", "stage-panel");
  box.setAttribute("data-stage", String(index));
  const title = htmlEl(document, "p", "stage-title");
  const note = `${(WORDS[lang] || WORDS.ko).sum} ${sum(values)}`;
  title.append(htmlEl(document, "span", "stage-name", name), document.createTextNode(" "), htmlEl(document, "span", "stage-note", note));
  box.append(title);

  const svg = svgRoot(document, W, H, "stage-svg");
  svg.setAttribute("aria-hidden", "true");
  const left = 10;
  const right = W - 10;
  const nums = values.filter(Number.isFinite);
  const hasInf = values.some((v) => v === Infinity);
  const band = (right - left) / Math.max(1, n);
  const texts = values.map(compact);
  // across, as large as the band allows up to 13 px; below 11 px they turn upright
  const longest = Math.max(1, ...texts.map((t) => textWidth(t, 1)));
  const size = Math.max(MIN_TEXT, Math.min(13, (band * 0.96) / longest));
  const mode = labelMode(texts.map((t) => textWidth(t, size)), { room: band * 0.96, band, size });
  const room = (neg) => Math.max(0, ...texts.filter((_, i) => (values[i] < 0) === neg).map((t) => textWidth(t, size)));
  const top = mode === "up" ? Math.max(30, room(false) + 16) : 30;
  // labels under negative bars need room above the x tick labels
  const under = mode === "none" || !nums.some((v) => v < 0) ? 0 : mode === "up" ? room(true) + 6 : size + 4;
  const bottom = H - 26 - under;
  let lo = Math.min(0, ...nums);
  let hi = Math.max(0, ...nums);
  if (hi === lo) hi = lo + 1;
  // an inf bar must stand above every finite one: finite bars get 3/4 of the height
  if (hasInf && hi > 0) hi += (hi - lo) / 3;
  const y = (v) => bottom - ((v - lo) / (hi - lo)) * (bottom - top);
  const barW = Math.min(46, band * 0.62);

  const bars = svgEl(document, "g", { class: "bars" });
  values.forEach((v, i) => {
    const cx = left + band * (i + 0.5);
    const label = `${name}[${i}]`;
    if (v === Infinity) {
      const g = svgEl(document, "g", { class: "bar-inf" });
      const rect = svgEl(document, "rect", {
        class: "bar", x: px(cx - barW / 2), y: px(top - 4), width: px(barW), height: px(y(0) - top + 4),
        fill: tint(color, 0.35), stroke: color, "stroke-width": 1.5, "stroke-dasharray": "4 3", "data-value": "inf",
      });
      rect.append(svgEl(document, "title", {}, `${label} = inf`));
      // a white zigzag across the bar: the bar goes on past the top
      const zy = top + 8;
      const zig = [];
      for (let k = 0; k <= 4; k += 1) zig.push(`${px(cx - barW / 2 - 2 + ((barW + 4) * k) / 4)} ${px(zy + (k % 2 ? -4 : 4))}`);
      g.append(rect, svgEl(document, "path", { d: `M${zig.join(" L")}`, fill: "none", stroke: "#ffffff", "stroke-width": 3 }));
      if (mode !== "none") g.append(valueLabel(document, { x: cx, y: top - 5, text: "inf", size, mode, bold: true }));
      bars.append(g);
      return;
    }
    if (!Number.isFinite(v)) {
      if (mode !== "none") bars.append(valueLabel(document, { x: cx, y: y(0) - 1, text: texts[i], size, mode, fill: MUTED }));
      return;
    }
    const yTop = y(Math.max(0, v));
    bars.append(bar(document, { x: cx - barW / 2, y: yTop, width: barW, height: y(Math.min(0, v)) - yTop, color, value: v, title: `${label} = ${String(v)}` }));
    if (mode !== "none") bars.append(valueLabel(document, { x: cx, y: y(v), text: texts[i], size, mode, below: v < 0, fill: INK }));
  });
  svg.append(svgEl(document, "line", { class: "baseline", x1: left, x2: right, y1: px(y(0)), y2: px(y(0)), stroke: AXIS, "stroke-width": 1 }));
  svg.append(bars);
  const ticks = svgEl(document, "g", { class: "axis axis-x" });
  const stride = labelStride(band, textWidth(String(n - 1), MIN_TEXT));
  values.forEach((_, i) => {
    if (i % stride === 0) ticks.append(svgEl(document, "text", { x: px(left + band * (i + 0.5)), y: H - 8, "text-anchor": "middle", fill: MUTED, "font-size": MIN_TEXT }, String(i)));
  });
  svg.append(ticks);
  box.append(svg);
  return box;
}

// The visual's stages as named lists of numbers (a stage with no name is called by its number).
function stagesOf(visual) {
  const lists = Array.isArray(visual.stages) ? visual.stages : [];
  return lists.map((values, i) => ({
    name: String(visual.names?.[i] ?? i + 1),
    values: (Array.isArray(values) ? values : []).map(number),
  }));
}

/**
 * The stages as separate boxes (class "stage-panel", data-stage 0, 1, …) with arrows (class
 * "stage-arrow") between them, in a row (class "stage-panels is-row") when each panel gets at
 * least 176 px, else stacked (class "is-column"); the values as a table one click away.
 * @param {{kind: "stages", stages: (number|string)[][], names?: string[]}} visual e.g.
 *   {kind: "stages", stages: [[2, 1, 0.1], [7.389, 2.718, 1.105], [0.659, 0.242, 0.0986]], names: ["z", "e^z", "p"]}
 * @param {{document: Document, lang?: "ko"|"en", caption?: string, width?: number | Object<string, number>}} opts
 * @returns {HTMLElement} <figure class="chart chart-stages"><figcaption>z → e^z → p</figcaption>
 *   <div class="chart-picture" data-width="560"><div class="stage-panels is-row" role="img" aria-label="z 2, 1, 0.1 → e^z 7.39, 2.72, 1.11 → p 0.659, 0.242, 0.0986">
 *   <div class="stage-panel" data-stage="0"><p class="stage-title">…</p><svg>…</svg></div><div class="stage-arrow">→</div>…</div></div>
 *   <details class="chart-data">…</details></figure>
 */
export function renderStages(visual, { document, lang = "ko", caption, width = DEFAULT_WIDTH } = {}) {
  const stages = stagesOf(visual);
  const rows = Math.max(0, ...stages.map((s) => s.values.length));
  const table = {
    columns: stages.map((s) => s.name),
    index: Array.from({ length: rows }, (_, i) => i),
    rows: Array.from({ length: rows }, (_, i) => stages.map((s) => s.values[i] ?? null)),
  };
  return chartFigure(document, {
    className: "chart-stages",
    caption: caption ?? stages.map((s) => s.name).join(" → "),
    pictures: pictures(width, (w) => drawStages(visual, { document, lang, width: w })),
    table,
    tableOpts: {},
    lang,
  });
}

/** The picture of renderStages alone, for a box `width` CSS px wide (see drawBarChart). */
export function drawStages(visual, { document, lang = "ko", width = DEFAULT_WIDTH } = {}) {
  const stages = stagesOf(visual);
  const W = Math.max(220, Math.round(width));
  const n = Math.max(1, stages.length);
  const rowWidth = Math.floor((W - (n - 1) * (ARROW + 2 * GAP)) / n);
  const row = n > 1 && rowWidth >= ROW_PANEL;
  const panels = htmlEl(document, "div", `stage-panels ${row ? "is-row" : "is-column"}`);
  stages.forEach((stage, i) => {
    if (i > 0) {
      const arrow = htmlEl(document, "div", "stage-arrow", "→");
      arrow.setAttribute("aria-hidden", "true");
      panels.append(arrow);
    }
    // stacked, each panel is a little lower: they take less of a phone's screen
    panels.append(panel(document, { index: i, ...stage, lang, width: row ? rowWidth : W, height: row ? 176 : 148 }));
  });
  panels.setAttribute("role", "img");
  panels.setAttribute("aria-label", stages.map((s) => `${s.name} ${listed(s.values)}`).join(" → "));
  return pictureBox(document, W, panels);
}
