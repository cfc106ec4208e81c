//! `pkg/apis/storage/validation/validation.go` for a StorageClass: the
//! strategy runs `ValidateStorageClass` (a provisioner that is a
//! qualified name, the parameters' keys and size, the policies' values),
//! and on update `ValidateStorageClassUpdate` after it, the refusal a
//! class's users meet most (a chart or a GitOps tool changing a class in
//! place): its parameters, provisioner and reclaim policy may not change,
//! and its volume binding mode is immutable; its allowed topologies
//! (`validateAllowedTopologies`). Not modelled: the other storage kinds.

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each, named, too_long};
use super::{items, names, text};
use crate::value::Value;
use std::collections::{BTreeMap, BTreeSet};

/// `ValidateStorageClass`, in upstream's order.
fn storage_class_create(new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    // validateProvisioner: the lower-cased name is what is checked and
    // printed. ASCII only (Go's `strings.ToLower` is Unicode's, whose
    // tables would cost the page 10 KB): a name with other letters is
    // refused either way, but printed with them as written.
    let provisioner = text(new, "provisioner").to_ascii_lowercase();
    if provisioner.is_empty() {
        errs.required("provisioner", "");
    } else {
        let messages = names::label_key(&provisioner);
        invalid_each(&mut errs, "provisioner", &provisioner, messages);
    }
    // validateParameters: at most 512 of them, no empty key, 256 KiB in
    // all.
    if let Some(params) = new.get("parameters").and_then(Value::as_map) {
        if params.len() > 512 {
            errs.push(too_long("parameters", 512));
        } else {
            if params.contains_key("") {
                errs.invalid("parameters", BadValue::str(""), "field can not be empty.");
            }
            let size: usize = params
                .iter()
                .map(|(k, v)| k.len() + v.as_str().map_or(0, str::len))
                .sum();
            if size > 256 * 1024 {
                errs.push(too_long("parameters", 256 * 1024));
            }
        }
    }
    // validateReclaimPolicy, validateVolumeBindingMode (both defaulted).
    for (key, valid) in [
        ("reclaimPolicy", ["Delete", "Retain"]),
        ("volumeBindingMode", ["Immediate", "WaitForFirstConsumer"]),
    ] {
        match new.get(key).and_then(Value::as_str) {
            None if key == "volumeBindingMode" => errs.required(key, ""),
            Some(value) if !value.is_empty() && !valid.contains(&value) => {
                errs.not_supported(key, named(value), &valid);
            }
            _ => {}
        }
    }
    allowed_topologies(&mut errs, items(new.get("allowedTopologies")));
    errs
}

/// A topology term as upstream compares terms: each key's set of values.
type Term<'a> = BTreeMap<&'a str, BTreeSet<&'a str>>;

/// `validateAllowedTopologies`: each term by `ValidateTopologySelectorTerm`
/// (core/validation), then a `Duplicate` for each earlier term alike.
/// Upstream's list of earlier terms starts with as many nil maps as there
/// are terms (`make` with a length, then `append`), and
/// `Semantic.DeepEqual` holds an empty map equal to a nil one: a term
/// without expressions is a duplicate of each of them too.
fn allowed_topologies(errs: &mut Vec<FieldError>, terms: &[Value]) {
    let mut seen: Vec<Term> = vec![Term::new(); terms.len()];
    for (i, term) in terms.iter().enumerate() {
        let at = index("allowedTopologies", i);
        let expressions = child(&at, "matchLabelExpressions");
        let mut this = Term::new();
        for (j, requirement) in items(term.get("matchLabelExpressions")).iter().enumerate() {
            // validateTopologySelectorLabelRequirement: values, unique;
            // the key a label name (`ValidateLabelName`); then the term's
            // check that no key repeats.
            let at = index(&expressions, j);
            let values_path = child(&at, "values");
            let values = items(requirement.get("values"));
            if values.is_empty() {
                errs.required(values_path.as_str(), "");
            }
            let mut set = BTreeSet::new();
            for (k, value) in values.iter().enumerate() {
                let value = value.as_str().unwrap_or("");
                if !set.insert(value) {
                    errs.duplicate(index(&values_path, k), BadValue::str(value));
                }
            }
            let key = text(requirement, "key");
            let key_path = child(&at, "key");
            invalid_each(errs, &key_path, key, names::label_key(key));
            if this.insert(key, set).is_some() {
                errs.duplicate(key_path, BadValue::str(key));
            }
        }
        for _ in seen.iter().filter(|earlier| **earlier == this) {
            errs.duplicate(expressions.as_str(), BadValue::str(""));
        }
        seen.push(this);
    }
}

/// `ValidateStorageClass`, then on update `ValidateStorageClassUpdate`.
pub(super) fn storage_class(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let mut errs = storage_class_create(new);
    let Some(old) = old else {
        return errs;
    };
    // `reflect.DeepEqual` of the parameters and `!=` of the strings (the
    // policies are defaulted, so both are set).
    for key in ["parameters", "provisioner", "reclaimPolicy"] {
        if new.get(key) != old.get(key) {
            errs.forbidden(key, &format!("updates to {key} are forbidden."));
        }
    }
    // ValidateImmutableField: the new mode, a named string type (printed
    // by `json.Marshal`).
    let mode = text(new, "volumeBindingMode");
    if mode != text(old, "volumeBindingMode") {
        errs.invalid("volumeBindingMode", named(mode), "field is immutable");
    }
    errs
}
