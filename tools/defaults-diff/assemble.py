"""Builds tools/defaults-diff's Go side without a module proxy.

Usage: assemble.py MIRROR UPSTREAM OUT

MIRROR: the bare git snapshots (MIRROR/<owner>+<repo>/repo) of
tools/smp-diff/offline.py's modules, plus kubernetes/code-generator,
kubernetes/gengo, golang/tools, golang/mod, golang/sync, spf13/pflag,
kubernetes/component-helpers, distribution/reference and
opencontainers/go-digest, kubernetes/apiextensions-apiserver and
kubernetes/kube-aggregator.
UPSTREAM: the copied kubernetes/kubernetes files (README: where each comes
from): <group>/<version>/defaults.go (and any other .go file beside it,
such as resource/v1's clock.go) and helpers/{parsers,service,helper}.
OUT: one Go module ("smp") holding every module's sources under v/ with
their import paths rewritten, the copied packages under k8s/, two stub
packages for the feature gates, the zz_generated.defaults.go files
defaulter-gen (code-generator v0.36.3) writes for them from k8s.io/api
v0.36.3's types, and OUT/defrun built from main.go.
"""
import ast, os, re, shutil, subprocess, sys

M, UP, out = sys.argv[1], sys.argv[2], sys.argv[3]
here = os.path.dirname(os.path.abspath(__file__))
# tools/smp-diff/offline.py's table (Kubernetes 1.36's versions), read
# from that script, and what defaulter-gen and the helpers add.
src = open(os.path.join(here, "..", "smp-diff", "offline.py")).read()
mods = ast.literal_eval(re.search(r"^mods = (\{.*?^\})", src, re.S | re.M).group(1))
mods.update({
    "k8s.io/code-generator": ("kubernetes+code-generator", "v0.36.3", "cmd/defaulter-gen pkg/util"),
    "k8s.io/gengo/v2": ("kubernetes+gengo", "ec3ebc5fd46b", "v2"),  # code-generator v0.36.3's go.mod; the repository's v2/
    "golang.org/x/tools": ("golang+tools", "v0.41.0", ""),
    "golang.org/x/mod": ("golang+mod", "v0.32.0", ""),
    "golang.org/x/sync": ("golang+sync", "v0.19.0", ""),
    "github.com/spf13/pflag": ("spf13+pflag", "v1.0.9", ""),
    "k8s.io/component-helpers": ("kubernetes+component-helpers", "v0.36.3", "resource"),
    "github.com/distribution/reference": ("distribution+reference", "HEAD", ""),
    "github.com/opencontainers/go-digest": ("opencontainers+go-digest", "HEAD", ""),
    # CustomResourceDefinition and APIService: their types, defaults.go and
    # zz_generated.defaults.go are these modules' own, Kubernetes 1.36's
    # (the kube-aggregator snapshot's newest tag is v0.36.2).
    "k8s.io/apiextensions-apiserver": ("kubernetes+apiextensions-apiserver", "v0.36.3", "pkg/apis/apiextensions"),
    "k8s.io/kube-aggregator": ("kubernetes+kube-aggregator", "v0.36.2", "pkg/apis/apiregistration"),
})
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out + "/v")
for mod, (mirror, ref, sub) in mods.items():
    # A module in its repository's v2/ (gengo) lands there itself.
    d = f"{out}/v/{mod.removesuffix('/v2') if sub == 'v2' else mod}"
    os.makedirs(d, exist_ok=True)
    git = f"{M}/{mirror}/repo"
    r = subprocess.run(f"git --git-dir={git} archive {ref} {sub} | tar -x -C {d}", shell=True)
    if r.returncode:
        sys.exit(f"FAILED {mod}")
for root, dirs, files in os.walk(out + "/v"):
    for f in files:
        if f.endswith("_test.go") or f in ("go.mod", "go.sum", "go.work"):
            os.remove(os.path.join(root, f))

# The copied kubernetes/kubernetes packages.
groups = sorted(os.path.relpath(r, UP) for r, _, fs in os.walk(UP)
                if "defaults.go" in fs)
places = {"helpers/parsers": "k8s/pkg/util/parsers",
          "helpers/service": "k8s/pkg/api/v1/service",
          "helpers/helper": "k8s/pkg/apis/core/v1/helper"}
for g in groups:
    places[g] = "k8s/pkg/apis/" + g
for frm, to in places.items():
    shutil.copytree(f"{UP}/{frm}", f"{out}/{to}", dirs_exist_ok=True)
for g in groups:
    open(f"{out}/k8s/pkg/apis/{g}/doc.go", "w").write(
        f"// +k8s:defaulter-gen=TypeMeta\n// +k8s:defaulter-gen-input=k8s.io/api/{g}\n\npackage {g.split('/')[1]}\n")

# Stubs for k8s.io/kubernetes/pkg/features and k8s.io/apiserver's
# utilfeature: each gate the copied code consults, at its 1.36 default.
gates = {"ImageVolume": True, "PodLevelResources": True, "PodLogsQuerySplitStreams": False,
         "MaxUnavailableStatefulSet": True, "StatefulSetAutoDeletePVC": True,
         "JobPodReplacementPolicy": True, "CSIVolumeFSGroupPolicy": True, "CSIInlineVolume": True,
         "SELinuxMountReadWriteOncePod": True}
os.makedirs(out + "/k8s/pkg/features")
with open(out + "/k8s/pkg/features/features.go", "w") as f:
    f.write("// Stub: the feature gates the copied defaulters consult, at their Kubernetes 1.36 defaults.\npackage features\n\ntype Feature string\n\nconst (\n")
    f.writelines(f"\t{g} Feature = {g!r}\n".replace("'", '"') for g in gates)
    f.write(")\n\nvar Defaults = map[Feature]bool{\n")
    f.writelines(f"\t{g}: {str(v).lower()},\n" for g, v in gates.items())
    f.write("}\n")
os.makedirs(out + "/k8s/stub/utilfeature")
open(out + "/k8s/stub/utilfeature/feature.go", "w").write(
    '// Stub of k8s.io/apiserver/pkg/util/feature: every gate at its default.\npackage utilfeature\n\n'
    'import "smp/k8s/pkg/features"\n\ntype gate struct{}\n\n'
    'func (gate) Enabled(f features.Feature) bool { return features.Defaults[f] }\n\n'
    'var DefaultFeatureGate gate\n')

# Rewrite import paths: longest module path first.
order = sorted(mods, key=len, reverse=True)
pat = re.compile(r'"(' + "|".join(re.escape(m) for m in order) + r')(/[^"]*)?"')
def rewrite(s):
    s = s.replace('"k8s.io/apiserver/pkg/util/feature"', '"smp/k8s/stub/utilfeature"')
    s = re.sub(r'"k8s\.io/kubernetes/', '"smp/k8s/', s)
    return pat.sub(lambda m: '"smp/v/' + m.group(1) + (m.group(2) or "") + '"', s)
for top in ("v", "k8s"):
    for root, dirs, files in os.walk(f"{out}/{top}"):
        for f in files:
            if not f.endswith(".go"):
                continue
            p = os.path.join(root, f)
            s = open(p, encoding="utf-8", errors="surrogateescape").read()
            s2 = rewrite(s)
            if s2 != s:
                open(p, "w", encoding="utf-8", errors="surrogateescape").write(s2)
# The doc.go tags name k8s.io/api, rewritten above to smp/v/k8s.io/api.
for g in groups:
    p = f"{out}/k8s/pkg/apis/{g}/doc.go"
    s = open(p).read().replace("defaulter-gen-input=k8s.io/", "defaulter-gen-input=smp/v/k8s.io/")
    open(p, "w").write(s)
open(out + "/go.mod", "w").write("module smp\n\ngo 1.26\n")
env = dict(os.environ, GOFLAGS="-mod=mod", GOPROXY="off")
def run(cmd):
    subprocess.run(cmd, shell=True, cwd=out, check=True, env=env)
run("go build -o defaulter-gen ./v/k8s.io/code-generator/cmd/defaulter-gen")
open(out + "/header.txt", "w").write("// Code generated by defaulter-gen (tools/defaults-diff/assemble.py).\n\n")
pkgs = " ".join(f"smp/k8s/pkg/apis/{g}" for g in groups)
run("./defaulter-gen --output-file zz_generated.defaults.go --go-header-file header.txt "
    f"--extra-peer-dirs smp/k8s/pkg/apis/core/v1,smp/v/k8s.io/api/core/v1 {pkgs}")
os.makedirs(out + "/cmd")
open(out + "/cmd/main.go", "w").write(rewrite(open(os.path.join(here, "main.go")).read()))
run("go build -o defrun ./cmd")
