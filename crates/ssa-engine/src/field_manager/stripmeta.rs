//! Upstream `stripmeta.go` (`stripMetaManager`): the fields no manager
//! ever owns (identity and what only the server writes) are taken out of
//! the writer's set; an entry left empty goes.

use crate::fieldpath::{Path, Set};
use crate::managed_fields::Managed;

/// The paths no manager ever owns.
fn system_fields() -> Set {
    let mut s = Set::new();
    for p in [
        &["apiVersion"][..],
        &["kind"],
        &["metadata"],
        &["metadata", "name"],
        &["metadata", "namespace"],
        &["metadata", "creationTimestamp"],
        &["metadata", "selfLink"],
        &["metadata", "uid"],
        &["metadata", "clusterName"],
        &["metadata", "generation"],
        &["metadata", "managedFields"],
        &["metadata", "resourceVersion"],
    ] {
        s.insert(&Path::fields(p));
    }
    s
}

/// Strips the system fields from `id`'s entry.
pub(super) fn strip(managed: &mut Managed, id: &str) {
    if let Some(vs) = managed.fields.get_mut(id) {
        vs.set = vs.set.difference(&system_fields());
        if vs.set.is_empty() {
            managed.fields.remove(id);
        }
    }
}
