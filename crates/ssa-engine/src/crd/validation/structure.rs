//! What the strategy checks after the validator, in one walk of the
//! object: the embedded resources (`schema/objectmeta`) and the list-type
//! invariants (`schema/listtype`).

use super::correlation::{identity, list_map_keys};
use super::{bad, join};
use crate::builtin::validation::field::{BadValue, Errors, FieldError, child, index};
use crate::builtin::validation::{meta, names};
use crate::value::Value;

/// One walk of the object for two rules (both paths are `field.Path`s,
/// `[key]` under `additionalProperties`):
/// - `objectmeta.Validate` of the embedded resources
///   (`x-kubernetes-embedded-resource`): their `apiVersion` and `kind`
///   present and not empty, the kind a DNS label but for its case, their
///   metadata (`embedded` is `None` when only the lists are wanted);
/// - `listtype.ValidateListSetsAndMaps`: no duplicate items in a
///   `x-kubernetes-list-type: set`, no two items with the same keys in a
///   `map` list.
pub(super) fn structure(
    schema: &Value,
    value: &Value,
    path: &str,
    mut embedded: Option<&mut Vec<FieldError>>,
    lists: &mut Vec<FieldError>,
) {
    match value {
        Value::Map(map) => {
            if let Some(errs) = embedded.as_deref_mut()
                && schema
                    .get("x-kubernetes-embedded-resource")
                    .and_then(Value::as_bool)
                    == Some(true)
            {
                for key in ["apiVersion", "kind"] {
                    let at = child(path, key);
                    match map.get(key) {
                        None => errs.required(at, ""),
                        Some(Value::String(s)) if s.is_empty() => {
                            errs.invalid(at, BadValue::str(""), "must not be empty");
                        }
                        Some(Value::String(kind)) if key == "kind" => {
                            let problems = names::dns1035_label(&kind.to_ascii_lowercase());
                            if !problems.is_empty() {
                                let message = format!(
                                    "may have mixed case, but should otherwise match: {}",
                                    problems.join(",")
                                );
                                errs.invalid(at, BadValue::str(kind), &message);
                            }
                        }
                        Some(Value::String(_)) => {}
                        Some(other) => errs.invalid(at, bad(other), "must be a string"),
                    }
                }
                embedded_metadata(errs, map.get("metadata"), path);
            }
            let properties = schema.get("properties");
            let additional = schema.get("additionalProperties").filter(|a| a.is_map());
            for (key, v) in map.iter() {
                let (schema, at) = match (properties.and_then(|p| p.get(key)), additional) {
                    (Some(p), _) => (p, join(path, key)),
                    (None, Some(a)) => (a, format!("{path}[{key}]")),
                    (None, None) => continue,
                };
                structure(schema, v, &at, embedded.as_deref_mut(), lists);
            }
        }
        Value::List(items) => {
            match schema.get("x-kubernetes-list-type").and_then(Value::as_str) {
                Some("set") => duplicates(lists, path, items),
                Some("map") => list_map(lists, schema, items, path),
                _ => {}
            }
            if let Some(item_schema) = schema.get("items") {
                for (i, item) in items.iter().enumerate() {
                    structure(
                        item_schema,
                        item,
                        &index(path, i),
                        embedded.as_deref_mut(),
                        lists,
                    );
                }
            }
        }
        _ => {}
    }
}

/// An embedded resource's metadata as `ValidateObjectMetaDeclaratively`
/// checks it there: a name (`fakename` when it has none) that is a path
/// segment, labels, annotations and the rest, at the resource's path.
fn embedded_metadata(errs: &mut Vec<FieldError>, metadata: Option<&Value>, path: &str) {
    let Some(Value::Map(metadata)) = metadata else {
        return;
    };
    let mut metadata = metadata.clone();
    if metadata
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("")
        .is_empty()
    {
        metadata.insert("name", Value::from("fakename"));
    }
    let mut resource = crate::value::Map::new();
    resource.insert("metadata", Value::Map(metadata));
    for mut e in meta::object_meta(&Value::Map(resource), meta::NameRule::PathSegment, false) {
        e.path = join(path, &e.path);
        errs.push(e);
    }
}

/// `validateListMap`: every item an object (or null), then the items
/// whose keys repeat, each shown as its keys.
fn list_map(errs: &mut Vec<FieldError>, schema: &Value, items: &[Value], path: &str) {
    if let Some(i) = items.iter().position(|x| !x.is_null() && !x.is_map()) {
        errs.invalid(
            index(path, i),
            bad(&items[i]),
            "must be an object for an array of list-type map",
        );
        return;
    }
    let key_fields = list_map_keys(schema);
    let keys: Vec<Value> = items
        .iter()
        .map(|x| {
            let mut key = crate::value::Map::new();
            for k in &key_fields {
                if let Some(v) = x.get(k) {
                    key.insert(*k, v.clone());
                }
            }
            Value::Map(key)
        })
        .collect();
    duplicates(errs, path, &keys);
}

/// `validateListSet`: a `Duplicate` at each value's second occurrence
/// (scalars told apart by type and value, compounds by their JSON).
fn duplicates(errs: &mut Vec<FieldError>, path: &str, items: &[Value]) {
    let mut seen: rustc_hash::FxHashMap<String, usize> = rustc_hash::FxHashMap::default();
    for (i, item) in items.iter().enumerate() {
        let times = seen.entry(identity(item)).or_insert(0);
        *times += 1;
        if *times == 2 {
            errs.duplicate(index(path, i), bad(item));
        }
    }
}
