//! CustomResourceDefinitions as schemas (`schema: {crd: ...}`): the
//! `openAPIV3Schema` of the served version that matches the object's
//! apiVersion, converted as the API server converts it for server-side
//! apply (lists without a list type are atomic; apiVersion, kind and
//! `metadata` are the API server's own, whatever the CRD says; embedded
//! resources get them too), the version's status and scale subresources,
//! and what the server does to every custom resource it decodes: prune
//! unknown fields, drop nulls the schema does not allow, fill in the
//! structural defaults (see [`CustomResourceCoercion`]).

use crate::openapi::{Converter, Dialect};
use crate::schema::{Defaulter, ObjectSchema, Subresources};
use crate::smd::SchemaError;
use crate::value::{Map, Value, ValuePath};
use std::sync::Arc;

fn err(path: &ValuePath, message: impl Into<String>) -> SchemaError {
    SchemaError {
        path: path.clone(),
        message: message.into(),
    }
}

/// The schema of the CRD's served version matching `api_version`.
pub fn load(crd: &Value, api_version: &str, kind: &str) -> Result<ObjectSchema, SchemaError> {
    let root = ValuePath::root();
    let spec_path = root.key("spec");
    let spec = crd
        .get("spec")
        .ok_or_else(|| err(&root, "a CustomResourceDefinition needs a `spec`"))?;
    let group = spec.get("group").and_then(Value::as_str).unwrap_or("");
    let crd_kind = spec
        .get_path(&["names", "kind"])
        .and_then(Value::as_str)
        .unwrap_or("");
    let (want_group, want_version) = api_version.split_once('/').unwrap_or(("", api_version));
    if !api_version.is_empty()
        && (want_group != group || (!kind.is_empty() && !crd_kind.is_empty() && kind != crd_kind))
    {
        return Err(err(
            &spec_path.key("group"),
            format!("this CRD defines {group} {crd_kind}, not {api_version} {kind}"),
        ));
    }
    let versions = spec
        .get("versions")
        .and_then(Value::as_list)
        .ok_or_else(|| err(&spec_path, "`spec.versions` is missing"))?;
    let (index, version) = versions
        .iter()
        .enumerate()
        .find(|(_, v)| {
            v.get("name").and_then(Value::as_str) == Some(want_version)
                && v.get("served").and_then(Value::as_bool).unwrap_or(true)
        })
        .ok_or_else(|| {
            err(
                &spec_path.key("versions"),
                format!("no served version {want_version:?} in this CRD"),
            )
        })?;
    let version_path = spec_path.key("versions").index(index);
    let (node, node_path) = match version.get_path(&["schema", "openAPIV3Schema"]) {
        Some(n) => (n, version_path.key("schema").key("openAPIV3Schema")),
        None => match spec.get_path(&["validation", "openAPIV3Schema"]) {
            Some(n) => (n, spec_path.key("validation").key("openAPIV3Schema")),
            None => {
                return Err(err(
                    &version_path,
                    "no schema.openAPIV3Schema for this version",
                ));
            }
        },
    };
    // The legacy (v1beta1) switch that keeps unknown fields everywhere.
    let preserve_all = spec
        .get("preserveUnknownFields")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let mut converter = Converter::new(Dialect::Crd, None);
    let root_type = converter.resource_root(node, &node_path, preserve_all)?;
    let subresources = subresources(
        version
            .get("subresources")
            .or_else(|| spec.get("subresources")),
    );
    let coercion = CustomResourceCoercion {
        schema: Structural::from_schema(node),
        prune: !preserve_all,
    };
    Ok(ObjectSchema {
        schema: Arc::new(converter.schema),
        root: root_type,
        subresources,
        defaulter: Some(Arc::new(coercion) as Arc<dyn Defaulter>),
        validator: None,
        omit_empty: false,
    })
}

/// `subresources.status` and `subresources.scale.specReplicasPath`
/// (`.spec.replicas` becomes `["spec", "replicas"]`).
fn subresources(v: Option<&Value>) -> Subresources {
    Subresources {
        status: v
            .and_then(|s| s.get("status"))
            .is_some_and(|s| !s.is_null()),
        scale_replicas_path: v
            .and_then(|s| s.get_path(&["scale", "specReplicasPath"]))
            .and_then(Value::as_str)
            .map(|p| {
                p.trim_start_matches('.')
                    .split('.')
                    .map(str::to_string)
                    .collect()
            }),
    }
}

/// What the API server does to a custom resource every time it decodes
/// one (a request body, the stored object) — the CRD's codec, in order:
/// 1. prune the fields the structural schema does not declare
///    (apiextensions `pruning.Prune`; apiVersion, kind and metadata of the
///    object and of embedded resources are kept; below
///    `x-kubernetes-preserve-unknown-fields` unknown fields stay, declared
///    ones are still pruned by their own schema);
/// 2. drop a null where the schema neither allows null (`nullable`) nor has
///    a default (`PruneNonNullableNullsWithoutDefaults`);
/// 3. fill in the defaults of absent fields, and of nulls where null is not
///    allowed, inside the objects that are there (structural defaulting).
///
/// The field manager sees an apply before this happens, so a field the
/// server prunes can still be listed in managedFields, as upstream.
#[derive(Debug)]
pub struct CustomResourceCoercion {
    schema: Structural,
    /// `false` when the CRD keeps unknown fields everywhere
    /// (`spec.preserveUnknownFields`).
    prune: bool,
}

impl Defaulter for CustomResourceCoercion {
    fn apply_defaults(&self, object: &mut Value) {
        if self.prune {
            // The object's own apiVersion, kind and metadata are the
            // server's, like an embedded resource's.
            prune(object, Some(&self.schema), true);
            prune_disallowed_nulls(object, Some(&self.schema));
        }
        apply_defaults(object, &self.schema);
    }
}

/// The parts of a structural schema that pruning and defaulting read.
#[derive(Clone, Debug, Default, PartialEq)]
struct Structural {
    nullable: bool,
    default: Option<Value>,
    preserve_unknown: bool,
    embedded_resource: bool,
    properties: Vec<(String, Structural)>,
    /// `additionalProperties` (a schema; `true` reads as a node that keeps
    /// everything).
    additional: Option<Box<Structural>>,
    items: Option<Box<Structural>>,
}

impl Structural {
    fn from_schema(v: &Value) -> Structural {
        let flag = |k: &str| v.get(k).and_then(Value::as_bool).unwrap_or(false);
        let mut node = Structural {
            nullable: flag("nullable"),
            default: v.get("default").cloned(),
            preserve_unknown: flag("x-kubernetes-preserve-unknown-fields"),
            embedded_resource: flag("x-kubernetes-embedded-resource"),
            ..Structural::default()
        };
        if let Some(Value::Map(props)) = v.get("properties") {
            node.properties = props
                .iter()
                .map(|(k, p)| (k.clone(), Structural::from_schema(p)))
                .collect();
        }
        node.additional = match v.get("additionalProperties") {
            Some(a @ Value::Map(_)) => Some(Box::new(Structural::from_schema(a))),
            Some(Value::Bool(true)) => Some(Box::new(Structural {
                preserve_unknown: true,
                ..Structural::default()
            })),
            _ => None,
        };
        if let Some(items @ Value::Map(_)) = v.get("items") {
            node.items = Some(Box::new(Structural::from_schema(items)));
        }
        node
    }

    fn property(&self, name: &str) -> Option<&Structural> {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p)
    }

    /// The schema of the value under `key`: the property's, else
    /// `additionalProperties`.
    fn field(&self, key: &str) -> Option<&Structural> {
        self.property(key).or(self.additional.as_deref())
    }
}

fn is_type_or_object_meta(key: &str) -> bool {
    matches!(key, "apiVersion" | "kind" | "metadata")
}

/// Removes what `schema` does not declare (`None`: nothing is declared
/// here, so a map loses every key). `resource`: the value is a Kubernetes
/// object, whose apiVersion, kind and metadata are left alone.
fn prune(value: &mut Value, schema: Option<&Structural>, resource: bool) {
    if let Some(s) = schema
        && s.preserve_unknown
    {
        prune_declared(value, s, resource);
        return;
    }
    match value {
        Value::Map(m) => {
            let Some(s) = schema else {
                *m = Map::new();
                return;
            };
            let resource = resource || s.embedded_resource;
            m.retain(|key, child| {
                if resource && is_type_or_object_meta(key) {
                    return true;
                }
                match s.field(key) {
                    Some(child_schema) => {
                        prune(child, Some(child_schema), false);
                        true
                    }
                    None => false,
                }
            });
        }
        Value::List(items) => {
            let item_schema = schema.and_then(|s| s.items.as_deref());
            for item in items {
                prune(item, item_schema, false);
            }
        }
        _ => {}
    }
}

/// Below `x-kubernetes-preserve-unknown-fields`: unknown fields stay, the
/// declared ones are pruned by their own schema (upstream `skipPrune`).
fn prune_declared(value: &mut Value, s: &Structural, resource: bool) {
    match value {
        Value::Map(m) => {
            let resource = resource || s.embedded_resource;
            for (key, child) in m.iter_mut() {
                if resource && is_type_or_object_meta(key) {
                    continue;
                }
                if let Some(child_schema) = s.field(key) {
                    prune(child, Some(child_schema), false);
                }
            }
        }
        Value::List(items) => {
            if let Some(item_schema) = s.items.as_deref() {
                for item in items {
                    prune_declared(item, item_schema, false);
                }
            }
        }
        _ => {}
    }
}

/// Drops the nulls the schema neither allows nor defaults.
fn prune_disallowed_nulls(value: &mut Value, schema: Option<&Structural>) {
    match value {
        Value::Map(m) => {
            m.retain(|key, child| {
                let child_schema = schema.and_then(|s| s.field(key));
                if child.is_null()
                    && child_schema.is_some_and(|c| !c.nullable && c.default.is_none())
                {
                    return false;
                }
                prune_disallowed_nulls(child, child_schema);
                true
            });
        }
        Value::List(items) => {
            let item_schema = schema.and_then(|s| s.items.as_deref());
            for item in items {
                prune_disallowed_nulls(item, item_schema);
            }
        }
        _ => {}
    }
}

/// Whether `value` is a null where `schema` does not allow one.
fn is_disallowed_null(value: &Value, schema: &Structural) -> bool {
    value.is_null() && !schema.nullable
}

/// Structural defaulting: a property that is absent, or null where null is
/// not allowed, gets its default; then every value the schema describes
/// (properties, additionalProperties, list items) is defaulted in turn,
/// defaults included.
fn apply_defaults(value: &mut Value, schema: &Structural) {
    match value {
        Value::Map(m) => {
            for (name, prop) in &schema.properties {
                let Some(default) = &prop.default else {
                    continue;
                };
                if m.get(name).is_none_or(|v| is_disallowed_null(v, prop)) {
                    m.insert(name.clone(), default.clone());
                }
            }
            for (key, child) in m.iter_mut() {
                if let Some(prop) = schema.property(key) {
                    apply_defaults(child, prop);
                } else if let Some(additional) = schema.additional.as_deref() {
                    default_null(child, additional);
                    apply_defaults(child, additional);
                }
            }
        }
        Value::List(items) => {
            if let Some(item_schema) = schema.items.as_deref() {
                for item in items {
                    default_null(item, item_schema);
                    apply_defaults(item, item_schema);
                }
            }
        }
        _ => {}
    }
}

/// A map value or list item that is null where null is not allowed takes
/// the schema's default, when it has one.
fn default_null(value: &mut Value, schema: &Structural) {
    if is_disallowed_null(value, schema)
        && let Some(default) = &schema.default
    {
        *value = default.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{ElementRelationship, ScalarKind};

    fn crd(schema: &str, extra: &str) -> Value {
        let text = format!(
            "spec:\n  group: example.com\n  names: {{kind: Widget}}\n  versions:\n  - name: v1\n    served: true\n{extra}    schema:\n      openAPIV3Schema:\n{}",
            schema
                .lines()
                .map(|l| format!("        {l}\n"))
                .collect::<String>()
        );
        crate::yaml::parse(&text).unwrap().value
    }

    const SCHEMA: &str = "type: object
properties:
  spec:
    type: object
    properties:
      plain: {type: array, items: {type: string}}
      set: {type: array, x-kubernetes-list-type: set, items: {type: integer}}
      ports: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [port], items: {type: object, properties: {port: {type: integer}, name: {type: string, default: http}}}}
      conn: {type: object, x-kubernetes-map-type: atomic, properties: {host: {type: string}}}
      free: {type: object, x-kubernetes-preserve-unknown-fields: true}
      size: {x-kubernetes-int-or-string: true}
      replicas: {type: integer, default: 1}
      tier: {type: string, nullable: true, default: gold}
";

    #[test]
    fn extensions_become_merge_semantics() {
        let s = load(&crd(SCHEMA, ""), "example.com/v1", "Widget").unwrap();
        let root = s.schema.atom(s.root).map.clone().unwrap();
        assert!(root.field("metadata").is_some() && root.field("apiVersion").is_some());
        let spec = s
            .schema
            .atom(root.field("spec").unwrap().ty)
            .map
            .clone()
            .unwrap();
        let list = |n: &str| {
            s.schema
                .atom(spec.field(n).unwrap().ty)
                .list
                .clone()
                .unwrap()
        };
        assert_eq!(
            list("plain").relationship,
            ElementRelationship::Atomic,
            "CRD lists without a type are atomic"
        );
        assert_eq!(
            (list("set").relationship, list("set").keys.len()),
            (ElementRelationship::Associative, 0)
        );
        assert_eq!(list("ports").keys, vec!["port"]);
        assert_eq!(
            s.schema
                .atom(spec.field("conn").unwrap().ty)
                .map
                .as_ref()
                .unwrap()
                .relationship,
            ElementRelationship::Atomic
        );
        assert_eq!(
            s.schema
                .atom(spec.field("free").unwrap().ty)
                .map
                .as_ref()
                .unwrap()
                .element_type,
            Some(s.schema.untyped_deduced())
        );
        assert_eq!(
            s.schema.atom(spec.field("size").unwrap().ty).scalar,
            Some(ScalarKind::Untyped)
        );
    }

    /// x-kubernetes-embedded-resource: an embedded object gets apiVersion,
    /// kind and ObjectMeta; with preserve-unknown-fields the rest is deduced.
    #[test]
    fn embedded_resources() {
        let schema = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      manifest: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}\n";
        let s = load(&crd(schema, ""), "example.com/v1", "Widget").unwrap();
        let root = s.schema.atom(s.root).map.clone().unwrap();
        let spec = s
            .schema
            .atom(root.field("spec").unwrap().ty)
            .map
            .clone()
            .unwrap();
        let manifest = s
            .schema
            .atom(spec.field("manifest").unwrap().ty)
            .map
            .clone()
            .unwrap();
        assert!(manifest.field("apiVersion").is_some() && manifest.field("kind").is_some());
        let meta = s
            .schema
            .atom(manifest.field("metadata").unwrap().ty)
            .map
            .clone()
            .unwrap();
        assert_eq!(
            s.schema
                .atom(meta.field("labels").unwrap().ty)
                .map
                .as_ref()
                .unwrap()
                .relationship,
            ElementRelationship::Separable
        );
        assert_eq!(
            manifest.element_type,
            Some(s.schema.untyped_deduced()),
            "unknown fields are deduced"
        );
    }

    #[test]
    fn structural_defaults() {
        let s = load(&crd(SCHEMA, ""), "example.com/v1", "Widget").unwrap();
        let mut obj = crate::yaml::parse("spec: {ports: [{port: 80}], tier: null}")
            .unwrap()
            .value;
        s.defaulter.as_ref().unwrap().apply_defaults(&mut obj);
        assert_eq!(
            obj,
            crate::yaml::parse("spec: {ports: [{port: 80, name: http}], tier: null, replicas: 1}")
                .unwrap()
                .value
        );
        let mut none = crate::yaml::parse("metadata: {name: x}").unwrap().value;
        s.defaulter.as_ref().unwrap().apply_defaults(&mut none);
        assert_eq!(
            none.get("spec"),
            None,
            "defaults apply inside objects that are there"
        );
    }

    #[test]
    fn subresources_and_errors() {
        let s = load(&crd(SCHEMA, "    subresources: {status: {}, scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\n"), "example.com/v1", "Widget").unwrap();
        assert!(s.subresources.status);
        assert_eq!(
            s.subresources.scale_replicas_path,
            Some(vec!["spec".to_string(), "replicas".to_string()])
        );
        let e = load(&crd(SCHEMA, ""), "example.com/v2", "Widget").unwrap_err();
        assert_eq!(e.path.to_string(), ".spec.versions");
        let e = load(
            &crd(
                "type: object\nproperties:\n  spec: {properties: {a: {type: string}}}\n",
                "",
            ),
            "example.com/v1",
            "Widget",
        )
        .unwrap_err();
        assert!(e.message.starts_with("non-structural schema"), "{e}");
    }
}
