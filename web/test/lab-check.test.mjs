// The build's check of a lab's prose and flow (web/tools/lab-check.mjs): every lab in labs/
// passes, and each kind of mistake an author makes is refused with the file and field named.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { LabFileError, checkContent, checkFlow, checkVisuals } from "../tools/lab-check.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const LABRUN = resolve(ROOT, process.env.TLAB_LABRUN || "build/native/labrun");
const listing = JSON.parse(execFileSync(LABRUN, { input: '{"list": true}', encoding: "utf8" })).labs;
const read = (lab, name) => JSON.parse(readFileSync(join(ROOT, "labs", lab, name), "utf8"));
const entry = (id) => listing.find((l) => l.id === id);

// A copy of a lab's file with one change, and the message the check must give.
function refuses(check, lab, name, change, message) {
  const data = structuredClone(read(lab, name));
  change(data);
  assert.throws(() => check(entry(lab), data), (error) => {
    assert.ok(error instanceof LabFileError, String(error));
    assert.equal(error.message, message);
    return true;
  });
}

describe("lab files", () => {
  test("every lab's content.json and flow.json pass", () => {
    // the listing is every folder of labs/ with a lab.json, so none is left out below
    const folders = readdirSync(join(ROOT, "labs"), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(ROOT, "labs", d.name, "lab.json"))).map((d) => d.name).sort();
    assert.deepEqual(listing.map((l) => l.id), folders, "labrun lists the folders of labs/ (TLAB_LABS names them for a labrun built elsewhere)");
    for (const lab of listing) {
      checkContent(lab, read(lab.id, "content.json"));
      checkFlow(lab, read(lab.id, "flow.json"));
      checkVisuals(lab);
    }
  });

  test("lab.json's visuals: a kind the page does not draw, or a field it lacks, is named", () => {
    const at = "labs/ch3-lab2/lab.json";
    // (the listing's document is lab.json as the core read it)
    const visuals = (change) => {
      const lab = structuredClone(entry("ch3-lab2"));
      change(lab.document.steps[0].visuals[1]);
      return () => checkVisuals(lab);
    };
    const refused = (change, message) => assert.throws(visuals(change), (error) => error instanceof LabFileError && error.message === message);
    assert.equal(entry("ch3-lab2").document.steps[0].visuals[1].kind, "table_bars");
    refused((v) => { v.kind = "bars"; }, `${at}: steps[0].visuals[1].kind: expected one of values, stages, table_bars, found "bars"`);
    refused((v) => { delete v.x; }, `${at}: steps[0].visuals[1]: "x" is missing`);
    refused((v) => { v.colour = "'red'"; }, `${at}: steps[0].visuals[1].colour: not a field here (fields: kind, table, x, bars, reference, ylabel)`);
    refused((v) => { v.ylabel = "표준편차"; }, `${at}: steps[0].visuals[1].ylabel: expected {"ko": ..., "en": ...}, found "표준편차"`);
    refused((v) => { v.bars = { ko: "a", en: "b" }; }, `${at}: steps[0].visuals[1].bars: expected a non-empty string, found an object`);
  });

  test("content.json: a mistake is named by its file and field", () => {
    const at = "labs/ch3-lab2/content.json";
    refuses(checkContent, "ch3-lab2", "content.json", (c) => delete c.steps[1].lead.en, `${at}: steps[1].lead: "en" is missing`);
    refuses(checkContent, "ch3-lab2", "content.json", (c) => { c.steps[0].lede = c.steps[0].lead; },
      `${at}: steps[0].lede: not a field here (fields: step, lead, visual_caption)`);
    refuses(checkContent, "ch3-lab2", "content.json", (c) => c.steps.pop(), `${at}: steps: expected 3 entries, one per step of lab.json`);
    refuses(checkContent, "ch3-lab2", "content.json", (c) => c.steps.reverse(), `${at}: steps[0].step: expected 1 (the steps in order), found 3`);
    refuses(checkContent, "ch3-lab2", "content.json", (c) => { c.intro = "one paragraph"; }, `${at}: intro: expected a list, found "one paragraph"`);
    refuses(checkContent, "ch3-lab2", "content.json", (c) => { c.summary.rows[1].output.values = ["befor"]; },
      `${at}: summary.rows[1].output.values[0]: "befor" is not a field of step 2's "values" visual in lab.json (after, before)`);
    refuses(checkContent, "ch3-lab2", "content.json", (c) => { c.summary.rows[0].output.step = 7; },
      `${at}: summary.rows[0].output.step: expected a step of the lab (1, 2, 3), found 7`);
    refuses(checkContent, "ch3-lab2", "content.json", (c) => { c.summary.rows[2].output.chart = "max"; },
      `${at}: summary.rows[2].output.chart: not a field here (fields: step, values, format)`);
    refuses(checkContent, "ch1-lab2", "content.json", (c) => { c.steps[2].visual_caption = { ko: "", en: "x" }; },
      `labs/ch1-lab2/content.json: steps[2].visual_caption.ko: expected a non-empty string, found ""`);
  });

  test("flow.json: a mistake is named by its file and field", () => {
    const at = "labs/ch3-lab2/flow.json";
    refuses(checkFlow, "ch3-lab2", "flow.json", (f) => { f.edges[0].to = "nowhere"; }, `${at}: edges[0].to: expected a node's id, found "nowhere"`);
    refuses(checkFlow, "ch3-lab2", "flow.json", (f) => { f.nodes[2].id = f.nodes[1].id; }, `${at}: nodes[2].id: "${read("ch3-lab2", "flow.json").nodes[1].id}" is already a node's id`);
    refuses(checkFlow, "ch3-lab2", "flow.json", (f) => { f.nodes[1].shape = "circle"; }, `${at}: nodes[1].shape: expected one of terminal, process, decision, found "circle"`);
    refuses(checkFlow, "ch3-lab2", "flow.json", (f) => { f.nodes[1].label_en = "x"; },
      `${at}: nodes[1].label_en: not a field here (fields: id, shape, x, y, w, h, label, code, branch, step, loop)`);
    const loop = read("ch3-lab2", "flow.json").nodes.findIndex((n) => n.loop);
    refuses(checkFlow, "ch3-lab2", "flow.json", (f) => { f.nodes[loop].loop = "rows"; },
      `${at}: nodes[${loop}].loop: "rows" is not a field of step 1's "values" visual in lab.json (passes, spread, spread_scaled)`);
    refuses(checkFlow, "ch3-lab2", "flow.json", (f) => { f.branches[0].color = "red"; }, `${at}: branches[0].color: expected a colour such as "#264653", found "red"`);
    refuses(checkFlow, "ch3-lab2", "flow.json", (f) => { f.summary = { ko: "흐름" }; }, `${at}: summary: "en" is missing`);
    refuses(checkFlow, "ch3-lab2", "flow.json", (f) => { f.id = "ch3-lab3"; }, `${at}: id: expected "ch3-lab2", the lab's folder, found "ch3-lab3"`);
  });

  test("core/ and web/src/ name no lab and no param of one, outside comments", () => {
    // The labs' ids and their params' names (those long enough not to be any variable's: d_k,
    // seed, z are everyday names), as whole words in a line's code, its comments left out.
    const words = [...listing.map((l) => l.id), ...listing.flatMap((l) => l.params.map((p) => p.name)).filter((n) => n.length > 4)];
    const files = [];
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(cpp|hpp|inc|js)$/.test(entry.name)) files.push(path);
      }
    };
    for (const dir of ["core/src", "core/include", "web/src"]) walk(join(ROOT, dir));
    assert.ok(files.length > 50 && words.includes("d_k_values"), `${files.length} files, words ${words}`);
    const found = [];
    for (const file of files) {
      readFileSync(file, "utf8").split("\n").forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, "");
        if (/^\s*(\*|\/\*)/.test(code)) return;
        for (const word of words) {
          if (new RegExp(`(?<![\\w-])${word.replace(/[-]/g, "\\-")}(?![\\w-])`).test(code)) found.push(`${file.slice(ROOT.length + 1)}:${i + 1}: ${word}`);
        }
      });
    }
    assert.deepEqual(found, []);
  });

  test("a lab written as data alone becomes a page: no code of ours names it", () => {
    const dir = mkdtempSync(join(tmpdir(), "tlab-labs-"));
    try {
      // A new lab from ch3-lab3's files: another id, another textbook d_k, nothing else.
      cpSync(join(ROOT, "labs"), join(dir, "labs"), { recursive: true });
      const lab = join(dir, "labs", "attention-demo");
      cpSync(join(ROOT, "labs", "ch3-lab3"), lab, { recursive: true });
      for (const name of ["lab.json", "flow.json"]) {
        writeFileSync(join(lab, name), readFileSync(join(lab, name), "utf8").replace('"id": "ch3-lab3"', '"id": "attention-demo"'));
      }
      writeFileSync(join(lab, "step1.py"), readFileSync(join(lab, "step1.py"), "utf8").replace("d_k = 4\n", "d_k = 2\n"));
      const env = { ...process.env, TLAB_LABS: join(dir, "labs") };
      const check = spawnSync(process.execPath, [join(ROOT, "web/tools/check-lab.mjs"), lab, "--labrun", LABRUN], { env, encoding: "utf8" });
      assert.equal(check.status, 0, check.stderr);
      const build = spawnSync(process.execPath, [join(ROOT, "web/tools/build.mjs"), "--labrun", LABRUN, "--out", join(dir, "web")], { env, encoding: "utf8" });
      assert.equal(build.status, 0, build.stderr);
      assert.match(build.stdout, /^page weight attention-demo: /m);
      // The page shows what the core prints for it, pre-rendered: Q, K, V with 2 columns.
      const answer = JSON.parse(execFileSync(LABRUN, { input: '{"lab": "attention-demo", "step": 1}', encoding: "utf8", env }));
      const printed = answer.outputs.find((o) => o.output_type === "stream").text;
      assert.match(printed, /K \(5, 2\)/);
      const html = readFileSync(join(dir, "web", "attention-demo.html"), "utf8");
      assert.ok(html.includes(printed.trim().replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").split("\n")[0]), "step 1's output pre-rendered");
      assert.match(readFileSync(join(dir, "web", "index.html"), "utf8"), /href="attention-demo\.html"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the build stops on a bad file and names it", () => {
    const dir = mkdtempSync(join(tmpdir(), "tlab-labs-"));
    try {
      cpSync(join(ROOT, "labs"), join(dir, "labs"), { recursive: true });
      const file = join(dir, "labs", "ch1-lab2", "flow.json");
      writeFileSync(file, readFileSync(file, "utf8").replace('"shape": "decision"', '"shape": "diamond"'));
      const run = spawnSync(process.execPath, [join(ROOT, "web/tools/build.mjs"), "--labrun", LABRUN, "--out", join(dir, "web")],
        { env: { ...process.env, TLAB_LABS: join(dir, "labs") }, encoding: "utf8" });
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr, /^build: \S*labs\/ch1-lab2\/flow\.json: nodes\[\d+\]\.shape: expected one of terminal, process, decision, found "diamond"$/m);
      cpSync(join(ROOT, "labs", "ch1-lab2", "flow.json"), file);
      writeFileSync(join(dir, "labs", "ch3-lab3", "content.json"), "{");
      const json = spawnSync(process.execPath, [join(ROOT, "web/tools/build.mjs"), "--labrun", LABRUN, "--out", join(dir, "web")],
        { env: { ...process.env, TLAB_LABS: join(dir, "labs") }, encoding: "utf8" });
      assert.equal(json.status, 1, json.stderr);
      assert.match(json.stderr, /^build: \S*labs\/ch3-lab3\/content\.json: not JSON \(/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
