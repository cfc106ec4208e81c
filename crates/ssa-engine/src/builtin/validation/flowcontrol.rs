//! `pkg/apis/flowcontrol/validation/validation.go` for API Priority and
//! Fairness (flowcontrol.apiserver.k8s.io/v1), after the
//! `ValidateObjectMeta` that `meta` does. The strategies
//! (`pkg/registry/flowcontrol/{flowschema,prioritylevelconfiguration}/strategy.go`)
//! run the create's function on update too (`ValidateFlowSchemaUpdate`
//! and `ValidatePriorityLevelConfigurationUpdate` only call it), so an
//! update is checked as a create is; the object is the defaulted one
//! (`pkg/apis/flowcontrol/v1/defaults.go`: a matching precedence, a
//! queuing's sizes and a limited level's shares are filled in, so a zero
//! there is not refused).
//!
//! A FlowSchema (`ValidateFlowSchema`): `ValidateFlowSchemaSpec` (the
//! matching precedence, the distinguisher method, the priority level's
//! name, each rule by `ValidateFlowSchemaPolicyRulesWithSubjects`: its
//! subjects by `ValidateFlowSchemaSubject` and `ValidateServiceAccountSubject`,
//! `ValidateUserSubject`, `ValidateGroupSubject`, its rules by
//! `ValidateFlowSchemaResourcePolicyRule` and
//! `ValidateFlowSchemaNonResourcePolicyRule` with
//! `ValidateNonResourceURLPath`), then the mandatory objects `exempt` and
//! `catch-all`, whose spec must equal the built-in one
//! (`internalbootstrap.MandatoryFlowSchemas`, `Semantic.DeepEqual`), then
//! `ValidateFlowSchemaStatus`.
//!
//! A PriorityLevelConfiguration (`ValidatePriorityLevelConfiguration`, as
//! the v1 API calls it: the request's version names the shares field
//! `nominalConcurrencyShares`, and since `ZeroLimitedNominalConcurrencyShares`
//! went away in 1.32 the strategy's options allow zero shares): the
//! v1beta3 round-trip annotation forbidden, `ValidatePriorityLevelConfigurationSpec`
//! (the type, `ValidateLimitedPriorityLevelConfiguration` with
//! `ValidateLimitResponse` and `ValidatePriorityLevelQueuingConfiguration`,
//! `ValidateExemptPriorityLevelConfiguration`), then the mandatory objects
//! (`ValidateIfMandatoryPriorityLevelConfigurationObject`: `exempt` may
//! change its `spec.exempt` alone, `catch-all` nothing), then
//! `ValidatePriorityLevelConfigurationStatus`. A `/status` write is
//! checked by the status functions alone (`...StatusUpdate`).
//!
//! 1.36's declarative tags on flowcontrol/v1 only shadow these rules (the
//! hand-written errors decide, as for RBAC). Not modelled: a bad value
//! printed from an empty list the client sent, which the server holds as
//! an empty slice (`[]`) and the engine's stored object has lost (`null`,
//! see `internal_json`).

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each, named};
use super::{at, internal_json, items, names, text};
use crate::value::Value;

/// `flowcontrol.FlowSchemaMaxMatchingPrecedence`.
const MAX_MATCHING_PRECEDENCE: i64 = 10_000;

/// `priorityLevelConfigurationQueuingMaxQueues`: 10^7.
const MAX_QUEUES: i64 = 10_000_000;

/// `shufflesharding.MaxHashBits`.
const MAX_HASH_BITS: i64 = 60;

/// `supportedVerbs.List()` (sorted, as a `sets.String` lists them).
const SUPPORTED_VERBS: [&str; 9] = [
    "create",
    "delete",
    "deletecollection",
    "get",
    "list",
    "patch",
    "proxy",
    "update",
    "watch",
];

/// `nsErrIntro`: what a namespace's DNS-label message is prefixed with.
const NAMESPACE_INTRO: &str = "each member of this list must be '*' or a DNS-1123 label; ";

/// `flowcontrolv1beta3.PriorityLevelPreserveZeroConcurrencySharesKey`.
const ROUNDTRIP_ANNOTATION: &str = "flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares";

/// The mandatory FlowSchemas' specs (`bootstrap.MandatoryFlowSchemaExempt`
/// and `MandatoryFlowSchemaCatchAll`, defaulted), as v1 JSON.
const MANDATORY_FLOW_SCHEMAS: [(&str, &str); 2] = [
    (
        "exempt",
        r#"{"priorityLevelConfiguration":{"name":"exempt"},"matchingPrecedence":1,"rules":[{"subjects":[{"kind":"Group","group":{"name":"system:masters"}}],"resourceRules":[{"verbs":["*"],"apiGroups":["*"],"resources":["*"],"clusterScope":true,"namespaces":["*"]}],"nonResourceRules":[{"verbs":["*"],"nonResourceURLs":["*"]}]}]}"#,
    ),
    (
        "catch-all",
        r#"{"priorityLevelConfiguration":{"name":"catch-all"},"matchingPrecedence":10000,"distinguisherMethod":{"type":"ByUser"},"rules":[{"subjects":[{"kind":"Group","group":{"name":"system:unauthenticated"}},{"kind":"Group","group":{"name":"system:authenticated"}}],"resourceRules":[{"verbs":["*"],"apiGroups":["*"],"resources":["*"],"clusterScope":true,"namespaces":["*"]}],"nonResourceRules":[{"verbs":["*"],"nonResourceURLs":["*"]}]}]}"#,
    ),
];

/// The mandatory PriorityLevelConfigurations' specs
/// (`bootstrap.MandatoryPriorityLevelConfigurationExempt` and
/// `...CatchAll`, defaulted), as v1 JSON.
const MANDATORY_PRIORITY_LEVELS: [(&str, &str); 2] = [
    (
        "exempt",
        r#"{"type":"Exempt","exempt":{"nominalConcurrencyShares":0,"lendablePercent":0}}"#,
    ),
    (
        "catch-all",
        r#"{"type":"Limited","limited":{"nominalConcurrencyShares":5,"lendablePercent":0,"limitResponse":{"type":"Reject"}}}"#,
    ),
];

/// `ValidateFlowSchema` (which `ValidateFlowSchemaUpdate` calls), after
/// the metadata.
pub(super) fn flow_schema(new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let name = new
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    let spec = at(Some(new), "spec");
    flow_schema_spec(&mut errs, name, spec);
    if let Some(mandatory) = mandatory_spec(&MANDATORY_FLOW_SCHEMAS, name)
        && !semantically_equal("FlowSchemaSpec", spec, &mandatory)
    {
        errs.invalid(
            "spec",
            BadValue::Json(internal_json::flowcontrol_struct("FlowSchemaSpec", spec)),
            &format!("spec of '{name}' must equal the fixed value"),
        );
    }
    errs.extend(status(new));
    errs
}

/// `ValidatePriorityLevelConfiguration` (which
/// `ValidatePriorityLevelConfigurationUpdate` calls) for a v1 request,
/// after the metadata.
pub(super) fn priority_level_configuration(new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    // The round-trip annotation was v1beta3's, dropped by its conversion:
    // an internal object that still has it got it from the client.
    if new
        .get_path(&["metadata", "annotations"])
        .and_then(Value::as_map)
        .is_some_and(|annotations| annotations.contains_key(ROUNDTRIP_ANNOTATION))
    {
        errs.forbidden(
            "metadata.annotations",
            &format!("annotation '{ROUNDTRIP_ANNOTATION}' is forbidden"),
        );
    }
    let name = new
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    let spec = at(Some(new), "spec");
    priority_level_spec(&mut errs, name, spec);
    mandatory_priority_level(&mut errs, name, spec);
    errs.extend(status(new));
    errs
}

/// `ValidateFlowSchemaStatus` / `ValidatePriorityLevelConfigurationStatus`
/// (alike), which a `/status` write runs alone
/// (`ValidateFlowSchemaStatusUpdate`,
/// `ValidatePriorityLevelConfigurationStatusUpdate`): each condition's
/// type given, and once.
pub(super) fn status(new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let conditions = items(at(at(Some(new), "status"), "conditions"));
    for (i, condition) in conditions.iter().enumerate() {
        let path = child(&index("status.conditions", i), "type");
        let kind = text(condition, "type");
        if seen.contains(&kind) {
            errs.duplicate(path.as_str(), named(kind));
        } else {
            seen.push(kind);
        }
        // ValidateFlowSchemaCondition, ValidatePriorityLevelConfigurationCondition.
        if kind.is_empty() {
            errs.required(path, "must not be empty");
        }
    }
    errs
}

/// `ValidateFlowSchemaSpec`.
fn flow_schema_spec(errs: &mut Vec<FieldError>, name: &str, spec: Option<&Value>) {
    // A plain int32: unset is 0, which the defaults made 1000.
    let precedence = at(spec, "matchingPrecedence")
        .and_then(Value::as_i64)
        .unwrap_or(0);
    let path = "spec.matchingPrecedence";
    if precedence <= 0 {
        errs.invalid(path, BadValue::Int(precedence), "must be a positive value");
    }
    if precedence > MAX_MATCHING_PRECEDENCE {
        errs.invalid(
            path,
            BadValue::Int(precedence),
            &format!("must not be greater than {MAX_MATCHING_PRECEDENCE}"),
        );
    }
    if precedence == 1 && name != "exempt" {
        errs.invalid(
            path,
            BadValue::Int(precedence),
            "only the schema named 'exempt' may have matchingPrecedence 1",
        );
    }
    // The whole method is the bad value: `{"Type":"..."}`.
    if let Some(method) = at(spec, "distinguisherMethod") {
        const METHODS: [&str; 2] = ["ByNamespace", "ByUser"];
        if !METHODS.contains(&text(method, "type")) {
            errs.not_supported(
                "spec.distinguisherMethod.type",
                BadValue::Json(internal_json::flowcontrol_struct(
                    "FlowDistinguisherMethod",
                    Some(method),
                )),
                &METHODS,
            );
        }
    }
    let level = text_at(at(spec, "priorityLevelConfiguration"), "name");
    let path = "spec.priorityLevelConfiguration.name";
    if level.is_empty() {
        errs.required(path, "must reference a priority level");
    } else {
        invalid_each(errs, path, level, names::dns1123_subdomain(level));
    }
    for (i, rule) in items(at(spec, "rules")).iter().enumerate() {
        policy_rules_with_subjects(errs, rule, &index("spec.rules", i));
    }
}

/// `ValidateFlowSchemaPolicyRulesWithSubjects`.
fn policy_rules_with_subjects(errs: &mut Vec<FieldError>, rule: &Value, path: &str) {
    let subjects = items(rule.get("subjects"));
    let subjects_path = child(path, "subjects");
    if subjects.is_empty() {
        errs.required(subjects_path, "subjects must contain at least one value");
    } else {
        for (i, subject) in subjects.iter().enumerate() {
            flow_schema_subject(errs, subject, &index(&subjects_path, i));
        }
    }
    let resource_rules = items(rule.get("resourceRules"));
    let non_resource_rules = items(rule.get("nonResourceRules"));
    if resource_rules.is_empty() && non_resource_rules.is_empty() {
        errs.required(
            path,
            "at least one of resourceRules and nonResourceRules has to be non-empty",
        );
    }
    let resource_path = child(path, "resourceRules");
    for (i, resource_rule) in resource_rules.iter().enumerate() {
        resource_policy_rule(errs, resource_rule, &index(&resource_path, i));
    }
    let non_resource_path = child(path, "nonResourceRules");
    for (i, non_resource_rule) in non_resource_rules.iter().enumerate() {
        non_resource_policy_rule(errs, non_resource_rule, &index(&non_resource_path, i));
    }
}

/// The subject's members, each with the kind it belongs to: a member set
/// for another kind is forbidden.
const SUBJECT_MEMBERS: [(&str, &str); 3] = [
    ("ServiceAccount", "serviceAccount"),
    ("User", "user"),
    ("Group", "group"),
];

/// `ValidateFlowSchemaSubject`: the member the kind names, then the
/// others (in ServiceAccount, User, Group order, as upstream's cases list
/// them) forbidden.
fn flow_schema_subject(errs: &mut Vec<FieldError>, subject: &Value, path: &str) {
    let kind = text(subject, "kind");
    let Some((_, own)) = SUBJECT_MEMBERS.iter().find(|(k, _)| *k == kind) else {
        errs.not_supported(
            child(path, "kind"),
            named(kind),
            &["Group", "ServiceAccount", "User"],
        );
        return;
    };
    let member = at(Some(subject), own);
    let member_path = child(path, own);
    match kind {
        "ServiceAccount" => service_account_subject(errs, member, &member_path),
        // ValidateUserSubject, ValidateGroupSubject.
        _ => match member {
            None => errs.required(
                member_path,
                &format!("{own} is required when subject kind is '{kind}'"),
            ),
            Some(member) if text(member, "name").is_empty() => {
                errs.required(child(&member_path, "name"), "");
            }
            Some(_) => {}
        },
    }
    for (other_kind, other) in SUBJECT_MEMBERS {
        if other_kind != kind && at(Some(subject), other).is_some() {
            errs.forbidden(
                child(path, other),
                &format!("{other} is forbidden when subject kind is not '{other_kind}'"),
            );
        }
    }
}

/// `ValidateServiceAccountSubject`: a name (`*` or a DNS subdomain,
/// `ValidateServiceAccountName`) and a namespace (a DNS label,
/// `ValidateNamespaceName`).
fn service_account_subject(errs: &mut Vec<FieldError>, account: Option<&Value>, path: &str) {
    let Some(account) = account else {
        errs.required(
            path,
            "serviceAccount is required when subject kind is 'ServiceAccount'",
        );
        return;
    };
    let name = text(account, "name");
    let name_path = child(path, "name");
    if name.is_empty() {
        errs.required(name_path, "");
    } else if name != "*" {
        invalid_each(errs, &name_path, name, names::dns1123_subdomain(name));
    }
    let namespace = text(account, "namespace");
    let namespace_path = child(path, "namespace");
    if namespace.is_empty() {
        errs.required(namespace_path, "must specify namespace for service account");
    } else {
        invalid_each(
            errs,
            &namespace_path,
            namespace,
            names::dns1123_label(namespace),
        );
    }
}

/// The verbs of a resource or non-resource rule: at least one, `*` alone,
/// or each a supported verb (the whole list is the bad value).
fn rule_verbs(errs: &mut Vec<FieldError>, rule: &Value, path: &str) {
    let list = rule.get("verbs");
    let verbs = items(list);
    let path = child(path, "verbs");
    if verbs.is_empty() {
        errs.required(path, "verbs must contain at least one value");
    } else if !lone_wildcard(errs, list, &path, "verbs")
        && verbs
            .iter()
            .any(|verb| !SUPPORTED_VERBS.contains(&verb.as_str().unwrap_or("")))
    {
        errs.not_supported(path, list_value(list), &SUPPORTED_VERBS);
    }
}

/// Whether a rule's list at `path` holds `*`, which must stand alone (`if
/// '*' is present, must not specify other verbs`, the whole list the bad
/// value).
fn lone_wildcard(
    errs: &mut Vec<FieldError>,
    list: Option<&Value>,
    path: &str,
    others: &str,
) -> bool {
    let members = items(list);
    let found = has_wildcard(members);
    if found && members.len() > 1 {
        errs.invalid(
            path,
            list_value(list),
            &format!("if '*' is present, must not specify other {others}"),
        );
    }
    found
}

/// `ValidateFlowSchemaResourcePolicyRule`.
fn resource_policy_rule(errs: &mut Vec<FieldError>, rule: &Value, path: &str) {
    rule_verbs(errs, rule, path);
    for (key, what) in [("apiGroups", "api group"), ("resources", "resource")] {
        let list = rule.get(key);
        let members = items(list);
        if members.is_empty() {
            errs.required(
                child(path, key),
                &format!("resource rules must supply at least one {what}"),
            );
        } else {
            lone_wildcard(errs, list, &child(path, key), &format!("{what}s"));
        }
    }
    let list = rule.get("namespaces");
    let namespaces = items(list);
    let cluster_scope = rule
        .get("clusterScope")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let path = child(path, "namespaces");
    if namespaces.is_empty() && !cluster_scope {
        errs.required(
            path,
            "resource rules that are not cluster scoped must supply at least one namespace",
        );
    } else if !lone_wildcard(errs, list, &path, "namespaces") {
        for (i, namespace) in namespaces.iter().enumerate() {
            let namespace = namespace.as_str().unwrap_or("");
            for message in names::dns1123_label(namespace) {
                errs.invalid(
                    index(&path, i),
                    BadValue::str(namespace),
                    &format!("{NAMESPACE_INTRO}{message}"),
                );
            }
        }
    }
}

/// `ValidateFlowSchemaNonResourcePolicyRule`.
fn non_resource_policy_rule(errs: &mut Vec<FieldError>, rule: &Value, path: &str) {
    rule_verbs(errs, rule, path);
    let list = rule.get("nonResourceURLs");
    let urls = items(list);
    let path = child(path, "nonResourceURLs");
    if urls.is_empty() {
        errs.required(path, "nonResourceURLs must contain at least one value");
    } else if !lone_wildcard(errs, list, &path, "non-resource URLs") {
        for (i, url) in urls.iter().enumerate() {
            let url = url.as_str().unwrap_or("");
            if let Some(message) = non_resource_url_path(url) {
                errs.invalid(index(&path, i), BadValue::str(url), message);
            }
        }
    }
}

/// `ValidateNonResourceURLPath`: `/`, or a path from the root without
/// spaces or `//`, whose one wildcard may only end it as `/*`.
fn non_resource_url_path(path: &str) -> Option<&'static str> {
    if path.is_empty() {
        return Some("must not be empty");
    }
    if path == "/" {
        return None;
    }
    if !path.starts_with('/') {
        return Some("must start with slash");
    }
    if path.contains(' ') {
        return Some("must not contain white-space");
    }
    if path.contains("//") {
        return Some("must not contain double slash");
    }
    let wildcards = path.matches('*').count();
    if wildcards > 1 || (wildcards == 1 && !path.ends_with("/*")) {
        return Some("wildcard can only do suffix matching");
    }
    None
}

/// `ValidatePriorityLevelConfigurationSpec`.
fn priority_level_spec(errs: &mut Vec<FieldError>, name: &str, spec: Option<&Value>) {
    let kind = text_at(spec, "type");
    if (name == "exempt") != (kind == "Exempt") {
        errs.invalid(
            "spec.type",
            named(kind),
            "type must be 'Exempt' if and only if name is 'exempt'",
        );
    }
    let limited = at(spec, "limited");
    let exempt = at(spec, "exempt");
    match kind {
        "Exempt" => {
            if limited.is_some() {
                errs.forbidden("spec.limited", "must be nil if the type is not Limited");
            }
            if let Some(exempt) = exempt {
                exempt_priority_level(errs, exempt);
            }
        }
        "Limited" => {
            if exempt.is_some() {
                errs.forbidden("spec.exempt", "must be nil if the type is Limited");
            }
            match limited {
                None => errs.required("spec.limited", "must not be empty when type is Limited"),
                Some(limited) => limited_priority_level(errs, limited),
            }
        }
        _ => errs.not_supported("spec.type", named(kind), &["Exempt", "Limited"]),
    }
}

/// `ValidateLimitedPriorityLevelConfiguration` (zero shares allowed, see
/// the module).
fn limited_priority_level(errs: &mut Vec<FieldError>, limited: &Value) {
    let shares = int(limited, "nominalConcurrencyShares").unwrap_or(0);
    if shares < 0 {
        errs.invalid(
            "spec.limited.nominalConcurrencyShares",
            BadValue::Int(shares),
            "must be a non-negative integer",
        );
    }
    limit_response(errs, limited.get("limitResponse"));
    lendable_percent(errs, limited, "spec.limited.lendablePercent");
    if let Some(percent) = int(limited, "borrowingLimitPercent").filter(|p| *p < 0) {
        errs.invalid(
            "spec.limited.borrowingLimitPercent",
            BadValue::Int(percent),
            "if specified, must be a non-negative integer",
        );
    }
}

/// `ValidateExemptPriorityLevelConfiguration`.
fn exempt_priority_level(errs: &mut Vec<FieldError>, exempt: &Value) {
    if let Some(shares) = int(exempt, "nominalConcurrencyShares").filter(|s| *s < 0) {
        errs.invalid(
            "spec.exempt.nominalConcurrencyShares",
            BadValue::Int(shares),
            "must be a non-negative integer",
        );
    }
    lendable_percent(errs, exempt, "spec.exempt.lendablePercent");
}

/// A set `lendablePercent` out of 0..=100.
fn lendable_percent(errs: &mut Vec<FieldError>, level: &Value, path: &str) {
    if let Some(percent) = int(level, "lendablePercent").filter(|p| !(0..=100).contains(p)) {
        errs.invalid(
            path,
            BadValue::Int(percent),
            "must be between 0 and 100, inclusive",
        );
    }
}

/// `ValidateLimitResponse` (a struct: unset is the zero one, of type
/// `""`).
fn limit_response(errs: &mut Vec<FieldError>, response: Option<&Value>) {
    let queuing = at(response, "queuing");
    match text_at(response, "type") {
        "Reject" => {
            if queuing.is_some() {
                errs.forbidden(
                    "spec.limited.limitResponse.queuing",
                    "must be nil if limited.limitResponse.type is not Limited",
                );
            }
        }
        "Queue" => match queuing {
            None => errs.required(
                "spec.limited.limitResponse.queuing",
                "must not be empty if limited.limitResponse.type is Limited",
            ),
            Some(queuing) => queuing_configuration(errs, queuing),
        },
        other => errs.not_supported(
            "spec.limited.limitResponse.type",
            named(other),
            &["Queue", "Reject"],
        ),
    }
}

/// `ValidatePriorityLevelQueuingConfiguration`: positive sizes, at most
/// 10^7 queues, a hand no larger than the deck and whose shuffle sharding
/// needs at most 60 bits of hash.
fn queuing_configuration(errs: &mut Vec<FieldError>, queuing: &Value) {
    const PATH: &str = "spec.limited.limitResponse.queuing";
    let length_limit = int(queuing, "queueLengthLimit").unwrap_or(0);
    if length_limit <= 0 {
        errs.invalid(
            child(PATH, "queueLengthLimit"),
            BadValue::Int(length_limit),
            "must be positive",
        );
    }
    let queues = int(queuing, "queues").unwrap_or(0);
    if queues <= 0 {
        errs.invalid(
            child(PATH, "queues"),
            BadValue::Int(queues),
            "must be positive",
        );
    } else if queues > MAX_QUEUES {
        errs.invalid(
            child(PATH, "queues"),
            BadValue::Int(queues),
            &format!("must not be greater than {MAX_QUEUES}"),
        );
    }
    let hand = int(queuing, "handSize").unwrap_or(0);
    let hand_path = child(PATH, "handSize");
    if hand <= 0 {
        errs.invalid(hand_path, BadValue::Int(hand), "must be positive");
    } else if hand > queues {
        errs.invalid(
            hand_path,
            BadValue::Int(hand),
            &format!("should not be greater than queues ({queues})"),
        );
    } else if required_entropy_bits(queues, hand) > MAX_HASH_BITS as f64 {
        errs.invalid(
            hand_path,
            BadValue::Int(hand),
            &format!(
                "required entropy bits of deckSize {queues} and handSize {hand} should not be greater than {MAX_HASH_BITS}"
            ),
        );
    }
}

/// `shufflesharding.RequiredEntropyBits`, `ceil(log2(deck) * hand)`, for
/// `0 < hand <= deck`. A deck that is a power of two is counted exactly
/// (Go's `math.Log2` is exact there too); any other's logarithm is
/// irrational, so no product lands on the limit, where a last-bit
/// difference from Go's logarithm could matter.
fn required_entropy_bits(deck: i64, hand: i64) -> f64 {
    let bits_per_card = if deck.count_ones() == 1 {
        f64::from(deck.trailing_zeros())
    } else {
        (deck as f64).log2()
    };
    (bits_per_card * hand as f64).ceil()
}

/// `ValidateIfMandatoryPriorityLevelConfigurationObject`: `exempt`'s spec
/// but for its `exempt` field, and `catch-all`'s whole spec, must equal
/// the built-in one (the whole spec printed).
fn mandatory_priority_level(errs: &mut Vec<FieldError>, name: &str, spec: Option<&Value>) {
    let Some(mandatory) = mandatory_spec(&MANDATORY_PRIORITY_LEVELS, name) else {
        return;
    };
    let (equal, message) = if name == "exempt" {
        // The admin may tune the exempt level's shares and lending: the
        // mandatory object's `exempt` is put in the compared copy.
        let mut have = spec
            .cloned()
            .unwrap_or(Value::Map(crate::value::Map::new()));
        if let (Some(have), Some(want)) = (have.as_map_mut(), mandatory.get("exempt")) {
            have.insert("exempt", want.clone());
        }
        (
            semantically_equal("PriorityLevelConfigurationSpec", Some(&have), &mandatory),
            format!("spec of '{name}' except the 'spec.exempt' field must equal the fixed value"),
        )
    } else {
        (
            semantically_equal("PriorityLevelConfigurationSpec", spec, &mandatory),
            format!("spec of '{name}' must equal the fixed value"),
        )
    };
    if !equal {
        errs.invalid(
            "spec",
            BadValue::Json(internal_json::flowcontrol_struct(
                "PriorityLevelConfigurationSpec",
                spec,
            )),
            &message,
        );
    }
}

/// The mandatory spec of the object named `name`, if it is one.
fn mandatory_spec(table: &[(&str, &str)], name: &str) -> Option<Value> {
    let (_, spec) = table.iter().find(|(n, _)| *n == name)?;
    crate::json::from_str(spec).ok()
}

/// `Semantic.DeepEqual` of the internal `struct_name`s two v1 values
/// convert to: both printed as the internal struct (unset fields as their
/// zero values), once empty lists are unset (nil and empty slices are
/// equal).
fn semantically_equal(struct_name: &str, have: Option<&Value>, want: &Value) -> bool {
    let have = have.cloned().map(without_empty_lists);
    let want = without_empty_lists(want.clone());
    internal_json::flowcontrol_struct(struct_name, have.as_ref())
        == internal_json::flowcontrol_struct(struct_name, Some(&want))
}

/// `value` with its empty lists, at any depth, removed from their maps.
fn without_empty_lists(value: Value) -> Value {
    match value {
        Value::Map(map) => {
            let mut out = crate::value::Map::with_capacity(map.len());
            for (key, v) in map {
                if !matches!(&v, Value::List(l) if l.is_empty()) {
                    out.insert(key, without_empty_lists(v));
                }
            }
            Value::Map(out)
        }
        Value::List(list) => Value::List(list.into_iter().map(without_empty_lists).collect()),
        other => other,
    }
}

/// Whether `*` is among `members` (`hasWildcard`).
fn has_wildcard(members: &[Value]) -> bool {
    members.iter().any(|m| m.as_str() == Some("*"))
}

/// A `[]string` as the bad value (`json.Marshal`; `null` when unset).
fn list_value(list: Option<&Value>) -> BadValue {
    BadValue::Json(list.map_or_else(|| "null".to_string(), Value::to_json))
}

/// The string at `key` of an optional object (`""` when either is unset).
fn text_at<'a>(object: Option<&'a Value>, key: &str) -> &'a str {
    object.map_or("", |o| text(o, key))
}

/// The integer at `key`, if set.
fn int(object: &Value, key: &str) -> Option<i64> {
    object.get(key).and_then(Value::as_i64)
}

#[cfg(test)]
mod tests;
