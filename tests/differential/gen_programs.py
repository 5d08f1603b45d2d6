"""Random programs over the course's Python subset, for the differential test.

    /usr/bin/python3 tests/differential/gen_programs.py --seed S --count N --out DIR
                                                        [--error-rate 0.25]

writes DIR/gen_<S>_<k>.py for k = 0..N-1 (percent-format files: cells split at `# %%`) and
prints how many programs were meant to end in each exception. The same seed gives the same
files; program k depends only on (S, k), so a finding is reproduced by its name alone.

Typed generation by construction and by trial: statements are drawn from a grammar over the
variables the program has so far (ints, floats, bools, strings, lists, dicts, NumPy scalars and
arrays of int64/float64/bool up to 3-D with their shapes, DataFrames, functions, figures), and
each one is run here, in the program's own namespace, before it is kept. A statement that
raises, grows an int past 2**62, makes a big array or prints too much is rolled back (namespace
and NumPy's random state) and another is drawn, so a program runs to completion unless it was
given a deliberate error: with probability --error-rate, one statement from a catalogue of the
mistakes learners make (a broadcasting or matmul shape error, an axis out of range, an index
past the end, a missing key, a misspelt name, str + int, a division by zero, int('x'), a bad
reshape, an UnboundLocalError, a SyntaxError, ...), checked here to raise what it is meant to.
Every program seeds NumPy before it draws.
"""
import argparse
import contextlib
import copy
import io
import os
import random
import sys
import warnings

os.environ["MPLBACKEND"] = "Agg"

import matplotlib  # noqa: E402
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

MAX_INT = 2 ** 62
MAX_ELEMENTS = 400
MAX_PRINTED = 3000
WORDS = ["q", "k", "v", "score", "weight", "token", "head", "attn", "logit", "prob"]
STR_WORDS = ["the", "cat", "sat", "on", "a", "mat", "query", "key", "value", "softmax"]


class Rejected(Exception):
    """A candidate statement that does not fit (it raised, or its values are out of bounds)."""


# ---------------------------------------------------------------- value kinds

def kind_of(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    if isinstance(v, (np.float64, np.int64)):
        return "npscalar"
    if isinstance(v, np.ndarray):
        return "array" if v.dtype.kind in "bif" and 1 <= v.ndim <= 3 and v.size else None
    if isinstance(v, list):
        if v and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
            return "numlist"
        if v and all(isinstance(x, str) for x in v):
            return "strlist"
        return None
    if isinstance(v, dict):
        if v and all(isinstance(k, str) for k in v) and all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in v.values()):
            return "numdict"
        return None
    if isinstance(v, pd.DataFrame):
        return "df"
    return None


def check_bounds(value, seen=None):
    """Raises Rejected when a value would make the program print too much or leave int64."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) > MAX_INT:
            raise Rejected("int too big")
    elif isinstance(value, np.ndarray):
        if value.size > MAX_ELEMENTS or value.ndim > 3:
            raise Rejected("array too big")
        if value.dtype.kind not in "bif":
            raise Rejected(f"dtype {value.dtype}")
    elif isinstance(value, (list, tuple)):
        if len(value) > 60:
            raise Rejected("list too long")
        for v in value:
            check_bounds(v)
    elif isinstance(value, dict):
        if len(value) > 30:
            raise Rejected("dict too long")
        for v in value.values():
            check_bounds(v)
    elif isinstance(value, str):
        if len(value) > 300:
            raise Rejected("string too long")
    elif isinstance(value, pd.DataFrame):
        if value.size > MAX_ELEMENTS:
            raise Rejected("frame too big")


# ---------------------------------------------------------------- one program

class Program:
    """One program under construction: its cells and the namespace they ran in."""

    def __init__(self, rng):
        self.rng = rng
        self.cells = [[]]
        self.ns = {"__name__": "__main__"}
        self.functions = {}  # name -> (parameter kinds, result kind)
        self.fresh = 0
        self.uses_plt = False
        self.deliberate = None

    # -- running what is generated

    def attempt(self, text, expect=None):
        """Runs `text` in the program's namespace; keeps it (returns True) or rolls it back.
        With expect, the text must raise that exception (and is then kept, not run further)."""
        snapshot = {}
        for k, v in self.ns.items():
            if k.startswith("__") or callable(v) and not isinstance(v, np.ndarray) or kind_of(v) is None and not isinstance(v, (tuple, list, dict)):
                snapshot[k] = v
            else:
                snapshot[k] = copy.deepcopy(v)
        state = np.random.get_state()
        figures = plt.get_fignums()
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                with np.errstate(all="ignore"):
                    exec(compile(text, "<generated>", "exec"), self.ns)
            if expect is not None:
                raise Rejected(f"did not raise {expect}")
            if len(out.getvalue()) > MAX_PRINTED:
                raise Rejected("prints too much")
            for k, v in self.ns.items():
                if not k.startswith("__"):
                    check_bounds(v)
            return True
        except Rejected:
            pass
        except SyntaxError as e:
            if expect is not None and type(e).__name__ == expect:
                return True
        except RecursionError as e:
            if expect == "RecursionError":
                return True
        except Exception as e:  # a candidate may fail in any way: that is what trial is for
            if expect is not None and type(e).__name__ == expect:
                return True
        self.ns.clear()
        self.ns.update(snapshot)
        np.random.set_state(state)
        for num in plt.get_fignums():
            if num not in figures:
                plt.close(num)
        return False

    def emit(self, text):
        self.cells[-1].extend(text.rstrip("\n").split("\n"))

    def keep(self, text, expect=None):
        if self.attempt(text, expect):
            self.emit(text)
            return True
        return False

    def new_cell(self):
        if self.cells[-1]:
            self.cells.append([])

    def text(self):
        return "\n# %%\n".join("\n".join(c) for c in self.cells if c) + "\n"

    # -- the namespace as typed variables

    def names(self, *kinds):
        out = [k for k, v in self.ns.items()
               if not k.startswith("_") and k not in ("np", "pd", "plt", "math")
               and kind_of(v) in kinds]
        return sorted(out)

    def pick(self, *kinds):
        names = self.names(*kinds)
        return self.rng.choice(names) if names else None

    def new_name(self, stem=None):
        self.fresh += 1
        stem = stem or self.rng.choice(WORDS)
        return f"{stem}{self.fresh}" if self.rng.random() < 0.7 else f"{stem}_{self.fresh}"

    def arrays(self, pred=lambda a: True):
        return [n for n in self.names("array") if pred(self.ns[n])]


# ---------------------------------------------------------------- expressions

def int_literal(rng):
    return str(rng.choice([0, 1, 2, 3, 4, 5, 7, 8, 10, 16, 64, -1, -2, -3, rng.randint(-99, 99)]))


def float_literal(rng):
    return rng.choice(["0.5", "1.5", "2.0", "0.1", "0.25", "-1.5", "3.14", "1e-3", "2.5", "0.2",
                       f"{rng.uniform(-10, 10):.{rng.randint(1, 3)}f}", "1e6", "0.125"])


def scalar_expr(p, depth=0):
    """An int/float/NumPy-scalar expression."""
    rng = p.rng
    choices = ["lit", "lit", "var", "var", "bin", "bin", "call", "reduce", "len", "index", "math",
               "cond", "dict"]
    c = rng.choice(choices if depth < 2 else ["lit", "var"])
    if c == "lit":
        return int_literal(rng) if rng.random() < 0.5 else float_literal(rng)
    if c == "var":
        return p.pick("int", "float", "npscalar") or int_literal(rng)
    if c == "bin":
        op = rng.choice(["+", "-", "*", "/", "//", "%", "*", "+", "**"])
        a = scalar_expr(p, depth + 1)
        b = rng.choice(["2", "3", "0.5", "1"]) if op == "**" else scalar_expr(p, depth + 1)
        if op == "**" and b == "0.5":
            a = f"abs({a})"  # a negative Python number ** 0.5 is complex: outside the subset
        if op in ("//", "%") and numpy_bool_scalar(p, a) and numpy_bool_scalar(p, b):
            b = f"{paren(b)} * 1"  # // and % of two NumPy bools give int8: outside the subset
        return f"{paren(a)} {op} {paren(b)}"
    if c == "call":
        f = rng.choice(["abs", "round", "round2", "min", "max", "int", "float", "neg"])
        a = scalar_expr(p, depth + 1)
        if f == "round2":
            return f"round({a}, {rng.randint(0, 3)})"
        if f in ("min", "max"):
            return f"{f}({a}, {scalar_expr(p, depth + 1)})"
        if f == "neg":
            return f"-{paren(a)}"
        return f"{f}({a})"
    if c == "reduce":
        a = p.pick("array")
        if a is None:
            lst = p.pick("numlist")
            return f"{rng.choice(['sum', 'max', 'min', 'len'])}({lst})" if lst else int_literal(rng)
        m = rng.choice(["sum", "mean", "max", "min", "std", "var", "argmax", "argmin"])
        if rng.random() < 0.3:
            return f"np.{m}({a})"
        # A boolean array's min/max is a NumPy bool, whose round() NumPy gives as float16:
        # outside the subset, as for arrays below.
        if rng.random() < 0.2 and not (p.ns[a].dtype == bool and m in ("max", "min")):
            return f"{a}.{m}().round({rng.randint(0, 3)})"
        return f"{a}.{m}()"
    if c == "len":
        n = p.pick("numlist", "strlist", "str", "array", "numdict", "df")
        return f"len({n})" if n else "len([1, 2])"
    if c == "index":
        a = p.pick("array", "numlist")
        if a is None:
            return int_literal(rng)
        v = p.ns[a]
        n = len(v)
        if isinstance(v, np.ndarray) and v.ndim >= 2 and rng.random() < 0.6:
            return f"{a}[{rng.randint(-v.shape[0], v.shape[0] - 1)}, {rng.randint(0, v.shape[1] - 1)}]" + (
                "" if v.ndim == 2 else "[0]")
        if isinstance(v, np.ndarray) and v.ndim >= 2:
            return f"{a}.max()"
        return f"{a}[{rng.randint(-n, n - 1)}]" if n else int_literal(rng)
    if c == "math":
        forms = ["np.sqrt(abs({}))", "np.exp(-abs({}))", "np.tanh({})", "np.log(abs({}) + 1)"]
        if "math" in p.ns:
            forms += ["math.sqrt(abs({}))", "math.exp({} / 10)", "math.log(abs({}) + 1)", "math.pi * {}"]
        f = rng.choice(forms)
        inner = scalar_expr(p, depth + 1)
        if numpy_bool_scalar(p, inner):
            inner = f"{paren(inner)} * 1.0"  # NumPy's math on a bool scalar gives float16: outside the subset
        return f.format(inner)
    if c == "cond":
        return f"{paren(scalar_expr(p, depth + 1))} if {bool_expr(p, depth + 1)} else {paren(scalar_expr(p, depth + 1))}"
    d = p.pick("numdict")
    if d:
        return f"{d}[{rng.choice(list(p.ns[d]))!r}]"
    return float_literal(rng)


def numpy_bool_scalar(p, text):
    """Whether `text` is a NumPy bool in the program's namespace (an element or max of a mask)."""
    try:
        with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return isinstance(eval(text, p.ns), np.bool_)
    except Exception:  # the statement it goes into is tried anyway, and dropped if it fails
        return False


def paren(text):
    return text if text.replace("_", "").replace(".", "").isalnum() else f"({text})"


def bool_expr(p, depth=0):
    rng = p.rng
    c = rng.choice(["cmp", "cmp", "chain", "logic", "not", "in", "isinstance", "var"])
    if c == "cmp" or depth > 1:
        return f"{paren(scalar_expr(p, depth + 1))} {rng.choice(['<', '>', '<=', '>=', '==', '!='])} {paren(scalar_expr(p, depth + 1))}"
    if c == "chain":
        return f"{int_literal(rng)} < {paren(scalar_expr(p, depth + 1))} <= {rng.randint(0, 50)}"
    if c == "logic":
        return f"{bool_expr(p, depth + 1)} {rng.choice(['and', 'or'])} {bool_expr(p, depth + 1)}"
    if c == "not":
        return f"not {paren(bool_expr(p, depth + 1))}"
    if c == "in":
        name = p.pick("numlist", "strlist", "numdict", "str")
        if name is None:
            return "3 in [1, 2, 3]"
        v = p.ns[name]
        if isinstance(v, str):
            item = repr(rng.choice(["a", "e", v[:2] or "x"]))
        elif isinstance(v, dict):
            item = repr(rng.choice(list(v) + ["missing"]))
        elif kind_of(v) == "strlist":
            item = repr(rng.choice(v + ["zzz"]))
        else:
            item = rng.choice([repr(x) for x in v] + [int_literal(rng)])
        return f"{item} {rng.choice(['in', 'not in'])} {name}"
    if c == "isinstance":
        v = p.pick("int", "float", "str", "numlist", "bool") or "1"
        return f"isinstance({v}, {rng.choice(['int', 'float', 'str', 'list', 'bool'])})"
    return p.pick("bool") or "True"


def fmt_spec(rng, kind):
    if kind in ("float", "npscalar"):
        return rng.choice([".2f", ".3f", "8.3f", "<8.2f", ">10.4f", ".1e", ".3g", "+.2f", ",.1f", ".0f", ".1%", "g", ""])
    if kind == "int":
        return rng.choice(["d", "5d", "<4d", "^7d", "03d", "+d", "x", "b", ",", ".2f", ""])
    if kind == "str":
        return rng.choice([">10", "<8", "^9", "*^11", ""])
    return ""


def str_expr(p, depth=0):
    rng = p.rng
    c = rng.choice(["lit", "fstring", "fstring", "percent", "format", "method", "join", "var", "slice", "concat", "str"])
    if c == "lit":
        return repr(" ".join(rng.sample(STR_WORDS, rng.randint(1, 3))))
    if c == "fstring":
        parts = []
        for _ in range(rng.randint(1, 3)):
            name = p.pick("int", "float", "npscalar", "str")
            if name is None:
                parts.append("{" + scalar_expr(p, 2) + "}")
                continue
            spec = fmt_spec(rng, kind_of(p.ns[name]))
            label = rng.choice(WORDS)
            parts.append(f"{label}={{{name}{':' + spec if spec else ''}}}")
        return 'f"' + rng.choice([" ", ", ", " | "]).join(parts) + '"'
    if c == "percent":
        v = p.pick("float", "int", "npscalar")
        if v is None:
            return '"%d items" % 3'
        spec = rng.choice(["%.2f", "%d", "%s", "%8.3f", "%e", "%5.1f", "%r"]) if kind_of(p.ns[v]) != "int" else rng.choice(["%d", "%5d", "%s", "%x", "%.1f"])
        return f'"{rng.choice(WORDS)}: {spec}" % {v}'
    if c == "format":
        v = p.pick("float", "int", "str")
        if v is None:
            return '"{} and {}".format(1, 2.5)'
        spec = fmt_spec(rng, kind_of(p.ns[v]))
        return f'"{{:{spec}}} |".format({v})'
    if c == "method":
        s = p.pick("str") or repr(rng.choice(STR_WORDS))
        m = rng.choice(["upper()", "lower()", "strip()", "replace('a', 'o')", "replace(' ', '_')",
                        "split()[0]", "startswith('s')", "format()"])
        return f"{s}.{m}" if m != "startswith('s')" else f"str({s}.startswith('s'))"
    if c == "join":
        lst = p.pick("strlist")
        sep = repr(rng.choice([", ", "-", " ", "", " | "]))
        return f"{sep}.join({lst})" if lst else f"{sep}.join(['a', 'b'])"
    if c == "slice":
        s = p.pick("str")
        return f"{s}[{rng.randint(0, 3)}:{rng.randint(3, 8)}]" if s else "'abc'[::-1]"
    if c == "concat":
        return f"{str_expr(p, depth + 1)} + {str_expr(p, depth + 1)}" if depth < 2 else "'x' * 3"
    if c == "str":
        return f"str({scalar_expr(p, 1)})"
    return p.pick("str") or "'text'"


def shape_literal(rng, ndim=None):
    ndim = ndim or rng.choice([1, 1, 2, 2, 2, 3])
    dims = [rng.choice([1, 2, 3, 4, 5, 6, 8]) for _ in range(ndim)]
    if ndim == 3:
        dims = [rng.choice([1, 2, 3]) for _ in range(3)]
    return tuple(dims)


def shape_text(shape):
    return str(shape[0]) if len(shape) == 1 and shape[0] < 0 else str(shape).replace(",)", ",)")


def array_literal(rng, shape, kind):
    def value():
        if kind == "int":
            return str(rng.randint(-9, 9))
        if kind == "bool":
            return rng.choice(["True", "False"])
        return rng.choice([f"{rng.uniform(-5, 5):.{rng.randint(1, 3)}f}", str(rng.randint(-5, 5)) + ".0", "0.5"])

    def build(dims):
        if len(dims) == 1:
            return "[" + ", ".join(value() for _ in range(dims[0])) + "]"
        return "[" + ", ".join(build(dims[1:]) for _ in range(dims[0])) + "]"
    return f"np.array({build(list(shape))})"


def new_array_expr(p):
    rng = p.rng
    shape = shape_literal(rng)
    dims = ", ".join(map(str, shape))
    c = rng.choice(["literal", "literal", "randn", "randn", "rand", "randint", "normal", "arange",
                    "linspace", "zeros", "ones", "full", "eye", "arange_reshape"])
    if c == "literal":
        return array_literal(rng, shape[:2], rng.choice(["int", "float", "float", "bool"]))
    if c == "randn":
        return f"np.random.randn({dims})"
    if c == "rand":
        return f"np.random.rand({dims})"
    if c == "randint":
        return f"np.random.randint({rng.randint(-5, 0)}, {rng.randint(1, 10)}, size={shape_text(shape)})"
    if c == "normal":
        return f"np.random.normal({rng.choice(['0', '1.5', '-2'])}, {rng.choice(['1', '0.5', '3'])}, size={shape_text(shape)})"
    if c == "arange":
        return rng.choice([f"np.arange({rng.randint(1, 12)})", f"np.arange({rng.randint(-3, 2)}, {rng.randint(3, 9)}, {rng.choice(['1', '2', '0.5', '0.25'])})"])
    if c == "linspace":
        return f"np.linspace({rng.randint(-2, 1)}, {rng.randint(1, 5)}, {rng.randint(2, 9)})"
    if c in ("zeros", "ones"):
        return f"np.{c}({shape_text(shape)})"
    if c == "full":
        return f"np.full({shape_text(shape)}, {scalar_expr(p, 2)})"
    if c == "eye":
        return f"np.eye({rng.randint(1, 5)})"
    n = rng.choice([6, 8, 12, 24])
    return f"np.arange({n}).reshape({rng.choice({6: ['2, 3', '3, 2', '6, 1'], 8: ['2, 4', '4, 2', '2, 2, 2'], 12: ['3, 4', '4, 3', '2, 3, 2'], 24: ['2, 3, 4', '4, 6']}[n])})"


def derived_array_expr(p):
    """An array expression from the arrays the program has."""
    rng = p.rng
    a = p.pick("array")
    if a is None:
        return new_array_expr(p)
    v = p.ns[a]
    c = rng.choice(["scalar_op", "scalar_op", "array_op", "ufunc", "ufunc", "reduce_axis", "shape",
                    "index", "mask", "matmul", "where", "round", "astype", "tri", "argsort", "norm",
                    "outer", "compare", "newaxis", "minmax", "softmax"])
    if c == "scalar_op":
        op = rng.choice(["+", "-", "*", "/", "//", "%", "**"])
        s = rng.choice(["2", "3", "0.5"]) if op == "**" else scalar_expr(p, 1)
        if op in ("//", "%") and v.dtype == bool and numpy_bool_scalar(p, s):
            s = f"{paren(s)} * 1"  # // and % of two NumPy bools give int8: outside the subset
        if op == "**" and s == "2" and v.dtype == bool:
            a = f"({a} * 1)"  # mask ** 2 is np.square of a mask, int8: outside the subset
        return f"{a} {op} {paren(s)}" if rng.random() < 0.7 else f"{paren(s)} {op} {a}"
    if c == "array_op":
        others = p.arrays(lambda w: broadcastable(w.shape, v.shape))
        b = rng.choice(others) if others else a
        return f"{a} {rng.choice(['+', '-', '*', '/', '*'])} {b}"
    if c == "ufunc":
        f = rng.choice(["np.exp({} / 4)", "np.log(np.abs({}) + 1)", "np.sqrt(np.abs({}))", "np.tanh({})",
                        "np.abs({})", "-{}", "np.exp({})", "np.log({})", "np.sqrt({})"])
        if getattr(v, "dtype", None) == bool and f in ("np.tanh({})", "np.exp({})", "np.log({})", "np.sqrt({})",
                                                         "np.sqrt(np.abs({}))"):
            f = f.replace("({})", "({} * 1.0)")  # of a boolean array NumPy gives float16: outside the subset
        return f.format(a)
    if c == "reduce_axis":
        m = rng.choice(["sum", "mean", "max", "min", "std", "var", "argmax", "argmin"])
        axis = rng.randint(-v.ndim, v.ndim - 1)
        keep = ", keepdims=True" if rng.random() < 0.35 and m not in ("argmax", "argmin") else ""
        return f"{a}.{m}(axis={axis}{keep})" if rng.random() < 0.7 else f"np.{m}({a}, axis={axis}{keep})"
    if c == "shape":
        choices = [f"{a}.T", f"{a}.reshape(-1)", f"{a}.copy()", f"{a}.reshape({v.size}, 1)"]
        if v.size % 2 == 0:
            choices.append(f"{a}.reshape(2, -1)")
        if v.size % 3 == 0:
            choices.append(f"{a}.reshape(-1, 3)")
        return rng.choice(choices)
    if c == "index":
        n = v.shape[0]
        choices = [f"{a}[{rng.randint(0, n)}:]", f"{a}[:{rng.randint(1, n)}]", f"{a}[::-1]", f"{a}[::2]",
                   f"{a}[{rng.randint(-n, n - 1)}]"]
        if v.ndim >= 2:
            m = v.shape[1]
            choices += [f"{a}[:, {rng.randint(0, m - 1)}]", f"{a}[{rng.randint(0, n - 1)}, :]",
                        f"{a}[1:, :{rng.randint(1, m)}]", f"{a}[:, ::-1]"]
        return rng.choice(choices)
    if c == "mask":
        return rng.choice([f"{a}[{a} > {scalar_expr(p, 2)}]", f"{a}[{a} != 0]", f"{a}[({a} > 0) & ({a} < 3)]",
                           f"{a}[~({a} > 0)]"])
    if c == "matmul":
        if v.ndim == 1:
            others = p.arrays(lambda w: w.ndim in (1, 2) and w.shape[0] == v.shape[0])
        else:
            others = p.arrays(lambda w: w.shape[0] == v.shape[-1] and w.ndim <= 2)
        if others:
            b = rng.choice(others)
            return rng.choice([f"{a} @ {b}", f"np.matmul({a}, {b})", f"np.dot({a}, {b})"])
        if v.ndim == 2:
            return rng.choice([f"{a} @ {a}.T", f"{a}.T @ {a}"])
        return f"np.dot({a}, {a})"
    if c == "where":
        return f"np.where({a} > {scalar_expr(p, 2)}, {a}, {rng.choice(['0', '0.0', '-1', 'np.nan', '-np.inf'])})"
    if c == "round":
        if v.dtype == bool:
            a = f"({a} * 1.0)"  # NumPy rounds a boolean array to float16 (or fails): outside the subset
        return rng.choice([f"np.round({a}, {rng.randint(0, 3)})", f"{a}.round({rng.randint(0, 2)})", f"np.round({a})"])
    if c == "astype":
        return f"{a}.astype({rng.choice(['int', 'float', 'bool'])})"
    if c == "tri":
        sq = p.arrays(lambda w: w.ndim == 2)
        b = rng.choice(sq) if sq else "np.ones((3, 3))"
        return f"np.{rng.choice(['triu', 'tril'])}({b}{rng.choice(['', ', k=1', ', k=-1', ', 1'])})"
    if c == "argsort":
        return rng.choice([f"np.argsort({a})", f"{a}.argsort()", f"np.argsort(-{a})"])
    if c == "norm":
        return rng.choice([f"np.linalg.norm({a}, axis={rng.randint(0, v.ndim - 1)})", f"{a} / np.linalg.norm({a})"])
    if c == "outer":
        ones = p.arrays(lambda w: w.ndim == 1)
        if len(ones) >= 1:
            return f"np.outer({rng.choice(ones)}, {rng.choice(ones)})"
        return f"np.outer({a}, [1, 2])"
    if c == "compare":
        return f"{a} {rng.choice(['>', '<', '>=', '==', '!='])} {scalar_expr(p, 2)}"
    if c == "newaxis":
        return rng.choice([f"{a}[:, np.newaxis]", f"{a}[np.newaxis, :]", f"{a}[:, None] - {a}[None, :]"])
    if c == "minmax":
        return f"np.{rng.choice(['maximum', 'minimum'])}({a}, {scalar_expr(p, 2)})"
    return f"np.exp({a} - {a}.max(axis=-1, keepdims=True)) / np.exp({a} - {a}.max(axis=-1, keepdims=True)).sum(axis=-1, keepdims=True)"


def broadcastable(s1, s2):
    for a, b in zip(reversed(s1), reversed(s2)):
        if a != b and a != 1 and b != 1:
            return False
    return True


def list_expr(p):
    rng = p.rng
    c = rng.choice(["literal", "comp", "comp_if", "sorted", "slice", "range", "tolist", "concat", "strs"])
    if c == "literal":
        return "[" + ", ".join(scalar_expr(p, 2) for _ in range(rng.randint(1, 5))) + "]"
    if c == "comp":
        return f"[{rng.choice(['i * i', 'i / 2', '2 ** i', 'i % 3', 'round(i * 0.3, 2)', '-i'])} for i in range({rng.randint(1, 8)})]"
    lst = p.pick("numlist")
    if c == "comp_if" and lst:
        return f"[x {rng.choice(['* 2', '+ 1', '/ 4', '** 2'])} for x in {lst} if x {rng.choice(['>', '<', '!='])} {int_literal(rng)}]"
    if c == "sorted" and lst:
        return rng.choice([f"sorted({lst})", f"sorted({lst}, reverse=True)", f"list(reversed({lst}))",
                           f"sorted({lst}, key=lambda x: -abs(x))"])
    if c == "slice" and lst:
        return rng.choice([f"{lst}[1:]", f"{lst}[::-1]", f"{lst}[:{rng.randint(1, 4)}]", f"{lst}[::2]"])
    if c == "range":
        return f"list(range({rng.randint(-3, 3)}, {rng.randint(3, 12)}, {rng.choice([1, 2, 3])}))"
    if c == "tolist":
        a = p.pick("array")
        return f"{a}.tolist()" if a is not None and p.ns[a].ndim == 1 else "[0.5, 1.5]"
    if c == "concat" and lst:
        return f"{lst} + [{scalar_expr(p, 2)}]"
    if c == "strs":
        return repr(rng.sample(STR_WORDS, rng.randint(2, 5)))
    return f"[{scalar_expr(p, 2)}, {scalar_expr(p, 2)}]"


def dict_expr(p):
    rng = p.rng
    keys = rng.sample(WORDS, rng.randint(1, 4))
    if rng.random() < 0.3:
        return "{" + f"w: len(w) for w in {rng.sample(STR_WORDS, 3)!r}" + "}"
    return "{" + ", ".join(f"{k!r}: {scalar_expr(p, 2)}" for k in keys) + "}"


def df_expr(p):
    rng = p.rng
    n = rng.randint(2, 6)
    cols = rng.sample(WORDS + ["점수", "나눈 뒤"], rng.randint(1, 4))
    arrays = p.arrays(lambda a: a.ndim == 1 and len(a) == n)
    parts = []
    for c in cols:
        if arrays and rng.random() < 0.5:
            src = rng.choice(arrays)
            parts.append(f"{c!r}: {src}" + (f".round({rng.randint(0, 3)})" if rng.random() < 0.5 else ""))
        elif rng.random() < 0.5:
            parts.append(f"{c!r}: np.random.randn({n}).round({rng.randint(1, 4)})")
        else:
            parts.append(f"{c!r}: " + repr([rng.choice([rng.randint(-50, 50), round(rng.uniform(-9, 9), rng.randint(0, 4))]) for _ in range(n)]))
    if rng.random() < 0.25:
        rows = [{c: round(rng.uniform(-3, 3), rng.randint(0, 3)) for c in cols} for _ in range(n)]
        return f"pd.DataFrame({rows!r})"
    return "pd.DataFrame({" + ", ".join(parts) + "})"


# ---------------------------------------------------------------- statements

def any_expr(p):
    rng = p.rng
    c = rng.choices(["scalar", "bool", "str", "array", "array", "array", "list", "dict", "df"],
                    [4, 1, 2, 3, 3, 2, 2, 1, 1])[0]
    return {"scalar": lambda: scalar_expr(p), "bool": lambda: bool_expr(p), "str": lambda: str_expr(p),
            "array": lambda: derived_array_expr(p) if rng.random() < 0.7 else new_array_expr(p),
            "list": lambda: list_expr(p), "dict": lambda: dict_expr(p), "df": lambda: df_expr(p)}[c]()


def printable(p):
    rng = p.rng
    name = p.pick("int", "float", "bool", "str", "npscalar", "array", "numlist", "strlist", "numdict", "df")
    if name is None or rng.random() < 0.3:
        return any_expr(p)
    v = p.ns[name]
    if isinstance(v, np.ndarray) and rng.random() < 0.4:
        return rng.choice([f"{name}.shape", f"{name}.dtype", f"{name}.ndim", f"{name}.T", f"repr({name})"])
    if isinstance(v, pd.DataFrame) and rng.random() < 0.5:
        col = rng.choice(list(v.columns))
        return rng.choice([f"{name}.shape", f"{name}[{col!r}]", f"{name}.round(2)", f"{name}[{col!r}].max()"])
    return name


def print_stmt(p):
    rng = p.rng
    args = [printable(p) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.4:
        args.insert(0, repr(rng.choice(WORDS) + rng.choice([":", " =", ""])))
    extra = ""
    r = rng.random()
    if r < 0.1:
        extra = f", sep={rng.choice(['', ' | ', ', ', '-'])!r}"
    elif r < 0.18:
        end = rng.choice(["", " ", ";\n"])
        extra = f", end={end!r}"
    return f"print({', '.join(args)}{extra})"


def assign_stmt(p):
    name = p.new_name() if p.rng.random() < 0.7 or not p.names("int", "float", "array") else p.rng.choice(
        p.names("int", "float", "array", "str", "numlist"))
    return f"{name} = {any_expr(p)}"


def aug_stmt(p):
    rng = p.rng
    name = p.pick("int", "float", "array", "numlist", "str")
    if name is None:
        return assign_stmt(p)
    k = kind_of(p.ns[name])
    if k == "numlist":
        return f"{name} += [{scalar_expr(p, 2)}]" if rng.random() < 0.5 else f"{name}.append({scalar_expr(p, 2)})"
    if k == "str":
        return f"{name} += {str_expr(p, 1)}"
    return f"{name} {rng.choice(['+=', '-=', '*=', '/='])} {paren(scalar_expr(p, 1))}"


def setitem_stmt(p):
    rng = p.rng
    a = p.pick("array")
    if a is None:
        d = p.pick("numdict")
        return f"{d}[{rng.choice(WORDS)!r}] = {scalar_expr(p, 2)}" if d else assign_stmt(p)
    v = p.ns[a]
    n = v.shape[0]
    target = rng.choice([f"{a}[{rng.randint(-n, n - 1)}]", f"{a}[{a} > {scalar_expr(p, 2)}]", f"{a}[{rng.randint(0, n)}:]",
                         f"{a}[::2]"] + ([f"{a}[:, {rng.randint(0, v.shape[1] - 1)}]", f"{a}[{rng.randint(0, n - 1)}, {rng.randint(0, v.shape[1] - 1)}]"] if v.ndim >= 2 else []))
    value = rng.choice([scalar_expr(p, 2), "-np.inf", "0", "np.nan", "1.5"])
    return f"{target} = {value}"


def if_stmt(p):
    rng = p.rng
    lines = [f"if {bool_expr(p)}:", f"    {print_stmt(p)}"]
    if rng.random() < 0.4:
        lines += [f"elif {bool_expr(p)}:", f"    {print_stmt(p)}"]
    if rng.random() < 0.6:
        lines += ["else:", f"    {print_stmt(p)}"]
    return "\n".join(lines)


def loop_stmt(p):
    rng = p.rng
    acc = p.new_name("total")
    c = rng.choice(["range", "list", "enumerate", "zip", "while", "array_rows", "dict"])
    if c == "range":
        n = rng.randint(1, 6)
        body = rng.choice(["{acc} += i * {s}", "{acc} += i ** 2", "{acc} = {acc} + i / 2"])
        lines = [f"{acc} = 0", f"for i in range({n}):", "    " + body.format(acc=acc, s=paren(scalar_expr(p, 2)))]
        if rng.random() < 0.3:
            lines += ["    if i == 2:", "        continue"]
        if rng.random() < 0.5:
            lines.append(f"    print(i, {acc})")
        lines.append(f"print({acc!r}, {acc})" if rng.random() < 0.5 else f"print({acc})")
        return "\n".join(lines)
    if c == "list":
        lst = p.pick("numlist", "strlist") or "[1, 2, 3]"
        return "\n".join([f"for x in {lst}:", f"    print(x, {rng.choice(['x * 2', 'str(x)', 'x'])})"])
    if c == "enumerate":
        lst = p.pick("numlist", "strlist") or "['a', 'b']"
        sep = rng.choice(["", ', sep=":"'])
        return "\n".join([f"for j, item in enumerate({lst}):", "    if j > 2:", "        break",
                          f"    print(j, item{sep})"])
    if c == "zip":
        lists = p.names("numlist", "strlist")
        a = rng.choice(lists) if lists else "[1, 2]"
        b = rng.choice(lists) if lists else "['x', 'y']"
        return "\n".join([f"for u, w in zip({a}, {b}):", "    print(u, w)"])
    if c == "while":
        n = rng.randint(1, 5)
        return "\n".join([f"{acc} = {rng.choice(['1', '100', '0.5', '3'])}", "steps = 0",
                          f"while steps < {n}:", f"    {acc} = {acc} * {rng.choice(['2', '0.5', '3', '-1'])}",
                          "    steps += 1", f"print(steps, {acc})"])
    if c == "array_rows":
        arrs = p.arrays(lambda a: a.ndim == 2)
        if not arrs:
            return print_stmt(p)
        a = rng.choice(arrs)
        return "\n".join([f"for row in {a}:", f"    print(row.{rng.choice(['sum()', 'max()', 'round(2)', 'shape', 'argmax()'])})"])
    d = p.pick("numdict") or "{'a': 1}"
    return "\n".join([f"for key, val in {d}.items():", f"    print(f\"{{key:>8}}: {{val}}\")"])


FUNCTIONS = [
    ("def {f}(x, scale=2.0):\n    return x * scale + 1", ["num_or_array"]),
    ("def {f}(x):\n    e = np.exp(x - x.max())\n    return e / e.sum()", ["array"]),
    ("def {f}(a, b):\n    if a > b:\n        return a - b\n    return b - a", ["num", "num"]),
    ("def {f}(values, k=2):\n    result = []\n    for v in values:\n        result.append(round(v * k, 3))\n    return result", ["list"]),
    ("def {f}(x, d_k=64):\n    return x / np.sqrt(d_k)", ["num_or_array"]),
    ("def {f}(n):\n    if n <= 1:\n        return 1\n    return n * {f}(n - 1)", ["small"]),
    ("def {f}(text, times=2):\n    return (text + ' ') * times", ["str"]),
    ("def {f}(x):\n    return x.sum(axis=-1, keepdims=True)", ["array"]),
    ("def {f}(x, y):\n    return x @ y", ["array", "array"]),
]


def function_stmt(p):
    rng = p.rng
    template, params = rng.choice(FUNCTIONS)
    name = p.new_name(rng.choice(["scale", "norm", "step", "apply", "f", "attend"]))
    if not p.keep(template.format(f=name)):
        return None
    for _ in range(rng.randint(1, 2)):
        args = []
        for kind in params:
            if kind == "array":
                args.append(p.pick("array") or new_array_expr(p))
            elif kind == "num_or_array":
                args.append(p.pick("array", "int", "float") or scalar_expr(p))
            elif kind == "list":
                args.append(p.pick("numlist") or list_expr(p))
            elif kind == "small":
                args.append(str(rng.randint(0, 12)))
            elif kind == "str":
                args.append(p.pick("str") or str_expr(p))
            else:
                args.append(scalar_expr(p, 1))
        call = f"{name}({', '.join(args)})"
        stmt = rng.choice([f"print({call})", f"{p.new_name()} = {call}"])
        p.keep(stmt)
    return ""


def try_stmt(p):
    rng = p.rng
    inner = rng.choice([f"print({any_expr(p)})", f"{p.new_name()} = {any_expr(p)}",
                        f"print(int({str_expr(p)}))", f"print({scalar_expr(p)} / {rng.choice(['0', '1', '2'])})"])
    exc = rng.choice(["ValueError", "ZeroDivisionError", "(ValueError, TypeError)", "Exception", "KeyError"])
    label = rng.choice(['"error:"', '"caught"'])
    lines = ["try:", f"    {inner}", f"except {exc} as e:", f"    print({label}, e)"]
    if rng.random() < 0.3:
        lines += ["else:", "    print('no error')"]
    if rng.random() < 0.3:
        lines += ["finally:", "    print('done')"]
    return "\n".join(lines)


def plot_block(p):
    rng = p.rng
    p.uses_plt = True
    w, h = rng.choice([(7, 3.2), (6, 4), (4, 3), (5, 2.5), (8, 3)])
    lines = []
    if "plt" not in p.ns:
        lines.append("import matplotlib.pyplot as plt")
    lines.append(f"fig, ax = plt.subplots(figsize=({w}, {h}))")
    ones = p.arrays(lambda a: a.ndim == 1 and 1 <= len(a) <= 20 and a.dtype.kind in "if")
    # an image with no finite value has no colour scale: the kernel refuses it (outside the subset)
    twos = p.arrays(lambda a: a.ndim == 2 and a.dtype.kind in "if" and np.isfinite(a).any())
    kind = rng.choice(["bar", "bar", "plot", "imshow", "two_bars"])
    if kind == "imshow" and twos:
        a = rng.choice(twos)
        cmap = rng.choice(["", ', cmap="viridis"', ', cmap="Blues"'])
        lines.append(f"im = ax.imshow({a}{cmap})")
        if rng.random() < 0.6:
            lines.append("fig.colorbar(im, ax=ax)")
    elif kind == "plot" and ones:
        a = rng.choice(ones)
        style = rng.choice(["", ", marker='o'", ", linestyle='--'", ", color='red'", ", label='data'"])
        lines.append(f"ax.plot({a}{style})" if rng.random() < 0.5 else f"ax.plot(np.arange(len({a})), {a}{style})")
    elif kind == "two_bars" and ones:
        a = rng.choice(ones)
        lines.append(f"x = np.arange(len({a}))")
        lines.append(f"ax.bar(x - 0.2, {a}, width=0.4, label='a', color='#264653')")
        lines.append(f"ax.bar(x + 0.2, {a} * 0.5, width=0.4, label='b', color='#e9c46a')")
        lines.append("ax.legend()")
    else:
        vals = rng.choice(ones) if ones else repr([round(rng.uniform(0, 3), 2) for _ in range(4)])
        style = rng.choice(["", ', color="tab:green"', ", width=0.5"])
        lines.append(f"ax.bar(range(len({vals})), {vals}{style})")
    if rng.random() < 0.6:
        lines.append(f"ax.set_title({rng.choice(['scores', 'attention', 'softmax 비율', 'd_k = 64'])!r})")
    if rng.random() < 0.4:
        lines.append(f"ax.set_xlabel({rng.choice(['key', 'index', 'd_k'])!r})")
        lines.append(f"ax.set_ylabel({rng.choice(['weight', 'value'])!r})")
    if rng.random() < 0.3:
        lines.append("plt.tight_layout()")
    r = rng.random()
    if r < 0.5:
        lines.append("plt.show()")
    elif r < 0.7:
        lines.append("ax.set_title('last line')" + rng.choice(["", ";"]))
    return "\n".join(lines)


# ---------------------------------------------------------------- deliberate errors

def deliberate_error(p):
    """(statement, exception name) chosen from what the program has, or None."""
    rng = p.rng
    arrays = p.names("array")
    cands = []
    if arrays:
        a = rng.choice(arrays)
        v = p.ns[a]
        bad = tuple(d + 1 for d in v.shape[-1:])
        cands += [
            (f"print({a} + np.ones({bad}))" if not broadcastable(bad, v.shape) else None, "ValueError"),
            (f"print({a}.sum(axis={v.ndim}))", "AxisError"),
            (f"print({a}[{v.shape[0]}])", "IndexError"),
            (f"print({a}.reshape({v.size + 1}))", "ValueError"),
            (f"print({a}[0, 0, 0, 0])", "IndexError"),
            (f"print({a} @ np.ones(({v.shape[-1] + 1}, 2)))", "ValueError"),
            (f"print({a}.shape())", "TypeError"),
            (f"{a}[{a} > 0] = np.ones({v.size + 3})", "ValueError"),
        ]
    lists = p.names("numlist", "strlist")
    if lists:
        lst = rng.choice(lists)
        cands += [(f"print({lst}[{len(p.ns[lst])}])", "IndexError"), (f"print({lst}.shape)", "AttributeError"),
                  (f"print({lst} * {lst})", "TypeError")]
    dicts = p.names("numdict")
    if dicts:
        cands.append((f"print({rng.choice(dicts)}['missing'])", "KeyError"))
    dfs = p.names("df")
    if dfs:
        cands.append((f"print({rng.choice(dfs)}['no such column'])", "KeyError"))
    names = [n for n in p.names("int", "float", "array", "str", "numlist") if len(n) > 3]
    if names:
        n = rng.choice(names)
        cands.append((f"print({n[:-1]})", "NameError"))
    nums = p.names("int", "float")
    if nums:
        x = rng.choice(nums)
        cands += [(f"print('value: ' + {x})", "TypeError"), (f"print({x} / 0)", "ZeroDivisionError"),
                  (f"print(len({x}))", "TypeError"), (f"print(f'{{{x}:q}}')", "ValueError")]
    cands += [
        ("print(undefined_total)", "NameError"),
        ("print(int('3.5'))", "ValueError"),
        ("print(10 // 0)", "ZeroDivisionError"),
        ("print(math.sqrt(-1))", "ValueError"),
        ("a, b = (1, 2, 3)", "ValueError"),
        ("counter = 0\ndef bump():\n    counter += 1\nbump()", "UnboundLocalError"),
        ("def down(n):\n    return down(n + 1)\ndown(0)", "RecursionError"),
        ("assert 1 + 1 == 3, 'arithmetic is off'", "AssertionError"),
        ("print((1, 2).append(3))", "AttributeError"),
        ("print([1, 2, 3]", "SyntaxError"),
        ("for i in range(3)\n    print(i)", "SyntaxError"),
        ("np.random.seed(1)\nprint(np.random.randint(5, 2))", "ValueError"),
        ("print(np.array([[1, 2], [3, 4]]) @ np.array([1, 2, 3]))", "ValueError"),
        ("print(np.dot(np.ones(3), np.ones(4)))", "ValueError"),
        ("print(np.zeros((2, 3)) + np.zeros((3, 2)))", "ValueError"),
        ("x = np.arange(3)\nx[5] = 1", "IndexError"),
        ("print({'a': 1}['b'])", "KeyError"),
        ("print(np.arange(4).mean(axis=1))", "AxisError"),
    ]
    cands = [c for c in cands if c[0] is not None]
    rng.shuffle(cands)
    return cands


# ---------------------------------------------------------------- programs

def build(seed, k, error_rate):
    rng = random.Random(f"{seed}:{k}")
    p = Program(rng)
    plt.close("all")
    header = ["import numpy as np"]
    if rng.random() < 0.3:
        header.append("import math")
    if rng.random() < 0.25:
        header.append("import pandas as pd")
    if rng.random() < 0.2:
        header.append("import matplotlib.pyplot as plt")
    header.append(f"np.random.seed({rng.choice([0, 1, 7, 42, 2024, rng.randint(0, 2**32 - 1)])})")
    if not p.keep("\n".join(header)):
        raise RuntimeError("the header does not run")
    n_cells = rng.choice([1, 1, 2, 2, 3])
    n_statements = rng.randint(4, 14)
    cut = sorted(rng.sample(range(1, n_statements), min(n_cells - 1, n_statements - 1)))
    makers = [(assign_stmt, 6), (print_stmt, 6), (aug_stmt, 2), (setitem_stmt, 2), (if_stmt, 2),
              (loop_stmt, 2), (function_stmt, 1), (try_stmt, 1), (plot_block, 1)]
    plain = [m for m, _ in makers]
    weights = [w for _, w in makers]
    with_error = rng.random() < error_rate
    error_at = rng.randint(max(1, n_statements // 2), n_statements) if with_error else None
    for i in range(n_statements):
        if i in cut:
            p.new_cell()
        if error_at is not None and i == error_at - 1:
            try:
                catalogue = deliberate_error(p)
            except (ValueError, IndexError, KeyError, TypeError):
                catalogue = []
            for stmt, exc in catalogue:
                needs_math = "math." in stmt and "math" not in p.ns
                text = ("import math\n" + stmt) if needs_math else stmt
                if exc == "SyntaxError":
                    # A syntax error spoils its whole cell: it goes in a cell of its own.
                    p.new_cell()
                    try:
                        compile(text, "<generated>", "exec")
                    except SyntaxError:
                        p.emit(text)
                        p.deliberate = exc
                        p.new_cell()
                        break
                    continue
                if p.keep(text, expect=exc):
                    p.deliberate = exc
                    # The rest of a cell that raised does not run: what follows starts a cell.
                    p.new_cell()
                    break
            continue
        for _ in range(12):  # draws until one statement fits
            maker = rng.choices(plain, weights)[0]
            try:
                stmt = maker(p)
            except (ValueError, IndexError, KeyError, TypeError):
                continue  # the grammar met a value it has no form for (a rare shape): draw again
            if stmt is None or stmt == "":
                break
            if p.keep(stmt):
                break
    # The cell's last line: often a bare expression, as a notebook shows it.
    if rng.random() < 0.35:
        for _ in range(5):
            if p.keep(printable(p)):
                break
    else:
        for _ in range(5):
            if p.keep(print_stmt(p)):
                break
    plt.close("all")
    return p


def generate(seed, count, error_rate=0.25):
    """Yields (file name, program text) for programs 0..count-1 of a seed."""
    for k in range(count):
        p = build(seed, k, error_rate)
        yield f"gen_{seed}_{k:04d}.py", p.text(), p.deliberate


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--error-rate", type=float, default=0.25)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    intended = {}
    for name, text, deliberate in generate(args.seed, args.count, args.error_rate):
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(text)
        key = deliberate or "none"
        intended[key] = intended.get(key, 0) + 1
    summary = ", ".join(f"{k} {v}" for k, v in sorted(intended.items(), key=lambda kv: (-kv[1], kv[0])))
    print(f"{args.count} programs in {args.out}; deliberate errors: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
