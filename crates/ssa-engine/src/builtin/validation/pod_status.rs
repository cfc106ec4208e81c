//! A Pod's `/status` write: `ValidatePodStatusUpdate`
//! (`pkg/apis/core/validation/validation.go`) as the status strategy
//! calls it (`podStatusStrategy.ValidateUpdate`,
//! `pkg/registry/core/pod/strategy.go`), after its `PrepareForUpdate`
//! (the stored spec restored, a left-out `qosClass` backfilled: the
//! registry's status table, before validation). The metadata's update
//! is checked by the caller. 1.36's gates: ContainerRestartRules and
//! ClearingNominatedNodeNameAfterBinding, StrictIPCIDRValidation and
//! RestartAllContainersOnContainerExits beta and on (a pod with a
//! `RestartAllContainers` rule may run every container again).
//!
//! Not modelled: `ValidatePodSpecificAnnotationUpdates` (mirror-pod and
//! AppArmor annotations), the resource claim statuses (plain, extended,
//! node-allocatable), `validateContainerStatusUsers`, the allocated
//! resources' health, the image volume statuses, and the internal error
//! `IsDualStackIPStrings` adds beside an address that does not parse.
//! `status.nodeName: may not be changed directly` cannot happen: the
//! spec is the stored one.

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each, json_string, named};
use super::{ip, items, names, text};
use crate::value::Value;

const NOT_TERMINATED: &str = "may not be transitioned to non-terminated state";
const NON_NEGATIVE: &str = "must be a non-negative integer";

/// The errors of a `/status` write of `new` over `old` (both v1 Pods).
pub(super) fn pod_status(new: &Value, old: &Value) -> Vec<FieldError> {
    let none = Value::Null;
    let status = new.get("status").unwrap_or(&none);
    let was = old.get("status").unwrap_or(&none);
    let spec = old.get("spec").unwrap_or(&none);
    let mut errs = Vec::new();
    // validatePodConditions: the system conditions' types are not checked
    // (the `Type` of the path is upstream's).
    for (i, c) in items(status.get("conditions")).iter().enumerate() {
        let at = index("status.conditions", i);
        non_negative(&mut errs, c, &at);
        let kind = text(c, "type");
        if !matches!(kind, "PodScheduled" | "Ready" | "Initialized") {
            invalid_each(&mut errs, &child(&at, "Type"), kind, names::label_key(kind));
        }
    }
    let nominated = text(status, "nominatedNodeName");
    if nominated != text(was, "nominatedNodeName") && !nominated.is_empty() {
        // ValidateNodeName (NameIsDNSSubdomain).
        let path = "status.nominatedNodeName";
        invalid_each(
            &mut errs,
            path,
            nominated,
            names::dns1123_subdomain(nominated),
        );
        if !text(spec, "nodeName").is_empty() {
            errs.forbidden(
                path,
                "may not be set on pods that are already bound to a node",
            );
        }
    }
    non_negative(&mut errs, status, "status");
    // ValidateImmutableField of a core.PodQOSClass.
    let qos = text(status, "qosClass");
    if qos != text(was, "qosClass") {
        errs.invalid("status.qosClass", named(qos), "field is immutable");
    }
    for (key, containers) in [
        ("containerStatuses", Some("containers")),
        ("initContainerStatuses", Some("initContainers")),
        ("ephemeralContainerStatuses", None),
    ] {
        transitions(&mut errs, key, status, was, spec, containers);
    }
    for (single, list) in [("podIP", "podIPs"), ("hostIP", "hostIPs")] {
        let ips = internal_ips(status, single, list);
        let path = child("status", list);
        if list == "hostIPs" {
            // validateHostIPs: nothing without hostIPs; hostIP first.
            let Some(&first) = ips.first() else { continue };
            if first != text(status, single) {
                let value = BadValue::str(first);
                errs.invalid("status.hostIPs[0].ip", value, "must be equal to `hostIP`");
            }
        }
        ip_list(&mut errs, &path, &ips, &internal_ips(was, single, list));
    }
    errs
}

/// `observedGeneration` not negative (a pod's or a condition's).
fn non_negative(errs: &mut Vec<FieldError>, object: &Value, at: &str) {
    if let Some(n) = object.get("observedGeneration").and_then(Value::as_i64)
        && n < 0
    {
        errs.invalid(
            child(at, "observedGeneration"),
            BadValue::Int(n),
            NON_NEGATIVE,
        );
    }
}

/// A status's `state.terminated`, unless absent or null.
fn terminated(status: &Value) -> Option<&Value> {
    status
        .get("state")?
        .get("terminated")
        .filter(|t| !t.is_null())
}

/// `ValidateContainerStateTransition` and
/// `ValidateInitContainerStateTransition` as 1.36 runs them
/// (`AllowContainerRestartPolicyRules`: a terminated container may run
/// again when `ContainerShouldRestart` of its exit code says so; one the
/// stored spec lacks may not; `AllowRestartAllContainers`: any may when
/// `podutil.AllContainersCouldRestart`), and
/// `ValidateEphemeralContainerStateTransition` (`containers` `None`:
/// never). The path's index is the stored list's; upstream's one error
/// per running status of the name is one message once joined.
fn transitions(
    errs: &mut Vec<FieldError>,
    key: &str,
    status: &Value,
    was: &Value,
    spec: &Value,
    containers: Option<&str>,
) {
    if containers.is_some() && all_containers_could_restart(spec) {
        return;
    }
    let statuses = items(status.get(key));
    for (i, before) in items(was.get(key)).iter().enumerate() {
        let Some(exit) = terminated(before) else {
            continue;
        };
        let code = exit.get("exitCode").and_then(Value::as_i64).unwrap_or(0);
        let name = text(before, "name");
        let allowed = containers.is_some_and(|list| {
            items(spec.get(list))
                .iter()
                .find(|c| text(c, "name") == name)
                .is_some_and(|c| should_restart(c, spec, code))
        });
        if !allowed
            && statuses
                .iter()
                .any(|s| text(s, "name") == name && terminated(s).is_none())
        {
            errs.forbidden(format!("status.{key}[{i}].state"), NOT_TERMINATED);
        }
    }
}

/// `podutil.AllContainersCouldRestart`: an init or regular container has
/// a restart rule whose action is `RestartAllContainers`
/// (RestartAllContainersOnContainerExits, beta and on since 1.36; read in
/// two ports of `pkg/api/v1/pod/util.go`, the Go source not at hand).
fn all_containers_could_restart(spec: &Value) -> bool {
    ["initContainers", "containers"].iter().any(|list| {
        items(spec.get(list)).iter().any(|c| {
            items(c.get("restartPolicyRules"))
                .iter()
                .any(|rule| text(rule, "action") == "RestartAllContainers")
        })
    })
}

/// `podutil.ContainerShouldRestart`: the first restart rule whose exit
/// codes match (a `Restart` action restarts), then the container's
/// restart policy, then the pod's (`Always` and an unknown one restart,
/// `OnFailure` after a failure, `Never` never).
fn should_restart(container: &Value, spec: &Value, code: i64) -> bool {
    let own = container.get("restartPolicy").and_then(Value::as_str);
    if own.is_some() {
        // findMatchingContainerRestartRule.
        for rule in items(container.get("restartPolicyRules")) {
            let Some(codes) = rule.get("exitCodes").filter(|c| !c.is_null()) else {
                continue;
            };
            let listed = items(codes.get("values"))
                .iter()
                .any(|v| v.as_i64() == Some(code));
            let operator = text(codes, "operator");
            if (operator == "In" && listed) || (operator == "NotIn" && !listed) {
                if text(rule, "action") == "Restart" {
                    return true;
                }
                break;
            }
        }
    }
    let policy = match own {
        Some(p @ ("Always" | "OnFailure" | "Never")) => p,
        _ => text(spec, "restartPolicy"),
    };
    match policy {
        "OnFailure" => code != 0,
        "Never" => false,
        _ => true,
    }
}

/// The internal status's list of `list` (`podIPs`, `hostIPs`): the v1
/// list, or `[single]` when the v1 `single` is set and is not its first
/// (`Convert_v1_PodStatus_To_core_PodStatus`; the engine stores the v1
/// object as written, a kubelet's `hostIP` without `hostIPs` included,
/// and validates it as the server sees it).
fn internal_ips<'a>(status: &'a Value, single: &str, list: &str) -> Vec<&'a str> {
    let ips: Vec<&str> = items(status.get(list))
        .iter()
        .map(|ip| text(ip, "ip"))
        .collect();
    let one = text(status, single);
    if !one.is_empty() && ips.first() != Some(&one) {
        return vec![one];
    }
    ips
}

/// `validatePodIPs`' and `validateHostIPs`' address checks: each new
/// address parses (`IsValidIPForLegacyField`, StrictIPCIDRValidation off:
/// `ParseIPSloppy`; the stored object's are kept as they are), and
/// several are one of each family (`netutils.IsDualStackIPStrings`).
fn ip_list(errs: &mut Vec<FieldError>, path: &str, ips: &[&str], stored: &[&str]) {
    let (mut v4, mut v6, mut parsed) = (false, false, true);
    // json.Marshal of []core.PodIP / []core.HostIP (no json tags).
    let mut json = String::from("[");
    for (i, text) in ips.iter().enumerate() {
        match ip::parse_sloppy(text) {
            Some(address) if address.is_v6() => v6 = true,
            Some(_) => v4 = true,
            None => parsed = false,
        }
        if !stored.contains(text)
            && let Some(detail) = ip::legacy_ip(text)
        {
            errs.invalid(index(path, i), BadValue::str(text), detail);
        }
        if i > 0 {
            json.push(',');
        }
        json.push_str("{\"IP\":");
        json.push_str(&json_string(text));
        json.push('}');
    }
    json.push(']');
    if ips.len() > 2 || (ips.len() == 2 && !(parsed && v4 && v6)) {
        errs.invalid(
            path,
            BadValue::Json(json),
            "may specify no more than one IP for each IP family",
        );
    }
}

#[cfg(test)]
mod tests;
