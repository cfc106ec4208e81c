//! The flowcontrol rules with the server's messages: each test names the
//! upstream function of `pkg/apis/flowcontrol/validation/validation.go`
//! it checks; objects are defaulted first, as the server validates them
//! (`pkg/apis/flowcontrol/v1/defaults.go`), and the scenario tests go
//! through a whole write.

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use super::super::tests::{apply_one, errors_of};
use crate::schema::{Defaulter, Validator};
use crate::value::Value;

const API: &str = "flowcontrol.apiserver.k8s.io/v1";

/// `NameIsDNSSubdomain`'s message.
const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// `NameIsDNSLabel`'s message.
const LABEL: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/// A `kind` named `name` with `spec` (a YAML flow mapping) and `extra`
/// top-level lines, defaulted.
fn object(kind: &str, name: &str, spec: &str, extra: &str) -> Value {
    let mut object = crate::yaml::parse(&format!(
        "apiVersion: {API}\nkind: {kind}\nmetadata: {{name: {name}}}\nspec: {spec}\n{extra}"
    ))
    .unwrap()
    .value;
    crate::builtin::defaults::KindDefaults::for_kind(API, kind)
        .unwrap()
        .apply_defaults(&mut object, "");
    object
}

/// The errors of creating the FlowSchema `name` with `spec`.
fn flow_schema(name: &str, spec: &str) -> Option<String> {
    errors_of(
        API,
        "FlowSchema",
        None,
        &object("FlowSchema", name, spec, ""),
    )
}

/// The errors of creating the PriorityLevelConfiguration `name` with
/// `spec`.
fn priority_level(name: &str, spec: &str) -> Option<String> {
    let level = object("PriorityLevelConfiguration", name, spec, "");
    errors_of(API, "PriorityLevelConfiguration", None, &level)
}

/// A FlowSchema spec for `rules` (YAML flow list), precedence 500.
fn rules(rules: &str) -> String {
    format!(
        "{{matchingPrecedence: 500, priorityLevelConfiguration: {{name: workload-low}}, rules: {rules}}}"
    )
}

/// A rule of `subjects` on every non-resource URL.
fn subjects(subjects: &str) -> String {
    rules(&format!(
        "[{{subjects: {subjects}, nonResourceRules: [{{verbs: ['*'], nonResourceURLs: ['*']}}]}}]"
    ))
}

/// A rule of a group on `resource_rules` and `non_resource_rules`.
fn policy(resource_rules: &str, non_resource_rules: &str) -> String {
    rules(&format!(
        "[{{subjects: [{{kind: Group, group: {{name: g}}}}], resourceRules: {resource_rules}, nonResourceRules: {non_resource_rules}}}]"
    ))
}

/// Upstream's suggested objects (apiserver
/// `pkg/apis/flowcontrol/bootstrap/default.go`) and the mandatory ones
/// pass `ValidateFlowSchema` and `ValidatePriorityLevelConfiguration`.
#[test]
fn the_bootstrap_objects_pass() {
    let all = "resourceRules: [{verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*']}], nonResourceRules: [{verbs: ['*'], nonResourceURLs: ['*']}]";
    for (name, spec) in [
        (
            "exempt",
            format!("{{matchingPrecedence: 1, priorityLevelConfiguration: {{name: exempt}}, rules: [{{subjects: [{{kind: Group, group: {{name: 'system:masters'}}}}], {all}}}]}}"),
        ),
        (
            "catch-all",
            format!("{{matchingPrecedence: 10000, priorityLevelConfiguration: {{name: catch-all}}, distinguisherMethod: {{type: ByUser}}, rules: [{{subjects: [{{kind: Group, group: {{name: 'system:unauthenticated'}}}}, {{kind: Group, group: {{name: 'system:authenticated'}}}}], {all}}}]}}"),
        ),
        (
            "system-leader-election",
            "{matchingPrecedence: 100, priorityLevelConfiguration: {name: leader-election}, distinguisherMethod: {type: ByUser}, rules: [{subjects: [{kind: User, user: {name: 'system:kube-controller-manager'}}, {kind: User, user: {name: 'system:kube-scheduler'}}, {kind: ServiceAccount, serviceAccount: {name: '*', namespace: kube-system}}], resourceRules: [{verbs: [get, create, update], apiGroups: [''], resources: [endpoints, configmaps], namespaces: [kube-system]}, {verbs: [get, create, update], apiGroups: [coordination.k8s.io], resources: [leases], namespaces: ['*']}]}]}".to_string(),
        ),
        (
            "probes",
            "{matchingPrecedence: 2, priorityLevelConfiguration: {name: exempt}, rules: [{subjects: [{kind: Group, group: {name: 'system:unauthenticated'}}, {kind: Group, group: {name: 'system:authenticated'}}], nonResourceRules: [{verbs: [get], nonResourceURLs: [/healthz, /readyz, /livez]}]}]}".to_string(),
        ),
        (
            "endpoint-controller",
            "{matchingPrecedence: 150, priorityLevelConfiguration: {name: workload-high}, distinguisherMethod: {type: ByUser}, rules: [{subjects: [{kind: User, user: {name: 'system:kube-controller-manager'}}, {kind: ServiceAccount, serviceAccount: {name: endpoint-controller, namespace: kube-system}}], resourceRules: [{verbs: ['*'], apiGroups: [''], resources: [endpoints], clusterScope: true, namespaces: ['*']}]}]}".to_string(),
        ),
    ] {
        assert_eq!(flow_schema(name, &spec), None, "{name}");
    }
    for (name, spec) in [
        (
            "exempt",
            "{type: Exempt, exempt: {nominalConcurrencyShares: 0, lendablePercent: 0}}",
        ),
        (
            "catch-all",
            "{type: Limited, limited: {nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: {type: Reject}}}",
        ),
        (
            "node-high",
            "{type: Limited, limited: {nominalConcurrencyShares: 40, lendablePercent: 25, limitResponse: {type: Queue, queuing: {queues: 64, handSize: 6, queueLengthLimit: 50}}}}",
        ),
        (
            "global-default",
            "{type: Limited, limited: {nominalConcurrencyShares: 20, lendablePercent: 50, limitResponse: {type: Queue, queuing: {queues: 128, handSize: 6, queueLengthLimit: 50}}}}",
        ),
        (
            "leader-election",
            "{type: Limited, limited: {nominalConcurrencyShares: 10, lendablePercent: 0, limitResponse: {type: Queue, queuing: {queues: 16, handSize: 4, queueLengthLimit: 50}}}}",
        ),
    ] {
        assert_eq!(priority_level(name, spec), None, "{name}");
    }
}

/// `ValidateFlowSchemaSpec`: the precedence's range (1 for `exempt`
/// alone), the distinguisher method (printed whole), the priority
/// level's name; `ValidateFlowSchemaPolicyRulesWithSubjects`: subjects
/// and rules needed; `ValidateFlowSchemaSubject`: a known kind.
#[test]
fn flow_schema_specs() {
    assert_eq!(
        flow_schema(
            "system-foo",
            "{matchingPrecedence: 10001, distinguisherMethod: {type: ByGroup}, priorityLevelConfiguration: {name: 'system+++$$'}, rules: [{subjects: []}, {subjects: [{kind: FooKind}], nonResourceRules: [{verbs: ['*'], nonResourceURLs: ['*']}]}]}"
        )
        .unwrap(),
        format!(
            "[spec.matchingPrecedence: Invalid value: 10001: must not be greater than 10000, \
            spec.distinguisherMethod.type: Unsupported value: {{\"Type\":\"ByGroup\"}}: supported values: \"ByNamespace\", \"ByUser\", \
            spec.priorityLevelConfiguration.name: Invalid value: \"system+++$$\": {SUBDOMAIN}, \
            spec.rules[0].subjects: Required value: subjects must contain at least one value, \
            spec.rules[0]: Required value: at least one of resourceRules and nonResourceRules has to be non-empty, \
            spec.rules[1].subjects[0].kind: Unsupported value: \"FooKind\": supported values: \"Group\", \"ServiceAccount\", \"User\"]"
        )
    );
    assert_eq!(
        flow_schema(
            "fred",
            "{matchingPrecedence: 1, priorityLevelConfiguration: {name: exempt}}"
        )
        .unwrap(),
        "spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1"
    );
    assert_eq!(
        flow_schema(
            "fred",
            "{matchingPrecedence: -5, priorityLevelConfiguration: {}}"
        )
        .unwrap(),
        "[spec.matchingPrecedence: Invalid value: -5: must be a positive value, spec.priorityLevelConfiguration.name: Required value: must reference a priority level]"
    );
    // No rules at all: a schema that matches nothing is valid.
    assert_eq!(
        flow_schema("idle", "{priorityLevelConfiguration: {name: p}}"),
        None
    );
}

/// `ValidateFlowSchemaSubject` with `ValidateServiceAccountSubject`,
/// `ValidateUserSubject` and `ValidateGroupSubject`: the member its kind
/// names first, then the others' forbidden.
#[test]
fn flow_schema_subjects() {
    let p = "spec.rules[0].subjects";
    assert_eq!(
        flow_schema(
            "system-foo",
            &subjects(
                "[{kind: ServiceAccount, user: {name: fred}, group: {name: fred}}, {kind: User, group: {name: g}, serviceAccount: {namespace: s, name: n}}, {kind: Group, group: {}, user: null}, {kind: ServiceAccount, serviceAccount: {name: My_SA, namespace: Kube_System}}, {kind: ServiceAccount, serviceAccount: {name: '*'}}, {kind: ServiceAccount, serviceAccount: {namespace: ns}}, {kind: User, user: {name: ''}}]"
            )
        )
        .unwrap(),
        format!(
            "[{p}[0].serviceAccount: Required value: serviceAccount is required when subject kind is 'ServiceAccount', \
            {p}[0].user: Forbidden: user is forbidden when subject kind is not 'User', \
            {p}[0].group: Forbidden: group is forbidden when subject kind is not 'Group', \
            {p}[1].user: Required value: user is required when subject kind is 'User', \
            {p}[1].serviceAccount: Forbidden: serviceAccount is forbidden when subject kind is not 'ServiceAccount', \
            {p}[1].group: Forbidden: group is forbidden when subject kind is not 'Group', \
            {p}[2].group.name: Required value, \
            {p}[3].serviceAccount.name: Invalid value: \"My_SA\": {SUBDOMAIN}, \
            {p}[3].serviceAccount.namespace: Invalid value: \"Kube_System\": {LABEL}, \
            {p}[4].serviceAccount.namespace: Required value: must specify namespace for service account, \
            {p}[5].serviceAccount.name: Required value, \
            {p}[6].user.name: Required value]"
        )
    );
}

/// `ValidateFlowSchemaResourcePolicyRule`: verbs, groups and resources
/// needed, `*` alone (the whole list printed), known verbs; namespaces
/// unless cluster-scoped, `*` alone or DNS labels.
#[test]
fn resource_rules() {
    let p = "spec.rules[0].resourceRules";
    assert_eq!(
        flow_schema(
            "system-foo",
            &policy(
                "[{verbs: ['*', create], apiGroups: ['*', tak], resources: ['*', tok], namespaces: ['*']}, {verbs: [feed, get], apiGroups: [''], resources: [pods], namespaces: [foo, '*']}, {verbs: [], apiGroups: [], resources: []}, {verbs: [get], apiGroups: [apps], resources: [deployments], namespaces: [-foo, ok]}, {verbs: [list], apiGroups: ['*'], resources: ['*'], clusterScope: true}]",
                "[]"
            )
        )
        .unwrap(),
        format!(
            "[{p}[0].verbs: Invalid value: [\"*\",\"create\"]: if '*' is present, must not specify other verbs, \
            {p}[0].apiGroups: Invalid value: [\"*\",\"tak\"]: if '*' is present, must not specify other api groups, \
            {p}[0].resources: Invalid value: [\"*\",\"tok\"]: if '*' is present, must not specify other resources, \
            {p}[1].verbs: Unsupported value: [\"feed\",\"get\"]: supported values: \"create\", \"delete\", \"deletecollection\", \"get\", \"list\", \"patch\", \"proxy\", \"update\", \"watch\", \
            {p}[1].namespaces: Invalid value: [\"foo\",\"*\"]: if '*' is present, must not specify other namespaces, \
            {p}[2].verbs: Required value: verbs must contain at least one value, \
            {p}[2].apiGroups: Required value: resource rules must supply at least one api group, \
            {p}[2].resources: Required value: resource rules must supply at least one resource, \
            {p}[2].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace, \
            {p}[3].namespaces[0]: Invalid value: \"-foo\": each member of this list must be '*' or a DNS-1123 label; {LABEL}]"
        )
    );
}

/// `ValidateFlowSchemaNonResourcePolicyRule` and
/// `ValidateNonResourceURLPath`: each URL a path from the root without
/// spaces or `//`, a wildcard only as its last segment.
#[test]
fn non_resource_rules() {
    let p = "spec.rules[0].nonResourceRules";
    assert_eq!(
        flow_schema(
            "system-foo",
            &policy(
                "[]",
                "[{verbs: ['*'], nonResourceURLs: ['*', tik]}, {verbs: [get, post], nonResourceURLs: [foo, /healthz/*/foo, '/a b', '//', '/health*', /, /apis/, /healthz/*, '', '/*/*']}, {}]"
            )
        )
        .unwrap(),
        format!(
            "[{p}[0].nonResourceURLs: Invalid value: [\"*\",\"tik\"]: if '*' is present, must not specify other non-resource URLs, \
            {p}[1].verbs: Unsupported value: [\"get\",\"post\"]: supported values: \"create\", \"delete\", \"deletecollection\", \"get\", \"list\", \"patch\", \"proxy\", \"update\", \"watch\", \
            {p}[1].nonResourceURLs[0]: Invalid value: \"foo\": must start with slash, \
            {p}[1].nonResourceURLs[1]: Invalid value: \"/healthz/*/foo\": wildcard can only do suffix matching, \
            {p}[1].nonResourceURLs[2]: Invalid value: \"/a b\": must not contain white-space, \
            {p}[1].nonResourceURLs[3]: Invalid value: \"//\": must not contain double slash, \
            {p}[1].nonResourceURLs[4]: Invalid value: \"/health*\": wildcard can only do suffix matching, \
            {p}[1].nonResourceURLs[8]: Invalid value: \"\": must not be empty, \
            {p}[1].nonResourceURLs[9]: Invalid value: \"/*/*\": wildcard can only do suffix matching, \
            {p}[2].verbs: Required value: verbs must contain at least one value, \
            {p}[2].nonResourceURLs: Required value: nonResourceURLs must contain at least one value]"
        )
    );
}

/// `ValidateFlowSchema`'s check of the mandatory schemas
/// (`internalbootstrap.MandatoryFlowSchemas`): any other spec is refused
/// and printed as the internal struct.
#[test]
fn mandatory_flow_schemas() {
    let spec = "{matchingPrecedence: 1, priorityLevelConfiguration: {name: exempt}, rules: [{subjects: [{kind: Group, group: {name: 'system:masters'}}], resourceRules: [{verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*']}], nonResourceRules: [{verbs: ['*'], nonResourceURLs: ['/']}]}]}";
    assert_eq!(
        flow_schema("exempt", spec).unwrap(),
        "spec: Invalid value: {\"PriorityLevelConfiguration\":{\"Name\":\"exempt\"},\"MatchingPrecedence\":1,\"DistinguisherMethod\":null,\"Rules\":[{\"Subjects\":[{\"Kind\":\"Group\",\"User\":null,\"Group\":{\"Name\":\"system:masters\"},\"ServiceAccount\":null}],\"ResourceRules\":[{\"Verbs\":[\"*\"],\"APIGroups\":[\"*\"],\"Resources\":[\"*\"],\"ClusterScope\":true,\"Namespaces\":[\"*\"]}],\"NonResourceRules\":[{\"Verbs\":[\"*\"],\"NonResourceURLs\":[\"/\"]}]}]}: spec of 'exempt' must equal the fixed value"
    );
    // Another schema may have that spec, but for its precedence.
    assert_eq!(
        flow_schema(
            "admins",
            &spec.replace("matchingPrecedence: 1", "matchingPrecedence: 2")
        ),
        None
    );
    // Semantic.DeepEqual: an empty list is a nil one.
    assert_eq!(
        flow_schema(
            "catch-all",
            "{matchingPrecedence: 10000, priorityLevelConfiguration: {name: catch-all}, distinguisherMethod: {type: ByUser}, rules: [{subjects: [{kind: Group, group: {name: 'system:unauthenticated'}}, {kind: Group, group: {name: 'system:authenticated'}}], resourceRules: [{verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*']}], nonResourceRules: [{verbs: ['*'], nonResourceURLs: ['*']}]}]}"
        ),
        None
    );
    assert_eq!(
        flow_schema("catch-all", "{matchingPrecedence: 10000, priorityLevelConfiguration: {name: catch-all}, distinguisherMethod: {type: ByNamespace}, rules: []}").unwrap(),
        "spec: Invalid value: {\"PriorityLevelConfiguration\":{\"Name\":\"catch-all\"},\"MatchingPrecedence\":10000,\"DistinguisherMethod\":{\"Type\":\"ByNamespace\"},\"Rules\":[]}: spec of 'catch-all' must equal the fixed value"
    );
}

/// `ValidatePriorityLevelConfigurationSpec`: the type (`Exempt` for
/// `exempt` alone), the member its type takes and no other.
#[test]
fn priority_level_specs() {
    assert_eq!(
        priority_level("broken-limited", "{type: Limited, exempt: {}}").unwrap(),
        "[spec.exempt: Forbidden: must be nil if the type is Limited, spec.limited: Required value: must not be empty when type is Limited]"
    );
    assert_eq!(
        priority_level("system-foo", "{type: Exempt}").unwrap(),
        "spec.type: Invalid value: \"Exempt\": type must be 'Exempt' if and only if name is 'exempt'"
    );
    assert_eq!(
        priority_level("system-foo", "{type: Bogus}").unwrap(),
        "spec.type: Unsupported value: \"Bogus\": supported values: \"Exempt\", \"Limited\""
    );
    assert_eq!(
        priority_level("system-foo", "{}").unwrap(),
        "spec.type: Unsupported value: \"\": supported values: \"Exempt\", \"Limited\""
    );
}

/// `ValidateLimitedPriorityLevelConfiguration` (zero shares allowed, as
/// 1.32 made them) with `ValidateLimitResponse`.
#[test]
fn limited_priority_levels() {
    let p = "spec.limited";
    assert_eq!(
        priority_level(
            "lim",
            "{type: Limited, limited: {nominalConcurrencyShares: -1, lendablePercent: 101, borrowingLimitPercent: -1, limitResponse: {type: Reject, queuing: {queues: 512, handSize: 4, queueLengthLimit: 100}}}}"
        )
        .unwrap(),
        format!(
            "[{p}.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer, \
            {p}.limitResponse.queuing: Forbidden: must be nil if limited.limitResponse.type is not Limited, \
            {p}.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive, \
            {p}.borrowingLimitPercent: Invalid value: -1: if specified, must be a non-negative integer]"
        )
    );
    assert_eq!(
        priority_level(
            "jail",
            "{type: Limited, limited: {nominalConcurrencyShares: 0, lendablePercent: 0, borrowingLimitPercent: 0, limitResponse: {type: Reject}}}"
        ),
        None
    );
    assert_eq!(
        priority_level(
            "lim",
            "{type: Limited, limited: {lendablePercent: -1, limitResponse: {type: Queue}}}"
        )
        .unwrap(),
        format!(
            "[{p}.limitResponse.queuing: Required value: must not be empty if limited.limitResponse.type is Limited, \
            {p}.lendablePercent: Invalid value: -1: must be between 0 and 100, inclusive]"
        )
    );
    assert_eq!(
        priority_level("lim", "{type: Limited, limited: {}}").unwrap(),
        format!(
            "{p}.limitResponse.type: Unsupported value: \"\": supported values: \"Queue\", \"Reject\""
        )
    );
}

/// `ValidatePriorityLevelQueuingConfiguration`: positive sizes (a zero is
/// defaulted), at most 10^7 queues, a hand no larger than the deck and
/// within 60 bits of entropy (`shufflesharding.RequiredEntropyBits`).
#[test]
fn queuing_configurations() {
    let queuing = |q: &str| {
        priority_level(
            "system-foo",
            &format!(
                "{{type: Limited, limited: {{nominalConcurrencyShares: 100, limitResponse: {{type: Queue, queuing: {q}}}}}}}"
            ),
        )
    };
    let p = "spec.limited.limitResponse.queuing";
    assert_eq!(
        queuing("{queues: 512, handSize: 8, queueLengthLimit: 100}").unwrap(),
        format!(
            "{p}.handSize: Invalid value: 8: required entropy bits of deckSize 512 and handSize 8 should not be greater than 60"
        )
    );
    assert_eq!(
        queuing("{queues: 128, handSize: 10}").unwrap(),
        format!(
            "{p}.handSize: Invalid value: 10: required entropy bits of deckSize 128 and handSize 10 should not be greater than 60"
        )
    );
    assert_eq!(
        queuing("{queues: 2147483647, handSize: 3, queueLengthLimit: 100}").unwrap(),
        format!(
            "[{p}.queues: Invalid value: 2147483647: must not be greater than 10000000, \
            {p}.handSize: Invalid value: 3: required entropy bits of deckSize 2147483647 and handSize 3 should not be greater than 60]"
        )
    );
    assert_eq!(
        queuing("{queues: 7, handSize: 8}").unwrap(),
        format!("{p}.handSize: Invalid value: 8: should not be greater than queues (7)")
    );
    assert_eq!(
        queuing("{queues: -1, handSize: -2, queueLengthLimit: -3}").unwrap(),
        format!(
            "[{p}.queueLengthLimit: Invalid value: -3: must be positive, \
            {p}.queues: Invalid value: -1: must be positive, \
            {p}.handSize: Invalid value: -2: must be positive]"
        )
    );
    // 60 bits exactly (a power of two, counted exactly), and 10^7 queues
    // with a hand of 2 (47 bits).
    assert_eq!(queuing("{queues: 1024, handSize: 6}"), None);
    assert_eq!(queuing("{queues: 10000000, handSize: 2}"), None);
    assert_eq!(queuing("{}"), None);
}

/// `ValidateExemptPriorityLevelConfiguration` and
/// `ValidateIfMandatoryPriorityLevelConfigurationObject`: `exempt` may
/// change its `spec.exempt` alone; `catch-all` nothing (the whole spec
/// printed after the spec's own errors).
#[test]
fn mandatory_priority_levels() {
    assert_eq!(
        priority_level(
            "exempt",
            "{type: Exempt, exempt: {nominalConcurrencyShares: -1, lendablePercent: 101}}"
        )
        .unwrap(),
        "[spec.exempt.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer, spec.exempt.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive]"
    );
    assert_eq!(
        priority_level(
            "exempt",
            "{type: Exempt, exempt: {nominalConcurrencyShares: 10, lendablePercent: 10}}"
        ),
        None
    );
    assert_eq!(priority_level("exempt", "{type: Exempt}"), None);
    assert_eq!(
        priority_level("exempt", "{type: Limited, exempt: {}, limited: {nominalConcurrencyShares: 42, limitResponse: {type: Reject}}}").unwrap(),
        "[spec.type: Invalid value: \"Limited\": type must be 'Exempt' if and only if name is 'exempt', \
        spec.exempt: Forbidden: must be nil if the type is Limited, \
        spec: Invalid value: {\"Type\":\"Limited\",\"Limited\":{\"NominalConcurrencyShares\":42,\"LimitResponse\":{\"Type\":\"Reject\",\"Queuing\":null},\"LendablePercent\":0,\"BorrowingLimitPercent\":null},\"Exempt\":{\"NominalConcurrencyShares\":0,\"LendablePercent\":0}}: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value]"
    );
    assert_eq!(
        priority_level("exempt", "{type: Exempt, exempt: {}, limited: {nominalConcurrencyShares: 42, limitResponse: {type: Reject}}}").unwrap(),
        "[spec.limited: Forbidden: must be nil if the type is not Limited, \
        spec: Invalid value: {\"Type\":\"Exempt\",\"Limited\":{\"NominalConcurrencyShares\":42,\"LimitResponse\":{\"Type\":\"Reject\",\"Queuing\":null},\"LendablePercent\":0,\"BorrowingLimitPercent\":null},\"Exempt\":{\"NominalConcurrencyShares\":0,\"LendablePercent\":0}}: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value]"
    );
    assert_eq!(
        priority_level("catch-all", "{type: Limited, limited: {nominalConcurrencyShares: 42, limitResponse: {type: Reject}}}").unwrap(),
        "spec: Invalid value: {\"Type\":\"Limited\",\"Limited\":{\"NominalConcurrencyShares\":42,\"LimitResponse\":{\"Type\":\"Reject\",\"Queuing\":null},\"LendablePercent\":0,\"BorrowingLimitPercent\":null},\"Exempt\":null}: spec of 'catch-all' must equal the fixed value"
    );
    assert_eq!(
        priority_level("catch-all", "{type: Limited, limited: {nominalConcurrencyShares: 5, borrowingLimitPercent: 10, limitResponse: {type: Reject}}}").unwrap(),
        "spec: Invalid value: {\"Type\":\"Limited\",\"Limited\":{\"NominalConcurrencyShares\":5,\"LimitResponse\":{\"Type\":\"Reject\",\"Queuing\":null},\"LendablePercent\":0,\"BorrowingLimitPercent\":10},\"Exempt\":null}: spec of 'catch-all' must equal the fixed value"
    );
}

/// `ValidatePriorityLevelConfiguration`: the v1beta3 round-trip
/// annotation is the client's, and forbidden.
#[test]
fn the_roundtrip_annotation_is_forbidden() {
    let level = crate::yaml::parse(&format!(
        "apiVersion: {API}\nkind: PriorityLevelConfiguration\nmetadata: {{name: p, annotations: {{flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares: ''}}}}\nspec: {{type: Limited, limited: {{nominalConcurrencyShares: 42, limitResponse: {{type: Reject}}}}}}"
    ))
    .unwrap()
    .value;
    assert_eq!(
        errors_of(API, "PriorityLevelConfiguration", None, &level).unwrap(),
        "metadata.annotations: Forbidden: annotation 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares' is forbidden"
    );
}

/// `ValidateFlowSchemaStatusUpdate`,
/// `ValidatePriorityLevelConfigurationStatusUpdate` (a `/status` write)
/// and the status part of `ValidateFlowSchema`: condition types given,
/// each once.
#[test]
fn status_conditions() {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let spec = "{priorityLevelConfiguration: {name: p}}";
    let old = object("FlowSchema", "f", spec, "");
    let new = object(
        "FlowSchema",
        "f",
        spec,
        "status: {conditions: [{type: Dangling, status: 'True'}, {type: Dangling}, {status: 'False'}]}",
    );
    let expected = "[status.conditions[1].type: Duplicate value: \"Dangling\", status.conditions[2].type: Required value: must not be empty]";
    let schemas = KindValidation::for_kind(API, "FlowSchema", table).unwrap();
    assert_eq!(
        schemas.validate_status(&old, &new).unwrap_err(),
        format!("FlowSchema.flowcontrol.apiserver.k8s.io \"f\" is invalid: {expected}")
    );
    assert_eq!(
        errors_of(API, "FlowSchema", Some(&old), &new).unwrap(),
        expected
    );
    let levels = KindValidation::for_kind(API, "PriorityLevelConfiguration", table).unwrap();
    let spec = "{type: Limited, limited: {limitResponse: {type: Reject}}}";
    let old = object("PriorityLevelConfiguration", "p", spec, "");
    let new = object(
        "PriorityLevelConfiguration",
        "p",
        spec,
        "status: {conditions: [{type: ''}, {type: ''}]}",
    );
    assert_eq!(
        levels.validate_status(&old, &new).unwrap_err(),
        "PriorityLevelConfiguration.flowcontrol.apiserver.k8s.io \"p\" is invalid: [status.conditions[0].type: Required value: must not be empty, status.conditions[1].type: Duplicate value: \"\", status.conditions[1].type: Required value: must not be empty]"
    );
}

/// A scenario's step applying `object` (YAML lines, indented by four) as
/// a `kind`: its message, or `Applied` and the stored object.
fn apply(kind: &str, object: &str) -> (String, Option<Value>) {
    apply_one(API, kind, object)
}

/// Through a whole write the object is validated once defaulted (a zero
/// precedence, queue count, hand size or length limit is the default, not
/// refused) and with the status the create clears; a broken one is
/// refused with the server's message.
#[test]
fn scenario_writes_are_validated_defaulted() {
    let (message, stored) = apply(
        "FlowSchema",
        "    metadata: {name: probes}\n    spec:\n      matchingPrecedence: 0\n      priorityLevelConfiguration: {name: exempt}\n      rules:\n      - subjects: [{kind: Group, group: {name: 'system:authenticated'}}]\n        nonResourceRules: [{verbs: [get], nonResourceURLs: [/healthz]}]\n    status: {conditions: [{type: ''}]}\n",
    );
    assert_eq!(message, "Applied");
    let stored = stored.unwrap();
    assert_eq!(
        stored.get_path(&["spec", "matchingPrecedence"]),
        Some(&Value::Int(1000))
    );
    // The create cleared the status (whose condition without a type would
    // be refused) before the validation.
    assert_eq!(
        stored.get("status").map(Value::to_json).as_deref(),
        Some("{}")
    );
    let (message, stored) = apply(
        "PriorityLevelConfiguration",
        "    metadata: {name: batch}\n    spec:\n      type: Limited\n      limited:\n        limitResponse:\n          type: Queue\n          queuing: {queues: 0, handSize: 0, queueLengthLimit: 0}\n",
    );
    assert_eq!(message, "Applied");
    assert_eq!(
        stored
            .unwrap()
            .get_path(&["spec", "limited", "limitResponse", "queuing"])
            .map(Value::to_json_sorted),
        Some("{\"handSize\":8,\"queueLengthLimit\":50,\"queues\":64}".to_string())
    );
    let (message, _) = apply(
        "FlowSchema",
        "    metadata: {name: broken}\n    spec:\n      matchingPrecedence: 1\n      priorityLevelConfiguration: {name: workload-low}\n      rules:\n      - subjects: [{kind: ServiceAccount, serviceAccount: {name: default}}]\n        resourceRules: [{verbs: [get], apiGroups: [''], resources: [pods]}]\n",
    );
    assert_eq!(
        message,
        "FlowSchema.flowcontrol.apiserver.k8s.io \"broken\" is invalid: [spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1, spec.rules[0].subjects[0].serviceAccount.namespace: Required value: must specify namespace for service account, spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace]"
    );
    let (message, _) = apply(
        "PriorityLevelConfiguration",
        "    metadata: {name: catch-all}\n    spec:\n      type: Limited\n      limited:\n        nominalConcurrencyShares: 5\n        limitResponse: {type: Queue, queuing: {queues: 1, handSize: 2}}\n",
    );
    assert_eq!(
        message,
        "PriorityLevelConfiguration.flowcontrol.apiserver.k8s.io \"catch-all\" is invalid: [spec.limited.limitResponse.queuing.handSize: Invalid value: 2: should not be greater than queues (1), spec: Invalid value: {\"Type\":\"Limited\",\"Limited\":{\"NominalConcurrencyShares\":5,\"LimitResponse\":{\"Type\":\"Queue\",\"Queuing\":{\"Queues\":1,\"HandSize\":2,\"QueueLengthLimit\":50}},\"LendablePercent\":0,\"BorrowingLimitPercent\":null},\"Exempt\":null}: spec of 'catch-all' must equal the fixed value]"
    );
}
