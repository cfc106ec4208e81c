"""Builds the harness without a Go module proxy (the modules pinned at the
versions Kubernetes 1.36 builds with: apimachinery and api v0.36.3, its
kube-openapi, structured-merge-diff v6.3.3, cel-go v0.26.0): copies the sources of
apimachinery, k8s.io/api and their dependencies from local bare git
snapshots (MIRROR/<owner>+<repo>/repo) into one module under OUT, with
every import path rewritten, and builds OUT/smprun.
Usage: offline.py MIRROR OUT"""
import os, re, subprocess, shutil, sys
M, out = sys.argv[1], sys.argv[2]
mods = {  # module path -> (mirror, ref, subdir)
 "k8s.io/apimachinery": ("kubernetes+apimachinery", "v0.36.3", ""),
 "k8s.io/api": ("kubernetes+api", "v0.36.3", ""),
 "k8s.io/kube-openapi": ("kubernetes+kube-openapi", "43fb72c5454a", ""),
 "k8s.io/klog/v2": ("kubernetes+klog", "HEAD", ""),
 "k8s.io/utils": ("kubernetes+utils", "HEAD", ""),
 "sigs.k8s.io/json": ("kubernetes-sigs+json", "HEAD", ""),
 "sigs.k8s.io/yaml": ("kubernetes-sigs+yaml", "HEAD", ""),
 "sigs.k8s.io/randfill": ("kubernetes-sigs+randfill", "HEAD", ""),
 "sigs.k8s.io/structured-merge-diff/v6": ("kubernetes-sigs+structured-merge-diff", "v6.3.3", ""),
 "github.com/go-logr/logr": ("go-logr+logr", "HEAD", ""),
 "github.com/fxamacker/cbor/v2": ("fxamacker+cbor", "HEAD", ""),
 "github.com/x448/float16": ("x448+float16", "HEAD", ""),
 "gopkg.in/inf.v0": ("go-inf+inf", "HEAD", ""),
 "github.com/google/gnostic-models": ("google+gnostic-models", "HEAD", ""),
 "google.golang.org/protobuf": ("protocolbuffers+protobuf-go", "HEAD", ""),
 "github.com/go-openapi/jsonreference": ("go-openapi+jsonreference", "HEAD", ""),
 "github.com/go-openapi/jsonpointer": ("go-openapi+jsonpointer", "HEAD", ""),
 "github.com/go-openapi/swag": ("go-openapi+swag", "HEAD", ""),
 "github.com/json-iterator/go": ("json-iterator+go", "HEAD", ""),
 "github.com/modern-go/reflect2": ("modern-go+reflect2", "HEAD", ""),
 "github.com/modern-go/concurrent": ("modern-go+concurrent", "HEAD", ""),
 "go.yaml.in/yaml/v2": ("yaml+go-yaml", "v2.4.3", ""),
 "go.yaml.in/yaml/v3": ("yaml+go-yaml", "v3", ""),
 "github.com/davecgh/go-spew": ("davecgh+go-spew", "HEAD", ""),
 "golang.org/x/net": ("golang+net", "HEAD", ""),
 "golang.org/x/text": ("golang+text", "HEAD", "secure unicode/bidi unicode/norm transform language internal cases width message feature"),
 "github.com/google/cel-go": ("google+cel-go", "v0.26.0", ""),
 "cel.dev/expr": ("google+cel-spec", "HEAD", ""),
 "github.com/antlr4-go/antlr/v4": ("antlr4-go+antlr", "HEAD", ""),
 "google.golang.org/genproto": ("googleapis+go-genproto", "HEAD", "googleapis/api/expr googleapis/rpc/status googleapis/api/annotations"),
 "github.com/stoewer/go-strcase": ("stoewer+go-strcase", "HEAD", ""),
 "golang.org/x/exp": ("golang+exp", "HEAD", "slices maps constraints"),
}
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out + "/v")
for mod, (mirror, ref, sub) in mods.items():
    d = f"{out}/v/{mod}"
    os.makedirs(d, exist_ok=True)
    git = f"{M}/{mirror}/repo"
    r = subprocess.run(f"git --git-dir={git} archive {ref} {sub} | tar -x -C {d}", shell=True)
    if r.returncode: print("FAILED", mod)
# sub-modules inside repos (e.g. swag has submodules with own go.mod): fine, treated as dirs
for root, dirs, files in os.walk(out + "/v"):
    for f in files:
        if f.endswith("_test.go") or f in ("go.mod", "go.sum", "go.work"):
            os.remove(os.path.join(root, f))
# rewrite imports: longest module path first
order = sorted(mods, key=len, reverse=True)
pat = re.compile(r'"(' + "|".join(re.escape(m) for m in order) + r')(/[^"]*)?"')
for root, dirs, files in os.walk(out + "/v"):
    for f in files:
        if not f.endswith(".go"): continue
        p = os.path.join(root, f)
        s = open(p, encoding="utf-8", errors="surrogateescape").read()
        s2 = pat.sub(lambda m: '"smp/v/' + m.group(1) + (m.group(2) or "") + '"', s)
        if s2 != s:
            open(p, "w", encoding="utf-8", errors="surrogateescape").write(s2)
open(out + "/go.mod", "w").write("module smp\n\ngo 1.26\n")
os.makedirs(out + "/cmd", exist_ok=True)
main = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "main.go")).read()
open(out + "/cmd/main.go", "w").write(pat.sub(lambda m: '"smp/v/' + m.group(1) + (m.group(2) or "") + '"', main))
subprocess.run("go build -o smprun ./cmd", shell=True, cwd=out, check=True,
               env=dict(os.environ, GOFLAGS="-mod=mod", GOPROXY="off"))
