// The lab in an LMS (web/src/lms.js), in node: the API found up the frames, suspend_data written
// and read back (and refused when hostile), what each SCORM standard is told, against a stand-in
// API and lab page. web/test/scorm.test.mjs runs the built packages against scorm-again in browsers.
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { describe, test } from "node:test";

import { checkSnapshot, clockTime, connectLms, decodeSuspend, encodeSuspend, findApi, fitSuspend, isoDuration } from "../src/lms.js";

const SPECS = { v: { name: "v", kind: "vector", min: -10, max: 10, min_len: 1, max_len: 4 } };
const LIMITS = { specs: SPECS, steps: [1, 2], exercises: [{ id: "perp", answer: "code", hints: 3 }, { id: "why", answer: "reflection", hints: 2 }] };
const SNAPSHOT = {
  values: { v: ["2", "-1", "0"] },
  code: { 2: "v = np.array([2, -1, 0])\nprint(u @ v)\n" },
  exercises: { perp: { status: "done", attempts: 2, hints: 1, solution: false }, why: { status: "done", attempts: 0, hints: 0, solution: false, reflection: "직각이면 0" } },
};

describe("suspend_data", () => {
  test("a snapshot comes back as it went, deflated", async () => {
    const text = await encodeSuspend(SNAPSHOT);
    assert.match(text, /^1[\w-]+$/);
    assert.deepEqual(checkSnapshot(await decodeSuspend(text), LIMITS), SNAPSHOT);
  });

  test("too long for 1.2's 4,096 characters: the values and record stay, the code and reflections go", async () => {
    // code that does not deflate away (a different number on each line)
    const code = { 2: Array.from({ length: 2000 }, (_, i) => `x${i} = ${(i * 7919) % 10007}`).join("\n") };
    const big = { ...SNAPSHOT, code };
    const whole = await fitSuspend(big, 64000);
    assert.equal(whole.dropped, null);
    const fitted = await fitSuspend(big, 4096);
    assert.equal(fitted.dropped, "code");
    assert.ok(fitted.text.length <= 4096);
    const back = checkSnapshot(await decodeSuspend(fitted.text), LIMITS);
    assert.deepEqual(back.values, SNAPSHOT.values);
    assert.deepEqual(back.code, {});
    assert.equal(back.exercises.perp.status, "done");
    assert.equal(back.exercises.why.reflection, undefined);
  });

  test("a hostile suspend_data is refused, whole", async () => {
    const encode = (value) => `0${Buffer.from(JSON.stringify(value)).toString("base64url")}`;
    const bomb = `1${deflateRawSync(Buffer.alloc(8 << 20, 32)).toString("base64url")}`; // 8 MB of spaces
    for (const text of ["", "x", "1***", "0bm90IGpzb24", bomb, `1${"A".repeat(50)}`]) assert.equal(await decodeSuspend(text), null, text.slice(0, 20));
    for (const bad of [
      { values: { v: ["<img src=x onerror=alert(1)>"] } },
      { values: { nope: ["1"] } },
      { code: { 9: "print(1)" } },
      { code: "print(1)" },
      { exercises: { perp: { status: "done", attempts: -1, hints: 0, solution: false } } },
      { exercises: { why: { status: "done", attempts: 0, hints: 0, solution: false, reflection: "x".repeat(2001) } } },
    ]) assert.equal(checkSnapshot(await decodeSuspend(encode(bad)), LIMITS), null, JSON.stringify(bad).slice(0, 60));
    assert.deepEqual(checkSnapshot(await decodeSuspend(encode({})), LIMITS), { values: {}, code: {}, exercises: {} });
  });
});

describe("the run-time API", () => {
  test("found up the frame chain or from the opener; another origin's frame is passed over", () => {
    const api = { LMSInitialize() {} };
    const top = { API: api };
    top.parent = top;
    const foreign = { parent: top };
    Object.defineProperty(foreign, "API", { get() { throw new Error("SecurityError"); } });
    const frame = { parent: foreign };
    assert.equal(findApi(frame, "API"), api);
    assert.equal(findApi(frame, "API_1484_11"), null);
    const popup = { parent: null, opener: frame };
    popup.parent = popup;
    assert.equal(findApi(popup, "API"), api);
  });

  test("times as each standard writes them", () => {
    assert.equal(clockTime(3723400), "0001:02:03");
    assert.equal(clockTime(0), "0000:00:00");
    assert.equal(isoDuration(3723400), "PT1H2M3S");
  });

  // A stand-in LMS API: calls and values, as the standard names them.
  function lms(names, data = {}) {
    const values = { ...data };
    const calls = [];
    const api = {
      [names.init]: () => { calls.push("init"); return "true"; },
      [names.get]: (k) => values[k] ?? "",
      [names.set]: (k, v) => { values[k] = v; return "true"; },
      [names.commit]: () => { calls.push("commit"); return "true"; },
      [names.finish]: () => { calls.push("finish"); return "true"; },
    };
    return { api, values, calls };
  }
  function labPage(progress) {
    const listeners = [];
    const notices = [];
    let restored = null;
    let state = { values: {}, code: {}, exercises: {} };
    return {
      started: Promise.resolve(),
      limits: LIMITS,
      snapshot: () => state,
      restore: (s) => { restored = s; state = s; },
      progress: () => progress,
      onChange: (f) => listeners.push(f),
      notice: (text) => notices.push(text),
      set(next) { state = next; for (const f of listeners) f(); },
      get restored() { return restored; },
      notices,
    };
  }
  const events = () => {
    const handlers = {};
    return { addEventListener: (type, f) => { handlers[type] = f; }, fire: (type) => handlers[type]?.(), handlers };
  };

  test("SCORM 1.2: lesson status and a 0-100 score; suspend on leaving; back where the learner was", async () => {
    const { api, values, calls } = lms({ init: "LMSInitialize", get: "LMSGetValue", set: "LMSSetValue", commit: "LMSCommit", finish: "LMSFinish" },
      { "cmi.suspend_data": await encodeSuspend(SNAPSHOT), "cmi.core.entry": "resume" });
    const win = { API: api, ...events() };
    win.parent = win;
    const page = labPage({ done: 1, total: 4 });
    let clock = 1000;
    const link = await connectLms(win, page, { version: "1.2", lang: "en", now: () => clock });
    assert.ok(link);
    assert.deepEqual(page.restored, SNAPSHOT);
    assert.equal(page.notices[0], "Picking up where you left off.");
    assert.equal(values["cmi.core.lesson_status"], "incomplete");
    assert.equal(values["cmi.core.score.raw"], "25");
    clock += 65000;
    win.fire("pagehide");
    assert.equal(values["cmi.core.exit"], "suspend");
    assert.equal(values["cmi.core.session_time"], "0000:01:05");
    assert.deepEqual(calls.slice(-2), ["commit", "finish"]);
    assert.deepEqual(checkSnapshot(await decodeSuspend(values["cmi.suspend_data"]), LIMITS), SNAPSHOT);
  });

  test("SCORM 2004: completion and success apart, a scaled score; a change is saved; hostile data refused", async () => {
    const { api, values } = lms({ init: "Initialize", get: "GetValue", set: "SetValue", commit: "Commit", finish: "Terminate" },
      { "cmi.suspend_data": "0" + Buffer.from(JSON.stringify({ values: { v: ["1e999"] } })).toString("base64url") });
    const win = { API_1484_11: api, ...events() };
    win.parent = win;
    const page = labPage({ done: 4, total: 4 });
    const link = await connectLms(win, page, { version: "2004", lang: "en" });
    assert.match(page.notices[0], /not valid; starting from the textbook values/);
    assert.deepEqual(page.restored, { values: {}, code: {}, exercises: {} });
    assert.equal(values["cmi.completion_status"], "completed");
    assert.equal(values["cmi.success_status"], "passed");
    assert.equal(values["cmi.score.scaled"], "1");
    page.set(SNAPSHOT);
    await link.save();
    assert.deepEqual(checkSnapshot(await decodeSuspend(values["cmi.suspend_data"]), LIMITS), SNAPSHOT);
    win.fire("pagehide");
    assert.equal(values["cmi.exit"], "suspend");
    assert.match(values["cmi.session_time"], /^PT\d+H\d+M\d+S$/);
  });

  test("no API, or one that will not start: a normal page", async () => {
    const win = { ...events() };
    win.parent = win;
    assert.equal(await connectLms(win, labPage({ done: 0, total: 4 }), { version: "1.2", lang: "en" }), null);
    const refusing = { ...win, API: { LMSInitialize: () => "false" } };
    refusing.parent = refusing;
    assert.equal(await connectLms(refusing, labPage({ done: 0, total: 4 }), { version: "1.2", lang: "en" }), null);
  });
});

describe("the packages' manifests", () => {
  test("one SCO per package, in each standard's vocabulary, its title escaped", async () => {
    const { manifest } = await import("../tools/build-scorm.mjs");
    const v12 = manifest("1.2", { id: "transformer-lab-ch1-lab2-ko", title: 'A & <b> "c"' });
    assert.match(v12, /<schemaversion>1\.2<\/schemaversion>/);
    assert.match(v12, /adlcp:scormtype="sco" href="index\.html"/);
    assert.ok(v12.includes("<title>A &amp; &lt;b&gt; &quot;c&quot;</title>"));
    const v2004 = manifest("2004", { id: "x", title: "t" });
    assert.match(v2004, /<schemaversion>2004 4th Edition<\/schemaversion>/);
    assert.match(v2004, /xmlns:adlcp="http:\/\/www\.adlnet\.org\/xsd\/adlcp_v1p3"/);
    assert.match(v2004, /adlcp:scormType="sco" href="index\.html"/);
  });
});
