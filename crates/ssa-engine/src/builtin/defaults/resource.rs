//! resource.k8s.io/v1, dynamic resource allocation (upstream
//! `pkg/apis/resource/v1/defaults.go`): the device requests of a
//! ResourceClaim and of a ResourceClaimTemplate's claim.

use super::{items, set};
use crate::value::{Map, Value};

/// `SetObjectDefaults_ResourceClaim`: every request of `spec.devices`.
pub(super) fn resource_claim(root: &mut Map) {
    if let Some(Value::Map(spec)) = root.get_mut("spec") {
        device_claim(spec);
    }
}

/// `SetObjectDefaults_ResourceClaimTemplate`: the template's claim spec.
pub(super) fn resource_claim_template(root: &mut Map) {
    if let Some(Value::Map(spec)) = root
        .get_mut("spec")
        .and_then(Value::as_map_mut)
        .and_then(|s| s.get_mut("spec"))
    {
        device_claim(spec);
    }
}

fn device_claim(claim_spec: &mut Map) {
    let Some(Value::Map(devices)) = claim_spec.get_mut("devices") else {
        return;
    };
    for request in items(devices, "requests") {
        if let Some(Value::Map(exactly)) = request.get_mut("exactly") {
            device_request(exactly);
        }
        for sub in items(request, "firstAvailable") {
            device_request(sub);
        }
    }
}

/// `SetDefaults_ExactDeviceRequest` / `SetDefaults_DeviceSubRequest`:
/// exactly one device unless told otherwise; then
/// `SetDefaults_DeviceToleration` (operator Equal) on its tolerations.
fn device_request(request: &mut Map) {
    set(request, "allocationMode", Value::from("ExactCount"));
    if request.get("allocationMode").and_then(Value::as_str) == Some("ExactCount") {
        set(request, "count", Value::Int(1));
    }
    for toleration in items(request, "tolerations") {
        set(toleration, "operator", Value::from("Equal"));
    }
}

#[cfg(test)]
mod tests {
    use super::super::yaml_map as map;
    use super::*;

    /// SetDefaults_ExactDeviceRequest, SetDefaults_DeviceSubRequest,
    /// SetDefaults_DeviceToleration.
    #[test]
    fn device_requests() {
        let mut root = map(
            "{spec: {devices: {requests: [{name: a, exactly: {deviceClassName: gpu, tolerations: [{key: k}]}}, {name: b, firstAvailable: [{name: x, deviceClassName: c, allocationMode: All}]}]}}}",
        );
        resource_claim(&mut root);
        assert_eq!(
            root,
            map(
                "{spec: {devices: {requests: [{name: a, exactly: {deviceClassName: gpu, tolerations: [{key: k, operator: Equal}], allocationMode: ExactCount, count: 1}}, {name: b, firstAvailable: [{name: x, deviceClassName: c, allocationMode: All}]}]}}}"
            )
        );
        let mut template = map(
            "{spec: {spec: {devices: {requests: [{name: a, exactly: {deviceClassName: gpu, count: 2}}]}}}}",
        );
        resource_claim_template(&mut template);
        assert_eq!(
            template.get_path_value(&["spec", "spec", "devices", "requests"]),
            Some(
                crate::yaml::parse("[{name: a, exactly: {deviceClassName: gpu, count: 2, allocationMode: ExactCount}}]")
                    .unwrap()
                    .value
            )
        );
    }
}
