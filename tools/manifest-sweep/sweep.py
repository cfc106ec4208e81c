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

Usage: python3 tools/manifest-sweep/sweep.py SSA DIR...
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


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    ssa, roots = sys.argv[1], sys.argv[2:]
    total = refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        for root in roots:
            for path, i, doc in objects(root):
                for op, manager in (("apply", "kubectl"),
                                    ("client-side-apply", "kubectl-client-side-apply")):
                    total += 2
                    step = {"manager": manager, "op": op, "object": doc}
                    scenario = {"scenario": "v1", "name": "sweep", "steps": [step, step]}
                    file = os.path.join(tmp, "s.json")
                    with open(file, "w") as f:
                        json.dump(scenario, f)
                    run = subprocess.run([ssa, "run", "-o", "json", file],
                                         capture_output=True, text=True)
                    where = f"{path}#{i} {op}"
                    if run.returncode != 0:
                        refused += 2
                        print(f"UNUSABLE {where}: {run.stderr.strip()[:300]}")
                        continue
                    for n, step in enumerate(json.loads(run.stdout).get("steps", []), 1):
                        if step.get("outcome") != "applied":
                            refused += 1
                            message = (step.get("message") or "")[:300]
                            print(f"{step.get('outcome')} {where} (write {n}): {message}")
    print(f"{total} writes, {refused} not applied")


if __name__ == "__main__":
    main()
