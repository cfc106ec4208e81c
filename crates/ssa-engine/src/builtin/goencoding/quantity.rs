//! resource.Quantity as its `MarshalJSON` prints it: always a string
//! (`cpu: 1` is stored as `"1"`), `"0"` when zero.
//!
//! Not modelled yet: the canonical form a Quantity is printed in when the
//! string it was read from is not canonical (`0.5` prints `500m`, `1000m`
//! prints `1`); such strings are kept as written.

use crate::value::{Value, format_float};

/// The printed form of `v`, a Quantity field's value; `Some` when it
/// differs from `v`.
pub(super) fn encode(v: &Value) -> Option<Value> {
    match v {
        Value::Null => Some(Value::from("0")),
        Value::Int(n) => Some(Value::String(n.to_string())),
        Value::Float(f) => Some(Value::String(format_float(*f))),
        _ => None,
    }
}

/// `Quantity.IsZero`.
pub(super) fn is_zero(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Int(n) => *n == 0,
        Value::Float(f) => *f == 0.0,
        Value::String(s) => s
            .trim_start_matches(['+', '-'])
            .chars()
            .all(|c| c == '0' || c == '.'),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_strings() {
        assert_eq!(encode(&Value::Int(2)), Some(Value::from("2")));
        assert_eq!(encode(&Value::Float(0.5)), Some(Value::from("0.5")));
        assert_eq!(encode(&Value::Null), Some(Value::from("0")));
        assert_eq!(encode(&Value::from("500m")), None);
        assert!(is_zero(&Value::from("0")) && is_zero(&Value::Int(0)));
        assert!(!is_zero(&Value::from("1")) && !is_zero(&Value::from("0.1")));
    }
}
