//! The security context rules of `security`: one test per upstream
//! function, each with the server's message (Kubernetes 1.36) for a bad
//! pod and a good one passing, and the order of the container's, the
//! pod's and the user namespace's errors among `ValidatePodSpec`'s.

#![allow(clippy::unwrap_used)]

// A Pod with one container, defaulted and validated on create, and its
// message without the `Pod "p" is invalid: `: the pod spec rules' helpers.
use super::super::core::tests::{error, pod};

/// A pod security context of `fields` (flow-map entries).
fn pod_context(fields: &str) -> String {
    format!("  securityContext: {{{fields}}}\n")
}

/// The internal `core.SecurityContext` as `json.Marshal` prints it, with
/// `fields` (`"Name":value` pairs, in declaration order) set.
fn internal_context(fields: &[(&str, &str)]) -> String {
    let names = [
        "Capabilities",
        "Privileged",
        "SELinuxOptions",
        "WindowsOptions",
        "RunAsUser",
        "RunAsGroup",
        "RunAsNonRoot",
        "ReadOnlyRootFilesystem",
        "AllowPrivilegeEscalation",
        "ProcMount",
        "SeccompProfile",
        "AppArmorProfile",
    ];
    let entries: Vec<String> = names
        .iter()
        .map(|name| {
            let value = fields
                .iter()
                .find(|(n, _)| n == name)
                .map_or("null", |(_, v)| v);
            format!("\"{name}\":{value}")
        })
        .collect();
    format!("{{{}}}", entries.join(","))
}

/// `ValidateSecurityContext`: `runAsUser` (`IsValidUserID`) and
/// `runAsGroup` (`IsValidGroupID`) in 0..2147483647, of regular and init
/// containers alike (`validateContainerCommon`).
#[test]
fn container_user_and_group_ids() {
    assert_eq!(
        error(
            "securityContext: {runAsUser: -1, runAsGroup: 2147483648}",
            "  initContainers: [{name: init, image: busybox, securityContext: {runAsUser: 4294967295}}]\n"
        ),
        "[spec.containers[0].securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive, spec.containers[0].securityContext.runAsGroup: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive, spec.initContainers[0].securityContext.runAsUser: Invalid value: 4294967295: must be between 0 and 2147483647, inclusive]"
    );
    assert!(
        pod(
            "securityContext: {runAsUser: 0, runAsGroup: 2147483647}",
            ""
        )
        .is_ok()
    );
}

/// `ValidateSecurityContext`: `allowPrivilegeEscalation: false` beside
/// `privileged: true` or an added CAP_SYS_ADMIN (once per addition), the
/// bad value the whole internal SecurityContext as `json.Marshal` prints
/// it.
#[test]
fn no_privilege_escalation_beside_privileged_or_sys_admin() {
    let privileged = internal_context(&[
        ("Privileged", "true"),
        ("AllowPrivilegeEscalation", "false"),
    ]);
    assert_eq!(
        error(
            "securityContext: {privileged: true, allowPrivilegeEscalation: false}",
            ""
        ),
        format!(
            "spec.containers[0].securityContext: Invalid value: {privileged}: cannot set `allowPrivilegeEscalation` to false and `privileged` to true"
        )
    );
    let both = internal_context(&[
        (
            "Capabilities",
            r#"{"Add":["NET_ADMIN","CAP_SYS_ADMIN"],"Drop":["ALL"]}"#,
        ),
        ("Privileged", "true"),
        ("RunAsNonRoot", "true"),
        ("AllowPrivilegeEscalation", "false"),
        (
            "SeccompProfile",
            r#"{"Type":"RuntimeDefault","LocalhostProfile":null}"#,
        ),
    ]);
    assert_eq!(
        error(
            "securityContext: {privileged: true, runAsNonRoot: true, allowPrivilegeEscalation: false, capabilities: {add: [NET_ADMIN, CAP_SYS_ADMIN], drop: [ALL]}, seccompProfile: {type: RuntimeDefault}}",
            ""
        ),
        format!(
            "[spec.containers[0].securityContext: Invalid value: {both}: cannot set `allowPrivilegeEscalation` to false and `privileged` to true, spec.containers[0].securityContext: Invalid value: {both}: cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN]"
        )
    );
    assert!(
        pod(
            "securityContext: {privileged: true, allowPrivilegeEscalation: true, capabilities: {add: [CAP_SYS_ADMIN]}}",
            ""
        )
        .is_ok()
    );
    assert!(
        pod(
            "securityContext: {allowPrivilegeEscalation: false, capabilities: {add: [SYS_ADMIN]}}",
            ""
        )
        .is_ok()
    );
}

/// `ValidateSecurityContext` with `ValidateProcMountType`: Default or
/// Unmasked (ProcMountType, beta and on), Unmasked only in a user
/// namespace (`hostUsers: false`).
#[test]
fn proc_mount() {
    assert_eq!(
        error("securityContext: {procMount: Masked}", ""),
        "spec.containers[0].securityContext.procMount: Unsupported value: \"Masked\": supported values: \"Default\", \"Unmasked\""
    );
    assert_eq!(
        error("securityContext: {procMount: Unmasked}", ""),
        "spec.containers[0].securityContext.procMount: Invalid value: \"Unmasked\": `hostUsers` must be false to use `Unmasked`"
    );
    assert!(
        pod(
            "securityContext: {procMount: Unmasked}",
            "  hostUsers: false\n"
        )
        .is_ok()
    );
    assert!(pod("securityContext: {procMount: Default}", "").is_ok());
}

/// `validateSeccompProfileField`: a type, a known one (`NotSupported`
/// lists them), a Localhost profile's path (`validateLocalDescendingPath`:
/// relative, without `..`), no profile for another type (the bad value
/// the internal SeccompProfile).
#[test]
fn seccomp_profiles() {
    assert_eq!(
        error(
            "securityContext: {seccompProfile: {localhostProfile: p.json}}",
            ""
        ),
        "[spec.containers[0].securityContext.seccompProfile.type: Required value: type is required when seccompProfile is set, spec.containers[0].securityContext.seccompProfile.localhostProfile: Invalid value: {\"Type\":\"\",\"LocalhostProfile\":\"p.json\"}: can only be set when seccomp type is Localhost]"
    );
    assert_eq!(
        error(
            "securityContext: {seccompProfile: {type: runtime/default}}",
            ""
        ),
        "spec.containers[0].securityContext.seccompProfile.type: Unsupported value: \"runtime/default\": supported values: \"Localhost\", \"RuntimeDefault\", \"Unconfined\""
    );
    assert_eq!(
        error("", &pod_context("seccompProfile: {type: Localhost}")),
        "spec.securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost"
    );
    assert_eq!(
        error(
            "securityContext: {seccompProfile: {type: Localhost, localhostProfile: /var/lib/../p.json}}",
            ""
        ),
        "[spec.containers[0].securityContext.seccompProfile.localhostProfile: Invalid value: \"/var/lib/../p.json\": must be a relative path, spec.containers[0].securityContext.seccompProfile.localhostProfile: Invalid value: \"/var/lib/../p.json\": must not contain '..']"
    );
    assert_eq!(
        error(
            "",
            &pod_context("seccompProfile: {type: RuntimeDefault, localhostProfile: p.json}")
        ),
        "spec.securityContext.seccompProfile.localhostProfile: Invalid value: {\"Type\":\"RuntimeDefault\",\"LocalhostProfile\":\"p.json\"}: can only be set when seccomp type is Localhost"
    );
    assert!(
        pod(
            "securityContext: {seccompProfile: {type: Localhost, localhostProfile: profiles/audit.json}}",
            &pod_context("seccompProfile: {type: RuntimeDefault}")
        )
        .is_ok()
    );
}

/// `ValidateAppArmorProfileField`: a type, a known one, a Localhost
/// profile that is set, not padded with whitespace and at most 4095
/// bytes, no profile for another known type (the bad value the string).
#[test]
fn app_armor_profiles() {
    assert_eq!(
        error(
            "securityContext: {appArmorProfile: {localhostProfile: k8s-x}}",
            ""
        ),
        "spec.containers[0].securityContext.appArmorProfile.type: Required value: type is required when appArmorProfile is set"
    );
    assert_eq!(
        error("", &pod_context("appArmorProfile: {type: unconfined}")),
        "spec.securityContext.appArmorProfile.type: Unsupported value: \"unconfined\": supported values: \"Localhost\", \"RuntimeDefault\", \"Unconfined\""
    );
    assert_eq!(
        error("securityContext: {appArmorProfile: {type: Localhost}}", ""),
        "spec.containers[0].securityContext.appArmorProfile.localhostProfile: Required value: must be set when AppArmor type is Localhost"
    );
    assert_eq!(
        error(
            "securityContext: {appArmorProfile: {type: Localhost, localhostProfile: ' k8s-x'}}",
            ""
        ),
        "spec.containers[0].securityContext.appArmorProfile.localhostProfile: Invalid value: \" k8s-x\": must not be padded with whitespace"
    );
    assert_eq!(
        error(
            "securityContext: {appArmorProfile: {type: Localhost, localhostProfile: ''}}",
            ""
        ),
        "spec.containers[0].securityContext.appArmorProfile.localhostProfile: Required value: must be set when AppArmor type is Localhost"
    );
    let long = "p".repeat(4096);
    assert_eq!(
        error(
            &format!(
                "securityContext: {{appArmorProfile: {{type: Localhost, localhostProfile: {long}}}}}"
            ),
            ""
        ),
        "spec.containers[0].securityContext.appArmorProfile.localhostProfile: Too long: may not be more than 4095 bytes"
    );
    assert_eq!(
        error(
            "securityContext: {appArmorProfile: {type: RuntimeDefault, localhostProfile: k8s-x}}",
            ""
        ),
        "spec.containers[0].securityContext.appArmorProfile.localhostProfile: Invalid value: \"k8s-x\": can only be set when AppArmor type is Localhost"
    );
    assert!(
        pod(
            "securityContext: {appArmorProfile: {type: Localhost, localhostProfile: k8s-apparmor-example}}",
            &pod_context("appArmorProfile: {type: RuntimeDefault}")
        )
        .is_ok()
    );
}

/// `validatePodSpecSecurityContext`: `fsGroup`, `runAsUser`, `runAsGroup`
/// and each supplemental group in 0..2147483647, in that order; a shared
/// process namespace not beside `hostPID` (the internal
/// PodSecurityContext holds both).
#[test]
fn pod_ids_and_process_namespace() {
    assert_eq!(
        error(
            "",
            &format!(
                "  hostPID: true\n  shareProcessNamespace: true\n{}",
                pod_context(
                    "runAsGroup: -2, fsGroup: -1, runAsUser: 2147483648, supplementalGroups: [1000, -3]"
                )
            )
        ),
        "[spec.securityContext.fsGroup: Invalid value: -1: must be between 0 and 2147483647, inclusive, spec.securityContext.runAsUser: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive, spec.securityContext.runAsGroup: Invalid value: -2: must be between 0 and 2147483647, inclusive, spec.securityContext.supplementalGroups[1]: Invalid value: -3: must be between 0 and 2147483647, inclusive, spec.securityContext.shareProcessNamespace: Invalid value: true: ShareProcessNamespace and HostPID cannot both be enabled]"
    );
    assert!(
        pod(
            "",
            &format!(
                "  shareProcessNamespace: true\n{}",
                pod_context(
                    "runAsUser: 1000, runAsGroup: 3000, fsGroup: 2000, supplementalGroups: [4000]"
                )
            )
        )
        .is_ok()
    );
}

/// `validateSysctls`: a name, one `IsValidSysctlName` accepts (at most
/// 253 characters, `.` or `/` between segments), not twice (checked for a
/// valid one).
#[test]
fn sysctls() {
    assert_eq!(
        error(
            "",
            &pod_context(
                "sysctls: [{name: '', value: '1'}, {name: Net.Core.Somaxconn, value: '1'}, {name: net..core, value: '1'}, {name: kernel.shm_rmid_forced, value: '1'}, {name: kernel.shm_rmid_forced, value: '0'}, {name: net.core.-x, value: '1'}, {name: net.core.-x, value: '1'}]"
            )
        ),
        "[spec.securityContext.sysctls[0].name: Required value, spec.securityContext.sysctls[1].name: Invalid value: \"Net.Core.Somaxconn\": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$, spec.securityContext.sysctls[2].name: Invalid value: \"net..core\": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$, spec.securityContext.sysctls[4].name: Duplicate value: \"kernel.shm_rmid_forced\", spec.securityContext.sysctls[5].name: Invalid value: \"net.core.-x\": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$, spec.securityContext.sysctls[6].name: Invalid value: \"net.core.-x\": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$]"
    );
    let long = format!("kernel.{}", "a".repeat(247));
    assert_eq!(
        error(
            "",
            &pod_context(&format!("sysctls: [{{name: {long}, value: '1'}}]"))
        ),
        format!(
            "spec.securityContext.sysctls[0].name: Invalid value: \"{long}\": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$"
        )
    );
    assert!(
        pod(
            "",
            &pod_context(&format!("sysctls: [{{name: 'net.ipv4.conf.eth0/100.rp_filter', value: '1'}}, {{name: kernel/shm_rmid_forced, value: '1'}}, {{name: {}, value: '1'}}]", &long[..253]))
        )
        .is_ok()
    );
}

/// `ValidateHostSysctl`, after a name's own errors: no sysctl of the
/// network namespace beside `hostNetwork`, none of the IPC namespace
/// beside `hostIPC` (component-helpers' `GetNamespace`: a name with `/`
/// before its first `.` normalized, a `*` cutting it, the IPC names
/// listed and the `net` and `fs.mqueue` prefixes).
#[test]
fn host_sysctls() {
    let sysctls = "sysctls: [{name: net.core.somaxconn, value: '1'}, {name: net/ipv4/ip_forward, value: '1'}, {name: kernel/shm_rmid_forced, value: '1'}, {name: fs.mqueue.msg_max, value: '1'}, {name: 'kernel.msg*', value: '1'}, {name: kernel.shmall2, value: '1'}, {name: net, value: '1'}, {name: kernel.sem, value: '1'}]";
    let regex = "must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$";
    assert_eq!(
        error(
            "",
            &format!(
                "  hostNetwork: true\n  hostIPC: true\n{}",
                pod_context(sysctls)
            )
        ),
        format!(
            "[spec.securityContext.sysctls[0].name: Invalid value: \"net.core.somaxconn\": may not be specified when 'hostNetwork' is true, \
            spec.securityContext.sysctls[1].name: Invalid value: \"net/ipv4/ip_forward\": may not be specified when 'hostNetwork' is true, \
            spec.securityContext.sysctls[2].name: Invalid value: \"kernel/shm_rmid_forced\": may not be specified when 'hostIPC' is true, \
            spec.securityContext.sysctls[3].name: Invalid value: \"fs.mqueue.msg_max\": may not be specified when 'hostIPC' is true, \
            spec.securityContext.sysctls[4].name: Invalid value: \"kernel.msg*\": {regex}, \
            spec.securityContext.sysctls[4].name: Invalid value: \"kernel.msg*\": may not be specified when 'hostIPC' is true, \
            spec.securityContext.sysctls[7].name: Invalid value: \"kernel.sem\": may not be specified when 'hostIPC' is true]"
        )
    );
    // Each namespace only beside its own host setting.
    assert_eq!(
        error(
            "",
            &format!("  hostNetwork: true\n{}", pod_context(sysctls))
        ),
        format!(
            "[spec.securityContext.sysctls[0].name: Invalid value: \"net.core.somaxconn\": may not be specified when 'hostNetwork' is true, \
            spec.securityContext.sysctls[1].name: Invalid value: \"net/ipv4/ip_forward\": may not be specified when 'hostNetwork' is true, \
            spec.securityContext.sysctls[4].name: Invalid value: \"kernel.msg*\": {regex}]"
        )
    );
    assert!(
        pod(
            "",
            &format!(
                "  hostNetwork: true\n{}",
                pod_context("sysctls: [{name: kernel.shm_rmid_forced, value: '1'}, {name: kernel.sem, value: '1'}]")
            )
        )
        .is_ok()
    ); // Message queues by either separator, not the bare prefix.
    assert_eq!(
        error(
            "",
            &format!(
                "  hostIPC: true\n{}",
                pod_context(
                    "sysctls: [{name: fs/mqueue/queues_max, value: '1'}, {name: fs.mqueue, value: '1'}, {name: kernel.shm.x, value: '1'}]"
                )
            )
        ),
        "spec.securityContext.sysctls[0].name: Invalid value: \"fs/mqueue/queues_max\": may not be specified when 'hostIPC' is true"
    );
}

/// `validateWindowsSecurityContextOptions`, a container's between its
/// `allowPrivilegeEscalation` and AppArmor errors, the pod's between its
/// seccomp and AppArmor profiles': a credential spec's name is a DNS
/// subdomain, the spec not empty (at most 64 KiB), the user name not
/// empty, without control characters or a second backslash, its domain
/// under 256 bytes and a NetBIOS or DNS name, its user 1 to 104 bytes,
/// not only dots and spaces, none of `"/\:;|=,+*?<>@[]`.
#[test]
fn windows_options() {
    let subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    assert_eq!(
        error(
            "securityContext: {windowsOptions: {gmsaCredentialSpecName: Web_Spec, gmsaCredentialSpec: '', runAsUserName: 'a\\b\\c'}, appArmorProfile: {}}",
            &pod_context(
                "seccompProfile: {}, windowsOptions: {runAsUserName: \"bad\\tname\"}, appArmorProfile: {}"
            )
        ),
        format!(
            "[spec.containers[0].securityContext.windowsOptions.gmsaCredentialSpecName: Invalid value: \"Web_Spec\": {subdomain}, \
            spec.containers[0].securityContext.windowsOptions.gmsaCredentialSpec: Invalid value: \"\": gmsaCredentialSpec cannot be an empty string, \
            spec.containers[0].securityContext.windowsOptions.runAsUserName: Invalid value: \"a\\\\b\\\\c\": runAsUserName cannot contain more than one backslash, \
            spec.containers[0].securityContext.appArmorProfile.type: Required value: type is required when appArmorProfile is set, \
            spec.securityContext.seccompProfile.type: Required value: type is required when seccompProfile is set, \
            spec.securityContext.windowsOptions.runAsUserName: Invalid value: \"bad\\tname\": runAsUserName cannot contain control characters, \
            spec.securityContext.appArmorProfile.type: Required value: type is required when appArmorProfile is set]"
        )
    );
    let user_name = |name: &str| {
        error(
            &format!("securityContext: {{windowsOptions: {{runAsUserName: '{name}'}}}}"),
            "",
        )
    };
    let refusal = |name: &str, details: &[&str]| {
        let errors: Vec<String> = details
            .iter()
            .map(|d| format!("spec.containers[0].securityContext.windowsOptions.runAsUserName: Invalid value: {name:?}: {d}"))
            .collect();
        if errors.len() == 1 {
            errors.concat()
        } else {
            format!("[{}]", errors.join(", "))
        }
    };
    const DOMAIN: &str = "runAsUserName's Domain doesn't match the NetBios nor the DNS format";
    assert_eq!(
        user_name(""),
        refusal("", &["runAsUserName cannot be an empty string"])
    );
    assert_eq!(user_name(".corp\\app"), refusal(".corp\\app", &[DOMAIN]));
    assert_eq!(user_name("\\app"), refusal("\\app", &[DOMAIN]));
    assert_eq!(
        user_name("corp\\"),
        refusal("corp\\", &["runAsUserName's User cannot be empty"])
    );
    assert_eq!(
        user_name("corp\\. ."),
        refusal(
            "corp\\. .",
            &["runAsUserName's User cannot contain only periods or spaces"]
        )
    );
    // The value is a `*string`, printed by `json.Marshal`: HTML
    // characters escaped.
    assert_eq!(
        user_name("app<corp>"),
        "spec.containers[0].securityContext.windowsOptions.runAsUserName: Invalid value: \"app\\u003ccorp\\u003e\": runAsUserName's User cannot contain the following characters: \"/\\:;|=,+*?<>@[]"
    );
    assert_eq!(
        user_name("app@corp"),
        refusal(
            "app@corp",
            &["runAsUserName's User cannot contain the following characters: \"/\\:;|=,+*?<>@[]"]
        )
    );
    let user = "u".repeat(105);
    assert_eq!(
        user_name(&user),
        refusal(
            &user,
            &["runAsUserName's User length must not be longer than 104 characters"]
        )
    );
    let domain = format!("{}\\app", "d".repeat(256));
    assert_eq!(
        user_name(&domain),
        refusal(
            &domain,
            &[
                "runAsUserName's Domain length must be under 256 characters",
                DOMAIN
            ]
        )
    );
    let spec = "x".repeat(65537);
    assert_eq!(
        error(
            &format!("securityContext: {{windowsOptions: {{gmsaCredentialSpec: {spec}}}}}"),
            ""
        ),
        format!(
            "spec.containers[0].securityContext.windowsOptions.gmsaCredentialSpec: Invalid value: \"{spec}\": gmsaCredentialSpec size must be under 64 KiB"
        )
    );
    // NetBIOS names may hold spaces and dashes, DNS names capitals and
    // more than 15 characters; 64 KiB of credential spec is allowed.
    for name in [
        "ContainerAdministrator",
        "NT AUTHORITY\\SYSTEM",
        "-corp-\\app",
        "Corp.Example.COM\\app.user",
        &format!("{}\\{}", "d".repeat(63), "u".repeat(104)),
    ] {
        assert!(
            pod(&format!("securityContext: {{windowsOptions: {{runAsUserName: '{name}', gmsaCredentialSpecName: web-spec, gmsaCredentialSpec: {}}}}}", "x".repeat(65536)), "").is_ok(),
            "{name}"
        );
    }
}

/// `validateWindowsHostProcessPod`, after the topology spread constraints
/// and before `validateHostUsers`: a container's `hostProcess` the pod's
/// when both are set, every container a host process when one is (its
/// own or the pod's; init containers first, as `VisitContainersWithPath`
/// walks them), and the host's network.
#[test]
fn host_process_pods() {
    assert_eq!(
        error(
            "securityContext: {windowsOptions: {hostProcess: false}}",
            "  securityContext: {windowsOptions: {hostProcess: true}}\n  initContainers: [{name: init, image: x}]\n  topologySpreadConstraints: [{maxSkew: 1, whenUnsatisfiable: DoNotSchedule}]\n  hostUsers: false\n  hostPID: true\n"
        ),
        "[spec.topologySpreadConstraints[0].topologyKey: Required value: can not be empty, \
        spec.containers[0].securityContext.windowsOptions.hostProcess: Invalid value: false: pod hostProcess value must be identical if both are specified, was true, \
        spec: Invalid value: \"\": If pod contains any hostProcess containers then all containers must be HostProcess containers, \
        spec.hostNetwork: Invalid value: false: hostNetwork must be true if pod contains any hostProcess containers, \
        spec.HostPID: Forbidden: when `hostUsers` is false]"
    );
    // A container's own `hostProcess: true` counts without the pod's.
    assert_eq!(
        error(
            "securityContext: {windowsOptions: {hostProcess: true}}",
            "  hostNetwork: true\n  initContainers: [{name: init, image: x}]\n"
        ),
        "spec: Invalid value: \"\": If pod contains any hostProcess containers then all containers must be HostProcess containers"
    );
    assert!(
        pod(
            "",
            "  hostNetwork: true\n  securityContext: {windowsOptions: {hostProcess: true}}\n  initContainers: [{name: init, image: x, securityContext: {windowsOptions: {hostProcess: true}}}]\n"
        )
        .is_ok()
    );
    assert!(
        pod(
            "securityContext: {windowsOptions: {hostProcess: false}}",
            ""
        )
        .is_ok()
    );
}

/// `validateFSGroupChangePolicy`, `validateSupplementalGroupsPolicy`
/// (SupplementalGroupsPolicy, GA) and `validateSELinuxChangePolicy`
/// (SELinuxChangePolicy on, SELinuxMount off: only Recursive for a new
/// object), after the profiles.
#[test]
fn pod_policies() {
    assert_eq!(
        error(
            "",
            &pod_context(
                "seLinuxChangePolicy: MountOption, supplementalGroupsPolicy: merge, fsGroupChangePolicy: Never, seccompProfile: {type: Default}"
            )
        ),
        "[spec.securityContext.fsGroupChangePolicy: Unsupported value: \"Never\": supported values: \"Always\", \"OnRootMismatch\", spec.securityContext.seccompProfile.type: Unsupported value: \"Default\": supported values: \"Localhost\", \"RuntimeDefault\", \"Unconfined\", spec.securityContext.supplementalGroupsPolicy: Unsupported value: \"merge\": supported values: \"Merge\", \"Strict\", spec.securityContext.seLinuxChangePolicy: Unsupported value: \"MountOption\": supported values: \"Recursive\"]"
    );
    assert!(
        pod(
            "",
            &pod_context("seLinuxChangePolicy: Recursive, supplementalGroupsPolicy: Strict, fsGroupChangePolicy: OnRootMismatch")
        )
        .is_ok()
    );
}

/// `ValidatePodSpec`'s order: the container's security context last of
/// its container's errors (`validateContainerCommon`), the pod's after
/// the node selector and before the affinity.
#[test]
fn the_order_of_security_errors() {
    assert_eq!(
        error(
            "securityContext: {runAsUser: -1}, imagePullPolicy: Sometimes",
            "  serviceAccountName: Web\n  nodeSelector: {disk: -ssd}\n  affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 0, preference: {}}]}}\n  securityContext: {fsGroup: -1}\n"
        ),
        "[spec.containers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\", spec.containers[0].securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive, spec.nodeSelector: Invalid value: \"-ssd\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'), spec.securityContext.fsGroup: Invalid value: -1: must be between 0 and 2147483647, inclusive, spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100, spec.serviceAccountName: Invalid value: \"Web\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]"
    );
}

/// `validateHostUsers`, after the topology spread constraints and before
/// the service account's name: in a user namespace no host network
/// (UserNamespacesHostNetworkSupport, alpha and off in 1.36), PID or IPC
/// namespace (the paths capitalised as upstream builds them), and no
/// volume devices (init containers first, as `VisitContainersWithPath`
/// walks them).
#[test]
fn host_users() {
    assert_eq!(
        error(
            "volumeDevices: [{name: d, devicePath: /dev/x}]",
            "  hostUsers: false\n  hostNetwork: true\n  hostPID: true\n  hostIPC: true\n  activeDeadlineSeconds: 0\n  topologySpreadConstraints: [{maxSkew: 1, whenUnsatisfiable: DoNotSchedule}]\n  initContainers: [{name: i, image: x, volumeDevices: [{name: d, devicePath: /dev/d}]}]\n"
        ),
        "[spec.topologySpreadConstraints[0].topologyKey: Required value: can not be empty, \
        spec.hostNetwork: Forbidden: when `hostUsers` is false, \
        spec.HostPID: Forbidden: when `hostUsers` is false, \
        spec.HostIPC: Forbidden: when `hostUsers` is false, \
        spec.initContainers[0].volumeDevices: Forbidden: when `hostUsers` is false, \
        spec.containers[0].volumeDevices: Forbidden: when `hostUsers` is false, \
        spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive]"
    );
    assert!(pod("", "  hostUsers: false\n  hostNetwork: false\n").is_ok());
    assert!(
        pod(
            "volumeDevices: [{name: d, devicePath: /dev/x}]",
            "  hostUsers: true\n  hostNetwork: true\n  hostPID: true\n"
        )
        .is_ok()
    );
}
