"""Writes golden/pymath_cases.json: what CPython's float ** float and math functions return here
(glibc's libm underneath), or the exception they raise, for special, subnormal, huge, tiny,
near-threshold, near-1 and random inputs.

Run with Debian's Python:  /usr/bin/python3 tests/oracle/gen_pymath_cases.py
Floats are float.hex() strings; an exception is "!TypeName: message".
"""
import json
import math
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.environ.get("TLAB_GOLDEN_DIR", os.path.join(HERE, "..", "golden"))

SPECIALS = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 10.0,
            5e-324, -5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, -2.2250738585072014e-308,
            1.7976931348623157e308, -1.7976931348623157e308, 1e-300, 1e300, 3.0, -3.0, 0.1, 100.0]


def outcome(f, *args):
    try:
        r = f(*args)
    except (ValueError, OverflowError, ZeroDivisionError) as e:
        return "!%s: %s" % (type(e).__name__, e)
    if isinstance(r, complex):  # negative ** fractional: Python 3 gives a complex number
        return "!complex"
    return r.hex()


def unary_inputs(rng):
    xs = list(SPECIALS)
    xs += list(rng.standard_normal(600) * np.exp(rng.uniform(-40, 40, 600)))   # wide, both signs
    xs += list(np.exp(rng.uniform(-745, 709, 400)))                            # the whole positive range
    xs += list(1.0 + rng.uniform(-0.07, 0.07, 300))                            # near 1 (log's and log2's near-1 paths)
    xs += list(1.0 + rng.uniform(-1, 1, 100) * 2.0 ** -rng.randint(20, 53, 100))
    xs += list(rng.uniform(0, 1, 60) * 2.2250738585072014e-308)                # subnormals
    xs += list(np.abs(rng.randint(0, 2**62, 200, dtype=np.int64)).view(np.float64))  # random bit patterns
    xs += list(rng.uniform(-1, 1, 300) * np.array([0.3, 1, 3, 22, 40])[rng.randint(0, 5, 300)])  # tanh's and expm1's intervals
    xs += list(709.782712893384 + rng.uniform(-0.01, 0.01, 40))                # exp's overflow threshold
    xs += list(-745.1332191019411 + rng.uniform(-0.5, 0.5, 40))                # exp's underflow to zero
    xs += list(-708.3964185322641 + rng.uniform(-2, 0.5, 40))                  # exp's subnormal results
    return [float(x) for x in xs]


def pow_inputs(rng):
    pairs = [(x, y) for x in SPECIALS for y in SPECIALS]
    n = 800
    wide = rng.standard_normal(n) * np.exp(rng.uniform(-30, 30, n))
    pairs += list(zip(np.abs(wide), rng.standard_normal(n) * np.exp(rng.uniform(-5, 5, n))))
    pairs += list(zip(rng.standard_normal(n) * 10, rng.randint(-40, 40, n).astype(float)))   # negative bases, integer powers
    pairs += list(zip(-np.abs(wide[:200]), rng.standard_normal(200)))                         # negative ** fractional
    xs = np.exp(rng.uniform(-700, 700, n))
    pairs += list(zip(xs, rng.uniform(-1080, 1030, n) / np.log2(xs)))                        # results near over/underflow
    pairs += list(zip(1.0 + rng.uniform(-1e-9, 1e-9, 200), rng.uniform(-1e12, 1e12, 200)))   # near 1 to large powers
    pairs += list(zip(rng.uniform(0, 1, 100) * 2.2250738585072014e-308, rng.uniform(-2, 2, 100)))  # subnormal bases
    pairs += list(zip(rng.randint(-12, 13, 300).astype(float), rng.randint(-8, 9, 300).astype(float)))
    return [(float(x), float(y)) for x, y in pairs]


def main():
    rng = np.random.RandomState(20241130)
    xs = unary_inputs(rng)
    cases = {}
    for name, f in [("exp", math.exp), ("log", math.log), ("log2", math.log2), ("log10", math.log10),
                    ("sqrt", math.sqrt), ("tanh", math.tanh)]:
        cases[name] = [[x.hex(), outcome(f, x)] for x in xs]
    bases = [2.0, 10.0, math.e, 0.5, 1.0, 3.0, 1e-300, -2.0, 0.0, math.inf]
    cases["log_base"] = [[x.hex(), b.hex(), outcome(math.log, x, b)] for x in xs[:400] for b in bases[:4]]
    cases["log_base"] += [[x.hex(), b.hex(), outcome(math.log, x, b)] for x in SPECIALS for b in bases]
    pairs = pow_inputs(rng)
    cases["float_pow"] = [[x.hex(), y.hex(), outcome(lambda a, b: a ** b, x, y)] for x, y in pairs]
    cases["math_pow"] = [[x.hex(), y.hex(), outcome(math.pow, x, y)] for x, y in pairs]
    with open(os.path.join(GOLDEN, "pymath_cases.json"), "w") as f:
        json.dump(cases, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
