//! Rollouts of the workload controllers: which writes give a Deployment a
//! new ReplicaSet, or a StatefulSet or DaemonSet a new ControllerRevision,
//! and the revision number and hash the controller gives it.
//!
//! The Deployment documentation: "A Deployment's rollout is triggered if
//! and only if the Deployment's Pod template (that is, `.spec.template`) is
//! changed, for example if the labels or container images of the template
//! are updated. Other updates, such as scaling the Deployment, do not
//! trigger a rollout." A paused Deployment ("changes to the PodTemplateSpec
//! of the paused Deployment will not trigger new rollouts as long as it is
//! paused") rolls out what changed once it is resumed. StatefulSets and
//! DaemonSets record a new ControllerRevision for the same reason (their
//! revision data is the pod template alone) and have no pause.
//!
//! Going back to an earlier template reuses that template's ReplicaSet or
//! ControllerRevision (same hash) and gives it the next revision number,
//! as the controllers do.
//!
//! Hashes: the Deployment and DaemonSet controllers hash the Go struct's
//! printed form (`spew` `%#v` of the `PodTemplateSpec`) with FNV-32a,
//! which cannot be reproduced outside Go; here FNV-32a runs over the
//! template's sorted JSON instead, so a hash is stable and changes exactly
//! when the template does, but its text differs from a real cluster's.
//! The StatefulSet controller hashes its revision's JSON patch
//! (`{"spec":{"template":{…,"$patch":"replace"}}}`, Go-sorted keys) with
//! FNV-32; the same is done here, which matches a real cluster when the
//! stored template is serialised the same way (a real server's encoding
//! may add fields such as `metadata.creationTimestamp: null`). Every hash
//! is written as upstream writes it: the decimal number, each digit
//! mapped into the alphabet of `SafeEncodeString`.

use crate::registry::generation::{api_group, semantic_eq};
use crate::value::{Map, Value};

/// A workload kind whose template changes roll out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    Deployment,
    StatefulSet,
    DaemonSet,
}

impl Workload {
    /// The workload an object is, if any.
    pub fn of(object: &Value) -> Option<Workload> {
        let api_version = object.get("apiVersion").and_then(Value::as_str)?;
        if !matches!(api_group(api_version), "apps" | "extensions") {
            return None;
        }
        match object.get("kind").and_then(Value::as_str)? {
            "Deployment" => Some(Workload::Deployment),
            "StatefulSet" => Some(Workload::StatefulSet),
            "DaemonSet" => Some(Workload::DaemonSet),
            _ => None,
        }
    }

    /// The label the controller puts on the pods of a revision.
    pub fn hash_label(self) -> &'static str {
        match self {
            Workload::Deployment => "pod-template-hash",
            Workload::StatefulSet | Workload::DaemonSet => "controller-revision-hash",
        }
    }

    /// What the controller creates for a revision.
    pub fn revision_kind(self) -> &'static str {
        match self {
            Workload::Deployment => "ReplicaSet",
            Workload::StatefulSet | Workload::DaemonSet => "ControllerRevision",
        }
    }

    /// The hash of a pod template, as this workload's controller names it.
    pub fn template_hash(self, template: &Value) -> String {
        match self {
            Workload::Deployment | Workload::DaemonSet => pod_template_hash(template),
            Workload::StatefulSet => controller_revision_hash(template),
        }
    }
}

/// A new revision started by a write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rollout {
    pub workload: Workload,
    /// The revision number (`deployment.kubernetes.io/revision` on the
    /// ReplicaSet, `.revision` of a ControllerRevision).
    pub revision: u64,
    /// The template's hash: the value of the `pod-template-hash` label
    /// (Deployment) or `controller-revision-hash` label (StatefulSet,
    /// DaemonSet).
    pub pod_template_hash: String,
    /// The name of the ReplicaSet or ControllerRevision: `<name>-<hash>`.
    pub name: String,
}

/// What the rollout bookkeeping remembers between writes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RolloutState {
    /// The highest revision number given so far.
    revision: u64,
    /// The template of the current revision.
    rolled_out: Option<Value>,
}

impl RolloutState {
    /// The state of an object already stored: its current template counts
    /// as rolled out, with the revision its Deployment annotation names
    /// (or 1).
    pub fn of_stored(object: Option<&Value>) -> Self {
        let Some(object) = object.filter(|o| Workload::of(o).is_some()) else {
            return RolloutState::default();
        };
        let revision = object
            .get_path(&[
                "metadata",
                "annotations",
                "deployment.kubernetes.io/revision",
            ])
            .and_then(Value::as_str)
            .and_then(|r| r.parse().ok())
            .unwrap_or(1);
        RolloutState {
            revision,
            rolled_out: object.get_path(&["spec", "template"]).cloned(),
        }
    }

    /// Notes the object as stored after a write; returns the rollout the
    /// write starts, if any.
    pub fn observe(&mut self, object: &Value) -> Option<Rollout> {
        let workload = Workload::of(object)?;
        if workload == Workload::Deployment
            && object
                .get_path(&["spec", "paused"])
                .and_then(Value::as_bool)
                == Some(true)
        {
            return None;
        }
        let template = object.get_path(&["spec", "template"])?;
        if self
            .rolled_out
            .as_ref()
            .is_some_and(|t| semantic_eq(Some(t), Some(template)))
        {
            return None;
        }
        self.revision += 1;
        self.rolled_out = Some(template.clone());
        let hash = workload.template_hash(template);
        let owner = object
            .get_path(&["metadata", "name"])
            .and_then(Value::as_str)
            .unwrap_or("");
        Some(Rollout {
            workload,
            revision: self.revision,
            name: format!("{owner}-{hash}"),
            pod_template_hash: hash,
        })
    }
}

/// The Deployment (and DaemonSet) template hash: FNV-32a of the template's
/// sorted JSON, safe-encoded (see the module docs for how it differs from
/// a real cluster's).
pub fn pod_template_hash(template: &Value) -> String {
    safe_encode(&fnv32a(template.to_json_sorted().as_bytes()).to_string())
}

/// The StatefulSet ControllerRevision hash: FNV-32 of the revision's
/// patch, safe-encoded.
pub fn controller_revision_hash(template: &Value) -> String {
    let mut template = template.clone();
    if let Some(t) = template.as_map_mut() {
        t.insert("$patch", Value::from("replace"));
    }
    let mut spec = Map::new();
    spec.insert("template", template);
    let mut patch = Map::new();
    patch.insert("spec", Value::Map(spec));
    safe_encode(&fnv32(Value::Map(patch).to_json_sorted().as_bytes()).to_string())
}

const FNV32_OFFSET: u32 = 0x811c_9dc5;
const FNV32_PRIME: u32 = 0x0100_0193;

/// FNV-1a, 32 bits (Go's `fnv.New32a`).
pub fn fnv32a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(FNV32_OFFSET, |h, b| {
        (h ^ u32::from(*b)).wrapping_mul(FNV32_PRIME)
    })
}

/// FNV-1, 32 bits (Go's `fnv.New32`).
pub fn fnv32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(FNV32_OFFSET, |h, b| {
        h.wrapping_mul(FNV32_PRIME) ^ u32::from(*b)
    })
}

/// apimachinery's `rand.SafeEncodeString`: each byte mapped into an
/// alphabet without vowels and look-alike digits, so generated names
/// cannot spell words.
pub fn safe_encode(s: &str) -> String {
    const ALPHANUMS: &[u8; 27] = b"bcdfghjklmnpqrstvwxz2456789";
    s.bytes()
        .map(|b| char::from(ALPHANUMS[usize::from(b) % ALPHANUMS.len()]))
        .collect()
}
