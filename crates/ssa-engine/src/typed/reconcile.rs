//! Bringing a manager's old field set in line with a schema that changed
//! since it was recorded (SMD's `typed/reconcile_schema.go`).
//!
//! Only one change needs work: a map or list that was granular and is now
//! atomic. A manager that owned parts of it now owns the whole node and
//! nothing below. The opposite change (atomic to granular) needs nothing:
//! the manager keeps owning the node itself, as if it had always been
//! granular.

use crate::fieldpath::{PathElement, Set};
use crate::schema::{ElementRelationship, Schema, TypeId};

/// The reconciled set, or `None` when `set` already fits the schema.
pub fn reconcile_field_set(schema: &Schema, ty: TypeId, set: &Set) -> Option<Set> {
    if ty == schema.untyped_deduced() {
        // Deduced types carry no atomic/granular choice to reconcile with.
        return None;
    }
    let mut changed = false;
    let mut members: Vec<PathElement> = set.members().cloned().collect();
    let mut children = Vec::new();
    for (pe, child) in set.children() {
        let Some(child_type) = element_type(schema, ty, pe) else {
            children.push((pe.clone(), child.clone()));
            continue;
        };
        if is_atomic_for(schema, child_type, child) {
            changed = true;
            if let Err(i) = members.binary_search(pe) {
                members.insert(i, pe.clone());
            }
            continue;
        }
        match reconcile_field_set(schema, child_type, child) {
            Some(c) => {
                changed = true;
                if !c.is_empty() {
                    children.push((pe.clone(), c));
                }
            }
            None => children.push((pe.clone(), child.clone())),
        }
    }
    changed.then(|| Set::from_sorted_parts(members, children))
}

/// The type below `pe` in a value of type `ty`.
fn element_type(schema: &Schema, ty: TypeId, pe: &PathElement) -> Option<TypeId> {
    let atom = schema.atom(ty);
    match pe {
        PathElement::Field(name) => atom.map.as_ref().and_then(|m| m.type_of(name)),
        _ => atom.list.as_ref().map(|l| l.element_type),
    }
}

/// Whether a node of type `ty`, owned through the children in `below`, is
/// now atomic on the side those children address.
fn is_atomic_for(schema: &Schema, ty: TypeId, below: &Set) -> bool {
    if ty == schema.untyped_deduced() {
        return false;
    }
    let atom = schema.atom(ty);
    let addresses_fields = below
        .members()
        .chain(below.children().map(|(pe, _)| pe))
        .all(|pe| matches!(pe, PathElement::Field(_)));
    if addresses_fields {
        atom.map
            .as_ref()
            .is_some_and(|m| m.relationship == ElementRelationship::Atomic)
    } else {
        atom.list
            .as_ref()
            .is_some_and(|l| l.relationship == ElementRelationship::Atomic)
    }
}
