//! Upstream `fieldmanager.go` (`FieldManager`, the outermost layer): the
//! managers a write starts from. An apply takes the stored
//! `managedFields` (the body may not carry any); an update takes them from
//! the body when it sends some (`decodeLiveOrNew`), and a body that sends
//! `[]` or `[{}]` resets them (`isResetManagedFields`).

use super::{WriteError, invalid};
use crate::managed_fields::{self, Managed};
use crate::value::{Map, Value};

/// The stored managers an apply starts from, and the live object without
/// them (ownership lives in `Managed` from here on; the fields themselves
/// are not typed against the schema), nor what only the server writes
/// unless the applied configuration `config` sets it too: upstream types
/// the live object with its system metadata, so a configuration that
/// repeats the stored values (an exported manifest with its uid and
/// creationTimestamp) merges into the live object unchanged, a no-op
/// (upstream `fieldmanager_test.go` `TestNoOpChanges`).
pub(super) fn for_apply(live: &Value, config: &Value) -> Result<(Value, Managed), WriteError> {
    let managed = managed_fields::decode(live)
        .map_err(|e| invalid(format!("failed to decode managed fields: {e}")))?;
    let mut live = live.clone();
    managed_fields::remove_from(&mut live);
    let set = config.get("metadata").and_then(Value::as_map);
    if let Some(meta) = live
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    {
        for key in SYSTEM_METADATA {
            if !set.is_some_and(|s| s.contains_key(key)) {
                meta.remove(key);
            }
        }
    }
    Ok((live, managed))
}

/// The managers of an update (upstream `decodeLiveOrNew`): a subresource
/// write keeps the stored ones; a body whose managedFields is `[]` or
/// `[{}]` resets them; other managedFields in the body are taken as given
/// unless they are empty or cannot be decoded, then the stored ones count.
/// Stored managedFields that cannot be decoded count as none.
pub(super) fn live_or_new(live: &Value, new: &Value, subresource: bool) -> Managed {
    let stored = || managed_fields::decode(live).unwrap_or_default();
    if subresource {
        return stored();
    }
    if is_reset_managed_fields(new.get_path(&["metadata", "managedFields"])) {
        return Managed::default();
    }
    match managed_fields::decode(new) {
        Ok(m) if !m.fields.is_empty() => m,
        _ => stored(),
    }
}

/// Upstream `isResetManagedFields`: an empty list, or a list of exactly one
/// empty entry.
fn is_reset_managed_fields(entries: Option<&Value>) -> bool {
    match entries {
        Some(Value::List(entries)) => match entries.as_slice() {
            [] => true,
            [only] => only.as_map().is_some_and(Map::is_empty),
            _ => false,
        },
        _ => false,
    }
}

/// The `metadata` fields only the server writes.
const SYSTEM_METADATA: [&str; 4] = ["uid", "creationTimestamp", "resourceVersion", "generation"];

/// Takes the server-written metadata out of an object before it is typed
/// (a user's schema may not declare it; nobody owns it anyway).
pub(super) fn remove_system_metadata(object: &mut Value) {
    if let Some(meta) = object
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    {
        for key in SYSTEM_METADATA {
            meta.remove(key);
        }
    }
}

/// The uid `new` names when it is not the stored object's: an update may
/// leave the uid out (`BeforeUpdate` gives it the stored one), but not
/// change it.
pub(super) fn changed_uid(new: &Value, live: Option<&Value>) -> Option<Value> {
    let uid = |v: &Value| v.get_path(&["metadata", "uid"]).cloned();
    let named = uid(new).filter(|u| u.as_str().is_some_and(|u| !u.is_empty()))?;
    (uid(live?) != Some(named.clone())).then_some(named)
}

/// `metadata` fields only the server writes keep their stored values
/// (clients may not set them).
pub(super) fn preserve_system_metadata(object: &mut Value, live: Option<&Value>) {
    let Some(live_meta) = live.and_then(|l| l.get("metadata")).and_then(Value::as_map) else {
        return;
    };
    let Some(meta) = object
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    else {
        return;
    };
    for key in SYSTEM_METADATA {
        if let Some(v) = live_meta.get(key) {
            meta.insert(key, v.clone());
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Upstream `fieldmanager.go`'s `isResetManagedFields`.
    #[test]
    fn reset_managed_fields() {
        let v = |t: &str| Value::from_json_str(t).unwrap();
        assert!(is_reset_managed_fields(Some(&v("[]"))));
        assert!(is_reset_managed_fields(Some(&v("[{}]"))));
        assert!(!is_reset_managed_fields(Some(&v("[{}, {}]"))));
        assert!(!is_reset_managed_fields(Some(&v(r#"[{"manager":"a"}]"#))));
        assert!(!is_reset_managed_fields(Some(&Value::Null)));
        assert!(!is_reset_managed_fields(None));
    }
}
