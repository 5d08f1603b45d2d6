"""Differential test of the kernel's pandas: the source of every script case in
tests/golden/pandas_cases.json runs under Debian's Python (pandas 1.5.3) and under
`labrun --python`, and what it prints must agree. (Hand-written pandas programs, run in notebook
and script form, are tests/edits/pandas_*.py, through run_python_diff.py.)

    /usr/bin/python3 tests/differential/run_pandas_programs.py --labrun build/native/labrun

Each
runs in this process as `python3 FILE.py` would run it (a fresh __main__ namespace, Python's
default warning filters with a fresh registry, the traceback from the program's own frame on),
and through labrun, which prints what the kernel makes of it. Compared byte for byte: stdout,
stderr (warnings and tracebacks, pandas' library frames included) and the exit status.

Golden sources over 64 KB (their data written out as literals) are not run: the kernel refuses
programs past that size, and their cases run through test_pandas.cpp instead.
labrun may refuse a program (exit 3, "UnsupportedInLab: ..." as the last line of stderr) only
where that is allowed, in cases marked may_refuse; what it printed before refusing must be what
Python printed up to there.
Exit status 0 when every program agrees; otherwise the disagreements are listed.
"""
import argparse
import contextlib
import difflib
import io
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import traceback
import warnings

import oracle_cpu  # labrun computes exp, log and power as this NumPy does

os.environ["COLUMNS"] = "80"
oracle_cpu.match_labrun()

import numpy  # noqa: E402,F401  (imported once, as the programs' first import would)
import pandas  # noqa: E402,F401

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_FILTERS = list(warnings.filters)
MAX_SOURCE_BYTES = 64 * 1024  # tlab::kMaxSourceBytes: longer programs are refused before parsing


def run_python(path):
    source = pathlib.Path(path).read_text(encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    warnings.filters[:] = DEFAULT_FILTERS
    warnings._filters_mutated()  # a fresh registry: each warning shows once per program
    status = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            exec(compile(source, str(path), "exec"), {"__name__": "__main__"})
        except Exception as e:  # noqa: BLE001 - reported as python3 reports it
            tb = e.__traceback__
            while tb is not None and tb.tb_frame.f_code.co_filename != str(path):
                tb = tb.tb_next
            traceback.print_exception(type(e), e, tb)
            status = 1
        finally:
            pandas.reset_option("all", silent=True)  # a program's pd.set_option ends with it
    return out.getvalue(), err.getvalue(), status


def run_labrun(labrun, path):
    p = subprocess.run([labrun, "--python", str(path)], capture_output=True, text=True, timeout=60)
    return p.stdout, p.stderr, p.returncode


def programs(scratch):
    cases = json.loads((HERE.parent / "golden" / "pandas_cases.json").read_text(encoding="utf-8"))
    for k, c in enumerate(cases):
        if c["layout"] != "script":
            continue
        path = pathlib.Path(scratch) / f"case_{k:04d}.py"
        path.write_text(c["source"], encoding="utf-8")
        yield path, bool(c.get("may_refuse"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--labrun", required=True)
    ap.add_argument("--show", type=int, default=8, help="disagreements shown in full")
    args = ap.parse_args()
    agree = refused = too_long = 0
    failures = []
    with tempfile.TemporaryDirectory() as scratch:
        for path, may_refuse in programs(scratch):
            if path.stat().st_size > MAX_SOURCE_BYTES:
                too_long += 1  # the kernel refuses these by size (its golden case still runs)
                continue
            want = run_python(path)
            got = run_labrun(args.labrun, path)
            if got == want:
                agree += 1
                continue
            if got[2] == 3 and may_refuse and want[0].startswith(got[0]) and "UnsupportedInLab" in got[1]:
                refused += 1
                continue
            failures.append((path, got, want))
        for path, got, want in failures[: args.show]:
            source = path.read_text(encoding="utf-8")
            print(f"=== {path.name}\n{source if len(source) < 2000 else source[:2000] + ' ...'}")
            for name, g, w in zip(("stdout", "stderr", "status"), got, want):
                if g == w:
                    continue
                if name == "status":
                    print(f"--- status: labrun {g}, python {w}")
                    continue
                diff = difflib.unified_diff(w.splitlines(), g.splitlines(), "python", "labrun", lineterm="", n=1)
                print(f"--- {name}:\n" + "\n".join(list(diff)[:40]))
        for path, _, _ in failures[args.show:]:
            print(f"=== {path.name} disagrees")
    total = agree + refused + len(failures)
    print(f"pandas programs: {total} run, {agree} agree, {refused} refused where allowed, {len(failures)} disagree"
          f" ({too_long} golden sources over 64 KB not run)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
