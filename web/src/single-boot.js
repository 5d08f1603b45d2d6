// single-boot.js — the start-up of the offline page (build/web/transformer-lab.html, made by
// web/tools/build-single.mjs): one file holding the index and every lab, opened from disk.
//
// Under file:// there are no module scripts, no import() and no workers loaded by URL, so the
// core's worker is made from a Blob of its source (stored in the page as JSON), and each lab's
// pre-rendered <main> waits in a <template data-lab="…">. One view is in the document at a time,
// chosen by the fragment: #ch1-lab2 (or #ch1-lab2/step-2), #index or none for the index (or for
// the lab of a one-lab file, body[data-start-view]). A lab
// starts (startLabPage, the served page's own code) the first time it is shown; afterwards its
// <main> is kept, edits and all, while another view is shown.
import { t } from "./i18n.js";
import { connectLms } from "./lms.js";
import { startLabPage } from "./page.js";

/**
 * A view of `document` confined to one lab's <main> (`root`), for startLabPage: lookups find that
 * lab's elements (or page chrome outside any <main>), never another lab's, and document-level
 * listeners only hear events while the lab is shown. Everything else is the real document.
 */
export function scopedDocument(document, root) {
  const outsideMains = (node) => (node && !node.closest("main") ? node : null);
  const wrapped = new WeakMap();
  const own = {
    getElementById: (id) => root.querySelector(`#${CSS.escape(id)}`) ?? outsideMains(document.getElementById(id)),
    querySelector: (selector) => root.querySelector(selector) ?? [...document.querySelectorAll(selector)].find(outsideMains) ?? null,
    querySelectorAll: (selector) => [...root.querySelectorAll(selector), ...[...document.querySelectorAll(selector)].filter(outsideMains)],
    addEventListener(type, listener, options) {
      if (!wrapped.has(listener)) {
        wrapped.set(listener, function (event) {
          if (!root.isConnected) return undefined;
          return typeof listener === "function" ? listener.call(this, event) : listener.handleEvent(event);
        });
      }
      document.addEventListener(type, wrapped.get(listener), options);
    },
    removeEventListener(type, listener, options) {
      if (wrapped.has(listener)) document.removeEventListener(type, wrapped.get(listener), options);
    },
  };
  return new Proxy(document, {
    get(target, prop) {
      if (Object.hasOwn(own, prop)) return own[prop];
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Starts the offline page: the view the fragment names, and the others on demand.
 * @returns {{show: (view: string) => void, labs: Map<string, {main: Element|null, page: object|null}>}}
 */
export function startOfflinePage(document, { window = document.defaultView } = {}) {
  const source = JSON.parse(document.getElementById("tlab-core-worker-source").textContent);
  const workerUrl = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  // A classic worker: under file:// (origin "null") Chromium refuses a *module* worker even from
  // a Blob URL, which is what createCoreClient would make by default.
  const createWorker = (url) => new window.Worker(url, { name: "tlab-core" });

  const index = { main: document.querySelector("main"), title: document.title };
  // A file of one lab (a SCORM package's) opens on it; the course's file, on its index.
  const start = document.body.dataset.startView || "";
  const scorm = document.querySelector('meta[name="tlab-scorm"]')?.content || null;
  const labs = new Map();
  for (const template of document.querySelectorAll("template[data-lab]")) {
    labs.set(template.dataset.lab, { template, title: template.dataset.title, main: null, page: null });
  }

  function show(view) {
    const lab = labs.get(view);
    if (lab && !lab.main) lab.main = document.importNode(lab.template.content, true).querySelector("main");
    const next = lab ? lab.main : index.main;
    const current = document.querySelector("main");
    if (current !== next) {
      current.replaceWith(next);
      window.scrollTo(0, 0);
    }
    document.title = lab ? lab.title : index.title;
    for (const link of document.querySelectorAll(".site-nav a[data-view]")) {
      if (link.dataset.view === (lab ? view : "index")) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    // The language switch leads to the same view in the other language's file.
    for (const link of document.querySelectorAll('.site-nav a[href^="transformer-lab"]')) {
      link.setAttribute("href", `${link.getAttribute("href").split("#")[0]}#${lab ? view : "index"}`);
    }
    if (lab && !lab.page) {
      lab.page = startLabPage(scopedDocument(document, next), { workerUrl, createWorker, window });
      // A SCORM package's file (one lab): the LMS keeps the learner's work and hears of their progress.
      const lang = document.documentElement.lang === "en" ? "en" : "ko";
      if (scorm && lab.page) {
        const labPage = lab.page;
        connectLms(window, labPage, { version: scorm, lang }).catch((err) => labPage.notice(t(lang, "lmsFailed", { message: err?.message ?? err })));
      }
    }
  }

  // #ch3-lab2, #ch3-lab2/step-2, #ch3-lab2&s=…: that lab; #index or nothing: the index; any
  // other fragment (#main from the skip link, #step-2) points inside the current view.
  function route() {
    const view = window.location.hash.slice(1).split("&")[0].split("/")[0] || start;
    if (view === "" || view === "index" || labs.has(view)) show(view);
  }
  window.addEventListener("hashchange", route);
  route();
  return { show, labs };
}

if (typeof document !== "undefined" && document.getElementById("tlab-core-worker-source")) {
  startOfflinePage(document);
}
