#!/usr/bin/python3
"""The bad-input catalogue (tests/bad_inputs.json) through the built labrun.

Every bad entry must exit with status 2 and print one JSON response naming the expected field,
with English and Korean messages; every "ok" entry must exit 0 with ok=true. The expansion of the
catalogue (request_text repeats, base64 bytes, per_param templates over the limits labrun lists)
is the same as tests/test_bad_inputs.cpp; fuzz/make_corpus.py imports `cases` from here.

    /usr/bin/python3 tests/bad_inputs_cli.py --labrun build/native/labrun
"""
import argparse
import base64
import json
import pathlib
import subprocess
import sys

CATALOGUE = pathlib.Path(__file__).with_name("bad_inputs.json")


def request_bytes(entry):
    if "request_base64" in entry:
        return base64.b64decode(entry["request_base64"])
    if "request_text" not in entry:
        return json.dumps(entry["request"], ensure_ascii=False, separators=(",", ":")).encode()
    text = entry["request_text"]
    for k, r in enumerate(entry.get("repeat", [])):
        text = text.replace(f"<<R{k}>>", r["text"] * r["count"])
    return text.encode()


def whole(x):
    return "%.0f" % x


def cases(labrun, catalogue=None):
    """(name, bytes, field or None for ok, message_contains) for every entry and template."""
    catalogue = catalogue or json.loads(CATALOGUE.read_text(encoding="utf-8"))
    out = [(e["name"], request_bytes(e), e["field"], e.get("message_contains", ""))
           for e in catalogue["entries"]]
    listing = json.loads(subprocess.run([labrun, "--list"], capture_output=True, check=True).stdout)
    for lab in listing["labs"]:
        for p in lab["params"]:
            for t in catalogue["per_param"]:
                if p["kind"] not in t["kinds"]:
                    continue
                too_many = p.get("max_len", 0) + 1
                value = t["value_text"]
                if "max" in p:  # (a boolean has no limits)
                    value = value.replace("{above}", whole(p["max"] + 1)).replace("{below}", whole(p["min"] - 1))
                value = (value
                         .replace("{too_many}", ", ".join(["1"] * too_many))
                         .replace("{too_many_rows}", ", ".join(["[1]"] * too_many)))
                text = '{"lab": "%s", "step": %d, "params": {"%s": %s}}' % (
                    lab["id"], p["steps"][0], p["name"], value)
                out.append((f'{lab["id"]} {p["name"]}: {t["name"]}', text.encode(),
                            "params." + p["name"] + t["field"], t.get("message_contains", "")))
    out += [(e["name"], request_bytes(e), None, "") for e in catalogue["ok"]]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--labrun", required=True)
    args = ap.parse_args()
    failures = []
    all_cases = cases(args.labrun)
    for name, data, field, contains in all_cases:
        run = subprocess.run([args.labrun], input=data, capture_output=True)
        problem = None
        try:
            response = json.loads(run.stdout.decode("utf-8"))  # strict UTF-8 and JSON
        except (UnicodeDecodeError, ValueError) as e:
            response, problem = None, f"stdout is not JSON ({e})"
        if problem is None and field is None:
            if run.returncode != 0 or response.get("ok") is not True:
                problem = f"expected ok, got exit {run.returncode}: {run.stdout[:300]!r}"
        elif problem is None:
            error = response.get("error", {})
            if run.returncode != 2:
                problem = f"exit status {run.returncode}, expected 2"
            elif response.get("ok") is not False:
                problem = "ok is not false"
            elif error.get("field") != field:
                problem = f"field {error.get('field')!r}, expected {field!r}"
            elif not error.get("message") or not error.get("message_ko"):
                problem = "a message is empty"
            elif contains not in error["message"]:
                problem = f"message {error['message']!r} lacks {contains!r}"
        if run.stderr:
            problem = (problem or "") + f" stderr: {run.stderr[:300]!r}"
        if problem:
            failures.append(f"{name}: {problem}")
    for f in failures:
        print("FAIL", f)
    print(f"{len(all_cases) - len(failures)} of {len(all_cases)} catalogue requests answered as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
