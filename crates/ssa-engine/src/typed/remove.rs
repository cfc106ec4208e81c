//! Removing or extracting the parts of a value named by a field set (SMD's
//! `typed/remove.go`).
//!
//! Removing a path drops that field, key or item with everything below it.
//! A map or list left with nothing becomes null, as upstream does (the API
//! server then drops null fields of built-in types when it stores them).
//! Atomic values are never entered: they go or stay whole. Extracting a
//! named map entry walks it again with the same set, as SMD does: a
//! granular map or list named whole comes out without what others put
//! below it.

use super::{View, list_item_element, view};
use crate::fieldpath::{PathElement, Set};
use crate::schema::{ElementRelationship, Schema, TypeId};
use crate::value::{Map, Value};

/// `value` without the paths in `set`.
pub fn remove_items(schema: &Schema, ty: TypeId, value: &Value, set: &Set) -> Value {
    walk(schema, ty, value, set, Mode::Remove)
}

/// Only the parts of `value` named by `set` (with everything below them).
pub fn extract_items(schema: &Schema, ty: TypeId, value: &Value, set: &Set) -> Value {
    walk(schema, ty, value, set, Mode::Extract)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Remove,
    Extract,
}

fn walk(schema: &Schema, ty: TypeId, value: &Value, set: &Set, mode: Mode) -> Value {
    match view(schema.atom(ty), Some(value)) {
        View::Scalar(_) | View::Nothing => {
            if mode == Mode::Extract && set.is_empty() {
                Value::Null
            } else {
                value.clone()
            }
        }
        View::List(list) => {
            let Value::List(items) = value else {
                return value.clone();
            };
            if items.is_empty() {
                return value.clone();
            }
            if list.relationship == ElementRelationship::Atomic {
                return value.clone();
            }
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                // Items were validated before: an unnamed item is kept as is.
                let Ok(pe) = list_item_element(schema, list, i, item) else {
                    out.push(item.clone());
                    continue;
                };
                if let Some(v) = entry(schema, list.element_type, &pe, item, set, mode) {
                    out.push(v);
                }
            }
            if out.is_empty() {
                Value::Null
            } else {
                Value::List(out)
            }
        }
        View::Map(map) => {
            let Value::Map(m) = value else {
                return value.clone();
            };
            if m.is_empty() {
                return value.clone();
            }
            if map.relationship == ElementRelationship::Atomic {
                return value.clone();
            }
            let mut out = Map::with_capacity(m.len());
            for (key, child) in m {
                let pe = PathElement::Field(key.into());
                let child_type = map.type_of(key).unwrap_or(schema.untyped_atomic());
                if let Some(v) = entry(schema, child_type, &pe, child, set, mode) {
                    out.insert(key.clone(), v);
                }
            }
            if out.is_empty() {
                Value::Null
            } else {
                Value::Map(out)
            }
        }
    }
}

/// What becomes of one map entry or list item named `pe`.
fn entry(
    schema: &Schema,
    ty: TypeId,
    pe: &PathElement,
    child: &Value,
    set: &Set,
    mode: Mode,
) -> Option<Value> {
    if set.has_member(pe) {
        return match mode {
            Mode::Remove => None,
            // As SMD's `ExtractItems`: a named map entry is walked again with
            // this same set, so a granular map or list named whole keeps only
            // what the set names at its own level (usually nothing), not what
            // others put below it; a scalar or atomic value is kept whole.
            Mode::Extract if matches!(pe, PathElement::Field(_)) => {
                Some(walk(schema, ty, child, set, mode))
            }
            // A named list item is kept whole, or as extracted by the paths
            // named below it when there are any.
            Mode::Extract => Some(match set.child(pe) {
                Some(sub) => walk(schema, ty, child, sub, mode),
                None => child.clone(),
            }),
        };
    }
    match set.child(pe) {
        Some(sub) => Some(walk(schema, ty, child, sub, mode)),
        None => match mode {
            Mode::Remove => Some(child.clone()),
            Mode::Extract => None,
        },
    }
}
