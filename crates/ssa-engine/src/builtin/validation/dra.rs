//! `pkg/apis/resource/validation/validation.go` (the copy of the 1.35–1.36
//! cycle, with `MarkCoveredByDeclarative` and `ResourceNormalizationRules`)
//! for dynamic resource allocation's kinds (resource.k8s.io), after the
//! `ValidateObjectMeta` that `meta` does. The strategies
//! (`pkg/registry/resource/*/strategy.go`, Kubernetes 1.36) run:
//!
//! - DeviceClass: `ValidateDeviceClass` (`validateDeviceClassSpec`: the
//!   selectors, the configurations, the extended resource name), on
//!   update also `ValidateDeviceClassUpdate`, whose spec errors are the
//!   create's again (it only treats unchanged CEL expressions as stored,
//!   which matters to the CEL compiler alone), printed once.
//! - ResourceClaim: on create `ValidateResourceClaim`
//!   (`validateResourceClaimSpec`: `validateDeviceClaim`), on update
//!   `ValidateResourceClaimUpdate` alone: the metadata and an immutable
//!   spec. Its `/status` write: `ValidateResourceClaimStatusUpdate`
//!   (`claim`), whose allocation, once set, is immutable.
//! - ResourceClaimTemplate: `ValidateResourceClaimTemplate` (the
//!   template's metadata by `ValidateTemplateObjectMeta`, its claim spec
//!   as a claim's), on update again, then `ValidateResourceClaimTemplateUpdate`
//!   (an immutable spec).
//! - ResourceSlice: `ValidateResourceSlice`, on update
//!   `ValidateResourceSliceUpdate` (`validateResourceSliceSpec` with the
//!   stored spec: the pool name, driver and node name are immutable, and a
//!   device whose taints are unchanged keeps them unchecked), in `slice`.
//!
//! An immutable spec or allocation that changed (`ValidateImmutableField`:
//! not `Semantic.DeepEqual`) is refused with the whole new internal struct
//! as the bad value (`spec: Invalid value: {"Devices":{...}}: field is
//! immutable`), printed by `internal_json` from its `RESOURCE_TYPES`
//! table: Go field names in declaration order, zero values included
//! (`null` for a nil pointer or slice), a template's metadata inline.
//!
//! 1.36's declarative tags on these kinds are all alpha (`+k8s:alpha(since:
//! "1.36")`, graduated to beta in 1.37): they run in the shadow, so these
//! hand-written rules decide, in their order and words.
//!
//! Validation sees the internal object, whose shape is v1's (v1beta2's is
//! the same). A resource.k8s.io/v1beta1 object is converted first
//! (`pkg/apis/resource/v1beta1/conversion.go`): a request's own class,
//! selectors, mode, count, admin access, tolerations and capacity become
//! its `exactly` when any of them is set; a device's `basic` fields become
//! its own; a slice's empty `nodeName` and false `allNodes` are unset. The
//! errors name the internal paths (`requests[0].exactly.deviceClassName`),
//! as upstream's do. The objects are defaulted (`pkg/apis/resource/v1/defaults.go`,
//! `builtin::defaults`): a request's mode is `ExactCount` with a count of
//! 1, a toleration's operator `Equal`.
//!
//! Not modelled:
//! - A device selector's CEL expression compiles with the engine's
//!   checker in DRA's environment (`device.driver`, `device.attributes`,
//!   `device.capacity`, `cel.bind`: `crd::cel::check`, a build with CRD
//!   validation), as far as the checker follows it (an attribute's value
//!   is of no known type). Its estimated cost is `crd::cel::cost`'s port
//!   of `CompileCELExpression`'s (DRA's declared sizes of `device`), and
//!   over `CELSelectorExpressionMaxCost` the selector is forbidden; an
//!   expression the estimate does not model is not held to it.
//! - An immutable struct's print starts from the object as the engine
//!   stores it, which has lost the empty lists the client sent
//!   (`omitempty`): the server prints such a list `[]`, this `null`.
//! - `AuthorizedForAdmin`: a request (or an allocation result) with
//!   `adminAccess: true` needs the namespace labelled
//!   `resource.kubernetes.io/admin-access: "true"`; the namespace is not at
//!   hand to a kind's validation.
//! - Go's map order: upstream walks a device's attributes and capacities,
//!   a counter set's counters and the node-allocatable mappings in Go's
//!   random map order; they are walked here sorted by key.

mod claim;
mod slice;

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each, too_long, too_many};
use super::{at, internal_json, items, names, text, volumes};
use crate::builtin::goencoding::quantity;
use crate::value::{Map, Value};
use std::borrow::Cow;

pub(super) use claim::resource_claim_status;

/// `DeviceRequestsMaxSize`, `DeviceConstraintsMaxSize`,
/// `DeviceConfigMaxSize`, `DeviceSelectorsMaxSize`,
/// `FirstAvailableDeviceRequestMaxSize`.
const MAX_REQUESTS: usize = 32;
const MAX_CONSTRAINTS: usize = 32;
const MAX_CONFIGS: usize = 32;
const MAX_SELECTORS: usize = 32;
const MAX_SUBREQUESTS: usize = 8;

/// `CELSelectorExpressionMaxLength`, `OpaqueParametersMaxLength`.
const MAX_EXPRESSION: usize = 10 * 1024;
const MAX_PARAMETERS: usize = 10 * 1024;

/// `CELSelectorExpressionMaxCost`: a selector's largest estimated cost.
#[cfg(feature = "crd-validation")]
const MAX_SELECTOR_COST: u64 = 1_000_000;

/// `DeviceMaxIDLength`, `PoolNameMaxLength`.
const MAX_ID: usize = 32;
const MAX_POOL_NAME: usize = 253;

/// `validDeviceTaintEffects`, as `sets.List` sorts them.
const TAINT_EFFECTS: [&str; 3] = ["NoExecute", "NoSchedule", "None"];

/// What `validateRequestNameRef` says of a name that is not a request's.
const NOT_A_REQUEST: &str = "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

/// A DeviceClass's errors after its metadata's: `validateDeviceClassSpec`
/// (an update's are the create's, see the module).
pub(super) fn device_class(new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let spec = at(Some(new), "spec");
    let path = "spec";
    let list = child(path, "selectors");
    let selectors = items(spec.and_then(|s| s.get("selectors")));
    device_selectors(&mut errs, selectors, &list);
    let list = child(path, "config");
    let configs = items(spec.and_then(|s| s.get("config")));
    if !over(&mut errs, configs, MAX_CONFIGS, &list) {
        for (i, config) in configs.iter().enumerate() {
            device_configuration(&mut errs, config, &index(&list, i), false);
        }
    }
    if let Some(name) = at(spec, "extendedResourceName") {
        let name = name.as_str().unwrap_or("");
        if !extended_resource_name(name) {
            errs.invalid(
                child(path, "extendedResourceName"),
                BadValue::str(name),
                "must be a valid extended resource name",
            );
        }
    }
    errs
}

/// A ResourceClaim's errors after its metadata's: on create
/// `validateResourceClaimSpec`, on update (`ValidateResourceClaimUpdate`)
/// the immutable spec alone.
pub(super) fn resource_claim(new: &Value, old: Option<&Value>, v1beta1: bool) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let new = v1_shape(new, v1beta1, Shape::Claim);
    let spec = at(Some(&new), "spec");
    match old {
        None => claim::device_claim(&mut errs, spec, "spec", false),
        Some(old) => {
            let old = v1_shape(old, v1beta1, Shape::Claim);
            let was = at(Some(&old), "spec");
            immutable(&mut errs, "ResourceClaimSpec", spec, was, "spec");
        }
    }
    errs
}

/// A ResourceClaimTemplate's errors after its metadata's:
/// `validateResourceClaimTemplateSpec`, on create and update alike, and
/// on update then (`ValidateResourceClaimTemplateUpdate`) the immutable
/// spec.
pub(super) fn resource_claim_template(
    new: &Value,
    old: Option<&Value>,
    v1beta1: bool,
) -> Vec<FieldError> {
    let new = v1_shape(new, v1beta1, Shape::Template);
    let mut errs = Vec::new();
    let spec = at(Some(&new), "spec");
    volumes::template_object_meta(&mut errs, at(spec, "metadata"), "spec.metadata");
    claim::device_claim(&mut errs, at(spec, "spec"), "spec.spec", false);
    if let Some(old) = old {
        let old = v1_shape(old, v1beta1, Shape::Template);
        let was = at(Some(&old), "spec");
        immutable(&mut errs, "ResourceClaimTemplateSpec", spec, was, "spec");
    }
    errs
}

/// `ValidateImmutableField` of the internal struct `name` (a
/// `ResourceClaimSpec`, a `ResourceClaimTemplateSpec`, an
/// `AllocationResult`) that the v1-shaped `new` and `old` convert to:
/// unless `Semantic.DeepEqual` finds them alike, the new one printed
/// whole. The two are compared as printed, which makes an unset field
/// and its zero value alike (and keeps a nil pointer apart from a zero
/// one), after `semantic_form`.
fn immutable(
    errs: &mut Vec<FieldError>,
    name: &str,
    new: Option<&Value>,
    old: Option<&Value>,
    path: &str,
) {
    let print =
        |v: Option<&Value>| internal_json::resource_struct(name, v.map(semantic_form).as_ref());
    if print(new) != print(old) {
        let printed = internal_json::resource_struct(name, new);
        errs.invalid(path, BadValue::Json(printed), "field is immutable");
    }
}

/// The Go maps of the structs `immutable` compares, nil and empty alike:
/// a capacity's `requests`, a result's `consumedCapacity`, a template's
/// `labels` and `annotations`.
const GO_MAPS: [&str; 4] = ["requests", "consumedCapacity", "labels", "annotations"];

/// `value` with what `Semantic.DeepEqual` does not tell apart made alike:
/// `null`, an empty list and an unset field (nil and empty slices), an
/// empty Go map and an unset one, and quantities of the same amount (a
/// capacity's `requests`, a result's `consumedCapacity`). An opaque
/// configuration's `parameters` are raw bytes, compared as they are.
fn semantic_form(value: &Value) -> Value {
    match value {
        Value::Map(map) => {
            let mut out = Map::new();
            for (key, v) in map.iter() {
                let v = match (key.as_str(), v) {
                    ("parameters", _) => v.clone(),
                    ("requests" | "consumedCapacity", Value::Map(amounts)) => Value::Map(
                        amounts
                            .iter()
                            .map(|(k, q)| {
                                let amount = q.as_str().and_then(quantity::amount);
                                (k.clone(), amount.map_or_else(|| q.clone(), Value::String))
                            })
                            .collect(),
                    ),
                    _ => semantic_form(v),
                };
                let unset = match &v {
                    Value::Null => true,
                    Value::List(l) => l.is_empty(),
                    Value::Map(m) => m.is_empty() && GO_MAPS.contains(&key.as_str()),
                    _ => false,
                };
                if !unset {
                    out.insert(key.clone(), v);
                }
            }
            Value::Map(out)
        }
        Value::List(items) => Value::List(items.iter().map(semantic_form).collect()),
        other => other.clone(),
    }
}

/// A ResourceSlice's errors after its metadata's:
/// `validateResourceSliceSpec` with the stored spec on update.
pub(super) fn resource_slice(new: &Value, old: Option<&Value>, v1beta1: bool) -> Vec<FieldError> {
    let new = v1_shape(new, v1beta1, Shape::Slice);
    let old = old.map(|old| v1_shape(old, v1beta1, Shape::Slice));
    slice::spec(
        at(Some(&new), "spec"),
        old.as_deref().map(|o| at(Some(o), "spec")),
    )
}

/// Which object `v1_shape` converts.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Claim,
    Template,
    Slice,
}

/// A request's fields that v1beta1 holds itself and the internal type
/// under `exactly`.
const EXACT_FIELDS: [&str; 7] = [
    "deviceClassName",
    "selectors",
    "allocationMode",
    "count",
    "adminAccess",
    "tolerations",
    "capacity",
];

/// The object as its internal type has it: a resource.k8s.io/v1beta1
/// object converted (see the module), any other as it is.
fn v1_shape(object: &Value, v1beta1: bool, shape: Shape) -> Cow<'_, Value> {
    if !v1beta1 {
        return Cow::Borrowed(object);
    }
    let mut object = object.clone();
    let Some(spec) = object.child_map_mut("spec") else {
        return Cow::Owned(object);
    };
    match shape {
        Shape::Claim => requests_v1(spec),
        Shape::Template => {
            if let Some(claim_spec) = spec.child_map_mut("spec") {
                requests_v1(claim_spec);
            }
        }
        Shape::Slice => {
            if spec.get("nodeName").and_then(Value::as_str) == Some("") {
                spec.remove("nodeName");
            }
            if spec.get("allNodes").and_then(Value::as_bool) == Some(false) {
                spec.remove("allNodes");
            }
            let devices = spec.get_mut("devices").and_then(Value::as_list_mut);
            for device in devices.into_iter().flatten().filter_map(Value::as_map_mut) {
                // Convert_v1beta1_Device_To_resource_Device.
                if let Some(Value::Map(basic)) = device.remove("basic") {
                    for (key, value) in basic.iter() {
                        device.insert(key.clone(), value.clone());
                    }
                }
            }
        }
    }
    Cow::Owned(object)
}

/// `Convert_v1beta1_DeviceRequest_To_resource_DeviceRequest` of each
/// request of a claim spec: `hasAnyMainRequestFieldsSet` makes `exactly`.
fn requests_v1(claim_spec: &mut Map) {
    let requests = claim_spec
        .child_map_mut("devices")
        .and_then(|d| d.get_mut("requests"))
        .and_then(Value::as_list_mut);
    for request in requests.into_iter().flatten().filter_map(Value::as_map_mut) {
        let set = EXACT_FIELDS.iter().any(|key| match request.get(key) {
            None | Some(Value::Null) => false,
            Some(Value::String(s)) => !s.is_empty(),
            Some(Value::Int(n)) => *n != 0,
            Some(_) => true,
        });
        let mut exactly = Map::new();
        for key in EXACT_FIELDS {
            if let Some(value) = request.remove(key)
                && !value.is_null()
            {
                exactly.insert(key, value);
            }
        }
        if set {
            request.insert("exactly", Value::Map(exactly));
        }
    }
}

/// `validateSlice`'s and `validateSet`'s size check: more than `max`
/// items are one `Too many` error, and nothing else of the list is
/// checked (`true`).
fn over(errs: &mut Vec<FieldError>, list: &[Value], max: usize, path: &str) -> bool {
    if list.len() > max {
        errs.push(too_many(path, list.len(), max as i64));
        return true;
    }
    false
}

/// `validateSet`'s uniqueness: an item whose `key` an earlier one had is
/// a `Duplicate` at its index, printed by `print`.
fn duplicates(
    errs: &mut Vec<FieldError>,
    list: &[Value],
    path: &str,
    key: impl Fn(&Value) -> String,
    print: fn(&str) -> BadValue,
) {
    let mut seen: Vec<String> = Vec::new();
    for (i, item) in list.iter().enumerate() {
        let key = key(item);
        if seen.contains(&key) {
            errs.duplicate(index(path, i), print(&key));
        } else {
            seen.push(key);
        }
    }
}

/// A list of strings' items (a non-string as `""`).
fn strings(list: &[Value]) -> impl Iterator<Item = &str> {
    list.iter().map(|v| v.as_str().unwrap_or(""))
}

/// `validateSelectorSlice`: at most 32 selectors, each with a CEL
/// selector whose expression is at most 10 KiB, compiles in DRA's
/// environment and whose estimated cost is within
/// `CELSelectorExpressionMaxCost` (`validateCELSelector`).
fn device_selectors(errs: &mut Vec<FieldError>, selectors: &[Value], path: &str) {
    if over(errs, selectors, MAX_SELECTORS, path) {
        return;
    }
    for (i, selector) in selectors.iter().enumerate() {
        let cel_path = child(&index(path, i), "cel");
        match at(Some(selector), "cel") {
            None => errs.required(cel_path, ""),
            Some(cel) => {
                let expression = text(cel, "expression");
                if expression.len() > MAX_EXPRESSION {
                    errs.push(too_long(&child(&cel_path, "expression"), MAX_EXPRESSION));
                    continue;
                }
                // `convertCELErrorToValidationError`: the compile error,
                // else an estimated cost over the limit.
                #[cfg(feature = "crd-validation")]
                match crate::crd::compile_cel_device_selector(expression) {
                    Err(detail) => {
                        let at = child(&cel_path, "expression");
                        errs.invalid(at, BadValue::str(expression), &detail);
                    }
                    Ok(Some(cost)) if cost > MAX_SELECTOR_COST => errs.forbidden(
                        child(&cel_path, "expression"),
                        "too complex, exceeds cost limit",
                    ),
                    Ok(_) => {}
                }
            }
        }
    }
}

/// `validateDeviceConfiguration`: an opaque configuration, its driver a
/// CSI driver name and its parameters a JSON object
/// (`validateOpaqueConfiguration`).
fn device_configuration(errs: &mut Vec<FieldError>, config: &Value, path: &str, stored: bool) {
    let opaque_path = child(path, "opaque");
    let Some(opaque) = at(Some(config), "opaque") else {
        return errs.required(opaque_path, "");
    };
    volumes::csi_driver_name(errs, text(opaque, "driver"), &child(&opaque_path, "driver"));
    raw_extension(
        errs,
        opaque.get("parameters"),
        &child(&opaque_path, "parameters"),
        stored,
        MAX_PARAMETERS,
    );
}

/// `validateRawExtension`: set, at most `max` bytes of JSON (unless
/// stored), a JSON object. The engine holds the value decoded, so the
/// bytes are its compact JSON, as the server re-encodes an applied
/// object's.
fn raw_extension(
    errs: &mut Vec<FieldError>,
    value: Option<&Value>,
    path: &str,
    stored: bool,
    max: usize,
) {
    match value.filter(|v| !v.is_null()) {
        None => errs.required(path, ""),
        Some(v) if !stored && v.to_json().len() > max => errs.push(too_long(path, max)),
        Some(Value::Map(_)) => {}
        Some(_) => errs.invalid(
            path,
            BadValue::str("<value omitted>"),
            "must be a valid JSON object",
        ),
    }
}

/// `validateDeviceClass`: a device class name, required and a DNS
/// subdomain.
fn device_class_name(errs: &mut Vec<FieldError>, name: &str, path: &str) {
    if name.is_empty() {
        errs.required(path, "");
    } else {
        invalid_each(errs, path, name, names::dns1123_subdomain(name));
    }
}

/// `validateRequestName`, `validateDeviceName`, `validateCounterName`
/// (`ValidateDNS1123Label`).
fn dns_label(errs: &mut Vec<FieldError>, name: &str, path: &str) {
    invalid_each(errs, path, name, names::dns1123_label(name));
}

/// `validatePoolName`: required, at most 253 bytes, each part between
/// slashes a DNS subdomain (the error's value is the part).
fn pool_name(errs: &mut Vec<FieldError>, name: &str, path: &str) {
    if name.is_empty() {
        return errs.required(path, "");
    }
    if name.len() > MAX_POOL_NAME {
        errs.push(too_long(path, MAX_POOL_NAME));
    }
    for part in name.split('/') {
        invalid_each(errs, path, part, names::dns1123_subdomain(part));
    }
}

/// `validateQualifiedName` (a device attribute's or capacity's name): a
/// C identifier, optionally after a domain (a CSI driver name) and a
/// slash; a name of more than one slash is not checked.
fn qualified_name(errs: &mut Vec<FieldError>, name: &str, path: &str) {
    let parts: Vec<&str> = name.split('/').collect();
    match parts.as_slice() {
        [id] => c_identifier(errs, id, path),
        [domain, id] => {
            if domain.is_empty() {
                errs.invalid(path, BadValue::str(""), "the domain must not be empty");
            } else {
                volumes::csi_driver_name(errs, domain, path);
            }
            if id.is_empty() {
                errs.invalid(path, BadValue::str(""), "the name must not be empty");
            } else {
                c_identifier(errs, id, path);
            }
        }
        _ => {}
    }
}

/// `validateFullyQualifiedName`: a qualified name with its domain (the
/// name a named string type, printed as JSON).
fn fully_qualified_name(errs: &mut Vec<FieldError>, name: &str, path: &str) {
    qualified_name(errs, name, path);
    if !name.contains('/') {
        errs.invalid(
            path,
            super::field::named(name),
            "a fully qualified name must be a domain and a name separated by a slash",
        );
    }
}

/// `validateCIdentifier`: at most 32 bytes, a C identifier.
fn c_identifier(errs: &mut Vec<FieldError>, id: &str, path: &str) {
    if id.len() > MAX_ID {
        errs.push(too_long(path, MAX_ID));
    }
    invalid_each(errs, path, id, names::c_identifier(id));
}

/// `validateDeviceTaint` (without a stored taint): a key that is a label
/// name, a value that is a label value, a known effect.
fn device_taint(errs: &mut Vec<FieldError>, taint: &Value, path: &str) {
    let key = text(taint, "key");
    invalid_each(errs, &child(path, "key"), key, names::label_key(key));
    let value = text(taint, "value");
    if !value.is_empty() {
        invalid_each(
            errs,
            &child(path, "value"),
            value,
            names::label_value(value),
        );
    }
    match text(taint, "effect") {
        "" => errs.required(child(path, "effect"), ""),
        effect if !TAINT_EFFECTS.contains(&effect) => errs.not_supported(
            child(path, "effect"),
            super::field::named(effect),
            &TAINT_EFFECTS,
        ),
        _ => {}
    }
}

/// `validateDeviceToleration`: a key that is a label name, a value by the
/// operator (none for `Exists`, a label value for `Equal`), a known
/// operator and effect.
fn device_toleration(errs: &mut Vec<FieldError>, toleration: &Value, path: &str) {
    let key = text(toleration, "key");
    if !key.is_empty() {
        invalid_each(errs, &child(path, "key"), key, names::label_key(key));
    }
    let value = text(toleration, "value");
    let value_path = child(path, "value");
    match text(toleration, "operator") {
        "Exists" => {
            if !value.is_empty() {
                errs.invalid(
                    value_path,
                    BadValue::str(value),
                    "must be empty for operator `Exists`",
                );
            }
        }
        "Equal" => invalid_each(errs, &value_path, value, names::label_value(value)),
        "" => errs.required(child(path, "operator"), ""),
        operator => errs.not_supported(
            child(path, "operator"),
            super::field::named(operator),
            &["Equal", "Exists"],
        ),
    }
    let effect = text(toleration, "effect");
    if !effect.is_empty() && !TAINT_EFFECTS.contains(&effect) {
        errs.not_supported(
            child(path, "effect"),
            super::field::named(effect),
            &TAINT_EFFECTS,
        );
    }
}

/// `validateDeviceBindingParameters` of the holder at `path`: at most 4
/// binding conditions and 4 failure conditions, each a label name, none
/// repeated, none in both lists, and neither list without the other.
fn binding_parameters(errs: &mut Vec<FieldError>, holder: &Value, path: &str) {
    let conditions = items(holder.get("bindingConditions"));
    let failures = items(holder.get("bindingFailureConditions"));
    let conditions_path = child(path, "bindingConditions");
    let failures_path = child(path, "bindingFailureConditions");
    for (list, list_path) in [(conditions, &conditions_path), (failures, &failures_path)] {
        if over(errs, list, 4, list_path) {
            continue;
        }
        for (i, name) in strings(list).enumerate() {
            invalid_each(errs, &index(list_path, i), name, names::label_key(name));
        }
    }
    duplicates(
        errs,
        conditions,
        &conditions_path,
        |v| v.as_str().unwrap_or("").to_string(),
        BadValue::str,
    );
    let mut seen: Vec<&str> = Vec::new();
    for (i, name) in strings(failures).enumerate() {
        let at_item = index(&failures_path, i);
        if seen.contains(&name) {
            errs.duplicate(at_item.clone(), BadValue::str(name));
        } else {
            seen.push(name);
        }
        if strings(conditions).any(|c| c == name) {
            errs.invalid(
                at_item,
                BadValue::str(name),
                "bindingFailureConditions must not overlap with bindingConditions",
            );
        }
    }
    // The other list printed as JSON: `null` when unset, `[]` when empty.
    let printed = |key: &str| BadValue::Json(holder.get(key).map_or("null".into(), Value::to_json));
    if conditions.is_empty() && !failures.is_empty() {
        errs.invalid(
            conditions_path,
            printed("bindingConditions"),
            "bindingConditions are required to use bindingFailureConditions",
        );
    }
    if failures.is_empty() && !conditions.is_empty() {
        errs.invalid(
            failures_path,
            printed("bindingFailureConditions"),
            "bindingFailureConditions are required to use bindingConditions",
        );
    }
}

/// `validateNodeName` (`ValidateNodeName`): a DNS subdomain.
fn node_name(errs: &mut Vec<FieldError>, name: &str, path: &str) {
    invalid_each(errs, path, name, names::dns1123_subdomain(name));
}

/// `ValidateNodeSelector` (label values checked): at least one term, each
/// by `ValidateNodeSelectorTerm`.
fn node_selector(errs: &mut Vec<FieldError>, selector: &Value, path: &str) {
    let list = child(path, "nodeSelectorTerms");
    let terms = items(selector.get("nodeSelectorTerms"));
    if terms.is_empty() {
        return errs.required(list, "must have at least one node selector term");
    }
    for (i, term) in terms.iter().enumerate() {
        super::podspec::node_selector_term(errs, term, &index(&list, i), true);
    }
}

/// `helper.IsExtendedResourceName`: not native, not `requests.`-prefixed,
/// and a qualified name once prefixed with `requests.`.
fn extended_resource_name(name: &str) -> bool {
    !super::resources::native_resource(name)
        && !name.starts_with("requests.")
        && names::label_key(&format!("requests.{name}")).is_empty()
}

/// `truncateIfTooLong`: a map key longer than `max` (at least 16) keeps
/// its ends around `...` in an error's path.
fn truncated(key: &str, max: usize) -> Cow<'_, str> {
    let max = max.max(16);
    if key.len() <= max {
        return Cow::Borrowed(key);
    }
    let remaining = max - 3;
    let head = key.get(..remaining.div_ceil(2)).unwrap_or(key);
    let tail = key.get(key.len() - remaining / 2..).unwrap_or("");
    Cow::Owned(format!("{head}...{tail}"))
}

#[cfg(test)]
mod tests;
