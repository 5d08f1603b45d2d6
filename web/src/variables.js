// The variables panel under a cell: every name the cell's last run defined or changed, with its
// type, shape and dtype and Python's repr of it — what Jupyter's variable inspector lists. The
// core computes the list (a response's `variables`, docs/api.md: reprs cut at 400 bytes, arrays
// drawn lazily without one); this draws it and keeps the panels in step with the runs. The page
// loads it with the first panel that opens, so its words live here rather than in the page's
// bundle.
//
//   fillVariables(details, [{name: "x", type: "numpy.ndarray", shape: [3], dtype: "float64",
//                            repr: "array([0. , 0.5, 1. ])"}], {document, lang: "en"})
//   -> <details class="variables"> whose summary reads "Variables (1)" and whose list holds
//      x · numpy.ndarray · shape (3,) · float64 and the repr in a <pre>

const WORDS = {
  ko: {
    count: "변수 {n}개",
    none: "이 셀이 만들거나 바꾼 변수가 없습니다.",
    notOk: "셀이 끝까지 실행되지 않아 변수를 보여 줄 수 없습니다.",
    raised: "셀이 오류에서 멈췄습니다. 변수들은 멈춘 때의 값입니다.",
    raisedNone: "셀이 오류에서 멈춰, 만들거나 바꾼 변수가 없습니다.",
    shape: "모양 {shape}",
    cut: "앞부분만 보입니다.",
    lazy: "값을 아직 뽑지 않은 무작위 배열입니다 (코드가 읽는 만큼만 뽑습니다).",
    whole: "값 모두 보기",
    values: "값 보기",
    asking: "계산하는 중…",
  },
  en: {
    count: "Variables ({n})",
    none: "This cell defined or changed no variable.",
    notOk: "The cell did not run to its end: no variables to show.",
    raised: "The cell stopped at an error: the values are as it left them.",
    raisedNone: "The cell stopped at an error before it defined or changed a variable.",
    shape: "shape {shape}",
    cut: "Only the beginning is shown.",
    lazy: "A random array whose values are not drawn yet (the code draws only what it reads).",
    whole: "Show all",
    values: "Show values",
    asking: "Computing…",
  },
};

const say = (lang, key, vars = {}) =>
  (WORDS[lang] || WORDS.ko)[key].replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));

/**
 * The panels of a lab page (page.js): `show(cell)` after each of the cell's runs, `toggled(cell)`
 * when its panel opens or closes, `clicked(cell)` after a click in its code. A cell is page.js's
 * ({step, section, codeEditor}); `run(cell, {inspect})` runs it, `responses` holds each step's
 * last answer, `keepOpen(steps)` remembers which panels are open. The build's answers carry no
 * variables: an open panel runs its cell to get them.
 */
export function startPanels({ document, lang, responses, run, keepOpen }) {
  const detailsOf = (cell) => cell.section.querySelector("details.variables");

  function show(cell) {
    const details = detailsOf(cell);
    const response = responses[cell.step];
    if (!details?.open) return;
    if (!Array.isArray(response?.variables)) {
      if (!cell.section.classList.contains("is-running")) run(cell);
      return;
    }
    // (a cell that raised: what it left, as Python keeps it; a cell stopped or outside the subset: none)
    const listed = response.status === "ok" || response.status === "error";
    fillVariables(details, listed ? response.variables : null, {
      document, lang, raised: response.status === "error", inspected: response.inspected,
      onInspect: (name) => run(cell, { inspect: name }),
    });
    if (cell.pick) pickVariable(details, cell.pick);
    cell.pick = null;
  }

  function toggled(cell) {
    const open = [...document.querySelectorAll("section.cell")]
      .filter((section) => section.querySelector("details.variables")?.open)
      .map((section) => Number(section.dataset.step));
    keepOpen(open);
    show(cell);
  }

  // A name clicked in the code: its row in the panel (opened from the read-only code; in the code
  // editor only when already open, where a click is for typing).
  function clicked(cell) {
    const details = detailsOf(cell);
    const name = cell.codeEditor ? cell.codeEditor.wordAtCursor() : nameAtCaret(document);
    if (!name || !details || (!details.open && cell.codeEditor)) return;
    cell.pick = name;
    if (details.open) show(cell);
    else details.open = true; // its toggle event shows the variables
  }

  return { show, toggled, clicked };
}

/** The Python name around the caret a click left in read-only code, or null. */
export function nameAtCaret(document) {
  const selection = document.getSelection?.();
  const node = selection?.anchorNode;
  if (!selection?.isCollapsed || node?.nodeType !== 3) return null;
  const text = node.data;
  const part = /[\p{L}\p{N}_]/u;
  let a = selection.anchorOffset;
  let b = a;
  while (a > 0 && part.test(text[a - 1])) a -= 1;
  while (b < text.length && part.test(text[b])) b += 1;
  const word = text.slice(a, b);
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(word) ? word : null;
}

/** A shape as Python prints it: [3] -> "(3,)", [40, 40] -> "(40, 40)", [] -> "()". */
export function shapeText(shape) {
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
}

/**
 * Fills a cell's panel from a run's response.
 * @param details the cell's <details class="variables"> (cell-view.js renders it)
 * @param variables the response's `variables`, or null when the cell did not run to its end
 * @param opts `raised`: the cell stopped at an error (its variables are as it left them);
 *   `onInspect(name)`: asks the core for a variable's whole repr (its button shows when
 *   the repr was cut or not drawn); `inspected`: the core's answer to such a request,
 *   {name, repr} or {name, error}
 */
export function fillVariables(details, variables, { document, lang = "ko", raised = false, onInspect, inspected } = {}) {
  const summary = details.querySelector("summary");
  const body = document.createElement("div");
  body.className = "var-body";
  if (!variables) {
    summary.textContent = say(lang, "count", { n: 0 });
    body.append(note(document, say(lang, "notOk")));
  } else if (!variables.length) {
    summary.textContent = say(lang, "count", { n: 0 });
    body.append(note(document, say(lang, raised ? "raisedNone" : "none")));
  } else {
    summary.textContent = say(lang, "count", { n: variables.length });
    if (raised) body.append(note(document, say(lang, "raised")));
    const list = document.createElement("dl");
    list.className = "var-list";
    for (const v of variables) {
      const answer = inspected && inspected.name === v.name ? inspected : null;
      list.append(...entry(document, lang, v, answer, onInspect));
    }
    body.append(list);
  }
  details.querySelector(".var-body")?.remove();
  details.append(body);
}

/** Marks the row of `name` (a name clicked in the code) and brings it into view; false if none. */
export function pickVariable(details, name) {
  let found = null;
  for (const dt of details.querySelectorAll(".var-list > dt")) {
    const mine = dt.dataset.name === name;
    dt.classList.toggle("is-picked", mine);
    dt.nextElementSibling?.classList.toggle("is-picked", mine);
    if (mine) found = dt;
  }
  found?.scrollIntoView?.({ block: "nearest" });
  return Boolean(found);
}

function entry(document, lang, v, answer, onInspect) {
  const dt = document.createElement("dt");
  dt.dataset.name = v.name;
  const name = document.createElement("code");
  name.className = "var-name";
  name.textContent = v.name;
  const meta = document.createElement("span");
  meta.className = "var-meta";
  const parts = [v.type];
  // (a NumPy scalar's type names its dtype already, and its shape is ())
  if (Array.isArray(v.shape) && (v.shape.length || v.type === "numpy.ndarray")) parts.push(say(lang, "shape", { shape: shapeText(v.shape) }));
  if (v.dtype && v.type !== `numpy.${v.dtype}`) parts.push(v.dtype);
  meta.textContent = parts.join(" · ");
  dt.append(name, " ", meta);

  const dd = document.createElement("dd");
  const cut = typeof v.repr === "string" && v.repr.endsWith("…");
  let more = null; // what is left out, said under the repr
  if (answer && typeof answer.repr === "string") {
    dd.append(reprBlock(document, answer.repr));
  } else if (v.lazy) {
    dd.append(more = note(document, say(lang, "lazy")));
  } else {
    dd.append(reprBlock(document, v.repr ?? ""));
    if (cut) dd.append(more = note(document, say(lang, "cut")));
  }
  if (answer && answer.error) {
    const error = document.createElement("pre");
    error.className = "var-repr var-error";
    error.textContent = answer.error;
    dd.append(error);
  }
  if (more && !answer && onInspect) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn btn-quiet var-more";
    button.textContent = say(lang, v.lazy ? "values" : "whole");
    button.addEventListener("click", () => {
      button.disabled = true;
      button.textContent = say(lang, "asking");
      onInspect(v.name);
    });
    more.append(" ", button);
  }
  return [dt, dd];
}

// A repr keeps its lines as Python printed them: a wide one scrolls sideways in its own box,
// which takes focus so that keyboard users can scroll it too.
function reprBlock(document, text) {
  const pre = document.createElement("pre");
  pre.className = "var-repr";
  pre.tabIndex = 0;
  pre.textContent = text;
  return pre;
}

function note(document, text) {
  const p = document.createElement("p");
  p.className = "var-note";
  p.textContent = text;
  return p;
}
