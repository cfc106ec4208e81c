//! A claim's device requests (`validateDeviceClaim`, a ResourceClaim's
//! spec and a ResourceClaimTemplate's claim), and a ResourceClaim's
//! `/status` write (`ValidateResourceClaimStatusUpdate`, with its
//! immutable allocation).

use super::super::field::{BadValue, Errors, FieldError, child, index, too_long};
use super::super::{at, ip, items, meta, text};
use super::{MAX_CONFIGS, MAX_CONSTRAINTS, MAX_REQUESTS, MAX_SUBREQUESTS, NOT_A_REQUEST, Shape};
use crate::value::Value;
use std::collections::BTreeMap;

/// `ResourceClaimReservedForMaxSize`, `AllocationResultsMaxSize`,
/// `AllocatedDeviceStatusMaxConditions`, `AllocatedDeviceStatusDataMaxLength`,
/// `NetworkDeviceDataInterfaceNameMaxLength`,
/// `NetworkDeviceDataHardwareAddressMaxLength`, `NetworkDeviceDataMaxIPs`.
const MAX_RESERVED_FOR: usize = 256;
const MAX_RESULTS: usize = 32;
const MAX_STATUS_CONDITIONS: usize = 8;
const MAX_STATUS_DATA: usize = 10 * 1024;
const MAX_INTERFACE_NAME: usize = 256;
const MAX_HARDWARE_ADDRESS: usize = 128;
const MAX_IPS: usize = 16;

/// `requestNames` (`gatherRequestNames`): each request's name, with its
/// subrequests' names when it has some (a later request of the same name
/// replaces an earlier one, as in upstream's map).
struct RequestNames(BTreeMap<String, Option<Vec<String>>>);

impl RequestNames {
    fn gather(requests: &[Value]) -> RequestNames {
        let mut names = BTreeMap::new();
        for request in requests {
            let subs = items(request.get("firstAvailable"));
            let subs = (!subs.is_empty())
                .then(|| subs.iter().map(|s| text(s, "name").to_string()).collect());
            names.insert(text(request, "name").to_string(), subs);
        }
        RequestNames(names)
    }

    /// `requestNames.Has`: `request` or `request/subrequest`.
    fn has(&self, name: &str) -> bool {
        let segments: Vec<&str> = name.split('/').collect();
        match segments.as_slice() {
            [request] => self.0.contains_key(*request),
            [request, sub] => self
                .0
                .get(*request)
                .is_some_and(|subs| subs.as_ref().is_some_and(|s| s.iter().any(|n| n == sub))),
            _ => false,
        }
    }
}

/// `validateDeviceClaim` of `devices` (a claim spec's) at `path`: at most
/// 32 requests of distinct names, 32 constraints and 32 configurations.
pub(super) fn device_claim(
    errs: &mut Vec<FieldError>,
    claim_spec: Option<&Value>,
    path: &str,
    stored: bool,
) {
    let devices = at(claim_spec, "devices");
    let path = child(path, "devices");
    let requests = items(devices.and_then(|d| d.get("requests")));
    let names = RequestNames::gather(requests);
    let list = child(&path, "requests");
    if !super::over(errs, requests, MAX_REQUESTS, &list) {
        for (i, request) in requests.iter().enumerate() {
            device_request(errs, request, &index(&list, i));
        }
        super::duplicates(errs, requests, &list, name_of, BadValue::str);
    }
    let list = child(&path, "constraints");
    let constraints = items(devices.and_then(|d| d.get("constraints")));
    if !super::over(errs, constraints, MAX_CONSTRAINTS, &list) {
        for (i, constraint) in constraints.iter().enumerate() {
            device_constraint(errs, constraint, &index(&list, i), &names);
        }
    }
    let list = child(&path, "config");
    let configs = items(devices.and_then(|d| d.get("config")));
    if !super::over(errs, configs, MAX_CONFIGS, &list) {
        for (i, config) in configs.iter().enumerate() {
            let at_config = index(&list, i);
            request_refs(errs, config, &at_config, &names);
            super::device_configuration(errs, config, &at_config, stored);
        }
    }
}

/// An item's `name`.
fn name_of(item: &Value) -> String {
    text(item, "name").to_string()
}

/// A string item itself.
fn string_of(item: &Value) -> String {
    item.as_str().unwrap_or("").to_string()
}

/// `validateDeviceRequest`: a name that is a DNS label, then exactly one
/// of `exactly` and `firstAvailable` (at most 8 subrequests of distinct
/// names).
fn device_request(errs: &mut Vec<FieldError>, request: &Value, path: &str) {
    super::dns_label(errs, text(request, "name"), &child(path, "name"));
    let subrequests = items(request.get("firstAvailable"));
    match (at(Some(request), "exactly"), subrequests.is_empty()) {
        (None, true) => errs.required(
            path,
            "exactly one of `exactly` or `firstAvailable` is required",
        ),
        (Some(_), false) => errs.invalid(
            path,
            BadValue::Json("null".into()),
            "exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set",
        ),
        (None, false) => {
            let list = child(path, "firstAvailable");
            if super::over(errs, subrequests, MAX_SUBREQUESTS, &list) {
                return;
            }
            for (i, sub) in subrequests.iter().enumerate() {
                let at_sub = index(&list, i);
                super::dns_label(errs, text(sub, "name"), &child(&at_sub, "name"));
                exact_request(errs, sub, &at_sub);
            }
            super::duplicates(errs, subrequests, &list, name_of, BadValue::str);
        }
        (Some(exactly), true) => exact_request(errs, exactly, &child(path, "exactly")),
    }
}

/// `validateExactDeviceRequest` (and a subrequest's rules after its
/// name): the device class, the selectors, the allocation mode and count,
/// the tolerations.
fn exact_request(errs: &mut Vec<FieldError>, request: &Value, path: &str) {
    super::device_class_name(
        errs,
        text(request, "deviceClassName"),
        &child(path, "deviceClassName"),
    );
    super::device_selectors(
        errs,
        items(request.get("selectors")),
        &child(path, "selectors"),
    );
    // validateDeviceAllocationMode.
    let count = request.get("count").and_then(Value::as_i64).unwrap_or(0);
    let count_path = child(path, "count");
    match text(request, "allocationMode") {
        "All" if count != 0 => errs.invalid(
            count_path,
            BadValue::Int(count),
            "must not be specified when allocationMode is 'All'",
        ),
        "ExactCount" if count <= 0 => {
            errs.invalid(
                count_path,
                BadValue::Int(count),
                "must be greater than zero",
            );
        }
        "All" | "ExactCount" => {}
        mode => errs.not_supported(
            child(path, "allocationMode"),
            super::super::field::named(mode),
            &["All", "ExactCount"],
        ),
    }
    let list = child(path, "tolerations");
    for (i, toleration) in items(request.get("tolerations")).iter().enumerate() {
        super::device_toleration(errs, toleration, &index(&list, i));
    }
}

/// `validateDeviceConstraint`: its requests (refs to the claim's), then
/// a fully qualified `matchAttribute` or else `distinctAttribute`
/// (DRAConsumableCapacity, beta and on: one of them required).
fn device_constraint(
    errs: &mut Vec<FieldError>,
    constraint: &Value,
    path: &str,
    names: &RequestNames,
) {
    request_refs(errs, constraint, path, names);
    if let Some(name) = at(Some(constraint), "matchAttribute") {
        let name = name.as_str().unwrap_or("");
        super::fully_qualified_name(errs, name, &child(path, "matchAttribute"));
    } else if let Some(name) = at(Some(constraint), "distinctAttribute") {
        let name = name.as_str().unwrap_or("");
        super::fully_qualified_name(errs, name, &child(path, "distinctAttribute"));
    } else {
        errs.required(
            path,
            "exactly one of \"matchAttribute\" or \"distinctAttribute\" is required, but multiple fields are set",
        );
    }
}

/// The `requests` of a constraint or a configuration at `path`: at most
/// 32, each `validateRequestNameRef`, none repeated.
fn request_refs(errs: &mut Vec<FieldError>, holder: &Value, path: &str, names: &RequestNames) {
    let list = child(path, "requests");
    let refs = items(holder.get("requests"));
    if super::over(errs, refs, MAX_REQUESTS, &list) {
        return;
    }
    for (i, name) in super::strings(refs).enumerate() {
        request_ref(errs, name, &index(&list, i), names);
    }
    super::duplicates(errs, refs, &list, string_of, BadValue::str);
}

/// `validateRequestNameRef`: a request's name, or a request's and a
/// subrequest's joined by a slash, each a DNS label, of this claim.
fn request_ref(errs: &mut Vec<FieldError>, name: &str, path: &str, names: &RequestNames) {
    let segments: Vec<&str> = name.split('/').collect();
    if segments.len() > 2 {
        return errs.invalid(path, BadValue::str(name), NOT_A_REQUEST);
    }
    for segment in segments {
        super::dns_label(errs, segment, path);
    }
    if !names.has(name) {
        errs.invalid(path, BadValue::str(name), NOT_A_REQUEST);
    }
}

/// A ResourceClaim's `/status` write after its metadata's update:
/// `validateResourceClaimStatusUpdate` (the request names are the
/// spec's, which the write cannot change).
pub(in super::super) fn resource_claim_status(
    new: &Value,
    old: &Value,
    v1beta1: bool,
) -> Vec<FieldError> {
    let new = super::v1_shape(new, v1beta1, Shape::Claim);
    let requests = items(
        new.get_path(&["spec", "devices", "requests"])
            .filter(|v| !v.is_null()),
    );
    let names = RequestNames::gather(requests);
    let status = at(Some(&new), "status");
    let old_status = at(Some(old), "status");
    let mut errs = Vec::new();
    // reservedFor: at most 256 consumers, each with a resource, a name and
    // a uid, none twice (by uid, a named type printed as JSON).
    let reserved = items(status.and_then(|s| s.get("reservedFor")));
    let list = "status.reservedFor";
    if !super::over(&mut errs, reserved, MAX_RESERVED_FOR, list) {
        for (i, consumer) in reserved.iter().enumerate() {
            let at_consumer = index(list, i);
            for key in ["resource", "name", "uid"] {
                if text(consumer, key).is_empty() {
                    errs.required(child(&at_consumer, key), "");
                }
            }
        }
        super::duplicates(
            &mut errs,
            reserved,
            list,
            |c| text(c, "uid").to_string(),
            super::super::field::named,
        );
    }
    // devices: each a device of the allocation, none twice (by driver,
    // pool, device and share ID).
    let allocation = at(status, "allocation");
    let allocated: Vec<String> = items(
        allocation
            .and_then(|a| a.get_path(&["devices", "results"]))
            .filter(|v| !v.is_null()),
    )
    .iter()
    .map(shared_device_id)
    .collect();
    let devices = items(status.and_then(|s| s.get("devices")));
    for (i, device) in devices.iter().enumerate() {
        device_status(&mut errs, device, &index("status.devices", i), &allocated);
    }
    super::duplicates(
        &mut errs,
        devices,
        "status.devices",
        shared_device_id,
        |id| BadValue::Json(id.to_string()),
    );
    if !reserved.is_empty() {
        if allocation.is_none() {
            errs.forbidden(list, "may not be specified when `allocated` is not set");
        } else if at(new.get("metadata"), "deletionTimestamp").is_some() {
            let stored = items(old_status.and_then(|s| s.get("reservedFor")));
            let same = |a: &Value, b: &Value| {
                ["apiGroup", "resource", "name", "uid"]
                    .iter()
                    .all(|k| text(a, k) == text(b, k))
            };
            if reserved.iter().any(|r| !stored.iter().any(|s| same(r, s))) {
                errs.forbidden(
                    list,
                    "new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set",
                );
            }
        }
    }
    // An allocation that was already set may not change (the whole new
    // internal AllocationResult printed); a new one is
    // validateAllocationResult.
    match (allocation, at(old_status, "allocation")) {
        (Some(allocation), None) => {
            allocation_result(&mut errs, allocation, "status.allocation", &names);
        }
        (Some(allocation), Some(was)) => super::immutable(
            &mut errs,
            "AllocationResult",
            Some(allocation),
            Some(was),
            "status.allocation",
        ),
        (None, _) => {}
    }
    errs
}

/// `structured.MakeSharedDeviceID` of a result or a device status, as
/// `json.Marshal` prints it (each `UniqueString` as its string).
fn shared_device_id(item: &Value) -> String {
    let field = |key| super::super::field::json_string(text(item, key));
    format!(
        "{{\"Driver\":{},\"Pool\":{},\"Device\":{},\"ShareID\":{}}}",
        field("driver"),
        field("pool"),
        field("device"),
        field("shareID")
    )
}

/// `validateAllocationResult`: at most 32 results and 64 configurations
/// (`validateDeviceAllocationResult`), then the node selector.
fn allocation_result(
    errs: &mut Vec<FieldError>,
    allocation: &Value,
    path: &str,
    names: &RequestNames,
) {
    let devices = at(Some(allocation), "devices");
    let devices_path = child(path, "devices");
    let list = child(&devices_path, "results");
    let results = items(devices.and_then(|d| d.get("results")));
    if !super::over(errs, results, MAX_RESULTS, &list) {
        for (i, result) in results.iter().enumerate() {
            request_result(errs, result, &index(&list, i), names);
        }
    }
    let list = child(&devices_path, "config");
    let configs = items(devices.and_then(|d| d.get("config")));
    if !super::over(errs, configs, 2 * MAX_CONFIGS, &list) {
        for (i, config) in configs.iter().enumerate() {
            let at_config = index(&list, i);
            // validateAllocationConfigSource.
            let source_path = child(&at_config, "source");
            match text(config, "source") {
                "" => errs.required(source_path, ""),
                "FromClaim" | "FromClass" => {}
                source => errs.not_supported(
                    source_path,
                    super::super::field::named(source),
                    &["FromClaim", "FromClass"],
                ),
            }
            request_refs(errs, config, &at_config, names);
            super::device_configuration(errs, config, &at_config, false);
        }
    }
    if let Some(selector) = at(Some(allocation), "nodeSelector") {
        super::node_selector(errs, selector, &child(path, "nodeSelector"));
    }
}

/// `validateDeviceRequestAllocationResult`: the request it answers, the
/// driver, pool and device names, the binding conditions, the
/// tolerations, the share ID.
fn request_result(errs: &mut Vec<FieldError>, result: &Value, path: &str, names: &RequestNames) {
    request_ref(
        errs,
        text(result, "request"),
        &child(path, "request"),
        names,
    );
    device_names(errs, result, path);
    super::binding_parameters(errs, result, path);
    let list = child(path, "tolerations");
    for (i, toleration) in items(result.get("tolerations")).iter().enumerate() {
        super::device_toleration(errs, toleration, &index(&list, i));
    }
    if let Some(id) = at(Some(result), "shareID") {
        uid(errs, id.as_str().unwrap_or(""), &child(path, "shareID"));
    }
}

/// The driver (a CSI driver name), pool and device (a DNS label) that
/// name a device.
fn device_names(errs: &mut Vec<FieldError>, item: &Value, path: &str) {
    super::super::volumes::csi_driver_name(errs, text(item, "driver"), &child(path, "driver"));
    super::pool_name(errs, text(item, "pool"), &child(path, "pool"));
    super::dns_label(errs, text(item, "device"), &child(path, "device"));
}

/// `validateDeviceStatus`: the device's names and share ID, a device of
/// the allocation, at most 8 conditions (`ValidateConditions`), its data
/// a JSON object of at most 10 KiB, its network data.
fn device_status(errs: &mut Vec<FieldError>, device: &Value, path: &str, allocated: &[String]) {
    device_names(errs, device, path);
    if let Some(id) = at(Some(device), "shareID") {
        uid(errs, id.as_str().unwrap_or(""), &child(path, "shareID"));
    }
    let id = shared_device_id(device);
    if !allocated.contains(&id) {
        errs.invalid(
            path,
            BadValue::Json(id),
            "must be an allocated device in the claim",
        );
    }
    let conditions_path = child(path, "conditions");
    let conditions = items(device.get("conditions"));
    if conditions.len() > MAX_STATUS_CONDITIONS {
        errs.push(super::super::field::too_many(
            &conditions_path,
            conditions.len(),
            MAX_STATUS_CONDITIONS as i64,
        ));
    }
    errs.extend(meta::conditions(device.get("conditions"), &conditions_path));
    if let Some(data) = at(Some(device), "data") {
        super::raw_extension(
            errs,
            Some(data),
            &child(path, "data"),
            false,
            MAX_STATUS_DATA,
        );
    }
    if let Some(network) = at(Some(device), "networkData") {
        network_data(errs, network, &child(path, "networkData"));
    }
}

/// `validateNetworkDeviceData`: an interface name of at most 256 bytes, a
/// hardware address of at most 128, at most 16 addresses, each an
/// interface address in canonical form (`IsValidInterfaceAddress`), none
/// twice.
fn network_data(errs: &mut Vec<FieldError>, network: &Value, path: &str) {
    for (key, max) in [
        ("interfaceName", MAX_INTERFACE_NAME),
        ("hardwareAddress", MAX_HARDWARE_ADDRESS),
    ] {
        if text(network, key).len() > max {
            errs.push(too_long(&child(path, key), max));
        }
    }
    let list = child(path, "ips");
    let ips = items(network.get("ips"));
    if super::over(errs, ips, MAX_IPS, &list) {
        return;
    }
    for (i, address) in super::strings(ips).enumerate() {
        let at_ip = index(&list, i);
        match ip::parse_cidr_sloppy(address) {
            None => errs.invalid(
                at_ip,
                BadValue::str(address),
                "must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64)",
            ),
            Some((addr, mut prefix)) => {
                // An IPv4 address written as IPv6 has a 16-byte mask.
                if addr.to4().is_some() && prefix > 32 {
                    prefix -= 96;
                }
                let canonical = format!("{}/{prefix}", addr.go_string());
                if canonical != address {
                    errs.invalid(
                        at_ip,
                        BadValue::str(address),
                        &format!(
                            "must be in canonical form ({})",
                            crate::value::go_quote(&canonical)
                        ),
                    );
                }
            }
        }
    }
    super::duplicates(errs, ips, &list, string_of, BadValue::str);
}

/// `validateUID` (a share ID): what `uuid.Validate` takes (36 characters
/// with hyphens, braced, `urn:uuid:`-prefixed, or 32 hex digits), and
/// then only the lower-case 36-character form.
fn uid(errs: &mut Vec<FieldError>, id: &str, path: &str) {
    if let Err(problem) = uuid_validate(id) {
        return errs.invalid(
            path,
            BadValue::str(id),
            &format!("error validating uid: {problem}"),
        );
    }
    if id.len() != 36 || id != id.to_lowercase() {
        errs.invalid(
            path,
            BadValue::str(id),
            "uid must be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase hexadecimal characters",
        );
    }
}

/// google/uuid `Validate`'s errors.
fn uuid_validate(id: &str) -> Result<(), String> {
    const FORMAT: &str = "invalid UUID format";
    let hex = |s: &[u8]| s.iter().all(u8::is_ascii_hexdigit);
    let b = id.as_bytes();
    let b = match b.len() {
        36 => b,
        45 => {
            let prefix = &id.as_bytes()[..9];
            if !prefix.eq_ignore_ascii_case(b"urn:uuid:") {
                let shown = String::from_utf8_lossy(prefix);
                return Err(format!(
                    "invalid urn prefix: {}",
                    crate::value::go_quote(&shown)
                ));
            }
            &b[9..]
        }
        38 => {
            if b[0] != b'{' || b[37] != b'}' {
                return Err("invalid bracketed UUID format".into());
            }
            &b[1..37]
        }
        32 => return if hex(b) { Ok(()) } else { Err(FORMAT.into()) },
        n => return Err(format!("invalid UUID length: {n}")),
    };
    let dashes = [8, 13, 18, 23].iter().all(|&i| b[i] == b'-');
    let digits = b
        .iter()
        .enumerate()
        .all(|(i, c)| matches!(i, 8 | 13 | 18 | 23) || c.is_ascii_hexdigit());
    if dashes && digits {
        Ok(())
    } else {
        Err(FORMAT.into())
    }
}
