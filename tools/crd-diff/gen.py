"""Random CRD schemas (structural, with value validations and junctors) and
values that mostly fit them, one {"crd", "schema", "value"} per line:
"crd" as a CRD writes it, "schema" as apiextensions converts it for
kube-openapi (int-or-string as type [integer, string]).
gen.py SEED COUNT"""
import copy, json, random, sys
random.seed(int(sys.argv[1])); N = int(sys.argv[2])
def p(x): return random.random() < x
def pick(*xs): return random.choice(xs)
FORMATS = {"string": ["date-time", "date", "byte", "uuid", "ipv4", "ipv6", "cidr", "mac", "duration", "hostname", "email", "uri", "k8s-short-name"],
           "integer": ["int32", "int64"], "number": ["float", "double"]}
def constraints(t, s):
    if t in ("integer", "number"):
        if p(.3): s["minimum"] = pick(0, 1, -5, 2.5) if t == "number" else pick(0, 1, -5)
        if p(.3): s["maximum"] = pick(3, 10, 100)
        if p(.15): s["exclusiveMinimum"] = True
        if p(.15): s["exclusiveMaximum"] = True
        if p(.15): s["multipleOf"] = pick(2, 3, 0.5) if t == "number" else pick(2, 3)
    if t == "string":
        if p(.25): s["maxLength"] = pick(1, 3, 5)
        if p(.2): s["minLength"] = pick(1, 2)
        if p(.2): s["pattern"] = pick("^[a-z]+$", "^[0-9]*$", "a")
    if t in FORMATS and p(.2): s["format"] = pick(*FORMATS[t])
    if p(.15):
        s["enum"] = {"string": [["a", "b"], ["x"]], "integer": [[1, 2], [3]], "number": [[1.5, 2]], "boolean": [[True]], "object": [[{"a": 1}]], "array": [[[1]]]}[t][0]
    if p(.08): s["nullable"] = True
def schema(depth=0):
    t = random.choice(["object", "array", "string", "integer", "number", "boolean"] if depth < 3 else ["string", "integer", "number", "boolean"])
    if depth > 0 and p(.06):
        return {"x-kubernetes-int-or-string": True, **({"maximum": 5} if p(.3) else {}), **({"pattern": "^[0-9]+$"} if p(.2) else {})}
    s = {"type": t}
    if t == "object":
        if p(.7):
            s["properties"] = {k: schema(depth + 1) for k in random.sample(["a", "b", "c", "d"], random.randint(1, 4))}
            if p(.4): s["required"] = random.sample(list(s["properties"]) + ["z"], random.randint(1, 2))
        else:
            s["additionalProperties"] = schema(depth + 1)
        if p(.15): s["maxProperties"] = pick(1, 2)
        if p(.1): s["minProperties"] = pick(1, 2)
    elif t == "array":
        s["items"] = schema(depth + 1)
        if p(.2): s["maxItems"] = pick(1, 2)
        if p(.15): s["minItems"] = pick(1, 2)
    constraints(t, s)
    if p(.12):
        j = pick("allOf", "anyOf", "oneOf")
        s[j] = [junct(t) for _ in range(random.randint(1, 3))]
    if p(.05): s["not"] = junct(t)
    return s
def junct(t):
    s = {}
    constraints(t, s)
    # A format without a type in a junctor: kube-openapi type-checks the
    # value's Go kind against it (left out: no CRD writes one).
    s.pop("format", None)
    if t == "object" and p(.5): s["required"] = random.sample(["a", "b", "c"], 1)
    return s
def value(s, depth=0):
    if p(.04): return pick(None, "x", 7, 1.5, True, [], {})
    if s.get("x-kubernetes-int-or-string"): return pick(3, 9, "12", "a", "7")
    t = s.get("type")
    if t == "object":
        props = s.get("properties")
        if props:
            o = {k: value(v, depth + 1) for k, v in props.items() if p(.7)}
            if p(.1): o["zz"] = 1
            return o
        return {k: value(s["additionalProperties"], depth + 1) for k in random.sample(["p", "q", "r"], random.randint(0, 3))}
    if t == "array": return [value(s["items"], depth + 1) for _ in range(random.randint(0, 3))]
    if t == "string":
        f = s.get("format")
        samples = {"date-time": ["2024-01-02T03:04:05Z", "2024-13-01T00:00:00Z", "soon"], "date": ["2024-02-29", "2023-02-29"],
                   "byte": ["aGk=", "a"], "uuid": ["a8098c1a-f86e-11da-bd1a-00112444be1e", "nope"], "ipv4": ["1.2.3.4", "1.2.3"],
                   "ipv6": ["::1", "1::2::3"], "cidr": ["10.0.0.0/8", "10.0.0.0"], "mac": ["00:1a:2b:3c:4d:5e", "00:1a"],
                   "duration": ["1h", "3 days", "x"], "hostname": ["a.com", "my-host", "ex ample"], "email": ["a@b.c", "a@"],
                   "uri": ["http://a/b", "rel/path"], "k8s-short-name": ["ok-1", "Bad"]}
        if f in samples and p(.7): return pick(*samples[f])
        return pick("a", "ab", "abc", "abcdef", "A1", "", "12", "b")
    if t == "integer": return pick(0, 1, 2, 3, 5, 10, 101, -6, 2147483648)
    if t == "number": return pick(0, 1.5, 2, 2.5, 3, 10.25, -6, 100)
    if t == "boolean": return pick(True, False)
    return None
def for_go(s):
    s = copy.deepcopy(s)
    def walk(x):
        if isinstance(x, dict):
            if x.get("x-kubernetes-int-or-string"):
                x["type"] = ["integer", "string"]
            for k, v in list(x.items()):
                if k in ("properties",):
                    for vv in v.values(): walk(vv)
                elif k in ("items", "additionalProperties", "not"): walk(v)
                elif k in ("allOf", "anyOf", "oneOf"):
                    for vv in v: walk(vv)
    walk(s)
    return s
for _ in range(N):
    # A custom resource's root: an object with properties.
    s = {"type": "object", "properties": {"spec": schema(1), "status": schema(1)}}
    if p(.2): s["properties"]["spec"] = {"type": "object", "additionalProperties": schema(2)}
    print(json.dumps({"crd": s, "schema": for_go(s), "value": value(s)}))
