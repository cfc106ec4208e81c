//! storage.k8s.io/v1 (upstream `pkg/apis/storage/v1/defaults.go` and
//! its `zz_generated.defaults.go`).

use super::set;
use crate::value::{Map, Value};

/// `SetDefaults_StorageClass`: volumes are deleted with their claim and
/// bound as soon as they are created.
pub(super) fn storage_class(root: &mut Map) {
    set(root, "reclaimPolicy", Value::from("Delete"));
    set(root, "volumeBindingMode", Value::from("Immediate"));
}

/// `SetDefaults_CSIDriver` (the feature gates it once checked are GA and
/// gone: fsGroupPolicy, inline volumes, SELinux mounts).
pub(super) fn csi_driver(root: &mut Map) {
    let Some(spec) = root.child_map_mut("spec") else {
        return;
    };
    set(spec, "attachRequired", Value::Bool(true));
    set(spec, "podInfoOnMount", Value::Bool(false));
    set(spec, "storageCapacity", Value::Bool(false));
    set(
        spec,
        "fsGroupPolicy",
        Value::from("ReadWriteOnceWithFSType"),
    );
    if spec
        .get("volumeLifecycleModes")
        .and_then(Value::as_list)
        .is_none_or(Vec::is_empty)
    {
        spec.insert(
            "volumeLifecycleModes",
            Value::List(vec![Value::from("Persistent")]),
        );
    }
    set(spec, "requiresRepublish", Value::Bool(false));
    set(spec, "seLinuxMount", Value::Bool(false));
}

/// `SetObjectDefaults_VolumeAttachment`: an inline volume's capacity
/// (`SetDefaults_ResourceList`) and its volume plugin's defaults, not
/// `SetDefaults_PersistentVolume` (which belongs to the PV object).
pub(super) fn volume_attachment(root: &mut Map) {
    if let Some(Value::Map(spec)) = root
        .get_mut("spec")
        .and_then(Value::as_map_mut)
        .and_then(|s| s.get_mut("source"))
        .and_then(Value::as_map_mut)
        .and_then(|s| s.get_mut("inlineVolumeSpec"))
    {
        super::resource_lists(spec, &["capacity"]);
        super::plugin_sources(spec);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::yaml_map as map;

    /// SetDefaults_StorageClass.
    #[test]
    fn storage_classes() {
        let mut root = map("{provisioner: p, reclaimPolicy: Retain}");
        storage_class(&mut root);
        assert_eq!(
            root,
            map("{provisioner: p, reclaimPolicy: Retain, volumeBindingMode: Immediate}")
        );
    }

    /// SetDefaults_CSIDriver.
    #[test]
    fn csi_drivers() {
        let mut root = map("{spec: {attachRequired: false}}");
        csi_driver(&mut root);
        assert_eq!(
            root,
            map(
                "{spec: {attachRequired: false, podInfoOnMount: false, storageCapacity: false, fsGroupPolicy: ReadWriteOnceWithFSType, volumeLifecycleModes: [Persistent], requiresRepublish: false, seLinuxMount: false}}"
            )
        );
    }

    /// SetObjectDefaults_VolumeAttachment (storage/v1
    /// zz_generated.defaults.go): capacity rounded, RBD and hostPath
    /// defaults, no reclaim policy.
    #[test]
    fn volume_attachments() {
        let mut root = map(
            "{spec: {attacher: a, nodeName: n, source: {inlineVolumeSpec: {capacity: {storage: 100n}, rbd: {monitors: [m], image: i}}}}}",
        );
        volume_attachment(&mut root);
        assert_eq!(
            root,
            map(
                "{spec: {attacher: a, nodeName: n, source: {inlineVolumeSpec: {capacity: {storage: 1m}, rbd: {monitors: [m], image: i, pool: rbd, user: admin, keyring: /etc/ceph/keyring}}}}}"
            )
        );
        let mut by_name = map("{spec: {source: {persistentVolumeName: pv}}}");
        volume_attachment(&mut by_name);
        assert_eq!(by_name, map("{spec: {source: {persistentVolumeName: pv}}}"));
    }
}
