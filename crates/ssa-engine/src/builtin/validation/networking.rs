//! `pkg/apis/networking/validation/validation.go` for an Ingress:
//! `ValidateIngressCreate` and `ValidateIngressUpdate` (both
//! `ValidateIngressSpec`: a default backend or rules, each rule's host and
//! paths, each backend, the TLS hosts and secrets, the class name; on
//! create the class annotation against `ingressClassName`). The options
//! an update takes from the stored object (invalid secret names and
//! wildcard rules it already had) are not modelled: an update is checked
//! as strictly as a create.
//!
//! An IngressClass: `ValidateIngressClass` (a controller that is a
//! domain-prefixed path, a parameters reference), and on update an
//! immutable controller.
//!
//! A NetworkPolicy: `ValidateNetworkPolicySpec` (the pod selector, each
//! rule's ports and peers, the policy types). An update is checked as a
//! create: the invalid selector label values an update may keep
//! (`ValidationOptionsForNetworking`) are not modelled.

use super::field::{
    BadValue, Errors, FieldError, child, index, invalid, invalid_each, named, required,
};
#[cfg(feature = "rare-kinds")]
use super::{core, meta};
use super::{ip, items, names, text};
use crate::value::Value;

/// `ValidateIngressStatusUpdate`'s status errors
/// (`ValidateIngressLoadBalancerStatus`: each entry's IP and host name, as
/// a Service's).
pub(super) fn ingress_status(new: &Value, old: &Value) -> Vec<FieldError> {
    use super::service::{
        LB_INGRESS, load_balancer_hostname, load_balancer_ingress, load_balancer_ip,
    };
    let mut errs = Vec::new();
    for (i, entry) in load_balancer_ingress(new).iter().enumerate() {
        let at = index(LB_INGRESS, i);
        load_balancer_ip(
            &mut errs,
            &at,
            text(entry, "ip"),
            load_balancer_ingress(old),
        );
        load_balancer_hostname(&mut errs, &at, text(entry, "hostname"));
    }
    errs
}

pub(super) fn ingress(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let spec = new.get("spec");
    let get = |key: &str| super::at(spec, key);
    let list = |key: &str| items(get(key));
    let mut errs = Vec::new();
    let rules = list("rules");
    let default_backend = get("defaultBackend");
    if rules.is_empty() && default_backend.is_none() {
        errs.invalid(
            "spec",
            BadValue::Json("null".to_string()),
            "either `defaultBackend` or `rules` must be specified",
        );
    }
    if let Some(backend) = default_backend {
        errs.extend(backend_errors(backend, "spec.defaultBackend"));
    }
    for (i, rule) in rules.iter().enumerate() {
        let at = index("spec.rules", i);
        let host = text(rule, "host");
        if !host.is_empty() {
            let bad = |m: &str| invalid(child(&at, "host"), BadValue::str(host), m);
            if ip::parse_sloppy(host).is_some() {
                errs.push(bad("must be a DNS name, not an IP address"));
            }
            errs.extend(host_names(host).iter().map(|m| bad(m)));
        }
        let Some(http) = rule.get("http").filter(|h| !h.is_null()) else {
            continue;
        };
        let paths = items(http.get("paths"));
        if paths.is_empty() {
            errs.required(child(&at, "http.paths"), "");
        }
        for (j, path) in paths.iter().enumerate() {
            errs.extend(http_path(path, &index(&child(&at, "http.paths"), j)));
        }
    }
    for (i, tls) in list("tls").iter().enumerate() {
        let at = index("spec.tls", i);
        let hosts = items(tls.get("hosts"));
        for (j, host) in hosts.iter().enumerate() {
            let host = host.as_str().unwrap_or("");
            for m in host_names(host) {
                errs.invalid(index(&child(&at, "hosts"), j), BadValue::str(host), &m);
            }
        }
        // validateTLSSecretName: an empty name is allowed.
        let secret = text(tls, "secretName");
        if !secret.is_empty() {
            for m in names::dns1123_subdomain(secret) {
                errs.invalid(child(&at, "secretName"), BadValue::str(secret), &m);
            }
        }
    }
    if let Some(class) = get("ingressClassName").and_then(Value::as_str) {
        for m in names::dns1123_subdomain(class) {
            errs.invalid("spec.ingressClassName", BadValue::str(class), &m);
        }
    }
    if old.is_none() {
        const ANNOTATION: &str = "kubernetes.io/ingress.class";
        let annotation = new
            .get_path(&["metadata", "annotations", ANNOTATION])
            .and_then(Value::as_str);
        let class = get("ingressClassName").and_then(Value::as_str);
        if let (Some(annotation), Some(class)) = (annotation, class)
            && annotation != class
        {
            errs.invalid(
                format!("annotations.{ANNOTATION}"),
                BadValue::str(annotation),
                "must match `ingressClassName` when both are specified",
            );
        }
    }
    errs
}

/// A rule's or a TLS entry's host: a wildcard or plain DNS subdomain.
fn host_names(host: &str) -> Vec<String> {
    if host.contains('*') {
        names::wildcard_dns1123_subdomain(host)
    } else {
        names::dns1123_subdomain(host)
    }
}

/// `validateHTTPIngressPath`: a path type (nothing else is checked
/// without one), an absolute path free of `//`, `/./`, `/../` and encoded
/// slashes for Exact and Prefix, then the backend.
fn http_path(path: &Value, at: &str) -> Vec<FieldError> {
    let Some(path_type) = path.get("pathType").and_then(Value::as_str) else {
        return vec![required(
            child(at, "pathType"),
            "pathType must be specified",
        )];
    };
    let value = text(path, "path");
    let bad = |m: &str| invalid(child(at, "path"), BadValue::str(value), m);
    let mut errs = Vec::new();
    match path_type {
        "Exact" | "Prefix" => {
            if !value.starts_with('/') {
                errs.push(bad("must be an absolute path"));
            }
            for sequence in ["//", "/./", "/../", "%2f", "%2F"] {
                if value.contains(sequence) {
                    errs.push(bad(&format!("must not contain '{sequence}'")));
                }
            }
            for suffix in ["/..", "/."] {
                if value.ends_with(suffix) {
                    errs.push(bad(&format!("cannot end with '{suffix}'")));
                }
            }
        }
        "ImplementationSpecific" => {
            if !value.is_empty() && !value.starts_with('/') {
                errs.push(bad("must be an absolute path"));
            }
        }
        other => errs.push(super::field::not_supported(
            child(at, "pathType"),
            named(other),
            &["Exact", "ImplementationSpecific", "Prefix"],
        )),
    }
    if let Some(backend) = path.get("backend") {
        errs.extend(backend_errors(backend, &child(at, "backend")));
    }
    errs
}

/// `validateIngressBackend`: a service or a resource, not both; a
/// service's name (a DNS-1035 label) and its port's name or number.
fn backend_errors(backend: &Value, at: &str) -> Vec<FieldError> {
    let set = |key: &str| backend.get(key).filter(|v| !v.is_null());
    let empty = || BadValue::str("");
    let service = match (set("resource"), set("service")) {
        (Some(_), Some(_)) => {
            return vec![invalid(
                at,
                empty(),
                "cannot set both resource and service backends",
            )];
        }
        (Some(resource), None) => {
            let mut errs = Vec::new();
            typed_local_object_reference(&mut errs, resource, &child(at, "resource"));
            return errs;
        }
        (None, None) => {
            return vec![invalid(
                at,
                empty(),
                "resource or service backend is required",
            )];
        }
        (None, Some(service)) => service,
    };
    let mut errs = Vec::new();
    let name = text(service, "name");
    if name.is_empty() {
        errs.required(child(at, "service.name"), "");
    } else {
        for m in names::dns1035_label(name) {
            errs.invalid(child(at, "service.name"), BadValue::str(name), &m);
        }
    }
    let port = service.get("port");
    let port_name = port.map_or("", |p| text(p, "name"));
    let number = port
        .and_then(|p| p.get("number"))
        .and_then(Value::as_i64)
        .unwrap_or(0);
    match (port_name.is_empty(), number) {
        (false, n) if n != 0 => {
            errs.invalid(at, empty(), "cannot set both port name & port number")
        }
        (false, _) => errs.extend(super::core::port_num_or_name(
            &Value::from(port_name),
            &child(at, "service.port.name"),
        )),
        (true, 0) => errs.required(at, "port name or number is required"),
        (true, n) => errs.extend(super::core::port_num_or_name(
            &Value::Int(n),
            &child(at, "service.port.number"),
        )),
    }
    errs
}

/// `validateIngressTypedLocalObjectReference`: an API group that is a DNS
/// subdomain, a kind and a name that are path segments.
fn typed_local_object_reference(errs: &mut Vec<FieldError>, r: &Value, at: &str) {
    if let Some(group) = r.get("apiGroup").and_then(Value::as_str) {
        let path = child(at, "apiGroup");
        invalid_each(errs, &path, group, names::dns1123_subdomain(group));
    }
    for key in ["kind", "name"] {
        let value = text(r, key);
        let path = child(at, key);
        if value.is_empty() {
            errs.required(path, &format!("{key} is required"));
        } else {
            invalid_each(errs, &path, value, names::path_segment(value));
        }
    }
}

/// `ValidateIngressClass`'s spec, after `ValidateIngressClassUpdate`'s
/// immutable controller.
pub(super) fn ingress_class(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let controller = |o: &Value| {
        o.get("spec")
            .map_or(String::new(), |s| text(s, "controller").to_string())
    };
    let mut errs = Vec::new();
    let this = controller(new);
    if old.is_some_and(|old| controller(old) != this) {
        errs.invalid(
            "spec.controller",
            BadValue::str(&this),
            "field is immutable",
        );
    }
    if this.len() > 250 {
        errs.push(super::field::too_long("spec.controller", 250));
    }
    domain_prefixed_path(&mut errs, "spec.controller", &this);
    let Some(params) = new
        .get("spec")
        .and_then(|s| s.get("parameters"))
        .filter(|p| !p.is_null())
    else {
        return errs;
    };
    // validateIngressClassParametersReference.
    const PATH: &str = "spec.parameters";
    typed_local_object_reference(&mut errs, params, PATH);
    let Some(scope) = params.get("scope").and_then(Value::as_str) else {
        errs.required(child(PATH, "scope"), "");
        return errs;
    };
    let namespace = params.get("namespace").and_then(Value::as_str);
    match (scope, namespace) {
        ("Namespace", None) => errs.required(
            child(PATH, "namespace"),
            "`parameters.scope` is set to 'Namespace'",
        ),
        ("Namespace", Some(namespace)) => {
            let path = child(PATH, "namespace");
            invalid_each(&mut errs, &path, namespace, names::dns1123_label(namespace));
        }
        ("Cluster", Some(_)) => errs.forbidden(
            child(PATH, "namespace"),
            "`parameters.scope` is set to 'Cluster'",
        ),
        ("Cluster", None) => {}
        _ => errs.not_supported(
            child(PATH, "scope"),
            BadValue::str(scope),
            &["Cluster", "Namespace"],
        ),
    }
    errs
}

/// apimachinery's `IsDomainPrefixedPath`: `<DNS subdomain>/<HTTP path>`.
fn domain_prefixed_path(errs: &mut Vec<FieldError>, path: &str, value: &str) {
    if value.is_empty() {
        errs.required(path, "");
        return;
    }
    let Some((host, rest)) = value
        .split_once('/')
        .filter(|(h, r)| !h.is_empty() && !r.is_empty())
    else {
        errs.invalid(
            path,
            BadValue::str(value),
            "must be a domain-prefixed path (such as \"acme.io/foo\")",
        );
        return;
    };
    invalid_each(errs, path, host, names::dns1123_subdomain(host));
    let http = |c: char| c.is_ascii_alphanumeric() || "/-._~%!$&'()*+,;=:".contains(c);
    if !rest.chars().all(http) {
        errs.invalid(
            path,
            BadValue::str(rest),
            "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')",
        );
    }
}

#[cfg(test)]
mod tests;

#[cfg(feature = "rare-kinds")]
/// `ValidateNetworkPolicySpec`, in upstream's order.
pub(super) fn network_policy(new: &Value) -> Vec<FieldError> {
    let spec = new.get("spec");
    let get = |key: &str| spec.and_then(|s| s.get(key));
    let mut errs = meta::label_selector(get("podSelector"), "spec.podSelector");
    for (rules, peers) in [("ingress", "from"), ("egress", "to")] {
        for (i, rule) in items(get(rules)).iter().enumerate() {
            let at = index(&child("spec", rules), i);
            for (j, port) in items(rule.get("ports")).iter().enumerate() {
                network_policy_port(&mut errs, port, &index(&child(&at, "ports"), j));
            }
            for (j, peer) in items(rule.get(peers)).iter().enumerate() {
                network_policy_peer(&mut errs, peer, &index(&child(&at, peers), j));
            }
        }
    }
    let types = items(get("policyTypes"));
    if types.len() > 2 {
        errs.invalid(
            "spec.policyTypes",
            BadValue::Json(get("policyTypes").map(Value::to_json).unwrap_or_default()),
            "may not specify more than two policyTypes",
        );
        return errs;
    }
    for (i, kind) in types.iter().enumerate() {
        let kind = kind.as_str().unwrap_or("");
        if kind != "Ingress" && kind != "Egress" {
            errs.not_supported(
                index("spec.policyTypes", i),
                named(kind),
                &["Ingress", "Egress"],
            );
        }
    }
    errs
}

#[cfg(feature = "rare-kinds")]
/// `ValidateNetworkPolicyPort`: the protocol (defaulted to TCP), a port
/// number or name, and an `endPort` only after a port number, not below
/// it (the error printing the port).
fn network_policy_port(errs: &mut Vec<FieldError>, port: &Value, at: &str) {
    if let Some(protocol) = port.get("protocol").and_then(Value::as_str)
        && !["TCP", "UDP", "SCTP"].contains(&protocol)
    {
        errs.not_supported(
            child(at, "protocol"),
            named(protocol),
            &["TCP", "UDP", "SCTP"],
        );
    }
    let end_path = child(at, "endPort");
    let end = port.get("endPort").and_then(Value::as_i64);
    match (port.get("port").filter(|p| !p.is_null()), end) {
        (None, Some(end)) => errs.invalid(
            end_path,
            BadValue::Int(end),
            "may not be specified when `port` is not specified",
        ),
        (None, None) => {}
        (Some(Value::String(_)), Some(end)) => errs.invalid(
            end_path,
            BadValue::Int(end),
            "may not be specified when `port` is non-numeric",
        ),
        (Some(number), end) => {
            errs.extend(core::port_num_or_name(number, &child(at, "port")));
            if let (Some(start), Some(end)) = (number.as_i64(), end) {
                if end < start {
                    errs.invalid(
                        end_path.clone(),
                        BadValue::Int(start),
                        "must be greater than or equal to `port`",
                    );
                }
                errs.extend(core::port_num_or_name(&Value::Int(end), &end_path));
            }
        }
    }
}

#[cfg(feature = "rare-kinds")]
/// `ValidateNetworkPolicyPeer`: the selectors, or an `ipBlock`
/// (`ValidateIPBlock`: a CIDR, and excepts that are strict subsets of it)
/// alone.
fn network_policy_peer(errs: &mut Vec<FieldError>, peer: &Value, at: &str) {
    let mut peers = 0;
    for key in ["podSelector", "namespaceSelector"] {
        if let Some(selector) = peer.get(key).filter(|s| !s.is_null()) {
            peers += 1;
            errs.extend(meta::label_selector(Some(selector), &child(at, key)));
        }
    }
    let block = peer.get("ipBlock").filter(|b| !b.is_null());
    if let Some(block) = block {
        peers += 1;
        let at = child(at, "ipBlock");
        let cidr = text(block, "cidr");
        if cidr.is_empty() {
            errs.required(child(&at, "cidr"), "");
        } else if let Some(net) = cidr_of(errs, child(&at, "cidr"), cidr) {
            for (i, except) in items(block.get("except")).iter().enumerate() {
                let path = index(&child(&at, "except"), i);
                let except = except.as_str().unwrap_or("");
                if let Some(sub) = cidr_of(errs, path.clone(), except)
                    && !ip::strict_subset(net, sub)
                {
                    errs.invalid(
                        path,
                        BadValue::str(except),
                        "must be a strict subset of `cidr`",
                    );
                }
            }
        }
    }
    if peers == 0 {
        errs.required(at, "must specify a peer");
    } else if peers > 1 && block.is_some() {
        errs.forbidden(at, "may not specify both ipBlock and another peer");
    }
}

#[cfg(feature = "rare-kinds")]
/// `IsValidCIDRForLegacyField` (strict: StrictIPCIDRValidation is beta and
/// on in 1.36): the CIDR as `ParseCIDRSloppy` reads it, and its error at
/// `path`.
fn cidr_of(errs: &mut Vec<FieldError>, path: String, text: &str) -> Option<(ip::Ip, u32)> {
    let (detail, parsed) = ip::legacy_cidr(text);
    if let Some(detail) = detail {
        errs.invalid(path, BadValue::str(text), detail);
    }
    parsed
}
