//! Starting points for a pasted schema: a CRD, an OpenAPI document and a
//! structured-merge-diff schema describing the shape of the object the
//! scenario writes, so that picking a source gives a schema that runs and
//! that the user then edits (list types, map keys, atomic maps).

use ssa_engine::value::{Map, Value};

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
    map(vec![
        ("apiVersion", text("apiextensions.k8s.io/v1")),
        ("kind", text("CustomResourceDefinition")),
        (
            "metadata",
            map(vec![("name", text(&format!("{plural}.{group}")))]),
        ),
        (
            "spec",
            map(vec![
                ("group", text(&group)),
                ("scope", text("Namespaced")),
                (
                    "names",
                    map(vec![
                        ("plural", text(&plural)),
                        ("singular", text(&kind.to_ascii_lowercase())),
                        ("kind", text(&kind)),
                    ]),
                ),
                (
                    "versions",
                    Value::List(vec![map(vec![
                        ("name", text(&version)),
                        ("served", Value::Bool(true)),
                        ("storage", Value::Bool(true)),
                        (
                            "schema",
                            map(vec![(
                                "openAPIV3Schema",
                                map(vec![
                                    ("type", text("object")),
                                    ("properties", properties(object)),
                                ]),
                            )]),
                        ),
                    ])]),
                ),
            ]),
        ),
    ])
}

/// An OpenAPI v3 document with one type for the object's kind.
pub fn openapi(object: &Value) -> Value {
    let (group, version, kind) = gvk(object);
    let mut props = Map::new();
    props.insert("apiVersion", map(vec![("type", text("string"))]));
    props.insert("kind", map(vec![("type", text("string"))]));
    props.insert("metadata", map(vec![("type", text("object"))]));
    if let Value::Map(own) = properties(object) {
        for (k, v) in own.iter() {
            props.insert(k.clone(), v.clone());
        }
    }
    let name = format!(
        "{}.{version}.{kind}",
        if group.is_empty() { "core" } else { &group }
    );
    let mut schemas = Map::new();
    schemas.insert(
        name,
        map(vec![
            ("type", text("object")),
            (
                "x-kubernetes-group-version-kind",
                Value::List(vec![map(vec![
                    ("group", text(&group)),
                    ("version", text(&version)),
                    ("kind", text(&kind)),
                ])]),
            ),
            ("properties", Value::Map(props)),
        ]),
    );
    map(vec![
        ("openapi", text("3.0.0")),
        (
            "info",
            map(vec![("title", text(&kind)), ("version", text(&version))]),
        ),
        ("paths", Value::Map(Map::new())),
        ("components", map(vec![("schemas", Value::Map(schemas))])),
    ])
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
    let mut fields = vec![
        map(vec![
            ("name", text("apiVersion")),
            ("type", map(vec![("scalar", text("string"))])),
        ]),
        map(vec![
            ("name", text("kind")),
            ("type", map(vec![("scalar", text("string"))])),
        ]),
        map(vec![
            ("name", text("metadata")),
            ("type", map(vec![("namedType", text("__untyped_deduced_"))])),
        ]),
    ];
    for (k, v) in own_fields(object) {
        fields.push(map(vec![("name", text(&k)), ("type", smd_type(&v))]));
    }
    let untyped = |name: &str, relationship: &str| {
        let element = map(vec![("namedType", text("__untyped_atomic_"))]);
        let mut list = vec![("elementType", element.clone())];
        let mut object_map = vec![("elementType", element)];
        if relationship == "atomic" {
            list.push(("elementRelationship", text("atomic")));
            object_map.push(("elementRelationship", text("atomic")));
        } else {
            list.push(("elementRelationship", text("atomic")));
            object_map = vec![
                (
                    "elementType",
                    map(vec![("namedType", text("__untyped_deduced_"))]),
                ),
                ("elementRelationship", text("separable")),
            ];
        }
        map(vec![
            ("name", text(name)),
            ("scalar", text("untyped")),
            ("list", map(list)),
            ("map", map(object_map)),
        ])
    };
    map(vec![
        ("root", text("object")),
        (
            "types",
            Value::List(vec![
                map(vec![
                    ("name", text("object")),
                    ("map", map(vec![("fields", Value::List(fields))])),
                ]),
                untyped("__untyped_atomic_", "atomic"),
                untyped("__untyped_deduced_", "separable"),
            ]),
        ),
    ])
}
