//! `pkg/apis/core/validation/events.go`, each test with the server's
//! message (Kubernetes 1.36).

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use crate::schema::Validator;
use crate::value::Value;

fn event(api_version: &str, text: &str) -> Value {
    crate::yaml::parse(&format!("apiVersion: {api_version}\nkind: Event\n{text}"))
        .unwrap()
        .value
}

fn validate(old: Option<&Value>, new: &Value) -> Result<(), String> {
    let api_version = new.get("apiVersion").and_then(Value::as_str).unwrap();
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    KindValidation::for_kind(api_version, "Event", table)
        .unwrap()
        .validate(old, new)
}

const QUALIFIED_NAME: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/// `legacyValidateEvent`, all a core API write gets: without an
/// `eventTime`, the involved object's namespace is the Event's (or, when
/// empty, the Event's is `default`); with one, the reporting controller
/// (`reportingComponent` in the core API) and instance, the action and
/// the reason are given, within 128 bytes, the message within 1024. The
/// metadata is not checked by the strategy (the registry's path-segment
/// rule runs once it passed).
#[test]
fn legacy_event_rules() {
    let old_client = event(
        "v1",
        "metadata: {name: e.1, namespace: prod}\ninvolvedObject: {kind: Pod, name: web}\nreason: Started",
    );
    assert_eq!(
        validate(None, &old_client).unwrap_err(),
        "Event \"e.1\" is invalid: involvedObject.namespace: Invalid value: \"\": does not match event.namespace"
    );
    let new_client = event(
        "v1",
        &format!(
            "metadata: {{name: e.1, namespace: prod}}\ninvolvedObject: {{kind: Pod, name: web, namespace: prod}}\neventTime: '2026-11-27T10:00:00.000000Z'\nreportingInstance: {}\nmessage: {}",
            "i".repeat(129),
            "m".repeat(1025)
        ),
    );
    assert_eq!(
        validate(None, &new_client).unwrap_err(),
        format!(
            "Event \"e.1\" is invalid: [reportingController: Required value, \
            reportingController: Invalid value: \"\": name part must be non-empty, \
            reportingController: Invalid value: \"\": {QUALIFIED_NAME}, \
            reportingInstance: Invalid value: \"\": can have at most 128 characters, \
            action: Required value, reason: Required value, \
            message: Invalid value: \"\": can have at most 1024 characters]"
        )
    );
    let valid = event(
        "v1",
        "metadata: {name: Not_A_Subdomain, namespace: default}\ninvolvedObject: {kind: Node, name: n1}\neventTime: '2026-11-27T10:00:00.000000Z'\nreportingComponent: kubelet\nreportingInstance: n1\naction: Started\nreason: Started\ntype: Info\ncount: 4",
    );
    assert!(validate(None, &valid).is_ok());
}

/// `ValidateEventCreate` through events.k8s.io: the legacy rules, then the
/// metadata (a DNS subdomain name), the series, an `eventTime`, a type of
/// `Normal` or `Warning`, and the deprecated fields unset (at their
/// internal paths).
#[test]
fn events_api_create() {
    let bad = event(
        "events.k8s.io/v1",
        "metadata: {name: Bad_Name, namespace: prod}\nregarding: {kind: Pod, name: web}\ntype: Info\nseries: {count: 1}\ndeprecatedCount: 3\ndeprecatedSource: {component: kubelet}",
    );
    assert_eq!(
        validate(None, &bad).unwrap_err(),
        "Event.events.k8s.io \"Bad_Name\" is invalid: [involvedObject.namespace: Invalid value: \"\": does not match event.namespace, \
        metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), \
        series.count: Invalid value: \"\": should be at least 2, \
        series.lastObservedTime: Required value, \
        eventTime: Required value, \
        type: Invalid value: \"\": has invalid value: Info, \
        count: Invalid value: \"\": needs to be unset, \
        source: Invalid value: \"\": needs to be unset]"
    );
    assert!(validate(None, &valid_event("web", "Scheduled")).is_ok());
}

fn valid_event(name: &str, note: &str) -> Value {
    event(
        "events.k8s.io/v1",
        &format!(
            "metadata: {{name: web.1, namespace: prod}}\nregarding: {{kind: Pod, name: {name}, namespace: prod}}\neventTime: '2026-11-27T10:00:00.000000Z'\nreportingController: example.com/scheduler\nreportingInstance: s-1\naction: Binding\nreason: Scheduled\ntype: Normal\nnote: {note}"
        ),
    )
}

/// `ValidateEventUpdate` through events.k8s.io: every field but the
/// series immutable, printed as `ErrorBody` prints the internal field (a
/// reference as a struct without json tags); a changed series checked.
#[test]
fn events_api_update() {
    let old = valid_event("web", "Scheduled");
    let mut new = valid_event("api", "Rescheduled");
    new.as_map_mut().unwrap().insert(
        "series",
        crate::yaml::parse("{count: 1, lastObservedTime: '2026-11-27T10:01:00.000000Z'}")
            .unwrap()
            .value,
    );
    assert_eq!(
        validate(Some(&old), &new).unwrap_err(),
        "Event.events.k8s.io \"web.1\" is invalid: [series.count: Invalid value: \"\": should be at least 2, \
        involvedObject: Invalid value: {\"Kind\":\"Pod\",\"Namespace\":\"prod\",\"Name\":\"api\",\"UID\":\"\",\"APIVersion\":\"\",\"ResourceVersion\":\"\",\"FieldPath\":\"\"}: field is immutable, \
        message: Invalid value: \"Rescheduled\": field is immutable]"
    );
    // A series that counts on is a change the API takes.
    let mut counted = old.clone();
    counted.as_map_mut().unwrap().insert(
        "series",
        crate::yaml::parse("{count: 2, lastObservedTime: '2026-11-27T10:01:00.000000Z'}")
            .unwrap()
            .value,
    );
    assert!(validate(Some(&old), &counted).is_ok());
}
