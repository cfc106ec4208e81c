//! Scenarios of what the Pod strategy (`pkg/registry/core/pod/strategy.go`)
//! does besides the field manager: `PrepareForCreate`'s scheduling-gated
//! condition, label-key merges and AppArmor fields, and the status
//! strategy's `preserveOldObservedGeneration`. What the strategy sets is
//! owned by nobody: the store calls it after the field manager.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests fail loudly")]

use ssa_engine::scenario::{Outcome, ScenarioResult, run_scenario_text};
use ssa_engine::value::Value;

fn run(text: &str) -> ScenarioResult {
    let result = run_scenario_text(text).expect("the scenario reads");
    for (i, step) in result.steps.iter().enumerate() {
        assert!(
            step.expectation_failures.is_empty(),
            "step {i}: {:?}",
            step.expectation_failures
        );
    }
    result
}

fn yaml(text: &str) -> Value {
    ssa_engine::yaml::parse(text).unwrap().value
}

/// The object after step `i`, at `path`.
fn at<'a>(result: &'a ScenarioResult, i: usize, path: &[&str]) -> Option<&'a Value> {
    result.steps[i].object.as_ref().unwrap().get_path(path)
}

/// The fieldsV1 of `manager` after step `i`, as JSON.
fn fields_of(result: &ScenarioResult, i: usize, manager: &str) -> String {
    at(result, i, &["metadata", "managedFields"])
        .and_then(Value::as_list)
        .unwrap()
        .iter()
        .find(|m| m.get("manager").and_then(Value::as_str) == Some(manager))
        .and_then(|m| m.get("fieldsV1"))
        .map(Value::to_json)
        .unwrap_or_default()
}

/// `applySchedulingGatedCondition`: a Pod created with scheduling gates
/// starts with `PodScheduled` False (SchedulingGated), its transition time
/// the create's time on the scenario's clock, owned by nobody; an apply
/// after it, whose status is reset, keeps it. A Pod without gates has no
/// condition.
#[test]
fn a_gated_pod_starts_unscheduled() {
    let gated = "{apiVersion: v1, kind: Pod, metadata: {name: p, namespace: default},
  spec: {schedulingGates: [{name: example.com/wait}], containers: [{name: c, image: nginx}]}}";
    let ungated = gated.replace("schedulingGates: [{name: example.com/wait}], ", "");
    let result = run(&format!(
        "scenario: v1
name: gated
steps:
- {{manager: alice, op: apply, object: {ungated}}}
- {{op: delete}}
- {{manager: alice, op: apply, object: {gated}}}
- {{manager: alice, op: apply, object: {gated}}}
"
    ));
    assert_eq!(at(&result, 0, &["status", "conditions"]), None);
    // Created again by step 2, at base time plus two seconds.
    let condition = yaml(
        "type: PodScheduled
status: 'False'
lastProbeTime: null
lastTransitionTime: '2024-01-01T00:00:02Z'
reason: SchedulingGated
message: Scheduling is blocked due to non-empty scheduling gates",
    );
    for step in [2, 3] {
        assert_eq!(result.steps[step].outcome, Outcome::Applied);
        assert_eq!(
            at(&result, step, &["status"]),
            Some(&yaml(&format!(
                "{{phase: Pending, qosClass: BestEffort, conditions: [{}]}}",
                condition.to_json()
            ))),
            "step {step}"
        );
        assert!(!fields_of(&result, step, "alice").contains("f:status"));
    }
    assert!(!result.steps[3].changed);
}

const AFFINITY_POD: &str = "apiVersion: v1
    kind: Pod
    metadata:
      name: p
      namespace: default
      labels: {app: web, pod-template-hash: abc}
    spec:
      containers: [{name: c, image: nginx}]
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector: {matchLabels: {app: web}}
            matchLabelKeys: [pod-template-hash, missing]
            mismatchLabelKeys: [app]
            topologyKey: kubernetes.io/hostname
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector: {matchLabels: {app: web}}
        matchLabelKeys: [pod-template-hash]";

/// `mutatePodAffinity` and `mutateTopologySpreadConstraints`: on create the
/// selectors get the Pod's values of their label keys (`In` for
/// matchLabelKeys, `NotIn` for mismatchLabelKeys). A label selector is
/// atomic, and the applier sent it: the merged selector is the
/// applier's. Applying the same manifest again would replace it with
/// the selector as sent, a change to the Pod's spec, which updates may
/// not make.
#[test]
fn selectors_get_the_label_keys_merged_on_create() {
    let result = run(&format!(
        "scenario: v1
name: label-keys
steps:
- manager: alice
  op: apply
  object:
    {AFFINITY_POD}
- manager: alice
  op: apply
  object:
    {AFFINITY_POD}
  expect: {{outcome: invalid}}
"
    ));
    assert_eq!(
        at(
            &result,
            0,
            &[
                "spec",
                "affinity",
                "podAntiAffinity",
                "requiredDuringSchedulingIgnoredDuringExecution"
            ]
        ),
        Some(&yaml(
            "- labelSelector:
    matchLabels: {app: web}
    matchExpressions:
    - {key: pod-template-hash, operator: In, values: [abc]}
    - {key: app, operator: NotIn, values: [web]}
  matchLabelKeys: [pod-template-hash, missing]
  mismatchLabelKeys: [app]
  topologyKey: kubernetes.io/hostname"
        ))
    );
    assert_eq!(
        at(&result, 0, &["spec", "topologySpreadConstraints"])
            .and_then(Value::as_list)
            .unwrap()[0]
            .get("labelSelector"),
        Some(&yaml(
            "{matchLabels: {app: web}, matchExpressions: [{key: pod-template-hash, operator: In, values: [abc]}]}"
        ))
    );
    assert!(fields_of(&result, 0, "alice").contains(r#""f:labelSelector":{}"#));
    assert!(
        result.steps[1].message.starts_with(
            r#"Pod "p" is invalid: spec: Forbidden: pod updates may not change fields"#
        ),
        "{}",
        result.steps[1].message
    );

    // A create by update (kubectl's client-side apply) is prepared alike.
    let created = run(&format!(
        "scenario: v1
name: label-keys-update
steps:
- manager: kubectl-client-side-apply
  op: client-side-apply
  object:
    {AFFINITY_POD}
"
    ));
    assert_eq!(
        at(&created, 0, &["spec", "topologySpreadConstraints"]),
        at(&result, 0, &["spec", "topologySpreadConstraints"])
    );
}

/// `applyAppArmorVersionSkew`: a container with the deprecated AppArmor
/// annotation and no profile of its own gets the annotation's profile,
/// which nobody owns; the same apply again changes nothing.
#[test]
fn apparmor_annotations_become_fields_on_create() {
    let pod = "{apiVersion: v1, kind: Pod,
  metadata: {name: p, namespace: default,
    annotations: {container.apparmor.security.beta.kubernetes.io/c: localhost/k8s-apparmor-example}},
  spec: {containers: [{name: c, image: nginx}, {name: d, image: nginx}]}}";
    let result = run(&format!(
        "scenario: v1
name: apparmor
steps:
- {{manager: alice, op: apply, object: {pod}}}
- {{manager: alice, op: apply, object: {pod}}}
"
    ));
    let containers = at(&result, 0, &["spec", "containers"])
        .and_then(Value::as_list)
        .unwrap();
    assert_eq!(
        containers[0].get("securityContext"),
        Some(&yaml(
            "{appArmorProfile: {type: Localhost, localhostProfile: k8s-apparmor-example}}"
        ))
    );
    assert_eq!(containers[1].get("securityContext"), None);
    assert!(!fields_of(&result, 0, "alice").contains("securityContext"));
    assert_eq!(result.steps[1].outcome, Outcome::Applied);
    assert!(!result.steps[1].changed);
}

/// `podStatusStrategy.PrepareForUpdate` → `preserveOldObservedGeneration`:
/// a status write that leaves out a condition's observedGeneration (and
/// the status's own) keeps the stored one. The writer's request is what
/// the field manager saw, so the kept value is not the writer's.
#[test]
fn status_writes_keep_the_conditions_observed_generation() {
    let result = run("scenario: v1
name: observed-generation
steps:
- manager: alice
  op: apply
  object: {apiVersion: v1, kind: Pod, metadata: {name: p, namespace: default},
           spec: {containers: [{name: c, image: nginx}]}}
- manager: kubelet
  op: apply
  subresource: status
  client: api
  object:
    apiVersion: v1
    kind: Pod
    metadata: {name: p, namespace: default}
    status:
      observedGeneration: 1
      conditions:
      - {type: Ready, status: 'False', observedGeneration: 1}
      - {type: PodScheduled, status: 'True'}
- manager: kubelet
  op: update
  subresource: status
  client: api
  object:
    apiVersion: v1
    kind: Pod
    metadata: {name: p, namespace: default}
    spec: {containers: [{name: c, image: nginx}]}
    status:
      phase: Running
      conditions:
      - {type: Ready, status: 'True'}
      - {type: PodScheduled, status: 'True'}
");
    assert_eq!(
        at(&result, 2, &["status", "observedGeneration"]),
        Some(&Value::Int(1))
    );
    let conditions = at(&result, 2, &["status", "conditions"])
        .and_then(Value::as_list)
        .unwrap();
    assert_eq!(
        conditions[0],
        yaml(
            "{type: Ready, observedGeneration: 1, status: 'True', lastProbeTime: null, lastTransitionTime: null}"
        )
    );
    assert_eq!(conditions[1].get("observedGeneration"), None);
    assert_eq!(
        at(&result, 2, &["status", "phase"]),
        Some(&Value::from("Running"))
    );
}
