// The "what this lab means" table, whose output column shows what the cells print now.

/**
 * The few characters of a step's run a summary row quotes, as the content describes: fields of
 * the step's "values" visual (Python expressions of the lab, labs/<id>/lab.json, evaluated over
 * the step's variables after it ran; never its printed text), with an optional format "{0} → {1}".
 * @example pickOutput({values: ["uv", "u_neg_u"]}, response) // "32, -14"
 */
export function pickOutput(spec, response) {
  if (!response || !response.ok) return "";
  const parts = [];
  const outputs = response.outputs || [];
  const values = (response.visuals || []).find((v) => v.kind === "values") || {};
  for (const name of spec.values || []) if (values[name] !== undefined && values[name] !== null) parts.push(String(values[name]));
  // A step that raised quotes its error (its values were not computed).
  const error = outputs.find((o) => o.output_type === "error");
  if (error && parts.length === 0) return `${error.ename}: ${error.evalue}`;
  if (!spec.format) return parts.join(", ");
  return spec.format.replace(/\{(\d+)\}/g, (_, k) => parts[Number(k)] ?? "");
}

/**
 * @param summary the content's summary block: {title, lead, columns, rows: [{label, output, meaning}], closing}
 * @param responses map from step number to that step's current response
 */
export function renderSummary(summary, responses, { document }) {
  const section = document.createElement("section");
  section.className = "summary";
  section.id = "summary";
  const h2 = document.createElement("h2");
  h2.textContent = summary.title;
  const lead = document.createElement("p");
  lead.textContent = summary.lead;
  const wrap = document.createElement("div");
  wrap.className = "table-scroll";
  const table = document.createElement("table");
  table.className = "summary-table";
  const thead = document.createElement("thead");
  const head = document.createElement("tr");
  for (const c of summary.columns) {
    const th = document.createElement("th");
    th.setAttribute("scope", "col");
    th.textContent = c;
    head.append(th);
  }
  thead.append(head);
  const body = document.createElement("tbody");
  table.append(thead, body);
  for (const row of summary.rows) {
    const tr = document.createElement("tr");
    body.append(tr);
    const label = document.createElement("th");
    label.setAttribute("scope", "row");
    label.textContent = row.label;
    const out = document.createElement("td");
    out.className = "summary-output";
    out.dataset.step = String(row.output.step);
    const code = document.createElement("code");
    code.textContent = pickOutput(row.output, responses[row.output.step]);
    out.append(code);
    const meaning = document.createElement("td");
    meaning.textContent = row.meaning;
    tr.append(label, out, meaning);
  }
  wrap.append(table);
  const closing = document.createElement("p");
  closing.className = "closing";
  closing.textContent = summary.closing;
  section.append(h2, lead, wrap, closing);
  return section;
}

/** Refreshes the output column after a cell re-ran. */
export function updateSummary(section, summary, responses) {
  const cells = section.querySelectorAll("td.summary-output");
  summary.rows.forEach((row, k) => {
    const code = cells[k] && cells[k].querySelector("code");
    if (code) code.textContent = pickOutput(row.output, responses[row.output.step]);
  });
}
