"""Writes golden/ufunc_cases.json: what NumPy 1.24's float64 kernels return here, element by
element, and which RuntimeWarnings each element alone raises: np.exp, np.log, np.tanh, np.sin,
np.cos, np.sqrt, np.power (ufunc and array ** scalar shortcuts), np.abs, np.maximum, np.minimum,
and np.float64 ** x.

Run with Debian's Python:  /usr/bin/python3 tests/oracle/gen_ufunc_cases.py
Values are float.hex() strings; flags are the bits of tlab::FpFlag (1 divide by zero, 2 overflow,
4 invalid) read back from the warnings' text. Every value is the one NumPy computes for the whole
input array in one call, and the generator checks that slices of every length from 1 to 17, a
strided view, 0-d arrays and np.float64 scalars get the same bits (SIMD loops and their tails
could differ; on this machine they do not).
"""
import json
import os
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.environ.get("TLAB_GOLDEN_DIR", os.path.join(HERE, "..", "golden"))

FLAG_WORDS = {"divide by zero": 1, "overflow": 2, "invalid value": 4}
SPECIALS = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 10.0, 5e-324, -5e-324,
            2.2250738585072014e-308, 2.225073858507201e-308, -2.2250738585072014e-308,
            1.7976931348623157e308, -1.7976931348623157e308, 1e-300, 1e300, 3.0, -3.0, 0.1, 100.0]


def hexes(a):
    return [float(v).hex() for v in np.asarray(a, dtype=np.float64).ravel()]


def flags_of(call, op):
    """The FpFlag bits of the RuntimeWarnings `call()` raises, each checked to name `op`."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    flags = 0
    for w in caught:
        text = str(w.message)
        assert w.category is RuntimeWarning and text.endswith(" encountered in " + op), text
        flags |= FLAG_WORDS[text[: -len(" encountered in " + op)]]
    return result, flags


def same_bits(a, b):
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return bool(np.all((a.view(np.uint64) == b.view(np.uint64)) | (np.isnan(a) & np.isnan(b))))


def unary_inputs(rng):
    xs = list(SPECIALS)
    xs += list(rng.standard_normal(700) * np.exp(rng.uniform(-40, 40, 700)))
    xs += list(rng.standard_normal(300) * np.exp(rng.uniform(-745, 709, 300)))
    xs += list(1.0 + rng.uniform(-0.07, 0.07, 200))
    xs += list(rng.uniform(-1, 1, 60) * 2.2250738585072014e-308)
    xs += list(rng.randint(-2**63, 2**63 - 1, 300, dtype=np.int64).view(np.float64))
    xs += list(rng.uniform(-30, 30, 300))
    xs += list(709.782712893384 + rng.uniform(-0.01, 0.01, 40))
    xs += list(-745.1332191019411 + rng.uniform(-0.5, 0.5, 40))
    xs += list(rng.uniform(707.6, 707.8, 20)) + list(-rng.uniform(707.6, 707.8, 20))  # exp's callout bound
    x = np.array(xs, dtype=np.float64)
    # Random bit patterns can be signaling NaNs, which Python code cannot make: quiet them.
    x[np.isnan(x)] = np.where(np.signbit(x[np.isnan(x)]), -np.nan, np.nan)
    return x


def trig_inputs(rng):
    xs = list(SPECIALS)
    xs += list(rng.uniform(-10, 10, 600)) + list(rng.uniform(-1e4, 1e4, 300)) + list(rng.uniform(-3e7, 3e7, 300))
    xs += list(np.round(rng.uniform(-2e4, 2e4, 300)) * (np.pi / 2) * (1 + rng.uniform(-1e-15, 1e-15, 300)))
    xs += list(16777216.0 * (1 + rng.uniform(-1e-6, 1e-6, 100))) + list(8388606.5 * np.pi * (1 + rng.uniform(-1e-6, 1e-6, 100)))
    xs += list(rng.standard_normal(300) * np.exp(rng.uniform(-40, 40, 300)))
    xs += list(rng.uniform(-1, 1, 50) * 2.2250738585072014e-308)
    return np.array(xs, dtype=np.float64)


def pow_inputs(rng):
    s = np.array(SPECIALS)
    xs, ys = [np.repeat(s, len(s))], [np.tile(s, len(s))]
    n = 700
    wide = np.abs(rng.standard_normal(n) * np.exp(rng.uniform(-30, 30, n)))
    xs.append(wide); ys.append(rng.standard_normal(n) * np.exp(rng.uniform(-5, 5, n)))
    xs.append(rng.standard_normal(n) * 10); ys.append(rng.randint(-40, 40, n).astype(float))
    xs.append(-wide[:200]); ys.append(rng.standard_normal(200))
    b = np.exp(rng.uniform(-700, 700, n)); xs.append(b); ys.append(rng.uniform(-1080, 1030, n) / np.log2(b))
    b = -np.exp(rng.uniform(-40, 40, 300)); xs.append(b)
    ys.append(np.round(rng.uniform(-1080, 1030, 300) / np.maximum(np.abs(np.log2(-b)), 1e-3)))
    xs.append(1.0 + rng.uniform(-1e-9, 1e-9, 200)); ys.append(rng.uniform(-1e12, 1e12, 200))
    xs.append(rng.uniform(-1, 1, 200) * 2.2250738585072014e-308); ys.append(np.round(rng.uniform(-3, 3, 200)))
    xs.append(np.exp(rng.uniform(-50, 50, 100))); ys.append(rng.uniform(0, 1, 100) * 2.2250738585072014e-308)
    xs.append(rng.randint(-12, 13, 300).astype(float)); ys.append(rng.randint(-8, 9, 300).astype(float))
    return np.concatenate(xs), np.concatenate(ys)


def check_layouts(f, x, whole):
    """NumPy gives every element the same bits whatever the array's length, offset or stride."""
    for n in range(1, 18):
        for start in range(0, 40, 7):
            assert same_bits(f(x[start:start + n]), whole[start:start + n]), (f, n, start)
    assert same_bits(f(x[::3]), whole[::3]) and same_bits(f(x[::-1]), whole[::-1])
    k = len(x) // 30 * 30
    assert same_bits(f(x[:k].reshape(-1, 30).T), whole[:k].reshape(-1, 30).T)
    for v, w in zip(x[:300], whole[:300]):
        assert same_bits(f(np.float64(v)), w) and same_bits(f(np.array(v)), w)


def unary_cases(name, f, x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        whole = f(x)
        check_layouts(f, x, whole)
    flags = [flags_of(lambda: f(np.array([v])), name)[1] for v in x]
    return [[a, b, fl] for a, b, fl in zip(hexes(x), hexes(whole), flags)]


def binary_cases(name, f, x, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        whole = f(x, y)
        for n in range(1, 18):
            for start in range(0, 40, 7):
                assert same_bits(f(x[start:start + n], y[start:start + n]), whole[start:start + n])
        assert same_bits(f(x[::3], y[::3]), whole[::3]) and same_bits(f(x[::-1], y[::-1]), whole[::-1])
        for a, b, w in zip(x[:300], y[:300], whole[:300]):
            assert same_bits(f(np.float64(a), np.float64(b)), w)
    flags = [flags_of(lambda: f(np.array([a]), np.array([b])), name)[1] for a, b in zip(x, y)]
    return [[a, b, r, fl] for a, b, r, fl in zip(hexes(x), hexes(y), hexes(whole), flags)]


def shortcut_cases():
    """array ** scalar for a float array: which operation NumPy runs (by its warnings' name)."""
    a = np.array([0.0, -0.0, -1.5, 2.5, 1e300, -1e300, 5e-324, -5e-324, np.inf, -np.inf, np.nan, 3.0, 1e-310])
    cases = []
    exponents = [2, 2.0, np.float64(2.0), np.int64(2), np.array(2.0), 0.5, np.float64(0.5), -1, -1.0, 1, 1.0,
                 0, 0.0, -0.0, 3, 3.0, -2.0, 1.5, 0.25, np.array([2.0]), np.array([0.5])]
    for e in exponents:
        flags, names = 0, set()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            r = a ** e
        for w in caught:
            text = str(w.message)
            word, op = text.split(" encountered in ")
            flags |= FLAG_WORDS[word]
            names.add(op)
        kind = "array" if isinstance(e, np.ndarray) and e.ndim > 0 else "scalar"
        cases.append({"exponent": float(np.asarray(e).ravel()[0]).hex(), "kind": kind, "type": type(e).__name__,
                      "values": hexes(a), "result": hexes(r), "flags": flags, "ops": sorted(names)})
    return cases


def scalar_power_cases(x, y):
    """np.float64 ** float: libm's pow with NumPy's "scalar power" warnings."""
    out = []
    for a, b in zip(x, y):
        r, fl = flags_of(lambda: np.float64(a) ** float(b), "scalar power")
        assert type(r) is np.float64
        out.append([float(a).hex(), float(b).hex(), float(r).hex(), fl])
    return out


def main():
    rng = np.random.RandomState(20241201)
    x = unary_inputs(rng)
    cases = {}
    cases["exp"] = unary_cases("exp", np.exp, x)
    cases["log"] = unary_cases("log", np.log, x)
    cases["tanh"] = unary_cases("tanh", np.tanh, x)
    t = trig_inputs(rng)
    cases["sin"] = unary_cases("sin", np.sin, t)
    cases["cos"] = unary_cases("cos", np.cos, t)
    cases["sqrt"] = unary_cases("sqrt", np.sqrt, x)
    cases["absolute"] = unary_cases("absolute", np.abs, x)
    px, py = pow_inputs(rng)
    cases["power"] = binary_cases("power", np.power, px, py)
    mx = np.concatenate([np.repeat(SPECIALS, len(SPECIALS)), x[:400]])
    my = np.concatenate([np.tile(SPECIALS, len(SPECIALS)), x[400:800]])
    cases["maximum"] = binary_cases("maximum", np.maximum, mx, my)
    cases["minimum"] = binary_cases("minimum", np.minimum, mx, my)
    cases["scalar_power"] = scalar_power_cases(px[::3], py[::3])
    cases["power_shortcuts"] = shortcut_cases()
    with open(os.path.join(GOLDEN, "ufunc_cases.json"), "w") as f:
        json.dump(cases, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
