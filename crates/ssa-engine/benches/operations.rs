//! structured-merge-diff's own benchmark, on its own objects: Create,
//! Apply, ApplyTwice and Update of a Pod, a Node, a long Endpoints, a large
//! CRD and a very large custom resource, each from an empty object and no
//! managers. The objects are read from `../shared/bench-data/` at run time
//! (set `SSA_BENCH_DATA` to read them elsewhere); the upstream Go figures
//! to compare with are in that folder's README. The workload itself is in
//! `shared/workload.rs`, which the WebAssembly benchmark runs too.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "a benchmark with missing data should stop loudly"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use ssa_engine::fieldpath::Set;
use ssa_engine::value::Value;
use std::path::PathBuf;

#[path = "shared/workload.rs"]
mod workload;

fn data_dir() -> PathBuf {
    std::env::var_os("SSA_BENCH_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data")
        })
}

fn read(name: &str) -> String {
    let path = data_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn operations(c: &mut Criterion) {
    let empty = Value::Map(Default::default());
    let none = Set::new();
    for case in workload::cases(&read) {
        // Typed (validated) once, outside the timed loop, as upstream's
        // benchmark parses its objects once.
        let prepared = workload::Prepared::new(&case, &empty, &none);
        let mut group = c.benchmark_group(case.name);
        for operation in workload::OPERATIONS {
            group.bench_function(operation, |b| {
                b.iter(|| prepared.run(operation).expect("the operation succeeds"))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, operations);
criterion_main!(benches);
