//! The pod spec rules of `core`, `probes` and `podspec` that 1.36's
//! `ValidatePodSpec` runs on every pod and pod template: one test per
//! upstream function, each with the server's message for a bad object
//! and a good object passing, and a Deployment's apply with two
//! mistakes listed in the server's order.

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use crate::schema::{Defaulter, Validator};

/// A Pod whose one container has `container` (YAML flow-map entries) and
/// whose spec has `spec` (block lines), defaulted as the server has it
/// when it validates (terminationGracePeriodSeconds 30, probe and hook
/// defaults), then validated on create.
pub(in crate::builtin::validation) fn pod(container: &str, spec: &str) -> Result<(), String> {
    let text = format!(
        "metadata: {{name: p}}\nspec:\n  containers: [{{name: app, image: nginx, {container}}}]\n{spec}"
    );
    let mut object = crate::yaml::parse(&text).unwrap().value;
    crate::builtin::defaults::KindDefaults::Pod.apply_defaults(&mut object, "");
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let kind = KindValidation::for_kind("v1", "Pod", table).unwrap();
    kind.validate(None, &object)
}

/// `pod`'s message for one error, without the `Pod "p" is invalid: `.
pub(in crate::builtin::validation) fn error(container: &str, spec: &str) -> String {
    let message = pod(container, spec).unwrap_err();
    message
        .strip_prefix("Pod \"p\" is invalid: ")
        .unwrap_or(&message)
        .to_string()
}

/// `validateEnvVarValueFrom`: a `valueFrom` needs a source; 1.36's list
/// names `fileKeyRef` (EnvFiles, beta and on since 1.35), which counts.
#[test]
fn env_value_from_needs_a_source() {
    assert_eq!(
        error("env: [{name: A, valueFrom: {}}]", ""),
        "spec.containers[0].env[0].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`"
    );
    assert!(
        pod(
            "env: [{name: A, valueFrom: {fileKeyRef: {volumeName: cfg, path: env, key: A}}}]",
            "  volumes: [{name: cfg, emptyDir: {}}]\n"
        )
        .is_ok()
    );
}

/// `validateObjectFieldSelector` with `ConvertDownwardAPIFieldLabel`: a
/// path it does not know cannot be converted; one it knows but an
/// environment variable may not use is unsupported; label and
/// annotation subscripts (and the old `spec.host`) convert, the API
/// version only `v1`; a subscript is a qualified name (an annotation's
/// lower-cased), its error at the `fieldRef`.
#[test]
fn env_field_ref_paths() {
    let env = |path: &str| {
        format!("env: [{{name: A, valueFrom: {{fieldRef: {{fieldPath: \"{path}\"}}}}}}]")
    };
    let field_ref = |path: &str| error(&env(path), "");
    assert_eq!(
        field_ref("metadata.nam"),
        "spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: \"metadata.nam\": error converting fieldPath: field label not supported: metadata.nam"
    );
    assert_eq!(
        field_ref("status.phase"),
        "spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: \"status.phase\": supported values: \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", \"status.hostIP\", \"status.hostIPs\", \"status.podIP\", \"status.podIPs\""
    );
    assert_eq!(
        field_ref("spec.nodeName['x']"),
        "spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: \"spec.nodeName['x']\": error converting fieldPath: field label does not support subscript: spec.nodeName['x']"
    );
    assert_eq!(
        field_ref(""),
        "spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Required value"
    );
    assert_eq!(
        error(
            "env: [{name: A, valueFrom: {fieldRef: {apiVersion: v2, fieldPath: metadata.nam}}}]",
            ""
        ),
        "spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: \"metadata.nam\": error converting fieldPath: unsupported pod version: v2"
    );
    assert_eq!(
        field_ref("metadata.labels['a b']"),
        "spec.containers[0].env[0].valueFrom.fieldRef: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
    );
    assert_eq!(
        field_ref("metadata.annotations['Example.com/A_']"),
        "spec.containers[0].env[0].valueFrom.fieldRef: Invalid value: \"example.com/a_\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
    );
    for good in [
        "metadata.labels['app']",
        "metadata.annotations['Example.com/Key']",
        "spec.host",
        "status.podIPs",
    ] {
        assert!(pod(&env(good), "").is_ok(), "{good}");
    }
}

/// `validateContainerResourceFieldSelector`, `validateConfigMapKeySelector`
/// and `validateSecretKeySelector`, each source's errors before the
/// count's.
#[test]
fn env_resource_and_key_selectors() {
    assert_eq!(
        error(
            "env: [{name: A, valueFrom: {resourceFieldRef: {resource: limits.gpu}, secretKeyRef: {name: s}}}]",
            ""
        ),
        "[spec.containers[0].env[0].valueFrom.resourceFieldRef.resource: Unsupported value: \"limits.gpu\": supported values: \"limits.cpu\", \"limits.ephemeral-storage\", \"limits.memory\", \"requests.cpu\", \"requests.ephemeral-storage\", \"requests.memory\", spec.containers[0].env[0].valueFrom.secretKeyRef.key: Required value, spec.containers[0].env[0].valueFrom: Invalid value: \"\": may not have more than one field specified at a time]"
    );
    // An unnamed ConfigMap is an empty, so invalid, DNS subdomain.
    assert_eq!(
        error(
            "env: [{name: A, valueFrom: {configMapKeyRef: {key: 'a/b'}}}]",
            ""
        ),
        "[spec.containers[0].env[0].valueFrom.configMapKeyRef.name: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.containers[0].env[0].valueFrom.configMapKeyRef.key: Invalid value: \"a/b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')]"
    );
    assert_eq!(
        error(
            "env: [{name: A, valueFrom: {resourceFieldRef: {containerName: app}}}]",
            ""
        ),
        "spec.containers[0].env[0].valueFrom.resourceFieldRef.resource: Required value"
    );
    assert!(
        pod(
            "env: [{name: A, valueFrom: {configMapKeyRef: {name: cfg, key: mode}}}, {name: B, valueFrom: {secretKeyRef: {name: s, key: tls.key}}}, {name: C, valueFrom: {resourceFieldRef: {resource: requests.hugepages-2Mi}}}]",
            ""
        )
        .is_ok()
    );
}

/// `validateLifecycle` (`validateHandler` of each hook, then
/// `validateSleepAction`: 0 up to the pod's grace period, zero allowed
/// since PodLifecycleSleepActionAllowZero went GA in 1.34), before the
/// probes.
#[test]
fn lifecycle_hooks() {
    assert_eq!(
        error(
            "lifecycle: {postStart: {}, preStop: {exec: {command: [drain]}, sleep: {seconds: 5}}}",
            ""
        ),
        "[spec.containers[0].lifecycle.postStart: Required value: must specify a handler type, spec.containers[0].lifecycle.preStop.sleep: Forbidden: may not specify more than 1 handler type]"
    );
    assert_eq!(
        error(
            "lifecycle: {preStop: {sleep: {seconds: 45}}}, livenessProbe: {grpc: {port: 0}}",
            "  terminationGracePeriodSeconds: 40\n"
        ),
        "[spec.containers[0].lifecycle.preStop.sleep: Invalid value: 45: must be non-negative and less than terminationGracePeriodSeconds (40), spec.containers[0].livenessProbe.grpc.port: Invalid value: 0: must be between 1 and 65535, inclusive]"
    );
    assert_eq!(
        error("lifecycle: {postStart: {sleep: {seconds: -1}}}", ""),
        "spec.containers[0].lifecycle.postStart.sleep: Invalid value: -1: must be non-negative and less than terminationGracePeriodSeconds (30)"
    );
    assert!(
        pod(
            "lifecycle: {postStart: {httpGet: {port: 8080}}, preStop: {sleep: {seconds: 0}}}",
            ""
        )
        .is_ok()
    );
}

/// `validateContainerRestartPolicy`, which 1.36 runs for regular and
/// init containers alike (ContainerRestartRules, beta and on since 1.35),
/// after the probes of a regular container and before the name of an
/// init container; `validateInitContainers`: hooks and probes only for a
/// sidecar (restartPolicy Always), validated like a regular container's.
#[test]
fn container_restart_policies() {
    assert_eq!(
        error(
            "restartPolicy: Sometimes, livenessProbe: {exec: {command: []}}",
            ""
        ),
        "[spec.containers[0].livenessProbe.exec.command: Required value, spec.containers[0].restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"Never\", \"OnFailure\"]"
    );
    assert_eq!(
        error(
            "restartPolicyRules: [{action: Restart, exitCodes: {operator: In, values: [42]}}]",
            ""
        ),
        "spec.containers[0].restartPolicy: Required value: must specify restartPolicy when restart rules are used"
    );
    assert_eq!(
        error(
            "",
            "  initContainers:\n  - {name: app, image: busybox, restartPolicy: always}\n  - {name: wait, image: busybox, readinessProbe: {tcpSocket: {port: 80}}, lifecycle: {preStop: {exec: {command: [x]}}}}\n  - {name: proxy, image: envoy, restartPolicy: Always, startupProbe: {exec: {command: [true]}, successThreshold: 2}}\n"
        ),
        "[spec.initContainers[0].restartPolicy: Unsupported value: \"always\": supported values: \"Always\", \"Never\", \"OnFailure\", spec.initContainers[0].name: Duplicate value: \"app\", spec.initContainers[1].lifecycle: Forbidden: may not be set for init containers without restartPolicy=Always, spec.initContainers[1].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always, spec.initContainers[2].startupProbe.successThreshold: Invalid value: 2: must be 1]"
    );
    assert!(
        pod(
            "restartPolicy: Never",
            "  initContainers:\n  - {name: setup, image: busybox, restartPolicy: OnFailure}\n  - {name: proxy, image: envoy, restartPolicy: Always, readinessProbe: {tcpSocket: {port: 80}}}\n"
        )
        .is_ok()
    );
}

/// `validateContainerRestartPolicy`'s rules, after the policy: at most
/// 20, each of the action `Restart` or `RestartAllContainers`
/// (RestartAllContainersOnContainerExits, beta and on since 1.36), with
/// exit codes (`In` or `NotIn`, at most 255 values); an init container's
/// too.
#[test]
fn container_restart_rules() {
    let many = vec!["{action: Restart, exitCodes: {operator: In, values: [1]}}"; 21].join(", ");
    let values = (1..=256)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    assert_eq!(
        error(
            &format!(
                "restartPolicy: Never, restartPolicyRules: [{{action: RestartPod, exitCodes: {{operator: In, values: [1]}}}}, {{action: Restart}}, {{exitCodes: {{operator: Between, values: [{values}]}}}}]"
            ),
            &format!(
                "  initContainers: [{{name: init, image: busybox, restartPolicy: Never, restartPolicyRules: [{many}]}}]\n"
            )
        ),
        "[spec.containers[0].restartPolicyRules[0].action: Unsupported value: \"RestartPod\": supported values: \"Restart\", \"RestartAllContainers\", \
        spec.containers[0].restartPolicyRules[1].exitCodes: Required value: must be specified, \
        spec.containers[0].restartPolicyRules[2].action: Unsupported value: \"\": supported values: \"Restart\", \"RestartAllContainers\", \
        spec.containers[0].restartPolicyRules[2].exitCodes.operator: Unsupported value: \"Between\": supported values: \"In\", \"NotIn\", \
        spec.containers[0].restartPolicyRules[2].exitCodes.values: Too many: 256: must have at most 255 items, \
        spec.initContainers[0].restartPolicyRules: Too many: 21: must have at most 20 items]"
    );
    let values = (1..=255)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    assert!(
        pod(
            &format!("restartPolicy: OnFailure, restartPolicyRules: [{{action: Restart, exitCodes: {{operator: NotIn, values: [{values}]}}}}, {{action: RestartAllContainers, exitCodes: {{operator: In, values: [42]}}}}]"),
            ""
        )
        .is_ok()
    );
}

/// `validateTopologySpreadConstraints`: a positive maxSkew, a topology
/// key, a known whenUnsatisfiable, no pair of them twice (reported at the
/// first), after the DNS config and before the service account.
#[test]
fn topology_spread_constraints() {
    assert_eq!(
        error(
            "",
            "  topologySpreadConstraints:\n  - {maxSkew: 0, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}\n  - {maxSkew: 1, whenUnsatisfiable: DoNotScheduled}\n  - {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}\n  serviceAccountName: Builder\n"
        ),
        "[spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero, spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: \"{zone, DoNotSchedule}\", spec.topologySpreadConstraints[1].topologyKey: Required value: can not be empty, spec.topologySpreadConstraints[1].whenUnsatisfiable: Unsupported value: \"DoNotScheduled\": supported values: \"DoNotSchedule\", \"ScheduleAnyway\", spec.serviceAccountName: Invalid value: \"Builder\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]"
    );
    assert!(
        pod(
            "",
            "  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}\n  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: ScheduleAnyway}\n"
        )
        .is_ok()
    );
}

/// `validateMinDomains` and `validateNodeInclusionPolicy`, between the
/// repeated pair and the label selector (the order a real server's
/// message shows).
#[test]
fn topology_spread_min_domains_and_node_policies() {
    assert_eq!(
        error(
            "",
            "  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway, minDomains: 0, nodeAffinityPolicy: Always, nodeTaintsPolicy: Honor}\n"
        ),
        "[spec.topologySpreadConstraints[0].minDomains: Invalid value: 0: must be greater than zero, spec.topologySpreadConstraints[0].minDomains: Invalid value: 0: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway, spec.topologySpreadConstraints[0].nodeAffinityPolicy: Unsupported value: \"Always\": supported values: \"Honor\", \"Ignore\"]"
    );
    assert!(
        pod(
            "",
            "  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, minDomains: 2, nodeAffinityPolicy: Ignore, nodeTaintsPolicy: Honor}\n"
        )
        .is_ok()
    );
}

/// `validateTopologySpreadConstraints` ends each constraint with
/// `ValidateLabelSelector` of its label selector (invalid values refused).
#[test]
fn topology_spread_label_selectors() {
    assert_eq!(
        error(
            "",
            "  topologySpreadConstraints:\n  - {maxSkew: 0, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchExpressions: [{key: app, operator: Exists, values: [web]}]}}\n"
        ),
        "[spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero, spec.topologySpreadConstraints[0].labelSelector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist']"
    );
}

/// `validateNodeAffinity`, after the node selector and before the DNS
/// config: `ValidateNodeSelector` (a term at least; each term's
/// `matchExpressions` by `ValidateNodeSelectorRequirement`, operator and
/// count before key before values; its `matchFields` by
/// `ValidateNodeFieldSelectorRequirement`), then
/// `ValidatePreferredSchedulingTerms` (a weight in 1..100; values not
/// checked).
#[test]
fn node_affinity() {
    let required = |term: &str| {
        error(
            "",
            &format!(
                "  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n        - {term}\n"
            ),
        )
    };
    assert_eq!(
        required(
            "matchExpressions: [{key: zone, operator: In}, {key: zone, operator: Exists, values: [a]}, {key: cpu, operator: Gt, values: ['1', '2']}, {key: -x, operator: Near, values: [a b]}]"
        ),
        "[spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn', \
        spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist', \
        spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[2].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt', \
        spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[3].operator: Invalid value: \"Near\": not a valid selector operator, \
        spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[3].key: Invalid value: \"-x\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), \
        spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[3].values[0]: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')]"
    );
    assert_eq!(
        required(
            "matchFields: [{key: metadata.name, operator: Exists}, {key: metadata.uid, operator: In, values: [x]}, {key: metadata.name, operator: NotIn, values: [Node_1]}, {key: metadata.name, operator: In, values: [a, b]}]"
        ),
        "[spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].operator: Invalid value: \"Exists\": not a valid selector operator, \
        spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[1].key: Invalid value: \"metadata.uid\": not a valid field selector key, \
        spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[2].values[0]: Invalid value: \"Node_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), \
        spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[3].values: Required value: must be only one value when `operator` is 'In' or 'NotIn' for node field selector]"
    );
    // No term (an empty selector is one without terms), a bad weight, a
    // preferred term's value left alone; then the DNS config.
    assert_eq!(
        error(
            "",
            "  dnsPolicy: None\n  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution: {}\n      preferredDuringSchedulingIgnoredDuringExecution:\n      - {weight: 0, preference: {matchExpressions: [{key: zone, operator: In, values: [a b]}]}}\n"
        ),
        "[spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term, \
        spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100, \
        spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None]"
    );
    assert!(
        pod(
            "",
            "  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n        - matchExpressions: [{key: kubernetes.io/os, operator: In, values: [linux]}, {key: gpu, operator: DoesNotExist}, {key: cores, operator: Gt, values: ['4']}]\n          matchFields: [{key: metadata.name, operator: NotIn, values: [node-1]}]\n      preferredDuringSchedulingIgnoredDuringExecution:\n      - {weight: 100, preference: {matchExpressions: [{key: zone, operator: In, values: [a b]}]}}\n"
        )
        .is_ok()
    );
}

/// `validatePodAffinity` and `validatePodAntiAffinity`: the required
/// terms, then the weighted ones (a weight in 1..100), each term by
/// `validatePodAffinityTerm`: its label and namespace selectors
/// (`ValidateLabelSelector`), its namespaces (DNS labels, each error at
/// `namespace`), its topology key (required, then a label key).
#[test]
fn pod_affinity() {
    assert_eq!(
        error(
            "",
            "  affinity:\n    podAntiAffinity:\n      preferredDuringSchedulingIgnoredDuringExecution:\n      - {weight: 101, podAffinityTerm: {topologyKey: kubernetes.io/hostname, labelSelector: {matchLabels: {app: web}}}}\n    podAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n      - labelSelector: {matchExpressions: [{key: app, operator: In}]}\n        namespaceSelector: {matchExpressions: [{key: team, operator: Gt, values: ['1']}]}\n        namespaces: [team-a, Team_B]\n"
        ),
        "[spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn', \
        spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespaceSelector.matchExpressions[0].operator: Invalid value: \"Gt\": not a valid selector operator, \
        spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespace: Invalid value: \"Team_B\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), \
        spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty, \
        spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: \"\": name part must be non-empty, \
        spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), \
        spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 101: must be in the range 1-100]"
    );
    assert!(
        pod(
            "",
            "  affinity:\n    podAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n      - {topologyKey: topology.kubernetes.io/zone, labelSelector: {matchExpressions: [{key: app, operator: In, values: [cache]}]}, namespaces: [team-a], namespaceSelector: {}}\n    podAntiAffinity:\n      preferredDuringSchedulingIgnoredDuringExecution:\n      - {weight: 1, podAffinityTerm: {topologyKey: kubernetes.io/hostname}}\n"
        )
        .is_ok()
    );
}

/// `checkHostPortConflicts` (`AccumulateUniqueHostPorts`): a host port
/// with the same protocol and host IP twice among the regular
/// containers, after them; each init container's alone (its path at
/// index 0, as upstream builds it); then `validatePodHostNetworkDeps`: on
/// the host network a hostPort other than the containerPort (an unset
/// one is defaulted to it).
#[test]
fn host_ports() {
    let ports = "ports: [{containerPort: 80, hostPort: 8080}, {containerPort: 81, hostPort: 8080}, {containerPort: 82, hostPort: 8080, protocol: UDP}, {containerPort: 83, hostPort: 8080, hostIP: 10.0.0.1}]";
    assert_eq!(
        error(ports, ""),
        "spec.containers[0].ports[1].hostPort: Duplicate value: \"TCP//8080\""
    );
    assert_eq!(
        error(
            "",
            "  initContainers:\n  - {name: a, image: x, ports: [{containerPort: 1, hostPort: 9}]}\n  - {name: b, image: x, ports: [{containerPort: 1, hostPort: 9}, {containerPort: 2, hostPort: 9}]}\n"
        ),
        "spec.initContainers[0].ports[1].hostPort: Duplicate value: \"TCP//9\""
    );
    assert_eq!(
        error(
            "ports: [{containerPort: 80, hostPort: 8080}, {containerPort: 81, hostPort: 8080}]",
            "  hostNetwork: true\n  dnsPolicy: Bad\n"
        ),
        "[spec.containers[0].ports[1].hostPort: Duplicate value: \"TCP//8080\", \
        spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true, \
        spec.containers[0].ports[1].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true, \
        spec.dnsPolicy: Unsupported value: \"Bad\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\"]"
    );
    assert!(
        pod(
            "ports: [{containerPort: 80}, {containerPort: 81, hostPort: 81}]",
            "  hostNetwork: true\n"
        )
        .is_ok()
    );
    assert!(pod("ports: [{containerPort: 80, hostPort: 8080}]", "  initContainers: [{name: i, image: x, ports: [{containerPort: 80, hostPort: 8080}]}]\n").is_ok());
}

/// A Deployment applied through a scenario (so defaulted as the server
/// has it) with two of these mistakes in its template: the container's
/// (a `valueFrom` of no source) before the pod's (a spread constraint
/// without a topology key), as `ValidatePodSpec` lists them.
#[test]
fn a_deployment_lists_the_template_mistakes_in_order() {
    use crate::scenario::{Outcome, run_scenario_text};
    let text = "scenario: v1\nname: template\nschema: {builtin: apps/v1/Deployment}\nsteps:\n- manager: m\n  op: apply\n  object:\n    apiVersion: apps/v1\n    kind: Deployment\n    metadata: {name: web, namespace: d}\n    spec:\n      selector: {matchLabels: {app: web}}\n      template:\n        metadata: {labels: {app: web}}\n        spec:\n          topologySpreadConstraints: [{maxSkew: 1, whenUnsatisfiable: ScheduleAnyway}]\n          containers:\n          - name: app\n            image: nginx\n            env: [{name: POD_IP, valueFrom: {}}]\n";
    let result = run_scenario_text(text).unwrap();
    let step = &result.steps[0];
    assert_eq!(step.outcome, Outcome::Invalid);
    assert_eq!(
        step.message,
        "Deployment.apps \"web\" is invalid: [spec.template.spec.containers[0].env[0].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`, spec.template.spec.topologySpreadConstraints[0].topologyKey: Required value: can not be empty]"
    );
    let fixed = text
        .replace(
            "maxSkew: 1,",
            "maxSkew: 1, topologyKey: kubernetes.io/hostname,",
        )
        .replace(
            "valueFrom: {}",
            "valueFrom: {fieldRef: {fieldPath: status.podIP}}",
        );
    let result = run_scenario_text(&fixed).unwrap();
    assert_eq!(
        result.steps[0].outcome,
        Outcome::Applied,
        "{}",
        result.steps[0].message
    );
}

/// `validatePodResources` (PodLevelResources, on in 1.36): a pod's own
/// resources take cpu, memory and huge pages, at least what the
/// containers request together, and the pod's limits bound each
/// container's; a Windows pod may not set them. (Defaults first: the pod's
/// requests default to the containers' and to its limits.)
#[test]
fn pod_level_resources() {
    assert!(
        pod(
            "resources: {requests: {cpu: 200m, memory: 512Mi}}",
            "  resources: {limits: {cpu: '1', memory: 1Gi}}\n"
        )
        .is_ok()
    );
    assert_eq!(
        error("", "  resources: {requests: {ephemeral-storage: 1Gi}}\n"),
        "spec.resources.requests[ephemeral-storage]: Unsupported value: \"ephemeral-storage\": supported values: \"cpu\", \"hugepages-\", \"memory\""
    );
    assert_eq!(
        error(
            "resources: {requests: {cpu: 300m}}",
            "  resources: {requests: {cpu: 100m}}\n"
        ),
        "spec.resources.requests[cpu]: Invalid value: \"100m\": must be greater than or equal to aggregate container requests of 300m"
    );
    assert_eq!(
        error(
            "resources: {limits: {cpu: '2'}, requests: {cpu: 100m}}",
            "  resources: {limits: {cpu: 1500m}}\n"
        ),
        "spec.resources.containers[0][cpu].limits: Invalid value: \"2\": must be less than or equal to pod limits of 1500m"
    );
    assert_eq!(
        error(
            "",
            "  os: {name: windows}\n  resources: {limits: {cpu: '1'}}\n"
        ),
        "spec.resources: Forbidden: may not be set for a windows pod"
    );
    // The claim is looked up among the pod's resourceClaims too.
    assert_eq!(
        error("", "  resources: {claims: [{name: gpu}]}\n"),
        "[spec.resources.claims: Forbidden: claims may not be set for Resources at pod-level, spec.resources.claims[0]: Not found: \"gpu\": must be one of the names in pod.spec.resourceClaims which is empty]"
    );
}

/// `validateFileKeySelector` and `validateFileKeyRefVolumes` (EnvFiles,
/// on since 1.35): a key, a volume that is an `emptyDir` of the pod, a
/// path without `..`; the volume's rule comes last, after the other
/// pod-level rules.
#[test]
fn file_key_refs() {
    let env = |selector: &str| format!("env: [{{name: A, valueFrom: {{fileKeyRef: {selector}}}}}]");
    let volumes = "  volumes: [{name: cfg, emptyDir: {}}, {name: data, configMap: {name: c}}]\n";
    assert!(pod(&env("{key: A, volumeName: cfg, path: env/file}"), volumes).is_ok());
    assert_eq!(
        error(&env("{key: 'A=B', volumeName: Cfg, path: ../x}"), volumes),
        "[spec.containers[0].env[0].valueFrom.fileKeyRef.key: Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '=', spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName: Invalid value: \"Cfg\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), spec.containers[0].env[0].valueFrom.fileKeyRef.path: Invalid value: \"../x\": must not contain '..', spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName: Not found: \"Cfg\"]"
    );
    assert_eq!(
        error(&env("{key: A, volumeName: data, path: f}"), volumes),
        "spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName: Invalid value: \"data\": referenced volume must be of type emptyDir"
    );
    assert_eq!(
        error(&env("{}"), volumes),
        "[spec.containers[0].env[0].valueFrom.fileKeyRef.key: Required value, spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName: Required value, spec.containers[0].env[0].valueFrom.fileKeyRef.path: Required value, spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName: Not found: \"\"]"
    );
}

/// `validateOS`, `validateLinux` and `validateWindows`: a known OS name
/// (refused at `spec.os`), no Windows options in a Linux pod, none of the
/// Linux settings in a Windows pod (the host namespaces and user
/// namespace at the spec's path, as the internal security context holds
/// them).
#[test]
fn os_rules() {
    assert_eq!(
        error("", "  os: {name: Linux}\n"),
        "spec.os: Unsupported value: \"Linux\": supported values: \"linux\", \"windows\""
    );
    assert_eq!(error("", "  os: {}\n"), "spec.os.name: Required value");
    assert_eq!(
        error(
            "securityContext: {windowsOptions: {runAsUserName: u}}",
            "  os: {name: linux}\n"
        ),
        "spec.containers[0].securityContext.windowsOptions: Forbidden: windows options cannot be set for a linux pod"
    );
    assert!(
        pod(
            "securityContext: {windowsOptions: {runAsUserName: u}}",
            "  os: {name: windows}\n"
        )
        .is_ok()
    );
    assert_eq!(
        error(
            "securityContext: {runAsUser: 1000, privileged: false}",
            "  os: {name: windows}\n  hostPID: true\n  hostIPC: false\n  hostUsers: true\n  securityContext: {runAsNonRoot: true, fsGroup: 2000, sysctls: []}\n"
        ),
        "[spec.hostUsers: Forbidden: cannot be set for a windows pod, spec.hostPID: Forbidden: cannot be set for a windows pod, spec.securityContext.fsGroup: Forbidden: cannot be set for a windows pod, spec.containers[0].securityContext.privileged: Forbidden: cannot be set for a windows pod, spec.containers[0].securityContext.runAsUser: Forbidden: cannot be set for a windows pod]"
    );
}

/// `validatePodResourceClaims` and `validateResourceClaimNames`: a pod's
/// claims have names (DNS labels, once) and one source; a container's or
/// the pod's `resources.claims` name one of them, once, with a request
/// that is a DNS label.
#[test]
fn resource_claims() {
    let claims = "  resourceClaims: [{name: gpu, resourceClaimTemplateName: gpu-template}]\n";
    assert!(pod("resources: {claims: [{name: gpu}]}", claims).is_ok());
    assert_eq!(
        error("resources: {claims: [{name: tpu}]}", claims),
        "spec.containers[0].resources.claims[0]: Not found: \"tpu\": must be one of the names in pod.spec.resourceClaims: gpu"
    );
    assert_eq!(
        error("resources: {claims: [{name: gpu}]}", ""),
        "spec.containers[0].resources.claims[0]: Not found: \"gpu\": must be one of the names in pod.spec.resourceClaims which is empty"
    );
    assert_eq!(
        error(
            "resources: {claims: [{name: gpu, request: a}, {name: gpu}, {name: gpu, request: a}]}",
            claims
        ),
        "[spec.containers[0].resources.claims[1]: Duplicate value: \"gpu\", spec.containers[0].resources.claims[2]: Duplicate value: \"gpu\"]"
    );
    assert_eq!(
        error(
            "",
            "  resourceClaims: [{name: GPU, resourceClaimName: a, resourceClaimTemplateName: b}, {name: x}, {name: x, resourceClaimName: Bad_Name}]\n"
        ),
        "[spec.resourceClaims[0].name: Invalid value: \"GPU\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), spec.resourceClaims[0]: Invalid value: {\"Name\":\"GPU\",\"ResourceClaimName\":\"a\",\"ResourceClaimTemplateName\":\"b\"}: at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified, spec.resourceClaims[1]: Invalid value: {\"Name\":\"x\",\"ResourceClaimName\":null,\"ResourceClaimTemplateName\":null}: must specify one of: `resourceClaimName`, `resourceClaimTemplateName`, spec.resourceClaims[2].name: Duplicate value: \"x\", spec.resourceClaims[2].resourceClaimName: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]"
    );
}
