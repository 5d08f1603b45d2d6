// A figure drawn with matplotlib's imshow (and its colorbar), as SVG from the core's figure JSON:
// one square per value, coloured by the image's colour map between vmin and vmax, with the axes'
// own ticks and labels. Returns a <figure> like the other charts: a caption, an aria-label summary
// on the picture, and the values as a table one click away.
import { MUTED, axisLabels, chartFigure, finite, layoutFor, pictureBox, pictures } from "./chart.js";
import { px, shortNumber, svgEl, svgRoot, textWidth } from "./svg.js";

const FIGURE = "application/vnd.transformer-lab.figure+json";

// Nine colours at 0, 1/8, ..., 1 of matplotlib's colour maps (matplotlib 3.6), linearly
// interpolated in between: close enough for a picture whose values are in the table beside it.
// A map not listed is drawn with viridis, and the caption says so.
const MAPS = {
  viridis: "440154 472d7b 3b528b 2c728e 21918c 28ae80 5ec962 addc30 fde725",
  plasma: "0d0887 4c02a1 7e03a8 aa2395 cc4778 e66c5c f89540 fdc527 f0f921",
  magma: "000004 1d1147 51127c 832681 b73779 e75263 fc8961 fec488 fcfdbf",
  inferno: "000004 210c4a 57106e 8a226a bc3754 e45a31 f98e09 f9cb35 fcffa4",
  cividis: "00224e 1a386f 434e6c 61656f 7d7c78 9b9476 bcae6c dec958 fee838",
  Greys: "ffffff f0f0f0 d9d9d9 bdbdbd 959595 727272 515151 242424 000000",
  gray: "000000 202020 404040 606060 808080 a0a0a0 c0c0c0 e0e0e0 ffffff",
  Blues: "f7fbff deebf7 c6dbef 9dcae1 6aaed6 4191c6 2070b4 08509b 08306b",
  Reds: "fff5f0 fee0d2 fcbba1 fc9272 fb694a ee3a2c ca181d a30f15 67000d",
  coolwarm: "3b4cc0 6282ea 8db0fe b9d0f9 dddcdc f5c4ac f4987a dd5f4b b40426",
  RdBu: "67001f bb2a34 e58368 fbceb7 f6f7f7 c0dceb 68abd0 2870b1 053061",
};

const WORDS = {
  ko: { range: "값의 범위", other: (name) => `(색 지도 ${name} 는 viridis 로 대신 그렸습니다)`, row: "행", col: "열" },
  en: { range: "range of values", other: (name) => `(colour map ${name} drawn as viridis)`, row: "row", col: "column" },
};

/** The first image of a figure's first axes, or null: what this module draws. */
export function heatmapImage(figure) {
  const axes = figure?.axes?.[0];
  const image = axes?.kind === "axes" ? axes.images?.[0] : null;
  return image && Array.isArray(image.data) && image.data.length && Array.isArray(image.data[0]) ? image : null;
}

/** Whether the output's figure is one this module draws. */
export function isHeatmap(out) {
  return heatmapImage(out?.data?.[FIGURE]) !== null;
}

// The colour for t in [0, 1] (NaN: none, drawn as the page's background).
function colourAt(stops, t) {
  if (!Number.isFinite(t)) return "none";
  const x = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const k = Math.min(stops.length - 2, Math.floor(x));
  const f = x - k;
  const mix = (shift) => Math.round(((stops[k] >> shift) & 255) * (1 - f) + ((stops[k + 1] >> shift) & 255) * f);
  return `rgb(${mix(16)}, ${mix(8)}, ${mix(0)})`;
}

function stopsOf(name) {
  return (MAPS[name] || MAPS.viridis).split(" ").map((hex) => parseInt(hex, 16));
}

/**
 * @param figure the core's figure JSON (application/vnd.transformer-lab.figure+json) whose first
 *   axes hold an image, e.g. {axes: [{kind: "axes", title: "Attention 가중치", xlabel, ylabel,
 *   xlim: [-0.5, 2.5], ylim: [2.5, -0.5], xticks: [0, 1, 2], xticklabels: ["0", "1", "2"], yticks, yticklabels,
 *   images: [{data: [[1, 0, 0], ...], cmap: "viridis", vmin: 0, vmax: 1, origin: "upper",
 *   extent: [-0.5, 2.5, 2.5, -0.5], colorbar: true}]}, {kind: "colorbar", ticks, ticklabels, ...}]}
 * @param {{document: Document, lang?: "ko"|"en", caption?: string, width?: number | Object<string, number>}} opts
 * @returns {HTMLElement} <figure class="chart chart-heatmap"><figcaption>title</figcaption>
 *   <div class="chart-picture"><svg role="img" aria-label="…">… <rect class="cell" data-value="1">…</svg></div>
 *   <details class="chart-data">…</details></figure>
 */
export function renderHeatmap(figure, { document, lang = "ko", caption, width } = {}) {
  const axes = figure.axes[0];
  const image = heatmapImage(figure);
  const words = WORDS[lang] || WORDS.ko;
  const title = caption ?? axes.title ?? "";
  const fallback = MAPS[image.cmap] ? "" : ` ${words.other(image.cmap)}`;
  const rows = image.data.map((row) => row.map((v) => (finite(v) ? v : null)));
  return chartFigure(document, {
    className: "chart-heatmap",
    caption: `${title}${fallback}`,
    pictures: pictures(width, (w) => drawHeatmap(figure, { document, lang, width: w })),
    table: { columns: rows[0].map((_, j) => String(j)), index: rows.map((_, i) => i), rows },
    tableOpts: { indexLabel: `${axes.ylabel || words.row} \\ ${axes.xlabel || words.col}` },
    lang,
  });
}

/** The picture of renderHeatmap alone, for a box `width` CSS px wide. */
export function drawHeatmap(figure, { document, lang = "ko", width } = {}) {
  const axes = figure.axes[0];
  const image = heatmapImage(figure);
  const bar = figure.axes.find((a) => a.kind === "colorbar");
  const words = WORDS[lang] || WORDS.ko;
  const { W, tick, label } = layoutFor(width);
  const rows = image.data.length;
  const cols = image.data[0].length;
  const map = MAPS[image.cmap] ? image.cmap : "viridis";
  const stops = stopsOf(map);
  const vmin = finite(image.vmin) ? image.vmin : 0;
  const vmax = finite(image.vmax) ? image.vmax : 1;
  const norm = (v) => (vmax > vmin ? (v - vmin) / (vmax - vmin) : 0.5);

  const yLabels = (axes.yticklabels || []).map(String);
  const left = 10 + (axes.ylabel ? label + 8 : 0) + Math.max(0, ...yLabels.map((t) => textWidth(t, tick))) + 6;
  const barWidth = bar ? 14 : 0;
  const barLabels = bar ? (bar.ticklabels || []).map(String) : [];
  const right = W - (bar ? 18 + barWidth + 6 + Math.max(0, ...barLabels.map((t) => textWidth(t, tick))) + 4 : 12);
  const side = Math.min((right - left) / cols, 300 / rows, 48);
  const plotW = side * cols;
  const plotH = side * rows;
  // the colorbar's top label is centred on the plot's top edge: room above it for its glyphs'
  // full height (Firefox's font box reaches 2.5 px past 10 px at 13-px text)
  const top = bar ? Math.max(10, Math.round(tick * 0.9) + 3) : 10;
  const bottom = top + plotH;
  const height = bottom + tick + 10 + (axes.xlabel ? label + 10 : 0) + 6;

  const svg = svgRoot(document, W, height, "chart-svg");
  const [x0, x1] = axes.xlim && axes.xlim.every(finite) ? axes.xlim : [-0.5, cols - 0.5];
  const [yb, yt] = axes.ylim && axes.ylim.every(finite) ? axes.ylim : [rows - 0.5, -0.5];
  const xPos = (v) => left + ((v - x0) / (x1 - x0)) * plotW;
  const yPos = (v) => top + ((v - yt) / (yb - yt)) * plotH;

  const [el, er, eb, et] = image.extent && image.extent.every(finite) ? image.extent : [-0.5, cols - 0.5, rows - 0.5, -0.5];
  const upper = image.origin !== "lower";
  const rowStart = upper ? et : eb;
  const rowStep = ((upper ? eb : et) - rowStart) / rows;
  const colStep = (er - el) / cols;
  const cells = svgEl(document, "g", { class: "cells" });
  let lo = Infinity;
  let hi = -Infinity;
  image.data.forEach((row, i) => {
    row.forEach((v, j) => {
      const value = finite(v) ? v : NaN;
      if (finite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      const xa = xPos(el + j * colStep);
      const xb = xPos(el + (j + 1) * colStep);
      const ya = yPos(rowStart + i * rowStep);
      const yb2 = yPos(rowStart + (i + 1) * rowStep);
      const rect = svgEl(document, "rect", {
        class: "cell", x: px(Math.min(xa, xb)), y: px(Math.min(ya, yb2)), width: px(Math.abs(xb - xa)), height: px(Math.abs(yb2 - ya)),
        fill: colourAt(stops, norm(value)), "data-value": String(v),
      });
      rect.append(svgEl(document, "title", {}, `${words.row} ${i}, ${words.col} ${j}: ${v === null ? "nan" : shortNumber(v)}`));
      cells.append(rect);
    });
  });
  svg.append(cells);

  const ticks = svgEl(document, "g", { class: "ticks", fill: MUTED, "font-size": tick });
  (axes.xticks || []).forEach((v, k) => {
    if (!finite(v) || v < Math.min(x0, x1) || v > Math.max(x0, x1)) return;
    ticks.append(svgEl(document, "text", { x: px(xPos(v)), y: px(bottom + tick + 4), "text-anchor": "middle" }, String(axes.xticklabels?.[k] ?? v)));
  });
  (axes.yticks || []).forEach((v, k) => {
    if (!finite(v) || v < Math.min(yb, yt) || v > Math.max(yb, yt)) return;
    ticks.append(svgEl(document, "text", { x: px(left - 6), y: px(yPos(v) + tick * 0.35), "text-anchor": "end" }, String(axes.yticklabels?.[k] ?? v)));
  });
  svg.append(ticks);
  axisLabels(document, svg, {
    xlabel: axes.xlabel, ylabel: axes.ylabel, cx: left + plotW / 2, bottomY: bottom + tick + 12 + label,
    cy: top + plotH / 2, leftX: 10 + label * 0.8, size: label,
  });

  if (bar) {
    // The colour bar: the map from vmin (bottom) to vmax (top), with the colorbar's own ticks.
    const bx = left + plotW + 18;
    const id = `tlab-cmap-${map}`; // the same map's gradient is the same wherever it is repeated
    const gradient = svgEl(document, "linearGradient", { id, x1: 0, y1: 1, x2: 0, y2: 0 });
    stops.forEach((_, k) => gradient.append(svgEl(document, "stop", { offset: String(k / (stops.length - 1)), "stop-color": colourAt(stops, k / (stops.length - 1)) })));
    const defs = svgEl(document, "defs");
    defs.append(gradient);
    svg.append(defs, svgEl(document, "rect", { class: "colorbar", x: px(bx), y: px(top), width: barWidth, height: px(plotH), fill: `url(#${id})` }));
    const barTicks = svgEl(document, "g", { class: "ticks", fill: MUTED, "font-size": tick });
    (bar.ticks || []).forEach((v, k) => {
      if (!finite(v) || v < vmin || v > vmax) return;
      const y = top + plotH - norm(v) * plotH;
      barTicks.append(svgEl(document, "line", { x1: px(bx + barWidth), x2: px(bx + barWidth + 3), y1: px(y), y2: px(y), stroke: MUTED }));
      barTicks.append(svgEl(document, "text", { x: px(bx + barWidth + 6), y: px(y + tick * 0.35) }, String(bar.ticklabels?.[k] ?? v)));
    });
    svg.append(barTicks);
  }

  svg.setAttribute("role", "img");
  const range = Number.isFinite(lo) ? `${shortNumber(lo)} … ${shortNumber(hi)}` : "nan";
  svg.setAttribute("aria-label", `${axes.title || ""} ${rows}×${cols}, ${words.range} ${range}`.trim());
  return pictureBox(document, W, svg);
}
