//! Kind-specific parts of strategies that need the stored object: a
//! PersistentVolumeClaim's data sources, the fields of a ResourceSlice
//! whose feature gates are off in 1.36, and the device statuses a
//! ResourceClaim's `/status` write drops with their allocation.

use crate::value::{Map, Value};

/// persistentvolumeclaim/strategy.go `PrepareForCreate` and
/// `PrepareForUpdate` (`old` is `Null` on create):
/// `EnforceDataSourceBackwardsCompatibility` drops a `dataSource` that is
/// neither a claim nor a snapshot unless the stored claim has one (old
/// clients may resend it), then `NormalizeDataSources` (AnyVolumeDataSource
/// is GA) fills whichever of `dataSource` and `dataSourceRef` is missing
/// from the other, a namespaced `dataSourceRef` excepted.
pub(super) fn pvc_data_sources(pvc: &mut Value, old: &Value) {
    let in_use = old
        .get_path(&["spec", "dataSource"])
        .is_some_and(|d| !d.is_null());
    let Some(spec) = pvc.child_map_mut("spec") else {
        return;
    };
    let text = |d: &Value, key| d.get(key).and_then(Value::as_str).unwrap_or("").to_owned();
    let given = |spec: &Map, key| spec.get(key).filter(|v| !v.is_null()).cloned();
    if !in_use
        && given(spec, "dataSource").is_some_and(|d| {
            !matches!(
                (text(&d, "kind").as_str(), text(&d, "apiGroup").as_str()),
                ("PersistentVolumeClaim", "") | ("VolumeSnapshot", "snapshot.storage.k8s.io")
            )
        })
    {
        spec.remove("dataSource");
    }
    let (from, to) = match (given(spec, "dataSource"), given(spec, "dataSourceRef")) {
        (Some(source), None) => (source, "dataSourceRef"),
        (None, Some(reference)) if text(&reference, "namespace").is_empty() => {
            (reference, "dataSource")
        }
        _ => return,
    };
    // The Go structs' fields: kind and name always, apiGroup when set.
    let mut copy = Map::new();
    for key in ["apiGroup", "kind", "name"] {
        if let Some(v) = from.get(key) {
            copy.insert(key, v.clone());
        }
    }
    spec.insert(to, Value::Map(copy));
}

/// resourceslice/strategy.go `dropDisabledFields` with 1.36's gates: only
/// DRAListTypeAttributes (the attributes' `bools`, `ints`, `strings`,
/// `versions`) and DRANodeAllocatableResources (a device's
/// `nodeAllocatableResourceMappings`) are off (alpha). Each is dropped
/// from every device unless some device of the stored slice uses it.
pub(super) fn drop_disabled_slice_fields(slice: &mut Value, old: &Value) {
    const LISTS: [&str; 4] = ["bools", "ints", "strings", "versions"];
    const MAPPINGS: &str = "nodeAllocatableResourceMappings";
    let old_devices = old
        .get_path(&["spec", "devices"])
        .and_then(Value::as_list)
        .map_or(&[][..], Vec::as_slice);
    let lists_in_use = old_devices.iter().any(|d| {
        d.get("attributes")
            .and_then(Value::as_map)
            .is_some_and(|a| {
                a.values()
                    .any(|v| LISTS.iter().any(|k| v.get(k).is_some_and(|l| !l.is_null())))
            })
    });
    let mappings_in_use = old_devices.iter().any(|d| {
        d.get(MAPPINGS)
            .and_then(Value::as_list)
            .is_some_and(|l| !l.is_empty())
    });
    let Some(devices) = slice
        .child_map_mut("spec")
        .and_then(|s| s.get_mut("devices"))
        .and_then(Value::as_list_mut)
    else {
        return;
    };
    for device in devices.iter_mut().filter_map(Value::as_map_mut) {
        if !mappings_in_use {
            device.remove(MAPPINGS);
        }
        if lists_in_use {
            continue;
        }
        if let Some(attributes) = device.get_mut("attributes").and_then(Value::as_map_mut) {
            for (_, attribute) in attributes.iter_mut() {
                if let Some(a) = attribute.as_map_mut() {
                    a.retain(|k, _| !LISTS.contains(&k.as_str()));
                }
            }
        }
    }
}

/// resourceclaim/strategy.go `dropDeallocatedStatusDevices`
/// (DRAResourceClaimDeviceStatus is on): a `/status` write drops the
/// `status.devices` entries of devices the stored allocation had and the
/// new one no longer has, and an emptied list altogether.
pub(super) fn drop_deallocated_status_devices(claim: &mut Value, old: &Value) {
    let results = |v: &Value| -> Vec<[String; 3]> {
        v.get_path(&["status", "allocation", "devices", "results"])
            .and_then(Value::as_list)
            .map_or(Vec::new(), |l| l.iter().map(device_id).collect())
    };
    let kept = results(claim);
    let gone: Vec<_> = results(old)
        .into_iter()
        .filter(|id| !kept.contains(id))
        .collect();
    let Some(status) = claim.child_map_mut("status") else {
        return;
    };
    let Some(devices) = status.get_mut("devices").and_then(Value::as_list_mut) else {
        return;
    };
    devices.retain(|d| !gone.contains(&device_id(d)));
    if devices.is_empty() {
        status.remove("devices");
    }
}

/// `structured.MakeDeviceID`: driver, pool and device.
fn device_id(v: &Value) -> [String; 3] {
    ["driver", "pool", "device"].map(|k| v.get(k).and_then(Value::as_str).unwrap_or("").to_owned())
}

/// discovery/endpointslice/strategy.go `dropTopologyOnV1` (every request
/// here is v1): each endpoint loses its `deprecatedTopology`, unless an
/// update leaves the endpoints as stored. Its copy of a stored topology's
/// hostname into an empty `nodeName` never applies: no stored slice has
/// a topology, as v1 writes are the only ones.
pub(super) fn drop_topology_on_v1(slice: &mut Value, old: &Value) {
    if !old.is_null()
        && super::generation::semantic_eq(old.get("endpoints"), slice.get("endpoints"))
    {
        return;
    }
    let endpoints = slice
        .as_map_mut()
        .and_then(|s| s.get_mut("endpoints"))
        .and_then(Value::as_list_mut);
    for endpoint in endpoints
        .into_iter()
        .flatten()
        .filter_map(Value::as_map_mut)
    {
        endpoint.remove("deprecatedTopology");
    }
}
