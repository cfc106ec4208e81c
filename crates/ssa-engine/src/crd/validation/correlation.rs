//! An update's old values correlated with its new ones, as apiserver's
//! `cel/common.CorrelatedObject` finds them (by key; list items by their
//! keys in a map list, not at all in another list), and whether a value
//! is unchanged as it tells (`CachedDeepEqual`).

use crate::value::Value;

/// An update's old list items, found for a new item as
/// `correlateOldValueForChildAtNewIndex` finds them: by the map keys in a
/// map list (through an index of the old items, so that a long list is
/// not searched once per item), none in a set or an atomic list (a list
/// without a type is one).
pub(super) struct OldItems<'a> {
    keys: Vec<&'a str>,
    /// The map list's old items by their keys.
    by_keys: Option<rustc_hash::FxHashMap<String, &'a Value>>,
}

impl<'a> OldItems<'a> {
    pub(super) fn new(schema: &'a Value, list: Option<&'a Value>) -> Self {
        let list = list.and_then(Value::as_list).map_or(&[][..], Vec::as_slice);
        let list_type = schema.get("x-kubernetes-list-type").and_then(Value::as_str);
        let keys = list_map_keys(schema);
        let by_keys = (list_type == Some("map")).then(|| {
            let mut by_keys = rustc_hash::FxHashMap::default();
            for old in list {
                if let Some(key) = map_key(&keys, old) {
                    by_keys.entry(key).or_insert(old);
                }
            }
            by_keys
        });
        OldItems { keys, by_keys }
    }

    pub(super) fn get(&self, item: &Value) -> Option<&'a Value> {
        let by_keys = self.by_keys.as_ref()?;
        by_keys.get(&map_key(&self.keys, item)?).copied()
    }
}

/// Whether `new` is unchanged from the `old` it correlates with, as
/// `CachedDeepEqual` tells: a map whose every key correlates (a key in
/// both, with a schema: a property, or `additionalProperties`; an
/// unknown field a schema preserves does not) to an unchanged value; a
/// map list whose every item has an unchanged old item of its keys;
/// another list, or a scalar, equal.
pub(super) fn unchanged(schema: &Value, old: &Value, new: &Value) -> bool {
    match (old, new) {
        (Value::Map(old_map), Value::Map(new_map)) => {
            let properties = schema.get("properties");
            let additional = schema.get("additionalProperties").filter(|a| a.is_map());
            old_map.len() == new_map.len()
                && new_map.iter().all(|(key, value)| {
                    let child = properties.and_then(|p| p.get(key)).or(additional);
                    match (old_map.get(key), child) {
                        (Some(old_value), Some(child)) => unchanged(child, old_value, value),
                        _ => false,
                    }
                })
        }
        (Value::List(old_items), Value::List(new_items)) => {
            let items = schema.get("items").filter(|s| s.is_map());
            let map_list =
                schema.get("x-kubernetes-list-type").and_then(Value::as_str) == Some("map");
            match items {
                Some(items) if map_list && old_items.len() == new_items.len() => {
                    let olds = OldItems::new(schema, Some(old));
                    new_items.iter().all(|item| {
                        olds.get(item)
                            .is_some_and(|old_item| unchanged(items, old_item, item))
                    })
                }
                _ => old == new,
            }
        }
        _ => old == new,
    }
}

/// A map list item's key values, as one text.
/// `CompositeKeyFor`: `None` for an item that lacks a key or whose key
/// is not a scalar (a null, a list, an object), which correlates with
/// nothing.
fn map_key(keys: &[&str], item: &Value) -> Option<String> {
    let values = keys
        .iter()
        .map(|k| {
            item.get(k)
                .filter(|v| {
                    matches!(
                        v,
                        Value::Bool(_) | Value::Int(_) | Value::Float(_) | Value::String(_)
                    )
                })
                .cloned()
        })
        .collect::<Option<Vec<_>>>()?;
    Some(identity(&Value::List(values)))
}

/// A value as Go tells map keys apart: its type and its JSON.
pub(super) fn identity(value: &Value) -> String {
    format!("{}:{}", value.kind_name(), value.to_json_sorted())
}

/// A map list's `x-kubernetes-list-map-keys`.
pub(super) fn list_map_keys(schema: &Value) -> Vec<&str> {
    schema
        .get("x-kubernetes-list-map-keys")
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}
