//! What kubectl does as a client: `kubectl apply` (client-side: a
//! three-way merge against the last-applied-configuration annotation, sent
//! as a patch) and the extra requests `kubectl apply --server-side` makes
//! around its apply (keeping the annotation under its own manager, moving
//! `kubectl-client-side-apply` ownership to the applier and applying
//! again). Each request goes through the simulated API server
//! (`crate::field_manager`); `notes` say in words what was sent.

use crate::field_manager::{
    FieldManager, LAST_APPLIED_ANNOTATION, WriteError, WriteOutcome, WriteRequest, last_applied,
};
use crate::fieldpath::{Path, Set};
use crate::managed_fields::{self, Managed, ManagerId, Operation};
use crate::merge::VersionedSet;
use crate::schema::{ObjectSchema, TypeId};
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
        // The first apply creates the object, annotation included.
        let request = WriteRequest {
            manager,
            subresource: None,
            body: &modified,
            time,
        };
        return KubectlOutcome {
            result: fm.update(None, &request),
            notes: vec![],
        };
    };
    let original = last_applied(current)
        .and_then(|t| Value::from_json_str(t).ok())
        .unwrap_or(Value::Map(Map::new()));
    let strategic = fm.schema.omit_empty;
    let patch = three_way(
        fm.schema,
        Some(fm.schema.root),
        Some(&original),
        &modified,
        current,
        strategic,
    )
    .unwrap_or_else(|| Value::Map(Map::new()));
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
    let (kind, patched) = if strategic {
        (
            "strategic",
            crate::patch::apply_strategic_patch(fm.schema, current, &patch),
        )
    } else {
        ("merge", crate::patch::apply_merge_patch(current, &patch))
    };
    let note = format!("kubectl sent a {kind} patch: {}", patch.to_json_sorted());
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
/// deletions of what `original` had and `modified` dropped. Strategic
/// patches merge lists with a merge key item by item; merge patches
/// replace lists whole. `None`: nothing to change.
fn three_way(
    schema: &ObjectSchema,
    ty: Option<TypeId>,
    original: Option<&Value>,
    modified: &Value,
    current: &Value,
    strategic: bool,
) -> Option<Value> {
    let (Value::Map(m), Value::Map(c)) = (modified, current) else {
        return (modified != current).then(|| modified.clone());
    };
    let o = original.and_then(Value::as_map);
    let map_type = ty.and_then(|t| schema.schema.atom(t).map.as_ref());
    let mut patch = Map::new();
    for (key, mv) in m {
        let child_type = map_type.and_then(|mt| mt.type_of(key));
        let ov = o.and_then(|o| o.get(key));
        match c.get(key) {
            None => {
                patch.insert(key.clone(), mv.clone());
            }
            Some(cv) => {
                let field = map_type.and_then(|mt| mt.field(key));
                let merge_key = field.and_then(|f| f.patch_merge_key.clone());
                let merges = field
                    .and_then(|f| f.patch_strategy.as_deref())
                    .is_some_and(|s| s.split(',').any(|p| p == "merge"));
                match (mv, cv) {
                    (Value::Map(mm), Value::Map(_)) => {
                        if let Some(mut sub) = three_way(schema, child_type, ov, mv, cv, strategic)
                        {
                            let retains = field
                                .and_then(|f| f.patch_strategy.as_deref())
                                .is_some_and(|s| s.split(',').any(|p| p == "retainKeys"));
                            if strategic
                                && retains
                                && let Some(sm) = sub.as_map_mut()
                            {
                                // Keys the manifest does not set are cleared.
                                let mut keys: Vec<&String> = mm.keys().collect();
                                keys.sort();
                                sm.insert(
                                    "$retainKeys",
                                    Value::List(
                                        keys.into_iter().map(|k| Value::from(k.as_str())).collect(),
                                    ),
                                );
                            }
                            patch.insert(key.clone(), sub);
                        }
                    }
                    (Value::List(ml), Value::List(cl))
                        if strategic && merges && merge_key.is_some() =>
                    {
                        let element = child_type
                            .and_then(|t| schema.schema.atom(t).list.as_ref())
                            .map(|l| l.element_type);
                        let ol = ov.and_then(Value::as_list).cloned().unwrap_or_default();
                        if let Some((items, order)) = list_patch(
                            schema,
                            element,
                            merge_key.as_deref().unwrap_or(""),
                            &ol,
                            ml,
                            cl,
                        ) {
                            patch.insert(format!("$setElementOrder/{key}"), order);
                            patch.insert(key.clone(), items);
                        }
                    }
                    _ => {
                        if mv != cv {
                            patch.insert(key.clone(), mv.clone());
                        }
                    }
                }
            }
        }
    }
    if let Some(o) = o {
        for key in o.keys() {
            if !m.contains_key(key) && c.contains_key(key) {
                patch.insert(key.clone(), Value::Null);
            }
        }
    }
    (!patch.is_empty()).then_some(Value::Map(patch))
}

/// The items of a strategic patch for a list merged by `key`, and its
/// `$setElementOrder`.
fn list_patch(
    schema: &ObjectSchema,
    element: Option<TypeId>,
    key: &str,
    original: &[Value],
    modified: &[Value],
    current: &[Value],
) -> Option<(Value, Value)> {
    let find = |list: &[Value], id: &Value| list.iter().find(|i| i.get(key) == Some(id)).cloned();
    let mut items = Vec::new();
    for mi in modified {
        let Some(id) = mi.get(key) else { continue };
        match find(current, id) {
            None => items.push(mi.clone()),
            Some(ci) => {
                let oi = find(original, id);
                if let Some(Value::Map(mut sub)) =
                    three_way(schema, element, oi.as_ref(), mi, &ci, true)
                {
                    sub.insert(key, id.clone());
                    items.push(Value::Map(sub));
                }
            }
        }
    }
    for oi in original {
        let Some(id) = oi.get(key) else { continue };
        if find(modified, id).is_none() && find(current, id).is_some() {
            let mut d = Map::new();
            d.insert("$patch", Value::from("delete"));
            d.insert(key, id.clone());
            items.push(Value::Map(d));
        }
    }
    if items.is_empty() {
        return None;
    }
    let order = modified
        .iter()
        .filter_map(|mi| {
            mi.get(key)
                .map(|id| Value::Map([(key.to_string(), id.clone())].into_iter().collect()))
        })
        .collect();
    Some((Value::List(items), Value::List(order)))
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
    // Keep the annotation under a manager of its own, so that later
    // server-side applies do not drop it (kubectl's
    // saveLastApplyAnnotationIfNecessary).
    if manager == "kubectl"
        && let Some(annotation) = last_applied(&object).map(str::to_string)
        && !owned_by_an_applier(&object)
    {
        let body = annotation_only(&object, &annotation);
        let request = WriteRequest {
            manager: LAST_APPLIED_MANAGER,
            subresource: None,
            body: &body,
            time,
        };
        if let Ok(o) = fm.apply(Some(&object), &request, false) {
            object = o.object;
            notes.push(format!("kubectl applied the last-applied annotation alone as manager {LAST_APPLIED_MANAGER:?}"));
        }
    }
    // Move client-side-apply ownership to the applier, then apply again
    // so that what the applier dropped is pruned (csaupgrade).
    if let Some(upgraded) = upgrade_client_side_managers(&object, manager) {
        let request = WriteRequest {
            manager,
            subresource: None,
            body: &upgraded,
            time,
        };
        if let Ok(o) = fm.update(Some(&object), &request) {
            object = o.object;
            let again = WriteRequest {
                manager,
                subresource: None,
                body: manifest,
                time,
            };
            match fm.apply(Some(&object), &again, force) {
                Ok(o) => object = o.object,
                Err(e) => {
                    return KubectlOutcome {
                        result: Err(e),
                        notes,
                    };
                }
            }
            notes.push(format!(
                "kubectl migrated client-side-apply managers to {manager:?} and re-applied"
            ));
        }
    }
    let changed = live != Some(&object);
    KubectlOutcome {
        result: Ok(WriteOutcome { object, changed }),
        notes,
    }
}

fn annotation_path() -> Path {
    Path::fields(&["metadata", "annotations", LAST_APPLIED_ANNOTATION])
}

/// Whether some Apply entry owns the last-applied annotation.
fn owned_by_an_applier(object: &Value) -> bool {
    let Ok(managed) = managed_fields::decode(object) else {
        return false;
    };
    managed
        .fields
        .values()
        .any(|vs| vs.applied && vs.set.has(&annotation_path()))
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

/// The object with its client-side-apply Update entry merged into the
/// applier's Apply entry (the annotation excluded), or `None` when there is
/// nothing to move (client-go's `csaupgrade.UpgradeManagedFields`).
fn upgrade_client_side_managers(object: &Value, applier: &str) -> Option<Value> {
    let managed = managed_fields::decode(object).ok()?;
    let csa_key = managed.fields.keys().find(|k| {
        ManagerId::decode(k).is_some_and(|id| {
            id.manager == CLIENT_SIDE_MANAGER
                && id.operation == Operation::Update
                && id.subresource.is_empty()
        })
    })?;
    let csa = managed.fields.get(csa_key)?.clone();
    let applier_key = ManagerId::apply(applier, "").encode();
    let mut fields = managed.fields.clone();
    let mut times = managed.times.clone();
    let target = match fields.get(&applier_key) {
        Some(vs) => vs.clone(),
        None => {
            // The client-side entry itself becomes the applier's.
            if let Some(t) = times.get(csa_key).cloned() {
                times.insert(applier_key.clone(), t);
            }
            VersionedSet {
                set: Set::new(),
                api_version: csa.api_version.clone(),
                applied: true,
            }
        }
    };
    let mut annotation = Set::new();
    annotation.insert(&annotation_path());
    let union = if target.api_version == csa.api_version {
        target.set.union(&csa.set)
    } else {
        target.set.clone()
    };
    fields.insert(
        applier_key,
        VersionedSet {
            set: union.difference(&annotation),
            ..target
        },
    );
    fields.remove(csa_key);
    times.remove(csa_key);
    let mut upgraded = object.clone();
    managed_fields::encode_into(&mut upgraded, &Managed { fields, times });
    Some(upgraded)
}
