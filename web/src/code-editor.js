// A cell's code as an editor (CodeMirror 6), loaded on the learner's first "edit code": Python
// highlighting, bracket matching, indentation, undo. It lives in a shadow root, so CodeMirror's
// styles go in as adopted style sheets and the page's CSP (style-src 'self') needs no exception.
// Tab indents; Escape then Tab leaves the editor (CodeMirror's way out for keyboard users).
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, drawSelection, highlightActiveLine, keymap } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { python } from "@codemirror/lang-python";

// Where the last run's error is: its line marked, and for a SyntaxError the column Python gives
// underlined. Any edit clears it (the marks would point at code that is no longer there).
const setError = StateEffect.define();
const errorMarks = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const effect of tr.effects) if (effect.is(setError)) return effect.value;
    return tr.docChanged ? Decoration.none : marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

function errorDecorations(doc, { line, column }) {
  if (!Number.isInteger(line) || line < 1 || line > doc.lines) return Decoration.none;
  const at = doc.line(line);
  const marks = [Decoration.line({ class: "cm-error-line" }).range(at.from)];
  if (Number.isInteger(column) && column >= 1) {
    // Python counts the column from 1 in characters; one character under it (the line's end: the last)
    const from = Math.min(at.from + column - 1, Math.max(at.from, at.to - 1));
    if (from < at.to) marks.push(Decoration.mark({ class: "cm-error-at" }).range(from, from + 1));
  }
  return Decoration.set(marks, true);
}

const THEME = EditorView.theme({
  "&": { fontSize: "0.9rem", backgroundColor: "#f6f4ef", borderRadius: "6px" },
  "&.cm-focused": { outline: "2px solid #2a6f97" },
  ".cm-content": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, \"Noto Sans Mono CJK KR\", monospace", padding: "10px 0" },
  ".cm-line": { padding: "0 12px" },
  ".cm-scroller": { overflowX: "auto" },
  ".cm-error-line": { backgroundColor: "#fde8e8" },
  ".cm-error-at": { textDecoration: "underline wavy #c0392b", textDecorationSkipInk: "none" },
});

/**
 * Mounts an editor holding `doc` in `host` (an element of the page).
 * @param {HTMLElement} host
 * @param {{doc: string, label: string, onChange?: (code: string) => void, onRun?: () => void}} options
 *   onChange after every change of the text (not while an IME composes); onRun on Shift+Enter
 * @returns {{code(): string, setCode(text: string): void, markError(at: {line?: number, column?: number} | null): void,
 *   composing(): boolean, focus(): void, destroy(): void}}
 */
export function mountCodeEditor(host, { doc, label, onChange, onRun }) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  const run = () => { onRun?.(); return true; };
  const view = new EditorView({
    root,
    parent: root,
    state: EditorState.create({
      doc,
      extensions: [
        history(),
        drawSelection(),
        highlightActiveLine(),
        indentOnInput(),
        bracketMatching(),
        indentUnit.of("    "),
        syntaxHighlighting(defaultHighlightStyle),
        python(),
        keymap.of([{ key: "Shift-Enter", run }, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": label, "aria-multiline": "true" }),
        errorMarks,
        EditorView.updateListener.of((update) => {
          // a composing IME's text is not code yet: the change that ends the composition counts
          if (update.docChanged && !update.view.composing) onChange?.(update.state.doc.toString());
        }),
        EditorView.domEventObservers({
          // The last run's marks go before the IME puts its text in: CodeMirror leaves the DOM
          // around a composition alone until it ends, so a mark ending at the cursor (a
          // SyntaxError's column at the line's end) would take in, and underline, the syllables.
          // (an observer: it runs before CodeMirror's own, which starts protecting the composition)
          compositionstart(event, editor) {
            if (editor.state.field(errorMarks).size) editor.dispatch({ effects: setError.of(Decoration.none) });
          },
        }),
        EditorView.domEventHandlers({
          compositionend(event, editor) {
            // the composition's last change may come with it: take the text once it has settled
            setTimeout(() => onChange?.(editor.state.doc.toString()));
            return false;
          },
        }),
        THEME,
      ],
    }),
  });
  return {
    code: () => view.state.doc.toString(),
    setCode(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    // the line (from 1) of the last run's error, and the column (from 1) of a SyntaxError; null clears
    markError(at) {
      view.dispatch({ effects: setError.of(at ? errorDecorations(view.state.doc, at) : Decoration.none) });
    },
    // an IME is composing text in it (a run scheduled meanwhile waits: the text is not code yet)
    composing: () => view.composing || view.compositionStarted,
    // the Python name the cursor is in or touches (a name clicked in the code), or null
    wordAtCursor() {
      const { main } = view.state.selection;
      const word = main.empty ? view.state.wordAt(main.head) : null;
      const text = word ? view.state.sliceDoc(word.from, word.to) : "";
      return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(text) ? text : null;
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
