"""Writes the golden files for the random-generator and arithmetic tests from real NumPy.

Run with Debian's Python (the one that has NumPy 1.24):  /usr/bin/python3 tests/oracle/gen_core_cases.py
Floats are stored as float.hex() strings so that every bit survives the trip through JSON.
"""
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# TLAB_GOLDEN_DIR lets the freshness test write a second copy elsewhere and compare.
GOLDEN = os.environ.get("TLAB_GOLDEN_DIR", os.path.join(HERE, "..", "golden"))


def hexes(values):
    return [float(v).hex() for v in np.asarray(values, dtype=np.float64).ravel()]


def random_cases():
    cases = []
    # Seeds across the whole uint32 range, and sizes that end on both halves of a Gaussian pair.
    seeds = [0, 1, 7, 42, 123, 2**31 - 1, 2**31, 2**32 - 2, 2**32 - 1]
    seeds += [int(s) for s in np.random.RandomState(2024).randint(0, 2**32, size=12, dtype=np.uint64)]
    for k, seed in enumerate(seeds):
        np.random.seed(seed)
        first = np.random.randn(5 + k % 4)
        block = np.random.randn(3, 7)
        tail = np.random.randn(2000 + k)
        cases.append({"seed": seed, "draws": [len(first), block.size, tail.size],
                      "values": hexes(np.concatenate([first, block.ravel(), tail]))})
    # skip_normals must leave the generator where drawing would: q then k, as the sweep uses it.
    skips = []
    for seed, n, d in [(42, 1000, 4), (3, 7, 3), (9, 1, 1), (11, 5, 5)]:
        np.random.seed(seed)
        q = np.random.randn(n, d)
        k = np.random.randn(n, d)
        skips.append({"seed": seed, "n": n, "d": d, "k_first": hexes(k.ravel()[:20]),
                      "q_last": hexes(q.ravel()[-3:])})
    return {"randn": cases, "skip": skips}


def math_cases():
    rng = np.random.RandomState(5)
    sums = []
    for n in [1, 2, 7, 8, 9, 15, 16, 17, 127, 128, 129, 255, 256, 1000, 8191, 8192, 8193, 10000, 20000]:
        a = rng.randn(n) * np.exp(rng.randn(n) * 8)
        sums.append({"values": hexes(a), "sum": a.sum().hex(), "mean": a.mean().hex(),
                     "std": a.std().hex()})
    rows = []
    for d in [1, 3, 8, 9, 64, 129, 256, 1024, 4096]:
        m = rng.randn(3, d) * rng.randn(3, d)
        rows.append({"d": d, "values": hexes(m), "row_sums": hexes(m.sum(axis=1))})
    rounds = []
    for x in list(rng.randn(300) * 10) + [0.125, 0.375, 2.675, 1.005, -0.5, 0.5, 1.5, 2.5, 0.0449999, 1e15 + 0.3]:
        for d in (0, 1, 2, 3):
            rounds.append([float(x).hex(), d, float(np.round(np.float64(x), d)).hex()])
    exps = []
    xs = np.concatenate([rng.randn(2000) * s for s in (1e-6, 1e-2, 1, 10, 100)]
                        + [np.array([0.0, -0.0, 1.0, -1.0, 709.0, -700.0, -745.0, -708.5, 2.0, 0.1, -1.9])])
    for x, e in zip(xs, np.exp(xs)):
        exps.append([float(x).hex(), float(e).hex()])
    return {"sums": sums, "row_sums": rows, "round": rounds, "exp": exps}


def main():
    with open(os.path.join(GOLDEN, "random_cases.json"), "w") as f:
        json.dump(random_cases(), f)
    with open(os.path.join(GOLDEN, "math_cases.json"), "w") as f:
        json.dump(math_cases(), f)


if __name__ == "__main__":
    main()
