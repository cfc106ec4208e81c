//! The generic registry store's optimistic lock (apiserver
//! `pkg/registry/generic/registry/store.go`, `Store.Update`): the object
//! an update, a patch or an apply would store names a resourceVersion,
//! and when it is not the stored object's the store refuses the write
//! with 409 Conflict (`storeerr.InterpretUpdateError`: `NewConflict` with
//! `OptimisticLockErrorMsg`). The check comes after the field manager
//! (an apply's own conflicts first) and before the strategy's
//! validation. A body without one is not checked (an unconditional
//! update). A hand-written `live` without one is stored at version 1, as
//! the scenario's bookkeeping numbers its writes.

use crate::value::{Value, go_quote};

/// The server's message when `object` (the request's object, or an
/// applied configuration) names a resourceVersion other than `stored`'s;
/// `resource` is the qualified resource (`deployments.apps`).
pub fn optimistic_lock(resource: &str, object: &Value, stored: &Value) -> Option<String> {
    let (wanted, stored_version) = (resource_version(object)?, resource_version(stored)?);
    (wanted != stored_version).then(|| {
        let name = stored
            .get_path(&["metadata", "name"])
            .and_then(Value::as_str)
            .unwrap_or("");
        [
            "Operation cannot be fulfilled on ",
            resource,
            " ",
            &go_quote(name),
            ": the object has been modified; please apply your changes to the latest version and try again",
        ]
        .concat()
    })
}

fn resource_version(v: &Value) -> Option<&str> {
    v.get_path(&["metadata", "resourceVersion"])
        .and_then(Value::as_str)
        .filter(|rv| !rv.is_empty())
}

#[cfg(test)]
mod tests {
    use crate::scenario::{Outcome, run_scenario_text};

    const STALE: &str = "Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; please apply your changes to the latest version and try again";

    /// (outcome, message) of each step of a Deployment scenario whose
    /// live object is at resourceVersion 100.
    fn run(live_version: &str, steps: &str) -> Vec<(Outcome, String)> {
        let text = format!(
            "scenario: v1
name: optimistic-lock
live:
  apiVersion: apps/v1
  kind: Deployment
  metadata: {{name: web, namespace: default{live_version}}}
  spec:
    selector: {{matchLabels: {{app: web}}}}
    template:
      metadata: {{labels: {{app: web}}}}
      spec: {{containers: [{{name: app, image: nginx}}]}}
steps:
{steps}"
        );
        run_scenario_text(&text)
            .unwrap()
            .steps
            .into_iter()
            .map(|s| (s.outcome, s.message))
            .collect()
    }

    fn deployment(rv: &str, image: &str) -> String {
        format!(
            "    apiVersion: apps/v1
    kind: Deployment
    metadata: {{name: web, namespace: default, resourceVersion: '{rv}'}}
    spec:
      selector: {{matchLabels: {{app: web}}}}
      template:
        metadata: {{labels: {{app: web}}}}
        spec: {{containers: [{{name: app, image: '{image}'}}]}}
"
        )
    }

    /// The version the object names must be the stored one: an update, a
    /// patch naming one, and an apply alike; the write that matches moves
    /// the stored version, so the same body a second time is stale.
    #[test]
    fn a_write_naming_another_resource_version_is_a_conflict() {
        let update = |rv: &str, image: &str| {
            format!(
                "- manager: u\n  op: update\n  object:\n{}",
                deployment(rv, image)
            )
        };
        let steps = [
            update("100", "nginx:1"),
            update("100", "nginx:2"),
            "- manager: p\n  op: patch\n  patchType: merge\n  patch: {metadata: {resourceVersion: '7'}, spec: {paused: true}}\n".to_string(),
            // No resourceVersion in the patch: unconditional.
            "- manager: p\n  op: patch\n  patchType: merge\n  patch: {spec: {paused: true}}\n".to_string(),
            format!("- manager: a\n  op: apply\n  force: true\n  object:\n{}", deployment("101", "nginx:3")),
        ];
        let results = run(", resourceVersion: '100'", &steps.concat());
        let stale = (Outcome::Conflict, STALE.to_string());
        assert_eq!(results[0], (Outcome::Applied, String::new()));
        assert_eq!(results[1], stale);
        assert_eq!(results[2], stale);
        assert_eq!(results[3], (Outcome::Applied, String::new()));
        assert_eq!(results[4], stale, "the patch moved the version to 102");
    }

    /// The lock comes before the strategy's validation (an invalid image
    /// in a stale update is a conflict); a `live` without a
    /// resourceVersion is stored at version 1.
    #[test]
    fn the_lock_comes_before_validation() {
        let update = format!(
            "- manager: u\n  op: update\n  object:\n{}",
            deployment("3", "")
        );
        assert_eq!(
            run(", resourceVersion: '100'", &update)[0],
            (Outcome::Conflict, STALE.to_string())
        );
        let valid = |rv: &str| {
            format!(
                "- manager: u\n  op: update\n  object:\n{}",
                deployment(rv, "nginx")
            )
        };
        assert_eq!(run("", &valid("1"))[0], (Outcome::Applied, String::new()));
        assert_eq!(
            run("", &valid("3"))[0],
            (Outcome::Conflict, STALE.to_string())
        );
    }
}
