"""Runs `ssa run` on each DIR/sN.yaml and compares the last-applied
annotation it stores with kubectl's (main.go's output, one line per
manifest): compare.py DIR COUNT GO_OUTPUT"""
import json, subprocess, sys
d = sys.argv[1]; n = int(sys.argv[2])
go = [json.loads(l) for l in open(sys.argv[3])]
bad = 0; both_err = 0; cls = {}
for i in range(n):
    r = subprocess.run(["/work/main/target/debug/ssa", "run", f"{d}/s{i}.yaml"], capture_output=True, text=True)
    g = go[i]
    if r.returncode != 0 or not r.stdout.strip():
        ours = {"error": r.stderr.strip()[:200]}
    else:
        st = json.loads(r.stdout)["steps"][0]
        if st["outcome"] != "applied":
            ours = {"error": st["outcome"] + ": " + st["message"][:200]}
        else:
            ours = {"text": st["object"]["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"]}
    if "error" in g and "error" in ours: both_err += 1; continue
    if g != ours:
        bad += 1
        if bad <= 8:
            print(open(f"{d}/m{i}.yaml").read()); print("GO  ", g); print("OURS", ours); print()
print(bad, "differ;", both_err, "both refuse")
