// The lab page's behaviour: brings the wasm core up in a worker, makes every literal in the code
// editable, re-runs cells as the learner edits, and keeps outputs, flow and summary in step.
// Everything is already on the page at textbook values (rendered at build time); this only adds life.
import { PRERENDER_WIDTHS } from "./chart.js";
import { watchChartWidths } from "./chart-fit.js";
import { createCoreClient, startCore } from "./core-start.js";
import { renderCode } from "./code-view.js";
import { renderProgress, updateProgress } from "./cell-view.js";
import { updateFlow } from "./flow.js";
import { t, tb } from "./i18n.js";
import { loopPasses } from "./page-view.js";
import { checkParam, parseLiteral, requestText } from "./params.js";
import { printedText, relayoutCharts, renderOutputs, renderVisuals } from "./outputs.js";
import {
  MAX_LINK_CODE_CHARS, checkCode, checkValues, decodeCode, decodeState, encodeCode, encodeState, loadCode,
  loadOpenPanels, loadValues, putCodeAside, saveCode, saveOpenPanels, saveValues, takeCodeAside,
} from "./state.js";
import { startEmbed } from "./embed.js";
import { updateSummary } from "./summary.js";
import { toggleTableText } from "./table.js";

// An edit re-runs its cells at once when their last run took under QUICK_MS (the live feel of
// the textbook sizes: a newer edit waits for the run in flight, then only the newest goes), else
// after DEBOUNCE_MS without further edits (a long run would be stopped by each keystroke).
const DEBOUNCE_MS = 250;
const QUICK_MS = 150;
const BUSY_MS = 100;

const UNDO_MERGE_MS = 1500;
// Typed code runs at each keystroke in a cell whose last run was quick, and its output shows when
// the code parses; half-typed code that does not (yet) keeps the last output, marked stale, with
// the problem underlined, and Python's SyntaxError shows after SYNTAX_IDLE_MS without a keystroke.
// A slower cell runs after TYPING_MS without a keystroke. Run and Shift+Enter run at once.
const TYPING_MS = 700;
const SYNTAX_IDLE_MS = 1000;
// (Python's errors for code that does not parse; they carry the line and column)
const SYNTAX_ERRORS = ["SyntaxError", "IndentationError", "TabError"];
const parses = (response) => !(response.outputs || []).some((o) => o.output_type === "error" && SYNTAX_ERRORS.includes(o.ename));

export function startLabPage(document, {
  lang = document.documentElement.lang === "en" ? "en" : "ko",
  workerUrl,
  window = document.defaultView,
  createWorker,
} = {}) {
  const data = JSON.parse(document.getElementById("lab-data").textContent);
  const { lab, content } = data;
  const specs = Object.fromEntries(lab.params.map((p) => [p.name, p]));
  const labels = Object.fromEntries(lab.params.map((p) => [p.name, p.label]));
  const responses = { ...data.responses };

  // The textbook values, read back from the literals in the textbook code (keeps "2.0" a float).
  const textbook = {};
  for (const response of Object.values(data.responses)) {
    for (const lit of response.literals || []) {
      textbook[lit.param] ??= parseLiteral(specs[lit.param].kind, response.source.slice(lit.start, lit.end));
    }
  }
  const values = structuredClone(textbook);
  const good = structuredClone(textbook); // the last valid value of each param: what is saved and shared
  const undoStack = []; // [{at, names, before: {name: value}}]
  const storage = (() => { try { return window.localStorage; } catch { return null; } })();

  const status = document.querySelector(".lab-status");
  const notice = document.querySelector(".lab-notice");
  const undoButton = document.querySelector('[data-action="undo"]');
  const announce = (text) => { status.textContent = text; };
  const needs = (step) => lab.steps.find((s) => s.step === step)?.needs || [];
  const cells = new Map();
  for (const section of document.querySelectorAll("section.cell")) {
    const step = Number(section.dataset.step);
    cells.set(step, {
      step,
      section,
      content: content.steps.find((s) => s.step === step),
      // the params whose literals the cell shows, and those its outputs follow: it runs after the
      // earlier steps it needs (the listing's `needs`, as the kernel finds them)
      params: lab.params.filter((p) => p.steps.includes(step)).map((p) => p.name),
      inputs: lab.params.filter((p) => p.steps.some((s) => s === step || needs(step).includes(s))).map((p) => p.name),
      timer: 0,
      busyTimer: 0,
      editor: null,
      codeEditor: null, // the cell's code editor once the learner edits its code (code-editor.js)
      lastMs: 0, // how long its last run took (the textbook values run quickly)
      runs: 0, // run() calls so far: an answer counts only for the latest
    });
  }

  const cellOf = new Map([...cells.values()].map((cell) => [cell.section, cell]));
  const chartBoxes = watchChartWidths(cellOf.keys(), {
    window,
    redraw(section, width) {
      const cell = cellOf.get(section);
      relayoutCharts(section, responses[cell.step], cell.content, { document, lang, width });
    },
  });

  let client;
  try {
    // The served page's core started as the page began to load (core-start.js); a page given
    // its own worker (the offline file's Blob worker, tests) gets a client of its own.
    client = workerUrl || createWorker ? createCoreClient({ workerUrl, createWorker }) : startCore();
  } catch (err) {
    status.textContent = t(lang, "coreFailed");
    return;
  }
  client.ready.then(
    () => {
      status.textContent = t(lang, "ready");
      for (const b of document.querySelectorAll("button[data-action]")) b.disabled = false;
      if (undoButton) undoButton.disabled = !undoStack.length;
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
    if (!view) return;
    const loops = [...view.querySelectorAll(".flow-node[data-loop]")]
      .map((g) => ({ id: g.dataset.node, step: Number(g.dataset.step), loop: g.dataset.loop }));
    updateFlow(view, { document, lang, activeStep, loopPasses: loopPasses(loops, responses) });
  }

  // `typing`: the learner is typing the cell's code (setCode): see SYNTAX_IDLE_MS. `quiet`: a
  // screen reader does not hear of the answer (it would, at every keystroke).
  async function run(cell, { inspect = null, typing = false, quiet = typing } = {}) {
    const mine = (cell.runs += 1); // a later run() of the cell (or a bad edit) makes this one old
    clearTimeout(cell.timer);
    const texts = {};
    for (const name of cell.inputs) {
      // A value being typed in an earlier cell is that cell's business: this one runs with its
      // last valid value (the one typed, when valid: `good` follows only after the requests left).
      // (in a cell whose code the learner edited, the code holds its values: they are not checked)
      if (!cell.params.includes(name) || code[cell.step] !== undefined) {
        texts[name] = checkParam(specs[name], paramProblem(name) ? good[name] : values[name]).text;
        continue;
      }
      const problem = paramProblem(name);
      if (problem) {
        setStale(cell, `${labels[name]}: ${problemMessage(problem)} ${t(lang, "stale")}`);
        markLiterals(cell);
        // A long run of the old values is of no use now: stop it (a quick one just lands unseen).
        if (cell.section.querySelector(".cell-progress")) client.cancel(cell.step);
        return;
      }
      texts[name] = checkParam(specs[name], values[name]).text;
    }
    const started = performance.now();
    const onProgress = (progress) => showProgress(cell, progress, performance.now() - started);
    // The request goes out first; the page marks the cell running while the core works.
    const pending = client.run(requestText(lab.document, cell.step, texts, code, inspect), { key: cell.step, onProgress });
    // A quick run (the usual case) is drawn once, when it lands; only one still going after
    // BUSY_MS says so and moves the flow diagram to its step.
    cell.section.classList.add("is-running");
    clearTimeout(cell.busyTimer);
    cell.busyTimer = setTimeout(() => {
      cell.section.classList.add("is-busy");
      cell.section.querySelector(".cell-status").textContent = t(lang, "running");
      showFlow(cell.step);
    }, BUSY_MS);
    let response;
    try {
      response = await pending;
    } catch (err) {
      if (err && err.name === "SupersededError") return;
      endRun(cell);
      if (cell.runs !== mine) return;
      if (err && err.name === "CancelledError") setStale(cell, t(lang, "cancelled"));
      else if (err && err.name === "CoreWorkerError") setStale(cell, `${t(lang, "workerDied")} (${err.message})`);
      else setStale(cell, `${t(lang, "coreFailed")} (${err && err.message})`);
      return;
    }
    cell.lastMs = performance.now() - started;
    endRun(cell);
    if (cell.runs !== mine) return;
    if (!response.ok) {
      const name = (response.error.field.match(/^params\.(\w+)/) || [])[1];
      const message = lang === "ko" ? response.error.message_ko : response.error.message;
      if (name && cell.editor?.name === name) cell.editor.handle.showError(response.error.field, message);
      setStale(cell, `${message} ${t(lang, "stale")}`);
      return;
    }
    if (typing && !parses(response)) {
      if (response.source === cell.codeEditor?.code()) cell.codeEditor.markError(errorAt(cell, response));
      setStale(cell, t(lang, "codePending"));
      const wait = Math.max(0, cell.typedAt + SYNTAX_IDLE_MS - performance.now());
      cell.timer = setTimeout(() => { if (cell.runs === mine) land(cell, response); }, wait);
      return;
    }
    land(cell, response, { quiet });
    // (the cells that read the typed code run once it parses)
    if (typing) for (const c of codeReaders(cell)) if (c !== cell) run(c, { quiet: true });
  }

  // A run's answer on the page (a screen reader hears of it, but not at every keystroke).
  function land(cell, response, { quiet = false } = {}) {
    setStale(cell, "");
    show(cell, response, { quiet });
    if (response.status === "unsupported") offerNotebook(cell);
    if (!quiet) announce(t(lang, "rerun", { step: cell.step }));
  }

  // Code beyond the Python the page runs: say so plainly, and offer the notebook, where Jupyter runs it.
  function offerNotebook(cell) {
    const statusLine = cell.section.querySelector(".cell-status");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "notice-action";
    button.dataset.action = "notebook";
    button.textContent = tb(lang, "notebook");
    statusLine.replaceChildren(`${t(lang, "outsideSubset")} `, button);
  }

  // A long run's progress bar with its Cancel button, under the cell's status line.
  function showProgress(cell, progress, elapsedMs) {
    const box = cell.section.querySelector(".cell-progress");
    if (box) updateProgress(box, progress, { lang, elapsedMs });
    else cell.section.querySelector(".cell-status").after(renderProgress(progress, { document, lang, elapsedMs }));
  }

  function endRun(cell) {
    clearTimeout(cell.busyTimer);
    cell.section.classList.remove("is-running", "is-busy");
    cell.section.querySelector(".cell-progress")?.remove();
  }

  // `quiet`: no flash on the outputs that changed (the learner is typing: it would flash at every key)
  function show(cell, response, { quiet = false } = {}) {
    const before = printedText(responses[cell.step]?.outputs || []);
    responses[cell.step] = response;
    // (an edited cell's code is the editor's: the learner's text, not the core's echo of it)
    const box = cell.section.querySelector(".code-box > pre.code:last-child");
    if (box && !cell.codeEditor) {
      const focused = box.contains(document.activeElement) ? document.activeElement.dataset.param : null;
      box.replaceWith(renderCode(response.source, response.literals || [], { document, labels, editLabel: t(lang, "edit") }));
      if (focused) cell.section.querySelector(`.code-box .lit[data-param="${focused}"]`)?.focus();
    }
    markCode(cell, response);
    // charts for their box's width as last measured (before the first measure, the build's layout,
    // measured in the next frame)
    const measured = chartBoxes.width(cell.section);
    const chartWidth = measured ?? PRERENDER_WIDTHS;
    const outputs = renderOutputs(response.outputs, { document, lang, chartWidth });
    if (!quiet && printedText(response.outputs) !== before) for (const node of outputs.children) node.classList.add("is-changed");
    cell.section.querySelector(".outputs").replaceWith(outputs);
    cell.section.querySelector(".visuals").replaceWith(renderVisuals(response, cell.content, { document, lang, chartWidth }));
    if (measured === undefined) chartBoxes.check(cell.section);
    markLiterals(cell);
    const summary = document.getElementById("summary");
    if (summary) updateSummary(summary, content.summary, responses);
    showFlow(cell.step);
    panels?.then((p) => p.show(cell), () => {});
  }

  // The variables panels under the cells: variables.js fills them, loaded when one opens (or is
  // kept open from an earlier visit) or a name in the code is clicked.
  let panels = null;
  const loadPanels = () => (panels ??= import("./variables.js").then(
    (module) => module.startPanels({
      document, lang, responses, run, keepOpen: (steps) => saveOpenPanels(storage, lab.id, steps),
    }),
    (err) => { announce(`${t(lang, "coreFailed")} (${err && err.message})`); throw err; }));

  function schedule(names) {
    for (const cell of cells.values()) {
      if (!cell.inputs.some((n) => names.includes(n))) continue;
      clearTimeout(cell.timer);
      if (cell.lastMs < QUICK_MS) run(cell);
      else cell.timer = setTimeout(() => run(cell), DEBOUNCE_MS);
      markLiterals(cell);
    }
  }

  // The editors load on the first click on a value (a page that is only read never needs them);
  // from then on a value opens at once.
  let editors = null;
  let editorsLoading = null;

  function open(cell, name) {
    if (!editors) {
      editorsLoading ??= import("./editors.js").then((module) => { editors = module; });
      editorsLoading.then(() => open(cell, name), () => announce(t(lang, "coreFailed")));
      return;
    }
    const { openEditor } = editors;
    closeEditor(cell);
    const slot = cell.section.querySelector(".editor-slot");
    // In code the learner edited, the value is the literal in the code, and a new one is written
    // there (the code is the truth; the cell runs as it does when typed into).
    const inCode = cell.codeEditor?.literalText(name) ?? null;
    const handle = openEditor(slot, {
      spec: specs[name],
      value: inCode === null ? values[name] : parseLiteral(specs[name].kind, inCode),
      label: labels[name],
      lang,
      onChange(value) {
        if (inCode !== null) {
          const r = checkParam(specs[name], value);
          if (!r.ok) return handle.showError(r.field, problemMessage(r));
          handle.clearError();
          return cell.codeEditor?.replaceLiterals(name, pythonLiteral(specs[name], r.text, cell.codeEditor.literalText(name)));
        }
        remember([name]);
        values[name] = value;
        schedule([name]); // first: a quick cell's request leaves before the bookkeeping below
        keep([name]);
        const problem = paramProblem(name);
        if (problem) handle.showError(problem.field, problemMessage(problem));
        else handle.clearError();
      },
      onClose() {
        closeEditor(cell);
        if (inCode !== null) cell.codeEditor?.focus();
        else cell.section.querySelector(`.lit[data-param="${name}"]`)?.focus();
      },
    });
    cell.editor = { name, handle };
    markLiterals(cell);
    const problem = inCode === null ? paramProblem(name) : null;
    if (problem) handle.showError(problem.field, problemMessage(problem));
    handle.focus();
  }

  function closeEditor(cell) {
    if (!cell.editor) return;
    cell.editor.handle.close();
    cell.editor = null;
    markLiterals(cell);
  }

  // The learner's own code, by step ({"2": "..."}): it runs instead of the step's, in every
  // request (a later step reads what it made). The code editor loads on the first "edit code".
  const code = loadCode(storage, lab.id, [...cells.keys()]);
  let codeEditors = null;

  function loadCodeEditors() {
    codeEditors ??= import("./code-editor.js");
    return codeEditors;
  }
  // (it starts loading as the learner points at or focuses an "edit code" button: a mouse rests
  // there a moment before the click, a finger from pointerdown to the click)
  for (const button of document.querySelectorAll('[data-action="edit-code"]')) {
    for (const type of ["pointerenter", "pointerdown", "focus"]) button.addEventListener(type, () => loadCodeEditors().catch(() => {}));
  }

  async function editCode(cell, { focus = true } = {}) {
    if (cell.codeEditor) {
      if (focus) cell.codeEditor.focus();
      return;
    }
    let module;
    try {
      module = await loadCodeEditors();
    } catch (err) {
      setStale(cell, `${t(lang, "coreFailed")} (${err && err.message})`);
      return;
    }
    if (cell.codeEditor) return;
    closeEditor(cell);
    const host = document.createElement("div");
    host.className = "code-editor";
    cell.section.querySelector(".code-box > pre.code:last-child").replaceWith(host);
    cell.codeEditor = module.mountCodeEditor(host, {
      doc: code[cell.step] ?? responses[cell.step].source,
      label: t(lang, "codeLabel", { n: cell.step }),
      onChange: (text) => setCode(cell, text, TYPING_MS),
      onRun: () => setCode(cell, cell.codeEditor.code(), 0),
    });
    markCode(cell, responses[cell.step]);
    // (the cell's values are in its code now: "textbook values" would not change it)
    for (const [action, hidden] of [["edit-code", true], ["reset", true], ["reset-code", false]]) {
      cell.section.querySelector(`[data-action="${action}"]`).hidden = hidden;
    }
    if (focus) cell.codeEditor.focus();
  }

  // The cell's code is now `text`: kept, and run after `delay` ms with the cells that read it
  // (meanwhile its outputs are marked as those of the code before); 0 runs it now, even unchanged.
  function setCode(cell, text, delay) {
    if (delay > 0 && text === code[cell.step]) return;
    code[cell.step] = text;
    saveCode(storage, lab.id, code);
    postState();
    showCodeNote();
    clearTimeout(cell.timer);
    cell.typedAt = performance.now();
    if (delay > 0 && cell.lastMs < QUICK_MS && !cell.codeEditor?.composing()) {
      run(cell, { typing: true });
      return;
    }
    const go = () => {
      // typed text that an IME is still composing after it: wait for the composition to end
      if (delay > 0 && cell.codeEditor?.composing()) {
        cell.timer = setTimeout(go, delay);
        return;
      }
      for (const c of codeReaders(cell)) run(c);
    };
    if (delay > 0) {
      setStale(cell, t(lang, "codePending"));
      cell.timer = setTimeout(go, delay);
    } else go();
  }

  // The flow diagram is drawn from the textbook code: say so while any cell runs the learner's.
  function showCodeNote() {
    const caption = document.querySelector("#flow figcaption");
    if (!caption) return;
    const steps = Object.keys(code).sort((a, b) => a - b);
    let note = caption.querySelector(".flow-note");
    if (!steps.length) return note?.remove();
    if (!note) {
      note = document.createElement("span");
      note.className = "flow-note";
      caption.append(note);
    }
    note.textContent = ` ${t(lang, "flowTextbook", { steps: steps.join(", ") })}`;
  }

  // An answer's marks in the code editor, unless the learner has typed on since it ran: where its
  // error is, and its params' literals as chips.
  function markCode(cell, response) {
    if (!cell.codeEditor || response.source !== cell.codeEditor.code()) return;
    cell.codeEditor.markError(errorAt(cell, response));
    cell.codeEditor.setLiterals(response.literals || [], (param) => `${labels[param]} ${t(lang, "edit")}`);
  }

  // Where a response's error is in the cell's code: a SyntaxError's line and column, or the line
  // of the last traceback frame in this cell ("<cell N>": N counts the lab's setup as a cell).
  function errorAt(cell, response) {
    const error = (response.outputs || []).find((o) => o.output_type === "error");
    if (!error) return null;
    if (SYNTAX_ERRORS.includes(error.ename)) return { line: error.line, column: error.offset };
    if (Number.isInteger(error.line) && error.ename === "UnsupportedInLab") return { line: error.line };
    const number = cell.step + (lab.document.setup ? 1 : 0);
    let line = null;
    for (const frame of (error.traceback || []).join("\n").matchAll(/File "<cell (\d+)>", line (\d+)/g)) {
      if (Number(frame[1]) === number) line = Number(frame[2]);
    }
    return line === null ? null : { line };
  }

  // A cell and the later ones that may read what its code made: those the listing says need it,
  // and those with code of the learner's (their reads are not known in advance).
  function codeReaders(cell) {
    return [...cells.values()].filter((c) => c === cell ||
      (c.step > cell.step && (needs(c.step).includes(cell.step) || code[c.step] !== undefined)));
  }

  function resetCode(cell) {
    const readers = codeReaders(cell);
    delete code[cell.step];
    saveCode(storage, lab.id, code);
    postState();
    if (cell.codeEditor) {
      cell.codeEditor.destroy();
      cell.codeEditor = null;
      const response = responses[cell.step];
      cell.section.querySelector(".code-box > .code-editor").replaceWith(
        renderCode(response.source, response.literals || [], { document, labels, editLabel: t(lang, "edit") }));
    }
    for (const [action, hidden] of [["edit-code", false], ["reset", false], ["reset-code", true]]) {
      cell.section.querySelector(`[data-action="${action}"]`).hidden = hidden;
    }
    showCodeNote();
    for (const c of readers) run(c);
  }

  // Edits of one param within a moment of each other undo together.
  function remember(names, merge = true) {
    const last = undoStack[undoStack.length - 1];
    const now = Date.now();
    if (merge && last && last.names.join() === names.join() && now - last.at < UNDO_MERGE_MS) last.at = now;
    else undoStack.push({ at: now, names, before: structuredClone(Object.fromEntries(names.map((n) => [n, values[n]]))) });
    if (undoStack.length > 100) undoStack.shift();
    if (undoButton) undoButton.disabled = false;
  }

  function keep(names) {
    for (const name of names) if (!paramProblem(name)) good[name] = structuredClone(values[name]);
    if (storage) saveValues(storage, lab.id, good, textbook);
    postState();
  }

  const postState = () => embed?.postState(structuredClone(good), { ...code });

  function setValues(next) {
    const names = Object.keys(next);
    for (const name of names) values[name] = structuredClone(next[name]);
    keep(names);
    for (const cell of cells.values()) {
      if (cell.editor && names.includes(cell.editor.name)) open(cell, cell.editor.name);
    }
    schedule(names);
  }

  function undo() {
    const entry = undoStack.pop();
    if (undoButton) undoButton.disabled = !undoStack.length;
    if (entry) setValues(entry.before);
  }

  function reset(names) {
    remember(names, false);
    setValues(structuredClone(Object.fromEntries(names.map((n) => [n, textbook[n]]))));
  }

  async function copy(text, button, done) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    const label = button.textContent;
    button.textContent = t(lang, "copied");
    setTimeout(() => { button.textContent = label; }, 1500);
    announce(t(lang, done));
    return true;
  }

  async function copyCode(cell, button) {
    const response = responses[cell.step];
    if (await copy(`${response.prelude || ""}${response.source}`, button, "codeCopied")) return;
    // No clipboard (permission, insecure context): select the code so the learner can copy it.
    document.getSelection().selectAllChildren(cell.section.querySelector(".code-box > pre.code:last-child"));
    announce(t(lang, "copyFailed"));
  }

  async function share(button) {
    const url = new URL(window.location.href);
    const parts = [`s=${encodeState(good)}`];
    if (Object.keys(code).length) {
      const packed = await encodeCode(code);
      if (packed.length > MAX_LINK_CODE_CHARS) {
        // Too long for a link that mail and chat keep whole: the notebook carries any length.
        showNotice(t(lang, "codeTooLong"), { info: true });
        announce(t(lang, "codeTooLong"));
        return;
      }
      parts.push(`c=${packed}`);
    }
    // The offline single-file page names the lab in the fragment (#ch1-lab2&s=…); keep it.
    url.hash = `${url.hash.includes(lab.id) ? `${lab.id}&` : ""}${parts.join("&")}`;
    if (!(await copy(url.href, button, parts.length > 1 ? "linkCodeCopied" : "linkCopied"))) {
      window.history.replaceState(null, "", url.href);
      announce(t(lang, "copyFailed"));
    }
  }

  async function downloadNotebook() {
    const { buildNotebook } = await import("./notebook.js");
    const notebook = buildNotebook({ lab: lab.id, content, responses, lang });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(notebook, null, 1)], { type: "application/x-ipynb+json" }));
    link.download = `${lab.id}.ipynb`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  const openPanels = loadOpenPanels(storage, lab.id, [...cells.keys()]);
  for (const cell of cells.values()) {
    const panel = cell.section.querySelector("details.variables");
    panel?.addEventListener("toggle", () => loadPanels().then((p) => p.toggled(cell), () => {}));
    if (panel && openPanels.includes(cell.step)) panel.open = true;
    cell.section.addEventListener("click", (event) => {
      const raw = event.target.closest(".raw-toggle");
      if (raw) return toggleTableText(raw);
      const lit = event.target.closest(".lit") ?? event.composedPath?.().find((n) => n.classList?.contains("cm-chip"));
      if (lit) return open(cell, lit.dataset.param);
      if (event.target.closest(".code-box")) loadPanels().then((p) => p.clicked(cell), () => {});
      const action = event.target.closest("button[data-action]")?.dataset.action;
      if (action === "run") {
        if (cell.codeEditor) setCode(cell, cell.codeEditor.code(), 0);
        else run(cell);
      }
      if (action === "cancel") client.cancel(cell.step);
      if (action === "reset") reset(cell.params);
      if (action === "edit-code") editCode(cell);
      if (action === "reset-code") resetCode(cell);
      if (action === "copy") copyCode(cell, event.target.closest("button"));
      if (action === "notebook") downloadNotebook();
    });
    cell.section.addEventListener("keydown", (event) => {
      const lit = event.target.closest?.(".lit");
      if (lit && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        open(cell, lit.dataset.param);
      } else if (event.key === "Enter" && event.shiftKey && !cell.codeEditor) {
        event.preventDefault();
        run(cell);
      }
    });
  }
  document.querySelector('[data-action="run-all"]')?.addEventListener("click", () => {
    for (const cell of cells.values()) run(cell);
  });
  document.querySelector('[data-action="reset-all"]')?.addEventListener("click", () => reset(Object.keys(specs)));
  undoButton?.addEventListener("click", undo);
  document.querySelector('[data-action="share"]')?.addEventListener("click", (event) => share(event.currentTarget));
  document.querySelector('[data-action="notebook"]')?.addEventListener("click", downloadNotebook);
  document.addEventListener("keydown", (event) => {
    // (a code editor's keys reach the page from its host: its undo is its own)
    const typing = event.target.closest?.("input, textarea, select, [contenteditable], .code-editor");
    if (event.key.toLowerCase() === "z" && (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && !typing) {
      event.preventDefault();
      undo();
    }
  });

  const embed = startEmbed(window, {
    lab: lab.id,
    onSetParams(params, given) {
      const next = params === undefined ? {} : checkValues(params, specs);
      // {step: text} sets a cell's code, {step: null} brings back the textbook's; anything else: nothing
      const resets = given && typeof given === "object" ? Object.keys(given).filter((k) => given[k] === null) : [];
      const texts = given === undefined ? {} : checkCode(Object.fromEntries(
        Object.entries(given ?? {}).filter(([, v]) => v !== null)), [...cells.keys()]);
      if (!next || !texts || resets.some((k) => !cells.has(Number(k)) || String(Number(k)) !== k)) return;
      if (Object.keys(next).length) {
        remember(Object.keys(next), false);
        setValues(next);
      }
      for (const step of resets) if (code[step] !== undefined) resetCode(cells.get(Number(step)));
      for (const [step, text] of Object.entries(texts)) putCode(cells.get(Number(step)), text);
    },
  });

  function showNotice(text, { info = false } = {}) {
    notice.textContent = text;
    notice.classList.toggle("is-info", info);
    notice.hidden = false;
  }

  // Code the learner edited (this browser keeps it, or a link brings it): the cells show and run it.
  function startCode() {
    showCodeNote();
    for (const step of Object.keys(code)) {
      const cell = cells.get(Number(step));
      editCode(cell, { focus: false }).then(() => { for (const c of codeReaders(cell)) run(c); });
    }
  }

  // A link's code (#c=…) replaces the code this browser kept: the lab is then as its sender had it.
  // What it replaces is kept aside in storage (the learner's work is never lost to a link), and the
  // notice offers it back.
  function takeLinkCode(linked) {
    const before = JSON.stringify(code);
    const replaced = before !== "{}" && before !== JSON.stringify(linked);
    if (replaced) putCodeAside(storage, lab.id, code);
    for (const step of Object.keys(code)) delete code[step];
    Object.assign(code, linked);
    saveCode(storage, lab.id, code);
    return replaced;
  }

  // The cell's code becomes `text`, in its editor (opened if need be), and runs.
  function putCode(cell, text) {
    editCode(cell, { focus: false }).then(() => {
      if (cell.codeEditor.code() !== text) cell.codeEditor.setCode(text);
      setCode(cell, text, 0);
    });
  }

  function offerCodeBack() {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "notice-action";
    button.textContent = t(lang, "codeBack");
    button.addEventListener("click", () => {
      const kept = takeCodeAside(storage, lab.id, [...cells.keys()]);
      if (!kept) return;
      for (const cell of cells.values()) if (code[cell.step] !== undefined && kept[cell.step] === undefined) resetCode(cell);
      for (const [step, text] of Object.entries(kept)) putCode(cells.get(Number(step)), text);
      showNotice(t(lang, "codeBackDone"), { info: true });
    });
    notice.append(" ", button);
  }

  // Start from a shared link (#s=… and #c=…), else from what this browser saved, else the textbook
  // values. The fragment may also name a cell: #step-2, #step-2&s=…, or #ch3-lab2/step-2.
  const parts = window.location.hash.slice(1).split("&");
  const shared = parts.find((p) => p.startsWith("s="));
  const sharedCode = parts.find((p) => p.startsWith("c="));
  const linked = sharedCode ? decodeCode(sharedCode.slice(2), [...cells.keys()]) : Promise.resolve(null);
  const started = linked.then((linkCode) => {
    const replaced = linkCode ? takeLinkCode(linkCode) : false;
    startCode();
    const start = shared ? decodeState(shared.slice(2), specs) : loadValues(storage, lab.id, specs);
    const restored = Boolean(start && Object.keys(start).length);
    if (start === null) showNotice(t(lang, "badState"));
    else if (sharedCode && !linkCode) showNotice(t(lang, "badCode"));
    else if (linkCode) showNotice(t(lang, "fromLinkCode"), { info: true });
    else if (restored) showNotice(t(lang, shared ? "fromLink" : "restored"), { info: true });
    if (replaced) offerCodeBack();
    if (start === null && storage && !shared) saveValues(storage, lab.id, {}, {});
    if (restored) setValues(start);
    if (shared || sharedCode) {
      // Once applied, the state lives in storage; a reload must not bring the link's back over later edits.
      const url = new URL(window.location.href);
      url.hash = parts.filter((p) => !p.startsWith("s=") && !p.startsWith("c=")).join("&");
      window.history.replaceState(null, "", url.href);
    }
  });
  const step = /(?:^|\/)step-(\d+)$/.exec(parts[0] || "");
  const target = step && document.getElementById(`step-${step[1]}`);
  if (target) {
    target.tabIndex = -1;
    target.scrollIntoView();
    target.focus({ preventScroll: true });
  }

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

  return { client, values, responses, started, run: (step) => run(cells.get(step)) };
}

// A value as a Python literal in the learner's code, from checkParam's text (JSON's spelling):
// True/False, and np.array(...) around a list where the code had one.
function pythonLiteral(spec, text, before) {
  if (spec.kind === "boolean") return text === "true" ? "True" : "False";
  return before?.startsWith("np.array(") ? `np.array(${text})` : text;
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
