//! Upstream `structuredmerge.go` (`structuredMergeManager`), the innermost
//! layer: the live object, the applied configuration or the new object
//! typed against the kind's schema, and structured-merge-diff's
//! `Updater` (`crate::merge`) run on them, with the strategy's reset
//! fields ignored. Its error messages are upstream's.

use super::conflict::Refusal;
use super::managedfieldsupdater::CURRENT_OPERATION;
use super::versioncheck::gvk_string;
use super::{WriteError, invalid};
use crate::fieldpath::Set;
use crate::merge::{ManagedFields, MergeError, Updater};
use crate::schema::ObjectSchema;
use crate::typed::{Duplicates, Typed, TypedErrors};
use crate::value::Value;

/// Upstream asks `GetManagedFields() != nil`: any list in the applied
/// configuration, even an empty one, is refused; `null` (or a value that
/// is no list) reads as nil.
pub(super) fn check_apply_body(body: &Value) -> Result<(), WriteError> {
    if let Some(Value::List(_)) = body.get_path(&["metadata", "managedFields"]) {
        return Err(invalid("metadata.managedFields must be nil"));
    }
    Ok(())
}

/// An apply of `body` by `id` on `live`: the merged object (`None` when
/// nothing changed) and every manager's fields.
#[allow(clippy::too_many_arguments)]
pub(super) fn apply(
    schema: &ObjectSchema,
    ignored: &Set,
    live: &Value,
    body: &Value,
    managed: &ManagedFields,
    id: &str,
    version: &str,
    force: bool,
) -> Result<(Option<Value>, ManagedFields), Refusal> {
    let updater = Updater::new(&schema.schema, schema.root, ignored);
    let typed_patch = |e: TypedErrors| {
        Refusal::Invalid(format!(
            "failed to create typed patch object ({}): {e}",
            object_gvknn(body)
        ))
    };
    // The applied configuration may not repeat a key; the stored object may.
    let config =
        Typed::new(&schema.schema, schema.root, body, Duplicates::Refuse).map_err(typed_patch)?;
    let typed_live =
        Typed::new(&schema.schema, schema.root, live, Duplicates::Allow).map_err(|e| {
            Refusal::Invalid(format!(
                "failed to create typed live object ({}): {e}",
                object_gvknn(live)
            ))
        })?;
    let mut outcome = updater
        .apply(typed_live, config, version, managed, id, force)
        .map_err(|e| match e {
            MergeError::InvalidConfig(e) => typed_patch(e),
            other => Refusal::from(other),
        })?;
    // `toVersioned`: the merged unstructured object becomes the kind's Go
    // struct (`Scheme.unstructuredToTyped`), which can fail.
    if let (Some(object), Some(defaulter)) = (&mut outcome.object, &schema.defaulter) {
        defaulter.convert_applied(object).map_err(|e| {
            let text = |key: &str| object.get(key).and_then(Value::as_str).unwrap_or("");
            Refusal::Invalid(format!(
                "failed to convert new object ({}) to proper version: unable to convert unstructured object to {}: {e}",
                object_gvknn(body),
                gvk_string(text("apiVersion"), text("kind"))
            ))
        })?;
    }
    Ok((outcome.object, outcome.managers))
}

/// An update from `live` to `new`, tracked as `current-operation` writing
/// `version`: every manager's fields.
pub(super) fn update(
    schema: &ObjectSchema,
    ignored: &Set,
    live: &Value,
    new: &Value,
    managed: &ManagedFields,
    version: &str,
) -> Result<ManagedFields, Refusal> {
    let updater = Updater::new(&schema.schema, schema.root, ignored);
    let (types, root) = (&schema.schema, schema.root);
    // The wording is upstream `structuredMergeManager.Update`'s.
    let typed_new = Typed::new(types, root, new, Duplicates::Allow).map_err(|e| {
        Refusal::Invalid(format!(
            "failed to convert new object ({}) to smd typed: {e}",
            object_gvknn(new)
        ))
    })?;
    let typed_live = Typed::new(types, root, live, Duplicates::Allow).map_err(|e| {
        Refusal::Invalid(format!(
            "failed to convert live object ({}) to smd typed: {e}",
            object_gvknn(live)
        ))
    })?;
    updater
        .update(typed_live, typed_new, version, managed, CURRENT_OPERATION)
        .map_err(|e| match e {
            MergeError::Conflicts(_) => Refusal::from(e),
            other => Refusal::Invalid(format!(
                "failed to update ManagedFields ({}): {other}",
                object_gvknn(new)
            )),
        })
}

/// `namespace/name; group/version, Kind=Kind`, as the API server names an
/// object in field manager errors.
fn object_gvknn(object: &Value) -> String {
    let text = |path: &[&str]| object.get_path(path).and_then(Value::as_str).unwrap_or("");
    format!(
        "{}/{}; {}",
        text(&["metadata", "namespace"]),
        text(&["metadata", "name"]),
        gvk_string(text(&["apiVersion"]), text(&["kind"]))
    )
}
