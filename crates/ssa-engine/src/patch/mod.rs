//! The three patch types of `kubectl patch`: JSON merge patch (RFC 7386),
//! JSON patch (RFC 6902) and Kubernetes' strategic merge patch. The API
//! server applies the patch to the stored object and stores the result as
//! an update by the patching manager (see `crate::scenario`).

mod json_patch;
#[cfg(test)]
mod jsonpatch_upstream_tests;
mod merge_patch;
mod strategic;
#[cfg(test)]
mod upstream_tests;

pub use json_patch::apply_json_patch;
pub use merge_patch::apply_merge_patch;
pub use strategic::apply_strategic_patch;
pub(crate) use strategic::three_way_patch;

use crate::schema::ObjectSchema;
use crate::value::{Value, go_quote};

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

/// What the patch handler makes of a patch to an object of the kind:
/// [`apply_patch`], then [`decode_patched`]. `strict`: the request asks
/// for `fieldValidation=Strict` (kubectl apply's default
/// `--validate=strict`).
pub fn patch_object(
    schema: &ObjectSchema,
    live: &Value,
    patch_type: PatchType,
    patch: &Value,
    strict: bool,
) -> Result<Value, PatchError> {
    let mut patched = apply_patch(schema, live, patch_type, patch)?;
    decode_patched(schema, patch_type, patch, &mut patched, strict)?;
    Ok(patched)
}

/// The patched object decoded into the kind's Go struct, as the patch
/// handler does before the field manager (`handlers/patch.go`): a
/// strategic merge patch's result through the unstructured converter
/// (`applyPatchToObject`: `FromUnstructuredWithValidation`, numbers
/// narrowed without a range check as in apply), a JSON or merge patch's
/// through the JSON decoder (`jsonPatcher.applyPatchToCurrentObject`:
/// `runtime.DecodeInto`, which refuses a number its field cannot hold).
/// A refusal is `NewInvalid` (422) of an empty kind and name on field
/// `patch`, whose value is the patch map as `%+v` prints it (strategic)
/// or the patched document (JSON, merge). With `strict`, a strategic
/// patch's result with fields the Go struct lacks is refused too
/// (`FromUnstructuredWithValidation` returning them); a JSON or merge
/// patch's strict errors are not modelled.
pub fn decode_patched(
    schema: &ObjectSchema,
    patch_type: PatchType,
    patch: &Value,
    patched: &mut Value,
    strict: bool,
) -> Result<(), PatchError> {
    let Some(defaulter) = &schema.defaulter else {
        return Ok(());
    };
    let refused = |value: String, error: String| {
        PatchError::new(format!(
            " \"\" is invalid: patch: Invalid value: {}: {error}",
            go_quote(&value)
        ))
    };
    if patch_type == PatchType::Strategic {
        let unknown = match strict {
            true => crate::registry::Strategy::new(schema).unknown_fields(patched),
            false => Vec::new(),
        };
        return defaulter
            .convert_applied(patched)
            .and_then(|()| match unknown.is_empty() {
                true => Ok(()),
                false => Err(crate::registry::strict_decoding_error(&unknown)),
            })
            .map_err(|e| refused(crate::typed::go_print::v_of(patch, true), e));
    }
    // The patched document as evanphx/json-patch v4 prints it: keys
    // sorted in the objects it parsed (the root, those on the way to what
    // the patch changed), the encoder's struct order elsewhere; here
    // sorted throughout.
    defaulter
        .decode_json(patched)
        .map_err(|e| refused(patched.to_json_sorted(), e))
}
