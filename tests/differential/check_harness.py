"""run_python_diff.py must see what it is there to see: checked with fake_labrun.py, an
interpreter made of the oracles, exact or faulty in known ways.

    /usr/bin/python3 tests/differential/check_harness.py

Each case runs the harness on a few corpus programs (an error, a warning, a figure, a display, a
multi-cell program whose second cell raises, a program outside the subset) and checks its exit
status and counts: an exact interpreter agrees everywhere; a changed digit is a difference;
"not-run" cells after an error are counted, not compared; an interpreter refusing everything
fails on the subset and passes on the program marked `# expect: unsupported`; a changed digit in a
variables-list repr is a difference.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SUBSET = ["py_zero_division_in_function", "numpy_log_zero_warning", "mpl_bar_two_series",
          "pandas_print_vs_bare", "notebook_error_then_independent_cell"]
OUTSIDE = ["unsupported_set_literal"]


def harness(mode, programs, extra=()):
    env = dict(os.environ, TLAB_FAKE_LABRUN=mode)
    cmd = [sys.executable, os.path.join(HERE, "run_python_diff.py"),
           "--labrun", os.path.join(HERE, "fake_labrun.py")] + [a for p in programs for a in ("--only", p)]
    proc = subprocess.run(cmd + list(extra), capture_output=True, text=True, env=env)
    summary = re.search(r"cells compared (\d+): (\d+) agree, (\d+) differ, (\d+) unsupported "
                        r"\((\d+) unexpected\), (\d+) not-run, \d+ axes with unmeasured ticks; "
                        r"variables (\d+): \d+ agree, (\d+) differ; scripts (\d+): (\d+) agree, (\d+) differ",
                        proc.stdout)
    if summary is None:
        raise SystemExit(f"no summary from the harness ({mode}):\n{proc.stdout}\n{proc.stderr}")
    keys = ["cells", "agree", "differ", "unsupported", "unexpected", "not_run", "variables",
            "variables_differ", "scripts", "scripts_agree", "scripts_differ"]
    return proc.returncode, dict(zip(keys, map(int, summary.groups()))), proc.stdout


def main():
    failures = []

    def expect(name, ok, output):
        print(f"{'ok  ' if ok else 'FAIL'} {name}")
        if not ok:
            failures.append(name)
            print(output)

    code, n, out = harness("exact", SUBSET)
    expect("an exact interpreter agrees on every cell and script",
           code == 0 and n["differ"] == 0 and n["agree"] == n["cells"] > 0 and n["not_run"] == 0
           and n["scripts_differ"] == 0 and n["scripts"] == len(SUBSET), out)
    code, n, out = harness("exact", OUTSIDE)
    expect("running a program marked unsupported is a difference",
           code == 1 and "expected unsupported" in out, out)
    code, n, out = harness("digit", SUBSET)
    expect("a changed digit is a difference, in cells and in scripts",
           code == 1 and n["differ"] >= 4 and n["scripts_differ"] >= 4
           and "DIFFER mpl_bar_two_series" not in out, out)
    code, n, out = harness("variable", SUBSET)
    expect("a variable's changed repr is a difference, the outputs agreeing",
           code == 1 and n["variables_differ"] >= 1 and n["differ"] == 0 and n["variables"] > n["variables_differ"], out)
    code, n, out = harness("not-run", SUBSET)
    expect("cells after an error may be not-run: counted, not compared",
           code == 0 and n["not_run"] >= 2 and n["differ"] == 0, out)
    code, n, out = harness("unsupported", SUBSET + OUTSIDE)
    expect("refusing the subset fails; refusing the unsupported program passes",
           code == 1 and n["unexpected"] >= 5 and "DIFFER unsupported_set_literal" not in out
           and "DIFFER py_zero_division_in_function" in out, out)
    code, n, out = harness("unsupported", SUBSET + OUTSIDE, ["--allow-unsupported"])
    expect("--allow-unsupported counts them without failing",
           code == 0 and n["unexpected"] >= 5, out)
    print(f"harness checks: {7 - len(failures)} of 7 pass")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
