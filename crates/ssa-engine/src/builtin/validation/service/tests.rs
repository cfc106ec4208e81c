//! Each test names the upstream function it follows
//! (`pkg/apis/core/validation/validation.go`,
//! `pkg/registry/core/service/storage/storage.go`).

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use crate::schema::Validator;
use crate::value::Value;

fn v(text: &str) -> Value {
    crate::yaml::parse(text).unwrap().value
}

/// A Service as the server stores it: `spec` (YAML flow-map entries)
/// with the defaults `SetDefaults_Service` gives a ClusterIP service.
fn svc(spec: &str) -> Value {
    v(&format!(
        "apiVersion: v1\nkind: Service\nmetadata: {{name: web}}\nspec: {{type: ClusterIP, sessionAffinity: None, internalTrafficPolicy: Cluster, ports: [{{port: 80, protocol: TCP, targetPort: 80}}], {spec}}}\n"
    ))
}

fn check(old: Option<&Value>, new: &Value) -> Result<(), String> {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    KindValidation::for_kind("v1", "Service", table)
        .unwrap()
        .validate(old, new)
}

/// `validateUpgradeDowngradeClusterIPs` on what `normalizeClusterIPs` makes
/// of a changed `clusterIP`: the list follows it, and may not change. A
/// stored Service without `clusterIPs` (as the reference server stores
/// one) is seen with the list a real storage would have written. (A
/// cluster IP left out is put back by the store first: the last test.)
#[test]
fn a_cluster_ip_may_not_change() {
    let message = "Service \"web\" is invalid: spec.clusterIPs[0]: Invalid value: [\"10.96.0.11\"]: may not change once set";
    for old in [
        svc("clusterIP: 10.96.0.10"),
        svc("clusterIP: 10.96.0.10, clusterIPs: [10.96.0.10]"),
    ] {
        assert_eq!(
            check(Some(&old), &svc("clusterIP: 10.96.0.11")).unwrap_err(),
            message
        );
        // The merged object keeps the stored list beside a new singular
        // field: normalized the same way.
        assert_eq!(
            check(
                Some(&old),
                &svc("clusterIP: 10.96.0.11, clusterIPs: [10.96.0.10]")
            )
            .unwrap_err(),
            message
        );
        assert!(check(Some(&old), &svc("clusterIP: 10.96.0.10")).is_ok());
    }
    // A list that differs from the singular field is not normalized.
    let old = svc("clusterIP: 10.96.0.10, clusterIPs: [10.96.0.10]");
    assert_eq!(
        check(
            Some(&old),
            &svc("clusterIP: 10.96.0.10, clusterIPs: [10.96.0.12]")
        )
        .unwrap_err(),
        "Service \"web\" is invalid: [spec.clusterIPs[0]: Invalid value: [\"10.96.0.12\"]: may not change once set, spec.clusterIPs: Invalid value: [\"10.96.0.12\"]: first value must match `clusterIP`]"
    );
    // Headless stays headless.
    let headless = svc("clusterIP: None");
    assert!(check(Some(&headless), &svc("clusterIP: None")).is_ok());
}

/// `ValidateServiceClusterIPsRelatedFields`: the singular field and the
/// list agree; each address valid (`IsValidIPForLegacyField`, strict as
/// StrictIPCIDRValidation is beta and on in 1.36: no leading zeros, no
/// IPv4-mapped address, any form of an address otherwise), at most two,
/// one per family, matching `ipFamilies`.
#[test]
fn cluster_ips_are_checked() {
    let err = |spec: &str| check(None, &svc(spec)).unwrap_err();
    assert_eq!(
        err("clusterIP: 10.96.0.300"),
        "Service \"web\" is invalid: spec.clusterIPs[0]: Invalid value: \"10.96.0.300\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"
    );
    assert_eq!(
        err("clusterIP: 10.096.0.1"),
        "Service \"web\" is invalid: spec.clusterIPs[0]: Invalid value: \"10.096.0.1\": must not have leading 0s"
    );
    // Not canonical, but a legacy field takes it.
    assert_eq!(check(None, &svc("clusterIP: \"2001:DB8::1\"")), Ok(()));
    assert_eq!(
        err("clusterIP: \"::ffff:10.0.0.1\""),
        "Service \"web\" is invalid: spec.clusterIPs[0]: Invalid value: \"::ffff:10.0.0.1\": must not be an IPv4-mapped IPv6 address"
    );
    assert_eq!(
        err("clusterIP: 10.96.0.10, clusterIPs: [10.96.0.11]"),
        "Service \"web\" is invalid: spec.clusterIPs: Invalid value: [\"10.96.0.11\"]: first value must match `clusterIP`"
    );
    assert_eq!(
        err("clusterIPs: [10.96.0.11]"),
        "Service \"web\" is invalid: spec.clusterIPs: Invalid value: [\"10.96.0.11\"]: must be empty when `clusterIP` is not specified"
    );
    assert_eq!(
        err("clusterIP: 10.96.0.10, clusterIPs: [10.96.0.10, 10.96.0.11]"),
        "Service \"web\" is invalid: spec.clusterIPs: Invalid value: [\"10.96.0.10\",\"10.96.0.11\"]: may specify no more than one IP for each IP family"
    );
    assert_eq!(
        err("clusterIP: 10.96.0.10, ipFamilies: [IPv6]"),
        "Service \"web\" is invalid: spec.clusterIPs[0]: Invalid value: \"10.96.0.10\": expected an IPv6 value as indicated by `ipFamilies[0]`"
    );
    assert!(check(None, &svc("clusterIP: 10.96.0.10, clusterIPs: [10.96.0.10, \"fd00::a\"], ipFamilies: [IPv4, IPv6], ipFamilyPolicy: PreferDualStack")).is_ok());
}

/// `ValidateService`'s type rules: headless only for ClusterIP services;
/// an ExternalName needs a name and no cluster IPs; a known type; node
/// ports not on a ClusterIP service; load balancer fields only on one.
#[test]
fn type_rules() {
    let err = |yaml: &str| check(None, &v(yaml)).unwrap_err();
    assert_eq!(
        err(
            "metadata: {name: web}\nspec: {type: NodePort, clusterIP: None, sessionAffinity: None, externalTrafficPolicy: Cluster, internalTrafficPolicy: Cluster, ports: [{port: 80, protocol: TCP, targetPort: 80}]}"
        ),
        "Service \"web\" is invalid: spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for NodePort services"
    );
    assert_eq!(
        err(
            "metadata: {name: web}\nspec: {type: ExternalName, clusterIP: 10.0.0.1, sessionAffinity: None}"
        ),
        "Service \"web\" is invalid: [spec.clusterIPs: Forbidden: may not be set for ExternalName services, spec.externalName: Required value]"
    );
    assert!(check(None, &v("metadata: {name: web}\nspec: {type: ExternalName, externalName: db.example.com., sessionAffinity: None}")).is_ok());
    assert_eq!(
        err(
            "metadata: {name: web}\nspec: {type: Internal, sessionAffinity: None, ports: [{port: 80, protocol: TCP, targetPort: 80}]}"
        ),
        "Service \"web\" is invalid: spec.type: Unsupported value: \"Internal\": supported values: \"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\""
    );
    assert_eq!(
        check(None, &svc("ports: [{port: 80, protocol: TCP, targetPort: 80, nodePort: 30080}], loadBalancerClass: x/y")).unwrap_err(),
        "Service \"web\" is invalid: [spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP', spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer']"
    );
    assert_eq!(
        check(None, &svc("externalTrafficPolicy: Local")).unwrap_err(),
        "Service \"web\" is invalid: spec.externalTrafficPolicy: Invalid value: \"Local\": may only be set for externally-accessible services"
    );
    // A load balancer as defaulted; its class may not change.
    let lb = |class: &str| {
        v(&format!(
            "metadata: {{name: web}}\nspec: {{type: LoadBalancer, sessionAffinity: None, externalTrafficPolicy: Cluster, internalTrafficPolicy: Cluster, allocateLoadBalancerNodePorts: true, ports: [{{port: 80, protocol: TCP, targetPort: 80}}], {class}}}"
        ))
    };
    assert!(check(None, &lb("loadBalancerClass: example.com/lb")).is_ok());
    assert_eq!(
        check(
            Some(&lb("loadBalancerClass: example.com/lb")),
            &lb("loadBalancerClass: example.com/other")
        )
        .unwrap_err(),
        "Service \"web\" is invalid: spec.loadBalancerClass: Invalid value: \"example.com/other\": may not change once set"
    );
}

/// `ValidateService`: session affinity, external IPs
/// (`ValidateNonSpecialIP`), repeated ports.
#[test]
fn affinity_external_ips_and_repeats() {
    assert_eq!(
        check(None, &svc("sessionAffinity: Sticky")).unwrap_err(),
        "Service \"web\" is invalid: spec.sessionAffinity: Unsupported value: \"Sticky\": supported values: \"ClientIP\", \"None\""
    );
    assert_eq!(
        check(None, &svc("sessionAffinity: ClientIP, sessionAffinityConfig: {clientIP: {timeoutSeconds: 100000}}")).unwrap_err(),
        "Service \"web\" is invalid: spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 100000: must be greater than 0 and less than 86400"
    );
    assert_eq!(
        check(
            None,
            &svc("externalIPs: [127.0.0.1], externalTrafficPolicy: Cluster")
        )
        .unwrap_err(),
        "Service \"web\" is invalid: spec.externalIPs[0]: Invalid value: \"127.0.0.1\": may not be in the loopback range (127.0.0.0/8, ::1/128)"
    );
    assert_eq!(
        check(None, &svc("externalIPs: [169.254.169.254]")).unwrap_err(),
        "Service \"web\" is invalid: [spec.externalIPs[0]: Invalid value: \"169.254.169.254\": may not be in the link-local range (169.254.0.0/16, fe80::/10), spec.externalTrafficPolicy: Required value]"
    );
    assert_eq!(
        check(None, &svc("ports: [{name: a, port: 80, protocol: TCP, targetPort: 80}, {name: b, port: 80, protocol: TCP, targetPort: 8080}]")).unwrap_err(),
        "Service \"web\" is invalid: spec.ports[1]: Duplicate value: {\"Name\":\"\",\"Protocol\":\"TCP\",\"AppProtocol\":null,\"Port\":80,\"TargetPort\":0,\"NodePort\":0}"
    );
}

/// Through the whole write path: an apply goes through the store's
/// Update, so `patchAllocatedValues` keeps a cluster IP the manager stops
/// sending, and an apply that changes it is refused by
/// `validateUpgradeDowngradeClusterIPs`.
#[test]
fn applies_keep_and_may_not_change_a_cluster_ip() {
    let step = |ip: &str| {
        format!(
            "- manager: ops\n  op: apply\n  object:\n    apiVersion: v1\n    kind: Service\n    metadata: {{name: web, namespace: default}}\n    spec: {{{ip}ports: [{{port: 80}}]}}\n"
        )
    };
    let text = format!(
        "scenario: v1\nname: cluster-ip\nschema:\n  builtin: v1/Service\nsteps:\n{}{}{}",
        step("clusterIP: 10.96.0.10, "),
        step(""),
        step("clusterIP: 10.96.0.11, "),
    );
    let result = crate::scenario::run_scenario_text(&text).unwrap();
    let kept = result.steps[1].object.as_ref().unwrap();
    assert_eq!(
        kept.get_path(&["spec", "clusterIP"])
            .and_then(Value::as_str),
        Some("10.96.0.10")
    );
    assert_eq!(
        result.steps[2].message,
        "Service \"web\" is invalid: spec.clusterIPs[0]: Invalid value: [\"10.96.0.11\"]: may not change once set"
    );
}

/// A Service with `spec` (flow-map entries) and a load balancer status of
/// `ingress` (a flow list).
fn with_ingress(spec: &str, ingress: &str) -> Value {
    let mut service = svc(spec);
    if let Value::Map(map) = &mut service {
        map.insert(
            "status".to_string(),
            v(&format!("{{loadBalancer: {{ingress: {ingress}}}}}")),
        );
    }
    service
}

fn check_status(old: &Value, new: &Value) -> Result<(), String> {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    KindValidation::for_kind("v1", "Service", table)
        .unwrap()
        .validate_status(old, new)
}

/// `ValidateServiceStatusUpdate` → `ValidateLoadBalancerStatus`: a load
/// balancer's address only on a LoadBalancer Service; an IP that parses
/// (strictly, StrictIPCIDRValidation being on in 1.36: no leading zeros,
/// unless the stored status had it) with its mode; a host name that is a
/// DNS subdomain and not an IP.
#[test]
fn load_balancer_status() {
    let cluster_ip = svc("clusterIP: 10.96.0.10");
    assert_eq!(
        check_status(
            &cluster_ip,
            &with_ingress("clusterIP: 10.96.0.10", "[{ip: 203.0.113.7, ipMode: VIP}]")
        )
        .unwrap_err(),
        "Service \"web\" is invalid: status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'"
    );
    let lb = "type: LoadBalancer, clusterIP: 10.96.0.10, externalTrafficPolicy: Cluster, allocateLoadBalancerNodePorts: true";
    let old = svc(lb);
    let good = with_ingress(
        lb,
        "[{ip: 203.0.113.7, ipMode: VIP}, {hostname: lb.example.com}]",
    );
    assert_eq!(check_status(&old, &good), Ok(()));
    let bad = with_ingress(
        lb,
        "[{ip: 203.0.113.300, ipMode: VIP}, {ip: 198.51.100.1}, {hostname: 198.51.100.2, ipMode: Proxy}, {ip: 198.51.100.3, ipMode: Direct, hostname: LB}]",
    );
    assert_eq!(
        check_status(&old, &bad).unwrap_err(),
        "Service \"web\" is invalid: [status.loadBalancer.ingress[0].ip: Invalid value: \"203.0.113.300\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff), status.loadBalancer.ingress[1].ipMode: Required value: must be specified when `ip` is set, status.loadBalancer.ingress[2].ipMode: Forbidden: may not be specified when `ip` is not set, status.loadBalancer.ingress[2].hostname: Invalid value: \"198.51.100.2\": must be a DNS name, not an IP address, status.loadBalancer.ingress[3].ipMode: Unsupported value: \"Direct\": supported values: \"Proxy\", \"VIP\", status.loadBalancer.ingress[3].hostname: Invalid value: \"LB\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]"
    );
    // An address the stored status already had is kept as it is.
    let stored = with_ingress(lb, "[{ip: 203.0.113.300, ipMode: VIP}]");
    assert_eq!(check_status(&stored, &stored), Ok(()));
    // A leading zero is refused in a new address, kept in a stored one.
    let zero = with_ingress(lb, "[{ip: 203.0.113.007, ipMode: VIP}]");
    assert_eq!(
        check_status(&old, &zero).unwrap_err(),
        "Service \"web\" is invalid: status.loadBalancer.ingress[0].ip: Invalid value: \"203.0.113.007\": must not have leading 0s"
    );
    assert_eq!(check_status(&zero, &zero), Ok(()));
}

/// `validateService`'s source ranges, after the ports: each CIDR
/// (`IsValidCIDRForLegacyField`, strict as StrictIPCIDRValidation is on in
/// 1.36) with its padding trimmed, only for a load balancer (at upstream's
/// capitalised path), a stored one kept; without the field, the older
/// annotation's comma-separated list, checked when it changed.
#[test]
fn load_balancer_source_ranges() {
    let lb = "type: LoadBalancer, clusterIP: 10.96.0.10, externalTrafficPolicy: Cluster, allocateLoadBalancerNodePorts: true";
    let ranges = |list: &str| svc(&format!("{lb}, loadBalancerSourceRanges: {list}"));
    assert_eq!(
        check(None, &ranges("['10.0.0.0/8', ' 192.168.1.1/24 ', bad]")).unwrap_err(),
        "Service \"web\" is invalid: [spec.LoadBalancerSourceRanges[1]: Invalid value: \"192.168.1.1/24\": must not have bits set beyond the prefix length, \
        spec.LoadBalancerSourceRanges[2]: Invalid value: \"bad\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)]"
    );
    assert_eq!(
        check(None, &ranges("['10.0.0.0/8', ' 192.168.1.0/24 ']")),
        Ok(())
    );
    // Stored (trimmed) values stay valid.
    let stored = ranges("[' 10.1.2.3/8']");
    assert_eq!(check(Some(&stored), &ranges("['10.1.2.3/8 ']")), Ok(()));
    // Only for a load balancer.
    assert_eq!(
        check(None, &svc("loadBalancerSourceRanges: ['10.0.0.0/8']")).unwrap_err(),
        "Service \"web\" is invalid: spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'"
    );
    let annotated = |value: &str| {
        v(&format!(
            "apiVersion: v1\nkind: Service\nmetadata: {{name: web, annotations: {{service.beta.kubernetes.io/load-balancer-source-ranges: '{value}'}}}}\nspec: {{type: LoadBalancer, clusterIP: 10.96.0.10, externalTrafficPolicy: Cluster, allocateLoadBalancerNodePorts: true, sessionAffinity: None, internalTrafficPolicy: Cluster, ports: [{{port: 80, protocol: TCP, targetPort: 80}}]}}\n"
        ))
    };
    assert_eq!(
        check(None, &annotated("10.0.0.0/8, 1.2.3.4/16")).unwrap_err(),
        "Service \"web\" is invalid: metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]: Invalid value: \"1.2.3.4/16\": must not have bits set beyond the prefix length"
    );
    // An annotation the update leaves as it was is not checked again.
    let old = annotated("1.2.3.4/16");
    assert_eq!(check(Some(&old), &annotated("1.2.3.4/16")), Ok(()));
    assert_eq!(check(None, &annotated(" ")), Ok(()));
}

/// `validateServiceTrafficDistribution`: `PreferClose`, `PreferSameZone` or
/// `PreferSameNode` (PreferSameTrafficDistribution GA), in upstream's order.
#[test]
fn traffic_distribution() {
    assert_eq!(
        check(None, &svc("trafficDistribution: PreferNearby")).unwrap_err(),
        "Service \"web\" is invalid: spec.trafficDistribution: Unsupported value: \"PreferNearby\": supported values: \"PreferClose\", \"PreferSameZone\", \"PreferSameNode\""
    );
    assert_eq!(
        check(None, &svc("trafficDistribution: PreferSameNode")),
        Ok(())
    );
}
