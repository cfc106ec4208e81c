"""Random managedFields lists (Apply and Update entries of a few managers,
main resource and status, two API versions, overlapping field sets) with
the client-side managers to upgrade and the applier, one {"entries",
"csa", "ssa"} per line: gen.py SEED COUNT"""
import json, random, sys
random.seed(int(sys.argv[1])); N = int(sys.argv[2])
def p(x): return random.random() < x
FIELDS = [("f:data", "f:a"), ("f:data", "f:b"), ("f:metadata", "f:labels", "f:x"),
          ("f:metadata", "f:annotations", "f:kubectl.kubernetes.io/last-applied-configuration"), ("f:spec", "f:replicas")]
def fields():
    out = {}
    for path in random.sample(FIELDS, random.randint(0, 4)):
        node = out
        for seg in path:
            node = node.setdefault(seg, {})
    if p(.1):
        out.setdefault("f:data", {})["."] = {}
    return out
for _ in range(N):
    entries = []
    for _ in range(random.randint(0, 5)):
        e = {"manager": random.choice(["kubectl-client-side-apply", "kubectl", "helm", "ctl", "kubectl-edit"]),
             "operation": random.choice(["Update", "Update", "Apply"]),
             "apiVersion": random.choice(["v1", "v1", "v2"]), "time": "2024-01-01T00:00:00Z",
             "fieldsType": "FieldsV1", "fieldsV1": fields()}
        if p(.15): e["subresource"] = "status"
        if p(.03): e["fieldsV1"] = {"f:data": {"k:bad": {}}}
        entries.append(e)
    csa = sorted(random.sample(["kubectl-client-side-apply", "helm", "kubectl-edit", "ctl"], random.randint(1, 3)))
    print(json.dumps({"entries": entries, "csa": csa, "ssa": random.choice(["kubectl", "helm", "argo"])}))
