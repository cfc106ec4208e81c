//! Each test names the upstream function it follows
//! (`pkg/apis/admissionregistration/validation/validation.go`, apiserver
//! `pkg/util/webhook/validation.go`).

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use super::super::tests::listed;
use crate::schema::{Defaulter, Validator};
use crate::value::Value;

/// An admissionregistration.k8s.io/v1 object of `kind` as the server
/// validates it (defaulted), named `hooks`, with `webhooks` as YAML.
fn object(kind: &str, webhooks: &str) -> Value {
    let mut object = crate::yaml::parse(&format!(
        "apiVersion: admissionregistration.k8s.io/v1\nkind: {kind}\nmetadata: {{name: hooks}}\nwebhooks: {webhooks}"
    ))
    .unwrap()
    .value;
    if let Some(defaults) =
        crate::builtin::defaults::KindDefaults::for_kind("admissionregistration.k8s.io/v1", kind)
    {
        defaults.apply_defaults(&mut object, "");
    }
    object
}

/// The validation of `new` (replacing `old`).
fn check(kind: &str, old: Option<&str>, new: &str) -> Result<(), String> {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let old = old.map(|hooks| object(kind, hooks));
    KindValidation::for_kind("admissionregistration.k8s.io/v1", kind, table)
        .unwrap()
        .validate(old.as_ref(), &object(kind, new))
}

const VALID: &str = "{name: check.example.com, sideEffects: None, admissionReviewVersions: [v1], clientConfig: {service: {name: hook, namespace: system, path: /validate}}, rules: [{operations: [CREATE, UPDATE], apiGroups: [apps], apiVersions: [v1], resources: [deployments, deployments/scale]}]}";

/// A webhook with `fields` changed from [`VALID`]'s.
fn hook(fields: &str) -> String {
    format!("[{}, {fields}}}]", VALID.trim_end_matches('}'))
}

/// `validateValidatingWebhook`, `validateMutatingWebhook`: a chart's
/// webhook passes; the name, side effects, timeout and policies.
#[test]
fn webhooks() {
    for kind in [
        "ValidatingWebhookConfiguration",
        "MutatingWebhookConfiguration",
    ] {
        assert!(check(kind, None, &format!("[{VALID}]")).is_ok(), "{kind}");
    }
    assert_eq!(
        check(
            "MutatingWebhookConfiguration",
            None,
            &hook("name: check, failurePolicy: Closed, timeoutSeconds: 60, reinvocationPolicy: Always, namespaceSelector: {matchLabels: {'a b': c}}")
        )
        .unwrap_err(),
        "MutatingWebhookConfiguration.admissionregistration.k8s.io \"hooks\" is invalid: [webhooks[0].name: Invalid value: \"check\": should be a domain with at least three segments separated by dots, webhooks[0].failurePolicy: Unsupported value: \"Closed\": supported values: \"Fail\", \"Ignore\", webhooks[0].timeoutSeconds: Invalid value: 60: the timeout value must be between 1 and 30 seconds, webhooks[0].namespaceSelector.matchLabels: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), webhooks[0].reinvocationPolicy: Unsupported value: \"Always\": supported values: \"IfNeeded\", \"Never\"]"
    );
    // v1 requires side effects and review versions; a name twice.
    assert_eq!(
        check(
            "ValidatingWebhookConfiguration",
            None,
            "[{name: a.example.com, clientConfig: {url: 'https://hooks.example.com/a'}}, {name: a.example.com, sideEffects: Some, admissionReviewVersions: [v2, v2], clientConfig: {url: 'https://hooks.example.com/a'}}]"
        )
        .unwrap_err(),
        "ValidatingWebhookConfiguration.admissionregistration.k8s.io \"hooks\" is invalid: [webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun, webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1, webhooks[1].sideEffects: Unsupported value: \"Some\": supported values: \"None\", \"NoneOnDryRun\", webhooks[1].admissionReviewVersions[1]: Invalid value: \"v2\": duplicate version, webhooks[1].admissionReviewVersions: Invalid value: [\"v2\",\"v2\"]: must include at least one of v1, v1beta1, webhooks[1].name: Duplicate value: \"a.example.com\"]"
    );
    // An update keeps what the stored webhooks already had.
    let stored = "[{name: a.example.com, sideEffects: Unknown, admissionReviewVersions: [v2], clientConfig: {url: 'https://hooks.example.com/a'}}, {name: a.example.com, sideEffects: Unknown, admissionReviewVersions: [v2], clientConfig: {url: 'https://hooks.example.com/a'}}]";
    assert!(
        check(
            "ValidatingWebhookConfiguration",
            Some(stored),
            &stored.replace("Unknown", "Some")
        )
        .is_ok()
    );
}

/// `validateRuleWithOperations`, `validateRule`, `validateResources`.
#[test]
fn rules() {
    assert_eq!(
        check(
            "ValidatingWebhookConfiguration",
            None,
            &hook("rules: [{operations: ['*', PATCH], apiGroups: ['*', apps], apiVersions: [''], resources: ['pods/*', pods/log, '*', configmaps], scope: Cluster}, {scope: Everywhere}]")
        )
        .unwrap_err(),
        "ValidatingWebhookConfiguration.admissionregistration.k8s.io \"hooks\" is invalid: [webhooks[0].rules[0].operations: Invalid value: [\"*\",\"PATCH\"]: if '*' is present, must not specify other operations, webhooks[0].rules[0].operations[1]: Unsupported value: \"PATCH\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"DELETE\", \"UPDATE\", webhooks[0].rules[0].apiGroups: Invalid value: [\"*\",\"apps\"]: if '*' is present, must not specify other API groups, webhooks[0].rules[0].apiVersions[0]: Required value, webhooks[0].rules[0].resources[1]: Invalid value: \"pods/log\": if 'pods/*' is present, must not specify pods/log, webhooks[0].rules[0].resources: Invalid value: [\"pods/*\",\"pods/log\",\"*\",\"configmaps\"]: if '*' is present, must not specify other resources without subresources, webhooks[0].rules[1].operations: Required value, webhooks[0].rules[1].apiGroups: Required value, webhooks[0].rules[1].apiVersions: Required value, webhooks[0].rules[1].resources: Required value, webhooks[0].rules[1].scope: Unsupported value: \"Everywhere\": supported values: \"*\", \"Cluster\", \"Namespaced\"]"
    );
}

/// apiserver's `ValidateWebhookURL` and `ValidateWebhookService` (whose
/// callers swap the service's name and namespace,
/// kubernetes/kubernetes#141353).
#[test]
fn client_configs() {
    let config = |config: &str| {
        listed(check(
            "ValidatingWebhookConfiguration",
            None,
            &format!(
                "[{{name: a.example.com, sideEffects: None, admissionReviewVersions: [v1], clientConfig: {config}}}]"
            ),
        ))
    };
    assert_eq!(config("{url: 'https://hooks.example.com:8443/a'}"), None);
    assert_eq!(
        config("{}").unwrap(),
        "webhooks[0].clientConfig: Required value: exactly one of url or service is required"
    );
    assert_eq!(
        config("{url: 'http://admin:secret@hooks.example.com/a?x=1#top'}").unwrap(),
        "[webhooks[0].clientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; desired format: https://host[/path], webhooks[0].clientConfig.url: Invalid value: \"admin:secret\": user information is not permitted in the URL, webhooks[0].clientConfig.url: Invalid value: \"top\": fragments are not permitted in the URL, webhooks[0].clientConfig.url: Invalid value: \"x=1\": query parameters are not permitted in the URL]"
    );
    assert_eq!(
        config("{url: hooks.example.com/a}").unwrap(),
        "[webhooks[0].clientConfig.url: Invalid value: \"\": 'https' is the only allowed URL scheme; desired format: https://host[/path], webhooks[0].clientConfig.url: Invalid value: \"\": host must be specified; desired format: https://host[/path]]"
    );
    // A host with a port but no scheme: Go reads a scheme in a name
    // (`hooks.example.com:443/a` is the scheme `hooks.example.com`), not
    // in an address.
    assert_eq!(
        config("{url: 'hooks.example.com:443/a'}").unwrap(),
        "[webhooks[0].clientConfig.url: Invalid value: \"hooks.example.com\": 'https' is the only allowed URL scheme; desired format: https://host[/path], webhooks[0].clientConfig.url: Invalid value: \"\": host must be specified; desired format: https://host[/path]]"
    );
    assert_eq!(
        config("{url: '10.0.0.1:8443/validate'}").unwrap(),
        "webhooks[0].clientConfig.url: Required value: url must be a valid URL: parse \"10.0.0.1:8443/validate\": first path segment in URL cannot contain colon; desired format: https://host[/path]"
    );
    assert_eq!(
        config("{url: ':443/a'}").unwrap(),
        "webhooks[0].clientConfig.url: Required value: url must be a valid URL: parse \":443/a\": missing protocol scheme; desired format: https://host[/path]"
    );
    // The path's first byte is dropped unread, `/` or not: segment 0
    // is `alidate`.
    assert_eq!(
        config("{service: {name: hook, port: 0, path: 'validate//Pods/'}}").unwrap(),
        "[webhooks[0].clientConfig.service.name: Required value, webhooks[0].clientConfig.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive, webhooks[0].clientConfig.service.path: Invalid value: \"validate//Pods/\": must start with a '/', webhooks[0].clientConfig.service.path: Invalid value: \"validate//Pods/\": segment[1] may not be empty, webhooks[0].clientConfig.service.path: Invalid value: \"validate//Pods/\": segment[2]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]"
    );
    assert_eq!(
        config("{service: {namespace: system}}").unwrap(),
        "webhooks[0].clientConfig.service.namespace: Required value"
    );
}

/// `validateMatchConditions`: names and expressions; an update that
/// leaves them as they were does not check them again.
#[test]
fn match_conditions() {
    let conditions = "matchConditions: [{name: not-system, expression: '!request.userInfo.username.startsWith(\"system:\")'}, {name: 'bad name', expression: ' '}, {name: not-system, expression: 'true'}]";
    let err = "ValidatingWebhookConfiguration.admissionregistration.k8s.io \"hooks\" is invalid: [webhooks[0].matchConditions[1].expression: Required value, webhooks[0].matchConditions[1].name: Invalid value: \"bad name\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), webhooks[0].matchConditions[2].name: Duplicate value: \"not-system\"]";
    assert_eq!(
        check("ValidatingWebhookConfiguration", None, &hook(conditions)).unwrap_err(),
        err
    );
    let stored = hook(conditions);
    assert!(
        check(
            "ValidatingWebhookConfiguration",
            Some(&stored),
            &stored
                .replace("timeoutSeconds", "x")
                .replace("/validate", "/check")
        )
        .is_ok()
    );
}

/// A CustomResourceDefinition's conversion webhook shares the client
/// config's checks (`validateCustomResourceConversion`).
#[test]
fn conversion_webhooks() {
    let crd = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}\n  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]\n  conversion: {strategy: Webhook, webhook: {conversionReviewVersions: [v1], clientConfig: {url: 'http://convert.example.com/'}}}\n";
    let mut object = crate::yaml::parse(crd).unwrap().value;
    if let Some(defaults) = crate::builtin::defaults::KindDefaults::for_kind(
        "apiextensions.k8s.io/v1",
        "CustomResourceDefinition",
    ) {
        defaults.apply_defaults(&mut object, "");
    }
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let validation =
        KindValidation::for_kind("apiextensions.k8s.io/v1", "CustomResourceDefinition", table)
            .unwrap();
    assert_eq!(
        validation.validate(None, &object).unwrap_err(),
        "CustomResourceDefinition.apiextensions.k8s.io \"widgets.example.com\" is invalid: spec.conversion.webhookClientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; desired format: https://host[/path]"
    );
}

/// The validation of a policy or binding `kind` with `spec` (YAML),
/// replacing one with `old`.
fn policy(kind: &str, old: Option<&str>, spec: &str) -> Result<(), String> {
    let object = |spec: &str| {
        let mut object = crate::yaml::parse(&format!(
            "apiVersion: admissionregistration.k8s.io/v1\nkind: {kind}\nmetadata: {{name: replicas.example.com}}\nspec: {spec}"
        ))
        .unwrap()
        .value;
        if let Some(defaults) = crate::builtin::defaults::KindDefaults::for_kind(
            "admissionregistration.k8s.io/v1",
            kind,
        ) {
            defaults.apply_defaults(&mut object, "");
        }
        object
    };
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let old = old.map(object);
    KindValidation::for_kind("admissionregistration.k8s.io/v1", kind, table)
        .unwrap()
        .validate(old.as_ref(), &object(spec))
}

/// `validateValidatingAdmissionPolicySpec` (its CEL compilation aside):
/// the documentation's example passes; what each part requires, in the
/// words of the 1.34-1.36 revision (`must be a valid CEL identifier`,
/// `must not contain line breaks`; older releases began them with
/// `name is not` and `message`).
#[test]
fn validating_admission_policies() {
    let vap = |spec: &str| listed(policy("ValidatingAdmissionPolicy", None, spec));
    let example = "{matchConstraints: {resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}]}, validations: [{expression: 'object.spec.replicas <= 5'}]}";
    assert_eq!(vap(example), None);
    assert_eq!(
        vap("{failurePolicy: Deny, paramKind: {apiVersion: 'a/b/c', kind: Replica_Limit}, matchConstraints: {matchPolicy: Fuzzy}}").unwrap(),
        "[spec.failurePolicy: Unsupported value: \"Deny\": supported values: \"Fail\", \"Ignore\", spec.paramKind.apiVersion: Invalid value: \"a/b/c\": unexpected GroupVersion string: a/b/c, spec.paramKind.kind: Invalid value: \"Replica_Limit\": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?'), spec.matchConstraints.matchPolicy: Unsupported value: \"Fuzzy\": supported values: \"Equivalent\", \"Exact\", spec.matchConstraints.resourceRules: Required value, spec.validations: Required value: validations or auditAnnotations must contain at least one item, spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item]"
    );
    assert_eq!(
        vap("{paramKind: {apiVersion: rules.example.com/, kind: Limit}, matchConstraints: {resourceRules: [{apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [pods], resourceNames: [a/b, a/b]}]}, variables: [{name: 'in', expression: ' '}], validations: [{expression: 'true', message: \"two\\nlines\", reason: Teapot}], auditAnnotations: [{key: 'high replicas', valueExpression: ''}, {key: 'high replicas', valueExpression: 'x'}]}").unwrap(),
        "[spec.paramKind.apiVersion: Invalid value: \"rules.example.com/\": version must be specified, spec.matchConstraints.resourceRules[0].resourceNames[0]: Invalid value: \"a/b\": may not contain '/', spec.matchConstraints.resourceRules[0].resourceNames[1]: Invalid value: \"a/b\": may not contain '/', spec.matchConstraints.resourceRules[0].resourceNames[1]: Duplicate value: \"a/b\", spec.variables[0].name: Invalid value: \"in\": must be a valid CEL identifier, spec.variables[0].expression: Required value: expression is not specified, spec.validations[0].message: Invalid value: \"two\\nlines\": must not contain line breaks, spec.validations[0].reason: Unsupported value: \"Teapot\": supported values: \"Forbidden\", \"Invalid\", \"RequestEntityTooLarge\", spec.auditAnnotations[0].key: Invalid value: \"replicas.example.com/high replicas\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), spec.auditAnnotations[0].valueExpression: Required value: valueExpression is not specified, spec.auditAnnotations[1].key: Invalid value: \"replicas.example.com/high replicas\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), spec.auditAnnotations[1].valueExpression: Invalid value: \"x\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'x' (in container '')\n | x\n | ^, spec.auditAnnotations[1].key: Duplicate value: \"high replicas\"]"
    );
}

/// The policy's expressions compile in upstream's environments: `self`
/// is a CRD rule's, not an admission expression's; `params` only with a
/// `paramKind`; `variables` those declared before, in order; `request`'s
/// declared fields; a message expression without `authorizer`; match
/// conditions without `variables`, trimmed (the caret counts from the
/// trimmed text), and a webhook's without `params`.
#[test]
fn admission_expressions_compile() {
    let vap = |spec: &str| listed(policy("ValidatingAdmissionPolicy", None, spec));
    let rules = "matchConstraints: {resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}]}";
    let spec = format!(
        "{{{rules}, matchConditions: [{{name: a, expression: '  variables.limit > 0'}}], \
         variables: [{{name: early, expression: 'variables.limit'}}, {{name: limit, expression: 'params.maxReplicas'}}], \
         validations: [{{expression: 'self.spec.replicas <= variables.limit', messageExpression: \"'too many: ' + string(request.userinfo.username)\"}}, \
         {{expression: 'object.spec.replicas <= variables.limit && request.userInfo.username != \"\"'}}]}}"
    );
    assert_eq!(
        vap(&spec).unwrap(),
        "[spec.matchConditions[0].expression: Invalid value: \"variables.limit > 0\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'variables' (in container '')\n | variables.limit > 0\n | ^, \
         spec.variables[0].expression: Invalid value: \"variables.limit\": compilation failed: ERROR: <input>:1:10: undefined field 'limit'\n | variables.limit\n | .........^, \
         spec.variables[1].expression: Invalid value: \"params.maxReplicas\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.maxReplicas\n | ^, \
         spec.validations[0].expression: Invalid value: \"self.spec.replicas <= variables.limit\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'self' (in container '')\n | self.spec.replicas <= variables.limit\n | ^, \
         spec.validations[0].messageExpression: Invalid value: \"'too many: ' + string(request.userinfo.username)\": compilation failed: ERROR: <input>:1:30: undefined field 'userinfo'\n | 'too many: ' + string(request.userinfo.username)\n | .............................^]"
    );
    let with_params = format!(
        "{{paramKind: {{apiVersion: rules.example.com/v1, kind: ReplicaLimit}}, {rules}, variables: [{{name: limit, expression: 'params.maxReplicas'}}], validations: [{{expression: 'object.spec.replicas <= variables.limit'}}]}}"
    );
    assert_eq!(vap(&with_params), None);
    let conditions = "matchConditions: [{name: a, expression: 'params.enabled'}]";
    assert_eq!(
        check("ValidatingWebhookConfiguration", None, &hook(conditions)).unwrap_err(),
        "ValidatingWebhookConfiguration.admissionregistration.k8s.io \"hooks\" is invalid: webhooks[0].matchConditions[0].expression: Invalid value: \"params.enabled\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.enabled\n | ^"
    );
}

/// `compile.go`'s output types (`ReturnTypes`): a validation and a match
/// condition give a bool, a message a string, an audit annotation's value
/// a string or null (`must evaluate to bool but got dyn`: a field of
/// `object` is dyn); a variable any, and later expressions see it with
/// its type (`CompositionEnv.AddField`). The declared `request` fields
/// have theirs.
#[test]
fn admission_output_types() {
    let vap = |spec: &str| listed(policy("ValidatingAdmissionPolicy", None, spec));
    let rules = "matchConstraints: {resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}]}";
    assert_eq!(
        vap(&format!(
            "{{{rules}, validations: [{{expression: object.spec.paused}}]}}"
        ))
        .unwrap(),
        "spec.validations[0].expression: Invalid value: \"object.spec.paused\": must evaluate to bool but got dyn"
    );
    assert_eq!(
        vap(&format!(
            "{{{rules}, matchConditions: [{{name: m, expression: \"'a'\"}}], validations: [{{expression: '1', messageExpression: 'object.metadata.name'}}], auditAnnotations: [{{key: a, valueExpression: '1'}}, {{key: b, valueExpression: 'null'}}]}}"
        ))
        .unwrap(),
        "[spec.matchConditions[0].expression: Invalid value: \"'a'\": must evaluate to bool but got string, \
         spec.validations[0].expression: Invalid value: \"1\": must evaluate to bool but got int, \
         spec.validations[0].messageExpression: Invalid value: \"object.metadata.name\": must evaluate to string but got dyn, \
         spec.auditAnnotations[0].valueExpression: Invalid value: \"1\": must evaluate to one of [string null_type] but got int]"
    );
    assert_eq!(
        vap(&format!(
            "{{{rules}, variables: [{{name: x, expression: \"'a'\"}}, {{name: count, expression: object.spec.replicas}}, {{name: names, expression: \"['a', 'b']\"}}], validations: [{{expression: 'variables.x > 1'}}, {{expression: 'variables.count > 1 && 1 in variables.names'}}, {{expression: 'variables.count'}}]}}"
        ))
        .unwrap(),
        "[spec.validations[0].expression: Invalid value: \"variables.x > 1\": compilation failed: ERROR: <input>:1:13: found no matching overload for '_>_' applied to '(string, int)'\n | variables.x > 1\n | ............^, \
         spec.validations[1].expression: Invalid value: \"variables.count > 1 && 1 in variables.names\": compilation failed: ERROR: <input>:1:26: found no matching overload for '@in' applied to '(int, list(string))'\n | variables.count > 1 && 1 in variables.names\n | .........................^, \
         spec.validations[2].expression: Invalid value: \"variables.count\": must evaluate to bool but got dyn]"
    );
    assert_eq!(
        vap(&format!(
            "{{{rules}, validations: [{{expression: 'request.name == 1 || request.dryRun', messageExpression: \"request.userInfo.groups.join(', ')\"}}]}}"
        ))
        .unwrap(),
        "spec.validations[0].expression: Invalid value: \"request.name == 1 || request.dryRun\": compilation failed: ERROR: <input>:1:14: found no matching overload for '_==_' applied to '(string, int)'\n | request.name == 1 || request.dryRun\n | .............^"
    );
    // The output type as `Type.String()` prints it: a timestamp by its
    // full name (the checker's messages say `timestamp`).
    assert_eq!(
        vap(&format!(
            "{{{rules}, validations: [{{expression: namespaceObject.metadata.creationTimestamp}}, {{expression: 'namespaceObject.metadata.creationTimestamp == 1'}}]}}"
        ))
        .unwrap(),
        "[spec.validations[0].expression: Invalid value: \"namespaceObject.metadata.creationTimestamp\": must evaluate to bool but got google.protobuf.Timestamp, \
         spec.validations[1].expression: Invalid value: \"namespaceObject.metadata.creationTimestamp == 1\": compilation failed: ERROR: <input>:1:44: found no matching overload for '_==_' applied to '(timestamp, int)'\n | namespaceObject.metadata.creationTimestamp == 1\n | ...........................................^]"
    );
    // A null branch beside a string does not unify in cel-go's checker
    // (`internalIsAssignableNull`: strings are not nullable), though the
    // Kubernetes documentation's audit annotation example has one; beside
    // a dyn it does, and the conditional is a dyn (cel-go v0.26.0's
    // `OutputType`), which an audit annotation may not give.
    assert_eq!(
        vap(&format!(
            "{{{rules}, validations: [{{expression: '!object.spec.paused'}}], auditAnnotations: [{{key: a, valueExpression: \"object.spec.replicas > 3 ? 'high' : null\"}}]}}"
        ))
        .unwrap(),
        "spec.auditAnnotations[0].valueExpression: Invalid value: \"object.spec.replicas > 3 ? 'high' : null\": compilation failed: ERROR: <input>:1:26: found no matching overload for '_?_:_' applied to '(bool, string, null)'\n | object.spec.replicas > 3 ? 'high' : null\n | .........................^"
    );
    assert_eq!(
        vap(&format!(
            "{{{rules}, validations: [{{expression: '!object.spec.paused'}}], auditAnnotations: [{{key: a, valueExpression: \"object.spec.replicas > 3 ? object.metadata.name : null\"}}]}}"
        ))
        .unwrap(),
        "spec.auditAnnotations[0].valueExpression: Invalid value: \"object.spec.replicas > 3 ? object.metadata.name : null\": must evaluate to one of [string null_type] but got dyn"
    );
    // A literal pattern of `find()` Go refuses: the program cannot be
    // created, an internal error (`convertCELErrorToValidationError`).
    assert_eq!(
        vap(&format!(
            "{{{rules}, validations: [{{expression: \"object.metadata.name.find(')') == ''\"}}]}}"
        ))
        .unwrap(),
        "spec.validations[0].expression: Internal error: program instantiation failed: error parsing regexp: unexpected ): `)`"
    );
    // What the policies people write give: bools, and strings for messages.
    for good in [
        "validations: [{expression: 'object.spec.replicas <= 5', messageExpression: \"'replicas: ' + string(object.spec.replicas)\"}]",
        "validations: [{expression: \"has(object.spec.paused) ? object.spec.paused == true : true\"}]",
        "validations: [{expression: \"object.spec.template.spec.containers.all(c, c.image.startsWith('registry.example.com/'))\"}]",
        "validations: [{expression: '!object.spec.paused'}], auditAnnotations: [{key: a, valueExpression: \"'replicas: ' + string(object.spec.replicas)\"}]",
        "variables: [{name: ok, expression: 'object.spec.replicas < 5'}], validations: [{expression: variables.ok}]",
    ] {
        assert_eq!(vap(&format!("{{{rules}, {good}}}")), None, "{good}");
    }
}

/// `validateValidatingAdmissionPolicyBindingSpec`.
#[test]
fn validating_admission_policy_bindings() {
    let binding = |spec: &str| listed(policy("ValidatingAdmissionPolicyBinding", None, spec));
    assert_eq!(
        binding(
            "{policyName: replicas.example.com, validationActions: [Deny], paramRef: {name: limits, parameterNotFoundAction: Deny}, matchResources: {namespaceSelector: {matchLabels: {env: test}}}}"
        ),
        None
    );
    // The commonest mistake: no actions.
    assert_eq!(
        binding("{policyName: replicas.example.com}").unwrap(),
        "spec.validationActions: Required value: at least one validation action is required"
    );
    assert_eq!(
        binding("{policyName: Replicas, paramRef: {name: limits, selector: {}, parameterNotFoundAction: Ignore}, validationActions: [Deny, Warn, Deny, Block]}").unwrap(),
        "[spec.policyName: Invalid value: \"Replicas\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.paramRef.name: Forbidden: name and selector are mutually exclusive, spec.paramRef.selector: Forbidden: name and selector are mutually exclusive, spec.paramRef.parameterNotFoundAction: Unsupported value: \"Ignore\": supported values: \"Deny\", \"Allow\", spec.validationActions[2]: Duplicate value: \"Deny\", spec.validationActions[3]: Unsupported value: \"Block\": supported values: \"Audit\", \"Deny\", \"Warn\", spec.validationActions: Invalid value: [\"Deny\",\"Warn\",\"Deny\",\"Block\"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)]"
    );
    assert_eq!(
        binding("{policyName: p, validationActions: [Audit], paramRef: {}}").unwrap(),
        "[spec.paramRef: Required value: one of name or selector must be specified, spec.paramRef.parameterNotFoundAction: Required value]"
    );
}

/// A policy without a name: no audit annotation's key qualifies
/// (`validateAuditAnnotation`), and a blank message is refused in the
/// 1.34-1.36 words.
#[test]
fn validating_admission_policy_without_a_name() {
    let object = crate::yaml::parse(
        "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {generateName: ''}\nspec: {failurePolicy: Fail, matchConstraints: {matchPolicy: Equivalent, namespaceSelector: {}, objectSelector: {}, resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}]}, validations: [{expression: 'true', message: ' '}], auditAnnotations: [{key: high, valueExpression: \"'yes'\"}]}",
    )
    .unwrap()
    .value;
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let result = KindValidation::for_kind(
        "admissionregistration.k8s.io/v1",
        "ValidatingAdmissionPolicy",
        table,
    )
    .unwrap()
    .validate(None, &object);
    assert_eq!(
        listed(result).unwrap(),
        "[metadata.name: Required value: name or generateName is required, spec.validations[0].message: Invalid value: \" \": must be non-empty if specified, spec.auditAnnotations[0].key: Invalid value: \"high\": requires metadata.name be non-empty]"
    );
}

/// The documentation's mutating policies (Kubernetes' MutatingAdmissionPolicy
/// page: a sidecar by apply configuration and by JSON patch, a label), a
/// binding, and a policy with parameters and variables.
const SIDECAR: &str = r#"{paramKind: {kind: Sidecar, apiVersion: mutations.example.com/v1}, matchConstraints: {resourceRules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods]}]}, matchConditions: [{name: does-not-already-have-sidecar, expression: '!object.spec.initContainers.exists(ic, ic.name == "mesh-proxy")'}], failurePolicy: Fail, reinvocationPolicy: IfNeeded, MUTATIONS}"#;

/// `validateMutatingAdmissionPolicySpec`, `validateMutation`: the
/// documentation's policies pass (their `Object{...}` and `JSONPatch{...}`
/// expressions are outside the engine's CEL subset, and not compiled);
/// what each part requires.
#[test]
fn mutating_admission_policies() {
    let map = |spec: &str| listed(policy("MutatingAdmissionPolicy", None, spec));
    let sidecar = |mutations: &str| SIDECAR.replace("MUTATIONS", mutations);
    for mutations in [
        r#"mutations: [{patchType: ApplyConfiguration, applyConfiguration: {expression: 'Object{spec: Object.spec{initContainers: [Object.spec.initContainers{name: "mesh-proxy", image: "mesh/proxy:v1.0.0", args: ["proxy", "sidecar"], restartPolicy: "Always"}]}}'}}]"#,
        r#"mutations: [{patchType: JSONPatch, jsonPatch: {expression: '[JSONPatch{op: "add", path: "/spec/initContainers/-", value: Object.spec.initContainers{name: "mesh-proxy", image: "mesh-proxy/v1.0.0", restartPolicy: "Always"}}]'}}]"#,
    ] {
        assert_eq!(map(&sidecar(mutations)), None, "{mutations}");
    }
    let labels = r#"{matchConstraints: {resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}]}, variables: [{name: environment, expression: "'test'"}], mutations: [{patchType: ApplyConfiguration, applyConfiguration: {expression: 'Object{metadata: Object.metadata{labels: {"environment": variables.environment}}}'}}], reinvocationPolicy: Never}"#;
    assert_eq!(map(labels), None);
    assert_eq!(
        map("{}").unwrap(),
        "[spec.matchConstraints: Required value, spec.mutations: Required value: mutations must contain at least one item, spec.reinvocationPolicy: Required value]"
    );
    // A mutating policy may not match DELETE: the rule's own check, then
    // the mutating one, at the rules' path without an index.
    assert_eq!(
        map(
            &sidecar("mutations: [{}, {patchType: Merge}], reinvocationPolicy: Always")
                .replace("[CREATE]", "[CREATE, DELETE, PATCH]")
        )
        .unwrap(),
        "[spec.matchConstraints.resourceRules[0].operations[2]: Unsupported value: \"PATCH\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"DELETE\", \"UPDATE\", spec.matchConstraints.resourceRules.operations: Unsupported value: \"DELETE\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"UPDATE\", spec.matchConstraints.resourceRules.operations: Unsupported value: \"PATCH\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"UPDATE\", spec.mutations[0].patchType: Required value, spec.mutations[1].patchType: Unsupported value: \"Merge\": supported values: \"ApplyConfiguration\", \"JSONPatch\", spec.reinvocationPolicy: Unsupported value: \"Always\": supported values: \"IfNeeded\", \"Never\"]"
    );
    // The patch the type names, and not the other.
    assert_eq!(
        map(&sidecar("mutations: [{patchType: JSONPatch, applyConfiguration: {expression: 'Object{}'}}, {patchType: ApplyConfiguration, applyConfiguration: {expression: ' '}, jsonPatch: {expression: '[]'}}, {patchType: JSONPatch, jsonPatch: {}}]")).unwrap(),
        "[spec.mutations[0].jsonPatch: Required value: must be specified when patchType is JSONPatch, spec.mutations[0].applyConfiguration: Invalid value: \"{applyConfiguration}\": must not be specified when patchType is JSONPatch, spec.mutations[1].applyConfiguration.expression: Required value, spec.mutations[1].jsonPatch: Invalid value: \"{jsonPatch}\": must not be specified when patchType is ApplyConfiguration, spec.mutations[2].jsonPatch.expression: Required value]"
    );
}

/// A mutating policy's expressions compile as a validating policy's: its
/// variables (`must be a valid CEL identifier`), its match conditions
/// (no `variables`); its mutations with `variables` always declared (the
/// composited compiler), trimmed, when they are inside the engine's CEL
/// subset. An update that keeps the match conditions and the parameters'
/// kind does not check the conditions again.
#[test]
fn mutating_admission_policy_expressions() {
    let map = |spec: &str| listed(policy("MutatingAdmissionPolicy", None, spec));
    let rules = "matchConstraints: {resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: ['*'], resources: [deployments]}]}, reinvocationPolicy: Never";
    let spec = format!(
        "{{{rules}, matchConditions: [{{name: a, expression: 'variables.x'}}], variables: [{{name: 'in', expression: 'params.x'}}, {{name: labels, expression: \"{{'a': 'b'}}\"}}], \
         mutations: [{{patchType: ApplyConfiguration, applyConfiguration: {{expression: ' variables.patch '}}}}, {{patchType: ApplyConfiguration, applyConfiguration: {{expression: 'Object{{metadata: Object.metadata{{labels: variables.labels}}}}'}}}}]}}"
    );
    assert_eq!(
        map(&spec).unwrap(),
        "[spec.matchConditions[0].expression: Invalid value: \"variables.x\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'variables' (in container '')\n | variables.x\n | ^, \
         spec.variables[0].name: Invalid value: \"in\": must be a valid CEL identifier, \
         spec.variables[0].expression: Invalid value: \"params.x\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x\n | ^, \
         spec.mutations[0].applyConfiguration.expression: Invalid value: \"variables.patch\": compilation failed: ERROR: <input>:1:10: undefined field 'patch'\n | variables.patch\n | .........^]"
    );
    // Without variables, `variables` is still declared (no field).
    assert_eq!(
        map(&format!("{{{rules}, mutations: [{{patchType: JSONPatch, jsonPatch: {{expression: variables.patch}}}}]}}")).unwrap(),
        "spec.mutations[0].jsonPatch.expression: Invalid value: \"variables.patch\": compilation failed: ERROR: <input>:1:10: undefined field 'patch'\n | variables.patch\n | .........^"
    );
    // A construction the engine does not compile, still refused for its
    // syntax (cel-go's answer, `tools/cel-syntax`).
    assert_eq!(
        map(&format!(
            "{{{rules}, mutations: [{{patchType: JSONPatch, jsonPatch: {{expression: '[JSONPatch{{op: \"add\", path: \"/metadata/labels/a\", value: \"b\"}}'}}}}]}}"
        ))
        .unwrap(),
        "spec.mutations[0].jsonPatch.expression: Invalid value: \"[JSONPatch{op: \\\"add\\\", path: \\\"/metadata/labels/a\\\", value: \\\"b\\\"}\": compilation failed: \
         ERROR: <input>:1:62: Syntax error: mismatched input '<EOF>' expecting {']', ','}\n | [JSONPatch{op: \"add\", path: \"/metadata/labels/a\", value: \"b\"}\n | .............................................................^"
    );
    let stored = format!(
        "{{{rules}, matchConditions: [{{name: a, expression: 'variables.x'}}], mutations: [{{patchType: JSONPatch, jsonPatch: {{expression: '[]'}}}}]}}"
    );
    assert!(
        policy(
            "MutatingAdmissionPolicy",
            Some(&stored),
            &stored.replace("Never", "IfNeeded")
        )
        .is_ok()
    );
}

/// `validateMutatingAdmissionPolicyBindingSpec`: a validating binding's
/// checks but its actions, and resource rules without `DELETE`.
#[test]
fn mutating_admission_policy_bindings() {
    let binding = |spec: &str| listed(policy("MutatingAdmissionPolicyBinding", None, spec));
    assert_eq!(
        binding(
            "{matchResources: {namespaceSelector: {}}, policyName: sidecar-policy.example.com}"
        ),
        None
    );
    assert_eq!(
        binding("{paramRef: {name: a/b, parameterNotFoundAction: Allow}, matchResources: {resourceRules: [{apiGroups: [''], apiVersions: [v1], operations: [CREATE, DELETE], resources: [pods]}], excludeResourceRules: [{apiGroups: [''], apiVersions: [v1], operations: [DELETE], resources: [pods]}]}, validationActions: [Block]}").unwrap(),
        "[spec.policyName: Required value, spec.paramRef.name: Invalid value: \"a/b\": may not contain '/', spec.matchResources.resourceRules.operations: Unsupported value: \"DELETE\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"UPDATE\"]"
    );
}

proptest::proptest! {
    /// Any text as a webhook's URL: parts, an error or nothing checked,
    /// never a panic.
    #[test]
    fn any_webhook_url(text in "\\PC{0,30}", urlish in "[a-zA-Z0-9:/?#@%\\[\\]._~+-]{0,30}") {
        for url in [&text, &urlish] {
            let _ = crate::crd::parse_webhook_url(url);
        }
    }
}
