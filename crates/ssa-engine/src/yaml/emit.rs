//! Writing a value as block YAML, the way `kubectl get -o yaml` prints an
//! object: two-space indents, list items of maps inline after `- `, and
//! strings quoted only when they would read back as something else.

use crate::value::{Value, format_float};

/// The YAML text of `value`, ending with a newline.
pub fn to_yaml_string(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Map(m) if !m.is_empty() => write_map(value, 0, &mut out),
        Value::List(l) if !l.is_empty() => write_list(value, 0, &mut out),
        scalar => {
            out.push_str(&inline(scalar, 0));
            out.push('\n');
        }
    }
    out
}

fn indent(out: &mut String, n: usize) {
    for _ in 0..n {
        out.push(' ');
    }
}

fn write_map(value: &Value, depth: usize, out: &mut String) {
    let Value::Map(m) = value else { return };
    for (i, (k, v)) in m.iter().enumerate() {
        if i > 0 || !out.ends_with("- ") {
            indent(out, depth);
        }
        out.push_str(&quote_if_needed(k));
        out.push(':');
        write_child(v, depth, out);
    }
}

fn write_list(value: &Value, depth: usize, out: &mut String) {
    let Value::List(items) = value else { return };
    for item in items {
        indent(out, depth);
        out.push_str("- ");
        match item {
            Value::Map(m) if !m.is_empty() => write_map(item, depth + 2, out),
            Value::List(l) if !l.is_empty() => {
                out.push('\n');
                write_list(item, depth + 2, out);
            }
            scalar => {
                out.push_str(&inline(scalar, depth + 2));
                out.push('\n');
            }
        }
    }
}

/// The value after `key:`.
fn write_child(v: &Value, depth: usize, out: &mut String) {
    match v {
        Value::Map(m) if !m.is_empty() => {
            out.push('\n');
            write_map(v, depth + 2, out);
        }
        Value::List(l) if !l.is_empty() => {
            out.push('\n');
            write_list(v, depth, out);
        }
        scalar => {
            out.push(' ');
            out.push_str(&inline(scalar, depth + 2));
            out.push('\n');
        }
    }
}

fn inline(v: &Value, depth: usize) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => {
            let s = format_float(*f);
            // Keep a float a float when read back.
            if s.contains(['.', 'e']) {
                s
            } else {
                format!("{s}.0")
            }
        }
        Value::String(s) if s.contains('\n') && block_safe(s) => block_scalar(s, depth),
        Value::String(s) => quote_if_needed(s),
        Value::Map(_) => "{}".to_string(),
        Value::List(_) => "[]".to_string(),
    }
}

/// Whether a multi-line string can be written as a `|` block.
fn block_safe(s: &str) -> bool {
    !s.starts_with([' ', '\n'])
        && !s.ends_with("\n\n")
        && !s.contains('\r')
        && !s.chars().any(|c| c.is_control() && c != '\n' && c != '\t')
        && s.split('\n')
            .all(|line| line.is_empty() || !line.trim().is_empty())
}

fn block_scalar(s: &str, depth: usize) -> String {
    let chomp = if s.ends_with('\n') { "" } else { "-" };
    let mut out = format!("|{chomp}");
    let body = s.strip_suffix('\n').unwrap_or(s);
    for line in body.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            for _ in 0..depth {
                out.push(' ');
            }
            out.push_str(line);
        }
    }
    out
}

/// A string as a plain scalar when it reads back as the same string,
/// otherwise double-quoted.
fn quote_if_needed(s: &str) -> String {
    let plain_ok = !s.is_empty()
        && matches!(
            super::scalar::resolve(s, yaml_rust2::scanner::TScalarStyle::Plain, None),
            Ok(Value::String(_))
        )
        && !s.starts_with([
            ' ', '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"',
            '%', '@', '`',
        ])
        && !s.ends_with([' ', ':'])
        && !s.contains(": ")
        && !s.contains(" #")
        && !s.chars().any(|c| c.is_control())
        && s != "<<";
    if plain_ok {
        s.to_string()
    } else {
        Value::String(s.to_string()).to_json()
    }
}
