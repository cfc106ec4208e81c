#!/usr/bin/env python3
"""Extracts the strategic merge patch test tables of k8s.io/apimachinery
(pkg/util/strategicpatch/patch_test.go, and pkg/util/jsonmergepatch's
three-way cases) and the test schema
(testdata/swagger-merge-item-v3.json) into one JSON file that the engine's
test `patch::upstream_tests` reads.

    python3 tools/strategicpatch-cases/extract.py GIT_DIR [REF] > \
        crates/ssa-engine/src/patch/testdata/strategicpatch-cases.json

GIT_DIR is a clone (or bare git directory) of kubernetes/apimachinery; the
script reads it with `git show` and needs PyYAML. The YAML of each case
becomes JSON as sigs.k8s.io/yaml makes it (keys as strings, integral
floats as integers); a field the case leaves out is left out, a field
written empty (`result:`) is null.
"""
import json
import re
import subprocess
import sys

import yaml

DIR = "pkg/util/strategicpatch/"


def show(git_dir, ref, path):
    return subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{ref}:{path}"],
        check=True, capture_output=True, text=True).stdout


def normalize(v):
    if isinstance(v, dict):
        return {str(k).lower() if isinstance(k, bool) else str(k): normalize(x) for k, x in v.items()}
    if isinstance(v, list):
        return [normalize(x) for x in v]
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def yaml_table(src, name):
    """A `var NAME = []byte(` + "`testCases: ...`" + `)` table."""
    m = re.search(r"^var %s = \[\]byte\(`(.*?)`\)" % name, src, re.S | re.M)
    cases = yaml.safe_load(m.group(1))["testCases"]
    out = []
    for c in cases:
        case = {"description": c.pop("description")}
        for k, v in c.items():
            case[k] = normalize(v)
        out.append(case)
    return out


RAW_FIELDS = {"Original": "original", "Modified": "modified", "Current": "current",
              "TwoWay": "twoWay", "ThreeWay": "threeWay", "Result": "result",
              "TwoWayResult": "twoWayResult"}


def raw_table(src, name):
    """A `var NAME = []StrategicMergePatchRawTestCase{...}` table: YAML in
    `[]byte(` + "`...`" + `)` fields."""
    m = re.search(r"^var %s = \[\]StrategicMergePatchRawTestCase\{\n(.*?)^\}\n" % name, src, re.S | re.M)
    body = m.group(1)
    starts = [d.start() for d in re.finditer(r'Description:\s*"', body)]
    out = []
    for i, s in enumerate(starts):
        chunk = body[s:starts[i + 1] if i + 1 < len(starts) else len(body)]
        d = re.match(r'Description:\s*("(?:[^"\\]|\\.)*")', chunk)
        case = {"description": json.loads(d.group(1))}
        for f in re.finditer(r"(\w+):\s*\[\]byte\(`(.*?)`\)", chunk, re.S):
            case[RAW_FIELDS[f.group(1)]] = normalize(yaml.safe_load(f.group(2)))
        e = re.search(r'ExpectedError:\s*("(?:[^"\\]|\\.)*")', chunk)
        if e:
            case["expectedError"] = json.loads(e.group(1))
        out.append(case)
    return out


UNKNOWN_FIELDS = {"Original": "original", "Current": "current", "Modified": "modified",
                  "ExpectedTwoWay": "twoWay", "ExpectedTwoWayErr": "twoWayError",
                  "ExpectedTwoWayResult": "twoWayResult", "ExpectedThreeWay": "threeWay",
                  "ExpectedThreeWayErr": "threeWayError",
                  "ExpectedThreeWayResult": "result"}


NUMBER_FIELDS = {"Old": "original", "New": "modified", "ExpectedPatch": "twoWay",
                 "ExpectedResult": "twoWayResult"}


def go_map_table(src, test, fields):
    """A test function's map of cases (TestUnknownField,
    TestNumberConversion): JSON in raw strings."""
    m = re.search(r"^func %s\(.*?\}\{\n(.*?)^\t\}\n" % test, src, re.S | re.M)
    body = m.group(1)
    out = []
    for c in re.finditer(r'^\t\t"([^"]*)": \{\n(.*?)^\t\t\},', body, re.S | re.M):
        case = {"description": c.group(1)}
        for f in re.finditer(r"(\w+):\s*`(.*?)`", c.group(2), re.S):
            key = fields[f.group(1)]
            text = f.group(2)
            case[key] = text if key.endswith("Error") else json.loads(text)
        out.append(case)
    return out


def main():
    git_dir = sys.argv[1]
    ref = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", ref],
                            check=True, capture_output=True, text=True).stdout.strip()
    src = show(git_dir, commit, DIR + "patch_test.go")
    # The OpenAPI v3 form of the test type: the Swagger 2.0 file's
    # `retainKeysMergeItem.simpleMap` has `additionalProperties: "object"`,
    # which is not a schema (upstream's v2 reader never looks at it).
    schema = normalize(yaml.safe_load(show(git_dir, commit, DIR + "testdata/swagger-merge-item-v3.json")))
    doc = {
        "source": {"repository": "kubernetes/apimachinery", "commit": commit,
                   "path": DIR + "patch_test.go"},
        "schema": schema,
        "tables": {
            "createStrategicMergePatchTestCaseData": yaml_table(src, "createStrategicMergePatchTestCaseData"),
            "strategicMergePatchRawTestCases": raw_table(src, "strategicMergePatchRawTestCases"),
            "customStrategicMergePatchTestCaseData": yaml_table(src, "customStrategicMergePatchTestCaseData"),
            "customStrategicMergePatchRawTestCases": raw_table(src, "customStrategicMergePatchRawTestCases"),
            "replaceRawExtensionPatchTestCases": raw_table(src, "replaceRawExtensionPatchTestCases"),
            "TestUnknownField": go_map_table(src, "TestUnknownField", UNKNOWN_FIELDS),
            "TestNumberConversion": go_map_table(src, "TestNumberConversion", NUMBER_FIELDS),
            # kubectl's three-way patch of kinds without Go types (JSON merge patch).
            "jsonmergepatch.createJSONMergePatchTestCaseData": yaml_table(
                show(git_dir, commit, "pkg/util/jsonmergepatch/patch_test.go"),
                "createJSONMergePatchTestCaseData"),
        },
    }
    json.dump(doc, sys.stdout, indent=1, sort_keys=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
