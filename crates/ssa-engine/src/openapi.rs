//! OpenAPI schemas as merge semantics: an OpenAPI v3 document (as served at
//! `/openapi/v3/apis/GROUP/VERSION`) or a Swagger 2.0 document
//! (`schema: {openapi: ...}`), and the JSON-schema converter that CRDs
//! share (`crate::crd`).
//!
//! The conversion follows the API server's OpenAPI-to-SMD converter:
//! `x-kubernetes-list-type` (`atomic`, `set`, `map` with
//! `x-kubernetes-list-map-keys`); without a list type, a list whose
//! `x-kubernetes-patch-strategy` merges is a map list keyed by
//! `x-kubernetes-patch-merge-key` (a set without a key) in OpenAPI
//! documents and atomic in CRDs; `x-kubernetes-map-type`;
//! `x-kubernetes-int-or-string` is an untyped scalar;
//! `x-kubernetes-preserve-unknown-fields` makes unknown fields deduced.

use crate::schema::{
    Atom, ElementRelationship, ListType, MapType, ObjectSchema, ScalarKind, Schema, StructField,
    Subresources, TypeId,
};
use crate::smd::SchemaError;
use crate::value::{Map, Value, ValuePath};
use std::collections::HashMap;
use std::sync::Arc;

/// Which converter rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Lists without a list type follow their patch strategy.
    OpenApi,
    /// Lists without a list type are atomic.
    Crd,
}

fn err(path: &ValuePath, message: impl Into<String>) -> SchemaError {
    SchemaError {
        path: path.clone(),
        message: message.into(),
    }
}

/// Converts JSON-schema nodes into one [`Schema`].
pub(crate) struct Converter<'d> {
    pub(crate) schema: Schema,
    dialect: Dialect,
    /// Named definitions (`components.schemas` or `definitions`) and where
    /// they sit in the document.
    definitions: Option<(&'d Map, ValuePath)>,
    named: HashMap<String, TypeId>,
}

impl<'d> Converter<'d> {
    pub(crate) fn new(dialect: Dialect, definitions: Option<(&'d Map, ValuePath)>) -> Self {
        Converter {
            schema: Schema::new(),
            dialect,
            definitions,
            named: HashMap::new(),
        }
    }

    /// The type of one schema node at `path`.
    pub(crate) fn node(&mut self, v: &'d Value, path: &ValuePath) -> Result<TypeId, SchemaError> {
        let Value::Map(m) = v else {
            return Err(err(path, "expected a schema object"));
        };
        if let Some(r) = m.get("$ref") {
            return self.reference(r, &path.key("$ref"));
        }
        if let Some(Value::List(all)) = m.get("allOf")
            && let [single] = all.as_slice()
            && single.get("$ref").is_some()
            && !m.contains_key("properties")
        {
            return self.node(single, &path.key("allOf").index(0));
        }
        let flag = |k: &str| m.get(k).and_then(Value::as_bool).unwrap_or(false);
        if flag("x-kubernetes-int-or-string")
            || m.get("format").and_then(Value::as_str) == Some("int-or-string")
        {
            return Ok(self.schema.push(Atom {
                scalar: Some(ScalarKind::Untyped),
                ..Atom::default()
            }));
        }
        let preserve = flag("x-kubernetes-preserve-unknown-fields");
        let embedded = flag("x-kubernetes-embedded-resource");
        let ty = m.get("type").and_then(Value::as_str);
        if ty.is_none() && self.dialect == Dialect::Crd && !preserve {
            return Err(err(
                path,
                "non-structural schema: `type` is required (or x-kubernetes-preserve-unknown-fields / x-kubernetes-int-or-string)",
            ));
        }
        match ty {
            Some("string") => Ok(self.scalar(ScalarKind::String)),
            Some("integer" | "number") => Ok(self.scalar(ScalarKind::Numeric)),
            Some("boolean") => Ok(self.scalar(ScalarKind::Boolean)),
            Some("array") => self.list(m, path),
            Some("object") | None
                if m.contains_key("properties")
                    || m.contains_key("additionalProperties")
                    || embedded =>
            {
                self.object(m, path, preserve, embedded)
            }
            None | Some("object") if preserve => Ok(self.schema.untyped_deduced()),
            // An OpenAPI object that declares nothing (FieldsV1, RawExtension)
            // holds anything.
            Some("object") if self.dialect == Dialect::OpenApi => Ok(self.schema.untyped_deduced()),
            Some("object") => self.object(m, path, preserve, embedded),
            // An OpenAPI node without a `type` accepts anything.
            None => Ok(self.schema.untyped_deduced()),
            Some(other) => Err(err(
                &path.key("type"),
                format!("unsupported type {other:?}"),
            )),
        }
    }

    fn scalar(&mut self, kind: ScalarKind) -> TypeId {
        self.schema.push(Atom {
            scalar: Some(kind),
            ..Atom::default()
        })
    }

    /// The type of the definition called `name`.
    pub(crate) fn reference_named(&mut self, name: &str) -> Result<TypeId, SchemaError> {
        self.reference(&Value::from(format!("#/{name}")), &ValuePath::root())
    }

    fn reference(&mut self, r: &Value, path: &ValuePath) -> Result<TypeId, SchemaError> {
        let Some(r) = r.as_str() else {
            return Err(err(path, "a $ref is a string"));
        };
        let name = r.rsplit('/').next().unwrap_or(r).to_string();
        if let Some(id) = self.named.get(&name) {
            return Ok(*id);
        }
        let Some((defs, defs_path)) = self.definitions.clone() else {
            return Err(err(path, format!("{r}: references are not resolved here")));
        };
        let Some(target) = defs.get(&name) else {
            return Err(err(path, format!("no definition named {name:?}")));
        };
        let id = self.schema.push(Atom::default());
        self.named.insert(name.clone(), id);
        self.schema.name(name.clone(), id);
        let converted = self.node(target, &defs_path.key(name))?;
        let atom = self.schema.atom(converted).clone();
        self.schema.set(id, atom);
        Ok(id)
    }

    fn list(&mut self, m: &'d Map, path: &ValuePath) -> Result<TypeId, SchemaError> {
        let items = m
            .get("items")
            .ok_or_else(|| err(path, "an array needs `items`"))?;
        let element_type = self.node(items, &path.key("items"))?;
        let text = |k: &str| m.get(k).and_then(Value::as_str);
        let (relationship, keys) = match text("x-kubernetes-list-type") {
            Some("atomic") => (ElementRelationship::Atomic, vec![]),
            Some("set") => (ElementRelationship::Associative, vec![]),
            Some("map") => {
                let keys: Vec<String> = m
                    .get("x-kubernetes-list-map-keys")
                    .and_then(Value::as_list)
                    .map(|l| {
                        l.iter()
                            .filter_map(|k| k.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default();
                if keys.is_empty() {
                    return Err(err(
                        &path.key("x-kubernetes-list-map-keys"),
                        "a map list needs x-kubernetes-list-map-keys",
                    ));
                }
                (ElementRelationship::Associative, keys)
            }
            Some(other) => {
                return Err(err(
                    &path.key("x-kubernetes-list-type"),
                    format!("unknown list type {other:?}"),
                ));
            }
            None => {
                let merges = text("x-kubernetes-patch-strategy")
                    .is_some_and(|s| s.split(',').any(|p| p == "merge"));
                match (self.dialect, merges, text("x-kubernetes-patch-merge-key")) {
                    (Dialect::OpenApi, true, Some(key)) => {
                        (ElementRelationship::Associative, vec![key.to_string()])
                    }
                    (Dialect::OpenApi, true, None) => (ElementRelationship::Associative, vec![]),
                    _ => (ElementRelationship::Atomic, vec![]),
                }
            }
        };
        Ok(self.schema.push(Atom {
            list: Some(ListType {
                element_type,
                relationship,
                keys,
            }),
            ..Atom::default()
        }))
    }

    fn object(
        &mut self,
        m: &'d Map,
        path: &ValuePath,
        preserve: bool,
        embedded: bool,
    ) -> Result<TypeId, SchemaError> {
        let mut map = MapType::default();
        if embedded {
            // An embedded object is a Kubernetes object of its own.
            let string = self.scalar(ScalarKind::String);
            map.push_field(StructField::new("apiVersion", string));
            map.push_field(StructField::new("kind", string));
            let meta = self.object_meta();
            map.push_field(StructField::new("metadata", meta));
        }
        if let Some(Value::Map(props)) = m.get("properties") {
            for (name, prop) in props {
                let ppath = path.key("properties").key(name.clone());
                let ty = self.node(prop, &ppath)?;
                let text = |k: &str| prop.get(k).and_then(Value::as_str).map(str::to_string);
                let field = StructField {
                    default: prop.get("default").cloned(),
                    patch_strategy: text("x-kubernetes-patch-strategy"),
                    patch_merge_key: text("x-kubernetes-patch-merge-key"),
                    ..StructField::new(name.clone(), ty)
                };
                if map.field(name).is_some() {
                    continue;
                }
                map.push_field(field);
            }
        }
        match m.get("additionalProperties") {
            Some(v @ Value::Map(_)) => {
                map.element_type = Some(self.node(v, &path.key("additionalProperties"))?)
            }
            Some(Value::Bool(true)) => map.element_type = Some(self.schema.untyped_deduced()),
            _ => {}
        }
        if preserve && map.element_type.is_none() {
            map.element_type = Some(self.schema.untyped_deduced());
        }
        map.relationship = match m.get("x-kubernetes-map-type").and_then(Value::as_str) {
            Some("atomic") => ElementRelationship::Atomic,
            _ => ElementRelationship::Separable,
        };
        Ok(self.schema.push(Atom {
            map: Some(map),
            ..Atom::default()
        }))
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

const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

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
    let root_type = converter.reference(&Value::from(format!("#/{name}")), &root)?;
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
mod tests {
    use super::*;

    fn doc(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    const DOC: &str = r#"
components:
  schemas:
    T:
      type: object
      x-kubernetes-group-version-kind: [{group: g.io, version: v1, kind: T}]
      properties:
        merged: {type: array, x-kubernetes-patch-strategy: merge, x-kubernetes-patch-merge-key: name, items: {$ref: '#/components/schemas/Item'}}
        set: {type: array, x-kubernetes-patch-strategy: merge, items: {type: string}}
        plain: {type: array, items: {type: string}}
        typed: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [a, b], items: {type: object, properties: {a: {type: string}, b: {type: integer, default: 0}}}}
        atomicMap: {type: object, x-kubernetes-map-type: atomic, additionalProperties: {type: string}}
        port: {x-kubernetes-int-or-string: true}
        self: {$ref: '#/components/schemas/T'}
    Item:
      type: object
      properties: {name: {type: string}}
"#;

    #[test]
    fn openapi_conversion_rules() {
        let s = load(&doc(DOC), "g.io/v1", "T").unwrap();
        let root = s.schema.atom(s.root).map.clone().unwrap();
        let list = |n: &str| {
            s.schema
                .atom(root.field(n).unwrap().ty)
                .list
                .clone()
                .unwrap()
        };
        assert_eq!(
            (list("merged").relationship, list("merged").keys.clone()),
            (ElementRelationship::Associative, vec!["name".to_string()])
        );
        assert_eq!(
            (list("set").relationship, list("set").keys.len()),
            (ElementRelationship::Associative, 0)
        );
        assert_eq!(list("plain").relationship, ElementRelationship::Atomic);
        assert_eq!(list("typed").keys, vec!["a", "b"]);
        let item = s
            .schema
            .atom(list("typed").element_type)
            .map
            .clone()
            .unwrap();
        assert_eq!(item.field("b").unwrap().default, Some(Value::Int(0)));
        let atomic = s
            .schema
            .atom(root.field("atomicMap").unwrap().ty)
            .map
            .clone()
            .unwrap();
        assert_eq!(atomic.relationship, ElementRelationship::Atomic);
        assert_eq!(
            s.schema.atom(root.field("port").unwrap().ty).scalar,
            Some(ScalarKind::Untyped)
        );
        assert_eq!(
            root.field("self").unwrap().ty,
            s.root,
            "recursive references resolve"
        );
        assert_eq!(
            root.field("merged").unwrap().patch_merge_key.as_deref(),
            Some("name")
        );
    }

    #[test]
    fn missing_kind_is_located() {
        let e = load(&doc(DOC), "g.io/v1", "Other").unwrap_err();
        assert_eq!(e.path.to_string(), ".components.schemas");
        let bad = doc(
            "definitions:\n  T:\n    x-kubernetes-group-version-kind: [{group: '', version: v1, kind: T}]\n    type: object\n    properties: {a: {$ref: '#/definitions/Nope'}}\n",
        );
        let e = load(&bad, "v1", "T").unwrap_err();
        assert_eq!(e.path.to_string(), ".definitions.T.properties.a.$ref");
    }
}
