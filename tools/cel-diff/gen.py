"""Random CEL expressions over `self` (an object like a custom resource's
spec) and values for it, one {"expr", "self"} per line: gen.py SEED COUNT"""
import json, random, sys
random.seed(int(sys.argv[1])); N = int(sys.argv[2])
def p(x): return random.random() < x
def pick(*xs): return random.choice(xs)
def value():
    v = {}
    if p(.8): v["a"] = pick(0, 1, 2, 5, -3, 9223372036854775807)
    if p(.8): v["b"] = pick("", "abc", "a-b", "Hello", "x.y.z", "10.0.0.1", "1h30m", "500m")
    if p(.7): v["c"] = [pick(1, 2, 3) for _ in range(random.randint(0, 4))]
    if p(.6): v["d"] = {k: pick("x", "y") for k in random.sample(["p", "q", "r"], random.randint(0, 3))}
    if p(.5): v["e"] = pick(0.5, 1.0, 2.25, -1.5)
    if p(.5): v["f"] = pick(True, False)
    if p(.4): v["g"] = [{"name": pick("n1", "n2"), "v": pick(1, 2)} for _ in range(random.randint(0, 3))]
    if p(.3): v["h"] = None
    return v
INT = ["self.a", "size(self.b)", "self.c[0]", "self.c.size()", "1", "2", "0", "-1", "self.g.size()", "self.b.indexOf('b')"]
STR = ["self.b", "'abc'", "self.d.p", "self.b.lowerAscii()", "self.b.substring(1)", "self.b + 'x'", "self.d['q']", "string(self.a)"]
LIST = ["self.c", "[1, 2]", "self.b.split('.')", "self.c.map(x, x * 2)", "self.c.filter(x, x > 1)", "self.g.map(i, i.name)"]
BOOL = ["self.f", "has(self.a)", "has(self.h)", "true"]
def intx(d=0):
    if d > 2 or p(.5): return pick(*INT)
    return f"({intx(d+1)} {pick('+', '-', '*', '/', '%')} {intx(d+1)})"
def strx(d=0):
    if d > 2 or p(.6): return pick(*STR)
    return pick(f"{strx(d+1)} + {strx(d+1)}", f"{strx(d+1)}.upperAscii()", f"{strx(d+1)}.replace('a', 'b')", f"{strx(d+1)}.trim()")
def boolx(d=0):
    if d > 2 or p(.3): return pick(*BOOL)
    r = random.random()
    if r < .2: return f"{intx()} {pick('<', '<=', '>', '>=', '==', '!=')} {intx()}"
    if r < .3: return f"{strx()} {pick('==', '!=', '<', '>')} {strx()}"
    if r < .4: return f"{strx()}.{pick('startsWith', 'endsWith', 'contains', 'matches')}({pick(repr('a'), repr('^a'), repr('b$'), 'self.b')})"
    if r < .5: return f"{pick(*LIST)}.{pick('all', 'exists', 'exists_one')}(x, x {pick('>', '==', '!=')} {pick('1', '2', chr(39)+'n1'+chr(39))})"
    if r < .6: return f"{pick('1', '2', 'self.a', chr(39)+'p'+chr(39))} in {pick('self.c', 'self.d', '[1, 2]')}"
    if r < .7: return f"{boolx(d+1)} {pick('&&', '||')} {boolx(d+1)}"
    if r < .75: return f"!{boolx(d+1)}"
    if r < .8: return f"({boolx(d+1)} ? {boolx(d+1)} : {boolx(d+1)})"
    if r < .85: return f"{pick('isIP', 'isCIDR', 'isURL', 'isQuantity')}(self.b)"
    if r < .9: return f"self.?{pick('a', 'zz', 'd')}.hasValue()"
    if r < .91: return f"self.?{pick('b', 'zz')}.orValue({pick(repr('d'), repr(''))}) == {pick(repr('d'), 'self.b')}"
    if r < .92: return f"self.d.{pick('all', 'exists')}(k, k {pick('==', '!=')} 'p')"
    if r < .93: return f"self.g.exists_one(i, i.name == 'n1') {pick('||', '&&')} self.g.all(i, i.v > 1)"
    if r < .935: return f"{pick('self.e', '1.5', 'self.a')} {pick('<', '>', '==')} {pick('self.e', '2', 'self.a', '0.5')}"
    if r < .94: return f"ip({pick('self.b', repr('::1'))}).{pick('family() == 4', 'isLoopback()', 'isGlobalUnicast()')}"
    if r < .945: return f"timestamp({pick(repr('2024-01-01T00:00:00Z'), 'self.b')}) < timestamp('2025-01-01T00:00:00Z')"
    if r < .95: return "self.b." + pick("split('.').size() > 1", "indexOf('.', 2) > 0", "lastIndexOf('-') >= 0", "replace('.', '-', 1) != self.b")
    if r < .955: return f"(self.a + {pick('1', '9223372036854775807')}) > 0"
    if r < .96: return f"[1, 2].{pick('exists(x, 1 / (x - 1) > 0)', 'all(x, 1 / (x - 1) > 0)')}"
    if r < .95: return f"duration({pick(repr('1h'), repr('90s'), 'self.b')}) {pick('<', '>', '==')} duration('1h')"
    return f"quantity({pick(repr('1'), repr('500m'), 'self.b')}).isLessThan(quantity('1'))"
for _ in range(N):
    e = pick(boolx, boolx, boolx, intx, strx)()
    print(json.dumps({"expr": e, "self": value()}))
