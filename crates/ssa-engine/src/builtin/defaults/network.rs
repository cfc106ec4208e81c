//! Small defaulters of discovery.k8s.io/v1, networking.k8s.io/v1 and
//! scheduling.k8s.io/v1 (upstream `pkg/apis/<group>/v1/defaults.go`).

use super::{items, set};
use crate::value::{Map, Value};

/// discovery `SetDefaults_EndpointPort` on every port of an EndpointSlice:
/// an empty name and TCP.
pub(super) fn endpoint_slice(root: &mut Map) {
    for port in items(root, "ports") {
        set(port, "name", Value::from(""));
        set(port, "protocol", Value::from("TCP"));
    }
}

/// networking `SetDefaults_IngressClass`: parameters are cluster-scoped
/// unless they say otherwise.
pub(super) fn ingress_class(root: &mut Map) {
    if let Some(Value::Map(parameters)) = root
        .get_mut("spec")
        .and_then(Value::as_map_mut)
        .and_then(|s| s.get_mut("parameters"))
    {
        set(parameters, "scope", Value::from("Cluster"));
    }
}

/// scheduling `SetDefaults_PriorityClass`: pods of the class preempt
/// lower-priority ones.
pub(super) fn priority_class(root: &mut Map) {
    set(
        root,
        "preemptionPolicy",
        Value::from("PreemptLowerPriority"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::yaml_map as map;

    /// SetDefaults_EndpointPort.
    #[test]
    fn endpoint_slices() {
        let mut root =
            map("{addressType: IPv4, ports: [{port: 80}, {name: dns, protocol: UDP, port: 53}]}");
        endpoint_slice(&mut root);
        assert_eq!(
            root,
            map(
                "{addressType: IPv4, ports: [{port: 80, name: '', protocol: TCP}, {name: dns, protocol: UDP, port: 53}]}"
            )
        );
    }

    /// SetDefaults_IngressClass, SetDefaults_PriorityClass.
    #[test]
    fn ingress_and_priority_classes() {
        let mut root = map("{spec: {controller: c, parameters: {kind: K, name: n}}}");
        ingress_class(&mut root);
        assert_eq!(
            root.get_path_value(&["spec", "parameters", "scope"]),
            Some(Value::from("Cluster"))
        );
        let mut root = map("{spec: {controller: c}}");
        ingress_class(&mut root);
        assert_eq!(root, map("{spec: {controller: c}}"));
        let mut root = map("{value: 10}");
        priority_class(&mut root);
        assert_eq!(
            root.get("preemptionPolicy"),
            Some(&Value::from("PreemptLowerPriority"))
        );
    }
}
