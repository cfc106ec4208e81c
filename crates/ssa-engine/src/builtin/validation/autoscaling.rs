//! `pkg/apis/autoscaling/validation/validation.go` for a
//! HorizontalPodAutoscaler: `validateHorizontalPodAutoscalerSpec` (called
//! by `ValidateHorizontalPodAutoscaler` and, alike,
//! `ValidateHorizontalPodAutoscalerUpdate`), with the
//! options the registry's `validationOptionsForHorizontalPodAutoscaler`
//! gives it: the replica bounds, the scale target
//! (`ValidateCrossVersionObjectReference`, `ValidateAPIVersion`), each
//! metric (`validateMetrics`, `validateMetricSpec`: its type, the source of
//! that type given and no other, the first source given validated by
//! `validateObjectSource`, `validateExternalSource`, `validatePodsSource`,
//! `validateResourceSource` or `validateContainerResourceSource`, with
//! `validateMetricIdentifier` and `validateMetricTarget`), and scaling to
//! zero. Upstream validates the internal type, which has v2's shape: an
//! autoscaling/v1 object's `targetCPUUtilizationPercentage` is the
//! utilization of the Resource metric its conversion makes, and is
//! reported at that metric's path.
//!
//! 1.36's words: an unset `maxReplicas` is `Required` (the hand-written
//! rule as it was reworded for declarative validation, which 1.36 still
//! only shadows), and `HPAScaleToZero` is off, so `minReplicas` is at
//! least 1 unless the stored object already had 0.
//!
//! `validateBehavior` follows the metrics: each side's stabilization
//! window, select policy, policies and tolerance.
//!
//! Not modelled, to keep the page's wasm small: a ContainerResource metric's resource name
//! (`ValidateContainerResourceName`: only its presence is checked); what
//! an autoscaling/v1 object carries in its annotations. When a metric has
//! more than one source beside its type's, upstream reports them walking
//! a set (random order); they are reported here in `SOURCES`' order.

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each, named};
use super::resources::quantity_text;
use super::{items, names, text};
use crate::builtin::goencoding::quantity;
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
    // an update keeps the target's apiVersion and kind; a
    // ReplicationController (the one scalable kind of the core group) may
    // lack a group.
    let target = spec.get("scaleTargetRef").unwrap_or(&null);
    let version = text(target, "apiVersion");
    let kind = text(target, "kind");
    let old_target = old_spec.get("scaleTargetRef").unwrap_or(&null);
    let kept = old.is_some()
        && text(old_target, "apiVersion") == version
        && text(old_target, "kind") == kind;
    let rule = (!kept).then_some(kind == "ReplicationController");
    reference(&mut errs, target, "spec.scaleTargetRef", rule);
    // validateMetrics, validateMetricSpec's type; autoscaling/v1's target
    // is validateMetricTarget's utilization.
    if let Some(percent) = int(spec, "targetCPUUtilizationPercentage").filter(|p| *p < 1) {
        let path = "spec.metrics[0].resource.target.averageUtilization";
        errs.invalid(path, BadValue::Int(percent), "must be greater than 0");
    }
    // validationOptionsForHorizontalPodAutoscaler: a described object's
    // apiVersion may lack a group, and is not checked when one of the
    // stored object's was already invalid.
    let object_rule = (!items(old_spec.get("metrics")).iter().any(|m| {
        let described = m.get("object").and_then(|o| o.get("describedObject"));
        text(m, "type") == "Object" && described.is_some_and(|d| bad_version(text(d, "apiVersion")))
    }))
    .then_some(true);
    let mut scales_from_zero = false;
    for (i, metric) in items(spec.get("metrics")).iter().enumerate() {
        let at = index("spec.metrics", i);
        let path = child(&at, "type");
        let kind = text(metric, "type");
        if kind.is_empty() {
            errs.required(path.clone(), "must specify a metric source type");
        }
        if !METRIC_TYPES.contains(&kind) {
            errs.not_supported(path, named(kind), &METRIC_TYPES);
        }
        scales_from_zero |= matches!(kind, "Object" | "External");
        // The sources given, the first validated; the one of the type
        // required; with several, the others forbidden (upstream walks a
        // set, in random order; here in SOURCES' order).
        // A bit per source given.
        let mut given = 0u8;
        for (s, (key, _)) in SOURCES.iter().enumerate() {
            let Some(src) = metric.get(key).filter(|v| v.is_map()) else {
                continue;
            };
            if given == 0 {
                source(&mut errs, s, src, &child(&at, key), object_rule);
            }
            given |= 1 << s;
        }
        let expected = SOURCES.iter().position(|s| s.1 == kind).unwrap_or(8);
        if expected < 8 && given & 1 << expected == 0 {
            let detail = "must populate information for the given metric source";
            errs.required(child(&at, SOURCES[expected].0), detail);
        }
        if given.count_ones() > 1 {
            for (s, (key, _)) in SOURCES.iter().enumerate() {
                if s != expected && given & 1 << s != 0 {
                    errs.forbidden(
                        child(&at, key),
                        "must populate the given metric source only",
                    );
                }
            }
        }
    }
    if min == Some(0) && !scales_from_zero {
        errs.forbidden(
            "spec.metrics",
            "must specify at least one Object or External metric to support scaling to zero replicas",
        );
    }
    // validateBehavior: each side's validateScalingRules, on the rules as
    // defaulted (SetDefaults_HorizontalPodAutoscalerBehavior fills what a
    // given behavior leaves out).
    let behavior = spec.get("behavior").unwrap_or(&null);
    for side in ["scaleUp", "scaleDown"] {
        if let Some(rules) = behavior.get(side).filter(|r| r.is_map()) {
            scaling_rules(&mut errs, rules, &child("spec.behavior", side));
        }
    }
    errs
}

/// `validateScalingRules` and its policies' `validateScalingPolicy`: a
/// stabilization window in 0..3600, a known select policy, at least one
/// policy, each of a known type with a positive value and a period in
/// 1..1800, a tolerance not negative (`ValidateNonnegativeQuantity`).
fn scaling_rules(errs: &mut Vec<FieldError>, rules: &Value, path: &str) {
    let at = |key: &str| child(path, key);
    if let Some(window) = int(rules, "stabilizationWindowSeconds") {
        let value = BadValue::Int(window);
        if window < 0 {
            let detail = "must be greater than or equal to zero";
            errs.invalid(at("stabilizationWindowSeconds"), value.clone(), detail);
        }
        if window > 3600 {
            let detail = "must be less than or equal to 3600";
            errs.invalid(at("stabilizationWindowSeconds"), value, detail);
        }
    }
    // A pointer to a named string type, and the sets' sorted lists.
    let select = text(rules, "selectPolicy");
    if rules.get("selectPolicy").is_some_and(|p| !p.is_null())
        && !["Max", "Min", "Disabled"].contains(&select)
    {
        errs.not_supported(
            at("selectPolicy"),
            named(select),
            &["Disabled", "Max", "Min"],
        );
    }
    let policies = items(rules.get("policies"));
    if policies.is_empty() {
        errs.required(at("policies"), "must specify at least one Policy");
    }
    for (i, policy) in policies.iter().enumerate() {
        let at = index(&at("policies"), i);
        let kind = text(policy, "type");
        if !["Pods", "Percent"].contains(&kind) {
            errs.not_supported(child(&at, "type"), named(kind), &["Percent", "Pods"]);
        }
        let value = int(policy, "value").unwrap_or(0);
        if value <= 0 {
            let detail = "must be greater than zero";
            errs.invalid(child(&at, "value"), BadValue::Int(value), detail);
        }
        let period = int(policy, "periodSeconds").unwrap_or(0);
        if period <= 0 {
            let detail = "must be greater than zero";
            errs.invalid(child(&at, "periodSeconds"), BadValue::Int(period), detail);
        }
        if period > 1800 {
            let detail = "must be less than or equal to 1800";
            errs.invalid(child(&at, "periodSeconds"), BadValue::Int(period), detail);
        }
    }
    // The Quantity's String(): a negative tolerance.
    let tolerance = rules
        .get("tolerance")
        .and_then(quantity_text)
        .and_then(|q| quantity::canonical(q.trim()));
    if let Some(q) = tolerance.filter(|q| q.starts_with('-')) {
        let detail = "must be greater than or equal to 0";
        errs.invalid(at("tolerance"), BadValue::Str(q), detail);
    }
}

/// An integer field of `object`.
fn int(object: &Value, key: &str) -> Option<i64> {
    object.get(key).and_then(Value::as_i64)
}

/// `validateMetricSpec`'s sources in its order: (field, metric type).
const SOURCES: [(&str, &str); 5] = [
    ("object", "Object"),
    ("external", "External"),
    ("pods", "Pods"),
    ("resource", "Resource"),
    ("containerResource", "ContainerResource"),
];

/// `validateObjectSource`, `validateExternalSource`, `validatePodsSource`,
/// `validateResourceSource` and `validateContainerResourceSource`: the
/// source `SOURCES[kind]` at `path`.
fn source(
    errs: &mut Vec<FieldError>,
    kind: usize,
    src: &Value,
    path: &str,
    object_rule: Option<bool>,
) {
    let null = Value::Null;
    if kind == 0 {
        let described = src.get("describedObject").unwrap_or(&null);
        reference(
            errs,
            described,
            &child(path, "describedObject"),
            object_rule,
        );
    }
    if kind < 3 {
        // validateMetricIdentifier (the selector is not validated).
        let id = src.get("metric").unwrap_or(&null);
        let at = child(path, "metric");
        named_field(
            errs,
            id,
            &at,
            "name",
            "must specify a metric name",
            names::path_segment,
        );
    } else {
        named_field(
            errs,
            src,
            path,
            "name",
            "must specify a resource name",
            |_| vec![],
        );
        if kind == 4 {
            named_field(
                errs,
                src,
                path,
                "container",
                "must specify a container",
                names::dns1123_label,
            );
        }
    }
    // validateMetricTarget.
    let target = src.get("target").unwrap_or(&null);
    let at = child(path, "target");
    let kind_of = text(target, "type");
    if kind_of.is_empty() {
        errs.required(child(&at, "type"), "must specify a metric target type");
    }
    if !["Utilization", "Value", "AverageValue"].contains(&kind_of) {
        let detail = "must be either Utilization, Value, or AverageValue";
        errs.invalid(child(&at, "type"), named(kind_of), detail);
    }
    for key in ["value", "averageValue"] {
        let printed = target
            .get(key)
            .and_then(quantity_text)
            .and_then(|q| quantity::canonical(q.trim()));
        if let Some(q) = printed.filter(|q| q == "0" || q.starts_with('-')) {
            errs.invalid(child(&at, key), BadValue::Str(q), "must be positive");
        }
    }
    if let Some(u) = int(target, "averageUtilization").filter(|u| *u < 1) {
        errs.invalid(
            child(&at, "averageUtilization"),
            BadValue::Int(u),
            "must be greater than 0",
        );
    }
    // Which of the target's values the source needs, and which pair it
    // may not have.
    let (one, other, required, forbidden) = match kind {
        0 => (
            "averageValue",
            "value",
            "must set either a target value or averageValue",
            "",
        ),
        1 => (
            "averageValue",
            "value",
            "must set either a target value for metric or a per-pod target",
            "may not set both a target value for metric and a per-pod target",
        ),
        2 => (
            "averageValue",
            "averageValue",
            "must specify a positive target averageValue",
            "",
        ),
        _ => (
            "averageUtilization",
            "averageValue",
            "must set either a target raw value or a target utilization",
            "may not set both a target raw value and a target utilization",
        ),
    };
    let has = |key: &str| target.get(key).is_some_and(|v| !v.is_null());
    if !has(one) && !has(other) {
        errs.required(child(&at, one), required);
    }
    if !forbidden.is_empty() && has(one) && has(other) {
        errs.forbidden(child(&at, other), forbidden);
    }
}

/// A name field of `parent` at `path`: required, then `check`'s messages.
fn named_field(
    errs: &mut Vec<FieldError>,
    parent: &Value,
    path: &str,
    key: &str,
    required: &str,
    check: fn(&str) -> Vec<String>,
) {
    let at = child(path, key);
    match text(parent, key) {
        "" => errs.required(at, required),
        name => invalid_each(errs, &at, name, check(name)),
    }
}

/// `ValidateCrossVersionObjectReference`: a kind and a name, each a path
/// segment; then, unless `rule` is `None` (`AllowInvalidAPIVersion`),
/// `ValidateAPIVersion` (`Some(true)`: `AllowEmptyAPIGroup`).
fn reference(errs: &mut Vec<FieldError>, r: &Value, path: &str, rule: Option<bool>) {
    named_field(errs, r, path, "kind", "", names::path_segment);
    named_field(errs, r, path, "name", "", names::path_segment);
    let Some(empty_group) = rule else { return };
    let version = text(r, "apiVersion");
    // schema.ParseGroupVersion: the group is what precedes a '/'.
    let detail = if bad_version(version) {
        ["unexpected GroupVersion string: ", version].concat()
    } else if !empty_group && version.split_once('/').is_none_or(|(g, _)| g.is_empty()) {
        "apiVersion must specify API group".to_string()
    } else {
        return;
    };
    errs.invalid(child(path, "apiVersion"), BadValue::str(version), &detail);
}

/// An apiVersion `schema.ParseGroupVersion` refuses: more than one '/'.
fn bad_version(version: &str) -> bool {
    version.matches('/').count() > 1
}

#[cfg(test)]
mod tests;
