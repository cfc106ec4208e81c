//! core/v1 kinds beyond the workloads (upstream `pkg/apis/core/v1/defaults.go`).

use super::{items, resource_lists, set, set_if_empty};
use crate::value::{Map, Value};

/// `SetDefaults_Service`, in its order: session affinity (and its config
/// dropped when None, given a timeout when ClientIP), type, ports
/// (protocol; a zero or empty targetPort is the port), the external
/// traffic policy of an externally accessible service, the internal one,
/// node ports for load balancers, the load balancer ingress IP mode.
pub(super) fn service(root: &mut Map) -> Option<()> {
    let spec = root.child_map_mut("spec")?;
    set(spec, "sessionAffinity", Value::from("None"));
    match spec.get("sessionAffinity").and_then(Value::as_str) {
        Some("None") => {
            spec.remove("sessionAffinityConfig");
        }
        Some("ClientIP") => {
            let config = spec
                .child_map_mut("sessionAffinityConfig")?
                .child_map_mut("clientIP")?;
            set(config, "timeoutSeconds", Value::Int(10800));
        }
        _ => {}
    }
    set(spec, "type", Value::from("ClusterIP"));
    for port in items(spec, "ports") {
        set(port, "protocol", Value::from("TCP"));
        let unset = port
            .get("targetPort")
            .is_none_or(|t| matches!(t, Value::Null | Value::Int(0)) || t.as_str() == Some(""));
        if unset {
            // `intstr.FromInt32(sp.Port)`: a port left out is 0.
            let p = port.get("port").filter(|p| !p.is_null()).cloned();
            port.insert("targetPort", p.unwrap_or(Value::Int(0)));
        }
    }
    let ty = spec
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    // service.ExternallyAccessible: a load balancer, a node port, or a
    // cluster IP with external IPs.
    let external_ips = spec
        .get("externalIPs")
        .and_then(Value::as_list)
        .is_some_and(|l| !l.is_empty());
    if ty == "LoadBalancer" || ty == "NodePort" || (ty == "ClusterIP" && external_ips) {
        set(spec, "externalTrafficPolicy", Value::from("Cluster"));
    }
    if matches!(ty.as_str(), "NodePort" | "LoadBalancer" | "ClusterIP") {
        set(spec, "internalTrafficPolicy", Value::from("Cluster"));
    }
    if ty == "LoadBalancer" {
        set(spec, "allocateLoadBalancerNodePorts", Value::Bool(true));
        let ingress = root
            .get_mut("status")
            .and_then(Value::as_map_mut)
            .and_then(|s| s.get_mut("loadBalancer"))
            .and_then(Value::as_map_mut);
        for entry in ingress.into_iter().flat_map(|lb| items(lb, "ingress")) {
            if entry
                .get("ip")
                .and_then(Value::as_str)
                .is_some_and(|ip| !ip.is_empty())
            {
                set(entry, "ipMode", Value::from("VIP"));
            }
        }
    }
    Some(())
}

/// `SetDefaults_ReplicationController`: the template's labels become the
/// selector and the controller's labels when those are empty; one replica.
pub(super) fn replication_controller(root: &mut Map) -> Option<()> {
    let labels = root
        .get_path_value(&["spec", "template", "metadata", "labels"])
        .filter(|l| !l.is_null());
    if let Some(labels) = labels {
        set_if_empty(root.child_map_mut("spec")?, "selector", labels.clone());
        set_if_empty(root.child_map_mut("metadata")?, "labels", labels);
    }
    set(root.child_map_mut("spec")?, "replicas", Value::Int(1));
    Some(())
}

/// `SetObjectDefaults_LimitRange`: `SetDefaults_LimitRangeItem` on every
/// item (a container's default limit is its max, its default request
/// the default limit, else the min), then `SetDefaults_ResourceList` on
/// the item's lists.
pub(super) fn limit_range(root: &mut Map) {
    let Some(Value::Map(spec)) = root.get_mut("spec") else {
        return;
    };
    for item in items(spec, "limits") {
        if item.get("type").and_then(Value::as_str) == Some("Container") {
            let copy_missing = |item: &mut Map, from: &str, to: &str| {
                let source = item
                    .get(from)
                    .and_then(Value::as_map)
                    .cloned()
                    .unwrap_or_default();
                let Some(target) = item.child_map_mut(to) else {
                    return;
                };
                for (name, quantity) in &source {
                    if !target.contains_key(name) {
                        target.insert(name.clone(), quantity.clone());
                    }
                }
            };
            copy_missing(item, "max", "default");
            copy_missing(item, "default", "defaultRequest");
            copy_missing(item, "min", "defaultRequest");
        }
        resource_lists(
            item,
            &[
                "max",
                "min",
                "default",
                "defaultRequest",
                "maxLimitRequestRatio",
            ],
        );
    }
}

/// `SetObjectDefaults_ResourceQuota`: `SetDefaults_ResourceList` on the
/// hard limits and the status.
pub(super) fn resource_quota(root: &mut Map) {
    if let Some(Value::Map(spec)) = root.get_mut("spec") {
        resource_lists(spec, &["hard"]);
    }
    if let Some(Value::Map(status)) = root.get_mut("status") {
        resource_lists(status, &["hard", "used"]);
    }
}

/// `SetObjectDefaults_Node`: `SetDefaults_NodeStatus` (what is allocatable
/// is the capacity when not said), then `SetDefaults_ResourceList` on both.
pub(super) fn node(root: &mut Map) {
    let Some(Value::Map(status)) = root.get_mut("status") else {
        return;
    };
    if status.get("allocatable").is_none_or(Value::is_null)
        && let Some(capacity) = status.get("capacity").filter(|c| !c.is_null()).cloned()
    {
        status.insert("allocatable", capacity);
    }
    resource_lists(status, &["capacity", "allocatable"]);
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::yaml_map as map;

    fn at(m: &Map, path: &[&str]) -> Option<Value> {
        m.get_path_value(path)
    }

    /// SetDefaults_Service.
    #[test]
    fn services() {
        let mut root = map(
            "{spec: {type: LoadBalancer, sessionAffinityConfig: {clientIP: {timeoutSeconds: 5}}, ports: [{port: 80, targetPort: 0}]}, status: {loadBalancer: {ingress: [{ip: 1.2.3.4}, {hostname: h}]}}}",
        );
        service(&mut root);
        assert_eq!(at(&root, &["spec", "sessionAffinityConfig"]), None);
        assert_eq!(
            at(&root, &["spec", "externalTrafficPolicy"]),
            Some(Value::from("Cluster"))
        );
        assert_eq!(
            at(&root, &["spec", "allocateLoadBalancerNodePorts"]),
            Some(Value::Bool(true))
        );
        let ports = at(&root, &["spec", "ports"]).unwrap();
        assert_eq!(
            ports.as_list().unwrap()[0].get("targetPort"),
            Some(&Value::Int(80))
        );
        // SetDefaults_Service: `intstr.FromInt32(sp.Port)` of a port left
        // out is 0, not the empty targetPort given.
        let mut root = map("{spec: {ports: [{targetPort: ''}]}}");
        service(&mut root);
        assert_eq!(
            at(&root, &["spec", "ports"]).unwrap().as_list().unwrap()[0].get("targetPort"),
            Some(&Value::Int(0))
        );
        let mut root = map(
            "{spec: {type: LoadBalancer, ports: [{port: 80}]}, status: {loadBalancer: {ingress: [{ip: 1.2.3.4}, {hostname: h}]}}}",
        );
        service(&mut root);
        let ingress = at(&root, &["status", "loadBalancer", "ingress"]).unwrap();
        let ingress = ingress.as_list().unwrap();
        assert_eq!(ingress[0].get("ipMode"), Some(&Value::from("VIP")));
        assert_eq!(ingress[1].get("ipMode"), None);
        // A cluster IP with external IPs is externally accessible.
        let mut root = map("{spec: {externalIPs: [1.2.3.4]}}");
        service(&mut root);
        assert_eq!(
            at(&root, &["spec", "externalTrafficPolicy"]),
            Some(Value::from("Cluster"))
        );
        assert_eq!(at(&root, &["spec", "allocateLoadBalancerNodePorts"]), None);
        // ExternalName: no traffic policies.
        let mut root = map("{spec: {type: ExternalName, externalName: e}}");
        service(&mut root);
        assert_eq!(at(&root, &["spec", "internalTrafficPolicy"]), None);
    }

    /// SetDefaults_ReplicationController.
    #[test]
    fn replication_controllers() {
        let mut root =
            map("{metadata: {name: rc}, spec: {template: {metadata: {labels: {app: a}}}}}");
        replication_controller(&mut root);
        assert_eq!(
            at(&root, &["spec", "selector"]),
            Some(map("{app: a}").into())
        );
        assert_eq!(
            at(&root, &["metadata", "labels"]),
            Some(map("{app: a}").into())
        );
        assert_eq!(at(&root, &["spec", "replicas"]), Some(Value::Int(1)));
        let mut root = map(
            "{metadata: {labels: {x: y}}, spec: {selector: {s: t}, template: {metadata: {labels: {app: a}}}}}",
        );
        replication_controller(&mut root);
        assert_eq!(at(&root, &["spec", "selector"]), Some(map("{s: t}").into()));
        assert_eq!(
            at(&root, &["metadata", "labels"]),
            Some(map("{x: y}").into())
        );
    }

    /// SetDefaults_LimitRangeItem, SetDefaults_ResourceList.
    #[test]
    fn limit_ranges() {
        let mut root = map(
            "{spec: {limits: [{type: Container, max: {cpu: 2}, min: {memory: 100n}, default: {memory: 1Gi}}, {type: Pod, max: {cpu: 4}}]}}",
        );
        limit_range(&mut root);
        let limits = at(&root, &["spec", "limits"]).unwrap();
        let limits = limits.as_list().unwrap();
        assert_eq!(
            limits[0].get("default"),
            Some(&map("{memory: 1Gi, cpu: 2}").into())
        );
        assert_eq!(
            limits[0].get("defaultRequest"),
            Some(&map("{memory: 1Gi, cpu: 2}").into())
        );
        assert_eq!(limits[0].get("min"), Some(&map("{memory: 1m}").into()));
        assert_eq!(limits[1].get("default"), None);
    }

    /// SetDefaults_NodeStatus, and ResourceQuota's resource lists.
    #[test]
    fn nodes_and_quotas() {
        let mut root = map("{status: {capacity: {cpu: 4, pods: 110}}}");
        node(&mut root);
        assert_eq!(
            at(&root, &["status", "allocatable"]),
            Some(map("{cpu: 4, pods: 110}").into())
        );
        let mut root = map("{spec: {hard: {cpu: 0.0001}}}");
        resource_quota(&mut root);
        assert_eq!(at(&root, &["spec", "hard", "cpu"]), Some(Value::from("1m")));
    }
}
