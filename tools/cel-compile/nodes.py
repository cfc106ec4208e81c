"""nodes.py DIR... : every schema node with x-kubernetes-validations in the
CRDs of the YAML files under DIR (the manifest sweep's), one JSON object
per line for record.go ({"schema": node, "root": a resource's root or an
embedded resource})."""
import json, os, sys, yaml

def walk(node, root, out):
    if not isinstance(node, dict):
        return
    if node.get("x-kubernetes-validations"):
        out.append({"schema": node, "root": root or bool(node.get("x-kubernetes-embedded-resource"))})
    for key in ("properties", "patternProperties"):
        for child in (node.get(key) or {}).values():
            walk(child, False, out)
    for key in ("items", "additionalProperties", "not"):
        if isinstance(node.get(key), dict):
            walk(node[key], False, out)
    for key in ("allOf", "anyOf", "oneOf"):
        for child in node.get(key) or []:
            walk(child, False, out)

seen = set()
for d in sys.argv[1:]:
    for dirpath, _, files in os.walk(d):
        for f in files:
            if not f.endswith((".yaml", ".yml")):
                continue
            try:
                docs = list(yaml.safe_load_all(open(os.path.join(dirpath, f))))
            except Exception:
                continue
            for doc in docs:
                if not isinstance(doc, dict) or doc.get("kind") != "CustomResourceDefinition":
                    continue
                for v in (doc.get("spec") or {}).get("versions") or []:
                    schema = ((v or {}).get("schema") or {}).get("openAPIV3Schema")
                    out = []
                    walk(schema, True, out)
                    for o in out:
                        line = json.dumps(o, sort_keys=True, default=str)
                        if line not in seen:
                            seen.add(line)
                            print(line)
