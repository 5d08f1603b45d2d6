// Charts as SVG from the core's JSON: a matplotlib bar chart and grouped bars from a printed
// table's columns; heatmap.js (imshow) and stages.js (a lab's "stages" visual) draw with the
// layout, bars and figure frame shared from here. Each returns a <figure> with a caption, an
// aria-label summary on the picture, and its data as a table one click away.
import { htmlEl, niceTicks, px, safeColor, shortNumber, svgEl, svgRoot, textWidth } from "./svg.js";
import { displayCells, formatValue, renderTable } from "./table.js";

const WORDS = {
  ko: {
    table: "표로 보기",
    largest: "가장 큰 값",
  },
  en: {
    table: "Show as a table",
    largest: "Largest value",
  },
};

export const INK = "#1f2328";
export const MUTED = "#59636e";
const GRID = "#e7e3da";
export const AXIS = "#8a8578";
const FALLBACK_COLORS = ["#264653", "#e9c46a", "#2a9d8f", "#f4a261", "#e76f51"];

function words(lang) {
  return WORDS[lang] || WORDS.ko;
}

export function finite(v) {
  return typeof v === "number" && Number.isFinite(v);
}

/** The chart box width a renderer lays out for when not told: the picture then scales to its box. */
export const DEFAULT_WIDTH = 560;

/**
 * The width the build lays every chart out for, before any script runs: the chart box of a 320-px
 * window that has a classic scrollbar (Firefox's takes 12 px, others up to 15; a phone's overlays
 * the page and leaves it 255), so that scaled to its box the text never drops below 11 px (class
 * "for-phone"). The page's CSS scales it to the box, up to about 1.4 times on wider screens, where
 * it stays narrower than the box; the page script then lays each chart out again for the width its
 * box has. (The wide layout too would cost the page 1.4 KB gzip.)
 */
export const PRERENDER_WIDTHS = { phone: 240 };

// Below this box width a chart uses its compact layout (shorter, smaller text, fewer ticks).
const NARROW = 480;
// Text is never set below this (CSS px when the chart is drawn at its box's width).
export const MIN_TEXT = 11;

// One picture per width: `width` is a number (the box the page measured) or {name: width} (the
// build's pre-rendered layouts, each marked "for-<name>" for the page's CSS).
export function pictures(width, draw) {
  if (typeof width === "number" && width > 0) return [draw(width)];
  const widths = width && typeof width === "object" ? Object.entries(width) : [["", DEFAULT_WIDTH]];
  return widths.map(([name, w]) => {
    const picture = draw(w);
    if (name) picture.className += ` for-${name}`;
    return picture;
  });
}

// <div class="chart-picture" data-width="W">: the drawing for a box W CSS px wide.
export function pictureBox(document, width, content) {
  const box = htmlEl(document, "div", "chart-picture");
  box.setAttribute("data-width", String(width));
  box.append(content);
  return box;
}

// <figure class="chart …"><figcaption/> pictures <details class="chart-data">table</details></figure>
export function chartFigure(document, { className, caption, pictures: drawn, table, tableOpts, lang }) {
  const figure = htmlEl(document, "figure", `chart ${className}`);
  figure.append(htmlEl(document, "figcaption", "chart-title", caption), ...drawn);
  const details = htmlEl(document, "details", "chart-data");
  details.append(htmlEl(document, "summary", "", words(lang).table));
  const scroll = htmlEl(document, "div", "table-scroll");
  scroll.append(renderTable(table, { document, ...tableOpts }));
  details.append(scroll);
  figure.append(details);
  return figure;
}

// Legend items in rows that fit `width` up to `right`, right-aligned (over the plot) or, when they
// wrap on a narrow chart, left-aligned as lines of text are; returns the rows' height.
function drawLegend(document, parent, items, { right, top, width, size = 14, wrapLeft = false }) {
  const gap = 18;
  const rows = [[]];
  let rowWidth = 0;
  for (const item of items) {
    const w = 22 + textWidth(item.label, size);
    if (rows[rows.length - 1].length && rowWidth + gap + w > width) {
      rows.push([]);
      rowWidth = 0;
    }
    rowWidth += (rowWidth ? gap : 0) + w;
    rows[rows.length - 1].push({ ...item, w });
  }
  const legend = svgEl(document, "g", { class: "legend" });
  rows.forEach((row, r) => {
    const total = row.reduce((sum, item) => sum + item.w, 0) + gap * (row.length - 1);
    let x = wrapLeft && rows.length > 1 ? right - width : right - total;
    const y = top + r * (size + 8);
    for (const item of row) {
      const g = svgEl(document, "g", { class: "legend-item" });
      if (item.dash) {
        g.append(svgEl(document, "line", { x1: px(x), x2: px(x + 16), y1: px(y + 6), y2: px(y + 6), stroke: item.color, "stroke-width": 2.5, "stroke-dasharray": "5 3" }));
      } else {
        g.append(svgEl(document, "rect", { x: px(x), y: px(y), width: 14, height: 12, rx: 2, fill: item.color }));
      }
      g.append(svgEl(document, "text", { x: px(x + 22), y: px(y + 11), fill: INK, "font-size": size }, item.label));
      legend.append(g);
      x += item.w + gap;
    }
  });
  parent.append(legend);
  return rows.length * (size + 8);
}

// The y axis's ticks for the values, and the room its labels (and the rotated axis label) take
// at the left.
function yScale(values, { size, labelSize, ylabel, count }) {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const { ticks, decimals } = niceTicks(lo, hi, count);
  const labels = ticks.map((t) => t.toFixed(decimals));
  const left = (ylabel ? labelSize + 10 : 4) + Math.max(...labels.map((l) => textWidth(l, size))) + 8;
  return { ticks, labels, left };
}

// value → y for the scale's ticks spread from `bottom` up to `top`
function yMap({ ticks }, top, bottom) {
  const d0 = ticks[0];
  const d1 = ticks[ticks.length - 1];
  return (v) => bottom - ((v - d0) / (d1 - d0)) * (bottom - top);
}

// Y axis: grid lines, tick labels, and the zero line; returns the value → y function.
function drawYAxis(document, parent, { scale, left, right, top, bottom, size }) {
  const { ticks, labels } = scale;
  const y = yMap(scale, top, bottom);
  const axis = svgEl(document, "g", { class: "axis axis-y" });
  ticks.forEach((t, i) => {
    axis.append(svgEl(document, "line", { x1: px(left), x2: px(right), y1: px(y(t)), y2: px(y(t)), stroke: t === 0 ? AXIS : GRID, "stroke-width": 1 }));
    axis.append(svgEl(document, "text", { x: px(left - 8), y: px(y(t) + size * 0.32), "text-anchor": "end", fill: MUTED, "font-size": size }, labels[i]));
  });
  parent.append(axis);
  return y;
}

export function axisLabels(document, parent, { xlabel, ylabel, cx, bottomY, cy, leftX, size }) {
  if (xlabel) parent.append(svgEl(document, "text", { class: "axis-label", x: px(cx), y: px(bottomY), "text-anchor": "middle", fill: INK, "font-size": size }, xlabel));
  if (ylabel) {
    parent.append(svgEl(document, "text", {
      class: "axis-label", x: px(leftX), y: px(cy), "text-anchor": "middle", fill: INK, "font-size": size,
      transform: `rotate(-90 ${px(leftX)} ${px(cy)})`,
    }, ylabel));
  }
}

// Every k-th x label, k in 1, 2, 5, 10, 20, 50, …, so that labels of width `labelWidth` don't run
// into each other (round steps read as an axis: 0, 5, 10 rather than 0, 3, 6).
export function labelStride(band, labelWidth) {
  const need = (labelWidth + 6) / Math.max(band, 0.01);
  if (!(need > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(need));
  return [1, 2, 5, 10].map((k) => k * power).find((k) => k >= need);
}

// How value labels of these widths sit over bars `band` apart: across ("across", when the widest
// fits in `room`), turned upright ("up", when a line of text fits in the band) or not at all.
export function labelMode(widths, { room, band, size }) {
  if (Math.max(0, ...widths) <= room) return "across";
  if (band >= size + 2) return "up";
  return "none";
}

// Text turned to read upward from (x, y) ("end": ending there, reading up to it), its line centred on x.
function upright(document, { x, y, size, anchor = "start", ...attrs }, text) {
  const tx = px(x + size * 0.35);
  const ty = px(y);
  return svgEl(document, "text", { ...attrs, x: tx, y: ty, "font-size": size, "text-anchor": anchor, transform: `rotate(-90 ${tx} ${ty})` }, text);
}

// A value label `gap` px over (or under, `below`) the point (x, y): written across, or turned to
// read upward.
export function valueLabel(document, { x, y, text, size, mode, below = false, fill = INK, bold = false, gap = mode === "up" ? 4 : 5 }) {
  const attrs = { class: "bar-label", fill, "font-weight": bold ? 700 : undefined };
  if (mode === "up") return upright(document, { ...attrs, x, y: below ? y + gap : y - gap, size, anchor: below ? "end" : "start" }, text);
  return svgEl(document, "text", { ...attrs, "font-size": size, x: px(x), y: px(below ? y + size + 3 : y - gap), "text-anchor": "middle" }, text);
}

export function bar(document, { x, y, width, height, color, value, title, className = "bar" }) {
  const rect = svgEl(document, "rect", {
    class: className, x: px(x), y: px(y), width: px(width), height: px(Math.max(0, height)), fill: color,
    "data-value": String(value),
  });
  rect.append(svgEl(document, "title", {}, title));
  return rect;
}

// Text sizes and the plot's height for a box `width` CSS px wide (one user unit is one CSS px
// when the chart is drawn at its box's width).
export function layoutFor(width) {
  const W = Math.max(220, Math.round(width));
  const narrow = W < NARROW;
  return { W, narrow, tick: narrow ? 12 : 13, label: narrow ? 13 : 14, plot: narrow ? 170 : 224 };
}

/**
 * Grouped bars as matplotlib's ax.bar draws them: bar i of series s at x[i] + offsets[s], `width`
 * wide, from 0 to the value; colours from the JSON. Laid out for a box `opts.width` CSS px wide
 * (see PRERENDER_WIDTHS for a set of widths): the legend wraps into rows, x labels thin out to
 * every 2nd, 5th, 10th… value, text stays at least 11 px.
 * @param {{kind: "bar", title: string, xlabel: string, ylabel: string, x: number[], width: number,
 *   offsets: number[], series: {label: string, color: string, values: number[]}[]}} chart e.g.
 *   {kind: "bar", title: "d_k = 64 에서 √d_k 로 나누기 전과 후", xlabel: "Key 낱말 번호", ylabel: "softmax 비율",
 *    x: [0, 1], width: 0.4, offsets: [-0.2, 0.2], series: [{label: "나누기 전", color: "#264653", values: [0.0001, 0.9999]},
 *    {label: "√d_k 로 나눈 뒤", color: "#e9c46a", values: [0.3, 0.7]}]}
 * @param {{document: Document, lang?: "ko"|"en", caption?: string, summary?: string,
 *   width?: number | Object<string, number>}} opts
 * @returns {HTMLElement} <figure class="chart chart-bar"><figcaption>title</figcaption>
 *   <div class="chart-picture" data-width="560"><svg role="img" aria-label="가장 큰 값 — 나누기 전: 1 (Key 낱말 번호 1) → √d_k 로 나눈 뒤: 0.7 (Key 낱말 번호 1)">… <rect class="bar"
 *   data-value="0.9999"><title>나누기 전 · Key 낱말 번호 1: 0.9999</title></rect>…</svg></div>
 *   <details class="chart-data"><summary>표로 보기</summary>…</details></figure>
 */
export function renderBarChart(chart, { document, lang = "ko", caption, summary, width = DEFAULT_WIDTH } = {}) {
  const series = barSeries(chart);
  const xs = chart.x || [];
  return chartFigure(document, {
    className: "chart-bar",
    caption: caption ?? formatValue(chart.title ?? ""),
    pictures: pictures(width, (w) => drawBarChart(chart, { document, lang, summary, width: w })),
    table: {
      columns: series.map((s) => s.label),
      index: xs,
      rows: xs.map((_, i) => series.map((s) => (s.values[i] === undefined ? null : s.values[i]))),
    },
    tableOpts: { indexLabel: formatValue(chart.xlabel ?? "x") },
    lang,
  });
}

function barSeries(chart) {
  return (chart.series || []).map((s, i) => ({
    label: formatValue(s.label),
    color: safeColor(s.color, FALLBACK_COLORS[i % FALLBACK_COLORS.length]),
    values: s.values || [],
  }));
}

/**
 * The picture of renderBarChart alone, for a box `width` CSS px wide (the page lays a shown chart
 * out again with it when its box changes width).
 * @returns {HTMLDivElement} <div class="chart-picture" data-width="…"><svg class="chart-svg">…</svg></div>
 */
export function drawBarChart(chart, { document, lang = "ko", summary, width = DEFAULT_WIDTH } = {}) {
  const { W, narrow, tick, label, plot } = layoutFor(width);
  const series = barSeries(chart);
  const xs = chart.x || [];
  const width0 = finite(chart.width) ? chart.width : 0.8 / Math.max(1, series.length);
  const offsets = series.map((_, i) => (finite(chart.offsets?.[i]) ? chart.offsets[i] : (i - (series.length - 1) / 2) * width0));

  const all = series.flatMap((s) => s.values.filter(finite));
  const scale = yScale(all, { size: tick, labelSize: label, ylabel: chart.ylabel, count: narrow ? 4 : 5 });
  const left = scale.left;
  const right = W - 12;
  const svg = svgRoot(document, W, 0, "chart-svg"); // its height is known once the legend is laid out
  const legendHeight = drawLegend(document, svg, series.map((s) => ({ label: s.label, color: s.color })), { right, top: 10, width: right - (narrow ? 4 : left), size: label, wrapLeft: narrow });
  const top = 18 + legendHeight;
  const bottom = top + plot;
  svg.setAttribute("viewBox", `0 0 ${W} ${bottom + tick + label + 29}`);
  const y = drawYAxis(document, svg, { scale, left, right, top, bottom, size: tick });

  const edges = xs.flatMap((x) => offsets.flatMap((o) => [x + o - width0 / 2, x + o + width0 / 2]));
  const pad = xs.length > 1 ? 0.15 : 0.5;
  const x0 = edges.length ? Math.min(...edges) - pad : -1;
  const x1 = edges.length ? Math.max(...edges) + pad : 1;
  const xPos = (v) => left + ((v - x0) / (x1 - x0)) * (right - left);

  const bars = svgEl(document, "g", { class: "bars" });
  series.forEach((s, si) => {
    const g = svgEl(document, "g", { class: "series", "data-series": si });
    xs.forEach((xv, i) => {
      const v = s.values[i];
      if (!finite(v)) return;
      const a = xPos(xv + offsets[si] - width0 / 2);
      const b = xPos(xv + offsets[si] + width0 / 2);
      const yTop = y(Math.max(0, v));
      g.append(bar(document, {
        x: a, y: yTop, width: b - a, height: y(Math.min(0, v)) - yTop, color: s.color, value: v,
        title: `${s.label} · ${formatValue(chart.xlabel ?? "x")} ${formatValue(xv)}: ${String(v)}`,
      }));
    });
    bars.append(g);
  });
  svg.append(bars);

  const ticks = svgEl(document, "g", { class: "axis axis-x" });
  // pixels between neighbouring x values, to thin out labels that would collide
  const step = xs.length > 1 ? (Math.max(...xs) - Math.min(...xs)) / (xs.length - 1) : x1 - x0;
  const band = ((right - left) * step) / (x1 - x0);
  const stride = labelStride(band, Math.max(0, ...xs.map((v) => textWidth(formatValue(v), tick))));
  xs.forEach((xv, i) => {
    if (i % stride !== 0) return;
    ticks.append(svgEl(document, "text", { x: px(xPos(xv)), y: px(bottom + tick + 7), "text-anchor": "middle", fill: MUTED, "font-size": tick }, formatValue(xv)));
  });
  svg.append(ticks);
  axisLabels(document, svg, {
    xlabel: chart.xlabel, ylabel: chart.ylabel, cx: (left + right) / 2, bottomY: bottom + tick + label + 15,
    cy: (top + bottom) / 2, leftX: 4 + label, size: label,
  });

  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", summary ?? barSummary(chart, series, lang));
  return pictureBox(document, W, svg);
}

// "가장 큰 값 — 나누기 전: 1 (Key 낱말 번호 4) → √d_k 로 나눈 뒤: 0.491 (Key 낱말 번호 4)"
function barSummary(chart, series, lang) {
  const xs = chart.x || [];
  const parts = series.map((s) => {
    let best = -1;
    s.values.forEach((v, i) => { if (finite(v) && (best < 0 || v > s.values[best])) best = i; });
    if (best < 0) return `${s.label}: NaN`;
    return `${s.label}: ${shortNumber(s.values[best])} (${formatValue(chart.xlabel ?? "x")} ${formatValue(xs[best])})`;
  });
  return `${words(lang).largest} — ${parts.join(" → ")}`;
}

/**
 * A printed table as grouped bars: for each row, one bar per column of `spec.bars`, with the
 * column `spec.reference` (optional) drawn as a dashed marker across the first bar of each group;
 * the groups are labelled by the column `spec.x`. ch3-lab2 step 1: for each d_k, the scores'
 * standard deviation before and after dividing by √d_k, with √d_k as the marker. Laid out for a
 * box `opts.width` CSS px wide: the legend wraps, x labels turn upright and the values over the
 * bars turn upright (or are left to the data table) where they would not fit across.
 * @param {{columns: string[], index: number[], rows: number[][]}} table the step's table JSON, e.g.
 *   columns [d_k, √d_k, 점수 표준편차, 나눈 뒤 표준편차], rows [[4, 2, 2.07, 1.04], [16, 4, 4.06, 1.02], …]
 * @param {{x: string, bars: string[], reference?: string, ylabel?: string}} spec the step's
 *   "table_bars" visual (its columns named), e.g. {x: "d_k", bars: ["점수 표준편차", "나눈 뒤 표준편차"], reference: "√d_k", ylabel: "표준편차"}
 * @param {{document: Document, lang?: "ko"|"en", caption?: string, text?: string,
 *   width?: number | Object<string, number>}} opts
 *   `text`: the table's printed text/plain, so labels read as pandas printed them ("15.90").
 * @returns {HTMLElement} <figure class="chart chart-table-bars"><figcaption>…</figcaption><div class="chart-picture" data-width="560">
 *   <svg role="img" aria-label="d_k 4 → 256: 점수 표준편차 2.07 → 15.9, 나눈 뒤 표준편차 1.04 → 0.99, √d_k 2 → 16">…
 *   </svg></div><details class="chart-data">…</details></figure>
 */
export function renderTableBars(table, spec, { document, lang = "ko", caption, text, width = DEFAULT_WIDTH } = {}) {
  return chartFigure(document, {
    className: "chart-table-bars",
    caption: caption ?? spec.ylabel ?? "",
    pictures: pictures(width, (w) => drawTableBars(table, spec, { document, lang, text, width: w })),
    table,
    tableOpts: { text },
    lang,
  });
}

/** The picture of renderTableBars alone, for a box `width` CSS px wide (see drawBarChart). */
export function drawTableBars(table, spec, { document, lang = "ko", text, width = DEFAULT_WIDTH } = {}) {
  const { W, narrow, tick, label, plot } = layoutFor(width);
  const rows = table.rows || [];
  const names = table.columns.map(formatValue);
  const cells = displayCells(table, text).rows;
  const column = (name) => table.columns.indexOf(name);
  const xc = Math.max(0, column(spec.x));
  const rc = spec.reference === undefined ? -1 : column(spec.reference);
  const series = (spec.bars || []).map((name) => column(name)).filter((c) => c >= 0)
    .map((col, k) => ({ col, label: names[col], color: FALLBACK_COLORS[k % FALLBACK_COLORS.length] }));
  const refColor = "#e76f51";
  const refOf = (row) => (rc >= 0 ? row[rc] : undefined);

  const all = rows.flatMap((row) => [refOf(row), ...series.map((s) => row[s.col])]).filter(finite);
  const scale = yScale(all, { size: tick, labelSize: label, ylabel: spec.ylabel, count: narrow ? 4 : 5 });
  const left = scale.left;
  const right = W - 12;
  const svg = svgRoot(document, W, 0, "chart-svg"); // its height is known once the labels are placed
  const legendItems = [...series.map((s) => ({ label: s.label, color: s.color })), ...(rc >= 0 ? [{ label: names[rc], color: refColor, dash: true }] : [])];
  const legendBottom = 10 + drawLegend(document, svg, legendItems, { right, top: 10, width: right - (narrow ? 4 : left), size: label, wrapLeft: narrow });

  const band = (right - left) / Math.max(1, rows.length);
  const n = Math.max(1, series.length);
  const barW = Math.min(56, (band * 0.68) / n);
  const gap = Math.min(4, band * 0.04);
  const labelSize = band >= 60 ? 13 : MIN_TEXT;
  // Bar k of a group: its left edge, for a group centred on cx.
  const groupW = n * barW + (n - 1) * gap;
  const barX = (cx, k) => cx - groupW / 2 + k * (barW + gap);
  // A bar's value label keeps to its slot: its bar and half the gaps either side.
  const slot = barW + gap;
  const labels = rows.flatMap((row, i) => series.map((s, si) => {
    const v = row[s.col];
    // the first bar's label clears the reference marker drawn across its top
    const at = si === 0 && finite(refOf(row)) ? Math.max(v, refOf(row)) : v;
    return finite(v) && { i, x: barX(left + band * (i + 0.5), si) + barW / 2, at: Math.max(0, at), w: textWidth(cells[i][s.col], labelSize), text: cells[i][s.col] };
  })).filter(Boolean);
  // Across when each fits its slot, turned upright when a line of text fits over each bar, else
  // left to the data table.
  const mode = labelMode(labels.map((l) => l.w), { room: Math.min(slot, band - groupW + barW) - 3, band: slot, size: labelSize });
  const reach = (l) => (mode === "up" ? 4 + l.w : 7 + labelSize); // above its bar
  // the plot drops below the legend as far as its highest label needs (its height stays)
  const inPlot = yMap(scale, 0, plot);
  const top = legendBottom + Math.max(16, ...(mode === "none" ? [] : labels.map((l) => 4 + reach(l) - inPlot(l.at))));
  const bottom = top + plot;
  const y = drawYAxis(document, svg, { scale, left, right, top, bottom, size: tick });
  // the reference marker reaches a little past the first bar, not into the next bar's label
  const overhang = Math.min(5, barW * 0.12);

  const groups = svgEl(document, "g", { class: "bars" });
  rows.forEach((row, i) => {
    const cx = left + band * (i + 0.5);
    const g = svgEl(document, "g", { class: "group", "data-x": formatValue(row[xc]) });
    series.forEach((s, si) => {
      const v = row[s.col];
      if (!finite(v)) return;
      const x = barX(cx, si);
      const yTop = y(Math.max(0, v));
      g.append(bar(document, {
        x, y: yTop, width: barW, height: y(Math.min(0, v)) - yTop, color: s.color, value: v,
        title: `${names[xc]} ${cells[i][xc]} · ${s.label}: ${String(v)}`,
      }));
    });
    if (mode !== "none") {
      for (const l of labels) if (l.i === i) g.append(valueLabel(document, { x: l.x, y: y(l.at), text: l.text, size: labelSize, mode, gap: mode === "up" ? 4 : 7 }));
    }
    const ref = refOf(row);
    if (finite(ref)) {
      const mark = svgEl(document, "line", {
        class: "ref-mark", x1: px(barX(cx, 0) - overhang), x2: px(barX(cx, 0) + barW + overhang), y1: px(y(ref)), y2: px(y(ref)),
        stroke: refColor, "stroke-width": 2.5, "stroke-dasharray": "5 3", "data-value": String(ref),
      });
      mark.append(svgEl(document, "title", {}, `${names[xc]} ${cells[i][xc]} · ${names[rc]}: ${String(ref)}`));
      g.append(mark);
    }
    groups.append(g);
  });
  svg.append(groups);

  // d_k labels across when they fit their band, else turned to read upward
  const tickWidth = Math.max(0, ...rows.map((_, i) => textWidth(cells[i][xc], tick)));
  const turned = tickWidth + 6 > band;
  const ticks = svgEl(document, "g", { class: "axis axis-x" });
  rows.forEach((_, i) => {
    const x = left + band * (i + 0.5);
    if (turned) {
      ticks.append(upright(document, { x, y: bottom + 6, size: tick, anchor: "end", fill: MUTED }, cells[i][xc]));
    } else {
      ticks.append(svgEl(document, "text", { x: px(x), y: bottom + tick + 7, "text-anchor": "middle", fill: MUTED, "font-size": tick }, cells[i][xc]));
    }
  });
  svg.append(ticks);
  const xlabelY = bottom + (turned ? tickWidth + 12 : tick + 7) + label + 8;
  axisLabels(document, svg, {
    xlabel: names[xc], ylabel: spec.ylabel, cx: (left + right) / 2, bottomY: xlabelY, cy: (top + bottom) / 2, leftX: 4 + label, size: label,
  });
  svg.setAttribute("viewBox", `0 0 ${W} ${px(xlabelY + 14)}`);

  const first = 0;
  const last = rows.length - 1;
  const span = (c) => (rows.length > 1 ? `${cells[first][c]} → ${cells[last][c]}` : cells[first]?.[c] ?? "");
  const summaryText = rows.length
    ? `${names[xc]} ${span(xc)}: ${[...series.map((s) => s.col), ...(rc >= 0 ? [rc] : [])].map((c) => `${names[c]} ${span(c)}`).join(", ")}`
    : spec.ylabel ?? "";
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", summaryText);
  return pictureBox(document, W, svg);
}
