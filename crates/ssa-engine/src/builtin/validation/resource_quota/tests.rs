//! `ValidateResourceQuotaSpec`, `ValidateResourceQuotaUpdate`
//! (`pkg/apis/core/validation/validation.go`).

#![allow(clippy::unwrap_used)]

use super::super::tests::errors_of;

/// A ResourceQuota with `spec` (YAML).
fn quota(spec: &str) -> crate::value::Value {
    crate::yaml::parse(&format!(
        "apiVersion: v1\nkind: ResourceQuota\nmetadata: {{name: quota, namespace: team}}\nspec: {spec}"
    ))
    .unwrap()
    .value
}

/// The validation of `new` replacing `old`: its list of errors.
fn check(old: Option<&str>, new: &str) -> Option<String> {
    let old = old.map(quota);
    errors_of("v1", "ResourceQuota", old.as_ref(), &quota(new))
}

/// The documentation's quotas pass.
#[test]
fn documented_quotas_pass() {
    assert_eq!(
        check(
            None,
            "{hard: {requests.cpu: '1', requests.memory: 1Gi, limits.cpu: '2', pods: '10', count/deployments.apps: '5', gold.storageclass.storage.k8s.io/requests.storage: 500Gi, requests.nvidia.com/gpu: '4'}}"
        ),
        None
    );
    assert_eq!(
        check(
            None,
            "{hard: {pods: '10', cpu: '1'}, scopeSelector: {matchExpressions: [{scopeName: PriorityClass, operator: In, values: [high]}]}}"
        ),
        None
    );
}

/// Names, values, scopes.
#[test]
fn hard_limits_and_scopes() {
    assert_eq!(
        check(None, "{hard: {storage: 10Gi, pods: 1.5, count/jobs.batch: '-1'}, scopes: [BestEffort, NotBestEffort, Everything]}").unwrap(),
        "[spec.hard[count/jobs.batch]: Invalid value: \"-1\": must be greater than or equal to 0, spec.hard[pods]: Invalid value: \"1500m\": must be an integer, spec.hard[storage]: Invalid value: \"storage\": must be a standard resource for quota, spec.scopes: Invalid value: [\"BestEffort\",\"NotBestEffort\",\"Everything\"]: unsupported scope, spec.scopes: Invalid value: [\"BestEffort\",\"NotBestEffort\",\"Everything\"]: conflicting scopes]"
    );
    assert_eq!(
        check(None, "{hard: {requests.cpu: '1'}, scopes: [BestEffort]}").unwrap(),
        "spec.scopes: Invalid value: [\"BestEffort\"]: unsupported scope applied to resource"
    );
    // The scopes may not change.
    assert_eq!(
        check(
            Some("{hard: {pods: '1'}, scopes: [Terminating]}"),
            "{hard: {pods: '2'}, scopes: [NotTerminating]}"
        )
        .unwrap(),
        "spec.scopes: Invalid value: [\"NotTerminating\"]: field is immutable"
    );
}

/// `validateScopedResourceSelectorRequirement`.
#[test]
fn scope_selectors() {
    assert_eq!(
        check(None, "{hard: {requests.memory: 1Gi}, scopeSelector: {matchExpressions: [{scopeName: BestEffort, operator: In, values: [x]}, {scopeName: PriorityClass, operator: In}, {scopeName: NotBestEffort, operator: Exists}]}}").unwrap(),
        "[spec.scopeSelector.matchExpressions: Invalid value: {\"MatchExpressions\":[{\"ScopeName\":\"BestEffort\",\"Operator\":\"In\",\"Values\":[\"x\"]},{\"ScopeName\":\"PriorityClass\",\"Operator\":\"In\",\"Values\":null},{\"ScopeName\":\"NotBestEffort\",\"Operator\":\"Exists\",\"Values\":null}]}: unsupported scope applied to resource, spec.scopeSelector.matchExpressions.operator: Invalid value: \"In\": must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity, spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector, spec.scopeSelector.matchExpressions: Invalid value: null: conflicting scopes]"
    );
}
