//! kube-aggregator's `pkg/apis/apiregistration/validation/validation.go`
//! for an APIService's spec (its name, `<version>.<group>`, is `meta`'s):
//! `ValidateAPIService`, which its update runs again. A group (empty only
//! for `v1`) that is a DNS subdomain, a version that is a DNS-1035 label,
//! priorities in range, and either a local service (no CA bundle, no
//! `insecureSkipTLSVerify`) or a service reference with a namespace, a
//! name and a port, and not both a CA bundle and `insecureSkipTLSVerify`.

use super::field::{BadValue, Errors, FieldError, invalid_each};
use super::{names, text};
use crate::value::Value;

/// `ValidateAPIService`'s spec.
pub(super) fn api_service(new: &Value) -> Vec<FieldError> {
    let spec = new.get("spec").unwrap_or(&Value::Null);
    let mut errs = Vec::new();
    let (group, version) = (text(spec, "group"), text(spec, "version"));
    if group.is_empty() && version != "v1" {
        errs.required(
            "spec.group",
            "only v1 may have an empty group and it better be legacy kube",
        );
    }
    if !group.is_empty() {
        invalid_each(
            &mut errs,
            "spec.group",
            group,
            names::dns1123_subdomain(group),
        );
    }
    invalid_each(
        &mut errs,
        "spec.version",
        version,
        names::dns1035_label(version),
    );
    for (key, max) in [("groupPriorityMinimum", 20000), ("versionPriority", 1000)] {
        let value = spec.get(key).and_then(Value::as_i64).unwrap_or(0);
        if value <= 0 || value > max {
            errs.invalid(
                format!("spec.{key}"),
                BadValue::Int(value),
                &format!("must be positive and less than {max}"),
            );
        }
    }
    let skip_tls = spec.get("insecureSkipTLSVerify").and_then(Value::as_bool) == Some(true);
    // The CA bundle's bytes: the base64 text decoded.
    let ca_bytes = text(spec, "caBundle").trim_end_matches('=').len() * 3 / 4;
    let Some(service) = spec.get("service").filter(|s| !s.is_null()) else {
        if ca_bytes != 0 {
            errs.invalid(
                "spec.caBundle",
                BadValue::str(&format!("{ca_bytes} bytes")),
                "local APIServices may not have a caBundle",
            );
        }
        if skip_tls {
            errs.invalid(
                "spec.insecureSkipTLSVerify",
                BadValue::Json("true".into()),
                "local APIServices may not have insecureSkipTLSVerify",
            );
        }
        return errs;
    };
    for key in ["namespace", "name"] {
        if text(service, key).is_empty() {
            errs.required(format!("spec.service.{key}"), "");
        }
    }
    // Defaulted to 443.
    let port = service.get("port").and_then(Value::as_i64).unwrap_or(443);
    if !(1..=65535).contains(&port) {
        errs.invalid(
            "spec.service.port",
            BadValue::Int(port),
            "port is not valid: must be between 1 and 65535, inclusive",
        );
    }
    if skip_tls && ca_bytes > 0 {
        errs.invalid(
            "spec.insecureSkipTLSVerify",
            BadValue::Json("true".into()),
            "may not be true if caBundle is present",
        );
    }
    errs
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::super::tests::errors_of;

    /// The validation of an APIService with `spec` (YAML), named as
    /// `version.group` asks.
    fn check(name: &str, spec: &str) -> Option<String> {
        let object = crate::yaml::parse(&format!(
            "apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {{name: '{name}'}}\nspec: {spec}"
        ))
        .unwrap()
        .value;
        errors_of("apiregistration.k8s.io/v1", "APIService", None, &object)
    }

    /// `ValidateAPIService`: metrics-server's APIService passes; what each
    /// part requires.
    #[test]
    fn api_services() {
        let metrics = "{group: metrics.k8s.io, version: v1beta1, groupPriorityMinimum: 100, versionPriority: 100, insecureSkipTLSVerify: true, service: {name: metrics-server, namespace: kube-system}}";
        assert_eq!(check("v1beta1.metrics.k8s.io", metrics), None);
        assert_eq!(
            check(
                "v1beta1.metrics.k8s.io",
                "{group: metrics.k8s.io, version: v1beta1, groupPriorityMinimum: 100, versionPriority: 0, insecureSkipTLSVerify: true, caBundle: 'Zm9vYmFy', service: {name: metrics-server, port: 0}}"
            )
            .unwrap(),
            "[spec.versionPriority: Invalid value: 0: must be positive and less than 1000, spec.service.namespace: Required value, spec.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive, spec.insecureSkipTLSVerify: Invalid value: true: may not be true if caBundle is present]"
        );
        assert_eq!(
            check(
                "V1.",
                "{version: V1, groupPriorityMinimum: 30000, versionPriority: 15, caBundle: 'Zm9vYg=='}"
            )
            .unwrap(),
            "[spec.group: Required value: only v1 may have an empty group and it better be legacy kube, spec.version: Invalid value: \"V1\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?'), spec.groupPriorityMinimum: Invalid value: 30000: must be positive and less than 20000, spec.caBundle: Invalid value: \"4 bytes\": local APIServices may not have a caBundle]"
        );
    }
}
