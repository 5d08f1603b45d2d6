"""The labs' exercises against real Python: every checked exercise fails at the textbook values
and passes on its solution.

    /usr/bin/python3 tests/differential/check_exercises.py [--labrun build/native/labrun] [--lab DIR]

An exercise is an entry of a lab's lab.json "exercises" (id, step, answer kind, check), its text
in content.json's (task, hints, solution, feedback), and its check a Python expression calling
labs/<id>/checks.py (docs/lab-format.md). For each checked exercise, once at the textbook values
and once with its solution applied (solution.code for the steps it gives, solution.params written
into the others by labrun, as its answer's "source"), this script

  1. runs the lab's setup and its steps up to the exercise's, in order, in one namespace of real
     Python (not helpers.py: derived texts run in a kernel of their own, and a check that leaned
     on a helper would fail on the page);
  2. evaluates the check as the core does: in a deep copy of that namespace, with checks.py run in
     it and `answer` set (solution.answer, or None at the textbook values);
  3. requires a result that is not True at the textbook values and True on the solution, each
     feedback key returned present in content.json in Korean and English with every {placeholder}
     given, and a check that drew no random numbers, printed nothing and drew no figure.

A few more runs per exercise (the lab folder's probes.json: wrong values, edge cases) must give
the feedback key they name, so that every feedback text of content.json is reached by some run.

The kernel must agree: the same steps, then a cell of checks.py that prints the check's repr, run
through labrun's `cells` request, print Python's repr. And once the core checks exercises (a step
request's "answers" answered with "exercises"), its pass, feedback and values must be Python's;
a labrun that does not answer them fails the run. Constants a checks.py holds for random draws
it may not make (probes.json's "constants") are computed again from the textbook code.

Without --lab it checks every folder of labs/ ($TLAB_LABS when set, as for labrun), naming each
lab to labrun by its id; with --lab DIR, that one folder, wherever it is, sent to labrun as its
document (`labrun --check-lab DIR`), so that a lab not in labs/ yet can be checked
(`./lab check-lab DIR`).

probes.json (docs/lab-format.md, "Exercises"), read here only (the core and the build ignore it):

    {"probes": {"<exercise id>": [{"params": {...}, "code": {"<step>": "..."}, "answer": "...",
                                   "expect": "pass" or "<feedback key>", "note": "..."}, ...]},
     "constants": [{"name": "<checks.py name>", "param": "<param>", "step": <n>,
                    "expression": "<Python>"}]}

A probe applies `params` and `code` as a solution does, with `answer` as the learner's answer
(none for a `code` exercise), and expects the check's result; `note` says why it is there. A
constant is a dict of checks.py from values of `param` to what `expression` gives after step
`step` ran with that value. Both keys are optional; a field, an exercise or a name that is not
there fails the run instead of leaving a probe out.

One line per exercise; exit status 1 when anything fails.
"""
import argparse
import contextlib
import copy
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import types
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # the steps' charts are drawn nowhere; plt.show() does nothing
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import oracle_cpu  # noqa: E402  (labrun computes exp, log and power as this NumPy does)

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("code", "number", "choice", "reflection")
LANGS = ("ko", "en")

PROBE_FIELDS = ("params", "code", "answer", "expect", "note")
CONSTANT_FIELDS = ("name", "param", "step", "expression")


class Labrun:
    """labrun's JSON API, reading the lab folders of `labs_dir` (TLAB_LABS), or none at all when
    `labs_dir` is None (a lab is then sent as its document). `env` points TLAB_LABS at a copy of
    the folders without the exercises when this labrun cannot read them yet (`note` says why)."""

    def __init__(self, binary, labs_dir):
        self.binary = binary
        self.note = ""
        self._tmp = tempfile.TemporaryDirectory()
        if labs_dir is None:
            self.env = dict(os.environ, TLAB_LABS=self._tmp.name)  # no folders: only documents
            return
        self.env = dict(os.environ, TLAB_LABS=str(labs_dir))  # the folders this script reads
        listed = subprocess.run([binary, "--list"], capture_output=True, text=True, timeout=120, env=self.env)
        if listed.returncode != 0:
            self.note = listed.stderr.strip().splitlines()[-1] if listed.stderr.strip() else "labrun --list failed"
            for folder in lab_folders(labs_dir):
                dest = Path(self._tmp.name) / folder.name
                dest.mkdir()
                for f in folder.iterdir():
                    if f.name.startswith("step") or f.name == "helpers.py":
                        shutil.copy(f, dest / f.name)
                lab = json.loads((folder / "lab.json").read_text(encoding="utf-8"))
                lab.pop("exercises", None)
                (dest / "lab.json").write_text(json.dumps(lab, ensure_ascii=False), encoding="utf-8")
            self.env = dict(os.environ, TLAB_LABS=self._tmp.name)

    def request(self, req):
        done = subprocess.run([self.binary], input=json.dumps(req), capture_output=True, text=True,
                              timeout=300, env=self.env)
        return json.loads(done.stdout)

    def document(self, folder):
        """The folder's lab document as labrun reads and checks it; raises with labrun's message."""
        done = subprocess.run([self.binary, "--check-lab", str(folder)], capture_output=True, text=True,
                              timeout=120, env=self.env)
        if done.returncode != 0:
            raise RuntimeError(done.stderr.strip() or f"labrun --check-lab {folder} failed")
        return json.loads(done.stdout)

    def source(self, lab, step, params):
        answer = self.request({"lab": lab["ref"], "step": step, "params": params})
        if not answer.get("ok"):
            raise RuntimeError(f"labrun refused params {params}: {answer.get('error')}")
        return answer["source"]


def lab_folders(labs_dir):
    return [folder for folder in sorted(Path(labs_dir).iterdir()) if (folder / "lab.json").exists()]


def load_lab(folder):
    """A lab folder's files as this script reads them; `ref` is what a request's "lab" holds (the
    id, for a folder labrun reads; main() sets the document for one that it does not)."""
    lab = json.loads((folder / "lab.json").read_text(encoding="utf-8"))
    content = json.loads((folder / "content.json").read_text(encoding="utf-8"))
    checks = (folder / "checks.py").read_text(encoding="utf-8") if (folder / "checks.py").exists() else None
    steps = [(folder / f"step{k + 1}.py").read_text(encoding="utf-8") for k in range(len(lab["steps"]))]
    probes_file = folder / "probes.json"
    try:
        probes = json.loads(probes_file.read_text(encoding="utf-8")) if probes_file.exists() else {}
    except json.JSONDecodeError as e:
        probes = f"not JSON ({e})"
    return {"id": lab["id"], "ref": lab["id"], "lab": lab, "content": content, "checks": checks, "steps": steps,
            "probes": probes}


def probe_file_problems(lab):
    """What is wrong with the lab's probes.json, apart from what its runs give: every probe must
    name a checked exercise and every field must be one this script reads, so that a misspelt
    one fails instead of leaving its runs out."""
    data = lab["probes"]
    if isinstance(data, str):
        return [f"probes.json: {data}"]
    if not isinstance(data, dict):
        return ["probes.json: an object with \"probes\" and \"constants\""]
    problems = [f"probes.json: {key}: not a field (fields: probes, constants)"
                for key in data if key not in ("probes", "constants")]
    checked = {ex["id"]: ex for ex in lab["lab"].get("exercises", []) if "check" in ex}
    probes = data.get("probes", {})
    if not isinstance(probes, dict):
        return problems + ["probes.json: probes: an object from exercise ids to lists of probes"]
    for ex_id, runs in probes.items():
        at = f"probes.json: probes.{ex_id}"
        if ex_id not in checked:
            problems.append(f"{at}: not a checked exercise of lab.json ({', '.join(checked) or 'none'})")
            continue
        if not isinstance(runs, list) or not runs:
            problems.append(f"{at}: a list of probes")
            continue
        for k, probe in enumerate(runs):
            where = f"{at}[{k}]"
            if not isinstance(probe, dict):
                problems.append(f"{where}: an object")
                continue
            problems += [f"{where}.{key}: not a field (fields: {', '.join(PROBE_FIELDS)})"
                         for key in probe if key not in PROBE_FIELDS]
            if not isinstance(probe.get("expect"), str):
                problems.append(f"{where}.expect: \"pass\" or a feedback key")
            if "answer" in probe and not isinstance(probe["answer"], str):
                problems.append(f"{where}.answer: the answer as the learner types it, a str")
            if "answer" in probe and checked[ex_id]["answer"] == "code":
                problems.append(f"{where}.answer: a code exercise has no answer")
            if "note" in probe and not isinstance(probe["note"], str):
                problems.append(f"{where}.note: a str")
            if "params" in probe and not isinstance(probe["params"], dict):
                problems.append(f"{where}.params: an object, as a solution's")
            code = probe.get("code", {})
            if not (isinstance(code, dict) and all(isinstance(v, str) for v in code.values())
                    and all(n.isdigit() and 1 <= int(n) <= len(lab["steps"]) for n in code)):
                problems.append(f"{where}.code: an object from step numbers to code, as a solution's")
    constants = data.get("constants", [])
    if not isinstance(constants, list):
        return problems + ["probes.json: constants: a list"]
    params = {p.get("name") for p in lab["lab"].get("params", [])}
    for k, constant in enumerate(constants):
        where = f"probes.json: constants[{k}]"
        if not isinstance(constant, dict) or sorted(constant) != sorted(CONSTANT_FIELDS):
            problems.append(f"{where}: exactly the fields {', '.join(CONSTANT_FIELDS)}")
            continue
        if constant["param"] not in params:
            problems.append(f"{where}.param: \"{constant['param']}\" is not a param of lab.json")
        if not (isinstance(constant["step"], int) and 1 <= constant["step"] <= len(lab["steps"])):
            problems.append(f"{where}.step: from 1 to {len(lab['steps'])}")
    return problems


def lab_probes(lab, ex_id):
    """The exercise's probes as (what is applied, as a solution's params and code, the answer,
    the result expected: "pass" or a feedback key)."""
    return [({key: probe[key] for key in ("params", "code") if key in probe}, probe.get("answer"), probe["expect"])
            for probe in lab["probes"].get("probes", {}).get(ex_id, [])]


def text_problems(where, text):
    if not isinstance(text, dict) or set(text) != set(LANGS):
        return [f"{where}: a {{\"ko\", \"en\"}} pair"]
    return [f"{where}.{lang}: empty" for lang in LANGS if not isinstance(text[lang], str) or not text[lang].strip()]


def form_problems(lab):
    """What is wrong with the two files' exercises, apart from what the checks return."""
    problems = []
    exercises = lab["lab"].get("exercises", [])
    texts = lab["content"].get("exercises", [])
    if [e.get("id") for e in exercises] != [t.get("id") for t in texts]:
        return [f"content.json exercises' ids {[t.get('id') for t in texts]} are not lab.json's "
                f"{[e.get('id') for e in exercises]}, in order"]
    if exercises and lab["checks"] is None:
        problems.append("exercises but no checks.py")
    steps = len(lab["lab"]["steps"])
    for ex, text in zip(exercises, texts):
        at = f"exercises {ex['id']}"
        if not re.fullmatch(r"[a-z0-9-]+", ex["id"]):
            problems.append(f"{at}: id of lower-case letters, digits and -")
        if ex.get("answer") not in KINDS:
            problems.append(f"{at}: answer one of {KINDS}")
        if not (isinstance(ex.get("step"), int) and 1 <= ex["step"] <= steps):
            problems.append(f"{at}: step from 1 to {steps}")
        if (ex.get("answer") == "reflection") == ("check" in ex):
            problems.append(f"{at}: a check exactly when not a reflection")
        for field in ("title", "task"):
            problems += text_problems(f"{at}.{field}", text.get(field))
        hints = text.get("hints", [])
        if not 2 <= len(hints) <= 3:
            problems.append(f"{at}.hints: 2 or 3")
        for k, hint in enumerate(hints):
            problems += text_problems(f"{at}.hints[{k}]", hint)
        solution = text.get("solution", {})
        problems += text_problems(f"{at}.solution.text", solution.get("text"))
        for key, feedback in text.get("feedback", {}).items():
            problems += text_problems(f"{at}.feedback.{key}", feedback)
        if ex.get("answer") == "choice":
            ids = [c.get("id") for c in text.get("choices", [])]
            for k, choice in enumerate(text.get("choices", [])):
                problems += text_problems(f"{at}.choices[{k}].text", choice.get("text"))
            if len(ids) < 2 or len(set(ids)) != len(ids):
                problems.append(f"{at}.choices: two or more, each its own id")
            if solution.get("answer") not in ids:
                problems.append(f"{at}.solution.answer: one of the choices' ids {ids}")
        elif "choices" in text:
            problems.append(f"{at}.choices: only for a choice")
        if ex.get("answer") == "number" and not isinstance(solution.get("answer"), str):
            problems.append(f"{at}.solution.answer: the number as the learner types it, a str")
        if ex.get("answer") == "code" and not ("params" in solution or "code" in solution):
            problems.append(f"{at}.solution: params or code")
    return problems


def step_sources(labrun, lab, upto, solution):
    """The code of steps 1..upto: the textbook's, or with the solution's code and params."""
    code = (solution or {}).get("code", {})
    params = (solution or {}).get("params")
    sources = []
    for n in range(1, upto + 1):
        if str(n) in code:
            sources.append(code[str(n)])
        elif params:
            sources.append(labrun.source(lab, n, params))
        else:
            sources.append(lab["steps"][n - 1])
    return sources


def run_steps(lab, sources):
    namespace = {}
    cells = ([lab["lab"]["setup"]] if lab["lab"].get("setup") else []) + sources
    plt.close("all")
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's and the fonts': not what is checked here
        for k, cell in enumerate(cells):
            exec(compile(cell, f"<cell {k + 1}>", "exec"), namespace)
    return namespace


def copy_namespace(namespace):
    """The core's deep copy: modules are shared, everything else copied."""
    modules = {k: v for k, v in namespace.items() if isinstance(v, types.ModuleType)}
    plain = {k: v for k, v in namespace.items() if k != "__builtins__" and k not in modules}
    try:
        copied = copy.deepcopy(plain)
    except Exception:  # a figure that will not copy: kept as it is, no check reads it
        copied = {}
        for k, v in plain.items():
            try:
                copied[k] = copy.deepcopy(v)
            except Exception:
                copied[k] = v
    copied.update(modules)
    return copied


def outcome(value):
    """The check's value as the core reads it: {"pass": True} or {"feedback", "values"}."""
    if value is True:
        return {"pass": True}
    if isinstance(value, str):
        return {"pass": False, "feedback": value, "values": {}}
    if (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)
            and isinstance(value[1], dict)):
        return {"pass": False, "feedback": value[0], "values": {str(k): str(v) for k, v in value[1].items()}}
    return {"pass": False, "malformed": repr(value)}


def python_check(lab, ex, namespace, answer):
    """Evaluates the check in a copy of `namespace`; returns (outcome, repr or exception, problems)."""
    problems = []
    scope = copy_namespace(namespace)
    state = np.random.get_state()
    figures = plt.get_fignums()
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(lab["checks"], "checks.py", "exec"), scope)
            scope["answer"] = answer
            value = eval(compile(ex["check"], "<check>", "eval"), scope)
        result, shown = outcome(value), repr(value)
    except Exception as e:  # the page shows it, and the exercise does not pass
        result, shown = {"pass": False, "error": f"{type(e).__name__}: {e}"}, type(e).__name__
    after = np.random.get_state()
    if not (np.array_equal(state[1], after[1]) and state[2:] == after[2:]):
        problems.append("the check drew random numbers")
    if printed.getvalue():
        problems.append(f"the check printed {printed.getvalue()[:80]!r}")
    if plt.get_fignums() != figures:
        problems.append("the check drew a figure")
    return result, shown, problems


def feedback_problems(text, result):
    if "malformed" in result:
        return [f"the check returned {result['malformed']}: True, \"key\" or (\"key\", {{...}}) expected"]
    if "feedback" not in result:
        return []
    key, values = result["feedback"], result["values"]
    feedback = text.get("feedback", {}).get(key)
    if feedback is None:
        return [f"feedback \"{key}\" is not in content.json"]
    problems = []
    for lang in LANGS:
        missing = sorted(set(re.findall(r"\{(\w+)\}", feedback.get(lang, ""))) - set(values))
        if missing:
            problems.append(f"feedback \"{key}\".{lang} names {missing}, which the check does not give")
    return problems


def kernel_repr(labrun, lab, sources, ex, answer):
    """The check run by the lab kernel as a last cell; its printed repr, or the error's name."""
    cells = ([lab["lab"]["setup"]] if lab["lab"].get("setup") else []) + sources
    cells.append(lab["checks"].rstrip("\n") + f"\nanswer = {answer!r}\nprint(repr({ex['check']}))\n")
    got = labrun.request({"cells": cells, "step": len(cells)})
    for out in got.get("outputs", []):
        if out.get("output_type") == "error":
            return out["ename"] if out["ename"] != "UnsupportedInLab" else f"UnsupportedInLab: {out['evalue']}"
        if out.get("output_type") == "stream" and out.get("name") == "stdout":
            return out["text"].rstrip("\n")
    return f"(status {got.get('status')}, nothing printed)"


def core_exercise(labrun, lab, ex, solution, answer):
    """The core's own check of the exercise (a step request's "answers"), or None when it has none."""
    req = {"lab": lab["ref"], "step": ex["step"]}
    if solution:
        if solution.get("params"):
            req["params"] = solution["params"]
        if solution.get("code"):
            req["code"] = solution["code"]
    if answer is not None:
        req["answers"] = {ex["id"]: answer}
    got = labrun.request(req)
    if not got.get("ok") or not isinstance(got.get("exercises"), list):
        return None
    return next((e for e in got["exercises"] if e.get("id") == ex["id"]), {"status": "(not listed)"})


def same_as_core(result, core):
    """Whether the core's entry says what Python's outcome says; None when it says neither."""
    status = core.get("status")
    if status == "pass" or core.get("pass") is True:
        return result.get("pass") is True
    if "error" in result:
        return status == "error" or "error" in core
    if status == "fail" or core.get("pass") is False:
        return (not result.get("pass") and core.get("feedback") == result.get("feedback")
                and core.get("values", {}) == result.get("values"))
    return None  # e.g. a number not answered yet: nothing to compare


def describe(result):
    if result.get("pass"):
        return "pass"
    if "error" in result:
        return result["error"]
    if "malformed" in result:
        return result["malformed"]
    values = ", ".join(f"{k}: {v}" for k, v in result["values"].items())
    return result["feedback"] + (f" {{{values}}}" if values else "")


def applied_text(applied, answer):
    parts = [f"params {json.dumps(applied['params'])}"] if (applied or {}).get("params") else []
    parts += [f"code of step {n}" for n in (applied or {}).get("code", {})]
    return ", ".join(parts + [f"answer {answer!r}"])


def check_exercise(labrun, lab, ex, text, core_state):
    """Runs the exercise at the textbook values, on its solution and on its probes; returns the
    line to print, the problems, notes, and the feedback keys reached."""
    problems, notes, reached = [], [], set()
    solution = text.get("solution", {})
    runs = [("textbook", None, None, None), ("solution", solution, solution.get("answer"), "pass")]
    runs += [(f"probe {k + 1}", applied, answer, want)
             for k, (applied, answer, want) in enumerate(lab_probes(lab, ex["id"]))]
    described = {}
    for label, applied, answer, want in runs:
        sources = step_sources(labrun, lab, ex["step"], applied)
        try:
            namespace = run_steps(lab, sources)
        except Exception as e:
            problems.append(f"{label}: step {ex['step']} raised {type(e).__name__}: {e}")
            continue
        result, shown, found = python_check(lab, ex, namespace, answer)
        described[label] = describe(result)
        reached.add(result.get("feedback"))
        problems += [f"{label}: {p}" for p in found + feedback_problems(text, result)]
        got = "pass" if result.get("pass") else result.get("feedback")
        if want is None and result.get("pass"):
            problems.append(f"{label}: passes")
        elif want is not None and got != want:
            problems.append(f"{label} ({applied_text(applied, answer)}): {described[label]}, not {want}")
        kernel = kernel_repr(labrun, lab, sources, ex, answer)
        if kernel != shown:
            problems.append(f"{label}: the kernel's check gives {kernel!r}, Python's {shown!r}")
        if core_state["ready"] is not False:
            core = core_exercise(labrun, lab, ex, applied, answer)
            if core is None:
                core_state["ready"] = False
            else:
                core_state["ready"] = True
                same = same_as_core(result, core)
                if same is False:
                    problems.append(f"{label}: the core says {json.dumps(core, ensure_ascii=False)}, "
                                    f"Python {described[label]}")
                elif same is None:
                    notes.append(f"{label}: core {core.get('status')}")
    line = " | ".join(f"{k}: {described[k]}" for k in ("textbook", "solution") if k in described)
    probes = len(runs) - 2
    if probes:
        line += f" | {probes} probe{'s' if probes > 1 else ''}"
    line += " | kernel: DIFFERS" if any("kernel" in p for p in problems) else " | kernel: same"
    return line, problems, notes, reached


def constant_problems(labrun, lab):
    problems, lines = [], []
    for constant in lab["probes"].get("constants", []):
        name, param, step, expr = (constant[key] for key in CONSTANT_FIELDS)
        scope = {}
        exec(compile(lab["checks"] or "", "checks.py", "exec"), scope)
        if not isinstance(scope.get(name), dict):
            lines.append(f"{lab['id']} checks.py {name}: no such dict (probes.json constants)")
            problems.append(f"{lab['id']} checks.py has no dict {name}")
            continue
        for value, stored in scope[name].items():
            sources = step_sources(labrun, lab, step, {"params": {param: value}})
            got = eval(expr, run_steps(lab, sources))
            if abs(got - stored) > 1e-12 * abs(got):
                problems.append(f"{lab['id']} checks.py {name}[{value}] is {stored!r}; the textbook code gives {got!r}")
        lines.append(f"{lab['id']} checks.py {name}: {len(scope[name])} values, each {expr} of step {step} "
                     f"with {param} set")
    return lines, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--labrun", default=str(ROOT / "build/native/labrun"))
    parser.add_argument("--lab", metavar="DIR", help="check this lab folder alone (any path)")
    args = parser.parse_args()
    if not Path(args.labrun).exists():
        print(f"no labrun at {args.labrun}: build it (./lab build) or name it with --labrun")
        return 2
    oracle_cpu.match_labrun()
    labs_dir = Path(os.environ.get("TLAB_LABS") or ROOT / "labs")
    labrun = Labrun(args.labrun, None if args.lab else labs_dir)
    if labrun.note:
        print(f"FAIL labrun does not read the labs' exercises ({labrun.note}); "
              "steps are written from a copy of labs/ without them")
    if args.lab:
        folder = Path(args.lab)
        if not (folder / "lab.json").exists():
            print(f"FAIL {folder}: no lab.json")
            return 1
        lab = load_lab(folder)
        try:
            lab["ref"] = labrun.document(folder)
        except RuntimeError as e:
            print(f"FAIL {e}")
            return 1
        labs = [lab]
    else:
        labs = [load_lab(folder) for folder in lab_folders(labs_dir)]
    failed = 0
    core_state = {"ready": None}
    for lab in labs:
        file_problems = probe_file_problems(lab)
        for problem in form_problems(lab) + file_problems:
            print(f"FAIL {lab['id']}: {problem}")
            failed += 1
        if file_problems:
            continue  # its probes cannot be run as meant
        texts = {t.get("id"): t for t in lab["content"].get("exercises", [])}
        for ex in lab["lab"].get("exercises", []):
            head = f"{lab['id']} {ex['id']} (step {ex['step']}, {ex['answer']})"
            if ex["answer"] == "reflection" or ex["id"] not in texts or lab["checks"] is None:
                print(f"ok   {head}: not checked")
                continue
            line, problems, notes, reached = check_exercise(labrun, lab, ex, texts[ex["id"]], core_state)
            problems += [f"feedback \"{key}\" is never returned: a probe should reach it (probes.json)"
                         for key in texts[ex["id"]].get("feedback", {}) if key not in reached]
            core = {True: "core: same", False: "core: not available yet", None: "core: -"}[core_state["ready"]]
            print(f"{'FAIL' if problems else 'ok  '} {head}: {line} | {core}" + "".join(f"; {n}" for n in notes))
            for p in problems:
                print(f"       {p}")
            failed += bool(problems)
        lines, problems = constant_problems(labrun, lab)
        for line in lines:
            print(f"{'FAIL' if problems else 'ok  '} {line}")
        for p in problems:
            print(f"       {p}")
        failed += len(problems)
    # (the core must check exercises: a labrun that cannot is a failure, not a skip)
    if labrun.note or core_state["ready"] is False:
        print("FAIL the core did not answer the exercises' checks")
        failed += 1
    print(f"exercises: {'all pass' if not failed else f'{failed} failing'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
