// Renderer tests in node with linkedom's DOM: snapshots of each renderer's SVG/HTML for the real
// textbook responses (test/fixtures/, written by build/native/labrun), and behaviour checks.
//   node --test web/test/                       compare with test/snapshots/
//   UPDATE_SNAPSHOTS=1 node --test web/test/    write missing or changed snapshots
// A mismatch writes <name>-changed.<ext> beside the snapshot, to diff or open in a browser.
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseHTML } from "linkedom";

import { PRERENDER_WIDTHS, drawBarChart, drawTableBars, renderBarChart, renderTableBars } from "../src/chart.js";
import { drawStages, renderStages } from "../src/stages.js";
import { renderFlow, updateFlow } from "../src/flow.js";
import { loopPasses } from "../src/page-view.js";
import { isHeatmap, renderHeatmap } from "../src/heatmap.js";
import { highlightPython, renderTokens, tokenize } from "../src/highlight.js";
import { printedText, relayoutCharts, renderOutputs, renderVisuals } from "../src/outputs.js";
import { niceTicks, shortNumber, textWidth } from "../src/svg.js";
import { displayCells, renderTable, renderTableOutput, toggleTableText } from "../src/table.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const SNAPSHOTS = join(HERE, "snapshots");
const TABLE = "application/vnd.transformer-lab.table+json";
const CHART = "application/vnd.transformer-lab.chart+json";
const HOSTILE = "<img src=x onerror=alert(1)>";

const fixture = (name) => JSON.parse(readFileSync(join(HERE, "fixtures", `${name}.json`), "utf8"));
// ch3-lab2 step 1's grouped bars, as the core evaluates its "table_bars" visual (lab.json).
const LABS = join(HERE, "..", "..", "labs");
const SWEEP_VISUAL = fixture("ch3-lab2-step1").visuals.find((v) => v.kind === "table_bars");
const SWEEP = { x: SWEEP_VISUAL.x, bars: SWEEP_VISUAL.bars, reference: SWEEP_VISUAL.reference, ylabel: SWEEP_VISUAL.ylabel.ko };
const flowData = (lab) => JSON.parse(readFileSync(join(LABS, lab, "flow.json"), "utf8"));

const all = (root, selector) => [...root.querySelectorAll(selector)];

// The markup a renderer produced, parsed again: a hostile string must not turn into elements.
function reparse(node) {
  return parseHTML(`<!doctype html><html><body>${node.outerHTML}</body></html>`).document.body;
}

function dom() {
  return parseHTML("<!doctype html><html><body></body></html>").document;
}

// One element per line, so a snapshot's diff shows what moved.
function serialize(node) {
  return `${node.outerHTML.replace(/></g, ">\n<")}\n`;
}

function snapshot(name, ext, text) {
  const file = join(SNAPSHOTS, `${name}.${ext}`);
  const changed = join(SNAPSHOTS, `${name}-changed.${ext}`);
  const update = process.env.UPDATE_SNAPSHOTS === "1";
  if (!existsSync(file)) {
    if (update) {
      writeFileSync(file, text);
      return;
    }
    writeFileSync(changed, text);
    assert.fail(`missing snapshot ${name}.${ext} (wrote ${name}-changed.${ext}; UPDATE_SNAPSHOTS=1 writes it)`);
  }
  const expected = readFileSync(file, "utf8");
  if (expected === text) {
    if (existsSync(changed)) rmSync(changed);
    return;
  }
  if (update) {
    writeFileSync(file, text);
    return;
  }
  writeFileSync(changed, text);
  assert.fail(`${name}.${ext} differs from its snapshot; see ${name}-changed.${ext}`);
}

const chartOf = (response) => response.outputs.find((o) => o.data && o.data[CHART]).data[CHART];
const tableOutputOf = (response) => response.outputs.find((o) => o.data && o.data[TABLE]);

describe("snapshots", () => {
  test("bar chart (ch3-lab2 step 3)", () => {
    const document = dom();
    const figure = renderBarChart(chartOf(fixture("ch3-lab2-step3")), { document });
    snapshot("bar-chart", "svg", serialize(figure.querySelector("svg")));
    snapshot("bar-chart-figure", "html", serialize(figure));
  });

  test("sweep chart (ch3-lab2 step 1)", () => {
    const document = dom();
    const out = tableOutputOf(fixture("ch3-lab2-step1"));
    const figure = renderTableBars(out.data[TABLE], SWEEP, { document, text: out.data["text/plain"] });
    snapshot("sweep-chart", "svg", serialize(figure.querySelector("svg")));
  });

  test("a table_bars visual: the chart of the table the step printed, its y label in the page's language", () => {
    const document = dom();
    const response = fixture("ch3-lab2-step1");
    const out = tableOutputOf(response);
    // the DataFrame the visual evaluates is the one the step printed: same columns, rows, text
    assert.deepEqual({ ...SWEEP_VISUAL.table, text: undefined }, { ...out.data[TABLE], text: undefined });
    assert.equal(SWEEP_VISUAL.table.text, out.data["text/plain"]);
    const drawn = renderVisuals(response, { step: 1 }, { document }).querySelector("figure.chart-table-bars svg");
    assert.equal(serialize(drawn), serialize(renderTableBars(out.data[TABLE], SWEEP, { document, text: out.data["text/plain"] }).querySelector("svg")));
    const english = renderVisuals(response, { step: 1 }, { document, lang: "en" }).querySelector("figure.chart-table-bars svg");
    assert.ok(english.textContent.includes("standard deviation"));
    assert.ok(!english.textContent.includes("표준편차 ") && !drawn.textContent.includes("standard deviation"));
    // data a mark cannot draw gives no figure (and no error)
    for (const table of [null, "x", { columns: ["a"] }, { columns: ["a"], rows: [1] }]) {
      const visuals = [{ ...SWEEP_VISUAL, table }];
      assert.equal(renderVisuals({ ...response, visuals }, { step: 1 }, { document }).children.length, 0, JSON.stringify(table));
    }
    assert.equal(renderVisuals({ ...response, visuals: [{ ...SWEEP_VISUAL, bars: "점수 표준편차" }] }, { step: 1 }, { document }).children.length, 0);
  });

  test("charts laid out for a 320-px phone (ch3-lab2 steps 1 and 3, ch1-lab2 step 3)", () => {
    const document = dom();
    const width = PRERENDER_WIDTHS.phone;
    snapshot("bar-chart-phone", "svg", serialize(drawBarChart(chartOf(fixture("ch3-lab2-step3")), { document, width }).querySelector("svg")));
    const out = tableOutputOf(fixture("ch3-lab2-step1"));
    snapshot("sweep-chart-phone", "svg", serialize(drawTableBars(out.data[TABLE], SWEEP, { document, width, text: out.data["text/plain"] }).querySelector("svg")));
    snapshot("stages-phone", "html", serialize(drawStages(fixture("ch1-lab2-step3").visuals[0], { document, width })));
  });

  for (const [name, file] of [["stages", "ch1-lab2-step3"], ["stages-overflow", "ch1-lab2-step3-overflow"],
    ["stages-negative", "ch1-lab2-step3-negative"]]) {
    test(`stages (${file})`, () => {
      const document = dom();
      snapshot(name, "html", serialize(renderStages(fixture(file).visuals[0], { document })));
    });
  }

  test("outputs with NumPy's warning on stderr (ch1-lab2 step 3, z overflows exp)", () => {
    const document = dom();
    snapshot("outputs-overflow", "html", serialize(renderOutputs(fixture("ch1-lab2-step3-overflow").outputs, { document })));
  });

  test("table outputs (ch3-lab2 steps 1 and 2)", () => {
    const document = dom();
    snapshot("table-sweep", "html", serialize(renderTableOutput(tableOutputOf(fixture("ch3-lab2-step1")), { document })));
    snapshot("table-compare", "html", serialize(renderTableOutput(tableOutputOf(fixture("ch3-lab2-step2")), { document })));
  });

  test("flow diagrams", () => {
    const document = dom();
    snapshot("flow-ch1-lab2", "svg", serialize(renderFlow(flowData("ch1-lab2"), { document, activeStep: 1 }).querySelector("svg")));
    snapshot("flow-ch3-lab2-step1", "svg", serialize(renderFlow(flowData("ch3-lab2"), { document, activeStep: 1, loopPasses: 4 }).querySelector("svg")));
    snapshot("flow-ch3-lab2-step3", "svg", serialize(renderFlow(flowData("ch3-lab2"), { document, activeStep: 3 }).querySelector("svg")));
  });

  test("highlighted code (ch1-lab2 step 3)", () => {
    const document = dom();
    const code = document.createElement("code");
    code.append(highlightPython(fixture("ch1-lab2-step3").source, { document }));
    snapshot("highlight-ch1-lab2-step3", "html", serialize(code));
  });
});

describe("bar chart", () => {
  const chart = chartOf(fixture("ch3-lab2-step3"));

  test("each bar carries its exact value, in order, in the series colour", () => {
    const document = dom();
    const figure = renderBarChart(chart, { document });
    chart.series.forEach((s, i) => {
      const rects = all(figure, `g.series[data-series="${i}"] rect.bar`);
      assert.deepEqual(rects.map((r) => r.getAttribute("data-value")), s.values.map(String));
      for (const r of rects) assert.equal(r.getAttribute("fill"), s.color);
      assert.match(rects[4].querySelector("title").textContent, new RegExp(`${String(s.values[4]).replace(".", "\\.")}$`));
    });
  });

  test("bar heights are proportional to the values", () => {
    const document = dom();
    const rects = all(renderBarChart(chart, { document }), "rect.bar");
    const values = chart.series.flatMap((s) => s.values);
    const tallest = Math.max(...rects.map((r) => Number(r.getAttribute("height"))));
    const max = Math.max(...values);
    rects.forEach((r, i) => {
      assert.ok(Math.abs(Number(r.getAttribute("height")) - (tallest * values[i]) / max) < 0.02, `bar ${i}`);
    });
  });

  test("is a figure with a caption, an aria-label summary and its data table", () => {
    const document = dom();
    const figure = renderBarChart(chart, { document });
    assert.equal(figure.tagName, "FIGURE");
    assert.equal(figure.querySelector("figcaption").textContent, chart.title);
    const svg = figure.querySelector("svg");
    assert.equal(svg.getAttribute("role"), "img");
    assert.equal(svg.getAttribute("aria-label"), "가장 큰 값 — 나누기 전: 1 (Key 낱말 번호 4) → √d_k 로 나눈 뒤: 0.491 (Key 낱말 번호 4)");
    assert.equal(svg.getAttribute("width"), "100%");
    assert.ok(svg.getAttribute("viewBox"));
    const details = figure.querySelector("details");
    assert.equal(details.querySelector("summary").textContent, "표로 보기");
    const cells = all(all(details, "tbody tr")[4], "td").map((td) => td.textContent);
    assert.deepEqual(cells, chart.series.map((s) => String(s.values[4])));
    assert.deepEqual(all(figure, ".legend text").map((t) => t.textContent), chart.series.map((s) => s.label));
  });

  test("hostile strings stay text; a hostile colour falls back", () => {
    const document = dom();
    const evil = {
      ...chart, title: HOSTILE, xlabel: HOSTILE, ylabel: HOSTILE, x: [0, 1],
      series: [{ label: HOSTILE, color: 'red" onload="alert(1)', values: [0.5, 1] }],
      offsets: [0],
    };
    const box = document.createElement("div");
    box.append(renderBarChart(evil, { document }));
    assert.equal(all(box, "img").length, 0);
    assert.ok(box.textContent.includes(HOSTILE));
    assert.equal(all(reparse(box), "img").length, 0);
    assert.ok(!/\sonload=/.test(box.innerHTML));
    assert.equal(box.querySelector("rect.bar").getAttribute("fill"), "#264653");
  });
});

describe("heatmap (imshow)", () => {
  const FIGURE = "application/vnd.transformer-lab.figure+json";
  const response = fixture("ch3-lab3-step3");
  const out = response.outputs.find((o) => o.data && o.data[FIGURE]);
  const figure = out.data[FIGURE];
  const image = figure.axes[0].images[0];

  test("snapshot (ch3-lab3 step 3: the attention weights with a colorbar)", () => {
    snapshot("heatmap", "svg", serialize(renderHeatmap(figure, { document: dom(), width: 560 }).querySelector("svg")));
  });

  test("one square per value, row by row, each with its exact value; the ends of the map at vmin and vmax", () => {
    const document = dom();
    assert.ok(isHeatmap(out));
    const cells = all(renderHeatmap(figure, { document }), "rect.cell");
    assert.deepEqual(cells.map((c) => c.getAttribute("data-value")), image.data.flat().map(String));
    const fillOf = (v) => cells[image.data.flat().indexOf(v)].getAttribute("fill");
    assert.equal(fillOf(image.vmax), "rgb(253, 231, 37)"); // viridis at 1: #fde725
    assert.equal(fillOf(image.vmin), "rgb(68, 1, 84)"); // viridis at 0: #440154
    // Row 0 at the top (origin "upper"), column 0 at the left.
    const [first, second] = cells;
    assert.ok(Number(second.getAttribute("x")) > Number(first.getAttribute("x")));
    assert.ok(Number(cells[image.data[0].length].getAttribute("y")) > Number(first.getAttribute("y")));
  });

  test("the axes' and the colorbar's own tick labels, a caption, an aria-label and the values as a table", () => {
    const document = dom();
    const shown = renderHeatmap(figure, { document });
    assert.equal(shown.querySelector("figcaption").textContent, figure.axes[0].title);
    const labels = all(shown, ".ticks text").map((t) => t.textContent);
    const bar = figure.axes.find((a) => a.kind === "colorbar");
    for (const text of [...figure.axes[0].xticklabels, ...bar.ticklabels]) assert.ok(labels.includes(text), text);
    assert.match(shown.querySelector("svg").getAttribute("aria-label"), /5×5/);
    const row = all(all(shown, "details tbody tr")[1], "td").map((td) => td.textContent);
    assert.equal(row.length, image.data[1].length);
    assert.equal(row[0], String(image.data[1][0]));
  });

  test("a colour map it does not have is drawn as viridis, and the caption says so; hostile text stays text", () => {
    const document = dom();
    const evil = structuredClone(figure);
    evil.axes[0].images[0].cmap = "twilight";
    evil.axes[0].title = HOSTILE;
    const box = document.createElement("div");
    box.append(renderHeatmap(evil, { document, lang: "en" }));
    assert.match(box.querySelector("figcaption").textContent, /twilight drawn as viridis/);
    assert.equal(all(reparse(box), "img").length, 0);
  });

  test("relayoutCharts draws it again for its box", () => {
    const document = dom();
    const section = document.createElement("section");
    section.append(renderOutputs(response.outputs, { document, chartWidth: PRERENDER_WIDTHS }), renderVisuals(response, { step: 3 }, { document, chartWidth: PRERENDER_WIDTHS }));
    assert.equal(relayoutCharts(section, response, { step: 3 }, { document, width: 300 }), true);
    assert.deepEqual(all(section, "figure.chart-heatmap .chart-picture").map((p) => p.getAttribute("data-width")), ["300"]);
  });
});

describe("stages", () => {
  test("three panels z → e^z → p with exact values, named by the lab", () => {
    const document = dom();
    const visual = fixture("ch1-lab2-step3").visuals[0];
    assert.deepEqual(visual.names, ["z", "e^z", "p"]);
    const figure = renderStages(visual, { document, caption: "세 단계" });
    assert.equal(figure.querySelector("figcaption").textContent, "세 단계");
    assert.equal(renderStages(visual, { document }).querySelector("figcaption").textContent, "z → e^z → p");
    const panels = all(figure, ".stage-panel");
    assert.deepEqual(panels.map((p) => p.getAttribute("data-stage")), ["0", "1", "2"]);
    assert.deepEqual(panels.map((p) => p.querySelector(".stage-name").textContent), ["z", "e^z", "p"]);
    assert.equal(all(figure, ".stage-arrow").length, 2);
    for (const [i, values] of visual.stages.entries()) {
      assert.deepEqual(all(panels[i], "rect.bar").map((r) => r.getAttribute("data-value")), values.map(String));
    }
    assert.equal(figure.querySelector(".stage-panels").getAttribute("aria-label"), "z 2, 1, 0.1 → e^z 7.39, 2.72, 1.11 → p 0.659, 0.242, 0.0986");
    assert.deepEqual(all(panels[1], ".bar-label").map((t) => t.textContent), ["7.39", "2.72", "1.11"]);
  });

  test("an overflowed e^z (\"inf\" from the core) is a marked inf bar, taller than the rest", () => {
    const document = dom();
    const visual = fixture("ch1-lab2-step3-overflow").visuals[0];
    assert.equal(visual.stages[1][0], "inf");
    const panel = renderStages(visual, { document }).querySelector('.stage-panel[data-stage="1"]');
    const inf = panel.querySelector(".bar-inf rect.bar");
    assert.equal(inf.getAttribute("data-value"), "inf");
    assert.equal(panel.querySelector(".bar-inf text").textContent, "inf");
    const others = all(panel, "rect.bar").filter((r) => r !== inf);
    for (const r of others) assert.ok(Number(r.getAttribute("y")) > Number(inf.getAttribute("y")));
    assert.match(panel.querySelector(".stage-note").textContent, /inf/);
  });
});

describe("outputs", () => {
  const outputs = fixture("ch1-lab2-step3-overflow").outputs;

  test("stdout and stderr are separate blocks holding their exact text, stderr marked", () => {
    const document = dom();
    const blocks = all(renderOutputs(outputs, { document }), "pre");
    assert.deepEqual(blocks.map((b) => b.getAttribute("class")), ["out out-stream out-stdout", "out out-stream out-stderr"]);
    assert.deepEqual(blocks.map((b) => b.textContent), outputs.map((o) => o.text));
    assert.match(blocks[1].textContent, /^\/tmp\/ipykernel_<pid>\/<cell>\.py:10: RuntimeWarning: overflow encountered in exp\n  print\(/);
  });

  test("printedText is stdout only: a warning is no part of what the code printed", () => {
    assert.equal(printedText(outputs), outputs[0].text);
    assert.ok(!printedText(outputs).includes("RuntimeWarning"));
  });

  test("a hostile stream text stays text", () => {
    const document = dom();
    const box = renderOutputs([{ output_type: "stream", name: "stderr", text: HOSTILE }], { document });
    assert.equal(reparse(box).querySelectorAll("img").length, 0);
    assert.equal(box.textContent, HOSTILE);
  });
});

describe("sweep chart", () => {
  const out = tableOutputOf(fixture("ch3-lab2-step1"));
  const table = out.data[TABLE];

  test("bars and √d_k marks carry the table's values", () => {
    const document = dom();
    const figure = renderTableBars(table, SWEEP, { document, text: out.data["text/plain"] });
    const groups = all(figure, "g.group");
    assert.equal(groups.length, table.rows.length);
    groups.forEach((g, i) => {
      assert.deepEqual(all(g, "rect.bar").map((r) => r.getAttribute("data-value")), [String(table.rows[i][2]), String(table.rows[i][3])]);
      assert.equal(g.querySelector(".ref-mark").getAttribute("data-value"), String(table.rows[i][1]));
    });
    // labels as pandas printed them
    assert.equal(groups[3].querySelector(".bar-label").textContent, "15.90");
    assert.equal(figure.querySelector("svg").getAttribute("aria-label"),
      "d_k 4 → 256: 점수 표준편차 2.07 → 15.90, 나눈 뒤 표준편차 1.04 → 0.99, √d_k 2.0 → 16.0");
    assert.equal(all(figure, ".legend-item").length, 3);
  });
});

describe("charts for the width of their box", () => {
  const bar = chartOf(fixture("ch3-lab2-step3"));
  const sweep = tableOutputOf(fixture("ch3-lab2-step1"));
  const stages = fixture("ch1-lab2-step3").visuals[0];
  const sizes = (node) => all(node, "text").map((t) => Number(t.getAttribute("font-size")));
  const viewBoxWidth = (node) => Number(node.querySelector("svg").getAttribute("viewBox").split(" ")[2]);
  const turned = (node) => all(node, ".axis-x text").filter((t) => /^rotate\(-90 /.test(t.getAttribute("transform") || ""));

  test("each is drawn as wide as its box, with no text under 11 px", () => {
    const document = dom();
    for (const width of [255, 310, 349, 681, 792]) {
      const drawn = [
        drawBarChart(bar, { document, width }),
        drawTableBars(sweep.data[TABLE], SWEEP, { document, width, text: sweep.data["text/plain"] }),
        drawStages(stages, { document, width }),
      ];
      for (const picture of drawn) {
        assert.equal(picture.getAttribute("data-width"), String(width));
        assert.ok(Math.min(...sizes(picture)) >= 11, `${picture.innerHTML.slice(0, 40)} at ${width}: ${Math.min(...sizes(picture))}`);
      }
      assert.equal(viewBoxWidth(drawn[0]), width);
      assert.equal(viewBoxWidth(drawn[1]), width);
    }
  });

  test("many keys: x labels thin out to round steps; many d_k: their labels turn upright", () => {
    const document = dom();
    const keys = Array.from({ length: 60 }, (_, i) => i);
    const many = { ...bar, x: keys, series: bar.series.map((s) => ({ ...s, values: keys.map((k) => (k % 7) / 7) })) };
    const narrowTicks = all(drawBarChart(many, { document, width: 255 }), ".axis-x text").map((t) => Number(t.textContent));
    assert.ok(narrowTicks.length >= 4 && narrowTicks.length < 20, narrowTicks.join());
    const step = narrowTicks[1] - narrowTicks[0];
    assert.ok([2, 5, 10, 20].includes(step), `step ${step}`);
    assert.deepEqual(narrowTicks, narrowTicks.map((_, i) => i * step));
    assert.ok(all(drawBarChart(many, { document, width: 792 }), ".axis-x text").length > narrowTicks.length);

    const dks = [1, 3, 16, 100, 512, 1024, 2000, 4096];
    const wide = { ...sweep.data[TABLE], index: dks.map((_, i) => i), rows: dks.map((d) => [d, Math.sqrt(d), Math.sqrt(d) * 1.01, 1.01]) };
    assert.equal(turned(drawTableBars(wide, SWEEP, { document, width: 255 })).length, dks.length);
    assert.equal(turned(drawTableBars(wide, SWEEP, { document, width: 792 })).length, 0);
    assert.equal(turned(drawTableBars(sweep.data[TABLE], SWEEP, { document, width: 255 })).length, 0, "four d_k fit across");
  });

  test("the legend wraps into rows on a narrow box", () => {
    const document = dom();
    const rows = (picture) => new Set(all(picture, ".legend text").map((t) => t.getAttribute("y"))).size;
    const table = sweep.data[TABLE];
    assert.equal(rows(drawTableBars(table, SWEEP, { document, width: 792 })), 1);
    assert.ok(rows(drawTableBars(table, SWEEP, { document, width: 255 })) >= 2);
  });

  test("stages: a row of three from 600 px, stacked below", () => {
    const document = dom();
    assert.equal(drawStages(stages, { document, width: 600 }).querySelector(".stage-panels").getAttribute("class"), "stage-panels is-row");
    assert.equal(drawStages(stages, { document, width: 599 }).querySelector(".stage-panels").getAttribute("class"), "stage-panels is-column");
    const column = drawStages(stages, { document, width: 320 });
    assert.equal(column.querySelector(".stage-panels").getAttribute("class"), "stage-panels is-column");
    for (const svg of all(column, "svg")) assert.equal(svg.getAttribute("viewBox"), "0 0 320 148");
    // twelve values in a narrow panel: labels turn upright rather than shrink
    const many = { stages: [Array.from({ length: 12 }, (_, i) => i - 3.25), Array.from({ length: 12 }, (_, i) => Math.exp(i - 3.25)), Array(12).fill(1 / 12)] };
    const upright = drawStages(many, { document, width: 255 });
    assert.ok(all(upright, ".bar-label").length === 36 && all(upright, ".bar-label").every((t) => /^rotate\(-90 /.test(t.getAttribute("transform"))));
    assert.ok(Math.min(...sizes(upright)) >= 11);
  });

  test("pre-rendered layouts are marked for the page's CSS; a measured box gets one plain picture", () => {
    const document = dom();
    const figure = renderBarChart(bar, { document, width: { phone: 255, wide: 792 } });
    assert.deepEqual(all(figure, ".chart-picture").map((p) => [p.getAttribute("class"), p.getAttribute("data-width")]),
      [["chart-picture for-phone", "255"], ["chart-picture for-wide", "792"]]);
    assert.deepEqual(all(renderBarChart(bar, { document, width: 400 }), ".chart-picture").map((p) => p.getAttribute("class")), ["chart-picture"]);
    assert.deepEqual(all(renderTableBars(sweep.data[TABLE], SWEEP, { document, width: PRERENDER_WIDTHS }), ".chart-picture").map((p) => p.getAttribute("class")), ["chart-picture for-phone"]);
  });

  test("relayoutCharts gives each figure a picture for the new width and keeps its open table", () => {
    const document = dom();
    const response = fixture("ch3-lab2-step1");
    const step = { step: 1 };
    const section = document.createElement("section");
    section.append(renderOutputs(response.outputs, { document, chartWidth: PRERENDER_WIDTHS }), renderVisuals(response, step, { document, chartWidth: PRERENDER_WIDTHS }));
    const figure = section.querySelector("figure.chart");
    const details = figure.querySelector("details");
    details.setAttribute("open", "");
    assert.equal(relayoutCharts(section, response, step, { document, width: 300 }), true);
    assert.equal(section.querySelector("figure.chart"), figure);
    assert.equal(figure.querySelector("details"), details);
    assert.ok(details.hasAttribute("open"));
    assert.deepEqual(all(figure, ".chart-picture").map((p) => p.getAttribute("data-width")), ["300"]);
    assert.equal(relayoutCharts(section, fixture("ch3-lab2-step2"), { step: 2 }, { document, width: 300 }), false, "another response's charts");
  });
});

describe("tables", () => {
  const out = tableOutputOf(fixture("ch3-lab2-step1"));
  const table = out.data[TABLE];

  test("cells show what pandas printed when the text is given", () => {
    const cells = displayCells(table, out.data["text/plain"]);
    assert.equal(cells.printed, true);
    assert.deepEqual(cells.rows[3], ["256", "16.0", "15.90", "0.99"]);
    assert.deepEqual(displayCells(table).rows[3], ["256", "16", "15.9", "0.99"]);
    assert.equal(displayCells(table, "not a table").printed, false);
  });

  test("headers, row headers and numbers", () => {
    const document = dom();
    const el = renderTable(table, { document, text: out.data["text/plain"] });
    const heads = all(el, "thead th");
    assert.deepEqual(heads.map((th) => th.textContent), table.columns);
    for (const th of heads) assert.equal(th.getAttribute("scope"), "col");
    const rowHeads = all(el, "tbody th");
    assert.deepEqual(rowHeads.map((th) => th.getAttribute("scope")), ["row", "row", "row", "row"]);
    for (const td of all(el, "tbody td")) assert.equal(td.getAttribute("class"), "num");
    assert.equal(all(all(el, "tbody tr")[1], "td")[1].textContent, "4.0");
  });

  test("a word with punctuation in it is kept on one line; words and numbers stay plain text", () => {
    const document = dom();
    const el = renderTable({ columns: ["r", "전체 대비(%)", "a/b"], index: [0], rows: [[1, -0.26, "x-y z"]] }, { document });
    const [, ratio, slash] = all(el, "thead th");
    assert.equal(ratio.textContent, "전체 대비(%)");
    assert.deepEqual(all(ratio, "span.word").map((s) => s.textContent), ["대비(%)"]);
    assert.deepEqual(all(slash, "span.word").map((s) => s.textContent), ["a/b"]);
    const cells = all(el, "tbody td");
    assert.equal(all(cells[1], "span").length, 0);
    assert.deepEqual(all(cells[2], "span.word").map((s) => s.textContent), ["x-y"]);
    assert.equal(cells[2].textContent, "x-y z");
  });

  test("the toggle swaps the table for the printed text, kept exactly", () => {
    const document = dom();
    const box = renderTableOutput(out, { document });
    const button = box.querySelector("button.raw-toggle");
    const pre = box.querySelector("pre");
    assert.equal(button.getAttribute("aria-pressed"), "false");
    assert.equal(pre.hidden, true);
    assert.equal(pre.textContent, out.data["text/plain"]);
    toggleTableText(button);
    assert.equal(button.getAttribute("aria-pressed"), "true");
    assert.equal(pre.hidden, false);
    assert.equal(box.querySelector(".table-scroll").hidden, true);
    toggleTableText(button);
    assert.equal(button.getAttribute("aria-pressed"), "false");
    assert.equal(pre.hidden, true);
  });

  test("hostile strings stay text", () => {
    const document = dom();
    const box = document.createElement("div");
    box.append(renderTableOutput({ data: { [TABLE]: { columns: [HOSTILE], index: [HOSTILE], rows: [[HOSTILE]] }, "text/plain": HOSTILE } }, { document }));
    box.append(renderTable({ columns: ["a"], index: [0], rows: [[1]] }, { document, caption: HOSTILE, indexLabel: HOSTILE }));
    assert.equal(all(box, "img").length + all(reparse(box), "img").length, 0);
    assert.equal(box.textContent.split(HOSTILE).length - 1, 6);
  });
});

describe("flow", () => {
  for (const lab of ["ch1-lab2", "ch3-lab2"]) {
    test(`${lab}: data is consistent and labels fit their boxes`, () => {
      const flow = flowData(lab);
      const ids = new Set(flow.nodes.map((n) => n.id));
      const branches = new Set(flow.branches.map((b) => b.id));
      for (const e of flow.edges) assert.ok(ids.has(e.from) && ids.has(e.to), `${e.from} → ${e.to}`);
      for (const n of flow.nodes) {
        assert.ok(["terminal", "process", "decision"].includes(n.shape), n.id);
        if (n.shape !== "terminal") {
          assert.ok(branches.has(n.branch), `${n.id} branch`);
          assert.ok(n.step !== undefined, `${n.id} step`);
          assert.ok(typeof n.label === "string" || (n.label.ko && n.label.en), `${n.id} label: a string or a pair`);
        }
        assert.ok(n.x - n.w / 2 >= 0 && n.x + n.w / 2 <= flow.width && n.y + n.h / 2 <= flow.height, `${n.id} inside`);
        const size = n.code ? 11 : 11.5;
        for (const line of [n.label].flat().flatMap((l) => typeof l === "string" ? [l] : [l.ko, l.en]).flatMap((l) => l.split("\n"))) {
          const room = n.shape === "decision" ? n.w * 0.62 : n.w - 6;
          assert.ok(textWidth(line, size, { mono: n.code }) <= room, `${n.id}: "${line}" fits`);
        }
      }
    });
  }

  test("the running step's nodes are lit, and only they", () => {
    const document = dom();
    const flow = flowData("ch3-lab2");
    for (const step of [1, 2, 3]) {
      const view = renderFlow(flow, { document, activeStep: step });
      const lit = all(view, ".flow-node.is-active").map((g) => g.getAttribute("data-node"));
      assert.deepEqual(lit, flow.nodes.filter((n) => [n.step].flat().includes(step)).map((n) => n.id));
    }
    const none = renderFlow(flow, { document });
    assert.equal(all(none, ".is-active").length, 0);
  });

  test("updateFlow re-lights a drawn diagram and sets the loop badge", () => {
    const document = dom();
    const view = renderFlow(flowData("ch3-lab2"), { document, activeStep: 1 });
    assert.equal(all(view, ".flow-badge").length, 0);
    updateFlow(view, { document, activeStep: 3, loopPasses: 6 });
    assert.deepEqual(all(view, ".is-active").map((g) => g.getAttribute("data-node")), ["b8"]);
    assert.equal(view.querySelector('[data-node="a3"] .flow-badge text').textContent, "×6");
    assert.equal(view.querySelector('[data-node="b8"] .flow-shape').getAttribute("fill"), "#f4a261");
    assert.notEqual(view.querySelector('[data-node="a1"] .flow-shape').getAttribute("fill"), "#264653");
    // The same update again leaves the drawing as it is (the badge is not drawn anew); a new
    // count, or another language, redraws the badge.
    const badge = view.querySelector('[data-node="a3"] .flow-badge');
    const before = view.outerHTML;
    updateFlow(view, { document, activeStep: 3, loopPasses: 6 });
    assert.equal(view.querySelector('[data-node="a3"] .flow-badge'), badge);
    assert.equal(view.outerHTML, before);
    updateFlow(view, { document, activeStep: 3, loopPasses: 5 });
    assert.equal(all(view, ".flow-badge").length, 1);
    assert.equal(view.querySelector('[data-node="a3"] .flow-badge text').textContent, "×5");
    updateFlow(view, { document, lang: "en", activeStep: 3, loopPasses: 5 });
    assert.notEqual(view.querySelector('[data-node="a3"] .flow-badge title').textContent, "반복 5번");
  });

  test("a loop node shows its pass count", () => {
    const document = dom();
    const view = renderFlow(flowData("ch3-lab2"), { document, loopPasses: 4 });
    const badges = all(view, ".flow-badge");
    assert.equal(badges.length, 1);
    assert.equal(badges[0].parentNode.getAttribute("data-node"), "a3");
    assert.equal(badges[0].querySelector("text").textContent, "×4");
    assert.equal(badges[0].querySelector("title").textContent, "반복 4번");
    const byId = renderFlow(flowData("ch3-lab2"), { document, loopPasses: { a3: 2 } });
    assert.equal(byId.querySelector(".flow-badge text").textContent, "×2");
  });

  test("edge labels, summary, English labels and the list of boxes", () => {
    const document = dom();
    const flow = flowData("ch1-lab2");
    const ko = renderFlow(flow, { document });
    assert.deepEqual(all(ko, ".flow-edge-label").map((t) => t.textContent), ["예", "아니요"]);
    assert.equal(ko.querySelector("svg").getAttribute("aria-label"), flow.summary.ko);
    assert.equal(all(ko, "details tbody tr").length, flow.nodes.filter((n) => n.branch).length);
    const en = renderFlow(flow, { document, lang: "en" });
    assert.deepEqual(all(en, ".flow-edge-label").map((t) => t.textContent), ["yes", "no"]);
    assert.equal(en.querySelector('[data-node="a5"] text').textContent, "print the error");
  });

  test("hostile labels stay text", () => {
    const document = dom();
    const view = renderFlow({
      width: 100, height: 100, summary: HOSTILE,
      branches: [{ id: "A", color: "javascript:alert(1)", label: HOSTILE, tag: HOSTILE, tag_at: [0, 10] }],
      nodes: [{ id: "n", shape: "process", x: 50, y: 50, w: 60, h: 30, label: HOSTILE, branch: "A", step: 1 },
        { id: "m", shape: "decision", x: 50, y: 90, w: 60, h: 20, label: HOSTILE, branch: "A", step: 1 }],
      edges: [{ from: "n", to: "m", label: HOSTILE }],
      legend: { x: 0, y: 0 },
    }, { document, activeStep: 1 });
    assert.equal(all(view, "img").length + all(reparse(view), "img").length, 0);
    assert.ok(view.textContent.includes(HOSTILE));
    assert.equal(view.querySelector(".flow-shape").getAttribute("fill"), "#3d3d3d");
  });
});

describe("highlight", () => {
  const sources = [
    ...["ch1-lab2-step3", "ch3-lab2-step1", "ch3-lab2-step2", "ch3-lab2-step3"].flatMap((f) => [fixture(f).source, fixture(f).prelude]),
    'ax.set_title(f"d_k = {d_k} 에서")\nx = 1.5e-3 + .5 - 0x1F  # 끝\n',
    's = """세 줄\n"짜리" \'문자열\'\n"""\nt = \'닫히지 않은\nu = rb"\\x00" if True else None\n',
    "점수 = softmax(z) @ W\n\tprint( 점수 )",
    `print("${HOSTILE}")  # <script>alert(1)</script>`,
    "",
  ];

  test("the text is kept exactly", () => {
    const document = dom();
    for (const source of sources) {
      const box = document.createElement("div");
      box.append(highlightPython(source, { document }));
      assert.equal(box.textContent, source);
    }
  });

  test("slices rendered side by side rebuild the source", () => {
    const document = dom();
    const source = fixture("ch1-lab2-step3").source;
    const tokens = tokenize(source);
    for (const cuts of [[0, source.length], [0, 5, 17, 40, 197, 222, source.length], [0, 1, 2, 3, 100, 101, source.length]]) {
      const box = document.createElement("div");
      for (let i = 1; i < cuts.length; i += 1) box.append(renderTokens(source, tokens, cuts[i - 1], cuts[i], { document }));
      assert.equal(box.textContent, source);
    }
    // a literal cut out of the middle of the code is highlighted on its own
    const lit = fixture("ch1-lab2-step3").literals[0];
    const box = document.createElement("div");
    box.append(renderTokens(source, tokens, lit.start, lit.end, { document }));
    assert.equal(box.textContent, "np.array([2.0, 1.0, 0.1])");
    assert.deepEqual(all(box, ".tok-num").map((s) => s.textContent), ["2.0", "1.0", "0.1"]);
  });

  test("token kinds", () => {
    const source = 'def softmax(z):  # 합\n    return np.exp(z - 1.5) / "s"\n';
    const kinds = tokenize(source).map((t) => `${t.type}:${source.slice(t.start, t.end)}`);
    assert.deepEqual(kinds, ["kw:def", "fn:softmax", "com:# 합", "kw:return", "fn:exp", "op:-", "num:1.5", "op:/", 'str:"s"']);
    const f = 'f"d_k = {d_k}"';
    assert.deepEqual(tokenize(f), [{ type: "str", start: 0, end: f.length }]);
  });

  test("hostile source stays text", () => {
    const document = dom();
    const box = document.createElement("div");
    box.append(highlightPython(`x = "${HOSTILE}" # <b>`, { document }));
    assert.equal(all(box, "img, b").length + all(reparse(box), "img, b").length, 0);
  });
});

describe("helpers and CSP", () => {
  test("ticks and short numbers", () => {
    assert.deepEqual(niceTicks(0, 0.9999043257125458).ticks, [0, 0.2, 0.4, 0.6, 0.8, 1]);
    assert.deepEqual(niceTicks(0, 16).ticks, [0, 5, 10, 15, 20]);
    assert.equal(shortNumber(7.38905609893065), "7.39");
    assert.equal(shortNumber(Infinity), "inf");
  });

  test("no renderer writes a style attribute", () => {
    const document = dom();
    const box = document.createElement("div");
    box.append(
      renderBarChart(chartOf(fixture("ch3-lab2-step3")), { document }),
      renderTableBars(tableOutputOf(fixture("ch3-lab2-step1")).data[TABLE], SWEEP, { document }),
      renderStages(fixture("ch1-lab2-step3-overflow").visuals[0], { document }),
      renderTableOutput(tableOutputOf(fixture("ch3-lab2-step2")), { document }),
      renderFlow(flowData("ch3-lab2"), { document, activeStep: 1, loopPasses: 4 }),
    );
    assert.equal(all(box, "[style]").length, 0);
    assert.ok(!box.innerHTML.includes("style="));
  });
});

describe("the flow's loop badge", () => {
  test("shows the field its loop node names in its step's values: the lab computes it, the page does not guess", () => {
    const nodes = [{ id: "a3", step: 1, loop: "passes" }, { id: "b1", step: 2 }];
    assert.deepEqual(loopPasses(nodes, { 1: { visuals: [{ kind: "values", passes: 3 }] } }), { a3: 3 });
    assert.deepEqual(loopPasses(nodes, { 1: { visuals: [] } }), {}, "no value: no badge");
    const document = dom();
    const view = renderFlow(flowData("ch3-lab2"), { document, loopPasses: loopPasses(flowData("ch3-lab2").nodes, { 1: { visuals: [{ kind: "values", passes: 6 }] } }) });
    assert.equal(view.querySelector('[data-node="a3"] .flow-badge text').textContent, "×6");
  });
});

describe("progressText", async () => {
  const { progressText } = await import("../src/cell-view.js");
  test("puts the core's label first, then the fraction and the time left", () => {
    assert.equal(progressText({ done: 0.5, label: "d_k = 256 (3/4)" }, 12000, "ko"), "d_k = 256 (3/4) · 50% · 약 12초 남음");
    assert.equal(progressText({ done: 0.5, label: "3/4" }, 150000, "en"), "3/4 · 50% · about 2 min 30 s left");
  });
  test("says it is running, without a fraction, when the core cannot tell", () => {
    assert.equal(progressText({ done: -1, label: "" }, 5000, "en"), "Running…");
    assert.equal(progressText({ done: -1, label: "i = 7" }, 5000, "ko"), "i = 7 · 실행 중…");
    assert.equal(progressText({ done: 0.001, label: "" }, 5000, "en"), "0% · estimating the time left…");
  });
});
