//! `ValidatePodSpec`'s checks of the pod-level fields, which upstream
//! runs after the containers (`core.rs`), in its order: the restart and
//! DNS policies, the node selector's labels, the security context
//! (`validatePodSpecSecurityContext`, `security`), the affinity
//! (`validateAffinity`), the DNS config (`validatePodDNSConfig`), the
//! readiness and scheduling gates, the topology spread constraints, the
//! host-process pod's rules (`validateWindowsHostProcessPod`) and the
//! user namespace's (`validateHostUsers`, both `security`), a host name
//! override's (`validatePodHostName`), the names
//! of the service account and the node, the active deadline, the host
//! and subdomain names, the tolerations (`ValidateTolerations`),
//! the host aliases (`ValidateHostAliases`), the priority class's
//! name, the OS and what it forbids (`validateOS`, `validateLinux`,
//! `validateWindows`) and the volumes a `fileKeyRef` reads. The affinity
//! rules, the DNS config, the gates, the host aliases and the OS rules
//! were read in the 1.37 cycle's `validation.go`
//! (AIAgentSandox/kubernetes@64149d12, a fork of master), the feature
//! gates they depend on in its `kube_features.go`.
//!
//! Not modelled (each costs the page's wasm; measured in gzipped bytes
//! where it was written and weighed): the legacy
//! `ValidateMatchLabelKeysInTopologySpread`, which an update keeps for a
//! template whose old spread constraints fail the newer rule; what
//! `security` leaves out of the security context; image pull
//! secrets (a v1 object has nothing but a name to get wrong); the
//! runtime class, preemption policy, overhead
//! and the scheduling group. (Resource claims and pod-level resources
//! are `resources`', checked before these.)

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each, named};
use super::meta::Requirement;
use super::{at, each_container, items, meta, names, security, text};
use crate::value::Value;

pub(super) fn pod_fields(spec: &Value, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let at = |key: &str| child(path, key);
    // validateRestartPolicy, validateDNSPolicy: both defaulted, so only
    // a value they do not know.
    for (key, valid) in [
        ("restartPolicy", &["Always", "OnFailure", "Never"][..]),
        (
            "dnsPolicy",
            &["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"],
        ),
    ] {
        let value = text(spec, key);
        if !value.is_empty() && !valid.contains(&value) {
            errs.not_supported(at(key), named(value), valid);
        }
    }
    errs.extend(meta::labels(spec.get("nodeSelector"), &at("nodeSelector")));
    security::pod(&mut errs, spec, path);
    if let Some(affinity) = spec.get("affinity") {
        affinity_errors(&mut errs, affinity, &at("affinity"));
    }
    dns_config(&mut errs, spec, &at("dnsConfig"));
    // validateReadinessGates: condition types are qualified names.
    for (i, gate) in items(spec.get("readinessGates")).iter().enumerate() {
        let at = child(&index(&at("readinessGates"), i), "conditionType");
        let condition = text(gate, "conditionType");
        invalid_each(&mut errs, &at, condition, names::label_key(condition));
    }
    // validateSchedulingGates: qualified names, none twice (the errors at
    // the gate's path, not its name's).
    let gates = items(spec.get("schedulingGates"));
    for (i, gate) in gates.iter().enumerate() {
        let at = index(&at("schedulingGates"), i);
        let name = text(gate, "name");
        invalid_each(&mut errs, &at, name, names::label_key(name));
        if gates[..i].iter().any(|g| text(g, "name") == name) {
            errs.duplicate(at, BadValue::str(name));
        }
    }
    topology_spread(
        &mut errs,
        spec.get("topologySpreadConstraints"),
        &at("topologySpreadConstraints"),
    );
    #[cfg(feature = "rare-kinds")]
    security::host_process(&mut errs, spec, path);
    security::host_users(&mut errs, spec, path);
    #[cfg(feature = "rare-kinds")]
    host_name_override(&mut errs, spec, &at("hostnameOverride"));
    // ValidateServiceAccountName and ValidateNodeName: DNS subdomains. The
    // internal spec's ServiceAccountName is v1's deprecated
    // `serviceAccount` when `serviceAccountName` is empty
    // (`Convert_v1_PodSpec_To_core_PodSpec`).
    let account = ["serviceAccountName", "serviceAccount"]
        .into_iter()
        .find(|key| !text(spec, key).is_empty())
        .unwrap_or("serviceAccountName");
    let service_account = at("serviceAccountName");
    for (key, path) in [(account, &service_account), ("nodeName", &at("nodeName"))] {
        name_errors(&mut errs, spec, key, path, names::dns1123_subdomain);
    }
    if let Some(&Value::Int(seconds)) = spec.get("activeDeadlineSeconds")
        && !(1..=i64::from(i32::MAX)).contains(&seconds)
    {
        errs.invalid(
            at("activeDeadlineSeconds"),
            BadValue::Int(seconds),
            "must be between 1 and 2147483647, inclusive",
        );
    }
    for key in ["hostname", "subdomain"] {
        name_errors(&mut errs, spec, key, &at(key), names::dns1123_label);
    }
    for (i, toleration) in items(spec.get("tolerations")).iter().enumerate() {
        toleration_errors(&mut errs, toleration, &index(&at("tolerations"), i));
    }
    // ValidateHostAliases: an address (IsValidIPForLegacyField,
    // StrictIPCIDRValidation on: strict), host names that are DNS subdomains.
    for (i, alias) in items(spec.get("hostAliases")).iter().enumerate() {
        let at = index(&at("hostAliases"), i);
        legacy_ip(&mut errs, &child(&at, "ip"), text(alias, "ip"));
        for (j, host) in items(alias.get("hostnames")).iter().enumerate() {
            let host = host.as_str().unwrap_or("");
            let path = index(&child(&at, "hostnames"), j);
            invalid_each(&mut errs, &path, host, names::dns1123_subdomain(host));
        }
    }
    name_errors(
        &mut errs,
        spec,
        "priorityClassName",
        &at("priorityClassName"),
        names::dns1123_subdomain,
    );
    os_rules(&mut errs, spec, path);
    file_key_ref_volumes(&mut errs, spec, path);
    errs
}

/// `validatePodHostName` (HostnameOverride, beta and on since 1.35): a
/// `hostnameOverride` not beside `setHostnameAsFQDN: true` or the host's
/// network, at most 64 bytes, a DNS subdomain (the `rare-kinds` feature:
/// the page asks the API package about a pod that sets it, see
/// `RarePodFields`).
#[cfg(feature = "rare-kinds")]
fn host_name_override(errs: &mut Vec<FieldError>, spec: &Value, path: &str) {
    let Some(name) = at(Some(spec), "hostnameOverride") else {
        return;
    };
    let name = name.as_str().unwrap_or("");
    let set = |key: &str| spec.get(key) == Some(&Value::Bool(true));
    if set("setHostnameAsFQDN") {
        errs.forbidden(path, "may not be specified when setHostnameAsFQDN is true");
    }
    if set("hostNetwork") {
        errs.forbidden(path, "may not be specified when hostNetwork is true");
    }
    if name.len() > 64 {
        errs.push(super::field::too_long(path, 64));
    }
    invalid_each(errs, path, name, names::dns1123_subdomain(name));
}

/// `validateOS`: a name, `linux` or `windows` (the refusal at the `os`
/// path itself). True when the name is one of them.
fn validate_os(errs: &mut Vec<FieldError>, name: &str, at: &str) -> bool {
    match name {
        "linux" | "windows" => true,
        "" => {
            errs.required(child(at, "name"), "");
            false
        }
        _ => {
            errs.not_supported(at, named(name), &["linux", "windows"]);
            false
        }
    }
}

/// `validateOS`, then for a Linux pod `validateLinux` (no Windows
/// options), for a Windows pod `validateWindows` (none of the Linux
/// security settings, host namespaces or user namespace, each
/// `Forbidden` where set: the internal pod security context, always
/// present after conversion, holds `hostUsers`, `hostPID`, `hostIPC`
/// and `shareProcessNamespace`).
fn os_rules(errs: &mut Vec<FieldError>, spec: &Value, path: &str) {
    let Some(os) = at(Some(spec), "os") else {
        return;
    };
    let name = text(os, "name");
    if !validate_os(errs, name, &child(path, "os")) {
        return;
    }
    let context = spec.get("securityContext");
    let set = |v: Option<&Value>, key: &str| at(v, key).is_some();
    let context_path = child(path, "securityContext");
    if name == "linux" {
        const LINUX: &str = "windows options cannot be set for a linux pod";
        if set(context, "windowsOptions") {
            errs.forbidden(child(&context_path, "windowsOptions"), LINUX);
        }
        each_container(spec, path, |c, c_at| {
            if set(c.get("securityContext"), "windowsOptions") {
                errs.forbidden(
                    child(&child(c_at, "securityContext"), "windowsOptions"),
                    LINUX,
                );
            }
        });
        return;
    }
    const WINDOWS: &str = "cannot be set for a windows pod";
    // (key, whether it sits in the v1 pod's securityContext)
    for (key, in_context) in [
        ("appArmorProfile", true),
        ("seLinuxOptions", true),
        ("hostUsers", false),
        ("hostPID", false),
        ("hostIPC", false),
        ("seccompProfile", true),
        ("fsGroup", true),
        ("fsGroupChangePolicy", true),
        ("sysctls", true),
        ("shareProcessNamespace", false),
        ("runAsUser", true),
        ("runAsGroup", true),
        ("supplementalGroups", true),
        ("supplementalGroupsPolicy", true),
        ("seLinuxChangePolicy", true),
    ] {
        let (holder, key_at) = if in_context {
            (context, child(&context_path, key))
        } else {
            (Some(spec), child(path, key))
        };
        let value = at(holder, key);
        let forbidden = match (key, value) {
            // Booleans the internal struct holds as values, not pointers.
            ("hostPID" | "hostIPC", v) => v == Some(&Value::Bool(true)),
            ("sysctls", v) => v.and_then(Value::as_list).is_some_and(|l| !l.is_empty()),
            (_, v) => v.is_some(),
        };
        if forbidden {
            errs.forbidden(key_at, WINDOWS);
        }
    }
    each_container(spec, path, |c, c_at| {
        let context = c.get("securityContext");
        let context_path = child(c_at, "securityContext");
        for key in [
            "appArmorProfile",
            "seLinuxOptions",
            "seccompProfile",
            "capabilities",
            "readOnlyRootFilesystem",
            "privileged",
            "allowPrivilegeEscalation",
            "procMount",
            "runAsUser",
            "runAsGroup",
        ] {
            if set(context, key) {
                errs.forbidden(child(&context_path, key), WINDOWS);
            }
        }
    });
}

/// `validateFileKeyRefVolumes`, `ValidatePodSpec`'s last rule: the volume
/// an environment variable's `fileKeyRef` reads is an `emptyDir` of the
/// pod, for each container as `VisitContainersWithPath` walks them (init
/// containers, containers, ephemeral containers).
fn file_key_ref_volumes(errs: &mut Vec<FieldError>, spec: &Value, path: &str) {
    let volumes = items(spec.get("volumes"));
    each_container(spec, path, |container, container_at| {
        for (j, var) in items(container.get("env")).iter().enumerate() {
            let Some(reference) = at(var.get("valueFrom"), "fileKeyRef") else {
                continue;
            };
            let name = text(reference, "volumeName");
            let volume_at = format!("{container_at}.env[{j}].valueFrom.fileKeyRef.volumeName");
            match volumes.iter().find(|v| text(v, "name") == name) {
                None => errs.push(super::field::not_found(volume_at, BadValue::str(name))),
                Some(volume) if at(Some(volume), "emptyDir").is_none() => {
                    errs.invalid(
                        volume_at,
                        BadValue::str(name),
                        "referenced volume must be of type emptyDir",
                    );
                }
                Some(_) => {}
            }
        }
    });
}

/// `IsValidIPForLegacyField` with no stored addresses and
/// StrictIPCIDRValidation on (beta and on by default since 1.36,
/// kube_features.go of the 1.37 cycle): `ParseIPSloppy` parses it, with
/// no octet's leading zero and no IPv4-mapped IPv6 address.
fn legacy_ip(errs: &mut Vec<FieldError>, path: &str, text: &str) {
    if let Some(detail) = super::ip::legacy_ip(text) {
        errs.invalid(path, BadValue::str(text), detail);
    }
}

/// `json.Marshal` of a `[]string`.
fn json_strings(list: &[Value]) -> BadValue {
    let quoted: Vec<String> = list
        .iter()
        .map(|v| super::field::json_string(v.as_str().unwrap_or("")))
        .collect();
    BadValue::Json(format!("[{}]", quoted.join(",")))
}

/// `validatePodDNSConfig` at `path`: a `None` policy takes its servers
/// from it (and nothing else is checked without them); at most 3
/// nameservers, each an address; at most 32 searches, 2048 characters
/// with the spaces between them, each (but `.`, a trailing dot dropped)
/// a DNS subdomain that may hold `_` (RelaxedDNSSearchValidation, GA and
/// locked since 1.34); options named.
fn dns_config(errs: &mut Vec<FieldError>, spec: &Value, path: &str) {
    let config = set(spec.get("dnsConfig"));
    let list = |key: &str| items(config.and_then(|c| c.get(key)));
    if text(spec, "dnsPolicy") == "None" {
        if config.is_none() {
            return errs.required(path, "must provide `dnsConfig` when `dnsPolicy` is None");
        }
        if list("nameservers").is_empty() {
            return errs.required(
                child(path, "nameservers"),
                "must provide at least one DNS nameserver when `dnsPolicy` is None",
            );
        }
    }
    let servers = list("nameservers");
    if servers.len() > 3 {
        errs.invalid(
            child(path, "nameservers"),
            json_strings(servers),
            "must not have more than 3 nameservers",
        );
    }
    for (i, server) in servers.iter().enumerate() {
        let at = index(&child(path, "nameservers"), i);
        legacy_ip(errs, &at, server.as_str().unwrap_or(""));
    }
    let searches = list("searches");
    let chars = searches
        .iter()
        .map(|s| s.as_str().map_or(0, str::len) + 1)
        .sum::<usize>();
    for (too_many, detail) in [
        (
            searches.len() > 32,
            "must not have more than 32 search paths",
        ),
        (
            chars > 2049,
            "must not have more than 2048 characters (including spaces) in the search list",
        ),
    ] {
        if too_many {
            errs.invalid(child(path, "searches"), json_strings(searches), detail);
        }
    }
    for (i, search) in searches.iter().enumerate() {
        let search = search.as_str().unwrap_or("");
        if search != "." {
            let search = search.strip_suffix('.').unwrap_or(search);
            let at = index(&child(path, "searches"), i);
            let messages = names::dns1123_subdomain_with_underscore(search);
            invalid_each(errs, &at, search, messages);
        }
    }
    for (i, option) in list("options").iter().enumerate() {
        if text(option, "name").is_empty() {
            errs.required(index(&child(path, "options"), i), "must not be empty");
        }
    }
}

/// The field's value unless absent or `null` (a nil pointer).
fn set(value: Option<&Value>) -> Option<&Value> {
    value.filter(|v| !v.is_null())
}

const REQUIRED: &str = "requiredDuringSchedulingIgnoredDuringExecution";
const PREFERRED: &str = "preferredDuringSchedulingIgnoredDuringExecution";

/// A check of one term at its path.
type Term = fn(&mut Vec<FieldError>, &Value, &str);

/// `validateAffinity`: `validateNodeAffinity` (`ValidateNodeSelector`:
/// at least one term, each by `ValidateNodeSelectorTerm` with values
/// checked as label values; then `ValidatePreferredSchedulingTerms`,
/// whose values may be anything), then `validatePodAffinity` and
/// `validatePodAntiAffinity` (`validatePodAffinityTerms`, then
/// `validateWeightedPodAffinityTerms`), each term by
/// `validatePodAffinityTerm`; a preferred term's weight in 1..100.
fn affinity_errors(errs: &mut Vec<FieldError>, affinity: &Value, path: &str) {
    for (kind, key, term) in [
        ("nodeAffinity", "preference", node_preference as Term),
        ("podAffinity", "podAffinityTerm", pod_affinity_term),
        ("podAntiAffinity", "podAffinityTerm", pod_affinity_term),
    ] {
        let Some(terms) = affinity.get(kind) else {
            continue;
        };
        let at = child(path, kind);
        let mut list = child(&at, REQUIRED);
        let (required_terms, check) = if key == "preference" {
            let selector = set(terms.get(REQUIRED));
            list = child(&list, "nodeSelectorTerms");
            let required_terms = selector.and_then(|s| s.get("nodeSelectorTerms"));
            if selector.is_some() && items(required_terms).is_empty() {
                errs.required(list.clone(), "must have at least one node selector term");
            }
            (required_terms, node_required as Term)
        } else {
            (terms.get(REQUIRED), term)
        };
        for (i, t) in items(required_terms).iter().enumerate() {
            check(errs, t, &index(&list, i));
        }
        let list = child(&at, PREFERRED);
        for (i, weighted) in items(terms.get(PREFERRED)).iter().enumerate() {
            let at = index(&list, i);
            let weight = weighted.get("weight").and_then(Value::as_i64).unwrap_or(0);
            if !(1..=100).contains(&weight) {
                errs.invalid(
                    child(&at, "weight"),
                    BadValue::Int(weight),
                    "must be in the range 1-100",
                );
            }
            term(
                errs,
                weighted.get(key).unwrap_or(&Value::Null),
                &child(&at, key),
            );
        }
    }
}

fn node_required(errs: &mut Vec<FieldError>, term: &Value, at: &str) {
    node_selector_term(errs, term, at, true);
}

fn node_preference(errs: &mut Vec<FieldError>, term: &Value, at: &str) {
    node_selector_term(errs, term, at, false);
}

/// `ValidateNodeSelectorTerm`: its `matchExpressions`, values checked
/// when `values`, then its `matchFields`.
pub(super) fn node_selector_term(errs: &mut Vec<FieldError>, term: &Value, at: &str, values: bool) {
    meta::requirements(
        errs,
        term,
        at,
        "matchExpressions",
        Requirement::Node(values),
    );
    meta::requirements(errs, term, at, "matchFields", Requirement::Field);
}

/// `validatePodAffinityTerm`: `ValidatePodAffinityTermSelector` (the
/// label and namespace selectors), the namespaces (DNS labels, each error
/// at `namespace`), the label keys ([`label_keys`]), then the topology
/// key: required, and a label key (`ValidateLabelName`, so an empty one
/// also fails as a name).
fn pod_affinity_term(errs: &mut Vec<FieldError>, term: &Value, at: &str) {
    let selector = |key: &str| meta::label_selector(term.get(key), &child(at, key));
    errs.extend(selector("labelSelector"));
    errs.extend(selector("namespaceSelector"));
    let names_path = child(at, "namespace");
    for name in items(term.get("namespaces")) {
        let name = name.as_str().unwrap_or("");
        invalid_each(errs, &names_path, name, names::dns1123_label(name));
    }
    label_keys(errs, term, at);
    let key = text(term, "topologyKey");
    if key.is_empty() {
        errs.required(child(at, "topologyKey"), "can not be empty");
    }
    invalid_each(errs, &child(at, "topologyKey"), key, names::label_key(key));
}

/// `ValidateMatchLabelKeysAndMismatchLabelKeys` of a pod affinity term or
/// a spread constraint (no mismatch keys) at `at`: the keys only beside
/// a label selector, each a label name (`validateLabelKeys`); a match
/// key whose selector has an expression of its key after the same key
/// (the Pod's merged `key In (value)`), the error at `at[i]` (sic); a
/// match key also among the mismatch keys.
fn label_keys(errs: &mut Vec<FieldError>, owner: &Value, at: &str) {
    let selector = set(owner.get("labelSelector"));
    let matching = items(owner.get("matchLabelKeys"));
    let mismatching = items(owner.get("mismatchLabelKeys"));
    fn name(key: &Value) -> &str {
        key.as_str().unwrap_or("")
    }
    let match_path = child(at, "matchLabelKeys");
    for (list, path) in [
        (matching, match_path.clone()),
        (mismatching, child(at, "mismatchLabelKeys")),
    ] {
        if selector.is_none() && !list.is_empty() {
            errs.forbidden(path, "must not be specified when labelSelector is not set");
            continue;
        }
        for (i, key) in list.iter().enumerate() {
            invalid_each(
                errs,
                &index(&path, i),
                name(key),
                names::label_key(name(key)),
            );
        }
    }
    let expressions = items(selector.and_then(|s| s.get("matchExpressions")));
    for (j, expression) in expressions.iter().enumerate() {
        let key = text(expression, "key");
        // Go's map of the match keys keeps a repeated key's last index.
        let i = matching.iter().rposition(|k| name(k) == key);
        let labels = selector.and_then(|s| s.get("matchLabels"));
        let before = expressions.get(..j).unwrap_or_default();
        if let Some(i) = i
            && (labels.and_then(|l| l.get(key)).is_some()
                || before.iter().any(|e| text(e, "key") == key))
        {
            errs.invalid(
                index(at, i),
                BadValue::str(key),
                "exists in both matchLabelKeys and labelSelector",
            );
        }
    }
    for (i, key) in matching.iter().enumerate() {
        if mismatching.iter().any(|k| name(k) == name(key)) {
            errs.invalid(
                index(&match_path, i),
                BadValue::str(name(key)),
                "exists in both matchLabelKeys and mismatchLabelKeys",
            );
        }
    }
}

/// `validateTopologySpreadConstraints` of the list at `path`, each
/// constraint's: a positive `maxSkew`, a topology key, a known
/// `whenUnsatisfiable`, no later constraint with the same pair of them
/// (`ValidateSpreadConstraintNotRepeat`), `minDomains` positive and only
/// with `DoNotSchedule`, known node inclusion policies, its
/// `matchLabelKeys` ([`label_keys`]) and its label selector
/// (`ValidateLabelSelector`).
fn topology_spread(errs: &mut Vec<FieldError>, list: Option<&Value>, path: &str) {
    let actions = ["DoNotSchedule", "ScheduleAnyway"];
    let constraints = items(list);
    for (i, constraint) in constraints.iter().enumerate() {
        let at = index(path, i);
        let at = |key: &str| child(&at, key);
        let skew = constraint
            .get("maxSkew")
            .and_then(Value::as_i64)
            .unwrap_or(0);
        if skew <= 0 {
            errs.invalid(
                at("maxSkew"),
                BadValue::Int(skew),
                "must be greater than zero",
            );
        }
        let key = text(constraint, "topologyKey");
        if key.is_empty() {
            errs.required(at("topologyKey"), "can not be empty");
        }
        let action = text(constraint, "whenUnsatisfiable");
        if !actions.contains(&action) {
            errs.not_supported(at("whenUnsatisfiable"), named(action), &actions);
        }
        let same = |other: &Value| {
            text(other, "topologyKey") == key && text(other, "whenUnsatisfiable") == action
        };
        if constraints.iter().skip(i + 1).any(same) {
            errs.duplicate(
                at("{topologyKey, whenUnsatisfiable}"),
                BadValue::Str(format!("{{{key}, {action}}}")),
            );
        }
        // validateMinDomains (the value a pointer: `json.Marshal`).
        if let Some(min) = constraint.get("minDomains").and_then(Value::as_i64) {
            if min <= 0 {
                errs.invalid(
                    at("minDomains"),
                    BadValue::Int(min),
                    "must be greater than zero",
                );
            }
            if action != "DoNotSchedule" {
                let detail = format!(
                    "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not {action}"
                );
                errs.invalid(at("minDomains"), BadValue::Int(min), &detail);
            }
        }
        // validateNodeInclusionPolicy of each (a pointer to a named string).
        for key in ["nodeAffinityPolicy", "nodeTaintsPolicy"] {
            let policy = text(constraint, key);
            if constraint.get(key).is_some_and(|p| !p.is_null())
                && !["Honor", "Ignore"].contains(&policy)
            {
                errs.not_supported(at(key), named(policy), &["Honor", "Ignore"]);
            }
        }
        // MatchLabelKeysInPodTopologySpread and its SelectorMerge (beta
        // and on): a new object's keys as a pod affinity term's.
        label_keys(errs, constraint, &index(path, i));
        errs.extend(meta::label_selector(
            constraint.get("labelSelector"),
            &at("labelSelector"),
        ));
    }
}

/// The field `key` of `spec`, when set, checked by `rule`: one `Invalid`
/// per message.
fn name_errors(
    errs: &mut Vec<FieldError>,
    spec: &Value,
    key: &str,
    path: &str,
    rule: fn(&str) -> Vec<String>,
) {
    let name = text(spec, key);
    if !name.is_empty() {
        invalid_each(errs, path, name, rule(name));
    }
}

/// `ValidateTolerations` for one toleration (read in the 1.37 cycle's
/// `validation.go`, AIAgentSandox/kubernetes@64149d12, a fork of master).
pub(super) fn toleration_errors(errs: &mut Vec<FieldError>, toleration: &Value, at: &str) {
    let (key, operator) = (text(toleration, "key"), text(toleration, "operator"));
    let (value, effect) = (text(toleration, "value"), text(toleration, "effect"));
    let operator_path = child(at, "operator");
    if !key.is_empty() {
        invalid_each(errs, &child(at, "key"), key, names::label_key(key));
    } else if operator != "Exists" {
        errs.invalid(
            &operator_path,
            named(operator),
            "operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
        );
    }
    if toleration
        .get("tolerationSeconds")
        .is_some_and(|s| !s.is_null())
        && effect != "NoExecute"
    {
        errs.invalid(
            child(at, "effect"),
            named(effect),
            "effect must be 'NoExecute' when `tolerationSeconds` is set",
        );
    }
    let value_error = match operator {
        // An empty operator means Equal; the messages joined in one.
        "" | "Equal" => names::label_value(value).join(";"),
        // The bad value is the whole (internal) toleration.
        "Exists" if !value.is_empty() => {
            errs.invalid(
                &operator_path,
                BadValue::Json(super::internal_json::pointer_to(
                    "Toleration",
                    Some(toleration),
                )),
                "value must be empty when `operator` is 'Exists'",
            );
            String::new()
        }
        "Exists" => String::new(),
        // `Lt` and `Gt` are refused while TaintTolerationComparisonOperators
        // is off (alpha in 1.35 and 1.36; a stored spec that has them
        // is not modelled), with all four operators listed; any other
        // with the two.
        other => {
            let valid: &[&str] = match other {
                "Lt" | "Gt" => &["Equal", "Exists", "Lt", "Gt"],
                _ => &["Equal", "Exists"],
            };
            errs.not_supported(&operator_path, named(other), valid);
            String::new()
        }
    };
    if !value_error.is_empty() {
        errs.invalid(&operator_path, BadValue::str(value), &value_error);
    }
    // validateTaintEffect, an empty effect matching all of them.
    let effects = ["NoSchedule", "PreferNoSchedule", "NoExecute"];
    if !effect.is_empty() && !effects.contains(&effect) {
        errs.not_supported(child(at, "effect"), named(effect), &effects);
    }
}

#[cfg(test)]
mod tests;
