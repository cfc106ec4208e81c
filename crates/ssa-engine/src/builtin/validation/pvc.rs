//! PersistentVolumeClaims in `pkg/apis/core/validation/validation.go`:
//! `ValidatePersistentVolumeClaimSpec` (the strategy's `Validate` and
//! `ValidateUpdate` both call it), then `ValidatePersistentVolumeClaimUpdate`:
//! the spec is immutable but for the storage request of a bound claim (and
//! `volumeName` once, `storageClassName` from nil), told with go-cmp's diff
//! of the internal `core.PersistentVolumeClaimSpec`s ([`gocmp`]), built from
//! a table of the internal types. Not modelled: the label selector's and
//! the data sources' own rules.

use super::field::{
    BadValue, FieldError, forbidden, invalid, json_string, not_supported, required,
};
use super::gocmp::{self, GoValue, Kind, struct_of};
use super::names;
use crate::builtin::goencoding::quantity;
use crate::value::Value;
use std::cmp::Ordering;

const BETA_CLASS: &str = "volume.beta.kubernetes.io/storage-class";
const ACCESS_MODES: [&str; 4] = [
    "ReadOnlyMany",
    "ReadWriteMany",
    "ReadWriteOnce",
    "ReadWriteOncePod",
];

/// The claim's errors after its metadata's.
pub(super) fn errors(old: Option<&Value>, new: &Value) -> Vec<FieldError> {
    let mut errs = spec(new);
    if let Some(old) = old {
        errs.extend(update(old, new));
    }
    errs
}

/// A field of the claim's spec (`null` is unset).
fn field<'a>(pvc: &'a Value, key: &str) -> Option<&'a Value> {
    pvc.get_path(&["spec", key]).filter(|v| !v.is_null())
}

fn text<'a>(pvc: &'a Value, key: &str) -> Option<&'a str> {
    field(pvc, key).and_then(Value::as_str)
}

/// `storage` of the resource list at `path`, as stored.
fn storage(pvc: &Value, path: &[&str]) -> Option<String> {
    match pvc.get_path(path)?.get("storage")? {
        Value::String(s) => Some(s.clone()),
        v => Some(v.to_json()),
    }
}

const REQUESTS: &[&str] = &["spec", "resources", "requests"];

/// `ValidatePersistentVolumeClaimSpec`, the rules of its fields' values.
fn spec(pvc: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let modes: Vec<&str> = field(pvc, "accessModes")
        .and_then(Value::as_list)
        .map(|l| l.iter().map(|m| m.as_str().unwrap_or("")).collect())
        .unwrap_or_default();
    if modes.is_empty() {
        errs.push(required(
            "spec.accessModes",
            "at least 1 access mode is required",
        ));
    }
    let (mut once_pod, mut other) = (false, false);
    for mode in modes {
        if !ACCESS_MODES.contains(&mode) {
            let bad = BadValue::Json(json_string(mode));
            errs.push(not_supported("spec.accessModes", bad, &ACCESS_MODES));
        } else if mode == "ReadWriteOncePod" {
            once_pod = true;
        } else {
            other = true;
        }
    }
    if once_pod && other {
        errs.push(forbidden(
            "spec.accessModes",
            "may not use ReadWriteOncePod with other access modes",
        ));
    }
    let at = "spec.resources[storage]";
    match storage(pvc, REQUESTS) {
        None => errs.push(required(at, "")),
        // ValidatePositiveQuantityValue.
        Some(q) if quantity::compare(Some(&q), None) != Some(Ordering::Greater) => {
            errs.push(invalid(at, BadValue::Str(q), "must be greater than zero"));
        }
        Some(_) => {}
    }
    for key in [
        "storageClassName",
        "volumeMode",
        "volumeAttributesClassName",
    ] {
        let Some(name) = text(pvc, key).filter(|n| !n.is_empty()) else {
            continue;
        };
        if key == "volumeMode" {
            if !["Block", "Filesystem"].contains(&name) {
                let bad = BadValue::Json(json_string(name));
                errs.push(not_supported(
                    "spec.volumeMode",
                    bad,
                    &["Block", "Filesystem"],
                ));
            }
            continue;
        }
        // ValidateClassName.
        for m in names::dns1123_subdomain(name) {
            errs.push(invalid(
                ["spec.", key].concat(),
                BadValue::Str(name.to_string()),
                &m,
            ));
        }
    }
    errs
}

/// `ValidatePersistentVolumeClaimUpdate` after `ValidatePersistentVolumeClaim`
/// (RecoverVolumeExpansionFailure and VolumeAttributesClass on, as in
/// 1.36).
fn update<'v>(old: &'v Value, new: &'v Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let (mut was, mut now) = (internal_spec(old), internal_spec(new));
    let set = |spec: &mut GoValue, name: &str, to: GoValue| {
        if let Some(f) = spec.field_mut(name) {
            *f = to;
        }
    };
    // volumeName may be set once.
    if text(old, "volumeName").unwrap_or("").is_empty() {
        set(
            &mut was,
            "VolumeName",
            GoValue::str("string", text(new, "volumeName").unwrap_or("")),
        );
    }
    let annotation = |o: &'v Value| {
        o.get_path(&["metadata", "annotations", BETA_CLASS])
            .and_then(Value::as_str)
    };
    let (old_ann, new_ann) = (annotation(old), annotation(new));
    let (old_class, new_class) = (text(old, "storageClassName"), text(new, "storageClassName"));
    // validateStorageClassUpgradeFromAnnotation, else FromNil: a class set
    // where there was none (or only the annotation) is no change.
    let from_annotation = old_ann.is_some()
        && old_class.is_none()
        && new_class == old_ann
        && new_ann.is_none_or(|a| Some(a) == old_ann);
    if !from_annotation && old_ann.unwrap_or("") != new_ann.unwrap_or("") {
        errs.push(invalid(
            ["metadata.annotations.", BETA_CLASS].concat(),
            BadValue::Str(new_ann.unwrap_or("").to_string()),
            "field is immutable",
        ));
    }
    if from_annotation
        || (new_class.is_some()
            && old_class.is_none()
            && old_ann.is_none_or(|a| new_class == Some(a)))
    {
        set(&mut now, "StorageClassName", build(&STR_PTR, None));
    }
    // A bound claim's storage request may change.
    let old_size = storage(old, REQUESTS);
    let bound = new.get_path(&["status", "phase"]).and_then(Value::as_str) == Some("Bound");
    let requests = now
        .field_mut("Resources")
        .and_then(|r| r.field_mut("Requests"));
    if let (true, Some(Kind::Map(Some(entries)))) = (bound, requests.map(|r| &mut r.kind)) {
        let size = GoValue::quantity(old_size.as_deref());
        // Entries stay sorted.
        let key = |k: &GoValue| k.text.as_deref().unwrap_or("").cmp("storage");
        let at = entries
            .iter()
            .position(|(k, _)| key(k) != Ordering::Less)
            .unwrap_or(entries.len());
        match entries.get_mut(at) {
            Some((k, v)) if key(k) == Ordering::Equal => *v = size,
            _ => entries.insert(
                at,
                (build(&RESOURCE_NAME, Some(&Value::from("storage"))), size),
            ),
        }
    }
    set(
        &mut now,
        "VolumeAttributesClassName",
        build(&STR_PTR, field(old, "volumeAttributesClassName")),
    );
    let diff = gocmp::diff(&was, &now);
    if !diff.is_empty() {
        let detail = "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n";
        errs.push(forbidden("spec", &[detail, &diff].concat()));
    }
    let new_size = storage(new, REQUESTS);
    let than = |size: Option<String>| quantity::compare(new_size.as_deref(), size.as_deref());
    if than(old_size) == Some(Ordering::Less)
        && than(storage(old, &["status", "capacity"])) != Some(Ordering::Greater)
    {
        errs.push(forbidden(
            "spec.resources.requests.storage",
            "field can not be less than status.capacity",
        ));
    }
    // ValidateImmutableField of the *PersistentVolumeMode.
    let mode = text(new, "volumeMode");
    if text(old, "volumeMode") != mode {
        let bad = BadValue::Json(mode.map_or("null".to_string(), json_string));
        errs.push(invalid("volumeMode", bad, "field is immutable"));
    }
    let (old_vac, new_vac) = (
        text(old, "volumeAttributesClassName"),
        text(new, "volumeAttributesClassName"),
    );
    let detail = match (old_vac, new_vac) {
        (Some(_), None) => "update from non-nil value to nil is forbidden",
        (Some(a), Some("")) if !a.is_empty() => {
            "update from non-nil value to an empty string is forbidden"
        }
        _ => return errs,
    };
    errs.push(forbidden("spec.volumeAttributesClassName", detail));
    errs
}

/// The claim's spec as the internal `core.PersistentVolumeClaimSpec`,
/// after the strategy's `NormalizeDataSources` (each data source field
/// filled from the other).
fn internal_spec(pvc: &Value) -> GoValue {
    let mut spec = pvc.get("spec").cloned().unwrap_or_default();
    if let Some(m) = spec.as_map_mut() {
        let get = |k| m.get(k).filter(|v| !v.is_null()).cloned();
        match (get("dataSource"), get("dataSourceRef")) {
            (Some(d), None) => {
                m.insert("dataSourceRef", d);
            }
            (None, Some(r))
                if r.get("namespace")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .is_empty() =>
            {
                m.insert("dataSource", r);
            }
            _ => {}
        }
    }
    build(&SPEC, Some(&spec))
}

/// An internal Go type, as far as its v1 JSON fills it.
enum T {
    /// A string type.
    Str(&'static str),
    Ptr(&'static str, &'static T),
    Slice(&'static str, &'static T),
    Map(&'static str, &'static T, &'static T),
    /// Go name, JSON name and type of each field.
    Struct(&'static str, &'static [(&'static str, &'static str, T)]),
    /// A `fmt.Stringer`: its `String()` of the JSON value.
    Shown(&'static T, fn(&Value) -> String),
    Quantity,
}

/// The Go value of type `t` that the JSON value `v` decodes to (empty
/// lists and maps nil, as stored).
fn build(t: &T, v: Option<&Value>) -> GoValue {
    let v = v.filter(|v| !v.is_null());
    match t {
        T::Str(ty) => GoValue::str(ty, v.and_then(Value::as_str).unwrap_or("")),
        T::Ptr(ty, to) => GoValue::new(ty, Kind::Ptr(v.map(|v| Box::new(build(to, Some(v)))))),
        T::Slice(ty, of) => {
            let items = v.and_then(Value::as_list).filter(|l| !l.is_empty());
            GoValue::new(
                ty,
                Kind::Slice(items.map(|l| l.iter().map(|e| build(of, Some(e))).collect())),
            )
        }
        T::Map(ty, key, of) => {
            let entries = v
                .and_then(Value::as_map)
                .filter(|m| !m.is_empty())
                .map(|m| {
                    m.iter()
                        .map(|(k, e)| {
                            (
                                build(key, Some(&Value::from(k.as_str()))),
                                build(of, Some(e)),
                            )
                        })
                        .collect()
                });
            GoValue::map(ty, entries)
        }
        T::Struct(ty, fields) => {
            let fields = fields
                .iter()
                .map(|(go, json, f)| (*go, build(f, v.and_then(|v| v.get(json)))));
            struct_of(ty, fields.collect())
        }
        T::Shown(of, show) => GoValue {
            text: v.map(show),
            ..build(of, v)
        },
        T::Quantity => {
            let text = v.map(|q| q.as_str().map_or_else(|| q.to_json(), str::to_string));
            GoValue::quantity(text.as_deref())
        }
    }
}

const STRING: T = T::Str("string");
const STR_PTR: T = T::Ptr("*string", &STRING);
/// `core.ResourceName`'s `String()` is itself.
const RESOURCE_NAME: T = T::Shown(&T::Str("core.ResourceName"), |v| {
    v.as_str().unwrap_or("").to_string()
});
const RESOURCE_LIST: T = T::Map("core.ResourceList", &RESOURCE_NAME, &T::Quantity);
const GROUP: (&str, &str, T) = ("APIGroup", "apiGroup", STR_PTR);
const KIND: (&str, &str, T) = ("Kind", "kind", STRING);
const NAME: (&str, &str, T) = ("Name", "name", STRING);
const REQUIREMENT: T = T::Struct(
    "v1.LabelSelectorRequirement",
    &[
        ("Key", "key", STRING),
        ("Operator", "operator", T::Str("v1.LabelSelectorOperator")),
        ("Values", "values", T::Slice("[]string", &STRING)),
    ],
);
const SELECTOR: T = T::Struct(
    "v1.LabelSelector",
    &[
        (
            "MatchLabels",
            "matchLabels",
            T::Map("map[string]string", &STRING, &STRING),
        ),
        (
            "MatchExpressions",
            "matchExpressions",
            T::Slice("[]v1.LabelSelectorRequirement", &REQUIREMENT),
        ),
    ],
);
/// `pkg/apis/core/types.go`'s `PersistentVolumeClaimSpec`, fields in order.
const SPEC: T = T::Struct(
    "core.PersistentVolumeClaimSpec",
    &[
        (
            "AccessModes",
            "accessModes",
            T::Slice(
                "[]core.PersistentVolumeAccessMode",
                &T::Str("core.PersistentVolumeAccessMode"),
            ),
        ),
        (
            "Selector",
            "selector",
            T::Shown(&T::Ptr("*v1.LabelSelector", &SELECTOR), selector_text),
        ),
        (
            "Resources",
            "resources",
            T::Struct(
                "core.VolumeResourceRequirements",
                &[
                    ("Limits", "limits", RESOURCE_LIST),
                    ("Requests", "requests", RESOURCE_LIST),
                ],
            ),
        ),
        ("VolumeName", "volumeName", STRING),
        ("StorageClassName", "storageClassName", STR_PTR),
        (
            "VolumeMode",
            "volumeMode",
            T::Ptr(
                "*core.PersistentVolumeMode",
                &T::Str("core.PersistentVolumeMode"),
            ),
        ),
        (
            "DataSource",
            "dataSource",
            T::Ptr(
                "*core.TypedLocalObjectReference",
                &T::Struct("core.TypedLocalObjectReference", &[GROUP, KIND, NAME]),
            ),
        ),
        (
            "DataSourceRef",
            "dataSourceRef",
            T::Ptr(
                "*core.TypedObjectReference",
                &T::Struct(
                    "core.TypedObjectReference",
                    &[GROUP, KIND, NAME, ("Namespace", "namespace", STR_PTR)],
                ),
            ),
        ),
        (
            "VolumeAttributesClassName",
            "volumeAttributesClassName",
            STR_PTR,
        ),
    ],
);

/// `(*metav1.LabelSelector).String()`, gogo-protobuf's: labels sorted,
/// `%v` of each requirement's values.
fn selector_text(sel: &Value) -> String {
    let labels = sel.get("matchLabels").and_then(Value::as_map);
    let mut keys: Vec<&String> = labels.map(|m| m.keys().collect()).unwrap_or_default();
    crate::sort::sort(&mut keys);
    let mut s = String::from("&LabelSelector{MatchLabels:map[string]string{");
    for k in keys {
        let v = labels
            .and_then(|m| m.get(k))
            .and_then(Value::as_str)
            .unwrap_or("");
        s.extend([k.as_str(), ": ", v, ","]);
    }
    s.push_str("},MatchExpressions:[]LabelSelectorRequirement{");
    for e in sel
        .get("matchExpressions")
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
    {
        let get = |k| e.get(k).and_then(Value::as_str).unwrap_or("");
        let values: Vec<&str> = e
            .get("values")
            .and_then(Value::as_list)
            .map(|l| l.iter().map(|v| v.as_str().unwrap_or("")).collect())
            .unwrap_or_default();
        s.extend([
            "LabelSelectorRequirement{Key:",
            get("key"),
            ",Operator:",
            get("operator"),
            ",Values:[",
            &values.join(" "),
            "],},",
        ]);
    }
    s.push_str("},}");
    s
}
