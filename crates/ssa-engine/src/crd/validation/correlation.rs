//! An update's old values correlated with its new ones, as apiserver's
//! `cel/common.CorrelatedObject` finds them (by key; list items by index,
//! by their keys in a map list, not at all in a set or an atomic list).

use crate::value::Value;

/// An update's old list items, found for a new item as
/// `correlateOldValueForChildAtNewIndex` finds them: by index, by the
/// map keys in a map list (through an index of the old items, so that a
/// long list is not searched once per item), none in a set or an atomic
/// list.
pub(super) struct OldItems<'a> {
    list: &'a [Value],
    keys: Vec<&'a str>,
    /// The map list's old items by their keys.
    by_keys: Option<rustc_hash::FxHashMap<String, &'a Value>>,
    correlates: bool,
}

impl<'a> OldItems<'a> {
    pub(super) fn new(schema: &'a Value, list: Option<&'a Value>) -> Self {
        let list = list.and_then(Value::as_list).map_or(&[][..], Vec::as_slice);
        let list_type = schema.get("x-kubernetes-list-type").and_then(Value::as_str);
        let keys = list_map_keys(schema);
        let by_keys = (list_type == Some("map")).then(|| {
            let mut by_keys = rustc_hash::FxHashMap::default();
            for old in list {
                by_keys.entry(map_key(&keys, old)).or_insert(old);
            }
            by_keys
        });
        OldItems {
            list,
            keys,
            by_keys,
            correlates: !matches!(list_type, Some("set" | "atomic")),
        }
    }

    pub(super) fn get(&self, item: &Value, i: usize) -> Option<&'a Value> {
        match &self.by_keys {
            Some(by_keys) => by_keys.get(&map_key(&self.keys, item)).copied(),
            None if self.correlates => self.list.get(i),
            None => None,
        }
    }
}

/// A map list item's key values, as one text.
fn map_key(keys: &[&str], item: &Value) -> String {
    let values = keys
        .iter()
        .map(|k| item.get(k).cloned().unwrap_or_default());
    identity(&Value::List(values.collect()))
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
