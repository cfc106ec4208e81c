//! `ValidatePodSpec`'s checks of the pod-level fields, which upstream
//! runs after the containers (`core.rs`), in its order: the restart and
//! DNS policies, the node selector's labels, a `None` DNS policy's
//! config, the names of the service account and the node, the active
//! deadline, the host and subdomain names, the tolerations
//! (`ValidateTolerations`) and the priority class's name.
//!
//! Not modelled (each costs the page's wasm for a rarer mistake): the
//! host network's ports, security contexts, image pull secrets, affinity,
//! DNS config limits, readiness and scheduling gates, topology spread,
//! Windows host-process pods, host aliases, the runtime class, overhead,
//! sysctls, resource claims and pod-level resources; a toleration
//! operator other than `Equal` and `Exists` (1.35 made `Lt` and `Gt`
//! valid behind a feature gate, whose default in 1.36 was not at hand).

use super::field::{BadValue, FieldError, child, invalid, named, not_supported, required};
use super::{items, meta, names, text};
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
            errs.push(not_supported(at(key), named(value), valid));
        }
    }
    errs.extend(meta::labels(spec.get("nodeSelector"), &at("nodeSelector")));
    // validatePodDNSConfig: a `None` policy takes its servers from it.
    if text(spec, "dnsPolicy") == "None" {
        match spec.get("dnsConfig").filter(|c| !c.is_null()) {
            None => errs.push(required(
                at("dnsConfig"),
                "must provide `dnsConfig` when `dnsPolicy` is None",
            )),
            Some(config) if items(config.get("nameservers")).is_empty() => errs.push(required(
                at("dnsConfig.nameservers"),
                "must provide at least one DNS nameserver when `dnsPolicy` is None",
            )),
            Some(_) => {}
        }
    }
    // ValidateServiceAccountName and ValidateNodeName: DNS subdomains.
    for key in ["serviceAccountName", "nodeName"] {
        errs.extend(name_errors(spec, key, &at(key), names::dns1123_subdomain));
    }
    if let Some(&Value::Int(seconds)) = spec.get("activeDeadlineSeconds")
        && !(1..=i64::from(i32::MAX)).contains(&seconds)
    {
        errs.push(invalid(
            at("activeDeadlineSeconds"),
            BadValue::Int(seconds),
            "must be between 1 and 2147483647, inclusive",
        ));
    }
    for key in ["hostname", "subdomain"] {
        errs.extend(name_errors(spec, key, &at(key), names::dns1123_label));
    }
    for (i, toleration) in items(spec.get("tolerations")).iter().enumerate() {
        errs.extend(toleration_errors(
            toleration,
            &format!("{}[{i}]", at("tolerations")),
        ));
    }
    errs.extend(name_errors(
        spec,
        "priorityClassName",
        &at("priorityClassName"),
        names::dns1123_subdomain,
    ));
    errs
}

/// The field `key` of `spec`, when set, checked by `rule`: one `Invalid`
/// per message.
fn name_errors(
    spec: &Value,
    key: &str,
    path: &str,
    rule: fn(&str) -> Vec<String>,
) -> Vec<FieldError> {
    let name = text(spec, key);
    if name.is_empty() {
        return vec![];
    }
    rule(name)
        .iter()
        .map(|m| invalid(path, BadValue::Str(name.to_string()), m))
        .collect()
}

/// `ValidateTolerations` for one toleration.
fn toleration_errors(toleration: &Value, at: &str) -> Vec<FieldError> {
    let (key, operator) = (text(toleration, "key"), text(toleration, "operator"));
    let (value, effect) = (text(toleration, "value"), text(toleration, "effect"));
    let operator_path = child(at, "operator");
    let mut errs = Vec::new();
    if !key.is_empty() {
        for m in names::label_key(key) {
            errs.push(invalid(
                child(at, "key"),
                BadValue::Str(key.to_string()),
                &m,
            ));
        }
    } else if operator != "Exists" {
        errs.push(invalid(
            &operator_path,
            named(operator),
            "operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
        ));
    }
    if toleration
        .get("tolerationSeconds")
        .is_some_and(|s| !s.is_null())
        && effect != "NoExecute"
    {
        errs.push(invalid(
            child(at, "effect"),
            named(effect),
            "effect must be 'NoExecute' when `tolerationSeconds` is set",
        ));
    }
    let value_error = match operator {
        // An empty operator means Equal; the messages joined in one.
        "" | "Equal" => names::label_value(value).join(";"),
        "Exists" if !value.is_empty() => "value must be empty when `operator` is 'Exists'".into(),
        _ => String::new(),
    };
    if !value_error.is_empty() {
        errs.push(invalid(
            &operator_path,
            BadValue::Str(value.to_string()),
            &value_error,
        ));
    }
    // validateTaintEffect, an empty effect matching all of them.
    let effects = ["NoSchedule", "PreferNoSchedule", "NoExecute"];
    if !effect.is_empty() && !effects.contains(&effect) {
        errs.push(not_supported(child(at, "effect"), named(effect), &effects));
    }
    errs
}
