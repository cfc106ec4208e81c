//! `pkg/apis/core/validation/validation.go` for a Service:
//! `ValidateService` on create, `ValidateServiceUpdate` on update (what
//! may not change, then `ValidateService` again), in upstream's order.
//!
//! Upstream validates the object the Service REST storage hands it
//! (`pkg/registry/core/service/storage/storage.go`): on update
//! `patchAllocatedValues` first puts back a cluster IP the write left out
//! (the engine's store does that too, `registry::service`), then
//! `normalizeClusterIPs` keeps `clusterIP` and `clusterIPs` in step (a
//! client that writes only the singular field changes both). The recorded
//! corpus results show that the reference server does not run that storage
//! (no cluster IP is allocated, no `clusterIPs` or `ipFamilies` written), so
//! the engine stores the object as written, and only the validation here
//! sees it as that storage would have: [`ClusterIps`]. Not modelled: what
//! the allocator itself refuses (families the cluster lacks, an address out
//! of its range or taken), the health-check node port a real server
//! allocates (so its `Required value` is not reported).
//!
//! Addresses and CIDRs are checked as `IsValidIPForLegacyField` and
//! `IsValidCIDRForLegacyField` check them with StrictIPCIDRValidation on
//! (beta and on by default since 1.36, kube_features.go of the 1.37
//! cycle): an IPv4 octet's leading zero, an IPv4-mapped address and a
//! CIDR's bits past its prefix are refused in a value the stored object
//! did not have.

use super::core::service_port;
use super::field::{BadValue, Errors, FieldError, index, invalid, named};
use super::ip::{self, Ip};
use super::{meta, names};
use crate::value::Value;

/// `ValidateService`'s errors for `new`, or `ValidateServiceUpdate`'s with
/// `old`.
pub(super) fn errors(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let spec = Spec(new.get("spec"));
    let ips = ClusterIps::of(spec, old.map(|o| Spec(o.get("spec"))));
    let mut errs = Vec::new();
    if let Some(old) = old {
        let old_spec = Spec(old.get("spec"));
        let old_ips = ClusterIps::stored(old_spec);
        errs.extend(upgrade_downgrade_cluster_ips(
            old_spec, &old_ips, spec, &ips,
        ));
        errs.extend(upgrade_downgrade_ip_families(
            old_spec, &old_ips, spec, &ips,
        ));
        // validateLoadBalancerClassField(old, new): the update part.
        let class = spec.get("loadBalancerClass");
        if old_spec.text("type") == "LoadBalancer"
            && spec.text("type") == "LoadBalancer"
            && class != old_spec.get("loadBalancerClass")
        {
            errs.invalid("spec.loadBalancerClass", pointer(class), CHANGED);
        }
        // validateServiceExternalTrafficFieldsUpdate.
        if needs_health_check(old_spec)
            && needs_health_check(spec)
            && spec.int("healthCheckNodePort") != old_spec.int("healthCheckNodePort")
        {
            errs.forbidden("spec.healthCheckNodePort", "field is immutable");
        }
    }
    errs.extend(validate_service(new, spec, &ips, old));
    errs
}

/// `ValidateServiceStatusUpdate`'s status errors:
/// `ValidateLoadBalancerStatus` (`LoadBalancerIPMode` GA, its ingress only
/// for a load balancer).
pub(super) fn status(new: &Value, old: &Value) -> Vec<FieldError> {
    let (entries, old_ips) = (load_balancer_ingress(new), load_balancer_ingress(old));
    let mut errs = Vec::new();
    if Spec(new.get("spec")).text("type") != "LoadBalancer" && !entries.is_empty() {
        errs.forbidden(
            LB_INGRESS,
            "may only be used when `spec.type` is 'LoadBalancer'",
        );
        return errs;
    }
    for (i, entry) in entries.iter().enumerate() {
        let at = index(LB_INGRESS, i);
        let ip = super::text(entry, "ip");
        load_balancer_ip(&mut errs, &at, ip, old_ips);
        let mode_path = || format!("{at}.ipMode");
        match (entry.get("ipMode").filter(|m| !m.is_null()), ip.is_empty()) {
            (None, false) => errs.required(mode_path(), "must be specified when `ip` is set"),
            (Some(_), true) => {
                errs.forbidden(mode_path(), "may not be specified when `ip` is not set");
            }
            (Some(mode), false) if !matches!(mode.as_str(), Some("VIP" | "Proxy")) => {
                errs.not_supported(
                    mode_path(),
                    BadValue::Json(mode.to_json()),
                    &["Proxy", "VIP"],
                );
            }
            _ => {}
        }
        load_balancer_hostname(&mut errs, &at, super::text(entry, "hostname"));
    }
    errs
}

pub(super) const LB_INGRESS: &str = "status.loadBalancer.ingress";

/// The entries of an object's `status.loadBalancer.ingress`.
pub(super) fn load_balancer_ingress(object: &Value) -> &[Value] {
    super::items(object.get_path(&["status", "loadBalancer", "ingress"]))
}

/// A load balancer ingress entry's `ip` at `at`
/// (`IsValidIPForLegacyField`: strict, StrictIPCIDRValidation being on in
/// 1.36, unless the stored status had it).
pub(super) fn load_balancer_ip(errs: &mut Vec<FieldError>, at: &str, ip: &str, old: &[Value]) {
    let stored = old.iter().any(|e| super::text(e, "ip") == ip);
    if !ip.is_empty()
        && !stored
        && let Some(detail) = ip::legacy_ip(ip)
    {
        errs.invalid(format!("{at}.ip"), BadValue::str(ip), detail);
    }
}

/// A load balancer source range at `path` (`IsValidCIDRForLegacyField`):
/// strict unless `stored` lists it.
fn source_range(errs: &mut Vec<FieldError>, path: &str, range: &str, stored: &[String]) {
    if stored.iter().any(|s| s == range) {
        return;
    }
    if let (Some(detail), _) = ip::legacy_cidr(range) {
        errs.invalid(path, BadValue::str(range), detail);
    }
}

/// `IsValidIPForLegacyField`'s errors at `path`: strict (StrictIPCIDRValidation
/// on in 1.36) unless `stored` lists the value.
fn legacy_ip(path: &str, text: &str, stored: &[String]) -> Vec<FieldError> {
    match ip::legacy_ip(text) {
        Some(detail) if !stored.iter().any(|s| s == text) => {
            vec![invalid(path, BadValue::str(text), detail)]
        }
        _ => Vec::new(),
    }
}

/// A load balancer ingress entry's `hostname` at `at`: a DNS subdomain,
/// not an IP address.
pub(super) fn load_balancer_hostname(errs: &mut Vec<FieldError>, at: &str, hostname: &str) {
    if hostname.is_empty() {
        return;
    }
    let path = format!("{at}.hostname");
    let mut details = names::dns1123_subdomain(hostname);
    if ip::parse_sloppy(hostname).is_some() {
        details.push("must be a DNS name, not an IP address".to_string());
    }
    super::field::invalid_each(errs, &path, hostname, details);
}

/// A Service's `spec` (absent or not a map: every field unset).
#[derive(Clone, Copy)]
struct Spec<'a>(Option<&'a Value>);

impl<'a> Spec<'a> {
    fn get(self, key: &str) -> Option<&'a Value> {
        super::at(self.0, key)
    }

    fn text(self, key: &str) -> &'a str {
        self.get(key).and_then(Value::as_str).unwrap_or("")
    }

    fn int(self, key: &str) -> i64 {
        self.get(key).and_then(Value::as_i64).unwrap_or(0)
    }

    fn list(self, key: &str) -> &'a [Value] {
        self.get(key)
            .and_then(Value::as_list)
            .map_or(&[], Vec::as_slice)
    }

    fn strings(self, key: &str) -> Vec<String> {
        self.list(key)
            .iter()
            .map(|v| v.as_str().unwrap_or("").to_string())
            .collect()
    }
}

/// `clusterIP` and `clusterIPs` as the Service storage hands them to
/// validation.
struct ClusterIps {
    single: String,
    list: Vec<String>,
}

impl ClusterIps {
    /// A stored Service's: a storage that ran would have written
    /// `clusterIPs` from `clusterIP` at create.
    fn stored(spec: Spec) -> ClusterIps {
        let single = spec.text("clusterIP").to_string();
        let mut list = spec.strings("clusterIPs");
        if list.is_empty() && !single.is_empty() {
            list.push(single.clone());
        }
        ClusterIps { single, list }
    }

    /// The written Service's: on create `normalizeClusterIPs` fills the
    /// list from the singular field; on update `patchAllocatedValues` (run
    /// by the engine's store too, `registry::service`, but on the stored
    /// list only) and `normalizeClusterIPs` against the stored ones. (Its
    /// first rule, the stored list for a client that kept `clusterIP` and
    /// left the list out, is the patch's.)
    fn of(spec: Spec, old: Option<Spec>) -> ClusterIps {
        let Some(old_spec) = old else {
            return ClusterIps::stored(spec);
        };
        let old = ClusterIps::stored(old_spec);
        let mut new = ClusterIps {
            single: spec.text("clusterIP").to_string(),
            list: spec.strings("clusterIPs"),
        };
        // patchAllocatedValues (needsClusterIP: not an ExternalName) on
        // the list a stored Service without one would have had.
        let external = |s: Spec| s.text("type") == "ExternalName";
        if !external(old_spec) && !external(spec) && new.list.is_empty() {
            new.list.clone_from(&old.list);
        }
        if old.single != new.single && new.list == old.list {
            new.list = if !old.single.is_empty() && new.single.is_empty() {
                // Cleared by the client: the list is cleared with it.
                Vec::new()
            } else {
                // Changed: the list follows (validation catches the change).
                vec![new.single.clone()]
            };
        }
        new
    }

    /// `isHeadlessService`.
    fn headless(&self) -> bool {
        matches!(self.list.as_slice(), [only] if only == "None")
    }

    /// The list as the error prints a `[]string`: `json.Marshal`.
    fn json(&self) -> BadValue {
        strings_json(&self.list)
    }
}

/// `json.Marshal` of a `[]string` (`null` when empty: nil).
fn strings_json(items: &[String]) -> BadValue {
    if items.is_empty() {
        return BadValue::Json("null".to_string());
    }
    let quoted: Vec<String> = items.iter().map(|s| super::field::json_string(s)).collect();
    BadValue::Json(format!("[{}]", quoted.join(",")))
}

/// A `*string` as the error prints it: `null`, or the string quoted.
fn pointer(value: Option<&Value>) -> BadValue {
    match value.and_then(Value::as_str) {
        Some(s) => named(s),
        None => BadValue::Json("null".to_string()),
    }
}

/// The detail of a changed cluster IP, family or load balancer class.
const CHANGED: &str = "may not change once set";

/// `validateUpgradeDowngradeClusterIPs`.
fn upgrade_downgrade_cluster_ips(
    old_spec: Spec,
    old: &ClusterIps,
    spec: Spec,
    new: &ClusterIps,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if spec.text("type") == "ExternalName" || old_spec.text("type") == "ExternalName" {
        return errs;
    }
    if old.headless() && new.headless() {
        return errs;
    }
    let (before, after) = (&old.list, &new.list);
    if before.len() == after.len() {
        for (i, ip) in before.iter().enumerate() {
            if *ip != after[i] {
                errs.invalid(index("spec.clusterIPs", i), new.json(), CHANGED);
            }
        }
    } else if before.len() > after.len() {
        if after.is_empty() {
            errs.invalid(
                "spec.clusterIPs[0]",
                new.json(),
                "primary clusterIP can not be unset",
            );
        }
        if !before.is_empty() && !after.is_empty() && after[0] != before[0] {
            errs.invalid("spec.clusterIPs[0]", new.json(), CHANGED);
        }
        if after.len() == 1 && spec.text("ipFamilyPolicy") != "SingleStack" {
            errs.invalid(
                "spec.ipFamilyPolicy",
                pointer(spec.get("ipFamilyPolicy")),
                "must be set to 'SingleStack' when releasing the secondary clusterIP",
            );
        }
    } else if !before.is_empty() && after[0] != before[0] {
        errs.invalid("spec.clusterIPs[0]", new.json(), CHANGED);
    }
    errs
}

/// `validateUpgradeDowngradeIPFamilies` (upstream prints the cluster IPs,
/// not the families, as the value of a changed primary family).
fn upgrade_downgrade_ip_families(
    old_spec: Spec,
    old: &ClusterIps,
    spec: Spec,
    new: &ClusterIps,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if spec.text("type") == "ExternalName" || old_spec.text("type") == "ExternalName" {
        return errs;
    }
    if old.headless() || new.headless() {
        return errs;
    }
    let before = old_spec.strings("ipFamilies");
    let after = spec.strings("ipFamilies");
    if before.len() == after.len() {
        for (i, family) in before.iter().enumerate() {
            if *family != after[i] {
                errs.invalid("spec.ipFamilies[0]", strings_json(&after), CHANGED);
            }
        }
    } else if before.len() > after.len() {
        if new.list.is_empty() {
            errs.invalid(
                "spec.ipFamilies[0]",
                strings_json(&after),
                "primary ipFamily can not be unset",
            );
        }
        if !after.is_empty() && after[0] != before[0] {
            errs.invalid("spec.ipFamilies[0]", new.json(), CHANGED);
        }
        if after.len() == 1 && spec.text("ipFamilyPolicy") != "SingleStack" {
            errs.invalid(
                "spec.ipFamilyPolicy",
                pointer(spec.get("ipFamilyPolicy")),
                "must be set to 'SingleStack' when releasing the secondary ipFamily",
            );
        }
    } else if !before.is_empty() && !after.is_empty() && after[0] != before[0] {
        errs.invalid("spec.ipFamilies[0]", new.json(), CHANGED);
    }
    errs
}

/// `ValidateService` (its `ValidateObjectMeta` is the caller's).
fn validate_service(
    service: &Value,
    spec: Spec,
    ips: &ClusterIps,
    old_service: Option<&Value>,
) -> Vec<FieldError> {
    let old = old_service.map(|o| Spec(o.get("spec")));
    let stored = |key: &str| old.map(|o| o.strings(key)).unwrap_or_default();
    let old_annotation = |key: &str| {
        old_service
            .and_then(|o| o.get_path(&["metadata", "annotations", key]))
            .and_then(Value::as_str)
    };
    let mut errs = Vec::new();
    let annotation = |key: &str| {
        service
            .get_path(&["metadata", "annotations", key])
            .and_then(Value::as_str)
    };
    const HINTS: &str = "service.kubernetes.io/topology-aware-hints";
    const MODE: &str = "service.kubernetes.io/topology-mode";
    if let (Some(mode), Some(hints)) = (annotation(MODE), annotation(HINTS))
        && mode != hints
    {
        errs.invalid(
            format!("metadata.annotations[{MODE}]"),
            BadValue::str(mode),
            &format!("must match annotations[{HINTS}] when both are specified"),
        );
    }
    let ty = spec.text("type");
    let ports = spec.list("ports");
    if ports.is_empty() && !ips.headless() && ty != "ExternalName" {
        errs.required("spec.ports", "");
    }
    match ty {
        "LoadBalancer" | "NodePort" if ips.headless() => errs.invalid(
            "spec.clusterIPs[0]",
            BadValue::str("None"),
            &format!("may not be set to 'None' for {ty} services"),
        ),
        "ExternalName" => {
            const DETAIL: &str = "may not be set for ExternalName services";
            if !ips.list.is_empty() {
                errs.forbidden("spec.clusterIPs", DETAIL);
            }
            if !spec.list("ipFamilies").is_empty() {
                errs.forbidden("spec.ipFamilies", DETAIL);
            }
            if spec.get("ipFamilyPolicy").is_some() {
                errs.forbidden("spec.ipFamilyPolicy", DETAIL);
            }
            // A CNAME, which may end in a dot.
            let name = spec.text("externalName");
            let cname = name.strip_suffix('.').unwrap_or(name);
            if cname.is_empty() {
                errs.required("spec.externalName", "");
            } else {
                for m in names::dns1123_subdomain(cname) {
                    errs.invalid("spec.externalName", BadValue::str(cname), &m);
                }
            }
        }
        _ => {}
    }
    let mut port_names = Vec::new();
    for (i, port) in ports.iter().enumerate() {
        errs.extend(service_port(port, ports.len() > 1, &mut port_names, i));
    }
    if let Some(selector) = spec.get("selector") {
        errs.extend(meta::labels(Some(selector), "spec.selector"));
    }
    session_affinity(spec, &mut errs);
    errs.extend(cluster_ips_related_fields(
        spec,
        ips,
        &old.map(|o| ClusterIps::stored(o).list).unwrap_or_default(),
    ));
    let stored_external = stored("externalIPs");
    for (i, ip) in spec.strings("externalIPs").iter().enumerate() {
        let path = index("spec.externalIPs", i);
        let bad = legacy_ip(&path, ip, &stored_external);
        if bad.is_empty() {
            errs.extend(non_special_ip(&path, ip));
        } else {
            errs.extend(bad);
        }
    }
    match ty {
        "" => errs.required("spec.type", ""),
        "ClusterIP" | "NodePort" | "LoadBalancer" | "ExternalName" => {}
        other => errs.not_supported(
            "spec.type",
            named(other),
            &["ClusterIP", "ExternalName", "LoadBalancer", "NodePort"],
        ),
    }
    if ty == "ClusterIP" {
        for (i, port) in ports.iter().enumerate() {
            if Spec(Some(port)).int("nodePort") != 0 {
                errs.forbidden(
                    format!("spec.ports[{i}].nodePort"),
                    "may not be used when `type` is 'ClusterIP'",
                );
            }
        }
    }
    // Repeated node ports, then repeated ports, by (protocol, number).
    let mut node_ports = Vec::new();
    for (i, port) in ports.iter().enumerate() {
        let port = Spec(Some(port));
        let node_port = port.int("nodePort");
        if node_port == 0 {
            continue;
        }
        let key = (port.text("protocol"), node_port);
        if node_ports.contains(&key) {
            errs.duplicate(
                format!("spec.ports[{i}].nodePort"),
                BadValue::Int(node_port),
            );
        }
        node_ports.push(key);
    }
    let mut seen = Vec::new();
    for (i, port) in ports.iter().enumerate() {
        let port = Spec(Some(port));
        let key = (port.text("protocol"), port.int("port"));
        if seen.contains(&key) {
            // The key is an internal core.ServicePort with only these two
            // set, printed by json.Marshal under its Go field names.
            let printed = format!(
                "{{\"Name\":\"\",\"Protocol\":{},\"AppProtocol\":null,\"Port\":{},\"TargetPort\":0,\"NodePort\":0}}",
                super::field::json_string(key.0),
                key.1
            );
            errs.duplicate(index("spec.ports", i), BadValue::Json(printed));
        }
        seen.push(key);
    }
    const ONLY_LB: &str = "may only be used when `type` is 'LoadBalancer'";
    // The source ranges (space-padding allowed), or the annotation that
    // preceded the field: each a CIDR (`IsValidCIDRForLegacyField`,
    // strict) unless stored so.
    const RANGES: &str = "service.beta.kubernetes.io/load-balancer-source-ranges";
    let ranges = spec.strings("loadBalancerSourceRanges");
    if !ranges.is_empty() {
        // Upstream's path is capitalised so.
        const PATH: &str = "spec.LoadBalancerSourceRanges";
        if ty != "LoadBalancer" {
            errs.forbidden(PATH, ONLY_LB);
        }
        let stored: Vec<String> = stored("loadBalancerSourceRanges")
            .iter()
            .map(|r| r.trim().to_string())
            .collect();
        for (i, range) in ranges.iter().enumerate() {
            source_range(&mut errs, &index(PATH, i), range.trim(), &stored);
        }
    } else if let Some(value) = annotation(RANGES) {
        let path = format!("metadata.annotations[{RANGES}]");
        if ty != "LoadBalancer" {
            errs.forbidden(&path, ONLY_LB);
        }
        let was = old_annotation(RANGES);
        if was != Some(value) && !value.trim().is_empty() {
            for range in value.trim().split(',') {
                source_range(&mut errs, &path, range.trim(), &[]);
            }
        }
    }
    let allocate = spec.get("allocateLoadBalancerNodePorts");
    if allocate.is_some() && ty != "LoadBalancer" {
        errs.forbidden("spec.allocateLoadBalancerNodePorts", ONLY_LB);
    }
    if ty == "LoadBalancer" && allocate.is_none() {
        // Upstream's path lacks the `spec.`.
        errs.required("allocateLoadBalancerNodePorts", "");
    }
    // validateLoadBalancerClassField(nil, service).
    match spec.get("loadBalancerClass") {
        Some(class) if ty == "LoadBalancer" => {
            let class = class.as_str().unwrap_or("");
            for m in names::label_key(class) {
                errs.invalid("spec.loadBalancerClass", BadValue::str(class), &m);
            }
        }
        Some(_) => errs.forbidden("spec.loadBalancerClass", ONLY_LB),
        None => {}
    }
    traffic_policies(spec, &mut errs);
    errs
}

/// The session affinity: required, supported, its config (a ClientIP
/// timeout in (0, 86400]; no config when None).
fn session_affinity(spec: Spec, errs: &mut Vec<FieldError>) {
    match spec.text("sessionAffinity") {
        "" => errs.required("spec.sessionAffinity", ""),
        "ClientIP" => {
            // validateClientIPAffinityConfig.
            let path = "spec.sessionAffinityConfig.clientIP.timeoutSeconds";
            let config = spec.get("sessionAffinityConfig");
            let client_ip = config
                .and_then(|c| c.get("clientIP"))
                .filter(|v| !v.is_null());
            let timeout = client_ip
                .and_then(|c| c.get("timeoutSeconds"))
                .filter(|v| !v.is_null());
            match (config, client_ip, timeout) {
                (None, ..) => errs.required(
                    "spec.sessionAffinityConfig",
                    "when session affinity type is ClientIP",
                ),
                (_, None, _) => errs.required(
                    "spec.sessionAffinityConfig.clientIP",
                    "when session affinity type is ClientIP",
                ),
                (_, _, None) => errs.required(path, "when session affinity type is ClientIP"),
                (_, _, Some(t)) => {
                    let t = t.as_i64().unwrap_or(0);
                    if !(1..=86400).contains(&t) {
                        errs.invalid(
                            path,
                            BadValue::Int(t),
                            "must be greater than 0 and less than 86400",
                        );
                    }
                }
            }
        }
        "None" => {
            if spec.get("sessionAffinityConfig").is_some() {
                errs.forbidden(
                    "spec.sessionAffinityConfig",
                    "must not be set when session affinity is None",
                );
            }
        }
        other => errs.not_supported("spec.sessionAffinity", named(other), &["ClientIP", "None"]),
    }
}

/// `ValidateServiceClusterIPsRelatedFields`.
fn cluster_ips_related_fields(spec: Spec, ips: &ClusterIps, stored: &[String]) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if spec.text("type") == "ExternalName" {
        return errs;
    }
    const FIELD: &str = "spec.clusterIPs";
    if !ips.single.is_empty() {
        if ips.list.is_empty() {
            errs.required(FIELD, "");
        } else if ips.list[0] != ips.single {
            errs.invalid(FIELD, ips.json(), "first value must match `clusterIP`");
        }
    } else if !ips.list.is_empty() {
        errs.invalid(
            FIELD,
            ips.json(),
            "must be empty when `clusterIP` is not specified",
        );
    }
    let families = spec.strings("ipFamilies");
    for (i, family) in families.iter().enumerate() {
        if family != "IPv4" && family != "IPv6" {
            errs.not_supported(
                index("spec.ipFamilies", i),
                named(family),
                &["IPv4", "IPv6"],
            );
        }
        if families[..i].contains(family) {
            errs.duplicate(index("spec.ipFamilies", i), named(family));
        }
    }
    if let Some(policy) = spec.get("ipFamilyPolicy") {
        let text = policy.as_str().unwrap_or("");
        if !matches!(text, "SingleStack" | "PreferDualStack" | "RequireDualStack") {
            errs.not_supported(
                "spec.ipFamilyPolicy",
                named(text),
                &["PreferDualStack", "RequireDualStack", "SingleStack"],
            );
        }
    }
    let mut invalid_ips = false;
    for (i, ip) in ips.list.iter().enumerate() {
        if i == 0 && ip == "None" {
            if ips.list.len() > 1 {
                invalid_ips = true;
                errs.invalid(FIELD, ips.json(), "'None' must be the first and only value");
            }
            continue;
        }
        let bad = legacy_ip(&format!("{FIELD}[{i}]"), ip, stored);
        invalid_ips |= !bad.is_empty();
        errs.extend(bad);
    }
    if ips.list.len() > 2 {
        errs.invalid(FIELD, ips.json(), "may only hold up to 2 values");
    }
    if invalid_ips {
        return errs;
    }
    let parsed: Vec<Option<Ip>> = ips.list.iter().map(|ip| ip::parse_sloppy(ip)).collect();
    if parsed.len() > 1 {
        // netutils.IsDualStackIPStrings: exactly one of each family.
        let v6 = parsed.iter().filter(|ip| ip.is_some_and(Ip::is_v6)).count();
        if parsed.len() != 2 || v6 != 1 {
            errs.invalid(
                FIELD,
                ips.json(),
                "may specify no more than one IP for each IP family",
            );
        }
    }
    if !ips.headless() && !families.is_empty() {
        for (i, (ip, text)) in parsed
            .iter()
            .zip(&ips.list)
            .enumerate()
            .take(families.len())
        {
            let v6 = ip.is_some_and(Ip::is_v6);
            let expected = match families[i].as_str() {
                "IPv4" if v6 => "IPv4",
                "IPv6" if !v6 => "IPv6",
                _ => continue,
            };
            errs.invalid(
                format!("{FIELD}[{i}]"),
                BadValue::Str(text.clone()),
                &format!("expected an {expected} value as indicated by `ipFamilies[{i}]`"),
            );
        }
    }
    errs
}

/// The traffic policies: `validateServiceExternalTrafficPolicy` (but the
/// health-check node port a real server allocates),
/// `validateServiceInternalTrafficFieldsValue`,
/// `validateServiceTrafficDistribution`.
fn traffic_policies(spec: Spec, errs: &mut Vec<FieldError>) {
    let ty = spec.text("type");
    // apiservice.ExternallyAccessible.
    let external = ty == "LoadBalancer"
        || ty == "NodePort"
        || (ty == "ClusterIP" && !spec.list("externalIPs").is_empty());
    let policy = spec.text("externalTrafficPolicy");
    if !external {
        if !policy.is_empty() {
            errs.invalid(
                "spec.externalTrafficPolicy",
                named(policy),
                "may only be set for externally-accessible services",
            );
        }
    } else if policy.is_empty() {
        errs.required("spec.externalTrafficPolicy", "");
    } else if policy != "Cluster" && policy != "Local" {
        errs.not_supported(
            "spec.externalTrafficPolicy",
            named(policy),
            &["Cluster", "Local"],
        );
    }
    let health = spec.int("healthCheckNodePort");
    if !needs_health_check(spec) {
        if health != 0 {
            errs.invalid(
                "spec.healthCheckNodePort",
                BadValue::Int(health),
                "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
            );
        }
    } else if health != 0 && !(1..=65535).contains(&health) {
        errs.invalid(
            "spec.healthCheckNodePort",
            BadValue::Int(health),
            "must be between 1 and 65535, inclusive",
        );
    }
    match spec.get("internalTrafficPolicy") {
        None if matches!(ty, "NodePort" | "LoadBalancer" | "ClusterIP") => {
            errs.required("spec.internalTrafficPolicy", "");
        }
        Some(p) if !matches!(p.as_str(), Some("Cluster" | "Local")) => errs.not_supported(
            "spec.internalTrafficPolicy",
            named(p.as_str().unwrap_or("")),
            &["Cluster", "Local"],
        ),
        _ => {}
    }
    // validateServiceTrafficDistribution (PreferSameTrafficDistribution GA
    // since 1.35: its three values, listed unsorted).
    if let Some(distribution) = spec.get("trafficDistribution").filter(|d| !d.is_null()) {
        const VALUES: [&str; 3] = ["PreferClose", "PreferSameZone", "PreferSameNode"];
        let value = distribution.as_str().unwrap_or("");
        if !VALUES.contains(&value) {
            errs.not_supported("spec.trafficDistribution", named(value), &VALUES);
        }
    }
}

/// `apiservice.NeedsHealthCheck`: a load balancer with the Local policy.
fn needs_health_check(spec: Spec) -> bool {
    spec.text("type") == "LoadBalancer" && spec.text("externalTrafficPolicy") == "Local"
}

/// `ValidateNonSpecialIP`, for an address `legacy_ip` took (Go's `net.IP`
/// methods look at an IPv4-mapped address as IPv4).
pub(super) fn non_special_ip(path: &str, text: &str) -> Vec<FieldError> {
    let Some(ip) = ip::parse_sloppy(text) else {
        return vec![];
    };
    let bad = |detail: &str| invalid(path, BadValue::str(text), detail);
    let (unspecified, loopback, link_local, link_local_multicast) = match (ip.to4(), ip) {
        (Some([a, b, c, d]), _) => (
            [a, b, c, d] == [0; 4],
            a == 127,
            a == 169 && b == 254,
            a == 224 && b == 0 && c == 0,
        ),
        (None, Ip::V6(s)) => (
            s == [0; 8],
            s == [0, 0, 0, 0, 0, 0, 0, 1],
            s[0] & 0xffc0 == 0xfe80,
            s[0] & 0xff0f == 0xff02,
        ),
        (None, Ip::V4(_)) => return vec![],
    };
    let mut errs = Vec::new();
    if unspecified {
        errs.push(bad(&format!("may not be unspecified ({text})")));
    }
    if loopback {
        errs.push(bad(
            "may not be in the loopback range (127.0.0.0/8, ::1/128)",
        ));
    }
    if link_local {
        errs.push(bad(
            "may not be in the link-local range (169.254.0.0/16, fe80::/10)",
        ));
    }
    if link_local_multicast {
        errs.push(bad(
            "may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)",
        ));
    }
    errs
}

#[cfg(test)]
mod tests;
