"""Random JSON documents with strings that YAML printers must quote, fold
or block, one per line: gen.py SEED COUNT"""
import json, random, sys
random.seed(int(sys.argv[1])); N = int(sys.argv[2])
STR = ["yes", "no", "on", "off", "y", "n", "Y", "True", "null", "~", "", "1", "1.0", "0x1F", "017", "1e3", ".5", "-", "-x", "- x",
       " lead", "trail ", "a: b", "a:b", "#c", "a #c", "x#", "multi\nline", "multi\nline\n", "multi\n\nline\n\n", "tab\there",
       "ünï", "q\"uote", "it's", "end:", "@x", "`x", "%x", "!x", "&x", "*x", "|", ">", "[x", "{x", "]", "}", ",",
       "2001-12-14", "12:30", "=", "?", "? x", "x" * 90, " ".join(["word"] * 30), "a\tb\nc", "\x01", "\\", "/path/x",
       "http://a.b/c?d=e", "1_000", "+1", ".inf", ".NaN", "0o17", "1:20", "0.", "1e", "e1", "- ", ": x", "x :", " "]
NUM = [0, 1, -1, 1.5, 1e21, 1e-7, 123456789012, 0.1, 100.0]
KEYS = ["a", "b", "yes", "k1", "k10", "k9", "a b", "x:y", "#k", "", "ünï", "-k", "n", "long" * 30]
def val(d=0):
    r = random.random()
    if d < 3 and r < .2: return {random.choice(KEYS): val(d+1) for _ in range(random.randint(0, 3))}
    if d < 3 and r < .35: return [val(d+1) for _ in range(random.randint(0, 3))]
    if r < .8: return random.choice(STR)
    if r < .9: return random.choice(NUM)
    return random.choice([True, False, None])
for _ in range(N):
    print(json.dumps({random.choice(KEYS): val() for _ in range(random.randint(1, 4))}, ensure_ascii=False))
