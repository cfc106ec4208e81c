//! A ResourceSlice's spec (`validateResourceSliceSpec`): the driver, the
//! pool, where its devices are reachable from, the devices (`validateDevice`:
//! attributes, capacities and their request policies, taints, counter
//! consumption, per-device node selection, binding conditions,
//! node-allocatable mappings) and the shared counter sets.

use super::super::field::{BadValue, Errors, FieldError, child, index, named, too_long, too_many};
use super::super::{at, internal_json, items, text};
use super::{MAX_ID, truncated};
use crate::builtin::goencoding::quantity;
use crate::value::{Map, Value};
use std::cmp::Ordering;

/// `ResourceSliceMaxDevices`, and `ResourceSliceMaxDevicesWithAdvancedFeatures`
/// when a device has taints, consumes counters or has list attributes.
const MAX_DEVICES: usize = 128;
const MAX_DEVICES_ADVANCED: usize = 64;

/// `ResourceSliceMaxCounterSets`, `ResourceSliceMaxCountersPerCounterSet`,
/// `ResourceSliceMaxDeviceCounterConsumptionsPerDevice`,
/// `ResourceSliceMaxCountersPerDeviceCounterConsumption`.
const MAX_COUNTER_SETS: usize = 8;
const MAX_COUNTERS: usize = 32;
const MAX_CONSUMPTIONS: usize = 2;

/// `ResourceSliceMaxAttributesAndCapacitiesPerDevice`,
/// `ResourceSliceMaxAttributeValuesPerDevice`, `DeviceAttributeMaxValueLength`,
/// `DeviceTaintsMaxLength`, `CapacityRequestPolicyDiscreteMaxOptions`.
const MAX_ATTRIBUTES_AND_CAPACITIES: usize = 32;
const MAX_ATTRIBUTE_VALUES: usize = 48;
const MAX_VALUE_LENGTH: usize = 64;
const MAX_TAINTS: usize = 16;
const MAX_VALID_VALUES: usize = 10;

/// `attributeAndCapacityMaxKeyLength` (`DeviceMaxDomainLength` + 1 +
/// `DeviceMaxIDLength`): where an attribute's or a capacity's name is cut
/// short in an error's path.
const MAX_QUALIFIED_KEY: usize = 63 + 1 + MAX_ID;

/// A device attribute's list fields (DRAListTypeAttributes).
const LISTS: [&str; 4] = ["bools", "ints", "strings", "versions"];

/// The node selection fields of a slice, as the errors name them.
const SELECTION: &str =
    "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required";
const DEVICE_SELECTION: &str = "exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec";

/// `validateResourceSliceSpec` of `spec` (the stored spec `old` on
/// update).
pub(super) fn spec(spec: Option<&Value>, old: Option<Option<&Value>>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let driver = text_at(spec, "driver");
    super::super::volumes::csi_driver_name(&mut errs, driver, "spec.driver");
    // validateResourcePool.
    let pool = at(spec, "pool");
    let pool_name = text_at(pool, "name");
    super::pool_name(&mut errs, pool_name, "spec.pool.name");
    let count = int_at(pool, "resourceSliceCount");
    if count <= 0 {
        errs.invalid(
            "spec.pool.resourceSliceCount",
            BadValue::Int(count),
            "must be greater than zero",
        );
    }
    let generation = int_at(pool, "generation");
    if generation < 0 {
        errs.invalid(
            "spec.pool.generation",
            BadValue::Int(generation),
            "must be greater than or equal to zero",
        );
    }
    if let Some(old) = old {
        // ValidateImmutableField of the pool name, the driver, and the
        // node name (a *string: its string, or null).
        if text_at(at(old, "pool"), "name") != pool_name {
            errs.invalid(
                "spec.pool.name",
                BadValue::str(pool_name),
                "field is immutable",
            );
        }
        if text_at(old, "driver") != driver {
            errs.invalid("spec.driver", BadValue::str(driver), "field is immutable");
        }
        let node = at(spec, "nodeName");
        if node != at(old, "nodeName") {
            let printed = node.map_or(BadValue::Json("null".into()), |n| {
                BadValue::str(n.as_str().unwrap_or(""))
            });
            errs.invalid("spec.nodeName", printed, "field is immutable");
        }
    }
    let mut set_fields: Vec<&str> = Vec::new();
    if let Some(node) = at(spec, "nodeName") {
        let node = node.as_str().unwrap_or("");
        if node.is_empty() {
            errs.invalid(
                "spec.nodeName",
                BadValue::str(""),
                "must be either unset or set to a non-empty string",
            );
        } else {
            set_fields.push("`nodeName`");
            super::node_name(&mut errs, node, "spec.nodeName");
        }
    }
    if let Some(selector) = at(spec, "nodeSelector") {
        set_fields.push("`nodeSelector`");
        super::node_selector(&mut errs, selector, "spec.nodeSelector");
        let terms = selector.get("nodeSelectorTerms").filter(|t| !t.is_null());
        if items(terms).len() != 1 {
            // This additional constraint simplifies merging of selectors.
            errs.invalid(
                "spec.nodeSelector.nodeSelectorTerms",
                BadValue::Json(internal_json::slice_of("NodeSelectorTerm", terms)),
                "must have exactly one node selector term",
            );
        }
    }
    for (key, name) in [
        ("allNodes", "`allNodes`"),
        ("perDeviceNodeSelection", "`perDeviceNodeSelection`"),
    ] {
        if let Some(flag) = at(spec, key) {
            if flag.as_bool() == Some(true) {
                set_fields.push(name);
            } else {
                errs.invalid(
                    child("spec", key),
                    BadValue::Json("false".into()),
                    "must be either unset or set to true",
                );
            }
        }
    }
    match set_fields.len() {
        0 => errs.required("spec", SELECTION),
        1 => {}
        _ => errs.invalid(
            "spec",
            BadValue::Str(format!("{{{}}}", set_fields.join(", "))),
            &format!("{SELECTION}, but multiple fields are set"),
        ),
    }
    let devices_set = at(spec, "devices");
    let counter_sets_set = at(spec, "sharedCounters");
    if devices_set.is_some() && counter_sets_set.is_some() {
        errs.invalid(
            "spec",
            BadValue::str(""),
            "only one of `sharedCounters` or `devices` is allowed",
        );
    }
    let devices = items(devices_set);
    let advanced = devices.iter().any(|d| {
        !items(d.get("taints")).is_empty()
            || !items(d.get("consumesCounters")).is_empty()
            || has_list_attributes(d)
    });
    let max = if advanced {
        MAX_DEVICES_ADVANCED
    } else {
        MAX_DEVICES
    };
    let per_device = at(spec, "perDeviceNodeSelection").and_then(Value::as_bool) == Some(true);
    let old_devices = items(old.and_then(|o| at(o, "devices")));
    if !super::over(&mut errs, devices, max, "spec.devices") {
        for (i, device_value) in devices.iter().enumerate() {
            let name = text(device_value, "name");
            let old_device = old_devices.iter().find(|d| text(d, "name") == name);
            device(
                &mut errs,
                device_value,
                old_device,
                &index("spec.devices", i),
                per_device,
            );
        }
        super::duplicates(
            &mut errs,
            devices,
            "spec.devices",
            |d| text(d, "name").to_string(),
            BadValue::str,
        );
    }
    let counter_sets = items(counter_sets_set);
    let list = "spec.sharedCounters";
    if !super::over(&mut errs, counter_sets, MAX_COUNTER_SETS, list) {
        for (i, set) in counter_sets.iter().enumerate() {
            counter_set(&mut errs, set, &index(list, i));
        }
        super::duplicates(
            &mut errs,
            counter_sets,
            list,
            |s| text(s, "name").to_string(),
            BadValue::str,
        );
    }
    errs
}

/// The string at `key` of `parent` (`""` when absent).
fn text_at<'a>(parent: Option<&'a Value>, key: &str) -> &'a str {
    parent.map_or("", |p| text(p, key))
}

/// The integer at `key` of `parent` (0 when absent).
fn int_at(parent: Option<&Value>, key: &str) -> i64 {
    at(parent, key).and_then(Value::as_i64).unwrap_or(0)
}

/// `haveListAttributes` of one device: an attribute with a list field.
fn has_list_attributes(device: &Value) -> bool {
    device
        .get("attributes")
        .and_then(Value::as_map)
        .is_some_and(|attributes| {
            attributes
                .values()
                .any(|a| LISTS.iter().any(|k| at(Some(a), k).is_some()))
        })
}

/// A map's entries sorted by key (upstream walks Go's random map order).
fn sorted(map: Option<&Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<(&String, &Value)> = map
        .and_then(Value::as_map)
        .map_or(Vec::new(), |m| m.iter().collect());
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

/// `validateDevice` (`old`: the stored slice's device of the same name).
fn device(
    errs: &mut Vec<FieldError>,
    device: &Value,
    old: Option<&Value>,
    path: &str,
    per_device: bool,
) {
    super::dns_label(errs, text(device, "name"), &child(path, "name"));
    let attributes = device.get("attributes").filter(|v| !v.is_null());
    let capacity = device.get("capacity").filter(|v| !v.is_null());
    let count = |m: Option<&Value>| m.and_then(Value::as_map).map_or(0, Map::len);
    let total = count(attributes) + count(capacity);
    if total > MAX_ATTRIBUTES_AND_CAPACITIES {
        errs.invalid(
            path,
            BadValue::Int(total as i64),
            &format!(
                "the total number of attributes and capacities must not exceed {MAX_ATTRIBUTES_AND_CAPACITIES}"
            ),
        );
    }
    // numEntriesDeviceAttribute: a scalar counts 1, a list its items.
    let values: usize = sorted(attributes)
        .iter()
        .map(|(_, a)| {
            let listed: usize = LISTS.iter().map(|k| items(a.get(k)).len()).sum();
            listed.max(1)
        })
        .sum();
    if values > MAX_ATTRIBUTE_VALUES {
        errs.invalid(
            path,
            BadValue::Int(values as i64),
            &format!("the total number of attribute values must not exceed {MAX_ATTRIBUTE_VALUES}"),
        );
    }
    let list = child(path, "attributes");
    for (key, attribute) in sorted(attributes) {
        super::qualified_name(errs, key, &list);
        device_attribute(
            errs,
            attribute,
            &format!("{list}[{}]", truncated(key, MAX_QUALIFIED_KEY)),
        );
    }
    let multiple =
        at(Some(device), "allowMultipleAllocations").and_then(Value::as_bool) == Some(true);
    let list = child(path, "capacity");
    for (key, capacity) in sorted(capacity) {
        super::qualified_name(errs, key, &list);
        let policy_path = format!(
            "{list}[{}].requestPolicy",
            truncated(key, MAX_QUALIFIED_KEY)
        );
        if let Some(policy) = at(Some(capacity), "requestPolicy") {
            if multiple {
                request_policy(errs, capacity.get("value"), policy, &policy_path);
            } else {
                errs.forbidden(policy_path, "allowMultipleAllocations must be true");
            }
        }
    }
    let taints = items(device.get("taints"));
    let unchanged = old.is_some_and(|old| {
        crate::registry::generation::semantic_eq(old.get("taints"), device.get("taints"))
    });
    let list = child(path, "taints");
    if !unchanged && !super::over(errs, taints, MAX_TAINTS, &list) {
        for (i, taint) in taints.iter().enumerate() {
            super::device_taint(errs, taint, &index(&list, i));
        }
    }
    let consumptions = items(device.get("consumesCounters"));
    let list = child(path, "consumesCounters");
    if !super::over(errs, consumptions, MAX_CONSUMPTIONS, &list) {
        for (i, consumption) in consumptions.iter().enumerate() {
            let at_item = index(&list, i);
            let set = text(consumption, "counterSet");
            if set.is_empty() {
                errs.required(child(&at_item, "counterSet"), "");
            } else {
                super::dns_label(errs, set, &child(&at_item, "counterSet"));
            }
            counters(errs, consumption, &at_item);
        }
        super::duplicates(
            errs,
            consumptions,
            &list,
            |c| text(c, "counterSet").to_string(),
            BadValue::str,
        );
    }
    let node_name = at(Some(device), "nodeName");
    let node_selector = at(Some(device), "nodeSelector");
    let all_nodes = at(Some(device), "allNodes");
    if per_device {
        let mut set_fields: Vec<&str> = Vec::new();
        if let Some(node) = node_name {
            let node = node.as_str().unwrap_or("");
            if node.is_empty() {
                errs.invalid(
                    child(path, "nodeName"),
                    BadValue::str(""),
                    "must not be empty",
                );
            } else {
                set_fields.push("`nodeName`");
                super::node_name(errs, node, &child(path, "nodeName"));
            }
        }
        if let Some(selector) = node_selector {
            set_fields.push("`nodeSelector`");
            super::node_selector(errs, selector, &child(path, "nodeSelector"));
        }
        if let Some(all) = all_nodes {
            if all.as_bool() == Some(true) {
                set_fields.push("`allNodes`");
            } else {
                errs.invalid(
                    child(path, "allNodes"),
                    BadValue::Json("false".into()),
                    "must be either unset or set to true",
                );
            }
        }
        match set_fields.len() {
            0 => errs.required(path, DEVICE_SELECTION),
            1 => {}
            _ => errs.invalid(
                path,
                BadValue::Str(format!("{{{}}}", set_fields.join(", "))),
                DEVICE_SELECTION,
            ),
        }
    } else if node_name.is_some() || node_selector.is_some() || all_nodes.is_some() {
        errs.invalid(
            path,
            BadValue::Json("null".into()),
            "`nodeName`, `nodeSelector` and `allNodes` can only be set if `perDeviceNodeSelection` is set to true in the ResourceSlice spec",
        );
    }
    super::binding_parameters(errs, device, path);
    node_allocatable_mappings(
        errs,
        device,
        capacity,
        &child(path, "nodeAllocatableResourceMappings"),
    );
}

/// The counters of a counter set or a device's consumption at `path`:
/// required, at most 32, each named by a DNS label (the error at the
/// map's path). Any parsed quantity is a valid counter.
fn counters(errs: &mut Vec<FieldError>, holder: &Value, path: &str) {
    let list = child(path, "counters");
    let counters = holder.get("counters").filter(|v| !v.is_null());
    let entries = sorted(counters);
    if entries.is_empty() {
        return errs.required(list, "");
    }
    if entries.len() > MAX_COUNTERS {
        return errs.push(too_many(&list, entries.len(), MAX_COUNTERS as i64));
    }
    for (key, _) in entries {
        super::dns_label(errs, key, &list);
    }
}

/// `validateCounterSet`: a name that is a DNS label, and counters.
fn counter_set(errs: &mut Vec<FieldError>, set: &Value, path: &str) {
    let name = text(set, "name");
    if name.is_empty() {
        errs.required(child(path, "name"), "");
    } else {
        super::dns_label(errs, name, &child(path, "name"));
    }
    counters(errs, set, path);
}

/// `validateDeviceAttribute`: exactly one value; a string at most 64
/// bytes, a version a semantic version of at most 64; a list not empty,
/// its strings and versions as those.
fn device_attribute(errs: &mut Vec<FieldError>, attribute: &Value, path: &str) {
    let mut fields = 0;
    for key in ["bool", "int"] {
        if at(Some(attribute), key).is_some() {
            fields += 1;
        }
    }
    if let Some(value) = at(Some(attribute), "string") {
        fields += 1;
        string_value(errs, value.as_str().unwrap_or(""), &child(path, "string"));
    }
    if let Some(value) = at(Some(attribute), "version") {
        fields += 1;
        version_value(errs, value.as_str().unwrap_or(""), &child(path, "version"));
    }
    for key in LISTS {
        let Some(list) = at(Some(attribute), key) else {
            continue;
        };
        fields += 1;
        let list_path = child(path, key);
        let values = items(Some(list));
        if values.is_empty() {
            errs.invalid(
                list_path.as_str(),
                BadValue::Json("[]".into()),
                "must not be empty if specified",
            );
        }
        for (i, value) in values.iter().enumerate() {
            let value = value.as_str().unwrap_or("");
            match key {
                "strings" => string_value(errs, value, &index(&list_path, i)),
                "versions" => version_value(errs, value, &index(&list_path, i)),
                _ => {}
            }
        }
    }
    match fields {
        0 => errs.invalid(
            path,
            BadValue::str(""),
            "exactly one value must be specified",
        ),
        1 => {}
        _ => errs.invalid(
            path,
            BadValue::Json(internal_attribute(attribute)),
            "exactly one value must be specified",
        ),
    }
}

/// `json.Marshal` of the internal `resource.DeviceAttribute` (its fields
/// in declaration order, without json tags: the v1 struct's order).
fn internal_attribute(attribute: &Value) -> String {
    let fields = [
        ("IntValue", "int"),
        ("BoolValue", "bool"),
        ("StringValue", "string"),
        ("VersionValue", "version"),
        ("IntValues", "ints"),
        ("BoolValues", "bools"),
        ("StringValues", "strings"),
        ("VersionValues", "versions"),
    ];
    let printed: Vec<String> = fields
        .iter()
        .map(|(name, key)| {
            let value = at(Some(attribute), key).map_or("null".into(), Value::to_json);
            format!("\"{name}\":{value}")
        })
        .collect();
    format!("{{{}}}", printed.join(","))
}

/// `validateDeviceAttributeStringValue`: at most 64 bytes.
fn string_value(errs: &mut Vec<FieldError>, value: &str, path: &str) {
    if value.len() > MAX_VALUE_LENGTH {
        errs.push(too_long(path, MAX_VALUE_LENGTH));
    }
}

/// `validateDeviceAttributeVersionValue`: semver.org 2.0.0, at most 64
/// bytes.
fn version_value(errs: &mut Vec<FieldError>, value: &str, path: &str) {
    if !semver(value) {
        errs.invalid(
            path,
            BadValue::str(value),
            "must be a string compatible with semver.org spec 2.0.0",
        );
    }
    string_value(errs, value, path);
}

/// `semverRe`: `MAJOR.MINOR.PATCH`, numbers without leading zeros, an
/// optional `-` pre-release of dot-separated identifiers (numeric ones
/// without leading zeros) and an optional `+` build of dot-separated
/// alphanumeric identifiers.
fn semver(value: &str) -> bool {
    let (rest, build) = match value.split_once('+') {
        Some((rest, build)) => (rest, Some(build)),
        None => (value, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((core, pre)) => (core, Some(pre)),
        None => (rest, None),
    };
    let identifier =
        |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    let number = |s: &str| {
        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'))
    };
    let numbers: Vec<&str> = core.split('.').collect();
    numbers.len() == 3
        && numbers.iter().all(|n| number(n))
        && pre.is_none_or(|pre| {
            pre.split('.')
                .all(|p| identifier(p) && (!p.bytes().all(|b| b.is_ascii_digit()) || number(p)))
        })
        && build.is_none_or(|build| build.split('.').all(identifier))
}

/// `validateRequestPolicy` of a capacity of `value` (its device allows
/// multiple allocations): not both valid values and a range; their
/// default and bounds.
fn request_policy(errs: &mut Vec<FieldError>, value: Option<&Value>, policy: &Value, path: &str) {
    let capacity = quantity_of(value).unwrap_or_else(|| "0".into());
    let valid_values = items(policy.get("validValues"));
    let range = at(Some(policy), "validRange");
    if !valid_values.is_empty() && range.is_some() {
        return errs.forbidden(
            path,
            "exactly one policy can be specified, cannot specify \"validValues\" and \"validRange\" at the same time",
        );
    }
    let default = quantity_of(at(Some(policy), "default"));
    if !valid_values.is_empty() {
        match default {
            None => errs.required(
                child(path, "default"),
                "required when validValues is defined",
            ),
            Some(default) => {
                valid_values_policy(
                    errs,
                    &default,
                    &capacity,
                    valid_values,
                    &child(path, "validValues"),
                );
            }
        }
    } else if let Some(range) = range {
        match default {
            None => errs.required(
                child(path, "default"),
                "required when validRange is defined",
            ),
            Some(default) => {
                range_policy(errs, &default, &capacity, range, &child(path, "validRange"))
            }
        }
    }
}

/// A Quantity field's canonical text (`None`: unset).
fn quantity_of(value: Option<&Value>) -> Option<String> {
    let text = super::super::resources::quantity_text(value.filter(|v| !v.is_null())?)?;
    Some(quantity::canonical(text.trim()).unwrap_or(text))
}

/// `Quantity.Cmp` of two canonical quantities.
fn cmp(a: &str, b: &str) -> Ordering {
    quantity::compare(Some(a), Some(b)).unwrap_or(Ordering::Equal)
}

/// `validateRequestPolicyValidValues`: ascending, at most 10, none above
/// the capacity or repeated (by `Value()`), one of them the default.
fn valid_values_policy(
    errs: &mut Vec<FieldError>,
    default: &str,
    capacity: &str,
    values: &[Value],
    path: &str,
) {
    let values: Vec<String> = values
        .iter()
        .map(|v| quantity_of(Some(v)).unwrap_or_else(|| "0".into()))
        .collect();
    for (i, pair) in values.windows(2).enumerate() {
        if cmp(&pair[0], &pair[1]) == Ordering::Greater {
            errs.invalid(
                index(path, i + 1),
                BadValue::str(&pair[1]),
                "values must be sorted in ascending order",
            );
        }
    }
    let mut found = false;
    if values.len() > MAX_VALID_VALUES {
        errs.push(too_many(path, values.len(), MAX_VALID_VALUES as i64));
    } else {
        let mut seen: Vec<String> = Vec::new();
        for (i, option) in values.iter().enumerate() {
            if cmp(option, capacity) == Ordering::Greater {
                errs.invalid(
                    index(path, i),
                    BadValue::str(option),
                    &format!("option is larger than capacity value: {capacity}"),
                );
            }
            if cmp(option, default) == Ordering::Equal {
                found = true;
            }
        }
        for (i, option) in values.iter().enumerate() {
            // quantityKey: the option's Value() in decimal.
            let key = quantity::scaled_ceil(option, 0).unwrap_or(0).to_string();
            if seen.contains(&key) {
                errs.duplicate(index(path, i), BadValue::Str(key));
            } else {
                seen.push(key);
            }
        }
    }
    if !found {
        errs.invalid(
            path,
            BadValue::str(default),
            "default value is not valid according to the requestPolicy",
        );
    }
}

/// `validateRequestPolicyRange`: a minimum, within the capacity and not
/// above the default; a maximum not below the minimum, within the
/// capacity, not below the default; a positive step whose first step fits
/// the capacity and from the minimum reaches the default and the maximum.
fn range_policy(
    errs: &mut Vec<FieldError>,
    default: &str,
    capacity: &str,
    range: &Value,
    path: &str,
) {
    let Some(min) = quantity_of(at(Some(range), "min")) else {
        return errs.required(child(path, "min"), "required when validRange is defined");
    };
    let min_path = child(path, "min");
    if cmp(&min, capacity) == Ordering::Greater {
        errs.invalid(
            min_path.as_str(),
            BadValue::str(&min),
            &format!("min is larger than capacity value: {capacity}"),
        );
    }
    if cmp(default, &min) == Ordering::Less {
        errs.invalid(
            min_path,
            BadValue::str(default),
            &format!("default is less than min: {min}"),
        );
    }
    let max = quantity_of(at(Some(range), "max"));
    if let Some(max) = &max {
        let max_path = child(path, "max");
        if cmp(&min, max) == Ordering::Greater {
            errs.invalid(
                max_path.as_str(),
                BadValue::str(&min),
                &format!("min is larger than max: {max}"),
            );
        }
        if cmp(max, capacity) == Ordering::Greater {
            errs.invalid(
                max_path.as_str(),
                BadValue::str(max),
                &format!("max is larger than capacity value: {capacity}"),
            );
        }
        if cmp(default, max) == Ordering::Greater {
            errs.invalid(
                max_path,
                BadValue::str(default),
                &format!("default is more than max: {max}"),
            );
        }
    }
    let Some(step) = quantity_of(at(Some(range), "step")) else {
        return;
    };
    let step_path = child(path, "step");
    if cmp(&step, "0") != Ordering::Greater {
        return errs.invalid(step_path, BadValue::str(&step), "must be greater than zero");
    }
    let added = quantity::add_or_max(
        &Value::from(min.as_str()),
        &Value::from(step.as_str()),
        true,
    )
    .and_then(|v| v.as_str().map(str::to_string))
    .unwrap_or_default();
    if cmp(&added, capacity) == Ordering::Greater {
        errs.invalid(
            step_path.as_str(),
            BadValue::str(&step),
            &format!("one step {added} is larger than capacity value: {capacity}"),
        );
    }
    range_step(errs, default, &min, &step, &step_path);
    if let Some(max) = &max {
        range_step(errs, max, &min, &step, &step_path);
    }
}

/// `validateRequestPolicyRangeStep`: `value` a whole number of steps above
/// the minimum (by `Value()`).
fn range_step(errs: &mut Vec<FieldError>, value: &str, min: &str, step: &str, path: &str) {
    let whole = |q: &str| quantity::scaled_ceil(q, 0).unwrap_or(0);
    let step_value = whole(step);
    if step_value != 0 && (whole(value) - whole(min)) % step_value != 0 {
        errs.invalid(
            path,
            BadValue::str(value),
            &format!("value is not a multiple of a given step ({step}) from ({min})"),
        );
    }
}

/// `validateNodeAllocatableResourceMappings` (DRANodeAllocatableResources,
/// alpha and off: the strategy drops the field unless the stored slice
/// uses it): each resource native, with a positive multiplier or a
/// capacity key of the device's capacities.
fn node_allocatable_mappings(
    errs: &mut Vec<FieldError>,
    device: &Value,
    capacity: Option<&Value>,
    path: &str,
) {
    let mappings = device
        .get("nodeAllocatableResourceMappings")
        .filter(|v| !v.is_null());
    for (name, mapping) in sorted(mappings) {
        let key_path = format!("{path}[{name}]");
        if !super::super::resources::native_resource(name) {
            errs.invalid(
                key_path.as_str(),
                named(name),
                "must be a node allocatable resource name",
            );
        }
        let multiplier = quantity_of(at(Some(mapping), "allocationMultiplier"));
        let key = at(Some(mapping), "capacityKey").map(|k| k.as_str().unwrap_or(""));
        if multiplier.is_none() && key.is_none() {
            errs.invalid(
                key_path,
                BadValue::str(""),
                "at least one of allocationMultiplier or capacityKey must be set",
            );
            continue;
        }
        if let Some(multiplier) = multiplier
            && cmp(&multiplier, "0") != Ordering::Greater
        {
            errs.invalid(
                child(&key_path, "allocationMultiplier"),
                BadValue::str(&multiplier),
                "must be positive",
            );
        }
        match key {
            None => {}
            Some("") => errs.invalid(
                child(&key_path, "capacityKey"),
                BadValue::str(""),
                "capacityKey must not be an empty string",
            ),
            Some(key) => {
                let exists = capacity
                    .and_then(Value::as_map)
                    .is_some_and(|c| c.contains_key(key));
                if !exists {
                    errs.push(super::super::field::not_found(
                        child(&key_path, "capacityKey"),
                        named(key),
                    ));
                }
            }
        }
    }
}
