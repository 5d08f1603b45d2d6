// Charts as SVG from the core's JSON: the matplotlib bar chart (ch3 step 3), the three softmax
// stages (ch1 step 3) and the d_k sweep (ch3 step 1). Each returns a <figure> with a caption, an
// aria-label summary on the picture, and its data as a table one click away.
import { htmlEl, niceTicks, px, safeColor, shortNumber, svgEl, svgRoot, textWidth, tint } from "./svg.js";
import { displayCells, formatValue, renderTable } from "./table.js";

const WORDS = {
  ko: {
    table: "표로 보기",
    largest: "가장 큰 값",
    stages: "z → e^z → p: softmax 의 세 단계",
    scores: "점수",
    sum: "합",
    sweepTitle: "d_k 에 따른 점수 표준편차, √d_k 로 나누기 전과 후",
    std: "표준편차",
  },
  en: {
    table: "Show as a table",
    largest: "Largest value",
    stages: "z → e^z → p: the three steps of softmax",
    scores: "scores",
    sum: "sum",
    sweepTitle: "Score spread by d_k, before and after dividing by √d_k",
    std: "standard deviation",
  },
};

const INK = "#1f2328";
const MUTED = "#59636e";
const GRID = "#e7e3da";
const AXIS = "#8a8578";
const FALLBACK_COLORS = ["#264653", "#e9c46a", "#2a9d8f", "#f4a261", "#e76f51"];

function words(lang) {
  return WORDS[lang] || WORDS.ko;
}

function finite(v) {
  return typeof v === "number" && Number.isFinite(v);
}

// <figure class="chart …"><figcaption/> picture <details class="chart-data">table</details></figure>
function chartFigure(document, { className, caption, picture, table, tableOpts, lang }) {
  const figure = htmlEl(document, "figure", `chart ${className}`);
  figure.append(htmlEl(document, "figcaption", "chart-title", caption), picture);
  const details = htmlEl(document, "details", "chart-data");
  details.append(htmlEl(document, "summary", "", words(lang).table));
  const scroll = htmlEl(document, "div", "table-scroll");
  scroll.append(renderTable(table, { document, ...tableOpts }));
  details.append(scroll);
  figure.append(details);
  return figure;
}

// Legend items laid out right-aligned in rows that fit `width`; returns the rows' height.
function drawLegend(document, parent, items, { right, top, width, size = 14 }) {
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
    let x = right - total;
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

// Y axis: grid lines, tick labels, and the zero line; returns the value → y function.
function drawYAxis(document, parent, { lo, hi, left, right, top, bottom, size = 13 }) {
  const { ticks, decimals } = niceTicks(lo, hi, 5);
  const d0 = ticks[0];
  const d1 = ticks[ticks.length - 1];
  const y = (v) => bottom - ((v - d0) / (d1 - d0)) * (bottom - top);
  const axis = svgEl(document, "g", { class: "axis axis-y" });
  for (const t of ticks) {
    axis.append(svgEl(document, "line", { x1: left, x2: right, y1: px(y(t)), y2: px(y(t)), stroke: t === 0 ? AXIS : GRID, "stroke-width": 1 }));
    axis.append(svgEl(document, "text", { x: left - 8, y: px(y(t) + 4), "text-anchor": "end", fill: MUTED, "font-size": size }, t.toFixed(decimals)));
  }
  parent.append(axis);
  return y;
}

function axisLabels(document, parent, { xlabel, ylabel, cx, bottomY, cy, leftX }) {
  if (xlabel) parent.append(svgEl(document, "text", { class: "axis-label", x: px(cx), y: px(bottomY), "text-anchor": "middle", fill: INK, "font-size": 14 }, xlabel));
  if (ylabel) {
    parent.append(svgEl(document, "text", {
      class: "axis-label", x: px(leftX), y: px(cy), "text-anchor": "middle", fill: INK, "font-size": 14,
      transform: `rotate(-90 ${px(leftX)} ${px(cy)})`,
    }, ylabel));
  }
}

// Every k-th x label so that labels of width `labelWidth` don't run into each other.
function labelStride(band, labelWidth) {
  return Math.max(1, Math.ceil((labelWidth + 6) / Math.max(band, 1)));
}

function bar(document, { x, y, width, height, color, value, title, className = "bar" }) {
  const rect = svgEl(document, "rect", {
    class: className, x: px(x), y: px(y), width: px(width), height: px(Math.max(0, height)), fill: color,
    "data-value": String(value),
  });
  rect.append(svgEl(document, "title", {}, title));
  return rect;
}

/**
 * Grouped bars as matplotlib's ax.bar draws them: bar i of series s at x[i] + offsets[s], `width`
 * wide, from 0 to the value; colours from the JSON.
 * @param {{kind: "bar", title: string, xlabel: string, ylabel: string, x: number[], width: number,
 *   offsets: number[], series: {label: string, color: string, values: number[]}[]}} chart e.g.
 *   {kind: "bar", title: "d_k = 64 에서 √d_k 로 나누기 전과 후", xlabel: "Key 낱말 번호", ylabel: "softmax 비율",
 *    x: [0, 1], width: 0.4, offsets: [-0.2, 0.2], series: [{label: "나누기 전", color: "#264653", values: [0.0001, 0.9999]},
 *    {label: "√d_k 로 나눈 뒤", color: "#e9c46a", values: [0.3, 0.7]}]}
 * @param {{document: Document, lang?: "ko"|"en", caption?: string, summary?: string}} opts
 * @returns {HTMLElement} <figure class="chart chart-bar"><figcaption>title</figcaption>
 *   <div class="chart-scroll"><svg role="img" aria-label="가장 큰 값 — 나누기 전: 1 (Key 낱말 번호 1) → √d_k 로 나눈 뒤: 0.7 (Key 낱말 번호 1)">… <rect class="bar"
 *   data-value="0.9999"><title>나누기 전 · Key 낱말 번호 1: 0.9999</title></rect>…</svg></div>
 *   <details class="chart-data"><summary>표로 보기</summary>…</details></figure>
 */
export function renderBarChart(chart, { document, lang = "ko", caption, summary } = {}) {
  const W = 560;
  const H = 320;
  const series = (chart.series || []).map((s, i) => ({
    label: formatValue(s.label),
    color: safeColor(s.color, FALLBACK_COLORS[i % FALLBACK_COLORS.length]),
    values: s.values || [],
  }));
  const xs = chart.x || [];
  const width = finite(chart.width) ? chart.width : 0.8 / Math.max(1, series.length);
  const offsets = series.map((_, i) => (finite(chart.offsets?.[i]) ? chart.offsets[i] : (i - (series.length - 1) / 2) * width));

  const svg = svgRoot(document, W, H, "chart-svg");
  const left = 64;
  const right = W - 16;
  const legendHeight = drawLegend(document, svg, series.map((s) => ({ label: s.label, color: s.color })), { right, top: 10, width: right - left });
  const top = 18 + legendHeight;
  const bottom = H - 56;

  const all = series.flatMap((s) => s.values.filter(finite));
  const y = drawYAxis(document, svg, { lo: Math.min(0, ...all), hi: Math.max(0, ...all), left, right, top, bottom });

  const edges = xs.flatMap((x) => offsets.flatMap((o) => [x + o - width / 2, x + o + width / 2]));
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
      const a = xPos(xv + offsets[si] - width / 2);
      const b = xPos(xv + offsets[si] + width / 2);
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
  const stride = labelStride(band, Math.max(0, ...xs.map((v) => textWidth(formatValue(v), 13))));
  xs.forEach((xv, i) => {
    if (i % stride !== 0) return;
    ticks.append(svgEl(document, "text", { x: px(xPos(xv)), y: bottom + 20, "text-anchor": "middle", fill: MUTED, "font-size": 13 }, formatValue(xv)));
  });
  svg.append(ticks);
  axisLabels(document, svg, { xlabel: chart.xlabel, ylabel: chart.ylabel, cx: (left + right) / 2, bottomY: H - 14, cy: (top + bottom) / 2, leftX: 18 });

  const text = summary ?? barSummary(chart, series, lang);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", text);
  const scroll = htmlEl(document, "div", "chart-scroll");
  scroll.append(svg);
  return chartFigure(document, {
    className: "chart-bar",
    caption: caption ?? formatValue(chart.title ?? ""),
    picture: scroll,
    table: {
      columns: series.map((s) => s.label),
      index: xs,
      rows: xs.map((_, i) => series.map((s) => (s.values[i] === undefined ? null : s.values[i]))),
    },
    tableOpts: { indexLabel: formatValue(chart.xlabel ?? "x") },
    lang,
  });
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

const STAGE_COLORS = { z: "#264653", exp_z: "#2a9d8f", p: "#e9c46a" };

// One panel of the softmax stages: bars with their values written on them. `null` in exp_z is an
// overflow to inf: drawn as a dashed bar cut off at the top, labelled "inf".
function stagePanel(document, { key, name, note, values, nullIsInf }) {
  const W = 220;
  const H = 176;
  const n = values.length;
  const color = STAGE_COLORS[key];
  const panel = htmlEl(document, "div", `stage-panel stage-${key.replace("_", "-")}`);
  const title = htmlEl(document, "p", "stage-title");
  title.append(htmlEl(document, "span", "stage-name", name), document.createTextNode(" "), htmlEl(document, "span", "stage-note", note));
  panel.append(title);

  const svg = svgRoot(document, W, H, "stage-svg");
  svg.setAttribute("aria-hidden", "true");
  const left = 10;
  const right = W - 10;
  const top = 30;
  const nums = values.filter(finite);
  const hasInf = nullIsInf && values.some((v) => v === null);
  const band = (right - left) / Math.max(1, n);
  const labels = n <= 12;
  const texts = values.map((v) => compactNumber(v));
  // the longest label must fit its band
  const longest = Math.max(1, ...texts.map((t) => textWidth(t, 1)));
  const size = Math.max(8.5, Math.min(13, (band * 0.96) / longest));
  // labels under negative bars need room above the x tick labels
  const bottom = H - 26 - (labels && nums.some((v) => v < 0) ? size + 4 : 0);
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
    if (v === null && nullIsInf) {
      const g = svgEl(document, "g", { class: "bar-inf" });
      const rect = svgEl(document, "rect", {
        class: "bar", x: px(cx - barW / 2), y: top - 4, width: px(barW), height: px(y(0) - top + 4),
        fill: tint(color, 0.35), stroke: color, "stroke-width": 1.5, "stroke-dasharray": "4 3", "data-value": "inf",
      });
      rect.append(svgEl(document, "title", {}, `${label} = inf`));
      // a white zigzag across the bar: the bar goes on past the top
      const zy = top + 8;
      const zig = [];
      for (let k = 0; k <= 4; k += 1) zig.push(`${px(cx - barW / 2 - 2 + ((barW + 4) * k) / 4)} ${px(zy + (k % 2 ? -4 : 4))}`);
      g.append(rect, svgEl(document, "path", { d: `M${zig.join(" L")}`, fill: "none", stroke: "#ffffff", "stroke-width": 3 }));
      g.append(svgEl(document, "text", { class: "bar-label", x: px(cx), y: top - 10, "text-anchor": "middle", fill: INK, "font-size": size, "font-weight": 700 }, "inf"));
      bars.append(g);
      return;
    }
    if (!finite(v)) {
      bars.append(svgEl(document, "text", { class: "bar-label", x: px(cx), y: px(y(0) - 6), "text-anchor": "middle", fill: MUTED, "font-size": size }, "NaN"));
      return;
    }
    const yTop = y(Math.max(0, v));
    bars.append(bar(document, { x: cx - barW / 2, y: yTop, width: barW, height: y(Math.min(0, v)) - yTop, color, value: v, title: `${label} = ${String(v)}` }));
    if (labels) {
      const below = v < 0;
      bars.append(svgEl(document, "text", {
        class: "bar-label", x: px(cx), y: px(below ? y(v) + size + 3 : y(v) - 5), "text-anchor": "middle", fill: INK, "font-size": size,
      }, texts[i]));
    }
  });
  svg.append(svgEl(document, "line", { class: "baseline", x1: left, x2: right, y1: px(y(0)), y2: px(y(0)), stroke: AXIS, "stroke-width": 1 }));
  svg.append(bars);
  const ticks = svgEl(document, "g", { class: "axis axis-x" });
  const stride = labelStride(band, textWidth(String(n - 1), 11));
  values.forEach((_, i) => {
    if (i % stride === 0) ticks.append(svgEl(document, "text", { x: px(left + band * (i + 0.5)), y: H - 8, "text-anchor": "middle", fill: MUTED, "font-size": 11 }, String(i)));
  });
  svg.append(ticks);
  panel.append(svg);
  return panel;
}

// A bar label of at most about 6 characters: 3 significant digits, then 2, then e-notation.
function compactNumber(v) {
  if (!finite(v)) return shortNumber(v);
  let text = String(Number(v.toPrecision(3)));
  if (text.length > 6) text = String(Number(v.toPrecision(2)));
  if (text.length > 6) text = v.toExponential(1).replace("e+", "e");
  return text;
}

function sumLabel(values, nullIsInf) {
  if (nullIsInf && values.some((v) => v === null)) return "inf";
  if (!values.every(finite)) return "NaN";
  return shortNumber(values.reduce((a, b) => a + b, 0));
}

function listSummary(values, nullIsInf) {
  const shown = values.slice(0, 8).map((v) => (v === null && nullIsInf ? "inf" : shortNumber(v)));
  return shown.join(", ") + (values.length > 8 ? ", …" : "");
}

/**
 * The three stages of softmax side by side: z, e^z, p = e^z / sum. Panels are separate boxes
 * (class "stage-panel") in a row (class "stage-panels") that the page's CSS may stack on narrow
 * screens; arrows between them have class "stage-arrow".
 * @param {{kind: "softmax_stages", z: number[], exp_z: (number|null)[], p: (number|null)[]}} visual e.g.
 *   {kind: "softmax_stages", z: [2, 1, 0.1], exp_z: [7.389, 2.718, 1.105], p: [0.659, 0.242, 0.0986]};
 *   exp_z entries are null where e^z overflowed to inf.
 * @param {{document: Document, lang?: "ko"|"en", caption?: string}} opts
 * @returns {HTMLElement} <figure class="chart chart-softmax-stages"><figcaption>…</figcaption>
 *   <div class="stage-panels" role="img" aria-label="z 2, 1, 0.1 → e^z 7.39, 2.72, 1.11 → p 0.659, 0.242, 0.0986">
 *   <div class="stage-panel stage-z"><p class="stage-title">…</p><svg>…</svg></div><div class="stage-arrow">→</div>…</div>
 *   <details class="chart-data">…</details></figure>
 */
export function renderSoftmaxStages(visual, { document, lang = "ko", caption } = {}) {
  const w = words(lang);
  const z = visual.z || [];
  const expZ = visual.exp_z || [];
  const p = visual.p || [];
  const panels = htmlEl(document, "div", "stage-panels");
  const stages = [
    { key: "z", name: "z", note: w.scores, values: z, nullIsInf: false },
    { key: "exp_z", name: "e^z", note: `${w.sum} ${sumLabel(expZ, true)}`, values: expZ, nullIsInf: true },
    { key: "p", name: "p", note: `${w.sum} ${sumLabel(p, false)}`, values: p, nullIsInf: false },
  ];
  stages.forEach((stage, i) => {
    if (i > 0) {
      const arrow = htmlEl(document, "div", "stage-arrow", "→");
      arrow.setAttribute("aria-hidden", "true");
      panels.append(arrow);
    }
    panels.append(stagePanel(document, stage));
  });
  panels.setAttribute("role", "img");
  panels.setAttribute("aria-label", stages.map((s) => `${s.name} ${listSummary(s.values, s.nullIsInf)}`).join(" → "));

  const table = {
    columns: ["z", "e^z", "p"],
    index: z.map((_, i) => i),
    rows: z.map((v, i) => [v, expZ[i] === null ? Infinity : expZ[i] ?? null, p[i] ?? null]),
  };
  return chartFigure(document, {
    className: "chart-softmax-stages", caption: caption ?? w.stages, picture: panels, table, tableOpts: {}, lang,
  });
}

/**
 * Step 1 of ch3-lab2 as a chart: for each d_k, the scores' standard deviation before and after
 * dividing by √d_k (two bars), with √d_k drawn as a dashed marker across each group.
 * @param {{columns: string[], index: number[], rows: number[][]}} table the step's table JSON, columns
 *   [d_k, √d_k, 점수 표준편차, 나눈 뒤 표준편차], e.g. rows [[4, 2, 2.07, 1.04], [16, 4, 4.06, 1.02], …]
 * @param {{document: Document, lang?: "ko"|"en", caption?: string, text?: string}} opts
 *   `text`: the table's printed text/plain, so labels read as pandas printed them ("15.90").
 * @returns {HTMLElement} <figure class="chart chart-sweep"><figcaption>…</figcaption><div class="chart-scroll">
 *   <svg role="img" aria-label="d_k 4 → 256: 점수 표준편차 2.07 → 15.9, 나눈 뒤 표준편차 1.04 → 0.99, √d_k 2 → 16">…
 *   </svg></div><details class="chart-data">…</details></figure>
 */
export function renderSweepChart(table, { document, lang = "ko", caption, text } = {}) {
  const w = words(lang);
  const W = 560;
  const H = 320;
  const rows = table.rows || [];
  const names = table.columns.map(formatValue);
  const cells = displayCells(table, text).rows;
  const series = [
    { col: 2, label: names[2], color: "#264653" },
    { col: 3, label: names[3], color: "#e9c46a" },
  ];
  const refColor = "#e76f51";

  const svg = svgRoot(document, W, H, "chart-svg");
  const left = 64;
  const right = W - 16;
  const legendItems = [...series.map((s) => ({ label: s.label, color: s.color })), { label: names[1], color: refColor, dash: true }];
  const legendHeight = drawLegend(document, svg, legendItems, { right, top: 10, width: right - left });
  const top = 26 + legendHeight;
  const bottom = H - 56;
  const all = rows.flatMap((row) => [row[1], row[2], row[3]]).filter(finite);
  const y = drawYAxis(document, svg, { lo: Math.min(0, ...all), hi: Math.max(0, ...all), left, right, top, bottom });

  const band = (right - left) / Math.max(1, rows.length);
  const barW = Math.min(56, band * 0.34);
  const gap = Math.min(4, band * 0.04);
  const labelSize = band >= 60 ? 13 : 11;
  const groups = svgEl(document, "g", { class: "bars" });
  rows.forEach((row, i) => {
    const cx = left + band * (i + 0.5);
    const g = svgEl(document, "g", { class: "group", "data-d-k": formatValue(row[0]) });
    const placed = [];
    series.forEach((s, si) => {
      const v = row[s.col];
      if (!finite(v)) return;
      const x = si === 0 ? cx - gap / 2 - barW : cx + gap / 2;
      const yTop = y(Math.max(0, v));
      g.append(bar(document, {
        x, y: yTop, width: barW, height: y(Math.min(0, v)) - yTop, color: s.color, value: v,
        title: `${names[0]} ${cells[i][0]} · ${s.label}: ${String(v)}`,
      }));
      // the before bar's label clears the √d_k marker drawn across its top
      const clear = si === 0 && finite(row[1]) ? Math.max(v, row[1]) : v;
      placed.push({ x: x + barW / 2, y: y(Math.max(0, clear)) - 7, w: textWidth(cells[i][s.col], labelSize), text: cells[i][s.col] });
    });
    // two labels at about the same height that would run into each other: the left one (the
    // larger, before dividing) goes up a line
    if (placed.length === 2) {
      const [a, b] = placed;
      if (b.x - a.x < (a.w + b.w) / 2 + 3 && Math.abs(a.y - b.y) < labelSize + 2) a.y = Math.min(a.y, b.y) - labelSize - 2;
    }
    for (const label of placed) {
      g.append(svgEl(document, "text", {
        class: "bar-label", x: px(label.x), y: px(label.y), "text-anchor": "middle", fill: INK, "font-size": labelSize,
      }, label.text));
    }
    const ref = row[1];
    if (finite(ref)) {
      const mark = svgEl(document, "line", {
        class: "ref-mark", x1: px(cx - gap / 2 - barW - 5), x2: px(cx - gap / 2 + 5), y1: px(y(ref)), y2: px(y(ref)),
        stroke: refColor, "stroke-width": 2.5, "stroke-dasharray": "5 3", "data-value": String(ref),
      });
      mark.append(svgEl(document, "title", {}, `${names[0]} ${cells[i][0]} · ${names[1]}: ${String(ref)}`));
      g.append(mark);
    }
    groups.append(g);
  });
  svg.append(groups);

  const ticks = svgEl(document, "g", { class: "axis axis-x" });
  rows.forEach((row, i) => {
    ticks.append(svgEl(document, "text", { x: px(left + band * (i + 0.5)), y: bottom + 20, "text-anchor": "middle", fill: MUTED, "font-size": 13 }, cells[i][0]));
  });
  svg.append(ticks);
  axisLabels(document, svg, { xlabel: names[0], ylabel: w.std, cx: (left + right) / 2, bottomY: H - 14, cy: (top + bottom) / 2, leftX: 18 });

  const first = 0;
  const last = rows.length - 1;
  const span = (c) => (rows.length > 1 ? `${cells[first][c]} → ${cells[last][c]}` : cells[first]?.[c] ?? "");
  const summaryText = rows.length
    ? `${names[0]} ${span(0)}: ${names[2]} ${span(2)}, ${names[3]} ${span(3)}, ${names[1]} ${span(1)}`
    : w.sweepTitle;
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", summaryText);
  const scroll = htmlEl(document, "div", "chart-scroll");
  scroll.append(svg);
  return chartFigure(document, {
    className: "chart-sweep", caption: caption ?? w.sweepTitle, picture: scroll, table, tableOpts: { text }, lang,
  });
}
