"""gen.py SEED COUNT: random CRD schema nodes with random rules and
message expressions over their fields (right and wrong types, undefined
fields, operators, the standard library and Kubernetes' libraries,
macros, optionals), one JSON object per line for record.go."""
import json, random, sys

seed, count = (int(a) for a in sys.argv[1:3]) if __name__ == "__main__" else (1, 0)
R = random.Random(seed)
OBJ = {"type": "object", "properties": {"a": {"type": "string"}, "c": {"type": "integer"}}}
FIELDS = {
    "s": {"type": "string", "maxLength": 64},
    "i": {"type": "integer"},
    "n": {"type": "number"},
    "b": {"type": "boolean"},
    "d": {"type": "string", "format": "date-time"},
    "dur": {"type": "string", "format": "duration"},
    "q": {"x-kubernetes-int-or-string": True},
    "l": {"type": "array", "items": {"type": "string"}, "maxItems": 10},
    "li": {"type": "array", "items": {"type": "integer"}, "maxItems": 10},
    "ls": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"},
    "m": {"type": "object", "additionalProperties": {"type": "string"}},
    "o": OBJ,
    "lo": {"type": "array", "items": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "v": {"type": "integer"}}},
           "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]},
    "u": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
    "e": {"type": "string", "enum": ["A", "B"]},
    "ns": {"type": "string", "nullable": True},
    "namespace": {"type": "string"},
    "x-y": {"type": "string"},
    "mo": {"type": "object", "additionalProperties": OBJ},
}
NAMES = list(FIELDS) + ["zz", "o.a", "o.c", "o.zz", "__namespace__", "x__dash__y", "lo[0].name", "l[0]", "m.k", "m['k']", "u.any", "mo.k.a"]
LITS = ["1", "0", "-1", "1.5", "'a'", "''", "true", "false", "null", "1u", "[1, 2]", "['a']", "[]",
        "{'k': 'v'}", "{}", "duration('1h')", "timestamp('2020-01-01T00:00:00Z')", "b'x'"]
BIN = ["==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "&&", "||", "in"]
METHODS = ["startsWith('a')", "endsWith('a')", "contains('a')", "matches('^a$')", "size()", "lowerAscii()",
           "upperAscii()", "split(',')", "join(',')", "indexOf('a')", "lastIndexOf('a')", "trim()",
           "replace('a', 'b')", "substring(1)", "charAt(0)", "all(x, x == 'a')", "exists(x, x > 0)",
           "exists_one(x, true)", "map(x, x)", "filter(x, x == 1)", "getHours()", "getMonth()",
           "getFullYear()", "orValue('x')", "hasValue()", "isSorted()", "sum()", "min()", "max()",
           "indexOf(1)", "reverse()", "format(['a'])", "getHost()", "isIP()", "containsIP('1.2.3.4')",
           "isLessThan(quantity('1'))", "compareTo(quantity('1'))", "asInteger()", "sign()",
           "all(k, v, true)", "exists(x, y, false)", "slice(0, 1)", "distinct()", "flatten()"]
GLOBALS = ["size", "string", "int", "double", "uint", "bool", "bytes", "duration", "timestamp", "quantity",
           "isQuantity", "url", "isURL", "ip", "isIP", "cidr", "isCIDR", "type", "dyn", "has"]

def field():
    return "self." + R.choice(NAMES) if R.random() < 0.9 else R.choice(["self", "oldSelf", "spec", "self.?s", "self.o.?a"])

def expr(depth=0, field=field):
    """A random expression over the names `field()` gives."""
    k = R.random()
    if depth > 2 or k < 0.3:
        return field() if R.random() < 0.65 else R.choice(LITS)
    if k < 0.55:
        return f"{expr(depth + 1, field)} {R.choice(BIN)} {expr(depth + 1, field)}"
    if k < 0.75:
        return f"{expr(depth + 1, field)}.{R.choice(METHODS)}"
    if k < 0.88:
        g = R.choice(GLOBALS)
        return f"has({field()})" if g == "has" else f"{g}({expr(depth + 1, field)})"
    if k < 0.94:
        return f"{expr(depth + 1, field)} ? {expr(depth + 1, field)} : {expr(depth + 1, field)}"
    return R.choice(["!", "-"]) + expr(depth + 1, field)

def main():
    for _ in range(count):
        props = dict(R.sample(list(FIELDS.items()), R.randrange(6, len(FIELDS) + 1)))
        rules = []
        for _ in range(R.randrange(1, 4)):
            rule = {"rule": expr()}
            if R.random() < 0.25:
                rule["messageExpression"] = R.choice(["'x: ' + ", "string(", ""]) + expr()
                if rule["messageExpression"].startswith("string("):
                    rule["messageExpression"] += ")"
            if R.random() < 0.1:
                rule["optionalOldSelf"] = True
            rules.append(rule)
        root = R.random() < 0.2
        schema = {"type": "object", "properties": props, "x-kubernetes-validations": rules}
        print(json.dumps({"schema": schema, "root": root}))

if __name__ == "__main__":
    main()
