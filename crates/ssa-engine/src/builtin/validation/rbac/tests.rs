//! Each test names the upstream function it follows
//! (`pkg/apis/rbac/validation/validation.go`).

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use crate::schema::{Defaulter, Validator};
use crate::value::Value;

/// An rbac.authorization.k8s.io/v1 object of `kind` as the server
/// validates it (defaulted), from its fields after `metadata`.
fn object(kind: &str, fields: &str) -> Value {
    let mut object = crate::yaml::parse(&format!(
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: {kind}\nmetadata: {{name: r, namespace: d}}\n{fields}"
    ))
    .unwrap()
    .value;
    if let Some(defaults) =
        crate::builtin::defaults::KindDefaults::for_kind("rbac.authorization.k8s.io/v1", kind)
    {
        defaults.apply_defaults(&mut object, "");
    }
    object
}

/// The validation of `new` (replacing `old`, both `kind`).
fn check(kind: &str, old: Option<&str>, new: &str) -> Result<(), String> {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let old = old.map(|fields| object(kind, fields));
    KindValidation::for_kind("rbac.authorization.k8s.io/v1", kind, table)
        .unwrap()
        .validate(old.as_ref(), &object(kind, new))
}

/// `ValidatePolicyRule`: verbs always; API groups and resources unless
/// the rule is for non-resource URLs.
#[test]
fn policy_rules() {
    let rules = "rules:\n- {apiGroups: [''], resources: [pods], verbs: [get]}\n- {nonResourceURLs: [/healthz], verbs: [get]}\n";
    assert!(check("ClusterRole", None, rules).is_ok());
    assert!(check("Role", None, "rules: []").is_ok());
    assert_eq!(
        check("Role", None, "rules: [{resources: [pods]}]").unwrap_err(),
        "Role.rbac.authorization.k8s.io \"r\" is invalid: [rules[0].verbs: Required value: verbs must contain at least one value, rules[0].apiGroups: Required value: resource rules must supply at least one api group]"
    );
    assert_eq!(
        check(
            "ClusterRole",
            None,
            "rules: [{apiGroups: [apps], verbs: ['*']}, {nonResourceURLs: [/metrics]}]"
        )
        .unwrap_err(),
        "ClusterRole.rbac.authorization.k8s.io \"r\" is invalid: [rules[0].resources: Required value: resource rules must supply at least one resource, rules[1].verbs: Required value: verbs must contain at least one value]"
    );
    // The strategy checks an update as a create.
    assert_eq!(
        check(
            "Role",
            Some(rules),
            "rules: [{apiGroups: [''], verbs: [get]}]"
        )
        .unwrap_err(),
        "Role.rbac.authorization.k8s.io \"r\" is invalid: rules[0].resources: Required value: resource rules must supply at least one resource"
    );
}

/// `ValidateRoleBinding` / `ValidateClusterRoleBinding`: the role
/// reference (its apiGroup defaulted when left out, even with no roleRef:
/// `SetDefaults_RoleBinding` fills the struct).
#[test]
fn role_references() {
    let binding =
        |role_ref: &str| format!("roleRef: {role_ref}\nsubjects: [{{kind: User, name: alice}}]\n");
    assert!(check("RoleBinding", None, &binding("{kind: Role, name: view}")).is_ok());
    assert!(
        check(
            "RoleBinding",
            None,
            &binding("{kind: ClusterRole, name: view}")
        )
        .is_ok()
    );
    assert_eq!(
        check(
            "ClusterRoleBinding",
            None,
            &binding("{kind: Role, name: view}")
        )
        .unwrap_err(),
        "ClusterRoleBinding.rbac.authorization.k8s.io \"r\" is invalid: roleRef.kind: Unsupported value: \"Role\": supported values: \"ClusterRole\""
    );
    assert_eq!(
        check(
            "RoleBinding",
            None,
            &binding("{apiGroup: rbac.authorization.k8s.io/v1, kind: clusterrole, name: view}")
        )
        .unwrap_err(),
        "RoleBinding.rbac.authorization.k8s.io \"r\" is invalid: [roleRef.apiGroup: Unsupported value: \"rbac.authorization.k8s.io/v1\": supported values: \"rbac.authorization.k8s.io\", roleRef.kind: Unsupported value: \"clusterrole\": supported values: \"Role\", \"ClusterRole\"]"
    );
    assert_eq!(
        check("RoleBinding", None, "subjects: []").unwrap_err(),
        "RoleBinding.rbac.authorization.k8s.io \"r\" is invalid: [roleRef.kind: Unsupported value: \"\": supported values: \"Role\", \"ClusterRole\", roleRef.name: Required value]"
    );
}

/// `ValidateRoleBindingSubject`: a name, a known kind with its own API
/// group and, in a ClusterRoleBinding, a service account's namespace.
#[test]
fn subjects() {
    let binding = |subjects: &str| {
        format!("roleRef: {{kind: ClusterRole, name: view}}\nsubjects: {subjects}\n")
    };
    let good = "[{kind: ServiceAccount, name: builder, namespace: ci}, {kind: Group, name: 'system:authenticated'}]";
    assert!(check("ClusterRoleBinding", None, &binding(good)).is_ok());
    assert_eq!(
        check(
            "ClusterRoleBinding",
            None,
            &binding(
                "[{kind: ServiceAccount, name: builder, apiGroup: rbac.authorization.k8s.io}]"
            )
        )
        .unwrap_err(),
        "ClusterRoleBinding.rbac.authorization.k8s.io \"r\" is invalid: [subjects[0].apiGroup: Unsupported value: \"rbac.authorization.k8s.io\": supported values: \"\", subjects[0].namespace: Required value]"
    );
    // A RoleBinding's service account may leave its namespace out.
    assert!(
        check(
            "RoleBinding",
            None,
            &binding("[{kind: ServiceAccount, name: builder}]")
        )
        .is_ok()
    );
    assert_eq!(
        check(
            "RoleBinding",
            None,
            &binding("[{kind: user, name: alice}, {kind: User, apiGroup: v1}]")
        )
        .unwrap_err(),
        "RoleBinding.rbac.authorization.k8s.io \"r\" is invalid: [subjects[0].kind: Unsupported value: \"user\": supported values: \"ServiceAccount\", \"User\", \"Group\", subjects[1].name: Required value, subjects[1].apiGroup: Unsupported value: \"v1\": supported values: \"rbac.authorization.k8s.io\"]"
    );
}

/// `ValidateRoleBindingUpdate` / `ValidateClusterRoleBindingUpdate`: the
/// role reference is fixed once created (subjects may change), after the
/// errors of `ValidateRoleBinding`.
#[test]
fn role_ref_cannot_change() {
    let binding = |role: &str, user: &str| {
        format!(
            "roleRef: {{kind: ClusterRole, name: {role}}}\nsubjects: [{{kind: User, name: {user}}}]\n"
        )
    };
    let view = binding("view", "alice");
    assert!(check("ClusterRoleBinding", Some(&view), &binding("view", "bob")).is_ok());
    // The same reference written in another order, its apiGroup explicit.
    let reordered = "roleRef: {name: view, apiGroup: rbac.authorization.k8s.io, kind: ClusterRole}";
    assert!(check("ClusterRoleBinding", Some(&view), reordered).is_ok());
    assert_eq!(
        check("ClusterRoleBinding", Some(&view), &binding("edit", "alice")).unwrap_err(),
        "ClusterRoleBinding.rbac.authorization.k8s.io \"r\" is invalid: roleRef: Invalid value: {\"APIGroup\":\"rbac.authorization.k8s.io\",\"Kind\":\"ClusterRole\",\"Name\":\"edit\"}: cannot change roleRef"
    );
    assert_eq!(
        check(
            "RoleBinding",
            Some(&view),
            "roleRef: {kind: role, name: view}"
        )
        .unwrap_err(),
        "RoleBinding.rbac.authorization.k8s.io \"r\" is invalid: [roleRef.kind: Unsupported value: \"role\": supported values: \"Role\", \"ClusterRole\", roleRef: Invalid value: {\"APIGroup\":\"rbac.authorization.k8s.io\",\"Kind\":\"role\",\"Name\":\"view\"}: cannot change roleRef]"
    );
}

/// Through a scenario: a GitOps tool re-applies a ClusterRoleBinding
/// with another role; the server refuses it (HTTP 422), and the binding
/// keeps its role.
#[test]
fn scenario_reapplying_a_binding_with_another_role_is_refused() {
    use crate::scenario::{Outcome, run_scenario_text};
    let step = |role: &str| {
        format!(
            "- manager: argocd\n  op: apply\n  object:\n    apiVersion: rbac.authorization.k8s.io/v1\n    kind: ClusterRoleBinding\n    metadata: {{name: ci}}\n    roleRef: {{apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: {role}}}\n    subjects: [{{kind: ServiceAccount, name: builder, namespace: ci}}]\n"
        )
    };
    let text = format!(
        "scenario: v1\nname: binding\nschema: {{builtin: rbac.authorization.k8s.io/v1/ClusterRoleBinding}}\nsteps:\n{}{}",
        step("view"),
        step("cluster-admin")
    );
    let result = run_scenario_text(&text).unwrap();
    assert_eq!(result.steps[0].outcome, Outcome::Applied);
    assert_eq!(result.steps[1].outcome, Outcome::Invalid);
    assert!(!result.steps[1].changed);
    let kept = result.steps[1].object.as_ref().unwrap();
    assert_eq!(
        kept.get_path(&["roleRef", "name"]).and_then(Value::as_str),
        Some("view")
    );
    assert_eq!(
        result.steps[1].message,
        "ClusterRoleBinding.rbac.authorization.k8s.io \"ci\" is invalid: roleRef: Invalid value: {\"APIGroup\":\"rbac.authorization.k8s.io\",\"Kind\":\"ClusterRole\",\"Name\":\"cluster-admin\"}: cannot change roleRef"
    );
}

/// `ValidateClusterRole`'s aggregation rule: at least one selector, each
/// a valid label selector, else also `LabelSelectorAsSelector`'s
/// "invalid label selector." with its nil selector.
#[test]
fn aggregation_rules() {
    let aggregated = "aggregationRule:\n  clusterRoleSelectors:\n  - matchLabels: {rbac.example.com/aggregate-to-view: 'true'}\n";
    assert!(check("ClusterRole", None, aggregated).is_ok());
    assert_eq!(
        check("ClusterRole", None, "aggregationRule: {}").unwrap_err(),
        "ClusterRole.rbac.authorization.k8s.io \"r\" is invalid: aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil"
    );
    assert!(check("ClusterRole", None, "aggregationRule: null").is_ok());
    assert_eq!(
        check(
            "ClusterRole",
            None,
            "rules: [{resources: [pods], apiGroups: ['']}]\naggregationRule:\n  clusterRoleSelectors:\n  - {}\n  - matchExpressions: [{key: tier, operator: in}]"
        )
        .unwrap_err(),
        "ClusterRole.rbac.authorization.k8s.io \"r\" is invalid: [rules[0].verbs: Required value: verbs must contain at least one value, aggregationRule.clusterRoleSelectors[1].matchExpressions[0].operator: Invalid value: \"in\": not a valid selector operator, aggregationRule.clusterRoleSelectors[1]: Invalid value: null: invalid label selector.]"
    );
}

/// `ValidateRBACName` for the role reference's name, and
/// `ValidateServiceAccountName` for a service account subject's.
#[test]
fn reference_and_subject_names() {
    let binding = |role: &str, account: &str| {
        format!(
            "roleRef: {{apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: '{role}'}}\nsubjects: [{{kind: ServiceAccount, name: '{account}', namespace: d}}]"
        )
    };
    assert!(check("ClusterRoleBinding", None, &binding("system:view", "app")).is_ok());
    assert_eq!(
        check("RoleBinding", None, &binding("a/b%", "App_1")).unwrap_err(),
        "RoleBinding.rbac.authorization.k8s.io \"r\" is invalid: [roleRef.name: Invalid value: \"a/b%\": may not contain '/', roleRef.name: Invalid value: \"a/b%\": may not contain '%', subjects[0].name: Invalid value: \"App_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]"
    );
    assert_eq!(
        check("RoleBinding", None, &binding("..", "x")).unwrap_err(),
        "RoleBinding.rbac.authorization.k8s.io \"r\" is invalid: roleRef.name: Invalid value: \"..\": may not be '..'"
    );
}
