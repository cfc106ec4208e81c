//! `pkg/apis/core/validation/validation.go`'s `ValidateVolumes` (a pod's
//! volumes: a DNS-label name, once, one volume type) and
//! `ValidateVolumeMounts` (a container's mounts: of a volume the pod has,
//! at a path given once). The volume types' own rules (a configMap's
//! name, a hostPath's path...) are not modelled.

use super::field::{
    BadValue, Errors, FieldError, child, duplicate, forbidden, index, invalid_each, not_found,
    required,
};
use super::{items, names, text};
use crate::value::Value;

/// `ValidateVolumes` at `path`: the errors, and the names of the volumes
/// without errors (upstream's map of volumes, which the mounts are
/// checked against).
pub(super) fn volumes(list: Option<&Value>, path: &str) -> (Vec<FieldError>, Vec<String>) {
    let mut errs = Vec::new();
    let mut valid: Vec<String> = Vec::new();
    for (i, volume) in items(list).iter().enumerate() {
        let at = index(path, i);
        let name = text(volume, "name");
        // validateVolumeSource: the first type set counts, each further
        // one is refused at its own path.
        let set = |key: &str| volume.get(key).is_some_and(|v| !v.is_null());
        let mut el = Vec::new();
        let mut found = false;
        for key in VOLUME_TYPES {
            if set(key) {
                if found {
                    // Upstream's own spelling of two of them.
                    let spelled = match key {
                        "cephfs" => "cephFS",
                        "downwardAPI" => "downwarAPI",
                        key => key,
                    };
                    el.push(forbidden(
                        child(&at, spelled),
                        "may not specify more than 1 volume type",
                    ));
                }
                found = true;
            }
        }
        if !found {
            el.push(required(at.as_str(), "must specify a volume type"));
        }
        let name_path = child(&at, "name");
        if name.is_empty() {
            el.push(required(name_path.as_str(), ""));
        } else {
            invalid_each(&mut el, &name_path, name, names::dns1123_label(name));
        }
        if valid.iter().any(|v| v == name) {
            el.push(duplicate(name_path, BadValue::str(name)));
        }
        if el.is_empty() {
            valid.push(name.to_string());
        }
        errs.extend(el);
    }
    (errs, valid)
}

/// `ValidateVolumeMounts` at `path` against the pod's valid `volumes`
/// (`volumeDevices`, image volumes, propagation and recursive read-only
/// modes not modelled).
pub(super) fn volume_mounts(
    list: Option<&Value>,
    volumes: &[String],
    path: &str,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut mount_points: Vec<&str> = Vec::new();
    for (i, mount) in items(list).iter().enumerate() {
        let item = index(path, i);
        let at = |k: &str| child(&item, k);
        let name = text(mount, "name");
        if name.is_empty() {
            errs.required(at("name"), "");
        }
        if !volumes.iter().any(|v| v == name) {
            errs.push(not_found(at("name"), BadValue::str(name)));
        }
        let mount_path = text(mount, "mountPath");
        if mount_path.is_empty() {
            errs.required(at("mountPath"), "");
        }
        if mount_points.contains(&mount_path) {
            errs.invalid(at("mountPath"), BadValue::str(mount_path), "must be unique");
        }
        mount_points.push(mount_path);
        let expr = text(mount, "subPathExpr");
        if !expr.is_empty() && !text(mount, "subPath").is_empty() {
            errs.invalid(
                at("subPathExpr"),
                BadValue::str(expr),
                "subPathExpr and subPath are mutually exclusive",
            );
        }
    }
    errs
}

/// The volume types in the order `validateVolumeSource` looks at them.
const VOLUME_TYPES: [&str; 30] = [
    "emptyDir",
    "hostPath",
    "gitRepo",
    "gcePersistentDisk",
    "awsElasticBlockStore",
    "secret",
    "nfs",
    "iscsi",
    "glusterfs",
    "flocker",
    "persistentVolumeClaim",
    "rbd",
    "cinder",
    "cephfs",
    "quobyte",
    "downwardAPI",
    "fc",
    "flexVolume",
    "configMap",
    "azureFile",
    "vsphereVolume",
    "photonPersistentDisk",
    "portworxVolume",
    "azureDisk",
    "storageos",
    "projected",
    "scaleIO",
    "csi",
    "ephemeral",
    "image",
];
