//! Upstream `managedfieldsupdater.go` (`managedFieldsUpdater`): an entry's
//! time is stamped only when its write changed something. An update is
//! tracked as `current-operation` and merged into the writer's entry only
//! if it took fields, so an update that changed nothing leaves the entry
//! (and its time) as it was.

use crate::managed_fields::{Managed, ManagerId};
use crate::merge::VersionedSet;

/// The manager an update is tracked under before it gets its identifier.
pub(super) const CURRENT_OPERATION: &str = "current-operation";

/// After an apply by `id`: stamped when the object changed.
pub(super) fn after_apply(managed: &mut Managed, id: &str, changed: bool, time: &str) {
    if changed {
        managed.times.insert(id.to_string(), time.to_string());
    }
}

/// After an update: `current-operation`'s fields join `id`'s entry, which
/// is stamped.
pub(super) fn after_update(managed: &mut Managed, id: &ManagerId, time: &str) {
    let Some(vs) = managed.fields.remove(CURRENT_OPERATION) else {
        return;
    };
    let key = id.encode();
    let set = match managed.fields.get(&key) {
        Some(previous) => vs.set.union(&previous.set),
        None => vs.set,
    };
    managed.fields.insert(
        key.clone(),
        VersionedSet {
            set,
            api_version: vs.api_version,
            applied: false,
        },
    );
    managed.times.insert(key, time.to_string());
}
