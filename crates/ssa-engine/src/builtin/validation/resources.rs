//! `pkg/apis/core/validation/validation.go`'s
//! `validateResourceRequirements` for a container: no request above its
//! limit, and for a resource that may not be overcommitted (hugepages,
//! extended resources) a request equal to a limit that is set. Upstream
//! walks Go maps (limits, then requests) in random order; the requests
//! are walked here in sorted order, which is one of upstream's. Resource
//! names and quantities' own rules are not modelled.

use super::field::{BadValue, FieldError, child, invalid, required};
use crate::builtin::goencoding::quantity;
use crate::value::Value;
use std::cmp::Ordering;

pub(super) fn resource_requirements(resources: Option<&Value>, path: &str) -> Vec<FieldError> {
    let list = |key: &str| resources.and_then(|r| r.get(key)).and_then(Value::as_map);
    let (limits, requests) = (list("limits"), list("requests"));
    let mut names: Vec<&String> = requests.map(|r| r.keys().collect()).unwrap_or_default();
    crate::sort::sort(&mut names);
    let mut errs = Vec::new();
    let as_text = |v: &Value| v.as_str().map(str::to_string).or_else(|| Some(v.to_json()));
    for name in names {
        let Some(request) = requests
            .and_then(|r| r.get(name.as_str()))
            .and_then(as_text)
        else {
            continue;
        };
        let printed = |q: &str| quantity::canonical(q).unwrap_or_else(|| q.to_string());
        let overcommit = overcommit_allowed(name);
        match limits.and_then(|l| l.get(name.as_str())).and_then(as_text) {
            Some(limit) => {
                let order = quantity::compare(Some(&request), Some(&limit));
                let detail = if order != Some(Ordering::Equal) && !overcommit {
                    "must be equal to"
                } else if order == Some(Ordering::Greater) {
                    "must be less than or equal to"
                } else {
                    continue;
                };
                errs.push(invalid(
                    child(path, "requests"),
                    BadValue::Str(printed(&request)),
                    &format!("{detail} {name} limit of {}", printed(&limit)),
                ));
            }
            None if !overcommit => errs.push(required(
                child(path, "limits"),
                "Limit must be set for non overcommitable resources",
            )),
            None => {}
        }
    }
    errs
}

/// `helper.IsOvercommitAllowed`: a native resource (no domain, or the
/// `kubernetes.io/` one) that is not hugepages.
fn overcommit_allowed(name: &str) -> bool {
    let native = !name.contains('/') || name.contains("kubernetes.io/");
    native && !name.starts_with("hugepages-")
}
