//! FieldsV1: the JSON form of a [`Set`] in `metadata.managedFields`.
//!
//! Each key names one path element — `f:<field>`, `k:<key fields as JSON>`,
//! `v:<value as JSON>`, `i:<index>` — and maps to the set below it; the key
//! `.` marks that the node itself is in the set. Keys are written in the
//! order the API server writes them: `.` first, then the elements in
//! [`PathElement`] order.

use super::{KeyFields, PathElement, Set};
use crate::value::{Map, Value};

/// A FieldsV1 document that does not decode, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct FieldsV1Error {
    /// The chain of FieldsV1 keys leading to the bad entry.
    pub path: String,
    pub message: String,
}

/// The key of one path element: `f:name`, `k:{"name":"nginx"}`, `v:"x"`, `i:0`.
pub fn element_key(pe: &PathElement) -> String {
    match pe {
        PathElement::Field(name) => format!("f:{name}"),
        PathElement::Key(key) => format!("k:{}", key.to_json()),
        PathElement::Value(v) => format!("v:{}", v.to_jsoniter()),
        PathElement::Index(i) => format!("i:{i}"),
    }
}

/// Parses one FieldsV1 key back into a path element.
pub fn parse_element_key(key: &str) -> Result<PathElement, String> {
    let (kind, rest) = key.split_once(':').ok_or_else(|| {
        format!("invalid path element {key:?}: expected a prefix f:, k:, v: or i:")
    })?;
    match kind {
        "f" => Ok(PathElement::Field(rest.into())),
        "k" => match Value::from_json_str(rest) {
            Ok(Value::Map(m)) => Ok(PathElement::Key(KeyFields::new(m.into_iter().collect()))),
            Ok(_) => Err(format!("invalid key {rest:?}: expected a JSON object")),
            Err(e) => Err(format!("invalid key {rest:?}: {e}")),
        },
        "v" => Value::from_json_str(rest)
            .map(PathElement::Value)
            .map_err(|e| format!("invalid value {rest:?}: {e}")),
        "i" => rest
            .parse::<usize>()
            .map(PathElement::Index)
            .map_err(|_| format!("invalid index {rest:?}: expected a non-negative integer")),
        _ => Err(format!(
            "invalid path element {key:?}: unknown prefix {kind:?}"
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
        let mut path = Vec::new();
        decode(v, &mut path).map(|(set, _)| set)
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

/// Decodes one node; returns its set and whether it carried `.`.
fn decode(v: &Value, path: &mut Vec<String>) -> Result<(Set, bool), FieldsV1Error> {
    let err = |path: &Vec<String>, message: String| FieldsV1Error {
        path: if path.is_empty() {
            ".".to_string()
        } else {
            path.join(" ")
        },
        message,
    };
    let Value::Map(m) = v else {
        return Err(err(
            path,
            format!("expected a JSON object, got {}", v.kind_name()),
        ));
    };
    let mut members = Vec::new();
    let mut children = Vec::new();
    let mut self_member = false;
    for (key, child) in m {
        if key == "." {
            self_member = true;
            continue;
        }
        path.push(key.clone());
        let pe = parse_element_key(key).map_err(|e| err(path, e))?;
        let (child_set, child_member) = decode(child, path)?;
        path.pop();
        if child_set.is_empty() {
            // `{}` or `{".": {}}`: the node itself.
            members.push(pe);
        } else {
            if child_member {
                members.push(pe.clone());
            }
            children.push((pe, child_set));
        }
    }
    crate::sort::sort(&mut members);
    members.dedup();
    crate::sort::sort_by(&mut children, |a, b| a.0.cmp(&b.0));
    children.dedup_by(|a, b| a.0 == b.0);
    Ok((Set::from_sorted_parts(members, children), self_member))
}
