// The exercises on the page, in node: their markup (exercise-view.js), the learner's record and its
// checks (exercises.js) with a stand-in page, and each lab's solutions sent as the page sends them
// (values as texts, the lab's document) through labrun: the core's checks pass them.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseHTML } from "linkedom";

import { exerciseData, labExercises, renderExercisePanel, renderStepExercises } from "../src/exercise-view.js";
import { checkProgress, countsAsAttempt, createExercises, feedbackText, progressKey } from "../src/exercises.js";
import { localize } from "../src/i18n.js";
import { checkParam, parseLiteral, requestText } from "../src/params.js";
import { checkValues } from "../src/state.js";
import { readLabFiles } from "../tools/lab-content.mjs";
import { memoryStorage } from "./memory-storage.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const LABRUN = resolve(ROOT, process.env.TLAB_LABRUN || "build/native/labrun");

const LAB_EXERCISES = [
  { id: "make-it", step: 1, answer: "code", check: "check_make_it()" },
  { id: "how-many", step: 2, answer: "number", check: "check_how_many(answer)" },
  { id: "which", step: 2, answer: "choice", check: "check_which(answer)" },
  { id: "why", step: 2, answer: "reflection" },
];
const WORDS = [
  { id: "make-it", title: "Make it", task: "Do it.", hints: ["h1", "h2"], solution: { text: "So.", params: { z: ["4.0", "1.0"] } },
    feedback: { short: "z has {n} values, <b>not</b> {want}." } },
  { id: "how-many", title: "How many", task: "Count.", hints: ["h1"], solution: { text: "Three.", answer: "3" }, feedback: {} },
  { id: "which", title: "Which", task: "Pick.", hints: ["h1"], choices: [{ id: "a", text: "A" }, { id: "b", text: "B" }],
    solution: { text: "B.", answer: "b" }, feedback: {} },
  { id: "why", title: "Why", task: "Say why.", hints: [], solution: { text: "Because." } },
];
const EXERCISES = labExercises(LAB_EXERCISES, WORDS);

// A page of two cells with the exercises' markup, and a stand-in for the rest of the page.
function stubPage({ storage = memoryStorage(), lang = "en" } = {}) {
  const { document } = parseHTML("<!doctype html><html><body><main></main></body></html>");
  const main = document.querySelector("main");
  main.append(renderExercisePanel(EXERCISES, { document, lang }));
  for (const step of [1, 2]) {
    const section = document.createElement("section");
    section.id = `step-${step}`;
    section.append(renderStepExercises(EXERCISES, step, { document, lang }));
    main.append(section);
  }
  const said = [];
  const posted = [];
  const ran = [];
  const cells = new Map([[1, { step: 1 }], [2, { step: 2 }]]);
  const page = {
    document, lang, storage, cells,
    lab: { id: "test-lab" },
    state: { specs: { z: { name: "z", kind: "vector", min: -10, max: 10, min_len: 1, max_len: 4 } } },
    runs: { run: (cell, options) => ran.push([cell.step, options]), requestOf: (cell) => ({ request: `start ${cell.step}` }) },
    editing: { putCode: (cell, text) => ran.push([cell.step, { code: text }]) },
    announce: (text) => said.push(text),
    showNotice: (text) => said.push(`notice: ${text}`),
    remember: () => {},
    setValues: (values) => ran.push(["values", values]),
    postProgress: (progress) => posted.push(progress),
  };
  const exercises = createExercises(page, exerciseData(EXERCISES));
  return { document, page, exercises, said, posted, ran, storage };
}
const click = (node) => node.dispatchEvent(new node.ownerDocument.defaultView.Event("click", { bubbles: true }));

describe("the exercises' markup", () => {
  test("each task under its step, with the answer box its kind needs", () => {
    const { document } = parseHTML("<!doctype html><html><body></body></html>");
    assert.equal(renderStepExercises(EXERCISES, 3, { document }), null);
    const two = renderStepExercises(EXERCISES, 2, { document, lang: "en" });
    assert.deepEqual([...two.querySelectorAll("article")].map((a) => a.id), ["ex-how-many", "ex-which", "ex-why"]);
    assert.equal(two.querySelector("#ex-how-many input").getAttribute("inputmode"), "decimal");
    assert.deepEqual([...two.querySelectorAll('#ex-which input[type="radio"]')].map((r) => r.value), ["a", "b"]);
    assert.ok(two.querySelector("#ex-why textarea"));
    assert.equal(two.querySelector("#ex-why form"), null);
    // hints and the solution wait to be asked for; the buttons wait for the script
    const one = renderStepExercises(EXERCISES, 1, { document, lang: "en" });
    assert.deepEqual([...one.querySelectorAll(".ex-hints li")].map((li) => li.hidden), [true, true]);
    assert.equal(one.querySelector(".ex-solution").hidden, true);
    assert.ok(one.querySelector('[data-ex="apply"]'), "a solution that sets values can be applied");
    assert.equal(two.querySelector('#ex-why [data-ex="apply"]'), null, "a reflection's solution only reads");
    assert.ok([...one.querySelectorAll("button")].every((b) => b.disabled));
  });

  test("the panel lists every exercise, linked to its task", () => {
    const { document } = parseHTML("<!doctype html><html><body></body></html>");
    const panel = renderExercisePanel(EXERCISES, { document, lang: "ko" });
    assert.deepEqual([...panel.querySelectorAll("a")].map((a) => a.getAttribute("href")), ["#ex-make-it", "#ex-how-many", "#ex-which", "#ex-why"]);
    assert.equal(panel.querySelector(".ex-count").textContent, "0/4 완료");
    assert.equal(renderExercisePanel([], { document }), null);
  });

  test("the script's data: feedback texts and what a solution sets, not the prose", () => {
    const [first, second] = exerciseData(EXERCISES);
    assert.deepEqual(first, { id: "make-it", step: 1, answer: "code", feedback: WORDS[0].feedback, solution: { params: { z: ["4.0", "1.0"] } } });
    assert.deepEqual(second.solution, { answer: "3" });
  });
});

describe("the learner's record", () => {
  const hints = EXERCISES.map((e) => ({ ...e, hints: e.hints.length }));

  test("a record in storage is read back only when every field is sound", () => {
    const good = { "make-it": { status: "done", attempts: 2, hints: 1, solution: false }, why: { status: "done", attempts: 0, hints: 0, solution: true, reflection: "<img src=x>" } };
    assert.deepEqual(checkProgress(JSON.stringify(good), hints), good);
    assert.deepEqual(checkProgress(JSON.stringify({ ...good, gone: { status: "done" } }), hints), good, "an exercise the lab no longer has is dropped");
    for (const bad of [
      "not json", "[]", "null", '"done"',
      JSON.stringify({ "make-it": { ...good["make-it"], status: "passed" } }),
      JSON.stringify({ "make-it": { ...good["make-it"], attempts: -1 } }),
      JSON.stringify({ "make-it": { ...good["make-it"], attempts: 1.5 } }),
      JSON.stringify({ "make-it": { ...good["make-it"], hints: 3 } }), // it has two
      JSON.stringify({ "make-it": { ...good["make-it"], solution: "yes" } }),
      JSON.stringify({ "make-it": { ...good["make-it"], answer: "3" } }), // a code exercise takes no answer
      JSON.stringify({ "how-many": { status: "done", attempts: 1, hints: 0, solution: false, answer: "9".repeat(201) } }),
      JSON.stringify({ why: { status: "done", attempts: 0, hints: 0, solution: false, reflection: 7 } }),
    ]) assert.equal(checkProgress(bad, hints), null, bad);
  });

  test("feedback fills the content's placeholders with the check's values, as text", () => {
    const [makeIt] = EXERCISES;
    assert.equal(feedbackText(makeIt, { status: "fail", feedback: "short", values: { n: "1", want: "2" } }, "en"), "z has 1 values, <b>not</b> 2.");
    assert.equal(feedbackText(makeIt, { status: "fail", feedback: "short", values: { n: "1" } }, "en"), "z has 1 values, <b>not</b> {want}.");
    assert.equal(feedbackText(makeIt, { status: "fail" }, "en"), "Not yet. Try a hint.");
    assert.match(feedbackText(makeIt, { status: "fail", error: "NameError: name 'q' is not defined" }, "en"), /NameError/);
    assert.equal(feedbackText(makeIt, { status: "not-checked", reason: "no-answer" }, "ko"), "답을 넣고 확인을 누르세요.");
    assert.match(feedbackText(makeIt, { status: "not-checked", reason: "error" }, "en"), /ended in an error/);
    assert.equal(feedbackText(makeIt, { status: "pass" }, "en"), "");
  });

  test("attempts: the start is none; each new checked state is one; typing counts only a pass", () => {
    const seen = {};
    assert.equal(countsAsAttempt(seen, "a", "s0", "fail", false), false);
    assert.equal(countsAsAttempt(seen, "a", "s0", "fail", false), false, "the same state run again");
    assert.equal(countsAsAttempt(seen, "a", "s1", "fail", false), true);
    assert.equal(countsAsAttempt(seen, "a", "s2", "not-checked", false), false, "not checked");
    assert.equal(countsAsAttempt(seen, "a", "s3", "fail", true), false, "half-typed code");
    assert.equal(countsAsAttempt(seen, "a", "s4", "pass", true), true, "typed code that passes");
  });
});

describe("exercises on a page", () => {
  test("a pass marks the exercise done, says so, keeps it and tells the host", () => {
    const { document, exercises, said, posted, storage } = stubPage();
    exercises.started();
    const article = document.getElementById("ex-make-it");
    // the start's run: nothing said, no attempt
    exercises.checked({ step: 1 }, { exercises: [{ id: "make-it", status: "fail", feedback: "short", values: { n: "2", want: "3" } }] }, { request: "start 1" });
    assert.equal(article.querySelector(".ex-feedback").hidden, true);
    assert.equal(posted.length, 0);
    exercises.checked({ step: 1 }, { exercises: [{ id: "make-it", status: "fail", feedback: "short", values: { n: "1", want: "3" } }] }, { request: "r1" });
    assert.equal(article.querySelector(".ex-feedback").textContent, "z has 1 values, <b>not</b> 3.");
    assert.equal(article.querySelector(".ex-feedback b"), null, "feedback is text, never markup");
    assert.equal(article.querySelector(".ex-attempts").textContent, "1 checked");
    exercises.checked({ step: 1 }, { exercises: [{ id: "make-it", status: "pass" }] }, { request: "r2" });
    assert.equal(article.querySelector(".ex-badge").dataset.status, "done");
    assert.equal(document.querySelector('#exercises li[data-exercise="make-it"] .ex-badge').textContent, "Done");
    assert.equal(document.querySelector(".ex-count").textContent, "1/4 done");
    assert.equal(said.at(-1), "Exercise passed: Make it");
    assert.deepEqual(posted.at(-1), { exercise: "make-it", status: "done", attempts: 2, solution: false, done: 1, total: 4 });
    assert.equal(JSON.parse(storage.getItem(progressKey("test-lab")))["make-it"].status, "done");
    // done stays done when a later state fails (the learner did it), and a new page reads it back
    exercises.checked({ step: 1 }, { exercises: [{ id: "make-it", status: "fail" }] }, { request: "r3" });
    assert.equal(article.querySelector(".ex-badge").dataset.status, "done");
    const again = stubPage({ storage });
    assert.equal(again.document.querySelector(".ex-count").textContent, "1/4 done");
    assert.equal(again.document.querySelector("#ex-make-it .ex-attempts").textContent, "3 checked");
  });

  test("hints one at a time, the solution on demand and recorded, applied as the page's values", () => {
    const { document, exercises, posted, ran } = stubPage();
    const article = document.getElementById("ex-make-it");
    const hint = article.querySelector('[data-ex="hint"]');
    click(hint);
    assert.deepEqual([...article.querySelectorAll(".ex-hints li")].map((li) => li.hidden), [false, true]);
    assert.equal(hint.textContent, "Show a hint (2/2)");
    click(hint);
    assert.equal(hint.disabled, true);
    assert.equal(exercises.record()["make-it"].hints, 2);
    click(article.querySelector('[data-ex="solution"]'));
    assert.equal(article.querySelector(".ex-solution").hidden, false);
    assert.equal(article.querySelector(".ex-attempts").textContent, "solution seen");
    assert.equal(posted.at(-1).solution, true);
    click(article.querySelector('[data-ex="apply"]'));
    assert.deepEqual(ran.at(-1), ["values", { z: ["4.0", "1.0"] }], "4.0 stays a float's text");
  });

  test("a number or a choice goes with the step's runs once the learner checks it", () => {
    const { document, exercises, ran } = stubPage();
    const form = document.querySelector("#ex-how-many form");
    form.dispatchEvent(new document.defaultView.Event("submit", { cancelable: true }));
    assert.equal(document.querySelector("#ex-how-many .ex-feedback").textContent, "Enter an answer and press Check.");
    assert.equal(ran.length, 0, "an empty answer runs nothing");
    form.querySelector("input").value = " 3 ";
    form.dispatchEvent(new document.defaultView.Event("submit", { cancelable: true }));
    assert.deepEqual(ran.at(-1), [2, { asked: "how-many" }]);
    document.querySelector('#ex-which input[value="b"]').checked = true;
    document.querySelector("#ex-which form").dispatchEvent(new document.defaultView.Event("submit", { cancelable: true }));
    assert.deepEqual(exercises.answers(2), { "how-many": "3", which: "b" });
    assert.deepEqual(exercises.answers(1), {});
  });

  test("a reflection is done once written, and kept", () => {
    const { document, storage } = stubPage();
    const box = document.querySelector("#ex-why textarea");
    box.value = "Because the scores grow with d_k.";
    box.dispatchEvent(new document.defaultView.Event("input", { bubbles: true }));
    assert.equal(document.querySelector("#ex-why .ex-badge").dataset.status, "done");
    assert.equal(JSON.parse(storage.getItem(progressKey("test-lab"))).why.reflection, "Because the scores grow with d_k.");
    assert.equal(stubPage({ storage }).document.querySelector("#ex-why textarea").value, "Because the scores grow with d_k.");
  });

  test("clearing the record takes a second press", () => {
    const { document, exercises, storage } = stubPage();
    exercises.checked({ step: 1 }, { exercises: [{ id: "make-it", status: "pass" }] }, { request: "r1" });
    const clear = document.querySelector('[data-ex="reset-exercises"]');
    click(clear);
    assert.equal(exercises.summary().done, 1);
    assert.equal(clear.textContent, "Press again to clear your exercise record");
    click(clear);
    assert.equal(exercises.summary().done, 0);
    assert.equal(storage.getItem(progressKey("test-lab")), null);
    assert.equal(document.querySelector(".ex-count").textContent, "0/4 done");
  });

  test("the host hears of the exercises whose record changed, not of the others of the run", () => {
    const { exercises, posted } = stubPage();
    exercises.started();
    exercises.checked({ step: 2 }, { exercises: [{ id: "how-many", status: "pass" }, { id: "which", status: "fail" }] }, { request: "start 2" });
    assert.deepEqual(posted.map((m) => m.exercise), ["how-many"]);
  });

  test("a frame showing one cell keeps to its step's exercises (the others are their frames')", () => {
    const { page, exercises, posted } = stubPage();
    page.shownStep = 2;
    exercises.checked({ step: 1 }, { exercises: [{ id: "make-it", status: "pass" }] }, { request: "r1" });
    assert.equal(exercises.summary().done, 0);
    assert.equal(posted.length, 0);
  });

  test("a hostile record in storage is refused with a notice, and the page starts afresh", () => {
    const storage = memoryStorage();
    storage.setItem(progressKey("test-lab"), JSON.stringify({ "make-it": { status: "done", attempts: "<script>", hints: 0, solution: false } }));
    const { document, said } = stubPage({ storage });
    assert.match(said[0], /^notice: The exercise record kept in this browser was not valid/);
    assert.equal(document.querySelector(".ex-count").textContent, "0/4 done");
  });
});

describe("each lab's solutions, sent as the page sends them", { skip: !existsSync(LABRUN) && `no ${LABRUN}` }, () => {
  const core = (request) => JSON.parse(execFileSync(LABRUN, { input: request, encoding: "utf8" }));
  const listing = core('{"list": true}').labs;
  for (const lab of listing) {
    const { content } = readLabFiles(join(ROOT, "labs"), lab);
    for (const lang of ["ko", "en"]) {
      const exercises = labExercises(lab.document.exercises, localize(content, lang).exercises);
      test(`${lab.id} (${lang}): every solution passes; the textbook state does not`, () => {
        assert.ok(exercises.length >= 3, "three exercises or more");
        const specs = Object.fromEntries(lab.params.map((p) => [p.name, p]));
        const textbook = {};
        const responses = Object.fromEntries(lab.steps.map((s) => [s.step, core(JSON.stringify({ lab: lab.id, step: s.step }))]));
        for (const response of Object.values(responses)) {
          for (const lit of response.literals || []) textbook[lit.param] ??= parseLiteral(specs[lit.param].kind, response.source.slice(lit.start, lit.end));
        }
        for (const data of exerciseData(exercises)) {
          if (data.answer === "reflection") continue;
          const run = (values, code, answers) => {
            const texts = Object.fromEntries(Object.entries(values).map(([n, v]) => [n, checkParam(specs[n], v).text]));
            const response = core(requestText(lab.document, data.step, texts, code, null, answers));
            return response.exercises.find((e) => e.id === data.id);
          };
          const params = data.solution.params ? checkValues(data.solution.params, specs) : {};
          assert.ok(params, `${data.id}: the solution's params are values the page takes`);
          const answers = data.solution.answer === undefined ? {} : { [data.id]: data.solution.answer };
          assert.equal(run({ ...textbook, ...params }, data.solution.code || {}, answers).status, "pass", data.id);
          const start = run(textbook, {}, data.answer === "code" ? {} : { [data.id]: wrongAnswer(exercises, data) });
          assert.equal(start.status, "fail", `${data.id} at the textbook state`);
          assert.ok(feedbackText(data, start, lang).length > 0);
        }
      });
    }
  }
});

// An answer that is not the solution's: another choice, or a number far from it.
function wrongAnswer(exercises, data) {
  if (data.answer === "choice") return exercises.find((e) => e.id === data.id).choices.find((c) => c.id !== data.solution.answer).id;
  return String(Number(data.solution.answer) * 3 + 7);
}
