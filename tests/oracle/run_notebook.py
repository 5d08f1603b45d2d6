"""The notebook oracle: what Jupyter records when a percent-format file's cells run in a fresh kernel.

    /usr/bin/python3 tests/oracle/run_notebook.py FILE.py [FILE.py ...] [--indent 1]

prints, for each file, one JSON object (one line each unless --indent):

    {"cells": [{"status": "ok" | "error", "outputs": [<nbformat v4 output>, ...]}, ...]}

The cells: a file is split at the lines that are exactly `# %%`; the text before the first marker
is cell 1 when it is not blank. A cell's source is its lines without trailing blank lines (IPython
adds the final newline back). Every cell runs, also after one raised (later cells then run in
whatever state the failed cell left), so each cell's outputs are known; deciding which cells
depend on a failed one is the interpreter's business, not the oracle's.

The outputs are those ipykernel records, in its order:
  - `stream` (stdout, stderr): each stream is buffered and sent at each display, error and at
    the end of the cell, stdout first (ipykernel's flush order); consecutive texts of one stream
    are merged, as a notebook shows them.
  - `execute_result` for the cell's last bare expression (IPython's displayhook: `text/plain` is
    IPython's pretty printer's text; a trailing `;` suppresses it), `display_data` for figures
    (matplotlib's inline backend: every figure a cell created or touched through pyplot shows at
    the end of the cell, or where plt.show() is called, and is then closed). Their `data` keeps
    `text/plain` and, for a figure, `application/vnd.transformer-lab.figure+json` (see
    docs/figure-json.md) instead of the PNG; `metadata` is {}; `execution_count` is omitted.
  - `error`: `ename` (the exception type's __name__), `evalue` (str of the exception) and
    `traceback`, the lines CPython 3.11 writes to stderr for that exception in a script, where the
    cells are files named `<cell 1>`, `<cell 2>`, ... (IPython's own frames dropped): joined with
    "\n" plus a final "\n" they are exactly that text. A SyntaxError has no "Traceback" header,
    as in a script.

Where a notebook differs from itself, the oracle pins it:
  - each program starts as a fresh kernel would: namespace, NumPy's print options and error
    state, pandas' options, matplotlib's rcParams and figures, the warnings registries (each
    warning shows once per place per program), and NumPy's global random state reseeded from the
    OS (so a program that draws before seeding is not deterministic, and the determinism check
    catches it);
  - warnings name the cell's file with the placeholder the core writes,
    `/tmp/ipykernel_<pid>/<cell>.py` (Jupyter's is a hash path that changes with every kernel);
  - matplotlib's font warnings (`findfont: ...`, `Glyph ... missing from current font`) are not
    recorded: they come from this machine's fonts, not from the program;
  - a cell has as much recursion headroom as a script's module code (a kernel's own stack depth is
    an accident of ipykernel's version), so a RecursionError's "[Previous line repeated N more
    times]" is the script's N.

Used as a module by tests/differential/run_python_diff.py: one `NotebookOracle` serves hundreds of
programs per minute (one process, no kernel per program).
"""
import argparse
import atexit
import gc
import io
import json
import logging
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import traceback
import types
import warnings

CELL_MARKER = "# %%"
FIGURE_MIME = "application/vnd.transformer-lab.figure+json"
TABLE_MIME = "application/vnd.transformer-lab.table+json"
CELL_FILE = "/tmp/ipykernel_<pid>/<cell>.py"
CELL_NAME = re.compile(r"<cell \d+>\Z")
# A warning attributed to a line of a cell: "<cell 2>:3: RuntimeWarning: ..." at a line start.
CELL_IN_WARNING = re.compile(r"^<cell \d+>(?=:\d+: )", re.M)

# The kernel's environment, set before IPython and matplotlib are imported: ipykernel selects the
# inline backend through MPLBACKEND; IPython keeps its profile out of the user's home.
os.environ["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
if "IPYTHONDIR" not in os.environ:
    os.environ["IPYTHONDIR"] = tempfile.mkdtemp(prefix="tlab-ipython-")
    atexit.register(shutil.rmtree, os.environ["IPYTHONDIR"], True)

from IPython.core.compilerop import CachingCompiler  # noqa: E402
from IPython.core.displayhook import DisplayHook  # noqa: E402
from IPython.core.displaypub import DisplayPublisher  # noqa: E402
from IPython.core.formatters import BaseFormatter  # noqa: E402
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402
from traitlets import Unicode  # noqa: E402
from traitlets.config import Config  # noqa: E402


def split_cells(text):
    """The cells of a percent-format file, as sources without trailing blank lines.

    >>> split_cells("import numpy as np\\n# %%\\nx = 1\\n\\n# %%\\nx\\n")
    ['import numpy as np', 'x = 1', 'x']
    """
    chunks, current = [], []
    for line in text.split("\n"):
        if line == CELL_MARKER:
            chunks.append(current)
            current = []
        else:
            current.append(line)
    chunks.append(current)
    cells = []
    for k, lines in enumerate(chunks):
        while lines and not lines[-1].strip():
            lines.pop()
        if k == 0 and not lines:
            continue  # nothing before the first marker
        cells.append("\n".join(lines))
    return cells


# ---------------------------------------------------------------- what a cell writes

class Recorder:
    """One cell's outputs, with ipykernel's stream buffering and flush order."""

    def __init__(self):
        self.outputs = []
        self.pending = {"stdout": "", "stderr": ""}
        self.failed = False

    def write(self, name, text):
        self.pending[name] += text

    def flush_stream(self, name):
        text, self.pending[name] = self.pending[name], ""
        if not text:
            return
        if name == "stderr":
            text = CELL_IN_WARNING.sub(CELL_FILE, text)
        last = self.outputs[-1] if self.outputs else None
        if last and last["output_type"] == "stream" and last["name"] == name:
            last["text"] += text
        else:
            self.outputs.append({"output_type": "stream", "name": name, "text": text})

    def flush(self):
        self.flush_stream("stdout")
        self.flush_stream("stderr")

    def display(self, output_type, data):
        self.flush()
        kept = {k: data[k] for k in ("text/plain", FIGURE_MIME, TABLE_MIME) if k in data}
        if kept:
            self.outputs.append({"output_type": output_type, "data": kept, "metadata": {}})

    def error(self, ename, evalue, lines):
        self.flush()
        self.failed = True
        self.outputs.append({"output_type": "error", "ename": ename, "evalue": evalue,
                             "traceback": lines})


class CellStream(io.TextIOBase):
    """sys.stdout / sys.stderr while a cell runs (ipykernel's OutStream, without the clock)."""

    def __init__(self, oracle, name):
        super().__init__()
        self.oracle, self.name = oracle, name

    @property
    def encoding(self):
        return "UTF-8"

    def writable(self):
        return True

    def isatty(self):
        return False

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.oracle.recorder.write(self.name, text)
        return len(text)

    def flush(self):
        self.oracle.recorder.flush_stream(self.name)


# ---------------------------------------------------------------- the shell

class CellCompiler(CachingCompiler):
    """Names each cell's code `<cell N>` (N counts the program's cells) instead of IPython's
    `<ipython-input-...>` or ipykernel's hash path: traceback lines then read like a script's."""

    cell_number = 0

    def get_code_name(self, raw_code, transformed_code, number):
        return f"<cell {self.cell_number}>"


class RecordingDisplayHook(DisplayHook):
    """The cell's last bare expression becomes an execute_result (streams flushed first, as
    ipykernel's displayhook does before it sends)."""

    def write_output_prompt(self):
        pass

    def write_format_data(self, format_dict, md_dict=None):
        self.shell.oracle.recorder.display("execute_result", format_dict)


class RecordingDisplayPublisher(DisplayPublisher):
    def publish(self, data, metadata=None, source=None, *, transient=None, update=False, **kwargs):
        self.shell.oracle.recorder.display("display_data", data)

    def clear_output(self, wait=False):
        pass


class FigureJSONFormatter(BaseFormatter):
    """The figure's description (docs/figure-json.md) in place of the inline backend's PNG."""

    format_type = Unicode(FIGURE_MIME)
    _return_type = dict
    print_method = "_repr_transformer_lab_figure_"


class TableJSONFormatter(BaseFormatter):
    """A DataFrame as the page's table: {"columns", "index", "rows"} (web/src/table.js), in place
    of its HTML. The rows pandas' text shows: all up to 60, else the first and last 5."""

    format_type = Unicode(TABLE_MIME)
    _return_type = dict
    print_method = "_repr_transformer_lab_table_"


def describe_table(df):
    import math

    import numpy as np

    def value(v):
        if v is None:
            return None
        if isinstance(v, (bool, np.bool_)):
            return bool(v)
        if isinstance(v, (int, np.integer)):
            return int(v)
        if isinstance(v, (float, np.floating)):
            return float(v) if math.isfinite(v) else None
        return v if isinstance(v, str) else str(v)

    n = len(df)
    shown = list(range(n)) if n <= 60 else list(range(5)) + list(range(n - 5, n))
    return {"columns": ["NaN" if isinstance(c, float) and math.isnan(c) else str(c) for c in df.columns],
            "index": [value(df.index[r]) for r in shown],
            "rows": [[value(df.iat[r, c]) for c in range(df.shape[1])] for r in shown]}


class ZmqLikeShell(InteractiveShell):
    """IPython's shell as ipykernel sets it up for a notebook, recording instead of sending.

    The class name says "zmq" and the shell has a `kernel` attribute because pandas decides by
    exactly these that it runs under a notebook frontend (pandas/io/formats/console.py:
    in_ipython_frontend, pandas/core/config_init.py: is_terminal), which sets its
    display.max_columns default to 20 instead of sizing frames to a terminal.
    """

    compiler_class = CellCompiler
    displayhook_class = RecordingDisplayHook
    display_pub_class = RecordingDisplayPublisher
    kernel = None
    oracle = None

    def showtraceback(self, exc_tuple=None, filename=None, tb_offset=None, exception_only=False,
                      running_compiled_code=False):
        etype, value, tb = exc_tuple if exc_tuple is not None else sys.exc_info()
        if issubclass(etype, SyntaxError):
            # (IPython's input transformers can raise one too, before the cell compiles.)
            self.oracle.record_exception(etype, value, None, exception_only=True)
            return
        self.oracle.record_exception(etype, value, tb)

    def showsyntaxerror(self, filename=None, running_compiled_code=False):
        etype, value, _ = sys.exc_info()
        if filename and issubclass(etype, SyntaxError):
            value.filename = filename
        self.oracle.record_exception(etype, value, None, exception_only=True)

    def showindentationerror(self):
        self.showsyntaxerror()


DEPTH_PROBE = ("def _depth(n=1):\n    try:\n        return _depth(n + 1)\n"
               "    except RecursionError:\n        return n\n_d = _depth()\n")


def _script_recursion_depth():
    """How deep a script's module code recurses under Python's default limit."""
    out = subprocess.run([sys.executable, "-c", DEPTH_PROBE + "print(_d)\n"], capture_output=True,
                         text=True, check=True, env={"PATH": os.environ.get("PATH", "/usr/bin")})
    return int(out.stdout)


# ---------------------------------------------------------------- "Did you mean"

# CPython 3.11 prints NameError and AttributeError with a suggestion ("name 'totl' is not defined.
# Did you mean: 'total'?") from its C printer (Python/suggestions.c), which reads no linecache and
# so shows no line of a cell; its traceback module shows the lines but not the suggestion (that
# came in 3.12). So the oracle formats with the traceback module and adds the suggestion as
# suggestions.c computes it.
_MOVE_COST, _CASE_COST, _MAX_CANDIDATES, _MAX_STRING = 2, 1, 750, 40


def _substitution_cost(a, b):
    if (a & 31) != (b & 31):
        return _MOVE_COST
    if a == b:
        return 0
    if 65 <= a <= 90:
        a += 32
    if 65 <= b <= 90:
        b += 32
    return _CASE_COST if a == b else _MOVE_COST


def _levenshtein(a, b, max_cost):
    """suggestions.c's levenshtein_distance, over UTF-8 bytes as there."""
    if a == b:
        return 0
    while a and b and a[0] == b[0]:
        a, b = a[1:], b[1:]
    while a and b and a[-1] == b[-1]:
        a, b = a[:-1], b[:-1]
    if not a or not b:
        return (len(a) + len(b)) * _MOVE_COST
    if len(a) > _MAX_STRING or len(b) > _MAX_STRING:
        return max_cost + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * _MOVE_COST > max_cost:
        return max_cost + 1
    row = [(i + 1) * _MOVE_COST for i in range(len(a))]
    result = 0
    for b_index, code in enumerate(b):
        distance = result = b_index * _MOVE_COST
        minimum = sys.maxsize
        for index, ca in enumerate(a):
            substitute = distance + _substitution_cost(code, ca)
            distance = row[index]
            result = min(min(result, distance) + _MOVE_COST, substitute)
            row[index] = result
            minimum = min(minimum, result)
        if minimum > max_cost:
            return max_cost + 1
    return result


def _closest(candidates, name):
    if len(candidates) >= _MAX_CANDIDATES:
        return None
    best, best_distance = None, sys.maxsize
    name_bytes = name.encode("utf-8", "surrogatepass")
    for item in candidates:
        if not isinstance(item, str) or item == name:
            continue
        item_bytes = item.encode("utf-8", "surrogatepass")
        max_distance = min((len(name_bytes) + len(item_bytes) + 3) * _MOVE_COST // 6,
                           best_distance - 1)
        distance = _levenshtein(name_bytes, item_bytes, max_distance)
        if distance > max_distance:
            continue
        if best is None or distance < best_distance:
            best, best_distance = item, distance
    return best


def _suggestion(exc, hidden):
    name = getattr(exc, "name", None)
    if not isinstance(name, str) or type(name) is not str:
        return None
    if isinstance(exc, NameError):
        tb = exc.__traceback__
        if tb is None:
            return None
        while tb.tb_next is not None:
            tb = tb.tb_next
        frame = tb.tb_frame
        # IPython's own names (In, Out, _, get_ipython, ...) are no part of a script's globals.
        names = [k for k in frame.f_globals if k not in hidden]
        for candidates in (list(frame.f_code.co_varnames), names, list(frame.f_builtins)):
            found = _closest(candidates, name)
            if found is not None:
                return found
        return None
    if isinstance(exc, AttributeError):
        obj = getattr(exc, "obj", None)
        if obj is None:
            return None
        try:
            return _closest(dir(obj), name)
        except Exception:
            return None
    return None


def _add_suggestions(report, exc, hidden, seen=None):
    """Adds "Did you mean" to each exception of a TracebackException chain, as CPython does."""
    seen = set() if seen is None else seen
    while report is not None and exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, (NameError, AttributeError)):
            found = _suggestion(exc, hidden)
            if found is not None:
                report._str += f". Did you mean: '{found}'?"
        if report.__cause__ is not None:
            _add_suggestions(report.__cause__, exc.__cause__, hidden, seen)
        report, exc = report.__context__, exc.__context__


def _depth(n=1):
    """How many more frames fit on the stack here (the same function as DEPTH_PROBE's)."""
    try:
        return _depth(n + 1)
    except RecursionError:
        return n


class OracleBug(Exception):
    """The oracle's own code failed (not the program's), or the program ran too long."""


class CellTimeout(BaseException):
    """Raised into a cell that runs past the time limit (IPython records it as the cell's error;
    the oracle turns it into an OracleBug)."""


# ---------------------------------------------------------------- the oracle

class NotebookOracle:
    """One long-lived IPython shell that runs programs as fresh notebooks, one after another."""

    def __init__(self):
        logging.getLogger("matplotlib.font_manager").disabled = True
        config = Config()
        config.HistoryManager.enabled = False
        self.shell = ZmqLikeShell.instance(config=config)
        self.shell.oracle = self
        self.recorder = Recorder()
        self._internal_errors = []
        self._headroom = {}
        self._timed_out = False
        self._stdio = (CellStream(self, "stdout"), CellStream(self, "stderr"))
        # The first imports happen inside a cell, as in a kernel: pandas reads its environment
        # when it is first imported, and pyplot's import activates the inline backend.
        self._run_cell(1, "import math\nimport numpy as np\nimport pandas as pd\n"
                          "import matplotlib\nimport matplotlib.pyplot as plt\n",
                       recursion_limit=sys.getrecursionlimit())
        if self.recorder.outputs:
            raise OracleBug(f"setup printed {self.recorder.outputs}")
        import matplotlib
        import numpy as np
        import pandas as pd
        from IPython.core.pylabtools import select_figure_formats
        from matplotlib.figure import Figure
        self._np, self._pd, self._mpl = np, pd, matplotlib
        from matplotlib_inline import backend_inline
        self._inline = backend_inline
        if matplotlib.get_backend() != "module://matplotlib_inline.backend_inline":
            raise OracleBug(f"matplotlib backend is {matplotlib.get_backend()}")
        formatters = self.shell.display_formatter.formatters
        select_figure_formats(self.shell, set())  # no PNG: figures are described, not drawn
        formatters[FIGURE_MIME] = FigureJSONFormatter(parent=self.shell.display_formatter)
        formatters[FIGURE_MIME].for_type(Figure, self._describe)
        formatters[TABLE_MIME] = TableJSONFormatter(parent=self.shell.display_formatter)
        formatters[TABLE_MIME].for_type(pd.DataFrame, describe_table)
        self._printoptions = np.get_printoptions()
        self._errstate = np.geterr()
        self._rcparams = dict(matplotlib.rcParams)
        # A cell runs some frames deeper than a script's module code (IPython's run_cell and
        # friends, and whoever called the oracle); each cell gets exactly the script's headroom:
        # the limit is set relative to the stack depth at which the cell is started.
        # (IPython's first run_cell takes one frame less than the later ones: calibrate on the
        # second and check the result like any program.)
        for _ in range(2):
            self._run_cell(1, DEPTH_PROBE, recursion_limit=sys.getrecursionlimit())
            self._cell_frames = self._headroom_at_start - self.shell.user_ns["_d"]
        self._script_headroom = _script_recursion_depth()
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from current font")
        self._warning_filters = list(warnings.filters)
        # IPython's reset and matplotlib's close("all") each run a full garbage collection, which
        # walks every object of IPython, pandas and matplotlib (0.2 s here): those live as long
        # as the process, so they are moved out of the collector's sight.
        gc.collect()
        gc.freeze()
        probe = self.run(DEPTH_PROBE + "print(_d)")["cells"][0]["outputs"]
        if probe != [{"output_type": "stream", "name": "stdout",
                      "text": f"{self._script_headroom}\n"}]:
            raise OracleBug(f"a cell recurses unlike a script: {probe}")

    # -- running

    def run(self, text, timeout=60, variables=False):
        """Runs a percent-format program as a fresh notebook: {"cells": [...]}; with `variables`,
        each cell also has the program's names after it (see _variables)."""
        return self.run_cells(split_cells(text), timeout, variables)

    def run_cells(self, cells, timeout=60, variables=False):
        """Raises OracleBug when a cell runs longer than `timeout` seconds."""
        self._fresh_kernel()
        results = []

        def expire(signum, frame):
            raise CellTimeout(f"the cell ran longer than {timeout} s")

        previous = signal.signal(signal.SIGALRM, expire)
        try:
            for number, source in enumerate(cells, start=1):
                signal.setitimer(signal.ITIMER_REAL, timeout)
                try:
                    self._run_cell(number, source)
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                if self._timed_out:
                    self._timed_out = False
                    raise OracleBug(f"cell {number} ran longer than {timeout} s")
                results.append({"status": "error" if self.recorder.failed else "ok",
                                "outputs": self.recorder.outputs})
                if variables:
                    results[-1]["variables"] = self._variables()
        finally:
            signal.signal(signal.SIGALRM, previous)
            self._fresh_kernel()  # let the program's objects go now
        return {"cells": results}

    def _run_cell(self, number, source, recursion_limit=None):
        self.recorder = Recorder()
        self.shell.compile.cell_number = number
        saved = sys.stdout, sys.stderr
        limit = sys.getrecursionlimit()
        # The headroom here is the same each time the oracle is called from the same place.
        caller, where = sys._getframe(1), []
        while caller is not None:
            where.append((caller.f_code, caller.f_lasti))
            caller = caller.f_back
        where = tuple(where)
        if where not in self._headroom:
            self._headroom[where] = _depth()
        self._headroom_at_start = self._headroom[where]
        if recursion_limit is None:
            recursion_limit = (limit - self._headroom_at_start + self._cell_frames
                               + self._script_headroom)
        sys.stdout, sys.stderr = self._stdio
        try:
            sys.setrecursionlimit(recursion_limit)
            self.shell.run_cell(source, store_history=True)
            self.recorder.flush()
        finally:
            sys.setrecursionlimit(limit)
            sys.stdout, sys.stderr = saved
        if self._internal_errors:
            errors, self._internal_errors = self._internal_errors, []
            raise OracleBug("\n".join(errors))

    def _variables(self):
        """The program's names after a cell, as the kernel's variables list describes them:
        {name: {"type", "repr", "shape"?, "dtype"?}} (IPython's own names and modules left out)."""
        hidden = self.shell.user_ns_hidden
        return {name: describe_variable(value) for name, value in list(self.shell.user_ns.items())
                if not IPYTHON_NAME.match(name) and name not in hidden and not isinstance(value, types.ModuleType)}

    def _fresh_kernel(self):
        np, pd, mpl = self._np, self._pd, self._mpl
        import matplotlib.pyplot as plt
        plt.close("all")
        self._inline.show._to_draw = []
        self._inline.show._draw_called = False
        mpl.interactive(True)
        dict.update(mpl.rcParams, self._rcparams)
        self.shell.reset(new_session=True)
        np.set_printoptions(**self._printoptions)
        np.seterr(**self._errstate)
        np.random.seed()  # a fresh kernel's global RandomState is seeded from the OS
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pd.reset_option("all")
        # Every module's warnings registry goes stale when the filters change: each warning shows
        # again once per place, as in a fresh kernel.
        warnings.filters[:] = self._warning_filters
        warnings._filters_mutated()

    # -- errors

    def record_exception(self, etype, value, tb, exception_only=False):
        if issubclass(etype, CellTimeout):
            self._timed_out = True
            return
        if exception_only:
            lines = traceback.format_exception_only(etype, value)
        else:
            # Drop IPython's frames above the first cell frame; chained exceptions keep their own.
            while tb is not None and not CELL_NAME.match(tb.tb_frame.f_code.co_filename):
                tb = tb.tb_next
            value.with_traceback(tb)
            report = traceback.TracebackException(etype, value, tb, compact=True)
            _add_suggestions(report, value, set(self.shell.user_ns_hidden))
            lines = report.format()
        text = "".join(lines)
        self.recorder.error(etype.__name__, str(value), text[:-1].split("\n"))

    # -- figures

    def _describe(self, fig):
        try:
            return describe_figure(fig)
        except Exception:  # a bug here must not pass for the program's error
            self._internal_errors.append(traceback.format_exc())
            raise


# ---------------------------------------------------------------- figure description

# Names IPython keeps in the user's namespace: results (_, __, ___, _7), inputs (_i, _ii, _iii,
# _i7) and dunders.
IPYTHON_NAME = re.compile(r"_{1,3}\Z|_\d+\Z|_i{1,3}\Z|_i\d+\Z|__\w+__\Z")
VARIABLE_REPR_BYTES = 400  # the kernel's variables list shortens a repr past this many bytes


def describe_variable(value):
    """A variables-list entry as the kernel writes it (core/src/python/notebook.cpp): the type's
    qualified name, repr() cut after 400 bytes (at a character's start) with "…" added, and the
    value's `shape` (a tuple) and `dtype` where it has them."""
    kind = type(value)
    entry = {"type": kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"}
    try:
        text = repr(value)
    except Exception:
        text = "<repr failed>"
    raw = text.encode("utf-8", "surrogatepass")
    if len(raw) > VARIABLE_REPR_BYTES:
        cut = VARIABLE_REPR_BYTES
        while cut > 0 and (raw[cut] & 0xC0) == 0x80:
            cut -= 1
        text = raw[:cut].decode("utf-8", "surrogatepass") + "…"
    entry["repr"] = text
    try:
        shape = value.shape
        if isinstance(shape, tuple):
            entry["shape"] = [int(d) for d in shape]
        entry["dtype"] = str(value.dtype)
    except Exception:
        pass
    return entry


def _num(value):
    """A float for JSON; non-finite values as the strings "inf", "-inf", "nan"."""
    v = float(value)
    if math.isfinite(v):
        return v
    return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")


def _nums(values):
    return [_num(v) for v in values]


def _hex(color):
    import matplotlib.colors as mcolors
    h = mcolors.to_hex(color, keep_alpha=True)
    return h[:7] if h.endswith("ff") else h


def _label(artist):
    """The label a legend would show, or None (matplotlib's own names start with '_')."""
    label = artist.get_label()
    return None if label is None or str(label).startswith("_") else str(label)


def _ticks(axis):
    """The ticks matplotlib draws on an axis (inside the view limits), their labels and the
    formatter's offset text (e.g. '1e6'). _update_ticks is what Axis.draw uses."""
    ticks = axis._update_ticks()
    return (_nums(t.get_loc() for t in ticks), [t.label1.get_text() for t in ticks],
            axis.get_major_formatter().get_offset())


def _uniform(values):
    return values[0] if values and all(v == values[0] for v in values) else values


def describe_axes(fig, ax):
    from matplotlib.container import BarContainer
    from matplotlib.image import AxesImage
    from matplotlib.lines import Line2D
    from matplotlib.patches import Rectangle
    from matplotlib.text import Text

    colorbar = getattr(ax, "_colorbar", None)
    if colorbar is not None:
        # A colorbar is drawn from its mappable: what it shows is its range and its ticks.
        long_axis = ax.yaxis if colorbar.orientation == "vertical" else ax.xaxis
        ticks, ticklabels, offset = _ticks(long_axis)
        return {"kind": "colorbar", "orientation": colorbar.orientation, "cmap": colorbar.cmap.name,
                "vmin": _num(colorbar.norm.vmin), "vmax": _num(colorbar.norm.vmax),
                "ticks": ticks, "ticklabels": ticklabels, "offset": offset,
                "label": long_axis.get_label_text()}
    spec = ax.get_subplotspec()
    subplot = None
    if spec is not None:
        # (a colorbar made with ax=... splits the axes' cell; the grid the user asked for is above)
        rows, cols, start, _ = spec.get_topmost_subplotspec().get_geometry()
        subplot = [int(rows), int(cols), int(start)]
    xticks, xticklabels, xoffset = _ticks(ax.xaxis)
    yticks, yticklabels, yoffset = _ticks(ax.yaxis)
    legend = ax.get_legend()
    out = {
        "kind": "axes",
        "subplot": subplot,
        "title": ax.get_title(),
        "xlabel": ax.get_xlabel(),
        "ylabel": ax.get_ylabel(),
        "xlim": _nums(ax.get_xlim()),
        "ylim": _nums(ax.get_ylim()),
        "xscale": ax.get_xscale(),
        "yscale": ax.get_yscale(),
        "xticks": xticks, "xticklabels": xticklabels, "xoffset": xoffset,
        "yticks": yticks, "yticklabels": yticklabels, "yoffset": yoffset,
        "legend": None if legend is None else [t.get_text() for t in legend.get_texts()],
        "bars": [], "lines": [], "images": [], "texts": [], "other": [],
    }
    in_bars = set()
    for container in ax.containers:
        if not isinstance(container, BarContainer):
            out["other"].append(type(container).__name__)
            continue
        patches = list(container.patches)
        in_bars.update(id(p) for p in patches)
        out["bars"].append({
            "label": _label(container),
            "x": _nums(p.get_x() for p in patches),
            "height": _nums(p.get_height() for p in patches),
            "width": _nums(p.get_width() for p in patches),
            "bottom": _nums(p.get_y() for p in patches),
            "color": _uniform([_hex(p.get_facecolor()) for p in patches]),
        })
    for patch in ax.patches:
        if id(patch) not in in_bars:
            out["other"].append(type(patch).__name__)
    for line in ax.lines:
        if not isinstance(line, Line2D):
            out["other"].append(type(line).__name__)
            continue
        xy = line.get_xydata()
        marker = line.get_marker()
        out["lines"].append({
            "label": _label(line),
            "x": _nums(xy[:, 0]), "y": _nums(xy[:, 1]),
            "color": _hex(line.get_color()),
            "linestyle": line.get_linestyle(),
            "linewidth": _num(line.get_linewidth()),
            "marker": None if marker in (None, "None", "none", "", " ") else str(marker),
        })
    for image in ax.images:
        if not isinstance(image, AxesImage):
            out["other"].append(type(image).__name__)
            continue
        import numpy as np
        data = np.asarray(image.get_array(), dtype=float)
        out["images"].append({
            "shape": [int(n) for n in data.shape],
            "data": [_nums(row) if data.ndim == 2 else [_nums(px) for px in row] for row in data],
            "cmap": image.get_cmap().name,
            "vmin": _num(image.norm.vmin), "vmax": _num(image.norm.vmax),
            "origin": image.origin,
            "extent": _nums(image.get_extent()),
            "colorbar": image.colorbar is not None,
        })
    for text in ax.texts:
        if type(text) is not Text:
            out["other"].append(type(text).__name__)
            continue
        x, y = text.get_position()
        out["texts"].append({"x": _num(x), "y": _num(y), "text": text.get_text(),
                             "ha": text.get_horizontalalignment(),
                             "va": text.get_verticalalignment(), "color": _hex(text.get_color())})
    for collection in ax.collections:
        out["other"].append(type(collection).__name__)
    for artist in list(ax.artists) + list(ax.tables):
        out["other"].append(type(artist).__name__)
    return out


def describe_figure(fig):
    """The figure as docs/figure-json.md defines it."""
    suptitle = getattr(fig, "_suptitle", None)
    w, h = fig.get_size_inches()
    return {
        "size": [_num(w), _num(h)],
        "dpi": _num(fig.dpi),
        "suptitle": None if suptitle is None else suptitle.get_text(),
        "axes": [describe_axes(fig, ax) for ax in fig.axes],
    }


# ---------------------------------------------------------------- command line

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--indent", type=int, default=None)
    args = parser.parse_args()
    oracle = NotebookOracle()
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            result = oracle.run(f.read())
        print(json.dumps(result, ensure_ascii=False, indent=args.indent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
