// In-place editors for a literal: a grid for matrices, a row of fields for vectors and lists, a
// field for integers (with a random-seed button for seeds), a checkbox for True/False. Values stay
// text (see params.js).
import { t } from "./i18n.js";
import { checkParam, normalizeNumber, splitNumbers, wantsIntegers } from "./params.js";

const listening = new WeakMap(); // slot -> AbortController of its current editor's listeners

/**
 * Builds the editor for one param inside `slot` and returns a handle.
 * @param spec the core's listing entry for the param, e.g. {name: "A", kind: "matrix", min_len: 1, max_len: 8, ...}
 * @param value the current value: "42" | ["4","16"] | [["1","2"],["3","4"]] | "True"
 * @param onChange called with the whole new value after every edit (a valid one in its plain
 *   spelling, see params.js: ["１２"] comes as ["12"], ["1, 2"] as ["1", "2"]; an invalid one as typed)
 * @returns {showError(field, message), clearError(), focus(), close()}
 */
export function openEditor(slot, { spec, value, label, lang = "ko", onChange, onClose }) {
  const document = slot.ownerDocument;
  // The slot outlives its editors: the listeners of the one before must not act for this one.
  listening.get(slot)?.abort();
  const listeners = new AbortController();
  listening.set(slot, listeners);
  const signal = listeners.signal;
  let current = structuredClone(value);
  slot.replaceChildren();
  slot.hidden = false;

  const head = document.createElement("div");
  head.className = "editor-head";
  const title = document.createElement("h3");
  title.textContent = label;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "btn btn-quiet";
  close.textContent = t(lang, "close");
  close.addEventListener("click", () => onClose());
  head.append(title, close);

  const body = document.createElement("div");
  const error = document.createElement("p");
  error.className = "field-error";
  error.setAttribute("role", "alert");
  error.hidden = true;
  const hint = document.createElement("p");
  hint.className = "editor-hint";
  hint.textContent = t(lang, "editorHint");
  slot.append(head, body, error, hint);
  slot.addEventListener("keydown", (event) => {
    if (event.key === "Escape") onClose();
  }, { signal });

  const field = `params.${spec.name}`;
  const input = (text, path, aria) => {
    const box = document.createElement("input");
    box.type = "text";
    box.inputMode = spec.kind === "integer" || spec.kind === "int_list" ? "numeric" : "decimal";
    box.autocomplete = "off";
    box.spellcheck = false;
    box.value = text;
    box.dataset.field = path;
    box.setAttribute("aria-label", aria);
    return box;
  };
  const action = (text, fn, disabled = false) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btn btn-quiet";
    b.textContent = text;
    b.disabled = disabled;
    b.addEventListener("click", fn);
    return b;
  };
  // A valid value in its plain spelling: "１２" -> "12", a field "1, 2, 3" -> three values. The page
  // gets it so (what it saves and shares is plain); the fields show it on commit (Enter, leaving a
  // field, a paste). What it computes stays the same. An invalid value is left exactly as typed,
  // so the learner can fix it, and the page's message names the field.
  const plain = (texts) => texts.flatMap((text) => splitNumbers(text).map((part) => normalizeNumber(part, { integer: wantsIntegers(spec) }).text));
  const plainValue = () => {
    if (!checkParam(spec, current).ok) return current;
    if (spec.kind === "boolean") return current;
    return spec.kind === "integer" ? plain([current])[0] : spec.kind === "matrix" ? current.map(plain) : plain(current);
  };
  const changed = () => onChange(structuredClone(plainValue()));
  function commit() {
    const next = plainValue();
    if (signal.aborted || JSON.stringify(next) === JSON.stringify(current)) return;
    current = next;
    render();
  }
  slot.addEventListener("change", commit, { signal });
  slot.addEventListener("paste", () => setTimeout(commit), { signal });

  function render() {
    const focused = document.activeElement && slot.contains(document.activeElement) ? document.activeElement.dataset.field : null;
    const editor = { matrix, integer, boolean }[spec.kind] || list;
    body.replaceChildren(editor());
    if (focused) body.querySelector(`[data-field="${CSS.escape(focused)}"]`)?.focus();
  }

  function matrix() {
    const wrap = document.createElement("div");
    const scroll = document.createElement("div");
    scroll.className = "grid-scroll";
    const table = document.createElement("table");
    table.className = "grid";
    current.forEach((row, r) => {
      const tr = document.createElement("tr");
      table.append(tr);
      row.forEach((cell, c) => {
        const box = input(cell, `${field}[${r}][${c}]`, `${spec.name}[${r}][${c}]`);
        box.addEventListener("input", () => {
          current[r][c] = box.value;
          changed();
        });
        box.addEventListener("paste", (event) => pasteBlock(event, r, c));
        const td = document.createElement("td");
        td.append(box);
        tr.append(td);
      });
    });
    scroll.append(table);
    const rows = current.length;
    const cols = current[0].length;
    const actions = document.createElement("div");
    actions.className = "editor-actions";
    actions.append(
      action(t(lang, "addRow"), () => { current.push(Array(cols).fill("0")); render(); changed(); }, rows >= spec.max_len),
      action(t(lang, "removeRow"), () => { current.pop(); render(); changed(); }, rows <= spec.min_len),
      action(t(lang, "addCol"), () => { current.forEach((row) => row.push("0")); render(); changed(); }, cols >= spec.max_len),
      action(t(lang, "removeCol"), () => { current.forEach((row) => row.pop()); render(); changed(); }, cols <= spec.min_len),
    );
    wrap.append(scroll, actions);
    return wrap;
  }

  // Several lines pasted into a grid field (a block copied from a spreadsheet) fill the grid from
  // that field on, as a spreadsheet does, growing it up to its limits; anything larger pastes as text.
  function pasteBlock(event, r0, c0) {
    const lines = (event.clipboardData?.getData("text/plain") || "").split(/\r?\n/).filter((line) => line.trim() !== "");
    if (lines.length < 2) return;
    const block = lines.map(splitNumbers);
    const rows = Math.max(current.length, r0 + block.length);
    const cols = Math.max(current[0].length, ...block.map((row) => c0 + row.length));
    if (rows > spec.max_len || cols > spec.max_len) return;
    event.preventDefault();
    current = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => block[r - r0]?.[c - c0] ?? current[r]?.[c] ?? "0"));
    render();
    changed();
  }

  function list() {
    const wrap = document.createElement("div");
    const row = document.createElement("div");
    row.className = "list-editor";
    current.forEach((item, k) => {
      const box = input(item, `${field}[${k}]`, `${spec.name}[${k}]`);
      box.addEventListener("input", () => {
        current[k] = box.value;
        changed();
      });
      row.append(box);
    });
    const actions = document.createElement("div");
    actions.className = "editor-actions";
    const fresh = spec.kind === "int_list" ? String(current[current.length - 1] ?? spec.min) : "0";
    actions.append(
      action(t(lang, "addItem"), () => { current.push(fresh); render(); changed(); }, current.length >= spec.max_len),
      action(t(lang, "removeItem"), () => { current.pop(); render(); changed(); }, current.length <= spec.min_len),
    );
    wrap.append(row, actions);
    return wrap;
  }

  function integer() {
    const wrap = document.createElement("div");
    wrap.className = "int-editor";
    const box = input(current, field, label);
    box.addEventListener("input", () => {
      current = box.value;
      changed();
    });
    wrap.append(box);
    if (spec.name.endsWith("seed")) {
      wrap.append(action(t(lang, "randomSeed"), () => {
        const draw = new Uint32Array(1);
        crypto.getRandomValues(draw);
        current = String(draw[0]);
        render();
        changed();
      }));
    }
    return wrap;
  }

  // True or False: a checkbox, so that keyboards, touch and screen readers know it.
  function boolean() {
    const wrap = document.createElement("label");
    wrap.className = "bool-editor";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = current === "True";
    box.dataset.field = field;
    const text = document.createElement("code");
    text.textContent = current;
    box.addEventListener("change", () => {
      current = box.checked ? "True" : "False";
      text.textContent = current;
      changed();
    });
    wrap.append(box, text);
    return wrap;
  }

  render();
  return {
    showError(path, message) {
      // The path names one field, or a row or the whole param (a length or a ragged row): all its fields.
      for (const box of body.querySelectorAll("input")) {
        const at = box.dataset.field;
        if (at === path || at.startsWith(`${path}[`)) box.setAttribute("aria-invalid", "true");
        else box.removeAttribute("aria-invalid");
      }
      error.textContent = message;
      error.hidden = false;
    },
    clearError() {
      for (const box of body.querySelectorAll("input")) box.removeAttribute("aria-invalid");
      error.hidden = true;
      error.textContent = "";
    },
    focus() {
      body.querySelector("input")?.focus();
    },
    close() {
      listeners.abort();
      slot.replaceChildren();
      slot.hidden = true;
    },
  };
}
