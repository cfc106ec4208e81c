//! The built-in validation rules people meet most, each with the API
//! server's message (HTTP 422): the strategy's `Validate` /
//! `ValidateUpdate` calls `pkg/apis/<group>/validation`, whose field errors
//! are joined into `<Kind>.<group> "<name>" is invalid: ...`. Each rule
//! follows one upstream function, in upstream's order, so that an object
//! with several mistakes gets them listed as the server lists them. The
//! list of what is covered is [`RULES`].
//!
//! Every stored built-in kind has its metadata validated: on create by
//! the `ValidateObjectMeta` its strategy calls (which one, with which name
//! function, is data: the catalogue's `objectMeta`, made by
//! `tools/objectmeta/generate.py`), then, when the strategy found nothing,
//! by the registry's own pass (`rest.BeforeCreate`: path-segment names);
//! on update by the registry's pass first (`rest.BeforeUpdate`,
//! `validateCommonFields`), then the strategy's.
//!
//! - `field`: field errors and their printing (apimachinery
//!   `util/validation/field`).
//! - `namespace`: a Namespace's spec finalizers and status phase.
//! - `names`: DNS names, label keys and values (apimachinery
//!   `util/validation`, `api/validate/content`).
//! - `meta`: `ValidateObjectMeta` (name, labels, annotations, owner
//!   references, finalizers) by each kind's name function.
//! - `core`: pod templates, containers and ports; a Pod's immutable spec;
//!   a ReplicationController's spec.
//! - `security`: a container's and a pod's security context.
//! - `apps`: workload specs, selector immutability and the status
//!   counts of `/status` writes.
//! - `batch`: Jobs (their spec, and what an update may not change) and
//!   CronJobs.
//! - `pod`: what a Pod gets and a pod template does not, and what its
//!   update may change.
//! - `pod_status`: what a Pod's `/status` write may not do.
//! - `certificates`: CertificateSigningRequests.
//! - `pvc`: a PersistentVolumeClaim's spec and its immutability.
//! - `persistent_volume`: a PersistentVolume's spec, its volume source
//!   (with `volumes`' rules) and what its update may not change.
//! - `rbac`: roles' rules and bindings' role references and subjects.
//! - `networking`: Ingresses and NetworkPolicies.
//! - `storage`: a StorageClass, and what its update may not change; a
//!   CSIDriver, a VolumeAttributesClass; the objects CSI components write
//!   (VolumeAttachment, CSINode, CSIStorageCapacity) in `storage/csi`.
//! - `limit_range`: a LimitRange's limits and their bounds.
//! - `endpoints`: an Endpoints object's subsets.
//! - `discovery`: an EndpointSlice's address type, ports and endpoints.
//! - `dra`: dynamic resource allocation (resource.k8s.io): a DeviceClass,
//!   a ResourceClaim (and its `/status` writes), a ResourceClaimTemplate,
//!   a ResourceSlice.
//! - `api_service`: an APIService's spec (kube-aggregator's).
//! - `node`: a RuntimeClass.
//! - `flowcontrol`: API Priority and Fairness's FlowSchemas and
//!   PriorityLevelConfigurations, and their mandatory objects.
//! - `resource_quota`: a ResourceQuota's hard limits, scopes and scope
//!   selector.
//! - `admission`: webhook configurations, admission policies and their
//!   bindings (validating and mutating), and a webhook's client config
//!   (shared with a CustomResourceDefinition's conversion webhook).
//! - `policy`: a PodDisruptionBudget's spec.
//! - `scheduling`: a PriorityClass's value and preemption policy.
//! - `events`: a core or events.k8s.io Event.
//! - `apiextensions`: a CustomResourceDefinition's own rules (with the
//!   `crd-validation` feature too: its defaults are checked by the custom
//!   resource validation, its approval URL by the CEL URL parser).
//! - `equality`: `Semantic.DeepEqual` as a normal form of JSON values.
//! - `internal_json`: a bad value of an internal type as the error prints
//!   it (`json.Marshal` of structs without json tags).
//!
//! The rules of the kinds the playground page's lessons and presets never
//! write (Job, CronJob, Service, Ingress, CertificateSigningRequest, RBAC's
//! four kinds, StorageClass, PodDisruptionBudget, PriorityClass,
//! NetworkPolicy, Event, CustomResourceDefinition, the webhook
//! configurations and admission policies, LimitRange, ResourceQuota,
//! Endpoints, APIService, IngressClass, RuntimeClass, CSIDriver,
//! VolumeAttributesClass, PersistentVolume, FlowSchema,
//! PriorityLevelConfiguration, VolumeAttachment, CSINode,
//! CSIStorageCapacity, EndpointSlice, DeviceClass, ResourceClaim,
//! ResourceClaimTemplate, ResourceSlice: [`Spec::is_rare`])
//! are the `rare-kinds` feature. A build without it (the page, for its
//! size budget) asks the JavaScript API package for their validation
//! (`crate::delegated`, `answer_delegated`).

#[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
mod admission;
#[cfg(feature = "rare-kinds")]
mod api_service;
#[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
mod apiextensions;
mod apps;
mod autoscaling;
#[cfg(feature = "rare-kinds")]
mod batch;
#[cfg(feature = "rare-kinds")]
mod certificates;
mod core;
#[cfg(feature = "rare-kinds")]
mod discovery;
#[cfg(feature = "rare-kinds")]
mod dra;
#[cfg(feature = "rare-kinds")]
mod endpoints;
mod equality;
#[cfg(feature = "rare-kinds")]
mod events;
pub(crate) mod field;
#[cfg(feature = "rare-kinds")]
mod flowcontrol;
mod internal_json;
pub(crate) mod ip;
#[cfg(feature = "rare-kinds")]
mod limit_range;
pub(crate) mod meta;
pub(crate) mod names;
mod namespace;
#[cfg(feature = "rare-kinds")]
mod networking;
#[cfg(feature = "rare-kinds")]
mod node;
#[cfg(feature = "rare-kinds")]
mod persistent_volume;
mod pod;
mod pod_status;
mod podspec;
#[cfg(feature = "rare-kinds")]
mod policy;
mod probes;
mod pvc;
#[cfg(feature = "rare-kinds")]
mod rbac;
#[cfg(feature = "rare-kinds")]
mod resource_quota;
mod resources;
#[cfg(feature = "rare-kinds")]
mod scheduling;
mod security;
#[cfg(feature = "rare-kinds")]
mod service;
#[cfg(feature = "rare-kinds")]
mod storage;
mod volumes;

use crate::schema::Validator;
use crate::value::Value;
use apps::Workload;
use meta::NameRule;
use std::sync::Arc;

/// The registry validation of one built-in kind: its metadata
/// (`ValidateObjectMeta` / `ValidateObjectMetaUpdate`, and the registry's
/// own pass in `rest.BeforeCreate` / `BeforeUpdate`), then the spec rules
/// modelled for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindValidation {
    /// `schema.GroupKind.String()`, as `NewInvalid` names the kind.
    group_kind: String,
    /// The `ValidateObjectMeta` the kind's strategy calls: its name
    /// function, and whether it is `pkg/apis/core/validation`'s (which adds
    /// the finalizer-name check) rather than apimachinery's. `None`: the
    /// strategy calls none, or which is not established (the registry's
    /// pass alone).
    meta: Option<(NameRule, bool)>,
    spec: Spec,
}

impl Spec {
    /// The kinds whose rules are the `rare-kinds` feature (see the
    /// module).
    fn is_rare(self) -> bool {
        matches!(
            self,
            Spec::Job
                | Spec::CronJob
                | Spec::Service
                | Spec::Ingress
                | Spec::CertificateSigningRequest
                | Spec::Rbac
                | Spec::StorageClass
                | Spec::PodDisruptionBudget
                | Spec::PriorityClass
                | Spec::NetworkPolicy
                | Spec::Event
                | Spec::CustomResourceDefinition
                | Spec::WebhookConfiguration { .. }
                | Spec::ValidatingAdmissionPolicy
                | Spec::ValidatingAdmissionPolicyBinding
                | Spec::MutatingAdmissionPolicy
                | Spec::MutatingAdmissionPolicyBinding
                | Spec::LimitRange
                | Spec::ResourceQuota
                | Spec::ApiService
                | Spec::IngressClass
                | Spec::RuntimeClass
                | Spec::CsiDriver
                | Spec::VolumeAttributesClass
                | Spec::Endpoints
                | Spec::PersistentVolume
                | Spec::FlowSchema
                | Spec::PriorityLevelConfiguration
                | Spec::VolumeAttachment
                | Spec::CsiNode
                | Spec::CsiStorageCapacity
                | Spec::EndpointSlice
                | Spec::DeviceClass
                | Spec::ResourceClaim { .. }
                | Spec::ResourceClaimTemplate { .. }
                | Spec::ResourceSlice { .. }
        )
    }
}

/// The spec rules modelled for a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spec {
    None,
    Workload(Workload),
    ReplicationController,
    Namespace,
    Pod,
    Service,
    Job,
    CronJob,
    CertificateSigningRequest,
    HorizontalPodAutoscaler,
    ConfigMap,
    Secret,
    PersistentVolumeClaim,
    Ingress,
    NetworkPolicy,
    /// Role, ClusterRole, RoleBinding, ClusterRoleBinding.
    Rbac,
    PodDisruptionBudget,
    PriorityClass,
    StorageClass,
    /// A core or events.k8s.io Event.
    Event,
    CustomResourceDefinition,
    /// A ValidatingWebhookConfiguration or MutatingWebhookConfiguration.
    WebhookConfiguration {
        mutating: bool,
    },
    ValidatingAdmissionPolicy,
    ValidatingAdmissionPolicyBinding,
    MutatingAdmissionPolicy,
    MutatingAdmissionPolicyBinding,
    LimitRange,
    ResourceQuota,
    ApiService,
    IngressClass,
    RuntimeClass,
    CsiDriver,
    VolumeAttributesClass,
    Endpoints,
    PersistentVolume,
    FlowSchema,
    PriorityLevelConfiguration,
    VolumeAttachment,
    CsiNode,
    CsiStorageCapacity,
    EndpointSlice,
    /// resource.k8s.io's kinds; `v1beta1` when written in that version,
    /// whose shape is converted to v1's (a DeviceClass's is the same).
    DeviceClass,
    ResourceClaim {
        v1beta1: bool,
    },
    ResourceClaimTemplate {
        v1beta1: bool,
    },
    ResourceSlice {
        v1beta1: bool,
    },
}

/// Every rule: (kinds, what it refuses, the upstream function it follows).
pub const RULES: &[(&str, &str, &str)] = &[
    (
        "every stored built-in kind (the catalogue's objectMeta)",
        "a missing name, or on create a name its kind's name function refuses: a DNS subdomain (most kinds); Namespace and Service a DNS label (a Service's by RelaxedServiceNameValidation, beta and on since 1.36); Role, ClusterRole, RoleBinding, ClusterRoleBinding a path segment; CronJob also more than 52 characters; CustomResourceDefinition not <plural>.<group>; APIService not <version>.<group>; LeaseCandidate a config map key; StorageVersion <group>.<resource>; ClusterTrustBundle its signer's prefix and a DNS subdomain; IPAddress an IP address in canonical form; every other kind (and every update) a path segment; a generateName by the same function's prefix form",
        "apimachinery api/validation ValidateObjectMeta with each kind's ValidateNameFunc (pkg/apis/*/validation, apiextensions-apiserver ValidateCustomResourceDefinition, kube-aggregator ValidateAPIService), batch ValidateCronJobCreate, apiserver registry/rest BeforeCreate and validateCommonFields (IsPathSegmentName)",
    ),
    (
        "every stored built-in kind",
        "invalid label keys and values in metadata.labels and pod template labels",
        "apimachinery apis/meta/v1/validation ValidateLabels",
    ),
    (
        "every stored built-in kind",
        "annotation keys that are not qualified names (case aside); annotations of more than 256 KiB (keys and values) in all",
        "apimachinery api/validation ValidateAnnotations, ValidateAnnotationsSize",
    ),
    (
        "every stored built-in kind",
        "owner references without an apiVersion version, kind, name or uid; a core Event as owner; more than one controller",
        "apimachinery api/validation ValidateOwnerReferences (validateOwnerReference, BannedOwners)",
    ),
    (
        "every stored built-in kind; the second part for those validated by core/validation's ValidateObjectMeta (all but admissionregistration, CustomResourceDefinition, APIService, Lease, LeaseCandidate, RuntimeClass, StorageVersion)",
        "finalizers that are not qualified names, or orphan beside foregroundDeletion; a finalizer without '/' other than kubernetes, orphan and foregroundDeletion",
        "apimachinery api/validation ValidateFinalizers; core/validation ValidateObjectMeta, ValidateObjectMetaUpdate (validateKubeFinalizerName)",
    ),
    (
        "Deployment, ReplicaSet, StatefulSet",
        "a missing or empty selector",
        "apps/validation ValidateDeploymentSpec, ValidateReplicaSetSpec, ValidateStatefulSetSpec",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, StatefulSet, Job, PodDisruptionBudget",
        "selector matchLabels that are not label keys and values; matchExpressions with an operator other than In, NotIn, Exists and DoesNotExist, In or NotIn without values, Exists or DoesNotExist with values, a key that is not a qualified name or values that are not label values; then, for what LabelSelectorAsSelector refuses, the whole selector (Deployment, ReplicaSet: invalid label selector; StatefulSet: no detail) in place of the template's match",
        "apimachinery apis/meta/v1/validation ValidateLabelSelector, ValidateLabelSelectorRequirement, ValidateLabelName; apis/meta/v1 LabelSelectorAsSelector (labels.NewRequirement); apps/validation ValidateDeploymentSpec, ValidateReplicaSetSpec, ValidateDaemonSetSpec, ValidateStatefulSetSpec; batch/validation ValidateJobSpec",
    ),
    (
        "PodDisruptionBudget",
        "minAvailable and maxUnavailable both set (the internal spec printed), either negative, neither a count nor a percentage, or above 100%; an unhealthyPodEvictionPolicy other than AlwaysAllow and IfHealthyBudget",
        "policy/validation ValidatePodDisruptionBudgetSpec (apps/validation ValidatePositiveIntOrPercent, IsNotMoreThan100Percent)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, StatefulSet",
        "a selector that does not match the template labels",
        "apps/validation ValidatePodTemplateSpecForReplicaSet, ValidateDaemonSetSpec, ValidatePodTemplateSpecForStatefulSet",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Pod",
        "pod template annotations whose keys are not qualified names (StatefulSet too); no containers, a container or init container without name or image, an unknown terminationMessagePolicy, duplicate container names (among the containers and the init containers), invalid or duplicate port names, a missing container port; ephemeral containers in a pod template",
        "core/validation ValidatePodTemplateSpec, ValidateAnnotations, validateContainers, validateInitContainers, validateContainerCommon, validateContainerPorts; apps/validation ValidatePodTemplateSpecForStatefulSet",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "volumes without a type or with several, with an invalid or repeated name; volume mounts of a volume the pod lacks, without a path or at a path twice, with both subPath and subPathExpr; environment variables without a name or with one that is not printable ASCII without '=', with a valueFrom beside a value or of several sources; an unknown image pull policy or port protocol, a host port out of range; resource names that are not qualified names, not standard without a domain or not for containers, negative quantities, an extended resource's fraction, a request above its limit, an extended resource or hugepages without an equal limit, hugepages not a whole number of pages or without cpu or memory; probes without a handler or with several, an exec without a command, a bad port or scheme, negative counts, a liveness or startup probe whose successThreshold is not 1, a readiness probe with terminationGracePeriodSeconds",
        "core/validation ValidateVolumes, validateVolumeSource, ValidateEnv (IsRelaxedEnvVarName), validateEnvVarValueFrom, ValidateVolumeMounts, validatePullPolicy, validateContainerPorts, validateResourceRequirements (validateContainerResourceName, ValidateResourceQuantityValue, helper.IsOvercommitAllowed, validateResourceQuantityHugePageValue), validateLivenessProbe, validateReadinessProbe, validateStartupProbe, validateProbe, validateHandler",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "a volume's own rules, for its first type: an emptyDir's negative sizeLimit; a hostPath without a path, with '..' or an unsupported type; a gitRepo without a repository or with a directory not relative or with '..'; a secret without secretName, a configMap without name, a file mode outside 0-0777, items without a key or path, a path not relative, with '..' or starting with '..'; downwardAPI files without a local path, without one of fieldRef and resourceFieldRef or with both, a fieldRef path a volume may not use or not convertible or a subscript that is not a qualified name, a resourceFieldRef without containerName or resource, an unsupported resource or divisor; projected sources with several types, a path given twice, a token shorter than 10 minutes or longer than 2^32 seconds or without a local path; a persistentVolumeClaim without claimName; an nfs without server or absolute path; a csi without a driver that is a DNS subdomain of at most 63 bytes or with a secret reference without a valid name; an ephemeral volume without a claim template, with template metadata other than labels and annotations or invalid ones, or a claim spec a PersistentVolumeClaim may not have; an image without reference or with an unsupported pullPolicy",
        "core/validation validateVolumeSource, validateHostPathVolumeSource, validateHostPathType, validateGitRepoVolumeSource, validateSecretVolumeSource, validateConfigMapVolumeSource, validateKeyToPath, ValidateLocalNonReservedPath, validateLocalDescendingPath, validatePathNoBacksteps, validateDownwardAPIVolumeSource, validateDownwardAPIVolumeFile, validateObjectFieldSelector, validateContainerResourceFieldSelector, validateContainerResourceDivisor, validateProjectedVolumeSource, validateProjectionSources, validatePersistentClaimVolumeSource, validateNFSVolumeSource, validateCSIVolumeSource, ValidateCSIDriverName, validateEphemeralVolumeSource, ValidatePersistentVolumeClaimTemplate, ValidateTemplateObjectMeta, validateImageVolumeSource",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "in-tree volume plugins without their required fields (gcePersistentDisk, awsElasticBlockStore, iscsi, glusterfs, rbd, cinder, cephfs, flexVolume, azureFile, vsphereVolume, photonPersistentDisk, portworxVolume, azureDisk, storageos, scaleIO); with the rare-kinds feature (not in the page) also a disk partition outside 0-255; a cinder or storageos secretRef without a name; a storageos volume name or namespace that is not a DNS label; flexVolume options in the kubernetes.io and k8s.io namespaces; a flocker without one of datasetName and datasetUUID, with both or with '/' in the name; an iscsi IQN or initiator name of a bad format, a LUN outside 0-255, CHAP without a secretRef, an initiator name with a volume name and portal longer than 64; an fc without one of targetWWNs and wwids, with both or without a LUN in 0-255; a quobyte registry that is not host:port pairs, a tenant over 64 characters, no volume; an azureDisk caching mode, kind or disk URI unsupported",
        "core/validation validateVolumeSource, validateGCEPersistentDiskVolumeSource, validateAWSElasticBlockStoreVolumeSource, validateISCSIVolumeSource, validateGlusterfsVolumeSource, validateFlockerVolumeSource, validateRBDVolumeSource, validateCinderVolumeSource, validateCephFSVolumeSource, validateQuobyteVolumeSource, validateFCVolumeSource, validateFlexVolumeSource, validateAzureFile, validateVsphereVolumeSource, validatePhotonPersistentDiskVolumeSource, validatePortworxVolumeSource, validateAzureDisk, validateStorageOSVolumeSource, validateScaleIOVolumeSource",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "an unknown restartPolicy or dnsPolicy; node selector labels that are not label keys and values; a serviceAccountName, nodeName or priorityClassName that is not a DNS subdomain; activeDeadlineSeconds out of 1..2147483647; a hostname or subdomain that is not a DNS label; tolerations with an invalid key, an empty key without Exists, tolerationSeconds without NoExecute, an Equal value that is not a label value, an Exists value, an unknown operator (Lt and Gt while their gate is off), an unknown effect",
        "core/validation ValidatePodSpec, validateRestartPolicy, validateDNSPolicy, ValidateTolerations, validateTaintEffect (apimachinery ValidateLabels, NameIsDNSSubdomain, IsDNS1123Label)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "an environment variable's valueFrom of no source (1.36's list names fileKeyRef, the EnvFiles gate on); a fieldRef without a fieldPath, with one that does not convert (an unknown label, a subscript of other than labels or annotations) or that an environment variable may not use; a resourceFieldRef without a resource or with one not a container's limit or request; a configMapKeyRef or secretKeyRef whose name is not a DNS subdomain (an empty one included), without a key or with one that is not a config key",
        "core/validation validateEnvVarValueFrom, validateObjectFieldSelector (pods ConvertDownwardAPIFieldLabel, fieldpath SplitMaybeSubscriptedPath), validateContainerResourceFieldSelector, validateConfigMapKeySelector, validateSecretKeySelector (IsConfigMapKey)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "a fileKeyRef without a key, volume name or path, with a key that is not an environment variable name, a volume name that is not a DNS label or a path with '..'; its volume not in the pod or not an emptyDir",
        "core/validation validateFileKeySelector, validateFileKeyRefVolumes (EnvFiles, beta and on since 1.35)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "an OS name other than linux and windows (or none); Windows options in a Linux pod; in a Windows pod, the Linux security settings (SELinux, seccomp, AppArmor, users, groups, sysctls, capabilities, privileges, proc mount, read-only root), the host PID and IPC namespaces, hostUsers and shareProcessNamespace",
        "core/validation validateOS, validateLinux, validateWindows",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "a hostnameOverride beside setHostnameAsFQDN true or hostNetwork, longer than 64 bytes or not a DNS subdomain (HostnameOverride, beta and on since 1.35), after the user namespace's rules",
        "core/validation validatePodHostName",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "host-process pods, after the topology spread constraints: a container's hostProcess other than the pod's when both are set; some containers host processes (their own or the pod's hostProcess) and not all; host processes without hostNetwork",
        "core/validation validateWindowsHostProcessPod (VisitContainersWithPath)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "a resource claim without a name, with one that is not a DNS label or given twice, with both or neither of a claim's and a template's name, or one that is not a DNS subdomain; a container's or the pod's resources naming a claim the pod does not list, twice, or with a request that is not a DNS label",
        "core/validation validatePodResourceClaims, validatePodResourceClaim, gatherPodResourceClaimNames, validateResourceClaimNames",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "pod-level resources other than cpu, memory and huge pages, for a Windows pod or with claims; a pod-level request above its limit, below what the containers request together (a huge page limit below the containers' limits together); a container's limit above the pod's",
        "core/validation validatePodResources, validatePodResourceRequirements (validatePodResourceName), validatePodResourceConsistency (component-helpers IsSupportedPodLevelResource, AggregateContainerRequests, AggregateContainerLimits)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "a postStart or preStop hook without a handler or with several, an exec without a command, a bad port or scheme, a sleep outside 0..terminationGracePeriodSeconds; a container's restartPolicy other than Always, Never or OnFailure (regular and init containers alike: ContainerRestartRules, beta and on since 1.35), or missing beside restart rules; more than 20 restart rules, a rule whose action is neither Restart nor RestartAllContainers (RestartAllContainersOnContainerExits, beta and on since 1.36), without exitCodes, with an operator other than In and NotIn or more than 255 values; hooks or probes on an init container not restarted always (a sidecar's are validated); topology spread constraints with a maxSkew below 1, no topologyKey, an unknown whenUnsatisfiable, a topologyKey and whenUnsatisfiable pair given twice, a minDomains not positive or without DoNotSchedule, a node inclusion policy other than Honor and Ignore, or a label selector ValidateLabelSelector refuses",
        "core/validation validateContainers, validateInitContainers, validateLifecycle, validateHandler, validateSleepAction, validateContainerRestartPolicy, validateInitContainerRestartPolicy, validateTopologySpreadConstraints (ValidatePositiveField, ValidateTopologyKey, ValidateWhenUnsatisfiable, ValidateSpreadConstraintNotRepeat, validateMinDomains, validateNodeInclusionPolicy, ValidateLabelSelector)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "affinity: a required node selector without terms; node selector requirements with an operator other than In, NotIn, Exists, DoesNotExist, Gt and Lt, In or NotIn without values, Exists or DoesNotExist with values, Gt or Lt without exactly one, a key that is not a qualified name, values that are not label values (in required terms only); field requirements on another key than metadata.name, with an operator other than In and NotIn or without exactly one value, or values that are not node names; preferred terms' weights out of 1..100; pod affinity and anti-affinity terms' invalid label or namespace selectors, namespaces that are not DNS labels, a missing or invalid topologyKey",
        "core/validation validateAffinity, validateNodeAffinity, ValidateNodeSelector, ValidateNodeSelectorTerm, ValidateNodeSelectorRequirement, ValidateNodeFieldSelectorRequirement, ValidatePreferredSchedulingTerms, validatePodAffinity, validatePodAntiAffinity, validatePodAffinityTerms, validateWeightedPodAffinityTerms, validatePodAffinityTerm, ValidatePodAffinityTermSelector (apimachinery ValidateLabelSelector, ValidateLabelName, ValidateNamespaceName)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, Pod",
        "a container's or init container's securityContext: runAsUser or runAsGroup out of 0..2147483647; allowPrivilegeEscalation false beside privileged true or a capabilities.add CAP_SYS_ADMIN (once per addition; the internal SecurityContext printed as json.Marshal prints it); a procMount other than Default and Unmasked, Unmasked without hostUsers false (ProcMountType, beta and on); a seccomp or AppArmor profile without a type or of an unknown one, a Localhost one without localhostProfile (seccomp's: an absolute path or one with '..'; AppArmor's: padded with whitespace, empty or longer than 4095 bytes), a localhostProfile beside another type (seccomp's value the internal SeccompProfile); Windows options (the pod's too) with a gmsaCredentialSpecName that is not a DNS subdomain, an empty gmsaCredentialSpec or one over 64 KiB, a runAsUserName empty, with control characters or two backslashes, a domain of 256 bytes or more or neither a NetBIOS nor a DNS name, a user empty, over 104 bytes, only dots and spaces or with one of \"/\\:;|=,+*?<>@[]",
        "core/validation validateContainerCommon, ValidateSecurityContext, ValidateProcMountType, validateSeccompProfileField, validateSeccompProfileType, validateLocalDescendingPath, ValidateAppArmorProfileField, validateWindowsSecurityContextOptions (apimachinery IsValidUserID, IsValidGroupID, IsDNS1123Subdomain)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, Pod",
        "the pod's securityContext: fsGroup, runAsUser, runAsGroup or a supplemental group out of 0..2147483647; shareProcessNamespace beside hostPID; a sysctl without a name, with one IsValidSysctlName refuses, or with a valid one given before, a network namespace's beside hostNetwork, an IPC namespace's beside hostIPC; an unknown fsGroupChangePolicy or supplementalGroupsPolicy; seccomp and AppArmor profiles as a container's; a seLinuxChangePolicy other than Recursive (SELinuxMount off: MountOption refused on create), after the node selector and before the affinity",
        "core/validation ValidatePodSpec, validatePodSpecSecurityContext, validateSysctls (IsValidSysctlName), ValidateHostSysctl (component-helpers GetNamespace, NormalizeName), validateFSGroupChangePolicy, validateSupplementalGroupsPolicy, validateSELinuxChangePolicy, validateSeccompProfileField, ValidateAppArmorProfileField; pkg/api/pod GetValidationOptionsFromPodSpecAndMeta (useOnlyRecursiveSELinuxChangePolicy)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "a container's, init container's or ephemeral container's envFrom: a prefix that is not printable ASCII without '=' (RelaxedEnvironmentVariableValidation, GA), a configMapRef or secretRef without a name or with one that is not a DNS subdomain (a trailing dash masked, as for a name prefix), no source or both (the error at the envFrom list)",
        "core/validation validateContainerCommon, ValidateEnvFrom, validateConfigMapEnvSource, validateSecretEnvSource (apimachinery IsRelaxedEnvVarName, NameIsDNSSubdomain with prefix, maskTrailingDash)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "ephemeral containers (a pod template's too): the common container rules, an image with surrounding whitespace, a name used by any other container, a targetContainerName of no regular or init container, ports, resources, resizePolicy, restartPolicy, restartPolicyRules, probes or lifecycle set, a volume mount's subPath or subPathExpr",
        "core/validation validateEphemeralContainers, validateContainerCommon, validateContainerOnlyForPod, validateFieldAllowList (allowedEphemeralContainerFields)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "dnsConfig, after the affinity: with a None dnsPolicy, no dnsConfig or no nameservers (and then nothing else); more than 3 nameservers (the list printed), one that ParseIPSloppy does not parse or, strictly, has an octet's leading zero or maps IPv4 in IPv6 (StrictIPCIDRValidation, beta and on since 1.36); more than 32 searches or more than 2048 characters of them joined by spaces, a search other than '.' that, without one trailing dot, is not a DNS subdomain allowing '_' (RelaxedDNSSearchValidation, GA); an option without a name",
        "core/validation validatePodDNSConfig, IsValidIPForLegacyField, ValidateDNS1123SubdomainWithUnderScore (apimachinery IsDNS1123SubdomainWithUnderscore)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "readiness gates whose conditionType is not a qualified name; scheduling gates whose name is not a qualified name or repeats an earlier one (each error at the gate's path), on create and on a Pod's update alike",
        "core/validation validateReadinessGates, validateSchedulingGates, ValidateQualifiedName",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "host aliases, after the tolerations: an ip that ParseIPSloppy does not parse (an empty one included) or, strictly, has an octet's leading zero or maps IPv4 in IPv6 (StrictIPCIDRValidation, beta and on since 1.36), a hostname that is not a DNS subdomain",
        "core/validation ValidateHostAliases, IsValidIPForLegacyField, ValidateDNS1123Subdomain",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "a host port given twice with the same protocol and host IP among the regular containers (after them), or within one init container (at index 0, as upstream builds the path); on the host network, a regular container's hostPort other than its containerPort (after the ephemeral containers)",
        "core/validation validateContainers, validateInitContainers, checkHostPortConflicts, AccumulateUniqueHostPorts, validatePodHostNetworkDeps",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "an environment variable's fieldRef with an apiVersion other than v1 (an empty one is defaulted), or a metadata.labels['key'] or metadata.annotations['key'] subscript that is not a qualified name (an annotation's lower-cased; the error at the fieldRef)",
        "core/validation validateObjectFieldSelector, ValidateQualifiedName (pods ConvertDownwardAPIFieldLabel, fieldpath SplitMaybeSubscriptedPath)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "a pod affinity or anti-affinity term's matchLabelKeys or mismatchLabelKeys (MatchLabelKeysInPodAffinity, GA), and a topology spread constraint's matchLabelKeys (MatchLabelKeysInPodTopologySpread and its SelectorMerge, beta and on): keys without a label selector, keys that are not label names, a match key whose selector has an expression of that key after the same key (a Pod's merged key In (value); the error at the term's or constraint's path indexed by the key), a key in both lists",
        "core/validation validatePodAffinityTerm, validateTopologySpreadConstraints, ValidateMatchLabelKeysAndMismatchLabelKeys, validateLabelKeys (apimachinery ValidateLabelName)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, Job, CronJob, ReplicationController, Pod",
        "with hostUsers false (UserNamespacesSupport, GA), after the topology spread constraints: hostNetwork (UserNamespacesHostNetworkSupport, alpha and off), hostPID or hostIPC true (at spec.HostPID and spec.HostIPC, as upstream builds them), a container, init or ephemeral container with volumeDevices",
        "core/validation ValidatePodSpec, validateHostUsers (pods VisitContainersWithPath)",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet, StatefulSet",
        "a pod template whose restartPolicy is not Always, or with an activeDeadlineSeconds",
        "apps/validation ValidatePodTemplateSpecForReplicaSet, ValidateDaemonSetSpec, ValidateStatefulSetSpec",
    ),
    (
        "ReplicationController",
        "a negative minReadySeconds or replicas; an empty selector; a missing template, or one whose labels the selector does not match; the pod template's rules (as a ReplicaSet's); a restartPolicy other than Always, an activeDeadlineSeconds; on a status write, a ReplicaSet's status rules",
        "core/validation ValidateReplicationControllerSpec, ValidateNonEmptySelector, ValidatePodTemplateSpecForRC, ValidatePodTemplateSpec, ValidateReplicationControllerStatusUpdate, ValidateReplicationControllerStatus",
    ),
    (
        "Namespace",
        "on create, spec.finalizers that are not qualified names, or without '/' other than kubernetes, orphan and foregroundDeletion; on a status write, a phase other than Active without a deletionTimestamp, other than Terminating with one",
        "core/validation ValidateNamespace, validateFinalizerName (apimachinery ValidateFinalizerName, validateKubeFinalizerName), ValidateNamespaceStatusUpdate",
    ),
    (
        "Deployment, ReplicaSet, StatefulSet, DaemonSet (status writes, whose spec is not validated)",
        "negative status counts, observedGeneration or collisionCount; ready, available, updated, current or fully labeled replicas above status.replicas, available above ready replicas; a collisionCount decremented",
        "apps/validation ValidateDeploymentStatusUpdate, ValidateDeploymentStatus, ValidateReplicaSetStatusUpdate, ValidateReplicaSetStatus, ValidateStatefulSetStatusUpdate, ValidateStatefulSetStatus, ValidateDaemonSetStatusUpdate, validateDaemonSetStatus (core/validation IsDecremented)",
    ),
    (
        "Job (status writes, whose spec is not validated)",
        "negative counters; an empty or repeated uncounted pod uid; Complete without completionTime, SuccessCriteriaMet or startTime, beside Failed or FailureTarget; Failed without FailureTarget; a completionTime without Complete, before startTime or changed; active, terminating or uncounted pods in a finished Job; more ready than active pods; completed or failed indexes that do not parse, overlap or do not belong; a terminal condition or SuccessCriteriaMet disabled; the failed or succeeded counter decreased; startTime changed while not suspended (each checked as the strategy has it, most only when the fields it reads changed)",
        "batch/validation ValidateJobUpdateStatus, ValidateJobStatusUpdate, validateJobStatus, validateIndexesFormat, parseIndexInterval, validateFailedIndexesNotOverlapCompleted; registry/batch/job getStatusValidationOptions (JobManagedBy GA)",
    ),
    (
        "Service, Ingress (status writes)",
        "load balancer ingress entries on a Service whose type is not LoadBalancer; an ip that does not parse or, strictly, has an octet's leading zero or maps IPv4 in IPv6 (unless stored), a Service entry's ipMode missing beside an ip, given without one, or other than VIP and Proxy; a hostname that is not a DNS subdomain or is an IP address",
        "core/validation ValidateServiceStatusUpdate, ValidateLoadBalancerStatus, IsValidIPForLegacyField (StrictIPCIDRValidation, beta and on since 1.36); networking/validation ValidateIngressStatusUpdate, ValidateIngressLoadBalancerStatus",
    ),
    (
        "PodDisruptionBudget, HorizontalPodAutoscaler (status writes)",
        "negative status counts (disruptionsAllowed, currentHealthy, desiredHealthy, expectedPods; currentReplicas, desiredReplicas); a PodDisruptionBudget's conditions as metav1.Conditions: a type missing, given twice or not a qualified name, a status other than True, False and Unknown, a negative observedGeneration, no lastTransitionTime, a reason missing, malformed or over 1 KiB, a message over 32 KiB",
        "policy/validation ValidatePodDisruptionBudgetStatusUpdate; autoscaling/validation ValidateHorizontalPodAutoscalerStatusUpdate; apimachinery meta/v1/validation ValidateConditions, ValidateCondition, IsValidConditionReason",
    ),
    (
        "Pod (status writes, whose spec is not validated)",
        "a negative observedGeneration (the status's or a condition's); a condition type other than PodScheduled, Ready and Initialized that is not a qualified name; a changed nominatedNodeName that is not a DNS subdomain, or set on a Pod already bound to a node (ClearingNominatedNodeNameAfterBinding, beta and on); a changed qosClass (one left out is kept); a terminated container, init or ephemeral container back in another state, unless its restart rules, its restart policy or the pod's restart it (ContainerRestartRules, beta and on), or (but for an ephemeral one) a RestartAllContainers rule in the pod lets every container restart (RestartAllContainersOnContainerExits, beta and on since 1.36); pod or host IPs that do not parse or, strictly, have an octet's leading zero or map IPv4 in IPv6 (the stored ones aside), more than one of a family, hostIPs without hostIP (as the v1 hostIP and podIP convert)",
        "core/validation ValidatePodStatusUpdate, validatePodConditions, ValidateQualifiedName, ValidateNodeName, ValidateImmutableField, ValidateContainerStateTransition, ValidateInitContainerStateTransition, ValidateEphemeralContainerStateTransition, validatePodIPs, validateHostIPs (IsValidIPForLegacyField, StrictIPCIDRValidation, beta and on since 1.36; netutils IsDualStackIPStrings); api/v1/pod ContainerShouldRestart; core/v1 Convert_v1_PodStatus_To_core_PodStatus; registry/core/pod podStatusStrategy",
    ),
    (
        "StatefulSet",
        "a podManagementPolicy other than OrderedReady and Parallel; an updateStrategy type other than RollingUpdate and OnDelete, rollingUpdate with OnDelete, a negative partition, a maxUnavailable that is 0, neither a count nor a percentage, or above 100%; a claim retention policy other than Retain and Delete; negative replicas, minReadySeconds or ordinals.start; invalid template labels (the template's pod spec is not validated, as upstream)",
        "apps/validation ValidateStatefulSetSpec, validateRollingUpdateStatefulSet, ValidatePersistentVolumeClaimRetentionPolicy, ValidatePodTemplateSpecForStatefulSet",
    ),
    (
        "DaemonSet",
        "an updateStrategy type other than RollingUpdate and OnDelete; rolling update parameters that are neither counts nor percentages, above 100%, both 0 or both not 0; negative minReadySeconds or revisionHistoryLimit",
        "apps/validation ValidateDaemonSetSpec, ValidateDaemonSetUpdateStrategy, ValidateRollingUpdateDaemonSet",
    ),
    (
        "Deployment, ReplicaSet, DaemonSet",
        "a changed selector",
        "registry/apps/*/strategy.go ValidateUpdate (ValidateImmutableField)",
    ),
    (
        "Service",
        "no ports on a service that is neither headless nor ExternalName; ports without a name (when there are several), with an invalid or repeated name, a port out of range, an unsupported protocol, an invalid target port or application protocol; repeated ports or node ports",
        "core/validation ValidateService, validateServicePort, ValidatePortNumOrName",
    ),
    (
        "Service",
        "a headless NodePort or LoadBalancer; an ExternalName with cluster IPs, families or no name; an unknown type or session affinity, a ClientIP timeout out of range; clusterIP and clusterIPs that disagree, that do not parse or, strictly, have an octet's leading zero or map IPv4 in IPv6 (the stored ones aside), more than one per family or not of their ipFamilies; external IPs so, or special; load balancer source ranges (the field, or the annotation before it) that are not CIDRs or, strictly, have a leading zero, map IPv4 in IPv6 or have bits past their prefix; a trafficDistribution other than PreferClose, PreferSameZone and PreferSameNode; node ports on a ClusterIP service; load balancer fields on another type; traffic policies where they do not apply or unknown",
        "core/validation ValidateService, ValidateServiceClusterIPsRelatedFields, validateClientIPAffinityConfig, ValidateNonSpecialIP, validateLoadBalancerClassField, validateServiceExternalTrafficPolicy, validateServiceInternalTrafficFieldsValue, validateServiceTrafficDistribution, IsValidIPForLegacyField, IsValidCIDRForLegacyField (StrictIPCIDRValidation, beta and on since 1.36)",
    ),
    (
        "Service",
        "an update that changes a cluster IP (clusterIP or clusterIPs, as the Service storage's normalizeClusterIPs makes them agree), unsets the primary one, changes an IP family, or a load balancer's class",
        "core/validation ValidateServiceUpdate, validateUpgradeDowngradeClusterIPs, validateUpgradeDowngradeIPFamilies, validateLoadBalancerClassField; registry/core/service/storage normalizeClusterIPs, patchAllocatedValues",
    ),
    (
        "StatefulSet",
        "changes to the spec other than replicas, ordinals, template, updateStrategy, revisionHistoryLimit, persistentVolumeClaimRetentionPolicy and minReadySeconds",
        "apps/validation ValidateStatefulSetUpdate",
    ),
    (
        "Pod",
        "images with leading or trailing whitespace; on create ephemeral containers, or a nodeName beside scheduling gates; on update a container added or removed (which stops the checks), an empty image, an activeDeadlineSeconds out of 0..2147483647, raised or unset, a stored toleration changed but for its tolerationSeconds, a scheduling gate added, and other changes to the spec than images, activeDeadlineSeconds, tolerations and scheduling gates (terminationGracePeriodSeconds only from negative to 1)",
        "core/validation validatePodMetadataAndSpec, validateContainersOnlyForPod, ValidatePodCreate, ValidatePodUpdate, ValidateContainerUpdates, validateOnlyAddedTolerations, validateOnlyDeletedSchedulingGates",
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
        "ConfigMap, Secret",
        "keys that are not valid config keys; more than 1 MiB of data; a Secret of a known type without its required keys; on update, a changed Secret type, or a change to the data of an object marked immutable (or unmarking it)",
        "core/validation ValidateConfigMap, ValidateConfigMapUpdate, ValidateSecret, ValidateSecretUpdate (IsConfigMapKey)",
    ),
    (
        "Job, CronJob",
        "negative counts, an unknown completionMode, a pod template that is invalid or whose restartPolicy is not OnFailure or Never",
        "batch/validation validateJobSpec, ValidateJobTemplateSpec",
    ),
    (
        "Job",
        "a missing selector or one that does not match the template labels (a manual selector; the generated one always matches)",
        "batch/validation ValidateJobSpec",
    ),
    (
        "Job",
        "changes to the selector, the pod template (but for a Job suspended before it ran: its scheduling directives and resources), completions (but for an Indexed Job, with parallelism), completionMode, podFailurePolicy, backoffLimitPerIndex, managedBy and successPolicy (the policies printed as the internal batch structs)",
        "batch/validation ValidateJobSpecUpdate, validateCompletions, validatePodTemplateUpdate",
    ),
    (
        "CronJob",
        "a missing schedule or one robfig/cron's ParseStandard refuses (field count, values out of range, bad steps, names or numbers, unknown descriptors, @every durations, TZ= zones), TZ in a new schedule, a time zone that is empty, malformed, Local or unknown to Go's embedded zone database, an unknown concurrencyPolicy, a selector or manualSelector in the job template, negative history limits, a name of more than 52 characters on create",
        "batch/validation ValidateCronJobCreate, validateCronJobSpec, validateScheduleFormat (robfig/cron v3.0.1 ParseStandard), validateTimeZone (time.LoadLocation), ValidateJobTemplateSpec",
    ),
    (
        "Ingress",
        "neither a default backend nor rules; a host that is an IP address or not a (wildcard) DNS subdomain; HTTP rules without paths, a path without a pathType or of an unknown one, an Exact or Prefix path that is not absolute or holds //, /./, /../ or an encoded slash; a backend with both or neither of a service and a resource, a service without a valid name or with both or neither of a port name and number; invalid TLS hosts or secret names, an invalid class name; on create a kubernetes.io/ingress.class annotation that differs from ingressClassName",
        "networking/validation ValidateIngressCreate, ValidateIngressUpdate, ValidateIngressSpec, validateIngressRules, validateHTTPIngressPath, validateIngressBackend, validateIngressTLS",
    ),
    (
        "NetworkPolicy",
        "invalid pod, namespace and peer label selectors; a port protocol other than TCP, UDP and SCTP, a port number out of range or an invalid port name, an endPort without a numeric port or below it; a peer of no kind, or an ipBlock beside a selector; an ipBlock without a CIDR or with one that does not parse or, strictly, has a leading zero, maps IPv4 in IPv6 or has bits past its prefix, excepts so or not strict subsets of it; more than two policyTypes or one other than Ingress and Egress",
        "networking/validation ValidateNetworkPolicySpec, ValidateNetworkPolicyPort, ValidateNetworkPolicyPeer, ValidateIPBlock (core/validation IsValidCIDRForLegacyField, StrictIPCIDRValidation, beta and on since 1.36; netutils ParseCIDRSloppy)",
    ),
    (
        "HorizontalPodAutoscaler (autoscaling/v1 and v2)",
        "minReplicas below 1 (below 0 when the stored object had 0), maxReplicas unset, negative or below minReplicas; a scaleTargetRef without kind or name or with one that is not a path segment, or (unless an update keeps its apiVersion and kind) with an apiVersion that does not parse or without a group but for a ReplicationController",
        "autoscaling/validation validateHorizontalPodAutoscalerSpec, ValidateCrossVersionObjectReference, ValidateAPIVersion; registry/autoscaling/horizontalpodautoscaler validationOptionsForHorizontalPodAutoscaler",
    ),
    (
        "HorizontalPodAutoscaler",
        "a metric without a type or of an unknown one; minReplicas 0 without an Object or External metric; autoscaling/v1's targetCPUUtilizationPercentage below 1 (as the Resource metric it converts to)",
        "autoscaling/validation validateMetrics, validateMetricSpec, validateMetricTarget",
    ),
    (
        "HorizontalPodAutoscaler",
        "behavior (as defaulted): a stabilization window outside 0..3600, an unknown select policy, no policy, a policy of an unknown type, with a value not positive or a period outside 1..1800, a negative tolerance",
        "autoscaling/validation validateBehavior, validateScalingRules, validateScalingPolicy (core/validation ValidateNonnegativeQuantity)",
    ),
    (
        "HorizontalPodAutoscaler",
        "a metric without the source of its type or with another; a source without a metric name (or one that is not a path segment), resource name or container (not a DNS label); an Object metric's described object without kind or name, or with an apiVersion that does not parse; a target without a known type, with a value, average value or utilization not positive, without the values its source needs (Resource, ContainerResource: a utilization or an average value, not both; Object: a value or an average value; External: one of them; Pods: an average value)",
        "autoscaling/validation validateMetricSpec, validateObjectSource, validateExternalSource, validatePodsSource, validateResourceSource, validateContainerResourceSource, validateMetricIdentifier, validateMetricTarget, ValidateCrossVersionObjectReference, ValidateAPIVersion (AllowEmptyAPIGroup); registry/autoscaling/horizontalpodautoscaler validationOptionsForHorizontalPodAutoscaler",
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
        "no access modes, an invalid label selector, unsupported access or volume modes, a missing or non-positive storage request, invalid class names; a data source or reference without a name or kind, of a kind other than PersistentVolumeClaim without an API group, with an API group that is not a DNS subdomain (unless the stored claim's had one) or a namespace that is not a DNS label; a data source beside a namespaced reference, or one that does not match the reference",
        "core/validation ValidatePersistentVolumeClaimSpec, validateDataSource, validateDataSourceRef (apimachinery ValidateLabelSelector)",
    ),
    (
        "PersistentVolumeClaim",
        "changes to the spec other than a bound claim's storage request, volumeName once and storageClassName from nil a storage request below status.capacity, a changed volumeMode, storage-class annotation or unset volumeAttributesClassName",
        "core/validation ValidatePersistentVolumeClaimUpdate",
    ),
    (
        "StorageClass",
        "a missing provisioner or one that is not a qualified name (lower-cased); more than 512 parameters, an empty parameter key, more than 256 KiB of them; a reclaimPolicy other than Delete and Retain, a volumeBindingMode other than Immediate and WaitForFirstConsumer; allowedTopologies whose expressions lack values, repeat a value, have a key that is not a label name or repeat a key, and terms alike (an empty term is refused even alone)",
        "storage/validation ValidateStorageClass, validateProvisioner, validateParameters, validateReclaimPolicy, validateVolumeBindingMode, validateAllowedTopologies, core/validation ValidateTopologySelectorTerm",
    ),
    (
        "StorageClass",
        "an update that changes the parameters, provisioner or reclaimPolicy (forbidden), or the volumeBindingMode (immutable)",
        "storage/validation ValidateStorageClassUpdate",
    ),
    (
        "PriorityClass",
        "on create a name with the system- prefix other than the two system classes with their values, a value above 1000000000, an unknown preemptionPolicy; on update a changed value or preemptionPolicy",
        "scheduling/validation ValidatePriorityClass (scheduling.IsKnownSystemPriorityClass, core/validation ValidatePreemptionPolicy), ValidatePriorityClassUpdate",
    ),
    (
        "Event (core and events.k8s.io)",
        "before its metadata: without an eventTime, an involved object's namespace other than the Event's (empty only in default); with one, an involved object without a namespace outside default and kube-system, no reporting controller or one that is not a qualified name, no reporting instance, action or reason, or one longer than 128 bytes, a message longer than 1024; a namespace that is not a DNS subdomain",
        "core/validation ValidateEventCreate, ValidateEventUpdate, legacyValidateEvent (apimachinery IsQualifiedName, IsDNS1123Subdomain)",
    ),
    (
        "Event (events.k8s.io)",
        "on create a series with a count below 2 or without lastObservedTime, no eventTime, a type other than Normal and Warning, deprecatedFirstTimestamp, deprecatedLastTimestamp, deprecatedCount or deprecatedSource set (at the internal paths: involvedObject, message, firstTimestamp, count, source); on update a changed series checked so, and a change to any other field",
        "core/validation ValidateEventCreate, ValidateEventUpdate, validateV1EventSeries, ValidateImmutableField",
    ),
    (
        "CustomResourceDefinition",
        "a group missing, not a DNS subdomain or without a dot; a scope other than Cluster and Namespaced; a version without a schema (on create, or when every stored version had one); a schema that is not structural (a field, item or root without a type, an array without items, additionalProperties at the root or beside properties, metadata at the root saying more than name and generateName, types, defaults, titles, descriptions or extensions inside anyOf, allOf, oneOf or not, what a root junctor names missing from the schema), an unknown type, uniqueItems, id, $ref, patternProperties, definitions, dependencies or additionalItems, a default in top-level metadata, kind or apiVersion, list and map types on the wrong types or with unknown values, a map list without keys, with keys that are not scalar properties or neither required nor defaulted, nullable set or map list items, x-kubernetes-validations without a rule or with a message on several lines, with a fieldPath that names no field below the rule's node, or whose rule or messageExpression does not compile (an undefined field, an undeclared name), optionalOldSelf beside a rule without oldSelf; a default with fields its schema prunes or that its schema refuses; a schema default beside preserveUnknownFields: true; version names that are not DNS-1035 labels or repeat; other than exactly one storage version; a deprecationWarning on a version not deprecated, longer than 256 bytes, empty or unprintable; names missing, not DNS-1035 labels (kind and listKind in any case), kind equal to listKind; scale subresource paths outside .spec and .status; printer columns without a name, type or jsonPath, or an unknown type or format; a conversion strategy other than None and Webhook, a Webhook one without a client config (or with both url and service, or a url or service as a webhook configuration's refuses) or review versions, a None one with either; a stored version missing from spec.versions; a group under k8s.io or kubernetes.io without an approval annotation that is a URL or starts with unapproved; preserveUnknownFields newly set to true; on update a changed group or plural (and scope or kind once Established); on a status write, the accepted names",
        "apiextensions-apiserver ValidateCustomResourceDefinition, ValidateCustomResourceDefinitionUpdate, validateCustomResourceDefinitionValidation (schema ValidateStructural, NewStructural, defaulting ValidateDefaults, ValidateCustomResourceDefinitionOpenAPISchema), ValidateCustomResourceDefinitionStoredVersions, ValidateUpdateCustomResourceDefinitionStatus, ValidateCustomResourceDefinitionNames, validateAPIApproval, validatePreserveUnknownFields",
    ),
    (
        "LimitRange",
        "a limit type that is not a qualified name, or without a domain not Pod, Container or PersistentVolumeClaim, or repeated; resource names as the type takes them (a container's for Pod and Container); defaults for a Pod; a PersistentVolumeClaim limit without a storage min or max; per resource, a min above the max, the default request or the default, a default request above the max or the default, a default above the max, a maxLimitRequestRatio below 1 or above max/min, a default other than its default request for what may not be overcommitted",
        "core/validation ValidateLimitRange, validateLimitRangeTypeName, validateLimitRangeResourceName",
    ),
    (
        "CSIDriver",
        "attachRequired, podInfoOnMount, storageCapacity or seLinuxMount set to null (all defaulted); an unknown fsGroupPolicy or volume lifecycle mode; a token request audience twice, or an expiration under ten minutes or over 2^32 seconds; nodeAllocatableUpdatePeriodSeconds under 10; on update a changed attachRequired or volumeLifecycleModes",
        "storage/validation ValidateCSIDriver, validateCSIDriverSpec, ValidateCSIDriverUpdate",
    ),
    (
        "VolumeAttachment",
        "an attacher missing, on create not a CSI driver name (at most 63 bytes, a DNS subdomain once lower-cased); neither or both of persistentVolumeName and inlineVolumeSpec, an empty persistentVolumeName, on create one that is not a DNS subdomain; an inline volume with a claimRef, capacity, node affinity or storage class, without a csi source, with a reclaim policy other than Retain or a volume mode other than Filesystem, and a PersistentVolume's source and access mode rules; a nodeName that is not a DNS subdomain; (status) attachment metadata over 256 KiB, an attach or detach error's message over 1024 bytes (printed with the metadata's limit, as upstream has it) or a negative errorCode; on update (and a status write) a changed spec, printed as the internal struct",
        "storage/validation ValidateVolumeAttachment, ValidateVolumeAttachmentV1, validateVolumeAttachmentSpec, validateAttacher, validateVolumeAttachmentSource, validateNodeName, validateVolumeAttachmentStatus, validateAttachmentMetadata, validateVolumeError, ValidateVolumeAttachmentUpdate; core/validation ValidatePersistentVolumeSpec (validateInlinePersistentVolumeSpec), ValidateCSIDriverName, ValidatePersistentVolumeName, ValidateNodeName",
    ),
    (
        "CSINode",
        "a driver name that is not a CSI driver name, or given twice; a node ID missing or over 256 bytes (AllowLongNodeID); a negative allocatable count; topology keys empty, repeated or not qualified names (refused at the driver's path); on update a driver of a stored name changed but for its allocatable count (MutableCSINodeAllocatableCount, beta and on since 1.35), printed as the internal struct",
        "storage/validation ValidateCSINode, validateCSINodeDrivers, validateCSINodeDriver, validateCSINodeDriverNodeID, validateCSINodeDriverAllocatable, ValidateCSINodeUpdate; core/validation ValidateCSIDriverName, ValidateQualifiedName, ValidateNonnegativeField; registry/storage/csinode Validate, ValidateUpdate",
    ),
    (
        "CSIStorageCapacity",
        "a nodeTopology label selector ValidateLabelSelector refuses (on update its expressions' label values allowed when the stored selector had errors); a storageClassName that is not a DNS subdomain (empty included); a negative capacity; on update a changed nodeTopology or storageClassName",
        "storage/validation ValidateCSIStorageCapacity, ValidateCSIStorageCapacityUpdate (apimachinery ValidateLabelSelector, core/validation ValidateClassName, ValidateNonnegativeQuantity); registry/storage/csistoragecapacity hasInvalidLabelValueInLabelSelector",
    ),
    (
        "VolumeAttributesClass",
        "a driverName missing or not a qualified name once lower-cased; no parameters, more than 512, an empty key, more than 256 KiB; on update a changed driverName or parameters",
        "storage/validation ValidateVolumeAttributesClass, ValidateVolumeAttributesClassUpdate, validateProvisioner, validateParameters",
    ),
    (
        "RuntimeClass",
        "a handler that is not a DNS label (on update, a changed one); overhead podFixed resources as a container's limits (at overhead.limits); scheduling node selector labels, tolerations as a pod's, and the same toleration twice",
        "node/validation ValidateRuntimeClass, ValidateRuntimeClassUpdate, validateOverhead, validateScheduling, validateTolerations",
    ),
    (
        "FlowSchema",
        "a matchingPrecedence not in 1 to 10000, or 1 for a schema not named exempt; a distinguisher method other than ByNamespace and ByUser; a priority level name missing or not a DNS subdomain; a rule without subjects, or without resource and non-resource rules; a subject kind other than Group, ServiceAccount and User, its member missing (a user's or group's name, a service account's name that is neither * nor a DNS subdomain, its namespace missing or not a DNS label), another kind's member set; verbs missing, * beside others or not get, list, create, update, delete, deletecollection, patch, watch and proxy; apiGroups or resources missing or * beside others; namespaces missing without clusterScope, * beside others, not DNS labels; nonResourceURLs missing, * beside others, or not a path from / without spaces or // whose one wildcard ends it as /*; the mandatory exempt and catch-all schemas with another spec than the built-in one; on a status write (and on the spec's), condition types missing or repeated",
        "flowcontrol/validation ValidateFlowSchema, ValidateFlowSchemaUpdate, ValidateFlowSchemaSpec, ValidateFlowSchemaPolicyRulesWithSubjects, ValidateFlowSchemaSubject, ValidateServiceAccountSubject, ValidateUserSubject, ValidateGroupSubject, ValidateFlowSchemaResourcePolicyRule, ValidateFlowSchemaNonResourcePolicyRule, ValidateNonResourceURLPath, ValidateFlowSchemaStatus, ValidateFlowSchemaStatusUpdate (internalbootstrap MandatoryFlowSchemas)",
    ),
    (
        "PriorityLevelConfiguration",
        "the v1beta3 round-trip annotation; a type other than Exempt and Limited, Exempt for a level not named exempt or Limited for exempt; limited beside Exempt, exempt beside Limited, limited missing for Limited; negative nominalConcurrencyShares (zero allowed since 1.32), lendablePercent outside 0 to 100, a negative borrowingLimitPercent; a limit response type other than Queue and Reject, queuing beside Reject or missing for Queue; queues, handSize or queueLengthLimit not positive, more than 10^7 queues, a hand larger than the queues or needing more than 60 bits of entropy; the mandatory catch-all level with another spec than the built-in one, exempt with another but for its exempt field; on a status write (and on the spec's), condition types missing or repeated",
        "flowcontrol/validation ValidatePriorityLevelConfiguration, ValidatePriorityLevelConfigurationUpdate, ValidatePriorityLevelConfigurationSpec, ValidateLimitedPriorityLevelConfiguration, ValidateExemptPriorityLevelConfiguration, ValidateLimitResponse, ValidatePriorityLevelQueuingConfiguration (shufflesharding RequiredEntropyBits), ValidateIfMandatoryPriorityLevelConfigurationObject, ValidatePriorityLevelConfigurationStatus, ValidatePriorityLevelConfigurationStatusUpdate",
    ),
    (
        "IngressClass",
        "a controller missing, longer than 250 bytes or not a domain-prefixed path, or changed on update; parameters without a kind or name, with an apiGroup that is not a DNS subdomain, kind and name not path segments, without a scope or with an unknown one, a Namespace scope without a namespace that is a DNS label, a Cluster scope with one; an Ingress's resource backend checked as the parameters' reference",
        "networking/validation ValidateIngressClass, ValidateIngressClassUpdate, validateIngressClassParametersReference, validateIngressTypedLocalObjectReference, apimachinery IsDomainPrefixedPath",
    ),
    (
        "APIService",
        "a group empty for a version other than v1, or not a DNS subdomain; a version that is not a DNS-1035 label; groupPriorityMinimum outside 1 to 20000, versionPriority outside 1 to 1000; a local APIService (no service) with a caBundle or insecureSkipTLSVerify; a service without a namespace or name, a port outside 1 to 65535; insecureSkipTLSVerify beside a caBundle",
        "kube-aggregator apiregistration/validation ValidateAPIService, ValidateAPIServiceUpdate",
    ),
    (
        "PersistentVolume",
        "accessModes missing, unknown or ReadWriteOncePod beside others; a capacity missing, of other resources than storage, or not above zero; an unknown reclaim policy, or Recycle for a hostPath of /; a nodeAffinity without required terms, or terms as a pod's required node affinity refuses (label values only if the stored volume's were valid); no volume source, or a second one (a flexVolume is counted but not refused); the source's own rules as a pod volume's, and a PersistentVolume's: a glusterfs endpointsNamespace that is not a DNS label, cinder and storageos secret references without a namespace, an empty azureFile secretNamespace, an iscsi secretRef without a name or a volume name and portal over 64 characters with an initiator name, a local path missing or with '..' or without nodeAffinity, a csi volumeHandle missing and secret references without a name that is a DNS subdomain or a namespace that is a DNS label; a storageClassName or volumeAttributesClassName that is not a DNS subdomain (the latter empty, or without csi); an unknown volumeMode; the beta mount-options annotation on a source without mount options; on update a changed source (a csi controllerExpandSecretRef may be added), volumeMode or nodeAffinity (beta topology keys may become GA), an unset volumeAttributesClassName",
        "core/validation ValidatePersistentVolume, ValidatePersistentVolumeSpec, validateVolumeNodeAffinity, ValidateNodeSelector, validateGlusterfsPersistentVolumeSource, validateISCSIPersistentVolumeSource, validateCinderPersistentVolumeSource, validateAzureFilePV, validateLocalVolumeSource, validateStorageOSPersistentVolumeSource, validateCSIPersistentVolumeSource, validatePVSecretReference, ValidateCSIDriverName, ValidatePersistentVolumeUpdate, validatePvNodeAffinity; pkg/volume/validation checkMountOption",
    ),
    (
        "Endpoints",
        "a subset without addresses; an address whose IP does not parse, has an octet's leading zero or is IPv4-mapped IPv6, is unspecified, loopback or link-local; a hostname that is not a DNS label, a nodeName not a DNS subdomain; a port without a name beside others, with a name that is not a DNS label, a number outside 1 to 65535, an unknown protocol, an appProtocol that is not a qualified name (an update that leaves the subsets alone is not refused for them)",
        "core/validation ValidateEndpointsCreate, ValidateEndpointsUpdate, validateEndpointSubsets, validateEndpointAddress, ValidateEndpointIP, validateEndpointPort",
    ),
    (
        "EndpointSlice",
        "an addressType missing or other than FQDN, IPv4 and IPv6, or changed on update; more than 20000 ports, a port name that is not a DNS label or repeats, an unknown protocol, an appProtocol that is not a qualified name; more than 1000 endpoints, an endpoint without addresses or with more than 100; an IPv4 address that does not parse, has an octet's leading zero or is IPv4-mapped IPv6, an IPv6 address that is not strict and canonical, either of the other family (refused at the list's path, as upstream has it), unspecified, loopback or link-local; an FQDN address empty, not a DNS subdomain (less one trailing dot), of one segment or with a label over 63 characters; a nodeName not a DNS subdomain; a hostname not a DNS label; more than 8 zone or node hints, a hint named twice, a zone hint not a label value, a node hint not a DNS subdomain (an update that leaves the endpoints semantically alone is not refused for them; deprecatedTopology is cleared before validation)",
        "discovery/validation ValidateEndpointSliceCreate, ValidateEndpointSliceUpdate, ValidateEndpointSliceSpec, validateAddressType, validatePorts, validateEndpoints, validateHints; core/validation IsValidIPForLegacyField, ValidateEndpointIP, ValidateNodeName, ValidateDNS1123Label, ValidateQualifiedName, ValidateImmutableField; apimachinery IsValidIP, IsFullyQualifiedDomainName, IsValidLabelValue; registry/discovery/endpointslice dropTopologyOnV1",
    ),
    (
        "ResourceClaim, ResourceClaimTemplate (resource.k8s.io v1, v1beta2, and v1beta1 converted to v1's shape; a claim on create, a template on create and update)",
        "more than 32 requests, constraints or configurations; a request name that is not a DNS label or repeats; a request with neither or both of exactly and firstAvailable, more than 8 subrequests or a repeated subrequest name; a missing device class or one that is not a DNS subdomain; more than 32 selectors, a selector without cel, an expression over 10 KiB; an allocationMode other than All and ExactCount, a count with All or below 1 with ExactCount; a toleration key that is not a label name, a value with Exists or not a label value with Equal, an operator missing or other than Equal and Exists, an effect other than NoExecute, NoSchedule and None; a constraint or configuration request that is not a request (or request/subrequest) of the claim or repeats, a constraint without matchAttribute or distinctAttribute, an attribute name that is not a domain and a C identifier of at most 32 bytes; a configuration without opaque, an opaque driver that is not a CSI driver name, parameters missing, over 10 KiB or not a JSON object; a template's metadata other than labels and annotations",
        "resource/validation ValidateResourceClaim, ValidateResourceClaimTemplate, ValidateResourceClaimTemplateUpdate, validateResourceClaimSpec, validateDeviceClaim, validateDeviceRequest, validateDeviceSubRequest, validateExactDeviceRequest, validateDeviceAllocationMode, validateDeviceClass, validateSelectorSlice, validateSelector, validateCELSelector (its length), validateDeviceConstraint, validateDeviceClaimConfiguration, validateRequestNameRef, validateDeviceConfiguration, validateOpaqueConfiguration, validateRawExtension, validateFullyQualifiedName, validateQualifiedName, validateCIdentifier, validateDeviceToleration, validateSet, validateSlice; core/validation ValidateTemplateObjectMeta, ValidateCSIDriverName, ValidateDNS1123Label, ValidateDNS1123Subdomain; resource/v1beta1 Convert_v1beta1_DeviceRequest_To_resource_DeviceRequest",
    ),
    (
        "ResourceClaim (status writes)",
        "more than 256 reservedFor entries, one without resource, name or uid, a uid twice, entries without an allocation or added while the claim is being deleted; a new allocation's results (more than 32; a request not of the claim, a driver, pool or device name that is not valid, binding conditions, tolerations, a share ID that is not a lower-case RFC 4122 UUID), its configurations (more than 64, a source other than FromClaim and FromClass) and node selector; a device status twice, of a device not allocated, with an invalid name or share ID, more than 8 conditions or invalid ones, data that is not a JSON object of at most 10 KiB, an interface name over 256 bytes, a hardware address over 128, more than 16 IPs, one not an interface address in canonical form or given twice",
        "resource/validation ValidateResourceClaimStatusUpdate, validateResourceClaimStatusUpdate, validateResourceClaimUserReference, validateAllocationResult, validateDeviceAllocationResult, validateDeviceRequestAllocationResult, validateDeviceAllocationConfiguration, validateAllocationConfigSource, validateDeviceStatus, validateUID, validateNetworkDeviceData, validateDeviceBindingParameters; core/validation ValidateNodeSelector; apimachinery ValidateConditions, IsValidInterfaceAddress; google/uuid Validate",
    ),
    (
        "DeviceClass",
        "more than 32 selectors or configurations, a selector's or configuration's errors as a claim's, an extendedResourceName that is not an extended resource name",
        "resource/validation ValidateDeviceClass, ValidateDeviceClassUpdate, validateDeviceClassSpec, validateDeviceClassConfiguration; core/v1/helper IsExtendedResourceName",
    ),
    (
        "ResourceSlice (resource.k8s.io v1, v1beta2, and v1beta1 converted to v1's shape)",
        "a driver that is not a CSI driver name; a pool name missing, over 253 bytes or with a part that is not a DNS subdomain, a resourceSliceCount below 1, a negative generation; on update a changed pool name, driver or nodeName; an empty nodeName, a node name that is not a DNS subdomain, a node selector without exactly one term (or invalid), allNodes or perDeviceNodeSelection false, none or several of the four; both devices and sharedCounters; more than 128 devices (64 with taints, counter consumption or list attributes), a device name that is not a DNS label or repeats; more than 32 attributes and capacities or 48 attribute values on a device, an attribute or capacity name that is not valid, an attribute without exactly one value, a string over 64 bytes, a version that is not semver 2.0.0, an empty list; a request policy without allowMultipleAllocations, with both valid values and a range, without a default, with values unsorted, repeated, above the capacity or more than 10, a default not among them, a range's min, max, default and step out of order or off the step; more than 16 taints (unless unchanged), a taint key that is not a label name, a value not a label value, an effect missing or unknown; more than 2 counter consumptions, a counter set missing, not a DNS label or repeated, counters missing, more than 32 or not named by DNS labels; per-device node selection fields without perDeviceNodeSelection, or not exactly one of them with it; binding conditions and failure conditions (more than 4, not label names, repeated, overlapping, one without the other); a node-allocatable mapping of a resource that is not native, without a positive multiplier or with a capacity key the device lacks; more than 8 shared counter sets, one without a name or counters, a name repeated",
        "resource/validation ValidateResourceSlice, ValidateResourceSliceUpdate, validateResourceSliceSpec, validateResourcePool, validatePoolName, validateNodeName, validateDevice, validateDeviceAttribute, validateDeviceAttributeStringValue, validateDeviceAttributeVersionValue, validateMultiAllocatableDeviceCapacity, validateSingleAllocatableDeviceCapacity, validateRequestPolicy, validateValidRequestValues, validateRequestPolicyValidValues, validateRequestPolicyRange, validateRequestPolicyRangeStep, validateDeviceTaint, validateDeviceCounterConsumption, validateCounterSet, validateDeviceBindingParameters, validateNodeAllocatableResourceMappings, validateQualifiedName, validateMap; core/validation ValidateCSIDriverName, ValidateNodeSelector, ValidateImmutableField; resource/v1beta1 Convert_v1beta1_ResourceSliceSpec_To_resource_ResourceSliceSpec, Convert_v1beta1_Device_To_resource_Device",
    ),
    (
        "ResourceQuota",
        "hard limits whose names are not qualified names, or without a domain not standard quota resources, with negative values or a fraction for what is counted (object counts, extended resources); unknown scopes, scopes that do not apply to a hard limit, conflicting scopes (BestEffort with NotBestEffort, Terminating with NotTerminating), in spec.scopes or the scope selector, whose requirements also need Exists for the pod scopes and values as their operator asks; on update, changed scopes",
        "core/validation ValidateResourceQuotaSpec, ValidateResourceQuotaResourceName, ValidateResourceQuantityValue, validateResourceQuotaScopes, validateScopeSelector, ValidateResourceQuotaUpdate",
    ),
    (
        "ValidatingWebhookConfiguration, MutatingWebhookConfiguration",
        "webhooks whose name is missing, not a DNS subdomain or of fewer than three segments, or repeats; rules without operations, apiGroups, apiVersions or resources, with '*' beside others, unknown operations or scope, an empty version or resource, or resources a wildcard already covers; an unknown failurePolicy, matchPolicy or reinvocationPolicy; sideEffects missing or other than None and NoneOnDryRun (on update, any known class if the stored webhooks had one); a timeoutSeconds outside 1 to 30; invalid label selectors; a client config with neither or both of url and service, a url that does not parse, is not https, lacks a host or has userinfo, a fragment or a query, a service without a name or namespace (each reported at the other's path, as upstream's swapped arguments do), a port outside 1 to 65535 or a path with empty or non-DNS segments; admissionReviewVersions missing, repeated, not DNS-1035 labels or without v1 or v1beta1; more than 64 matchConditions, one without an expression or a qualified name, or a name repeated, an expression naming an undeclared variable (params, variables, self) or a field request or namespaceObject does not have",
        "admissionregistration/validation ValidateValidatingWebhookConfiguration, ValidateMutatingWebhookConfiguration and their Update (validateValidatingWebhook, validateMutatingWebhook, validateRuleWithOperations, validateRule, validateResources, validateAdmissionReviewVersions, validateMatchConditions), apimachinery IsFullyQualifiedName, apiserver util/webhook ValidateWebhookURL, ValidateWebhookService",
    ),
    (
        "ValidatingAdmissionPolicy",
        "a failurePolicy missing or unknown; a paramKind whose apiVersion is missing, has more than one slash, a group that is not a DNS subdomain or a version that is not a DNS-1035 label, or whose kind is missing or not one in lower case; matchConstraints missing, without resourceRules, or with a match policy, selector or rule as a webhook's refuses, or resource names that are not path segments or repeat; match conditions as a webhook's (unless an update leaves them and the paramKind as they were); variables without a name, with one that is not a CEL identifier, or without an expression; neither validations nor auditAnnotations; a validation without an expression, with a blank message or messageExpression, a message over several lines or an unknown reason; more than 20 auditAnnotations, a key that is not a qualified name after the policy's name (or any key when the policy has no name), or repeats, a valueExpression missing or over 5 KiB; expressions (match conditions, variables, validations, message expressions, audit annotation values) that name an undeclared variable (params without a paramKind, variables without variables or declared later, self) or a field request, namespaceObject or variables does not have (the other CEL compile errors are not modelled)",
        "admissionregistration/validation ValidateValidatingAdmissionPolicy, ValidateValidatingAdmissionPolicyUpdate (validateValidatingAdmissionPolicySpec, validateParamKind, validateMatchResources, validateNamedRuleWithOperations, validateMatchConditions, validateVariable, validateValidation, validateAuditAnnotation)",
    ),
    (
        "ValidatingAdmissionPolicyBinding",
        "a policyName missing or not a DNS subdomain; a paramRef with neither or both of a name (a path segment) and a selector, or a parameterNotFoundAction missing or other than Deny and Allow; matchResources as a policy's; validationActions missing, unknown, repeated, or Deny with Warn",
        "admissionregistration/validation ValidateValidatingAdmissionPolicyBinding (validateValidatingAdmissionPolicyBindingSpec, validateParamRef, validateMatchResources, validateValidationActions)",
    ),
    (
        "MutatingAdmissionPolicy",
        "a failurePolicy missing or unknown; a paramKind, matchConstraints, match conditions and variables as a ValidatingAdmissionPolicy's, and resource rules that match DELETE (each such operation reported at spec.matchConstraints.resourceRules.operations); no mutations; a mutation without a patchType or with one other than ApplyConfiguration and JSONPatch, without the patch its type names (applyConfiguration or jsonPatch), with the other one as well, or whose patch has no expression; a reinvocationPolicy missing or other than IfNeeded and Never; expressions (match conditions, variables) that do not compile as a ValidatingAdmissionPolicy's do (a mutation's expression, an Object{...} or JSONPatch{...} construction, is outside the engine's CEL subset: checked for syntax errors alone)",
        "admissionregistration/validation ValidateMutatingAdmissionPolicy, ValidateMutatingAdmissionPolicyUpdate (validateMutatingAdmissionPolicySpec, validateParamKind, validateMatchResources, validateNamedRuleWithOperations, validateMatchConditions, validateVariable, validateMutation, validateApplyConfiguration, validateJSONPatch)",
    ),
    (
        "MutatingAdmissionPolicyBinding",
        "a policyName missing or not a DNS subdomain; a paramRef as a ValidatingAdmissionPolicyBinding's; matchResources as a policy's, whose resource rules may not match DELETE",
        "admissionregistration/validation ValidateMutatingAdmissionPolicyBinding, ValidateMutatingAdmissionPolicyBindingUpdate (validateMutatingAdmissionPolicyBindingSpec, validateParamRef, validateMatchResources)",
    ),
    (
        "Role, ClusterRole",
        "a rule without verbs; a resource rule (one without nonResourceURLs) without apiGroups or resources; nonResourceURLs in a Role, or beside apiGroups, resources or resourceNames; a ClusterRole's aggregationRule without clusterRoleSelectors, or with one that is not a valid label selector",
        "rbac/validation ValidateRole, ValidateClusterRole, ValidatePolicyRule, apimachinery ValidateLabelSelector, LabelSelectorAsSelector",
    ),
    (
        "RoleBinding, ClusterRoleBinding",
        "a roleRef of another apiGroup, of a kind other than Role or ClusterRole (a ClusterRoleBinding: ClusterRole), without a name or with one that is not a path segment; subjects without a name, of a kind other than ServiceAccount, User and Group, with another apiGroup than their kind's, a service account whose name is not a DNS subdomain, a ClusterRoleBinding's service account without a namespace",
        "rbac/validation ValidateRoleBinding, ValidateClusterRoleBinding, ValidateRBACName, ValidateRoleBindingSubject, ValidateServiceAccountName",
    ),
    (
        "RoleBinding, ClusterRoleBinding",
        "an update that changes roleRef",
        "rbac/validation ValidateRoleBindingUpdate, ValidateClusterRoleBindingUpdate",
    ),
];

impl KindValidation {
    /// The validation of a built-in kind by its code in `table`, the
    /// catalogue's `objectMeta` (`tools/objectmeta/generate.py`): the name
    /// function of the `ValidateObjectMeta` its strategy calls (`s`
    /// subdomain, `l` DNS label, `d` DNS-1035 label, `p` path segment, `c`
    /// CustomResourceDefinition's, `a` APIService's, `k` a config map key,
    /// `v` StorageVersion's, `t` ClusterTrustBundle's, `i` IPAddress's, `w` a subdomain
    /// without the generateName check, `n` not modelled,
    /// `r` none), upper-case when it is core/validation's. `None` for what is
    /// not stored (no code).
    pub fn for_kind(
        api_version: &str,
        kind: &str,
        table: Option<&Value>,
    ) -> Option<KindValidation> {
        let group = api_version.rsplit_once('/').map_or("", |(g, _)| g);
        let code = *table?
            .get(&format!("{group}/{kind}"))?
            .as_str()?
            .as_bytes()
            .first()?;
        let rule = match code.to_ascii_lowercase() {
            b's' => Some(NameRule::Subdomain),
            b'l' => Some(NameRule::Label),
            b'd' => Some(NameRule::Dns1035),
            b'p' => Some(NameRule::PathSegment),
            b'c' => Some(NameRule::Crd),
            b'a' => Some(NameRule::ApiService),
            b'k' => Some(NameRule::ConfigMapKey),
            b'v' => Some(NameRule::StorageVersion),
            b't' => Some(NameRule::TrustBundle),
            b'i' => Some(NameRule::Ip),
            b'w' => Some(NameRule::LongName),
            b'n' => Some(NameRule::Any),
            _ => None,
        };
        let meta = rule.map(|rule| (rule, code.is_ascii_uppercase()));
        let v1beta1 = api_version == "resource.k8s.io/v1beta1";
        let spec = match (group, kind) {
            ("apps", "Deployment") => Spec::Workload(Workload::Deployment),
            ("apps", "ReplicaSet") => Spec::Workload(Workload::ReplicaSet),
            ("apps", "DaemonSet") => Spec::Workload(Workload::DaemonSet),
            ("apps", "StatefulSet") => Spec::Workload(Workload::StatefulSet),
            ("", "ReplicationController") => Spec::ReplicationController,
            ("", "Namespace") => Spec::Namespace,
            ("", "Pod") => Spec::Pod,
            ("", "Service") => Spec::Service,
            ("", "ConfigMap") => Spec::ConfigMap,
            ("", "Secret") => Spec::Secret,
            ("", "PersistentVolumeClaim") => Spec::PersistentVolumeClaim,
            ("", "PersistentVolume") => Spec::PersistentVolume,
            ("", "LimitRange") => Spec::LimitRange,
            ("", "ResourceQuota") => Spec::ResourceQuota,
            ("", "Endpoints") => Spec::Endpoints,
            ("discovery.k8s.io", "EndpointSlice") => Spec::EndpointSlice,
            ("resource.k8s.io", "DeviceClass") => Spec::DeviceClass,
            ("resource.k8s.io", "ResourceClaim") => Spec::ResourceClaim { v1beta1 },
            ("resource.k8s.io", "ResourceClaimTemplate") => Spec::ResourceClaimTemplate { v1beta1 },
            ("resource.k8s.io", "ResourceSlice") => Spec::ResourceSlice { v1beta1 },
            ("apiregistration.k8s.io", "APIService") => Spec::ApiService,
            ("networking.k8s.io", "Ingress") => Spec::Ingress,
            ("networking.k8s.io", "NetworkPolicy") => Spec::NetworkPolicy,
            ("networking.k8s.io", "IngressClass") => Spec::IngressClass,
            ("node.k8s.io", "RuntimeClass") => Spec::RuntimeClass,
            ("flowcontrol.apiserver.k8s.io", "FlowSchema") => Spec::FlowSchema,
            ("flowcontrol.apiserver.k8s.io", "PriorityLevelConfiguration") => {
                Spec::PriorityLevelConfiguration
            }
            ("autoscaling", "HorizontalPodAutoscaler") => Spec::HorizontalPodAutoscaler,
            ("batch", "Job") => Spec::Job,
            ("batch", "CronJob") => Spec::CronJob,
            ("certificates.k8s.io", "CertificateSigningRequest") => Spec::CertificateSigningRequest,
            ("rbac.authorization.k8s.io", _) => Spec::Rbac,
            ("storage.k8s.io", "StorageClass") => Spec::StorageClass,
            ("storage.k8s.io", "CSIDriver") => Spec::CsiDriver,
            ("storage.k8s.io", "VolumeAttributesClass") => Spec::VolumeAttributesClass,
            ("storage.k8s.io", "VolumeAttachment") => Spec::VolumeAttachment,
            ("storage.k8s.io", "CSINode") => Spec::CsiNode,
            ("storage.k8s.io", "CSIStorageCapacity") => Spec::CsiStorageCapacity,
            ("policy", "PodDisruptionBudget") => Spec::PodDisruptionBudget,
            ("scheduling.k8s.io", "PriorityClass") => Spec::PriorityClass,
            ("" | "events.k8s.io", "Event") => Spec::Event,
            ("apiextensions.k8s.io", "CustomResourceDefinition") => Spec::CustomResourceDefinition,
            ("admissionregistration.k8s.io", "ValidatingWebhookConfiguration") => {
                Spec::WebhookConfiguration { mutating: false }
            }
            ("admissionregistration.k8s.io", "MutatingWebhookConfiguration") => {
                Spec::WebhookConfiguration { mutating: true }
            }
            ("admissionregistration.k8s.io", "ValidatingAdmissionPolicy") => {
                Spec::ValidatingAdmissionPolicy
            }
            ("admissionregistration.k8s.io", "ValidatingAdmissionPolicyBinding") => {
                Spec::ValidatingAdmissionPolicyBinding
            }
            ("admissionregistration.k8s.io", "MutatingAdmissionPolicy") => {
                Spec::MutatingAdmissionPolicy
            }
            ("admissionregistration.k8s.io", "MutatingAdmissionPolicyBinding") => {
                Spec::MutatingAdmissionPolicyBinding
            }
            _ => Spec::None,
        };
        let group_kind = if group.is_empty() {
            kind.to_string()
        } else {
            format!("{kind}.{group}")
        };
        Some(KindValidation {
            group_kind,
            meta,
            spec,
        })
    }

    /// The field errors of `new` (replacing `old`), in upstream's order.
    fn errors(&self, old: Option<&Value>, new: &Value) -> Vec<field::FieldError> {
        // An Event's create runs legacyValidateEvent before its metadata.
        #[cfg(feature = "rare-kinds")]
        let events_api = self.group_kind != "Event";
        #[cfg(feature = "rare-kinds")]
        let mut errs = match (self.spec, old) {
            (Spec::Event, None) => events::legacy(new, events_api),
            _ => Vec::new(),
        };
        #[cfg(not(feature = "rare-kinds"))]
        let mut errs = Vec::new();
        errs.extend(match (old, self.meta) {
            (None, Some((rule, kube))) => meta::object_meta(new, rule, kube),
            (None, None) => Vec::new(),
            (Some(old), _) => self.update_meta_errors(new, old),
        });
        match (self.spec, old) {
            (Spec::Workload(w), _) => errs.extend(apps::spec(w, new, old)),
            // The strategy's ValidateUpdate runs ValidateReplicationController
            // and ValidateReplicationControllerUpdate: the same spec errors
            // twice, which the message's aggregate prints once.
            (Spec::ReplicationController, _) => errs.extend(core::replication_controller(new)),
            // ValidatePodCreate → ValidatePodSpec.
            (Spec::Pod, None) => {
                errs.extend(core::pod_spec(new.get("spec"), "spec"));
                errs.extend(pod::pod_only(new.get("spec"), true));
            }
            // ValidatePodUpdate validates the new spec as a create does
            // (`validatePodMetadataAndSpec`), then what changed.
            (Spec::Pod, Some(old)) => {
                errs.extend(core::pod_spec(new.get("spec"), "spec"));
                errs.extend(pod::pod_only(new.get("spec"), false));
                errs.extend(pod::update(old, new));
            }
            // ValidateNamespace; ValidateNamespaceUpdate checks only the
            // metadata.
            (Spec::Namespace, None) => errs.extend(namespace::spec_finalizers(new)),
            (Spec::Namespace, Some(_)) => {}
            #[cfg(feature = "rare-kinds")]
            (Spec::Service, _) => errs.extend(service::errors(new, old)),
            (Spec::ConfigMap, _) => errs.extend(core::config_map(new, old)),
            (Spec::Secret, _) => errs.extend(core::secret(new, old)),
            (Spec::PersistentVolumeClaim, _) => errs.extend(pvc::errors(old, new)),
            #[cfg(feature = "rare-kinds")]
            (Spec::PersistentVolume, _) => {
                errs.extend(persistent_volume::persistent_volume(new, old));
            }
            #[cfg(feature = "rare-kinds")]
            (Spec::Ingress, _) => errs.extend(networking::ingress(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::NetworkPolicy, _) => errs.extend(networking::network_policy(new)),
            #[cfg(feature = "rare-kinds")]
            (Spec::IngressClass, _) => errs.extend(networking::ingress_class(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::RuntimeClass, _) => errs.extend(node::runtime_class(new, old)),
            // ValidateFlowSchema, ValidatePriorityLevelConfiguration: the
            // update functions call them on the new object alone.
            #[cfg(feature = "rare-kinds")]
            (Spec::FlowSchema, _) => errs.extend(flowcontrol::flow_schema(new)),
            #[cfg(feature = "rare-kinds")]
            (Spec::PriorityLevelConfiguration, _) => {
                errs.extend(flowcontrol::priority_level_configuration(new));
            }
            (Spec::HorizontalPodAutoscaler, _) => {
                errs.extend(autoscaling::horizontal_pod_autoscaler(new, old));
            }
            #[cfg(feature = "rare-kinds")]
            (Spec::Job, _) => errs.extend(batch::job(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::CronJob, _) => errs.extend(batch::cron_job(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::CertificateSigningRequest, _) => errs.extend(certificates::csr(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::Rbac, _) => errs.extend(rbac::errors(&self.group_kind, new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::StorageClass, _) => errs.extend(storage::storage_class(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::CsiDriver, _) => errs.extend(storage::csi_driver(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::VolumeAttributesClass, _) => {
                errs.extend(storage::volume_attributes_class(new, old));
            }
            #[cfg(feature = "rare-kinds")]
            (Spec::VolumeAttachment, _) => errs.extend(storage::volume_attachment(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::CsiNode, _) => errs.extend(storage::csi_node(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::CsiStorageCapacity, _) => {
                errs.extend(storage::csi_storage_capacity(new, old));
            }
            // ValidateLimitRange, which the update runs again.
            #[cfg(feature = "rare-kinds")]
            (Spec::LimitRange, _) => errs.extend(limit_range::limit_range(new)),
            #[cfg(feature = "rare-kinds")]
            (Spec::ResourceQuota, _) => errs.extend(resource_quota::resource_quota(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::Endpoints, _) => errs.extend(endpoints::endpoints(new, old)),
            #[cfg(feature = "rare-kinds")]
            (Spec::EndpointSlice, _) => errs.extend(discovery::endpoint_slice(new, old)),
            // ValidateDeviceClass, and on update ValidateDeviceClassUpdate,
            // whose spec errors are the create's again.
            #[cfg(feature = "rare-kinds")]
            (Spec::DeviceClass, _) => errs.extend(dra::device_class(new)),
            #[cfg(feature = "rare-kinds")]
            (Spec::ResourceClaim { v1beta1 }, _) => {
                errs.extend(dra::resource_claim(new, old, v1beta1));
            }
            // ValidateResourceClaimTemplate, which the update runs again
            // before ValidateResourceClaimTemplateUpdate's immutable spec.
            #[cfg(feature = "rare-kinds")]
            (Spec::ResourceClaimTemplate { v1beta1 }, _) => {
                errs.extend(dra::resource_claim_template(new, old, v1beta1));
            }
            #[cfg(feature = "rare-kinds")]
            (Spec::ResourceSlice { v1beta1 }, _) => {
                errs.extend(dra::resource_slice(new, old, v1beta1));
            }
            // ValidateAPIService, which the update runs again.
            #[cfg(feature = "rare-kinds")]
            (Spec::ApiService, _) => errs.extend(api_service::api_service(new)),
            #[cfg(feature = "rare-kinds")]
            (Spec::PodDisruptionBudget, _) => errs.extend(policy::pod_disruption_budget(new)),
            #[cfg(feature = "rare-kinds")]
            (Spec::PriorityClass, _) => errs.extend(scheduling::priority_class(new, old)),
            // ValidateEventCreate, ValidateEventUpdate: through the core
            // API the legacy rules alone.
            #[cfg(feature = "rare-kinds")]
            (Spec::Event, None) if events_api => errs.extend(events::create(new)),
            #[cfg(feature = "rare-kinds")]
            (Spec::Event, Some(old)) => {
                errs.extend(events::legacy(new, events_api));
                if events_api {
                    errs.extend(events::update(new, old));
                }
            }
            #[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
            (Spec::CustomResourceDefinition, _) => {
                errs.extend(apiextensions::custom_resource_definition(new, old));
            }
            #[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
            (Spec::WebhookConfiguration { mutating }, _) => {
                errs.extend(admission::webhook_configuration(new, old, mutating));
            }
            #[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
            (Spec::ValidatingAdmissionPolicy, _) => {
                errs.extend(admission::validating_admission_policy(new, old));
            }
            #[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
            (Spec::ValidatingAdmissionPolicyBinding, _) => {
                errs.extend(admission::policy_binding(new, false));
            }
            #[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
            (Spec::MutatingAdmissionPolicy, _) => {
                errs.extend(admission::mutating_admission_policy(new, old));
            }
            #[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
            (Spec::MutatingAdmissionPolicyBinding, _) => {
                errs.extend(admission::policy_binding(new, true));
            }
            // Without `rare-kinds`: the metadata alone (the page asks the
            // API package instead, see `Spec::is_rare`).
            _ => {}
        }
        if old.is_none() {
            // `rest.BeforeCreate`: the registry's own pass once the
            // strategy's validation passed.
            if errs.is_empty() {
                errs = meta::object_meta(new, NameRule::PathSegment, false);
            }
        }
        errs
    }
}

impl KindValidation {
    /// The validator of a built-in kind in a build: this validation, or,
    /// for a kind whose rules this build leaves out (`rare-kinds`), the
    /// JavaScript API package's when a delegate is set.
    pub(crate) fn validator(self, api_version: &str, kind: &str) -> Arc<dyn Validator> {
        let rare = self.spec.is_rare() || self.meta.is_some_and(|(rule, _)| rule.is_rare());
        let pods = matches!(
            self.spec,
            Spec::Workload(_) | Spec::Pod | Spec::ReplicationController
        );
        if !cfg!(feature = "rare-kinds")
            && (rare || pods)
            && let Some(delegated) = crate::delegated::validator(
                "validateBuiltin",
                vec![Value::from(api_version), Value::from(kind)],
            )
        {
            if rare {
                return delegated;
            }
            return Arc::new(RarePodFields {
                local: self,
                delegated,
            });
        }
        Arc::new(self)
    }

    /// The metadata's errors on update: `validateCommonFields` first,
    /// then the strategy's `ValidateObjectMetaUpdate` (whose errors are
    /// the same, but for core/validation's finalizer names).
    fn update_meta_errors(&self, new: &Value, old: &Value) -> Vec<field::FieldError> {
        let kube = self.meta.is_some_and(|(_, kube)| kube);
        meta::object_meta_update(new, old, kube)
    }

    /// `NewInvalid`'s message of `errors`, if any.
    fn refusal(&self, new: &Value, errors: &[field::FieldError]) -> Result<(), String> {
        let name = new
            .get_path(&["metadata", "name"])
            .and_then(Value::as_str)
            .unwrap_or("");
        match field::invalid_message(&self.group_kind, name, errors) {
            Some(message) => Err(message),
            None => Ok(()),
        }
    }
}

/// The pod spec fields whose rules are the `rare-kinds` feature: the
/// Windows options' own and a host-process pod's, the sysctls'
/// (`security`), the container restart rules' (`core`), a host name
/// override's (`podspec`), and the in-tree volume plugins' beyond their
/// required fields (`volumes`).
const DELEGATED_POD_FIELDS: [&str; 14] = [
    "windowsOptions",
    "sysctls",
    "restartPolicyRules",
    "hostnameOverride",
    "gcePersistentDisk",
    "awsElasticBlockStore",
    "iscsi",
    "flocker",
    "cinder",
    "storageos",
    "quobyte",
    "fc",
    "flexVolume",
    "azureDisk",
];

/// A kind with a pod spec in a build without `rare-kinds` (the page): a
/// write that sets one of `DELEGATED_POD_FIELDS` anywhere is asked of
/// the delegate, whose build checks them; any other write, and every
/// `/status` write, is validated here.
struct RarePodFields {
    local: KindValidation,
    delegated: Arc<dyn Validator>,
}

impl Validator for RarePodFields {
    fn validate(&self, old: Option<&Value>, new: &Value) -> Result<(), String> {
        if has_any_key(new, &DELEGATED_POD_FIELDS) {
            self.delegated.validate(old, new)
        } else {
            self.local.validate(old, new)
        }
    }

    fn validate_status(&self, old: &Value, new: &Value) -> Result<(), String> {
        self.local.validate_status(old, new)
    }
}

/// Whether `value` holds one of `keys`, set, at any depth (one walk).
fn has_any_key(value: &Value, keys: &[&str]) -> bool {
    match value {
        Value::Map(map) => map
            .iter()
            .any(|(k, v)| keys.contains(&k.as_str()) && !v.is_null() || has_any_key(v, keys)),
        Value::List(items) => items.iter().any(|v| has_any_key(v, keys)),
        _ => false,
    }
}

impl Validator for KindValidation {
    fn validate(&self, old: Option<&Value>, new: &Value) -> Result<(), String> {
        #[cfg(feature = "rare-kinds")]
        if matches!(self.spec, Spec::CronJob) && batch::schedule_panics(new) {
            return Err(batch::PANIC.to_string());
        }
        self.refusal(new, &self.errors(old, new))
    }

    /// A status strategy validates the metadata's update (after the
    /// registry's `validateCommonFields`) and the status, not the spec
    /// (which the write cannot change): the workloads' status counts
    /// (`apps::status`), a Job's status (`batch::job_status`), a Pod's
    /// (`pod_status`), a Service's or an Ingress's load balancer status, a
    /// PodDisruptionBudget's or an HPA's counts (and the former's
    /// conditions), a FlowSchema's or PriorityLevelConfiguration's
    /// condition types, a VolumeAttachment's whole update validation
    /// (its spec the stored one), a ResourceClaim's status; a
    /// CertificateSigningRequest's status strategy
    /// runs its whole validation. Other kinds' status rules are not
    /// modelled.
    fn validate_status(&self, old: &Value, new: &Value) -> Result<(), String> {
        if cfg!(feature = "rare-kinds") && self.spec == Spec::CertificateSigningRequest {
            return self.validate(Some(old), new);
        }
        let mut errs = self.update_meta_errors(new, old);
        match self.spec {
            Spec::Workload(w) => errs.extend(apps::status(w, new, old)),
            // ValidateReplicationControllerStatus: a ReplicaSet's rules.
            Spec::ReplicationController => {
                errs.extend(apps::status(Workload::ReplicaSet, new, old));
            }
            #[cfg(feature = "rare-kinds")]
            Spec::Job => errs.extend(batch::job_status(new, old)),
            Spec::Namespace => errs.extend(namespace::status(new)),
            Spec::Pod => errs.extend(pod_status::pod_status(new, old)),
            #[cfg(feature = "rare-kinds")]
            Spec::Service => errs.extend(service::status(new, old)),
            #[cfg(feature = "rare-kinds")]
            Spec::Ingress => errs.extend(networking::ingress_status(new, old)),
            #[cfg(feature = "rare-kinds")]
            Spec::PodDisruptionBudget => errs.extend(policy::pod_disruption_budget_status(new)),
            // ValidateFlowSchemaStatusUpdate,
            // ValidatePriorityLevelConfigurationStatusUpdate.
            #[cfg(feature = "rare-kinds")]
            Spec::FlowSchema | Spec::PriorityLevelConfiguration => {
                errs.extend(flowcontrol::status(new));
            }
            // The status strategy's ValidateUpdate is the main
            // resource's: ValidateVolumeAttachment (the spec is the stored
            // one) and ValidateVolumeAttachmentUpdate.
            #[cfg(feature = "rare-kinds")]
            Spec::VolumeAttachment => errs.extend(storage::volume_attachment(new, Some(old))),
            // ValidateResourceClaimStatusUpdate.
            #[cfg(feature = "rare-kinds")]
            Spec::ResourceClaim { v1beta1 } => {
                errs.extend(dra::resource_claim_status(new, old, v1beta1));
            }
            #[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
            Spec::CustomResourceDefinition => {
                errs.extend(apiextensions::custom_resource_definition_status(new));
            }
            // ValidateHorizontalPodAutoscalerStatusUpdate.
            Spec::HorizontalPodAutoscaler => errs.extend(field::non_negative(
                new.get("status"),
                "status",
                &["currentReplicas", "desiredReplicas"],
            )),
            _ => {}
        }
        self.refusal(new, &errs)
    }
}

/// The string at `key` of `object` (`""` when absent or not a string).
fn text<'a>(object: &'a Value, key: &str) -> &'a str {
    object.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The field `key` of `parent`, unless absent or null (a nil pointer):
/// one out-of-line function for the kinds' rules, instead of a closure of
/// their own in each (its copy in the page's wasm).
#[inline(never)]
fn at<'a>(parent: Option<&'a Value>, key: &str) -> Option<&'a Value> {
    parent.and_then(|p| p.get(key)).filter(|v| !v.is_null())
}

/// The items of a list (none when absent or not a list).
fn items(list: Option<&Value>) -> &[Value] {
    list.and_then(Value::as_list).map_or(&[], Vec::as_slice)
}

/// The containers of `spec` as `VisitContainersWithPath` walks them (init
/// containers, containers, ephemeral containers), each with its path.
fn each_container(spec: &Value, path: &str, mut visit: impl FnMut(&Value, &str)) {
    for list in ["initContainers", "containers", "ephemeralContainers"] {
        for (i, container) in items(spec.get(list)).iter().enumerate() {
            visit(container, &field::index(&field::child(path, list), i));
        }
    }
}

#[cfg(test)]
mod tests;

/// Answers a build without `rare-kinds` (see `crate::delegated`): the
/// request `[apiVersion, kind, old, new, status]` as JSON, about a
/// built-in kind the catalogue names; the refusal's message, or `None`
/// when the write passes (or the request cannot be read).
#[cfg(feature = "rare-kinds")]
pub fn answer_delegated(request: &str) -> Option<String> {
    let (identity, old, new, status) = crate::delegated::parse_request(request, 2)?;
    let [api_version, kind] = identity.as_slice() else {
        return None;
    };
    let (api_version, kind) = (api_version.as_str()?, kind.as_str()?);
    let table = crate::builtin::catalogue()?.object_meta.as_ref();
    let validation = KindValidation::for_kind(api_version, kind, table)?;
    let answer = match (&old, status) {
        (Some(old), true) => validation.validate_status(old, &new),
        _ => validation.validate(old.as_ref(), &new),
    };
    answer.err()
}
