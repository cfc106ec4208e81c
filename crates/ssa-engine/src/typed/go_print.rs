//! How SMD's type errors print the offending value: the value is a
//! `*value.valueUnstructured` (an apply configuration or a custom object
//! is unstructured), printed with Go's `fmt` verbs (`typed/validate.go`,
//! `typed/helpers.go`): `%v` gives `&{...}`, `%#v` gives
//! `&value.valueUnstructured{Value:...}`, and `%T` of the unstructured
//! value names its Go type. Numbers print as `float64`: the API server
//! reads an apply body with `sigs.k8s.io/yaml`, whose JSON decoding makes
//! every number a `float64` (`12345678` prints `1.2345678e+07`).

use crate::value::{Value, go_quote};

/// `%v` of the SMD value.
pub(super) fn value_v(v: &Value) -> String {
    format!("&{{{}}}", v_of(v, false))
}

/// `%#v` of the SMD value.
pub(super) fn value_sharp_v(v: &Value) -> String {
    format!("&value.valueUnstructured{{Value:{}}}", sharp_v_of(v))
}

/// `%T` of the unstructured Go value.
pub(super) fn go_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Int(_) => "float64",
        Value::Float(_) => "float64",
        Value::String(_) => "string",
        Value::List(_) => "[]interface {}",
        Value::Map(_) => "map[string]interface {}",
    }
}

/// `%v` of an `interface{}` holding the value (maps with sorted keys, as
/// `fmt` prints them); with `ints`, a number whose text (as Go's encoder
/// sent it) reads as an int64 is one (`PreserveInts`), otherwise every
/// number is a float64.
pub(crate) fn v_of(v: &Value, ints: bool) -> String {
    match v {
        Value::Null => "<nil>".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Int(_) | Value::Float(_) if ints && crate::value::wire_int(v).is_some() => {
            v.to_json()
        }
        Value::Int(i) => go_float(*i as f64),
        Value::Float(f) => go_float(*f),
        Value::String(s) => s.clone(),
        Value::List(items) => {
            let parts: Vec<String> = items.iter().map(|v| v_of(v, ints)).collect();
            format!("[{}]", parts.join(" "))
        }
        Value::Map(m) => {
            let mut entries: Vec<(&String, &Value)> = m.iter().collect();
            crate::sort::sort_by(&mut entries, |a, b| a.0.cmp(b.0));
            let parts: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{k}:{}", v_of(v, ints)))
                .collect();
            format!("map[{}]", parts.join(" "))
        }
    }
}

/// `%#v` of an `interface{}` holding the value.
fn sharp_v_of(v: &Value) -> String {
    match v {
        Value::Null => "interface {}(nil)".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => go_float(*i as f64),
        Value::Float(f) => go_float(*f),
        Value::String(s) => go_quote(s),
        Value::List(items) => {
            let parts: Vec<String> = items.iter().map(sharp_v_of).collect();
            format!("[]interface {{}}{{{}}}", parts.join(", "))
        }
        Value::Map(m) => {
            let mut entries: Vec<(&String, &Value)> = m.iter().collect();
            crate::sort::sort_by(&mut entries, |a, b| a.0.cmp(b.0));
            let parts: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{}:{}", go_quote(k), sharp_v_of(v)))
                .collect();
            format!("map[string]interface {{}}{{{}}}", parts.join(", "))
        }
    }
}

/// A float64 as `%v` prints it (`strconv` `'g'` with the shortest digits):
/// `%e` form when the exponent is below -4 or at least 6. The YAML emitter
/// writes floats the same way.
fn go_float(f: f64) -> String {
    crate::yaml::go_format_g(f, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go's `fmt`: `%v` and `%#v` of values in an `interface{}` field.
    #[test]
    fn values_as_go_prints_them() {
        let v = Value::from_json_str(r#"{"b":[1,"x",null],"a":{"c":true}}"#).unwrap_or(Value::Null);
        assert_eq!(value_v(&v), "&{map[a:map[c:true] b:[1 x <nil>]]}");
        assert_eq!(
            value_sharp_v(&v),
            r#"&value.valueUnstructured{Value:map[string]interface {}{"a":map[string]interface {}{"c":true}, "b":[]interface {}{1, "x", interface {}(nil)}}}"#
        );
        assert_eq!(go_type(&Value::from("x")), "string");
        assert_eq!(value_v(&Value::Int(12345678)), "&{1.2345678e+07}");
        for (f, s) in [
            (1.5, "1.5"),
            (3.0, "3"),
            (1e20, "1e+20"),
            (100000.0, "100000"),
            (1234567.0, "1.234567e+06"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-2.5e-7, "-2.5e-07"),
        ] {
            assert_eq!(go_float(f), s, "{f}");
        }
    }

    /// `%+v` of the map sigs.k8s.io/json decodes a strategic merge patch
    /// into with `PreserveInts` (`handlers/patch.go` `strategicPatchObject`,
    /// quoted by `applyPatchToObject`'s refusal): integers are int64.
    #[test]
    fn patch_maps_keep_their_integers() {
        let v = Value::from_json_str(
            r#"{"spec":{"replicas":1.5,"n":10000000000,"f":1e10,"big":1e20}}"#,
        )
        .unwrap_or(Value::Null);
        assert_eq!(
            v_of(&v, true),
            "map[spec:map[big:1e+20 f:10000000000 n:10000000000 replicas:1.5]]"
        );
    }
}
