//! `pkg/apis/core/validation/validation.go`'s
//! `validateResourceRequirements` for a container: each limit's and then
//! each request's name (`validateContainerResourceName`) and value
//! (`ValidateResourceQuantityValue`: not negative, whole for an extended
//! resource), no request above its limit, and for a resource that may not
//! be overcommitted (hugepages, extended resources) a request equal to a
//! limit that is set. Upstream walks Go maps (limits, then requests) in
//! random order; they are walked here in sorted order, which is one of
//! upstream's. Huge pages: a value a whole number of pages
//! (`validateResourceQuantityHugePageValue`) and cpu or memory beside them.
//! Not modelled: the names with a domain that are not extended resources
//! (`requests.` prefixed).

use super::field::{BadValue, Errors, FieldError, child, invalid, named};
use super::meta::sorted_keys;
use super::names;
use crate::builtin::goencoding::quantity;
use crate::value::{Map, Value};
use std::cmp::Ordering;

/// `validateContainerResourceName` and `ValidateResourceQuantityValue` of
/// the entry `name` of `map` (limits or requests) at `path`.
fn name_and_value(map: Option<&Map>, name: &str, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let at = format!("{path}[{name}]");
    let bad = |detail: &str| invalid(&at, named(name), detail);
    // validateResourceName: a qualified name, and without a domain a
    // standard one; then a standard one for containers.
    let messages = names::label_key(name);
    errs.extend(messages.iter().map(|m| bad(m)));
    if messages.is_empty() && !name.contains('/') {
        let hugepages = name.starts_with("hugepages-");
        if !hugepages && !STANDARD.contains(&name) && !name.starts_with("requests.hugepages-") {
            errs.push(bad("must be a standard resource type or fully qualified"));
        }
        if !hugepages && !matches!(name, "cpu" | "memory" | "ephemeral-storage") {
            errs.push(bad("must be a standard resource for containers"));
        }
    }
    let Some(printed) = map
        .and_then(|m| m.get(name))
        .and_then(quantity_text)
        .and_then(|text| quantity::canonical(text.trim()))
    else {
        return errs;
    };
    let value = || BadValue::Str(printed.clone());
    if printed.starts_with('-') {
        errs.invalid(&at, value(), "must be greater than or equal to 0");
    }
    // `IsIntegerResourceName`: an extended resource is counted whole (a
    // canonical Quantity with a fraction ends in m, u or n).
    if !overcommit_allowed(name)
        && !name.starts_with("hugepages-")
        && printed.ends_with(['m', 'u', 'n'])
    {
        errs.invalid(&at, value(), "must be an integer");
    }
    errs
}

/// A Quantity's text as written: a string, or a number as JSON prints it.
pub(super) fn quantity_text(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string).or_else(|| Some(v.to_json()))
}

/// `helper.standardResources`, the names without a domain that
/// `IsStandardResourceName` takes (with the hugepages prefixes).
const STANDARD: [&str; 19] = [
    "cpu",
    "memory",
    "ephemeral-storage",
    "requests.cpu",
    "requests.memory",
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
    "requests.storage",
];

pub(super) fn resource_requirements(resources: Option<&Value>, path: &str) -> Vec<FieldError> {
    let list = |key: &str| resources.and_then(|r| r.get(key)).and_then(Value::as_map);
    let (limits, requests) = (list("limits"), list("requests"));
    let (limits_path, requests_path) = (child(path, "limits"), child(path, "requests"));
    let mut errs = Vec::new();
    for name in sorted_keys(limits) {
        errs.extend(name_and_value(limits, name, &limits_path));
        huge_page_value(&mut errs, limits, name, &limits_path);
    }
    for name in sorted_keys(requests) {
        errs.extend(name_and_value(requests, name, &requests_path));
        if let Some(request) = requests
            .and_then(|r| r.get(name.as_str()))
            .and_then(quantity_text)
        {
            let printed = |q: &str| quantity::canonical(q).unwrap_or_else(|| q.to_string());
            let overcommit = overcommit_allowed(name);
            match limits
                .and_then(|l| l.get(name.as_str()))
                .and_then(quantity_text)
            {
                Some(limit) => {
                    let order = quantity::compare(Some(&request), Some(&limit));
                    let detail = if order != Some(Ordering::Equal) && !overcommit {
                        Some("must be equal to")
                    } else if order == Some(Ordering::Greater) {
                        Some("must be less than or equal to")
                    } else {
                        None
                    };
                    if let Some(detail) = detail {
                        errs.invalid(
                            &requests_path,
                            BadValue::Str(printed(&request)),
                            &format!("{detail} {name} limit of {}", printed(&limit)),
                        );
                    }
                }
                None if !overcommit => errs.required(
                    &limits_path,
                    "Limit must be set for non overcommitable resources",
                ),
                None => {}
            }
        }
        huge_page_value(&mut errs, requests, name, &requests_path);
    }
    // Huge pages need cpu or memory among the limits or the requests.
    let keys = || limits.into_iter().chain(requests).flat_map(|m| m.keys());
    if keys().any(|k| k.starts_with("hugepages-"))
        && !keys().any(|k| matches!(k.as_str(), "cpu" | "memory"))
    {
        errs.forbidden(path, "HugePages require cpu or memory");
    }
    errs
}

/// `validateResourceQuantityHugePageValue` of the entry `name` of `map`
/// at `path` (a create's options: an indivisible value is refused, where
/// upstream lets an update keep the old spec's).
fn huge_page_value(errs: &mut Vec<FieldError>, map: Option<&Map>, name: &str, path: &str) {
    let Some(page) = name.strip_prefix("hugepages-") else {
        return;
    };
    let Some(text) = map.and_then(|m| m.get(name)).and_then(quantity_text) else {
        return;
    };
    if !quantity::whole_pages(&text, page) {
        let printed = quantity::canonical(text.trim()).unwrap_or(text);
        errs.invalid(
            format!("{path}[{name}]"),
            BadValue::Str(printed.clone()),
            &format!("{printed} is not positive integer multiple of {name}"),
        );
    }
}

/// `helper.IsOvercommitAllowed`: a native resource (no domain, or the
/// `kubernetes.io/` one) that is not hugepages.
fn overcommit_allowed(name: &str) -> bool {
    let native = !name.contains('/') || name.contains("kubernetes.io/");
    native && !name.starts_with("hugepages-")
}
