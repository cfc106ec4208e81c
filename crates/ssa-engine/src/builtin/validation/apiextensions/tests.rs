//! apiextensions-apiserver `pkg/apis/apiextensions/validation` (v0.36.3,
//! Kubernetes 1.36's), each test with the server's message, through
//! scenarios: the strategy's `PrepareForCreate` and `PrepareForUpdate`
//! (the stored versions) run before the validation, as upstream.

#![allow(clippy::unwrap_used)]

use crate::scenario::{Outcome, run_scenario_text};

/// A v1 CRD of `widgets.example.com` with `versions` (YAML flow text),
/// and `extra` lines in its spec.
fn crd(versions: &str, extra: &str) -> String {
    format!(
        "{{apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition, \
        metadata: {{name: widgets.example.com}}, spec: {{group: example.com, scope: Namespaced, \
        names: {{plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}}, \
        versions: {versions}{extra}}}}}"
    )
}

const SCHEMA: &str = "schema: {openAPIV3Schema: {type: object}}";

/// The outcomes and messages of applying `objects` in turn.
fn apply(objects: &[String]) -> Vec<(Outcome, String)> {
    let steps: String = objects
        .iter()
        .map(|o| format!("- manager: m\n  op: apply\n  object: {o}\n"))
        .collect();
    let result = run_scenario_text(&format!("scenario: v1\nname: crd\nsteps:\n{steps}")).unwrap();
    result
        .steps
        .into_iter()
        .map(|s| (s.outcome, s.message))
        .collect()
}

fn refusal(objects: &[String]) -> String {
    let (outcome, message) = apply(objects).pop().unwrap();
    assert_eq!(outcome, Outcome::Invalid, "{message}");
    message
}

const PREFIX: &str =
    "CustomResourceDefinition.apiextensions.k8s.io \"widgets.example.com\" is invalid: ";

/// `ValidateCustomResourceDefinitionStoredVersions`: the update that
/// moves the storage version to v1 and drops v1alpha1 from
/// `spec.versions` keeps v1alpha1 in `status.storedVersions`
/// (`PrepareForUpdate` keeps the stored status), so it is refused, as
/// Gateway API's upgrades past a removed version are. Keeping the old
/// version (served or not) is taken.
#[test]
fn a_dropped_stored_version_is_refused() {
    let old = crd(
        &format!("[{{name: v1alpha1, served: true, storage: true, {SCHEMA}}}]"),
        "",
    );
    let moved = crd(
        &format!(
            "[{{name: v1, served: true, storage: true, {SCHEMA}}}, {{name: v1alpha1, served: false, storage: false, {SCHEMA}}}]"
        ),
        "",
    );
    let dropped = crd(
        &format!("[{{name: v1, served: true, storage: true, {SCHEMA}}}]"),
        "",
    );
    let outcomes: Vec<Outcome> = apply(&[old.clone(), moved.clone(), dropped.clone()])
        .into_iter()
        .map(|(o, _)| o)
        .collect();
    assert_eq!(
        outcomes,
        [Outcome::Applied, Outcome::Applied, Outcome::Invalid]
    );
    assert_eq!(
        refusal(&[old, dropped]),
        format!(
            "{PREFIX}status.storedVersions[0]: Invalid value: \"v1alpha1\": missing from spec.versions; \
            v1alpha1 was previously a storage version, and must remain in spec.versions until a storage \
            migration ensures no data remains persisted in v1alpha1 and removes v1alpha1 from status.storedVersions"
        )
    );
}

/// `validateCustomResourceDefinitionSpec`: the spec's own fields, in
/// upstream's order; `spec.version` (the first version's name) is
/// checked again, and with no storage version there is no stored one. A
/// missing singular name is not among them: the defaults make it the
/// kind's lower case.
#[test]
fn spec_rules_in_upstream_order() {
    let bad = "{apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition, \
        metadata: {name: widgets.example}, spec: {group: example, scope: Cluster2, \
        names: {plural: widgets, kind: Widget, listKind: Widget}, \
        versions: [{name: V1, served: true, storage: false}]}}"
        .to_string();
    let dns1035 = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
    let message = refusal(&[bad]);
    assert_eq!(
        message,
        format!(
            "CustomResourceDefinition.apiextensions.k8s.io \"widgets.example\" is invalid: [\
            spec.group: Invalid value: \"example\": should be a domain with at least one dot, \
            spec.scope: Unsupported value: \"Cluster2\": supported values: \"Cluster\", \"Namespaced\", \
            spec.versions[0].schema.openAPIV3Schema: Required value, \
            spec.versions[0].name: Invalid value: \"V1\": {dns1035}, \
            spec.versions: Invalid value: [{{\"Name\":\"V1\",\"Served\":true,\"Storage\":false,\"Deprecated\":false,\"DeprecationWarning\":null,\"Schema\":null,\"Subresources\":null,\"AdditionalPrinterColumns\":null,\"SelectableFields\":null}}]: must have exactly one version marked as storage version, \
            spec.version: Invalid value: \"V1\": {dns1035}, \
            spec.names.listKind: Invalid value: \"Widget\": kind and listKind may not be the same, \
            status.storedVersions: Invalid value: null: must have at least one stored version]"
        )
    );
}

/// Two storage versions: the first joins the stored versions
/// (`PrepareForCreate` stops there), the second is missing from them.
/// Subresources every version has alike move to the spec, and are
/// checked there; columns that differ stay per version.
#[test]
fn two_storage_versions_and_hoisted_subresources() {
    let versions = format!(
        "[{{name: v1, served: true, storage: true, {SCHEMA}, subresources: {{scale: {{specReplicasPath: .replicas, statusReplicasPath: .status.replicas}}}}, \
        additionalPrinterColumns: [{{name: Age, type: date, jsonPath: .metadata.creationTimestamp}}]}}, \
        {{name: v2, served: true, storage: true, {SCHEMA}, subresources: {{scale: {{specReplicasPath: .replicas, statusReplicasPath: .status.replicas}}}}, \
        additionalPrinterColumns: [{{name: Ready, type: bool, jsonPath: status.ready}}]}}]"
    );
    let message = refusal(&[crd(&versions, "")]);
    assert_eq!(
        message,
        format!(
            "{PREFIX}[\
            spec.versions[1].additionalPrinterColumns[0].type: Invalid value: \"bool\": must be one of boolean,date,integer,number,string, \
            spec.versions[1].additionalPrinterColumns[0].JSONPath: Invalid value: \"status.ready\": must be a simple json path starting with ., \
            spec.versions: Invalid value: [\
            {{\"Name\":\"v1\",\"Served\":true,\"Storage\":true,\"Deprecated\":false,\"DeprecationWarning\":null,\"Schema\":null,\"Subresources\":null,\"AdditionalPrinterColumns\":[{{\"Name\":\"Age\",\"Type\":\"date\",\"Format\":\"\",\"Description\":\"\",\"Priority\":0,\"JSONPath\":\".metadata.creationTimestamp\"}}],\"SelectableFields\":null}},\
            {{\"Name\":\"v2\",\"Served\":true,\"Storage\":true,\"Deprecated\":false,\"DeprecationWarning\":null,\"Schema\":null,\"Subresources\":null,\"AdditionalPrinterColumns\":[{{\"Name\":\"Ready\",\"Type\":\"bool\",\"Format\":\"\",\"Description\":\"\",\"Priority\":0,\"JSONPath\":\"status.ready\"}}],\"SelectableFields\":null}}\
            ]: must have exactly one version marked as storage version, \
            spec.subresources.scale.specReplicasPath: Invalid value: \".replicas\": should be a json path under .spec, \
            status.storedVersions: Invalid value: [\"v1\"]: must have the storage version v2]"
        )
    );
}

/// `validateAPIApproval`: a group under k8s.io needs the annotation, a
/// URL or a reason starting with `unapproved`; an update that leaves its
/// state alone is not checked again.
#[test]
fn protected_groups_need_an_approval() {
    let versions = format!("[{{name: v1, served: true, storage: true, {SCHEMA}}}]");
    let object = |annotation: &str| {
        crd(&versions, "")
            .replace("example.com", "x.k8s.io")
            .replace(
                "{name: widgets.x.k8s.io}",
                &format!("{{name: widgets.x.k8s.io{annotation}}}"),
            )
    };
    let prefix = "CustomResourceDefinition.apiextensions.k8s.io \"widgets.x.k8s.io\" is invalid: ";
    assert_eq!(
        refusal(&[object("")]),
        format!(
            "{prefix}metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation \"api-approved.kubernetes.io\", see https://github.com/kubernetes/enhancements/pull/1111"
        )
    );
    assert_eq!(
        refusal(&[object(
            ", annotations: {api-approved.kubernetes.io: approved}"
        )]),
        format!(
            "{prefix}metadata.annotations[api-approved.kubernetes.io]: Invalid value: \"approved\": protected groups must have approval annotation \"api-approved.kubernetes.io\" with either a URL or a reason starting with \"unapproved\", see https://github.com/kubernetes/enhancements/pull/1111"
        )
    );
    for taken in [
        ", annotations: {api-approved.kubernetes.io: 'https://github.com/kubernetes-sigs/gateway-api/pull/3328'}",
        ", annotations: {api-approved.kubernetes.io: 'unapproved, experimental'}",
    ] {
        assert_eq!(apply(&[object(taken)])[0].0, Outcome::Applied, "{taken}");
    }
}

/// `validateCustomResourceDefinitionSpecUpdate`: the group and plural
/// never change; scope and kind may while the stored CRD is not
/// Established (no controller sets the condition in a scenario).
#[test]
fn group_and_plural_are_immutable() {
    let versions = format!("[{{name: v1, served: true, storage: true, {SCHEMA}}}]");
    let old = crd(&versions, "");
    let renamed = old
        .replace("scope: Namespaced", "scope: Cluster")
        .replace("kind: Widget,", "kind: Gadget,")
        .replace("plural: widgets", "plural: gadgets");
    assert_eq!(
        refusal(&[old, renamed]),
        format!("{PREFIX}spec.names.plural: Invalid value: \"gadgets\": field is immutable")
    );
}

/// A schema's `default` needs `preserveUnknownFields: false`, which may
/// not be newly set to true either; a webhook conversion needs its client
/// config and a review version the server knows.
#[test]
fn preserve_unknown_fields_and_conversion() {
    let versions = "[{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer, default: 3}}}}}}}]";
    assert_eq!(
        refusal(&[crd(
            versions,
            ", preserveUnknownFields: true, conversion: {strategy: Webhook, webhook: {conversionReviewVersions: [v2]}}"
        )]),
        format!(
            "{PREFIX}[spec.preserveUnknownFields: Invalid value: true: must be false in order to use defaults in the schema, \
            spec.conversion.strategy: Invalid value: \"Webhook\": must be None if spec.preserveUnknownFields is true, \
            spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook, \
            spec.conversion.conversionReviewVersions: Invalid value: [\"v2\"]: must include at least one of v1, v1beta1, \
            spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead]"
        )
    );
}

/// The refusal of a one-version CRD whose schema is `schema` (YAML flow
/// text): a schema every version has alike is checked at
/// `spec.validation.openAPIV3Schema`, the path of the internal type.
fn schema_refusal(schema: &str) -> String {
    let versions = format!(
        "[{{name: v1, served: true, storage: true, schema: {{openAPIV3Schema: {schema}}}}}]"
    );
    refusal(&[crd(&versions, "")])
}

const AT: &str = "spec.validation.openAPIV3Schema";

/// `validateStructuralInvariants`: a field without a type, the commonest
/// mistake in a hand-written schema.
#[test]
fn a_field_without_a_type() {
    assert_eq!(
        schema_refusal("{type: object, properties: {spec: {properties: {size: {type: integer}}}}}"),
        format!(
            "{PREFIX}{AT}.properties[spec].type: Required value: must not be empty for specified object fields"
        )
    );
}

/// The structural errors come sorted by their text, then
/// `ValidateCustomResourceDefinitionOpenAPISchema`'s, node by node.
#[test]
fn structural_errors_sorted_then_the_schema_rules() {
    let message = schema_refusal(
        "{type: object, additionalProperties: {type: string}, properties: {\
         metadata: {type: object, default: {}, properties: {labels: {type: object}}}, \
         spec: {type: array, uniqueItems: true}}}",
    );
    assert_eq!(
        message,
        format!(
            "{PREFIX}[{AT}.additionalProperties: Forbidden: must not be used at the root, \
            {AT}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified, \
            {AT}.properties[spec].items: Required value: must be specified, \
            {AT}.additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive, \
            {AT}.properties[metadata].default: Forbidden: must not be set in top-level metadata, \
            {AT}.properties[spec].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic]"
        )
    );
}

/// Inside a junctor (`anyOf`, `allOf`, `oneOf`, `not`) only value
/// validations: the structure is the schema's own, and what a root
/// junctor names must be in it (`validateStructuralCompleteness`). The
/// int-or-string pattern is allowed.
#[test]
fn junctors_hold_value_validations_only() {
    let message = schema_refusal(
        "{type: object, anyOf: [{properties: {spec: {type: object}}}], properties: {\
         port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}}}",
    );
    assert_eq!(
        message,
        format!(
            "{PREFIX}[{AT}.anyOf[0].properties[spec].type: Forbidden: must be empty to be structural, \
            {AT}.properties[spec]: Required value: because it is defined in {AT}.anyOf[0].properties[spec]]"
        )
    );
}

/// A list of type map needs its keys, each required or defaulted; per
/// version schemas that differ are checked at their version's path.
#[test]
fn map_lists_and_per_version_schemas() {
    let ports = |keys: &str| {
        format!(
            "{{type: object, properties: {{ports: {{type: array, x-kubernetes-list-type: map{keys}, \
            items: {{type: object, properties: {{name: {{type: string}}}}}}}}}}}}"
        )
    };
    let versions = format!(
        "[{{name: v1, served: true, storage: true, schema: {{openAPIV3Schema: {}}}}}, \
        {{name: v2, served: true, storage: false, schema: {{openAPIV3Schema: {}}}}}]",
        ports(""),
        ports(", x-kubernetes-list-map-keys: [name]"),
    );
    assert_eq!(
        refusal(&[crd(&versions, "")]),
        format!(
            "{PREFIX}[spec.versions[0].schema.openAPIV3Schema.properties[ports].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map, \
            spec.versions[1].schema.openAPIV3Schema.properties[ports].items.properties[name].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property]"
        )
    );
}

/// `x-kubernetes-validations`' static checks (their compilation is
/// skipped where the schema has errors), and a type OpenAPI v3 does not
/// have.
#[test]
fn validation_rules_and_types() {
    assert_eq!(
        schema_refusal(
            "{type: object, x-kubernetes-validations: [{rule: ' '}, {rule: 'self.a > 0', message: \"two\\nlines\"}], \
             properties: {a: {type: int}}}"
        ),
        format!(
            "{PREFIX}[{AT}.properties[a].type: Unsupported value: \"int\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\", \
            {AT}.x-kubernetes-validations[0].rule: Required value: rule is not specified, \
            {AT}.x-kubernetes-validations[1].message: Invalid value: \"two\\nlines\": must not contain line breaks]"
        )
    );
}

/// A transition rule (one that reads `oldSelf`) where old values cannot
/// be correlated: below a list's items unless it is a map list, the
/// highest such list named; in a map list's items it is taken.
#[test]
fn transition_rules_need_correlatable_values() {
    let list = |list_type: &str| {
        format!(
            "{{type: object, properties: {{spec: {{type: object, properties: {{ports: {{type: array, {list_type} \
             items: {{type: object, required: [name], properties: {{name: {{type: string}}, port: {{type: integer, \
             x-kubernetes-validations: [{{rule: 'self == oldSelf', message: immutable}}]}}}}}}}}}}}}}}}}"
        )
    };
    assert_eq!(
        schema_refusal(&list("")),
        format!(
            "{PREFIX}{AT}.properties[spec].properties[ports].items.properties[port].x-kubernetes-validations[0].rule: Invalid value: \"self == oldSelf\": oldSelf cannot be used on the uncorrelatable portion of the schema within {AT}.properties[spec].properties[ports]"
        )
    );
    let map_list = list("x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name],");
    let versions = format!(
        "[{{name: v1, served: true, storage: true, schema: {{openAPIV3Schema: {map_list}}}}}]"
    );
    let (outcome, message) = apply(&[crd(&versions, "")]).pop().unwrap();
    assert_eq!(outcome, Outcome::Applied, "{message}");
}

/// A rule must give a bool, its message expression a string
/// (`compileRule`'s checks of the output types).
#[test]
fn rule_result_types() {
    let message = schema_refusal(
        "{type: object, properties: {spec: {type: object, \
         x-kubernetes-validations: [{rule: 'self.replicas'}, {rule: 'self.replicas > 0', messageExpression: 'self.replicas'}], \
         properties: {replicas: {type: integer}}}}}",
    );
    assert_eq!(
        message,
        format!(
            "{PREFIX}[{AT}.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {{\"Rule\":\"self.replicas\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: cel expression must evaluate to a bool, \
            {AT}.properties[spec].x-kubernetes-validations[1].messageExpression: Invalid value: {{\"Rule\":\"self.replicas \\u003e 0\",\"Message\":\"\",\"MessageExpression\":\"self.replicas\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: messageExpression must evaluate to a string]"
        )
    );
}

/// A pattern Go's regexp refuses: a schema's `pattern` must compile
/// (`validateValueValidation`), and so must the literal patterns of the
/// regex library's `find()` and `findAll()`, when the rule's program is
/// created (`program instantiation failed`, after the compile checks).
#[test]
fn patterns_compile_as_gos() {
    let message =
        schema_refusal("{type: object, properties: {spec: {type: string, pattern: '^(?!x)'}}}");
    assert_eq!(
        message,
        format!(
            "{PREFIX}{AT}.properties[spec].pattern: Invalid value: \"^(?!x)\": must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: `(?!`"
        )
    );
    let message = schema_refusal(
        "{type: object, properties: {spec: {type: object, \
         x-kubernetes-validations: [{rule: \"self.name.find(')') == ''\"}, {rule: \"self.name.matches('^[a-z]+$')\", messageExpression: \"self.name.findAll('[', 1)[0]\"}], \
         properties: {name: {type: string}}}}}",
    );
    assert_eq!(
        message,
        format!(
            "{PREFIX}[{AT}.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {{\"Rule\":\"self.name.find(')') == ''\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: program instantiation failed: error parsing regexp: unexpected ): `)`, \
            {AT}.properties[spec].x-kubernetes-validations[1].messageExpression: Invalid value: {{\"Rule\":\"self.name.matches('^[a-z]+$')\",\"Message\":\"\",\"MessageExpression\":\"self.name.findAll('[', 1)[0]\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: messageExpression instantiation failed: error parsing regexp: missing closing ]: `[`]"
        )
    );
}

/// A rule's `fieldPath` names a field below its node (`ValidFieldPath`):
/// `.name` and `['name']` steps through properties and a map's values,
/// not into a list's items; a schema error, so the rules do not compile.
#[test]
fn rule_field_paths() {
    let node = |path: &str| {
        format!(
            "{{type: object, properties: {{spec: {{type: object, \
             x-kubernetes-validations: [{{rule: 'self.replica > 0', fieldPath: \"{path}\"}}], \
             properties: {{replicas: {{type: integer}}, labels: {{type: object, additionalProperties: {{type: string}}}}, \
             ports: {{type: array, items: {{type: object, properties: {{port: {{type: integer}}}}}}}}}}}}}}}}"
        )
    };
    for good in [
        ".replicas",
        "['replicas']",
        ".labels['app.kubernetes.io/name']",
        ".labels.app",
    ] {
        let message = schema_refusal(&node(good));
        assert!(!message.contains("fieldPath"), "{good}: {message}");
        assert!(
            message.contains("undefined field 'replica'"),
            "{good}: {message}"
        );
    }
    for bad in [
        ".replica",
        "replicas",
        ".ports[0]",
        ".ports.port",
        "['replicas'",
        "[replicas]",
    ] {
        assert_eq!(
            schema_refusal(&node(bad)),
            format!(
                "{PREFIX}{AT}.properties[spec].x-kubernetes-validations[0].fieldPath: Invalid value: \"{bad}\": must be a valid path"
            ),
        );
    }
}

/// The rules compile against their nodes' CEL types (`CELErrors`, after
/// the schema's other errors): a field the schema does not declare (a
/// misspelt one beside a property named by a CEL reserved word, which a
/// 1.36 server takes unescaped; the bad value as `json.Marshal` prints
/// the internal rule), children's rules before
/// their parent's; a rule skipped below a schema error; `optionalOldSelf`
/// where the rule does not read `oldSelf`; a compiled rule's
/// `messageExpression`.
#[test]
fn rules_compile_against_their_schema() {
    let message = schema_refusal(
        "{type: object, properties: {spec: {type: object, \
         x-kubernetes-validations: [{rule: 'self.minReplicas <= self.replicas', optionalOldSelf: false}, {rule: 'self.replicas >= 0', messageExpression: \"'bad: ' + string(self.replica)\"}], \
         properties: {replicas: {type: integer}, template: {type: object, properties: {metadata: {type: object, \
         x-kubernetes-validations: [{rule: '(!(has(oldSelf.namespac) && !has(self.namespace)))', message: namespace is immutable}], \
         properties: {namespace: {type: string}}}}}}}, \
         status: {type: object, x-kubernetes-validations: [{rule: 'self.ready'}], properties: {phase: {type: strin}}}}}",
    );
    assert_eq!(
        message,
        format!(
            "{PREFIX}[{AT}.properties[status].properties[phase].type: Unsupported value: \"strin\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\", \
            {AT}.properties[spec].properties[template].properties[metadata].x-kubernetes-validations[0].rule: Invalid value: {{\"Rule\":\"(!(has(oldSelf.namespac) \\u0026\\u0026 !has(self.namespace)))\",\"Message\":\"namespace is immutable\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: compilation failed: ERROR: <input>:1:7: undefined field 'namespac'\n | (!(has(oldSelf.namespac) && !has(self.namespace)))\n | ......^, \
            {AT}.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {{\"Rule\":\"self.minReplicas \\u003c= self.replicas\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":false}}: compilation failed: ERROR: <input>:1:5: undefined field 'minReplicas'\n | self.minReplicas <= self.replicas\n | ....^, \
            {AT}.properties[spec].x-kubernetes-validations[0].optionalOldSelf: Invalid value: false: may not be set if oldSelf is not used in rule, \
            {AT}.properties[spec].x-kubernetes-validations[1].messageExpression: Invalid value: {{\"Rule\":\"self.replicas \\u003e= 0\",\"Message\":\"\",\"MessageExpression\":\"'bad: ' + string(self.replica)\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: messageExpression compilation failed: ERROR: <input>:1:22: undefined field 'replica'\n | 'bad: ' + string(self.replica)\n | .....................^]"
        )
    );
}

/// A rule that is not CEL, as a regular expression's backslash in a CEL
/// string makes it (`\d` is no CEL escape): the CRD is refused with
/// cel-go's syntax errors, where the engine once took the rule unchecked.
#[test]
fn rules_with_syntax_errors_are_refused() {
    let message = schema_refusal(
        r#"{type: object, properties: {spec: {type: object, properties: {id: {type: string,
         x-kubernetes-validations: [{rule: "self.matches('^\\d+$')"}]}}}}}"#,
    );
    assert_eq!(
        message,
        format!(
            "{PREFIX}{AT}.properties[spec].properties[id].x-kubernetes-validations[0].rule: Invalid value: {{\"Rule\":\"self.matches('^\\\\d+$')\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: compilation failed: \
            ERROR: <input>:1:14: Syntax error: token recognition error at: ''^\\d'\n | self.matches('^\\d+$')\n | .............^\n\
            ERROR: <input>:1:18: Syntax error: mismatched input '+' expecting {{'[', '{{', '(', ')', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}}\n | self.matches('^\\d+$')\n | .................^\n\
            ERROR: <input>:1:19: Syntax error: token recognition error at: '$'\n | self.matches('^\\d+$')\n | ..................^\n\
            ERROR: <input>:1:20: Syntax error: token recognition error at: '')'\n | self.matches('^\\d+$')\n | ...................^\n\
            ERROR: <input>:1:22: Syntax error: mismatched input '<EOF>' expecting {{'[', '{{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}}\n | self.matches('^\\d+$')\n | .....................^"
        )
    );
}

/// `ValidateDefaults`, once the schema is structural: each default loses
/// nothing to pruning and passes its node's schema (kube-openapi's
/// messages, whose name is the default itself: ` in body ...`).
#[test]
fn defaults_are_pruned_and_validated() {
    let message = schema_refusal(
        "{type: object, properties: {spec: {type: object, default: {size: 1, colour: red}, properties: {\
         size: {type: integer, default: '3', minimum: 1}, mode: {type: string, enum: [a, b], default: c}, \
         ports: {type: array, items: {type: integer, default: 0, minimum: 1}}}}}}",
    );
    assert_eq!(
        message,
        format!(
            "{PREFIX}[{AT}.properties[spec].default: Invalid value: {{\"colour\":\"red\",\"size\":1}}: must not have unknown fields, \
            {AT}.properties[spec].properties[size].default: Invalid value: \"string\":  in body must be of type integer: \"string\", \
            {AT}.properties[spec].properties[mode].default: Unsupported value: \"c\": supported values: \"a\", \"b\", \
            {AT}.properties[spec].properties[ports].items.default: Invalid value: 0:  in body should be greater than or equal to 1]"
        )
    );
}

/// `NewStructural`'s refusal shows only when nothing else is wrong: a
/// `$schema`, which no other rule names.
#[test]
fn a_schema_that_does_not_convert() {
    assert_eq!(
        schema_refusal("{type: object, $schema: 'http://json-schema.org/draft-04/schema#'}"),
        format!("{PREFIX}{AT}: Invalid value: \"\": OpenAPIV3Schema 'schema' is not supported")
    );
}
