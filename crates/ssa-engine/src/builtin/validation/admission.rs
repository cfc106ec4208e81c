//! `pkg/apis/admissionregistration/validation/validation.go` for the
//! webhook configurations (`ValidateValidatingWebhookConfiguration`,
//! `ValidateMutatingWebhookConfiguration` and their `...Update`), after
//! the `ValidateObjectMeta` that `meta` does, and apiserver's
//! `pkg/util/webhook/validation.go` for a client config's URL and service,
//! which a CustomResourceDefinition's conversion webhook shares. The
//! admission policies and their bindings, validating and mutating, are in
//! `policy`; they share the rules, match conditions and CEL compilation
//! here.
//!
//! An update relaxes what the stored object already broke: side effects
//! other than `None` and `NoneOnDryRun`, review versions none of which
//! the server knows, repeated webhook names, match conditions left as they
//! were.
//!
//! CEL expressions (match conditions, a policy's variables, validations,
//! messages, audit annotation values and mutations) compile in the
//! environment upstream declares for each: a name it does not declare, a
//! field `request`, `namespaceObject` or `variables` does not have, an
//! overload the checker finds none of, or a result of the wrong type is
//! cel-go's error (`crd::cel::check`); an expression outside the subset
//! the engine parses is not checked. An update compiles the expressions
//! the stored object already had in upstream's `StoredExpressions`
//! environment (`preexistingExpressions`), which differs from a new
//! expression's only by the CEL libraries of later compatibility versions:
//! the engine's subset has one environment for both. Not modelled: an
//! update's leave to keep a selector's invalid label values
//! (`allowInvalidLabelValueInSelector`: they are refused as on a create);
//! a URL `url.Parse` refuses for its host or an escape (its error's words:
//! the URL is not checked then).

mod policy;

pub(super) use policy::{mutating_admission_policy, policy_binding, validating_admission_policy};

use super::field::{
    BadValue, ErrorType, Errors, FieldError, child, index, invalid_each, named, too_many,
};
use super::{items, meta, names, text};
use crate::crd::{CelAdmissionEnv as Env, CelVariableType as VariableType};
use crate::value::Value;

/// The review versions a webhook may name (`AcceptedAdmissionReviewVersions`).
const REVIEW_VERSIONS: [&str; 2] = ["v1", "v1beta1"];
/// `noSideEffectClasses`, and `supportedSideEffectClasses` (sorted, as
/// `sets.String.List` prints them).
const NO_SIDE_EFFECTS: [&str; 2] = ["None", "NoneOnDryRun"];
const SIDE_EFFECTS: [&str; 4] = ["None", "NoneOnDryRun", "Some", "Unknown"];

/// What an update relaxes (`validationOptions`), from the stored object.
struct Options {
    ignore_match_conditions: bool,
    require_no_side_effects: bool,
    require_recognized_review_version: bool,
    require_unique_names: bool,
}

impl Options {
    /// A create's options, or the update's, read from `old`
    /// (`ValidateValidatingWebhookConfigurationUpdate`).
    fn new(new: &[Value], old: Option<&[Value]>) -> Options {
        let Some(old) = old else {
            return Options {
                ignore_match_conditions: false,
                require_no_side_effects: true,
                require_recognized_review_version: true,
                require_unique_names: true,
            };
        };
        let mut seen: Vec<&str> = Vec::new();
        Options {
            // `reflect.DeepEqual` of each webhook's match conditions.
            ignore_match_conditions: new.len() == old.len()
                && new
                    .iter()
                    .zip(old)
                    .all(|(n, o)| n.get("matchConditions") == o.get("matchConditions")),
            require_no_side_effects: old
                .iter()
                .all(|hook| NO_SIDE_EFFECTS.contains(&text(hook, "sideEffects"))),
            require_recognized_review_version: old.iter().all(|hook| {
                let versions = items(hook.get("admissionReviewVersions"));
                versions.is_empty()
                    || versions
                        .iter()
                        .any(|v| REVIEW_VERSIONS.contains(&v.as_str().unwrap_or("")))
            }),
            require_unique_names: old.iter().all(|hook| {
                let name = text(hook, "name");
                let unique = !seen.contains(&name);
                seen.push(name);
                unique
            }),
        }
    }
}

/// `validateValidatingWebhookConfiguration` /
/// `validateMutatingWebhookConfiguration`: each webhook, its review
/// versions, and no name twice.
pub(super) fn webhook_configuration(
    new: &Value,
    old: Option<&Value>,
    mutating: bool,
) -> Vec<FieldError> {
    let hooks = items(new.get("webhooks"));
    let opts = Options::new(hooks, old.map(|o| items(o.get("webhooks"))));
    let mut errs = Vec::new();
    let mut names: Vec<&str> = Vec::new();
    for (i, hook) in hooks.iter().enumerate() {
        let at = index("webhooks", i);
        webhook(&mut errs, hook, &at, &opts, mutating);
        review_versions(
            &mut errs,
            items(hook.get("admissionReviewVersions")),
            opts.require_recognized_review_version,
            &child(&at, "admissionReviewVersions"),
            "must specify one of v1, v1beta1",
        );
        let name = text(hook, "name");
        if opts.require_unique_names && !name.is_empty() {
            if names.contains(&name) {
                errs.duplicate(child(&at, "name"), BadValue::str(name));
            } else {
                names.push(name);
            }
        }
    }
    errs
}

/// `validateValidatingWebhook` / `validateMutatingWebhook`.
fn webhook(errs: &mut Vec<FieldError>, hook: &Value, at: &str, opts: &Options, mutating: bool) {
    fully_qualified_name(errs, &child(at, "name"), text(hook, "name"));
    for (i, rule) in items(hook.get("rules")).iter().enumerate() {
        rule_with_operations(errs, rule, &index(&child(at, "rules"), i));
    }
    let supported = |errs: &mut Vec<FieldError>, key: &str, valid: &[&str]| {
        if let Some(value) = hook.get(key).and_then(Value::as_str)
            && !valid.contains(&value)
        {
            errs.not_supported(child(at, key), named(value), valid);
        }
    };
    supported(errs, "failurePolicy", &["Fail", "Ignore"]);
    supported(errs, "matchPolicy", &["Equivalent", "Exact"]);
    let side_effects: &[&str] = if opts.require_no_side_effects {
        &NO_SIDE_EFFECTS
    } else {
        &SIDE_EFFECTS
    };
    if hook.get("sideEffects").is_none_or(Value::is_null) {
        errs.required(
            child(at, "sideEffects"),
            &format!("must specify one of {}", side_effects.join(", ")),
        );
    }
    supported(errs, "sideEffects", side_effects);
    if let Some(timeout) = hook.get("timeoutSeconds").and_then(Value::as_i64)
        && !(1..=30).contains(&timeout)
    {
        errs.invalid(
            child(at, "timeoutSeconds"),
            BadValue::Int(timeout),
            "the timeout value must be between 1 and 30 seconds",
        );
    }
    for key in ["namespaceSelector", "objectSelector"] {
        errs.extend(meta::label_selector(hook.get(key), &child(at, key)));
    }
    if mutating {
        supported(errs, "reinvocationPolicy", &["IfNeeded", "Never"]);
    }
    client_config(errs, hook.get("clientConfig"), &child(at, "clientConfig"));
    if !opts.ignore_match_conditions {
        match_conditions(
            errs,
            items(hook.get("matchConditions")),
            &child(at, "matchConditions"),
            false,
        );
    }
}

/// `utilvalidation.IsFullyQualifiedName`: a DNS subdomain of three
/// segments at least; one error at most.
fn fully_qualified_name(errs: &mut Vec<FieldError>, path: &str, name: &str) {
    if name.is_empty() {
        errs.required(path, "");
        return;
    }
    let problems = names::dns1123_subdomain(name);
    if !problems.is_empty() {
        errs.invalid(path, BadValue::str(name), &problems.join(","));
    } else if name.split('.').count() < 3 {
        errs.invalid(
            path,
            BadValue::str(name),
            "should be a domain with at least three segments separated by dots",
        );
    }
}

/// The strings of a list field.
fn strings(value: Option<&Value>) -> Vec<&str> {
    items(value)
        .iter()
        .map(|v| v.as_str().unwrap_or(""))
        .collect()
}

/// A string list as `json.Marshal` prints it.
fn printed(list: &[&str]) -> BadValue {
    BadValue::Json(Value::List(list.iter().map(|s| Value::from(*s)).collect()).to_json())
}

/// `validateRuleWithOperations`: the operations, then the rule
/// (`validateRule` with subresources allowed).
fn rule_with_operations(errs: &mut Vec<FieldError>, rule: &Value, at: &str) {
    for (key, what) in [
        ("operations", "operations"),
        ("apiGroups", "API groups"),
        ("apiVersions", "API versions"),
    ] {
        let list = strings(rule.get(key));
        let path = child(at, key);
        if list.is_empty() {
            errs.required(path.as_str(), "");
        }
        if list.len() > 1 && list.contains(&"*") {
            errs.invalid(
                path.as_str(),
                printed(&list),
                &format!("if '*' is present, must not specify other {what}"),
            );
        }
        for (i, item) in list.iter().enumerate() {
            const OPERATIONS: [&str; 5] = ["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
            match key {
                "operations" if !OPERATIONS.contains(item) => {
                    errs.not_supported(index(&path, i), named(item), &OPERATIONS);
                }
                // The group may be empty (the core group), a version not.
                "apiVersions" if item.is_empty() => errs.required(index(&path, i), ""),
                _ => {}
            }
        }
    }
    resources(
        errs,
        &strings(rule.get("resources")),
        &child(at, "resources"),
    );
    if let Some(scope) = rule.get("scope").and_then(Value::as_str) {
        const SCOPES: [&str; 3] = ["*", "Cluster", "Namespaced"];
        if !SCOPES.contains(&scope) {
            errs.not_supported(child(at, "scope"), named(scope), &SCOPES);
        }
    }
}

/// `validateResources`: none empty; `x/*` and `*/x` exclude what they
/// cover, `*/*` everything else, `*` every resource without a
/// subresource.
fn resources(errs: &mut Vec<FieldError>, resources: &[&str], path: &str) {
    if resources.is_empty() {
        errs.required(path, "");
    }
    let mut wildcard_subresource: Vec<&str> = Vec::new();
    let mut wildcard_resource: Vec<&str> = Vec::new();
    let (mut double, mut single, mut plain) = (false, false, false);
    for (i, entry) in resources.iter().enumerate() {
        if entry.is_empty() {
            errs.required(index(path, i), "");
            continue;
        }
        double |= *entry == "*/*";
        single |= *entry == "*";
        let Some((resource, sub)) = entry.split_once('/') else {
            // Upstream assigns, not ORs: the last such entry decides.
            plain = *entry != "*";
            continue;
        };
        if wildcard_subresource.contains(&resource) {
            let detail = format!("if '{resource}/*' is present, must not specify {entry}");
            errs.invalid(index(path, i), BadValue::str(entry), &detail);
        }
        if wildcard_resource.contains(&sub) {
            let detail = format!("if '*/{sub}' is present, must not specify {entry}");
            errs.invalid(index(path, i), BadValue::str(entry), &detail);
        }
        if sub == "*" {
            wildcard_subresource.push(resource);
        }
        if resource == "*" {
            wildcard_resource.push(sub);
        }
    }
    if resources.len() > 1 && double {
        errs.invalid(
            path,
            printed(resources),
            "if '*/*' is present, must not specify other resources",
        );
    }
    if single && plain {
        errs.invalid(
            path,
            printed(resources),
            "if '*' is present, must not specify other resources without subresources",
        );
    }
}

/// A webhook's client config: exactly one of a URL and a service, each
/// checked by apiserver's `pkg/util/webhook`. Shared with a
/// CustomResourceDefinition's conversion webhook (`path`: its internal
/// `spec.conversion.webhookClientConfig`).
pub(super) fn client_config(errs: &mut Vec<FieldError>, config: Option<&Value>, path: &str) {
    let present = |key: &str| config.and_then(|c| c.get(key)).filter(|v| !v.is_null());
    match (present("url"), present("service")) {
        (Some(url), None) => webhook_url(errs, &child(path, "url"), url.as_str().unwrap_or("")),
        (None, Some(service)) => webhook_service(errs, &child(path, "service"), service),
        _ => errs.required(path, "exactly one of url or service is required"),
    }
}

/// `webhook.ValidateWebhookURL` with https required.
fn webhook_url(errs: &mut Vec<FieldError>, path: &str, url: &str) {
    const FORM: &str = "; desired format: https://host[/path]";
    let parsed = match crate::crd::parse_webhook_url(url) {
        Ok(parsed) => parsed,
        Err(Some(error)) => {
            errs.required(path, &format!("url must be a valid URL: {error}{FORM}"));
            return;
        }
        Err(None) => return,
    };
    if parsed.scheme != "https" {
        let detail = format!("'https' is the only allowed URL scheme{FORM}");
        errs.invalid(path, BadValue::str(&parsed.scheme), &detail);
    }
    if parsed.host.is_empty() {
        let detail = format!("host must be specified{FORM}");
        errs.invalid(path, BadValue::str(""), &detail);
    }
    if let Some(user) = &parsed.user {
        errs.invalid(
            path,
            BadValue::str(user),
            "user information is not permitted in the URL",
        );
    }
    if !parsed.fragment.is_empty() {
        errs.invalid(
            path,
            BadValue::str(&parsed.fragment),
            "fragments are not permitted in the URL",
        );
    }
    if !parsed.raw_query.is_empty() {
        errs.invalid(
            path,
            BadValue::str(&parsed.raw_query),
            "query parameters are not permitted in the URL",
        );
    }
}

/// `webhook.ValidateWebhookService`. Its callers pass the service's name
/// where it takes the namespace and the other way round
/// (kubernetes/kubernetes#141353), so an empty name is reported at
/// `namespace` and an empty namespace at `name`, as a 1.36 server does.
fn webhook_service(errs: &mut Vec<FieldError>, path: &str, service: &Value) {
    let (namespace, name) = (text(service, "name"), text(service, "namespace"));
    if name.is_empty() {
        errs.required(child(path, "name"), "");
    }
    if namespace.is_empty() {
        errs.required(child(path, "namespace"), "");
    }
    // Defaulted to 443.
    let port = service.get("port").and_then(Value::as_i64).unwrap_or(443);
    if !(1..=65535).contains(&port) {
        errs.invalid(
            child(path, "port"),
            BadValue::Int(port),
            "port is not valid: must be between 1 and 65535, inclusive",
        );
    }
    let Some(url_path) = service.get("path").and_then(Value::as_str) else {
        return;
    };
    let at = child(path, "path");
    if url_path.is_empty() || url_path == "/" {
        return;
    }
    if url_path == "//" {
        errs.invalid(at, BadValue::str(url_path), "segment[0] may not be empty");
        return;
    }
    if !url_path.starts_with('/') {
        errs.invalid(
            at.as_str(),
            BadValue::str(url_path),
            "must start with a '/'",
        );
    }
    // Upstream drops the first byte whatever it is, then one trailing `/`.
    let rest = url_path.get(1..).unwrap_or("");
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    for (i, step) in rest.split('/').enumerate() {
        if step.is_empty() {
            let detail = format!("segment[{i}] may not be empty");
            errs.invalid(at.as_str(), BadValue::str(url_path), &detail);
            continue;
        }
        for failure in names::dns1123_subdomain(step) {
            let detail = format!("segment[{i}]: {failure}");
            errs.invalid(at.as_str(), BadValue::str(url_path), &detail);
        }
    }
}

/// `validateAdmissionReviewVersions` (and a CRD conversion's
/// `validateConversionReviewVersions`, the same but for the message of
/// none, `missing`): some, each once, DNS-1035 labels, and with `require`
/// one the server knows.
pub(super) fn review_versions(
    errs: &mut Vec<FieldError>,
    versions: &[Value],
    require: bool,
    path: &str,
    missing: &str,
) {
    if versions.is_empty() {
        errs.required(path, missing);
        return;
    }
    let mut seen: Vec<&str> = Vec::new();
    let mut accepted = false;
    for (i, v) in versions.iter().enumerate() {
        let v = v.as_str().unwrap_or("");
        if seen.contains(&v) {
            errs.invalid(index(path, i), BadValue::str(v), "duplicate version");
            continue;
        }
        seen.push(v);
        invalid_each(errs, &index(path, i), v, names::dns1035_label(v));
        accepted |= REVIEW_VERSIONS.contains(&v);
    }
    if require && !accepted {
        errs.invalid(
            path,
            BadValue::Json(Value::List(versions.to_vec()).to_json()),
            "must include at least one of v1, v1beta1",
        );
    }
}

/// `validateMatchConditions`: 64 at most, each with an expression that
/// compiles (trimmed: `params` only in a policy with a `paramKind`, no
/// `variables`) and a qualified name, no name twice.
fn match_conditions(errs: &mut Vec<FieldError>, conditions: &[Value], path: &str, params: bool) {
    if conditions.len() > 64 {
        errs.push(too_many(path, conditions.len(), 64));
    }
    let mut seen: Vec<&str> = Vec::new();
    for (i, condition) in conditions.iter().enumerate() {
        let at = index(path, i);
        let expression = text(condition, "expression").trim();
        if expression.is_empty() {
            errs.required(child(&at, "expression"), "");
        } else {
            let env = Env {
                params,
                authorizer: true,
                variables: None,
            };
            compiled(
                errs,
                expression,
                expression,
                &env,
                &child(&at, "expression"),
                &["bool"],
            );
        }
        let name = text(condition, "name");
        if name.is_empty() {
            errs.required(child(&at, "name"), "");
        } else {
            invalid_each(errs, &child(&at, "name"), name, names::label_key(name));
            if seen.contains(&name) {
                errs.duplicate(child(&at, "name"), BadValue::str(name));
            } else {
                seen.push(name);
            }
        }
    }
}

/// A CEL compile error of `expression` (the bad value printed: `shown`)
/// in `env`, at `path` (`convertCELErrorToValidationError`), or an output
/// type none of `returns` (any, when it is empty: a variable's); the type
/// a variable of the expression is declared with.
fn compiled(
    errs: &mut Vec<FieldError>,
    expression: &str,
    shown: &str,
    env: &Env,
    path: &str,
    returns: &[&str],
) -> VariableType {
    let Some(compiled) = crate::crd::compile_cel_admission(expression, env) else {
        return VariableType::UNFOLLOWED;
    };
    if let Some(issues) = &compiled.error {
        let detail = ["compilation failed: ", issues].concat();
        errs.invalid(path, BadValue::str(shown), &detail);
    } else if let Some(detail) = compiled.wrong_output(returns) {
        errs.invalid(path, BadValue::str(shown), &detail);
    } else if let Some(error) = &compiled.program_error {
        // `CompileCELExpression`'s `env.Program`: an internal error.
        errs.push(FieldError {
            path: path.to_string(),
            kind: ErrorType::Internal,
            value: None,
            detail: format!("program instantiation failed: {error}"),
        });
    }
    compiled.variable_type()
}

#[cfg(test)]
mod tests;
