//! The unstructured converter's refusals of values of the wrong JSON type:
//! a read-only walk in the structs' declaration order, as
//! `fromUnstructured` meets the fields, that finds the converter's first
//! error of any kind, numbers and Quantity and time texts included
//! ([`super::convert`] then narrows the integers).
//!
//! `unrecognized type: int32` (a string in an integer field), `cannot
//! convert int64 to v1.PullPolicy` (the Go type as reflect prints it, the
//! table's name for it), `cannot restore slice from map`, `cannot restore
//! struct from: string`; a `[]byte`'s text goes through JSON, so base64
//! (`error decoding from json: illegal base64 data at input byte 0`).
//! tools/decode-diff checks them against the converter itself.

use super::decode::{int_type_name, refused_number};
use super::table::{GoTable, GoType, element_name};
use super::unmarshal_refusal;
use crate::value::Value;

/// The converter's first error for `object`, an instance of struct
/// `root`; `None` when it converts.
pub(super) fn first_refusal(table: &GoTable, root: usize, object: &Value) -> Option<String> {
    walk(table, object, &GoType::Struct(root), None)
}

fn walk(table: &GoTable, v: &Value, ty: &GoType, named: Option<&str>) -> Option<String> {
    match (ty, v) {
        (GoType::Pointer(inner), v) => walk(table, v, inner, named),
        (GoType::Slice(inner), Value::List(items)) => items
            .iter()
            .find_map(|item| walk(table, item, inner, element_name(named))),
        (GoType::Map(inner), Value::Map(m)) => m
            .values()
            .find_map(|item| walk(table, item, inner, element_name(named))),
        (GoType::Struct(i), Value::Map(m)) => table.get(*i)?.fields.iter().find_map(|field| {
            let v = m.get(&field.name)?;
            walk(table, v, &field.ty, field.go_name.as_deref())
        }),
        (GoType::Int | GoType::Int32, Value::Float(f)) if f.fract() != 0.0 => {
            Some(format!("cannot convert float64 to {}", int_type_name(ty)))
        }
        (GoType::IntOrString, Value::Int(_) | Value::Float(_)) => refused_number(v, &GoType::Int32)
            .map(|text| {
                format!("json: cannot unmarshal number {text} into Go value of type int32")
            }),
        (GoType::Quantity | GoType::Time | GoType::MicroTime, v) => {
            unmarshal_refusal(ty, v).or_else(|| type_refusal(ty, v, named))
        }
        (ty, v) => type_refusal(ty, v, named),
    }
}

/// The converter's error for a value of a JSON type its field's type
/// cannot take (`fromUnstructured`: `st.ConvertibleTo(dt)` and the kind
/// switches; a type with its own UnmarshalJSON reads the value's JSON);
/// `named`, the table's name for the field's type. Numbers a field cannot
/// hold and texts a Quantity or a time cannot parse are refused before.
fn type_refusal(ty: &GoType, v: &Value, named: Option<&str>) -> Option<String> {
    // reflect's kind of an unstructured value.
    let kind = match v {
        Value::Null => return None,
        Value::Int(_) => "int64",
        Value::Float(_) => "float64",
        Value::String(_) => "string",
        Value::Bool(_) => "bool",
        Value::List(_) => "slice",
        Value::Map(_) => "map",
    };
    // What encoding/json calls the value, for the types that read JSON.
    let json_kind = match v {
        Value::Int(_) | Value::Float(_) => "number",
        Value::List(_) => "array",
        Value::Map(_) => "object",
        _ => kind,
    };
    let unrecognized = |go: &str| Some(format!("unrecognized type: {go}"));
    match (ty, v) {
        (GoType::IntOrString, Value::Int(_) | Value::Float(_) | Value::String(_))
        | (GoType::Quantity | GoType::Time | GoType::MicroTime, Value::String(_))
        | (GoType::Quantity, _)
        | (GoType::Str, Value::String(_))
        | (GoType::Int | GoType::Int32 | GoType::Float, Value::Int(_) | Value::Float(_))
        | (GoType::Bool, Value::Bool(_))
        | (GoType::Map(_) | GoType::Struct(_), Value::Map(_)) => None,
        // A []byte from a list: each item converted to a uint8.
        (GoType::Bytes, Value::List(items)) => items.iter().find_map(|item| match item {
            Value::Float(f) if f.fract() != 0.0 => Some("cannot convert float64 to uint8".into()),
            Value::String(_) | Value::Bool(_) | Value::List(_) | Value::Map(_) => {
                unrecognized("uint8")
            }
            _ => None,
        }),
        // IntOrString reads what is not a string as an int32, the times
        // and Duration a string, with encoding/json.
        (GoType::IntOrString | GoType::Time | GoType::MicroTime | GoType::Duration, _) => {
            Some(format!(
                "json: cannot unmarshal {json_kind} into Go value of type {}",
                if *ty == GoType::IntOrString {
                    "int32"
                } else {
                    "string"
                }
            ))
        }
        // `[]byte` from a string: through JSON, so base64.
        (GoType::Bytes, Value::String(text)) => crate::yaml::decode_base64(text)
            .err()
            .map(|at| format!("error decoding from json: illegal base64 data at input byte {at}")),
        (GoType::Str, Value::Int(_)) => Some(format!(
            "cannot convert int64 to {}",
            named.unwrap_or("string")
        )),
        (GoType::Str, _) => unrecognized("string"),
        (GoType::Int | GoType::Int32, _) => unrecognized(int_type_name(ty)),
        (GoType::Float, _) => unrecognized("float64"),
        (GoType::Bool, _) => unrecognized("bool"),
        (GoType::Slice(_) | GoType::Bytes | GoType::Map(_) | GoType::Struct(_), _) => {
            let (into, colon) = match ty {
                GoType::Map(_) => ("map", ""),
                GoType::Struct(_) => ("struct", ":"),
                _ => ("slice", ""),
            };
            Some(format!("cannot restore {into} from{colon} {kind}"))
        }
        _ => None,
    }
}
