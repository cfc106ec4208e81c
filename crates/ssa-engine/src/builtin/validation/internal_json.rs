//! A pod template as the API server prints it in a validation error:
//! Go's `json.Marshal` of the INTERNAL `*core.PodTemplateSpec`
//! (k8s.io/kubernetes `pkg/apis/core`) that the v1 template converts to.
//!
//! Since Kubernetes 1.34 a field error prints a bad value that is not a
//! string, number or bool with `json.Marshal` (apimachinery
//! `field.Error.ErrorBody`). The validation of a Job's update hands it the
//! whole template (`validatePodTemplateUpdate`: `spec.template: Invalid
//! value: {...}: field is immutable`), a struct of the internal types,
//! whose fields have no json tags: each is printed under its Go name, in
//! declaration order, with its zero value when unset (`null` for a nil
//! pointer, slice or map, `""`, `0`, `false`, a nested struct in full); an
//! embedded struct without a tag is printed inline, so the template's
//! `metav1.ObjectMeta` fields stand at its top level, under their own json
//! names and `omitempty` (`{"labels":{...},"Spec":{...}}`; a zero
//! `creationTimestamp` is left out since 1.34, `omitzero`). Map keys are
//! sorted and strings HTML-escaped, as encoding/json does; quantities
//! (canonical strings, as the engine stores them), IntOrString (a number
//! or a string) and times print as the v1 object has them.
//!
//! The structs, their fields and the v1 key each is converted from come
//! from the catalogue's `internalTypes` table (`tools/internal-types`),
//! which also carries the hand-written conversions
//! (`pkg/apis/core/v1/conversion.go`): `hostNetwork`, `hostPID`,
//! `hostIPC`, `shareProcessNamespace` and `hostUsers` move into an
//! always-present `SecurityContext`, `serviceAccount` is only the fallback
//! of `ServiceAccountName`, and the template loses the init-container
//! annotations (`dropInitContainerAnnotations`).
//!
//! Fallbacks: without the table (a page that could not fetch the
//! catalogue) the v1 template is printed as JSON as it is; a value of an
//! unexpected shape (a string where the struct wants a number or an
//! object) is printed as it is. The input is the template as the engine
//! stores it, which has already lost what encoding/json leaves out of the
//! v1 object (`omitempty`): an empty list the client sent (`args: []`),
//! which the server would hold as an empty slice and print as `[]`, is
//! printed `null` here.

use crate::value::{Map, Value};

/// The annotations `dropInitContainerAnnotations` removes.
#[cfg(feature = "rare-kinds")]
const INIT_CONTAINER_ANNOTATIONS: [&str; 4] = [
    "pod.beta.kubernetes.io/init-containers",
    "pod.alpha.kubernetes.io/init-containers",
    "pod.beta.kubernetes.io/init-container-statuses",
    "pod.alpha.kubernetes.io/init-container-statuses",
];

/// `json.Marshal` of the internal PodTemplateSpec the v1 `template`
/// (defaulted, as stored) converts to; the v1 JSON without the catalogue.
/// A Job's immutable template prints it (`rare-kinds`).
#[cfg(feature = "rare-kinds")]
pub(super) fn pod_template_spec(template: &Value) -> String {
    let Some(types) = table() else {
        return template.to_json();
    };
    let mut template = template.clone();
    if let Some(Value::Map(annotations)) = template
        .child_map_mut("metadata")
        .and_then(|m| m.get_mut("annotations"))
    {
        for key in INIT_CONTAINER_ANNOTATIONS {
            annotations.remove(key);
        }
    }
    let mut printer = Printer {
        types,
        out: String::new(),
    };
    printer.write_struct(0, template.as_map(), None);
    printer.out
}

/// `json.Marshal` of a pointer to the table's struct `name` (a
/// `*metav1.LabelSelector`): `null` when unset; the value as it is
/// without the table.
pub(super) fn pointer_to(name: &str, value: Option<&Value>) -> String {
    pointer_in(table().unwrap_or_default(), name, value)
}

/// `json.Marshal` of a slice of the table's struct `name` (a
/// ResourceSlice's `[]core.NodeSelectorTerm`): `null` when unset.
#[cfg(feature = "rare-kinds")]
pub(super) fn slice_of(name: &str, list: Option<&Value>) -> String {
    let Some(items) = list.and_then(Value::as_list) else {
        return "null".to_string();
    };
    let printed: Vec<String> = items.iter().map(|i| pointer_to(name, Some(i))).collect();
    format!("[{}]", printed.join(","))
}

// The tables of the internal batch, flowcontrol, apiextensions, storage and
// resource structs (`BATCH_TYPES`, `FLOWCONTROL_TYPES`,
// `APIEXTENSIONS_TYPES`, `STORAGE_TYPES`, `RESOURCE_TYPES`), generated from
// the Go sources by `tools/internal-types/small_tables.py`.
include!("internal_json/tables.rs");

/// `json.Marshal` of a pointer to the internal batch struct `name`
/// (`PodFailurePolicy`, `SuccessPolicy`) that the v1 `value` converts to.
#[cfg(feature = "rare-kinds")]
pub(super) fn batch_pointer_to(name: &str, value: Option<&Value>) -> String {
    let types = crate::json::from_str(BATCH_TYPES).unwrap_or(Value::Null);
    pointer_in(types.as_list().map_or(&[], Vec::as_slice), name, value)
}

/// `json.Marshal` of the internal flowcontrol struct `name` (a value, not
/// a pointer: unset is the zero struct) that the v1 `value` converts to.
#[cfg(feature = "rare-kinds")]
pub(super) fn flowcontrol_struct(name: &str, value: Option<&Value>) -> String {
    let types = crate::json::from_str(FLOWCONTROL_TYPES).unwrap_or(Value::Null);
    let zero = Value::Map(Map::new());
    let value = value.filter(|v| !v.is_null()).unwrap_or(&zero);
    pointer_in(
        types.as_list().map_or(&[], Vec::as_slice),
        name,
        Some(value),
    )
}

/// `json.Marshal` of the internal `[]CustomResourceDefinitionVersion`
/// the v1 `versions` convert to.
#[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
pub(super) fn crd_versions(versions: &[Value]) -> String {
    let types = crate::json::from_str(APIEXTENSIONS_TYPES).unwrap_or(Value::Null);
    let types = types.as_list().map_or(&[][..], Vec::as_slice);
    let printed: Vec<String> = versions
        .iter()
        .map(|v| pointer_in(types, "CustomResourceDefinitionVersion", Some(v)))
        .collect();
    format!("[{}]", printed.join(","))
}

/// `json.Marshal` of the internal storage struct `name` (a value, not a
/// pointer: unset is the zero struct) that the v1 `value` converts to,
/// from the catalogue's table and `STORAGE_TYPES` together (without the
/// catalogue, a pod volume's source struct prints as `{}`).
#[cfg(feature = "rare-kinds")]
pub(super) fn storage_struct(name: &str, value: Option<&Value>) -> String {
    named_struct(STORAGE_TYPES, name, value)
}

/// `json.Marshal` of the internal resource.k8s.io struct `name`
/// (`ResourceClaimSpec`, `ResourceClaimTemplateSpec`, `AllocationResult`;
/// unset is the zero struct) that the v1 `value` converts to, from the
/// catalogue's table and `RESOURCE_TYPES` together (without the
/// catalogue, a node selector prints as `{}` and a template's metadata
/// not at all).
#[cfg(feature = "rare-kinds")]
pub(super) fn resource_struct(name: &str, value: Option<&Value>) -> String {
    named_struct(RESOURCE_TYPES, name, value)
}

/// Struct `name` (a value: unset is the zero struct) of the named table
/// `named` appended to the catalogue's.
#[cfg(feature = "rare-kinds")]
fn named_struct(named: &str, name: &str, value: Option<&Value>) -> String {
    let mut types = table().map(<[Value]>::to_vec).unwrap_or_default();
    if let Ok(Value::List(own)) = crate::json::from_str(named) {
        types.extend(own);
    }
    let zero = Value::Map(Map::new());
    let value = value.filter(|v| !v.is_null()).unwrap_or(&zero);
    pointer_in(&types, name, Some(value))
}

/// `json.Marshal` of a pointer to struct `name` of `types`.
fn pointer_in(types: &[Value], name: &str, value: Option<&Value>) -> String {
    match (value.filter(|v| !v.is_null()), position(types, name)) {
        (None, _) => "null".to_string(),
        (Some(value), Some(index)) => {
            let mut printer = Printer {
                types,
                out: String::new(),
            };
            printer.write_struct(index, value.as_map(), None);
            printer.out
        }
        (Some(value), None) => value.to_json(),
    }
}

/// The index of struct `name` in `types`.
fn position(types: &[Value], name: &str) -> Option<usize> {
    types.iter().position(|ty| {
        ty.as_list()
            .and_then(|fields| fields.first())
            .and_then(Value::as_str)
            == Some(name)
    })
}

/// The catalogue's `internalTypes.types`.
fn table() -> Option<&'static [Value]> {
    super::super::catalogue()
        .and_then(|c| c.internal_types.as_ref()?.get("types")?.as_list())
        .map(Vec::as_slice)
}

/// Prints by the table (`internalTypes.types`; the format is described in
/// `tools/internal-types/generate.py`), read as it goes: it is only
/// consulted for an error message, and walking the catalogue's values is
/// the smallest code. A field that does not read is skipped (a test reads
/// the whole table).
struct Printer<'a> {
    types: &'a [Value],
    out: String,
}

impl Printer<'_> {
    /// The struct a type code refers to: its number, or its name (a table
    /// of named structs, `STORAGE_TYPES`); none (`usize::MAX`) when neither.
    fn index(&self, reference: &str) -> usize {
        reference
            .parse()
            .ok()
            .or_else(|| position(self.types, reference))
            .unwrap_or(usize::MAX)
    }

    /// Struct `index` of the v1 object `object` (`None`: unset), whose
    /// holder is `parent`.
    fn write_struct(&mut self, index: usize, object: Option<&Map>, parent: Option<&Map>) {
        self.out.push('{');
        self.write_fields(index, object, parent);
        self.out.push('}');
    }

    /// The fields of struct `index` (a value never ends with `{`: one
    /// that does is the struct's first).
    fn write_fields(&mut self, index: usize, object: Option<&Map>, parent: Option<&Map>) {
        let types = self.types;
        let Some(fields) = types.get(index).and_then(Value::as_list) else {
            return;
        };
        for field in fields.iter().skip(1) {
            let Some(field) = field.as_list() else {
                continue;
            };
            let text = |i: usize| field.get(i).and_then(Value::as_str).unwrap_or("");
            let (key, ty) = (text(0), text(1));
            if let Some(inner) = ty.strip_prefix('~') {
                // Inline: the struct's fields in place, from the v1 object
                // itself (`.`) or from its field `key`.
                let inner = self.index(inner);
                match key {
                    "." => self.write_fields(inner, object, parent),
                    key => {
                        self.write_fields(inner, get(object, key).and_then(Value::as_map), object)
                    }
                }
                continue;
            }
            // The first source that is a non-empty string, or the last;
            // none: the key with its first letter lower-cased.
            let mut value = None;
            let sources = field.get(2..).unwrap_or_default();
            for source in sources.iter().filter_map(Value::as_str) {
                if value.and_then(Value::as_str).is_none_or(str::is_empty) {
                    value = match source.strip_prefix('^') {
                        Some(source) => get(parent, source),
                        None => get(object, source),
                    }
                    .or(value);
                }
            }
            if sources.is_empty() {
                let mut lowered = key.to_string();
                if let Some(first) = lowered.get_mut(..1) {
                    first.make_ascii_lowercase();
                }
                value = get(object, &lowered);
            }
            let ty = match ty.strip_prefix('?') {
                Some(ty) if is_empty(value, ty) => continue,
                Some(ty) => ty,
                None => ty,
            };
            if !self.out.ends_with('{') {
                self.out.push(',');
            }
            self.out.push('"');
            self.out.push_str(key);
            self.out.push_str("\":");
            self.write_value(ty, value, object);
        }
    }

    /// A value of type code `ty` held by the v1 object `holder`.
    fn write_value(&mut self, ty: &str, value: Option<&Value>, holder: Option<&Map>) {
        let out = &mut self.out;
        let value = value.filter(|v| !v.is_null());
        let rest = ty.get(1..).unwrap_or("");
        match (ty.as_bytes().first(), value) {
            (Some(b'@'), None | Some(Value::Map(_))) => {
                let index = self.index(rest);
                self.write_struct(index, value.and_then(Value::as_map), holder);
            }
            (Some(b'*'), Some(_)) => self.write_value(rest, value, holder),
            (Some(b'['), Some(Value::List(items))) => {
                out.push('[');
                for item in items {
                    if !self.out.ends_with('[') {
                        self.out.push(',');
                    }
                    self.write_value(rest, Some(item), holder);
                }
                self.out.push(']');
            }
            // The zero values of a string, a number, a bool and a Quantity;
            // IntOrString is the number 0.
            (Some(b's'), None) => out.push_str("\"\""),
            (Some(b'i' | b'n'), None) => out.push('0'),
            (Some(b'b'), None) => out.push_str("false"),
            (Some(b'q'), None) => out.push_str("\"0\""),
            // A nil pointer, slice or map, a zero Time, no raw JSON.
            (_, None) => out.push_str("null"),
            // Strings, numbers, booleans, times, raw JSON and quantities as
            // stored (the engine stores a quantity as Go prints it), a map
            // with its keys sorted (as encoding/json writes one), and
            // anything of another shape than the struct's as it is.
            (_, Some(v)) => out.push_str(&v.to_json_sorted()),
        }
    }
}

/// `map[key]`, one call for every look-up: inlined, each was a copy of the
/// hashing and probing.
#[inline(never)]
fn get<'a>(map: Option<&'a Map>, key: &str) -> Option<&'a Value> {
    map?.get(key)
}

/// What `omitempty` leaves out (and `omitzero` of a metav1.Time, which is
/// zero when unset): nil, `""`, `0`, `false`, an empty slice or map.
fn is_empty(value: Option<&Value>, ty: &str) -> bool {
    match (ty.as_bytes().first(), value) {
        (_, None | Some(Value::Null)) => true,
        (Some(b's'), Some(Value::String(s))) => s.is_empty(),
        (Some(b'i'), Some(Value::Int(i))) => *i == 0,
        (Some(b'b'), Some(Value::Bool(b))) => !b,
        (Some(b'['), Some(Value::List(l))) => l.is_empty(),
        (Some(b'{'), Some(Value::Map(m))) => m.is_empty(),
        _ => false,
    }
}

// The tests print Job templates.
#[cfg(all(test, feature = "rare-kinds"))]
mod tests;
