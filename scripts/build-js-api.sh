#!/usr/bin/env bash
# Builds the JavaScript API as an ES module with TypeScript declarations
# (crates/ssa-wasm/pkg): import it in a browser or in Node, call
# `await init(...)`, then runScenario(scenario) and version().
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
cargo build -p ssa-wasm --target wasm32-unknown-unknown --release --locked
wasm-bindgen --target web --out-dir crates/ssa-wasm/pkg target/wasm32-unknown-unknown/release/ssa_wasm.wasm
if command -v wasm-opt >/dev/null 2>&1; then
  wasm-opt -Oz --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    crates/ssa-wasm/pkg/ssa_wasm_bg.wasm -o crates/ssa-wasm/pkg/ssa_wasm_bg.wasm
fi
echo "built crates/ssa-wasm/pkg ($(gzip -9 -c crates/ssa-wasm/pkg/ssa_wasm_bg.wasm | wc -c) bytes gzipped)"
