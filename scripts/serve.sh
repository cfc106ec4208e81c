#!/usr/bin/env bash
# Builds SSA Playground and serves it at http://127.0.0.1:8080 (installs
# any missing tool first). Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-tools.sh
source scripts/env.sh
# Trunk's pre_build hook builds the JavaScript API package (Trunk.toml).
exec trunk serve --release --address 127.0.0.1 --port 8080
