//! The set of fields a value sets (SMD's `typed/tofieldset.go`): what a
//! manager owns after applying it.
//!
//! Leaves are members: scalars, atomic lists and maps, list items, map keys
//! that are not named struct fields, and struct fields whose value is null
//! or an empty map. A struct field with content is represented only by its
//! children; it becomes a member only where an operation needs it to
//! (`Set::ensure_named_fields_are_members`).

use super::{TypedErrors, View, list_item_element, view};
use crate::fieldpath::{OnRepeat, PathElement, Set, SetEntry};
use crate::schema::{ElementRelationship, Schema, TypeId};
use crate::value::Value;

/// The field set of `value` typed as `ty`. Fails only where an item of an
/// associative list cannot be named (validate first for full errors).
pub fn to_field_set(schema: &Schema, ty: TypeId, value: &Value) -> Result<Set, TypedErrors> {
    below(schema, ty, value, &mut Vec::new(), Unnamed::Fail)
        .map(|(set, _)| set)
        .map_err(|(reversed_path, message)| {
            let path: Vec<PathElement> = reversed_path.into_iter().rev().collect();
            TypedErrors(vec![super::TypedError {
                path: super::path_string(&path),
                message,
            }])
        })
}

/// The field set of a value that may hold list items no key names, as
/// pruning leaves them (an item all of whose fields were removed is null).
/// SMD's `ToFieldSet` ignores the error of naming such an item and files
/// it under the zero path element, which names no real item: the prune's
/// set differences come out the same when the item is left out, as here.
pub(crate) fn to_field_set_skipping_unnamed(schema: &Schema, ty: TypeId, value: &Value) -> Set {
    match below(schema, ty, value, &mut Vec::new(), Unnamed::Skip) {
        Ok((set, _)) => set,
        // Only an undeclared field fails now; it owns nothing.
        Err(_) => Set::new(),
    }
}

/// What to do with a list item that cannot be named.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unnamed {
    Fail,
    Skip,
}

/// Why a value has no field set: the path to the failing node (innermost
/// element first, completed while the recursion unwinds) and the message.
type Failure = (Vec<PathElement>, String);

/// The set of paths below a node, built bottom-up so that every level is
/// sorted once (no per-path insertion), and whether the node is a leaf
/// (a scalar or an atomic value). `entries` is scratch space shared by all
/// levels (see [`Set::from_entries`]).
fn below(
    schema: &Schema,
    ty: TypeId,
    value: &Value,
    entries: &mut Vec<SetEntry>,
    unnamed: Unnamed,
) -> Result<(Set, bool), Failure> {
    let within = |pe: &PathElement| {
        let pe = pe.clone();
        move |mut failure: Failure| {
            failure.0.push(pe);
            failure
        }
    };
    let start = entries.len();
    match view(schema.atom(ty), Some(value)) {
        View::Scalar(_) | View::Nothing => return Ok((Set::new(), true)),
        View::List(list) => {
            if list.relationship == ElementRelationship::Atomic {
                return Ok((Set::new(), true));
            }
            let Value::List(items) = value else {
                return Ok((Set::new(), false));
            };
            for (i, item) in items.iter().enumerate() {
                let pe = match list_item_element(schema, list, i, item) {
                    Ok(pe) => pe,
                    Err(_) if unnamed == Unnamed::Skip => continue,
                    Err(e) => return Err((Vec::new(), format!("element {i}: {e}"))),
                };
                let (below, _) = below(schema, list.element_type, item, entries, unnamed)
                    .map_err(|f| within(&pe)(f))?;
                entries.push(SetEntry {
                    pe,
                    member: true,
                    below,
                });
            }
        }
        View::Map(map) => {
            if map.relationship == ElementRelationship::Atomic {
                return Ok((Set::new(), true));
            }
            let Value::Map(m) = value else {
                return Ok((Set::new(), false));
            };
            for (key, child_value) in m {
                let named = map.field(key);
                let Some(child_type) = named.map(|f| f.ty).or(map.element_type) else {
                    return Err((
                        vec![PathElement::Field(key.into())],
                        format!("field not declared in schema: {key}"),
                    ));
                };
                let pe = PathElement::Field(key.into());
                let (below, is_leaf) = below(schema, child_type, child_value, entries, unnamed)
                    .map_err(|f| within(&pe)(f))?;
                let is_leafish = matches!(child_value, Value::Null)
                    || matches!(child_value, Value::Map(c) if c.is_empty());
                // A leaf is a member; so is a null or empty map, and a map
                // key that is not a named struct field. (An empty granular
                // list under a named field names nothing at all.)
                let member = is_leaf || is_leafish || named.is_none();
                entries.push(SetEntry { pe, member, below });
            }
        }
    }
    // Only a list repeats an element: SMD's `visitListItems` makes an item
    // whose key is repeated a member with nothing below it.
    Ok((Set::from_entries(entries, start, OnRepeat::Nothing), false))
}

impl Set {
    /// This set plus, at every node, the named struct fields that appear
    /// only as parents of other paths (SMD's
    /// `EnsureNamedFieldsAreMembers`): owning `.spec.replicas` then also
    /// counts as touching `.spec` for prune and remove.
    pub fn ensure_named_fields_are_members(&self, schema: &Schema, ty: Option<TypeId>) -> Set {
        let atom = ty.map(|t| schema.atom(t));
        let map = atom.and_then(|a| a.map.as_ref());
        let list = atom.and_then(|a| a.list.as_ref());
        let mut members: Vec<PathElement> = self.members().cloned().collect();
        let mut children = Vec::new();
        for (pe, child) in self.children() {
            let child_type = match pe {
                PathElement::Field(name) => {
                    if map.and_then(|m| m.field(name)).is_some()
                        && let Err(i) = members.binary_search(pe)
                    {
                        members.insert(i, pe.clone());
                    }
                    map.and_then(|m| m.type_of(name))
                }
                PathElement::Key(_) => list.map(|l| l.element_type),
                _ => None,
            };
            children.push((
                pe.clone(),
                child.ensure_named_fields_are_members(schema, child_type),
            ));
        }
        Set::from_sorted_parts(members, children)
    }
}
