// A cell's code as an editor (CodeMirror 6), loaded on the learner's first "edit code": Python
// highlighting, bracket matching, indentation, undo. It lives in a shadow root, so CodeMirror's
// styles go in as adopted style sheets and the page's CSP (style-src 'self') needs no exception.
// Tab indents; Escape then Tab leaves the editor (CodeMirror's way out for keyboard users).
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, WidgetType, highlightActiveLine, keymap } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { HighlightStyle, bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
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

// The lab's params in the learner's code: each literal the lab's selectors still find there (the
// core's `literals` for the code it ran) is tinted as the read-only code's chips are, with a small
// ✎ button after it that opens the value's editor (the page listens for clicks on .cm-chip). The
// marks follow the text as the learner types, until the next run's answer replaces them.
const setChips = StateEffect.define();
const chips = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const effect of tr.effects) if (effect.is(setChips)) return effect.value;
    return marks.map(tr.changes);
  },
  provide: (field) => EditorView.decorations.from(field),
});

class ChipButton extends WidgetType {
  constructor(param, label) {
    super();
    this.param = param;
    this.label = label;
  }

  eq(other) {
    return other.param === this.param && other.label === this.label;
  }

  toDOM(view) {
    const button = view.dom.ownerDocument.createElement("button");
    button.type = "button";
    button.className = "cm-chip";
    button.dataset.param = this.param;
    button.title = this.label; // (its ✎ is the theme's: no text of its own among the code's)
    button.setAttribute("aria-label", this.label);
    return button;
  }

  ignoreEvent() {
    return true; // the click is the page's, not a cursor move
  }
}

const THEME = EditorView.theme({
  "&": { fontSize: "0.9rem", backgroundColor: "#f6f4ef", borderRadius: "6px" },
  "&.cm-focused": { outline: "2px solid #2a6f97" },
  ".cm-content": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, \"Noto Sans Mono CJK KR\", monospace", padding: "10px 0" },
  ".cm-line": { padding: "0 12px" },
  ".cm-scroller": { overflowX: "auto" },
  ".cm-error-line": { backgroundColor: "#fde8e8" },
  ".cm-error-at": { textDecoration: "underline wavy #c0392b", textDecorationSkipInk: "none" },
  ".cm-lit": { backgroundColor: "#fff3d6", borderBottom: "2px solid #e9c46a", borderRadius: "3px" },
  // (a bigger target for a finger than its glyph; the negative margins keep the line's height,
  // and ::before takes taps on 24 × 24 px around it, WCAG 2.5.8's minimum, without a taller line)
  ".cm-chip": { font: "inherit", fontSize: "0.75em", lineHeight: "1", margin: "-3px 1px", padding: "4px 5px", cursor: "pointer",
    border: "1px solid #e9c46a", borderRadius: "4px", backgroundColor: "#fffaf0", color: "#1f2328", verticalAlign: "baseline",
    position: "relative" },
  ".cm-chip::before": { content: '""', position: "absolute", left: "50%", top: "50%", width: "24px", height: "24px", transform: "translate(-50%, -50%)" },
  ".cm-chip::after": { content: '"✎"' },
});

// The literals the chips mark now, [{param, from, to}] in the text's order: all of them, or
// `param`'s alone.
function literalRanges(state, param = null) {
  const out = [];
  state.field(chips).between(0, state.doc.length, (from, to, deco) => {
    const at = deco.spec.attributes?.["data-param"];
    if (from < to && (param === null || at === param)) out.push({ param: at, from, to });
  });
  return out;
}

// The code view's colours (style.css, .tok-*), so that code looks the same before and after the
// editor opens, each at least 4.5:1 on the code's background (CodeMirror's default style has
// colours below that, e.g. its orange for escapes and its red for what the parser cannot read).
const codeColors = HighlightStyle.define([
  { tag: [tags.keyword, tags.bool, tags.null, tags.self], color: "#8a3ffc" },
  { tag: [tags.string, tags.special(tags.string), tags.escape], color: "#1a7f37" },
  { tag: tags.number, color: "#9a4a00" },
  { tag: tags.comment, color: "#5c6570", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "#0550ae" },
  { tag: tags.operator, color: "#57606a" },
]);

/**
 * Mounts an editor holding `doc` in `host` (an element of the page).
 * @param {HTMLElement} host
 * @param {{doc: string, label: string, onChange?: (code: string) => void, onRun?: () => void}} options
 *   onChange after every change of the text (not while an IME composes); onRun on Shift+Enter
 * @returns {{code(): string, setCode(text: string): void,
 *   mark(at: {line?: number, column?: number} | null, spans?: object[], label?: (param: string) => string): void,
 *   literalText(param: string): string | null,
 *   replaceLiterals(param: string, text: string): void, wordAtCursor(): string | null,
 *   composing(): boolean, focus(): void, destroy(): void}}
 */
export function mountCodeEditor(host, { doc, label, onChange, onRun }) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  const run = () => { onRun?.(); return true; };
  const view = new EditorView({
    root,
    parent: root,
    // A change's text goes to onChange before CodeMirror redraws: the run's request leaves while
    // the editor updates its DOM, which it does even when onChange throws. (A composing IME's
    // text is not code yet: the change that ends the composition counts.)
    dispatchTransactions(trs, editor) {
      try {
        if (trs.some((tr) => tr.docChanged) && !editor.composing) onChange?.(trs[trs.length - 1].state.doc.toString());
      } finally {
        editor.update(trs);
      }
    },
    state: EditorState.create({
      doc,
      extensions: [
        history(),
        // (the browser's own cursor and selection: CodeMirror's drawn ones, drawSelection(), cost
        // a layout read at every keystroke, about 5 ms of the keystroke's 26 here)
        highlightActiveLine(),
        indentOnInput(),
        bracketMatching(),
        indentUnit.of("    "),
        syntaxHighlighting(codeColors),
        python(),
        keymap.of([{ key: "Shift-Enter", run }, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": label, "aria-multiline": "true" }),
        errorMarks,
        chips,
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
    // The last run's marks, in one transaction (one redraw): where its error is (`at`, null for
    // none: the line from 1, and for a SyntaxError the column from 1), and unless `spans` is
    // undefined the params' literals in the code, [{param, start, end}] (UTF-16 offsets into the
    // current text, as the core gives them), `label(param)` naming each ✎ button for screen readers.
    // Marks already there are not set again (no transaction, no redraw: the usual answer while
    // typing has no error and the chips the typing moved along).
    mark(at, spans, label) {
      const effects = [];
      if (at || view.state.field(errorMarks).size) effects.push(setError.of(at ? errorDecorations(view.state.doc, at) : Decoration.none));
      if (spans) {
        const length = view.state.doc.length;
        const kept = spans.filter((s) => s.start < s.end && s.end <= length);
        const now = literalRanges(view.state).map((r) => `${r.param}:${r.from}:${r.to}`);
        if (now.join() !== kept.map((s) => `${s.param}:${s.start}:${s.end}`).join()) {
          const ranges = kept.flatMap((s) => [
            Decoration.mark({ class: "cm-lit", attributes: { "data-param": s.param } }).range(s.start, s.end),
            Decoration.widget({ widget: new ChipButton(s.param, label(s.param)), side: 1 }).range(s.end),
          ]);
          effects.push(setChips.of(Decoration.set(ranges, true)));
        }
      }
      if (effects.length) view.dispatch({ effects });
    },
    // The text of the param's first literal now (null when it has none), and all of them replaced.
    literalText(param) {
      const [first] = literalRanges(view.state, param);
      return first ? view.state.sliceDoc(first.from, first.to) : null;
    },
    replaceLiterals(param, text) {
      const changes = literalRanges(view.state, param).map(({ from, to }) => ({ from, to, insert: text }));
      if (changes.length) view.dispatch({ changes, userEvent: "input.chip" });
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
