// The code editor under a Korean IME, in Chromium alone: the DevTools protocol composes text as an
// IME does (Input.imeSetComposition: composition events, the composing text in the editor's DOM)
// and commits it (Input.insertText), which no WebDriver offers. While a syllable is being
// assembled its text is not code yet: the cell must not run and the editor must not be
// redecorated (a run's error marks would also disturb the composition). The committed text must
// land in the code exactly once and run. Expectations come from the native core (build/native/labrun).
//   node --test web/test/ime.test.mjs      (after ./lab build; ./lab test runs it)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";

import { labrun, ready, startBrowser, streams, waitForStreams, watch } from "./browser-support.mjs";

const LAB = "ch3-lab2";
const STEP = 2;
// Longer than the page's typing delay (TYPING_MS, 700 ms): a run due after a change has left by then.
const IDLE_MS = 1200;

let browser;
let textbook; // step 2's code as the book has it (it ends with a newline: the cursor's last line is empty)
before(async () => {
  textbook = labrun({ lab: LAB, step: STEP }).source;
  browser = await startBrowser();
});
after(async () => { await browser?.close(); });

// The lab page, recording every request posted to a core worker (the page's only way to run a
// cell: see core-client.js), so a test can tell exactly when a run went out and with what code.
async function openLab(problems) {
  const page = watch(await browser.context.newPage(), browser.base, problems);
  await page.addInitScript(() => {
    try { localStorage.clear(); } catch {} // the textbook code, not an earlier test's edit
    window.tlabRequests = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (typeof message?.request === "string") window.tlabRequests.push(JSON.parse(message.request));
      return post.call(this, message, ...rest);
    };
  });
  await page.goto(`${browser.base}${LAB}.html`);
  await ready(page);
  return page;
}

const requests = (page) => page.evaluate(() => window.tlabRequests);

// The editor's text as its DOM shows it (a composing syllable included), lines joined.
const editorText = (page) => page.evaluate((step) => {
  const lines = document.querySelector(`#step-${step} .code-editor`).shadowRoot.querySelectorAll(".cm-content .cm-line");
  return [...lines].map((line) => line.textContent).join("\n");
}, STEP);

const errorMarks = (page) => page.locator(`#step-${STEP} .code-editor :is(.cm-error-line, .cm-error-at)`).count();

// Opens step 2's code editor with the cursor at the end of the code (an empty last line).
async function editAtEnd(page) {
  await page.click(`#step-${STEP} [data-action="edit-code"]`);
  const content = page.locator(`#step-${STEP} .code-editor .cm-content`);
  await content.waitFor();
  await content.focus();
  await page.keyboard.press("Control+End");
  assert.equal(await editorText(page), textbook, "the editor starts from the textbook code");
}

// Waits until a request for step 2 with exactly `code` has gone out and the cell shows its answer.
async function waitForRun(page, code) {
  await page.waitForFunction(([step, want]) => window.tlabRequests.some((r) => r.step === step && r.code?.[step] === want)
    && !document.getElementById(`step-${step}`).classList.contains("is-running"), [STEP, code], { timeout: 20000 });
}

/**
 * Composes text as a Korean IME (two-set layout) shows it, one key at a time: `keys` are the
 * composing texts, the caret at the end of each; the IME then commits `commit`. After every key
 * the editor must hold `before` plus the composing text once, unmarked, and no run may have
 * carried composing text (a run of `before`, the committed code, may be due from the typing
 * before). At `holdAt` (indexes into `keys`) the learner pauses longer than the typing delay.
 */
async function compose(page, cdp, before, keys, commit, { holdAt = [] } = {}) {
  const sent = (await requests(page)).length;
  for (const [i, text] of keys.entries()) {
    await cdp.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
    await sleep(holdAt.includes(i) ? IDLE_MS : 60);
    assert.equal(await editorText(page), before + text, `the editor shows the composing "${text}" once`);
    assert.equal(await errorMarks(page), 0, `no error marks while "${text}" is composed`);
    const mid = (await requests(page)).slice(sent).map((r) => r.code?.[STEP]).filter((code) => code !== before);
    assert.deepEqual(mid, [], `no run of composing text while "${text}" is composed`);
  }
  await cdp.send("Input.insertText", { text: commit });
  assert.equal(await editorText(page), before + commit, `"${commit}" is committed once`);
}

// Step 2 shows the same stream texts as labrun for the same code, and the page ran exactly that code last.
async function expectRunOf(page, code) {
  const want = streams(labrun({ lab: LAB, step: STEP, params: {}, code: { [STEP]: code } }));
  assert.deepEqual(await waitForStreams(page, STEP, want), want, "step 2 shows what labrun prints for the code");
  const last = (await requests(page)).filter((r) => r.step === STEP).at(-1);
  assert.equal(last.code?.[STEP], code, "the last run of step 2 had the editor's code");
}

test("a Hangul word composed in a print call: no run or marks mid-composition, committed once, runs as labrun", async () => {
  const problems = [];
  const page = await openLab(problems);
  const cdp = await page.context().newCDPSession(page);
  await editAtEnd(page);

  await page.keyboard.type('print("');
  // The learner pauses to switch to Korean: the unfinished line has run and been marked, and the
  // marks must go before the syllables come in. (A composition started sooner would find the
  // page's typing delay for `print("` still pending: that timer is the page's, not the editor's.)
  await waitForRun(page, `${textbook}print("`);
  await page.waitForFunction((step) => document.querySelector(`#step-${step} .code-editor`).shadowRoot
    .querySelector(".cm-error-line"), STEP, { timeout: 5000 });

  // 안녕: ㅇ ㅏ ㄴ ㄴ ㅕ ㅇ, in one composition, with pauses mid-word and before the commit: all
  // the while, nothing runs at all (the typed line has run already)
  const sent = (await requests(page)).length;
  await compose(page, cdp, `${textbook}print("`, ["ㅇ", "아", "안", "안ㄴ", "안녀", "안녕"], "안녕", { holdAt: [3, 5] });
  // (the commit itself may run at once: the cell is quick, and its code runs as it is typed)
  const since = (await requests(page)).slice(sent).map((r) => r.code?.[STEP]);
  assert.deepEqual(since.filter((c) => c !== `${textbook}print("안녕`), [], "no run while composing: only the committed text runs");
  // the committed word runs once the learner stops typing
  await waitForRun(page, `${textbook}print("안녕`);

  await page.keyboard.type('")');
  await page.keyboard.press("Shift+Enter");
  const code = `${textbook}print("안녕")`;
  assert.equal(await editorText(page), code, "the editor holds the textbook code and the typed line, once");
  await expectRunOf(page, code);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a Hangul comment composed syllable after syllable, as IMEs that commit each one do", async () => {
  const problems = [];
  const page = await openLab(problems);
  const cdp = await page.context().newCDPSession(page);
  await editAtEnd(page);

  await page.keyboard.type("# ");
  await waitForRun(page, `${textbook}# `); // (a pause to switch to Korean, as above)
  // 주석: ㅈ ㅜ ㄱ ㅅ ㅓ ㄱ. The ㅅ first joins ㄱ as the final ㄳ (줛), then moves on to start 서:
  // the IME commits 주, not what it showed, and composes the next syllable.
  await compose(page, cdp, `${textbook}# `, ["ㅈ", "주", "죽", "줛"], "주", { holdAt: [3] });
  await compose(page, cdp, `${textbook}# 주`, ["서", "석"], "석");
  const code = `${textbook}# 주석`;
  await waitForRun(page, code);
  assert.equal(await editorText(page), code, "the editor holds the textbook code and the comment, once");

  await page.keyboard.press("Shift+Enter");
  await expectRunOf(page, code);
  assert.deepEqual(problems, []);
  await page.close();
});
