#!/usr/bin/env python3
"""Writes the list `timeZones` of the built-in catalogue
(crates/ssa-engine/src/builtin/catalogue.json): the time zone names Go's `time.LoadLocation` finds in the zone database the
kube-apiserver binary embeds (`time/tzdata`, Go's `lib/time/zoneinfo.zip`).

Go builds that zip from the IANA tz release with zic (the zones, the
`backward` links and `Factory`); a Debian `tzdata` package's
/usr/share/zoneinfo holds the same compiled files, plus what Debian adds
around them and Go does not embed: the `posix/` and `right/` trees, the
`posixrules` and `localtime` links, and text files (`zone.tab`,
`tzdata.zi`, ...). So the names are the TZif files of that tree outside
what Debian adds. Usage: generate.py [ZONEINFO_DIR] (default
/usr/share/zoneinfo); the list is sorted.
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "crates/ssa-engine/src/builtin/catalogue.json")
# Debian's additions, not in Go's zip.
SKIP_DIRS = {"posix", "right"}
SKIP_FILES = {"posixrules", "localtime"}


def names(zoneinfo):
    found = []
    for dirpath, dirnames, filenames in os.walk(zoneinfo, followlinks=False):
        rel_dir = os.path.relpath(dirpath, zoneinfo)
        if rel_dir == ".":
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            rel_dir = ""
        for name in filenames:
            rel = os.path.join(rel_dir, name) if rel_dir else name
            if rel in SKIP_FILES:
                continue
            path = os.path.join(dirpath, name)
            try:
                with open(path, "rb") as f:
                    magic = f.read(4)
            except OSError:
                continue  # a dangling link
            if magic == b"TZif":
                found.append(rel)
    return sorted(found)


def main():
    zoneinfo = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/zoneinfo"
    found = names(zoneinfo)
    if len(found) < 500:
        sys.exit(f"only {len(found)} zones under {zoneinfo}: is tzdata installed?")
    with open(OUT) as f:
        catalogue = json.load(f)
    catalogue["timeZones"] = found
    with open(OUT, "w") as f:
        json.dump(catalogue, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    print(f"{len(found)} zones -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
