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
                let result = self.value(v, &field.ty, index);
                self.path.pop();
                result?;
            }
        }
        Ok(())
    }

    /// A value of type `ty` in a field of struct `owner` (its index).
    fn value(&mut self, v: &'a Value, ty: &'a GoType, owner: usize) -> Result<(), String> {
        match (ty, v) {
            (GoType::Pointer(inner), v) => self.value(v, inner, owner)?,
            (GoType::Slice(inner), Value::List(items)) => {
                for item in items {
                    self.value(item, inner, owner)?;
                }
            }
            (GoType::Map(inner), Value::Map(m)) => {
                for item in m.values() {
                    self.value(item, inner, owner)?;
                }
            }
            (GoType::Struct(i), Value::Map(m)) => self.structure(m, *i)?,
            (GoType::Int | GoType::Int32 | GoType::IntOrString, v) => {
                let width = if *ty == GoType::Int {
                    GoType::Int
                } else {
                    GoType::Int32
                };
                if let Some(text) = refused_number(v, &width) {
                    let error = format!(
                        "json: cannot unmarshal number {text} into Go struct field {}.{} of type {}",
                        self.table.name_of(owner),
                        self.path.join("."),
                        int_type_name(&width)
                    );
                    if *ty == GoType::IntOrString {
                        return Err(error);
                    }
                    self.saved.get_or_insert(error);
                }
            }
            // `ParseQuantity`'s and `time.Parse`'s errors are not
            // `UnmarshalTypeError`s: no context, and decoding stops.
            (GoType::Quantity | GoType::Time | GoType::MicroTime, v) => {
                if let Some(error) = super::unmarshal_refusal(ty, v) {
                    return Err(error);
                }
            }
            _ => {}
        }
        Ok(())
    }
}
