//! Which writes move `metadata.generation`, kind by kind, as the API
//! server's registry strategies decide it in `PrepareForCreate` (set to 1)
//! and `PrepareForUpdate` (old + 1 when the compared part changed).

use crate::value::Value;

/// How a kind tracks `metadata.generation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generation {
    /// No generation (ConfigMap, Secret, Service, HorizontalPodAutoscaler, …):
    /// the strategy never sets it.
    None,
    /// Built-in kinds whose strategy compares `.spec` (StatefulSet,
    /// DaemonSet, ReplicaSet, Job, CronJob, Pod, …).
    Spec,
    /// CSIDriver: `.spec`, but its `PrepareForCreate` sets no generation,
    /// so a new driver has none (0, which Go leaves out) and its first
    /// spec change makes it 1 (`storage/csidriver/strategy.go`).
    SpecFromZero,
    /// Deployment: `.spec` or `metadata.annotations` — upstream bumps on
    /// annotation changes too, because the controller copies a Deployment's
    /// annotations to its ReplicaSets.
    SpecOrAnnotations,
    /// Validating/MutatingWebhookConfiguration: the `.webhooks` list (they
    /// have no spec), compared exactly.
    Webhooks,
    /// PodTemplate: its `.template` (it has no spec).
    Template,
    /// EndpointSlice: anything but `metadata`, or the labels (it has no
    /// spec; the labels say which Service and controller it belongs to).
    ContentOrLabels,
    /// Custom resources: anything but `metadata` (and `status`, when the
    /// CRD enables the status subresource).
    AllButMetadata { status_subresource: bool },
    /// A `/status` write to a kind that tracks one: `rest.BeforeUpdate`
    /// keeps the stored generation and no status strategy moves it (a
    /// Deployment's status write that changes annotations included).
    Kept,
}

/// Built-in kinds whose registry strategy keeps a generation, by API group
/// and kind (the version does not matter: strategies work on the internal
/// type). Every other built-in kind has none.
const TRACKED_BUILTINS: &[(&str, &str, Generation)] = &[
    ("apps", "Deployment", Generation::SpecOrAnnotations),
    ("apps", "StatefulSet", Generation::Spec),
    ("apps", "DaemonSet", Generation::Spec),
    ("apps", "ReplicaSet", Generation::Spec),
    ("", "ReplicationController", Generation::Spec),
    ("", "Pod", Generation::Spec),
    ("batch", "Job", Generation::Spec),
    ("batch", "CronJob", Generation::Spec),
    ("policy", "PodDisruptionBudget", Generation::Spec),
    ("networking.k8s.io", "NetworkPolicy", Generation::Spec),
    ("networking.k8s.io", "Ingress", Generation::Spec),
    ("networking.k8s.io", "IngressClass", Generation::Spec),
    (
        "apiextensions.k8s.io",
        "CustomResourceDefinition",
        Generation::Spec,
    ),
    (
        "admissionregistration.k8s.io",
        "ValidatingWebhookConfiguration",
        Generation::Webhooks,
    ),
    (
        "admissionregistration.k8s.io",
        "MutatingWebhookConfiguration",
        Generation::Webhooks,
    ),
    (
        "admissionregistration.k8s.io",
        "ValidatingAdmissionPolicy",
        Generation::Spec,
    ),
    (
        "admissionregistration.k8s.io",
        "ValidatingAdmissionPolicyBinding",
        Generation::Spec,
    ),
    (
        "admissionregistration.k8s.io",
        "MutatingAdmissionPolicy",
        Generation::Spec,
    ),
    (
        "admissionregistration.k8s.io",
        "MutatingAdmissionPolicyBinding",
        Generation::Spec,
    ),
    (
        "flowcontrol.apiserver.k8s.io",
        "FlowSchema",
        Generation::Spec,
    ),
    (
        "flowcontrol.apiserver.k8s.io",
        "PriorityLevelConfiguration",
        Generation::Spec,
    ),
    // `pkg/registry/resource/{deviceclass,resourceslice,devicetaintrule}/
    // strategy.go`: `PrepareForCreate` sets 1, `PrepareForUpdate` bumps
    // when `apiequality.Semantic.DeepEqual(old.Spec, new.Spec)` fails (a
    // DeviceTaintRule after its new effect's `timeAdded`, which the spec
    // change already bumps). ResourceClaim's strategy keeps none.
    ("resource.k8s.io", "DeviceClass", Generation::Spec),
    ("resource.k8s.io", "ResourceSlice", Generation::Spec),
    ("resource.k8s.io", "DeviceTaintRule", Generation::Spec),
    // storage/csidriver/strategy.go (the SELinuxMountReadWriteOncePod
    // era, 1.30+): PrepareForCreate only drops gated fields, and
    // PrepareForUpdate bumps when `Semantic.DeepEqual(old.Spec, new.Spec)`
    // fails.
    ("storage.k8s.io", "CSIDriver", Generation::SpecFromZero),
    // core/podtemplate/strategy.go: PrepareForCreate sets 1,
    // PrepareForUpdate bumps when `Semantic.DeepEqual(new.Template,
    // old.Template)` fails.
    ("", "PodTemplate", Generation::Template),
    // discovery/endpointslice/strategy.go: PrepareForCreate sets 1,
    // PrepareForUpdate compares the slices with their ObjectMeta blanked,
    // then the labels.
    (
        "discovery.k8s.io",
        "EndpointSlice",
        Generation::ContentOrLabels,
    ),
];

/// The API group of an apiVersion (`apps/v1` → `apps`, `v1` → ``).
pub fn api_group(api_version: &str) -> &str {
    api_version.rsplit_once('/').map_or("", |(group, _)| group)
}

impl Generation {
    /// The policy of a kind. A kind of the table of built-in strategies
    /// gets its strategy's rule; another kind the API server serves itself
    /// (`builtin`) has no generation; anything else is a custom resource,
    /// where the CRD's status subresource decides what counts.
    pub fn of(api_version: &str, kind: &str, builtin: bool, status_subresource: bool) -> Self {
        let group = api_group(api_version);
        // `extensions/v1beta1` once served Deployments, DaemonSets,
        // ReplicaSets, Ingresses and NetworkPolicies with the same strategies.
        let group = match (group, kind) {
            ("extensions", "Ingress" | "NetworkPolicy") => "networking.k8s.io",
            ("extensions", _) => "apps",
            _ => group,
        };
        let tracked = TRACKED_BUILTINS
            .iter()
            .find(|(g, k, _)| *g == group && *k == kind)
            .map(|(_, _, policy)| *policy);
        match tracked {
            Some(policy) => policy,
            None if builtin => Generation::None,
            None => Generation::AllButMetadata { status_subresource },
        }
    }

    /// Whether the kind has a generation at all.
    pub fn is_tracked(self) -> bool {
        self != Generation::None
    }

    /// The generation its strategy gives a new object: 1, or none
    /// (`None`: what the request sent stays, as `rest.BeforeCreate` leaves
    /// it).
    pub fn at_create(self) -> Option<i64> {
        (self.is_tracked() && self != Generation::SpecFromZero).then_some(1)
    }

    /// The policy of a `/status` write to the kind ([`Generation::Kept`]).
    pub fn for_status_write(self) -> Self {
        if self.is_tracked() {
            Generation::Kept
        } else {
            self
        }
    }

    /// Whether a write from `before` to `after` moves the generation.
    pub fn bumps(self, before: &Value, after: &Value) -> bool {
        let differs = |path: &[&str]| !semantic_eq(before.get_path(path), after.get_path(path));
        match self {
            Generation::None | Generation::Kept => false,
            Generation::Spec | Generation::SpecFromZero => differs(&["spec"]),
            Generation::SpecOrAnnotations => {
                differs(&["spec"]) || differs(&["metadata", "annotations"])
            }
            // The webhook strategies compare with `reflect.DeepEqual`, for
            // which an empty list and no list differ.
            Generation::Webhooks => before.get("webhooks") != after.get("webhooks"),
            Generation::Template => differs(&["template"]),
            Generation::ContentOrLabels => {
                differs(&["metadata", "labels"])
                    || Generation::AllButMetadata {
                        status_subresource: false,
                    }
                    .bumps(before, after)
            }
            Generation::AllButMetadata { status_subresource } => {
                let content = |v: &Value| {
                    let mut m = v.as_map().cloned().unwrap_or_default();
                    m.remove("metadata");
                    if status_subresource {
                        m.remove("status");
                    }
                    m
                };
                !semantic_eq(
                    Some(&Value::Map(content(before))),
                    Some(&Value::Map(content(after))),
                )
            }
        }
    }
}

/// Equality as apimachinery's `equality.Semantic.DeepEqual` sees decoded
/// objects: an absent field, `null` and an empty map or list are the same
/// (Go decodes all of them to a nil slice or map, and its semantic deep
/// equality treats nil and empty alike); everything else compares exactly.
pub fn semantic_eq(a: Option<&Value>, b: Option<&Value>) -> bool {
    let empty = |v: Option<&Value>| match v {
        None | Some(Value::Null) => true,
        Some(Value::Map(m)) => m.is_empty(),
        Some(Value::List(l)) => l.is_empty(),
        Some(_) => false,
    };
    if empty(a) && empty(b) {
        return true;
    }
    match (a, b) {
        // Each key once: walking both maps' keys would compare the shared
        // ones twice, and twice again at every level below (2^depth).
        (Some(Value::Map(x)), Some(Value::Map(y))) => {
            x.iter().all(|(k, xv)| semantic_eq(Some(xv), y.get(k)))
                && y.iter()
                    .all(|(k, yv)| x.contains_key(k) || semantic_eq(None, Some(yv)))
        }
        (Some(Value::List(x)), Some(Value::List(y))) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|(p, q)| semantic_eq(Some(p), Some(q)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn yaml(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    /// core `podtemplate/strategy.go` (`PrepareForCreate`: generation 1;
    /// `PrepareForUpdate`: old + 1 when the template changed, read at
    /// kubernetes/kubernetes, file id 454544689 of the index, a 1.2x-era
    /// copy with `GetWarningsForPodTemplate`).
    #[test]
    fn a_pod_templates_generation_counts_template_changes() {
        let policy = Generation::of("v1", "PodTemplate", true, false);
        assert_eq!(policy, Generation::Template);
        let old = yaml("{metadata: {name: t}, template: {spec: {containers: [{name: a}]}}}");
        let relabelled = yaml(
            "{metadata: {name: t, labels: {a: b}}, template: {spec: {containers: [{name: a}]}}}",
        );
        let changed = yaml("{metadata: {name: t}, template: {spec: {containers: [{name: b}]}}}");
        assert!(!policy.bumps(&old, &relabelled));
        assert!(policy.bumps(&old, &changed));
    }

    /// discovery `endpointslice/strategy.go` `PrepareForUpdate`: anything
    /// but the ObjectMeta, or the labels, moves the generation; an
    /// annotation does not.
    #[test]
    fn an_endpoint_slices_generation_counts_content_and_label_changes() {
        let policy = Generation::of("discovery.k8s.io/v1", "EndpointSlice", true, false);
        assert_eq!(policy, Generation::ContentOrLabels);
        let old = yaml(
            "{metadata: {name: s, labels: {a: b}}, addressType: IPv4, endpoints: [{addresses: [10.0.0.1]}]}",
        );
        let annotated = yaml(
            "{metadata: {name: s, labels: {a: b}, annotations: {x: y}}, addressType: IPv4, endpoints: [{addresses: [10.0.0.1]}]}",
        );
        let relabelled = yaml(
            "{metadata: {name: s, labels: {a: c}}, addressType: IPv4, endpoints: [{addresses: [10.0.0.1]}]}",
        );
        let moved = yaml(
            "{metadata: {name: s, labels: {a: b}}, addressType: IPv4, endpoints: [{addresses: [10.0.0.2]}]}",
        );
        assert!(!policy.bumps(&old, &annotated));
        assert!(policy.bumps(&old, &relabelled));
        assert!(policy.bumps(&old, &moved));
    }
}
