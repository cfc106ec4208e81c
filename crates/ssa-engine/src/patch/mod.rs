//! The three patch types of `kubectl patch`: JSON merge patch (RFC 7386),
//! JSON patch (RFC 6902) and Kubernetes' strategic merge patch. The API
//! server applies the patch to the stored object and stores the result as
//! an update by the patching manager (see `crate::scenario`).

mod json_patch;
mod merge_patch;
mod strategic;

pub use json_patch::apply_json_patch;
pub use merge_patch::apply_merge_patch;
pub use strategic::apply_strategic_patch;

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
    /// What went wrong, in words, where the server's message does not say
    /// (a JSON patch operation that failed).
    pub detail: Option<String>,
}

impl PatchError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        PatchError {
            message: message.into(),
            detail: None,
        }
    }
}

/// Applies `patch` to `live` the way the API server does before it hands
/// the result to the field manager as an update.
pub fn apply_patch(
    schema: &ObjectSchema,
    live: &Value,
    patch_type: PatchType,
    patch: &Value,
) -> Result<Value, PatchError> {
    match patch_type {
        PatchType::Merge => apply_merge_patch(live, patch),
        PatchType::Json => apply_json_patch(live, patch),
        PatchType::Strategic => apply_strategic_patch(schema, live, patch),
    }
}
