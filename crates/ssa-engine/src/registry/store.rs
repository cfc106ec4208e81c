//! The generic registry store's checks of an object's resourceVersion
//! (apiserver `pkg/registry/generic/registry/store.go` and
//! `pkg/storage/etcd3/store.go`).
//!
//! The optimistic lock (`Store.Update`): the object an update, a patch or
//! an apply would store names a resourceVersion, and when it is not the
//! stored object's the store refuses the write with 409 Conflict
//! (`storeerr.InterpretUpdateError`: `NewConflict` with
//! `OptimisticLockErrorMsg`). The check comes after the field manager
//! (an apply's own conflicts first) and before the strategy's validation.
//! A body without one is not checked (an unconditional update). A
//! hand-written `live` without one is stored at version 1, as the
//! scenario's bookkeeping numbers its writes.
//!
//! A create (POST) that names one is refused by the storage itself, after
//! the strategy's validation; a create through an update or an apply is
//! not (the version is cleared before storing).
//!
//! Versions are numbers (`APIObjectVersioner.ObjectResourceVersion`,
//! `strconv.ParseUint`): `"007"` is version 7, and a version that is not
//! a number fails the update or apply, a create through one too, with the
//! parser's error, which the handler answers with 500 (a POST's storage
//! clears it unread).
//!
//! An update (PUT) also makes its object's uid a precondition, which
//! etcd3's `GuaranteedUpdate` checks before the rest of the store runs
//! (`uid_precondition`); its refusal names the object's etcd key
//! (`storage_key`).

use crate::value::{Value, go_quote};

/// Why the store refuses a write.
#[derive(Debug)]
pub enum StoreRefusal {
    /// 409 Conflict.
    Conflict(String),
    /// 500: an error that is not an API status (`ErrorToAPIStatus`
    /// answers it with its text).
    Internal(String),
}

/// The store's optimistic lock on an update, a patch or an apply:
/// `object` is the object the write would store (the request's object, or
/// an applied configuration), `stored` the object it replaces; `resource`
/// is the qualified resource (`deployments.apps`).
pub fn optimistic_lock(resource: &str, object: &Value, stored: &Value) -> Result<(), StoreRefusal> {
    let wanted = object_resource_version(object).map_err(StoreRefusal::Internal)?;
    // The store's own versions are numbers; a hand-written one that is not
    // is not checked against.
    let Ok(stored_version) = object_resource_version(stored) else {
        return Ok(());
    };
    if wanted == 0 || wanted == stored_version {
        return Ok(());
    }
    let name = stored
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    Err(StoreRefusal::Conflict(
        [
            "Operation cannot be fulfilled on ",
            resource,
            " ",
            &go_quote(name),
            ": the object has been modified; please apply your changes to the latest version and try again",
        ]
        .concat(),
    ))
}

/// `Store.Update`'s reading of the version of an object it creates (the
/// object is absent): any number, but not a text `ParseUint` refuses.
pub fn readable_version(object: &Value) -> Result<(), StoreRefusal> {
    object_resource_version(object)
        .map(|_| ())
        .map_err(StoreRefusal::Internal)
}

/// The storage's check of a create (POST): `ErrResourceVersionSetOnCreate`
/// for an object that names a version (one `ParseUint` reads as more
/// than 0; another is cleared unread).
pub fn check_create(object: &Value) -> Result<(), StoreRefusal> {
    match object_resource_version(object) {
        Ok(version) if version != 0 => Err(StoreRefusal::Internal(
            "resourceVersion should not be set on objects to be created".to_string(),
        )),
        _ => Ok(()),
    }
}

/// The UID precondition of an update (PUT): the update handler makes the
/// body's `metadata.uid` a precondition (`DefaultUpdatedObjectInfo`'s
/// `Preconditions`), which etcd3's `GuaranteedUpdate` checks against the
/// stored object (none: an empty one) before anything else of the store
/// runs; `InterpretUpdateError` answers its `StorageError` with 409. `key`
/// is the object's [`storage_key`], `name` the URL's.
pub fn uid_precondition(
    resource: &str,
    key: &str,
    name: &str,
    object: &Value,
    stored: Option<&Value>,
) -> Result<(), StoreRefusal> {
    let uid = |v: &Value| {
        v.get_path(&["metadata", "uid"])
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let wanted = uid(object);
    let stored = stored.map(uid).unwrap_or_default();
    if wanted.is_empty() || wanted == stored {
        return Ok(());
    }
    Err(StoreRefusal::Conflict(format!(
        "Operation cannot be fulfilled on {resource} {}: StorageError: invalid object, Code: 4, Key: {key}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: {wanted}, UID in object meta: {stored}",
        go_quote(name)
    )))
}

/// An object's key in etcd as the API server names it under its default
/// `--etcd-prefix`, `/registry`: the resource's prefix, its namespace (for
/// a namespaced kind) and its name. Built-in resources are stored under
/// the resource's name but for kube-apiserver's
/// `SpecialDefaultResourcePrefixes`; what the extension servers store
/// (custom resources, CustomResourceDefinitions, APIServices:
/// `extension`) under `<group>/<resource>` (`SimpleStorageFactory`).
pub fn storage_key(
    group: &str,
    resource: &str,
    namespace: Option<&str>,
    name: &str,
    extension: bool,
) -> String {
    let prefix = match (group, resource) {
        _ if extension => format!("{group}/{resource}"),
        ("", "replicationcontrollers") => "controllers".to_string(),
        ("", "endpoints") => "services/endpoints".to_string(),
        ("", "nodes") => "minions".to_string(),
        ("", "services") => "services/specs".to_string(),
        ("extensions" | "networking.k8s.io", "ingresses") => "ingress".to_string(),
        _ => resource.to_string(),
    };
    match namespace {
        Some(namespace) => format!("/registry/{prefix}/{namespace}/{name}"),
        None => format!("/registry/{prefix}/{name}"),
    }
}

/// `APIObjectVersioner.ObjectResourceVersion`: 0 when `v` names none,
/// else the version as `strconv.ParseUint(version, 10, 64)` reads it, or
/// its error's text.
fn object_resource_version(v: &Value) -> Result<u64, String> {
    let version = v
        .get_path(&["metadata", "resourceVersion"])
        .and_then(Value::as_str)
        .unwrap_or("");
    parse_uint(version)
        .map_err(|reason| format!("strconv.ParseUint: parsing {}: {reason}", go_quote(version)))
}

/// Go's `strconv.ParseUint(text, 10, 64)`, but `""` is 0 (the versioner
/// reads an empty version as none): digits only, and the first digit
/// that overflows is a range error even if a non-digit follows.
fn parse_uint(text: &str) -> Result<u64, &'static str> {
    let mut n: u64 = 0;
    for b in text.bytes() {
        if !b.is_ascii_digit() {
            return Err("invalid syntax");
        }
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(b - b'0')))
            .ok_or("value out of range")?;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use crate::scenario::{Outcome, run_scenario_text};

    const STALE: &str = "Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; please apply your changes to the latest version and try again";

    /// (outcome, message) of each step of a Deployment scenario whose
    /// live object's metadata ends in `live_version`.
    fn run(live_version: &str, steps: &str) -> Vec<(Outcome, String)> {
        let live = format!(
            "live:
  apiVersion: apps/v1
  kind: Deployment
  metadata: {{name: web, namespace: default{live_version}}}
  spec:
    selector: {{matchLabels: {{app: web}}}}
    template:
      metadata: {{labels: {{app: web}}}}
      spec: {{containers: [{{name: app, image: nginx}}]}}
"
        );
        run_steps(&live, steps)
    }

    /// (outcome, message) of each step, after `live` (a `live:` entry or
    /// nothing).
    fn run_steps(live: &str, steps: &str) -> Vec<(Outcome, String)> {
        let text = format!("scenario: v1\nname: store\n{live}steps:\n{steps}");
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

    /// The field manager makes the new object before the store checks
    /// its version (`Store.Update` calls `UpdatedObject` first): a stale
    /// apply that also conflicts, or that the typed merge refuses, gets
    /// the field manager's answer; with force it meets the lock.
    #[test]
    fn an_apply_meets_the_field_manager_before_the_lock() {
        let apply = |manager: &str, force: bool, rv: &str, image: &str| {
            format!(
                "- manager: {manager}\n  op: apply\n  force: {force}\n  object:\n{}",
                deployment(rv, image)
            )
        };
        let typing = "- manager: c\n  op: apply\n  object:\n    apiVersion: apps/v1\n    kind: Deployment\n    metadata: {name: web, namespace: default, resourceVersion: '1'}\n    spec: {replicas: 'three'}\n";
        let steps = [
            apply("a", true, "100", "nginx:1"),
            apply("b", false, "100", "nginx:2"),
            typing.to_string(),
            apply("b", true, "100", "nginx:2"),
        ];
        let results = run(", resourceVersion: '100'", &steps.concat());
        assert_eq!(results[0], (Outcome::Applied, String::new()));
        assert_eq!(
            results[1],
            (
                Outcome::Conflict,
                "Apply failed with 1 conflict: conflict with \"a\": .spec.template.spec.containers[name=\"app\"].image".to_string()
            )
        );
        assert_eq!(results[2].0, Outcome::Invalid);
        assert!(
            results[2].1.contains(".spec.replicas: expected numeric"),
            "{}",
            results[2].1
        );
        assert_eq!(results[3], (Outcome::Conflict, STALE.to_string()));
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

    /// Versions are numbers, as `strconv.ParseUint` reads them: `0100` is
    /// 100, `0` asks for no check, and a version that is not a number
    /// fails the write with the parser's error (500).
    #[test]
    fn versions_are_read_as_numbers() {
        let update = |rv: &str| {
            format!(
                "- manager: u\n  op: update\n  object:\n{}",
                deployment(rv, "nginx:1")
            )
        };
        let results = run(
            ", resourceVersion: '100'",
            &[
                update("0100"),
                update("0"),
                update("12a"),
                update("99999999999999999999"),
            ]
            .concat(),
        );
        assert_eq!(results[0], (Outcome::Applied, String::new()));
        assert_eq!(results[1], (Outcome::Applied, String::new()));
        assert_eq!(
            results[2],
            (
                Outcome::Invalid,
                "strconv.ParseUint: parsing \"12a\": invalid syntax".to_string()
            )
        );
        assert_eq!(
            results[3],
            (
                Outcome::Invalid,
                "strconv.ParseUint: parsing \"99999999999999999999\": value out of range"
                    .to_string()
            )
        );
    }

    /// Go's `ParseUint` stops at the first digit that overflows.
    #[test]
    fn parse_uint_is_go_s() {
        use super::parse_uint;
        assert_eq!(parse_uint(""), Ok(0));
        assert_eq!(parse_uint("007"), Ok(7));
        assert_eq!(parse_uint("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            parse_uint("18446744073709551616"),
            Err("value out of range")
        );
        assert_eq!(
            parse_uint("99999999999999999999x"),
            Err("value out of range")
        );
        assert_eq!(parse_uint("9x9999999999999999999"), Err("invalid syntax"));
        assert_eq!(parse_uint("+1"), Err("invalid syntax"));
    }

    /// A create (POST, kubectl's client-side apply of an absent object)
    /// naming a version is refused by the storage, after validation; a
    /// version `ParseUint` cannot read is cleared; a create through an
    /// update or an apply stores the object, but fails on a version
    /// `ParseUint` cannot read (`Store.Update` reads it).
    #[test]
    fn a_create_may_not_name_a_resource_version() {
        let step = |op: &str, rv: &str, image: &str| {
            run_steps(
                "",
                &format!(
                    "- manager: m\n  op: {op}\n  object:\n{}",
                    deployment(rv, image)
                ),
            )
            .remove(0)
        };
        let refused = (
            Outcome::Invalid,
            "resourceVersion should not be set on objects to be created".to_string(),
        );
        assert_eq!(step("client-side-apply", "5", "nginx"), refused);
        assert_eq!(step("client-side-apply", "0", "nginx").0, Outcome::Applied);
        assert_eq!(step("client-side-apply", "x", "nginx").0, Outcome::Applied);
        let invalid = step("client-side-apply", "5", "");
        assert_eq!(invalid.0, Outcome::Invalid);
        assert!(invalid.1.contains("Required value"), "{}", invalid.1);
        assert_eq!(step("update", "5", "nginx").0, Outcome::Applied);
        assert_eq!(step("apply", "5", "nginx").0, Outcome::Applied);
        let unreadable = (
            Outcome::Invalid,
            "strconv.ParseUint: parsing \"x\": invalid syntax".to_string(),
        );
        assert_eq!(step("update", "x", "nginx"), unreadable);
        assert_eq!(step("apply", "x", "nginx"), unreadable);
    }

    /// The keys etcd stores objects under (kube-apiserver's
    /// `SpecialDefaultResourcePrefixes`; the extension servers'
    /// `<group>/<resource>`).
    #[test]
    fn storage_keys() {
        use super::storage_key;
        let cases = [
            (
                ("apps", "deployments", Some("default"), "web", false),
                "/registry/deployments/default/web",
            ),
            (
                ("", "services", Some("shop"), "api", false),
                "/registry/services/specs/shop/api",
            ),
            (
                ("", "endpoints", Some("shop"), "api", false),
                "/registry/services/endpoints/shop/api",
            ),
            (("", "nodes", None, "n1", false), "/registry/minions/n1"),
            (
                ("", "replicationcontrollers", Some("a"), "rc", false),
                "/registry/controllers/a/rc",
            ),
            (
                ("networking.k8s.io", "ingresses", Some("a"), "i", false),
                "/registry/ingress/a/i",
            ),
            (
                ("", "namespaces", None, "team", false),
                "/registry/namespaces/team",
            ),
            (
                ("example.com", "widgets", Some("a"), "w", true),
                "/registry/example.com/widgets/a/w",
            ),
            (
                (
                    "apiextensions.k8s.io",
                    "customresourcedefinitions",
                    None,
                    "widgets.example.com",
                    true,
                ),
                "/registry/apiextensions.k8s.io/customresourcedefinitions/widgets.example.com",
            ),
        ];
        for ((group, resource, namespace, name, extension), key) in cases {
            assert_eq!(
                storage_key(group, resource, namespace, name, extension),
                key
            );
        }
    }

    const UID_A: &str = "aaaaaaaa-0000-4000-8000-000000000001";
    const UID_B: &str = "bbbbbbbb-0000-4000-8000-000000000002";

    /// A PUT naming another uid fails its precondition (409, before
    /// validation); a patch or an apply that changes the uid is refused by
    /// `validateCommonFields` (422); naming the stored uid, or none, is
    /// fine.
    #[test]
    fn a_write_may_not_change_the_uid() {
        let live = format!(
            "live: {{apiVersion: v1, kind: ConfigMap, metadata: {{name: web, namespace: default, uid: {UID_A}}}, data: {{a: b}}}}\n"
        );
        let update = |uid: &str, value: &str| {
            format!(
                "- manager: m\n  op: update\n  object: {{apiVersion: v1, kind: ConfigMap, metadata: {{name: web, namespace: default, uid: '{uid}'}}, data: {{a: '{value}'}}}}\n"
            )
        };
        let steps = [
            update(UID_B, "c"),
            update(UID_A, "c"),
            update("", "d"),
            format!(
                "- manager: m\n  op: patch\n  patchType: merge\n  patch: {{metadata: {{uid: {UID_B}}}}}\n"
            ),
            format!(
                "- manager: m\n  op: apply\n  force: true\n  object: {{apiVersion: v1, kind: ConfigMap, metadata: {{name: web, namespace: default, uid: {UID_B}}}, data: {{a: e}}}}\n"
            ),
            format!(
                "- manager: m\n  op: apply\n  force: true\n  object: {{apiVersion: v1, kind: ConfigMap, metadata: {{name: web, namespace: default, uid: {UID_A}}}, data: {{a: e}}}}\n"
            ),
        ];
        let results = run_steps(&live, &steps.concat());
        assert_eq!(
            results[0],
            (
                Outcome::Conflict,
                format!(
                    "Operation cannot be fulfilled on configmaps \"web\": StorageError: invalid object, Code: 4, Key: /registry/configmaps/default/web, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: {UID_B}, UID in object meta: {UID_A}"
                )
            )
        );
        assert_eq!(results[1], (Outcome::Applied, String::new()));
        assert_eq!(results[2], (Outcome::Applied, String::new()));
        let immutable = (
            Outcome::Invalid,
            format!(
                "ConfigMap \"web\" is invalid: metadata.uid: Invalid value: \"{UID_B}\": field is immutable"
            ),
        );
        assert_eq!(results[3], immutable);
        assert_eq!(results[4], immutable);
        assert_eq!(results[5], (Outcome::Applied, String::new()));
    }

    /// A custom resource's uid is as immutable (its validator's
    /// `ValidateObjectMetaAccessorUpdate`), but a status write takes the
    /// stored object's metadata whole (its status strategy's
    /// `PrepareForUpdate`), so its uid changes nothing.
    #[test]
    fn a_write_may_not_change_a_custom_resource_uid() {
        let crd = "schema:\n  crd:\n    apiVersion: apiextensions.k8s.io/v1\n    kind: CustomResourceDefinition\n    metadata: {name: widgets.example.com}\n    spec:\n      group: example.com\n      scope: Namespaced\n      names: {plural: widgets, singular: widget, kind: Widget}\n      versions:\n      - name: v1\n        served: true\n        storage: true\n        subresources: {status: {}}\n        schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}\n";
        let live = format!(
            "{crd}live: {{apiVersion: example.com/v1, kind: Widget, metadata: {{name: w, namespace: default, uid: {UID_A}}}, spec: {{a: b}}}}\n"
        );
        let apply = |uid: &str, subresource: &str| {
            format!(
                "- manager: m\n  op: apply\n  force: true\n{subresource}  object: {{apiVersion: example.com/v1, kind: Widget, metadata: {{name: w, namespace: default, uid: {uid}}}, spec: {{a: c}}, status: {{s: 1}}}}\n"
            )
        };
        let patch = |subresource: &str| {
            format!(
                "- manager: m\n  op: patch\n{subresource}  patchType: merge\n  patch: {{metadata: {{uid: {UID_B}}}, status: {{s: 2}}}}\n"
            )
        };
        let steps = [
            apply(UID_B, ""),
            patch(""),
            apply(UID_B, "  subresource: status\n"),
            patch("  subresource: status\n"),
            apply(UID_A, ""),
        ];
        let results = run_steps(&live, &steps.concat());
        let immutable = (
            Outcome::Invalid,
            format!(
                "Widget.example.com \"w\" is invalid: metadata.uid: Invalid value: \"{UID_B}\": field is immutable"
            ),
        );
        let applied = (Outcome::Applied, String::new());
        assert_eq!(
            results,
            [
                immutable.clone(),
                immutable,
                applied.clone(),
                applied.clone(),
                applied
            ]
        );
    }

    /// A `live` written without a uid is the object whose uid the steps
    /// name: a body copied from the real object passes.
    #[test]
    fn a_live_object_without_a_uid_has_the_one_the_steps_name() {
        let live = "live: {apiVersion: v1, kind: ConfigMap, metadata: {name: web, namespace: default}, data: {a: b}}\n";
        let step = format!(
            "- manager: m\n  op: update\n  object: {{apiVersion: v1, kind: ConfigMap, metadata: {{name: web, namespace: default, uid: {UID_B}}}, data: {{a: c}}}}\n"
        );
        assert_eq!(run_steps(live, &step)[0], (Outcome::Applied, String::new()));
    }
}
