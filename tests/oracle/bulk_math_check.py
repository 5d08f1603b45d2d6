"""A long randomized check of the math ports against real NumPy and CPython, not run in CI:
millions of inputs per function, drawn afresh (or from --seed), written as raw float64 files that
the hidden Catch2 test "[.bulk_math]" compares bit for bit (values) and flag for flag (a subset,
each element computed alone under warnings.catch_warnings). The files go to build/bulk_math/ and
are removed afterwards.

    /usr/bin/python3 tests/oracle/bulk_math_check.py --count 4000000 --tests build/native/tests/tlab_tests
    /usr/bin/python3 tests/oracle/bulk_math_check.py --count 1000000 \\
        --tests "node --no-experimental-fetch build/wasm/tests/tlab_tests.js"   # the same in wasm

The test prints, per function, how many inputs it compared and how many differ (for np.sin and
np.cos only the inputs their kernels cover).
"""
import argparse
import math
import os
import shlex
import subprocess
import sys
import shutil
import time
import warnings

import numpy as np

FLAG_WORDS = {"divide by zero": 1, "overflow": 2, "invalid value": 4}


def draw(rng, n):
    """A mix: wide magnitudes, the whole exponent range, near 1, subnormals, raw bit patterns."""
    with np.errstate(all="ignore"):
        return _draw(rng, n)


def _draw(rng, n):
    parts = [rng.standard_normal(n // 4) * np.exp(rng.uniform(-40, 40, n // 4)),
             rng.standard_normal(n // 4) * np.exp(rng.uniform(-745, 709, n // 4)),
             1.0 + rng.uniform(-0.1, 0.1, n // 8) * 2.0 ** -rng.integers(0, 45, n // 8),
             rng.uniform(-1, 1, n // 16) * 2.2250738585072014e-308,
             rng.uniform(-40, 40, n // 8)]
    raw = rng.integers(0, 2**64, n - sum(len(p) for p in parts), dtype=np.uint64).view(np.float64)
    x = np.concatenate(parts + [raw])
    x[np.isnan(x)] = np.nan  # no signaling NaNs: Python code cannot make them
    return x


def draw_pow(rng, n):
    with np.errstate(all="ignore"):
        return _draw_pow(rng, n)


def _draw_pow(rng, n):
    k = n // 6
    x = np.concatenate([np.abs(draw(rng, k)), draw(rng, k), rng.standard_normal(k) * 20,
                        np.exp(rng.uniform(-700, 700, k)), 1.0 + rng.uniform(-1e-6, 1e-6, k),
                        rng.integers(-30, 31, n - 5 * k).astype(float)])
    y = np.concatenate([rng.standard_normal(k) * np.exp(rng.uniform(-8, 8, k)), draw(rng, k),
                        rng.integers(-60, 60, k).astype(float), rng.uniform(-1100, 1100, k) / np.log2(x[3 * k:4 * k]),
                        rng.uniform(-1e9, 1e9, k), rng.integers(-12, 13, n - 5 * k).astype(float)])
    y[np.isnan(y)] = np.nan
    return x, y


def element_flags(f, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        f(*args)
    flags = 0
    for w in caught:
        flags |= FLAG_WORDS[str(w.message).split(" encountered in ")[0]]
    return flags


def py_outcome(f, *args):
    """CPython's float result, or NaN standing for an exception (the test checks the same)."""
    try:
        r = f(*args)
    except (ValueError, OverflowError, ZeroDivisionError):
        return math.nan
    return math.nan if isinstance(r, complex) else r


def write(folder, name, **arrays):
    for key, a in arrays.items():
        np.ascontiguousarray(a).tofile(os.path.join(folder, "%s.%s" % (name, key)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=1000000, help="inputs per function")
    ap.add_argument("--flag-count", type=int, default=100000, help="inputs per function whose flags are checked")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--tests", required=True, help="the tlab_tests command")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else int(time.time())
    rng = np.random.default_rng(seed)
    n, nf = args.count, args.flag_count
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "bulk_math")
    os.makedirs(folder, exist_ok=True)
    try:
        t0 = time.time()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for name, f in [("np_exp", np.exp), ("np_log", np.log), ("np_tanh", np.tanh), ("np_sqrt", np.sqrt),
                            ("np_sin", np.sin), ("np_cos", np.cos)]:
                x = draw(rng, n)
                if name in ("np_sin", "np_cos"):  # mostly where the kernels cover it: |x| < 2.6e7
                    x[: n // 2] = rng.uniform(-3e7, 3e7, n // 2)
                fx = x[:nf]
                fl = np.array([element_flags(f, np.array([v])) for v in fx], dtype=np.uint8)
                write(folder, name, x=x, want=f(x), fx=fx, fflags=fl)
            x, y = draw_pow(rng, n)
            fl = np.array([element_flags(np.power, np.array([a]), np.array([b])) for a, b in zip(x[:nf], y[:nf])],
                          dtype=np.uint8)
            write(folder, "np_power", x=x, y=y, want=np.power(x, y), fx=x[:nf], fy=y[:nf], fflags=fl)
            sx, sy = x[: n // 4], y[: n // 4]
            want = np.array([np.float64(a) ** b for a, b in zip(sx, sy)])
            fl = np.array([element_flags(lambda a, b: np.float64(a) ** b, a, b) for a, b in zip(sx[:nf], sy[:nf])],
                          dtype=np.uint8)
            write(folder, "np_scalar_power", x=sx, y=sy, want=want, fx=sx[:nf], fy=sy[:nf], fflags=fl)
        for name, f in [("py_exp", math.exp), ("py_log", math.log), ("py_log2", math.log2),
                        ("py_log10", math.log10), ("py_tanh", math.tanh), ("py_sqrt", math.sqrt)]:
            x = draw(rng, n)
            write(folder, name, x=x, want=np.array([py_outcome(f, v) for v in x.tolist()]))
        x, y = draw_pow(rng, n)
        xl, yl = x.tolist(), y.tolist()
        write(folder, "py_float_pow", x=x, y=y, want=np.array([py_outcome(lambda a, b: a ** b, a, b) for a, b in zip(xl, yl)]))
        write(folder, "py_math_pow", x=x, y=y, want=np.array([py_outcome(math.pow, a, b) for a, b in zip(xl, yl)]))
        print("seed %d: %d inputs per function written in %.0f s" % (seed, n, time.time() - t0), flush=True)
        result = subprocess.run(shlex.split(args.tests) + ["[.bulk_math]"])
    finally:
        shutil.rmtree(folder)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
