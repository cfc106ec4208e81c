#!/usr/bin/env bash
# Installs what building and testing SSA Playground needs, skipping what is
# already there at the right version. Safe to run again. Fails fast, with
# what is missing and how to get it, instead of hanging.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen crate pin in Cargo.toml
TRUNK_VERSION=0.21.14          # 0.22 needs a newer Rust than this toolchain
MDBOOK_VERSION=0.5.4

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

have cargo || die "cargo not found: install Rust with rustup (https://rustup.rs), then run this again"
have rustup || die "rustup not found: the wasm32 target is installed through rustup"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding rustup component $component"
    rustup component add "$component"
  fi
done

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes)"
  # Not --locked: its lock file pins a crate version the registry mirror lacks.
  timeout 1800 cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" \
    || die "could not install wasm-bindgen-cli $WASM_BINDGEN_VERSION from crates.io"
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about ten minutes)"
  # --locked: without it a newer CSS crate breaks the build.
  timeout 2400 cargo install trunk --version "$TRUNK_VERSION" --locked \
    || die "could not install trunk $TRUNK_VERSION from crates.io"
fi

# Debian's packages: the browser for the browser tests, and Hugo, which
# the documentation-site tests build a real site with.
if ! have chromium || ! have chromedriver || ! have hugo; then
  say "installing Debian's chromium, chromium-driver and hugo (browser and docs-site tests)"
  if [ "$(id -u)" = 0 ]; then APT=(apt-get); elif have sudo; then APT=(sudo apt-get); else
    die "chromium, chromedriver or hugo is missing and this user cannot install packages: apt-get install chromium chromium-driver hugo"
  fi
  timeout 600 "${APT[@]}" update -qq || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive timeout 900 "${APT[@]}" install -y -qq chromium chromium-driver hugo \
    || die "could not install chromium, chromium-driver and hugo with apt-get"
fi

# mdBook, which the documentation-site tests build a real book with
# (not packaged by Debian; without its server and watcher it builds faster).
if [ "$(mdbook --version 2>/dev/null)" != "mdbook v$MDBOOK_VERSION" ]; then
  say "installing mdbook $MDBOOK_VERSION (a few minutes)"
  timeout 1800 cargo install mdbook --version "$MDBOOK_VERSION" --locked --no-default-features \
    || die "could not install mdbook $MDBOOK_VERSION from crates.io"
fi

have node || die "node not found: install Node.js 20 or later (Debian: apt-get install nodejs npm)"
have npm || die "npm not found: install npm (Debian: apt-get install npm)"
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules ]; then
  say "installing npm packages (playwright-core, binaryen's wasm-opt)"
  timeout 600 npm ci --no-audit --no-fund --loglevel=error || die "npm ci failed"
fi
say "tools ready"
