//! `pkg/apis/node/validation/validation.go` for a RuntimeClass:
//! `ValidateRuntimeClass` (after `ValidateObjectMeta`: a handler that is a
//! DNS label, the pod overhead as a container's limits, the scheduling's
//! node selector labels and tolerations, each once) and on update
//! `ValidateRuntimeClassUpdate`, which checks only that the handler did
//! not change.

use super::field::{BadValue, Errors, FieldError, index, invalid_each};
use super::{items, meta, names, podspec, resources, text};
use crate::value::{Map, Value};

/// `ValidateRuntimeClass`, or on update `ValidateRuntimeClassUpdate`.
pub(super) fn runtime_class(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let handler = text(new, "handler");
    if let Some(old) = old {
        if text(old, "handler") != handler {
            errs.invalid("handler", BadValue::str(handler), "field is immutable");
        }
        return errs;
    }
    invalid_each(&mut errs, "handler", handler, names::dns1123_label(handler));
    // validateOverhead: the pod's fixed overhead as a container's limits,
    // at `overhead.limits` (upstream passes the `overhead` path).
    if let Some(fixed) = new.get("overhead").and_then(|o| o.get("podFixed")) {
        let mut limits = Map::new();
        limits.insert("limits".to_string(), fixed.clone());
        let requirements = Value::Map(limits);
        errs.extend(resources::resource_requirements(
            Some(&requirements),
            "overhead",
            false,
            &[],
        ));
    }
    let Some(scheduling) = new.get("scheduling").filter(|s| !s.is_null()) else {
        return errs;
    };
    errs.extend(meta::labels(
        scheduling.get("nodeSelector"),
        "scheduling.nodeSelector",
    ));
    // validateTolerations: each as a pod's, and no two alike in key,
    // operator, value and effect (the whole internal toleration printed).
    let tolerations = items(scheduling.get("tolerations"));
    for (i, toleration) in tolerations.iter().enumerate() {
        podspec::toleration_errors(&mut errs, toleration, &index("scheduling.tolerations", i));
    }
    let mut seen: Vec<[&str; 4]> = Vec::new();
    for (i, toleration) in tolerations.iter().enumerate() {
        let key = ["key", "operator", "value", "effect"].map(|k| text(toleration, k));
        if seen.contains(&key) {
            errs.duplicate(
                index("scheduling.tolerations", i),
                BadValue::Json(super::internal_json::pointer_to(
                    "Toleration",
                    Some(toleration),
                )),
            );
        } else {
            seen.push(key);
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::super::tests::errors_of;

    /// The validation of a RuntimeClass with `fields`, replacing one with
    /// `old`'s.
    fn check(old: Option<&str>, fields: &str) -> Option<String> {
        let class = |fields: &str| {
            crate::yaml::parse(&format!(
                "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {{name: gvisor}}\n{fields}"
            ))
            .unwrap()
            .value
        };
        errors_of(
            "node.k8s.io/v1",
            "RuntimeClass",
            old.map(class).as_ref(),
            &class(fields),
        )
    }

    /// `ValidateRuntimeClass`, `ValidateRuntimeClassUpdate`.
    #[test]
    fn runtime_classes() {
        assert_eq!(
            check(
                None,
                "handler: runsc\noverhead: {podFixed: {cpu: 250m, memory: 120Mi}}\nscheduling: {nodeSelector: {runtime: gvisor}, tolerations: [{key: runtime, operator: Equal, value: gvisor, effect: NoSchedule}]}"
            ),
            None
        );
        assert_eq!(
            check(None, "handler: Run_SC\noverhead: {podFixed: {cpus: '1', memory: -1Mi}}\nscheduling: {nodeSelector: {'a b': x}, tolerations: [{key: t, operator: Exists}, {key: t, operator: Exists, tolerationSeconds: 5}]}").unwrap(),
            "[handler: Invalid value: \"Run_SC\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), overhead.limits[cpus]: Invalid value: \"cpus\": must be a standard resource type or fully qualified, overhead.limits[cpus]: Invalid value: \"cpus\": must be a standard resource for containers, overhead.limits[memory]: Invalid value: \"-1Mi\": must be greater than or equal to 0, scheduling.nodeSelector: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), scheduling.tolerations[1].effect: Invalid value: \"\": effect must be 'NoExecute' when `tolerationSeconds` is set, scheduling.tolerations[1]: Duplicate value: {\"Key\":\"t\",\"Operator\":\"Exists\",\"Value\":\"\",\"Effect\":\"\",\"TolerationSeconds\":5}]"
        );
        assert_eq!(
            check(Some("handler: runsc"), "handler: runc").unwrap(),
            "handler: Invalid value: \"runc\": field is immutable"
        );
    }
}
