# Writes tests/golden/npformat_cases.json: str() text from real NumPy 1.24 for test_npformat.cpp.
#
# Run with the interpreter that has NumPy: /usr/bin/python3 tests/oracle/gen_npformat_cases.py
#
# Each case is {"kind", "dtype", "shape", "values", "expected"}:
#   kind "array"   expected = str(np.array(values, dtype).reshape(shape))
#   kind "scalar"  expected = str(np.float64(values[0]))
#   kind "literal" expected = repr(float(values[0]))
#   kind "int"     expected = str(np.int64(values[0]))
#   kind "shape"   expected = str(tuple(shape))
# Value encoding: int64 values are JSON integers; float64 values are strings from float.hex()
# ("0x1.999999999999ap-4", "-0x0.0p+0", "inf", "-inf", "nan"), which C's strtod reads back
# bit for bit. Everything is seeded, so the output is identical on every run.
import json
import math
import os
import sys

import numpy as np

assert np.__version__.startswith("1.24"), np.__version__
assert np.get_printoptions()["linewidth"] == 75

HERE = os.path.dirname(os.path.abspath(__file__))
# TLAB_GOLDEN_DIR lets the freshness test write a second copy elsewhere and compare.
OUT = os.path.join(os.environ.get("TLAB_GOLDEN_DIR", os.path.join(HERE, "..", "golden")), "npformat_cases.json")

cases = []


def encode(values, dtype):
    if dtype == "int64":
        return [int(v) for v in values]
    return [float(v).hex() for v in values]


def add_array(values, dtype="float64", shape=None):
    a = np.array(values, dtype=dtype)
    if shape is not None:
        a = a.reshape(shape)
    cases.append({
        "kind": "array",
        "dtype": dtype,
        "shape": list(a.shape),
        "values": encode(a.ravel().tolist(), dtype),
        "expected": str(a),
    })


def add_scalar(x):
    x = float(x)
    for kind, expected in (("scalar", str(np.float64(x))), ("literal", repr(x))):
        cases.append({"kind": kind, "dtype": "float64", "shape": [],
                      "values": encode([x], "float64"), "expected": expected})


def add_int(x):
    cases.append({"kind": "int", "dtype": "int64", "shape": [], "values": [int(x)],
                  "expected": str(np.int64(x))})


def add_shape(shape):
    cases.append({"kind": "shape", "dtype": "int64", "shape": list(shape), "values": [],
                  "expected": str(tuple(shape))})


rng = np.random.default_rng(20240601)
nan, inf = math.nan, math.inf

# --- values the labs print -------------------------------------------------------------------
x = np.array([2.0, 1.0, 0.1])
add_array(x)
add_array(np.exp(x))
add_array(np.round(np.exp(x), 2))
add_array(np.exp(x) / np.exp(x).sum())
add_array(np.round(np.exp(x) / np.exp(x).sum(), 2))
add_array([0.66, 0.24, 0.1])
add_array([7.39, 2.72, 1.11])
add_array([[4, 5], [10, 11]], "int64")
add_array([[1, 2], [3, 4]], "int64")
add_array([[1.0, 2.0], [3.0, 4.0]])
add_array([[0.5, 0.25], [0.125, 1.0]])
add_array([1, 2, 3], "int64")
add_array([0.491, 0.3, 0.209])
logits = np.array([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]])
add_array(logits)
add_array(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True))
add_array(np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 3))
add_array(np.arange(12, dtype=np.int64).reshape(3, 4))
add_array(np.arange(12, dtype=np.float64).reshape(3, 4) / 4)
add_array(np.linspace(0, 1, 11))
add_array(np.linspace(-1, 1, 7))

# --- signs, zeros, integral floats -----------------------------------------------------------
for v in ([-1.0, 2.0, -3.5], [-0.0], [0.0], [-0.0, 0.0], [-0.0, 1.0], [0.0, 0.0, 0.0], [-0.0, -1.5],
          [1.0, 10.0, 100.0], [-1.0, -10.0, -100.0], [100.0, 0.5], [-100.0, 0.5], [3.0], [-3.0],
          [1.5, -2.25, 3.125], [0.1, -0.2, 0.3], [999.0, 1.0], [1000.0, 1.0], [1001.0, 1.0],
          [12345678.0], [99999999.0], [99999999.5], [-0.001, 0.001], [0.0001], [0.0001, 0.1],
          [0.1, 0.2, 0.30000000000000004], [1 / 3, 2 / 3], [-1 / 3, 2 / 3, 1.0], [1e-4, 0.1],
          [0.0, 1e-5], [0.0, 5.0], [0.0, -0.0, 7.0]):
    add_array(v)
for v in ([0], [-1], [7, -7], [0, 0], [-5, 10, 100], [1000000], [-1000000, 1]):
    add_array(v, "int64")

# --- scientific notation ---------------------------------------------------------------------
for v in ([1e8], [1e8, 1.0], [-1e8], [99999999.0, 1.0], [1e-5], [1e-5, 1.0], [9.9999e-5, 0.5],
          [1.0, 1000.0], [1.0, 1000.0001], [1.0, 1001.0], [0.001, 1.5], [1e15], [1e15, 1.0],
          [1e16], [1.5e16, -2.5e20], [1e100, 1.0], [1e-100, 1.0], [1e100, 1e-5, 0.0], [1e300],
          [1e300, -1e-300], [5e-324], [5e-324, 1.0], [1.7976931348623157e308],
          [2.2250738585072014e-308],
          [-1.7976931348623157e308, 1.7976931348623157e308], [1.2345e-7, 3.0e5],
          [123456789.0], [123456789.5, 123456788.5], [1.23456789012e10], [9.999999999e9, 1.0],
          [9.9999999999e-7, 1.0], [0.0, 1e-20, -1e20], [1e-5, 1.5e-5, -2.25e-5],
          [6.02214076e23, 1.0],
          [1.602176634e-19], [-1e-10, 1e10]):
    add_array(v)

# --- subnormals: padded mantissas show their exact digits, not zeros ---------------------------
for v in ([9.25227e-319], [9.25227e-319, 1.0], [9.25227e-319, 1.5], [1e-323, 1.5], [5e-324, 1.25],
          [5e-324, 1.0], [-6.0778e-319, 2.2e-10], [1e-310, 1.123456789], [2.225e-308, 3.0],
          [1.5e-323, -2.5e-320, 7.0]):
    add_array(v)

# --- ties and rounding at 8 decimals (round half to even on the exact binary value) ------------
for v in ([0.001953125], [0.001953125, 0.5], [0.0009765625, 0.5], [0.123456785], [0.123456775],
          [1.00000000500000000], [0.999999999], [9.999999999], [0.5 + 2 ** -30], [2 ** -20, 1.0],
          [2 ** -13, 0.5], [0.000244140625, 0.1], [1.0 / 7, 22.0 / 7], [0.12345678901234]):
    add_array(v)

# --- non-finite values -----------------------------------------------------------------------
for v in ([nan], [inf], [-inf], [nan, inf], [nan, -inf], [inf, -inf], [1.5, nan], [-1.5, -inf],
          [1e-5, nan, -inf], [-1e8, nan], [1e300, -1e-300, nan], [0.0, nan], [-0.0, inf],
          [1.0, 2.0, inf], [100.0, -inf, nan], [0.123456, nan], [1.0, nan, 2.0, -inf, 3.0],
          [[1.0, nan], [-inf, 2.5]], [[nan, nan], [nan, nan]]):
    add_array(v)

# --- int64 extremes --------------------------------------------------------------------------
imax, imin = np.iinfo(np.int64).max, np.iinfo(np.int64).min
for v in ([imax], [imin], [imin, imax], [0, imax], [-1, imin + 1], [imax, 1, 2, 3, 4, 5]):
    add_array(v, "int64")
add_array([[imin, 0], [1, imax]], "int64")

# --- 0-d and empty arrays --------------------------------------------------------------------
for v in (0.491, 2.0, -0.0, 1e16, 1.5e-5, nan, inf, 7.0 / 3):
    add_array(np.float64(v))
for v in (0, -14, imax):
    add_array(np.int64(v), "int64")
add_array(np.zeros(0))
add_array(np.zeros(0, dtype=np.int64), "int64")
add_array(np.zeros((2, 0)))
add_array(np.zeros((0, 3), dtype=np.int64), "int64")

# --- 1-D lengths 1..80: wrapping at 75 columns for many element widths ------------------------
for n in range(1, 81):
    add_array(np.arange(n, dtype=np.int64), "int64")
    add_array(np.arange(n, dtype=np.float64) * 1.5 - 3)
    add_array(np.round(rng.uniform(-1, 1, n), rng.integers(1, 5)))
    if n % 3 == 0:
        add_array(rng.integers(-999, 1000, n), "int64")
        add_array(rng.uniform(0, 1, n))
    if n % 4 == 0:
        add_array(np.round(rng.uniform(0, 10, n), 2))
        add_array(rng.uniform(0, 1, n) * 10.0 ** rng.integers(-12, 12, n))
# Exactly at the boundary: widths w with n words of w+1 characters land on 74/75/76 columns.
for w in range(1, 14):
    for n in range(max(1, 70 // (w + 1) - 1), 78 // (w + 1) + 2):
        add_array(np.full(n, 10 ** (w - 1), dtype=np.int64), "int64")
        add_array(np.full(n, -(10 ** max(w - 2, 0)), dtype=np.int64), "int64")
# 2-D rows start two columns in and keep two free: words of w+1 fit exactly when w+1 divides 72.
for w in (1, 2, 3, 5, 7, 8, 11, 17):
    k = 72 // (w + 1)
    for n in (k - 1, k, k + 1):
        add_array(np.full((2, n), 10 ** (w - 1), dtype=np.int64), "int64")
# Trailing pad spaces at the wrap point must be stripped.
for n in (10, 11, 12, 13, 14, 15, 20):
    add_array(np.array([0.5] * (n - 1) + [0.123456]))
    add_array(np.array([0.123456] * (n - 1) + [0.5]))

# --- 2-D up to 8x8 and wide rows -------------------------------------------------------------
for r in range(1, 9):
    for c in range(1, 9):
        if (r + c) % 2 == 0:
            add_array(rng.integers(-50, 200, (r, c)), "int64")
        else:
            add_array(np.round(rng.normal(0, 3, (r, c)), int(rng.integers(0, 4))))
    add_array(rng.normal(0, 1, (r, r)))
for cols in (10, 12, 15, 20, 25, 30, 40):
    add_array(rng.normal(0, 1, (3, cols)))
    add_array(rng.integers(-10 ** 6, 10 ** 6, (2, cols)), "int64")
    add_array(np.arange(2 * cols, dtype=np.float64).reshape(2, cols))
for rows, cols in ((1, 1), (1, 5), (5, 1), (1, 30), (30, 1), (2, 36), (2, 37), (2, 38)):
    add_array(np.arange(rows * cols, dtype=np.int64).reshape(rows, cols), "int64")
add_array(np.array([[1e-5, 1.0], [nan, -inf]]))
add_array(np.array([[1e10, -2.0], [3.0, 4.5]]))
add_array(np.eye(4))
add_array(-np.eye(3))

# --- summarised (more than 1000 elements) ----------------------------------------------------
add_array(np.arange(1000, dtype=np.int64), "int64")
add_array(np.arange(1001, dtype=np.int64), "int64")
add_array(np.arange(2000, dtype=np.float64) * 0.5)
add_array(np.arange(1001, dtype=np.float64))
add_array(rng.normal(0, 1, 1200))
# The hidden middle must not influence the format.
add_array(np.concatenate([[1e-7, 2.0, 3.0], np.full(1000, 1e12), [4.0, 5.0, 6.0]]))
add_array(np.concatenate([[nan, 2.0, 3.0], np.ones(1000), [4.0, -inf, 6.0]]))
add_array(np.arange(1200, dtype=np.int64) - 600, "int64")
add_array(np.arange(1600, dtype=np.int64).reshape(40, 40), "int64")
add_array(np.arange(1200, dtype=np.float64).reshape(2, 600) / 7)
add_array(np.arange(1200, dtype=np.float64).reshape(600, 2) / 3)
add_array(np.arange(1001, dtype=np.int64).reshape(1001, 1), "int64")
add_array(np.arange(1001, dtype=np.int64).reshape(1, 1001), "int64")
add_array(rng.normal(0, 100, (33, 34)))
add_array(np.round(rng.uniform(-1, 1, (50, 21)), 2))
add_array(rng.integers(imin, imax, (40, 30), dtype=np.int64), "int64")

# --- np.round()-ed values and random magnitudes ----------------------------------------------
for d in range(0, 9):
    add_array(np.round(rng.normal(0, 10, 6), d))
    add_array(np.round(rng.uniform(0, 1, (2, 3)), d))
for e in range(-20, 21, 2):
    add_array(rng.normal(0, 1, 5) * 10.0 ** e)
    add_array(np.abs(rng.normal(0, 1, 4)) * 10.0 ** e)
for _ in range(40):
    n = int(rng.integers(1, 12))
    add_array(rng.uniform(-1, 1, n) * 10.0 ** rng.integers(-8, 9, n))

# --- scalars: str(np.float64) and repr(float) ------------------------------------------------
for v in (0.0, -0.0, 1.0, -1.0, 2.0, 0.1, 0.491, 1 / 3, -2 / 3, 0.1 + 0.2, 100.0, 1234.5, 1e15,
          9999999999999998.0, 1e16, -1e16, 1.5e16, 1e17, 1e22, 1e100, 1e300, 1.7976931348623157e308,
          1e-4, 0.00011, 9.999999999999999e-5, 1e-5, 1.5e-5, -2.5e-20, 5e-324,
          2.2250738585072014e-308,
          123456789.123, 3.141592653589793, 2.718281828459045, 0.001953125, nan, inf, -inf,
          123456789012345.6, 12345678901234567.0, 1e-7, 7.0 / 3, 0.5, 1e-4 * 3, 9.25227e-319,
          -1e-310, 1.5e-323):
    add_scalar(v)
for _ in range(60):
    add_scalar(float(rng.normal()) * 10.0 ** int(rng.integers(-30, 31)))

# --- ints and shapes -------------------------------------------------------------------------
for v in (0, 1, -1, -14, 42, 10 ** 12, imax, imin):
    add_int(v)
for s in ((), (3,), (2, 2), (0,), (1, 1), (1000, 3), (2, 3, 4)):
    add_shape(s)

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    # One case per line keeps diffs of the golden file readable.
    f.write("[\n" + ",\n".join(json.dumps(c) for c in cases) + "\n]\n")
print(f"wrote {len(cases)} cases to {os.path.normpath(OUT)}", file=sys.stderr)
