//! The three patch types of `kubectl patch` and of client-side apply:
//! JSON merge patch (RFC 7386), JSON patch (RFC 6902) and Kubernetes'
//! strategic merge patch.
//!
//! CONTRACT (owned by the `kubectl` engineer; signatures agreed with the
//! `runner` engineer — change them only additively).

use crate::schema::ObjectSchema;
use crate::value::Value;

/// `kubectl patch --type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatchType {
    Merge,
    Strategic,
    Json,
}

/// Why a patch could not be applied; `message` is the server's text.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct PatchError {
    pub message: String,
}

/// Applies `patch` to `live` the way the API server does before it hands
/// the result to the field manager as an update.
pub fn apply_patch(
    schema: &ObjectSchema,
    live: &Value,
    patch_type: PatchType,
    patch: &Value,
) -> Result<Value, PatchError> {
    let _ = (schema, live, patch_type, patch);
    Err(PatchError {
        message: "patches are not implemented yet".into(),
    })
}
