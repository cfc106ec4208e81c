//! OpenAPI schemas as merge semantics: an OpenAPI v3 document (as served at
//! `/openapi/v3/apis/GROUP/VERSION`) or a Swagger 2.0 document
//! (`schema: {openapi: ...}`), and the JSON-schema converter that CRDs
//! (`crate::crd`) and the built-in catalogue (`crate::builtin`) share.
//!
//! The conversion follows the API server's OpenAPI-to-SMD converter
//! (kube-openapi `pkg/schemaconv`, `ToSchemaFromOpenAPI`):
//! - `$ref` (or an `allOf` holding a single `$ref`) names a type; an
//!   `x-kubernetes-map-type` beside it overrides that type's relationship;
//! - `type: object` is a map: `properties` are its fields (their `default`
//!   kept), `additionalProperties` its element type; with neither, or under
//!   `x-kubernetes-preserve-unknown-fields` (which holds for the node and
//!   every node inlined below it), unknown fields are deduced;
//!   `x-kubernetes-map-type: atomic|granular`;
//! - `type: array` is a list: `x-kubernetes-list-type` `atomic`, `set`, or
//!   `map` keyed by `x-kubernetes-list-map-keys`; without a list type, an
//!   `x-kubernetes-patch-strategy` of `merge` makes a map list keyed by
//!   `x-kubernetes-patch-merge-key` (a set without a key) in OpenAPI
//!   documents; everything else (and every such list in a CRD) is atomic;
//! - strings with a `format` other than `byte` (`int-or-string`,
//!   `date-time`, ...) are untyped scalars;
//! - a node without `type` accepts anything: an untyped scalar, a list and
//!   a map at once;
//! - `Quantity` is an untyped scalar and `RawExtension` atomic.

use crate::schema::{
    Atom, ElementRelationship, ListType, MapType, ObjectSchema, ScalarKind, Schema, StructField,
    Subresources, TypeId,
};
use crate::smd::{SchemaError, with_relationship};
use crate::value::go_quote;
use crate::value::{Map, Value, ValuePath};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// Which converter rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// An OpenAPI document: lists without a list type follow their patch
    /// strategy.
    OpenApi,
    /// A CRD's `openAPIV3Schema`: structural (every node has a `type`
    /// unless it preserves unknown fields or is an int-or-string), lists
    /// without a list type are atomic, `x-kubernetes-embedded-resource`
    /// objects get apiVersion, kind and ObjectMeta.
    Crd,
}

fn err(path: &ValuePath, message: impl Into<String>) -> SchemaError {
    SchemaError {
        path: path.clone(),
        message: message.into(),
    }
}

/// Named types the API server's converter hard-codes.
const QUANTITY: &str = "io.k8s.apimachinery.pkg.api.resource.Quantity";
const RAW_EXTENSION: &str = "io.k8s.apimachinery.pkg.runtime.RawExtension";

const MAP_TYPE: &str = "x-kubernetes-map-type";
const PRESERVE_UNKNOWN: &str = "x-kubernetes-preserve-unknown-fields";

/// Converts JSON-schema nodes into one [`Schema`]. References (`$ref`)
/// resolve against `definitions`; each named definition is converted once,
/// on first use, so recursive types work.
pub(crate) struct Converter<'d> {
    pub(crate) schema: Schema,
    dialect: Dialect,
    /// Named definitions (`components.schemas` or `definitions`) and where
    /// they sit in the document.
    definitions: Option<(&'d Map, ValuePath)>,
    named: HashMap<String, TypeId>,
    /// References with an `x-kubernetes-map-type` whose named type was still
    /// being converted: (the reference's id, the named type, the
    /// relationship, where the extension is).
    overrides: Vec<(TypeId, TypeId, ElementRelationship, ValuePath)>,
    /// The named types being converted, innermost last (an override of one
    /// of them waits until the outermost is done).
    in_progress: Vec<TypeId>,
}

impl<'d> Converter<'d> {
    pub(crate) fn new(dialect: Dialect, definitions: Option<(&'d Map, ValuePath)>) -> Self {
        Converter {
            schema: Schema::new(),
            dialect,
            definitions,
            named: HashMap::new(),
            overrides: Vec::new(),
            in_progress: Vec::new(),
        }
    }

    /// The type of one node; `preserve`: an enclosing node preserves
    /// unknown fields (upstream passes this down to inlined nodes only,
    /// never through a `$ref`).
    fn convert(
        &mut self,
        v: &'d Value,
        path: &ValuePath,
        preserve: bool,
    ) -> Result<TypeId, SchemaError> {
        let Value::Map(m) = v else {
            return Err(err(path, "expected a schema object"));
        };
        if let Some((r, rpath)) = single_ref(m, path) {
            let id = self.reference(r, &rpath)?;
            return self.map_type_override(m, id, path);
        }
        let preserve = preserve || flag(m, PRESERVE_UNKNOWN);
        // `x-kubernetes-int-or-string` changes nothing here: such a node
        // has no `type`, and a node without one is anything (schemaconv's
        // `parseSchema`), a list or a map as well as a scalar. A CRD's own
        // validation refuses what is neither an integer nor a string, after
        // the field manager (tools/openapi-diff).
        let ty = match m.get("type") {
            None => None,
            Some(Value::String(t)) => Some(t.as_str()),
            Some(_) => return Err(err(&path.key("type"), "a type is a string")),
        };
        match ty {
            None => self.anything(m, path, preserve),
            Some("object") => {
                let map = self.map(m, path, preserve)?;
                Ok(self.schema.push(Atom {
                    map: Some(map),
                    ..Atom::default()
                }))
            }
            Some("array") => {
                let list = self.list(m, path, preserve, true)?;
                Ok(self.schema.push(Atom {
                    list: Some(list),
                    ..Atom::default()
                }))
            }
            Some("integer" | "number") => Ok(self.scalar(ScalarKind::Numeric)),
            Some("boolean") => Ok(self.scalar(ScalarKind::Boolean)),
            Some("string") => Ok(self.scalar(string_kind(m))),
            Some(other) => Err(err(
                &path.key("type"),
                format!("unrecognized type {other}", other = go_quote(other)),
            )),
        }
    }

    /// A node without `type`: any scalar, a list or a map (upstream's
    /// reading of the OpenAPI rule that no type accepts anything). CRD
    /// schemas must be structural: only nodes that preserve unknown fields
    /// or are an int-or-string may leave the type out.
    fn anything(
        &mut self,
        m: &'d Map,
        path: &ValuePath,
        preserve: bool,
    ) -> Result<TypeId, SchemaError> {
        if self.dialect == Dialect::Crd
            && !flag(m, PRESERVE_UNKNOWN)
            && !flag(m, "x-kubernetes-int-or-string")
        {
            return Err(err(
                &path.key("type"),
                "non-structural schema: `type` is required (unless x-kubernetes-preserve-unknown-fields or x-kubernetes-int-or-string is true)",
            ));
        }
        let shapes = [
            "properties",
            "additionalProperties",
            "items",
            "x-kubernetes-list-type",
            "x-kubernetes-patch-strategy",
            MAP_TYPE,
            "x-kubernetes-embedded-resource",
        ];
        if !shapes.iter().any(|k| m.contains_key(k)) {
            // Exactly the deduced type: share its id.
            return Ok(self.schema.untyped_deduced());
        }
        let list = self.list(m, path, preserve, false)?;
        let map = self.map(m, path, preserve)?;
        Ok(self.schema.push(Atom {
            scalar: Some(ScalarKind::Untyped),
            list: Some(list),
            map: Some(map),
        }))
    }

    fn scalar(&mut self, kind: ScalarKind) -> TypeId {
        self.schema.push(Atom {
            scalar: Some(kind),
            ..Atom::default()
        })
    }

    /// The type of the definition called `name`.
    pub(crate) fn reference_named(&mut self, name: &str) -> Result<TypeId, SchemaError> {
        self.named_type(name.to_string(), &ValuePath::root())
    }

    /// The named type a `$ref` points to: its last path segment names a
    /// definition.
    fn reference(&mut self, r: &str, path: &ValuePath) -> Result<TypeId, SchemaError> {
        let name = r.rsplit('/').next().unwrap_or(r);
        self.named_type(name.to_string(), path)
    }

    /// The type of the definition `name`, converted on first use; `path`
    /// is where it is referred to.
    fn named_type(&mut self, name: String, path: &ValuePath) -> Result<TypeId, SchemaError> {
        if let Some(id) = self.named.get(&name) {
            return Ok(*id);
        }
        match name.as_str() {
            QUANTITY => {
                let id = self.scalar(ScalarKind::Untyped);
                return Ok(self.remember(name, id));
            }
            RAW_EXTENSION => {
                let id = self.schema.untyped_atomic();
                return Ok(self.remember(name, id));
            }
            _ => {}
        }
        let Some((defs, defs_path)) = self.definitions.clone() else {
            return Err(err(
                path,
                format!("{name}: references are not resolved here"),
            ));
        };
        let Some(target) = defs.get(&name) else {
            return Err(err(
                path,
                format!("no definition named {name}", name = go_quote(&name)),
            ));
        };
        // Reserve the id first so that references back to this type (direct
        // or through others) resolve while it is being converted.
        let id = self.schema.push(Atom::default());
        self.remember(name.clone(), id);
        self.schema.name(name.clone(), id);
        self.in_progress.push(id);
        let converted = self.convert(target, &defs_path.key(name), false);
        self.in_progress.pop();
        let atom = self.schema.atom(converted?).clone();
        self.schema.set(id, atom);
        if self.in_progress.is_empty() {
            self.fill_overrides()?;
        }
        Ok(id)
    }

    fn remember(&mut self, name: String, id: TypeId) -> TypeId {
        self.named.insert(name, id);
        id
    }

    /// A reference that carries `x-kubernetes-map-type` stands for the named
    /// type with that relationship (SMD's `TypeRef.ElementRelationship`).
    fn map_type_override(
        &mut self,
        m: &Map,
        id: TypeId,
        path: &ValuePath,
    ) -> Result<TypeId, SchemaError> {
        let Some(rel) = map_type(m, path)? else {
            return Ok(id);
        };
        let at = path.key(MAP_TYPE);
        if self.in_progress.contains(&id) {
            // A recursive reference: the named type is not complete yet.
            let placeholder = self.schema.push(Atom::default());
            self.overrides.push((placeholder, id, rel, at));
            return Ok(placeholder);
        }
        let atom = overridden(self.schema.atom(id).clone(), rel, &at)?;
        Ok(self.schema.push(atom))
    }

    /// Fills the overriding references, now that their named types are
    /// complete.
    fn fill_overrides(&mut self) -> Result<(), SchemaError> {
        for (placeholder, target, rel, path) in std::mem::take(&mut self.overrides) {
            let atom = overridden(self.schema.atom(target).clone(), rel, &path)?;
            self.schema.set(placeholder, atom);
        }
        Ok(())
    }

    /// The list described by `items` and the list extensions. `typed`: the
    /// node says `type: array`, so `items` is required.
    fn list(
        &mut self,
        m: &'d Map,
        path: &ValuePath,
        preserve: bool,
        typed: bool,
    ) -> Result<ListType, SchemaError> {
        let element_type = match m.get("items") {
            Some(items @ Value::Map(_)) => self.convert(items, &path.key("items"), preserve)?,
            Some(_) => {
                return Err(err(
                    &path.key("items"),
                    "structural schema arrays must have exactly one member subtype",
                ));
            }
            None if typed => return Err(err(path, "`items` must be specified on arrays")),
            // A list that says nothing of its items holds anything, whole.
            None => self.schema.untyped_atomic(),
        };
        let (relationship, keys) = self.list_relationship(m, path)?;
        Ok(ListType {
            element_type,
            relationship,
            keys,
        })
    }

    /// The relationship and keys of a list (upstream
    /// `getListElementRelationship`).
    fn list_relationship(
        &self,
        m: &Map,
        path: &ValuePath,
    ) -> Result<(ElementRelationship, Vec<String>), SchemaError> {
        if let Some(list_type) = m.get("x-kubernetes-list-type") {
            let at = path.key("x-kubernetes-list-type");
            return match list_type.as_str() {
                Some("atomic") => Ok((ElementRelationship::Atomic, vec![])),
                Some("set") => Ok((ElementRelationship::Associative, vec![])),
                Some("map") => Ok((ElementRelationship::Associative, map_keys(m, path)?)),
                _ => Err(err(
                    &at,
                    format!(
                        "unknown list type {} (atomic, set or map)",
                        describe(list_type)
                    ),
                )),
            };
        }
        if self.dialect == Dialect::Crd {
            // CRD schemas cannot carry patch strategies: the API server's
            // CRD schema type has no such field.
            return Ok((ElementRelationship::Atomic, vec![]));
        }
        let Some(strategy) = m.get("x-kubernetes-patch-strategy") else {
            return Ok((ElementRelationship::Atomic, vec![]));
        };
        match strategy.as_str() {
            Some("merge" | "merge,retainKeys") => match m.get("x-kubernetes-patch-merge-key") {
                None => Ok((ElementRelationship::Associative, vec![])),
                Some(Value::String(key)) => {
                    Ok((ElementRelationship::Associative, vec![key.clone()]))
                }
                Some(other) => Err(err(
                    &path.key("x-kubernetes-patch-merge-key"),
                    format!("uninterpreted merge key {}", describe(other)),
                )),
            },
            Some("retainKeys") => Ok((ElementRelationship::Atomic, vec![])),
            _ => Err(err(
                &path.key("x-kubernetes-patch-strategy"),
                format!("unknown patch strategy {}", describe(strategy)),
            )),
        }
    }

    /// The map described by `properties`, `additionalProperties` and the
    /// map extensions (upstream `parseObject`).
    fn map(
        &mut self,
        m: &'d Map,
        path: &ValuePath,
        preserve: bool,
    ) -> Result<MapType, SchemaError> {
        let embedded = self.dialect == Dialect::Crd && flag(m, "x-kubernetes-embedded-resource");
        self.object(m, path, preserve, embedded)
    }

    /// The root of a custom resource (a CRD's `openAPIV3Schema`): an object
    /// whose apiVersion, kind and metadata the API server types itself.
    /// `preserve`: the CRD preserves unknown fields everywhere (the legacy
    /// `spec.preserveUnknownFields`).
    pub(crate) fn resource_root(
        &mut self,
        v: &'d Value,
        path: &ValuePath,
        preserve: bool,
    ) -> Result<TypeId, SchemaError> {
        let Value::Map(m) = v else {
            return Err(err(path, "expected a schema object"));
        };
        if m.get("type").and_then(Value::as_str) != Some("object") {
            return Err(err(
                &path.key("type"),
                "the root of a CRD schema must be `type: object`",
            ));
        }
        let preserve = preserve || flag(m, PRESERVE_UNKNOWN);
        let map = self.object(m, path, preserve, true)?;
        let id = self.schema.push(Atom {
            map: Some(map),
            ..Atom::default()
        });
        self.fill_overrides()?;
        Ok(id)
    }

    /// A map; `resource`: the object is a Kubernetes object (the resource
    /// root or an embedded resource), whose apiVersion, kind and metadata
    /// replace whatever the schema declares for them.
    fn object(
        &mut self,
        m: &'d Map,
        path: &ValuePath,
        preserve: bool,
        resource: bool,
    ) -> Result<MapType, SchemaError> {
        let mut map = MapType::default();
        let embedded = resource;
        match m.get("properties") {
            None => {}
            Some(Value::Map(props)) => {
                for (name, prop) in props {
                    if embedded && is_type_or_object_meta(name) {
                        // Replaced below, as the CRD builder replaces them.
                        continue;
                    }
                    let ty =
                        self.convert(prop, &path.key("properties").key(name.clone()), preserve)?;
                    map.push_field(struct_field(name, ty, prop));
                }
            }
            Some(_) => return Err(err(&path.key("properties"), "expected a map of schemas")),
        }
        if embedded {
            self.add_type_and_object_meta(&mut map);
        }
        map.element_type = match m.get("additionalProperties") {
            // An object without properties is free-form; one with properties
            // takes no others unless unknown fields are preserved.
            None => (preserve || map.fields.is_empty()).then(|| self.schema.untyped_deduced()),
            Some(v @ Value::Map(_)) => {
                Some(self.convert(v, &path.key("additionalProperties"), preserve)?)
            }
            Some(Value::Bool(true)) => Some(self.schema.untyped_deduced()),
            Some(Value::Bool(false)) => None,
            Some(_) => {
                return Err(err(
                    &path.key("additionalProperties"),
                    "expected a schema or a boolean",
                ));
            }
        };
        map.relationship = map_type(m, path)?.unwrap_or(ElementRelationship::Separable);
        Ok(map)
    }

    /// apiVersion and kind (strings) and metadata (ObjectMeta), as the API
    /// server gives them to a resource and to an embedded resource.
    pub(crate) fn add_type_and_object_meta(&mut self, map: &mut MapType) {
        let string = self.scalar(ScalarKind::String);
        let meta = self.object_meta();
        for (name, ty) in [("apiVersion", string), ("kind", string), ("metadata", meta)] {
            match map.field_index.get(name) {
                Some(&i) => {
                    if let Some(field) = map.fields.get_mut(i) {
                        *field = StructField::new(name, ty);
                    }
                }
                None => map.push_field(StructField::new(name, ty)),
            }
        }
    }

    /// ObjectMeta as the API server types it, whatever a CRD declares.
    pub(crate) fn object_meta(&mut self) -> TypeId {
        if let Some(id) = self.named.get(OBJECT_META) {
            return *id;
        }
        let id = crate::builtin::add_object_meta(&mut self.schema);
        self.named.insert(OBJECT_META.to_string(), id);
        id
    }
}

/// `atom` with the relationship an `x-kubernetes-map-type` at `path` gives.
fn overridden(atom: Atom, rel: ElementRelationship, path: &ValuePath) -> Result<Atom, SchemaError> {
    with_relationship(atom, rel).ok_or_else(|| {
        err(
            path,
            "x-kubernetes-map-type refers to a type that is not a map or list",
        )
    })
}

fn is_type_or_object_meta(name: &str) -> bool {
    matches!(name, "apiVersion" | "kind" | "metadata")
}

/// A property as a struct field: its default and its strategic-merge-patch
/// facts come along.
fn struct_field(name: &str, ty: TypeId, prop: &Value) -> StructField {
    let text = |k: &str| prop.get(k).and_then(Value::as_str).map(str::to_string);
    StructField {
        default: prop.get("default").cloned(),
        patch_strategy: text("x-kubernetes-patch-strategy"),
        patch_merge_key: text("x-kubernetes-patch-merge-key"),
        ..StructField::new(name, ty)
    }
}

/// The `$ref` a node stands for: its own, or the one inside an `allOf` of
/// exactly one schema (how generated OpenAPI v3 attaches a description or
/// a default to a reference). Other keys beside it do not change the type.
fn single_ref<'v>(m: &'v Map, path: &ValuePath) -> Option<(&'v str, ValuePath)> {
    if let Some(Value::String(r)) = m.get("$ref")
        && !r.is_empty()
    {
        return Some((r, path.key("$ref")));
    }
    if let Some(Value::List(all)) = m.get("allOf")
        && let [single] = all.as_slice()
        && let Some(Value::String(r)) = single.get("$ref")
        && !r.is_empty()
    {
        return Some((r, path.key("allOf").index(0).key("$ref")));
    }
    None
}

fn flag(m: &Map, key: &str) -> bool {
    m.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// A string's scalar kind: plain strings and `byte` (base64) are strings;
/// every other format (`int-or-string`, `date-time`, `quantity`, ...) is
/// untyped, as upstream's `convertPrimitive` has it.
fn string_kind(m: &Map) -> ScalarKind {
    match m.get("format").and_then(Value::as_str) {
        None | Some("" | "byte") => ScalarKind::String,
        Some(_) => ScalarKind::Untyped,
    }
}

/// `x-kubernetes-map-type`: `atomic`, `granular` or absent.
fn map_type(m: &Map, path: &ValuePath) -> Result<Option<ElementRelationship>, SchemaError> {
    match m.get(MAP_TYPE) {
        None => Ok(None),
        Some(v) => match v.as_str() {
            Some("atomic") => Ok(Some(ElementRelationship::Atomic)),
            Some("granular") => Ok(Some(ElementRelationship::Separable)),
            _ => Err(err(
                &path.key(MAP_TYPE),
                format!("unknown map type {} (atomic or granular)", describe(v)),
            )),
        },
    }
}

/// `x-kubernetes-list-map-keys` of a map list: a non-empty list of names.
fn map_keys(m: &Map, path: &ValuePath) -> Result<Vec<String>, SchemaError> {
    let at = path.key("x-kubernetes-list-map-keys");
    let Some(keys) = m.get("x-kubernetes-list-map-keys") else {
        return Err(err(
            &at,
            "missing map keys: x-kubernetes-list-type: map needs x-kubernetes-list-map-keys",
        ));
    };
    let Some(items) = keys.as_list() else {
        return Err(err(
            &at,
            format!("uninterpreted map keys {}", describe(keys)),
        ));
    };
    let names: Vec<String> = items
        .iter()
        .enumerate()
        .map(|(i, k)| {
            k.as_str()
                .map(str::to_string)
                .ok_or_else(|| err(&at.index(i), "a map key is a field name"))
        })
        .collect::<Result<_, _>>()?;
    if names.is_empty() {
        return Err(err(&at, "a map list needs at least one key"));
    }
    Ok(names)
}

/// A value as JSON, for messages.
fn describe(v: &Value) -> String {
    v.to_json()
}

const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// Converts every named definition of an OpenAPI document (a
/// `definitions` or `components.schemas` map) into one schema, and returns
/// it with each definition's type by name (sorted by name).
pub fn convert_definitions(
    defs: &Value,
) -> Result<(Schema, BTreeMap<String, TypeId>), SchemaError> {
    let Value::Map(map) = defs else {
        return Err(err(&ValuePath::root(), "expected a map of named schemas"));
    };
    let mut converter = Converter::new(Dialect::OpenApi, Some((map, ValuePath::root())));
    let mut ids = BTreeMap::new();
    for name in map.keys() {
        ids.insert(name.clone(), converter.reference_named(name)?);
    }
    Ok((converter.schema, ids))
}

/// The schema of the type whose `x-kubernetes-group-version-kind` names
/// the object's apiVersion and kind.
pub fn load(doc: &Value, api_version: &str, kind: &str) -> Result<ObjectSchema, SchemaError> {
    let root = ValuePath::root();
    let (defs, defs_path) = if let Some(Value::Map(d)) = doc.get_path(&["components", "schemas"]) {
        (d, root.key("components").key("schemas"))
    } else if let Some(Value::Map(d)) = doc.get("definitions") {
        (d, root.key("definitions"))
    } else {
        return Err(err(
            &root,
            "expected an OpenAPI v3 document (components.schemas) or a Swagger 2.0 document (definitions)",
        ));
    };
    let (group, version) = match api_version.split_once('/') {
        Some((g, v)) => (g, v),
        None => ("", api_version),
    };
    let matches = |gvk: &Value| {
        gvk.get("group").and_then(Value::as_str).unwrap_or("") == group
            && gvk.get("version").and_then(Value::as_str) == Some(version)
            && gvk.get("kind").and_then(Value::as_str) == Some(kind)
    };
    let name = defs
        .iter()
        .find(|(_, d)| {
            d.get("x-kubernetes-group-version-kind")
                .and_then(Value::as_list)
                .is_some_and(|l| l.iter().any(matches))
        })
        .map(|(n, _)| n.clone())
        .ok_or_else(|| {
            err(
                &defs_path,
                format!("no type has x-kubernetes-group-version-kind {api_version} {kind}"),
            )
        })?;
    let mut converter = Converter::new(Dialect::OpenApi, Some((defs, defs_path)));
    let root_type = converter.reference_named(&name)?;
    Ok(ObjectSchema {
        schema: Arc::new(converter.schema),
        root: root_type,
        subresources: Subresources::default(),
        defaulter: None,
        validator: None,
        omit_empty: false,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
pub(crate) mod tests {
    use super::*;

    fn doc(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    /// A short description of a type, to compare in tables: each of its
    /// shapes (`scalar:Kind`, `list:Relationship[keys]<element>`,
    /// `map:Relationship{fields}<element>`) joined by ` | `; the built-in
    /// untyped types by name.
    pub(crate) fn shape(schema: &Schema, id: TypeId) -> String {
        if id == schema.untyped_deduced() {
            return "deduced".into();
        }
        if id == schema.untyped_atomic() {
            return "untyped_atomic".into();
        }
        let atom = schema.atom(id);
        let mut parts = Vec::new();
        if let Some(k) = atom.scalar {
            parts.push(format!("scalar:{k:?}"));
        }
        if let Some(l) = &atom.list {
            parts.push(format!(
                "list:{:?}{:?}<{}>",
                l.relationship,
                l.keys,
                short(schema, l.element_type)
            ));
        }
        if let Some(m) = &atom.map {
            let fields: Vec<&str> = m.fields.iter().map(|f| f.name.as_str()).collect();
            let element = m.element_type.map_or("-".to_string(), |e| short(schema, e));
            parts.push(format!(
                "map:{:?}{{{}}}<{element}>",
                m.relationship,
                fields.join(",")
            ));
        }
        parts.join(" | ")
    }

    /// An element type: the untyped types by name, a scalar by kind, else
    /// just list or map.
    fn short(schema: &Schema, id: TypeId) -> String {
        if id == schema.untyped_deduced() || id == schema.untyped_atomic() {
            return shape(schema, id);
        }
        let atom = schema.atom(id);
        match (&atom.scalar, &atom.list, &atom.map) {
            (Some(k), None, None) => format!("{k:?}"),
            (None, Some(_), None) => "list".into(),
            (None, None, Some(_)) => "map".into(),
            _ => "mixed".into(),
        }
    }

    /// A Swagger 2.0 document whose kind `g.io/v1 T` has one property `f`
    /// described by `prop` (inline YAML), beside a few named types.
    fn with_property(prop: &str) -> Value {
        doc(&format!(
            r#"
definitions:
  T:
    type: object
    x-kubernetes-group-version-kind: [{{group: g.io, version: v1, kind: T}}]
    properties:
      f: {prop}
  Item: {{type: object, properties: {{name: {{type: string}}, port: {{type: integer, default: 80}}}}}}
  M: {{type: object, additionalProperties: {{type: string}}}}
  L: {{type: array, items: {{type: string}}, x-kubernetes-list-type: set}}
  S: {{type: string}}
  MA: {{$ref: '#/definitions/M', x-kubernetes-map-type: atomic}}
  io.k8s.apimachinery.pkg.api.resource.Quantity: {{type: string, format: quantity}}
  io.k8s.apimachinery.pkg.runtime.RawExtension: {{type: object}}
"#
        ))
    }

    fn property_shape(prop: &str) -> Result<String, SchemaError> {
        let s = load(&with_property(prop), "g.io/v1", "T")?;
        let root = s.schema.atom(s.root).map.clone().unwrap();
        Ok(shape(&s.schema, root.field("f").unwrap().ty))
    }

    /// Each conversion rule of upstream `ToSchemaFromOpenAPI`, one row per
    /// rule: a property's schema and the type it becomes.
    #[test]
    fn conversion_rules() {
        let cases = [
            // Scalars; strings with a format other than byte are untyped.
            ("{type: string}", "scalar:String"),
            ("{type: string, format: byte}", "scalar:String"),
            ("{type: string, format: date-time}", "scalar:Untyped"),
            ("{type: string, format: int-or-string}", "scalar:Untyped"),
            ("{type: integer, format: int32}", "scalar:Numeric"),
            ("{type: number}", "scalar:Numeric"),
            ("{type: boolean}", "scalar:Boolean"),
            // No type: anything, as any other node without one.
            ("{x-kubernetes-int-or-string: true}", "deduced"),
            // Lists: list types first, then patch strategies, else atomic.
            (
                "{type: array, items: {type: string}}",
                "list:Atomic[]<String>",
            ),
            (
                "{type: array, items: {type: string}, x-kubernetes-list-type: atomic}",
                "list:Atomic[]<String>",
            ),
            (
                "{type: array, items: {type: string}, x-kubernetes-list-type: set}",
                "list:Associative[]<String>",
            ),
            (
                "{type: array, items: {$ref: '#/definitions/Item'}, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name, port]}",
                "list:Associative[\"name\", \"port\"]<map>",
            ),
            (
                "{type: array, items: {$ref: '#/definitions/Item'}, x-kubernetes-patch-strategy: merge, x-kubernetes-patch-merge-key: name}",
                "list:Associative[\"name\"]<map>",
            ),
            (
                "{type: array, items: {$ref: '#/definitions/Item'}, x-kubernetes-patch-strategy: 'merge,retainKeys', x-kubernetes-patch-merge-key: name}",
                "list:Associative[\"name\"]<map>",
            ),
            (
                "{type: array, items: {type: string}, x-kubernetes-patch-strategy: merge}",
                "list:Associative[]<String>",
            ),
            (
                "{type: array, items: {type: string}, x-kubernetes-patch-strategy: retainKeys}",
                "list:Atomic[]<String>",
            ),
            (
                "{type: array, items: {type: string}, x-kubernetes-list-type: atomic, x-kubernetes-patch-strategy: merge}",
                "list:Atomic[]<String>",
            ),
            // Maps: properties are fields; unknown fields need
            // additionalProperties, preserve-unknown-fields or no properties.
            ("{type: object}", "map:Separable{}<deduced>"),
            (
                "{type: object, properties: {a: {type: string}}}",
                "map:Separable{a}<->",
            ),
            (
                "{type: object, properties: {a: {type: string}}, x-kubernetes-preserve-unknown-fields: true}",
                "map:Separable{a}<deduced>",
            ),
            (
                "{type: object, additionalProperties: {type: integer}}",
                "map:Separable{}<Numeric>",
            ),
            (
                "{type: object, additionalProperties: true}",
                "map:Separable{}<deduced>",
            ),
            (
                "{type: object, additionalProperties: false}",
                "map:Separable{}<->",
            ),
            (
                "{type: object, additionalProperties: {type: string}, x-kubernetes-map-type: atomic}",
                "map:Atomic{}<String>",
            ),
            (
                "{type: object, properties: {a: {type: string}}, x-kubernetes-map-type: granular}",
                "map:Separable{a}<->",
            ),
            // No type: anything.
            ("{}", "deduced"),
            ("{description: free}", "deduced"),
            (
                "{items: {type: string}}",
                "scalar:Untyped | list:Atomic[]<String> | map:Separable{}<deduced>",
            ),
            (
                "{properties: {a: {type: string}}}",
                "scalar:Untyped | list:Atomic[]<untyped_atomic> | map:Separable{a}<->",
            ),
            // References, an allOf of one reference, map-type overrides.
            ("{$ref: '#/definitions/S'}", "scalar:String"),
            (
                "{allOf: [{$ref: '#/definitions/M'}], description: wrapped, default: {}}",
                "map:Separable{}<String>",
            ),
            (
                "{$ref: '#/definitions/M', x-kubernetes-map-type: atomic}",
                "map:Atomic{}<String>",
            ),
            (
                "{allOf: [{$ref: '#/definitions/M'}], x-kubernetes-map-type: atomic}",
                "map:Atomic{}<String>",
            ),
            (
                "{$ref: '#/definitions/L', x-kubernetes-map-type: atomic}",
                "list:Atomic[]<String>",
            ),
            ("{$ref: '#/definitions/MA'}", "map:Atomic{}<String>"),
            // Types the converter hard-codes.
            (
                "{$ref: '#/definitions/io.k8s.apimachinery.pkg.api.resource.Quantity'}",
                "scalar:Untyped",
            ),
            (
                "{$ref: '#/definitions/io.k8s.apimachinery.pkg.runtime.RawExtension'}",
                "untyped_atomic",
            ),
        ];
        for (prop, expected) in cases {
            assert_eq!(property_shape(prop).unwrap(), expected, "{prop}");
        }
    }

    /// `x-kubernetes-preserve-unknown-fields` holds for the node and every
    /// node inlined below it, but not for named types it refers to.
    #[test]
    fn preserve_unknown_fields_reaches_inlined_nodes_only() {
        let s = load(
            &with_property(
                "{type: object, x-kubernetes-preserve-unknown-fields: true, properties: {inner: {type: object, properties: {a: {type: string}}}, items: {type: array, items: {type: object, properties: {b: {type: string}}}}, named: {$ref: '#/definitions/Item'}}}",
            ),
            "g.io/v1",
            "T",
        )
        .unwrap();
        let schema = &s.schema;
        let root = schema.atom(s.root).map.clone().unwrap();
        let f = schema
            .atom(root.field("f").unwrap().ty)
            .map
            .clone()
            .unwrap();
        let field = |name: &str| f.field(name).unwrap().ty;
        assert_eq!(shape(schema, field("inner")), "map:Separable{a}<deduced>");
        let items = schema.atom(field("items")).list.clone().unwrap();
        assert_eq!(
            shape(schema, items.element_type),
            "map:Separable{b}<deduced>"
        );
        assert_eq!(
            shape(schema, field("named")),
            "map:Separable{name,port}<->",
            "a named type is converted on its own"
        );
    }

    /// Field facts: every property's default, and the patch strategy and
    /// merge key kubectl reads.
    #[test]
    fn fields_keep_defaults_and_patch_facts() {
        let s = load(
            &with_property(
                "{type: array, items: {$ref: '#/definitions/Item'}, x-kubernetes-patch-strategy: merge, x-kubernetes-patch-merge-key: name}",
            ),
            "g.io/v1",
            "T",
        )
        .unwrap();
        let root = s.schema.atom(s.root).map.clone().unwrap();
        let f = root.field("f").unwrap();
        assert_eq!(f.patch_strategy.as_deref(), Some("merge"));
        assert_eq!(f.patch_merge_key.as_deref(), Some("name"));
        let list = s.schema.atom(f.ty).list.clone().unwrap();
        let item = s.schema.atom(list.element_type).map.clone().unwrap();
        assert_eq!(item.field("port").unwrap().default, Some(Value::Int(80)));
        assert_eq!(item.field("name").unwrap().default, None);
    }

    #[test]
    fn recursive_references_resolve() {
        let s = load(
            &with_property("{$ref: '#/definitions/T', x-kubernetes-map-type: atomic}"),
            "g.io/v1",
            "T",
        )
        .unwrap();
        let root = s.schema.atom(s.root).map.clone().unwrap();
        let f = s
            .schema
            .atom(root.field("f").unwrap().ty)
            .map
            .clone()
            .unwrap();
        assert_eq!(f.relationship, ElementRelationship::Atomic);
        assert_eq!(f.field("f").unwrap().ty, root.field("f").unwrap().ty);
        assert_eq!(root.relationship, ElementRelationship::Separable);
    }

    #[test]
    fn openapi_v3_documents_and_kind_selection() {
        let v3 = doc(r#"
components:
  schemas:
    a.v1.Widget:
      type: object
      x-kubernetes-group-version-kind: [{group: a.io, version: v1, kind: Widget}]
      properties:
        spec: {allOf: [{$ref: '#/components/schemas/a.v1.Spec'}], default: {}}
    a.v2.Widget:
      type: object
      x-kubernetes-group-version-kind: [{group: a.io, version: v2, kind: Widget}]
      properties: {other: {type: string}}
    a.v1.Spec:
      type: object
      properties: {ports: {type: array, items: {type: integer}, x-kubernetes-list-type: set}}
"#);
        let s = load(&v3, "a.io/v1", "Widget").unwrap();
        assert_eq!(shape(&s.schema, s.root), "map:Separable{spec}<->");
        let s = load(&v3, "a.io/v2", "Widget").unwrap();
        assert_eq!(shape(&s.schema, s.root), "map:Separable{other}<->");
        let core = doc(
            "definitions:\n  Pod:\n    type: object\n    x-kubernetes-group-version-kind: [{group: '', version: v1, kind: Pod}]\n",
        );
        assert!(load(&core, "v1", "Pod").is_ok());
    }

    /// Errors name the place in the document.
    #[test]
    fn errors_are_located() {
        let f = ".definitions.T.properties.f";
        let cases = [
            (
                "{type: array, items: {type: string}, x-kubernetes-list-type: bag}",
                format!("{f}.x-kubernetes-list-type"),
            ),
            (
                "{type: array, items: {type: string}, x-kubernetes-list-type: map}",
                format!("{f}.x-kubernetes-list-map-keys"),
            ),
            (
                "{type: array, items: {type: string}, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [1]}",
                format!("{f}.x-kubernetes-list-map-keys[0]"),
            ),
            (
                "{type: object, x-kubernetes-map-type: sometimes}",
                format!("{f}.x-kubernetes-map-type"),
            ),
            (
                "{type: array, items: {type: string}, x-kubernetes-patch-strategy: replace}",
                format!("{f}.x-kubernetes-patch-strategy"),
            ),
            ("{type: array}", f.to_string()),
            ("{type: date}", format!("{f}.type")),
            ("{$ref: '#/definitions/Nope'}", format!("{f}.$ref")),
            (
                "{allOf: [{$ref: '#/definitions/Nope'}]}",
                format!("{f}.allOf[0].$ref"),
            ),
            (
                "{$ref: '#/definitions/S', x-kubernetes-map-type: atomic}",
                format!("{f}.x-kubernetes-map-type"),
            ),
            (
                "{type: object, properties: {a: {type: object, additionalProperties: 3}}}",
                format!("{f}.properties.a.additionalProperties"),
            ),
        ];
        for (prop, path) in cases {
            let e = property_shape(prop).unwrap_err();
            assert_eq!(e.path.to_string(), path, "{prop}: {e}");
        }
        let e = load(&with_property("{type: string}"), "g.io/v1", "Other").unwrap_err();
        assert_eq!(e.path.to_string(), ".definitions");
        let e = load(&doc("paths: {}"), "v1", "T").unwrap_err();
        assert_eq!(e.path.to_string(), ".");
    }

    #[test]
    fn convert_definitions_names_every_type() {
        let defs = doc(
            "B: {type: object, properties: {a: {$ref: '#/definitions/A'}}}\nA: {type: array, items: {type: string}, x-kubernetes-list-type: set}\n",
        );
        let (schema, ids) = convert_definitions(&defs).unwrap();
        assert_eq!(ids.keys().collect::<Vec<_>>(), ["A", "B"]);
        assert_eq!(shape(&schema, ids["A"]), "list:Associative[]<String>");
        assert_eq!(schema.lookup("B"), Some(ids["B"]));
        let b = schema.atom(ids["B"]).map.clone().unwrap();
        assert_eq!(b.field("a").unwrap().ty, ids["A"]);
        let e = convert_definitions(&doc("A: {type: bogus}")).unwrap_err();
        assert_eq!(e.to_string(), ".A.type: unrecognized type \"bogus\"");
    }
}
