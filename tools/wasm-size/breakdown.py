#!/usr/bin/env python3
"""Where the app's wasm goes: code and data bytes per crate and module.

Reads a .wasm that still has its name section (the cargo build before
wasm-bindgen and wasm-opt strip it:
`cargo build --release --target wasm32-unknown-unknown -p ssa-web`) and
prints the bytes of function bodies grouped by the path their demangled
names start with, and the size of the data segments. Each function body
is also gzipped on its own and summed per group, a rough guide to what a
group costs in the gzipped download (compression across functions makes
the real total smaller).

    tools/wasm-size/breakdown.py target/wasm32-unknown-unknown/release/ssa-web.wasm [DEPTH] [TOP]

DEPTH: how many path segments name a group (default 2: `ssa_engine::builtin`).
TOP: how many of the largest single functions to list as well (default 25).
"""

import re
import sys
import zlib
from collections import defaultdict


def leb(data, pos):
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return result, pos


def sections(data):
    pos = 8
    while pos < len(data):
        sid = data[pos]
        size, pos = leb(data, pos + 1)
        yield sid, data[pos : pos + size]
        pos += size


def function_names(payload):
    pos = 0
    name, pos = leb(payload, pos)
    pos += name
    names = {}
    while pos < len(payload):
        sub = payload[pos]
        size, pos = leb(payload, pos + 1)
        end = pos + size
        if sub == 1:
            count, p = leb(payload, pos)
            for _ in range(count):
                index, p = leb(payload, p)
                length, p = leb(payload, p)
                names[index] = payload[p : p + length].decode("utf-8", "replace")
                p += length
        pos = end
    return names


def imported_functions(payload):
    count, pos = leb(payload, 0)
    functions = 0
    for _ in range(count):
        for _ in range(2):
            length, pos = leb(payload, pos)
            pos += length
        kind = payload[pos]
        pos += 1
        if kind == 0:
            _, pos = leb(payload, pos)
            functions += 1
        elif kind == 1:
            pos += 1
            flags, pos = leb(payload, pos)
            _, pos = leb(payload, pos)
            if flags & 1:
                _, pos = leb(payload, pos)
        elif kind == 2:
            flags, pos = leb(payload, pos)
            _, pos = leb(payload, pos)
            if flags & 1:
                _, pos = leb(payload, pos)
        elif kind == 3:
            pos += 2
        else:
            pos += 2
    return functions


def bodies(payload):
    count, pos = leb(payload, 0)
    for _ in range(count):
        size, pos = leb(payload, pos)
        yield payload[pos : pos + size]
        pos += size


def demangle(name):
    """Enough of Rust's legacy mangling to group by path."""
    m = re.match(r"_ZN(.*)E$", name)
    if not m:
        return name
    rest, parts = m.group(1), []
    while rest and rest[0].isdigit():
        n = re.match(r"(\d+)", rest).group(1)
        rest = rest[len(n) :]
        parts.append(rest[: int(n)])
        rest = rest[int(n) :]
    parts = [p for p in parts if not re.fullmatch(r"h[0-9a-f]{16}", p)]
    return "::".join(parts).replace("$LT$", "<").replace("$GT$", ">").replace("$u20$", " ").replace("..", "::")


def group_of(name, depth):
    name = demangle(name)
    # <T as Trait>::method and <crate::Type>::method: group by the type's path.
    name = re.sub(r"^_?<", "", name)
    name = name.lstrip("_")
    segments = re.split(r"::| as |<|>", name)
    segments = [s for s in segments if s]
    return "::".join(segments[:depth]) if segments else name


def main():
    path = sys.argv[1]
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    data = open(path, "rb").read()
    names, imports, code, data_bytes = {}, 0, b"", 0
    for sid, payload in sections(data):
        if sid == 0 and payload[1 : 1 + payload[0]] == b"name":
            names = function_names(payload)
        elif sid == 2:
            imports = imported_functions(payload)
        elif sid == 10:
            code = payload
        elif sid == 11:
            data_bytes = len(payload)
    raw, gz = defaultdict(int), defaultdict(int)
    largest = []
    for i, body in enumerate(bodies(code)):
        name = names.get(imports + i, f"func{imports + i}")
        g = group_of(name, depth)
        raw[g] += len(body)
        gz[g] += len(zlib.compress(body, 9))
        largest.append((len(body), demangle(name)))
    total = sum(raw.values())
    print(f"code {total} bytes in {len(largest)} functions; data {data_bytes} bytes; file {len(data)} bytes")
    print(f"{'raw':>9} {'gz*':>8}  group")
    for g in sorted(raw, key=raw.get, reverse=True)[:60]:
        print(f"{raw[g]:9d} {gz[g]:8d}  {g}")
    print(f"\nlargest functions:")
    for size, name in sorted(largest, reverse=True)[:top]:
        print(f"{size:9d}  {name[:150]}")


if __name__ == "__main__":
    main()
