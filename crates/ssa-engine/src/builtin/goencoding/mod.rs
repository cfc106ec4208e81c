//! Built-in objects as the API server's Go structs read and print them.
//!
//! The server decodes a built-in object into the k8s.io/api Go types and
//! writes it back with encoding/json, so what it stores and returns is
//! not the JSON it was sent: a field whose json tag has neither
//! `omitempty` nor `omitzero` is always printed, with its zero value when
//! unset (`0`, `""`, `false`, `null` for a nil pointer, slice or map, a
//! struct with its own always-printed fields); `omitempty` drops `""`, `0`,
//! `false`, nil and empty slices and maps but never a struct; `omitzero`
//! drops a zero value of any type (metav1.Time's `IsZero`); fields the
//! struct does not have are dropped; metav1.Time prints `null` when zero,
//! IntOrString `0`, Quantity `"0"` (and canonical, [`quantity`]),
//! Duration `"0s"`; times are printed in UTC ([`time`]).
//!
//! Two passes follow that round trip. [`Pass::Decode`] gives the
//! defaulters the object as Go sees it before defaulting (a `null` or a
//! `""` in a string field is the same as an unset field); [`Pass::Encode`]
//! prints it. The facts per field come from the generated table
//! ([`table`]).

mod convert;
mod convert_types;
mod decode;
pub(crate) mod json_scanner;
pub(crate) mod quantity;
pub(crate) mod table;
pub(crate) mod time;

pub(crate) use convert::from_unstructured;
pub(crate) use decode::decode_numbers;

/// The error of a type's own `UnmarshalJSON` for `v`, which both the
/// unstructured converter and the JSON decoder return as it is (no field
/// path): a Quantity's `ParseQuantity`, a Time's or MicroTime's
/// `time.Parse`. `None` for other types and for what they read.
fn unmarshal_refusal(ty: &GoType, v: &Value) -> Option<String> {
    match ty {
        GoType::Quantity => quantity::refusal(v).map(str::to_string),
        GoType::Time | GoType::MicroTime => time::refusal(v, *ty == GoType::MicroTime),
        _ => None,
    }
}

use crate::value::{Map, Value};
use table::{Field, GoStruct, GoTable, GoType};

/// Which half of the round trip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pass {
    /// What the defaulters see: unset values (`null`, and the zero of a
    /// non-pointer scalar) removed; nothing added.
    Decode,
    /// What encoding/json prints.
    Encode,
}

/// Zero values of structs nest only through value (non-pointer) struct
/// fields, which Go forbids to recurse; a table that did would stop here.
const MAX_ZERO_DEPTH: usize = 64;

/// Runs `pass` over `object`, an instance of struct `root` of `table`.
pub(crate) fn run(table: &GoTable, root: usize, object: &mut Value, pass: Pass) {
    let walker = Walker { table, pass };
    if let Value::Map(m) = object
        && let Some(new) = walker.structure(m, root, 0)
    {
        *m = new;
    }
}

/// Field `name` of struct `root` as Go prints it when it holds `value`
/// (`None`: unset); `None` when encoding/json leaves the field out.
pub(crate) fn encode_field(
    table: &GoTable,
    root: usize,
    name: &str,
    value: Option<&Value>,
) -> Option<Value> {
    let field = table.get(root)?.field(name)?;
    let walker = Walker {
        table,
        pass: Pass::Encode,
    };
    match walker.field(field, value, 0) {
        Edit::Keep => value.cloned(),
        Edit::Set(v) => Some(v),
        Edit::Remove => None,
    }
}

struct Walker<'a> {
    table: &'a GoTable,
    pass: Pass,
}

/// What becomes of one field of a struct.
enum Edit {
    Keep,
    Set(Value),
    Remove,
}

impl Walker<'_> {
    /// A struct's fields; `Some` when anything changed (maps are shared
    /// copy-on-write, so an unchanged subtree is not copied).
    fn structure(&self, m: &Map, index: usize, depth: usize) -> Option<Map> {
        let s: &GoStruct = self.table.get(index)?;
        let mut out: Option<Map> = None;
        if self.pass == Pass::Encode {
            // Go's decoder drops what the struct has no field for.
            for key in m.keys().filter(|k| s.field(k).is_none()) {
                out.get_or_insert_with(|| m.clone()).remove(key);
            }
        }
        for field in &s.fields {
            match self.field(field, m.get(&field.name), depth) {
                Edit::Keep => {}
                Edit::Set(v) => {
                    out.get_or_insert_with(|| m.clone())
                        .insert(field.name.clone(), v);
                }
                Edit::Remove => {
                    out.get_or_insert_with(|| m.clone()).remove(&field.name);
                }
            }
        }
        out
    }

    fn field(&self, field: &Field, current: Option<&Value>, depth: usize) -> Edit {
        match self.pass {
            Pass::Decode => match current {
                None => Edit::Keep,
                Some(v) if v.is_null() || is_scalar_zero(v, &field.ty) => Edit::Remove,
                Some(v) => self
                    .value(v, &field.ty, depth)
                    .map_or(Edit::Keep, Edit::Set),
            },
            Pass::Encode => {
                let new = self.value(current.unwrap_or(&Value::Null), &field.ty, depth);
                let effective = new.as_ref().or(current).unwrap_or(&Value::Null);
                let omitted = (field.omit_empty && is_empty(effective, &field.ty))
                    || (field.omit_zero && self.is_zero(effective, &field.ty, depth));
                match (omitted, new, current) {
                    (true, _, None) => Edit::Keep,
                    (true, _, Some(_)) => Edit::Remove,
                    (false, Some(v), _) => Edit::Set(v),
                    // An unset pointer, slice or map prints `null`.
                    (false, None, None) => Edit::Set(Value::Null),
                    (false, None, Some(_)) => Edit::Keep,
                }
            }
        }
    }

    /// A value of type `ty`; `Some` when it changed.
    fn value(&self, v: &Value, ty: &GoType, depth: usize) -> Option<Value> {
        let encode = self.pass == Pass::Encode;
        match (ty, v) {
            (GoType::Pointer(inner), v) if !v.is_null() => self.value(v, inner, depth),
            (GoType::Slice(inner), Value::List(items)) => {
                let mut out: Option<Vec<Value>> = None;
                for (i, item) in items.iter().enumerate() {
                    if let Some(new) = self.value(item, inner, depth + 1) {
                        out.get_or_insert_with(|| items.clone())[i] = new;
                    }
                }
                out.map(Value::List)
            }
            (GoType::Map(inner), Value::Map(m)) => {
                let mut out: Option<Map> = None;
                for (k, item) in m {
                    if let Some(new) = self.value(item, inner, depth + 1) {
                        out.get_or_insert_with(|| m.clone()).insert(k.clone(), new);
                    }
                }
                out.map(Value::Map)
            }
            (GoType::Struct(i), Value::Map(m)) => self.structure(m, *i, depth + 1).map(Value::Map),
            // The JSONSchemaProps unions print the schema they hold as
            // the schema struct, and a list of schemas item by item.
            (
                GoType::SchemaOrArray(i) | GoType::SchemaOrBool(i) | GoType::SchemaOrStrings(i),
                Value::Map(m),
            ) => self.structure(m, *i, depth + 1).map(Value::Map),
            (GoType::SchemaOrArray(i), Value::List(_)) => {
                self.value(v, &GoType::Slice(Box::new(GoType::Struct(*i))), depth)
            }
            (GoType::Struct(i), Value::Null) if encode => {
                if depth > MAX_ZERO_DEPTH {
                    return None;
                }
                let empty = Map::new();
                Some(Value::Map(
                    self.structure(&empty, *i, depth + 1).unwrap_or(empty),
                ))
            }
            (GoType::Quantity, v) if encode => quantity::encode(v),
            (GoType::Time | GoType::MicroTime, Value::String(s)) if encode => {
                time::reprint(s, *ty == GoType::MicroTime)
                    .filter(|printed| printed != s)
                    .map(Value::String)
            }
            (_, Value::Null) if encode => zero_scalar(ty),
            _ => None,
        }
    }

    /// Whether `v` is the zero value of `ty` (omitzero; metav1.Time by its
    /// `IsZero`, a struct when every field is).
    fn is_zero(&self, v: &Value, ty: &GoType, depth: usize) -> bool {
        match (ty, v) {
            (_, Value::Null) => true,
            (GoType::Struct(i), Value::Map(m)) => {
                depth <= MAX_ZERO_DEPTH
                    && self.table.get(*i).is_some_and(|s| {
                        s.fields.iter().all(|f| {
                            m.get(&f.name)
                                .is_none_or(|v| self.is_zero(v, &f.ty, depth + 1))
                        })
                    })
            }
            (GoType::Quantity, v) => quantity::is_zero(v),
            (GoType::IntOrString, v) => *v == Value::Int(0),
            (GoType::Duration, Value::String(s)) => s == "0s",
            (GoType::SchemaOrBool(_), v) => *v == Value::Bool(false),
            (ty, v) => is_scalar_zero(v, ty),
        }
    }
}

/// The zero value of a scalar type as encoding/json prints it; `None`
/// where it is `null`.
fn zero_scalar(ty: &GoType) -> Option<Value> {
    Some(match ty {
        GoType::Str => Value::from(""),
        GoType::Int | GoType::Int32 | GoType::Float | GoType::IntOrString => Value::Int(0),
        GoType::Bool | GoType::SchemaOrBool(_) => Value::Bool(false),
        GoType::Duration => Value::from("0s"),
        GoType::Quantity => Value::from("0"),
        _ => return None,
    })
}

/// `""`, `0` or `false` in a field of that (non-pointer) type: what Go's
/// decoder leaves as if the field were unset.
fn is_scalar_zero(v: &Value, ty: &GoType) -> bool {
    match (ty, v) {
        (GoType::Str, Value::String(s)) => s.is_empty(),
        (GoType::Int | GoType::Int32 | GoType::Float, Value::Int(0)) => true,
        (GoType::Int | GoType::Int32 | GoType::Float, Value::Float(f)) => *f == 0.0,
        (GoType::Bool, Value::Bool(b)) => !b,
        _ => false,
    }
}

/// encoding/json's `isEmptyValue`, what `omitempty` leaves out: false, 0,
/// "", nil pointers and interfaces, nil or empty slices and maps; never a
/// struct (Time, Quantity and IntOrString included).
fn is_empty(v: &Value, ty: &GoType) -> bool {
    match ty {
        GoType::Str | GoType::Int | GoType::Int32 | GoType::Float | GoType::Bool => {
            v.is_null() || is_scalar_zero(v, ty)
        }
        GoType::Pointer(_) | GoType::Any => v.is_null(),
        GoType::Slice(_) | GoType::Map(_) | GoType::Bytes => match v {
            Value::Null => true,
            Value::List(l) => l.is_empty(),
            Value::Map(m) => m.is_empty(),
            Value::String(s) => s.is_empty(),
            _ => false,
        },
        _ => false,
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream_tests;
