//! `pkg/registry/core/service/storage/storage.go`, `beginUpdate` →
//! `patchAllocatedValues`: an update that leaves out what the server
//! allocated (`clusterIP`, `clusterIPs`, node ports, the health-check
//! node port) keeps the stored values, unless the service type stops
//! needing them. It runs in the store, after the field manager has seen
//! the body without them: the restored values are owned by nobody.

use crate::value::Value;

fn text<'a>(svc: &'a Value, path: &[&str]) -> &'a str {
    svc.get_path(path).and_then(Value::as_str).unwrap_or("")
}

fn service_type(svc: &Value) -> &str {
    match text(svc, &["spec", "type"]) {
        "" => "ClusterIP",
        t => t,
    }
}

/// `needsClusterIP`.
fn needs_cluster_ip(svc: &Value) -> bool {
    service_type(svc) != "ExternalName"
}

/// `needsNodePort`.
fn needs_node_port(svc: &Value) -> bool {
    matches!(service_type(svc), "NodePort" | "LoadBalancer")
}

/// `needsHCNodePort`: a LoadBalancer with `externalTrafficPolicy: Local`.
fn needs_hc_node_port(svc: &Value) -> bool {
    service_type(svc) == "LoadBalancer" && text(svc, &["spec", "externalTrafficPolicy"]) == "Local"
}

fn int_at(v: &Value, key: &str) -> i64 {
    v.get(key).and_then(Value::as_i64).unwrap_or(0)
}

/// Upstream `patchAllocatedValues(After{new}, Before{old})`.
pub(super) fn patch_allocated_values(new: &mut Value, old: &Value) {
    if needs_cluster_ip(old) && needs_cluster_ip(new) {
        let old_ip = old.get_path(&["spec", "clusterIP"]).cloned();
        let old_ips = old.get_path(&["spec", "clusterIPs"]).cloned();
        if let Some(spec) = new.child_map_mut("spec") {
            if spec
                .get("clusterIP")
                .and_then(Value::as_str)
                .unwrap_or("")
                .is_empty()
                && let Some(ip) = old_ip
            {
                spec.insert("clusterIP", ip);
            }
            let empty = spec
                .get("clusterIPs")
                .and_then(Value::as_list)
                .is_none_or(Vec::is_empty);
            if empty
                && let Some(ips) = old_ips.filter(|l| l.as_list().is_some_and(|l| !l.is_empty()))
            {
                spec.insert("clusterIPs", ips);
            }
        }
    }
    if needs_node_port(old) && needs_node_port(new) {
        let ports = |svc: &Value| -> Vec<Value> {
            svc.get_path(&["spec", "ports"])
                .and_then(Value::as_list)
                .cloned()
                .unwrap_or_default()
        };
        let used_by = |ps: &[Value]| -> Vec<i64> {
            ps.iter()
                .map(|p| int_at(p, "nodePort"))
                .filter(|n| *n != 0)
                .collect()
        };
        let old_ports = ports(old);
        let new_used = used_by(&ports(new));
        // Node ports both objects already use cannot be given again.
        let used: Vec<i64> = used_by(&old_ports)
            .into_iter()
            .filter(|n| new_used.contains(n))
            .collect();
        // By port name: the last old port of a name wins, as in Go's map.
        let by_name = |name: &str| {
            old_ports
                .iter()
                .rev()
                .find(|p| p.get("name").and_then(Value::as_str).unwrap_or("") == name)
                .map(|p| int_at(p, "nodePort"))
                .unwrap_or(0)
        };
        if let Some(items) = new
            .child_map_mut("spec")
            .and_then(|s| s.get_mut("ports"))
            .and_then(Value::as_list_mut)
        {
            for p in items.iter_mut() {
                if int_at(p, "nodePort") != 0 {
                    continue;
                }
                let name = p
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                let old_value = by_name(&name);
                if !used.contains(&old_value)
                    && old_value != 0
                    && let Some(m) = p.as_map_mut()
                {
                    m.insert("nodePort", Value::Int(old_value));
                }
            }
        }
    }
    if needs_hc_node_port(old) && needs_hc_node_port(new) {
        let old_hc = int_at(
            old.get("spec").unwrap_or(&Value::Null),
            "healthCheckNodePort",
        );
        if let Some(spec) = new.child_map_mut("spec")
            && spec
                .get("healthCheckNodePort")
                .and_then(Value::as_i64)
                .unwrap_or(0)
                == 0
            && old_hc != 0
        {
            spec.insert("healthCheckNodePort", Value::Int(old_hc));
        }
    }
}

/// The node ports `svc`'s ports use (0 is none).
fn node_ports(svc: &Value) -> Vec<i64> {
    svc.get_path(&["spec", "ports"])
        .and_then(Value::as_list)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(|p| int_at(p, "nodePort"))
        .filter(|n| *n != 0)
        .collect()
}

/// `pkg/registry/core/service/strategy.go` `dropTypeDependentFields`, from
/// the strategy's `PrepareForUpdate`: a Service whose new type no longer
/// uses a field it may have been given automatically loses it, unless
/// the write changed it too (then validation speaks). The load balancer
/// status goes when the type is no longer LoadBalancer.
pub(super) fn drop_type_dependent_fields(new: &mut Value, old: &Value) {
    let same = |path: &[&str], new: &Value| {
        let at = |v: &Value| v.get_path(path).filter(|v| !v.is_null()).cloned();
        at(old) == at(new)
    };
    let mut drop: Vec<&str> = Vec::new();
    if needs_cluster_ip(old) && !needs_cluster_ip(new) {
        if same(&["spec", "clusterIP"], new) && same(&["spec", "clusterIPs"], new) {
            drop.extend(["clusterIP", "clusterIPs"]);
        }
        if same(&["spec", "ipFamilies"], new) {
            drop.push("ipFamilies");
        }
        if same(&["spec", "ipFamilyPolicy"], new) {
            drop.push("ipFamilyPolicy");
        }
    }
    let ty = |svc: &Value| service_type(svc).to_string();
    let (old_type, new_type) = (ty(old), ty(new));
    let was_lb = old_type == "LoadBalancer";
    let is_lb = new_type == "LoadBalancer";
    if was_lb && !is_lb {
        let allocate = |v: &Value| {
            v.get_path(&["spec", "allocateLoadBalancerNodePorts"])
                .and_then(Value::as_bool)
        };
        if allocate(new).is_some() && allocate(new) == allocate(old) {
            drop.push("allocateLoadBalancerNodePorts");
        }
        if same(&["spec", "loadBalancerClass"], new) {
            drop.push("loadBalancerClass");
        }
    }
    if needs_hc_node_port(old)
        && !needs_hc_node_port(new)
        && same(&["spec", "healthCheckNodePort"], new)
    {
        drop.push("healthCheckNodePort");
    }
    // serviceapi.ExternallyAccessible.
    let external = |svc: &Value| {
        matches!(service_type(svc), "LoadBalancer" | "NodePort")
            || (service_type(svc) == "ClusterIP"
                && svc
                    .get_path(&["spec", "externalIPs"])
                    .and_then(Value::as_list)
                    .is_some_and(|l| !l.is_empty()))
    };
    if external(old) && !external(new) && same(&["spec", "externalTrafficPolicy"], new) {
        drop.push("externalTrafficPolicy");
    }
    // Users may add, remove or change ports, but no net-new node port.
    let old_node_ports = node_ports(old);
    let wipe_node_ports = needs_node_port(old)
        && !needs_node_port(new)
        && node_ports(new).iter().all(|n| old_node_ports.contains(n));
    if let Some(spec) = new.child_map_mut("spec") {
        for key in drop {
            spec.remove(key);
        }
        if wipe_node_ports {
            for port in spec
                .get_mut("ports")
                .and_then(Value::as_list_mut)
                .into_iter()
                .flatten()
            {
                if let Some(p) = port.as_map_mut() {
                    p.remove("nodePort");
                }
            }
        }
    }
    if !is_lb && let Some(status) = new.child_map_mut("status") {
        status.insert("loadBalancer", Value::Map(Default::default()));
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn json(text: &str) -> Value {
        Value::from_json_str(text).unwrap()
    }

    /// core/service `storage.go` `patchAllocatedValues`.
    #[test]
    fn allocated_values_survive_an_update_that_omits_them() {
        let old = json(
            r#"{"spec":{"type":"NodePort","clusterIP":"10.0.0.5","clusterIPs":["10.0.0.5"],"ports":[{"name":"http","port":80,"nodePort":30080}]}}"#,
        );
        let mut new = json(r#"{"spec":{"type":"NodePort","ports":[{"name":"http","port":8080}]}}"#);
        patch_allocated_values(&mut new, &old);
        assert_eq!(
            new.to_json_sorted(),
            r#"{"spec":{"clusterIP":"10.0.0.5","clusterIPs":["10.0.0.5"],"ports":[{"name":"http","nodePort":30080,"port":8080}],"type":"NodePort"}}"#
        );
        // Becoming an ExternalName service drops the cluster IP.
        let mut external = json(r#"{"spec":{"type":"ExternalName","externalName":"x.example"}}"#);
        patch_allocated_values(&mut external, &old);
        assert_eq!(external.get_path(&["spec", "clusterIP"]), None);
    }

    /// core/service `strategy.go` `dropTypeDependentFields`: a load
    /// balancer applied as a ClusterIP service loses the defaults and node
    /// ports its old type had (validation would refuse them), and its load
    /// balancer status.
    #[test]
    fn a_load_balancer_becoming_cluster_ip_drops_what_it_no_longer_uses() {
        let step = |ty: &str, node_port: &str| {
            format!(
                "- manager: ops\n  op: apply\n  object:\n    apiVersion: v1\n    kind: Service\n    metadata: {{name: web, namespace: default}}\n    spec: {{type: {ty}, ports: [{{name: http, port: 80{node_port}}}]}}\n"
            )
        };
        let text = format!(
            "scenario: v1\nname: lb\nschema:\n  builtin: v1/Service\nsteps:\n{}{}",
            step("LoadBalancer", ", nodePort: 30080"),
            step("ClusterIP", ""),
        );
        let result = crate::scenario::run_scenario_text(&text).unwrap();
        let lb = result.steps[0].object.as_ref().unwrap();
        assert_eq!(
            lb.get_path(&["spec", "allocateLoadBalancerNodePorts"]),
            Some(&Value::Bool(true))
        );
        assert_eq!(result.steps[1].message, "");
        let svc = result.steps[1].object.as_ref().unwrap();
        let spec = svc.get("spec").unwrap();
        for gone in ["allocateLoadBalancerNodePorts", "externalTrafficPolicy"] {
            assert_eq!(spec.get(gone), None, "{gone}");
        }
        assert_eq!(
            spec.get_path(&["ports"]).unwrap().to_json_sorted(),
            r#"[{"name":"http","port":80,"protocol":"TCP","targetPort":80}]"#
        );
        // A NodePort that keeps its node port is not wiped.
        let mut node_port =
            json(r#"{"spec":{"type":"NodePort","ports":[{"port":80,"nodePort":30080}]}}"#);
        let old = json(
            r#"{"spec":{"type":"LoadBalancer","allocateLoadBalancerNodePorts":true,"externalTrafficPolicy":"Cluster","ports":[{"port":80,"nodePort":30080}]},"status":{"loadBalancer":{"ingress":[{"ip":"1.2.3.4"}]}}}"#,
        );
        drop_type_dependent_fields(&mut node_port, &old);
        assert_eq!(
            node_port.to_json_sorted(),
            r#"{"spec":{"ports":[{"nodePort":30080,"port":80}],"type":"NodePort"},"status":{"loadBalancer":{}}}"#
        );
    }
}
