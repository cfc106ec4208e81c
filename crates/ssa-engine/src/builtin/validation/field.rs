//! apimachinery `pkg/util/validation/field`: one field error, printed as
//! `Error.Error()` prints it (`<path>: <type>: <value>: <detail>`), and a
//! list of them as `ErrorList.ToAggregate()` joins them (duplicates
//! dropped; one error alone, several in brackets).

use crate::value::{Value, go_quote};

/// `field.ErrorType`, with what its `String()` says.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ErrorType {
    Required,
    Forbidden,
    Invalid,
    Duplicate,
    /// `Unsupported value`; the detail lists the supported values.
    NotSupported,
    /// `Too long`, the value left out.
    TooLong,
    /// `Too many`: the count, then the limit (a custom resource's lists
    /// and maps, a container's restart rules).
    #[cfg_attr(
        not(any(feature = "crd-validation", feature = "rare-kinds")),
        allow(dead_code)
    )]
    TooMany,
    /// `field.TypeInvalid`, printed as `Invalid value` (a custom
    /// resource's type errors; unlike `Invalid`, it blocks CEL rules).
    #[cfg_attr(not(feature = "crd-validation"), allow(dead_code))]
    TypeInvalid,
    NotFound,
    /// `field.InternalError` (an admission expression whose program
    /// cannot be created; only in builds that compile them, so the
    /// page's error printing stays as it was).
    #[cfg(all(feature = "crd-validation", feature = "rare-kinds"))]
    Internal,
}

/// The bad value as `ErrorBody` prints it: strings with `%q`, numbers and
/// booleans with `%v`, anything else as `json.Marshal` writes it (since
/// Kubernetes 1.34: "Nicer value rendering in API errors").
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum BadValue {
    Str(String),
    Int(i64),
    /// Already encoded as Go's `json.Marshal` would.
    Json(String),
}

impl BadValue {
    /// A string's copy as the bad value (out of line: about seventy
    /// places would each copy the string and build the variant).
    #[inline(never)]
    pub(crate) fn str(value: &str) -> BadValue {
        BadValue::Str(value.to_string())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FieldError {
    pub path: String,
    pub kind: ErrorType,
    pub value: Option<BadValue>,
    pub detail: String,
}

// The constructors are called from a few hundred places: each generic
// one is a thin shell over one out-of-line function, so that the
// error's construction is not copied into every caller (several KB of
// the page's wasm).

pub(crate) fn required(path: impl Into<String>, detail: &str) -> FieldError {
    error(path.into(), ErrorType::Required, None, detail)
}

pub(crate) fn forbidden(path: impl Into<String>, detail: &str) -> FieldError {
    error(path.into(), ErrorType::Forbidden, None, detail)
}

pub(crate) fn invalid(path: impl Into<String>, value: BadValue, detail: &str) -> FieldError {
    error(path.into(), ErrorType::Invalid, Some(value), detail)
}

pub(crate) fn duplicate(path: impl Into<String>, value: BadValue) -> FieldError {
    error(path.into(), ErrorType::Duplicate, Some(value), "")
}

pub(crate) fn not_found(path: impl Into<String>, value: BadValue) -> FieldError {
    error(path.into(), ErrorType::NotFound, Some(value), "")
}

/// An error pushed where it is made (`errs.invalid(..)` for
/// `errs.push(invalid(..))`): one out-of-line call per place rather than
/// the constructor's and `Vec::push`'s, about two hundred places (the
/// page's wasm).
pub(crate) trait Errors {
    fn invalid(&mut self, path: impl Into<String>, value: BadValue, detail: &str);
    fn required(&mut self, path: impl Into<String>, detail: &str);
    fn forbidden(&mut self, path: impl Into<String>, detail: &str);
    fn duplicate(&mut self, path: impl Into<String>, value: BadValue);
    fn not_supported(&mut self, path: impl Into<String>, value: BadValue, valid: &[&str]);
    /// `field.Invalid` with `field.OmitValueType{}`: no value printed.
    #[cfg(feature = "rare-kinds")]
    fn invalid_omitted(&mut self, path: impl Into<String>, detail: &str);
}

impl Errors for Vec<FieldError> {
    fn invalid(&mut self, path: impl Into<String>, value: BadValue, detail: &str) {
        push(self, path.into(), ErrorType::Invalid, Some(value), detail);
    }

    fn required(&mut self, path: impl Into<String>, detail: &str) {
        push(self, path.into(), ErrorType::Required, None, detail);
    }

    fn forbidden(&mut self, path: impl Into<String>, detail: &str) {
        push(self, path.into(), ErrorType::Forbidden, None, detail);
    }

    fn duplicate(&mut self, path: impl Into<String>, value: BadValue) {
        push(self, path.into(), ErrorType::Duplicate, Some(value), "");
    }

    fn not_supported(&mut self, path: impl Into<String>, value: BadValue, valid: &[&str]) {
        push_not_supported(self, path.into(), value, valid);
    }

    #[cfg(feature = "rare-kinds")]
    fn invalid_omitted(&mut self, path: impl Into<String>, detail: &str) {
        push(self, path.into(), ErrorType::Invalid, None, detail);
    }
}

#[inline(never)]
fn push(
    errs: &mut Vec<FieldError>,
    path: String,
    kind: ErrorType,
    value: Option<BadValue>,
    detail: &str,
) {
    errs.push(error(path, kind, value, detail));
}

#[inline(never)]
fn push_not_supported(errs: &mut Vec<FieldError>, path: String, value: BadValue, valid: &[&str]) {
    errs.push(not_supported_at(path, value, valid));
}

/// `parent.key`, the path of a child field (out of line: called from
/// many places).
#[inline(never)]
pub(crate) fn child(parent: &str, key: &str) -> String {
    let mut path = String::with_capacity(parent.len() + 1 + key.len());
    path.push_str(parent);
    path.push('.');
    path.push_str(key);
    path
}

/// One `Invalid` of the string `value` at `path` per message of a format
/// check (out of line: the pattern of most of them).
#[inline(never)]
pub(crate) fn invalid_each(
    errs: &mut Vec<FieldError>,
    path: &str,
    value: &str,
    messages: Vec<String>,
) {
    for m in messages {
        errs.invalid(path, BadValue::str(value), &m);
    }
}

/// `path[i]`, the path of a list's item (out of line).
#[inline(never)]
pub(crate) fn index(path: &str, i: usize) -> String {
    format!("{path}[{i}]")
}

#[inline(never)]
fn error(path: String, kind: ErrorType, value: Option<BadValue>, detail: &str) -> FieldError {
    FieldError {
        path,
        kind,
        value,
        detail: detail.to_string(),
    }
}

/// A value of a named string type (`core.Protocol`, `core.ServiceType`...):
/// `ErrorBody`'s `case string` does not match it, so `json.Marshal`
/// prints it.
pub(crate) fn named(value: &str) -> BadValue {
    BadValue::Json(json_string(value))
}

/// `field.TooLong` with a limit in bytes.
pub(crate) fn too_long(path: &str, max_bytes: usize) -> FieldError {
    let unit = if max_bytes == 1 { "byte" } else { "bytes" };
    FieldError {
        path: path.to_string(),
        kind: ErrorType::TooLong,
        value: None,
        detail: format!("may not be more than {max_bytes} {unit}"),
    }
}

/// `field.Invalid` with `field.OmitValueType{}`: no value printed.
#[cfg(feature = "crd-validation")]
pub(crate) fn invalid_omitted(path: impl Into<String>, detail: &str) -> FieldError {
    error(path.into(), ErrorType::Invalid, None, detail)
}

/// `field.Duplicate` with `field.OmitValueType{}`: `Duplicate value`.
#[cfg(feature = "crd-validation")]
pub(crate) fn duplicate_omitted(path: impl Into<String>) -> FieldError {
    error(path.into(), ErrorType::Duplicate, None, "")
}

/// `field.TypeInvalid`.
#[cfg(feature = "crd-validation")]
pub(crate) fn type_invalid(path: impl Into<String>, value: BadValue, detail: &str) -> FieldError {
    error(path.into(), ErrorType::TypeInvalid, Some(value), detail)
}

#[cfg(feature = "crd-validation")]
impl FieldError {
    /// Whether the error keeps a custom resource's CEL rules from running
    /// (apiextensions' `hasBlockingErr`).
    pub(crate) fn blocks_rules(&self) -> bool {
        matches!(
            self.kind,
            ErrorType::NotSupported
                | ErrorType::Required
                | ErrorType::TooLong
                | ErrorType::TooMany
                | ErrorType::TypeInvalid
        )
    }
}

/// `field.TooMany`: `Too many: 4: must have at most 3 items`.
#[cfg(any(feature = "crd-validation", feature = "rare-kinds"))]
pub(crate) fn too_many(path: &str, actual: usize, max: i64) -> FieldError {
    let unit = if max == 1 { "item" } else { "items" };
    FieldError {
        path: path.to_string(),
        kind: ErrorType::TooMany,
        value: Some(BadValue::Int(actual as i64)),
        detail: format!("must have at most {max} {unit}"),
    }
}

/// `field.NotSupported`: `supported values: "a", "b"`.
pub(crate) fn not_supported(
    path: impl Into<String>,
    value: BadValue,
    valid: &[&str],
) -> FieldError {
    not_supported_at(path.into(), value, valid)
}

#[inline(never)]
fn not_supported_at(path: String, value: BadValue, valid: &[&str]) -> FieldError {
    let quoted: Vec<String> = valid.iter().map(|v| go_quote(v)).collect();
    let detail = format!("supported values: {}", quoted.join(", "));
    error(path, ErrorType::NotSupported, Some(value), &detail)
}

impl FieldError {
    /// `Error.ErrorBody()`.
    fn body(&self) -> String {
        let kind = match self.kind {
            ErrorType::Required => "Required value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::NotFound => "Not found",
            #[cfg(all(feature = "crd-validation", feature = "rare-kinds"))]
            ErrorType::Internal => "Internal error",
        };
        let mut s = match &self.value {
            None => kind.to_string(),
            Some(BadValue::Str(v)) => format!("{kind}: {}", go_quote(v)),
            Some(BadValue::Int(v)) => format!("{kind}: {v}"),
            Some(BadValue::Json(v)) => format!("{kind}: {v}"),
        };
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.body())
    }
}

/// `errors.NewInvalid(qualifiedKind, name, errs).Error()`:
/// `Deployment.apps "web" is invalid: <aggregate>`; `None` for no errors.
pub(crate) fn invalid_message(
    group_kind: &str,
    name: &str,
    errors: &[FieldError],
) -> Option<String> {
    let mut messages: Vec<String> = Vec::new();
    for e in errors {
        let m = e.to_string();
        if !messages.contains(&m) {
            messages.push(m);
        }
    }
    let aggregate = match messages.as_slice() {
        [] => return None,
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    };
    Some(format!(
        "{group_kind} {} is invalid: {aggregate}",
        go_quote(name)
    ))
}

/// `ValidateNonnegativeField` for each of `keys` under `path`.
pub(crate) fn non_negative(spec: Option<&Value>, path: &str, keys: &[&str]) -> Vec<FieldError> {
    keys.iter()
        .filter_map(|key| {
            let n = spec?.get(key)?.as_i64()?;
            (n < 0).then(|| {
                invalid(
                    child(path, key),
                    BadValue::Int(n),
                    "must be greater than or equal to 0",
                )
            })
        })
        .collect()
}

/// Go's `json.Marshal` of a `map[string]string` (keys sorted; `null` when
/// absent).
pub(crate) fn json_string_map(m: Option<&Value>) -> String {
    m.filter(|m| m.as_map().is_some())
        .map_or_else(|| "null".to_string(), Value::to_json_sorted)
}

/// Go's `json.Marshal` of a `*metav1.LabelSelector`: fields in struct
/// order, both `omitempty` (the internal types' table has the struct).
pub(crate) fn json_label_selector(selector: Option<&Value>) -> String {
    super::internal_json::pointer_to("LabelSelector", selector)
}

/// A JSON string as Go's `encoding/json` writes it (HTML characters
/// escaped).
pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    crate::value::write_json_string(s, &mut out);
    out
}
