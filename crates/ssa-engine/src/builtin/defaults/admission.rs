//! admissionregistration.k8s.io/v1 (upstream
//! `pkg/apis/admissionregistration/v1/defaults.go`), in the order of its
//! `zz_generated.defaults.go`: each webhook's own defaults, then its
//! service reference, then its rules.

use super::{items, set};
use crate::value::{Map, Value};

/// `SetObjectDefaults_ValidatingWebhookConfiguration` and
/// `SetObjectDefaults_MutatingWebhookConfiguration`.
pub(super) fn webhook_configuration(root: &mut Map, mutating: bool) {
    for webhook in items(root, "webhooks") {
        webhook_defaults(webhook, mutating);
        if let Some(service) = webhook
            .child_map_mut("clientConfig")
            .and_then(|c| c.get_mut("service"))
            .and_then(Value::as_map_mut)
        {
            service_reference(service);
        }
        for rule in items(webhook, "rules") {
            rule_scope(rule);
        }
    }
}

/// `SetDefaults_ValidatingWebhook` / `SetDefaults_MutatingWebhook`: fail
/// closed, equivalent matching, selectors matching everything, ten
/// seconds; a mutating webhook is never reinvoked.
fn webhook_defaults(webhook: &mut Map, mutating: bool) {
    set(webhook, "failurePolicy", Value::from("Fail"));
    set(webhook, "matchPolicy", Value::from("Equivalent"));
    set(webhook, "namespaceSelector", Value::Map(Map::new()));
    set(webhook, "objectSelector", Value::Map(Map::new()));
    set(webhook, "timeoutSeconds", Value::Int(10));
    if mutating {
        set(webhook, "reinvocationPolicy", Value::from("Never"));
    }
}

/// `SetDefaults_ServiceReference`: port 443.
fn service_reference(service: &mut Map) {
    set(service, "port", Value::Int(443));
}

/// `SetDefaults_Rule`: every scope (`*`).
fn rule_scope(rule: &mut Map) {
    set(rule, "scope", Value::from("*"));
}

/// `SetObjectDefaults_ValidatingAdmissionPolicy` (and the mutating
/// policy's): `SetDefaults_ValidatingAdmissionPolicySpec` /
/// `SetDefaults_MutatingAdmissionPolicySpec` (fail closed), then the match
/// constraints.
pub(super) fn policy(root: &mut Map) {
    let Some(spec) = root.child_map_mut("spec") else {
        return;
    };
    set(spec, "failurePolicy", Value::from("Fail"));
    if let Some(Value::Map(constraints)) = spec.get_mut("matchConstraints") {
        match_resources(constraints);
    }
}

/// `SetObjectDefaults_ValidatingAdmissionPolicyBinding` (and the mutating
/// binding's): the binding's match resources, when given; in v1alpha1
/// also `SetDefaults_ParamRef` (a missing parameter denies), which v1beta1
/// and v1 dropped for a required field.
pub(super) fn policy_binding(root: &mut Map, alpha: bool) {
    let Some(Value::Map(spec)) = root.get_mut("spec") else {
        return;
    };
    if let Some(Value::Map(resources)) = spec.get_mut("matchResources") {
        match_resources(resources);
    }
    if let (true, Some(Value::Map(param))) = (alpha, spec.get_mut("paramRef")) {
        set(param, "parameterNotFoundAction", Value::from("Deny"));
    }
}

/// `SetDefaults_MatchResources`, then `SetDefaults_Rule` on the resource
/// rules and the excluded ones.
fn match_resources(resources: &mut Map) {
    set(resources, "matchPolicy", Value::from("Equivalent"));
    set(resources, "namespaceSelector", Value::Map(Map::new()));
    set(resources, "objectSelector", Value::Map(Map::new()));
    for list in ["resourceRules", "excludeResourceRules"] {
        for rule in items(resources, list) {
            rule_scope(rule);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::yaml_map as map;

    /// SetDefaults_ValidatingWebhook, SetDefaults_ServiceReference,
    /// SetDefaults_Rule (admissionregistration/v1/defaults.go).
    #[test]
    fn webhooks() {
        let mut root = map(
            "webhooks: [{name: a, clientConfig: {service: {name: s, namespace: n}}, rules: [{operations: [CREATE]}]}]",
        );
        webhook_configuration(&mut root, false);
        assert_eq!(
            Value::Map(root.clone()),
            crate::yaml::parse(
                "webhooks: [{name: a, clientConfig: {service: {name: s, namespace: n, port: 443}}, rules: [{operations: [CREATE], scope: '*'}], failurePolicy: Fail, matchPolicy: Equivalent, namespaceSelector: {}, objectSelector: {}, timeoutSeconds: 10}]"
            )
            .unwrap()
            .value
        );
        // SetDefaults_MutatingWebhook: reinvocationPolicy Never too; what
        // is given stays.
        let mut root = map("webhooks: [{name: a, failurePolicy: Ignore, timeoutSeconds: 3}]");
        webhook_configuration(&mut root, true);
        let w = &root.get("webhooks").unwrap().as_list().unwrap()[0];
        assert_eq!(w.get("failurePolicy"), Some(&Value::from("Ignore")));
        assert_eq!(w.get("timeoutSeconds"), Some(&Value::Int(3)));
        assert_eq!(w.get("reinvocationPolicy"), Some(&Value::from("Never")));
    }

    /// SetDefaults_ValidatingAdmissionPolicySpec, SetDefaults_MatchResources.
    #[test]
    fn policies_and_bindings() {
        let mut root = map("spec: {matchConstraints: {resourceRules: [{apiGroups: [apps]}]}}");
        policy(&mut root);
        let spec = root.get("spec").unwrap();
        assert_eq!(spec.get("failurePolicy"), Some(&Value::from("Fail")));
        let constraints = spec.get("matchConstraints").unwrap();
        assert_eq!(
            constraints.get("matchPolicy"),
            Some(&Value::from("Equivalent"))
        );
        assert_eq!(
            constraints.get("resourceRules").unwrap().as_list().unwrap()[0].get("scope"),
            Some(&Value::from("*"))
        );
        let mut binding = map("spec: {policyName: p, matchResources: {}}");
        policy_binding(&mut binding, false);
        assert_eq!(
            binding
                .get("spec")
                .unwrap()
                .get("matchResources")
                .unwrap()
                .get("namespaceSelector"),
            Some(&Value::Map(Map::new()))
        );
        // No match resources: nothing to default.
        let mut binding = map("spec: {policyName: p}");
        policy_binding(&mut binding, false);
        assert_eq!(binding, map("spec: {policyName: p}"));
    }
}
