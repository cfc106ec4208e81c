//! Apply and update with field ownership: SMD's `merge/update.go`.
//!
//! Every manager owns a [`Set`] of fields. An **update** takes ownership of
//! everything it changed and never conflicts. An **apply** merges the
//! configuration into the live object, makes the configuration's field set
//! the applier's, prunes what the applier stopped applying, and refuses
//! (unless forced) to change fields that other managers own.
//!
//! Manager names are opaque here: the API server layer
//! (`crate::field_manager`) encodes name, operation, subresource and
//! version into them.

use crate::fieldpath::{Path, Set};
use crate::schema::{Schema, TypeId};
use crate::typed::{self, Comparison, Typed, TypedErrors};
use crate::value::Value;

/// The fields one manager owns, at the API version it wrote them with, and
/// whether it got them by applying.
#[derive(Clone, Debug, PartialEq)]
pub struct VersionedSet {
    pub set: Set,
    pub api_version: String,
    pub applied: bool,
}

/// Every manager's fields, by manager, in the order of their names (as a
/// `BTreeMap` keeps them): a vector sorted by name. Objects have a few
/// managers, and a map type of its own was one more copy of std's B-tree
/// in the page's wasm.
#[derive(Clone, Default, PartialEq)]
pub struct ManagedFields(Vec<(String, VersionedSet)>);

/// `(&name, &set)` of an entry, as a map's iterator gives them.
type EntryRef<'a> = (&'a String, &'a VersionedSet);

/// The iterator of [`ManagedFields::iter`].
pub type ManagedFieldsIter<'a> = std::iter::Map<
    std::slice::Iter<'a, (String, VersionedSet)>,
    fn(&(String, VersionedSet)) -> EntryRef<'_>,
>;

fn entry_ref((name, set): &(String, VersionedSet)) -> EntryRef<'_> {
    (name, set)
}

impl ManagedFields {
    pub fn new() -> Self {
        Self::default()
    }

    /// Where `name` is, or where it would go.
    fn find(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(n, _)| n.as_str().cmp(name))
    }

    pub fn get(&self, name: &str) -> Option<&VersionedSet> {
        let i = self.find(name).ok()?;
        self.0.get(i).map(|(_, set)| set)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut VersionedSet> {
        let i = self.find(name).ok()?;
        self.0.get_mut(i).map(|(_, set)| set)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Sets `name`'s entry; returns the one it replaces.
    pub fn insert(&mut self, name: String, set: VersionedSet) -> Option<VersionedSet> {
        match self.find(&name) {
            Ok(i) => self
                .0
                .get_mut(i)
                .map(|(_, old)| std::mem::replace(old, set)),
            Err(i) => {
                self.0.insert(i, (name, set));
                None
            }
        }
    }

    pub fn remove(&mut self, name: &str) -> Option<VersionedSet> {
        let i = self.find(name).ok()?;
        Some(self.0.remove(i).1)
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&String, &mut VersionedSet) -> bool) {
        self.0.retain_mut(|(name, set)| keep(name, set));
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> ManagedFieldsIter<'_> {
        self.0.iter().map(entry_ref)
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&String, &mut VersionedSet)> {
        self.0.iter_mut().map(|(name, set)| (&*name, set))
    }

    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(name, _)| name)
    }

    pub fn values(&self) -> impl Iterator<Item = &VersionedSet> {
        self.0.iter().map(|(_, set)| set)
    }
}

impl std::fmt::Debug for ManagedFields {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a ManagedFields {
    type Item = EntryRef<'a>;
    type IntoIter = ManagedFieldsIter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for ManagedFields {
    type Item = (String, VersionedSet);
    type IntoIter = std::vec::IntoIter<(String, VersionedSet)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl FromIterator<(String, VersionedSet)> for ManagedFields {
    /// As a map collects: a later entry of the same name replaces the
    /// earlier one.
    fn from_iter<I: IntoIterator<Item = (String, VersionedSet)>>(entries: I) -> Self {
        let mut managed = Self::new();
        for (name, set) in entries {
            managed.insert(name, set);
        }
        managed
    }
}

/// A field another manager owns that a write would change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub manager: String,
    pub path: Path,
}

/// Why a write was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MergeError {
    /// Conflicts, in manager order and, per manager, in path order.
    #[error("{} conflict(s)", .0.len())]
    Conflicts(Vec<Conflict>),
    /// The applied configuration does not fit the schema.
    #[error("{0}")]
    InvalidConfig(TypedErrors),
    /// The live object does not fit the schema.
    #[error("{0}")]
    InvalidLive(TypedErrors),
    /// The new object of an update does not fit the schema.
    #[error("{0}")]
    InvalidNew(TypedErrors),
}

/// An accepted apply.
#[derive(Clone, Debug, PartialEq)]
pub struct ApplyOutcome {
    /// The new object, or `None` when the apply changed nothing.
    pub object: Option<Value>,
    pub managers: ManagedFields,
}

/// Applies and updates objects of one type.
#[derive(Clone, Copy, Debug)]
pub struct Updater<'s> {
    pub schema: &'s Schema,
    pub root: TypeId,
    /// Fields nobody gains or loses through this endpoint (the API server's
    /// reset fields: `.status` for the main resource of a kind with a status
    /// subresource, everything else for `/status`).
    pub ignored: &'s Set,
}

impl<'s> Updater<'s> {
    pub fn new(schema: &'s Schema, root: TypeId, ignored: &'s Set) -> Self {
        Updater {
            schema,
            root,
            ignored,
        }
    }

    /// A server-side apply of `config` by `manager` onto `live`.
    pub fn apply(
        &self,
        live: Typed<'_>,
        config: Typed<'_>,
        version: &str,
        managers: &ManagedFields,
        manager: &str,
        force: bool,
    ) -> Result<ApplyOutcome, MergeError> {
        let config_keys_unique = config.has_unique_keys();
        let (live, config) = (live.value(), config.value());
        let mut managers = self.reconcile(managers);
        let merged =
            typed::merge::merge_typed(self.schema, self.root, live, config, config_keys_unique)
                .map_err(MergeError::InvalidConfig)?;
        let last = managers.get(manager).map(|vs| vs.set.clone());
        let config_set = typed::to_field_set(self.schema, self.root, config)
            .map_err(MergeError::InvalidConfig)?;
        managers.insert(
            manager.to_string(),
            VersionedSet {
                set: config_set.recursive_difference(self.ignored),
                api_version: version.to_string(),
                applied: true,
            },
        );
        let new = self.prune(merged, &managers, last.as_ref())?;
        let (managers, _) = self.update_managers(live, &new, version, managers, manager, force)?;
        // SMD decides "no change" by value equality (`value.Equals`), not
        // by the typed comparison: reordering a set or map list is a change
        // of the object even though no field was added, changed or removed.
        let object = if smd_equal(live, &new) {
            None
        } else {
            Some(new)
        };
        Ok(ApplyOutcome { object, managers })
    }

    /// A create, update or non-apply patch by `manager`: `new` is the
    /// object to store, `live` the stored one (an empty map for a create).
    pub fn update(
        &self,
        live: Typed<'_>,
        new: Typed<'_>,
        version: &str,
        managers: &ManagedFields,
        manager: &str,
    ) -> Result<ManagedFields, MergeError> {
        let (live, new) = (live.value(), new.value());
        let managers = self.reconcile(managers);
        let (mut managers, comparison) =
            self.update_managers(live, new, version, managers, manager, true)?;
        let previous = managers
            .get(manager)
            .map(|vs| vs.set.clone())
            .unwrap_or_default();
        let set = previous
            .difference(&comparison.removed)
            .union(&comparison.modified)
            .union(&comparison.added)
            .recursive_difference(self.ignored);
        if set.is_empty() {
            managers.remove(manager);
        } else {
            managers.insert(
                manager.to_string(),
                VersionedSet {
                    set,
                    api_version: version.to_string(),
                    applied: false,
                },
            );
        }
        Ok(managers)
    }

    /// Compares `live` with `new`, finds the fields other managers own that
    /// changed (conflicts), and — when forced or conflict-free — takes the
    /// changed fields away from them and drops what was removed. Managers
    /// left with nothing disappear.
    fn update_managers(
        &self,
        live: &Value,
        new: &Value,
        _version: &str,
        mut managers: ManagedFields,
        workflow: &str,
        force: bool,
    ) -> Result<(ManagedFields, Comparison), MergeError> {
        let raw =
            typed::compare(self.schema, self.root, live, new).map_err(MergeError::InvalidNew)?;
        // Ignored fields neither conflict nor change hands, but a change to
        // them is still a change of the object.
        let comparison = Comparison {
            added: raw.added.recursive_difference(self.ignored),
            modified: raw.modified.recursive_difference(self.ignored),
            removed: raw.removed.recursive_difference(self.ignored),
        };
        let changed = comparison.modified.union(&comparison.added);
        let mut conflicts: Vec<(String, Set)> = Vec::new();
        for (name, owned) in &managers {
            if name == workflow {
                continue;
            }
            let conflict = owned.set.intersection(&changed);
            if !conflict.is_empty() {
                conflicts.push((name.clone(), conflict));
            }
        }
        if !force && !conflicts.is_empty() {
            let list = conflicts
                .iter()
                .flat_map(|(manager, set)| {
                    set.paths().into_iter().map(|path| Conflict {
                        manager: manager.clone(),
                        path,
                    })
                })
                .collect();
            return Err(MergeError::Conflicts(list));
        }
        for (name, conflict) in &conflicts {
            if let Some(owned) = managers.get_mut(name) {
                owned.set = owned.set.difference(conflict);
            }
        }
        if !comparison.removed.is_empty() {
            for (name, owned) in managers.iter_mut() {
                if name != workflow {
                    owned.set = owned.set.difference(&comparison.removed);
                }
            }
        }
        managers.retain(|_, owned| !owned.set.is_empty());
        Ok((managers, raw))
    }

    /// Removes a field, map key, list item or subtree iff the applier
    /// applied it last time, did not apply it this time, and no other
    /// manager owns it.
    fn prune(
        &self,
        merged: Value,
        managers: &ManagedFields,
        last: Option<&Set>,
    ) -> Result<Value, MergeError> {
        let Some(last) = last.filter(|s| !s.is_empty()) else {
            return Ok(merged);
        };
        let named = |s: &Set| s.ensure_named_fields_are_members(self.schema, Some(self.root));
        let field_set = |v: &Value| {
            typed::to_field_set(self.schema, self.root, v).map_err(MergeError::InvalidConfig)
        };
        // Removing every field of a list item leaves a null item (as SMD's
        // remove does), which no key names: its field set skips it.
        let pruned_field_set =
            |v: &Value| typed::to_field_set_skipping_unnamed(self.schema, self.root, v);
        let last = named(last);
        let pruned = typed::remove_items(self.schema, self.root, &merged, &last);

        // Add back what someone (the applier's new configuration included)
        // still owns.
        let owned = managers
            .values()
            .fold(Set::new(), |acc, vs| acc.union(&vs.set));
        let merged_set = named(&field_set(&merged)?);
        let pruned_set = named(&pruned_field_set(&pruned));
        let drop = merged_set.difference(&pruned_set.union(&named(&owned)));
        let pruned = typed::remove_items(self.schema, self.root, &merged, &drop);

        // Remove only what the applier used to own: unowned fields (set
        // by defaulting, or dangling) stay.
        let pruned_set = named(&pruned_field_set(&pruned));
        let drop = merged_set.difference(&pruned_set).intersection(&last);
        Ok(typed::remove_items(self.schema, self.root, &merged, &drop))
    }

    /// Fits every manager's set to the current schema (a list or map that
    /// became atomic is owned whole).
    fn reconcile(&self, managers: &ManagedFields) -> ManagedFields {
        // Inserted one by one rather than collected: `BTreeMap`'s
        // `FromIterator` sorts through its own copy of std's sort (4 KB of
        // the app's wasm); the keys come in order and unique anyway.
        let mut reconciled = ManagedFields::new();
        for (name, vs) in managers {
            let vs = match typed::reconcile_field_set(self.schema, self.root, &vs.set) {
                Some(set) => VersionedSet { set, ..vs.clone() },
                None => vs.clone(),
            };
            reconciled.insert(name.clone(), vs);
        }
        reconciled
    }
}

/// SMD's `value.Equals`: numbers compare by value when either is a float
/// (`1 == 1.0`), maps regardless of key order, lists item by item in order.
fn smd_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => x == y,
        #[allow(clippy::cast_precision_loss, reason = "SMD compares as float64")]
        (Value::Float(x), Value::Int(i)) | (Value::Int(i), Value::Float(x)) => *x == *i as f64,
        (Value::List(x), Value::List(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| smd_equal(p, q))
        }
        // Maps that share their entries are equal without a walk: after a
        // merge most of the object is the live or the applied map itself.
        (Value::Map(x), Value::Map(y)) => {
            x.shares_entries_with(y)
                || (x.len() == y.len()
                    && x.iter()
                        .all(|(k, v)| y.get(k).is_some_and(|w| smd_equal(v, w))))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests;
