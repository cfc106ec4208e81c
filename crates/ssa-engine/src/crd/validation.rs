//! A custom resource's validation, as apiextensions-apiserver refuses a
//! write with 422: the strategy (`pkg/registry/customresource/strategy.go`)
//! runs the validator (`validator.go`: the metadata, the OpenAPI schema, the
//! scale subresource's replicas), then the embedded resources
//! (`schema/objectmeta`), then the list-type invariants (`schema/listtype`).
//!
//! The schema check follows kube-openapi's `pkg/validation/validate`, the
//! validator apiextensions uses, with its messages (`errors/schema.go`), and
//! `kubeOpenAPIResultToFieldErrors` (`apiserver/validation/validation.go`)
//! turning them into field errors. Per value, kube-openapi's validators run
//! in `NewSchemaValidator`'s order: type, the junctors (`anyOf`, `oneOf`,
//! `allOf`, `not`), string (`maxLength`, `minLength`, `pattern`: the first
//! failure only), the string's format, number (the value's range for its
//! format, `multipleOf`, `minimum`, `maximum`), array (items first, then
//! `minItems`, `maxItems`), `enum`, object (`minProperties`,
//! `maxProperties`, the values of `additionalProperties`, the properties,
//! then `required`). Upstream walks a Go map of properties (no fixed
//! order); here they come in the schema's order.
//!
//! An update is ratcheted (`CRDValidationRatcheting`, GA in 1.33): the
//! errors found at a value that the update leaves as it was, correlated
//! with the old object as `common.CorrelatedObject` does (by key; list
//! items by index, by their keys in a map list, not at all in a set or an
//! atomic list), are dropped.
//!
//! After the schema: the scale subresource's paths, the embedded
//! resources, the list types and the CEL rules (`x-kubernetes-validations`,
//! through `super::cel`'s subset of CEL). Not modelled: the string formats
//! `formats` leaves out, and the CEL beyond the subset.

use crate::builtin::validation::field::{self, BadValue, Errors, FieldError, child, index};
use crate::builtin::validation::{meta, names};
use crate::schema::Validator;
use crate::value::{Value, go_quote};
use std::sync::OnceLock;

/// Whether `text` matches `pattern` (Go's `regexp.MatchString`: anywhere
/// in the text unless anchored); `None` when the pattern does not compile.
pub type PatternMatcher = fn(pattern: &str, text: &str) -> Option<bool>;

static PATTERN_MATCHER: OnceLock<PatternMatcher> = OnceLock::new();

/// Gives the engine its regular expressions. The engine has no regular
/// expression engine of its own in the page's wasm (the `regex` crate's
/// tables do not fit its size budget): a front end gives one (the page,
/// JavaScript's `RegExp`). Natively the `regex` feature's is the default.
/// Without either, `pattern` is not checked.
pub fn set_pattern_matcher(matcher: PatternMatcher) {
    let _ = PATTERN_MATCHER.set(matcher);
}

fn pattern_matcher() -> Option<PatternMatcher> {
    #[cfg(feature = "regex")]
    let default: Option<PatternMatcher> = Some(|pattern, text| {
        let re = regex::Regex::new(pattern).ok()?;
        Some(re.is_match(text))
    });
    #[cfg(not(feature = "regex"))]
    let default: Option<PatternMatcher> = None;
    PATTERN_MATCHER.get().copied().or(default)
}

/// Answers a build without this feature (see `crd/delegated.rs`): the
/// request `[crd, apiVersion, kind, old, new, status]` as JSON; the
/// refusal's message, or `None` when the write passes (or the request
/// cannot be read).
pub fn answer_delegated(request: &str) -> Option<String> {
    let request = Value::from_json_str(request).ok()?;
    let [crd, api_version, kind, old, new, status] = request.as_list()?.as_slice() else {
        return None;
    };
    let text = |v: &Value| v.as_str().unwrap_or("").to_string();
    // The version's validation alone: none of the merge's schema is built.
    let validator =
        CustomResourceValidation::of(&super::served(crd, &text(api_version), &text(kind)).ok()?);
    let old = (!old.is_null()).then_some(old);
    let answer = match (old, status.as_bool()) {
        (Some(old), Some(true)) => validator.validate_status(old, new),
        _ => validator.validate(old, new),
    };
    answer.err()
}

/// The validation of one custom resource kind (one served version).
#[derive(Debug)]
pub(super) struct CustomResourceValidation {
    /// `Thing.example.com`, as `NewInvalid` names the kind.
    pub group_kind: String,
    /// The version's `openAPIV3Schema`.
    pub schema: Value,
    /// The version's scale subresource (`specReplicasPath`,
    /// `statusReplicasPath`, `labelSelectorPath`).
    pub scale: Option<Value>,
}

impl CustomResourceValidation {
    /// The validation of a CRD's served version.
    pub(super) fn of(served: &super::Served<'_>) -> Self {
        CustomResourceValidation {
            group_kind: format!("{}.{}", served.kind, served.group),
            schema: served.node.clone(),
            scale: served
                .version
                .get("subresources")
                .or_else(|| served.spec.get("subresources"))
                .and_then(|s| s.get("scale"))
                .filter(|s| s.is_map())
                .cloned(),
        }
    }
}

impl Validator for CustomResourceValidation {
    fn validate(&self, old: Option<&Value>, new: &Value) -> Result<(), String> {
        // customResourceValidator.Validate / ValidateUpdate: the metadata
        // (a DNS subdomain name on create), then the schema.
        let mut errs = match old {
            None => meta::object_meta(new, meta::NameRule::Subdomain, false),
            Some(_) => meta::object_meta(new, meta::NameRule::PathSegment, false),
        };
        let mut walk = SchemaWalk {
            errs: &mut errs,
            prefix: "",
        };
        walk.value(&self.schema, new, old, "");
        scale(&mut errs, self.scale.as_ref(), new, true);
        self.lists_and_rules(&mut errs, new, old, true);
        refusal(&self.group_kind, new, &errs)
    }

    /// `ValidateStatusUpdate`: the metadata, and the status against the
    /// status's own schema (its messages name the field without `status.`,
    /// the paths with it).
    fn validate_status(&self, old: &Value, new: &Value) -> Result<(), String> {
        let mut errs = meta::object_meta(new, meta::NameRule::PathSegment, false);
        if let (Some(status), Some(schema)) = (
            new.get("status"),
            self.schema.get_path(&["properties", "status"]),
        ) {
            let mut walk = SchemaWalk {
                errs: &mut errs,
                prefix: "status",
            };
            walk.value(schema, status, old.get("status"), "");
        }
        scale(&mut errs, self.scale.as_ref(), new, false);
        self.lists_and_rules(&mut errs, new, Some(old), false);
        refusal(&self.group_kind, new, &errs)
    }
}

impl CustomResourceValidation {
    /// What the strategies check after the validator: the embedded
    /// resources (with `embedded`; a status write checks none), the list
    /// types (on an update only when the old object
    /// passes), then the CEL rules unless an error so far blocks them.
    fn lists_and_rules(
        &self,
        errs: &mut Vec<FieldError>,
        new: &Value,
        old: Option<&Value>,
        embedded: bool,
    ) {
        let mut lists = Vec::new();
        if let Some(old) = old {
            structure(&self.schema, old, "", None, &mut lists);
        }
        let old_lists_pass = lists.is_empty();
        lists.clear();
        let mut found = Vec::new();
        structure(
            &self.schema,
            new,
            "",
            embedded.then_some(&mut found),
            &mut lists,
        );
        errs.append(&mut found);
        if old_lists_pass {
            errs.append(&mut lists);
        }
        if has_rules(&self.schema) {
            if errs.iter().any(FieldError::blocks_rules) {
                errs.invalid(
                    "",
                    BadValue::Json("null".to_string()),
                    "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
                );
            } else {
                rules(errs, &self.schema, new, old, old, "");
            }
        }
    }
}

fn refusal(group_kind: &str, new: &Value, errs: &[FieldError]) -> Result<(), String> {
    let name = new
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    field::invalid_message(group_kind, name, errs).map_or(Ok(()), Err)
}

/// The bad value of a field error as `ErrorBody` prints it.
fn bad(value: &Value) -> BadValue {
    match value {
        Value::String(s) => BadValue::str(s),
        Value::Int(i) => BadValue::Int(*i),
        Value::Float(f) => BadValue::Json(crate::yaml::go_format_g(*f, false)),
        // A nil `Value` becomes "" (`kubeOpenAPIResultToFieldErrors`).
        Value::Null => BadValue::str(""),
        other => BadValue::Json(other.to_json_sorted()),
    }
}

/// The JSON type kube-openapi infers for a value (`schemaInfoForType`),
/// with the format it infers for numbers.
fn json_type(value: &Value) -> (&'static str, &'static str) {
    match value {
        Value::Null => ("null", ""),
        Value::Bool(_) => ("boolean", ""),
        Value::Int(_) => ("integer", "int64"),
        Value::Float(_) => ("number", "float64"),
        Value::String(_) => ("string", ""),
        Value::List(_) => ("array", ""),
        Value::Map(_) => ("object", ""),
    }
}

/// swag's `IsFloat64AJSONInteger`: a whole number within ±2^53, or within
/// a relative 1e-9 of one.
fn is_json_integer(f: f64) -> bool {
    const MAX: f64 = 9_007_199_254_740_992.0;
    if !f.is_finite() || !(-MAX..=MAX).contains(&f) {
        return false;
    }
    let g = f.trunc();
    f == g || (f - g).abs() / (f.abs() + g.abs()) < 1e-9
}

/// A number as kube-openapi holds it: an `int64` or a `float64`.
#[derive(Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64),
}

impl Number {
    fn as_f64(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }
}

/// `IsValueValidAgainstRange`: whether `n`, written as swag writes it,
/// parses as the type and format (`ParseInt` of 64 or 32 bits, `ParseFloat`
/// of 32 bits for `float`); the error names `what` and `path`.
fn range_error(n: Number, type_name: &str, format: &str, what: &str, path: &str) -> Option<String> {
    let fits = match (type_name, format, n) {
        ("integer", "int32", Number::Int(i)) => i32::try_from(i).is_ok(),
        ("integer", _, Number::Int(_)) => true,
        ("integer", "int32", Number::Float(f)) => {
            f.fract() == 0.0 && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&f)
        }
        // 2^63 itself does not fit.
        ("integer", _, Number::Float(f)) => {
            f.fract() == 0.0 && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&f)
        }
        (_, "float", Number::Float(f)) => (f as f32).is_finite(),
        _ => true,
    };
    (!fits).then(|| {
        let type_name = if type_name.is_empty() {
            "number"
        } else {
            type_name
        };
        if format.is_empty() {
            format!("{what} value must be of type {type_name} (default format) in {path}")
        } else {
            format!("{what} value must be of type {type_name} with format {format} in {path}")
        }
    })
}

/// The failing alternative of `anyOf` or `oneOf` that matched most: its
/// match count and errors.
type BestFailure = Option<(usize, Vec<FieldError>)>;

/// One walk of a value with its schema (kube-openapi's `SchemaValidator`).
struct SchemaWalk<'e> {
    errs: &'e mut Vec<FieldError>,
    /// The path the validated value is at (`status` for a status write):
    /// the field errors' paths start with it, the messages do not.
    prefix: &'e str,
}

impl SchemaWalk<'_> {
    /// The field error's path of kube-openapi's `name`.
    fn path(&self, name: &str) -> String {
        let name = name.trim_start_matches('.');
        match (self.prefix, name) {
            ("", name) => name.to_string(),
            (prefix, "") => prefix.to_string(),
            (prefix, name) => child(prefix, name),
        }
    }

    fn invalid(&mut self, name: &str, value: BadValue, message: String) {
        let path = self.path(name);
        self.errs.invalid(path, value, &message);
    }

    /// An error that is not a kube-openapi `Validation` (a number's range):
    /// `field.Invalid` at the walk's own path, with an empty value.
    fn plain(&mut self, message: String) {
        self.errs
            .invalid(self.prefix.to_string(), BadValue::str(""), &message);
    }

    /// `errors.InvalidType`, a type error: `field.TypeInvalid` (a format's
    /// too, whose "type" is the format and whose value is the string).
    fn type_invalid(&mut self, name: &str, type_name: &str, found: &str) {
        let message = format!(
            "{name} in body must be of type {type_name}: {}",
            go_quote(found)
        );
        let path = self.path(name);
        self.errs
            .push(field::type_invalid(path, BadValue::str(found), &message));
    }

    /// Validates `value` at `name` (kube-openapi's path: `spec.ports[0]`)
    /// with `schema`; `old` is its correlated old value on an update.
    /// Returns kube-openapi's match count of the value (`Result.MatchCount`:
    /// one per validator that applied and per check it passed), which
    /// picks the alternative whose errors `anyOf` and `oneOf` report.
    fn value(&mut self, schema: &Value, value: &Value, old: Option<&Value>, name: &str) -> usize {
        let start = self.errs.len();
        let (types, format) = types_and_format(schema);
        let typed = |walk: &mut Self| {
            let before = walk.errs.len();
            walk.type_check(&types, format, schema, value, name);
            usize::from(walk.errs.len() == before)
        };
        let count = if value.is_null() {
            // A nil value meets the type and common validators alone.
            let count = typed(self);
            self.enumeration(schema, value, name);
            count
        } else {
            let mut count = 1;
            if !types.is_empty() || !format.is_empty() {
                count += typed(self) + 1;
            }
            count += self.junctors(schema, value, old, name) + 1;
            match value {
                Value::String(s) => {
                    self.string(schema, s, name);
                    count += 1;
                    if STRING_FORMATS.contains(&format.replace('-', "").as_str()) {
                        self.format(format, s, name);
                        count += 1;
                    }
                }
                Value::Int(i) => {
                    self.number(schema, &types, format, Number::Int(*i), value, name);
                    count += 2;
                }
                Value::Float(f) => {
                    self.number(schema, &types, format, Number::Float(*f), value, name);
                    count += 2;
                }
                Value::List(items) => count += self.array(schema, items, old, name) + 2,
                _ => {}
            }
            self.enumeration(schema, value, name);
            count += 1;
            if let Value::Map(map) = value {
                count += self.object(schema, map, old, name) + 1;
            }
            count
        };
        // Ratcheting: what an unchanged value already had is let through.
        if self.errs.len() > start && old.is_some_and(|old| old == value) {
            self.errs.truncate(start);
        }
        count
    }

    /// `schemaPropsValidator`: `anyOf` (the first alternative that passes,
    /// else the errors of the one that matched most), `oneOf` (exactly one
    /// passing), `allOf` (every one's errors), `not`; their own messages are
    /// not kube-openapi `Validation`s (a field error without a path).
    /// Returns the validator's match count.
    fn junctors(
        &mut self,
        schema: &Value,
        value: &Value,
        old: Option<&Value>,
        name: &str,
    ) -> usize {
        let mut count = 1;
        let alternatives = |key: &str| {
            schema
                .get(key)
                .and_then(Value::as_list)
                .filter(|l| !l.is_empty())
        };
        let quoted = go_quote(name);
        if let Some(alternatives) = alternatives("anyOf") {
            let mut best: BestFailure = None;
            let mut passed: Option<usize> = None;
            for alternative in alternatives {
                let (matched, errs) = self.trial(alternative, value, old, name);
                if errs.is_empty() {
                    (best, passed) = (None, Some(matched));
                    break;
                }
                if best.as_ref().is_none_or(|(b, _)| matched > *b) {
                    best = Some((matched, errs));
                }
            }
            if passed.is_none() {
                self.plain(format!(
                    "{quoted} must validate at least one schema (anyOf)"
                ));
            }
            match (best, passed) {
                (Some((matched, errs)), _) => {
                    count += matched;
                    self.errs.extend(errs);
                }
                (None, Some(matched)) => count += matched,
                (None, None) => {}
            }
        }
        if let Some(alternatives) = alternatives("oneOf") {
            let mut best: BestFailure = None;
            let (mut first, mut valid) = (None, 0);
            for alternative in alternatives {
                let (matched, errs) = self.trial(alternative, value, old, name);
                if errs.is_empty() {
                    valid += 1;
                    best = None;
                    first.get_or_insert(matched);
                } else if valid == 0 && best.as_ref().is_none_or(|(b, _)| matched > *b) {
                    best = Some((matched, errs));
                }
            }
            if valid == 1 {
                count += first.unwrap_or(0);
            } else {
                let found = if valid == 0 {
                    "Found none valid".to_string()
                } else {
                    format!("Found {valid} valid alternatives")
                };
                self.plain(format!(
                    "{quoted} must validate one and only one schema (oneOf). {found}"
                ));
                if let Some((matched, errs)) = best {
                    count += matched;
                    self.errs.extend(errs);
                }
            }
        }
        if let Some(alternatives) = alternatives("allOf") {
            let mut valid = 0;
            for alternative in alternatives {
                let (matched, errs) = self.trial(alternative, value, old, name);
                valid += usize::from(errs.is_empty());
                count += matched;
                self.errs.extend(errs);
            }
            if valid != alternatives.len() {
                let none = if valid == 0 { ". None validated" } else { "" };
                self.plain(format!(
                    "{quoted} must validate all the schemas (allOf){none}"
                ));
            }
        }
        if let Some(not) = schema.get("not").filter(|n| n.is_map())
            && self.trial(not, value, old, name).1.is_empty()
        {
            self.plain(format!("{quoted} must not validate the schema (not)"));
        }
        count
    }

    /// Validates `value` with `schema` apart: its match count and errors.
    fn trial(
        &mut self,
        schema: &Value,
        value: &Value,
        old: Option<&Value>,
        name: &str,
    ) -> (usize, Vec<FieldError>) {
        let mark = self.errs.len();
        let matched = self.value(schema, value, old, name);
        (matched, self.errs.drain(mark..).collect())
    }

    /// `typeValidator.Validate`.
    fn type_check(
        &mut self,
        types: &[&str],
        format: &str,
        schema: &Value,
        value: &Value,
        name: &str,
    ) {
        if types.is_empty() && format.is_empty() {
            return;
        }
        let joined = types.join(",");
        let contains = |t: &str| types.contains(&t);
        if value.is_null() {
            let nullable = schema.get("nullable").and_then(Value::as_bool) == Some(true);
            if !types.is_empty() && !contains("null") && !nullable {
                self.type_invalid(name, &joined, "null");
            }
            return;
        }
        let (found, found_format) = json_type(value);
        let float_int =
            matches!(value, Value::Float(f) if is_json_integer(*f)) && contains("integer");
        let int_float = found == "integer" && contains("number");
        let lower = (format == "int64" && found_format == "int32")
            || (format == "float64" && found_format == "float32");
        let string_or_list = matches!(value, Value::String(_) | Value::List(_));
        // A format that the value's own type or format does not match.
        let format_matches = format.is_empty()
            || contains(found)
            || found_format == format
            || float_int
            || int_float
            || lower;
        if !string_or_list && !format_matches {
            self.type_invalid(name, format, found_format);
            return;
        }
        // A formatted string (or list) that is not meant to be a number.
        let numeric = contains("number") || contains("integer");
        if string_or_list && !numeric && !format.is_empty() {
            return;
        }
        if !(contains(found) || float_int || int_float) {
            self.type_invalid(name, &joined, found);
        }
    }

    /// `stringValidator`: the first of `maxLength`, `minLength`, `pattern`
    /// that fails.
    fn string(&mut self, schema: &Value, s: &str, name: &str) {
        let length = s.chars().count() as i64;
        if let Some(max) = schema.get("maxLength").and_then(Value::as_i64)
            && length > max
        {
            let path = self.path(name);
            let max = usize::try_from(max).unwrap_or(0);
            self.errs.push(field::too_long(&path, max));
        } else if let Some(min) = schema.get("minLength").and_then(Value::as_i64)
            && length < min
        {
            let message = format!("{name} in body should be at least {min} chars long");
            self.invalid(name, BadValue::str(s), message);
        } else if let Some(pattern) = schema.get("pattern").and_then(Value::as_str)
            && let Some(matches) = pattern_matcher()
            && matches(pattern, s) == Some(false)
        {
            let message = format!("{name} in body should match '{pattern}'");
            self.invalid(name, BadValue::str(s), message);
        }
    }

    /// `formatValidator`: a string in a format the registry knows
    /// (`super::formats`), refused as a type error naming the format.
    fn format(&mut self, format: &str, s: &str, name: &str) {
        if super::formats::valid(&format.replace('-', ""), s) == Some(false) {
            self.type_invalid(name, format, s);
        }
    }

    /// `numberValidator`: the value's own range, then `multipleOf`,
    /// `minimum`, `maximum`. A bound that fits the type and format compares
    /// natively (an integer value with the bound truncated to an integer);
    /// one that does not is an error of its own, and compares as floats.
    fn number(
        &mut self,
        schema: &Value,
        types: &[&str],
        format: &str,
        n: Number,
        value: &Value,
        name: &str,
    ) {
        // Only an unambiguous type (and its own formats) sets the range.
        let type_name = match types {
            [t @ ("integer" | "number")] => *t,
            _ => "",
        };
        let format = if type_name.is_empty() { "" } else { format };
        if let Some(e) = range_error(n, type_name, format, "Checked", name) {
            self.plain(e);
        }
        let bound = |key: &str| {
            schema.get(key).and_then(|b| match b {
                Value::Int(i) => Some(*i as f64),
                Value::Float(f) => Some(*f),
                _ => None,
            })
        };
        let flag = |key: &str| schema.get(key).and_then(Value::as_bool) == Some(true);
        if let Some(factor) = bound("multipleOf") {
            let range = range_error(Number::Float(factor), type_name, format, "MultipleOf", name);
            let native_int = match n {
                Number::Int(i) if range.is_none() => Some(i),
                _ => None,
            };
            if let Some(e) = range {
                self.plain(e);
            }
            self.multiple_of(native_int, n.as_f64(), factor, value, name);
        }
        for (key, exclusive, what, maximum) in [
            ("minimum", "exclusiveMinimum", "Minimum boundary", false),
            ("maximum", "exclusiveMaximum", "Maximum boundary", true),
        ] {
            let Some(limit) = bound(key) else { continue };
            let exclusive = flag(exclusive);
            let range = range_error(Number::Float(limit), type_name, format, what, name);
            // The limit as the comparison prints it: an int64, or a float64.
            let (fails, shown) = match n {
                Number::Int(i) if range.is_none() => {
                    let limit = limit as i64;
                    let fails = if maximum {
                        i > limit || (exclusive && i == limit)
                    } else {
                        i < limit || (exclusive && i == limit)
                    };
                    (fails, limit.to_string())
                }
                _ => {
                    let data = n.as_f64();
                    let fails = if maximum {
                        data > limit || (exclusive && data == limit)
                    } else {
                        data < limit || (exclusive && data == limit)
                    };
                    (fails, crate::yaml::go_format_g(limit, false))
                }
            };
            if let Some(e) = range {
                self.plain(e);
            }
            if fails {
                let relation = match (maximum, exclusive) {
                    (true, false) => "less than or equal to",
                    (true, true) => "less than",
                    (false, false) => "greater than or equal to",
                    (false, true) => "greater than",
                };
                let message = format!("{name} in body should be {relation} {shown}");
                self.invalid(name, bad(value), message);
            }
        }
    }

    /// `MultipleOfNativeType` (`int` given for an integer value whose
    /// factor fits the type), else `MultipleOf` on floats.
    fn multiple_of(&mut self, int: Option<i64>, data: f64, factor: f64, value: &Value, name: &str) {
        let (positive, multiple, shown) = match int {
            Some(i) => {
                let factor = factor as i64;
                (
                    factor > 0,
                    factor > 0 && i % factor == 0,
                    factor.to_string(),
                )
            }
            None => {
                let quotient = if factor < 1.0 {
                    1.0 / factor * data
                } else {
                    data / factor
                };
                (
                    factor > 0.0,
                    factor > 0.0 && is_json_integer(quotient),
                    crate::yaml::go_format_g(factor, false),
                )
            }
        };
        if !positive {
            let message =
                format!("factor MultipleOf declared for {name} must be positive: {shown}");
            let factor = match int {
                Some(_) => BadValue::Int(factor as i64),
                None => BadValue::Json(shown),
            };
            self.invalid(name, factor, message);
        } else if !multiple {
            let message = format!("{name} in body should be a multiple of {shown}");
            self.invalid(name, bad(value), message);
        }
    }

    /// `schemaSliceValidator`: the items, then `minItems`, `maxItems`.
    fn array(&mut self, schema: &Value, items: &[Value], old: Option<&Value>, name: &str) -> usize {
        let mut matched = 0;
        if let Some(item_schema) = schema.get("items").filter(|s| s.is_map()) {
            let old_items = OldItems::new(schema, old);
            for (i, item) in items.iter().enumerate() {
                let old_item = old_items.get(item, i);
                matched += self.value(item_schema, item, old_item, &index(name, i));
            }
        }
        let count = items.len();
        if let Some(min) = schema.get("minItems").and_then(Value::as_i64)
            && (count as i64) < min
        {
            let message = format!("{name} in body should have at least {min} items");
            self.invalid(name, BadValue::Int(count as i64), message);
        }
        if let Some(max) = schema.get("maxItems").and_then(Value::as_i64)
            && count as i64 > max
        {
            let path = self.path(name);
            self.errs.push(field::too_many(&path, count, max));
        }
        matched
    }

    /// `basicCommonValidator`: `enum` (a value converted to an enum value's
    /// Go type compares equal: an integer to a float, a float to an integer
    /// by truncation).
    fn enumeration(&mut self, schema: &Value, value: &Value, name: &str) {
        let Some(allowed) = schema.get("enum").and_then(Value::as_list) else {
            return;
        };
        if allowed.is_empty() || allowed.iter().any(|e| enum_matches(value, e)) {
            return;
        }
        let shown: Vec<String> = allowed
            .iter()
            .map(|e| match e {
                Value::String(s) => s.clone(),
                other => other.to_json_sorted(),
            })
            .collect();
        let shown: Vec<&str> = shown.iter().map(String::as_str).collect();
        let path = self.path(name);
        self.errs.not_supported(path, bad(value), &shown);
    }

    /// `objectValidator`: `minProperties`, `maxProperties`, the values of
    /// `additionalProperties`, the properties, then `required`.
    fn object(
        &mut self,
        schema: &Value,
        map: &crate::value::Map,
        old: Option<&Value>,
        name: &str,
    ) -> usize {
        let mut matched = 0;
        let count = map.len();
        if let Some(min) = schema.get("minProperties").and_then(Value::as_i64)
            && (count as i64) < min
        {
            let message = format!("{name} in body should have at least {min} properties");
            self.invalid(name, BadValue::Int(count as i64), message);
        }
        if let Some(max) = schema.get("maxProperties").and_then(Value::as_i64)
            && count as i64 > max
        {
            let path = self.path(name);
            self.errs.push(field::too_many(&path, count, max));
        }
        let properties = schema.get("properties").and_then(Value::as_map);
        let old_field = |key: &str| old.and_then(|o| o.get(key));
        let at = |key: &str| {
            if name.is_empty() {
                key.to_string()
            } else {
                child(name, key)
            }
        };
        if let Some(additional) = schema.get("additionalProperties").filter(|s| s.is_map()) {
            for (key, v) in map.iter() {
                if properties.is_none_or(|p| !p.contains_key(key)) {
                    matched += self.value(additional, v, old_field(key), &at(key));
                }
            }
        }
        for (key, property) in properties.into_iter().flatten() {
            if let Some(v) = map.get(key) {
                // The object's own apiVersion and kind are not correlated.
                let old = old_field(key)
                    .filter(|_| !(name.is_empty() && (key == "apiVersion" || key == "kind")));
                matched += self.value(property, v, old, &at(key));
            }
        }
        for key in schema
            .get("required")
            .and_then(Value::as_list)
            .into_iter()
            .flatten()
        {
            if let Some(key) = key.as_str()
                && !map.contains_key(key)
            {
                let path = self.path(&format!("{name}.{key}"));
                self.errs.required(path, "");
            }
        }
        matched
    }
}

/// The schema's types (`x-kubernetes-int-or-string`: integer and string)
/// and its format as apiextensions keeps it
/// (`StripUnsupportedFormatsPostProcessorForVersion`: an integer's
/// `int32`/`int64`, a number's `float`/`double`, a string's known ones).
fn types_and_format(schema: &Value) -> (Vec<&str>, &str) {
    let types = if schema
        .get("x-kubernetes-int-or-string")
        .and_then(Value::as_bool)
        == Some(true)
    {
        vec!["integer", "string"]
    } else {
        schema
            .get("type")
            .and_then(Value::as_str)
            .into_iter()
            .collect()
    };
    let format = schema.get("format").and_then(Value::as_str).unwrap_or("");
    let kept = match types.as_slice() {
        ["integer"] => matches!(format, "int32" | "int64"),
        ["number"] => matches!(format, "float" | "double"),
        [] | ["string"] => STRING_FORMATS.contains(&format.replace('-', "").as_str()),
        _ => false,
    };
    (types, if kept { format } else { "" })
}

/// The string formats apiextensions keeps (`supportedVersionedFormats`,
/// without their dashes): 1.0's, and 1.34's `k8s-short-name` and
/// `k8s-long-name`.
const STRING_FORMATS: [&str; 26] = [
    "bsonobjectid",
    "uri",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "cidr",
    "mac",
    "uuid",
    "uuid3",
    "uuid4",
    "uuid5",
    "isbn",
    "isbn10",
    "isbn13",
    "creditcard",
    "ssn",
    "hexcolor",
    "rgbcolor",
    "byte",
    "password",
    "date",
    "duration",
    "datetime",
    "k8sshortname",
    "k8slongname",
];

/// An update's old list items, found for a new item as
/// `correlateOldValueForChildAtNewIndex` finds them: by index, by the
/// map keys in a map list (through an index of the old items, so that a
/// long list is not searched once per item), none in a set or an atomic
/// list.
struct OldItems<'a> {
    list: &'a [Value],
    keys: Vec<&'a str>,
    /// The map list's old items by their keys.
    by_keys: Option<rustc_hash::FxHashMap<String, &'a Value>>,
    correlates: bool,
}

impl<'a> OldItems<'a> {
    fn new(schema: &'a Value, list: Option<&'a Value>) -> Self {
        let list = list.and_then(Value::as_list).map_or(&[][..], Vec::as_slice);
        let list_type = schema.get("x-kubernetes-list-type").and_then(Value::as_str);
        let keys = list_map_keys(schema);
        let by_keys = (list_type == Some("map")).then(|| {
            let mut by_keys = rustc_hash::FxHashMap::default();
            for old in list {
                by_keys.entry(map_key(&keys, old)).or_insert(old);
            }
            by_keys
        });
        OldItems {
            list,
            keys,
            by_keys,
            correlates: !matches!(list_type, Some("set" | "atomic")),
        }
    }

    fn get(&self, item: &Value, i: usize) -> Option<&'a Value> {
        match &self.by_keys {
            Some(by_keys) => by_keys.get(&map_key(&self.keys, item)).copied(),
            None if self.correlates => self.list.get(i),
            None => None,
        }
    }
}

/// A map list item's key values, as one text.
fn map_key(keys: &[&str], item: &Value) -> String {
    let values = keys
        .iter()
        .map(|k| item.get(k).cloned().unwrap_or_default());
    identity(&Value::List(values.collect()))
}

/// A value as Go tells map keys apart: its type and its JSON.
fn identity(value: &Value) -> String {
    format!("{}:{}", value.kind_name(), value.to_json_sorted())
}

fn list_map_keys(schema: &Value) -> Vec<&str> {
    schema
        .get("x-kubernetes-list-map-keys")
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

fn enum_matches(value: &Value, allowed: &Value) -> bool {
    match (value, allowed) {
        (Value::Int(i), Value::Float(f)) => *i as f64 == *f,
        (Value::Float(f), Value::Int(i)) => *f as i64 == *i,
        _ => value == allowed,
    }
}

/// `ValidateScaleSpec` (with `spec`) and `ValidateScaleStatus`: the
/// replicas at `specReplicasPath` and `statusReplicasPath` an int64 (absent
/// is 0) not negative and within an int32, the selector at
/// `labelSelectorPath` a string if there; a path is printed as the CRD
/// writes it (`.spec.replicas`).
fn scale(errs: &mut Vec<FieldError>, scale: Option<&Value>, object: &Value, spec: bool) {
    let Some(scale) = scale else {
        return;
    };
    let path = |key: &str| scale.get(key).and_then(Value::as_str);
    let keys = |path: &str| -> Vec<String> {
        path.trim_start_matches('.')
            .split('.')
            .map(str::to_string)
            .collect()
    };
    let replicas = if spec {
        vec![path("specReplicasPath"), path("statusReplicasPath")]
    } else {
        vec![path("statusReplicasPath")]
    };
    for path in replicas.into_iter().flatten() {
        let keys = keys(path);
        let at: Vec<&str> = keys.iter().map(String::as_str).collect();
        let (replicas, message) = match object.get_path(&at) {
            None => continue,
            Some(Value::Int(n)) if *n < 0 => (*n, "should be a non-negative integer".to_string()),
            Some(Value::Int(n)) if *n > i64::from(i32::MAX) => {
                (*n, format!("should be less than or equal to {}", i32::MAX))
            }
            Some(Value::Int(_)) => continue,
            Some(other) => (0, accessor_error(&at, other, "int64")),
        };
        errs.invalid(path.to_string(), BadValue::Int(replicas), &message);
    }
    if let Some(path) = path("labelSelectorPath") {
        let keys = keys(path);
        let at: Vec<&str> = keys.iter().map(String::as_str).collect();
        if let Some(other) = object.get_path(&at).filter(|v| v.as_str().is_none()) {
            errs.invalid(
                path.to_string(),
                BadValue::str(""),
                &accessor_error(&at, other, "string"),
            );
        }
    }
}

/// unstructured's `NestedInt64` / `NestedString` error for a value of
/// another type: `.spec.replicas accessor error: 3 is of the type string,
/// expected int64`.
fn accessor_error(keys: &[&str], value: &Value, expected: &str) -> String {
    let go_type = match value {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Int(_) => "int64",
        Value::Float(_) => "float64",
        Value::String(_) => "string",
        Value::List(_) => "[]interface {}",
        Value::Map(_) => "map[string]interface {}",
    };
    format!(
        ".{} accessor error: {} is of the type {go_type}, expected {expected}",
        keys.join("."),
        crate::typed::go_print::v_of(value, true)
    )
}

/// One walk of the object for two rules (both paths are `field.Path`s,
/// `[key]` under `additionalProperties`):
/// - `objectmeta.Validate` of the embedded resources
///   (`x-kubernetes-embedded-resource`): their `apiVersion` and `kind`
///   present and not empty, the kind a DNS label but for its case, their
///   metadata;
///   `embedded` is `None` when only the lists are wanted;
/// - `listtype.ValidateListSetsAndMaps`: no duplicate items in a
///   `x-kubernetes-list-type: set`, no two items with the same keys in a
///   `map` list.
fn structure(
    schema: &Value,
    value: &Value,
    path: &str,
    mut embedded: Option<&mut Vec<FieldError>>,
    lists: &mut Vec<FieldError>,
) {
    match value {
        Value::Map(map) => {
            if let Some(errs) = embedded.as_deref_mut()
                && schema
                    .get("x-kubernetes-embedded-resource")
                    .and_then(Value::as_bool)
                    == Some(true)
            {
                for key in ["apiVersion", "kind"] {
                    let at = child(path, key);
                    match map.get(key) {
                        None => errs.required(at, ""),
                        Some(Value::String(s)) if s.is_empty() => {
                            errs.invalid(at, BadValue::str(""), "must not be empty");
                        }
                        Some(Value::String(kind)) if key == "kind" => {
                            let problems = names::dns1035_label(&kind.to_ascii_lowercase());
                            if !problems.is_empty() {
                                let message = format!(
                                    "may have mixed case, but should otherwise match: {}",
                                    problems.join(",")
                                );
                                errs.invalid(at, BadValue::str(kind), &message);
                            }
                        }
                        Some(Value::String(_)) => {}
                        Some(other) => errs.invalid(at, bad(other), "must be a string"),
                    }
                }
                embedded_metadata(errs, map.get("metadata"), path);
            }
            let properties = schema.get("properties");
            let additional = schema.get("additionalProperties").filter(|a| a.is_map());
            for (key, v) in map.iter() {
                let (schema, at) = match (properties.and_then(|p| p.get(key)), additional) {
                    (Some(p), _) if path.is_empty() => (p, key.clone()),
                    (Some(p), _) => (p, child(path, key)),
                    (None, Some(a)) => (a, format!("{path}[{key}]")),
                    (None, None) => continue,
                };
                structure(schema, v, &at, embedded.as_deref_mut(), lists);
            }
        }
        Value::List(items) => {
            match schema.get("x-kubernetes-list-type").and_then(Value::as_str) {
                Some("set") => duplicates(lists, path, items),
                Some("map") => list_map(lists, schema, items, path),
                _ => {}
            }
            if let Some(item_schema) = schema.get("items") {
                for (i, item) in items.iter().enumerate() {
                    structure(
                        item_schema,
                        item,
                        &index(path, i),
                        embedded.as_deref_mut(),
                        lists,
                    );
                }
            }
        }
        _ => {}
    }
}

/// An embedded resource's metadata as `ValidateObjectMetaDeclaratively`
/// checks it there: a name (`fakename` when it has none) that is a path
/// segment, labels, annotations and the rest, at the resource's path.
fn embedded_metadata(errs: &mut Vec<FieldError>, metadata: Option<&Value>, path: &str) {
    let Some(Value::Map(metadata)) = metadata else {
        return;
    };
    let mut metadata = metadata.clone();
    if metadata
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("")
        .is_empty()
    {
        metadata.insert("name", Value::from("fakename"));
    }
    let mut resource = crate::value::Map::new();
    resource.insert("metadata", Value::Map(metadata));
    for mut e in meta::object_meta(&Value::Map(resource), meta::NameRule::PathSegment, false) {
        e.path = join(path, &e.path);
        errs.push(e);
    }
}

/// `validateListMap`: every item an object (or null), then the items
/// whose keys repeat, each shown as its keys.
fn list_map(errs: &mut Vec<FieldError>, schema: &Value, items: &[Value], path: &str) {
    if let Some(i) = items.iter().position(|x| !x.is_null() && !x.is_map()) {
        errs.invalid(
            index(path, i),
            bad(&items[i]),
            "must be an object for an array of list-type map",
        );
        return;
    }
    let key_fields = list_map_keys(schema);
    let keys: Vec<Value> = items
        .iter()
        .map(|x| {
            let mut key = crate::value::Map::new();
            for k in &key_fields {
                if let Some(v) = x.get(k) {
                    key.insert(*k, v.clone());
                }
            }
            Value::Map(key)
        })
        .collect();
    duplicates(errs, path, &keys);
}

/// `validateListSet`: a `Duplicate` at each value's second occurrence
/// (scalars told apart by type and value, compounds by their JSON).
fn duplicates(errs: &mut Vec<FieldError>, path: &str, items: &[Value]) {
    let mut seen: rustc_hash::FxHashMap<String, usize> = rustc_hash::FxHashMap::default();
    for (i, item) in items.iter().enumerate() {
        let times = seen.entry(identity(item)).or_insert(0);
        *times += 1;
        if *times == 2 {
            errs.duplicate(index(path, i), bad(item));
        }
    }
}

/// Whether any node of the schema has `x-kubernetes-validations` (without
/// them the strategy has no CEL validator).
fn has_rules(schema: &Value) -> bool {
    match schema {
        Value::Map(m) => m
            .iter()
            .any(|(k, v)| k == "x-kubernetes-validations" || has_rules(v)),
        Value::List(items) => items.iter().any(has_rules),
        _ => false,
    }
}

/// The CEL rules (`x-kubernetes-validations`) of every node the object
/// has, as apiextensions' `cel.Validator` runs them: a node's own rules in
/// order, then its properties' and items'. `old_self` is the old value a
/// transition rule reads (properties of maps that are not atomic, items of
/// map lists by their keys); `correlated` is what ratcheting compares with
/// (as the schema's own rules correlate): a rule without `oldSelf` that
/// fails on an unchanged value is let through. A rule outside
/// [`super::cel`]'s subset is not checked.
fn rules(
    errs: &mut Vec<FieldError>,
    schema: &Value,
    value: &Value,
    old_self: Option<&Value>,
    correlated: Option<&Value>,
    path: &str,
) {
    if value.is_null() {
        return;
    }
    let schema_type = schema.get("type").and_then(Value::as_str).unwrap_or("");
    let unchanged = correlated.is_some_and(|c| c == value);
    for rule in schema
        .get("x-kubernetes-validations")
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
    {
        let text = |k: &str| rule.get(k).and_then(Value::as_str).unwrap_or("").trim();
        let Some(expr) = super::cel::parse(text("rule")) else {
            continue;
        };
        let transition = super::cel::uses_old_self(&expr);
        if transition && old_self.is_none() {
            continue;
        }
        let mut scope = super::cel::Scope::new(value, old_self, pattern_matcher());
        // `ruleErrorString`: the message, else the rule.
        let named = if text("message").is_empty() {
            text("rule")
        } else {
            text("message")
        };
        let at = match text("fieldPath").trim_start_matches('.') {
            "" => path.to_string(),
            field => join(path, field),
        };
        let error = match super::cel::eval(&expr, &mut scope) {
            Ok(Value::Bool(true)) | Err(super::cel::Failure::Unsupported) => continue,
            Err(super::cel::Failure::Error(e)) => {
                errs.invalid(
                    path.to_string(),
                    BadValue::str(schema_type),
                    &format!("{e} evaluating rule: {named}"),
                );
                continue;
            }
            Ok(_) => {
                let evaluated = super::cel::parse(text("messageExpression"))
                    .and_then(|m| super::cel::eval(&m, &mut scope).ok());
                let detail = match evaluated {
                    Some(Value::String(m)) => m,
                    _ if text("message").is_empty() => format!("failed rule: {named}"),
                    _ => named.to_string(),
                };
                let bad = match schema_type {
                    "object" | "array" => None,
                    _ => Some(bad(value)),
                };
                match (text("reason"), bad) {
                    ("FieldValueForbidden", _) => field::forbidden(at, &detail),
                    ("FieldValueRequired", _) => field::required(at, &detail),
                    ("FieldValueDuplicate", Some(v)) => field::duplicate(at, v),
                    (_, Some(v)) => field::invalid(at, v, &detail),
                    (_, None) => field::invalid_omitted(at, &detail),
                }
            }
        };
        if transition || !unchanged {
            errs.push(error);
        }
    }
    match value {
        Value::Map(map) => {
            let properties = schema.get("properties");
            let additional = schema.get("additionalProperties").filter(|a| a.is_map());
            let atomic =
                schema.get("x-kubernetes-map-type").and_then(Value::as_str) == Some("atomic");
            for (key, v) in map.iter() {
                let (child_schema, at) = match (properties.and_then(|p| p.get(key)), additional) {
                    (Some(p), _) => (p, join(path, key)),
                    (None, Some(a)) => (a, format!("{path}[{key}]")),
                    (None, None) => continue,
                };
                let old_self = old_self.and_then(|o| o.get(key)).filter(|_| !atomic);
                let correlated = correlated.and_then(|o| o.get(key));
                rules(errs, child_schema, v, old_self, correlated, &at);
            }
        }
        Value::List(items) => {
            let Some(item_schema) = schema.get("items") else {
                return;
            };
            let map_list =
                schema.get("x-kubernetes-list-type").and_then(Value::as_str) == Some("map");
            let (old_selves, correlated) = (
                OldItems::new(schema, old_self.filter(|_| map_list)),
                OldItems::new(schema, correlated),
            );
            for (i, item) in items.iter().enumerate() {
                let old_self = old_selves.get(item, i);
                let correlated = correlated.get(item, i);
                rules(
                    errs,
                    item_schema,
                    item,
                    old_self,
                    correlated,
                    &index(path, i),
                );
            }
        }
        _ => {}
    }
}

/// `field.Path.Child`, from the root or not.
fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        child(path, key)
    }
}

#[cfg(test)]
mod tests;
