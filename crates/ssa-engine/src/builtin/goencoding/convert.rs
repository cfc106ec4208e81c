//! apimachinery's `runtime.DefaultUnstructuredConverter.FromUnstructured`
//! (`pkg/runtime/converter.go`), which a server-side apply goes through:
//! structured-merge-diff's merged object is an unstructured map, and
//! `structuredMergeManager.Apply` converts it into the kind's Go struct
//! (`Scheme.unstructuredToTyped`) before defaulting. Unlike the JSON
//! decoder of the other write paths, that conversion reads numbers by
//! reflection: an integer is converted to the field's width with Go's
//! integer conversion (the low bits, no range check: 4294967297 in an
//! int32 field is 1), a float only when it is integral, and a float with
//! a fraction in an integer field fails with `cannot convert float64 to
//! int32` (no field path).
//!
//! Numbers reach the server as sigs.k8s.io/yaml and `util/json` leave them
//! (`crate::yaml`'s scalars): integers that fit int64 as int64, the rest
//! as float64. An integral float beyond int64 is converted by
//! `reflect.Value.Convert` through Go's float-to-int64 conversion
//! (`cvtFloatInt`), whose result for an out-of-range value depends on the
//! CPU: the engine answers as x86-64, where nearly every API server runs
//! (`CVTTSD2SQ` gives `math.MinInt64`, so 0 in an int32 field; arm64
//! saturates instead).
//!
//! Types with their own `UnmarshalJSON` are converted through JSON
//! (structured-merge-diff's `TypeReflectCacheEntry.FromUnstructured`:
//! `json.Marshal`, then the type's `UnmarshalJSON`): an IntOrString's
//! number is read by encoding/json into an int32, which refuses what does
//! not fit (`json: cannot unmarshal number 4294967297 into Go value of
//! type int32`, no field path); a Quantity's text is parsed by
//! `ParseQuantity`, whose error is the answer (`quantities must match the
//! regular expression ...`), and a Time's by `time.Parse` (`parsing time
//! "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"`).
//! The others (the JSONSchemaProps unions, RawExtension, ...) are not
//! walked here.
//!
//! A value the field's type cannot take is refused with the converter's
//! words (`fromUnstructured`): `unrecognized type: int32` (a string in an
//! integer field), `cannot convert int64 to v1.PullPolicy`, `cannot
//! restore slice from map`, `cannot restore struct from: string`; a
//! `[]byte`'s text goes through JSON, so base64 (`error decoding from
//! json: illegal base64 data at input byte 0`). tools/decode-diff checks
//! them against the converter itself.

use super::decode::{int_type_name, refused_number};
use super::table::{GoTable, GoType, element_name};
use super::unmarshal_refusal;
use crate::value::{Map, Value};

/// Converts `object`, an instance of struct `root`, as `FromUnstructured`
/// does: integers narrowed to their field's width; `Err` with the
/// converter's message for a float with a fraction in an integer field
/// (the first in the structs' declaration order, as Go meets it).
pub(crate) fn from_unstructured(
    table: &GoTable,
    root: usize,
    object: &mut Value,
) -> Result<(), String> {
    if let Value::Map(m) = object {
        structure(table, m, root)?;
    }
    Ok(())
}

fn structure(table: &GoTable, m: &mut Map, index: usize) -> Result<(), String> {
    let Some(s) = table.get(index) else {
        return Ok(());
    };
    for field in &s.fields {
        // Only copy a shared map when something below it changes or is
        // refused.
        let named = field.go_name.as_deref();
        if m.get(&field.name)
            .is_some_and(|v| needs_walk(table, v, &field.ty, named))
            && let Some(v) = m.get_mut(&field.name)
        {
            value(table, v, &field.ty, named)?;
        }
    }
    Ok(())
}

/// Whether anything in `v`, of type `ty`, is narrowed or refused.
fn needs_walk(table: &GoTable, v: &Value, ty: &GoType, named: Option<&str>) -> bool {
    match (ty, v) {
        (GoType::Int | GoType::Int32, Value::Float(_)) => true,
        (GoType::Int32, Value::Int(i)) => i32::try_from(*i).is_err(),
        (GoType::Pointer(inner), v) => needs_walk(table, v, inner, named),
        (GoType::Slice(inner), Value::List(items)) => items
            .iter()
            .any(|item| needs_walk(table, item, inner, element_name(named))),
        (GoType::Map(inner), Value::Map(m)) => m
            .values()
            .any(|item| needs_walk(table, item, inner, element_name(named))),
        (GoType::Struct(i), Value::Map(m)) => table.get(*i).is_some_and(|s| {
            m.iter().any(|(key, v)| {
                s.field(key)
                    .is_some_and(|f| needs_walk(table, v, &f.ty, f.go_name.as_deref()))
            })
        }),
        (ty, v) => refusal(ty, v, named).is_some(),
    }
}

fn value(table: &GoTable, v: &mut Value, ty: &GoType, named: Option<&str>) -> Result<(), String> {
    match (ty, v) {
        (GoType::Pointer(inner), v) => value(table, v, inner, named),
        (GoType::Slice(inner), Value::List(items)) => {
            for item in items {
                value(table, item, inner, element_name(named))?;
            }
            Ok(())
        }
        (GoType::Map(inner), Value::Map(m)) => {
            for (_, item) in m.iter_mut() {
                value(table, item, inner, element_name(named))?;
            }
            Ok(())
        }
        (GoType::Struct(i), Value::Map(m)) => structure(table, m, *i),
        (GoType::Int | GoType::Int32, v @ Value::Float(_)) => {
            let Value::Float(f) = *v else {
                return Ok(());
            };
            if f != f.trunc() {
                return Err(format!("cannot convert float64 to {}", int_type_name(ty)));
            }
            // Past int64, x86-64's conversion: math.MinInt64.
            let n = crate::value::wire_int(v).unwrap_or(i64::MIN);
            *v = Value::Int(narrow(n, ty));
            Ok(())
        }
        (GoType::Int32, Value::Int(i)) => {
            *i = narrow(*i, ty);
            Ok(())
        }
        (ty, v) => refusal(ty, v, named).map_or(Ok(()), Err),
    }
}

/// The converter's error for a value its field's type cannot take
/// (`fromUnstructured`: `st.ConvertibleTo(dt)` and the kind switches; a
/// type with its own UnmarshalJSON reads the value's JSON); `named`, the
/// table's name for the field's type.
fn refusal(ty: &GoType, v: &Value, named: Option<&str>) -> Option<String> {
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
        (GoType::IntOrString, Value::Int(_) | Value::Float(_)) => refused_number(v, &GoType::Int32)
            .map(|text| {
                format!("json: cannot unmarshal number {text} into Go value of type int32")
            }),
        (GoType::IntOrString, Value::String(_))
        | (GoType::Str, Value::String(_))
        | (GoType::Int | GoType::Int32 | GoType::Float, Value::Int(_) | Value::Float(_))
        | (GoType::Bool, Value::Bool(_)) => None,
        // A []byte from a list: each item converted to a uint8.
        (GoType::Bytes, Value::List(items)) => items.iter().find_map(|item| match item {
            Value::Float(f) if f.fract() != 0.0 => Some("cannot convert float64 to uint8".into()),
            Value::String(_) | Value::Bool(_) | Value::List(_) | Value::Map(_) => {
                unrecognized("uint8")
            }
            _ => None,
        }),
        (GoType::IntOrString, _) => Some(format!(
            "json: cannot unmarshal {json_kind} into Go value of type int32"
        )),
        (GoType::Quantity | GoType::Time | GoType::MicroTime, Value::String(_))
        | (GoType::Quantity, _) => unmarshal_refusal(ty, v),
        (GoType::Time | GoType::MicroTime | GoType::Duration, _) => Some(format!(
            "json: cannot unmarshal {json_kind} into Go value of type string"
        )),
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
        (GoType::Slice(_) | GoType::Bytes, _) => Some(format!("cannot restore slice from {kind}")),
        (GoType::Map(_), Value::Map(_)) | (GoType::Struct(_), Value::Map(_)) => None,
        (GoType::Map(_), _) => Some(format!("cannot restore map from {kind}")),
        (GoType::Struct(_), _) => Some(format!("cannot restore struct from: {kind}")),
        _ => None,
    }
}

/// Go's conversion of an int64 to the field's type: the low 32 bits of an
/// int32, sign-extended back.
fn narrow(i: i64, ty: &GoType) -> i64 {
    match ty {
        GoType::Int32 => i64::from(i as i32),
        _ => i,
    }
}
