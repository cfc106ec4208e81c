//! PersistentVolumeClaims in `pkg/apis/core/validation/validation.go`:
//! `ValidatePersistentVolumeClaimSpec` (the strategy's `Validate` and
//! `ValidateUpdate` both call it), then `ValidatePersistentVolumeClaimUpdate`:
//! the spec is immutable but for the storage request of a bound claim (and
//! `volumeName` once, `storageClassName` from nil). Not modelled: the
//! go-cmp diff of the internal specs upstream appends to that message (a
//! model of go-cmp's report is on the `gocmp-pvc` branch; it did not fit
//! the page's size budget), and an update's leave to keep the label
//! values its stored selector already broke (they are refused).

use super::field::{BadValue, Errors, FieldError, child, invalid_each, json_string, named};
use super::{equality, meta, names};
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
    let mut errs = spec(new, old);
    if let Some(old) = old {
        errs.extend(update(old, new));
    }
    errs
}

/// A field of the claim's spec (`null` is unset).
fn field<'a>(pvc: &'a Value, key: &str) -> Option<&'a Value> {
    super::at(pvc.get("spec"), key)
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
fn spec(pvc: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let selector = meta::label_selector(field(pvc, "selector"), "spec.selector");
    access_modes(
        &mut errs,
        pvc.get("spec"),
        "spec",
        "at least 1 access mode is required",
        selector,
    );
    let at = "spec.resources[storage]";
    match storage(pvc, REQUESTS) {
        None => errs.required(at, ""),
        // ValidatePositiveQuantityValue.
        Some(q) if quantity::compare(Some(&q), None) != Some(Ordering::Greater) => {
            errs.invalid(at, BadValue::Str(q), "must be greater than zero");
        }
        Some(_) => {}
    }
    for key in [
        "storageClassName",
        "volumeMode",
        "dataSource",
        "volumeAttributesClassName",
    ] {
        if key == "dataSource" {
            // ValidationOptionsForPersistentVolumeClaim: API groups the
            // stored claim's data sources already had are not checked.
            let grouped = |pvc: &Value| {
                ["dataSource", "dataSourceRef"].iter().any(|k| {
                    field(pvc, k)
                        .and_then(|s| s.get("apiGroup"))
                        .is_some_and(|g| !g.is_null())
                })
            };
            data_sources(&mut errs, pvc, old.is_some_and(grouped));
            continue;
        }
        let Some(name) = text(pvc, key).filter(|n| !n.is_empty()) else {
            continue;
        };
        if key == "volumeMode" {
            if !["Block", "Filesystem"].contains(&name) {
                let bad = named(name);
                errs.not_supported("spec.volumeMode", bad, &["Block", "Filesystem"]);
            }
            continue;
        }
        // ValidateClassName.
        for m in names::dns1123_subdomain(name) {
            errs.invalid(["spec.", key].concat(), BadValue::str(name), &m);
        }
    }
    errs
}

/// `validateDataSource` and `validateDataSourceRef` (a name and a kind;
/// without an API group only a claim; the group a DNS subdomain unless
/// `any_group`; a reference's namespace a DNS label), then their
/// agreement. The bad value of the last two errors is a `*field.Path`,
/// which encoding/json prints `{}` (no exported fields).
fn data_sources(errs: &mut Vec<FieldError>, pvc: &Value, any_group: bool) {
    let (source, reference) = (field(pvc, "dataSource"), field(pvc, "dataSourceRef"));
    let string = super::text;
    for (key, s) in [
        ("spec.dataSource", source),
        ("spec.dataSourceRef", reference),
    ] {
        let Some(s) = s else {
            continue;
        };
        for k in ["name", "kind"] {
            if string(s, k).is_empty() {
                errs.required(child(key, k), "");
            }
        }
        let (group, kind) = (string(s, "apiGroup"), string(s, "kind"));
        if group.is_empty() && kind != "PersistentVolumeClaim" {
            errs.invalid(
                key,
                BadValue::str(kind),
                "must be 'PersistentVolumeClaim' when referencing the default apiGroup",
            );
        }
        if !group.is_empty() && !any_group {
            invalid_each(
                errs,
                &child(key, "apiGroup"),
                group,
                names::dns1123_subdomain(group),
            );
        }
        let namespace = string(s, "namespace");
        if !namespace.is_empty() {
            let at = child(key, "namespace");
            invalid_each(errs, &at, namespace, names::dns1123_label(namespace));
        }
    }
    let detail = match (source, reference) {
        (Some(_), Some(r)) if !string(r, "namespace").is_empty() => {
            "may not be specified when dataSourceRef.namespace is specified"
        }
        (Some(s), Some(r))
            if ["name", "kind"]
                .iter()
                .any(|k| string(s, k) != string(r, k))
                || s.get("apiGroup").filter(|g| !g.is_null())
                    != r.get("apiGroup").filter(|g| !g.is_null()) =>
        {
            "must match dataSourceRef"
        }
        _ => return,
    };
    errs.invalid("spec", BadValue::Json("{}".to_string()), detail);
}

/// The `accessModes` of a claim's or a volume's `spec` (at `path`): some
/// (`missing` says what when none; a claim's label selector's errors come
/// next), each supported, ReadWriteOncePod alone.
pub(super) fn access_modes(
    errs: &mut Vec<FieldError>,
    spec: Option<&Value>,
    path: &str,
    missing: &str,
    selector: Vec<FieldError>,
) {
    let modes: Vec<&str> = super::at(spec, "accessModes")
        .and_then(Value::as_list)
        .map(|l| l.iter().map(|m| m.as_str().unwrap_or("")).collect())
        .unwrap_or_default();
    let at = child(path, "accessModes");
    if modes.is_empty() {
        errs.required(at.as_str(), missing);
    }
    errs.extend(selector);
    let (mut once_pod, mut other) = (false, false);
    for mode in modes {
        if !ACCESS_MODES.contains(&mode) {
            let bad = named(mode);
            errs.not_supported(at.as_str(), bad, &ACCESS_MODES);
        } else if mode == "ReadWriteOncePod" {
            once_pod = true;
        } else {
            other = true;
        }
    }
    if once_pod && other {
        errs.forbidden(at, "may not use ReadWriteOncePod with other access modes");
    }
}

/// `ValidatePersistentVolumeClaimUpdate` after `ValidatePersistentVolumeClaim`
/// (RecoverVolumeExpansionFailure and VolumeAttributesClass on, as in
/// 1.36). The specs are compared as `apiequality.Semantic.DeepEqual`
/// compares the internal structs (after the strategy's
/// `NormalizeDataSources`), but the go-cmp diff upstream appends to the
/// message is not printed.
fn update(old: &Value, new: &Value) -> Vec<FieldError> {
    // The spec's maps are Go maps, but for its one struct pointer.
    let unset = |key: &str| key != "selector";
    let mut errs = Vec::new();
    let (mut was, mut now) = (internal_spec(old), internal_spec(new));
    // volumeName may be set once.
    if text(old, "volumeName").unwrap_or("").is_empty() {
        set(&mut was, "volumeName", field(new, "volumeName").cloned());
    }
    let annotation = |o: &'_ Value| {
        o.get_path(&["metadata", "annotations", BETA_CLASS])
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let (old_ann, new_ann) = (annotation(old), annotation(new));
    let (old_class, new_class) = (text(old, "storageClassName"), text(new, "storageClassName"));
    // validateStorageClassUpgradeFromAnnotation, else FromNil: a class set
    // where there was none (or only the annotation) is no change.
    let from_annotation = old_ann.is_some()
        && old_class.is_none()
        && new_class == old_ann.as_deref()
        && new_ann.as_ref().is_none_or(|a| Some(a) == old_ann.as_ref());
    if !from_annotation && old_ann.as_deref().unwrap_or("") != new_ann.as_deref().unwrap_or("") {
        errs.invalid(
            ["metadata.annotations.", BETA_CLASS].concat(),
            BadValue::Str(new_ann.clone().unwrap_or_default()),
            "field is immutable",
        );
    }
    if from_annotation
        || (new_class.is_some()
            && old_class.is_none()
            && old_ann.as_deref().is_none_or(|a| new_class == Some(a)))
    {
        set(&mut now, "storageClassName", None);
    }
    // A bound claim's storage request may change.
    let old_size = storage(old, REQUESTS);
    let bound = new.get_path(&["status", "phase"]).and_then(Value::as_str) == Some("Bound");
    if bound
        && let Some(requests) = now
            .as_map_mut()
            .and_then(|m| m.child_map_mut("resources"))
            .and_then(|r| r.child_map_mut("requests"))
    {
        match &old_size {
            Some(size) => {
                requests.insert("storage", Value::from(size.as_str()));
            }
            None => {
                requests.remove("storage");
            }
        }
    }
    set(
        &mut now,
        "volumeAttributesClassName",
        field(old, "volumeAttributesClassName").cloned(),
    );
    if equality::semantic(was, unset) != equality::semantic(now, unset) {
        errs.forbidden(
            "spec",
            "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims",
        );
    }
    let new_size = storage(new, REQUESTS);
    let than = |size: Option<String>| quantity::compare(new_size.as_deref(), size.as_deref());
    if than(old_size) == Some(Ordering::Less)
        && than(storage(old, &["status", "capacity"])) != Some(Ordering::Greater)
    {
        errs.forbidden(
            "spec.resources.requests.storage",
            "field can not be less than status.capacity",
        );
    }
    immutable_volume_mode(&mut errs, old, new);
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
    errs.forbidden("spec.volumeAttributesClassName", detail);
    errs
}

/// `ValidateImmutableField` of a claim's or a volume's
/// `*PersistentVolumeMode`, at `volumeMode` (sic: upstream's path has no
/// `spec`).
pub(super) fn immutable_volume_mode(errs: &mut Vec<FieldError>, old: &Value, new: &Value) {
    let mode = text(new, "volumeMode");
    if text(old, "volumeMode") != mode {
        let bad = BadValue::Json(mode.map_or("null".to_string(), json_string));
        errs.invalid("volumeMode", bad, "field is immutable");
    }
}

/// Sets (or, with `None`, unsets) a field of a spec.
fn set(spec: &mut Value, key: &str, to: Option<Value>) {
    if let Some(m) = spec.as_map_mut() {
        match to {
            Some(v) => {
                m.insert(key, v);
            }
            None => {
                m.remove(key);
            }
        }
    }
}

/// The claim's spec after the strategy's `NormalizeDataSources` (each
/// data source field filled from the other).
fn internal_spec(pvc: &Value) -> Value {
    let mut spec = pvc
        .get("spec")
        .cloned()
        .unwrap_or(Value::Map(Default::default()));
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
    spec
}
