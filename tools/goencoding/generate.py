#!/usr/bin/env python3
"""Generates the Go-encoding table of the built-in kinds.

The API server decodes a built-in object into the Go types of k8s.io/api
and writes it back with encoding/json. What comes out depends on each
field's Go type and json tag: a field without `omitempty` (nor `omitzero`)
is always written, with its zero value when unset; a struct is never
"empty"; types with their own MarshalJSON (metav1.Time, Quantity,
IntOrString, ...) print as that method does. This script reads those
facts from the Go sources and stores them, per definition of the
catalogue, in `crates/ssa-engine/src/builtin/catalogue.json` under the key
`goEncoding` (the web app fetches that file at run time, so the table
costs its wasm nothing).

Inputs: git directories (bare is fine) of kubernetes/api,
kubernetes/apimachinery, kubernetes/apiextensions-apiserver and
kubernetes/kube-aggregator, read at one ref (default v0.36.0, the
catalogue's release) with `git show`.

Table format: `goEncoding.types` is a list of `[definition, fields]`;
`fields` is one string, `name:omit:type` items joined by spaces, in the
struct's declaration order with inlined (embedded) structs expanded; an
item ends in `:GOTYPE`, the field's Go type as Go's reflect prints it in
a decoding error (a pointer's element type: `v1.PullPolicy`,
`[]v1.Container`, `map[string]string`), unless its code is a primitive
that names it (`s` string, `i` int64, `w` int32, `f` float64, `b` bool,
`y` []uint8) or a type with its own UnmarshalJSON, which words its
own errors.
`omit` is `e` (omitempty), `z` (omitzero), `ez` or empty. `type` is
  s string, i integer (int64, the only other width the API uses),
  w int32 (the width matters where the server converts a number into the
  struct without a range check: server-side apply), f float, b bool,
  y []byte (base64),
  t metav1.Time (zero prints null), u metav1.MicroTime (the same with
  microseconds), q resource.Quantity,
  n intstr.IntOrString, d metav1.Duration, r an opaque value whose zero
  prints null (RawExtension, FieldsV1, apiextensions JSON), the
  JSONSchemaProps unions with the index of their schema struct: A@N
  (OrArray: a schema or a list of them, zero null), O@N (OrBool: a schema
  or a bool, zero false), S@N (OrStringArray: a schema or a list of
  strings, zero null), a interface{},
  *T pointer, [T slice, {T map with string keys, @N struct N of the list.

Usage: python3 tools/goencoding/generate.py API MACHINERY APIEXTENSIONS AGGREGATOR [REF]
Standard library and git only.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CATALOGUE = os.path.join(ROOT, "crates", "ssa-engine", "src", "builtin", "catalogue.json")

# Import-path prefix -> (index of the repository argument, OpenAPI prefix).
MODULES = [
    ("k8s.io/api/", 0, "io.k8s.api."),
    ("k8s.io/apimachinery/", 1, "io.k8s.apimachinery."),
    ("k8s.io/apiextensions-apiserver/", 2, "io.k8s.apiextensions-apiserver."),
    ("k8s.io/kube-aggregator/", 3, "io.k8s.kube-aggregator."),
]

# Types with their own MarshalJSON, and how their values print. A type
# with a MarshalJSON (or MarshalText) method that is not named here stops
# the script: its printing must be looked at first. The JSONSchemaProps
# unions name the schema struct they hold (its index follows the code).
CUSTOM = {
    "k8s.io/apimachinery/pkg/apis/meta/v1.Time": "t",
    "k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime": "u",
    "k8s.io/apimachinery/pkg/apis/meta/v1.Duration": "d",
    "k8s.io/apimachinery/pkg/apis/meta/v1.FieldsV1": "r",
    "k8s.io/apimachinery/pkg/api/resource.Quantity": "q",
    "k8s.io/apimachinery/pkg/util/intstr.IntOrString": "n",
    "k8s.io/apimachinery/pkg/runtime.RawExtension": "r",
    "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSON": "r",
    "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSONSchemaPropsOrArray": ("A", "JSONSchemaProps"),
    "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSONSchemaPropsOrStringArray": ("S", "JSONSchemaProps"),
    "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSONSchemaPropsOrBool": ("O", "JSONSchemaProps"),
    "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1.JSON": "r",
    "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1.JSONSchemaPropsOrArray": ("A", "JSONSchemaProps"),
    "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1.JSONSchemaPropsOrStringArray": ("S", "JSONSchemaProps"),
    "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1.JSONSchemaPropsOrBool": ("O", "JSONSchemaProps"),
    # Marshals as "group/version"; not a field of any stored kind.
    "k8s.io/apimachinery/pkg/apis/meta/v1.GroupVersion": "s",
}
# Methods that only print a type as JSON through a value receiver of a
# type that is never a field (lists, unstructured objects).
IGNORED_MARSHALERS = {"Unstructured", "UnstructuredList", "encodable", "Unknown"}

PRIMITIVES = {
    "string": "s", "bool": "b", "byte": "i", "rune": "i",
    "int": "i", "int8": "i", "int16": "i", "int32": "w", "int64": "i",
    "uint": "i", "uint8": "i", "uint16": "i", "uint32": "i", "uint64": "i",
    "float32": "f", "float64": "f", "interface{}": "a", "any": "a",
}


class Repos:
    def __init__(self, dirs, ref):
        self.dirs = dirs
        self.ref = ref
        self.commits = [self.git(i, "rev-parse", ref).strip() for i in range(len(dirs))]
        self.trees = [None] * len(dirs)
        self.packages = {}

    def git(self, i, *args):
        return subprocess.run(["git", "--git-dir", self.dirs[i], *args], check=True,
                              capture_output=True, text=True).stdout

    def locate(self, import_path):
        for prefix, i, _ in MODULES:
            if import_path.startswith(prefix):
                return i, import_path[len(prefix):]
        return None, None

    def files(self, import_path):
        i, path = self.locate(import_path)
        if i is None:
            return []
        if self.trees[i] is None:
            self.trees[i] = self.git(i, "ls-tree", "-r", "--name-only", self.ref).split()
        return [(i, f) for f in self.trees[i]
                if os.path.dirname(f) == path and f.endswith(".go")
                and not f.endswith("_test.go") and not f.endswith(".pb.go")
                and not os.path.basename(f).startswith("zz_generated")
                and not f.endswith("swagger_doc_generated.go")]

    def package(self, import_path):
        if import_path not in self.packages:
            self.packages[import_path] = Package(self, import_path)
        return self.packages[import_path]


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out = []
    for line in text.split("\n"):
        # Back-quoted tags hold no `//`; string literals in type files are
        # rare enough that cutting at the first `//` outside back quotes is safe.
        m = re.match(r"^([^`]*?(?:`[^`]*`[^`]*?)*?)//", line)
        out.append(m.group(1) if m else line)
    return "\n".join(out)


class Package:
    """The type declarations of one Go package: its files in `repos`, or
    the Go source `texts` given (tools/internal-types reads a file)."""

    def __init__(self, repos, import_path, texts=None):
        self.path = import_path
        self.structs = {}   # name -> (imports, body text)
        self.named = {}     # name -> (imports, underlying type text)
        self.aliases = set()  # the names of `type X = Y` declarations
        self.marshalers = set()
        # (struct name, json name) -> the value of the field's `+default=`
        # marker (openapi-gen's, read for the key fields of map lists).
        self.default_markers = {}
        if texts is None:
            texts = [repos.git(i, "show", f"{repos.ref}:{f}") for i, f in repos.files(import_path)]
        for text in texts:
            self.default_markers.update(default_markers(text))
            text = strip_comments(text)
            imports = parse_imports(text)
            for m in re.finditer(r"^func \(\w*\s*\*?(\w+)\) Marshal(?:JSON|Text)\(", text, re.M):
                self.marshalers.add(m.group(1))
            for name, rest in declarations(text):
                if rest.startswith("struct"):
                    body = rest[rest.index("{") + 1:]
                    self.structs[name] = (imports, body)
                else:
                    self.named[name] = (imports, rest.lstrip("= ").strip())
                    if rest.startswith("="):
                        self.aliases.add(name)


def split_map(text):
    """The key's and the value's type texts of `map[K]V`."""
    depth, j = 0, 3
    while True:
        depth += {"[": 1, "]": -1}.get(text[j], 0)
        if depth == 0:
            break
        j += 1
    return text[4:j], text[j + 1:]


def default_markers(text):
    """`{(struct, json name): value}` of the fields of `text` whose doc
    comment has a `+default=` marker (a JSON value; `ref(...)`, a Go
    constant, is left out: no key field has one)."""
    found = {}
    struct, comment = None, []
    for line in text.split("\n"):
        m = re.match(r"^type (\w+) struct \{", line)
        if m:
            struct, comment = m.group(1), []
            continue
        if struct is None:
            continue
        if line == "}":
            struct = None
        elif line.strip().startswith("//"):
            comment.append(line.strip())
        else:
            tag = re.search(r'json:"([^",]*)', line)
            marker = [c for c in comment if c.startswith("// +default=")]
            if tag and tag.group(1) and marker:
                value = marker[-1][len("// +default="):]
                if not value.startswith("ref("):
                    found[(struct, tag.group(1))] = json.loads(value)
            comment = []
    return found


def parse_imports(text):
    imports = {}
    blocks = re.findall(r"^import \((.*?)^\)", text, re.S | re.M)
    singles = re.findall(r"^import (.*)$", text, re.M)
    for line in "\n".join(blocks).split("\n") + singles:
        m = re.match(r'\s*(\w+)?\s*"([^"]+)"', line)
        if m:
            alias = m.group(1) or m.group(2).rsplit("/", 1)[-1]
            imports[alias] = m.group(2)
    return imports


def declarations(text):
    """(name, rest) of every top-level `type` declaration, single or grouped;
    a struct's rest runs to its closing brace."""
    out = []
    i = 0
    pattern = re.compile(r"^type (\(|\w+)", re.M)
    while True:
        m = pattern.search(text, i)
        if not m:
            return out
        if m.group(1) == "(":
            end = text.index("\n)", m.end())
            for line in text[m.end():end].split("\n"):
                d = re.match(r"\s*(\w+)\s+(.*\S)", line)
                if d and "struct" not in d.group(2):
                    out.append((d.group(1), d.group(2)))
            i = end
            continue
        name = m.group(1)
        start = m.end()
        rest_line = text[start:text.index("\n", start)].strip()
        if re.match(r"(\[[^\]]*\]\s*)?struct\s*\{", rest_line) and not rest_line.endswith("}"):
            rest_line = re.sub(r"^\[[^\]]*\]\s*", "", rest_line)
            depth, j = 0, text.index("{", start)
            while True:
                if text[j] == "{":
                    depth += 1
                elif text[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            out.append((name, "struct {" + text[text.index("{", start) + 1:j]))
            i = j
        else:
            out.append((name, rest_line))
            i = start


def field_lines(body, where):
    """The field declarations of a struct body: `([name, type] or [type]
    when embedded, json tag or None)` each."""
    for line in body.split("\n"):
        line = line.strip()
        if not line or line == "}":
            continue
        tag = re.search(r"`([^`]*)`", line)
        decl = line[:tag.start()].strip() if tag else line
        json_tag = None
        if tag:
            j = re.search(r'json:"([^"]*)"', tag.group(1))
            json_tag = j.group(1) if j else None
        if "struct {" in decl or "struct{" in decl:
            raise SystemExit(f"anonymous struct in {where}")
        yield decl.split(None, 1), json_tag


class Generator:
    def __init__(self, repos, definitions):
        self.repos = repos
        self.definitions = definitions
        self.index = {}   # (import path, name) -> position
        self.table = []   # [definition, fields or None while being built]
        self.markers = {}  # (import path, struct) -> {json name: +default= value}

    def definition_name(self, import_path, name):
        for prefix, _, openapi in MODULES:
            if import_path.startswith(prefix):
                return openapi + import_path[len(prefix):].replace("/", ".") + "." + name
        raise SystemExit(f"no definition prefix for {import_path}")

    def import_path(self, definition):
        for prefix, _, openapi in MODULES:
            if definition.startswith(openapi):
                pkg, name = definition[len(openapi):].rsplit(".", 1)
                return prefix + pkg.replace(".", "/"), name
        return None, None

    def custom(self, import_path, name):
        key = f"{import_path}.{name}"
        if key in CUSTOM:
            code = CUSTOM[key]
            if isinstance(code, tuple):
                code, schema = code
                return f"{code}@{self.struct_index(import_path, schema)}"
            return code
        if name in self.repos.package(import_path).marshalers and name not in IGNORED_MARSHALERS:
            raise SystemExit(f"{key} has its own MarshalJSON: add it to CUSTOM")
        return None

    def type_code(self, text, pkg, imports):
        """The code of a Go type written `text` in package `pkg`."""
        text = text.strip()
        if text.startswith("*"):
            return "*" + self.type_code(text[1:], pkg, imports)
        if text == "[]byte":
            return "y"
        if text.startswith("[]"):
            return "[" + self.type_code(text[2:], pkg, imports)
        if text.startswith("map["):
            key_text, value_text = split_map(text)
            key = self.type_code(key_text, pkg, imports)
            if key != "s":
                raise SystemExit(f"map with {key_text} keys in {pkg}")
            return "{" + self.type_code(value_text, pkg, imports)
        if text in PRIMITIVES:
            return PRIMITIVES[text]
        if "." in text:
            alias, name = text.split(".", 1)
            if alias not in imports:
                raise SystemExit(f"unknown import {alias} in {pkg}")
            return self.named_code(imports[alias], name)
        return self.named_code(pkg, text)

    def named_code(self, import_path, name):
        custom = self.custom(import_path, name)
        if custom:
            return custom
        package = self.repos.package(import_path)
        if name in package.structs:
            return "@" + str(self.struct_index(import_path, name))
        if name in package.named:
            imports, underlying = package.named[name]
            return self.type_code(underlying, import_path, imports)
        if import_path == "k8s.io/apimachinery/pkg/types" or import_path.endswith("/runtime"):
            # types.UID, types.NodeName, ...: strings.
            if name in ("UID", "NodeName", "NamespacedName"):
                return "s"
        raise SystemExit(f"type {import_path}.{name} not found")

    def reflect_string(self, text, pkg, imports):
        """A Go type written `text` in package `pkg` as reflect's
        `Type.String` prints it: named types as `package.Name` (the
        package's last path segment), aliases as what they name."""
        text = text.strip()
        if text.startswith("*"):
            return "*" + self.reflect_string(text[1:], pkg, imports)
        if text.startswith("[]"):
            return "[]" + self.reflect_string(text[2:], pkg, imports)
        if text.startswith("map["):
            key_text, value_text = split_map(text)
            return ("map[" + self.reflect_string(key_text, pkg, imports) + "]"
                    + self.reflect_string(value_text, pkg, imports))
        if text in ("byte", "uint8"):
            return "uint8"
        if text in ("interface{}", "any"):
            return "interface {}"
        if text in PRIMITIVES:
            return text
        if "." in text:
            alias, name = text.split(".", 1)
            pkg = imports[alias]
        else:
            name = text
        package = self.repos.package(pkg)
        if name in package.aliases:
            imports2, underlying = package.named[name]
            return self.reflect_string(underlying, pkg, imports2)
        return pkg.rsplit("/", 1)[-1] + "." + name

    def implied_string(self, code):
        """The Go type the engine assumes for a type code (the rule the
        table's `:GOTYPE` suffix departs from)."""
        simple = {"s": "string", "i": "int64", "w": "int32", "f": "float64", "b": "bool",
                  "y": "[]uint8", "a": "interface {}"}
        if code[:1] in simple and len(code) == 1:
            return simple[code]
        if code.startswith("*"):
            return "*" + self.implied_string(code[1:])
        if code.startswith("["):
            return "[]" + self.implied_string(code[1:])
        if code.startswith("{"):
            return "map[string]" + self.implied_string(code[1:])
        if code.startswith("@"):
            definition = self.table[int(code[1:])][0]
            package, name = definition.rsplit(".", 1)
            return package.rsplit(".", 1)[-1] + "." + name
        # The types with their own UnmarshalJSON: always named in full.
        return "?"

    def struct_index(self, import_path, name):
        key = (import_path, name)
        if key not in self.index:
            self.index[key] = len(self.table)
            self.table.append([self.definition_name(import_path, name), None])
            self.table[self.index[key]][1] = " ".join(self.fields(import_path, name))
        return self.index[key]

    def resolve_struct(self, import_path, name):
        """The package and name of the struct `name` is (following `type X = Y`
        and `type X Y` declarations)."""
        for _ in range(10):
            package = self.repos.package(import_path)
            if name in package.structs:
                return import_path, name
            if name not in package.named:
                break
            imports, underlying = package.named[name]
            if "." in underlying:
                alias, name = underlying.split(".", 1)
                import_path = imports[alias]
            else:
                name = underlying
        raise SystemExit(f"struct {import_path}.{name} not found")

    def fields(self, import_path, name):
        import_path, name = self.resolve_struct(import_path, name)
        package = self.repos.package(import_path)
        imports, body = package.structs[name]
        out = []
        # json name -> `+default=` value, embedded structs' fields included.
        marks = self.markers.setdefault((import_path, name), {})
        for parts, json_tag in field_lines(body, f"{import_path}.{name}"):
            embedded = len(parts) == 1
            if json_tag == "-" or (not embedded and not parts[0][0].isupper()):
                continue
            options = (json_tag or "").split(",")
            json_name = options[0]
            omit = ("e" if "omitempty" in options[1:] else "") + \
                ("z" if "omitzero" in options[1:] else "")
            if embedded and not json_name:
                # Inlined: the embedded struct's fields, in place.
                type_text = parts[0].lstrip("*")
                if "." in type_text:
                    alias, inner = type_text.split(".", 1)
                    inner_path = imports[alias]
                else:
                    inner_path, inner = import_path, type_text
                out.extend(self.fields(inner_path, inner))
                marks.update(self.markers[self.resolve_struct(inner_path, inner)])
                continue
            if embedded:
                # An embedded struct with a json name is an ordinary field.
                parts = [parts[0].rsplit(".", 1)[-1].lstrip("*"), parts[0]]
            if "," in parts[0]:
                raise SystemExit(f"several names in one field of {import_path}.{name}")
            if not json_name:
                json_name = parts[0]
            code = self.type_code(parts[1], import_path, imports)
            go_type = self.reflect_string(parts[1].lstrip("*"), import_path, imports)
            implied = self.implied_string(code.lstrip("*"))
            # A type with its own UnmarshalJSON words its own errors; the
            # engine knows only the primitive types' names.
            if implied != "?" and (go_type != implied or code.lstrip("*")[:1] in "[{@"):
                if " " in go_type:
                    raise SystemExit(f"{import_path}.{name}.{json_name}: type {go_type} has a space")
                code += ":" + go_type
            out.append(f"{json_name}:{omit}:{code}")
            if (name, json_name) in package.default_markers:
                marks[json_name] = package.default_markers[(name, json_name)]
        return out

    def run(self, catalogue):
        checked = 0
        for definition, schema in sorted(catalogue["definitions"].items()):
            import_path, name = self.import_path(definition)
            if import_path is None:
                continue
            package = self.repos.package(import_path)
            if name not in package.structs or self.custom(import_path, name):
                continue
            position = self.struct_index(import_path, name)
            # The Go fields and the catalogue's properties must agree: a
            # name one has and the other lacks is a parse error here.
            go = {f.split(":")[0] for f in self.table[position][1].split()}
            schema_names = set((schema.get("properties") or {}).keys())
            if go != schema_names and schema_names:
                raise SystemExit(f"{definition}: Go has {sorted(go - schema_names)}, "
                                 f"the catalogue {sorted(schema_names - go)}")
            checked += 1
        return checked


# The zero values openapi-gen's `mustEnforceDefault` gives a field of a
# built-in type (string, integers, floats, bool), by the table's codes.
ZERO_VALUES = {"s": "", "i": 0, "w": 0, "f": 0, "b": False}


def key_defaults(generator, definitions):
    """Writes the `default` of every key field of a map list, as the API
    server's schema has it: kube-openapi's openapi-gen gives a field its
    `+default=` marker's value, else, when the field is encoded without
    `omitempty` and is not a pointer, its type's zero value
    (pkg/generators/openapi.go, `generateDefault` and
    `mustEnforceDefault`); structured-merge-diff reads it for an item that
    lacks the key field, and an item's key without it leaves the field
    out (typed/helpers.go). The published OpenAPI that the catalogue is
    made from drops these defaults. Returns the number of key fields."""
    count = 0
    for schema in definitions.values():
        for prop in (schema.get("properties") or {}).values():
            keys = prop.get("x-kubernetes-list-map-keys")
            if not keys and "x-kubernetes-list-type" not in prop \
                    and "merge" in prop.get("x-kubernetes-patch-strategy", "") \
                    and "x-kubernetes-patch-merge-key" in prop:
                # No list type: schemaconv keys the list by its merge key.
                keys = [prop["x-kubernetes-patch-merge-key"]]
            item = (prop.get("items") or {}).get("$ref", "").rsplit("/", 1)[-1]
            import_path, name = generator.import_path(item)
            if not keys or import_path is None:
                continue
            fields = dict(f.split(":", 1) for f in generator.fields(import_path, name))
            marks = generator.markers[generator.resolve_struct(import_path, name)]
            item_props = definitions[item]["properties"]
            for key in keys:
                # `omit:code`, or `omit:code:GOTYPE`.
                omit, code = fields[key].split(":")[:2]
                default = marks.get(key)
                if default is None and "e" not in omit:
                    default = ZERO_VALUES.get(code)
                item_props[key].pop("default", None)
                if default is not None:
                    item_props[key]["default"] = default
                count += 1
    return count


def main():
    if len(sys.argv) < 5:
        raise SystemExit(__doc__)
    ref = sys.argv[5] if len(sys.argv) > 5 else "v0.36.0"
    repos = Repos(sys.argv[1:5], ref)
    with open(CATALOGUE) as f:
        catalogue = json.load(f)
    generator = Generator(repos, catalogue["definitions"])
    checked = generator.run(catalogue)
    keys = key_defaults(generator, catalogue["definitions"])
    names = ["kubernetes/api", "kubernetes/apimachinery",
             "kubernetes/apiextensions-apiserver", "kubernetes/kube-aggregator"]
    catalogue["goEncoding"] = {
        "source": f"Go types of {ref}: " + ", ".join(
            f"{n}@{c[:12]}" for n, c in zip(names, repos.commits)),
        "types": generator.table,
    }
    with open(CATALOGUE, "w") as f:
        json.dump(catalogue, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    print(f"{len(generator.table)} Go structs ({checked} definitions checked "
          f"against the catalogue), the defaults of {keys} map-list key fields -> {CATALOGUE}")


if __name__ == "__main__":
    main()
