//! `pkg/apis/storage/validation/validation.go` for a StorageClass: the
//! strategy runs `ValidateStorageClass` (a provisioner that is a
//! qualified name, the parameters' keys and size, the policies' values),
//! and on update `ValidateStorageClassUpdate` after it, the refusal a
//! class's users meet most (a chart or a GitOps tool changing a class in
//! place): its parameters, provisioner and reclaim policy may not change,
//! and its volume binding mode is immutable; its allowed topologies
//! (`validateAllowedTopologies`). A CSIDriver's spec and immutable fields,
//! a VolumeAttributesClass's driver and parameters. The objects CSI
//! components write (VolumeAttachment, CSINode, CSIStorageCapacity) are
//! in `csi`.

mod csi;

pub(super) use csi::{csi_node, csi_storage_capacity, volume_attachment};

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each, named, too_long};
use super::{items, names, text};
use crate::value::Value;
use std::collections::{BTreeMap, BTreeSet};

/// `ValidateStorageClass`, in upstream's order.
fn storage_class_create(new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    provisioner(&mut errs, "provisioner", text(new, "provisioner"));
    parameters(&mut errs, new.get("parameters"), true);
    // validateReclaimPolicy, validateVolumeBindingMode (both defaulted).
    for (key, valid) in [
        ("reclaimPolicy", ["Delete", "Retain"]),
        ("volumeBindingMode", ["Immediate", "WaitForFirstConsumer"]),
    ] {
        match new.get(key).and_then(Value::as_str) {
            None if key == "volumeBindingMode" => errs.required(key, ""),
            Some(value) if !value.is_empty() && !valid.contains(&value) => {
                errs.not_supported(key, named(value), &valid);
            }
            _ => {}
        }
    }
    allowed_topologies(&mut errs, items(new.get("allowedTopologies")));
    errs
}

/// `validateProvisioner`: the lower-cased name is what is checked and
/// printed. ASCII only (Go's `strings.ToLower` is Unicode's, whose tables
/// would cost the page 10 KB): a name with other letters is refused either
/// way, but printed with them as written.
fn provisioner(errs: &mut Vec<FieldError>, path: &str, name: &str) {
    let name = name.to_ascii_lowercase();
    if name.is_empty() {
        errs.required(path, "");
    } else {
        let messages = names::label_key(&name);
        invalid_each(errs, path, &name, messages);
    }
}

/// `validateParameters`: at most 512 of them, no empty key, 256 KiB in
/// all, and unless `allow_empty` one at least.
fn parameters(errs: &mut Vec<FieldError>, params: Option<&Value>, allow_empty: bool) {
    let params = params.and_then(Value::as_map);
    if let Some(params) = params {
        if params.len() > 512 {
            errs.push(too_long("parameters", 512));
            return;
        }
        if params.contains_key("") {
            errs.invalid("parameters", BadValue::str(""), "field can not be empty.");
        }
        let size: usize = params
            .iter()
            .map(|(k, v)| k.len() + v.as_str().map_or(0, str::len))
            .sum();
        if size > 256 * 1024 {
            errs.push(too_long("parameters", 256 * 1024));
        }
    }
    if !allow_empty && params.is_none_or(|p| p.is_empty()) {
        errs.required("parameters", "must contain at least one key/value pair");
    }
}

/// `ValidateVolumeAttributesClass`, and on update first
/// `ValidateVolumeAttributesClassUpdate`'s driver name and parameters,
/// which may not change.
pub(super) fn volume_attributes_class(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if let Some(old) = old {
        if text(new, "driverName") != text(old, "driverName") {
            errs.forbidden("driverName", "updates to driverName are forbidden.");
        }
        if new.get("parameters") != old.get("parameters") {
            errs.forbidden("parameters", "updates to parameters are forbidden.");
        }
    }
    provisioner(&mut errs, "driverName", text(new, "driverName"));
    parameters(&mut errs, new.get("parameters"), false);
    errs
}

/// `ValidateCSIDriver`'s spec (`validateCSIDriverSpec`, whose required
/// booleans are defaulted, and at `spec.attachedRequired` for
/// `attachRequired`, as upstream spells it), and on update
/// `ValidateCSIDriverUpdate`'s immutable fields after it.
pub(super) fn csi_driver(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let spec = new.get("spec").unwrap_or(&Value::Null);
    let mut errs = Vec::new();
    for (key, path) in [
        ("attachRequired", "spec.attachedRequired"),
        ("podInfoOnMount", "spec.podInfoOnMount"),
        ("storageCapacity", "spec.storageCapacity"),
    ] {
        if spec.get(key).is_none_or(Value::is_null) {
            errs.required(path, "");
        }
    }
    if let Some(policy) = spec.get("fsGroupPolicy").and_then(Value::as_str) {
        const POLICIES: [&str; 3] = ["File", "None", "ReadWriteOnceWithFSType"];
        if !POLICIES.contains(&policy) {
            errs.not_supported("spec.fsGroupPolicy", named(policy), &POLICIES);
        }
    }
    // validateTokenRequests: each audience once, expirations from ten
    // minutes to 2^32 seconds.
    let mut audiences: Vec<&str> = Vec::new();
    for (i, request) in items(spec.get("tokenRequests")).iter().enumerate() {
        let at = index("spec.tokenRequests", i);
        let audience = text(request, "audience");
        if audiences.contains(&audience) {
            errs.duplicate(child(&at, "audience"), BadValue::str(audience));
            continue;
        }
        audiences.push(audience);
        if let Some(seconds) = request.get("expirationSeconds").and_then(Value::as_i64) {
            if seconds < 600 {
                errs.invalid(
                    child(&at, "expirationSeconds"),
                    BadValue::Int(seconds),
                    "may not specify a duration less than 10 minutes",
                );
            }
            if seconds > 1 << 32 {
                errs.invalid(
                    child(&at, "expirationSeconds"),
                    BadValue::Int(seconds),
                    "may not specify a duration larger than 2^32 seconds",
                );
            }
        }
    }
    for mode in items(spec.get("volumeLifecycleModes")) {
        let mode = mode.as_str().unwrap_or("");
        if mode != "Persistent" && mode != "Ephemeral" {
            errs.not_supported(
                "spec.volumeLifecycleModes",
                named(mode),
                &["Persistent", "Ephemeral"],
            );
        }
    }
    // SELinuxMountReadWriteOncePod is on in 1.36: the field is required
    // (and defaulted).
    if spec.get("seLinuxMount").is_none_or(Value::is_null) {
        errs.required("spec.seLinuxMount", "");
    }
    if let Some(period) = spec
        .get("nodeAllocatableUpdatePeriodSeconds")
        .and_then(Value::as_i64)
        .filter(|p| *p < 10)
    {
        errs.invalid(
            "spec.nodeAllocatableUpdatePeriodSeconds",
            BadValue::Int(period),
            "must be greater than or equal to 10 seconds",
        );
    }
    if let Some(old) = old.and_then(|o| o.get("spec")) {
        let fixed = [
            ("attachRequired", "spec.attachedRequired"),
            ("volumeLifecycleModes", "spec.volumeLifecycleModes"),
        ];
        for (field, path) in fixed {
            let now = spec.get(field);
            if now != old.get(field) {
                let printed = now.map_or_else(|| "null".to_string(), Value::to_json);
                errs.invalid(path, BadValue::Json(printed), "field is immutable");
            }
        }
    }
    errs
}

/// A topology term as upstream compares terms: each key's set of values.
type Term<'a> = BTreeMap<&'a str, BTreeSet<&'a str>>;

/// `validateAllowedTopologies`: each term by `ValidateTopologySelectorTerm`
/// (core/validation), then a `Duplicate` for each earlier term alike.
/// Upstream's list of earlier terms starts with as many nil maps as there
/// are terms (`make` with a length, then `append`), and
/// `Semantic.DeepEqual` holds an empty map equal to a nil one: a term
/// without expressions is a duplicate of each of them too.
fn allowed_topologies(errs: &mut Vec<FieldError>, terms: &[Value]) {
    let mut seen: Vec<Term> = vec![Term::new(); terms.len()];
    for (i, term) in terms.iter().enumerate() {
        let at = index("allowedTopologies", i);
        let expressions = child(&at, "matchLabelExpressions");
        let mut this = Term::new();
        for (j, requirement) in items(term.get("matchLabelExpressions")).iter().enumerate() {
            // validateTopologySelectorLabelRequirement: values, unique;
            // the key a label name (`ValidateLabelName`); then the term's
            // check that no key repeats.
            let at = index(&expressions, j);
            let values_path = child(&at, "values");
            let values = items(requirement.get("values"));
            if values.is_empty() {
                errs.required(values_path.as_str(), "");
            }
            let mut set = BTreeSet::new();
            for (k, value) in values.iter().enumerate() {
                let value = value.as_str().unwrap_or("");
                if !set.insert(value) {
                    errs.duplicate(index(&values_path, k), BadValue::str(value));
                }
            }
            let key = text(requirement, "key");
            let key_path = child(&at, "key");
            invalid_each(errs, &key_path, key, names::label_key(key));
            if this.insert(key, set).is_some() {
                errs.duplicate(key_path, BadValue::str(key));
            }
        }
        for _ in seen.iter().filter(|earlier| **earlier == this) {
            errs.duplicate(expressions.as_str(), BadValue::str(""));
        }
        seen.push(this);
    }
}

/// `ValidateStorageClass`, then on update `ValidateStorageClassUpdate`.
pub(super) fn storage_class(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let mut errs = storage_class_create(new);
    let Some(old) = old else {
        return errs;
    };
    // `reflect.DeepEqual` of the parameters and `!=` of the strings (the
    // policies are defaulted, so both are set).
    for key in ["parameters", "provisioner", "reclaimPolicy"] {
        if new.get(key) != old.get(key) {
            errs.forbidden(key, &format!("updates to {key} are forbidden."));
        }
    }
    // ValidateImmutableField: the new mode, a named string type (printed
    // by `json.Marshal`).
    let mode = text(new, "volumeBindingMode");
    if mode != text(old, "volumeBindingMode") {
        errs.invalid("volumeBindingMode", named(mode), "field is immutable");
    }
    errs
}

#[cfg(test)]
mod tests;
