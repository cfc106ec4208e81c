#!/usr/bin/env bash
# Builds the JavaScript API as an ES module with TypeScript declarations
# (crates/ssa-wasm/pkg): import it in a browser or in Node, call
# `await init(...)`, then runScenario(scenario) and version().
# Also Trunk's pre_build hook (Trunk.toml), so it skips the bindings and the
# optimiser when the package is newer than the compiled wasm.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
cargo build -p ssa-wasm --target wasm32-unknown-unknown --release --locked
wasm="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/ssa_wasm.wasm"
pkg=crates/ssa-wasm/pkg
if [ -f "$pkg/ssa_wasm_bg.wasm" ] && [ -f "$pkg/ssa_wasm.js" ] && [ "$pkg/ssa_wasm_bg.wasm" -nt "$wasm" ]; then
  echo "crates/ssa-wasm/pkg is up to date"
  exit 0
fi
wasm-bindgen --target web --out-dir "$pkg" "$wasm"
if command -v wasm-opt >/dev/null 2>&1; then
  # Functions ordered by name last, as for the app (index.html): copies
  # of one generic function side by side compress better.
  wasm-opt -Oz --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --reorder-functions-by-name "$pkg/ssa_wasm_bg.wasm" -o "$pkg/ssa_wasm_bg.wasm"
  # Then each function after the ones most like it (6.5 KB gzipped; the
  # script says how).
  node scripts/reorder-wasm-functions.mjs "$pkg/ssa_wasm_bg.wasm"
fi
echo "built $pkg ($(gzip -9 -c "$pkg/ssa_wasm_bg.wasm" | wc -c) bytes gzipped)"
