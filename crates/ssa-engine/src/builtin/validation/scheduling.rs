//! `pkg/apis/scheduling/validation/validation.go`: a PriorityClass on
//! create (`ValidatePriorityClass`: the `system-` prefix reserved for the
//! two system classes, a user class's value at most a billion, the
//! preemption policy) and on update (`ValidatePriorityClassUpdate`: the
//! value and the preemption policy immutable).

use super::field::{BadValue, Errors, FieldError, named};
use crate::value::Value;

/// `scheduling.HighestUserDefinablePriority`.
const HIGHEST_USER_DEFINABLE_PRIORITY: i64 = 1_000_000_000;

/// `scheduling.SystemPriorityClasses()`: their names and values (neither
/// is the global default).
const SYSTEM_CLASSES: [(&str, i64); 2] = [
    ("system-node-critical", 2_000_001_000),
    ("system-cluster-critical", 2_000_000_000),
];

pub(super) fn priority_class(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let value = new.get("value").and_then(Value::as_i64).unwrap_or(0);
    let policy = new.get("preemptionPolicy").filter(|p| !p.is_null());
    if let Some(old) = old {
        if Some(value) != old.get("value").and_then(Value::as_i64) {
            errs.forbidden("value", "may not be changed in an update.");
        }
        // ValidateImmutableField of a *PreemptionPolicy: `json.Marshal`.
        if policy != old.get("preemptionPolicy").filter(|p| !p.is_null()) {
            let printed = policy.map_or_else(|| "null".to_string(), Value::to_json);
            errs.invalid(
                "preemptionPolicy",
                BadValue::Json(printed),
                "field is immutable",
            );
        }
        return errs;
    }
    let name = new
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    if name.starts_with("system-") {
        // IsKnownSystemPriorityClass's error, as (before the name, after
        // it, the expected value): one message built once.
        let global = new.get("globalDefault") == Some(&Value::Bool(true));
        let problem = match SYSTEM_CLASSES.iter().find(|(known, _)| *known == name) {
            None => Some(("", " is not a known system priority class", String::new())),
            Some((_, known)) if *known != value => {
                Some(("value of ", " PriorityClass must be ", known.to_string()))
            }
            Some(_) if global => Some((
                "globalDefault of ",
                " PriorityClass must be ",
                "false".to_string(),
            )),
            Some(_) => None,
        };
        if let Some((before, after, expected)) = problem {
            errs.forbidden(
                "metadata.name",
                &format!(
                    "priority class names with 'system-' prefix are reserved for system use only. error: {before}{name}{after}{expected}"
                ),
            );
        }
    } else if value > HIGHEST_USER_DEFINABLE_PRIORITY {
        errs.forbidden(
            "value",
            "maximum allowed value of a user defined priority is 1000000000",
        );
    }
    // core/validation ValidatePreemptionPolicy (the value a pointer:
    // printed by `json.Marshal`; the valid ones in upstream's order).
    match policy.and_then(Value::as_str) {
        None | Some("PreemptLowerPriority" | "Never") => {}
        Some("") => errs.required("preemptionPolicy", ""),
        Some(other) => errs.not_supported(
            "preemptionPolicy",
            named(other),
            &["PreemptLowerPriority", "Never"],
        ),
    }
    errs
}
