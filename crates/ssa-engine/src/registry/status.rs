//! The status subresource and the other fields a kind's registry strategy
//! keeps from the writer (`pkg/registry/<group>/<kind>/strategy.go`): the
//! main resource never writes `status` (`PrepareForCreate` starts from the
//! kind's initial status, `PrepareForUpdate` keeps the stored one), a
//! `/status` write never writes what the status strategy resets
//! (`GetResetFields`, `PrepareForUpdate` of `<kind>StatusStrategy`), and a
//! few kinds keep more: one table, [`strategy_of`], says what per kind.

use super::api_version_of;
use crate::field_manager::Subresource;
use crate::schema::ObjectSchema;
use crate::value::{Map, Value};

type Paths = &'static [&'static [&'static str]];

/// What a kind's strategies do beyond the status subresource's usual
/// split. The reset fields (`GetResetFields`: the writer neither owns nor
/// changes them) and the fields `PrepareForUpdate` takes back from the
/// stored object differ where upstream's do.
pub(super) struct KindStrategy {
    /// The main resource's reset fields besides `status`.
    pub(super) main_reset: Paths,
    /// What the main resource's `PrepareForUpdate` keeps of the stored
    /// object besides `status`.
    pub(super) main_keep: Paths,
    /// The status strategy's reset fields.
    reset: Paths,
    /// What the status strategy's `PrepareForUpdate` keeps of the stored
    /// object.
    restore: Paths,
    /// What the status strategy takes from the stored object when the
    /// write leaves it out (Go's zero value: absent, `""` or 0).
    backfill: Paths,
    /// A value and the time it last changed: a write that changes the
    /// value and leaves the time out, or as it was, gets the request's
    /// time; one that keeps the value and leaves the time out keeps the
    /// stored time.
    pub(super) transition: Option<(&'static [&'static str], &'static [&'static str])>,
    /// Fields a feature gate that is off in 1.36 drops: on create, and on
    /// update unless the stored object has them (each field on its own).
    dropped: Paths,
    /// `PrepareForCreate` keeps the status a create sends.
    pub(super) create_keeps_status: bool,
    /// Whether the strategies declare reset fields at all.
    resets: bool,
    /// What the status strategy does to `status.conditions`.
    conditions: Option<Conditions>,
    /// The rest of the main resource's `PrepareForCreate`, once the field
    /// manager has seen the new object (its status is the defaulter's
    /// `initial_status`).
    create: Option<fn(&mut Value)>,
    /// What both `PrepareForCreate` and `PrepareForUpdate` do to the new
    /// object, given the stored one (`Null` on create).
    every_write: Option<fn(&mut Value, &Value)>,
    /// The rest of the status strategy's `PrepareForUpdate`: the write,
    /// then the stored object.
    status_write: Option<fn(&mut Value, &Value)>,
}

/// The conditions of a `/status` write (certificates/certificates/
/// strategy.go, `csrStatusStrategy.PrepareForUpdate`).
pub(super) struct Conditions {
    /// Condition types only another endpoint writes: when the write has
    /// as many instances of one as the stored object, they are the stored
    /// ones, in the written places (`preserveConditionInstances`); when
    /// it has more or fewer, they are left as written (validation refuses
    /// the change upstream).
    keep: &'static [&'static str],
}

/// Most kinds: the status strategy's `newObj.Spec = oldObj.Spec`.
const SPEC_ONLY: KindStrategy = KindStrategy {
    main_reset: &[],
    main_keep: &[],
    reset: &[&["spec"]],
    restore: &[&["spec"]],
    backfill: &[],
    transition: None,
    dropped: &[],
    create_keeps_status: false,
    resets: true,
    conditions: None,
    create: None,
    every_write: None,
    status_write: None,
};

/// `newObj.Spec = oldObj.Spec` and `metav1.ResetObjectMetaForStatus`:
/// the stored labels, annotations, finalizers and owner references (its
/// deletionTimestamp, generation and selfLink are the server's anyway).
const META_FOR_STATUS: Paths = &[
    &["spec"],
    &["metadata", "labels"],
    &["metadata", "annotations"],
    &["metadata", "finalizers"],
    &["metadata", "ownerReferences"],
];

/// Metadata and spec reset, `ResetObjectMetaForStatus` (or, for
/// APIService, its four fields one by one): storagemigration/
/// storagemigration, storage/volumeattachment, admissionregistration/
/// validatingadmissionpolicy, kube-aggregator's apiservice,
/// resource/resourceclaim.
const META_RESET: KindStrategy = KindStrategy {
    reset: &[&["metadata"], &["spec"]],
    restore: META_FOR_STATUS,
    ..SPEC_ONLY
};

/// apiextensions-apiserver customresource/status_strategy.go: a
/// `/status` write keeps the stored object but its status, and since
/// kubernetes/kubernetes#137689 (1.36) its reset fields say so for
/// metadata too ("NOT be updates to metadata from the /status
/// subresource since these writes are wiped"). Only `reset_fields` reads
/// it: `prepare_status_write` keeps custom resources' metadata itself.
const CUSTOM_RESOURCE: KindStrategy = KindStrategy {
    reset: &[&["metadata"], &["spec"]],
    ..SPEC_ONLY
};

/// certificates/podcertificaterequest: spec reset,
/// `ResetObjectMetaForStatus` too (a fork's later v1beta1 copy,
/// yangjunmyfm192085/kubernetes@a08a1b63, resets metadata as well; which
/// of the two 1.36 has was not settled, see README).
const SPEC_RESET_META_FOR_STATUS: KindStrategy = KindStrategy {
    restore: META_FOR_STATUS,
    ..SPEC_ONLY
};

/// flowcontrol/{flowschema,prioritylevelconfiguration}/strategy.go: the
/// whole ObjectMeta is the stored one (but for the managedFields just
/// computed).
const STORED_META: KindStrategy = KindStrategy {
    reset: &[&["metadata"], &["spec"]],
    restore: &[&["metadata"], &["spec"]],
    ..SPEC_ONLY
};

/// The kinds whose strategies differ from [`SPEC_ONLY`], by API group
/// and kind (the version does not matter: strategies work on the
/// internal type).
static STRATEGIES: &[(&str, &str, KindStrategy)] = &[
    // pkg/registry/apps/deployment/strategy.go, deploymentStatusStrategy:
    // the labels are the controller's to copy, not the status writer's.
    (
        "apps",
        "Deployment",
        KindStrategy {
            reset: &[&["spec"], &["metadata", "labels"]],
            restore: &[&["spec"], &["metadata", "labels"]],
            ..SPEC_ONLY
        },
    ),
    // pkg/registry/core/pod/strategy.go, podStatusStrategy; its
    // PrepareForUpdate backfills the QoS class ("populated at creation
    // time by the kube-apiserver") and preserveOldObservedGeneration the
    // observed generation (the conditions' ones: registry/pod.rs).
    (
        "",
        "Pod",
        KindStrategy {
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
            backfill: &[&["status", "qosClass"], &["status", "observedGeneration"]],
            create: Some(super::pod::prepare_for_create),
            status_write: Some(super::pod::preserve_old_condition_generations),
            ..SPEC_ONLY
        },
    ),
    // pkg/registry/core/node/strategy.go: "Nodes allow *all* fields,
    // including status, to be set on create" (still a reset field).
    (
        "",
        "Node",
        KindStrategy {
            create_keeps_status: true,
            ..SPEC_ONLY
        },
    ),
    // pkg/registry/core/namespace/strategy.go: PrepareForUpdate keeps the
    // stored finalizers (the finalize subresource changes them).
    (
        "",
        "Namespace",
        KindStrategy {
            main_keep: &[&["spec", "finalizers"]],
            ..SPEC_ONLY
        },
    ),
    // pkg/registry/core/persistentvolume/strategy.go, the status
    // strategy's PrepareForUpdate (PrepareForCreate: Pending since now,
    // `KindDefaults::initial_status`).
    (
        "",
        "PersistentVolume",
        KindStrategy {
            transition: Some((&["status", "phase"], &["status", "lastPhaseTransitionTime"])),
            ..SPEC_ONLY
        },
    ),
    // pkg/registry/certificates/certificates/strategy.go: spec and status
    // are the main resource's reset fields, and PrepareForUpdate keeps
    // both ("immutable after creation except via subresources"); the
    // status strategy resets the conditions too, keeps the stored
    // Approved and Denied conditions (only `/approval` writes them) and
    // stamps the conditions' times (`populateConditionTimestamps`).
    // Read in yongruilin/validation-gen@36fe1b0b073d69d015dada56538ddae2ec2d3402,
    // a kubernetes/kubernetes fork of the 1.35/1.36 cycle (no 1.36 copy of
    // upstream's own file was at hand); unchanged since 1.19 in every copy
    // read.
    (
        "certificates.k8s.io",
        "CertificateSigningRequest",
        KindStrategy {
            main_reset: &[&["spec"]],
            main_keep: &[&["spec"]],
            reset: &[&["spec"], &["status", "conditions"]],
            conditions: Some(Conditions {
                keep: &["Approved", "Denied"],
            }),
            ..SPEC_ONLY
        },
    ),
    ("flowcontrol.apiserver.k8s.io", "FlowSchema", STORED_META),
    (
        "flowcontrol.apiserver.k8s.io",
        "PriorityLevelConfiguration",
        STORED_META,
    ),
    // apiextensions-apiserver customresourcedefinition/strategy.go: the
    // status strategy's ResetObjectMetaForStatus(new, new) keeps the new
    // metadata, so 1.36 no longer lists metadata among its reset fields
    // (kubernetes/kubernetes#137689: "metadata ownership is correctly
    // tracked for writes to the /status subresource"): SPEC_ONLY.
    // 1.36's `TestFieldsWipingConsistency` (at 008b3652) pairs every
    // status strategy's metadata wiping with its reset fields: kinds that
    // call ResetObjectMetaForStatus reset metadata.
    (
        "apiextensions.k8s.io",
        "CustomResourceDefinition",
        KindStrategy {
            every_write: Some(record_storage_version),
            ..SPEC_ONLY
        },
    ),
    // networking/servicecidr/strategy.go: the status strategy calls
    // ResetObjectMetaForStatus; the main resource wipes status since
    // kubernetes/kubernetes#137715 (gate ServiceCIDRStatusFieldWiping,
    // beta and on in 1.36).
    ("networking.k8s.io", "ServiceCIDR", META_RESET),
    // core/serviceaccount/strategy.go: PrepareForCreate and
    // PrepareForUpdate (cleanSecretReferences) keep only each secret
    // reference's name.
    (
        "",
        "ServiceAccount",
        KindStrategy {
            every_write: Some(clean_secret_references),
            ..SPEC_ONLY
        },
    ),
    // coordination/lease/strategy.go: gate CoordinatedLeaderElection,
    // beta and off (its LeaseCandidate API is an off-by-default beta).
    (
        "coordination.k8s.io",
        "Lease",
        KindStrategy {
            dropped: &[&["spec", "strategy"], &["spec", "preferredHolder"]],
            ..SPEC_ONLY
        },
    ),
    // resource/devicetaintrule/strategy.go: as META_RESET, and
    // PrepareForUpdate gives a new effect a new time.
    (
        "resource.k8s.io",
        "DeviceTaintRule",
        KindStrategy {
            transition: Some((
                &["spec", "taint", "effect"],
                &["spec", "taint", "timeAdded"],
            )),
            ..META_RESET
        },
    ),
    (
        "storagemigration.k8s.io",
        "StorageVersionMigration",
        META_RESET,
    ),
    ("storage.k8s.io", "VolumeAttachment", META_RESET),
    (
        "admissionregistration.k8s.io",
        "ValidatingAdmissionPolicy",
        META_RESET,
    ),
    ("apiregistration.k8s.io", "APIService", META_RESET),
    (
        "certificates.k8s.io",
        "PodCertificateRequest",
        SPEC_RESET_META_FOR_STATUS,
    ),
    // resource/resourceclaim/strategy.go: the status strategy's
    // GetResetFields lists metadata and spec for every version, v1
    // included (the copy read has v1 and
    // ValidateDeclarativelyWithMigrationChecks, so 1.35 or later; the
    // index did not name its commit; copies from before v1 reset spec
    // only).
    // Its status strategy's PrepareForUpdate also drops the device
    // statuses of deallocated devices.
    (
        "resource.k8s.io",
        "ResourceClaim",
        KindStrategy {
            status_write: Some(super::gated::drop_deallocated_status_devices),
            ..META_RESET
        },
    ),
    // resource/resourceslice/strategy.go: dropDisabledFields.
    (
        "resource.k8s.io",
        "ResourceSlice",
        KindStrategy {
            every_write: Some(super::gated::drop_disabled_slice_fields),
            ..SPEC_ONLY
        },
    ),
    (
        "discovery.k8s.io",
        "EndpointSlice",
        KindStrategy {
            every_write: Some(super::gated::drop_topology_on_v1),
            ..SPEC_ONLY
        },
    ),
    // core/persistentvolumeclaim/strategy.go: the data sources.
    (
        "",
        "PersistentVolumeClaim",
        KindStrategy {
            every_write: Some(super::gated::pvc_data_sources),
            ..SPEC_ONLY
        },
    ),
    // apiserverinternal/storageversion/strategy.go: the same
    // PrepareForUpdate, but neither strategy declares reset fields, so a
    // writer owns the status it sends to the main resource and the spec
    // and metadata it sends to `/status`, though neither is stored.
    (
        "internal.apiserver.k8s.io",
        "StorageVersion",
        KindStrategy {
            resets: false,
            ..SPEC_RESET_META_FOR_STATUS
        },
    ),
];

/// The strategies of a built-in kind.
pub(super) fn strategy_of(object: &Value) -> &'static KindStrategy {
    let kind = object.get("kind").and_then(Value::as_str).unwrap_or("");
    let group = crate::registry::generation::api_group(api_version_of(object));
    STRATEGIES
        .iter()
        .find(|(g, k, _)| *g == group && *k == kind)
        .map_or(&SPEC_ONLY, |(_, _, strategy)| strategy)
}

/// The reset fields of a write (`GetResetFields`): what it neither owns
/// nor changes. The main resource's are `status` where the kind has the
/// subresource, and what [`KindStrategy::main_reset`] adds; a `/status`
/// write's are its strategy's (custom resources reset `metadata` and
/// `spec`, and keep everything but `status` afterwards, see
/// [`prepare_status_write`]).
/// `object`: the write's body or the stored object, for its kind.
pub(super) fn reset_fields(
    schema: &ObjectSchema,
    object: &Value,
    subresource: Option<Subresource>,
) -> [Paths; 2] {
    let strategy = if schema.omit_empty {
        strategy_of(object)
    } else {
        &CUSTOM_RESOURCE
    };
    match subresource {
        _ if !strategy.resets => [&[], &[]],
        None if schema.subresources.status => [&[&["status"]], strategy.main_reset],
        None => [&[], strategy.main_reset],
        Some(Subresource::Status) => [strategy.reset, &[]],
        Some(Subresource::Scale) => [&[], &[]],
    }
}

/// What the status strategy's `PrepareForUpdate` stores of a `/status`
/// write: a built-in kind takes the body but what its strategy restores
/// from the stored object; a custom resource keeps the stored object and
/// takes only `status` (and the managedFields just computed) from the
/// body.
pub(super) fn prepare_status_write(
    schema: &ObjectSchema,
    object: &mut Value,
    live: &Value,
    now: &str,
) {
    if schema.omit_empty {
        let strategy = strategy_of(live);
        for path in strategy.restore {
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
        for path in strategy.backfill {
            if object.get_path(path).is_none_or(is_zero) {
                copy_path(object, live, path);
            }
        }
        stamp_transition(strategy, object, live, now);
        if let Some(conditions) = &strategy.conditions {
            keep_and_stamp_conditions(conditions, object, live, now);
        }
        if let Some(status_write) = strategy.status_write {
            status_write(object, live);
        }
        return;
    }
    let mut stored = live.clone();
    copy_path(&mut stored, object, &["status"]);
    copy_path(&mut stored, object, &["metadata", "managedFields"]);
    *object = stored;
}

/// What the main resource's `PrepareForUpdate` keeps of the stored object
/// besides `status` ([`KindStrategy::main_keep`]), and the time of a
/// changed value ([`KindStrategy::transition`]).
pub(super) fn prepare_for_update(object: &mut Value, live: &Value, now: &str) {
    let strategy = strategy_of(live);
    for path in strategy.main_keep {
        copy_path(object, live, path);
    }
    stamp_transition(strategy, object, live, now);
    drop_disabled(strategy, object, live);
}

/// What the main resource's `PrepareForCreate` changes once the field
/// manager has seen a new built-in object ([`KindStrategy::create`]).
pub(super) fn prepare_for_create(object: &mut Value) {
    let strategy = strategy_of(object);
    if let Some(create) = strategy.create {
        create(object);
    }
    drop_disabled(strategy, object, &Value::Null);
}

/// [`KindStrategy::dropped`] (the `dropDisabledFields` pattern: a field
/// the stored object already uses survives the gate) and
/// [`KindStrategy::every_write`].
fn drop_disabled(strategy: &KindStrategy, object: &mut Value, live: &Value) {
    for path in strategy.dropped {
        if live.get_path(path).is_none_or(Value::is_null) {
            set_path(object, path, None);
        }
    }
    if let Some(write) = strategy.every_write {
        write(object, live);
    }
}

/// A CustomResourceDefinition's `PrepareForCreate` (after its status was
/// reset) and `PrepareForUpdate` (after the stored one was kept): the
/// version marked `storage: true` joins `status.storedVersions` unless it
/// is there, so a storage version moved to a new version adds it (objects
/// may still be stored in the old one).
fn record_storage_version(crd: &mut Value, _: &Value) {
    let Some(storage) = crate::builtin::storage_version(crd.get("spec")) else {
        return;
    };
    let Some(status) = crd.child_map_mut("status") else {
        return;
    };
    match status.get_mut("storedVersions") {
        Some(Value::List(stored)) => {
            if !stored.contains(&storage) {
                stored.push(storage);
            }
        }
        _ => {
            status.insert("storedVersions", Value::List(vec![storage]));
        }
    }
}

/// `cleanSecretReferences`: a reference keeps only its name.
fn clean_secret_references(account: &mut Value, _: &Value) {
    let Some(secrets) = account
        .as_map_mut()
        .and_then(|a| a.get_mut("secrets"))
        .and_then(Value::as_list_mut)
    else {
        return;
    };
    for secret in secrets.iter_mut() {
        let name = secret.get("name").filter(|n| !is_zero(n)).cloned();
        let mut reference = Map::new();
        if let Some(name) = name {
            reference.insert("name", name);
        }
        *secret = Value::Map(reference);
    }
}

/// [`KindStrategy::transition`]: the time of `object`'s value, against
/// the stored one (`metav1.Time.Equal`: both absent count as equal).
fn stamp_transition(strategy: &KindStrategy, object: &mut Value, live: &Value, now: &str) {
    let Some((value, time)) = strategy.transition else {
        return;
    };
    let given = |v: &Value, path| v.get_path(path).filter(|v| !is_zero(v)).cloned();
    let new_time = given(object, time);
    if given(object, value) != given(live, value) {
        if new_time.is_none() || new_time == given(live, time) {
            set_path(object, time, Some(Value::from(now)));
        }
    } else if new_time.is_none() {
        copy_path(object, live, time);
    }
}

/// [`KindStrategy::conditions`]: `preserveConditionInstances` for each
/// kept type, then `populateConditionTimestamps`: a condition without
/// `lastUpdateTime` gets the request's time; one without
/// `lastTransitionTime` gets the time of the first stored condition of the
/// same type and status that has one, or the request's time.
fn keep_and_stamp_conditions(rule: &Conditions, object: &mut Value, live: &Value, now: &str) {
    const PATH: &[&str] = &["status", "conditions"];
    let stored: &[Value] = live
        .get_path(PATH)
        .and_then(Value::as_list)
        .map_or(&[], Vec::as_slice);
    let Some(conditions) = object
        .child_map_mut("status")
        .and_then(|status| status.get_mut("conditions"))
        .and_then(Value::as_list_mut)
    else {
        return;
    };
    // Go's strings: an absent one is "".
    let field = |c: &Value, key: &str| {
        c.get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    for kept in rule.keep {
        let of_type = |list: &[Value]| -> Vec<usize> {
            (0..list.len())
                .filter(|&i| field(&list[i], "type") == *kept)
                .collect()
        };
        let (old, new) = (of_type(stored), of_type(&conditions[..]));
        if old.len() == new.len() {
            for (o, n) in old.into_iter().zip(new) {
                if let (Some(from), Some(to)) = (stored.get(o), conditions.get_mut(n)) {
                    *to = from.clone();
                }
            }
        }
    }
    let given = |c: &Value, key: &str| c.get(key).is_some_and(|v| !is_zero(v));
    for condition in conditions.iter_mut() {
        let since = stored
            .iter()
            .find(|old| {
                field(old, "type") == field(condition, "type")
                    && field(old, "status") == field(condition, "status")
                    && given(old, "lastTransitionTime")
            })
            .and_then(|old| old.get("lastTransitionTime").cloned());
        let update = !given(condition, "lastUpdateTime");
        let transition = !given(condition, "lastTransitionTime");
        let Some(map) = condition.as_map_mut() else {
            continue;
        };
        if update {
            map.insert("lastUpdateTime", Value::from(now));
        }
        if transition {
            map.insert(
                "lastTransitionTime",
                since.unwrap_or_else(|| Value::from(now)),
            );
        }
    }
}

/// Go's zero value as a decoded field sees it: `null`, `""`, 0.
fn is_zero(value: &Value) -> bool {
    matches!(value, Value::Null | Value::Int(0)) || value.as_str() == Some("")
}

/// Status written only through `/status`: the main resource keeps the
/// stored status (on create, the status its strategy starts from, or the
/// one sent where [`KindStrategy::create_keeps_status`]), `/status` keeps
/// the rest.
pub(super) fn keep_status(
    schema: &ObjectSchema,
    object: &mut Value,
    live: &Value,
    subresource: Option<Subresource>,
    exists: bool,
    now: &str,
) {
    if !schema.subresources.status || subresource.is_some() {
        return;
    }
    let keeps = schema.omit_empty && strategy_of(object).create_keeps_status;
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
        (false, _) if keeps && map.contains_key("status") => {}
        (false, _) => {
            map.remove("status");
            // A new object starts with the status its registry gives it.
            if let Some(status) = schema
                .defaulter
                .as_ref()
                .and_then(|d| d.initial_status(object, now))
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
    set_path(object, path, from.get_path(path).cloned());
}

/// Sets `path` of `object` to `value`, or removes it when `None`.
fn set_path(object: &mut Value, path: &[&str], value: Option<Value>) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
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
    fn status_write(live: &str, object: &str) -> (Vec<&'static [&'static str]>, Value) {
        let (live, mut object) = (json(live), json(object));
        let schema = builtin();
        let reset = reset_fields(&schema, &live, Some(Subresource::Status)).concat();
        prepare_status_write(&schema, &mut object, &live, NOW);
        (reset, object)
    }

    const NOW: &str = "2024-01-01T00:00:05Z";

    fn yaml(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    /// core `pod/strategy.go` `podStatusStrategy.PrepareForUpdate`: a
    /// status write without the QoS class or the observed generation
    /// keeps the stored ones (`preserveOldObservedGeneration`).
    #[test]
    fn pod_status_writes_backfill_the_qos_class_and_observed_generation() {
        let live = yaml(
            "{apiVersion: v1, kind: Pod, spec: {x: 1}, status: {phase: Pending, qosClass: Burstable, observedGeneration: 2}}",
        );
        let mut object = yaml(
            "{apiVersion: v1, kind: Pod, spec: {x: 2}, status: {phase: Running, observedGeneration: 0}}",
        );
        prepare_status_write(&builtin(), &mut object, &live, NOW);
        assert_eq!(
            object,
            yaml(
                "{apiVersion: v1, kind: Pod, spec: {x: 1}, status: {phase: Running, observedGeneration: 2, qosClass: Burstable}}"
            )
        );
    }

    /// core `persistentvolume/strategy.go`, the status strategy's
    /// `PrepareForUpdate`: a new phase gets the request's time unless the
    /// writer set another; the same phase keeps the stored time.
    #[test]
    fn persistent_volume_phase_changes_stamp_their_time() {
        let live = yaml(
            "{apiVersion: v1, kind: PersistentVolume, status: {phase: Pending, lastPhaseTransitionTime: '2024-01-01T00:00:01Z'}}",
        );
        let time = |status: &str| {
            let mut object = yaml(&format!(
                "{{apiVersion: v1, kind: PersistentVolume, status: {status}}}"
            ));
            prepare_status_write(&builtin(), &mut object, &live, NOW);
            object
                .get_path(&["status", "lastPhaseTransitionTime"])
                .cloned()
        };
        let t = |s: &str| Some(Value::from(s));
        assert_eq!(time("{phase: Available}"), t(NOW));
        assert_eq!(
            time("{phase: Available, lastPhaseTransitionTime: '2024-01-01T00:00:01Z'}"),
            t(NOW)
        );
        assert_eq!(
            time("{phase: Available, lastPhaseTransitionTime: '2024-01-01T00:00:03Z'}"),
            t("2024-01-01T00:00:03Z")
        );
        assert_eq!(time("{phase: Pending}"), t("2024-01-01T00:00:01Z"));
    }

    /// resource `devicetaintrule/strategy.go` `PrepareForUpdate`: an
    /// update that changes the taint's effect and keeps its old time gets
    /// the request's time.
    #[test]
    fn a_device_taint_rules_new_effect_with_the_old_time_gets_the_request_time() {
        let old = yaml(
            "{apiVersion: resource.k8s.io/v1beta2, kind: DeviceTaintRule, spec: {taint: {key: k, effect: NoSchedule, timeAdded: '2024-01-01T00:00:01Z'}}}",
        );
        let bumped = |taint: &str| {
            let mut new = yaml(&format!(
                "{{apiVersion: resource.k8s.io/v1beta2, kind: DeviceTaintRule, spec: {{taint: {taint}}}}}"
            ));
            prepare_for_update(&mut new, &old, NOW);
            new.get_path(&["spec", "taint", "timeAdded"]).cloned()
        };
        let t = |s: &str| Some(Value::from(s));
        // The effect changes, the time is the old one: stamped.
        assert_eq!(
            bumped("{key: k, effect: NoExecute, timeAdded: '2024-01-01T00:00:01Z'}"),
            t(NOW)
        );
        // The client changed the time itself: kept.
        assert_eq!(
            bumped("{key: k, effect: NoExecute, timeAdded: '2024-01-01T00:00:02Z'}"),
            t("2024-01-01T00:00:02Z")
        );
        // Same effect, another key: kept.
        assert_eq!(
            bumped("{key: other, effect: NoSchedule, timeAdded: '2024-01-01T00:00:01Z'}"),
            t("2024-01-01T00:00:01Z")
        );
    }

    /// core `namespace/strategy.go` `PrepareForUpdate` keeps the stored
    /// finalizers; certificates `certificates/strategy.go`: a CSR's spec
    /// is a reset field of the main resource and its update keeps the
    /// stored one.
    #[test]
    fn main_resource_updates_keep_what_their_strategy_keeps() {
        let live = yaml("{apiVersion: v1, kind: Namespace, spec: {finalizers: [kubernetes]}}");
        let mut object = yaml("{apiVersion: v1, kind: Namespace, spec: {finalizers: [a]}}");
        prepare_for_update(&mut object, &live, NOW);
        assert_eq!(object, live);
        let csr = yaml(
            "{apiVersion: certificates.k8s.io/v1, kind: CertificateSigningRequest, spec: {signerName: a}}",
        );
        let mut object = yaml(
            "{apiVersion: certificates.k8s.io/v1, kind: CertificateSigningRequest, spec: {signerName: b}}",
        );
        prepare_for_update(&mut object, &csr, NOW);
        assert_eq!(object, csr);
        let mut schema = builtin();
        schema.subresources.status = true;
        assert_eq!(
            reset_fields(&schema, &csr, None).concat(),
            vec![&["status"][..], &["spec"]]
        );
    }

    /// certificates `certificates/strategy.go`, `csrStatusStrategy`
    /// `PrepareForUpdate` (`preserveConditionInstances`,
    /// `populateConditionTimestamps`; read in yongruilin/validation-gen@
    /// 36fe1b0b, see the table): a `/status` write keeps the stored
    /// Approved condition however it rewrites it, and a condition without
    /// times gets the request's time, or the stored transition time of the
    /// same type and status.
    #[test]
    fn csr_status_writes_keep_the_approval_and_stamp_condition_times() {
        let live = r#"{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","spec":{"signerName":"a"},"status":{"conditions":[
            {"type":"Approved","status":"True","reason":"ok","lastUpdateTime":"2024-01-01T00:00:01Z","lastTransitionTime":"2024-01-01T00:00:01Z"},
            {"type":"Failed","status":"True","reason":"old","lastUpdateTime":"2024-01-01T00:00:02Z","lastTransitionTime":"2024-01-01T00:00:02Z"}]}}"#;
        let (reset, object) = status_write(
            live,
            r#"{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","spec":{"signerName":"b"},"status":{"certificate":"Y2VydA==","conditions":[
                {"type":"Failed","status":"True","reason":"again"},
                {"type":"Approved","status":"False","reason":"changed"},
                {"type":"Custom","status":"True","lastUpdateTime":"2024-01-01T00:00:03Z","lastTransitionTime":null}]}}"#,
        );
        assert_eq!(reset, &[&["spec"][..], &["status", "conditions"]]);
        assert_eq!(
            object,
            json(
                r#"{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","spec":{"signerName":"a"},"status":{"certificate":"Y2VydA==","conditions":[
                    {"type":"Failed","status":"True","reason":"again","lastUpdateTime":"2024-01-01T00:00:05Z","lastTransitionTime":"2024-01-01T00:00:02Z"},
                    {"type":"Approved","status":"True","reason":"ok","lastUpdateTime":"2024-01-01T00:00:01Z","lastTransitionTime":"2024-01-01T00:00:01Z"},
                    {"type":"Custom","status":"True","lastUpdateTime":"2024-01-01T00:00:03Z","lastTransitionTime":"2024-01-01T00:00:05Z"}]}}"#
            )
        );
        // A write that adds or drops an Approved or Denied condition keeps
        // what it wrote (validation refuses it upstream), stamped.
        let (_, object) = status_write(
            live,
            r#"{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","status":{"conditions":[
                {"type":"Denied","status":"True"}]}}"#,
        );
        assert_eq!(
            object.get_path(&["status", "conditions"]),
            Some(&json(
                r#"[{"type":"Denied","status":"True","lastUpdateTime":"2024-01-01T00:00:05Z","lastTransitionTime":"2024-01-01T00:00:05Z"}]"#
            ))
        );
        // No conditions, or no status: nothing to keep or stamp.
        let (_, object) = status_write(
            live,
            r#"{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","status":{"conditions":[1,"x",null]}}"#,
        );
        assert_eq!(
            object.get_path(&["status", "conditions"]),
            Some(&json(r#"[1,"x",null]"#))
        );
        let (_, object) = status_write(
            live,
            r#"{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","status":"x"}"#,
        );
        assert_eq!(object.get("status"), Some(&Value::from("x")));
    }

    /// certificates `podcertificaterequest/strategy.go`, the status
    /// strategy's `PrepareForUpdate`: spec and `ResetObjectMetaForStatus`
    /// only. Upstream's `TestStatusPrepareForUpdate`
    /// (kubernetes/kubernetes@2e0908106e4420a601e50d6edfd41475de87a3e1,
    /// 1.36 cycle) writes a Failed condition over a stored Denied one and
    /// expects it as written, without a transition time.
    #[test]
    fn pod_certificate_request_status_writes_neither_keep_nor_stamp_conditions() {
        let (_, object) = status_write(
            r#"{"apiVersion":"certificates.k8s.io/v1beta1","kind":"PodCertificateRequest","spec":{"signerName":"a"},"status":{"conditions":[{"type":"Denied","status":"True","reason":"Foo"}]}}"#,
            r#"{"apiVersion":"certificates.k8s.io/v1beta1","kind":"PodCertificateRequest","spec":{"signerName":"b"},"status":{"conditions":[{"type":"Failed","status":"True","reason":"Foo"}]}}"#,
        );
        assert_eq!(
            object,
            json(
                r#"{"apiVersion":"certificates.k8s.io/v1beta1","kind":"PodCertificateRequest","spec":{"signerName":"a"},"status":{"conditions":[{"type":"Failed","status":"True","reason":"Foo"}]}}"#
            )
        );
    }

    /// core `namespace/strategy.go` `GetResetFields`
    /// (kubernetes/kubernetes@09ee9c227f8803c618c166000e86c370acd26437,
    /// 2026): the main resource resets `status` only (the finalizers are
    /// kept by `PrepareForUpdate`, not reset), `/status` resets `spec`.
    #[test]
    fn namespace_resets_only_status_and_its_status_only_spec() {
        let ns = yaml("{apiVersion: v1, kind: Namespace}");
        let mut schema = builtin();
        schema.subresources.status = true;
        assert_eq!(
            reset_fields(&schema, &ns, None).concat(),
            vec![&["status"][..]]
        );
        assert_eq!(
            reset_fields(&schema, &ns, Some(Subresource::Status)).concat(),
            vec![&["spec"][..]]
        );
    }

    /// admissionregistration `validatingadmissionpolicy/strategy.go`
    /// (kubernetes/kubernetes@2e0908106e4420a601e50d6edfd41475de87a3e1,
    /// 1.36 cycle): both strategies' `GetResetFields` list
    /// `admissionregistration.k8s.io/v1` (an older copy listed only
    /// v1alpha1 and v1beta1, which would leave v1 writers owning them):
    /// `status` for the main resource, `metadata` and `spec` for `/status`.
    #[test]
    fn validating_admission_policy_v1_has_reset_fields() {
        let vap =
            yaml("{apiVersion: admissionregistration.k8s.io/v1, kind: ValidatingAdmissionPolicy}");
        let mut schema = builtin();
        schema.subresources.status = true;
        assert_eq!(
            reset_fields(&schema, &vap, None).concat(),
            vec![&["status"][..]]
        );
        assert_eq!(
            reset_fields(&schema, &vap, Some(Subresource::Status)).concat(),
            vec![&["metadata"][..], &["spec"]]
        );
    }

    /// resource `resourceclaim/strategy.go`
    /// `resourceclaimStatusStrategy.GetResetFields`: metadata and spec
    /// for `resource.k8s.io/v1` (and the beta versions); the main
    /// resource's, `status`.
    #[test]
    fn resource_claim_v1_status_writes_reset_metadata_and_spec() {
        let claim = yaml("{apiVersion: resource.k8s.io/v1, kind: ResourceClaim}");
        let mut schema = builtin();
        schema.subresources.status = true;
        assert_eq!(
            reset_fields(&schema, &claim, None).concat(),
            vec![&["status"][..]]
        );
        let (reset, object) = status_write(
            r#"{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaim","metadata":{"name":"c","labels":{"a":"1"}},"spec":{"x":1}}"#,
            r#"{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaim","metadata":{"name":"c","labels":{"a":"2"}},"spec":{"x":2},"status":{"ok":true}}"#,
        );
        assert_eq!(reset, &[&["metadata"][..], &["spec"]]);
        assert_eq!(
            object,
            json(
                r#"{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaim","metadata":{"name":"c","labels":{"a":"1"}},"spec":{"x":1},"status":{"ok":true}}"#
            )
        );
    }

    /// apiserverinternal `storageversion/strategy.go`: no reset fields on
    /// either endpoint.
    #[test]
    fn storage_version_declares_no_reset_fields() {
        let sv = yaml("{apiVersion: internal.apiserver.k8s.io/v1alpha1, kind: StorageVersion}");
        let mut schema = builtin();
        schema.subresources.status = true;
        assert!(reset_fields(&schema, &sv, None).concat().is_empty());
        assert!(
            reset_fields(&schema, &sv, Some(Subresource::Status))
                .concat()
                .is_empty()
        );
    }

    /// core `node/strategy.go` `PrepareForCreate`: "Nodes allow *all*
    /// fields, including status, to be set on create".
    #[test]
    fn a_new_node_keeps_the_status_it_was_created_with() {
        let mut schema = builtin();
        schema.subresources.status = true;
        let mut node = yaml("{apiVersion: v1, kind: Node, status: {capacity: {cpu: '4'}}}");
        let expected = node.clone();
        keep_status(&schema, &mut node, &yaml("{}"), None, false, NOW);
        assert_eq!(node, expected);
        let mut service = yaml("{apiVersion: v1, kind: Service, status: {x: 1}}");
        keep_status(&schema, &mut service, &yaml("{}"), None, false, NOW);
        assert_eq!(service.get("status"), None);
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

    /// apiextensions `customresourcedefinition/strategy.go`: the status
    /// strategy's `ResetObjectMetaForStatus(new, new)` keeps the new
    /// metadata, and since kubernetes/kubernetes#137689 (1.36) its reset
    /// fields no longer claim otherwise: the writer owns the labels it
    /// stores.
    #[test]
    fn crd_status_writes_keep_and_own_their_metadata() {
        let (reset, object) = status_write(
            r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"c","labels":{"a":"1"}},"spec":{"x":1}}"#,
            r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"c","labels":{"a":"2"}},"spec":{"x":2}}"#,
        );
        assert_eq!(reset, &[&["spec"][..]]);
        assert_eq!(
            object.get_path(&["metadata", "labels", "a"]),
            Some(&Value::from("2"))
        );
        assert_eq!(object.get_path(&["spec", "x"]), Some(&Value::Int(1)));
    }

    /// apiextensions-apiserver `customresource/status_strategy.go`
    /// `GetResetFields` after kubernetes/kubernetes#137689 (1.36): a
    /// custom resource's `/status` write resets metadata as well as spec,
    /// as its `PrepareForUpdate` keeps both; the main resource resets
    /// status.
    #[test]
    fn custom_resource_status_writes_reset_metadata() {
        let mut schema = ObjectSchema::deduced();
        schema.subresources.status = true;
        let cr = yaml("{apiVersion: example.com/v1, kind: Widget}");
        assert_eq!(
            reset_fields(&schema, &cr, Some(Subresource::Status)).concat(),
            vec![&["metadata"][..], &["spec"]]
        );
        assert_eq!(
            reset_fields(&schema, &cr, None).concat(),
            vec![&["status"][..]]
        );
    }

    /// networking `servicecidr/strategy.go`: the status strategy's
    /// `PrepareForUpdate` keeps the stored spec and
    /// `ResetObjectMetaForStatus`'s fields, so 1.36's
    /// `TestFieldsWipingConsistency` requires metadata among its reset
    /// fields; the main resource resets status
    /// (kubernetes/kubernetes#137715, ServiceCIDRStatusFieldWiping on).
    #[test]
    fn service_cidr_status_writes_reset_metadata_and_spec() {
        let (reset, object) = status_write(
            r#"{"apiVersion":"networking.k8s.io/v1","kind":"ServiceCIDR","metadata":{"name":"c","labels":{"a":"1"}},"spec":{"cidrs":["10.0.0.0/24"]}}"#,
            r#"{"apiVersion":"networking.k8s.io/v1","kind":"ServiceCIDR","metadata":{"name":"c","labels":{"a":"2"}},"spec":{"cidrs":["10.1.0.0/24"]},"status":{"conditions":[]}}"#,
        );
        assert_eq!(reset, &[&["metadata"][..], &["spec"]]);
        assert_eq!(
            object,
            json(
                r#"{"apiVersion":"networking.k8s.io/v1","kind":"ServiceCIDR","metadata":{"name":"c","labels":{"a":"1"}},"spec":{"cidrs":["10.0.0.0/24"]},"status":{"conditions":[]}}"#
            )
        );
        let mut schema = builtin();
        schema.subresources.status = true;
        let mut created =
            yaml("{apiVersion: networking.k8s.io/v1, kind: ServiceCIDR, status: {conditions: []}}");
        keep_status(&schema, &mut created, &yaml("{}"), None, false, NOW);
        assert_eq!(created.get("status"), None);
    }

    /// core `serviceaccount/strategy.go` `PrepareForCreate` and
    /// `PrepareForUpdate` (`cleanSecretReferences`): a secret reference
    /// keeps only its name.
    #[test]
    fn service_account_secret_references_keep_only_their_names() {
        let body = "{apiVersion: v1, kind: ServiceAccount, secrets: [{name: a, namespace: n, uid: u}, {kind: Secret}]}";
        let cleaned = yaml("{apiVersion: v1, kind: ServiceAccount, secrets: [{name: a}, {}]}");
        let mut created = yaml(body);
        prepare_for_create(&mut created);
        assert_eq!(created, cleaned);
        let mut updated = yaml(body);
        prepare_for_update(&mut updated, &cleaned, NOW);
        assert_eq!(updated, cleaned);
    }

    /// customresourcedefinition strategy PrepareForCreate: the stored
    /// version in the new object's status (the registry's `every_write`,
    /// which `PrepareForUpdate` shares).
    #[test]
    fn crd_status() {
        let mut crd = yaml(
            "{apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition, spec: {versions: [{name: v1, storage: true}]}}",
        );
        prepare_for_create(&mut crd);
        assert_eq!(crd.get("status"), Some(&yaml("{storedVersions: [v1]}")));
    }

    /// coordination `lease/strategy.go`: with CoordinatedLeaderElection
    /// off, `PrepareForCreate` drops the strategy and preferred holder;
    /// `PrepareForUpdate` drops each unless the stored Lease has it.
    #[test]
    fn lease_coordinated_election_fields_are_dropped_unless_in_use() {
        let body = "{apiVersion: coordination.k8s.io/v1, kind: Lease, spec: {holderIdentity: h, strategy: OldestEmulationVersion, preferredHolder: p}}";
        let mut created = yaml(body);
        prepare_for_create(&mut created);
        assert_eq!(
            created,
            yaml("{apiVersion: coordination.k8s.io/v1, kind: Lease, spec: {holderIdentity: h}}")
        );
        let stored = yaml(
            "{apiVersion: coordination.k8s.io/v1, kind: Lease, spec: {strategy: OldestEmulationVersion}}",
        );
        let mut updated = yaml(body);
        prepare_for_update(&mut updated, &stored, NOW);
        assert_eq!(
            updated,
            yaml(
                "{apiVersion: coordination.k8s.io/v1, kind: Lease, spec: {holderIdentity: h, strategy: OldestEmulationVersion}}"
            )
        );
    }

    /// core `persistentvolumeclaim/strategy.go` `PrepareForCreate` and
    /// `PrepareForUpdate`: `EnforceDataSourceBackwardsCompatibility`, then
    /// `NormalizeDataSources`.
    #[test]
    fn pvc_data_sources_are_normalized_and_foreign_ones_dropped() {
        let pvc = |spec: &str| {
            yaml(&format!(
                "{{apiVersion: v1, kind: PersistentVolumeClaim, spec: {spec}}}"
            ))
        };
        let mut created = pvc("{dataSource: {kind: PersistentVolumeClaim, name: a}}");
        prepare_for_create(&mut created);
        assert_eq!(
            created,
            pvc(
                "{dataSource: {kind: PersistentVolumeClaim, name: a}, dataSourceRef: {kind: PersistentVolumeClaim, name: a}}"
            )
        );
        let mut created =
            pvc("{dataSourceRef: {apiGroup: x.io, kind: Pop, name: p, namespace: ''}}");
        prepare_for_create(&mut created);
        assert_eq!(
            created,
            pvc(
                "{dataSourceRef: {apiGroup: x.io, kind: Pop, name: p, namespace: ''}, dataSource: {apiGroup: x.io, kind: Pop, name: p}}"
            )
        );
        // A namespaced reference has no local counterpart.
        let body = pvc("{dataSourceRef: {kind: Pop, name: p, namespace: ns}}");
        let mut created = body.clone();
        prepare_for_create(&mut created);
        assert_eq!(created, body);
        // Neither a claim nor a snapshot: dropped on create, and on an
        // update unless the stored claim has a data source.
        let foreign = "{dataSource: {apiGroup: x.io, kind: Pop, name: p}}";
        let mut created = pvc(foreign);
        prepare_for_create(&mut created);
        assert_eq!(created, pvc("{}"));
        let mut updated = pvc(foreign);
        prepare_for_update(&mut updated, &pvc("{}"), NOW);
        assert_eq!(updated, pvc("{}"));
        let mut updated = pvc(foreign);
        prepare_for_update(&mut updated, &pvc(foreign), NOW);
        assert_eq!(
            updated,
            pvc(
                "{dataSource: {apiGroup: x.io, kind: Pop, name: p}, dataSourceRef: {apiGroup: x.io, kind: Pop, name: p}}"
            )
        );
    }

    /// resource `resourceslice/strategy.go` `dropDisabledFields` with
    /// 1.36's gates: DRAListTypeAttributes and DRANodeAllocatableResources
    /// (alpha, off) drop list attributes and node-allocatable mappings
    /// unless the stored slice uses them; the gates that are on keep
    /// theirs (taints).
    #[test]
    fn resource_slice_alpha_fields_are_dropped_unless_in_use() {
        let slice = |devices: &str| {
            yaml(&format!(
                "{{apiVersion: resource.k8s.io/v1, kind: ResourceSlice, spec: {{driver: d, devices: {devices}}}}}"
            ))
        };
        let body = "[{name: a, taints: [{key: k, effect: NoSchedule}], attributes: {m: {int: 1, ints: [1, 2]}}, nodeAllocatableResourceMappings: [{capacityKey: c}]}]";
        let bare =
            slice("[{name: a, taints: [{key: k, effect: NoSchedule}], attributes: {m: {int: 1}}}]");
        let mut created = slice(body);
        prepare_for_create(&mut created);
        assert_eq!(created, bare);
        let mut updated = slice(body);
        prepare_for_update(&mut updated, &bare, NOW);
        assert_eq!(updated, bare);
        // In use by any stored device: kept on every device.
        let mut updated = slice(body);
        prepare_for_update(
            &mut updated,
            &slice(
                "[{name: b, attributes: {x: {strings: []}}, nodeAllocatableResourceMappings: [{capacityKey: c}]}]",
            ),
            NOW,
        );
        assert_eq!(updated, slice(body));
    }

    /// resource `resourceclaim/strategy.go`
    /// `dropDeallocatedStatusDevices` (DRAResourceClaimDeviceStatus on): a
    /// `/status` write drops the statuses of devices no longer allocated.
    #[test]
    fn resource_claim_status_writes_drop_deallocated_device_statuses() {
        let live = r#"{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaim","status":{"allocation":{"devices":{"results":[
            {"driver":"d","pool":"p","device":"a"},{"driver":"d","pool":"p","device":"b"}]}}}}"#;
        let (_, object) = status_write(
            live,
            r#"{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaim","status":{"allocation":{"devices":{"results":[
                {"driver":"d","pool":"p","device":"a"}]}},"devices":[
                {"driver":"d","pool":"p","device":"a"},{"driver":"d","pool":"p","device":"b"},{"driver":"d","pool":"p","device":"c"}]}}"#,
        );
        assert_eq!(
            object.get_path(&["status", "devices"]),
            Some(&json(
                r#"[{"driver":"d","pool":"p","device":"a"},{"driver":"d","pool":"p","device":"c"}]"#
            ))
        );
        // Deallocated altogether: no device statuses left, no list.
        let (_, object) = status_write(
            live,
            r#"{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaim","status":{"devices":[{"driver":"d","pool":"p","device":"b"}]}}"#,
        );
        assert_eq!(object.get("status"), Some(&json("{}")));
    }

    /// discovery `endpointslice/strategy.go` `dropTopologyOnV1`: a v1
    /// write drops each endpoint's `deprecatedTopology`, unless an update
    /// leaves the endpoints as stored.
    #[test]
    fn endpoint_slice_v1_writes_drop_deprecated_topology() {
        let slice = |endpoints: &str| {
            yaml(&format!(
                "{{apiVersion: discovery.k8s.io/v1, kind: EndpointSlice, addressType: IPv4, endpoints: {endpoints}}}"
            ))
        };
        let body =
            slice("[{addresses: [10.0.0.1], deprecatedTopology: {kubernetes.io/hostname: n1}}]");
        let bare = slice("[{addresses: [10.0.0.1]}]");
        let mut created = body.clone();
        prepare_for_create(&mut created);
        assert_eq!(created, bare);
        let mut updated = body.clone();
        prepare_for_update(&mut updated, &bare, NOW);
        assert_eq!(updated, bare);
        let mut unchanged = body.clone();
        prepare_for_update(&mut unchanged, &body, NOW);
        assert_eq!(unchanged, body);
    }
}
