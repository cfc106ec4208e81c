"""values.py SEED COUNT: custom resources for validate.go: a schema whose
fields carry typical rules (strings, numbers, formats, int-or-string,
lists, maps, objects, map lists; transition rules, message expressions,
field paths and reasons) and a value that fits it, half of them with an
old value (an update, ratcheted)."""
import copy, json, random, sys

seed, count = int(sys.argv[1]), int(sys.argv[2])
R = random.Random(seed)
OBJ = {"type": "object", "properties": {"a": {"type": "string"}, "c": {"type": "integer"}}}
FIELDS = {
    "s": ({"type": "string"}, ["self.startsWith('a')", "self.size() > 2", "self.matches('^[a-z]+$')", "self == 'x'",
                               "self.contains('b')", "self.lowerAscii() == self", "self.split('-').size() < 3",
                               "self.indexOf('c') != 0", "self.substring(1) != ''", "url(self).getHost() != ''",
                               "isURL(self)", "self.find('[0-9]+') == ''", "self in ['abc', 'x']"]),
    "i": ({"type": "integer"}, ["self > 5", "self % 2 == 0", "self * 1000000000000000000 > 0", "10 / (self - self) == 0",
                                "self < 100", "int(string(self)) == self", "double(self) < 7.5", "self == 3"]),
    "n": ({"type": "number"}, ["self > 1.5", "self == 2", "int(self) < 3", "self * 2.0 < 10.0"]),
    "d": ({"type": "string", "format": "date-time"}, ["self < timestamp('2020-01-01T00:00:00Z')", "self.getFullYear() > 2000",
                                                     "self.getHours() < 12", "self + duration('24h') > timestamp('2021-01-01T00:00:00Z')"]),
    "dur": ({"type": "string", "format": "duration"}, ["self > duration('1h')", "self < duration('10s')", "self.getSeconds() > 30"]),
    "q": ({"x-kubernetes-int-or-string": True}, ["self == 1", "self == '50%'", "type(self) == string", "isQuantity(string(self))"]),
    "qty": ({"type": "string"}, ["quantity(self).isLessThan(quantity('1Gi'))", "isQuantity(self)", "quantity(self).sign() > 0"]),
    "ip": ({"type": "string"}, ["isIP(self)", "ip(self).family() == 4", "isCIDR(self) && cidr(self).prefixLength() > 8"]),
    "l": ({"type": "array", "items": {"type": "string"}, "maxItems": 5}, ["self.all(x, x != '')", "self.size() < 3", "'a' in self",
                                                                           "self[0] == 'a'", "self.exists_one(x, x == 'b')", "self.map(x, x + 'z').all(x, x.endsWith('z'))"]),
    "m": ({"type": "object", "additionalProperties": {"type": "string"}}, ["self.all(k, self[k] != '')", "'k' in self", "self['k'] == 'v'",
                                                                          "self.size() <= 2", "self.exists(k, k.startsWith('a'))"]),
    "o": (OBJ, ["has(self.a)", "self.c > 0", "self.a == 'x'", "!has(self.c) || self.c < 5"]),
    "lo": ({"type": "array", "items": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "v": {"type": "integer"}}},
            "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]},
           ["self.all(x, x.v > 0)", "self.exists(x, x.name == 'a')", "self.all(x, !has(x.v) || x.v < 10)", "size(self) <= 2"]),
}
TRANSITION = ["self == oldSelf", "self >= oldSelf", "self.size() >= oldSelf.size()"]
WORDS = ["", "a", "abc", "x", "b-c", "ABC", "zz9", "https://example.com/p", "a/b", "1Gi", "500m", "2Gi", "10.0.0.1", "10.0.0.0/16", "::1", "50%"]

def value(name, schema):
    t = schema.get("type")
    if name == "d":
        return R.choice(["2019-05-01T10:00:00Z", "2021-06-01T13:30:00Z", "2000-01-01T00:00:00+02:00"])
    if name == "dur":
        return R.choice(["1s", "90m", "2h", "45s", "0s"])
    if name == "q":
        return R.choice([1, 2, "50%", "1"])
    if t == "string":
        return R.choice(WORDS)
    if t == "integer":
        return R.choice([0, 1, 3, 6, 7, 200, -4])
    if t == "number":
        return R.choice([1.5, 2, 2.5, 7.25, 0])
    if t == "array":
        n = R.randrange(0, 4)
        if schema["items"]["type"] == "string":
            return [R.choice(["a", "b", "", "c"]) for _ in range(n)]
        return [{"name": nm, "v": R.choice([1, 5, 12, -1])} for nm in R.sample(["a", "b", "c"], min(n, 3))]
    if t == "object" and "additionalProperties" in schema:
        return {k: R.choice(["v", "", "w"]) for k in R.sample(["k", "a1", "b"], R.randrange(0, 3))}
    if t == "object":
        o = {}
        if R.random() < 0.7: o["a"] = R.choice(["x", "y"])
        if R.random() < 0.7: o["c"] = R.choice([1, 7, -2])
        return o
    return None

for _ in range(count):
    names = R.sample(list(FIELDS), R.randrange(2, 6))
    props = {}
    for n in names:
        schema, rules = FIELDS[n]
        schema = copy.deepcopy(schema)
        chosen = []
        for rule in R.sample(rules, R.randrange(1, 3)):
            r = {"rule": rule}
            k = R.random()
            if k < 0.2: r["message"] = "must be right"
            elif k < 0.35: r["messageExpression"] = R.choice(["'bad: ' + string(self)", "'bad value'", "string(self) + ' is wrong'"])
            if R.random() < 0.1: r["reason"] = R.choice(["FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate"])
            chosen.append(r)
        if R.random() < 0.2:
            chosen.append({"rule": R.choice(TRANSITION), "message": "is immutable"})
        schema["x-kubernetes-validations"] = chosen
        props[n] = schema
    spec = {"type": "object", "properties": props}
    if R.random() < 0.3:
        f = R.choice(names)
        spec["x-kubernetes-validations"] = [{"rule": f"has(self.{f})", "fieldPath": f".{f}", "message": "needed"}]
    root = {"type": "object", "properties": {"spec": spec}}
    def obj():
        return {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"},
                "spec": {n: value(n, FIELDS[n][0]) for n in names if R.random() < 0.85}}
    new = obj()
    old = None
    if R.random() < 0.5:
        old = copy.deepcopy(new) if R.random() < 0.3 else obj()
        if R.random() < 0.5:
            old["spec"] = {k: (v if R.random() < 0.6 else new["spec"].get(k, v)) for k, v in old["spec"].items()}
    print(json.dumps({"schema": root, "object": new, "old": old}))
