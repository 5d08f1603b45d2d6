// The two ways to change a cell: a value editor under the code for one literal (editors.js, loaded
// on the first click on a value), and the code editor in place of the code (code-editor.js, loaded
// as the learner points at "edit code"). Once a cell's code is edited, its text is the truth: a
// value editor then writes its value into the code.
import { t } from "./i18n.js";
import { checkParam, parseLiteral } from "./params.js";
import { TYPING_MS } from "./runs.js";

/**
 * A value as a Python literal in the learner's code, from checkParam's text (JSON's spelling):
 * True/False, and np.array(...) around a list where the code had one.
 * @example pythonLiteral({kind: "vector"}, "[1.0, 2]", "np.array([3, 4])") // "np.array([1.0, 2])"
 */
export function pythonLiteral(spec, text, before) {
  if (spec.kind === "boolean") return text === "true" ? "True" : "False";
  return before?.startsWith("np.array(") ? `np.array(${text})` : text;
}

/**
 * The page's editors. `page` holds {document, lang, state, labels, responses, view, runs, announce}.
 */
export function createEditing(page) {
  const { document, lang, state, labels, responses, view, runs } = page;
  const { specs } = state;
  const problemMessage = (p) => t(lang, `error.${p.reason}`, p.limits || {});
  let editors = null;
  let editorsLoading = null;
  let codeEditors = null;

  /** Opens the value editor of param `name` under the cell's code (closing any other there). */
  function open(cell, name) {
    if (!editors) {
      editorsLoading ??= import("./editors.js").then((module) => { editors = module; });
      editorsLoading.then(() => open(cell, name), () => page.announce(t(lang, "coreFailed")));
      return;
    }
    close(cell);
    // In code the learner edited, the value is the literal in the code, and a new one is written
    // there (the code is the truth; the cell runs as it does when typed into).
    const inCode = cell.codeEditor?.literalText(name) ?? null;
    const handle = editors.openEditor(cell.section.querySelector(".editor-slot"), {
      spec: specs[name],
      value: inCode === null ? state.values[name] : parseLiteral(specs[name].kind, inCode),
      label: labels[name],
      lang,
      onChange(value) {
        if (inCode !== null) {
          const r = checkParam(specs[name], value);
          if (!r.ok) return handle.showError(r.field, problemMessage(r));
          handle.clearError();
          return cell.codeEditor?.replaceLiterals(name, pythonLiteral(specs[name], r.text, cell.codeEditor.literalText(name)));
        }
        state.remember([name]);
        page.undoChanged();
        state.values[name] = value;
        runs.schedule([name]); // first: a quick cell's request leaves before the bookkeeping below
        state.keep([name]);
        const problem = state.problem(name);
        if (problem) handle.showError(problem.field, problemMessage(problem));
        else handle.clearError();
      },
      onClose() {
        close(cell);
        if (inCode !== null) cell.codeEditor?.focus();
        else cell.section.querySelector(`.lit[data-param="${name}"]`)?.focus();
      },
    });
    cell.editor = { name, handle };
    view.markLiterals(cell);
    const problem = inCode === null ? state.problem(name) : null;
    if (problem) handle.showError(problem.field, problemMessage(problem));
    handle.focus();
  }

  function close(cell) {
    if (!cell.editor) return;
    cell.editor.handle.close();
    cell.editor = null;
    view.markLiterals(cell);
  }

  /** Values set from elsewhere (undo, reset, a link): open editors show them. */
  function refresh(names) {
    for (const cell of page.cells.values()) {
      if (cell.editor && names.includes(cell.editor.name)) open(cell, cell.editor.name);
    }
  }

  // (a failed fetch is tried again by the next call: the network may be back)
  const loadCodeEditors = () => (codeEditors ??= import("./code-editor.js").catch((err) => { codeEditors = null; throw err; }));

  // The "edit code" buttons fetch the code editor as the learner points at or focuses one: a
  // mouse rests there a moment before the click, a finger from pointerdown to the click.
  for (const button of document.querySelectorAll('[data-action="edit-code"]')) {
    for (const type of ["pointerenter", "pointerdown", "focus"]) button.addEventListener(type, () => loadCodeEditors().catch(() => {}));
  }

  /** Puts the code editor in place of the cell's code (with the learner's code if any). */
  async function editCode(cell, { focus = true } = {}) {
    if (cell.codeEditor) {
      if (focus) cell.codeEditor.focus();
      return;
    }
    let module;
    try {
      module = await loadCodeEditors();
    } catch (err) {
      view.setStale(cell, `${t(lang, "coreFailed")} (${err && err.message})`);
      return;
    }
    if (cell.codeEditor) return;
    close(cell);
    const host = document.createElement("div");
    host.className = "code-editor";
    cell.section.querySelector(".code-box > pre.code:last-child").replaceWith(host);
    cell.codeEditor = module.mountCodeEditor(host, {
      doc: state.code[cell.step] ?? responses[cell.step].source,
      label: t(lang, "codeLabel", { n: cell.step }),
      onChange: (text) => runs.setCode(cell, text, TYPING_MS),
      onRun: () => runs.setCode(cell, cell.codeEditor.code(), 0),
    });
    view.markCode(cell, responses[cell.step]);
    // (the cell's values are in its code now: "textbook values" would not change it)
    showButtons(cell, true);
    if (focus) cell.codeEditor.focus();
  }

  function showButtons(cell, edited) {
    for (const [action, hidden] of [["edit-code", edited], ["reset", edited], ["reset-code", !edited]]) {
      cell.section.querySelector(`[data-action="${action}"]`).hidden = hidden;
    }
  }

  /** The textbook's code again in the cell, read-only; it and the cells that read it run. */
  function resetCode(cell) {
    const readers = runs.codeReaders(cell);
    state.setCode(cell.step, null);
    if (cell.codeEditor) {
      cell.codeEditor.destroy();
      cell.codeEditor = null;
      cell.section.querySelector(".code-box > .code-editor").replaceWith(view.codeOf(responses[cell.step]));
    }
    showButtons(cell, false);
    view.showCodeNote();
    for (const c of readers) runs.run(c);
  }

  /** The cell's code becomes `text`, in its editor (opened if need be), and runs. */
  function putCode(cell, text) {
    editCode(cell, { focus: false }).then(() => {
      if (cell.codeEditor.code() !== text) cell.codeEditor.setCode(text);
      runs.setCode(cell, text, 0);
    });
  }

  /** Fetches the code editor ahead of the first "edit code" (the page calls it once idle). */
  function preload() {
    loadCodeEditors().catch(() => {});
  }

  return { open, close, refresh, editCode, resetCode, putCode, preload };
}
