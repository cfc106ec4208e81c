//! `pkg/apis/admissionregistration/validation/validation.go` for the
//! admission policies and their bindings (Kubernetes 1.36):
//! `ValidateValidatingAdmissionPolicy`,
//! `ValidateValidatingAdmissionPolicyBinding`,
//! `ValidateMutatingAdmissionPolicy`,
//! `ValidateMutatingAdmissionPolicyBinding` and their `...Update`, after
//! the `ValidateObjectMeta` (`NameIsDNSSubdomain`) or
//! `ValidateObjectMetaUpdate` that `meta` does. Every served version
//! (v1alpha1, v1beta1, v1) is validated as the internal type.
//!
//! A policy's spec, validating or mutating, begins the same way: its
//! failure policy, the parameters' kind, the match constraints, the match
//! conditions (which an update that keeps them and the parameters' kind
//! does not check again) and the variables; then a validating policy's
//! validations and audit annotations, a mutating policy's mutations and
//! reinvocation policy. A binding names its policy, the parameters and
//! the resources it matches; a validating binding adds its actions. A
//! mutating policy or binding may not match `DELETE`.

use super::super::field::{BadValue, Errors, FieldError, child, index, invalid_each, named};
use super::super::{at, items, meta, names, text};
use super::{compiled, match_conditions, printed, rule_with_operations, strings};
use crate::crd::{CelAdmissionEnv as Env, CelVariableType as VariableType};
use crate::value::Value;

/// `supportedMutatingOperations` (sorted): a mutating policy cannot
/// match `DELETE`.
const MUTATING_OPERATIONS: [&str; 4] = ["*", "CONNECT", "CREATE", "UPDATE"];

/// What the expressions after a policy's variables compile with: whether
/// `params` is declared (a `paramKind`), and the variables declared.
struct Declared {
    params: bool,
    variables: Vec<(String, VariableType)>,
}

/// The beginning both policies' specs share
/// (`validateValidatingAdmissionPolicySpec`,
/// `validateMutatingAdmissionPolicySpec`): the failure policy, the
/// parameters' kind, the match constraints (a mutating policy's without
/// `DELETE`), the match conditions unless an update keeps them, and the
/// variables, each compiled in order and declared for those after it (the
/// composited compiler's `CompileAndStoreVariable`).
fn policy_spec(
    errs: &mut Vec<FieldError>,
    spec: &Value,
    old_spec: Option<&Value>,
    mutating: bool,
) -> Declared {
    match spec.get("failurePolicy").and_then(Value::as_str) {
        None => errs.required("spec.failurePolicy", ""),
        Some(policy) if !["Fail", "Ignore"].contains(&policy) => {
            errs.not_supported("spec.failurePolicy", named(policy), &["Fail", "Ignore"]);
        }
        Some(_) => {}
    }
    let kind = at(Some(spec), "paramKind");
    if let Some(kind) = kind {
        param_kind(errs, kind);
    }
    match at(Some(spec), "matchConstraints") {
        None => errs.required("spec.matchConstraints", ""),
        Some(constraints) => {
            match_resources(errs, constraints, "spec.matchConstraints");
            // A resource rule gives the expressions their types.
            if items(constraints.get("resourceRules")).is_empty() {
                errs.required("spec.matchConstraints.resourceRules", "");
            }
            if mutating {
                mutating_operations(errs, constraints, "spec.matchConstraints");
            }
        }
    }
    // An update that keeps the parameters' kind and the match conditions
    // does not check them again (`ignoreValidatingAdmissionPolicyMatchConditions`,
    // `ignoreMutatingAdmissionPolicyMatchConditions`).
    let unchanged = old_spec.is_some_and(|o| {
        ["paramKind", "matchConditions"]
            .iter()
            .all(|key| o.get(key) == spec.get(key))
    });
    let params = kind.is_some();
    if !unchanged {
        match_conditions(
            errs,
            items(spec.get("matchConditions")),
            "spec.matchConditions",
            params,
        );
    }
    let mut variables: Vec<(String, VariableType)> = Vec::new();
    for (i, variable) in items(spec.get("variables")).iter().enumerate() {
        // validateVariable.
        let path = index("spec.variables", i);
        let name = text(variable, "name");
        if name.trim().is_empty() {
            errs.required(child(&path, "name"), "name is not specified");
        } else if !is_cel_identifier(name) {
            errs.invalid(
                child(&path, "name"),
                BadValue::str(name),
                "must be a valid CEL identifier",
            );
        }
        let expression = text(variable, "expression");
        if expression.trim().is_empty() {
            errs.required(child(&path, "expression"), "expression is not specified");
        } else {
            let env = Env {
                params,
                authorizer: true,
                variables: Some(&variables),
            };
            let declared_as = compiled(
                errs,
                expression,
                expression,
                &env,
                &child(&path, "expression"),
                &[],
            );
            variables.push((name.to_string(), declared_as));
        }
    }
    Declared { params, variables }
}

/// `validateValidatingAdmissionPolicySpec`. Its expressions compile as
/// upstream's compilers compile them: the variables in order (each sees
/// those before it that have an expression, the composited compiler's
/// `variables`), then the validations and their messages (without
/// `authorizer`), and the audit annotations' values; without variables,
/// the stateless compiler declares no `variables`.
pub(in super::super) fn validating_admission_policy(
    new: &Value,
    old: Option<&Value>,
) -> Vec<FieldError> {
    let spec = new.get("spec").unwrap_or(&Value::Null);
    let mut errs = Vec::new();
    let declared = policy_spec(&mut errs, spec, old.and_then(|o| o.get("spec")), false);
    let validations = items(spec.get("validations"));
    let audit = at(Some(spec), "auditAnnotations");
    if validations.is_empty() && items(audit).is_empty() {
        for key in ["spec.validations", "spec.auditAnnotations"] {
            errs.required(
                key,
                "validations or auditAnnotations must contain at least one item",
            );
        }
        return errs;
    }
    let composited = !items(spec.get("variables")).is_empty();
    let env = Env {
        params: declared.params,
        authorizer: true,
        variables: composited.then_some(declared.variables.as_slice()),
    };
    for (i, validation) in validations.iter().enumerate() {
        policy_validation(&mut errs, validation, &index("spec.validations", i), &env);
    }
    if let Some(audit) = audit {
        audit_annotations(
            &mut errs,
            items(Some(audit)),
            text(new.get("metadata").unwrap_or(&Value::Null), "name"),
            &env,
        );
    }
    errs
}

/// `validateMutatingAdmissionPolicySpec`: the beginning a validating
/// policy's has, then at least one mutation, and a reinvocation policy
/// (required: upstream defaults none). Its compiler is always the
/// composited one, so `variables` is declared even without variables.
pub(in super::super) fn mutating_admission_policy(
    new: &Value,
    old: Option<&Value>,
) -> Vec<FieldError> {
    let spec = new.get("spec").unwrap_or(&Value::Null);
    let mut errs = Vec::new();
    let declared = policy_spec(&mut errs, spec, old.and_then(|o| o.get("spec")), true);
    let mutations = items(spec.get("mutations"));
    if mutations.is_empty() {
        errs.required("spec.mutations", "mutations must contain at least one item");
    }
    let env = Env {
        params: declared.params,
        authorizer: true,
        variables: Some(&declared.variables),
    };
    for (i, mutation) in mutations.iter().enumerate() {
        policy_mutation(&mut errs, mutation, &index("spec.mutations", i), &env);
    }
    const REINVOCATION: [&str; 2] = ["IfNeeded", "Never"];
    match text(spec, "reinvocationPolicy") {
        "" => errs.required("spec.reinvocationPolicy", ""),
        policy if !REINVOCATION.contains(&policy) => {
            errs.not_supported("spec.reinvocationPolicy", named(policy), &REINVOCATION);
        }
        _ => {}
    }
    errs
}

/// `validateMutation`: a patch type, and the patch of that type alone.
fn policy_mutation(errs: &mut Vec<FieldError>, mutation: &Value, path: &str, env: &Env) {
    const PATCH_TYPES: [&str; 2] = ["ApplyConfiguration", "JSONPatch"];
    let patch_type = text(mutation, "patchType");
    let (key, other) = match patch_type {
        "JSONPatch" => ("jsonPatch", "applyConfiguration"),
        "ApplyConfiguration" => ("applyConfiguration", "jsonPatch"),
        "" => {
            errs.required(child(path, "patchType"), "");
            return;
        }
        _ => {
            errs.not_supported(child(path, "patchType"), named(patch_type), &PATCH_TYPES);
            return;
        }
    };
    match at(Some(mutation), key) {
        None => errs.required(
            child(path, key),
            &format!("must be specified when patchType is {patch_type}"),
        ),
        Some(patch) => patch_expression(errs, patch, &child(path, key), env),
    }
    if at(Some(mutation), other).is_some() {
        errs.invalid(
            child(path, other),
            BadValue::str(&format!("{{{other}}}")),
            &format!("must not be specified when patchType is {patch_type}"),
        );
    }
}

/// `validateApplyConfiguration` / `validateJSONPatch`: an expression,
/// compiled trimmed (and printed so). Upstream's environment adds the
/// patch types (`HasPatchTypes`: `Object`, `JSONPatch`); the expressions
/// that use them, an `Object{...}` or a list of `JSONPatch{...}` (what
/// people write), are outside the subset the engine's CEL parser reads,
/// so `compile_cel_admission` checks them for cel-go's syntax errors
/// alone; nor is the result's type (`Object`, `list(JSONPatch)`)
/// checked, which the checker does not model. One inside the subset (a
/// variable, a conditional between two) is checked for the names it
/// uses.
fn patch_expression(errs: &mut Vec<FieldError>, patch: &Value, path: &str, env: &Env) {
    let expression = text(patch, "expression").trim();
    let path = child(path, "expression");
    if expression.is_empty() {
        errs.required(path, "");
    } else {
        compiled(errs, expression, expression, env, &path, &[]);
    }
}

/// `validateValidation`: its expression compiled in `env`, its message
/// expression without `authorizer`.
fn policy_validation(errs: &mut Vec<FieldError>, validation: &Value, at: &str, env: &Env) {
    let expression = text(validation, "expression");
    if expression.trim().is_empty() {
        errs.required(child(at, "expression"), "expression is not specified");
    } else {
        compiled(
            errs,
            expression,
            expression,
            env,
            &child(at, "expression"),
            &["bool"],
        );
    }
    let message_expression = text(validation, "messageExpression");
    if !message_expression.is_empty() && message_expression.trim().is_empty() {
        errs.invalid(
            child(at, "messageExpression"),
            BadValue::str(message_expression),
            "must be non-empty if specified",
        );
    } else if !message_expression.is_empty() {
        let env = Env {
            authorizer: false,
            ..*env
        };
        let path = child(at, "messageExpression");
        compiled(
            errs,
            message_expression,
            message_expression,
            &env,
            &path,
            &["string"],
        );
    }
    let message = text(validation, "message");
    if !message.is_empty() && message.trim().is_empty() {
        errs.invalid(
            child(at, "message"),
            BadValue::str(message),
            "must be non-empty if specified",
        );
    } else if message.trim().contains(['\n', '\r']) {
        errs.invalid(
            child(at, "message"),
            BadValue::str(message),
            "must not contain line breaks",
        );
    }
    if let Some(reason) = validation.get("reason").and_then(Value::as_str) {
        const REASONS: [&str; 3] = ["Forbidden", "Invalid", "RequestEntityTooLarge"];
        if !REASONS.contains(&reason) {
            errs.not_supported(child(at, "reason"), named(reason), &REASONS);
        }
    }
}

/// The policy's audit annotations: 20 at most, each key a qualified name
/// after the policy's name, each value expression given and 5 KiB at
/// most, no key twice (a policy without a name has no key that
/// qualifies).
fn audit_annotations(errs: &mut Vec<FieldError>, annotations: &[Value], policy: &str, env: &Env) {
    const PATH: &str = "spec.auditAnnotations";
    if annotations.len() > 20 {
        // The internal type, without json tags, as `json.Marshal` prints it.
        let printed: Vec<String> = annotations
            .iter()
            .map(|a| {
                let mut one = String::from("{\"Key\":");
                crate::value::write_json_string(text(a, "key"), &mut one);
                one.push_str(",\"ValueExpression\":");
                crate::value::write_json_string(text(a, "valueExpression"), &mut one);
                one.push('}');
                one
            })
            .collect();
        errs.invalid(
            PATH,
            BadValue::Json(format!("[{}]", printed.join(","))),
            "must not have more than 20 auditAnnotations",
        );
    }
    let mut keys: Vec<&str> = Vec::new();
    for (i, annotation) in annotations.iter().enumerate() {
        let at = index(PATH, i);
        let key = text(annotation, "key");
        if policy.is_empty() {
            errs.invalid(
                child(&at, "key"),
                BadValue::str(key),
                "requires metadata.name be non-empty",
            );
        } else {
            let qualified = format!("{policy}/{key}");
            invalid_each(
                errs,
                &child(&at, "key"),
                &qualified,
                names::label_key(&qualified),
            );
        }
        let written = text(annotation, "valueExpression");
        let value = written.trim();
        if value.is_empty() {
            errs.required(
                child(&at, "valueExpression"),
                "valueExpression is not specified",
            );
        } else if value.len() > 5 * 1024 {
            errs.required(
                child(&at, "valueExpression"),
                "must not exceed 5120 bytes in length",
            );
        } else {
            // Compiled trimmed, printed as written.
            let returns = ["string", "null_type"];
            compiled(
                errs,
                value,
                written,
                env,
                &child(&at, "valueExpression"),
                &returns,
            );
        }
        if keys.contains(&key) {
            errs.duplicate(child(&at, "key"), BadValue::str(key));
        }
        keys.push(key);
    }
}

/// `validateParamKind`: an API version (`group/version`, the group a DNS
/// subdomain, the version a DNS-1035 label) and a kind.
fn param_kind(errs: &mut Vec<FieldError>, kind: &Value) {
    const PATH: &str = "spec.paramKind.apiVersion";
    let api_version = text(kind, "apiVersion");
    if api_version.is_empty() {
        errs.required(PATH, "");
    } else if api_version.matches('/').count() > 1 {
        let detail = format!("unexpected GroupVersion string: {api_version}");
        errs.invalid(PATH, BadValue::str(api_version), &detail);
    } else {
        let (group, version) = match api_version {
            "/" => ("", ""),
            _ => api_version.split_once('/').unwrap_or(("", api_version)),
        };
        if !group.is_empty() {
            let problems = names::dns1123_subdomain(group);
            if !problems.is_empty() {
                errs.invalid(PATH, BadValue::str(group), &problems.join(","));
            }
        }
        if version.is_empty() {
            errs.invalid(
                PATH,
                BadValue::str(api_version),
                "version must be specified",
            );
        } else {
            let problems = names::dns1035_label(version);
            if !problems.is_empty() {
                errs.invalid(PATH, BadValue::str(version), &problems.join(","));
            }
        }
    }
    let name = text(kind, "kind");
    if name.is_empty() {
        errs.required("spec.paramKind.kind", "");
    } else {
        let problems = names::dns1035_label(&name.to_lowercase());
        if !problems.is_empty() {
            let detail = format!(
                "may have mixed case, but should otherwise match: {}",
                problems.join(",")
            );
            errs.invalid("spec.paramKind.kind", BadValue::str(name), &detail);
        }
    }
}

/// `validateMatchResources`: a match policy and both selectors (all three
/// defaulted), and each rule, included or excluded.
fn match_resources(errs: &mut Vec<FieldError>, resources: &Value, path: &str) {
    match resources.get("matchPolicy").and_then(Value::as_str) {
        None => errs.required(child(path, "matchPolicy"), ""),
        Some(policy) if !["Equivalent", "Exact"].contains(&policy) => {
            errs.not_supported(
                child(path, "matchPolicy"),
                named(policy),
                &["Equivalent", "Exact"],
            );
        }
        Some(_) => {}
    }
    for key in ["namespaceSelector", "objectSelector"] {
        match resources.get(key).filter(|s| !s.is_null()) {
            None => errs.required(child(path, key), ""),
            Some(selector) => errs.extend(meta::label_selector(Some(selector), &child(path, key))),
        }
    }
    for key in ["resourceRules", "excludeResourceRules"] {
        for (i, rule) in items(resources.get(key)).iter().enumerate() {
            // validateNamedRuleWithOperations: the names, then the rule.
            let at = index(&child(path, key), i);
            let mut seen: Vec<&str> = Vec::new();
            for (j, name) in strings(rule.get("resourceNames")).into_iter().enumerate() {
                let name_path = index(&child(&at, "resourceNames"), j);
                invalid_each(errs, &name_path, name, names::path_segment(name));
                if seen.contains(&name) {
                    errs.duplicate(name_path, BadValue::str(name));
                } else {
                    seen.push(name);
                }
            }
            rule_with_operations(errs, rule, &at);
        }
    }
}

/// `isCELIdentifier`: `[_a-zA-Z][_a-zA-Z0-9]*`, not a reserved word.
fn is_cel_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
        && !crate::crd::CEL_RESERVED.contains(&name)
}

/// `validateValidatingAdmissionPolicyBindingSpec` /
/// `validateMutatingAdmissionPolicyBindingSpec`: the policy's name, the
/// parameters' reference, the match resources; a validating binding's
/// actions, a mutating binding's resource rules without `DELETE`. The
/// update functions run the same on the new object.
pub(in super::super) fn policy_binding(new: &Value, mutating: bool) -> Vec<FieldError> {
    let spec = new.get("spec").unwrap_or(&Value::Null);
    let mut errs = Vec::new();
    let policy = text(spec, "policyName");
    if policy.is_empty() {
        errs.required("spec.policyName", "");
    } else {
        invalid_each(
            &mut errs,
            "spec.policyName",
            policy,
            names::dns1123_subdomain(policy),
        );
    }
    if let Some(param) = at(Some(spec), "paramRef") {
        param_ref(&mut errs, param);
    }
    let resources = at(Some(spec), "matchResources");
    if let Some(resources) = resources {
        match_resources(&mut errs, resources, "spec.matchResources");
    }
    if !mutating {
        validation_actions(&mut errs, &strings(spec.get("validationActions")));
    } else if let Some(resources) = resources {
        mutating_operations(&mut errs, resources, "spec.matchResources");
    }
    errs
}

/// A mutating policy's or binding's resource rules may not match
/// `DELETE`: each other operation is reported at the rules' path, without
/// an index, as upstream has it.
fn mutating_operations(errs: &mut Vec<FieldError>, resources: &Value, path: &str) {
    let path = format!("{path}.resourceRules.operations");
    for rule in items(resources.get("resourceRules")) {
        for operation in strings(rule.get("operations")) {
            if !MUTATING_OPERATIONS.contains(&operation) {
                errs.not_supported(path.as_str(), named(operation), &MUTATING_OPERATIONS);
            }
        }
    }
}
/// `validateParamRef`: a name (a path segment) or a selector, not both,
/// and what a missing parameter does.
fn param_ref(errs: &mut Vec<FieldError>, param: &Value) {
    const PATH: &str = "spec.paramRef";
    let name = text(param, "name");
    let selector = param.get("selector").filter(|s| !s.is_null());
    const BOTH: &str = "name and selector are mutually exclusive";
    if !name.is_empty() {
        invalid_each(errs, &child(PATH, "name"), name, names::path_segment(name));
        if selector.is_some() {
            errs.forbidden(child(PATH, "name"), BOTH);
        }
    }
    if let Some(selector) = selector {
        errs.extend(meta::label_selector(
            Some(selector),
            &child(PATH, "selector"),
        ));
        if !name.is_empty() {
            errs.forbidden(child(PATH, "selector"), BOTH);
        }
    }
    if name.is_empty() && selector.is_none() {
        errs.required(PATH, "one of name or selector must be specified");
    }
    let action = text(param, "parameterNotFoundAction");
    if action.is_empty() {
        errs.required(child(PATH, "parameterNotFoundAction"), "");
    } else if action != "Deny" && action != "Allow" {
        // The pointer itself, which `json.Marshal` prints as its string.
        errs.not_supported(
            child(PATH, "parameterNotFoundAction"),
            named(action),
            &["Deny", "Allow"],
        );
    }
}

/// `validateValidationActions`: known, once each, not Deny with Warn, at
/// least one.
fn validation_actions(errs: &mut Vec<FieldError>, actions: &[&str]) {
    const PATH: &str = "spec.validationActions";
    const VALID: [&str; 3] = ["Audit", "Deny", "Warn"];
    let mut seen: Vec<&str> = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        if !VALID.contains(action) {
            errs.not_supported(index(PATH, i), named(action), &VALID);
        }
        if seen.contains(action) {
            errs.duplicate(index(PATH, i), named(action));
        }
        seen.push(action);
    }
    if seen.contains(&"Deny") && seen.contains(&"Warn") {
        errs.invalid(
            PATH,
            printed(actions),
            "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)",
        );
    }
    if seen.is_empty() {
        errs.required(PATH, "at least one validation action is required");
    }
}
