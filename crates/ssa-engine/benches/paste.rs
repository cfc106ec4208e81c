//! What the page does with a pasted scenario, natively: the page's
//! benchmark (`tests/e2e/perf.bench.mjs`, `bigScenario`) pastes a
//! ConfigMap of 5,000 keys applied by one manager, then one key added by
//! a second, and the app's reducer (`web/src/state.rs`, `run` then
//! `State::with_views`) reads it (`parse_scenario`), runs it without views
//! (`run_scenario_with(.., false)`) and builds the views of the step shown
//! (`step_views`, the last one after a paste). Each part is timed alone
//! and the three together (`edit`), the figure the page waits for before
//! it renders.
//!
//! `cargo bench -p ssa-engine --bench paste`
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "a benchmark stops loudly"
)]

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use ssa_engine::scenario::{parse_scenario, run_scenario_with, step_views};
use std::hint::black_box;

/// The keys of the page benchmark's paste.
const KEYS: usize = 5_000;

/// `bigScenario(n)` of `tests/e2e/perf.bench.mjs`, line for line.
fn big_scenario(n: usize) -> String {
    let write = |manager: &str| {
        format!(
            "- manager: {manager}\n  op: apply\n  object:\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {{name: big, namespace: default}}\n    data:\n"
        )
    };
    let mut text = format!(
        "scenario: v1\nname: configmap-{n}\ndescription: A ConfigMap of {n} keys.\nsteps:\n"
    );
    text.push_str(&write("writer"));
    for i in 0..n {
        text.push_str(&format!("      key-{i}: value-{i}\n"));
    }
    text.push_str(&write("helper"));
    text.push_str("      extra: added-by-helper\n");
    text
}

fn paste(c: &mut Criterion) {
    let text = big_scenario(KEYS);
    let scenario = parse_scenario(&text).expect("the scenario reads");
    let result = run_scenario_with(&scenario, false).expect("the scenario runs");
    assert!(result.steps.iter().all(|s| s.message.is_empty()));
    let last = result.steps.len() - 1;

    let mut group = c.benchmark_group("paste_configmap_5000");
    group.sample_size(20);
    group.bench_function("read", |b| b.iter(|| parse_scenario(black_box(&text))));
    group.bench_function("run", |b| {
        b.iter(|| run_scenario_with(black_box(&scenario), false))
    });
    group.bench_function("views", |b| {
        b.iter_batched(
            || result.clone(),
            |mut r| {
                step_views(&scenario, &mut r, last).expect("the views build");
                r
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("edit", |b| {
        b.iter(|| {
            let scenario = parse_scenario(black_box(&text)).expect("the scenario reads");
            let mut result = run_scenario_with(&scenario, false).expect("the scenario runs");
            step_views(&scenario, &mut result, last).expect("the views build");
            result
        })
    });
    group.finish();
}

criterion_group!(benches, paste);
criterion_main!(benches);
