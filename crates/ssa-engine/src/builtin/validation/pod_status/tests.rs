//! Each test names the upstream function it follows
//! (`pkg/apis/core/validation/validation.go`, `ValidatePodStatusUpdate`
//! and what it calls).

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use crate::schema::Validator;
use crate::value::Value;

fn v(text: &str) -> Value {
    crate::yaml::parse(text).unwrap().value
}

/// A Pod named `p` with `spec` and `status` (flow YAML).
fn pod(spec: &str, status: &str) -> Value {
    v(&format!(
        "apiVersion: v1\nkind: Pod\nmetadata: {{name: p, namespace: default}}\nspec: {spec}\nstatus: {status}\n"
    ))
}

/// The status strategy's validation of `new` (its status) over `old`.
fn status_err(old: &Value, new: &Value) -> Result<(), String> {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    KindValidation::for_kind("v1", "Pod", table)
        .unwrap()
        .validate_status(old, new)
}

const SPEC: &str = "{restartPolicy: Always, containers: [{name: app, image: nginx}]}";

/// `validatePodConditions`: a condition's observedGeneration is not
/// negative; a type other than PodScheduled, Ready and Initialized is a
/// qualified name (`ValidateQualifiedName`, at upstream's `Type`).
#[test]
fn validate_pod_conditions() {
    let old = pod(SPEC, "{phase: Running}");
    let new = pod(
        SPEC,
        "{phase: Running, conditions: [{type: Ready, status: 'True', observedGeneration: -1}, {type: example.com/Warm, status: 'True'}, {type: 'is warm', status: 'True'}, {type: 'a/b/c', status: 'True'}]}",
    );
    assert_eq!(
        status_err(&old, &new).unwrap_err(),
        "Pod \"p\" is invalid: [status.conditions[0].observedGeneration: Invalid value: -1: must be a non-negative integer, status.conditions[2].Type: Invalid value: \"is warm\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), status.conditions[3].Type: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')]"
    );
}

/// `ValidatePodStatusUpdate`: a changed nominatedNodeName is a node name
/// (`ValidateNodeName`), and may not be set on a bound Pod
/// (ClearingNominatedNodeNameAfterBinding, beta and on since 1.35); an
/// unchanged or cleared one is not looked at.
#[test]
fn nominated_node_name() {
    let pending = pod(SPEC, "{phase: Pending}");
    let nominated = pod(SPEC, "{phase: Pending, nominatedNodeName: Node_1}");
    assert_eq!(
        status_err(&pending, &nominated).unwrap_err(),
        "Pod \"p\" is invalid: status.nominatedNodeName: Invalid value: \"Node_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
    );
    assert_eq!(status_err(&nominated, &nominated), Ok(()));
    assert_eq!(status_err(&nominated, &pending), Ok(()));
    let bound_spec =
        "{nodeName: node-1, restartPolicy: Always, containers: [{name: app, image: nginx}]}";
    let bound = pod(bound_spec, "{phase: Running}");
    let renominated = pod(bound_spec, "{phase: Running, nominatedNodeName: node-2}");
    assert_eq!(
        status_err(&bound, &renominated).unwrap_err(),
        "Pod \"p\" is invalid: status.nominatedNodeName: Forbidden: may not be set on pods that are already bound to a node"
    );
}

/// `ValidatePodStatusUpdate`: the status's observedGeneration is not
/// negative, and the QoS class is immutable (`ValidateImmutableField`
/// of a `core.PodQOSClass`, printed by `json.Marshal`).
#[test]
fn observed_generation_and_qos_class() {
    let old = pod(SPEC, "{phase: Running, qosClass: BestEffort}");
    let new = pod(
        SPEC,
        "{phase: Running, qosClass: Guaranteed, observedGeneration: -2}",
    );
    assert_eq!(
        status_err(&old, &new).unwrap_err(),
        "Pod \"p\" is invalid: [status.observedGeneration: Invalid value: -2: must be a non-negative integer, status.qosClass: Invalid value: \"Guaranteed\": field is immutable]"
    );
}

/// `ValidateContainerStateTransition` with ContainerRestartRules on: a
/// terminated container runs again only if `ContainerShouldRestart`
/// says so (the pod's policy: `Never` never, `OnFailure` after a
/// failure); the path's index is the stored list's; a container the spec
/// lacks may not run again.
#[test]
fn validate_container_state_transition() {
    let spec = |policy: &str| {
        format!(
            "{{restartPolicy: {policy}, containers: [{{name: a, image: i}}, {{name: b, image: i}}]}}"
        )
    };
    let old = |code: i64| {
        format!(
            "{{phase: Running, containerStatuses: [{{name: a, state: {{running: {{}}}}}}, {{name: b, state: {{terminated: {{exitCode: {code}}}}}}}, {{name: ghost, state: {{terminated: {{exitCode: 0}}}}}}]}}"
        )
    };
    let new = "{phase: Running, containerStatuses: [{name: b, state: {running: {}}}, {name: a, state: {running: {}}}, {name: ghost, state: {waiting: {}}}]}";
    let refused = |policy: &str, code: i64| {
        status_err(&pod(&spec(policy), &old(code)), &pod(&spec(policy), new)).unwrap_err()
    };
    assert_eq!(
        refused("Never", 1),
        "Pod \"p\" is invalid: [status.containerStatuses[1].state: Forbidden: may not be transitioned to non-terminated state, status.containerStatuses[2].state: Forbidden: may not be transitioned to non-terminated state]"
    );
    assert_eq!(
        refused("OnFailure", 0),
        "Pod \"p\" is invalid: [status.containerStatuses[1].state: Forbidden: may not be transitioned to non-terminated state, status.containerStatuses[2].state: Forbidden: may not be transitioned to non-terminated state]"
    );
    assert_eq!(
        refused("OnFailure", 3),
        "Pod \"p\" is invalid: status.containerStatuses[2].state: Forbidden: may not be transitioned to non-terminated state"
    );
    assert_eq!(
        refused("Always", 0),
        "Pod \"p\" is invalid: status.containerStatuses[2].state: Forbidden: may not be transitioned to non-terminated state"
    );
    // Still terminated: nothing to check.
    let same = pod(&spec("Never"), &old(1));
    assert_eq!(status_err(&same, &same), Ok(()));
}

/// `ContainerShouldRestart`: a container's restart rules first (the first
/// whose exit codes match; `Restart` restarts), then its own restart
/// policy, before the pod's.
#[test]
fn container_should_restart() {
    let spec = "{restartPolicy: Never, containers: [{name: a, image: i, restartPolicy: Never, restartPolicyRules: [{action: Restart, exitCodes: {operator: In, values: [42]}}]}, {name: b, image: i, restartPolicy: OnFailure}]}";
    let stored = |a: i64, b: i64| {
        pod(
            spec,
            &format!(
                "{{containerStatuses: [{{name: a, state: {{terminated: {{exitCode: {a}}}}}}}, {{name: b, state: {{terminated: {{exitCode: {b}}}}}}}]}}"
            ),
        )
    };
    let running = pod(
        spec,
        "{containerStatuses: [{name: a, state: {running: {}}}, {name: b, state: {running: {}}}]}",
    );
    assert_eq!(status_err(&stored(42, 1), &running), Ok(()));
    assert_eq!(
        status_err(&stored(1, 0), &running).unwrap_err(),
        "Pod \"p\" is invalid: [status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state, status.containerStatuses[1].state: Forbidden: may not be transitioned to non-terminated state]"
    );
}

/// `ValidateInitContainerStateTransition` (a sidecar, restartPolicy
/// `Always`, restarts under a `Never` pod; a plain init container does
/// not) and `ValidateEphemeralContainerStateTransition` (never, once per
/// running status of its name).
#[test]
fn init_and_ephemeral_container_state_transitions() {
    let spec = "{restartPolicy: Never, initContainers: [{name: init, image: i}, {name: side, image: i, restartPolicy: Always}], containers: [{name: app, image: i}]}";
    let old = pod(
        spec,
        "{initContainerStatuses: [{name: init, state: {terminated: {exitCode: 0}}}, {name: side, state: {terminated: {exitCode: 0}}}], ephemeralContainerStatuses: [{name: debug, state: {terminated: {exitCode: 0}}}]}",
    );
    let new = pod(
        spec,
        "{initContainerStatuses: [{name: init, state: {running: {}}}, {name: side, state: {running: {}}}], ephemeralContainerStatuses: [{name: debug, state: {running: {}}}, {name: debug, state: {waiting: {}}}]}",
    );
    assert_eq!(
        status_err(&old, &new).unwrap_err(),
        "Pod \"p\" is invalid: [status.initContainerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state, status.ephemeralContainerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state]"
    );
}

/// `validatePodIPs`: each new address parses (`IsValidIPForLegacyField`,
/// strict as StrictIPCIDRValidation is beta and on in 1.36: no leading
/// zeros; the stored ones are kept), several are one of each family (the
/// internal `[]core.PodIP` printed).
#[test]
fn validate_pod_ips() {
    let old = pod(
        SPEC,
        "{podIP: 10.0.0.1, podIPs: [{ip: 10.0.0.1}, {ip: bad}]}",
    );
    let kept = pod(
        SPEC,
        "{podIP: 10.0.0.1, podIPs: [{ip: 10.0.0.1}, {ip: bad}]}",
    );
    assert_eq!(
        status_err(&pod(SPEC, "{}"), &kept).unwrap_err(),
        "Pod \"p\" is invalid: [status.podIPs[1]: Invalid value: \"bad\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), status.podIPs: Invalid value: [{\"IP\":\"10.0.0.1\"},{\"IP\":\"bad\"}]: may specify no more than one IP for each IP family]"
    );
    // The stored bad address passes its own check, not the family one.
    assert_eq!(
        status_err(&old, &kept).unwrap_err(),
        "Pod \"p\" is invalid: status.podIPs: Invalid value: [{\"IP\":\"10.0.0.1\"},{\"IP\":\"bad\"}]: may specify no more than one IP for each IP family"
    );
    let zero = pod(SPEC, "{podIP: 10.0.0.01, podIPs: [{ip: 10.0.0.01}]}");
    assert_eq!(
        status_err(&pod(SPEC, "{}"), &zero).unwrap_err(),
        "Pod \"p\" is invalid: status.podIPs[0]: Invalid value: \"10.0.0.01\": must not have leading 0s"
    );
    assert_eq!(status_err(&zero, &zero), Ok(()));
    let dual = pod(
        SPEC,
        "{podIP: 10.0.0.1, podIPs: [{ip: 10.0.0.1}, {ip: 'fd00::1'}]}",
    );
    assert_eq!(status_err(&pod(SPEC, "{}"), &dual), Ok(()));
    let three = pod(
        SPEC,
        "{podIP: 10.0.0.1, podIPs: [{ip: 10.0.0.1}, {ip: 'fd00::1'}, {ip: 10.0.0.2}]}",
    );
    assert_eq!(
        status_err(&pod(SPEC, "{}"), &three).unwrap_err(),
        "Pod \"p\" is invalid: status.podIPs: Invalid value: [{\"IP\":\"10.0.0.1\"},{\"IP\":\"fd00::1\"},{\"IP\":\"10.0.0.2\"}]: may specify no more than one IP for each IP family"
    );
    // A podIP that is not the list's first replaces the list
    // (Convert_v1_PodStatus_To_core_PodStatus).
    let replaced = pod(
        SPEC,
        "{podIP: 10.0.0.9, podIPs: [{ip: 10.0.0.1}, {ip: 10.0.0.2}]}",
    );
    assert_eq!(status_err(&pod(SPEC, "{}"), &replaced), Ok(()));
}

/// `validateHostIPs`, with hostIPs as the v1 hostIP converts: a kubelet
/// that sends only hostIP has it checked as `hostIPs[0]`; hostIPs
/// without hostIP are refused.
#[test]
fn validate_host_ips() {
    let empty = pod(SPEC, "{}");
    let only = pod(SPEC, "{hostIP: 10.0.3.17}");
    assert_eq!(status_err(&empty, &only), Ok(()));
    let bad = pod(SPEC, "{hostIP: 10.0.3.300}");
    assert_eq!(
        status_err(&empty, &bad).unwrap_err(),
        "Pod \"p\" is invalid: status.hostIPs[0]: Invalid value: \"10.0.3.300\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"
    );
    let list = pod(SPEC, "{hostIPs: [{ip: 10.0.3.17}, {ip: 10.0.3.18}]}");
    assert_eq!(
        status_err(&empty, &list).unwrap_err(),
        "Pod \"p\" is invalid: [status.hostIPs[0].ip: Invalid value: \"10.0.3.17\": must be equal to `hostIP`, status.hostIPs: Invalid value: [{\"IP\":\"10.0.3.17\"},{\"IP\":\"10.0.3.18\"}]: may specify no more than one IP for each IP family]"
    );
}

/// `ValidatePodStatusUpdate`'s order: the metadata, the conditions, the
/// nominated node, the generation, the QoS class, the container states,
/// the pod IPs, the host IPs.
#[test]
fn pod_status_errors_in_upstream_order() {
    let spec = "{restartPolicy: Never, containers: [{name: app, image: i}]}";
    let old = pod(
        spec,
        "{qosClass: BestEffort, containerStatuses: [{name: app, state: {terminated: {exitCode: 0}}}]}",
    );
    let new = v(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default, labels: {'-x': y}}\nspec: {restartPolicy: Never, containers: [{name: app, image: i}]}\nstatus: {hostIP: x, podIPs: [{ip: ip}], qosClass: Burstable, observedGeneration: -1, nominatedNodeName: n., conditions: [{type: '!', status: 'True'}], containerStatuses: [{name: app, state: {running: {}}}]}\n",
    );
    assert_eq!(
        status_err(&old, &new).unwrap_err(),
        "Pod \"p\" is invalid: [metadata.labels: Invalid value: \"-x\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), status.conditions[0].Type: Invalid value: \"!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), status.nominatedNodeName: Invalid value: \"n.\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), status.observedGeneration: Invalid value: -1: must be a non-negative integer, status.qosClass: Invalid value: \"Burstable\": field is immutable, status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state, status.podIPs[0]: Invalid value: \"ip\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), status.hostIPs[0]: Invalid value: \"x\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)]"
    );
}

/// End to end: a kubelet's status writes through the scenario runner.
/// The strategy restores the spec and backfills a left-out qosClass
/// before validating (a PUT of the status without it passes); a container
/// of a `Never` Pod that terminated may not run again.
#[test]
fn a_kubelet_status_write_is_refused() {
    let text = |step: &str| {
        format!(
            r#"scenario: v1
name: kubelet
live:
  apiVersion: v1
  kind: Pod
  metadata: {{name: job-pod, namespace: default}}
  spec:
    restartPolicy: Never
    containers: [{{name: work, image: busybox}}]
  status:
    phase: Succeeded
    qosClass: BestEffort
    hostIP: 10.0.3.17
    containerStatuses:
    - {{name: work, image: busybox, imageID: '', ready: false, restartCount: 0, state: {{terminated: {{exitCode: 0, reason: Completed}}}}}}
steps:
- manager: kubelet
  subresource: status
{step}"#
        )
    };
    let run = |step: &str| {
        let result = crate::scenario::run_scenario_text(&text(step)).unwrap();
        let step = &result.steps[0];
        let qos = step
            .object
            .as_ref()
            .and_then(|o| o.get_path(&["status", "qosClass"]))
            .cloned();
        (step.outcome.as_str().to_string(), step.message.clone(), qos)
    };
    let (outcome, message, qos) = run(
        "  op: update\n  object:\n    apiVersion: v1\n    kind: Pod\n    metadata: {name: job-pod, namespace: default}\n    status: {phase: Succeeded, hostIP: 10.0.3.17}\n",
    );
    assert_eq!(outcome, "applied", "{message}");
    assert_eq!(qos, Some(Value::from("BestEffort")));
    let (outcome, message, _) = run(
        "  op: patch\n  patchType: merge\n  patch: {status: {phase: Running, containerStatuses: [{name: work, image: busybox, imageID: '', ready: true, restartCount: 1, state: {running: {startedAt: '2024-01-01T00:00:05Z'}}}]}}\n",
    );
    assert_eq!(outcome, "invalid");
    assert_eq!(
        message,
        "Pod \"job-pod\" is invalid: status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state"
    );
}

/// `AllowRestartAllContainers` (RestartAllContainersOnContainerExits, beta
/// and on since 1.36): when an init or regular container has a
/// `RestartAllContainers` rule (`AllContainersCouldRestart`), every init
/// and regular container may run again; ephemeral containers still may
/// not.
#[test]
fn restart_all_containers() {
    let spec = "{restartPolicy: Never, initContainers: [{name: init, image: i}], containers: [{name: app, image: i, restartPolicy: Never, restartPolicyRules: [{action: RestartAllContainers, exitCodes: {operator: In, values: [42]}}]}, {name: other, image: i}]}";
    let old = pod(
        spec,
        "{initContainerStatuses: [{name: init, state: {terminated: {exitCode: 0}}}], containerStatuses: [{name: app, state: {terminated: {exitCode: 1}}}, {name: other, state: {terminated: {exitCode: 0}}}], ephemeralContainerStatuses: [{name: debug, state: {terminated: {exitCode: 0}}}]}",
    );
    let new = pod(
        spec,
        "{initContainerStatuses: [{name: init, state: {running: {}}}], containerStatuses: [{name: app, state: {running: {}}}, {name: other, state: {running: {}}}], ephemeralContainerStatuses: [{name: debug, state: {running: {}}}]}",
    );
    assert_eq!(
        status_err(&old, &new).unwrap_err(),
        "Pod \"p\" is invalid: status.ephemeralContainerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state"
    );
}
