//! `pkg/apis/storage/validation/validation.go` for a StorageClass: the
//! strategy runs `ValidateStorageClass` (a provisioner that is a
//! qualified name, the parameters' keys and size, the policies' values),
//! and on update `ValidateStorageClassUpdate` after it, the refusal a
//! class's users meet most (a chart or a GitOps tool changing a class in
//! place): its parameters, provisioner and reclaim policy may not change,
//! and its volume binding mode is immutable. Not modelled: the allowed
//! topologies (`ValidateTopologySelectorTerm`), and the other storage
//! kinds.

use super::field::{BadValue, Errors, FieldError, invalid_each, named, too_long};
use super::{names, text};
use crate::value::Value;

/// `ValidateStorageClass`, in upstream's order.
fn storage_class_create(new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    // validateProvisioner: the lower-cased name is what is checked and
    // printed. ASCII only (Go's `strings.ToLower` is Unicode's, whose
    // tables would cost the page 10 KB): a name with other letters is
    // refused either way, but printed with them as written.
    let provisioner = text(new, "provisioner").to_ascii_lowercase();
    if provisioner.is_empty() {
        errs.required("provisioner", "");
    } else {
        let messages = names::label_key(&provisioner);
        invalid_each(&mut errs, "provisioner", &provisioner, messages);
    }
    // validateParameters: at most 512 of them, no empty key, 256 KiB in
    // all.
    if let Some(params) = new.get("parameters").and_then(Value::as_map) {
        if params.len() > 512 {
            errs.push(too_long("parameters", 512));
        } else {
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
    }
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
    errs
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
