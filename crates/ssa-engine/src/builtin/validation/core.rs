//! The parts of `pkg/apis/core/validation/validation.go` a manifest most
//! often gets wrong: `ValidatePodTemplateSpec` (template labels, then the
//! pod spec), and in `ValidatePodSpec` the containers after the volumes,
//! in upstream's order: `validateContainers` (required;
//! `validateContainerCommon`'s name, image, ports, environment, volume
//! `envFrom`, volume mounts (`volumes`), pull policy and resources
//! (`resources`); unique names; the lifecycle hooks and probes, `probes`;
//! the container's restart policy), then `validateInitContainers` (the
//! common rules, the restart policy, unique names, and hooks and probes
//! only for a sidecar), then `validateEphemeralContainers` (the common
//! rules and the fields an ephemeral container may not set); and
//! `ValidatePodUpdate`'s rule that a Pod's spec is immutable but for a
//! few fields. The common rules end with the security context
//! (`ValidateSecurityContext`, `security`). A ReplicationController's
//! spec is here too, as upstream has it.
//!
//! Not modelled of a container: `volumeDevices`, the resize policy and
//! the restart rules' own fields.

use super::field::{
    BadValue, Errors, FieldError, child, index, invalid, invalid_each, named, non_negative,
    not_found, required, too_long,
};
use super::{at, items, meta, names, podspec, probes, resources, security, text, volumes};
use crate::value::{Map, Value};

/// `ValidatePodTemplateSpec` at `path` (`spec.template`): the template's
/// labels and annotations, then its pod spec, then no ephemeral
/// containers.
pub(super) fn pod_template_spec(template: Option<&Value>, path: &str) -> Vec<FieldError> {
    let meta_of = |key: &str| template.and_then(|t| t.get_path(&["metadata", key]));
    let mut errs = meta::labels(meta_of("labels"), &child(path, "labels"));
    errs.extend(meta::annotations(
        meta_of("annotations"),
        &child(path, "annotations"),
    ));
    let spec = template.and_then(|t| t.get("spec"));
    let spec_path = child(path, "spec");
    errs.extend(pod_spec(spec, &spec_path));
    if !items(spec.and_then(|s| s.get("ephemeralContainers"))).is_empty() {
        errs.forbidden(
            child(&spec_path, "ephemeralContainers"),
            "ephemeral containers not allowed in pod template",
        );
    }
    errs
}

/// `ValidatePodSpec`: the volumes, then the containers, then the init
/// containers, then the pod-level fields (`podspec`).
pub(super) fn pod_spec(spec: Option<&Value>, path: &str) -> Vec<FieldError> {
    let list = |key: &str| items(spec.and_then(|s| s.get(key)));
    let (mut errs, volumes) =
        volumes::volumes(spec.and_then(|s| s.get("volumes")), &child(path, "volumes"));
    let path_of = |key: &str| child(path, key);
    // validatePodResourceClaims, and the names the containers' and the
    // pod's `resources.claims` may give (`gatherPodResourceClaimNames`).
    let claims = resources::pod_resource_claims(
        &mut errs,
        list("resourceClaims"),
        &path_of("resourceClaims"),
    );
    if list("containers").is_empty() {
        errs.required(path_of("containers"), "");
    }
    // validateSleepAction's bound (defaulted to 30; unset, unchecked).
    let grace = spec
        .and_then(|s| s.get("terminationGracePeriodSeconds"))
        .and_then(Value::as_i64);
    // The pod's hostUsers, true unless false.
    let host_users = spec.and_then(|s| s.get("hostUsers")) != Some(&Value::Bool(false));
    // validateContainers, then validateInitContainers. Names are unique
    // among the regular containers, then among the regular and the init
    // containers.
    let mut names_seen: Vec<&str> = Vec::new();
    for (init, key) in [(false, "containers"), (true, "initContainers")] {
        for (i, c) in list(key).iter().enumerate() {
            let at = index(&path_of(key), i);
            errs.extend(container_common(c, &volumes, &claims, &at, host_users));
            if init {
                restart_policy(&mut errs, c, &at);
            }
            let name = text(c, "name");
            if names_seen.contains(&name) {
                errs.duplicate(child(&at, "name"), BadValue::str(name));
            } else if !init || !name.is_empty() {
                names_seen.push(name);
            }
            // An init container's host ports are checked alone (and, as
            // upstream has it, at index 0).
            if init {
                host_ports(&mut errs, std::slice::from_ref(c), &path_of(key));
            }
            // Hooks and probes are a regular or sidecar container's (an
            // init container restarted always).
            if !init || text(c, "restartPolicy") == "Always" {
                errs.extend(probes::lifecycle(c, &at, grace));
                errs.extend(probes::probes(c, &at));
            } else {
                for hook in [
                    "lifecycle",
                    "livenessProbe",
                    "readinessProbe",
                    "startupProbe",
                ] {
                    if c.get(hook).is_some_and(|v| !v.is_null()) {
                        errs.forbidden(
                            child(&at, hook),
                            "may not be set for init containers without restartPolicy=Always",
                        );
                    }
                }
            }
            if !init {
                restart_policy(&mut errs, c, &at);
            }
        }
        if !init {
            host_ports(&mut errs, list(key), &path_of(key));
        }
    }
    ephemeral_containers(&mut errs, spec, &volumes, &claims, path, host_users);
    if let Some(spec) = spec {
        errs.extend(resources::pod_resources(spec, &claims, path));
    }
    // validatePodHostNetworkDeps: on the host network a regular
    // container's hostPort is its containerPort (a Pod's is defaulted to
    // it; a template's may stay 0).
    if spec.is_some_and(|s| s.get("hostNetwork") == Some(&Value::Bool(true))) {
        each_port(list("containers"), &path_of("containers"), |p, at| {
            let (host, port) = (int(p, "hostPort"), int(p, "containerPort"));
            if host != 0 && host != port {
                errs.invalid(
                    at,
                    BadValue::Int(host),
                    "must match `containerPort` when `hostNetwork` is true",
                );
            }
        });
    }
    if let Some(spec) = spec {
        errs.extend(podspec::pod_fields(spec, path));
    }
    errs
}

fn int(object: &Value, key: &str) -> i64 {
    object.get(key).and_then(Value::as_i64).unwrap_or(0)
}

/// `f` of each port of `containers` (at `path`) with its `hostPort`'s path.
fn each_port(containers: &[Value], path: &str, mut f: impl FnMut(&Value, String)) {
    for (i, c) in containers.iter().enumerate() {
        let ports = child(&index(path, i), "ports");
        for (j, p) in items(c.get("ports")).iter().enumerate() {
            f(p, child(&index(&ports, j), "hostPort"));
        }
    }
}

/// `checkHostPortConflicts` (`AccumulateUniqueHostPorts`): no two set
/// host ports of `containers` with the same protocol and host IP.
fn host_ports(errs: &mut Vec<FieldError>, containers: &[Value], path: &str) {
    let mut seen = Vec::new();
    each_port(containers, path, |p, at| {
        let port = int(p, "hostPort");
        let key = format!("{}/{}/{port}", text(p, "protocol"), text(p, "hostIP"));
        if port == 0 {
            return;
        }
        if seen.contains(&key) {
            errs.duplicate(at, BadValue::Str(key));
        } else {
            seen.push(key);
        }
    });
}

/// What an ephemeral container may not set (`allowedEphemeralContainerFields`,
/// in the struct's field order; fields it does not list are refused too).
const EPHEMERAL_FORBIDDEN: [&str; 9] = [
    "ports",
    "resources",
    "resizePolicy",
    "restartPolicy",
    "restartPolicyRules",
    "livenessProbe",
    "readinessProbe",
    "startupProbe",
    "lifecycle",
];

/// `validateEphemeralContainers` (a pod template's too): the common
/// rules, `validateContainerOnlyForPod`'s image, a name unique among all
/// containers, a target among the others, no field of
/// [`EPHEMERAL_FORBIDDEN`] (set: not its zero value) and no sub-paths.
fn ephemeral_containers(
    errs: &mut Vec<FieldError>,
    spec: Option<&Value>,
    volumes: &[String],
    claims: &[&str],
    path: &str,
    host_users: bool,
) {
    let list = |key: &str| items(spec.and_then(|s| s.get(key)));
    let others: Vec<&str> = list("containers")
        .iter()
        .chain(list("initContainers"))
        .map(|c| text(c, "name"))
        .collect();
    let mut all = others.clone();
    const DETAIL: &str = "cannot be set for an Ephemeral Container";
    for (i, c) in list("ephemeralContainers").iter().enumerate() {
        let at = index(&child(path, "ephemeralContainers"), i);
        errs.extend(container_common(c, volumes, claims, &at, host_users));
        super::pod::padded_image(errs, c, child(&at, "image"));
        let name = text(c, "name");
        if all.contains(&name) {
            errs.duplicate(child(&at, "name"), BadValue::str(name));
        } else {
            all.push(name);
        }
        let target = text(c, "targetContainerName");
        if !target.is_empty() && !others.contains(&target) {
            errs.push(not_found(
                child(&at, "targetContainerName"),
                BadValue::str(target),
            ));
        }
        for key in EPHEMERAL_FORBIDDEN {
            // A struct (resources) is its zero value when none of its
            // fields is set; anything else when it is not null.
            let set = match c.get(key) {
                Some(Value::Map(m)) if key == "resources" => m.values().any(|v| !v.is_null()),
                Some(v) => !v.is_null(),
                None => false,
            };
            if set {
                errs.forbidden(child(&at, key), DETAIL);
            }
        }
        for (j, mount) in items(c.get("volumeMounts")).iter().enumerate() {
            for key in ["subPath", "subPathExpr"] {
                if !text(mount, key).is_empty() {
                    let mount_at = index(&child(&at, "volumeMounts"), j);
                    errs.forbidden(child(&mount_at, key), DETAIL);
                }
            }
        }
    }
}

/// `validateContainerRestartPolicy`, as 1.36 runs it for every container
/// (ContainerRestartRules, beta and on since 1.35: an init container may
/// also be `Never` or `OnFailure`, a regular one may set it at all): a
/// known policy, and one given when there are restart rules; at most 20
/// rules, each of the action `Restart` or `RestartAllContainers`
/// (RestartAllContainersOnContainerExits, beta and on since 1.36,
/// kube_features.go of the 1.37 cycle) with exit codes of an `In` or
/// `NotIn` operator and at most 255 values.
fn restart_policy(errs: &mut Vec<FieldError>, c: &Value, at: &str) {
    let path = child(at, "restartPolicy");
    let valid = ["Always", "Never", "OnFailure"];
    let rules = items(c.get("restartPolicyRules"));
    match c.get("restartPolicy").and_then(Value::as_str) {
        None if !rules.is_empty() => errs.required(
            path,
            "must specify restartPolicy when restart rules are used",
        ),
        Some(policy) if !valid.contains(&policy) => {
            errs.not_supported(path, named(policy), &valid);
        }
        _ => {}
    }
    #[cfg(feature = "rare-kinds")]
    restart_rules(errs, rules, at);
}

/// `validateContainerRestartPolicy`'s checks of the rules themselves (the
/// `rare-kinds` feature: the page asks the API package about a write
/// that has restart rules, see `RarePodFields`).
#[cfg(feature = "rare-kinds")]
fn restart_rules(errs: &mut Vec<FieldError>, rules: &[Value], at: &str) {
    let list = child(at, "restartPolicyRules");
    if rules.len() > 20 {
        errs.push(super::field::too_many(&list, rules.len(), 20));
    }
    // RestartAllContainersOnContainerExits (beta and on since 1.36) adds
    // RestartAllContainers.
    const ACTIONS: [&str; 2] = ["Restart", "RestartAllContainers"];
    for (i, rule) in rules.iter().enumerate() {
        let rule_at = index(&list, i);
        let action = text(rule, "action");
        if !ACTIONS.contains(&action) {
            errs.not_supported(child(&rule_at, "action"), named(action), &ACTIONS);
        }
        let path = child(&rule_at, "exitCodes");
        let Some(codes) = super::at(Some(rule), "exitCodes") else {
            errs.required(path, "must be specified");
            continue;
        };
        let operator = text(codes, "operator");
        if !["In", "NotIn"].contains(&operator) {
            errs.not_supported(child(&path, "operator"), named(operator), &["In", "NotIn"]);
        }
        let values = items(codes.get("values")).len();
        if values > 255 {
            errs.push(super::field::too_many(&child(&path, "values"), values, 255));
        }
    }
}

/// `validateContainerCommon`, against the pod's valid `volumes`; its
/// security context last (`security`).
fn container_common(
    c: &Value,
    volumes: &[String],
    claims: &[&str],
    at: &str,
    host_users: bool,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let name = text(c, "name");
    if name.is_empty() {
        errs.required(child(at, "name"), "");
    } else {
        invalid_each(
            &mut errs,
            &child(at, "name"),
            name,
            names::dns1123_label(name),
        );
    }
    if c.get("image")
        .and_then(Value::as_str)
        .unwrap_or("")
        .is_empty()
    {
        errs.required(child(at, "image"), "");
    }
    // Defaulted to File, so only a wrong value.
    if let Some(policy) = c.get("terminationMessagePolicy").and_then(Value::as_str)
        && !matches!(policy, "File" | "FallbackToLogsOnError")
    {
        errs.not_supported(
            child(at, "terminationMessagePolicy"),
            named(policy),
            &["File", "FallbackToLogsOnError"],
        );
    }
    errs.extend(ports(c.get("ports"), &child(at, "ports")));
    errs.extend(env(c.get("env"), &child(at, "env")));
    env_from(&mut errs, c.get("envFrom"), &child(at, "envFrom"));
    errs.extend(volumes::volume_mounts(
        c.get("volumeMounts"),
        volumes,
        &child(at, "volumeMounts"),
    ));
    // validatePullPolicy (defaulted, so only a wrong value).
    if let Some(policy) = c.get("imagePullPolicy").and_then(Value::as_str)
        && !matches!(policy, "Always" | "IfNotPresent" | "Never")
    {
        errs.not_supported(
            child(at, "imagePullPolicy"),
            named(policy),
            &["Always", "IfNotPresent", "Never"],
        );
    }
    errs.extend(resources::resource_requirements(
        c.get("resources"),
        &child(at, "resources"),
        false,
        claims,
    ));
    security::container(&mut errs, c, at, host_users);
    errs
}

/// `validateContainerPorts`: port names valid and unique in the
/// container, a port number given.
fn ports(list: Option<&Value>, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (i, p) in items(list).iter().enumerate() {
        let at = index(path, i);
        let name = text(p, "name");
        if !name.is_empty() {
            let msgs = port_name(name);
            if !msgs.is_empty() {
                invalid_each(&mut errs, &child(&at, "name"), name, msgs);
            } else if seen.contains(&name) {
                errs.duplicate(child(&at, "name"), BadValue::str(name));
            } else {
                seen.push(name);
            }
        }
        match p.get("containerPort").and_then(Value::as_i64) {
            None | Some(0) => errs.required(child(&at, "containerPort"), ""),
            Some(n) if !(1..=65535).contains(&n) => {
                errs.invalid(child(&at, "containerPort"), BadValue::Int(n), PORT_RANGE)
            }
            Some(_) => {}
        }
        let host = int(p, "hostPort");
        if host != 0 && !(1..=65535).contains(&host) {
            errs.invalid(child(&at, "hostPort"), BadValue::Int(host), PORT_RANGE);
        }
        protocol(&mut errs, p, &child(&at, "protocol"));
    }
    errs
}

/// `ValidateEnv`: a name (`IsRelaxedEnvVarName`, 1.34's rule), and
/// `validateEnvVarValueFrom`: each source's own rules (`env_source`),
/// then one source, not beside a `value`.
fn env(list: Option<&Value>, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (i, var) in items(list).iter().enumerate() {
        let at = index(path, i);
        let name = text(var, "name");
        let name_path = child(&at, "name");
        if name.is_empty() {
            errs.required(name_path, "");
        } else if !relaxed_env_name(name) {
            errs.invalid(name_path, BadValue::str(name), RELAXED_ENV_NAME);
        }
        let Some(from) = var.get("valueFrom").filter(|v| v.as_map().is_some()) else {
            continue;
        };
        let from_path = child(&at, "valueFrom");
        let mut sources = 0;
        for key in [
            "fieldRef",
            "resourceFieldRef",
            "configMapKeyRef",
            "secretKeyRef",
            "fileKeyRef",
        ] {
            if let Some(source) = from.get(key).filter(|v| !v.is_null()) {
                sources += 1;
                env_source(&mut errs, key, source, &child(&from_path, key));
            }
        }
        let detail = if sources == 0 {
            // The list names fileKeyRef while the EnvFiles gate is on
            // (beta and on since 1.35).
            "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`"
        } else if !text(var, "value").is_empty() {
            "may not be specified when `value` is not empty"
        } else if sources > 1 {
            "may not have more than one field specified at a time"
        } else {
            continue;
        };
        errs.invalid(from_path, BadValue::str(""), detail);
    }
    errs
}

/// `ValidateEnvFrom`: a prefix that is an environment variable name
/// (`IsRelaxedEnvVarName`: RelaxedEnvironmentVariableValidation, GA and
/// locked since 1.34), each source's name (`validateConfigMapEnvSource`,
/// `validateSecretEnvSource`: required, a DNS subdomain with a trailing
/// dash allowed, as `NameIsDNSSubdomain` with `prefix` has it), then one
/// source (the error at the list's path, as upstream has it).
fn env_from(errs: &mut Vec<FieldError>, list: Option<&Value>, path: &str) {
    for (i, source) in items(list).iter().enumerate() {
        let at = index(path, i);
        let prefix = text(source, "prefix");
        if !relaxed_env_name(prefix) {
            errs.invalid(
                child(&at, "prefix"),
                BadValue::str(prefix),
                RELAXED_ENV_NAME,
            );
        }
        let mut sources = 0;
        for key in ["configMapRef", "secretRef"] {
            let Some(reference) = source.get(key).filter(|v| !v.is_null()) else {
                continue;
            };
            sources += 1;
            let name = text(reference, "name");
            let name_path = child(&child(&at, key), "name");
            if name.is_empty() {
                errs.required(name_path, "");
            } else {
                invalid_each(
                    errs,
                    &name_path,
                    name,
                    names::dns1123_subdomain(&names::mask_trailing_dash(name)),
                );
            }
        }
        let detail = match sources {
            0 => "must specify one of: `configMapRef` or `secretRef`",
            1 => continue,
            _ => "may not have more than one field specified at a time",
        };
        errs.invalid(path, BadValue::str(""), detail);
    }
}

/// `IsRelaxedEnvVarName`: printable ASCII but `=` (an empty text passes).
fn relaxed_env_name(name: &str) -> bool {
    name.bytes()
        .all(|b| (b' '..=b'~').contains(&b) && b != b'=')
}

/// `IsRelaxedEnvVarName`'s message.
const RELAXED_ENV_NAME: &str = "a valid environment variable name must consist only of printable ASCII characters other than '='";

/// The labels `ConvertDownwardAPIFieldLabel` converts: first the
/// [`ENV_FIELD_PATHS`] of `validEnvDownwardAPIFieldPathExpressions`
/// (sorted, as the message lists them), then those an environment
/// variable may not use, of which [`ANNOTATIONS`] and [`LABELS`] take a
/// subscript. One table: a second costs the page a pointer per entry.
const FIELD_LABELS: [&str; 14] = [
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.serviceAccountName",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
    "metadata.annotations",
    "metadata.labels",
    "spec.restartPolicy",
    "spec.schedulerName",
    "status.phase",
];
/// How many of [`FIELD_LABELS`] an environment variable may use.
const ENV_FIELD_PATHS: usize = 9;
/// Where `metadata.annotations` and `metadata.labels` are in
/// [`FIELD_LABELS`].
const ANNOTATIONS: usize = 9;
const LABELS: usize = 10;

/// The rules of the environment variable source `key` at `at`:
/// `validateObjectFieldSelector` (a field path given, that
/// `ConvertDownwardAPIFieldLabel` converts: a label or annotation
/// subscript, or else a path an environment variable may use),
/// `validateContainerResourceFieldSelector` (a resource given, a
/// container's limit or request), `validateConfigMapKeySelector` and
/// `validateSecretKeySelector` (a name that is a DNS subdomain, even an
/// empty one; a key given that is a config key).
///
/// `validateObjectFieldSelector` also refuses an API version other than
/// `v1` and a label or annotation subscript that is not a qualified name.
///
/// `validateFileKeySelector` (EnvFiles, beta and on since 1.35): a key
/// that is an environment variable name, a volume name that is a DNS
/// label, a path without `..`; its volume's rule is the pod's
/// (`podspec::file_key_ref_volumes`).
///
/// Not modelled: a `resourceFieldRef`'s divisor.
fn env_source(errs: &mut Vec<FieldError>, key: &str, source: &Value, at: &str) {
    let field = |key: &str| text(source, key);
    match key {
        "fieldRef" => {
            let field_path = field("fieldPath");
            let path_at = child(at, "fieldPath");
            // fieldpath.SplitMaybeSubscriptedPath: `path['subscript']`.
            let (subscripted_path, subscript) = field_path
                .strip_suffix("']")
                .and_then(|s| s.split_once("['"))
                .unwrap_or_default();
            let subscripted = !subscripted_path.is_empty();
            let path = match field_path {
                // An old client's spelling.
                "spec.host" => "spec.nodeName",
                _ if subscripted => subscripted_path,
                path => path,
            };
            // What ConvertDownwardAPIFieldLabel refuses: a subscript of
            // other than labels and annotations, a label it does not
            // know (it knows more than an environment variable may use).
            // The API version is defaulted to v1 (an empty one too), so
            // only another one is refused (its `Required` is unreachable).
            let version = field("apiVersion");
            let position = FIELD_LABELS.iter().position(|label| *label == path);
            let (refused, subject) = match position {
                _ if !matches!(version, "" | "v1") => ("unsupported pod version", version),
                Some(LABELS | ANNOTATIONS) if subscripted => ("", ""),
                _ if subscripted => ("field label does not support subscript", field_path),
                Some(_) => ("", ""),
                None => ("field label not supported", field_path),
            };
            if field_path.is_empty() {
                errs.required(path_at, "");
            } else if !refused.is_empty() {
                errs.invalid(
                    path_at,
                    BadValue::str(field_path),
                    &format!("error converting fieldPath: {refused}: {subject}"),
                );
            } else if subscripted {
                // ValidateQualifiedName of the subscript (an annotation's
                // lower-cased: ASCII only, as `meta::annotations` has Go's
                // strings.ToLower, to keep Unicode's tables out of the
                // page), at the fieldRef's path.
                let key = match position {
                    Some(ANNOTATIONS) => subscript.to_ascii_lowercase(),
                    _ => subscript.to_string(),
                };
                invalid_each(errs, at, &key, names::label_key(&key));
            } else if position.is_some_and(|p| p >= ENV_FIELD_PATHS) {
                errs.not_supported(
                    path_at,
                    BadValue::str(path),
                    FIELD_LABELS.get(..ENV_FIELD_PATHS).unwrap_or_default(),
                );
            }
        }
        "resourceFieldRef" => {
            let resource = field("resource");
            let path = child(at, "resource");
            if resource.is_empty() {
                errs.required(path, "");
            } else if !RESOURCE_FIELD_PATHS.contains(&resource)
                && !resource.starts_with("requests.hugepages-")
                && !resource.starts_with("limits.hugepages-")
            {
                errs.not_supported(path, BadValue::str(resource), &RESOURCE_FIELD_PATHS);
            }
        }
        "fileKeyRef" => {
            let (key, volume, path) = (field("key"), field("volumeName"), field("path"));
            let (key_at, volume_at, path_at) =
                (child(at, "key"), child(at, "volumeName"), child(at, "path"));
            if key.is_empty() {
                errs.required(key_at, "");
            } else if !relaxed_env_name(key) {
                errs.invalid(key_at, BadValue::str(key), RELAXED_ENV_NAME);
            }
            if volume.is_empty() {
                errs.required(volume_at, "");
            } else {
                invalid_each(errs, &volume_at, volume, names::dns1123_label(volume));
            }
            if path.is_empty() {
                errs.required(path_at, "");
            } else {
                super::volumes::no_backsteps(errs, path, &path_at);
            }
        }
        _ => {
            let name = field("name");
            invalid_each(
                errs,
                &child(at, "name"),
                name,
                names::dns1123_subdomain(name),
            );
            let key = field("key");
            let key_path = child(at, "key");
            if key.is_empty() {
                errs.required(key_path, "");
            } else {
                invalid_each(errs, &key_path, key, names::config_map_key(key));
            }
        }
    }
}

/// A port's protocol: required (defaulted to TCP), and supported.
fn protocol(errs: &mut Vec<FieldError>, port: &Value, path: &str) {
    match text(port, "protocol") {
        "" => errs.required(path, ""),
        "TCP" | "UDP" | "SCTP" => {}
        other => errs.not_supported(path, named(other), &["SCTP", "TCP", "UDP"]),
    }
}

/// `ValidatePortNumOrName` of an IntOrString at `path`.
pub(super) fn port_num_or_name(port: &Value, path: &str) -> Vec<FieldError> {
    match port {
        Value::String(name) => {
            let mut errs = Vec::new();
            invalid_each(&mut errs, path, name, port_name(name));
            errs
        }
        number => {
            let n = number.as_i64().unwrap_or(0);
            if (1..=65535).contains(&n) {
                vec![]
            } else {
                vec![invalid(path, BadValue::Int(n), PORT_RANGE)]
            }
        }
    }
}

/// `IsValidPortName` (apimachinery `pkg/util/validation`).
fn port_name(port: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if port.len() > 15 {
        errs.push("must be no more than 15 characters".to_string());
    }
    let b = port.as_bytes();
    if !b
        .iter()
        .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
    {
        errs.push(
            "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)".to_string(),
        );
    }
    if !b.iter().any(u8::is_ascii_lowercase) {
        errs.push("must contain at least one letter (a-z)".to_string());
    }
    if port.contains("--") {
        errs.push("must not contain consecutive hyphens".to_string());
    }
    if b.first() == Some(&b'-') || b.last() == Some(&b'-') {
        errs.push("must not begin or end with a hyphen".to_string());
    }
    errs
}

/// What a workload's pod template must also be (the end of
/// `ValidatePodTemplateSpecForReplicaSet`, `ValidateDaemonSetSpec`,
/// `ValidateStatefulSetSpec`): restarted always, and without an
/// `activeDeadlineSeconds` (`workload` names the kind in the message;
/// a Deployment's is a ReplicaSet's).
pub(super) fn replicated_pod(template: Option<&Value>, workload: &str) -> Vec<FieldError> {
    let spec = template.and_then(|t| t.get("spec"));
    let policy = spec
        .and_then(|s| s.get("restartPolicy"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let mut errs = Vec::new();
    if policy != "Always" {
        errs.not_supported(
            "spec.template.spec.restartPolicy",
            named(policy),
            &["Always"],
        );
    }
    if spec
        .and_then(|s| s.get("activeDeadlineSeconds"))
        .is_some_and(|v| !v.is_null())
    {
        errs.forbidden(
            "spec.template.spec.activeDeadlineSeconds",
            &format!("activeDeadlineSeconds in {workload} is not Supported"),
        );
    }
    errs
}

/// `ValidateReplicationControllerSpec`: a ReplicationController's selector
/// is a plain label map, which may not be empty and must match the
/// template's labels (`ValidateNonEmptySelector`,
/// `ValidatePodTemplateSpecForRC`); pods restart always. Its status is a
/// ReplicaSet's (`ValidateReplicationControllerStatus`).
pub(super) fn replication_controller(object: &Value) -> Vec<FieldError> {
    let spec = object.get("spec");
    let mut errs = non_negative(spec, "spec", &["minReadySeconds"]);
    let selector = at(spec, "selector")
        .and_then(Value::as_map)
        .filter(|m| !m.is_empty());
    if selector.is_none() {
        errs.required("spec.selector", "");
    }
    errs.extend(non_negative(spec, "spec", &["replicas"]));
    let Some(template) = at(spec, "template") else {
        errs.required("spec.template", "");
        return errs;
    };
    let labels = template
        .get_path(&["metadata", "labels"])
        .and_then(Value::as_map);
    if let Some(selector) = selector
        && !selector
            .iter()
            .all(|(k, v)| labels.and_then(|l| l.get(k)) == Some(v))
    {
        errs.push(super::apps::labels_mismatch(Some(template)));
    }
    errs.extend(pod_template_spec(Some(template), "spec.template"));
    errs.extend(replicated_pod(Some(template), "ReplicationController"));
    errs
}

/// An object's `spec` without the fields an update may change: what
/// upstream's update validation compares after copying them from the old
/// object.
pub(super) fn spec_without(object: &Value, mutable: &[&str]) -> Value {
    let mut spec = object.get("spec").cloned().unwrap_or(Value::Null);
    if let Some(m) = spec.as_map_mut() {
        for key in mutable {
            m.remove(key);
        }
    }
    spec
}

/// `validateServicePort` for the `i`th of a Service's ports: a name
/// (required when there are several, a DNS label, not twice: `seen`
/// holds those before), a port number, a supported protocol, a valid target
/// port and application protocol.
#[cfg(feature = "rare-kinds")]
pub(super) fn service_port(
    p: &Value,
    require_name: bool,
    seen: &mut Vec<String>,
    i: usize,
) -> Vec<FieldError> {
    let at = |k: &str| format!("spec.ports[{i}].{k}");
    let mut errs = Vec::new();
    let name = p.get("name").and_then(Value::as_str).unwrap_or("");
    if name.is_empty() {
        if require_name {
            errs.required(at("name"), "");
        }
    } else {
        invalid_each(&mut errs, &at("name"), name, names::dns1123_label(name));
        if seen.iter().any(|n| n == name) {
            errs.duplicate(at("name"), BadValue::str(name));
        } else {
            seen.push(name.to_string());
        }
    }
    let port = p.get("port").and_then(Value::as_i64).unwrap_or(0);
    if !(1..=65535).contains(&port) {
        errs.invalid(at("port"), BadValue::Int(port), PORT_RANGE);
    }
    protocol(&mut errs, p, &at("protocol"));
    // The defaults make it the port when unset.
    if let Some(target) = p.get("targetPort") {
        errs.extend(port_num_or_name(target, &at("targetPort")));
    }
    // ValidateQualifiedName.
    if let Some(app) = p.get("appProtocol").and_then(Value::as_str) {
        invalid_each(&mut errs, &at("appProtocol"), app, names::label_key(app));
    }
    errs
}

/// `IsValidPortNum`'s message.
const PORT_RANGE: &str = "must be between 1 and 65535, inclusive";

/// The keys of the map at `key` (sorted: upstream walks a Go map), each
/// checked with `IsConfigMapKey`, then, with `twin`, refused when that
/// map has it too (a ConfigMap's `data` beside its `binaryData`).
fn data_keys(object: &Value, key: &str, twin: Option<&str>) -> Vec<FieldError> {
    let Some(map) = object.get(key).and_then(Value::as_map) else {
        return vec![];
    };
    let twin_map = twin.and_then(|t| object.get(t)).and_then(Value::as_map);
    let mut keys: Vec<&String> = map.keys().collect();
    crate::sort::sort(&mut keys);
    let mut errs = Vec::new();
    for k in keys {
        let bad = |m: &str| invalid(format!("{key}[{k}]"), BadValue::Str(k.clone()), m);
        errs.extend(names::config_map_key(k).iter().map(|m| bad(m)));
        if let Some(twin) = twin.filter(|_| twin_map.is_some_and(|t| t.contains_key(k.as_str()))) {
            errs.push(bad(&format!("duplicate of key present in {twin}")));
        }
    }
    errs
}

/// `ValidateConfigMapUpdate`'s and `ValidateSecretUpdate`'s rule for an
/// object marked `immutable: true`: it stays marked and its `fields` stay
/// as they are (`reflect.DeepEqual`: an empty map is not an absent one).
fn immutable_data(new: &Value, old: Option<&Value>, fields: &[&str]) -> Vec<FieldError> {
    const DETAIL: &str = "field is immutable when `immutable` is set";
    let marked = |o: &Value| o.get("immutable") == Some(&Value::Bool(true));
    let Some(old) = old.filter(|o| marked(o)) else {
        return vec![];
    };
    let mut errs = Vec::new();
    if !marked(new) {
        errs.forbidden("immutable", DETAIL);
    }
    for field in fields {
        let present = |o: &Value| o.get(field).filter(|v| !v.is_null()).cloned();
        if present(new) != present(old) {
            errs.forbidden(*field, DETAIL);
        }
    }
    errs
}

/// `ValidateConfigMap` (and `ValidateConfigMapUpdate` first on update):
/// valid keys, none in both `data` and `binaryData`, at most 1 MiB in all.
pub(super) fn config_map(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let mut errs = immutable_data(new, old, &["data", "binaryData"]);
    errs.extend(data_keys(new, "data", Some("binaryData")));
    errs.extend(data_keys(new, "binaryData", None));
    // The path is empty: the error is the whole object's.
    let size = data_size(new, "data", false) + data_size(new, "binaryData", true);
    if size > MAX_SECRET_SIZE {
        errs.push(too_long("", MAX_SECRET_SIZE));
    }
    errs
}

/// `core.MaxSecretSize`, a ConfigMap's limit too: 1 MiB.
const MAX_SECRET_SIZE: usize = 1024 * 1024;

/// The bytes the values of the map at `key` hold: a string's UTF-8
/// bytes, or with `base64` what its base64 text decodes to (a `[]byte`).
fn data_size(object: &Value, key: &str, base64: bool) -> usize {
    let values = object
        .get(key)
        .and_then(Value::as_map)
        .into_iter()
        .flat_map(|m| m.values());
    values
        .filter_map(Value::as_str)
        .map(|text| {
            if !base64 {
                return text.len();
            }
            // Standard padded base64 (the decoder already refused others).
            let padding = text.bytes().rev().take_while(|b| *b == b'=').count().min(2);
            (text.len() / 4 * 3).saturating_sub(padding)
        })
        .sum()
}

/// `ValidateSecret` (after `ValidateSecretUpdate`'s own rules on update)
/// of the internal Secrets the v1 ones convert to ([`internal_secret`]):
/// valid keys, at most 1 MiB of data, and the keys a Secret of a known
/// type must have; a dockercfg or dockerconfigjson Secret's config must
/// be what `json.Unmarshal` takes into a map, or the error is its words.
pub(super) fn secret(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let new = &internal_secret(new);
    let old = old.map(internal_secret);
    let old = old.as_ref();
    let kind = |o: &Value| {
        o.get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let mut errs = Vec::new();
    if let Some(old) = old
        && kind(new) != kind(old)
    {
        errs.invalid(
            "type",
            BadValue::Json(super::field::json_string(&kind(new))),
            "field is immutable",
        );
    }
    errs.extend(immutable_data(new, old, &["data"]));
    errs.extend(data_keys(new, "data", None));
    if data_size(new, "data", true) > MAX_SECRET_SIZE {
        errs.push(too_long("data", MAX_SECRET_SIZE));
    }
    let has = |k: &str| new.get("data").and_then(|d| d.get(k)).is_some();
    let required_key = |k: &str| required(format!("data[{k}]"), "");
    match kind(new).as_str() {
        "kubernetes.io/service-account-token" => {
            let name = new
                .get_path(&[
                    "metadata",
                    "annotations",
                    "kubernetes.io/service-account.name",
                ])
                .and_then(Value::as_str)
                .unwrap_or("");
            if name.is_empty() {
                errs.required(
                    "metadata.annotations[kubernetes.io/service-account.name]",
                    "",
                );
            }
        }
        "kubernetes.io/dockercfg" => docker_config(new, ".dockercfg", &mut errs),
        "kubernetes.io/dockerconfigjson" => docker_config(new, ".dockerconfigjson", &mut errs),
        "kubernetes.io/basic-auth" if !has("username") && !has("password") => {
            errs.push(required_key("username"));
            errs.push(required_key("password"));
        }
        "kubernetes.io/ssh-auth"
            if new
                .get("data")
                .and_then(|d| d.get("ssh-privatekey"))
                .and_then(Value::as_str)
                .is_none_or(str::is_empty) =>
        {
            errs.push(required_key("ssh-privatekey"));
        }
        "kubernetes.io/tls" => {
            for k in ["tls.crt", "tls.key"] {
                if !has(k) {
                    errs.push(required_key(k));
                }
            }
        }
        _ => {}
    }
    errs
}

/// `Convert_v1_Secret_To_core_Secret`: the Secret the validation sees,
/// with each `stringData` value, as bytes, over the `data` value of its
/// key (the internal Secret has no `stringData`; a real server stores
/// the result, which the engine does not model: README's Limitations).
fn internal_secret(secret: &Value) -> Value {
    let mut internal = secret.clone();
    let Value::Map(fields) = &mut internal else {
        return internal;
    };
    let Some(Value::Map(strings)) = fields.remove("stringData") else {
        return internal;
    };
    if strings.is_empty() {
        return internal;
    }
    if !matches!(fields.get("data"), Some(Value::Map(_))) {
        fields.insert("data".to_string(), Value::Map(Map::new()));
    }
    if let Some(Value::Map(data)) = fields.get_mut("data") {
        for (key, value) in strings {
            let text = value.as_str().unwrap_or_default();
            data.insert(
                key,
                Value::String(crate::yaml::encode_base64(text.as_bytes())),
            );
        }
    }
    internal
}

/// A dockercfg or dockerconfigjson Secret's config at `key`: required,
/// and a JSON object (or `null`) as `json.Unmarshal` into a
/// `map[string]interface{}` takes it; the detail is the Go error's text.
fn docker_config(secret: &Value, key: &str, errs: &mut Vec<FieldError>) {
    let path = format!("data[{key}]");
    let Some(config) = secret.get("data").and_then(|d| d.get(key)) else {
        return errs.push(required(path, ""));
    };
    let bytes = crate::yaml::decode_base64(config.as_str().unwrap_or_default()).unwrap_or_default();
    if let Some(message) = crate::builtin::goencoding::json_scanner::unmarshal_map_error(&bytes) {
        errs.push(invalid(
            path,
            BadValue::str("<secret contents redacted>"),
            &message,
        ));
    }
}

#[cfg(test)]
pub(super) mod tests;

/// `validContainerResourceFieldPathExpressions`, sorted (an env var's
/// and a downward API volume's `resourceFieldRef`).
pub(super) const RESOURCE_FIELD_PATHS: [&str; 6] = [
    "limits.cpu",
    "limits.ephemeral-storage",
    "limits.memory",
    "requests.cpu",
    "requests.ephemeral-storage",
    "requests.memory",
];
