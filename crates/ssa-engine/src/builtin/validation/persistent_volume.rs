//! PersistentVolumes, as the strategy validates them (Kubernetes 1.36,
//! VolumeAttributesClass on): `pkg/apis/core/validation/validation.go`'s
//! `ValidatePersistentVolumeSpec` (access modes, capacity, reclaim
//! policy, node affinity, exactly one volume source and its own rules,
//! class names, volume mode), `pkg/volume/validation`'s `checkMountOption`
//! (the beta mount-options annotation on a source that takes none), and on
//! update `ValidatePersistentVolumeUpdate`: the source, the volume mode and
//! a set node affinity are immutable (but for beta topology labels
//! renamed to their GA names), a volume attributes class may not be unset.
//! The same spec rules check a VolumeAttachment's inline volume in their
//! inline form ([`inline_spec`]), at its own path.
//!
//! The sources a pod's volume also has are checked by [`volumes`]'
//! functions; what the PersistentVolume types add (secret namespaces, a
//! glusterfs endpoints namespace, an iscsi secret name, `local`, the CSI
//! volume handle and secret references) is here.
//!
//! Not modelled: the go-cmp diff upstream appends to the immutable
//! source's message (as `pvc`'s), and `/status` writes
//! (`ValidatePersistentVolumeStatusUpdate`).

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each};
use super::{at, equality, items, names, podspec, pvc, text, volumes};
use crate::builtin::goencoding::quantity;
use crate::value::{Map, Value};
use std::cmp::Ordering;

/// `PersistentVolumeSource`'s fields, in the order
/// `ValidatePersistentVolumeSpec` checks them.
const SOURCES: [&str; 22] = [
    "hostPath",
    "gcePersistentDisk",
    "awsElasticBlockStore",
    "glusterfs",
    "flocker",
    "nfs",
    "rbd",
    "quobyte",
    "cephfs",
    "iscsi",
    "cinder",
    "fc",
    "flexVolume",
    "azureFile",
    "vsphereVolume",
    "photonPersistentDisk",
    "portworxVolume",
    "azureDisk",
    "scaleIO",
    "local",
    "storageos",
    "csi",
];

/// The sources that take mount options (`checkMountOption`'s list).
const MOUNTABLE: [&str; 13] = [
    "gcePersistentDisk",
    "awsElasticBlockStore",
    "glusterfs",
    "nfs",
    "rbd",
    "quobyte",
    "iscsi",
    "cinder",
    "cephfs",
    "azureFile",
    "vsphereVolume",
    "azureDisk",
    "photonPersistentDisk",
];

const MOUNT_OPTIONS: &str = "volume.beta.kubernetes.io/mount-options";

/// The errors of a PersistentVolume's spec (and, on update, of what
/// changed), after its metadata's.
pub(super) fn persistent_volume(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    // ValidationOptionsForPersistentVolume: label values the stored
    // volume's required terms already broke stay allowed.
    let loose_values = old.is_some_and(|old| {
        let mut errs = Vec::new();
        required_terms(&mut errs, old.get("spec"), "", true);
        !errs.is_empty()
    });
    let name = new
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    let at = SpecAt {
        path: "spec",
        pv_name: name,
        inline: false,
        loose_values,
    };
    let mut errs = spec(new.get("spec"), &at);
    // checkMountOption.
    let annotated = new
        .get_path(&["metadata", "annotations", MOUNT_OPTIONS])
        .is_some();
    if annotated && !MOUNTABLE.iter().any(|k| spec_field(new, k).is_some()) {
        errs.forbidden(
            ["metadata.annotations.", MOUNT_OPTIONS].concat(),
            "may not specify mount options for this volume type",
        );
    }
    if let Some(old) = old {
        update(&mut errs, old, new);
    }
    errs
}

/// `ValidatePersistentVolumeSpec` of a VolumeAttachment's
/// `inlineVolumeSpec` at `path` (`validateInlinePersistentVolumeSpec`,
/// with the zero options `validateVolumeAttachmentSource` passes: no
/// volume name, VolumeAttributesClass off, label values checked).
pub(super) fn inline_spec(inline: Option<&Value>, path: &str) -> Vec<FieldError> {
    let at = SpecAt {
        path,
        pv_name: "",
        inline: true,
        loose_values: false,
    };
    spec(inline, &at)
}

/// A field of the volume's spec, unless absent or null.
fn spec_field<'a>(pv: &'a Value, key: &str) -> Option<&'a Value> {
    at(pv.get("spec"), key)
}

/// Where and as what `ValidatePersistentVolumeSpec` checks a spec.
struct SpecAt<'a> {
    /// The spec's path.
    path: &'a str,
    /// The volume's name (an iscsi initiator's length counts it).
    pv_name: &'a str,
    /// `validateInlinePersistentVolumeSpec`: a VolumeAttachment's.
    inline: bool,
    /// `AllowInvalidLabelValueInRequiredNodeAffinity`.
    loose_values: bool,
}

/// Why an inline spec may not have a field.
const NOT_INLINE: &str = "may not be specified in the context of inline volumes";

/// `ValidatePersistentVolumeSpec` of `spec`: a PersistentVolume's
/// (VolumeAttributesClass on, as in 1.36) or, `inline`, a
/// VolumeAttachment's, which has no capacity, claim, node affinity or
/// class, a CSI source, and only Retain and Filesystem.
fn spec(spec: Option<&Value>, place: &SpecAt) -> Vec<FieldError> {
    let path = |key: &str| child(place.path, key);
    let field = |key: &str| at(spec, key);
    let inline = place.inline;
    let mut errs = Vec::new();
    let capacity_map = field("capacity").and_then(Value::as_map);
    if inline {
        if field("claimRef").is_some() {
            errs.forbidden(path("claimRef"), NOT_INLINE);
        }
        if capacity_map.is_some_and(|c| !c.is_empty()) {
            errs.forbidden(path("capacity"), NOT_INLINE);
        }
        if field("csi").is_none() {
            errs.required(
                path("csi"),
                "has to be specified in the context of inline volumes",
            );
        }
    }
    pvc::access_modes(&mut errs, spec, place.path, "", Vec::new());
    if !inline {
        capacity(&mut errs, capacity_map, &path("capacity"));
    }
    let reclaim = field("persistentVolumeReclaimPolicy")
        .and_then(Value::as_str)
        .unwrap_or("");
    const POLICIES: [&str; 3] = ["Delete", "Recycle", "Retain"];
    if inline && !reclaim.is_empty() && reclaim != "Retain" {
        errs.forbidden(
            path("persistentVolumeReclaimPolicy"),
            "may only be Retain in the context of inline volumes",
        );
    } else if !inline && !reclaim.is_empty() && !POLICIES.contains(&reclaim) {
        let at = path("persistentVolumeReclaimPolicy");
        errs.not_supported(at, BadValue::str(reclaim), &POLICIES);
    }
    // validateVolumeNodeAffinity, which an inline spec skips: its local
    // volume then lacks a node affinity even when it has one.
    let affinity = field("nodeAffinity");
    let mut affinity_specified = false;
    if let Some(affinity) = affinity {
        if inline {
            errs.forbidden(path("nodeAffinity"), NOT_INLINE);
        } else {
            affinity_specified = true;
            let required = path("nodeAffinity.required");
            if at(Some(affinity), "required").is_none() {
                errs.required(required.as_str(), "must specify required node constraints");
            }
            required_terms(&mut errs, spec, &required, !place.loose_values);
        }
    }
    let mut found = false;
    for key in SOURCES {
        let Some(s) = field(key) else {
            continue;
        };
        // A flexVolume is never refused as a second type: upstream only
        // counts it.
        if found && key != "flexVolume" {
            let spelled = if key == "cephfs" { "cephFS" } else { key };
            errs.forbidden(path(spelled), "may not specify more than 1 volume type");
            continue;
        }
        found = true;
        let spelled = match key {
            "gcePersistentDisk" => "persistentDisk",
            key => key,
        };
        source_rules(&mut errs, key, s, &path(spelled), place.pv_name);
        if key == "local" && !affinity_specified {
            errs.required(path("nodeAffinity"), "Local volume requires node affinity");
        }
    }
    if !found {
        errs.required(place.path, "must specify a volume type");
    }
    let host_path = field("hostPath").map_or("", |h| text(h, "path"));
    if reclaim == "Recycle" && cleans_to_root(host_path) {
        errs.forbidden(
            path("persistentVolumeReclaimPolicy"),
            "may not be 'recycle' for a hostPath mount of '/'",
        );
    }
    let class = field("storageClassName").and_then(Value::as_str);
    if let Some(class) = class.filter(|c| !c.is_empty()) {
        if inline {
            errs.forbidden(path("storageClassName"), NOT_INLINE);
        } else {
            class_name(&mut errs, &path("storageClassName"), class);
        }
    }
    if let Some(mode) = field("volumeMode").and_then(Value::as_str) {
        if inline && mode != "Filesystem" {
            errs.forbidden(
                path("volumeMode"),
                "may not specify volumeMode other than Filesystem in the context of inline volumes",
            );
        } else if !inline && !["Block", "Filesystem"].contains(&mode) {
            errs.not_supported(
                path("volumeMode"),
                BadValue::str(mode),
                &["Block", "Filesystem"],
            );
        }
    }
    let vac = field("volumeAttributesClassName").and_then(Value::as_str);
    if let Some(vac) = vac.filter(|_| !inline) {
        let at = path("volumeAttributesClassName");
        if vac.is_empty() {
            errs.required(at, "an empty string is disallowed");
        } else {
            class_name(&mut errs, &at, vac);
        }
        if field("csi").is_none() {
            errs.required(
                path("csi"),
                "has to be specified when using volumeAttributesClassName",
            );
        }
    }
    errs
}

/// `ValidateClassName`: a DNS subdomain.
fn class_name(errs: &mut Vec<FieldError>, path: &str, name: &str) {
    invalid_each(errs, path, name, names::dns1123_subdomain(name));
}

/// `ValidateNodeSelector` of the required node affinity of a volume's
/// `spec`, at `path`: a term at least, each by `ValidateNodeSelectorTerm`,
/// its values label values when `values`. Nothing without a required
/// selector.
fn required_terms(errs: &mut Vec<FieldError>, spec: Option<&Value>, path: &str, values: bool) {
    let Some(required) = at(spec, "nodeAffinity").and_then(|a| at(Some(a), "required")) else {
        return;
    };
    let list = child(path, "nodeSelectorTerms");
    let terms = items(required.get("nodeSelectorTerms"));
    if terms.is_empty() {
        errs.required(list, "must have at least one node selector term");
        return;
    }
    for (i, term) in terms.iter().enumerate() {
        podspec::node_selector_term(errs, term, &index(&list, i), values);
    }
}

/// The capacity's rules, at `path`: set, of `storage` alone, each
/// quantity `validateBasicResource` (`Value()` not negative) and
/// `ValidatePositiveQuantityValue` (above zero).
fn capacity(errs: &mut Vec<FieldError>, capacity: Option<&Map>, path: &str) {
    let keys = super::meta::sorted_keys(capacity);
    if keys.is_empty() {
        errs.required(path, "");
    }
    let quantities: Vec<(&String, String)> = keys
        .iter()
        .map(|k| {
            let v = capacity
                .and_then(|c| c.get(k.as_str()))
                .unwrap_or(&Value::Null);
            let written = super::resources::quantity_text(v).unwrap_or_default();
            (*k, quantity::canonical(&written).unwrap_or(written))
        })
        .collect();
    if keys.len() != 1 || keys[0] != "storage" {
        // json.Marshal of the ResourceList: keys sorted, quantities as
        // their canonical strings; a nil map is null.
        let json = if keys.is_empty() {
            "null".to_string()
        } else {
            let mut m = Map::new();
            for (k, q) in &quantities {
                m.insert(k.as_str(), Value::from(q.as_str()));
            }
            Value::Map(m).to_json_sorted()
        };
        errs.not_supported(path, BadValue::Json(json), &["storage"]);
    }
    // Go walks the map at random; sorted here.
    for (key, q) in quantities {
        let path = format!("{path}[{key}]");
        if let Some(v) = quantity::scaled_ceil(&q, 0).filter(|v| *v < 0) {
            errs.invalid(
                path.as_str(),
                BadValue::Int(v),
                "must be a valid resource quantity",
            );
        }
        if quantity::compare(Some(&q), None) != Some(Ordering::Greater) {
            errs.invalid(path, BadValue::Str(q), "must be greater than zero");
        }
    }
}

/// Whether Go's `path.Clean` makes `p` the root.
fn cleans_to_root(p: &str) -> bool {
    let Some(rest) = p.strip_prefix('/') else {
        return false;
    };
    let mut depth = 0usize;
    for segment in rest.split('/') {
        match segment {
            "" | "." => {}
            ".." => depth = depth.saturating_sub(1),
            _ => depth += 1,
        }
    }
    depth == 0
}

/// The rules of the source `key` (`s`) at `at`: a pod volume's, and what
/// the PersistentVolume's type adds.
fn source_rules(errs: &mut Vec<FieldError>, key: &str, s: &Value, at: &str, pv_name: &str) {
    let path = |k: &str| child(at, k);
    match key {
        // validateISCSIPersistentVolumeSource: the initiator's name is
        // <volume>:<portal>, refused at the portal (spelled `targetportal`).
        "iscsi" => {
            let portal = text(s, "targetPortal");
            if portal.is_empty() {
                errs.required(path("targetPortal"), "");
            }
            if super::at(Some(s), "initiatorName").is_some()
                && pv_name.len() + 1 + portal.len() > 64
            {
                errs.invalid(
                    path("targetportal"),
                    BadValue::str(portal),
                    volumes::ISCSI_NAME_TOO_LONG,
                );
            }
            volumes::iscsi(errs, s, at, true);
        }
        // validateLocalVolumeSource.
        "local" => {
            let p = text(s, "path");
            if p.is_empty() {
                errs.required(path("path"), "");
            } else {
                volumes::no_backsteps(errs, p, &path("path"));
            }
        }
        // validateCSIPersistentVolumeSource.
        "csi" => {
            volumes::csi_driver_name(errs, text(s, "driver"), &path("driver"));
            if text(s, "volumeHandle").is_empty() {
                errs.required(path("volumeHandle"), "");
            }
            for key in [
                "controllerPublishSecretRef",
                "controllerExpandSecretRef",
                "nodePublishSecretRef",
                "nodeExpandSecretRef",
            ] {
                if let Some(r) = super::at(Some(s), key) {
                    secret_reference(errs, r, &path(key));
                }
            }
        }
        _ => {
            volumes::source_rules(errs, key, s, at);
            persistent_extras(errs, key, s, at);
        }
    }
}

/// What a PersistentVolume's glusterfs, cinder, storageos and azureFile
/// sources check beyond a pod's.
fn persistent_extras(errs: &mut Vec<FieldError>, key: &str, s: &Value, at: &str) {
    let path = |k: &str| child(at, k);
    match key {
        "glusterfs" => {
            if let Some(ns) = super::at(Some(s), "endpointsNamespace").and_then(Value::as_str) {
                let at = path("endpointsNamespace");
                if ns.is_empty() {
                    errs.invalid(
                        at,
                        BadValue::str(ns),
                        "if the endpointnamespace is set, it must be a valid namespace name",
                    );
                } else {
                    invalid_each(errs, &at, ns, names::dns1123_label(ns));
                }
            }
        }
        "cinder" | "storageos"
            if super::at(Some(s), "secretRef").is_some_and(|r| text(r, "namespace").is_empty()) =>
        {
            errs.required(child(&path("secretRef"), "namespace"), "");
        }
        "azureFile" if s.get("secretNamespace").and_then(Value::as_str) == Some("") => {
            errs.required(path("secretNamespace"), "");
        }
        _ => {}
    }
}

/// `validatePVSecretReference`: a name that is a DNS subdomain, a
/// namespace that is a DNS label.
fn secret_reference(errs: &mut Vec<FieldError>, r: &Value, at: &str) {
    for (key, check) in [
        ("name", names::dns1123_subdomain as fn(&str) -> Vec<String>),
        ("namespace", names::dns1123_label),
    ] {
        let value = text(r, key);
        let path = child(at, key);
        if value.is_empty() {
            errs.required(path, "");
        } else {
            invalid_each(errs, &path, value, check(value));
        }
    }
}

/// `ValidatePersistentVolumeUpdate` after `ValidatePersistentVolume`.
fn update(errs: &mut Vec<FieldError>, old: &Value, new: &Value) {
    let sources = |pv: &Value| {
        let mut m = Map::new();
        for key in SOURCES {
            if let Some(s) = spec_field(pv, key) {
                m.insert(key, s.clone());
            }
        }
        Value::Map(m)
    };
    let (was, mut now) = (sources(old), sources(new));
    // A controllerExpandSecretRef may be added to a CSI source.
    let expand = |v: &Value| {
        v.get_path(&["csi", "controllerExpandSecretRef"])
            .is_some_and(|r| !r.is_null())
    };
    if was.get("csi").is_some()
        && !expand(&was)
        && expand(&now)
        && let Some(csi) = now.as_map_mut().and_then(|m| m.child_map_mut("csi"))
    {
        csi.remove("controllerExpandSecretRef");
    }
    // The sources' Go maps: a flexVolume's options, a CSI source's
    // volume attributes.
    let go_map = |k: &str| matches!(k, "options" | "volumeAttributes");
    if equality::semantic(was, go_map) != equality::semantic(now, go_map) {
        errs.forbidden(
            "spec.persistentvolumesource",
            "spec.persistentvolumesource is immutable after creation",
        );
    }
    pvc::immutable_volume_mode(errs, old, new);
    // validatePvNodeAffinity, when the stored volume has one.
    if let Some(was) = spec_field(old, "nodeAffinity") {
        let now = spec_field(new, "nodeAffinity");
        let renamed = now.map(|n| ga_keys(was, n));
        let same = |a: &Value, b: &Value| {
            equality::semantic(a.clone(), |_| false) == equality::semantic(b.clone(), |_| false)
        };
        if !renamed.is_some_and(|r| now.is_some_and(|n| same(&r, n))) {
            let json = match now {
                None => "null".to_string(),
                Some(n) => format!(
                    "{{\"Required\":{}}}",
                    super::internal_json::pointer_to("NodeSelector", at(Some(n), "required"))
                ),
            };
            errs.invalid(
                "nodeAffinity",
                BadValue::Json(json),
                "field is immutable, except for updating from beta label to GA",
            );
        }
    }
    let vac = |pv: &Value| spec_field(pv, "volumeAttributesClassName").is_some();
    if vac(old) && !vac(new) {
        errs.forbidden(
            "spec.volumeAttributesClassName",
            "update from non-nil value to nil is forbidden",
        );
    }
}

/// The stored node affinity `was` with each requirement's beta topology
/// key renamed to the GA key the requirement at the same place in `now`
/// has (`getMaskNodeSelectorLabelChangeEqualities`' `betaToGALabel`).
fn ga_keys(was: &Value, now: &Value) -> Value {
    const BETA_TO_GA: [(&str, &str); 5] = [
        (
            "failure-domain.beta.kubernetes.io/zone",
            "topology.kubernetes.io/zone",
        ),
        (
            "failure-domain.beta.kubernetes.io/region",
            "topology.kubernetes.io/region",
        ),
        ("beta.kubernetes.io/os", "kubernetes.io/os"),
        ("beta.kubernetes.io/arch", "kubernetes.io/arch"),
        (
            "beta.kubernetes.io/instance-type",
            "node.kubernetes.io/instance-type",
        ),
    ];
    let mut out = was.clone();
    let terms = |v: &Value| items(v.get_path(&["required", "nodeSelectorTerms"])).to_vec();
    let new_terms = terms(now);
    let Some(old_terms) = out
        .as_map_mut()
        .and_then(|m| m.child_map_mut("required"))
        .and_then(|r| r.get_mut("nodeSelectorTerms"))
        .and_then(Value::as_list_mut)
    else {
        return out;
    };
    for (term, new_term) in old_terms.iter_mut().zip(&new_terms) {
        for list in ["matchExpressions", "matchFields"] {
            let new_list = items(new_term.get(list));
            let Some(old_list) = term
                .as_map_mut()
                .and_then(|t| t.get_mut(list))
                .and_then(Value::as_list_mut)
            else {
                continue;
            };
            for (req, new_req) in old_list.iter_mut().zip(new_list) {
                let new_key = text(new_req, "key");
                let renamed = BETA_TO_GA
                    .iter()
                    .any(|(beta, ga)| text(req, "key") == *beta && new_key == *ga);
                if renamed && let Some(m) = req.as_map_mut() {
                    m.insert("key", Value::from(new_key));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
