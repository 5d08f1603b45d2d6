"""The variables panel's "show all" against Python: a request's `inspect` answer (docs/api.md) is
the variable's whole repr as real Python prints it — an array the kernel drew lazily included —
or the error that kept it from being shown.

    /usr/bin/python3 tests/differential/check_inspect.py --labrun build/native/labrun

Each case runs cells through labrun's JSON API with "inspect" and the same cells in Python
(one namespace, in order), and compares the answer with repr() of the name after the last cell.
"""
import argparse
import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import oracle_cpu

ROOT = Path(__file__).resolve().parents[2]

# (what it checks, cells, the name to inspect)
CASES = [
    ("an array drawn lazily (the sweep's q at a scale past 2**20 values)",
     ["import numpy as np\nnp.random.seed(0)\nq = np.random.randn(1100, 1000)"], "q"),
    ("a lazy array computed from lazy ones",
     ["import numpy as np\nnp.random.seed(3)\na = np.random.randn(1050, 1000)\nb = np.random.randn(1050, 1000)\nc = a * b + 1"], "c"),
    ("a list cut in the variables list",
     ["n = list(range(300))"], "n"),
    ("1000 floats, printed whole", ["import numpy as np\nx = np.arange(1000) / 7"], "x"),
    ("a DataFrame past pandas' 60 rows",
     ["import numpy as np\nimport pandas as pd\nnp.random.seed(1)\n"
      "df = pd.DataFrame({'a': np.arange(80), 'b': np.random.randn(80).round(3)})"], "df"),
    ("a long str", ["s = '가나' * 300 + \"'\""], "s"),
    ("a dict", ["d = {i: i * i / 3 for i in range(120)}"], "d"),
    ("a later cell's variable",
     ["import numpy as np\nnp.random.seed(5)\nw = np.random.randn(8, 8)", "m = w @ w.T"], "m"),
    ("a name a cell that raised set before its error",
     ["import numpy as np\nw = np.arange(6).reshape(2, 3) / 4\nw[0] += 1\nv = w @ w"], "w"),
]


def labrun(binary, request):
    done = subprocess.run([binary], input=json.dumps(request), capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout)


def python_repr(cells, name):
    namespace = {}
    with contextlib.redirect_stdout(io.StringIO()):  # (what the cells print is not compared here)
        for cell in cells:
            try:
                exec(compile(cell, "<cell>", "exec"), namespace)
            except Exception:  # (as in a notebook, the names keep what the cell left in them)
                break
    return repr(namespace[name])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labrun", required=True)
    args = parser.parse_args()
    oracle_cpu.match_labrun()
    problems = []
    checks = []

    def check(label, got, want):
        checks.append(label)
        if got != want:
            problems.append(f"{label}:\n  python: {json.dumps(want, ensure_ascii=False)[:800]}"
                            f"\n  labrun: {json.dumps(got, ensure_ascii=False)[:800]}")

    for label, cells, name in CASES:
        got = labrun(args.labrun, {"cells": cells, "step": len(cells), "inspect": name})
        check(label, got.get("inspected"), {"name": name, "repr": python_repr(cells, name)})
        if label.startswith(("an array drawn lazily", "a lazy array")):  # (the path it names is taken)
            entry = next((v for v in got.get("variables", []) if v["name"] == name), {})
            check(f"{label}: listed as lazy", entry.get("lazy"), True)

    # A lab's step: the sweep's last q, as the textbook's code leaves it.
    step1 = (ROOT / "labs/ch3-lab2/step1.py").read_text()
    got = labrun(args.labrun, {"lab": "ch3-lab2", "step": 1, "inspect": "q"})
    check("ch3-lab2 step 1's q", got.get("inspected"), {"name": "q", "repr": python_repr([step1], "q")})

    # What cannot be shown says why, and the run's own answer stands.
    got = labrun(args.labrun, {"cells": ["x = 1"], "inspect": "y"})
    check("a name the cell does not have", (got.get("ok"), got.get("inspected", {}).get("error", "")[:10]),
          (True, "NameError:"))
    got = labrun(args.labrun, {"cells": ["import numpy as np\nbig = np.random.randn(10**6, 1024)"], "inspect": "big"})
    check("an array past the memory bound", (got.get("variables", [{}])[0].get("lazy"),
                                             got.get("inspected", {}).get("error", "")[:12]), (True, "MemoryError:"))
    got = labrun(args.labrun, {"cells": ["x = 1"], "inspect": 3})
    check("a bad inspect field", (got.get("ok"), got.get("error", {}).get("field")), (False, "inspect"))
    got = labrun(args.labrun, {"cells": ["1 / 0\nx = 1"], "inspect": "x"})
    check("a name a cell that raised did not reach", (got.get("status"), got.get("inspected", {}).get("error", "")[:10]),
          ("error", "NameError:"))

    print(f"inspect: {len(checks) - len(problems)} of {len(checks)} checks agree with Python")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
