// Tables from the core's `{columns, index, rows}` JSON: an HTML <table>, and a table output with a
// toggle to the exact text pandas printed.

const TABLE_MIME = "application/vnd.transformer-lab.table+json";

const WORDS = {
  ko: { raw: "출력 글자 그대로 보기" },
  en: { raw: "Show the printed text" },
};

/**
 * How a value shows in a cell when the printed text can't tell: the number's shortest JavaScript
 * form, pandas' words for the special values.
 * @example formatValue(15.9) // "15.9";  formatValue(null) // "NaN";  formatValue(Infinity) // "inf"
 */
export function formatValue(v) {
  if (v === null || v === undefined || (typeof v === "number" && Number.isNaN(v))) return "NaN";
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  if (v === true) return "True";
  if (v === false) return "False";
  return String(v);
}

// A cell's text, its words kept whole. `word-break: keep-all` (style.css) stops Korean breaking
// between syllables, but a browser may still break before "(" or after "/": "대비(%)" became
// "대비 / (%)" in a 320-px column. Such a word goes in a <span class="word"> that does not wrap
// (a number needs none: no browser breaks inside "-0.25", nor does one in "√d_k" or "e^z").
function setCellText(document, cell, text) {
  for (const part of String(text).split(/(\s+)/)) {
    if (!part) continue;
    if (/^\s|^[\p{L}\p{N}_^√'.]+$|^[-+]?[\d.,]+(e[-+]?\d+)?$/iu.test(part)) {
      cell.append(document.createTextNode(part));
    } else {
      const word = document.createElement("span");
      word.className = "word";
      word.textContent = part;
      cell.append(word);
    }
  }
}

function isNumeric(v) {
  return v === null || typeof v === "number";
}

// A printed token stands for a value when it reads back as (about) that number: pandas prints at
// most 6 significant digits, and pads a column to its longest decimals (15.9 → "15.90").
function tokenMatches(token, value) {
  if (value === null) return token === "NaN";
  if (typeof value !== "number") return token === String(value);
  if (token === "inf") return value === Infinity;
  if (token === "-inf") return value === -Infinity;
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(token)) return false;
  const read = Number(token);
  return read === value || Math.abs(read - value) <= 5e-6 * Math.max(Math.abs(value), Math.abs(read));
}

/**
 * The strings each cell shows: what pandas printed, when `text` (the output's text/plain) is
 * given and lines up with the data one token per cell; otherwise formatValue of each value.
 * @param {{columns: string[], index: (number|string)[], rows: any[][]}} table
 * @param {string} [text] e.g. "   d_k  √d_k\n0    4   2.0\n1   16   4.0"
 * @returns {{index: string[], rows: string[][], printed: boolean}}
 * @example displayCells({columns: ["d_k", "√d_k"], index: [0, 1], rows: [[4, 2], [16, 4]]},
 *                      "   d_k  √d_k\n0    4   2.0\n1   16   4.0")
 *   // {index: ["0", "1"], rows: [["4", "2.0"], ["16", "4.0"]], printed: true}
 */
export function displayCells(table, text) {
  const fallback = {
    index: table.index.map(formatValue),
    rows: table.rows.map((row) => row.map(formatValue)),
    printed: false,
  };
  if (typeof text !== "string") return fallback;
  const lines = text.split("\n");
  if (lines.length !== table.rows.length + 1) return fallback;
  const rows = [];
  for (let r = 0; r < table.rows.length; r += 1) {
    const tokens = lines[r + 1].trim().split(/\s+/);
    if (tokens.length !== table.columns.length + 1) return fallback;
    if (tokens[0] !== formatValue(table.index[r])) return fallback;
    const values = tokens.slice(1);
    if (!values.every((token, c) => tokenMatches(token, table.rows[r][c]))) return fallback;
    rows.push(values);
  }
  return { index: fallback.index, rows, printed: true };
}

/**
 * Renders a table: an index column of row headers, `<th scope="col">` column headers, numbers
 * right-aligned (class "num").
 * @param {{columns: string[], index: (number|string)[], rows: any[][]}} table
 * @param {{document: Document, lang?: string, text?: string, caption?: string, indexLabel?: string}} opts
 *   `text`: the printed text/plain, to show values as pandas printed them ("15.90", "2.0").
 * @returns {HTMLTableElement}
 * @example renderTable({columns: ["z"], index: [0], rows: [[2]]}, {document})
 *   // <table class="data-table"><thead><tr><td class="corner"></td><th scope="col" class="col-num">z</th></tr></thead>
 *   //  <tbody><tr><th scope="row" class="num">0</th><td class="num">2</td></tr></tbody></table>
 */
export function renderTable(table, { document, text, caption, indexLabel } = {}) {
  const cells = displayCells(table, text);
  const numericCol = table.columns.map((_, c) => table.rows.every((row) => isNumeric(row[c])));
  const numericIndex = table.index.every((v) => typeof v === "number");

  const el = document.createElement("table");
  el.className = cells.printed ? "data-table is-printed" : "data-table";
  if (caption) {
    const cap = document.createElement("caption");
    cap.textContent = caption;
    el.append(cap);
  }
  const thead = document.createElement("thead");
  const head = document.createElement("tr");
  if (indexLabel) {
    const th = document.createElement("th");
    th.setAttribute("scope", "col");
    th.className = numericIndex ? "index-head col-num" : "index-head";
    th.textContent = indexLabel;
    head.append(th);
  } else {
    const corner = document.createElement("td");
    corner.className = "corner";
    head.append(corner);
  }
  table.columns.forEach((name, c) => {
    const th = document.createElement("th");
    th.setAttribute("scope", "col");
    if (numericCol[c]) th.className = "col-num";
    setCellText(document, th, formatValue(name));
    head.append(th);
  });
  thead.append(head);

  const tbody = document.createElement("tbody");
  table.rows.forEach((row, r) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.setAttribute("scope", "row");
    if (numericIndex) th.className = "num";
    setCellText(document, th, cells.index[r]);
    tr.append(th);
    row.forEach((_, c) => {
      const td = document.createElement("td");
      if (numericCol[c]) td.className = "num";
      setCellText(document, td, cells.rows[r][c]);
      tr.append(td);
    });
    tbody.append(tr);
  });
  el.append(thead, tbody);
  return el;
}

/**
 * A display_data output holding a table: the HTML table, and a toggle button (aria-pressed) that
 * swaps it for the text pandas printed, shown exactly as given in a <pre>.
 * @param {{data: {"application/vnd.transformer-lab.table+json": object, "text/plain": string}}} output
 * @param {{document: Document, lang?: "ko"|"en"}} opts
 * @returns {HTMLDivElement} <div class="table-output"><div class="table-tools"><button class="raw-toggle"
 *   aria-pressed="false">…</button></div><div class="table-scroll"><table …></div>
 *   <pre class="out out-table-text" hidden>…</pre></div>
 */
/**
 * What the raw-text button does: swap the HTML table for the printed text and back. The page
 * wires it by delegation, so tables rendered at build time work the same as fresh ones.
 */
export function toggleTableText(button) {
  const box = button.closest(".table-output");
  const showRaw = button.getAttribute("aria-pressed") !== "true";
  button.setAttribute("aria-pressed", String(showRaw));
  box.querySelector("pre.out-table-text").hidden = !showRaw;
  box.querySelector(".table-scroll").hidden = showRaw;
}

export function renderTableOutput(output, { document, lang = "ko" }) {
  const data = output.data || {};
  const table = data[TABLE_MIME];
  const text = data["text/plain"];
  const words = WORDS[lang] || WORDS.ko;

  const box = document.createElement("div");
  box.className = "table-output";
  const scroll = document.createElement("div");
  scroll.className = "table-scroll";
  scroll.append(renderTable(table, { document, text }));

  const pre = document.createElement("pre");
  pre.className = "out out-table-text";
  pre.textContent = typeof text === "string" ? text : "";
  pre.hidden = true;

  const tools = document.createElement("div");
  tools.className = "table-tools";
  const toggle = document.createElement("button");
  toggle.setAttribute("type", "button");
  toggle.className = "btn btn-quiet raw-toggle";
  toggle.setAttribute("aria-pressed", "false");
  toggle.textContent = words.raw;
  tools.append(toggle);
  if (typeof text !== "string") tools.hidden = true;

  box.append(tools, scroll, pre);
  return box;
}
