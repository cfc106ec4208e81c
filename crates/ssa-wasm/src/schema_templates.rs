//! Starting points for a pasted schema: a CRD, an OpenAPI document and a
//! structured-merge-diff schema describing the shape of the object the
//! scenario writes, so that picking a source gives a schema that runs and
//! that the user then edits (list types, map keys, atomic maps).
//!
//! Each template is JSON text with empty strings and maps where the
//! object's names and fields go: data compresses better in the wasm than
//! the code that built the same values one map at a time did.

use ssa_engine::value::{Map, Value};

/// A CRD serving one version; `crd` fills the names, the group, the
/// version and the properties.
const CRD: &str = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":""},"spec":{"group":"","scope":"Namespaced","names":{"plural":"","singular":"","kind":""},"versions":[{"name":"","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{}}}}]}}"#;

/// An OpenAPI v3 document; `openapi` fills the title and version and adds
/// the kind's schema under `components.schemas`.
const OPENAPI: &str = r#"{"openapi":"3.0.0","info":{"title":"","version":""},"paths":{},"components":{"schemas":{}}}"#;

/// The kind's schema in the OpenAPI document, before its own properties.
const OPENAPI_KIND: &str = r#"{"type":"object","x-kubernetes-group-version-kind":[{"group":"","version":"","kind":""}],"properties":{"apiVersion":{"type":"string"},"kind":{"type":"string"},"metadata":{"type":"object"}}}"#;

/// A structured-merge-diff schema; `smd` adds the object's own fields to
/// the root type's.
const SMD: &str = r#"{"root":"object","types":[{"name":"object","map":{"fields":[{"name":"apiVersion","type":{"scalar":"string"}},{"name":"kind","type":{"scalar":"string"}},{"name":"metadata","type":{"namedType":"__untyped_deduced_"}}]}},{"name":"__untyped_atomic_","scalar":"untyped","list":{"elementType":{"namedType":"__untyped_atomic_"},"elementRelationship":"atomic"},"map":{"elementType":{"namedType":"__untyped_atomic_"},"elementRelationship":"atomic"}},{"name":"__untyped_deduced_","scalar":"untyped","list":{"elementType":{"namedType":"__untyped_atomic_"},"elementRelationship":"atomic"},"map":{"elementType":{"namedType":"__untyped_deduced_"},"elementRelationship":"separable"}}]}"#;

/// A template's value (the templates are constants that parse).
fn template(json: &str) -> Value {
    Value::from_json_str(json).unwrap_or(Value::Null)
}

/// The place at a path of map keys and list indices in a template.
fn at<'a>(value: &'a mut Value, path: &[&str]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |value, key| match value {
        Value::Map(m) => m.get_mut(key),
        Value::List(items) => items.get_mut(key.parse::<usize>().ok()?),
        _ => None,
    })
}

/// Replaces the value at `path` in a template (keeping its key's place).
fn fill(value: &mut Value, path: &[&str], with: Value) {
    if let Some(place) = at(value, path) {
        *place = with;
    }
}

fn text(s: &str) -> Value {
    Value::String(s.to_string())
}

fn map(entries: Vec<(&str, Value)>) -> Value {
    let mut m = Map::new();
    for (k, v) in entries {
        m.insert(k, v);
    }
    Value::Map(m)
}

/// (group, version, kind) of the object.
fn gvk(object: &Value) -> (String, String, String) {
    let api = object
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or("example.com/v1");
    let (group, version) = api.rsplit_once('/').unwrap_or(("", api));
    let kind = object
        .get("kind")
        .and_then(Value::as_str)
        .unwrap_or("Example");
    (group.to_string(), version.to_string(), kind.to_string())
}

/// The object's own fields (not apiVersion, kind, metadata, status).
fn own_fields(object: &Value) -> Vec<(String, Value)> {
    object
        .as_map()
        .map(|m| {
            m.iter()
                .filter(|(k, _)| {
                    !["apiVersion", "kind", "metadata", "status"].contains(&k.as_str())
                })
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .unwrap_or_default()
}

/// A JSON schema (OpenAPI v3) of a value's shape.
fn json_schema(value: &Value) -> Value {
    match value {
        Value::Map(m) => {
            let mut props = Map::new();
            for (k, v) in m.iter() {
                props.insert(k.clone(), json_schema(v));
            }
            map(vec![
                ("type", text("object")),
                ("properties", Value::Map(props)),
            ])
        }
        Value::List(items) => map(vec![
            ("type", text("array")),
            (
                "items",
                items
                    .first()
                    .map_or_else(|| map(vec![("type", text("string"))]), json_schema),
            ),
        ]),
        Value::Bool(_) => map(vec![("type", text("boolean"))]),
        Value::Int(_) => map(vec![("type", text("integer"))]),
        Value::Float(_) => map(vec![("type", text("number"))]),
        _ => map(vec![("type", text("string"))]),
    }
}

fn properties(object: &Value) -> Value {
    let mut props = Map::new();
    for (k, v) in own_fields(object) {
        props.insert(k, json_schema(&v));
    }
    Value::Map(props)
}

/// A CustomResourceDefinition serving the object's kind.
pub fn crd(object: &Value) -> Value {
    let (group, version, kind) = gvk(object);
    let group = if group.is_empty() {
        "example.com".to_string()
    } else {
        group
    };
    let plural = format!("{}s", kind.to_ascii_lowercase());
    let mut crd = template(CRD);
    fill(
        &mut crd,
        &["metadata", "name"],
        text(&format!("{plural}.{group}")),
    );
    fill(&mut crd, &["spec", "group"], text(&group));
    fill(&mut crd, &["spec", "names", "plural"], text(&plural));
    fill(
        &mut crd,
        &["spec", "names", "singular"],
        text(&kind.to_ascii_lowercase()),
    );
    fill(&mut crd, &["spec", "names", "kind"], text(&kind));
    fill(&mut crd, &["spec", "versions", "0", "name"], text(&version));
    let properties_path = [
        "spec",
        "versions",
        "0",
        "schema",
        "openAPIV3Schema",
        "properties",
    ];
    fill(&mut crd, &properties_path, properties(object));
    crd
}

/// An OpenAPI v3 document with one type for the object's kind.
pub fn openapi(object: &Value) -> Value {
    let (group, version, kind) = gvk(object);
    let mut schema = template(OPENAPI_KIND);
    let group_version_kind = "x-kubernetes-group-version-kind";
    fill(
        &mut schema,
        &[group_version_kind, "0", "group"],
        text(&group),
    );
    fill(
        &mut schema,
        &[group_version_kind, "0", "version"],
        text(&version),
    );
    fill(&mut schema, &[group_version_kind, "0", "kind"], text(&kind));
    if let (Some(Value::Map(props)), Value::Map(own)) =
        (at(&mut schema, &["properties"]), properties(object))
    {
        for (k, v) in own.iter() {
            props.insert(k.clone(), v.clone());
        }
    }
    let name = format!(
        "{}.{version}.{kind}",
        if group.is_empty() { "core" } else { &group }
    );
    let mut document = template(OPENAPI);
    fill(&mut document, &["info", "title"], text(&kind));
    fill(&mut document, &["info", "version"], text(&version));
    if let Some(Value::Map(schemas)) = at(&mut document, &["components", "schemas"]) {
        schemas.insert(name, schema);
    }
    document
}

/// The SMD type of a value's shape; lists are atomic.
fn smd_type(value: &Value) -> Value {
    match value {
        Value::Map(m) => {
            let fields = m
                .iter()
                .map(|(k, v)| map(vec![("name", text(k)), ("type", smd_type(v))]))
                .collect();
            map(vec![("map", map(vec![("fields", Value::List(fields))]))])
        }
        Value::List(_) => map(vec![("namedType", text("__untyped_atomic_"))]),
        Value::Bool(_) => map(vec![("scalar", text("boolean"))]),
        Value::Int(_) | Value::Float(_) => map(vec![("scalar", text("numeric"))]),
        _ => map(vec![("scalar", text("string"))]),
    }
}

/// A structured-merge-diff schema with a root type for the object.
pub fn smd(object: &Value) -> Value {
    let mut schema = template(SMD);
    if let Some(Value::List(fields)) = at(&mut schema, &["types", "0", "map", "fields"]) {
        for (k, v) in own_fields(object) {
            fields.push(map(vec![("name", text(&k)), ("type", smd_type(&v))]));
        }
    }
    schema
}
