"""Writes tests/golden/pandas_cases.json: small pandas programs and what pandas 1.5 gives.

Run as a plain script with the interpreter that has pandas 1.5:

    /usr/bin/python3 tests/oracle/gen_pandas_cases.py

Each case starts from a value, applies a chain of operations and shows the result:

    {"start": <value>, "ops": [["item", "a"], ["call", "mean", [], {}]], "layout": "script",
     "source": "...the same as Python code...", "expected": "2.5"}

"expected" is str() of the result, or {"error": [type name, str(exception)]}. tests/test_pandas.cpp
builds the same values in the kernel and applies the same operations through its object protocol.
"may_refuse": the kernel may answer "not supported" instead (never something else).

Values in JSON: null/true/false/ints/strs as themselves, lists as arrays, and
{"f": "nan"} float (repr), {"t": [...]} tuple, {"d": [[k, v], ...]} dict,
{"a": nested, "dtype": "int64"} np.array, {"np": "float64", "v": x} NumPy scalar,
{"df": [data, {kwargs}]} pd.DataFrame, {"s": [data, {kwargs}]} pd.Series, {"slice": [a, b]}, {"range": [a, b]}.
Operations: ["item", key], ["attr", name], ["call", name, args, kwargs], ["bin", op, other,
reflected], ["cmp", op, other], ["set", key, value], ["setloc", key, value] (x.loc[key] = value),
["setiloc", key, value], ["setattr", name, value], ["np", function], ["pd", function, args]
(pd.function(*args), x unchanged: pd.set_option...), ["pdget", function, args] (x = pd.function(*args)),
["len"], ["list"], ["neg"], ["abs"], ["repr"].

"layout": "notebook" cases are what a Jupyter kernel shows (pandas' display.max_columns is 20
there instead of 0); a script pins COLUMNS=80 so the terminal fit does not depend on the caller.
"""
import io
import json
import math
import os
import pathlib
import sys

os.environ["COLUMNS"] = "80"

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

OUT = pathlib.Path(os.environ.get("TLAB_GOLDEN_DIR", pathlib.Path(__file__).resolve().parent.parent / "golden")) / "pandas_cases.json"
rng = np.random.default_rng(20261130)

# ---------------------------------------------------------------------------------------------
# Values: JSON encoding, Python value and Python source


def enc(v):
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, (np.bool_,)):
        return {"np": "bool_", "v": bool(v)}
    if isinstance(v, np.integer):
        return {"np": "int64", "v": int(v)}
    if isinstance(v, np.floating):
        return {"np": "float64", "v": {"f": repr(float(v))}}
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        return {"f": repr(v)}
    if isinstance(v, list):
        return [enc(x) for x in v]
    if isinstance(v, tuple):
        return {"t": [enc(x) for x in v]}
    if isinstance(v, dict):
        return {"d": [[enc(k), enc(x)] for k, x in v.items()]}
    if isinstance(v, np.ndarray):
        return {"a": enc(v.tolist()), "dtype": str(v.dtype)}
    if isinstance(v, Make):
        return v.encoded()
    if isinstance(v, slice):
        return {"slice": [v.start, v.stop]}
    if isinstance(v, range):
        return {"range": [v.start, v.stop]}
    raise TypeError(type(v))


def src(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "np.nan"
        if math.isinf(v):
            return "np.inf" if v > 0 else "-np.inf"
        return repr(v)
    if isinstance(v, np.bool_):
        return f"np.bool_({bool(v)})"
    if isinstance(v, np.integer):
        return f"np.int64({int(v)})"
    if isinstance(v, np.floating):
        return f"np.float64({src(float(v))})"
    if isinstance(v, list):
        return "[" + ", ".join(src(x) for x in v) + "]"
    if isinstance(v, tuple):
        return "(" + ", ".join(src(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{src(k)}: {src(x)}" for k, x in v.items()) + "}"
    if isinstance(v, np.ndarray):
        return f"np.array({src(v.tolist())}, dtype=np.{v.dtype})" if v.dtype != bool else f"np.array({src(v.tolist())})"
    if isinstance(v, Make):
        return v.source()
    if isinstance(v, slice):
        return f"{'' if v.start is None else src(v.start)}:{'' if v.stop is None else src(v.stop)}"
    return repr(v)  # str, int, bool, None, range


class Make:
    """pd.DataFrame(data, **kw) or pd.Series(data, **kw), built when the case runs."""

    def __init__(self, kind, data, **kw):
        self.kind, self.data, self.kw = kind, data, kw

    def encoded(self):
        return {self.kind: [enc(self.data), {k: enc(v) for k, v in self.kw.items()}]}

    def source(self):
        args = [src(self.data)] + [f"{k}={src(v)}" for k, v in self.kw.items()]
        return ("pd.DataFrame(" if self.kind == "df" else "pd.Series(") + ", ".join(args) + ")"


def df(data, **kw):
    return Make("df", data, **kw)


def series(data, **kw):
    return Make("s", data, **kw)


# ---------------------------------------------------------------------------------------------
# Operations

BINOPS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "//": "floordiv", "%": "mod", "**": "pow"}
CMPOPS = ["==", "!=", "<", "<=", ">", ">="]


def key_src(k):
    return ", ".join(src(x) for x in k) if isinstance(k, tuple) else src(k)


def op_source(op):
    kind = op[0]
    if kind == "item":
        return f"x = x[{key_src(op[1])}]"
    if kind in ("setloc", "setiloc"):
        return f"x.{kind[3:]}[{key_src(op[1])}] = {src(op[2])}"
    if kind == "attr":
        return f"x = x.{op[1]}"
    if kind == "call":
        args = [src(a) for a in op[2]] + [f"{k}={src(v)}" for k, v in op[3].items()]
        return f"x = x.{op[1]}({', '.join(args)})"
    if kind == "bin":
        return f"x = {src(op[2])} {op[1]} x" if op[3] else f"x = x {op[1]} {src(op[2])}"
    if kind == "cmp":
        return f"x = x {op[1]} {src(op[2])}"
    if kind == "set":
        return f"x[{key_src(op[1])}] = {src(op[2])}"
    if kind == "setattr":
        return f"x.{op[1]} = {src(op[2])}"
    if kind == "np":
        return f"x = np.{op[1]}(x)"
    if kind == "pd":
        return f"pd.{op[1]}({', '.join(src(a) for a in op[2])})"
    if kind == "pdget":
        return f"x = pd.{op[1]}({', '.join(src(a) for a in op[2])})"
    if kind in ("len", "list", "abs", "repr"):
        return f"x = {kind}(x)"
    if kind == "neg":
        return "x = -x"
    raise ValueError(kind)


def enc_op(op):
    kind = op[0]
    if kind in ("item",):
        return [kind, enc(op[1])]
    if kind == "call":
        return [kind, op[1], [enc(a) for a in op[2]], {k: enc(v) for k, v in op[3].items()}]
    if kind in ("bin", "cmp"):
        return [kind, op[1], enc(op[2])] + op[3:]
    if kind in ("set", "setloc", "setiloc"):
        return [kind, enc(op[1]), enc(op[2])]
    if kind == "setattr":
        return [kind, op[1], enc(op[2])]
    if kind in ("pd", "pdget"):
        return [kind, op[1], [enc(a) for a in op[2]]]
    return list(op)


def program(start, ops):
    lines = ["import numpy as np", "import pandas as pd", f"x = {src(start)}"]
    lines += [op_source(op) for op in ops]
    lines.append("print(x)")
    return "\n".join(lines) + "\n"


def run(source, layout):
    """stdout of the program, or its exception as [type name, str]."""
    out = io.StringIO()
    saved = sys.stdout
    options = {"display.max_columns": 20 if layout == "notebook" else 0}
    try:
        sys.stdout = out
        with pd.option_context(*[x for kv in options.items() for x in kv]):
            exec(compile(source, "<case>", "exec"), {})
    except Exception as e:  # noqa: BLE001 - the exception is the expected outcome
        return {"error": [type(e).__name__, str(e)]}
    finally:
        sys.stdout = saved
        pd.reset_option("all", silent=True)  # a case's pd.set_option ends with it
    text = out.getvalue()
    assert text.endswith("\n")
    return text[:-1]


cases = []


def case(start, ops, layout="script", may_refuse=False, note=None):
    ops = [list(op) for op in ops]
    source = program(start, ops)
    c = {"start": enc(start), "ops": [enc_op(op) for op in ops], "layout": layout, "source": source,
         "expected": run(source, layout)}
    if may_refuse:
        c["may_refuse"] = True
    if note:
        c["note"] = note
    cases.append(c)


def call(name, *args, **kw):
    return ["call", name, list(args), kw]


# ---------------------------------------------------------------------------------------------
# Random data

NAMES = ["a", "b", "x", "y", "score", "loss", "d_k", "√d_k", "점수", "평균", "value", "count", "name",
         "나눈 뒤", "attention", "learning_rate", "gradient norm", "w", "q·k", "step"]
WORDS = ["apple", "banana", "cat", "가", "나다", "사과", "", "a b", "x", "long text value here",
         "모델", "token", "Q", "K", "V", "softmax", "attention weights are here"]


def pick_names(k):
    names = list(rng.choice(NAMES, size=min(k, len(NAMES)), replace=False))
    while len(names) < k:
        names.append(f"col_{len(names)}")
    return [str(n) for n in names]


def ints(n):
    kind = int(rng.integers(0, 6))
    if kind == 0:
        return [int(v) for v in rng.integers(0, 10, n)]
    if kind == 1:
        return [int(v) for v in rng.integers(-100, 100, n)]
    if kind == 2:
        return [int(v) for v in rng.integers(-10**12, 10**12, n)]
    if kind == 3:
        return [int(v) for v in 2 ** rng.integers(0, 40, n)]
    if kind == 4:
        return [int(v) for v in np.arange(n) * int(rng.integers(1, 50))]
    return [int(v) for v in rng.integers(-5, 5, n)]


def floats(n, nan=True):
    kind = int(rng.integers(0, 9))
    scale = 10.0 ** int(rng.integers(-3, 6))
    if kind <= 2:
        v = rng.normal(0, scale, n).round(kind + 1)
    elif kind == 3:
        v = rng.normal(0, scale, n)
    elif kind == 4:
        v = rng.random(n)
    elif kind == 5:
        v = rng.integers(-1000, 1000, n) / 8.0
    elif kind == 6:
        v = 10.0 ** rng.uniform(-8, 9, n) * rng.choice([-1, 1], n)
    elif kind == 7:
        v = rng.choice([0.1, 0.25, 1e6, 2.5e7, -3.0, 1e-7], n)
    else:
        v = rng.normal(5, 2, n)
    v = [float(x) for x in v]
    if nan and rng.random() < 0.35:
        for k in rng.integers(0, n, int(rng.integers(1, 3))):
            v[int(k)] = math.nan
    if nan and rng.random() < 0.05:
        v[int(rng.integers(0, n))] = math.inf
    return v


def bools(n):
    return [bool(b) for b in rng.random(n) < 0.5]


def strs(n, nan=False):
    v = [str(w) for w in rng.choice(WORDS, n)]
    if nan and rng.random() < 0.5:
        v[int(rng.integers(0, n))] = math.nan
    return v


def column(kind, n):
    return {"int": ints, "float": floats, "bool": bools, "str": strs}[kind](n)


def kinds(k, mix):
    return [str(rng.choice(mix)) for _ in range(k)]


def dict_frame(n, k, mix=("int", "float", "bool", "str"), **kw):
    names = pick_names(k)
    return df({name: column(kind, n) for name, kind in zip(names, kinds(k, mix))}, **kw)


def records_frame(n, k, mix=("int", "float", "bool", "str")):
    names = pick_names(k)
    cols = {name: column(kind, n) for name, kind in zip(names, kinds(k, mix))}
    rows = []
    for r in range(n):
        row = {}
        for name in names:
            if rng.random() < 0.12:
                continue  # a missing key: NaN in that column
            row[name] = cols[name][r]
        rows.append(row)
    return df(rows)


def lol_frame(n, k, mix=("int", "float", "bool", "str"), named=True):
    names = pick_names(k)
    cols = [column(kind, n) for kind in kinds(k, mix)]
    rows = [[c[r] for c in cols] for r in range(n)]
    return df(rows, columns=names) if named else df(rows)


def array_frame(n, k, dtype="float64", nan=False):
    if dtype == "float64":
        a = rng.normal(0, 10.0 ** int(rng.integers(-2, 4)), (n, k))
        if nan:
            a[int(rng.integers(0, n)), int(rng.integers(0, k))] = np.nan
    elif dtype == "int64":
        a = rng.integers(-1000, 1000, (n, k))
    else:
        a = rng.random((n, k)) < 0.5
    return df(a, columns=pick_names(k))


def any_frame(n, k, mix=("int", "float", "bool", "str")):
    how = rng.random()
    if how < 0.5:
        return dict_frame(n, k, mix)
    if how < 0.7:
        return records_frame(n, k, mix)
    if how < 0.85:
        return lol_frame(n, k, mix)
    return array_frame(n, k, str(rng.choice(["float64", "int64"])))


def sizes():
    r = rng.random()
    if r < 0.6:
        return int(rng.integers(1, 12))
    if r < 0.85:
        return int(rng.integers(12, 61))
    return int(rng.integers(61, 150))


# ---------------------------------------------------------------------------------------------
# The cases


def printing():
    for _ in range(110):
        case(any_frame(sizes(), int(rng.integers(1, 6))), [])
    for _ in range(25):  # wide frames: the terminal fit drops middle columns
        case(any_frame(int(rng.integers(1, 8)), int(rng.integers(6, 30))), [])
    for n in (60, 61, 100):
        case(dict_frame(n, 3), [])
    for layout_cols, rows in ((5, 3), (12, 3), (21, 3), (25, 70), (30, 2), (8, 65)):
        case(dict_frame(rows, layout_cols, ("int", "float")), [], layout="notebook")
    for _ in range(20):
        case(any_frame(sizes(), int(rng.integers(3, 26))), [], layout="notebook")
    # Indexes: labels given, negative ints, long strings.
    case(df({"a": [1, 2, 3]}, index=["x", "y", "zz"]), [])
    case(df({"a": [1, 2, 3]}, index=[10, -2, 3]), [])
    case(df({"a": [1.5, 2.0]}, index=["a very long label " * 4, "b"]), [])
    case(df({"a": list(range(70))}, index=[f"r{k}" for k in range(70)]), [])
    case(df({"a": list(range(70))}, index=list(range(-35, 35))), [])
    case(df([[1, 2], [3, 4]]), [])
    case(df(np.arange(22).reshape(2, 11)), [])
    case(df(np.arange(4).reshape(2, 2), columns=[10, -1]), [])
    case(df({"a": []}), [])
    case(df({}), [])
    case(df([]), [])
    case(df({"a": ["x\ty", "line\nbreak", None]}), [])
    case(df({"a": [1, None], "b": [True, None], "c": [None, None], "d": ["x", 1], "e": [1.5, True]}), [])
    case(df({"a": [1e-7, 1.0], "b": [1e20, 2.0], "c": [math.inf, -math.inf], "d": [-0.0, 0.0]}), [])
    case(df({"a": 1, "b": [1, 2]}), [])
    case(df({"a": [1, 2]}, columns=["a", "zz"]), [])
    case(df([{"a": 1, "b": "x"}, {"a": 2}], columns=["b", "a"]), [])
    case(df([[1, "a", 2.5, True], [2, "b", 3, False]]), [])
    case(df([[1, 2], [3]]), [])
    case(df([1, 2, 3]), [])
    case(df(np.array([1.5, 2.5])), [])
    case(df(series([1, 2], name="s")), [])
    case(df({"s": series([1.5, 2.5]), "t": series([3, 4])}), [])
    case(df({"a": np.array([1, 2]), "b": np.array([True, False]), "c": np.array([0.5, 1.5])}), [])
    case(df({"a": [1, 2]}, index=range(5, 7)), [])
    case(df({"a": [np.float64(1.5), 2], "b": [np.int64(3), 4]}), [])


def series_cases():
    for _ in range(35):
        n = sizes()
        kind = str(rng.choice(["int", "float", "bool", "str"]))
        kw = {}
        if rng.random() < 0.5:
            kw["name"] = str(rng.choice(NAMES))
        if rng.random() < 0.2:
            kw["index"] = [str(w) + str(k) for k, w in enumerate(rng.choice(WORDS, n))]
        case(series(column(kind, n), **kw), [])
    for _ in range(15):
        frame = any_frame(sizes(), int(rng.integers(1, 5)))
        name = list(frame.data)[0] if isinstance(frame.data, dict) else None
        if name is None:
            continue
        case(frame, [["item", name]])
        case(frame, [["attr", "columns"], ["repr"]])
    case(series([], name="e"), [], may_refuse=True)
    case(series([1.5, math.nan, -2.25], index=["a", "bb", "c"], name="x"), [])
    case(series(["a", "bb", None, math.nan, 1.5, True]), [])
    case(series(list(range(70))), [])
    case(series(list(range(70)), name="long"), [call("head", 3)])
    case(series(list(range(70)), name="long"), [call("tail")])
    case(series(np.arange(5) * 0.5), [])
    case(series({"a": 1, "b": 2.5}), [])
    case(series(3.5, index=["a", "b"]), [])
    case(series([1, 2, 3], index=[5, 6, 7]), [["item", 6]])
    case(series([1, 2, 3], index=["a", "b", "c"]), [["item", 1]])
    case(series([1, 2, 3], index=["a", "b", "c"]), [["item", "b"]])
    case(series([1.5, 2.5]), [["item", 1]])
    case(series([1, 2, 3]), [["item", 5]])
    case(series([1, 2, 3]), [["item", -1]])
    case(series([1, 2, 3], index=["a", "b", "c"]), [["item", "z"]])
    case(series([1, 2, 3]), [["item", slice(1, None)]])
    case(series([True, False]), [["item", 0]])
    case(series(["x", "y"]), [["item", 1]])
    case(series([1, 2, 3], name="s"), [["attr", "shape"]])
    case(series([1, 2, 3], name="s"), [["attr", "name"]])
    case(series([1, 2, 3], name="s"), [["attr", "values"], ["repr"]])
    case(series([1.5, 2.5]), [call("to_numpy"), ["repr"]])
    case(series([1.5, 2.5, math.nan]), [call("tolist")])
    case(series([1, 2]), [["list"]])
    case(series([1, 2]), [["len"]])
    case(series([1, 2], index=["a", "b"]), [["attr", "index"], ["repr"]])


def arithmetic():
    ops = list(BINOPS)
    for _ in range(50):
        n = int(rng.integers(1, 15))
        kind = str(rng.choice(["int", "float", "bool"]))
        s = series(column(kind, n), name=str(rng.choice(NAMES)))
        op = str(rng.choice(ops))
        r = rng.random()
        if r < 0.4:
            other = int(rng.integers(-3, 4)) if rng.random() < 0.5 else float(rng.choice([0.5, -2.25, 0.0, 3.0, 1e-3]))
        elif r < 0.6:
            other = np.array(column(str(rng.choice(["int", "float"])), n))
        elif r < 0.8:
            other = series(column(str(rng.choice(["int", "float"])), n), name=str(rng.choice(NAMES)))
        else:
            other = column(str(rng.choice(["int", "float"])), n)
        refl = bool(rng.random() < 0.3) and not isinstance(other, (Make, np.ndarray))
        if op == "**":
            # NumPy's float64 power is SVML's on this machine (not libm's pow), which the kernel's
            # NumPy module does not reproduce yet: pandas adds nothing to it, so keep to squares.
            other, refl = 2, False
        risky = kind == "bool"
        case(s, [["bin", op, other, refl], call("tolist")], may_refuse=risky)
    for _ in range(25):
        n = int(rng.integers(1, 12))
        s = series(column(str(rng.choice(["int", "float"])), n), name="s")
        other = float(rng.choice([0.0, 1.5, -2.0, 3])) if rng.random() < 0.6 else series(column("float", n))
        case(s, [["cmp", str(rng.choice(CMPOPS)), other]])
    # Division by zero: pandas' own conventions (and no warning).
    for op in ("/", "//", "%"):
        case(series([1, 0, -1, 5]), [["bin", op, 0, False]])
        case(series([1.5, 0.0, -1.0]), [["bin", op, 0, False]])
        case(series([1, 0, -1]), [["bin", op, series([0, 0, 2]), False]])
        case(series([2, 0, -3]), [["bin", op, 0, True]])
    case(series([1, 2, 3], name="a"), [["bin", "+", series([1, 2, 3], name="a"), False]])
    case(series([1, 2, 3], name="a"), [["bin", "+", series([1, 2, 3], name="b"), False]])
    case(series([1, 2]), [["bin", "+", series([1, 2], index=[1, 2]), False]], may_refuse=True)
    case(series([1, 2, 3]), [["bin", "+", [1, 2], False]])
    case(series([1, 2, 3]), [["cmp", "==", [1, 2]]])
    case(series([1, 2]), [["cmp", "==", series([1, 2], index=[1, 2])]])
    case(series([1, 2, 3]), [["cmp", "==", "a"]])
    case(series(["a", "b", "a"]), [["cmp", "==", "a"]])
    case(series(["a", "b", "c"]), [["cmp", ">", "a"]])
    case(series([1, 2, 3]), [["neg"]])
    case(series([-1.5, 2.0]), [["abs"]])
    case(series([1.0, 4.0, 9.0], name="r"), [["np", "sqrt"]])
    case(series([0.0, 1.0], name="e"), [["np", "exp"], call("tolist")])
    case(series([1.0, 2.0, 3.0]), [["np", "log"]])
    case(series([1.23456, 2.5, 3.55]), [call("round", 1)])
    case(series([1.23456, 2.5, 3.55]), [call("round", 2), call("tolist")])
    case(series([125, 250]), [call("round", -2)], may_refuse=True)
    # Frames: columnwise with scalars.
    for _ in range(10):
        frame = any_frame(int(rng.integers(1, 8)), int(rng.integers(1, 4)), ("int", "float"))
        case(frame, [["bin", str(rng.choice(["+", "-", "*", "/"])), float(rng.choice([2.0, 0.5, -1.0])), False]])
    case(df({"a": [1, 2], "b": [0.5, 1.5]}), [["cmp", ">", 1]])
    case(df({"a": [1, 2], "b": [0.5, 1.5]}), [["bin", "+", df({"a": [1, 1], "b": [2.0, 2.0]}), False]])


def reductions():
    names = ["sum", "mean", "std", "max", "min", "count", "var"]
    for _ in range(45):
        n = int(rng.integers(1, 40)) if rng.random() < 0.7 else int(rng.choice([1000, 1001, 4000, 9000]))
        k = int(rng.integers(1, 5))
        how = rng.random()
        if how < 0.4:
            frame = dict_frame(n, k, ("int", "float", "bool"))
        elif how < 0.7:
            frame = array_frame(n, k, str(rng.choice(["float64", "int64"])), nan=bool(rng.random() < 0.4))
        elif how < 0.85:
            frame = records_frame(n, k, ("int", "float"))
        else:
            frame = lol_frame(n, k, ("int", "float"))
        m = str(rng.choice(names))
        case(frame, [call(m)])
        case(frame, [call(m), call("tolist")])
    # Series reductions: the exact values (repr of np.float64 is the shortest round trip).
    for _ in range(40):
        n = int(rng.integers(1, 50)) if rng.random() < 0.7 else int(rng.choice([1000, 3000, 10000]))
        kind = str(rng.choice(["int", "float", "float", "bool"]))
        m = str(rng.choice(names))
        case(series(column(kind, n)), [call(m)])
    # Frames from a 2-D array: the block's summation order.
    for n in (1000, 2000):
        for nan in (False, True):
            frame = array_frame(n, 3, "float64", nan=nan)
            for m in ("sum", "mean", "std", "var"):
                case(frame, [call(m), call("tolist")])
            case(frame, [["item", frame.kw["columns"][0]], call("sum")])
            case(frame, [call("head", 500), call("sum"), call("tolist")])
    a = array_frame(1000, 3)
    case(a, [["set", "new", 1.5], call("sum"), call("tolist")])
    case(a, [["set", a.kw["columns"][1], 1.5], call("sum"), call("tolist")])
    case(a, [["item", a.kw["columns"][:2]], call("sum"), call("tolist")])
    case(a, [call("round", 2), call("sum"), call("tolist")])
    case(array_frame(1000, 1), [call("sum"), call("tolist")])
    # str columns: dropped (with a FutureWarning) or concatenated.
    case(df({"i": [1, 2, 3], "s": ["a", "b", "c"]}), [call("mean")])
    case(df({"i": [1, 2, 3], "s": ["a", "b", "c"]}), [call("sum")])
    case(df({"i": [1, 2, 3], "s": ["a", "b", "c"]}), [call("max")])
    case(df({"i": [1, 2, 3], "s": ["a", "b", "c"]}), [call("std")])
    case(df({"i": [1, 2, 3], "s": ["a", "b", "c"]}), [call("mean", numeric_only=True)])
    case(df({"i": [1, 2, 3], "b": [True, False, True]}), [call("max")])
    case(df({"b": [True, False]}), [call("sum")])
    case(df({"a": []}), [call("sum")])
    case(df({"a": [1, 2]}), [call("std", ddof=0)])
    case(series([1.0]), [call("std")])
    case(series([math.nan, math.nan]), [call("mean")])
    case(series([math.nan, math.nan]), [call("sum")])
    case(series([math.nan, math.nan]), [call("max")])
    case(series(["b", "a"]), [call("max")])
    case(series(["b", "a"]), [call("sum")])
    case(series(["b", "a"]), [call("mean")], may_refuse=True)


def describe():
    for _ in range(30):
        n = sizes() if rng.random() < 0.8 else int(rng.choice([1000, 2001]))
        frame = any_frame(n, int(rng.integers(1, 5)), ("int", "float", "str", "float"))
        case(frame, [call("describe")], may_refuse=True)
        case(frame, [call("describe"), call("to_numpy"), call("tolist")], may_refuse=True)
    for _ in range(10):
        n = int(rng.integers(1, 30))
        s = series(column(str(rng.choice(["int", "float"])), n), name=str(rng.choice(NAMES)))
        case(s, [call("describe")])
        case(s, [call("describe"), call("tolist")])
    case(df({"a": [1]}), [call("describe")])
    case(df({"a": [math.nan, math.nan]}), [call("describe")])
    case(df({"a": [1, 2, 3, 4], "b": [1e9, 2e9, 3.5e9, 1e-3]}), [call("describe")])
    case(df({"s": ["a", "b", "a"]}), [call("describe")], may_refuse=True)
    case(df({"b": [True, False, True], "i": [1, 2, 3]}), [call("describe")])


def access():
    frame = df({"a": [1, 2, 3], "b": [1.5, math.nan, -2.0], "c": ["x", "y", "z"]})
    case(frame, [["attr", "shape"]])
    case(frame, [["len"]])
    case(frame, [["list"]])
    case(frame, [["attr", "columns"], ["repr"]])
    case(frame, [["attr", "index"], ["repr"]])
    case(frame, [["item", ["a", "b"]], ["attr", "values"], ["repr"]])
    case(frame, [["item", ["c", "a"]]])
    case(frame, [["item", "c"]])
    case(frame, [["attr", "a"]])
    case(frame, [["item", "missing"]])
    case(frame, [["item", 0]])
    case(frame, [["item", ["a", "x"]]])
    case(frame, [["item", ["x", "y"]]])
    case(frame, [["set", "d", [1, 2]]])
    case(frame, [["set", "d", np.array([1, 2, 3, 4])]])
    case(frame, [["set", "d", [7, 8, 9]]])
    case(frame, [["set", "a", 0.5]])
    case(frame, [["set", "e", "text"]])
    case(frame, [["set", "f", np.array([True, False, True])]])
    case(frame, [["set", "g", series([1, 2, 3])]])
    case(frame, [["setattr", "columns", ["x", "y", "z"]]])
    case(frame, [["setattr", "columns", ["x"]]])
    case(frame, [["setattr", "index", ["r1", "r2", "r3"]]])
    case(frame, [call("head", 2)])
    case(frame, [call("tail", 2)])
    case(frame, [call("head", -1)])
    case(frame, [call("head", "x")], may_refuse=True)
    case(frame, [["item", slice(1, 3)]])
    case(frame, [["attr", "empty"]])
    case(frame, [call("round", 0)])
    case(frame, [call("round", "x")])
    case(frame, [call("to_numpy")], may_refuse=True)
    case(frame, [call("foo")])
    case(frame, [["attr", "foo"]])
    case(frame, [call("sort_values", "b")])
    case(frame, [call("sort_values", "a", ascending=False)])
    case(frame, [call("sort_values", "zz")])
    case(frame, [["attr", "T"]], may_refuse=True)
    case(df({"a": [1, 2], "b": [3, 4]}), [["attr", "T"]])
    case(df({"a": [1.5, 2], "b": [3, 4]}, index=["r", "s"]), [["attr", "T"]])
    case(df({"a": [1, 2], "b": [3.5, 4]}), [["attr", "values"], ["repr"]])
    case(df({"a": [1, 2], "b": [3, 4]}), [call("to_numpy"), ["repr"]])
    case(df(np.arange(6).reshape(3, 2) * 1.5, columns=["p", "q"]), [["attr", "values"], ["repr"]])
    for _ in range(25):
        n = int(rng.integers(1, 40))
        frame = dict_frame(n, int(rng.integers(1, 4)), ("int", "float", "str", "bool"))
        col = list(frame.data)[0]
        asc = bool(rng.random() < 0.5)
        case(frame, [call("sort_values", col, ascending=asc)])
    for _ in range(12):
        frame = dict_frame(int(rng.integers(1, 30)), int(rng.integers(1, 5)), ("int", "float"))
        d = int(rng.integers(0, 4))
        case(frame, [call("round", d)])
    frame = df({"a": [1.2345, 2.5678], "b": [3.14159, 2.71828], "c": [1, 2]})
    case(frame, [call("round", {"a": 1, "b": 3})])
    case(frame, [["attr", "dtypes"]])
    case(frame, [["attr", "dtypes"], ["item", "c"], ["repr"]])
    case(frame, [["attr", "dtypes"], ["item", "a"], ["repr"]])
    case(frame, [["item", "c"], ["attr", "dtype"]])
    case(frame, [["item", "b"], ["attr", "dtype"], ["repr"]])
    case(df({"b": [True], "i": [1], "f": [0.5], "s": ["x"]}), [["attr", "dtypes"]])
    for _ in range(4):
        wide = any_frame(int(rng.integers(1, 90)), int(rng.integers(1, 30)))
        case(wide, [call("to_string")])
    for m in ("median",):
        for _ in range(8):
            case(dict_frame(int(rng.integers(1, 30)), int(rng.integers(1, 4)), ("int", "float")), [call(m)])
            case(series(column(str(rng.choice(["int", "float"])), int(rng.integers(1, 30)))), [call(m)])
    case(df({"a": [1.5, math.inf, -1.0], "b": [math.inf, math.inf, 2.0]}), [call("describe")])
    case(df({"a": [math.inf]}), [call("describe")])
    case(df({"a": [1, 2], "b": [True, False]}), [["attr", "T"]])
    case(df({"a": [1, 2], "s": ["x", "y"]}), [["attr", "T"]])
    # Long Index reprs.
    case(df({f"column_{k}": [k] for k in range(12)}), [["attr", "columns"], ["repr"]])
    case(df({f"c{k}": [k] for k in range(120)}), [["attr", "columns"], ["repr"]])
    case(df({"a": list(range(200))}, index=list(range(200))), [["attr", "index"], ["repr"]])
    case(df({"a": [1, 2]}, index=[5, 7]), [["attr", "index"], ["repr"]])
    case(df([[1, 2]]), [["attr", "columns"], ["repr"]])
    case(df({"a": [1, 2, 3]}), [call("head", 2), ["attr", "index"], ["repr"]])
    case(df({"a": [1, 2, 3]}), [call("tail", 2), ["attr", "index"], ["repr"]])
    # Boolean masks.
    case(frame, [["item", series([True, False])]])
    case(df({"a": [1, 5, 3], "b": ["x", "y", "z"]}), [["item", np.array([True, False, True])]])


def indexers():
    frame = df({"a": [1, 2, 3, 4], "b": [1.5, math.nan, -2.0, 0.25], "c": ["x", "y", "z", "w"]}, index=["p", "q", "r", "s"])
    ranged = df({"a": [1, 2, 3, 4], "b": [1.5, math.nan, -2.0, 0.25], "f": [True, False, True, True]})
    for start in (frame, ranged):
        case(start, [["attr", "iloc"], ["item", 0]])
        case(start, [["attr", "iloc"], ["item", -1]])
        case(start, [["attr", "iloc"], ["item", 0], ["item", "a"], ["repr"]])
        case(start, [["attr", "iloc"], ["item", slice(1, 3)]])
        case(start, [["attr", "iloc"], ["item", [0, 2]]])
        case(start, [["attr", "iloc"], ["item", (1, 0)]])
        case(start, [["attr", "iloc"], ["item", (slice(None, None), 1)]])
        case(start, [["attr", "iloc"], ["item", (slice(0, 2), [0, 1])]])
        case(start, [["attr", "iloc"], ["item", (2, slice(None, None))]])
        case(start, [["attr", "iloc"], ["item", 10]])
        case(start, [["attr", "loc"], ["item", (slice(None, None), "a")]])
        case(start, [["attr", "loc"], ["item", (slice(None, None), ["b", "a"])]])
        case(start, [["attr", "loc"], ["item", np.array([True, False, True, False])]])
        case(start, [["attr", "loc"], ["item", "zz"]])
        case(start, [["attr", "iloc"], ["item", 1], ["attr", "index"], ["repr"]])
        case(start, [["attr", "iloc"], ["item", [1]], ["attr", "index"], ["repr"]])
    case(frame, [["attr", "loc"], ["item", "q"]])
    case(frame, [["attr", "loc"], ["item", ("r", "c")]])
    case(frame, [["attr", "loc"], ["item", slice("q", "r")]])
    case(frame, [["attr", "loc"], ["item", ["s", "p"]]])
    case(ranged, [["attr", "loc"], ["item", 2]])
    case(ranged, [["attr", "loc"], ["item", 9]])
    case(ranged, [["attr", "loc"], ["item", slice(1, 2)]])
    case(ranged, [["attr", "loc"], ["item", slice(1, 2)], ["attr", "index"], ["repr"]])
    case(ranged, [["attr", "iloc"], ["item", (0, 1)], ["repr"]])
    case(ranged, [["item", "a"], ["attr", "iloc"], ["item", -1]])
    case(ranged, [["item", "a"], ["attr", "iloc"], ["item", slice(1, None)]])
    case(ranged, [["item", "a"], ["attr", "iloc"], ["item", 7]])
    case(ranged, [["item", "b"], ["attr", "loc"], ["item", 1]])
    case(frame, [["item", "a"], ["attr", "loc"], ["item", "r"]])
    # A RangeIndex looks up only ints (and whole floats) in its range; other keys fail on their own.
    case(ranged, [["item", "a"], ["item", "zz"]])
    case(ranged, [["item", "a"], ["item", 2.0]])
    case(ranged, [["item", "a"], ["item", 7.0]])
    case(df([[1, 2], [3, 4]]), [["item", "zz"]])
    case(df([[1, 2], [3, 4]]), [["item", 5]])
    # Assignment through loc/iloc.
    for start in (ranged,):
        case(start, [["setloc", (np.array([True, False, True, False]), "a"), 0]])
        case(start, [["setloc", (1, "a"), 2.5]])
        case(start, [["setiloc", (0, 1), -1]])
        case(start, [["setloc", (slice(0, 1), "b"), [9.5, 8.5]]])
    # pandas' SettingWithCopyWarning goes to stderr: these check what is printed around it.
    case(ranged, [["item", series([True, False, True, True])], ["set", "g", 1]])
    case(ranged, [["item", ["a", "b"]], ["set", "g", 1]])
    case(ranged, [["item", ["a"]], ["set", "g", 1]])


KOREAN = ["가", "나다", "어텐션 가중치", "트랜스포머", "점수 표준편차", "고양이", "ＡＢＣ", "√d_k", "q·k", "±1",
          "é", "①②", "一二三", "😀 이모지", "attention", "x", "긴 설명이 들어가는 열의 값입니다 정말로 길어요 아주 길게 씁니다"]


def korean_frame(n, k, mix=("int", "float", "str"), index=False):
    names = [str(w) for w in rng.choice(KOREAN, size=min(k, len(KOREAN)), replace=False)]
    names += [f"열 {i}" for i in range(k - len(names))]
    cols = {}
    for name in names:
        kind = str(rng.choice(mix))
        cols[name] = [str(w) for w in rng.choice(KOREAN, n)] if kind == "str" else column(kind, n)
    kw = {}
    if index:
        kw["index"] = [f"{w}{i}" for i, w in enumerate(rng.choice(KOREAN, n))]
    return df(cols, **kw)


def options():
    """pd.set_option for the display options the kernel follows, and the errors of the options API."""
    eaw = ["pd", "set_option", ["display.unicode.east_asian_width", True]]
    amb = ["pd", "set_option", ["display.unicode.ambiguous_as_wide", True]]
    for layout in ("script", "notebook"):
        for _ in range(14):
            n, k = sizes(), int(rng.integers(1, 14))
            start = korean_frame(n, k, index=rng.random() < 0.4)
            ops = [eaw] + ([amb] if rng.random() < 0.3 else [])
            case(start, ops, layout=layout)
            case(start, ops + [["item", start.data and list(start.data)[0]]], layout=layout)
        case(korean_frame(3, 25), [eaw], layout=layout)
        case(korean_frame(70, 4, index=True), [eaw], layout=layout)
        case(korean_frame(4, 3), [eaw, ["attr", "columns"]], layout=layout)
        case(df({w: [1] for w in KOREAN}), [eaw, ["attr", "columns"]], layout=layout)
        case(df({w: [1] for w in KOREAN}), [eaw, amb, ["attr", "columns"]], layout=layout)
        case(korean_frame(5, 3), [eaw, ["pd", "set_option", ["display.max_colwidth", 8]]], layout=layout)
        case(korean_frame(5, 3), [["pd", "set_option", ["east_asian", True]]], layout=layout)
    # precision
    for p in (0, 1, 2, 3, 4, 9, 12):
        for _ in range(3):
            start = dict_frame(int(rng.integers(1, 15)), int(rng.integers(1, 5)), ("int", "float", "str"))
            case(start, [["pd", "set_option", ["display.precision", p]]])
            case(start, [["pd", "set_option", ["precision", p]]])
        case(df({"a": [0.5, 0.001, 0.0004, 20.0], "b": [1e6, 2.5, 1234567.891, 0.1], "c": [1.5, "x", 20.0, 0.123456789]}),
             [["pd", "set_option", ["display.precision", p]]])
        case(series([0.5, 0.001, 0.0004, 20.0]), [["pd", "set_option", ["display.precision", p]]])
        case(df({"a": [0.5, 0.001, 0.25, 20.0]}), [["pd", "set_option", ["display.precision", p]], call("describe")])
    # rows and columns
    for mr in (None, 1, 2, 3, 5, 11, 100):
        for minr in (None, 0, 1, 4, 10, 20):
            ops = [["pd", "set_option", ["display.max_rows", mr, "display.min_rows", minr]]]
            case(dict_frame(int(rng.integers(1, 30)), 3, ("int", "float")), ops)
            case(series(ints(int(rng.integers(1, 30)))), ops)
    for mc in (None, 1, 2, 3, 5, 8, 30):
        for w in (40, 80, 120):
            ops = [["pd", "set_option", ["display.max_columns", mc, "display.width", w]]]
            for layout in ("script", "notebook"):
                case(dict_frame(int(rng.integers(1, 14)), int(rng.integers(1, 28)), ("int", "float", "str")), ops, layout=layout)
    for w in (8, 20, 40, 120):
        case(df({f"column_{i}": [i] for i in range(40)}), [["pd", "set_option", ["display.width", w]], ["attr", "columns"]])
        case(array_frame(3, 12), [["pd", "set_option", ["display.width", w]]], layout="notebook")
    for cw in (None, 0, 3, 4, 10, 60):
        case(df({"text": [str(w) for w in KOREAN], "n": list(range(len(KOREAN)))}), [["pd", "set_option", ["display.max_colwidth", cw]]])
        case(series([str(w) for w in KOREAN]), [["pd", "set_option", ["display.max_colwidth", cw]]])
    case(df({"text": ["x" * 60, "y"]}), [call("to_string")])
    # get_option / reset_option / pd.options
    for key in ("display.max_rows", "max_colwidth", "display.precision", "east_asian_width", "display.width", "min_rows"):
        case(df({"a": [1]}), [["pdget", "get_option", [key]]])
    case(df({"a": [1]}), [["pdget", "get_option", ["display.max_columns"]]])
    case(df({"a": [1]}), [["pdget", "get_option", ["display.max_columns"]]], layout="notebook")
    case(df({"a": [1.123456789]}), [["pd", "set_option", ["display.precision", 2]], ["pd", "reset_option", ["display.precision"]]])
    case(df({"a": [1.123456789]}), [["pd", "set_option", ["display.precision", 2]], ["pd", "reset_option", ["display"]]])
    case(df({"a": [1.123456789]}), [["pd", "set_option", ["display.precision", 2]], ["pd", "reset_option", ["all"]]])
    case(df({"a": [1.123456789]}), [["pd", "set_option", ["display.precision", 2]], ["pdget", "get_option", ["precision"]]])
    # errors
    for bad in (["display.max_rowz", 5], ["max_rows", 5], ["display.max_rows", -1], ["display.max_rows", 2.5],
                ["display.precision", "3"], ["display.width", "80"], ["display.min_rows", 1.5],
                ["display.max_colwidth", 2.0], ["display.unicode.east_asian_width", 1], ["east_asian_width", "yes"],
                ["display.max_rows"], [], ["display.max_rows", 5, "display.precision"], ["all", 1]):
        case(df({"a": [1]}), [["pd", "set_option", bad]])
    for bad in (["display.max_rowz"], ["max_rows"], ["styler"]):
        case(df({"a": [1]}), [["pdget", "get_option", bad]])
    for bad in (["dis"], ["nothing_like_this"], ["display.max_rowz"]):
        case(df({"a": [1]}), [["pd", "reset_option", bad]])
    # values pandas takes that the kernel refuses
    for refused in (["display.max_rows", 0], ["display.precision", None], ["display.width", None],
                    ["display.max_colwidth", -1], ["display.float_format", None], ["display.max_rows", True]):
        case(df({"a": [1.5]}), [["pd", "set_option", refused]], may_refuse=True)
    case(df({"a": [1.5]}), [["pd", "set_option", ["display.max_columns", 0]]], layout="notebook", may_refuse=True)


def index_names():
    """df.set_index / reset_index: an index with a name prints it on a line of its own."""
    def keyed(n, k, key_kind, mix=("int", "float", "str")):
        names = ["key"] + pick_names(k)
        cols = {"key": ints(n) if key_kind == "int" else [f"{w}{i}" for i, w in enumerate(rng.choice(WORDS, n))]}
        for name in names[1:]:
            cols[name] = column(str(rng.choice(mix)), n)
        return df(cols)
    for layout in ("script", "notebook"):
        for n in (1, 3, 12, 59, 61, 75):
            for key_kind in ("int", "str"):
                start = keyed(n, int(rng.integers(1, 6)), key_kind)
                case(start, [call("set_index", "key")], layout=layout)
                case(start, [call("set_index", "key"), ["item", list(start.data)[1]]], layout=layout)
                case(start, [call("set_index", "key"), ["attr", "index"]], layout=layout)
                case(start, [call("set_index", "key", drop=False)], layout=layout)
                case(start, [call("set_index", "key"), call("reset_index")], layout=layout)
                case(start, [call("set_index", "key"), call("reset_index", drop=True)], layout=layout)
                case(start, [call("reset_index")], layout=layout)
        wide = keyed(4, 30, "int", ("int", "float"))
        case(wide, [call("set_index", "key")], layout=layout)
        case(keyed(70, 30, "str", ("int", "float")), [call("set_index", "key")], layout=layout)
        words = df({"단어": ["고양이", "개", "트랜스포머", "attention", "ＡＢＣ"], "점수": [1.5, -0.25, 3.0, 10.0, 0.5],
                    "설명": ["동물", "동물", "모델", "mechanism", "전각"]})
        for ops in ([call("set_index", "단어")], [call("set_index", "단어"), ["item", "점수"]],
                    [call("set_index", "단어"), ["attr", "index"]]):
            case(words, ops, layout=layout)
            case(words, [["pd", "set_option", ["display.unicode.east_asian_width", True]]] + ops, layout=layout)
    frame = df({"d_k": [4, 16, 64, 256], "std": [2.07, 4.06, 7.86, 15.9], "점수": ["a", "bb", "c", "d"]})
    for ops in ([call("set_index", "d_k"), call("sort_values", "std", ascending=False)],
                [call("set_index", "d_k"), call("round", 1)],
                [call("set_index", "d_k"), call("describe")],
                [call("set_index", "d_k"), call("mean", numeric_only=True)],
                [call("set_index", "d_k"), call("head", 2)],
                [call("set_index", "d_k"), ["attr", "loc"], ["item", 16]],
                [call("set_index", "d_k"), ["attr", "loc"], ["item", [4, 64]]],
                [call("set_index", "d_k"), ["attr", "iloc"], ["item", 0]],
                [call("set_index", "d_k"), ["item", "std"], ["bin", "*", 2, False]],
                [call("set_index", "d_k"), ["item", "std"], call("describe")],
                [call("set_index", "d_k"), ["attr", "index"], ["attr", "name"]],
                [call("set_index", "점수"), ["attr", "index"]],
                [call("set_index", ["d_k"])],
                [call("set_index", "x")],
                [call("set_index", ["d_k", "std"])],
                [call("set_index", "std")],
                [call("set_index", "d_k", drop=False), call("reset_index")],
                [call("reset_index"), call("reset_index")],
                [call("reset_index"), call("reset_index"), call("reset_index")],
                [call("sort_values", "std", ascending=False), call("reset_index", drop=True)],
                [call("sort_values", "std", ascending=False), call("reset_index")],
                [call("set_index", "d_k"), ["attr", "T"]],
                [["setattr", "index", series(["w", "x", "y", "z"], name="단어")]],
                [["setattr", "index", series(["w", "x", "y", "z"], name="단어")], ["item", "std"]]):
        case(frame, ops, may_refuse=ops[-1] == call("set_index", "std") or ops[-1] == ["attr", "T"] or ops[0] == call("set_index", ["d_k", "std"]))
    case(series([1.5, 2.5], index=["a", "b"]), [["attr", "index"], ["attr", "name"]])


def idx_and_rows():
    """idxmax / idxmin (nanops' NaN filling) and iterrows (rows of df.values)."""
    for _ in range(25):
        n = int(rng.integers(1, 9))
        start = dict_frame(n, int(rng.integers(1, 5)), ("int", "float", "bool"),
                           **({"index": [str(w) + str(i) for i, w in enumerate(rng.choice(WORDS, n))]} if rng.random() < 0.3 else {}))
        for fn in ("idxmax", "idxmin"):
            case(start, [call(fn)])
            case(start, [call(fn, skipna=False)])
            case(start, [["item", list(start.data)[0]], call(fn)])
        case(start, [call("iterrows"), ["list"]])
    nan = math.nan
    for values in ([nan, nan], [nan, -math.inf, 2.0], [nan, -math.inf], [math.inf, nan, math.inf], [1, 3, 3, 2], [True, False, True]):
        for fn in ("idxmax", "idxmin"):
            case(series(values), [call(fn)])
            case(series(values), [call(fn, skipna=False)])
            case(series(values, index=[10 + 5 * k for k in range(len(values))]), [call(fn)])
            case(df({"a": values, "b": list(range(len(values)))}), [call(fn)])
    case(df({"a": ["x", "y"]}), [call("idxmax")], may_refuse=True)
    frame = df({"d_k": [4, 16, 64], "std": [2.07, 4.06, 7.86], "점수": ["a", "bb", "c"]})
    case(frame, [call("iterrows"), ["list"]])
    case(frame, [call("set_index", "d_k"), call("iterrows"), ["list"]])
    case(frame, [["item", ["d_k", "std"]], call("iterrows"), ["list"]])
    case(frame, [["item", ["d_k"]], call("iterrows"), ["list"]])


def to_string_cases():
    """df.to_string(index=False): no index, and cells without the sign's space."""
    for _ in range(40):
        start = any_frame(int(rng.integers(1, 30)), int(rng.integers(1, 8)))
        case(start, [call("to_string", index=False)])
    case(df({"d_k": [4, 16], "√d_k": [2.0, 4.0], "점수": ["a", None], "f": [True, False], "x": [math.nan, 1e-7],
             "o": [1.5, "x"], "n": [math.nan, "y"]}), [call("to_string", index=False)])
    case(df({"d_k": [4, 16], "std": [2.07, 4.06]}), [call("set_index", "d_k"), call("to_string", index=False)])
    case(df({"d_k": [4, 16], "std": [2.07, 4.06]}), [call("set_index", "d_k"), call("to_string")])
    case(df({"d_k": [4, 16], "std": [2.07, 4.06]}), [call("to_string", index=True)])
    case(df({"단어": ["고양이", "개"], "x": [-1.5, 2.0]}), [["pd", "set_option", ["display.unicode.east_asian_width", True]],
                                                        call("to_string", index=False)])
    case(df({"x": [-1.5, 2.0123456]}), [["pd", "set_option", ["display.precision", 2]], call("to_string", index=False)])
    case(df({"a": [1]}), [call("to_string", header=False)], may_refuse=True)


def drop_rename():
    """df.drop(columns=...) and df.rename(columns={...})."""
    frame = df({"d_k": [4, 16, 64], "std": [2.07, 4.06, 7.86], "점수": ["a", "bb", "c"]})
    for ops in ([call("drop", columns="std")], [call("drop", columns=["std", "점수"])], [call("drop", "std", axis=1)],
                [call("drop", "std", axis="columns")], [call("drop", columns=["x"])], [call("drop", columns=["std", "x", "y"])],
                [call("drop", columns="x", errors="ignore")], [call("drop", columns=["d_k", "std", "점수"])],
                [call("drop", 0)], [call("drop", index=[0])],
                [call("rename", columns={"std": "표준편차"})], [call("rename", columns={"std": 1, "d_k": 0})],
                [call("rename", {"점수": "score"}, axis=1)], [call("rename", columns={"zz": "y"})],
                [call("rename", columns={"std": "d_k"}), ["item", "d_k"]],
                [call("drop", columns="std"), ["set", "new", 1]],
                [call("rename", columns={"std": "s"}), call("mean", numeric_only=True)]):
        case(frame, ops, may_refuse=ops[0] in (call("drop", 0), call("drop", index=[0])) or ops[-1] == ["item", "d_k"])
    # A label held twice selects several items in pandas: the kernel refuses it.
    twice = df({"k": ["a", "b", "a"], "v": [1.5, 2.5, 3.5]})
    for ops in ([call("set_index", "k"), ["attr", "loc"], ["item", "a"]], [call("set_index", "k"), ["item", "v"], ["item", "a"]],
                [call("set_index", "k"), ["attr", "loc"], ["item", "b"]], [call("set_index", "k"), ["item", "v"], ["item", "b"]]):
        case(twice, ops, may_refuse=True)
    for _ in range(12):
        start = array_frame(int(rng.integers(100, 1200)), int(rng.integers(2, 6)), nan=rng.random() < 0.3)
        first = list(start.kw["columns"])[0]
        case(start, [call("drop", columns=first), call("sum"), ["attr", "values"], call("tolist")])
        case(start, [call("rename", columns={first: "z"}), call("sum"), ["attr", "values"], call("tolist")])
        case(start, [call("drop", columns=first), call("std"), ["attr", "values"], call("tolist")])


def errors():
    case(df({"a": [1, 2], "b": [1]}), [])
    case(df({"a": 1, "b": 2}), [])
    case(df({"a": [1, 2, 3]}, index=["x", "y"]), [])
    case(df([[1], [2], [3]], index=["x", "y"]), [])
    case(df([[1, 2], [3, 4]], columns=["x", "y", "z"]), [])
    case(df(np.ones((2, 2)), columns=["x", "y", "z"]), [])
    case(df(np.ones((2, 2)), index=["x"]), [])
    case(df(5), [])
    case(series([1, 2], index=[1, 2, 3]), [])
    case(df({"a": [1, 2]}), [["item", "b"]])
    case(series([1, 2]), [["cmp", "<", "a"]])


def main():
    printing()
    series_cases()
    arithmetic()
    reductions()
    describe()
    access()
    indexers()
    errors()
    options()
    index_names()
    idx_and_rows()
    to_string_cases()
    drop_rename()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in cases) + "\n]\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
