// Hostile strings through every cell field (typed into the editors) and through embed messages
// (postMessage into `?embed=1` pages, from the named parent and from origins that are not named).
// Nothing may run (a page-global flag the payloads set stays unset, no dialog opens), nothing may
// be added to the document, no request may leave the origin, the CSP reports nothing, and the page
// keeps working. URL state and localStorage payloads are covered in reach.test.mjs.
//   node --test web/test/hostile.test.mjs      (after ./lab build; TLAB_SITE=<dir> for another build)
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { deflateRawSync } from "node:zlib";

import { SITE, labrun, ready, startBrowser, streams, watch } from "./browser-support.mjs";

const RUN = "window.__pwned=1";
const nested = (depth, open, close, inner = "1") => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
/** What a learner (or a script pretending to be one) might put in a field. Each sets __pwned if it runs. */
const PAYLOADS = [
  `<img src=x onerror="${RUN}">`,
  `</script><script>${RUN}</script>`,
  `javascript:${RUN}`,
  `"><svg onload=${RUN}>`,
  `'><iframe srcdoc="<script>parent.${RUN}</script>">`,
  `<a href="javascript:${RUN}">1</a>`,
  `{{constructor.constructor('${RUN}')()}}`,
  `\${${RUN}}`,
  "__proto__",
  "constructor",
  "1, __proto__, 2",
  `[${nested(2000, "[", "]")}]`,
  nested(2000, '{"a":', "}"),
  "\u202e1\u0000<b>",
];
const HUGE = "<img src=x onerror=window.__pwned=1>".repeat(30000); // ≈ 1 MB

let browser;
let host; // a plain page on another origin, to embed the lab from
let hostBase;
const problems = []; // console errors, page errors, CSP violations, off-origin requests, dialogs

// Nothing ran and nothing was added, in this document. Runs inside the page.
function untouched() {
  return {
    pwned: window.__pwned ?? null,
    polluted: ({}).polluted ?? Object.prototype.polluted ?? null,
    injected: document.querySelectorAll("img, iframe:not(.lab-frame), svg [onload], a[href^='javascript'], script:not([src]):not([type])").length,
  };
}
const CLEAN = { pwned: null, polluted: null, injected: 0 };

async function newPage(path, { origin = browser.base } = {}) {
  const page = watch(await browser.context.newPage(), browser.base, problems, { allow: [new URL(hostBase).origin] });
  await page.setViewportSize({ width: 1100, height: 900 });
  if (path !== null) {
    await page.goto(`${origin}${path}`);
    await page.evaluate(() => localStorage.clear());
    await ready(page);
  }
  return page;
}

before(async () => {
  assert.ok(existsSync(join(SITE, "ch1-lab2.en.html")), `${SITE} is missing: run ./lab build first`);
  browser = await startBrowser();
  host = createServer((req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    .end('<!doctype html><html lang="en"><title>host</title><link rel="icon" href="data:,"><body></body></html>'));
  await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostBase = `http://127.0.0.1:${host.address().port}/`;
});

after(async () => {
  await browser?.close();
  host?.close();
});

describe("hostile input", () => {
  for (const [lab, lang] of [["ch1-lab2", "ko"], ["ch3-lab2", "en"]]) {
    test(`${lab} (${lang}): hostile text in every field is refused as text, never run; the page keeps working`, async () => {
      const page = await newPage(`${lab}${lang === "en" ? ".en" : ""}.html`);
      const params = await page.$$eval("section.cell .lit", (spans) => [...new Map(spans.map((s) => [s.dataset.param, s.closest("section").dataset.step])).entries()]);
      assert.ok(params.length >= 5, `${params.length} params`);
      const codeBefore = await page.$$eval("section.cell .lit", (spans) => spans.map((s) => s.textContent));
      const outputsBefore = await page.$$eval("section.cell .outputs", (nodes) => nodes.map((n) => n.textContent));
      for (const [name, step] of params) {
        await page.click(`#step-${step} .lit[data-param="${name}"]`);
        const field = page.locator(`#step-${step} .editor-slot input`).first();
        for (const payload of [...PAYLOADS, ...(name === params[0][0] || name === "d_k_values" ? [HUGE] : [])]) {
          await field.fill(payload);
          await field.press("Shift+Enter");
          const seen = await page.evaluate(([s, length, ends]) => {
            const slot = document.querySelector(`#step-${s} .editor-slot`);
            const value = slot.querySelector("input").value;
            return {
              kept: value.length === length && value.slice(0, 50) + value.slice(-50) === ends,
              message: slot.querySelector(".field-error").textContent.length > 0,
              stale: document.querySelector(`#step-${s} .outputs`).classList.contains("is-stale"),
              pwned: window.__pwned ?? null,
              polluted: ({}).polluted ?? null,
              injected: document.querySelectorAll("img, iframe, svg [onload], a[href^='javascript'], script:not([src]):not([type])").length,
            };
          }, [step, payload.length, payload.slice(0, 50) + payload.slice(-50)]);
          assert.deepEqual(seen, { kept: true, message: true, stale: true, ...CLEAN }, `${name}: ${payload.slice(0, 40)}`);
        }
        // The textbook value back; its run finishes before the next field is tried (a run in flight
        // while a value turns bad is bad-inputs-page.test.mjs's business).
        await page.click(`#step-${step} [data-action="reset"]`);
        await page.waitForFunction(() => !document.querySelector("section.cell.is-running, .outputs.is-stale"), null, { timeout: 20000 });
      }
      await page.waitForTimeout(400); // the debounced runs of the resets
      assert.deepEqual(await page.$$eval("section.cell .lit", (spans) => spans.map((s) => s.textContent)), codeBefore, "the code is as before");
      assert.equal(await page.evaluate((id) => localStorage.getItem(`transformer-lab:${id}`), lab), null, "nothing saved");
      const [name, step] = lab === "ch1-lab2" ? ["z", 3] : ["n_keys", 2];
      await page.click(`#step-${step} .lit[data-param="${name}"]`);
      await page.locator(`#step-${step} .editor-slot input`).first().fill("5");
      const params2 = lab === "ch1-lab2" ? { z: [5, 1.0, 0.1] } : { n_keys: 5 };
      const want = streams(labrun({ lab, step, params: params2 }));
      await page.waitForFunction(([s, w]) => {
        const got = [...document.querySelectorAll(`#step-${s} .outputs .out-stream`)].map((n) => n.textContent);
        return JSON.stringify(got) === JSON.stringify(w);
      }, [step, want], { timeout: 20000 });
      assert.notDeepEqual(await page.$$eval("section.cell .outputs", (nodes) => nodes.map((n) => n.textContent)), outputsBefore);
      assert.deepEqual(await page.evaluate(untouched), CLEAN);
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });
  }

  // A host page on another origin with the lab in an iframe; returns [hostPage, labFrame].
  async function embedded(query) {
    const page = await newPage(null);
    await page.goto(hostBase);
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.className = "lab-frame";
      frame.src = src;
      frame.style.cssText = "width: 900px; height: 700px";
      document.body.append(frame);
    }, `${browser.base}ch1-lab2.html?${query}`);
    await page.waitForFunction(() => document.querySelector("iframe.lab-frame").contentWindow.length >= 0);
    let frame;
    for (let k = 0; k < 200 && !frame; k++) {
      frame = page.frames().find((f) => f.url().startsWith(browser.base));
      if (!frame) await page.waitForTimeout(25);
    }
    await frame.waitForFunction(() => !document.querySelector('[data-action="run-all"]')?.disabled, null, { timeout: 20000 });
    return [page, frame];
  }
  const post = (page, message) => page.evaluate(([m, target]) => {
    const data = typeof m === "string" && m.startsWith("JSON:") ? JSON.parse(m.slice(5)) : m;
    document.querySelector("iframe.lab-frame").contentWindow.postMessage(data, target);
  }, [message, new URL(browser.base).origin]);
  const litTexts = (frame) => frame.$$eval(".lit", (spans) => spans.map((s) => s.textContent));

  test("embed: hostile set-params messages from the named parent change nothing; a valid one still works", async () => {
    const [page, frame] = await embedded(`embed=1&parent=${encodeURIComponent(new URL(hostBase).origin)}`);
    const code = await litTexts(frame);
    const set = (params) => ({ type: "transformer-lab:set-params", params });
    const messages = [
      ...PAYLOADS.map((p) => set({ v: [p, "5"] })),
      ...PAYLOADS.map((p) => set({ u: p })),
      ...PAYLOADS.map((p) => set({ [p]: ["1"] })),
      set(HUGE), set({ z: [HUGE] }), set({ z: Array(100000).fill("1") }), set({ A: Array(64).fill(Array(64).fill("1")) }),
      set(`javascript:${RUN}`), set(null), set([]), set(7), set(true),
      `JSON:{"type": "transformer-lab:set-params", "params": {"__proto__": {"polluted": "1"}}}`,
      `JSON:{"type": "transformer-lab:set-params", "params": {"constructor": {"prototype": {"polluted": "1"}}}}`,
      `JSON:{"type": "transformer-lab:set-params", "params": {"v": ["4", "5"], "__proto__": {"polluted": "1"}}}`,
      `JSON:{"__proto__": {"type": "transformer-lab:set-params", "params": {"v": ["4", "5"]}}}`,
      `JSON:${nested(1000, '{"a":', "}")}`,
      `JSON:{"type": "transformer-lab:set-params", "params": {"A": ${nested(1000, "[", "]")}}}`,
      "transformer-lab:set-params",
      `<img src=x onerror="${RUN}">`,
      { type: `<img src=x onerror="${RUN}">`, params: { v: ["4", "5"] } },
      { type: "transformer-lab:set-params ", params: { v: ["4", "5"] } },
    ];
    for (const m of messages) await post(page, m);
    await page.waitForTimeout(600);
    assert.deepEqual(await litTexts(frame), code, "no param changed");
    assert.deepEqual(await frame.evaluate(untouched), CLEAN);
    assert.deepEqual(await page.evaluate(untouched), { ...CLEAN, injected: 0 });
    assert.equal(await frame.evaluate(() => localStorage.getItem("transformer-lab:ch1-lab2")), null);

    // The lab still takes a valid message from its parent, and an edit in it recomputes.
    await post(page, set({ v: ["4", "5"] }));
    const err = labrun({ lab: "ch1-lab2", step: 2, params: { v: [4, 5] } }).outputs.find((o) => o.output_type === "error");
    await frame.waitForFunction((w) => document.querySelector("#step-2 .out-error")?.textContent.includes(w), err.evalue, { timeout: 20000 });
    await frame.click('#step-3 .lit[data-param="z"]');
    await frame.locator("#step-3 .editor-slot input").first().fill("3");
    const want = streams(labrun({ lab: "ch1-lab2", step: 3, params: { z: [3, 1.0, 0.1] } }));
    await frame.waitForFunction((w) => JSON.stringify([...document.querySelectorAll("#step-3 .outputs .out-stream")].map((n) => n.textContent)) === JSON.stringify(w), want, { timeout: 20000 });
    await frame.evaluate(() => localStorage.clear());
    await page.close();
  });

  test("embed: set-params from an origin that is not named, from a sibling frame, or with a hostile ?parent= is ignored", async () => {
    const set = { type: "transformer-lab:set-params", params: { v: ["4", "5"] } };
    const queries = [
      `embed=1&parent=${encodeURIComponent(new URL(browser.base).origin)}`, // names the lab's own origin, not the host's
      "embed=1",
      "embed=1&parent=*",
      "embed=1&parent=null",
      `embed=1&parent=${encodeURIComponent(`javascript:${RUN}`)}`,
      `embed=1&parent=${encodeURIComponent(`${new URL(hostBase).origin}/path`)}`,
      `embed=1&parent=${encodeURIComponent(`${new URL(hostBase).origin}.evil.example`)}`,
    ];
    for (const query of queries) {
      const [page, frame] = await embedded(query);
      const code = await litTexts(frame);
      await post(page, set);
      await page.evaluate((m) => document.querySelector("iframe.lab-frame").contentWindow.postMessage(m, "*"), set);
      await page.waitForTimeout(400);
      assert.deepEqual(await litTexts(frame), code, query);
      assert.deepEqual(await frame.evaluate(untouched), CLEAN, query);
      await page.close();
    }
    // The host is named, but the message comes from another frame of the host page, or from the
    // lab itself: neither is the parent. The parent's own message, after them, is taken.
    const [page, frame] = await embedded(`embed=1&parent=${encodeURIComponent(new URL(hostBase).origin)}`);
    const code = await litTexts(frame);
    await page.evaluate(() => { const f = document.createElement("iframe"); f.className = "sibling"; document.body.append(f); });
    const sibling = page.frames().find((f) => f !== page.mainFrame() && f !== frame);
    await sibling.evaluate((m) => parent.frames[0].postMessage(m, "*"), set);
    await frame.evaluate((m) => window.postMessage(m, "*"), set);
    await page.waitForTimeout(400);
    assert.deepEqual(await litTexts(frame), code, "from a sibling frame or the lab itself");
    await post(page, set);
    await frame.waitForFunction(() => document.querySelector('#step-2 .lit[data-param="v"]').textContent.includes("4, 5"), null, { timeout: 20000 });
    assert.deepEqual(await frame.evaluate(untouched), CLEAN);
    await frame.evaluate(() => localStorage.clear());
    await page.close();
  });

  // A share link's code (#c=), made as the page makes it: base64url of deflate-raw of the JSON.
  const codeLink = (code) => deflateRawSync(Buffer.from(typeof code === "string" ? code : JSON.stringify(code))).toString("base64url");
  const editorText = (step) => {
    const root = document.querySelector(`#step-${step} .code-editor`)?.shadowRoot;
    return root ? [...root.querySelectorAll(".cm-content .cm-line")].map((l) => l.textContent).join("\n") : null;
  };
  // labrun's answer, also when it is an error (labrun then exits with status 2).
  const labrunAnswer = (request) => {
    try {
      return labrun(request);
    } catch (err) {
      return JSON.parse(err.stdout);
    }
  };
  // A page opened from a link (newPage() would clear the storage the link's code goes to).
  async function linkPage(path) {
    const page = await newPage(null);
    await page.goto(`${browser.base}${path}`);
    await ready(page);
    return page;
  }
  // Code a link may carry: it runs in the core's sandbox only, as text, bounded in time and memory.
  const HOSTILE_CODE = [
    `print("<img src=x onerror=${RUN}>")\n`,
    `# </script><script>${RUN}</script>\nprint("</pre><b>x</b>")\n`,
    `x = "${nested(3000, "[", "]")}"\ny = ${nested(5000, "[", "]")}\n`,
    "def f():\n    return f()\nf()\n",
    "import os\nos.system('rm -rf /')\n",
    "open('/etc/passwd').read()\n",
    "eval(\"__import__('js')\")\n",
    "print('\\u202e\\x00<b>', '\u202e<i>')\n",
    "s = 'a' * 10**9\n",
    "x = 1\n".repeat(9000),
    "x = []\nwhile True:\n    x.append(x)\n",
  ];
  // Links the page must refuse whole (it then says so and starts from the textbook code).
  const BAD_LINKS = [
    codeLink({ 2: "x".repeat(70000) }), // inflates past 64 KB
    codeLink({ 9: "print(1)" }), codeLink({ 2: 5 }), codeLink({ "02": "print(1)" }), codeLink('{"__proto__": {"polluted": "1"}}'),
    codeLink(["print(1)"]), codeLink("{"), "%%%", "AAAA", "x".repeat(9000),
  ];

  test(`${HOSTILE_CODE.length} hostile code links run only in the core, as text; ${BAD_LINKS.length} bad ones are refused whole`, async () => {
    for (const code of HOSTILE_CODE) {
      const page = await linkPage(`ch1-lab2.html#c=${codeLink({ 2: code })}`);
      await page.waitForFunction(() => document.querySelector("#step-2 .code-editor")?.shadowRoot?.querySelector(".cm-content"), null, { timeout: 20000 });
      // (what the page keeps: the editor draws only the visible part of a very long line)
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("transformer-lab:ch1-lab2:code"))[2]), code,
        `the page holds the link's code: ${code.slice(0, 30)}`);
      // Runs end by themselves (an error, the recursion or memory bound) or within the time bound.
      await page.waitForFunction(() => !document.querySelector("#step-2.is-running"), null, { timeout: 60000 });
      const want = labrunAnswer({ lab: "ch1-lab2", step: 2, code: { 2: code } });
      const shown = await page.evaluate(() => ({
        streams: [...document.querySelectorAll("#step-2 .outputs .out-stream")].map((n) => n.textContent),
        status: document.querySelector("#step-2 .cell-status").textContent,
      }));
      if (want.ok) assert.deepEqual(shown.streams, streams(want), code.slice(0, 30));
      else assert.ok(shown.status.includes(want.error.message_ko), `${code.slice(0, 30)}: ${shown.status}`);
      if (want.status === "unsupported") {
        // Beyond the subset: the cell says so and offers the notebook, which holds this code unrun.
        assert.match(shown.status, /벗어납니다/);
        const [download] = await Promise.all([page.waitForEvent("download"), page.click('#step-2 .cell-status [data-action="notebook"]')]);
        const notebook = JSON.parse(readFileSync(await download.path(), "utf8"));
        const cell = notebook.cells.find((c) => c.id === "step-2");
        assert.equal(cell.source, code.trimEnd());
        assert.deepEqual([cell.outputs, cell.execution_count, cell.metadata["transformer-lab"].status], [[], null, "unsupported"]);
      }
      assert.deepEqual(await page.evaluate(untouched), CLEAN, code.slice(0, 30));
      await page.evaluate(() => localStorage.clear());
      await page.close();
    }
    for (const link of BAD_LINKS) {
      const page = await linkPage(`ch1-lab2.html#c=${link}`);
      await page.waitForFunction(() => !document.querySelector(".lab-notice").hidden, null, { timeout: 20000 });
      assert.equal(await page.textContent(".lab-notice"), "링크에 담긴 코드를 읽을 수 없어 교과서 코드로 시작합니다.", link.slice(0, 30));
      assert.equal(await page.evaluate(() => document.querySelector(".code-editor")), null);
      assert.equal(await page.evaluate(() => localStorage.getItem("transformer-lab:ch1-lab2:code")), null);
      assert.deepEqual(await page.evaluate(untouched), CLEAN, link.slice(0, 30));
      await page.close();
    }
    // After all that, a textbook page still computes an edit.
    const page = await newPage("ch1-lab2.html");
    await page.click('#step-3 .lit[data-param="z"]');
    await page.locator("#step-3 .editor-slot input").first().fill("3");
    const want = streams(labrun({ lab: "ch1-lab2", step: 3, params: { z: [3, 1.0, 0.1] } }));
    await page.waitForFunction((w) => JSON.stringify([...document.querySelectorAll("#step-3 .outputs .out-stream")].map((n) => n.textContent)) === JSON.stringify(w), want, { timeout: 20000 });
    await page.close();
  });

  test("embed: code from the named parent runs in its step, null brings the textbook back; state carries code to it only", async () => {
    const named = `embed=1&parent=${encodeURIComponent(new URL(hostBase).origin)}`;
    for (const [query, sendsCode] of [[named, true], ["embed=1", false]]) {
      const [page, frame] = await embedded(query);
      await page.evaluate(() => {
        window.tlabStates = [];
        addEventListener("message", (e) => { if (e.data?.type === "transformer-lab:state") window.tlabStates.push(e.data); });
      });
      const code = `print("<img src=x onerror=${RUN}>", v.sum())\n`;
      const set = (extra) => ({ type: "transformer-lab:set-params", ...extra });
      if (sendsCode) {
        // Hostile shapes change nothing.
        for (const bad of [{ 9: "x" }, { 2: 5 }, { "02": "x" }, { 2: "x".repeat(70000) }, "print(1)", [code], { 2: { toString: "x" } }]) {
          await post(page, set({ code: bad }));
        }
        await page.waitForTimeout(400);
        assert.equal(await frame.evaluate(() => document.querySelector(".code-editor")), null, "no hostile code taken");
        await post(page, set({ code: { 2: code } }));
        const want = streams(labrun({ lab: "ch1-lab2", step: 2, code: { 2: code } }));
        await frame.waitForFunction((w) => JSON.stringify([...document.querySelectorAll("#step-2 .outputs .out-stream")].map((n) => n.textContent)) === JSON.stringify(w), want, { timeout: 20000 });
        assert.equal(await frame.evaluate(editorText, 2), code);
        await page.waitForFunction((c) => window.tlabStates.some((m) => m.code?.[2] === c), code, { timeout: 20000 });
        await post(page, set({ code: { 2: null } }));
        await frame.waitForFunction(() => document.querySelector("#step-2 .code-editor") === null && document.querySelector("#step-2 .lit"), null, { timeout: 20000 });
        await frame.waitForFunction((w) => JSON.stringify([...document.querySelectorAll("#step-2 .outputs .out-stream")].map((n) => n.textContent)) === JSON.stringify(w),
          streams(labrun({ lab: "ch1-lab2", step: 2 })), { timeout: 20000 });
      } else {
        // No named parent: the learner's code is edited in the frame and never leaves it.
        await frame.click('#step-2 [data-action="edit-code"]');
        await frame.waitForFunction(() => document.querySelector("#step-2 .code-editor")?.shadowRoot?.querySelector(".cm-content"), null, { timeout: 20000 });
        await frame.evaluate(() => document.querySelector("#step-2 .code-editor").shadowRoot.querySelector(".cm-content").focus());
        await frame.press("body", "Control+End");
        await page.keyboard.type("print(1)");
        await page.keyboard.press("Shift+Enter");
        await page.waitForFunction(() => window.tlabStates.length > 0, null, { timeout: 20000 });
        assert.deepEqual(await page.evaluate(() => window.tlabStates.filter((m) => "code" in m).length), 0, "no code to an unnamed parent");
      }
      assert.deepEqual(await frame.evaluate(untouched), CLEAN);
      await frame.evaluate(() => localStorage.clear());
      await page.close();
    }
  });

  test("no console errors, CSP violations, dialogs or off-origin requests", () => {
    assert.deepEqual(problems, []);
  });
});
