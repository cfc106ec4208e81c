//! What else a write does besides fields and owners, as the API server and
//! its clients see it: `uid` and `creationTimestamp` on create, a
//! `resourceVersion` that moves only when the stored object changes,
//! `metadata.generation` that moves only when the part of the object its
//! kind tracks changes, the watch event each write sends (and what a
//! kube-rs `watcher` makes of it), and the rollouts a write starts.
//!
//! Pure and deterministic: times come from the scenario's simulated clock,
//! the uid from a hash of the scenario, the object's identity and how many
//! times it was created; resourceVersions count writes from the stored
//! object's own (or from 0).
//!
//! # In the result document
//!
//! The runner records each step with [`Bookkeeping::record`]; the result
//! object then carries `metadata.uid`, `creationTimestamp`,
//! `resourceVersion` and (for kinds that track it) `generation`, which the
//! corpus comparison ignores. Each step may carry two optional fields
//! beside `outcome`, `message`, `conflicts` and `object`:
//!
//! - `events`: the watch events the step sent, at most one:
//!   `[{"type": "MODIFIED", "resourceVersion": "3", "kubeRs": "Event::Apply"}]`.
//!   Absent when the stored object did not change (a no-op or a refused
//!   write sends nothing).
//! - `rollout`: present when the write starts a new revision of a
//!   Deployment, StatefulSet or DaemonSet: `{"revision": 2,
//!   "podTemplateHash": "5d4f8c7b9", "name": "web-5d4f8c7b9"}` (`name` is
//!   the ReplicaSet or ControllerRevision).
//!
//! # Limitations
//!
//! - Template hashes of Deployments and DaemonSets differ in text from a
//!   real cluster's (see [`rollout`]).
//! - A delete is immediate: no finalizers, no `deletionTimestamp`, and so
//!   no generation bump for a graceful deletion.
//! - Hash collisions (`status.collisionCount`) are not modelled.

mod rollout;
mod watch;

#[cfg(test)]
mod tests;

pub use crate::registry::generation::{Generation, api_group, semantic_eq};
pub use rollout::{
    Rollout, RolloutState, Workload, controller_revision_hash, fnv32, fnv32a, pod_template_hash,
    safe_encode,
};
pub use watch::{EventType, WatchEvent, WatcherEvent, kube_watcher_view};

use crate::value::Value;

/// The metadata only the server writes.
pub const SERVER_METADATA: [&str; 4] =
    ["uid", "creationTimestamp", "resourceVersion", "generation"];

/// What the bookkeeping remembers between writes of one object.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bookkeeping {
    scenario: String,
    resource_version: u64,
    /// How many times the object was created (a re-created object gets a
    /// new uid).
    incarnation: u64,
    rollouts: RolloutState,
}

impl Bookkeeping {
    /// Starts from the object stored before the first step, if any.
    pub fn new(scenario: &str, live: Option<&Value>) -> Self {
        let resource_version = live
            .and_then(|o| o.get_path(&["metadata", "resourceVersion"]))
            .and_then(Value::as_str)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        Bookkeeping {
            scenario: scenario.to_string(),
            resource_version,
            incarnation: u64::from(live.is_some()),
            rollouts: RolloutState::of_stored(live),
        }
    }

    /// Fills in the server-written metadata an object stored before the
    /// first step lacks (a scenario's `live` is often written by hand): its
    /// uid, a resourceVersion and, for kinds that track it, generation 1.
    /// The creation time stays unknown.
    pub fn stamp_stored(&mut self, live: &mut Value, generation: Generation) {
        if self.resource_version == 0 {
            self.resource_version = 1;
        }
        let uid = self.uid_for(live);
        let resource_version = self.resource_version.to_string();
        let Some(meta) = live.child_map_mut("metadata") else {
            return;
        };
        if !meta.contains_key("uid") {
            meta.insert("uid", Value::from(uid));
        }
        if !meta.contains_key("resourceVersion") {
            meta.insert("resourceVersion", Value::from(resource_version));
        }
        if let Some(first) = generation.at_create()
            && !meta.contains_key("generation")
        {
            meta.insert("generation", Value::Int(first));
        }
    }

    /// The resourceVersion of the last write (0 before any).
    pub fn resource_version(&self) -> u64 {
        self.resource_version
    }

    /// Records a write from `before` to `after` at `time` and fills in the
    /// server-written metadata of `after`; returns the watch event and the
    /// rollout it starts, if any. `after` is `None` after a delete;
    /// `changed` says whether the write changed the stored object.
    pub fn record(
        &mut self,
        before: Option<&Value>,
        after: Option<&mut Value>,
        changed: bool,
        generation: Generation,
        time: &str,
    ) -> (Option<WatchEvent>, Option<Rollout>) {
        let Some(after) = after else {
            return (before.map(|_| self.deleted()), None);
        };
        let Some(before) = before else {
            return self.created(after, generation, time);
        };
        if !changed {
            // A no-op stores nothing: the object keeps its resourceVersion.
            copy_server_metadata(before, after);
            return (None, None);
        }
        self.resource_version += 1;
        let uid = before
            .get_path(&["metadata", "uid"])
            .cloned()
            .unwrap_or_else(|| Value::from(self.uid_for(after)));
        let created_at = before.get_path(&["metadata", "creationTimestamp"]).cloned();
        // `rest.BeforeUpdate` keeps the stored generation (none: what the
        // kind starts at), then the strategy may add one.
        let new_generation = generation.is_tracked().then(|| {
            let old = before
                .get_path(&["metadata", "generation"])
                .and_then(Value::as_i64)
                .or(generation.at_create())
                .unwrap_or(0);
            old + i64::from(generation.bumps(before, after))
        });
        let resource_version = self.resource_version.to_string();
        if let Some(meta) = after.child_map_mut("metadata") {
            meta.insert("uid", uid);
            if let Some(t) = created_at {
                meta.insert("creationTimestamp", t);
            }
            meta.insert("resourceVersion", Value::from(resource_version.clone()));
            match new_generation {
                // Go's `omitempty` leaves a zero generation out.
                Some(0) => {
                    meta.remove("generation");
                }
                Some(g) => {
                    meta.insert("generation", Value::Int(g));
                }
                None => {}
            }
        }
        let event = WatchEvent {
            kind: EventType::Modified,
            resource_version,
        };
        (Some(event), self.rollouts.observe(after))
    }

    fn created(
        &mut self,
        after: &mut Value,
        generation: Generation,
        time: &str,
    ) -> (Option<WatchEvent>, Option<Rollout>) {
        self.resource_version += 1;
        self.incarnation += 1;
        let uid = self.uid_for(after);
        let resource_version = self.resource_version.to_string();
        crate::registry::prepare_for_create_with_uid(after, &uid);
        if let Some(meta) = after.child_map_mut("metadata") {
            meta.insert("uid", Value::from(uid));
            meta.insert("creationTimestamp", Value::from(time));
            meta.insert("resourceVersion", Value::from(resource_version.clone()));
            if let Some(first) = generation.at_create() {
                meta.insert("generation", Value::Int(first));
            }
        }
        self.rollouts = RolloutState::default();
        let event = WatchEvent {
            kind: EventType::Added,
            resource_version,
        };
        (Some(event), self.rollouts.observe(after))
    }

    fn deleted(&mut self) -> WatchEvent {
        self.resource_version += 1;
        self.rollouts = RolloutState::default();
        WatchEvent {
            kind: EventType::Deleted,
            resource_version: self.resource_version.to_string(),
        }
    }

    /// The uid the store will give `object` if the next write creates it
    /// (the registry's `BeforeCreate` sets it before the create strategy
    /// runs, which derives fields from it: a Job's generated selector).
    pub fn uid_of_next_create(&self, object: &Value) -> String {
        self.uid_at(object, self.incarnation + 1)
    }

    fn uid_for(&self, object: &Value) -> String {
        self.uid_at(object, self.incarnation)
    }

    /// A UUID-shaped uid from the scenario, the object's identity and its
    /// `incarnation`.
    fn uid_at(&self, object: &Value, incarnation: u64) -> String {
        let text = |path: &[&str]| object.get_path(path).and_then(Value::as_str).unwrap_or("");
        let identity = format!(
            "{}/{}/{}/{}/{}#{}",
            self.scenario,
            text(&["apiVersion"]),
            text(&["kind"]),
            text(&["metadata", "namespace"]),
            text(&["metadata", "name"]),
            incarnation
        );
        uuid_from(&identity)
    }
}

/// Keeps the server-written metadata of `from` on `to`.
fn copy_server_metadata(from: &Value, to: &mut Value) {
    let Some(from_meta) = from.get("metadata").and_then(Value::as_map) else {
        return;
    };
    let kept: Vec<(&str, Value)> = SERVER_METADATA
        .iter()
        .filter_map(|k| from_meta.get(k).map(|v| (*k, v.clone())))
        .collect();
    if kept.is_empty() {
        return;
    }
    if let Some(meta) = to.child_map_mut("metadata") {
        for (k, v) in kept {
            meta.insert(k, v);
        }
    }
}

/// A version-4-shaped UUID from two rounds of FNV-64a over `text`.
fn uuid_from(text: &str) -> String {
    let fnv64a = |seed: u64| {
        text.bytes().fold(seed, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    };
    let a = fnv64a(0xcbf2_9ce4_8422_2325);
    let b = fnv64a(a);
    format!(
        "{:08x}-{:04x}-4{:03x}-{:x}{:03x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xfff,
        8 | ((b >> 62) & 0x3),
        (b >> 48) & 0xfff,
        b & 0xffff_ffff_ffff
    )
}
