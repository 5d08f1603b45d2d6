// A matplotlib figure of lines, bars and texts as SVG, from the core's figure JSON
// (docs/figure-json.md): what a learner's own ax.plot, ax.bar, ax.hist or ax.text draws, with
// each axes' limits, ticks and labels as matplotlib computed them. The axes stand one under
// another in subplot order (phones are narrow). heatmap.js draws imshow figures, chart.js the
// labs' grouped bars. The JSON comes from learner code: every field is checked before use, and
// the SVG stays bounded however much was plotted.
import { AXIS, DEFAULT_WIDTH, INK, MIN_TEXT, MUTED, axisLabels, chartFigure, finite, labelStride, layoutFor, pictureBox, pictures } from "./chart.js";
import { niceTicks, px, safeColor, shortNumber, svgEl, svgRoot, textWidth } from "./svg.js";

const FIGURE = "application/vnd.transformer-lab.figure+json";
const CYCLE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"];
const GRID = "#e7e3da";
// matplotlib's dash patterns in multiples of the line's width (lines.scale_dashes); text anchors
// and baselines (in text heights). Maps, not objects: a learner's "constructor" finds nothing.
const DASHES = new Map([["--", [3.7, 1.6]], [":", [1, 1.65]], ["-.", [6.4, 1.6, 1, 1.6]]]);
const ANCHORS = new Map([["center", "middle"], ["right", "end"]]);
const BASELINES = new Map([["top", 0.8], ["center", 0.35], ["center_baseline", 0.35]]);
const NO_LINE = new Set(["None", "none", "", " "]);
// Bounds on what is drawn: points and bars over the whole figure (a line or an ax.bar call
// gets its share of BUDGET, at most MAX_POINTS or MAX_BARS), texts, legend entries and axes,
// and the table's rows.
const [BUDGET, MAX_POINTS, MAX_BARS, MAX_ITEMS, MAX_ROWS] = [20000, 2000, 2000, 100, 1000];
const FAR = 1e5; // px: a value far outside the limits is drawn there (a long line, not an infinite one)

const WORDS = {
  ko: {
    line: (k) => `선 ${k}`, bars: (k) => `막대 ${k}`, lines: (n) => `선 ${n}개`, barCount: (n) => `막대 ${n}개`,
    series: "계열", empty: "빈 그림", cut: (n, all) => `처음 ${n}행만 보입니다 (전체 ${all}행)`,
    scale: (axis, name) => `(${axis} 축의 ${name} 눈금은 선형으로 그렸습니다)`,
  },
  en: {
    line: (k) => `line ${k}`, bars: (k) => `bars ${k}`, lines: (n) => `${n} line${n === 1 ? "" : "s"}`,
    barCount: (n) => `${n} bar${n === 1 ? "" : "s"}`, series: "series", empty: "empty figure",
    cut: (n, all) => `the first ${n} of ${all} rows`, scale: (axis, name) => `(${name} ${axis} axis drawn linear)`,
  },
};

const list = (v) => (Array.isArray(v) ? v : []);
const str = (v) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
// A JSON number, or the string the format writes for a non-finite one; anything else is NaN.
const num = (v) => (typeof v === "number" ? v : v === "inf" ? Infinity : v === "-inf" ? -Infinity : NaN);
const finitePoint = ([x, y]) => finite(x) && finite(y);

/** Whether the output's figure is one this module draws: axes of lines, bars and texts only
 * (no image, colorbar or artist the format does not describe), with at least one line or bar.
 * Grouped bars that also carry chart+json pass too: the registry prefers chart.js for those. */
export function isFigure(out) {
  const axes = out?.data?.[FIGURE]?.axes;
  if (!Array.isArray(axes) || !axes.length) return false;
  const plain = axes.every((a) => a?.kind === "axes" && !list(a.images).length && !list(a.other).length);
  return plain && axes.some((a) => list(a.lines).length + list(a.bars).length > 0);
}

const ticksOf = (at, labels) => (Array.isArray(at) ? at.slice(0, MAX_ITEMS).map((t, k) => ({ at: num(t), label: str(list(labels)[k] ?? shortNumber(num(t))) })) : null);
const limits = (v) => (list(v).length === 2 && v.every((e) => finite(num(e))) && num(v[0]) !== num(v[1]) ? v.map(num) : null);

function cleanLine(l, k) {
  const [x, y] = [list(l?.x), list(l?.y)];
  const points = Array.from({ length: Math.min(x.length, y.length) }, (_, i) => [num(x[i]), num(y[i])]);
  const width = num(l?.linewidth);
  return {
    label: str(l?.label) || null, points, color: safeColor(l?.color, CYCLE[k % CYCLE.length]), style: str(l?.linestyle ?? "-"),
    width: finite(width) ? Math.min(10, Math.max(0, width)) : 1.5, marker: l?.marker ? str(l.marker) : null,
  };
}

// One ax.bar call: its rectangles, and its [position, value] pairs for the table (horizontal
// when the bars share a left edge and stand at different heights: barh).
function cleanBars(b, k, cap) {
  const col = (key, fallback) => (i) => (list(b?.[key])[i] === undefined ? fallback : num(b[key][i]));
  const [x, w, y, h] = [col("x", NaN), col("width", 0.8), col("bottom", 0), col("height", NaN)];
  const base = safeColor(Array.isArray(b?.color) ? b.color[0] : b?.color, CYCLE[k % CYCLE.length]);
  const rects = Array.from({ length: Math.min(list(b?.x).length, list(b?.height).length, cap) }, (_, i) => ({
    x: x(i), w: w(i), y: y(i), h: h(i), color: Array.isArray(b?.color) ? safeColor(b.color[i], base) : base,
  }));
  const across = rects.length > 1 && rects.every((r) => r.x === rects[0].x) && rects.some((r) => r.y !== rects[0].y);
  const points = rects.map((r) => (across ? [r.y + r.h / 2, r.w] : [r.x + r.w / 2, r.h]));
  return { label: str(b?.label) || null, rects, points, color: base, bars: true };
}

// The figure with every field checked: axes in subplot order, names for unlabelled series.
function cleanFigure(figure, words) {
  const axes = list(figure?.axes).slice(0, MAX_ITEMS).map((a, i) => ({ a, i })).filter(({ a }) => a?.kind === "axes");
  const key = ({ a, i }) => (finite(num(list(a.subplot)[2])) ? num(a.subplot[2]) : i);
  axes.sort((p, q) => key(p) - key(q) || p.i - q.i);
  let lines = 0;
  let bars = 0;
  const cap = Math.min(MAX_BARS, Math.floor(BUDGET / Math.max(1, axes.reduce((n, { a }) => n + list(a.bars).length, 0))));
  return {
    suptitle: str(figure?.suptitle),
    axes: axes.map(({ a }) => ({
      title: str(a.title), xlabel: str(a.xlabel), ylabel: str(a.ylabel), xlim: limits(a.xlim), ylim: limits(a.ylim),
      scales: ["x", "y"].map((k) => [k, str(a[`${k}scale`] ?? "linear")]).filter(([, s]) => s !== "linear"),
      x: { ticks: ticksOf(a.xticks, a.xticklabels), offset: str(a.xoffset) },
      y: { ticks: ticksOf(a.yticks, a.yticklabels), offset: str(a.yoffset) },
      legend: Array.isArray(a.legend) ? a.legend.slice(0, MAX_ITEMS).map(str) : null,
      lines: list(a.lines).slice(0, MAX_ITEMS * 5).map((l, k) => cleanLine(l, k)).map((l) => ({ ...l, name: l.label || words.line((lines += 1)) })),
      bars: list(a.bars).slice(0, MAX_ITEMS).map((b, k) => cleanBars(b, k, Math.max(20, cap))).map((b) => ({ ...b, name: b.label || words.bars((bars += 1)) })),
      texts: list(a.texts).slice(0, MAX_ITEMS).map((t) => ({ x: num(t?.x), y: num(t?.y), text: str(t?.text), ha: t?.ha, va: t?.va, color: safeColor(t?.color, INK) })),
    })),
  };
}

// The smallest and largest finite value ([Infinity, -Infinity] for none), without spreading
// thousands of arguments into Math.min.
function extent(values) {
  let [lo, hi] = [Infinity, -Infinity];
  for (const v of values) if (finite(v)) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  return [lo, hi];
}

// Limits from the data with matplotlib's 5% margins, for axes whose JSON has none; computed so
// that ±1e308 does not overflow.
function dataLimits(values) {
  const [lo, hi] = extent(values);
  if (!(lo <= hi)) return [0, 1];
  const pad = (hi / 20 - lo / 20) || Math.abs(lo) / 20 || 0.5;
  return [Math.max(-Number.MAX_VALUE, lo - pad), Math.min(Number.MAX_VALUE, hi + pad)];
}

// value → position, lim [a, b] onto [p0, p1]; b below a (an inverted axis) reverses it. Divided
// by the larger end first so that limits like ±1e308 do not overflow.
function scale([a, b], p0, p1) {
  const s = Math.max(Math.abs(a), Math.abs(b));
  const d = b / s - a / s || 1;
  return (v) => Math.max(-FAR, Math.min(FAR, p0 + ((v / s - a / s) / d) * (p1 - p0)));
}

// Nice ticks inside the limits for an axis whose ticks the kernel left undecided (tight_layout);
// none where niceTicks cannot step (tiny or huge spans relative to the values).
function autoTicks([a, b], count) {
  const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
  const span = hi - lo;
  if (!(span > 1e-90 && span < Infinity && Math.max(Math.abs(lo), Math.abs(hi)) / span < 1e9)) return [];
  const { ticks, decimals } = niceTicks(lo, hi, count);
  const eps = span * 1e-9;
  return ticks.filter((t) => t >= lo - eps && t <= hi + eps)
    .map((t) => ({ at: t, label: t.toFixed(decimals).replace(/^-/, "\u2212") }));
}

// Every stride-th tick label, so that labels `need` px wide (or tall) apart don't run into each other.
function thin(ticks, pos, need) {
  const at = ticks.map((t) => pos(t.at)).sort((p, q) => p - q);
  const band = Math.min(Infinity, ...at.slice(1).map((p, k) => p - at[k]));
  const stride = at.length > 1 ? labelStride(band, need) : 1;
  return ticks.filter((_, k) => k % stride === 0);
}

function stroke(line, width) {
  const dash = DASHES.get(line.style);
  return { stroke: line.color, "stroke-width": px(width), "stroke-dasharray": dash && dash.map((d) => px(d * width)).join(" "), fill: "none" };
}

// Over `max` points, a line keeps the first, lowest, highest and last point of each of max/4
// equal slices (the outline of a dense line survives); a gap inside a slice breaks the line before it.
function decimate(points, max) {
  if (points.length <= max) return points;
  const out = [];
  const size = Math.ceil(points.length / Math.floor(max / 4));
  for (let s = 0; s < points.length; s += size) {
    const ok = points.slice(s, s + size).map((p, k) => [p, k]).filter(([p]) => finitePoint(p));
    if (ok.length < Math.min(size, points.length - s)) out.push([NaN, NaN]);
    if (!ok.length) continue;
    const by = (better) => ok.reduce((m, q) => (better(q[0][1], m[0][1]) ? q : m));
    const keep = new Set([ok[0], by((u, v) => u < v), by((u, v) => u > v), ok[ok.length - 1]]);
    out.push(...[...keep].sort((p, q) => p[1] - q[1]).map(([p]) => p));
  }
  return out;
}

// axhline/axvline hold their span in axes coordinates ([0, 1]): drawn across the plot.
function spanLine(l, xlim, ylim) {
  const [[x0, y0], [x1, y1]] = l.points.length === 2 ? l.points : [[], []];
  if (x0 === 0 && x1 === 1 && y0 === y1) return [[xlim[0], y0], [xlim[1], y0]];
  if (y0 === 0 && y1 === 1 && x0 === x1) return [[x0, ylim[0]], [x0, ylim[1]]];
  return l.points;
}

// A title's words in at most three lines no wider than `width` (a longer word keeps its own line).
function wrap(text, size, width) {
  const lines = [];
  for (const word of text.split(" ").filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && textWidth(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else if (lines.push(word) > 3) return [...lines.slice(0, 2), `${lines[2]} …`];
  }
  return lines;
}

// "o" a circle, "s" a square, any other marker a small circle.
function marker(document, code, x, y, r, fill) {
  if (code === "s") return svgEl(document, "rect", { x: px(x - r), y: px(y - r), width: px(2 * r), height: px(2 * r), fill });
  return svgEl(document, "circle", { cx: px(x), cy: px(y), r: code === "o" ? r : r * 0.8, fill });
}

function drawLine(document, parent, line, { X, Y, max, r }) {
  const points = decimate(line.points, max);
  const g = svgEl(document, "g", { class: "series" });
  const drawn = points.filter(finitePoint);
  if (!NO_LINE.has(line.style) && line.width > 0) {
    const d = points.map((p, k) => (finitePoint(p) ? `${k && finitePoint(points[k - 1]) ? "L" : "M"}${px(X(p[0]))} ${px(Y(p[1]))}` : "")).join("");
    g.append(svgEl(document, "path", { class: "line", d, ...stroke(line, line.width * 1.3), "stroke-linejoin": "round" }));
  }
  if (line.marker) {
    const marks = svgEl(document, "g", { class: "markers", fill: line.color });
    for (const [x, y] of drawn) marks.append(marker(document, line.marker, X(x), Y(y), r));
    g.append(marks);
  }
  parent.append(g);
}

function drawBars(document, parent, bars, { X, Y }) {
  const g = svgEl(document, "g", { class: "series bars" });
  bars.rects.forEach((b, k) => {
    const [xa, xb, ya, yb] = [X(b.x), X(b.x + b.w), Y(b.y), Y(b.y + b.h)];
    if (![xa, xb, ya, yb].every(finite)) return;
    const rect = svgEl(document, "rect", { class: "bar", x: px(Math.min(xa, xb)), y: px(Math.min(ya, yb)), width: px(Math.abs(xb - xa)), height: px(Math.abs(yb - ya)), fill: b.color });
    rect.append(svgEl(document, "title", {}, `${bars.name} · ${shortNumber(bars.points[k][0])}: ${shortNumber(bars.points[k][1])}`));
    g.append(rect);
  });
  parent.append(g);
}

// The legend above the plot, left-aligned, in rows that fit; returns its height.
function drawLegend(document, parent, a, { left, right, top, size }) {
  const handles = [...a.lines, ...a.bars];
  const used = new Set();
  let x = left;
  let row = 0;
  (a.legend || []).forEach((text) => {
    // the artist of that label, else the next one not shown yet (hist's label is on its patches)
    const h = handles.find((c) => !used.has(c) && c.label === text) ?? handles.find((c) => !used.has(c));
    used.add(h);
    const w = 26 + textWidth(text, size);
    if (x > left && x + w > right) [x, row] = [left, row + 1];
    const y = top + row * (size + 8);
    const item = svgEl(document, "g", { class: "legend-item" });
    if (!h || h.bars) item.append(svgEl(document, "rect", { x: px(x), y: px(y), width: 14, height: 12, rx: 2, fill: h?.color ?? MUTED }));
    else {
      if (!NO_LINE.has(h.style)) item.append(svgEl(document, "line", { x1: px(x), x2: px(x + 20), y1: px(y + 6), y2: px(y + 6), ...stroke(h, Math.min(3, h.width * 1.3)) }));
      if (h.marker) item.append(marker(document, h.marker, x + 10, y + 6, 3, h.color));
    }
    item.append(svgEl(document, "text", { x: px(x + 26), y: px(y + 11), fill: INK, "font-size": size }, text));
    parent.append(item);
    x += w + 14;
  });
  return a.legend?.length ? (row + 1) * (size + 8) : 0;
}

// One axes: title, legend, offset texts, frame, grid, ticks, bars, lines, texts and axis labels,
// laid out from y = 0; returns the group and its height.
function drawAxes(document, a, { W, narrow, tick, label, plot, showTitle, max }) {
  const g = svgEl(document, "g", { class: "axes" });
  const xlim = a.xlim ?? dataLimits([...a.lines, ...a.bars].flatMap((s) => s.points.map((p) => p[0])));
  const ylim = a.ylim ?? dataLimits([...a.lines.flatMap((s) => s.points.map((p) => p[1])), ...a.bars.flatMap((b) => b.rects.flatMap((r) => [r.y, r.y + r.h]))]);
  // matplotlib keeps ticks within a hair of the limits (_interval_contains_close)
  const within = ([a, b], eps = Math.abs(b / 1e10 - a / 1e10)) => (t) => finite(t.at) && t.at >= Math.min(a, b) - eps && t.at <= Math.max(a, b) + eps;
  const yTicks = thin((a.y.ticks ?? autoTicks(ylim, narrow ? 4 : 5)).filter(within(ylim)), scale(ylim, plot, 0), tick - 2);
  const left = Math.min(W * 0.45, (a.ylabel ? label + 10 : 4) + Math.max(0, ...yTicks.map((t) => textWidth(t.label, tick))) + 10);
  const xAll = (a.x.ticks ?? autoTicks(xlim, narrow ? 4 : 6)).filter(within(xlim));
  const xWidest = Math.max(0, ...xAll.map((t) => textWidth(t.label, tick)));
  const right = W - Math.max(12, Math.min(W * 0.2, xWidest / 2 + 2));
  let top = 4;
  // (bold text runs about 15% wider than textWidth's estimate)
  for (const line of showTitle ? wrap(a.title, label * 1.15, W - 16) : []) {
    g.append(svgEl(document, "text", { class: "axes-title", x: px(W / 2), y: px((top += label + 4)), "text-anchor": "middle", fill: INK, "font-size": label, "font-weight": 600 }, line));
  }
  top += showTitle && a.title ? 6 : 0;
  top += drawLegend(document, g, a, { left, right, top, size: Math.max(MIN_TEXT, tick) });
  if (a.y.offset) g.append(svgEl(document, "text", { class: "offset", x: px(left), y: px(top + tick), fill: MUTED, "font-size": tick }, a.y.offset));
  top += (a.y.offset ? tick + 4 : 0) + Math.ceil(tick / 2) + 2;
  const bottom = top + plot;
  const X = scale(xlim, 0, right - left);
  const Y = scale(ylim, plot, 0);
  const xTicks = thin(xAll, X, xWidest);

  const axis = svgEl(document, "g", { class: "ticks", fill: MUTED, "font-size": tick });
  for (const t of yTicks) {
    const y = px(top + Y(t.at));
    g.append(svgEl(document, "line", { class: "grid", x1: px(left), x2: px(right), y1: y, y2: y, stroke: GRID }));
    axis.append(svgEl(document, "line", { x1: px(left - 4), x2: px(left), y1: y, y2: y, stroke: AXIS }));
    axis.append(svgEl(document, "text", { class: "tick-y", x: px(left - 7), y: px(y + tick * 0.35), "text-anchor": "end" }, t.label));
  }
  for (const t of xTicks) {
    const x = px(left + X(t.at));
    axis.append(svgEl(document, "line", { x1: x, x2: x, y1: px(bottom), y2: px(bottom + 4), stroke: AXIS }));
    axis.append(svgEl(document, "text", { class: "tick-x", x, y: px(bottom + tick + 6), "text-anchor": "middle" }, t.label));
  }
  g.append(axis);

  // The plot area is its own <svg>: what falls outside the limits is clipped, as matplotlib clips it.
  // It sits at 0 0 in a moved <g>: with x and y on the <svg>, Firefox's bounding box of the axes
  // counts the offset twice (an axes 232 px wide measured 309 in a 255-px box).
  const area = svgEl(document, "svg", { class: "plot", width: px(right - left), height: plot, overflow: "hidden" });
  for (const b of a.bars) drawBars(document, area, b, { X, Y });
  for (const l of a.lines) drawLine(document, area, { ...l, points: spanLine(l, xlim, ylim) }, { X, Y, max, r: narrow ? 3 : 3.5 });
  for (const t of a.texts) {
    if (!finite(X(t.x)) || !finite(Y(t.y)) || !t.text) continue;
    const y = Y(t.y) + tick * (BASELINES.get(t.va) ?? 0);
    area.append(svgEl(document, "text", { class: "text", x: px(X(t.x)), y: px(y), "text-anchor": ANCHORS.get(t.ha) ?? "start", fill: t.color, "font-size": tick }, t.text));
  }
  const place = svgEl(document, "g", { transform: `translate(${px(left)} ${px(top)})` });
  place.append(area);
  g.append(place, svgEl(document, "rect", { class: "frame", x: px(left), y: px(top), width: px(right - left), height: plot, fill: "none", stroke: AXIS }));

  let y = bottom + tick + 8;
  if (a.x.offset) {
    y += tick + 4;
    g.append(svgEl(document, "text", { class: "offset", x: px(right), y: px(y), "text-anchor": "end", fill: MUTED, "font-size": tick }, a.x.offset));
  }
  if (a.xlabel) y += label + 6;
  axisLabels(document, g, { xlabel: a.xlabel, ylabel: a.ylabel, cx: (left + right) / 2, bottomY: y, cy: top + plot / 2, leftX: 4 + label, size: label });
  return { node: g, height: y + 12 };
}

// "선 2개: p (0 → 4), uniform (0 → 4) / y 0.058 → 0.429": per axes, its lines with the span of
// their x, its bars, the span of y (of finite values only); axes titles when there are several.
function summary(fig, words) {
  const span = (v) => (v.some(finite) ? extent(v).map(shortNumber).join(" → ") : "");
  const parts = fig.axes.map((a) => {
    const named = (l, x = span(l.points.filter(finitePoint).map((p) => p[0]))) => (x ? `${l.name} (${x})` : l.name);
    const lines = a.lines.slice(0, 3).map((l) => named(l)).join(", ") + (a.lines.length > 3 ? ", …" : "");
    const y = span([...a.lines, ...a.bars].flatMap((s) => s.points.filter(finitePoint).map((p) => p[1])));
    const n = a.bars.reduce((sum, b) => sum + b.rects.length, 0);
    const what = [a.lines.length && `${words.lines(a.lines.length)}: ${lines}`, n && words.barCount(n), y && `y ${y}`].filter(Boolean).join(" / ");
    return a.title && fig.axes.length > 1 ? `${a.title} — ${what}` : what;
  });
  return parts.filter(Boolean).join("; ") || words.empty;
}

// The data as a table: one column per series over the first series' x when all share it, else
// one row per point (x, y, series); at most MAX_ROWS rows, the table's caption says when cut.
function figureTable(fig, words) {
  const series = fig.axes.flatMap((a) => [...a.lines, ...a.bars]);
  const first = series[0]?.points ?? [];
  const same = (x, y) => x === y || (Number.isNaN(x) && Number.isNaN(y));
  const wide = series.every((s) => s.points.length === first.length && s.points.every((p, i) => same(p[0], first[i][0])));
  const rows = wide ? first.map((p, i) => [p[0], series.map((s) => s.points[i][1])])
    : series.flatMap((s) => s.points.slice(0, MAX_ROWS + 1).map((p) => [p[0], [p[1], s.name]]));
  const shown = rows.slice(0, MAX_ROWS);
  return {
    table: { columns: wide ? series.map((s) => s.name) : ["y", words.series], index: shown.map((r) => r[0]), rows: shown.map((r) => r[1]) },
    note: rows.length > MAX_ROWS ? words.cut(MAX_ROWS, wide ? rows.length : series.reduce((n, s) => n + s.points.length, 0)) : undefined,
  };
}

/**
 * A figure of lines, bars and texts (see isFigure) as SVG: each axes with its own limits,
 * ticks, tick labels, offset text, legend and labels; axes one under another in subplot order.
 * Non-linear scales are drawn linear, and the caption says so. The caption: `caption`, else the
 * suptitle, else the title of a figure's only axes. The data table: one column per line or
 * ax.bar call ("선 1", "막대 1" when unlabelled) over the first series' x when every series has
 * the same x, else one row per point (x | y, series); at most 1,000 rows, its caption says when
 * cut. A line of over 2,000 points is drawn decimated (see decimate); the table keeps its values.
 * @param figure the core's figure JSON (application/vnd.transformer-lab.figure+json), e.g. for
 *   `fig, ax = plt.subplots(); ax.plot([0.1, 0.5, 0.4])`: {suptitle: null, size: [6.4, 4.8], dpi: 100,
 *   axes: [{kind: "axes", subplot: [1, 1, 0], title: "", xlabel: "", ylabel: "", xlim: [-0.1, 2.1],
 *   ylim: [0.08, 0.52], xticks: [0, 0.25, …, 2], xticklabels: ["0.00", "0.25", …, "2.00"], xoffset: "", yticks: […],
 *   yticklabels: […], yoffset: "", legend: null, bars: [], texts: [], images: [], other: [], lines: [{label: null,
 *   x: [0, 1, 2], y: [0.1, 0.5, 0.4], color: "#1f77b4", linestyle: "-", linewidth: 1.5, marker: null}]}]}
 * @param {{document: Document, lang?: "ko"|"en", caption?: string, width?: number | Object<string, number>}} opts
 * @returns {HTMLElement} <figure class="chart chart-figure"><figcaption class="chart-title"></figcaption>
 *   <div class="chart-picture" data-width="560"><svg role="img" aria-label="선 1개: 선 1 (0 → 2) / y 0.1 → 0.5" …>…
 *   <path class="line" d="M22.81 213.82L250.94 10.18L479.07 61.09" stroke="#1f77b4" stroke-width="1.95" …/>…</svg></div>
 *   <details class="chart-data"><summary>표로 보기</summary>… (columns x | 선 1, rows 0 | 0.1, 1 | 0.5, 2 | 0.4)</details></figure>
 */
export function renderFigure(figure, { document, lang = "ko", caption, width } = {}) {
  const words = WORDS[lang] || WORDS.ko;
  const fig = cleanFigure(figure, words);
  const notes = [...new Set(fig.axes.flatMap((a) => a.scales.map(([axis, name]) => words.scale(axis, name))))];
  const { table, note } = figureTable(fig, words);
  return chartFigure(document, {
    className: "chart-figure",
    caption: [caption ?? (fig.suptitle || (fig.axes.length === 1 ? fig.axes[0].title : "")), ...notes].join(" ").trim(),
    pictures: pictures(width, (w) => drawFigure(figure, { document, lang, width: w })),
    table,
    tableOpts: { indexLabel: fig.axes[0]?.xlabel || "x", caption: note },
    lang,
  });
}

/** The picture of renderFigure alone, for a box `width` CSS px wide (the page lays a shown chart
 * out again with it when its box changes width). Axes titles are drawn when the caption is not
 * already the title: several axes, or a suptitle.
 * @returns {HTMLDivElement} <div class="chart-picture" data-width="…"><svg class="chart-svg" role="img">…</svg></div> */
export function drawFigure(figure, { document, lang = "ko", width = DEFAULT_WIDTH } = {}) {
  const words = WORDS[lang] || WORDS.ko;
  const fig = cleanFigure(figure, words);
  const layout = layoutFor(width);
  const lines = fig.axes.reduce((n, a) => n + a.lines.length, 0);
  const max = Math.min(MAX_POINTS, Math.max(100, Math.floor(BUDGET / Math.max(1, lines))));
  const svg = svgRoot(document, layout.W, 0, "chart-svg"); // its height is known once the axes are laid out
  let height = 0;
  for (const a of fig.axes) {
    const { node, height: h } = drawAxes(document, a, { ...layout, showTitle: fig.axes.length > 1 || Boolean(fig.suptitle), max });
    node.setAttribute("transform", `translate(0 ${px(height)})`);
    svg.append(node);
    height += h;
  }
  svg.setAttribute("viewBox", `0 0 ${layout.W} ${px(Math.max(height, 40))}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", summary(fig, words));
  return pictureBox(document, layout.W, svg);
}
