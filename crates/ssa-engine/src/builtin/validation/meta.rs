//! apimachinery `pkg/api/validation/objectmeta.go`: `ValidateObjectMeta`
//! on create (the name, by the kind's name rule) and
//! `ValidateObjectMetaUpdate` on update (the name cannot change: it is the
//! same object here), and `ValidateLabels`
//! (`pkg/apis/meta/v1/validation`) on both.

use super::field::{BadValue, FieldError, invalid, required};
use super::names;
use crate::value::Value;

/// The name rule of a kind (`ValidateNameFunc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NameRule {
    /// `NameIsDNSSubdomain`: most kinds.
    Subdomain,
    /// `NameIsDNSLabel`: Namespace.
    Label,
    /// `NameIsDNS1035Label`: Service.
    Dns1035,
    /// Any name (`ValidateCertificateRequestName`: "We don't care what you
    /// call your certificate requests").
    Any,
}

/// The errors of `metadata` on create (`old` is `None`) or update.
pub(super) fn object_meta(object: &Value, old: Option<&Value>, rule: NameRule) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if old.is_none() {
        let name = object
            .get_path(&["metadata", "name"])
            .and_then(Value::as_str)
            .unwrap_or("");
        if name.is_empty() {
            errs.push(required(
                "metadata.name",
                "name or generateName is required",
            ));
        } else {
            let msgs = match rule {
                NameRule::Subdomain => names::dns1123_subdomain(name),
                NameRule::Label => names::dns1123_label(name),
                NameRule::Dns1035 => names::dns1035_label(name),
                NameRule::Any => vec![],
            };
            errs.extend(
                msgs.iter()
                    .map(|m| invalid("metadata.name", BadValue::Str(name.to_string()), m)),
            );
        }
    }
    errs.extend(labels(
        object.get_path(&["metadata", "labels"]),
        "metadata.labels",
    ));
    errs
}

/// `ValidateLabels`: every key a qualified name, every value a label
/// value. Upstream walks a Go map (no fixed order); keys are taken sorted.
pub(super) fn labels(labels: Option<&Value>, path: &str) -> Vec<FieldError> {
    let Some(map) = labels.and_then(Value::as_map) else {
        return vec![];
    };
    let mut keys: Vec<&String> = map.keys().collect();
    crate::sort::sort(&mut keys);
    let mut errs = Vec::new();
    for key in keys {
        for m in names::label_key(key) {
            errs.push(invalid(path, BadValue::Str(key.clone()), &m));
        }
        let value = map.get(key.as_str()).and_then(Value::as_str).unwrap_or("");
        for m in names::label_value(value) {
            errs.push(invalid(path, BadValue::Str(value.to_string()), &m));
        }
    }
    errs
}
