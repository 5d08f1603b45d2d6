// Runs before anything else in every page the engine tests open: the test server puts it first in
// each HTML page it serves (a same-origin <script src>, so the page's CSP is unchanged), and the
// file:// tests inline it into a copy of the offline page. It notes what a page must never do, in
// every engine alike (WebKitWebDriver shows a driver no console at all): uncaught errors,
// unhandled rejections, console.error calls, CSP violations and dialogs. The notes go to
// sessionStorage too, so that they outlive a navigation and a same-origin frame's land beside its
// host's; the test reads them with readProblems() in engines.mjs.
(() => {
  const KEY = "tlab-test-problems";
  const notes = (window.tlabProblems = []);
  let store = null;
  try {
    store = window.sessionStorage;
  } catch {
    // A sandboxed or opaque-origin document has no storage: its notes stay in tlabProblems.
  }
  const where = window.top === window ? "" : `[frame ${location.pathname}] `;
  const note = (text) => {
    notes.push(where + text);
    try {
      const saved = JSON.parse(store.getItem(KEY) || "[]");
      saved.push(where + text);
      store.setItem(KEY, JSON.stringify(saved));
    } catch {
      // no storage: see above
    }
  };
  const describe = (value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));

  window.addEventListener("error", (event) => {
    if (event instanceof ErrorEvent) note(`pageerror: ${event.message} (${event.filename}:${event.lineno})`);
    else note(`failed to load: <${event.target?.localName}> ${event.target?.src || event.target?.href || ""}`);
  }, true); // capture: a failed <img> or <script> does not bubble
  window.addEventListener("unhandledrejection", (event) => note(`unhandled rejection: ${describe(event.reason)}`));
  document.addEventListener("securitypolicyviolation", (event) =>
    note(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  const error = console.error;
  console.error = function (...args) {
    note(`console.error: ${args.map(describe).join(" ")}`);
    return error.apply(this, args);
  };
  for (const name of ["alert", "confirm", "prompt"]) {
    window[name] = (message) => {
      note(`dialog (${name}): ${message}`);
      return name === "confirm" ? false : null;
    };
  }
})();
