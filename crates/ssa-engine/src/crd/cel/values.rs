//! A custom resource's value as CEL sees it, after apiserver's
//! `UnstructuredToVal` (`pkg/cel/common/valuesunstructured.go`): the
//! schema types the value. A string of format `duration` is a duration,
//! of format `date` or `date-time` a timestamp; a whole number in a
//! `number` field is a double; a null property of an object with
//! properties is absent (`has()` is false, selecting it is `no such
//! key`). Property names are selected escaped (`self.foo__dash__bar` for
//! `foo-bar`, `escaping.go`), which [`unescape`] undoes.

use super::time::{duration_value, go_duration_nanos, timestamp_value, timestamp_value_at};
use crate::builtin::goencoding::time::{days_from_civil, rfc3339_unix_offset};
use crate::value::Value;

/// The value typed by its schema, ready for a rule's `self` or `oldSelf`.
pub(in crate::crd) fn typed(value: &Value, schema: &Value) -> Value {
    let get = |key: &str| schema.get(key);
    if get("x-kubernetes-int-or-string").and_then(Value::as_bool) == Some(true) {
        return value.clone();
    }
    match value {
        Value::Map(map) => {
            let properties = get("properties").filter(|p| p.is_map());
            let embedded =
                get("x-kubernetes-embedded-resource").and_then(Value::as_bool) == Some(true);
            let additional = get("additionalProperties").filter(|a| a.is_map());
            let mut out = crate::value::Map::new();
            for (key, v) in map.iter() {
                let child = properties.and_then(|p| p.get(key));
                if (properties.is_some() || embedded) && v.is_null() {
                    continue;
                }
                let v = match (child, additional) {
                    (Some(s), _) | (None, Some(s)) => typed(v, s),
                    (None, None) => v.clone(),
                };
                out.insert(key.as_str(), v);
            }
            Value::Map(out)
        }
        Value::List(items) => match get("items") {
            Some(item) => Value::List(items.iter().map(|i| typed(i, item)).collect()),
            None => value.clone(),
        },
        Value::String(text) => match get("format").and_then(Value::as_str) {
            Some("duration") => {
                go_duration_nanos(text).map_or_else(|| value.clone(), duration_value)
            }
            Some("date") => full_date(text)
                .map(|days| timestamp_value(days * 86_400, 0))
                .unwrap_or_else(|| value.clone()),
            Some("date-time") => strfmt_date_time(text)
                .map(|(secs, nanos, offset)| timestamp_value_at(secs, nanos, offset))
                .unwrap_or_else(|| value.clone()),
            // `strfmt.Base64` decodes with the URL alphabet: bytes; a text
            // it refuses is an error wherever a rule reads it.
            Some("byte") => match crate::yaml::decode_base64_url(text) {
                Ok(_) => super::bytes_value(text),
                Err(at) => super::unreadable(format!(
                    "Invalid byte formatted string {text}: illegal base64 data at input byte {at}"
                )),
            },
            _ => value.clone(),
        },
        Value::Int(i) if get("type").and_then(Value::as_str) == Some("number") => {
            Value::Float(*i as f64)
        }
        _ => value.clone(),
    }
}

/// `cel.Unescape`: `__dash__`, `__dot__`, `__slash__`,
/// `__underscores__` and a reserved word as `__in__`, back to the
/// property name; `None` for an unknown escape.
pub(super) fn unescape(escaped: &str) -> Option<String> {
    if !escaped.contains("__") {
        return Some(escaped.to_string());
    }

    let mut out = String::new();
    let mut rest = escaped;
    // `(_{2}[^_]+_{2})`, leftmost first, as Go's ReplaceAllStringFunc.
    while let Some(start) = rest.find("__") {
        let after = &rest[start + 2..];
        let len = after.bytes().take_while(|&b| b != b'_').count();
        if len == 0 || !after[len..].starts_with("__") {
            out.push_str(&rest[..start + 1]);
            rest = &rest[start + 1..];
            continue;
        }
        out.push_str(&rest[..start]);
        let contents = &after[..len];
        match contents {
            "underscores" => out.push_str("__"),
            "dot" => out.push('.'),
            "dash" => out.push('-'),
            "slash" => out.push('/'),
            // A reserved word is escaped only as the whole name.
            word if crate::crd::CEL_RESERVED.contains(&word) && len + 4 == escaped.len() => {
                out.push_str(word)
            }
            _ => return None,
        }
        rest = &after[len + 2..];
    }
    out.push_str(rest);
    Some(out)
}

/// `time.Parse("2006-01-02", …)`: days since the epoch.
fn full_date(text: &str) -> Option<i64> {
    let (year, month, day) = crate::crd::formats::full_date(text)?;
    Some(days_from_civil(year, month, day))
}

/// `strfmt.ParseDateTime`: its layouts (`RFC3339Micro`, `RFC3339Millis`,
/// `RFC3339`, `RFC3339Nano`) all read as `time.RFC3339` does (a fraction
/// of any length is read after the seconds), else `ISO8601LocalTime`, the
/// same without a zone (UTC); an empty text is the epoch.
fn strfmt_date_time(text: &str) -> Option<(i64, i64, i64)> {
    if text.is_empty() {
        return Some((0, 0, 0));
    }
    rfc3339_unix_offset(text).or_else(|| rfc3339_unix_offset(&format!("{text}Z")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn property_names_unescape_as_cel_unescape_does() {
        assert_eq!(unescape("foo__dash__bar").as_deref(), Some("foo-bar"));
        assert_eq!(unescape("a__dot__b__slash__c").as_deref(), Some("a.b/c"));
        assert_eq!(unescape("x__underscores__y").as_deref(), Some("x__y"));
        assert_eq!(unescape("__namespace__").as_deref(), Some("namespace"));
        assert_eq!(unescape("a__namespace__"), None);
        assert_eq!(unescape("a__bogus__b"), None);
        assert_eq!(unescape("plain_name").as_deref(), Some("plain_name"));
    }

    #[test]
    fn date_and_date_time_values_as_strfmt_reads_them() {
        assert_eq!(full_date("2024-03-01"), Some(19_783));
        assert_eq!(full_date("0001-01-01"), Some(-719_162));
        assert_eq!(full_date("2023-02-29"), None);
        // The offset is kept (a Go `time.Time`'s location).
        assert_eq!(
            strfmt_date_time("1970-01-01T01:00:00+01:00"),
            Some((0, 0, 3600))
        );
        assert_eq!(
            strfmt_date_time("2024-01-01T00:00:00"),
            Some((1_704_067_200, 0, 0))
        );
        assert_eq!(
            strfmt_date_time("2024-02-29T12:30:15.25Z"),
            Some((1_709_209_815, 250_000_000, 0))
        );
        assert_eq!(strfmt_date_time(""), Some((0, 0, 0)));
        assert_eq!(strfmt_date_time("2024-01-01T24:00:00Z"), None);
    }
}
