"""Splits fmrun's output (one result document per line) into
NAME.result.json files beside the scenarios, each conflict's manager
taken from Go's cause message: results.py DIR OUTPUT."""
import json, re, sys
d = sys.argv[1]
for line in open(sys.argv[2]):
    r = json.loads(line)
    for s in r["steps"]:
        s["conflicts"] = [{"manager": re.search(r'"([^"]*)"', c["manager"]).group(1), "field": c["field"]} for c in s["conflicts"]]
    json.dump(r, open(f"{d}/{r['scenario']}.result.json", "w"))
