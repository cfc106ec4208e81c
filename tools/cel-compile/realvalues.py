"""realvalues.py SEED PER < nodes.jsonl: custom resources for validate.go
built on the real rules of nodes.py's schema nodes: for each node, PER
random values that fit its schema (its enums, formats and required
fields; strings among the literals its rules compare with), half of them
with an old value (an update, so that transition rules run and ratchet).
A node that is not a resource's root is the `spec` of a root around it."""
import copy, json, random, re, sys

R = random.Random(int(sys.argv[1]) if __name__ == "__main__" else 1)
WORDS = ["", "a", "abc", "x-y", "Default", "None", "ABC", "1", "10.0.0.1", "10.0.0.0/8", "::1", "https://example.com/a",
         "a.b.c", "1Gi", "100m", "50%", "true", "foo/bar", "v1", "*", "a b"]
TIMES = ["2019-05-01T10:00:00Z", "2021-06-01T13:30:00Z", "2000-01-01T00:00:00+02:00"]
SPANS = ["1s", "90m", "2h", "45s", "0s", "1h30m"]


def literals(schema):
    """The string literals of the rules anywhere in `schema`."""
    found = set()
    for rule in re.findall(r'"rule": "((?:[^"\\]|\\.)*)"', json.dumps(schema)):
        found.update(re.findall(r"'([^'\\]{0,40})'", rule.encode().decode("unicode_escape", "ignore")))
    return sorted(found)


def value(schema, words, depth=0):
    if schema.get("x-kubernetes-int-or-string"):
        return R.choice([0, 1, 3, "1", "50%", "a"] + words[:3])
    if "enum" in schema and schema["enum"] and R.random() < 0.85:
        return copy.deepcopy(R.choice(schema["enum"]))
    t = schema.get("type")
    if t == "string":
        f = schema.get("format")
        if f in ("date-time", "date"):
            return R.choice(TIMES) if f == "date-time" else "2021-06-01"
        if f == "duration":
            return R.choice(SPANS)
        return R.choice(words + WORDS) if words and R.random() < 0.6 else R.choice(WORDS)
    if t == "integer":
        bounds = [schema.get(k) for k in ("minimum", "maximum") if isinstance(schema.get(k), (int, float))]
        return int(R.choice([0, 1, 2, 5, 100, -1, 65536] + [b + d for b in bounds for d in (-1, 0, 1)]))
    if t == "number":
        return R.choice([0, 0.5, 1, 2.5, 100])
    if t == "boolean":
        return R.random() < 0.5
    if t == "array":
        items = schema.get("items") or {}
        n = R.randrange(0, 4) if depth < 6 else 0
        out = [value(items, words, depth + 1) for _ in range(n)]
        keys = schema.get("x-kubernetes-list-map-keys") or []
        if keys:
            seen, unique = set(), []
            for item in out:
                k = json.dumps([item.get(key) for key in keys] if isinstance(item, dict) else item)
                if k not in seen:
                    seen.add(k)
                    unique.append(item)
            out = unique
        elif schema.get("x-kubernetes-list-type") == "set":
            out = [json.loads(s) for s in dict.fromkeys(json.dumps(i, sort_keys=True) for i in out)]
        return out
    if t == "object" or "properties" in schema:
        props = schema.get("properties") or {}
        if not props and isinstance(schema.get("additionalProperties"), dict):
            return {R.choice(["a", "b", "k"] + words[:2]): value(schema["additionalProperties"], words, depth + 1)
                    for _ in range(R.randrange(0, 3))}
        required = set(schema.get("required") or [])
        out = {}
        for name, sub in props.items():
            if name in ("apiVersion", "kind", "metadata") and depth == 0:
                continue
            if name in required or (depth < 6 and R.random() < 0.6):
                out[name] = value(sub, words, depth + 1)
        return out
    return R.choice([1, "a", {"x": 1}])


def changed(schema, old, words):
    """`old` with one part made again."""
    new = copy.deepcopy(old)
    if isinstance(new, dict) and new and R.random() < 0.7:
        props = schema.get("properties") or {}
        name = R.choice(list(new))
        sub = props.get(name) or schema.get("additionalProperties") or {}
        if isinstance(sub, dict):
            new[name] = changed(sub, new[name], words)
        return new
    return value(schema, words, 1)


def main():
    per = int(sys.argv[2])
    for line in sys.stdin:
        node = json.loads(line)
        schema = node["schema"]
        root = schema if node["root"] else {"type": "object", "properties": {"spec": schema}}
        words = literals(schema)
        for _ in range(per):
            obj = value(root, words)
            obj.update({"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}})
            old = None
            if R.random() < 0.5:
                old = changed(root, obj, words)
                old.update({"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}})
            print(json.dumps({"schema": root, "object": obj, "old": old}))


if __name__ == "__main__":
    main()
