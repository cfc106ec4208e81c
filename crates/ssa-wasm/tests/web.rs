//! The JavaScript API in a real browser (headless Chromium through
//! wasm-bindgen-test-runner).
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, reason = "a test fails loudly")]

use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const SCENARIO: &str = "scenario: v1\nname: wasm\nsteps:\n- manager: a\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: {k: '1'}}\n- manager: b\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: {k: '2'}}\n";

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

#[wasm_bindgen_test]
fn run_scenario_returns_the_result_document() {
    let result = ssa_wasm::run_scenario(JsValue::from_str(SCENARIO))
        .map_err(JsValue::from)
        .unwrap();
    let steps = js_sys::Array::from(&get(&result, "steps"));
    assert_eq!(steps.length(), 2);
    assert_eq!(
        get(&steps.get(0), "outcome").as_string().as_deref(),
        Some("applied")
    );
    assert_eq!(
        get(&steps.get(1), "outcome").as_string().as_deref(),
        Some("conflict")
    );
    assert_eq!(
        get(&steps.get(1), "message").as_string().as_deref(),
        Some("Apply failed with 1 conflict: conflict with \"a\": .data.k")
    );
}

#[wasm_bindgen_test]
fn bad_yaml_is_a_located_error() {
    let err = ssa_wasm::run_scenario(JsValue::from_str("scenario: v1\nsteps: [\n"))
        .err()
        .map(JsValue::from)
        .unwrap();
    let message = js_sys::Reflect::get(&err, &JsValue::from_str("message"))
        .unwrap()
        .as_string()
        .unwrap();
    assert!(message.starts_with("line 3, column 1:"), "{message}");
}

#[wasm_bindgen_test]
fn version_is_the_crate_version() {
    assert_eq!(ssa_wasm::version(), env!("CARGO_PKG_VERSION"));
}
