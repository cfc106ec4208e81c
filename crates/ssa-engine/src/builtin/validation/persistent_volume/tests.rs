#![allow(clippy::unwrap_used)]

use super::super::tests::errors_of;
use crate::schema::Defaulter;

/// A PersistentVolume named `name` with `spec` (YAML flow mapping) and
/// `annotations`, defaulted.
fn volume(name: &str, annotations: &str, spec: &str) -> crate::value::Value {
    let mut object = crate::yaml::parse(&format!(
        "apiVersion: v1\nkind: PersistentVolume\nmetadata: {{name: {name}, annotations: {{{annotations}}}}}\nspec: {spec}"
    ))
    .unwrap()
    .value;
    crate::builtin::defaults::KindDefaults::for_kind("v1", "PersistentVolume")
        .unwrap()
        .apply_defaults(&mut object, "");
    object
}

/// The errors of creating a volume with `spec`.
fn create(spec: &str) -> Option<String> {
    errors_of("v1", "PersistentVolume", None, &volume("pv0001", "", spec))
}

/// The errors of replacing a volume of spec `old` by one of spec `new`.
fn update(old: &str, new: &str) -> Option<String> {
    let old = volume("pv0001", "", old);
    errors_of(
        "v1",
        "PersistentVolume",
        Some(&old),
        &volume("pv0001", "", new),
    )
}

const DNS_SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS_LABEL: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/// The documentation's volumes pass: the hostPath one of "Configure a
/// Pod to Use a PersistentVolume", an NFS one, a local one with its node
/// affinity, a CSI one with secret references.
#[test]
fn documented_volumes_pass() {
    for spec in [
        "{storageClassName: manual, capacity: {storage: 10Gi}, accessModes: [ReadWriteOnce], hostPath: {path: /mnt/data}}",
        "{capacity: {storage: 5Gi}, volumeMode: Filesystem, accessModes: [ReadWriteOnce], persistentVolumeReclaimPolicy: Recycle, storageClassName: slow, mountOptions: [hard, nfsvers=4.1], nfs: {path: /tmp, server: 172.17.0.2}}",
        "{capacity: {storage: 100Gi}, volumeMode: Filesystem, accessModes: [ReadWriteOnce], persistentVolumeReclaimPolicy: Delete, storageClassName: local-storage, local: {path: /mnt/disks/ssd1}, nodeAffinity: {required: {nodeSelectorTerms: [{matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [example-node]}]}]}}}",
        "{capacity: {storage: 1Ti}, accessModes: [ReadWriteMany], csi: {driver: ebs.csi.aws.com, volumeHandle: vol-0abc, fsType: ext4, nodePublishSecretRef: {name: creds, namespace: kube-system}}, volumeAttributesClassName: gold}",
    ] {
        assert_eq!(create(spec), None, "{spec}");
    }
}

/// `ValidatePersistentVolumeSpec`'s own fields, in upstream's order.
#[test]
fn spec_fields() {
    assert_eq!(
        create("{hostPath: {path: /}, persistentVolumeReclaimPolicy: Recycle}").unwrap(),
        "[spec.accessModes: Required value, spec.capacity: Required value, spec.capacity: Unsupported value: null: supported values: \"storage\", spec.persistentVolumeReclaimPolicy: Forbidden: may not be 'recycle' for a hostPath mount of '/']"
    );
    assert_eq!(
        create("{accessModes: [ReadWriteOncePod, ReadWriteOnce, ReadWriteSome], capacity: {storage: '0', cpu: '-1.5'}, persistentVolumeReclaimPolicy: Keep, storageClassName: Fast, volumeMode: Raw, volumeAttributesClassName: '', nfs: {server: nfs, path: exports}, gcePersistentDisk: {pdName: disk}}").unwrap(),
        format!(
            "[spec.accessModes: Unsupported value: \"ReadWriteSome\": supported values: \"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\", spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes, spec.capacity: Unsupported value: {{\"cpu\":\"-1500m\",\"storage\":\"0\"}}: supported values: \"storage\", spec.capacity[cpu]: Invalid value: -1: must be a valid resource quantity, spec.capacity[cpu]: Invalid value: \"-1500m\": must be greater than zero, spec.capacity[storage]: Invalid value: \"0\": must be greater than zero, spec.persistentVolumeReclaimPolicy: Unsupported value: \"Keep\": supported values: \"Delete\", \"Recycle\", \"Retain\", spec.nfs: Forbidden: may not specify more than 1 volume type, spec.storageClassName: Invalid value: \"Fast\": {DNS_SUBDOMAIN}, spec.volumeMode: Unsupported value: \"Raw\": supported values: \"Block\", \"Filesystem\", spec.volumeAttributesClassName: Required value: an empty string is disallowed, spec.csi: Required value: has to be specified when using volumeAttributesClassName]"
        )
    );
    assert_eq!(
        create("{accessModes: [ReadOnlyMany], capacity: {storage: 1Gi}}").unwrap(),
        "spec: Required value: must specify a volume type"
    );
}

/// The sources' rules a PersistentVolume adds to a pod volume's, and a
/// local volume's node affinity.
#[test]
fn persistent_sources() {
    let base = "accessModes: [ReadWriteOnce], capacity: {storage: 1Gi}";
    let check = |source: &str| create(&format!("{{{base}, {source}}}"));
    assert_eq!(
        check("local: {path: /mnt/../etc}").unwrap(),
        "[spec.local.path: Invalid value: \"/mnt/../etc\": must not contain '..', spec.nodeAffinity: Required value: Local volume requires node affinity]"
    );
    assert_eq!(
        check("local: {path: /mnt/disk}, nodeAffinity: {required: {nodeSelectorTerms: []}}")
            .unwrap(),
        "spec.nodeAffinity.required.nodeSelectorTerms: Required value: must have at least one node selector term"
    );
    assert_eq!(
        check("nfs: {server: nfs, path: /x}, nodeAffinity: {required: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: ['a b']}]}]}}").unwrap(),
        "spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
    );
    assert_eq!(
        check("csi: {driver: '', controllerPublishSecretRef: {name: Creds}, nodeExpandSecretRef: {namespace: Kube}}").unwrap(),
        format!(
            "[spec.csi.driver: Required value, spec.csi.driver: Invalid value: \"\": {DNS_SUBDOMAIN}, spec.csi.volumeHandle: Required value, spec.csi.controllerPublishSecretRef.name: Invalid value: \"Creds\": {DNS_SUBDOMAIN}, spec.csi.controllerPublishSecretRef.namespace: Required value, spec.csi.nodeExpandSecretRef.name: Required value, spec.csi.nodeExpandSecretRef.namespace: Invalid value: \"Kube\": {DNS_LABEL}]"
        )
    );
    assert_eq!(
        check("glusterfs: {endpoints: glusterfs-cluster, path: vol, endpointsNamespace: ''}")
            .unwrap(),
        "spec.glusterfs.endpointsNamespace: Invalid value: \"\": if the endpointnamespace is set, it must be a valid namespace name"
    );
    assert_eq!(
        check("cinder: {volumeID: v, secretRef: {name: s}}").unwrap(),
        "spec.cinder.secretRef.namespace: Required value"
    );
    assert_eq!(
        check("azureFile: {secretName: s, shareName: share, secretNamespace: ''}").unwrap(),
        "spec.azureFile.secretNamespace: Required value"
    );
    // The portal is where a PersistentVolume refuses a long initiator
    // name; a bad IQN is worded as any bad format.
    let portal = "10.0.2.15:3260".repeat(5);
    assert_eq!(
        check(&format!("iscsi: {{targetPortal: '{portal}', iqn: 'x', initiatorName: 'iqn.2001-04.com.example:node', chapAuthSession: true, secretRef: {{}}}}")).unwrap(),
        format!("[spec.iscsi.targetportal: Invalid value: \"{portal}\": Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified., spec.iscsi.iqn: Invalid value: \"x\": must be valid format, spec.iscsi.secretRef.name: Required value]")
    );
    // A flexVolume beside another source is checked, not refused.
    assert_eq!(
        check("hostPath: {path: /data}, flexVolume: {driver: ''}").unwrap(),
        "spec.flexVolume.driver: Required value"
    );
}

/// `checkMountOption`: the beta annotation only on a source that takes
/// mount options.
#[test]
fn mount_options_annotation() {
    let spec = |source: &str| {
        format!("{{accessModes: [ReadWriteOnce], capacity: {{storage: 1Gi}}, {source}}}")
    };
    let with = |source: &str| {
        let pv = volume(
            "pv0001",
            "volume.beta.kubernetes.io/mount-options: 'hard,nolock'",
            &spec(source),
        );
        errors_of("v1", "PersistentVolume", None, &pv)
    };
    assert_eq!(with("nfs: {server: nfs, path: /x}"), None);
    assert_eq!(
        with("csi: {driver: ebs.csi.aws.com, volumeHandle: vol-1}").unwrap(),
        "metadata.annotations.volume.beta.kubernetes.io/mount-options: Forbidden: may not specify mount options for this volume type"
    );
}

/// `ValidatePersistentVolumeUpdate`: the source, mode and node affinity
/// stay; a CSI expansion secret may be added; beta topology keys may
/// become GA; the attributes class may not be unset.
#[test]
fn update_rules() {
    let csi = |extra: &str| {
        format!(
            "{{accessModes: [ReadWriteOnce], capacity: {{storage: 1Gi}}, csi: {{driver: ebs.csi.aws.com, volumeHandle: vol-1{extra}}}, volumeAttributesClassName: gold, nodeAffinity: {{required: {{nodeSelectorTerms: [{{matchExpressions: [{{key: failure-domain.beta.kubernetes.io/zone, operator: In, values: [a]}}]}}]}}}}}}"
        )
    };
    let base = csi("");
    assert_eq!(update(&base, &base), None);
    let added = csi(", controllerExpandSecretRef: {name: s, namespace: ns}");
    assert_eq!(update(&base, &added), None);
    assert_eq!(
        update(
            &added,
            &csi(", controllerExpandSecretRef: {name: t, namespace: ns}")
        )
        .unwrap(),
        "spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation"
    );
    let ga = base.replace(
        "failure-domain.beta.kubernetes.io/zone",
        "topology.kubernetes.io/zone",
    );
    assert_eq!(update(&base, &ga), None);
    // Back from GA to beta is a change.
    assert_eq!(
        update(&ga, &base).unwrap(),
        "nodeAffinity: Invalid value: {\"Required\":{\"NodeSelectorTerms\":[{\"MatchExpressions\":[{\"Key\":\"failure-domain.beta.kubernetes.io/zone\",\"Operator\":\"In\",\"Values\":[\"a\"]}],\"MatchFields\":null}]}}: field is immutable, except for updating from beta label to GA"
    );
    let unset = base
        .replace(", volumeAttributesClassName: gold", "")
        .replace("{accessModes", "{volumeMode: Block, accessModes");
    assert_eq!(
        update(&base, &unset).unwrap(),
        "[volumeMode: Invalid value: \"Block\": field is immutable, spec.volumeAttributesClassName: Forbidden: update from non-nil value to nil is forbidden]"
    );
}
