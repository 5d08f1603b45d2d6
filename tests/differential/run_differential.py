"""Differential test: for hundreds of generated requests, what labrun says the code prints must be
exactly what real NumPy/pandas/matplotlib print when that code runs.

    /usr/bin/python3 tests/differential/run_differential.py --labrun build/native/labrun [--count 400]
    /usr/bin/python3 tests/differential/run_differential.py --labrun build/native/labrun --lab labs/ch3-lab3

The first form runs the seeded labs with requests tuned to their edges (below); with --lab DIR it
runs one lab folder, any lab, with its textbook values and then random values that its params'
kinds and limits allow (`lab_requests`), sending the folder's document as the request's lab (so
a lab that is not in labs/ yet can be checked: `./lab check-lab DIR`).

For every request the script asks labrun for the response, runs the lab's setup (`prelude`) and the
earlier steps' code for the same params (asked of labrun too), then `source`, with this Python
(Debian's NumPy 1.24 / pandas 1.5), and compares:
  - stdout, byte for byte, with the stream outputs plus the tables the code printed;
  - the uncaught exception (type name and message) with the error output;
  - stderr (Python's warnings, e.g. NumPy's "RuntimeWarning: overflow encountered in exp") with the
    stderr stream outputs. The source runs as Jupyter runs a cell: compiled under a file name
    linecache knows (so warnings show the code line), line numbers counted in `source` alone (the
    prelude runs first, like an earlier cell). Only the cell's file name is normalized (labrun
    writes a placeholder for Jupyter's /tmp/ipykernel_<pid>/<hash>.py), and matplotlib's
    "Glyph ... missing from current font" warnings are left out: they come from this machine's
    font setup (the default font has no Hangul), not from the lesson's numbers, and labrun does
    not reproduce them;
  - the bars drawn by matplotlib (heights, colours, labels, title, axis labels, figure repr)
    with the chart JSON; for any other figure, its first axes: an image's values and colours, or
    the bars as drawn (edges, widths, heights, colours, labels), the limits and the tick labels
    within them;
  - the step's visuals (lab.json): each expression evaluated by Python in the namespace the code
    left, as JSON the way the core writes it (`visual_json`), with the response's `visuals`.
Exit status 0 when every case agrees; otherwise the first disagreements are shown.
"""
import argparse
import contextlib
import io
import json
import linecache
import math
import random
import re
import subprocess
import sys
import warnings

import matplotlib

import oracle_cpu  # labrun computes exp, log and power as this NumPy does

oracle_cpu.match_labrun()

matplotlib.use("Agg")
import matplotlib.colors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


# ---------------------------------------------------------------- request generation

def number(rng, kind):
    """One matrix/vector entry of a given flavour."""
    if kind == "small_int":
        return rng.randint(-9, 9)
    if kind == "big_int":
        return rng.choice([1, -1]) * rng.randint(0, 10**15)
    if kind == "float":
        return round(rng.uniform(-10, 10), rng.randint(0, 6))
    if kind == "tiny":
        return rng.choice([1, -1]) * rng.uniform(1e-12, 1e-4)
    if kind == "huge":
        return rng.choice([1, -1]) * rng.uniform(1e8, 1e15)
    if kind == "mixed":
        return rng.choice([rng.randint(-5, 5), rng.uniform(-1e3, 1e3), 0.0, 0.5, -0.1])
    raise ValueError(kind)


KINDS = ["small_int", "big_int", "float", "tiny", "huge", "mixed"]


def as_float_if_needed(values, kind):
    # A float flavour must reach labrun as JSON floats even when the value is whole.
    if kind in ("small_int", "big_int"):
        return values
    return [float(v) for v in values]


def vector(rng, n, kind=None):
    kind = kind or rng.choice(KINDS)
    return as_float_if_needed([number(rng, kind) for _ in range(n)], kind)


def matrix(rng, rows, cols, kind=None):
    kind = kind or rng.choice(KINDS)
    return [as_float_if_needed([number(rng, kind) for _ in range(cols)], kind) for _ in range(rows)]


def ch1_requests(rng, count):
    out = []
    for k in range(count):
        step = k % 3 + 1
        params = {}
        if step == 1:
            n, inner, m = rng.randint(1, 8), rng.randint(1, 8), rng.randint(1, 8)
            other = inner if rng.random() < 0.75 else rng.choice([x for x in range(1, 9) if x != inner])
            params["A"] = matrix(rng, n, inner)
            params["B"] = matrix(rng, other, m)
        elif step == 2:
            n = rng.choice([1, 2, 3, 4, 5, 7, 16, 33, 64])
            params["u"] = vector(rng, n)
            params["v"] = vector(rng, n if rng.random() < 0.8 else rng.randint(1, 64))
        else:
            n = rng.choice([1, 2, 3, 4, 5, 8, 12, 20, 40, 64])
            kind = rng.choice(KINDS + ["logits", "equal"])
            if kind == "logits":
                params["z"] = [rng.uniform(-50, 50) * rng.choice([1, 10, 100]) for _ in range(n)]
            elif kind == "equal":
                params["z"] = [rng.choice([0, 3, -2])] * n
            else:
                params["z"] = vector(rng, n, kind)
        out.append({"lab": "ch1-lab2", "step": step, "params": params})
    return out


def ch3_requests(rng, count):
    out = []
    for k in range(count):
        step = k % 3 + 1
        params = {}
        if step == 1:
            params["sweep_seed"] = rng.choice([0, 42, 2**32 - 1, rng.randint(0, 2**32 - 1)])
            dks = [rng.choice([1, 2, 3, 4, 7, 16, 33, 64, 100, 256, 1000, 4096]) for _ in range(rng.randint(1, 8))]
            # Keep each case to a few million normals so the suite stays quick.
            budget = 2_000_000
            n = rng.choice([1, 2, 10, 100, 1000, 5000, 20000])
            n = max(1, min(n, budget // sum(dks)))
            params["d_k_values"], params["n_pairs"] = dks, n
        else:
            params["compare_seed"] = rng.choice([0, 7, 2**32 - 1, rng.randint(0, 2**32 - 1)])
            params["compare_d_k"] = rng.choice([1, 2, 3, 8, 64, 65, 500, 4096, rng.randint(1, 4096)])
            params["n_keys"] = rng.choice([1, 2, 8, 9, 30, 60, rng.randint(1, 60)])
        out.append({"lab": "ch3-lab2", "step": step, "params": params})
    return out


def ch3_lab3_requests(rng, count):
    out = []
    for k in range(count):
        params = {"seed": rng.choice([0, 3, 2**32 - 1, rng.randint(0, 2**32 - 1)]),
                  "seq_len": rng.choice([1, 2, 5, 12, rng.randint(1, 12)]),
                  "d_k": rng.choice([1, 2, 4, 64, 256, rng.randint(1, 256)]),
                  "causal": rng.choice([True, False])}
        out.append({"lab": "ch3-lab3", "step": k % 3 + 1, "params": params})
    return out


def scale_requests():
    """ch3 at the limits' scale (d_k up to 8192, n_pairs up to 1,000,000), within what NumPy can
    hold here: about 16 million normals in all, a few seconds. Rows of 4097..8192 values are where
    a NumPy reduction could start chunking (it does past 8192)."""
    rng = random.Random(8192)
    out = [
        {"d_k_values": [8192], "n_pairs": 100},
        {"d_k_values": [4097, 6000, 8191, 8192], "n_pairs": 40},
        {"d_k_values": [rng.randint(4097, 8192) for _ in range(3)], "n_pairs": 33},
        {"d_k_values": [1, 4, 16], "n_pairs": 50000},
        {"d_k_values": [2, 3], "n_pairs": rng.randint(20001, 50000)},
        {"d_k_values": [1], "n_pairs": 1000000},
        # Either side of where the core stops keeping q whole (2^20 values) and streams it.
        {"d_k_values": [1024, 1], "n_pairs": 1024},
        {"d_k_values": [1024], "n_pairs": 1025},
    ]
    out = [{"lab": "ch3-lab2", "step": 1, "params": {"sweep_seed": rng.randint(0, 2**32 - 1), **p}} for p in out]
    for step, d, keys in [(2, 8192, 60), (3, 8192, 9), (2, rng.randint(4097, 8191), 33)]:
        out.append({"lab": "ch3-lab2", "step": step,
                    "params": {"compare_seed": rng.randint(0, 2**32 - 1), "compare_d_k": d, "n_keys": keys}})
    return out


def warning_requests():
    """ch1 step 3 scores around where NumPy warns: np.exp overflows past 709.782712893384, and
    np.round(e^z, 2) multiplies by 100, which overflows for e^z past DBL_MAX / 100 (z > ~705.18)."""
    rng = random.Random(709)
    top = 709.782712893384
    zs = [
        [800.0, 1.0, 2.0], [706.0, 1.0], [1e15, 709.0, -1e15, 0.5], [10**15, 3, -2], [top, 1.0],
        [math.nextafter(top, 1000)], [705.0, -800.0], [705.2] * 3, [-1e15] * 4, [710, 711, 5],
        [math.nextafter(705.1782712893384, 0), 705.1782712893384, math.nextafter(705.1782712893384, 1000)],
    ]
    zs += [[rng.uniform(700, 712) for _ in range(rng.randint(1, 64))] for _ in range(6)]
    zs += [[rng.choice([rng.uniform(-1e3, 1e3), rng.uniform(704, 711), rng.uniform(-1e15, 1e15)])
            for _ in range(rng.randint(1, 64))] for _ in range(6)]
    return [{"lab": "ch1-lab2", "step": 3, "params": {"z": z}} for z in zs]


def near(rng, textbook, lo, hi):
    """A whole number for a param: a limit, the textbook value, or one not far from it (a lab's
    limits can be far beyond what a quick check should run, e.g. a million pairs)."""
    top = min(hi, max(abs(textbook) * 4, 8))
    bottom = max(lo, -top)
    return rng.choice([lo, textbook, rng.randint(bottom, top), rng.randint(bottom, top), min(hi, max(lo, textbook + 1))])


def random_param(rng, spec, textbook):
    """A value of one param (the lab document's spec: kind, min, max, min_len, max_len)."""
    kind = spec["kind"]
    lo, hi = spec.get("min"), spec.get("max")
    if kind == "boolean":
        return rng.choice([True, False])
    if kind == "integer":
        return near(rng, textbook, int(lo), int(hi))
    shape_len = lambda now: rng.randint(spec["min_len"], min(spec["max_len"], max(spec["min_len"], now + 3)))
    if kind == "int_list":
        n = shape_len(len(textbook))
        return [near(rng, rng.choice(textbook), int(lo), int(hi)) for _ in range(n)]
    flavour = rng.choice(KINDS)
    clip = lambda v: min(hi, max(lo, v))
    if kind == "vector":
        return as_float_if_needed([clip(v) for v in vector(rng, shape_len(len(textbook)), flavour)], flavour)
    if kind == "matrix":
        rows, cols = shape_len(len(textbook)), shape_len(len(textbook[0]))
        return [as_float_if_needed([clip(v) for v in row], flavour) for row in matrix(rng, rows, cols, flavour)]
    raise ValueError(f"param kind {kind}")


def lab_requests(binary, folder, count, seed=20261201):
    """The textbook request of each step, then `count` with random values of every param."""
    document = json.loads(subprocess.run([binary, "--check-lab", folder], capture_output=True, text=True, check=True).stdout)
    steps = [s["step"] for s in document["steps"]]
    _, first = labrun(binary, {"lab": document, "step": steps[0]})
    textbook = first["params"]
    rng = random.Random(seed)
    out = [{"lab": document, "step": s} for s in steps]
    for k in range(count):
        params = {spec["name"]: random_param(rng, spec, textbook[spec["name"]]) for spec in document["params"]}
        out.append({"lab": document, "step": steps[k % len(steps)], "params": params})
    return out


def requests(count):
    rng = random.Random(20261129)
    fixed = [{"lab": lab, "step": s} for lab in ("ch1-lab2", "ch3-lab2", "ch3-lab3") for s in (1, 2, 3)]
    third = (count - len(fixed)) // 3
    return (fixed + ch1_requests(rng, third) + ch3_requests(rng, third)
            + ch3_lab3_requests(rng, count - len(fixed) - 2 * third) + scale_requests() + warning_requests())


# ---------------------------------------------------------------- what labrun says

def labrun(binary, request):
    proc = subprocess.run([binary], input=json.dumps(request), capture_output=True, text=True)
    return proc.returncode, json.loads(proc.stdout)


def expected_from(response):
    stdout, stderr, error, charts = "", "", None, []
    for out in response["outputs"]:
        kind = out["output_type"]
        if kind == "stream" and out["name"] == "stderr":
            stderr += out["text"]
        elif kind == "stream":
            stdout += out["text"]
        elif kind == "error":
            error = (out["ename"], out["evalue"])
        elif kind == "display_data":
            data = out["data"]
            if out.get("metadata", {}).get("transformer-lab", {}).get("printed"):
                stdout += data["text/plain"] + "\n"
            chart = data.get("application/vnd.transformer-lab.chart+json")
            figure = data.get("application/vnd.transformer-lab.figure+json")
            if chart is not None or figure is not None:
                charts.append((data["text/plain"], chart, figure))
    return stdout, stderr, error, charts


# The cell's file name in warnings: labrun's placeholder, Jupyter's real one, or ours below.
CELL_FILE = "/tmp/ipykernel_<pid>/<cell>.py"
CELL_PATH = re.compile(r"^/tmp/ipykernel_[^/\n]+/[^/\n]+\.py:(?=\d+: )", re.M)
# A matplotlib glyph warning: its header line and, when Python found it, the code line under it.
GLYPH_WARNING = re.compile(r"^\S.*: UserWarning: Glyph \d+ .* missing from current font\.\n(  .*\n)?", re.M)


WARNED = [0]  # how many cases made Python warn (glyph warnings aside)


def normalized_stderr(text):
    return CELL_PATH.sub("<cell>:", GLYPH_WARNING.sub("", text))


# ---------------------------------------------------------------- what Python does

def capture_figure(fig):
    ax = fig.axes[0]
    images = [{"data": image.get_array().tolist(), "cmap": image.get_cmap().name,
               "clim": list(image.get_clim())} for image in ax.get_images()]
    series = []
    for container in ax.containers:
        patches = list(container)
        series.append({
            "label": container.get_label(),
            "color": matplotlib.colors.to_hex(patches[0].get_facecolor()) if patches else None,
            "values": [float(p.get_height()) for p in patches],
            "x": [float(p.get_x() + p.get_width() / 2) for p in patches],
        })
    # each bar as drawn (left edge, bottom, width, height, colour), by container, for a figure
    bars = [{"label": "" if container.get_label().startswith("_") else container.get_label(),  # "_container0": none
             "color": matplotlib.colors.to_hex(list(container)[0].get_facecolor()) if len(container) else None,
             "x": [float(p.get_x()) for p in container], "bottom": [float(p.get_y()) for p in container],
             "width": [float(p.get_width()) for p in container], "height": [float(p.get_height()) for p in container]}
            for container in ax.containers]
    fig.canvas.draw()  # (tick labels are set when the figure is drawn)
    ticks = {axis: [(float(t), label.get_text()) for t, label in zip(getattr(ax, f"get_{axis}ticks")(), getattr(ax, f"get_{axis}ticklabels")())
                    if min(getattr(ax, f"get_{axis}lim")()) - 1e-9 <= t <= max(getattr(ax, f"get_{axis}lim")()) + 1e-9]
             for axis in ("x", "y")}
    return repr(fig), {"title": ax.get_title(), "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
                       "series": series, "images": images, "axes": len(fig.axes), "bars": bars,
                       "xlim": [float(v) for v in ax.get_xlim()], "ylim": [float(v) for v in ax.get_ylim()], "ticks": ticks}


def visual_json(value):
    """A visual's value as the core writes it (notebook.cpp, `to_json`), or None for a value it
    does not write."""
    import pandas as pd
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        x = float(value)
        return x if math.isfinite(x) else "nan" if math.isnan(x) else "inf" if x > 0 else "-inf"
    if isinstance(value, np.ndarray):
        return visual_json(value[()]) if value.ndim == 0 else [visual_json(x) for x in value]
    if isinstance(value, list):
        return [visual_json(x) for x in value]
    if isinstance(value, str):
        return value
    if isinstance(value, pd.DataFrame):
        # the rows the printed text shows (pandas: all up to 60, else the first and last 5)
        n = len(value)
        shown = [r for r in range(n) if n <= 60 or r < 5 or r >= n - 5]

        def cell(x):
            if x is None:
                return None
            if isinstance(x, (float, np.floating)) and not math.isfinite(float(x)):
                return None
            if isinstance(x, (bool, np.bool_, int, np.integer, float, np.floating, str)):
                return visual_json(x)
            return str(x)
        return {"columns": [str(c) for c in value.columns], "index": [cell(value.index[r]) for r in shown],
                "rows": [[cell(value.iat[r, c]) for c in range(value.shape[1])] for r in shown], "text": repr(value)}
    return None


def python_visuals(specs, scope):
    """The step's visuals as Python computes them: a visual whose expression fails is left out,
    as the core leaves it out."""
    out = []
    for spec in specs:
        visual = {"kind": spec["kind"]}
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for field, expr in spec.items():
                    if field != "kind":
                        visual[field] = expr if isinstance(expr, dict) else visual_json(eval(expr, scope))  # noqa: S307
        except Exception:  # noqa: BLE001 - a visual that fails is not drawn
            continue
        out.append(visual)
    return out


def run_python(prelude, source):
    figures = []
    original_show = plt.show

    def show(*args, **kwargs):
        for num in plt.get_fignums():
            figures.append(capture_figure(plt.figure(num)))
        plt.close("all")

    plt.show = show
    buf, err = io.StringIO(), io.StringIO()
    error = None
    scope = {"__name__": "__main__"}
    linecache.cache[CELL_FILE] = (len(source), None, source.splitlines(True), CELL_FILE)
    try:
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(err), warnings.catch_warnings():
            # Changing the filters forgets every module's warnings registry (NumPy's own files
            # included), as a fresh kernel would; RuntimeWarning keeps Python's default action
            # (shown the first time per place) and the other categories Python's filters.
            warnings.filterwarnings("default", category=RuntimeWarning)
            # The cells before this one run first, each on its own as in the notebook (one that
            # raises does not stop the next); what they print is theirs.
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                for cell in ([prelude] if isinstance(prelude, str) else prelude):
                    try:
                        exec(compile(cell, "<prelude>", "exec"), scope)
                    except Exception:  # noqa: BLE001 - an earlier cell's error is its own output
                        pass
                plt.close("all")
            exec(compile(source, CELL_FILE, "exec"), scope)
    except Exception as e:  # the lesson code's own exception is part of what we compare
        error = (type(e).__name__, str(e))
    finally:
        plt.show = original_show
        plt.close("all")
    return buf.getvalue(), err.getvalue(), error, figures, scope


# ---------------------------------------------------------------- comparison

def axes_texts(figure, got):
    """The first axes' title and axis labels, and the number of axes (a colorbar is one)."""
    ax = figure["axes"][0]
    problems = [f"{key} {ax[key]!r} != {got[key]!r}" for key in ("title", "xlabel", "ylabel") if ax[key] != got[key]]
    if len(figure["axes"]) != got["axes"]:
        problems.append(f"{len(figure['axes'])} axes (colorbar included) != {got['axes']}")
    return problems


def compare_images(figure, got):
    """A figure drawn with imshow: the image's values, colour map and limits, the labels, the axes."""
    ax = figure["axes"][0]
    problems = axes_texts(figure, got)
    if len(ax["images"]) != len(got["images"]):
        return problems + ["number of images differs"]
    for ours, theirs in zip(ax["images"], got["images"]):
        data = [[math.nan if v is None else v for v in row] for row in ours["data"]]
        if json.dumps(data) != json.dumps(theirs["data"]):
            problems.append("image values differ")
        if ours["cmap"] != theirs["cmap"] or [ours["vmin"], ours["vmax"]] != theirs["clim"]:
            problems.append(f"image colours {ours['cmap']} {ours['vmin']}..{ours['vmax']} != {theirs['cmap']} {theirs['clim']}")
    return problems


def close(a, b):
    return len(a) == len(b) and all(abs(x - y) <= 1e-9 * max(1.0, abs(y)) for x, y in zip(a, b))


def compare_figure(figure, got):
    """Any other figure (a learner's or a lab's own `ax.bar`): its first axes' texts, bars as
    drawn, limits and the tick labels within them."""
    ax = figure["axes"][0]
    problems = axes_texts(figure, got)
    if len(ax["bars"]) != len(got["bars"]):
        return problems + [f"{len(ax['bars'])} bar containers != {len(got['bars'])}"]
    for k, (ours, theirs) in enumerate(zip(ax["bars"], got["bars"])):
        if (ours.get("label") or "") != theirs["label"] or (ours["color"] or "").lower() != theirs["color"]:
            problems.append(f"bars {k} label/colour {ours.get('label')!r} {ours['color']} != {theirs['label']!r} {theirs['color']}")
        for key in ("x", "bottom", "width", "height"):
            if not close(ours[key], theirs[key]):
                problems.append(f"bars {k} {key} {ours[key]} != {theirs[key]}")
    for key in ("xlim", "ylim"):
        if not close(ax[key], got[key]):
            problems.append(f"{key} {ax[key]} != {got[key]}")
    for axis in ("x", "y"):
        shown = [(t, label) for t, label in zip(ax[f"{axis}ticks"], ax[f"{axis}ticklabels"])]
        theirs = got["ticks"][axis]
        if [label for _, label in shown] != [label for _, label in theirs] or not close([t for t, _ in shown], [t for t, _ in theirs]):
            problems.append(f"{axis} ticks {shown} != {theirs}")
    return problems


def compare_chart(ours, theirs):
    text, chart, figure = ours
    fig_repr, got = theirs
    problems = []
    if text != fig_repr:
        problems.append(f"figure repr {text!r} != {fig_repr!r}")
    if chart is None:
        if figure["axes"][0]["images"]:
            return problems + compare_images(figure, got)
        return problems + compare_figure(figure, got)
    for key in ("title", "xlabel", "ylabel"):
        if chart[key] != got[key]:
            problems.append(f"{key} {chart[key]!r} != {got[key]!r}")
    if len(chart["series"]) != len(got["series"]):
        return problems + ["number of bar series differs"]
    for k, (s, g) in enumerate(zip(chart["series"], got["series"])):
        if s["label"] != g["label"] or s["color"].lower() != g["color"]:
            problems.append(f"series {k} label/colour {s['label']!r} {s['color']} != {g['label']!r} {g['color']}")
        if s["values"] != g["values"]:
            problems.append(f"series {k} bar heights differ")
        centres = [x + off for x, off in zip(chart["x"], [chart["offsets"][k]] * len(chart["x"]))]
        if any(abs(a - b) > 1e-12 for a, b in zip(centres, g["x"])):
            problems.append(f"series {k} bar positions differ")
    return problems


def check(binary, request):
    status, response = labrun(binary, request)
    if status != 0 or not response.get("ok"):
        return [f"labrun refused a valid request: {response}"]
    want_stdout, want_stderr, want_error, want_charts = expected_from(response)
    # The lab's setup, then the earlier steps' code for the same params (a step reads their variables).
    before = [response["prelude"]]
    for step in range(1, request["step"]):
        status, earlier = labrun(binary, {**request, "step": step})
        if status != 0 or not earlier.get("ok"):
            return [f"labrun refused step {step} of a valid request: {earlier}"]
        before.append(earlier["source"])
    got_stdout, got_stderr, got_error, got_figures, scope = run_python(before, response["source"])
    problems = []
    if want_stdout != got_stdout:
        problems.append(f"stdout differs:\n--- labrun\n{want_stdout}--- python\n{got_stdout}---")
    WARNED[0] += bool(normalized_stderr(got_stderr))
    if normalized_stderr(want_stderr) != normalized_stderr(got_stderr):
        problems.append(f"stderr differs:\n--- labrun\n{want_stderr}--- python\n{got_stderr}---")
    if want_error != got_error:
        problems.append(f"exception differs: labrun {want_error} python {got_error}")
    if len(want_charts) != len(got_figures):
        problems.append(f"{len(want_charts)} charts from labrun, {len(got_figures)} figures from python")
    for ours, theirs in zip(want_charts, got_figures):
        problems += compare_chart(ours, theirs)
    if got_error is None:
        specs = next(s for s in lab_document(binary, request["lab"])["steps"] if s["step"] == request["step"]).get("visuals", [])
        got_visuals = python_visuals(specs, scope)
        if response.get("visuals", []) != got_visuals:
            problems.append(f"visuals differ:\n--- labrun\n{json.dumps(response.get('visuals'), ensure_ascii=False)[:1500]}\n"
                            f"--- python\n{json.dumps(got_visuals, ensure_ascii=False)[:1500]}")
    return problems


LISTING = {}


def lab_document(binary, lab):
    """A request's lab as a document: itself, or the listing's entry for its id."""
    if isinstance(lab, dict):
        return lab
    if not LISTING:
        _, listing = labrun(binary, {"list": True})
        LISTING.update({entry["id"]: entry["document"] for entry in listing["labs"]})
    return LISTING[lab]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labrun", required=True)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--lab", metavar="DIR", help="check this lab folder alone, with random values of its params")
    args = parser.parse_args()

    cases = lab_requests(args.labrun, args.lab, args.count) if args.lab else requests(args.count)
    failures = 0
    by_step = {}
    for request in cases:
        lab = request["lab"]["id"] if isinstance(request["lab"], dict) else request["lab"]
        key = f"{lab} step {request['step']}"
        problems = check(args.labrun, request)
        ok_count, bad_count = by_step.get(key, (0, 0))
        by_step[key] = (ok_count + (not problems), bad_count + bool(problems))
        if problems:
            failures += 1
            if failures <= 8:
                shown = {**request, "lab": lab}
                print(f"MISMATCH {json.dumps(shown, ensure_ascii=False)[:400]}")
                for p in problems:
                    print("  " + p.replace("\n", "\n  "))
    for key in sorted(by_step):
        print(f"  {key}: {by_step[key][0]} agree, {by_step[key][1]} differ")
    print(f"  cases where NumPy warned on stderr: {WARNED[0]}")
    print(f"differential: {len(cases) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
