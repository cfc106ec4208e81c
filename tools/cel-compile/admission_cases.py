"""admission_cases.py real DIR... | mutate SEED DIR... | random SEED COUNT:
admission CEL expressions for admission.go, one JSON object per line
({"expression", "params", "authorizer", "returns"}, with each expression's
environment as a 1.36 server's policy validation compiles it):

- real: the expressions of the ValidatingAdmissionPolicies,
  MutatingAdmissionPolicies and webhook configurations in the manifests
  under DIR (validations, message expressions, audit annotations, match
  conditions; not those reading `variables`, which need the composited
  compiler, nor mutations);
- mutate: each of those with one realistic mistake (mutate.py's, on
  `object.`'s fields);
- random: random expressions over `object`, `oldObject`, `request`,
  `namespaceObject`, `params` and `authorizer` (gen.py's)."""
import json, os, random, sys, yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen, mutate

POLICIES = ("ValidatingAdmissionPolicy", "MutatingAdmissionPolicy")
WEBHOOKS = ("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")


def case(expression, params, authorizer, returns):
    return {"expression": expression, "params": params, "authorizer": authorizer, "returns": returns}


def real(dirs):
    """The expressions of the manifests under `dirs`, as policy validation
    compiles them (plugin/cel's environments: a message expression has no
    authorizer; a webhook's match conditions have no params)."""
    for d in dirs:
        for name in sorted(os.listdir(d)):
            try:
                docs = list(yaml.safe_load_all(open(os.path.join(d, name))))
            except Exception:
                continue
            for doc in docs:
                if not isinstance(doc, dict):
                    continue
                kind, spec = doc.get("kind"), doc.get("spec")
                if kind in POLICIES and isinstance(spec, dict):
                    params = bool(spec.get("paramKind"))
                    for v in objects(spec.get("validations")):
                        yield case(v.get("expression"), params, True, ["bool"])
                        if v.get("messageExpression"):
                            yield case(v["messageExpression"], params, False, ["string"])
                    for a in objects(spec.get("auditAnnotations")):
                        yield case(a.get("valueExpression"), params, True, ["string", "null"])
                    for c in objects(spec.get("matchConditions")):
                        yield case(c.get("expression"), params, True, ["bool"])
                if kind in WEBHOOKS:
                    for w in objects(doc.get("webhooks")):
                        for c in objects(w.get("matchConditions")):
                            yield case(c.get("expression"), False, True, ["bool"])


def objects(items):
    """The maps of a list (a template's manifest may hold other values)."""
    return [i for i in items if isinstance(i, dict)] if isinstance(items, list) else []


def usable(c):
    e = c["expression"]
    return isinstance(e, str) and e.strip() and "variables." not in e


NAMES = ["object.spec.replicas", "object.metadata.name", "object.metadata.labels", "object.spec",
         "oldObject.spec.x", "request.name", "request.namespace", "request.operation", "request.dryRun",
         "request.userInfo.username", "request.userInfo.groups", "request.kind.kind", "request.resource.group",
         "request.zz", "request.userInfo.zz", "namespaceObject.metadata.labels", "namespaceObject.metadata.name",
         "namespaceObject.metadata.creationTimestamp", "namespaceObject.spec.finalizers",
         "namespaceObject.status.phase", "namespaceObject.metadata.zz", "params.x", "params.spec.limit",
         "object.?spec.?replicas", "request.?name", "spec", "variables.x", "self.x", "authorizer",
         "authorizer.group('').resource('pods').check('get').allowed()"]


def field():
    return gen.R.choice(NAMES)


def main():
    mode = sys.argv[1]
    if mode == "real":
        cases = [c for c in real(sys.argv[2:]) if usable(c)]
    elif mode == "mutate":
        mutate.R.seed(int(sys.argv[2]))
        cases = [dict(c, expression=mutate.mutate(c["expression"], "object"))
                 for c in real(sys.argv[3:]) if usable(c)]
    else:
        gen.R.seed(int(sys.argv[2]))
        cases = []
        for _ in range(int(sys.argv[3])):
            r = gen.R.random()
            returns = ["bool"] if r < 0.6 else ["string"] if r < 0.8 else ["string", "null"]
            cases.append(case(gen.expr(field=field), gen.R.random() < 0.5, gen.R.random() < 0.7, returns))
    for c in cases:
        print(json.dumps(c))


if __name__ == "__main__":
    main()
