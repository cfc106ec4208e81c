#!/usr/bin/env bash
# The engine's speed as WebAssembly in headless Chromium against native:
# runs structured-merge-diff's benchmark operations on both sides (the
# shared workload in crates/ssa-engine/benches/shared/workload.rs) and the
# playground's presets in the browser, then prints each operation's
# wasm/native ratio (goal: within 2x) and each preset's re-run time (goal:
# under 5 ms). Both sides use cargo's bench profile; PROFILE=release
# measures the wasm as the app ships it (opt-level z).
# Usage: scripts/bench-wasm.sh   (about 5 minutes once built, on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
out=target/bench-wasm
mkdir -p "$out"
profile=${PROFILE:-bench}
# The benchmarks run synchronously in the page: give the runner's polling
# as long as the whole run takes.
export WASM_BINDGEN_TEST_TIMEOUT=3600
echo "==> wasm in headless Chromium ($profile profile)"
(
  # .cargo/config.toml's wasm flags without the app's inline threshold of
  # 0, a size setting for opt-level "z": the benchmark profile's opt-level
  # 3 inlines as LLVM does by default, as the native side does (RUSTFLAGS
  # replaces the config's flags, for this build alone).
  if [ "$profile" != release ]; then
    export RUSTFLAGS="-C target-feature=-multivalue"
  fi
  cargo bench -p ssa-wasm --target wasm32-unknown-unknown --bench operations --locked \
    --profile "$profile" | tee "$out/wasm.txt"
)
echo "==> native"
# The same short runs as the wasm side configures in its code.
cargo bench -p ssa-engine --bench operations --locked -- \
  --warm-up-time 0.5 --measurement-time 2 --sample-size 20 | tee "$out/native.txt"
python3 - "$out/native.txt" "$out/wasm.txt" <<'PY'
import re, sys
UNITS = {"ns": 1e-3, "µs": 1.0, "us": 1.0, "ms": 1e3, "s": 1e6}
def figures(path):
    """Criterion's median estimate per benchmark name, in µs."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", open(path, encoding="utf-8").read())
    found, name = {}, None
    for line in text.splitlines():
        m = re.search(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", line)
        head = line.split("time:")[0].strip()
        if head:
            name = head
        if m and name:
            found[name] = float(m.group(1)) * UNITS[m.group(2)]
        elif line.strip() and not line.startswith((" ", "Warming", "Collecting", "Found", "Benchmarking", "Analyzing")):
            name = line.strip()
    return found
native, wasm = figures(sys.argv[1]), figures(sys.argv[2])
print(f"\n{'operation':32} {'native µs':>12} {'wasm µs':>12} {'wasm/native':>12}")
worst = 0.0
for name, n in native.items():
    if name in wasm:
        ratio = wasm[name] / n
        worst = max(worst, ratio)
        print(f"{name:32} {n:12,.0f} {wasm[name]:12,.0f} {ratio:11.2f}x")
print(f"worst ratio: {worst:.2f}x (goal: within 2x)")
print(f"\n{'preset re-run in Chromium':70} {'ms':>8}")
for name, w in wasm.items():
    if name.startswith("preset"):
        print(f"{name[:70]:70} {w / 1e3:8.2f}")
PY
