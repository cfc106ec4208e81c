# Sourced by the other scripts: puts the project's own tools on PATH.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# wasm-bindgen-test-runner drives Debian's chromium through chromedriver.
export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver || echo /usr/bin/chromedriver)}"
