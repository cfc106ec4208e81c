//! Upstream `lastappliedmanager.go` (`lastAppliedManager`): an apply by
//! `kubectl` whose every conflict is on a field that an unchanged
//! last-applied annotation already sets is retried with force, so that
//! moving from client-side to server-side apply does not conflict with
//! the fields client-side apply set.

use super::conflict::Refusal;
use super::lastappliedupdater::last_applied;
use crate::fieldpath::Set;
use crate::managed_fields::Managed;
use crate::schema::ObjectSchema;
use crate::value::Value;

/// Runs `apply` (the inner layers, given whether to force) and retries it
/// with force when upstream would.
pub(super) fn apply(
    schema: &ObjectSchema,
    manager: &str,
    live: &Value,
    force: bool,
    apply: impl Fn(bool) -> Result<(Value, Managed), Refusal>,
) -> Result<(Value, Managed), Refusal> {
    let result = apply(force);
    if manager != "kubectl" {
        return result;
    }
    let Err(Refusal::Conflicts(conflicts)) = &result else {
        return result;
    };
    let Some(allowed) = allowed_by_last_applied(schema, live) else {
        return result;
    };
    let remaining: Vec<_> = conflicts
        .iter()
        .filter(|(_, p)| !allowed.has(p))
        .cloned()
        .collect();
    if remaining.is_empty() {
        apply(true)
    } else {
        Err(Refusal::Conflicts(remaining))
    }
}

/// The fields of the live object that its last-applied annotation sets to
/// the value they still have: conflicts on these do not stop an apply by
/// `kubectl`.
fn allowed_by_last_applied(schema: &ObjectSchema, live: &Value) -> Option<Set> {
    let text = last_applied(live)?;
    let last = Value::from_json_str(text).ok()?;
    // A last-applied of another version allows nothing.
    if super::api_version_of(&last) != super::api_version_of(live) {
        return None;
    }
    let set = crate::typed::to_field_set(&schema.schema, schema.root, &last).ok()?;
    let comparison = crate::typed::compare(&schema.schema, schema.root, &last, live).ok()?;
    // What the annotation sets to another value than the object has, or
    // what only one of them has, is not the annotation's to give.
    Some(
        set.difference(&comparison.modified)
            .difference(&comparison.added)
            .difference(&comparison.removed),
    )
}
