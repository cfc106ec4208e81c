//! Upstream `skipnonapplied.go` (`skipNonAppliedManager`): an object nobody
//! tracks stays untracked by updates, and on its first apply gives what it
//! has to `before-first-apply` (an update from an empty object), so the
//! apply can conflict with it.

use super::conflict::Refusal;
use crate::managed_fields::{Managed, ManagerId};
use crate::value::Value;

/// The manager upstream gives an untracked object's fields on its first apply.
const BEFORE_FIRST_APPLY: &str = "before-first-apply";

/// Whether an update goes untracked: the object exists and nobody tracks it.
pub(super) fn skips_update(managed: &Managed, exists: bool) -> bool {
    managed.fields.is_empty() && exists
}

/// Before an apply: an existing untracked object's fields go to
/// `before-first-apply` through `update` (the inner layers of an update,
/// given the identifier built for `version`), otherwise nothing changes.
pub(super) fn before_apply(
    exists: bool,
    live: &Value,
    managed: &Managed,
    id: impl FnOnce(&str) -> ManagerId,
    update: impl FnOnce(&ManagerId) -> Result<(Value, Managed), Refusal>,
) -> Result<(Value, Managed), Refusal> {
    if !(managed.fields.is_empty() && exists) {
        return Ok((live.clone(), managed.clone()));
    }
    update(&id(BEFORE_FIRST_APPLY)).map_err(|r| match r {
        Refusal::Invalid(m) => {
            Refusal::Invalid(format!("failed to create manager for existing fields: {m}"))
        }
        other => other,
    })
}
