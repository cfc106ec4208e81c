//! `pkg/apis/policy/validation/validation.go`: a PodDisruptionBudget's
//! spec (`ValidatePodDisruptionBudgetSpec`), on create and update alike
//! (its strategy validates the new object in full; the spec is mutable),
//! and its status (`ValidatePodDisruptionBudgetStatusUpdate`).

use super::apps::{int_or_percent, not_more_than_100_percent};
use super::field::{BadValue, Errors, FieldError, child, json_label_selector, non_negative};
use super::meta;
use crate::value::Value;

/// `ValidatePodDisruptionBudgetSpec` with the options of its strategy's
/// create (invalid label values in the selector refused).
pub(super) fn pod_disruption_budget(object: &Value) -> Vec<FieldError> {
    let spec = object.get("spec");
    let field = |key: &str| super::at(spec, key);
    let (min, max) = (field("minAvailable"), field("maxUnavailable"));
    let mut errs = Vec::new();
    if min.is_some() && max.is_some() {
        errs.invalid(
            "spec",
            BadValue::Json(internal_spec(
                min,
                field("selector"),
                max,
                field("unhealthyPodEvictionPolicy"),
            )),
            "minAvailable and maxUnavailable cannot be both set",
        );
    }
    for (key, value) in [("minAvailable", min), ("maxUnavailable", max)] {
        let path = child("spec", key);
        errs.extend(int_or_percent(value, &path));
        errs.extend(not_more_than_100_percent(value, &path));
    }
    errs.extend(meta::label_selector(field("selector"), "spec.selector"));
    if let Some(policy) = field("unhealthyPodEvictionPolicy")
        && !matches!(policy.as_str(), Some("AlwaysAllow" | "IfHealthyBudget"))
    {
        errs.not_supported(
            "spec.unhealthyPodEvictionPolicy",
            // A named string type: printed by `json.Marshal`.
            BadValue::Json(policy.to_json()),
            &["AlwaysAllow", "IfHealthyBudget"],
        );
    }
    errs
}

/// `ValidatePodDisruptionBudgetStatusUpdate` for policy/v1 (v1beta1,
/// which checks only the conditions, is not served): the conditions as
/// `metav1.Condition`s, the counts not negative.
pub(super) fn pod_disruption_budget_status(object: &Value) -> Vec<FieldError> {
    let status = object.get("status");
    let mut errs = meta::conditions(
        status.and_then(|s| s.get("conditions")),
        "status.conditions",
    );
    errs.extend(non_negative(
        status,
        "status",
        &[
            "disruptionsAllowed",
            "currentHealthy",
            "desiredHealthy",
            "expectedPods",
        ],
    ));
    errs
}

/// `json.Marshal` of the internal `policy.PodDisruptionBudgetSpec` (no
/// json tags: its fields under their Go names, in declaration order, nil
/// pointers `null`), the bad value of the both-set error.
fn internal_spec(
    min: Option<&Value>,
    selector: Option<&Value>,
    max: Option<&Value>,
    policy: Option<&Value>,
) -> String {
    let json = |v: Option<&Value>| v.map_or("null".to_string(), Value::to_json);
    format!(
        "{{\"MinAvailable\":{},\"Selector\":{},\"MaxUnavailable\":{},\"UnhealthyPodEvictionPolicy\":{}}}",
        json(min),
        json_label_selector(selector),
        json(max),
        json(policy),
    )
}
