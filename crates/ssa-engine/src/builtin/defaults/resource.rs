//! resource.k8s.io, dynamic resource allocation (upstream
//! `pkg/apis/resource/{v1,v1beta2,v1beta1}/defaults.go` and their
//! `zz_generated.defaults.go`): the device requests of a ResourceClaim and
//! of a ResourceClaimTemplate's claim, a ResourceSlice's devices.

use super::{items, set, set_blank};
use crate::value::{Map, Value};

/// `SetObjectDefaults_ResourceClaim`: every request of `spec.devices`, and
/// the tolerations of `status.allocation.devices.results`.
/// `v1beta1`: requests carry their device class themselves (v1beta1's
/// `zz_generated.defaults.go`), v1 and v1beta2 put it under `exactly`.
pub(super) fn resource_claim(root: &mut Map, v1beta1: bool) {
    if let Some(Value::Map(spec)) = root.get_mut("spec") {
        device_claim(spec, v1beta1);
    }
    // The allocation's results carry the tolerations they were allocated
    // with, and the generated defaulter reaches them too.
    if let Some(Value::Map(devices)) = root
        .get_mut("status")
        .and_then(Value::as_map_mut)
        .and_then(|s| s.get_mut("allocation"))
        .and_then(Value::as_map_mut)
        .and_then(|a| a.get_mut("devices"))
    {
        for result in items(devices, "results") {
            tolerations(result);
        }
    }
}

/// `SetObjectDefaults_ResourceClaimTemplate`: the template's claim spec.
pub(super) fn resource_claim_template(root: &mut Map, v1beta1: bool) {
    if let Some(Value::Map(spec)) = root
        .get_mut("spec")
        .and_then(Value::as_map_mut)
        .and_then(|s| s.get_mut("spec"))
    {
        device_claim(spec, v1beta1);
    }
}

fn device_claim(claim_spec: &mut Map, v1beta1: bool) {
    let Some(Value::Map(devices)) = claim_spec.get_mut("devices") else {
        return;
    };
    for request in items(devices, "requests") {
        if v1beta1 {
            // v1beta1 `SetDefaults_DeviceRequest`: a request without a
            // device class has subrequests, and no count of its own.
            if request
                .get("deviceClassName")
                .and_then(Value::as_str)
                .is_some_and(|c| !c.is_empty())
            {
                allocation(request);
            }
            tolerations(request);
        } else if let Some(Value::Map(exactly)) = request.get_mut("exactly") {
            allocation(exactly);
            tolerations(exactly);
        }
        for sub in items(request, "firstAvailable") {
            allocation(sub);
            tolerations(sub);
        }
    }
}

/// `SetDefaults_ExactDeviceRequest` / `SetDefaults_DeviceSubRequest`:
/// exactly one device unless told otherwise. Go cannot tell an unset
/// mode or count from its zero value: an empty mode becomes `ExactCount`,
/// and a count of 0 with it becomes 1.
fn allocation(request: &mut Map) {
    set_blank(request, "allocationMode", "ExactCount");
    let zero = request
        .get("count")
        .is_none_or(|c| c.is_null() || c.as_i64() == Some(0));
    if zero && request.get("allocationMode").and_then(Value::as_str) == Some("ExactCount") {
        request.insert("count", Value::Int(1));
    }
}

/// The `+default="Equal"` of `DeviceToleration.Operator` (a string: the
/// generated defaulter fills an empty one too).
fn tolerations(request: &mut Map) {
    for toleration in items(request, "tolerations") {
        set_blank(toleration, "operator", "Equal");
    }
}

/// `SetObjectDefaults_ResourceSlice` of v1 and v1beta2: `SetDefaults_Device`
/// gives every node-allocatable resource mapping a multiplier of 1, and
/// `SetDefaults_DeviceTaint` stamps every device taint.
///
/// `v1beta1`: a device's fields are under `basic`. v1beta1's generated
/// `SetObjectDefaults_ResourceSlice` stamps `basic.taints`; the
/// multiplier is v1's (whether or not v1beta1's `defaults.go` of 1.36 has
/// it, which was not at hand): the store writes v1, the storage version,
/// and decodes what it wrote for the response (etcd3 `store.Create` and
/// `GuaranteedUpdate`: `decode`), which runs v1's defaulters.
pub(super) fn resource_slice(root: &mut Map, now: &str, v1beta1: bool) {
    let Some(Value::Map(spec)) = root.get_mut("spec") else {
        return;
    };
    for device in items(spec, "devices") {
        let device = if v1beta1 {
            let Some(basic) = device.get_mut("basic").and_then(Value::as_map_mut) else {
                continue;
            };
            basic
        } else {
            device
        };
        for taint in items(device, "taints") {
            device_taint(taint, now);
        }
        if let Some(Value::Map(mappings)) = device.get_mut("nodeAllocatableResourceMappings") {
            for (_, mapping) in mappings.iter_mut() {
                if let Some(mapping) = mapping.as_map_mut() {
                    set(mapping, "allocationMultiplier", Value::from("1"));
                }
            }
        }
    }
}

/// `SetObjectDefaults_DeviceTaintRule` (v1beta2, v1alpha3): the rule's
/// taint, a struct the Go object always has.
pub(super) fn device_taint_rule(root: &mut Map, now: &str) -> Option<()> {
    let taint = root.child_map_mut("spec")?.child_map_mut("taint")?;
    device_taint(taint, now);
    Some(())
}

/// `SetDefaults_DeviceTaint` (`pkg/apis/resource/v1/defaults.go`): a taint
/// without `timeAdded` gets the request's time,
/// `time.Now().Truncate(time.Second)`, which the scenario's clock gives to
/// the second already.
fn device_taint(taint: &mut Map, now: &str) {
    set(taint, "timeAdded", Value::from(now));
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
        resource_claim(&mut root, false);
        assert_eq!(
            root,
            map(
                "{spec: {devices: {requests: [{name: a, exactly: {deviceClassName: gpu, tolerations: [{key: k, operator: Equal}], allocationMode: ExactCount, count: 1}}, {name: b, firstAvailable: [{name: x, deviceClassName: c, allocationMode: All}]}]}}}"
            )
        );
        // A zero count and an empty mode are Go's unset values.
        let mut zero = map(
            "{spec: {devices: {requests: [{name: a, exactly: {deviceClassName: gpu, allocationMode: '', count: 0}}, {name: b, exactly: {deviceClassName: gpu, allocationMode: All, count: 0}}]}}}",
        );
        resource_claim(&mut zero, false);
        assert_eq!(
            zero,
            map(
                "{spec: {devices: {requests: [{name: a, exactly: {deviceClassName: gpu, allocationMode: ExactCount, count: 1}}, {name: b, exactly: {deviceClassName: gpu, allocationMode: All, count: 0}}]}}}"
            )
        );
        let mut template = map(
            "{spec: {spec: {devices: {requests: [{name: a, exactly: {deviceClassName: gpu, count: 2}}]}}}}",
        );
        resource_claim_template(&mut template, false);
        assert_eq!(
            template.get_path_value(&["spec", "spec", "devices", "requests"]),
            Some(
                crate::yaml::parse("[{name: a, exactly: {deviceClassName: gpu, count: 2, allocationMode: ExactCount}}]")
                    .unwrap()
                    .value
            )
        );
    }

    /// v1beta1 `SetDefaults_DeviceRequest` (only with a device class),
    /// `SetDefaults_DeviceSubRequest`, the tolerations' `+default="Equal"`.
    #[test]
    fn v1beta1_device_requests() {
        let mut root = map(
            "{spec: {devices: {requests: [{name: a, deviceClassName: gpu, tolerations: [{key: k}]}, {name: b, firstAvailable: [{name: x, deviceClassName: c}]}]}}}",
        );
        resource_claim(&mut root, true);
        assert_eq!(
            root,
            map(
                "{spec: {devices: {requests: [{name: a, deviceClassName: gpu, tolerations: [{key: k, operator: Equal}], allocationMode: ExactCount, count: 1}, {name: b, firstAvailable: [{name: x, deviceClassName: c, allocationMode: ExactCount, count: 1}]}]}}}"
            )
        );
    }

    /// v1 `SetDefaults_Device`: a mapping's allocationMultiplier is 1.
    #[test]
    fn resource_slice_mappings() {
        let mut root = map(
            "{spec: {devices: [{name: d, nodeAllocatableResourceMappings: {cpu: {capacityKey: cores}, memory: {allocationMultiplier: 2Gi}}}]}}",
        );
        resource_slice(&mut root, "2024-01-01T00:00:03Z", false);
        assert_eq!(
            root,
            map(
                "{spec: {devices: [{name: d, nodeAllocatableResourceMappings: {cpu: {capacityKey: cores, allocationMultiplier: '1'}, memory: {allocationMultiplier: 2Gi}}}]}}"
            )
        );
    }

    /// v1beta1: the same defaults on the `basic` devices (v1beta1
    /// `zz_generated.defaults.go`: `a.Basic.Taints` through
    /// `SetDefaults_DeviceTaint`; v1's `SetDefaults_Device` as the store
    /// reads the v1 object back); a device without `basic` has none.
    #[test]
    fn v1beta1_basic_devices() {
        let now = "2024-01-01T00:00:03Z";
        let mut slice = map(
            "{spec: {devices: [{name: d, basic: {taints: [{key: a, effect: NoSchedule}], nodeAllocatableResourceMappings: {cpu: {capacityKey: cores}}}}, {name: e, taints: [{key: a}]}]}}",
        );
        resource_slice(&mut slice, now, true);
        assert_eq!(
            slice,
            map(&format!(
                "{{spec: {{devices: [{{name: d, basic: {{taints: [{{key: a, effect: NoSchedule, timeAdded: '{now}'}}], nodeAllocatableResourceMappings: {{cpu: {{capacityKey: cores, allocationMultiplier: '1'}}}}}}}}, {{name: e, taints: [{{key: a}}]}}]}}}}"
            ))
        );
    }

    /// `SetDefaults_DeviceTaint`: a taint without `timeAdded` (or with a
    /// null one, Go's nil) gets the request's time; a given time stays.
    #[test]
    fn device_taints_get_the_request_time() {
        let now = "2024-01-01T00:00:03Z";
        let mut slice = map(
            "{spec: {devices: [{name: d, taints: [{key: a, effect: NoSchedule}, {key: b, effect: NoExecute, timeAdded: '2023-05-06T07:08:09Z'}, {key: c, effect: NoSchedule, timeAdded: null}]}]}}",
        );
        resource_slice(&mut slice, now, false);
        assert_eq!(
            slice,
            map(&format!(
                "{{spec: {{devices: [{{name: d, taints: [{{key: a, effect: NoSchedule, timeAdded: '{now}'}}, {{key: b, effect: NoExecute, timeAdded: '2023-05-06T07:08:09Z'}}, {{key: c, effect: NoSchedule, timeAdded: '{now}'}}]}}]}}}}"
            ))
        );
        let mut rule = map("{spec: {taint: {key: k, effect: NoExecute}}}");
        device_taint_rule(&mut rule, now);
        assert_eq!(
            rule,
            map(&format!(
                "{{spec: {{taint: {{key: k, effect: NoExecute, timeAdded: '{now}'}}}}}}"
            ))
        );
        // The rule's taint is a struct: the Go object always has one.
        let mut empty = map("{metadata: {name: r}}");
        device_taint_rule(&mut empty, now);
        assert_eq!(
            empty,
            map(&format!(
                "{{metadata: {{name: r}}, spec: {{taint: {{timeAdded: '{now}'}}}}}}"
            ))
        );
    }
}
