//! A value checked against its OpenAPI schema as kube-openapi's
//! `pkg/validation/validate` checks it (the validator apiextensions uses),
//! with its messages (`errors/schema.go`) turned into field errors as
//! `kubeOpenAPIResultToFieldErrors` (`apiserver/validation/validation.go`)
//! turns them. Per value, kube-openapi's validators run in
//! `NewSchemaValidator`'s order: type, the junctors (`anyOf`, `oneOf`,
//! `allOf`, `not`), string (`maxLength`, `minLength`, `pattern`: the first
//! failure only), the string's format (`super::super::formats`), number
//! (the value's range for its format, `multipleOf`, `minimum`, `maximum`),
//! array (items first, then `minItems`, `maxItems`), `enum`, object
//! (`minProperties`, `maxProperties`, the values of `additionalProperties`,
//! the properties, then `required`).
//!
//! An update is ratcheted: the errors found at a value that the update
//! leaves as it was, correlated with the old object (`super::correlation`),
//! are dropped.

use super::correlation::{OldItems, unchanged};
use super::{NIL_PATH, bad, join, pattern_matcher};
use crate::builtin::validation::field::{self, BadValue, Errors, FieldError, child, index};
use crate::value::{Value, go_quote};

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
pub(super) struct SchemaWalk<'e> {
    pub(super) errs: &'e mut Vec<FieldError>,
    /// The path the validated value is at (`status` for a status write):
    /// the field errors' paths start with it, the messages do not.
    pub(super) prefix: &'e str,
}

impl SchemaWalk<'_> {
    /// The field error's path of kube-openapi's `name`.
    fn path(&self, name: &str) -> String {
        let name = name.trim_start_matches('.');
        match (self.prefix, name) {
            // `ValidateCustomResource` is given no field path: an error at
            // the root (a junctor's, a format's range) prints Go's nil path.
            ("", "") => NIL_PATH.to_string(),
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
        let path = self.path("");
        self.errs.invalid(path, BadValue::str(""), &message);
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
    pub(super) fn value(
        &mut self,
        schema: &Value,
        value: &Value,
        old: Option<&Value>,
        name: &str,
    ) -> usize {
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
                    // The format validator applies to a format the
                    // registry knows: the one a string schema keeps.
                    if !format.is_empty() && matches!(types.as_slice(), [] | ["string"]) {
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
        if self.errs.len() > start && old.is_some_and(|old| unchanged(schema, old, value)) {
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
        } else if let Some(pattern) = schema.get("pattern").and_then(Value::as_str) {
            // kube-openapi's `Pattern`: Go's regexp, its error named
            // (a build without an engine still parses the pattern).
            let matched = match pattern_matcher() {
                Some(host) => crate::crd::regexp::match_string(host, pattern, s),
                None => crate::crd::regexp::compile_error(pattern).map_or(Ok(None), Err),
            };
            let failed = match matched {
                Err(e) => Some(format!("{pattern}, but pattern is invalid: {e}")),
                Ok(Some(false)) => Some(pattern.to_string()),
                Ok(_) => None,
            };
            if let Some(failed) = failed {
                let message = format!("{name} in body should match '{failed}'");
                self.invalid(name, BadValue::str(s), message);
            }
        }
    }

    /// `formatValidator`: a string in a format the registry knows
    /// (`super::formats`), refused as a type error naming the format.
    fn format(&mut self, format: &str, s: &str, name: &str) {
        if crate::crd::formats::valid(&format.replace('-', ""), s) == Some(false) {
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
                let old_item = old_items.get(item);
                matched += self.value(item_schema, item, old_item, &index(name, i));
            }
        }
        self.counts(schema, name, items.len(), ["minItems", "maxItems"], "items");
        matched
    }

    /// An array's (`minItems`, `maxItems`) or an object's
    /// (`minProperties`, `maxProperties`) count: too few is kube-openapi's
    /// own error, too many a `TooMany`.
    fn counts(&mut self, schema: &Value, name: &str, count: usize, keys: [&str; 2], unit: &str) {
        let limit = |key: &str| schema.get(key).and_then(Value::as_i64);
        if let Some(min) = limit(keys[0])
            && (count as i64) < min
        {
            let message = format!("{name} in body should have at least {min} {unit}");
            self.invalid(name, BadValue::Int(count as i64), message);
        }
        if let Some(max) = limit(keys[1])
            && count as i64 > max
        {
            let path = self.path(name);
            self.errs.push(field::too_many(&path, count, max));
        }
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
        // `NotSupported` gets the value as it is: a nil prints `null`
        // (only `Invalid` and `TypeInvalid` get "" for it).
        let value = match value {
            Value::Null => BadValue::Json("null".to_string()),
            other => bad(other),
        };
        self.errs.not_supported(path, value, &shown);
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
        self.counts(
            schema,
            name,
            map.len(),
            ["minProperties", "maxProperties"],
            "properties",
        );
        let properties = schema.get("properties").and_then(Value::as_map);
        let old_field = |key: &str| old.and_then(|o| o.get(key));
        let at = |key: &str| join(name, key);
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
pub(super) fn types_and_format(schema: &Value) -> (Vec<&str>, &str) {
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

pub(super) fn enum_matches(value: &Value, allowed: &Value) -> bool {
    match (value, allowed) {
        (Value::Int(i), Value::Float(f)) => *i as f64 == *f,
        (Value::Float(f), Value::Int(i)) => *f as i64 == *i,
        _ => value == allowed,
    }
}
