"""Checks the notebook oracle against Jupyter itself: each program runs as a notebook in a real
ipykernel (nbclient, one kernel per program, every cell run even after an error) and in
tests/oracle/run_notebook.py, and their outputs must agree.

    /usr/bin/python3 tests/differential/check_oracle_jupyter.py [--corpus tests/edits] [--only NAME]
                                                               [--jobs 2] [-v]

Compared per cell: the status, the stream texts (stdout exactly; stderr with the kernel's cell file
/tmp/ipykernel_<pid>/<hash>.py written as the oracle's placeholder), execute_result and
display_data `text/plain` (object addresses 0x... normalized in all of them), error `ename` and `evalue` (a
SyntaxError's file name written as the oracle's `<cell N>`). Not compared: figures beyond their
`text/plain` (the kernel draws a PNG where the oracle describes the figure), tracebacks (IPython
formats them its own way in a kernel; the oracle's are checked against `python3 FILE.py` by
run_python_diff.py --oracle-only), and the oracle's pinned choices (docs in run_notebook.py):
matplotlib's font warnings, which the kernel may print, are dropped from its stderr.
Takes about a second per program (a kernel each); it is a check of the oracle, not part of ctest.
"""
import argparse
import concurrent.futures
import difflib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "oracle"))

ADDRESS = re.compile(r"0x[0-9a-f]+")
KERNEL_CELL = re.compile(r"/tmp/ipykernel_\d+/\d+\.py")
SYNTAX_FILE = re.compile(r"\((\d+\.py|<cell \d+>), line (\d+)\)$")
FONT_WARNING = re.compile(r"^(findfont: .*\n|\S.*: UserWarning: Glyph \d+ .* missing from current font\.\n(  .*\n)?)",
                          re.M)


def run_in_jupyter(cells):
    """The cells' outputs as a real kernel records them (every cell run)."""
    import nbclient
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    client = nbclient.NotebookClient(nb, timeout=120, allow_errors=True, kernel_name="python3",
                                     resources={"metadata": {"path": "/tmp"}})
    client.execute()
    out = []
    for cell in nb.cells:
        outputs = []
        for o in cell.outputs:
            o = dict(o)
            if o["output_type"] == "stream":
                text = o["text"]
                if o["name"] == "stderr":
                    text = FONT_WARNING.sub("", KERNEL_CELL.sub("/tmp/ipykernel_<pid>/<cell>.py", text))
                if not text:
                    continue
                if outputs and outputs[-1]["output_type"] == "stream" and outputs[-1]["name"] == o["name"]:
                    outputs[-1]["text"] += text
                    continue
                o = {"output_type": "stream", "name": o["name"], "text": text}
            outputs.append(o)
        status = "error" if any(o["output_type"] == "error" for o in outputs) else "ok"
        out.append({"status": status, "outputs": outputs})
    return out


def summary(cell_outputs, number):
    """The comparable text of one cell's outputs."""
    lines = []
    for o in cell_outputs:
        kind = o["output_type"]
        if kind == "stream":
            lines.append(f"[{o['name']}]\n{ADDRESS.sub('0x?', o['text'])}")
        elif kind in ("execute_result", "display_data"):
            lines.append(f"[{kind}]\n{ADDRESS.sub('0x?', o['data'].get('text/plain', ''))}\n")
        elif kind == "error":
            evalue = SYNTAX_FILE.sub(lambda m: f"(<cell {number}>, line {m.group(2)})", o["evalue"])
            lines.append(f"[error]\n{o['ename']}: {evalue}\n")
    return "".join(lines)


def check(path):
    from run_notebook import split_cells
    with open(path, encoding="utf-8") as f:
        cells = split_cells(f.read())
    return path, cells, run_in_jupyter(cells)


def main():
    os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # the kernel's debugger note on stderr
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "edits"))
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("-v", action="store_true")
    args = parser.parse_args()

    from run_notebook import NotebookOracle
    paths = sorted(os.path.join(args.corpus, n) for n in os.listdir(args.corpus) if n.endswith(".py"))
    if args.only:
        paths = [p for p in paths if any(o in os.path.basename(p) for o in args.only)]
    # Programs outside the subset are left out: the oracle need not agree with Jupyter on what
    # input() or os.getcwd() do in a kernel.
    paths = [p for p in paths if "# expect: unsupported" not in open(p, encoding="utf-8").read()]
    # The kernels first: the oracle's shell replaces __main__, which the worker processes'
    # pickled jobs refer to.
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        runs = list(pool.map(check, paths))
    oracle = NotebookOracle()
    differ = 0
    for path, cells, jupyter in runs:
        ours = oracle.run_cells(cells)["cells"]
        problems = []
        for n, (a, b) in enumerate(zip(ours, jupyter), start=1):
            sa, sb = summary(a["outputs"], n), summary(b["outputs"], n)
            if a["status"] != b["status"] or sa != sb:
                diff = difflib.unified_diff(sb.splitlines(True), sa.splitlines(True),
                                            "jupyter", "oracle", n=1)
                problems.append(f"cell {n}: status {b['status']} / {a['status']}\n" + "".join(diff))
        name = os.path.basename(path)
        if problems:
            differ += 1
            print(f"DIFFER {name}")
            for p in problems:
                print("  " + p.rstrip("\n").replace("\n", "\n  "))
        elif args.v:
            print(f"agree  {name}")
    print(f"oracle vs Jupyter: {len(paths)} programs, {len(paths) - differ} agree, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
