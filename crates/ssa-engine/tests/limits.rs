//! Inputs at and past the engine's limits: refused with an error that says
//! where, or run to the end, and never a stack overflow.
//!
//! The YAML reader refuses documents nested deeper than
//! [`yaml::MAX_DEPTH`], so every walk of the engine (typing, merge,
//! compare, prune, patches, kubectl's three-way patch, the result views)
//! must cope with values that deep. These tests run them on a 1 MiB stack,
//! the default of Rust's wasm32 target, where a panic or an overflow kills
//! the page.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use ssa_engine::scenario::{Outcome, run_scenario_text};
use ssa_engine::yaml::{self, MAX_DEPTH};
use std::sync::mpsc;
use std::time::Duration;

/// The stack a wasm32 build of the engine gets by default, for optimised
/// builds. Unoptimised frames are several times larger, so a debug build
/// gets the 8 MiB of a native main thread (the CLI's); the browser itself
/// is checked by `crates/ssa-wasm/tests/web.rs`, built as shipped.
const STACK: usize = if cfg!(debug_assertions) {
    8 * 1024 * 1024
} else {
    1024 * 1024
};

/// Past this a walk has gone exponential (each deep run here takes
/// seconds at most), and the test says so instead of hanging.
const WATCHDOG: Duration = Duration::from_secs(300);

/// Runs `f` on a thread with [`STACK`]; a stack overflow aborts the test
/// binary, which fails the test run.
fn on_wasm_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || done.send(f()))
        .unwrap();
    result
        .recv_timeout(WATCHDOG)
        .expect("still running after the watchdog's time: a walk is super-linear in depth")
}

/// A block map `k:` nested `levels` deep, indented from `indent`, ending in
/// a scalar.
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

/// A scenario whose every write carries a `spec` nested `levels` deep.
fn deep_scenario(levels: usize) -> String {
    let spec = nested_block(levels, 6);
    let object = |name: &str| {
        format!(
            "    apiVersion: example.com/v1\n    kind: Deep\n    metadata: {{name: {name}}}\n    spec:\n{spec}"
        )
    };
    format!(
        "scenario: v1\nname: deep\nsteps:\n\
         - manager: a\n  op: apply\n  object:\n{o}\
         - manager: b\n  op: update\n  object:\n{o}\
         - manager: c\n  op: apply\n  client: api\n  object:\n{o}\
         - manager: d\n  op: patch\n  patchType: merge\n  patch:\n{p}\
         - manager: e\n  op: patch\n  patchType: strategic\n  patch:\n{p}\
         - manager: f\n  op: client-side-apply\n  object:\n{o}\
         - manager: f\n  op: client-side-apply\n  object:\n{o2}\
         - op: delete\n",
        o = object("deep"),
        o2 = object("deep").replace("leaf: v", "leaf: w"),
        p = format!(
            "    spec:\n{}",
            nested_block(levels, 6).replace("leaf: v", "leaf: p")
        ),
    )
}

#[test]
fn the_deepest_scenario_the_reader_accepts_runs_every_write() {
    // The document's own levels (steps, item, object, spec) leave room for
    // the rest of MAX_DEPTH to the spec.
    let levels = MAX_DEPTH - 8;
    let text = deep_scenario(levels);
    yaml::parse(&text).expect("the scenario is within the reader's limit");
    let result = on_wasm_stack(move || run_scenario_text(&text));
    let result = result.expect("a deep scenario runs");
    let outcomes: Vec<Outcome> = result.steps.iter().map(|s| s.outcome).collect();
    assert_eq!(outcomes.len(), 8);
    assert!(
        outcomes[..7].iter().all(|o| *o != Outcome::Error),
        "{:#?}",
        result.steps.iter().map(|s| &s.message).collect::<Vec<_>>()
    );
}

#[test]
fn a_scenario_past_the_depth_limit_is_refused_at_its_line() {
    let text = deep_scenario(MAX_DEPTH);
    let error = on_wasm_stack(move || run_scenario_text(&text)).unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains(&format!("nesting deeper than {MAX_DEPTH} levels at line")),
        "{message}"
    );
    assert!(error.location.is_some(), "{message}");
}

#[test]
fn deep_json_and_flow_documents_are_refused_not_overflowed() {
    // JSON and YAML flow collections nest through the parser's recursion.
    let flow = format!(
        "scenario: v1\nname: deep\nsteps:\n- manager: a\n  op: apply\n  object: {}{}\n",
        "{k: ".repeat(5000),
        "}".repeat(5000)
    );
    let message = on_wasm_stack(move || run_scenario_text(&flow))
        .unwrap_err()
        .to_string();
    assert!(message.contains("nesting deeper than"), "{message}");
    let json = format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000));
    let message = on_wasm_stack(move || run_scenario_text(&json))
        .unwrap_err()
        .to_string();
    assert!(message.contains("nesting deeper than"), "{message}");
}

#[test]
fn a_schema_as_deep_as_the_reader_allows_loads_and_types_objects() {
    // An OpenAPI schema of nested inline objects as deep as the reader allows.
    let levels = (MAX_DEPTH - 20) / 2;
    let mut schema = String::new();
    for level in 0..levels {
        let pad = " ".repeat(8 + 4 * level);
        schema.push_str(&format!("{pad}type: object\n{pad}properties:\n{pad}  k:\n"));
    }
    schema.push_str(&format!("{}type: string\n", " ".repeat(8 + 4 * levels)));
    let text = format!(
        "scenario: v1\nname: deep-schema\nschema:\n  crd:\n    apiVersion: apiextensions.k8s.io/v1\n    kind: CustomResourceDefinition\n    metadata: {{name: deeps.example.com}}\n    spec:\n      group: example.com\n      names: {{kind: Deep, plural: deeps}}\n      scope: Namespaced\n      versions:\n      - name: v1\n        served: true\n        storage: true\n        schema:\n          openAPIV3Schema:\n{}steps:\n- manager: a\n  op: apply\n  object:\n    apiVersion: example.com/v1\n    kind: Deep\n    metadata: {{name: d}}\n",
        schema
            .lines()
            .map(|l| format!("          {l}\n"))
            .collect::<String>()
    );
    let result = on_wasm_stack(move || run_scenario_text(&text)).expect("the schema loads");
    assert_eq!(
        result.steps[0].outcome,
        Outcome::Applied,
        "{}",
        result.steps[0].message
    );
}
