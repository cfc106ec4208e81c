"""Random pairs of YAML-like texts with repeated lines, diffed by GNU
diffutils' `diff -u -N` (what kubectl diff runs), written as DIR/in.jsonl
(the texts) and DIR/out.jsonl (the diff): gen.py SEED COUNT DIR"""
import json, random, subprocess, sys, os
random.seed(int(sys.argv[1])); N = int(sys.argv[2]); out = sys.argv[3]
os.makedirs(out, exist_ok=True)
LINES = ["  name: web", "  replicas: 3", "  - name: app", "    image: nginx:1", "    image: nginx:2", "  labels:", "    app: web",
         "    tier: front", "  ports:", "  - containerPort: 80", "  - containerPort: 443", "spec:", "metadata:", "  annotations: {}", "---", "", "  x: 1", "  y: 2"]
cases = []
for i in range(N):
    a = [random.choice(LINES) for _ in range(random.randint(0, 40))]
    b = list(a)
    for _ in range(random.randint(1, 6)):
        r = random.random()
        if r < .35 and b: del b[random.randrange(len(b))]
        elif r < .7: b.insert(random.randint(0, len(b)), random.choice(LINES))
        elif b: b[random.randrange(len(b))] = random.choice(LINES)
    ta = "".join(l + "\n" for l in a); tb = "".join(l + "\n" for l in b)
    open(f"{out}/a", "w").write(ta); open(f"{out}/b", "w").write(tb)
    r = subprocess.run(["diff", "-u", "-N", "--label", "A", "--label", "B", f"{out}/a", f"{out}/b"], capture_output=True, text=True)
    cases.append(json.dumps({"a": ta, "b": tb, "diff": r.stdout}))
open(f"{out}/in.jsonl", "w").write("\n".join(json.dumps({"a": json.loads(c)["a"], "b": json.loads(c)["b"]}) for c in cases) + "\n")
open(f"{out}/out.jsonl", "w").write("\n".join(json.dumps({"diff": json.loads(c)["diff"]}) for c in cases) + "\n")
