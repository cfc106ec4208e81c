//! Each test names the upstream function it follows
//! (`pkg/apis/networking/validation/validation.go`).

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use super::super::tests::errors_of;
use crate::schema::Validator;
use crate::value::Value;

fn check(old: Option<&Value>, spec: &str, annotations: &str) -> Result<(), String> {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let object = crate::yaml::parse(&format!(
        "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {{name: web, annotations: {{{annotations}}}}}\nspec: {spec}\n"
    ))
    .unwrap()
    .value;
    KindValidation::for_kind("networking.k8s.io/v1", "Ingress", table)
        .unwrap()
        .validate(old, &object)
}

fn rule(path: &str, backend: &str) -> String {
    format!(
        "{{rules: [{{host: app.example.com, http: {{paths: [{{{path}backend: {backend}}}]}}}}]}}"
    )
}

/// `validateHTTPIngressPath`: networking/v1 has no default path type.
#[test]
fn a_path_needs_a_type() {
    let svc = "{service: {name: web, port: {number: 80}}}";
    assert!(check(None, &rule("path: /, pathType: Prefix, ", svc), "").is_ok());
    assert_eq!(
        check(None, &rule("path: /, ", svc), "").unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified"
    );
    assert_eq!(
        check(None, &rule("path: api//v1/., pathType: Exact, ", svc), "").unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: [spec.rules[0].http.paths[0].path: Invalid value: \"api//v1/.\": must be an absolute path, spec.rules[0].http.paths[0].path: Invalid value: \"api//v1/.\": must not contain '//', spec.rules[0].http.paths[0].path: Invalid value: \"api//v1/.\": cannot end with '/.']"
    );
    assert_eq!(
        check(None, &rule("path: /, pathType: Regex, ", svc), "").unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: spec.rules[0].http.paths[0].pathType: Unsupported value: \"Regex\": supported values: \"Exact\", \"ImplementationSpecific\", \"Prefix\""
    );
}

/// `validateIngressBackend`: a service with a name and one of a port's
/// name or number.
#[test]
fn backends() {
    let path = "path: /, pathType: Prefix, ";
    assert_eq!(
        check(
            None,
            &rule(
                path,
                "{service: {name: web, port: {name: http, number: 80}}}"
            ),
            ""
        )
        .unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: spec.rules[0].http.paths[0].backend: Invalid value: \"\": cannot set both port name & port number"
    );
    assert_eq!(
        check(None, &rule(path, "{service: {name: web}}"), "").unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: spec.rules[0].http.paths[0].backend: Required value: port name or number is required"
    );
    assert_eq!(
        check(
            None,
            &rule(path, "{service: {name: 1web, port: {number: 70000}}}"),
            ""
        )
        .unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: [spec.rules[0].http.paths[0].backend.service.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?'), spec.rules[0].http.paths[0].backend.service.port.number: Invalid value: 70000: must be between 1 and 65535, inclusive]"
    );
    assert_eq!(
        check(None, &rule(path, "{}"), "").unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: spec.rules[0].http.paths[0].backend: Invalid value: \"\": resource or service backend is required"
    );
}

/// `ValidateIngressSpec`, `validateIngressRules`, `validateIngressTLS`,
/// `ValidateIngressCreate`.
#[test]
fn spec_hosts_tls_and_class() {
    assert_eq!(
        check(None, "{}", "").unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: spec: Invalid value: null: either `defaultBackend` or `rules` must be specified"
    );
    assert_eq!(
        check(None, "{rules: [{host: 10.0.0.1}, {host: '*.Example.com'}], tls: [{hosts: [a_b.example.com], secretName: Web}]}", "").unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: [spec.rules[0].host: Invalid value: \"10.0.0.1\": must be a DNS name, not an IP address, spec.rules[1].host: Invalid value: \"*.Example.com\": a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.tls[0].hosts[0]: Invalid value: \"a_b.example.com\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.tls[0].secretName: Invalid value: \"Web\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]"
    );
    let class =
        "{ingressClassName: nginx, defaultBackend: {service: {name: web, port: {number: 80}}}}";
    assert_eq!(
        check(None, class, "kubernetes.io/ingress.class: traefik").unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: annotations.kubernetes.io/ingress.class: Invalid value: \"traefik\": must match `ingressClassName` when both are specified"
    );
    assert!(check(None, class, "kubernetes.io/ingress.class: nginx").is_ok());
}

/// A NetworkPolicy with `spec`, as the server validates it (defaulted).
fn policy(spec: &str) -> Result<(), String> {
    use crate::schema::Defaulter;
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let mut object = crate::yaml::parse(&format!(
        "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {{name: db}}\nspec: {spec}\n"
    ))
    .unwrap()
    .value;
    crate::builtin::defaults::KindDefaults::NetworkPolicy.apply_defaults(&mut object, "");
    KindValidation::for_kind("networking.k8s.io/v1", "NetworkPolicy", table)
        .unwrap()
        .validate(None, &object)
}

/// `ValidateNetworkPolicyPort`: protocol, port number or name, endPort.
#[test]
fn network_policy_ports() {
    assert!(
        policy("{podSelector: {}, ingress: [{ports: [{port: 5432}, {protocol: UDP, port: 53, endPort: 60}, {port: dns}]}]}")
            .is_ok()
    );
    assert_eq!(
        policy("{podSelector: {}, ingress: [{ports: [{protocol: tcp, port: 70000}, {port: 90, endPort: 80}, {port: http, endPort: 90}, {endPort: 9}]}]}")
            .unwrap_err(),
        concat!(
            "NetworkPolicy.networking.k8s.io \"db\" is invalid: [",
            "spec.ingress[0].ports[0].protocol: Unsupported value: \"tcp\": supported values: \"TCP\", \"UDP\", \"SCTP\", ",
            "spec.ingress[0].ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive, ",
            "spec.ingress[0].ports[1].endPort: Invalid value: 90: must be greater than or equal to `port`, ",
            "spec.ingress[0].ports[2].endPort: Invalid value: 90: may not be specified when `port` is non-numeric, ",
            "spec.ingress[0].ports[3].endPort: Invalid value: 9: may not be specified when `port` is not specified]"
        )
    );
}

/// `ValidateNetworkPolicyPeer` and `ValidateIPBlock`
/// (`IsValidCIDRForLegacyField`, strict as StrictIPCIDRValidation is beta
/// and on in 1.36: no leading zeros, no bits past the prefix; the subset
/// rule still reads what `ParseCIDRSloppy` reads), then the policy types.
#[test]
fn network_policy_peers_and_types() {
    assert!(
        policy("{podSelector: {matchLabels: {app: db}}, egress: [{to: [{ipBlock: {cidr: 10.0.0.0/8, except: [10.1.0.0/16, 10.2.0.0/16]}}, {podSelector: {}, namespaceSelector: {}}]}], policyTypes: [Egress]}")
            .is_ok()
    );
    assert_eq!(
        policy("{podSelector: {}, egress: [{to: [{ipBlock: {cidr: 10.0.0.1/8, except: [010.2.0.0/16, 10.3.0.0/016]}}]}], policyTypes: [Egress]}")
            .unwrap_err(),
        concat!(
            "NetworkPolicy.networking.k8s.io \"db\" is invalid: [",
            "spec.egress[0].to[0].ipBlock.cidr: Invalid value: \"10.0.0.1/8\": must not have bits set beyond the prefix length, ",
            "spec.egress[0].to[0].ipBlock.except[0]: Invalid value: \"010.2.0.0/16\": must not have leading 0s in IP or prefix length, ",
            "spec.egress[0].to[0].ipBlock.except[1]: Invalid value: \"10.3.0.0/016\": must not have leading 0s in IP or prefix length]"
        )
    );
    assert_eq!(
        policy("{podSelector: {matchLabels: {app: \"a b\"}}, ingress: [{from: [{}, {ipBlock: {cidr: 10.0.0.0/33}}, {ipBlock: {cidr: 10.0.0.0/16, except: [10.0.0.0/16, 10.1.0.0/24, fd00::/64, x]}, podSelector: {}}]}], policyTypes: [Ingress, egress]}")
            .unwrap_err(),
        concat!(
            "NetworkPolicy.networking.k8s.io \"db\" is invalid: [",
            "spec.podSelector.matchLabels: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'), ",
            "spec.ingress[0].from[0]: Required value: must specify a peer, ",
            "spec.ingress[0].from[1].ipBlock.cidr: Invalid value: \"10.0.0.0/33\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64), ",
            "spec.ingress[0].from[2].ipBlock.except[0]: Invalid value: \"10.0.0.0/16\": must be a strict subset of `cidr`, ",
            "spec.ingress[0].from[2].ipBlock.except[1]: Invalid value: \"10.1.0.0/24\": must be a strict subset of `cidr`, ",
            "spec.ingress[0].from[2].ipBlock.except[2]: Invalid value: \"fd00::/64\": must be a strict subset of `cidr`, ",
            "spec.ingress[0].from[2].ipBlock.except[3]: Invalid value: \"x\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64), ",
            "spec.ingress[0].from[2]: Forbidden: may not specify both ipBlock and another peer, ",
            "spec.policyTypes[1]: Unsupported value: \"egress\": supported values: \"Ingress\", \"Egress\"]"
        )
    );
    assert_eq!(
        policy("{podSelector: {}, policyTypes: [Ingress, Egress, Ingress]}").unwrap_err(),
        "NetworkPolicy.networking.k8s.io \"db\" is invalid: spec.policyTypes: Invalid value: [\"Ingress\",\"Egress\",\"Ingress\"]: may not specify more than two policyTypes"
    );
}

/// `ValidateIngressStatusUpdate` → `ValidateIngressLoadBalancerStatus`:
/// an ingress controller's addresses, an IP that parses and a host name
/// that is a DNS subdomain, not an IP.
#[test]
fn ingress_load_balancer_status() {
    let ingress = |status: &str| {
        crate::yaml::parse(&format!(
            "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {{name: web}}\nspec: {}\nstatus: {{loadBalancer: {{ingress: {status}}}}}\n",
            rule("", "{service: {name: web, port: {number: 80}}}")
        ))
        .unwrap()
        .value
    };
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    let validation = KindValidation::for_kind("networking.k8s.io/v1", "Ingress", table).unwrap();
    let old = ingress("[]");
    assert_eq!(
        validation.validate_status(
            &old,
            &ingress("[{ip: 203.0.113.7}, {hostname: lb.example.com}]")
        ),
        Ok(())
    );
    assert_eq!(
        validation
            .validate_status(
                &old,
                &ingress("[{ip: lb.example.com}, {hostname: 203.0.113.7}]")
            )
            .unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: [status.loadBalancer.ingress[0].ip: Invalid value: \"lb.example.com\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), status.loadBalancer.ingress[1].hostname: Invalid value: \"203.0.113.7\": must be a DNS name, not an IP address]"
    );
}

/// `validateIngressBackend`'s resource backend
/// (`validateIngressTypedLocalObjectReference`).
#[test]
fn resource_backends() {
    let path = "path: /, pathType: Prefix, ";
    assert!(
        check(
            None,
            &rule(
                path,
                "{resource: {apiGroup: k8s.example.com, kind: StorageBucket, name: static-assets}}"
            ),
            ""
        )
        .is_ok()
    );
    assert_eq!(
        check(
            None,
            &rule(path, "{resource: {apiGroup: Example, kind: a/b}}"),
            ""
        )
        .unwrap_err(),
        "Ingress.networking.k8s.io \"web\" is invalid: [spec.rules[0].http.paths[0].backend.resource.apiGroup: Invalid value: \"Example\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.rules[0].http.paths[0].backend.resource.kind: Invalid value: \"a/b\": may not contain '/', spec.rules[0].http.paths[0].backend.resource.name: Required value: name is required]"
    );
}

/// `ValidateIngressClass`, `ValidateIngressClassUpdate`.
#[test]
fn ingress_classes() {
    let class = |spec: &str| {
        crate::yaml::parse(&format!(
            "apiVersion: networking.k8s.io/v1\nkind: IngressClass\nmetadata: {{name: nginx}}\nspec: {spec}\n"
        ))
        .unwrap()
        .value
    };
    let check = |old: Option<&str>, spec: &str| {
        let old = old.map(class);
        errors_of(
            "networking.k8s.io/v1",
            "IngressClass",
            old.as_ref(),
            &class(spec),
        )
    };
    assert_eq!(check(None, "{controller: k8s.io/ingress-nginx}"), None);
    assert_eq!(
        check(
            None,
            "{controller: k8s.io/ingress-nginx, parameters: {apiGroup: k8s.example.com, kind: IngressParameters, name: external-lb, scope: Namespace, namespace: external-configuration}}"
        ),
        None
    );
    assert_eq!(
        check(None, "{controller: ingress-nginx}").unwrap(),
        "spec.controller: Invalid value: \"ingress-nginx\": must be a domain-prefixed path (such as \"acme.io/foo\")"
    );
    assert_eq!(
        check(None, "{controller: Example.com/a b, parameters: {kind: Params, name: p, scope: Cluster, namespace: x}}").unwrap(),
        "[spec.controller: Invalid value: \"Example.com\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.controller: Invalid value: \"a b\": Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+'), spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster']"
    );
    assert_eq!(
        check(
            None,
            "{controller: example.com/lb, parameters: {kind: Params, name: p}}"
        )
        .unwrap(),
        "spec.parameters.scope: Required value"
    );
    assert_eq!(
        check(
            Some("{controller: example.com/lb}"),
            "{controller: example.com/other}"
        )
        .unwrap(),
        "spec.controller: Invalid value: \"example.com/other\": field is immutable"
    );
}
