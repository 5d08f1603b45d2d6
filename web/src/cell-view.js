// One step as a cell: title, lead, the code with editable literals, its tools, outputs and pictures.
import { PRERENDER_WIDTHS } from "./chart.js";
import { renderCode } from "./code-view.js";
import { t, tb } from "./i18n.js";
import { renderStepExercises } from "./exercise-view.js";
import { renderOutputs, renderVisuals } from "./outputs.js";

/**
 * @param step content of the step: {step, title, lead, visual_caption?}
 * @param response the core's response for the step (textbook values at build time)
 * @param labels param name -> label shown to screen readers, e.g. {A: "행렬 A"}
 * @param exercises the lab's exercises (exercise-view.js, labExercises): the step's own show
 *   under its outputs
 * @param chartWidth the charts' box width (CSS px); by default the build's layout for a 320-px
 *   phone (PRERENDER_WIDTHS), which the page's CSS scales until the page script lays it out anew
 * @returns <section class="cell" id="step-N" data-step="N"> with its controls disabled until the
 *   page script brings the core up.
 */
export function renderCell(step, response, { document, lang = "ko", labels = {}, exercises = [], chartWidth = PRERENDER_WIDTHS }) {
  const section = document.createElement("section");
  section.className = "cell";
  section.id = `step-${step.step}`;
  section.dataset.step = String(step.step);

  const header = document.createElement("header");
  header.className = "cell-head";
  const h2 = document.createElement("h2");
  h2.textContent = step.title;
  const tools = document.createElement("div");
  tools.className = "cell-tools";
  tools.append(
    button(document, "run", `▶ ${tb(lang, "run")}`, "primary"),
    button(document, "reset", tb(lang, "reset"), "quiet"),
    button(document, "edit-code", tb(lang, "editCode"), "quiet"),
    button(document, "reset-code", tb(lang, "resetCode"), "quiet"),
    button(document, "copy", tb(lang, "copyCode"), "quiet"),
  );
  tools.querySelector('[data-action="reset-code"]').hidden = true;
  header.append(h2, tools);

  const lead = document.createElement("p");
  lead.className = "lead";
  lead.textContent = step.lead;

  const codeBox = document.createElement("div");
  codeBox.className = "code-box";
  if (response.prelude && step.step > 1 && response.prelude.includes("def ")) {
    codeBox.append(disclosure(document, "prelude", tb(lang, "prelude"), element(document, "pre", "code", response.prelude)));
  }
  codeBox.append(renderCode(response.source, response.literals || [], { document, labels, editLabel: tb(lang, "edit") }));

  const editor = document.createElement("div");
  editor.className = "editor-slot";
  editor.hidden = true;

  const status = document.createElement("p");
  status.className = "cell-status";
  status.setAttribute("aria-live", "polite");

  section.append(header, lead, codeBox, editor, status,
    renderOutputs(response.outputs || [], { document, lang, chartWidth }),
    renderVisuals(response, step, { document, lang, chartWidth }),
    variablesPanel(document, lang));
  const tasks = renderStepExercises(exercises, step.step, { document, lang });
  if (tasks) section.append(tasks);
  return section;
}

// The cell's variables, closed: the page fills its body from the core's runs (variables.js).
function variablesPanel(document, lang) {
  const body = element(document, "div", "var-body");
  body.append(element(document, "p", "var-note", tb(lang, "variablesHint")));
  return disclosure(document, "variables", tb(lang, "variables"), body);
}

// <details class=…><summary>summary</summary>…content</details>, closed
function disclosure(document, className, summary, ...content) {
  const details = element(document, "details", className);
  details.append(element(document, "summary", "", summary), ...content);
  return details;
}

function element(document, name, className, text = "") {
  const node = document.createElement(name);
  if (className) node.className = className;
  node.textContent = text;
  return node;
}

function button(document, action, text, kind) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn btn-${kind}`;
  b.dataset.action = action;
  b.textContent = text;
  b.disabled = true;
  return b;
}

/**
 * The progress line of a long run: a bar, where the run is, the time left, and a Cancel button.
 * @param progress the core's report: {done: 0..1 or -1, loop?: {name, value, index, count}}
 * @param elapsedMs time since the run started
 * @returns <div class="cell-progress">; update it with updateProgress()
 */
export function renderProgress(progress, { document, lang = "ko", elapsedMs = 0 }) {
  const box = document.createElement("div");
  box.className = "cell-progress";
  const bar = document.createElement("progress");
  bar.max = 1;
  bar.setAttribute("aria-label", t(lang, "progress"));
  const text = document.createElement("span");
  text.className = "progress-text";
  const cancel = button(document, "cancel", t(lang, "cancel"), "quiet");
  cancel.disabled = false;
  box.append(bar, text, cancel);
  updateProgress(box, progress, { lang, elapsedMs });
  return box;
}

export function updateProgress(box, progress, { lang = "ko", elapsedMs = 0 }) {
  // An indeterminate bar (no value) when the core cannot say how far it is.
  const bar = box.querySelector("progress");
  if (progress.done >= 0) bar.value = progress.done;
  else bar.removeAttribute("value");
  box.querySelector(".progress-text").textContent = progressText(progress, elapsedMs, lang);
}

/**
 * progressText({done: 0.42, label: "d_k = 256 (3/5)"}, 8700, "ko")
 *   -> "d_k = 256 (3/5) · 42% · 약 12초 남음"
 * The label is the core's (where the cell's outermost loop is, "" outside one); done is -1 when
 * the core cannot tell (a while loop).
 * The time left assumes the rest runs at the speed so far.
 */
export function progressText(progress, elapsedMs, lang) {
  const { done = -1, label } = progress;
  const parts = [];
  if (label) parts.push(label);
  if (done < 0) return parts.concat(t(lang, "running")).join(" · ");
  parts.push(`${Math.floor(done * 100)}%`);
  if (done < 0.01 || elapsedMs <= 0) {
    parts.push(t(lang, "estimating"));
  } else {
    const seconds = Math.max(1, Math.round((elapsedMs * (1 - done)) / done / 1000));
    const left = seconds < 60
      ? t(lang, "seconds", { s: seconds })
      : t(lang, "minutes", { m: Math.floor(seconds / 60), s: seconds % 60 });
    parts.push(t(lang, "timeLeft", { left }));
  }
  return parts.join(" · ");
}
