//! The built-in validation rules people meet in the documentation, each
//! with the API server's message (upstream `pkg/apis/*/validation`). The
//! list is kept in one place: [`RULES`].

use crate::schema::Validator;
use crate::value::Value;

/// The registry validation of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindValidation {
    Deployment,
    Pod,
}

/// Every rule: (kind, what it refuses).
pub const RULES: &[(&str, &str)] = &[
    (
        "apps/v1 Deployment",
        "rollingUpdate parameters with a Recreate strategy",
    ),
    (
        "apps/v1 Deployment",
        "a selector that does not match the template labels",
    ),
    ("apps/v1 Deployment", "a changed selector"),
    (
        "v1 Pod",
        "changes to the spec other than images, activeDeadlineSeconds, tolerations (additions) and terminationGracePeriodSeconds",
    ),
];

impl KindValidation {
    pub fn for_kind(api_version: &str, kind: &str) -> Option<KindValidation> {
        match (api_version, kind) {
            ("apps/v1", "Deployment") => Some(KindValidation::Deployment),
            ("v1", "Pod") => Some(KindValidation::Pod),
            _ => None,
        }
    }
}

fn name(object: &Value) -> &str {
    object
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("")
}

impl Validator for KindValidation {
    fn validate(&self, old: Option<&Value>, new: &Value) -> Result<(), String> {
        match self {
            KindValidation::Deployment => deployment(old, new),
            KindValidation::Pod => pod(old, new),
        }
    }
}

fn deployment(old: Option<&Value>, new: &Value) -> Result<(), String> {
    let invalid = |detail: String| format!("Deployment.apps {:?} is invalid: {detail}", name(new));
    let strategy = new.get_path(&["spec", "strategy"]);
    if strategy.and_then(|s| s.get("type")).and_then(Value::as_str) == Some("Recreate")
        && strategy
            .and_then(|s| s.get("rollingUpdate"))
            .is_some_and(|r| !r.is_null())
    {
        return Err(invalid(
            "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'".to_string(),
        ));
    }
    let selector = new
        .get_path(&["spec", "selector", "matchLabels"])
        .and_then(Value::as_map);
    let labels = new
        .get_path(&["spec", "template", "metadata", "labels"])
        .and_then(Value::as_map);
    if let Some(selector) = selector
        && !selector
            .iter()
            .all(|(k, v)| labels.and_then(|l| l.get(k)) == Some(v))
    {
        return Err(invalid(format!(
            "spec.template.metadata.labels: Invalid value: {}: `selector` does not match template `labels`",
            go_string_map(labels)
        )));
    }
    if let Some(old) = old
        && old.get_path(&["spec", "selector"]).is_some()
        && old.get_path(&["spec", "selector"]) != new.get_path(&["spec", "selector"])
    {
        return Err(invalid(
            "spec.selector: Invalid value: the selector: field is immutable".to_string(),
        ));
    }
    Ok(())
}

/// Go's `%#v` of a `map[string]string`, keys sorted.
fn go_string_map(m: Option<&crate::value::Map>) -> String {
    let mut entries: Vec<(String, String)> = m
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string()))
                .collect()
        })
        .unwrap_or_default();
    entries.sort();
    let body: Vec<String> = entries
        .iter()
        .map(|(k, v)| format!("{k:?}:{v:?}"))
        .collect();
    format!("map[string]string{{{}}}", body.join(", "))
}

/// A Pod's spec is immutable but for a few fields.
fn pod(old: Option<&Value>, new: &Value) -> Result<(), String> {
    let Some(old) = old else { return Ok(()) };
    let mutable_removed = |pod: &Value| {
        let mut spec = pod.get("spec").cloned().unwrap_or(Value::Null);
        if let Some(s) = spec.as_map_mut() {
            for key in [
                "activeDeadlineSeconds",
                "tolerations",
                "terminationGracePeriodSeconds",
            ] {
                s.remove(key);
            }
            for list in ["containers", "initContainers"] {
                if let Some(Value::List(items)) = s.get_mut(list) {
                    for c in items.iter_mut().filter_map(Value::as_map_mut) {
                        c.remove("image");
                    }
                }
            }
        }
        spec
    };
    if mutable_removed(old) != mutable_removed(new) {
        return Err(format!(
            "Pod {:?} is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)",
            name(new)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    /// Deployment docs: "rollingUpdate ... may not be specified when strategy type is Recreate".
    #[test]
    fn recreate_with_rolling_update_is_refused() {
        let d = v(
            "metadata: {name: web}\nspec: {strategy: {type: Recreate, rollingUpdate: {maxSurge: 1}}}",
        );
        let e = KindValidation::Deployment.validate(None, &d).unwrap_err();
        assert_eq!(
            e,
            "Deployment.apps \"web\" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"
        );
        assert!(
            KindValidation::Deployment
                .validate(
                    None,
                    &v("metadata: {name: web}\nspec: {strategy: {type: Recreate}}")
                )
                .is_ok()
        );
    }

    /// Deployment docs: the selector must match the pod template's labels.
    #[test]
    fn selector_must_match_labels() {
        let d = v(
            "metadata: {name: web}\nspec: {selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: api}}}}",
        );
        let e = KindValidation::Deployment.validate(None, &d).unwrap_err();
        assert!(e.ends_with("spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"api\"}: `selector` does not match template `labels`"), "{e}");
    }

    /// Deployment docs: "the selector is immutable after creation in apps/v1".
    #[test]
    fn selector_is_immutable() {
        let old = v(
            "metadata: {name: web}\nspec: {selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web, v: '1'}}}}",
        );
        let new = v(
            "metadata: {name: web}\nspec: {selector: {matchLabels: {v: '1'}}, template: {metadata: {labels: {app: web, v: '1'}}}}",
        );
        assert!(
            KindValidation::Deployment
                .validate(Some(&old), &new)
                .unwrap_err()
                .contains("field is immutable")
        );
    }

    /// Pod docs: most of a Pod's spec cannot change once it is created.
    #[test]
    fn pod_spec_is_mostly_immutable() {
        let old = v(
            "metadata: {name: p}\nspec: {containers: [{name: a, image: x:1, env: [{name: A, value: '1'}]}]}",
        );
        let image = v(
            "metadata: {name: p}\nspec: {containers: [{name: a, image: x:2, env: [{name: A, value: '1'}]}]}",
        );
        assert!(KindValidation::Pod.validate(Some(&old), &image).is_ok());
        let env = v(
            "metadata: {name: p}\nspec: {containers: [{name: a, image: x:1, env: [{name: A, value: '2'}]}]}",
        );
        assert!(
            KindValidation::Pod
                .validate(Some(&old), &env)
                .unwrap_err()
                .starts_with("Pod \"p\" is invalid: spec: Forbidden")
        );
        assert_eq!(RULES.len(), 4);
    }
}
