// The lab page's behaviour: brings the wasm core up in a worker, makes every literal in the code
// editable, re-runs cells as the learner edits, and keeps outputs, flow and summary in step.
// Everything is already on the page at textbook values (rendered at build time); this only adds life.
import { createCoreClient } from "./core-client.js";
import { renderCode } from "./code-view.js";
import { openEditor } from "./editors.js";
import { updateFlow } from "./flow.js";
import { t } from "./i18n.js";
import { loopPasses } from "./page-view.js";
import { checkParam, parseLiteral, requestText } from "./params.js";
import { printedText, renderOutputs, renderVisuals } from "./outputs.js";
import { updateSummary } from "./summary.js";
import { toggleTableText } from "./table.js";

const DEBOUNCE_MS = 250;

export function startLabPage(document, { lang = "ko", workerUrl = new URL("./core-worker.js", import.meta.url) } = {}) {
  const data = JSON.parse(document.getElementById("lab-data").textContent);
  const { lab, content } = data;
  const specs = Object.fromEntries(lab.params.map((p) => [p.name, p]));
  const labels = Object.fromEntries(lab.params.map((p) => [p.name, lang === "ko" ? p.label_ko : p.label_en]));
  const responses = { ...data.responses };

  // The textbook values, read back from the literals in the textbook code (keeps "2.0" a float).
  const textbook = {};
  for (const response of Object.values(data.responses)) {
    for (const lit of response.literals || []) {
      textbook[lit.param] ??= parseLiteral(specs[lit.param].kind, response.source.slice(lit.start, lit.end));
    }
  }
  const values = structuredClone(textbook);

  const status = document.querySelector(".lab-status");
  const cells = new Map();
  for (const section of document.querySelectorAll("section.cell")) {
    const step = Number(section.dataset.step);
    cells.set(step, {
      step,
      section,
      content: content.steps.find((s) => s.step === step),
      params: lab.params.filter((p) => p.steps.includes(step)).map((p) => p.name),
      timer: 0,
      editor: null,
    });
  }

  let client;
  try {
    client = createCoreClient({ workerUrl });
  } catch (err) {
    status.textContent = t(lang, "coreFailed");
    return;
  }
  client.ready.then(
    () => {
      status.textContent = t(lang, "ready");
      for (const b of document.querySelectorAll("button[data-action]")) b.disabled = false;
    },
    () => { status.textContent = t(lang, "coreFailed"); },
  );

  const paramProblem = (name) => {
    const r = checkParam(specs[name], values[name]);
    return r.ok ? null : r;
  };
  const problemMessage = (p) => t(lang, `error.${p.reason}`, p.limits || {});

  function markLiterals(cell) {
    for (const span of cell.section.querySelectorAll(".lit")) {
      const name = span.dataset.param;
      span.classList.toggle("is-invalid", paramProblem(name) !== null);
      span.classList.toggle("is-open", cell.editor?.name === name);
    }
  }

  function setStale(cell, message) {
    const statusLine = cell.section.querySelector(".cell-status");
    statusLine.textContent = message || "";
    statusLine.classList.toggle("is-stale", Boolean(message));
    cell.section.querySelector(".outputs")?.classList.toggle("is-stale", Boolean(message));
  }

  function showFlow(activeStep) {
    const view = document.querySelector("#flow .flow-view");
    if (view) updateFlow(view, { document, lang, activeStep, loopPasses: loopPasses(lab, responses) });
  }

  async function run(cell) {
    clearTimeout(cell.timer);
    const texts = {};
    for (const name of cell.params) {
      const problem = paramProblem(name);
      if (problem) {
        setStale(cell, `${labels[name]}: ${problemMessage(problem)} ${t(lang, "stale")}`);
        markLiterals(cell);
        return;
      }
      texts[name] = checkParam(specs[name], values[name]).text;
    }
    cell.section.classList.add("is-running");
    cell.section.querySelector(".cell-status").textContent = t(lang, "running");
    showFlow(cell.step);
    let response;
    try {
      response = await client.run(requestText(lab.id, cell.step, texts), { key: cell.step });
    } catch (err) {
      if (err && err.name === "SupersededError") return;
      cell.section.classList.remove("is-running");
      setStale(cell, `${t(lang, "coreFailed")} (${err && err.message})`);
      return;
    }
    cell.section.classList.remove("is-running");
    if (!response.ok) {
      const name = (response.error.field.match(/^params\.(\w+)/) || [])[1];
      const message = lang === "ko" ? response.error.message_ko : response.error.message;
      if (name && cell.editor?.name === name) cell.editor.handle.showError(response.error.field, message);
      setStale(cell, `${message} ${t(lang, "stale")}`);
      return;
    }
    setStale(cell, "");
    show(cell, response);
  }

  function show(cell, response) {
    const before = printedText(responses[cell.step]?.outputs || []);
    responses[cell.step] = response;
    const box = cell.section.querySelector(".code-box > pre.code:last-child");
    box.replaceWith(renderCode(response.source, response.literals || [], { document, labels, editLabel: t(lang, "edit") }));
    const outputs = renderOutputs(response.outputs, { document, lang });
    if (printedText(response.outputs) !== before) for (const node of outputs.children) node.classList.add("is-changed");
    cell.section.querySelector(".outputs").replaceWith(outputs);
    cell.section.querySelector(".visuals").replaceWith(renderVisuals(response, cell.content, { document, lang }));
    markLiterals(cell);
    const summary = document.getElementById("summary");
    if (summary) updateSummary(summary, content.summary, responses);
    showFlow(cell.step);
  }

  function schedule(names) {
    for (const cell of cells.values()) {
      if (!cell.params.some((n) => names.includes(n))) continue;
      clearTimeout(cell.timer);
      cell.timer = setTimeout(() => run(cell), DEBOUNCE_MS);
      markLiterals(cell);
    }
  }

  function open(cell, name) {
    closeEditor(cell);
    const slot = cell.section.querySelector(".editor-slot");
    const handle = openEditor(slot, {
      spec: specs[name],
      value: values[name],
      label: labels[name],
      lang,
      onChange(value) {
        values[name] = value;
        const problem = paramProblem(name);
        if (problem) handle.showError(problem.field, problemMessage(problem));
        else handle.clearError();
        schedule([name]);
      },
      onClose() {
        closeEditor(cell);
        cell.section.querySelector(`.lit[data-param="${name}"]`)?.focus();
      },
    });
    cell.editor = { name, handle };
    markLiterals(cell);
    const problem = paramProblem(name);
    if (problem) handle.showError(problem.field, problemMessage(problem));
    handle.focus();
  }

  function closeEditor(cell) {
    if (!cell.editor) return;
    cell.editor.handle.close();
    cell.editor = null;
    markLiterals(cell);
  }

  function reset(names) {
    for (const name of names) values[name] = structuredClone(textbook[name]);
    for (const cell of cells.values()) {
      if (cell.editor && names.includes(cell.editor.name)) open(cell, cell.editor.name);
    }
    schedule(names);
  }

  for (const cell of cells.values()) {
    cell.section.addEventListener("click", (event) => {
      const raw = event.target.closest(".raw-toggle");
      if (raw) return toggleTableText(raw);
      const lit = event.target.closest(".lit");
      if (lit) return open(cell, lit.dataset.param);
      const action = event.target.closest("button[data-action]")?.dataset.action;
      if (action === "run") run(cell);
      if (action === "reset") reset(cell.params);
    });
    cell.section.addEventListener("keydown", (event) => {
      const lit = event.target.closest?.(".lit");
      if (lit && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        open(cell, lit.dataset.param);
      } else if (event.key === "Enter" && event.shiftKey) {
        event.preventDefault();
        run(cell);
      }
    });
  }
  document.querySelector('[data-action="run-all"]')?.addEventListener("click", () => {
    for (const cell of cells.values()) run(cell);
  });
  document.querySelector('[data-action="reset-all"]')?.addEventListener("click", () => reset(Object.keys(specs)));

  return { client, values, responses, run: (step) => run(cells.get(step)) };
}

if (typeof document !== "undefined" && document.getElementById("lab-data")) startLabPage(document);
