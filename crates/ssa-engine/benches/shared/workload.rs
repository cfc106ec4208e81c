//! structured-merge-diff's benchmark workload, shared by the native
//! criterion benchmark (`benches/operations.rs`) and the one that runs the
//! same operations as WebAssembly in headless Chromium
//! (`crates/ssa-wasm/benches/operations.rs`, which includes this file by
//! path): the five objects with their schemas, and the four operations,
//! each from an empty object and no managers.
//!
//! The objects come from `../shared/bench-data/` through `read`, so each
//! side loads them its own way (files natively, compiled in for wasm).

use ssa_engine::fieldpath::Set;
use ssa_engine::merge::{ManagedFields, MergeError, Updater};
use ssa_engine::schema::{Schema, TypeId};
use ssa_engine::typed::{Duplicates, Typed};
use ssa_engine::value::Value;
use std::hint::black_box;

/// One object of the benchmark with its schema.
#[derive(Debug)]
pub struct Case {
    pub name: &'static str,
    pub schema: Schema,
    pub root: TypeId,
    pub object: Value,
}

/// The operations of upstream's benchmark, in its order.
pub const OPERATIONS: [&str; 4] = ["Create", "Apply", "ApplyTwice", "Update"];

fn parse(name: &str, text: &str) -> Value {
    match ssa_engine::yaml::parse(text) {
        Ok(doc) => doc.value,
        Err(e) => panic!("{name}: {e}"),
    }
}

fn schema(name: &str, text: &str, root: &str) -> (Schema, TypeId) {
    let schema =
        ssa_engine::smd::load_types(&parse(name, text)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let root = schema
        .lookup(root)
        .unwrap_or_else(|| panic!("{name}: no type {root}"));
    (schema, root)
}

/// The five objects, read by `read(file name)`.
pub fn cases(read: &dyn Fn(&str) -> String) -> Vec<Case> {
    let k8s_schema = read("k8s-schema.yaml");
    let k8s = |name, file: &str, root| {
        let (schema, root) = schema("k8s-schema.yaml", &k8s_schema, root);
        Case {
            name,
            schema,
            root,
            object: parse(file, &read(file)),
        }
    };
    let (schema, root) = self::schema(
        "apiresourceimport.yaml",
        &read("apiresourceimport.yaml"),
        "apiresourceimport",
    );
    vec![
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
        Case {
            name: "apiresourceimport",
            schema,
            root,
            object: parse(
                "apiresourceimport-cr.yaml",
                &read("apiresourceimport-cr.yaml"),
            ),
        },
    ]
}

/// A case typed once, outside the timed loop, as upstream's benchmark
/// parses its objects once; `run` does one operation.
#[derive(Debug)]
pub struct Prepared<'c> {
    updater: Updater<'c>,
    empty: Typed<'c>,
    object: Typed<'c>,
}

impl<'c> Prepared<'c> {
    pub fn new(case: &'c Case, empty: &'c Value, none: &'c Set) -> Self {
        let typed = |v, duplicates| {
            Typed::new(&case.schema, case.root, v, duplicates)
                .unwrap_or_else(|e| panic!("{}: {e}", case.name))
        };
        Prepared {
            updater: Updater::new(&case.schema, case.root, none),
            empty: typed(empty, Duplicates::Allow),
            object: typed(&case.object, Duplicates::Refuse),
        }
    }

    /// One run of `operation` (one of [`OPERATIONS`]).
    pub fn run(&self, operation: &str) -> Result<(), MergeError> {
        let (updater, empty, object) = (&self.updater, self.empty, black_box(self.object));
        let fresh = ManagedFields::new();
        match operation {
            "Create" => updater
                .update(empty, object, "v1", &fresh, "controller")
                .map(drop),
            "Apply" => updater
                .apply(empty, object, "v1", &fresh, "controller", false)
                .map(drop),
            "ApplyTwice" => {
                let first = updater.apply(empty, object, "v1", &fresh, "controller", false)?;
                let live = first.object.unwrap_or_default();
                updater
                    .apply(
                        Typed::already_validated(&live),
                        object,
                        "v1",
                        &first.managers,
                        "other-controller",
                        false,
                    )
                    .map(drop)
            }
            "Update" => {
                let managers = updater.update(empty, object, "v1", &fresh, "controller")?;
                updater
                    .update(object, object, "v1", &managers, "other-controller")
                    .map(drop)
            }
            other => panic!("no operation {other}"),
        }
    }
}
