"""Compares the engine's results with Go's for tools/openapi-diff:
compare.py SSA DIR (DIR holds the scenarios and, beside each, Go's
NAME.result.json from tools/fm-diff/results.py). Prints the first
differing step of each scenario that differs; exit status 1 if any does.

The scenario format's own comparison (`ssa run --check`) takes messages
word for word. Here a message that lists several errors ("errors:" and
one line each) is compared as a set of lines: structured-merge-diff
walks an object's maps in Go's map order, which is random from one run
to the next, so upstream's own order is not reproducible."""
import json
import subprocess
import sys
from pathlib import Path

IGNORED_META = ("uid", "resourceVersion", "generation", "creationTimestamp")


def normalise(step):
    message = step["message"]
    head, sep, rest = message.partition("errors:\n")
    if sep:
        message = (head, sorted(rest.split("\n")))
    obj = step.get("object")
    if obj:
        obj = json.loads(json.dumps(obj))
        for key in IGNORED_META:
            obj.get("metadata", {}).pop(key, None)
    conflicts = sorted(json.dumps(c, sort_keys=True) for c in step["conflicts"])
    return step["outcome"], message, conflicts, obj


def main():
    ssa, directory = sys.argv[1], Path(sys.argv[2])
    differing = total = 0
    for scenario in sorted(directory.glob("*.json")):
        if scenario.name.endswith(".result.json"):
            continue
        result = scenario.with_name(scenario.stem + ".result.json")
        if not result.exists():
            # Go refused the schema itself (fmrun panics: an array
            # without `items`, say); the engine refuses it too.
            continue
        total += 1
        go = json.loads(result.read_text())
        run = subprocess.run([ssa, "run", str(scenario)], capture_output=True, text=True)
        engine = json.loads(run.stdout)
        for i, (a, b) in enumerate(zip(go["steps"], engine["steps"])):
            if normalise(a) != normalise(b):
                differing += 1
                print(f"== {scenario.name} step {i}: Go {a['outcome']}, engine {b['outcome']}")
                for who, step in (("go", a), ("engine", b)):
                    print(f"  {who}: {step['message'][:600]}")
                    if a["message"] == b["message"]:
                        print(f"  {who} object: {json.dumps(step.get('object'))[:800]}")
                break
    print(f"{total} scenarios, {differing} differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
