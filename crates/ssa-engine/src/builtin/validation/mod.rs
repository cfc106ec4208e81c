//! The built-in validation rules people meet most, each with the API
//! server's message (HTTP 422): the strategy's `Validate` /
//! `ValidateUpdate` calls `pkg/apis/<group>/validation`, whose field errors
//! are joined into `<Kind>.<group> "<name>" is invalid: ...`. Each rule
//! follows one upstream function, in upstream's order, so that an object
//! with several mistakes gets them listed as the server lists them. The
//! list of what is covered is [`RULES`].
//!
//! - `field`: field errors and their printing (apimachinery
//!   `util/validation/field`).
//! - `names`: DNS names, label keys and values (apimachinery
//!   `util/validation`, `api/validate/content`).
//! - `meta`: `ValidateObjectMeta`, `ValidateLabels`.
//! - `core`: pod templates, containers and ports; a Pod's immutable spec.
//! - `apps`: workload specs and selector immutability.
//! - `pvc`: a PersistentVolumeClaim's spec and its immutability, told with
//!   `gocmp` (go-cmp's `cmp.Diff` of a model of Go values).

mod apps;
mod core;
mod field;
mod gocmp;
mod meta;
mod names;
mod pvc;

use crate::schema::Validator;
use crate::value::Value;
use apps::Workload;
use meta::NameRule;

/// The registry validation of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindValidation {
    Workload(WorkloadKind),
    Pod,
    /// Kinds validated here for their metadata only.
    Meta(MetaKind),
}

/// The apps/v1 workloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkloadKind {
    Deployment,
    ReplicaSet,
    DaemonSet,
    StatefulSet,
}

/// Kinds whose metadata (name, labels) is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MetaKind {
    ConfigMap,
    Secret,
    ServiceAccount,
    PersistentVolumeClaim,
    Service,
    Namespace,
}

/// Every rule: (kinds, what it refuses, the upstream function it follows).
pub const RULES: &[(&str, &str, &str)] = &[
    (
        "Deployment, ReplicaSet, DaemonSet, StatefulSet, Pod, ConfigMap, Secret, ServiceAccount, PersistentVolumeClaim, Service, Namespace",
        "an invalid name on create (DNS subdomain; Service: DNS-1035 label; Namespace: DNS label)",
        "apimachinery api/validation ValidateObjectMeta, NameIsDNSSubdomain/NameIsDNS1035Label/NameIsDNSLabel",
    ),
    (
        "the same kinds",
        "invalid label keys and values in metadata.labels and pod template labels",
        "apimachinery apis/meta/v1/validation ValidateLabels",
    ),
    (
        "Deployment, ReplicaSet, StatefulSet",
        "a missing or empty selector",
        "apps/validation ValidateDeploymentSpec, ValidateReplicaSetSpec, ValidateStatefulSetSpec",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, StatefulSet",
        "a selector that does not match the template labels",
        "apps/validation ValidatePodTemplateSpecForReplicaSet, ValidateDaemonSetSpec, ValidatePodTemplateSpecForStatefulSet",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Pod",
        "no containers, a container without name or image, duplicate container names, invalid or duplicate port names, a missing container port",
        "core/validation ValidatePodTemplateSpec, validateContainers, validateContainerCommon, validateContainerPorts",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet",
        "a pod template whose restartPolicy is not Always",
        "apps/validation ValidatePodTemplateSpecForReplicaSet, ValidateDaemonSetSpec",
    ),
    (
        "Deployment",
        "rollingUpdate parameters with a Recreate strategy",
        "apps/validation ValidateDeploymentStrategy",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet",
        "a changed selector",
        "registry/apps/*/strategy.go ValidateUpdate (ValidateImmutableField)",
    ),
    (
        "Service",
        "no ports on a service that is neither headless nor ExternalName",
        "core/validation ValidateService",
    ),
    (
        "StatefulSet",
        "changes to the spec other than replicas, ordinals, template, updateStrategy, revisionHistoryLimit, persistentVolumeClaimRetentionPolicy and minReadySeconds",
        "apps/validation ValidateStatefulSetUpdate",
    ),
    (
        "Pod",
        "changes to the spec other than images, activeDeadlineSeconds, tolerations (additions) and terminationGracePeriodSeconds",
        "core/validation ValidatePodUpdate",
    ),
    (
        "PersistentVolumeClaim",
        "no access modes, unsupported access or volume modes, a missing or non-positive storage request, invalid class names",
        "core/validation ValidatePersistentVolumeClaimSpec",
    ),
    (
        "PersistentVolumeClaim",
        "changes to the spec other than a bound claim's storage request, volumeName once and storageClassName from nil (with go-cmp's diff of the specs), a storage request below status.capacity, a changed volumeMode, storage-class annotation or unset volumeAttributesClassName",
        "core/validation ValidatePersistentVolumeClaimUpdate",
    ),
];

impl KindValidation {
    pub fn for_kind(api_version: &str, kind: &str) -> Option<KindValidation> {
        use KindValidation::{Meta, Workload as W};
        Some(match (api_version, kind) {
            ("apps/v1", "Deployment") => W(WorkloadKind::Deployment),
            ("apps/v1", "ReplicaSet") => W(WorkloadKind::ReplicaSet),
            ("apps/v1", "DaemonSet") => W(WorkloadKind::DaemonSet),
            ("apps/v1", "StatefulSet") => W(WorkloadKind::StatefulSet),
            ("v1", "Pod") => KindValidation::Pod,
            ("v1", "ConfigMap") => Meta(MetaKind::ConfigMap),
            ("v1", "Secret") => Meta(MetaKind::Secret),
            ("v1", "ServiceAccount") => Meta(MetaKind::ServiceAccount),
            ("v1", "PersistentVolumeClaim") => Meta(MetaKind::PersistentVolumeClaim),
            ("v1", "Service") => Meta(MetaKind::Service),
            ("v1", "Namespace") => Meta(MetaKind::Namespace),
            _ => return None,
        })
    }

    /// `schema.GroupKind.String()` of the kind, as `NewInvalid` names it.
    fn group_kind(self) -> &'static str {
        match self {
            KindValidation::Workload(WorkloadKind::Deployment) => "Deployment.apps",
            KindValidation::Workload(WorkloadKind::ReplicaSet) => "ReplicaSet.apps",
            KindValidation::Workload(WorkloadKind::DaemonSet) => "DaemonSet.apps",
            KindValidation::Workload(WorkloadKind::StatefulSet) => "StatefulSet.apps",
            KindValidation::Pod => "Pod",
            KindValidation::Meta(MetaKind::ConfigMap) => "ConfigMap",
            KindValidation::Meta(MetaKind::Secret) => "Secret",
            KindValidation::Meta(MetaKind::ServiceAccount) => "ServiceAccount",
            KindValidation::Meta(MetaKind::PersistentVolumeClaim) => "PersistentVolumeClaim",
            KindValidation::Meta(MetaKind::Service) => "Service",
            KindValidation::Meta(MetaKind::Namespace) => "Namespace",
        }
    }

    fn name_rule(self) -> NameRule {
        match self {
            KindValidation::Meta(MetaKind::Service) => NameRule::Dns1035,
            KindValidation::Meta(MetaKind::Namespace) => NameRule::Label,
            _ => NameRule::Subdomain,
        }
    }

    /// The field errors of `new` (replacing `old`), in upstream's order.
    fn errors(self, old: Option<&Value>, new: &Value) -> Vec<field::FieldError> {
        let mut errs = meta::object_meta(new, old, self.name_rule());
        match self {
            KindValidation::Workload(w) => {
                let w = match w {
                    WorkloadKind::Deployment => Workload::Deployment,
                    WorkloadKind::ReplicaSet => Workload::ReplicaSet,
                    WorkloadKind::DaemonSet => Workload::DaemonSet,
                    WorkloadKind::StatefulSet => Workload::StatefulSet,
                };
                errs.extend(apps::spec(w, new, old));
            }
            KindValidation::Pod => match old {
                // ValidatePodCreate → ValidatePodSpec.
                None => errs.extend(core::pod_spec(new.get("spec"), "spec")),
                Some(old) => errs.extend(core::pod_spec_update(old, new)),
            },
            KindValidation::Meta(MetaKind::Service) => errs.extend(core::service_ports(new)),
            KindValidation::Meta(MetaKind::PersistentVolumeClaim) => {
                errs.extend(pvc::errors(old, new))
            }
            KindValidation::Meta(_) => {}
        }
        errs
    }
}

impl Validator for KindValidation {
    fn validate(&self, old: Option<&Value>, new: &Value) -> Result<(), String> {
        let name = new
            .get_path(&["metadata", "name"])
            .and_then(Value::as_str)
            .unwrap_or("");
        match field::invalid_message(self.group_kind(), name, &self.errors(old, new)) {
            Some(message) => Err(message),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests;
