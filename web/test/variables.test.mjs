// The variables panel (web/src/variables.js) in node with linkedom: real responses' variables
// (test/fixtures/, written by build/native/labrun) and the cases the core marks (cut, lazy).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseHTML } from "linkedom";

import { fillVariables, pickVariable, shapeText } from "../src/variables.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const fixture = (name) => JSON.parse(readFileSync(join(HERE, "fixtures", `${name}.json`), "utf8"));

function panel() {
  const { document } = parseHTML('<details class="variables" open><summary>변수</summary><div class="var-body"></div></details>');
  return { document, details: document.querySelector("details") };
}

describe("variables panel", () => {
  test("shapes as Python prints them", () => {
    assert.equal(shapeText([3]), "(3,)");
    assert.equal(shapeText([40, 40]), "(40, 40)");
    assert.equal(shapeText([]), "()");
  });

  test("a response's variables: name, type, shape, dtype, the core's repr verbatim", () => {
    const { document, details } = panel();
    const { variables } = fixture("ch1-lab2-step3");
    fillVariables(details, variables, { document, lang: "en" });
    assert.equal(details.querySelector("summary").textContent, `Variables (${variables.length})`);
    const names = [...details.querySelectorAll("dt")].map((dt) => dt.dataset.name);
    assert.deepEqual(names, variables.map((v) => v.name));
    const p = variables.find((v) => v.name === "p");
    const dt = details.querySelector('dt[data-name="p"]');
    assert.equal(dt.querySelector(".var-meta").textContent, "numpy.ndarray · shape (3,) · float64");
    assert.equal(dt.nextElementSibling.querySelector("pre.var-repr").textContent, p.repr);
    assert.equal(details.querySelectorAll(".var-body").length, 1);
    // filled again (a later run): one body, the new values
    fillVariables(details, [{ name: "k", type: "int", repr: "3" }], { document, lang: "ko" });
    assert.equal(details.querySelectorAll(".var-body").length, 1);
    assert.equal(details.querySelector("summary").textContent, "변수 1개");
    assert.equal(details.querySelector(".var-meta").textContent, "int");
  });

  test("markup in a repr stays text", () => {
    const { document, details } = panel();
    const hostile = "'<img src=x onerror=alert(1)>'";
    fillVariables(details, [{ name: "s", type: "str", repr: hostile }], { document });
    assert.equal(details.querySelector("img"), null);
    assert.equal(details.querySelector("pre.var-repr").textContent, hostile);
  });

  test("a NumPy scalar: its type names the dtype", () => {
    const { document, details } = panel();
    fillVariables(details, [{ name: "m", type: "numpy.float64", shape: [], dtype: "float64", repr: "0.5" }], { document, lang: "en" });
    assert.equal(details.querySelector(".var-meta").textContent, "numpy.float64");
  });

  test("a cut repr and a lazy array offer their values; the answer replaces them", () => {
    const { document, details } = panel();
    const variables = [
      { name: "n", type: "list", repr: `[${"0, ".repeat(130)}…` },
      { name: "q", type: "numpy.ndarray", shape: [1000, 256], dtype: "float64", repr: null, lazy: true },
      { name: "x", type: "int", repr: "1" },
    ];
    const asked = [];
    fillVariables(details, variables, { document, lang: "en", onInspect: (name) => asked.push(name) });
    const buttons = [...details.querySelectorAll("button.var-more")];
    assert.deepEqual(buttons.map((b) => b.textContent), ["Show all", "Show values"]);
    assert.equal(details.querySelector('dt[data-name="q"]').nextElementSibling.querySelector("pre"), null);
    buttons[1].click();
    assert.deepEqual(asked, ["q"]);
    assert.equal(buttons[1].disabled, true);
    fillVariables(details, variables, { document, lang: "en", onInspect() {}, inspected: { name: "q", repr: "array([[1.]])" } });
    const dd = details.querySelector('dt[data-name="q"]').nextElementSibling;
    assert.equal(dd.querySelector("pre.var-repr").textContent, "array([[1.]])");
    assert.equal(dd.querySelector("button"), null);
    fillVariables(details, variables, { document, lang: "en", onInspect() {}, inspected: { name: "q", error: "MemoryError: too big" } });
    assert.equal(details.querySelector(".var-error").textContent, "MemoryError: too big");
  });

  test("no variables, and a cell that did not run to its end", () => {
    const { document, details } = panel();
    fillVariables(details, [], { document, lang: "en" });
    assert.match(details.querySelector(".var-note").textContent, /no variable/);
    fillVariables(details, null, { document, lang: "ko" });
    assert.match(details.querySelector(".var-note").textContent, /끝까지/);
  });

  test("a cell that raised: the values it left, said so", () => {
    const { document, details } = panel();
    fillVariables(details, [{ name: "w", type: "int", repr: "2" }], { document, lang: "en", raised: true });
    assert.equal(details.querySelector("summary").textContent, "Variables (1)");
    assert.match(details.querySelector(".var-note").textContent, /stopped at an error/);
    assert.equal(details.querySelector('dt[data-name="w"]').nextElementSibling.querySelector("pre").textContent, "2");
    fillVariables(details, [], { document, lang: "ko", raised: true });
    assert.match(details.querySelector(".var-note").textContent, /오류에서 멈춰/);
    fillVariables(details, [{ name: "w", type: "int", repr: "2" }], { document, lang: "en" });
    assert.equal(details.querySelector(".var-note"), null, "a cell that ran to its end has no such note");
  });

  test("a name picked in the code marks its row", () => {
    const { document, details } = panel();
    fillVariables(details, fixture("ch1-lab2-step3").variables, { document });
    assert.equal(pickVariable(details, "z"), true);
    assert.deepEqual([...details.querySelectorAll(".is-picked")].map((n) => n.localName), ["dt", "dd"]);
    assert.equal(details.querySelector("dt.is-picked").dataset.name, "z");
    assert.equal(pickVariable(details, "np"), false);
    assert.equal(details.querySelectorAll(".is-picked").length, 0);
  });
});
