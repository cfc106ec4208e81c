//! Upstream `versioncheck.go` (`versionCheckManager`): an apply must name
//! the group, version and kind of the object it goes to; updates pass.

use super::{WriteError, invalid};
use crate::value::Value;

/// The group, version and kind of an apply body against the stored object
/// (an object not stored yet accepts any).
pub(super) fn check_apply(live: &Value, body: &Value) -> Result<(), WriteError> {
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let (live_version, live_kind) = (text(live, "apiVersion"), text(live, "kind"));
    let (version, kind) = (text(body, "apiVersion"), text(body, "kind"));
    if live_version.is_empty() || (version == live_version && kind == live_kind) {
        return Ok(());
    }
    Err(invalid(format!(
        "invalid object type: {}",
        gvk_string(&version, &kind)
    )))
}

/// `schema.GroupVersionKind.String()`: `apps/v1, Kind=Deployment`,
/// `/v1, Kind=ConfigMap` for the core group.
pub(super) fn gvk_string(api_version: &str, kind: &str) -> String {
    let group_version = if api_version.contains('/') {
        api_version.to_string()
    } else {
        format!("/{api_version}")
    };
    format!("{group_version}, Kind={kind}")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Upstream `versioncheck.go`: `invalid object type: %v` of the body's GVK.
    #[test]
    fn an_apply_names_the_stored_kind() {
        let live = Value::from_json_str(r#"{"apiVersion":"apps/v1","kind":"Deployment"}"#).unwrap();
        let same = live.clone();
        assert!(check_apply(&live, &same).is_ok());
        let other = Value::from_json_str(r#"{"apiVersion":"v1","kind":"ConfigMap"}"#).unwrap();
        assert_eq!(
            check_apply(&live, &other).unwrap_err().to_string(),
            "invalid object type: /v1, Kind=ConfigMap"
        );
        assert!(check_apply(&Value::Map(Default::default()), &other).is_ok());
    }
}
