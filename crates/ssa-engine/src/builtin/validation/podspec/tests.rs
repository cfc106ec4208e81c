//! The pod spec rules added beside 1.36's `ValidatePodSpec` order:
//! `ValidateEnvFrom` (in `core`), `validatePodDNSConfig`,
//! `validateReadinessGates`, `validateSchedulingGates` and
//! `ValidateHostAliases`; each with the server's message for a Pod and
//! for a Deployment's template, and a good object passing.

#![allow(clippy::unwrap_used)]

use super::super::core::tests::{error, pod};
use crate::scenario::{Outcome, run_scenario_text};

/// A Deployment whose template's container has `container` (flow-map
/// entries) and whose template spec has `spec` (lines indented by ten),
/// applied through a scenario (defaulted as the server has it): its
/// message, or `Applied`.
fn deployment(container: &str, spec: &str) -> String {
    let text = format!(
        "scenario: v1\nname: t\nschema: {{builtin: apps/v1/Deployment}}\nsteps:\n- manager: m\n  op: apply\n  object:\n    apiVersion: apps/v1\n    kind: Deployment\n    metadata: {{name: web, namespace: d}}\n    spec:\n      selector: {{matchLabels: {{app: web}}}}\n      template:\n        metadata: {{labels: {{app: web}}}}\n        spec:\n{spec}          containers: [{{name: app, image: nginx, {container}}}]\n"
    );
    let result = run_scenario_text(&text).unwrap();
    let step = &result.steps[0];
    match step.outcome {
        Outcome::Applied => "Applied".to_string(),
        _ => step.message.clone(),
    }
}

const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const NAME_PART: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const NOT_AN_IP: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";

/// `ValidateEnvFrom`, after `ValidateEnv` and before the volume mounts:
/// a prefix that `IsRelaxedEnvVarName` takes, each source's name
/// required and a DNS subdomain (a trailing dash allowed: the name is
/// checked as a prefix), one source (the error at the list's path).
#[test]
fn env_from_sources() {
    assert_eq!(
        error(
            "env: [{name: 'A=1', value: x}], envFrom: [{prefix: 'P=', configMapRef: {name: cfg-}}, {configMapRef: {name: ''}, secretRef: {name: My_Secret}}, {prefix: APP_}], volumeMounts: [{name: data, mountPath: /d}]",
            ""
        ),
        format!(
            "[spec.containers[0].env[0].name: Invalid value: \"A=1\": a valid environment variable name must consist only of printable ASCII characters other than '=', \
            spec.containers[0].envFrom[0].prefix: Invalid value: \"P=\": a valid environment variable name must consist only of printable ASCII characters other than '=', \
            spec.containers[0].envFrom[1].configMapRef.name: Required value, \
            spec.containers[0].envFrom[1].secretRef.name: Invalid value: \"My_Secret\": {SUBDOMAIN}, \
            spec.containers[0].envFrom: Invalid value: \"\": may not have more than one field specified at a time, \
            spec.containers[0].envFrom: Invalid value: \"\": must specify one of: `configMapRef` or `secretRef`, \
            spec.containers[0].volumeMounts[0].name: Not found: \"data\"]"
        )
    );
    // A name ending in a dash is masked (its last two bytes made `a`):
    // `UP-` is checked as `Ua`, `X-` as `a`.
    assert_eq!(
        error("envFrom: [{secretRef: {name: UP-}}]", ""),
        format!(
            "spec.containers[0].envFrom[0].secretRef.name: Invalid value: \"UP-\": {SUBDOMAIN}"
        )
    );
    assert!(
        pod(
            "envFrom: [{prefix: '1 app.', configMapRef: {name: settings-}}, {secretRef: {name: creds, optional: true}}, {configMapRef: {name: X-}}]",
            ""
        )
        .is_ok()
    );
    // An init container's, and a Deployment's template.
    assert_eq!(
        error(
            "",
            "  initContainers: [{name: init, image: busybox, envFrom: [{configMapRef: {}}]}]\n"
        ),
        "spec.initContainers[0].envFrom[0].configMapRef.name: Required value"
    );
    assert_eq!(
        deployment("envFrom: [{prefix: APP_}]", ""),
        "Deployment.apps \"web\" is invalid: spec.template.spec.containers[0].envFrom: Invalid value: \"\": must specify one of: `configMapRef` or `secretRef`"
    );
}

/// `validateEphemeralContainers`, after the init containers: the common
/// rules (so `ValidateEnvFrom`), the image's whitespace, a name unique
/// among all containers, a target among the others, the fields an
/// ephemeral container may not set, no sub-paths; a Pod may not have
/// them on create, a pod template not at all (`ValidatePodTemplateSpec`,
/// after the spec's errors).
#[test]
fn ephemeral_containers() {
    assert_eq!(
        error(
            "volumeMounts: [{name: data, mountPath: /d}]",
            "  volumes: [{name: data, emptyDir: {}}]\n  initContainers: [{name: init, image: busybox}]\n  ephemeralContainers:\n  - {name: init, image: ' busybox', targetContainerName: web, ports: [{containerPort: 80, protocol: TCP}], resources: {}, envFrom: [{}], volumeMounts: [{name: data, mountPath: /d, subPath: x}]}\n  - {name: debug, image: busybox, resources: {limits: {cpu: '1'}}, readinessProbe: {exec: {command: [true]}}}\n"
        ),
        "[spec.ephemeralContainers[0].envFrom: Invalid value: \"\": must specify one of: `configMapRef` or `secretRef`, \
        spec.ephemeralContainers[0].image: Invalid value: \" busybox\": must not have leading or trailing whitespace, \
        spec.ephemeralContainers[0].name: Duplicate value: \"init\", \
        spec.ephemeralContainers[0].targetContainerName: Not found: \"web\", \
        spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container, \
        spec.ephemeralContainers[0].volumeMounts[0].subPath: Forbidden: cannot be set for an Ephemeral Container, \
        spec.ephemeralContainers[1].resources: Forbidden: cannot be set for an Ephemeral Container, \
        spec.ephemeralContainers[1].readinessProbe: Forbidden: cannot be set for an Ephemeral Container, \
        spec.ephemeralContainers: Forbidden: cannot be set on create]"
    );
    assert_eq!(
        deployment(
            "",
            "          ephemeralContainers: [{name: debug, image: busybox, targetContainerName: app, envFrom: [{secretRef: {name: Creds}}]}]\n"
        ),
        format!(
            "Deployment.apps \"web\" is invalid: [spec.template.spec.ephemeralContainers[0].envFrom[0].secretRef.name: Invalid value: \"Creds\": {SUBDOMAIN}, \
            spec.template.spec.ephemeralContainers: Forbidden: ephemeral containers not allowed in pod template]"
        )
    );
}

/// `validatePodDNSConfig`, after the affinity: a `None` policy needs a
/// config with nameservers (nothing more checked without them); at most
/// three nameservers (the list printed), each an address
/// (`IsValidIPForLegacyField`, strict in 1.36: no leading zeros); at most 32 searches and 2048 characters of them, each but
/// `.` (a trailing dot dropped, the value printed without it) a DNS
/// subdomain that may hold `_`; named options.
#[test]
fn dns_config() {
    assert_eq!(
        error(
            "",
            "  dnsPolicy: None\n  dnsConfig: {searches: [Bad_Domain]}\n  readinessGates: [{conditionType: 'a b'}]\n"
        ),
        format!(
            "[spec.dnsConfig.nameservers: Required value: must provide at least one DNS nameserver when `dnsPolicy` is None, \
            spec.readinessGates[0].conditionType: Invalid value: \"a b\": {NAME_PART}]"
        )
    );
    assert_eq!(
        error(
            "",
            "  dnsConfig:\n    nameservers: [1.1.1.1, 010.0.0.1, '::1', dns.local]\n    searches: [svc.cluster.local., _srv._tcp.example.com, '.', 'Bad_Domain.', '']\n    options: [{name: ndots, value: '2'}, {value: x}]\n"
        ),
        "[spec.dnsConfig.nameservers: Invalid value: [\"1.1.1.1\",\"010.0.0.1\",\"::1\",\"dns.local\"]: must not have more than 3 nameservers, \
        spec.dnsConfig.nameservers[1]: Invalid value: \"010.0.0.1\": must not have leading 0s, \
        spec.dnsConfig.nameservers[3]: Invalid value: \"dns.local\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), \
        spec.dnsConfig.searches[3]: Invalid value: \"Bad_Domain\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*'), \
        spec.dnsConfig.searches[4]: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*'), \
        spec.dnsConfig.options[1]: Required value: must not be empty]"
    );
    // 33 searches of 62 characters: too many, and 33 * 63 - 1 = 2078
    // characters.
    let search = format!("{}.io", "a".repeat(59));
    let searches = vec![search.as_str(); 33];
    let printed = format!("[\"{}\"]", searches.join("\",\""));
    assert_eq!(
        error(
            "",
            &format!("  dnsConfig: {{searches: [{}]}}\n", searches.join(", "))
        ),
        format!(
            "[spec.dnsConfig.searches: Invalid value: {printed}: must not have more than 32 search paths, \
            spec.dnsConfig.searches: Invalid value: {printed}: must not have more than 2048 characters (including spaces) in the search list]"
        )
    );
    // 32 of them fit: 32 * 63 - 1 = 2015.
    assert!(
        pod(
            "",
            &format!(
                "  dnsPolicy: None\n  dnsConfig: {{nameservers: [10.0.0.10], searches: [{}]}}\n",
                searches[..32].join(", ")
            )
        )
        .is_ok()
    );
    assert_eq!(
        deployment("", "          dnsConfig: {nameservers: [1.1.1.256]}\n"),
        format!(
            "Deployment.apps \"web\" is invalid: spec.template.spec.dnsConfig.nameservers[0]: Invalid value: \"1.1.1.256\": {NOT_AN_IP}"
        )
    );
}

/// `validateReadinessGates` and `validateSchedulingGates`, after the DNS
/// config and before the spread constraints: condition types and gate
/// names are qualified names (a gate's errors at the gate's path), no
/// gate twice (which an apply cannot send: its list is keyed by name,
/// and structured-merge-diff refuses the duplicate first).
#[test]
fn readiness_and_scheduling_gates() {
    assert_eq!(
        error(
            "",
            "  readinessGates: [{conditionType: example.com/ready}, {conditionType: ''}]\n  schedulingGates: [{name: example.com/quota}, {name: example.com/quota}, {name: -gate}]\n  topologySpreadConstraints: [{maxSkew: 0, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}]\n"
        ),
        format!(
            "[spec.readinessGates[1].conditionType: Invalid value: \"\": name part must be non-empty, \
            spec.readinessGates[1].conditionType: Invalid value: \"\": {NAME_PART}, \
            spec.schedulingGates[1]: Duplicate value: \"example.com/quota\", \
            spec.schedulingGates[2]: Invalid value: \"-gate\": {NAME_PART}, \
            spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero]"
        )
    );
    assert_eq!(
        deployment(
            "",
            "          readinessGates: [{conditionType: 'ready now'}]\n          schedulingGates: [{name: a}, {name: 'b c'}]\n"
        ),
        format!(
            "Deployment.apps \"web\" is invalid: [spec.template.spec.readinessGates[0].conditionType: Invalid value: \"ready now\": {NAME_PART}, \
            spec.template.spec.schedulingGates[1]: Invalid value: \"b c\": {NAME_PART}]"
        )
    );
    assert!(
        pod(
            "",
            "  readinessGates: [{conditionType: www.example.com/feature-1}]\n  schedulingGates: [{name: example.com/quota}, {name: gate}]\n"
        )
        .is_ok()
    );
}

/// On a Pod's update the new spec is validated too (`ValidatePodUpdate`
/// runs `ValidatePodSpec` first): a gate may only be removed
/// (`validateOnlyDeletedSchedulingGates`), and what is left may not
/// repeat one.
#[test]
fn scheduling_gates_on_update() {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let kind = super::super::KindValidation::for_kind("v1", "Pod", table).unwrap();
    let p = |gates: &str| {
        crate::yaml::parse(&format!(
            "metadata: {{name: p}}\nspec: {{containers: [{{name: a, image: x}}], schedulingGates: {gates}}}"
        ))
        .unwrap()
        .value
    };
    use crate::schema::Validator;
    assert_eq!(
        kind.validate(
            Some(&p("[{name: a}, {name: b}]")),
            &p("[{name: a}, {name: a}, {name: 'c d'}]")
        )
        .unwrap_err(),
        format!(
            "Pod \"p\" is invalid: [spec.schedulingGates[1]: Duplicate value: \"a\", \
            spec.schedulingGates[2]: Invalid value: \"c d\": {NAME_PART}, \
            spec.schedulingGates[2].name: Forbidden: only deletion is allowed, but found new scheduling gate 'c d']"
        )
    );
    assert!(
        kind.validate(Some(&p("[{name: a}, {name: b}]")), &p("[{name: b}]"))
            .is_ok()
    );
}

/// `ValidateHostAliases`, after the tolerations and before the priority
/// class: each address one `IsValidIPForLegacyField` takes (strict:
/// StrictIPCIDRValidation is beta and on in 1.36, so an octet's leading
/// zero is refused), each host name a DNS subdomain.
#[test]
fn host_aliases() {
    assert_eq!(
        error(
            "",
            "  tolerations: [{key: gpu, operator: Exists, effect: NoExecut}]\n  hostAliases: [{ip: 10.0.0.300, hostnames: [db.local, My_Host]}, {ip: 010.0.0.1, hostnames: [legacy]}, {hostnames: [x]}]\n  priorityClassName: High\n"
        ),
        format!(
            "[spec.tolerations[0].effect: Unsupported value: \"NoExecut\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\", \
            spec.hostAliases[0].ip: Invalid value: \"10.0.0.300\": {NOT_AN_IP}, \
            spec.hostAliases[0].hostnames[1]: Invalid value: \"My_Host\": {SUBDOMAIN}, \
            spec.hostAliases[1].ip: Invalid value: \"010.0.0.1\": must not have leading 0s, \
            spec.hostAliases[2].ip: Invalid value: \"\": {NOT_AN_IP}, \
            spec.priorityClassName: Invalid value: \"High\": {SUBDOMAIN}]"
        )
    );
    assert_eq!(
        deployment(
            "",
            "          hostAliases: [{ip: '2001:db8::1', hostnames: [foo.local, Bar]}]\n"
        ),
        format!(
            "Deployment.apps \"web\" is invalid: spec.template.spec.hostAliases[0].hostnames[1]: Invalid value: \"Bar\": {SUBDOMAIN}"
        )
    );
    assert!(
        pod(
            "",
            "  hostAliases: [{ip: 127.0.0.1, hostnames: [foo.local, bar.local]}, {ip: 'fe80::1'}]\n"
        )
        .is_ok()
    );
}

/// `validatePodAffinityTerm`'s `ValidateMatchLabelKeysAndMismatchLabelKeys`
/// (MatchLabelKeysInPodAffinity, GA), after the namespaces and before the
/// topology key: keys only beside a label selector, each a label name
/// (match keys, then mismatch keys); a match key whose selector holds an
/// expression of its key after the same key, at the term's path indexed
/// by the key (as upstream builds it); a key in both lists.
#[test]
fn pod_affinity_label_keys() {
    let term = |fields: &str| {
        format!(
            "  affinity:\n    podAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n      - {{topologyKey: zone, {fields}}}\n"
        )
    };
    let at = "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]";
    assert_eq!(
        error(
            "",
            &term("matchLabelKeys: [app], mismatchLabelKeys: [tier]")
        ),
        format!(
            "[{at}.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set, \
            {at}.mismatchLabelKeys: Forbidden: must not be specified when labelSelector is not set]"
        )
    );
    assert_eq!(
        error(
            "",
            &term(
                "labelSelector: {matchLabels: {tier: web}, matchExpressions: [{key: tier, operator: In, values: [web]}]}, matchLabelKeys: ['a b', tier, app], mismatchLabelKeys: [app, b_], namespaces: [Bad]"
            )
        ),
        format!(
            "[{at}.namespace: Invalid value: \"Bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), \
            {at}.matchLabelKeys[0]: Invalid value: \"a b\": {NAME_PART}, \
            {at}.mismatchLabelKeys[1]: Invalid value: \"b_\": {NAME_PART}, \
            {at}[1]: Invalid value: \"tier\": exists in both matchLabelKeys and labelSelector, \
            {at}.matchLabelKeys[2]: Invalid value: \"app\": exists in both matchLabelKeys and mismatchLabelKeys]"
        )
    );
    assert!(
        pod(
            "",
            &term("labelSelector: {matchExpressions: [{key: tier, operator: Exists}]}, matchLabelKeys: [tier, app], mismatchLabelKeys: [team]")
        )
        .is_ok()
    );
}

/// `validateTopologySpreadConstraints` with MatchLabelKeysInPodTopologySpread
/// and MatchLabelKeysInPodTopologySpreadSelectorMerge (beta and on):
/// `ValidateMatchLabelKeysAndMismatchLabelKeys` of the constraint, before
/// its label selector; a Pod's keys are merged into its selector first
/// (`key In (value)` of its own label), so a key the selector already
/// has is refused.
#[test]
fn topology_spread_match_label_keys() {
    let constraint = |fields: &str| {
        format!(
            "  topologySpreadConstraints:\n  - {{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, {fields}}}\n"
        )
    };
    assert_eq!(
        error("", &constraint("matchLabelKeys: [app]")),
        "spec.topologySpreadConstraints[0].matchLabelKeys: Forbidden: must not be specified when labelSelector is not set"
    );
    assert_eq!(
        error(
            "",
            &constraint(
                "matchLabelKeys: [app], labelSelector: {matchLabels: {app: web}, matchExpressions: [{key: app, operator: In, values: [web]}, {key: x, operator: Bad}]}"
            )
        ),
        "[spec.topologySpreadConstraints[0][0]: Invalid value: \"app\": exists in both matchLabelKeys and labelSelector, \
        spec.topologySpreadConstraints[0].labelSelector.matchExpressions[1].operator: Invalid value: \"Bad\": not a valid selector operator]"
    );
    // A template is not merged: its selector may name the key once.
    assert_eq!(
        deployment(
            "",
            "          topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, matchLabelKeys: [app], labelSelector: {matchLabels: {app: web}}}]\n"
        ),
        "Applied"
    );
    // A Pod is: its label joins the selector, which already has the key.
    let text = "scenario: v1\nname: t\nschema: {builtin: v1/Pod}\nsteps:\n- manager: m\n  op: apply\n  object:\n    apiVersion: v1\n    kind: Pod\n    metadata: {name: p, namespace: d, labels: {app: web}}\n    spec:\n      topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, matchLabelKeys: [app], labelSelector: {matchLabels: {app: web}}}]\n      containers: [{name: app, image: nginx}]\n";
    let result = run_scenario_text(text).unwrap();
    assert_eq!(
        result.steps[0].message,
        "Pod \"p\" is invalid: spec.topologySpreadConstraints[0][0]: Invalid value: \"app\": exists in both matchLabelKeys and labelSelector"
    );
}

/// `validatePodHostName` (HostnameOverride, beta and on since 1.35), after
/// `validateHostUsers` and before the service account's name: not beside
/// `setHostnameAsFQDN: true` or `hostNetwork`, at most 64 bytes, a DNS
/// subdomain.
#[test]
fn host_name_override() {
    let long = "a".repeat(65);
    assert_eq!(
        error(
            "",
            &format!(
                "  hostnameOverride: {long}\n  setHostnameAsFQDN: true\n  hostNetwork: true\n  serviceAccountName: Web\n"
            )
        ),
        format!(
            "[spec.hostnameOverride: Forbidden: may not be specified when setHostnameAsFQDN is true, \
            spec.hostnameOverride: Forbidden: may not be specified when hostNetwork is true, \
            spec.hostnameOverride: Too long: may not be more than 64 bytes, \
            spec.serviceAccountName: Invalid value: \"Web\": {SUBDOMAIN}]"
        )
    );
    assert_eq!(
        error("", "  hostnameOverride: Web_1\n"),
        format!("spec.hostnameOverride: Invalid value: \"Web_1\": {SUBDOMAIN}")
    );
    assert!(pod("", "  hostnameOverride: web-1.example\n").is_ok());
}
