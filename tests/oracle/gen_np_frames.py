"""Writes core/src/python/np_frames.inc: the frames NumPy's own Python code adds to a traceback or
names in a warning, and the names dir() lists for numpy, numpy.random, numpy.linalg and ndarray.

Run with Debian's Python (NumPy 1.24):  /usr/bin/python3 tests/oracle/gen_np_frames.py

Many NumPy functions are Python code (fromnumeric.py, _methods.py, numeric.py...) or Cython
(mtrand.pyx), so an exception raised inside one lists their frames after the learner's line, and a
warning raised inside one names their file and line. Each probe below is a call that raises or
warns in real NumPy; every frame on its exceptions' tracebacks (chained ones included) and on the
stack of each warning becomes a row of the table, named `<file>_<function>_<line>`
(`fromnumeric__wrapreduction_86`). The kernel's NumPy code pushes the rows it needs by name
while it does what that Python code does (core/src/python/np_frames.hpp), so a name the kernel
uses and no probe reaches does not compile, and a moved line changes the name. Also here: the
texts of numpy.__getattr__ for the removed aliases (np.float...).

The caret positions are CPython's (the instruction's columns); a position that runs on to the
next line ends at the end of this one, as both traceback printers draw it.
"""
import inspect
import linecache
import os
import sys
import traceback
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
# TLAB_GOLDEN_DIR lets the freshness test write a second copy elsewhere and compare.
OUT_DIR = os.environ.get("TLAB_GOLDEN_DIR", os.path.join(ROOT, "core", "src", "python"))
OUT = os.path.join(OUT_DIR, "np_frames.inc")

SETUP = """
a = np.ones((2, 3))
v = np.arange(3.0)
e = np.array([])
e2 = np.zeros((0, 3))
big = np.array([1e308, 1e308])
"""

PROBES = [
    # reductions: fromnumeric wrappers, ndarray methods through _methods
    "np.sum(a, axis=2)", "a.sum(axis=2)",
    "np.prod(a, axis=2)", "a.prod(axis=2)",
    "np.max(a, axis=2)", "a.max(axis=2)", "np.min(a, axis=2)", "a.min(axis=2)",
    "np.any(a, axis=2)", "a.any(axis=2)", "np.all(a, axis=2)", "a.all(axis=2)",
    "np.mean(a, axis=2)", "a.mean(axis=2)", "np.mean(a, axis=(0, 0))", "a.mean(axis=(0, 0))",
    "np.var(a, axis=2)", "a.var(axis=2)", "np.std(a, axis=2)", "a.std(axis=2)",
    "np.var(a, axis=(0, 0))", "np.std(a, axis=(0, 0))", "a.std(ddof='x')", "np.std(a, ddof='x')",
    "np.var(a, ddof='x')",
    "np.argmax(a, axis=2)", "np.argmin(a, axis=2)", "np.argmax(a, axis='x')", "np.argmin(a, axis='x')",
    "np.argmax([1, 2], axis=2)", "np.argmin([1, 2], axis=2)",
    # their warnings
    "np.mean(e)", "e.mean()", "np.mean(e2, axis=0)", "e2.mean(axis=0)",
    "np.var(e)", "e.var()", "np.std(e)", "e.std()", "np.var(e2, axis=0)", "np.std(e2, axis=0)",
    "np.sum(big)", "big.sum()", "np.prod(big)", "big.prod()", "np.mean(big)", "big.mean()",
    "np.var(big)", "np.std(big)", "np.var(np.array([np.inf]))", "np.std(np.array([np.inf]))",
    "np.mean(np.array([[1e308], [1e308]]), axis=0)", "np.var(np.array([[1e308], [1e308]]), axis=0)",
    "np.std(np.array([[1e308], [1e308]]), axis=0)", "np.var(np.array([[1e200], [-1e200]]), axis=0)",
    "np.var(np.array([1e200, -1e200]))", "np.std(np.array([1e200, -1e200]))",
    "np.std(np.array([[np.inf], [1]]), axis=0)", "np.var(np.array([1e154, -1e154]))",
    # wrapped methods: _wrapfunc and the retry through _wrapit
    "np.round(a, 'x')", "np.round([1.5], 'x')", "np.around(a, 'x')", "np.around([1.5], 'x')",
    "np.round(np.array([1e308]), 2)", "np.round([1e308], 2)", "np.around(np.array([1e308]), 2)",
    "np.around([1e308], 2)",
    "np.reshape(a, (4,))", "np.reshape([1, 2], (4,))", "np.transpose(a, (0,))", "np.transpose([[1]], (0,))",
    "np.argsort(a, axis=2)", "np.argsort([1, 2], axis=2)",
    # other Python functions
    "np.ones(-1)", "np.full(-1, 2)", "np.ones_like(a, dtype='q9')", "np.zeros_like(a, dtype='q9')",
    "np.linspace(0, 1, -1)", "np.linspace(0, 1, 2.5)", "np.eye(-1)", "np.eye(2.5)",
    "np.triu(a, 'x')", "np.tril(a, 'x')",
    "np.outer(np.array([1e200]), np.array([1e200]))", "np.outer([1e200], [1e200])",
    "np.dot(np.ones(3), np.ones(4))", "np.where(a > 0, a, np.ones(4))", "np.where(a, 1)",
    "np.concatenate([a, np.ones(3)])", "np.stack([a, np.ones(3)])", "np.stack([a, a], axis=3)",
    "np.stack([])", "np.vstack([a, np.ones(4)])", "np.hstack([a, np.ones(4)])",
    "np.hstack([v, a])",
    "np.linalg.norm(a, axis=2)", "np.linalg.norm(np.array([[1e200, 1e200]]), axis=1)",
    "np.linalg.norm(a, axis=(0, 1, 2))", "np.linalg.norm(a, axis=(0, 0))", "np.linalg.norm(a, axis=(0, 2))",
    "np.linalg.norm(a, axis=(2, 0))", "np.linalg.norm(a, axis='x')", "np.linalg.norm(a, ord=3)",
    "np.linalg.norm(np.array([[1e200, 1e200]]), axis=(0, 1))", "np.linalg.norm(v, ord=1, axis=2)",
    "np.linalg.norm(v, ord=np.inf, axis=2)", "np.linalg.norm(v, ord=-np.inf, axis=2)",
    "np.linalg.norm(v, ord=0, axis=2)", "np.linalg.norm(v, ord=3, axis=2)", "np.linalg.norm(v, ord='fro')",
    "np.linalg.norm(np.array([1e200, 1e200]), ord=3)", "np.linalg.norm(np.array([1e-200, 1e-200]), ord=-3)",
    "np.clip(a, 'x', 1)", "a.clip()", "a.clip(np.ones(4))", "a.clip(None, np.ones(4))", "a.clip(np.ones(4), 5)",
    "np.full((2,), 'x', dtype=float)", "np.eye(3, k='x')", "np.ones((2,), dtype='q9')", "np.shape()", "np.isclose(a, np.ones(4))", "np.allclose(a, np.ones(4))",
    # argument errors of dispatched functions: the dispatcher's, then the function's
    "np.sum(a, keepdim=True)",
    # numpy.random (Cython: frames without code lines)
    "np.random.seed(-1)", "np.random.seed(2**32)", "np.random.seed(1.5)",
    "np.random.randint(5, 2)", "np.random.randint(5, size=-1)",
    "np.random.normal(0, -1)", "np.random.normal(0, 1, size=-1)", "np.random.normal('x')",
    "np.random.uniform(0, np.inf)", "np.random.uniform(0, 1, size=-1)",
    "np.random.rand(-1)", "np.random.randn(-1)", "np.random.rand(1.5)", "np.random.randn(1.5)",
    "np.random.random(-1)", "np.random.random_sample(-1)", "np.random.standard_normal(-1)",
    "np.random.choice(0)", "np.random.choice(5, 6, replace=False)", "np.random.choice(5, p=[1])",
    "np.random.choice(2.5)", "np.random.choice(3, p=[[1, 0, 0]])", "np.random.choice(2, p=[np.nan, 1])",
    "np.random.choice(2, p=[-1, 2])", "np.random.choice(2, p=[0.5, 0.6])",
    "np.random.permutation(1.5)", "np.random.shuffle(1)", "np.random.choice(a)", "np.random.choice([])",
    "np.random.choice(5, size=-1)",
    # module attributes NumPy lacks, and the builtin aliases it removed
    "np.arrray", "np.float",
]


# The Python functions whose argument errors the kernel reports as NumPy does: a dispatched
# function's from its dispatcher (renamed, raised in `<__array_function__ internals>`), the others
# (plain Python functions, ndarray methods implemented in _methods.py) at the call. Their
# signatures (the implementation's defaults; the dispatcher's for C functions) are the kernel's.
DISPATCHED = [
    "sum", "prod", "amax", "amin", "any", "all", "mean", "std", "var", "argmax", "argmin", "round_",
    "around", "dot", "outer", "where", "triu", "tril", "argsort", "reshape", "transpose", "shape",
    "copy", "clip", "isclose", "allclose", "concatenate", "stack", "vstack", "hstack", "zeros_like",
    "ones_like", "linspace", "linalg.norm",
]
PLAIN = ["ones", "full", "eye"]
METHODS = ["_sum", "_prod", "_amax", "_amin", "_any", "_all", "_mean", "_var", "_std", "_clip"]


def default_text(value):
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    return "None"  # np._NoValue, float for eye's dtype...: the kernel's own default


def signature_row(key, function, dispatched):
    impl = getattr(function, "__wrapped__", function)
    try:
        sig = inspect.signature(impl)
    except ValueError:  # a C function: its dispatcher has the same parameters
        sig = inspect.signature(function.__closure__[0].cell_contents)
    params, kwonly = [], False
    for p in sig.parameters.values():
        if p.kind == p.KEYWORD_ONLY and not kwonly:
            params.append("*")
            kwonly = True
        if p.kind == p.VAR_KEYWORD:
            params.append("**")
        elif p.default is p.empty:
            params.append(p.name)
        else:
            params.append(f"{p.name}={default_text(p.default)}")
    name = key.split(".")[-1]
    return name, function.__name__ if dispatched else impl.__name__, dispatched, " ".join(params)


def signatures():
    from numpy.core import _methods
    rows = []
    for key in DISPATCHED:
        f = np
        for part in key.split("."):
            f = getattr(f, part)
        rows.append(signature_row(key, f, True))
    rows += [signature_row(key, getattr(np, key), False) for key in PLAIN]
    rows += [signature_row(key, getattr(_methods, key), False) for key in METHODS]
    return rows


def stem(path):
    if path == "<__array_function__ internals>":
        return "internals"
    return os.path.splitext(os.path.basename(path))[0].strip("_")


class Frame:
    def __init__(self, fs):
        self.file = fs.filename
        self.line = fs.lineno
        self.function = fs.name
        self.code = ""
        self.col = self.end_col = -1
        if not fs.filename.startswith("<"):
            self.code = linecache.getline(fs.filename, fs.lineno).rstrip()
        if self.code and fs.colno is not None:
            self.col = fs.colno
            self.end_col = fs.end_colno if fs.end_lineno == fs.lineno else len(self.code)
        self.name = f"{stem(self.file)}_{self.function.split('.')[-1].strip('_')}_{self.line}"

    def key(self):
        return (self.file, self.line, self.function, self.code, self.col, self.end_col)


def library(frames):
    skip = ("<probe>", __file__, warnings.__file__)
    return [Frame(f) for f in frames if f.filename not in skip]


def run_probe(text, namespace, seen):
    recorded = []

    def show(message, category, filename, lineno, file=None, line=None):
        # The stack as a traceback would list it, with each frame's current instruction columns.
        stack = []
        f = sys._getframe(1)
        while f is not None:
            pos = list(f.f_code.co_positions())[f.f_lasti // 2]
            stack.insert(0, traceback.FrameSummary(f.f_code.co_filename, f.f_lineno, f.f_code.co_name,
                                                   lookup_line=False, end_lineno=pos[1], colno=pos[2],
                                                   end_colno=pos[3]))
            f = f.f_back
        recorded.append(library(stack))

    code = compile(text, "<probe>", "exec")
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        try:
            exec(code, namespace)
        except Exception as exc:  # noqa: BLE001 - every exception is a probe's result
            while exc is not None:
                recorded.append(library(traceback.extract_tb(exc.__traceback__)))
                exc = exc.__context__
    if not recorded:
        raise SystemExit(f"probe {text!r} neither raised nor warned")
    for chain in recorded:
        for f in chain:
            old = seen.setdefault(f.name, f)
            if old.key() != f.key():
                raise SystemExit(f"two frames named {f.name}: {old.key()} and {f.key()}")


def cstr(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def names_text(names):
    return " ".join(sorted(names))


def main():
    seen = {}
    for probe in PROBES:
        namespace = {"np": np}
        exec(SETUP, namespace)
        run_probe(probe, namespace, seen)
    frames = sorted(seen.values(), key=lambda f: f.name)
    files = sorted({f.file for f in frames})
    out = [
        f"// Generated by tests/oracle/gen_np_frames.py from NumPy {np.__version__} (Python "
        f"{sys.version.split()[0]}); checked for",
        "// freshness by tests/oracle/check_fresh.py. Do not edit: change the probes and run it again.",
        "// The frames of NumPy's Python and Cython code that tracebacks and warnings show, and dir() of",
        "// the numpy modules and of ndarray (for AttributeError's \"Did you mean\").",
        "// np_frames.hpp includes the enum; np_frames.cpp, with TLAB_NP_FRAMES_DATA, the data.",
        "#ifndef TLAB_NP_FRAMES_DATA",
        "enum class NpFrame : std::uint8_t {",
    ]
    out += [f"    {f.name}," for f in frames]
    out += ["};", ""]
    sigs = signatures()
    out += ["// Functions whose arguments are bound as Python binds them (np_frames.hpp NpArgs).",
            "enum class NpSig : std::uint8_t {"]
    out += [f"    {key}," for key, _, _, _ in sigs]
    out += ["};", "#else", "// the name in messages, raised in <__array_function__ internals>, the parameters",
            "static const NpSigData kNpSigs[] = {"]
    out += [f"    {{{cstr(name)}, {'true' if d else 'false'}, {cstr(params)}}}," for _, name, d, params in sigs]
    out += ["};", "", "static const char* const kNpFiles[] = {"]
    out += [f"    {cstr(name)}," for name in files]
    out += ["};", "", "// file, line, function, indentation, code (stripped), caret columns in the whole line",
            "static const NpFrameData kNpFrames[] = {"]
    for f in frames:
        indent = len(f.code) - len(f.code.lstrip(" "))
        out.append(f"    {{{files.index(f.file)}, {f.line}, {cstr(f.function)}, {indent}, "
                   f"{cstr(f.code.strip())}, {f.col}, {f.end_col}}},")
    out += ["};", ""]
    for var, obj in (("kNumpyDir", np), ("kNumpyRandomDir", np.random), ("kNumpyLinalgDir", np.linalg),
                     ("kNdarrayDir", np.ndarray)):
        out.append(f"static const char {var}[] =")
        text = names_text(dir(obj))
        while text:
            cut = text.rfind(" ", 0, 96) + 1 if len(text) > 96 else len(text)
            out.append(f"    {cstr(text[:cut])}")
            text = text[cut:]
        out[-1] += ";"
    # np.float, np.int...: removed aliases, each message one text with the name put in, plus its
    # own advice (which NumPy type to use instead).
    former = np.__former_attrs__
    head, tail = "is safe. ", "\nThe aliases"
    advice = {n: t[t.index(head) + len(head):t.index(tail)] for n, t in former.items()}
    template = former["float"].replace(advice["float"], "%x").replace("float", "%n")
    for name, text in former.items():
        if template.replace("%n", name).replace("%x", advice[name]) != text:
            raise SystemExit(f"np.{name}'s message does not follow the template")
    out.append("// numpy.__former_attrs__: the names; the message with %n for the name and %x for its advice.")
    out.append(f"static const char kFormerAttrs[] = {cstr(' '.join(former))};")
    out.append(f"static const char kFormerAttrText[] = {cstr(template)};")
    out.append("static const char* const kFormerAttrAdvice[] = {")
    out += [f"    {cstr(advice[n])}," for n in former]
    out.append("};")
    out.append("// numpy.__future_scalars__ (a FutureWarning before the AttributeError) and")
    out.append("// numpy.__expired_functions__ (NumPy's, not in dir()).")
    out.append(f"static const char kFutureScalars[] = {cstr(names_text(np.__future_scalars__))};")
    out.append(f"static const char kExpiredFunctions[] = {cstr(names_text(np.__expired_functions__))};")
    # dtype names: those np.dtype() reads as float64, int64 or bool (the kernel's), and the rest.
    kinds = {"float64": [], "int64": [], "bool": [], "other": []}
    for key in sorted(k for k in np.sctypeDict if isinstance(k, str)):
        name = str(np.dtype(key))
        kinds[name if name in kinds else "other"].append(key)
    out.append("// np.sctypeDict's names, by the dtype they name: float64, int64, bool, any other.")
    out.append("static const char* const kDtypeNames[] = {")
    out += [f"    {cstr(' '.join(kinds[k]))}," for k in ("float64", "int64", "bool", "other")]
    out.append("};")
    out.append("#endif")
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{OUT}: {len(frames)} frames in {len(files)} files")


if __name__ == "__main__":
    main()
