//! `pkg/apis/storage/validation/validation.go`'s
//! `ValidateStorageClassUpdate`, the refusal a StorageClass's users meet
//! most (a chart or a GitOps tool changing a class in place): its
//! parameters, provisioner and reclaim policy may not change, and its
//! volume binding mode is immutable. The strategy runs
//! `ValidateStorageClass` on the new object first; of that, and of the
//! other storage kinds, nothing is modelled (a provisioner's form, the
//! policies' values, allowed topologies).

use super::field::{Errors, FieldError, named};
use super::text;
use crate::value::Value;

/// The update's errors, in upstream's order (none on create).
pub(super) fn storage_class(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let mut errs = Vec::new();
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
