// Execution-flow diagrams of a lab's code: start/end ovals, process boxes, decision diamonds and
// arrows, from a layout kept as data (labs/<lab>/flow.json), with the running step lit up.
import { localize } from "./i18n.js";
import { htmlEl, isLight, MONO, px, safeColor, shade, SANS, svgEl, svgRoot, textWidth, tint } from "./svg.js";
import { renderTable } from "./table.js";

/**
 * The flow data (one JSON file per lab). Coordinates are in the diagram's own units (the viewBox);
 * x, y of a node is its centre.
 *
 * {
 *   "id": "ch3-lab2",
 *   "width": 340, "height": 600,
 *   "summary": {"ko": "…", "en": "…"},       the diagram in a sentence or two (the picture's aria-label)
 *   "branches": [{
 *     "id": "A", "color": "#264653",
 *     "label": {"ko": "A · 표준편차 재기", "en": "A · Measuring the spread"},   legend text
 *     "tag": {"ko": "A · 1단계", "en": "A · step 1"}, "tag_at": [16, 58]       small coloured tag (optional)
 *   }],
 *   "nodes": [{
 *     "id": "a3", "shape": "terminal" | "process" | "decision",
 *     "x": 64, "y": 196, "w": 96, "h": 52,
 *     "label": {"ko": "d_k 남았나?", "en": "d_k left?"},   "\n" breaks lines
 *     "code": false,              true: the label is code, set in monospace
 *     "branch": "A",              its colour; start/end have none
 *     "step": 1,                  the lab step (or steps, [2, 3]) whose code it is; start/end have none
 *     "loop": "passes"            a loop's decision: its badge shows this field of its step's
 *                                 "values" visual (lab.json: e.g. "passes": "len(rows)")
 *   }],
 *   "edges": [{
 *     "from": "a3", "to": "a4",
 *     "label": {"ko": "예", "en": "yes"},                  optional
 *     "via": [[x, y], …],         corner points; without: straight down, or one elbow half-way
 *     "label_at": [x, y], "label_anchor": "start" | "middle" | "end"
 *   }],
 *   "legend": {"x": 12, "y": 560}                          top-left of the branch legend (optional)
 * }
 * Every text is a {"ko", "en"} pair, or one string when both languages say the same ("seed(42)").
 */

const WORDS = {
  ko: { table: "상자 목록 보기", branch: "갈래", step: "단계", box: "상자", passes: (n) => `반복 ${n}번` },
  en: { table: "Show the boxes as a list", branch: "Branch", step: "Step", box: "Box", passes: (n) => `${n} passes` },
};

const INK = "#1f2328";
const EDGE = "#8a8578";
const TERMINAL_FILL = "#f3f1ec";

function label(item) {
  return item.label ?? "";
}

function stepsOf(node) {
  if (Array.isArray(node.step)) return node.step;
  return node.step === undefined || node.step === null ? [] : [node.step];
}

// Attributes are only written when they change: each edit's answer updates the diagram, and an
// attribute written, even to its old value, makes the browser restyle and repaint the SVG.
function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function setClass(el, name, on) {
  const names = (el.getAttribute("class") || "").split(/\s+/).filter((c) => c && c !== name);
  if (on) names.push(name);
  setAttr(el, "class", names.join(" "));
}

// Where the segment from the node's centre toward (tx, ty) leaves the node's outline.
function boundary(node, tx, ty) {
  const dx = tx - node.x;
  const dy = ty - node.y;
  if (dx === 0 && dy === 0) return [node.x, node.y];
  const hw = node.w / 2;
  const hh = node.h / 2;
  const t = node.shape === "decision"
    ? 1 / (Math.abs(dx) / hw + Math.abs(dy) / hh)
    : Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
  return [node.x + dx * t, node.y + dy * t];
}

function edgePoints(edge, from, to) {
  let via = edge.via;
  if (!via) {
    if (from.x === to.x) via = [];
    else {
      const mid = (from.y + from.h / 2 + to.y - to.h / 2) / 2;
      via = [[from.x, mid], [to.x, mid]];
    }
  }
  const first = via[0] || [to.x, to.y];
  const last = via[via.length - 1] || [from.x, from.y];
  return [boundary(from, first[0], first[1]), ...via, boundary(to, last[0], last[1])];
}

function drawEdge(document, edge, from, to) {
  const points = edgePoints(edge, from, to);
  const [tx, ty] = points[points.length - 1];
  const [sx, sy] = points[points.length - 2];
  const len = Math.hypot(tx - sx, ty - sy) || 1;
  const ux = (tx - sx) / len;
  const uy = (ty - sy) / len;
  // the line stops under the arrowhead so its end doesn't poke through the tip
  const line = [...points.slice(0, -1), [tx - ux * 6, ty - uy * 6]];
  const g = svgEl(document, "g", { class: "flow-edge", "data-from": edge.from, "data-to": edge.to });
  g.append(svgEl(document, "path", {
    d: line.map(([x, y], i) => `${i ? "L" : "M"}${px(x)} ${px(y)}`).join(" "),
    fill: "none", stroke: EDGE, "stroke-width": 1.4, "stroke-linejoin": "round",
  }));
  const bx = tx - ux * 8;
  const by = ty - uy * 8;
  g.append(svgEl(document, "path", {
    class: "flow-arrow",
    d: `M${px(tx)} ${px(ty)} L${px(bx - uy * 4)} ${px(by + ux * 4)} L${px(bx + uy * 4)} ${px(by - ux * 4)} Z`,
    fill: EDGE,
  }));
  const text = label(edge);
  const labelGroup = svgEl(document, "g", { class: "flow-edge-label-group", "data-from": edge.from, "data-to": edge.to });
  if (text) {
    const size = 11;
    const [fx, fy] = points[0];
    const [lx, ly] = edge.label_at || [fx + 5, fy + 14];
    const anchor = edge.label_anchor || "start";
    const w = textWidth(text, size);
    const x0 = anchor === "start" ? lx : anchor === "end" ? lx - w : lx - w / 2;
    labelGroup.append(svgEl(document, "rect", {
      class: "flow-edge-label-bg", x: px(x0 - 2), y: px(ly - size), width: px(w + 4), height: px(size + 4), rx: 3, fill: "#ffffff", "fill-opacity": 0.9,
    }));
    labelGroup.append(svgEl(document, "text", {
      class: "flow-edge-label", x: px(lx), y: px(ly), "text-anchor": anchor, fill: "#4a5059", "font-size": size, "font-weight": 600,
    }, text));
  }
  return { line: g, label: text ? labelGroup : null };
}

function shapeFor(document, node, fill, stroke) {
  const { x, y, w, h } = node;
  if (node.shape === "decision") {
    return svgEl(document, "polygon", {
      class: "flow-shape",
      points: `${px(x)},${px(y - h / 2)} ${px(x + w / 2)},${px(y)} ${px(x)},${px(y + h / 2)} ${px(x - w / 2)},${px(y)}`,
      fill, stroke, "stroke-width": 1.4, "stroke-linejoin": "round",
    });
  }
  return svgEl(document, "rect", {
    class: "flow-shape", x: px(x - w / 2), y: px(y - h / 2), width: w, height: h,
    rx: node.shape === "terminal" ? h / 2 : 7, fill, stroke, "stroke-width": 1.4,
  });
}

// Lit or plain colours of a node's shape and text; also used to re-light a rendered diagram.
function applyActive(g, active) {
  const color = g.getAttribute("data-color");
  if (!color) return;
  setClass(g, "is-active", active);
  for (const shape of g.querySelectorAll(".flow-shape")) {
    setAttr(shape, "fill", active ? color : tint(color, 0.13));
    setAttr(shape, "stroke-width", active ? "2.4" : "1.4");
  }
  for (const text of g.querySelectorAll(".flow-label")) {
    setAttr(text, "fill", active && !isLight(color) ? "#ffffff" : INK);
  }
}

function setBadge(document, g, passes, lang) {
  const valid = passes !== undefined && passes !== null && passes >= 0;
  const title = valid ? (WORDS[lang] || WORDS.ko).passes(passes) : null;
  const shown = g.querySelectorAll(".flow-badge");
  if (valid && shown.length === 1 && shown[0].querySelector("title")?.textContent === title &&
      shown[0].getAttribute("data-passes") === String(passes)) return; // already showing it
  for (const old of shown) old.remove();
  if (!valid) return;
  const text = `×${passes}`;
  const size = 11;
  const w = textWidth(text, size) + 12;
  const h = 18;
  const x = Number(g.getAttribute("data-badge-x"));
  const y = Number(g.getAttribute("data-badge-y"));
  const badge = svgEl(document, "g", { class: "flow-badge", "data-passes": passes });
  badge.append(svgEl(document, "title", {}, title));
  badge.append(svgEl(document, "rect", { x: px(x - w / 2), y: px(y - h / 2), width: px(w), height: h, rx: h / 2, fill: "#e9c46a", stroke: "#ffffff", "stroke-width": 1.5 }));
  badge.append(svgEl(document, "text", { x: px(x), y: px(y + 4), "text-anchor": "middle", fill: INK, "font-size": size, "font-weight": 700 }, text));
  g.append(badge);
}

function passesFor(node, loopPasses) {
  if (loopPasses === undefined || loopPasses === null) return undefined;
  if (typeof loopPasses === "number") return loopPasses;
  return loopPasses[node.id];
}

function drawNode(document, node, branch, lang, { activeStep, loopPasses }) {
  const color = branch ? safeColor(branch.color, "#3d3d3d") : null;
  const steps = stepsOf(node);
  const g = svgEl(document, "g", {
    class: `flow-node flow-${node.shape}`,
    "data-node": node.id,
    "data-step": steps.length ? steps.join(" ") : undefined,
    "data-branch": node.branch,
    "data-color": color || undefined,
    "data-loop": node.loop ? String(node.loop) : undefined,
  });
  g.append(color ? shapeFor(document, node, tint(color, 0.13), color) : shapeFor(document, node, TERMINAL_FILL, EDGE));

  const lines = String(label(node)).split("\n");
  const size = node.code ? 11 : 11.5;
  const lh = size * 1.3;
  const text = svgEl(document, "text", {
    class: node.code ? "flow-label is-code" : "flow-label",
    x: px(node.x), y: px(node.y - ((lines.length - 1) * lh) / 2 + size * 0.36),
    "text-anchor": "middle", fill: INK, "font-size": size,
    "font-family": node.code ? MONO : SANS,
  });
  lines.forEach((line, i) => {
    text.append(svgEl(document, "tspan", { x: px(node.x), dy: i ? px(lh) : undefined }, line));
  });
  g.append(text);

  if (node.loop) {
    const bx = node.shape === "decision" ? node.x + node.w * 0.3 : node.x + node.w / 2 - 4;
    const by = node.shape === "decision" ? node.y - node.h * 0.42 : node.y - node.h / 2;
    g.setAttribute("data-badge-x", px(bx));
    g.setAttribute("data-badge-y", px(by));
    setBadge(document, g, passesFor(node, loopPasses), lang);
  }
  if (color) applyActive(g, activeStep !== undefined && activeStep !== null && steps.includes(activeStep));
  return g;
}

/**
 * Draws a lab's execution flow.
 * @param {object} flow the flow data (schema above), e.g. the contents of labs/ch3-lab2/flow.json
 * @param {{document: Document, lang?: "ko"|"en", activeStep?: number,
 *   loopPasses?: number | Object<string, number>}} opts `activeStep` lights the nodes of that step
 *   (class "is-active"); `loopPasses` puts a "×N" badge on each node with loop: true (a number for
 *   all of them, or one per node id).
 * @returns {HTMLDivElement} <div class="flow-view"><svg class="flow-svg" role="img" aria-label="summary">
 *   <g class="flow-edges">…</g><g class="flow-nodes"><g class="flow-node flow-decision" data-node="a3"
 *   data-step="1" data-loop="true">…<g class="flow-badge"><text>×4</text></g></g>…</g></svg>
 *   <details class="flow-data"><summary>상자 목록 보기</summary><table>…</table></details></div>
 */
export function renderFlow(data, { document, lang = "ko", activeStep, loopPasses } = {}) {
  const flow = localize(data, lang);
  const branches = new Map((flow.branches || []).map((b) => [b.id, b]));
  const nodes = new Map((flow.nodes || []).map((n) => [n.id, n]));
  const svg = svgRoot(document, flow.width, flow.height, "flow-svg");
  // its own size, which the page's CSS keeps on phones (elsewhere the diagram fills its box)
  svg.setAttribute("width", String(flow.width));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", flow.summary || "");

  const tags = svgEl(document, "g", { class: "flow-tags" });
  for (const b of branches.values()) {
    if (!b.tag_at) continue;
    const color = safeColor(b.color, "#3d3d3d");
    tags.append(svgEl(document, "text", {
      class: "flow-tag", "data-branch": b.id, x: b.tag_at[0], y: b.tag_at[1],
      fill: isLight(color) ? shade(color, 0.4) : color, "font-size": 11, "font-weight": 700,
    }, b.tag ?? b.id));
  }
  svg.append(tags);

  // lines under the boxes; edge labels ("예", "아니요") over them, so a box never hides a label
  const edges = svgEl(document, "g", { class: "flow-edges" });
  const edgeLabels = svgEl(document, "g", { class: "flow-edge-labels" });
  for (const edge of flow.edges || []) {
    const from = nodes.get(edge.from);
    const to = nodes.get(edge.to);
    if (!from || !to) continue;
    const drawn = drawEdge(document, edge, from, to);
    edges.append(drawn.line);
    if (drawn.label) edgeLabels.append(drawn.label);
  }
  svg.append(edges);

  const layer = svgEl(document, "g", { class: "flow-nodes" });
  for (const node of nodes.values()) layer.append(drawNode(document, node, branches.get(node.branch), lang, { activeStep, loopPasses }));
  svg.append(layer, edgeLabels);

  if (flow.legend) {
    const legend = svgEl(document, "g", { class: "legend flow-legend" });
    [...branches.values()].forEach((b, i) => {
      const y = flow.legend.y + i * 18;
      legend.append(svgEl(document, "rect", { x: flow.legend.x, y, width: 12, height: 12, rx: 3, fill: safeColor(b.color, "#3d3d3d") }));
      legend.append(svgEl(document, "text", { x: flow.legend.x + 18, y: y + 10.5, fill: INK, "font-size": 11.5 }, label(b)));
    });
    svg.append(legend);
  }

  const words = WORDS[lang] || WORDS.ko;
  const boxes = [...nodes.values()].filter((n) => n.branch);
  const details = htmlEl(document, "details", "flow-data");
  details.append(htmlEl(document, "summary", "", words.table));
  const scroll = htmlEl(document, "div", "table-scroll");
  scroll.append(renderTable({
    columns: [words.branch, words.step, words.box],
    index: boxes.map((_, i) => i + 1),
    rows: boxes.map((n) => [label(branches.get(n.branch) || { label: n.branch }), stepsOf(n).join("–"), label(n).replace(/\n\s*/g, " ")]),
  }, { document }));
  details.append(scroll);

  const view = htmlEl(document, "div", "flow-view");
  view.append(svg, details);
  return view;
}

/**
 * Re-lights a rendered diagram without drawing it again: the nodes of `activeStep` get "is-active",
 * and loop nodes get the badge for `loopPasses` (left alone when the option is absent).
 * @param {Element} root what renderFlow returned (or any ancestor of its svg)
 * @param {{document: Document, lang?: "ko"|"en", activeStep?: number, loopPasses?: number | Object<string, number>}} opts
 * @returns {Element} root
 * @example updateFlow(view, {document, activeStep: 2}) // step 2's boxes lit, the rest plain
 */
export function updateFlow(root, { document, lang = "ko", activeStep, loopPasses } = {}) {
  for (const g of root.querySelectorAll(".flow-node")) {
    const steps = (g.getAttribute("data-step") || "").split(" ").filter(Boolean).map(Number);
    applyActive(g, activeStep !== undefined && activeStep !== null && steps.includes(activeStep));
    if (loopPasses !== undefined && g.hasAttribute("data-loop")) {
      const id = g.getAttribute("data-node");
      setBadge(document, g, passesFor({ id }, loopPasses), lang);
    }
  }
  return root;
}
