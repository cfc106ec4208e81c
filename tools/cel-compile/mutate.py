"""mutate.py SEED < nodes.jsonl: the real rules of nodes.py's schema nodes
with one realistic mistake each (a field misspelt or left without
`self.`, a literal of another type, an operator swapped, a function on the
wrong value, a result that is not a bool), one rule per node per line."""
import json, random, re, sys

R = random.Random(int(sys.argv[1]) if __name__ == "__main__" else 1)

def mutate(rule, root="self"):
    """`rule` with one mistake, its fields being those of `root`."""
    fields = [m for m in re.finditer(r"\b" + root + r"\.([A-Za-z_][A-Za-z0-9_]*)", rule)]
    k = R.randrange(9)
    if k == 0 and fields:
        m = R.choice(fields)
        return rule[:m.start(1)] + m.group(1) + "x" + rule[m.end(1):]
    if k == 1 and fields:
        m = R.choice(fields)
        return rule[:m.start()] + m.group(1) + rule[m.end():]
    if k == 2:
        nums = list(re.finditer(r"(?<![\w.'\"])\d+(?![\w.])", rule))
        if nums:
            m = R.choice(nums)
            return rule[:m.start()] + "'" + m.group() + "'" + rule[m.end():]
    if k == 3:
        ops = list(re.finditer(r"==|!=|<=|>=|&&|\|\|", rule))
        if ops:
            m = R.choice(ops)
            return rule[:m.start()] + R.choice(["+", "-", "<", "in", "==", "&&"]) + rule[m.end():]
    if k == 4 and fields:
        m = R.choice(fields)
        return rule[:m.end()] + R.choice([".size()", ".startsWith('a')", ".matches('a')", " + 1", ".all(x, x)", "[0]", "['k']", ".lowerAscii()", ".exists(x, x == 'a')"]) + rule[m.end():]
    if k == 5:
        return R.choice(["size(", "string(", "int(", "!", "has(", "dyn("]) + rule + ")" * 1
    if k == 6 and fields:
        m = R.choice(fields)
        return m.group()
    if k == 7:
        strs = list(re.finditer(r"'[^'\\]*'", rule))
        if strs:
            m = R.choice(strs)
            return rule[:m.start()] + R.choice(["1", "true", "null", "[]", "duration('1s')"]) + rule[m.end():]
    return rule.replace("oldSelf", "old", 1) if "oldSelf" in rule else rule + " == 1"

def main():
    for line in sys.stdin:
        node = json.loads(line)
        for rule in node["schema"]["x-kubernetes-validations"]:
            if not isinstance(rule.get("rule"), str):
                continue
            mutated = dict(rule, rule=mutate(rule["rule"]))
            mutated.pop("messageExpression", None)
            schema = dict(node["schema"], **{"x-kubernetes-validations": [mutated]})
            print(json.dumps({"schema": schema, "root": node["root"]}))

if __name__ == "__main__":
    main()
