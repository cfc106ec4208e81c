"""Random (last-applied, manifest, live) triples of a Deployment for kubectl's
three-way patch, one JSON object per line: gen3.py SEED COUNT (UNIQUE=0
lets merge keys repeat)."""
import json, random, sys
sys.argv = [sys.argv[0], sys.argv[1], sys.argv[2]]
import os
exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'gen.py')).read().split("for _ in range(N):")[0])
UNIQUE = os.environ.get('UNIQUE', '1') == '1'
def strip_meta(d):
    return d
for _ in range(N):
    orig = deployment()
    mod = deployment() if p(.5) else json.loads(json.dumps(orig))
    if p(.5):
        # small edits of the manifest
        mod["spec"]["replicas"] = pick(1, 2, 3)
    cur = json.loads(json.dumps(orig))
    if p(.6):
        c2 = deployment()
        for k in random.sample(list(c2["spec"].keys()), random.randint(0, len(c2["spec"]))):
            cur["spec"][k] = c2["spec"][k]
        if p(.3): cur["metadata"]["labels"] = dict(cur["metadata"].get("labels", {}), extra="z")
    print(json.dumps({"original": orig, "modified": mod, "current": cur}))
