//! The API server's JSON decoding of a built-in object into its Go struct
//! (`sigs.k8s.io/json`, the JSON serializer's `UnmarshalStrict` and
//! `UnmarshalCaseSensitivePreserveInts`): the update and create handlers
//! decode the request body with it, and a JSON or merge patch's handler
//! the patched document (`handlers/patch.go`
//! `jsonPatcher.applyPatchToCurrentObject`: `runtime.DecodeInto`). Unlike
//! the unstructured converter of apply and strategic merge patch
//! ([`super::convert`]), the decoder parses a number's text for its field
//! (`literalStore`: `strconv.ParseInt`, then `OverflowInt`), so a number
//! with a fraction or an exponent, or one past the field's width, is
//! refused: `json: cannot unmarshal number 4294967297 into Go struct field
//! DeploymentSpec.spec.replicas of type int32`.
//!
//! A value of another JSON type than its field's Go type is refused the
//! same way (`json: cannot unmarshal string into Go struct field
//! DeploymentSpec.spec.replicas of type int32`), the Go type named as
//! reflect prints it (the table's name for it: `v1.PullPolicy`,
//! `[]v1.ContainerPort`); a `[]byte`'s text that is not base64 with
//! `base64`'s own error (`illegal base64 data at input byte 0`), kept as
//! the first error like the others. tools/decode-diff checks all of it.
//!
//! The message is Go's `UnmarshalTypeError` (the fork aliases the standard
//! library's type, whose `Error` has had this form since Go 1.8) with the
//! fork's `addErrorContext`: `Struct` the Go type that holds the field,
//! `Field` the json names of the struct fields from the root joined by
//! dots (no list index, no map key). The first such error is kept and
//! decoding goes on; an error of a type's own `UnmarshalJSON` ends the
//! decoding at once with the same context (IntOrString decodes its number
//! with encoding/json into an int32).
//!
//! Numbers reach the server as Go's encoder prints them (kubectl sends
//! JSON): an integral float below 1e21 without a fraction (`1e10` is
//! `10000000000`), which [`crate::value::wire_int`] reads.

use super::table::{GoTable, GoType};
use crate::value::{Map, Value};

/// The first number of `object` (an instance of struct `root`) that its
/// integer field cannot hold, as the decoder words it.
pub(crate) fn decode_numbers(table: &GoTable, root: usize, object: &Value) -> Result<(), String> {
    let mut decoder = Decoder {
        table,
        path: Vec::new(),
        saved: None,
    };
    if let Value::Map(m) = object {
        decoder.structure(m, root)?;
    }
    decoder.saved.map_or(Ok(()), Err)
}

/// The text of number `v` (as Go's encoder sends it) when `literalStore`
/// refuses it for an integer field of type `ty` (`strconv.ParseInt`
/// fails, or `OverflowInt`); `None` when it fits or is no number.
pub(super) fn refused_number(v: &Value, ty: &GoType) -> Option<String> {
    let fits =
        crate::value::wire_int(v).is_some_and(|n| *ty != GoType::Int32 || i32::try_from(n).is_ok());
    (!fits && matches!(v, Value::Int(_) | Value::Float(_))).then(|| v.to_json())
}

/// The Go name of an integer type.
pub(super) fn int_type_name(ty: &GoType) -> &'static str {
    if *ty == GoType::Int { "int64" } else { "int32" }
}

struct Decoder<'a> {
    table: &'a GoTable,
    /// The json names of the struct fields on the way down.
    path: Vec<&'a str>,
    saved: Option<String>,
}

impl<'a> Decoder<'a> {
    /// A struct's fields in the document's order.
    fn structure(&mut self, m: &'a Map, index: usize) -> Result<(), String> {
        let Some(s) = self.table.get(index) else {
            return Ok(());
        };
        for (key, v) in m.iter() {
            if let Some(field) = s.field(key) {
                self.path.push(&field.name);
                let result = self.value(v, &field.ty, field.go_name.as_deref(), index);
                self.path.pop();
                result?;
            }
        }
        Ok(())
    }

    /// `UnmarshalTypeError`'s text: a value of JSON kind `kind` where
    /// the field of struct `owner` at the current path holds a `go_type`.
    fn type_error(&self, kind: &str, go_type: &str, owner: usize) -> String {
        format!(
            "json: cannot unmarshal {kind} into Go struct field {}.{} of type {go_type}",
            self.table.name_of(owner),
            self.path.join(".")
        )
    }

    /// A value of type `ty` (reflect's name for it: `named`, else what
    /// the code implies) in a field of struct `owner` (its index).
    fn value(
        &mut self,
        v: &'a Value,
        ty: &'a GoType,
        named: Option<&'a str>,
        owner: usize,
    ) -> Result<(), String> {
        let element = || super::table::element_name(named);
        let fits = match (ty, v) {
            (_, Value::Null) => true,
            (GoType::Pointer(inner), v) => {
                return self.value(v, inner, named.map(|n| n.trim_start_matches('*')), owner);
            }
            (GoType::Slice(inner), Value::List(items)) => {
                for item in items {
                    self.value(item, inner, element(), owner)?;
                }
                true
            }
            (GoType::Map(inner), Value::Map(m)) => {
                for item in m.values() {
                    self.value(item, inner, element(), owner)?;
                }
                true
            }
            (GoType::Struct(i), Value::Map(m)) => {
                self.structure(m, *i)?;
                true
            }
            (
                GoType::Int | GoType::Int32 | GoType::IntOrString,
                Value::Int(_) | Value::Float(_),
            ) => {
                let width = if *ty == GoType::Int {
                    GoType::Int
                } else {
                    GoType::Int32
                };
                if let Some(text) = refused_number(v, &width) {
                    let error =
                        self.type_error(&format!("number {text}"), int_type_name(&width), owner);
                    if *ty == GoType::IntOrString {
                        return Err(error);
                    }
                    self.saved.get_or_insert(error);
                }
                true
            }
            // IntOrString reads what is not a string as an int32 with
            // encoding/json; its error ends the decoding.
            (GoType::IntOrString, Value::String(_)) => true,
            (GoType::IntOrString, v) => {
                return Err(self.type_error(json_kind(v), "int32", owner));
            }
            // `ParseQuantity`'s and `time.Parse`'s errors are not
            // `UnmarshalTypeError`s: no context, and decoding stops.
            (GoType::Quantity, v) | (GoType::Time | GoType::MicroTime, v @ Value::String(_)) => {
                if let Some(error) = super::unmarshal_refusal(ty, v) {
                    return Err(error);
                }
                true
            }
            // Time, MicroTime and Duration read a string with
            // encoding/json first: anything else is refused as such.
            (GoType::Time | GoType::MicroTime | GoType::Duration, v) => {
                if v.as_str().is_some() {
                    return Ok(());
                }
                return Err(self.type_error(json_kind(v), "string", owner));
            }
            // A []byte's base64 is decoded at once; its error has no
            // context, and decoding goes on.
            (GoType::Bytes, Value::String(text)) => {
                if let Err(at) = crate::yaml::decode_base64(text) {
                    self.saved
                        .get_or_insert(format!("illegal base64 data at input byte {at}"));
                }
                true
            }
            // A list of numbers that fit a uint8 is a []byte too.
            (GoType::Bytes, Value::List(items)) => {
                for item in items {
                    if !matches!(item, Value::Null)
                        && crate::value::wire_int(item).is_none_or(|n| !(0..256).contains(&n))
                    {
                        let kind = match item {
                            Value::Int(_) | Value::Float(_) => {
                                &format!("number {}", item.to_json())
                            }
                            other => json_kind(other),
                        };
                        let error = self.type_error(kind, "uint8", owner);
                        self.saved.get_or_insert(error);
                    }
                }
                true
            }
            (GoType::Str, Value::String(_))
            | (GoType::Float, Value::Int(_) | Value::Float(_))
            | (GoType::Bool, Value::Bool(_)) => true,
            (
                GoType::Raw
                | GoType::Any
                | GoType::SchemaOrArray(_)
                | GoType::SchemaOrBool(_)
                | GoType::SchemaOrStrings(_),
                _,
            ) => true,
            _ => false,
        };
        if !fits {
            let go_type = named.unwrap_or_else(|| primitive_name(ty));
            let error = self.type_error(json_kind(v), go_type, owner);
            self.saved.get_or_insert(error);
        }
        Ok(())
    }
}

/// The Go name of a primitive type code (the table names the others).
fn primitive_name(ty: &GoType) -> &'static str {
    match ty {
        GoType::Int => "int64",
        GoType::Int32 => "int32",
        GoType::Float => "float64",
        GoType::Bool => "bool",
        GoType::Bytes => "[]uint8",
        _ => "string",
    }
}

/// The JSON kind encoding/json names in an `UnmarshalTypeError`.
fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "string",
        Value::Int(_) | Value::Float(_) => "number",
        Value::Bool(_) => "bool",
        Value::List(_) => "array",
        _ => "object",
    }
}
