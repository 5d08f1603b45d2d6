// A lab's prose and flow (labs/<id>/content.json and flow.json) as the build and the tests read
// them: joined with what lab.json holds (the titles, through the core's listing).
import { readFileSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";

import { tb } from "../src/i18n.js";
import { LabFileError, checkContent, checkFlow, checkVisuals } from "./lab-check.mjs";

const LANGS = ["ko", "en"];

/**
 * The prose with its titles: the lab's, and each step's after its number.
 * @param lab the core's listing entry ({id, title: {ko, en}, steps: [{step, title: {ko, en}}]})
 * @param content labs/<id>/content.json as parsed
 * @example withTitles(lab, content).steps[0].title // {ko: "1단계 · 행렬곱과 shape 규칙", en: "Step 1 · …"}
 */
export function withTitles(lab, content) {
  const steps = content.steps.map((step) => {
    const { title } = lab.steps.find((s) => s.step === step.step);
    return { ...step, title: Object.fromEntries(LANGS.map((lang) => [lang, tb(lang, "stepTitle", { n: step.step, title: title[lang] })])) };
  });
  return { id: lab.id, title: lab.title, ...content, steps };
}

// A file as a message names it: from the working directory when it is inside it, else in full.
function shownPath(file) {
  const rel = relative(process.cwd(), file);
  return rel.startsWith("..") || isAbsolute(rel) ? file : rel;
}

/**
 * labs/<id>/content.json (with its titles) and flow.json, for the listing's entry `lab`, checked
 * with the visuals of its lab.json (lab-check.mjs): a file that does not parse or match throws a LabFileError naming it and the field.
 */
export function readLabFiles(labsDir, lab) {
  // {text, json} of the file `name`
  const read = (name) => {
    const where = shownPath(join(labsDir, lab.id, name));
    let text;
    try {
      text = readFileSync(join(labsDir, lab.id, name), "utf8");
    } catch (error) {
      throw new LabFileError(`${where}: cannot be read (${error.code || error.message})`);
    }
    try {
      return { text, json: JSON.parse(text) };
    } catch (error) {
      throw new LabFileError(`${where}: not JSON (${error.message})`);
    }
  };
  checkVisuals(lab, shownPath(join(labsDir, lab.id, "lab.json")));
  const contentFile = read("content.json");
  const content = checkContent(lab, contentFile.json, shownPath(join(labsDir, lab.id, "content.json")));
  const flow = checkFlow(lab, read("flow.json").json, shownPath(join(labsDir, lab.id, "flow.json")));
  // A solution's params as the page holds values: texts, each number as the file spells it.
  const texts = parseNumbersAsText(contentFile.text);
  for (const exercise of content.exercises || []) {
    const { params } = texts.exercises.find((e) => e.id === exercise.id).solution;
    if (params) exercise.solution = { ...exercise.solution, params };
  }
  return { content: withTitles(lab, content), flow };
}

/**
 * JSON with each number kept as its text, and true / false as Python's "True" / "False": the
 * texts the page edits and sends, so that a float written 4.0 stays a float (JSON.parse would
 * make it 4, which NumPy reads as an int).
 * @example parseNumbersAsText('{"z": [4.0, 1], "ok": false, "s": "2.0"}') // {z: ["4.0", "1"], ok: "False", s: "2.0"}
 */
const NUMBER = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
export function parseNumbersAsText(text) {
  let out = "";
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(text)[0];
      out += `"${number}"`;
      i += number.length;
    } else if (text.startsWith("true", i) || text.startsWith("false", i)) {
      out += text[i] === "t" ? '"True"' : '"False"';
      i += text[i] === "t" ? 4 : 5;
    } else {
      out += c;
      i += 1;
    }
  }
  return JSON.parse(out);
}
