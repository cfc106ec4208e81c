//! `pkg/apis/storage/validation/validation.go` for the objects a CSI
//! driver's components write rather than people: a VolumeAttachment (the
//! attach/detach controller's request to attach a volume to a node, which
//! the external-attacher answers in its status), a CSINode (the kubelet's
//! record of the drivers on a node) and a CSIStorageCapacity (the
//! external-provisioner's capacity of a topology segment). The registry
//! strategies run them as follows (Kubernetes 1.36):
//!
//! - VolumeAttachment: `ValidateVolumeAttachment` (the spec, and the
//!   status, which a create clears and an update keeps), then on create
//!   `ValidateVolumeAttachmentV1` (the attacher a CSI driver name, the
//!   volume name a DNS subdomain), on update
//!   `ValidateVolumeAttachmentUpdate` (`ValidateVolumeAttachment` again,
//!   whose errors the message prints once, and a spec that may not
//!   change). Its status strategy runs the same update validation on the
//!   stored spec and the written status.
//! - CSINode: `ValidateCSINode` with node IDs of up to 256 bytes
//!   (`AllowLongNodeID`, set on create and update since 1.22), then on
//!   update `ValidateCSINodeUpdate`: a driver kept by name may not change
//!   but for its allocatable count (MutableCSINodeAllocatableCount, beta
//!   and on since 1.35).
//! - CSIStorageCapacity: `ValidateCSIStorageCapacity`, whose node topology
//!   may keep invalid label values on update when the stored one had
//!   errors (`AllowInvalidLabelValueInSelector`), then on update
//!   `ValidateCSIStorageCapacityUpdate`: the node topology and the storage
//!   class are immutable.
//!
//! The inline volume a VolumeAttachment may carry (CSI migration) is
//! checked by `persistent_volume`'s `ValidatePersistentVolumeSpec` in its
//! inline form.

use super::super::field::{BadValue, Errors, FieldError, child, index, invalid_each, too_long};
use super::super::{
    at, equality, internal_json, items, meta, names, persistent_volume, text, volumes,
};
use crate::builtin::goencoding::quantity;
use crate::value::{Map, Value};

/// `maxAttachedVolumeMetadataSize`: the attachment metadata's bytes, and
/// (upstream's slip) the limit a too long error message is printed with.
const MAX_ATTACHED_METADATA: usize = 256 * 1024;

/// `maxVolumeErrorMessageSize`.
const MAX_ERROR_MESSAGE: usize = 1024;

/// `csiNodeIDLongerMaxLength`: `AllowLongNodeID` is always set.
const MAX_NODE_ID: usize = 256;

/// The detail of `validateVolumeAttachmentSource`'s refusals.
const ONE_SOURCE: &str = "must specify exactly one of inlineVolumeSpec and persistentVolumeName";

/// A VolumeAttachment's errors after its metadata's: on create
/// `ValidateVolumeAttachment` and `ValidateVolumeAttachmentV1`, on
/// update (and a `/status` write) `ValidateVolumeAttachment` and
/// `ValidateVolumeAttachmentUpdate`.
pub(in super::super) fn volume_attachment(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let spec = at(Some(new), "spec");
    let mut errs = attachment_spec(spec);
    attachment_status(&mut errs, at(Some(new), "status"));
    match old {
        None => attachment_v1(&mut errs, spec),
        Some(old) => {
            // Semantic.DeepEqual of the internal specs: nil and empty
            // lists alike, and a Go map (an inline volume's capacity, a
            // CSI source's attributes, a flex source's options) nil or
            // empty alike.
            let go_map = |key: &str| matches!(key, "capacity" | "volumeAttributes" | "options");
            // The spec is a struct: unset, its zero value.
            let struct_of = |v: Option<&Value>| v.cloned().unwrap_or(Value::Map(Map::new()));
            let (was, now) = (struct_of(at(Some(old), "spec")), struct_of(spec));
            if equality::semantic(was, go_map) != equality::semantic(now, go_map) {
                let printed = internal_json::storage_struct("VolumeAttachmentSpec", spec);
                errs.invalid("spec", BadValue::Json(printed), "field is immutable");
            }
        }
    }
    errs
}

/// `validateVolumeAttachmentSpec`: an attacher (`validateAttacher`), one
/// source (`validateVolumeAttachmentSource`), a node name that is a DNS
/// subdomain (`validateNodeName`).
fn attachment_spec(spec: Option<&Value>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let attacher = spec.map_or("", |s| text(s, "attacher"));
    if attacher.is_empty() {
        errs.required("spec.attacher", "");
    }
    let source = at(spec, "source");
    let volume_name = at(source, "persistentVolumeName");
    match (at(source, "inlineVolumeSpec"), volume_name) {
        (None, None) => errs.required("spec.source", ONE_SOURCE),
        (Some(_), Some(_)) => errs.forbidden("spec.source", ONE_SOURCE),
        (None, Some(name)) => {
            if name.as_str().unwrap_or("").is_empty() {
                errs.required(
                    "spec.source.persistentVolumeName",
                    "must specify non empty persistentVolumeName",
                );
            }
        }
        (Some(inline), None) => errs.extend(persistent_volume::inline_spec(
            Some(inline),
            "spec.source.inlineVolumeSpec",
        )),
    }
    let node = spec.map_or("", |s| text(s, "nodeName"));
    invalid_each(
        &mut errs,
        "spec.nodeName",
        node,
        names::dns1123_subdomain(node),
    );
    errs
}

/// `validateVolumeAttachmentStatus`: the attachment metadata's size
/// (`validateAttachmentMetadata`), each error's message length and code
/// (`validateVolumeError`).
fn attachment_status(errs: &mut Vec<FieldError>, status: Option<&Value>) {
    let metadata = at(status, "attachmentMetadata").and_then(Value::as_map);
    let size: usize = metadata.map_or(0, |m| {
        m.iter()
            .map(|(k, v)| k.len() + v.as_str().map_or(0, str::len))
            .sum()
    });
    if size > MAX_ATTACHED_METADATA {
        errs.push(too_long("status.attachmentMetadata", MAX_ATTACHED_METADATA));
    }
    for key in ["attachError", "detachError"] {
        let Some(error) = at(status, key) else {
            continue;
        };
        let path = child("status", key);
        if text(error, "message").len() > MAX_ERROR_MESSAGE {
            // Upstream prints the metadata's limit here.
            errs.push(too_long(&child(&path, "message"), MAX_ATTACHED_METADATA));
        }
        if let Some(code) = error.get("errorCode").and_then(Value::as_i64)
            && code < 0
        {
            errs.invalid(
                child(&path, "errorCode"),
                BadValue::Int(code),
                "must be between 0 and 2147483647, inclusive",
            );
        }
    }
}

/// `ValidateVolumeAttachmentV1`, a create's: the attacher a CSI driver
/// name (`ValidateCSIDriverName`), a named volume a DNS subdomain
/// (`ValidatePersistentVolumeName`).
fn attachment_v1(errs: &mut Vec<FieldError>, spec: Option<&Value>) {
    let attacher = spec.map_or("", |s| text(s, "attacher"));
    volumes::csi_driver_name(errs, attacher, "spec.attacher");
    let source = at(spec, "source");
    if let Some(name) = at(source, "persistentVolumeName") {
        let name = name.as_str().unwrap_or("");
        let path = "spec.source.persistentVolumeName";
        invalid_each(errs, path, name, names::dns1123_subdomain(name));
    }
}

/// `ValidateCSINode` (`validateCSINodeDrivers`), then on update
/// `ValidateCSINodeUpdate`'s drivers that may not change.
pub(in super::super) fn csi_node(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let drivers = items(new.get_path(&["spec", "drivers"]));
    let mut errs = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (i, driver) in drivers.iter().enumerate() {
        csi_node_driver(&mut errs, driver, &index("spec.drivers", i), &mut seen);
    }
    let Some(old) = old else {
        return errs;
    };
    // Each stored driver against each new one of its name (a name given
    // twice is compared twice), allocatable aside.
    for was in items(old.get_path(&["spec", "drivers"])) {
        for now in drivers
            .iter()
            .filter(|d| text(d, "name") == text(was, "name"))
        {
            let (was, now) = (without_allocatable(was), without_allocatable(now));
            let same = |v: &Value| equality::semantic(v.clone(), |_| false);
            if same(&was) != same(&now) {
                let printed = internal_json::storage_struct("CSINodeDriver", Some(&now));
                errs.invalid(
                    "spec.drivers",
                    BadValue::Json(printed),
                    "field is immutable",
                );
            }
        }
    }
    errs
}

/// A driver without its allocatable count, as `ValidateCSINodeUpdate`
/// compares and prints it (`Allocatable = nil` on both copies).
fn without_allocatable(driver: &Value) -> Value {
    let mut copy = driver.clone();
    if let Some(map) = copy.as_map_mut() {
        map.remove("allocatable");
    }
    copy
}

/// `validateCSINodeDriver` at `path`: the name a CSI driver name, given
/// once among the node's drivers (`seen`); a node ID
/// (`validateCSINodeDriverNodeID`); a count not negative
/// (`validateCSINodeDriverAllocatable`); topology keys, each given, once,
/// a qualified name (refused at the driver's path).
fn csi_node_driver<'a>(
    errs: &mut Vec<FieldError>,
    driver: &'a Value,
    path: &str,
    seen: &mut Vec<&'a str>,
) {
    let name = text(driver, "name");
    let name_path = child(path, "name");
    volumes::csi_driver_name(errs, name, &name_path);
    let node_id = text(driver, "nodeID");
    let id_path = child(path, "nodeID");
    if node_id.is_empty() {
        errs.required(id_path.as_str(), "");
    }
    if node_id.len() > MAX_NODE_ID {
        errs.invalid(
            id_path,
            BadValue::str(node_id),
            &format!("must be {MAX_NODE_ID} characters or less"),
        );
    }
    let count = at(Some(driver), "allocatable").and_then(|a| a.get("count"));
    if let Some(count) = count.and_then(Value::as_i64).filter(|c| *c < 0) {
        errs.invalid(
            child(path, "allocatable.count"),
            BadValue::Int(count),
            "must be greater than or equal to 0",
        );
    }
    if seen.contains(&name) {
        errs.duplicate(name_path, BadValue::str(name));
    }
    seen.push(name);
    let mut keys: Vec<&str> = Vec::new();
    for key in items(driver.get("topologyKeys")) {
        let key = key.as_str().unwrap_or("");
        if key.is_empty() {
            errs.required(path, "");
        }
        if keys.contains(&key) {
            errs.duplicate(path, BadValue::str(key));
        }
        keys.push(key);
        invalid_each(errs, path, key, names::label_key(key));
    }
}

/// `ValidateCSIStorageCapacity` (on update with the stored node
/// topology's leave), then on update `ValidateCSIStorageCapacityUpdate`.
pub(in super::super) fn csi_storage_capacity(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let topology = at(Some(new), "nodeTopology");
    // hasInvalidLabelValueInLabelSelector: any error of the stored
    // selector, checked strictly, lets the new one keep invalid values.
    let loose_values = old.is_some_and(|old| {
        !meta::label_selector(at(Some(old), "nodeTopology"), "nodeTopology").is_empty()
    });
    let mut errs = meta::label_selector(topology, "nodeTopology");
    if loose_values {
        // AllowInvalidLabelValueInSelector skips the label values of the
        // expressions (`matchExpressions[i].values[j]`) alone.
        errs.retain(|e| {
            !(e.path.contains(".matchExpressions[")
                && e.path
                    .rsplit('.')
                    .next()
                    .is_some_and(|last| last.starts_with("values[")))
        });
    }
    // ValidateClassName: a DNS subdomain, the empty name included.
    let class = text(new, "storageClassName");
    invalid_each(
        &mut errs,
        "storageClassName",
        class,
        names::dns1123_subdomain(class),
    );
    // ValidateNonnegativeQuantity: the Quantity's String().
    let capacity = at(Some(new), "capacity")
        .and_then(super::super::resources::quantity_text)
        .and_then(|q| quantity::canonical(q.trim()));
    if let Some(q) = capacity.filter(|q| q.starts_with('-')) {
        errs.invalid(
            "capacity",
            BadValue::Str(q),
            "must be greater than or equal to 0",
        );
    }
    let Some(old) = old else {
        return errs;
    };
    // Semantic.DeepEqual of the *LabelSelector: nil apart from empty, its
    // map and lists nil or empty alike.
    let selector =
        |v: Option<&Value>| v.map(|s| equality::semantic(s.clone(), |k| k == "matchLabels"));
    if selector(topology) != selector(at(Some(old), "nodeTopology")) {
        errs.invalid(
            "nodeTopology",
            BadValue::Json(super::super::field::json_label_selector(topology)),
            "field is immutable",
        );
    }
    if class != text(old, "storageClassName") {
        errs.invalid(
            "storageClassName",
            BadValue::str(class),
            "field is immutable",
        );
    }
    errs
}
