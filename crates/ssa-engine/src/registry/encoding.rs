//! Decoding into a built-in kind's Go struct: the API server decodes every
//! built-in object into the types of k8s.io/api; keys with no field there
//! are refused by a strict decode and dropped by a lenient one.

use crate::schema::{Schema, TypeId};
use crate::value::Value;

/// The keys strict decoding into the Go struct finds no field for
/// (`sigs.k8s.io/json` `UnmarshalStrict`), as it names them
/// (`spec.template.spec.containers[0].foo`), in document order.
pub(super) fn unknown_fields(value: &Value, schema: &Schema, ty: TypeId) -> Vec<String> {
    let mut out = Vec::new();
    walk_unknown(value, schema, ty, "", &mut out);
    out
}

fn walk_unknown(value: &Value, schema: &Schema, ty: TypeId, path: &str, out: &mut Vec<String>) {
    let atom = schema.atom(ty);
    match value {
        Value::Map(m) => {
            let Some(map_type) = atom.map.as_ref() else {
                return;
            };
            for (k, v) in m.iter() {
                let child = if path.is_empty() {
                    k.to_string()
                } else {
                    format!("{path}.{k}")
                };
                match map_type.type_of(k) {
                    Some(t) => walk_unknown(v, schema, t, &child, out),
                    None if !map_type.fields.is_empty() => out.push(child),
                    None => {}
                }
            }
        }
        Value::List(items) => {
            let Some(list_type) = atom.list.as_ref() else {
                return;
            };
            for (i, item) in items.iter().enumerate() {
                walk_unknown(
                    item,
                    schema,
                    list_type.element_type,
                    &format!("{path}[{i}]"),
                    out,
                );
            }
        }
        _ => {}
    }
}

/// The value as the Go struct keeps it: keys without a field dropped (what
/// a non-strict decode does).
pub(super) fn drop_unknown_fields(value: &mut Value, schema: &Schema, ty: TypeId) {
    let atom = schema.atom(ty);
    match value {
        Value::Map(m) => {
            let Some(map_type) = atom.map.as_ref() else {
                return;
            };
            let known = |k: &str| map_type.type_of(k).is_some() || map_type.fields.is_empty();
            m.retain(|k, _| known(k));
            for (k, v) in m.iter_mut() {
                if let Some(t) = map_type.type_of(k) {
                    drop_unknown_fields(v, schema, t);
                }
            }
        }
        Value::List(items) => {
            let Some(list_type) = atom.list.as_ref() else {
                return;
            };
            for item in items {
                drop_unknown_fields(item, schema, list_type.element_type);
            }
        }
        _ => {}
    }
}
