//! Reviewing a release against a cluster export, as `ssa apply` does
//! (reading, matching, every object through the simulated API server on
//! every core): a 200-object release against a 200-object export, and
//! 10,000 objects against a 10,000-object export, made from the
//! real-shaped fixtures of tests/review. Prints the figures the README
//! quotes.

#![allow(clippy::print_stdout, reason = "a benchmark prints its figures")]

use criterion::{Criterion, criterion_group};
use ssa_cli::inputs::InputFile;
use ssa_cli::release::{Generated, generate};
use ssa_cli::review::{read_in_parallel, run_in_parallel};
use ssa_engine::review::{Inputs, Options, Source, plan, plan_objects};
use std::time::{Duration, Instant};

fn fixture(path: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/review");
    std::fs::read_to_string(dir.join(path)).unwrap_or_default()
}

fn options() -> Options {
    Options {
        server_side: true,
        force_conflicts: true,
        field_manager: Some("argocd-controller".into()),
        namespace: Some("shop".into()),
        changes: true,
        ..Options::default()
    }
}

/// What `ssa apply` does after reading the files: every document read on
/// its own core, matched, every object applied on its own core; the
/// number of objects reviewed.
fn review(data: &Generated) -> usize {
    review_in_phases(data).0
}

/// How long each part of a review took: reading, matching, applying and
/// freeing what it built.
#[derive(Clone, Copy, Debug, Default)]
struct Phases {
    read: Duration,
    plan: Duration,
    run: Duration,
    drop: Duration,
}

/// [`review`], timed part by part.
fn review_in_phases(data: &Generated) -> (usize, Phases) {
    let file = |name: &str, text: &str| InputFile {
        name: name.into(),
        text: text.into(),
    };
    let start = Instant::now();
    let mut errors = Vec::new();
    let inputs = Inputs {
        manifests: read_in_parallel(&[file("release.yaml", &data.manifests)], &mut errors),
        live: read_in_parallel(&[file("export.yaml", &data.export)], &mut errors),
        schemas: Vec::new(),
        errors,
    };
    let read = Instant::now();
    let planned = plan_objects(inputs, &options());
    let plan = Instant::now();
    let reviewed = run_in_parallel(&planned.jobs);
    let run = Instant::now();
    let objects = reviewed.len();
    drop(reviewed);
    drop(planned);
    let end = Instant::now();
    let phases = Phases {
        read: read - start,
        plan: plan - read,
        run: run - plan,
        drop: end - run,
    };
    (objects, phases)
}

/// The fixtures copied `copies` times, checked: every manifest matched its
/// live object but the new ConfigMap; left alone: one ConfigMap per copy,
/// and the CRD.
fn data(copies: usize) -> Generated {
    let data = generate(
        &fixture("live/shop.yaml"),
        &fixture("helm-template.yaml"),
        copies,
    );
    let sources = |name, text| [Source { name, text }];
    let planned = plan(
        &sources("release.yaml", &data.manifests),
        &sources("export.yaml", &data.export),
        &[],
        &options(),
    );
    assert!(planned.errors.is_empty(), "{:?}", planned.errors.first());
    assert_eq!(planned.untouched.len(), copies + 1);
    assert_eq!(review(&data), data.objects, "every manifest reviewed");
    data
}

/// 200 manifests against a 200-object export, measured by criterion.
fn release_of_200(c: &mut Criterion) {
    let data = data(25);
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.bench_function("200 objects", |b| b.iter(|| review(&data)));
    group.finish();
}

/// 10,000 manifests against a 10,000-object export (50 Lists of 200, as
/// one `kubectl get` per namespace gives): one review takes seconds, so it
/// is timed three times and the median printed rather than sampled by
/// criterion.
fn export_of_10000() {
    let data = data(1250);
    let mut runs: Vec<(Duration, Phases)> = (0..3)
        .map(|_| {
            let start = Instant::now();
            let (_, phases) = review_in_phases(&data);
            (start.elapsed(), phases)
        })
        .collect();
    runs.sort_by_key(|(time, _)| *time);
    let (median, phases) = runs[1];
    println!(
        "review/10000 objects: median {:.2} s of 3 ({:.2}–{:.2} s), export {} MB, {} cores",
        median.as_secs_f64(),
        runs[0].0.as_secs_f64(),
        runs[2].0.as_secs_f64(),
        data.export.len() / 1_000_000,
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    );
    let ms = |d: Duration| d.as_millis();
    println!(
        "  the median run: reading {} ms, matching {} ms, applying {} ms, freeing {} ms",
        ms(phases.read),
        ms(phases.plan),
        ms(phases.run),
        ms(phases.drop)
    );
}

criterion_group!(benches, release_of_200);

fn main() {
    benches();
    // `cargo bench -- 200` (a filter) skips the long run.
    if !std::env::args().skip(1).any(|a| a.contains("200")) {
        export_of_10000();
    }
    Criterion::default().configure_from_args().final_summary();
}
