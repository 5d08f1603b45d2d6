// figure.js in node with linkedom's DOM: matplotlib figures of lines, bars and texts, drawn from
// the figure JSON that real programs printed (test/fixtures/figures/NAME.py run by
// build/native/labrun --notebook into NAME.json and by matplotlib itself into NAME.mpl.json;
// make.py there writes them), and from hostile JSON built on those.
//   node --test web/test/figure.test.mjs                     compare with test/snapshots/
//   UPDATE_SNAPSHOTS=1 node --test web/test/figure.test.mjs  write missing or changed snapshots
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseHTML } from "linkedom";

import { drawFigure, isFigure, renderFigure } from "../src/figure.js";
import { MIN_TEXT, PRERENDER_WIDTHS } from "../src/chart.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(HERE, "fixtures", "figures");
const SNAPSHOTS = join(HERE, "snapshots");
const FIGURE = "application/vnd.transformer-lab.figure+json";
const WIDTHS = [240, 560];

const all = (root, selector) => [...root.querySelectorAll(selector)];
const dom = () => parseHTML("<!doctype html><html><body></body></html>").document;
const reparse = (node) => parseHTML(`<!doctype html><html><body>${node.outerHTML}</body></html>`).document.body;
const serialize = (node) => `${node.outerHTML.replace(/></g, ">\n<")}\n`;

// A mismatch writes <name>-changed.<ext> beside the snapshot (as renderers.test.mjs does).
function snapshot(name, ext, text) {
  const file = join(SNAPSHOTS, `${name}.${ext}`);
  const changed = join(SNAPSHOTS, `${name}-changed.${ext}`);
  const update = process.env.UPDATE_SNAPSHOTS === "1";
  if (update && (!existsSync(file) || readFileSync(file, "utf8") !== text)) return writeFileSync(file, text);
  if (!existsSync(file)) {
    writeFileSync(changed, text);
    assert.fail(`missing snapshot ${name}.${ext} (wrote ${name}-changed.${ext}; UPDATE_SNAPSHOTS=1 writes it)`);
  }
  if (readFileSync(file, "utf8") === text) return existsSync(changed) && rmSync(changed);
  writeFileSync(changed, text);
  return assert.fail(`${name}.${ext} differs from its snapshot; see ${name}-changed.${ext}`);
}

// Every figure output of every fixture file: {file, out, figure}.
const outputs = readdirSync(FIXTURES).filter((f) => f.endsWith(".json")).sort().flatMap((file) => {
  const printed = JSON.parse(readFileSync(join(FIXTURES, file), "utf8"));
  return printed.cells.flatMap((c) => c.outputs).filter((o) => o.data?.[FIGURE]).map((out) => ({ file, out, figure: out.data[FIGURE] }));
});
const drawable = outputs.filter(({ out }) => isFigure(out));
const figureOf = (file) => outputs.find((o) => o.file === file).figure;

const num = (v) => (typeof v === "number" ? v : v === "inf" ? Infinity : v === "-inf" ? -Infinity : NaN);
const finitePoints = (line) => line.x.filter((x, i) => Number.isFinite(num(x)) && Number.isFinite(num(line.y[i]))).length;
// The JSON's axes in the order drawn (subplot index), and the drawn groups.
const axesInOrder = (figure) => figure.axes.filter((a) => a.kind === "axes").map((a, i) => [a, i])
  .sort(([a, i], [b, j]) => (a.subplot?.[2] ?? i) - (b.subplot?.[2] ?? j) || i - j).map(([a]) => a);
const pathPoints = (path) => (path.getAttribute("d").match(/[ML]/g) || []).length;
const lineGroups = (g) => all(g, "svg.plot > g.series:not(.bars)");

describe("figure fixtures (real programs through labrun and matplotlib)", () => {
  test("the fixtures hold the figures the programs make", () => {
    assert.ok(drawable.length >= 20, `${drawable.length} drawable figures`);
    for (const name of ["line-one", "two-lines-legend", "subplots-plot-bar", "hist", "nan-data", "text-inverted", "offset-tight", "tight-null-ticks"]) {
      assert.ok(drawable.some((o) => o.file === `${name}.json`), `${name}.json (labrun)`);
      assert.ok(drawable.some((o) => o.file === `${name}.mpl.json`), `${name}.mpl.json (matplotlib)`);
    }
  });

  for (const { file, figure } of drawable) {
    test(`${file}: draws in both languages at ${WIDTHS.join(" and ")} px, text never below ${MIN_TEXT} px`, () => {
      for (const lang of ["ko", "en"]) {
        for (const width of WIDTHS) {
          const shown = renderFigure(figure, { document: dom(), lang, width });
          assert.equal(shown.className, "chart chart-figure");
          const pictures = all(shown, ".chart-picture");
          assert.deepEqual(pictures.map((p) => p.getAttribute("data-width")), [String(width)]);
          const svg = shown.querySelector("svg");
          assert.equal(svg.getAttribute("role"), "img");
          assert.ok(svg.getAttribute("aria-label").length > 5);
          assert.match(svg.getAttribute("viewBox"), new RegExp(`^0 0 ${width} \\d+(\\.\\d+)?$`));
          for (const t of all(svg, "[font-size]")) assert.ok(Number(t.getAttribute("font-size")) >= MIN_TEXT, t.outerHTML);
          assert.equal(all(shown, "details table").length, 1);
        }
      }
    });

    test(`${file}: one path point per finite point, in the line's colour and dashes; one marker per point`, () => {
      const g = all(drawFigure(figure, { document: dom(), width: 560 }), "g.axes");
      axesInOrder(figure).forEach((axes, k) => {
        const drawn = lineGroups(g[k]);
        assert.equal(drawn.length, axes.lines.length);
        axes.lines.forEach((line, i) => {
          const path = drawn[i].querySelector("path.line");
          assert.equal(path.getAttribute("stroke"), line.color);
          assert.equal(pathPoints(path), finitePoints(line));
          assert.equal(path.hasAttribute("stroke-dasharray"), line.linestyle !== "-");
          const markers = drawn[i].querySelector("g.markers");
          assert.equal(markers ? markers.children.length : 0, line.marker ? finitePoints(line) : 0);
          if (markers) assert.equal(markers.getAttribute("fill"), line.color);
        });
      });
    });

    test(`${file}: one rect per bar in its colour; tick labels and legend texts as matplotlib wrote them`, () => {
      const g = all(drawFigure(figure, { document: dom(), width: 560 }), "g.axes");
      axesInOrder(figure).forEach((axes, k) => {
        const colours = axes.bars.flatMap((b) => b.x.map((_, i) => (Array.isArray(b.color) ? b.color[i] : b.color)));
        assert.deepEqual(all(g[k], "rect.bar").map((r) => r.getAttribute("fill")), colours);
        const texts = (cls) => all(g[k], `text.${cls}`).map((t) => t.textContent);
        if (axes.xticks) assert.deepEqual(texts("tick-x"), axes.xticklabels);
        if (axes.yticks) assert.deepEqual(texts("tick-y"), axes.yticklabels);
        assert.deepEqual(all(g[k], ".legend-item text").map((t) => t.textContent), axes.legend ?? []);
      });
      // At a phone's width the same labels, thinned to every k-th where they would collide.
      const narrow = all(drawFigure(figure, { document: dom(), width: 240 }), "g.axes");
      axesInOrder(figure).forEach((axes, k) => {
        if (!axes.xticks) return;
        const want = axes.xticklabels;
        const got = all(narrow[k], "text.tick-x").map((t) => t.textContent);
        const stride = want.length / Math.max(1, got.length);
        assert.deepEqual(got, want.filter((_, i) => i % Math.round(stride) === 0), `${file} axes ${k}`);
      });
    });
  }
});

describe("figure details", () => {
  test("isFigure: lines and bars yes; imshow (with its colorbar) no; grouped bars yes (the registry prefers chart+json)", () => {
    const heatmaps = outputs.filter((o) => o.file.startsWith("heatmap"));
    assert.equal(heatmaps.length, 2);
    for (const { out } of heatmaps) assert.equal(isFigure(out), false);
    const lab = (name) => JSON.parse(readFileSync(join(HERE, "fixtures", `${name}.json`), "utf8")).outputs.find((o) => o.data?.[FIGURE]);
    assert.equal(isFigure(lab("ch3-lab3-step3")), false);
    assert.equal(isFigure(lab("ch3-lab2-step3")), true);
    assert.ok(lab("ch3-lab2-step3").data["application/vnd.transformer-lab.chart+json"]);
    for (const odd of [undefined, null, {}, { data: {} }, { data: { [FIGURE]: { axes: [] } } }, { data: { [FIGURE]: { axes: "x" } } },
      { data: { [FIGURE]: { axes: [{ kind: "axes", lines: [], bars: [] }] } } },
      { data: { [FIGURE]: { axes: [{ kind: "axes", lines: [{}], other: ["PathCollection"] }] } } }]) {
      assert.equal(isFigure(odd), false, JSON.stringify(odd));
    }
  });

  test("a NaN or inf breaks the line; an inverted x axis runs right to left; texts at their data point", () => {
    const document = dom();
    const gaps = drawFigure(figureOf("nan-data.json"), { document });
    assert.equal((gaps.querySelector("path.line").getAttribute("d").match(/M/g) || []).length, 3);
    const inverted = drawFigure(figureOf("text-inverted.json"), { document });
    const xs = inverted.querySelector("path.line").getAttribute("d").match(/[ML][-\d.]+/g).map((s) => Number(s.slice(1)));
    assert.ok(xs[0] > xs[1] && xs[1] > xs[2] && xs[2] > xs[3], xs.join(" ")); // x = 1, 2, 3, 4
    // axhline(15) holds x [0, 1] in axes coordinates: drawn across the whole plot
    const plotWidth = Number(inverted.querySelector("svg.plot").getAttribute("width"));
    const [, y0, x1, y1] = all(inverted, "path.line")[1].getAttribute("d").match(/^M0 ([\d.]+)L([\d.]+) ([\d.]+)$/);
    assert.deepEqual([Number(x1), y1], [plotWidth, y0]);
    const texts = all(inverted, "text.text");
    assert.deepEqual(texts.map((t) => [t.textContent, t.getAttribute("fill"), t.getAttribute("text-anchor")]), [["peak?", "#ff0000", "middle"], ["end", "#264653", "start"]]);
    const squares = all(inverted, "g.markers rect");
    assert.equal(Number(texts[0].getAttribute("x")), Number(squares[1].getAttribute("x")) + Number(squares[1].getAttribute("width")) / 2);
  });

  test("the offset text, and nice ticks inside the limits where tight_layout left them undecided", () => {
    const document = dom();
    const offset = drawFigure(figureOf("offset-tight.json"), { document });
    assert.deepEqual(all(offset, "text.offset").map((t) => t.textContent), ["+1e6"]);
    const figure = figureOf("tight-null-ticks.json");
    const axes = axesInOrder(figure);
    assert.ok(axes.some((a) => a.xticks === null));
    const g = all(drawFigure(figure, { document, width: 560 }), "g.axes");
    axes.forEach((a, k) => {
      if (a.xticks !== null) return;
      const labels = all(g[k], "text.tick-x").map((t) => Number(t.textContent.replace("\u2212", "-")));
      assert.ok(labels.length >= 2, labels.join(" "));
      for (const v of labels) assert.ok(v >= Math.min(...a.xlim) && v <= Math.max(...a.xlim), `${v} in ${a.xlim}`);
    });
  });

  test("caption, aria-label and table: the suptitle or the one axes' title; columns per series over a shared x", () => {
    const document = dom();
    const two = renderFigure(figureOf("two-lines-legend.json"), { document });
    assert.equal(two.querySelector("figcaption").textContent, "softmax vs uniform");
    assert.match(two.querySelector("svg").getAttribute("aria-label"), /^선 2개: p \(0 → 4\), uniform \(0 → 4\) \/ y 0\.0\d+ → 0\.\d+$/);
    assert.deepEqual(all(two, "thead th").map((t) => t.textContent), ["token", "p", "uniform"]);
    assert.deepEqual(all(two, "tbody th").map((t) => t.textContent), ["0", "1", "2", "3", "4"]);
    assert.equal(all(two, "svg text.axes-title").length, 0); // the caption already says it
    const en = renderFigure(figureOf("line-one.json"), { document, lang: "en", caption: "mine" });
    assert.equal(en.querySelector("figcaption").textContent, "mine");
    assert.equal(en.querySelector("svg").getAttribute("aria-label"), "1 line: line 1 (0 → 2) / y 0.1 → 0.5");
    assert.deepEqual(all(en, "thead th").map((t) => t.textContent), ["x", "line 1"]);
    // Two panels: the suptitle as caption, each axes' title in the picture, a long table (x differs).
    const panels = renderFigure(figureOf("subplots-plot-bar.json"), { document });
    assert.equal(panels.querySelector("figcaption").textContent, "two panels");
    assert.deepEqual(all(panels, "text.axes-title").map((t) => t.textContent), ["x²", "bars"]);
    assert.deepEqual(all(panels, "thead th").map((t) => t.textContent), ["x", "y", "계열"]);
    assert.deepEqual(all(panels, "tbody tr").slice(-3).map((tr) => all(tr, "th, td").map((c) => c.textContent)), [["0", "3", "막대 1"], ["1", "-1", "막대 1"], ["2", "2", "막대 1"]]);
    // barh: the table gives each bar's position and length
    const barh = renderFigure(figureOf("offset-tight.json"), { document, lang: "en" });
    assert.deepEqual(all(barh, "tbody tr").slice(-3).map((tr) => all(tr, "td").map((c) => c.textContent)), [["5", "h"], ["-3", "h"], ["4", "h"]]);
    assert.match(barh.querySelector("svg").getAttribute("aria-label"), /3 bars/);
  });

  test("the build's pre-rendered layouts: one picture per named width, marked for the page's CSS", () => {
    const shown = renderFigure(figureOf("line-one.json"), { document: dom(), width: PRERENDER_WIDTHS });
    assert.deepEqual(all(shown, ".chart-picture").map((p) => [p.className, p.getAttribute("data-width")]), [["chart-picture for-phone", "240"]]);
    assert.deepEqual(all(renderFigure(figureOf("line-one.json"), { document: dom() }), ".chart-picture").map((p) => p.getAttribute("data-width")), ["560"]);
  });

  test("a log scale is drawn linear, and the caption says so", () => {
    const figure = structuredClone(figureOf("line-one.json"));
    figure.axes[0].yscale = "log";
    assert.match(renderFigure(figure, { document: dom(), lang: "en" }).querySelector("figcaption").textContent, /\(log y axis drawn linear\)$/);
    assert.match(renderFigure(figure, { document: dom() }).querySelector("figcaption").textContent, /y 축의 log 눈금은 선형으로 그렸습니다/);
  });

  test("snapshots (two lines with a legend; two panels at a phone's width)", () => {
    snapshot("figure-two-lines", "svg", serialize(renderFigure(figureOf("two-lines-legend.json"), { document: dom(), width: 560 }).querySelector("svg")));
    snapshot("figure-panels-phone", "svg", serialize(drawFigure(figureOf("subplots-plot-bar.json"), { document: dom(), width: 240 }).querySelector("svg")));
  });
});

describe("hostile and odd figure JSON", () => {
  const EVIL = "<script>alert(1)</script><img src=x onerror=alert(1)>";
  const many = (n, f) => Array.from({ length: n }, (_, i) => f(i));

  // The real two-line figure with every string the page shows, and every colour, made hostile.
  function hostile() {
    const figure = structuredClone(figureOf("two-lines-legend.json"));
    const axes = figure.axes[0];
    Object.assign(axes, { title: EVIL, xlabel: EVIL, ylabel: EVIL, xoffset: EVIL, legend: [EVIL, "uniform", EVIL], xticklabels: axes.xticklabels.map(() => EVIL) });
    axes.lines[0].label = EVIL;
    axes.lines[0].color = "javascript:alert(1)";
    axes.lines[1].color = "url(#x) onload=alert(1)";
    axes.lines[1].marker = "\"><script>";
    axes.lines.push(
      { label: "huge", x: [0, 1, 2], y: [1e308, -1e308, 1e308], color: "red\" onclick=\"x", linestyle: "--", linewidth: 1e308, marker: "o" },
      { label: "many", x: many(5000, (i) => i / 1000), y: many(5000, (i) => Math.sin(i)), color: "#2ca02c", linestyle: "-", linewidth: 1, marker: "o" },
      { label: "nan", x: [0, 1, 2], y: ["nan", "nan", "nan"], color: "#000", linestyle: "-", linewidth: 1, marker: null },
      { label: null, x: [1], y: [2], color: "#123456", linestyle: "weird", marker: "^" },
      { label: "constructor", x: [0, 1], y: [0, 1], color: "__proto__", linestyle: "constructor", marker: "toString" },
      { x: "no", y: null },
    );
    axes.bars = [{ label: EVIL, x: [0, 1, -1e308], height: [1, -2, 1e308], width: [-0.5, 0.4, 1e308], bottom: [0, "inf", 0], color: ["javascript:x", "#fff", 3] }, { x: [1] }];
    axes.texts = [{ x: 1, y: 0.2, text: EVIL, color: "expression(alert(1))", ha: "<b>", va: "top" }, { x: "nan", y: 1, text: "gone" }, { x: 1, y: 1, text: "proto", ha: "__proto__", va: "constructor" }];
    figure.suptitle = EVIL;
    figure.axes.push({ kind: "axes", subplot: ["x"], xlim: [1e300, 1e300 * (1 + 1e-15)], ylim: [0, 1e-320], xticks: null, yticks: null, lines: [{ x: [1e300], y: [0] }] });
    return figure;
  }

  test("hostile strings stay text, hostile colours are replaced, the SVG stays bounded", () => {
    const document = dom();
    for (const lang of ["ko", "en"]) {
      for (const width of WIDTHS) {
        const box = document.createElement("div");
        box.append(renderFigure(hostile(), { document, lang, width }));
        const body = reparse(box);
        assert.equal(all(body, "script, img, foreignObject, a, use, image").length, 0);
        for (const el of all(body, "*")) {
          for (const { name, value } of el.attributes) {
            assert.ok(!/^on|href$/i.test(name), `${el.tagName} ${name}`);
            assert.ok(!/javascript:|url\(|expression\(|NaN|Infinity/i.test(value), `${el.tagName} ${name}="${value}"`);
          }
        }
        assert.ok(box.textContent.includes(EVIL));
        const svg = box.querySelector("svg");
        assert.ok(svg.outerHTML.length < 400_000, `${svg.outerHTML.length} characters`);
        // 5,000 points are drawn from at most 2,000; the table keeps the first 1,000 rows and says so
        const many = all(svg, "path.line").map(pathPoints);
        assert.ok(Math.max(...many) <= 2000 && Math.max(...many) > 500, many.join(" "));
        assert.equal(all(box, "details tbody tr").length, 1000);
        assert.match(box.querySelector("details caption").textContent, lang === "ko" ? /처음 1000행/ : /first 1000 of \d+ rows/);
      }
    }
  });

  test("odd figures draw without throwing: nothing, empty data, one point, all NaN, equal limits, 10,000 points", () => {
    const document = dom();
    const line = (x, y, more) => ({ kind: "axes", lines: [{ x, y, ...more }] });
    const odd = [undefined, null, 7, "fig", {}, { axes: null }, { axes: [null, 1, "x", { kind: "colorbar" }, { kind: "axes" }] },
      { axes: [line([], [])] }, { axes: [line([3], [4])] }, { axes: [line(["nan", "inf"], ["-inf", "nan"])] },
      { axes: [{ ...line([1, 2], [1, 1]), xlim: [2, 2], ylim: ["nan", 1] }] },
      { axes: [{ ...line(many(10000, (i) => i), many(10000, (i) => (i % 7 ? i * i : "nan")), { marker: "s" }), xticks: many(100000, (i) => i), xticklabels: null }] },
      { axes: [{ kind: "axes", xlim: [-1e308, 1e308], ylim: [-1e308, 1e308], xticks: null, yticks: null, bars: [{ x: [-1e308], height: [1e308], width: [1e308], bottom: [-1e308] }] }] },
      { axes: many(300, () => line([0, 1], [1, 0])), suptitle: JSON.parse('{"toString": null}') }];
    for (const figure of odd) {
      for (const lang of ["ko", "en"]) {
        const shown = renderFigure(figure, { document, lang, width: 240 });
        const svg = shown.querySelector("svg");
        assert.match(svg.getAttribute("viewBox"), /^0 0 240 \d+(\.\d+)?$/);
        assert.ok(svg.outerHTML.length < 2_000_000);
        assert.ok(!/NaN|Infinity/.test(svg.outerHTML.replace(/>[^<]*</g, "><")), "no NaN in attributes");
      }
    }
    const dense = drawFigure(odd[11], { document });
    assert.ok(pathPoints(dense.querySelector("path.line")) <= 2000);
    assert.ok(all(dense, "g.markers rect").length <= 2000);
  });
});
