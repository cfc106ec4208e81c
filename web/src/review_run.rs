//! The review page's call into the engine: the JavaScript API package's
//! `review` (`crates/ssa-wasm`, the same `ssa_engine::review` that
//! `ssa apply` uses), with the page's two editors as the inputs.
//!
//! The package is a second wasm module, loaded when the first review is
//! asked for (`crate::api`). The answer comes back as JSON text, read by
//! the engine's JSON reader into the page's rows.

use crate::review::{Flags, ObjectRow, ReviewOutcome};
use ssa_engine::value::{Map, Value};

/// The options object of the API's `review`.
pub fn options(flags: &Flags) -> Value {
    let mut options = Map::new();
    options.insert("serverSide", Value::Bool(flags.server_side));
    options.insert("fieldManager", Value::from(flags.field_manager.trim()));
    options.insert(
        "forceConflicts",
        Value::Bool(flags.server_side && flags.force_conflicts),
    );
    options.insert("namespace", Value::from(flags.namespace.trim()));
    Value::Map(options)
}

/// The page's rows from the API's answer (`{objects, errors}` as JSON).
pub fn decode(json: &str) -> ReviewOutcome {
    let document = match Value::from_json_str(json) {
        Ok(v) => v,
        Err(e) => return failed(&e.to_string()),
    };
    let list = |key: &str| {
        document
            .get(key)
            .and_then(Value::as_list)
            .map_or(&[][..], Vec::as_slice)
    };
    let text = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(str::to_string);
    ReviewOutcome {
        objects: list("objects")
            .iter()
            .map(|o| ObjectRow {
                name: text(o, "name").unwrap_or_default(),
                namespace: text(o, "namespace"),
                outcome: text(o, "outcome").unwrap_or_default(),
                message: text(o, "message").unwrap_or_default(),
                scenario: text(o, "scenario"),
            })
            .collect(),
        errors: list("errors")
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect(),
    }
}

/// A review that could not run (the package did not load): said where the
/// page lists the inputs it could not read.
fn failed(why: &str) -> ReviewOutcome {
    ReviewOutcome {
        objects: Vec::new(),
        errors: vec![format!("The review could not run: {why}")],
    }
}

/// Reviews the manifests against the export with the page's flags.
pub async fn review(export: String, manifests: String, flags: Flags) -> ReviewOutcome {
    let args = [Value::from(export), Value::from(manifests), options(&flags)];
    match crate::api::call("review", &args).await {
        Ok(json) => decode(&json),
        Err(why) => failed(&why),
    }
}
