//! The wire form of `metadata.managedFields` and the API server's names for
//! managers.
//!
//! Inside the engine a manager is an *identifier*: the JSON of its
//! `ManagedFieldsEntry` without fields and time (and without apiVersion for
//! appliers), exactly as the API server builds it. Two writes by the same
//! name with another operation or subresource are therefore two managers —
//! which is why a manager can conflict with itself. Entries are written
//! sorted as the server sorts them.

use crate::fieldpath::Set;
use crate::merge::{ManagedFields, VersionedSet};
use crate::value::{Map, Value, go_quote, write_json_string};
use std::collections::HashMap;

/// `Apply` or `Update`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Operation {
    Apply,
    Update,
}

impl Operation {
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Apply => "Apply",
            Operation::Update => "Update",
        }
    }
}

/// Who wrote: the parts of a managedFields entry that name a manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManagerId {
    pub manager: String,
    pub operation: Operation,
    /// Only for `Update`: an updater is a different manager per version.
    pub api_version: String,
    /// `""` for the main resource.
    pub subresource: String,
}

impl ManagerId {
    pub fn apply(manager: &str, subresource: &str) -> Self {
        ManagerId {
            manager: manager.to_string(),
            operation: Operation::Apply,
            api_version: String::new(),
            subresource: subresource.to_string(),
        }
    }

    pub fn update(manager: &str, api_version: &str, subresource: &str) -> Self {
        ManagerId {
            manager: manager.to_string(),
            operation: Operation::Update,
            api_version: api_version.to_string(),
            subresource: subresource.to_string(),
        }
    }

    /// The identifier string (upstream `BuildManagerIdentifier`).
    pub fn encode(&self) -> String {
        let mut out = String::from("{");
        let mut first = true;
        let mut field = |name: &str, value: &str| {
            if value.is_empty() {
                return;
            }
            if !first {
                out.push(',');
            }
            first = false;
            write_json_string(name, &mut out);
            out.push(':');
            write_json_string(value, &mut out);
        };
        field("manager", &self.manager);
        field("operation", self.operation.as_str());
        if self.operation == Operation::Update {
            field("apiVersion", &self.api_version);
        }
        field("subresource", &self.subresource);
        out.push('}');
        out
    }

    /// Reads an identifier back.
    pub fn decode(id: &str) -> Option<ManagerId> {
        let v = Value::from_json_str(id).ok()?;
        let text = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
        let operation = match v.get("operation").and_then(Value::as_str) {
            Some("Apply") => Operation::Apply,
            Some("Update") => Operation::Update,
            _ => return None,
        };
        Some(ManagerId {
            manager: text("manager"),
            operation,
            api_version: text("apiVersion"),
            subresource: text("subresource"),
        })
    }

    /// How the API server names this manager in a conflict message
    /// (`"hpa" with subresource "scale" using apps/v1`).
    pub fn describe(&self) -> String {
        let mut s = go_quote(&self.manager);
        if !self.subresource.is_empty() {
            s.push_str(&format!(
                " with subresource {}",
                go_quote(&self.subresource)
            ));
        }
        if self.operation == Operation::Update {
            s.push_str(&format!(" using {}", self.api_version));
        }
        s
    }
}

/// Every manager's fields and the time of its last change, by identifier.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Managed {
    pub fields: ManagedFields,
    pub times: HashMap<String, String>,
}

/// Why stored managedFields could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DecodeError(pub String);

/// Reads `metadata.managedFields` of an object (absent: no managers).
pub fn decode(object: &Value) -> Result<Managed, DecodeError> {
    let mut managed = Managed::default();
    let Some(entries) = object.get_path(&["metadata", "managedFields"]) else {
        return Ok(managed);
    };
    let entries = match entries {
        Value::Null => return Ok(managed),
        Value::List(l) => l,
        _ => {
            return Err(DecodeError(
                ".metadata.managedFields: expected a list".into(),
            ));
        }
    };
    for (i, entry) in entries.iter().enumerate() {
        let text = |k: &str| entry.get(k).and_then(Value::as_str).unwrap_or("");
        // The checks and their wording are upstream `DecodeManagedFields`.
        let operation = match text("operation") {
            "Apply" => Operation::Apply,
            "Update" => Operation::Update,
            _ => return Err(DecodeError("operation must be `Apply` or `Update`".into())),
        };
        if text("apiVersion").is_empty() {
            return Err(DecodeError("apiVersion must not be empty".into()));
        }
        match text("fieldsType") {
            "FieldsV1" => {}
            "" => {
                return Err(DecodeError(format!(
                    "missing fieldsType in managed fields entry {i}"
                )));
            }
            other => {
                return Err(DecodeError(format!(
                    "invalid fieldsType {} in managed fields entry {i}",
                    go_quote(other)
                )));
            }
        }
        let id = ManagerId {
            manager: text("manager").to_string(),
            operation,
            api_version: text("apiVersion").to_string(),
            subresource: text("subresource").to_string(),
        };
        let set = match entry.get("fieldsV1") {
            None | Some(Value::Null) => Set::new(),
            Some(f) => Set::from_fields_v1(f).map_err(|e| {
                DecodeError(format!(
                    "error decoding versioned set from entry {i}: error decoding set: {e}"
                ))
            })?,
        };
        // A repeated manager replaces the earlier entry, as upstream's map
        // assignment does.
        let key = id.encode();
        managed.fields.insert(
            key.clone(),
            VersionedSet {
                set,
                api_version: id.api_version.clone(),
                applied: operation == Operation::Apply,
            },
        );
        match entry.get("time").and_then(Value::as_str) {
            Some(t) => managed.times.insert(key, t.to_string()),
            None => managed.times.remove(&key),
        };
    }
    Ok(managed)
}

/// Writes `managed` into the object's `metadata.managedFields` (removing
/// the key when there are no managers), sorted as the server sorts.
pub fn encode_into(object: &mut Value, managed: &Managed) {
    let mut entries: Vec<(ManagerId, &VersionedSet, Option<&String>)> = managed
        .fields
        .iter()
        .filter_map(|(key, vs)| ManagerId::decode(key).map(|id| (id, vs, managed.times.get(key))))
        .collect();
    crate::sort::sort_by(&mut entries, |a, b| {
        a.0.operation
            .cmp(&b.0.operation)
            .then_with(|| {
                a.2.map(String::as_str)
                    .unwrap_or("")
                    .cmp(b.2.map(String::as_str).unwrap_or(""))
            })
            .then_with(|| a.0.manager.cmp(&b.0.manager))
            .then_with(|| a.1.api_version.cmp(&b.1.api_version))
            .then_with(|| a.0.subresource.cmp(&b.0.subresource))
    });
    let list: Vec<Value> = entries
        .into_iter()
        .map(|(id, vs, time)| {
            let mut e = Map::new();
            e.insert("manager", Value::from(id.manager));
            e.insert("operation", Value::from(id.operation.as_str()));
            e.insert("apiVersion", Value::from(vs.api_version.clone()));
            if let Some(t) = time {
                e.insert("time", Value::from(t.clone()));
            }
            e.insert("fieldsType", Value::from("FieldsV1"));
            e.insert("fieldsV1", vs.set.to_fields_v1());
            if !id.subresource.is_empty() {
                e.insert("subresource", Value::from(id.subresource));
            }
            Value::Map(e)
        })
        .collect();
    if let Some(meta) = object.child_map_mut("metadata") {
        if list.is_empty() {
            meta.remove("managedFields");
        } else {
            meta.insert("managedFields", Value::List(list));
        }
    }
}

/// Removes `metadata.managedFields` from an object.
pub fn remove_from(object: &mut Value) {
    if let Some(meta) = object
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    {
        meta.remove("managedFields");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_as_the_server_builds_them() {
        assert_eq!(
            ManagerId::apply("kubectl", "").encode(),
            r#"{"manager":"kubectl","operation":"Apply"}"#
        );
        assert_eq!(
            ManagerId::update("hpa", "apps/v1", "scale").encode(),
            r#"{"manager":"hpa","operation":"Update","apiVersion":"apps/v1","subresource":"scale"}"#
        );
        let id = ManagerId::update("hpa", "apps/v1", "scale");
        assert_eq!(ManagerId::decode(&id.encode()), Some(id.clone()));
        assert_eq!(
            id.describe(),
            r#""hpa" with subresource "scale" using apps/v1"#
        );
        assert_eq!(
            ManagerId::apply("équipe (paris)", "").describe(),
            r#""équipe (paris)""#
        );
    }

    #[test]
    fn encode_sorts_apply_first_then_time_then_name() {
        let set = |p: &[&str]| Set::from_paths([crate::fieldpath::Path::fields(p)].iter());
        let mut managed = Managed::default();
        for (id, time, path) in [
            (
                ManagerId::update("u", "v1", ""),
                "2024-01-01T00:00:01Z",
                "a",
            ),
            (ManagerId::apply("z", ""), "2024-01-01T00:00:02Z", "b"),
            (ManagerId::apply("a", ""), "2024-01-01T00:00:02Z", "c"),
        ] {
            managed.fields.insert(
                id.encode(),
                VersionedSet {
                    set: set(&["data", path]),
                    api_version: "v1".into(),
                    applied: id.operation == Operation::Apply,
                },
            );
            managed.times.insert(id.encode(), time.into());
        }
        let mut object = Value::from_json_str(r#"{"metadata":{"name":"x"}}"#).unwrap();
        encode_into(&mut object, &managed);
        let names: Vec<&str> = object
            .get_path(&["metadata", "managedFields"])
            .unwrap()
            .as_list()
            .unwrap()
            .iter()
            .map(|e| e.get("manager").unwrap().as_str().unwrap())
            .collect();
        assert_eq!(names, vec!["a", "z", "u"]);
        assert_eq!(decode(&object).unwrap(), managed);
    }

    #[test]
    fn bad_entries_are_reported_in_upstream_words() {
        let table = [
            (
                r#"[{"manager":"m","operation":"Patch","apiVersion":"v1","fieldsType":"FieldsV1"}]"#,
                "operation must be `Apply` or `Update`",
            ),
            (
                r#"[{"manager":"m","operation":"Apply","fieldsType":"FieldsV1"}]"#,
                "apiVersion must not be empty",
            ),
            (
                r#"[{"manager":"m","operation":"Apply","apiVersion":"v1","fieldsType":"FieldsV1"},
                   {"manager":"m","operation":"Apply","apiVersion":"v1"}]"#,
                "missing fieldsType in managed fields entry 1",
            ),
            (
                r#"[{"manager":"m","operation":"Apply","apiVersion":"v1","fieldsType":"FieldsV2"}]"#,
                r#"invalid fieldsType "FieldsV2" in managed fields entry 0"#,
            ),
        ];
        for (entries, message) in table {
            let object =
                Value::from_json_str(&format!(r#"{{"metadata":{{"managedFields":{entries}}}}}"#))
                    .unwrap();
            assert_eq!(decode(&object).unwrap_err().0, message, "{entries}");
        }
    }

    #[test]
    fn a_repeated_manager_keeps_the_last_entry() {
        let object = Value::from_json_str(
            r#"{"metadata":{"managedFields":[
              {"manager":"m","operation":"Apply","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:a":{}},"time":"2024-01-01T00:00:01Z"},
              {"manager":"m","operation":"Apply","apiVersion":"v2","fieldsType":"FieldsV1","fieldsV1":{"f:b":{}}}]}}"#,
        )
        .unwrap();
        let managed = decode(&object).unwrap();
        let id = ManagerId::apply("m", "").encode();
        assert_eq!(managed.fields.len(), 1);
        assert_eq!(managed.fields.get(&id).unwrap().api_version, "v2");
        assert!(
            managed
                .fields
                .get(&id)
                .unwrap()
                .set
                .has(&crate::fieldpath::Path::fields(&["b"]))
        );
        assert_eq!(managed.times.get(&id), None);
    }
}
