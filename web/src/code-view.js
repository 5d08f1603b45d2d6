// The cell's Python code, highlighted, with each param's literal as an operable "button" in place.
import { tokenize, renderTokens } from "./highlight.js";

/**
 * Renders `source` in a <pre><code>, cutting it at the literal spans the core reported.
 * Literals become <span role="button" tabindex="0" class="lit" data-param="A"> — spans rather than
 * <button>s so that a multi-line matrix literal keeps the code's column alignment.
 * @example renderCode("np.random.seed(42)\n", [{param: "sweep_seed", start: 15, end: 17}], {document})
 *   // <pre class="code"><code>…np.random.seed(<span class="lit" data-param="sweep_seed" …>42</span>)…</code></pre>
 */
export function renderCode(source, literals, { document, labels = {}, editLabel = "edit" }) {
  const pre = document.createElement("pre");
  pre.className = "code";
  const code = document.createElement("code");
  const tokens = tokenize(source);
  let pos = 0;
  for (const lit of [...literals].sort((a, b) => a.start - b.start)) {
    code.append(renderTokens(source, tokens, pos, lit.start, { document }));
    const span = document.createElement("span");
    span.className = "lit";
    span.setAttribute("role", "button");
    span.setAttribute("tabindex", "0");
    span.dataset.param = lit.param;
    span.setAttribute("aria-label", `${labels[lit.param] || lit.param} ${editLabel}: ${source.slice(lit.start, lit.end)}`);
    span.append(renderTokens(source, tokens, lit.start, lit.end, { document }));
    code.append(span);
    pos = lit.end;
  }
  code.append(renderTokens(source, tokens, pos, source.length, { document }));
  pre.append(code);
  return pre;
}
