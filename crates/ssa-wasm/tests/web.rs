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

/// A block map `k:` nested `levels` deep under `indent` spaces.
fn nested_block(levels: usize, indent: usize) -> String {
    let mut text = String::new();
    for level in 0..levels {
        text.push_str(&" ".repeat(indent + level));
        text.push_str("k:\n");
    }
    text.push_str(&" ".repeat(indent + levels));
    text.push_str("leaf: v\n");
    text
}

#[wasm_bindgen_test]
fn the_deepest_scenario_the_reader_accepts_runs_in_the_browser() {
    // The reader's depth limit less the scenario's own levels: every walk
    // of the engine must fit the browser's stack at this depth.
    let levels = ssa_engine::yaml::MAX_DEPTH - 8;
    let object = format!(
        "    apiVersion: example.com/v1\n    kind: Deep\n    metadata: {{name: deep}}\n    spec:\n{}",
        nested_block(levels, 6)
    );
    let text = format!(
        "scenario: v1\nname: deep\nsteps:\n- manager: a\n  op: apply\n  object:\n{object}- manager: b\n  op: update\n  object:\n{object}- manager: c\n  op: client-side-apply\n  object:\n{object}- manager: d\n  op: patch\n  patchType: merge\n  patch:\n    spec:\n{}",
        nested_block(levels, 6).replace("leaf: v", "leaf: p")
    );
    let result = ssa_wasm::run_scenario(JsValue::from_str(&text))
        .map_err(JsValue::from)
        .unwrap();
    let steps = js_sys::Array::from(&get(&result, "steps"));
    assert_eq!(steps.length(), 4);
    for i in 0..4 {
        assert_eq!(
            get(&steps.get(i), "outcome").as_string().as_deref(),
            Some("applied"),
            "step {i}"
        );
    }
}

#[wasm_bindgen_test]
fn deeply_nested_arguments_are_refused_with_an_error() {
    // {"a": {"a": ... }} 100,000 levels deep, built without recursion.
    let deep = js_sys::Object::new();
    let mut inner = deep.clone();
    for _ in 0..100_000 {
        let next = js_sys::Object::new();
        js_sys::Reflect::set(&inner, &JsValue::from_str("a"), &next).unwrap();
        inner = next;
    }
    let deep = JsValue::from(deep);
    assert!(ssa_wasm::compare_results(deep.clone(), deep.clone()).is_err());
    assert!(ssa_wasm::run_scenario(deep).is_err());
    // The module still works afterwards.
    assert!(ssa_wasm::run_scenario(JsValue::from_str(SCENARIO)).is_ok());
}

/// A custom resource's `pattern`, matched by JavaScript's `RegExp` (a
/// leading `(?i)`, or one after `^`, as its flag), with the API server's
/// message.
#[wasm_bindgen_test]
fn custom_resource_patterns_use_javascript_regexp() {
    let scenario = |spec: &str| {
        format!(
            "scenario: v1\nname: pattern\nschema:\n  crd:\n    spec:\n      group: example.com\n      names: {{kind: Widget}}\n      versions:\n      - name: v1\n        served: true\n        schema:\n          openAPIV3Schema:\n            type: object\n            properties:\n              spec:\n                type: object\n                properties:\n                  code: {{type: string, pattern: '^[a-z]+$'}}\n                  name: {{type: string, pattern: '(?i)^abc$'}}\n                  title: {{type: string, pattern: '^[\\p{{L}} ]+$'}}\n                  mode: {{type: string, pattern: '^(?i)(Drop|Reject)?$'}}\nsteps:\n- manager: a\n  op: apply\n  object: {{apiVersion: example.com/v1, kind: Widget, metadata: {{name: w, namespace: default}}, spec: {spec}}}\n"
        )
    };
    let outcome = |spec: &str| {
        let result = ssa_wasm::run_scenario(JsValue::from_str(&scenario(spec)))
            .map_err(JsValue::from)
            .unwrap();
        let step = js_sys::Array::from(&get(&result, "steps")).get(0);
        (
            get(&step, "outcome").as_string().unwrap_or_default(),
            get(&step, "message").as_string().unwrap_or_default(),
        )
    };
    assert_eq!(outcome("{code: abc, name: ABC}").0, "applied");
    assert_eq!(outcome("{code: abc, name: ABD}").0, "invalid");
    // `(?i)` after `^`, as Calico writes it.
    assert_eq!(outcome("{code: abc, name: abc, mode: drop}").0, "applied");
    assert_eq!(
        outcome("{code: abc, name: abc, mode: Dropped}").0,
        "invalid"
    );
    // Go's Unicode classes, through the `u` flag.
    assert_eq!(
        outcome("{code: abc, name: abc, title: Été sur mer}").0,
        "applied"
    );
    assert_eq!(outcome("{code: abc, name: abc, title: R2D2}").0, "invalid");
    assert_eq!(
        outcome("{code: Abc, name: abc}"),
        (
            "invalid".to_string(),
            r#"Widget.example.com "w" is invalid: spec.code: Invalid value: "Abc": spec.code in body should match '^[a-z]+$'"#.to_string()
        )
    );
}
