import json, random, sys
seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
random.seed(seed)

def item_types(nested_atomic):
    return [
        {"name": "root", "map": {"fields": [
            {"name": "a", "type": {"scalar": "numeric"}},
            {"name": "b", "type": {"scalar": "string"}},
            {"name": "m", "type": {"map": {"elementType": {"scalar": "string"}}}},
            {"name": "am", "type": {"map": {"elementType": {"scalar": "string"}, "elementRelationship": "atomic"}}},
            {"name": "s", "type": {"list": {"elementType": {"scalar": "string"}, "elementRelationship": "associative"}}},
            {"name": "al", "type": {"list": {"elementType": {"scalar": "numeric"}, "elementRelationship": "atomic"}}},
            {"name": "ml", "type": {"list": {"elementType": {"namedType": "item"}, "elementRelationship": "associative", "keys": ["name"]}}},
            {"name": "ml2", "type": {"list": {"elementType": {"namedType": "item2"}, "elementRelationship": "associative", "keys": ["k1", "k2"]}}},
            {"name": "n", "type": {"namedType": "nested"}},
            {"name": "ms", "type": {"map": {"elementType": {"namedType": "item2"}}}},
            {"name": "f", "type": {"scalar": "numeric"}},
        ]}},
        {"name": "item", "map": {"fields": [
            {"name": "name", "type": {"scalar": "string"}},
            {"name": "v", "type": {"scalar": "numeric"}},
            {"name": "tags", "type": {"list": {"elementType": {"scalar": "string"}, "elementRelationship": "associative"}}},
            {"name": "sub", "type": {"map": {"elementType": {"scalar": "numeric"}}}},
        ]}},
        {"name": "item2", "map": {"fields": [
            {"name": "k1", "type": {"scalar": "string"}},
            {"name": "k2", "type": {"scalar": "numeric"}},
            {"name": "v", "type": {"scalar": "string"}},
        ]}},
        {"name": "nested", "map": dict({"fields": [
            {"name": "x", "type": {"scalar": "string"}},
            {"name": "y", "type": {"namedType": "item"}},
        ]}, **({"elementRelationship": "atomic"} if nested_atomic else {}))},
    ]

def p(prob): return random.random() < prob
def num(): return random.choice([1, 2, 3])
def s(): return random.choice(["a", "b", "c"])

def item(name=None, dup_ok=False):
    o = {"name": name or s()}
    if p(.03): del o["name"]
    if p(.05): o["v"] = None
    if p(.6): o["v"] = num()
    if p(.3): o["tags"] = sorted(set(random.choice(["x", "y", "z"]) for _ in range(random.randint(0, 3))))
    if p(.3): o["sub"] = {k: num() for k in random.sample(["p", "q"], random.randint(0, 2))}
    return o

def keyed_list(make, keyf, dup):
    n = random.randint(0, 3)
    out, seen = [], set()
    for _ in range(n):
        it = make()
        k = keyf(it)
        if k in seen and not dup:
            continue
        seen.add(k)
        out.append(it)
    return out

def obj(dup=False, deduced=False):
    o = {}
    if p(.5): o["a"] = num()
    if p(.5): o["b"] = s() if p(.9) else None
    if p(.2): o["f"] = random.choice([1.5, 2, 0.25, -1])
    if p(.2): o["ms"] = {k: dict({"k1": s(), "k2": num()}, **({"v": s()} if p(.5) else {})) for k in random.sample(["p", "q"], random.randint(0, 2))}
    if p(.4): o["m"] = {k: s() for k in random.sample(["p", "q", "r"], random.randint(0, 3))}
    if p(.3): o["am"] = {k: s() for k in random.sample(["p", "q", "r"], random.randint(0, 2))}
    if p(.4):
        vals = [random.choice(["x", "y", "z"]) for _ in range(random.randint(0, 3))]
        o["s"] = vals if dup else list(dict.fromkeys(vals))
    if p(.3): o["al"] = [num() for _ in range(random.randint(0, 3))]
    if p(.6): o["ml"] = keyed_list(lambda: item(), lambda i: i.get("name"), dup)
    if p(.3): o["ml2"] = keyed_list(lambda: dict({"k1": s(), "k2": num()}, **({"v": s()} if p(.6) else {})), lambda i: (i["k1"], i["k2"]), dup)
    if p(.3):
        n = {}
        if p(.6): n["x"] = s()
        if p(.5): n["y"] = item()
        o["n"] = n
    return o

schemas = {"granular": {"root": "root", "types": item_types(False)},
           "atomicnested": {"root": "root", "types": item_types(True)}}
cases = []
for i in range(count):
    schema = random.choice(["granular", "granular", "atomicnested", "deduced"])
    ops = []
    for _ in range(random.randint(2, 6)):
        kind = random.choices(["apply", "force-apply", "update"], [5, 1.5, 3.5])[0]
        dup = kind == "update" and p(.1)
        ops.append({kind: {"manager": random.choice(["m1", "m2", "m3"]),
                           "apiVersion": random.choice(["v1", "v1", "v1", "v2"]),
                           "object": obj(dup=dup)}})
    cases.append({"name": f"fuzz_{seed}_{i}", "schema": schema, "ops": ops})
print(json.dumps({"schemas": schemas, "cases": cases}))
