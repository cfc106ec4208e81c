//! Upstream `capmanagers.go` (`capManagersManager`): after an update, at
//! most ten Update entries are kept; the oldest are merged into one
//! `ancient-changes` entry per API version.

use crate::managed_fields::{Managed, ManagerId};
use crate::merge::VersionedSet;

/// The bucket old update entries are merged into.
const ANCIENT_CHANGES: &str = "ancient-changes";
/// At most this many Update entries are kept (`DefaultMaxUpdateManagers`).
pub(super) const MAX_UPDATE_MANAGERS: usize = 10;

/// Merges the oldest Update entries past [`MAX_UPDATE_MANAGERS`], oldest
/// first (ties by identifier), into their version's bucket; the bucket
/// takes the time of the last entry merged into it.
pub(super) fn cap(managed: &mut Managed) {
    cap_to(managed, MAX_UPDATE_MANAGERS);
}

/// [`cap`] with another limit (upstream `NewCapManagersManager`'s
/// `maxUpdateManagers`, which its tests set to 3).
pub(super) fn cap_to(managed: &mut Managed, max: usize) {
    let mut updaters: Vec<String> = managed
        .fields
        .iter()
        .filter(|(_, vs)| !vs.applied)
        .map(|(k, _)| k.clone())
        .collect();
    if updaters.len() <= max {
        return;
    }
    let time = |k: &String| managed.times.get(k).cloned().unwrap_or_default();
    crate::sort::sort_by(&mut updaters, |a, b| {
        time(a).cmp(&time(b)).then_with(|| a.cmp(b))
    });
    let mut first_per_version: std::collections::HashMap<String, String> =
        std::collections::HashMap::new();
    let mut length = updaters.len();
    for manager in updaters {
        if length <= max {
            break;
        }
        let Some(vs) = managed.fields.get(&manager).cloned() else {
            continue;
        };
        let stamp = managed.times.get(&manager).cloned();
        let bucket = ManagerId::update(ANCIENT_CHANGES, &vs.api_version, "").encode();
        match first_per_version.get(&vs.api_version) {
            Some(first) => {
                if !managed.fields.contains_key(&bucket)
                    && let Some(s) = managed.fields.remove(first)
                {
                    managed.fields.insert(bucket.clone(), s);
                }
                let merged = match managed.fields.get(&bucket) {
                    Some(b) => vs.set.union(&b.set),
                    None => vs.set.clone(),
                };
                managed.fields.insert(
                    bucket.clone(),
                    VersionedSet {
                        set: merged,
                        api_version: vs.api_version.clone(),
                        applied: false,
                    },
                );
                managed.fields.remove(&manager);
                length -= 1;
                match stamp {
                    Some(t) => managed.times.insert(bucket, t),
                    None => managed.times.remove(&bucket),
                };
            }
            None => {
                first_per_version.insert(vs.api_version.clone(), manager);
            }
        }
    }
    managed.times.retain(|k, _| managed.fields.contains_key(k));
}
