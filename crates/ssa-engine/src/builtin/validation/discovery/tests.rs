//! An EndpointSlice's rules (`discovery.rs`) with the server's messages:
//! each test names the function of `pkg/apis/discovery/validation` it
//! checks. Objects are defaulted first (`SetDefaults_EndpointPort`), as
//! the server validates them; the scenario test goes through a whole
//! write (defaults, `dropTopologyOnV1`, validation).

#![allow(clippy::unwrap_used)]

use super::super::tests::{apply_one, errors_of};
use crate::schema::Defaulter;
use crate::value::Value;

const API: &str = "discovery.k8s.io/v1";

/// `IsDNS1123Label`'s message.
const LABEL: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/// `IsDNS1123Subdomain`'s message.
const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// `IsQualifiedName`'s message for a bad name part.
const NAME_PART: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/// `IsValidLabelValue`'s message.
const LABEL_VALUE: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/// An EndpointSlice `example-abc` in `default` with `body` (YAML lines
/// after the metadata), defaulted.
fn slice(body: &str) -> Value {
    let mut object = crate::yaml::parse(&format!(
        "apiVersion: {API}\nkind: EndpointSlice\nmetadata: {{name: example-abc, namespace: default, labels: {{kubernetes.io/service-name: example}}}}\n{body}"
    ))
    .unwrap()
    .value;
    crate::builtin::defaults::KindDefaults::for_kind(API, "EndpointSlice")
        .unwrap()
        .apply_defaults(&mut object, "");
    object
}

/// The errors of creating a slice with `body`.
fn create(body: &str) -> Option<String> {
    errors_of(API, "EndpointSlice", None, &slice(body))
}

/// The errors of replacing a slice of `old` with one of `new`.
fn update(old: &str, new: &str) -> Option<String> {
    errors_of(API, "EndpointSlice", Some(&slice(old)), &slice(new))
}

/// What people and controllers write passes: the documentation's
/// example, a kube-controller-manager slice (IPv4, named ports with an
/// app protocol, conditions, node names, zones, zone hints, a pod
/// reference), a node-hinted one, an IPv6 slice, FQDN slices (a trailing
/// dot allowed), a selectorless Service's slice without endpoints.
#[test]
fn written_slices_pass() {
    for body in [
        // kubernetes.io, Concepts › EndpointSlices.
        "addressType: IPv4\nports: [{name: http, protocol: TCP, port: 80}]\nendpoints:\n- addresses: ['10.1.2.3']\n  conditions: {ready: true}\n  hostname: pod-1\n  nodeName: node-1\n  zone: us-west2-a\n",
        // The EndpointSlice controller's, with topology-aware hints.
        "addressType: IPv4\nports:\n- {name: https, port: 8443, protocol: TCP, appProtocol: kubernetes.io/h2c}\n- {name: metrics, port: 9090, protocol: TCP, appProtocol: http}\n- {name: dns, port: 53, protocol: UDP}\nendpoints:\n- addresses: [10.244.1.5]\n  conditions: {ready: true, serving: true, terminating: false}\n  nodeName: ip-10-0-1-23.us-east-2.compute.internal\n  zone: us-east-2a\n  hints: {forZones: [{name: us-east-2a}]}\n  targetRef: {kind: Pod, name: web-7d4b9c-x2x7k, namespace: default, uid: 5e229a31-f253-46d2-90d0-ab9a1eee47e5}\n- addresses: [10.244.2.9]\n  conditions: {ready: false, serving: true, terminating: true}\n  nodeName: ip-10-0-2-17.us-east-2.compute.internal\n  zone: us-east-2b\n  hints: {forZones: [{name: us-east-2b}], forNodes: [{name: ip-10-0-2-17.us-east-2.compute.internal}]}\n",
        "addressType: IPv6\nports: [{name: postgres, protocol: TCP, port: 5432}]\nendpoints: [{addresses: ['2001:db8:20::41'], hostname: database-a-v6}]\n",
        "addressType: FQDN\nports: [{name: https, protocol: TCP, port: 443}]\nendpoints: [{addresses: [httpbin.org]}, {addresses: [db.prod.example.com.]}]\n",
        "addressType: IPv4\nports: [{name: http, port: 8090, protocol: TCP}]\nendpoints: []\n",
        // A port with no name and no protocol: defaulted to "" and TCP.
        "addressType: IPv4\nports: [{port: 5432}]\nendpoints: [{addresses: [10.0.5.20]}, {addresses: [10.0.6.21]}]\n",
    ] {
        assert_eq!(create(body), None, "{body}");
    }
}

/// `validateAddressType`: required, one of the sorted supported types
/// (printed as JSON: `AddressType` is a named string type); an unknown
/// type's addresses are not checked. `ValidateImmutableField` on update
/// (endpoints left as stored are not checked against the new type).
#[test]
fn address_types() {
    assert_eq!(
        create("endpoints: [{addresses: [10.180.9.9]}]\n").unwrap(),
        "addressType: Required value"
    );
    assert_eq!(
        create("addressType: IP\nendpoints: [{addresses: [not-an-ip]}]\n").unwrap(),
        "addressType: Unsupported value: \"IP\": supported values: \"FQDN\", \"IPv4\", \"IPv6\""
    );
    assert_eq!(
        update(
            "addressType: IPv4\nendpoints: [{addresses: [10.0.0.1]}]\n",
            "addressType: IPv6\nendpoints: [{addresses: [10.0.0.1]}]\n"
        )
        .unwrap(),
        "addressType: Invalid value: \"IPv6\": field is immutable"
    );
    // Changed endpoints are checked against the new type first.
    assert_eq!(
        update(
            "addressType: IPv4\nendpoints: [{addresses: [10.0.0.1]}]\n",
            "addressType: IPv6\nendpoints: [{addresses: [10.0.0.2]}]\n"
        )
        .unwrap(),
        "[endpoints[0].addresses: Invalid value: \"10.0.0.2\": must be an IPv6 address, addressType: Invalid value: \"IPv6\": field is immutable]"
    );
}

/// `validatePorts`: names that are DNS labels, once each (the empty
/// default too); known protocols; app protocols that are qualified
/// names; at most 20000 ports.
#[test]
fn ports() {
    assert_eq!(
        create(
            "addressType: IPv4\nports:\n- {name: HTTP, port: 80}\n- {name: http, port: 81}\n- {name: http, port: 82, protocol: HTTP}\n- {port: 83, protocol: ''}\n- {port: 84, appProtocol: 'a b'}\nendpoints: []\n"
        )
        .unwrap(),
        format!(
            "[ports[0].name: Invalid value: \"HTTP\": {LABEL}, ports[2].name: Duplicate value: \"http\", ports[2].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\", ports[3].protocol: Unsupported value: \"\": supported values: \"SCTP\", \"TCP\", \"UDP\", ports[4].name: Duplicate value: \"\", ports[4].appProtocol: Invalid value: \"a b\": {NAME_PART}]"
        )
    );
    let many: Vec<String> = (0..20_001)
        .map(|i| format!("{{name: p{i}, port: 80}}"))
        .collect();
    assert_eq!(
        create(&format!(
            "addressType: IPv4\nports: [{}]\nendpoints: []\n",
            many.join(", ")
        ))
        .unwrap(),
        "ports: Too many: 20001: must have at most 20000 items"
    );
}

/// `validatePorts` on a port the defaults did not reach (a protocol
/// that is null is defaulted to TCP, so a write never meets this):
/// `Required value`.
#[test]
fn an_undefaulted_protocol_is_required() {
    let object = crate::yaml::parse(
        "metadata: {name: s, namespace: default}\naddressType: IPv4\nports: [{name: '', port: 80}]\nendpoints: []\n",
    )
    .unwrap()
    .value;
    assert_eq!(
        errors_of(API, "EndpointSlice", None, &object).unwrap(),
        "ports[0].protocol: Required value"
    );
}

/// `validateEndpoints`' IPv4 addresses: `IsValidIPForLegacyField`
/// (strict: no leading zeros, no IPv4-mapped address), an IPv6 address
/// refused at the list's path, `ValidateEndpointIP`'s special ranges.
#[test]
fn ipv4_addresses() {
    assert_eq!(
        create(
            "addressType: IPv4\nendpoints:\n- addresses: [010.0.0.1, '::ffff:10.0.0.1', db.example.com, '']\n- addresses: ['2001:db8::1', 127.0.0.1, 0.0.0.0, 169.254.169.254, 224.0.0.251]\n"
        )
        .unwrap(),
        "[endpoints[0].addresses[0]: Invalid value: \"010.0.0.1\": must not have leading 0s, endpoints[0].addresses[1]: Invalid value: \"::ffff:10.0.0.1\": must not be an IPv4-mapped IPv6 address, endpoints[0].addresses[2]: Invalid value: \"db.example.com\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), endpoints[0].addresses[3]: Invalid value: \"\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), endpoints[1].addresses: Invalid value: \"2001:db8::1\": must be an IPv4 address, endpoints[1].addresses[1]: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128), endpoints[1].addresses[2]: Invalid value: \"0.0.0.0\": may not be unspecified (0.0.0.0), endpoints[1].addresses[3]: Invalid value: \"169.254.169.254\": may not be in the link-local range (169.254.0.0/16, fe80::/10), endpoints[1].addresses[4]: Invalid value: \"224.0.0.251\": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)]"
    );
}

/// `validateEndpoints`' IPv6 addresses: `IsValidIP` (strict and
/// canonical), an IPv4 address refused at the list's path, the special
/// ranges.
#[test]
fn ipv6_addresses() {
    assert_eq!(
        create(
            "addressType: IPv6\nendpoints:\n- addresses: ['0:0:0:0:0:0:0:1', '2001:DB8::1', '2001:a61:1162:79fb:xxxx:xxxx:xxxx:1', '::ffff:10.0.0.1']\n- addresses: [10.0.0.1, '::1', '::', 'fe80::1', 'ff02::fb']\n"
        )
        .unwrap(),
        "[endpoints[0].addresses[0]: Invalid value: \"0:0:0:0:0:0:0:1\": must be in canonical form (\"::1\"), endpoints[0].addresses[1]: Invalid value: \"2001:DB8::1\": must be in canonical form (\"2001:db8::1\"), endpoints[0].addresses[2]: Invalid value: \"2001:a61:1162:79fb:xxxx:xxxx:xxxx:1\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), endpoints[0].addresses[3]: Invalid value: \"::ffff:10.0.0.1\": must not be an IPv4-mapped IPv6 address, endpoints[1].addresses: Invalid value: \"10.0.0.1\": must be an IPv6 address, endpoints[1].addresses[1]: Invalid value: \"::1\": may not be in the loopback range (127.0.0.0/8, ::1/128), endpoints[1].addresses[2]: Invalid value: \"::\": may not be unspecified (::), endpoints[1].addresses[3]: Invalid value: \"fe80::1\": may not be in the link-local range (169.254.0.0/16, fe80::/10), endpoints[1].addresses[4]: Invalid value: \"ff02::fb\": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)]"
    );
}

/// `validateEndpoints`' FQDN addresses (`IsFullyQualifiedDomainName`):
/// required, a DNS subdomain once a trailing dot is cut (the messages
/// joined by commas), two segments at least, each label a DNS label
/// (the first bad one printed alone).
#[test]
fn fqdn_addresses() {
    let long_label = "a".repeat(64);
    let long_name = format!("{}com", "a.".repeat(126));
    assert_eq!(
        create(&format!(
            "addressType: FQDN\nendpoints:\n- addresses: ['', Example.com., localhost, {long_label}.example.com, '{long_name}']\n"
        ))
        .unwrap(),
        format!(
            "[endpoints[0].addresses[0]: Required value, endpoints[0].addresses[1]: Invalid value: \"Example.com\": {SUBDOMAIN}, endpoints[0].addresses[2]: Invalid value: \"localhost\": should be a domain with at least two segments separated by dots, endpoints[0].addresses[3]: Invalid value: \"{long_label}\": must be no more than 63 characters, endpoints[0].addresses[4]: Invalid value: \"{long_name}\": must be no more than 253 characters]"
        )
    );
    let both = format!("{}-", "a".repeat(253));
    assert_eq!(
        create(&format!(
            "addressType: FQDN\nendpoints: [{{addresses: [{both}]}}]\n"
        ))
        .unwrap(),
        format!(
            "endpoints[0].addresses[0]: Invalid value: \"{both}\": must be no more than 253 characters,{SUBDOMAIN}"
        )
    );
}

/// `validateEndpoints`: at least one address and at most 100, at most
/// 1000 endpoints, a node name that is a DNS subdomain
/// (`ValidateNodeName`), a host name that is a DNS label.
#[test]
fn endpoints() {
    let addresses: Vec<String> = (1..=101).map(|i| format!("10.181.0.{i}")).collect();
    assert_eq!(
        create(&format!(
            "addressType: IPv4\nendpoints:\n- addresses: []\n  nodeName: Node_1\n  hostname: pod.1\n- addresses: [{}]\n  hostname: ''\n",
            addresses.join(", ")
        ))
        .unwrap(),
        format!(
            "[endpoints[0].addresses: Required value: must contain at least 1 address, endpoints[0].nodeName: Invalid value: \"Node_1\": {SUBDOMAIN}, endpoints[0].hostname: Invalid value: \"pod.1\": must not contain dots, endpoints[1].addresses: Too many: 101: must have at most 100 items, endpoints[1].hostname: Invalid value: \"\": {LABEL}]"
        )
    );
    let many: Vec<String> = (0..1_001)
        .map(|i| format!("{{addresses: [10.1.{}.{}]}}", i / 250, i % 250 + 1))
        .collect();
    assert_eq!(
        create(&format!(
            "addressType: IPv4\nendpoints: [{}, {{addresses: []}}]\n",
            many.join(", ")
        ))
        .unwrap(),
        "endpoints: Too many: 1002: must have at most 1000 items"
    );
}

/// `validateHints`: zones named once with label values, at most 8 (then
/// the nodes are not looked at); nodes named once with node names, at
/// most 8.
#[test]
fn hints() {
    assert_eq!(
        create(
            "addressType: IPv4\nendpoints:\n- addresses: [10.0.0.1]\n  hints:\n    forZones: [{name: us-east-1a}, {name: us-east-1a}, {name: 'zone a'}]\n    forNodes: [{name: node-1}, {name: Node_1}, {name: node-1}]\n"
        )
        .unwrap(),
        format!(
            "[endpoints[0].hints.forZones[1].name: Duplicate value: \"us-east-1a\", endpoints[0].hints.forZones[2].name: Invalid value: \"zone a\": {LABEL_VALUE}, endpoints[0].hints.forNodes[1].name: Invalid value: \"Node_1\": {SUBDOMAIN}, endpoints[0].hints.forNodes[2].name: Duplicate value: \"node-1\"]"
        )
    );
    let nine = |prefix: &str| -> String {
        let names: Vec<String> = (1..=9).map(|i| format!("{{name: {prefix}-{i}}}")).collect();
        format!("[{}]", names.join(", "))
    };
    assert_eq!(
        create(&format!(
            "addressType: IPv4\nendpoints:\n- addresses: [10.0.0.1]\n  hints: {{forZones: {}, forNodes: [{{name: Bad_Node}}]}}\n- addresses: [10.0.0.2]\n  hints: {{forNodes: {}}}\n",
            nine("zone"),
            nine("node")
        ))
        .unwrap(),
        "[endpoints[0].hints.forZones: Too many: 9: must have at most 8 items, endpoints[1].hints.forNodes: Too many: 9: must have at most 8 items]"
    );
}

/// `ValidateEndpointSliceSpec` on update: endpoints semantically those
/// stored are not refused for what they hold (an empty conditions
/// struct is its zero value); changed ones are.
#[test]
fn unchanged_endpoints_are_kept() {
    let stored = "addressType: IPv4\nendpoints: [{addresses: [010.0.0.1], nodeName: Node_1}]\n";
    assert_eq!(
        update(
            stored,
            "addressType: IPv4\nendpoints: [{addresses: [010.0.0.1], nodeName: Node_1, conditions: {}}]\nports: [{name: http, port: 80}]\n"
        ),
        None
    );
    assert_eq!(
        update(
            stored,
            "addressType: IPv4\nendpoints: [{addresses: [010.0.0.1], nodeName: Node_1, zone: a}]\n"
        )
        .unwrap(),
        format!(
            "[endpoints[0].addresses[0]: Invalid value: \"010.0.0.1\": must not have leading 0s, endpoints[0].nodeName: Invalid value: \"Node_1\": {SUBDOMAIN}]"
        )
    );
}

/// Through a whole write: the defaults and `dropTopologyOnV1` run first
/// (a v1 write's `deprecatedTopology`, however invalid, is dropped, not
/// refused; the conditions struct is stored empty); a broken slice is
/// refused with the server's message.
#[test]
fn scenario_writes_are_validated() {
    let (message, stored) = apply_one(
        API,
        "EndpointSlice",
        "    metadata: {name: web-x2x7k, namespace: default}\n    addressType: IPv4\n    ports: [{port: 80}]\n    endpoints:\n    - addresses: [10.244.1.5]\n      deprecatedTopology: {topology.kubernetes.io/zone: 'bad value', kubernetes.io/hostname: node-1}\n",
    );
    assert_eq!(message, "Applied");
    let stored = stored.unwrap();
    assert_eq!(
        stored.get("endpoints").map(Value::to_json).as_deref(),
        Some("[{\"addresses\":[\"10.244.1.5\"],\"conditions\":{}}]")
    );
    assert_eq!(
        stored.get("ports").map(Value::to_json).as_deref(),
        Some("[{\"port\":80,\"name\":\"\",\"protocol\":\"TCP\"}]")
    );
    let (message, _) = apply_one(
        API,
        "EndpointSlice",
        "    metadata: {name: web-x2x7k, namespace: default}\n    addressType: IPv4\n    endpoints: [{addresses: ['2001:db8::1']}]\n",
    );
    assert_eq!(
        message,
        "EndpointSlice.discovery.k8s.io \"web-x2x7k\" is invalid: endpoints[0].addresses: Invalid value: \"2001:db8::1\": must be an IPv4 address"
    );
}
