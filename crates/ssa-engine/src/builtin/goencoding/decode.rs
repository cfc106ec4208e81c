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
//! `10000000000`), which [`wire_text`] gives.

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

/// The number as the request carries it (Go's encoding/json), and
/// whether `strconv.ParseInt` reads it into a field of type `ty`.
pub(super) fn wire_text(v: &Value, ty: &GoType) -> Option<(String, bool)> {
    let text = match v {
        Value::Int(i) => i.to_string(),
        Value::Float(f) => crate::value::format_float(*f),
        _ => return None,
    };
    let fits = text
        .parse::<i64>()
        .is_ok_and(|n| *ty != GoType::Int32 || i32::try_from(n).is_ok());
    Some((text, fits))
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
                let result = self.value(v, &field.ty, &s.name);
                self.path.pop();
                result?;
            }
        }
        Ok(())
    }

    /// A value of type `ty` in a field of struct `owner`.
    fn value(&mut self, v: &'a Value, ty: &'a GoType, owner: &str) -> Result<(), String> {
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
                if let Some((text, false)) = wire_text(v, &width) {
                    let error = format!(
                        "json: cannot unmarshal number {text} into Go struct field {owner}.{} of type {}",
                        self.path.join("."),
                        int_type_name(&width)
                    );
                    if *ty == GoType::IntOrString {
                        return Err(error);
                    }
                    self.saved.get_or_insert(error);
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// The patched document a JSON or merge patch's handler decodes, and
/// quotes when decoding refuses it: the stored object as the server's
/// encoder printed it (`runtime.Encode`: encoding/json, struct fields in
/// declaration order, map keys sorted) as evanphx/json-patch v4 leaves
/// it. The library keeps a value it did not look into as the bytes it
/// read; an object it parsed (the root, every object on the way to what
/// the patch changes: the maps of `touched`) is a Go map again and prints
/// its keys sorted; a value from the patch (a leaf of `touched`) prints
/// as the patch carried it, JSON from kubectl with sorted keys.
pub(crate) fn patched_json(
    table: &GoTable,
    root: usize,
    object: &Value,
    touched: &Value,
) -> String {
    let mut out = String::new();
    write(
        table,
        object,
        Some(&GoType::Struct(root)),
        Some(touched),
        &mut out,
    );
    out
}

fn write(
    table: &GoTable,
    v: &Value,
    ty: Option<&GoType>,
    touched: Option<&Value>,
    out: &mut String,
) {
    let mut ty = ty;
    while let Some(GoType::Pointer(inner)) = ty {
        ty = Some(inner);
    }
    let parsed = touched.and_then(Value::as_map);
    if touched.is_some() && parsed.is_none() {
        out.push_str(&v.to_json_sorted());
        return;
    }
    match v {
        Value::Map(m) => {
            let s = match ty {
                Some(GoType::Struct(i)) if parsed.is_none() => table.get(*i),
                _ => None,
            };
            let mut keys: Vec<&String> = match s {
                Some(s) => s
                    .fields
                    .iter()
                    .map(|f| &f.name)
                    .filter(|k| m.contains_key(k))
                    .collect(),
                None => m.keys().collect(),
            };
            if s.is_none() {
                crate::sort::sort_by(&mut keys, |a, b| a.cmp(b));
            }
            out.push('{');
            for (n, key) in keys.into_iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                crate::value::write_json_string(key, out);
                out.push(':');
                let child = match ty {
                    Some(GoType::Struct(i)) => {
                        table.get(*i).and_then(|s| s.field(key)).map(|f| &f.ty)
                    }
                    Some(GoType::Map(inner)) => Some(&**inner),
                    _ => None,
                };
                if let Some(value) = m.get(key) {
                    write(table, value, child, parsed.and_then(|t| t.get(key)), out);
                }
            }
            out.push('}');
        }
        Value::List(items) => {
            let element = match ty {
                Some(GoType::Slice(inner)) => Some(&**inner),
                _ => None,
            };
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let t = parsed.and_then(|t| t.get(&i.to_string()));
                write(table, item, element, t, out);
            }
            out.push(']');
        }
        _ => out.push_str(&v.to_json()),
    }
}
