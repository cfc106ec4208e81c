#!/usr/bin/env python3
"""Creates every object of real manifests through the engine and lists the
writes it refuses.

A false refusal (a valid manifest the engine calls invalid) is a fidelity
bug a reviewer meets at once; a true one is what a real API server says.
For each YAML document under the given directories that is an object (an
apiVersion, a kind, a metadata.name; no List), the script writes two
scenarios: a server-side apply (`kubectl apply --server-side`) and a
client-side apply (`kubectl apply`) creating it, runs them with
`ssa run`, with the same apply again (an update that changes nothing,
which a server takes), and prints each write whose outcome is not
`applied`, with its message, for a person to judge.

With `--live`, each object is first created by a server-side apply, and
the object stored then (managedFields, uid, defaults and all: what
`kubectl get -o yaml --show-managed-fields` exports) becomes the `live`
object of a server-side and a client-side apply of the same manifest,
the path a reviewer's export takes.

With `--round-trip`, each object created by a server-side apply is
written back as stored, by a PUT (`kubectl replace`) and a `/status`
PUT: both must be taken and leave the object as it was.

With `--label`, a label is added to each stored object, by `kubectl
label` (a merge patch) and by `kubectl edit` (a PUT): each must be taken,
change the label alone, and make the editor its owner.

With `--second-applier`, each manifest applied by one manager is
applied again by a second: every conflict is listed, for a person to
judge.

Usage: python3 tools/manifest-sweep/sweep.py [--live | --round-trip | --label | --second-applier] SSA DIR...
(SSA: the `ssa` binary, `target/debug/ssa`.) Needs PyYAML to split the
files (the engine's own reader is what is tested, through the scenario).
"""
import json
import os
import subprocess
import sys
import tempfile

import yaml


def objects(root):
    """(file, index, object) of every object document under root."""
    for dirpath, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not name.endswith((".yaml", ".yml")):
                continue
            path = os.path.join(dirpath, name)
            try:
                docs = list(yaml.safe_load_all(open(path, encoding="utf-8")))
            except (yaml.YAMLError, UnicodeDecodeError):
                continue  # templates and other non-YAML
            for i, doc in enumerate(docs):
                if not isinstance(doc, dict) or "apiVersion" not in doc or "kind" not in doc:
                    continue
                meta = doc.get("metadata")
                if not isinstance(meta, dict) or not meta.get("name"):
                    continue
                if str(doc["kind"]).endswith("List"):
                    continue
                yield path, i, doc


def run(ssa, file, scenario):
    """The result document of `scenario`, or the runner's error."""
    with open(file, "w") as f:
        json.dump(scenario, f, default=str)
    done = subprocess.run([ssa, "run", "-o", "json", file], capture_output=True, text=True)
    if done.returncode != 0:
        return None, done.stderr.strip()[:300]
    return json.loads(done.stdout), None


def differences(a, b, path="", limit=4):
    """The first paths (at most `limit`) where the JSON values a and b
    differ, each with the two values."""
    out = []
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(a.keys() | b.keys()):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in the {'first' if k in a else 'second'}")
            else:
                out += differences(a[k], b[k], f"{path}.{k}", limit)
            if len(out) >= limit:
                break
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            out += differences(x, y, f"{path}[{i}]", limit)
            if len(out) >= limit:
                break
    elif a != b:
        out.append(f"{path}: {json.dumps(a)[:120]} != {json.dumps(b)[:120]}")
    return out[:limit]


def live_object(ssa, file, doc):
    """The object a server-side apply of `doc` stores, or None."""
    step = {"manager": "kubectl", "op": "apply", "object": doc}
    result, _ = run(ssa, file, {"scenario": "v1", "name": "create", "steps": [step]})
    steps = (result or {}).get("steps") or [{}]
    return steps[0].get("object") if steps[0].get("outcome") == "applied" else None


def write_over(ssa, file, stored, step):
    """The result of `step` over the live object `stored`: the step's
    result, or a result whose outcome and message are the runner's
    error."""
    result, error = run(ssa, file, {"scenario": "v1", "name": "write",
                                    "live": stored, "steps": [step]})
    if error is not None:
        return {"outcome": "UNUSABLE", "message": error}
    return result["steps"][0]


def round_trip(ssa, file, doc, where):
    """A PUT of the object as stored (`kubectl get -o yaml | kubectl
    replace -f -`) and a status PUT of it must both be taken and change
    nothing: how many writes were made, and how many were not so."""
    stored = live_object(ssa, file, doc)
    if stored is None:
        return 0, 0
    problems = 0
    for extra in ({}, {"subresource": "status"}):
        step = {"manager": "kubectl-replace", "op": "update", "object": stored, **extra}
        kind = "status PUT" if extra else "PUT"
        done = write_over(ssa, file, stored, step)
        if done.get("outcome") != "applied":
            if extra and "could not find the requested resource" in (done.get("message") or ""):
                continue  # a kind without a status subresource
            problems += 1
            print(f"{done.get('outcome')} {where} {kind}: {(done.get('message') or '')[:300]}")
        elif done.get("object") != stored:
            problems += 1
            print(f"CHANGED {where} {kind}: " + "; ".join(differences(done.get("object"), stored)))
    return 2, problems


def labelled(ssa, file, doc, where):
    """`kubectl label` (a merge patch) and `kubectl edit` adding a label
    (a PUT of the stored object with it) must each be taken and change
    the label alone (and resourceVersion, managedFields): how many writes
    were made, and how many did otherwise. The editor must own the label,
    unless the object had no managedFields (an apply that owned nothing
    leaves none, and an update of such an object tracks nothing)."""
    stored = live_object(ssa, file, doc)
    if stored is None:
        return 0, 0
    edited = json.loads(json.dumps(stored))
    edited["metadata"].setdefault("labels", {})["sweep.example.com/edited"] = "yes"
    steps = [
        ("label", {"manager": "kubectl-label", "op": "patch", "patchType": "merge",
                   "patch": {"metadata": {"labels": {"sweep.example.com/edited": "yes"}}}}),
        ("edit", {"manager": "kubectl-edit", "op": "update", "object": edited}),
    ]
    problems = 0
    for kind, step in steps:
        done = write_over(ssa, file, stored, step)
        if done.get("outcome") != "applied":
            problems += 1
            print(f"{done.get('outcome')} {where} {kind}: {(done.get('message') or '')[:300]}")
            continue
        got = json.loads(json.dumps(done.get("object")))
        owners = got["metadata"].pop("managedFields", [])
        want = json.loads(json.dumps(edited))
        want["metadata"].pop("managedFields", None)
        for o in (got, want):
            o["metadata"].pop("resourceVersion", None)
        if got != want:
            problems += 1
            print(f"CHANGED {where} {kind}: " + "; ".join(differences(got, want)))
        entry = next((e for e in owners if e.get("manager") == step["manager"]), None)
        labels = ((entry or {}).get("fieldsV1") or {}).get("f:metadata", {}).get("f:labels", {})
        # An update of an object without managedFields tracks nothing
        # (the field manager's skip-non-applied layer).
        if "f:sweep.example.com/edited" not in labels and stored["metadata"].get("managedFields"):
            problems += 1
            print(f"OWNER {where} {kind}: {json.dumps(entry)[:300]}")
    return 2, problems


def second_applier(ssa, file, doc, where):
    """The same manifest applied by a second manager (a bare API request)
    must be taken and shared, but where the server stored another value
    than the manifest's (a value it normalizes: those conflicts are
    printed for a person to judge)."""
    steps = [{"manager": "first", "op": "apply", "object": doc},
             {"manager": "second", "client": "api", "op": "apply", "object": doc}]
    result, error = run(ssa, file, {"scenario": "v1", "name": "second", "steps": steps})
    if error is not None or result["steps"][0].get("outcome") != "applied":
        return 0, 0
    done = result["steps"][1]
    if done.get("outcome") == "applied":
        return 1, 0
    print(f"{done.get('outcome')} {where}: {(done.get('message') or '')[:400]}")
    return 1, 1


# The checks run object by object: the flag, the check, and the words of
# its summary (what was written, what went wrong).
CHECKS = (
    ("--round-trip", round_trip, "round-trip writes", "refused or changing the object"),
    ("--label", labelled, "label writes", "refused or changing more"),
    ("--second-applier", second_applier, "second applies", "not taken"),
)


def main():
    live = "--live" in sys.argv[1:]
    for flag, check, writes_are, problems_are in CHECKS:
        if flag not in sys.argv[1:]:
            continue
        args = [a for a in sys.argv[1:] if a != flag]
        if len(args) < 2:
            raise SystemExit(__doc__)
        total = problems = 0
        with tempfile.TemporaryDirectory() as tmp:
            for root in args[1:]:
                for path, i, doc in objects(root):
                    writes, bad = check(args[0], os.path.join(tmp, "s.json"), doc, f"{path}#{i}")
                    total, problems = total + writes, problems + bad
        print(f"{total} {writes_are}, {problems} {problems_are}")
        return
    args = [a for a in sys.argv[1:] if a != "--live"]
    if len(args) < 2:
        raise SystemExit(__doc__)
    ssa, roots = args[0], args[1:]
    total = refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        for root in roots:
            for path, i, doc in objects(root):
                file = os.path.join(tmp, "s.json")
                stored = live_object(ssa, file, doc) if live else None
                if live and stored is None:
                    continue  # not created: the sweep without --live lists it
                for op, manager in (("apply", "kubectl"),
                                    ("client-side-apply", "kubectl-client-side-apply")):
                    step = {"manager": manager, "op": op, "object": doc}
                    scenario = {"scenario": "v1", "name": "sweep", "steps": [step, step]}
                    if live:
                        scenario = {"scenario": "v1", "name": "sweep", "live": stored,
                                    "steps": [step]}
                    writes = len(scenario["steps"])
                    total += writes
                    result, error = run(ssa, file, scenario)
                    where = f"{path}#{i} {op}"
                    if error is not None:
                        refused += writes
                        print(f"UNUSABLE {where}: {error}")
                        continue
                    for n, step in enumerate(result.get("steps", []), 1):
                        if step.get("outcome") != "applied":
                            refused += 1
                            message = (step.get("message") or "")[:300]
                            print(f"{step.get('outcome')} {where} (write {n}): {message}")
    print(f"{total} writes{' over a live object' if live else ''}, {refused} not applied")


if __name__ == "__main__":
    main()
