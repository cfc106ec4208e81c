//! Reviewing a release against a cluster export, as `ssa apply` does
//! (reading, matching, every object through the simulated API server on
//! every core): a 200-object release against a 200-object export, and
//! 10,000 objects against a 10,000-object export, made from the
//! real-shaped fixtures of tests/review. Prints the figures the README
//! quotes.

use criterion::{Criterion, criterion_group, criterion_main};
use ssa_cli::inputs::InputFile;
use ssa_cli::release::{Generated, generate};
use ssa_cli::review::{read_in_parallel, run_in_parallel};
use ssa_engine::review::{Inputs, Options, Source, plan, plan_objects};
use std::time::Duration;

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
/// its own core, matched, every object applied on its own core.
fn review(data: &Generated) -> usize {
    let file = |name: &str, text: &str| InputFile {
        name: name.into(),
        text: text.into(),
    };
    let mut errors = Vec::new();
    let inputs = Inputs {
        manifests: read_in_parallel(&[file("release.yaml", &data.manifests)], &mut errors),
        live: read_in_parallel(&[file("export.yaml", &data.export)], &mut errors),
        schemas: Vec::new(),
        errors,
    };
    let planned = plan_objects(inputs, &options());
    run_in_parallel(&planned.jobs).len()
}

fn bench(c: &mut Criterion) {
    let export = fixture("live/shop.yaml");
    let release = fixture("helm-template.yaml");
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    for (label, copies) in [("200 objects", 25), ("10000 objects", 1250)] {
        let data = generate(&export, &release, copies);
        let sources = |name, text| [Source { name, text }];
        let planned = plan(
            &sources("release.yaml", &data.manifests),
            &sources("export.yaml", &data.export),
            &[],
            &options(),
        );
        // Every manifest matched its live object but the new ConfigMap;
        // left alone: one ConfigMap per copy, and the CRD.
        assert!(planned.errors.is_empty(), "{:?}", planned.errors.first());
        assert_eq!(planned.untouched.len(), copies + 1);
        assert_eq!(review(&data), data.objects, "every manifest reviewed");
        if copies > 100 {
            group.measurement_time(Duration::from_secs(40));
        }
        group.bench_function(label, |b| b.iter(|| review(&data)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
