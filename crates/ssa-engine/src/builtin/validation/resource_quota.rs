//! `pkg/apis/core/validation/validation.go`'s `ValidateResourceQuotaSpec`
//! (on create after `ValidateObjectMeta`, whose status check has nothing
//! to see: the strategy empties a new quota's status), and on update
//! `ValidateResourceQuotaUpdate`: the spec again, and scopes that do not
//! change. The hard limits: names a quota counts, values not negative and
//! whole for what is counted; the scopes and the scope selector: known,
//! not in conflict, and applying to every limit.
//!
//! Upstream walks the hard limits (a Go map) in random order; here in
//! sorted order, one of upstream's. The `VolumeAttributesClass` scope is
//! taken as a known one that applies to every limit (its 1.36 helper was
//! not read).

use super::field::{BadValue, Errors, FieldError, child, named};
use super::resources::{NameScope, native_resource, quantity_text, resource_name};
use super::{items, text};
use crate::builtin::goencoding::quantity;
use crate::value::{Value, write_json_string};

/// `standardQuotaResources` (`IsStandardQuotaResourceName`, with the
/// huge pages' prefixes).
const QUOTA: [&str; 19] = [
    "cpu",
    "memory",
    "ephemeral-storage",
    "requests.cpu",
    "requests.memory",
    "requests.storage",
    "requests.ephemeral-storage",
    "limits.cpu",
    "limits.memory",
    "limits.ephemeral-storage",
    "pods",
    "resourcequotas",
    "services",
    "replicationcontrollers",
    "secrets",
    "persistentvolumeclaims",
    "configmaps",
    "services.nodeports",
    "services.loadbalancers",
];

/// `IsStandardQuotaResourceName`.
fn quota_resource(name: &str) -> bool {
    QUOTA.contains(&name)
        || name.starts_with("hugepages-")
        || name.starts_with("requests.hugepages-")
}

/// `IsStandardResourceQuotaScope`.
const SCOPES: [&str; 7] = [
    "Terminating",
    "NotTerminating",
    "BestEffort",
    "NotBestEffort",
    "PriorityClass",
    "CrossNamespacePodAffinity",
    "VolumeAttributesClass",
];

/// `IsResourceQuotaScopeValidForResource`.
fn scope_applies(scope: &str, resource: &str) -> bool {
    const COMPUTE: [&str; 6] = [
        "cpu",
        "memory",
        "limits.cpu",
        "limits.memory",
        "requests.cpu",
        "requests.memory",
    ];
    match scope {
        "Terminating"
        | "NotTerminating"
        | "NotBestEffort"
        | "PriorityClass"
        | "CrossNamespacePodAffinity" => resource == "pods" || COMPUTE.contains(&resource),
        "BestEffort" => resource == "pods",
        _ => true,
    }
}

/// `IsIntegerResourceName`: an object count, or an extended resource
/// (not native, not `requests.`, a qualified name once so prefixed).
fn integer_resource(name: &str) -> bool {
    const COUNTS: [&str; 9] = [
        "pods",
        "resourcequotas",
        "services",
        "replicationcontrollers",
        "secrets",
        "configmaps",
        "persistentvolumeclaims",
        "services.nodeports",
        "services.loadbalancers",
    ];
    COUNTS.contains(&name)
        || (!native_resource(name)
            && !name.starts_with("requests.")
            && super::names::label_key(&format!("requests.{name}")).is_empty())
}

/// `ValidateResourceQuotaSpec`, and on update the scopes' immutability.
pub(super) fn resource_quota(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let spec = new.get("spec").unwrap_or(&Value::Null);
    let mut errs = Vec::new();
    let mut hard: Vec<&str> = Vec::new();
    if let Some(limits) = spec.get("hard").and_then(Value::as_map) {
        hard = limits.keys().map(String::as_str).collect();
        hard.sort_unstable();
        for name in &hard {
            let at = format!("spec.hard[{name}]");
            // ValidateResourceQuotaResourceName: validateResourceName's
            // errors, then a standard quota resource without a domain.
            errs.extend(resource_name(name, &at, NameScope::Any));
            if !name.contains('/') && !quota_resource(name) {
                errs.invalid(&at, named(name), "must be a standard resource for quota");
            }
            // ValidateResourceQuantityValue.
            let Some(printed) = limits
                .get(name)
                .and_then(quantity_text)
                .and_then(|t| quantity::canonical(t.trim()))
            else {
                continue;
            };
            if printed.starts_with('-') {
                errs.invalid(
                    &at,
                    BadValue::Str(printed.clone()),
                    "must be greater than or equal to 0",
                );
            }
            if integer_resource(name)
                && quantity::scaled_ceil(&printed, 3).is_some_and(|milli| milli % 1000 != 0)
            {
                errs.invalid(&at, BadValue::Str(printed), "must be an integer");
            }
        }
    }
    let scopes: Vec<&str> = items(spec.get("scopes"))
        .iter()
        .map(|s| s.as_str().unwrap_or(""))
        .collect();
    let printed_scopes = || match spec.get("scopes").filter(|s| !s.is_null()) {
        Some(list) => BadValue::Json(list.to_json()),
        None => BadValue::Json("null".into()),
    };
    // validateResourceQuotaScopes.
    if !scopes.is_empty() {
        for scope in &scopes {
            if !SCOPES.contains(scope) {
                errs.invalid("spec.scopes", printed_scopes(), "unsupported scope");
            }
            for resource in &hard {
                if quota_resource(resource) && !scope_applies(scope, resource) {
                    errs.invalid(
                        "spec.scopes",
                        printed_scopes(),
                        "unsupported scope applied to resource",
                    );
                }
            }
        }
        if conflicting(&scopes) {
            errs.invalid("spec.scopes", printed_scopes(), "conflicting scopes");
        }
    }
    if let Some(selector) = spec.get("scopeSelector").filter(|s| !s.is_null()) {
        scope_selector(&mut errs, selector, &hard, printed_scopes());
    }
    if let Some(old) = old {
        let mut before: Vec<&str> = items(old.get("spec").and_then(|s| s.get("scopes")))
            .iter()
            .map(|s| s.as_str().unwrap_or(""))
            .collect();
        let mut after = scopes.clone();
        for list in [&mut before, &mut after] {
            list.sort_unstable();
            list.dedup();
        }
        if before != after {
            errs.invalid("spec.scopes", printed_scopes(), "field is immutable");
        }
    }
    errs
}

/// Whether both scopes of a conflicting pair are present.
fn conflicting(scopes: &[&str]) -> bool {
    [
        ["BestEffort", "NotBestEffort"],
        ["Terminating", "NotTerminating"],
    ]
    .iter()
    .any(|pair| pair.iter().all(|s| scopes.contains(s)))
}

/// `validateScopedResourceSelectorRequirement`: each requirement's scope
/// and operator. Its errors are at `matchExpressions`, not at the
/// requirement; a scope that does not apply prints the internal selector,
/// a conflict prints the spec's scopes, as upstream does.
fn scope_selector(errs: &mut Vec<FieldError>, selector: &Value, hard: &[&str], scopes: BadValue) {
    const PATH: &str = "spec.scopeSelector.matchExpressions";
    let requirements = items(selector.get("matchExpressions"));
    let mut seen: Vec<&str> = Vec::new();
    for requirement in requirements {
        let scope = text(requirement, "scopeName");
        let operator = text(requirement, "operator");
        let values = items(requirement.get("values"));
        if !SCOPES.contains(&scope) {
            errs.invalid(child(PATH, "scopeName"), named(scope), "unsupported scope");
        }
        for resource in hard {
            if quota_resource(resource) && !scope_applies(scope, resource) {
                errs.invalid(
                    PATH,
                    BadValue::Json(internal_selector(requirements)),
                    "unsupported scope applied to resource",
                );
            }
        }
        if matches!(
            scope,
            "BestEffort"
                | "NotBestEffort"
                | "Terminating"
                | "NotTerminating"
                | "CrossNamespacePodAffinity"
        ) && operator != "Exists"
        {
            errs.invalid(
                child(PATH, "operator"),
                named(operator),
                "must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
            );
        }
        match operator {
            "In" | "NotIn" if values.is_empty() => errs.required(
                child(PATH, "values"),
                "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector",
            ),
            "Exists" | "DoesNotExist" if !values.is_empty() => errs.invalid(
                child(PATH, "values"),
                BadValue::Json(Value::List(values.to_vec()).to_json()),
                "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector",
            ),
            "In" | "NotIn" | "Exists" | "DoesNotExist" => {}
            _ => errs.invalid(
                child(PATH, "operator"),
                named(operator),
                "not a valid selector operator",
            ),
        }
        seen.push(scope);
    }
    if conflicting(&seen) {
        errs.invalid(PATH, scopes, "conflicting scopes");
    }
}

/// The internal `ScopeSelector` (no json tags) as `json.Marshal` prints
/// it.
fn internal_selector(requirements: &[Value]) -> String {
    let mut out = String::from("{\"MatchExpressions\":[");
    for (i, r) in requirements.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"ScopeName\":");
        write_json_string(text(r, "scopeName"), &mut out);
        out.push_str(",\"Operator\":");
        write_json_string(text(r, "operator"), &mut out);
        out.push_str(",\"Values\":");
        match r.get("values").filter(|v| !v.is_null()) {
            Some(values) => out.push_str(&values.to_json()),
            None => out.push_str("null"),
        }
        out.push('}');
    }
    out.push_str("]}");
    out
}

#[cfg(test)]
mod tests;
