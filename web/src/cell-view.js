// One step as a cell: title, lead, the code with editable literals, its tools, outputs and pictures.
import { renderCode } from "./code-view.js";
import { tb as t } from "./i18n.js";
import { renderOutputs, renderVisuals } from "./outputs.js";

/**
 * @param step content of the step: {step, title, lead, visual_caption?, table_chart?}
 * @param response the core's response for the step (textbook values at build time)
 * @param labels param name -> label shown to screen readers, e.g. {A: "행렬 A"}
 * @returns <section class="cell" id="step-N" data-step="N"> with its controls disabled until the
 *   page script brings the core up.
 */
export function renderCell(step, response, { document, lang = "ko", labels = {} }) {
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
    button(document, "run", `▶ ${t(lang, "run")}`, "primary"),
    button(document, "reset", t(lang, "reset"), "quiet"),
    button(document, "copy", t(lang, "copyCode"), "quiet"),
  );
  header.append(h2, tools);

  const lead = document.createElement("p");
  lead.className = "lead";
  lead.textContent = step.lead;

  const codeBox = document.createElement("div");
  codeBox.className = "code-box";
  if (response.prelude && step.step > 1 && response.prelude.includes("def ")) {
    const details = document.createElement("details");
    details.className = "prelude";
    const summary = document.createElement("summary");
    summary.textContent = t(lang, "prelude");
    const pre = document.createElement("pre");
    pre.className = "code";
    pre.textContent = response.prelude;
    details.append(summary, pre);
    codeBox.append(details);
  }
  codeBox.append(renderCode(response.source, response.literals || [], { document, labels, editLabel: t(lang, "edit") }));

  const editor = document.createElement("div");
  editor.className = "editor-slot";
  editor.hidden = true;

  const status = document.createElement("p");
  status.className = "cell-status";
  status.setAttribute("aria-live", "polite");

  section.append(header, lead, codeBox, editor, status,
    renderOutputs(response.outputs || [], { document, lang }),
    renderVisuals(response, step, { document, lang }));
  return section;
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
