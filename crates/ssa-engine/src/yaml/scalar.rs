//! Plain scalars read with go-yaml v2's YAML 1.1 rules, as kubectl reads
//! them before it sends JSON to the API server.

use crate::value::{Value, format_float};
use yaml_rust2::parser::Tag;
use yaml_rust2::scanner::TScalarStyle;

/// The value of one scalar node.
pub(super) fn resolve(text: &str, style: TScalarStyle, tag: Option<&Tag>) -> Result<Value, String> {
    if let Some(tag) = tag
        && tag.handle == "tag:yaml.org,2002:"
    {
        return resolve_tagged(text, &tag.suffix);
    }
    if style != TScalarStyle::Plain {
        return Ok(Value::String(text.to_string()));
    }
    Ok(resolve_plain(text)?.unwrap_or_else(|| Value::String(text.to_string())))
}

fn resolve_tagged(text: &str, tag: &str) -> Result<Value, String> {
    let bad = || format!("cannot read {text:?} as !!{tag}");
    match tag {
        "str" | "binary" | "timestamp" => Ok(Value::String(text.to_string())),
        "null" => Ok(Value::Null),
        "bool" => match resolve_plain(text)? {
            Some(Value::Bool(b)) => Ok(Value::Bool(b)),
            _ => Err(bad()),
        },
        "int" => match resolve_plain(text)? {
            Some(v @ Value::Int(_)) => Ok(v),
            _ => Err(bad()),
        },
        "float" => match resolve_plain(text)? {
            Some(Value::Int(i)) => Ok(Value::Int(i)),
            Some(Value::Float(f)) => Ok(Value::Float(f)),
            _ => Err(bad()),
        },
        // Collection tags on scalars and unknown tags: read as untagged.
        _ => Ok(resolve_plain(text)?.unwrap_or_else(|| Value::String(text.to_string()))),
    }
}

/// A plain scalar that is not a string, or `None` for a string.
fn resolve_plain(text: &str) -> Result<Option<Value>, String> {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Ok(Some(Value::Null)),
        "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "true" | "True" | "TRUE" => {
            return Ok(Some(Value::Bool(true)));
        }
        "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "false" | "False" | "FALSE" => {
            return Ok(Some(Value::Bool(false)));
        }
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" | "-.inf" | "-.Inf" | "-.INF"
        | ".nan" | ".NaN" | ".NAN" => {
            // kubectl converts to JSON, which has no infinities or NaN.
            return Err(format!("{text} (infinity or NaN) cannot be sent as JSON"));
        }
        _ => {}
    }
    let first = text.as_bytes()[0];
    if !(first.is_ascii_digit() || first == b'-' || first == b'+' || first == b'.') {
        return Ok(None);
    }
    let plain: String = text.chars().filter(|&c| c != '_').collect();
    if let Some(i) = parse_go_int(&plain) {
        return Ok(Some(i));
    }
    if is_yaml_float(&plain)
        && let Ok(f) = plain.parse::<f64>()
    {
        return Ok(Some(float_as_json_number(f)));
    }
    Ok(None)
}

/// Go's `strconv.ParseInt(s, 0, 64)`: optional sign, then `0x`, `0o`,
/// `0b`, a leading `0` (octal) or decimal. Beyond int64, a uint64 and then
/// a float, as go-yaml falls back.
fn parse_go_int(s: &str) -> Option<Value> {
    let (neg, body) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if body.is_empty() {
        return None;
    }
    let (radix, digits) =
        if let Some(d) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            (16, d)
        } else if let Some(d) = body.strip_prefix("0o").or_else(|| body.strip_prefix("0O")) {
            (8, d)
        } else if let Some(d) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
            (2, d)
        } else if body.len() > 1 && body.starts_with('0') {
            (8, &body[1..])
        } else {
            (10, body)
        };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = u128::from_str_radix(digits, radix).ok()?;
    let signed = if neg {
        -(magnitude as i128)
    } else {
        magnitude as i128
    };
    if let Ok(i) = i64::try_from(signed) {
        Some(Value::Int(i))
    } else {
        Some(Value::Float(signed as f64))
    }
}

/// go-yaml's float pattern: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > start
    };
    if i < b.len() && b[i] == b'.' {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    } else {
        if !digits(&mut i) {
            return false;
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            digits(&mut i);
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// kubectl sends a float as JSON, where `1.0` is written `1` and read back
/// by the server as an integer.
fn float_as_json_number(f: f64) -> Value {
    if f == f.trunc() && f.abs() < 9.007_199_254_740_992e15 {
        Value::Int(f as i64)
    } else {
        Value::Float(f)
    }
}

/// A map key as sigs.k8s.io/yaml turns it into a JSON object key: strings
/// as they are, booleans `true`/`false`, numbers in Go's formatting.
pub(super) fn key_string(value: &Value, text: &str, style: TScalarStyle) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Int(i) => Ok(i.to_string()),
        Value::Float(f) => Ok(format_float(*f)),
        Value::Null if style != TScalarStyle::Plain => Ok(text.to_string()),
        Value::Null => Err("a map key cannot be null".to_string()),
        Value::List(_) | Value::Map(_) => Err("a map or list cannot be a map key".to_string()),
    }
}
