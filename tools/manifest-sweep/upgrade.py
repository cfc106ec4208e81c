#!/usr/bin/env python3
"""Applies a project's manifests of one release over those of an older one
and checks the engine against itself.

A reviewer's commonest question is what applying the new manifests over
the old ones does. A real API server has one answer that does not depend
on history for most objects: with one manager writing everything,
applying NEW over OLD stores the same object as applying NEW to an empty
cluster (fields OLD set and NEW drops are pruned, by server-side apply,
or deleted by client-side apply's three-way patch, and defaulted again
where they have defaults). So, for each object in both releases (same
file, kind, namespace and name, same apiVersion), by server-side and by
client-side apply:

- the second write must be applied (a refusal is listed, for a person to
  judge: an immutable field that changed is a true one);
- the object it stores must equal the object NEW alone stores, and the
  applier's field set must be the same, after the fields that depend on
  history (time stamps, generation, uid, resourceVersion) are left out.

And NEW alone must store the same object by server-side and by
client-side apply, but for the last-applied annotation and managedFields;
so must OLD by client-side apply, then NEW by server-side apply (kubectl
moves the client-side manager's fields to the applier, csaupgrade, so
what NEW dropped is pruned).

Each difference is printed with the first paths where the two objects
part, for a person to judge: list order is allowed to differ where a
server's merge keeps the old order (server-side apply keeps the live
order of items both releases have).

Usage: python3 tools/manifest-sweep/upgrade.py SSA OLD_DIR NEW_DIR [OLD_DIR NEW_DIR]...
"""
import json
import os
import sys
import tempfile

from sweep import differences, objects, run

HISTORY_FIELDS = ("creationTimestamp", "generation", "resourceVersion", "uid")
LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration"


def identity(root, path, doc):
    meta = doc["metadata"]
    return (os.path.relpath(path, root), doc["kind"], str(meta.get("namespace") or ""),
            str(meta["name"]))


def releases(old_root, new_root):
    """(identity, old, new) of the objects both releases hold once."""
    def index(root):
        seen = {}
        for path, _, doc in objects(root):
            seen.setdefault(identity(root, path, doc), []).append(doc)
        return {k: v[0] for k, v in seen.items() if len(v) == 1}
    old, new = index(old_root), index(new_root)
    for key in sorted(old.keys() & new.keys()):
        if old[key].get("apiVersion") == new[key].get("apiVersion"):
            yield key, old[key], new[key]


def normalized(obj, keep_last_applied=True):
    """The stored object without what depends on when it was written:
    time stamps, generation, uid, resourceVersion, and two things a real
    server keeps from history too: a CustomResourceDefinition's
    `status.storedVersions` (every version that was ever the storage
    version), and the `before-first-apply` manager, which takes the fields
    of an object whose managedFields were empty (an apply that owned no
    field, such as a Namespace's with a name alone, leaves none)."""
    obj = json.loads(json.dumps(obj))
    meta = obj.get("metadata", {})
    for field in HISTORY_FIELDS:
        meta.pop(field, None)
    if "managedFields" in meta:
        meta["managedFields"] = [e for e in meta["managedFields"]
                                 if e.get("manager") != "before-first-apply"]
        if not meta["managedFields"]:
            del meta["managedFields"]
    for entry in meta.get("managedFields") or []:
        entry.pop("time", None)
    if obj.get("kind") == "CustomResourceDefinition":
        (obj.get("status") or {}).pop("storedVersions", None)
    if not keep_last_applied:
        meta.pop("managedFields", None)
        annotations = meta.get("annotations") or {}
        annotations.pop(LAST_APPLIED, None)
        if not annotations:
            meta.pop("annotations", None)
    return obj


def final(ssa, file, steps):
    result, error = run(ssa, file, {"scenario": "v1", "name": "upgrade", "steps": steps})
    if error is not None:
        return None, error
    last = result["steps"][-1]
    if last.get("outcome") != "applied":
        return None, f"{last.get('outcome')}: {last.get('message') or ''}"
    return last.get("object"), None


def main():
    args = sys.argv[1:]
    if len(args) < 3 or len(args) % 2 != 1:
        raise SystemExit(__doc__)
    ssa, pairs = args[0], list(zip(args[1::2], args[2::2]))
    objects_seen = problems = 0
    with tempfile.TemporaryDirectory() as tmp:
        file = os.path.join(tmp, "s.json")
        for old_root, new_root in pairs:
            for key, old, new in releases(old_root, new_root):
                objects_seen += 1
                where = f"{new_root}/{key[0]} {key[1]} {key[2]}/{key[3]}"
                alone = {}
                for op, manager in (("apply", "kubectl"),
                                    ("client-side-apply", "kubectl-client-side-apply")):
                    step = lambda doc: {"manager": manager, "op": op, "object": doc}
                    fresh, error = final(ssa, file, [step(new)])
                    if error is not None:
                        continue  # refused alone: sweep.py lists it
                    alone[op] = fresh
                    upgraded, error = final(ssa, file, [step(old), step(new)])
                    if error is not None:
                        if not error.startswith("invalid") or "immutable" not in error:
                            problems += 1
                        print(f"REFUSED {where} {op}: {error[:400]}")
                        continue
                    diff = differences(normalized(upgraded), normalized(fresh))
                    if diff:
                        problems += 1
                        print(f"DIFFERS {where} {op}: " + "; ".join(diff))
                # kubectl's move from client-side to server-side apply:
                # the client-side manager's fields go to the applier
                # (csaupgrade), so what NEW dropped is pruned.
                if "apply" in alone:
                    csa = {"manager": "kubectl-client-side-apply",
                           "op": "client-side-apply", "object": old}
                    ssa_step = {"manager": "kubectl", "op": "apply", "object": new}
                    migrated, error = final(ssa, file, [csa, ssa_step])
                    if error is not None:
                        if not error.startswith("invalid") or "immutable" not in error:
                            problems += 1
                        print(f"REFUSED {where} migration: {error[:400]}")
                    else:
                        diff = differences(normalized(migrated, False),
                                           normalized(alone["apply"], False))
                        if diff:
                            problems += 1
                            print(f"MIGRATE {where}: " + "; ".join(diff))
                if len(alone) == 2:
                    diff = differences(normalized(alone["apply"], False),
                                       normalized(alone["client-side-apply"], False))
                    if diff:
                        problems += 1
                        print(f"SSA/CSA {where}: " + "; ".join(diff))
    print(f"{objects_seen} objects in both releases, {problems} to judge "
          "(refusals of an immutable field's change not counted)")


if __name__ == "__main__":
    main()
