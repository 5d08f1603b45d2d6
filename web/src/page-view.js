// Whole pages assembled from content data and the core's responses (run at build time in node).
import { renderCell } from "./cell-view.js";
import { renderFlow } from "./flow.js";
import { t } from "./i18n.js";
import { renderSummary } from "./summary.js";

function el(document, tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The <main> of a lab page.
 * @param data {content, flow, lab (the core's listing entry), responses: {1: response, ...}}
 */
export function renderLabMain({ content, flow, lab, responses }, { document, lang = "ko" }) {
  const main = el(document, "main", "lab");
  main.id = "main";
  const labels = Object.fromEntries(lab.params.map((p) => [p.name, lang === "ko" ? p.label_ko : p.label_en]));

  const head = el(document, "header", "lab-head");
  head.append(el(document, "p", "chapter", content.chapter), el(document, "h1", "", content.title));
  for (const para of content.intro) head.append(el(document, "p", "intro", para));

  const figure = el(document, "figure", "flow");
  figure.id = "flow";
  const caption = el(document, "figcaption", "", `${t(lang, "flow")} — ${content.flow_caption}`);
  figure.append(renderFlow(flow, { document, lang, loopPasses: loopPasses(lab, responses) }), caption);

  const toolbar = el(document, "div", "lab-tools");
  for (const [action, key] of [["run-all", "runAll"], ["reset-all", "resetAll"]]) {
    const b = el(document, "button", "btn btn-quiet", t(lang, key));
    b.type = "button";
    b.dataset.action = action;
    b.disabled = true;
    toolbar.append(b);
  }
  const status = el(document, "p", "lab-status", t(lang, "loading"));
  status.setAttribute("aria-live", "polite");
  toolbar.append(status);

  const cells = el(document, "div", "cells");
  for (const step of content.steps) cells.append(renderCell(step, responses[step.step], { document, lang, labels }));

  const notes = el(document, "section", "explanations");
  notes.id = "explanations";
  notes.append(el(document, "h2", "", t(lang, "explanations")));
  const list = el(document, "ul");
  for (const line of content.explanations) list.append(el(document, "li", "", line));
  notes.append(list);

  main.append(head, figure, toolbar, cells, renderSummary(content.summary, responses, { document }), notes);
  return main;
}

/** How many times the lab's loop ran with the current values (the length of its list param). */
export function loopPasses(lab, responses) {
  for (const p of lab.params) {
    if (p.kind !== "int_list") continue;
    const response = responses[p.steps[0]];
    if (response && response.params) return response.params[p.name].length;
  }
  return undefined;
}

/** The <main> of the course index: one card per lab. */
export function renderIndexMain(labs, { document, lang = "ko" }) {
  const main = el(document, "main", "index");
  main.id = "main";
  main.append(el(document, "h1", "", t(lang, "course")));
  const list = el(document, "ul", "lab-list");
  for (const { content } of labs) {
    const item = el(document, "li", "lab-card");
    const link = el(document, "a", "", content.title);
    link.href = `${content.id}.html`;
    item.append(el(document, "p", "chapter", content.chapter), link, el(document, "p", "intro", content.intro[0]));
    list.append(item);
  }
  main.append(list);
  return main;
}
