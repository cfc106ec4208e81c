//! What one step changed, in words: fields added, changed and removed
//! (with why a removal happened), fields the applier dropped that stayed
//! (and who keeps them), and fields that changed hands.

use super::sides::Sides;
use super::sides::{holders, owned_names};
use crate::fieldpath::{Path, Set};
use crate::managed_fields::{Managed, ManagerId};
use crate::schema::ObjectSchema;
use crate::value::Value;

/// The changes of one step.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Changes {
    pub added: Vec<String>,
    pub modified: Vec<String>,
    /// Removed fields with the reason.
    pub removed: Vec<(String, String)>,
    /// Fields the applier stopped applying that stayed, with who still
    /// owns them.
    pub kept: Vec<(String, Vec<String>)>,
    /// Fields whose owners changed: (field, owners before, owners after).
    pub moved: Vec<(String, Vec<String>, Vec<String>)>,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.modified.is_empty()
            && self.removed.is_empty()
            && self.kept.is_empty()
            && self.moved.is_empty()
    }
}

/// The changes from `before` to `after`, made by `manager` (an applier
/// when `applied`).
pub fn changes(
    schema: &ObjectSchema,
    before: Option<&Value>,
    after: Option<&Value>,
    manager: &str,
    applied: bool,
) -> Changes {
    changes_of(schema, &Sides::new(before, after), manager, applied)
}

/// [`changes`] with the step's sides already made, shared with its other
/// views. What only the server writes is not a change anyone made: the
/// sides compared leave it out.
pub(crate) fn changes_of(
    schema: &ObjectSchema,
    sides: &Sides<'_>,
    manager: &str,
    applied: bool,
) -> Changes {
    let (managed_before, managed_after) = (&sides.managed_before, &sides.managed_after);
    let (owners_before, owners_after) = (described(managed_before), described(managed_after));
    let mut out = Changes::default();
    let Some(comparison) = sides.comparison(schema) else {
        return out;
    };
    let names = |set: &Set| {
        let mut names = Vec::new();
        set.for_each_in_tree_order(&[], |_, name, _| names.push(name.to_string()));
        names
    };
    out.added = names(&comparison.added);
    out.modified = names(&comparison.modified);
    let applier_before = owned_by(managed_before, manager, applied);
    let applier_after = owned_by(managed_after, manager, applied);
    comparison
        .removed
        .for_each_in_tree_order(&[&applier_before], |path, name, held| {
            let parent_removed = path.0.split_last().is_some_and(|(_, parent)| {
                !parent.is_empty() && comparison.removed.has(&Path(parent.to_vec()))
            });
            let reason = if applied && held.first().is_some_and(|h| h.path) {
                format!("{manager} stopped applying it and nobody else owns it")
            } else if applied && parent_removed {
                "removed with the field above it".to_string()
            } else if applied {
                // Not the applier's before the step: kubectl gave it the
                // fields of client-side apply first (or the server gave
                // an untracked object's to before-first-apply).
                format!("{manager} came to own it during the step, then stopped applying it")
            } else {
                format!("{manager} removed it")
            };
            out.removed.push((name.to_string(), reason));
        });
    if applied {
        let mut sets = vec![&comparison.removed];
        sets.extend(owners_after.iter().map(|(set, _)| *set));
        applier_before
            .difference(&applier_after)
            .for_each_in_tree_order(&sets, |_, name, held| {
                let Some((removed, held)) = held.split_first() else {
                    return;
                };
                if removed.path {
                    return;
                }
                let mut owners = holders(&owners_after, held).peekable();
                if owners.peek().is_some() {
                    out.kept.push((name.to_string(), owned_names(owners)));
                }
            });
    }
    let sets: Vec<&Set> = owners_before
        .iter()
        .chain(&owners_after)
        .map(|(set, _)| *set)
        .collect();
    ownership_changed(managed_before, managed_after).for_each_in_tree_order(
        &sets,
        |_, name, held| {
            let (before, after) = held.split_at(owners_before.len().min(held.len()));
            let (mut was, mut now) = (
                holders(&owners_before, before).peekable(),
                holders(&owners_after, after).peekable(),
            );
            if was.peek().is_some() && now.peek().is_some() && !was.clone().eq(now.clone()) {
                out.moved
                    .push((name.to_string(), owned_names(was), owned_names(now)));
            }
        },
    );
    out
}

/// The paths some manager entry gained or lost: only there can the
/// owners differ (where every entry holds a path before and after, the
/// same entries name the same owners in the same order). Walking every
/// owned path instead and asking each manager about it cost as much as
/// the write itself for an object with several managers.
fn ownership_changed(before: &Managed, after: &Managed) -> Set {
    let empty = Set::new();
    let set = |managed: &'_ Managed, id: &str| -> Set {
        managed
            .fields
            .get(id)
            .map_or_else(|| empty.clone(), |vs| vs.set.clone())
    };
    let only_after = after
        .fields
        .keys()
        .filter(|id| !before.fields.contains_key(id));
    before
        .fields
        .keys()
        .chain(only_after)
        .fold(Set::new(), |acc, id| {
            let (was, now) = (set(before, id), set(after, id));
            acc.union(&was.difference(&now))
                .union(&now.difference(&was))
        })
}

/// The fields `manager` owns (as an applier or an updater).
fn owned_by(managed: &Managed, manager: &str, applied: bool) -> Set {
    managed
        .fields
        .iter()
        .filter(|(id, vs)| {
            vs.applied == applied && ManagerId::decode(id).is_some_and(|m| m.manager == manager)
        })
        .fold(Set::new(), |acc, (_, vs)| acc.union(&vs.set))
}

/// Each manager's fields with the manager described as the server names
/// it; decoded once, as every owned path is looked up in them.
fn described(managed: &Managed) -> Vec<(&Set, String)> {
    managed
        .fields
        .iter()
        .map(|(id, vs)| {
            let name = ManagerId::decode(id)
                .map(|m| m.describe())
                .unwrap_or_else(|| id.clone());
            (&vs.set, name)
        })
        .collect()
}
