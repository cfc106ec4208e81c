//! Security contexts, as `pkg/apis/core/validation/validation.go` checks
//! them (read in the 1.37 cycle's copy, AIAgentSandox/kubernetes, a fork
//! of master): a container's (`ValidateSecurityContext`, the last of
//! `validateContainerCommon`) and the pod's
//! (`validatePodSpecSecurityContext`, which `ValidatePodSpec` runs after
//! the node selector's labels and before the affinity).
//!
//! Feature gates as 1.36 has them by default (1.35's table): ProcMountType
//! (beta, on: `procMount` is kept, not forced to `Default`),
//! UserNamespacesSupport (beta, on: `hostUsers` is kept),
//! SupplementalGroupsPolicy (GA), SELinuxChangePolicy (beta, on: the
//! field is kept), SELinuxMount (beta, off: `seLinuxChangePolicy` may only
//! be `Recursive`).
//!
//! `PodValidationOptions` are a create's (no old object): an update of an
//! object that already had a `MountOption` policy, which upstream keeps
//! allowing, is not modelled.
//!
//! The Windows options' own rules (`validateWindowsSecurityContextOptions`:
//! `windows_options`, a pod's and each container's), the host-process
//! pod's (`host_process`, which `ValidatePodSpec` runs before
//! `validateHostUsers`; both are the `rare-kinds` feature: the page asks
//! the API package about a write that sets Windows options, see
//! `RarePodFields`) and a namespaced sysctl beside `hostNetwork` or
//! `hostIPC` (`ValidateHostSysctl`, `host_sysctl`, the `rare-kinds` feature
//! as well) follow the same copy.
//! `validateHostUsers` is [`host_users`], which `ValidatePodSpec` runs
//! after the host-process rules; what `spec.os` forbids of either OS is
//! `podspec::os_rules`.
//!
//! Not modelled: an update's leave to keep a namespaced sysctl beside the
//! host's namespace that the old spec had
//! (`AllowNamespacedSysctlsForHostNetAndHostIPC`; an object the engine
//! stored never has one); `privileged: true` and host-process pods,
//! refused only by an API server started with `--allow-privileged=false`
//! (kubeadm, kind and managed clusters allow them); the seccomp and
//! AppArmor annotations against the fields (`ValidatePodCreate`).
//! `seLinuxOptions` has no rule upstream.

#[cfg(feature = "rare-kinds")]
use super::each_container;
#[cfg(feature = "rare-kinds")]
use super::field::json_string;
use super::field::{BadValue, Errors, FieldError, child, index, named, too_long};
use super::internal_json::pointer_to;
#[cfg(feature = "rare-kinds")]
use super::names::dns1123_subdomain;
use super::{items, text};
use crate::value::Value;

/// The field's value unless absent or `null` (a nil pointer).
fn set<'a>(object: &'a Value, key: &str) -> Option<&'a Value> {
    object.get(key).filter(|v| !v.is_null())
}

/// `IsValidUserID`, `IsValidGroupID` of each of `keys` of `sc` that is set.
fn ids(errs: &mut Vec<FieldError>, sc: &Value, at: &str, keys: &[&str]) {
    for key in keys {
        id(errs, sc.get(key), child(at, key));
    }
}

/// `IsValidUserID`, `IsValidGroupID`: 0..2147483647.
fn id(errs: &mut Vec<FieldError>, value: Option<&Value>, path: String) {
    if let Some(id) = value.and_then(Value::as_i64)
        && !(0..=i64::from(i32::MAX)).contains(&id)
    {
        errs.invalid(
            path,
            BadValue::Int(id),
            "must be between 0 and 2147483647, inclusive",
        );
    }
}

/// A field of a named string type, when set, that is not one of `valid`;
/// its value.
fn policy<'a>(
    errs: &mut Vec<FieldError>,
    sc: &'a Value,
    at: &str,
    key: &str,
    valid: &[&str],
) -> Option<&'a str> {
    let value = set(sc, key)?.as_str().unwrap_or("");
    if !valid.contains(&value) {
        errs.not_supported(child(at, key), named(value), valid);
    }
    Some(value)
}

/// `ValidateSecurityContext` of container `c` at `at`; `host_users` the
/// pod's `hostUsers` (true unless false).
pub(super) fn container(errs: &mut Vec<FieldError>, c: &Value, at: &str, host_users: bool) {
    let Some(sc) = set(c, "securityContext") else {
        return;
    };
    let at = &child(at, "securityContext");
    ids(errs, sc, at, &["runAsUser", "runAsGroup"]);
    // ValidateProcMountType.
    if policy(errs, sc, at, "procMount", &["Default", "Unmasked"]) == Some("Unmasked") && host_users
    {
        errs.invalid(
            child(at, "procMount"),
            named("Unmasked"),
            "`hostUsers` must be false to use `Unmasked`",
        );
    }
    profile(errs, sc, at, "seccompProfile");
    // The bad value is the whole internal SecurityContext.
    if sc.get("allowPrivilegeEscalation") == Some(&Value::Bool(false)) {
        let added = items(sc.get("capabilities").and_then(|c| c.get("add")));
        let sys_admin = added.iter().filter(|c| c.as_str() == Some("CAP_SYS_ADMIN"));
        let privileged = sc.get("privileged") == Some(&Value::Bool(true));
        for i in 0..usize::from(privileged) + sys_admin.count() {
            errs.invalid(
                at,
                BadValue::Json(pointer_to("SecurityContext", Some(sc))),
                if i == 0 && privileged {
                    "cannot set `allowPrivilegeEscalation` to false and `privileged` to true"
                } else {
                    "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN"
                },
            );
        }
    }
    #[cfg(feature = "rare-kinds")]
    windows_options(errs, sc, at);
    profile(errs, sc, at, "appArmorProfile");
}

/// `validatePodSpecSecurityContext` of `spec` at `path`: the internal
/// PodSecurityContext also holds the v1 spec's `hostPID`, `hostIPC`,
/// `hostNetwork` and `shareProcessNamespace`.
pub(super) fn pod(errs: &mut Vec<FieldError>, spec: &Value, path: &str) {
    let at = &child(path, "securityContext");
    let sc = spec.get("securityContext").unwrap_or(&Value::Null);
    let host = |key: &str| spec.get(key) == Some(&Value::Bool(true));
    ids(errs, sc, at, &["fsGroup", "runAsUser", "runAsGroup"]);
    let groups = child(at, "supplementalGroups");
    for (i, group) in items(sc.get("supplementalGroups")).iter().enumerate() {
        id(errs, Some(group), index(&groups, i));
    }
    if host("shareProcessNamespace") && host("hostPID") {
        errs.invalid(
            child(at, "shareProcessNamespace"),
            BadValue::Json("true".into()),
            "ShareProcessNamespace and HostPID cannot both be enabled",
        );
    }
    #[cfg(feature = "rare-kinds")]
    sysctls(errs, spec, sc, at);
    policy(
        errs,
        sc,
        at,
        "fsGroupChangePolicy",
        &["Always", "OnRootMismatch"],
    );
    profile(errs, sc, at, "seccompProfile");
    #[cfg(feature = "rare-kinds")]
    windows_options(errs, sc, at);
    profile(errs, sc, at, "appArmorProfile");
    policy(
        errs,
        sc,
        at,
        "supplementalGroupsPolicy",
        &["Merge", "Strict"],
    );
    // SELinuxMount off: a new object's policy may only be Recursive.
    policy(errs, sc, at, "seLinuxChangePolicy", &["Recursive"]);
}

/// `validateHostUsers` of `spec` at `path`, in a user namespace
/// (`hostUsers: false`): no host network (UserNamespacesHostNetworkSupport,
/// alpha and off in 1.36), PID or IPC namespace (their paths capitalised,
/// as upstream builds them), no container with volume devices (init,
/// regular, then ephemeral containers; a create's options: an update
/// keeping an old spec's devices is not modelled).
pub(super) fn host_users(errs: &mut Vec<FieldError>, spec: &Value, path: &str) {
    if spec.get("hostUsers") != Some(&Value::Bool(false)) {
        return;
    }
    const DETAIL: &str = "when `hostUsers` is false";
    for (key, at) in [
        ("hostNetwork", "hostNetwork"),
        ("hostPID", "HostPID"),
        ("hostIPC", "HostIPC"),
    ] {
        if spec.get(key) == Some(&Value::Bool(true)) {
            errs.forbidden(child(path, at), DETAIL);
        }
    }
    super::each_container(spec, path, |c, at| {
        if !items(c.get("volumeDevices")).is_empty() {
            errs.forbidden(child(at, "volumeDevices"), DETAIL);
        }
    });
}

/// `validateSysctls` of the pod's security context `sc` at `at`: each
/// sysctl has a name, one `IsValidSysctlName` takes, not given before,
/// and not of a namespace the pod shares with the host (the `rare-kinds`
/// feature: the page asks the API package about a write with sysctls,
/// see `RarePodFields`).
#[cfg(feature = "rare-kinds")]
fn sysctls(errs: &mut Vec<FieldError>, spec: &Value, sc: &Value, at: &str) {
    let list = child(at, "sysctls");
    let sysctls = items(sc.get("sysctls"));
    for (i, sysctl) in sysctls.iter().enumerate() {
        let name = text(sysctl, "name");
        let path = child(&index(&list, i), "name");
        let bad = || BadValue::str(name);
        if name.is_empty() {
            errs.required(&path, "");
        } else if !sysctl_name(name) {
            errs.invalid(&path, bad(), SYSCTL);
        } else if sysctls
            .get(..i)
            .unwrap_or_default()
            .iter()
            .any(|s| text(s, "name") == name)
        {
            errs.duplicate(&path, bad());
        }
        if let Some(detail) = host_sysctl(name, spec) {
            errs.invalid(path, bad(), detail);
        }
    }
}

/// `ValidateHostSysctl`: the refusal of sysctl `name` when `spec` shares
/// its namespace with the host. component-helpers' `GetNamespace` reads
/// the name up to a `*`, normalized to dots (`NormalizeName`: when its
/// first separator is `/`, dots and slashes swap), and finds the IPC
/// namespace's names and the network's and message queues' prefixes; on
/// the name as written: its first part, its first separator and the rest.
#[cfg(feature = "rare-kinds")]
fn host_sysctl(name: &str, spec: &Value) -> Option<&'static str> {
    const IPC: [&str; 10] = [
        "sem",
        "shmall",
        "shmmax",
        "shmmni",
        "shm_rmid_forced",
        "shm",
        "msgmax",
        "msgmnb",
        "msgmni",
        "msg",
    ];
    let name = name.split('*').next().unwrap_or_default();
    let (first, rest) = name.split_at(name.find(['.', '/']).unwrap_or(name.len()));
    let separator = rest.get(..1).unwrap_or("");
    let rest = rest.get(1..).unwrap_or("");
    let host = |key: &str| spec.get(key) == Some(&Value::Bool(true));
    // `net.`, `fs.mqueue.`, `kernel.<name>` once normalized.
    let net = first == "net" && !separator.is_empty();
    let mqueue = first == "fs"
        && rest
            .strip_prefix("mqueue")
            .is_some_and(|r| r.starts_with(separator) && !separator.is_empty());
    let ipc = mqueue || first == "kernel" && IPC.contains(&rest);
    if net && host("hostNetwork") {
        Some("may not be specified when 'hostNetwork' is true")
    } else if ipc && host("hostIPC") {
        Some("may not be specified when 'hostIPC' is true")
    } else {
        None
    }
}

/// `validateWindowsSecurityContextOptions` of the security context `sc`
/// at `at`: a credential spec's name is a DNS subdomain, the credential
/// spec and the user name are not empty, the user name is `USER` or
/// `DOMAIN\USER` by Windows' rules.
#[cfg(feature = "rare-kinds")]
fn windows_options(errs: &mut Vec<FieldError>, sc: &Value, at: &str) {
    let Some(options) = set(sc, "windowsOptions") else {
        return;
    };
    let at = child(at, "windowsOptions");
    // The bad values are the `*string` fields, printed by `json.Marshal`.
    let mut check = |key: &str, rule: fn(&str) -> Vec<String>| {
        if let Some(value) = set(options, key).and_then(Value::as_str) {
            for message in rule(value) {
                errs.invalid(
                    child(&at, key),
                    BadValue::Json(json_string(value)),
                    &message,
                );
            }
        }
    };
    check("gmsaCredentialSpecName", dns1123_subdomain);
    check("gmsaCredentialSpec", |spec| match spec.len() {
        0 => vec!["gmsaCredentialSpec cannot be an empty string".into()],
        65537.. => vec!["gmsaCredentialSpec size must be under 64 KiB".into()],
        _ => vec![],
    });
    check("runAsUserName", run_as_user_name);
}

/// `validateWindowsSecurityContextOptions`' messages for a
/// `runAsUserName`.
#[cfg(feature = "rare-kinds")]
fn run_as_user_name(name: &str) -> Vec<String> {
    let split = name.split_once('\\');
    let message = |m: &str| vec![m.to_owned()];
    if name.is_empty() {
        return message("runAsUserName cannot be an empty string");
    }
    // Go's `[[:cntrl:]]`, ASCII's control characters.
    if name.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return message("runAsUserName cannot contain control characters");
    }
    if split.is_some_and(|(_, user)| user.contains('\\')) {
        return message("runAsUserName cannot contain more than one backslash");
    }
    let (domain, user) = split.map_or((None, name), |(d, u)| (Some(d), u));
    let mut messages = Vec::new();
    let mut say = |m: &str| messages.push(m.to_owned());
    let domain_len = domain.map_or(0, str::len);
    if domain_len >= 256 {
        say("runAsUserName's Domain length must be under 256 characters");
    }
    if domain.is_some_and(|d| !netbios_domain(d) && !dns_domain(d)) {
        say("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
    }
    if user.is_empty() {
        say("runAsUserName's User cannot be empty");
    } else if user.len() > 104 {
        say("runAsUserName's User length must not be longer than 104 characters");
    }
    if !user.is_empty() && user.bytes().all(|b| b == b'.' || b == b' ') {
        say("runAsUserName's User cannot contain only periods or spaces");
    }
    if user.contains(|c| "\"/\\:;|=,+*?<>@[]".contains(c)) {
        say("runAsUserName's User cannot contain the following characters: \"/\\:;|=,+*?<>@[]");
    }
    messages
}

/// `validNetBiosRegex`: 1 to 15 characters, none of `\/:*?"<>|`, the
/// first not a dot.
#[cfg(feature = "rare-kinds")]
fn netbios_domain(domain: &str) -> bool {
    let bad = |c: char| "\\/:*?\"<>|".contains(c);
    !domain.starts_with('.') && (1..=15).contains(&domain.chars().count()) && !domain.contains(bad)
}

/// `validWindowsUserDomainDNSRegex`: dot-separated labels of 1 to 63
/// ASCII letters, digits and dashes, no dash at either end (upper case
/// allowed, unlike a DNS-1123 name).
#[cfg(feature = "rare-kinds")]
fn dns_domain(domain: &str) -> bool {
    domain.split('.').all(|label| {
        let b = label.as_bytes();
        (1..=63).contains(&b.len())
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
            && b.first() != Some(&b'-')
            && b.last() != Some(&b'-')
    })
}

/// `validateWindowsHostProcessPod` of `spec` at `path`: when a container
/// runs as a host process (its own `hostProcess`, or the pod's when it
/// sets none), all do, the pod's value and a container's agree, and the
/// pod uses the host's network.
#[cfg(feature = "rare-kinds")]
pub(super) fn host_process(errs: &mut Vec<FieldError>, spec: &Value, path: &str) {
    let host_process = |sc: Option<&Value>| {
        sc.and_then(|sc| set(sc, "windowsOptions"))
            .and_then(|options| options.get("hostProcess"))
            .and_then(Value::as_bool)
    };
    let pod = host_process(spec.get("securityContext"));
    let (mut containers, mut host_processes) = (0, 0);
    each_container(spec, path, |c, at| {
        containers += 1;
        let own = host_process(c.get("securityContext"));
        if let (Some(pod), Some(own)) = (pod, own)
            && pod != own
        {
            errs.invalid(
                child(
                    &child(&child(at, "securityContext"), "windowsOptions"),
                    "hostProcess",
                ),
                BadValue::Json(own.to_string()),
                &format!(
                    "pod hostProcess value must be identical if both are specified, was {pod}"
                ),
            );
        }
        host_processes += usize::from(own.or(pod) == Some(true));
    });
    if host_processes == 0 {
        return;
    }
    if host_processes != containers {
        errs.invalid(
            path,
            BadValue::str(""),
            "If pod contains any hostProcess containers then all containers must be HostProcess containers",
        );
    }
    if spec.get("hostNetwork") != Some(&Value::Bool(true)) {
        errs.invalid(
            child(path, "hostNetwork"),
            BadValue::Json("false".into()),
            "hostNetwork must be true if pod contains any hostProcess containers",
        );
    }
}

/// `IsValidSysctlName`'s message.
#[cfg(feature = "rare-kinds")]
const SYSCTL: &str = "must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$";

/// `IsValidSysctlName`: at most 253 characters, segments of lower-case
/// letters, digits, `-` and `_` (not at their ends) between `.` or `/`:
/// a separator (and each end) only beside a letter or a digit.
#[cfg(feature = "rare-kinds")]
fn sysctl_name(name: &str) -> bool {
    // 0 a separator, 1 `-` or `_`, 2 a letter or digit, 3 anything else.
    let class = |c: u8| match c {
        b'a'..=b'z' | b'0'..=b'9' => 2u8,
        b'-' | b'_' => 1,
        b'.' | b'/' => 0,
        _ => 3,
    };
    let mut prev = 0;
    name.len() <= 253
        && name.bytes().chain([b'.']).all(|c| {
            let k = class(c);
            let ok = k < 3 && (prev != 0 && k != 0 || prev + k == 2);
            prev = k;
            ok
        })
}

/// `validateSeccompProfileField` (`key` `seccompProfile`) or
/// `ValidateAppArmorProfileField` (`appArmorProfile`) of `sc`'s profile.
fn profile(errs: &mut Vec<FieldError>, sc: &Value, at: &str, key: &str) {
    const SECCOMP: [&str; 3] = [
        "type is required when seccompProfile is set",
        "must be set when seccomp type is Localhost",
        "can only be set when seccomp type is Localhost",
    ];
    const APPARMOR: [&str; 3] = [
        "type is required when appArmorProfile is set",
        "must be set when AppArmor type is Localhost",
        "can only be set when AppArmor type is Localhost",
    ];
    const TYPES: [&str; 3] = ["Localhost", "RuntimeDefault", "Unconfined"];
    let Some(p) = set(sc, key) else {
        return;
    };
    let at = child(at, key);
    let apparmor = key == "appArmorProfile";
    let [type_required, required, only_localhost] = if apparmor { &APPARMOR } else { &SECCOMP };
    let kind = text(p, "type");
    let known = TYPES.contains(&kind);
    let type_path = child(&at, "type");
    if kind.is_empty() {
        errs.required(type_path, type_required);
    } else if !known {
        errs.not_supported(type_path, named(kind), &TYPES);
    }
    let path = child(&at, "localhostProfile");
    let local = set(p, "localhostProfile");
    let profile = local.and_then(Value::as_str).unwrap_or("");
    let localhost = kind == "Localhost";
    if localhost && (local.is_none() || apparmor && profile.is_empty()) {
        errs.required(&path, required);
    }
    let bad = || BadValue::str(profile);
    if localhost && apparmor && profile.trim() != profile {
        errs.invalid(&path, bad(), "must not be padded with whitespace");
    }
    // validateLocalDescendingPath.
    if localhost && !apparmor && profile.starts_with('/') {
        errs.invalid(&path, bad(), "must be a relative path");
    }
    if localhost && !apparmor && profile.split('/').any(|s| s == "..") {
        errs.invalid(&path, bad(), "must not contain '..'");
    }
    if localhost && apparmor && profile.len() > 4095 {
        errs.push(too_long(&path, 4095));
    }
    // seccomp's value is the internal SeccompProfile.
    if local.is_some() && !localhost && (known || !apparmor) {
        let value = if apparmor {
            bad()
        } else {
            BadValue::Json(pointer_to("SeccompProfile", Some(p)))
        };
        errs.invalid(path, value, only_localhost);
    }
}

#[cfg(test)]
mod tests;
