// What the learner has made of a lab: each param's value as typed and its last valid one, the code
// of the cells they edited, and the undo history of value edits. It keeps them in this browser as
// they change and tells `onChange` (the embed's host hears of them). No DOM: tested in node.
import { checkParam, parseLiteral } from "./params.js";
import { loadCode, putCodeAside, saveCode, saveValues, takeCodeAside } from "./state.js";

// Edits of one param within a moment of each other undo together; the history keeps the last 100.
const UNDO_MERGE_MS = 1500;
const UNDO_DEPTH = 100;

/**
 * @param lab the core's listing entry ({id, params: [{name, kind, label, ...}], ...})
 * @param responses the textbook responses by step (their literals give the textbook values)
 * @param storage localStorage or null; `steps` the lab's step numbers
 * @example const state = createLabState({lab, responses, storage, steps: [1, 2, 3]});
 *   state.values.z = ["1", "2"]; state.keep(["z"]); state.undo() // {z: textbook z}
 */
export function createLabState({ lab, responses, storage, steps, onChange = () => {}, now = Date.now }) {
  const specs = Object.fromEntries(lab.params.map((p) => [p.name, p]));
  // The textbook values, read back from the literals in the textbook code (keeps "2.0" a float).
  const textbook = {};
  for (const response of Object.values(responses)) {
    for (const lit of response.literals || []) {
      textbook[lit.param] ??= parseLiteral(specs[lit.param].kind, response.source.slice(lit.start, lit.end));
    }
  }
  const values = structuredClone(textbook);
  const good = structuredClone(textbook); // the last valid value of each param: what is saved and shared
  // The learner's own code, by step ({"2": "..."}): it runs instead of the step's, in every
  // request (a later step reads what it made).
  const code = loadCode(storage, lab.id, steps);
  const history = []; // [{at, names, before: {name: value}}]
  let codeToKeep = false; // a microtask will keep the code (setCode)

  const problem = (name) => {
    const r = checkParam(specs[name], values[name]);
    return r.ok ? null : r;
  };

  const state = {
    specs, textbook, values, good, code, problem,

    /** The text a request sends for `name`: its value, or its last valid one while it is not valid. */
    text: (name) => checkParam(specs[name], problem(name) ? good[name] : values[name]).text,

    /** Notes the values of `names` before an edit (merged with the last entry when it is the same edit, moments ago). */
    remember(names, merge = true) {
      const last = history[history.length - 1];
      const at = now();
      if (merge && last && last.names.join() === names.join() && at - last.at < UNDO_MERGE_MS) last.at = at;
      else history.push({ at, names, before: structuredClone(Object.fromEntries(names.map((n) => [n, values[n]]))) });
      if (history.length > UNDO_DEPTH) history.shift();
    },
    canUndo: () => history.length > 0,
    /** The values the last remembered edit replaced ({name: value}), or null. */
    undo: () => history.pop()?.before ?? null,

    /** The valid ones among `names` become their last valid values, saved and told. */
    keep(names) {
      for (const name of names) if (!problem(name)) good[name] = structuredClone(values[name]);
      if (storage) saveValues(storage, lab.id, good, textbook);
      onChange();
    },
    /** Sets values ({name: value}) and keeps them; returns their names. */
    set(next) {
      const names = Object.keys(next);
      for (const name of names) values[name] = structuredClone(next[name]);
      state.keep(names);
      return names;
    },

    /**
     * The cell's code is now `text` (null: the textbook's again), kept and told in a microtask:
     * a keystroke's run sends its request first (runs.js), and what one task typed is kept once.
     */
    setCode(step, text) {
      if (text === null) delete code[step];
      else code[step] = text;
      if (codeToKeep) return;
      codeToKeep = true;
      queueMicrotask(() => {
        codeToKeep = false;
        saveCode(storage, lab.id, code);
        onChange();
      });
    },
    /**
     * A link's code replaces all the edited code. What it replaces is kept aside in storage (the
     * learner's work is never lost to a link); returns whether there was any.
     */
    takeLinkCode(linked) {
      const before = JSON.stringify(code);
      const replaced = before !== "{}" && before !== JSON.stringify(linked);
      if (replaced) putCodeAside(storage, lab.id, code);
      for (const step of Object.keys(code)) delete code[step];
      Object.assign(code, linked);
      saveCode(storage, lab.id, code);
      return replaced;
    },
    /** The code a link replaced ({step: text}), taken out of storage; null when none. */
    takeCodeAside: () => takeCodeAside(storage, lab.id, steps),
  };
  return state;
}
