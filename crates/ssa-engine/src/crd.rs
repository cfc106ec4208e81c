//! CustomResourceDefinitions as schemas (`schema: {crd: ...}`): the
//! `openAPIV3Schema` of the served version that matches the object's
//! apiVersion, converted as the API server converts it (lists without a
//! list type are atomic; `metadata` is ObjectMeta whatever the CRD says),
//! its status and scale subresources, and its structural defaults.

use crate::openapi::{Converter, Dialect};
use crate::schema::{Defaulter, ObjectSchema, ScalarKind, StructField, Subresources};
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
    let mut converter = Converter::new(Dialect::Crd, None);
    let root_type = converter.node(node, &node_path)?;
    // The API server types apiVersion, kind and metadata itself.
    let mut atom = converter.schema.atom(root_type).clone();
    let Some(map) = atom.map.as_mut() else {
        return Err(err(
            &node_path,
            "the root of a CRD schema must be an object",
        ));
    };
    let string = converter.schema.push(crate::schema::Atom {
        scalar: Some(ScalarKind::String),
        ..Default::default()
    });
    let meta = converter.object_meta();
    for (name, ty) in [("apiVersion", string), ("kind", string), ("metadata", meta)] {
        match map.field_index.get(name) {
            Some(&i) => map.fields[i].ty = ty,
            None => map.push_field(StructField::new(name, ty)),
        }
    }
    converter.schema.set(root_type, atom);

    let subresources_value = version
        .get("subresources")
        .or_else(|| spec.get("subresources"));
    let subresources = Subresources {
        status: subresources_value.and_then(|s| s.get("status")).is_some(),
        scale_replicas_path: subresources_value
            .and_then(|s| s.get_path(&["scale", "specReplicasPath"]))
            .and_then(Value::as_str)
            .map(|p| {
                p.trim_start_matches('.')
                    .split('.')
                    .map(str::to_string)
                    .collect()
            }),
    };
    let defaults = DefaultNode::from_schema(node);
    Ok(ObjectSchema {
        schema: Arc::new(converter.schema),
        root: root_type,
        subresources,
        defaulter: (!defaults.is_empty())
            .then(|| Arc::new(StructuralDefaults(defaults)) as Arc<dyn Defaulter>),
        validator: None,
        omit_empty: false,
    })
}

/// The `default`s of a structural schema, as a tree that mirrors it.
#[derive(Clone, Debug, Default, PartialEq)]
struct DefaultNode {
    nullable: bool,
    default: Option<Value>,
    properties: Vec<(String, DefaultNode)>,
    additional: Option<Box<DefaultNode>>,
    items: Option<Box<DefaultNode>>,
}

impl DefaultNode {
    fn from_schema(v: &Value) -> DefaultNode {
        let mut node = DefaultNode {
            nullable: v.get("nullable").and_then(Value::as_bool).unwrap_or(false),
            default: v.get("default").cloned(),
            ..DefaultNode::default()
        };
        if let Some(Value::Map(props)) = v.get("properties") {
            node.properties = props
                .iter()
                .map(|(k, p)| (k.clone(), DefaultNode::from_schema(p)))
                .collect();
        }
        if let Some(a @ Value::Map(_)) = v.get("additionalProperties") {
            node.additional = Some(Box::new(DefaultNode::from_schema(a)));
        }
        if let Some(items) = v.get("items") {
            node.items = Some(Box::new(DefaultNode::from_schema(items)));
        }
        node
    }

    /// Whether anything below has a default.
    fn is_empty(&self) -> bool {
        self.default.is_none()
            && self.properties.iter().all(|(_, p)| p.is_empty())
            && self.additional.as_ref().is_none_or(|a| a.is_empty())
            && self.items.as_ref().is_none_or(|i| i.is_empty())
    }

    /// Fills absent fields (and nulls where null is not allowed) with their
    /// defaults, then descends (the API server's structural defaulting).
    fn apply(&self, value: &mut Value) {
        match value {
            Value::Map(m) => {
                for (name, prop) in &self.properties {
                    let Some(default) = &prop.default else {
                        continue;
                    };
                    let missing = match m.get(name) {
                        None => true,
                        Some(Value::Null) => !prop.nullable,
                        Some(_) => false,
                    };
                    if missing {
                        m.insert(name.clone(), default.clone());
                    }
                }
                self.descend(m);
            }
            Value::List(items) => {
                if let Some(item_node) = &self.items {
                    for item in items {
                        item_node.apply(item);
                    }
                }
            }
            _ => {}
        }
    }

    fn descend(&self, m: &mut Map) {
        for (key, child) in m.iter_mut() {
            match self.properties.iter().find(|(n, _)| n == key) {
                Some((_, p)) => p.apply(child),
                None => {
                    if let Some(a) = &self.additional {
                        a.apply(child);
                    }
                }
            }
        }
    }
}

#[derive(Debug)]
struct StructuralDefaults(DefaultNode);

impl Defaulter for StructuralDefaults {
    fn apply_defaults(&self, object: &mut Value) {
        self.0.apply(object);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::ElementRelationship;

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
