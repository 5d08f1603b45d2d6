// Checks one lab folder's prose and flow (content.json, flow.json) against its lab.json, as the
// build does; `./lab check-lab DIR` runs it after labrun's check of lab.json and the code.
//   node web/tools/check-lab.mjs labs/ch3-lab3 [--labrun build/native/labrun]
// Prints that they match, or names the file and field that do not and exits 1.
import { execFileSync } from "node:child_process";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { LabFileError } from "./lab-check.mjs";
import { readLabFiles } from "./lab-content.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const at = args.indexOf("--labrun");
const labrun = at >= 0 ? resolve(args.splice(at, 2)[1]) : resolve(ROOT, "build/native/labrun");
if (args.length !== 1) {
  console.error("usage: node web/tools/check-lab.mjs DIR [--labrun build/native/labrun]");
  process.exit(2);
}
const folder = resolve(args[0]);
let document;
try {
  document = JSON.parse(execFileSync(labrun, ["--check-lab", folder], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }));
} catch {
  process.exit(1); // labrun named the problem on stderr
}
if (document.id !== basename(folder)) {
  console.error(`${args[0]}: the folder's name is not the lab's id "${document.id}"`);
  process.exit(1);
}
// What the build reads of the core's listing: the id, the steps with their titles, the document.
const lab = { id: document.id, title: document.title, steps: document.steps, document };
try {
  readLabFiles(dirname(folder), lab);
  console.log(`${args[0]}: content.json and flow.json match lab.json`);
} catch (error) {
  if (!(error instanceof LabFileError)) throw error;
  console.error(error.message);
  process.exit(1);
}
