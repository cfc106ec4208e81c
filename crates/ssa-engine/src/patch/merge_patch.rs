//! JSON merge patch (RFC 7386): maps merge key by key, `null` deletes a
//! key, anything else (lists included) replaces.

use super::PatchError;
use crate::value::{Map, Value};

/// `target` with `patch` merged into it.
pub fn apply_merge_patch(target: &Value, patch: &Value) -> Result<Value, PatchError> {
    Ok(merge(Some(target), patch))
}

fn merge(target: Option<&Value>, patch: &Value) -> Value {
    let Value::Map(p) = patch else {
        return patch.clone();
    };
    let mut out = match target {
        Some(Value::Map(t)) => t.clone(),
        _ => Map::new(),
    };
    for (key, value) in p {
        if value.is_null() {
            out.remove(key);
        } else {
            let merged = merge(out.get(key), value);
            out.insert(key.clone(), merged);
        }
    }
    Value::Map(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples of RFC 7386, appendix A.
    #[test]
    fn rfc_7386_examples() {
        let cases = [
            (r#"{"a":"b"}"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
            (r#"{"a":"b"}"#, r#"{"b":"c"}"#, r#"{"a":"b","b":"c"}"#),
            (r#"{"a":"b"}"#, r#"{"a":null}"#, r#"{}"#),
            (r#"{"a":"b","b":"c"}"#, r#"{"a":null}"#, r#"{"b":"c"}"#),
            (r#"{"a":["b"]}"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
            (r#"{"a":"c"}"#, r#"{"a":["b"]}"#, r#"{"a":["b"]}"#),
            (
                r#"{"a":{"b":"c"}}"#,
                r#"{"a":{"b":"d","c":null}}"#,
                r#"{"a":{"b":"d"}}"#,
            ),
            (r#"{"a":[{"b":"c"}]}"#, r#"{"a":[1]}"#, r#"{"a":[1]}"#),
            (r#"["a","b"]"#, r#"["c","d"]"#, r#"["c","d"]"#),
            (r#"{"a":"b"}"#, r#"["c"]"#, r#"["c"]"#),
            (r#"{"a":"foo"}"#, "null", "null"),
            (r#"{"a":"foo"}"#, r#""bar""#, r#""bar""#),
            (r#"{"e":null}"#, r#"{"a":1}"#, r#"{"e":null,"a":1}"#),
            (r#"[1,2]"#, r#"{"a":"b","c":null}"#, r#"{"a":"b"}"#),
            (
                r#"{}"#,
                r#"{"a":{"bb":{"ccc":null}}}"#,
                r#"{"a":{"bb":{}}}"#,
            ),
        ];
        for (target, patch, expected) in cases {
            let got = apply_merge_patch(
                &Value::from_json_str(target).unwrap(),
                &Value::from_json_str(patch).unwrap(),
            )
            .unwrap();
            assert_eq!(
                got,
                Value::from_json_str(expected).unwrap(),
                "{target} + {patch}"
            );
        }
    }
}
