// A lab's exercises on its page, drawn at build time: each task beside the cell it concerns (its
// answer box, hints to reveal one at a time, the solution on demand), and the lab's list of them
// with done / not yet. exercises.js brings them to life (checks, attempts, storage).
import { tb } from "./i18n.js";

/**
 * The lab's exercises in one language: lab.json's (id, step, answer) joined with the content's
 * words, in lab.json's order.
 * @example labExercises([{id: "x", step: 1, answer: "code", check: "f()"}], [{id: "x", title: "T", ...}])
 *   // [{id: "x", step: 1, answer: "code", title: "T", ...}]
 */
export function labExercises(labExercises = [], contentExercises = []) {
  const words = new Map(contentExercises.map((e) => [e.id, e]));
  return labExercises.map(({ id, step, answer }) => ({ ...words.get(id), id, step, answer }));
}

/**
 * What the page script needs of the exercises and the HTML does not show: each one's step and
 * answer kind, its feedback texts with {placeholders}, and what its solution sets (params, code
 * or an answer) for "use the solution".
 */
export function exerciseData(exercises) {
  return exercises.map(({ id, step, answer, feedback = {}, solution = {} }) => ({
    id, step, answer, feedback,
    solution: Object.fromEntries(["params", "code", "answer"].filter((k) => solution[k] !== undefined).map((k) => [k, solution[k]])),
  }));
}

/** The exercises of one step, beside its cell: <aside class="exercises"> or null when it has none. */
export function renderStepExercises(exercises, step, { document, lang = "ko" }) {
  const mine = exercises.filter((e) => e.step === step);
  if (!mine.length) return null;
  const aside = el(document, "aside", "exercises");
  aside.setAttribute("aria-label", tb(lang, "exercises"));
  for (const exercise of mine) aside.append(renderExercise(exercise, { document, lang }));
  return aside;
}

function renderExercise(exercise, { document, lang }) {
  const { id, answer, title, task, hints = [], solution = {}, choices = [] } = exercise;
  const article = el(document, "article", "exercise");
  article.id = `ex-${id}`;
  article.dataset.exercise = id;
  article.dataset.answer = answer;

  const head = el(document, "h3", "ex-title");
  head.append(badge(document, lang), el(document, "span", "ex-kind", `${tb(lang, "exercise")} ·`), el(document, "span", "ex-name", title));
  article.append(head, el(document, "p", "ex-task", task));

  if (answer === "number" || answer === "choice") {
    const form = el(document, "form", "ex-answer");
    if (answer === "number") {
      const label = el(document, "label", "ex-number");
      const input = el(document, "input");
      input.name = "answer";
      input.setAttribute("inputmode", "decimal");
      input.setAttribute("autocomplete", "off");
      input.setAttribute("spellcheck", "false");
      input.setAttribute("maxlength", "40");
      label.append(el(document, "span", "", tb(lang, "answer")), input);
      form.append(label);
    } else {
      const set = el(document, "fieldset", "ex-choices");
      set.append(el(document, "legend", "", tb(lang, "choose")));
      for (const choice of choices) {
        const label = el(document, "label", "ex-choice");
        const input = el(document, "input");
        input.type = "radio";
        input.name = `answer-${id}`;
        input.value = choice.id;
        label.append(input, el(document, "span", "", choice.text));
        set.append(label);
      }
      form.append(set);
    }
    form.append(button(document, "check", tb(lang, "check"), "primary", "submit"));
    article.append(form);
  } else if (answer === "reflection") {
    const label = el(document, "label", "ex-reflection");
    const box = el(document, "textarea");
    box.rows = 3;
    box.setAttribute("maxlength", "2000");
    label.append(el(document, "span", "", tb(lang, "reflection")), box);
    article.append(label);
  }

  const feedback = el(document, "p", "ex-feedback");
  feedback.hidden = true;
  const hintList = el(document, "ol", "ex-hints");
  // a hint shown is read out; the focus stays on the button, for the next one
  hintList.setAttribute("aria-live", "polite");
  for (const hint of hints) {
    const item = el(document, "li", "", hint);
    item.hidden = true;
    hintList.append(item);
  }
  const tools = el(document, "div", "ex-tools");
  if (hints.length) tools.append(button(document, "hint", tb(lang, "hint", { n: 1, of: hints.length }), "quiet"));
  tools.append(button(document, "solution", tb(lang, "showSolution"), "quiet"));
  tools.append(el(document, "span", "ex-attempts"));

  const shown = el(document, "div", "ex-solution");
  shown.hidden = true;
  shown.append(el(document, "p", "", solution.text || ""));
  if (solution.params || solution.code || solution.answer !== undefined) {
    shown.append(button(document, "apply", tb(lang, "applySolution"), "quiet"));
  }
  article.append(feedback, hintList, tools, shown);
  return article;
}

/**
 * The lab's list of exercises, each linked to its task: closed, its summary counts those done.
 * <details class="ex-panel"> or null when the lab has none.
 */
export function renderExercisePanel(exercises, { document, lang = "ko" }) {
  if (!exercises.length) return null;
  const details = el(document, "details", "ex-panel");
  details.id = "exercises";
  const summary = el(document, "summary");
  summary.append(el(document, "span", "", tb(lang, "exercises")), " ",
    el(document, "span", "ex-count", tb(lang, "exerciseCount", { done: 0, total: exercises.length })));
  const list = el(document, "ol", "ex-list");
  for (const { id, step, title } of exercises) {
    const item = el(document, "li");
    item.dataset.exercise = id;
    const link = el(document, "a", "", `${tb(lang, "stepShort", { n: step })} · ${title}`);
    link.href = `#ex-${id}`;
    item.append(badge(document, lang), link);
    list.append(item);
  }
  details.append(summary, list, button(document, "reset-exercises", tb(lang, "resetExercises"), "quiet"));
  return details;
}

// "not yet", until exercises.js reads the learner's record
function badge(document, lang) {
  const span = el(document, "span", "ex-badge", tb(lang, "notYet"));
  span.dataset.status = "not-yet";
  return span;
}

function el(document, tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(document, action, text, kind, type = "button") {
  const b = el(document, "button", `btn btn-${kind}`, text);
  b.type = type;
  b.dataset.ex = action;
  b.disabled = true;
  return b;
}
