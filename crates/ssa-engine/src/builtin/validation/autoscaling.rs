//! `pkg/apis/autoscaling/validation/validation.go` for a
//! HorizontalPodAutoscaler: the first rules of
//! `validateHorizontalPodAutoscalerSpec` (called by
//! `ValidateHorizontalPodAutoscaler` and, alike,
//! `ValidateHorizontalPodAutoscalerUpdate`), with the options the
//! registry's `validationOptionsForHorizontalPodAutoscaler` gives them:
//! the replica bounds, the scale target, each metric's type, and scaling
//! to zero. Upstream validates the internal type, which has v2's shape:
//! an autoscaling/v1 object's `targetCPUUtilizationPercentage` is the
//! utilization of the Resource metric its conversion makes, and is
//! reported at that metric's path.
//!
//! 1.36's words: an unset `maxReplicas` is `Required` (the hand-written
//! rule as it was reworded for declarative validation, which 1.36 still
//! only shadows), and `HPAScaleToZero` is off, so `minReplicas` is at
//! least 1 unless the stored object already had 0.
//!
//! Not modelled, to keep the page's wasm small: a scale target's kind or
//! name that is not a path segment, an apiVersion with several '/'; the
//! metric sources (one given for the type, no other, their names,
//! described objects and targets: `validateMetricSpec`'s other rules and
//! `validateObjectSource` to `validateMetricTarget`); `behavior`
//! (`validateBehavior`: stabilization windows, select policies, scaling
//! policies, tolerances); what an autoscaling/v1 object carries in its
//! annotations.

use super::field::{BadValue, Errors, FieldError, child, index, named};
use super::{items, text};
use crate::value::Value;

/// The metric source types, as `validMetricSourceTypesList` sorts them.
const METRIC_TYPES: [&str; 5] = [
    "ContainerResource",
    "External",
    "Object",
    "Pods",
    "Resource",
];

pub(super) fn horizontal_pod_autoscaler(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let null = Value::Null;
    let spec = new.get("spec").unwrap_or(&null);
    let old_spec = old.and_then(|o| o.get("spec")).unwrap_or(&null);
    let min = int(spec, "minReplicas");
    // An int32 without omitempty: unset is 0.
    let max = int(spec, "maxReplicas").unwrap_or(0);
    let mut errs = Vec::new();
    let (lower, detail) = match int(old_spec, "minReplicas") {
        Some(0) => (0, "must be greater than or equal to 0"),
        _ => (1, "must be greater than or equal to 1"),
    };
    if let Some(min) = min.filter(|m| *m < lower) {
        errs.invalid("spec.minReplicas", BadValue::Int(min), detail);
    }
    if max == 0 {
        errs.required("spec.maxReplicas", "must be set and greater than 0");
    } else if max < 0 {
        let detail = "must be greater than or equal to 1";
        errs.invalid("spec.maxReplicas", BadValue::Int(max), detail);
    }
    if min.is_some_and(|min| max < min) {
        let detail = "must be greater than or equal to `minReplicas`";
        errs.invalid("spec.maxReplicas", BadValue::Int(max), detail);
    }
    // ValidateCrossVersionObjectReference, then ValidateAPIVersion unless
    // an update keeps the target's apiVersion and kind, or the target is
    // a ReplicationController (the one scalable kind of the core group).
    let target = spec.get("scaleTargetRef").unwrap_or(&null);
    for (key, path) in [
        ("kind", "spec.scaleTargetRef.kind"),
        ("name", "spec.scaleTargetRef.name"),
    ] {
        if text(target, key).is_empty() {
            errs.required(path, "");
        }
    }
    let version = text(target, "apiVersion");
    let kind = text(target, "kind");
    let old_target = old_spec.get("scaleTargetRef").unwrap_or(&null);
    let kept = old.is_some()
        && text(old_target, "apiVersion") == version
        && text(old_target, "kind") == kind;
    // schema.ParseGroupVersion: the group is what precedes a '/'.
    let group = version.split_once('/').map_or("", |(group, _)| group);
    if !kept && kind != "ReplicationController" && group.is_empty() {
        let value = BadValue::Str(version.to_string());
        let detail = "apiVersion must specify API group";
        errs.invalid("spec.scaleTargetRef.apiVersion", value, detail);
    }
    // validateMetrics, validateMetricSpec's type; autoscaling/v1's target
    // is validateMetricTarget's utilization.
    if let Some(percent) = int(spec, "targetCPUUtilizationPercentage").filter(|p| *p < 1) {
        let path = "spec.metrics[0].resource.target.averageUtilization";
        errs.invalid(path, BadValue::Int(percent), "must be greater than 0");
    }
    let mut scales_from_zero = false;
    for (i, metric) in items(spec.get("metrics")).iter().enumerate() {
        let path = child(&index("spec.metrics", i), "type");
        let kind = text(metric, "type");
        if kind.is_empty() {
            errs.required(path.clone(), "must specify a metric source type");
        }
        if !METRIC_TYPES.contains(&kind) {
            errs.not_supported(path, named(kind), &METRIC_TYPES);
        }
        scales_from_zero |= matches!(kind, "Object" | "External");
    }
    if min == Some(0) && !scales_from_zero {
        errs.forbidden(
            "spec.metrics",
            "must specify at least one Object or External metric to support scaling to zero replicas",
        );
    }
    errs
}

/// An integer field of `object`.
fn int(object: &Value, key: &str) -> Option<i64> {
    object.get(key).and_then(Value::as_i64)
}

#[cfg(test)]
mod tests;
