// The page's start: from a shared link (#s= the values, #c= the edited code), else from what this
// browser kept, else the textbook. A link's code replaces the code kept here, which is kept aside
// and offered back (the learner's work is never lost to a link). share.js makes the links.
import { t } from "./i18n.js";
import { decodeCode, decodeState, loadValues, saveValues } from "./state.js";

// The notice's offer to bring back the code a link replaced.
function offerCodeBack(page) {
  const { document, lang, state } = page;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "notice-action";
  button.textContent = t(lang, "codeBack");
  button.addEventListener("click", () => {
    const kept = state.takeCodeAside();
    if (!kept) return;
    for (const cell of page.cells.values()) {
      if (state.code[cell.step] !== undefined && kept[cell.step] === undefined) page.editing.resetCode(cell);
    }
    for (const [step, text] of Object.entries(kept)) page.editing.putCode(page.cells.get(Number(step)), text);
    page.showNotice(t(lang, "codeBackDone"), { info: true });
  });
  page.notice.append(" ", button);
}

/**
 * Starts from a shared link (#s=… and #c=…), else from what this browser saved, else the
 * textbook values; a link's code replaces the code kept here (kept aside, offered back). The
 * fragment may also name a cell: #step-2, #step-2&s=…, or #ch3-lab2/step-2.
 * @returns a promise settled once the start is applied
 */
export function startFromLink(page) {
  const { window, document, lang, lab, state } = page;
  const parts = window.location.hash.slice(1).split("&");
  const shared = parts.find((p) => p.startsWith("s="));
  const sharedCode = parts.find((p) => p.startsWith("c="));
  const linked = sharedCode ? decodeCode(sharedCode.slice(2), [...page.cells.keys()]) : Promise.resolve(null);
  const started = linked.then((linkCode) => {
    const replaced = linkCode ? state.takeLinkCode(linkCode) : false;
    // the cells with code of the learner's show and run it
    page.view.showCodeNote();
    for (const step of Object.keys(state.code)) {
      const cell = page.cells.get(Number(step));
      page.editing.editCode(cell, { focus: false }).then(() => { for (const c of page.runs.codeReaders(cell)) page.runs.run(c); });
    }
    const values = shared ? decodeState(shared.slice(2), state.specs) : loadValues(page.storage, lab.id, state.specs);
    const restored = Boolean(values && Object.keys(values).length);
    if (values === null) page.showNotice(t(lang, "badState"));
    else if (sharedCode && !linkCode) page.showNotice(t(lang, "badCode"));
    else if (linkCode) page.showNotice(t(lang, "fromLinkCode"), { info: true });
    else if (restored) page.showNotice(t(lang, shared ? "fromLink" : "restored"), { info: true });
    if (replaced) offerCodeBack(page);
    if (values === null && page.storage && !shared) saveValues(page.storage, lab.id, {}, {});
    if (restored) page.setValues(values);
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
  return started;
}
