//! Upstream `lastappliedupdater.go` (`lastAppliedUpdater`): an apply by
//! `kubectl` keeps an existing last-applied annotation in step with what
//! it applies, so that a later client-side apply computes its three-way
//! patch from the right base. Also the annotation's accessors, which
//! kubectl's side (`crate::client_side`) shares.

use crate::value::Value;

/// The annotation client-side `kubectl apply` keeps its last manifest in.
pub const LAST_APPLIED_ANNOTATION: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// After an apply by `manager` of `body`: the annotation, if the stored
/// object has one, becomes the applied configuration's.
pub(super) fn apply(manager: &str, object: &mut Value, body: &Value) {
    if manager == "kubectl" && last_applied(object).is_some() {
        set_last_applied(object, &last_applied_of(body));
    }
}

/// The last-applied annotation of an object, if it has a non-empty one.
pub fn last_applied(object: &Value) -> Option<&str> {
    object
        .get_path(&["metadata", "annotations", LAST_APPLIED_ANNOTATION])
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
}

/// Upstream `TotalAnnotationSizeLimitB`: 256 KiB of keys and values.
const TOTAL_ANNOTATION_SIZE_LIMIT: usize = 256 * (1 << 10);

/// Sets the last-applied annotation (upstream `SetLastApplied`), or
/// removes it when the annotations with it would exceed the size limit:
/// upstream checks them with `ValidateAnnotationsSize` and deletes the
/// annotation rather than have the write refused (shown by upstream
/// `lastappliedupdater_test.go` `TestLargeLastApplied`).
pub fn set_last_applied(object: &mut Value, text: &str) {
    let annotations = object
        .child_map_mut("metadata")
        .and_then(|m| m.child_map_mut("annotations"));
    if let Some(a) = annotations {
        a.insert(LAST_APPLIED_ANNOTATION, Value::from(text));
        let size: usize = a
            .iter()
            .map(|(k, v)| k.len() + v.as_str().map_or(0, str::len))
            .sum();
        if size > TOTAL_ANNOTATION_SIZE_LIMIT {
            a.remove(LAST_APPLIED_ANNOTATION);
        }
    }
}

/// The annotation text for an applied configuration: its JSON without the
/// annotation itself (upstream `buildLastApplied`).
pub fn last_applied_of(config: &Value) -> String {
    let mut copy = config.clone();
    if let Some(meta) = copy
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    {
        // Upstream deletes the key and sets the map back: an annotations
        // map that held only this annotation stays, empty.
        if let Some(a) = meta.get_mut("annotations").and_then(Value::as_map_mut) {
            a.remove(LAST_APPLIED_ANNOTATION);
        }
    }
    // Encoded as the API server encodes an object: with a newline.
    format!("{}\n", copy.to_json_sorted())
}
