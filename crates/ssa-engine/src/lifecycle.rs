//! What else a write does besides fields and owners, as the API server and
//! its clients see it: `uid` and `creationTimestamp` on create, a
//! `resourceVersion` that moves only when the stored object changes,
//! `metadata.generation` that moves only when the spec changes, the watch
//! event each write produces, and the Deployment rollouts a write starts.
//!
//! Pure: times come from the scenario's simulated clock, the uid from a
//! hash of the object's identity.

use crate::value::Value;

/// A watch event type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventType {
    Added,
    Modified,
    Deleted,
}

impl EventType {
    pub fn as_str(self) -> &'static str {
        match self {
            EventType::Added => "ADDED",
            EventType::Modified => "MODIFIED",
            EventType::Deleted => "DELETED",
        }
    }

    /// How kube-rs's `watcher` surfaces it.
    pub fn kube_rs(self) -> &'static str {
        match self {
            EventType::Added | EventType::Modified => "Event::Apply",
            EventType::Deleted => "Event::Delete",
        }
    }
}

/// The watch event of one write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchEvent {
    pub kind: EventType,
    pub resource_version: String,
}

/// A new Deployment rollout started by a write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rollout {
    pub revision: u64,
    /// The pod-template-hash label of the new ReplicaSet.
    pub pod_template_hash: String,
}

/// What the bookkeeping remembers between writes.
#[derive(Clone, Debug, Default)]
pub struct Bookkeeping {
    resource_version: u64,
    revision: u64,
    /// The template of the last rollout (a paused Deployment rolls out
    /// what changed while it was paused once it is resumed).
    rolled_out: Option<Value>,
}

/// How a kind tracks its generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generation {
    /// Built-in kinds with a spec: the spec changed.
    Spec,
    /// Custom resources: anything but metadata (and status, when it has a
    /// status subresource) changed.
    AllButMetadata { status_subresource: bool },
    /// No generation (ConfigMap, Secret, …).
    None,
}

impl Bookkeeping {
    /// Starts from the stored object, if any.
    pub fn new(live: Option<&Value>) -> Self {
        let resource_version = live
            .and_then(|o| o.get_path(&["metadata", "resourceVersion"]))
            .and_then(Value::as_str)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let is_deployment =
            live.is_some_and(|o| o.get("kind").and_then(Value::as_str) == Some("Deployment"));
        Bookkeeping {
            resource_version,
            revision: u64::from(is_deployment && live.is_some()),
            rolled_out: live
                .filter(|_| is_deployment)
                .and_then(|o| o.get_path(&["spec", "template"]).cloned()),
        }
    }

    /// Records a write from `before` to `after` at `time` and fills in the
    /// server-written metadata of `after`; returns the watch event and a
    /// rollout, if any. `after` is `None` after a delete.
    pub fn record(
        &mut self,
        before: Option<&Value>,
        after: Option<&mut Value>,
        changed: bool,
        generation: Generation,
        time: &str,
    ) -> (Option<WatchEvent>, Option<Rollout>) {
        let Some(after) = after else {
            if before.is_none() {
                return (None, None);
            }
            self.resource_version += 1;
            return (
                Some(WatchEvent {
                    kind: EventType::Deleted,
                    resource_version: self.resource_version.to_string(),
                }),
                None,
            );
        };
        let created = before.is_none();
        if !created && !changed {
            // A no-op keeps the stored object, resourceVersion included.
            return (None, None);
        }
        self.resource_version += 1;
        let old_meta = before
            .and_then(|b| b.get("metadata"))
            .and_then(Value::as_map)
            .cloned()
            .unwrap_or_default();
        let old_generation = old_meta
            .get("generation")
            .and_then(Value::as_i64)
            .unwrap_or(0);
        let new_generation = match generation {
            Generation::None => None,
            _ if created => Some(1),
            Generation::Spec => Some(
                old_generation + i64::from(before.and_then(|b| b.get("spec")) != after.get("spec")),
            ),
            Generation::AllButMetadata { status_subresource } => {
                let strip = |v: Option<&Value>| {
                    let mut m = v.and_then(Value::as_map).cloned().unwrap_or_default();
                    m.remove("metadata");
                    if status_subresource {
                        m.remove("status");
                    }
                    m
                };
                Some(old_generation + i64::from(strip(before) != strip(Some(after))))
            }
        };
        let identity = format!(
            "{}/{}/{}",
            after.get("kind").and_then(Value::as_str).unwrap_or(""),
            after
                .get_path(&["metadata", "namespace"])
                .and_then(Value::as_str)
                .unwrap_or(""),
            after
                .get_path(&["metadata", "name"])
                .and_then(Value::as_str)
                .unwrap_or("")
        );
        if let Some(meta) = after.child_map_mut("metadata") {
            let uid = old_meta
                .get("uid")
                .cloned()
                .unwrap_or_else(|| Value::from(uid_for(&identity)));
            let created_at = old_meta
                .get("creationTimestamp")
                .cloned()
                .unwrap_or_else(|| Value::from(time));
            meta.insert("uid", uid);
            meta.insert("creationTimestamp", created_at);
            meta.insert(
                "resourceVersion",
                Value::from(self.resource_version.to_string()),
            );
            if let Some(g) = new_generation {
                meta.insert("generation", Value::Int(g));
            }
        }
        let event = WatchEvent {
            kind: if created {
                EventType::Added
            } else {
                EventType::Modified
            },
            resource_version: self.resource_version.to_string(),
        };
        (Some(event), self.rollout(after))
    }

    /// A Deployment rolls out when its pod template differs from the last
    /// one rolled out, unless it is paused.
    fn rollout(&mut self, after: &Value) -> Option<Rollout> {
        if after.get("kind").and_then(Value::as_str) != Some("Deployment") {
            return None;
        }
        if after.get_path(&["spec", "paused"]).and_then(Value::as_bool) == Some(true) {
            return None;
        }
        let template = after.get_path(&["spec", "template"]).cloned()?;
        if self.rolled_out.as_ref() == Some(&template) {
            return None;
        }
        self.revision += 1;
        let hash = pod_template_hash(&template);
        self.rolled_out = Some(template);
        Some(Rollout {
            revision: self.revision,
            pod_template_hash: hash,
        })
    }
}

/// What a kube-rs `watcher` that starts after `events[..start]` reports:
/// `Init`, `InitApply` for an object that exists then, `InitDone`, then an
/// event per later write.
pub fn watcher_view(exists_at_start: bool, later: &[Option<WatchEvent>]) -> Vec<String> {
    let mut out = vec!["Event::Init".to_string()];
    if exists_at_start {
        out.push("Event::InitApply".to_string());
    }
    out.push("Event::InitDone".to_string());
    out.extend(later.iter().flatten().map(|e| e.kind.kube_rs().to_string()));
    out
}

/// FNV-32a of the template's JSON text, in the alphabet Kubernetes uses
/// for generated names. The hash text differs from a real cluster's (the
/// controller hashes the Go struct's printed form); it is stable and
/// changes exactly when the template does.
pub fn pod_template_hash(template: &Value) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for b in template.to_json_sorted().bytes() {
        hash ^= u32::from(b);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    const ALPHANUMS: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
    let mut out = String::new();
    let mut n = hash;
    while n > 0 {
        out.push(ALPHANUMS[(n % 27) as usize] as char);
        n /= 27;
    }
    if out.is_empty() {
        out.push('b');
    }
    out
}

/// A UUID-shaped identifier derived from the object's identity.
fn uid_for(identity: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut next = || {
        for b in identity.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h
    };
    let (a, b) = (next(), next());
    format!(
        "{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xfff,
        (b >> 52) & 0xfff,
        b & 0xffff_ffff_ffff
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    /// API concepts: "resourceVersion ... changes every time the object is
    /// modified"; a no-op write does not modify it.
    #[test]
    fn resource_version_moves_only_on_change() {
        let mut b = Bookkeeping::default();
        let mut created = v("kind: ConfigMap\nmetadata: {name: c}\ndata: {a: '1'}");
        let (event, _) = b.record(
            None,
            Some(&mut created),
            true,
            Generation::None,
            "2024-01-01T00:00:00Z",
        );
        assert_eq!(
            event.unwrap(),
            WatchEvent {
                kind: EventType::Added,
                resource_version: "1".into()
            }
        );
        assert_eq!(
            created.get_path(&["metadata", "creationTimestamp"]),
            Some(&Value::from("2024-01-01T00:00:00Z"))
        );
        assert!(created.get_path(&["metadata", "uid"]).is_some());
        assert_eq!(
            created.get_path(&["metadata", "generation"]),
            None,
            "a ConfigMap has no generation"
        );
        let mut same = created.clone();
        assert_eq!(
            b.record(
                Some(&created),
                Some(&mut same),
                false,
                Generation::None,
                "t"
            )
            .0,
            None
        );
        let mut changed = created.clone();
        let (event, _) = b.record(
            Some(&created),
            Some(&mut changed),
            true,
            Generation::None,
            "t",
        );
        assert_eq!(event.unwrap().resource_version, "2");
        assert_eq!(
            b.record(Some(&changed), None, true, Generation::None, "t")
                .0
                .unwrap()
                .kind,
            EventType::Deleted
        );
    }

    /// API conventions: generation "is incremented ... when the spec changes",
    /// not for metadata or status changes.
    #[test]
    fn generation_follows_the_spec() {
        let mut b = Bookkeeping::default();
        let mut d = v("kind: Pod\nmetadata: {name: p}\nspec: {x: 1}");
        b.record(None, Some(&mut d), true, Generation::Spec, "t");
        assert_eq!(
            d.get_path(&["metadata", "generation"]),
            Some(&Value::Int(1))
        );
        let mut labelled =
            v("kind: Pod\nmetadata: {name: p, labels: {a: b}, generation: 1}\nspec: {x: 1}");
        b.record(Some(&d), Some(&mut labelled), true, Generation::Spec, "t");
        assert_eq!(
            labelled.get_path(&["metadata", "generation"]),
            Some(&Value::Int(1))
        );
        let mut spec = v("kind: Pod\nmetadata: {name: p, generation: 1}\nspec: {x: 2}");
        b.record(
            Some(&labelled),
            Some(&mut spec),
            true,
            Generation::Spec,
            "t",
        );
        assert_eq!(
            spec.get_path(&["metadata", "generation"]),
            Some(&Value::Int(2))
        );
        // A custom resource with a status subresource: status changes do not count.
        let mut cr =
            v("kind: W\nmetadata: {name: w, generation: 3}\nspec: {a: 1}\nstatus: {ok: false}");
        let before = cr.clone();
        if let Some(s) = cr.child_map_mut("status") {
            s.insert("ok", Value::Bool(true));
        }
        b.record(
            Some(&before),
            Some(&mut cr),
            true,
            Generation::AllButMetadata {
                status_subresource: true,
            },
            "t",
        );
        assert_eq!(
            cr.get_path(&["metadata", "generation"]),
            Some(&Value::Int(3))
        );
    }

    /// Deployment docs: "a Deployment's rollout is triggered if and only if
    /// the Deployment's Pod template (.spec.template) is changed"; scaling
    /// does not; a paused Deployment rolls out once resumed.
    #[test]
    fn rollouts() {
        let mut b = Bookkeeping::default();
        let mut d = v(
            "kind: Deployment\nmetadata: {name: d}\nspec: {replicas: 1, template: {spec: {containers: [{name: a, image: x:1}]}}}",
        );
        let (_, r) = b.record(None, Some(&mut d), true, Generation::Spec, "t");
        assert_eq!(r.unwrap().revision, 1);
        let mut scaled = v(
            "kind: Deployment\nmetadata: {name: d}\nspec: {replicas: 5, template: {spec: {containers: [{name: a, image: x:1}]}}}",
        );
        assert_eq!(
            b.record(Some(&d), Some(&mut scaled), true, Generation::Spec, "t")
                .1,
            None,
            "scaling is no rollout"
        );
        let mut paused = v(
            "kind: Deployment\nmetadata: {name: d}\nspec: {paused: true, replicas: 5, template: {spec: {containers: [{name: a, image: x:2}]}}}",
        );
        assert_eq!(
            b.record(
                Some(&scaled),
                Some(&mut paused),
                true,
                Generation::Spec,
                "t"
            )
            .1,
            None,
            "paused"
        );
        let mut resumed = v(
            "kind: Deployment\nmetadata: {name: d}\nspec: {paused: false, replicas: 5, template: {spec: {containers: [{name: a, image: x:2}]}}}",
        );
        let r = b
            .record(
                Some(&paused),
                Some(&mut resumed),
                true,
                Generation::Spec,
                "t",
            )
            .1
            .unwrap();
        assert_eq!(r.revision, 2);
        assert_ne!(
            r.pod_template_hash,
            pod_template_hash(&v("{spec: {containers: [{name: a, image: x:1}]}}"))
        );
    }

    /// kube-rs watcher: Init, InitApply per existing object, InitDone, then Apply/Delete.
    #[test]
    fn a_late_watcher() {
        let later = [
            Some(WatchEvent {
                kind: EventType::Modified,
                resource_version: "3".into(),
            }),
            None,
            Some(WatchEvent {
                kind: EventType::Deleted,
                resource_version: "4".into(),
            }),
        ];
        assert_eq!(
            watcher_view(true, &later),
            vec![
                "Event::Init",
                "Event::InitApply",
                "Event::InitDone",
                "Event::Apply",
                "Event::Delete"
            ]
        );
        assert_eq!(
            watcher_view(false, &[]),
            vec!["Event::Init", "Event::InitDone"]
        );
    }
}
