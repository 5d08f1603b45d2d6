// Phones, tablets and desktops: both labs in both languages at 320, 375, 414, 768 and 1280 px
// wide, in Debian's Chromium (viewport emulation) against build/web served with the page's CSP.
// Fails when the page scrolls sideways, a chart is wider than its box or scrolls inside it, chart
// or flow diagram text renders below 11 CSS px, a label is cut off or runs into another, a chart is
// not drawn for the width of its box, or a chart's data table does not open. The page is only loaded, resized,
// measured (evaluate) and photographed, so the test ports to any browser driver.
//   node --test web/test/phones.test.mjs      (after ./lab build)
// Screenshots: build/web-test/phones/<page>-<width>.png (whole page), <page>-<width>-chart<k>.png
// (each chart), <page>-<width>-tables.png (the data tables open), *-edge-* (many values),
// *-nojs-* (the pre-rendered page without JavaScript).
import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";

import { CHROMIUM, FLAGS, ROOT, SITE, labrun, startBrowser, watch } from "./browser-support.mjs";

const SHOTS = join(ROOT, "build/web-test/phones");
const WIDTHS = [320, 375, 414, 768, 1280];
const PHONES = [320, 375, 414];
const MIN_TEXT = 11; // CSS px, as rendered
const LABS = ["ch1-lab2", "ch3-lab2"];
const PAGES = LABS.flatMap((lab) => [{ lab, page: lab }, { lab, page: `${lab}.en` }]);

// Values that crowd the charts: 12 scores (negative, and e^z up to 1408), 8 d_k values up to
// 4096 and 60 keys. The page gets them as a share link; labrun says what the charts must show.
const CROWDED = {
  "ch1-lab2": { z: [-3.5, 2, 0.1, 7.25, -0.5, 1, 4, -2, 0, 3.3, 5, 1.5] },
  "ch3-lab2": { d_k_values: [1, 3, 16, 100, 512, 1024, 2000, 4096], n_keys: 60 },
};

let browser;
let base;
const problems = []; // console errors, page errors, CSP violations, off-origin requests, dialogs

const b64url = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
const shareState = (params) => Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));

// Runs in the page: what is wrong with the layout for a learner at this width.
// `exact`: the script has run, so each chart must be drawn for the width of its box.
function layoutProblems({ minText, exact }) {
  const found = [];
  const shown = (el) => el.getClientRects().length > 0;
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) found.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth}`);
  // The flow diagram may scroll sideways in its own box, but its labels stay readable.
  for (const text of [...document.querySelectorAll("#flow svg text")].filter(shown)) {
    const m = text.getScreenCTM();
    const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(m.a, m.b);
    if (size < minText - 0.01) found.push(`flow: "${text.textContent.trim().slice(0, 24)}" is ${size.toFixed(2)} px`);
  }
  const figures = [...document.querySelectorAll("figure.chart")].filter(shown);
  if (!figures.length) found.push("no chart is shown");
  for (const figure of figures) {
    const name = `${figure.closest("section.cell")?.id} ${figure.className.replace(/^chart /, "")}`;
    const style = getComputedStyle(figure);
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
      const overflowX = getComputedStyle(el).overflowX;
      if (!el.classList.contains("table-scroll") && ["auto", "scroll"].includes(overflowX) && el.scrollWidth > el.clientWidth) {
        found.push(`${name}: <${el.localName} class="${el.getAttribute("class")}"> scrolls sideways`);
      }
    }
    // Text at its size as rendered: an SVG's scale (and a label's rotation) included.
    for (const el of figure.querySelectorAll("*")) {
      if (!shown(el) || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      let size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) {
        const m = el.getScreenCTM();
        size *= Math.hypot(m.a, m.b);
      }
      if (size < minText - 0.01) found.push(`${name}: "${el.textContent.trim().slice(0, 24)}" is ${size.toFixed(2)} px`);
    }
    // Labels inside their picture and clear of each other (boxes trimmed by a fifth across the
    // line of text, where a font's box has room above and below its glyphs).
    for (const svg of [...figure.querySelectorAll("svg")].filter(shown)) {
      const frame = svg.getBoundingClientRect();
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
        if (b.r.left < frame.left - 1 || b.r.right > frame.right + 1 || b.r.top < frame.top - 1 || b.r.bottom > frame.bottom + 1) {
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
function toggleTables(open) {
  return [...document.querySelectorAll("figure.chart details.chart-data")].filter((d) => d.getClientRects().length).map((details) => {
    if (details.open !== open) details.querySelector("summary").click();
    const table = details.querySelector("table");
    return { open: details.open, height: table.getBoundingClientRect().height, rows: table.rows.length };
  });
}

// Runs in the page: the shown charts' boxes, for one screenshot each.
function chartClips() {
  return [...document.querySelectorAll("figure.chart")].filter((f) => f.getClientRects().length).map((f) => {
    const r = f.getBoundingClientRect();
    return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
  });
}

// Polls `fn(arg)` in the page until it returns something truthy (or `timeout` ms pass); returns its last value.
async function until(page, fn, arg, { timeout = 30000, every = 100 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(fn, arg);
    if (value || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

// Runs in the page: the core is up and every shown chart is drawn for its box.
function settled() {
  if (document.querySelector('[data-action="run-all"]')?.disabled !== false) return false;
  return [...document.querySelectorAll(".chart-picture")].filter((p) => p.getClientRects().length).every((p) =>
    Math.abs(p.getBoundingClientRect().width - Number(p.dataset.width)) < 1) && !document.querySelector(".cell.is-running");
}

// Runs in the page: the values of the shown bars of step `step`'s charts.
function shownBars(step) {
  return [...document.querySelectorAll(`#step-${step} .chart-picture rect.bar`)].filter((r) => r.getClientRects().length).map((r) => r.dataset.value);
}

// Runs in the page: whether step `step` has no run in flight and shows the bars `want`.
function barsAre([step, want]) {
  const bars = [...document.querySelectorAll(`#step-${step} .chart-picture rect.bar`)].filter((r) => r.getClientRects().length).map((r) => r.dataset.value);
  return !document.getElementById(`step-${step}`).classList.contains("is-running") && JSON.stringify(bars) === JSON.stringify(want);
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
  for (const visual of response.visuals || []) bars.push(...["z", "exp_z", "p"].flatMap((k) => visual[k].map((v) => (v === null ? "inf" : String(v)))));
  if (lab === "ch3-lab2" && step === 1) {
    const table = response.outputs.find((o) => o.data?.["application/vnd.transformer-lab.table+json"]).data["application/vnd.transformer-lab.table+json"];
    bars.push(...table.rows.flatMap((row) => [String(row[2]), String(row[3])]));
  }
  return bars;
}

async function shoot(page, name, { charts = true } = {}) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  if (!charts) return;
  const clips = await page.evaluate(chartClips);
  for (const [k, clip] of clips.entries()) await page.screenshot({ path: join(SHOTS, `${name}-chart${k}.png`), clip, fullPage: true });
}

before(async () => {
  assert.ok(existsSync(join(SITE, "ch1-lab2.html")), "build/web is missing: run ./lab build first");
  mkdirSync(SHOTS, { recursive: true });
  browser = await startBrowser();
  base = browser.base;
});

after(async () => {
  await browser?.close();
});

describe("phones and wide screens in Chromium", () => {
  for (const { page: name } of PAGES) {
    test(`${name}: fits at ${WIDTHS.join(", ")} px, the data tables open`, async () => {
      const page = watch(await browser.context.newPage(), base, problems);
      await page.addInitScript(() => { try { localStorage.clear(); } catch {} });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${base}${name}.html`);
        assert.ok(await until(page, settled), `${name} at ${width} px: the core did not come up, or a chart was not laid out for its box`);
        assert.deepEqual(await page.evaluate(layoutProblems, { minText: MIN_TEXT, exact: true }), [], `${name} at ${width} px`);
        await shoot(page, `${name}-${width}`);

        const tables = await page.evaluate(toggleTables, true);
        assert.ok(tables.length >= 1, `${name} at ${width} px: charts with data tables`);
        for (const t of tables) assert.ok(t.open && t.height > 0 && t.rows >= 2, `${name} at ${width} px: a data table opens (${JSON.stringify(t)})`);
        assert.deepEqual(await page.evaluate(layoutProblems, { minText: MIN_TEXT, exact: true }), [], `${name} at ${width} px, tables open`);
        if (width === 320) await shoot(page, `${name}-${width}-tables`, { charts: false });
        assert.ok((await page.evaluate(toggleTables, false)).every((t) => !t.open), `${name} at ${width} px: the tables close`);
      }
      await page.close();
    });
  }

  for (const lab of LABS) {
    test(`${lab}: crowded charts (${Object.keys(CROWDED[lab]).join(", ")}) at ${PHONES.join(", ")} and 1280 px`, async () => {
      const params = CROWDED[lab];
      const want = Object.fromEntries([1, 2, 3].map((step) => [step, expectedBars(lab, step, params)]));
      const page = watch(await browser.context.newPage(), base, problems);
      await page.addInitScript(() => { try { localStorage.clear(); } catch {} });
      for (const width of [...PHONES, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${base}${lab}.html#s=${b64url(shareState(params))}`);
        assert.ok(await until(page, settled), `${lab} at ${width} px: the core did not come up`);
        for (const step of [1, 2, 3]) {
          await until(page, barsAre, [step, want[step]]);
          assert.deepEqual(await page.evaluate(shownBars, step), want[step], `${lab} step ${step} at ${width} px: the bars are labrun's values`);
        }
        assert.ok(await until(page, settled), `${lab} at ${width} px: a chart was not laid out for its box`);
        assert.deepEqual(await page.evaluate(layoutProblems, { minText: MIN_TEXT, exact: true }), [], `${lab} with crowded values at ${width} px`);
        await shoot(page, `${lab}-edge-${width}`);
      }
      await page.close();
    });
  }

  test("a turned phone and a resized window lay the charts out again, a data table stays open", async () => {
    const page = watch(await browser.context.newPage(), base, problems);
    await page.addInitScript(() => { try { localStorage.clear(); } catch {} });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}ch3-lab2.html`);
    assert.ok(await until(page, settled));
    await page.evaluate(() => { document.querySelector("#step-1 details.chart-data summary").click(); });
    for (const [width, height] of [[320, 640], [640, 360], [375, 700], [1280, 800]]) {
      await page.setViewportSize({ width, height });
      assert.ok(await until(page, settled), `at ${width} px a chart was not laid out again for its box`);
      assert.deepEqual(await page.evaluate(layoutProblems, { minText: MIN_TEXT, exact: true }), [], `resized to ${width} px`);
      assert.equal(await page.evaluate(() => document.querySelector("#step-1 details.chart-data").open), true, `at ${width} px the open table stays open`);
      if (width === 640) await shoot(page, `ch3-lab2-turned-${width}`);
    }
    await page.close();
  });

  test("without JavaScript the pre-rendered charts fit, text at 11 px or more", async (t) => {
    const noJs = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    t.after(() => noJs.close()); // also when an assertion fails: a browser left open keeps node running
    const context = await noJs.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { page: name } of PAGES) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${base}${name}.html`);
        // the layout for a 320-px phone, scaled to its box (at most 1.4 times on wider screens)
        assert.deepEqual(await page.evaluate(layoutProblems, { minText: MIN_TEXT, exact: false }), [], `${name} at ${width} px without JavaScript`);
        if (width === 320 || width === 768) await shoot(page, `${name}-nojs-${width}`, { charts: width === 320 });
      }
    }
  });

  test("no console errors, CSP violations or off-origin requests", () => {
    assert.deepEqual(problems, []);
  });
});
