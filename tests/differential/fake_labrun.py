#!/usr/bin/python3
"""A stand-in for `labrun --notebook/--python` made of the oracles, to test run_python_diff.py.

    fake_labrun.py --notebook FILE.py | --python FILE.py

answers what an exact interpreter would (the notebook oracle's cells; python3 FILE.py's output
and exit status), or, with TLAB_FAKE_LABRUN set, what a faulty one would:
  digit        the first digit of each stdout text (notebook and script) is changed;
  variable     the first digit in the repr of each cell's first listed variable is changed;
  not-run      the cells after a cell that raised are "not-run", as the interpreter's execution
               model allows;
  unsupported  every cell is "unsupported" with an UnsupportedInLab error, and a script ends
               with an UnsupportedInLab line and exit status 3.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "oracle"))


def changed_digit(text):
    return re.sub(r"\d", lambda m: str((int(m.group()) + 1) % 10), text, count=1)


def notebook(path, mode):
    from run_notebook import NotebookOracle
    with open(path, encoding="utf-8") as f:
        result = NotebookOracle().run(f.read(), variables=True)
    failed = False
    for cell in result["cells"]:
        # The kernel's list: every name the oracle has (more than the kernel lists: all agree).
        cell["variables"] = [dict(entry, name=name) for name, entry in sorted(cell["variables"].items())]
        if mode == "variable":
            for entry in cell["variables"]:
                if re.search(r"\d", entry["repr"]):
                    entry["repr"] = changed_digit(entry["repr"])
                    break
        if mode == "digit":
            for o in cell["outputs"]:
                if o["output_type"] == "stream" and o["name"] == "stdout":
                    o["text"] = changed_digit(o["text"])
        elif mode == "not-run" and failed:
            cell["status"], cell["outputs"] = "not-run", []
        elif mode == "unsupported":
            cell["status"] = "unsupported"
            cell["outputs"] = [{"output_type": "error", "ename": "UnsupportedInLab",
                                "evalue": "line 1: not in the lab's Python", "traceback": []}]
        failed = failed or cell["status"] == "error"
    print(json.dumps(result, ensure_ascii=False))
    return 0


def script(path, mode):
    if mode == "unsupported":
        sys.stderr.write("UnsupportedInLab: line 1: not in the lab's Python\n")
        return 3
    proc = subprocess.run(["/usr/bin/python3", path], capture_output=True, text=True)
    out = changed_digit(proc.stdout) if mode == "digit" else proc.stdout
    sys.stdout.write(out)
    sys.stderr.write(proc.stderr)
    return proc.returncode


def main():
    flag, path = sys.argv[1], sys.argv[2]
    mode = os.environ.get("TLAB_FAKE_LABRUN", "exact")
    return notebook(path, mode) if flag == "--notebook" else script(path, mode)


if __name__ == "__main__":
    sys.exit(main())
