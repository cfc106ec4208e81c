//! How cost grows with the size of the object: whole scenarios (read,
//! typed, applied twice by two managers, managedFields encoded, result
//! views built) over a custom resource whose map list has 1,000 and then
//! 10,000 items. Linear growth means the second costs about 10× the first;
//! anything quadratic in the walks, the set algebra or the YAML reader
//! shows up as 100×.
//!
//! `cargo bench -p ssa-engine --bench scaling` prints both figures and
//! their ratio.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::print_stdout,
    reason = "a benchmark stops loudly and prints its figures"
)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ssa_engine::scenario::run_scenario_text;
use std::hint::black_box;
use std::time::{Duration, Instant};

const SIZES: [usize; 2] = [1_000, 10_000];

/// A CRD with `spec.items`, a map list keyed by `name`, and two appliers:
/// `a` writes every item, `b` shares every item and adds a field to each.
fn scenario(items: usize) -> String {
    let mut text = String::from(
        "scenario: v1
name: scaling
schema:
  crd:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: widgets.example.com}
    spec:
      group: example.com
      names: {kind: Widget, plural: widgets}
      scope: Namespaced
      versions:
      - name: v1
        served: true
        storage: true
        schema:
          openAPIV3Schema:
            type: object
            properties:
              spec:
                type: object
                properties:
                  items:
                    type: array
                    x-kubernetes-list-type: map
                    x-kubernetes-list-map-keys: [name]
                    items:
                      type: object
                      required: [name]
                      properties:
                        name: {type: string}
                        port: {type: integer}
                        labels: {type: object, additionalProperties: {type: string}}
steps:
",
    );
    for (manager, extra) in [("a", ""), ("b", ", labels: {team: b}")] {
        text.push_str(&format!(
            "- manager: {manager}\n  op: apply\n  object:\n    apiVersion: example.com/v1\n    kind: Widget\n    metadata: {{name: w, namespace: default}}\n    spec:\n      items:\n"
        ));
        for i in 0..items {
            text.push_str(&format!("      - {{name: item-{i}, port: {i}{extra}}}\n"));
        }
    }
    text
}

fn map_list_scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("scenario_map_list");
    group.sample_size(10);
    let mut means = Vec::new();
    for items in SIZES {
        let text = scenario(items);
        let result = run_scenario_text(&text).expect("the scaling scenario runs");
        assert!(result.steps.iter().all(|s| s.message.is_empty()));
        group.bench_with_input(BenchmarkId::from_parameter(items), &text, |b, text| {
            b.iter(|| run_scenario_text(black_box(text)))
        });
        means.push(mean_of(&text));
    }
    group.finish();
    println!(
        "map list of {} items: {:.1} ms; of {} items: {:.1} ms; ratio {:.1}x (linear: 10x)",
        SIZES[0],
        means[0].as_secs_f64() * 1e3,
        SIZES[1],
        means[1].as_secs_f64() * 1e3,
        means[1].as_secs_f64() / means[0].as_secs_f64()
    );
}

/// A plain mean over a few runs, for the printed ratio (criterion's own
/// estimates are in its report).
fn mean_of(text: &str) -> Duration {
    let runs = 5;
    let started = Instant::now();
    for _ in 0..runs {
        black_box(run_scenario_text(black_box(text)).ok());
    }
    started.elapsed() / runs
}

criterion_group!(benches, map_list_scaling);
criterion_main!(benches);
