"""Random Deployments with random strategic merge patches (every directive),
one JSON object per line: gen.py SEED COUNT."""
import json, random, sys
random.seed(int(sys.argv[1])); N = int(sys.argv[2])
def p(x): return random.random() < x
def pick(*xs): return random.choice(xs)
UNIQUE = False
def uniq(items, key):
    if not UNIQUE: return items
    seen, out = set(), []
    for it in items:
        k = json.dumps([it.get(x) for x in key])
        if k not in seen:
            seen.add(k); out.append(it)
    return out
def env():
    return uniq([dict({"name": pick("A", "B", "C")}, **({"value": pick("1", "2")} if p(.8) else {})) for _ in range(random.randint(0, 3))], ["name"])
def ports():
    return uniq([dict({"containerPort": pick(80, 443, 8080)}, **({"protocol": pick("TCP", "UDP")} if p(.5) else {}), **({"name": pick("http", "https")} if p(.4) else {})) for _ in range(random.randint(0, 3))], ["containerPort", "protocol"])
def container():
    c = {"name": pick("app", "side", "init")}
    if p(.8): c["image"] = pick("nginx:1", "nginx:2", "busybox")
    if p(.4): c["env"] = env()
    if p(.4): c["ports"] = ports()
    if p(.3): c["args"] = [pick("-a", "-b", "-c") for _ in range(random.randint(0, 3))]
    if p(.3): c["volumeMounts"] = uniq([{"name": pick("v1", "v2"), "mountPath": pick("/a", "/b")} for _ in range(random.randint(0, 2))], ["mountPath"])
    if p(.2): c["resources"] = {"limits": {k: pick("1", "2") for k in random.sample(["cpu", "memory"], random.randint(0, 2))}}
    return c
def volume():
    v = {"name": pick("v1", "v2", "v3")}
    r = random.random()
    if r < .4: v["emptyDir"] = {}
    elif r < .7: v["configMap"] = {"name": pick("c1", "c2")}
    elif r < .9: v["secret"] = {"secretName": pick("s1", "s2")}
    return v
def deployment():
    d = {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"}, "spec": {}}
    m = d["metadata"]
    if p(.5): m["labels"] = {k: pick("x", "y") for k in random.sample(["app", "tier", "env"], random.randint(0, 3))}
    if p(.3): m["finalizers"] = random.sample(["f/a", "f/b", "f/c"], random.randint(0, 3))
    s = d["spec"]
    if p(.5): s["replicas"] = pick(1, 2, 3)
    if p(.4): s["strategy"] = pick({"type": "Recreate"}, {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": pick(1, "25%")}})
    t = {"spec": {}}
    if p(.8): t["spec"]["containers"] = uniq([container() for _ in range(random.randint(0, 3))], ["name"])
    if p(.3): t["spec"]["initContainers"] = uniq([container() for _ in range(random.randint(0, 2))], ["name"])
    if p(.4): t["spec"]["volumes"] = uniq([volume() for _ in range(random.randint(0, 3))], ["name"])
    if p(.3): t["spec"]["tolerations"] = [{"key": pick("k1", "k2"), "operator": "Exists"} for _ in range(random.randint(0, 2))]
    if p(.2): t["spec"]["imagePullSecrets"] = uniq([{"name": pick("r1", "r2")} for _ in range(random.randint(0, 2))], ["name"])
    s["template"] = t
    return d
def mutate_list_item(item, key):
    r = random.random()
    if r < .1: return {key: item.get(key, "app"), "$patch": "delete"}
    if r < .15: return dict(item, **{"$patch": "replace"})
    return item
def patch():
    d = deployment()
    del d["apiVersion"], d["kind"]
    if p(.5): del d["metadata"]
    else:
        d["metadata"].pop("name")
        if p(.2): d["metadata"]["labels"] = None if p(.5) else {"app": None}
        if p(.2):
            # With the list itself beside it (and no order list), which
            # applies first is Go's map order: random upstream.
            d["metadata"].pop("finalizers", None)
            d["metadata"]["$deleteFromPrimitiveList/finalizers"] = random.sample(["f/a", "f/b"], random.randint(1, 2))
        if p(.1): d["metadata"]["$setElementOrder/finalizers"] = random.sample(["f/a", "f/b", "f/c"], random.randint(1, 3))
    s = d["spec"]
    for k in list(s):
        if p(.4): del s[k]
    if p(.2): s["replicas"] = None
    if p(.15): s["strategy"] = {"$retainKeys": pick(["type"], ["type", "rollingUpdate"]), "type": pick("Recreate", "RollingUpdate")}
    ts = s.get("template", {}).get("spec", {})
    if "containers" in ts:
        ts["containers"] = [mutate_list_item(c, "name") for c in ts["containers"]]
        if p(.15): ts["$setElementOrder/containers"] = [{"name": n} for n in random.sample(["app", "side", "init"], random.randint(1, 3))]
        for c in ts["containers"]:
            if "env" in c and p(.2): c["env"].append({"name": pick("A", "B"), "$patch": "delete"})
            if "ports" in c and p(.2): c["$setElementOrder/ports"] = [{"containerPort": pick(80, 443)}]
    if "volumes" in ts and p(.3):
        for v in ts["volumes"]:
            if p(.5): v["$retainKeys"] = pick(["name"], ["name", "emptyDir"], ["configMap", "name"])
    if p(.05): ts["containers"] = {"$patch": "replace"}
    if p(.05): s["template"] = {"$patch": pick("replace", "delete")}
    if p(.05): d["$patch"] = "replace"
    return d
for _ in range(N):
    print(json.dumps({"doc": deployment(), "patch": patch()}))
