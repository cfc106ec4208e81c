"""Builds tools/cel-syntax's recorder without a Go module proxy: copies
cel-go v0.26.0 (Kubernetes 1.36's), its ANTLR runtime and their
dependencies from local bare git snapshots (MIRROR/<owner>+<repo>/repo,
which the `fetch` tool brings) into one module under OUT, rewrites every
import path into it, and builds OUT/celsyntax from record.go.
Usage: assemble.py MIRROR OUT   (with a Go of 1.23 or later on PATH)"""
import os, re, subprocess, shutil, sys

M, out = sys.argv[1], sys.argv[2]
mods = {  # module path -> (snapshot, ref, subdirectories to copy or "")
    "github.com/google/cel-go": ("google+cel-go", "v0.26.0", ""),
    "github.com/antlr4-go/antlr/v4": ("antlr4-go+antlr", "v4.13.0", ""),
    "cel.dev/expr": ("google+cel-spec", "HEAD", ""),
    "google.golang.org/protobuf": ("protocolbuffers+protobuf-go", "HEAD", ""),
    "google.golang.org/genproto": ("googleapis+go-genproto", "HEAD",
                                   "googleapis/api/expr googleapis/rpc/status googleapis/api/annotations"),
    "github.com/stoewer/go-strcase": ("stoewer+go-strcase", "HEAD", ""),
    "golang.org/x/exp": ("golang+exp", "HEAD", "slices maps constraints"),
    "golang.org/x/text": ("golang+text", "HEAD",
                          "secure unicode/bidi unicode/norm transform language internal cases width message feature"),
}
shutil.rmtree(out, ignore_errors=True)
for mod, (snapshot, ref, sub) in mods.items():
    d = f"{out}/v/{mod}"
    os.makedirs(d, exist_ok=True)
    git = f"{M}/{snapshot}/repo"
    # One archive per folder: a snapshot may lack the large files of
    # folders not asked for.
    for folder in sub.split() or [""]:
        if subprocess.run(f"git --git-dir={git} archive {ref} {folder} | tar -x -C {d}",
                          shell=True).returncode:
            sys.exit(f"cannot copy {mod} from {git}")
for root, _, files in os.walk(out + "/v"):
    for f in files:
        if f.endswith("_test.go") or f in ("go.mod", "go.sum", "go.work"):
            os.remove(os.path.join(root, f))
order = sorted(mods, key=len, reverse=True)
pattern = re.compile(r'"(' + "|".join(re.escape(m) for m in order) + r')(/[^"]*)?"')
def rewrite(text):
    return pattern.sub(lambda m: '"celsyntax/v/' + m.group(1) + (m.group(2) or "") + '"', text)
for root, _, files in os.walk(out + "/v"):
    for f in files:
        if f.endswith(".go"):
            p = os.path.join(root, f)
            s = open(p, encoding="utf-8", errors="surrogateescape").read()
            t = rewrite(s)
            if t != s:
                open(p, "w", encoding="utf-8", errors="surrogateescape").write(t)
open(out + "/go.mod", "w").write("module celsyntax\n\ngo 1.23\n")
os.makedirs(out + "/cmd", exist_ok=True)
here = os.path.dirname(os.path.abspath(__file__))
open(out + "/cmd/main.go", "w").write(rewrite(open(os.path.join(here, "record.go")).read()))
subprocess.run("go build -o celsyntax ./cmd", shell=True, cwd=out, check=True,
               env=dict(os.environ, GOFLAGS="-mod=mod", GOPROXY="off", GOTOOLCHAIN="local"))
