#!/bin/sh
# Compares the catalogue's merge extensions with the Go types' markers of
# Kubernetes 1.36 (k8s.io/api, apimachinery and apiextensions-apiserver
# v0.36.3, kube-aggregator v0.36.2), from bare git snapshots of the four
# repositories (the search tool's `fetch`), by default under /work/.mirror.
set -eu
MIRROR=${MIRROR:-/work/.mirror}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
unpack() { # REPO TAG DIR [PATH]
    mkdir -p "$WORK/$3"
    git --git-dir="$MIRROR/$1/repo" archive "$2" ${4:-} | tar -x -C "$WORK/$3"
}
unpack kubernetes+api v0.36.3 api
unpack kubernetes+apimachinery v0.36.3 machinery pkg/apis/meta/v1
unpack kubernetes+apiextensions-apiserver v0.36.3 apiextensions pkg/apis/apiextensions/v1
unpack kubernetes+kube-aggregator v0.36.2 aggregator pkg/apis/apiregistration/v1
exec python3 "$(dirname "$0")/compare.py" "$WORK/api" \
    "$WORK/machinery/pkg/apis/meta/v1=io.k8s.apimachinery.pkg.apis.meta.v1" \
    "$WORK/apiextensions/pkg/apis/apiextensions/v1=io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1" \
    "$WORK/aggregator/pkg/apis/apiregistration/v1=io.k8s.kube-aggregator.pkg.apis.apiregistration.v1"
