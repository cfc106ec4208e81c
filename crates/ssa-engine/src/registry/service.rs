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
}
