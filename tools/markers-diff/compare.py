#!/usr/bin/env python3
"""Compares the merge extensions of the built-in catalogue with the markers
of the Go types they are generated from.

kube-openapi's openapi-gen turns a Go field's comment tags into the
OpenAPI extensions structured-merge-diff reads (`+listType` into
x-kubernetes-list-type, `+listMapKey` into x-kubernetes-list-map-keys,
`+mapType` on a map and `+structType` on a struct into
x-kubernetes-map-type; pkg/generators/extension.go) and the struct tags
`patchStrategy`/`patchMergeKey` into x-kubernetes-patch-strategy and
-merge-key. The catalogue is generated from the published OpenAPI
(tools/catalogue); this reads the Go sources of one release instead and
lists every field where the two disagree.

  python3 tools/markers-diff/compare.py API_DIR [DIR=DEFINITION_PREFIX...]

API_DIR: a checkout of k8s.io/api (e.g. `git archive v0.36.3`), its
groups read as io.k8s.api.GROUP.VERSION; each further argument a package
directory of another module and the definition prefix of its types
(apimachinery's meta/v1, apiextensions' v1, kube-aggregator's
apiregistration v1: run.sh gives them). Exit status 1 when a difference
is found.
"""

import json
import os
import re
import sys

TYPE_START = re.compile(r"^type (\w+) struct \{\s*$")
FIELD = re.compile(r"^\t([^`/]*?)\s*`([^`]*)`")
NAMED = re.compile(r"^type (\w+) (= )?((?:\[\]|map\[|\w+\.)\S*)")
TAG = re.compile(r'(\w+):"([^"]*)"')
MARKER = re.compile(r"^\s*//\s*\+(listType|listMapKey|mapType|structType|default)=(\S+)")


# Named slice and map types of each package (`type ValidationRules
# []ValidationRule`: openapi-gen checks a marker against the kind of the
# field's type) and aliases of another package's types (`type
# RuleWithOperations = v1.RuleWithOperations`).
NAMED_TYPES = {}


def markers(comment):
    """The merge markers of a comment block, as openapi-gen collects them
    (gengo's ExtractCommentTags: every `+name=value` line)."""
    found = {}
    for line in comment:
        m = MARKER.match(line)
        if m:
            found.setdefault(m.group(1), []).append(m.group(2))
    return found


def parse_types(path, package):
    """{definition name: (type markers, [(json name, go type, markers, tags)], inlined types)}."""
    types = {}
    lines = open(path, encoding="utf-8").read().split("\n")
    for line in lines:
        m = NAMED.match(line)
        if m:
            NAMED_TYPES[(package, m.group(1))] = m.group(3)
    comment = []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = TYPE_START.match(line)
        if not m:
            comment = comment + [line] if line.startswith("//") else []
            i += 1
            continue
        name, type_markers = m.group(1), markers(comment)
        fields, inlined, member_comment = [], [], []
        i += 1
        while i < len(lines) and lines[i] != "}":
            field_line = lines[i]
            if field_line.strip().startswith("//"):
                member_comment.append(field_line)
            else:
                f = FIELD.match(field_line)
                if f:
                    tags = dict(TAG.findall(f.group(2)))
                    json_name = tags.get("json", "").split(",")[0]
                    words = f.group(1).split(None, 1)
                    go_type = words[-1]
                    if len(words) == 1:
                        inlined.append(go_type.lstrip("*"))
                    elif json_name and json_name != "-":
                        fields.append((json_name, go_type, markers(member_comment), tags))
                member_comment = []
            i += 1
        types[f"{package}.{name}"] = (type_markers, fields, inlined)
        comment = []
        i += 1
    return types


def go_sources(api_dir, packages):
    """Every types.go of k8s.io/api and of `packages`, with its definition prefix."""
    for group in sorted(os.listdir(api_dir)):
        group_dir = os.path.join(api_dir, group)
        if not os.path.isdir(group_dir):
            continue
        for version in sorted(os.listdir(group_dir)):
            path = os.path.join(group_dir, version, "types.go")
            if os.path.exists(path):
                yield path, f"io.k8s.api.{group}.{version}"
    for directory, package in packages:
        for fname in sorted(os.listdir(directory)):
            if fname.endswith(".go") and not fname.endswith("_test.go"):
                yield os.path.join(directory, fname), package


def expected_extensions(package, go_type, field_markers, tags):
    """The extensions openapi-gen writes on a field's schema."""
    x = {}
    go_type = NAMED_TYPES.get((package, go_type.lstrip("*")), go_type)
    kind = "slice" if go_type.startswith("[]") else "map" if go_type.startswith("map[") else "other"
    if "listType" in field_markers and kind == "slice":
        x["x-kubernetes-list-type"] = field_markers["listType"][0]
    if "listMapKey" in field_markers and kind == "slice":
        x["x-kubernetes-list-map-keys"] = field_markers["listMapKey"]
    if "mapType" in field_markers and kind == "map":
        x["x-kubernetes-map-type"] = field_markers["mapType"][0]
    if "structType" in field_markers and kind == "other":
        x["x-kubernetes-map-type"] = field_markers["structType"][0]
    if "patchStrategy" in tags:
        x["x-kubernetes-patch-strategy"] = tags["patchStrategy"]
    if "patchMergeKey" in tags:
        x["x-kubernetes-patch-merge-key"] = tags["patchMergeKey"]
    return x


def key_default(go_type, field_markers, tags):
    """The default openapi-gen gives a field (pkg/generators/openapi.go):
    its `+default=` marker's, else, for a field encoded without
    `omitempty` and not a pointer, its type's zero value
    (`mustEnforceDefault`); `None` for none. Structured-merge-diff reads
    it for the key fields of a map list, where an item lacks one."""
    if "default" in field_markers:
        return json.loads(field_markers["default"][0])
    if "omitempty" in tags.get("json", "") or go_type.startswith("*"):
        return None
    zero = {"string": "", "int32": 0, "int64": 0, "int": 0, "bool": False}
    if go_type[:1].isupper() or "." in go_type:
        # A named type (`Protocol`, `types.UID`): the API's named key
        # types are all string types; another would show as a difference.
        return ""
    return zero.get(go_type)


EXTENSIONS = (
    "x-kubernetes-list-type",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-map-type",
    "x-kubernetes-patch-strategy",
    "x-kubernetes-patch-merge-key",
)


def main():
    api_dir = sys.argv[1]
    packages = [tuple(arg.split("=", 1)) for arg in sys.argv[2:]]
    catalogue_path = os.environ.get("CATALOGUE") or os.path.join(
        os.path.dirname(__file__), "../../crates/ssa-engine/src/builtin/catalogue.json")
    definitions = json.load(open(catalogue_path))["definitions"]
    go = {}
    for path, package in go_sources(api_dir, packages):
        go.update(parse_types(path, package))

    def inlined_definition(package, go_type):
        """The definition of an embedded type: of this package, of
        meta/v1 (`metav1.TypeMeta`) or of a sibling version of the group
        (`v1.RuleWithOperations` in admissionregistration/v1beta1)."""
        go_type = NAMED_TYPES.get((package, go_type), go_type)
        qualifier, _, type_name = go_type.rpartition(".")
        if qualifier == "":
            return f"{package}.{type_name}"
        if qualifier == "time":
            return None  # metav1.Time and MicroTime: strings in OpenAPI
        if qualifier == "metav1":
            return f"io.k8s.apimachinery.pkg.apis.meta.v1.{type_name}"
        return f"{package.rsplit('.', 1)[0]}.{qualifier}.{type_name}"

    def all_fields(name, seen=()):
        type_markers, fields, inlined = go[name]
        package = name.rsplit(".", 1)[0]
        out = [(package,) + f for f in fields]
        for go_type in inlined:
            inner = inlined_definition(package, go_type)
            if inner is None:
                continue
            if inner in go and inner not in seen:
                out += all_fields(inner, seen + (name,))
            elif inner not in go:
                print(f"{name}: embedded {go_type} not found")
        return out

    differences = checked = 0
    for name, schema in sorted(definitions.items()):
        if name not in go:
            continue
        type_markers, _, _ = go[name]
        want_type = {}
        if "structType" in type_markers:
            want_type["x-kubernetes-map-type"] = type_markers["structType"][0]
        have_type = {k: schema[k] for k in EXTENSIONS if k in schema}
        if want_type != have_type:
            differences += 1
            print(f"{name}: type {have_type} in the catalogue, {want_type} in Go")
        props = schema.get("properties", {})
        for package, json_name, go_type, field_markers, tags in all_fields(name):
            if json_name not in props:
                continue
            checked += 1
            want = expected_extensions(package, go_type, field_markers, tags)
            have = {k: props[json_name][k] for k in EXTENSIONS if k in props[json_name]}
            if want != have:
                differences += 1
                print(f"{name}.{json_name} ({go_type}): catalogue {have}, Go {want}")
    # The defaults of the key fields of every map list.
    keys_checked = 0
    for name, schema in sorted(definitions.items()):
        for prop in schema.get("properties", {}).values():
            keys = prop.get("x-kubernetes-list-map-keys")
            if "x-kubernetes-list-type" not in prop and "merge" in prop.get(
                "x-kubernetes-patch-strategy", ""
            ):
                # No list type: structured-merge-diff keys the list by its
                # patch merge key (kube-openapi's schemaconv).
                keys = [prop["x-kubernetes-patch-merge-key"]] if "x-kubernetes-patch-merge-key" in prop else None
            ref = prop.get("items", {}).get("$ref", "").rsplit("/", 1)[-1]
            if not keys or ref not in go:
                continue
            item_props = definitions[ref].get("properties", {})
            fields = {f[1]: f for f in all_fields(ref)}
            for key in keys:
                if key not in fields:
                    continue
                keys_checked += 1
                _, _, go_type, field_markers, tags = fields[key]
                want = key_default(go_type, field_markers, tags)
                have = item_props.get(key, {}).get("default")
                if want != have:
                    differences += 1
                    print(f"{ref}.{key} ({go_type}, {tags.get('json')}): key default {have!r} in the catalogue, {want!r} in Go")
    print(f"{checked} fields of {len(definitions)} definitions compared, {keys_checked} map-list keys' defaults, {differences} differences")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
