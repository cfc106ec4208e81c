#!/usr/bin/env bash
# Builds the harness without a Go module proxy: copies source checkouts of
# structured-merge-diff v6 and its non-test dependencies into one module
# under OUT, rewriting their import paths, and builds OUT/smdrun.
#   offline.sh OUT SMD JSONITER REFLECT2 CONCURRENT GOYAML_V2
set -euo pipefail
out=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out" && mkdir -p "$out/src" "$out/cmd"
for pair in "smd:$1" "jsoniter:$2" "reflect2:$3" "concurrent:$4" "yaml:$5"; do
  cp -r "${pair#*:}" "$out/src/${pair%%:*}"
done
find "$out/src" \( -name '*_test.go' -o -name go.mod -o -name go.sum \) -delete
rm -rf "$out/src/smd/internal/fixture" "$out/src/smd/internal/cli" "$out/src/smd/smd"
printf 'module smddiff\n\ngo 1.23\n' > "$out/go.mod"
sed -e 's#"sigs.k8s.io/structured-merge-diff/v6/#"smddiff/src/smd/#' \
    -e 's#"go.yaml.in/yaml/v2"#"smddiff/src/yaml"#' "$here/main.go" > "$out/cmd/main.go"
grep -rl --include='*.go' . "$out/src" | xargs sed -i \
  -e 's#"sigs.k8s.io/structured-merge-diff/v6#"smddiff/src/smd#g' \
  -e 's#"github.com/json-iterator/go"#"smddiff/src/jsoniter"#g' \
  -e 's#"github.com/modern-go/reflect2"#"smddiff/src/reflect2"#g' \
  -e 's#"github.com/modern-go/concurrent"#"smddiff/src/concurrent"#g' \
  -e 's#"go.yaml.in/yaml/v2"#"smddiff/src/yaml"#g'
cd "$out" && GOFLAGS=-mod=mod GOPROXY=off go build -o smdrun ./cmd
