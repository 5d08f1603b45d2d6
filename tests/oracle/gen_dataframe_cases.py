"""Writes tests/golden/dataframe_cases.json: frames of int64/float64 columns and what print(df) shows.

Run as a plain script with the interpreter that has pandas 1.5:

    /usr/bin/python3 tests/oracle/gen_dataframe_cases.py

Each case is {"columns": [{"name", "dtype", "values"}], "expected": str(df)}. int64 values are
JSON integers; float64 values are their Python repr() strings ("1.3", "-0.0", "nan", "inf",
"1e-07"), which round-trip exactly through strtod.
"""
import json
import math
import os
import pathlib

# The horizontal fit uses shutil.get_terminal_size(), which reads COLUMNS first; pin it so the
# output is the same whether or not stdout is a terminal.
os.environ["COLUMNS"] = "80"

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

# TLAB_GOLDEN_DIR lets the freshness test write a second copy elsewhere and compare.
OUT = pathlib.Path(os.environ.get("TLAB_GOLDEN_DIR", pathlib.Path(__file__).resolve().parent.parent / "golden")) / "dataframe_cases.json"
rng = np.random.default_rng(20240519)

SHORT_NAMES = ["a", "x", "d_k", "√d_k", "loss", "score", "value", "점수", "가", "평균", "분산",
               "", "w", "q·k", "step"]
MEDIUM_NAMES = ["나누기 전", "나눈 뒤", "점수 표준편차", "나눈 뒤 표준편차", "표준편차",
                "attention", "long_column_name", "어텐션 가중치", "소프트맥스 출력",
                "mean_squared_error", "gradient norm", "learning_rate"]
LONG_NAMES = ["이 열의 이름은 오십 글자보다 훨씬 더 길어서 pandas 의 max_colwidth 에 걸립니다",
              "an_extremely_long_column_name_that_is_longer_than_fifty_characters_total"]


def pick_name(used):
    r = rng.random()
    pool = SHORT_NAMES if r < 0.5 else MEDIUM_NAMES if r < 0.97 else LONG_NAMES
    name = str(rng.choice(pool))
    while name in used:
        name = name + "_" + str(len(used))
    used.add(name)
    return name


def int_values(n):
    kind = rng.integers(0, 7)
    if kind == 0:
        return rng.integers(0, 10, n)
    if kind == 1:
        return rng.integers(-100, 100, n)
    if kind == 2:
        return 2 ** rng.integers(0, 30, n)
    if kind == 3:
        return rng.integers(-10**12, 10**12, n)
    if kind == 4:
        return np.zeros(n, dtype=np.int64)
    if kind == 5:
        v = rng.integers(-5, 5, n)
        extremes = [np.iinfo(np.int64).min, np.iinfo(np.int64).max, 0, -1]
        for k in rng.integers(0, n, max(1, n // 10)):
            v[k] = rng.choice(extremes)
        return v
    return np.arange(n) * int(rng.integers(1, 1000))


def base_floats(n):
    kind = rng.integers(0, 12)
    scale = 10.0 ** rng.integers(-3, 6)
    if kind <= 2:
        return rng.normal(0, scale, n).round(int(kind) + 1)
    if kind == 3:
        return rng.normal(0, scale, n)
    if kind == 4:
        return rng.random(n)
    if kind == 5:
        return np.sqrt(2.0 ** rng.integers(0, 20, n))
    if kind == 6:
        return np.zeros(n)
    if kind == 7:  # above 1e6: scientific only when some string also gets too long
        return rng.choice([1e6, 1000001.0, 2.5e6, 123456789.0, 1e7 + 0.5, 3.0], n)
    if kind == 8:
        return 10.0 ** rng.uniform(-2, 20, n) * rng.choice([-1, 1], n)
    if kind == 9:  # any nonzero below 1e-6 switches the column to scientific
        v = rng.normal(0, 1, n).round(2)
        v[rng.integers(0, n)] = float(rng.choice([1e-7, -3.5e-9, 9.99e-7, 5e-324, 1e-300]))
        return v
    if kind == 10:
        return rng.choice([1e300, -1.7976931348623157e308, 2.0, 0.1, 1e-5], n)
    return rng.integers(-1000, 1000, n) / 8.0


def float_values(n):
    v = base_floats(n).astype(np.float64)
    for special, p in ((-0.0, 0.15), (math.nan, 0.2), (math.inf, 0.08), (-math.inf, 0.08)):
        if rng.random() < p:
            for k in rng.integers(0, n, int(rng.integers(1, 3))):
                v[k] = special
    if rng.random() < 0.02:
        v[:] = math.nan
    return v


def encode(values, dtype):
    if dtype == "int64":
        return [int(x) for x in values]
    return [repr(float(x)) for x in values]


def case_from(named_arrays):
    df = pd.DataFrame(dict(named_arrays))
    columns = [{"name": name, "dtype": str(arr.dtype), "values": encode(arr, str(arr.dtype))}
               for name, arr in named_arrays]
    return {"columns": columns, "expected": str(df)}


def random_frame(n, ncols):
    used = set()
    named = []
    for _ in range(ncols):
        name = pick_name(used)
        if rng.random() < 0.35:
            named.append((name, np.asarray(int_values(n), dtype=np.int64)))
        else:
            named.append((name, float_values(n)))
    return case_from(named)


def lab_cases():
    cases = []
    # Table 1: pd.DataFrame(rows) from dicts with an int d_k and rounded std values.
    for dks in ([4, 16, 64, 256], [1, 2, 4, 8, 16, 32, 64, 128], [512]):
        rows = []
        for dk in dks:
            raw = rng.normal(0, math.sqrt(dk), 2000)
            rows.append({"d_k": dk, "√d_k": np.float64(math.sqrt(dk)),
                         "점수 표준편차": np.float64(raw.std()).round(2),
                         "나눈 뒤 표준편차": np.float64((raw / math.sqrt(dk)).std()).round(2)})
        df = pd.DataFrame(rows)
        named = [(c, df[c].to_numpy()) for c in df.columns]
        cases.append(case_from(named))
    # Table 2: scores before and after scaling, rounded to 1 and 3 decimals.
    for n in (8, 8, 8, 60, 61, 100):
        s = rng.normal(0, 8, n)
        before = np.exp(s - s.max()) / np.exp(s - s.max()).sum()
        after = np.exp(s / 8 - (s / 8).max()) / np.exp(s / 8 - (s / 8).max()).sum()
        cases.append(case_from([("점수", s.round(1)), ("나누기 전", before.round(3)),
                                ("나눈 뒤", after.round(3))]))
    return cases


def edge_cases():
    f = lambda *xs: np.array(xs, dtype=np.float64)  # noqa: E731
    i = lambda *xs: np.array(xs, dtype=np.int64)  # noqa: E731
    named_sets = [
        [("d_k", i(4, 16)), ("√d_k", f(2.0, 4.0))],
        [("a", f(-0.0, 0.0))],
        [("a", f(-0.0, 1.5))],
        [("a", f(math.nan, math.nan))],
        [("a", f(math.inf, -math.inf, 1.0))],
        [("a", f(math.inf, 123456.789012))],  # inf counts as a large value
        [("a", f(1000001.0, 2.0))],
        [("a", f(1234567.891, 2.0))],
        [("a", f(999999.123456, 0.5))],
        [("a", f(1e-6, 2.0))],
        [("a", f(9.9e-7, 2.0))],
        [("a", f(0.0078125, 0.5))],
        [("x", i(np.iinfo(np.int64).min, np.iinfo(np.int64).max))],
        [("very long name here", i(1, 2)), ("b", f(0.5, 0.25))],
        [("b", i(1, 2)), (LONG_NAMES[1], f(1.0, 2.0))],
        [(LONG_NAMES[0], i(1, 2)), ("b", f(1.0, 2.0))],
        [("", i(7))],
    ]
    cases = [case_from(named) for named in named_sets]
    for n in (10, 11, 59, 60, 61, 99, 100, 101, 104, 105, 106, 1004, 1005):
        cases.append(case_from([("a", np.arange(n, dtype=np.int64)),
                                ("b", np.arange(n) * 0.5)]))
    # Wide frames: the horizontal fit drops middle columns and shows a ' ...' column.
    for ncols, rows in ((5, 3), (8, 3), (9, 3), (12, 3), (20, 70), (81, 3), (100, 65)):
        cases.append(case_from([(f"col_{k}", np.arange(rows) * 1.5 + k) for k in range(ncols)]))
    # Empty frames print an info block instead of a table.
    cases.append(case_from([("a", f()), ("점수", i())]))
    cases.append({"columns": [], "expected": str(pd.DataFrame({}))})
    cases.append(case_from([(f"c{k}", f()) for k in range(105)]))
    return cases


def main():
    cases = lab_cases() + edge_cases()
    for _ in range(340):
        n = int(rng.integers(1, 61)) if rng.random() < 0.7 else int(rng.integers(61, 201))
        cases.append(random_frame(n, int(rng.integers(1, 5))))
    for _ in range(50):  # 5 to 15 columns: some fit in 80 characters, most lose middle columns
        n = int(rng.integers(1, 21)) if rng.random() < 0.8 else int(rng.integers(61, 201))
        cases.append(random_frame(n, int(rng.integers(5, 16))))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in cases) + "\n]\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
