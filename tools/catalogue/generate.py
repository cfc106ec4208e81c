#!/usr/bin/env python3
"""Generates the engine's catalogue of built-in Kubernetes kinds.

Input: the Kubernetes JSON schemas of one release, as shipped by the PyPI
package kubernetes-validate (Apache-2.0), file
kubernetes-json-schema/v<RELEASE>-local-strict/_definitions.json.

Output: crates/ssa-engine/src/builtin/catalogue.json, a compact Swagger-2.0
style document that the engine's OpenAPI converter reads at start-up:
- only what decides merge semantics is kept (types, properties, items,
  additionalProperties, $ref, x-kubernetes-list-type/-list-map-keys/
  -map-type/-patch-strategy/-patch-merge-key/-int-or-string/
  -preserve-unknown-fields/-embedded-resource/-group-version-kind);
- descriptions, enums, formats and validations are dropped;
- the key fields of map lists get the defaults the API server's schema
  gives them and the published OpenAPI does not carry from
  tools/goencoding/generate.py, run after this script, which reads them
  from the Go types as kube-openapi's openapi-gen does;
- a `kinds` table lists apiVersion, kind, definition, and the status and
  scale subresources of every kind.

Usage: python3 tools/catalogue/generate.py [RELEASE]   (default 1.36.0)
Standard library only; it downloads the wheel with pip.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile
import zipfile

RELEASE = sys.argv[1] if len(sys.argv) > 1 else "1.36.0"
PACKAGE = "kubernetes-validate==1.37.0"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "crates", "ssa-engine", "src", "builtin", "catalogue.json")

KEEP = {
    "x-kubernetes-list-type", "x-kubernetes-list-map-keys", "x-kubernetes-map-type",
    "x-kubernetes-patch-strategy", "x-kubernetes-patch-merge-key", "x-kubernetes-int-or-string",
    "x-kubernetes-preserve-unknown-fields", "x-kubernetes-embedded-resource",
}

# Kinds served with a /scale subresource, and where their replicas live.
SCALE = {
    ("apps/v1", "Deployment"), ("apps/v1", "ReplicaSet"), ("apps/v1", "StatefulSet"),
    ("v1", "ReplicationController"),
}

# Kinds with a status property that the API server does not serve with a
# /status subresource (their status is written through the main resource).
NO_STATUS_SUBRESOURCE = {("v1", "ComponentStatus")}


def load_definitions():
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", tmp, PACKAGE], check=True)
        wheel = glob.glob(os.path.join(tmp, "*.whl"))[0]
        with zipfile.ZipFile(wheel) as z:
            name = f"kubernetes_validate/kubernetes-json-schema/v{RELEASE}-local-strict/_definitions.json"
            return json.loads(z.read(name))["$defs"]


def first_type(t):
    if isinstance(t, list):
        t = [x for x in t if x != "null"]
        return t[0] if t else None
    return t


def compact(node, defs):
    """One schema node in the compact form."""
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        # Patch strategies and list types sit beside a reference.
        out = {"$ref": "#/definitions/" + node["$ref"].rsplit("/", 1)[-1]}
        out.update({k: node[k] for k in KEEP if k in node})
        return out
    out = {}
    if "oneOf" in node and {first_type(o.get("type")) for o in node["oneOf"]} == {"string", "integer"}:
        return {"x-kubernetes-int-or-string": True}
    for key in ("allOf", "anyOf", "oneOf"):
        if key in node and len(node[key]) == 1:
            return compact(node[key][0], defs)
    t = first_type(node.get("type"))
    if t:
        out["type"] = t
    for k in KEEP:
        if k in node:
            out[k] = node[k]
    if "properties" in node:
        out["properties"] = {k: compact(v, defs) for k, v in sorted(node["properties"].items())}
    if isinstance(node.get("additionalProperties"), dict):
        out["additionalProperties"] = compact(node["additionalProperties"], defs)
    elif node.get("additionalProperties") is True:
        out["additionalProperties"] = True
    if "items" in node:
        out["items"] = compact(node["items"], defs)
    return out


def main():
    defs = load_definitions()
    out = {name: compact(d, defs) for name, d in sorted(defs.items())}
    kinds = []
    for name, d in sorted(defs.items()):
        for gvk in d.get("x-kubernetes-group-version-kind", []):
            api_version = f"{gvk['group']}/{gvk['version']}" if gvk["group"] else gvk["version"]
            has_status = "status" in d.get("properties", {}) and (api_version, gvk["kind"]) not in NO_STATUS_SUBRESOURCE
            scale = ["spec", "replicas"] if (api_version, gvk["kind"]) in SCALE else None
            kinds.append({"apiVersion": api_version, "kind": gvk["kind"], "definition": name,
                          "status": has_status, "scale": scale})
    doc = {
        "source": f"Kubernetes v{RELEASE} JSON schemas from the PyPI package {PACKAGE} (Apache-2.0)",
        "kinds": kinds,
        "definitions": out,
    }
    # The Go-encoding table (tools/goencoding), the cluster-scoped kinds
    # (tools/scope), the internal pod template types (tools/internal-types)
    # and the metadata validation table (tools/objectmeta) live in the same
    # file; keep them until those scripts are run again for the new release.
    if os.path.exists(OUT):
        with open(OUT) as f:
            previous = json.load(f)
        for key in ("goEncoding", "clusterScoped", "internalTypes", "objectMeta", "timeZones"):
            if key in previous:
                doc[key] = previous[key]
    with open(OUT, "w") as f:
        json.dump(doc, f, separators=(",", ":"), sort_keys=True)
        f.write("\n")
    print(f"wrote {OUT}: {len(kinds)} kinds, {len(out)} definitions, {os.path.getsize(OUT)} bytes")


if __name__ == "__main__":
    main()
