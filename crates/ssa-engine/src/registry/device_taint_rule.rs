//! The DeviceTaintRule strategy's `PrepareForUpdate`
//! (`pkg/registry/resource/devicetaintrule/strategy.go`): when an update
//! changes the taint's effect and leaves its `timeAdded` as it was, the
//! server stamps the request's time, so that `timeAdded` says when the
//! effect was set (the field's documentation in k8s.io/api 1.36,
//! `resource/v1beta2/types.go`).

use super::api_version_of;
use crate::value::Value;

/// Bumps `spec.taint.timeAdded` of a DeviceTaintRule (v1beta2, v1alpha3)
/// whose effect differs from `old`'s while its time equals `old`'s
/// (`metav1.Time.Equal`: both absent counts as equal).
pub(super) fn prepare_for_update(new: &mut Value, old: &Value, now: &str) {
    let is_rule = new.get("kind").and_then(Value::as_str) == Some("DeviceTaintRule")
        && matches!(
            api_version_of(new),
            "resource.k8s.io/v1beta2" | "resource.k8s.io/v1alpha3"
        );
    if !is_rule {
        return;
    }
    let taint_of = |v: &Value| v.get_path(&["spec", "taint"]).cloned();
    let (new_taint, old_taint) = (taint_of(new), taint_of(old));
    let field = |t: &Option<Value>, key: &str| {
        t.as_ref()
            .and_then(|t| t.get(key))
            .filter(|v| !v.is_null())
            .cloned()
    };
    // A missing effect is Go's empty string.
    let effect = |t: &Option<Value>| {
        field(t, "effect")
            .and_then(|e| e.as_str().map(str::to_string))
            .unwrap_or_default()
    };
    if effect(&new_taint) != effect(&old_taint)
        && field(&new_taint, "timeAdded") == field(&old_taint, "timeAdded")
        && let Some(taint) = new
            .as_map_mut()
            .and_then(|m| m.child_map_mut("spec"))
            .and_then(|s| s.child_map_mut("taint"))
    {
        taint.insert("timeAdded", Value::from(now));
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;

    fn yaml(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    #[test]
    fn a_new_effect_with_the_old_time_gets_the_request_time() {
        let old = yaml(
            "{apiVersion: resource.k8s.io/v1beta2, kind: DeviceTaintRule, spec: {taint: {key: k, effect: NoSchedule, timeAdded: '2024-01-01T00:00:01Z'}}}",
        );
        let now = "2024-01-01T00:00:05Z";
        let bumped = |text: &str| {
            let mut new = yaml(text);
            prepare_for_update(&mut new, &old, now);
            new.get_path(&["spec", "taint", "timeAdded"]).cloned()
        };
        // The effect changes, the time is the old one: stamped.
        assert_eq!(
            bumped(
                "{apiVersion: resource.k8s.io/v1beta2, kind: DeviceTaintRule, spec: {taint: {key: k, effect: NoExecute, timeAdded: '2024-01-01T00:00:01Z'}}}"
            ),
            Some(Value::from(now))
        );
        // The client changed the time itself: kept.
        assert_eq!(
            bumped(
                "{apiVersion: resource.k8s.io/v1beta2, kind: DeviceTaintRule, spec: {taint: {key: k, effect: NoExecute, timeAdded: '2024-01-01T00:00:02Z'}}}"
            ),
            Some(Value::from("2024-01-01T00:00:02Z"))
        );
        // Same effect, another key: kept.
        assert_eq!(
            bumped(
                "{apiVersion: resource.k8s.io/v1beta2, kind: DeviceTaintRule, spec: {taint: {key: other, effect: NoSchedule, timeAdded: '2024-01-01T00:00:01Z'}}}"
            ),
            Some(Value::from("2024-01-01T00:00:01Z"))
        );
        // Other kinds are left alone.
        assert_eq!(
            bumped(
                "{apiVersion: resource.k8s.io/v1, kind: ResourceSlice, spec: {taint: {key: k, effect: NoExecute, timeAdded: '2024-01-01T00:00:01Z'}}}"
            ),
            Some(Value::from("2024-01-01T00:00:01Z"))
        );
    }
}
