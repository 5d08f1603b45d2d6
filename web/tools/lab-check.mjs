// Checks a lab's prose and flow (labs/<id>/content.json, flow.json) against docs/lab-format.md
// and against its lab.json (the core's listing entry): the build reads no file that does not
// match, and says which field is wrong, e.g.
//   labs/ch3-lab2/content.json: steps[1].lead: "en" is missing
// lab.json itself is checked by the core (labrun --check-lab), with the same kind of message;
// what its visuals need to be drawn is checked here (checkVisuals).

export class LabFileError extends Error {}

const fail = (where, message) => { throw new LabFileError(`${where}: ${message}`); };
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const describe = (v) => (Array.isArray(v) ? "a list" : v === null ? "null" : typeof v === "object" ? "an object" : JSON.stringify(v));

function object(v, where, { required = [], optional = [] }) {
  if (!isObject(v)) fail(where, `expected an object, found ${describe(v)}`);
  for (const key of required) if (!(key in v)) fail(where, `"${key}" is missing`);
  const known = [...required, ...optional];
  for (const key of Object.keys(v)) {
    if (!known.includes(key)) fail(`${where}.${key}`, `not a field here (fields: ${known.join(", ")})`);
  }
  return v;
}
function list(v, where, { min = 0 } = {}) {
  if (!Array.isArray(v)) fail(where, `expected a list, found ${describe(v)}`);
  if (v.length < min) fail(where, `expected at least ${min} item${min > 1 ? "s" : ""}`);
  return v;
}
function string(v, where) {
  if (typeof v !== "string" || v === "") fail(where, `expected a non-empty string, found ${describe(v)}`);
  return v;
}
function number(v, where) {
  if (typeof v !== "number" || !Number.isFinite(v)) fail(where, `expected a number, found ${describe(v)}`);
  return v;
}
function point(v, where) {
  list(v, where);
  if (v.length !== 2) fail(where, "expected [x, y]");
  v.forEach((x, i) => number(x, `${where}[${i}]`));
}
// A text a person reads: {"ko": "...", "en": "..."}; `orString` also takes one string for both.
function text(v, where, { orString = false } = {}) {
  if (orString && typeof v === "string") return string(v, where);
  if (!isObject(v)) fail(where, `expected {"ko": ..., "en": ...}${orString ? " or a string" : ""}, found ${describe(v)}`);
  object(v, where, { required: ["ko", "en"] });
  string(v.ko, `${where}.ko`);
  string(v.en, `${where}.en`);
  return v;
}
const texts = (v, where) => list(v, where, { min: 1 }).forEach((t, i) => text(t, `${where}[${i}]`));

// The fields of a step's "values" visual in lab.json: what a summary row or a loop badge may quote.
function valueFields(lab, step) {
  const spec = lab.document.steps.find((s) => s.step === step);
  return (spec?.visuals || []).filter((v) => v.kind === "values").flatMap((v) => Object.keys(v).filter((k) => k !== "kind"));
}
function stepNumber(v, where, lab) {
  if (!Number.isInteger(v) || !lab.steps.some((s) => s.step === v)) {
    fail(where, `expected a step of the lab (${lab.steps.map((s) => s.step).join(", ")}), found ${describe(v)}`);
  }
  return v;
}

// The visuals the page draws, by kind: the fields each needs and may have. A string is a Python
// expression (the core checks that it parses); a `texts` field is {"ko", "en"}. A "values"
// visual's fields are any names.
const VISUAL_KINDS = {
  stages: { required: ["stages"], optional: ["names"] },
  table_bars: { required: ["table", "x", "bars"], optional: ["reference"], texts: ["ylabel"] },
};

/** Throws a LabFileError naming the field when a visual of lab.json is not one the page draws. */
export function checkVisuals(lab, where = `labs/${lab.id}/lab.json`) {
  (lab.document.steps || []).forEach((step, i) => {
    (step.visuals || []).forEach((visual, k) => {
      const at = `${where}: steps[${i}].visuals[${k}]`;
      if (visual.kind === "values") return;
      const kind = VISUAL_KINDS[visual.kind];
      if (!kind) fail(`${at}.kind`, `expected one of values, ${Object.keys(VISUAL_KINDS).join(", ")}, found ${describe(visual.kind)}`);
      const textFields = kind.texts || [];
      object(visual, at, { required: ["kind", ...kind.required], optional: [...(kind.optional || []), ...textFields] });
      for (const [field, value] of Object.entries(visual)) {
        if (field === "kind") continue;
        if (textFields.includes(field)) text(value, `${at}.${field}`);
        else string(value, `${at}.${field}`);
      }
    });
  });
}

/** Throws a LabFileError naming the field when content.json does not match (docs/lab-format.md). */
export function checkContent(lab, content, where = `labs/${lab.id}/content.json`) {
  object(content, where, { required: ["chapter", "intro", "flow_caption", "steps"], optional: ["summary", "explanations", "exercises"] });
  text(content.chapter, `${where}: chapter`);
  texts(content.intro, `${where}: intro`);
  text(content.flow_caption, `${where}: flow_caption`);
  const steps = list(content.steps, `${where}: steps`);
  const numbers = lab.steps.map((s) => s.step);
  if (steps.length !== numbers.length) fail(`${where}: steps`, `expected ${numbers.length} entries, one per step of lab.json`);
  steps.forEach((step, i) => {
    const at = `${where}: steps[${i}]`;
    object(step, at, { required: ["step", "lead"], optional: ["visual_caption"] });
    if (step.step !== numbers[i]) fail(`${at}.step`, `expected ${numbers[i]} (the steps in order), found ${describe(step.step)}`);
    text(step.lead, `${at}.lead`);
    if ("visual_caption" in step) text(step.visual_caption, `${at}.visual_caption`);
  });
  if ("summary" in content) {
    const at = `${where}: summary`;
    const summary = object(content.summary, at, { required: ["title", "columns", "rows"], optional: ["lead", "closing"] });
    text(summary.title, `${at}.title`);
    if ("lead" in summary) text(summary.lead, `${at}.lead`);
    if ("closing" in summary) text(summary.closing, `${at}.closing`);
    texts(summary.columns, `${at}.columns`);
    list(summary.rows, `${at}.rows`, { min: 1 }).forEach((row, i) => {
      const r = `${at}.rows[${i}]`;
      object(row, r, { required: ["label", "output", "meaning"] });
      text(row.label, `${r}.label`);
      text(row.meaning, `${r}.meaning`);
      const output = object(row.output, `${r}.output`, { required: ["step", "values"], optional: ["format"] });
      const step = stepNumber(output.step, `${r}.output.step`, lab);
      const fields = valueFields(lab, step);
      list(output.values, `${r}.output.values`, { min: 1 }).forEach((name, k) => {
        if (!fields.includes(name)) {
          fail(`${r}.output.values[${k}]`, `"${name}" is not a field of step ${step}'s "values" visual in lab.json (${fields.join(", ") || "it has none"})`);
        }
      });
      if ("format" in output) text(output.format, `${r}.output.format`, { orString: true });
    });
  }
  if ("explanations" in content) texts(content.explanations, `${where}: explanations`);
  checkExercises(lab, content.exercises ?? [], `${where}: exercises`);
  return content;
}

// The words of lab.json's exercises, one entry each in its order; a feedback text's {name}s are
// the values its check gives (checked against the core by tests/differential/check_exercises.py).
function checkExercises(lab, exercises, where) {
  const specs = lab.document.exercises || [];
  list(exercises, where);
  if (exercises.length !== specs.length) fail(where, `expected ${specs.length} entries, one per exercise of lab.json`);
  exercises.forEach((exercise, i) => {
    const at = `${where}[${i}]`;
    const spec = specs[i];
    const kinds = { code: [], number: [], choice: ["choices"], reflection: [] }[spec.answer];
    object(exercise, at, { required: ["id", "title", "task", "hints", "solution", ...kinds], optional: spec.answer === "reflection" ? [] : ["feedback"] });
    if (exercise.id !== spec.id) fail(`${at}.id`, `expected "${spec.id}" (lab.json's exercises in order), found ${describe(exercise.id)}`);
    text(exercise.title, `${at}.title`);
    text(exercise.task, `${at}.task`);
    list(exercise.hints, `${at}.hints`, { min: 1 }).forEach((h, k) => text(h, `${at}.hints[${k}]`));
    const solution = object(exercise.solution, `${at}.solution`, { required: ["text"], optional: ["params", "code", "answer"] });
    text(solution.text, `${at}.solution.text`);
    if ("params" in solution) object(solution.params, `${at}.solution.params`, { optional: (lab.document.params || []).map((p) => p.name) });
    if ("code" in solution) {
      object(solution.code, `${at}.solution.code`, { optional: lab.steps.map((s) => String(s.step)) });
      for (const [step, code] of Object.entries(solution.code)) string(code, `${at}.solution.code.${step}`);
    }
    if ((spec.answer === "number" || spec.answer === "choice") !== ("answer" in solution)) {
      fail(`${at}.solution.answer`, spec.answer === "number" || spec.answer === "choice" ? "is missing (the answer that solves it)" : "only for a number or a choice");
    }
    if ("answer" in solution) string(solution.answer, `${at}.solution.answer`);
    if ("feedback" in exercise) {
      object(exercise.feedback, `${at}.feedback`, { optional: Object.keys(exercise.feedback) });
      for (const [key, t] of Object.entries(exercise.feedback)) text(t, `${at}.feedback.${key}`);
    }
    if ("choices" in exercise) {
      list(exercise.choices, `${at}.choices`, { min: 2 }).forEach((c, k) => {
        object(c, `${at}.choices[${k}]`, { required: ["id", "text"] });
        string(c.id, `${at}.choices[${k}].id`);
        text(c.text, `${at}.choices[${k}].text`);
      });
      if (!exercise.choices.some((c) => c.id === solution.answer)) fail(`${at}.solution.answer`, `"${solution.answer}" is not one of the choices`);
    }
  });
}

const SHAPES = ["terminal", "process", "decision"];

/** Throws a LabFileError naming the field when flow.json does not match (docs/lab-format.md). */
export function checkFlow(lab, flow, where = `labs/${lab.id}/flow.json`) {
  object(flow, where, { required: ["id", "width", "height", "summary", "nodes", "edges"], optional: ["branches", "legend"] });
  if (flow.id !== lab.id) fail(`${where}: id`, `expected "${lab.id}", the lab's folder, found ${describe(flow.id)}`);
  number(flow.width, `${where}: width`);
  number(flow.height, `${where}: height`);
  text(flow.summary, `${where}: summary`);
  const branches = new Set();
  list(flow.branches ?? [], `${where}: branches`).forEach((b, i) => {
    const at = `${where}: branches[${i}]`;
    object(b, at, { required: ["id", "color", "label"], optional: ["tag", "tag_at"] });
    string(b.id, `${at}.id`);
    if (!/^#[0-9a-fA-F]{6}$/.test(b.color)) fail(`${at}.color`, `expected a colour such as "#264653", found ${describe(b.color)}`);
    text(b.label, `${at}.label`, { orString: true });
    if ("tag" in b) text(b.tag, `${at}.tag`, { orString: true });
    if ("tag_at" in b) point(b.tag_at, `${at}.tag_at`);
    branches.add(b.id);
  });
  const ids = new Set();
  list(flow.nodes, `${where}: nodes`, { min: 1 }).forEach((n, i) => {
    const at = `${where}: nodes[${i}]`;
    object(n, at, { required: ["id", "shape", "x", "y", "w", "h", "label"], optional: ["code", "branch", "step", "loop"] });
    string(n.id, `${at}.id`);
    if (ids.has(n.id)) fail(`${at}.id`, `"${n.id}" is already a node's id`);
    ids.add(n.id);
    if (!SHAPES.includes(n.shape)) fail(`${at}.shape`, `expected one of ${SHAPES.join(", ")}, found ${describe(n.shape)}`);
    for (const k of ["x", "y", "w", "h"]) number(n[k], `${at}.${k}`);
    text(n.label, `${at}.label`, { orString: true });
    if ("code" in n && typeof n.code !== "boolean") fail(`${at}.code`, `expected true or false, found ${describe(n.code)}`);
    if ("branch" in n && !branches.has(n.branch)) fail(`${at}.branch`, `expected a branch's id (${[...branches].join(", ")}), found ${describe(n.branch)}`);
    if ("step" in n) [n.step].flat().forEach((s) => stepNumber(s, `${at}.step`, lab));
    if ("loop" in n) {
      const steps = [n.step].flat();
      if (steps.length !== 1 || steps[0] === undefined) fail(`${at}.loop`, "a loop badge needs the node's one \"step\"");
      const fields = valueFields(lab, steps[0]);
      if (!fields.includes(n.loop)) {
        fail(`${at}.loop`, `"${n.loop}" is not a field of step ${steps[0]}'s "values" visual in lab.json (${fields.join(", ") || "it has none"})`);
      }
    }
  });
  list(flow.edges, `${where}: edges`).forEach((e, i) => {
    const at = `${where}: edges[${i}]`;
    object(e, at, { required: ["from", "to"], optional: ["label", "via", "label_at", "label_anchor"] });
    for (const end of ["from", "to"]) if (!ids.has(e[end])) fail(`${at}.${end}`, `expected a node's id, found ${describe(e[end])}`);
    if ("label" in e) text(e.label, `${at}.label`, { orString: true });
    if ("via" in e) list(e.via, `${at}.via`).forEach((p, k) => point(p, `${at}.via[${k}]`));
    if ("label_at" in e) point(e.label_at, `${at}.label_at`);
    if ("label_anchor" in e && !["start", "middle", "end"].includes(e.label_anchor)) {
      fail(`${at}.label_anchor`, `expected start, middle or end, found ${describe(e.label_anchor)}`);
    }
  });
  if ("legend" in flow) {
    object(flow.legend, `${where}: legend`, { required: ["x", "y"] });
    number(flow.legend.x, `${where}: legend.x`);
    number(flow.legend.y, `${where}: legend.y`);
  }
  return flow;
}
