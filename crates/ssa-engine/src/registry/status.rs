//! The status subresource in the registry strategies: the main resource
//! never writes `status` (`PrepareForCreate` starts from the kind's
//! initial status, `PrepareForUpdate` keeps the stored one), and a
//! `/status` write never writes what the status strategy resets
//! (`GetResetFields`, `PrepareForUpdate` of `<kind>StatusStrategy`).

use super::api_version_of;
use crate::field_manager::Subresource;
use crate::schema::ObjectSchema;
use crate::value::{Map, Value};

/// The reset fields of the kind's status strategy (`GetResetFields`):
/// what a `/status` write neither owns nor changes. Custom resources
/// reset `spec` only (and keep everything but `status` afterwards, see
/// [`prepare_status_write`]).
pub(super) fn reset_fields(
    schema: &ObjectSchema,
    live: &Value,
) -> &'static [&'static [&'static str]] {
    if !schema.omit_empty {
        return &[&["spec"]];
    }
    let kind = live.get("kind").and_then(Value::as_str).unwrap_or("");
    match (api_version_of(live), kind) {
        // pkg/registry/apps/deployment/strategy.go: deploymentStatusStrategy.
        ("apps/v1", "Deployment") => &[&["spec"], &["metadata", "labels"]],
        // pkg/registry/core/pod/strategy.go: podStatusStrategy.
        ("v1", "Pod") => &[
            &["spec"],
            &["metadata", "deletionTimestamp"],
            &["metadata", "ownerReferences"],
        ],
        _ => &[&["spec"]],
    }
}

/// What the status strategy's `PrepareForUpdate` stores of a `/status`
/// write: a built-in kind takes the body but its reset fields from the
/// stored object; a custom resource keeps the stored object and takes
/// only `status` (and the managedFields just computed) from the body.
pub(super) fn prepare_status_write(schema: &ObjectSchema, object: &mut Value, live: &Value) {
    if schema.omit_empty {
        for path in reset_fields(schema, live) {
            copy_path(object, live, path);
        }
        return;
    }
    let mut stored = live.clone();
    copy_path(&mut stored, object, &["status"]);
    copy_path(&mut stored, object, &["metadata", "managedFields"]);
    *object = stored;
}

/// Status written only through `/status`: the main resource keeps the
/// stored status (none on create), `/status` keeps the rest.
pub(super) fn keep_status(
    schema: &ObjectSchema,
    object: &mut Value,
    live: &Value,
    subresource: Option<Subresource>,
    exists: bool,
) {
    if !schema.subresources.status || subresource.is_some() {
        return;
    }
    let Some(map) = object.as_map_mut() else {
        return;
    };
    match (exists, live.get("status")) {
        (true, Some(status)) => {
            map.insert("status", status.clone());
        }
        (true, None) => {
            map.remove("status");
        }
        (false, _) => {
            map.remove("status");
            // A new object starts with the status its registry gives it.
            if let Some(status) = schema
                .defaulter
                .as_ref()
                .and_then(|d| d.initial_status(object))
                && let Some(map) = object.as_map_mut()
            {
                map.insert("status", status);
            }
        }
    }
}

/// Sets `path` of `object` to its value in `from`, or removes it there
/// when `from` has none.
fn copy_path(object: &mut Value, from: &Value, path: &[&str]) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let value = from.get_path(path).cloned();
    let mut node = object;
    for key in parents {
        let Some(map) = node.as_map_mut() else {
            return;
        };
        if value.is_none() && map.get(key).is_none() {
            return;
        }
        node = map
            .entry(key.to_string())
            .or_insert_with(|| Value::Map(Map::new()));
    }
    if let Some(map) = node.as_map_mut() {
        match value {
            Some(v) => {
                map.insert(*last, v);
            }
            None => {
                map.remove(last);
            }
        }
    }
}
