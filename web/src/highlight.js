// Python syntax colours for the lab cells: a tokenizer for the small subset the labs use, and a
// renderer that can draw any slice of the source (the cell cuts the code at its editable literals).

const KEYWORDS = new Set([
  "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
  "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
  "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
]);

// Sticky patterns, tried at the current position. Identifiers may be Korean (\p{L}); indices stay
// UTF-16 code units, the same units the core's `literals` offsets use.
const IDENT = /[\p{L}_][\p{L}\p{N}_]*/uy;
const NUMBER = /(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?[jJ]?)/y;
const OPERATOR = /[-+*/%@&|^~<>=!]+/y;
const STRING_PREFIX = /^(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])$/;

function matchAt(re, source, i) {
  re.lastIndex = i;
  const m = re.exec(source);
  return m ? m[0].length : 0;
}

// End of a string literal whose opening quote is at `q` (after any prefix); an unclosed one-line
// string ends at the line's end, an unclosed triple-quoted one at the source's end.
function stringEnd(source, q) {
  const quote = source[q];
  const triple = source.startsWith(quote.repeat(3), q);
  const close = triple ? quote.repeat(3) : quote;
  let i = q + close.length;
  while (i < source.length) {
    const c = source[i];
    if (c === "\\") { i += 2; continue; }
    if (!triple && c === "\n") return i;
    if (source.startsWith(close, i)) return i + close.length;
    i += 1;
  }
  return source.length;
}

/**
 * Splits Python source into coloured tokens; text between tokens is plain.
 * @param {string} source
 * @returns {{type: "kw"|"str"|"num"|"com"|"fn"|"op", start: number, end: number}[]} in order,
 *   non-overlapping, UTF-16 offsets.
 * @example tokenize('p = softmax(z)  # 확률')
 *   // [{type:"op",start:2,end:3}, {type:"fn",start:4,end:11}, {type:"com",start:16,end:20}]
 */
export function tokenize(source) {
  const tokens = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === "#") {
      let end = source.indexOf("\n", i);
      if (end < 0) end = source.length;
      tokens.push({ type: "com", start: i, end });
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = stringEnd(source, i);
      tokens.push({ type: "str", start: i, end });
      i = end;
      continue;
    }
    let n = matchAt(IDENT, source, i);
    if (n > 0) {
      const word = source.slice(i, i + n);
      const next = source[i + n];
      if ((next === '"' || next === "'") && STRING_PREFIX.test(word)) {
        const end = stringEnd(source, i + n);
        tokens.push({ type: "str", start: i, end });
        i = end;
        continue;
      }
      if (KEYWORDS.has(word)) tokens.push({ type: "kw", start: i, end: i + n });
      else if (/^[ \t]*\(/.test(source.slice(i + n, i + n + 8))) tokens.push({ type: "fn", start: i, end: i + n });
      i += n;
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(source[i + 1] || ""))) {
      n = matchAt(NUMBER, source, i);
      tokens.push({ type: "num", start: i, end: i + n });
      i += n;
      continue;
    }
    n = matchAt(OPERATOR, source, i);
    if (n > 0) {
      tokens.push({ type: "op", start: i, end: i + n });
      i += n;
      continue;
    }
    i += 1;
  }
  return tokens;
}

/**
 * Renders the slice [from, to) of `source` with its tokens: coloured spans, plain text nodes
 * between them; a token cut by the slice's ends is clipped to it. The fragment's text is exactly
 * source.slice(from, to), so slices rendered side by side rebuild the source.
 * @param {string} source
 * @param {{type: string, start: number, end: number}[]} tokens from tokenize(source)
 * @param {number} from
 * @param {number} to
 * @param {{document: Document}} opts
 * @returns {DocumentFragment}
 * @example renderTokens("x = 42\n", tokenize("x = 42\n"), 4, 7, {document})
 *   // fragment: <span class="tok-num">42</span>"\n"
 */
export function renderTokens(source, tokens, from, to, { document }) {
  const fragment = document.createDocumentFragment();
  let pos = from;
  for (const token of tokens) {
    if (token.end <= from) continue;
    if (token.start >= to) break;
    const start = Math.max(token.start, from);
    const end = Math.min(token.end, to);
    if (start > pos) fragment.append(document.createTextNode(source.slice(pos, start)));
    const span = document.createElement("span");
    span.className = `tok-${token.type}`;
    span.textContent = source.slice(start, end);
    fragment.append(span);
    pos = end;
  }
  if (pos < to) fragment.append(document.createTextNode(source.slice(pos, to)));
  return fragment;
}

/**
 * Highlights a whole source.
 * @param {string} source e.g. 'print("합:", p.sum())  # 1.0'
 * @param {{document: Document}} opts
 * @returns {DocumentFragment} <span class="tok-fn">print</span>(<span class="tok-str">"합:"</span>, p.
 *   <span class="tok-fn">sum</span>())  <span class="tok-com"># 1.0</span>
 */
export function highlightPython(source, { document }) {
  return renderTokens(source, tokenize(source), 0, source.length, { document });
}
