// The lab inside an LMS: a SCORM package (web/tools/build-scorm.mjs) holds the offline file of
// one lab with <meta name="tlab-scorm" content="1.2"> (or "2004"). There the lab finds the LMS's
// run-time API up its frame chain (`API` for 1.2, `API_1484_11` for 2004), brings back the
// learner's edits from `suspend_data`, and reports completion and score (exercises done / total)
// as they change. With no API it is a normal page.
import { checkProgress } from "./exercises.js";
import { t } from "./i18n.js";
import { deflateRaw, fromBase64Url, inflateRaw, toBase64Url } from "./packing.js";
import { checkCode, checkValues } from "./state.js";

/**
 * What each standard calls things. 1.2: `cmi.core.*`, a score of 0–100, session time as
 * HHHH:MM:SS, 4,096 characters of suspend_data; 2004: completion and success apart, a scaled
 * score, ISO 8601 durations, 64,000 characters.
 */
export const STANDARDS = {
  "1.2": {
    api: "API",
    calls: { init: "LMSInitialize", get: "LMSGetValue", set: "LMSSetValue", commit: "LMSCommit", finish: "LMSFinish" },
    suspendMax: 4096,
    report: ({ done, total }) => ({
      "cmi.core.lesson_status": done === total ? "completed" : "incomplete",
      ...(total ? { "cmi.core.score.min": "0", "cmi.core.score.max": "100", "cmi.core.score.raw": String(Math.round((100 * done) / total)) } : {}),
    }),
    exit: (ms) => ({ "cmi.core.exit": "suspend", "cmi.core.session_time": clockTime(ms) }),
  },
  "2004": {
    api: "API_1484_11",
    calls: { init: "Initialize", get: "GetValue", set: "SetValue", commit: "Commit", finish: "Terminate" },
    suspendMax: 64000,
    report: ({ done, total }) => ({
      "cmi.completion_status": done === total ? "completed" : "incomplete",
      "cmi.success_status": done === total ? "passed" : "unknown",
      ...(total ? {
        "cmi.progress_measure": ratio(done, total),
        "cmi.score.min": "0", "cmi.score.max": String(total), "cmi.score.raw": String(done), "cmi.score.scaled": ratio(done, total),
      } : {}),
    }),
    exit: (ms) => ({ "cmi.exit": "suspend", "cmi.session_time": isoDuration(ms) }),
  },
};

const ratio = (a, b) => String(Math.round((a / b) * 10000) / 10000);

/** 1.2's CMITimespan: clockTime(3723000) -> "0001:02:03" (hours of four digits, as the standard allows up to 9999). */
export function clockTime(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  const pad = (n, w) => String(n).padStart(w, "0");
  return `${pad(Math.min(9999, Math.floor(s / 3600)), 4)}:${pad(Math.floor(s / 60) % 60, 2)}:${pad(s % 60, 2)}`;
}

/** 2004's timeinterval: isoDuration(3723000) -> "PT1H2M3S" */
export function isoDuration(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  return `PT${Math.floor(s / 3600)}H${Math.floor(s / 60) % 60}M${s % 60}S`;
}

/**
 * The LMS's API object named `name`, looked for in this window and up its parents (at most 10
 * frames up, as LMS frame sets nest), then from its opener's: null when there is none. A frame
 * of another origin on the way is passed over, not an error.
 */
export function findApi(window, name) {
  const climb = (start) => {
    let win = start;
    for (let depth = 0; win && depth <= 10; depth++) {
      try {
        if (win[name] && typeof win[name] === "object") return win[name];
      } catch { /* another origin's frame */ }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  };
  let opener = null;
  try { opener = window.opener; } catch { opener = null; }
  return climb(window) ?? (opener ? climb(opener) : null);
}

// suspend_data: "1" + base64url of the deflated JSON (CompressionStream), or "0" + base64url of
// the JSON where the browser cannot deflate. Read back at most MAX_JSON bytes (a hostile text
// cannot inflate into more).
const MAX_JSON = 1 << 20;

const utf8 = (snapshot) => new TextEncoder().encode(JSON.stringify(snapshot));

/** encodeSuspend() without deflating, at once: for the last save as the page goes. */
export const encodeSuspendNow = (snapshot) => `0${toBase64Url(utf8(snapshot))}`;

/** The text for suspend_data of a snapshot ({values, code, exercises}). */
export async function encodeSuspend(snapshot) {
  if (typeof CompressionStream === "undefined") return encodeSuspendNow(snapshot);
  return `1${toBase64Url(await deflateRaw(utf8(snapshot)))}`;
}

/** The snapshot in a suspend_data text, not yet checked; null when it is not one of ours. */
export async function decodeSuspend(text) {
  if (typeof text !== "string" || !/^[01][\w-]*$/.test(text)) return null;
  try {
    const bytes = fromBase64Url(text.slice(1));
    const json = text[0] === "0" ? bytes : await inflateRaw(bytes, MAX_JSON);
    if (json === null || json.length > MAX_JSON) return null;
    const value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A snapshot checked like a share link: values against the params' specs, code against the
 * steps and its limits, the exercises' record against the lab's exercises. Null when any part is
 * not valid (nothing of it is used).
 * @param lab {specs, steps, exercises} as the page knows them
 */
export function checkSnapshot(snapshot, { specs, steps, exercises }) {
  if (!snapshot || typeof snapshot !== "object") return null;
  const { values = {}, code = {}, exercises: record = {} } = snapshot;
  const goodValues = checkValues(values, specs);
  const goodCode = code && typeof code === "object" && !Array.isArray(code) ? checkCode(code, steps) : null;
  const goodRecord = checkProgress(JSON.stringify(record), exercises);
  return goodValues && goodCode && goodRecord ? { values: goodValues, code: goodCode, exercises: goodRecord } : null;
}

/**
 * The suspend_data text for a snapshot within `max` characters: all of it; else without the
 * learner's code and the words of their reflections. Returns {text, dropped: null | "code"};
 * `text` null when even that does not fit.
 */
export async function fitSuspend(snapshot, max) {
  const whole = await encodeSuspend(snapshot);
  if (whole.length <= max) return { text: whole, dropped: null };
  const record = Object.fromEntries(Object.entries(snapshot.exercises || {}).map(([id, { reflection, ...rest }]) => [id, rest]));
  const lighter = await encodeSuspend({ values: snapshot.values, code: {}, exercises: record });
  return { text: lighter.length <= max ? lighter : null, dropped: "code" };
}

/**
 * Connects a started lab page (page.js's startLabPage: {started, snapshot, restore, onChange,
 * progress, notice}) to the LMS of `version` ("1.2" or "2004"). Returns null outside an LMS.
 */
export async function connectLms(window, labPage, { version, lang, now = () => Date.now() }) {
  const standard = STANDARDS[version];
  const api = standard && findApi(window, standard.api);
  if (!api) return null;
  const { calls } = standard;
  const call = (name, ...args) => {
    try { return String(api[calls[name]](...args)); } catch { return ""; }
  };
  if (call("init", "") !== "true") return null;
  const began = now();
  await labPage.started;

  // Back to where the learner was: the LMS's record wins over this browser's (a shared computer
  // may hold someone else's edits); a first launch starts at the textbook.
  const saved = call("get", "cmi.suspend_data");
  let start = { values: {}, code: {}, exercises: {} };
  if (saved) {
    const snapshot = checkSnapshot(await decodeSuspend(saved), labPage.limits);
    if (snapshot) start = snapshot;
    labPage.notice(t(lang, !snapshot ? "lmsBadData" : "lmsResumed"), { info: Boolean(snapshot) });
  }
  labPage.restore(start);

  let finished = false;
  let timer = 0;
  let dirty = false;
  let toldDropped = false;
  async function save() {
    if (finished) return;
    dirty = false;
    const { text, dropped } = await fitSuspend(labPage.snapshot(), standard.suspendMax);
    if (dropped && !toldDropped) {
      toldDropped = true;
      labPage.notice(t(lang, text === null ? "lmsNothingFits" : "lmsCodeDropped"));
    }
    if (finished) return;
    if (text !== null) call("set", "cmi.suspend_data", text);
    for (const [key, value] of Object.entries(standard.report(labPage.progress()))) call("set", key, value);
    call("commit", "");
  }
  labPage.onChange(() => {
    dirty = true;
    clearTimeout(timer);
    timer = setTimeout(save, 800);
  });
  await save();

  const finish = () => {
    if (finished) return;
    clearTimeout(timer);
    // (synchronous, the page is going: edits not saved yet go undeflated, if they fit)
    if (dirty) {
      const text = encodeSuspendNow(labPage.snapshot());
      if (text.length <= standard.suspendMax) call("set", "cmi.suspend_data", text);
      for (const [key, value] of Object.entries(standard.report(labPage.progress()))) call("set", key, value);
    }
    for (const [key, value] of Object.entries(standard.exit(now() - began))) call("set", key, value);
    call("commit", "");
    finished = true;
    call("finish", "");
  };
  window.addEventListener("pagehide", finish);
  return { save, finish };
}
