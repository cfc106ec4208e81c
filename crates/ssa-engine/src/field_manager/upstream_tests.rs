//! Upstream's field manager tests, ported: apimachinery v0.36.3 (the
//! Kubernetes 1.36 the engine follows)
//! `pkg/util/managedfields/internal/*_test.go`,
//! `pkg/util/managedfields/fieldmanager_test.go` and
//! `pkg/util/managedfields/scalehandler_test.go`, each test naming the
//! upstream function and case it follows and asserting what upstream
//! asserts. `testdata/pod.yaml` and `testdata/node.yaml` are upstream's
//! (`pkg/util/managedfields/`); its `endpoints.yaml` is generated
//! (`endpoints_yaml`).
//!
//! Upstream runs these through `internal/testing.NewTestFieldManagerImpl`:
//! the field manager's layers with a fake object converter and defaulter
//! and no registry strategy. [`TestFieldManager`] does the same with the
//! engine's built-in schema of the kind, its defaulter, validator, Go
//! struct round trip and subresources taken off. Upstream's live object
//! starts as `{apiVersion, kind}` without a uid, which the engine writes
//! as a create (`live = None`); its times come from the clock, here from
//! a counter.
//!
//! Not ported, or ported adapted:
//! - `internal/fieldmanager_test.go` `TestFieldManagerUpdateNoErrors`:
//!   not in 1.36 (added for 1.37 with `UpdateNoErrors` keeping the live
//!   object's managedFields on a failure, where 1.36 and the engine drop
//!   them); it also injects the failure through a fake inner manager
//!   (`fakeManager`), a seam the engine does not have.
//! - `fieldmanager_test.go` `TestUpdateViaSubresources` is ported adapted
//!   (see `update_via_subresources`): upstream's `scale` endpoint there
//!   takes whole Pods, the engine's `/scale` takes Scales.
//! - `managedfieldsupdater_test.go`
//!   `TestNilNewObjectReplacedWithDeepCopyExcludingManagedFields`: drives
//!   `managedFieldsUpdater` over a fake `NoopManager` and checks Go object
//!   identity.
//! - `scalehandler_test.go` `TestTransformingManagedFieldsToParentMultiVersion`:
//!   resource path mappings for several versions and custom resources
//!   whose other version has no scale path; the engine's scale handler
//!   knows one replicas path, for the stored version.
//! - `scalehandler_test.go` `TestTransformingManagedFieldsToParent` case
//!   "drops the entry if the api version is unknown": upstream's
//!   `ToParent` drops a parent entry whose API version has no replicas
//!   path in the handler's `ResourcePathMappings` (an `apps/v10` entry
//!   here); the engine keeps it. The engine's scale handler knows the
//!   replicas path of the stored version only, while upstream's mappings
//!   also cover the kind's other versions (a Deployment's `apps/v1beta1`
//!   and `apps/v1beta2`, every version of a custom resource, with no path
//!   for a version without `/scale`), whose entries it keeps: dropping
//!   every other version would be wrong for those. Fixing it needs each
//!   kind's mappings in the schema; left as a known discrepancy.
//! - `conflict_test.go` cases are ported on the message and the causes'
//!   fields; the causes' per-conflict messages have no engine counterpart
//!   (`ConflictReport` carries manager, subresource and field).
//! - The remaining `internal/*_test.go` files (`atmostevery`, `fields`,
//!   `managedfields`, `pathelement`, `typeconverter`, `versionconverter`
//!   and its benchmark) and `extract_test.go` test helpers, not the field
//!   manager's layers; they are outside this port.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use super::*;

fn yaml(text: &str) -> Value {
    crate::yaml::parse(text).unwrap().value
}

fn json(text: &str) -> Value {
    Value::from_json_str(text).unwrap()
}

/// The built-in schema of a kind with nothing around the field manager:
/// upstream's test field manager has a fake defaulter and converter and
/// no strategy.
fn bare(api_version: &str, kind: &str) -> ObjectSchema {
    let mut schema = crate::builtin::lookup(api_version, kind).unwrap();
    schema.defaulter = None;
    schema.validator = None;
    schema.omit_empty = false;
    schema.subresources = Default::default();
    schema
}

/// Upstream `internal/testing.TestFieldManagerImpl`.
struct TestFieldManager {
    schema: ObjectSchema,
    api_version: String,
    kind: String,
    /// `None`: the reset object, `{apiVersion, kind}` without a uid.
    live: Option<Value>,
    clock: u32,
}

impl TestFieldManager {
    fn new(api_version: &str, kind: &str) -> Self {
        TestFieldManager {
            schema: bare(api_version, kind),
            api_version: api_version.into(),
            kind: kind.into(),
            live: None,
            clock: 0,
        }
    }

    fn reset(&mut self) {
        self.live = None;
    }

    /// A later time for every write (upstream's tests sleep a second).
    fn now(&mut self) -> String {
        self.clock += 1;
        format!(
            "2024-01-01T00:{:02}:{:02}Z",
            self.clock / 60,
            self.clock % 60
        )
    }

    fn apply(&mut self, body: &Value, manager: &str, force: bool) -> Result<(), WriteError> {
        let time = self.now();
        let fm = FieldManager::new(&self.schema);
        let out = fm.apply(
            self.live.as_ref(),
            &WriteRequest {
                manager,
                subresource: None,
                body,
                time: &time,
            },
            force,
        )?;
        self.live = Some(out.object);
        Ok(())
    }

    fn update(&mut self, body: &Value, manager: &str) -> Result<(), WriteError> {
        let time = self.now();
        let fm = FieldManager::new(&self.schema);
        let out = fm.update(
            self.live.as_ref(),
            &WriteRequest {
                manager,
                subresource: None,
                body,
                time: &time,
            },
        )?;
        self.live = Some(out.object);
        Ok(())
    }

    fn live(&self) -> Value {
        match &self.live {
            Some(live) => live.clone(),
            None => json(&format!(
                r#"{{"apiVersion":"{}","kind":"{}"}}"#,
                self.api_version, self.kind
            )),
        }
    }

    fn managed_fields(&self) -> Vec<Value> {
        self.live()
            .get_path(&["metadata", "managedFields"])
            .and_then(Value::as_list)
            .cloned()
            .unwrap_or_default()
    }

    /// The entry of `manager`, if any.
    fn entry(&self, manager: &str) -> Option<Value> {
        self.managed_fields()
            .into_iter()
            .find(|e| e.get("manager").and_then(Value::as_str) == Some(manager))
    }
}

fn text<'a>(entry: &'a Value, key: &str) -> &'a str {
    entry.get(key).and_then(Value::as_str).unwrap_or("")
}

/// `apiequality.Semantic.DeepDerivative(a, b)` on unstructured objects:
/// what `a` sets, `b` has (empty maps, lists and strings in `a` match
/// anything).
fn derivative(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, _) => true,
        (Value::Map(x), _) if x.is_empty() => true,
        (Value::List(x), _) if x.is_empty() => true,
        (Value::String(x), _) if x.is_empty() => true,
        (Value::Map(x), Value::Map(y)) => x
            .iter()
            .all(|(k, v)| y.get(k).is_some_and(|w| derivative(v, w))),
        (Value::List(x), Value::List(y)) => {
            x.len() <= y.len() && x.iter().zip(y).all(|(v, w)| derivative(v, w))
        }
        _ => a == b,
    }
}

/// Upstream `SetLastApplied`: sets the annotation, creating the map.
fn set_last_applied_annotation(object: &mut Value, text: &str) {
    object
        .child_map_mut("metadata")
        .and_then(|m| m.child_map_mut("annotations"))
        .unwrap()
        .insert(LAST_APPLIED_ANNOTATION, Value::from(text));
}

// ---------------------------------------------------------------------
// lastappliedmanager_test.go

/// One `testArgs` of upstream `lastappliedmanager_test.go`.
struct Case {
    manager: &'static str,
    /// `None`: the original itself.
    last_applied: Option<&'static str>,
    original: &'static str,
    applied: &'static str,
    /// The conflicting paths in `fieldpath.Set` iteration order; all are
    /// the client-side applier's (`test_client_side_apply`).
    conflicts: Option<&'static [&'static str]>,
}

/// Upstream `testConflicts`: the original, with its last-applied
/// annotation, is written by an update of `test_client_side_apply`; the
/// apply conflicts exactly on the expected set (worded by
/// `NewConflictError`), a forced apply then succeeds, and the live object
/// ends up with everything applied.
fn test_conflicts(api_version: &str, kind: &str, cases: &[Case]) {
    let mut f = TestFieldManager::new(api_version, kind);
    for (i, case) in cases.iter().enumerate() {
        f.reset();
        let mut original = yaml(case.original);
        let last_applied = yaml(case.last_applied.unwrap_or(case.original)).to_json_sorted();
        set_last_applied_annotation(&mut original, &last_applied);
        f.update(&original, "test_client_side_apply")
            .unwrap_or_else(|e| panic!("test {i}: failed to apply object: {e}"));
        let applied = yaml(case.applied);
        let got = f.apply(&applied, case.manager, false);
        match case.conflicts {
            None => assert!(got.is_ok(), "test {i}: expected no error but got {got:?}"),
            Some(paths) => {
                let manager = format!("\"test_client_side_apply\" using {api_version}");
                let message = match paths {
                    [one] => {
                        format!("Apply failed with 1 conflict: conflict with {manager}: {one}")
                    }
                    _ => format!(
                        "Apply failed with {} conflicts: conflicts with {manager}:\n{}",
                        paths.len(),
                        paths
                            .iter()
                            .map(|p| format!("- {p}"))
                            .collect::<Vec<_>>()
                            .join("\n")
                    ),
                };
                let Err(WriteError::Conflict {
                    message: got_message,
                    conflicts,
                }) = got
                else {
                    panic!("test {i}: expected to get conflicts but got {got:?}")
                };
                assert_eq!(got_message, message, "test {i}");
                let fields: Vec<_> = conflicts.iter().map(|c| c.field.as_str()).collect();
                assert_eq!(fields, paths.to_vec(), "test {i}");
                assert!(
                    conflicts
                        .iter()
                        .all(|c| c.manager == "test_client_side_apply" && c.subresource.is_none()),
                    "test {i}: {conflicts:?}"
                );
                // Yet force should resolve all conflicts.
                f.apply(&applied, case.manager, true).unwrap_or_else(|e| {
                    panic!("test {i}: unexpected error during force ownership apply: {e}")
                });
            }
        }
        assert!(
            derivative(&applied, &f.live()),
            "test {i}: expected equal resource:\n{}\ngot:\n{}",
            applied.to_json_sorted(),
            f.live().to_json_sorted()
        );
    }
}

/// Upstream `lastappliedmanager_test.go` `TestApplyUsingLastAppliedAnnotation`, every case, through
/// upstream's `testConflicts`.
#[test]
fn apply_using_last_applied_annotation() {
    test_conflicts(
        "apps/v1",
        "Deployment",
        &[
            // TestApplyUsingLastAppliedAnnotation, test 0
            Case {
                manager: "kubectl",
                last_applied: Some(
                    r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v1
      - name: my-c2
        image: my-image2
"#,
                ),
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app # missing from last-applied
spec:
  replicas: 100 # does not match last-applied
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v2 # does no match last-applied
      # note that second container in last-applied is missing
"#,
                applied: r#"
# test conflicts due to fields not allowed by last-applied

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label # NOT allowed: update label
spec:
  replicas: 333 # NOT allowed: update replicas
  selector:
    matchLabels:
      app: my-new-label # allowed: update label
  template:
    metadata:
      labels:
        app: my-new-label # allowed: update-label
    spec:
      containers:
      - name: my-c
        image: my-image-new # NOT allowed: update image
"#,
                conflicts: Some(&[
                    r#".metadata.labels.app"#,
                    r#".spec.replicas"#,
                    r#".spec.template.spec.containers[name="my-c"].image"#,
                ]),
            },
            // TestApplyUsingLastAppliedAnnotation, test 1
            Case {
                manager: "kubectl",
                last_applied: Some(
                    r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
"#,
                ),
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100 # does not match last applied
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
"#,
                applied: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label
spec:
  replicas: 3 # expect conflict
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
"#,
                conflicts: Some(&[r#".spec.replicas"#]),
            },
            // TestApplyUsingLastAppliedAnnotation, test 2
            Case {
                manager: "kubectl",
                last_applied: None,
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
"#,
                applied: r#"
# applied object matches original

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
"#,
                conflicts: None,
            },
            // TestApplyUsingLastAppliedAnnotation, test 3
            Case {
                manager: "kubectl",
                last_applied: None,
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
"#,
                applied: r#"
# test allowed update with no conflicts

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label # update label
spec:
  replicas: 333 # update replicas
  selector:
    matchLabels:
      app: my-new-label # update label
  template:
    metadata:
      labels:
        app: my-new-label # update-label
    spec:
      containers:
      - name: my-c
        image: my-image
"#,
                conflicts: None,
            },
            // TestApplyUsingLastAppliedAnnotation, test 4
            Case {
                manager: "not_kubectl",
                last_applied: Some(
                    r#"
# expect conflicts because field manager is NOT kubectl

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v1
"#,
                ),
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100 # does not match last-applied
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v2 # does no match last-applied
"#,
                applied: r#"
# test conflicts due to fields not allowed by last-applied

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label # update label
spec:
  replicas: 333 # update replicas
  selector:
    matchLabels:
      app: my-new-label # update label
  template:
    metadata:
      labels:
        app: my-new-label # update-label
    spec:
      containers:
      - name: my-c
        image: my-image-new # update image
"#,
                conflicts: Some(&[
                    r#".metadata.labels.app"#,
                    r#".spec.replicas"#,
                    r#".spec.selector"#,
                    r#".spec.template.metadata.labels.app"#,
                    r#".spec.template.spec.containers[name="my-c"].image"#,
                ]),
            },
            // TestApplyUsingLastAppliedAnnotation, test 5
            Case {
                manager: "kubectl",
                last_applied: None,
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
"#,
                applied: r#"
# test allowed update with no conflicts

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-new-image # update image
"#,
                conflicts: None,
            },
            // TestApplyUsingLastAppliedAnnotation, test 6
            Case {
                manager: "not_kubectl",
                last_applied: None,
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
"#,
                applied: r#"

# expect changes to fail because field manager is not kubectl

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label # update label
spec:
  replicas: 3 # update replicas
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-new-image # update image
"#,
                conflicts: Some(&[
                    r#".metadata.labels.app"#,
                    r#".spec.replicas"#,
                    r#".spec.template.spec.containers[name="my-c"].image"#,
                ]),
            },
            // TestApplyUsingLastAppliedAnnotation, test 7
            Case {
                manager: "kubectl",
                last_applied: None,
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
"#,
                applied: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 100 # update replicas
"#,
                conflicts: None,
            },
            // TestApplyUsingLastAppliedAnnotation, test 8
            Case {
                manager: "kubectl",
                last_applied: Some(
                    r#"
apiVersion: extensions/v1beta1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
"#,
                ),
                original: r#"
apiVersion: apps/v1 # expect conflict due to apiVersion mismatch with last-applied
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
"#,
                applied: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 100 # update replicas
"#,
                conflicts: Some(&[r#".spec.replicas"#]),
            },
            // TestApplyUsingLastAppliedAnnotation, test 9
            Case {
                manager: "kubectl",
                last_applied: Some(
                    r#"
apiVerison: foo
kind: bar
spec: expect conflict due to invalid object
"#,
                ),
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
"#,
                applied: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 100 # update replicas
"#,
                conflicts: Some(&[r#".spec.replicas"#]),
            },
            // TestApplyUsingLastAppliedAnnotation, test 10
            Case {
                manager: "kubectl",
                // `lastApplied: []byte{}`: the annotation is `null`, as
                // upstream's `yamlToJSON` encodes an empty document.
                last_applied: Some(""),
                original: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
"#,
                applied: r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 100 # update replicas
"#,
                conflicts: Some(&[r#".spec.replicas"#]),
            },
        ],
    );
}

/// Upstream `lastappliedmanager_test.go` `TestServiceApply`, every case, through
/// upstream's `testConflicts`.
#[test]
fn service_apply() {
    test_conflicts(
        "v1",
        "Service",
        &[
            // TestServiceApply, test 0
            Case {
                manager: "kubectl",
                last_applied: None,
                original: r#"
apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 8443
  selector:
    old: test
"#,
                applied: r#"
# All accepted while using the same field manager

apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 8444
  selector:
    new: test
"#,
                conflicts: None,
            },
            // TestServiceApply, test 1
            Case {
                manager: "kubectl",
                last_applied: None,
                original: r#"
apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 8443
  selector:
    old: test
"#,
                applied: r#"
# Allowed to remove selectors while using the same field manager

apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 8444
  selector: {}
"#,
                conflicts: None,
            },
            // TestServiceApply, test 2
            Case {
                manager: "not_kubectl",
                last_applied: None,
                original: r#"
apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP # TODO: issue - this is a defaulted field, should not be required in a new spec
    targetPort: 8443
  selector:
    old: test
"#,
                applied: r#"
# test selector update not allowed by last-applied

apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 8444
  selector:
    new: test
"#,
                conflicts: Some(&[
                    r#".spec.selector"#,
                    r#".spec.ports[port=443,protocol="TCP"].targetPort"#,
                ]),
            },
        ],
    );
}

/// Upstream `lastappliedmanager_test.go` `TestReplicationControllerApply`, every case, through
/// upstream's `testConflicts`.
#[test]
fn replication_controller_apply() {
    test_conflicts(
        "v1",
        "ReplicationController",
        &[
            // TestReplicationControllerApply, test 0
            Case {
                manager: "kubectl",
                last_applied: None,
                original: r#"
apiVersion: v1
kind: ReplicationController
metadata:
  name: test
spec:
  replicas: 0
  selector:
    old: test
"#,
                applied: r#"
# All accepted while using the same field manager

apiVersion: v1
kind: ReplicationController
metadata:
  name: test
spec:
  replicas: 3
  selector:
    new: test
"#,
                conflicts: None,
            },
            // TestReplicationControllerApply, test 1
            Case {
                manager: "not_kubectl",
                last_applied: None,
                original: r#"
apiVersion: v1
kind: ReplicationController
metadata:
  name: test
spec:
  replicas: 0
  selector:
    old: test
"#,
                applied: r#"
# test selector update not allowed by last-applied

apiVersion: v1
kind: ReplicationController
metadata:
  name: test
spec:
  replicas: 3
  selector:
    new: test
"#,
                conflicts: Some(&[r#".spec.replicas"#, r#".spec.selector"#]),
            },
        ],
    );
}

/// Upstream `lastappliedmanager_test.go` `TestPodApply`, every case, through
/// upstream's `testConflicts`.
#[test]
fn pod_apply() {
    test_conflicts(
        "v1",
        "Pod",
        &[
            // TestPodApply, test 0
            Case {
                manager: "kubectl",
                last_applied: None,
                original: r#"
apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: definetlyControlPlane
  nodeSelector:
    node-role.kubernetes.io/master: ""
"#,
                applied: r#"
# All accepted while using the same field manager

apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeSelector:
    node-role.kubernetes.io/worker: ""
"#,
                conflicts: None,
            },
            // TestPodApply, test 1
            Case {
                manager: "not_kubectl",
                last_applied: None,
                original: r#"
apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: definetlyControlPlane
  nodeSelector:
    node-role.kubernetes.io/master: ""
"#,
                applied: r#"
# test selector update not allowed by last-applied

apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: definetlyControlPlane
  nodeSelector:
    node-role.kubernetes.io/master: ""
    otherNodeType: ""
"#,
                conflicts: Some(&[r#".spec.nodeSelector"#]),
            },
            // TestPodApply, test 2
            Case {
                manager: "not_kubectl",
                last_applied: None,
                original: r#"
apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: definetlyControlPlane
  nodeSelector:
    node-role.kubernetes.io/master: ""
"#,
                applied: r#"
# purging selector not allowed for different manager

apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: another
  nodeSelector: {}
"#,
                conflicts: Some(&[r#".spec.nodeName"#, r#".spec.nodeSelector"#]),
            },
            // TestPodApply, test 3
            Case {
                manager: "kubectl",
                last_applied: None,
                original: r#"
apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: definetlyControlPlane
  nodeSelector:
    node-role.kubernetes.io/master: ""
"#,
                applied: r#"
# same manager could purge nodeSelector

apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: another
  nodeSelector: {}
"#,
                conflicts: None,
            },
        ],
    );
}

// ---------------------------------------------------------------------
// lastappliedupdater_test.go

fn last_applied_annotation(object: &Value) -> Option<String> {
    object
        .get_path(&["metadata", "annotations", LAST_APPLIED_ANNOTATION])
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// Upstream `lastappliedupdater_test.go` `TestLastAppliedUpdater`: only an
/// apply by `kubectl` brings the annotation up to date.
#[test]
fn last_applied_updater() {
    let mut f = TestFieldManager::new("apps/v1", "Deployment");
    let original_last_applied = "nonempty";
    let applied = yaml(&format!(
        r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  annotations:
    "kubectl.kubernetes.io/last-applied-configuration": "{original_last_applied}"
  labels:
    app: my-app
spec:
  replicas: 20
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
"#
    ));
    f.apply(&applied, "NOT-KUBECTL", false).unwrap();
    assert_eq!(
        last_applied_annotation(&f.live()).as_deref(),
        Some(original_last_applied)
    );
    f.apply(&applied, "kubectl", false).unwrap();
    let last_applied = last_applied_annotation(&f.live()).unwrap();
    assert!(
        last_applied != original_last_applied
            && last_applied.contains("my-app")
            && last_applied.contains("my-image"),
        "{last_applied}"
    );
}

/// Upstream `lastappliedupdater_test.go` `TestLargeLastApplied`, both
/// cases: an annotation that would make the annotations too big
/// (`ValidateAnnotationsSize`) is dropped by `SetLastApplied`.
#[test]
fn large_last_applied() {
    let base = || {
        json(
            r#"{
   "metadata": {
      "name": "large-update-test-cm",
      "namespace": "default",
      "annotations": {
         "kubectl.kubernetes.io/last-applied-configuration": "nonempty"
      }
   },
   "apiVersion": "v1",
   "kind": "ConfigMap",
   "data": {
      "k": "v"
   }
}"#,
        )
    };
    let with = |n: usize, annotations: bool| {
        let mut u = base();
        for i in 0..n {
            let unique = format!(
                "this-key-is-very-long-so-as-to-create-a-very-large-serialized-fieldset-{i}"
            );
            u.child_map_mut("data")
                .unwrap()
                .insert(unique.clone(), Value::from("A"));
            if annotations {
                u.child_map_mut("metadata")
                    .and_then(|m| m.child_map_mut("annotations"))
                    .unwrap()
                    .insert(unique, Value::from("A"));
            }
        }
        u
    };
    let table = [
        // "old object + new object last-applied annotation is too big"
        (base(), with(9999, false)),
        // "old object + new object annotations + new object last-applied
        // annotation is too big"
        (with(2000, false), with(2000, true)),
    ];
    for (i, (old, new)) in table.into_iter().enumerate() {
        let mut f = TestFieldManager::new("v1", "ConfigMap");
        f.apply(&old, "kubectl", false).unwrap();
        let last_applied = last_applied_annotation(&f.live()).unwrap_or_default();
        assert!(
            !last_applied.is_empty() && last_applied != "nonempty",
            "case {i}: expected an updated last-applied annotation, but got: {last_applied:?}"
        );
        f.apply(&new, "kubectl", false).unwrap();
        let live = f.live();
        assert!(
            live.get_path(&["metadata", "annotations"]).is_some(),
            "case {i}: no annotations"
        );
        let last_applied = last_applied_annotation(&live).unwrap_or_default();
        assert!(
            last_applied.is_empty()
                && live
                    .get_path(&["metadata", "annotations", LAST_APPLIED_ANNOTATION])
                    .is_none(),
            "case {i}: expected no last applied annotation, but got last applied with length: {}",
            last_applied.len()
        );
    }
}

// ---------------------------------------------------------------------
// skipnonapplied_test.go

const NGINX_POD: &str = r#"{
    "apiVersion": "v1",
    "kind": "Pod",
    "metadata": {
        "name": "pod",
        "labels": {"app": "nginx"}
    },
    "spec": {
        "containers": [{
            "name":  "nginx",
            "image": "nginx:latest"
        }]
    }
}"#;

/// Upstream `skipnonapplied_test.go` `TestNoUpdateBeforeFirstApply`.
#[test]
fn no_update_before_first_apply() {
    let mut f = TestFieldManager::new("v1", "Pod");
    f.apply(&yaml(NGINX_POD), "fieldmanager_test_apply", false)
        .unwrap();
    let managed = f.managed_fields();
    assert_eq!(managed.len(), 1, "{managed:?}");
    assert_eq!(text(&managed[0], "manager"), "fieldmanager_test_apply");
}

/// Upstream `skipnonapplied_test.go` `TestUpdateBeforeFirstApply`. Upstream
/// wraps its test field manager in `NewSkipNonAppliedManager`, whose
/// probability of tracking a create is 0: the update is not tracked. The
/// engine tracks every create (`DefaultTrackOnCreateProbability`) and
/// leaves an existing untracked object untracked, so the update here goes
/// to a stored object nobody tracks.
#[test]
fn update_before_first_apply() {
    let mut f = TestFieldManager::new("v1", "Pod");
    f.live = Some(f.live());
    let updated =
        json(r#"{"kind": "Pod", "apiVersion": "v1", "metadata": {"labels": {"app": "my-nginx"}}}"#);
    f.update(&updated, "fieldmanager_test_update").unwrap();
    assert_eq!(
        f.managed_fields(),
        vec![],
        "managedFields were tracked on update only"
    );
    let applied = yaml(NGINX_POD);
    let err = f
        .apply(&applied, "fieldmanager_test_apply", false)
        .unwrap_err();
    let WriteError::Conflict { message, conflicts } = &err else {
        panic!("Expecting to get one conflict but got {err:?}")
    };
    assert_eq!(conflicts.len(), 1, "{err:?}");
    assert_eq!(conflicts[0].field, ".metadata.labels.app");
    assert_eq!(conflicts[0].manager, "before-first-apply");
    assert!(message.contains("before-first-apply"), "{message}");
    f.apply(&applied, "fieldmanager_test_apply", true).unwrap();
    let managed = f.managed_fields();
    assert_eq!(managed.len(), 2, "{managed:?}");
    assert_eq!(text(&managed[0], "manager"), "fieldmanager_test_apply");
    assert_eq!(text(&managed[1], "manager"), "before-first-apply");
}

// ---------------------------------------------------------------------
// capmanagers_test.go

/// Upstream's test field manager wrapped in `NewCapManagersManager(m, 3)`:
/// an update, then the cap of three update entries.
fn update_capped(f: &mut TestFieldManager, body: &Value, manager: &str) {
    f.update(body, manager).unwrap();
    let mut live = f.live();
    let mut managed = managed_fields::decode(&live).unwrap();
    capmanagers::cap_to(&mut managed, 3);
    managed_fields::encode_into(&mut live, &managed);
    f.live = Some(live);
}

/// Upstream `expectIdempotence`: a no-op update changes no entry.
fn expect_idempotence(f: &mut TestFieldManager) {
    let before = f.managed_fields();
    let live = f.live();
    update_capped(f, &live, "no-op-update");
    assert_eq!(f.managed_fields(), before, "expected idempotence");
}

/// Upstream `expectManagesField`.
fn expect_manages_field(f: &TestFieldManager, manager: &str, path: &[&str]) {
    let entry = f
        .entry(manager)
        .unwrap_or_else(|| panic!("expected to find manager name {manager}"));
    let set = crate::fieldpath::Set::from_fields_v1(entry.get("fieldsV1").unwrap()).unwrap();
    assert!(
        set.has(&crate::fieldpath::Path::fields(path)),
        "expected managedFields for {manager} to contain {path:?}"
    );
}

/// Upstream `capmanagers_test.go` `TestCapManagersManagerMergesEntries`.
#[test]
fn cap_managers_manager_merges_entries() {
    let mut f = TestFieldManager::new("v1", "Pod");
    let pod_with_labels = |labels: &[&str]| {
        let mut pod = json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{}}}"#);
        let map = pod
            .child_map_mut("metadata")
            .and_then(|m| m.child_map_mut("labels"))
            .unwrap();
        for l in labels {
            map.insert(*l, Value::from("true"));
        }
        pod
    };
    let steps: [&[&str]; 4] = [
        &["one"],
        &["one", "two"],
        &["one", "two", "three"],
        &["one", "two", "three", "four"],
    ];
    for (i, labels) in steps.iter().enumerate() {
        update_capped(
            &mut f,
            &pod_with_labels(labels),
            &format!("fieldmanager_test_update_{}", i + 1),
        );
        expect_idempotence(&mut f);
    }
    let managed = f.managed_fields();
    assert_eq!(managed.len(), 3, "{managed:?}");
    assert_eq!(text(&managed[0], "manager"), "ancient-changes");
    assert_eq!(text(&managed[1], "manager"), "fieldmanager_test_update_3");
    assert_eq!(text(&managed[2], "manager"), "fieldmanager_test_update_4");
    expect_manages_field(&f, "ancient-changes", &["metadata", "labels", "one"]);
    expect_manages_field(&f, "ancient-changes", &["metadata", "labels", "two"]);
    expect_manages_field(
        &f,
        "fieldmanager_test_update_3",
        &["metadata", "labels", "three"],
    );
    expect_manages_field(
        &f,
        "fieldmanager_test_update_4",
        &["metadata", "labels", "four"],
    );
}

/// Upstream `capmanagers_test.go` `TestCapUpdateManagers`, every case.
#[test]
fn cap_update_managers() {
    let mut f = TestFieldManager::new("v1", "Pod");
    let set = |fields: &[&str]| {
        let mut s = crate::fieldpath::Set::new();
        for field in fields {
            s.insert(&crate::fieldpath::Path::fields(&[field]));
        }
        s.to_fields_v1()
    };
    // `time.Time{}.Add(time.Hour * order)`
    let entry = |name: &str, version: &str, order: u32, fields: &[&str]| {
        let mut e = Map::new();
        e.insert("manager", Value::from(name));
        e.insert("operation", Value::from("Update"));
        e.insert("apiVersion", Value::from(version));
        e.insert("time", Value::from(format!("0001-01-01T{order:02}:00:00Z")));
        e.insert("fieldsType", Value::from("FieldsV1"));
        e.insert("fieldsV1", set(fields));
        Value::Map(e)
    };
    let table = [
        (
            "one version, no ancient changes",
            vec![
                entry("update-manager1", "v1", 1, &["a"]),
                entry("update-manager2", "v1", 2, &["b"]),
                entry("update-manager3", "v1", 3, &["c"]),
                entry("update-manager4", "v1", 4, &["d"]),
            ],
            vec![
                entry("ancient-changes", "v1", 2, &["a", "b"]),
                entry("update-manager3", "v1", 3, &["c"]),
                entry("update-manager4", "v1", 4, &["d"]),
            ],
        ),
        (
            "one version, one ancient changes",
            vec![
                entry("ancient-changes", "v1", 2, &["a", "b"]),
                entry("update-manager3", "v1", 3, &["c"]),
                entry("update-manager4", "v1", 4, &["d"]),
                entry("update-manager5", "v1", 5, &["e"]),
            ],
            vec![
                entry("ancient-changes", "v1", 3, &["a", "b", "c"]),
                entry("update-manager4", "v1", 4, &["d"]),
                entry("update-manager5", "v1", 5, &["e"]),
            ],
        ),
        (
            "two versions, no ancient changes",
            vec![
                entry("update-manager1", "v1", 1, &["a"]),
                entry("update-manager2", "v2", 2, &["b"]),
                entry("update-manager3", "v1", 3, &["c"]),
                entry("update-manager4", "v1", 4, &["d"]),
                entry("update-manager5", "v1", 5, &["e"]),
            ],
            vec![
                entry("update-manager2", "v2", 2, &["b"]),
                entry("ancient-changes", "v1", 4, &["a", "c", "d"]),
                entry("update-manager5", "v1", 5, &["e"]),
            ],
        ),
        (
            "three versions, one ancient changes",
            vec![
                entry("update-manager2", "v2", 2, &["b"]),
                entry("ancient-changes", "v1", 4, &["a", "c", "d"]),
                entry("update-manager5", "v1", 5, &["e"]),
                entry("update-manager6", "v3", 6, &["f"]),
                entry("update-manager7", "v2", 7, &["g"]),
            ],
            vec![
                entry("ancient-changes", "v1", 5, &["a", "c", "d", "e"]),
                entry("update-manager6", "v3", 6, &["f"]),
                entry("ancient-changes", "v2", 7, &["b", "g"]),
            ],
        ),
        (
            "three versions, two ancient changes",
            vec![
                entry("ancient-changes", "v1", 5, &["a", "c", "d", "e"]),
                entry("update-manager6", "v3", 6, &["f"]),
                entry("ancient-changes", "v2", 7, &["b", "g"]),
                entry("update-manager8", "v3", 8, &["h"]),
            ],
            vec![
                entry("ancient-changes", "v1", 5, &["a", "c", "d", "e"]),
                entry("ancient-changes", "v2", 7, &["b", "g"]),
                entry("ancient-changes", "v3", 8, &["f", "h"]),
            ],
        ),
        (
            "four versions, two ancient changes",
            vec![
                entry("ancient-changes", "v1", 5, &["a", "c", "d", "e"]),
                entry("update-manager6", "v3", 6, &["f"]),
                entry("ancient-changes", "v2", 7, &["b", "g"]),
                entry("update-manager8", "v4", 8, &["h"]),
            ],
            vec![
                entry("ancient-changes", "v1", 5, &["a", "c", "d", "e"]),
                entry("update-manager6", "v3", 6, &["f"]),
                entry("ancient-changes", "v2", 7, &["b", "g"]),
                entry("update-manager8", "v4", 8, &["h"]),
            ],
        ),
    ];
    for (name, input, expected) in table {
        f.reset();
        let mut live = f.live();
        live.child_map_mut("metadata")
            .unwrap()
            .insert("managedFields", Value::List(input));
        update_capped(&mut f, &live, "no-op-update");
        assert_eq!(f.managed_fields(), expected, "{name}");
        expect_idempotence(&mut f);
    }
}

// ---------------------------------------------------------------------
// managedfieldsupdater_test.go

fn configmap(data: &str) -> Value {
    yaml(&format!(
        r#"{{
		"apiVersion": "v1",
		"kind": "ConfigMap",
		"metadata": {{
			"name": "configmap"
		}},
		"data": {data}
	}}"#
    ))
}

/// Upstream `updateObject` and `applyObject` (which forces).
fn write(f: &mut TestFieldManager, apply: bool, manager: &str, object: &Value) {
    if apply {
        f.apply(object, manager, true).unwrap();
    } else {
        f.update(object, manager).unwrap();
    }
}

fn time_of(f: &TestFieldManager, manager: &str) -> Option<String> {
    f.entry(manager)
        .and_then(|e| e.get("time").and_then(Value::as_str).map(str::to_string))
}

/// Upstream `managedfieldsupdater_test.go`
/// `TestManagedFieldsUpdateDoesModifyTime` and
/// `TestManagedFieldsApplyDoesModifyTime`.
#[test]
fn managed_fields_write_does_modify_time() {
    for apply in [false, true] {
        let mut f = TestFieldManager::new("v1", "ConfigMap");
        write(
            &mut f,
            apply,
            "fieldmanager_test",
            &configmap(r#"{"key": "value"}"#),
        );
        let previous = f.managed_fields();
        write(
            &mut f,
            apply,
            "fieldmanager_test",
            &configmap(r#"{"key": "new-value"}"#),
        );
        let new = f.managed_fields();
        assert_ne!(
            previous[0].get("time"),
            new[0].get("time"),
            "apply: {apply}: ManagedFields time has not been updated"
        );
    }
}

/// Upstream `managedfieldsupdater_test.go`
/// `TestManagedFieldsUpdateWithoutChangesDoesNotModifyTime` and
/// `TestManagedFieldsApplyWithoutChangesDoesNotModifyTime`.
#[test]
fn managed_fields_write_without_changes_does_not_modify_time() {
    for apply in [false, true] {
        let mut f = TestFieldManager::new("v1", "ConfigMap");
        let object = configmap(r#"{"key": "value"}"#);
        write(&mut f, apply, "fieldmanager_test", &object);
        let previous = f.managed_fields();
        write(&mut f, apply, "fieldmanager_test", &object);
        let new = f.managed_fields();
        assert_eq!(
            previous[0].get("time"),
            new[0].get("time"),
            "apply: {apply}: ManagedFields time has changed"
        );
    }
}

/// Upstream `managedfieldsupdater_test.go`
/// `TestNonManagedFieldsUpdateDoesNotModifyTime`: B's only field taken by
/// A's update, B's entry goes.
#[test]
fn non_managed_fields_update_does_not_modify_time() {
    let mut f = TestFieldManager::new("v1", "ConfigMap");
    write(
        &mut f,
        false,
        "fieldmanager_a_test",
        &configmap(r#"{"key_a": "value"}"#),
    );
    write(
        &mut f,
        false,
        "fieldmanager_b_test",
        &configmap(r#"{"key_b": "value"}"#),
    );
    write(
        &mut f,
        false,
        "fieldmanager_a_test",
        &configmap(r#"{"key_a": "value", "key_b": "new-value"}"#),
    );
    assert_eq!(
        f.entry("fieldmanager_b_test"),
        None,
        "FieldManager B ManagedFields has changed"
    );
}

/// Upstream `managedfieldsupdater_test.go`
/// `TestNonManagedFieldsApplyDoesNotModifyTime`.
#[test]
fn non_managed_fields_apply_does_not_modify_time() {
    let mut f = TestFieldManager::new("v1", "ConfigMap");
    write(
        &mut f,
        true,
        "fieldmanager_a_test",
        &configmap(r#"{"key_a": "value"}"#),
    );
    write(
        &mut f,
        true,
        "fieldmanager_b_test",
        &configmap(r#"{"key_b": "value"}"#),
    );
    let previous = time_of(&f, "fieldmanager_b_test");
    assert!(previous.is_some());
    write(
        &mut f,
        true,
        "fieldmanager_a_test",
        &configmap(r#"{"key_a": "new-value"}"#),
    );
    assert_eq!(
        time_of(&f, "fieldmanager_b_test"),
        previous,
        "FieldManager B ManagedFields time changed"
    );
}

/// Upstream `managedfieldsupdater_test.go`
/// `TestTakingOverManagedFieldsDuringUpdateDoesNotModifyPreviousManagerTime`
/// and `...DuringApply...` (their `"key_b": value"` is YAML's plain
/// scalar `value"`).
#[test]
fn taking_over_managed_fields_does_not_modify_previous_manager_time() {
    for apply in [false, true] {
        let mut f = TestFieldManager::new("v1", "ConfigMap");
        write(
            &mut f,
            apply,
            "fieldmanager_a_test",
            &configmap(r#"{"key_a": "value", "key_b": value"}"#),
        );
        let previous = time_of(&f, "fieldmanager_a_test");
        assert!(previous.is_some());
        write(
            &mut f,
            apply,
            "fieldmanager_b_test",
            &configmap(r#"{"key_b": "new-value"}"#),
        );
        assert_eq!(
            time_of(&f, "fieldmanager_a_test"),
            previous,
            "apply: {apply}: FieldManager A ManagedFields time has been updated"
        );
    }
}

// ---------------------------------------------------------------------
// conflict_test.go

/// Upstream `conflict_test.go` `TestNewConflictError`, every case: the
/// message and the causes' fields. Upstream's identifiers there carry a
/// time, which `printManager` prints (` at 2001-02-03T04:05:06Z`); the
/// identifiers a server builds carry none (`BuildManagerIdentifier` drops
/// it), and the engine, which only meets those, leaves that branch out:
/// the cases run here with the identifiers the server would build.
#[test]
fn new_conflict_error() {
    use crate::fieldpath::Path;
    let foo = r#"{"manager":"foo","operation":"Update","apiVersion":"v1"}"#;
    let bar = r#"{"manager":"bar","operation":"Apply"}"#;
    let foo_scale =
        r#"{"manager":"foo","operation":"Update","subresource":"scale","apiVersion":"v1"}"#;
    let replicas = Path::fields(&["spec", "replicas"]);
    let app = Path::fields(&["metadata", "labels", "app"]);
    let table = [
        (
            vec![(foo.to_string(), replicas.clone())],
            r#"Apply failed with 1 conflict: conflict with "foo" using v1: .spec.replicas"#,
            vec![("foo", None, ".spec.replicas")],
        ),
        (
            vec![(foo.to_string(), replicas.clone()), (bar.to_string(), app)],
            "Apply failed with 2 conflicts: conflicts with \"bar\":\n- .metadata.labels.app\nconflicts with \"foo\" using v1:\n- .spec.replicas",
            vec![
                ("foo", None, ".spec.replicas"),
                ("bar", None, ".metadata.labels.app"),
            ],
        ),
        (
            vec![(foo_scale.to_string(), replicas)],
            r#"Apply failed with 1 conflict: conflict with "foo" with subresource "scale" using v1: .spec.replicas"#,
            vec![("foo", Some("scale"), ".spec.replicas")],
        ),
    ];
    for (conflicts, message, mut causes) in table {
        let WriteError::Conflict {
            message: got,
            conflicts,
        } = conflict::Refusal::Conflicts(conflicts).into_write_error()
        else {
            panic!("not a conflict")
        };
        assert_eq!(got, message);
        // Upstream keeps SMD's order of the causes, which iterates over a
        // map of managers; compared here as a set.
        let mut got: Vec<_> = conflicts
            .iter()
            .map(|c| {
                (
                    c.manager.as_str(),
                    c.subresource.as_deref(),
                    c.field.as_str(),
                )
            })
            .collect();
        got.sort();
        causes.sort();
        assert_eq!(got, causes, "{message}");
    }
}

// ---------------------------------------------------------------------
// scalehandler_test.go

/// The scale handler of upstream's tests: a Deployment whose replicas are
/// at `spec.replicas` in `apps/v1` (`defaultMappings`), around a tracked
/// write on the Scale (`track`: the Scale's view of the parent's entries
/// in, the Scale's managers out); the parent's entries after it.
fn scale_handler(
    parent: &str,
    track: impl FnOnce(&Managed) -> crate::merge::ManagedFields,
) -> Vec<Value> {
    let mut schema = bare("apps/v1", "Deployment");
    schema.subresources.scale_replicas_path = Some(vec!["spec".into(), "replicas".into()]);
    let fm = FieldManager::new(&schema);
    let mut live = json(r#"{"apiVersion":"apps/v1","kind":"Deployment","spec":{"replicas":1}}"#);
    live.child_map_mut("metadata")
        .unwrap()
        .insert("managedFields", json(parent));
    let parent = managed_fields::decode(&live).unwrap();
    let (_, managed) = fm
        .scale_write(&live, &parent, |view, _| Ok((None, track(view))))
        .unwrap_or_else(|_| panic!("scale handler refused"));
    entries_of(&managed)
}

/// The managedFields entries of `managed`, as the server encodes them.
fn entries_of(managed: &Managed) -> Vec<Value> {
    let mut object = json(r#"{"metadata":{}}"#);
    managed_fields::encode_into(&mut object, managed);
    object
        .get_path(&["metadata", "managedFields"])
        .and_then(Value::as_list)
        .cloned()
        .unwrap_or_default()
}

/// Upstream `scalehandler_test.go` `TestTransformManagedFieldsToSubresource`,
/// every case: the entries the Scale's field manager is shown.
#[test]
fn transform_managed_fields_to_subresource() {
    let table = [
        (
            "filter one entry and transform it into a subresource entry",
            r#"[{"manager":"manager-1","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:another-field":{}}}},{"manager":"manager-2","operation":"Apply","apiVersion":"apps/v1","time":"2013-02-03T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}}]"#,
            r#"[{"manager":"manager-2","operation":"Apply","apiVersion":"autoscaling/v1","time":"2013-02-03T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}}]"#,
        ),
        (
            "transform all entries",
            r#"[{"manager":"manager-1","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}},{"manager":"manager-2","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}},{"manager":"manager-3","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"manager-1","operation":"Apply","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}},{"manager":"manager-2","operation":"Apply","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}},{"manager":"manager-3","operation":"Apply","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
        ),
        (
            "drops fields if the api version is unknown",
            r#"[{"manager":"manager-1","operation":"Apply","apiVersion":"apps/v10","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}}]"#,
            r#"[]"#,
        ),
    ];
    for (desc, input, expected) in table {
        let mut shown = None;
        scale_handler(input, |view| {
            shown = Some(entries_of(view));
            Default::default()
        });
        assert_eq!(Value::List(shown.unwrap()), json(expected), "{desc}");
    }
}

/// Upstream `scalehandler_test.go` `TestTransformingManagedFieldsToParent`,
/// every case: the Scale's managers (`subresource`) mapped back onto the
/// parent's.
#[test]
fn transforming_managed_fields_to_parent() {
    let table = [
        (
            "different-managers: apply -> update",
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}}]"#,
            r#"[{"manager":"scale","operation":"Update","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}},{"manager":"scale","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
        ),
        (
            "different-managers: apply -> apply",
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}}]"#,
            r#"[{"manager":"scale","operation":"Apply","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"scale","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"},{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}}]"#,
        ),
        (
            "different-managers: update -> update",
            r#"[{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}}]"#,
            r#"[{"manager":"scale","operation":"Update","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"scale","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"},{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}}]"#,
        ),
        (
            "different-managers: update -> apply",
            r#"[{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}}]"#,
            r#"[{"manager":"scale","operation":"Apply","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"scale","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"},{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}}]"#,
        ),
        (
            "same manager: apply -> apply",
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}}]"#,
            r#"[{"manager":"test","operation":"Apply","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}},{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
        ),
        (
            "same manager: update -> update",
            r#"[{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}}]"#,
            r#"[{"manager":"test","operation":"Update","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}},{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
        ),
        (
            "same manager: update -> apply",
            r#"[{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}}]"#,
            r#"[{"manager":"test","operation":"Apply","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"},{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}}]"#,
        ),
        (
            "same manager: apply -> update",
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}}]"#,
            r#"[{"manager":"test","operation":"Update","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}},{"manager":"test","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
        ),
        (
            "subresource doesn't own the path anymore",
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}}]"#,
            r#"[{"manager":"scale","operation":"Update","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:selector":{}}}}]"#,
        ),
        (
            "Subresource steals all the fields of the parent resource",
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}}]"#,
            r#"[{"manager":"scale","operation":"Update","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"scale","operation":"Update","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
        ),
        (
            "apply without stealing",
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}}]"#,
            r#"[{"manager":"test","operation":"Apply","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}}},{"manager":"test","operation":"Apply","apiVersion":"autoscaling/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:selector":{}}}},{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{}}},"subresource":"scale"}]"#,
        ),
        // "drops the entry if the api version is unknown": not ported, see
        // the list at the top of this file.
    ];
    for (desc, parent, subresource, expected) in table {
        let got = scale_handler(parent, |_| {
            let mut scale = json(r#"{"metadata":{}}"#);
            scale
                .child_map_mut("metadata")
                .unwrap()
                .insert("managedFields", json(subresource));
            managed_fields::decode(&scale).unwrap().fields
        });
        assert_eq!(Value::List(got), json(expected), "{desc}");
    }
}

// ---------------------------------------------------------------------
// fieldmanager_test.go (`pkg/util/managedfields`, the public package)

const NGINX_DEPLOYMENT: &str = r#"{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest"
					}]
				}
			}
		}
	}"#;

const REPLICAS_101: &str = r#"{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment",
		},
		"spec": {
			"replicas": 101,
		}
	}"#;

/// Upstream `fieldmanager_test.go` `TestUpdateApplyConflict`.
#[test]
fn update_apply_conflict() {
    let mut f = TestFieldManager::new("apps/v1", "Deployment");
    let patch = yaml(
        r#"{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment",
			"labels": {"app": "nginx"}
		},
		"spec": {
                        "replicas": 3,
                        "selector": {
                                "matchLabels": {
                                         "app": "nginx"
                                }
                        },
                        "template": {
                                "metadata": {
                                        "labels": {
                                                "app": "nginx"
                                        }
                                },
                                "spec": {
				        "containers": [{
					        "name":  "nginx",
					        "image": "nginx:latest"
				        }]
                                }
                        }
		}
	}"#,
    );
    f.update(&patch, "fieldmanager_test").unwrap();
    let err = f
        .apply(&yaml(REPLICAS_101), "fieldmanager_conflict", false)
        .unwrap_err();
    assert!(
        matches!(err, WriteError::Conflict { .. }),
        "Expecting to get conflicts but got {err:?}"
    );
}

/// Upstream `fieldmanager_test.go` `TestApplyStripsFields` (its given
/// entry has no `fieldsType`: it cannot be decoded, so the live object's
/// managers count).
#[test]
fn apply_strips_fields() {
    let mut f = TestFieldManager::new("apps/v1", "Deployment");
    let new = json(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"b","namespace":"b","uid":"b","resourceVersion":"b","creationTimestamp":"2024-01-01T00:00:00Z","managedFields":[{"manager":"update","operation":"Apply","apiVersion":"apps/v1"}]}}"#,
    );
    f.update(&new, "fieldmanager_test").unwrap();
    assert_eq!(f.managed_fields(), vec![], "fields did not get stripped");
}

/// Upstream `fieldmanager_test.go` `TestVersionCheck` and
/// `TestVersionCheckDoesNotPanic`: an apply of another version than the
/// live object's (or of none) is a bad request.
#[test]
fn version_check() {
    for (body, message) in [
        (
            r#"{"apiVersion": "apps/v1beta1", "kind": "Deployment",}"#,
            "invalid object type: apps/v1beta1, Kind=Deployment",
        ),
        ("{\n\t\t}", "invalid object type: /, Kind="),
    ] {
        let mut f = TestFieldManager::new("apps/v1", "Deployment");
        f.apply(
            &yaml(r#"{"apiVersion": "apps/v1", "kind": "Deployment",}"#),
            "fieldmanager_test",
            false,
        )
        .unwrap();
        assert_eq!(
            f.apply(&yaml(body), "fieldmanager_test", false),
            Err(WriteError::Invalid {
                message: message.into()
            })
        );
    }
}

const POD_LABELS: &str = r#"{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {
			"labels": {
				"a": "b"
			},
		}
	}"#;

/// Upstream `fieldmanager_test.go` `TestApplyDoesNotStripLabels` and
/// `TestApplySuccessWithNoManagedFields`.
#[test]
fn apply_does_not_strip_labels() {
    let mut f = TestFieldManager::new("v1", "Pod");
    f.apply(&yaml(POD_LABELS), "fieldmanager_test", false)
        .unwrap();
    assert_eq!(
        f.managed_fields().len(),
        1,
        "labels shouldn't get stripped on apply"
    );
}

/// Upstream's `endpoints.yaml`: an Endpoints of a thousand addresses.
fn endpoints_yaml() -> String {
    let mut text = String::from(
        "apiVersion: v1\nkind: Endpoints\nmetadata:\n  creationTimestamp: '2016-10-04T17:45:58Z'\n  labels:\n    app: my-app\n  name: app-server\n  namespace: default\n  resourceVersion: '184597135'\n  selfLink: /self/link\n  uid: 6826f086-8a5a-11e6-8d09-42010a800005\nsubsets:\n- addresses:\n",
    );
    for i in 0..1000 {
        text.push_str(&format!(
            "  - ip: 10.0.0.1\n    targetRef:\n      kind: Pod\n      name: pod-name-1234-{i:04}\n      namespace: default\n      resourceVersion: '1234567890'\n      uid: 11111111-2222-3333-4444-555555555555\n"
        ));
    }
    text.push_str("  ports:\n  - name: port-name\n    port: 8080\n    protocol: TCP\n");
    text
}

/// Upstream `fieldmanager_test.go` `TestApplyNewObject`, every case
/// (`pod.yaml` and `node.yaml` are upstream's, in `testdata/`).
#[test]
fn apply_new_object() {
    let endpoints = endpoints_yaml();
    for (kind, text) in [
        ("Pod", include_str!("testdata/pod.yaml")),
        ("Node", include_str!("testdata/node.yaml")),
        ("Endpoints", endpoints.as_str()),
    ] {
        let mut f = TestFieldManager::new("v1", kind);
        f.apply(&yaml(text), "fieldmanager_test", false)
            .unwrap_or_else(|e| panic!("{kind}: {e}"));
    }
}

/// Upstream `fieldmanager_test.go` `TestApplyFailsWithManagedFields`.
#[test]
fn apply_fails_with_managed_fields() {
    let mut f = TestFieldManager::new("v1", "Pod");
    let applied = yaml(
        r#"{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {
			"managedFields": [
				{
				  "manager": "test",
				}
			]
		}
	}"#,
    );
    assert!(
        f.apply(&applied, "fieldmanager_test", false).is_err(),
        "successfully applied with set managed fields"
    );
}

/// Upstream `fieldmanager_test.go` `TestNoOpChanges`.
#[test]
fn no_op_changes() {
    let mut f = TestFieldManager::new("v1", "Pod");
    let obj = yaml(
        r#"{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {
			"labels": {
				"a": "b"
			},
			"creationTimestamp": null,
		}
	}"#,
    );
    f.apply(&obj, "fieldmanager_test_apply", false).unwrap();
    let before = f.live();
    // Applying with a different fieldmanager will create an entry.
    f.apply(&obj, "fieldmanager_test_apply_other", false)
        .unwrap();
    assert_ne!(
        before,
        f.live(),
        "Applying no-op apply with new manager didn't change object"
    );
    let before = f.live();
    f.update(&obj, "fieldmanager_test_update").unwrap();
    assert_eq!(before, f.live(), "No-op update has changed the object");
    let before = f.live();
    f.apply(&obj, "fieldmanager_test_apply", true).unwrap();
    assert_eq!(before, f.live(), "No-op apply has changed the object");
}

/// Upstream `fieldmanager_test.go` `TestResetManagedFieldsEmptyList` and
/// `TestResetManagedFieldsEmptyItem`.
#[test]
fn reset_managed_fields() {
    for reset in ["[]", "[{}]"] {
        let mut f = TestFieldManager::new("v1", "Pod");
        f.apply(&yaml(POD_LABELS), "fieldmanager_test_apply", false)
            .unwrap();
        let obj = yaml(&format!(
            r#"{{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {{
			"managedFields": {reset},
			"labels": {{
				"a": "b"
			}},
		}}
	}}"#
        ));
        f.update(&obj, "update_manager").unwrap();
        assert_eq!(
            f.managed_fields(),
            vec![],
            "{reset}: failed to reset managedFields"
        );
    }
}

/// Upstream `fieldmanager_test.go` `TestServerSideApplyWithInvalidLastApplied`.
#[test]
fn server_side_apply_with_invalid_last_applied() {
    let mut f = TestFieldManager::new("apps/v1", "Deployment");
    let mut new = yaml(
        r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app-v1
spec:
  replicas: 1
"#,
    );
    let invalid_last_applied = "invalid-object";
    set_last_applied_annotation(&mut new, invalid_last_applied);
    f.update(&new, "kubectl-client-side-apply-test").unwrap();
    assert_eq!(
        last_applied_annotation(&f.live()).as_deref(),
        Some(invalid_last_applied)
    );
    let applied = yaml(
        r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app-v2
spec:
  replicas: 100
"#,
    );
    let err = f.apply(&applied, "kubectl", false);
    assert!(
        matches!(err, Err(WriteError::Conflict { .. })),
        "expected conflict when applying with invalid last-applied annotation, but got {err:?}"
    );
    assert_eq!(
        last_applied_annotation(&f.live()).as_deref(),
        Some(invalid_last_applied),
        "expected last applied annotation to be NOT be updated"
    );
    f.apply(&applied, "kubectl", true).unwrap();
    let last_applied = last_applied_annotation(&f.live()).unwrap();
    assert!(
        last_applied != invalid_last_applied && last_applied.contains("my-app-v2"),
        "expected last applied annotation to be updated, but got: {last_applied:?}"
    );
}

/// Upstream `fieldmanager_test.go` `TestInteropForClientSideApplyAndServerSideApply`.
#[test]
fn interop_for_client_side_apply_and_server_side_apply() {
    let mut f = TestFieldManager::new("apps/v1", "Deployment");
    let deployment = r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v1
"#;
    let mut new = yaml(deployment);
    set_last_applied_annotation(&mut new, &yaml(deployment).to_json_sorted());
    f.update(&new, "kubectl-client-side-apply-test").unwrap();
    let last_applied = last_applied_annotation(&f.live()).unwrap();
    assert!(last_applied.contains("my-image-v1"), "{last_applied}");
    let applied = yaml(
        r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app-v2 # change
spec:
  replicas: 8 # change
  selector:
    matchLabels:
      app: my-app-v2 # change
  template:
    metadata:
      labels:
        app: my-app-v2 # change
    spec:
      containers:
      - name: my-c
        image: my-image-v2 # change
"#,
    );
    f.apply(&applied, "kubectl", false).unwrap();
    let last_applied = last_applied_annotation(&f.live()).unwrap();
    assert!(last_applied.contains("my-image-v2"), "{last_applied}");
}

/// Upstream `fieldmanager_test.go` `TestNoTrackManagedFieldsForClientSideApply`.
#[test]
fn no_track_managed_fields_for_client_side_apply() {
    let mut f = TestFieldManager::new("apps/v1", "Deployment");
    let deployment = r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
"#;
    f.update(&yaml(deployment), "test_kubectl_create").unwrap();
    assert!(
        !f.managed_fields().is_empty(),
        "expected to have managed fields"
    );
    // Stop tracking managed fields.
    let mut new = yaml(
        r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  managedFields: [] # stop tracking managed fields
  labels:
    app: my-app
spec:
  replicas: 100
"#,
    );
    new.child_map_mut("metadata")
        .unwrap()
        .insert("uid", Value::from("nonempty"));
    f.update(&new, "test_kubectl_replace").unwrap();
    assert_eq!(
        f.managed_fields(),
        vec![],
        "expected to have stop tracking managed fields"
    );
    // Check that we still don't track managed fields.
    let mut new = yaml(deployment);
    set_last_applied_annotation(&mut new, &yaml(deployment).to_json_sorted());
    f.update(&new, "test_k_client_side_apply").unwrap();
    assert_eq!(
        f.managed_fields(),
        vec![],
        "expected to continue to not track managed fields"
    );
    let last_applied = last_applied_annotation(&f.live()).unwrap();
    assert!(last_applied.contains("my-app"), "{last_applied}");
    // Start tracking managed fields.
    f.apply(
        &yaml(deployment),
        "test_server_side_apply_without_upgrade",
        false,
    )
    .unwrap();
    let managed = f.managed_fields();
    assert!(managed.len() >= 2, "{managed:?}");
    assert_eq!(
        text(&managed[0], "manager"),
        "test_server_side_apply_without_upgrade"
    );
    assert_eq!(text(&managed[1], "manager"), "before-first-apply");
    // Upgrade management of the object from client-side apply to
    // server-side apply.
    let new = yaml(
        r#"
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app-v2 # change
spec:
  replicas: 8 # change
"#,
    );
    f.apply(&new, "kubectl", false).unwrap();
    assert!(!f.managed_fields().is_empty());
    let last_applied = last_applied_annotation(&f.live()).unwrap();
    assert!(last_applied.contains("my-app-v2"), "{last_applied}");
}

/// Upstream `fieldmanager_test.go` `TestUpdateViaSubresources`, adapted:
/// upstream gives a Pod a field manager for a `scale` endpoint that
/// takes whole Pods; the engine's subresource taking whole objects is
/// `/status`, and it needs a stored object (upstream's live object
/// starts untracked but without a uid, so its first update is tracked).
/// What upstream checks holds: managedFields in the body of a
/// subresource write neither replace nor reset the stored ones.
#[test]
fn update_via_subresources() {
    let mut schema = bare("v1", "Pod");
    schema.subresources.status = true;
    let fm = FieldManager::new(&schema);
    let created = fm
        .update(
            None,
            &WriteRequest {
                manager: "creator",
                subresource: None,
                body: &yaml(POD_LABELS),
                time: "t1",
            },
        )
        .unwrap()
        .object;
    let mut obj = yaml(
        r#"{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"a":"b"}},"status":{"phase":"Running"}}"#,
    );
    obj.child_map_mut("metadata").unwrap().insert(
        "managedFields",
        json(
            r#"[{"manager":"test","operation":"Apply","apiVersion":"apps/v1","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{"f:another_field":{}}}}}]"#,
        ),
    );
    let expected_manager = "fieldmanager_test_subresource";
    let status = |body| WriteRequest {
        manager: expected_manager,
        subresource: Some(Subresource::Status),
        body,
        time: "t2",
    };
    let updated = fm.update(Some(&created), &status(&obj)).unwrap().object;
    let managers = |o: &Value| -> Vec<String> {
        o.get_path(&["metadata", "managedFields"])
            .and_then(Value::as_list)
            .map(|l| l.iter().map(|e| text(e, "manager").to_string()).collect())
            .unwrap_or_default()
    };
    assert_eq!(managers(&updated), vec!["creator", expected_manager]);
    let mut new = obj.clone();
    new.child_map_mut("metadata")
        .unwrap()
        .insert("managedFields", json("[]"));
    let updated = fm.update(Some(&updated), &status(&new)).unwrap().object;
    assert_eq!(managers(&updated), vec!["creator", expected_manager]);
}

/// Upstream `fieldmanager_test.go` `TestApplyDoesNotChangeManagedFields`.
#[test]
fn apply_does_not_change_managed_fields() {
    let mut f = TestFieldManager::new("apps/v1", "Deployment");
    let new = yaml(NGINX_DEPLOYMENT);
    f.apply(&new, "fieldmanager_z", false).unwrap();
    f.apply(&yaml(REPLICAS_101), "fieldmanager_b", false)
        .unwrap();
    let original = f.managed_fields();
    f.apply(&new, "fieldmanager_z", false).unwrap();
    assert_eq!(original, f.managed_fields(), "managed fields changed");
}

/// Upstream `fieldmanager_test.go` `TestUpdateDoesNotChangeManagedFields`.
#[test]
fn update_does_not_change_managed_fields() {
    let mut f = TestFieldManager::new("apps/v1", "Deployment");
    let new = yaml(NGINX_DEPLOYMENT);
    f.update(&new, "fieldmanager_z").unwrap();
    let original = f.managed_fields();
    f.update(&new, "fieldmanager_z").unwrap();
    assert_eq!(original, f.managed_fields(), "managed fields changed");
}

/// Upstream `fieldmanager_test.go` `TestLiveObjectManagedFieldsNotRemoved`:
/// an apply leaves the object it started from as it was.
#[test]
fn live_object_managed_fields_not_removed() {
    let mut f = TestFieldManager::new("apps/v1", "Deployment");
    f.apply(&yaml(NGINX_DEPLOYMENT), "fieldmanager_z", false)
        .unwrap();
    let original_live = f.live();
    assert!(
        original_live
            .get_path(&["metadata", "managedFields"])
            .is_some(),
        "empty managed fields of object which expected nonzero fields"
    );
    let kept = original_live.clone();
    f.apply(&yaml(REPLICAS_101), "fieldmanager_z", false)
        .unwrap();
    assert_eq!(original_live, kept);
}
