#!/usr/bin/env python3
"""Generates the table of the internal pod template types.

Where a validation error's bad value is a struct, the API server prints it
with encoding/json (apimachinery v0.34+ `field.Error.ErrorBody`), and the
structs the validation of a built-in kind sees are the INTERNAL types of
k8s.io/kubernetes (`pkg/apis/core`), whose fields have no json tags: every
field is printed under its Go name, in declaration order, zero values
included; an embedded struct without a tag is printed inline (flattened);
the apimachinery types they hold (metav1.ObjectMeta, LabelSelector) keep
their own tags. A Job's immutable pod template is printed that way
(`validatePodTemplateUpdate`). This script reads those structs, from
`PodTemplateSpec` down, and for each field the key of the k8s.io/api v1
object it is converted from (`pkg/apis/core/v1`: the generated conversions
copy fields of the same Go name; the hand-written ones are below).

Inputs: the internal `pkg/apis/core/types.go` (a file: kubernetes/kubernetes
is not cloned; README.md says which copy and how to get it) and git
directories of kubernetes/api and kubernetes/apimachinery, read at one ref
(default v0.36.0) with `git show`. Every internal struct is checked against
its v1 namesake: the same fields (Go names) of the same shape, except the
conversions named in MOVED, FIRST_OF, NEVER_NIL and DROPPED.

Output: the key `internalTypes` of crates/ssa-engine/src/builtin/catalogue.json
(fetched by the web app at run time, so the table costs its wasm nothing):
`types` is a list of structs, struct 0 PodTemplateSpec, each a list of its
name and its fields in declaration order; a field is `[KEY, TYPE, SRC...]`:
  KEY   what is printed: the Go name (internal types) or the json name
        (apimachinery types);
  TYPE  `?` first when the field is left out empty (omitempty; omitzero for
        metav1.Time), then: s string, i integer, b bool, q
        resource.Quantity, n intstr.IntOrString, t metav1.Time, r raw JSON
        (metav1.FieldsV1), *T pointer, [T slice, {T map with string keys,
        @N struct N;
  SRC   where its value is in the v1 object, when not at KEY with its first
        letter lower-cased: a key, `^key` (a key of the object that holds
        this one: v1 PodSpec fields moved into the internal
        PodSecurityContext); several: the first that is a non-empty
        string.
An embedded struct without a json tag, printed inline, is `[SRC, "~N"]`:
the fields of struct N in place, read from the v1 field SRC (`.`: from the
same v1 object, where it is inline too).

Usage: python3 tools/internal-types/generate.py TYPES_GO ORIGIN API MACHINERY [REF]
(ORIGIN names the copy of types.go read, `owner/repo@commit`, for the record.)
Standard library and git only.
"""
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CATALOGUE = os.path.join(ROOT, "crates", "ssa-engine", "src", "builtin", "catalogue.json")

# The Go source reader of the Go-encoding table.
_spec = importlib.util.spec_from_file_location(
    "goencoding", os.path.join(ROOT, "tools", "goencoding", "generate.py"))
goencoding = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(goencoding)

CORE = "k8s.io/kubernetes/pkg/apis/core"
V1 = "k8s.io/api/core/v1"
META = "k8s.io/apimachinery/pkg/apis/meta/v1"

# Types with their own MarshalJSON, as they print.
CUSTOM = {
    f"{META}.Time": "t",
    f"{META}.FieldsV1": "r",
    "k8s.io/apimachinery/pkg/api/resource.Quantity": "q",
    "k8s.io/apimachinery/pkg/util/intstr.IntOrString": "n",
}
PRIMITIVES = {"string": "s", "bool": "b", "int32": "i", "int64": "i", "int": "i"}

# The hand-written conversion of pkg/apis/core/v1/conversion.go,
# Convert_v1_PodSpec_To_core_PodSpec: v1 PodSpec fields that the internal
# PodSecurityContext holds...
MOVED = {("PodSecurityContext", f): ("PodSpec", f)
         for f in ("HostNetwork", "HostPID", "HostIPC", "ShareProcessNamespace", "HostUsers")}
# ...ServiceAccountName, or DeprecatedServiceAccount when it is empty...
FIRST_OF = {("PodSpec", "ServiceAccountName"): ("ServiceAccountName", "DeprecatedServiceAccount")}
# ...a SecurityContext that is never nil (allocated to hold those fields)...
NEVER_NIL = {("PodSpec", "SecurityContext")}
# ...and the v1 fields that therefore have no internal namesake.
DROPPED = {("PodSpec", f) for f in (
    "DeprecatedServiceAccount", "HostNetwork", "HostPID", "HostIPC", "ShareProcessNamespace",
    "HostUsers")}


class Sources(goencoding.Repos):
    """kubernetes/api and kubernetes/apimachinery at one ref, with the
    internal package read from a file."""

    def __init__(self, api, machinery, ref, internal_text):
        self.dirs = [api, machinery]
        self.ref = ref
        self.commits = [self.git(i, "rev-parse", ref + "^{commit}").strip() for i in range(2)]
        self.trees = [None, None]
        self.packages = {CORE: goencoding.Package(self, CORE, [internal_text])}


def fields(package, name):
    """[(Go name, type text, json name or None, json options, embedded,
    the file's imports)]."""
    imports, body = package.structs[name]
    out = []
    for parts, tag in goencoding.field_lines(body, f"{package.path}.{name}"):
        embedded = len(parts) == 1
        type_text = parts[0] if embedded else parts[1]
        go_name = type_text.lstrip("*").rsplit(".", 1)[-1] if embedded else parts[0]
        if "," in go_name:
            raise SystemExit(f"several names in one field of {package.path}.{name}")
        if tag == "-" or not go_name[0].isupper():
            continue
        options = (tag or "").split(",")
        out.append((go_name, type_text.strip(), options[0] or None, set(options[1:]), embedded,
                    imports))
    return out


class Generator:
    def __init__(self, sources):
        self.sources = sources
        self.index = {}   # (import path, name) -> position
        self.table = []   # [name, field strings]

    def package(self, path):
        return self.sources.package(path)

    @staticmethod
    def resolve(text, path, imports):
        """(import path, name) of a named type written `text` in a file of
        `path` with `imports`."""
        if "." in text:
            alias, name = text.split(".", 1)
            if alias not in imports:
                raise SystemExit(f"unknown import {alias} in {path}")
            return imports[alias], name
        return path, text

    def code(self, text, path, imports, shape=False):
        """The type code of `text` written in a file of package `path`;
        with `shape`, structs are `@` without an index (to compare the
        internal and v1 fields)."""
        text = text.strip()
        if text.startswith("*"):
            return "*" + self.code(text[1:], path, imports, shape)
        if text.startswith("[]"):
            if text == "[]byte":
                raise SystemExit(f"[]byte in {path}")
            return "[" + self.code(text[2:], path, imports, shape)
        if text.startswith("map["):
            key, value = text[4:].split("]", 1)
            if self.code(key, path, imports, shape) != "s":
                raise SystemExit(f"map with {key} keys in {path}")
            return "{" + self.code(value, path, imports, shape)
        if text in PRIMITIVES:
            return PRIMITIVES[text]
        if text in ("float32", "float64") or text.startswith("interface"):
            raise SystemExit(f"{text} in {path}: no code for it")
        pkg, name = self.resolve(text, path, imports)
        if f"{pkg}.{name}" in CUSTOM:
            return CUSTOM[f"{pkg}.{name}"]
        package = self.package(pkg)
        if name in package.marshalers:
            raise SystemExit(f"{pkg}.{name} has its own MarshalJSON: add it to CUSTOM")
        if name in package.structs:
            return "@" if shape else f"@{self.struct_index(pkg, name)}"
        if name in package.named:
            named_imports, underlying = package.named[name]
            return self.code(underlying, pkg, named_imports, shape)
        raise SystemExit(f"type {pkg}.{name} not found")

    def struct_index(self, path, name):
        key = (path, name)
        if key not in self.index:
            self.index[key] = len(self.table)
            self.table.append(None)
            body = self.internal(name) if path == CORE else self.tagged(path, name)
            self.table[self.index[key]] = [name] + body
        return self.index[key]

    def tagged(self, path, name):
        """An apimachinery struct: its json names and tag options."""
        out = []
        for go_name, text, json_name, options, embedded, imports in fields(self.package(path), name):
            if embedded and not json_name:
                raise SystemExit(f"inline struct in {path}.{name}")
            ty = self.code(text, path, imports)
            # omitempty never leaves out a struct (metav1.Time is one);
            # omitzero leaves out its zero value.
            empty = "omitempty" in options and ty[0] in "sib*[{"
            omit = "?" if empty or "omitzero" in options else ""
            out.append([json_name or go_name, omit + ty])
        return out

    def internal(self, name):
        """An internal struct, each field with where the v1 object has it."""
        v1_package = self.package(V1)
        if name not in v1_package.structs:
            raise SystemExit(f"internal {name} has no v1 namesake")
        v1 = {f[0]: f for f in fields(v1_package, name)}
        used = set()
        out = []
        for go_name, text, _, _, embedded, imports in fields(self.package(CORE), name):
            if embedded:
                # Inline: its fields are printed in place, read from the v1
                # object itself (`json:",inline"`) or from the v1 field.
                if go_name not in v1 or not v1[go_name][4]:
                    raise SystemExit(f"{name}: embedded {go_name} is not embedded in v1")
                used.add(go_name)
                pkg, inner = self.resolve(text.lstrip("*"), CORE, imports)
                out.append([v1[go_name][2] or ".", f"~{self.struct_index(pkg, inner)}"])
                continue
            if (name, go_name) in MOVED:
                holder, field = MOVED[(name, go_name)]
                moved = {f[0]: f for f in fields(v1_package, holder)}[field]
                source, v1_field = "^" + moved[2], moved
            elif (name, go_name) in FIRST_OF:
                keys = [v1[f][2] for f in FIRST_OF[(name, go_name)]]
                used.update(FIRST_OF[(name, go_name)])
                source, v1_field = "|".join(keys), v1[go_name]
            elif go_name in v1 and not v1[go_name][4]:
                used.add(go_name)
                source, v1_field = v1[go_name][2], v1[go_name]
            else:
                raise SystemExit(f"{name}.{go_name}: no v1 field of that name")
            ty = self.code(text, CORE, imports)
            here = self.code(text, CORE, imports, True)
            there = self.code(v1_field[1], V1, v1_field[5], True)
            # The generated conversions turn a nil v1 pointer into the zero
            # value of a non-pointer internal field (nothing to mark: an
            # absent value prints as the zero value), and a v1 value into a
            # pointer that is never nil.
            if here == "*" + there or (name, go_name) in NEVER_NIL:
                ty = ty.removeprefix("*")
            elif here != there and there != "*" + here:
                raise SystemExit(f"{name}.{go_name}: {text} here, {v1_field[1]} in v1")
            default = go_name[:1].lower() + go_name[1:]
            out.append([go_name, ty] + ([] if source == default else source.split("|")))
        left = {f for f in v1 if f not in used and (name, f) not in DROPPED}
        if left:
            raise SystemExit(f"{name}: v1 has {sorted(left)}, the internal type has not")
        return out


def printed_keys(table, entry):
    """The keys a struct prints, its inline structs' in place."""
    keys = []
    for field in entry[1:]:
        if field[1].startswith("~"):
            keys += printed_keys(table, table[int(field[1][1:])])
        else:
            keys.append(field[0])
    return keys


def main():
    if len(sys.argv) < 5:
        raise SystemExit(__doc__)
    types_go, origin, api, machinery = sys.argv[1:5]
    ref = sys.argv[5] if len(sys.argv) > 5 else "v0.36.0"
    with open(types_go) as f:
        sources = Sources(api, machinery, ref, f.read())
    generator = Generator(sources)
    generator.struct_index(CORE, "PodTemplateSpec")
    for entry in generator.table:
        keys = printed_keys(generator.table, entry)
        if len(keys) != len(set(keys)):
            # encoding/json would drop (or shadow) such fields.
            raise SystemExit(f"{entry[0]}: a key printed twice in {keys}")
    with open(CATALOGUE) as f:
        catalogue = json.load(f)
    catalogue["internalTypes"] = {
        "source": f"pkg/apis/core/types.go of {origin}; k8s.io/api and k8s.io/apimachinery "
                  f"{ref} (" + ", ".join(c[:12] for c in sources.commits) + ")",
        "types": generator.table,
    }
    with open(CATALOGUE, "w") as f:
        json.dump(catalogue, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    size = len(json.dumps(generator.table, separators=(",", ":")))
    print(f"{len(generator.table)} structs, {size} bytes -> {CATALOGUE}")


if __name__ == "__main__":
    main()
