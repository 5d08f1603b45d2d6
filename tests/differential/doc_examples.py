"""The examples of a documentation page, run: docs/python-subset.md (default) or docs/api.md.

    /usr/bin/python3 tests/differential/doc_examples.py --labrun build/native/labrun [-v]
    /usr/bin/python3 tests/differential/doc_examples.py --oracle-only [--labrun build/native/labrun]
    /usr/bin/python3 tests/differential/doc_examples.py --doc docs/api.md --labrun build/native/labrun
    /usr/bin/python3 tests/differential/doc_examples.py --list      # the programs and their names

Every ```python block of the page becomes one program in a temporary corpus directory, named after
the section it is in (`doc_06_numpy_views_1.py`: the 6th section with examples, its first block),
and run_python_diff.py runs the corpus with the options given here (those of the
oracle.python_corpus test): labrun against real Python, script and notebook, or the oracles alone.

A ```console block shows a command and what it prints. Its first line is `$ command` (a shell
command in which `build/native/labrun` stands for the --labrun given); the lines after it are
what the command prints (stdout, then stderr), the last one `[exit status N]` when given; or, when
a ```json block follows, the command's stdout is that JSON, where the string "…" stands for any
value and a list ending in "…" for any list that starts with the items before it. The command
runs (only with --labrun) in a scratch directory where the python block right before the console
block, if any, is written to the .py file the command names. A python block whose first line is
`# lab-only: <why>` shows a limit of the kernel's own, which Python cannot be compared with: it
is not given to Python, and must have a console block. `# lab-only: padded to N bytes ...` makes
the program N bytes long with comment lines appended (the source-size limit cannot be shown in a
short block).
"""
import argparse
import difflib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import oracle_cpu  # labrun computes exp, log and power as this NumPy does

oracle_cpu.match_labrun()

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DOC = os.path.join(ROOT, "docs", "python-subset.md")

FENCE = re.compile(r"^```(\S*)\s*$")
HEADING = re.compile(r"^(#{2,3}) +(.*?)\s*$")
LAB_ONLY = re.compile(r"^# lab-only: *(.*)$")
PADDED = re.compile(r"padded to (\d+) bytes")
FILE = re.compile(r"[\w.-]+\.py\b")
EXIT = re.compile(r"^\[exit status (\d+)\]$")


def slug(text):
    text = re.sub(r"`([^`]*)`", r"\1", text).lower()
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_")[:40] or "section"


class Block:
    def __init__(self, lang, text, line, section):
        self.lang, self.text, self.line, self.section = lang, text, line, section
        self.name = None       # a python block's program name
        self.lab_only = False  # not compared with Python


class Console:
    """A ```console block: its command, the python block right before it (the program the
    command runs, or None) and the ```json block right after it (the expected stdout, or None)."""
    def __init__(self, console, program, json_block):
        self.console, self.json = console, json_block
        self.text = None if program is None else program.text
        self.name = None if program is None else program.name
        self.program = program


def read_blocks(path):
    """The fenced blocks of a Markdown file, each with the heading it stands under."""
    blocks = []
    section = "intro"
    sub = None
    lang = None
    body = []
    start = 0
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for n, line in enumerate(lines, start=1):
        if lang is None:
            m = FENCE.match(line)
            if m:
                lang, body, start = m.group(1), [], n
                continue
            h = HEADING.match(line)
            if h:
                if h.group(1) == "##":
                    section, sub = h.group(2), None
                else:
                    sub = h.group(2)
        elif line.startswith("```"):
            title = section if sub is None else f"{section} {sub}"
            blocks.append(Block(lang, "\n".join(body) + "\n", start, title))
            lang = None
        else:
            body.append(line)
    if lang is not None:
        raise ValueError(f"{path}:{start}: the ```{lang} block is not closed")
    return blocks


def programs(blocks, doc):
    """The python blocks, named, and the console blocks."""
    out, consoles = [], []
    numbers = {}
    counts = {}
    for i, b in enumerate(blocks):
        if b.lang == "console":
            before = blocks[i - 1] if i > 0 and blocks[i - 1].lang == "python" else None
            after = blocks[i + 1] if i + 1 < len(blocks) and blocks[i + 1].lang == "json" else None
            consoles.append(Console(b, before, after))
            continue
        if b.lang != "python":
            continue
        if b.section not in numbers:
            numbers[b.section] = len(numbers) + 1
        counts[b.section] = counts.get(b.section, 0) + 1
        b.name = f"doc_{numbers[b.section]:02d}_{slug(b.section)}_{counts[b.section]}.py"
        b.lab_only = LAB_ONLY.match(b.text.split("\n", 1)[0]) is not None
        out.append(b)
    for b in out:
        if b.lab_only and not any(c.program is b for c in consoles):
            raise ValueError(f"{doc}:{b.line}: a lab-only block must be followed by a ```console block")
    return out, consoles


def program_text(block):
    m = LAB_ONLY.match(block.text.split("\n", 1)[0])
    padded = PADDED.search(m.group(1)) if m else None
    if not padded:
        return block.text
    size = int(padded.group(1))
    text = block.text
    filler = "# " + "x" * 77 + "\n"
    while len(text.encode("utf-8")) + len(filler) <= size:
        text += filler
    short = size - len(text.encode("utf-8"))
    if short > 0:
        text += "#" * (short - 1) + "\n" if short > 1 else "\n"
    assert len(text.encode("utf-8")) == size
    return text


ELLIPSIS = "…"


def json_matches(want, got):
    """`got` equals `want`, where the string "…" in `want` stands for any value and a list ending
    in "…" for any list that starts with the items before it."""
    if want == ELLIPSIS:
        return True
    if isinstance(want, dict):
        return isinstance(got, dict) and want.keys() == got.keys() and all(
            json_matches(want[k], got[k]) for k in want)
    if isinstance(want, list):
        if not isinstance(got, list):
            return False
        if want and want[-1] == ELLIPSIS:
            want = want[:-1]
            got = got[:len(want)]
        return len(want) == len(got) and all(json_matches(w, g) for w, g in zip(want, got))
    if isinstance(want, bool) or isinstance(got, bool):
        return want is got
    return type(want) == type(got) and want == got


def check_console(block, doc, labrun, directory, verbose):
    """Runs a console block's command (labrun standing for the one given) in `directory`, with
    the python block before it written to the file the command names; returns problems."""
    lines = block.console.text.rstrip("\n").split("\n")
    where = f"{os.path.relpath(doc, ROOT)} line {block.console.line}"
    if not lines or not lines[0].startswith("$ ") or "build/native/labrun" not in lines[0]:
        return [f"{where}: a console block must start with '$ ...build/native/labrun...'"]
    command = lines[0][2:]
    want_exit = None
    if len(lines) > 1 and EXIT.match(lines[-1]):
        want_exit = int(EXIT.match(lines[-1]).group(1))
        lines = lines[:-1]
    if block.text is not None:
        name = FILE.search(command)
        if name is None:
            return [f"{where}: the command names no .py file for the python block before it"]
        with open(os.path.join(directory, name.group(0)), "w", encoding="utf-8") as f:
            f.write(program_text(block))
    proc = subprocess.run(["bash", "-c", command.replace("build/native/labrun", shlex.quote(labrun))],
                          cwd=directory, capture_output=True, stdin=subprocess.DEVNULL, timeout=600)
    out = proc.stdout.decode("utf-8", "surrogateescape")
    err = proc.stderr.decode("utf-8", "surrogateescape")
    problems = []
    if want_exit is not None and proc.returncode != want_exit:
        problems.append(f"exit status {proc.returncode}, the page says {want_exit}")
    if block.json is not None:
        want = json.loads(block.json.text)
        try:
            got = json.loads(out)
        except ValueError:
            got = None
            problems.append(f"the command printed no JSON:\n{out[:2000]}{err[-2000:]}")
        if got is not None and not json_matches(want, got):
            problems.append("the JSON differs:\n" + "\n".join(difflib.unified_diff(
                json.dumps(want, indent=2, ensure_ascii=False).split("\n"),
                json.dumps(got, indent=2, ensure_ascii=False).split("\n"),
                "the page", "the command", lineterm="")))
    else:
        got_lines = (out + err).rstrip("\n").split("\n") if out + err else []
        if got_lines != lines[1:]:
            problems.append("\n".join(difflib.unified_diff(lines[1:], got_lines, "the page", "the command",
                                                            lineterm="")))
    if problems:
        return [f"DIFFER {where} ({block.name or 'console'}):\n  " + "\n  ".join(p.replace("\n", "\n  ") for p in problems)]
    if verbose:
        print(f"agree  {where} ({block.name or 'console'})")
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--labrun", help="the kernel: runs the console blocks, and the python blocks "
                                         "against real Python unless --oracle-only")
    parser.add_argument("--oracle-only", action="store_true",
                        help="run_python_diff.py --oracle-only for the python blocks")
    parser.add_argument("--python", default="/usr/bin/python3")
    parser.add_argument("--doc", default=DOC)
    parser.add_argument("--keep", metavar="DIR", help="write the programs here and keep them")
    parser.add_argument("--list", action="store_true", help="list the programs and stop")
    parser.add_argument("-v", action="store_true")
    args = parser.parse_args()
    if not args.list and not args.oracle_only and not args.labrun:
        parser.error("--labrun is required (or --oracle-only)")
    doc = os.path.abspath(args.doc)

    blocks, consoles = programs(read_blocks(doc), doc)
    compared = [b for b in blocks if not b.lab_only]
    if args.list:
        for b in blocks:
            kind = "lab-only" if b.lab_only else "differential"
            shown = " + console" if any(c.program is b for c in consoles) else ""
            print(f"{b.name}  line {b.line}  {kind}{shown}")
        for c in consoles:
            if c.program is None:
                print(f"console  line {c.console.line}")
        return 0
    if not compared and not consoles:
        print(f"no python or console blocks in {args.doc}")
        return 1

    directory = args.keep or tempfile.mkdtemp(prefix="tlab-doc-examples-")
    corpus = os.path.join(directory, "corpus")
    scratch = os.path.join(directory, "console")
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(scratch, exist_ok=True)
    try:
        for b in compared:
            with open(os.path.join(corpus, b.name), "w", encoding="utf-8") as f:
                f.write(b.text)
        problems = []
        if args.labrun:
            for c in consoles:
                problems += check_console(c, doc, os.path.abspath(args.labrun), scratch, args.v)
            for p in problems:
                print(p)
            print(f"console examples (commands and what they print, as the page shows them): "
                  f"{len(consoles)}, {len(consoles) - len(problems)} agree")
        else:
            print(f"console examples: {len(consoles)}, not run (no --labrun)")
        status = 0
        if compared:
            command = [args.python, os.path.join(HERE, "run_python_diff.py"), "--corpus", corpus,
                       "--python", args.python]
            command += ["--oracle-only"] if args.oracle_only else ["--labrun", args.labrun]
            if args.v:
                command.append("-v")
            print(f"differential examples: {len(compared)} programs from {os.path.relpath(doc, ROOT)}")
            sys.stdout.flush()
            status = subprocess.run(command).returncode
        return 1 if problems or status != 0 else 0
    finally:
        if not args.keep:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
