// The lab page's behaviour: brings the wasm core up in a worker, makes every literal in the code
// editable, re-runs cells as the learner edits, and keeps outputs, flow and summary in step.
// Everything is already on the page at textbook values (rendered at build time); this only adds
// life. The work is done by small modules, wired here around one `page` object:
//   lab-state.js  the values, the edited code, undo; kept in this browser
//   runs.js       when cells run and what becomes of their answers
//   cell-update.js  what a cell shows (status, progress, outputs, marks), flow and summary
//   editing.js    the value editors and the code editor
//   link-start.js the start from a link or from this browser
//   share.js      links out, copying, the notebook (loaded on the first click on one)
//   embed.js      a host page's messages
//   exercises.js  the exercises: the core's checks, hints, solutions, the learner's record
import { watchChartWidths } from "./chart-fit.js";
import { createCoreClient, startCore } from "./core-start.js";
import { createCellView } from "./cell-update.js";
import { createEditing } from "./editing.js";
import { followOtherFrames, setFromHost, setLabState, startEmbed } from "./embed.js";
import { createExercises } from "./exercises.js";
import { t } from "./i18n.js";
import { createLabState } from "./lab-state.js";
import { loadMarks, marksLoaded } from "./marks.js";
import { relayoutCharts } from "./outputs.js";
import { createRuns } from "./runs.js";
import { startFromLink } from "./link-start.js";
import { changedValues, loadOpenPanels, saveOpenPanels } from "./state.js";
import { toggleTableText } from "./table.js";

export function startLabPage(document, {
  lang = document.documentElement.lang === "en" ? "en" : "ko",
  workerUrl,
  window = document.defaultView,
  createWorker,
} = {}) {
  const data = JSON.parse(document.getElementById("lab-data").textContent);
  const { lab, content } = data;
  const storage = (() => { try { return window.localStorage; } catch { return null; } })();
  const status = document.querySelector(".lab-status");
  const undoButton = document.querySelector('[data-action="undo"]');
  const cells = new Map();
  for (const section of document.querySelectorAll("section.cell")) {
    const step = Number(section.dataset.step);
    const needs = lab.steps.find((s) => s.step === step)?.needs || [];
    cells.set(step, {
      step,
      section,
      content: content.steps.find((s) => s.step === step),
      // the params whose literals the cell shows, and those its outputs follow: it runs after the
      // earlier steps it needs (the listing's `needs`, as the kernel finds them)
      params: lab.params.filter((p) => p.steps.includes(step)).map((p) => p.name),
      inputs: lab.params.filter((p) => p.steps.some((s) => s === step || needs.includes(s))).map((p) => p.name),
      timer: 0,
      busyTimer: 0,
      editor: null,
      codeEditor: null, // the cell's code editor once the learner edits its code (code-editor.js)
      lastMs: 0, // how long its last run took (the textbook values run quickly)
      runs: 0, // run() calls so far: an answer counts only for the latest
      typedAt: 0,
    });
  }

  let client;
  try {
    // The served page's core started as the page began to load (core-start.js); a page given
    // its own worker (the offline file's Blob worker, tests) gets a client of its own.
    client = workerUrl || createWorker ? createCoreClient({ workerUrl, createWorker }) : startCore();
  } catch (err) {
    status.textContent = t(lang, "coreFailed");
    return;
  }

  let embed = null;
  let panels = null;
  const listeners = new Set(); // told of every change of the learner's values, code or exercise record
  const page = {
    document, window, lang, lab, content, cells, client, storage,
    responses: { ...data.responses },
    labels: Object.fromEntries(lab.params.map((p) => [p.name, p.label])),
    notice: document.querySelector(".lab-notice"),
    announce(text) { status.textContent = text; },
    showNotice(text, { info = false } = {}) {
      page.notice.textContent = text;
      page.notice.classList.toggle("is-info", info);
      page.notice.hidden = false;
    },
    // The variables panels under the cells (variables.js, loaded when one opens or a name in the code is clicked).
    panels: () => panels,
    // Values edited as one: remembered for undo, kept, and their cells run.
    remember(names, merge) {
      page.state.remember(names, merge);
      page.undoChanged();
    },
    undoChanged() { if (undoButton) undoButton.disabled = !page.state.canUndo(); },
    changed() { for (const listener of listeners) listener(); },
    setValues(next) {
      const names = page.state.set(next);
      page.editing.refresh(names);
      page.runs.schedule(names);
    },
  };
  page.state = createLabState({
    lab, responses: data.responses, storage, steps: [...cells.keys()],
    onChange: () => {
      embed?.postState(structuredClone(page.state.good), { ...page.state.code });
      page.changed();
    },
  });
  const cellOf = new Map([...cells.values()].map((cell) => [cell.section, cell]));
  page.chartBoxes = watchChartWidths(cellOf.keys(), {
    window,
    redraw(section, width) {
      const cell = cellOf.get(section);
      if (relayoutCharts(section, page.responses[cell.step], cell.content, { document, lang, width })) return;
      // A figure the build drew (a learner's plt.show()) is drawn again by figure.js, which loads
      // on first need: once it is here, measure the cell again.
      if (!marksLoaded()) loadMarks().then(() => page.chartBoxes.check(section), () => {});
    },
  });
  page.view = createCellView(page);
  page.runs = createRuns(page);
  page.editing = createEditing(page);
  if (data.exercises?.length) page.exercises = createExercises(page, data.exercises);
  // share.js: loaded on the first click on share, copy or the notebook
  let sharing = null;
  const loadSharing = () => (sharing ??= import("./share.js").then(
    (module) => module.createSharing(page),
    (err) => { sharing = null; throw err; })); // (a later click tries again)
  const share = (use) => loadSharing().then(use, (err) => page.announce(`${t(lang, "coreFailed")} (${err && err.message})`));
  // (fetched as the learner points at or focuses one of those buttons: the clipboard wants the
  // copy soon after the click)
  for (const button of document.querySelectorAll('[data-action="share"], [data-action="copy"], [data-action="notebook"]')) {
    for (const type of ["pointerenter", "pointerdown", "focus"]) button.addEventListener(type, () => loadSharing().catch(() => {}));
  }
  const { state, runs, editing } = page;

  client.ready.then(
    () => {
      status.textContent = t(lang, "ready");
      for (const b of document.querySelectorAll("button[data-action]")) b.disabled = false;
      page.undoChanged();
      // The code editor (its own chunk, 122 KB gzip) comes next, once the page is idle and no
      // cell is running (the first answers come first), so that the first "edit code" opens at
      // once (fetched on first use it took ~190 ms here, ~70 ms once loaded); with Save-Data on,
      // it waits for the learner to point at "edit code".
      if (!window.navigator?.connection?.saveData && document.querySelector('[data-action="edit-code"]')) {
        const running = () => [...cells.values()].some((cell) => cell.section.classList.contains("is-running"));
        const preload = () => (running() ? window.setTimeout(() => whenIdle(window, preload), 100) : editing.preload());
        whenIdle(window, preload);
      }
    },
    () => { status.textContent = t(lang, "coreFailed"); },
  );

  const loadPanels = () => (panels ??= import("./variables.js").then(
    (module) => module.startPanels({
      document, lang, responses: page.responses, run: runs.run, keepOpen: (steps) => saveOpenPanels(storage, lab.id, steps),
    }),
    (err) => { page.announce(`${t(lang, "coreFailed")} (${err && err.message})`); throw err; }));

  const undo = () => {
    const before = state.undo();
    page.undoChanged();
    if (before) page.setValues(before);
  };
  const reset = (names) => {
    page.remember(names, false);
    page.setValues(structuredClone(Object.fromEntries(names.map((n) => [n, state.textbook[n]]))));
  };

  const openPanels = loadOpenPanels(storage, lab.id, [...cells.keys()]);
  for (const cell of cells.values()) {
    const panel = cell.section.querySelector("details.variables");
    panel?.addEventListener("toggle", () => loadPanels().then((p) => p.toggled(cell), () => {}));
    if (panel && openPanels.includes(cell.step)) panel.open = true;
    cell.section.addEventListener("click", (event) => {
      const raw = event.target.closest(".raw-toggle");
      if (raw) return toggleTableText(raw);
      const lit = event.target.closest(".lit") ?? event.composedPath?.().find((n) => n.classList?.contains("cm-chip"));
      if (lit) return editing.open(cell, lit.dataset.param);
      if (event.target.closest(".code-box")) loadPanels().then((p) => p.clicked(cell), () => {});
      const action = event.target.closest("button[data-action]")?.dataset.action;
      if (action === "run") {
        if (cell.codeEditor) runs.setCode(cell, cell.codeEditor.code(), 0);
        else runs.run(cell);
      }
      if (action === "cancel") client.cancel(cell.step);
      if (action === "reset") reset(cell.params);
      if (action === "edit-code") editing.editCode(cell);
      if (action === "reset-code") editing.resetCode(cell);
      if (action === "copy") share((s) => s.copyCode(cell, event.target.closest("button")));
      if (action === "notebook") share((s) => s.downloadNotebook());
    });
    cell.section.addEventListener("keydown", (event) => {
      const lit = event.target.closest?.(".lit");
      if (lit && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        editing.open(cell, lit.dataset.param);
      } else if (event.key === "Enter" && event.shiftKey && !cell.codeEditor) {
        event.preventDefault();
        runs.run(cell);
      }
    });
  }
  document.querySelector('[data-action="run-all"]')?.addEventListener("click", () => {
    for (const cell of cells.values()) runs.run(cell);
  });
  document.querySelector('[data-action="reset-all"]')?.addEventListener("click", () => reset(Object.keys(state.specs)));
  undoButton?.addEventListener("click", undo);
  document.querySelector('[data-action="share"]')?.addEventListener("click", (event) => {
    const button = event.currentTarget;
    share((s) => s.share(button));
  });
  document.querySelector('[data-action="notebook"]')?.addEventListener("click", () => share((s) => s.downloadNotebook()));
  document.addEventListener("keydown", (event) => {
    // (a code editor's keys reach the page from its host: its undo is its own)
    const typing = event.target.closest?.("input, textarea, select, [contenteditable], .code-editor");
    if (event.key.toLowerCase() === "z" && (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && !typing) {
      event.preventDefault();
      undo();
    }
  });

  embed = startEmbed(window, { lab: lab.id, onSetParams: (params, code) => setFromHost(page, params, code) });
  page.postProgress = embed?.postProgress;
  page.shownStep = embed?.cell ?? null;
  // (the other frames of the lab hear of each change kept: followOtherFrames)
  if (embed && storage) listeners.add(followOtherFrames(page));
  const started = startFromLink(page);
  started.then(() => page.exercises?.started());
  if (embed?.badCell) started.then(() => page.showNotice(t(lang, "badCell", { steps: [...cells.keys()].join(", ") })));

  // The same page in the other language keeps the query (minus lang) and the fragment.
  const other = document.querySelector(".lang-switch");
  if (other) {
    const href = new URL(other.getAttribute("href"), window.location.href);
    const query = new URLSearchParams(window.location.search);
    query.delete("lang");
    href.search = query.toString();
    href.hash = window.location.hash;
    other.href = href.href;
  }

  return {
    client, values: state.values, responses: page.responses, started, run: (step) => runs.run(cells.get(step)),
    // What an LMS keeps of the learner's work (lms.js), and how it comes back.
    snapshot: () => ({
      values: changedValues(state.good, state.textbook),
      code: { ...state.code },
      exercises: page.exercises?.record() ?? {},
    }),
    restore({ values, code, exercises }) {
      setLabState(page, { values, code });
      page.exercises?.replace(exercises);
    },
    limits: { specs: state.specs, steps: [...cells.keys()], exercises: page.exercises?.list() ?? [] },
    progress: () => page.exercises?.summary() ?? { done: 0, total: 0 },
    onChange: (listener) => listeners.add(listener),
    notice: page.showNotice,
  };
}

// Runs `task` once the window is idle (Safari has no requestIdleCallback: after a short pause).
function whenIdle(window, task) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => task(), { timeout: 3000 });
  else (window.setTimeout ?? setTimeout)(task, 300);
}

// ?lang=en (or ?lang=ko) opens the page built in that language, keeping the rest of the URL.
function languagePage(location, lang) {
  const want = new URLSearchParams(location.search).get("lang");
  if (!want || want === lang || !["ko", "en"].includes(want)) return null;
  const path = location.pathname.replace(/(\.en)?\.html$/, "").replace(/\/$/, "/index");
  return `${path}${want === "en" ? ".en" : ""}.html${location.search}${location.hash}`;
}

if (typeof document !== "undefined" && document.querySelector('script[src$="page.js"]')) {
  const redirect = languagePage(window.location, document.documentElement.lang);
  if (redirect) window.location.replace(redirect);
  else if (document.getElementById("lab-data")) startLabPage(document);
}
