//! How cost grows with the size of the object: whole scenarios (read,
//! typed, applied twice by two managers, managedFields encoded, result
//! views built) over a custom resource whose map list has 1,000 and then
//! 10,000 items. Linear growth means the second costs about 10× the first;
//! anything quadratic in the walks, the set algebra or the YAML reader
//! shows up as 100×.
//!
//! The same with depth: an object nested 80 and then 800 levels deep
//! (the reader's limit is 1,000), where linear growth is again about 10×.
//!
//! `cargo bench -p ssa-engine --bench scaling` prints both pairs of
//! figures and their ratios.
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

const DEPTHS: [usize; 2] = [80, 800];

/// A scenario of one CRD whose `spec` has the schema `spec_schema` (YAML
/// at the indent of `spec:`'s value) and two appliers, `a` then `b`, each
/// sending the `spec` that `spec_of(manager)` writes (lines indented six
/// spaces).
fn two_appliers(spec_schema: &str, spec_of: impl Fn(&str) -> String) -> String {
    let mut text = format!(
        "scenario: v1
name: scaling
schema:
  crd:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {{name: widgets.example.com}}
    spec:
      group: example.com
      names: {{kind: Widget, plural: widgets}}
      scope: Namespaced
      versions:
      - name: v1
        served: true
        storage: true
        schema:
          openAPIV3Schema:
            type: object
            properties:
              spec:{spec_schema}
steps:
"
    );
    for manager in ["a", "b"] {
        text.push_str(&format!(
            "- manager: {manager}\n  op: apply\n  object:\n    apiVersion: example.com/v1\n    kind: Widget\n    metadata: {{name: w, namespace: default}}\n    spec:\n"
        ));
        text.push_str(&spec_of(manager));
    }
    text
}

/// `spec.items`, a map list keyed by `name`: `a` writes every item, `b`
/// shares every item and adds a field to each.
fn scenario(items: usize) -> String {
    let schema = "
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
                        labels: {type: object, additionalProperties: {type: string}}";
    two_appliers(schema, |manager| {
        let extra = if manager == "b" {
            ", labels: {team: b}"
        } else {
            ""
        };
        let mut spec = String::from("      items:\n");
        for i in 0..items {
            spec.push_str(&format!("      - {{name: item-{i}, port: {i}{extra}}}\n"));
        }
        spec
    })
}

/// `spec` nested `depth` maps deep (schemaless: the CRD preserves unknown
/// fields): `a` writes a leaf at the bottom, `b` another beside it.
fn deep(depth: usize) -> String {
    two_appliers(
        " {type: object, x-kubernetes-preserve-unknown-fields: true}",
        |manager| {
            let mut spec = String::new();
            let mut indent = String::from("      ");
            for _ in 0..depth {
                spec.push_str(&format!("{indent}a:\n"));
                indent.push_str("  ");
            }
            spec.push_str(&format!("{indent}leaf-{manager}: 1\n"));
            spec
        },
    )
}

fn map_list_scaling(c: &mut Criterion) {
    grows(
        c,
        "scenario_map_list",
        "map list of",
        "items",
        SIZES,
        scenario,
    );
}

fn depth_scaling(c: &mut Criterion) {
    grows(c, "scenario_depth", "object", "levels deep", DEPTHS, deep);
}

/// Benchmarks the scenarios `make` writes at both sizes and prints their
/// fastest runs and their ratio.
fn grows(
    c: &mut Criterion,
    group: &str,
    what: &str,
    unit: &str,
    sizes: [usize; 2],
    make: fn(usize) -> String,
) {
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    let mut fastest = Vec::new();
    for size in sizes {
        let text = make(size);
        let result = run_scenario_text(&text).expect("the scaling scenario runs");
        assert!(result.steps.iter().all(|s| s.message.is_empty()));
        group.bench_with_input(BenchmarkId::from_parameter(size), &text, |b, text| {
            b.iter(|| run_scenario_text(black_box(text)))
        });
        fastest.push(fastest_of(&text));
    }
    group.finish();
    println!(
        "{what} {} {unit}: {:.1} ms; of {} {unit}: {:.1} ms; ratio {:.1}x (linear: 10x)",
        sizes[0],
        fastest[0].as_secs_f64() * 1e3,
        sizes[1],
        fastest[1].as_secs_f64() * 1e3,
        fastest[1].as_secs_f64() / fastest[0].as_secs_f64()
    );
}

/// The fastest of a few runs, for the printed ratio (criterion's own
/// estimates are in its report): on a shared machine others' work slows
/// some runs, which moved a mean of five by a third and more.
fn fastest_of(text: &str) -> Duration {
    (0..9)
        .map(|_| {
            let started = Instant::now();
            black_box(run_scenario_text(black_box(text)).ok());
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

criterion_group!(benches, map_list_scaling, depth_scaling);
criterion_main!(benches);
