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

Usage: python3 tools/manifest-sweep/sweep.py [--live] SSA DIR...
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
        json.dump(scenario, f)
    done = subprocess.run([ssa, "run", "-o", "json", file], capture_output=True, text=True)
    if done.returncode != 0:
        return None, done.stderr.strip()[:300]
    return json.loads(done.stdout), None


def live_object(ssa, file, doc):
    """The object a server-side apply of `doc` stores, or None."""
    step = {"manager": "kubectl", "op": "apply", "object": doc}
    result, _ = run(ssa, file, {"scenario": "v1", "name": "create", "steps": [step]})
    steps = (result or {}).get("steps") or [{}]
    return steps[0].get("object") if steps[0].get("outcome") == "applied" else None


def main():
    live = "--live" in sys.argv[1:]
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
