//! `-o yaml` and `-o json`: the objects as kubectl prints them after an
//! apply (keys sorted as Go prints a decoded map; several objects in a
//! `kind: List`; JSON indented by four spaces).

use ssa_engine::review::sorted_keys;
use ssa_engine::value::{Map, Value};

/// The objects' document: the object itself, or a List of several.
pub fn printed_document(objects: Vec<Value>) -> Value {
    match <[Value; 1]>::try_from(objects) {
        Ok([one]) => one,
        Err(objects) => {
            let mut list = Map::new();
            list.insert("apiVersion", Value::String("v1".into()));
            list.insert("items", Value::List(objects));
            list.insert("kind", Value::String("List".into()));
            list.insert("metadata", Value::Map(Map::new()));
            Value::Map(list)
        }
    }
}

pub fn yaml(value: &Value) -> String {
    ssa_engine::yaml::to_yaml_string(&sorted_keys(value.clone()))
}

/// kubectl's JSON printer: `json.MarshalIndent(obj, "", "    ")`.
pub fn json(value: &Value) -> String {
    let compact = value.to_json_sorted();
    let Ok(parsed) = serde_json::from_str::<serde_json::Value>(&compact) else {
        return compact;
    };
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b"    ");
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
    if serde::Serialize::serialize(&parsed, &mut serializer).is_err() {
        return compact;
    }
    String::from_utf8(out).unwrap_or(compact)
}
