// A lab inside another site's page (an iframe, `?embed=1`, or `?embed=1&cell=2` for one step's
// cell): no site chrome, and messages to the parent, all namespaced "transformer-lab:":
//   {type: "transformer-lab:ready", lab}          once the page script runs
//   {type: "transformer-lab:resize", height}      whenever the content's height (CSS px) changes
//   {type: "transformer-lab:state", lab, params, code?}  after edits: every param's text, as in a
//       share link, and the learner's code by step ({"2": "..."}) — the code only to a parent named
//       alone in `?parent=` (a learner's own text is not for any page that frames the lab)
//   {type: "transformer-lab:progress", lab, exercise, status, attempts, solution, done, total}
//       when an exercise's record changes (status "done" / "not-yet", checked attempts, whether
//       the solution was seen; done of total in the lab) — only to a parent named alone in
//       `?parent=`, never to any page (these are a learner's results)
// The page accepts {type: "transformer-lab:set-params", params?, code?} only from the origins listed
// in `?parent=https://a.example,https://b.example` (none by default), and checks both like a share
// link's (code: {"2": "text"} runs that text in step 2, {"2": null} brings back the textbook code).
// A lab opened from disk (the offline file) may name `?parent=file://`: the page that frames it,
// which can only be a page on disk too (no web page can frame a file). From disk, the frames of
// one page also tell each other {type: "transformer-lab:stored", lab} (tellOtherFrames).
import { progressKey } from "./exercises.js";
import { checkCode, checkValues, codeKey, loadCode, loadValues } from "./state.js";

/**
 * The origins `?parent=` names that may talk with the lab: parents("https://a.example/,x") ->
 * ["https://a.example"] (anything but a bare http(s) origin is left out). For a lab opened from
 * disk (`local`), "file://" (or "null": what `location.origin` says in a page on disk in Firefox)
 * names the page on disk that frames it: ["file://"].
 */
export function parents(text, local) {
  const named = (text || "").split(",").map((one) => (local && /^(file:\/\/\/?|null)$/.test(one) ? "file://" : origin(one)));
  return [...new Set(named.filter(Boolean))];
}

/** "https://a.example/" -> "https://a.example"; anything that is not a bare http(s) origin -> "". */
function origin(text) {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text.replace(/\/$/, "") ? url.origin : "";
  } catch {
    return "";
  }
}

/**
 * Starts embed mode if the URL asks for it; returns {postState(params, code), postProgress(progress), cell, badCell} or
 * null. `?embed=1&cell=2` shows step 2's cell alone (a textbook places a lab's steps in its own
 * text, one frame each): the other cells still run, unseen. `cell` is the step shown (null: the
 * whole lab), `badCell` a `cell=` that names no step of the lab (the whole lab is shown).
 */
export function startEmbed(window, { lab, onSetParams }) {
  const query = new URLSearchParams(window.location.search);
  if (query.get("embed") !== "1") return null;
  const { document } = window;
  document.documentElement.classList.add("is-embed");
  const asked = query.get("cell");
  const shown = /^[1-9]\d?$/.test(asked ?? "") ? document.getElementById(`step-${asked}`) : null;
  if (shown) {
    document.documentElement.classList.add("is-cell-embed");
    shown.classList.add("is-embedded-cell");
  }
  const local = window.location.protocol === "file:";
  const allowed = parents(query.get("parent"), local);
  // Heights and param values are not secrets; with no named parent they go to whoever embeds the
  // page. A page on disk cannot be named as a target (Chromium and WebKit drop such a message):
  // "file://" posts to the parent as it is, which is a page on disk (see parents()).
  const target = allowed.length === 1 && allowed[0] !== "file://" ? allowed[0] : "*";
  const post = (message) => {
    if (window.parent !== window) window.parent.postMessage(message, target);
  };
  let height = 0;
  new ResizeObserver(() => {
    const now = Math.ceil(document.body.getBoundingClientRect().height);
    if (now !== height) post({ type: "transformer-lab:resize", height: (height = now) });
  }).observe(document.body);
  window.addEventListener("message", (event) => {
    // (a page on disk sends as origin "null", in all three engines)
    const from = local && event.origin === "null" ? "file://" : event.origin;
    if (event.source !== window.parent || window.parent === window || !allowed.includes(from)) return;
    if (event.data?.type === "transformer-lab:set-params") onSetParams(event.data.params, event.data.code);
  });
  post({ type: "transformer-lab:ready", lab });
  const named = allowed.length === 1;
  return {
    postState: (params, code) => post({ type: "transformer-lab:state", lab, params, ...(named ? { code } : {}) }),
    postProgress: (progress) => { if (named) post({ type: "transformer-lab:progress", lab, ...progress }); },
    cell: shown ? Number(asked) : null,
    badCell: asked !== null && !shown,
  };
}

/**
 * A host's set-params message applied to the lab, all or nothing: `params` are values as in a
 * share link, `code` {step: text} sets a cell's code and {step: null} brings back the textbook's.
 * Anything not valid sets nothing. `page` holds {state, cells, editing, remember, setValues}.
 */
export function setFromHost(page, params, code) {
  const steps = [...page.cells.keys()];
  const next = params === undefined ? {} : checkValues(params, page.state.specs);
  const resets = code && typeof code === "object" ? Object.keys(code).filter((k) => code[k] === null) : [];
  const texts = code === undefined ? {} : checkCode(Object.fromEntries(Object.entries(code ?? {}).filter(([, v]) => v !== null)), steps);
  if (!next || !texts || resets.some((k) => !page.cells.has(Number(k)) || String(Number(k)) !== k)) return;
  if (Object.keys(next).length) {
    page.remember(Object.keys(next), false);
    page.setValues(next);
  }
  for (const step of resets) if (page.state.code[step] !== undefined) page.editing.resetCode(page.cells.get(Number(step)));
  for (const [step, text] of Object.entries(texts)) page.editing.putCode(page.cells.get(Number(step)), text);
}

/**
 * Frames of one lab in one textbook page (a cell each) share the learner's state: what another
 * frame (or tab) of the same origin keeps in storage comes into this one, values and code alike.
 * `page` holds {window, storage, lab, state, cells, editing, setValues}. Returns what the page
 * calls after each change it keeps (told(): see tellOtherFrames).
 */
export function followOtherFrames(page) {
  const { window, storage, lab, state } = page;
  const follow = (key) => {
    if (key === progressKey(lab.id)) return page.exercises?.reload();
    // (nothing kept: the textbook values; something not valid says nothing, as an entry that is
    // there but not valid code: this frame's stay)
    const kept = loadValues(storage, lab.id, state.specs);
    let code = loadCode(storage, lab.id, [...page.cells.keys()]);
    try {
      if (storage.getItem(codeKey(lab.id)) !== null && !Object.keys(code).length) code = null;
    } catch { code = null; }
    setLabState(page, { values: kept === null ? null : kept ?? {}, code });
  };
  window.addEventListener("storage", (event) => {
    if (event.storageArea !== storage || !event.key?.startsWith(`transformer-lab:${lab.id}`)) return;
    follow(event.key);
  });
  return tellOtherFrames(window, lab.id, () => {
    follow(progressKey(lab.id));
    follow(null);
  });
}

/**
 * From disk, WebKit hands no storage event (nor a BroadcastChannel message) from one frame of a
 * file to another, though they share the storage: there the frames of one page tell each other
 * that the lab's storage changed, in a message that holds nothing but the lab's id,
 * {type: "transformer-lab:stored", lab}, and each reads the storage again (`reread`). Returns
 * told(), which tells the other frames (a no-op unless the lab is a frame opened from disk).
 */
export function tellOtherFrames(window, lab, reread) {
  const parent = window.parent;
  if (window.location?.protocol !== "file:" || !parent || parent === window) return () => {};
  window.addEventListener("message", ({ source, data }) => {
    if (data?.type !== "transformer-lab:stored" || data.lab !== lab) return;
    // (only a frame of the same page, none of it a secret: the worst a stranger could do is make
    // this frame read its own storage again)
    if (source && source !== window && source !== parent && source.parent === parent) reread();
  });
  return () => {
    for (let i = 0; i < parent.frames.length; i++) {
      const frame = parent.frames[i];
      if (frame !== window) frame.postMessage({ type: "transformer-lab:stored", lab }, "*");
    }
  };
}

/**
 * The lab's values and code become `values` (params not named: their textbook values) and `code`
 * (cells not named: the textbook code), each checked already; null leaves that part as it is.
 * Only what differs changes (and runs). `page` holds {state, cells, editing, setValues}.
 */
export function setLabState(page, { values, code }) {
  const { state } = page;
  if (values) {
    const now = { ...state.textbook, ...values };
    const changed = Object.keys(state.specs).filter((n) => JSON.stringify(now[n]) !== JSON.stringify(state.good[n]));
    if (changed.length) page.setValues(Object.fromEntries(changed.map((n) => [n, now[n]])));
  }
  if (!code) return;
  for (const cell of page.cells.values()) {
    const text = code[cell.step];
    if (text === state.code[cell.step]) continue;
    if (text === undefined) page.editing.resetCode(cell);
    else page.editing.putCode(cell, text);
  }
}
