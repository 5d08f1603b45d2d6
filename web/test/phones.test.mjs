// Phones, tablets and desktops: every lab in both languages at 320, 375, 414, 768 and 1280 px
// wide, in every engine (engines.mjs: Chromium, Firefox ESR, WebKitGTK) against build/web served
// with the page's CSP. Chromium and Firefox get a viewport of that width; MiniBrowser's window
// cannot be narrower than 447 px, so in WebKit a phone is the page inside an iframe of that width
// in a harness page (phone-frame.html, served by the test server) and is measured inside the frame.
// Fails when the page scrolls sideways, a chart is wider than its box or scrolls inside it, chart
// or flow diagram text renders below 11 CSS px, a label is cut off or runs into another, a chart is
// not drawn for the width of its box, a chart's data table does not open, a table cell breaks a
// word over two lines, or the page notes a problem (collector.js).
//   node --test web/test/phones.test.mjs      (after ./lab build)
//   TLAB_ENGINES=webkit node --test web/test/phones.test.mjs
// Screenshots: build/web-test/phones/<engine>/<page>-<width>.png (whole page),
// <page>-<width>-chart<k>.png (each chart), <page>-<width>-tables.png (the data tables open),
// *-edge-* (many values), *-nojs-* (the pre-rendered page without JavaScript).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import { ROOT, SITE, labrun } from "./browser-support.mjs";
import { MIN_VIEWPORT_WIDTH, enginesToTest, launch, serveSite } from "./engines.mjs";

const SHOTS = join(ROOT, "build/web-test/phones");
const WIDTHS = [320, 375, 414, 768, 1280];
const PHONES = [320, 375, 414];
const HEIGHT = 800;
const MIN_TEXT = 11; // CSS px, as rendered
// Every lab of labs/ (labrun's listing), a new one included with no change here.
const PAGES = labrun({ list: true }).labs.flatMap(({ id }) => [id, `${id}.en`]);
const HARNESS = { path: "/tlab-test-phone-frame.html", source: readFileSync(new URL("phone-frame.html", import.meta.url), "utf8") };
const FRAME = "#phone";

// Values that crowd the charts, for the labs that have some: 12 scores (negative, and e^z up to
// 1408), 8 d_k values up to 4096 and 60 keys, a 12 × 12 heatmap. The page gets them as a share
// link; labrun says what the charts must show.
const CROWDED = {
  "ch1-lab2": { z: [-3.5, 2, 0.1, 7.25, -0.5, 1, 4, -2, 0, 3.3, 5, 1.5] },
  "ch3-lab2": { d_k_values: [1, 3, 16, 100, 512, 1024, 2000, 4096], n_keys: 60 },
  "ch3-lab3": { seq_len: 12, causal: false },
};

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const b64url = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
// A share link's state: each value as typed (a boolean as Python writes it).
const typed = (v) => (typeof v === "boolean" ? (v ? "True" : "False") : String(v));
const shareState = (params) => Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : typed(v)]));

// Every function below that runs in the page takes `frame`: null for the page itself, or the
// selector of the harness's iframe whose document (same origin) it is about.

// Runs in the page: what is wrong with the layout for a learner at this width.
// `exact`: the script has run, so each chart must be drawn for the width of its box.
function layoutProblems({ frame, minText, exact }) {
  const doc = frame ? document.querySelector(frame).contentDocument : document;
  const win = doc.defaultView;
  const found = [];
  const shown = (el) => el.getClientRects().length > 0;
  const root = doc.documentElement;
  if (root.scrollWidth > root.clientWidth) found.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth}`);
  // The flow diagram may scroll sideways in its own box, but its labels stay readable.
  for (const text of [...doc.querySelectorAll("#flow svg text")].filter(shown)) {
    const m = text.getScreenCTM();
    const size = parseFloat(win.getComputedStyle(text).fontSize) * Math.hypot(m.a, m.b);
    if (size < minText - 0.01) found.push(`flow: "${text.textContent.trim().slice(0, 24)}" is ${size.toFixed(2)} px`);
  }
  // A table's cell wraps between words, never inside one (Korean wraps between any two
  // syllables unless told not to): each word's text lies on one line. (Chromium lays out a
  // closed <details> too: checkVisibility() tells what is on screen.)
  for (const cell of [...doc.querySelectorAll("th, td")].filter((el) => shown(el) && el.checkVisibility())) {
    const walk = doc.createTreeWalker(cell, win.NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const word of node.textContent.matchAll(/\S+/g)) {
        const range = doc.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
        if (lines.size > 1) found.push(`a table cell breaks "${word[0]}" over ${lines.size} lines`);
      }
    }
  }
  const figures = [...doc.querySelectorAll("figure.chart")].filter(shown);
  if (!figures.length) found.push("no chart is shown");
  for (const figure of figures) {
    const name = `${figure.closest("section.cell")?.id} ${figure.className.replace(/^chart /, "")}`;
    const style = win.getComputedStyle(figure);
    const outer = figure.getBoundingClientRect();
    const left = outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = outer.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    if (figure.scrollWidth > figure.clientWidth) found.push(`${name}: its content is ${figure.scrollWidth} px wide in ${figure.clientWidth}`);
    // Everything in the chart stays inside its box; only a data table may scroll, in its own box.
    for (const el of figure.querySelectorAll("*")) {
      if (!shown(el) || el.parentElement.closest(".table-scroll")) continue;
      const r = el.getBoundingClientRect();
      if (r.left < left - 0.5 || r.right > right + 0.5) {
        found.push(`${name}: <${el.localName} class="${el.getAttribute("class") ?? ""}"> spans ${r.left.toFixed(1)}–${r.right.toFixed(1)}, its box ${left.toFixed(1)}–${right.toFixed(1)}`);
      }
      const overflowX = win.getComputedStyle(el).overflowX;
      if (!el.classList.contains("table-scroll") && ["auto", "scroll"].includes(overflowX) && el.scrollWidth > el.clientWidth) {
        found.push(`${name}: <${el.localName} class="${el.getAttribute("class")}"> scrolls sideways`);
      }
    }
    // Text at its size as rendered: an SVG's scale (and a label's rotation) included.
    for (const el of figure.querySelectorAll("*")) {
      if (!shown(el) || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      let size = parseFloat(win.getComputedStyle(el).fontSize);
      if (el instanceof win.SVGElement) {
        const m = el.getScreenCTM();
        size *= Math.hypot(m.a, m.b);
      }
      if (size < minText - 0.01) found.push(`${name}: "${el.textContent.trim().slice(0, 24)}" is ${size.toFixed(2)} px`);
    }
    // Labels inside their picture and clear of each other (boxes trimmed by a fifth across the
    // line of text, where a font's box has room above and below its glyphs).
    for (const svg of [...figure.querySelectorAll("svg")].filter(shown)) {
      const box = svg.getBoundingClientRect();
      const boxes = [...svg.querySelectorAll("text")].filter(shown).map((t) => {
        const r = t.getBoundingClientRect();
        const across = r.width >= r.height;
        const trim = 0.2 * Math.min(r.width, r.height);
        return {
          text: t.textContent, r,
          x0: r.left + (across ? 0 : trim), x1: r.right - (across ? 0 : trim),
          y0: r.top + (across ? trim : 0), y1: r.bottom - (across ? trim : 0),
        };
      });
      for (const b of boxes) {
        if (b.r.left < box.left - 1 || b.r.right > box.right + 1 || b.r.top < box.top - 1 || b.r.bottom > box.bottom + 1) {
          found.push(`${name}: "${b.text}" is cut off by the picture's edge`);
        }
      }
      boxes.forEach((a, i) => {
        for (const b of boxes.slice(i + 1)) {
          if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5) {
            found.push(`${name}: "${a.text}" and "${b.text}" overlap`);
          }
        }
      });
    }
    if (exact) {
      const pictures = [...figure.querySelectorAll(".chart-picture")].filter(shown);
      const width = pictures[0]?.getBoundingClientRect().width;
      if (pictures.length !== 1) found.push(`${name}: ${pictures.length} pictures shown`);
      else if (Math.abs(width - Number(pictures[0].dataset.width)) >= 1) {
        found.push(`${name}: drawn for ${pictures[0].dataset.width} px in a box of ${width.toFixed(1)} px`);
      }
    }
  }
  return found;
}

// Runs in the page: opens (or closes) every shown chart's data table; says what each shows.
function toggleTables({ frame, open }) {
  const doc = frame ? document.querySelector(frame).contentDocument : document;
  return [...doc.querySelectorAll("figure.chart details.chart-data")].filter((d) => d.getClientRects().length).map((details) => {
    if (details.open !== open) details.querySelector("summary").click();
    const table = details.querySelector("table");
    return { open: details.open, height: table.getBoundingClientRect().height, rows: table.rows.length };
  });
}

// Runs in the page: the boxes of the shown charts and of the whole page, in px of the top
// document (the frame's place in the harness added), for one screenshot each.
function pageBoxes({ frame }) {
  const el = frame ? document.querySelector(frame) : null;
  const doc = el ? el.contentDocument : document;
  const origin = el ? el.getBoundingClientRect() : { left: 0, top: 0 };
  const dx = origin.left + scrollX;
  const dy = origin.top + scrollY;
  const root = doc.documentElement;
  return {
    page: { x: dx, y: dy, width: root.clientWidth, height: root.scrollHeight },
    charts: [...doc.querySelectorAll("figure.chart")].filter((f) => f.getClientRects().length).map((f) => {
      const r = f.getBoundingClientRect();
      return { x: r.left + dx + doc.defaultView.scrollX, y: r.top + dy + doc.defaultView.scrollY, width: r.width, height: r.height };
    }),
  };
}

// Runs in the page: the core is up and every shown chart is drawn for its box.
function settled({ frame }) {
  const doc = frame ? document.querySelector(frame).contentDocument : document;
  if (!doc || doc.readyState !== "complete") return false;
  if (doc.querySelector('[data-action="run-all"]')?.disabled !== false) return false;
  return [...doc.querySelectorAll(".chart-picture")].filter((p) => p.getClientRects().length).every((p) =>
    Math.abs(p.getBoundingClientRect().width - Number(p.dataset.width)) < 1) && !doc.querySelector(".cell.is-running");
}

// Runs in the page: the width of the viewport the lab page has (the frame's, when framed).
function viewportWidth({ frame }) {
  return (frame ? document.querySelector(frame).contentWindow : window).innerWidth;
}

// Runs in the page: the values of the shown bars of step `step`'s charts.
function shownBars({ frame, step }) {
  const doc = frame ? document.querySelector(frame).contentDocument : document;
  return [...doc.querySelectorAll(`#step-${step} .chart-picture rect.bar`)].filter((r) => r.getClientRects().length).map((r) => r.dataset.value);
}

// Runs in the page: whether step `step` has no run in flight and shows the bars `want`.
function barsAre({ frame, step, want }) {
  const doc = frame ? document.querySelector(frame).contentDocument : document;
  const cell = doc.getElementById(`step-${step}`);
  const bars = [...doc.querySelectorAll(`#step-${step} .chart-picture rect.bar`)].filter((r) => r.getClientRects().length).map((r) => r.dataset.value);
  return cell !== null && !cell.classList.contains("is-running") && JSON.stringify(bars) === JSON.stringify(want);
}

// The bars step `step` must show for `params`, from labrun's response: the outputs' bar charts,
// then the softmax stages (z, e^z with inf for an overflow, p) and the d_k sweep (before, after).
function expectedBars(lab, step, params) {
  const response = labrun({ lab, step, params });
  const bars = [];
  for (const out of response.outputs) {
    const chart = out.data?.["application/vnd.transformer-lab.chart+json"];
    if (chart) bars.push(...chart.series.flatMap((s) => s.values.map(String)));
  }
  for (const visual of (response.visuals || []).filter((v) => v.kind === "stages")) {
    bars.push(...visual.stages.flatMap((values) => values.filter((v) => typeof v === "number" || v === "inf").map(String)));
  }
  if (lab === "ch3-lab2" && step === 1) {
    const table = response.outputs.find((o) => o.data?.["application/vnd.transformer-lab.table+json"]).data["application/vnd.transformer-lab.table+json"];
    bars.push(...table.rows.flatMap((row) => [String(row[2]), String(row[3])]));
  }
  return bars;
}

// Polls `fn(arg)` in the page until it returns something truthy (or `timeout` ms pass); returns its last value.
async function until(target, fn, arg, { timeout = 30000, every = 100 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await target.evaluate(fn, arg).catch(() => false); // a document on its way in
    if (value || Date.now() > end) return value;
    await sleep(every);
  }
}

/**
 * A lab page `width` CSS px wide in `browser`: its own viewport where the engine allows it, else
 * (or with `frame`) the harness's iframe of that width. {page, frame, goto(url), resize(width,
 * height), measure(fn, arg), shoot(name, {charts}), close()}; `sandbox` frames the page with
 * scripts off (the harness's frame without allow-scripts: JavaScript off, in every engine).
 * `widest`: the widest the view will be resized to (the harness's window holds that frame).
 */
async function openView(browser, site, width, { height = HEIGHT, frame = false, sandbox = false, widest = width } = {}) {
  const framed = frame || sandbox || width < MIN_VIEWPORT_WIDTH[browser.engine];
  const page = await browser.newPage(framed
    ? { width: Math.max(MIN_VIEWPORT_WIDTH[browser.engine], widest + 20), height: height + 20 }
    : { width, height });
  const where = framed ? FRAME : null;
  const setFrame = (w, h) => page.evaluate(({ selector, w: fw, h: fh }) => {
    const el = document.querySelector(selector);
    el.width = String(fw);
    el.height = String(fh);
  }, { selector: FRAME, w, h });
  if (framed) {
    await page.goto(`${site.base}${HARNESS.path.slice(1)}`);
    // The page's CSP allows no style attribute in the harness's markup: set through the CSSOM.
    await page.evaluate(({ selector, sandboxed }) => {
      document.body.style.margin = "0";
      const el = document.querySelector(selector);
      Object.assign(el.style, { border: "0", display: "block" });
      if (sandboxed) el.setAttribute("sandbox", "allow-same-origin");
    }, { selector: FRAME, sandboxed: sandbox });
    await setFrame(width, height);
  }
  let size = { width, height };
  const view = {
    page,
    frame: where,
    async goto(url) {
      if (!framed) return page.goto(url);
      // A blank page first: a URL that differs only in its fragment would not load the page again.
      for (const src of ["about:blank", url]) {
        await page.evaluate(({ selector, s }) => { document.querySelector(selector).src = s; }, { selector: FRAME, s: src });
        await page.waitForFunction(({ selector, s }) => {
          const doc = document.querySelector(selector).contentDocument;
          // (the page may drop the fragment as it starts: a share link's state moves to storage)
          return doc?.readyState === "complete" && doc.location.href.split("#")[0] === s.split("#")[0];
        }, { selector: FRAME, s: src }, { what: `the frame to load ${src}` });
      }
    },
    async resize(w, h) {
      size = { width: w, height: h };
      return framed ? setFrame(w, h) : page.setViewport({ width: w, height: h });
    },
    measure: (fn, arg = {}) => page.evaluate(fn, { ...arg, frame: where }),
    until: (fn, arg = {}, options) => until(page, fn, { ...arg, frame: where }, options),
    async shoot(name, { charts = true } = {}) {
      const dir = join(SHOTS, browser.engine);
      // A framed page is photographed whole: the frame grows to its content, then goes back.
      if (framed) await page.evaluate(({ selector }) => {
        const el = document.querySelector(selector);
        el.height = String(el.contentDocument.documentElement.scrollHeight);
      }, { selector: FRAME });
      try {
        const boxes = await page.evaluate(pageBoxes, { frame: where });
        await page.screenshots([
          { path: join(dir, `${name}.png`), ...(framed ? { clip: boxes.page } : { fullPage: true }) },
          ...(charts ? boxes.charts.map((clip, k) => ({ path: join(dir, `${name}-chart${k}.png`), clip })) : []),
        ]);
      } finally {
        if (framed) await setFrame(size.width, size.height);
      }
    },
    close: () => page.close(),
  };
  return view;
}

/**
 * Runs `fn(view, width)` at each of `widths`, resizing a view between them: one view for the
 * widths the engine's own viewport takes and one for those that need the harness's frame (each
 * WebKit view is a MiniBrowser of its own). Fails on whatever a page noted (collector.js, the
 * driver) unless `check` is false.
 */
async function atWidths(browser, site, widths, fn, { check = true, sandbox = false } = {}) {
  const framed = (w) => sandbox || w < MIN_VIEWPORT_WIDTH[browser.engine];
  for (const group of [widths.filter(framed), widths.filter((w) => !framed(w))]) {
    if (!group.length) continue;
    const view = await openView(browser, site, group[0], { sandbox, widest: Math.max(...group) });
    try {
      for (const width of group) {
        await view.resize(width, HEIGHT);
        assert.equal(await view.measure(viewportWidth), width, `the page's viewport is ${width} px wide`);
        await fn(view, width);
      }
      if (check) assert.deepEqual(await view.page.problems(), [], "no page errors, rejections, console errors, CSP violations or dialogs");
    } finally {
      await view.close();
    }
  }
}

assert.ok(existsSync(join(SITE, "ch1-lab2.html")), `${SITE} is missing: run ./lab build first`);

for (const engine of enginesToTest()) {
  describe(`phones and wide screens in ${engine}`, () => {
    let browser;
    let site;
    before(async () => {
      mkdirSync(join(SHOTS, engine), { recursive: true });
      site = await serveSite({ files: [HARNESS] });
      browser = await launch(engine);
    });
    after(async () => {
      await browser?.close();
      await site?.close();
    });

    for (const name of PAGES) {
      test(`${name}: fits at ${WIDTHS.join(", ")} px, the data tables open`, async () => {
        await atWidths(browser, site, WIDTHS, async (view, width) => {
          await view.goto(`${site.base}${name}.html`);
          assert.ok(await view.until(settled), `${name} at ${width} px: the core did not come up, or a chart was not laid out for its box`);
          assert.deepEqual(await view.measure(layoutProblems, { minText: MIN_TEXT, exact: true }), [], `${name} at ${width} px`);
          if (width !== 414) await view.shoot(`${name}-${width}`);

          const tables = await view.measure(toggleTables, { open: true });
          assert.ok(tables.length >= 1, `${name} at ${width} px: charts with data tables`);
          for (const t of tables) assert.ok(t.open && t.height > 0 && t.rows >= 2, `${name} at ${width} px: a data table opens (${JSON.stringify(t)})`);
          assert.deepEqual(await view.measure(layoutProblems, { minText: MIN_TEXT, exact: true }), [], `${name} at ${width} px, tables open`);
          if (width === 320) await view.shoot(`${name}-${width}-tables`, { charts: false });
          assert.ok((await view.measure(toggleTables, { open: false })).every((t) => !t.open), `${name} at ${width} px: the tables close`);
        });
      });
    }

    for (const lab of Object.keys(CROWDED)) {
      test(`${lab}: crowded charts (${Object.keys(CROWDED[lab]).join(", ")}) at ${PHONES.join(", ")} and 1280 px`, async () => {
        const params = CROWDED[lab];
        const want = Object.fromEntries([1, 2, 3].map((step) => [step, expectedBars(lab, step, params)]));
        await atWidths(browser, site, [...PHONES, 1280], async (view, width) => {
          // Storage first: the link's values, not an earlier width's, must be what the page shows.
          await view.measure(({ frame }) => { try { (frame ? document.querySelector(frame).contentWindow : window).localStorage.clear(); } catch {} });
          await view.goto(`${site.base}${lab}.html#s=${b64url(shareState(params))}`);
          assert.ok(await view.until(settled), `${lab} at ${width} px: the core did not come up`);
          for (const step of [1, 2, 3]) {
            await view.until(barsAre, { step, want: want[step] });
            assert.deepEqual(await view.measure(shownBars, { step }), want[step], `${lab} step ${step} at ${width} px: the bars are labrun's values`);
          }
          assert.ok(await view.until(settled), `${lab} at ${width} px: a chart was not laid out for its box`);
          assert.deepEqual(await view.measure(layoutProblems, { minText: MIN_TEXT, exact: true }), [], `${lab} with crowded values at ${width} px`);
          await view.shoot(`${lab}-edge-${width}`);
        });
      });
    }

    test("a turned phone and a resized window lay the charts out again, a data table stays open", async () => {
      // In WebKit the frame is resized (the window cannot go below 447 px); elsewhere the viewport.
      const view = await openView(browser, site, 1280, { frame: MIN_VIEWPORT_WIDTH[engine] > 320 });
      try {
        await view.goto(`${site.base}ch3-lab2.html`);
        assert.ok(await view.until(settled));
        await view.measure(({ frame }) => {
          const doc = frame ? document.querySelector(frame).contentDocument : document;
          doc.querySelector("#step-1 details.chart-data summary").click();
        });
        for (const [width, height] of [[320, 640], [640, 360], [375, 700], [1280, 800]]) {
          await view.resize(width, height);
          assert.equal(await view.measure(viewportWidth), width, `the page's viewport is ${width} px wide`);
          assert.ok(await view.until(settled), `at ${width} px a chart was not laid out again for its box`);
          assert.deepEqual(await view.measure(layoutProblems, { minText: MIN_TEXT, exact: true }), [], `resized to ${width} px`);
          assert.equal(await view.measure(({ frame }) => (frame ? document.querySelector(frame).contentDocument : document)
            .querySelector("#step-1 details.chart-data").open), true, `at ${width} px the open table stays open`);
          if (width === 640) await view.shoot("ch3-lab2-turned-640");
        }
        assert.deepEqual(await view.page.problems(), [], "no page errors, rejections, console errors, CSP violations or dialogs");
      } finally {
        await view.close();
      }
    });

    test("without JavaScript the pre-rendered charts fit, text at 11 px or more", async () => {
      // A frame without allow-scripts runs no script at all: the page as the build wrote it.
      // Blocked scripts are what this test is about, and engines say so on their consoles: the
      // page's notes are not checked here.
      await atWidths(browser, site, WIDTHS, async (view, width) => {
        for (const name of PAGES) {
          await view.goto(`${site.base}${name}.html`);
          assert.equal(await view.measure(({ frame }) => document.querySelector(frame).contentDocument.querySelector('[data-action="run-all"]')?.disabled), true,
            `${name} at ${width} px: no script ran in the frame`);
          // the layout for a 320-px phone, scaled to its box (at most 1.4 times on wider screens)
          assert.deepEqual(await view.measure(layoutProblems, { minText: MIN_TEXT, exact: false }), [], `${name} at ${width} px without JavaScript`);
          if (width === 320 || width === 768) await view.shoot(`${name}-nojs-${width}`, { charts: width === 320 });
        }
      }, { sandbox: true, check: false });
    });
  });
}
