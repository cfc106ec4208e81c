//! FieldsV1: the JSON form of a [`Set`] in `metadata.managedFields`.
//!
//! Each key names one path element — `f:<field>`, `k:<key fields as JSON>`,
//! `v:<value as JSON>`, `i:<index>` — and maps to the set below it; the key
//! `.` marks that the node itself is in the set. Keys are written in the
//! order the API server writes them: `.` first, then the elements in
//! [`PathElement`] order.

use super::{KeyFields, OnRepeat, PathElement, Set, SetEntry};
use crate::value::go_quote;
use crate::value::{Map, Value};
use std::fmt::Write as _;

/// A FieldsV1 document that does not decode, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct FieldsV1Error {
    /// The chain of FieldsV1 keys leading to the bad entry.
    pub path: String,
    pub message: String,
}

/// The key of one path element: `f:name`, `k:{"name":"nginx"}`, `v:"x"`, `i:0`.
///
/// Each key is written into one string (every element of every manager's
/// set gets one when managedFields are encoded).
pub fn element_key(pe: &PathElement) -> String {
    let mut key = String::new();
    match pe {
        PathElement::Field(name) => {
            key.reserve_exact(2 + name.len());
            key.push_str("f:");
            key.push_str(name);
        }
        PathElement::Key(fields) => {
            key.push_str("k:");
            fields.write_json(&mut key);
        }
        PathElement::Value(v) => {
            key.push_str("v:");
            v.write_jsoniter(&mut key);
        }
        PathElement::Index(i) => {
            let _ = write!(key, "i:{i}");
        }
    }
    key
}

/// Parses one FieldsV1 key back into a path element.
pub fn parse_element_key(key: &str) -> Result<PathElement, String> {
    let (kind, rest) = key.split_once(':').ok_or_else(|| {
        format!(
            "invalid path element {key}: expected a prefix f:, k:, v: or i:",
            key = go_quote(key)
        )
    })?;
    match kind {
        "f" => Ok(PathElement::Field(rest.into())),
        "k" => match Value::from_json_str(rest) {
            Ok(Value::Map(m)) => Ok(PathElement::Key(KeyFields::new(m))),
            Ok(_) => Err(format!(
                "invalid key {rest}: expected a JSON object",
                rest = go_quote(rest)
            )),
            Err(e) => Err(format!("invalid key {rest}: {e}", rest = go_quote(rest))),
        },
        "v" => Value::from_json_str(rest)
            .map(PathElement::Value)
            .map_err(|e| format!("invalid value {rest}: {e}", rest = go_quote(rest))),
        "i" => rest.parse::<usize>().map(PathElement::Index).map_err(|_| {
            format!(
                "invalid index {rest}: expected a non-negative integer",
                rest = go_quote(rest)
            )
        }),
        _ => Err(format!(
            "invalid path element {key}: unknown prefix {kind}",
            key = go_quote(key),
            kind = go_quote(kind)
        )),
    }
}

impl Set {
    /// The FieldsV1 object of this set.
    pub fn to_fields_v1(&self) -> Value {
        Value::Map(encode(self, false))
    }

    /// Reads a FieldsV1 object.
    pub fn from_fields_v1(v: &Value) -> Result<Set, FieldsV1Error> {
        let mut keys = Vec::new();
        let mut entries = Vec::new();
        decode(v, &mut keys, &mut entries).map(|(set, _)| set)
    }
}

fn encode(set: &Set, self_is_member: bool) -> Map {
    let mut out = Map::with_capacity(set.elements().count() + 1);
    if self_is_member {
        out.insert(".", Value::Map(Map::new()));
    }
    for (pe, member, below) in set.elements() {
        let entry = if below.is_empty() {
            Map::new()
        } else {
            encode(below, member)
        };
        out.insert(element_key(pe), Value::Map(entry));
    }
    out
}

/// Decodes one node; returns its set and whether it carried `.`. `keys`
/// is the chain of keys above it, for errors only (borrowed: managedFields
/// are decoded by every write and view, and a copy of every key was an
/// allocation per field). `entries` is scratch space shared by every
/// level (see [`Set::from_entries`]), so that a node is built in its
/// single allocation.
fn decode<'v>(
    v: &'v Value,
    keys: &mut Vec<&'v str>,
    entries: &mut Vec<SetEntry>,
) -> Result<(Set, bool), FieldsV1Error> {
    let err = |keys: &Vec<&str>, message: String| FieldsV1Error {
        path: if keys.is_empty() {
            ".".to_string()
        } else {
            keys.join(" ")
        },
        message,
    };
    // SMD's `readIterV1` reads a node with jsoniter's `ReadMapCB`, which
    // takes `null` for an empty object.
    if v.is_null() {
        return Ok((Set::new(), false));
    }
    let Value::Map(m) = v else {
        return Err(err(
            keys,
            format!("expected a JSON object, got {}", v.kind_name()),
        ));
    };
    let start = entries.len();
    let mut self_member = false;
    for (key, child) in m {
        if key == "." {
            self_member = true;
            continue;
        }
        // A key of a kind this version does not know (`r:x`) is dropped,
        // as SMD's `readIterV1` does with `ErrUnknownPathElementType`.
        if key.as_bytes().get(1) == Some(&b':')
            && !matches!(key.as_bytes()[0], b'f' | b'k' | b'v' | b'i')
        {
            continue;
        }
        keys.push(key);
        let pe = parse_element_key(key).map_err(|e| err(keys, e))?;
        let (below, child_member) = decode(child, keys, entries)?;
        keys.pop();
        // `{}` or `{".": {}}` names the node itself; a node with entries
        // below is a member only where it carries `.`.
        let member = below.is_empty() || child_member;
        entries.push(SetEntry { pe, member, below });
    }
    // Two keys may name one element (`v:4` and `v:4.0`): it is a member
    // if either says so, with the first non-empty set below, as when
    // members and children were collected apart and deduplicated.
    Ok((
        Set::from_entries(entries, start, OnRepeat::FirstBelow),
        self_member,
    ))
}
