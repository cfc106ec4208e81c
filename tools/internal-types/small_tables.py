#!/usr/bin/env python3
"""Generates the small tables of internal types: batch, flowcontrol,
apiextensions, storage and resource.

Some validation errors of the API server print a bad value that is a
struct of its INTERNAL types (k8s.io/kubernetes `pkg/apis/...`,
apiextensions-apiserver `pkg/apis/apiextensions`) with encoding/json:
fields without json tags, printed under their Go names, in declaration
order, zero values included (generate.py, next to this script, says more).
Besides the pod template (the catalogue's `internalTypes`, generate.py),
the engine prints five more families of them, from five tables in the
format described at the top of generate.py, compiled into the engine:

  BATCH_TYPES          pkg/apis/batch: PodFailurePolicy, SuccessPolicy (a
                       Job's immutable fields);
  FLOWCONTROL_TYPES    pkg/apis/flowcontrol: FlowSchemaSpec,
                       PriorityLevelConfigurationSpec;
  APIEXTENSIONS_TYPES  apiextensions-apiserver pkg/apis/apiextensions:
                       CustomResourceDefinitionVersion; the schema
                       (JSONSchemaProps) is the code `j`, printed as the v1
                       JSON it is;
  STORAGE_TYPES        pkg/apis/storage: VolumeAttachmentSpec, CSINodeDriver,
                       and the pkg/apis/core PersistentVolumeSpec they
                       reach. Its structs are named, not numbered (`@Name`,
                       `~Name`): it is appended to the catalogue's table at
                       run time, and a struct that table already has (a
                       pod volume's source, NodeSelector) is referred to by
                       name and not repeated.
  RESOURCE_TYPES       pkg/apis/resource: ResourceClaimSpec,
                       ResourceClaimTemplateSpec, AllocationResult (a
                       ResourceClaim's or a template's immutable spec, a
                       claim's immutable allocation); named like the storage
                       table, its NodeSelector and the template's inline
                       metav1.ObjectMeta are the catalogue's.

Each struct is listed from its internal declaration, each field with the
key of its v1 namesake (the generated conversions copy fields of the same
Go name): the script stops unless the internal and the v1 struct have the
same fields of the same shape (a v1 pointer to an internal value is fine:
a nil one converts to the zero value). A numbered table lists its structs
depth first from its roots (a struct before the ones it holds), as
generate.py does; the storage table lists the struct fields of an inline
(embedded) struct before what those hold (the order the table had when it
was written by hand; being named, its order does not matter).

Inputs: UPSTREAM, a directory with copies of the internal Go files (git
ignores tools/internal-types/upstream; README.md says which copies):
`batch.go`, `flowcontrol.go`, `storage.go`, `resource.go` and `core.go` (pkg/apis/core's
types.go, whole or only the declarations reached), each starting with a
line `// origin: owner/repo@commit path`, optionally followed by a note in
parentheses (`(k8s.io/kubernetes v1.36.0)`), that is written into the output;
and git directories (bare is fine) of kubernetes/api and
kubernetes/apiextensions-apiserver, read at REF (default v0.36.0) with
`git show`.

Output: crates/ssa-engine/src/builtin/validation/internal_json/tables.rs,
included by internal_json.rs.

Usage: python3 tools/internal-types/small_tables.py UPSTREAM API APIEXTENSIONS [REF]
Standard library and git only.
"""
import json
import os
import re
import sys

import generate  # tools/internal-types/generate.py, and through it tools/goencoding

goencoding = generate.goencoding

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUTPUT = os.path.join(ROOT, "crates", "ssa-engine", "src", "builtin", "validation",
                      "internal_json", "tables.rs")
CATALOGUE = generate.CATALOGUE

K8S = "k8s.io/kubernetes/pkg/apis/"
CORE = K8S + "core"
META = generate.META
APIEXT = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"

# Types with their own MarshalJSON (or a string underneath), as they print.
CUSTOM = dict(generate.CUSTOM)
CUSTOM["k8s.io/apimachinery/pkg/types.UID"] = "s"
# An opaque configuration's parameters: MarshalJSON writes the raw bytes
# (`null` when there are none), which the engine holds decoded.
CUSTOM["k8s.io/apimachinery/pkg/runtime.RawExtension"] = "r"
# The CRD schema: printed as the v1 JSON it comes from, not modelled.
CUSTOM[APIEXT + ".JSONSchemaProps"] = "j"
CUSTOM[APIEXT + "/v1.JSONSchemaProps"] = "j"

# The tables: (constant, its cfg, internal package, root structs, named,
# its doc comment).
TABLES = [
    ("BATCH_TYPES", 'feature = "rare-kinds"', K8S + "batch",
     ["PodFailurePolicy", "SuccessPolicy"], False,
     "The internal structs of `pkg/apis/batch/types.go` a Job's update\n"
     "prints (`ValidateJobSpecUpdate`: `podFailurePolicy` and\n"
     "`successPolicy` are immutable); `Type` and `Status` of a pod\n"
     "condition pattern are named strings of `pkg/apis/core`."),
    ("FLOWCONTROL_TYPES", 'feature = "rare-kinds"', K8S + "flowcontrol",
     ["FlowSchemaSpec", "PriorityLevelConfigurationSpec"], False,
     "The internal structs of `pkg/apis/flowcontrol/types.go` a FlowSchema's\n"
     "or a PriorityLevelConfiguration's errors print (a whole spec that\n"
     "differs from a mandatory object's, a distinguisher method of an\n"
     "unknown type); the int32 pointers of v1 that are values here print\n"
     "0 when unset."),
    ("APIEXTENSIONS_TYPES", 'all(feature = "rare-kinds", feature = "crd-validation")', APIEXT,
     ["CustomResourceDefinitionVersion"], False,
     "The internal structs of apiextensions-apiserver's\n"
     "`pkg/apis/apiextensions/types.go` a CRD's `spec.versions` errors print\n"
     "(`must have exactly one version marked as storage version`). The\n"
     "schema is printed as the v1 JSON (`j`): the internal `JSONSchemaProps`\n"
     "is not modelled."),
    ("STORAGE_TYPES", 'feature = "rare-kinds"', K8S + "storage",
     ["VolumeAttachmentSpec", "CSINodeDriver"], True,
     "The internal structs of `pkg/apis/storage/types.go` and the\n"
     "PersistentVolumeSpec of `pkg/apis/core/types.go` a storage kind's\n"
     "errors print (a VolumeAttachment's whole immutable spec, a CSINode's\n"
     "driver), with structs named, not numbered (`@Name`, `~Name`): a\n"
     "volume source a pod volume also has is the catalogue's struct of that\n"
     "name. The PersistentVolumeSource is embedded, its fields inline."),
    ("RESOURCE_TYPES", 'feature = "rare-kinds"', K8S + "resource",
     ["ResourceClaimSpec", "ResourceClaimTemplateSpec", "AllocationResult"], True,
     "The internal structs of `pkg/apis/resource/types.go` a ResourceClaim's\n"
     "or a ResourceClaimTemplate's immutable spec and a claim's immutable\n"
     "`status.allocation` print (`ValidateImmutableField`), named like\n"
     "`STORAGE_TYPES`: an allocation's `NodeSelector` and the template's\n"
     "`metav1.ObjectMeta` (embedded, its fields inline) are the catalogue's\n"
     "structs of those names; an opaque configuration's `Parameters` is\n"
     "raw JSON, printed as it is."),
]
FILES = {K8S + "batch": "batch.go", K8S + "flowcontrol": "flowcontrol.go",
         K8S + "storage": "storage.go", K8S + "resource": "resource.go", CORE: "core.go"}


def v1_of(path):
    """The v1 package an internal package converts to and from."""
    if path == APIEXT:
        return APIEXT + "/v1"
    return "k8s.io/api/" + path[len(K8S):] + "/v1"


class Sources(goencoding.Repos):
    """kubernetes/api and apiextensions-apiserver at one ref; the
    kubernetes/kubernetes internal packages read from files."""

    def __init__(self, upstream, api, apiextensions, ref):
        self.dirs = [api, None, apiextensions, None]
        self.ref = ref
        self.commits = {i: self.git(i, "rev-parse", ref + "^{commit}").strip() for i in (0, 2)}
        self.trees = [None] * 4
        self.packages = {}
        self.origins = {}
        for path, name in FILES.items():
            with open(os.path.join(upstream, name)) as f:
                text = f.read()
            m = re.match(r"// origin: (\S+@[0-9a-f]{40}) (\S+)( \([^()\n]+\))?\n", text)
            if not m:
                raise SystemExit(f"{name}: no `// origin: owner/repo@commit path [(note)]` first line")
            self.origins[path] = f"{m.group(2)}{m.group(3) or ''} of {m.group(1)}"
            self.packages[path] = goencoding.Package(self, path, [text])

    def files(self, import_path):
        i, _ = self.locate(import_path)
        if i is None or self.dirs[i] is None:
            return []
        return super().files(import_path)


class Table:
    def __init__(self, sources, named, known):
        self.sources = sources
        self.named = named
        self.known = known  # struct names the catalogue's table has (named tables)
        self.index = {}     # (package, name) -> position
        self.table = []
        self.held = None    # while listing an inline struct: the structs its fields hold

    def ref(self, pkg, name):
        """How a field refers to struct `name`, listing it if need be."""
        if self.named:
            self.struct_index(pkg, name)
            return name
        return str(self.struct_index(pkg, name))

    def code(self, text, path, imports, shape=False):
        """The type code of `text` written in a file of package `path`;
        with `shape`, structs are `@` alone and nothing is listed."""
        text = text.strip()
        if text.startswith("*"):
            return "*" + self.code(text[1:], path, imports, shape)
        if text.startswith("[]"):
            return "[" + self.code(text[2:], path, imports, shape)
        if text.startswith("map["):
            key, value = goencoding.split_map(text)
            if self.code(key, path, imports, shape) != "s":
                raise SystemExit(f"map with {key} keys in {path}")
            return "{" + self.code(value, path, imports, shape)
        if text in generate.PRIMITIVES:
            return generate.PRIMITIVES[text]
        pkg, name = generate.Generator.resolve(text, path, imports)
        if f"{pkg}.{name}" in CUSTOM:
            return CUSTOM[f"{pkg}.{name}"]
        if self.named and pkg in (CORE, META) and name in self.known:
            # The catalogue's struct (a pod volume's source, NodeSelector,
            # ObjectMeta): not repeated.
            return "@" if shape else "@" + name
        package = self.sources.package(pkg)
        if name in package.marshalers:
            raise SystemExit(f"{pkg}.{name} has its own MarshalJSON: add it to CUSTOM")
        if is_struct(package, name):
            return "@" if shape else "@" + self.ref(pkg, name)
        if name in package.named:
            named_imports, underlying = package.named[name]
            return self.code(underlying, pkg, named_imports, shape)
        raise SystemExit(f"type {pkg}.{name} not found")

    def struct_index(self, pkg, name):
        """The position of struct `name`, listed (depth first) if new; while
        an inline struct is being listed, only its place is taken."""
        key = (pkg, name)
        if key not in self.index:
            self.index[key] = len(self.table)
            self.table.append(None)
            if self.held is not None:
                self.held.append(key)
            else:
                self.table[self.index[key]] = [name] + self.fields(pkg, name)
        return self.index[key]

    def inline(self, pkg, name):
        """Lists inline struct `name`, then the structs its fields hold,
        then (depth first) what those hold."""
        if (pkg in (CORE, META) and name in self.known) or (pkg, name) in self.index:
            return
        self.index[(pkg, name)] = len(self.table)
        self.table.append(None)
        saved, self.held = self.held, []
        try:
            self.table[self.index[(pkg, name)]] = [name] + self.fields(pkg, name)
            held = self.held
        finally:
            self.held = saved
        for key in held:
            self.table[self.index[key]] = [key[1]] + self.fields(*key)

    def fields(self, pkg, name):
        """Struct `name` of internal package `pkg`, each field with the key
        of its v1 namesake."""
        package = self.sources.package(pkg)
        v1_package = self.sources.package(v1_of(pkg))
        if not is_struct(v1_package, name):
            raise SystemExit(f"internal {pkg}.{name} has no v1 namesake")
        internal = generate.fields(package, name) if name in package.structs else []
        v1 = {f[0]: f for f in generate.fields(v1_package, name)} \
            if name in v1_package.structs else {}
        out = []
        for go_name, text, _, _, embedded, imports in internal:
            if go_name not in v1 or v1[go_name][4] != embedded:
                raise SystemExit(f"{pkg}.{name}.{go_name}: no v1 field of that name and kind")
            v1_field = v1[go_name]
            if embedded:
                # Inline: its fields printed in place, read from the v1 field
                # or (`.`) from the v1 object itself (`json:",inline"`).
                if not self.named:
                    raise SystemExit(f"{pkg}.{name}: an inline struct in a numbered table")
                inner_pkg, inner = generate.Generator.resolve(text.lstrip("*"), pkg, imports)
                self.inline(inner_pkg, inner)
                out.append([v1_field[2] or ".", "~" + inner])
                continue
            here = self.code(text, pkg, imports, True)
            there = self.code(v1_field[1], v1_of(pkg), v1_field[5], True)
            # A nil v1 pointer converts to the zero value of a non-pointer
            # internal field: nothing to mark.
            if here != there and there != "*" + here:
                raise SystemExit(f"{pkg}.{name}.{go_name}: {text} here, {v1_field[1]} in v1")
            ty = self.code(text, pkg, imports)
            key = v1_field[2] or go_name
            default = go_name[:1].lower() + go_name[1:]
            out.append([go_name, ty] + ([] if key == default else [key]))
        left = set(v1) - {f[0] for f in internal}
        if left:
            raise SystemExit(f"{pkg}.{name}: v1 has {sorted(left)}, the internal type has not")
        return out


def is_struct(package, name):
    """Whether `name` is a struct of `package` (`struct{}` included)."""
    return name in package.structs or package.named.get(name, (None, ""))[1] == "struct{}"


def rust_table(constant, cfg, rows, doc, source):
    lines = [f"/// {line}" if line else "///" for line in doc.split("\n")]
    lines += ["///", f"/// From {source}."]
    body = ",\n".join(json.dumps(row, separators=(",", ":")) for row in rows)
    return "\n".join(lines) + f"\n#[cfg({cfg})]\nconst {constant}: &str = r#\"[\n{body}\n]\"#;\n"


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    upstream, api, apiextensions = sys.argv[1:4]
    ref = sys.argv[4] if len(sys.argv) > 4 else "v0.36.0"
    sources = Sources(upstream, api, apiextensions, ref)
    with open(CATALOGUE) as f:
        known = {entry[0] for entry in json.load(f)["internalTypes"]["types"]}
    out = ["// Generated by tools/internal-types/small_tables.py, do not edit.",
           "// Tables of internal Go structs in the format described at the top of",
           "// tools/internal-types/generate.py; k8s.io/api and apiextensions-apiserver "
           f"{ref} ({sources.commits[0][:12]}, {sources.commits[2][:12]}).",
           ""]
    for constant, cfg, pkg, roots, named, doc in TABLES:
        table = Table(sources, named, known)
        for root in roots:
            table.struct_index(pkg, root)
        if any(row is None for row in table.table):
            raise SystemExit(f"{constant}: a struct left unlisted")
        used = {pkg} | {p for p, _ in table.index}
        source = "; ".join(sources.origins.get(p, f"{p} at {ref}") for p in sorted(used))
        out.append(rust_table(constant, cfg, table.table, doc, source))
        print(f"{constant}: {len(table.table)} structs")
    with open(OUTPUT, "w") as f:
        f.write("\n".join(out))
    print(f"-> {OUTPUT}")


if __name__ == "__main__":
    main()
