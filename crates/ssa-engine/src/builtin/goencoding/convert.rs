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
//! A value the field's type cannot take is refused too, with the
//! converter's words ([`super::convert_types`]).

use super::decode::{int_type_name, refused_number};
use super::table::{GoTable, GoType};
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
    if let Some(error) = super::convert_types::first_refusal(table, root, object) {
        return Err(error);
    }
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
        if m.get(&field.name)
            .is_some_and(|v| needs_walk(table, v, &field.ty))
            && let Some(v) = m.get_mut(&field.name)
        {
            value(table, v, &field.ty)?;
        }
    }
    Ok(())
}

/// Whether anything in `v`, of type `ty`, is narrowed or refused.
fn needs_walk(table: &GoTable, v: &Value, ty: &GoType) -> bool {
    match (ty, v) {
        (GoType::Int | GoType::Int32, Value::Float(_)) => true,
        (GoType::Int32, Value::Int(i)) => i32::try_from(*i).is_err(),
        (GoType::IntOrString, v) => refused_number(v, &GoType::Int32).is_some(),
        (GoType::Quantity | GoType::Time | GoType::MicroTime, v) => {
            unmarshal_refusal(ty, v).is_some()
        }
        (GoType::Pointer(inner), v) => needs_walk(table, v, inner),
        (GoType::Slice(inner), Value::List(items)) => {
            items.iter().any(|item| needs_walk(table, item, inner))
        }
        (GoType::Map(inner), Value::Map(m)) => {
            m.values().any(|item| needs_walk(table, item, inner))
        }
        (GoType::Struct(i), Value::Map(m)) => table.get(*i).is_some_and(|s| {
            m.iter()
                .any(|(key, v)| s.field(key).is_some_and(|f| needs_walk(table, v, &f.ty)))
        }),
        _ => false,
    }
}

fn value(table: &GoTable, v: &mut Value, ty: &GoType) -> Result<(), String> {
    match (ty, v) {
        (GoType::Pointer(inner), v) => value(table, v, inner),
        (GoType::Slice(inner), Value::List(items)) => {
            for item in items {
                value(table, item, inner)?;
            }
            Ok(())
        }
        (GoType::Map(inner), Value::Map(m)) => {
            for (_, item) in m.iter_mut() {
                value(table, item, inner)?;
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
        (GoType::IntOrString, v) => match refused_number(v, &GoType::Int32) {
            Some(text) => Err(format!(
                "json: cannot unmarshal number {text} into Go value of type int32"
            )),
            None => Ok(()),
        },
        (GoType::Quantity | GoType::Time | GoType::MicroTime, v) => {
            unmarshal_refusal(ty, v).map_or(Ok(()), Err)
        }
        _ => Ok(()),
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
