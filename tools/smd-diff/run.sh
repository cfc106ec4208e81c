#!/usr/bin/env bash
# Generates random cases (gen.py SEED COUNT), has SMD answer them
# (SMDRUN, built by `go build` here or by offline.sh) and runs the engine's
# smd_suite test over them. The generated suite files are removed after.
#   SMDRUN=/path/to/smdrun run.sh SEED [SEED...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
suite="$here/../../tests/smd_suite"
trap 'rm -f "$suite"/fuzz-*.yaml' EXIT
for seed in "$@"; do
  python3 "$here/gen.py" "$seed" "${COUNT:-300}" | "${SMDRUN:-$here/smdrun}" > "/tmp/smd-diff-$seed.json"
  python3 "$here/toyaml.py" "/tmp/smd-diff-$seed.json" > "$suite/fuzz-$seed.yaml"
done
cargo test -p ssa-corpus-tests --test smd_suite
