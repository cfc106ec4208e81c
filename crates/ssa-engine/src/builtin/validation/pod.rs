//! What a Pod gets and a pod template does not (`pkg/apis/core/validation`):
//! `validatePodMetadataAndSpec`'s pod-only rules and `ValidatePodCreate`'s
//! (both after the pod spec, `core::pod_spec`), and `ValidatePodUpdate`'s
//! rules for what an update may change.
//!
//! Not modelled: a gated Pod's node selector and node affinity, which an
//! update may add to (`validateNodeSelectorMutation`,
//! `validateNodeAffinityMutation`); the seccomp and AppArmor annotations
//! that must match their fields; the diff upstream appends to the refusal
//! of a changed spec (its spacing varies on purpose).

use super::core::spec_without;
use super::field::{BadValue, Errors, FieldError, child, index};
use super::{at, items, text};
use crate::value::Value;

/// A Pod's container image with leading or trailing whitespace
/// (`validateContainerOnlyForPod`, and `ValidateContainerUpdates` again on
/// update, the same message, which the aggregate prints once).
pub(super) fn padded_image(errs: &mut Vec<FieldError>, container: &Value, path: String) {
    let image = text(container, "image");
    if image.trim() != image {
        errs.invalid(
            path,
            BadValue::str(image),
            "must not have leading or trailing whitespace",
        );
    }
}

/// `validateContainersOnlyForPod` (containers, then init containers: an
/// image without surrounding whitespace), then on create
/// `ValidatePodCreate`'s own rules.
pub(super) fn pod_only(spec: Option<&Value>, create: bool) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for key in ["containers", "initContainers"] {
        for (i, c) in items(at(spec, key)).iter().enumerate() {
            padded_image(&mut errs, c, child(&index(&child("spec", key), i), "image"));
        }
    }
    if create {
        // Ephemeral containers come only through their subresource.
        if !items(at(spec, "ephemeralContainers")).is_empty() {
            errs.forbidden("spec.ephemeralContainers", "cannot be set on create");
        }
        if !spec.map_or("", |s| text(s, "nodeName")).is_empty()
            && !items(at(spec, "schedulingGates")).is_empty()
        {
            errs.forbidden(
                "spec.nodeName",
                "cannot be set until all schedulingGates have been cleared",
            );
        }
    }
    errs
}

/// `ValidatePodUpdate` after the new spec's own validation: the
/// containers' count and images (a changed count stops here), the active
/// deadline (which may only be set or shortened), tolerations (only
/// added; an existing one may change only its `tolerationSeconds`),
/// scheduling gates (only removed), then the rest of the spec, which may
/// not change (`terminationGracePeriodSeconds` only from a negative value
/// to 1).
pub(super) fn update(old: &Value, new: &Value) -> Vec<FieldError> {
    let (spec, old_spec) = (new.get("spec"), old.get("spec"));
    let mut errs = Vec::new();
    // ValidateContainerUpdates.
    for key in ["containers", "initContainers"] {
        let path = child("spec", key);
        let containers = items(at(spec, key));
        if containers.len() != items(at(old_spec, key)).len() {
            errs.forbidden(path, "pod updates may not add or remove containers");
            return errs;
        }
        for (i, c) in containers.iter().enumerate() {
            let image_path = child(&index(&path, i), "image");
            if text(c, "image").is_empty() {
                errs.required(image_path.clone(), "");
            }
            padded_image(&mut errs, c, image_path);
        }
    }
    let deadline = |s: Option<&Value>| at(s, "activeDeadlineSeconds").and_then(Value::as_i64);
    const DEADLINE: &str = "spec.activeDeadlineSeconds";
    match (deadline(spec), deadline(old_spec)) {
        (Some(new), _) if !(0..=i64::from(i32::MAX)).contains(&new) => {
            errs.invalid(
                DEADLINE,
                BadValue::Int(new),
                "must be between 0 and 2147483647, inclusive",
            );
            return errs;
        }
        (Some(new), Some(old)) if old < new => {
            errs.invalid(
                DEADLINE,
                BadValue::Int(new),
                "must be less than or equal to previous value",
            );
            return errs;
        }
        (None, Some(_)) => errs.invalid(
            DEADLINE,
            BadValue::Json("null".into()),
            "must not update from a positive integer to nil value",
        ),
        _ => {}
    }
    // validateOnlyAddedTolerations: each stored toleration still there,
    // but for its seconds.
    let tolerations = items(at(spec, "tolerations"));
    let same = |a: &Value, b: &Value| {
        ["key", "operator", "value", "effect"]
            .iter()
            .all(|k| text(a, k) == text(b, k))
    };
    if !items(at(old_spec, "tolerations"))
        .iter()
        .all(|old| tolerations.iter().any(|t| same(old, t)))
    {
        errs.forbidden(
            "spec.tolerations",
            "existing toleration can not be modified except its tolerationSeconds",
        );
    }
    // validateOnlyDeletedSchedulingGates.
    let old_gates = items(at(old_spec, "schedulingGates"));
    for (i, gate) in items(at(spec, "schedulingGates")).iter().enumerate() {
        let name = text(gate, "name");
        if !old_gates.iter().any(|g| text(g, "name") == name) {
            errs.forbidden(
                child(&index("spec.schedulingGates", i), "name"),
                &format!("only deletion is allowed, but found new scheduling gate '{name}'"),
            );
        }
    }
    // A grace period may go from negative to 1.
    let grace = |p: Option<&Value>| at(p, "terminationGracePeriodSeconds").and_then(Value::as_i64);
    let relaxed = grace(old_spec).is_some_and(|g| g < 0) && grace(spec) == Some(1);
    if munged(new, relaxed) != munged(old, relaxed) {
        errs.forbidden(
            "spec",
            "pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)",
        );
    }
    errs
}

/// One side of an update's spec with what the update may change taken out
/// (upstream copies the stored values in): images, the active deadline,
/// tolerations, scheduling gates, and with `grace` the grace period.
fn munged(pod: &Value, grace: bool) -> Value {
    let mut mutable = vec!["activeDeadlineSeconds", "tolerations", "schedulingGates"];
    if grace {
        mutable.push("terminationGracePeriodSeconds");
    }
    let mut spec = spec_without(pod, &mutable);
    if let Some(s) = spec.as_map_mut() {
        for list in ["containers", "initContainers"] {
            if let Some(Value::List(items)) = s.get_mut(list) {
                for c in items.iter_mut().filter_map(Value::as_map_mut) {
                    c.remove("image");
                }
            }
        }
    }
    spec
}
