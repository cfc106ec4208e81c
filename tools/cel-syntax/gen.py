# gen.py SEED COUNT: the rules of /tmp/syn/rules.json, a few hand-written
# mistakes, and random mutations of the rules, one JSON string per line.
import json, random, sys, re
seed, count = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
rules = json.load(open('/tmp/syn/rules.json'))
extra = ["self.matches('^\\d+$')", "self.x = 'a'", "self.a and self.b", "self.x == 1 &&", "(self.a", "self.a)", "size(self) > 0 ||", "self.all(x, x > 0", "has(self.x) ? 'a' :", "self.x.matches(\"^[a-z]+\\.example\\.com$\")", "'abc", "self.x ==== 1", "[1, 2,, 3]", "{'a': 1,}", "self.a.true", "a.b c", "--", "1 + +", "a ? b ((?))", "self.x in ['a', 'b'", "!", "-", "self.", "self.x[", "self.x[0", "a.b(", "a.b(1,", "{", "{a", "{a:", "Msg{a: 1", "Msg{", ".a", "..a", "a..b", "`a`", "a.`b c`", "a.`b", "a.?b", "a[?0]", "[?a]", "{?a: 1}", "r'x", "b'x", "'''x", "\"\"\"x", "1e", "0x", "1.", ".5", "1u", "0xFFu", "a < b < c", "a + b * c - d / e % f", "!!a", "--1", "-a", "- -1", "a || b && c", "x.map(y, y)", "a\tb", "a\nb", "a // c\n + b", "self.x == 'a\\qb'", "'\\x4'", "'\\u12'", "'\\400'", "'\\1'"]
tokens = ['=', '==', '(', ')', '[', ']', '{', '}', "'", '"', ',', '.', '!', '-', '+', '?', ':', '$', '&', '|', '&&', '||', ' ', 'in', 'true', 'x', '1', '\\', '\\d', '@', '#', ';', '`', 'null']
out = []
def mutate(r):
    if not r: return "x"
    k = random.randrange(8)
    if k == 0:  # invalid escape in a string
        qs = [m.start() for m in re.finditer(r"['\"]", r)]
        if qs:
            i = random.choice(qs) + 1
            return r[:i] + random.choice(['\\d', '\\.', '\\w', '\\s', '\\-', '\\/', '\\z']) + r[i:]
    if k == 1:
        i = random.randrange(len(r)); return r[:i] + r[i+1:]
    if k == 2:
        i = random.randrange(len(r)+1); return r[:i] + random.choice(tokens) + r[i:]
    if k == 3:
        return r.replace('==', '=', 1)
    if k == 4:
        return r.replace('&&', 'and', 1).replace('||', 'or', 1)
    if k == 5:
        i = random.randrange(len(r)+1); j = min(len(r), i + random.randrange(1, 6)); return r[:i] + r[j:]
    if k == 6:
        i = random.randrange(len(r)+1); return r[:i] + random.choice(tokens) + random.choice(tokens) + r[i:]
    i = random.randrange(len(r)); return r[:i]
for e in extra: out.append(e)
for r in rules: out.append(r)
while len(out) < count:
    r = random.choice(rules)
    if not r: continue
    m = mutate(r)
    if random.random() < 0.3: m = mutate(m)
    out.append(m)
for e in out: print(json.dumps(e))
