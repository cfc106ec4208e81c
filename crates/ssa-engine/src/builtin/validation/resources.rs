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
//! The claims the requirements name are the pod's
//! (`validateResourceClaimNames`, against `validatePodResourceClaims`'s
//! names), and a pod's own `resources` are checked here too
//! (`validatePodResources`). Not modelled: the names with a domain that
//! are not extended resources (`requests.` prefixed).

use super::field::{BadValue, Errors, FieldError, child, index, invalid, invalid_each, named};
use super::meta::sorted_keys;
use super::names;
use super::{items, text};
use crate::builtin::goencoding::quantity;
use crate::value::{Map, Value};
use std::cmp::Ordering;

/// `validateContainerResourceName` (or with `pod_level`
/// `validatePodResourceName`) and `ValidateResourceQuantityValue` of the
/// entry `name` of `map` (limits or requests) at `path`.
fn name_and_value(map: Option<&Map>, name: &str, path: &str, pod_level: bool) -> Vec<FieldError> {
    let at = format!("{path}[{name}]");
    let scope = if pod_level {
        NameScope::Pod
    } else {
        NameScope::Container
    };
    let mut errs = resource_name(name, &at, scope);
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

/// Which resource names a field takes.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum NameScope {
    /// `validateResourceName`: any standard or qualified one (a
    /// LimitRange's, a `rare-kinds` rule).
    #[cfg_attr(not(feature = "rare-kinds"), allow(dead_code))]
    Any,
    /// `validateContainerResourceName`.
    Container,
    /// `validatePodResourceName`.
    Pod,
}

/// The errors of resource name `name` at `at`: `validateResourceName` (a
/// qualified name, and without a domain a standard one), then for
/// containers a standard one for containers, for a pod one that
/// `IsSupportedPodLevelResource` (component-helpers v0.36) takes.
pub(super) fn resource_name(name: &str, at: &str, scope: NameScope) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let bad = |detail: &str| invalid(at, named(name), detail);
    let messages = names::label_key(name);
    errs.extend(messages.iter().map(|m| bad(m)));
    let hugepages = name.starts_with("hugepages-");
    let plain = !name.contains('/') && !hugepages;
    if messages.is_empty()
        && plain
        && !STANDARD.contains(&name)
        && !name.starts_with("requests.hugepages-")
    {
        errs.push(bad("must be a standard resource type or fully qualified"));
    }
    // After validateResourceName's errors, whichever they are.
    if scope == NameScope::Container
        && plain
        && !matches!(name, "cpu" | "memory" | "ephemeral-storage")
    {
        errs.push(bad("must be a standard resource for containers"));
    }
    if scope == NameScope::Pod && errs.is_empty() && !hugepages && !matches!(name, "cpu" | "memory")
    {
        errs.not_supported(at, named(name), &["cpu", "hugepages-", "memory"]);
    }
    errs
}

/// A Quantity's text as written: a string, or a number as JSON prints it.
pub(super) fn quantity_text(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string).or_else(|| Some(v.to_json()))
}

/// `helper.standardResources`, the names without a domain that
/// `IsStandardResourceName` takes (with the hugepages prefixes).
const STANDARD: [&str; 20] = [
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
    "storage",
    "requests.storage",
];

/// `validateResourceRequirements` of a container's `resources` at `path`,
/// or with `pod_level` of a pod's (`validatePodResourceRequirements`);
/// `claims` are the pod's resource claims' names.
pub(super) fn resource_requirements(
    resources: Option<&Value>,
    path: &str,
    pod_level: bool,
    claims: &[&str],
) -> Vec<FieldError> {
    let list = |key: &str| resources.and_then(|r| r.get(key)).and_then(Value::as_map);
    let (limits, requests) = (list("limits"), list("requests"));
    let (limits_path, requests_path) = (child(path, "limits"), child(path, "requests"));
    let mut errs = Vec::new();
    for name in sorted_keys(limits) {
        errs.extend(name_and_value(limits, name, &limits_path, pod_level));
        huge_page_value(&mut errs, limits, name, &limits_path);
    }
    for name in sorted_keys(requests) {
        errs.extend(name_and_value(requests, name, &requests_path, pod_level));
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
    claim_names(
        &mut errs,
        items(resources.and_then(|r| r.get("claims"))),
        claims,
        &child(path, "claims"),
    );
    errs
}

/// `validatePodResourceClaims` of a pod's `resourceClaims` at `path`: a
/// name (a DNS label, given once) and one of a claim's or a template's
/// name (DNS subdomains; the bad value the internal PodResourceClaim).
/// Returns `gatherPodResourceClaimNames`: the names given, once each. (A static
/// pod's refusal is not modelled: scenarios write no mirror pods.)
pub(super) fn pod_resource_claims<'a>(
    errs: &mut Vec<FieldError>,
    list: &'a [Value],
    path: &str,
) -> Vec<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for (i, claim) in list.iter().enumerate() {
        let at = index(path, i);
        let name = text(claim, "name");
        let name_at = child(&at, "name");
        if name.is_empty() {
            errs.required(name_at, "");
        } else if seen.contains(&name) {
            errs.duplicate(name_at, named(name));
        } else {
            invalid_each(errs, &name_at, name, names::dns1123_label(name));
            seen.push(name);
        }
        let given = |key: &str| super::at(Some(claim), key);
        let (claim_name, template) = (
            given("resourceClaimName"),
            given("resourceClaimTemplateName"),
        );
        let one_of = match (claim_name, template) {
            (Some(_), Some(_)) => {
                "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified"
            }
            (None, None) => "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`",
            _ => "",
        };
        if !one_of.is_empty() {
            let printed = super::internal_json::pointer_to("PodResourceClaim", Some(claim));
            errs.invalid(&at, BadValue::Json(printed), one_of);
        }
        for key in ["resourceClaimName", "resourceClaimTemplateName"] {
            if let Some(value) = given(key) {
                let value = value.as_str().unwrap_or("");
                invalid_each(
                    errs,
                    &child(&at, key),
                    value,
                    names::dns1123_subdomain(value),
                );
            }
        }
    }
    seen
}

/// `validateResourceClaimNames`: each of `list` (a container's or the
/// pod's `resources.claims`) names one of the pod's `claims`, once (a
/// claim and one of its requests overlap), with a request that is a DNS
/// label.
fn claim_names(errs: &mut Vec<FieldError>, list: &[Value], claims: &[&str], path: &str) {
    let mut keys: Vec<String> = Vec::new();
    for (i, claim) in list.iter().enumerate() {
        let at = index(path, i);
        let (name, request) = (text(claim, "name"), text(claim, "request"));
        if name.is_empty() {
            errs.required(at, "");
            continue;
        }
        if keys.iter().any(|k| k == name) {
            errs.duplicate(&at, named(name));
        } else {
            let mut key = name.to_string();
            if !request.is_empty() {
                invalid_each(
                    errs,
                    &child(&at, "request"),
                    request,
                    names::dns1123_label(request),
                );
                key = format!("{name}/{request}");
            }
            if keys.contains(&key) {
                errs.duplicate(&at, BadValue::Str(key.clone()));
            } else if request.is_empty() {
                for _ in keys
                    .iter()
                    .filter(|k| k.split_once('/').is_some_and(|(n, _)| n == name))
                {
                    errs.duplicate(&at, named(name));
                }
            }
            keys.push(key);
        }
        if !claims.contains(&name) {
            let mut sorted = claims.to_vec();
            crate::sort::sort(&mut sorted);
            let detail = if sorted.is_empty() {
                "must be one of the names in pod.spec.resourceClaims which is empty".to_string()
            } else {
                format!(
                    "must be one of the names in pod.spec.resourceClaims: {}",
                    sorted.join(", ")
                )
            };
            let mut error = super::field::not_found(&at, named(name));
            error.detail = detail;
            errs.push(error);
        }
    }
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

/// `validatePodResources` (gate PodLevelResources, beta and on since
/// 1.34): a pod's own `resources`, not for a Windows pod, without claims,
/// valid as requirements, then `validatePodResourceConsistency`: each
/// pod-level request at least what the containers need together
/// (`AggregateContainerRequests`), each pod-level huge page limit at
/// least the containers' together, and each container's limit at most
/// the pod's (at upstream's path, `resources.containers[i][name].limits`).
/// Quantities print canonical, as `Quantity.String()` does.
pub(super) fn pod_resources(spec: &Value, claims: &[&str], path: &str) -> Vec<FieldError> {
    let Some(resources) = super::at(Some(spec), "resources") else {
        return vec![];
    };
    let at = child(path, "resources");
    let mut errs = Vec::new();
    if spec.get_path(&["os", "name"]).and_then(Value::as_str) == Some("windows") {
        errs.forbidden(at, "may not be set for a windows pod");
        return errs;
    }
    if super::at(Some(resources), "claims").is_some() {
        errs.forbidden(
            child(&at, "claims"),
            "claims may not be set for Resources at pod-level",
        );
    }
    errs.extend(resource_requirements(Some(resources), &at, true, claims));
    let Some(spec_map) = spec.as_map() else {
        return errs;
    };
    let pod = |key: &str| resources.get(key).and_then(Value::as_map);
    let printed = |v: &Value| {
        quantity_text(v)
            .map(|t| quantity::canonical(t.trim()).unwrap_or(t))
            .unwrap_or_default()
    };
    let exceeds = |a: &Value, b: &Value| {
        quantity::compare(quantity_text(a).as_deref(), quantity_text(b).as_deref())
            == Some(Ordering::Greater)
    };
    let check = |errs: &mut Vec<FieldError>, key: &str, huge_only: bool| {
        let needed = crate::builtin::defaults::aggregate_container_resources(spec_map, key);
        for name in sorted_keys(Some(&needed)) {
            let (Some(need), Some(own)) = (needed.get(name), pod(key).and_then(|p| p.get(name)))
            else {
                continue;
            };
            if (!huge_only || name.starts_with("hugepages-")) && exceeds(need, own) {
                errs.invalid(
                    format!("{at}.{key}[{name}]"),
                    BadValue::Str(printed(own)),
                    &format!(
                        "must be greater than or equal to aggregate container {key} of {}",
                        printed(need)
                    ),
                );
            }
        }
    };
    check(&mut errs, "requests", false);
    check(&mut errs, "limits", true);
    for (i, container) in items(spec.get("containers")).iter().enumerate() {
        let limits = container
            .get_path(&["resources", "limits"])
            .and_then(Value::as_map);
        for name in sorted_keys(limits) {
            let (Some(own), Some(pod_limit)) = (
                limits.and_then(|l| l.get(name)),
                pod("limits").and_then(|p| p.get(name)),
            ) else {
                continue;
            };
            if exceeds(own, pod_limit) {
                errs.invalid(
                    format!("{at}.containers[{i}][{name}].limits"),
                    BadValue::Str(printed(own)),
                    &format!(
                        "must be less than or equal to pod limits of {}",
                        printed(pod_limit)
                    ),
                );
            }
        }
    }
    errs
}

/// `helper.IsNativeResource`: no domain, or the `kubernetes.io/` one.
pub(super) fn native_resource(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// `helper.IsOvercommitAllowed`: a native resource that is not hugepages.
pub(super) fn overcommit_allowed(name: &str) -> bool {
    native_resource(name) && !name.starts_with("hugepages-")
}
