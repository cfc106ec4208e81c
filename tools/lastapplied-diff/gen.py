"""Random manifests of a custom kind with YAML 1.1 scalars that trip
conversions (floats, big integers, octal and hex, booleans, timestamps,
escapes, HTML characters, non-ASCII keys), each as DIR/mN.yaml and as a
one-step client-side-apply scenario DIR/sN.yaml: gen.py SEED COUNT DIR"""
import json, os, random, sys
seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed); os.makedirs(out, exist_ok=True)
SCALARS = ["1", "1.0", "1.5", "1e3", "1e21", "1e-7", "-0.0", ".5", "0.1", "100000000000000000000", "9007199254740993",
           "9223372036854775807", "-9223372036854775808", "0x1F", "017", "0o17", "1_000", "+1", "yes", "no", "on", "Off", "y", "~", "null",
           "true", "True", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "'<&>'", '"\\u2028x"', '"tab\\there"', '"\\x01"', "héllo",
           "'a: b'", "'#x'", '"\\U0001F600"', "1:20", "-.inf", ".NaN", "12e3", "0.000001", "1.23456789012345678", "''", "'123'"]
KEYS = ["a", "b", "<k>", "ké", "a.b", "x&y", "z", "1", "true"]
def val(d=0):
    r = random.random()
    if d < 2 and r < .15: return {"map": {random.choice(KEYS): val(d+1) for _ in range(random.randint(1, 3))}}
    if d < 2 and r < .25: return {"list": [val(d+1) for _ in range(random.randint(0, 3))]}
    return {"s": random.choice(SCALARS)}
def render(v, ind):
    if "s" in v: return " " + v["s"]
    if "map" in v:
        if not v["map"]: return " {}"
        return "".join(f"\n{' '*ind}{json.dumps(k) if k in ('1','true') else k}:{render(x, ind+2)}" for k, x in v["map"].items())
    if not v["list"]: return " []"
    return "".join(f"\n{' '*ind}-{render(x, ind+2)}" for x in v["list"])
for i in range(count):
    spec = {"map": {random.choice(KEYS): val() for _ in range(random.randint(1, 5))}}
    manifest = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: default\nspec:" + render(spec, 2) + "\n"
    open(f"{out}/m{i}.yaml", "w").write(manifest)
    indented = "\n".join("    " + l for l in manifest.splitlines())
    sc = f"scenario: v1\nname: la-{i}\nschema: {{deduced: {{}}}}\nsteps:\n- manager: kubectl-client-side-apply\n  op: client-side-apply\n  object:\n{indented}\n"
    open(f"{out}/s{i}.yaml", "w").write(sc)
