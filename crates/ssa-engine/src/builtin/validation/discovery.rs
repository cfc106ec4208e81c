//! `pkg/apis/discovery/validation/validation.go` for an EndpointSlice (the
//! copy of the 1.34–1.36 cycle: strict IPs by `IsValidIPForLegacyField`
//! and `IsValidIP`, node hints). The strategy runs
//! `ValidateEndpointSliceCreate`, or on update
//! `ValidateEndpointSliceUpdate`; after the metadata, both run
//! `ValidateEndpointSliceSpec`: the address type
//! (`validateAddressType`), the ports (`validatePorts`), the endpoints
//! (`validateEndpoints`, whose errors an update drops when its endpoints
//! are semantically those stored), then on update the address type that
//! may not change (`ValidateImmutableField`).
//!
//! Ports have been defaulted (`SetDefaults_EndpointPort`: an empty name,
//! TCP), so `validatePorts`' dereference of the name never meets a nil
//! pointer. A port's number is not checked upstream.
//!
//! An endpoint's `deprecatedTopology` is not checked here: a v1 write has
//! no conversion of its own (the generated one copies the map as is; only
//! v1beta1's moved the zone key to `zone`), but the strategy's
//! `dropTopologyOnV1` (`registry::gated::drop_topology_on_v1`) clears the
//! map before validation unless the endpoints are those stored, in which
//! case the endpoints' errors are dropped anyway. So neither
//! `maxTopologyLabels`, `ValidateLabels` of the map, nor the `InternalError`
//! for the reserved `topology.kubernetes.io/zone` key (left behind only by
//! a broken v1beta1 conversion) can be met through the v1 API.

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each, named, too_many};
use super::{at, ip, items, names, text};
use crate::value::Value;

/// `supportedAddressTypes`, as `sets.List` sorts them.
const ADDRESS_TYPES: [&str; 3] = ["FQDN", "IPv4", "IPv6"];

/// `supportedPortProtocols`, sorted.
const PROTOCOLS: [&str; 3] = ["SCTP", "TCP", "UDP"];

/// `maxAddresses`, `maxPorts`, `maxEndpoints`, `maxZoneHints`,
/// `maxNodeHints`.
const MAX_ADDRESSES: usize = 100;
const MAX_PORTS: usize = 20_000;
const MAX_ENDPOINTS: usize = 1_000;
const MAX_ZONE_HINTS: usize = 8;
const MAX_NODE_HINTS: usize = 8;

/// An EndpointSlice's errors after its metadata's:
/// `ValidateEndpointSliceSpec`, and on update the immutable address type.
pub(super) fn endpoint_slice(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let address_type = text(new, "addressType");
    let mut errs = Vec::new();
    // validateAddressType.
    if address_type.is_empty() {
        errs.required("addressType", "");
    } else if !ADDRESS_TYPES.contains(&address_type) {
        errs.not_supported("addressType", named(address_type), &ADDRESS_TYPES);
    }
    ports(&mut errs, items(new.get("ports")));
    let endpoint_errs = endpoints(items(new.get("endpoints")), address_type);
    // An update whose endpoints are semantically the stored ones keeps
    // them, errors and all (older releases took them).
    let unchanged = old.is_some_and(|old| {
        crate::registry::generation::semantic_eq(old.get("endpoints"), new.get("endpoints"))
    });
    if !unchanged {
        errs.extend(endpoint_errs);
    }
    // ValidateImmutableField: AddressType is a named string type, which
    // the error prints as JSON.
    if let Some(old) = old
        && text(old, "addressType") != address_type
    {
        errs.invalid("addressType", named(address_type), "field is immutable");
    }
    errs
}

/// `validateEndpoints`: at most 1000, each with 1 to 100 addresses of the
/// slice's address type (an unknown type's are not checked), a node name
/// that is a DNS subdomain, a host name that is a DNS label, and hints.
fn endpoints(endpoints: &[Value], address_type: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if endpoints.len() > MAX_ENDPOINTS {
        errs.push(too_many("endpoints", endpoints.len(), MAX_ENDPOINTS as i64));
        return errs;
    }
    for (i, endpoint) in endpoints.iter().enumerate() {
        let at_endpoint = index("endpoints", i);
        let address_path = child(&at_endpoint, "addresses");
        let addresses = items(endpoint.get("addresses"));
        if addresses.is_empty() {
            errs.required(address_path.as_str(), "must contain at least 1 address");
        } else if addresses.len() > MAX_ADDRESSES {
            errs.push(too_many(
                &address_path,
                addresses.len(),
                MAX_ADDRESSES as i64,
            ));
        }
        for (j, address) in addresses.iter().enumerate() {
            let address = address.as_str().unwrap_or("");
            let path = index(&address_path, j);
            match address_type {
                "IPv4" | "IPv6" => {
                    ip_address(&mut errs, &address_path, &path, address, address_type)
                }
                "FQDN" => fully_qualified_domain_name(&mut errs, &path, address),
                _ => {}
            }
        }
        if let Some(node) = at(Some(endpoint), "nodeName") {
            // ValidateNodeName: NameIsDNSSubdomain.
            let node = node.as_str().unwrap_or("");
            let messages = names::dns1123_subdomain(node);
            invalid_each(&mut errs, &child(&at_endpoint, "nodeName"), node, messages);
        }
        // deprecatedTopology: cleared before validation (see the module).
        if let Some(hostname) = at(Some(endpoint), "hostname") {
            // ValidateDNS1123Label.
            let hostname = hostname.as_str().unwrap_or("");
            let messages = names::dns1123_label(hostname);
            invalid_each(
                &mut errs,
                &child(&at_endpoint, "hostname"),
                hostname,
                messages,
            );
        }
        if let Some(hints) = at(Some(endpoint), "hints") {
            endpoint_hints(&mut errs, hints, &child(&at_endpoint, "hints"));
        }
    }
    errs
}

/// An IPv4 or IPv6 slice's address: `IsValidIPForLegacyField` (IPv4, with
/// StrictIPCIDRValidation on in 1.36) or `IsValidIP` (IPv6, strict and
/// canonical); once it parses, an address of the other family is refused
/// at the list's path (upstream passes `addressPath`, not the item's),
/// then `ValidateEndpointIP`'s special ranges.
fn ip_address(
    errs: &mut Vec<FieldError>,
    list_path: &str,
    path: &str,
    address: &str,
    address_type: &str,
) {
    let v4 = address_type == "IPv4";
    let messages = if v4 {
        ip::legacy_ip(address)
            .map(str::to_string)
            .into_iter()
            .collect()
    } else {
        ip::is_valid_ip(address)
    };
    if !messages.is_empty() {
        invalid_each(errs, path, address, messages);
        return;
    }
    // netutils.IsIPv4String, IsIPv6String: whether To4 views it.
    let is_v4 = ip::parse_sloppy(address).is_some_and(|ip| ip.to4().is_some());
    if v4 != is_v4 {
        let detail = if v4 {
            "must be an IPv4 address"
        } else {
            "must be an IPv6 address"
        };
        errs.invalid(list_path, BadValue::str(address), detail);
    }
    errs.extend(super::service::non_special_ip(path, address));
}

/// apimachinery `IsFullyQualifiedDomainName`: one error at most, of the
/// name without one trailing dot, or of its first bad label.
fn fully_qualified_domain_name(errs: &mut Vec<FieldError>, path: &str, name: &str) {
    if name.is_empty() {
        errs.required(path, "");
        return;
    }
    let name = name.strip_suffix('.').unwrap_or(name);
    let messages = names::dns1123_subdomain(name);
    if !messages.is_empty() {
        errs.invalid(path, BadValue::str(name), &messages.join(","));
        return;
    }
    if !name.contains('.') {
        errs.invalid(
            path,
            BadValue::str(name),
            "should be a domain with at least two segments separated by dots",
        );
        return;
    }
    for label in name.split('.') {
        let messages = names::dns1123_label(label);
        if !messages.is_empty() {
            errs.invalid(path, BadValue::str(label), &messages.join(","));
            return;
        }
    }
}

/// `validatePorts`: at most 20000; a name that is empty or a DNS label,
/// once in the slice; a protocol (defaulted to TCP) that is known; an
/// app protocol that is a qualified name.
fn ports(errs: &mut Vec<FieldError>, ports: &[Value]) {
    if ports.len() > MAX_PORTS {
        errs.push(too_many("ports", ports.len(), MAX_PORTS as i64));
        return;
    }
    let mut seen: Vec<&str> = Vec::new();
    for (i, port) in ports.iter().enumerate() {
        let at_port = index("ports", i);
        let name_path = child(&at_port, "name");
        let name = text(port, "name");
        if !name.is_empty() {
            invalid_each(errs, &name_path, name, names::dns1123_label(name));
        }
        if seen.contains(&name) {
            // The name's pointer, printed as the string it points to.
            errs.duplicate(name_path, BadValue::str(name));
        } else {
            seen.push(name);
        }
        let protocol_path = child(&at_port, "protocol");
        match at(Some(port), "protocol") {
            None => errs.required(protocol_path, ""),
            Some(protocol) => {
                let protocol = protocol.as_str().unwrap_or("");
                if !PROTOCOLS.contains(&protocol) {
                    errs.not_supported(protocol_path, named(protocol), &PROTOCOLS);
                }
            }
        }
        if let Some(app) = at(Some(port), "appProtocol") {
            // ValidateQualifiedName.
            let app = app.as_str().unwrap_or("");
            invalid_each(
                errs,
                &child(&at_port, "appProtocol"),
                app,
                names::label_key(app),
            );
        }
    }
}

/// `validateHints`: at most 8 zones, each named once with a label value,
/// then (unless the zones were too many) at most 8 nodes, each named once
/// with a node name (`ValidateNodeName`).
fn endpoint_hints(errs: &mut Vec<FieldError>, hints: &Value, path: &str) {
    for (key, max, check) in [
        (
            "forZones",
            MAX_ZONE_HINTS,
            names::label_value as fn(&str) -> Vec<String>,
        ),
        ("forNodes", MAX_NODE_HINTS, names::dns1123_subdomain),
    ] {
        let list_path = child(path, key);
        let list = items(hints.get(key));
        if list.len() > max {
            errs.push(too_many(&list_path, list.len(), max as i64));
            return;
        }
        let mut seen: Vec<&str> = Vec::new();
        for (i, hint) in list.iter().enumerate() {
            let name_path = child(&index(&list_path, i), "name");
            let name = text(hint, "name");
            if seen.contains(&name) {
                errs.duplicate(name_path.as_str(), BadValue::str(name));
            } else {
                seen.push(name);
            }
            invalid_each(errs, &name_path, name, check(name));
        }
    }
}

#[cfg(test)]
mod tests;
