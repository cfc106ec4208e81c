//! The engine's JavaScript API, for documentation pages and embeds:
//! `runScenario(scenario)` and `version()`.
//!
//! A thin adapter with no logic: it turns the argument into scenario text,
//! calls the same facade the CLI uses (`ssa_engine::scenario`), and turns
//! the result document into a plain JavaScript object, or an error into a
//! JavaScript `Error` whose message carries the line and column.

use wasm_bindgen::prelude::*;

/// Runs a scenario given as YAML/JSON text or as an object, and returns the
/// result document (see the shared scenario format).
#[wasm_bindgen(js_name = runScenario)]
pub fn run_scenario(scenario: JsValue) -> Result<JsValue, JsError> {
    let text = match scenario.as_string() {
        Some(text) => text,
        // An object is JSON, and JSON is YAML.
        None => js_sys::JSON::stringify(&scenario)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| JsError::new("runScenario takes YAML text or a scenario object"))?,
    };
    let result = ssa_engine::scenario::run_scenario_text_without_views(&text)
        .map_err(|e| JsError::new(&e.to_string()))?;
    let json: serde_json::Value = (&result.to_value()).into();
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    serde::Serialize::serialize(&json, &serializer).map_err(|e| JsError::new(&e.to_string()))
}

/// Compares two result documents by the scenario format's rules; returns
/// `null` when they are the same, else the first difference as a string
/// (`steps[2].object.data.k: expected "1", got "2"`).
#[wasm_bindgen(js_name = compareResults)]
pub fn compare_results(expected: JsValue, actual: JsValue) -> Result<Option<String>, JsError> {
    // Through JSON text, as runScenario takes objects: the JSON reader's
    // depth limit refuses a deeply nested argument with an error, where a
    // recursive conversion of the JavaScript value would overflow the stack.
    let value = |v: &JsValue| -> Result<ssa_engine::value::Value, JsError> {
        let text = js_sys::JSON::stringify(v)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| JsError::new("compareResults takes result documents (JSON objects)"))?;
        ssa_engine::value::Value::from_json_str(&text).map_err(|e| JsError::new(&e.to_string()))
    };
    Ok(ssa_engine::scenario::compare_results(
        &value(&expected)?,
        &value(&actual)?,
    ))
}

/// The engine's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
