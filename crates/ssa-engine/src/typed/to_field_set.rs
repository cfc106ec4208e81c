//! The set of fields a value sets (SMD's `typed/tofieldset.go`): what a
//! manager owns after applying it.
//!
//! Leaves are members: scalars, atomic lists and maps, list items, map keys
//! that are not named struct fields, and struct fields whose value is null
//! or an empty map. A struct field with content is represented only by its
//! children; it becomes a member only where an operation needs it to
//! (`Set::ensure_named_fields_are_members`).

use super::{TypedErrors, View, list_item_element, view};
use crate::fieldpath::{PathElement, Set};
use crate::schema::{ElementRelationship, Schema, TypeId};
use crate::value::Value;

/// The field set of `value` typed as `ty`. Fails only where an item of an
/// associative list cannot be named (validate first for full errors).
pub fn to_field_set(schema: &Schema, ty: TypeId, value: &Value) -> Result<Set, TypedErrors> {
    let mut w = Walker {
        schema,
        path: Vec::new(),
        set: Set::new(),
    };
    w.walk(ty, value).map_err(|message| {
        TypedErrors(vec![super::TypedError {
            path: super::path_string(&w.path),
            message,
        }])
    })?;
    Ok(w.set)
}

struct Walker<'s> {
    schema: &'s Schema,
    path: Vec<PathElement>,
    set: Set,
}

impl Walker<'_> {
    fn walk(&mut self, ty: TypeId, value: &Value) -> Result<(), String> {
        match view(self.schema.atom(ty), Some(value)) {
            View::Scalar(_) | View::Nothing => {
                self.set.insert_elements(&self.path);
                Ok(())
            }
            View::List(list) => {
                if list.relationship == ElementRelationship::Atomic {
                    self.set.insert_elements(&self.path);
                    return Ok(());
                }
                let Value::List(items) = value else {
                    return Ok(());
                };
                for (i, item) in items.iter().enumerate() {
                    let pe = list_item_element(self.schema, list, i, item)
                        .map_err(|e| format!("element {i}: {e}"))?;
                    self.path.push(pe);
                    self.walk(list.element_type, item)?;
                    self.set.insert_elements(&self.path);
                    self.path.pop();
                }
                Ok(())
            }
            View::Map(map) => {
                if map.relationship == ElementRelationship::Atomic {
                    self.set.insert_elements(&self.path);
                    return Ok(());
                }
                let Value::Map(m) = value else { return Ok(()) };
                for (key, child) in m {
                    let named = map.field(key);
                    let Some(child_type) = named.map(|f| f.ty).or(map.element_type) else {
                        return Err(format!("field not declared in schema: {key}"));
                    };
                    self.path.push(PathElement::Field(key.clone()));
                    self.walk(child_type, child)?;
                    let is_leafish = matches!(child, Value::Null)
                        || matches!(child, Value::Map(c) if c.is_empty());
                    if is_leafish || named.is_none() {
                        self.set.insert_elements(&self.path);
                    }
                    self.path.pop();
                }
                Ok(())
            }
        }
    }
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
        let mut members: Vec<PathElement> = self.members().to_vec();
        let mut children = Vec::with_capacity(self.children().len());
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
