//! The engine's speed as WebAssembly in headless Chromium: upstream's
//! benchmark operations on its objects (the same workload as the native
//! `cargo bench -p ssa-engine --bench operations`, shared through
//! `shared/workload.rs`), and whole re-runs of the playground's presets.
//!
//! `scripts/bench-wasm.sh` runs both sides and prints the wasm/native
//! ratio of each operation. The objects are compiled in from
//! `../shared/bench-data/` (a browser has no file system); they are not
//! copied into the repository.
#![cfg(target_arch = "wasm32")]
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "a benchmark with missing data should stop loudly"
)]

use ssa_engine::fieldpath::Set;
use ssa_engine::scenario::run_scenario_text;
use ssa_engine::value::Value;
use std::hint::black_box;
use std::time::Duration;
use wasm_bindgen_test::{Criterion, wasm_bindgen_bench, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[path = "../../ssa-engine/benches/shared/workload.rs"]
mod workload;

#[path = "../../../web/src/presets.rs"]
#[allow(
    dead_code,
    reason = "the benchmark runs the presets; the page's start-up text is not used"
)]
mod presets;

macro_rules! bench_data {
    ($($file:literal),*) => {
        |name: &str| match name {
            $($file => include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"), "/../../../shared/bench-data/", $file
            )).to_string(),)*
            other => panic!("no bench data {other}"),
        }
    };
}

/// Shorter runs than criterion's defaults: a browser tab is slower to
/// drive, and these are compared with native runs, not across days.
fn configured(c: &mut Criterion) {
    *c = std::mem::take(c)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
}

#[wasm_bindgen_bench]
fn operations(c: &mut Criterion) {
    configured(c);
    let read = bench_data!(
        "k8s-schema.yaml",
        "pod.yaml",
        "node.yaml",
        "endpoints.yaml",
        "prometheus-crd.yaml",
        "apiresourceimport.yaml",
        "apiresourceimport-cr.yaml"
    );
    let cases = workload::cases(&read);
    let empty = Value::Map(Default::default());
    let none = Set::new();
    for case in &cases {
        let prepared = workload::Prepared::new(case, &empty, &none);
        for operation in workload::OPERATIONS {
            c.bench_function(&format!("{}/{operation}", case.name), |b| {
                b.iter(|| prepared.run(operation).expect("the operation succeeds"))
            });
        }
    }
}

#[wasm_bindgen_bench]
fn presets(c: &mut Criterion) {
    configured(c);
    // In wasm the presets' file is handed over, as the page's boot.js does.
    presets::provide(include_str!("../../../web/presets.txt").to_string());
    for (index, preset) in presets::presets().iter().enumerate() {
        run_scenario_text(preset.text).expect("the preset runs");
        c.bench_function(&format!("preset {index}: {}", preset.title), |b| {
            b.iter(|| run_scenario_text(black_box(preset.text)))
        });
    }
}
