# Collects every x-kubernetes-validations rule and messageExpression of the
# CRDs in the sweep snapshots (MIRROR/<owner>+<repo>/repo) into /tmp/syn/rules.json.
import subprocess, yaml, json, sys, os
rules=set()
def walk(n):
    if isinstance(n, dict):
        for k,v in n.items():
            if k=='x-kubernetes-validations' and isinstance(v,list):
                for r in v:
                    if isinstance(r,dict):
                        for key in ('rule','messageExpression'):
                            if isinstance(r.get(key),str): rules.add(r[key])
            walk(v)
    elif isinstance(n, list):
        for v in n: walk(v)
for m in ['kubernetes-sigs+gateway-api','kubernetes-sigs+kueue','kubernetes-sigs+cluster-api','aws+karpenter-provider-aws','envoyproxy+gateway','openshift+api','cert-manager+cert-manager','kyverno+kyverno','tektoncd+pipeline','knative+serving','projectcalico+calico','NVIDIA+k8s-dra-driver-gpu']:
    g=f'/work/.mirror/{m}/repo'
    files=subprocess.run(['git','--git-dir',g,'ls-tree','-r','--name-only','HEAD'],capture_output=True,text=True).stdout.split('\n')
    for f in files:
        if not f.endswith(('.yaml','.yml')): continue
        if 'crd' not in f.lower() and 'customresource' not in f.lower(): continue
        t=subprocess.run(['git','--git-dir',g,'show','HEAD:'+f],capture_output=True,text=True).stdout
        if 'x-kubernetes-validations' not in t: continue
        try:
            for d in yaml.safe_load_all(t): walk(d)
        except Exception: pass
    print(m, len(rules), file=sys.stderr)
json.dump(sorted(rules), open('/tmp/syn/rules.json','w'))
