import json, random, sys
random.seed(int(sys.argv[1])); N = int(sys.argv[2])
KEYS = ["a", "b", "c", "x/y", "m~n", ""]
def p(x): return random.random() < x
def scalar(): return random.choice([1, 2, 0, -1, 1.5, "s", "t", True, False, None, ""])
def value(d=0):
    r = random.random()
    if d > 2 or r < 0.45: return scalar()
    if r < 0.75: return {k: value(d+1) for k in random.sample(KEYS[:4], random.randint(0, 3))}
    return [value(d+1) for _ in range(random.randint(0, 3))]
def doc():
    return {k: value(1) for k in random.sample(KEYS, random.randint(1, 4))}
def esc(k): return k.replace("~", "~0").replace("/", "~1")
def paths(v, prefix=""):
    out = [prefix]
    if isinstance(v, dict):
        for k, x in v.items(): out += paths(x, prefix + "/" + esc(k))
    elif isinstance(v, list):
        for i, x in enumerate(v): out += paths(x, prefix + "/" + str(i))
        out.append(prefix + "/-")
        out.append(prefix + "/" + str(len(v)))
        out.append(prefix + "/-1")
    return out
def path(d):
    ps = paths(d)
    r = random.random()
    if r < 0.7: return random.choice(ps)
    if r < 0.85: return random.choice(ps) + "/" + random.choice(["a", "zz", "0", "-", "01", "~1"])
    return random.choice(["/nope/x", "a", "/a~2", "/-", "/0", "//"])
def op(d):
    kind = random.choice(["add", "add", "remove", "replace", "move", "copy", "test"])
    o = {"op": kind, "path": path(d)}
    if kind in ("add", "replace", "test"):
        if p(0.95): o["value"] = value(1)
    if kind in ("move", "copy"):
        o["from"] = path(d)
    if p(0.02): o["extra"] = 1
    return o
def merge_patch(d=0):
    if d > 2 or p(0.2): return value(1)
    return {k: (None if p(0.25) else merge_patch(d+1)) for k in random.sample(KEYS, random.randint(0, 3))}
for _ in range(N):
    d = doc()
    if p(0.25):
        print(json.dumps({"kind": "merge", "doc": d, "patch": merge_patch()}))
    else:
        print(json.dumps({"kind": "json", "doc": d, "patch": [op(d) for _ in range(random.randint(1, 3))]}))
