//! structured-merge-diff's own benchmark, on its own objects: Create,
//! Apply, ApplyTwice and Update of a Pod, a Node, a long Endpoints, a large
//! CRD and a very large custom resource, each from an empty object and no
//! managers. The objects are read from `../shared/bench-data/` at run time
//! (set `SSA_BENCH_DATA` to read them elsewhere); the upstream Go figures
//! to compare with are in that folder's README.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "a benchmark with missing data should stop loudly"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use ssa_engine::fieldpath::Set;
use ssa_engine::merge::{ManagedFields, Updater};
use ssa_engine::schema::{Schema, TypeId};
use ssa_engine::typed::{Duplicates, Typed};
use ssa_engine::value::Value;
use std::hint::black_box;
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    std::env::var_os("SSA_BENCH_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data")
        })
}

fn read_yaml(name: &str) -> Value {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    ssa_engine::yaml::parse(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .value
}

/// The schema in `file` with `root` as the type of the object.
fn schema(file: &str, root: &str) -> (Schema, TypeId) {
    let doc = read_yaml(file);
    let schema = ssa_engine::smd::load_types(&doc).unwrap_or_else(|e| panic!("{file}: {e}"));
    let root = schema
        .lookup(root)
        .unwrap_or_else(|| panic!("{file}: no type {root}"));
    (schema, root)
}

struct Case {
    name: &'static str,
    schema: Schema,
    root: TypeId,
    object: Value,
}

fn cases() -> Vec<Case> {
    let k8s = |name, object_file, root| {
        let (schema, root) = schema("k8s-schema.yaml", root);
        Case {
            name,
            schema,
            root,
            object: read_yaml(object_file),
        }
    };
    let mut out = vec![
        k8s("Pod", "pod.yaml", "io.k8s.api.core.v1.Pod"),
        k8s("Node", "node.yaml", "io.k8s.api.core.v1.Node"),
        k8s(
            "Endpoints",
            "endpoints.yaml",
            "io.k8s.api.core.v1.Endpoints",
        ),
        k8s(
            "PrometheusCRD",
            "prometheus-crd.yaml",
            "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1beta1.CustomResourceDefinition",
        ),
    ];
    let (schema, root) = schema("apiresourceimport.yaml", "apiresourceimport");
    out.push(Case {
        name: "apiresourceimport",
        schema,
        root,
        object: read_yaml("apiresourceimport-cr.yaml"),
    });
    out
}

fn operations(c: &mut Criterion) {
    let empty = Value::Map(Default::default());
    let none = Set::new();
    for case in cases() {
        let updater = Updater::new(&case.schema, case.root, &none);
        // Typed (validated) once, outside the timed loop, as upstream's
        // benchmark parses its objects once.
        let empty =
            Typed::new(&case.schema, case.root, &empty, Duplicates::Allow).expect("empty object");
        let object = Typed::new(&case.schema, case.root, &case.object, Duplicates::Refuse)
            .expect("valid object");
        let mut group = c.benchmark_group(case.name);
        group.bench_function("Create", |b| {
            b.iter(|| {
                updater.update(
                    empty,
                    black_box(object),
                    "v1",
                    &ManagedFields::new(),
                    "controller",
                )
            })
        });
        group.bench_function("Apply", |b| {
            b.iter(|| {
                updater.apply(
                    empty,
                    black_box(object),
                    "v1",
                    &ManagedFields::new(),
                    "controller",
                    false,
                )
            })
        });
        group.bench_function("ApplyTwice", |b| {
            b.iter(|| {
                let first = updater
                    .apply(
                        empty,
                        black_box(object),
                        "v1",
                        &ManagedFields::new(),
                        "controller",
                        false,
                    )
                    .expect("first apply");
                let live = first.object.unwrap_or_default();
                updater.apply(
                    Typed::already_validated(&live),
                    black_box(object),
                    "v1",
                    &first.managers,
                    "other-controller",
                    false,
                )
            })
        });
        group.bench_function("Update", |b| {
            b.iter(|| {
                let managers = updater
                    .update(
                        empty,
                        black_box(object),
                        "v1",
                        &ManagedFields::new(),
                        "controller",
                    )
                    .expect("first update");
                updater.update(
                    object,
                    black_box(object),
                    "v1",
                    &managers,
                    "other-controller",
                )
            })
        });
        group.finish();
    }
}

criterion_group!(benches, operations);
criterion_main!(benches);
