//! The status subresource in the registry strategies: the main resource
//! never writes `status` (`PrepareForCreate` starts from the kind's
//! initial status, `PrepareForUpdate` keeps the stored one), and a
//! `/status` write never writes what the status strategy resets
//! (`GetResetFields`, `PrepareForUpdate` of `<kind>StatusStrategy`).

use super::api_version_of;
use crate::field_manager::Subresource;
use crate::schema::ObjectSchema;
use crate::value::{Map, Value};

/// What a kind's status strategy does to a `/status` write: the fields it
/// declares reset (`GetResetFields`: the writer neither owns nor changes
/// them) and the fields its `PrepareForUpdate` takes back from the stored
/// object. The two differ where upstream's do.
struct StatusStrategy {
    reset: &'static [&'static [&'static str]],
    restore: &'static [&'static [&'static str]],
}

/// Most status strategies: `newObj.Spec = oldObj.Spec`.
const SPEC_ONLY: StatusStrategy = StatusStrategy {
    reset: &[&["spec"]],
    restore: &[&["spec"]],
};

/// `newObj.Spec = oldObj.Spec` and `metav1.ResetObjectMetaForStatus`:
/// the stored labels, annotations, finalizers and owner references (its
/// deletionTimestamp, generation and selfLink are the server's anyway).
const META_FOR_STATUS: &[&[&str]] = &[
    &["spec"],
    &["metadata", "labels"],
    &["metadata", "annotations"],
    &["metadata", "finalizers"],
    &["metadata", "ownerReferences"],
];

/// The status strategy of a built-in kind, by API group and kind.
fn status_strategy(live: &Value) -> StatusStrategy {
    let kind = live.get("kind").and_then(Value::as_str).unwrap_or("");
    let group = crate::registry::generation::api_group(api_version_of(live));
    match (group, kind) {
        // pkg/registry/apps/deployment/strategy.go, deploymentStatusStrategy:
        // the labels are the controller's to copy, not the status writer's.
        ("apps", "Deployment") => StatusStrategy {
            reset: &[&["spec"], &["metadata", "labels"]],
            restore: &[&["spec"], &["metadata", "labels"]],
        },
        // pkg/registry/core/pod/strategy.go, podStatusStrategy.
        ("", "Pod") => StatusStrategy {
            reset: &[
                &["spec"],
                &["metadata", "deletionTimestamp"],
                &["metadata", "ownerReferences"],
            ],
            restore: &[
                &["spec"],
                &["metadata", "deletionTimestamp"],
                &["metadata", "ownerReferences"],
            ],
        },
        // pkg/registry/flowcontrol/{flowschema,prioritylevelconfiguration}/
        // strategy.go: the whole ObjectMeta is the stored one (but for the
        // managedFields just computed).
        ("flowcontrol.apiserver.k8s.io", "FlowSchema" | "PriorityLevelConfiguration") => {
            StatusStrategy {
                reset: &[&["metadata"], &["spec"]],
                restore: &[&["metadata"], &["spec"]],
            }
        }
        // apiextensions-apiserver pkg/registry/customresourcedefinition/
        // strategy.go: metadata is a reset field, but PrepareForUpdate
        // calls ResetObjectMetaForStatus(new, new), which keeps the new
        // metadata: the change is stored, owned by nobody.
        ("apiextensions.k8s.io", "CustomResourceDefinition") => StatusStrategy {
            reset: &[&["metadata"], &["spec"]],
            restore: &[&["spec"]],
        },
        // pkg/registry/storagemigration/storagemigration/strategy.go and
        // resource/devicetaintrule/strategy.go: metadata and spec reset.
        ("storagemigration.k8s.io", "StorageVersionMigration")
        | ("resource.k8s.io", "DeviceTaintRule") => StatusStrategy {
            reset: &[&["metadata"], &["spec"]],
            restore: META_FOR_STATUS,
        },
        // certificates/podcertificaterequest and apiserverinternal/
        // storageversion: spec reset (StorageVersion declares none, see
        // README), ResetObjectMetaForStatus too.
        ("certificates.k8s.io", "PodCertificateRequest")
        | ("internal.apiserver.k8s.io", "StorageVersion") => StatusStrategy {
            reset: SPEC_ONLY.reset,
            restore: META_FOR_STATUS,
        },
        _ => SPEC_ONLY,
    }
}

/// The reset fields of the kind's status strategy (`GetResetFields`):
/// what a `/status` write neither owns nor changes. Custom resources
/// reset `spec` only (and keep everything but `status` afterwards, see
/// [`prepare_status_write`]).
pub(super) fn reset_fields(
    schema: &ObjectSchema,
    live: &Value,
) -> &'static [&'static [&'static str]] {
    if !schema.omit_empty {
        return SPEC_ONLY.reset;
    }
    status_strategy(live).reset
}

/// What the status strategy's `PrepareForUpdate` stores of a `/status`
/// write: a built-in kind takes the body but what its strategy restores
/// from the stored object; a custom resource keeps the stored object and
/// takes only `status` (and the managedFields just computed) from the
/// body.
pub(super) fn prepare_status_write(schema: &ObjectSchema, object: &mut Value, live: &Value) {
    if schema.omit_empty {
        for path in status_strategy(live).restore {
            if *path == ["metadata"] {
                // `managedFields must be preserved since it's been
                // modified to track changed fields in the status update`.
                let managed = object.get_path(&["metadata", "managedFields"]).cloned();
                copy_path(object, live, path);
                if let Some(m) = managed
                    && let Some(meta) = object.child_map_mut("metadata")
                {
                    meta.insert("managedFields", m);
                }
            } else {
                copy_path(object, live, path);
            }
        }
        return;
    }
    let mut stored = live.clone();
    copy_path(&mut stored, object, &["status"]);
    copy_path(&mut stored, object, &["metadata", "managedFields"]);
    *object = stored;
}

/// Status written only through `/status`: the main resource keeps the
/// stored status (none on create), `/status` keeps the rest.
pub(super) fn keep_status(
    schema: &ObjectSchema,
    object: &mut Value,
    live: &Value,
    subresource: Option<Subresource>,
    exists: bool,
) {
    if !schema.subresources.status || subresource.is_some() {
        return;
    }
    let Some(map) = object.as_map_mut() else {
        return;
    };
    match (exists, live.get("status")) {
        (true, Some(status)) => {
            map.insert("status", status.clone());
        }
        (true, None) => {
            map.remove("status");
        }
        (false, _) => {
            map.remove("status");
            // A new object starts with the status its registry gives it.
            if let Some(status) = schema
                .defaulter
                .as_ref()
                .and_then(|d| d.initial_status(object))
                && let Some(map) = object.as_map_mut()
            {
                map.insert("status", status);
            }
        }
    }
}

/// Sets `path` of `object` to its value in `from`, or removes it there
/// when `from` has none.
fn copy_path(object: &mut Value, from: &Value, path: &[&str]) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let value = from.get_path(path).cloned();
    let mut node = object;
    for key in parents {
        let Some(map) = node.as_map_mut() else {
            return;
        };
        if value.is_none() && map.get(key).is_none() {
            return;
        }
        node = map
            .entry(key.to_string())
            .or_insert_with(|| Value::Map(Map::new()));
    }
    if let Some(map) = node.as_map_mut() {
        match value {
            Some(v) => {
                map.insert(*last, v);
            }
            None => {
                map.remove(last);
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn json(text: &str) -> Value {
        Value::from_json_str(text).unwrap()
    }

    fn builtin() -> ObjectSchema {
        let mut schema = ObjectSchema::deduced();
        schema.omit_empty = true;
        schema
    }

    /// A `/status` write of `object` over `live`: the reset fields, and
    /// what is stored.
    fn status_write(live: &str, object: &str) -> (&'static [&'static [&'static str]], Value) {
        let (live, mut object) = (json(live), json(object));
        let schema = builtin();
        let reset = reset_fields(&schema, &live);
        prepare_status_write(&schema, &mut object, &live);
        (reset, object)
    }

    /// flowcontrol `flowschema/strategy.go` `flowSchemaStatusStrategy`:
    /// a `/status` write keeps the stored ObjectMeta but its new
    /// managedFields.
    #[test]
    fn flow_schema_status_writes_keep_the_stored_metadata() {
        let (reset, object) = status_write(
            r#"{"apiVersion":"flowcontrol.apiserver.k8s.io/v1","kind":"FlowSchema","metadata":{"name":"f","labels":{"a":"1"}},"spec":{"x":1}}"#,
            r#"{"apiVersion":"flowcontrol.apiserver.k8s.io/v1","kind":"FlowSchema","metadata":{"name":"f","labels":{"a":"2"},"managedFields":[{"manager":"m"}]},"spec":{"x":2},"status":{"ok":true}}"#,
        );
        assert_eq!(reset, &[&["metadata"][..], &["spec"]]);
        assert_eq!(
            object,
            json(
                r#"{"apiVersion":"flowcontrol.apiserver.k8s.io/v1","kind":"FlowSchema","metadata":{"name":"f","labels":{"a":"1"},"managedFields":[{"manager":"m"}]},"spec":{"x":1},"status":{"ok":true}}"#
            )
        );
    }

    /// storagemigration `storagemigration/strategy.go` `statusStrategy`:
    /// metadata and spec are reset fields, and `PrepareForUpdate` takes
    /// the spec and `ResetObjectMetaForStatus`'s fields from the stored
    /// object; the rest of the new metadata stays.
    #[test]
    fn storage_version_migration_status_writes_reset_object_meta() {
        let (reset, object) = status_write(
            r#"{"apiVersion":"storagemigration.k8s.io/v1beta1","kind":"StorageVersionMigration","metadata":{"name":"m","labels":{"a":"1"}},"spec":{"x":1}}"#,
            r#"{"apiVersion":"storagemigration.k8s.io/v1beta1","kind":"StorageVersionMigration","metadata":{"name":"m","labels":{"a":"2"},"annotations":{"b":"1"},"generateName":"g","managedFields":[{"manager":"m"}]},"spec":{"x":2},"status":{"ok":true}}"#,
        );
        assert_eq!(reset, &[&["metadata"][..], &["spec"]]);
        assert_eq!(
            object,
            json(
                r#"{"apiVersion":"storagemigration.k8s.io/v1beta1","kind":"StorageVersionMigration","metadata":{"name":"m","labels":{"a":"1"},"generateName":"g","managedFields":[{"manager":"m"}]},"spec":{"x":1},"status":{"ok":true}}"#
            )
        );
    }

    /// apiextensions `customresourcedefinition/strategy.go`: metadata is a
    /// reset field, yet `ResetObjectMetaForStatus(new, new)` keeps the new
    /// metadata.
    #[test]
    fn crd_status_writes_keep_their_metadata_unowned() {
        let (reset, object) = status_write(
            r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"c","labels":{"a":"1"}},"spec":{"x":1}}"#,
            r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"c","labels":{"a":"2"}},"spec":{"x":2}}"#,
        );
        assert_eq!(reset, &[&["metadata"][..], &["spec"]]);
        assert_eq!(
            object.get_path(&["metadata", "labels", "a"]),
            Some(&Value::from("2"))
        );
        assert_eq!(object.get_path(&["spec", "x"]), Some(&Value::Int(1)));
    }
}
