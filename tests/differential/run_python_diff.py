"""Differential test of the Python interpreter against real Python, program by program.

    /usr/bin/python3 tests/differential/run_python_diff.py --labrun build/native/labrun
        [--corpus tests/edits] [--generated N --seed S|random] [--only NAME] [-v]
    /usr/bin/python3 tests/differential/run_python_diff.py --oracle-only [--real-python] ...

For each program (the corpus's files; N programs from gen_programs.py with seed S):
  - notebook: the oracle (tests/oracle/run_notebook.py: the cells as Jupyter records them) and
    `labrun --notebook FILE`; compared cell by cell: the status, stream texts (stdout exactly,
    stderr after the warning path normalization), execute_result/display_data text/plain, the
    figure JSON (docs/figure-json.md; numbers compared exactly), error ename, evalue and
    traceback lines exactly. A table the code printed (labrun's display_data marked
    {"transformer-lab": {"printed": true}}, which the page draws) counts as the stdout text it
    is: its text/plain and a newline. A cell labrun marks "not-run" (it depends on a cell that raised)
    is counted, not compared. Each entry of a cell's variables list (labrun's) against the
    oracle's names after the cell: type, repr (cut at 400 bytes), shape and dtype;
  - script (unless the header says `# mode: notebook`): `python3 FILE.py` and
    `labrun --python FILE.py` on the same path: stdout, stderr and exit status.
Normalized on both sides, because it cannot match: object addresses (0x...) in reprs; the
cell's file in warnings (Jupyter's /tmp/ipykernel_<pid>/<hash>.py, the core's placeholder
/tmp/ipykernel_<pid>/<cell>.py); matplotlib's font warnings (findfont, missing glyphs) dropped.
A program whose header says `# expect: unsupported` must make labrun report it (a cell with
status "unsupported"; exit status 3 with an UnsupportedInLab last stderr line, stdout a prefix
of Python's); the cells before it are compared as usual.

--oracle-only (until labrun runs Python): runs just the oracles, twice each, and checks that
every program is deterministic; for one-cell programs, also that the notebook oracle's stdout and
traceback are what the script printed (its `<cell 1>` being the file) unless the header says
`# script-differs: <why>`. With --real-python, `python3 FILE.py` runs in a process of its own
(slow) instead of through the fork server (script_server.py); with --oracle-only both run and
must agree.

Exit status 0 when everything agrees. A longer run with fresh seeds, whose findings become corpus
entries: run_python_diff.py --labrun build/native/labrun --no-corpus --generated 5000 --seed random
"""
import argparse
import difflib
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import oracle_cpu  # labrun computes exp, log and power as this NumPy does

oracle_cpu.match_labrun()

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))
sys.path.insert(0, HERE)

ADDRESS = re.compile(r"0x[0-9a-f]+")
CELL_FILE = "/tmp/ipykernel_<pid>/<cell>.py"
CELL_PATH = re.compile(r"^/tmp/ipykernel_[^/\n]+/[^/\n]+\.py(?=:\d+: )", re.M)
CHART_MIME = "application/vnd.transformer-lab.chart+json"
FONT_WARNING = re.compile(
    r"^(findfont: .*\n|\S.*: UserWarning: Glyph \d+ .* missing from current font\.\n(  .*\n)?)", re.M)
HEADER = re.compile(r"^# (expect|mode|script-differs): *(.*?) *$")
TIMEOUT = 60  # seconds a program may run (each cell, in the notebook oracle)


def clean_env():
    """The environment both Pythons and labrun run in: no display (matplotlib takes Agg), no
    terminal size (pandas sizes frames to 80 columns), no backend chosen from outside."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "MPLBACKEND", "COLUMNS", "LINES",
                        "PYTHONHASHSEED", "PYTHONSTARTUP", "PYTHONPATH")}
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


# ---------------------------------------------------------------- programs

class Program:
    def __init__(self, path, text):
        self.path = os.path.abspath(path)
        self.name = os.path.basename(path)
        self.text = text
        self.expect_unsupported = False
        self.modes = ("notebook", "script")
        self.script_differs = None
        for line in text.split("\n"):
            m = HEADER.match(line)
            if not m:
                if line.startswith("#") or not line.strip():
                    continue
                break
            key, value = m.groups()
            if key == "expect":
                if value != "unsupported":
                    raise ValueError(f"{self.name}: unknown expectation {value!r}")
                self.expect_unsupported = True
            elif key == "mode":
                if value not in ("notebook", "script"):
                    raise ValueError(f"{self.name}: unknown mode {value!r}")
                self.modes = (value,)
            else:
                self.script_differs = value

    @property
    def single_cell(self):
        return "\n# %%\n" not in "\n" + self.text


def corpus_programs(directory, only):
    out = []
    if not directory:
        return out
    for name in sorted(os.listdir(directory)):
        if name.endswith(".py") and (not only or any(o in name for o in only)):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                out.append(Program(os.path.join(directory, name), f.read()))
    return out


def generated_programs(python, count, seed, directory, only):
    """Writes the generator's programs to `directory` (in a process of its own: it runs what it
    generates with matplotlib's Agg backend, which must not meet the oracle's inline backend)."""
    proc = subprocess.run([python, os.path.join(HERE, "gen_programs.py"), "--seed", str(seed),
                           "--count", str(count), "--out", directory],
                          capture_output=True, text=True, env=clean_env())
    if proc.returncode != 0:
        raise RuntimeError(f"gen_programs.py failed:\n{proc.stderr}")
    print(proc.stdout.strip())
    out = []
    for name in sorted(os.listdir(directory)):
        if name.startswith(f"gen_{seed}_") and name.endswith(".py") and (not only or any(o in name for o in only)):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                out.append(Program(os.path.join(directory, name), f.read()))
    return out


# ---------------------------------------------------------------- canonical forms

def number_text(value):
    return repr(float(value))


def canonical_json(value, indent=""):
    """Lines of a JSON value with every number as a float (1 and 1.0 are the same number),
    one scalar per line, so a diff points at the field that differs."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return [indent + json.dumps(value, ensure_ascii=False)]
    if isinstance(value, (int, float)):
        return [indent + number_text(value)]
    if isinstance(value, list):
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            return [indent + "[" + ", ".join(number_text(v) for v in value) + "]"]
        lines = [indent + "["]
        for v in value:
            lines += canonical_json(v, indent + "  ")
        return lines + [indent + "]"]
    if isinstance(value, dict):
        lines = [indent + "{"]
        for k in sorted(value):
            sub = canonical_json(value[k], indent + "  ")
            lines.append(indent + "  " + json.dumps(k, ensure_ascii=False) + ": " + sub[0].lstrip())
            lines += sub[1:]
        return lines + [indent + "}"]
    return [indent + repr(value)]


def normalized_stderr(text):
    return ADDRESS.sub("0x?", CELL_PATH.sub(CELL_FILE, FONT_WARNING.sub("", text)))


def printed_table(output):
    return (output.get("output_type") == "display_data"
            and output.get("metadata", {}).get("transformer-lab", {}).get("printed") is True
            and isinstance(output.get("data", {}).get("text/plain"), str))


def cell_text(outputs):
    """One cell's outputs as comparable text (what is compared, and what a diff shows)."""
    from run_notebook import FIGURE_MIME, TABLE_MIME
    lines = []
    merged = []
    for o in outputs:
        if printed_table(o):
            # print(df): the page's table (docs/api.md), stdout to Python: its text and a newline.
            o = {"output_type": "stream", "name": "stdout", "text": o["data"]["text/plain"] + "\n"}
        if o.get("output_type") == "stream":
            text = o.get("text", "")
            if o.get("name") == "stderr":
                text = normalized_stderr(text)
            if not text:
                continue
            if merged and merged[-1].get("output_type") == "stream" and merged[-1]["name"] == o["name"]:
                merged[-1] = dict(merged[-1], text=merged[-1]["text"] + text)
                continue
            o = dict(o, text=text)
        merged.append(o)
    for o in merged:
        kind = o.get("output_type")
        if kind == "stream":
            lines.append(f"[{o['name']}]")
            lines += ADDRESS.sub("0x?", o["text"]).split("\n")
        elif kind in ("execute_result", "display_data"):
            data = o.get("data", {})
            lines.append(f"[{kind}] text/plain")
            lines += ADDRESS.sub("0x?", str(data.get("text/plain"))).split("\n")
            if FIGURE_MIME in data:
                lines.append(f"[{kind}] figure")
                lines += canonical_json(data[FIGURE_MIME])
            if TABLE_MIME in data:
                lines.append(f"[{kind}] table")
                lines += canonical_json(data[TABLE_MIME])
            # (the core's chart JSON is the page's bar chart derived from the figure, which Python
            # does not make: the figure JSON above is what is compared)
            others = sorted(set(data) - {"text/plain", FIGURE_MIME, TABLE_MIME, CHART_MIME})
            if others:
                lines.append(f"[{kind}] other data: {others}")
        elif kind == "error":
            lines.append(f"[error] {o.get('ename')}")
            lines.append(f"evalue: {ADDRESS.sub('0x?', str(o.get('evalue')))}")
            for line in o.get("traceback", []):
                lines.append(ADDRESS.sub("0x?", line))
        else:
            lines.append(f"[{kind}] {json.dumps(o, ensure_ascii=False, sort_keys=True)}")
    return lines


def script_text(result):
    lines = [f"[exit] {result['exit']}", "[stdout]"]
    lines += ADDRESS.sub("0x?", result["stdout"]).split("\n")
    lines.append("[stderr]")
    lines += normalized_stderr(result["stderr"]).split("\n")
    return lines


def unified(want, got, want_name, got_name):
    return "\n".join(difflib.unified_diff(want, got, want_name, got_name, n=2, lineterm=""))


# ---------------------------------------------------------------- running

class ScriptRunner:
    """`python3 FILE.py`: through the fork server, or one process per file (--real-python)."""

    def __init__(self, python, real):
        self.python, self.real = python, real
        self.server = None
        if not real:
            self.server = subprocess.Popen([python, os.path.join(HERE, "script_server.py")],
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                           text=True, env=clean_env())

    def run(self, path):
        if self.real:
            proc = subprocess.run([self.python, path], capture_output=True, env=clean_env(),
                                  stdin=subprocess.DEVNULL, timeout=TIMEOUT)
            return {"stdout": proc.stdout.decode("utf-8", "surrogateescape"),
                    "stderr": proc.stderr.decode("utf-8", "surrogateescape"),
                    "exit": proc.returncode}
        self.server.stdin.write(json.dumps({"path": path, "timeout": TIMEOUT}) + "\n")
        self.server.stdin.flush()
        line = self.server.stdout.readline()
        if not line:
            raise RuntimeError("the script server stopped")
        return json.loads(line)

    def close(self):
        if self.server:
            self.server.stdin.close()
            self.server.wait()


def run_labrun(labrun, flag, path):
    try:
        proc = subprocess.run([labrun, flag, path], capture_output=True, env=clean_env(),
                              stdin=subprocess.DEVNULL, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return {"stdout": "", "stderr": f"labrun did not finish in {TIMEOUT} s", "exit": -9}
    return {"stdout": proc.stdout.decode("utf-8", "surrogateescape"),
            "stderr": proc.stderr.decode("utf-8", "surrogateescape"), "exit": proc.returncode}


class Tally:
    def __init__(self):
        self.programs = 0
        self.cells = 0
        self.agree = 0
        self.differ = 0
        self.unsupported = 0
        self.unexpected_unsupported = 0
        self.not_run = 0
        self.unmeasured_axes = 0  # figure axes whose ticks the kernel left unmeasured (null)
        self.variables = 0  # variables-list entries compared with the oracle's names
        self.variables_differ = 0
        self.scripts = 0
        self.scripts_agree = 0
        self.failed_programs = []
        self.ends = {}  # how programs end in the oracle: "ok" or the exception's name

    def note_end(self, notebook):
        end = "ok"
        for cell in notebook["cells"]:
            for o in cell["outputs"]:
                if o["output_type"] == "error":
                    end = o["ename"]
        self.ends[end] = self.ends.get(end, 0) + 1


def report(program, problems, tally, verbose):
    if problems:
        tally.failed_programs.append(program.name)
        print(f"DIFFER {program.name}  ({program.path})")
        for p in problems:
            print("  " + p.replace("\n", "\n  "))
    elif verbose:
        print(f"agree  {program.name}")


TICK_FIELDS = ("ticks", "ticklabels", "offset")


def mask_unmeasured(want_outputs, got_outputs, tally):
    """Where the kernel's figure has null ticks for an axis (after tight_layout, their count
    depends on text sizes it does not measure: docs/figure-json.md), leave matplotlib's ticks
    for that axis out of the comparison, and count it. Nothing else may be null there."""
    from run_notebook import FIGURE_MIME
    def figures(outputs):
        return [o["data"][FIGURE_MIME] for o in outputs if FIGURE_MIME in o.get("data", {})]
    for want_fig, got_fig in zip(figures(want_outputs), figures(got_outputs)):
        for want_ax, got_ax in zip(want_fig.get("axes", []), got_fig.get("axes", [])):
            prefixes = ("",) if got_ax.get("kind") == "colorbar" else ("x", "y")
            for p in prefixes:
                if all(got_ax.get(p + f, 0) is None for f in TICK_FIELDS):
                    tally.unmeasured_axes += 1
                    for f in TICK_FIELDS:
                        if p + f in want_ax:
                            want_ax[p + f] = None


def compare_notebook(program, want, got_run, tally, allow_unsupported=False):
    """The oracle's cells against labrun --notebook's; returns problems."""
    if got_run["exit"] not in (0, 1, 3) or not got_run["stdout"].strip():
        tally.differ += len(want["cells"])
        return [f"labrun --notebook exited {got_run['exit']}: {got_run['stderr'][-2000:]}"]
    try:
        got = json.loads(got_run["stdout"])
        got_cells = got["cells"]
    except (ValueError, KeyError, TypeError) as e:
        tally.differ += len(want["cells"])
        return [f"labrun --notebook printed no cells ({e}): {got_run['stdout'][:500]}"]
    problems = []
    if len(got_cells) != len(want["cells"]):
        problems.append(f"{len(got_cells)} cells from labrun, {len(want['cells'])} in the program")
    failed_before = False
    saw_unsupported = False
    for n, (w, g) in enumerate(zip(want["cells"], got_cells), start=1):
        status = g.get("status")
        if status == "not-run":
            tally.not_run += 1
            if not failed_before:
                tally.differ += 1
                problems.append(f"cell {n}: not-run, but no earlier cell raised")
            continue
        if status == "unsupported":
            tally.unsupported += 1
            saw_unsupported = failed_before = True
            if not program.expect_unsupported:
                tally.unexpected_unsupported += 1
                if allow_unsupported:
                    continue
                tally.differ += 1
                last = (g.get("outputs") or [{}])[-1]
                problems.append(f"cell {n}: unsupported in a program of the subset: "
                                f"{last.get('ename')}: {last.get('evalue')}")
            continue
        tally.cells += 1
        mask_unmeasured(w["outputs"], g.get("outputs", []), tally)
        want_lines = [f"status: {w['status']}"] + cell_text(w["outputs"])
        got_lines = [f"status: {status}"] + cell_text(g.get("outputs", []))
        if want_lines == got_lines:
            tally.agree += 1
        else:
            tally.differ += 1
            problems.append(f"cell {n} differs:\n"
                            + unified(want_lines, got_lines, "python (notebook oracle)", "labrun --notebook"))
        problems += compare_variables(n, w.get("variables", {}), g.get("variables", []), tally)
        failed_before = failed_before or status == "error"
    if program.expect_unsupported and not saw_unsupported:
        problems.append("expected unsupported, but labrun --notebook reported no unsupported cell")
    return problems


ADDRESS = re.compile(r"0x[0-9a-f]+")


def compare_variables(n, want, got, tally):
    """A cell's variables list (labrun --notebook) against the oracle's names after the cell:
    each listed name must exist there with the same type, repr (addresses masked), shape and
    dtype. Which names the list holds (those the cell bound or changed) is the kernel's rule."""
    problems = []
    for entry in got:
        name = entry.get("name")
        if name in ("_", "__", "___"):
            continue  # IPython's names for the last results: the oracle's value is not the program's
        tally.variables += 1
        if name not in want:
            tally.variables_differ += 1
            problems.append(f"cell {n}: variables list {name!r}, which Python does not have")
            continue
        mine = {k: v for k, v in entry.items() if k != "name"}
        theirs = dict(want[name])
        if mine.get("lazy"):  # drawn lazily: no repr (its values would be drawn again)
            theirs["repr"], theirs["lazy"] = None, True
        elif mine.get("repr") == "<repr not available in the lab kernel>":
            theirs["repr"] = mine["repr"]  # refused, not answered differently
        for d in (mine, theirs):
            if isinstance(d.get("repr"), str):
                d["repr"] = ADDRESS.sub("0x…", d["repr"])
        if mine != theirs:
            tally.variables_differ += 1
            problems.append(f"cell {n}: variable {name!r} differs:\n  python: {json.dumps(theirs, ensure_ascii=False)}"
                            f"\n  labrun: {json.dumps(mine, ensure_ascii=False)}")
    return problems


def compare_script(program, want, got, tally, allow_unsupported=False):
    tally.scripts += 1
    if program.expect_unsupported:
        problems = []
        last = got["stderr"].rstrip("\n").split("\n")[-1]
        if got["exit"] != 3 or not last.startswith("UnsupportedInLab: "):
            problems.append(f"expected unsupported: labrun --python exited {got['exit']}, "
                            f"last stderr line {last!r}")
        if not want["stdout"].startswith(got["stdout"]):
            problems.append("labrun --python printed what Python does not:\n"
                            + unified(want["stdout"].split("\n"), got["stdout"].split("\n"), "python3", "labrun"))
        if not problems:
            tally.scripts_agree += 1
        return problems
    if got["exit"] == 3:
        tally.unexpected_unsupported += 1
        if allow_unsupported:
            return []
    want_lines, got_lines = script_text(want), script_text(got)
    if want_lines == got_lines:
        tally.scripts_agree += 1
        return []
    return ["script differs:\n" + unified(want_lines, got_lines, "python3 FILE.py", "labrun --python FILE.py")]


def cross_check(program, notebook, script):
    """A one-cell notebook prints what the script prints (the oracle's own check)."""
    cell = notebook["cells"][0] if notebook["cells"] else {"outputs": [], "status": "ok"}
    stdout = "".join(o["text"] for o in cell["outputs"]
                     if o["output_type"] == "stream" and o["name"] == "stdout")
    problems = []
    if ADDRESS.sub("0x?", stdout) != ADDRESS.sub("0x?", script["stdout"]):
        problems.append("notebook stdout != script stdout:\n"
                        + unified(script["stdout"].split("\n"), stdout.split("\n"), "python3 FILE.py", "oracle"))
    errors = [o for o in cell["outputs"] if o["output_type"] == "error"]
    if errors and errors[-1]["ename"] in ("SyntaxError", "IndentationError", "TabError"):
        return problems  # IPython compiles cells with other flags ("incomplete input")
    stderr = "".join(o["text"] for o in cell["outputs"]
                     if o["output_type"] == "stream" and o["name"] == "stderr")
    stderr = stderr.replace(CELL_FILE, program.path)
    if errors:
        stderr += "\n".join(errors[-1]["traceback"]).replace('File "<cell 1>"', f'File "{program.path}"') + "\n"
    want = FONT_WARNING.sub("", script["stderr"])
    if ADDRESS.sub("0x?", stderr) != ADDRESS.sub("0x?", want):
        problems.append("notebook stderr + traceback != script stderr:\n"
                        + unified(want.split("\n"), stderr.split("\n"), "python3 FILE.py", "oracle"))
    if (script["exit"] == 1) != bool(errors):
        problems.append(f"script exit {script['exit']}, notebook errors {len(errors)}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--labrun")
    parser.add_argument("--corpus", default=os.path.join(ROOT, "tests", "edits"),
                        help="directory of hand-written programs (default tests/edits)")
    parser.add_argument("--no-corpus", action="store_true", help="only generated programs")
    parser.add_argument("--generated", type=int, default=0, metavar="N")
    parser.add_argument("--seed", default="1", help="generator seed, or 'random'")
    parser.add_argument("--keep", metavar="DIR", help="write the generated programs here and keep them")
    parser.add_argument("--only", action="append", default=[], metavar="NAME")
    parser.add_argument("--oracle-only", action="store_true")
    parser.add_argument("--real-python", action="store_true")
    parser.add_argument("--python", default="/usr/bin/python3")
    parser.add_argument("--allow-unsupported", action="store_true",
                        help="count cells labrun says are unsupported without failing")
    parser.add_argument("-v", action="store_true")
    args = parser.parse_args()
    if not args.oracle_only and not args.labrun:
        parser.error("--labrun is required (or --oracle-only)")

    started = time.monotonic()
    programs = [] if args.no_corpus else corpus_programs(args.corpus, args.only)
    tmp = None
    if args.generated:
        seed = random.SystemRandom().randrange(2**32) if args.seed == "random" else int(args.seed)
        print(f"generated programs: {args.generated} with --seed {seed}")
        directory = args.keep or tempfile.mkdtemp(prefix="tlab-generated-")
        os.makedirs(directory, exist_ok=True)
        tmp = None if args.keep else directory
        generated = generated_programs(args.python, args.generated, seed, directory, args.only)
        programs += generated
        if args.oracle_only:
            # The generator must give the same programs for the same seed.
            again_dir = tempfile.mkdtemp(prefix="tlab-generated-")
            try:
                again = generated_programs(args.python, args.generated, seed, again_dir, args.only)
                changed = [a.name for a, b in zip(generated, again) if a.text != b.text]
                if changed or len(again) != len(generated):
                    print(f"DIFFER gen_programs.py --seed {seed} is not deterministic: {changed[:10]}")
                    return 1
            finally:
                shutil.rmtree(again_dir, ignore_errors=True)

    from run_notebook import NotebookOracle, OracleBug
    scripts = ScriptRunner(args.python, args.real_python and not args.oracle_only)
    real = ScriptRunner(args.python, True) if args.oracle_only and args.real_python else None
    oracle = NotebookOracle()
    tally = Tally()
    timing = {"notebook oracle": 0.0, "script oracle": 0.0, "labrun": 0.0}

    def timed(key, fn, *a):
        t = time.monotonic()
        try:
            return fn(*a)
        finally:
            timing[key] += time.monotonic() - t

    try:
        for program in programs:
            tally.programs += 1
            problems = []
            notebook = None
            try:
                if "notebook" in program.modes or (args.oracle_only and program.single_cell):
                    notebook = timed("notebook oracle", oracle.run, program.text, TIMEOUT, True)
                    tally.note_end(notebook)
                again = None
                if "notebook" in program.modes and args.oracle_only:
                    again = timed("notebook oracle", oracle.run, program.text, TIMEOUT, True)
            except OracleBug as e:
                report(program, [f"the notebook oracle failed: {e}"], tally, args.v)
                continue
            if "notebook" in program.modes:
                if args.oracle_only:
                    first = [cell_text(c["outputs"]) for c in notebook["cells"]]
                    second = [cell_text(c["outputs"]) for c in again["cells"]]
                    tally.cells += len(first)
                    if first != second:
                        problems.append("the notebook oracle is not deterministic:\n"
                                        + unified(sum(first, []), sum(second, []), "run 1", "run 2"))
                    tally.agree += len(first) if first == second else 0
                    tally.differ += 0 if first == second else len(first)
                else:
                    got = timed("labrun", run_labrun, args.labrun, "--notebook", program.path)
                    problems += compare_notebook(program, notebook, got, tally, args.allow_unsupported)
            if "script" in program.modes:
                want = timed("script oracle", scripts.run, program.path)
                if want["exit"] in (-signal.SIGALRM, -signal.SIGKILL):
                    problems.append(f"python3 FILE.py did not finish in {TIMEOUT} s")
                elif args.oracle_only:
                    tally.scripts += 1
                    script_problems = []
                    again = timed("script oracle", scripts.run, program.path)
                    if script_text(want) != script_text(again):
                        script_problems.append("python3 FILE.py is not deterministic:\n"
                                        + unified(script_text(want), script_text(again), "run 1", "run 2"))
                    if real is not None:
                        truth = timed("script oracle", real.run, program.path)
                        if script_text(truth) != script_text(want):
                            script_problems.append("the fork server differs from python3 FILE.py:\n"
                                            + unified(script_text(truth), script_text(want), "python3", "fork server"))
                    if program.single_cell and program.script_differs is None and notebook:
                        script_problems += cross_check(program, notebook, want)
                    tally.scripts_agree += not script_problems
                    problems += script_problems
                else:
                    got = timed("labrun", run_labrun, args.labrun, "--python", program.path)
                    problems += compare_script(program, want, got, tally, args.allow_unsupported)
            report(program, problems, tally, args.v)
    finally:
        scripts.close()
        if real:
            real.close()
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)

    elapsed = time.monotonic() - started
    cpu = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    what = "oracle determinism" if args.oracle_only else "labrun vs python"
    print(f"{what}: {tally.programs} programs; notebook cells compared {tally.cells}: "
          f"{tally.agree} agree, {tally.differ} differ, {tally.unsupported} unsupported "
          f"({tally.unexpected_unsupported} unexpected), {tally.not_run} not-run, "
          f"{tally.unmeasured_axes} axes with unmeasured ticks; "
          f"variables {tally.variables}: {tally.variables - tally.variables_differ} agree, "
          f"{tally.variables_differ} differ; "
          f"scripts {tally.scripts}: {tally.scripts_agree} agree, "
          f"{tally.scripts - tally.scripts_agree} differ")
    ends = ", ".join(f"{k} {v}" for k, v in sorted(tally.ends.items(), key=lambda kv: (-kv[1], kv[0])))
    print(f"programs ending (notebook oracle): {ends}")
    print("wall time: " + ", ".join(f"{k} {v:.1f} s" for k, v in timing.items() if v)
          + f", total {elapsed:.1f} s; CPU time: this process (the notebook oracle and the "
          f"comparisons) {cpu:.1f} s, child processes (generator, scripts, labrun) "
          f"{children.ru_utime + children.ru_stime:.1f} s")
    if tally.failed_programs:
        print(f"{len(tally.failed_programs)} programs differ: {' '.join(tally.failed_programs[:40])}")
    return 1 if tally.failed_programs else 0


if __name__ == "__main__":
    sys.exit(main())
