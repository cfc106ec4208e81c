#!/usr/bin/env python3
"""Writes the engine's table of how each built-in kind's metadata is
validated: the `objectMeta` map of the built-in catalogue,
crates/ssa-engine/src/builtin/catalogue.json (the web app fetches that
file at run time, so the table stays out of its wasm).

Each stored kind `GROUP/KIND` (`/ConfigMap` for the core group) maps to a
one-letter code for the `ValidateObjectMeta` its registry strategy calls
on create (Kubernetes 1.36):

    s  NameIsDNSSubdomain            l  NameIsDNSLabel
    d  NameIsDNS1035Label            p  path.IsValidPathSegmentName
    c  CustomResourceDefinition's    a  APIService's
    k  IsConfigMapKey (LeaseCandidate)
    v  StorageVersion's <group>.<resource>
    t  ClusterTrustBundle's, by its signer name
    i  IPAddress's: IsValidIP
    w  a DNS subdomain by ValidateObjectMetaWithOpts (no generateName check)
    n  a name function not modelled (or one that accepts every name)
    r  none: the strategy validates no metadata

An upper-case letter when the function is pkg/apis/core/validation's
`ValidateObjectMeta` (which adds `validateKubeFinalizerName`, on update
too), lower-case when it is apimachinery's. Every kind also gets the
registry's own pass (rest.BeforeCreate, validateCommonFields), which the
engine applies whatever the code. A kind that is not stored (lists,
reviews, subresource kinds) has no entry and is not validated.

The table is written from the sources named beside each entry, read for
Kubernetes 1.36 (kubernetes/kubernetes pkg/apis/<group>/validation,
apiextensions-apiserver and kube-aggregator v0.36); it is data, not
derived: check it against those files when the release changes.

Usage: python3 tools/objectmeta/generate.py
Standard library only.
"""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "crates", "ssa-engine", "src", "builtin", "catalogue.json")

# Kinds validated by core/validation's ValidateObjectMeta with
# NameIsDNSSubdomain (or a name function that is it).
SUBDOMAIN_CORE = [
    # core/validation: ValidateConfigMapName, ValidateEndpointsName,
    # ValidateLimitRangeName, ValidateNodeName, ValidatePersistentVolumeName
    # (PV and PVC), ValidatePodName (Pod, PodTemplate),
    # ValidateReplicationControllerName, ValidateResourceQuotaName,
    # ValidateSecretName, ValidateServiceAccountName.
    "/ConfigMap", "/Endpoints", "/LimitRange", "/Node", "/PersistentVolume",
    "/PersistentVolumeClaim", "/Pod", "/PodTemplate", "/ReplicationController",
    "/ResourceQuota", "/Secret", "/ServiceAccount",
    # apps/validation: ValidateControllerRevisionName, ValidateDaemonSetName,
    # ValidateDeploymentName, ValidateReplicaSetName, ValidateStatefulSetName.
    "apps/ControllerRevision", "apps/DaemonSet", "apps/Deployment", "apps/ReplicaSet",
    "apps/StatefulSet",
    # autoscaling/validation ValidateHorizontalPodAutoscalerName.
    "autoscaling/HorizontalPodAutoscaler",
    # batch/validation ValidateJob, ValidateCronJobCreate
    # (ValidateReplicationControllerName; a CronJob also at most 52
    # characters, which the engine adds by kind).
    "batch/CronJob", "batch/Job",
    # certificates/validation ValidatePodCertificateRequestCreate.
    "certificates.k8s.io/PodCertificateRequest",
    # discovery/validation ValidateEndpointSliceName.
    "discovery.k8s.io/EndpointSlice",
    # core/validation ValidateEventCreate: events.k8s.io/v1 requests only.
    "events.k8s.io/Event",
    # flowcontrol/validation ValidateFlowSchemaName,
    # ValidatePriorityLevelConfigurationName.
    "flowcontrol.apiserver.k8s.io/FlowSchema",
    "flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration",
    # networking/validation ValidateIngressName, ValidateIngressClassName,
    # ValidateNetworkPolicyName, ValidateServiceCIDRName.
    "networking.k8s.io/Ingress", "networking.k8s.io/IngressClass",
    "networking.k8s.io/NetworkPolicy", "networking.k8s.io/ServiceCIDR",
    # resource/validation: NameIsDNSSubdomain (DeviceTaintRule,
    # ResourcePoolStatusRequest, ResourceSlice), ValidateResourceClaimName,
    # ValidateResourceClaimTemplateName. (DeviceClass: below.)
    "resource.k8s.io/DeviceTaintRule",
    "resource.k8s.io/ResourceClaim", "resource.k8s.io/ResourceClaimTemplate",
    "resource.k8s.io/ResourcePoolStatusRequest", "resource.k8s.io/ResourceSlice",
    # scheduling/validation ValidatePriorityClass, validateWorkloadName.
    "scheduling.k8s.io/PriorityClass", "scheduling.k8s.io/Workload",
    # storage/validation ValidateCSIDriverName, ValidateNodeName (CSINode),
    # ValidateStorageCapacityName, ValidateClassName (StorageClass,
    # VolumeAttachment, VolumeAttributesClass).
    "storage.k8s.io/CSIDriver", "storage.k8s.io/CSINode", "storage.k8s.io/CSIStorageCapacity",
    "storage.k8s.io/StorageClass", "storage.k8s.io/VolumeAttachment",
    "storage.k8s.io/VolumeAttributesClass",
    # storagemigration/validation ValidateStorageVersionMigration.
    "storagemigration.k8s.io/StorageVersionMigration",
]

OTHERS = {
    # core/validation ValidateNamespaceName (NameIsDNSLabel);
    # ValidateServiceCreate: NameIsDNSLabel while RelaxedServiceNameValidation
    # is on (beta and on by default since 1.36, KEP-5311; kube_features.go
    # of the 1.37 cycle, AIAgentSandox/kubernetes@db1f817b), else
    # ValidateServiceName (NameIsDNS1035Label).
    "/Namespace": "L",
    "/Service": "L",
    # core/validation ValidateEventCreate: a core/v1 request gets
    # legacyValidateEvent alone.
    "/Event": "r",
    # policy/validation ValidatePodDisruptionBudget: the spec alone.
    "policy/PodDisruptionBudget": "r",
    # admissionregistration/validation: genericvalidation.ValidateObjectMeta
    # with NameIsDNSSubdomain (ValidateMutatingAdmissionPolicy and
    # ValidateMutatingAdmissionPolicyBinding too, read in a 1.34-1.36
    # revision).
    "admissionregistration.k8s.io/MutatingWebhookConfiguration": "s",
    "admissionregistration.k8s.io/ValidatingWebhookConfiguration": "s",
    "admissionregistration.k8s.io/ValidatingAdmissionPolicy": "s",
    "admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding": "s",
    "admissionregistration.k8s.io/MutatingAdmissionPolicy": "s",
    "admissionregistration.k8s.io/MutatingAdmissionPolicyBinding": "s",
    # apiextensions-apiserver ValidateCustomResourceDefinition: a DNS
    # subdomain, spec.names.plural+"."+spec.group.
    "apiextensions.k8s.io/CustomResourceDefinition": "c",
    # kube-aggregator ValidateAPIService: a path segment,
    # spec.version+"."+spec.group.
    "apiregistration.k8s.io/APIService": "a",
    # coordination/validation ValidateLease (apimachinery's, subdomain),
    # ValidateLeaseCandidate (ValidLeaseCandidateName: IsConfigMapKey).
    "coordination.k8s.io/Lease": "s",
    "coordination.k8s.io/LeaseCandidate": "k",
    # node/validation ValidateRuntimeClass (apimachinery's, subdomain).
    "node.k8s.io/RuntimeClass": "s",
    # rbac/validation ValidateRBACName (path.IsValidPathSegmentName).
    "rbac.authorization.k8s.io/Role": "P",
    "rbac.authorization.k8s.io/ClusterRole": "P",
    "rbac.authorization.k8s.io/RoleBinding": "P",
    "rbac.authorization.k8s.io/ClusterRoleBinding": "P",
    # apiserverinternal/validation ValidateStorageVersionName
    # (<group>.<resource>); its update validates no metadata, so it counts
    # as apimachinery's here (no finalizer-name check).
    "internal.apiserver.k8s.io/StorageVersion": "v",
    # certificates/validation ValidateCertificateRequestName (every name),
    # ValidateClusterTrustBundleName (by the signer name).
    "certificates.k8s.io/CertificateSigningRequest": "N",
    "certificates.k8s.io/ClusterTrustBundle": "T",
    # resource/validation ValidateDeviceClass: core/validation's
    # ValidateObjectMetaWithOpts with a DNS subdomain (validate.LongName),
    # which leaves generateName unchecked.
    "resource.k8s.io/DeviceClass": "W",
    # networking/validation ValidateIPAddressName (IsValidIP's details).
    "networking.k8s.io/IPAddress": "I",
    # scheduling/validation ValidatePodGroup: core/validation's
    # ValidateObjectMeta with ValidatePodGroupName, NameIsDNSSubdomain
    # (both read in the 1.37 cycle's sources, AIAgentSandox/kubernetes
    # @64149d12, as the core/validation rules are).
    "scheduling.k8s.io/PodGroup": "S",
}


def main():
    table = {kind: "S" for kind in SUBDOMAIN_CORE}
    table.update(OTHERS)
    with open(OUT) as f:
        catalogue = json.load(f)
    catalogue["objectMeta"] = dict(sorted(table.items()))
    with open(OUT, "w") as f:
        json.dump(catalogue, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    print(f"{len(table)} kinds -> {OUT}")


if __name__ == "__main__":
    main()
