//! What kubectl does as a client: `kubectl apply` (client-side, the
//! three-way merge against the last-applied-configuration annotation) and
//! the extra requests `kubectl apply --server-side` makes around the apply
//! (keeping the annotation, migrating `kubectl-client-side-apply`
//! ownership).
//!
//! CONTRACT (owned by the `kubectl` engineer; signatures agreed with the
//! `runner` engineer — change them only additively).

use crate::field_manager::{FieldManager, WriteError, WriteOutcome};
use crate::value::Value;

/// What a kubectl command did: the final outcome and, in words, the
/// requests it sent (the step's `notes`).
#[derive(Clone, Debug, PartialEq)]
pub struct KubectlOutcome {
    pub result: Result<WriteOutcome, WriteError>,
    pub notes: Vec<String>,
}

/// `kubectl apply` (client-side) of `manifest` by `manager` at `time`.
pub fn client_side_apply(
    fm: &FieldManager<'_>,
    live: Option<&Value>,
    manifest: &Value,
    manager: &str,
    time: &str,
) -> KubectlOutcome {
    let _ = (fm, live, manifest, manager, time);
    KubectlOutcome {
        result: Err(WriteError::Invalid {
            message: "client-side apply is not implemented yet".into(),
        }),
        notes: vec![],
    }
}

/// `kubectl apply --server-side` with kubectl's own behaviour around the
/// request (`client: kubectl`).
pub fn kubectl_server_side_apply(
    fm: &FieldManager<'_>,
    live: Option<&Value>,
    manifest: &Value,
    manager: &str,
    force: bool,
    time: &str,
) -> KubectlOutcome {
    let request = crate::field_manager::WriteRequest {
        manager,
        subresource: None,
        body: manifest,
        time,
    };
    KubectlOutcome {
        result: fm.apply(live, &request, force),
        notes: vec![],
    }
}
