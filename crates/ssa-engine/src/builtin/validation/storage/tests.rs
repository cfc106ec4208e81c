//! The rules of the objects CSI components write (`storage/csi.rs`) with
//! the server's messages: each test names the upstream function of
//! `pkg/apis/storage/validation/validation.go` (or of core's, for an
//! inline volume) it checks. Objects are defaulted first, as the server
//! validates them; the scenario test goes through a whole write.

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use super::super::tests::{apply_one, errors_of};
use crate::schema::{Defaulter, Validator};
use crate::value::Value;

const API: &str = "storage.k8s.io/v1";

/// `IsDNS1123Subdomain`'s message.
const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// `IsQualifiedName`'s message for a bad name part.
const NAME_PART: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/// `IsValidLabelValue`'s message.
const LABEL_VALUE: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/// A `kind` named `name` with `body` (YAML lines after the metadata),
/// defaulted when the kind has defaults; in the default namespace when it
/// is a CSIStorageCapacity (the others are cluster-scoped).
fn object(kind: &str, name: &str, body: &str) -> Value {
    let namespace = if kind == "CSIStorageCapacity" {
        ", namespace: default"
    } else {
        ""
    };
    let mut object = crate::yaml::parse(&format!(
        "apiVersion: {API}\nkind: {kind}\nmetadata: {{name: {name}{namespace}}}\n{body}"
    ))
    .unwrap()
    .value;
    if let Some(defaults) = crate::builtin::defaults::KindDefaults::for_kind(API, kind) {
        defaults.apply_defaults(&mut object, "");
    }
    object
}

/// A VolumeAttachment named `va-1` with `spec` (a YAML flow mapping).
fn attachment(spec: &str) -> Value {
    object("VolumeAttachment", "va-1", &format!("spec: {spec}\n"))
}

/// The errors of creating a VolumeAttachment with `spec`.
fn create_attachment(spec: &str) -> Option<String> {
    errors_of(API, "VolumeAttachment", None, &attachment(spec))
}

/// A CSINode named `node-1` with `drivers` (a YAML flow list).
fn csi_node(drivers: &str) -> Value {
    object(
        "CSINode",
        "node-1",
        &format!("spec: {{drivers: {drivers}}}\n"),
    )
}

/// A CSIStorageCapacity named `capacity-1` with `fields` (YAML lines).
fn capacity(fields: &str) -> Value {
    object("CSIStorageCapacity", "capacity-1", fields)
}

/// The validation of `kind`, as the registry runs it.
fn validation(kind: &str) -> KindValidation {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    KindValidation::for_kind(API, kind, table).unwrap()
}

/// What the attach/detach controller writes passes: a PersistentVolume's
/// attachment, a migrated inline volume's (a CSI source, ReadWriteOnce),
/// and the same written again.
#[test]
fn written_attachments_pass() {
    for spec in [
        "{attacher: ebs.csi.aws.com, nodeName: ip-10-0-1-17.ec2.internal, source: {persistentVolumeName: pvc-0f1e2d3c}}",
        "{attacher: pd.csi.storage.gke.io, nodeName: gke-node-1, source: {inlineVolumeSpec: {accessModes: [ReadWriteOnce], csi: {driver: pd.csi.storage.gke.io, volumeHandle: projects/p/zones/z/disks/d, fsType: ext4, volumeAttributes: {partition: ''}}, persistentVolumeReclaimPolicy: Retain, volumeMode: Filesystem}}}",
    ] {
        assert_eq!(create_attachment(spec), None, "{spec}");
        let written = attachment(spec);
        assert_eq!(
            errors_of(API, "VolumeAttachment", Some(&written), &written),
            None
        );
    }
}

/// `validateVolumeAttachmentSpec` (`validateAttacher`,
/// `validateVolumeAttachmentSource`, `validateNodeName`) and, on create,
/// `ValidateVolumeAttachmentV1`, whose repeated `Required` is printed
/// once.
#[test]
fn attachment_spec() {
    assert_eq!(
        create_attachment("{source: {}}").unwrap(),
        format!(
            "[spec.attacher: Required value, spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName, spec.nodeName: Invalid value: \"\": {SUBDOMAIN}, spec.attacher: Invalid value: \"\": {SUBDOMAIN}]"
        )
    );
    assert_eq!(
        create_attachment(
            "{attacher: csi_driver, nodeName: Node_1, source: {persistentVolumeName: pv, inlineVolumeSpec: {}}}"
        )
        .unwrap(),
        format!(
            "[spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName, spec.nodeName: Invalid value: \"Node_1\": {SUBDOMAIN}, spec.attacher: Invalid value: \"csi_driver\": {SUBDOMAIN}]"
        )
    );
    // ValidateCSIDriverName lower-cases the driver before it checks it,
    // and counts its bytes.
    let long = "d".repeat(64);
    assert_eq!(
        create_attachment(&format!(
            "{{attacher: {long}, nodeName: node-1, source: {{persistentVolumeName: ''}}}}"
        ))
        .unwrap(),
        format!(
            "[spec.source.persistentVolumeName: Required value: must specify non empty persistentVolumeName, spec.attacher: Too long: may not be more than 63 bytes, spec.source.persistentVolumeName: Invalid value: \"\": {SUBDOMAIN}]"
        )
    );
    assert_eq!(
        create_attachment(
            "{attacher: CSI.Example.COM, nodeName: node-1, source: {persistentVolumeName: PV_1}}"
        )
        .unwrap(),
        format!("spec.source.persistentVolumeName: Invalid value: \"PV_1\": {SUBDOMAIN}")
    );
}

/// `ValidatePersistentVolumeSpec` with `validateInlinePersistentVolumeSpec`
/// (core/validation), as `validateVolumeAttachmentSource` calls it: what an
/// inline volume may not have, then a volume's own rules at the inline
/// path; VolumeAttributesClass is off in its options (an empty class
/// passes).
#[test]
fn inline_volume_spec() {
    let at = "spec.source.inlineVolumeSpec";
    let check = |inline: &str| {
        create_attachment(&format!(
            "{{attacher: a.example.com, nodeName: node-1, source: {{inlineVolumeSpec: {inline}}}}}"
        ))
    };
    assert_eq!(
        check("{claimRef: {name: c}, capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], persistentVolumeReclaimPolicy: Delete, storageClassName: fast, volumeMode: Block, nodeAffinity: {required: {nodeSelectorTerms: []}}, gcePersistentDisk: {pdName: d}, volumeAttributesClassName: ''}").unwrap(),
        format!(
            "[{at}.claimRef: Forbidden: may not be specified in the context of inline volumes, {at}.capacity: Forbidden: may not be specified in the context of inline volumes, {at}.csi: Required value: has to be specified in the context of inline volumes, {at}.persistentVolumeReclaimPolicy: Forbidden: may only be Retain in the context of inline volumes, {at}.nodeAffinity: Forbidden: may not be specified in the context of inline volumes, {at}.storageClassName: Forbidden: may not be specified in the context of inline volumes, {at}.volumeMode: Forbidden: may not specify volumeMode other than Filesystem in the context of inline volumes]"
        )
    );
    // A local volume: its node affinity is never counted inline.
    assert_eq!(
        check("{accessModes: [ReadWriteOnce], local: {path: /mnt/disks/a}}").unwrap(),
        format!(
            "[{at}.csi: Required value: has to be specified in the context of inline volumes, {at}.nodeAffinity: Required value: Local volume requires node affinity]"
        )
    );
    // The CSI source's own rules (validateCSIPersistentVolumeSource), the
    // access modes' (no capacity asked).
    assert_eq!(
        check("{accessModes: [ReadWriteOncePod, ReadOnlyMany], csi: {driver: Bad_Driver, volumeHandle: '', nodePublishSecretRef: {name: creds}}}").unwrap(),
        format!(
            "[{at}.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes, {at}.csi.driver: Invalid value: \"Bad_Driver\": {SUBDOMAIN}, {at}.csi.volumeHandle: Required value, {at}.csi.nodePublishSecretRef.namespace: Required value]"
        )
    );
    assert_eq!(
        check("{csi: {driver: d.example.com, volumeHandle: v}, nfs: {server: s, path: /x}}")
            .unwrap(),
        format!(
            "[{at}.accessModes: Required value, {at}.csi: Forbidden: may not specify more than 1 volume type]"
        )
    );
}

/// `validateVolumeAttachmentStatus` (`validateAttachmentMetadata`,
/// `validateVolumeError`) on a `/status` write, which runs the update's
/// validation: the metadata's size, an error's message (refused with the
/// metadata's limit, upstream's slip) and code.
#[test]
fn attachment_status() {
    let spec = "{attacher: ebs.csi.aws.com, nodeName: node-1, source: {persistentVolumeName: pv}}";
    let old = attachment(spec);
    let big = "m".repeat(256 * 1024);
    let long = "e".repeat(1025);
    let new = object(
        "VolumeAttachment",
        "va-1",
        &format!(
            "spec: {spec}\nstatus: {{attached: false, attachmentMetadata: {{devicePath: {big}}}, attachError: {{message: {long}, errorCode: -1}}, detachError: {{message: gone, errorCode: -2}}}}\n"
        ),
    );
    assert_eq!(
        validation("VolumeAttachment")
            .validate_status(&old, &new)
            .unwrap_err(),
        "VolumeAttachment.storage.k8s.io \"va-1\" is invalid: [status.attachmentMetadata: Too long: may not be more than 262144 bytes, status.attachError.message: Too long: may not be more than 262144 bytes, status.attachError.errorCode: Invalid value: -1: must be between 0 and 2147483647, inclusive, status.detachError.errorCode: Invalid value: -2: must be between 0 and 2147483647, inclusive]"
    );
    let attached = object(
        "VolumeAttachment",
        "va-1",
        &format!(
            "spec: {spec}\nstatus: {{attached: true, attachmentMetadata: {{devicePath: /dev/xvdba}}, detachError: {{message: busy, errorCode: 0}}}}\n"
        ),
    );
    assert_eq!(
        validation("VolumeAttachment").validate_status(&old, &attached),
        Ok(())
    );
}

/// `ValidateVolumeAttachmentUpdate`: the spec may not change, printed as
/// the internal `VolumeAttachmentSpec` (`json.Marshal`, Go field names);
/// `ValidateVolumeAttachmentV1` is a create's only.
#[test]
fn attachment_update() {
    let old = attachment(
        "{attacher: csi.example.com, nodeName: node-1, source: {persistentVolumeName: PV_1}}",
    );
    assert_eq!(errors_of(API, "VolumeAttachment", Some(&old), &old), None);
    let moved = attachment(
        "{attacher: csi.example.com, nodeName: node-2, source: {persistentVolumeName: PV_1}}",
    );
    assert_eq!(
        errors_of(API, "VolumeAttachment", Some(&old), &moved).unwrap(),
        "spec: Invalid value: {\"Attacher\":\"csi.example.com\",\"Source\":{\"PersistentVolumeName\":\"PV_1\",\"InlineVolumeSpec\":null},\"NodeName\":\"node-2\"}: field is immutable"
    );
    // An inline volume: the internal PersistentVolumeSpec, its embedded
    // PersistentVolumeSource's fields inline.
    let inline = |handle: &str| {
        attachment(&format!(
            "{{attacher: d.example.com, nodeName: node-1, source: {{inlineVolumeSpec: {{accessModes: [ReadWriteOnce], csi: {{driver: d.example.com, volumeHandle: {handle}, nodeStageSecretRef: {{name: s, namespace: ns}}}}}}}}}}"
        ))
    };
    assert_eq!(
        errors_of(API, "VolumeAttachment", Some(&inline("v1")), &inline("v2")).unwrap(),
        "spec: Invalid value: {\"Attacher\":\"d.example.com\",\"Source\":{\"PersistentVolumeName\":null,\"InlineVolumeSpec\":{\"Capacity\":null,\"GCEPersistentDisk\":null,\"AWSElasticBlockStore\":null,\"HostPath\":null,\"Glusterfs\":null,\"NFS\":null,\"RBD\":null,\"Quobyte\":null,\"ISCSI\":null,\"FlexVolume\":null,\"Cinder\":null,\"CephFS\":null,\"FC\":null,\"Flocker\":null,\"AzureFile\":null,\"VsphereVolume\":null,\"AzureDisk\":null,\"PhotonPersistentDisk\":null,\"PortworxVolume\":null,\"ScaleIO\":null,\"Local\":null,\"StorageOS\":null,\"CSI\":{\"Driver\":\"d.example.com\",\"VolumeHandle\":\"v2\",\"ReadOnly\":false,\"FSType\":\"\",\"VolumeAttributes\":null,\"ControllerPublishSecretRef\":null,\"NodeStageSecretRef\":{\"Name\":\"s\",\"Namespace\":\"ns\"},\"NodePublishSecretRef\":null,\"ControllerExpandSecretRef\":null,\"NodeExpandSecretRef\":null},\"AccessModes\":[\"ReadWriteOnce\"],\"ClaimRef\":null,\"PersistentVolumeReclaimPolicy\":\"\",\"StorageClassName\":\"\",\"MountOptions\":null,\"VolumeMode\":null,\"NodeAffinity\":null,\"VolumeAttributesClassName\":null}},\"NodeName\":\"node-1\"}: field is immutable"
    );
}

/// `validateCSINodeDrivers`, `validateCSINodeDriver`,
/// `validateCSINodeDriverNodeID` (256 bytes: `AllowLongNodeID`),
/// `validateCSINodeDriverAllocatable`: what the kubelet registers passes,
/// each mistake in upstream's order; topology key errors stand at the
/// driver's path.
#[test]
fn csi_node_drivers() {
    let kubelet = "[{name: ebs.csi.aws.com, nodeID: i-0abc, topologyKeys: [topology.ebs.csi.aws.com/zone], allocatable: {count: 25}}, {name: efs.csi.aws.com, nodeID: i-0abc, topologyKeys: null}]";
    assert_eq!(errors_of(API, "CSINode", None, &csi_node(kubelet)), None);
    let long_id = "n".repeat(200);
    let ok = csi_node(&format!("[{{name: d.example.com, nodeID: {long_id}}}]"));
    assert_eq!(errors_of(API, "CSINode", None, &ok), None);
    let too_long = "n".repeat(257);
    let broken = csi_node(&format!(
        "[{{name: '', nodeID: ''}}, {{name: Bad_Driver, nodeID: {too_long}, allocatable: {{count: -1}}, topologyKeys: ['', zone, zone, 'a b']}}, {{name: Bad_Driver, nodeID: node-1}}]"
    ));
    assert_eq!(
        errors_of(API, "CSINode", None, &broken).unwrap(),
        format!(
            "[spec.drivers[0].name: Required value, spec.drivers[0].name: Invalid value: \"\": {SUBDOMAIN}, spec.drivers[0].nodeID: Required value, spec.drivers[1].name: Invalid value: \"Bad_Driver\": {SUBDOMAIN}, spec.drivers[1].nodeID: Invalid value: \"{too_long}\": must be 256 characters or less, spec.drivers[1].allocatable.count: Invalid value: -1: must be greater than or equal to 0, spec.drivers[1]: Required value, spec.drivers[1]: Invalid value: \"\": name part must be non-empty, spec.drivers[1]: Invalid value: \"\": {NAME_PART}, spec.drivers[1]: Duplicate value: \"zone\", spec.drivers[1]: Invalid value: \"a b\": {NAME_PART}, spec.drivers[2].name: Invalid value: \"Bad_Driver\": {SUBDOMAIN}, spec.drivers[2].name: Duplicate value: \"Bad_Driver\"]"
        )
    );
}

/// `ValidateCSINodeUpdate`: a driver of a stored name may not change but
/// for its allocatable count (MutableCSINodeAllocatableCount), printed
/// without it; drivers come and go.
#[test]
fn csi_node_update() {
    let old = csi_node(
        "[{name: ebs.csi.aws.com, nodeID: i-0abc, topologyKeys: [topology.ebs.csi.aws.com/zone], allocatable: {count: 25}}]",
    );
    let recounted = csi_node(
        "[{name: ebs.csi.aws.com, nodeID: i-0abc, topologyKeys: [topology.ebs.csi.aws.com/zone], allocatable: {count: 39}}, {name: efs.csi.aws.com, nodeID: i-0abc}]",
    );
    assert_eq!(errors_of(API, "CSINode", Some(&old), &recounted), None);
    assert_eq!(errors_of(API, "CSINode", Some(&old), &csi_node("[]")), None);
    let moved = csi_node(
        "[{name: ebs.csi.aws.com, nodeID: i-0def, topologyKeys: [topology.ebs.csi.aws.com/zone], allocatable: {count: 25}}]",
    );
    assert_eq!(
        errors_of(API, "CSINode", Some(&old), &moved).unwrap(),
        "spec.drivers: Invalid value: {\"Name\":\"ebs.csi.aws.com\",\"NodeID\":\"i-0def\",\"TopologyKeys\":[\"topology.ebs.csi.aws.com/zone\"],\"Allocatable\":null}: field is immutable"
    );
    // No topology keys, null or empty, are alike (Semantic.DeepEqual).
    let bare = csi_node("[{name: d.example.com, nodeID: node-1, topologyKeys: null}]");
    let empty = csi_node("[{name: d.example.com, nodeID: node-1, topologyKeys: []}]");
    assert_eq!(errors_of(API, "CSINode", Some(&bare), &empty), None);
}

/// `ValidateCSIStorageCapacity`: what the external-provisioner writes
/// passes; a node topology `ValidateLabelSelector` refuses, a class that
/// is not a DNS subdomain (nor empty), a negative capacity.
#[test]
fn storage_capacity() {
    let provisioner = capacity(
        "storageClassName: standard\nnodeTopology: {matchLabels: {topology.hostpath.csi/node: node-1}}\ncapacity: 10Gi\nmaximumVolumeSize: 5Gi\n",
    );
    assert_eq!(
        errors_of(API, "CSIStorageCapacity", None, &provisioner),
        None
    );
    let broken = capacity(
        "storageClassName: Standard\nnodeTopology: {matchLabels: {'a b': x}, matchExpressions: [{key: zone, operator: In, values: ['bad value']}, {key: k, operator: Equals}]}\ncapacity: -1Gi\n",
    );
    assert_eq!(
        errors_of(API, "CSIStorageCapacity", None, &broken).unwrap(),
        format!(
            "[nodeTopology.matchLabels: Invalid value: \"a b\": {NAME_PART}, nodeTopology.matchExpressions[0].values[0]: Invalid value: \"bad value\": {LABEL_VALUE}, nodeTopology.matchExpressions[1].operator: Invalid value: \"Equals\": not a valid selector operator, storageClassName: Invalid value: \"Standard\": {SUBDOMAIN}, capacity: Invalid value: \"-1Gi\": must be greater than or equal to 0]"
        )
    );
    assert_eq!(
        errors_of(
            API,
            "CSIStorageCapacity",
            None,
            &capacity("capacity: '0'\n")
        )
        .unwrap(),
        format!("storageClassName: Invalid value: \"\": {SUBDOMAIN}")
    );
}

/// `ValidateCSIStorageCapacityUpdate`: the node topology (printed as the
/// `*metav1.LabelSelector`) and the class are immutable, the capacity is
/// not; the strategy's `hasInvalidLabelValueInLabelSelector` lets a stored
/// topology's invalid expression values stay.
#[test]
fn storage_capacity_update() {
    let old = capacity(
        "storageClassName: standard\nnodeTopology: {matchLabels: {zone: a}}\ncapacity: 10Gi\n",
    );
    let shrunk = capacity(
        "storageClassName: standard\nnodeTopology: {matchLabels: {zone: a}, matchExpressions: []}\ncapacity: 1Gi\n",
    );
    assert_eq!(
        errors_of(API, "CSIStorageCapacity", Some(&old), &shrunk),
        None
    );
    let moved = capacity("storageClassName: other\nnodeTopology: {matchLabels: {zone: b}}\n");
    assert_eq!(
        errors_of(API, "CSIStorageCapacity", Some(&old), &moved).unwrap(),
        "[nodeTopology: Invalid value: {\"matchLabels\":{\"zone\":\"b\"}}: field is immutable, storageClassName: Invalid value: \"other\": field is immutable]"
    );
    let unset = capacity("storageClassName: standard\ncapacity: 10Gi\n");
    assert_eq!(
        errors_of(API, "CSIStorageCapacity", Some(&old), &unset).unwrap(),
        "nodeTopology: Invalid value: null: field is immutable"
    );
    let legacy = capacity(
        "storageClassName: standard\nnodeTopology: {matchExpressions: [{key: zone, operator: In, values: ['bad value']}]}\ncapacity: 10Gi\n",
    );
    let refreshed = capacity(
        "storageClassName: standard\nnodeTopology: {matchExpressions: [{key: zone, operator: In, values: ['bad value']}]}\ncapacity: 2Gi\n",
    );
    assert_eq!(
        errors_of(API, "CSIStorageCapacity", Some(&legacy), &refreshed),
        None
    );
    assert_eq!(
        errors_of(API, "CSIStorageCapacity", None, &refreshed).unwrap(),
        format!(
            "nodeTopology.matchExpressions[0].values[0]: Invalid value: \"bad value\": {LABEL_VALUE}"
        )
    );
}

/// A scenario's step applying `object` (YAML lines, indented by four) as
/// a `kind`: its message, or `Applied` and the stored object.
fn apply(kind: &str, object: &str) -> (String, Option<Value>) {
    apply_one(API, kind, object)
}

/// Through a whole write: a VolumeAttachment's create clears the status
/// (whose negative error code would be refused) before the validation; a
/// broken object of each kind is refused with the server's message.
#[test]
fn scenario_writes_are_validated() {
    let (message, stored) = apply(
        "VolumeAttachment",
        "    metadata: {name: csi-0a1b}\n    spec:\n      attacher: ebs.csi.aws.com\n      nodeName: node-1\n      source: {persistentVolumeName: pvc-1}\n    status: {attached: true, attachError: {message: x, errorCode: -1}}\n",
    );
    assert_eq!(message, "Applied");
    assert_eq!(
        stored.unwrap().get("status").map(Value::to_json).as_deref(),
        Some("{\"attached\":false}")
    );
    let (message, _) = apply(
        "VolumeAttachment",
        "    metadata: {name: csi-0a1b}\n    spec:\n      attacher: ebs.csi.aws.com\n      nodeName: node-1\n      source: {}\n",
    );
    assert_eq!(
        message,
        "VolumeAttachment.storage.k8s.io \"csi-0a1b\" is invalid: spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName"
    );
    let (message, _) = apply(
        "CSINode",
        "    metadata: {name: node-1}\n    spec:\n      drivers: [{name: ebs.csi.aws.com, nodeID: ''}]\n",
    );
    assert_eq!(
        message,
        "CSINode.storage.k8s.io \"node-1\" is invalid: spec.drivers[0].nodeID: Required value"
    );
    let (message, _) = apply(
        "CSIStorageCapacity",
        "    metadata: {name: csisc-1, namespace: default}\n    storageClassName: standard\n    capacity: -5Gi\n",
    );
    assert_eq!(
        message,
        "CSIStorageCapacity.storage.k8s.io \"csisc-1\" is invalid: capacity: Invalid value: \"-5Gi\": must be greater than or equal to 0"
    );
}
