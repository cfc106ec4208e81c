//! The engine's defaulting of built-in objects against the API server's
//! (tools/defaults-diff): each case's body goes through the kind's
//! defaulter as a write stores it (decoded into the Go struct, defaulted,
//! printed as encoding/json prints the struct: `builtin::round_trip`), and
//! is compared, as a JSON value, with what k8s.io/api's types and the
//! copied `SetObjectDefaults_<Kind>` make of it in Go.
//!
//! The request's time is [`NOW`] on both sides: the harness's Go clock
//! (`resource/v1/clock.go`) gives `SetDefaults_DeviceTaint` that time.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::value::Value;

/// The time the Go side's `SetDefaults_DeviceTaint` stamps
/// (tools/defaults-diff's `resource/v1/clock.go`).
const NOW: &str = "2024-01-02T03:04:05Z";

/// The paths where `engine` and `go` differ, at most a few.
fn differences(engine: &Value, go: &Value, path: &str, out: &mut Vec<String>) {
    if out.len() >= 4 || engine == go {
        return;
    }
    match (engine, go) {
        (Value::Map(a), Value::Map(b)) => {
            let only_go = b.iter().map(|(k, _)| k).filter(|k| !a.contains_key(k));
            for key in a.iter().map(|(k, _)| k).chain(only_go) {
                match (a.get(key), b.get(key)) {
                    (Some(x), Some(y)) => differences(x, y, &format!("{path}.{key}"), out),
                    (x, y) => out.push(format!(
                        "{path}.{key}: engine {}, Go {}",
                        x.map_or("-".into(), Value::to_json),
                        y.map_or("-".into(), Value::to_json)
                    )),
                }
                if out.len() >= 4 {
                    return;
                }
            }
        }
        (Value::List(a), Value::List(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                differences(x, y, &format!("{path}[{i}]"), out);
            }
        }
        _ => out.push(format!(
            "{path}: engine {}, Go {}",
            engine.to_json(),
            go.to_json()
        )),
    }
}

/// What the namespace strategy's `PrepareForCreate` adds, which the
/// engine's Namespace defaults carry (`default_map`): the `kubernetes`
/// finalizer.
fn prepare_namespace(namespace: &mut Value) {
    if let Some(spec) = namespace.child_map_mut("spec") {
        super::namespace_finalizer(spec);
    }
}

#[test]
#[ignore = "needs DEFAULTS_DIFF=DIR with tools/defaults-diff's in.jsonl and out.jsonl"]
fn defaults_diff_against_go() {
    crate::upstream_diff::each_case("DEFAULTS_DIFF", |case, answer| {
        // Bodies Go does not decode are left out.
        let mut expected = answer.get("object")?.clone();
        let mut object = case.get("body")?.clone();
        let api_version = object.get("apiVersion")?.as_str()?.to_string();
        let kind = object.get("kind")?.as_str()?.to_string();
        let defaulter = crate::builtin::lookup(&api_version, &kind)
            .and_then(|s| s.defaulter)
            .expect("a built-in kind");
        defaulter.apply_defaults(&mut object, NOW);
        if kind == "Namespace" {
            prepare_namespace(&mut expected);
        }
        let mut found = Vec::new();
        differences(&object, &expected, "", &mut found);
        (!found.is_empty()).then(|| found.join("\n  "))
    });
}
