#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

fn v(text: &str) -> Value {
    crate::yaml::parse(text).unwrap().value
}

fn meta<'a>(object: &'a Value, key: &str) -> Option<&'a Value> {
    object.get_path(&["metadata", key])
}

/// The stamped objects, events and rollouts of a replay.
type Replayed = (
    Vec<Option<Value>>,
    Vec<Option<WatchEvent>>,
    Vec<Option<Rollout>>,
);

/// Runs writes through one `Bookkeeping`: each item is the object after
/// the write (`None` = deleted) and whether it changed; returns the
/// stamped objects and events.
fn replay(generation: Generation, writes: &[(Option<&str>, bool)]) -> Replayed {
    let mut b = Bookkeeping::new("test", None);
    let mut objects: Vec<Option<Value>> = Vec::new();
    let (mut events, mut rollouts) = (Vec::new(), Vec::new());
    for (i, (after, changed)) in writes.iter().enumerate() {
        let before = objects.last().cloned().flatten();
        let mut after = after.map(v);
        let time = format!("2024-01-01T00:00:0{i}Z");
        let (e, r) = b.record(before.as_ref(), after.as_mut(), *changed, generation, &time);
        objects.push(after);
        events.push(e);
        rollouts.push(r);
    }
    (objects, events, rollouts)
}

/// API concepts, "Resource versions": the resourceVersion "changes every
/// time the object is modified" — and only then: a no-op write (server-side
/// apply of an unchanged configuration) stores nothing and keeps it.
/// Creation stamps uid and creationTimestamp, which later writes keep.
#[test]
fn resource_version_moves_only_when_the_stored_object_changes() {
    let (objects, _, _) = replay(
        Generation::None,
        &[
            (
                Some("kind: ConfigMap\nmetadata: {name: c}\ndata: {a: '1'}"),
                true,
            ),
            (
                Some("kind: ConfigMap\nmetadata: {name: c}\ndata: {a: '1'}"),
                false,
            ),
            (
                Some("kind: ConfigMap\nmetadata: {name: c}\ndata: {a: '2'}"),
                true,
            ),
        ],
    );
    let rv: Vec<_> = objects
        .iter()
        .map(|o| meta(o.as_ref().unwrap(), "resourceVersion").cloned())
        .collect();
    assert_eq!(
        rv,
        vec![Some("1".into()), Some("1".into()), Some("2".into())]
    );
    let first = objects[0].as_ref().unwrap();
    let last = objects[2].as_ref().unwrap();
    assert_eq!(
        meta(first, "creationTimestamp"),
        Some(&Value::from("2024-01-01T00:00:00Z"))
    );
    assert_eq!(
        meta(last, "creationTimestamp"),
        meta(first, "creationTimestamp")
    );
    assert_eq!(meta(last, "uid"), meta(first, "uid"));
    assert_eq!(
        meta(first, "generation"),
        None,
        "a ConfigMap has no generation"
    );
}

/// API concepts: "uid: ... unique in time and space"; an object deleted
/// and created again under the same name is a different object.
#[test]
fn a_recreated_object_gets_a_new_uid() {
    let cm = "kind: ConfigMap\nmetadata: {name: c}";
    let (objects, events, _) = replay(
        Generation::None,
        &[(Some(cm), true), (None, true), (Some(cm), true)],
    );
    let uid = |i: usize| meta(objects[i].as_ref().unwrap(), "uid").cloned().unwrap();
    assert_ne!(uid(0), uid(2));
    let text = uid(0);
    let uid_text = text.as_str().unwrap();
    assert_eq!(uid_text.len(), 36);
    assert_eq!(
        uid_text.split('-').map(str::len).collect::<Vec<_>>(),
        [8, 4, 4, 4, 12]
    );
    assert_eq!(events[2].as_ref().unwrap().resource_version, "3");
    assert_eq!(
        meta(objects[2].as_ref().unwrap(), "creationTimestamp"),
        Some(&Value::from("2024-01-01T00:00:02Z"))
    );
}

/// API conventions (metadata): "generation: a sequence number representing
/// a specific generation of the desired state. Set by the system and
/// monotonically increasing" — strategies set it to 1 on create and bump it
/// when the spec changes, not for metadata-only or status-only changes.
/// Deployments also bump on annotation changes ("annotations are copied
/// from deployments to their replica sets", registry/apps/deployment).
#[test]
fn generation_per_kind() {
    struct Case {
        policy: Generation,
        before: &'static str,
        after: &'static str,
        bumps: bool,
    }
    let cases = [
        Case {
            policy: Generation::Spec,
            before: "spec: {replicas: 1}",
            after: "spec: {replicas: 2}",
            bumps: true,
        },
        Case {
            policy: Generation::Spec,
            before: "spec: {replicas: 1}",
            after: "{metadata: {labels: {a: b}}, spec: {replicas: 1}}",
            bumps: false,
        },
        Case {
            policy: Generation::Spec,
            before: "spec: {replicas: 1}",
            after: "{spec: {replicas: 1}, status: {readyReplicas: 1}}",
            bumps: false,
        },
        Case {
            policy: Generation::Spec,
            before: "spec: {template: {metadata: {labels: {}}}}",
            after: "spec: {template: {metadata: {}}}",
            bumps: false,
        },
        Case {
            policy: Generation::Spec,
            before: "{metadata: {annotations: {a: b}}, spec: {x: 1}}",
            after: "{metadata: {annotations: {a: c}}, spec: {x: 1}}",
            bumps: false,
        },
        Case {
            policy: Generation::SpecOrAnnotations,
            before: "{metadata: {annotations: {a: b}}, spec: {x: 1}}",
            after: "{metadata: {annotations: {a: c}}, spec: {x: 1}}",
            bumps: true,
        },
        Case {
            policy: Generation::SpecOrAnnotations,
            before: "{metadata: {labels: {a: b}}, spec: {x: 1}}",
            after: "{metadata: {labels: {a: c}}, spec: {x: 1}}",
            bumps: false,
        },
        Case {
            policy: Generation::Webhooks,
            before: "webhooks: [{name: a}]",
            after: "webhooks: [{name: b}]",
            bumps: true,
        },
        Case {
            policy: Generation::Webhooks,
            before: "{metadata: {name: w}}",
            after: "{metadata: {name: w}, webhooks: []}",
            bumps: true,
        },
        Case {
            policy: Generation::None,
            before: "data: {a: '1'}",
            after: "data: {a: '2'}",
            bumps: false,
        },
        Case {
            policy: Generation::AllButMetadata {
                status_subresource: true,
            },
            before: "{spec: {a: 1}, status: {ok: false}}",
            after: "{spec: {a: 1}, status: {ok: true}}",
            bumps: false,
        },
        Case {
            policy: Generation::AllButMetadata {
                status_subresource: false,
            },
            before: "{spec: {a: 1}, status: {ok: false}}",
            after: "{spec: {a: 1}, status: {ok: true}}",
            bumps: true,
        },
        Case {
            policy: Generation::AllButMetadata {
                status_subresource: true,
            },
            before: "{spec: {a: 1}, extra: x}",
            after: "{spec: {a: 1}, extra: y}",
            bumps: true,
        },
        Case {
            policy: Generation::AllButMetadata {
                status_subresource: true,
            },
            before: "{metadata: {labels: {a: b}}, spec: {a: 1}}",
            after: "{spec: {a: 1}}",
            bumps: false,
        },
    ];
    for (i, c) in cases.iter().enumerate() {
        assert_eq!(
            c.policy.bumps(&v(c.before), &v(c.after)),
            c.bumps,
            "case {i}: {} -> {}",
            c.before,
            c.after
        );
    }
}

/// Which kinds keep a generation, as their registry strategies'
/// `PrepareForUpdate` decide: workloads and other spec-carrying kinds do;
/// ConfigMap, Service and HorizontalPodAutoscaler (whose strategy only
/// resets status) do not; custom resources always do.
#[test]
fn generation_policy_of_kinds() {
    let cases = [
        (
            "apps/v1",
            "Deployment",
            true,
            false,
            Generation::SpecOrAnnotations,
        ),
        ("apps/v1", "StatefulSet", true, true, Generation::Spec),
        (
            "extensions/v1beta1",
            "DaemonSet",
            true,
            true,
            Generation::Spec,
        ),
        ("batch/v1", "CronJob", true, true, Generation::Spec),
        ("v1", "Pod", true, true, Generation::Spec),
        ("v1", "ConfigMap", true, false, Generation::None),
        (
            "resource.k8s.io/v1beta2",
            "DeviceTaintRule",
            true,
            true,
            Generation::Spec,
        ),
        (
            "resource.k8s.io/v1",
            "ResourceSlice",
            true,
            false,
            Generation::Spec,
        ),
        (
            "resource.k8s.io/v1",
            "ResourceClaim",
            true,
            true,
            Generation::None,
        ),
        ("v1", "Service", true, true, Generation::None),
        (
            "autoscaling/v2",
            "HorizontalPodAutoscaler",
            true,
            true,
            Generation::None,
        ),
        (
            "admissionregistration.k8s.io/v1",
            "ValidatingWebhookConfiguration",
            true,
            false,
            Generation::Webhooks,
        ),
        (
            "example.com/v1",
            "Widget",
            false,
            true,
            Generation::AllButMetadata {
                status_subresource: true,
            },
        ),
        (
            "example.com/v1",
            "Widget",
            false,
            false,
            Generation::AllButMetadata {
                status_subresource: false,
            },
        ),
    ];
    for (api_version, kind, builtin, status, expected) in cases {
        assert_eq!(
            Generation::of(api_version, kind, builtin, status),
            expected,
            "{api_version} {kind}"
        );
    }
}

/// The generation starts at 1 on create and counts spec changes through
/// the bookkeeping, untouched by no-ops and metadata-only writes.
#[test]
fn generation_through_writes() {
    let (objects, _, _) = replay(
        Generation::Spec,
        &[
            (Some("kind: Pod\nmetadata: {name: p}\nspec: {x: 1}"), true),
            (
                Some("kind: Pod\nmetadata: {name: p, labels: {a: b}, generation: 1}\nspec: {x: 1}"),
                true,
            ),
            (
                Some("kind: Pod\nmetadata: {name: p, generation: 1}\nspec: {x: 2}"),
                true,
            ),
            (
                Some("kind: Pod\nmetadata: {name: p, generation: 2}\nspec: {x: 2}"),
                false,
            ),
        ],
    );
    let generations: Vec<_> = objects
        .iter()
        .map(|o| meta(o.as_ref().unwrap(), "generation").cloned())
        .collect();
    assert_eq!(
        generations,
        vec![
            Some(Value::Int(1)),
            Some(Value::Int(1)),
            Some(Value::Int(2)),
            Some(Value::Int(2))
        ]
    );
}

/// API concepts, "Efficient detection of changes": a watch delivers
/// ADDED, MODIFIED and DELETED events for changes to the stored object;
/// a write that changes nothing sends none.
#[test]
fn watch_events_per_write() {
    let cm = |a: &str| format!("kind: ConfigMap\nmetadata: {{name: c}}\ndata: {{a: '{a}'}}");
    let (one, two) = (cm("1"), cm("2"));
    let (_, events, _) = replay(
        Generation::None,
        &[
            (Some(&one), true),
            (Some(&one), false),
            (Some(&two), true),
            (None, true),
        ],
    );
    let seen: Vec<_> = events
        .iter()
        .map(|e| {
            e.as_ref().map(|e| {
                (
                    e.kind.as_str(),
                    e.resource_version.as_str(),
                    e.kind.kube_rs(),
                )
            })
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            Some(("ADDED", "1", "Event::Apply")),
            None,
            Some(("MODIFIED", "2", "Event::Apply")),
            Some(("DELETED", "3", "Event::Delete")),
        ]
    );
}

/// kube-runtime's `watcher::Event`: a watcher (re)starts with `Init`, an
/// `InitApply` per listed object, `InitDone`; later changes come as `Apply`
/// ("an object was added or modified") and `Delete`.
#[test]
fn a_watcher_that_starts_later() {
    let ev = |kind, rv: &str| {
        Some(WatchEvent {
            kind,
            resource_version: rv.into(),
        })
    };
    let events = [
        ev(EventType::Added, "1"),
        None,
        ev(EventType::Modified, "2"),
        ev(EventType::Deleted, "3"),
    ];
    let names = |start| {
        kube_watcher_view(None, &events, start)
            .iter()
            .map(|e| e.name())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        names(0),
        [
            "Event::Init",
            "Event::InitDone",
            "Event::Apply",
            "Event::Apply",
            "Event::Delete"
        ]
    );
    assert_eq!(
        names(2),
        [
            "Event::Init",
            "Event::InitApply",
            "Event::InitDone",
            "Event::Apply",
            "Event::Delete"
        ]
    );
    assert_eq!(names(4), ["Event::Init", "Event::InitDone"]);
    assert_eq!(
        kube_watcher_view(None, &events, 3)[1],
        WatcherEvent::InitApply {
            resource_version: "2".into()
        }
    );
    // An object stored before the first step is listed with its own version.
    assert_eq!(
        kube_watcher_view(Some("7"), &[None], 1),
        [
            WatcherEvent::Init,
            WatcherEvent::InitApply {
                resource_version: "7".into()
            },
            WatcherEvent::InitDone
        ]
    );
}

fn deployment(replicas: i64, image: &str, paused: bool) -> String {
    format!(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: web}}\nspec: {{paused: {paused}, replicas: {replicas}, template: {{spec: {{containers: [{{name: a, image: '{image}'}}]}}}}}}"
    )
}

/// Deployment docs: "A Deployment's rollout is triggered if and only if
/// the Deployment's Pod template (that is, .spec.template) is changed ...
/// Other updates, such as scaling the Deployment, do not trigger a
/// rollout"; "changes to the PodTemplateSpec of the paused Deployment will
/// not trigger new rollouts as long as it is paused" — resuming rolls out
/// what changed meanwhile. Rolling back to an earlier template reuses its
/// ReplicaSet (same hash) under the next revision number.
#[test]
fn deployment_rollouts() {
    let writes = [
        deployment(1, "x:1", false), // create: revision 1
        deployment(5, "x:1", false), // scale: none
        deployment(5, "x:2", true),  // paused template change: none
        deployment(5, "x:2", false), // resume: revision 2
        deployment(5, "x:1", false), // back to x:1: revision 3, hash of revision 1
    ];
    let writes: Vec<_> = writes.iter().map(|w| (Some(w.as_str()), true)).collect();
    let (_, _, rollouts) = replay(Generation::SpecOrAnnotations, &writes);
    let revisions: Vec<_> = rollouts
        .iter()
        .map(|r| r.as_ref().map(|r| r.revision))
        .collect();
    assert_eq!(revisions, vec![Some(1), None, None, Some(2), Some(3)]);
    let first = rollouts[0].as_ref().unwrap();
    let last = rollouts[4].as_ref().unwrap();
    assert_eq!(first.pod_template_hash, last.pod_template_hash);
    assert_ne!(
        first.pod_template_hash,
        rollouts[3].as_ref().unwrap().pod_template_hash
    );
    assert_eq!(first.name, format!("web-{}", first.pod_template_hash));
    assert_eq!(first.workload.revision_kind(), "ReplicaSet");
}

/// A metadata-only write (a label on the Deployment) is no rollout, and a
/// StatefulSet's template change records a new ControllerRevision.
#[test]
fn rollouts_of_other_writes_and_workloads() {
    let labelled = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, labels: {team: a}}\nspec: {paused: false, replicas: 1, template: {spec: {containers: [{name: a, image: 'x:1'}]}}}";
    let (_, _, rollouts) = replay(
        Generation::SpecOrAnnotations,
        &[
            (Some(&deployment(1, "x:1", false)), true),
            (Some(labelled), true),
        ],
    );
    assert_eq!(rollouts[1], None);
    let sts = |image: &str| {
        format!(
            "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {{name: db}}\nspec: {{replicas: 3, template: {{spec: {{containers: [{{name: a, image: '{image}'}}]}}}}}}"
        )
    };
    let (a, b) = (sts("pg:15"), sts("pg:16"));
    let (_, _, rollouts) = replay(Generation::Spec, &[(Some(&a), true), (Some(&b), true)]);
    let r = rollouts[1].as_ref().unwrap();
    assert_eq!((r.workload, r.revision), (Workload::StatefulSet, 2));
    assert_eq!(r.workload.hash_label(), "controller-revision-hash");
    // A ConfigMap never rolls out.
    let (_, _, rollouts) = replay(
        Generation::None,
        &[(
            Some("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}"),
            true,
        )],
    );
    assert_eq!(rollouts[0], None);
}

/// A stored Deployment's current template counts as rolled out, under the
/// revision its `deployment.kubernetes.io/revision` annotation names.
#[test]
fn a_stored_deployment_continues_its_revisions() {
    let live = v(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, annotations: {deployment.kubernetes.io/revision: '4'}, resourceVersion: '41'}\nspec: {template: {spec: {containers: [{name: a, image: 'x:1'}]}}}",
    );
    let mut b = Bookkeeping::new("s", Some(&live));
    let mut next = live.clone();
    next.child_map_mut("spec")
        .and_then(|s| s.get_mut("template"))
        .and_then(|t| t.child_map_mut("metadata"))
        .unwrap()
        .insert("labels", v("{v: '2'}"));
    let (event, rollout) = b.record(
        Some(&live),
        Some(&mut next),
        true,
        Generation::SpecOrAnnotations,
        "t",
    );
    assert_eq!(event.unwrap().resource_version, "42");
    assert_eq!(rollout.unwrap().revision, 5);
}

/// Hashes are written as apimachinery's `SafeEncodeString` writes the
/// decimal hash (digits become `4 5 6 7 8 9 b c d f`), with Go's FNV
/// functions (known vectors).
#[test]
fn hash_encoding() {
    assert_eq!(fnv32a(b""), 0x811c_9dc5);
    assert_eq!(fnv32a(b"a"), 0xe40c_292c);
    assert_eq!(fnv32(b"a"), 0x050c_5d7e);
    assert_eq!(safe_encode("0123456789"), "456789bcdf");
    let hash = pod_template_hash(&v("{spec: {containers: [{name: a}]}}"));
    assert!(!hash.is_empty() && hash.len() <= 10);
    assert!(hash.chars().all(|c| "456789bcdf".contains(c)), "{hash}");
}

/// The rules through the runner: each step of a Deployment's life, as the
/// result document shows it (Deployment docs on rollouts; API concepts on
/// resourceVersion and watch events; generation per the apps strategy).
#[test]
fn a_deployment_scenario_end_to_end() {
    let deployment = |replicas: i64, image: &str| {
        format!(
            "    apiVersion: apps/v1\n    kind: Deployment\n    metadata: {{name: web, namespace: default}}\n    spec:\n      replicas: {replicas}\n      selector: {{matchLabels: {{app: web}}}}\n      template:\n        metadata: {{labels: {{app: web}}}}\n        spec: {{containers: [{{name: web, image: '{image}'}}]}}\n"
        )
    };
    let text = format!(
        "scenario: v1\nname: rollout\nsteps:\n- manager: m\n  op: apply\n  object:\n{}- manager: m\n  op: apply\n  object:\n{}- manager: m\n  op: apply\n  object:\n{}- manager: m\n  op: apply\n  object:\n{}- manager: m\n  op: delete\n",
        deployment(1, "nginx:1.25"),
        deployment(3, "nginx:1.25"),
        deployment(3, "nginx:1.26"),
        deployment(3, "nginx:1.26"),
    );
    let result = crate::scenario::run_scenario_text(&text)
        .unwrap()
        .to_value();
    let steps = result.get("steps").and_then(Value::as_list).unwrap();
    let field = |i: usize, path: &[&str]| steps[i].get_path(path).cloned();
    let event = |i: usize| {
        field(i, &["events"])
            .and_then(|e| e.as_list().and_then(|l| l.first().cloned()))
            .map(|e| {
                (
                    e.get("type").and_then(Value::as_str).unwrap().to_string(),
                    e.get("resourceVersion")
                        .and_then(Value::as_str)
                        .unwrap()
                        .to_string(),
                )
            })
    };
    let owned = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
    assert_eq!(
        (0..5).map(event).collect::<Vec<_>>(),
        vec![
            owned("ADDED", "1"),
            owned("MODIFIED", "2"),
            owned("MODIFIED", "3"),
            None,
            owned("DELETED", "4"),
        ]
    );
    let generation = |i: usize| field(i, &["object", "metadata", "generation"]);
    assert_eq!(
        (0..4).map(generation).collect::<Vec<_>>(),
        vec![
            Some(Value::Int(1)),
            Some(Value::Int(2)),
            Some(Value::Int(3)),
            Some(Value::Int(3))
        ],
        "scaling and the template change both change the spec"
    );
    let revision = |i: usize| field(i, &["rollout", "revision"]);
    assert_eq!(
        (0..5).map(revision).collect::<Vec<_>>(),
        vec![Some(Value::Int(1)), None, Some(Value::Int(2)), None, None],
        "only creation and the image change roll out"
    );
    assert_eq!(field(4, &["object"]), None);
}

/// storage `csidriver/strategy.go` (1.30+: `PrepareForCreate` drops the
/// gated `seLinuxMount` and sets no generation; `PrepareForUpdate` adds
/// one when the spec changed): a new driver has no generation, a label
/// change leaves it so, the first spec change makes it 1.
#[test]
fn a_csi_drivers_generation_starts_unset() {
    assert_eq!(
        Generation::of("storage.k8s.io/v1", "CSIDriver", true, false),
        Generation::SpecFromZero
    );
    let driver = |labels: &str, spec: &str| {
        format!("kind: CSIDriver\nmetadata: {{name: d, labels: {{{labels}}}}}\nspec: {{{spec}}}")
    };
    let (created, relabelled, changed) = (
        driver("", "attachRequired: true"),
        driver("a: b", "attachRequired: true"),
        driver("a: b", "attachRequired: false"),
    );
    let (objects, _, _) = replay(
        Generation::SpecFromZero,
        &[
            (Some(&created), true),
            (Some(&relabelled), true),
            (Some(&changed), true),
        ],
    );
    let generations: Vec<_> = objects
        .iter()
        .map(|o| o.as_ref().and_then(|o| meta(o, "generation")).cloned())
        .collect();
    assert_eq!(generations, [None, None, Some(Value::Int(1))]);
}
