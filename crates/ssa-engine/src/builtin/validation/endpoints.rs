//! `pkg/apis/core/validation/validation.go`'s `ValidateEndpoints` for an
//! Endpoints object's subsets (after `ValidateObjectMeta`): each subset
//! with addresses, each address an IP (`IsValidIPForLegacyField`, then
//! `ValidateEndpointIP`'s special ranges), a host name a DNS label and a
//! node name a DNS subdomain, each port named when there are several,
//! with a valid number and protocol. An update whose subsets did not
//! change is not refused for them (`ValidateEndpointsUpdate`).

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each, named};
use super::{ip, items, names, text};
use crate::value::Value;

/// `validateEndpointSubsets`, unless an update left the subsets alone.
pub(super) fn endpoints(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let subsets = new.get("subsets");
    if old.is_some_and(|old| old.get("subsets") == subsets) {
        return Vec::new();
    }
    let mut errs = Vec::new();
    for (i, subset) in items(subsets).iter().enumerate() {
        let at = index("subsets", i);
        let ready = items(subset.get("addresses"));
        let not_ready = items(subset.get("notReadyAddresses"));
        if ready.is_empty() && not_ready.is_empty() {
            errs.required(
                at.as_str(),
                "must specify `addresses` or `notReadyAddresses`",
            );
        }
        for (key, list) in [("addresses", ready), ("notReadyAddresses", not_ready)] {
            for (j, address) in list.iter().enumerate() {
                endpoint_address(&mut errs, address, &index(&child(&at, key), j));
            }
        }
        let ports = items(subset.get("ports"));
        for (k, port) in ports.iter().enumerate() {
            endpoint_port(
                &mut errs,
                port,
                ports.len() > 1,
                &index(&child(&at, "ports"), k),
            );
        }
    }
    errs
}

/// `validateEndpointAddress`.
fn endpoint_address(errs: &mut Vec<FieldError>, address: &Value, at: &str) {
    let ip_path = child(at, "ip");
    let address_ip = text(address, "ip");
    // IsValidIPForLegacyField, StrictIPCIDRValidation on in 1.36.
    if let Some(detail) = ip::legacy_ip(address_ip) {
        errs.invalid(ip_path.as_str(), BadValue::str(address_ip), detail);
    }
    let hostname = text(address, "hostname");
    if !hostname.is_empty() {
        invalid_each(
            errs,
            &child(at, "hostname"),
            hostname,
            names::dns1123_label(hostname),
        );
    }
    if let Some(node) = address.get("nodeName").and_then(Value::as_str) {
        invalid_each(
            errs,
            &child(at, "nodeName"),
            node,
            names::dns1123_subdomain(node),
        );
    }
    // ValidateEndpointIP.
    if ip::parse_sloppy(address_ip).is_none() {
        errs.invalid(
            ip_path.as_str(),
            BadValue::str(address_ip),
            "must be a valid IP address",
        );
    } else {
        errs.extend(super::service::non_special_ip(&ip_path, address_ip));
    }
}

/// `validateEndpointPort`: a name when there are several ports, a port
/// number, a known protocol (defaulted to TCP), an app protocol that is a
/// qualified name.
fn endpoint_port(errs: &mut Vec<FieldError>, port: &Value, require_name: bool, at: &str) {
    let name = text(port, "name");
    if require_name && name.is_empty() {
        errs.required(child(at, "name"), "");
    } else if !name.is_empty() {
        invalid_each(errs, &child(at, "name"), name, names::dns1123_label(name));
    }
    let number = port.get("port").and_then(Value::as_i64).unwrap_or(0);
    if !(1..=65535).contains(&number) {
        errs.invalid(
            child(at, "port"),
            BadValue::Int(number),
            "must be between 1 and 65535, inclusive",
        );
    }
    let protocol = text(port, "protocol");
    const PROTOCOLS: [&str; 3] = ["SCTP", "TCP", "UDP"];
    if protocol.is_empty() {
        errs.required(child(at, "protocol"), "");
    } else if !PROTOCOLS.contains(&protocol) {
        errs.not_supported(child(at, "protocol"), named(protocol), &PROTOCOLS);
    }
    if let Some(app) = port.get("appProtocol").and_then(Value::as_str) {
        invalid_each(errs, &child(at, "appProtocol"), app, names::label_key(app));
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::super::tests::errors_of;
    use crate::schema::Defaulter;

    /// An Endpoints object with `subsets` (YAML), defaulted.
    fn endpoints(subsets: &str) -> crate::value::Value {
        let mut object = crate::yaml::parse(&format!(
            "apiVersion: v1\nkind: Endpoints\nmetadata: {{name: external-db, namespace: shop}}\nsubsets: {subsets}"
        ))
        .unwrap()
        .value;
        crate::builtin::defaults::KindDefaults::for_kind("v1", "Endpoints")
            .unwrap()
            .apply_defaults(&mut object, "");
        object
    }

    /// The validation of `new` replacing `old`: its list of errors.
    fn check(old: Option<&str>, new: &str) -> Option<String> {
        errors_of(
            "v1",
            "Endpoints",
            old.map(endpoints).as_ref(),
            &endpoints(new),
        )
    }

    /// `ValidateEndpointsCreate`, `ValidateEndpointsUpdate`: the
    /// documentation's external service passes; addresses, ports.
    #[test]
    fn endpoint_subsets() {
        assert_eq!(
            check(
                None,
                "[{addresses: [{ip: 192.0.2.42}], ports: [{port: 5432}]}]"
            ),
            None
        );
        let bad = "[{ports: [{port: 80}]}, {addresses: [{ip: 127.0.0.1, hostname: DB}, {ip: 010.0.0.1}, {ip: db.example.com}], ports: [{name: http, port: 80}, {port: 0, protocol: HTTP, appProtocol: 'a b'}]}]";
        assert_eq!(
            check(None, bad).unwrap(),
            "[subsets[0]: Required value: must specify `addresses` or `notReadyAddresses`, subsets[1].addresses[0].hostname: Invalid value: \"DB\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), subsets[1].addresses[0].ip: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128), subsets[1].addresses[1].ip: Invalid value: \"010.0.0.1\": must not have leading 0s, subsets[1].addresses[2].ip: Invalid value: \"db.example.com\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), subsets[1].addresses[2].ip: Invalid value: \"db.example.com\": must be a valid IP address, subsets[1].ports[1].name: Required value, subsets[1].ports[1].port: Invalid value: 0: must be between 1 and 65535, inclusive, subsets[1].ports[1].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\", subsets[1].ports[1].appProtocol: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')]"
        );
        // Subsets an update leaves as they were are not checked again.
        assert_eq!(check(Some(bad), bad), None);
    }
}
