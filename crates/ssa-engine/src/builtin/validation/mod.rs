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
//! - `certificates`: CertificateSigningRequests.
//! - `batch`: Jobs (their spec, and what an update may not change) and
//!   CronJobs.
//! - `internal_json`: a bad value of an internal type as the error prints
//!   it (`json.Marshal` of structs without json tags).
//! - `pvc`: a PersistentVolumeClaim's spec and its immutability, told with
//!   `gocmp` (go-cmp's `cmp.Diff` of a model of Go values).

mod apps;
mod batch;
mod certificates;
mod core;
mod field;
mod gocmp;
mod internal_json;
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
    Job,
    CronJob,
    CertificateSigningRequest,
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
        "rollingUpdate parameters with a Recreate strategy, an unknown strategy type, rollingUpdate parameters that are neither counts nor percentages, both 0, or more than 100% unavailable",
        "apps/validation ValidateDeploymentStrategy, ValidateRollingUpdateDeployment, ValidatePositiveIntOrPercent",
    ),
    (
        "Deployment, ReplicaSet",
        "negative replicas, minReadySeconds, revisionHistoryLimit or progressDeadlineSeconds, a deadline not beyond minReadySeconds",
        "apps/validation ValidateDeploymentSpec, ValidateReplicaSetSpec",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet",
        "a changed selector",
        "registry/apps/*/strategy.go ValidateUpdate (ValidateImmutableField)",
    ),
    (
        "ConfigMap, Secret",
        "keys that are not valid config keys; a Secret of a known type without its required keys; on update, a changed Secret type, or a change to the data of an object marked immutable (or unmarking it)",
        "core/validation ValidateConfigMap, ValidateConfigMapUpdate, ValidateSecret, ValidateSecretUpdate (IsConfigMapKey)",
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
        "Job, CronJob",
        "negative counts, a pod template that is invalid or whose restartPolicy is not OnFailure or Never",
        "batch/validation validateJobSpec, ValidateJobTemplateSpec",
    ),
    (
        "Job",
        "a missing selector or one that does not match the template labels (a manual selector; the generated one always matches)",
        "batch/validation ValidateJobSpec",
    ),
    (
        "Job",
        "changes to the selector, the pod template (but for a Job suspended before it ran: its scheduling directives and resources), completions (but for an Indexed Job, with parallelism), completionMode, backoffLimitPerIndex and managedBy",
        "batch/validation ValidateJobSpecUpdate, validateCompletions, validatePodTemplateUpdate",
    ),
    (
        "CronJob",
        "a missing schedule, an unknown concurrencyPolicy, a selector or manualSelector in the job template, negative history limits, a name of more than 52 characters on create",
        "batch/validation ValidateCronJobCreate, validateCronJobSpec, ValidateJobTemplateSpec",
    ),
    (
        "CertificateSigningRequest",
        "a request that is not a PEM CERTIFICATE REQUEST block, missing, unknown or repeated usages, an invalid or legacy signerName, expirationSeconds under 600, invalid, clashing or repeated conditions, a certificate of other PEM blocks",
        "certificates/validation validateCertificateSigningRequest, validateConditions, ValidateSignerName (core/validation), validateCertificate",
    ),
    (
        "CertificateSigningRequest",
        "an update that removes an Approved, Denied or Failed condition, adds an Approved or Denied one (only /approval may), or changes an issued certificate",
        "certificates/validation validateCertificateSigningRequestUpdate",
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
            ("batch/v1", "Job") => KindValidation::Job,
            ("batch/v1", "CronJob") => KindValidation::CronJob,
            ("certificates.k8s.io/v1", "CertificateSigningRequest") => {
                KindValidation::CertificateSigningRequest
            }
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
            KindValidation::Job => "Job.batch",
            KindValidation::CronJob => "CronJob.batch",
            KindValidation::CertificateSigningRequest => {
                "CertificateSigningRequest.certificates.k8s.io"
            }
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
            KindValidation::CertificateSigningRequest => NameRule::Any,
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
            KindValidation::Job => errs.extend(batch::job(new, old)),
            KindValidation::CronJob => errs.extend(batch::cron_job(new, old.is_none())),
            KindValidation::CertificateSigningRequest => errs.extend(certificates::csr(new, old)),
            KindValidation::Meta(MetaKind::Service) => errs.extend(core::service_ports(new)),
            KindValidation::Meta(MetaKind::ConfigMap) => errs.extend(core::config_map(new, old)),
            KindValidation::Meta(MetaKind::Secret) => errs.extend(core::secret(new, old)),
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
