"""Random OpenAPI schemas and scenarios for tools/openapi-diff: each
scenario types one example.com/v1 Widget by a random Swagger 2.0 document
and writes it with bare apply and update requests of three managers.

The schemas mix what kube-openapi's schemaconv reads: scalars of each type
and format (int-or-string, date-time, byte), untyped nodes, structs,
string-keyed maps, structs with both, objects with neither, preserved
unknown fields, map types on structs, maps and references (beside the
`$ref` or around it in an `allOf`), lists atomic, set, map (one or two
keys, a key with a default), without a list type but with a patch
strategy (a merge key or none, `retainKeys`), and nesting of all of them.
The values mostly fit the schema; some do not (a wrong type, a repeated
set item or map-list key, an item without its key fields, a null).

  python3 gen.py SEED COUNT OUTDIR
"""
import json
import os
import random
import sys

seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
os.makedirs(out, exist_ok=True)

META = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
ENTRY = "io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry"


def ref(name):
    return {"$ref": "#/definitions/" + name}


def p(x):
    return rng.random() < x


FIXED = {
    META: {"type": "object", "properties": {
        "name": {"type": "string"}, "namespace": {"type": "string"},
        "labels": {"type": "object", "additionalProperties": {"type": "string"}},
        "annotations": {"type": "object", "additionalProperties": {"type": "string"}},
        "uid": {"type": "string"}, "resourceVersion": {"type": "string"},
        "generation": {"type": "integer", "format": "int64"},
        "creationTimestamp": {"type": "string", "format": "date-time"},
        "managedFields": {"type": "array", "items": ref(ENTRY)},
    }},
    ENTRY: {"type": "object", "properties": {
        "apiVersion": {"type": "string"}, "fieldsType": {"type": "string"},
        "fieldsV1": {"type": "object"}, "manager": {"type": "string"},
        "operation": {"type": "string"}, "subresource": {"type": "string"},
        "time": {"type": "string", "format": "date-time"}}},
}

SCALARS = [
    {"type": "string"}, {"type": "string"}, {"type": "integer"}, {"type": "integer", "format": "int32"},
    {"type": "boolean"}, {"type": "number"}, {"type": "string", "format": "int-or-string"},
    {"type": "string", "format": "date-time"}, {"type": "string", "format": "byte"},
    {"x-kubernetes-int-or-string": True},
]
NAMES = ["a", "b", "c", "d", "e"]


class Schema:
    def __init__(self):
        self.definitions = dict(FIXED)
        self.count = 0

    def struct(self, depth, key_candidates=False):
        """A struct type, defined under a new name; returns its name."""
        self.count += 1
        name = f"com.example.v1.T{self.count}"
        props = {}
        for field in rng.sample(NAMES, rng.randint(1, 4)):
            props[field] = self.node(depth + 1)
        if key_candidates:
            # Scalar fields a map list can be keyed by.
            props["k"] = {"type": "string"}
            props["n"] = {"type": "integer"}
        node = {"type": "object", "properties": props}
        if p(.15):
            node["x-kubernetes-map-type"] = rng.choice(["atomic", "granular"])
        if p(.08):
            node["additionalProperties"] = self.node(depth + 1)
        if p(.05):
            node["x-kubernetes-preserve-unknown-fields"] = True
        self.definitions[name] = node
        return name

    def reference(self, depth, key_candidates=False):
        name = self.struct(depth, key_candidates)
        r = ref(name)
        if p(.15):
            relationship = {"x-kubernetes-map-type": rng.choice(["atomic", "granular"])}
            if p(.5):
                return dict(r, **relationship)
            return dict({"allOf": [r]}, **relationship)
        if p(.1):
            return {"allOf": [r]}
        return r

    def node(self, depth):
        if depth > 3:
            return dict(rng.choice(SCALARS))
        kind = rng.choices(
            ["scalar", "untyped", "preserve", "struct", "map", "empty-object", "list"],
            [30, 3, 3, 20, 10, 3, 25])[0]
        if kind == "scalar":
            return dict(rng.choice(SCALARS))
        if kind == "untyped":
            return {}
        if kind == "preserve":
            return {"type": "object", "x-kubernetes-preserve-unknown-fields": True}
        if kind == "struct":
            return self.reference(depth)
        if kind == "empty-object":
            return rng.choice([{"type": "object"}, {"type": "object", "additionalProperties": True},
                               {"type": "object", "additionalProperties": False},
                               {"type": "object", "properties": {"a": {"type": "string"}},
                                "additionalProperties": rng.choice([True, False])},
                               {"type": "array"}, {"items": {"type": "string"}},
                               {"properties": {"a": {"type": "integer"}}}])
        if kind == "map":
            node = {"type": "object", "additionalProperties": self.node(depth + 1)}
            if p(.2):
                node["x-kubernetes-map-type"] = rng.choice(["atomic", "granular"])
            return node
        return self.list(depth)

    def list(self, depth):
        style = rng.choices(["atomic", "set", "map", "none", "merge-key", "merge", "retain"],
                            [15, 15, 30, 10, 15, 8, 7])[0]
        if style in ("map", "merge-key", "retain"):
            item_name = self.struct(depth, key_candidates=True)
            items = ref(item_name)
        elif style == "set" or style == "merge" or p(.6):
            items = dict(rng.choice(SCALARS[:6]))
            item_name = None
        else:
            items = self.reference(depth)
            item_name = None
        node = {"type": "array", "items": items}
        if style in ("atomic", "set"):
            node["x-kubernetes-list-type"] = style
        elif style == "map":
            node["x-kubernetes-list-type"] = "map"
            keys = rng.choice([["k"], ["n"], ["k", "n"], ["n", "k"]])
            node["x-kubernetes-list-map-keys"] = keys
            if p(.3):
                key = rng.choice(keys)
                props = self.definitions[item_name]["properties"]
                props[key]["default"] = "x" if key == "k" else 0
        elif style in ("merge-key", "retain"):
            node["x-kubernetes-patch-strategy"] = "merge" if style == "merge-key" else "merge,retainKeys"
            node["x-kubernetes-patch-merge-key"] = rng.choice(["k", "n"])
        elif style == "merge":
            node["x-kubernetes-patch-strategy"] = "merge"
        return node


def resolve(schema, node):
    while "$ref" in node or ("allOf" in node and len(node["allOf"]) == 1):
        if "$ref" in node:
            node = schema.definitions[node["$ref"].rsplit("/", 1)[-1]]
        else:
            node = node["allOf"][0]
    return node


def scalar_value(node):
    t, f = node.get("type"), node.get("format")
    if node.get("x-kubernetes-int-or-string") or f == "int-or-string":
        return rng.choice([1, 2, "x", "50%"])
    if t == "integer":
        return rng.choice([0, 1, 2, 3])
    if t == "number":
        return rng.choice([0.5, 1, 2.25])
    if t == "boolean":
        return rng.choice([True, False])
    if f == "date-time":
        return rng.choice(["2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z"])
    if f == "byte":
        return rng.choice(["YQ==", "Yg=="])
    return rng.choice(["x", "y", "z"])


def noise():
    return rng.choice([None, "s", 7, True, [1], {"q": 1}])


def value(schema, node, depth=0):
    if p(.02):
        return noise()
    node = resolve(schema, node)
    t = node.get("type")
    if depth > 6:
        return "x"
    if t == "array":
        items = node.get("items", {})
        keys = node.get("x-kubernetes-list-map-keys") or (
            [node["x-kubernetes-patch-merge-key"]] if "x-kubernetes-patch-merge-key" in node else None)
        out = []
        for i in range(rng.randint(0, 3)):
            item = value(schema, items, depth + 1)
            if keys and isinstance(item, dict) and not p(.04):
                for key in keys:
                    if p(.95):
                        item[key] = rng.choice(["x", "y"]) if key == "k" else rng.choice([1, 2])
                    else:
                        item.pop(key, None)
            out.append(item)
        if node.get("x-kubernetes-list-type") == "set" or not keys:
            if not p(.05) and all(not isinstance(v, (dict, list)) for v in out):
                unique = []
                for v in out:
                    if v not in unique:
                        unique.append(v)
                out = unique
        elif not p(.05):
            seen, unique = set(), []
            for v in out:
                k = json.dumps([v.get(key) for key in keys], sort_keys=True) if isinstance(v, dict) else None
                if k not in seen:
                    seen.add(k)
                    unique.append(v)
            out = unique
        return out
    if t == "object" or "properties" in node or "additionalProperties" in node:
        out = {}
        for name, prop in node.get("properties", {}).items():
            if p(.6):
                out[name] = value(schema, prop, depth + 1)
        extra = node.get("additionalProperties")
        if extra is True and p(.5):
            out[rng.choice(["u", "v"])] = rng.choice(["1", {"w": "1"}, [1]])
        if extra is not None and not isinstance(extra, bool):
            for name in rng.sample(["p", "q", "r"], rng.randint(0, 2)):
                out[name] = value(schema, extra, depth + 1)
        if (node.get("x-kubernetes-preserve-unknown-fields") or not node.get("properties")
                and extra is None) and p(.5):
            out[rng.choice(["u", "v"])] = rng.choice(["1", {"w": rng.choice(["1", "2"])}, [1, 2]])
        return out
    if not t and "x-kubernetes-int-or-string" not in node:
        return rng.choice(["x", 1, {"m": rng.choice(["1", "2"])}, ["l"]])
    return scalar_value(node)


for i in range(count):
    schema = Schema()
    spec = schema.struct(0)
    schema.definitions["com.example.v1.Widget"] = {
        "type": "object",
        "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "Widget"}],
        "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"},
                       "metadata": ref(META), "spec": ref(spec)},
    }
    doc = {"swagger": "2.0", "info": {"title": "widgets", "version": "v1"}, "paths": {},
           "definitions": schema.definitions}
    steps = []
    for _ in range(rng.randint(2, 6)):
        op = rng.choices(["apply", "update"], [6, 4])[0]
        obj = {"apiVersion": "example.com/v1", "kind": "Widget",
               "metadata": {"name": "w", "namespace": "default"},
               "spec": value(schema, ref(spec))}
        step = {"manager": rng.choice(["m1", "m2", "m3"]), "op": op, "client": "api", "object": obj}
        if op == "apply" and p(.25):
            step["force"] = True
        steps.append(step)
    scenario = {"scenario": "v1", "name": f"oa-{seed}-{i}", "schema": {"openapi": doc}, "steps": steps}
    with open(f"{out}/oa-{seed}-{i}.json", "w") as f:
        json.dump(scenario, f)
