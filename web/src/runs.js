// When cells run, and what becomes of their answers. An edit re-runs the cells that read it; an
// answer counts only for its cell's latest run; typed code runs as it parses.
import { t } from "./i18n.js";
import { requestText } from "./params.js";
import { parses } from "./cell-update.js";

// An edit re-runs its cells at once when their last run took under QUICK_MS (the live feel of
// the textbook sizes: a newer edit waits for the run in flight, then only the newest goes), else
// after DEBOUNCE_MS without further edits (a long run would be stopped by each keystroke). A run
// still going after BUSY_MS says so.
export const QUICK_MS = 150;
const DEBOUNCE_MS = 250;
const BUSY_MS = 100;
// Typed code runs at each keystroke in a cell whose last run was quick, and its output shows when
// the code parses; half-typed code that does not (yet) keeps the last output, marked stale, with
// the problem underlined, and Python's SyntaxError shows after SYNTAX_IDLE_MS without a keystroke.
// A slower cell runs after TYPING_MS without a keystroke. Run and Shift+Enter run at once.
export const TYPING_MS = 700;
const SYNTAX_IDLE_MS = 1000;

/**
 * The page's runs. `page` holds {lab, lang, cells (Map step -> cell), state, client, view,
 * announce}; a cell is {step, params, inputs, timer, lastMs, runs, typedAt, codeEditor, editor}.
 */
export function createRuns(page) {
  const { lab, lang, cells, state, client, view } = page;
  const needs = (step) => lab.steps.find((s) => s.step === step)?.needs || [];

  /**
   * Runs the cell with the values and code of now. `typing`: the learner is typing its code (see
   * SYNTAX_IDLE_MS). `quiet`: a screen reader does not hear of the answer (it would, at every
   * keystroke). `inspect`: a variable whose whole value the answer should carry. `asked`: the
   * exercise whose Check the learner pressed (exercises.js).
   */
  async function run(cell, { inspect = null, typing = false, quiet = typing, asked = null } = {}) {
    const mine = (cell.runs += 1); // a later run() of the cell (or a bad edit) makes this one old
    clearTimeout(cell.timer);
    const { request, name, problem } = requestOf(cell, inspect);
    if (problem) {
      view.setStale(cell, `${page.labels[name]}: ${t(lang, `error.${problem.reason}`, problem.limits || {})} ${t(lang, "stale")}`);
      view.markLiterals(cell);
      // A long run of the old values is of no use now: stop it (a quick one just lands unseen).
      if (view.running(cell)) client.cancel(cell.step);
      return;
    }
    const started = performance.now();
    const onProgress = (progress) => view.showProgress(cell, progress, performance.now() - started);
    // The request goes out first; the page marks the cell running while the core works.
    const pending = client.run(request, { key: cell.step, onProgress });
    view.startRun(cell, BUSY_MS);
    let response;
    try {
      response = await pending;
    } catch (err) {
      if (err && err.name === "SupersededError") return;
      view.endRun(cell);
      if (cell.runs !== mine) return;
      if (err && err.name === "CancelledError") view.setStale(cell, t(lang, "cancelled"));
      else if (err && err.name === "CoreWorkerError") view.setStale(cell, `${t(lang, "workerDied")} (${err.message})`);
      else view.setStale(cell, `${t(lang, "coreFailed")} (${err && err.message})`);
      return;
    }
    cell.lastMs = performance.now() - started;
    view.endRun(cell);
    if (cell.runs !== mine) return;
    if (!response.ok) {
      const name = (response.error.field.match(/^params\.(\w+)/) || [])[1];
      const message = lang === "ko" ? response.error.message_ko : response.error.message;
      if (name && cell.editor?.name === name) cell.editor.handle.showError(response.error.field, message);
      view.setStale(cell, `${message} ${t(lang, "stale")}`);
      return;
    }
    if (typing && !parses(response)) {
      view.markCode(cell, response, { chips: false });
      view.setStale(cell, t(lang, "codePending"));
      const wait = Math.max(0, cell.typedAt + SYNTAX_IDLE_MS - performance.now());
      cell.timer = setTimeout(() => { if (cell.runs === mine) land(cell, response); }, wait);
      return;
    }
    land(cell, response, { quiet });
    page.exercises?.checked(cell, response, { request, typing, asked });
    // (the cells that read the typed code run once it parses)
    if (typing) for (const c of codeReaders(cell)) if (c !== cell) run(c, { quiet: true });
  }

  /**
   * The request a run of the cell sends now: {request}, or {name, problem} when a value the cell
   * shows is not valid. A value being typed in an earlier cell is that cell's business: this one
   * runs with its last valid value. (In a cell whose code the learner edited, the code holds its values.)
   */
  function requestOf(cell, inspect = null) {
    const texts = {};
    for (const name of cell.inputs) {
      const problem = cell.params.includes(name) && state.code[cell.step] === undefined && state.problem(name);
      if (problem) return { name, problem };
      texts[name] = state.text(name);
    }
    return { request: requestText(lab.document, cell.step, texts, state.code, inspect, page.exercises?.answers(cell.step)) };
  }

  // A run's answer on the page (a screen reader hears of it, but not at every keystroke).
  function land(cell, response, { quiet = false } = {}) {
    view.setStale(cell, "");
    view.show(cell, response, { quiet });
    if (response.status === "unsupported") view.offerNotebook(cell);
    if (!quiet) page.announce(t(lang, "rerun", { step: cell.step }));
  }

  /** Runs the cells that read the params `names`: now when quick, else after a pause in the edits. */
  function schedule(names) {
    for (const cell of cells.values()) {
      if (!cell.inputs.some((n) => names.includes(n))) continue;
      clearTimeout(cell.timer);
      if (cell.lastMs < QUICK_MS) run(cell);
      else cell.timer = setTimeout(() => run(cell), DEBOUNCE_MS);
      view.markLiterals(cell);
    }
  }

  /**
   * A cell and the later ones that may read what its code made: those the listing says need it,
   * and those with code of the learner's (their reads are not known in advance).
   */
  function codeReaders(cell) {
    return [...cells.values()].filter((c) => c === cell ||
      (c.step > cell.step && (needs(c.step).includes(cell.step) || state.code[c.step] !== undefined)));
  }

  /**
   * The cell's code is now `text`: kept, and run after `delay` ms with the cells that read it
   * (meanwhile its outputs are marked as those of the code before); 0 runs it now, even unchanged.
   */
  function setCode(cell, text, delay) {
    if (delay > 0 && text === state.code[cell.step]) return;
    state.setCode(cell.step, text);
    view.showCodeNote();
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
      view.setStale(cell, t(lang, "codePending"));
      cell.timer = setTimeout(go, delay);
    } else go();
  }

  return { run, schedule, codeReaders, setCode, needs, requestOf };
}
