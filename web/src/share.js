// What leaves the page: a share link (#s= the values, #c= the edited code), the code copied, the
// notebook download. Loaded on the first click on one of them; state.js reads the links (and
// link-start.js starts the page from one).
import { t } from "./i18n.js";

// The longest `#c=` a link gets: state.js's MAX_LINK_CODE_CHARS, the longest it reads (the same
// number, checked by web/test/state.test.mjs; not imported, so that this chunk needs nothing of
// the first load's but i18n).
export const LINK_CODE_CHARS = 8192;

const toBase64Url = (bytes) => {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

/** encodeState({n_keys: "8"}) -> "eyJuX2tleXMiOiI4In0" */
export function encodeState(values) {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(values)));
}

/** encodeCode({"2": "print(1)"}) -> "q1YyUrJSKijKzCvRMNRUqgUA" (never longer than the input's base64) */
export async function encodeCode(code) {
  const stream = new Blob([JSON.stringify(code)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** `page` holds {window, document, lang, lab, content, responses, state, announce, showNotice}. */
export function createSharing(page) {
  const { window, document, lang, lab, state } = page;

  // Copies `text`; the button says so a moment, and a screen reader hears `done`. False when the
  // clipboard is not there (permission, insecure context).
  async function copy(text, button, done) {
    try {
      await window.navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    const label = button.textContent;
    button.textContent = t(lang, "copied");
    setTimeout(() => { button.textContent = label; }, 1500);
    page.announce(t(lang, done));
    return true;
  }

  async function copyCode(cell, button) {
    const response = page.responses[cell.step];
    if (await copy(`${response.prelude || ""}${response.source}`, button, "codeCopied")) return;
    // No clipboard: select the code so the learner can copy it.
    document.getSelection().selectAllChildren(cell.section.querySelector(".code-box > pre.code:last-child"));
    page.announce(t(lang, "copyFailed"));
  }

  /** A link to the lab as it is: copied, or else put in the address bar. */
  async function share(button) {
    const url = new URL(window.location.href);
    const parts = [`s=${encodeState(state.good)}`];
    if (Object.keys(state.code).length) {
      const packed = await encodeCode(state.code);
      if (packed.length > LINK_CODE_CHARS) {
        // Too long for a link that mail and chat keep whole: the notebook carries any length.
        page.showNotice(t(lang, "codeTooLong"), { info: true });
        page.announce(t(lang, "codeTooLong"));
        return;
      }
      parts.push(`c=${packed}`);
    }
    // The offline single-file page names the lab in the fragment (#ch1-lab2&s=…); keep it.
    url.hash = `${url.hash.includes(lab.id) ? `${lab.id}&` : ""}${parts.join("&")}`;
    if (!(await copy(url.href, button, parts.length > 1 ? "linkCodeCopied" : "linkCopied"))) {
      window.history.replaceState(null, "", url.href);
      page.announce(t(lang, "copyFailed"));
    }
  }

  async function downloadNotebook() {
    const { buildNotebook } = await import("./notebook.js");
    const notebook = buildNotebook({ lab: lab.id, content: page.content, responses: page.responses, lang });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(notebook, null, 1)], { type: "application/x-ipynb+json" }));
    link.download = `${lab.id}.ipynb`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  return { copyCode, share, downloadNotebook };
}
