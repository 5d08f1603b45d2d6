// The exercises' life on the page: the core checks them after each run of their step
// (docs/api.md, "Exercises"); this shows what it found (done / not yet, the feedback), counts
// attempts, reveals hints and the solution, sends the learner's number and choice answers with
// each run, and keeps the learner's record in this browser. exercise-view.js draws them.
import { t } from "./i18n.js";
import { checkValues } from "./state.js";

export const progressKey = (lab) => `transformer-lab:${lab}:exercises`;
const MAX_ANSWER = 200;
const MAX_REFLECTION = 2000;
const MAX_ATTEMPTS = 1e6;
// "clear my record" asks for a second press within this long
const CONFIRM_MS = 4000;

/**
 * The learner's record of a lab's exercises as kept in storage, checked: {id: {status, attempts,
 * hints, solution, answer?, reflection?}} for the ids of `exercises`, or null when the text is not
 * one (an entry for an exercise the lab no longer has is dropped).
 * @example checkProgress('{"confident": {"status": "done", "attempts": 2, "hints": 1, "solution": false}}', exercises)
 *   // {confident: {status: "done", attempts: 2, hints: 1, solution: false}}
 */
export function checkProgress(text, exercises) {
  let value;
  try { value = JSON.parse(text); } catch { return null; }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const out = {};
  for (const exercise of exercises) {
    if (!Object.hasOwn(value, exercise.id)) continue;
    const entry = value[exercise.id];
    if (!entry || typeof entry !== "object") return null;
    const { status, attempts, hints, solution, answer, reflection } = entry;
    const count = (x, max) => Number.isInteger(x) && x >= 0 && x <= max;
    if (!["done", "not-yet"].includes(status) || !count(attempts, MAX_ATTEMPTS) || !count(hints, exercise.hints)
      || typeof solution !== "boolean") return null;
    const kept = { status, attempts, hints, solution };
    if (answer !== undefined) {
      if (typeof answer !== "string" || answer.length > MAX_ANSWER || !["number", "choice"].includes(exercise.answer)) return null;
      kept.answer = answer;
    }
    if (reflection !== undefined) {
      if (typeof reflection !== "string" || reflection.length > MAX_REFLECTION || exercise.answer !== "reflection") return null;
      kept.reflection = reflection;
    }
    out[exercise.id] = kept;
  }
  return out;
}

/**
 * What the page says of a checked exercise: the content's feedback text with the check's values
 * in its {placeholders}, or a general word when the check names none.
 * @example feedbackText({feedback: {too_even: "The top share is {top}."}},
 *   {status: "fail", feedback: "too_even", values: {top: "0.659"}}, "en") // "The top share is 0.659."
 */
export function feedbackText(exercise, result, lang) {
  if (result.status === "pass") return "";
  if (result.status === "fail") {
    if (result.error) return t(lang, "checkFailed", { error: result.error });
    const text = exercise.feedback?.[result.feedback];
    if (typeof text !== "string") return t(lang, "notRight");
    return text.replace(/\{(\w+)\}/g, (all, name) => (Object.hasOwn(result.values || {}, name) ? String(result.values[name]) : all));
  }
  if (result.reason === "no-answer") return t(lang, "noAnswer");
  if (result.reason === "unsupported") return t(lang, "checkUnsupported");
  return t(lang, "needsRun");
}

/**
 * Whether a checked run counts as an attempt: the first state of the exercise's step a page
 * sees is where the learner starts (not an attempt); after it, each new state (values, code,
 * answer) that is checked counts once, except code half-typed that does not pass.
 * @example const seen = {}; countsAsAttempt(seen, "a", "s0", "fail", false) // false (the start)
 *   countsAsAttempt(seen, "a", "s1", "fail", false) // true;  countsAsAttempt(seen, "a", "s1", "fail", false) // false
 */
export function countsAsAttempt(seen, id, key, status, typing) {
  if (!(id in seen)) {
    seen[id] = key;
    return false;
  }
  if (seen[id] === key || (status !== "pass" && status !== "fail") || (typing && status !== "pass")) return false;
  seen[id] = key;
  return true;
}

/**
 * The exercises of the page. `page` holds {document, lang, lab, storage, cells, state, runs,
 * editing, announce, showNotice, setValues, remember, postProgress?, shownStep? (a one-cell
 * embed's step)}; `exercises` is the page
 * data's (exercise-view.js, exerciseData) with each one's hint count.
 */
export function createExercises(page, exercises) {
  const { document, lang, lab, storage } = page;
  const key = progressKey(lab.id);
  const articles = new Map();
  for (const exercise of exercises) {
    const article = document.getElementById(`ex-${exercise.id}`);
    if (!article) continue;
    exercise.hints = article.querySelectorAll(".ex-hints li").length;
    exercise.title = article.querySelector(".ex-name")?.textContent ?? exercise.id;
    articles.set(exercise.id, article);
  }
  const byId = new Map(exercises.map((e) => [e.id, e]));
  const panel = document.getElementById("exercises");
  let record = {};
  const seen = {}; // exercise id -> the state of its last counted run (countsAsAttempt)
  const shown = new Set(); // exercises whose feedback the learner has seen change (not the start)

  const entry = (id) => (record[id] ??= { status: "not-yet", attempts: 0, hints: 0, solution: false });

  function load() {
    let text = null;
    try { text = storage?.getItem(key) ?? null; } catch { text = null; }
    if (text === null) return {};
    const kept = checkProgress(text, exercises);
    if (kept === null) page.showNotice(t(lang, "badProgress"), { info: true });
    return kept ?? {};
  }
  function save() {
    try { storage?.setItem(key, JSON.stringify(record)); } catch { /* full or denied: the page goes on */ }
    page.changed?.();
  }

  /** Paints each exercise's record: badge, attempts, hints shown, answers, and the panel's count. */
  function paint() {
    for (const [id, article] of articles) {
      const mine = entry(id);
      setBadge(article.querySelector(".ex-badge"), mine.status);
      setBadge(panel?.querySelector(`li[data-exercise="${id}"] .ex-badge`), mine.status);
      const notes = [];
      if (mine.attempts) notes.push(t(lang, "attempts", { n: mine.attempts }));
      if (mine.solution) notes.push(t(lang, "solutionSeen"));
      article.querySelector(".ex-attempts").textContent = notes.join(" · ");
      const hints = [...article.querySelectorAll(".ex-hints li")];
      hints.forEach((li, i) => { li.hidden = i >= mine.hints; });
      const more = article.querySelector('[data-ex="hint"]');
      if (more) {
        more.disabled = mine.hints >= hints.length;
        more.textContent = mine.hints >= hints.length ? t(lang, "noMoreHints") : t(lang, "hint", { n: mine.hints + 1, of: hints.length });
      }
      const input = article.querySelector('input[name="answer"]');
      if (input && document.activeElement !== input) input.value = mine.answer ?? "";
      for (const radio of article.querySelectorAll('input[type="radio"]')) radio.checked = radio.value === mine.answer;
      const box = article.querySelector("textarea");
      if (box && document.activeElement !== box) box.value = mine.reflection ?? "";
    }
    const done = exercises.filter((e) => entry(e.id).status === "done").length;
    const count = panel?.querySelector(".ex-count");
    if (count) count.textContent = t(lang, "exerciseCount", { done, total: exercises.length });
  }
  function setBadge(badge, status) {
    if (!badge) return;
    badge.dataset.status = status;
    badge.textContent = t(lang, status === "done" ? "done" : "notYet");
  }
  function tell(id) {
    const { status, attempts, solution } = entry(id);
    page.postProgress?.({ exercise: id, status, attempts, solution, done: summary().done, total: exercises.length });
  }
  function summary() {
    return { done: exercises.filter((e) => entry(e.id).status === "done").length, total: exercises.length };
  }
  function showFeedback(id, text, passed) {
    const line = articles.get(id)?.querySelector(".ex-feedback");
    if (!line) return;
    line.textContent = passed ? t(lang, "passedLine") : text;
    line.classList.toggle("is-pass", passed);
    line.hidden = !line.textContent;
  }

  /** The learner's answers to the step's number and choice exercises, for its request. */
  function answers(step) {
    const out = {};
    for (const exercise of exercises) {
      const answer = record[exercise.id]?.answer;
      if (exercise.step === step && answer !== undefined) out[exercise.id] = answer;
    }
    return out;
  }

  /**
   * A run of the cell landed: its `exercises` (the core's checks) become the record. `request`
   * is what was sent (a new one is a new attempt); `typing` the learner is typing its code;
   * `asked` the learner pressed Check (a missing answer or a failing check is said even at the start).
   */
  function checked(cell, response, { request = "", typing = false, asked = null } = {}) {
    let changed = false;
    for (const result of response.exercises || []) {
      const exercise = byId.get(result.id);
      // (a frame showing one cell runs the earlier ones unseen: their exercises are their frames')
      if (!exercise || (page.shownStep && exercise.step !== page.shownStep)) continue;
      const mine = entry(exercise.id);
      let told = false; // (this exercise's record changed: the host hears of it)
      if (countsAsAttempt(seen, exercise.id, request, result.status, typing)) {
        mine.attempts = Math.min(MAX_ATTEMPTS, mine.attempts + 1);
        shown.add(exercise.id);
        told = true;
      }
      if (asked === exercise.id) shown.add(exercise.id);
      if (result.status === "pass" && mine.status !== "done") {
        mine.status = "done";
        told = true;
        page.announce(t(lang, "passed", { title: exercise.title }));
      }
      if (shown.has(exercise.id) || result.status === "pass") {
        showFeedback(exercise.id, feedbackText(exercise, result, lang), result.status === "pass");
      }
      if (told) tell(exercise.id);
      changed ||= told;
    }
    if (changed) {
      save();
      paint();
    }
  }

  function check(id, form) {
    const exercise = byId.get(id);
    const value = exercise.answer === "number"
      ? form.querySelector('input[name="answer"]').value.trim()
      : [...form.querySelectorAll('input[type="radio"]')].find((r) => r.checked)?.value ?? "";
    if (!value) {
      shown.add(id);
      showFeedback(id, t(lang, "noAnswer"), false);
      return;
    }
    entry(id).answer = value.slice(0, MAX_ANSWER);
    save();
    const cell = page.cells.get(exercise.step);
    if (cell) page.runs.run(cell, { asked: id });
  }

  function applySolution(id) {
    const exercise = byId.get(id);
    const { params, code, answer } = exercise.solution;
    if (params) {
      const values = checkValues(params, page.state.specs);
      if (values) {
        page.remember(Object.keys(values), false);
        page.setValues(values);
      }
    }
    for (const [step, text] of Object.entries(code || {})) {
      const cell = page.cells.get(Number(step));
      if (cell) page.editing.putCode(cell, text);
    }
    if (answer !== undefined) {
      const article = articles.get(id);
      const input = article.querySelector('input[name="answer"]');
      if (input) input.value = answer;
      for (const radio of article.querySelectorAll('input[type="radio"]')) radio.checked = radio.value === answer;
      check(id, article.querySelector("form"));
    }
  }

  let confirmUntil = 0;
  function clearRecord(button) {
    const now = Date.now();
    if (now > confirmUntil) {
      confirmUntil = now + CONFIRM_MS;
      button.textContent = t(lang, "resetExercisesConfirm");
      setTimeout(() => { if (Date.now() >= confirmUntil) button.textContent = button.dataset.label; }, CONFIRM_MS);
      return;
    }
    confirmUntil = 0;
    button.textContent = button.dataset.label;
    record = {};
    for (const id of Object.keys(seen)) delete seen[id];
    shown.clear();
    for (const article of articles.values()) showFeedback(article.dataset.exercise, "", false);
    for (const box of document.querySelectorAll(".ex-solution")) box.hidden = true;
    try { storage?.removeItem(key); } catch { /* the page goes on */ }
    page.changed?.();
    paint();
    for (const exercise of exercises) tell(exercise.id);
    page.announce(t(lang, "exercisesReset"));
  }

  for (const [id, article] of articles) {
    article.addEventListener("click", (event) => {
      const action = event.target.closest("button[data-ex]")?.dataset.ex;
      if (action === "hint") {
        const mine = entry(id);
        mine.hints = Math.min(byId.get(id).hints, mine.hints + 1);
        save();
        paint();
      }
      if (action === "solution") {
        const box = article.querySelector(".ex-solution");
        box.hidden = !box.hidden;
        event.target.textContent = t(lang, box.hidden ? "showSolution" : "hideSolution");
        if (!box.hidden && !entry(id).solution) {
          entry(id).solution = true;
          save();
          paint();
          tell(id);
        }
      }
      if (action === "apply") applySolution(id);
    });
    article.querySelector("form")?.addEventListener("submit", (event) => {
      event.preventDefault();
      check(id, event.currentTarget);
    });
    article.querySelector("textarea")?.addEventListener("input", (event) => {
      const mine = entry(id);
      mine.reflection = event.target.value.slice(0, MAX_REFLECTION);
      const was = mine.status;
      // Not scored: written is done, emptied is not yet.
      mine.status = mine.reflection.trim() ? "done" : "not-yet";
      showFeedback(id, t(lang, "reflectionSaved"), false);
      save();
      if (was !== mine.status) {
        paint();
        tell(id);
      }
    });
  }
  const resetButton = panel?.querySelector('[data-ex="reset-exercises"]');
  if (resetButton) {
    resetButton.dataset.label = resetButton.textContent;
    resetButton.addEventListener("click", () => clearRecord(resetButton));
  }

  record = load();
  paint();
  for (const b of document.querySelectorAll("button[data-ex]")) b.disabled = false;

  return {
    answers, checked, summary,
    /** The page has its starting values and code (a link's, this browser's or the textbook's): runs of them are no attempt. */
    started() {
      for (const exercise of exercises) {
        const cell = page.cells.get(exercise.step);
        const { request } = cell ? page.runs.requestOf(cell) : {};
        if (request && !(exercise.id in seen)) seen[exercise.id] = request;
      }
    },
    /** Another frame of the lab changed the record: take it in. */
    reload() {
      record = load();
      paint();
    },
    record: () => structuredClone(record),
    /** The exercises (with their hint counts), as checkProgress() wants them. */
    list: () => exercises,
    /** The record becomes `next` (checked by the caller: an LMS's suspend_data). */
    replace(next) {
      record = structuredClone(next);
      shown.clear();
      save();
      paint();
    },
  };
}
