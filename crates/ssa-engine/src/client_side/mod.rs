//! What kubectl does as a client: `kubectl apply` (client-side: a
//! three-way merge against the last-applied-configuration annotation, sent
//! as a patch) and the extra requests `kubectl apply --server-side` makes
//! around its apply (keeping the annotation under its own manager, moving
//! the fields of every Update manager that owns the annotation to the
//! applier, `csaupgrade`, and applying again). Each request goes through the simulated API server
//! (`crate::field_manager`); `notes` say in words what was sent.

mod csaupgrade;

use crate::field_manager::{
    FieldManager, LAST_APPLIED_ANNOTATION, WriteError, WriteOutcome, WriteRequest, last_applied,
};
use crate::fieldpath::Path;
use crate::patch::PatchType;
use crate::schema::ObjectSchema;
use crate::value::go_quote;
use crate::value::{Map, Value};

/// kubectl's manager for client-side apply.
pub const CLIENT_SIDE_MANAGER: &str = "kubectl-client-side-apply";
/// kubectl's manager that keeps the last-applied annotation after a move
/// to server-side apply.
pub const LAST_APPLIED_MANAGER: &str = "kubectl-last-applied";

/// What a kubectl command did: the final outcome and, in words, the
/// requests it sent (the step's `notes`).
#[derive(Clone, Debug, PartialEq)]
pub struct KubectlOutcome {
    pub result: Result<WriteOutcome, WriteError>,
    pub notes: Vec<String>,
}

/// The note of an apply whose patch kubectl could not compute.
const NO_PATCH: &str = "kubectl could not compute its patch and sent no request";

/// `kubectl apply` (client-side) of `manifest` by `manager` at `time`.
pub fn client_side_apply(
    fm: &FieldManager<'_>,
    live: Option<&Value>,
    manifest: &Value,
    manager: &str,
    time: &str,
) -> KubectlOutcome {
    let modified = with_annotation(manifest);
    let Some(current) = live else {
        // The first apply creates the object, annotation included, with
        // the manifest's nulls pruned from the object but not from the
        // annotation (apply.go's pruneNullsFromMap, "to match what will
        // happen when client-side applying an update").
        let body = prune_nulls(&modified);
        let request = WriteRequest {
            manager,
            subresource: None,
            body: &body,
            time,
        };
        return KubectlOutcome {
            result: fm.create(&request),
            notes: vec![],
        };
    };
    // An annotation that is not JSON fails the patch's creation
    // (strategicpatch's and jsonmergepatch's `ErrBadJSONDoc`).
    let original = match last_applied(current).map(Value::from_json_str) {
        None => Value::Map(Map::new()),
        Some(Ok(original)) => original,
        Some(Err(_)) => {
            return KubectlOutcome {
                result: Err(WriteError::Invalid {
                    message: "invalid JSON document".to_string(),
                }),
                notes: vec![NO_PATCH.to_string()],
            };
        }
    };
    let strategic = fm.schema.omit_empty;
    let patch = match three_way(fm.schema, &original, &modified, current, strategic) {
        Ok(patch) => patch.unwrap_or_else(|| Value::Map(Map::new())),
        Err(e) => {
            return KubectlOutcome {
                result: Err(WriteError::Invalid { message: e.message }),
                notes: vec![NO_PATCH.to_string()],
            };
        }
    };
    if patch.as_map().is_none_or(Map::is_empty) {
        // Nothing to send: kubectl prints "unchanged".
        return KubectlOutcome {
            result: Ok(WriteOutcome {
                object: current.clone(),
                changed: false,
            }),
            notes: vec!["kubectl found nothing to change and sent no request".to_string()],
        };
    }
    let (kind, patch_type) = if strategic {
        ("strategic", PatchType::Strategic)
    } else {
        ("merge", PatchType::Merge)
    };
    // kubectl's `--validate=strict`: a field the kind lacks refuses the
    // patch.
    let patched = crate::patch::patch_object(fm.schema, current, patch_type, &patch, true);
    let secret = (current.get("apiVersion"), current.get("kind"))
        == (Some(&Value::from("v1")), Some(&Value::from("Secret")));
    let shown = if secret {
        masked_secret(&patch)
    } else {
        patch.clone()
    };
    let note = format!("kubectl sent a {kind} patch: {}", shown.to_json_sorted());
    let result = patched
        .map_err(|e| WriteError::Invalid { message: e.message })
        .and_then(|new| {
            fm.update(
                Some(current),
                &WriteRequest {
                    manager,
                    subresource: None,
                    body: &new,
                    time,
                },
            )
        });
    KubectlOutcome {
        result,
        notes: vec![note],
    }
}

/// The manifest with its last-applied annotation, as kubectl builds it:
/// the annotation is the manifest's JSON (keys sorted, `annotations`
/// present even when empty, a trailing newline).
fn with_annotation(manifest: &Value) -> Value {
    let mut annotations = manifest
        .get_path(&["metadata", "annotations"])
        .and_then(Value::as_map)
        .cloned()
        .unwrap_or_default();
    annotations.remove(LAST_APPLIED_ANNOTATION);
    let mut object = manifest.clone();
    set_annotations(&mut object, annotations.clone());
    let text = format!("{}\n", object.to_json_sorted());
    annotations.insert(LAST_APPLIED_ANNOTATION, Value::from(text));
    set_annotations(&mut object, annotations);
    object
}

/// Sets `metadata.annotations` of an object.
fn set_annotations(object: &mut Value, annotations: Map) {
    if let Some(meta) = object.child_map_mut("metadata") {
        meta.insert("annotations", Value::Map(annotations));
    }
}

/// kubectl's three-way patch: changes from `current` to `modified`, and
/// deletions of what `original` had and `modified` dropped. A kind with Go
/// types gets a strategic merge patch (`strategicpatch.CreateThreeWayMergePatch`,
/// see `crate::patch::three_way_patch`), any other a JSON merge patch
/// (`jsonmergepatch.CreateThreeWayJSONMergePatch`: lists replaced whole).
/// `Ok(None)`: nothing to change.
pub(crate) fn three_way(
    schema: &ObjectSchema,
    original: &Value,
    modified: &Value,
    current: &Value,
    strategic: bool,
) -> Result<Option<Value>, crate::patch::PatchError> {
    if strategic {
        let map = |v: &Value| v.as_map().cloned().unwrap_or_default();
        let patch =
            crate::patch::three_way_patch(schema, &map(original), &map(modified), &map(current))?;
        return Ok((!patch.is_empty()).then_some(Value::Map(patch)));
    }
    Ok(merge_three_way(original, modified, current))
}

/// The JSON merge patch form of [`three_way`], as apimachinery's
/// `jsonmergepatch.CreateThreeWayJSONMergePatch` builds it: the merge
/// patch from `current` to `modified` without its nulls, merged with the
/// nulls of the merge patch from `original` to `modified` (so a field the
/// last apply set and the manifest dropped is sent as null whether or not
/// the live object still has it).
fn merge_three_way(original: &Value, modified: &Value, current: &Value) -> Option<Value> {
    let empty = Map::new();
    let map = |v: &Value| v.as_map().cloned().unwrap_or_else(|| empty.clone());
    let (Value::Map(m), Value::Map(_)) = (modified, current) else {
        return (modified != current).then(|| modified.clone());
    };
    let additions = keep_or_delete_null(&merge_diff(&map(current), m), false);
    let deletions = keep_or_delete_null(&merge_diff(&map(original), m), true);
    let patch = merge_docs(deletions, &additions);
    (!patch.is_empty()).then_some(Value::Map(patch))
}

/// evanphx/json-patch's `CreateMergePatch` of two objects (`getDiff`).
fn merge_diff(a: &Map, b: &Map) -> Map {
    let mut into = Map::new();
    for (key, bv) in b {
        match (a.get(key), bv) {
            (Some(Value::Map(am)), Value::Map(bm)) => {
                let sub = merge_diff(am, bm);
                if !sub.is_empty() {
                    into.insert(key.clone(), Value::Map(sub));
                }
            }
            (Some(av), _) if av == bv => {}
            _ => {
                into.insert(key.clone(), bv.clone());
            }
        }
    }
    for key in a.keys() {
        if !b.contains_key(key) {
            into.insert(key.clone(), Value::Null);
        }
    }
    into
}

/// apimachinery's `keepOrDeleteNullInObj`: only the nulls (`keep_null`),
/// or everything but them (an empty map the diff set is kept).
fn keep_or_delete_null(m: &Map, keep_null: bool) -> Map {
    let mut out = Map::new();
    for (key, v) in m {
        match v {
            Value::Null if keep_null => {
                out.insert(key.clone(), Value::Null);
            }
            Value::Null => {}
            Value::Map(sub) if sub.is_empty() => {
                if !keep_null {
                    out.insert(key.clone(), v.clone());
                }
            }
            Value::Map(sub) => {
                let sub = keep_or_delete_null(sub, keep_null);
                if !sub.is_empty() {
                    out.insert(key.clone(), Value::Map(sub));
                }
            }
            _ => {
                if !keep_null {
                    out.insert(key.clone(), v.clone());
                }
            }
        }
    }
    out
}

/// evanphx/json-patch's `MergePatch` (v4 `mergeDocs`) of the deletions
/// patch with the additions patch (which holds no nulls): maps merged; a
/// value set where the deletions have none, or none to merge into, loses
/// the nulls of its maps (`pruneNulls`, lists' maps included).
fn merge_docs(mut doc: Map, patch: &Map) -> Map {
    for (key, v) in patch {
        let merged = match (doc.get(key), v) {
            (Some(Value::Map(cur)), Value::Map(pm)) => Value::Map(merge_docs(cur.clone(), pm)),
            (Some(Value::Map(_)), _) => v.clone(),
            _ => prune_nulls(v),
        };
        doc.insert(key.clone(), merged);
    }
    doc
}

/// evanphx/json-patch's `pruneNulls` and kubectl apply.go's
/// `pruneNullsFromMap` alike: maps without their null fields, throughout
/// (a list keeps its null items).
fn prune_nulls(v: &Value) -> Value {
    match v {
        Value::Map(m) => Value::Map(
            m.iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), prune_nulls(v)))
                .collect(),
        ),
        Value::List(l) => Value::List(l.iter().map(prune_nulls).collect()),
        other => other.clone(),
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
    let request = WriteRequest {
        manager,
        subresource: None,
        body: manifest,
        time,
    };
    let mut notes = Vec::new();
    let first = match fm.apply(live, &request, force) {
        Ok(o) => o,
        Err(e) => {
            return KubectlOutcome {
                result: Err(e),
                notes,
            };
        }
    };
    let mut object = first.object;
    // kubectl's apply.go: the annotation is saved first; only when that
    // went through is the migration tried, and only a migration that
    // patched something is followed by the apply again. Failures past the
    // first apply are warnings: the command still succeeds.
    match save_last_applied(fm, &object, manager, time) {
        Err(e) => notes.push(warning(WARNING_LAST_APPLIED_FAILED, &e)),
        Ok(saved) => {
            if let Some(saved) = saved {
                object = saved;
                notes.push(format!(
                    "kubectl applied the last-applied annotation alone as manager {}",
                    go_quote(LAST_APPLIED_MANAGER)
                ));
            }
            match migrate_to_ssa(fm, &object, manager, time) {
                Err(e) => notes.push(warning(WARNING_MIGRATION_FAILED, &e)),
                Ok(None) => {}
                Ok(Some(migrated)) => {
                    object = migrated;
                    // Re-sent so that what the applier dropped is pruned.
                    match fm.apply(Some(&object), &request, force) {
                        Ok(o) => {
                            object = o.object;
                            notes.push(format!(
                                "kubectl migrated client-side-apply managers to {manager} and re-applied", manager = go_quote(manager)
                            ));
                        }
                        Err(e) => notes.push(warning(WARNING_REAPPLY_FAILED, &e.to_string())),
                    }
                }
            }
        }
    }
    let changed = live != Some(&object);
    KubectlOutcome {
        result: Ok(WriteOutcome { object, changed }),
        notes,
    }
}

/// kubectl's warnings around the migration (`apply.go`), `%[1]s` the error.
const WARNING_LAST_APPLIED_FAILED: &str = "Warning: failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: %[1]s";
const WARNING_MIGRATION_FAILED: &str = "Warning: server rejected managed fields migration to Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: %[1]s";
const WARNING_REAPPLY_FAILED: &str = "Warning: failed to re-apply configuration after performing Server-Side Apply migration. This is non-fatal and will be retried next time you apply. Error: %[1]s";

fn warning(template: &str, error: &str) -> String {
    format!("kubectl printed: {}", template.replace("%[1]s", error))
}

/// kubectl's `saveLastApplyAnnotationIfNecessary`: with the default
/// manager `kubectl`, an annotation no Apply entry owns is applied alone
/// as `kubectl-last-applied`, so that later server-side applies do not
/// drop it. `Ok(None)`: nothing was sent.
fn save_last_applied(
    fm: &FieldManager<'_>,
    object: &Value,
    manager: &str,
    time: &str,
) -> Result<Option<Value>, String> {
    if manager != "kubectl" {
        return Ok(None);
    }
    let Some(annotation) = object
        .get_path(&["metadata", "annotations", LAST_APPLIED_ANNOTATION])
        .and_then(Value::as_str)
    else {
        return Ok(None);
    };
    if !csaupgrade::find_fields_owners(&entries(object), "Apply", &annotation_path()).is_empty() {
        return Ok(None);
    }
    let body = annotation_only(object, annotation);
    let request = WriteRequest {
        manager: LAST_APPLIED_MANAGER,
        subresource: None,
        body: &body,
        time,
    };
    fm.apply(Some(object), &request, false)
        .map(|o| Some(o.object))
        .map_err(|e| e.to_string())
}

/// kubectl's `migrateToSSAIfNecessary`: the Update managers that own the
/// annotation are merged into the applier's Apply entry
/// (`csaupgrade`), sent as a JSON patch replacing
/// `metadata.managedFields` (an update by the applier that changes no
/// field). `Ok(None)`: nothing to migrate.
fn migrate_to_ssa(
    fm: &FieldManager<'_>,
    object: &Value,
    manager: &str,
    time: &str,
) -> Result<Option<Value>, String> {
    let entries = entries(object);
    let mut csa_managers: Vec<String> =
        csaupgrade::find_fields_owners(&entries, "Update", &annotation_path())
            .into_iter()
            .filter_map(|e| e.get("manager").and_then(Value::as_str))
            .map(str::to_string)
            .collect();
    crate::sort::sort(&mut csa_managers);
    csa_managers.dedup();
    let upgraded = csaupgrade::upgrade_managed_fields(&entries, &csa_managers, manager)?;
    if upgraded == entries {
        return Ok(None);
    }
    let mut body = object.clone();
    if let Some(meta) = body.child_map_mut("metadata") {
        let value = if upgraded.is_empty() {
            Value::Null
        } else {
            Value::List(upgraded)
        };
        meta.insert("managedFields", value);
    }
    let request = WriteRequest {
        manager,
        subresource: None,
        body: &body,
        time,
    };
    fm.update(Some(object), &request)
        .map(|o| Some(o.object))
        .map_err(|e| e.to_string())
}

/// The stored `metadata.managedFields` entries, in their order.
fn entries(object: &Value) -> Vec<Value> {
    object
        .get_path(&["metadata", "managedFields"])
        .and_then(Value::as_list)
        .cloned()
        .unwrap_or_default()
}

fn annotation_path() -> Path {
    Path::fields(&["metadata", "annotations", LAST_APPLIED_ANNOTATION])
}

/// The object kubectl reads from a manifest that names no namespace, when
/// its kind is namespaced (`namespace` is not `""`): with the namespace it
/// sends the request to (cli-runtime's `SetNamespace` visitor, which the
/// resource builder runs for `DefaultNamespace`), so the last-applied
/// annotation names it too. `None` when the object is sent as written.
pub fn with_namespace(object: &Value, namespace: &str) -> Option<Value> {
    let named = object
        .get_path(&["metadata", "namespace"])
        .and_then(Value::as_str)
        .is_some_and(|own| !own.is_empty());
    if named || namespace.is_empty() || !object.is_map() {
        return None;
    }
    let mut object = object.clone();
    object
        .child_map_mut("metadata")?
        .insert("namespace", Value::from(namespace));
    Some(object)
}

/// An apply body that holds only the object's identity and annotation.
fn annotation_only(object: &Value, annotation: &str) -> Value {
    let text = |path: &[&str]| object.get_path(path).cloned().unwrap_or(Value::Null);
    let mut annotations = Map::new();
    annotations.insert(LAST_APPLIED_ANNOTATION, Value::from(annotation));
    let mut meta = Map::new();
    meta.insert("name", text(&["metadata", "name"]));
    if let Some(ns) = object.get_path(&["metadata", "namespace"]) {
        meta.insert("namespace", ns.clone());
    }
    meta.insert("annotations", Value::Map(annotations));
    let mut body = Map::new();
    body.insert("apiVersion", text(&["apiVersion"]));
    body.insert("kind", text(&["kind"]));
    body.insert("metadata", Value::Map(meta));
    Value::Map(body)
}

/// A Secret's patch as a note may show it: the values of `data` and
/// `stringData` (and of the last-applied annotation's copy of them) as
/// `***`, as `kubectl diff` masks them (kubectl itself never prints the
/// patch).
fn masked_secret(patch: &Value) -> Value {
    let mut patch = patch.clone();
    let Some(map) = patch.as_map_mut() else {
        return patch;
    };
    for field in ["data", "stringData"] {
        if let Some(Value::Map(values)) = map.get_mut(field) {
            for (_, v) in values.iter_mut() {
                if !v.is_null() {
                    *v = Value::from("***");
                }
            }
        }
    }
    if let Some(Value::Map(annotations)) = map
        .get_mut("metadata")
        .and_then(Value::as_map_mut)
        .and_then(|m| m.get_mut("annotations"))
        && let Some(Value::String(text)) = annotations.get_mut(LAST_APPLIED_ANNOTATION)
        && let Ok(manifest) = Value::from_json_str(text)
    {
        let newline = if text.ends_with('\n') { "\n" } else { "" };
        *text = format!("{}{newline}", masked_secret(&manifest).to_json());
    }
    patch
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn json(text: &str) -> Value {
        Value::from_json_str(text).unwrap()
    }

    fn managers(object: &Value) -> Vec<(String, String)> {
        entries(object)
            .iter()
            .map(|e| {
                let t = |k: &str| e.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                (t("manager"), t("operation"))
            })
            .collect()
    }

    /// A list of scalars merged as a set (`metadata.finalizers`,
    /// `patchStrategy: merge`): an item dropped from the manifest is
    /// deleted (`$deleteFromPrimitiveList`), one a controller added is
    /// kept, as kubectl's three-way patch and the server do. Sending the
    /// list whole would merge it and delete nothing.
    #[test]
    fn a_finalizer_dropped_from_the_manifest_is_deleted() {
        let text = r#"
scenario: v1
name: finalizers
steps:
- manager: kubectl-client-side-apply
  op: client-side-apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: c, namespace: default, finalizers: [example.com/a, example.com/b]}
- manager: controller
  op: patch
  patchType: merge
  patch:
    metadata: {finalizers: [example.com/a, example.com/b, example.com/x]}
- manager: kubectl-client-side-apply
  op: client-side-apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: c, namespace: default, finalizers: [example.com/a]}
"#;
        let result = crate::scenario::run_scenario_text(text).unwrap();
        let last = result.steps.last().unwrap();
        assert_eq!(last.outcome.as_str(), "applied", "{:?}", last.message);
        let finalizers = last
            .object
            .as_ref()
            .and_then(|o| o.get_path(&["metadata", "finalizers"]))
            .cloned();
        assert_eq!(
            finalizers,
            Some(json(r#"["example.com/a","example.com/x"]"#)),
            "example.com/b deleted, the controller's example.com/x kept"
        );
    }

    /// The patch itself, as kubectl's `diffListsOfScalars` builds it: the
    /// items the manifest adds, those it dropped since the last apply as
    /// `$deleteFromPrimitiveList`, the manifest's order.
    #[test]
    fn the_patch_of_a_list_of_scalars_adds_deletes_and_orders() {
        let schema = crate::builtin::lookup("v1", "ConfigMap").unwrap();
        let object = |f: &str| json(&format!(r#"{{"metadata":{{"finalizers":{f}}}}}"#));
        let patch = three_way(
            &schema,
            &object(r#"["a","b"]"#),
            &object(r#"["c","a"]"#),
            &object(r#"["a","b","x"]"#),
            true,
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            patch.to_json_sorted(),
            r#"{"metadata":{"$deleteFromPrimitiveList/finalizers":["b"],"$setElementOrder/finalizers":["c","a"],"finalizers":["c"]}}"#
        );
        let same = object(r#"["a"]"#);
        assert_eq!(three_way(&schema, &same, &same, &same, true).unwrap(), None);
    }

    /// kubectl's patches delete what the manifest dropped since the last
    /// apply whether or not the live object still has it (upstream's
    /// deletions patch compares the last applied with the manifest only),
    /// so kubectl sends a request ("configured") rather than none.
    #[test]
    fn deletions_do_not_depend_on_the_live_object() {
        let original = json(r#"{"data":{"a":"1","b":"2"},"x":{"y":"1","z":"2"}}"#);
        let modified = json(r#"{"data":{"a":"1"},"x":{"y":"1"}}"#);
        let current = json(r#"{"data":{"a":"1"},"x":{"y":"1"}}"#);
        let strategic = crate::builtin::lookup("v1", "ConfigMap").unwrap();
        let patch = three_way(&strategic, &original, &modified, &current, true);
        assert_eq!(
            patch.unwrap().unwrap().to_json_sorted(),
            r#"{"data":{"b":null},"x":{"z":null}}"#
        );
        let deduced = ObjectSchema::deduced();
        let patch = three_way(&deduced, &original, &modified, &current, false);
        assert_eq!(
            patch.unwrap().unwrap().to_json_sorted(),
            r#"{"data":{"b":null},"x":{"z":null}}"#
        );
    }

    /// kubectl `apply.go` `migrateToSSAIfNecessary`: the client-side
    /// managers are the Update entries owning the annotation, whatever
    /// their name (here a client-side apply with `--field-manager`), and
    /// the apply sent again prunes what the applier dropped.
    #[test]
    fn every_update_manager_owning_the_annotation_is_migrated() {
        let schema = ObjectSchema::deduced();
        let fm = FieldManager::new(&schema);
        let csa = json(
            r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"1","b":"2"}}"#,
        );
        let created = client_side_apply(&fm, None, &csa, "my-csa", "2024-01-01T00:00:00Z")
            .result
            .unwrap()
            .object;
        let other = json(
            r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"1"}}"#,
        );
        let out = kubectl_server_side_apply(
            &fm,
            Some(&created),
            &other,
            "kubectl",
            false,
            "2024-01-01T00:00:01Z",
        );
        let object = out.result.unwrap().object;
        assert_eq!(
            managers(&object),
            // The annotation-only apply changed nothing: no time, listed first.
            [
                ("kubectl-last-applied".to_string(), "Apply".to_string()),
                ("kubectl".to_string(), "Apply".to_string())
            ]
        );
        assert_eq!(object.get("data").unwrap().to_json_sorted(), r#"{"a":"1"}"#);
        assert!(
            out.notes.iter().any(|n| n.contains("migrated")),
            "{:?}",
            out.notes
        );
    }

    /// kubectl `apply.go`: with another `--field-manager` the annotation is
    /// not saved, and an Update manager that does not own the annotation
    /// keeps its fields.
    #[test]
    fn updaters_without_the_annotation_keep_their_fields() {
        let schema = ObjectSchema::deduced();
        let fm = FieldManager::new(&schema);
        let base = json(
            r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"1"}}"#,
        );
        let created = client_side_apply(
            &fm,
            None,
            &base,
            "kubectl-client-side-apply",
            "2024-01-01T00:00:00Z",
        )
        .result
        .unwrap()
        .object;
        let mut edited = created.clone();
        edited
            .child_map_mut("data")
            .unwrap()
            .insert("z", Value::from("9"));
        let request = WriteRequest {
            manager: "operator",
            subresource: None,
            body: &edited,
            time: "2024-01-01T00:00:01Z",
        };
        let edited = fm.update(Some(&created), &request).unwrap().object;
        let out = kubectl_server_side_apply(
            &fm,
            Some(&edited),
            &base,
            "ci",
            false,
            "2024-01-01T00:00:02Z",
        );
        let object = out.result.unwrap().object;
        assert_eq!(
            managers(&object),
            [
                ("ci".to_string(), "Apply".to_string()),
                ("operator".to_string(), "Update".to_string())
            ]
        );
        assert_eq!(object.get_path(&["data", "z"]), Some(&Value::from("9")));
    }
}
