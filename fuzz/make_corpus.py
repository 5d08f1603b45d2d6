#!/usr/bin/python3
"""The fuzzer's seed corpus: every request of the bad-input catalogue (tests/bad_inputs.json, as
tests/bad_inputs_cli.py expands it) plus valid requests for every lab and step, one file each.

    /usr/bin/python3 fuzz/make_corpus.py --labrun build/native/labrun build/fuzz/corpus/seeds
"""
import argparse
import hashlib
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))
import bad_inputs_cli  # noqa: E402

# Larger than any other seed needs to be: the fuzzer runs with -max_len (see ./lab's cmd_test).
MAX_SEED = 6144  # a request that carries a lab's document is about 5 KB


def valid_requests(listing):
    yield {"list": True}
    for lab in listing["labs"]:
        # The lab's document in the request, as the page sends it.
        yield {"lab": lab["document"], "step": lab["steps"][-1]["step"]}
        for step in lab["steps"]:
            yield {"lab": lab["id"], "step": step["step"]}
            used = {p["name"]: p["textbook"] for p in lab["params"] if step["step"] in p["steps"]}
            yield {"lab": lab["id"], "step": step["step"], "params": used}
        # Every param at a non-textbook value and at its limits.
        for p in lab["params"]:
            step = p["steps"][0]
            if p["kind"] == "integer":
                if p["max"] > 100000:  # seeds
                    values = [p["min"], p["max"], 12345]
                else:
                    values = [p["min"], min(p["max"], 64)]
            elif p["kind"] == "int_list":
                values = [[p["min"]], [p["min"], 2, 3][: p["max_len"]]]
            elif p["kind"] == "vector":
                values = [[1], [0.5, -2.25, 1e15], [-0.0, 3], [800, 1], [1e-300]]
            else:
                values = [[[1]], [[1, 2], [3, 4]], [[0.5, -1e15]], [[1] * 8] * 8]
            for v in values:
                yield {"lab": lab["id"], "step": step, "params": {p["name"]: v}}
        # A learner's code for a step, read by the step after it.
        last = lab["steps"][-1]["step"]
        yield {"lab": lab["id"], "step": last, "code": {"1": "import numpy as np\nx = np.arange(3)\nprint(x)"}}
        yield {"lab": lab["id"], "step": 1, "code": {str(last): "print(1)", "1": "1 / 0"}}
        # Answers to the exercises that take one (their checks run after the step).
        for e in lab["document"].get("exercises", []):
            if e["answer"] in ("number", "choice"):
                yield {"lab": lab["id"], "step": e["step"], "answers": {e["id"]: "0.5"}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--labrun", required=True, help="a native labrun, to list the labs' limits")
    ap.add_argument("out", type=pathlib.Path)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    import subprocess
    listing = json.loads(subprocess.run([args.labrun, "--list"], capture_output=True,
                                        check=True).stdout)
    seeds = [data for _, data, _, _ in bad_inputs_cli.cases(args.labrun)]
    seeds += [json.dumps(r, ensure_ascii=False).encode() for r in valid_requests(listing)]
    written = 0
    for data in seeds:
        if len(data) > MAX_SEED:
            data = data[:MAX_SEED]  # the long ones: their start still seeds the shape
        name = hashlib.sha1(data).hexdigest()
        path = args.out / name
        if not path.exists():
            path.write_bytes(data)
            written += 1
    print(f"{written} new seeds in {args.out} ({len(seeds)} requests)")


if __name__ == "__main__":
    main()
