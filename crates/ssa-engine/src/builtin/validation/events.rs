//! `pkg/apis/core/validation/events.go`: an Event, of the core API (`v1`)
//! or of events.k8s.io (`v1`), which both store the internal `core.Event`.
//!
//! `ValidateEventCreate` and `ValidateEventUpdate` run
//! `legacyValidateEvent` first, for every version: an Event without an
//! `eventTime` (an old client's) has its involved object's namespace
//! match its own, a new one names its reporting controller and instance,
//! its action and reason, within their lengths; the namespace is a DNS
//! subdomain. A write through the core API stops there ("no further
//! validation for backwards compatibility"). Through events.k8s.io the
//! metadata comes next (`ValidateObjectMeta`, a DNS subdomain name), then
//! on create the series, the `eventTime`, a `Normal` or `Warning` type and
//! the deprecated fields unset; on update a changed series, and every
//! field but the series immutable.
//!
//! The paths are the internal type's: events.k8s.io's `regarding` is
//! `involvedObject`, `note` is `message`, and the `deprecated` fields lose
//! the prefix (`Convert_v1_Event_To_core_Event`); the core API's
//! `reportingComponent` is `reportingController`.

use super::field::{BadValue, Errors, FieldError, invalid_each, json_string};
use super::{at, names, text};
use crate::value::Value;

/// `ReportingInstanceLengthLimit`, `ActionLengthLimit`,
/// `ReasonLengthLimit`: bytes.
const SHORT_LIMIT: usize = 128;
/// `NoteLengthLimit`.
const NOTE_LIMIT: usize = 1024;

/// An Event as its internal fields, read from the version it was written
/// in: `events_api` for events.k8s.io.
struct Event<'a> {
    object: &'a Value,
    events_api: bool,
}

impl<'a> Event<'a> {
    /// The v1 key of the internal field `name` (lower-cased).
    fn key(&self, name: &'a str) -> &'a str {
        match (self.events_api, name) {
            (true, "involvedObject") => "regarding",
            (true, "message") => "note",
            (true, "source") => "deprecatedSource",
            (true, "firstTimestamp") => "deprecatedFirstTimestamp",
            (true, "lastTimestamp") => "deprecatedLastTimestamp",
            (true, "count") => "deprecatedCount",
            (false, "reportingController") => "reportingComponent",
            _ => name,
        }
    }

    fn get(&self, name: &'a str) -> Option<&'a Value> {
        at(Some(self.object), self.key(name))
    }

    fn text(&self, name: &'a str) -> &'a str {
        self.get(name).and_then(Value::as_str).unwrap_or("")
    }

    fn namespace(&self) -> &'a str {
        self.object
            .get_path(&["metadata", "namespace"])
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// Whether the time field `name` holds a time other than Go's zero
    /// (`metav1.Time` and `MicroTime` decode `null` and absence to it).
    fn has_time(&self, name: &'a str) -> bool {
        self.get(name)
            .and_then(Value::as_str)
            .is_some_and(|t| !zero_time(t))
    }
}

/// An RFC 3339 text of Go's zero time, `0001-01-01T00:00:00Z` (with any
/// fraction of zeros).
fn zero_time(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("0001-01-01T00:00:00") else {
        return false;
    };
    let rest = rest.strip_suffix('Z').unwrap_or(rest);
    rest.is_empty()
        || rest
            .strip_prefix('.')
            .is_some_and(|f| f.bytes().all(|b| b == b'0'))
}

/// `legacyValidateEvent` of `event`, written through events.k8s.io when
/// `events_api`.
pub(super) fn legacy(event: &Value, events_api: bool) -> Vec<FieldError> {
    let event = Event {
        object: event,
        events_api,
    };
    let mut errs = Vec::new();
    let namespace = event.namespace();
    let involved = event
        .get("involvedObject")
        .map_or("", |o| text(o, "namespace"));
    let mismatch = if event.has_time("eventTime") {
        involved.is_empty() && !["default", "kube-system"].contains(&namespace)
    } else if involved.is_empty() {
        !["", "default"].contains(&namespace)
    } else {
        namespace != involved
    };
    if mismatch {
        errs.invalid(
            "involvedObject.namespace",
            BadValue::str(involved),
            "does not match event.namespace",
        );
    }
    if event.has_time("eventTime") {
        let controller = event.text("reportingController");
        if controller.is_empty() {
            errs.required("reportingController", "");
        }
        invalid_each(
            &mut errs,
            "reportingController",
            controller,
            names::label_key(controller),
        );
        for (name, limit) in [
            ("reportingInstance", SHORT_LIMIT),
            ("action", SHORT_LIMIT),
            ("reason", SHORT_LIMIT),
            ("message", NOTE_LIMIT),
        ] {
            let value = event.text(name);
            if value.is_empty() && name != "message" {
                errs.required(name, "");
            }
            if value.len() > limit {
                errs.invalid(
                    name,
                    BadValue::str(""),
                    &format!("can have at most {limit} characters"),
                );
            }
        }
    }
    invalid_each(
        &mut errs,
        "namespace",
        namespace,
        names::dns1123_subdomain(namespace),
    );
    errs
}

/// `ValidateEventCreate` after the legacy rules and the metadata, for a
/// write through events.k8s.io.
pub(super) fn create(event: &Value) -> Vec<FieldError> {
    let event = Event {
        object: event,
        events_api: true,
    };
    let mut errs = series(&event);
    if !event.has_time("eventTime") {
        errs.required("eventTime", "");
    }
    let kind = event.text("type");
    if kind != "Normal" && kind != "Warning" {
        errs.invalid(
            "type",
            BadValue::str(""),
            &format!("has invalid value: {kind}"),
        );
    }
    const UNSET: &str = "needs to be unset";
    for name in ["firstTimestamp", "lastTimestamp"] {
        if event.has_time(name) {
            errs.invalid(name, BadValue::str(""), UNSET);
        }
    }
    if event.get("count").and_then(Value::as_i64).unwrap_or(0) != 0 {
        errs.invalid("count", BadValue::str(""), UNSET);
    }
    let source = event.get("source");
    if ["component", "host"]
        .iter()
        .any(|key| source.is_some_and(|s| !text(s, key).is_empty()))
    {
        errs.invalid("source", BadValue::str(""), UNSET);
    }
    errs
}

/// `validateV1EventSeries`.
fn series(event: &Event) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if let Some(series) = event.get("series") {
        if series.get("count").and_then(Value::as_i64).unwrap_or(0) < 2 {
            errs.invalid("series.count", BadValue::str(""), "should be at least 2");
        }
        let observed = series.get("lastObservedTime").and_then(Value::as_str);
        if observed.is_none_or(zero_time) {
            errs.required("series.lastObservedTime", "");
        }
    }
    errs
}

/// `ValidateEventUpdate` after the legacy rules and the metadata, for a
/// write through events.k8s.io: a changed series is checked, and every
/// other field is immutable (`ValidateImmutableField`, `reason` twice, as
/// upstream lists it; the aggregate prints its error once). The bad
/// values are the internal fields as `ErrorBody` prints them.
pub(super) fn update(new: &Value, old: &Value) -> Vec<FieldError> {
    let (new, old) = (
        Event {
            object: new,
            events_api: true,
        },
        Event {
            object: old,
            events_api: true,
        },
    );
    let mut errs = Vec::new();
    if new.get("series") != old.get("series") {
        errs.extend(series(&new));
    }
    for name in [
        "involvedObject",
        "reason",
        "message",
        "source",
        "firstTimestamp",
        "lastTimestamp",
        "count",
        "reason",
        "type",
        "eventTime",
        "action",
        "related",
        "reportingController",
        "reportingInstance",
    ] {
        let value = new.get(name);
        if value != old.get(name) {
            errs.invalid(name, printed(name, value), "field is immutable");
        }
    }
    errs
}

/// The internal field `name` of value `value` as `ErrorBody` prints it:
/// strings with `%q`, the count with `%v`, the rest by `json.Marshal`
/// (the references and the source as structs without json tags, times as
/// their own `MarshalJSON` writes them, `null` when zero).
fn printed(name: &str, value: Option<&Value>) -> BadValue {
    // A struct of string fields (Go name, v1 key); `pointer`: nil when
    // absent, else the zero struct.
    let struct_json = |fields: &[(&str, &str)], pointer: bool| {
        if pointer && value.is_none() {
            return BadValue::Json("null".to_string());
        }
        let object = value.unwrap_or(&Value::Null);
        let entries: Vec<String> = fields
            .iter()
            .map(|(go, key)| format!("\"{go}\":{}", json_string(text(object, key))))
            .collect();
        BadValue::Json(format!("{{{}}}", entries.join(",")))
    };
    const REFERENCE: [(&str, &str); 7] = [
        ("Kind", "kind"),
        ("Namespace", "namespace"),
        ("Name", "name"),
        ("UID", "uid"),
        ("APIVersion", "apiVersion"),
        ("ResourceVersion", "resourceVersion"),
        ("FieldPath", "fieldPath"),
    ];
    match name {
        "involvedObject" => struct_json(&REFERENCE, false),
        "related" => struct_json(&REFERENCE, true),
        "source" => struct_json(&[("Component", "component"), ("Host", "host")], false),
        "count" => BadValue::Int(value.and_then(Value::as_i64).unwrap_or(0)),
        "firstTimestamp" | "lastTimestamp" | "eventTime" => BadValue::Json(
            value
                .and_then(Value::as_str)
                .filter(|t| !zero_time(t))
                .map_or_else(|| "null".to_string(), json_string),
        ),
        _ => BadValue::str(value.and_then(Value::as_str).unwrap_or("")),
    }
}

#[cfg(test)]
mod tests;
