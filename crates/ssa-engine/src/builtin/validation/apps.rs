//! `pkg/apis/apps/validation/validation.go` for the workload kinds, and
//! the selector immutability their strategies add on update
//! (`pkg/registry/apps/{deployment,replicaset,daemonset}/strategy.go`,
//! `ValidateUpdate`: "disallow mutation of selector", after the spec's
//! errors).

use super::field::{
    BadValue, Errors, FieldError, child, forbidden, invalid, json_label_selector, json_string,
    json_string_map, named, non_negative, not_supported, required,
};
use super::{core, meta, names, text};
use crate::value::Value;

/// Which workload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Workload {
    Deployment,
    ReplicaSet,
    DaemonSet,
    StatefulSet,
}

/// The spec errors of a workload, then (on update) the selector's
/// immutability.
pub(super) fn spec(kind: Workload, object: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let spec = object.get("spec");
    let selector = spec
        .and_then(|s| s.get("selector"))
        .filter(|s| !s.is_null());
    let template = spec.and_then(|s| s.get("template"));
    let mut errs = Vec::new();
    match kind {
        // ValidateDeploymentSpec, ValidateReplicaSetSpec.
        Workload::Deployment | Workload::ReplicaSet => {
            let counts: &[&str] = match kind {
                Workload::Deployment => &["replicas"],
                _ => &["replicas", "minReadySeconds"],
            };
            errs.extend(non_negative(spec, "spec", counts));
            let (selector_errs, valid) =
                selector_required(selector, "empty selector is invalid for deployment");
            errs.extend(selector_errs);
            if valid {
                errs.extend(template_for_replica_set(selector, template));
            } else {
                errs.push(unparsable(selector, "invalid label selector"));
            }
            if kind == Workload::Deployment {
                errs.extend(deployment_strategy(spec.and_then(|s| s.get("strategy"))));
                errs.extend(deployment_counts(spec));
            }
        }
        // ValidateDaemonSetSpec.
        Workload::DaemonSet => {
            let selector_errs = meta::label_selector(selector, "spec.selector");
            let valid = selector_errs.is_empty();
            errs.extend(selector_errs);
            if valid && !matches(selector, template) {
                errs.push(labels_mismatch(template));
            }
            if selector.is_some_and(is_empty_selector) {
                errs.invalid(
                    "spec.selector",
                    BadValue::Json(json_label_selector(selector)),
                    "empty selector is invalid for daemonset",
                );
            }
            errs.extend(core::pod_template_spec(template, "spec.template"));
            errs.extend(core::replicated_pod(template, "DaemonSet"));
            errs.extend(non_negative(spec, "spec", &["minReadySeconds"]));
            errs.extend(daemon_set_strategy(
                spec.and_then(|s| s.get("updateStrategy")),
            ));
            errs.extend(non_negative(spec, "spec", &["revisionHistoryLimit"]));
        }
        // ValidateStatefulSetSpec: the policies, the counts, then the
        // selector and its match (a missing selector is
        // `labels.Nothing()`, which matches no labels).
        Workload::StatefulSet => {
            errs.extend(stateful_set_policies(spec));
            errs.extend(non_negative(spec, "spec", &["replicas", "minReadySeconds"]));
            let ordinals = spec.and_then(|s| s.get("ordinals"));
            errs.extend(non_negative(ordinals, "spec.ordinals", &["start"]));
            let (selector_errs, valid) =
                selector_required(selector, "empty selector is invalid for statefulset");
            errs.extend(selector_errs);
            if !valid {
                errs.push(unparsable(selector, ""));
            } else {
                // ValidatePodTemplateSpecForStatefulSet: the match and the
                // template's labels and annotations, not its pod spec
                // (upstream's TODO).
                if !matches(selector, template) {
                    errs.push(labels_mismatch(template));
                }
                errs.extend(meta::labels(
                    template.and_then(|t| t.get_path(&["metadata", "labels"])),
                    "spec.template.labels",
                ));
                errs.extend(meta::annotations(
                    template.and_then(|t| t.get_path(&["metadata", "annotations"])),
                    "spec.template.annotations",
                ));
            }
            errs.extend(core::replicated_pod(template, "StatefulSet"));
        }
    }
    if let (Some(old), Workload::StatefulSet) = (old, kind) {
        errs.extend(statefulset_update(object, old));
    }
    if let Some(old) = old
        && kind != Workload::StatefulSet
    {
        let old_selector = old.get_path(&["spec", "selector"]).filter(|s| !s.is_null());
        if normalized(selector) != normalized(old_selector) {
            errs.invalid(
                "spec.selector",
                BadValue::Json(json_label_selector(selector)),
                "field is immutable",
            );
        }
    }
    errs
}

/// `ValidateStatefulSetUpdate`: only some fields of a StatefulSet's spec
/// may change (its selector, serviceName and volumeClaimTemplates may not).
fn statefulset_update(new: &Value, old: &Value) -> Vec<FieldError> {
    const MUTABLE: [&str; 7] = [
        "replicas",
        "ordinals",
        "template",
        "updateStrategy",
        "revisionHistoryLimit",
        "persistentVolumeClaimRetentionPolicy",
        "minReadySeconds",
    ];
    if core::spec_without(new, &MUTABLE) == core::spec_without(old, &MUTABLE) {
        return vec![];
    }
    vec![forbidden(
        "spec",
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    )]
}

/// `spec.selector` required, valid (`ValidateLabelSelector`) and not
/// empty; with whether `LabelSelectorAsSelector` takes it.
fn selector_required(selector: Option<&Value>, empty_message: &str) -> (Vec<FieldError>, bool) {
    let Some(s) = selector else {
        return (vec![required("spec.selector", "")], true);
    };
    let mut errs = meta::label_selector(selector, "spec.selector");
    let valid = errs.is_empty();
    if is_empty_selector(s) {
        errs.push(unparsable(selector, empty_message));
    }
    (errs, valid)
}

/// An `Invalid` of the whole selector: empty where a workload needs one,
/// or refused by `LabelSelectorAsSelector`.
fn unparsable(selector: Option<&Value>, detail: &str) -> FieldError {
    invalid(
        "spec.selector",
        BadValue::Json(json_label_selector(selector)),
        detail,
    )
}

/// `ValidatePodTemplateSpecForReplicaSet`: the selector (unless it
/// selects everything) matches the template's labels; the template is a
/// valid pod template; pods restart always.
fn template_for_replica_set(selector: Option<&Value>, template: Option<&Value>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let selects_everything = selector.is_some_and(is_empty_selector);
    if !selects_everything && !matches(selector, template) {
        errs.push(labels_mismatch(template));
    }
    errs.extend(core::pod_template_spec(template, "spec.template"));
    errs.extend(core::replicated_pod(template, "ReplicaSet"));
    errs
}

/// The error of a selector that does not match the pod template's labels
/// (the labels printed as a `map[string]string`).
pub(super) fn labels_mismatch(template: Option<&Value>) -> FieldError {
    invalid(
        "spec.template.metadata.labels",
        BadValue::Json(json_string_map(
            template.and_then(|t| t.get_path(&["metadata", "labels"])),
        )),
        "`selector` does not match template `labels`",
    )
}

/// `ValidateDeploymentStrategy`: a Recreate strategy takes no rolling
/// update parameters; a RollingUpdate one's are checked; other types are
/// not supported.
fn deployment_strategy(strategy: Option<&Value>) -> Vec<FieldError> {
    const PATH: &str = "spec.strategy.rollingUpdate";
    let rolling = strategy
        .and_then(|s| s.get("rollingUpdate"))
        .filter(|r| !r.is_null());
    match strategy.and_then(|s| s.get("type")).and_then(Value::as_str) {
        Some("Recreate") if rolling.is_some() => vec![forbidden(
            PATH,
            "may not be specified when strategy `type` is 'Recreate'",
        )],
        Some("Recreate") => vec![],
        // The defaults fill in rollingUpdate for this type.
        Some("RollingUpdate") => rolling.map(rolling_update_deployment).unwrap_or_default(),
        other => vec![not_supported(
            "spec.strategy",
            strategy_json(other, rolling.map(surge_params_json)),
            &["Recreate", "RollingUpdate"],
        )],
    }
}

/// The internal `apps.DeploymentStrategy`, `DaemonSetUpdateStrategy` or
/// `StatefulSetUpdateStrategy` (no json tags) of a type the defaults do
/// not know, with its rolling update's JSON (`null` when not given).
fn strategy_json(kind: Option<&str>, rolling: Option<String>) -> BadValue {
    BadValue::Json(format!(
        "{{\"Type\":{},\"RollingUpdate\":{}}}",
        json_string(kind.unwrap_or("")),
        rolling.as_deref().unwrap_or("null")
    ))
}

/// The internal `RollingUpdateDeployment` or `RollingUpdateDaemonSet`:
/// two `intstr.IntOrString` values, 0 when unset.
fn surge_params_json(rolling: &Value) -> String {
    let field = |k: &str| rolling.get(k).map_or("0".to_string(), Value::to_json);
    format!(
        "{{\"MaxUnavailable\":{},\"MaxSurge\":{}}}",
        field("maxUnavailable"),
        field("maxSurge")
    )
}

/// `ValidateDaemonSetUpdateStrategy` (as defaulted: a RollingUpdate
/// strategy has its parameters) and `ValidateRollingUpdateDaemonSet`:
/// counts or percentages, at most 100%, exactly one of them not 0.
fn daemon_set_strategy(strategy: Option<&Value>) -> Vec<FieldError> {
    const PATH: &str = "spec.updateStrategy";
    let rolling = strategy
        .and_then(|s| s.get("rollingUpdate"))
        .filter(|r| !r.is_null());
    let kind = strategy.and_then(|s| s.get("type")).and_then(Value::as_str);
    let mut errs = Vec::new();
    match (kind, rolling) {
        (Some("OnDelete"), _) => {}
        (Some("RollingUpdate"), None) => errs.required(child(PATH, "rollingUpdate"), ""),
        (Some("RollingUpdate"), Some(r)) => {
            let path = |k: &str| format!("{PATH}.rollingUpdate.{k}");
            let (unavailable, surge) = (r.get("maxUnavailable"), r.get("maxSurge"));
            errs.extend(int_or_percent(unavailable, &path("maxUnavailable")));
            errs.extend(int_or_percent(surge, &path("maxSurge")));
            errs.extend(not_more_than_100_percent(
                unavailable,
                &path("maxUnavailable"),
            ));
            errs.extend(not_more_than_100_percent(surge, &path("maxSurge")));
            match (
                int_or_percent_value(unavailable) != 0,
                int_or_percent_value(surge) != 0,
            ) {
                (true, true) => errs.invalid(
                    path("maxSurge"),
                    int_or_string(surge),
                    "may not be set when maxUnavailable is non-zero",
                ),
                (false, false) => {
                    errs.required(path("maxUnavailable"), "cannot be 0 when maxSurge is 0");
                }
                _ => {}
            }
        }
        _ => errs.not_supported(
            PATH,
            strategy_json(kind, rolling.map(surge_params_json)),
            &["RollingUpdate", "OnDelete"],
        ),
    }
    errs
}

/// `ValidateStatefulSetSpec`'s first checks (as defaulted): the pod
/// management policy, the update strategy (`validateRollingUpdateStatefulSet`)
/// and the claim retention policy.
fn stateful_set_policies(spec: Option<&Value>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    match spec.map_or("", |s| text(s, "podManagementPolicy")) {
        "" => errs.required("spec.podManagementPolicy", ""),
        "OrderedReady" | "Parallel" => {}
        other => errs.invalid(
            "spec.podManagementPolicy",
            named(other),
            "must be 'OrderedReady' or 'Parallel'",
        ),
    }
    const PATH: &str = "spec.updateStrategy";
    let strategy = spec.and_then(|s| s.get("updateStrategy"));
    let rolling = strategy
        .and_then(|s| s.get("rollingUpdate"))
        .filter(|r| !r.is_null());
    // The internal `*RollingUpdateStatefulSetStrategy`: a partition
    // (0 when unset) and a pointer to an IntOrString.
    let rolling_json = |r: &Value| {
        format!(
            "{{\"Partition\":{},\"MaxUnavailable\":{}}}",
            r.get("partition").map_or("0".to_string(), Value::to_json),
            r.get("maxUnavailable")
                .map_or("null".to_string(), Value::to_json)
        )
    };
    match (strategy.map_or("", |s| text(s, "type")), rolling) {
        ("", _) => errs.required(PATH, ""),
        ("OnDelete", Some(r)) => errs.invalid(
            child(PATH, "rollingUpdate"),
            BadValue::Json(rolling_json(r)),
            "only allowed for updateStrategy 'RollingUpdate'",
        ),
        ("OnDelete", None) | ("RollingUpdate", None) => {}
        ("RollingUpdate", Some(r)) => {
            let path = format!("{PATH}.rollingUpdate");
            errs.extend(non_negative(Some(r), &path, &["partition"]));
            let unavailable = r.get("maxUnavailable").filter(|v| !v.is_null());
            if unavailable.is_some() {
                let at = child(&path, "maxUnavailable");
                errs.extend(int_or_percent(unavailable, &at));
                if int_or_percent_value(unavailable) == 0 {
                    errs.invalid(at.clone(), int_or_string(unavailable), "cannot be 0");
                }
                errs.extend(not_more_than_100_percent(unavailable, &at));
            }
        }
        (other, _) => errs.invalid(
            PATH,
            strategy_json(Some(other), rolling.map(rolling_json)),
            "must be 'RollingUpdate' or 'OnDelete'",
        ),
    }
    // ValidatePersistentVolumeClaimRetentionPolicy (defaulted to Retain).
    let retention = spec
        .and_then(|s| s.get("persistentVolumeClaimRetentionPolicy"))
        .filter(|r| !r.is_null());
    for key in ["whenDeleted", "whenScaled"] {
        let Some(policy) = retention.map(|r| text(r, key)) else {
            break;
        };
        if !["Retain", "Delete"].contains(&policy) {
            errs.not_supported(
                format!("spec.persistentVolumeClaimRetentionPolicy.{key}"),
                named(policy),
                &["Retain", "Delete"],
            );
        }
    }
    errs
}

/// `ValidateRollingUpdateDeployment`: both parameters a count or a
/// percentage, not both 0, at most 100% unavailable.
fn rolling_update_deployment(rolling: &Value) -> Vec<FieldError> {
    let unavailable = rolling.get("maxUnavailable");
    let surge = rolling.get("maxSurge");
    let path = |k: &str| format!("spec.strategy.rollingUpdate.{k}");
    let mut errs = int_or_percent(unavailable, &path("maxUnavailable"));
    errs.extend(int_or_percent(surge, &path("maxSurge")));
    if int_or_percent_value(unavailable) == 0 && int_or_percent_value(surge) == 0 {
        errs.invalid(
            path("maxUnavailable"),
            int_or_string(unavailable),
            "may not be 0 when `maxSurge` is 0",
        );
    }
    errs.extend(not_more_than_100_percent(
        unavailable,
        &path("maxUnavailable"),
    ));
    errs
}

/// `IsNotMoreThan100Percent`: a valid percentage above 100%.
pub(super) fn not_more_than_100_percent(value: Option<&Value>, path: &str) -> Option<FieldError> {
    match value {
        Some(Value::String(p))
            if names::percent(p).is_empty() && int_or_percent_value(value) > 100 =>
        {
            Some(invalid(
                path,
                int_or_string(value),
                "must not be greater than 100%",
            ))
        }
        _ => None,
    }
}

/// `ValidatePositiveIntOrPercent`.
pub(super) fn int_or_percent(value: Option<&Value>, path: &str) -> Vec<FieldError> {
    match value {
        Some(Value::String(s)) => names::percent(s)
            .into_iter()
            .map(|m| invalid(path, int_or_string(value), &m))
            .collect(),
        Some(v) => match v.as_i64() {
            Some(n) if n < 0 => vec![invalid(
                path,
                BadValue::Int(n),
                "must be greater than or equal to 0",
            )],
            _ => vec![],
        },
        None => vec![],
    }
}

/// `getIntOrPercentValue`: a valid percentage's number, else the
/// `IntValue()` (a string that is not a number is 0).
fn int_or_percent_value(value: Option<&Value>) -> i64 {
    match value {
        Some(Value::String(s)) => match s.strip_suffix('%') {
            Some(digits) if names::percent(s).is_empty() => digits.parse().unwrap_or(0),
            _ => s.parse().unwrap_or(0),
        },
        Some(v) => v.as_i64().unwrap_or(0),
        None => 0,
    }
}

/// An IntOrString bad value: its `MarshalJSON`.
pub(super) fn int_or_string(value: Option<&Value>) -> BadValue {
    BadValue::Json(value.map_or("0".to_string(), Value::to_json))
}

/// `ValidateDeploymentSpec`'s last checks: minReadySeconds,
/// revisionHistoryLimit and progressDeadlineSeconds not negative, and the
/// deadline beyond minReadySeconds.
fn deployment_counts(spec: Option<&Value>) -> Vec<FieldError> {
    let mut errs = non_negative(
        spec,
        "spec",
        &[
            "minReadySeconds",
            "revisionHistoryLimit",
            "progressDeadlineSeconds",
        ],
    );
    let int = |k: &str| spec.and_then(|s| s.get(k)).and_then(Value::as_i64);
    if let Some(deadline) = int("progressDeadlineSeconds")
        && deadline <= int("minReadySeconds").unwrap_or(0)
    {
        errs.invalid(
            "spec.progressDeadlineSeconds",
            BadValue::Json(deadline.to_string()),
            "must be greater than minReadySeconds",
        );
    }
    errs
}

pub(super) fn is_empty_selector(selector: &Value) -> bool {
    let empty = |k: &str| {
        selector.get(k).is_none_or(|v| match v {
            Value::Map(m) => m.is_empty(),
            Value::List(l) => l.is_empty(),
            Value::Null => true,
            _ => false,
        })
    };
    empty("matchLabels") && empty("matchExpressions")
}

/// A selector as `Semantic.DeepEqual` compares it: empty and absent alike.
pub(super) fn normalized(selector: Option<&Value>) -> Option<Value> {
    let s = selector?;
    let mut out = crate::value::Map::new();
    for key in ["matchLabels", "matchExpressions"] {
        match s.get(key) {
            Some(Value::Map(m)) if !m.is_empty() => {
                out.insert(key, Value::Map(m.clone()));
            }
            Some(Value::List(l)) if !l.is_empty() => {
                out.insert(key, Value::List(l.clone()));
            }
            _ => {}
        }
    }
    Some(Value::Map(out))
}

/// `LabelSelectorAsSelector(selector).Matches(template labels)`: a
/// missing selector matches nothing; `matchLabels` and every
/// `matchExpressions` requirement must hold.
pub(super) fn matches(selector: Option<&Value>, template: Option<&Value>) -> bool {
    let Some(selector) = selector else {
        return false;
    };
    let labels = template
        .and_then(|t| t.get_path(&["metadata", "labels"]))
        .and_then(Value::as_map);
    let label = |k: &str| labels.and_then(|l| l.get(k)).and_then(Value::as_str);
    let by_labels = selector
        .get("matchLabels")
        .and_then(Value::as_map)
        .is_none_or(|m| m.iter().all(|(k, v)| label(k) == v.as_str()));
    let by_expressions = selector
        .get("matchExpressions")
        .and_then(Value::as_list)
        .is_none_or(|exprs| {
            exprs.iter().all(|e| {
                let key = e.get("key").and_then(Value::as_str).unwrap_or("");
                let values: Vec<&str> = e
                    .get("values")
                    .and_then(Value::as_list)
                    .map(|l| l.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                match e.get("operator").and_then(Value::as_str) {
                    Some("In") => label(key).is_some_and(|v| values.contains(&v)),
                    Some("NotIn") => label(key).is_none_or(|v| !values.contains(&v)),
                    Some("Exists") => label(key).is_some(),
                    Some("DoesNotExist") => label(key).is_none(),
                    _ => false,
                }
            })
        });
    by_labels && by_expressions
}

/// The status strategies' rules (`ValidateDeploymentStatus`,
/// `ValidateReplicaSetStatus`, `ValidateStatefulSetStatus`,
/// `validateDaemonSetStatus`, and but for a ReplicaSet the
/// `collisionCount` that may not be decremented), in upstream's order.
pub(super) fn status(kind: Workload, new: &Value, old: &Value) -> Vec<FieldError> {
    // The counts that may not be negative, then the pairs of a count that
    // may not exceed another (with the other's name in the message).
    let (counts, bounds): (&[&str], &[(&str, &str)]) = match kind {
        Workload::Deployment => (
            &[
                "observedGeneration",
                "replicas",
                "updatedReplicas",
                "readyReplicas",
                "availableReplicas",
                "unavailableReplicas",
                "collisionCount",
            ],
            &[
                ("updatedReplicas", "status.replicas"),
                ("readyReplicas", "status.replicas"),
                ("availableReplicas", "status.replicas"),
                ("availableReplicas", "readyReplicas"),
            ],
        ),
        Workload::ReplicaSet => (
            &[
                "replicas",
                "fullyLabeledReplicas",
                "readyReplicas",
                "availableReplicas",
                "observedGeneration",
            ],
            &[
                ("fullyLabeledReplicas", "status.replicas"),
                ("readyReplicas", "status.replicas"),
                ("availableReplicas", "status.replicas"),
                ("availableReplicas", "readyReplicas"),
            ],
        ),
        Workload::StatefulSet => (
            &[
                "replicas",
                "readyReplicas",
                "currentReplicas",
                "updatedReplicas",
                "availableReplicas",
                "observedGeneration",
                "collisionCount",
            ],
            &[
                ("readyReplicas", "status.replicas"),
                ("currentReplicas", "status.replicas"),
                ("updatedReplicas", "status.replicas"),
                ("availableReplicas", "status.replicas"),
                ("availableReplicas", "status.readyReplicas"),
            ],
        ),
        Workload::DaemonSet => (
            &[
                "currentNumberScheduled",
                "numberMisscheduled",
                "desiredNumberScheduled",
                "numberReady",
                "observedGeneration",
                "updatedNumberScheduled",
                "numberAvailable",
                "numberUnavailable",
                "collisionCount",
            ],
            &[],
        ),
    };
    let status = new.get("status");
    let count = |v: Option<&Value>, key: &str| {
        v.and_then(|s| s.get(key))
            .and_then(Value::as_i64)
            .unwrap_or(0)
    };
    let mut errs = non_negative(status, "status", counts);
    for (key, bound) in bounds {
        let value = count(status, key);
        let other = bound.rsplit('.').next().unwrap_or(bound);
        if value > count(status, other) {
            errs.invalid(
                child("status", key),
                BadValue::Int(value),
                &format!("cannot be greater than {bound}"),
            );
        }
    }
    // IsDecremented: unset after set, or smaller.
    let collisions = |v: &Value| {
        v.get_path(&["status", "collisionCount"])
            .and_then(Value::as_i64)
    };
    if kind != Workload::ReplicaSet
        && let Some(before) = collisions(old)
        && collisions(new).is_none_or(|now| now < before)
    {
        errs.invalid(
            "status.collisionCount",
            BadValue::Int(collisions(new).unwrap_or(0)),
            "cannot be decremented",
        );
    }
    errs
}
