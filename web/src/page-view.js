// Whole pages assembled from content data and the core's responses (run at build time in node).
import { renderCell } from "./cell-view.js";
import { labExercises, renderExercisePanel } from "./exercise-view.js";
import { renderFlow } from "./flow.js";
import { localize, tb as t } from "./i18n.js";
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
 *   (the lab's exercises: lab.document.exercises, with content.exercises' words)
 */
export function renderLabMain({ content, flow, lab, responses }, { document, lang = "ko" }) {
  const main = el(document, "main", "lab");
  main.id = "main";
  const labels = Object.fromEntries(lab.params.map((p) => [p.name, localize(p.label, lang)]));

  const head = el(document, "header", "lab-head");
  head.append(el(document, "p", "chapter", content.chapter), el(document, "h1", "", content.title));
  for (const para of content.intro) head.append(el(document, "p", "intro", para));

  const figure = el(document, "figure", "flow");
  figure.id = "flow";
  const caption = el(document, "figcaption", "", `${t(lang, "flow")} — ${content.flow_caption}`);
  figure.append(renderFlow(flow, { document, lang, loopPasses: loopPasses(flow.nodes, responses) }), caption);

  const toolbar = el(document, "div", "lab-tools");
  for (const [action, key] of [["run-all", "runAll"], ["reset-all", "resetAll"], ["undo", "undo"], ["share", "share"], ["notebook", "notebook"]]) {
    const b = el(document, "button", "btn btn-quiet", t(lang, key));
    b.type = "button";
    b.dataset.action = action;
    b.disabled = true;
    toolbar.append(b);
  }
  const status = el(document, "p", "lab-status", t(lang, "loading"));
  status.setAttribute("aria-live", "polite");
  // Shown when a shared link or saved values are refused (filled with textContent only).
  const notice = el(document, "p", "lab-notice");
  notice.setAttribute("role", "alert");
  notice.hidden = true;
  toolbar.append(status, notice);

  const exercises = labExercises(lab.document?.exercises, content.exercises);
  const panel = renderExercisePanel(exercises, { document, lang });
  if (panel) head.append(panel);
  const cells = el(document, "div", "cells");
  for (const step of content.steps) cells.append(renderCell(step, responses[step.step], { document, lang, labels, exercises }));

  const notes = el(document, "section", "explanations");
  notes.id = "explanations";
  notes.append(el(document, "h2", "", t(lang, "explanations")));
  const list = el(document, "ul");
  for (const line of content.explanations) list.append(el(document, "li", "", line));
  notes.append(list);

  main.append(head, figure, toolbar, cells, renderSummary(content.summary, responses, { document }), notes);
  return main;
}

/**
 * The badge of each loop node of the flow: the field its `loop` names in the "values" visual of
 * its step's response (labs/<id>/lab.json computes it from the step's variables, e.g. len(rows)).
 * @param nodes [{id, step, loop}], the flow's nodes (or those read back from a drawn diagram)
 * @example loopPasses([{id: "a3", step: 1, loop: "passes"}], {1: {visuals: [{kind: "values", passes: 4}]}}) // {a3: 4}
 */
export function loopPasses(nodes, responses) {
  const out = {};
  for (const node of nodes) {
    if (typeof node.loop !== "string") continue;
    const values = (responses[node.step]?.visuals || []).find((v) => v.kind === "values");
    if (typeof values?.[node.loop] === "number") out[node.id] = values[node.loop];
  }
  return out;
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
    link.href = `${content.id}${lang === "en" ? ".en" : ""}.html`;
    item.append(el(document, "p", "chapter", content.chapter), link, el(document, "p", "intro", content.intro[0]));
    list.append(item);
  }
  main.append(list);
  return main;
}

/**
 * Puts the page's own words (skip link, nav, footer) in `lang` and links the same page in the
 * other language: renderChrome(document, {lang: "en", otherHref: "ch1-lab2.html"}).
 */
export function renderChrome(document, { lang = "ko", otherHref }) {
  document.documentElement.setAttribute("lang", lang);
  const skip = document.querySelector(".skip");
  if (skip) skip.textContent = t(lang, "skip");
  const nav = document.querySelector(".site-nav");
  nav.setAttribute("aria-label", t(lang, "site"));
  if (lang === "en") nav.querySelector(".brand").setAttribute("href", "index.en.html");
  const other = el(document, "a", "lang-switch", t(lang, "other"));
  other.href = otherHref;
  other.setAttribute("hreflang", t(lang, "otherLang"));
  other.setAttribute("lang", t(lang, "otherLang"));
  nav.append(other);
  const foot = document.querySelector(".site-foot p");
  if (foot) foot.textContent = t(lang, "foot");
}
