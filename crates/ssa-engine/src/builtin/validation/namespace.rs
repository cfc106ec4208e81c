//! A Namespace's own rules (`pkg/apis/core/validation`): the names of
//! its spec's finalizers on create, and on a `/status` write the phase
//! its deletion allows.

use super::field::{BadValue, Errors, FieldError};
use super::meta::kube_finalizer_name;
use super::{items, names, text};
use crate::value::Value;

/// `ValidateNamespace`'s loop over `spec.finalizers` with
/// `validateFinalizerName`: each a qualified name
/// (`ValidateFinalizerName`), and one without a '/' a standard one. Every
/// error is at `spec.finalizers`, without the index.
pub(super) fn spec_finalizers(namespace: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let list = namespace.get("spec").and_then(|s| s.get("finalizers"));
    for finalizer in items(list) {
        let name = finalizer.as_str().unwrap_or("");
        for m in names::label_key(name) {
            errs.invalid("spec.finalizers", BadValue::str(name), &m);
        }
        kube_finalizer_name(&mut errs, name, "spec.finalizers");
    }
    errs
}

/// `ValidateNamespaceStatusUpdate`: the phase is Active while the
/// Namespace has no `deletionTimestamp`, Terminating once it has one
/// (upstream's path spells `Phase` with a capital).
pub(super) fn status(namespace: &Value) -> Vec<FieldError> {
    let phase = namespace.get("status").map_or("", |s| text(s, "phase"));
    let deleting = namespace
        .get("metadata")
        .and_then(|m| m.get("deletionTimestamp"))
        .is_some_and(|t| !t.is_null());
    let mut errs = Vec::new();
    match (deleting, phase) {
        (false, "Active") | (true, "Terminating") => {}
        (false, _) => errs.invalid(
            "status.Phase",
            BadValue::str(phase),
            "may only be 'Active' if `deletionTimestamp` is empty",
        ),
        (true, _) => errs.invalid(
            "status.Phase",
            BadValue::str(phase),
            "may only be 'Terminating' if `deletionTimestamp` is not empty",
        ),
    }
    errs
}
