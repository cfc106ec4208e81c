#!/usr/bin/env bash
# Runs every test of SSA Playground (installs any missing tool first):
# formatting, lints, native unit/integration/corpus/CLI tests, wasm tests
# in headless Chromium, a release build of the app, and the browser
# end-to-end tests against it. Ends with "N passed, N failed" (steps).
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-tools.sh || exit 1
source scripts/env.sh

passed=0
failed=0
failures=()
step() {
  local name="$1"; shift
  printf '\n==> %s\n' "$name"
  local start=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    printf '==> %s: ok (%ss)\n' "$name" $((SECONDS - start))
  else
    failed=$((failed + 1))
    failures+=("$name")
    printf '==> %s: FAILED (%ss)\n' "$name" $((SECONDS - start))
  fi
}

# The app's wasm, gzipped. The goal is 400 KB (409600 bytes), and the app
# is within it by a thin margin (README, Performance: Size). The step
# prints the distance to the goal and fails above it (the ceiling): the
# build is reproducible with the pinned tools, and a feature that does not
# fit must pay for itself. Lower the ceiling as the app shrinks.
wasm_size() {
  local wasm size goal=409600 ceiling=409600
  wasm=$(ls dist/*.wasm 2>/dev/null | head -n 1)
  [ -n "$wasm" ] || { echo "no .wasm in dist/"; return 1; }
  size=$(gzip -9 -c "$wasm" | wc -c)
  printf 'app wasm: %s bytes, %s bytes gzipped (goal %s: %+d; ceiling %s)\n' "$(wc -c <"$wasm")" "$size" "$goal" $((size - goal)) "$ceiling"
  [ "$size" -le "$ceiling" ]
}

step "cargo fmt --check" cargo fmt --all -- --check
step "cargo clippy (native)" cargo clippy --workspace --all-targets --locked -- -D warnings
step "cargo clippy (wasm32)" cargo clippy -p ssa-wasm -p ssa-web --target wasm32-unknown-unknown --all-targets --locked -- -D warnings
step "native tests (engine, corpus, CLI golden)" cargo test --workspace --locked
# Built as shipped (release): the deep-nesting test checks the stack the
# app really has, and unoptimised frames are several times larger.
step "wasm tests in headless Chromium" cargo test -p ssa-wasm --target wasm32-unknown-unknown --release --locked
step "JavaScript API package (ES module)" scripts/build-js-api.sh
step "JavaScript API in Node: the corpus through runScenario" node --test tests/node/
step "release build of the app" trunk build --release
step "wasm size" wasm_size
step "end-to-end tests (Playwright, Chromium)" node --test tests/e2e/
# Prints keystroke, paste, cold-load and preset figures (a benchmark: it
# fails only if the page breaks, not on a slow figure).
step "page performance (figures printed)" node tests/e2e/perf.bench.mjs

echo
if [ "$failed" -gt 0 ]; then
  printf 'failed steps: %s\n' "${failures[*]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
