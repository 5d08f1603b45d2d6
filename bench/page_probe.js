// Put first in every page's <head> by the test server (serveSite() in web/test/engines.mjs, for
// first_load.mjs): a classic script, same origin and under the page's CSP, that runs before the
// page's own module in every engine (WebKit's driver has no init scripts), and stamps in
// window.__tlabBench (performance.now(): ms from the navigation's start):
//   workerCreated  the page creates its core worker
//   ready          the core says it is up (the worker's {ready} message reaches the page)
//   posted, answered  each request to a core worker and its answer (progress reports aside)
//   clicked        with ?probe=run: at "ready" (the run buttons come on) step 1's run button is
//                  clicked, as a learner's first click would be at the earliest
//   drawn          {"step-1": ms, ...}: when each cell's outputs element is first replaced
//   problems       page errors, unhandled rejections and CSP violations
(function () {
  "use strict";
  var t = { posted: [], answered: [], drawn: {}, problems: [] };
  window.__tlabBench = t;
  try { localStorage.clear(); } catch (e) { /* no storage: nothing to clear */ }
  addEventListener("error", function (e) { t.problems.push("error: " + e.message); });
  addEventListener("unhandledrejection", function (e) { t.problems.push("unhandled rejection: " + (e.reason && e.reason.message || e.reason)); });
  document.addEventListener("securitypolicyviolation", function (e) {
    t.problems.push("CSP violation: " + e.violatedDirective + " " + e.blockedURI);
  });
  var NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      if (t.workerCreated === undefined) t.workerCreated = performance.now();
      super(url, options);
      this.addEventListener("message", function (event) {
        var data = event.data || {};
        if (data.ready !== undefined) { if (t.ready === undefined) t.ready = performance.now(); }
        else if (data.id !== undefined && !("progress" in data)) t.answered.push(performance.now());
      });
    }
    postMessage(message, transfer) {
      if (message && message.id !== undefined) t.posted.push(performance.now());
      return transfer === undefined ? super.postMessage(message) : super.postMessage(message, transfer);
    }
  };
  var runAtReady = /(^|[?&])probe=run(&|$)/.test(location.search);
  var initial = {};
  var observer = new MutationObserver(function () {
    var runAll = document.querySelector('[data-action="run-all"]');
    if (runAtReady && t.clicked === undefined && runAll && !runAll.disabled) {
      t.clicked = performance.now();
      document.querySelector('#step-1 button[data-action="run"]').click();
    }
    var cells = document.querySelectorAll("section.cell");
    for (var k = 0; k < cells.length; k++) {
      var outputs = cells[k].querySelector(".outputs");
      if (!outputs) continue; // not parsed yet
      if (!(cells[k].id in initial)) initial[cells[k].id] = outputs;
      else if (outputs !== initial[cells[k].id] && !(cells[k].id in t.drawn)) t.drawn[cells[k].id] = performance.now();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
})();
