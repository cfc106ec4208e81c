//! `pkg/apis/core/validation/validation.go`'s `ValidateLimitRange`, after
//! the `ValidateObjectMeta` that `meta` does; its update runs it again.
//! Each limit: a type that is a qualified name and, without a domain,
//! `Pod`, `Container` or `PersistentVolumeClaim`, once; each resource
//! named as its type takes them; a Pod's limits without defaults, a
//! claim's with a storage bound; then, per resource, the bounds in order
//! (min ≤ default request ≤ default ≤ max, a ratio of 1 at least and at
//! most max/min, a default equal to its request for what may not be
//! overcommitted).
//!
//! Upstream walks Go maps (max, min, default, defaultRequest,
//! maxLimitRequestRatio, then the set of every resource) in random order,
//! so the errors of several resources come in no fixed order there; here
//! each map is walked in sorted order, which is one of upstream's.

use super::field::{BadValue, Errors, FieldError, child, index, named};
use super::resources::{NameScope, overcommit_allowed, quantity_text, resource_name};
use super::{items, names, text};
use crate::builtin::goencoding::quantity;
use crate::value::{Map, Value};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// The maps of a limit, in the order upstream reads them.
const MAPS: [&str; 5] = [
    "max",
    "min",
    "default",
    "defaultRequest",
    "maxLimitRequestRatio",
];

/// `ValidateLimitRange`'s spec.
pub(super) fn limit_range(new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut types: Vec<&str> = Vec::new();
    let limits = new.get("spec").and_then(|s| s.get("limits"));
    for (i, limit) in items(limits).iter().enumerate() {
        let at = index("spec.limits", i);
        let kind = text(limit, "type");
        limit_type(&mut errs, kind, &child(&at, "type"));
        if types.contains(&kind) {
            errs.duplicate(child(&at, "type"), named(kind));
        }
        types.push(kind);
        let scope = match kind {
            "Pod" | "Container" => NameScope::Container,
            _ => NameScope::Any,
        };
        // Each resource's quantities by map, as canonical text.
        let mut found: BTreeMap<&str, [Option<String>; 5]> = BTreeMap::new();
        for (m, map) in MAPS.iter().enumerate() {
            if *map == "maxLimitRequestRatio" {
                storage_bound(&mut errs, limit, kind, &at);
            }
            let Some(entries) = limit.get(map).and_then(Value::as_map) else {
                continue;
            };
            let defaults = *map == "default" || *map == "defaultRequest";
            if kind == "Pod" && defaults {
                if !entries.is_empty() {
                    errs.forbidden(child(&at, map), "may not be specified when `type` is 'Pod'");
                }
                continue;
            }
            for name in sorted(entries) {
                let key_path = format!("{}[{name}]", child(&at, map));
                errs.extend(resource_name(name, &key_path, scope));
                let printed = entries
                    .get(name)
                    .and_then(quantity_text)
                    .and_then(|t| quantity::canonical(t.trim()));
                found.entry(name).or_default()[m] = printed;
            }
        }
        for (name, [max, min, default, request, ratio]) in &found {
            bounds(&mut errs, &at, name, [max, min, default, request, ratio]);
        }
    }
    errs
}

/// The keys of a map, sorted.
fn sorted(map: &Map) -> Vec<&str> {
    let mut keys: Vec<&str> = map.keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

/// `validateLimitRangeTypeName`: a qualified name; without a domain, a
/// standard limit type.
fn limit_type(errs: &mut Vec<FieldError>, kind: &str, path: &str) {
    let messages = names::label_key(kind);
    if !messages.is_empty() {
        for message in messages {
            errs.invalid(path, named(kind), &message);
        }
        return;
    }
    if !kind.contains('/') && !matches!(kind, "Pod" | "Container" | "PersistentVolumeClaim") {
        errs.invalid(
            path,
            named(kind),
            "must be a standard limit type or fully qualified",
        );
    }
}

/// A claim's limit needs a storage bound (checked after the defaults,
/// before the ratios, as upstream does).
fn storage_bound(errs: &mut Vec<FieldError>, limit: &Value, kind: &str, at: &str) {
    let has = |map: &str| {
        limit
            .get(map)
            .and_then(Value::as_map)
            .is_some_and(|m| m.contains_key("storage"))
    };
    if kind == "PersistentVolumeClaim" && !has("min") && !has("max") {
        errs.required(
            child(at, "limits"),
            "either minimum or maximum storage value is required, but neither was provided",
        );
    }
}

/// The indexes of a resource's quantities, as [`MAPS`] orders them.
const MAX: usize = 0;
const MIN: usize = 1;
const DEFAULT: usize = 2;
const REQUEST: usize = 3;

/// The pairs that must not decrease, in upstream's order: the greater
/// one and its name, the smaller one and its name, where the error is
/// and whose value it shows (upstream's: the max, for a default above
/// it).
const ORDER: [(usize, &str, usize, &str, &str, usize); 6] = [
    (MIN, "min", MAX, "max", "min", MIN),
    (
        MIN,
        "min",
        REQUEST,
        "default request",
        "defaultRequest",
        REQUEST,
    ),
    (
        REQUEST,
        "default request",
        MAX,
        "max",
        "defaultRequest",
        REQUEST,
    ),
    (
        REQUEST,
        "default request",
        DEFAULT,
        "default limit",
        "defaultRequest",
        REQUEST,
    ),
    (MIN, "min", DEFAULT, "default", "default", MIN),
    (DEFAULT, "default", MAX, "max", "default", MAX),
];

/// One resource's bounds, in upstream's order. Each quantity is its
/// canonical text (`Quantity.String()`, and its JSON as the bad value).
fn bounds(errs: &mut Vec<FieldError>, at: &str, name: &str, q: [&Option<String>; 5]) {
    let q = q.map(Option::as_deref);
    let [max, min, default, request, ratio] = q;
    let path = |map: &str| format!("{}[{name}]", child(at, map));
    let greater = |a: Option<&str>, b: Option<&str>| {
        a.is_some() && b.is_some() && quantity::compare(a, b) == Some(Ordering::Greater)
    };
    let value = |q: Option<&str>| BadValue::Str(q.unwrap_or_default().to_string());
    let shown = |q: Option<&str>| q.unwrap_or_default().to_string();
    for (a, a_name, b, b_name, map, bad) in ORDER {
        if greater(q[a], q[b]) {
            let detail = format!(
                "{a_name} value {} is greater than {b_name} value {}",
                shown(q[a]),
                shown(q[b])
            );
            errs.invalid(path(map), value(q[bad]), &detail);
        }
    }
    if greater(Some("1"), ratio) {
        let detail = format!("ratio {} is less than 1", shown(ratio));
        errs.invalid(path("maxLimitRequestRatio"), value(ratio), &detail);
    }
    if let (Some(r), Some(lo), Some(hi)) = (ratio, min, max)
        && let Some(limit) = ratio_limit(r, lo, hi)
    {
        let (ratio_value, bound) = limit;
        if ratio_value > bound {
            let detail = format!("ratio {r} is greater than max/min = {bound:.6}");
            errs.invalid(path("maxLimitRequestRatio"), value(ratio), &detail);
        }
    }
    // What may not be overcommitted (hugepages, extended resources) has
    // its default request equal to its default.
    if !overcommit_allowed(name)
        && default.is_some()
        && request.is_some()
        && quantity::compare(default, request) != Some(Ordering::Equal)
    {
        let detail = format!(
            "default value {} must equal to defaultRequest value {} in {name}",
            shown(default),
            shown(request)
        );
        errs.invalid(path("defaultRequest"), value(request), &detail);
    }
}

/// The ratio and max/min as upstream compares them: in thousandths when
/// all three fit (`MilliValue`), else whole (`Value`); each rounded up.
/// `None` when a quantity does not fit an int64.
fn ratio_limit(ratio: &str, min: &str, max: &str) -> Option<(f64, f64)> {
    const MAX_MILLI: i64 = i64::MAX / 1000;
    let whole = |q: &str| quantity::scaled_ceil(q, 0);
    let (r, lo, hi) = (whole(ratio)?, whole(min)?, whole(max)?);
    if r < MAX_MILLI && lo < MAX_MILLI && hi < MAX_MILLI {
        let milli = |q: &str| quantity::scaled_ceil(q, 3);
        let (r, lo, hi) = (milli(ratio)?, milli(min)?, milli(max)?);
        return Some((r as f64 / 1000.0, hi as f64 / lo as f64));
    }
    Some((r as f64, hi as f64 / lo as f64))
}

#[cfg(test)]
mod tests;
