//! Server-side defaulting of built-in kinds: what the API server fills in
//! when a request leaves a field out (upstream `pkg/apis/*/v1/defaults.go`
//! and the registries' `PrepareForCreate`; facts carried over, code our
//! own). Defaulted fields belong to no manager when an apply leaves them
//! out, because defaulting runs after the merge.

mod admission;
mod core;
#[cfg(test)]
mod diff_tests;
mod extensions;

pub(crate) use extensions::storage_version;
mod flowcontrol;
mod network;
mod resource;
mod storage;

use crate::schema::Defaulter;
use crate::value::{Map, Value};

/// The defaulting of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindDefaults {
    Deployment,
    ReplicaSet,
    StatefulSet,
    DaemonSet,
    Job,
    CronJob,
    Pod,
    PodTemplate,
    ReplicationController,
    Service,
    Ingress,
    HorizontalPodAutoscaler,
    Namespace,
    Secret,
    NetworkPolicy,
    PersistentVolumeClaim,
    PersistentVolume,
    Endpoints,
    RoleBinding,
    HorizontalPodAutoscalerV1,
    ValidatingWebhookConfiguration,
    MutatingWebhookConfiguration,
    AdmissionPolicy,
    /// `true`: admissionregistration.k8s.io/v1alpha1's, whose `paramRef`
    /// has a default.
    AdmissionPolicyBinding(bool),
    StorageClass,
    CsiDriver,
    FlowSchema,
    PriorityLevelConfiguration,
    CustomResourceDefinition,
    ApiService,
    EndpointSlice,
    IngressClass,
    PriorityClass,
    LimitRange,
    ResourceQuota,
    Node,
    ResourceClaim,
    ResourceClaimTemplate,
    /// resource.k8s.io/v1beta1's claims: requests without `exactly`.
    ResourceClaimV1beta1,
    ResourceClaimTemplateV1beta1,
    ResourceSlice,
    /// resource.k8s.io/v1beta1's slices: devices under `basic`.
    ResourceSliceV1beta1,
    /// resource.k8s.io v1beta2 and v1alpha3: the taint's `timeAdded`.
    DeviceTaintRule,
    /// A `+default` on one integer of the spec, the kind's only default:
    /// ResourcePoolStatusRequest's `limit` (100), PodCertificateRequest's
    /// `maxExpirationSeconds` (86400).
    SpecInt(&'static str, i64),
    VolumeAttachment,
}

impl KindDefaults {
    pub fn for_kind(api_version: &str, kind: &str) -> Option<KindDefaults> {
        Some(match (api_version, kind) {
            ("apps/v1", "Deployment") => KindDefaults::Deployment,
            ("apps/v1", "ReplicaSet") => KindDefaults::ReplicaSet,
            ("apps/v1", "StatefulSet") => KindDefaults::StatefulSet,
            ("apps/v1", "DaemonSet") => KindDefaults::DaemonSet,
            ("batch/v1", "Job") => KindDefaults::Job,
            ("batch/v1", "CronJob") => KindDefaults::CronJob,
            ("v1", "Pod") => KindDefaults::Pod,
            ("v1", "PodTemplate") => KindDefaults::PodTemplate,
            ("v1", "ReplicationController") => KindDefaults::ReplicationController,
            ("v1", "Service") => KindDefaults::Service,
            ("networking.k8s.io/v1", "Ingress") => KindDefaults::Ingress,
            ("autoscaling/v2", "HorizontalPodAutoscaler") => KindDefaults::HorizontalPodAutoscaler,
            ("v1", "Namespace") => KindDefaults::Namespace,
            ("v1", "Secret") => KindDefaults::Secret,
            ("networking.k8s.io/v1", "NetworkPolicy") => KindDefaults::NetworkPolicy,
            ("v1", "PersistentVolumeClaim") => KindDefaults::PersistentVolumeClaim,
            ("v1", "PersistentVolume") => KindDefaults::PersistentVolume,
            ("v1", "Endpoints") => KindDefaults::Endpoints,
            ("rbac.authorization.k8s.io/v1", "RoleBinding" | "ClusterRoleBinding") => {
                KindDefaults::RoleBinding
            }
            ("autoscaling/v1", "HorizontalPodAutoscaler") => {
                KindDefaults::HorizontalPodAutoscalerV1
            }
            ("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration") => {
                KindDefaults::ValidatingWebhookConfiguration
            }
            ("admissionregistration.k8s.io/v1", "MutatingWebhookConfiguration") => {
                KindDefaults::MutatingWebhookConfiguration
            }
            // v1beta1's and v1alpha1's mutating policies (off by default)
            // have v1's shape and defaulting functions.
            (
                "admissionregistration.k8s.io/v1"
                | "admissionregistration.k8s.io/v1beta1"
                | "admissionregistration.k8s.io/v1alpha1",
                "ValidatingAdmissionPolicy" | "MutatingAdmissionPolicy",
            ) => KindDefaults::AdmissionPolicy,
            (
                "admissionregistration.k8s.io/v1"
                | "admissionregistration.k8s.io/v1beta1"
                | "admissionregistration.k8s.io/v1alpha1",
                "ValidatingAdmissionPolicyBinding" | "MutatingAdmissionPolicyBinding",
            ) => KindDefaults::AdmissionPolicyBinding(api_version.ends_with("v1alpha1")),
            ("storage.k8s.io/v1", "StorageClass") => KindDefaults::StorageClass,
            ("storage.k8s.io/v1", "CSIDriver") => KindDefaults::CsiDriver,
            ("storage.k8s.io/v1", "VolumeAttachment") => KindDefaults::VolumeAttachment,
            ("flowcontrol.apiserver.k8s.io/v1", "FlowSchema") => KindDefaults::FlowSchema,
            ("flowcontrol.apiserver.k8s.io/v1", "PriorityLevelConfiguration") => {
                KindDefaults::PriorityLevelConfiguration
            }
            ("apiextensions.k8s.io/v1", "CustomResourceDefinition") => {
                KindDefaults::CustomResourceDefinition
            }
            ("apiregistration.k8s.io/v1", "APIService") => KindDefaults::ApiService,
            ("discovery.k8s.io/v1", "EndpointSlice") => KindDefaults::EndpointSlice,
            ("networking.k8s.io/v1", "IngressClass") => KindDefaults::IngressClass,
            ("scheduling.k8s.io/v1", "PriorityClass") => KindDefaults::PriorityClass,
            ("v1", "LimitRange") => KindDefaults::LimitRange,
            ("v1", "ResourceQuota") => KindDefaults::ResourceQuota,
            ("v1", "Node") => KindDefaults::Node,
            // v1beta2 (off by default) has v1's shape and defaulting functions.
            ("resource.k8s.io/v1" | "resource.k8s.io/v1beta2", "ResourceClaim") => {
                KindDefaults::ResourceClaim
            }
            ("resource.k8s.io/v1" | "resource.k8s.io/v1beta2", "ResourceClaimTemplate") => {
                KindDefaults::ResourceClaimTemplate
            }
            ("resource.k8s.io/v1" | "resource.k8s.io/v1beta2", "ResourceSlice") => {
                KindDefaults::ResourceSlice
            }
            ("resource.k8s.io/v1beta1", "ResourceClaim") => KindDefaults::ResourceClaimV1beta1,
            ("resource.k8s.io/v1beta1", "ResourceSlice") => KindDefaults::ResourceSliceV1beta1,
            ("resource.k8s.io/v1beta1", "ResourceClaimTemplate") => {
                KindDefaults::ResourceClaimTemplateV1beta1
            }
            ("resource.k8s.io/v1beta2" | "resource.k8s.io/v1alpha3", "DeviceTaintRule") => {
                KindDefaults::DeviceTaintRule
            }
            // +default=100 on ResourcePoolStatusRequestSpec.Limit.
            ("resource.k8s.io/v1alpha3", "ResourcePoolStatusRequest") => {
                KindDefaults::SpecInt("limit", 100)
            }
            // +default=86400 on PodCertificateRequestSpec.MaxExpirationSeconds
            // (k8s.io/api certificates/v1beta1/types.go; v1beta1's
            // generated SetObjectDefaults_PodCertificateRequest).
            ("certificates.k8s.io/v1beta1", "PodCertificateRequest") => {
                KindDefaults::SpecInt("maxExpirationSeconds", 86400)
            }
            _ => return None,
        })
    }
}

impl Defaulter for KindDefaults {
    fn apply_defaults(&self, object: &mut Value, now: &str) {
        if let Some(root) = object.as_map_mut() {
            self.default_map(root, now);
        }
    }

    /// What the registry's `PrepareForCreate` (or a status defaulter)
    /// puts in a new object's status; the zero values of the rest of the
    /// status struct are the Go encoding's (`super::goencoding`).
    fn initial_status(&self, object: &Value, now: &str) -> Option<Value> {
        let mut m = Map::new();
        match self {
            // pod strategy PrepareForCreate: Pending, the QoS class, and
            // applySchedulingGatedCondition's condition.
            KindDefaults::Pod => {
                m.insert("phase", Value::from("Pending"));
                m.insert("qosClass", Value::from(qos_class(object)));
                if let Some(condition) = scheduling_gated_condition(object, now) {
                    m.insert("conditions", Value::List(vec![condition]));
                }
            }
            // SetDefaults_NamespaceStatus (also run by `default_map`,
            // which comes before the registry gives a new object this).
            KindDefaults::Namespace => {
                m.insert("phase", Value::from("Active"));
            }
            // SetDefaults_PersistentVolumeClaim / SetDefaults_PersistentVolume;
            // the persistentvolume strategy's PrepareForCreate stamps the
            // phase's time.
            KindDefaults::PersistentVolumeClaim | KindDefaults::PersistentVolume => {
                m.insert("phase", Value::from("Pending"));
                if *self == KindDefaults::PersistentVolume {
                    m.insert("lastPhaseTransitionTime", Value::from(now));
                }
            }
            // kube-aggregator apiservice strategy PrepareForCreate: a local
            // APIService (no service) is available at once
            // (NewLocalAvailableAPIServiceCondition).
            KindDefaults::ApiService => {
                if object
                    .get_path(&["spec", "service"])
                    .is_none_or(Value::is_null)
                    && let Ok(conditions) = Value::from_json_str(&format!(
                        r#"[{{"type":"Available","status":"True","lastTransitionTime":"{now}","reason":"Local","message":"Local APIServices are always available"}}]"#
                    ))
                {
                    m.insert("conditions", conditions);
                }
            }
            _ => {}
        }
        Some(Value::Map(m))
    }
}

impl KindDefaults {
    /// `now`: the request's time, for the defaulters that stamp it.
    fn default_map(&self, root: &mut Map, now: &str) -> Option<()> {
        match self {
            KindDefaults::Deployment => {
                let spec = root.child_map_mut("spec")?;
                set(spec, "replicas", Value::Int(1));
                let strategy = spec.child_map_mut("strategy")?;
                set(strategy, "type", Value::from("RollingUpdate"));
                if strategy.get("type").and_then(Value::as_str) == Some("RollingUpdate") {
                    let rolling = strategy.child_map_mut("rollingUpdate")?;
                    set(rolling, "maxUnavailable", Value::from("25%"));
                    set(rolling, "maxSurge", Value::from("25%"));
                }
                set(spec, "revisionHistoryLimit", Value::Int(10));
                set(spec, "progressDeadlineSeconds", Value::Int(600));
                template(spec)?;
            }
            KindDefaults::ReplicaSet => {
                let spec = root.child_map_mut("spec")?;
                set(spec, "replicas", Value::Int(1));
                template(spec)?;
            }
            KindDefaults::ReplicationController => {
                core::replication_controller(root)?;
                // An RC's template is a pointer: none is made up.
                let spec = root.child_map_mut("spec")?;
                if spec.get("template").is_some_and(Value::is_map) {
                    template(spec)?;
                }
            }
            KindDefaults::LimitRange => core::limit_range(root),
            KindDefaults::ResourceQuota => core::resource_quota(root),
            KindDefaults::Node => core::node(root),
            KindDefaults::ResourceClaim => resource::resource_claim(root, false),
            KindDefaults::ResourceClaimTemplate => resource::resource_claim_template(root, false),
            KindDefaults::ResourceClaimV1beta1 => resource::resource_claim(root, true),
            KindDefaults::ResourceClaimTemplateV1beta1 => {
                resource::resource_claim_template(root, true)
            }
            KindDefaults::ResourceSlice => resource::resource_slice(root, now, false),
            KindDefaults::ResourceSliceV1beta1 => resource::resource_slice(root, now, true),
            KindDefaults::DeviceTaintRule => resource::device_taint_rule(root, now)?,
            KindDefaults::SpecInt(field, value) => {
                set(root.child_map_mut("spec")?, field, Value::Int(*value));
            }
            KindDefaults::VolumeAttachment => storage::volume_attachment(root),
            KindDefaults::StatefulSet => {
                let spec = root.child_map_mut("spec")?;
                set(spec, "replicas", Value::Int(1));
                set(spec, "podManagementPolicy", Value::from("OrderedReady"));
                // SetDefaults_StatefulSet: rollingUpdate is created only
                // with the defaulted type; an explicit RollingUpdate
                // without parameters stays without them.
                let strategy = spec.child_map_mut("updateStrategy")?;
                if strategy.get("type").is_none_or(Value::is_null) {
                    strategy.insert("type", Value::from("RollingUpdate"));
                    strategy.child_map_mut("rollingUpdate")?;
                }
                if strategy.get("type").and_then(Value::as_str) == Some("RollingUpdate")
                    && let Some(Value::Map(rolling)) = strategy.get_mut("rollingUpdate")
                {
                    set(rolling, "partition", Value::Int(0));
                    // MaxUnavailableStatefulSet, on by default in 1.36.
                    set(rolling, "maxUnavailable", Value::Int(1));
                }
                set(spec, "revisionHistoryLimit", Value::Int(10));
                let retention = spec.child_map_mut("persistentVolumeClaimRetentionPolicy")?;
                set(retention, "whenDeleted", Value::from("Retain"));
                set(retention, "whenScaled", Value::from("Retain"));
                // SetObjectDefaults_StatefulSet defaults each claim
                // template as a claim (SetObjectDefaults_
                // PersistentVolumeClaim): a Pending phase in the template's
                // own status, which no strategy resets, and the rest.
                for claim in items(spec, "volumeClaimTemplates") {
                    persistent_volume_claim(claim);
                }
                template(spec)?;
            }
            KindDefaults::DaemonSet => {
                let spec = root.child_map_mut("spec")?;
                let strategy = spec.child_map_mut("updateStrategy")?;
                set(strategy, "type", Value::from("RollingUpdate"));
                if strategy.get("type").and_then(Value::as_str) == Some("RollingUpdate") {
                    let rolling = strategy.child_map_mut("rollingUpdate")?;
                    set(rolling, "maxUnavailable", Value::Int(1));
                    set(rolling, "maxSurge", Value::Int(0));
                }
                set(spec, "revisionHistoryLimit", Value::Int(10));
                template(spec)?;
            }
            KindDefaults::Job => {
                // A Job's pod template labels become the Job's when it has none.
                let template_labels = root
                    .get_path_value(&["spec", "template", "metadata", "labels"])
                    .filter(|l| l.as_map().is_some_and(|m| !m.is_empty()));
                if let Some(labels) = template_labels {
                    set_if_empty(root.child_map_mut("metadata")?, "labels", labels);
                }
                job_spec(root.child_map_mut("spec")?)?
            }
            KindDefaults::CronJob => {
                let spec = root.child_map_mut("spec")?;
                set(spec, "concurrencyPolicy", Value::from("Allow"));
                set(spec, "suspend", Value::Bool(false));
                set(spec, "successfulJobsHistoryLimit", Value::Int(3));
                set(spec, "failedJobsHistoryLimit", Value::Int(1));
                let job = spec.child_map_mut("jobTemplate")?;
                job.child_map_mut("metadata")?;
                let job_spec_map = job.child_map_mut("spec")?;
                pod_failure_patterns(job_spec_map);
                let tmpl = job_spec_map.child_map_mut("template")?;
                tmpl.child_map_mut("metadata")?;
                pod_spec(tmpl.child_map_mut("spec")?);
            }
            KindDefaults::Pod => {
                let spec = root.child_map_mut("spec")?;
                // SetObjectDefaults_Pod: SetDefaults_Pod, then the spec's.
                pod_only(spec);
                pod_spec(spec);
                // The generated defaulter walks the status too: what a
                // `/status` write reports of the containers' and the pod's
                // resources is rounded as a spec's is.
                if let Some(Value::Map(status)) = root.get_mut("status") {
                    for list in [
                        "initContainerStatuses",
                        "containerStatuses",
                        "ephemeralContainerStatuses",
                    ] {
                        for s in items(status, list) {
                            resource_lists(s, &["allocatedResources"]);
                            requirements(s);
                        }
                    }
                    resource_lists(status, &["allocatedResources"]);
                    requirements(status);
                }
            }
            KindDefaults::PodTemplate => template(root)?,
            KindDefaults::Service => core::service(root)?,
            KindDefaults::Namespace => {
                // SetDefaults_NamespaceStatus, on every decode: a /status
                // write that leaves the phase out stores Active.
                set_blank(root.child_map_mut("status")?, "phase", "Active");
                // SetDefaults_Namespace: the namespace's name as a label,
                // over whatever value the label was given; and the
                // kubernetes finalizer.
                let name = root.get("metadata").and_then(|m| m.get("name")).cloned();
                if let Some(name) = name {
                    let labels = root.child_map_mut("metadata")?.child_map_mut("labels")?;
                    labels.insert("kubernetes.io/metadata.name", name);
                }
                namespace_finalizer(root.child_map_mut("spec")?);
            }
            KindDefaults::Ingress => {}
            KindDefaults::Secret => set(root, "type", Value::from("Opaque")),
            KindDefaults::NetworkPolicy => {
                // SetDefaults_NetworkPolicy: when no policy type is given,
                // Ingress, and Egress too when there are egress rules.
                let spec = root.child_map_mut("spec")?;
                let given = |spec: &Map, key: &str| {
                    spec.get(key)
                        .and_then(Value::as_list)
                        .is_some_and(|l| !l.is_empty())
                };
                if !given(spec, "policyTypes") {
                    let mut types = vec![Value::from("Ingress")];
                    if given(spec, "egress") {
                        types.push(Value::from("Egress"));
                    }
                    spec.insert("policyTypes", Value::List(types));
                }
                for direction in ["ingress", "egress"] {
                    for rule in items(spec, direction) {
                        for port in items(rule, "ports") {
                            set(port, "protocol", Value::from("TCP"));
                        }
                    }
                }
            }
            KindDefaults::PersistentVolumeClaim => persistent_volume_claim(root),
            KindDefaults::PersistentVolume => {
                set_blank(root.child_map_mut("status")?, "phase", "Pending");
                let spec = root.child_map_mut("spec")?;
                set(spec, "persistentVolumeReclaimPolicy", Value::from("Retain"));
                set(spec, "volumeMode", Value::from("Filesystem"));
                resource_lists(spec, &["capacity"]);
                plugin_sources(spec);
            }
            KindDefaults::Endpoints => {
                let subsets = root.get_mut("subsets").and_then(Value::as_list_mut);
                for subset in subsets.into_iter().flatten().filter_map(Value::as_map_mut) {
                    for port in items(subset, "ports") {
                        set(port, "protocol", Value::from("TCP"));
                    }
                }
            }
            KindDefaults::RoleBinding => {
                // SetDefaults_(Cluster)RoleBinding: the role is RBAC's.
                set(
                    root.child_map_mut("roleRef")?,
                    "apiGroup",
                    Value::from("rbac.authorization.k8s.io"),
                );
                // SetDefaults_Subject: users and groups are RBAC
                // subjects; service accounts are core.
                for subject in items(root, "subjects") {
                    let kind = subject
                        .get("kind")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string();
                    let group = if kind == "ServiceAccount" {
                        ""
                    } else {
                        "rbac.authorization.k8s.io"
                    };
                    if kind == "User" || kind == "Group" || kind == "ServiceAccount" {
                        set(subject, "apiGroup", Value::from(group));
                    }
                }
            }
            KindDefaults::HorizontalPodAutoscalerV1 => {
                let spec = root.child_map_mut("spec")?;
                set(spec, "minReplicas", Value::Int(1));
            }
            KindDefaults::ValidatingWebhookConfiguration => {
                admission::webhook_configuration(root, false)
            }
            KindDefaults::MutatingWebhookConfiguration => {
                admission::webhook_configuration(root, true)
            }
            KindDefaults::AdmissionPolicy => admission::policy(root),
            KindDefaults::AdmissionPolicyBinding(alpha) => admission::policy_binding(root, *alpha),
            KindDefaults::StorageClass => storage::storage_class(root),
            KindDefaults::CsiDriver => storage::csi_driver(root),
            KindDefaults::FlowSchema => flowcontrol::flow_schema(root),
            KindDefaults::PriorityLevelConfiguration => flowcontrol::priority_level(root),
            KindDefaults::CustomResourceDefinition => extensions::custom_resource_definition(root),
            KindDefaults::ApiService => extensions::api_service(root),
            KindDefaults::EndpointSlice => network::endpoint_slice(root),
            KindDefaults::IngressClass => network::ingress_class(root),
            KindDefaults::PriorityClass => network::priority_class(root),
            KindDefaults::HorizontalPodAutoscaler => {
                let spec = root.child_map_mut("spec")?;
                set(spec, "minReplicas", Value::Int(1));
                if spec
                    .get("metrics")
                    .and_then(Value::as_list)
                    .is_none_or(Vec::is_empty)
                {
                    spec.insert("metrics", yaml_value(DEFAULT_HPA_METRICS));
                }
                // A behavior that is given gets every missing rule.
                if spec.get("behavior").is_some_and(Value::is_map) {
                    let behavior = spec.child_map_mut("behavior")?;
                    scaling_rules(
                        behavior.child_map_mut("scaleUp")?,
                        Some(0),
                        SCALE_UP_POLICIES,
                    );
                    scaling_rules(
                        behavior.child_map_mut("scaleDown")?,
                        None,
                        SCALE_DOWN_POLICIES,
                    );
                }
            }
        }
        Some(())
    }
}

/// HPA v2: 80% CPU when no metric is given.
const DEFAULT_HPA_METRICS: &str = "[{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 80}}}]";
/// HPA v2 scale-up policies: 4 pods or 100% every 15 seconds.
const SCALE_UP_POLICIES: &str =
    "[{type: Pods, value: 4, periodSeconds: 15}, {type: Percent, value: 100, periodSeconds: 15}]";
/// HPA v2 scale-down policy: 100% every 15 seconds.
const SCALE_DOWN_POLICIES: &str = "[{type: Percent, value: 100, periodSeconds: 15}]";

/// Fills the missing parts of one HPA scaling rule.
fn scaling_rules(rules: &mut Map, stabilization: Option<i64>, policies: &str) {
    if let Some(seconds) = stabilization {
        set(rules, "stabilizationWindowSeconds", Value::Int(seconds));
    }
    set(rules, "selectPolicy", Value::from("Max"));
    set(rules, "policies", yaml_value(policies));
}

/// A constant written as YAML.
fn yaml_value(text: &str) -> Value {
    crate::yaml::parse(text)
        .map(|d| d.value)
        .unwrap_or(Value::Null)
}

/// Sets `key` when it is absent or null.
fn set(m: &mut Map, key: &str, value: Value) {
    if m.get(key).is_none_or(Value::is_null) {
        m.insert(key, value);
    }
}

/// Sets `key` to the string `value` when it holds none or `""` (a Go
/// defaulter's `if obj.Status.Phase == ""`).
fn set_blank(m: &mut Map, key: &str, value: &str) {
    if m.get(key)
        .is_none_or(|v| v.is_null() || v.as_str() == Some(""))
    {
        m.insert(key, Value::from(value));
    }
}

/// Sets `key` when it holds no map or an empty one (Go's `len(m) == 0`).
fn set_if_empty(m: &mut Map, key: &str, value: Value) {
    if m.get(key).and_then(Value::as_map).is_none_or(Map::is_empty) {
        m.insert(key, value);
    }
}

/// A map written as YAML, for the defaulters' tests.
#[cfg(test)]
fn yaml_map(text: &str) -> Map {
    crate::yaml::parse(text)
        .ok()
        .and_then(|d| d.value.as_map().cloned())
        .unwrap_or_default()
}

/// The map items of the list under `key`.
fn items<'a>(m: &'a mut Map, key: &str) -> impl Iterator<Item = &'a mut Map> {
    m.get_mut(key)
        .and_then(Value::as_list_mut)
        .into_iter()
        .flat_map(|l| l.iter_mut())
        .filter_map(Value::as_map_mut)
}

fn template(spec: &mut Map) -> Option<()> {
    let tmpl = spec.child_map_mut("template")?;
    pod_spec(tmpl.child_map_mut("spec")?);
    Some(())
}

/// `SetDefaults_Job`: one completion and one pod at a time when neither
/// is given, six retries, non-indexed, not suspended.
fn job_spec(spec: &mut Map) -> Option<()> {
    if spec.get("completions").is_none_or(Value::is_null)
        && spec.get("parallelism").is_none_or(Value::is_null)
    {
        spec.insert("completions", Value::Int(1));
    }
    set(spec, "parallelism", Value::Int(1));
    let backoff = if spec
        .get("backoffLimitPerIndex")
        .is_some_and(|v| !v.is_null())
    {
        i64::from(i32::MAX)
    } else {
        6
    };
    set(spec, "backoffLimit", Value::Int(backoff));
    set(spec, "completionMode", Value::from("NonIndexed"));
    set(spec, "suspend", Value::Bool(false));
    pod_failure_patterns(spec);
    let replacement = if spec.get("podFailurePolicy").is_some_and(|v| !v.is_null()) {
        "Failed"
    } else {
        "TerminatingOrFailed"
    };
    set(spec, "podReplacementPolicy", Value::from(replacement));
    // SetDefaults_Job's last default (a Job's stored spec always says
    // whether its selector is generated).
    set(spec, "manualSelector", Value::Bool(false));
    let tmpl = spec.child_map_mut("template")?;
    pod_spec(tmpl.child_map_mut("spec")?);
    Some(())
}

/// The namespace strategy's `PrepareForCreate` appends the `kubernetes`
/// finalizer to a Namespace's spec when missing (an update keeps the
/// stored finalizers: `registry::status`).
pub(super) fn namespace_finalizer(spec: &mut Map) {
    let kubernetes = Value::from("kubernetes");
    let mut list = spec
        .get("finalizers")
        .and_then(Value::as_list)
        .cloned()
        .unwrap_or_default();
    if !list.contains(&kubernetes) {
        list.push(kubernetes);
    }
    spec.insert("finalizers", Value::List(list));
}

/// `SetDefaults_PodFailurePolicyOnPodConditionsPattern`: a pod failure
/// policy's condition patterns match status True (a Job's and a CronJob's
/// job template's: the generated defaulters walk both).
fn pod_failure_patterns(spec: &mut Map) {
    if let Some(Value::Map(policy)) = spec.get_mut("podFailurePolicy") {
        for rule in items(policy, "rules") {
            for pattern in items(rule, "onPodConditions") {
                set(pattern, "status", Value::from("True"));
            }
        }
    }
}

/// `SetDefaults_Pod`: what a Pod gets and a pod template does not.
/// Requests default to the limits a container gives (only on Pods, so
/// that a template's requests are not fixed before its pods are made);
/// service links are on; on the host network a port's hostPort is its
/// containerPort.
fn pod_only(spec: &mut Map) {
    for list in ["containers", "initContainers"] {
        for c in items(spec, list) {
            let Some(Value::Map(resources)) = c.get_mut("resources") else {
                continue;
            };
            let Some(limits) = resources.get("limits").and_then(Value::as_map).cloned() else {
                continue;
            };
            let Some(requests) = resources.child_map_mut("requests") else {
                continue;
            };
            for (name, quantity) in &limits {
                if !requests.contains_key(name) {
                    requests.insert(name.clone(), quantity.clone());
                }
            }
        }
    }
    pod_level_resources(spec);
    set(spec, "enableServiceLinks", Value::Bool(true));
    if spec.get("hostNetwork") == Some(&Value::Bool(true)) {
        // defaultHostNetworkPorts.
        for list in ["containers", "initContainers"] {
            for c in items(spec, list) {
                for port in items(c, "ports") {
                    if port.get("hostPort").is_none_or(|p| *p == Value::Int(0))
                        && let Some(container_port) = port.get("containerPort").cloned()
                    {
                        port.insert("hostPort", container_port);
                    }
                }
            }
        }
    }
}

/// `SetDefaults_Pod`'s pod-level resources (gate PodLevelResources, beta
/// and on since 1.34), after the containers' requests:
/// `defaultHugePagePodLimits` (a pod with pod-level resources gets the
/// containers' hugepage limits it neither limits nor requests), then
/// `defaultPodRequests` (with pod-level limits, the containers' CPU and
/// memory requests, then the pod's limits of cpu, memory and hugepages,
/// for what the pod does not request). Not `defaultPodLimits`, which the
/// 1.36 code may or may not have (README, Limitations).
fn pod_level_resources(spec: &mut Map) -> Option<()> {
    let pod = spec.get("resources")?.as_map()?;
    let list = |key| {
        pod.get(key)
            .and_then(Value::as_map)
            .cloned()
            .unwrap_or_default()
    };
    let (mut limits, mut requests) = (list("limits"), list("requests"));
    if limits.is_empty() && requests.is_empty() {
        return None;
    }
    for (k, q) in aggregate_container_resources(spec, "limits") {
        if k.starts_with("hugepages-") && !requests.contains_key(&k) {
            set(&mut limits, &k, q);
        }
    }
    if !limits.is_empty() {
        for (from, huge) in [
            (aggregate_container_resources(spec, "requests"), false),
            (limits.clone(), true),
        ] {
            for (k, q) in from {
                if pod_level(&k, huge) {
                    set(&mut requests, &k, q);
                }
            }
        }
    }
    let pod = spec.child_map_mut("resources")?;
    for (key, list) in [("limits", limits), ("requests", requests)] {
        if !list.is_empty() {
            pod.insert(key, Value::Map(list));
        }
    }
    Some(())
}

/// `IsSupportedPodLevelResource`, less the hugepages unless `huge`
/// (`IsOvercommitAllowed`).
fn pod_level(name: &str, huge: bool) -> bool {
    name == "cpu" || name == "memory" || huge && name.starts_with("hugepages-")
}

/// `resourcehelper.AggregateContainerRequests` / `AggregateContainerLimits`
/// (component-helpers `resource/helpers.go`) of the resource list `key`:
/// the containers' sum, with the sidecars (init containers that restart
/// `Always`) added, and at least what any init container needs (its own
/// list plus the sidecars started before it).
pub(crate) fn aggregate_container_resources(spec: &Map, key: &str) -> Map {
    let (mut total, mut sidecars, mut init) = (Map::new(), Map::new(), Map::new());
    for list in ["containers", "initContainers"] {
        for c in spec
            .get(list)
            .and_then(Value::as_list)
            .into_iter()
            .flatten()
        {
            let mut needs = c
                .get_path(&["resources", key])
                .and_then(Value::as_map)
                .cloned()
                .unwrap_or_default();
            if list == "containers" {
                merge(&mut total, &needs, true);
                continue;
            }
            if c.get("restartPolicy").and_then(Value::as_str) == Some("Always") {
                merge(&mut total, &needs, true);
                merge(&mut sidecars, &needs, true);
                needs = sidecars.clone();
            } else {
                merge(&mut needs, &sidecars, true);
            }
            merge(&mut init, &needs, false);
        }
    }
    merge(&mut total, &init, false);
    total
}

/// `addResourceList` (`sum`) or `maxResourceList` of `from` into `into`.
fn merge(into: &mut Map, from: &Map, sum: bool) {
    for (k, q) in from {
        let v = match into.get(k) {
            Some(old) => crate::builtin::goencoding::quantity::add_or_max(old, q, sum),
            None => Some(q.clone()),
        };
        if let Some(v) = v {
            into.insert(k.clone(), v);
        }
    }
}

/// `SetDefaults_ResourceList` on the resource lists under `keys`: every
/// quantity rounded up to a milli-unit.
fn resource_lists(m: &mut Map, keys: &[&str]) {
    for key in keys {
        let Some(Value::Map(list)) = m.get_mut(key) else {
            continue;
        };
        for (_, quantity) in list.iter_mut() {
            if let Some(rounded) = crate::builtin::goencoding::quantity::round_up_milli(quantity) {
                *quantity = rounded;
            }
        }
    }
}

/// `SetDefaults_PodSpec` and the container defaults.
fn pod_spec(spec: &mut Map) {
    set(spec, "dnsPolicy", Value::from("ClusterFirst"));
    set(spec, "restartPolicy", Value::from("Always"));
    set(spec, "terminationGracePeriodSeconds", Value::Int(30));
    set(spec, "securityContext", Value::Map(Map::new()));
    set(spec, "schedulerName", Value::from("default-scheduler"));
    resource_lists(spec, &["overhead"]);
    requirements(spec);
    // SetDefaults_EphemeralContainer is SetDefaults_Container, and the
    // generated defaulters walk an ephemeral container's fields as a
    // container's.
    for list in ["initContainers", "containers", "ephemeralContainers"] {
        for c in items(spec, list) {
            container(c);
        }
    }
    for volume in items(spec, "volumes") {
        for (source, mode) in [
            ("configMap", true),
            ("secret", true),
            ("downwardAPI", true),
            ("projected", true),
        ] {
            if let Some(Value::Map(v)) = volume.get_mut(source)
                && mode
            {
                set(v, "defaultMode", Value::Int(420));
            }
        }
        plugin_sources(volume);
        // SetDefaults_ImageVolumeSource: pulled as a container image is.
        if let Some(Value::Map(image)) = volume.get_mut("image") {
            let reference = image
                .get("reference")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            set(image, "pullPolicy", Value::from(pull_policy(&reference)));
        }
        volume_sources(volume);
    }
}

/// The rest of the volume defaults of `SetObjectDefaults_*` for a pod
/// spec's volume: `SetDefaults_Volume` (no source is an emptyDir), the
/// downward API's field selectors (`SetDefaults_ObjectFieldSelector`),
/// service account tokens (`SetDefaults_ServiceAccountTokenProjection`:
/// an hour), ephemeral claims (`SetDefaults_PersistentVolumeClaimSpec`).
fn volume_sources(volume: &mut Map) {
    if volume.iter().all(|(k, v)| k == "name" || v.is_null()) {
        volume.insert("emptyDir", Value::Map(Map::new()));
    }
    if let Some(Value::Map(downward)) = volume.get_mut("downwardAPI") {
        field_selectors(downward);
    }
    if let Some(Value::Map(projected)) = volume.get_mut("projected") {
        for source in items(projected, "sources") {
            if let Some(Value::Map(downward)) = source.get_mut("downwardAPI") {
                field_selectors(downward);
            }
            if let Some(Value::Map(token)) = source.get_mut("serviceAccountToken") {
                set(token, "expirationSeconds", Value::Int(3600));
            }
        }
    }
    // The template's spec is a struct: defaulted even when left out.
    if let Some(template) = volume
        .get_mut("ephemeral")
        .and_then(Value::as_map_mut)
        .and_then(|e| e.get_mut("volumeClaimTemplate"))
        .and_then(Value::as_map_mut)
        .and_then(|t| t.child_map_mut("spec"))
    {
        claim_spec(template);
    }
}

/// `SetObjectDefaults_PersistentVolumeClaim`: the status phase (Pending
/// when blank, on every decode: a `/status` write's too), the spec's
/// defaults, and the status's resource lists, which a `/status` write
/// brings.
fn persistent_volume_claim(claim: &mut Map) {
    if let Some(status) = claim.child_map_mut("status") {
        set_blank(status, "phase", "Pending");
    }
    if let Some(spec) = claim.child_map_mut("spec") {
        claim_spec(spec);
    }
    if let Some(Value::Map(status)) = claim.get_mut("status") {
        resource_lists(status, &["capacity", "allocatedResources"]);
    }
}

/// `SetDefaults_PersistentVolumeClaimSpec` and the resource lists of the
/// claim's requirements.
fn claim_spec(spec: &mut Map) {
    set(spec, "volumeMode", Value::from("Filesystem"));
    requirements(spec);
}

/// `SetDefaults_ResourceList` on the `resources` requirements of `m`.
fn requirements(m: &mut Map) {
    if let Some(Value::Map(resources)) = m.get_mut("resources") {
        resource_lists(resources, &["limits", "requests"]);
    }
}

/// The in-tree volume plugins' defaults, the same in a pod's volume, a
/// PersistentVolume's spec and a VolumeAttachment's inline spec (core
/// v1 `defaults.go` and the `+default` tags its generated defaulters
/// copy): `SetDefaults_HostPathVolumeSource` (type ""), the RBD pool, user
/// and keyring, `SetDefaults_ISCSI(Persistent)VolumeSource`,
/// `SetDefaults_AzureDiskVolumeSource`,
/// `SetDefaults_ScaleIO(Persistent)VolumeSource`.
fn plugin_sources(m: &mut Map) {
    for (source, defaults) in [
        ("hostPath", &[("type", "")][..]),
        (
            "rbd",
            &[
                ("pool", "rbd"),
                ("user", "admin"),
                ("keyring", "/etc/ceph/keyring"),
            ],
        ),
        ("iscsi", &[("iscsiInterface", "default")]),
        (
            "azureDisk",
            &[
                ("cachingMode", "ReadWrite"),
                ("kind", "Shared"),
                ("fsType", "ext4"),
            ],
        ),
        (
            "scaleIO",
            &[("storageMode", "ThinProvisioned"), ("fsType", "xfs")],
        ),
    ] {
        if let Some(Value::Map(v)) = m.get_mut(source) {
            for (key, value) in defaults {
                set(v, key, Value::from(*value));
            }
            if source == "azureDisk" {
                set(v, "readOnly", Value::Bool(false));
            }
        }
    }
}

/// `SetDefaults_ObjectFieldSelector` on a downward API's items: `v1`.
fn field_selectors(downward: &mut Map) {
    for item in items(downward, "items") {
        if let Some(Value::Map(field)) = item.get_mut("fieldRef") {
            set(field, "apiVersion", Value::from("v1"));
        }
    }
}

fn container(c: &mut Map) {
    let image = c
        .get("image")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    set(c, "imagePullPolicy", Value::from(pull_policy(&image)));
    set(
        c,
        "terminationMessagePath",
        Value::from("/dev/termination-log"),
    );
    set(c, "terminationMessagePolicy", Value::from("File"));
    requirements(c);
    for port in items(c, "ports") {
        set(port, "protocol", Value::from("TCP"));
    }
    for env in items(c, "env") {
        if let Some(Value::Map(from)) = env.get_mut("valueFrom") {
            if let Some(Value::Map(field)) = from.get_mut("fieldRef") {
                set(field, "apiVersion", Value::from("v1"));
            }
            // FileKeySelector's `+default=false` (gate EnvFiles, beta and
            // on since 1.35).
            if let Some(Value::Map(file)) = from.get_mut("fileKeyRef") {
                set(file, "optional", Value::Bool(false));
            }
        }
    }
    for probe in ["livenessProbe", "readinessProbe", "startupProbe"] {
        if let Some(Value::Map(p)) = c.get_mut(probe) {
            set(p, "timeoutSeconds", Value::Int(1));
            set(p, "periodSeconds", Value::Int(10));
            set(p, "successThreshold", Value::Int(1));
            set(p, "failureThreshold", Value::Int(3));
            if let Some(Value::Map(get)) = p.get_mut("httpGet") {
                http_get(get);
            }
            // GRPCAction's `+default=""`: the server's overall health.
            if let Some(Value::Map(grpc)) = p.get_mut("grpc") {
                set(grpc, "service", Value::from(""));
            }
        }
    }
    // SetDefaults_HTTPGetAction on the lifecycle hooks too.
    if let Some(Value::Map(lifecycle)) = c.get_mut("lifecycle") {
        for hook in ["postStart", "preStop"] {
            if let Some(Value::Map(get)) = lifecycle
                .get_mut(hook)
                .and_then(Value::as_map_mut)
                .and_then(|h| h.get_mut("httpGet"))
            {
                http_get(get);
            }
        }
    }
}

/// `SetDefaults_HTTPGetAction`: the root path, over HTTP.
fn http_get(get: &mut Map) {
    set(get, "path", Value::from("/"));
    set(get, "scheme", Value::from("HTTP"));
}

/// `Always` for `:latest`, else `IfNotPresent` (`SetDefaults_Container`,
/// `SetDefaults_Volume`): `parsers.ParseImageName` makes a reference
/// with neither tag nor digest `latest`; a reference its parser
/// (distribution/reference's `ParseNormalizedNamed`) refuses leaves no tag:
/// an empty or upper-case name, a bad tag, a digest not of a known
/// algorithm with its length of lowercase hex, 64 hex digits alone, a
/// repository path past 255 bytes (`library/` added to a one-part name).
fn pull_policy(image: &str) -> &'static str {
    let (rest, digest) = image
        .split_once('@')
        .map_or((image, None), |(r, d)| (r, Some(d)));
    let (name, tag) = match rest.rsplit_once(':') {
        Some((name, tag)) if !tag.contains('/') => (name, Some(tag)),
        _ => (rest, None),
    };
    let digest_parses = digest.is_none_or(|d| {
        d.split_once(':').is_some_and(|(algorithm, hex)| {
            let length = match algorithm {
                "sha256" => 64,
                "sha384" => 96,
                "sha512" => 128,
                _ => 0,
            };
            hex.len() == length && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        })
    });
    // The tag is `latest` or none here, which parses: only the name and
    // the digest can fail the parser.
    let latest = tag.map_or(digest.is_none(), |t| t == "latest");
    if latest && digest_parses && name_parses(image, name) {
        "Always"
    } else {
        "IfNotPresent"
    }
}

/// Whether `ParseNormalizedNamed` reads `name` (the reference `image`
/// without its tag and digest): not 64 hex digits alone, and a path of
/// at most 255 bytes of path components once the registry is split off.
fn name_parses(image: &str, name: &str) -> bool {
    // splitDockerDomain: a first part with a dot, a colon or an upper-case
    // letter, or `localhost`, names the registry; else docker.io's
    // (`library/` for a name of one part). Parse then reads a domain when
    // the first part is one, and a path of at most 255 bytes.
    let first = name.split('/').next().unwrap_or("");
    let full = if first.len() == name.len() {
        format!("docker.io/library/{name}")
    } else if first.contains(['.', ':'])
        || first == "localhost"
        || first.bytes().any(|b| b.is_ascii_uppercase())
    {
        name.to_string()
    } else {
        format!("docker.io/{name}")
    };
    let path = match full.split_once('/') {
        Some((domain, path)) if registry(domain) => path,
        _ => &full,
    };
    let identifier = image.len() == 64
        && image
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    !identifier && path.len() <= 255 && path.split('/').all(path_component)
}

/// distribution/reference's path component: lowercase letters and digits,
/// separated by one `.`, one or two `_`, or dashes.
fn path_component(part: &str) -> bool {
    let alnum = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    let b = part.as_bytes();
    b.first().is_some_and(alnum)
        && b.last().is_some_and(alnum)
        && part
            .split(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
            .all(|sep| matches!(sep, "" | "." | "_" | "__") || sep.bytes().all(|c| c == b'-'))
}

/// distribution/reference's domain: DNS-like labels (any case) or a
/// bracketed IPv6 address, then an optional numeric port.
fn registry(domain: &str) -> bool {
    let host = match domain.rsplit_once(':') {
        Some((host, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => host,
        _ => domain,
    };
    if let Some(ip) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return !ip.is_empty() && ip.bytes().all(|b| b == b':' || b.is_ascii_hexdigit());
    }
    host.split('.').all(|label| {
        let b = label.as_bytes();
        b.first().is_some_and(u8::is_ascii_alphanumeric)
            && b.last().is_some_and(u8::is_ascii_alphanumeric)
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
    })
}

/// `applySchedulingGatedCondition` (pkg/registry/core/pod/strategy.go):
/// a new Pod with scheduling gates starts unscheduled, `PodScheduled`
/// False for `SchedulingGated` (`apiv1.PodReasonSchedulingGated`), with
/// the transition time `podutil.UpdatePodCondition` stamps (`metav1.Now()`,
/// the request's time here). Its status starts empty, so there is no
/// `PodScheduled` condition to keep.
fn scheduling_gated_condition(pod: &Value, now: &str) -> Option<Value> {
    let gated = pod
        .get_path(&["spec", "schedulingGates"])
        .and_then(Value::as_list)
        .is_some_and(|gates| !gates.is_empty());
    if !gated {
        return None;
    }
    let mut condition = Map::new();
    condition.insert("type", Value::from("PodScheduled"));
    condition.insert("status", Value::from("False"));
    condition.insert("lastProbeTime", Value::Null);
    condition.insert("lastTransitionTime", Value::from(now));
    condition.insert("reason", Value::from("SchedulingGated"));
    condition.insert(
        "message",
        Value::from("Scheduling is blocked due to non-empty scheduling gates"),
    );
    Some(Value::Map(condition))
}

/// The Pod's QoS class from its containers' resources.
fn qos_class(pod: &Value) -> &'static str {
    let containers = pod
        .get_path(&["spec", "containers"])
        .and_then(Value::as_list)
        .cloned()
        .unwrap_or_default();
    let mut any = false;
    let mut guaranteed = true;
    for c in &containers {
        let requests = c
            .get_path(&["resources", "requests"])
            .and_then(Value::as_map);
        let limits = c.get_path(&["resources", "limits"]).and_then(Value::as_map);
        if requests.is_some_and(|r| !r.is_empty()) || limits.is_some_and(|l| !l.is_empty()) {
            any = true;
        }
        let complete = limits.is_some_and(|l| {
            ["cpu", "memory"].iter().all(|r| {
                l.contains_key(r)
                    && requests.is_none_or(|q| q.get(r).is_none_or(|v| Some(v) == l.get(r)))
            })
        });
        guaranteed &= complete;
    }
    if !any {
        "BestEffort"
    } else if guaranteed {
        "Guaranteed"
    } else {
        "Burstable"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaulted(kind: KindDefaults, text: &str) -> Value {
        let mut v = crate::yaml::parse(text).unwrap().value;
        kind.apply_defaults(&mut v, crate::scenario::BASE_TIME);
        v
    }

    /// Deployment docs / apps/v1 defaults: one replica, RollingUpdate 25%/25%,
    /// ten revisions, 600s progress deadline, pod template defaults.
    #[test]
    fn deployment() {
        let v = defaulted(
            KindDefaults::Deployment,
            "spec: {template: {spec: {containers: [{name: a, image: nginx}]}}}",
        );
        assert_eq!(v.get_path(&["spec", "replicas"]), Some(&Value::Int(1)));
        assert_eq!(
            v.get_path(&["spec", "strategy", "rollingUpdate", "maxSurge"]),
            Some(&Value::from("25%"))
        );
        assert_eq!(
            v.get_path(&["spec", "revisionHistoryLimit"]),
            Some(&Value::Int(10))
        );
        assert_eq!(
            v.get_path(&["spec", "progressDeadlineSeconds"]),
            Some(&Value::Int(600))
        );
        let c = v
            .get_path(&["spec", "template", "spec", "containers"])
            .and_then(|l| l.as_list())
            .unwrap()[0]
            .clone();
        assert_eq!(
            c.get("imagePullPolicy"),
            Some(&Value::from("Always")),
            "no tag pulls always"
        );
        // Recreate gets no rollingUpdate.
        let r = defaulted(
            KindDefaults::Deployment,
            "spec: {strategy: {type: Recreate}}",
        );
        assert_eq!(r.get_path(&["spec", "strategy", "rollingUpdate"]), None);
    }

    /// Container images: `:latest` or no tag → Always, else IfNotPresent.
    #[test]
    fn image_pull_policy() {
        for (image, policy) in [
            ("nginx", "Always"),
            ("nginx:latest", "Always"),
            ("nginx:1.27", "IfNotPresent"),
            ("registry:5000/app", "Always"),
            ("registry:5000/app:v1", "IfNotPresent"),
            ("app@sha256:abc", "IfNotPresent"),
            ("app:latest@sha256:abc", "IfNotPresent"),
        ] {
            assert_eq!(pull_policy(image), policy, "{image}");
        }
        // ParseImageName keeps the tag beside a digest that parses; one
        // that does not parse (an unknown algorithm, a wrong length)
        // leaves no tag.
        let hex = "0123456789abcdef".repeat(4);
        for (image, policy) in [
            (format!("app:latest@sha256:{hex}"), "Always"),
            (format!("app@sha256:{hex}"), "IfNotPresent"),
            (format!("app:1@sha256:{hex}"), "IfNotPresent"),
            (format!("app:latest@md5:{}", &hex[..32]), "IfNotPresent"),
        ] {
            assert_eq!(pull_policy(&image), policy, "{image}");
        }
    }

    /// SetDefaults_Container: a reference ParseNormalizedNamed refuses has
    /// no tag, so it is not `latest` (tools/defaults-diff).
    #[test]
    fn image_references_the_parser_refuses_are_not_latest() {
        let hex = "0123456789abcdef".repeat(4);
        for (image, policy) in [
            ("", "IfNotPresent"),
            ("Bad_Image!", "IfNotPresent"),
            ("Nginx", "IfNotPresent"),
            ("nginx:", "IfNotPresent"),
            ("nginx:-x", "IfNotPresent"),
            ("a__b/c.d-e", "Always"),
            ("a___b", "IfNotPresent"),
            ("a.-b", "IfNotPresent"),
            ("Registry.Example:5000/app", "Always"),
            ("[::1]:5000/app", "Always"),
            // Not a domain, but a path component (Parse's regexp).
            ("bad_host.example/app", "Always"),
            ("UPPER/app", "Always"),
            ("a/B", "IfNotPresent"),
            ("localhost:5000", "IfNotPresent"),
            ("[fe80::1%eth0]/a", "IfNotPresent"),
            ("localhost/app", "Always"),
            ("app/", "IfNotPresent"),
        ] {
            assert_eq!(pull_policy(image), policy, "{image}");
        }
        assert_eq!(pull_policy(&hex), "IfNotPresent");
        assert_eq!(pull_policy(&"a".repeat(247)), "Always");
        assert_eq!(pull_policy(&"a".repeat(248)), "IfNotPresent");
    }

    /// Service defaults: ClusterIP, no session affinity, TCP ports whose
    /// targetPort is the port.
    #[test]
    fn service() {
        let v = defaulted(
            KindDefaults::Service,
            "spec: {ports: [{port: 80}, {port: 53, protocol: UDP, targetPort: dns}]}",
        );
        assert_eq!(
            v.get("spec"),
            crate::yaml::parse("{ports: [{port: 80, protocol: TCP, targetPort: 80}, {port: 53, protocol: UDP, targetPort: dns}], type: ClusterIP, sessionAffinity: None, internalTrafficPolicy: Cluster}").unwrap().value.as_map().map(|m| Value::Map(m.clone())).as_ref()
        );
    }

    /// StatefulSet and DaemonSet rolling-update defaults.
    #[test]
    fn workloads() {
        let s = defaulted(KindDefaults::StatefulSet, "spec: {}");
        assert_eq!(
            s.get_path(&["spec", "updateStrategy", "rollingUpdate", "partition"]),
            Some(&Value::Int(0))
        );
        assert_eq!(
            s.get_path(&["spec", "podManagementPolicy"]),
            Some(&Value::from("OrderedReady"))
        );
        let d = defaulted(KindDefaults::DaemonSet, "spec: {}");
        assert_eq!(
            d.get_path(&["spec", "updateStrategy", "rollingUpdate", "maxUnavailable"]),
            Some(&Value::Int(1))
        );
        let c = defaulted(KindDefaults::CronJob, "spec: {schedule: '* * * * *'}");
        assert_eq!(
            c.get_path(&["spec", "concurrencyPolicy"]),
            Some(&Value::from("Allow"))
        );
        // SetObjectDefaults_CronJob runs
        // SetDefaults_PodFailurePolicyOnPodConditionsPattern on the job
        // template's policy, as SetObjectDefaults_Job does
        // (tools/defaults-diff).
        let c = defaulted(
            KindDefaults::CronJob,
            "spec: {jobTemplate: {spec: {podFailurePolicy: {rules: [{action: Ignore, onPodConditions: [{type: DisruptionTarget}]}]}}}}",
        );
        assert_eq!(
            c.get_path(&["spec", "jobTemplate", "spec", "podFailurePolicy", "rules"]),
            Some(&yaml_value(
                "[{action: Ignore, onPodConditions: [{type: DisruptionTarget, status: 'True'}]}]"
            ))
        );
    }

    /// Job docs: "When both are unset, both [completions and parallelism] are defaulted to 1"; backoffLimit 6.
    #[test]
    fn job() {
        let j = defaulted(
            KindDefaults::Job,
            "spec: {template: {metadata: {labels: {app: x}}, spec: {restartPolicy: Never, containers: [{name: a, image: b:1}]}}}",
        );
        for (field, value) in [
            ("completions", Value::Int(1)),
            ("parallelism", Value::Int(1)),
            ("backoffLimit", Value::Int(6)),
            ("completionMode", Value::from("NonIndexed")),
            ("suspend", Value::Bool(false)),
            // SetDefaults_Job: `if obj.Spec.ManualSelector == nil`.
            ("manualSelector", Value::Bool(false)),
        ] {
            assert_eq!(j.get_path(&["spec", field]), Some(&value), "{field}");
        }
        assert_eq!(
            j.get_path(&["metadata", "labels", "app"]),
            Some(&Value::from("x")),
            "labels from the template"
        );
        assert_eq!(
            j.get_path(&["spec", "template", "spec", "restartPolicy"]),
            Some(&Value::from("Never"))
        );
        let parallel = defaulted(KindDefaults::Job, "spec: {parallelism: 3}");
        assert_eq!(
            parallel.get_path(&["spec", "completions"]),
            None,
            "a work queue has no completions"
        );
    }

    /// Namespace docs: every namespace carries `kubernetes.io/metadata.name`.
    #[test]
    fn namespace() {
        let n = defaulted(KindDefaults::Namespace, "metadata: {name: team-a}");
        assert_eq!(
            n.get_path(&["metadata", "labels", "kubernetes.io/metadata.name"]),
            Some(&Value::from("team-a"))
        );
        assert_eq!(
            n.get_path(&["spec", "finalizers"]),
            Some(&Value::List(vec![Value::from("kubernetes")]))
        );
        // The namespace strategy's PrepareForCreate appends it to others.
        let n = defaulted(KindDefaults::Namespace, "spec: {finalizers: [a]}");
        assert_eq!(
            n.get_path(&["spec", "finalizers"]),
            Some(&yaml("[a, kubernetes]"))
        );
    }

    /// persistentvolume strategy PrepareForCreate: Pending since now;
    /// kube-aggregator apiservice strategy PrepareForCreate: a local
    /// APIService is Available.
    #[test]
    fn statuses_stamped_on_create() {
        let now = "2024-01-01T00:00:05Z";
        assert_eq!(
            KindDefaults::PersistentVolume.initial_status(&yaml("{}"), now),
            Some(yaml(
                "{phase: Pending, lastPhaseTransitionTime: '2024-01-01T00:00:05Z'}"
            ))
        );
        assert_eq!(
            KindDefaults::ApiService.initial_status(&yaml("spec: {group: g}"), now),
            Some(yaml(
                "{conditions: [{type: Available, status: 'True', lastTransitionTime: '2024-01-01T00:00:05Z', reason: Local, message: Local APIServices are always available}]}"
            ))
        );
        assert_eq!(
            KindDefaults::ApiService.initial_status(&yaml("spec: {service: {name: s}}"), now),
            Some(yaml("{}"))
        );
    }

    /// Probes and volumes: 1s timeout, 10s period, thresholds 1/3, HTTP; mode 0644.
    #[test]
    fn probes_and_volumes() {
        let p = defaulted(
            KindDefaults::Pod,
            "spec: {containers: [{name: a, image: b:1, livenessProbe: {httpGet: {port: 80}}}], volumes: [{name: c, configMap: {name: x}}]}",
        );
        let probe = p
            .get_path(&["spec", "containers"])
            .and_then(|c| c.as_list())
            .unwrap()[0]
            .get("livenessProbe")
            .cloned()
            .unwrap();
        assert_eq!(probe, crate::yaml::parse("{httpGet: {port: 80, path: /, scheme: HTTP}, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3}").unwrap().value);
        let volume = p
            .get_path(&["spec", "volumes"])
            .and_then(|v| v.as_list())
            .unwrap()[0]
            .clone();
        assert_eq!(
            volume.get_path(&["configMap", "defaultMode"]),
            Some(&Value::Int(420))
        );
        assert_eq!(
            p.get_path(&["spec", "enableServiceLinks"]),
            Some(&Value::Bool(true))
        );
    }

    /// Secrets are Opaque unless typed; NetworkPolicies govern ingress (and
    /// egress when they list egress rules); claims mount a filesystem.
    #[test]
    fn secret_network_policy_and_claims() {
        assert_eq!(
            defaulted(KindDefaults::Secret, "data: {}").get("type"),
            Some(&Value::from("Opaque"))
        );
        let np = defaulted(KindDefaults::NetworkPolicy, "spec: {egress: [{}]}");
        assert_eq!(
            np.get_path(&["spec", "policyTypes"]),
            Some(&crate::yaml::parse("[Ingress, Egress]").unwrap().value)
        );
        let pvc = defaulted(KindDefaults::PersistentVolumeClaim, "spec: {}");
        assert_eq!(
            pvc.get_path(&["spec", "volumeMode"]),
            Some(&Value::from("Filesystem"))
        );
    }

    /// Volumes are retained by default; endpoint and policy ports are TCP;
    /// RBAC subjects get their API group; ClientIP affinity lasts 3 hours.
    #[test]
    fn volumes_endpoints_rbac_and_affinity() {
        let pv = defaulted(KindDefaults::PersistentVolume, "spec: {}");
        assert_eq!(
            pv.get_path(&["spec", "persistentVolumeReclaimPolicy"]),
            Some(&Value::from("Retain"))
        );
        let ep = defaulted(KindDefaults::Endpoints, "subsets: [{ports: [{port: 80}]}]");
        assert_eq!(
            ep.get_path(&["subsets"]).and_then(|s| s.as_list()).unwrap()[0]
                .get_path(&["ports"])
                .and_then(|p| p.as_list())
                .unwrap()[0]
                .get("protocol"),
            Some(&Value::from("TCP"))
        );
        let rb = defaulted(
            KindDefaults::RoleBinding,
            "subjects: [{kind: User, name: a}, {kind: ServiceAccount, name: b}]",
        );
        let subjects = rb.get("subjects").and_then(|s| s.as_list()).unwrap();
        assert_eq!(
            subjects[0].get("apiGroup"),
            Some(&Value::from("rbac.authorization.k8s.io"))
        );
        assert_eq!(subjects[1].get("apiGroup"), Some(&Value::from("")));
        let svc = defaulted(KindDefaults::Service, "spec: {sessionAffinity: ClientIP}");
        assert_eq!(
            svc.get_path(&[
                "spec",
                "sessionAffinityConfig",
                "clientIP",
                "timeoutSeconds"
            ]),
            Some(&Value::Int(10800))
        );
        let np = defaulted(
            KindDefaults::NetworkPolicy,
            "spec: {ingress: [{ports: [{port: 5432}]}]}",
        );
        assert_eq!(
            np.get_path(&["spec", "ingress"])
                .and_then(|i| i.as_list())
                .unwrap()[0]
                .get_path(&["ports"])
                .and_then(|p| p.as_list())
                .unwrap()[0]
                .get("protocol"),
            Some(&Value::from("TCP"))
        );
    }

    /// A Pod starts Pending, with a QoS class from its resources.
    #[test]
    fn pod_status() {
        let p = crate::yaml::parse(
            "spec: {containers: [{name: a, resources: {limits: {cpu: 1, memory: 1Gi}}}]}",
        )
        .unwrap()
        .value;
        assert_eq!(
            KindDefaults::Pod
                .initial_status(&p, "")
                .unwrap()
                .get("qosClass"),
            Some(&Value::from("Guaranteed"))
        );
        let b = crate::yaml::parse("spec: {containers: [{name: a}]}")
            .unwrap()
            .value;
        assert_eq!(
            KindDefaults::Pod
                .initial_status(&b, "")
                .unwrap()
                .get("qosClass"),
            Some(&Value::from("BestEffort"))
        );
    }

    /// `applySchedulingGatedCondition` (pod strategy PrepareForCreate): a
    /// Pod created with scheduling gates starts with `PodScheduled` False
    /// for `SchedulingGated`, stamped by `podutil.UpdatePodCondition` with
    /// the request's time; none without gates (or with an empty list).
    #[test]
    fn pod_with_scheduling_gates_starts_gated() {
        let now = "2024-01-01T00:00:03Z";
        let status = |text: &str| KindDefaults::Pod.initial_status(&yaml(text), now).unwrap();
        assert_eq!(
            status("spec: {schedulingGates: [{name: a}], containers: [{name: c}]}"),
            yaml(
                "phase: Pending
qosClass: BestEffort
conditions:
- type: PodScheduled
  status: 'False'
  lastProbeTime: null
  lastTransitionTime: '2024-01-01T00:00:03Z'
  reason: SchedulingGated
  message: Scheduling is blocked due to non-empty scheduling gates"
            )
        );
        for text in [
            "spec: {schedulingGates: []}",
            "spec: {schedulingGates: null}",
            "{}",
        ] {
            assert_eq!(status(text).get("conditions"), None, "{text}");
        }
    }

    /// `SetDefaults_Pod`'s `defaultHugePagePodLimits` and
    /// `defaultPodRequests` (pkg/apis/core/v1/defaults.go at
    /// kubernetes/kubernetes@023f88a3): a pod's own limits lead to
    /// requests aggregated from its containers (CPU and memory; an init
    /// container's need counts the sidecars before it), else the limits.
    #[test]
    fn pod_level_resources_default() {
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {resources: {limits: {cpu: '2', memory: 1Gi}}, containers: [{name: a, image: 'x:1', resources: {requests: {cpu: 500m}}}, {name: b, image: 'x:1', resources: {limits: {cpu: 250m, hugepages-2Mi: 10Mi}}}], initContainers: [{name: s, image: 'x:1', restartPolicy: Always, resources: {requests: {cpu: 100m}}}, {name: i, image: 'x:1', resources: {requests: {cpu: '1'}}}]}",
        );
        assert_eq!(
            pod.get_path(&["spec", "resources"]),
            Some(&yaml(
                "{limits: {cpu: '2', memory: 1Gi, hugepages-2Mi: 10Mi}, requests: {cpu: 1100m, memory: 1Gi, hugepages-2Mi: 10Mi}}"
            ))
        );
        // Pod-level requests alone: the hugepage limits, and with them
        // the requests (the container's memory request is its limit); no
        // pod-level resources, nothing.
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {resources: {requests: {cpu: '1'}}, containers: [{name: a, image: 'x:1', resources: {limits: {hugepages-1Gi: 2Gi, memory: 1Gi}}}]}",
        );
        assert_eq!(
            pod.get_path(&["spec", "resources"]),
            Some(&yaml(
                "{requests: {cpu: '1', memory: 1Gi, hugepages-1Gi: 2Gi}, limits: {hugepages-1Gi: 2Gi}}"
            ))
        );
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {containers: [{name: a, image: 'x:1', resources: {limits: {cpu: '1'}}}]}",
        );
        assert_eq!(pod.get_path(&["spec", "resources"]), None);
    }

    /// The `+default` markers of k8s.io/api core/v1 types.go (v0.36.0)
    /// under a container: `GRPCAction.Service` (""), and
    /// `FileKeySelector.Optional` (false), in every container list.
    #[test]
    fn grpc_probes_and_env_files() {
        let pod = defaulted(
            KindDefaults::Deployment,
            "spec: {template: {spec: {containers: [{name: a, image: 'x:1', livenessProbe: {grpc: {port: 9}}, readinessProbe: {grpc: {port: 9, service: s}}, env: [{name: E, valueFrom: {fileKeyRef: {volumeName: v, path: p, key: k}}}, {name: F, valueFrom: {fileKeyRef: {volumeName: v, path: p, key: k, optional: true}}}]}]}}}",
        );
        let c = first(&pod, &["spec", "template", "spec", "containers"]);
        assert_eq!(
            c.get_path(&["livenessProbe", "grpc", "service"]),
            Some(&Value::from(""))
        );
        assert_eq!(
            c.get_path(&["readinessProbe", "grpc", "service"]),
            Some(&Value::from("s"))
        );
        let env = c.get("env").and_then(Value::as_list).unwrap();
        let optional = |i: usize| env[i].get_path(&["valueFrom", "fileKeyRef", "optional"]);
        assert_eq!(optional(0), Some(&Value::Bool(false)));
        assert_eq!(optional(1), Some(&Value::Bool(true)));
    }

    fn yaml(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    /// The first item of the list at `path`.
    fn first<'a>(v: &'a Value, path: &[&str]) -> &'a Value {
        &v.get_path(path).unwrap().as_list().unwrap()[0]
    }

    /// SetDefaults_Pod: requests from limits (Pods only, not templates),
    /// hostPort from containerPort on the host network.
    #[test]
    fn pod_requests_and_host_ports() {
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {hostNetwork: true, containers: [{name: a, image: x:1, ports: [{containerPort: 80}], resources: {limits: {cpu: 1, memory: 1Gi}, requests: {cpu: 500m}}}]}",
        );
        let c = first(&pod, &["spec", "containers"]);
        assert_eq!(
            c.get_path(&["resources", "requests"]),
            Some(&yaml("{cpu: 500m, memory: 1Gi}"))
        );
        assert_eq!(
            c.get("ports").unwrap().as_list().unwrap()[0].get("hostPort"),
            Some(&Value::Int(80))
        );
        let template = defaulted(
            KindDefaults::PodTemplate,
            "template: {spec: {containers: [{name: a, resources: {limits: {cpu: 1}}}]}}",
        );
        assert_eq!(
            first(&template, &["template", "spec", "containers"])
                .get_path(&["resources", "requests"]),
            None
        );
    }

    /// SetDefaults_ResourceList on a container's limits and requests
    /// (after SetDefaults_Pod copied the limits).
    #[test]
    fn resource_lists_are_rounded() {
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {containers: [{name: a, resources: {limits: {cpu: 100n, memory: 1Gi}}}]}",
        );
        let c = first(&pod, &["spec", "containers"]);
        assert_eq!(
            c.get("resources"),
            Some(&yaml(
                "{limits: {cpu: 1m, memory: 1Gi}, requests: {cpu: 1m, memory: 1Gi}}"
            ))
        );
    }

    /// SetDefaults_StatefulSet: an explicit RollingUpdate type gets no
    /// rollingUpdate parameters; a defaulted one does.
    #[test]
    fn stateful_set_rolling_update() {
        let explicit = defaulted(
            KindDefaults::StatefulSet,
            "spec: {updateStrategy: {type: RollingUpdate}, template: {spec: {containers: []}}}",
        );
        assert_eq!(
            explicit.get_path(&["spec", "updateStrategy"]),
            Some(&yaml("{type: RollingUpdate}"))
        );
        let implicit = defaulted(KindDefaults::StatefulSet, "spec: {template: {spec: {}}}");
        assert_eq!(
            implicit.get_path(&["spec", "updateStrategy"]),
            Some(&yaml(
                "{type: RollingUpdate, rollingUpdate: {partition: 0, maxUnavailable: 1}}"
            ))
        );
    }

    /// SetObjectDefaults_StatefulSet defaults each volume claim template
    /// as a claim: its phase, its volume mode, its resource lists; a given
    /// mode and phase stay.
    #[test]
    fn stateful_set_claim_templates() {
        let sts = defaulted(
            KindDefaults::StatefulSet,
            "spec: {template: {spec: {}}, volumeClaimTemplates: [{metadata: {name: a}, spec: {resources: {requests: {storage: 1000Mi}}}}, {spec: {volumeMode: Block}, status: {phase: Bound}}]}",
        );
        assert_eq!(
            sts.get_path(&["spec", "volumeClaimTemplates"]),
            Some(&yaml(
                "[{metadata: {name: a}, spec: {resources: {requests: {storage: 1000Mi}}, volumeMode: Filesystem}, status: {phase: Pending}}, {spec: {volumeMode: Block}, status: {phase: Bound}}]"
            ))
        );
    }

    /// SetDefaults_Volume, SetDefaults_ServiceAccountTokenProjection,
    /// SetDefaults_ObjectFieldSelector, SetDefaults_HTTPGetAction on hooks,
    /// SetDefaults_Job's pod failure policy.
    #[test]
    fn volume_sources_hooks_and_failure_policies() {
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {volumes: [{name: a}, {name: t, projected: {sources: [{serviceAccountToken: {path: p}}, {downwardAPI: {items: [{path: l, fieldRef: {fieldPath: metadata.labels}}]}}]}}], containers: [{name: c, lifecycle: {preStop: {httpGet: {port: 80}}}}]}",
        );
        let volumes = pod
            .get_path(&["spec", "volumes"])
            .unwrap()
            .as_list()
            .unwrap();
        assert_eq!(volumes[0].get("emptyDir"), Some(&Value::Map(Map::new())));
        let sources = volumes[1]
            .get_path(&["projected", "sources"])
            .unwrap()
            .as_list()
            .unwrap();
        assert_eq!(
            sources[0].get_path(&["serviceAccountToken", "expirationSeconds"]),
            Some(&Value::Int(3600))
        );
        assert_eq!(
            sources[1]
                .get_path(&["downwardAPI", "items"])
                .unwrap()
                .as_list()
                .unwrap()[0]
                .get_path(&["fieldRef", "apiVersion"]),
            Some(&Value::from("v1"))
        );
        let c = first(&pod, &["spec", "containers"]);
        assert_eq!(
            c.get_path(&["lifecycle", "preStop", "httpGet", "scheme"]),
            Some(&Value::from("HTTP"))
        );
        let job = defaulted(
            KindDefaults::Job,
            "spec: {podFailurePolicy: {rules: [{action: Ignore, onPodConditions: [{type: DisruptionTarget}]}]}, template: {spec: {}}}",
        );
        let rule = first(&job, &["spec", "podFailurePolicy", "rules"]);
        assert_eq!(
            rule.get("onPodConditions").unwrap().as_list().unwrap()[0].get("status"),
            Some(&Value::from("True"))
        );
    }

    /// SetDefaults_NetworkPolicy (len checks, not presence);
    /// SetDefaults_RoleBinding's roleRef.
    #[test]
    fn network_policy_types_and_role_refs() {
        let np = defaulted(
            KindDefaults::NetworkPolicy,
            "spec: {policyTypes: [], egress: []}",
        );
        assert_eq!(
            np.get_path(&["spec", "policyTypes"]),
            Some(&yaml("[Ingress]"))
        );
        let rb = defaulted(
            KindDefaults::RoleBinding,
            "{roleRef: {kind: Role, name: r}, subjects: [{kind: User, name: u}]}",
        );
        assert_eq!(
            rb.get_path(&["roleRef", "apiGroup"]),
            Some(&Value::from("rbac.authorization.k8s.io"))
        );
    }

    /// SetDefaults_ImageVolumeSource: Always for latest or no tag.
    #[test]
    fn image_volumes() {
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {volumes: [{name: i, image: {reference: 'quay.io/x/y:v1'}}, {name: j, image: {reference: 'y'}}]}",
        );
        let volumes = pod.get_path(&["spec", "volumes"]).unwrap();
        let volumes = volumes.as_list().unwrap();
        assert_eq!(
            volumes[0].get_path(&["image", "pullPolicy"]),
            Some(&Value::from("IfNotPresent"))
        );
        assert_eq!(
            volumes[1].get_path(&["image", "pullPolicy"]),
            Some(&Value::from("Always"))
        );
    }

    /// core v1 `SetDefaults_EphemeralContainer` (= `SetDefaults_Container`)
    /// and the generated walk of its ports, probes and hooks;
    /// `SetDefaults_HTTPGetAction`'s root path.
    #[test]
    fn ephemeral_containers() {
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {containers: [], ephemeralContainers: [{name: debug, image: busybox, ports: [{containerPort: 8080}], lifecycle: {preStop: {httpGet: {port: 80}}}}]}",
        );
        assert_eq!(
            first(&pod, &["spec", "ephemeralContainers"]),
            &yaml(
                "{name: debug, image: busybox, ports: [{containerPort: 8080, protocol: TCP}], lifecycle: {preStop: {httpGet: {port: 80, path: /, scheme: HTTP}}}, imagePullPolicy: Always, terminationMessagePath: /dev/termination-log, terminationMessagePolicy: File}"
            )
        );
    }

    /// The in-tree plugins' defaults (core v1 defaults.go and the `+default`
    /// tags in SetObjectDefaults_Pod / SetObjectDefaults_PersistentVolume).
    #[test]
    fn volume_plugin_sources() {
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {volumes: [{name: a, azureDisk: {diskName: d, diskURI: u}}, {name: b, iscsi: {targetPortal: t, iqn: q, lun: 0}}, {name: c, scaleIO: {gateway: g, system: s, secretRef: {name: x}}}, {name: h, hostPath: {path: /x}}]}",
        );
        assert_eq!(
            pod.get_path(&["spec", "volumes"]),
            Some(&yaml(
                "[{name: a, azureDisk: {diskName: d, diskURI: u, cachingMode: ReadWrite, kind: Shared, fsType: ext4, readOnly: false}}, {name: b, iscsi: {targetPortal: t, iqn: q, lun: 0, iscsiInterface: default}}, {name: c, scaleIO: {gateway: g, system: s, secretRef: {name: x}, storageMode: ThinProvisioned, fsType: xfs}}, {name: h, hostPath: {path: /x, type: ''}}]"
            ))
        );
        let pv = defaulted(
            KindDefaults::PersistentVolume,
            "spec: {hostPath: {path: /data, type: Directory}, rbd: {image: i, pool: p}}",
        );
        assert_eq!(
            pv.get_path(&["spec", "rbd"]),
            Some(&yaml(
                "{image: i, pool: p, user: admin, keyring: /etc/ceph/keyring}"
            ))
        );
        assert_eq!(
            pv.get_path(&["spec", "hostPath", "type"]),
            Some(&Value::from("Directory"))
        );
    }

    /// Versions that share v1's defaulting functions, and the ones with
    /// their own (resource.k8s.io/v1beta1 claims, ResourcePoolStatusRequest,
    /// certificates.k8s.io/v1beta1 PodCertificateRequest).
    #[test]
    fn beta_and_alpha_versions() {
        for (api_version, kind, expected) in [
            (
                "admissionregistration.k8s.io/v1beta1",
                "MutatingAdmissionPolicy",
                KindDefaults::AdmissionPolicy,
            ),
            (
                "admissionregistration.k8s.io/v1alpha1",
                "MutatingAdmissionPolicyBinding",
                KindDefaults::AdmissionPolicyBinding(true),
            ),
            (
                "resource.k8s.io/v1beta2",
                "ResourceClaimTemplate",
                KindDefaults::ResourceClaimTemplate,
            ),
            (
                "resource.k8s.io/v1beta1",
                "ResourceClaim",
                KindDefaults::ResourceClaimV1beta1,
            ),
            (
                "resource.k8s.io/v1",
                "ResourceSlice",
                KindDefaults::ResourceSlice,
            ),
            (
                "resource.k8s.io/v1beta1",
                "ResourceSlice",
                KindDefaults::ResourceSliceV1beta1,
            ),
            (
                "resource.k8s.io/v1alpha3",
                "DeviceTaintRule",
                KindDefaults::DeviceTaintRule,
            ),
            (
                "storage.k8s.io/v1",
                "VolumeAttachment",
                KindDefaults::VolumeAttachment,
            ),
        ] {
            assert_eq!(
                KindDefaults::for_kind(api_version, kind),
                Some(expected),
                "{api_version} {kind}"
            );
        }
        let request =
            KindDefaults::for_kind("resource.k8s.io/v1alpha3", "ResourcePoolStatusRequest");
        let request = defaulted(request.unwrap(), "spec: {driver: d}");
        assert_eq!(request.get_path(&["spec", "limit"]), Some(&Value::Int(100)));
        let pcr_kind =
            KindDefaults::for_kind("certificates.k8s.io/v1beta1", "PodCertificateRequest");
        let pcr_kind = pcr_kind.unwrap();
        let pcr = defaulted(
            pcr_kind,
            "spec: {signerName: s, maxExpirationSeconds: null}",
        );
        assert_eq!(
            pcr.get_path(&["spec", "maxExpirationSeconds"]),
            Some(&Value::Int(86400))
        );
        let kept = defaulted(pcr_kind, "spec: {maxExpirationSeconds: 3600}");
        assert_eq!(
            kept.get_path(&["spec", "maxExpirationSeconds"]),
            Some(&Value::Int(3600))
        );
        // ClusterTrustBundle (v1beta1, v1alpha1), StorageVersionMigration
        // (v1beta1) and StorageVersion (v1alpha1): no defaulting function
        // and no `+default` in their types.
        for (api_version, kind) in [
            ("certificates.k8s.io/v1beta1", "ClusterTrustBundle"),
            ("certificates.k8s.io/v1alpha1", "ClusterTrustBundle"),
            ("storagemigration.k8s.io/v1beta1", "StorageVersionMigration"),
            ("internal.apiserver.k8s.io/v1alpha1", "StorageVersion"),
        ] {
            assert_eq!(KindDefaults::for_kind(api_version, kind), None, "{kind}");
        }
    }

    /// SetObjectDefaults_PersistentVolumeClaim rounds the status's
    /// capacity and allocated resources (SetDefaults_ResourceList), on a
    /// claim and on a StatefulSet's claim template; an ephemeral volume's
    /// claim template gets SetDefaults_PersistentVolumeClaimSpec even
    /// without a spec, its spec being a struct.
    #[test]
    fn claim_status_resource_lists() {
        let pvc = defaulted(
            KindDefaults::PersistentVolumeClaim,
            "{spec: {}, status: {phase: Bound, capacity: {storage: 100n}, allocatedResources: {storage: 1.0001}}}",
        );
        assert_eq!(
            pvc.get("status"),
            Some(&yaml(
                "{phase: Bound, capacity: {storage: 1m}, allocatedResources: {storage: 1001m}}"
            ))
        );
        let sts = defaulted(
            KindDefaults::StatefulSet,
            "spec: {template: {spec: {}}, volumeClaimTemplates: [{status: {capacity: {storage: 100n}}}]}",
        );
        assert_eq!(
            first(&sts, &["spec", "volumeClaimTemplates"]).get("status"),
            Some(&yaml("{capacity: {storage: 1m}, phase: Pending}"))
        );
        let pod = defaulted(
            KindDefaults::Pod,
            "spec: {volumes: [{name: e, ephemeral: {volumeClaimTemplate: {metadata: {labels: {a: b}}}}}]}",
        );
        assert_eq!(
            first(&pod, &["spec", "volumes"]).get_path(&["ephemeral", "volumeClaimTemplate"]),
            Some(&yaml(
                "{metadata: {labels: {a: b}}, spec: {volumeMode: Filesystem}}"
            ))
        );
    }

    /// SetObjectDefaults_Pod walks the status as well: SetDefaults_ResourceList
    /// on every container status's allocatedResources and resources, and on
    /// the pod-level allocatedResources and resources.
    #[test]
    fn pod_status_resource_lists() {
        let pod = defaulted(
            KindDefaults::Pod,
            "{spec: {containers: []}, status: {allocatedResources: {cpu: 100n}, resources: {requests: {cpu: 100n}}, containerStatuses: [{name: a, allocatedResources: {memory: 100n}, resources: {limits: {cpu: 1.0001}}}], initContainerStatuses: [{name: i, allocatedResources: {cpu: 100n}}], ephemeralContainerStatuses: [{name: e, resources: {requests: {cpu: 100n}}}]}}",
        );
        assert_eq!(
            pod.get("status"),
            Some(&yaml(
                "{allocatedResources: {cpu: 1m}, resources: {requests: {cpu: 1m}}, containerStatuses: [{name: a, allocatedResources: {memory: 1m}, resources: {limits: {cpu: 1001m}}}], initContainerStatuses: [{name: i, allocatedResources: {cpu: 1m}}], ephemeralContainerStatuses: [{name: e, resources: {requests: {cpu: 1m}}}]}"
            ))
        );
    }

    /// SetObjectDefaults_ReplicationController defaults the pod spec only
    /// `if in.Spec.Template != nil`: no template is made up.
    #[test]
    fn replication_controller_without_template() {
        let rc = defaulted(KindDefaults::ReplicationController, "spec: {replicas: 2}");
        assert_eq!(rc, yaml("spec: {replicas: 2}"));
        let rc = defaulted(
            KindDefaults::ReplicationController,
            "spec: {template: {spec: {containers: []}}}",
        );
        assert_eq!(
            rc.get_path(&["spec", "template", "spec", "dnsPolicy"]),
            Some(&Value::from("ClusterFirst"))
        );
    }

    /// SetDefaults_Namespace assigns the name label unconditionally.
    #[test]
    fn namespace_name_label_overwritten() {
        let ns = defaulted(
            KindDefaults::Namespace,
            "metadata: {name: prod, labels: {kubernetes.io/metadata.name: other, team: a}}",
        );
        assert_eq!(
            ns.get_path(&["metadata", "labels"]),
            Some(&yaml("{kubernetes.io/metadata.name: prod, team: a}"))
        );
    }

    /// admissionregistration v1alpha1 SetDefaults_ParamRef (Deny); v1beta1
    /// and v1 have no such function.
    #[test]
    fn alpha_binding_param_ref() {
        let text = "spec: {policyName: p, paramRef: {name: n}}";
        let alpha = defaulted(KindDefaults::AdmissionPolicyBinding(true), text);
        assert_eq!(
            alpha.get_path(&["spec", "paramRef"]),
            Some(&yaml("{name: n, parameterNotFoundAction: Deny}"))
        );
        let v1 = defaulted(KindDefaults::AdmissionPolicyBinding(false), text);
        assert_eq!(v1.get_path(&["spec", "paramRef"]), Some(&yaml("{name: n}")));
    }

    /// resource v1 SetObjectDefaults_ResourceClaim: the `+default="Equal"`
    /// operator of the tolerations in `status.allocation.devices.results`
    /// (v1beta1's results have them too).
    #[test]
    fn resource_claim_allocation_tolerations() {
        let text = "status: {allocation: {devices: {results: [{request: r, driver: d, pool: p, device: x, tolerations: [{key: k}, {key: l, operator: Exists}]}]}}}";
        for kind in [
            KindDefaults::ResourceClaim,
            KindDefaults::ResourceClaimV1beta1,
        ] {
            let claim = defaulted(kind, text);
            assert_eq!(
                first(&claim, &["status", "allocation", "devices", "results"]).get("tolerations"),
                Some(&yaml(
                    "[{key: k, operator: Equal}, {key: l, operator: Exists}]"
                ))
            );
        }
    }
}
