"""NumPy's side of the benchmark: one case per process (so peak RSS is the case's), timed with
the same work the core does. Run by Debian's Python (NumPy 1.24, reference BLAS):

    /usr/bin/python3 bench/numpy_bench.py '{"case": "randn", "n": 10000000}'
    -> {"case": "randn", "normals": 10000000, "seconds": 0.6, "peak_rss_bytes": ..., ...}
    /usr/bin/python3 bench/numpy_bench.py '{"case": "sweep", "n_pairs": 20000, "d_k_values": [4, 16]}'
    -> {..., "table": "   d_k ..."}   (the printed DataFrame: run.mjs compares it with the core's)

The sweep does what the lab's step-1 code (ch3-lab2) does, operation for operation, without the
print: the same draws, products, sums, stds and rounding, so the same table.

    /usr/bin/python3 bench/numpy_bench.py '{"case": "cells", "rounds": 5, "cells": [...]}'

times each lab cell the native core timed ("cells" of tlab_bench's answer): compiled alone, and
compiled + run after the cells before it ran once (stdout captured; matplotlib's Agg backend,
figures closed after each round).
"""
import json
import sys
import time

import numpy as np
import pandas as pd


def randn(c):
    n = int(c.get("n", 10_000_000))
    t0 = time.perf_counter()
    np.random.seed(c.get("seed", 42))
    x = np.random.randn(n)
    dt = time.perf_counter() - t0
    return {"case": "randn", "normals": n, "seconds": dt, "checksum": float(np.add.reduce(x)),
            "first": float(x[0]) if n else 0.0}


# The lab's DataFrame columns, as it prints them.
COLUMNS = ("d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차")


def sweep(c):
    d_k_values = c.get("d_k_values", [4, 16, 64, 256])
    n = int(c.get("n_pairs", 1000))
    t0 = time.perf_counter()
    np.random.seed(c.get("seed", 42))
    rows = []
    for d_k in d_k_values:
        q = np.random.randn(n, d_k)
        k = np.random.randn(n, d_k)
        s = (q * k).sum(axis=1)
        root = np.sqrt(d_k)
        spread_raw = s.std().round(2)
        spread_scaled = (s / root).std().round(2)
        rows.append(dict(zip(COLUMNS, (d_k, root, spread_raw, spread_scaled))))
    table = str(pd.DataFrame(rows))
    dt = time.perf_counter() - t0
    return {"case": "sweep", "normals": 2 * n * sum(d_k_values), "seconds": dt, "table": table}


def cells(c):
    import contextlib
    import io
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    out = []
    for entry in c["cells"]:
        code, index = entry["cells"], entry["index"]
        compile_s, run_s = [], []
        for _ in range(c.get("rounds", 5)):
            t0 = time.perf_counter()
            compile(code[index], "<cell>", "exec")
            compile_s.append(time.perf_counter() - t0)
        namespace = {"__name__": "__main__"}
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for earlier in code[:index]:
                exec(compile(earlier, "<cell>", "exec"), namespace)
            for _ in range(c.get("rounds", 5)):
                run_ns = dict(namespace)
                t0 = time.perf_counter()
                exec(compile(code[index], "<cell>", "exec"), run_ns)
                run_s.append(time.perf_counter() - t0)
                plt.close("all")
        out.append({"lab": entry["lab"], "step": entry["step"], "parse_s": compile_s, "run_s": run_s})
    return {"case": "cells", "cells": out}


def peak_rss_bytes():
    # VmHWM: this process's peak RSS (ru_maxrss would carry over the forking parent's through exec).
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return -1


def main():
    c = json.loads(sys.argv[1])
    out = {"randn": randn, "sweep": sweep, "cells": cells}[c["case"]](c)
    out["peak_rss_bytes"] = peak_rss_bytes()
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
