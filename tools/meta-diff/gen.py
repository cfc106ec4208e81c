"""Random object metadata, mostly valid, with the mistakes users make
(names, label keys and values, annotation keys, finalizers, owner
references, generation, managedFields), one {"meta", "rule"} per line:
gen.py SEED COUNT"""
import json, random, sys
random.seed(int(sys.argv[1])); N = int(sys.argv[2])
def p(x): return random.random() < x
def pick(*xs): return random.choice(xs)
NAMES = ["web", "web-1", "Web", "web_1", "-web", "web-", "a.b", "a..b", "1abc", "", "a" * 63, "a" * 64,
         ("a" * 63 + ".") * 4 + "a", "x" * 254, "web.example.com", "..", ".", "a/b", "a%b", "ab c", "ñame"]
KEYS = ["app", "app.kubernetes.io/name", "Example.com/x", "example.com/", "/x", "a/b/c", "a" * 63, "a" * 64,
        "x" * 254 + "/y", "-app", "app_", "a.b", "kubernetes.io/arch", "my key", "_x"]
VALUES = ["", "web", "a" * 63, "a" * 64, "a b", "-x", "x-", "A_1", "v1.2", "ñ"]
def meta():
    m = {"name": pick(*NAMES) if p(.5) else "web", "namespace": "default"}
    if p(.3): m["generateName"] = pick("web-", "Web-", "web", "-", "a-", "-a-", "a--", "x" * 253 + "-", "x" * 254 + "-",
                                       "x" * 62 + "-", "x" * 63 + "-", "1ab-", "a.b-", ".", "..", "a/b-", "a%-", "é-", "web_-")
    if p(.05): del m["name"]
    if p(.5): m["labels"] = {pick(*KEYS): pick(*VALUES) for _ in range(random.randint(1, 3))}
    if p(.3): m["annotations"] = {pick(*KEYS): pick("v", "", "x" * 10) for _ in range(random.randint(1, 2))}
    if p(.2): m["finalizers"] = [pick("example.com/f", "f", "Example.com/f", "kubernetes", "a/b/c") for _ in range(random.randint(1, 3))]
    if p(.2):
        refs = []
        for _ in range(random.randint(1, 3)):
            r = {}
            if p(.9): r["apiVersion"] = pick("apps/v1", "v1", "")
            if p(.9): r["kind"] = pick("ReplicaSet", "")
            if p(.9): r["name"] = pick("rs", "")
            if p(.9): r["uid"] = pick("u1", "u2", "")
            if p(.4): r["controller"] = pick(True, False)
            if p(.2): r["blockOwnerDeletion"] = True
            refs.append(r)
        m["ownerReferences"] = refs
    if p(0): m["generation"] = pick(-1, 0, 3)
    if p(0):
        m["managedFields"] = [{"manager": pick("m", "", "x" * 200), "operation": pick("Apply", "Update", "Other", ""),
                               "apiVersion": pick("v1", ""), "fieldsType": pick("FieldsV1", "FieldsV2", ""),
                               **({"fieldsV1": {}} if p(.5) else {}), **({"subresource": pick("status", "")} if p(.3) else {})}]
    return m
for _ in range(N):
    print(json.dumps({"meta": meta(), "rule": pick("Subdomain", "Subdomain", "Label", "Dns1035", "PathSegment")}))
