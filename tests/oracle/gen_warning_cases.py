"""Writes tests/golden/warning_cases.json: what NumPy prints, stdout and stderr, when ch1-lab2
step 3 (softmax) runs with scores that make np.exp or np.round overflow.

Run with Debian's Python (the one that has NumPy 1.24):  /usr/bin/python3 tests/oracle/gen_warning_cases.py

The cell's code is the lab's own (labs/ch1-lab2/step3.py), copied here with the
scores put in. It runs the way Jupyter runs a cell: compiled under a file name that linecache
knows, so Python's warnings show the code line; each case in a fresh warnings registry, so every
warning shows at its first occurrence. The file name is the core's placeholder for Jupyter's
/tmp/ipykernel_<pid>/<hash>.py (kCellFile in core/src/cell.cpp).
"""
import contextlib
import io
import json
import linecache
import os
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# TLAB_GOLDEN_DIR lets the freshness test write a second copy elsewhere and compare.
GOLDEN = os.environ.get("TLAB_GOLDEN_DIR", os.path.join(HERE, "..", "golden"))

CELL_FILE = "/tmp/ipykernel_<pid>/<cell>.py"

CELL = '''def softmax(z):
    # 가장 큰 점수를 먼저 빼 두면 exp 가 넘치지 않는다(결과는 같다)
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    # 마지막 축의 합으로 나누어 합이 1 인 비율로 만든다
    return e / e.sum(axis=-1, keepdims=True)

z = np.array({z})   # 클래스별 점수(logit)
p = softmax(z)
print("점수 z     :", z)
print("e^z        :", np.round(np.exp(z), 2))
print("확률 p     :", np.round(p, 2))
print("확률의 합  :", p.sum())
'''

# Scores around the two thresholds: np.exp overflows past 709.782712893384 (the largest double
# whose exp is finite), and np.round(x, 2) multiplies by 100, which overflows for x past
# DBL_MAX / 100 (z past about 705.18).
CASES = [
    [2.0, 1.0, 0.1],                      # the textbook: nothing on stderr
    [800.0, 1.0, 2.0],                    # exp overflows
    [706.0, 1.0],                         # exp is finite, round's multiply overflows
    [1e15, 709.0, -1e15, 0.5],            # both, exp first
    [1000000000000000, 3, -2],            # integer scores: exp still works in float64
    [709.782712893384, 1.0],              # the largest finite exp: only the multiply
    [709.7827128933841],                  # the next double: exp overflows
    [705.0, -800.0],                      # 1.5e306 * 100 still fits; exp(-800) underflows silently
    [705.2, 705.2, 705.2],                # the multiply, once for the whole array
]


def run(z):
    code = CELL.replace("{z}", repr(z))
    linecache.cache[CELL_FILE] = (len(code), None, code.splitlines(True), CELL_FILE)
    out, err = io.StringIO(), io.StringIO()
    with warnings.catch_warnings():
        # A filter change forgets every module's registry (NumPy's fromnumeric.py included), as a
        # fresh kernel would; "default" (first time per place) is Python's own action for
        # RuntimeWarning, and the other categories keep Python's filters.
        warnings.filterwarnings("default", category=RuntimeWarning)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            exec(compile(code, CELL_FILE, "exec"), {"__name__": "__main__", "np": np})
    return out.getvalue(), err.getvalue()


def main():
    cases = []
    for z in CASES:
        stdout, stderr = run(z)
        cases.append({"z": z, "stdout": stdout, "stderr": stderr})
    os.makedirs(GOLDEN, exist_ok=True)
    with open(os.path.join(GOLDEN, "warning_cases.json"), "w", encoding="utf-8") as f:
        json.dump({"numpy": np.__version__, "cell_file": CELL_FILE, "cases": cases}, f,
                  ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
