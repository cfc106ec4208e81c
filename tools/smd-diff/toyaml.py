import json, sys
d = json.load(open(sys.argv[1]))
out = ["schemas: " + json.dumps(d["schemas"]), "cases:"]
for c in d["cases"]:
    out.append("- name: " + c["name"])
    for k in ["schema", "ops", "object", "managed"]:
        out.append(f"  {k}: " + json.dumps(c[k]))
print("\n".join(out))
