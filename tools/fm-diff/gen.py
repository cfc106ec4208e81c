"""Random scenarios of one custom-typed object (example.com/v1 Widget,
typed by a Swagger 2.0 document) written by bare API requests: applies
(some forced) and updates by three managers. gen.py SEED COUNT OUTDIR"""
import json, os, random, sys
seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
os.makedirs(out, exist_ok=True)
META = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
def ref(n): return {"$ref": "#/definitions/" + n}
definitions = {
    META: {"type": "object", "properties": {
        "name": {"type": "string"}, "namespace": {"type": "string"},
        "labels": {"type": "object", "additionalProperties": {"type": "string"}},
        "annotations": {"type": "object", "additionalProperties": {"type": "string"}},
        "finalizers": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"},
        "uid": {"type": "string"}, "resourceVersion": {"type": "string"},
        "generation": {"type": "integer", "format": "int64"},
        "creationTimestamp": {"type": "string", "format": "date-time"},
        "managedFields": {"type": "array", "items": ref("io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry")},
    }},
    "io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry": {"type": "object", "properties": {
        "apiVersion": {"type": "string"}, "fieldsType": {"type": "string"},
        "fieldsV1": {"type": "object"}, "manager": {"type": "string"},
        "operation": {"type": "string"}, "subresource": {"type": "string"},
        "time": {"type": "string", "format": "date-time"}}},
    "com.example.v1.Widget": {"type": "object",
        "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "Widget"}],
        "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"},
                       "metadata": ref(META), "spec": ref("com.example.v1.WidgetSpec")}},
    "com.example.v1.WidgetSpec": {"type": "object", "properties": {
        "replicas": {"type": "integer", "format": "int32"},
        "image": {"type": "string"},
        "labels": {"type": "object", "additionalProperties": {"type": "string"}},
        "selector": {"type": "object", "additionalProperties": {"type": "string"}, "x-kubernetes-map-type": "atomic"},
        "tags": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"},
        "args": {"type": "array", "items": {"type": "string"}},
        "containers": {"type": "array", "items": ref("com.example.v1.Container"),
                       "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]},
        "ports": {"type": "array", "items": ref("com.example.v1.Port"),
                  "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["port", "protocol"]},
        "template": ref("com.example.v1.Template"),
    }},
    "com.example.v1.Container": {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string"}, "image": {"type": "string"},
        "env": {"type": "array", "items": ref("com.example.v1.Env"),
                "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]}}},
    "com.example.v1.Env": {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string"}, "value": {"type": "string"}}},
    "com.example.v1.Port": {"type": "object", "required": ["port", "protocol"], "properties": {
        "port": {"type": "integer", "format": "int32"}, "protocol": {"type": "string"},
        "name": {"type": "string"}}},
    "com.example.v1.Template": {"type": "object", "x-kubernetes-map-type": "atomic", "properties": {
        "a": {"type": "string"}, "b": {"type": "string"}}},
}
doc = {"swagger": "2.0", "info": {"title": "widgets", "version": "v1"}, "paths": {}, "definitions": definitions}
def p(x): return random.random() < x
def pick(*xs): return random.choice(xs)
def spec():
    s = {}
    if p(.5): s["replicas"] = pick(1, 2, 3)
    if p(.5): s["image"] = pick("a", "b", "c")
    if p(.4): s["labels"] = {k: pick("x", "y") for k in random.sample(["app", "tier", "env"], random.randint(0, 3))}
    if p(.3): s["selector"] = {k: pick("x", "y") for k in random.sample(["app", "tier"], random.randint(0, 2))}
    if p(.4): s["tags"] = random.sample(["t1", "t2", "t3"], random.randint(0, 3))
    if p(.3): s["args"] = [pick("-a", "-b") for _ in range(random.randint(0, 3))]
    if p(.6):
        s["containers"] = []
        for n in random.sample(["app", "side", "init"], random.randint(0, 3)):
            c = {"name": n}
            if p(.7): c["image"] = pick("nginx:1", "nginx:2")
            if p(.4): c["env"] = [dict({"name": e}, **({"value": pick("1", "2")} if p(.8) else {})) for e in random.sample(["A", "B"], random.randint(0, 2))]
            s["containers"].append(c)
    if p(.3):
        s["ports"] = [dict({"port": pt, "protocol": pr}, **({"name": pick("dns", "web")} if p(.5) else {}))
                      for pt, pr in random.sample([(53, "UDP"), (53, "TCP"), (80, "TCP")], random.randint(0, 3))]
    if p(.2): s["template"] = {k: pick("1", "2") for k in random.sample(["a", "b"], random.randint(0, 2))}
    return s
def obj():
    o = {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w", "namespace": "default"}, "spec": spec()}
    if p(.3): o["metadata"]["labels"] = {k: pick("1", "2") for k in random.sample(["team", "owner"], random.randint(1, 2))}
    if p(.15): o["metadata"]["annotations"] = {"note": pick("x", "y")}
    return o
for i in range(count):
    steps = []
    many = p(.3)
    names = [f"c{k}" for k in range(14)] if many else ["m1", "m2", "m3", "ctl"]
    for _ in range(random.randint(2, 16 if many else 7)):
        op = random.choices(["apply", "update"], [6, 4] if not many else [2, 8])[0]
        st = {"manager": random.choice(names), "op": op, "client": "api", "object": obj()}
        if p(.05): st["object"]["spec"] = {}
        if op == "update" and p(.08): st["object"]["metadata"]["managedFields"] = []
        if op == "apply" and p(.25): st["force"] = True
        steps.append(st)
    if p(.25):
        # Many update managers, each owning a label of its own: the cap
        # of ten update entries (`ancient-changes`).
        steps, labels = [], {}
        for k in random.sample(range(16), random.randint(9, 16)):
            labels[f"l{k}"] = "1"
            o = obj()
            o["metadata"]["labels"] = dict(labels)
            steps.append({"manager": f"c{k}", "op": "update", "client": "api", "object": o})
            if p(.15):
                steps.append({"manager": "applier", "op": "apply", "client": "api", "object": obj(), "force": p(.5)})
    sc = {"scenario": "v1", "name": f"fm-{seed}-{i}", "schema": {"openapi": doc}, "steps": steps}
    json.dump(sc, open(f"{out}/fm-{seed}-{i}.json", "w"))
