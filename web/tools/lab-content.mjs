// A lab's prose and flow (labs/<id>/content.json and flow.json) as the build and the tests read
// them: joined with what lab.json holds (the titles, through the core's listing).
import { readFileSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";

import { tb } from "../src/i18n.js";
import { LabFileError, checkContent, checkFlow } from "./lab-check.mjs";

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
 * (lab-check.mjs): a file that does not parse or match throws a LabFileError naming it and the field.
 */
export function readLabFiles(labsDir, lab) {
  const read = (name) => {
    const where = shownPath(join(labsDir, lab.id, name));
    let text;
    try {
      text = readFileSync(join(labsDir, lab.id, name), "utf8");
    } catch (error) {
      throw new LabFileError(`${where}: cannot be read (${error.code || error.message})`);
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new LabFileError(`${where}: not JSON (${error.message})`);
    }
  };
  const content = checkContent(lab, read("content.json"), shownPath(join(labsDir, lab.id, "content.json")));
  const flow = checkFlow(lab, read("flow.json"), shownPath(join(labsDir, lab.id, "flow.json")));
  return { content: withTitles(lab, content), flow };
}
