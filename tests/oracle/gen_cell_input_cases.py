"""Golden cell_input_cases.json: what IPython (8, Debian's) does to a notebook cell before
compiling it. `cleaned` is the cell after IPython's cleanup transforms (leading blank lines,
common indent, pasted prompts) and `dropped` the blank lines they removed; `transformed` says
whether its token transforms (magics, shell escapes, help) rewrite the cell, and `compiles` whether
the rewritten cell then compiles (so Jupyter would run a magic the kernel has to refuse). The
core's ipython_cell_input / ipython_only_syntax (core/src/python/cell_input.cpp) must agree.
"""
import json
import os
import sys

from IPython.core.inputtransformer2 import TransformerManager

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.environ.get("TLAB_GOLDEN_DIR", os.path.join(HERE, "..", "golden"))

CASES = [
    "x = 1\n", "", "\n", "   \n\t\n", "\n\nx = 1\n", " \n\t\nx = 1\ny\n", "\x0c\nx = 1\n",
    "\u3000\nx = 1\n", "    x = 1\n    y = 2\n", "    x = 1\n  y = 2\n", "\tx = 1\n\ty\n", "  x = 1\n\n  y\n",
    "    if x:\n        y\n    z", ">>> x = 1\n>>> x\n", ">>>x = 1\n", ">>> x = 1\n... y\nz\n", ">>>\n",
    "x = 1\n...\n", "...\n", "x = 1\n... \n", "x = 1\n....\n", "In [1]: x = 1\n   ...: y\n", "In [12]: x\n",
    "In [x]: 1\n", "x = 1\n   ...: y\n", "x\n  ....: z\n", "x = 1\n\n", "\n\n    >>> x = 1\n    >>> x\n",
    "%%time\nx = 1\n", "%%capture out\nprint(1)\n", "%%time?\n", "%time x = 1\n", "x = %who_ls\n",
    "x = !ls\n", "!ls\n", "!!ls\n", "np.sum?\n", "np.sum??\n", "?np.sum\n", "%time?\n",
    "print(1)?\n", "x = [1,\n%time]\n", "x = (1\n, 2 3)\n", "/f 1 2\n", ",f a b\n", ";f a b\n",
    "x = 1 % 2\n", "x = 1\nif x:\n    %time y\n", "s = '?'\n", "x = 1  # why?\n", "a = b = %time c\n",
    "x == %time\n", "x = 'abc\n%time\n", "f(x)\n!ls\n", "x = np.sum?\n", "x?\n", "x.y.z?\n",
    "  %time x\n", "x\r\n", "x = 1\r\ny\r\n",
]

# Cells the core answers differently, each with the reason; the test checks they still differ.
KNOWN_DIFFERENCES = [
    ("1x?\n", "Python's tokenize module reads '1x' as two tokens where the compiler's tokenizer (which the "
     "kernel's follows) stops at 'invalid decimal literal': the kernel shows that SyntaxError where "
     "IPython shows help for x"),
]


def describe(tm, cell):
    text = cell if cell.endswith("\n") else cell + "\n"
    lines = text.splitlines(keepends=True)
    for transform in tm.cleanup_transforms:
        lines = transform(lines)
    cleaned = "".join(lines)
    all_lines = text.splitlines(keepends=True)
    dropped = "".join(all_lines[:len(all_lines) - len(lines)])
    whole = tm.transform_cell(cell)
    try:
        compile(whole, "<cell 1>", "exec", 0x4200)  # IPython's flags (see gen_syntax_cases.py)
        compiles = True
    except SyntaxError:
        compiles = False
    return {"cell": cell, "cleaned": cleaned, "dropped": dropped, "transformed": whole != cleaned,
            "compiles": compiles}


def main():
    tm = TransformerManager()
    out = [describe(tm, cell) for cell in CASES]
    known = [dict(describe(tm, cell), reason=reason) for cell, reason in KNOWN_DIFFERENCES]
    with open(os.path.join(GOLDEN, "cell_input_cases.json"), "w", encoding="utf-8") as f:
        json.dump({"ipython": __import__("IPython").__version__, "cases": out, "known_differences": known}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{len(out)} cases")


if __name__ == "__main__":
    sys.exit(main())
