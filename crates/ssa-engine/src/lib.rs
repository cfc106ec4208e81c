//! The Kubernetes Server-Side Apply engine.
//!
//! Pure Rust: no I/O, no wall clock, no browser. Given a scenario (a live
//! object, a schema and a sequence of writes by field managers) it computes
//! what the Kubernetes API server would do: the merged object, who owns each
//! field (`metadata.managedFields`), what an apply prunes and which writes
//! conflict.
//!
//! The modules follow structured-merge-diff's names and dependency order:
//! `value` and `schema` know nothing of the rest; `fieldpath` uses both;
//! `typed` uses all three; `merge` sits on top. Above them sit the API
//! server's bookkeeping (`managed_fields`, `field_manager`), the schema
//! sources (`smd`, `openapi`, `crd`, `builtin`), kubectl's behaviour
//! (`patch`, `client_side`) and the scenario runner (`scenario`).
#![forbid(unsafe_code)]

pub mod builtin;
pub mod client_side;
pub mod crd;
pub mod delegated;
pub mod field_manager;
pub mod fieldpath;
pub mod float;
pub mod json;
pub mod lesson;
pub mod lifecycle;
pub mod managed_fields;
pub mod merge;
pub mod openapi;
pub mod patch;
pub mod registry;
pub mod review;
pub mod scenario;
pub mod schema;
pub mod share;
pub mod smd;
pub mod sort;
pub mod typed;
#[cfg(test)]
mod upstream_diff;
pub mod value;
pub mod yaml;
