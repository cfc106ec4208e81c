//! Each test names the upstream function it follows
//! (`pkg/apis/networking/validation/validation.go`).

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
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
