"""Builds tools/cel-compile's recorder without a Go module proxy: copies
apiextensions-apiserver, apiserver, component-base, apimachinery and api
at v0.36.3 (Kubernetes 1.36), cel-go v0.26.0 and their dependencies from
local bare git snapshots (MIRROR/<owner>+<repo>/repo; the `fetch` tool
brings the missing ones) into one module under OUT, rewrites every import
path into it, replaces apiserver's CEL metrics (Prometheus, which the
recorder does not need) by a no-op, and builds OUT/celcompile from
record.go (or the Go program PROGRAM names: tools/cel-syntax's recorder
needs a subset of these modules).
Usage: assemble.py MIRROR OUT [PROGRAM]   (with Go 1.23 or later on PATH)"""
import os, re, subprocess, shutil, sys

M, out = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
program = sys.argv[3] if len(sys.argv) > 3 else os.path.join(here, "record.go")
V = "v0.36.3"
mods = {  # module path -> (snapshot, ref, folders to copy or "")
    "k8s.io/apiextensions-apiserver": ("kubernetes+apiextensions-apiserver", V, "pkg/apis pkg/apiserver/schema pkg/features"),
    "k8s.io/apiserver": ("kubernetes+apiserver", V, "pkg/cel pkg/apis/cel pkg/util/compatibility pkg/authorization pkg/authentication/user pkg/authentication/serviceaccount pkg/features pkg/util/feature pkg/warning"),
    "k8s.io/component-base": ("kubernetes+component-base", V, "compatibility version featuregate cli/flag zpages/features"),
    "k8s.io/apimachinery": ("kubernetes+apimachinery", V, ""),
    "k8s.io/api": ("kubernetes+api", V, ""),
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
    "golang.org/x/sync": ("golang+sync", "HEAD", ""),
    "golang.org/x/text": ("golang+text", "HEAD", "secure unicode/bidi unicode/norm transform language internal cases width message feature"),
    "github.com/google/cel-go": ("google+cel-go", "v0.26.0", ""),
    "cel.dev/expr": ("google+cel-spec", "HEAD", ""),
    "github.com/antlr4-go/antlr/v4": ("antlr4-go+antlr", "v4.13.0", ""),
    "google.golang.org/genproto": ("googleapis+go-genproto", "HEAD", "googleapis/api/expr googleapis/rpc/status googleapis/api/annotations"),
    "github.com/stoewer/go-strcase": ("stoewer+go-strcase", "HEAD", ""),
    "golang.org/x/exp": ("golang+exp", "HEAD", "slices maps constraints"),
    "github.com/blang/semver": ("blang+semver", "HEAD", "v4"),
    "github.com/spf13/pflag": ("spf13+pflag", "HEAD", ""),
}
shutil.rmtree(out, ignore_errors=True)
for mod, (snapshot, ref, sub) in mods.items():
    d = f"{out}/v/{mod}"
    os.makedirs(d, exist_ok=True)
    git = f"{M}/{snapshot}/repo"
    for folder in sub.split() or [""]:
        # One archive per folder: a snapshot may lack the large files of
        # folders not asked for.
        if subprocess.run(f"git --git-dir={git} archive {ref} {folder} | tar -x -C {d}",
                          shell=True, stderr=subprocess.DEVNULL).returncode:
            sys.exit(f"cannot copy {mod} {folder} from {git}")
for root, _, files in os.walk(out + "/v"):
    for f in files:
        if f.endswith("_test.go") or f in ("go.mod", "go.sum", "go.work"):
            os.remove(os.path.join(root, f))
# Flags the recorder does not parse (cobra's).
os.remove(f"{out}/v/k8s.io/component-base/cli/flag/sectioned.go")
metrics = f"{out}/v/k8s.io/apiserver/pkg/cel/metrics"
shutil.rmtree(metrics, ignore_errors=True)
os.makedirs(metrics)
open(metrics + "/metrics.go", "w").write('''package metrics

import "time"

// A no-op in place of apiserver's Prometheus metrics.
type CelMetrics struct{}

var Metrics = &CelMetrics{}

func (m *CelMetrics) ObserveCompilation(elapsed time.Duration) {}
func (m *CelMetrics) ObserveEvaluation(elapsed time.Duration)  {}
''')
# component-base's metrics (Prometheus) that feature gates and versions
# record to: no-ops.
stubs = {
    "k8s.io/component-base/metrics/prometheus/feature": "func RecordFeatureInfo(ctx context.Context, name string, stage string, enabled bool) {}\nfunc ResetFeatureInfoMetric() {}\n",
    "k8s.io/component-base/metrics/prometheus/compatversion": "func RecordCompatVersionInfo(ctx context.Context, component, binary, emulation, minCompat string) {}\nfunc ResetCompatVersionInfoMetric() {}\n",
}
for mod, body in stubs.items():
    d = f"{out}/v/{mod}"
    os.makedirs(d, exist_ok=True)
    open(d + "/metrics.go", "w").write(f"package {mod.rsplit('/', 1)[1]}\n\nimport \"context\"\n\nvar _ context.Context\n\n" + body)
# apiserver's admission CEL compiler (plugin/cel's compile.go), for
# admission.go: the file alone, and the two declarations it needs from its
# package's interface.go, whose other imports (the admission chain) the
# recorder does not need.
plugin = f"{out}/v/k8s.io/apiserver/pkg/admission/plugin/cel"
os.makedirs(plugin, exist_ok=True)
subprocess.run(f"git --git-dir={M}/kubernetes+apiserver/repo show {V}:pkg/admission/plugin/cel/compile.go > {plugin}/compile.go",
               shell=True, check=True)
open(plugin + "/interface.go", "w").write('''package cel

import "github.com/google/cel-go/cel"

// ExpressionAccessor is an expression and the types it may give.
type ExpressionAccessor interface {
	GetExpression() string
	ReturnTypes() []*cel.Type
}

// OptionalVariableDeclarations: which optional variables are declared.
type OptionalVariableDeclarations struct {
	HasParams     bool
	HasAuthorizer bool
	HasPatchTypes bool
}
''')
order = sorted(mods, key=len, reverse=True)
pattern = re.compile(r'"(' + "|".join(re.escape(m) for m in order) + r')(/[^"]*)?"')
def rewrite(text):
    return pattern.sub(lambda m: '"celcompile/v/' + m.group(1) + (m.group(2) or "") + '"', text)
for root, _, files in os.walk(out + "/v"):
    for f in files:
        if f.endswith(".go"):
            p = os.path.join(root, f)
            s = open(p, encoding="utf-8", errors="surrogateescape").read()
            t = rewrite(s)
            if t != s:
                open(p, "w", encoding="utf-8", errors="surrogateescape").write(t)
open(out + "/go.mod", "w").write("module celcompile\n\ngo 1.25\n")
os.makedirs(out + "/cmd", exist_ok=True)
open(out + "/cmd/main.go", "w").write(rewrite(open(program).read()))
subprocess.run("go build -o celcompile ./cmd", shell=True, cwd=out, check=True,
               env=dict(os.environ, GOFLAGS="-mod=mod", GOPROXY="off", GOTOOLCHAIN="local"))
